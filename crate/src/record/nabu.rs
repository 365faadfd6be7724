//! The Nabucodonosor side of records: `game: nabucodonosor N`, its moves
//! (`d3`, `c3:e4`, `swap`, `pass`, `*` before a table's move), the writer
//! from a [`NabuSession`] and the replay under N1–N15.

use super::{
    write_record, Check, GameKind, GameResult, Moves, Record, RecordError, Status, Verdict,
    MAX_MOVES,
};
use crate::nabu::{NabuGame, NabuMove, NabuPlayed, NabuSession, MAX_SIZE, MIN_SIZE};
use crate::Color;

/// The N of `nabucodonosor N`, if it is a board side 5–15 written plainly.
pub(super) fn parse_game(v: &str) -> Option<u8> {
    let n = v.strip_prefix("nabucodonosor ")?;
    if n.is_empty() || n.len() > 2 || !n.bytes().all(|b| b.is_ascii_digit()) || n.starts_with('0') {
        return None;
    }
    let size: usize = n.parse().ok()?;
    (MIN_SIZE..=MAX_SIZE).contains(&size).then_some(size as u8)
}

/// The moves of a Nabucodonosor record (line `line`).
pub(super) fn parse_moves<'a>(
    line: usize,
    tokens: impl Iterator<Item = &'a str>,
) -> Result<Moves, RecordError> {
    let mut moves = Vec::new();
    for (i, token) in tokens.enumerate() {
        if i >= MAX_MOVES {
            return Err(RecordError::TooManyMoves { line });
        }
        let m: NabuPlayed = token.parse().map_err(|_| RecordError::BadMove {
            line,
            ply: i + 1,
            found: token.chars().take(16).collect(),
        })?;
        moves.push(m);
    }
    Ok(Moves::Nabucodonosor(moves))
}

/// The record of a Nabucodonosor game, with its seed if `reveal`.
pub fn write_nabu(session: &NabuSession, reveal: bool) -> String {
    let game = session.game();
    let board = game.board();
    let verdict = match game.outcome() {
        Some(o) if o.winner == Color::Dark => Verdict::DarkWins,
        Some(_) => Verdict::LightWins,
        None => Verdict::Unfinished,
    };
    let record = Record {
        game: GameKind::Nabucodonosor(game.size() as u8),
        seats: session.seats,
        clock: session.clock,
        fingerprint: session.seed.fingerprint_bytes(),
        seed: reveal.then_some(session.seed),
        seed_chosen: session.seed_chosen,
        word: session.word.clone(),
        dark: session.dark_seat(),
        moves: Moves::Nabucodonosor(session.played()),
        result: GameResult {
            dark: board.count(Color::Dark),
            light: board.count(Color::Light),
            verdict,
        },
        digest: [0; 32],
        body_digest: [0; 32],
    };
    write_record(&record)
}

/// Replays the plies under N1–N15: `moves`, then `table-moves`, then `result`.
pub(super) fn check_moves(r: &Record, plies: &[NabuPlayed]) -> Vec<Check> {
    let GameKind::Nabucodonosor(size) = r.game else {
        return vec![Check::new("moves", Status::Failed, "not-replayed")];
    };
    let Ok(mut game) = NabuGame::new(usize::from(size)) else {
        return vec![Check::new("moves", Status::Failed, "not-replayed")];
    };
    let mut table: Option<Check> = None;
    let (mut table_count, mut passes) = (0, 0);
    for (i, p) in plies.iter().enumerate() {
        let ply = i + 1;
        if p.by_table {
            table_count += 1;
            let expected = game.timeout_move();
            if table.is_none() && r.clock.is_none() {
                table = Some(
                    Check::new("table-moves", Status::Failed, "table-move-without-clock")
                        .with("ply", ply)
                        .with("move", p.mv),
                );
            } else if table.is_none() && expected != Some(p.mv) {
                table = Some(
                    Check::new("table-moves", Status::Failed, "table-move-mismatch")
                        .with("ply", ply)
                        .with("move", p.mv)
                        .with(
                            "expected",
                            expected.map_or("none".to_string(), |m| m.to_string()),
                        ),
                );
            }
        }
        let mover = game.to_move();
        if let Err(e) = game.play(p.mv) {
            let mut out = vec![Check::new("moves", Status::Failed, "illegal-move")
                .with("ply", ply)
                .with("move", p.mv)
                .with("color", mover)
                .with("why", e.code())
                .with("reason", e)];
            out.extend(table);
            out.push(Check::new("result", Status::Failed, "not-replayed"));
            return out;
        }
        passes += usize::from(p.mv == NabuMove::Pass);
    }
    let mut out = vec![Check::new("moves", Status::Passed, "moves-ok")
        .with("plies", plies.len())
        .with("passes", passes)];
    out.push(table.unwrap_or_else(|| {
        Check::new("table-moves", Status::Passed, "table-moves-ok").with("count", table_count)
    }));
    let b = game.board();
    let (dark, light) = (b.count(Color::Dark), b.count(Color::Light));
    let verdict = match game.outcome() {
        None => Verdict::Unfinished,
        Some(o) if o.winner == Color::Dark => Verdict::DarkWins,
        Some(_) => Verdict::LightWins,
    };
    out.push(super::verify::result_check(r, dark, light, verdict));
    out
}

