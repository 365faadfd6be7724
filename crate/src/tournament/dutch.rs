//! The next round of a Swiss tournament by FIDE's Dutch system (C.04.3, the
//! rules of 2025), bracket by bracket from the top score down. Each bracket
//! is settled by maximum-weight matchings over all the players still to
//! pair, so that no choice made in it can leave the rest unpairable (C4):
//! first which moved-down players are paired and with whom, then which
//! residents go to S1 and S2 and which are exchanged, then each S1 player's
//! opponent, highest first (B.3's order of transpositions). The colours
//! follow E.1–E.5.

use super::colours::{colour_of, sort_boards};
use super::entry::{Colour, Pair};
use super::matching::max_weight_matching;
use super::state::{Entrant, PairingError, State};
use super::trf::Trf;
use super::weights::{bye_finder, edge, Layout};
use super::wide::{Wide, WIDE_BITS};

/// The most players one round pairs: the matching keeps a weight for every
/// two of them.
pub const MAX_PAIRED: usize = 512;

/// The Dutch system's pairing of the round after the file's last, in the
/// published order (the boards by their players' scores, the bye last).
pub fn pair_next_round(trf: &Trf) -> Result<Vec<Pair>, PairingError> {
    let st = State::new(trf)?;
    pair_state(&st)
}

/// The weights of every pair of vertices, kept as the matching's input.
struct Graph {
    w: Vec<Vec<Wide>>,
    max: Wide,
}

impl Graph {
    fn set(&mut self, a: usize, b: usize, w: Wide) {
        self.w[a][b] = w;
        self.w[b][a] = w;
    }

    /// A maximum-weight matching: `m[v]` is `v`'s mate, or `v` when alone.
    fn solve(&self) -> Vec<usize> {
        let n = self.w.len();
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if !self.w[a][b].is_zero() {
                    edges.push((a, b, self.w[a][b]));
                }
            }
        }
        max_weight_matching(n, &edges)
            .into_iter()
            .enumerate()
            .map(|(v, m)| m.unwrap_or(v))
            .collect()
    }

    /// Fixes `a` with `b` for good.
    fn fix(&mut self, a: usize, b: usize) {
        for v in 0..self.w.len() {
            if v != a {
                self.set(a, v, Wide::ZERO);
            }
            if v != b {
                self.set(b, v, Wide::ZERO);
            }
        }
        self.set(a, b, self.max);
    }
}

fn pair_state(st: &State) -> Result<Vec<Pair>, PairingError> {
    let mut sorted: Vec<&Entrant> = st.entrants.iter().filter(|e| e.to_pair).collect();
    sorted.sort_by_key(|e| (std::cmp::Reverse(e.score), e.rank));
    let n = sorted.len();
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut lay = Layout::new(&sorted);
    if n > MAX_PAIRED || lay.total_bits(st.played) + 8 >= WIDE_BITS {
        return Err(PairingError::TooLarge);
    }
    let top = sorted[0].score;
    let mut g = Graph {
        w: vec![vec![Wide::ZERO; n]; n],
        max: lay.max_weight(st.played),
    };
    let all_edges = |g: &mut Graph, lay: &Layout, finder: bool| {
        for a in 0..n {
            for b in 0..a {
                let w = if finder {
                    bye_finder(st, lay, top, sorted[a], sorted[b])
                } else {
                    edge(st, lay, sorted[b], sorted[a], false, false)
                };
                g.set(a, b, w);
            }
        }
    };
    all_edges(&mut g, &lay, n % 2 == 1);
    let m = g.solve();
    let alone: Vec<usize> = (0..n).filter(|&v| m[v] == v).collect();
    if alone.len() > 1 || alone.iter().any(|&v| !sorted[v].bye_eligible) {
        return Err(PairingError::NoValidPairing);
    }
    if n % 2 == 1 {
        lay.bye_score = sorted[alone[0]].score;
        lay.single_downfloater_bye = lay.bye_score >= top
            && (0..n)
                .take_while(|&v| sorted[v].score >= top)
                .all(|v| sorted[m[v]].score >= top);
        let mut counts: Vec<u32> = sorted
            .iter()
            .filter(|e| e.score == lay.bye_score)
            .map(|e| e.played_games)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, c) in counts.into_iter().enumerate() {
            lay.unplayed_rank.insert(c, rank as u32);
        }
        all_edges(&mut g, &lay, false);
    }
    let mate = Brackets {
        st,
        sorted: &sorted,
        lay,
        g,
    }
    .run()?;
    let mut pairs = Vec::new();
    for (v, &m) in mate.iter().enumerate() {
        let (a, b) = (sorted[v], sorted[m]);
        if m == v {
            pairs.push(Pair {
                white: a.id,
                black: None,
            });
        } else if a.id < b.id {
            let (white, black) = if colour_of(st, a, b) == Colour::White {
                (a.id, b.id)
            } else {
                (b.id, a.id)
            };
            pairs.push(Pair {
                white,
                black: Some(black),
            });
        }
    }
    sort_boards(st, &mut pairs);
    Ok(pairs)
}

