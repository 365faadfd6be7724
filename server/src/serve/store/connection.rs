//! The server's connections to Redis: redis' connection manager, whose
//! commands are tried once more when the connection itself failed.
//!
//! The manager reconnects only after a command failed on a dead
//! connection (RESP2 tells it nothing when Redis goes away), and answers
//! that command with the failure: after a Redis outage the first command
//! on each connection met `broken pipe` (or a reset, an end of file, or the
//! refusal kept from a reconnection tried while Redis was down), and the
//! request behind it answered 500 `storage`. Here such a command is sent
//! again at once, once, on the connection the manager makes anew, so the
//! first request after Redis is back is answered as usual. An answer from
//! Redis itself (an error reply) and a command timed out are never sent
//! again: Redis may have run a command that timed out. A reconnection is
//! tried twice, 0.1 s apart ([`config`]), not the manager's six times over
//! six seconds: while Redis is away a command is refused at once, as
//! before, rather than held through the manager's back-off.
//!
//! A command whose connection broke after Redis ran it is run twice: the
//! writes here are guarded (the move's script checks the ply, a lease is
//! set only when free or ours), so the second run is refused rather than
//! doubled, and the request is answered with that refusal.

use std::time::Duration;

use redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig};
use redis::{Cmd, Pipeline, RedisError, RedisFuture, Value};

/// How long a command may wait for Redis's answer.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(5);

/// The connection manager's settings: a command waits up to 5 s for its
/// answer (every write waits for Redis's fsync, `appendfsync always`, and
/// on a busy disk that can take longer than the client's default half
/// second; a write timed out is a write the server cannot vouch for), and
/// a lost connection is made again with one retry.
pub fn config() -> ConnectionManagerConfig {
    ConnectionManagerConfig::new()
        .set_response_timeout(Some(RESPONSE_TIMEOUT))
        .set_number_of_retries(1)
}

/// A connection to Redis that reconnects by itself; cheap to clone.
#[derive(Clone)]
pub struct Connection(ConnectionManager);

impl Connection {
    /// Wraps redis' connection manager.
    pub fn new(manager: ConnectionManager) -> Connection {
        Connection(manager)
    }
}

/// Whether `e` is the connection's own failure (broken pipe, reset, end of
/// file, refused), not Redis's answer nor a timeout.
pub fn connection_failed(e: &RedisError) -> bool {
    !e.is_timeout() && (e.is_connection_dropped() || e.is_connection_refusal())
}

impl ConnectionLike for Connection {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        Box::pin(async move {
            match self.0.req_packed_command(cmd).await {
                Err(e) if connection_failed(&e) => {
                    tracing::debug!("redis: {e}; sent again on a new connection");
                    self.0.req_packed_command(cmd).await
                }
                answer => answer,
            }
        })
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        cmd: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        Box::pin(async move {
            match self.0.req_packed_commands(cmd, offset, count).await {
                Err(e) if connection_failed(&e) => {
                    tracing::debug!("redis: {e}; sent again on a new connection");
                    self.0.req_packed_commands(cmd, offset, count).await
                }
                answer => answer,
            }
        })
    }

    fn get_db(&self) -> i64 {
        self.0.get_db()
    }
}

#[cfg(test)]
mod tests {
    use super::connection_failed;
    use redis::{ErrorKind, RedisError};
    use std::io;

    fn io(kind: io::ErrorKind) -> RedisError {
        RedisError::from(io::Error::new(kind, "test"))
    }

    #[test]
    fn only_the_connections_own_failures_are_sent_again() {
        for kind in [
            io::ErrorKind::BrokenPipe,
            io::ErrorKind::ConnectionReset,
            io::ErrorKind::ConnectionRefused,
            io::ErrorKind::UnexpectedEof,
        ] {
            assert!(connection_failed(&io(kind)), "{kind:?}");
        }
        assert!(!connection_failed(&io(io::ErrorKind::TimedOut)));
        let reply = RedisError::from((
            ErrorKind::Server(redis::ServerErrorKind::ResponseError),
            "ERR wrong",
        ));
        assert!(!connection_failed(&reply));
    }
}
