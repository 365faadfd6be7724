//! The tournament's document without a server: pairing numbers by rating,
//! a Swiss's rounds paired from its own TRF (which re-pairs the same), a
//! withdrawal and a late entry, and an arena's waves.

use super::model::{Board, Entrant, Format, Phase, Result2, Round, Tournament};
use virada::tournament::{arena_breaches, breaches, check_rounds, is_arena, Trf};

fn tournament(format: Format, ratings: &[u32]) -> Tournament {
    Tournament {
        id: "t1".into(),
        name: "Test".into(),
        format,
        clock: "30".into(),
        rated: false,
        rounds: 4,
        double: false,
        minutes: 30,
        min: None,
        max: None,
        starts_ms: 0,
        creator: "a".into(),
        creator_name: "a".into(),
        phase: Phase::Running,
        entrants: ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| Entrant {
                account: format!("acc{i}"),
                name: format!("p{i}"),
                rating,
                number: 0,
                withdrawn: false,
                absent: false,
            })
            .collect(),
        played: Vec::new(),
        white1: true,
        divisions: Vec::new(),
        trf: None,
        ends_ms: None,
    }
}

/// Pairs the next round and gives every game a result: the higher number wins.
fn play_round(t: &mut Tournament, boards: Vec<(u32, Option<u32>)>) {
    let number = t.played.len() as u32 + 1;
    let boards = boards
        .into_iter()
        .map(|(white, black)| Board {
            table: black.map(|_| format!("table-{number}-{white}")),
            white,
            black,
            result: Some(match black {
                None => Result2 {
                    white: 'U',
                    black: ' ',
                    discs: None,
                },
                Some(b) if b > white => Result2 {
                    white: '0',
                    black: '1',
                    discs: Some([20, 44]),
                },
                Some(_) => Result2 {
                    white: '1',
                    black: '0',
                    discs: Some([40, 24]),
                },
            }),
        })
        .collect();
    t.played.push(Round {
        number,
        started_ms: 0,
        boards,
        opened: true,
        forfeit_at_ms: None,
    });
}

#[test]
fn pairing_numbers_follow_the_ratings() {
    let mut t = tournament(Format::Swiss, &[1500, 1800, 1200, 1650]);
    t.number_entrants();
    let by_number: Vec<u32> = (1..=4).map(|n| t.by_number(n).unwrap().rating).collect();
    assert_eq!(by_number, [1800, 1650, 1500, 1200]);
}

#[test]
fn a_swiss_paired_from_its_own_trf_re_pairs_the_same_with_a_withdrawal_and_a_late_entry() {
    let mut t = tournament(Format::Swiss, &[1900, 1800, 1700, 1600, 1500]);
    t.number_entrants();
    for round in 1..=4 {
        if round == 3 {
            // p4 (number 5) withdraws; someone joins late with the next number.
            t.entrants
                .iter_mut()
                .find(|e| e.number == 5)
                .unwrap()
                .withdrawn = true;
            t.entrants.push(Entrant {
                account: "late".into(),
                name: "late".into(),
                rating: 2000,
                number: 6,
                withdrawn: false,
                absent: false,
            });
        }
        let boards = t.next_boards().unwrap();
        if round >= 3 {
            assert!(
                boards.iter().all(|&(w, b)| w != 5 && b != Some(5)),
                "a withdrawn player is not paired: {boards:?}"
            );
            assert!(
                boards.iter().any(|&(w, b)| w == 6 || b == Some(6)),
                "the late entry is"
            );
        }
        play_round(&mut t, boards);
    }
    let text = t.trf(false).write();
    let trf = Trf::parse(&text).unwrap();
    let checked = check_rounds(&trf);
    assert_eq!(checked.len(), 4, "{text}");
    assert!(checked.iter().all(|r| r.agrees()), "{text}");
    assert!(breaches(&trf).unwrap().is_empty(), "{text}");
    let standings = t.standings();
    assert_eq!(standings.len(), 6);
    let points: u32 = standings.iter().map(|s| s.points).sum();
    // Each game gives 1 point, each bye 1: the rounds' boards.
    let boards: usize = t.played.iter().map(|r| r.boards.len()).sum();
    assert_eq!(points, 10 * boards as u32);
}

