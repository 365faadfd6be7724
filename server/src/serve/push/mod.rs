//! Web Push: a correspondence game's turn told to its person when no page
//! of the site is open.
//!
//! - `keys.rs`: the server's VAPID key pair (RFC 8292, P-256), made once and
//!   kept beside the signing key; its public half at `GET /api/push/key`.
//! - `subscriptions.rs`: an account's push subscriptions (the browser's
//!   `PushSubscription`: an https endpoint, a P-256 key and an auth
//!   secret), checked and kept in the accounts' store, at most
//!   [`subscriptions::MAX_SUBSCRIPTIONS`] an account; the routes
//!   `POST /api/push/subscribe` and `POST /api/push/unsubscribe`.
//! - `send.rs`: the message: RFC 8291's aes128gcm encryption
//!   (web-push-native), a VAPID token signed for the endpoint's origin
//!   (jwt-simple), a TTL as long as the move's window, sent by hyper's
//!   client off the move's path; a subscription the push service says is
//!   gone (404, 410) is removed.
//!
//! Pushed: a correspondence turn (under the other clocks the person to
//! move is at the table, its page open), and a tournament round's start,
//! to each of its two players (`round`). docs/accounts.md's "Web Push"
//! says what is sent and when.

mod keys;
mod routes;
mod send;
pub mod subscriptions;

use std::sync::Arc;

use virada::clock::TimeControl;

use super::accounts::Accounts;
use super::saved::{Holder, Saved, Status};

pub use keys::{fresh_secret, PushKeys, PUSH_KEY_FILE};
pub use routes::router;
pub use send::{Push, TurnMessage};

/// Tells the account whose turn it now is at a correspondence table, when
/// the move just played by `mover` made it theirs: a push to each of its
/// subscriptions, sent on a task of its own. Anything else (another clock,
/// the game over, the mover again after a pass, a guest's seat) sends
/// nothing.
pub fn turn(accounts: Option<&Arc<Accounts>>, saved: &Saved, mover: usize, to_move: usize) {
    let Some(push) = accounts.and_then(|a| a.push()) else {
        return;
    };
    let Some(TimeControl::Correspondence { days }) = saved.clock else {
        return;
    };
    if saved.status != Status::Playing || to_move == mover || to_move > 1 {
        return;
    }
    if !matches!(saved.seats[to_move], Holder::Person { .. }) {
        return;
    }
    let Some(account) = saved.players.accounts[to_move].as_ref() else {
        return;
    };
    let opponent = saved.players.accounts[mover]
        .as_ref()
        .map(|a| a.name.clone());
    let page = if saved.kind.name() == "nabucodonosor" {
        "nabu.html"
    } else {
        "index.html"
    };
    let message = send::TurnMessage {
        table: saved.id.clone(),
        opponent,
        url: format!("{page}?table={}", saved.id),
        tournament: None,
        round: None,
    };
    let ttl = u64::from(days) * 24 * 60 * 60;
    push.spawn_turn(account.id.clone(), message, ttl);
}

/// Tells `account` that their game of a tournament's round has started
/// (`message` names the table, the opponent, the tournament and the
/// round): a push to each of its subscriptions, kept by the push service
/// `ttl` seconds (until the forfeit, when it is no use any more).
pub fn round(accounts: Option<&Arc<Accounts>>, account: &str, message: TurnMessage, ttl: u64) {
    if let Some(push) = accounts.and_then(|a| a.push()) {
        push.spawn_turn(account.to_string(), message, ttl);
    }
}
