//! # virada-server
//!
//! The server of the Virada site, apart from the rules library it serves:
//! [`serve`] answers the site's files and runs the online table (HTTP and
//! WebSockets on tokio and axum, records in SQLite, signed with Ed25519), and
//! [`load`] drives scripted players against one such server, and [`trial`]
//! starts several servers over one Redis behind the shipped proxy on one
//! machine. The `virada` binary (the `cli/` crate) parses their arguments
//! and calls [`serve::run`], [`load::run`] and [`trial::run`]; [`version`]
//! names the build.

pub mod backup;
pub mod export;
pub mod load;
mod private;
pub mod serve;
pub mod trial;
pub mod version;
