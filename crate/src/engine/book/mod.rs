//! The opening book: positions near the start (and from the XOT openings)
//! searched deeply ahead of time by `virada book build`, so the top levels
//! play them at once and better than their own search would
//! (`docs/book.md`).
//!
//! A book is a tree of moves from the start position. Every node carries the
//! value of its position for the side to move, in 1/100 disc: a deep
//! search's for a leaf, the best of its children's (negated) for a node
//! whose every legal move was searched. The book answers for a position only
//! when every legal move from it leads to a position it knows, so a book
//! move is always the best of the moves it measured, never the only one.
//! Positions are keyed up to the 8 symmetries of the board, so a book built
//! from one first move answers for all four.
//!
//! The file (`VRDB1`, little-endian): the 5 bytes `VRDB1`, a `u32` node
//! count, then the nodes in pre-order, 4 bytes each: the move into the node
//! (`0`–`63` a square, `64` a pass, `255` the root), the number of its
//! children, and its value as an `i16` (`-32768`: not searched).

use crate::{Move, Position, Square};
use std::collections::HashMap;
use std::sync::OnceLock;

const MAGIC: &[u8; 5] = b"VRDB1";
const ROOT: u8 = 255;
const PASS: u8 = 64;
const NO_VALUE: i16 = i16::MIN;

/// A node of a book being written: the move into it, its value for the side
/// to move (1/100 disc) if searched, and its children.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move from the parent; `None` at the root (the start position).
    pub mv: Option<Move>,
    /// The value for the side to move, 1/100 disc.
    pub value: Option<i32>,
    /// The moves the book follows from here.
    pub children: Vec<Node>,
}

/// A book read for play: each position it knows, up to symmetry, with its
/// value for the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    values: HashMap<(u64, u64), i16>,
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// It does not start with `VRDB1`.
    BadHeader,
    /// It ends inside the node numbered `node` (0 = the root).
    Truncated {
        /// The node's number.
        node: usize,
    },
    /// Node `node`'s move is not legal in its parent's position.
    IllegalMove {
        /// The node's number.
        node: usize,
        /// Its move as written (`code N` when no move has that code).
        mv: String,
    },
    /// The first node is not the root, or a later node claims to be.
    Misplaced {
        /// The node's number.
        node: usize,
    },
    /// Bytes after the last node.
    Trailing {
        /// How many.
        bytes: usize,
    },
}

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BookError::BadHeader => f.write_str("not a virada opening book (VRDB1)"),
            BookError::Truncated { node } => write!(f, "the book ends inside node {node}"),
            BookError::IllegalMove { node, mv } => {
                write!(f, "node {node}: {mv} is not a legal move in its position")
            }
            BookError::Misplaced { node } => {
                write!(f, "node {node}: the root must come first and only once")
            }
            BookError::Trailing { bytes } => write!(f, "{bytes} bytes after the last node"),
        }
    }
}

impl std::error::Error for BookError {}

/// The book file built into native binaries (`crate/weights/book.vrdb`,
/// made by `virada book build`); the page's bot worker loads the same file.
#[cfg(not(target_arch = "wasm32"))]
pub const BUILT_IN: &[u8] = include_bytes!("../../../weights/book.vrdb");

static SHARED: OnceLock<Option<Book>> = OnceLock::new();

/// The key of a position up to symmetry: the least of its 8 images.
pub fn key(position: &Position) -> (u64, u64) {
    (0..8)
        .map(|s| {
            let p = position.symmetry(s);
            (p.player().0, p.opponent().0)
        })
        .min()
        .unwrap_or((position.player().0, position.opponent().0))
}