#[cfg(test)]
mod tests {
    use super::super::{parse, verify_text};
    use super::*;
    use crate::fairness::Seed;
    use crate::game::Seat;

    fn played_game() -> NabuSession {
        let mut s = NabuSession::new(
            6,
            [Seat::Person, Seat::Bot { level: 2 }],
            Some(20),
            Seed([7; 32]),
            "olá".into(),
        )
        .expect("size");
        let mut k = 0u64;
        let mut next = || {
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            k
        };
        let mut turn = 0;
        while s.game().outcome().is_none() {
            turn += 1;
            if turn % 7 == 0 {
                s.time_out();
            } else {
                let mv = crate::nabu::bot::greedy_move(s.game(), &mut next).expect("move");
                s.play(mv).expect("legal");
            }
        }
        s
    }

    #[test]
    fn nabu_record_round_trips_and_verifies() {
        let s = played_game();
        let text = write_nabu(&s, true);
        assert!(text.contains("game: nabucodonosor 6\n"), "{text}");
        assert!(text.contains('*'), "a table move is marked: {text}");
        let report = verify_text(&text);
        assert!(report.all_passed(), "{report}");
        let r = parse(&text).expect("parse");
        assert_eq!(r.moves, Moves::Nabucodonosor(s.played()));
        assert_eq!(super::super::write_record(&r), text);
    }

    #[test]
    fn nabu_record_tampering_is_caught() {
        let s = played_game();
        let text = write_nabu(&s, true);
        let fix_digest = |t: &str| match parse(t) {
            Ok(r) => super::super::write_record(&r),
            Err(_) => t.to_string(),
        };
        // An illegal first move (a second disc on the same cell) fails `moves`.
        let moves_line = text
            .lines()
            .find(|l| l.starts_with("moves: "))
            .expect("moves");
        let first = moves_line["moves: ".len()..]
            .split(' ')
            .next()
            .expect("a move");
        let doubled = text.replacen(moves_line, &format!("moves: {first} {first}"), 1);
        let report = verify_text(&fix_digest(&doubled));
        assert_eq!(report.get("moves").map(|c| c.code), Some("illegal-move"));
        // A wrong verdict fails `result`.
        let flipped = if text.contains("dark wins") {
            text.replace("dark wins", "light wins")
        } else {
            text.replace("light wins", "dark wins")
        };
        let report = verify_text(&fix_digest(&flipped));
        assert_eq!(
            report.get("result").map(|c| c.code),
            Some("verdict-mismatch")
        );
        // Bad sizes and move syntax do not read.
        for bad in ["nabucodonosor 4", "nabucodonosor 16", "nabucodonosor 08"] {
            let t = text.replace("nabucodonosor 6", bad);
            assert!(!verify_text(&t).all_passed(), "{bad}");
        }
        let t = text.replacen(moves_line, "moves: *swap", 1);
        assert_eq!(
            verify_text(&t).get("format").map(|c| c.status),
            Some(Status::Failed)
        );
    }
}
