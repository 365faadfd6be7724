//! Files and folders that only their owner may read: the data folder
//! (0700), its SQLite databases, the backups, and the keys (0600). They
//! are made so whatever the process's umask, and a key that others can read
//! is refused as ssh refuses one ([`check_owner_only`]).

use std::fs;
use std::io;
use std::path::Path;

/// Makes `path` and any missing folder above it, owner-only (0700). A
/// folder that exists already is left as it is.
pub fn make_folder(path: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt as _;
        builder.mode(0o700);
    }
    builder.create(path)
}

/// Makes an empty file at `path`, owner-only (0600), unless one is there:
/// SQLite then opens it as a new database, and gives its journal and
/// write-ahead log the same mode.
pub fn make_file(path: &Path) -> io::Result<()> {
    options(false).open(path).map(drop)
}

/// Makes a new file at `path`, owner-only (0600), and opens it for
/// writing; an existing file is an error ([`io::ErrorKind::AlreadyExists`]).
pub fn create_new(path: &Path) -> io::Result<fs::File> {
    options(true).open(path)
}

fn options(new: bool) -> fs::OpenOptions {
    let mut options = fs::OpenOptions::new();
    options.write(true);
    if new {
        options.create_new(true);
    } else {
        options.create(true);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    options
}

/// `Ok` when the file at `path` gives its group and others no access (its
/// mode has none of 0077); otherwise the error says so, with the `chmod`
/// that mends it. `what` names the file in the message ("the signing
/// key").
pub fn check_owner_only(path: &Path, what: &str) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = fs::metadata(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .permissions()
            .mode()
            & 0o777;
        if mode & 0o077 != 0 {
            return Err(format!(
                "{} ({what}) has mode {mode:04o}: its group or others may read it. \
                 A key must be readable by its owner only, as ssh requires of its own; \
                 run `chmod 600 {}`",
                path.display(),
                path.display()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = (path, what);
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    #[test]
    fn folders_and_files_are_made_owner_only_and_open_keys_refused() {
        let dir = std::env::temp_dir().join(format!("virada-private-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let inner = dir.join("a/b");
        make_folder(&inner).unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&inner), 0o700);
        assert_eq!(mode(&dir.join("a")), 0o700);
        let file = inner.join("f");
        make_file(&file).unwrap();
        assert_eq!(mode(&file), 0o600);
        fs::write(&file, "kept").unwrap();
        make_file(&file).unwrap();
        assert_eq!(
            fs::read_to_string(&file).unwrap(),
            "kept",
            "never truncated"
        );
        assert_eq!(
            create_new(&file).unwrap_err().kind(),
            io::ErrorKind::AlreadyExists
        );
        assert!(check_owner_only(&file, "a key").is_ok());
        for open in [0o640, 0o604, 0o620, 0o644] {
            fs::set_permissions(&file, fs::Permissions::from_mode(open)).unwrap();
            let said = check_owner_only(&file, "a key").unwrap_err();
            assert!(
                said.contains(&format!("chmod 600 {}", file.display())),
                "{said}"
            );
            assert!(said.contains(&format!("{open:04o}")), "{said}");
        }
        fs::set_permissions(&file, fs::Permissions::from_mode(0o400)).unwrap();
        assert!(check_owner_only(&file, "a key").is_ok());
        let _ = fs::remove_dir_all(&dir);
    }
}
