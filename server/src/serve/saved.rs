//! What an online table is, as the actor keeps it, stores it and restores
//! it: seats and their holders, the table's life, its timings, and the
//! commands its sockets send.

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::oneshot;

pub use super::accounts::ratings::SeatAccount;
use super::protocol::Refusal;
use virada::clock::TimeControl;
use virada::game::GameKind;

/// Timings of every table, from the command line.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// How long a person's seat waits for them after their last connection closes.
    pub grace: Duration,
    /// How long the host waits for someone to sit before the bot does.
    pub seat_wait: Duration,
    /// How long a finished table stays running (its pages may still ask);
    /// after that it is let go, and brought back from its record when asked.
    pub linger: Duration,
    /// How long the seated people have to contribute once the seats are
    /// settled (the contribution window); it closes sooner when every
    /// person has contributed.
    pub contribute: Duration,
}

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Holder {
    /// Nobody yet.
    Empty,
    /// A person, known by the SHA-256 of their token.
    Person {
        /// SHA-256 (hex) of the seat's secret token.
        token: String,
        /// Their word for the colour draw (from their contribution).
        word: String,
        /// Their contribution's random value (64 hex), empty before they
        /// contributed (or when they never did).
        #[serde(default)]
        random: String,
    },
    /// The bot, from the start.
    Bot,
    /// The bot, in the seat of a person who left; they may come back.
    Standing {
        /// SHA-256 (hex) of the person's token.
        token: String,
        /// Their word.
        word: String,
        /// Their random value (64 hex, empty for none).
        #[serde(default)]
        random: String,
    },
}

/// Where the table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Seats are being taken.
    Waiting,
    /// The seats are settled; the seated people contribute to the colour
    /// draw until the window closes.
    Contributing,
    /// The game is on.
    Playing,
    /// The game is over; the record is kept.
    Over,
}

/// Everything a table is, as stored (JSON) and restored after a restart.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Saved {
    /// The table's id.
    pub id: String,
    /// The game and board, stored as `{"game":"othello"}` or
    /// `{"game":"nabucodonosor","size":N}`.
    #[serde(with = "stored_kind")]
    pub kind: GameKind,
    /// The clock (`30`, `180+2`, `2d`), `None` for none; kept as its
    /// text, read also from the number of seconds a move kept before.
    #[serde(with = "super::clock::notation")]
    pub clock: super::clock::Clock,
    /// The bot's level, for a seat the bot takes.
    pub level: u8,
    /// The secret seed (hex); never sent before the end. Drawn when the
    /// table opens (`Hub::open`), before any socket exists; nothing writes
    /// it afterwards.
    pub seed: String,
    /// The two seats.
    pub seats: [Holder; 2],
    /// Where the table is.
    pub status: Status,
    /// Every move so far as the record writes them.
    pub moves: String,
    /// When the player to move runs out of time (ms since the epoch).
    pub deadline_ms: Option<i64>,
    /// When the bot takes the free seat (ms since the epoch).
    pub wait_until_ms: i64,
    /// When each seat's person lost their last connection.
    pub gone_since_ms: [Option<i64>; 2],
    /// A table of "Play anyone": it starts only with two people.
    pub paired: bool,
    /// When the contribution window closes (ms since the epoch), once open.
    #[serde(default)]
    pub window_until_ms: Option<i64>,
    /// The colour draw takes each seat's contribution (version 3); `false`
    /// for a table stored before contributions (its draw is version 2,
    /// from the words alone).
    #[serde(default)]
    pub contributions: bool,
    /// Othello's handicap (V2) in its short form (`seat2:first:a1,h8`),
    /// checked by the library when the table opened; empty for none (and
    /// for a table stored before handicaps).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub handicap: String,
    /// The match (V1) this table's game belongs to, if any (table/match.rs).
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    pub play: Option<MatchPlay>,
    /// Once over: which seats asked to play again (table/again.rs).
    #[serde(default)]
    pub again: [bool; 2],
    /// Once over: which seats answered "No thanks" to playing again.
    #[serde(default)]
    pub declined: [bool; 2],
    /// Once over: the table where the people go on (played again, or the
    /// match's next game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// The seats' accounts and whether the game is rated (accounts/).
    #[serde(default, skip_serializing_if = "Players::is_empty")]
    pub players: Players,
    /// How the game ended before its board did (table/stop.rs), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut: Option<Cut>,
    /// Under a game clock or correspondence: both sides' time left when
    /// their clocks last stopped, the side whose clock runs and since when
    /// (ms since the epoch), each ply's time left and the flag once one
    /// fell. Kept with every move: a restart or a takeover resumes with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timed: Option<virada::game::timed::Timed>,
}

