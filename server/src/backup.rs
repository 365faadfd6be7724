//! `virada backup` and `virada restore`: the data folder of a server
//! without Redis holds two SQLite databases, the tables and records
//! (`virada.db`) and the accounts and ratings (`accounts.db`). A backup is
//! one SQLite file holding both, copied from the live databases through
//! SQLite's online backup API (each copied in one step, under one read
//! transaction: each consistent while the server goes on writing; the
//! accounts' first, then the tables', a moment apart), checked with
//! `pragma integrity_check` before it takes its name. A restore writes the
//! two databases of a data folder from it again; the server started over
//! that folder finds every account, rating and kept game.
//!
//! The signing key (`signing.key`) is not in the backup: it is a secret,
//! kept apart (docs/operations.md). The backup, the restored folder and
//! its databases are made readable by their owner only (0600 files, a 0700
//! folder).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};

use crate::serve::accounts::kv::ACCOUNTS_FILE;
use crate::serve::store::DB_FILE;

/// The table in a backup that says which database each table came from.
const PARTS: &str = "virada_backup_parts";
/// The table in a backup that keeps the tables' database's schema version
/// (its `user_version`; the file's own is the accounts').
const VERSIONS: &str = "virada_backup_versions";

/// Arguments of `virada backup`.
#[derive(clap::Args)]
pub struct BackupArgs {
    /// The server's data folder (`virada serve --data`).
    #[arg(long, env = "VIRADA_DATA", default_value = ".virada")]
    data: PathBuf,
    /// The backup file to write (one SQLite database); it must not exist.
    #[arg(long)]
    to: PathBuf,
}

/// Arguments of `virada restore`.
#[derive(clap::Args)]
pub struct RestoreArgs {
    /// A backup made by `virada backup`.
    #[arg(long)]
    from: PathBuf,
    /// The data folder to restore into: new, or without databases.
    #[arg(long, env = "VIRADA_DATA", default_value = ".virada")]
    data: PathBuf,
}

/// Runs `virada backup`.
pub fn run_backup(args: BackupArgs) -> Result<ExitCode, String> {
    let counts = backup(&args.data, &args.to)?;
    println!(
        "Backed up {} into {}: {}; integrity ok",
        args.data.display(),
        args.to.display(),
        counts
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `virada restore`.
pub fn run_restore(args: RestoreArgs) -> Result<ExitCode, String> {
    let counts = restore(&args.from, &args.data)?;
    println!(
        "Restored {} into {}: {}",
        args.from.display(),
        args.data.display(),
        counts
    );
    Ok(ExitCode::SUCCESS)
}

fn sql(what: &Path) -> impl Fn(rusqlite::Error) -> String + '_ {
    move |e| format!("{}: {e}", what.display())
}

/// Opens backup `from` to read it, as a file nothing else writes
/// (SQLite's `immutable`): no `-wal` or `-shm` file is made beside it, even
/// for a backup written while its database was in WAL mode.
fn open_backup(from: &Path) -> Result<Connection, String> {
    let path = from
        .to_string_lossy()
        .replace('%', "%25")
        .replace('?', "%3f")
        .replace('#', "%23");
    Connection::open_with_flags(
        format!("file:{path}?immutable=1"),
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
    )
    .map_err(sql(from))
}

/// Opens the live database `from` to copy it, waiting up to 10 s on the
/// server's writes.
fn open_live(from: &Path) -> Result<Connection, String> {
    let source =
        Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql(from))?;
    source
        .busy_timeout(std::time::Duration::from_secs(10))
        .map_err(sql(from))?;
    Ok(source)
}

/// Copies the whole of `source` (read from `from`) into `into`, in one step.
fn copy_whole(source: &Connection, from: &Path, into: &Path) -> Result<(), String> {
    // Owner-only (0600), whatever the umask: a backup holds the accounts.
    crate::private::make_file(into).map_err(|e| format!("cannot make {}: {e}", into.display()))?;
    let mut target = Connection::open(into).map_err(sql(into))?;
    let backup = Backup::new(source, &mut target).map_err(sql(into))?;
    // -1: every page in one step, so the copy is of one moment.
    backup.step(-1).map_err(sql(from))?;
    Ok(())
}

