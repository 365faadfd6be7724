//! The Nabucodonosor bot: Monte Carlo tree search (UCT) whose playouts follow
//! the "largest capture, else a random placement" policy.
//!
//! Why MCTS: the branching factor is 25–55 (15 on 6×6, 225 on an empty
//! 15×15 board) and there is no cheap evaluation that captures the swings of
//! rectangle captures, whereas playouts are cheap (a whole 8×8 game is about
//! 84 turns). `docs/nabucodonosor.md` reports the measurements.
//!
//! The search is deterministic given its random generator: every random
//! choice comes from the caller's `rng`, and the budget is counted in
//! playouts, so the same seed replays the same moves (an optional `stop`
//! closure may end it early, e.g. on a clock).

use crate::game::nabu::{captures, Cell, NabuGame, NabuMove, Rect};
use crate::Color;

/// A uniform index below `n` (n > 0) from a 64-bit word.
fn below(word: u64, n: usize) -> usize {
    ((u128::from(word) * n as u128) >> 64) as usize
}

/// Playouts a level may run on a board of side `size` (level 1 plays the
/// playout policy itself): the 8×8 budget scaled by 64 / n², since a
/// playout's cost grows with the board.
pub const fn level_playouts(level: u8, size: usize) -> u32 {
    let base: u32 = match level {
        0 | 1 => 0,
        2 => 200,
        3 => 1_000,
        4 => 4_000,
        _ => 12_000,
    };
    let scaled = base as usize * 64 / (size * size);
    if base == 0 {
        0
    } else if scaled < 50 {
        50
    } else {
        scaled as u32
    }
}

/// The highest level.
pub const MAX_LEVEL: u8 = 5;

/// The playout policy's move: the largest capture that does not repeat an
/// arrangement (ties at random), else a random legal placement, else a swap
/// or pass when that is all there is.
pub fn greedy_move(game: &NabuGame, rng: &mut impl FnMut() -> u64) -> Option<NabuMove> {
    if game.outcome().is_some() {
        return None;
    }
    let mover = game.to_move();
    let mut best: Vec<Rect> = Vec::new();
    for r in captures(game.board(), mover) {
        if best.first().is_some_and(|b| r.area() < b.area()) || game.repeats(r) {
            continue;
        }
        if best.first().is_some_and(|b| r.area() > b.area()) {
            best.clear();
        }
        best.push(r);
    }
    if !best.is_empty() {
        return Some(NabuMove::Capture(best[below(rng(), best.len())]));
    }
    let rows = game.board().placement_rows(mover);
    let total: u32 = rows.iter().map(|r| r.count_ones()).sum();
    if total > 0 {
        let mut k = below(rng(), total as usize);
        for (r, &row) in rows.iter().enumerate() {
            let ones = row.count_ones() as usize;
            if k < ones {
                let mut bits = row;
                for _ in 0..k {
                    bits &= bits - 1;
                }
                let c = bits.trailing_zeros() as u8;
                return Some(NabuMove::Place(Cell::new(r as u8, c)));
            }
            k -= ones;
        }
    }
    game.legal_moves().first().copied()
}

/// The colour whose player wins if this move's side wins: the mover's own
/// colour, except after a swap, when the swapper holds the other one.
fn chooser_colour(mover: Color, mv: NabuMove) -> Color {
    if mv == NabuMove::Swap {
        mover.other()
    } else {
        mover
    }
}

/// Plays the policy from `game` to the end (or a cap, then more discs wins)
/// and returns the winning colour.
fn playout(mut game: NabuGame, rng: &mut impl FnMut() -> u64) -> Color {
    let n = game.size();
    let cap = game.moves().len() + 4 * n * n;
    while game.outcome().is_none() && game.moves().len() < cap {
        match greedy_move(&game, rng) {
            Some(mv) => game.play_unchecked(mv),
            None => break,
        }
    }
    match game.outcome() {
        Some(o) => o.winner,
        None => {
            let b = game.board();
            if b.count(Color::Dark) >= b.count(Color::Light) {
                Color::Dark
            } else {
                Color::Light
            }
        }
    }
}

struct Node {
    mv: NabuMove,
    /// The colour for which `wins` counts.
    chooser: Color,
    children: Vec<usize>,
    untried: Vec<NabuMove>,
    visits: u32,
    wins: f32,
}

/// Runs up to `playouts` MCTS iterations from `game` (fewer if `stop` says
/// so, checked before each playout) and returns the most visited move with its visit
/// count and win rate; `None` when the game is over.
pub fn search(
    game: &NabuGame,
    playouts: u32,
    rng: &mut impl FnMut() -> u64,
    stop: &mut impl FnMut() -> bool,
) -> Option<(NabuMove, u32, f32)> {
    let legal = game.legal_moves();
    if legal.len() <= 1 {
        return legal.first().map(|&m| (m, 0, 0.5));
    }
    let mut nodes = vec![Node {
        mv: NabuMove::Pass,
        chooser: game.to_move().other(),
        children: Vec::new(),
        untried: legal,
        visits: 0,
        wins: 0.0,
    }];
    let c = 0.7f32;
    for i in 0..playouts {
        if i > 0 && stop() {
            break;
        }
        let mut state = game.clone();
        let mut path = vec![0usize];
        let mut at = 0usize;
        // Selection.
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let log_n = (nodes[at].visits.max(1) as f32).ln();
            let mut best = (f32::MIN, nodes[at].children[0]);
            for &ch in &nodes[at].children {
                let node = &nodes[ch];
                let v = node.visits as f32;
                let score = node.wins / v + c * (log_n / v).sqrt();
                if score > best.0 {
                    best = (score, ch);
                }
            }
            at = best.1;
            state.play_unchecked(nodes[at].mv);
            path.push(at);
        }
        // Expansion.
        if !nodes[at].untried.is_empty() && state.outcome().is_none() {
            let k = below(rng(), nodes[at].untried.len());
            let mv = nodes[at].untried.swap_remove(k);
            let chooser = chooser_colour(state.to_move(), mv);
            state.play_unchecked(mv);
            let id = nodes.len();
            nodes.push(Node {
                mv,
                chooser,
                children: Vec::new(),
                untried: state.legal_moves(),
                visits: 0,
                wins: 0.0,
            });
            nodes[at].children.push(id);
            path.push(id);
        }
        // Simulation and backpropagation.
        let winner = match state.outcome() {
            Some(o) => o.winner,
            None => playout(state, rng),
        };
        for &id in &path {
            nodes[id].visits += 1;
            if nodes[id].chooser == winner {
                nodes[id].wins += 1.0;
            }
        }
    }
    let root = &nodes[0];
    let best = root
        .children
        .iter()
        .max_by_key(|&&ch| nodes[ch].visits)
        .map(|&ch| &nodes[ch])?;
    let rate = best.wins / best.visits.max(1) as f32;
    Some((best.mv, best.visits, rate))
}

/// The bot's move at `level` (1 = the playout policy, up to [`MAX_LEVEL`]),
/// with every random choice from `rng`; `stop` may end the search early.
/// `None` once the game is over.
pub fn choose(
    game: &NabuGame,
    level: u8,
    rng: &mut impl FnMut() -> u64,
    stop: &mut impl FnMut() -> bool,
) -> Option<NabuMove> {
    let playouts = level_playouts(level, game.size());
    if playouts == 0 {
        return greedy_move(game, rng);
    }
    search(game, playouts, rng, stop).map(|(mv, _, _)| mv)
}

#[cfg(test)]
pub(crate) mod testing;
