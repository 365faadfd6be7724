//! The online table's messages, both ways, as JSON text frames over one
//! WebSocket a person or spectator. Every message carries the protocol
//! version `v` (now [`VERSION`]) and a `type`; docs/server.md describes each
//! with an example exchange. The server's first frame on every socket is
//! the `commitment` ([`commitment`]): the seed's fingerprint, sent before
//! the server reads anything.
//!
//! A frame over [`MAX_FRAME`] bytes, text that is not one of these messages,
//! or a message of another version gets an `error` reply with a code, and
//! the connection and the game carry on.

use serde::{Deserialize, Serialize};

/// The protocol's version: 2 since the seats contribute a random value
/// (`contribute`) and `hello` no longer carries a word.
pub const VERSION: u32 = 2;
/// The length of a contribution's random value, in hex characters.
pub const RANDOM_HEX: usize = 64;
/// The longest frame read, in bytes.
pub const MAX_FRAME: usize = 4096;

/// What a page may send.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: who this is. `token` is the seat's secret from an
    /// earlier `welcome` (absent for someone new).
    Hello {
        /// The protocol version.
        v: u32,
        /// The seat's secret, when coming back.
        #[serde(default)]
        token: Option<String>,
    },
    /// A seated person's contribution to the colour draw, once, while the
    /// contribution window is open: a random value the page drew after it
    /// had seen the fingerprint, and the person's word if any.
    Contribute {
        /// The protocol version.
        v: u32,
        /// 32 random bytes as 64 lowercase hex characters.
        random: String,
        /// The person's word (at most 256 bytes; absent or empty for none).
        #[serde(default)]
        word: Option<String>,
    },
    /// The host starts now: an empty seat goes to the bot.
    Start {
        /// The protocol version.
        v: u32,
    },
    /// A move for the sender's seat. `ply` is the number of moves already
    /// played (passes included) as the sender saw them: a move sent twice,
    /// or after the game moved on, is refused.
    Move {
        /// The protocol version.
        v: u32,
        /// Moves already played.
        ply: usize,
        /// The move as the game writes it: `f5`, `c3:e4`, `swap`.
        #[serde(rename = "move")]
        mv: String,
    },
    /// A seated person asks to play again, once the game is over: when
    /// every seated person has asked, a new table with the same settings
    /// opens with the same people in the same seats (`next` in the state).
    Again {
        /// The protocol version.
        v: u32,
    },
    /// A seated person answers "No thanks" to playing again: the offer
    /// ends (`declined` in the state) and the table is not played again.
    NoThanks {
        /// The protocol version.
        v: u32,
    },
    /// A seated person resigns: the game ends at once, the other seat
    /// wins, and the signed record says who resigned.
    Resign {
        /// The protocol version.
        v: u32,
    },
    /// A seated person aborts the game before both seats have moved: it
    /// ends with no result and is not rated.
    Abort {
        /// The protocol version.
        v: u32,
    },
    /// Asks for the server's clock, to correct the page's.
    Ping {
        /// The protocol version.
        v: u32,
        /// The page's own time, echoed back.
        t: f64,
    },
}

impl ClientMessage {
    /// The version the message says it speaks.
    pub fn version(&self) -> u32 {
        match self {
            ClientMessage::Hello { v, .. }
            | ClientMessage::Contribute { v, .. }
            | ClientMessage::Start { v }
            | ClientMessage::Again { v }
            | ClientMessage::NoThanks { v }
            | ClientMessage::Resign { v }
            | ClientMessage::Abort { v }
            | ClientMessage::Move { v, .. }
            | ClientMessage::Ping { v, .. } => *v,
        }
    }
}

/// Why a message was refused: a stable code the page translates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// Not JSON, or not one of the messages.
    BadMessage,
    /// Over [`MAX_FRAME`] bytes.
    TooLarge,
    /// Another protocol version.
    BadVersion,
    /// Too many messages too fast; this one was dropped.
    RateLimited,
    /// `hello` came twice, or something else came before it.
    BadHello,
    /// The token is not this table's.
    BadToken,
    /// Only a seated person may do that.
    NotSeated,
    /// Only the host (the first seat) may start.
    NotHost,
    /// The game has not started.
    NotStarted,
    /// The game has started.
    Started,
    /// A contribution before the contribution window opened (a seat is
    /// still free).
    NotOpen,
    /// A contribution after the window closed (the game has started).
    Closed,
    /// A second contribution from the same seat.
    Contributed,
    /// A contribution's random value is not 64 lowercase hex characters.
    BadRandom,
    /// The game is over.
    Over,
    /// `again` before the game is over.
    NotOver,
    /// `again` after a seat answered "No thanks".
    Declined,
    /// It is the other seat's turn.
    NotYourTurn,
    /// The move was sent for another ply (twice, or late).
    StalePly,
    /// The move breaks the rules.
    Illegal,
    /// The word is too long.
    BadWord,
    /// `abort` once both seats have moved (resign instead).
    Moved,
    /// The server could not keep the change; nothing happened.
    Storage,
}

