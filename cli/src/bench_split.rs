//! `virada bench --split N DEPTH --threads T`: the search on several threads
//! against one, on the same positions to the same fixed depth: for one
//! thread, then 2 … T threads sharing one table
//! (`virada::engine::search::parallel`, what level 10 runs natively), then
//! the search split across T runners that share no memory
//! (`virada::engine::search::split`, the page's fallback), the time to the
//! depth and the nodes.
//!
//! Time to a depth is what the threads buy. It is given three ways: by the
//! wall clock; by the leading thread's own time on a CPU, which is what the
//! wall clock would be if every thread had a core of its own (on a busy
//! machine the threads of one process may share one core); and by all the
//! threads' CPU time (`/proc/self/stat`), to see whether they did have a
//! core each.

use crate::bench::{sample_positions, time};
use std::sync::Arc;
use virada::engine::search::parallel::{help, lead, Team};
use virada::engine::search::split::search_threads;
use virada::engine::search::{Budget, Engine, Limits, SearchResult};

/// How a line of the section searches.
#[derive(Clone, Copy)]
enum Way {
    /// One thread, the plain search.
    Plain,
    /// Threads sharing one table.
    Shared(usize),
    /// The split across runners with a table each.
    Split(usize),
}

/// Prints the section.
pub fn section(count: usize, depth: u32, threads: usize, hash_mb: u32) -> Result<(), String> {
    let bytes = (hash_mb as usize) << 20;
    let limits = Limits {
        depth,
        exact_empties: 0,
        wld_empties: 0,
    };
    let positions = sample_positions(count, 4)?;
    println!(
        "the search on several threads, {} positions to depth {depth}, tables of {hash_mb} MiB cleared before each search (one for all threads; the split: one a runner):",
        positions.len()
    );
    let threads = threads.max(1);
    let ways = std::iter::once(Way::Plain)
        .chain((2..=threads).map(Way::Shared))
        .chain((threads > 1).then_some(Way::Split(threads)));
    let mut base: Option<(f64, f64, u64)> = None;
    for way in ways {
        let (mut nodes, mut wall, mut cpu, mut same) = (0u64, 0f64, 0f64, 0);
        // The leading thread's nodes (the plain search's all).
        let mut led = 0u64;
        // The tables, made once and cleared before each search (as the
        // bot's, kept between moves): the memory's first touch is not timed.
        let runners = match way {
            Way::Split(k) => k,
            _ => 1,
        };
        let mut engines: Vec<Engine> = (0..runners).map(|_| Engine::new(bytes)).collect();
        let process_before = process_cpu_seconds();
        for pos in &positions {
            engines.iter_mut().for_each(Engine::clear);
            let (r, t) = time(|| match way {
                Way::Plain => {
                    let r = engines[0].search(pos, &limits, Budget::unlimited());
                    led += r.nodes;
                    r
                }
                Way::Shared(k) => {
                    let engine = &mut engines[0];
                    let clock = virada::engine::search::default_clock;
                    let team = Arc::new(Team::new(engine, k - 1, pos, &limits, clock));
                    let r = std::thread::scope(|scope| {
                        for index in 0..k - 1 {
                            let team = &team;
                            scope.spawn(move || help(team, index));
                        }
                        lead(engine, &team, Budget::unlimited())
                    });
                    led += r.nodes;
                    SearchResult {
                        nodes: r.nodes + team.helped(),
                        ..r
                    }
                }
                Way::Split(_) => search_threads(&mut engines, pos, &limits, Budget::unlimited()),
            });
            wall += t.wall;
            cpu += t.cpu.unwrap_or(t.wall);
            nodes += r.nodes;
            same += usize::from(r.depth == depth);
        }
        let all = match (process_before, process_cpu_seconds()) {
            (Some(a), Some(b)) => format!(", all threads {:.2} s on CPU", b - a),
            _ => String::new(),
        };
        let (base_wall, base_cpu, base_led) = *base.get_or_insert((wall, cpu, led));
        let name = match way {
            Way::Plain => "plain, 1 thread".to_string(),
            Way::Shared(k) => format!("one shared table, {k} threads"),
            Way::Split(k) => format!("split, {k} runners, a table each"),
        };
        // The split's calling thread only plans: no leader's time to give.
        let leader = match way {
            Way::Split(_) => String::new(),
            _ => format!(
                ", the leading thread {cpu:.2} s on CPU ({:.2}x) and {led} nodes ({:.2}x)",
                base_cpu / cpu.max(1e-9),
                base_led as f64 / led.max(1) as f64
            ),
        };
        println!(
            "  {name}: {wall:.2} s wall ({:.2}x the plain search's speed to the depth){leader}{all}; {nodes} nodes, {same} reached the depth",
            base_wall / wall.max(1e-9),
        );
    }
    Ok(())
}

/// Seconds every thread of this process has run on a CPU (Linux
/// `/proc/self/stat`, user and system time, in clock ticks of 1/100 s).
pub fn process_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis: state is the
    // first, utime the 12th and stime the 13th.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}
