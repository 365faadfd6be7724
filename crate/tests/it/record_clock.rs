//! Records under a game clock (`clock: 60+1`) and correspondence
//! (`clock: 2d`): each ply's time left written and read back, a loss on
//! time scored as the World Othello Federation scores it, and the
//! verifier refusing each kind of forged clock with its own code.

use virada::clock::{score_on_time, GameClock, TimeControl};
use virada::game::fairness::Seed;
use virada::game::session::Session;
use virada::game::{Seat, Verdict};
use virada::record::{parse, tenths_of, verify, verify_text, write, write_record, Record, Timing};
use virada::Color;

use crate::common::game_with_a_pass;

const GAME: TimeControl = TimeControl::Game {
    base: 60,
    increment: 1,
};

/// A game of `turns` turns at most (the squares of [`game_with_a_pass`],
/// the forced passes after each), each side thinking 1.7 s, 0.35 s, 2.9 s, …
/// under a 60+1 clock driven from instant 0; its record, the instant the
/// last ply ended and the clock.
fn clocked_game(turns: usize) -> (Record, u64, GameClock) {
    let mut s = Session::othello(
        [Seat::Person, Seat::Person],
        None,
        Seed([7; 32]),
        String::new(),
    );
    let mut clock = GameClock::new(60, 1);
    let mut times = Vec::new();
    let mut now = 0;
    clock.start(0, now);
    for (turn, sq) in game_with_a_pass().into_iter().take(turns).enumerate() {
        now += [1_700, 350, 2_900, 1_040][turn % 4];
        let event = s.turn(virada::Move::Play(sq)).unwrap();
        times.push(tenths_of(clock.moved(now).unwrap()));
        for passer in event.passes {
            clock.passed(now);
            times.push(tenths_of(clock.remaining(side(passer), now)));
        }
        if event.over {
            clock.stop();
        }
    }
    let mut r = parse(&write(&s, true)).unwrap();
    r.timing = Some(Timing {
        control: GAME,
        times,
        on_time: false,
    });
    (r, now, clock)
}

fn side(c: Color) -> usize {
    usize::from(c == Color::Light)
}

/// The game of `turns` turns lost on time by the side to move: its flag
/// entry and the WOF's score.
fn flagged(turns: usize) -> Record {
    let (mut r, now, clock) = clocked_game(turns);
    let flag = clock
        .flag(now + 120_000)
        .expect("a flag falls in two minutes");
    let t = r.timing.as_mut().unwrap();
    t.times.push(0);
    t.on_time = true;
    let discs = [r.result.dark, r.result.light];
    let (lost, won) = score_on_time(discs[flag.side], 64);
    r.result.verdict = [Verdict::LightWins, Verdict::DarkWins][flag.side];
    (r.result.dark, r.result.light) = match flag.side {
        0 => (lost, won),
        _ => (won, lost),
    };
    r
}

fn failure(r: &Record) -> (&'static str, &'static str) {
    let report = verify_text(&write_record(r));
    let f = report.first_failure().expect("a forged record fails");
    (f.check, f.code)
}

#[test]
fn a_whole_game_under_60_plus_1_writes_its_times_and_verifies() {
    let (r, _, _) = clocked_game(200);
    let t = r.timing.as_ref().unwrap();
    assert_eq!(t.times.len(), r.moves.len());
    let text = write_record(&r);
    assert!(text.contains("\nclock: 60+1\n"), "{text}");
    // Dark's first move: 60 s less 1.7 s plus the increment.
    assert!(text.contains("\ntimes: 59.3 60.7 57.4 60.7 "), "{text}");
    let back = parse(&text).unwrap();
    assert_eq!(back, parse(&write_record(&back)).unwrap());
    assert_eq!(back.timing, r.timing);
    assert_eq!(back.clock, None);
    let report = verify(&back);
    assert!(report.all_passed(), "{report:?}");
    assert_eq!(report.get("clock").unwrap().code, "clock-ok");
    assert_eq!(report.get("result").unwrap().code, "result-ok");
}

#[test]
fn a_game_with_a_forced_pass_charges_the_pass_nothing() {
    let (r, _, _) = clocked_game(200);
    let virada::game::Moves::Othello(plies) = &r.moves else {
        unreachable!()
    };
    let t = &r.timing.as_ref().unwrap().times;
    let passes: Vec<usize> = (0..plies.len())
        .filter(|&i| plies[i].mv == virada::Move::Pass)
        .collect();
    assert!(!passes.is_empty(), "the test game needs a pass");
    for i in passes {
        // Two plies before the pass was the same side's last entry.
        assert_eq!(t[i], t[i - 2], "ply {}", i + 1);
    }
    assert!(verify(&r).all_passed());
}

#[test]
fn a_flag_falls_lost_on_time_and_scored_as_the_wof_scores_it() {
    let r = flagged(20);
    let text = write_record(&r);
    assert!(text.contains(" 0.0\nresult: "), "{text}");
    assert!(text.contains(" wins on time\n"), "{text}");
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report:?}");
    let result = report.get("result").unwrap();
    assert_eq!(result.code, "result-on-time");
    assert_eq!(
        result.param("dark").parse::<u32>().unwrap()
            + result.param("light").parse::<u32>().unwrap(),
        64,
        "the empty squares go to the winner"
    );
}

