//! The process's own figures, read from Linux's `/proc` when `/metrics` is
//! scraped, as Prometheus' client libraries name them (`process_*`):
//! resident and virtual memory, open and allowed file descriptors, the
//! start time and the CPU time used. Elsewhere (no `/proc`) each is absent.

use std::path::Path;

/// Clock ticks a second in `/proc`'s times (`USER_HZ`, 100 on Linux).
const TICKS: f64 = 100.0;

/// What `/proc` says of this process; `None` where it could not be read.
#[derive(Debug, Default, PartialEq)]
pub struct Figures {
    /// Resident memory, bytes (`VmRSS`).
    pub resident_bytes: Option<f64>,
    /// Virtual memory, bytes (`VmSize`).
    pub virtual_bytes: Option<f64>,
    /// Open file descriptors (the entries of `/proc/self/fd`).
    pub open_fds: Option<f64>,
    /// The soft limit of open files.
    pub max_fds: Option<f64>,
    /// When the process started, seconds since 1970.
    pub start_time: Option<f64>,
    /// User and system CPU time, seconds.
    pub cpu_seconds: Option<f64>,
}

/// Reads this process's figures.
pub fn read() -> Figures {
    let proc = Path::new("/proc");
    let status = std::fs::read_to_string(proc.join("self/status")).unwrap_or_default();
    let stat = std::fs::read_to_string(proc.join("self/stat")).unwrap_or_default();
    let boot = std::fs::read_to_string(proc.join("stat")).unwrap_or_default();
    let limits = std::fs::read_to_string(proc.join("self/limits")).unwrap_or_default();
    let open_fds = std::fs::read_dir(proc.join("self/fd"))
        .ok()
        .map(|dir| dir.count() as f64);
    let (cpu_seconds, start_time) = times(&stat, &boot);
    Figures {
        resident_bytes: status_kb(&status, "VmRSS:"),
        virtual_bytes: status_kb(&status, "VmSize:"),
        open_fds,
        max_fds: limits
            .lines()
            .find(|l| l.starts_with("Max open files"))
            .and_then(|l| l.split_whitespace().nth(3))
            .and_then(|n| n.parse().ok()),
        start_time,
        cpu_seconds,
    }
}

/// A `NAME:   1234 kB` line of `/proc/self/status`, in bytes.
fn status_kb(status: &str, name: &str) -> Option<f64> {
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix(name))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024.0)
}

/// The CPU seconds used and the start time (seconds since 1970), from
/// `/proc/self/stat` (utime, stime and starttime, in ticks since boot) and
/// `/proc/stat` (`btime`, the boot's time).
fn times(stat: &str, boot: &str) -> (Option<f64>, Option<f64>) {
    // The command's name, in parentheses, may hold spaces: the fields
    // are counted after its closing one (the state is field 3).
    let Some(after) = stat.rfind(')').map(|at| &stat[at + 1..]) else {
        return (None, None);
    };
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |n: usize| -> Option<f64> { fields.get(n - 3)?.parse().ok() };
    let cpu = field(14).zip(field(15)).map(|(u, s)| (u + s) / TICKS);
    let btime: Option<f64> = boot
        .lines()
        .find_map(|l| l.strip_prefix("btime "))
        .and_then(|b| b.trim().parse().ok());
    let start = field(22).zip(btime).map(|(t, b)| b + t / TICKS);
    (cpu, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fields_are_read_after_a_name_with_spaces() {
        let stat = "4242 (tokio (1) x) S 1 4242 4242 0 -1 4194560 500 0 0 0 \
                    250 50 0 0 20 0 9 0 123400 100000 2000 ...";
        let boot = "cpu  1 2 3\nbtime 1700000000\nprocesses 9\n";
        assert_eq!(times(stat, boot), (Some(3.0), Some(1_700_001_234.0)));
        assert_eq!(times("nonsense", boot), (None, None));
        let status = "Name:\tvirada\nVmSize:\t  2048 kB\nVmRSS:\t   100 kB\n";
        assert_eq!(status_kb(status, "VmRSS:"), Some(102_400.0));
        assert_eq!(status_kb(status, "VmSwap:"), None);
    }

    #[test]
    fn this_process_has_figures_on_linux() {
        if !Path::new("/proc/self/stat").exists() {
            return;
        }
        let f = read();
        assert!(f.resident_bytes.unwrap() > 0.0, "{f:?}");
        assert!(f.open_fds.unwrap() >= 3.0, "{f:?}");
        assert!(f.max_fds.unwrap() >= f.open_fds.unwrap(), "{f:?}");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64();
        let start = f.start_time.unwrap();
        assert!(
            start <= now + 1.0 && start > now - 86_400.0 * 365.0,
            "{f:?}"
        );
        assert!(f.cpu_seconds.unwrap() >= 0.0, "{f:?}");
    }
}