impl Code {
    /// The code as sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BadMessage => "bad-message",
            Code::TooLarge => "too-large",
            Code::BadVersion => "bad-version",
            Code::RateLimited => "rate-limited",
            Code::BadHello => "bad-hello",
            Code::BadToken => "bad-token",
            Code::NotSeated => "not-seated",
            Code::NotHost => "not-host",
            Code::NotStarted => "not-started",
            Code::Started => "started",
            Code::NotOpen => "not-open",
            Code::Closed => "closed",
            Code::Contributed => "contributed",
            Code::BadRandom => "bad-random",
            Code::Over => "over",
            Code::NotOver => "not-over",
            Code::Declined => "declined",
            Code::NotYourTurn => "not-your-turn",
            Code::StalePly => "stale-ply",
            Code::Illegal => "illegal",
            Code::BadWord => "bad-word",
            Code::Moved => "moved",
            Code::Storage => "storage",
        }
    }
}

/// A refusal: its code and a plain English sentence (the page shows its own
/// translation of the code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The code.
    pub code: Code,
    /// What went wrong, in English.
    pub message: String,
}

impl Refusal {
    /// A refusal with a message.
    pub fn new(code: Code, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The `error` frame for it; `ply` is the game's current ply, so that a
    /// page can resynchronise.
    pub fn frame(&self) -> String {
        serde_json::json!({
            "v": VERSION,
            "type": "error",
            "code": self.code.as_str(),
            "message": self.message,
        })
        .to_string()
    }
}

/// The close code of a table's socket when its server stops (1012, the
/// WebSocket's "service restart"): the page reconnects at once, through
/// the proxy to the server that takes the table on, and says nothing of it.
pub const RESTART_CLOSE: u16 = 1012;

/// The first frame of every socket, sent before the server reads anything:
/// the table's id and its seed's fingerprint (the commitment).
pub fn commitment(id: &str, fingerprint: &str) -> String {
    serde_json::json!({
        "v": VERSION,
        "type": "commitment",
        "id": id,
        "fingerprint": fingerprint,
    })
    .to_string()
}

/// A contribution's random value: 32 bytes from 64 lowercase hex characters.
pub fn random_bytes(text: &str) -> Result<[u8; 32], Refusal> {
    let lower = text.len() == RANDOM_HEX
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    lower
        .then(|| virada::game::fairness::parse_hex32(text))
        .flatten()
        .ok_or_else(|| {
            Refusal::new(
                Code::BadRandom,
                "a random value is 64 lowercase hex characters",
            )
        })
}

/// Reads one text frame.
pub fn parse(text: &str) -> Result<ClientMessage, Refusal> {
    if text.len() > MAX_FRAME {
        return Err(Refusal::new(
            Code::TooLarge,
            format!("a message is at most {MAX_FRAME} bytes"),
        ));
    }
    let message: ClientMessage = serde_json::from_str(text)
        .map_err(|e| Refusal::new(Code::BadMessage, format!("not a message: {e}")))?;
    if message.version() != VERSION {
        return Err(Refusal::new(
            Code::BadVersion,
            format!("this server speaks version {VERSION}"),
        ));
    }
    Ok(message)
}

/// The `pong` frame: the page's time echoed, and the server's (ms since the
/// Unix epoch).
pub fn pong(t: f64, now_ms: i64) -> String {
    serde_json::json!({ "v": VERSION, "type": "pong", "t": t, "now": now_ms }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_messages_and_refuses_others_with_codes() {
        assert_eq!(
            parse(r#"{"v":2,"type":"move","ply":3,"move":"f5"}"#),
            Ok(ClientMessage::Move {
                v: 2,
                ply: 3,
                mv: "f5".into()
            })
        );
        assert_eq!(
            parse(r#"{"v":2,"type":"hello"}"#),
            Ok(ClientMessage::Hello { v: 2, token: None })
        );
        let random = "ab".repeat(32);
        let text = format!(r#"{{"v":2,"type":"contribute","random":"{random}","word":"oi"}}"#);
        assert_eq!(
            parse(&text),
            Ok(ClientMessage::Contribute {
                v: 2,
                random: random.clone(),
                word: Some("oi".into())
            })
        );
        assert_eq!(
            parse(r#"{"v":2,"type":"again"}"#),
            Ok(ClientMessage::Again { v: 2 })
        );
        let code = |t: &str| parse(t).unwrap_err().code;
        assert_eq!(code("{"), Code::BadMessage);
        assert_eq!(code(r#"{"v":2,"type":"fly"}"#), Code::BadMessage);
        assert_eq!(code(r#"{"v":2,"type":"start","x":1}"#), Code::BadMessage);
        // `hello` carries no word since version 2.
        assert_eq!(
            code(r#"{"v":2,"type":"hello","word":"oi"}"#),
            Code::BadMessage
        );
        assert_eq!(code(r#"{"v":1,"type":"start"}"#), Code::BadVersion);
        assert_eq!(code(&"x".repeat(MAX_FRAME + 1)), Code::TooLarge);
    }

    #[test]
    fn a_random_value_is_64_lowercase_hex() {
        assert_eq!(random_bytes(&"0f".repeat(32)).unwrap(), [0x0f; 32]);
        for bad in [
            "",
            "0f",
            &"0F".repeat(32),
            &"0f".repeat(33),
            &"zz".repeat(32),
        ] {
            assert_eq!(
                random_bytes(bad).unwrap_err().code,
                Code::BadRandom,
                "{bad}"
            );
        }
    }
}
