//! A player whose socket closed connects again, as the page does: at once
//! when its server said it restarts (close code 1012), and again a moment
//! later while the proxy finds no server for it; it sits again with its
//! seat's token, and its game goes on from the welcome's state. The two
//! players of a table are two devices: each connects again on its own,
//! while the other goes on reading its socket or connects again too.

use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::time::Instant;

use super::seat::{join, Player};
use super::tally::Counters;

/// How long a player tries to connect again.
const TRY_FOR: Duration = Duration::from_secs(10);
/// The wait between two tries.
const BETWEEN: Duration = Duration::from_millis(50);
/// The longest one try may take (connecting, and the welcome).
const ONE_TRY: Duration = Duration::from_secs(2);

/// Connects again to `url` with a seat's `token`: the new connection when
/// it sits again at `seat`, `None` when it could not.
pub(super) async fn rejoin(
    url: String,
    token: Option<String>,
    seat: usize,
    counters: &Counters,
) -> Option<Player> {
    let until = Instant::now() + TRY_FOR;
    loop {
        let tried = tokio::time::timeout(ONE_TRY, join(&url, counters, token.as_deref()))
            .await
            .unwrap_or_else(|_| Err("timed out".into()));
        match tried {
            Ok(again) if again.seat == seat => {
                // The new socket in place of the closed one (which the
                // table's slot counts when it gives up on the player).
                counters.open_sockets.fetch_sub(1, Ordering::Relaxed);
                counters.error("reconnected");
                return Some(again);
            }
            Ok(mut other) => {
                let _ = other.socket.close(None).await;
                counters.open_sockets.fetch_sub(1, Ordering::Relaxed);
                counters.error("reconnected-elsewhere");
                return None;
            }
            Err(_) if Instant::now() < until => tokio::time::sleep(BETWEEN).await,
            Err(e) => {
                counters.error(&format!("reconnect: {e}"));
                return None;
            }
        }
    }
}
