use super::*;
use crate::game::session::Session;
use crate::{Position, Square};

const OTHELLO: &str = include_str!("../../../../tests/data/records/good-with-word.txt");

/// A Nabucodonosor game on 6×6 (the greedy bot, every seventh turn timed
/// out) and its record.
fn nabu_record(stream: u64) -> (Session<NabuGame>, String) {
    let s = crate::engine::nabu_bot::testing::played_game(stream, "");
    let text = crate::record::write(&s, true);
    (s, text)
}

#[test]
fn an_othello_record_steps_through_every_position() {
    let r = read(OTHELLO).unwrap();
    assert_eq!(r.source, Source::Record);
    assert_eq!(r.game, GameKind::Othello);
    let tokens: Vec<&str> = OTHELLO
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap()
        .split(' ')
        .collect();
    assert_eq!(r.steps.len(), tokens.len() + 1);
    // Each step against the position played here, square by square.
    let mut p = Position::start();
    assert_eq!(r.steps[0].cells, p.board().cells());
    assert_eq!(r.steps[0].mv, None);
    for (i, token) in tokens.iter().enumerate() {
        let s = &r.steps[i + 1];
        let plain = token.trim_start_matches('*');
        assert_eq!(s.by_table, token.starts_with('*'), "ply {}", i + 1);
        assert_eq!(s.mv.as_deref(), Some(plain));
        assert_eq!(s.mover, Some(p.side_to_move()));
        if plain == "PA" {
            assert!(s.pass && s.flipped.is_empty() && s.placed.is_none());
            p = p.pass().unwrap();
        } else {
            let sq: Square = plain.parse().unwrap();
            let flips: Vec<usize> = p.flips(sq).into_iter().map(|q| q.index()).collect();
            assert_eq!(s.flipped, flips, "ply {}", i + 1);
            assert_eq!(s.placed, Some(sq.index()));
            p = p.play(sq).unwrap();
        }
        assert_eq!(s.cells, p.board().cells(), "ply {}", i + 1);
    }
    assert_eq!(r.steps.last().unwrap().to_move, None);
    let h = r.header.as_ref().unwrap();
    assert_eq!((h.result.dark, h.result.light), (38, 26));
    assert_eq!(r.end, Some(h.result), "the rules' end is the record's");
    assert_eq!(h.seats, [Seat::Person, Seat::Bot { level: 2 }]);
    assert!(h.fingerprint.starts_with("72cd6e84"));
    // The GGF export replays to the same positions.
    let back = read(r.ggf.as_deref().unwrap()).unwrap();
    assert_eq!(back.source, Source::Ggf);
    let cells = |r: &Replay| r.steps.iter().map(|s| s.cells.clone()).collect::<Vec<_>>();
    assert_eq!(cells(&back), cells(&r));
    assert!(r.ggf.as_deref().unwrap().contains("RE[+12]"));
    // And so does the transcript.
    let t = read(&r.transcript).unwrap();
    assert_eq!(t.source, Source::Transcript);
    assert_eq!(cells(&t), cells(&r));
}

#[test]
fn a_nabucodonosor_record_replays_under_its_own_rules() {
    for seed in 1..6 {
        let (s, text) = nabu_record(seed);
        let r = read(&text).unwrap();
        assert_eq!(r.game, GameKind::Nabucodonosor(6));
        assert_eq!(r.steps.len(), s.moves().len() + 1);
        assert_eq!(r.steps[0].cells, "-".repeat(36));
        // Replayed here move by move, independently of `read`.
        let mut g = NabuGame::new(6).unwrap();
        for (i, played) in s.moves().iter().enumerate() {
            let before = g.board().cells();
            g.play(played.mv).unwrap();
            let step = &r.steps[i + 1];
            assert_eq!(step.cells, g.board().cells());
            assert_eq!(step.by_table, played.by_table);
            assert_eq!(step.swap, played.mv == NabuMove::Swap);
            if let NabuMove::Capture(rect) = played.mv {
                let mut cells: Vec<usize> = rect.cells().iter().map(|c| c.index(6)).collect();
                cells.sort_unstable();
                let turned: Vec<usize> = cells
                    .into_iter()
                    .filter(|&c| before.as_bytes()[c] != step.cells.as_bytes()[c])
                    .collect();
                assert_eq!(step.flipped, turned);
                assert_eq!(step.rect, Some(rect));
            } else {
                assert_eq!(step.rect, None);
            }
        }
        assert_eq!(r.steps.last().unwrap().to_move, None);
        assert!(r.ggf.is_none());
        let h = r.header.unwrap();
        assert_eq!(r.end, Some(h.result), "the rules' end is the record's");
        let swapped = s.moves().get(1).is_some_and(|m| m.mv == NabuMove::Swap);
        assert_eq!(h.dark, s.seat_of(crate::Color::Dark));
        assert_eq!(h.dark, s.dark_seat() ^ usize::from(swapped));
    }
}

