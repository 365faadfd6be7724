//! Why a record could not be read: one enum, a plain message and a stable
//! code for each case, always with the line (1-based) where it happened.

use std::fmt;

/// A field of the record, in the order they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// `game`
    Game,
    /// `seats`
    Seats,
    /// `names` (version 4, optional: the seats' account names)
    Names,
    /// `clock`
    Clock,
    /// `fingerprint`
    Fingerprint,
    /// `seed`
    Seed,
    /// `word`
    Word,
    /// `second-word` (version 2: the second seat's word)
    SecondWord,
    /// `random` (version 3: the first seat's random value)
    Random,
    /// `second-random` (version 3: the second seat's random value)
    SecondRandom,
    /// `dark`
    Dark,
    /// `handicap` (version 2, optional: Othello's handicap, V2)
    Handicap,
    /// `moves`
    Moves,
    /// `times` (optional, under a game clock: each ply's time left)
    Times,
    /// `assists` (version 2, optional: the hints and undos a casual game used)
    Assists,
    /// `result`
    Result,
    /// `ratings` (version 4, optional: each seat's rating before and after)
    Ratings,
    /// `tournament` (version 4, optional: the tournament and round a game
    /// was paired in)
    Tournament,
    /// `digest`
    Digest,
    /// `signature` (version 2, optional: the server's Ed25519 signature)
    Signature,
}

impl Field {
    /// Every field of a version 1 record, in record order.
    pub const ALL: [Field; 11] = [
        Field::Game,
        Field::Seats,
        Field::Clock,
        Field::Fingerprint,
        Field::Seed,
        Field::Word,
        Field::Dark,
        Field::Moves,
        Field::Times,
        Field::Result,
        Field::Digest,
    ];

    /// Every field a version 2 record may have, in record order; the
    /// optional ones ([`Field::is_optional`]) are `second-word`,
    /// `handicap`, `assists` and `signature`.
    pub const ALL_V2: [Field; 15] = [
        Field::Game,
        Field::Seats,
        Field::Clock,
        Field::Fingerprint,
        Field::Seed,
        Field::Word,
        Field::SecondWord,
        Field::Dark,
        Field::Handicap,
        Field::Moves,
        Field::Times,
        Field::Assists,
        Field::Result,
        Field::Digest,
        Field::Signature,
    ];

    /// Every field a version 3 record may have, in record order: version 2's,
    /// with `second-word` always there and `random`, `second-random` after it.
    pub const ALL_V3: [Field; 17] = [
        Field::Game,
        Field::Seats,
        Field::Clock,
        Field::Fingerprint,
        Field::Seed,
        Field::Word,
        Field::SecondWord,
        Field::Random,
        Field::SecondRandom,
        Field::Dark,
        Field::Handicap,
        Field::Moves,
        Field::Times,
        Field::Assists,
        Field::Result,
        Field::Digest,
        Field::Signature,
    ];

    /// Every field a version 4 record may have, in record order: version
    /// 3's, with `names` after `seats`, and `ratings` and `tournament`
    /// after `result`, all optional.
    pub const ALL_V4: [Field; 20] = [
        Field::Game,
        Field::Seats,
        Field::Names,
        Field::Clock,
        Field::Fingerprint,
        Field::Seed,
        Field::Word,
        Field::SecondWord,
        Field::Random,
        Field::SecondRandom,
        Field::Dark,
        Field::Handicap,
        Field::Moves,
        Field::Times,
        Field::Assists,
        Field::Result,
        Field::Ratings,
        Field::Tournament,
        Field::Digest,
        Field::Signature,
    ];

    /// A line that may be left out: each names what it adds.
    pub const fn is_optional(self) -> bool {
        matches!(
            self,
            Field::SecondWord
                | Field::Handicap
                | Field::Assists
                | Field::Signature
                | Field::Names
                | Field::Ratings
                | Field::Tournament
                | Field::Times
        )
    }

