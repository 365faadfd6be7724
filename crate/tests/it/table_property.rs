//! Every record the table writes verifies: random table settings (every
//! seats value, clock off, 1 s, the most a record holds, random; words of 0 to
//! 256 bytes of any Unicode; every bot level) and random games of both games,
//! with time-out moves and the table's forced passes, each record written by
//! the table and then verified; half the Othello games with a random
//! handicap (V2). Out-of-range settings are refused at set-up with the right
//! code.

use virada::game::fairness::{game_rng, GameRng, Rng, Seed};
use virada::game::nabu::NabuGame;
use virada::game::rules::Rules;
use virada::record::{verify_text, MAX_CLOCK, MAX_WORD_BYTES};
use virada::table::{Settings, Table, View};
use virada::Position;

fn below(rng: &mut GameRng, n: u64) -> u64 {
    rng.next_u64() % n
}

/// Up to `bytes` bytes of characters from all over Unicode: ASCII, control
/// characters, `%`, accents, CJK, emoji, and any scalar value.
fn word(rng: &mut GameRng, bytes: usize) -> String {
    let mut w = String::new();
    loop {
        let c = match below(rng, 8) {
            0 => char::from(below(rng, 0x80) as u8),
            1 => char::from_u32(below(rng, 0x20) as u32).unwrap_or('%'),
            2 => '%',
            3 => char::from_u32(0xa0 + below(rng, 0x1e0) as u32).unwrap_or('é'),
            4 => char::from_u32(0x4e00 + below(rng, 0x5000) as u32).unwrap_or('中'),
            5 => char::from_u32(0x1f300 + below(rng, 0x300) as u32).unwrap_or('🎲'),
            _ => loop {
                if let Some(c) = char::from_u32(below(rng, 0x11_0000) as u32) {
                    break c;
                }
            },
        };
        if w.len() + c.len_utf8() > bytes {
            return w;
        }
        w.push(c);
    }
}

fn seats(rng: &mut GameRng, max_level: u8) -> String {
    let mut one = || match below(rng, 3) {
        0 => "person".to_string(),
        1 => "bot".to_string(),
        _ => format!("bot:{}", 1 + below(rng, u64::from(max_level))),
    };
    format!("{},{}", one(), one())
}

fn clock(rng: &mut GameRng) -> u32 {
    match below(rng, 4) {
        0 => 0,
        1 => 1,
        2 => MAX_CLOCK,
        _ => 1 + below(rng, u64::from(MAX_CLOCK)) as u32,
    }
}

fn settings(rng: &mut GameRng, max_level: u8) -> (Settings, String) {
    let seats = seats(rng, max_level);
    let level = 1 + below(rng, u64::from(max_level)) as u32;
    let clock = clock(rng);
    let seed = match below(rng, 3) {
        0 => String::new(),
        _ => Seed([below(rng, 256) as u8; 32]).to_string(),
    };
    let len = below(rng, MAX_WORD_BYTES as u64 + 1) as usize;
    let word = word(rng, len);
    let described = format!("{seats} level {level} clock {clock} seed {seed:?} word {word:?}");
    let s = Settings::parse(&seats, level, &clock.to_string(), &seed, &word, max_level)
        .unwrap_or_else(|e| panic!("{described}: refused with {}", e.code()));
    (s, described)
}