#[test]
fn the_verifier_refuses_each_forged_clock_with_its_code() {
    let (whole, _, _) = clocked_game(200);

    let mut rises = whole.clone();
    times(&mut rises)[4] = times(&mut rises.clone())[2] + 11; // 1.1 s over the increment
    assert_eq!(failure(&rises), ("clock", "clock-time-rises"));

    let mut count = whole.clone();
    times(&mut count).pop();
    assert_eq!(failure(&count), ("clock", "clock-times-count"));

    let mut pass = whole.clone();
    let virada::game::Moves::Othello(plies) = &whole.moves else {
        unreachable!()
    };
    let p = plies
        .iter()
        .position(|p| p.mv == virada::Move::Pass)
        .unwrap();
    times(&mut pass)[p] -= 5;
    assert_eq!(failure(&pass), ("clock", "clock-pass-charged"));

    let mut after_flag = whole.clone();
    times(&mut after_flag)[6] = 10; // 1.0: no time left before the increment
    assert_eq!(failure(&after_flag), ("clock", "clock-move-after-flag"));

    let lost = flagged(20);
    let mut no_flag = lost.clone();
    *times(&mut no_flag).last_mut().unwrap() = 31;
    assert_eq!(failure(&no_flag), ("clock", "clock-on-time-without-flag"));

    let mut finished = whole.clone();
    times(&mut finished).push(0);
    finished.timing.as_mut().unwrap().on_time = true;
    assert_eq!(failure(&finished), ("clock", "clock-on-time-without-flag"));

    let mut winner = lost.clone();
    winner.result.verdict = match lost.result.verdict {
        Verdict::DarkWins => Verdict::LightWins,
        _ => Verdict::DarkWins,
    };
    (winner.result.dark, winner.result.light) = (lost.result.light, lost.result.dark);
    assert_eq!(failure(&winner), ("result", "clock-on-time-winner"));

    let mut score = lost.clone();
    let (d, l) = (score.result.dark, score.result.light);
    (score.result.dark, score.result.light) = if d > l { (64, 0) } else { (0, 64) };
    assert_ne!((d, l), (score.result.dark, score.result.light));
    assert_eq!(failure(&score), ("result", "clock-on-time-score"));
}

#[test]
fn the_clock_line_reads_the_three_kinds_and_refuses_the_rest() {
    let (base, _, _) = clocked_game(4);
    let mut per_move = base.clone();
    per_move.timing = None;
    per_move.clock = Some(30);
    let text = write_record(&per_move);
    assert!(
        text.contains("\nclock: 30\n") && !text.contains("times:"),
        "{text}"
    );
    assert_eq!(parse(&text).unwrap().clock, Some(30));

    let mut corr = base.clone();
    corr.timing = Some(Timing {
        control: "2d".parse().unwrap(),
        times: Vec::new(),
        on_time: false,
    });
    let text = write_record(&corr);
    assert!(text.contains("\nclock: 2d\n"), "{text}");
    let back = parse(&text).unwrap();
    assert_eq!(
        back.timing.unwrap().control,
        TimeControl::Correspondence { days: 2 }
    );
    assert!(verify_text(&text).all_passed());

    let good = write_record(&base);
    for (from, to, code) in [
        ("clock: 60+1", "clock: 0+0", "bad-clock"),
        ("clock: 60+1", "clock: abc", "bad-clock"),
        ("clock: 60+1", "clock: 15d", "bad-clock"),
        ("times: 59.3", "times: 59.30", "bad-times"),
        ("times: 59.3", "times: -59.3", "bad-times"),
        ("times: 59.3", "times: 59.3 ", "bad-times"),
        ("clock: 60+1", "clock: 30", "bad-times"),
        ("clock: 60+1", "clock: 2d", "bad-times"),
    ] {
        assert!(good.contains(from), "{good}");
        let e = parse(&good.replacen(from, to, 1)).unwrap_err();
        assert_eq!(e.code(), code, "{to}");
    }
    let lost = write_record(&flagged(4));
    let e = parse(
        &lost
            .replacen("clock: 60+1", "clock: off", 1)
            .replace("\ntimes: ", "\nx: ")
            .lines()
            .filter(|l| !l.starts_with("x: "))
            .collect::<Vec<_>>()
            .join("\n"),
    )
    .unwrap_err();
    assert_eq!(e.code(), "bad-result");
}

fn times(r: &mut Record) -> &mut Vec<u32> {
    &mut r.timing.as_mut().unwrap().times
}