impl Book {
    /// Reads a `VRDB1` file, replaying its moves from the start position.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let body = bytes.strip_prefix(MAGIC).ok_or(BookError::BadHeader)?;
        let (count, mut rest) = body.split_first_chunk::<4>().ok_or(BookError::BadHeader)?;
        let count = u32::from_le_bytes(*count) as usize;
        let mut values = HashMap::with_capacity(count);
        // (position, children still to read) from the root down.
        let mut stack: Vec<(Position, u8)> = Vec::new();
        for node in 0..count {
            let (record, tail) = rest
                .split_first_chunk::<4>()
                .ok_or(BookError::Truncated { node })?;
            rest = tail;
            let [mv, children, lo, hi] = *record;
            let position = match stack.last_mut() {
                None if node == 0 && mv == ROOT => Position::start(),
                Some((parent, left)) if mv != ROOT => {
                    let parent = *parent;
                    *left -= 1;
                    let illegal = || BookError::IllegalMove {
                        node,
                        mv: decode(mv).map_or(format!("code {mv}"), |m| m.to_string()),
                    };
                    let m = decode(mv).ok_or_else(illegal)?;
                    parent.play_move(m).map_err(|_| illegal())?
                }
                _ => return Err(BookError::Misplaced { node }),
            };
            while stack.last().is_some_and(|(_, left)| *left == 0) {
                stack.pop();
            }
            let value = i16::from_le_bytes([lo, hi]);
            if value != NO_VALUE {
                values.insert(key(&position), value);
            }
            if children > 0 {
                stack.push((position, children));
            }
            if stack.is_empty() && node + 1 < count {
                return Err(BookError::Misplaced { node: node + 1 });
            }
        }
        if !stack.is_empty() {
            return Err(BookError::Truncated { node: count });
        }
        if !rest.is_empty() {
            return Err(BookError::Trailing { bytes: rest.len() });
        }
        Ok(Book { values })
    }

    /// Writes the tree under `root` (the start position) as a `VRDB1` file.
    /// A node has at most 64 children, and values are clamped to ±327 discs.
    pub fn to_bytes(root: &Node) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[0; 4]);
        let mut count = 0u32;
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            count += 1;
            let mv = match node.mv {
                None => ROOT,
                Some(Move::Pass) => PASS,
                Some(Move::Play(sq)) => sq.index() as u8,
            };
            let value = node.value.map_or(NO_VALUE, |v| {
                v.clamp(i32::from(NO_VALUE) + 1, i32::from(i16::MAX)) as i16
            });
            out.push(mv);
            out.push(node.children.len() as u8);
            out.extend_from_slice(&value.to_le_bytes());
            stack.extend(node.children.iter().rev());
        }
        out[5..9].copy_from_slice(&count.to_le_bytes());
        out
    }

    /// How many positions (up to symmetry) the book values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the book values no position.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The positions the book values (each as one image up to symmetry, the
    /// side to move's discs first), in no particular order.
    pub fn positions(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.values.keys().copied()
    }

    /// The value of `position` for its side to move, 1/100 disc, if known.
    pub fn value(&self, position: &Position) -> Option<i32> {
        self.values.get(&key(position)).map(|&v| i32::from(v))
    }

    /// Every legal square of `position` with its value for the mover (1/100
    /// disc), best first (ties in reading order), when the book knows the
    /// position after each of them; otherwise `None` (also when the mover
    /// must pass).
    pub fn moves(&self, position: &Position) -> Option<Vec<(Square, i32)>> {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mut moves = legal
            .squares()
            .map(|sq| {
                let next = position.play_unchecked(sq);
                self.value(&next).map(|v| (sq, -v))
            })
            .collect::<Option<Vec<_>>>()?;
        moves.sort_by_key(|&(sq, v)| (std::cmp::Reverse(v), sq.index()));
        Some(moves)
    }

    /// The book every bot plays from: natively the one built into the binary
    /// ([`BUILT_IN`]) unless [`Book::install`] came first; in WebAssembly
    /// the one the bot's worker installs, and none until then.
    pub fn shared() -> Option<&'static Book> {
        SHARED
            .get_or_init(|| {
                #[cfg(not(target_arch = "wasm32"))]
                {
                    Book::from_bytes(BUILT_IN).ok()
                }
                #[cfg(target_arch = "wasm32")]
                {
                    None
                }
            })
            .as_ref()
    }

    /// Makes `book` the shared book; false (and no change) when the shared
    /// book was already settled.
    pub fn install(book: Book) -> bool {
        SHARED.set(Some(book)).is_ok()
    }
}

fn decode(code: u8) -> Option<Move> {
    match code {
        PASS => Some(Move::Pass),
        c => Square::new(c).map(Move::Play),
    }
}

#[cfg(test)]
mod tests;
