//! The library's public data through serde (the `serde` feature): each type
//! written with serde_json and read back equal, the record and the match
//! record written again to the same text, a table's snapshot written by
//! serde as the crate's own writer writes it, and the types written as text
//! (seeds, moves, handicaps) refusing text their parser refuses.

use crate::common::data_path;
use ed25519_dalek::{Signer as _, SigningKey};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use virada::clock::TimeControl;
use virada::game::fairness::{Contribution, Seed};
use virada::game::handicap::Handicap;
use virada::game::nabu::NabuMove;
use virada::game::{Assist, GameKind, GameResult, Moves, Played, Seat, Verdict};
use virada::rating::{rate, Outcome, Stated};
use virada::record::matchplay::{Match, MatchKind, MatchWinner};
use virada::record::{
    parse, parse_match, rating_outcome, score_games, sign, write_match, write_record, MatchVerdict,
    Record, Status,
};
use virada::table::{AnyTable, GameFields, Settings, Snapshot};
use virada::{Bitboard, Color, Move, Square};

/// `value` written with serde_json and read back: equal. The text.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&back, value, "{text}");
    text
}

/// The error serde_json gives reading `text` as a `T`.
fn refused<T: DeserializeOwned + Debug>(text: &str) -> String {
    match serde_json::from_str::<T>(text) {
        Ok(v) => panic!("{text} was read as {v:?}"),
        Err(e) => e.to_string(),
    }
}

fn settings(seats: [Seat; 2], clock: Option<u32>, seed: u8) -> Settings {
    Settings {
        seats,
        clock: clock.map(|seconds| TimeControl::PerMove { seconds }),
        seed: Some(format!("{seed:02x}").repeat(32).parse().unwrap()),
        word: "olá \"mundo\"".into(),
        handicap: None,
    }
}

/// A parsed record written with serde and read back is the same record,
/// and writes the same text.
fn record_round_trip(text: &str) -> Record {
    let record = parse(text).unwrap();
    round_trip(&record);
    let back: Record = serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
    assert_eq!(write_record(&back), write_record(&record));
    record
}

#[test]
fn the_record_files_round_trip() {
    let dir = data_path("records");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            record_round_trip(&text);
            n += 1;
        }
    }
    assert!(n >= 2);
}

#[test]
fn a_rated_signed_record_with_every_line_round_trips() {
    let mut t = AnyTable::new(
        GameKind::Othello,
        settings([Seat::Person, Seat::Person], Some(30), 0xcd),
    )
    .unwrap();
    t.set_handicap("seat2:first:a1,h8").unwrap();
    t.set_contributions([
        Contribution {
            random: Some([1; 32]),
            word: "a".into(),
        },
        Contribution {
            random: None,
            word: "b".into(),
        },
    ])
    .unwrap();
    while !t.is_over() {
        t.time_out().unwrap();
    }
    let mut record = parse(&t.record(true)).unwrap();
    let outcome = rating_outcome(&record).unwrap();
    let before = [Stated::NEW, Stated::NEW];
    let (a, b) = rate(before[0], before[1], outcome);
    record.names = Some(["ana".into(), "Bruno_2".into()]);
    record.ratings = Some([(before[0], a), (before[1], b)]);
    let key = SigningKey::from_bytes(&[9; 32]);
    let text = sign(
        &write_record(&record),
        &key.verifying_key().to_bytes(),
        |m| key.sign(m).to_bytes(),
    );
    let record = record_round_trip(&text);
    assert!(record.signature.is_some() && record.handicap.is_some());
    let json = round_trip(&record);
    // Byte arrays as hex, moves as the record writes them.
    assert!(json.contains(&format!("\"fingerprint\":\"{}\"", t.seed().fingerprint())));
    assert!(json.contains("\"moves\":{\"Othello\":[\"*"), "{json}");
}

