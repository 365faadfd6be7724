//! A finished game replayed for the history page, either game: every position
//! from the start with what each ply changed (the disc placed, the discs it
//! turned over), read from a record, a GGF game or an Othello transcript.
//! The page draws these steps and never applies a rule itself.
//!
//! ```
//! use virada::engine::replay::read;
//! let game = read("f5 d6 c3").unwrap();
//! assert_eq!(game.steps.len(), 4);
//! assert_eq!(game.steps[1].flipped.len(), 1);
//! ```

use crate::engine::review::{read_game, ReadError, Source};
use crate::game::nabu::{NabuGame, NabuMove};
use crate::game::Seat;
use crate::game::{GameKind, GameResult, Moves, Verdict};
use crate::json::{self, Object, Raw};
use crate::record::Record;
use crate::{Color, Move, Outcome, Position};

/// One step of a replay: the position after `ply` plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// One letter a cell in reading order: `X` dark, `O` light, `-` empty.
    pub cells: String,
    /// The colour to move, `None` once the game is over.
    pub to_move: Option<Color>,
    /// The ply that led here (`None` at the start), in its game's notation.
    pub mv: Option<String>,
    /// The colour that played it.
    pub mover: Option<Color>,
    /// The table placed it on time-out (T16, N-clock).
    pub by_table: bool,
    /// A pass.
    pub pass: bool,
    /// Nabucodonosor's pie swap (N4): the seats exchanged colours.
    pub swap: bool,
    /// The cell that received a disc, if any.
    pub placed: Option<usize>,
    /// The cells whose disc changed colour, reading order.
    pub flipped: Vec<usize>,
    /// A Nabucodonosor capture's rectangle.
    pub rect: Option<crate::game::nabu::Rect>,
}

/// What a record's header says (none for a GGF game or a transcript).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The first and the second seat.
    pub seats: [Seat; 2],
    /// The seat that played dark at the end (after a Nabucodonosor swap).
    pub dark: usize,
    /// The fingerprint, 64 hex.
    pub fingerprint: String,
    /// The result as recorded.
    pub result: GameResult,
    /// Seconds a turn, `None` for no clock.
    pub clock: Option<u32>,
}

/// A game ready to replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// What it was read from.
    pub source: Source,
    /// Which game.
    pub game: GameKind,
    /// The record's header, when read from a record.
    pub header: Option<Header>,
    /// The position at the start, then after every ply.
    pub steps: Vec<Step>,
    /// The plies as a transcript: Othello's `f5d6…` with passes as `PA`, or
    /// Nabucodonosor's moves one space apart as its record writes them.
    pub transcript: String,
    /// The game as GGF (Othello only).
    pub ggf: Option<String>,
    /// How the game ended under its rules, once it is over (whatever a
    /// record says; `Unfinished` is never given).
    pub end: Option<GameResult>,
}

/// The result of a finished game: the discs and who won.
fn ended(dark: u32, light: u32, winner: Option<Color>) -> GameResult {
    let verdict = match winner {
        Some(Color::Dark) => Verdict::DarkWins,
        Some(Color::Light) => Verdict::LightWins,
        None => Verdict::Draw,
    };
    GameResult {
        dark,
        light,
        verdict,
    }
}

/// The seat that holds dark at the end: a Nabucodonosor swap (the second
/// ply) gives the first mover light.
fn dark_at_end(record: &Record) -> usize {
    match &record.moves {
        Moves::Nabucodonosor(m) if m.get(1).is_some_and(|p| p.mv == NabuMove::Swap) => {
            1 - record.dark
        }
        _ => record.dark,
    }
}

fn header(record: &Record) -> Header {
    Header {
        seats: record.seats,
        dark: dark_at_end(record),
        fingerprint: record
            .fingerprint
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
        result: record.result,
        clock: record.clock,
    }
}

/// What changed from `before` to `after`: the cell that got a disc, and the
/// cells whose disc changed colour.
fn changes(before: &str, after: &str) -> (Option<usize>, Vec<usize>) {
    let mut placed = None;
    let mut flipped = Vec::new();
    for (i, (a, b)) in before.bytes().zip(after.bytes()).enumerate() {
        if a == b'-' && b != b'-' {
            placed = Some(i);
        } else if a != b'-' && b != b'-' && a != b {
            flipped.push(i);
        }
    }
    (placed, flipped)
}

fn step(before: Option<&Step>, cells: String, to_move: Option<Color>) -> Step {
    let (placed, flipped) = before.map_or((None, Vec::new()), |b| changes(&b.cells, &cells));
    Step {
        cells,
        to_move,
        mv: None,
        mover: None,
        by_table: false,
        pass: false,
        swap: false,
        placed,
        flipped,
        rect: None,
    }
}