#[test]
fn the_ggf_export_carries_the_clock_and_each_move_time_and_reads_them_back() {
    use virada::record::ggf_clock;
    let (r, _, _) = clocked_game(200);
    let text = ggf_clock::write(&r).unwrap();
    assert!(text.contains("TI[01:00/00:01/]"), "{text}");
    // Dark's first move took 1.7 s; light's 0.35 s shows as 0.3, its time
    // left having been rounded up to 60.7.
    assert!(
        text.contains("[d3//1.7]") && text.contains("[e3//0.3]"),
        "{text}"
    );
    let game: virada::GgfGame = text.parse().unwrap();
    let (control, times) = ggf_clock::read(&game).unwrap();
    assert_eq!(control, GAME);
    assert_eq!(&times, &r.timing.as_ref().unwrap().times);
    // Without TI there is no clock to read; without move times, no times.
    let mut plain = game.clone();
    plain.properties.retain(|(k, _)| k != "TI");
    assert_eq!(ggf_clock::read(&plain), None);
    let mut untimed = game.clone();
    untimed.moves[3].time = None;
    assert_eq!(ggf_clock::read(&untimed), Some((GAME, Vec::new())));
}

#[test]
fn a_lapsed_correspondence_window_is_a_loss_on_time_scored_the_same() {
    let mut r = flagged(5);
    r.timing = Some(Timing {
        control: TimeControl::Correspondence { days: 2 },
        times: Vec::new(),
        on_time: true,
    });
    let text = write_record(&r);
    assert!(
        text.contains("\nclock: 2d\n") && text.contains(" wins on time\n"),
        "{text}"
    );
    assert!(!text.contains("times:"), "{text}");
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report:?}");
    assert_eq!(report.get("result").unwrap().code, "result-on-time");
    let mut wrong = r.clone();
    wrong.result.dark -= 1;
    wrong.result.light += 1;
    assert_eq!(failure(&wrong), ("result", "clock-on-time-score"));
}

#[test]
fn the_table_never_places_under_a_game_clock() {
    let (mut r, _, _) = clocked_game(6);
    let virada::game::Moves::Othello(plies) = &mut r.moves else {
        unreachable!()
    };
    plies[2].by_table = true;
    assert_eq!(failure(&r), ("table-moves", "table-move-without-clock"));
}

#[cfg(feature = "serde")]
#[test]
fn a_record_lost_on_time_goes_through_serde_and_back() {
    let r = flagged(20);
    let json = serde_json::to_string(&r).unwrap();
    assert!(json.contains("\"control\":\"60+1\""), "{json}");
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(write_record(&back), write_record(&r));
}

/// The table's way: a session and a `Timed` clock turned after each turn,
/// the record written, then `set_timing`.
#[test]
fn a_timed_game_at_the_table_writes_a_record_that_verifies_with_its_flag() {
    use virada::game::timed::Timed;
    let mut s = Session::othello(
        [Seat::Person, Seat::Bot { level: 1 }],
        None,
        Seed([9; 32]),
        String::new(),
    );
    let control: TimeControl = "15+0".parse().unwrap();
    let mut timed = Timed::start(control, 1_000).unwrap();
    assert_eq!(Timed::start("30".parse().unwrap(), 0), None);
    let mut now = 1_000;
    for sq in game_with_a_pass().into_iter().take(9) {
        now += 1_500;
        let mover = s.position().side_to_move();
        let event = s.turn(virada::Move::Play(sq)).unwrap();
        timed
            .turn(mover, false, &event.passes, event.over, now)
            .unwrap();
    }
    // The side to move never moves: its 15 s less what it used run out.
    let to_move = s.position().side_to_move();
    let left = timed
        .clock
        .remaining(usize::from(to_move == Color::Light), now);
    assert_eq!(timed.check(now + left - 1), None);
    let flag = timed.check(now + left).unwrap();
    assert_eq!(flag.at, now + left);
    assert_eq!(timed.loser(), Some(to_move));
    assert_eq!(timed.check(now + left + 5_000), Some(flag), "noted once");
    // A move after the flag is refused and adds nothing.
    let n = timed.times.len();
    assert!(timed
        .turn(to_move, false, &[], false, now + left + 1)
        .is_err());
    assert_eq!(timed.times.len(), n);

    let mut r = parse(&write(&s, true)).unwrap();
    virada::record::set_timing(&mut r, control, timed.times.clone(), timed.loser());
    let text = write_record(&r);
    assert!(text.contains("\nclock: 15+0\n"), "{text}");
    assert!(text.contains(" wins on time\n"), "{text}");
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report:?}");
    assert_eq!(report.get("result").unwrap().code, "result-on-time");
}

#[test]
fn each_clock_code_is_said_in_english() {
    let lost = flagged(20);
    let report = verify_text(&write_record(&lost));
    let said = report.to_string();
    assert!(
        said.contains("clock: the 21 times follow the clock 60+1"),
        "{said}"
    );
    assert!(said.contains("result: lost on time: dark "), "{said}");
    let mut forged = lost.clone();
    forged.result.dark += 1;
    forged.result.light -= 1;
    let said = verify_text(&write_record(&forged)).to_string();
    assert!(
        said.contains("lost on time, the game scores dark "),
        "{said}"
    );
}
