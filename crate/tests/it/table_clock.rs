//! The table under a game clock and correspondence (T22, T23), driven by
//! instants given in milliseconds: each side's time runs only on its turn,
//! the increment follows each move, a forced pass costs nothing, a flag
//! ends the game lost on time (scored as the WOF scores it), the table
//! never moves for a player, and the finished record states the clock and
//! each move's time and verifies. Every figure is exact: nothing sleeps.

use virada::clock::TimeControl;
use virada::game::{Seat, Verdict};
use virada::record::{parse, verify_text};
use virada::table::{AnyTable, ClockState, Settings, Table};
use virada::{Color, Position};

use crate::common::game_with_a_pass;

const SEED: &str = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

fn table(seats: &str, clock: &str) -> Table<Position> {
    Table::othello(Settings::parse(seats, 1, clock, SEED, "", 10).unwrap()).unwrap()
}

fn left(t: &Table<Position>, now: u64) -> [u64; 2] {
    t.clock_state(now).expect("a game clock").left
}

fn verified(text: &str) {
    let report = verify_text(text);
    assert!(report.all_passed(), "{report}\n{text}");
}

#[test]
fn the_increment_is_added_after_each_move_and_time_runs_only_on_its_turn() {
    let mut t = table("person,person", "180+2");
    assert_eq!(t.clock_control().unwrap().to_string(), "180+2");
    // Nothing runs before the start.
    assert_eq!(left(&t, 50_000), [180_000, 180_000]);
    t.start_clock(1_000);
    assert_eq!(left(&t, 1_100), [179_900, 180_000]);
    // Dark thinks 30 s: 150 s left, and 2 s more.
    t.play_at("f5", 31_000).unwrap();
    assert_eq!(left(&t, 31_000), [152_000, 180_000]);
    // Light's clock runs, dark's stands.
    assert_eq!(left(&t, 40_000), [152_000, 171_000]);
    t.play_at("d6", 40_100).unwrap();
    assert_eq!(left(&t, 40_100), [152_000, 172_900]);
    t.play_at("c3", 40_200).unwrap();
    assert_eq!(left(&t, 40_200), [153_900, 172_900]);
    assert_eq!(
        t.clock_state(40_250),
        Some(ClockState {
            control: TimeControl::Game {
                base: 180,
                increment: 2
            },
            left: [153_900, 172_850],
            running: Some(Color::Light),
            lost_on_time: None,
        })
    );
    assert_eq!(
        t.clock_json(40_250),
        r#"{"control":"180+2","left":[153900,172850],"running":"light","lostOnTime":null}"#
    );
    let snapshot = t.snapshot();
    assert!(
        snapshot.contains(
            r#""timeControl":"180+2","clockLeft":[153900,172900],"clockRunning":"light","clockSince":40200,"lostOnTime":null,"clockTimes":[1520,1729,1539]"#
        ),
        "{snapshot}"
    );
    assert!(
        snapshot.contains(r#""clock":0,"#),
        "no clock a move: {snapshot}"
    );
}

#[test]
fn a_forced_pass_is_not_charged() {
    let mut t = table("person,person", "60+1");
    let mut now = 0;
    t.start_clock(now);
    let mut passes = 0;
    for sq in game_with_a_pass() {
        let before = left(&t, now);
        let mover = t.session().rules().side_to_move();
        now += 700;
        let event = t.play_at(&sq.to_string(), now).unwrap();
        let after = left(&t, now);
        let m = usize::from(mover == Color::Light);
        // The mover paid 0.7 s and gained 1 s; the other side nothing, even
        // when the table passed for it (the turn comes straight back).
        assert_eq!(after[m], before[m] - 700 + 1_000, "ply {now}");
        assert_eq!(after[1 - m], before[1 - m]);
        if !event.passes.is_empty() {
            passes += event.passes.len();
            assert_eq!(
                t.clock_state(now).unwrap().running,
                (!event.over).then_some(mover),
                "the mover's clock runs again at once"
            );
        }
    }
    assert!(passes > 0, "the game has a forced pass");
    assert!(t.session().is_over());
    assert_eq!(t.clock_state(now + 99_000).unwrap().running, None);
    let text = t.record(true);
    let r = parse(&text).unwrap();
    let times = &r.timing.as_ref().unwrap().times;
    assert_eq!(times.len(), t.session().moves().len());
    verified(&text);
}

#[test]
fn a_flag_falls_lost_on_time_and_the_table_never_moves_for_the_person() {
    // Person against the bot at 15+0; the bot plays at once, the person
    // never moves.
    let mut t = table("person,bot", "15+0");
    let person = t.session().seat_of(Color::Dark) == 0;
    let start = 10_000;
    t.start_clock(start);
    let person_color = if person { Color::Dark } else { Color::Light };
    if !person {
        t.play_at("f5", start + 250).unwrap(); // the bot's first move
    }
    let since = t.to_snapshot().clock_since;
    assert_eq!(t.session().rules().side_to_move(), person_color);
    // No table move under a game clock, and no move without its instant.
    assert_eq!(t.time_out().unwrap_err().code(), "no-table-move");
    assert_eq!(t.play("d3").unwrap_err().code(), "clock-needs-time");
    assert_eq!(t.check_flag(since + 14_999), None);
    assert!(!t.session().is_over());
    let p = usize::from(person_color == Color::Light);
    assert_eq!(left(&t, since + 14_999)[p], 1);
    assert_eq!(t.check_flag(since + 15_000), Some(person_color));
    assert!(t.session().is_over());
    assert_eq!(t.session().lost_on_time(), Some(person_color));
    // A move at the very instant, or later, is too late.
    let legal = t.session().rules().timeout_move().unwrap().to_string();
    assert_eq!(
        t.play_at(&legal, since + 15_000).unwrap_err().code(),
        "flag-fell"
    );
    let snapshot = t.to_snapshot();
    assert!(snapshot.over);
    assert_eq!(
        snapshot.lost_on_time.as_deref(),
        Some(person_color.to_string().as_str())
    );
    assert_eq!(
        snapshot.outcome.as_deref(),
        Some(person_color.other().to_string().as_str())
    );
    assert_eq!(snapshot.clock_running, None);
    assert_eq!(left(&t, since + 60_000)[p], 0);
    let mut engine = virada::engine::search::Engine::new(1 << 16);
    assert_eq!(
        t.bot_move(1, &mut engine, virada::engine::search::Budget::unlimited()),
        None,
        "the bot does not move once the game is lost on time"
    );

    let text = t.record(true);
    assert!(text.contains("\nclock: 15+0\n"), "{text}");
    assert!(text.contains(" wins on time"), "{text}");
    let r = parse(&text).unwrap();
    let timing = r.timing.as_ref().unwrap();
    assert!(timing.on_time);
    assert_eq!(
        timing.times.last(),
        Some(&0),
        "the flag's 0.0 ends the times"
    );
    // The WOF's score: the loser keeps its discs (2 or 3 here), the winner
    // has the rest of the board.
    let (dark, light) = (r.result.dark, r.result.light);
    assert_eq!(dark + light, 64);
    let winner = [Verdict::DarkWins, Verdict::LightWins][usize::from(person_color == Color::Dark)];
    assert_eq!(r.result.verdict, winner);
    verified(&text);
    let report = verify_text(&text);
    assert_eq!(report.get("result").unwrap().code, "result-on-time");
}

#[test]
fn a_move_made_before_the_flag_stands_and_one_after_it_ends_the_game() {
    let mut t = table("person,person", "10+0");
    t.start_clock(0);
    t.play_at("f5", 9_999).unwrap();
    assert_eq!(left(&t, 9_999), [1, 10_000]);
    t.play_at("d6", 5_000 + 9_999).unwrap();
    // Dark's 1 ms runs out at 15 s: a move then is too late.
    assert_eq!(t.play_at("c3", 15_000).unwrap_err().code(), "flag-fell");
    assert_eq!(t.session().lost_on_time(), Some(Color::Dark));
    assert_eq!(t.session().moves().len(), 2, "the late move is not played");
    let text = t.record(true);
    assert!(text.contains("\ntimes: 0.1 5.0 0.0\n"), "{text}");
    assert!(text.contains("light wins on time"), "{text}");
    verified(&text);
}

#[test]
fn a_whole_game_under_a_game_clock_records_its_times_and_verifies() {
    let mut t = table("person,person", "300+5");
    let mut now = 77;
    t.start_clock(now);
    let mut step = 0;
    while !t.session().is_over() {
        let mv = t.session().rules().timeout_move().unwrap();
        step = (step * 7 + 3) % 11;
        now += 100 + 1_000 * step;
        t.play_at(&mv.to_string(), now).unwrap();
    }
    let text = t.record(true);
    assert!(text.contains("\nclock: 300+5\n"), "{text}");
    assert!(text.contains("\ntimes: "), "{text}");
    assert!(!text.contains("on time"), "{text}");
    verified(&text);
    // The record's GGF carries the clock and each move's time.
    let ggf = virada::record::ggf_clock::write(&parse(&text).unwrap()).unwrap();
    assert!(ggf.contains("TI[05:00/00:05/]"), "{ggf}");
    assert!(ggf.contains("//"), "{ggf}");
    // The table's own GGF (the page's Download GGF) is the same text.
    assert_eq!(t.ggf(), ggf);
    // And the times read back from it are the record's.
    let game: virada::GgfGame = ggf.parse().unwrap();
    let (_, times) = virada::record::ggf_clock::read(&game).unwrap();
    assert_eq!(times, t.timed().unwrap().times);
}

#[test]
fn a_game_lost_on_time_is_written_to_ggf_with_the_wofs_score() {
    let mut t = table("person,person", "15+0");
    t.start_clock(0);
    t.play_at("f5", 1_000).unwrap();
    assert_eq!(t.check_flag(16_000), Some(Color::Light));
    let text = t.record(true);
    // Light ran out with 1 disc to dark's 4: 1–63, +62 for dark.
    assert!(
        text.contains("\nresult: dark 63 light 1 dark wins on time\n"),
        "{text}"
    );
    let ggf = t.ggf();
    assert!(ggf.contains("RE[+62]"), "{ggf}");
    assert!(ggf.contains("TI[00:15/00:00/]"), "{ggf}");
    assert_eq!(
        virada::record::ggf_clock::write(&parse(&text).unwrap()).unwrap(),
        ggf
    );
    // History's replay of the record downloads the same GGF.
    let replay = virada::engine::replay::read(&text).unwrap();
    assert_eq!(replay.ggf.as_deref(), Some(ggf.as_str()));
}

#[test]
fn no_undo_under_a_game_clock_and_the_clock_a_move_is_unchanged() {
    let mut t = table("person,bot", "60+0");
    let person_dark = t.session().seat_of(Color::Dark) == 0;
    if !person_dark {
        t.play_at("f5", 100).unwrap();
    }
    let mv = t.session().rules().timeout_move().unwrap().to_string();
    t.play_at(&mv, 500).unwrap();
    let reply = t.session().rules().timeout_move().unwrap().to_string();
    t.play_at(&reply, 900).unwrap();
    assert_eq!(t.undo().unwrap_err().code(), "clock-no-undo");

    // A clock a move: the table's move on time-out, no game clock state,
    // play_at the same as play.
    let mut m = table("person,person", "30");
    assert_eq!(m.clock_control().unwrap().to_string(), "30");
    assert_eq!(m.clock_state(0), None);
    assert_eq!(m.clock_json(0), "null");
    m.play_at("f5", 123).unwrap();
    assert!(m.time_out().is_ok());
    assert!(m.snapshot().contains(r#""clock":30,"#));
    assert!(m
        .snapshot()
        .contains(r#""timeControl":"30","clockLeft":null"#));
}

#[test]
fn correspondence_is_online_only_and_a_lapsed_window_loses_on_time() {
    let e = Settings::parse("person,person", 1, "2d", "", "", 10).unwrap_err();
    assert_eq!(e.code(), "correspondence-online-only");
    // The online table builds its settings as values: 2 days a move.
    let mut settings = Settings::parse("person,person", 1, "", SEED, "", 10).unwrap();
    settings.clock = Some("2d".parse().unwrap());
    let mut t = AnyTable::new(virada::game::GameKind::Othello, settings).unwrap();
    let day = 86_400_000;
    t.start_clock(0);
    t.play_at("f5", day).unwrap();
    // Light's window is 2 days from dark's move: 1 ms before its end.
    t.play_at("d6", 3 * day - 1).unwrap();
    // Each move gives the other side its whole window again.
    t.play_at("c3", 3 * day).unwrap();
    assert_eq!(t.clock_state(3 * day).unwrap().left, [2 * day - 1, 2 * day]);
    assert_eq!(t.check_flag(5 * day - 1), None);
    assert_eq!(t.check_flag(5 * day), Some(Color::Light));
    assert!(t.is_over());
    let text = t.record(true);
    assert!(text.contains("\nclock: 2d\n"), "{text}");
    assert!(!text.contains("\ntimes:"), "{text}");
    assert!(text.contains("dark wins on time"), "{text}");
    verified(&text);
}

#[test]
fn a_table_resumes_from_its_kept_times() {
    let mut t = AnyTable::new(
        virada::game::GameKind::Othello,
        Settings::parse("person,person", 1, "60+1", SEED, "", 10).unwrap(),
    )
    .unwrap();
    t.start_clock(0);
    for (mv, at) in [("f5", 1_000), ("d6", 2_500), ("c3", 4_500), ("d3", 7_000)] {
        t.play_at(mv, at).unwrap();
    }
    let kept = t.timed().unwrap().clone();
    let remaining = kept.clock.remaining_ms;
    // A new server replays the moves and the kept times; the side to move's
    // clock runs from the instant it resumes.
    let mut back = AnyTable::new(
        virada::game::GameKind::Othello,
        Settings::parse("person,person", 1, "60+1", SEED, "", 10).unwrap(),
    )
    .unwrap();
    back.replay_text(&t.moves_text()).unwrap();
    back.restore_clock(kept.times.clone(), remaining, 900_000)
        .unwrap();
    assert_eq!(remaining, [59_000, 58_000]);
    assert_eq!(back.clock_state(900_500).unwrap().left, [58_500, 58_000]);
    back.play_at("c4", 901_000).unwrap();
    t.play_at("c4", 8_000).unwrap();
    assert_eq!(back.record(true), t.record(true), "the same times");
    // Times that do not fit the moves are refused.
    let mut wrong = AnyTable::new(
        virada::game::GameKind::Othello,
        Settings::parse("person,person", 1, "60+1", SEED, "", 10).unwrap(),
    )
    .unwrap();
    wrong.replay_text("f5 d6").unwrap();
    let code = wrong
        .restore_clock(vec![590], [59_000, 60_000], 0)
        .unwrap_err()
        .code();
    assert_eq!(code, "bad-clock-state");
    // A kept flag resumes the game lost on time.
    wrong
        .restore_clock(vec![590, 600, 0], [59_000, 60_000], 7)
        .unwrap();
    assert!(wrong.is_over());
    verified(&wrong.record(true));
}

#[test]
fn bad_clock_notation_is_refused_with_its_code() {
    for bad in ["0+0", "abc", "180+", "10801+0", "1+181", "15d"] {
        let e = Settings::parse("person,bot", 1, bad, "", "", 10).unwrap_err();
        assert_eq!(e.code(), "bad-clock", "{bad}");
        assert!(e.to_string().starts_with("bad-clock: "), "{bad}: {e}");
    }
    let seats = [Seat::Person, Seat::Bot { level: 1 }];
    let built = Settings {
        seats,
        clock: Some(TimeControl::PerMove { seconds: 0 }),
        seed: None,
        word: String::new(),
        handicap: None,
    };
    assert_eq!(Table::othello(built).unwrap_err().code(), "bad-clock");
}