/// The bracket-by-bracket work over the matching.
struct Brackets<'a> {
    st: &'a State,
    sorted: &'a [&'a Entrant],
    lay: Layout,
    g: Graph,
}

impl Brackets<'_> {
    /// Every player's mate (themself for the bye), by place in `sorted`.
    fn run(mut self) -> Result<Vec<usize>, PairingError> {
        let sorted = self.sorted;
        let n = sorted.len();
        let score = |v: usize| sorted[v].score;
        let mut mate: Vec<usize> = (0..n).collect();
        let mut matched = vec![false; n];
        // The bracket's vertices: moved-down players, then the score group,
        // then the next score group.
        let mut next_group = 0;
        let mut verts: Vec<usize> = Vec::new();
        while next_group < n && score(next_group) >= score(0) {
            verts.push(next_group);
            next_group += 1;
        }
        let mut mdps = 0;
        let mut group_start_v = 0;
        let mut guard = 0;
        while verts.len() > 1 || next_group < n {
            guard += 1;
            if guard > 4 * n + 8 {
                return Err(PairingError::NoValidPairing);
            }
            let cur_end = verts.len();
            let next_start_v = group_start_v + (cur_end - mdps);
            let group_head = next_group;
            if next_group < n {
                let s = score(next_group);
                while next_group < n && score(next_group) >= s {
                    verts.push(next_group);
                    next_group += 1;
                }
            }
            let len = verts.len();
            // base[l][s]: the weight of the pair (s above l).
            let mut base = vec![Vec::new(); len];
            for l in mdps..len {
                for s in 0..l {
                    let w = edge(
                        self.st,
                        &self.lay,
                        sorted[verts[s]],
                        sorted[verts[l]],
                        l < cur_end,
                        l >= cur_end,
                    );
                    base[l].push(w);
                    self.g.set(verts[s], verts[l], w);
                }
            }
            let in_cur = |m: usize| m >= group_start_v && m < next_start_v;
            let mut stable = self.g.solve();

            // Which moved-down players are paired in this bracket.
            let mut md_score = 0;
            let mut left = 0;
            let mut left_matched = 0;
            for p in 0..mdps {
                if p == 0 || score(verts[p]) < md_score {
                    md_score = score(verts[p]);
                    left = 0;
                    left_matched = 0;
                    let mut q = p;
                    while q < mdps && score(verts[q]) >= md_score {
                        left += 1;
                        if in_cur(stable[verts[q]]) {
                            left_matched += 1;
                        }
                        q += 1;
                    }
                }
                if left_matched == 0 {
                    continue;
                }
                let pv = verts[p];
                if left <= left_matched {
                    matched[pv] = true;
                    continue;
                }
                left -= 1;
                if !in_cur(stable[pv]) {
                    for o in mdps..cur_end {
                        let w = base[o][p];
                        if !w.is_zero() {
                            self.g.set(pv, verts[o], w.with_bit(0));
                        }
                    }
                    stable = self.g.solve();
                }
                if in_cur(stable[pv]) {
                    matched[pv] = true;
                    left_matched -= 1;
                    let size = Wide::from_u64((cur_end - mdps) as u64);
                    for o in mdps..cur_end {
                        let w = base[o][p];
                        if !w.is_zero() {
                            let w = or(w, size).add(&Wide::from_u64(1));
                            self.g.set(pv, verts[o], w);
                        }
                    }
                }
            }
            // Their opponents, the highest resident each can have.
            for p in 0..mdps {
                let pv = verts[p];
                if !matched[pv] {
                    continue;
                }
                let mut addend = len as u64;
                for o in (mdps..cur_end).rev() {
                    let ov = verts[o];
                    if matched[ov] {
                        continue;
                    }
                    let w = base[o][p];
                    if !w.is_zero() {
                        self.g.set(pv, ov, w.add(&Wide::from_u64(addend)));
                        addend += 1;
                    }
                }
                stable = self.g.solve();
                let mv = stable[pv];
                matched[mv] = true;
                self.g.fix(pv, mv);
            }

            // The remainder: residents not paired with a moved-down player.
            let rem: Vec<usize> = (mdps..cur_end)
                .filter(|&i| stable[verts[i]] >= group_start_v)
                .collect();
            let rem_pairs = rem.iter().filter(|&&i| stable[verts[i]] < verts[i]).count();
            let ewc = |base: &Vec<Vec<Wide>>, s: usize, l: usize, s_pos: usize| -> Wide {
                let w = base[l][s];
                if w.is_zero() {
                    return w;
                }
                let sb = self.lay.size_bits;
                let addend = Wide::from_u64(u64::from(s_pos < rem_pairs))
                    .shl(2 * sb)
                    .sub(&Wide::from_u64(s_pos as u64))
                    .shl(1);
                w.add(&addend)
            };
            for (b, &o) in rem.iter().enumerate() {
                for (a, &p) in rem.iter().enumerate().take(b) {
                    self.g.set(verts[p], verts[o], ewc(&base, p, o, a));
                }
            }
            stable = self.g.solve();
            let goes_down =
                |stable: &Vec<usize>, v: usize| stable[v] > v && stable[v] < next_start_v;
            let exchanges = rem[..rem_pairs]
                .iter()
                .filter(|&&p| !goes_down(&stable, verts[p]))
                .count();

            // The lowest of S1 that can be exchanged.
            let mut remaining = exchanges;
            let mut pos = rem_pairs;
            while pos > 0 && remaining > 0 {
                let opp_from = pos;
                pos -= 1;
                let pv = verts[rem[pos]];
                if goes_down(&stable, pv) {
                    for &o in &rem[opp_from..] {
                        let w = ewc(&base, rem[pos], o, pos);
                        if !w.is_zero() {
                            self.g.set(pv, verts[o], w.sub(&Wide::from_u64(1)));
                        }
                    }
                    stable = self.g.solve();
                }
                let exchange = !goes_down(&stable, pv);
                if exchange {
                    remaining -= 1;
                }
                for &o in &rem[pos + 1..] {
                    if exchange {
                        base[o][rem[pos]] = Wide::ZERO;
                    }
                    let w = ewc(&base, rem[pos], o, pos);
                    self.g.set(pv, verts[o], w);
                }
            }
            // The highest of S2 that can be exchanged.
            let mut remaining = exchanges;
            let mut pos = rem_pairs;
            while pos < rem.len() && remaining > 1 {
                let p = rem[pos];
                let pv = verts[p];
                let already = goes_down(&stable, pv);
                if !already {
                    for &o in &rem[pos + 1..] {
                        let w = ewc(&base, p, o, pos);
                        if !w.is_zero() {
                            self.g.set(pv, verts[o], w.add(&Wide::from_u64(1)));
                        }
                    }
                    stable = self.g.solve();
                }
                if goes_down(&stable, pv) {
                    remaining -= 1;
                    for &o in &rem[..pos] {
                        base[p][o] = Wide::ZERO;
                        self.g.set(pv, verts[o], Wide::ZERO);
                    }
                    for o in cur_end..len {
                        base[o][p] = Wide::ZERO;
                        self.g.set(pv, verts[o], Wide::ZERO);
                    }
                }
                if !already {
                    for &o in &rem[pos + 1..] {
                        let w = ewc(&base, p, o, pos);
                        self.g.set(pv, verts[o], w);
                    }
                }
                pos += 1;
            }
            // S1 and S2 settled: only S1-above-S2 pairs stay.
            for a in 0..rem.len() {
                let pv = verts[rem[a]];
                for b in a + 1..rem.len() {
                    let ov = verts[rem[b]];
                    if !goes_down(&stable, pv) || goes_down(&stable, ov) {
                        base[rem[b]][rem[a]] = Wide::ZERO;
                    }
                    self.g.set(pv, ov, base[rem[b]][rem[a]]);
                }
            }
            // Each S1 player's opponent, the first S2 player that can be.
            for &p in &rem {
                let pv = verts[p];
                if !goes_down(&stable, pv) {
                    continue;
                }
                let mut addend = 0u64;
                for &o in rem.iter().rev() {
                    let ov = verts[o];
                    if o <= p || matched[ov] {
                        continue;
                    }
                    let w = base[o][p];
                    if !w.is_zero() {
                        self.g.set(pv, ov, w.add(&Wide::from_u64(addend)));
                    }
                    addend += 1;
                }
                stable = self.g.solve();
                let mv = stable[pv];
                matched[pv] = true;
                matched[mv] = true;
                self.g.fix(pv, mv);
            }

            // The next bracket: the unpaired come down to the next group.
            let next_head_score = (group_head < n).then(|| score(group_head));
            let mut single = n % 2 == 1 && next_head_score.is_some_and(|s| self.lay.bye_score >= s);
            let mut new_verts = Vec::new();
            let mut new_mdps = 0;
            for (i, &v) in verts.iter().enumerate() {
                if i < cur_end && matched[v] {
                    mate[v] = stable[v];
                    mate[stable[v]] = v;
                } else {
                    new_verts.push(v);
                    if i < cur_end {
                        new_mdps += 1;
                    }
                    if single && next_head_score.is_some_and(|s| score(stable[v]) < s) {
                        single = false;
                    }
                }
            }
            self.lay.single_downfloater_bye = single;
            verts = new_verts;
            mdps = new_mdps;
            group_start_v = next_start_v;
        }
        Ok(mate)
    }
}

fn or(a: Wide, small: Wide) -> Wide {
    let mut out = a;
    for bit in 0..64 {
        if small.bit(bit) {
            out = out.with_bit(bit);
        }
    }
    out
}
