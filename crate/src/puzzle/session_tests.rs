use super::*;
use crate::puzzle::{discs_at_end, puzzle_at, rate_attempt};
use crate::{Obf, Square};
use serde_json::Value;

/// FFO's first positions (tests/data, the FFO endgame suite).
fn ffo(n: usize) -> Position {
    let text = include_str!("../../../tests/data/fforum-01-19.obf");
    crate::parse_obf_text(text).unwrap()[n - 1].position
}

/// A set of the FFO positions that are puzzles, found by the library.
fn set(oracle: &mut Oracle) -> (String, Vec<Puzzle>) {
    let found: Vec<Puzzle> = (1..=4).filter_map(|n| puzzle_at(&ffo(n), oracle)).collect();
    let text: Vec<String> = found.iter().map(|p| p.to_string()).collect();
    (format!("# a comment\n{}\n", text.join("\n")), found)
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The position a page draws from `position` JSON, checked against the rules.
fn check_position(json: &Value, p: &Position) {
    assert_eq!(json["cells"], Obf::new(*p).to_string()[..64]);
    assert_eq!(json["side"], color_name(p.side_to_move()));
    assert_eq!(json["dark"], p.count(Color::Dark));
    assert_eq!(json["light"], p.count(Color::Light));
    let legal = json["legal"].as_array().unwrap();
    assert_eq!(legal.len() as u32, p.legal_moves().count());
    for l in legal {
        let at = Square::new(l["sq"].as_u64().unwrap() as u8).unwrap();
        assert!(p.legal_moves().contains(at));
        assert_eq!(l["move"], at.to_string());
        let flips: Vec<u64> = p.flips(at).squares().map(|s| s.index() as u64).collect();
        let said: Vec<u64> = l["flips"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_u64().unwrap())
            .collect();
        assert_eq!(said, flips);
    }
}

/// Replays `plies` JSON from `from`: each ply's flips and board are the rules'.
fn replay(plies: &Value, from: Position) -> Position {
    let mut at = from;
    for p in plies.as_array().unwrap() {
        let mv: Move = match p["move"].as_str().unwrap() {
            "pass" => Move::Pass,
            s => Move::Play(sq(s)),
        };
        assert_eq!(p["mover"], color_name(at.side_to_move()));
        let flips: Vec<u64> = match mv {
            Move::Play(s) => at.flips(s).squares().map(|s| s.index() as u64).collect(),
            Move::Pass => Vec::new(),
        };
        let said: Vec<u64> = p["flips"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_u64().unwrap())
            .collect();
        assert_eq!(said, flips);
        at = at.play_move(mv).unwrap();
        assert_eq!(p["cells"], Obf::new(at).to_string()[..64]);
    }
    at
}

#[test]
fn a_puzzle_opens_by_id_or_line_without_its_answer() {
    let mut oracle = Oracle::default();
    let (text, found) = set(&mut oracle);
    let mut s = Session::new(1 << 20);
    assert_eq!(s.load_set(&text).unwrap(), found.len());
    let first = &found[0];
    let opened = parse(&s.open(&first.id).unwrap());
    assert_eq!(opened["id"], first.id.as_str());
    assert_eq!(opened["rating"], first.rating);
    assert_eq!(opened["empties"], first.empties());
    assert_eq!(opened["person"], color_name(first.position.side_to_move()));
    check_position(&opened["position"], &first.position);
    assert!(!s
        .open(&first.id)
        .unwrap()
        .contains(&format!("{:+}", first.score)));
    // A whole line opens too; an unknown id or a bad line is refused.
    let by_line = parse(&s.open(&first.export_line()).unwrap());
    assert_eq!(by_line["id"], first.id.as_str());
    assert_eq!(s.open("00000000").unwrap_err().code, "no-puzzle");
    assert_eq!(
        s.open("XX; A1:+2; id=x; rating=9")
            .unwrap_err()
            .code
            .split('-')
            .next(),
        Some("obf")
    );
    assert_eq!(s.load_set("nonsense line").unwrap_err().code, "puzzle-set");
}

#[test]
fn the_best_line_is_solved_and_each_ply_is_drawn_as_the_rules_play_it() {
    let mut oracle = Oracle::default();
    let (text, found) = set(&mut oracle);
    let mut s = Session::new(1 << 20);
    s.load_set(&text).unwrap();
    let puzzle = &found[0];
    s.open(&puzzle.id).unwrap();
    let mut at = puzzle.position;
    let mut next = puzzle.best;
    let mut played = 0;
    loop {
        let answer = parse(&s.play(&next.to_string()).unwrap());
        played += 1;
        at = replay(&answer["plies"], at);
        check_position(&answer["position"], &at);
        assert_eq!(answer["moves"].as_array().unwrap().len(), played);
        if answer["outcome"] == "solved" {
            break;
        }
        assert_eq!(answer["outcome"], "kept");
        // The replies are perfect: the person's score holds.
        assert_eq!(oracle.score(&at), puzzle.score);
        next = oracle
            .move_values(&at)
            .into_iter()
            .find(|&(_, v)| v == puzzle.score)
            .unwrap()
            .0;
    }
    assert!(played as u32 == puzzle.moves || at.is_game_over());
    assert_eq!(s.play("a1").unwrap_err().code, "puzzle-over");
}

#[test]
fn a_wrong_move_says_its_cost_and_plays_its_refutation_to_the_end() {
    let mut oracle = Oracle::default();
    let (text, found) = set(&mut oracle);
    let mut s = Session::new(1 << 20);
    s.load_set(&text).unwrap();
    let puzzle = &found[0];
    s.open(&puzzle.id).unwrap();
    assert_eq!(s.play("zz").unwrap_err().code, "bad-move");
    let illegal = Square::ALL
        .into_iter()
        .find(|&q| !puzzle.position.legal_moves().contains(q))
        .unwrap();
    assert_eq!(
        s.play(&illegal.to_string()).unwrap_err().code,
        "puzzle-illegal-move"
    );
    let (wrong, value) = oracle
        .move_values(&puzzle.position)
        .into_iter()
        .find(|&(q, _)| q != puzzle.best)
        .unwrap();
    let answer = parse(&s.play(&wrong.to_string()).unwrap());
    assert_eq!(answer["outcome"], "missed");
    let (a, b) = discs_at_end(value);
    assert_eq!(answer["ends"], serde_json::json!([a, b]));
    let (a, b) = discs_at_end(puzzle.score);
    assert_eq!(answer["bestEnds"], serde_json::json!([a, b]));
    assert_eq!(answer["best"], puzzle.best.to_string());
    let end = replay(&answer["plies"], puzzle.position);
    assert!(end.is_game_over());
    let person = puzzle.position.side_to_move();
    // The refutation ends at the wrong move's cost.
    let diff = end.count(person) as i32 - end.count(person.other()) as i32;
    let empties = 64 - end.count(person) - end.count(person.other());
    assert_eq!(diff + diff.signum() * empties as i32, value);
    assert_eq!(
        s.play(&puzzle.best.to_string()).unwrap_err().code,
        "puzzle-over"
    );
    assert_eq!(
        Session::new(1 << 16).play("a1").unwrap_err().code,
        "no-puzzle"
    );
}

#[test]
fn the_next_the_harder_and_the_days_puzzle_are_the_servers_choice() {
    let mut oracle = Oracle::default();
    let (text, found) = set(&mut oracle);
    let mut s = Session::new(1 << 16);
    s.load_set(&text).unwrap();
    let skip = format!("{}, ", found[0].id);
    let skipped = [found[0].id.as_str()];
    for rating in [0, 1000, 1600, 3000] {
        assert_eq!(
            s.nearest(rating, &skip),
            choose::nearest(&found, rating, &skipped).map(|p| p.id.clone())
        );
        assert_eq!(
            s.harder(rating, ""),
            choose::harder(&found, rating, &[]).map(|p| p.id.clone())
        );
    }
    let day = parse(&s.daily(20_429).unwrap());
    assert_eq!(day["day"], "2025-12-07");
    assert_eq!(
        day["id"],
        choose::daily(&found, 20_429).unwrap().id.as_str()
    );
    assert_eq!(Session::new(1 << 16).daily(1), None);
}

#[test]
fn a_rating_on_the_device_is_the_librarys_glicko2() {
    let mut oracle = Oracle::default();
    let (text, found) = set(&mut oracle);
    let mut s = Session::new(1 << 16);
    s.load_set(&text).unwrap();
    let p = &found[0];
    for solved in [true, false] {
        let answer = parse(&s.rate(Stated::NEW, &p.id, solved).unwrap());
        let (after, _) = rate_attempt(Stated::NEW, p.starting_rating(), solved);
        assert_eq!(answer["after"]["rating"], after.rating);
        assert_eq!(answer["after"]["deviation"], after.deviation);
        assert_eq!(answer["after"]["volatility"], after.volatility);
        assert_eq!(answer["after"]["shown"], after.shown());
        assert_eq!(answer["before"]["rating"], Stated::NEW.rating);
        let change = answer["change"].as_i64().unwrap();
        let whole = |r: i64| (r + 50).div_euclid(100);
        assert_eq!(change, whole(after.rating) - whole(Stated::NEW.rating));
        assert_eq!(change > 0, solved);
    }
    let broken = Stated {
        deviation: 0,
        ..Stated::NEW
    };
    assert_eq!(s.rate(broken, &p.id, true).unwrap_err().code, "bad-rating");
    assert_eq!(
        s.rate(Stated::NEW, "nope", true).unwrap_err().code,
        "no-puzzle"
    );
}
