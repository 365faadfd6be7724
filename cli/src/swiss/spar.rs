//! `virada swiss spar`: our pairings against bbpPairings' `--dutch` on
//! random tournaments from its own generator (`-g`). For each tournament
//! and each round, the file cut to the results before the round is paired
//! by both; the pairs are compared board by board and colour by colour.

use super::{show, write_pairs};
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use virada::tournament::{breaches, pair_next_round, same_pairs, Pair, Trf};

/// Arguments of `virada swiss spar`.
#[derive(clap::Args)]
pub struct Args {
    /// The bbpPairings executable, built apart (docs/tournaments.md).
    #[arg(long, env = "VIRADA_BBPPAIRINGS")]
    bbp: PathBuf,
    /// How many tournaments to compare (seeds the generator gives up are
    /// skipped and counted apart).
    #[arg(long, default_value_t = 200)]
    tournaments: u64,
    /// The generator's seeds are taken from seed + 1 on.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Fewest players.
    #[arg(long, default_value_t = 9)]
    min_players: u64,
    /// Most players.
    #[arg(long, default_value_t = 64)]
    max_players: u64,
    /// Fewest rounds.
    #[arg(long, default_value_t = 5)]
    min_rounds: u64,
    /// Most rounds.
    #[arg(long, default_value_t = 11)]
    max_rounds: u64,
    /// A line more for the generator's configuration, e.g.
    /// `PointsForWin=3`; may be repeated.
    #[arg(long = "config", value_name = "KEY=VALUE")]
    config: Vec<String>,
    /// Where the generated files go.
    #[arg(long, default_value = "target/swiss-spar")]
    dir: PathBuf,
}

/// SplitMix64: the sizes of the tournaments from the seed, the same on every run.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn read_pairs(text: &str) -> Option<Vec<Pair>> {
    let mut lines = text.lines();
    let count: usize = lines.next()?.trim().parse().ok()?;
    let pairs: Option<Vec<Pair>> = lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let white = it.next()?.parse().ok()?;
            let black: u32 = it.next()?.parse().ok()?;
            Some(Pair {
                white,
                black: (black != 0).then_some(black),
            })
        })
        .collect();
    pairs.filter(|p| p.len() == count)
}

/// Generates, pairs and compares; prints each difference and the figures.
pub fn run(a: Args) -> Result<ExitCode, String> {
    std::fs::create_dir_all(&a.dir).map_err(|e| format!("cannot make {}: {e}", a.dir.display()))?;
    let (mut made, mut gave_up, mut rounds, mut same_rounds, mut same_tours, mut broken) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0usize);
    let bbp = |args: &[&str]| {
        Command::new(&a.bbp)
            .args(args)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", a.bbp.display()))
    };
    let mut seed = a.seed;
    while made < a.tournaments {
        seed += 1;
        let r = mix(seed);
        let players = a.min_players + r % (a.max_players - a.min_players + 1);
        let total = a.min_rounds + (r >> 32) % (a.max_rounds - a.min_rounds + 1);
        let cfg = a.dir.join(format!("t{seed}.cfg"));
        let path = a.dir.join(format!("t{seed}.trf"));
        let mut config = format!("PlayersNumber={players}\nRoundsNumber={total}\n");
        for line in &a.config {
            config.push_str(line);
            config.push('\n');
        }
        std::fs::write(&cfg, config).map_err(|e| format!("cannot write {}: {e}", cfg.display()))?;
        let out = bbp(&[
            "--dutch",
            "-g",
            &cfg.to_string_lossy(),
            "-o",
            &path.to_string_lossy(),
            "-s",
            &seed.to_string(),
        ])?;
        if !out.status.success() {
            // The generator pairs as it goes; some random results leave a
            // round it cannot pair, and it gives the tournament up.
            gave_up += 1;
            continue;
        }
        made += 1;
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let trf = Trf::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        broken += breaches(&trf).map_err(|e| e.to_string())?.len();
        let played = trf.played_rounds();
        let first = trf.first_colour();
        let mut all = true;
        for round in 1..=played {
            let mut before = trf.before_round(round - 1);
            before.rounds = Some(played as u32);
            before.initial_colour = first;
            let cut = a.dir.join(format!("t{seed}-r{round}.trf"));
            let answer = a.dir.join(format!("t{seed}-r{round}.pairs"));
            std::fs::write(&cut, before.write()).map_err(|e| format!("{}: {e}", cut.display()))?;
            let out = bbp(&[
                "--dutch",
                &cut.to_string_lossy(),
                "-p",
                &answer.to_string_lossy(),
            ])?;
            let theirs = if out.status.success() {
                std::fs::read_to_string(&answer)
                    .ok()
                    .and_then(|t| read_pairs(&t))
            } else {
                None
            };
            let ours = pair_next_round(&before).ok();
            rounds += 1;
            let same = match (&theirs, &ours) {
                (Some(t), Some(o)) => same_pairs(t, o),
                (None, None) => true,
                _ => false,
            };
            if same {
                same_rounds += 1;
            } else {
                all = false;
                let say = |p: &Option<Vec<Pair>>| p.as_deref().map_or("no pairing".into(), show);
                println!(
                    "{}: round {round} differs\n  bbpPairings: {}\n  virada:      {}",
                    cut.display(),
                    say(&theirs),
                    say(&ours)
                );
                if let Some(o) = &ours {
                    let _ = std::fs::write(
                        a.dir.join(format!("t{seed}-r{round}.ours")),
                        write_pairs(o),
                    );
                }
            }
        }
        if all {
            same_tours += 1;
        }
    }
    let pct = if rounds == 0 {
        0.0
    } else {
        100.0 * same_rounds as f64 / rounds as f64
    };
    println!(
        "{made} tournaments generated ({gave_up} given up by the generator), {rounds} rounds: \
         {same_rounds} identical ({pct:.2} %); {same_tours} tournaments identical in every round; \
         {broken} absolute criteria broken in the generated tournaments"
    );
    Ok(if same_rounds == rounds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
