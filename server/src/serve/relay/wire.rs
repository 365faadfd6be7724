//! What servers say to each other through Redis's pub/sub about a table:
//! a socket's command relayed to the server running the table (a
//! [`Request`] on `virada:cmd:ID`, with a request id and the asking
//! server's token), and that server's [`Answer`] on the asker's
//! `virada:reply:TOKEN`. A command becomes text and back without its reply
//! channel: [`split`] keeps the channel on the asking side, [`join`] makes a
//! new one on the running side.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

use super::super::protocol::{Code, Refusal};
use super::super::table::{Command, Welcome};

/// A socket's command, without its reply channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Asked {
    /// `Command::Hello`.
    Hello {
        /// The seat's secret, when coming back.
        token: Option<String>,
        /// The page's signed-in account.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<super::super::saved::SeatAccount>,
    },
    /// `Command::Left`.
    Left {
        /// The seat.
        seat: usize,
    },
    /// `Command::Contribute`.
    Contribute {
        /// The sender's seat.
        seat: Option<usize>,
        /// The random value.
        random: String,
        /// The word.
        word: String,
    },
    /// `Command::Start`.
    Start {
        /// The sender's seat.
        seat: Option<usize>,
    },
    /// `Command::Again`.
    Again {
        /// The sender's seat.
        seat: Option<usize>,
    },
    /// `Command::Show`: the state frame again.
    Resync,
    /// `Command::NoThanks`.
    NoThanks {
        /// The sender's seat.
        seat: Option<usize>,
    },
    /// `Command::Stop`.
    Stop {
        /// The sender's seat.
        seat: Option<usize>,
        /// Resign or abort.
        how: super::super::saved::Stop,
    },
    /// `Command::Withdrew`.
    Withdrew {
        /// The account's id.
        account: String,
    },
    /// `Command::Move`.
    Move {
        /// The sender's seat.
        seat: Option<usize>,
        /// The ply the sender saw.
        ply: usize,
        /// The move.
        mv: String,
    },
    /// Every socket the asking server has at the table, all at once (so
    /// that saying it twice counts once): sent to each new holder, after a
    /// break in the channels, and when its spectators change. The holder
    /// counts its people present, its spectators, and sends it the table's
    /// frames from then on.
    Presence {
        /// Sockets in each seat.
        seats: [usize; 2],
        /// Each seat's token, once a socket sat there.
        tokens: [Option<String>; 2],
        /// Spectators' sockets.
        watching: usize,
        /// Whether the proxy sends the table's sockets to the asking server
        /// (a socket came with `X-Virada-Routed`): the lease may go there.
        home: bool,
    },
    /// The asking server has no socket at the table any more: the holder
    /// stops sending it the table's frames.
    Unlisten,
}

/// A relayed command.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Request {
    /// The asking server's token (where the answer goes).
    pub from: String,
    /// The asking server's number for this request.
    pub req: u64,
    /// The command.
    pub asked: Asked,
}

/// The running server's answer to a [`Request`].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Answer {
    /// The request's number.
    pub req: u64,
    /// The refusal's code (`stale-ply` …), absent when the command was taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The refusal's message.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
    /// `hello`'s seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// `hello`'s new token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// `hello`'s `state` frame.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
}

/// What comes on a server's own channel besides answers.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Notice {
    /// Table `take`'s lease was handed to this server: run it, and answer
    /// the requests its holder held back while handing it on.
    Take {
        /// The table.
        take: String,
        /// The requests that came while it was handed on.
        #[serde(default)]
        held: Vec<Request>,
    },
    /// The answer to one of this server's requests.
    Answer(Answer),
}

/// Where the answer to a split command goes.
pub enum Replier {
    /// `hello`'s.
    Welcome(oneshot::Sender<Result<Welcome, Refusal>>),
    /// The others'.
    Done(oneshot::Sender<Result<(), Refusal>>),
    /// `Left` and the bot's move wait for nothing.
    Nobody,
}

