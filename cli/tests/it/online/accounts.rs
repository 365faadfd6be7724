//! Accounts on passkeys over real sockets (a software passkey signs the
//! WebAuthn ceremonies): sign up, sign in again as from another device,
//! a second passkey, sessions listed and revoked, sign out and the cookie
//! reused, the account deleted. What the accounts' routes refuse is in
//! `accounts_refused.rs`.

use super::client::Server;
use super::people::{call, post, Person, ORIGIN};
use serde_json::json;

/// A server whose accounts take passkeys made for [`ORIGIN`].
pub(super) fn server(name: &str, extra: &[&str]) -> Server {
    let mut flags = vec!["--origin", ORIGIN];
    flags.extend_from_slice(extra);
    Server::start(name, &flags)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_sign_in_a_second_passkey_sessions_sign_out_and_delete() {
    let s = server("accounts", &[]);
    let mut ana = Person::new("Ana_1");
    let made = ana.sign_up(&s).await;
    assert_eq!(made.status, 201, "{}", made.text);
    assert_eq!(made.body["name"], "Ana_1");
    let me = ana.me(&s).await;
    assert_eq!(
        (me["signedIn"].clone(), me["name"].clone()),
        (json!(true), json!("Ana_1"))
    );
    assert_eq!(me["shown"], "1500?");
    assert_eq!(me["origin"], ORIGIN);

    // Names are unique ignoring case; a bad one is refused with its code.
    let mut twin = Person::new("ana_1");
    let body = json!({"name": "ana_1"}).to_string();
    let taken = post(&s, "/api/accounts/signup", &body).await;
    assert_eq!((taken.status, taken.code()), (409, "name-taken"));
    for bad in ["ab", "a b", "ação", "<script>", "abcdefghijklmnopqrstu"] {
        let body = json!({"name": bad}).to_string();
        let refused = post(&s, "/api/accounts/signup", &body).await;
        assert_eq!((refused.status, refused.code()), (400, "bad-name"), "{bad}");
    }
    twin.name = "deleted-ab".into();
    let body = json!({"name": twin.name}).to_string();
    let reserved = post(&s, "/api/accounts/signup", &body).await;
    assert_eq!(reserved.code(), "reserved-name");

    // Another device with the synced passkey signs in: a second session.
    let mut phone = Person {
        name: "ana_1".into(),
        passkey: ana.passkey.synced(),
        cookie: None,
    };
    let signed = phone.sign_in(&s).await;
    assert_eq!(signed.status, 200, "{}", signed.text);
    assert_eq!(signed.body["name"], "Ana_1");
    assert_ne!(phone.cookie, ana.cookie);

    // A finish sent again finds its ceremony gone.
    let body = json!({"name": "Ana_1"}).to_string();
    let started = post(&s, "/api/accounts/signin", &body).await;
    let credential = phone.passkey.get(&started.body["options"]);
    let finish =
        json!({"ceremony": started.body["ceremony"], "credential": credential}).to_string();
    let first = post(&s, "/api/accounts/signin/finish", &finish).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let again = post(&s, "/api/accounts/signin/finish", &finish).await;
    assert_eq!((again.status, again.code()), (400, "no-ceremony"));
    // A passkey that is not the account's is refused.
    let mut stranger = Person::new("Ana_1");
    let started = post(&s, "/api/accounts/signin", &body).await;
    let _ = stranger.passkey.create(
        &json!({"publicKey": {"rp": {"id": "localhost"}, "user": {"id": "AA"}, "challenge": "AA"}}),
    );
    let credential = stranger.passkey.get(&started.body["options"]);
    let finish =
        json!({"ceremony": started.body["ceremony"], "credential": credential}).to_string();
    let wrong = post(&s, "/api/accounts/signin/finish", &finish).await;
    assert_eq!(
        (wrong.status, wrong.code()),
        (400, "bad-credential"),
        "{}",
        wrong.text
    );

    // A second passkey, made from the device already signed in.
    let started = ana
        .call(&s, "POST", "/api/accounts/passkeys", Some("{}"))
        .await;
    assert_eq!(started.status, 200, "{}", started.text);
    let mut second = Person::new("Ana_1");
    let credential = second.passkey.create(&started.body["options"]);
    let finish =
        json!({"ceremony": started.body["ceremony"], "credential": credential}).to_string();
    let added = ana
        .call(&s, "POST", "/api/accounts/passkeys/finish", Some(&finish))
        .await;
    assert_eq!(
        (added.status, added.body["passkeys"].clone()),
        (201, json!(2)),
        "{}",
        added.text
    );
    assert_eq!(second.sign_in(&s).await.status, 200);

    // Sessions: listed, and one revoked from another.
    let list = ana.call(&s, "GET", "/api/accounts/sessions", None).await;
    let sessions = list.body.as_array().unwrap().clone();
    assert_eq!(sessions.len(), 4, "{}", list.text);
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);
    let me = phone.me(&s).await;
    assert_eq!(me["signedIn"], true);
    let phones = phone.call(&s, "GET", "/api/accounts/sessions", None).await;
    let phone_id = phones
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["current"] == true)
        .unwrap()["id"]
        .clone();
    let revoked = ana
        .call(
            &s,
            "POST",
            "/api/accounts/sessions/revoke",
            Some(&json!({"session": phone_id}).to_string()),
        )
        .await;
    assert_eq!(revoked.status, 200, "{}", revoked.text);
    assert_eq!(phone.me(&s).await["signedIn"], false);
    let after = phone.call(&s, "GET", "/api/accounts/sessions", None).await;
    assert_eq!((after.status, after.code()), (401, "signed-out"));
    // Another account's session is not found from here.
    let mut bo = Person::new("bo-b");
    assert_eq!(bo.sign_up(&s).await.status, 201);
    let list = ana.call(&s, "GET", "/api/accounts/sessions", None).await;
    let ana_session = list.body[0]["id"].clone();
    let theirs = bo
        .call(
            &s,
            "POST",
            "/api/accounts/sessions/revoke",
            Some(&json!({"session": ana_session}).to_string()),
        )
        .await;
    assert_eq!((theirs.status, theirs.code()), (404, "no-session"));
    assert_eq!(ana.me(&s).await["signedIn"], true);

    // Sign out: the cookie cleared, and reused it opens nothing.
    let old = ana.cookie.clone();
    let out = ana
        .call(&s, "POST", "/api/accounts/signout", Some("{}"))
        .await;
    assert_eq!(out.status, 200);
    assert_eq!(out.cookie.as_deref(), Some(""));
    for (method, path, body) in [
        ("POST", "/api/accounts/signout", Some("{}")),
        ("POST", "/api/accounts/passkeys", Some("{}")),
        ("GET", "/api/accounts/sessions", None),
        (
            "POST",
            "/api/seeks",
            Some(r#"{"game":"othello","clock":30,"rated":true}"#),
        ),
    ] {
        let reused = call(&s, method, path, Some(ORIGIN), old.as_deref(), body).await;
        assert_eq!(
            (reused.status, reused.code()),
            (401, "signed-out"),
            "{path}"
        );
    }

    // Delete: the name typed again; then the name is free, the passkey gone.
    assert_eq!(second.sign_in(&s).await.status, 200);
    let wrong = second
        .call(
            &s,
            "POST",
            "/api/accounts/delete",
            Some(r#"{"name":"someone"}"#),
        )
        .await;
    assert_eq!((wrong.status, wrong.code()), (400, "confirm-name"));
    let deleted = second
        .call(
            &s,
            "POST",
            "/api/accounts/delete",
            Some(r#"{"name":"Ana_1"}"#),
        )
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.text);
    assert_eq!(second.me(&s).await["signedIn"], false);
    let body = json!({"name": "Ana_1"}).to_string();
    let gone = post(&s, "/api/accounts/signin", &body).await;
    assert_eq!((gone.status, gone.code()), (404, "no-account"));
    let profile = call(&s, "GET", "/api/players/Ana_1", None, None, None).await;
    assert_eq!(profile.status, 404);
    let mut anew = Person::new("ana_1");
    assert_eq!(anew.sign_up(&s).await.status, 201);
}
