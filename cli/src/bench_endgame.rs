//! The endgame section of `virada bench`: exact solves of an OBF file (by
//! default FFO #40–49) on one thread, with nodes, time per position and
//! nodes per second, checked against the file's best scores.

use crate::bench::time;
use virada::engine::endgame::{EndTable, Solver};
use virada::engine::search::Budget;

/// Solves every position of `file` with a table of `hash_mb` MiB (cleared
/// before each) and prints one line each and the totals.
pub fn section(file: &std::path::Path, hash_mb: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let lines = virada::parse_obf_text(&text).map_err(|e| e.to_string())?;
    println!(
        "endgame: exact solve of {} ({} positions), table {hash_mb} MiB cleared before each",
        file.display(),
        lines.len()
    );
    let mut table = EndTable::with_bytes(hash_mb << 20);
    let (mut nodes, mut wall, mut cpu, mut cpu_known) = (0u64, 0f64, 0f64, true);
    for (i, obf) in lines.iter().enumerate() {
        table.clear();
        let (solution, t) =
            time(|| Solver::new(&mut table, Budget::unlimited()).solve(&obf.position));
        let s = solution.ok_or("the solve was stopped")?;
        if let Some(best) = obf.annotations.first() {
            if best.score != s.score {
                return Err(format!(
                    "position {}: solved {:+}, annotated {:+}",
                    i + 1,
                    s.score,
                    best.score
                ));
            }
        }
        let cpu_text = t.cpu.map_or(String::new(), |c| format!(" {c:.2}s on CPU"));
        println!(
            "  #{} {} empties: {} {:+}, {} nodes, {:.2}s wall{cpu_text}, {:.1}M nodes/s",
            i + 1,
            obf.position.empty().count(),
            s.best,
            s.score,
            s.nodes,
            t.wall,
            s.nodes as f64 / t.cpu.unwrap_or(t.wall).max(1e-9) / 1e6
        );
        nodes += s.nodes;
        wall += t.wall;
        match t.cpu {
            Some(c) => cpu += c,
            // Too short to register: count the wall time.
            None if t.wall < 0.01 => cpu += t.wall,
            None => cpu_known = false,
        }
    }
    let cpu_text = if cpu_known {
        format!(
            ", {cpu:.1}s on CPU, {:.1}M nodes/s on CPU",
            nodes as f64 / cpu.max(1e-9) / 1e6
        )
    } else {
        String::new()
    };
    println!(
        "endgame total: {nodes} nodes, {wall:.1}s wall{cpu_text}, {:.1}M nodes/s by wall clock",
        nodes as f64 / wall.max(1e-9) / 1e6
    );
    Ok(())
}