/// A command as text and where its answer goes; `None` for the bot's move,
/// which never leaves its server.
pub fn split(command: Command) -> Option<(Asked, Replier)> {
    Some(match command {
        Command::Hello {
            token,
            account,
            reply,
        } => (Asked::Hello { token, account }, Replier::Welcome(reply)),
        Command::Left { seat } => (Asked::Left { seat }, Replier::Nobody),
        Command::Show => (Asked::Resync, Replier::Nobody),
        Command::Withdrew { account } => (Asked::Withdrew { account }, Replier::Nobody),
        Command::Contribute {
            seat,
            random,
            word,
            reply,
        } => (
            Asked::Contribute { seat, random, word },
            Replier::Done(reply),
        ),
        Command::Start { seat, reply } => (Asked::Start { seat }, Replier::Done(reply)),
        Command::Again { seat, reply } => (Asked::Again { seat }, Replier::Done(reply)),
        Command::NoThanks { seat, reply } => (Asked::NoThanks { seat }, Replier::Done(reply)),
        Command::Stop { seat, how, reply } => (Asked::Stop { seat, how }, Replier::Done(reply)),
        Command::Move {
            seat,
            ply,
            mv,
            reply,
        } => (Asked::Move { seat, ply, mv }, Replier::Done(reply)),
        Command::Bot { .. } | Command::Flush { .. } => return None,
    })
}

/// The command again from its text and its reply channel (to send it once
/// more); `None` when they do not belong together.
pub fn unsplit(asked: Asked, replier: Replier) -> Option<Command> {
    Some(match (asked, replier) {
        (Asked::Hello { token, account }, Replier::Welcome(reply)) => Command::Hello {
            token,
            account,
            reply,
        },
        (Asked::Left { seat }, _) => Command::Left { seat },
        (Asked::Resync, _) => Command::Show,
        (Asked::Withdrew { account }, _) => Command::Withdrew { account },
        (Asked::Contribute { seat, random, word }, Replier::Done(reply)) => Command::Contribute {
            seat,
            random,
            word,
            reply,
        },
        (Asked::Start { seat }, Replier::Done(reply)) => Command::Start { seat, reply },
        (Asked::Again { seat }, Replier::Done(reply)) => Command::Again { seat, reply },
        (Asked::NoThanks { seat }, Replier::Done(reply)) => Command::NoThanks { seat, reply },
        (Asked::Stop { seat, how }, Replier::Done(reply)) => Command::Stop { seat, how, reply },
        (Asked::Move { seat, ply, mv }, Replier::Done(reply)) => Command::Move {
            seat,
            ply,
            mv,
            reply,
        },
        _ => return None,
    })
}

/// The command again, with a fresh reply channel whose answer [`Waiter`]
/// gives; `None` for what is no socket's command (presence).
pub fn join(asked: Asked) -> Option<(Command, Waiter)> {
    Some(match asked {
        Asked::Presence { .. } | Asked::Unlisten => return None,
        Asked::Hello { token, account } => {
            let (reply, answer) = oneshot::channel();
            let hello = Command::Hello {
                token,
                account,
                reply,
            };
            (hello, Waiter::Welcome(answer))
        }
        Asked::Left { seat } => (Command::Left { seat }, Waiter::Nothing),
        Asked::Resync => (Command::Show, Waiter::Nothing),
        Asked::Withdrew { account } => (Command::Withdrew { account }, Waiter::Nothing),
        Asked::Contribute { seat, random, word } => {
            let (reply, answer) = oneshot::channel();
            let command = Command::Contribute {
                seat,
                random,
                word,
                reply,
            };
            (command, Waiter::Done(answer))
        }
        Asked::Start { seat } => {
            let (reply, answer) = oneshot::channel();
            (Command::Start { seat, reply }, Waiter::Done(answer))
        }
        Asked::Again { seat } => {
            let (reply, answer) = oneshot::channel();
            (Command::Again { seat, reply }, Waiter::Done(answer))
        }
        Asked::NoThanks { seat } => {
            let (reply, answer) = oneshot::channel();
            (Command::NoThanks { seat, reply }, Waiter::Done(answer))
        }
        Asked::Stop { seat, how } => {
            let (reply, answer) = oneshot::channel();
            (Command::Stop { seat, how, reply }, Waiter::Done(answer))
        }
        Asked::Move { seat, ply, mv } => {
            let (reply, answer) = oneshot::channel();
            let command = Command::Move {
                seat,
                ply,
                mv,
                reply,
            };
            (command, Waiter::Done(answer))
        }
    })
}

/// The answer to a joined command, to come.
pub enum Waiter {
    /// `hello`'s.
    Welcome(oneshot::Receiver<Result<Welcome, Refusal>>),
    /// The others'.
    Done(oneshot::Receiver<Result<(), Refusal>>),
    /// None to wait for.
    Nothing,
}