/// Reads a record of either game, a GGF game or an Othello transcript (told
/// apart by how they start) and replays it under its game's rules.
pub fn read(text: &str) -> Result<Replay, ReadError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let record = if trimmed.starts_with(crate::record::MAGIC) {
        Some(crate::record::parse(text).map_err(|e| ReadError::Record(e.code()))?)
    } else {
        None
    };
    if let Some(r) = &record {
        if let (GameKind::Nabucodonosor(size), Moves::Nabucodonosor(moves)) = (r.game, &r.moves) {
            let mut replay = nabu(size, moves)?;
            replay.header = Some(header(r));
            return Ok(replay);
        }
    }
    let game = read_game(text)?;
    let positions = game.positions();
    let mut steps: Vec<Step> = Vec::with_capacity(positions.len());
    for (i, p) in positions.iter().enumerate() {
        let to_move = (!p.is_game_over()).then(|| p.side_to_move());
        let mut s = step(steps.last(), p.board().cells(), to_move);
        if i > 0 {
            let mv = game.moves[i - 1];
            s.mv = Some(mv.to_string());
            s.mover = Some(positions[i - 1].side_to_move());
            s.by_table = game.by_table[i - 1];
            s.pass = mv == Move::Pass;
        }
        steps.push(s);
    }
    let header = record.as_ref().map(header);
    let players = match &header {
        Some(h) => [h.seats[h.dark], h.seats[1 - h.dark]],
        None => [Seat::Person, Seat::Person],
    };
    let last = positions.last().copied().unwrap_or_else(Position::start);
    let over = last.is_game_over();
    let end = last.outcome().map(|o| {
        let winner = match o {
            Outcome::Win(c) => Some(c),
            Outcome::Draw => None,
        };
        ended(last.count(Color::Dark), last.count(Color::Light), winner)
    });
    Ok(Replay {
        end,
        source: game.source,
        game: GameKind::Othello,
        header,
        transcript: crate::write_transcript_with_passes(&game.moves),
        // A record under a game clock: its GGF carries the clock and each
        // move's time, as the table's does.
        ggf: Some(
            record
                .as_ref()
                .filter(|r| r.timing.is_some())
                .and_then(crate::record::ggf_clock::write)
                .unwrap_or_else(|| {
                    crate::record::ggf::write_moves(game.start, &game.moves, players, over)
                }),
        ),
        steps,
    })
}

/// A Nabucodonosor game on `size`×`size` from its record's plies, each
/// checked under N1–N15.
fn nabu(size: u8, moves: &[crate::game::Played<NabuMove>]) -> Result<Replay, ReadError> {
    let mut game = NabuGame::new(usize::from(size)).map_err(|_| ReadError::Record("bad-game"))?;
    let to_move = |g: &NabuGame| g.outcome().is_none().then(|| g.to_move());
    let mut steps = vec![step(None, game.board().cells(), to_move(&game))];
    for (i, played) in moves.iter().enumerate() {
        let mover = game.to_move();
        game.play(played.mv)
            .map_err(|_| ReadError::Illegal { ply: i + 1 })?;
        let mut s = step(steps.last(), game.board().cells(), to_move(&game));
        s.mv = Some(played.mv.to_string());
        s.mover = Some(mover);
        s.by_table = played.by_table;
        s.pass = played.mv == NabuMove::Pass;
        s.swap = played.mv == NabuMove::Swap;
        if let NabuMove::Capture(r) = played.mv {
            s.rect = Some(r);
        }
        steps.push(s);
    }
    let transcript: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
    let board = game.board();
    let end = game.outcome().map(|o| {
        ended(
            board.count(Color::Dark),
            board.count(Color::Light),
            Some(o.winner),
        )
    });
    Ok(Replay {
        end,
        source: Source::Record,
        game: GameKind::Nabucodonosor(size),
        header: None,
        steps,
        transcript: transcript.join(" "),
        ggf: None,
    })
}

fn color(c: Option<Color>) -> Option<&'static str> {
    c.map(|c| match c {
        Color::Dark => "dark",
        Color::Light => "light",
    })
}

fn seat_text(s: Seat) -> String {
    match s {
        Seat::Person => "person".to_string(),
        Seat::Bot { level } => format!("bot {level}"),
    }
}

/// `"game":"othello","size":8`.
fn game_fields(o: &mut Object<'_>, game: GameKind) {
    o.field("game", game.name()).field("size", game.size());
}