#[test]
fn a_casual_game_with_assists_and_a_nabucodonosor_game_round_trip() {
    let mut t = AnyTable::new(
        GameKind::Othello,
        settings([Seat::Person, Seat::Bot { level: 2 }], None, 3),
    )
    .unwrap();
    t.play("f5").unwrap();
    t.play("d6").unwrap();
    t.hint().unwrap();
    t.play("c3").unwrap();
    t.play("d3").unwrap();
    t.undo().unwrap();
    let record = record_round_trip(&t.record(false));
    assert_eq!(record.assists.len(), 2);

    let mut t = AnyTable::new(
        GameKind::Nabucodonosor(7),
        settings([Seat::Person, Seat::Person], Some(10), 4),
    )
    .unwrap();
    while !t.is_over() {
        t.time_out().unwrap();
    }
    let record = record_round_trip(&t.record(true));
    assert!(matches!(record.moves, Moves::Nabucodonosor(ref m) if !m.is_empty()));
}

#[test]
fn match_records_and_matches_round_trip() {
    let text = std::fs::read_to_string(data_path("matches/good-from-page.txt")).unwrap();
    let record = parse_match(&text).unwrap();
    round_trip(&record);
    let games: Vec<String> = record.games.iter().map(|g| g.text.clone()).collect();
    let (m, _) = score_games(record.kind, &games).unwrap();
    round_trip(&m);
    let back: virada::record::MatchRecord =
        serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
    assert_eq!(
        write_match(back.kind, &games).unwrap(),
        write_match(record.kind, &games).unwrap()
    );
    let mut m = Match::new(MatchKind::Games(2));
    m.add([40, 24]).unwrap();
    m.add([30, 34]).unwrap();
    assert_eq!(m.winner(), Some(MatchWinner::First));
    assert_eq!(
        round_trip(&m),
        r#"{"kind":{"Games":2},"games":[[40,24],[30,34]]}"#
    );
    for w in [MatchWinner::First, MatchWinner::Second, MatchWinner::Draw] {
        round_trip(&w);
    }
    for v in [
        MatchVerdict::First,
        MatchVerdict::Second,
        MatchVerdict::Draw,
        MatchVerdict::None,
    ] {
        round_trip(&v);
    }
    round_trip(&MatchKind::Points(16));
}

#[test]
fn settings_ratings_and_the_game_words_round_trip() {
    let mut s = settings([Seat::Bot { level: 7 }, Seat::Person], Some(86_400), 0xab);
    round_trip(&s);
    s.handicap = Some("seat1:first:a1".parse().unwrap());
    s.seed = None;
    let json = round_trip(&s);
    assert_eq!(
        json,
        r#"{"seats":[{"Bot":{"level":7}},"Person"],"clock":"86400","seed":null,"word":"olá \"mundo\"","handicap":"seat1:first:a1"}"#
    );
    round_trip(&Stated {
        rating: 171_250,
        deviation: 9_000,
        volatility: 59_000_000,
    });
    for o in [Outcome::Win, Outcome::Draw, Outcome::Loss] {
        round_trip(&o);
    }
    for g in [GameKind::Othello, GameKind::Nabucodonosor(9)] {
        round_trip(&g);
    }
    round_trip(&GameResult {
        dark: 40,
        light: 24,
        verdict: Verdict::DarkWins,
    });
    round_trip(&Verdict::Unfinished);
    round_trip(&Assist::Undo { ply: 8, plies: 2 });
    round_trip(&Assist::Hint { ply: 3 });
    round_trip(&Color::Light);
    round_trip(&Contribution {
        random: Some([7; 32]),
        word: "sorte".into(),
    });
    round_trip(&Contribution::default());
    for status in [Status::Passed, Status::Failed, Status::Notice] {
        round_trip(&status);
    }
    round_trip(&Bitboard(0x8000_0000_0000_0001));
}