    /// The key as written in the record.
    pub const fn key(self) -> &'static str {
        match self {
            Field::Game => "game",
            Field::Seats => "seats",
            Field::Names => "names",
            Field::Clock => "clock",
            Field::Fingerprint => "fingerprint",
            Field::Seed => "seed",
            Field::Word => "word",
            Field::SecondWord => "second-word",
            Field::Random => "random",
            Field::SecondRandom => "second-random",
            Field::Dark => "dark",
            Field::Handicap => "handicap",
            Field::Moves => "moves",
            Field::Times => "times",
            Field::Assists => "assists",
            Field::Result => "result",
            Field::Ratings => "ratings",
            Field::Tournament => "tournament",
            Field::Digest => "digest",
            Field::Signature => "signature",
        }
    }

    /// What a good value looks like, in plain words.
    pub const fn expected(self) -> &'static str {
        match self {
            Field::Game => "`othello 8`",
            Field::Seats => {
                "two seats, `person`, `bot N` or `bot N for person`, separated by a comma"
            }
            Field::Clock => {
                "seconds per turn (1 to 86400), a game clock `BASE+INC` (`180+2`), days a move (`2d`, 1 to 14) or `off`"
            }
            Field::Times => {
                "under a game clock, each ply's time left in seconds with tenths (`178.4`), separated by one space"
            }
            Field::Fingerprint => "64 hex characters",
            Field::Seed => "64 hex characters or `hidden`, then ` chosen` if chosen",
            Field::Word | Field::SecondWord => {
                "text with `%` and control characters percent-encoded"
            }
            Field::Random | Field::SecondRandom => "64 hex characters, or nothing for none",
            Field::Dark => "`first` or `second`",
            Field::Handicap => {
                "`seat1` or `seat2`, then `:first` and/or corners such as `:a1,h8` (Othello only)"
            }
            Field::Moves => "squares such as `f5`, `*f5` or `PA`, separated by one space",
            Field::Assists => {
                "`hint P` or `undo P K` (a ply number, plies taken back), separated by a comma"
            }
            Field::Result => {
                "`dark D light L` then `dark wins`, `light wins`, `draw` or `unfinished`, a win then ` on time` under a game clock or correspondence"
            }
            Field::Names => {
                "two account names (3 to 20 letters, digits, `_` or `-`) or `-` for none, separated by a comma"
            }
            Field::Ratings => {
                "each seat's rating before and after, `R/RD/σ R/RD/σ`, separated by a comma"
            }
            Field::Tournament => {
                "the tournament's id (1 to 64 letters, digits, `_` or `-`), `round` and the round's number (1 to 999)"
            }
            Field::Digest => "64 hex characters",
            Field::Signature => "`ed25519`, the public key (64 hex) and the signature (128 hex)",
        }
    }
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Longer than [`super::MAX_BYTES`].
    TooLarge {
        /// Its size in bytes.
        bytes: usize,
    },
    /// Nothing but blank lines.
    Empty,
    /// The first line is not `virada-record N`.
    NotARecord {
        /// Line number.
        line: usize,
    },
    /// A version this crate does not read.
    UnsupportedVersion {
        /// Line number.
        line: usize,
        /// The version as written.
        found: String,
    },
    /// A line that is not `key: value`, or a key out of place.
    UnexpectedLine {
        /// Line number.
        line: usize,
        /// The field that should be there.
        expected: Field,
        /// The start of the line found.
        found: String,
    },
    /// The text ends before this field.
    MissingField {
        /// The line number the field would have had.
        line: usize,
        /// The field.
        field: Field,
    },
    /// A field whose value is malformed.
    BadValue {
        /// Line number.
        line: usize,
        /// The field.
        field: Field,
        /// The start of the value found.
        found: String,
    },
    /// A move that is not in the game's notation.
    BadMove {
        /// Line number.
        line: usize,
        /// Which ply, 1-based.
        ply: usize,
        /// The token found.
        found: String,
    },
    /// More plies than [`super::MAX_MOVES`].
    TooManyMoves {
        /// Line number.
        line: usize,
    },
    /// Text after the digest line.
    TrailingText {
        /// Line number.
        line: usize,
    },
}