#[test]
fn summary_reads_the_header_only() {
    let json = summary(OTHELLO).unwrap();
    assert!(
        json.starts_with(r#"{"kind":"game","game":"othello","size":8,"plies":61,"#),
        "{json}"
    );
    assert!(
        json.contains(r#""seats":["person","bot 2"],"dark":0"#),
        "{json}"
    );
    assert!(
        json.contains(r#""result":{"dark":38,"light":26,"verdict":"dark wins"}"#),
        "{json}"
    );
    let (_, text) = nabu_record(3);
    assert!(summary(&text)
        .unwrap()
        .contains(r#""game":"nabucodonosor","size":6"#));
    assert_eq!(summary("f5d6").unwrap_err().code(), "not-a-record");
}

#[test]
fn what_is_not_a_game_is_refused_with_a_code() {
    assert_eq!(read("hello").unwrap_err().code(), "transcript-bad-square");
    assert_eq!(read("f5f5").unwrap_err().code(), "transcript-occupied");
    let (_, text) = nabu_record(2);
    let line = text.lines().find(|l| l.starts_with("moves: ")).unwrap();
    let first = line["moves: ".len()..].split(' ').next().unwrap();
    let doubled = crate::record::write_record(
        &crate::record::parse(&text.replacen(line, &format!("moves: {first} {first}"), 1)).unwrap(),
    );
    assert_eq!(read(&doubled).unwrap_err().code(), "review-illegal-move");
    // A pasted server game of another type: refused with the GGF reader's code.
    let anti = "(;GM[Othello]TY[8a]B[f5];)";
    assert_eq!(read(anti).unwrap_err().code(), "ggf-anti");
}

#[test]
fn a_pasted_synchro_random_game_replays_from_its_board() {
    // GGS writes a synchro random game's type `s8r18`; its start is in BO.
    let board = "-------- -------- --*O---- --O**O-- --*O*O-- ---O*--- -------- --------";
    let ggf = format!("(;GM[Othello]PC[GGS/os]TY[s8r18]BO[8 {board} *]B[c2]W[b1];)");
    let replay = read(&ggf).unwrap();
    let json = replay.to_json();
    assert!(json.contains("c2"), "{json}");
    assert!(json.contains("b1"), "{json}");
}

#[test]
fn the_json_carries_every_step() {
    let json = read("f5d6").unwrap().to_json();
    assert!(
        json.starts_with(
            r#"{"kind":"game","source":"transcript","game":"othello","size":8,"header":null,"#
        ),
        "{json}"
    );
    assert!(json.contains(r#""move":"f5","mover":"dark","byTable":false,"pass":false,"swap":false,"placed":37,"flipped":[36],"rect":null"#), "{json}");
    assert_eq!(json.matches(r#""cells""#).count(), 3);
    assert!(json.contains(r#""header":null,"end":null,"#), "{json}");
    // A whole game's end from the rules alone (no record to say it).
    let t = read(&read(OTHELLO).unwrap().transcript).unwrap();
    assert!(t
        .to_json()
        .contains(r#""end":{"dark":38,"light":26,"verdict":"dark wins"}"#));
}

#[test]
fn a_match_record_is_listed_with_its_games() {
    let text = include_str!("../../../../tests/data/matches/good-from-page.txt");
    let m = crate::record::parse_match(text).unwrap();
    let json = summary(text).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["kind"], "match");
    assert_eq!(v["game"], "othello");
    assert_eq!(v["match"]["kind"], m.kind.name());
    assert_eq!(v["match"]["target"], m.kind.target());
    assert_eq!(v["match"]["total"][0], m.total[0]);
    assert_eq!(v["match"]["total"][1], m.total[1]);
    assert_eq!(v["match"]["winner"], m.winner.as_str());
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), m.games.len());
    for (g, want) in games.iter().zip(&m.games) {
        assert_eq!(g["number"], want.number);
        // Each game's record comes back whole and replays on its own.
        let record = g["record"].as_str().unwrap();
        assert_eq!(record, want.text);
        assert!(read(record).is_ok());
    }
    // A damaged match record is said with the match parser's code.
    let broken = text.replacen("virada-match 1", "virada-match 9", 1);
    assert!(summary(&broken).is_err());
}