#[test]
fn the_types_written_as_text_round_trip_and_refuse_what_their_parser_refuses() {
    let seed: Seed = "0f".repeat(32).parse().unwrap();
    assert_eq!(round_trip(&seed), format!("\"{}\"", "0f".repeat(32)));
    assert!(refused::<Seed>("\"0f\"").contains("64"));
    let f5: Square = "f5".parse().unwrap();
    assert_eq!(round_trip(&f5), "\"f5\"");
    assert_eq!(round_trip(&Move::Play(f5)), "\"f5\"");
    assert_eq!(round_trip(&Move::Pass), "\"PA\"");
    refused::<Move>("\"z9\"");
    refused::<Move>("37");
    let played = Played {
        mv: Move::Play(f5),
        by_table: true,
    };
    assert_eq!(round_trip(&played), "\"*f5\"");
    refused::<Played<Move>>("\"*swap\"");
    for text in ["d3", "c3:e4", "swap", "pass"] {
        let mv: NabuMove = text.parse().unwrap();
        assert_eq!(round_trip(&mv), format!("\"{text}\""));
    }
    refused::<NabuMove>("\"c3:\"");
    let h: Handicap = "seat2:first:a1,h8".parse().unwrap();
    assert_eq!(round_trip(&h), "\"seat2:first:a1,h8\"");
    refused::<Handicap>("\"seat1:b2\"");
    // A record with a byte array that is not hex is refused.
    let record =
        parse(&std::fs::read_to_string(data_path("records/good-with-word.txt")).unwrap()).unwrap();
    let json = serde_json::to_string(&record).unwrap();
    let digest: String = record.digest.iter().map(|b| format!("{b:02x}")).collect();
    let bad = json.replace(&digest, &"zz".repeat(32));
    assert!(refused::<Record>(&bad).contains("hex digits"));
}

/// Snapshots of both games along a game: each round-trips, and serde
/// writes it as the crate's writer writes `snapshot()` for the page: one
/// shape, whichever path it takes.
#[test]
fn snapshots_round_trip_and_serde_writes_them_as_the_writer_does() {
    let mut snapshots = Vec::new();
    for handicap in ["seat1:first:a1", ""] {
        let mut t = AnyTable::new(
            GameKind::Othello,
            settings([Seat::Person, Seat::Bot { level: 3 }], Some(30), 5),
        )
        .unwrap();
        t.set_handicap(handicap).unwrap();
        snapshots.push((t.to_snapshot(), t.snapshot()));
        while !t.is_over() {
            t.time_out().unwrap();
            snapshots.push((t.to_snapshot(), t.snapshot()));
        }
    }
    // Under a game clock: the clock's fields, running, then lost on time.
    let mut timed = settings([Seat::Person, Seat::Person], None, 7);
    timed.clock = Some("60+1".parse().unwrap());
    let mut t = AnyTable::new(GameKind::Othello, timed).unwrap();
    snapshots.push((t.to_snapshot(), t.snapshot()));
    t.play_at("f5", 4_000).unwrap();
    snapshots.push((t.to_snapshot(), t.snapshot()));
    assert!(t.snapshot().contains(r#""timeControl":"60+1","clockLeft":[61000,60000],"clockRunning":"light","clockSince":4000,"lostOnTime":null"#));
    t.check_flag(70_000);
    snapshots.push((t.to_snapshot(), t.snapshot()));
    assert!(t.snapshot().contains(r#""outcome":"dark""#));
    assert!(t.snapshot().contains(r#""lostOnTime":"light""#));
    let mut t = AnyTable::new(
        GameKind::Nabucodonosor(5),
        settings([Seat::Person, Seat::Person], Some(10), 6),
    )
    .unwrap();
    snapshots.push((t.to_snapshot(), t.snapshot()));
    t.play("c3").unwrap();
    t.play("swap").unwrap();
    while !t.is_over() {
        t.time_out().unwrap();
        snapshots.push((t.to_snapshot(), t.snapshot()));
    }
    let (mut othello, mut nabu) = (0, 0);
    for (snapshot, written) in &snapshots {
        assert_eq!(round_trip(snapshot), *written);
        match snapshot.fields {
            GameFields::Othello { .. } => othello += 1,
            GameFields::Nabucodonosor { .. } => nabu += 1,
        }
    }
    assert!(othello > 30 && nabu > 3, "{othello} {nabu}");
    let last: &Snapshot = &snapshots.last().unwrap().0;
    assert!(last.over && matches!(last.fields, GameFields::Nabucodonosor { end: Some(_), .. }));
}
