//! Round robins by Berger tables (FIDE C.05, Annex 1), single or double,
//! and divisions of 6 to 10 players grouped by rating, as eOthello plays
//! its leagues (rules R1–R3 in `docs/rules.md`).

/// One game of a round robin: seat numbers from 1; `black` none is a bye
/// (an odd number of players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The seat with white (the TRF's colour, as in a Swiss round).
    pub white: u32,
    /// The seat with black; none when `white` sits the round out.
    pub black: Option<u32>,
}

/// The rounds of a round robin of `players` seats by Berger tables: every
/// seat meets every other once (twice when `double`, the second cycle with
/// colours swapped), colours as balanced as a round robin allows (no seat
/// more than one game off even in a cycle). With an odd number of seats,
/// the one that would meet the missing last seat sits out.
pub fn berger(players: u32, double: bool) -> Vec<Vec<Game>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let m = n - 1;
    let mut rounds = Vec::new();
    for r in 1..=m {
        let mut games = Vec::new();
        // The seat that meets the last one: i + i ≡ r + 1 (mod m).
        let with_last = (1..=m).find(|&i| (2 * i) % m == (r + 1) % m).unwrap_or(m);
        let (w, b) = if r % 2 == 0 {
            (n, with_last)
        } else {
            (with_last, n)
        };
        games.push((w, b));
        // The other boards, in the table's order: the seats k after and k
        // before that one (modulo m) meet; their sum is r + 1 again.
        let seat = |s: u32| (s + m - 1) % m + 1;
        for k in 1..n / 2 {
            let (i, j) = (seat(with_last + k), seat(with_last + m - k));
            // White to the seat whose distance to the other, counted forward
            // modulo m, is odd.
            let forward = (j + m - i) % m;
            games.push(if forward % 2 == 1 { (i, j) } else { (j, i) });
        }
        let round: Vec<Game> = games
            .into_iter()
            .map(|(w, b)| {
                if n != players && (w == n || b == n) {
                    Game {
                        white: if w == n { b } else { w },
                        black: None,
                    }
                } else {
                    Game {
                        white: w,
                        black: Some(b),
                    }
                }
            })
            .collect();
        rounds.push(round);
    }
    if double {
        let second: Vec<Vec<Game>> = rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|g| match g.black {
                        Some(b) => Game {
                            white: b,
                            black: Some(g.white),
                        },
                        None => *g,
                    })
                    .collect()
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

/// The fewest players in a division.
pub const MIN_DIVISION: usize = 6;
/// The most players in a division.
pub const MAX_DIVISION: usize = 10;

/// Players grouped into divisions by rating: `ratings` is (player, rating);
/// the answer lists the divisions strongest first, each best rated first
/// (seat 1 the highest), sizes as even as they can be and each of 6 to 10
/// players, and those left waiting for the next cycle (the lowest rated,
/// when no split fits: fewer than 6 players, or 11).
pub fn divisions(ratings: &[(u32, u32)]) -> (Vec<Vec<u32>>, Vec<u32>) {
    let mut order: Vec<(u32, u32)> = ratings.to_vec();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let ids: Vec<u32> = order.iter().map(|p| p.0).collect();
    // The most players that split into divisions of 6 to 10.
    let mut seated = ids.len();
    let fits = |n: usize| {
        let k = n.div_ceil(MAX_DIVISION);
        n >= MIN_DIVISION && k * MIN_DIVISION <= n
    };
    while seated > 0 && !fits(seated) {
        seated -= 1;
    }
    let mut out = Vec::new();
    if seated > 0 {
        let k = seated.div_ceil(MAX_DIVISION);
        let (base, extra) = (seated / k, seated % k);
        let mut at = 0;
        for d in 0..k {
            let size = base + usize::from(d < extra);
            out.push(ids[at..at + size].to_vec());
            at += size;
        }
    }
    (out, ids[seated..].to_vec())
}