impl RecordError {
    /// A stable code for the user interface to translate.
    pub const fn code(&self) -> &'static str {
        match self {
            RecordError::TooLarge { .. } => "too-large",
            RecordError::Empty => "empty",
            RecordError::NotARecord { .. } => "not-a-record",
            RecordError::UnsupportedVersion { .. } => "unsupported-version",
            RecordError::UnexpectedLine { .. } => "unexpected-line",
            RecordError::MissingField { .. } => "missing-field",
            RecordError::BadValue { field, .. } => match field {
                Field::Game => "bad-game",
                Field::Seats => "bad-seats",
                Field::Names => "bad-names",
                Field::Ratings => "bad-ratings",
                Field::Tournament => "bad-tournament",
                Field::Clock => "bad-clock",
                Field::Fingerprint => "bad-fingerprint",
                Field::Seed => "bad-seed",
                Field::Word | Field::SecondWord => "bad-word",
                Field::Random | Field::SecondRandom => "bad-random",
                Field::Dark => "bad-dark",
                Field::Handicap => "bad-handicap",
                Field::Moves => "bad-moves",
                Field::Times => "bad-times",
                Field::Assists => "bad-assists",
                Field::Result => "bad-result",
                Field::Digest => "bad-digest",
                Field::Signature => "bad-signature",
            },
            RecordError::BadMove { .. } => "bad-move",
            RecordError::TooManyMoves { .. } => "too-many-moves",
            RecordError::TrailingText { .. } => "trailing-text",
        }
    }

    /// The line (1-based) where it happened; 0 for the whole text.
    pub const fn line(&self) -> usize {
        match self {
            RecordError::TooLarge { .. } | RecordError::Empty => 0,
            RecordError::NotARecord { line }
            | RecordError::UnsupportedVersion { line, .. }
            | RecordError::UnexpectedLine { line, .. }
            | RecordError::MissingField { line, .. }
            | RecordError::BadValue { line, .. }
            | RecordError::BadMove { line, .. }
            | RecordError::TooManyMoves { line }
            | RecordError::TrailingText { line } => *line,
        }
    }

    /// The message's parameters by name, for a translated message.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut p = vec![("line", self.line().to_string())];
        match self {
            RecordError::TooLarge { bytes } => {
                p.push(("bytes", bytes.to_string()));
                p.push(("max", super::MAX_BYTES.to_string()));
            }
            RecordError::Empty | RecordError::NotARecord { .. } => {}
            RecordError::TrailingText { .. } => {}
            RecordError::UnsupportedVersion { found, .. } => p.push(("found", found.clone())),
            RecordError::UnexpectedLine {
                expected, found, ..
            } => {
                p.push(("expected", expected.key().to_string()));
                p.push(("found", found.clone()));
            }
            RecordError::MissingField { field, .. } => p.push(("field", field.key().to_string())),
            RecordError::BadValue { field, found, .. } => {
                p.push(("field", field.key().to_string()));
                p.push(("found", found.clone()));
            }
            RecordError::BadMove { ply, found, .. } => {
                p.push(("ply", ply.to_string()));
                p.push(("found", found.clone()));
            }
            RecordError::TooManyMoves { .. } => p.push(("max", super::MAX_MOVES.to_string())),
        }
        p
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLarge { bytes } => write!(
                f,
                "the record is {bytes} bytes, more than the {} accepted",
                super::MAX_BYTES
            ),
            RecordError::Empty => f.write_str("the record is empty"),
            RecordError::NotARecord { line } => write!(
                f,
                "line {line}: a record starts with `{} {}`",
                super::MAGIC,
                super::VERSION
            ),
            RecordError::UnsupportedVersion { line, found } => write!(
                f,
                "line {line}: record version {found} is not one this table reads (it reads {} to {})",
                super::VERSION,
                super::VERSION_4
            ),
            RecordError::UnexpectedLine {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: expected `{}: …`, found `{found}`",
                expected.key()
            ),
            RecordError::MissingField { line, field } => write!(
                f,
                "line {line}: the record ends before its `{}` line",
                field.key()
            ),
            RecordError::BadValue { line, field, found } => write!(
                f,
                "line {line}: `{}` should be {}, found `{found}`",
                field.key(),
                field.expected()
            ),
            RecordError::BadMove { line, ply, found } => {
                write!(f, "line {line}: move {ply} `{found}` is not a move")
            }
            RecordError::TooManyMoves { line } => {
                write!(f, "line {line}: more than {} moves", super::MAX_MOVES)
            }
            RecordError::TrailingText { line } => {
                write!(f, "line {line}: text after the digest line")
            }
        }
    }
}

impl std::error::Error for RecordError {}
