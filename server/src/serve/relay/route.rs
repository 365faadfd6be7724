//! A socket's command on its way: to the local actor when this server runs
//! the table (a reserved table runs here first), else relayed to the holder
//! and its answer awaited, sent again only when the holder changed; and this
//! server's sockets counted in their seats from their `hello`'s answers.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::oneshot;

use super::super::protocol::{Code, Refusal};
use super::super::table::{Command, Welcome};
use super::counters::Kind;
use super::front::{Front, Mode};
use super::{cmd_channel, lease, lock, wire};

/// How long a relayed command waits for the holder's answer before the
/// front looks at the lease: it sends the command again only when the
/// holder changed (or the lease lapsed).
const REPLY_WAIT: Duration = Duration::from_millis(1500);
/// How many times a relayed command waits [`REPLY_WAIT`] for a holder that
/// still holds the lease before it is sent again.
const SLOW_WAITS: usize = 20;
/// How many times a command is sent before it is refused (`storage`).
const TRIES: u8 = 6;
impl Front {
    /// Publishes a command for the holder, with request number `req` (0:
    /// no answer awaited).
    pub(super) fn relay_once(&self, asked: wire::Asked, req: u64) {
        let request = wire::Request {
            from: self.cluster.token.clone(),
            req,
            asked,
        };
        let Ok(text) = serde_json::to_string(&request) else {
            return;
        };
        let cluster = Arc::clone(&self.cluster);
        let channel = cmd_channel(&self.shared.id);
        tokio::spawn(async move { cluster.publish(Kind::Command, &channel, text).await });
    }

    /// Sends a socket's command to the actor, here or on the holder (a
    /// reserved table runs here first).
    pub(super) async fn route(&mut self, command: Command, tries: u8) {
        let command = if tries == 0 {
            self.track(command)
        } else {
            command
        };
        if matches!(self.mode, Mode::Reserved { .. }) {
            self.settle().await;
        }
        if let Some(local) = self.shared.local() {
            tokio::spawn(async move {
                let _ = local.send(command).await;
            });
            return;
        }
        let Some((asked, replier)) = wire::split(command) else {
            return;
        };
        self.listening = true;
        if matches!(replier, wire::Replier::Nobody) {
            self.relay_once(asked, 0);
            return;
        }
        if tries >= TRIES {
            replier.refuse(Refusal::new(
                Code::Storage,
                "the table's server did not answer; nothing happened",
            ));
            return;
        }
        let req = self.cluster.next.fetch_add(1, Ordering::Relaxed);
        let (waiting, answer) = oneshot::channel();
        lock(&self.cluster.pending).insert(req, waiting);
        self.relay_once(asked.clone(), req);
        let (cluster, retry) = (Arc::clone(&self.cluster), self.retry.clone());
        let (id, sent_to) = (self.shared.id.clone(), self.holder.clone());
        tokio::spawn(async move {
            let mut answer = answer;
            // A holder still holding the lease is slow, not gone: the
            // command is not sent twice (a move would come back stale).
            for _ in 0..SLOW_WAITS {
                match tokio::time::timeout(REPLY_WAIT, &mut answer).await {
                    Ok(Ok(answer)) => return replier.reply(answer),
                    Ok(Err(_)) => break,
                    Err(_) => {
                        let mut c = cluster.connection.clone();
                        let now = lease::holder(&mut c, &id).await.ok().flatten();
                        if sent_to.is_none() || now != sent_to {
                            break;
                        }
                    }
                }
            }
            lock(&cluster.pending).remove(&req);
            if let Some(command) = wire::unsplit(asked, replier) {
                let _ = retry.send((command, tries + 1));
            }
        });
    }

    /// Counts this server's sockets in their seats, from their `hello`'s
    /// answers and their `Left`.
    fn track(&self, command: Command) -> Command {
        match command {
            Command::Hello {
                token,
                account,
                reply,
            } => {
                let (inner, answer) = oneshot::channel::<Result<Welcome, Refusal>>();
                let shared = Arc::clone(&self.shared);
                let asked = token.clone();
                tokio::spawn(async move {
                    let Ok(answer) = answer.await else {
                        return;
                    };
                    if let Ok(welcome) = &answer {
                        if let Some(seat) = welcome.seat {
                            let mut presence = lock(&shared.presence);
                            presence.count[seat] += 1;
                            if let Some(t) = welcome.token.clone().or(asked) {
                                presence.token[seat] = Some(t);
                            }
                        }
                    }
                    let _ = reply.send(answer);
                });
                Command::Hello {
                    token,
                    account,
                    reply: inner,
                }
            }
            Command::Left { seat } => {
                let mut presence = lock(&self.shared.presence);
                presence.count[seat] = presence.count[seat].saturating_sub(1);
                Command::Left { seat }
            }
            other => other,
        }
    }
}
