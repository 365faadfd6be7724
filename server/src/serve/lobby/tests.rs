//! The lobby's rules on the lobby alone.

use super::*;
use virada::game::GameKind;

fn saved(id: &str, seats: [Holder; 2], status: Status) -> Saved {
    Saved {
        id: id.into(),
        kind: GameKind::Nabucodonosor(7),
        clock: crate::serve::clock::DEFAULT,
        level: 2,
        seed: "ab".repeat(32),
        seats,
        status,
        moves: String::new(),
        deadline_ms: None,
        wait_until_ms: 0,
        gone_since_ms: [None, None],
        paired: false,
        window_until_ms: None,
        contributions: true,
        handicap: String::new(),
        play: None,
        again: [false, false],
        declined: [false, false],
        next: None,
        players: Default::default(),
        cut: None,
        timed: None,
    }
}

fn person() -> Holder {
    Holder::Person {
        token: "secret-token-hash".into(),
        word: "secret-word".into(),
        random: "cd".repeat(32),
    }
}

fn list(lobby: &Lobby) -> serde_json::Value {
    serde_json::from_str(&lobby.list()).unwrap()
}

#[test]
fn lists_waiting_then_playing_then_drops_the_table() {
    let lobby = Arc::new(Lobby::new());
    let reporter = lobby.reporter("f1".into());
    let mut table = saved("t1", [Holder::Empty, Holder::Empty], Status::Waiting);
    reporter.report(&table, None);
    assert_eq!(list(&lobby)["waitingCount"], 0, "nobody sits yet");
    table.seats[0] = person();
    reporter.report(&table, None);
    let l = list(&lobby);
    assert_eq!(l["waiting"][0]["id"], "t1");
    assert_eq!(l["waiting"][0]["game"], "nabucodonosor");
    assert_eq!(l["waiting"][0]["size"], 7);
    assert_eq!(
        l["waiting"][0]["seats"],
        serde_json::json!(["person", "empty"])
    );
    assert_eq!(l["waiting"][0]["fingerprint"], "f1");
    let text = lobby.list();
    for secret in ["secret", &"ab".repeat(32)] {
        assert!(!text.contains(secret), "{text}");
    }
    // The host leaves: not waiting for anyone.
    table.gone_since_ms[0] = Some(1);
    reporter.report(&table, None);
    assert_eq!(list(&lobby)["waitingCount"], 0);
    table.gone_since_ms[0] = None;
    table.seats[1] = person();
    table.status = Status::Playing;
    reporter.report(&table, None);
    let l = list(&lobby);
    assert_eq!(
        (l["waitingCount"].as_u64(), l["playingCount"].as_u64()),
        (Some(0), Some(1))
    );
    let watchers = lobby.watchers("t1");
    let one = watchers.enter();
    let two = watchers.enter();
    assert_eq!(list(&lobby)["playing"][0]["spectators"], 2);
    drop(one);
    assert_eq!(list(&lobby)["playing"][0]["spectators"], 1);
    drop(two);
    table.status = Status::Over;
    reporter.report(&table, None);
    assert_eq!(list(&lobby)["playingCount"], 0);
}

#[test]
fn play_anyone_tables_wait_unlisted_and_a_change_bumps_the_version_once() {
    let lobby = Arc::new(Lobby::new());
    let reporter = lobby.reporter("f".into());
    let mut table = saved("p", [person(), Holder::Empty], Status::Waiting);
    table.paired = true;
    reporter.report(&table, None);
    assert_eq!(list(&lobby)["waitingCount"], 0);
    let before = *lobby.version.borrow();
    table.paired = false;
    reporter.report(&table, None);
    reporter.report(&table, None);
    assert_eq!(
        *lobby.version.borrow(),
        before + 1,
        "the same state twice is one change"
    );
    lobby.remove("p");
    assert_eq!(list(&lobby)["waitingCount"], 0);
}

#[test]
fn spectators_on_other_servers_count_and_a_part_merges() {
    let lobby = Arc::new(Lobby::new());
    let reporter = lobby.reporter("f".into());
    let table = saved("t", [person(), person()], Status::Playing);
    reporter.report(
        &table,
        Some(Progress {
            ply: 3,
            score: [4, 3],
            turn: 1,
            until: None,
        }),
    );
    let _here = lobby.watchers("t").enter();
    lobby.remote_spectators("t", 2);
    let l = list(&lobby);
    assert_eq!(l["playing"][0]["spectators"], 3, "{l}");
    assert_eq!(l["playing"][0]["ply"], 3);
    assert_eq!(l["playing"][0]["score"], serde_json::json!([4, 3]));
}

#[test]
fn a_correspondence_game_stays_listed_with_whose_turn_while_its_people_are_away() {
    let lobby = Arc::new(Lobby::new());
    let reporter = lobby.reporter("f".into());
    let mut table = saved("days", [person(), person()], Status::Playing);
    table.gone_since_ms = [Some(1), Some(1)];
    let progress = Progress {
        ply: 5,
        score: [6, 3],
        turn: 1,
        until: Some(172_800_000),
    };
    // Both people away: a game on a clock a move is no longer listed…
    reporter.report(&table, Some(progress));
    assert_eq!(list(&lobby)["playingCount"], 0);
    // …a correspondence game is, with its clock and whose turn it is.
    table.clock = Some(virada::clock::TimeControl::Correspondence { days: 2 });
    reporter.report(&table, Some(progress));
    let l = list(&lobby);
    assert_eq!(l["playing"][0]["id"], "days", "{l}");
    assert_eq!(l["playing"][0]["clock"], "2d");
    assert_eq!(l["playing"][0]["turn"], 1);
    // When that turn's time runs out, on the scale of the list's own `now`.
    assert_eq!(l["playing"][0]["turnUntil"], 172_800_000);
    assert!(
        l["now"].as_i64().is_some_and(|n| n > 1_600_000_000_000),
        "{l}"
    );
    assert_eq!(
        l["playing"][0]["seats"],
        serde_json::json!(["away", "away"])
    );
    table.status = Status::Over;
    reporter.report(&table, None);
    assert_eq!(list(&lobby)["playingCount"], 0, "over: gone from the list");
}
