//! The online table's messages, both ways, as JSON text frames over one
//! WebSocket a person or spectator. Every message carries the protocol
//! version `v` (now [`VERSION`]) and a `type`; docs/server.md describes each
//! with an example exchange.
//!
//! A frame over [`MAX_FRAME`] bytes, text that is not one of these messages,
//! or a message of another version gets an `error` reply with a code, and
//! the connection and the game carry on.

use serde::{Deserialize, Serialize};

/// The protocol's version.
pub const VERSION: u32 = 1;
/// The longest frame read, in bytes.
pub const MAX_FRAME: usize = 4096;

/// What a page may send.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: who this is. `token` is the seat's secret from an
    /// earlier `welcome` (absent for someone new); `word` the person's word
    /// for the colour draw, taken only when they sit before the start.
    Hello {
        /// The protocol version.
        v: u32,
        /// The seat's secret, when coming back.
        #[serde(default)]
        token: Option<String>,
        /// The person's word (at most 256 bytes).
        #[serde(default)]
        word: Option<String>,
    },
    /// Changes the person's word before the start.
    Word {
        /// The protocol version.
        v: u32,
        /// The word (at most 256 bytes; empty for none).
        text: String,
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
            | ClientMessage::Word { v, .. }
            | ClientMessage::Start { v }
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
    /// The game has started (words are taken only before).
    Started,
    /// The game is over.
    Over,
    /// It is the other seat's turn.
    NotYourTurn,
    /// The move was sent for another ply (twice, or late).
    StalePly,
    /// The move breaks the rules.
    Illegal,
    /// The word is too long.
    BadWord,
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
            Code::Over => "over",
            Code::NotYourTurn => "not-your-turn",
            Code::StalePly => "stale-ply",
            Code::Illegal => "illegal",
            Code::BadWord => "bad-word",
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
            parse(r#"{"v":1,"type":"move","ply":3,"move":"f5"}"#),
            Ok(ClientMessage::Move {
                v: 1,
                ply: 3,
                mv: "f5".into()
            })
        );
        assert_eq!(
            parse(r#"{"v":1,"type":"hello"}"#),
            Ok(ClientMessage::Hello {
                v: 1,
                token: None,
                word: None
            })
        );
        let code = |t: &str| parse(t).unwrap_err().code;
        assert_eq!(code("{"), Code::BadMessage);
        assert_eq!(code(r#"{"v":1,"type":"fly"}"#), Code::BadMessage);
        assert_eq!(code(r#"{"v":1,"type":"start","x":1}"#), Code::BadMessage);
        assert_eq!(code(r#"{"v":2,"type":"start"}"#), Code::BadVersion);
        assert_eq!(code(&"x".repeat(MAX_FRAME + 1)), Code::TooLarge);
    }
}
