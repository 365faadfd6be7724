//! The handicap (V2) at the table and in the record: the changed start, the
//! first move that may be light's, the supplies, the bot and the time-out
//! move from it, the record's `handicap` line and the verifier replaying
//! from it; malformed or misplaced `handicap` lines refused.

use virada::game::fairness::{dark_seat, Seed};
use virada::record::{verify_text, RecordError};
use virada::table::{Settings, Table};
use virada::{Color, GgfGame, Move, Position, Square};

/// A seed that gives dark to the first seat with no word.
fn seed_with_dark_seat(seat: usize) -> Seed {
    (0u8..=255)
        .map(|i| Seed([i; 32]))
        .find(|s| dark_seat(s, "") == seat)
        .expect("some seed gives dark to each seat")
}

fn table(seats: &str, clock: u32, dark: usize, handicap: &str) -> Table<Position> {
    let seed = seed_with_dark_seat(dark).to_string();
    let s = Settings::parse(seats, 1, &clock.to_string(), &seed, "", 10)
        .unwrap()
        .with_handicap(handicap)
        .unwrap();
    Table::othello(s).unwrap()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn seat_2_light_moves_first_from_its_corners() {
    let t = table("person,person", 0, 0, "seat2:first:a1,h8");
    let g = t.session();
    let p = g.position();
    assert_eq!(p.side_to_move(), Color::Light);
    assert_eq!(p.board().at(sq("a1")), Some(Color::Light));
    assert_eq!(p.board().at(sq("h8")), Some(Color::Light));
    assert_eq!(p.board().at(sq("h1")), None);
    assert_eq!(g.supplies(), [30, 28]);
    let snap = t.snapshot();
    assert!(snap.contains("\"side\":\"light\""), "{snap}");
    assert!(snap.contains("\"seatToMove\":1"), "{snap}");
    assert!(snap.contains("\"counts\":[2,4]"), "{snap}");
    assert!(snap.contains("\"supplies\":[30,28]"), "{snap}");
    assert!(
        snap.contains("\"handicap\":\"seat2:first:a1,h8\""),
        "{snap}"
    );
    assert!(snap.contains("\"cells\":\"O"), "{snap}");
    // Without a handicap the snapshot says null.
    assert!(table("person,person", 0, 0, "")
        .snapshot()
        .contains("\"handicap\":null"));
}

#[test]
fn the_first_move_is_the_standard_one_when_the_seat_is_dark() {
    let t = table("person,person", 0, 1, "seat2:first:a8");
    let p = t.session().position();
    assert_eq!(p.side_to_move(), Color::Dark);
    assert_eq!(p.board().at(sq("a8")), Some(Color::Dark));
    assert_eq!(t.session().supplies(), [29, 30]);
    // No first move: dark moves first even when the seat is light.
    let u = table("person,person", 0, 0, "seat2:h1");
    assert_eq!(u.session().position().side_to_move(), Color::Dark);
    assert_eq!(
        u.session().position().board().at(sq("h1")),
        Some(Color::Light)
    );
}

#[test]
fn bot_and_time_out_play_a_handicap_game_to_the_end_and_it_verifies() {
    let mut t = table("bot:1,person", 20, 0, "seat2:first:a1,h1,a8,h8");
    assert_eq!(t.session().supplies(), [30, 26]);
    let mut turn = 0;
    while !t.session().is_over() {
        let p = *t.session().position();
        let event = if turn % 3 == 0 {
            t.time_out().unwrap()
        } else {
            let mv = virada::engine::bot::choose(&p, 1);
            assert!(matches!(mv, Move::Play(s) if p.legal_moves().contains(s)));
            t.play(&mv.to_string()).unwrap()
        };
        if turn == 0 {
            assert_eq!(event.mover, Color::Light);
            assert!(event.by_table);
        }
        turn += 1;
    }
    let text = t.record(true);
    assert!(text.starts_with("virada-record 2\n"), "{text}");
    assert!(
        text.contains("\ndark: first\nhandicap: seat2:first:a1,h1,a8,h8\nmoves: *"),
        "{text}"
    );
    let report = verify_text(&text);
    assert!(report.all_passed(), "{text}\n{report}");
    // The review (and the history's replay) start from the handicap's board
    // and end where the table ended.
    let review = virada::engine::review::read_game(&text).unwrap();
    assert_eq!(review.start, *t.session().start());
    assert_eq!(review.positions().last(), Some(t.session().position()));
    let replay = virada::engine::replay::read(&text).unwrap();
    assert_eq!(replay.steps.len(), review.positions().len());
    let notice = report.get("handicap").unwrap();
    assert_eq!(notice.param("corners"), "a1 h1 a8 h8");
    assert_eq!(notice.param("color"), "light");
    assert_eq!(
        notice.to_string(),
        "a handicap game: the second seat (light) moved first, with its disc on a1 h1 a8 h8; the moves replay from there"
    );
    // The GGF export starts from the handicap's board and reads back.
    let back: GgfGame = t.ggf().parse().unwrap();
    assert_eq!(back.start, *t.session().start());
    assert_eq!(back.end().unwrap(), *t.session().position());
}

#[test]
fn an_undo_goes_back_to_the_handicap_start() {
    let mut t = table("person,bot:1", 0, 1, "seat2:first:h8");
    // Seat 2 is dark here; the person (seat 1) is light and moves second.
    let p = *t.session().position();
    t.play(&virada::engine::bot::choose(&p, 1).to_string())
        .unwrap();
    let p = *t.session().position();
    let mv = p.timeout_move().unwrap();
    t.play(&mv.to_string()).unwrap();
    let p = *t.session().position();
    t.play(&virada::engine::bot::choose(&p, 1).to_string())
        .unwrap();
    assert_eq!(t.undo().unwrap(), 2);
    assert_eq!(t.session().moves().len(), 1);
    assert_eq!(
        t.session().position().board().at(sq("h8")),
        Some(Color::Dark)
    );
    assert!(verify_text(&t.record(true)).all_passed());
}

#[test]
fn the_words_of_each_seat_move_the_handicap_with_the_colours() {
    for i in 0..8u8 {
        let s = Settings::parse("person,person", 1, "", &Seed([i; 32]).to_string(), "", 10)
            .unwrap()
            .with_handicap("seat1:first:a1")
            .unwrap();
        let mut t = Table::othello(s).unwrap();
        t.set_words(["um".into(), format!("dois {i}")]).unwrap();
        let g = t.session();
        let color = if g.dark_seat() == 0 {
            Color::Dark
        } else {
            Color::Light
        };
        assert_eq!(g.position().board().at(sq("a1")), Some(color));
        assert_eq!(g.position().side_to_move(), color);
        assert!(verify_text(&t.record(true)).all_passed());
    }
}

/// A handicap game's record after one move (light's, the first), and that move.
fn handicap_record() -> (String, String) {
    let mut t = table("person,person", 0, 0, "seat2:first:a1,h8");
    let mv = t.session().position().timeout_move().unwrap().to_string();
    t.play(&mv).unwrap();
    (t.record(true), mv)
}

#[test]
fn a_malformed_handicap_line_is_refused_with_a_clear_message() {
    let (text, _) = handicap_record();
    for bad in [
        "seat2:b2",
        "seat3:first",
        "seat2",
        "seat2:a1,a1",
        "first",
        "",
    ] {
        let changed = text.replace("handicap: seat2:first:a1,h8", &format!("handicap: {bad}"));
        let e = virada::record::parse(&changed).unwrap_err();
        assert_eq!(e.code(), "bad-handicap", "{bad}");
        assert_eq!(e.line(), 9);
        let message = e.to_string();
        assert!(
            message.contains("`handicap` should be `seat1` or `seat2`"),
            "{message}"
        );
        let report = verify_text(&changed);
        assert_eq!(report.checks[0].code, "bad-handicap");
    }
}

#[test]
fn a_handicap_line_where_it_cannot_be_is_refused() {
    let (text, mv) = handicap_record();
    let moves = format!("moves: {mv}\n");
    // In a version 1 record.
    let v1 = text.replace("virada-record 2\n", "virada-record 1\n");
    let e = virada::record::parse(&v1).unwrap_err();
    assert!(
        matches!(e, RecordError::UnexpectedLine { line: 9, .. }),
        "{e}"
    );
    // Out of its place (after the moves).
    let moved = text
        .replace("handicap: seat2:first:a1,h8\n", "")
        .replace(&moves, &format!("{moves}handicap: seat2:first:a1,h8\n"));
    assert_eq!(
        virada::record::parse(&moved).unwrap_err().code(),
        "unexpected-line"
    );
    // Without it the moves no longer replay (light moved first).
    let gone = text.replace("handicap: seat2:first:a1,h8\n", "");
    let report = verify_text(&gone);
    assert!(!report.all_passed());
    assert_eq!(report.get("moves").unwrap().code, "illegal-move");
    // In a Nabucodonosor record.
    let s = Settings::parse("person,person", 1, "", &"ab".repeat(32), "", 10).unwrap();
    let mut n = Table::nabucodonosor(5, s).unwrap();
    n.set_assists("").unwrap();
    n.set_words(["a".into(), "b".into()]).unwrap();
    let nabu = n.record(true);
    let with = nabu.replace("\nmoves:", "\nhandicap: seat1:first\nmoves:");
    assert_eq!(
        virada::record::parse(&with).unwrap_err().code(),
        "bad-handicap"
    );
}

#[test]
fn a_record_without_a_handicap_is_written_and_read_as_before() {
    let mut t =
        Table::othello(Settings::parse("person,person", 1, "", &"cd".repeat(32), "", 10).unwrap())
            .unwrap();
    t.play("f5").unwrap();
    let text = t.record(true);
    assert!(text.starts_with("virada-record 1\n"));
    assert!(!text.contains("handicap"));
    let report = verify_text(&text);
    assert!(report.all_passed());
    assert!(report.get("handicap").is_none());
    assert_eq!(virada::record::parse(&text).unwrap().handicap, None);
}

#[test]
fn a_handicap_is_set_before_the_first_move_and_for_othello_only() {
    let mut t = table("person,person", 0, 0, "");
    t.set_handicap("seat2:first:a1").unwrap();
    assert!(t.snapshot().contains("\"handicap\":\"seat2:first:a1\""));
    assert_eq!(t.session().position().side_to_move(), Color::Light);
    assert_eq!(t.set_handicap("seat1:b2").unwrap_err().code(), "bad-corner");
    assert_eq!(
        t.set_handicap("seat1").unwrap_err().code(),
        "empty-handicap"
    );
    let mv = t.session().position().timeout_move().unwrap().to_string();
    t.play(&mv).unwrap();
    assert_eq!(
        t.set_handicap("seat1:first").unwrap_err().code(),
        "handicap-after-start"
    );
    let s = Settings::parse("person,person", 1, "", "", "", 5).unwrap();
    let mut n = Table::nabucodonosor(5, s).unwrap();
    assert_eq!(
        n.set_handicap("seat1:first").unwrap_err().code(),
        "handicap-othello-only"
    );
    assert!(n.set_handicap("").is_ok());
}
