//! `virada backup` of a live server's SQLite store, and `virada restore`
//! into a fresh data folder: the server started over it finds the
//! accounts (their passkeys sign in), the ratings and the kept games.

use super::client::{get_text, Client, Listening, Server};
use super::people::{call, Person, ORIGIN};
use super::play_out;
use serde_json::Value;
use std::os::unix::fs::PermissionsExt as _;
use std::process::Command;

const RATED: &str = r#"{"game":"othello","clock":30,"rated":true}"#;

async fn profile(server: &impl Listening, name: &str) -> Value {
    let answer = call(
        server,
        "GET",
        &format!("/api/players/{name}"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.body
}

fn virada(args: &[&std::ffi::OsStr]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_of_a_live_store_restored_finds_accounts_ratings_and_games() {
    let flags = ["--origin", ORIGIN, "--leaderboard-games", "1"];
    let s = Server::start("backup", &flags);
    let mut eva = Person::new("eva");
    let mut fil = Person::new("Fil");
    assert_eq!(eva.sign_up(&s).await.status, 201);
    assert_eq!(fil.sign_up(&s).await.status, 201);
    let made = eva.call(&s, "POST", "/api/seeks", Some(RATED)).await;
    let seek = made.body["id"].as_str().unwrap().to_string();
    let taken = fil
        .call(&s, "POST", &format!("/api/seeks/{seek}/accept"), Some("{}"))
        .await;
    assert_eq!(taken.status, 201, "{}", taken.text);
    let table = taken.body["table"].as_str().unwrap().to_string();
    let mut first = Client::connect_as(&s, &table, eva.cookie.as_deref().unwrap()).await;
    first.hello(None).await;
    let mut second = Client::connect_as(&s, &table, fil.cookie.as_deref().unwrap()).await;
    second.hello(None).await;
    let mut clients = vec![first, second];
    let over = play_out(&mut clients, &[0, 1]).await;
    let record = over["record"].as_str().unwrap().to_string();
    let before = [profile(&s, "eva").await, profile(&s, "Fil").await];
    // A game still in progress is kept too.
    let open = super::client::create_table(&s, r#"{"game":"othello"}"#).await;

    // The backup, taken while the server runs and its sockets are open.
    let scratch = std::env::temp_dir().join(format!("virada-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let file = scratch.join("site.backup");
    let (ok, said) = virada(&[
        "backup".as_ref(),
        "--data".as_ref(),
        s.data().as_os_str(),
        "--to".as_ref(),
        file.as_os_str(),
    ]);
    assert!(ok, "{said}");
    assert!(said.contains("2 accounts, 1 records, 2 tables"), "{said}");
    // SQLite's own check of the file, apart from the command's.
    let c = rusqlite::Connection::open(&file).unwrap();
    let check: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let mode: String = c
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "delete", "a file of its own, not a WAL database's");
    drop(c);
    let beside = || {
        let mut names: Vec<String> = std::fs::read_dir(&scratch)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(beside(), ["site.backup"], "nothing left beside the backup");
    // A second backup over the first is refused: nothing is overwritten.
    let (ok, said) = virada(&[
        "backup".as_ref(),
        "--data".as_ref(),
        s.data().as_os_str(),
        "--to".as_ref(),
        file.as_os_str(),
    ]);
    assert!(!ok && said.contains("exists already"), "{said}");
    // The keys are kept apart from the backup, as the docs say.
    let key = get_text(&s, "/api/key").await;
    for file in ["signing.key", "push.key"] {
        std::fs::copy(s.data().join(file), scratch.join(file)).unwrap();
    }
    drop(clients);
    drop(s);

    // Restored into a fresh folder, served by a fresh server; the folder,
    // made beforehand as an operator would (the umask's 0755), ends owner-only.
    let data = scratch.join("restored");
    std::fs::create_dir(&data).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (ok, said) = virada(&[
        "restore".as_ref(),
        "--from".as_ref(),
        file.as_os_str(),
        "--data".as_ref(),
        data.as_os_str(),
    ]);
    assert!(ok, "{said}");
    let (ok, said) = virada(&[
        "restore".as_ref(),
        "--from".as_ref(),
        file.as_os_str(),
        "--data".as_ref(),
        data.as_os_str(),
    ]);
    assert!(!ok && said.contains("exists already"), "{said}");
    // Reading the backup made nothing beside it (no -wal, no -shm).
    assert_eq!(
        beside(),
        ["push.key", "restored", "signing.key", "site.backup"]
    );
    let mode = std::fs::metadata(&data).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700, "the restored folder is {mode:o}");
    for file in ["signing.key", "push.key"] {
        std::fs::copy(scratch.join(file), data.join(file)).unwrap();
    }
    let fresh = Server::over(data, &flags);
    assert_eq!(get_text(&fresh, "/api/key").await, key);
    for (name, was) in ["eva", "Fil"].iter().zip(&before) {
        let now = profile(&fresh, name).await;
        for field in [
            "rating",
            "deviation",
            "shown",
            "ratedGames",
            "wins",
            "losses",
            "draws",
        ] {
            assert_eq!(now[field], was[field], "{name}'s {field}: {now}");
        }
        assert_eq!(now["games"][0]["id"], table.as_str(), "{now}");
    }
    assert_eq!(
        get_text(&fresh, &format!("/api/records/{table}")).await,
        record
    );
    // Their passkeys sign them in, and the open table is there.
    eva.cookie = None;
    assert_eq!(eva.sign_in(&fresh).await.status, 200);
    let mut page = Client::connect(&fresh, &open).await;
    assert_eq!(page.hello(None).await["seat"], 0);
    let _ = std::fs::remove_dir_all(&scratch);
}