/// A game ended before its board did, by a seated person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cut {
    /// The seat resigned: the other wins (the record states it).
    Resigned(usize),
    /// The seat aborted it before both had moved: no result, not rated.
    Aborted(usize),
}

/// What a seated person asks to end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// Resign: the game ends now, the other seat wins.
    Resign,
    /// Abort: before both seats have moved, the game ends with no result.
    Abort,
}

/// The accounts at a table: who sits (or is awaited) in each seat, and
/// whether both asked for a rated game. A seat whose account is set and
/// whose holder is still `Empty` is held for that account (a seek's table).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// Each seat's account, `None` for a guest, the bot or nobody yet.
    #[serde(default)]
    pub accounts: [Option<SeatAccount>; 2],
    /// Both seats asked for a rated game (a rated seek taken).
    #[serde(default)]
    pub rated: bool,
    /// The tournament and round that paired the seats, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentTable>,
}

/// A table a tournament opened: which tournament and round, and when a
/// seat still empty loses by forfeit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentTable {
    /// The tournament's id.
    pub id: String,
    /// The round, from 1.
    pub round: u32,
    /// When a seat nobody took loses by forfeit (ms since the epoch).
    pub forfeit_at_ms: i64,
    /// The tournament's name, for the table's header (empty in a table
    /// opened before tables kept it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The game was not played out (rules W5–W6): why, and who lost it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<Unplayed>,
}

/// A tournament's game not played out, as its table says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unplayed {
    /// Why.
    pub why: UnplayedWhy,
    /// Each seat: whether it lost the game so (both, when neither came).
    pub lost: [bool; 2],
}

/// Why a tournament's game was not played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnplayedWhy {
    /// A seat nobody took by the forfeit time (W5).
    Absent,
    /// A player withdrew from the tournament during the round (W6).
    Withdrew,
}

impl Players {
    /// The accounts a finished record names (an unrated game's, or a rated
    /// one's: the record says which).
    fn from_record(r: &virada::record::Record) -> Players {
        let named = r.names.clone().unwrap_or_default();
        Players {
            accounts: named.map(|name| {
                (!name.is_empty()).then(|| SeatAccount {
                    id: String::new(),
                    name,
                })
            }),
            rated: r.ratings.is_some(),
            tournament: r.tournament.as_ref().map(|t| TournamentTable {
                id: t.id.clone(),
                round: t.round,
                forfeit_at_ms: 0,
                name: String::new(),
                ended: None,
            }),
        }
    }

    /// No account at the table.
    pub fn is_empty(&self) -> bool {
        *self == Players::default()
    }

    /// The seats' names as a record writes them (empty for none).
    pub fn names(&self) -> [String; 2] {
        self.accounts
            .clone()
            .map(|a| a.map(|a| a.name).unwrap_or_default())
    }
}