#[test]
fn an_arena_pairs_whoever_is_free_never_the_last_opponent_again() {
    let mut t = tournament(Format::Arena, &[1500, 1500, 1500, 1500]);
    t.number_entrants();
    let first = t.arena_boards();
    assert_eq!(first.len(), 2, "{first:?}");
    play_round(&mut t, first.clone());
    let second = t.arena_boards();
    assert_eq!(second.len(), 2, "{second:?}");
    for &(w, b) in &second {
        let b = b.unwrap();
        assert!(
            !first
                .iter()
                .any(|&(x, y)| (x, y) == (w, Some(b)) || (x, y) == (b, Some(w))),
            "{w} and {b} met in the wave before"
        );
    }
    // Someone still playing is not paired again.
    t.played.push(Round {
        number: 2,
        started_ms: 0,
        boards: vec![Board {
            table: Some("x".into()),
            white: second[0].0,
            black: second[0].1,
            result: None,
        }],
        opened: true,
        forfeit_at_ms: None,
    });
    let third = t.arena_boards();
    assert!(third
        .iter()
        .all(|&(w, b)| w != second[0].0 && b != second[0].1 && Some(w) != second[0].1));
}

#[test]
fn an_arenas_file_states_its_waves_and_keeps_the_arenas_rules() {
    let mut t = tournament(Format::Arena, &[1700, 1600, 1500, 1400, 1300]);
    t.number_entrants();
    for _ in 0..3 {
        let boards = t.arena_boards();
        play_round(&mut t, boards);
    }
    let text = t.trf(false).write();
    let trf = Trf::parse(&text).unwrap();
    assert_eq!(trf.rounds, Some(3), "{text}");
    assert!(is_arena(&trf), "{text}");
    assert_eq!(arena_breaches(&trf), [], "{text}");
}

#[test]
fn a_rating_range_says_which_side_a_rating_is_on() {
    let mut t = tournament(Format::Swiss, &[]);
    (t.min, t.max) = (Some(1400), Some(1800));
    assert_eq!(t.out_of_range(1399.6), Some("below"));
    assert_eq!(t.out_of_range(1400.0), None);
    assert_eq!(t.out_of_range(1800.0), None);
    assert_eq!(t.out_of_range(1812.0), Some("above"));
    t.max = None;
    assert_eq!(t.out_of_range(3000.0), None);
}

#[test]
fn an_arenas_last_two_after_a_withdrawal_are_paired_again_at_once() {
    let mut t = tournament(Format::Arena, &[1500, 1500, 1500]);
    t.number_entrants();
    let first = t.arena_boards();
    assert_eq!(first.len(), 1, "{first:?}");
    play_round(&mut t, first.clone());
    let (w, b) = (first[0].0, first[0].1.unwrap());
    let third = (1..=3).find(|&n| n != w && n != b).unwrap();
    // The third withdraws: the two who just met are all that is left.
    for e in t.entrants.iter_mut().filter(|e| e.number == third) {
        e.withdrawn = true;
    }
    assert_eq!(t.arena_left(), 2);
    let again = t.arena_boards();
    assert_eq!(again.len(), 1, "{again:?}");
    let pair = [again[0].0, again[0].1.unwrap()];
    assert!(pair.contains(&w) && pair.contains(&b), "{again:?}");
}

