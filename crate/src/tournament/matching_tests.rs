//! The matching against every matching of small graphs.

use super::*;

/// The best total weight by trying every matching.
fn brute(n: usize, w: &[Vec<u64>], used: u32) -> u64 {
    let Some(v) = (0..n).find(|&v| used & (1 << v) == 0) else {
        return 0;
    };
    let used = used | (1 << v);
    let mut best = brute(n, w, used);
    for u in v + 1..n {
        if used & (1 << u) == 0 && w[v][u] > 0 {
            best = best.max(w[v][u] + brute(n, w, used | (1 << u)));
        }
    }
    best
}

/// A small xorshift: the tests' graphs, the same on every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
#[allow(clippy::needless_range_loop)]
fn agrees_with_trying_every_matching() {
    let mut state = 0x9e37_79b9_7f4a_7c15;
    for round in 0..3000 {
        let n = 2 + (next(&mut state) % 9) as usize;
        let density = 1 + next(&mut state) % 4;
        let range = [3, 10, 1000][round % 3];
        let mut w = vec![vec![0u64; n]; n];
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if next(&mut state) % 4 < density {
                    let x = 1 + next(&mut state) % range;
                    w[i][j] = x;
                    w[j][i] = x;
                    edges.push((i, j, Wide::from_u64(x)));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        let mut total = 0;
        for v in 0..n {
            if let Some(u) = mate[v] {
                assert_eq!(mate[u], Some(v), "a matching is symmetric");
                assert!(w[v][u] > 0, "only edges are used");
                if v < u {
                    total += w[v][u];
                }
            }
        }
        assert_eq!(total, brute(n, &w, 0), "graph {edges:?}");
    }
}

#[test]
fn weights_beyond_128_bits_are_ordered() {
    // Two ways to match four vertices; they differ only far above bit 128.
    let big = Wide::from_u64(1).shl(400);
    let w = |x: u64| big.add(&Wide::from_u64(x));
    let edges = [
        (0, 1, w(1)),
        (2, 3, w(1)),
        (0, 2, w(2)),
        (1, 3, big.add(&big)),
    ];
    let mate = max_weight_matching(4, &edges);
    assert_eq!(mate, vec![Some(2), Some(3), Some(0), Some(1)]);
}