/// `{"dark":D,"light":L,"verdict":"dark wins"}`.
fn result_fields(o: &mut Object<'_>, r: &GameResult) {
    o.field("dark", r.dark)
        .field("light", r.light)
        .field("verdict", r.verdict.as_str());
}

impl Header {
    /// `{"seats":[…],"dark":0,"fingerprint":"…","result":{"dark","light","verdict"},"clock"}`.
    pub fn to_json(&self) -> String {
        json::object(|o| self.fields(o))
    }

    fn fields(&self, o: &mut Object<'_>) {
        o.array("seats", |a| {
            a.item(seat_text(self.seats[0]))
                .item(seat_text(self.seats[1]));
        })
        .field("dark", self.dark)
        .field("fingerprint", &self.fingerprint)
        .object("result", |o| result_fields(o, &self.result))
        .field("clock", self.clock);
    }
}

impl Replay {
    /// The replay as JSON for the page:
    /// `{"kind":"game","source","game","size","header":{…}|null,"end":{"dark","light","verdict"}|null,"transcript","ggf","steps":[{"cells","toMove","move","mover","byTable","pass","swap","placed","flipped","rect"}]}`
    /// (`rect` a capture's `{"top","left","bottom","right"}`, 0-based, else null).
    pub fn to_json(&self) -> String {
        json::object(|o| {
            o.field("kind", "game").field("source", self.source.name());
            game_fields(o, self.game);
            match &self.header {
                Some(h) => o.object("header", |o| h.fields(o)),
                None => o.field("header", Raw("null")),
            };
            match &self.end {
                Some(r) => o.object("end", |o| result_fields(o, r)),
                None => o.field("end", Raw("null")),
            };
            o.field("transcript", &self.transcript)
                .field("ggf", self.ggf.as_deref())
                .array("steps", |a| {
                    for s in &self.steps {
                        a.object(|o| step_fields(o, s));
                    }
                });
        })
    }
}

fn step_fields(o: &mut Object<'_>, s: &Step) {
    o.field("cells", &s.cells)
        .field("toMove", color(s.to_move))
        .field("move", s.mv.as_deref())
        .field("mover", color(s.mover))
        .field("byTable", s.by_table)
        .field("pass", s.pass)
        .field("swap", s.swap)
        .field("placed", s.placed.map_or(-1, |p| p as i64))
        .array("flipped", |a| {
            a.items(&s.flipped);
        });
    match s.rect {
        Some(r) => o.object("rect", |o| {
            o.field("top", r.top)
                .field("left", r.left)
                .field("bottom", r.bottom)
                .field("right", r.right);
        }),
        None => o.field("rect", Raw("null")),
    };
}

/// A stored record's line in the history list, from its header alone (no
/// replay): `{"kind":"game","game","size","plies","header":{…}}`, or for a
/// match record (V1) `{"kind":"match","game","size","match":{"kind","target",
/// "seats","total","winner","fingerprint"},"games":[{"number","points",
/// "record"}]}` (`fingerprint` the match's digest, `record` each game's
/// record text, to be replayed on its own).
pub fn summary(text: &str) -> Result<String, ReadError> {
    if crate::record::is_match(text) {
        return match_summary(text);
    }
    let record = crate::record::parse(text).map_err(|e| ReadError::Record(e.code()))?;
    Ok(json::object(|o| {
        o.field("kind", "game");
        game_fields(o, record.game);
        o.field("plies", record.moves.len())
            .object("header", |o| header(&record).fields(o));
    }))
}

/// A match record's line in the history list (see [`summary`]).
fn match_summary(text: &str) -> Result<String, ReadError> {
    let m = crate::record::parse_match(text).map_err(|e| ReadError::Record(e.code))?;
    let fingerprint: String = m.digest.iter().map(|b| format!("{b:02x}")).collect();
    Ok(json::object(|o| {
        o.field("kind", "match");
        game_fields(o, GameKind::Othello);
        o.object("match", |o| {
            o.field("kind", m.kind.name())
                .field("target", m.kind.target())
                .array("seats", |a| {
                    a.item(seat_text(m.seats[0])).item(seat_text(m.seats[1]));
                })
                .array("total", |a| {
                    a.items(m.total);
                })
                .field("winner", m.winner.as_str())
                .field("fingerprint", fingerprint);
        })
        .array("games", |a| {
            for g in &m.games {
                a.object(|o| {
                    o.field("number", g.number)
                        .array("points", |a| {
                            a.items(g.points);
                        })
                        .field("record", &g.text);
                });
            }
        });
    }))
}

#[cfg(test)]
mod tests;