/// The tables of `schema` in `c` (`main`, or an attached name).
fn tables(c: &Connection, schema: &str) -> rusqlite::Result<Vec<(String, String)>> {
    let mut statement = c.prepare(&format!(
        "SELECT name, sql FROM {schema}.sqlite_master \
         WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ))?;
    let rows = statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// `pragma integrity_check`'s answer, `Ok` when it is `ok`.
fn integrity(c: &Connection, what: &Path) -> Result<(), String> {
    let answer: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(sql(what))?;
    if answer == "ok" {
        Ok(())
    } else {
        Err(format!("{}: integrity check: {answer}", what.display()))
    }
}

/// What a backup holds, said in words.
fn summary(c: &Connection, what: &Path) -> Result<String, String> {
    let count = |table: &str| -> Result<i64, String> {
        let exists: i64 = c
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
                [table],
                |r| r.get(0),
            )
            .map_err(sql(what))?;
        if exists == 0 {
            return Ok(0);
        }
        c.query_row(&format!("SELECT count(*) FROM \"{table}\""), [], |r| {
            r.get(0)
        })
        .map_err(sql(what))
    };
    let accounts: i64 = if count("kv")? > 0 {
        c.query_row(
            "SELECT count(*) FROM kv WHERE key LIKE 'account:%'",
            [],
            |r| r.get(0),
        )
        .map_err(sql(what))?
    } else {
        0
    };
    Ok(format!(
        "{accounts} accounts, {} records, {} tables",
        count("records")?,
        count("tables")?
    ))
}

/// Writes the backup of data folder `data` to `to`; what it holds.
pub fn backup(data: &Path, to: &Path) -> Result<String, String> {
    let games = data.join(DB_FILE);
    let accounts = data.join(ACCOUNTS_FILE);
    if !games.is_file() {
        return Err(format!(
            "{} has no {DB_FILE}: is it a server's data folder (--data)?",
            data.display()
        ));
    }
    if to.exists() {
        return Err(format!("{} exists already: name a new file", to.display()));
    }
    let partial = with_suffix(to, "partial");
    let scratch = with_suffix(to, "tables.partial");
    let _ = std::fs::remove_file(&partial);
    let _ = std::fs::remove_file(&scratch);
    let made = (|| {
        // The accounts' database first: the file keeps its schema version.
        if accounts.is_file() {
            copy_whole(&open_live(&accounts)?, &accounts, &partial)?;
        }
        copy_whole(&open_live(&games)?, &games, &scratch)?;
        crate::private::make_file(&partial)
            .map_err(|e| format!("cannot make {}: {e}", partial.display()))?;
        let mut c = Connection::open(&partial).map_err(sql(&partial))?;
        let mine = tables(&c, "main").map_err(sql(&partial))?;
        c.execute("ATTACH ?1 AS games", [scratch.to_string_lossy()])
            .map_err(sql(&scratch))?;
        let theirs = tables(&c, "games").map_err(sql(&scratch))?;
        let games_version: u32 = c
            .query_row("PRAGMA games.user_version", [], |r| r.get(0))
            .map_err(sql(&scratch))?;
        let indexes: Vec<String> = {
            let mut s = c
                .prepare(
                    "SELECT sql FROM games.sqlite_master \
                     WHERE type = 'index' AND sql IS NOT NULL",
                )
                .map_err(sql(&scratch))?;
            let rows = s.query_map([], |r| r.get(0)).map_err(sql(&scratch))?;
            rows.collect::<rusqlite::Result<_>>()
                .map_err(sql(&scratch))?
        };
        let tx = c.transaction().map_err(sql(&partial))?;
        tx.execute_batch(&format!(
            "CREATE TABLE {PARTS} (name TEXT PRIMARY KEY, part TEXT NOT NULL);\
             CREATE TABLE {VERSIONS} (part TEXT PRIMARY KEY, version INTEGER NOT NULL)"
        ))
        .map_err(sql(&partial))?;
        tx.execute(
            &format!("INSERT INTO {VERSIONS} VALUES ('games', ?1)"),
            [games_version],
        )
        .map_err(sql(&partial))?;
        for (name, _) in &mine {
            tx.execute(
                &format!("INSERT INTO {PARTS} VALUES (?1, 'accounts')"),
                [name],
            )
            .map_err(sql(&partial))?;
        }
        for (name, create) in &theirs {
            if mine.iter().any(|(n, _)| n == name) {
                return Err(format!("both databases have a table {name}"));
            }
            tx.execute_batch(create).map_err(sql(&partial))?;
            tx.execute(
                &format!("INSERT INTO main.\"{name}\" SELECT * FROM games.\"{name}\""),
                [],
            )
            .map_err(sql(&partial))?;
            tx.execute(&format!("INSERT INTO {PARTS} VALUES (?1, 'games')"), [name])
                .map_err(sql(&partial))?;
        }
        for create in &indexes {
            tx.execute_batch(create).map_err(sql(&partial))?;
        }
        tx.commit().map_err(sql(&partial))?;
        c.execute("DETACH games", []).map_err(sql(&partial))?;
        // A file of its own, not a WAL database's: opened later, it makes
        // no `-wal` or `-shm` beside it.
        let mode: String = c
            .query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))
            .map_err(sql(&partial))?;
        if !mode.eq_ignore_ascii_case("delete") {
            return Err(format!("{}: journal mode {mode}", partial.display()));
        }
        integrity(&c, &partial)?;
        summary(&c, &partial)
    })();
    let _ = std::fs::remove_file(&scratch);
    match made {
        Ok(counts) => {
            std::fs::rename(&partial, to)
                .map_err(|e| format!("cannot name the backup {}: {e}", to.display()))?;
            Ok(counts)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}

/// Writes data folder `data`'s two databases from backup `from`; what it
/// holds.
pub fn restore(from: &Path, data: &Path) -> Result<String, String> {
    let source = open_backup(from)?;
    integrity(&source, from)?;
    let parts: Vec<(String, String)> = {
        let mut s = source
            .prepare(&format!("SELECT name, part FROM {PARTS}"))
            .map_err(|e| format!("{} is not a backup of virada's ({e})", from.display()))?;
        let rows = s
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(sql(from))?;
        rows.collect::<rusqlite::Result<_>>().map_err(sql(from))?
    };
    // Backups made before the versions were kept: the tables' is 0, and
    // the server writes its own.
    let games_version: u32 = source
        .query_row(
            &format!("SELECT version FROM {VERSIONS} WHERE part = 'games'"),
            [],
            |r| r.get(0),
        )
        .unwrap_or(0);
    let counts = summary(&source, from)?;
    crate::private::make_folder(data)
        .map_err(|e| format!("cannot make the data folder {}: {e}", data.display()))?;
    // A folder made beforehand (an empty one, with the umask's 0755) is
    // made owner-only too, as a new one is.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(data, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| format!("cannot make {} owner-only: {e}", data.display()))?;
    }
    for file in [DB_FILE, ACCOUNTS_FILE] {
        let path = data.join(file);
        if path.exists() {
            return Err(format!(
                "{} exists already: restore into a new data folder",
                path.display()
            ));
        }
    }
    for (file, keep) in [(DB_FILE, "games"), (ACCOUNTS_FILE, "accounts")] {
        let path = data.join(file);
        copy_whole(&source, from, &path)?;
        let c = Connection::open(&path).map_err(sql(&path))?;
        let mut drop = format!("DROP TABLE {PARTS}; DROP TABLE IF EXISTS {VERSIONS};");
        for (name, part) in &parts {
            if part != keep {
                drop.push_str(&format!("DROP TABLE \"{name}\";"));
            }
        }
        if keep == "games" {
            // The file's version is the accounts': the tables' is its own.
            drop.push_str(&format!("PRAGMA user_version = {games_version};"));
        }
        c.execute_batch(&drop).map_err(sql(&path))?;
        c.execute_batch("VACUUM").map_err(sql(&path))?;
        integrity(&c, &path)?;
    }
    Ok(counts)
}

/// `path` with `.suffix` added to its name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}