/// Plays a random game of at most `plies` turns: random legal moves, and
/// the clock's time-out move one turn in five when the clock is on. Checks
/// each event, and that a record written at a random point and at the end
/// verifies.
fn play<R: View>(rng: &mut GameRng, mut t: Table<R>, plies: usize, described: &str) -> usize {
    let mut written = 0;
    let check = |t: &Table<R>, written: &mut usize| {
        let text = t.record(true);
        let report = verify_text(&text);
        assert!(report.all_passed(), "{described}\n{text}\n{report}");
        *written += 1;
    };
    for _ in 0..plies {
        if t.session().is_over() {
            break;
        }
        // A hint or an undo now and then: refused (`nothing-to-undo`) but
        // at a person's turn against the bot; an undo leaves it the
        // person's turn again, with fewer plies.
        if below(rng, 10) == 0 {
            match t.hint() {
                Ok(()) => assert!(!t.session().assists.is_empty()),
                Err(e) => assert_eq!(e.code(), "nothing-to-undo", "{described}"),
            }
        }
        if below(rng, 12) == 0 {
            let before = t.session().moves().len();
            let side = t.session().rules().side_to_move();
            match t.undo() {
                Ok(n) => {
                    assert!(n >= 1 && t.session().moves().len() == before - n);
                    assert_eq!(t.session().rules().side_to_move(), side, "{described}");
                    continue;
                }
                Err(e) => assert_eq!(e.code(), "nothing-to-undo", "{described}"),
            }
        }
        let rules = t.session().rules();
        assert!(
            !rules.must_pass(),
            "{described}: a forced pass left to the caller"
        );
        let event = if t.session().clock.is_some() && below(rng, 5) == 0 {
            t.time_out()
                .expect("a time-out move while the game goes on")
        } else {
            let legal = rules.legal_moves();
            let mv = legal[below(rng, legal.len() as u64) as usize];
            t.play(&mv.to_string()).expect("a legal move")
        };
        assert_eq!(event.over, t.session().is_over());
        assert!(event.passes.len() <= 2);
        if below(rng, 40) == 0 {
            check(&t, &mut written);
        }
    }
    check(&t, &mut written);
    if !t.session().assists.is_empty() {
        let report = verify_text(&t.record(true));
        assert!(report.get("assists").is_some(), "{described}");
    }
    written
}

/// A random handicap in its short form: either seat, the first move or
/// not, any of the corners (at least one of the two).
fn handicap(rng: &mut GameRng) -> String {
    let mut text = format!("seat{}", 1 + below(rng, 2));
    let mask = below(rng, 16) as usize;
    let first = below(rng, 2) == 0 || mask == 0;
    if first {
        text.push_str(":first");
    }
    let corners: Vec<&str> = ["a1", "h1", "a8", "h8"]
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, c)| *c)
        .collect();
    if !corners.is_empty() {
        text = format!("{text}:{}", corners.join(","));
    }
    text
}

/// A handicap game's start: the corners in the seat's colour, its first
/// move, its supply less the corners; and at the end the supplies still add
/// up to the empty squares.
fn check_handicap_start(t: &Table<Position>, text: &str) {
    let g = t.session();
    let h = g.handicap.expect("a handicap");
    assert_eq!(h.to_string(), *text);
    let color = h.color(g.dark_seat());
    let p = g.position();
    for sq in h.corners.squares() {
        assert_eq!(p.board().at(sq), Some(color), "{text}");
    }
    let k = h.corner_count();
    assert_eq!(p.count(color), 2 + k);
    let side = if h.first { color } else { virada::Color::Dark };
    assert_eq!(p.side_to_move(), side, "{text}");
    let [d, l] = g.supplies();
    assert_eq!(d + l, 60 - k);
    assert!(t.snapshot().contains(&format!("\"handicap\":\"{text}\"")));
}

#[test]
fn every_record_the_table_writes_verifies() {
    let mut rng = game_rng(&Seed([42; 32]), 10);
    let mut records = 0;
    for i in 0..2400 {
        if i % 2 == 0 {
            let (s, described) = settings(&mut rng, Position::MAX_LEVEL);
            let (s, described) = match i % 4 {
                0 => {
                    let h = handicap(&mut rng);
                    let s = s.with_handicap(&h).expect("a good handicap");
                    let t = Table::othello(s.clone()).expect("checked settings");
                    check_handicap_start(&t, &h);
                    (s, format!("{described} handicap {h}"))
                }
                _ => (s, described),
            };
            let t = Table::othello(s).expect("checked settings");
            records += play(&mut rng, t, 70, &described);
        } else {
            let (s, described) = settings(&mut rng, NabuGame::MAX_LEVEL);
            let size = 5 + below(&mut rng, 11) as u32;
            let plies = if size <= 7 {
                400
            } else {
                3 * (size * size) as usize / 4
            };
            let t = Table::nabucodonosor(size, s).expect("checked settings");
            records += play(&mut rng, t, plies, &format!("size {size} {described}"));
        }
    }
    assert!(records >= 2400);
}