impl Saved {
    /// A finished table's state from its record: seats, words, seed and moves.
    pub fn from_record(id: &str, text: &str) -> Result<Saved, String> {
        use virada::game::Seat;
        let r = virada::record::parse(text).map_err(|e| e.to_string())?;
        let kind = r.game;
        let seed = r.seed.ok_or("the record's seed is hidden")?;
        let words = [r.word.clone(), r.second_word.clone().unwrap_or_default()];
        let randoms = r
            .randoms
            .unwrap_or_default()
            .map(|x| x.map_or(String::new(), |b| virada::game::fairness::hex(&b)));
        let mut level = 1;
        let seats: Vec<Holder> = (0..2)
            .map(|i| match r.seats[i] {
                // No token opens these seats again: the game is over.
                Seat::Person => Holder::Person {
                    token: String::new(),
                    word: words[i].clone(),
                    random: randoms[i].clone(),
                },
                Seat::Bot { level: l } => {
                    level = l;
                    if r.stand_in[i] {
                        Holder::Standing {
                            token: String::new(),
                            word: words[i].clone(),
                            random: randoms[i].clone(),
                        }
                    } else {
                        Holder::Bot
                    }
                }
            })
            .collect();
        let moves = text
            .lines()
            .find_map(|l| l.strip_prefix("moves:"))
            .map(|m| m.trim().to_string())
            .unwrap_or_default();
        Ok(Saved {
            id: id.to_string(),
            kind,
            clock: r
                .timing
                .as_ref()
                .map(|t| t.control)
                .or_else(|| r.clock.map(|seconds| TimeControl::PerMove { seconds })),
            level,
            seed: seed.to_string(),
            seats: [seats[0].clone(), seats[1].clone()],
            status: Status::Over,
            moves,
            deadline_ms: None,
            wait_until_ms: 0,
            gone_since_ms: [None, None],
            paired: false,
            window_until_ms: None,
            contributions: r.randoms.is_some(),
            handicap: r.handicap.map(|h| h.to_string()).unwrap_or_default(),
            play: None,
            again: [false, false],
            declined: [false, false],
            next: None,
            players: Players::from_record(&r),
            timed: None,
            cut: r.resigned.map(|color| {
                let dark = color == virada::Color::Dark;
                Cut::Resigned(if dark { r.dark } else { 1 - r.dark.min(1) })
            }),
        })
    }

    /// The fingerprint of the table's seed, public from its opening (empty
    /// when the stored seed cannot be read).
    pub fn fingerprint(&self) -> Arc<str> {
        self.seed
            .parse::<virada::game::fairness::Seed>()
            .map(|s| s.fingerprint())
            .unwrap_or_default()
            .into()
    }
}

/// A match (V1) as each of its games' tables keeps it: what ends it, the
/// id its record will have, and the signed records of the games before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPlay {
    /// `to 16 points`, `4 games` (the match record's spelling).
    pub kind: String,
    /// The id of the match record once the match is over (`GET /api/records/{id}`).
    pub id: String,
    /// The signed records of the games before this table's, in order.
    pub games: Vec<String>,
    /// The match ended before it was decided: both people had left (the
    /// bot held both seats at the end of this table's game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub left: bool,
}

