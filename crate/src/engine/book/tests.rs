use super::*;
use crate::Color;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn node(mv: &str, value: Option<i32>, children: Vec<Node>) -> Node {
    let mv = match mv {
        "" => None,
        "PA" => Some(Move::Pass),
        s => Some(Move::Play(sq(s))),
    };
    Node {
        mv,
        value,
        children,
    }
}

/// The start, f5 (so all four first moves), and after f5 all three replies.
fn small() -> Node {
    let replies = vec![
        node("d6", Some(-40), vec![]),
        node("f6", Some(10), vec![]),
        node("f4", Some(-90), vec![]),
    ];
    node("", Some(40), vec![node("f5", Some(-40), replies)])
}

#[test]
fn a_book_reads_back_what_was_written_for_all_four_first_moves() {
    let bytes = Book::to_bytes(&small());
    assert_eq!(&bytes[..5], b"VRDB1");
    assert_eq!(bytes.len(), 9 + 4 * 5);
    let book = Book::from_bytes(&bytes).unwrap();
    // Start, f5, and its three replies (d6 and f4 are mirror images, but
    // after f5 they are not: f4 and d6 are distinct positions up to symmetry).
    assert_eq!(book.len(), 5);
    let start = Position::start();
    assert_eq!(book.value(&start), Some(40));
    let first = book.moves(&start).unwrap();
    assert_eq!(first.len(), 4);
    assert!(first.iter().all(|&(_, v)| v == 40), "{first:?}");
    // After any first move the book answers by symmetry, best first.
    for opening in ["f5", "d3", "c4", "e6"] {
        let after = start.play(sq(opening)).unwrap();
        let replies = book.moves(&after).unwrap();
        assert_eq!(replies.len(), 3);
        let values: Vec<i32> = replies.iter().map(|&(_, v)| v).collect();
        assert_eq!(values, vec![90, 40, -10], "after {opening}");
    }
    let f5 = start.play(sq("f5")).unwrap();
    assert_eq!(book.moves(&f5).unwrap()[0].0, sq("f4"));
}

#[test]
fn the_book_answers_only_where_every_legal_move_is_known() {
    let mut tree = small();
    tree.children[0].children.pop();
    let book = Book::from_bytes(&Book::to_bytes(&tree)).unwrap();
    let f5 = Position::start().play(sq("f5")).unwrap();
    assert_eq!(book.moves(&f5), None);
    // A position the book never saw, and one where the mover must pass.
    let deep = f5.play(sq("d6")).unwrap().play(sq("c3")).unwrap();
    assert_eq!(book.moves(&deep), None);
    let stuck = Position::from_masks(1 << 0, 1 << 1 | 1 << 63, Color::Light);
    assert_eq!(book.moves(&stuck), None);
}

#[test]
fn an_unsearched_node_carries_the_way_to_deeper_ones() {
    // f5 unsearched: the book does not answer at the start, but does after f5.
    let mut tree = small();
    tree.value = None;
    tree.children[0].value = None;
    let book = Book::from_bytes(&Book::to_bytes(&tree)).unwrap();
    assert_eq!(book.len(), 3);
    assert_eq!(book.moves(&Position::start()), None);
    let f5 = Position::start().play(sq("f5")).unwrap();
    assert_eq!(book.moves(&f5).unwrap().len(), 3);
}

#[test]
fn a_damaged_book_is_refused_with_what_is_wrong() {
    let good = Book::to_bytes(&small());
    assert_eq!(Book::from_bytes(b"VRDW2...."), Err(BookError::BadHeader));
    assert_eq!(Book::from_bytes(b"VRDB1"), Err(BookError::BadHeader));
    let cut = &good[..good.len() - 2];
    assert_eq!(Book::from_bytes(cut), Err(BookError::Truncated { node: 4 }));
    let mut long = good.clone();
    long.push(0);
    assert_eq!(
        Book::from_bytes(&long),
        Err(BookError::Trailing { bytes: 1 })
    );
    // a1 is not legal at the start's child f5's place.
    let mut illegal = good.clone();
    illegal[9 + 4] = 0;
    let e = Book::from_bytes(&illegal).unwrap_err();
    assert_eq!(
        e,
        BookError::IllegalMove {
            node: 1,
            mv: "a1".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "node 1: a1 is not a legal move in its position"
    );
    // A second root, and a count larger than the tree.
    let mut twice = good.clone();
    twice[9 + 4] = ROOT;
    assert_eq!(
        Book::from_bytes(&twice),
        Err(BookError::Misplaced { node: 1 })
    );
    let mut more = good.clone();
    more[5] = 6;
    more.extend_from_slice(&[ROOT, 0, 0, 0]);
    assert_eq!(
        Book::from_bytes(&more),
        Err(BookError::Misplaced { node: 5 })
    );
    // The children counted exceed the nodes given.
    let mut fewer = good;
    fewer[5] = 4;
    fewer.truncate(fewer.len() - 4);
    assert_eq!(
        Book::from_bytes(&fewer),
        Err(BookError::Truncated { node: 4 })
    );
}

#[test]
fn the_built_in_book_is_consistent_and_sees_the_start_as_about_even() {
    let book = Book::from_bytes(BUILT_IN).expect("crate/weights/book.vrdb loads");
    assert!(book.len() > 1000, "{} positions", book.len());
    let start = Position::start();
    let v = book.value(&start).expect("the book values the start");
    // Othello is a draw with perfect play (Takizawa 2023).
    assert!(v.abs() <= 300, "start valued at {v}");
    let first = book.moves(&start).expect("the book answers at the start");
    assert!(first.iter().all(|&(_, w)| w == v));
    // Wherever the book answers, a position's value is its best move's.
    let mut answered = 0;
    for (&(p, o), &value) in &book.values {
        let position = Position::from_masks(p, o, Color::Dark);
        if let Some(moves) = book.moves(&position) {
            answered += 1;
            assert_eq!(i32::from(value), moves[0].1, "{position}");
        }
    }
    assert!(answered * 20 > book.len(), "{answered} of {}", book.len());
}
