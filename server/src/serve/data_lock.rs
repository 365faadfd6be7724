//! One data folder, one server: `virada serve` holds an exclusive lock
//! (`flock(2)`, through libc: the standard library's `File::try_lock` is
//! newer than the workspace's Rust 1.85) on
//! `DATA/serve.lock` while it runs, so that a second server over the same
//! folder (a second shell, or two copies of a templated unit sharing a
//! state directory) is refused at start with the first one's process id,
//! rather than run the same tables twice. The lock goes with the process,
//! however it ends (SIGKILL included): nothing stale is left to remove.

use std::fs::{File, OpenOptions};
use std::io::{Read as _, Seek as _, Write as _};
use std::os::fd::AsRawFd as _;
use std::path::Path;

/// The lock's file in the data folder.
pub const LOCK_FILE: &str = "serve.lock";

/// The data folder's lock, held until dropped (the process's end).
#[derive(Debug)]
pub struct DataLock {
    _file: File,
}

impl DataLock {
    /// Takes the lock of data folder `data` (which exists), writing this
    /// process's id in its file; an error naming the holder when another
    /// process has it.
    pub fn take(data: &Path) -> Result<DataLock, String> {
        let path = data.join(LOCK_FILE);
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        // Owner-only, as every file of the data folder (crate::private).
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options
            .open(&path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        match try_lock(&file) {
            Ok(true) => {}
            Ok(false) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                let who = if holder.is_empty() {
                    "another process".to_string()
                } else {
                    format!("process {holder}")
                };
                return Err(format!(
                    "the data folder {} is in use by {who} (another virada serve): \
                     one data folder, one server; give this one its own --data",
                    data.display()
                ));
            }
            Err(e) => return Err(format!("cannot lock {}: {e}", path.display())),
        }
        file.set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| writeln!(file, "{}", std::process::id()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(DataLock { _file: file })
    }
}

/// `flock(LOCK_EX | LOCK_NB)` on `file`: `Ok(false)` when another open
/// file (this process's or another's) holds it.
fn try_lock(file: &File) -> std::io::Result<bool> {
    // SAFETY: flock only reads its two integer arguments; the descriptor
    // is `file`'s, open for the whole call. The lock is released when the
    // last descriptor of this open file closes (the process's end).
    #[allow(unsafe_code)]
    let answer = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if answer == 0 {
        return Ok(true);
    }
    let e = std::io::Error::last_os_error();
    if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
        Ok(false)
    } else {
        Err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_of_one_folder_is_refused_until_the_first_goes() {
        let data = std::env::temp_dir().join(format!("virada-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        let first = DataLock::take(&data).unwrap();
        let refused = DataLock::take(&data).unwrap_err();
        let pid = std::process::id().to_string();
        assert!(refused.contains(&format!("process {pid}")), "{refused}");
        assert!(refused.contains("one data folder, one server"), "{refused}");
        drop(first);
        let again = DataLock::take(&data).unwrap();
        drop(again);
        std::fs::remove_dir_all(&data).unwrap();
    }
}