impl Waiter {
    /// The answer for request `req`; `None` when nobody is to hear it (or
    /// the table ended before answering).
    pub async fn answer(self, req: u64) -> Option<Answer> {
        let refused = |r: Refusal| Answer {
            req,
            code: Some(r.code.as_str().to_string()),
            message: r.message,
            ..Answer::default()
        };
        match self {
            Waiter::Welcome(answer) => Some(match answer.await.ok()? {
                Ok(w) => Answer {
                    req,
                    seat: w.seat,
                    token: w.token,
                    state: Some(w.state.to_string()),
                    ..Answer::default()
                },
                Err(r) => refused(r),
            }),
            Waiter::Done(answer) => Some(match answer.await.ok()? {
                Ok(()) => Answer {
                    req,
                    ..Answer::default()
                },
                Err(r) => refused(r),
            }),
            Waiter::Nothing => None,
        }
    }
}

impl Replier {
    /// Hands `answer` to the socket that asked.
    pub fn reply(self, answer: Answer) {
        let refusal = answer.code.as_deref().map(|code| Refusal {
            code: code_of(code),
            message: answer.message.clone(),
        });
        match self {
            Replier::Welcome(reply) => {
                let _ = reply.send(match refusal {
                    Some(r) => Err(r),
                    None => Ok(Welcome {
                        seat: answer.seat,
                        token: answer.token,
                        state: Arc::from(answer.state.unwrap_or_default()),
                    }),
                });
            }
            Replier::Done(reply) => {
                let _ = reply.send(refusal.map_or(Ok(()), Err));
            }
            Replier::Nobody => {}
        }
    }

    /// Refuses the command (nobody running the table answered).
    pub fn refuse(self, refusal: Refusal) {
        match self {
            Replier::Welcome(reply) => {
                let _ = reply.send(Err(refusal));
            }
            Replier::Done(reply) => {
                let _ = reply.send(Err(refusal));
            }
            Replier::Nobody => {}
        }
    }
}

/// Every code a refusal may carry, to read one back from its text.
const CODES: [Code; 22] = [
    Code::BadMessage,
    Code::TooLarge,
    Code::BadVersion,
    Code::RateLimited,
    Code::BadHello,
    Code::BadToken,
    Code::NotSeated,
    Code::NotHost,
    Code::NotStarted,
    Code::Started,
    Code::NotOpen,
    Code::Closed,
    Code::Contributed,
    Code::BadRandom,
    Code::Over,
    Code::NotOver,
    Code::Declined,
    Code::NotYourTurn,
    Code::StalePly,
    Code::Illegal,
    Code::BadWord,
    Code::Storage,
];

/// The code whose text is `text` (`storage` for one this server does not
/// know: a newer server's).
fn code_of(text: &str) -> Code {
    CODES
        .into_iter()
        .find(|c| c.as_str() == text)
        .unwrap_or(Code::Storage)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_goes_over_as_text_and_its_refusal_comes_back() {
        let (reply, answer) = oneshot::channel();
        let command = Command::Move {
            seat: Some(1),
            ply: 7,
            mv: "f5".into(),
            reply,
        };
        let (asked, replier) = split(command).unwrap();
        let text = serde_json::to_string(&Request {
            from: "s".into(),
            req: 3,
            asked: asked.clone(),
        })
        .unwrap();
        let back: Request = serde_json::from_str(&text).unwrap();
        assert_eq!(back.asked, asked);
        let Some((Command::Move { ply, reply, .. }, waiter)) = join(back.asked) else {
            panic!("not a move");
        };
        assert_eq!(ply, 7);
        let _ = reply.send(Err(Refusal::new(Code::StalePly, "late")));
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let answered = rt.block_on(waiter.answer(3)).unwrap();
        let text = serde_json::to_string(&answered).unwrap();
        let Notice::Answer(back) = serde_json::from_str(&text).unwrap() else {
            panic!("an answer read as a notice: {text}");
        };
        replier.reply(back);
        let refusal = rt.block_on(answer).unwrap().unwrap_err();
        assert_eq!(refusal.code, Code::StalePly);
        assert_eq!(code_of("no-such-code"), Code::Storage);
    }

    #[test]
    fn a_handed_table_and_its_held_requests_go_over_as_a_notice() {
        let held = Request {
            from: "s".into(),
            req: 9,
            asked: Asked::Presence {
                seats: [1, 0],
                tokens: [Some("t".into()), None],
                watching: 2,
                home: true,
            },
        };
        let text = serde_json::to_string(&Notice::Take {
            take: "id".into(),
            held: vec![held],
        })
        .unwrap();
        let Notice::Take { take, held } = serde_json::from_str(&text).unwrap() else {
            panic!("a notice read as an answer: {text}");
        };
        assert_eq!((take.as_str(), held.len()), ("id", 1));
        assert!(matches!(held[0].asked, Asked::Presence { watching: 2, .. }));
        assert!(join(held[0].asked.clone()).is_none());
    }
}