/// What a socket asks of its table.
pub enum Command {
    /// Someone arrives: a seat by token, a free seat, or a spectator's place.
    Hello {
        /// The seat's secret, when coming back.
        token: Option<String>,
        /// The signed-in account of the page, if any (its session cookie).
        account: Option<SeatAccount>,
        /// The answer.
        reply: oneshot::Sender<Result<Welcome, Refusal>>,
    },
    /// A seat's connection closed.
    Left {
        /// The seat.
        seat: usize,
    },
    /// A seated person's contribution to the colour draw.
    Contribute {
        /// The sender's seat, `None` for a spectator.
        seat: Option<usize>,
        /// The random value as sent (64 lowercase hex).
        random: String,
        /// The word, empty for none.
        word: String,
        /// The answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// The host starts now.
    Start {
        /// The sender's seat.
        seat: Option<usize>,
        /// The answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A seated person asks to play again (the game is over).
    Again {
        /// The sender's seat.
        seat: Option<usize>,
        /// The answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// The state frame again, to every page (a server that missed frames
    /// while its Redis connection broke asks for it).
    Show,
    /// A seated person answers "No thanks" to playing again.
    NoThanks {
        /// The sender's seat.
        seat: Option<usize>,
        /// The answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A seated person resigns, or aborts the game.
    Stop {
        /// The sender's seat.
        seat: Option<usize>,
        /// Resign or abort.
        how: Stop,
        /// The answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A move.
    Move {
        /// The sender's seat.
        seat: Option<usize>,
        /// Moves already played, as the sender saw them.
        ply: usize,
        /// The move's text.
        mv: String,
        /// The answer.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// An account withdrew from the table's tournament during its round
    /// (W6): its game here is lost at once. Sent by the withdrawal's route.
    Withdrew {
        /// The account's id.
        account: String,
    },
    /// Answered once every command sent before it has been answered (and
    /// its change kept): a server handing the table on waits for it.
    Flush {
        /// Told when reached.
        reply: oneshot::Sender<()>,
    },
    /// The bot's move for `ply`, from its thread.
    Bot {
        /// The ply it was thought for.
        ply: usize,
        /// The move's text.
        mv: String,
    },
}

/// The answer to `hello`.
pub struct Welcome {
    /// The seat, `None` for a spectator.
    pub seat: Option<usize>,
    /// The seat's token, for the page to keep (only when newly seated).
    pub token: Option<String>,
    /// The current `state` frame.
    pub state: Arc<str>,
}

/// Milliseconds added to [`now_ms`]: 0 but in tests (`--time-shift`).
static SHIFT_MS: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// Moves the server's clock `ms` ahead (or back): a test's server started
/// "a day later" over the same store (`virada serve --time-shift`).
pub fn shift_clock(ms: i64) {
    SHIFT_MS.store(ms, std::sync::atomic::Ordering::Relaxed);
}

/// Milliseconds since the Unix epoch: the server's one clock. The wall
/// clock is read once, then the time since is tokio's monotonic clock, so
/// that the tables' clocks never jump with the wall clock, and so that a
/// test that pauses tokio's time (`start_paused`) sees every table's clock
/// move exactly as far as its paused time does.
pub fn now_ms() -> i64 {
    static ANCHOR: std::sync::OnceLock<(i64, std::time::Instant)> = std::sync::OnceLock::new();
    let (epoch, then) = *ANCHOR.get_or_init(|| {
        let epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        (epoch, tokio::time::Instant::now().into_std())
    });
    let since = tokio::time::Instant::now()
        .into_std()
        .saturating_duration_since(then);
    epoch
        .saturating_add(i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
        .saturating_add(SHIFT_MS.load(std::sync::atomic::Ordering::Relaxed))
}

/// A fresh secret: 16 random bytes as hex.
pub fn fresh_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("the secure random source failed: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// SHA-256 (hex) of a seat's token: what the table keeps of it.
pub fn token_hash(token: &str) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A game's kind as a table stores it: `{"game":"othello"}` or
/// `{"game":"nabucodonosor","size":N}`.
mod stored_kind {
    use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};
    use virada::game::GameKind;

    /// The stored fields.
    #[derive(Serialize, Deserialize)]
    struct Stored {
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size: Option<u8>,
    }

    pub fn serialize<S: Serializer>(kind: &GameKind, s: S) -> Result<S::Ok, S::Error> {
        let size = match kind {
            GameKind::Othello => None,
            GameKind::Nabucodonosor(n) => Some(*n),
        };
        let game = kind.name().to_string();
        Stored { game, size }.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let stored = Stored::deserialize(d)?;
        match (stored.game.as_str(), stored.size) {
            ("othello", _) => Ok(GameKind::Othello),
            ("nabucodonosor", Some(n)) => Ok(GameKind::Nabucodonosor(n)),
            _ => Err(D::Error::custom(
                "a game is othello or nabucodonosor with a size",
            )),
        }
    }
}