#[test]
fn the_list_puts_open_ones_soonest_first_then_running_then_over_latest_first() {
    let at = |id: &str, phase: Phase, starts_ms: i64| {
        let mut t = tournament(Format::Swiss, &[1500, 1500]);
        t.id = id.into();
        t.phase = phase;
        t.starts_ms = starts_ms;
        t
    };
    let mut list = [
        at("over-early", Phase::Over, 100),
        at("open-late", Phase::Open, 900),
        at("running", Phase::Running, 500),
        at("over-late", Phase::Over, 400),
        at("open-soon", Phase::Open, 700),
    ];
    list.sort_by(super::view::list_order);
    let ids: Vec<&str> = list.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "open-soon",
            "open-late",
            "running",
            "over-late",
            "over-early"
        ]
    );
}

#[test]
fn an_arena_lists_its_performance_and_places_equal_points_by_it() {
    let mut t = tournament(Format::Arena, &[1500, 1700, 1500, 1300]);
    for (i, e) in t.entrants.iter_mut().enumerate() {
        e.number = i as u32 + 1;
    }
    // 1 beats the strong 2, 3 the weak 4: 2 points each, 1 first.
    t.played.push(Round {
        number: 1,
        started_ms: 0,
        boards: [(1, 2), (3, 4)]
            .into_iter()
            .map(|(white, black)| Board {
                table: Some(format!("table-{white}")),
                white,
                black: Some(black),
                result: Some(Result2 {
                    white: '1',
                    black: '0',
                    discs: Some([40, 24]),
                }),
            })
            .collect(),
        opened: true,
        forfeit_at_ms: None,
    });
    let view = super::view::full(&t, 0);
    let standings = view["standings"].as_array().expect("standings");
    let names: Vec<&str> = standings
        .iter()
        .map(|s| s["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["p0", "p2", "p1", "p3"]);
    assert_eq!(standings[0]["performance"], 2100);
    assert_eq!(standings[1]["performance"], 1700);
}

/// Round `number`'s boards, no result yet, each table named by its white.
fn open_round(t: &mut Tournament, boards: &[(u32, Option<u32>)]) {
    let number = t.played.len() as u32 + 1;
    t.played.push(Round {
        number,
        started_ms: 0,
        boards: boards
            .iter()
            .map(|&(white, black)| Board {
                table: Some(format!("t{number}-{white}")),
                white,
                black,
                result: None,
            })
            .collect(),
        opened: true,
        forfeit_at_ms: None,
    });
}

#[test]
fn a_swiss_player_absent_from_a_round_is_paired_again_only_after_joining_again() {
    let mut t = tournament(Format::Swiss, &[1900, 1800, 1700, 1600]);
    t.number_entrants();
    let first = t.next_boards().unwrap();
    open_round(&mut t, &first);
    // The first board's white never came: a forfeit; the other board played.
    let (w1, _) = first[0];
    let (w2, _) = first[1];
    let forfeit = Result2 {
        white: '-',
        black: '+',
        discs: None,
    };
    t.record_result(1, &format!("t1-{w1}"), forfeit);
    let played = Result2 {
        white: '1',
        black: '0',
        discs: Some([40, 24]),
    };
    t.record_result(1, &format!("t1-{w2}"), played);
    // A second report of the same board changes nothing.
    t.record_result(1, &format!("t1-{w1}"), played);
    assert_eq!(t.played[0].boards[0].result, Some(forfeit));
    let absent: Vec<u32> = t
        .entrants
        .iter()
        .filter(|e| e.absent)
        .map(|e| e.number)
        .collect();
    assert_eq!(absent, [w1], "only the one who did not come");
    let second = t.next_boards().unwrap();
    assert!(
        second.iter().all(|&(w, b)| w != w1 && b != Some(w1)),
        "the absent player is not paired: {second:?}"
    );
    assert_eq!(second.len(), 2, "three left: a pair and a bye: {second:?}");
    // Round 2 played, the absence written as an unpaired round.
    play_round(&mut t, second);
    // They join again: paired in round 3.
    t.entrants
        .iter_mut()
        .find(|e| e.number == w1)
        .unwrap()
        .absent = false;
    let third = t.next_boards().unwrap();
    assert!(
        third.iter().any(|&(w, b)| w == w1 || b == Some(w1)),
        "back, and paired: {third:?}"
    );
    play_round(&mut t, third);
    let text = t.trf(false).write();
    let trf = Trf::parse(&text).unwrap();
    let checked = check_rounds(&trf);
    assert_eq!(checked.len(), 3, "{text}");
    assert!(checked.iter().all(|r| r.agrees()), "{text}");
    assert!(breaches(&trf).unwrap().is_empty(), "{text}");
}

#[test]
fn a_withdrawn_player_who_forfeits_stays_withdrawn_not_absent() {
    let mut t = tournament(Format::Swiss, &[1900, 1800]);
    t.number_entrants();
    open_round(&mut t, &[(1, Some(2))]);
    t.entrants[0].withdrawn = true;
    let leaver = t.entrants[0].number;
    t.record_result(
        1,
        "t1-1",
        Result2 {
            white: if leaver == 1 { '-' } else { '+' },
            black: if leaver == 1 { '+' } else { '-' },
            discs: None,
        },
    );
    assert!(t.entrants.iter().all(|e| !e.absent), "{:?}", t.entrants);
}

#[test]
fn an_arena_player_who_did_not_come_is_not_paired_until_back() {
    let mut t = tournament(Format::Arena, &[1500, 1500, 1500, 1500]);
    t.number_entrants();
    let first = t.arena_boards();
    open_round(&mut t, &first);
    let (w, _) = first[0];
    t.record_result(
        1,
        &format!("t1-{w}"),
        Result2 {
            white: '-',
            black: '+',
            discs: None,
        },
    );
    let (w2, _) = first[1];
    t.record_result(
        1,
        &format!("t1-{w2}"),
        Result2 {
            white: '1',
            black: '0',
            discs: Some([40, 24]),
        },
    );
    let next = t.arena_boards();
    assert!(
        next.iter().all(|&(a, b)| a != w && b != Some(w)),
        "{next:?}"
    );
    assert_eq!(next.len(), 1, "three free who are here: {next:?}");
    t.entrants
        .iter_mut()
        .find(|e| e.number == w)
        .unwrap()
        .absent = false;
    let back = t.arena_boards();
    assert!(
        back.iter().any(|&(a, b)| a == w || b == Some(w)),
        "{back:?}"
    );
}

#[test]
fn a_game_lost_by_not_coming_is_said_for_a_while_after_its_forfeit_time() {
    use super::call::{calls_in, lost_in, LOST_SHOWN_MS};
    let mut t = tournament(Format::Swiss, &[1900, 1800, 1700, 1600]);
    t.number_entrants();
    open_round(&mut t, &[(1, Some(2)), (3, Some(4))]);
    t.played[0].forfeit_at_ms = Some(1_000);
    let acc = |n: u32| t.by_number(n).unwrap().account.clone();
    let (one, two, three) = (acc(1), acc(2), acc(3));
    // Waiting: the call says until when.
    assert_eq!(calls_in(&t, &one)[0].deadline, Some(1_000));
    assert!(lost_in(&t, &one, 1_000).is_empty());
    let forfeit = Result2 {
        white: '-',
        black: '+',
        discs: None,
    };
    t.record_result(1, "t1-1", forfeit);
    t.record_result(
        1,
        "t1-3",
        Result2 {
            white: '0',
            black: '1',
            discs: Some([20, 44]),
        },
    );
    assert!(calls_in(&t, &one).is_empty());
    let lost = lost_in(&t, &one, 1_000);
    assert_eq!(lost.len(), 1);
    assert!(lost[0].lost && lost[0].deadline == Some(1_000));
    // Not the winner, not a game lost on the board, and not for ever.
    assert!(lost_in(&t, &two, 1_000).is_empty());
    assert!(lost_in(&t, &three, 1_000).is_empty());
    assert!(lost_in(&t, &one, 1_000 + LOST_SHOWN_MS).is_empty());
}
