//! Nabucodonosor under a game clock (T22, T23, N4). A game clock is each
//! player's, so the pie swap, where the players exchange colours, hands
//! each one's time over with its colour: the player who moved first goes
//! on with its own time as light. The record's times follow the players,
//! and the verifier reads them so; a table resumes them from the kept
//! times. Every instant is given in milliseconds: nothing sleeps.

use virada::game::nabu::{NabuGame, NabuMove};
use virada::record::verify_text;
use virada::table::{AnyTable, Settings, Table};
use virada::Color;

const SEED: &str = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";

fn settings(clock: &str) -> Settings {
    Settings::parse("person,person", 1, clock, SEED, "", 5).unwrap()
}

fn table(clock: &str) -> Table<NabuGame> {
    Table::nabucodonosor(6, settings(clock)).unwrap()
}

/// The first legal move that is not the swap.
fn a_move(t: &Table<NabuGame>) -> String {
    let moves = t.session().rules().legal_moves();
    let mv = moves.iter().find(|m| **m != NabuMove::Swap).unwrap();
    mv.to_string()
}

fn left(t: &Table<NabuGame>, now: u64) -> ([u64; 2], Option<Color>) {
    let c = t.clock_state(now).expect("a game clock");
    (c.left, c.running)
}

fn verified(text: &str) {
    let report = verify_text(text);
    assert!(report.all_passed(), "{report}\n{text}");
}

/// Dark (the first player) moves at 10 s, light swaps at 13 s: at 60+1 the
/// first player has 51 s, the second 58 s.
fn swapped(clock: &str) -> Table<NabuGame> {
    let mut t = table(clock);
    t.start_clock(0);
    let first = t.session().seat_of(Color::Dark);
    t.play_at(&a_move(&t), 10_000).unwrap();
    t.play_at("swap", 13_000).unwrap();
    assert_eq!(
        t.session().seat_of(Color::Light),
        first,
        "the colours changed hands"
    );
    t
}

#[test]
fn the_swap_hands_each_players_time_over_with_its_colour() {
    let mut t = swapped("60+1");
    // The first player now holds light and is to move: its own 51 s run,
    // and the second player's 58 s are dark's.
    assert_eq!(left(&t, 14_000), ([58_000, 50_000], Some(Color::Light)));
    let snapshot = t.snapshot();
    assert!(
        snapshot.contains(r#""clockLeft":[58000,51000],"clockRunning":"light","clockSince":13000"#),
        "{snapshot}"
    );
    // The first player thinks 7 s (51 - 7 + 1), then the second 10 s (58 - 10 + 1).
    t.play_at(&a_move(&t), 20_000).unwrap();
    assert_eq!(left(&t, 20_000), ([58_000, 45_000], Some(Color::Dark)));
    t.play_at(&a_move(&t), 30_000).unwrap();
    assert_eq!(left(&t, 30_000), ([49_000, 45_000], Some(Color::Light)));
    let record = t.record(true);
    assert!(
        record.contains("\ntimes: 51.0 58.0 45.0 49.0\n"),
        "{record}"
    );
    verified(&record);
}

#[test]
fn after_the_swap_the_first_players_own_time_runs_out() {
    let mut t = swapped("60+1");
    // The first player (light now) never moves again: its 51 s end at 64 s.
    assert_eq!(t.check_flag(63_999), None);
    assert_eq!(t.check_flag(64_000), Some(Color::Light));
    assert!(t.session().is_over());
    let record = t.record(true);
    assert!(record.contains("\ntimes: 51.0 58.0 0.0\n"), "{record}");
    assert!(record.contains(" dark wins on time\n"), "{record}");
    verified(&record);
}

#[test]
fn a_table_resumes_a_swapped_game_from_its_kept_times() {
    let mut t = swapped("60+1");
    t.play_at(&a_move(&t), 20_000).unwrap();
    let kept = t.timed().unwrap().clone();
    let mut back =
        AnyTable::new(virada::game::GameKind::Nabucodonosor(6), settings("60+1")).unwrap();
    back.replay_text(&t.moves_text()).unwrap();
    back.restore_clock(kept.times.clone(), kept.clock.remaining_ms, 500_000)
        .unwrap();
    // Dark (the second player) runs from the instant it resumed.
    assert_eq!(back.clock_state(501_000).unwrap().left, [57_000, 45_000]);
    let mv = a_move(&t);
    back.play_at(&mv, 510_000).unwrap();
    t.play_at(&mv, 30_000).unwrap();
    assert_eq!(back.record(true), t.record(true), "the same times");
    verified(&back.record(true));
}

#[test]
fn a_record_whose_times_follow_the_colours_across_the_swap_fails() {
    let mut t = swapped("60+1");
    t.play_at(&a_move(&t), 20_000).unwrap();
    t.play_at(&a_move(&t), 30_000).unwrap();
    let record = t.record(true);
    // The second player's 58 s credited to the first after the swap: its
    // time would rise from 51 s to 58 s with an increment of 1 s.
    let forged =
        reseal(&record.replace("times: 51.0 58.0 45.0 49.0", "times: 51.0 58.0 58.0 49.0"));
    let report = verify_text(&forged);
    assert_eq!(
        report.get("clock").unwrap().code,
        "clock-time-rises",
        "{report}"
    );
}

/// The record with its plain digest computed again over the changed lines.
fn reseal(record: &str) -> String {
    use sha2::Digest as _;
    let body: String = record
        .lines()
        .take_while(|l| !l.starts_with("digest:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let digest: String = sha2::Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{body}digest: {digest}\n")
}