#[test]
fn a_handicap_game_played_out_keeps_the_supplies_and_verifies() {
    let mut rng = game_rng(&Seed([7; 32]), 3);
    for _ in 0..200 {
        let (s, described) = settings(&mut rng, Position::MAX_LEVEL);
        let h = handicap(&mut rng);
        let mut t = Table::othello(s.with_handicap(&h).unwrap()).unwrap();
        while !t.session().is_over() {
            let legal = Rules::legal_moves(t.session().rules());
            let mv = legal[below(&mut rng, legal.len() as u64) as usize];
            t.play(&mv.to_string()).unwrap();
            let g = t.session();
            let [d, l] = g.supplies();
            assert_eq!(d + l, g.position().empty().count(), "{described} {h}");
        }
        let text = t.record(true);
        assert!(text.contains(&format!("\nhandicap: {h}\n")), "{text}");
        let report = verify_text(&text);
        assert!(report.all_passed(), "{described} {h}\n{text}\n{report}");
        let notice = report.get("handicap").expect("a handicap notice");
        let first = if h.contains("first") {
            "handicap-first"
        } else {
            "handicap"
        };
        assert_eq!(notice.code, first);
    }
}

#[test]
fn nabucodonosor_refuses_a_handicap() {
    let s = Settings::parse("person,person", 1, "", "", "", NabuGame::MAX_LEVEL)
        .unwrap()
        .with_handicap("seat1:first")
        .unwrap();
    let e = Table::nabucodonosor(7, s).unwrap_err();
    assert_eq!(e.code(), "handicap-othello-only");
}

#[test]
fn out_of_range_settings_are_refused_with_their_code() {
    let seed = "ab".repeat(32);
    let long = "é".repeat(MAX_WORD_BYTES / 2) + "x";
    let over = (MAX_CLOCK + 1).to_string();
    for max in [Position::MAX_LEVEL, NabuGame::MAX_LEVEL] {
        let top = u32::from(max);
        let cases: [(&str, u32, &str, &str, &str, &str); 14] = [
            ("person,bot", 0, "30", "", "", "bad-level"),
            ("person,bot", top + 1, "30", "", "", "bad-level"),
            ("bot,bot", 256, "30", "", "", "bad-level"),
            ("person,bot:0", 1, "30", "", "", "bad-level"),
            ("person,person", 1, &over, "", "", "bad-clock"),
            ("person,person", 1, "4294967295", "", "", "bad-clock"),
            ("person,person", 1, "0+0", "", "", "bad-clock"),
            (
                "person,person",
                1,
                "2d",
                "",
                "",
                "correspondence-online-only",
            ),
            ("person,person", 1, "0", "", &long, "bad-word"),
            ("person", 1, "", "", "", "bad-seats"),
            ("person,robot", 1, "", "", "", "bad-seats"),
            ("person,person,person", 1, "", "", "", "bad-seats"),
            ("person,person", 1, "", "xyz", "", "bad-seed"),
            ("person,person", 1, "", &seed[1..], "", "bad-seed"),
        ];
        for (seats, level, clock, seed, word, code) in cases {
            let e = Settings::parse(seats, level, clock, seed, word, max).unwrap_err();
            assert_eq!(e.code(), code, "{seats} {level} {clock} {seed:?}");
        }
        for level in 1..=top {
            assert!(Settings::parse("bot,bot", level, "1", &seed, "", max).is_ok());
        }
    }
    let ok = Settings::parse("person,person", 1, "", &seed, "", 5).unwrap();
    for size in [0, 4, 16, 99] {
        let e = Table::nabucodonosor(size, ok.clone()).unwrap_err();
        assert_eq!(e.code(), "bad-size");
    }
}
