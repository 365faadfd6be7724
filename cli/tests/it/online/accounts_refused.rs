//! What the accounts' and seeks' routes refuse, over real sockets: every
//! malformed body refused with 400 and a code; every state change without
//! a session, or from another origin, refused with 401 or 403; a flood
//! from one address rate limited, changing nothing.

use super::accounts::server;
use super::people::{call, post, Person, ORIGIN};
use serde_json::json;

/// The accounts' and seeks' routes that change state, each with a body
/// that is otherwise fine.
const ROUTES: [(&str, &str); 11] = [
    ("/api/accounts/signup", r#"{"name":"carla"}"#),
    (
        "/api/accounts/signup/finish",
        r#"{"ceremony":"00","credential":{}}"#,
    ),
    ("/api/accounts/signin", r#"{"name":"carla"}"#),
    (
        "/api/accounts/signin/finish",
        r#"{"ceremony":"00","credential":{}}"#,
    ),
    ("/api/accounts/passkeys", "{}"),
    (
        "/api/accounts/passkeys/finish",
        r#"{"ceremony":"00","credential":{}}"#,
    ),
    ("/api/accounts/signout", "{}"),
    ("/api/accounts/sessions/revoke", r#"{"session":"00"}"#),
    ("/api/accounts/delete", r#"{"name":"carla"}"#),
    (
        "/api/seeks",
        r#"{"game":"othello","clock":30,"rated":false}"#,
    ),
    (
        "/api/seeks/quick",
        r#"{"game":"othello","clock":30,"rated":false}"#,
    ),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_malformed_body_gets_400_with_a_code() {
    let s = server("accounts-bodies", &["--account-requests", "0"]);
    let mut carla = Person::new("carla");
    assert_eq!(carla.sign_up(&s).await.status, 201);
    let cookie = carla.cookie.clone();
    let mut routes: Vec<(String, &str)> = ROUTES.iter().map(|(p, b)| (p.to_string(), *b)).collect();
    routes.push(("/api/seeks/0123/cancel".into(), "{}"));
    routes.push(("/api/seeks/0123/accept".into(), "{}"));
    for (path, _) in &routes {
        for junk in ["", "{", "nope", "]", "\u{0}"] {
            let a = call(
                &s,
                "POST",
                path,
                Some(ORIGIN),
                cookie.as_deref(),
                Some(junk),
            )
            .await;
            assert_eq!(
                (a.status, a.code()),
                (400, "bad-json"),
                "{path} {junk:?}: {}",
                a.text
            );
        }
        for shape in [
            "[]",
            "5",
            "null",
            r#"{"extra":1,"name":"x"}"#,
            r#"{"rating":1800}"#,
        ] {
            let a = call(
                &s,
                "POST",
                path,
                Some(ORIGIN),
                cookie.as_deref(),
                Some(shape),
            )
            .await;
            assert_eq!(a.status, 400, "{path} {shape}: {}", a.text);
            assert!(!a.code().is_empty(), "{path} {shape}: {}", a.text);
        }
        // Not sent as JSON.
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nOrigin: {ORIGIN}\r\nCookie: virada_session={}\r\n\
             Content-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}",
            cookie.as_deref().unwrap_or("")
        );
        let a = super::people::raw(&s, &request).await;
        assert_eq!((a.status, a.code()), (415, "bad-content-type"), "{path}");
    }
    // A field of a wrong type or value has that field's own code.
    for (path, body, code) in [
        ("/api/accounts/signup", r#"{"name":5}"#, "bad-name"),
        ("/api/accounts/signin", r#"{"name":["a"]}"#, "bad-name"),
        (
            "/api/accounts/signup/finish",
            r#"{"ceremony":"00","credential":{"id":1}}"#,
            "bad-credential",
        ),
        (
            "/api/accounts/signin/finish",
            r#"{"ceremony":7,"credential":{}}"#,
            "no-ceremony",
        ),
        (
            "/api/seeks",
            r#"{"game":"go","clock":30,"rated":true}"#,
            "bad-game",
        ),
        (
            "/api/seeks",
            r#"{"game":"othello","clock":-1,"rated":true}"#,
            "bad-clock",
        ),
        (
            "/api/seeks",
            r#"{"game":"othello","clock":"0+0","rated":true}"#,
            "bad-clock",
        ),
        (
            "/api/seeks",
            r#"{"game":"othello","clock":"abc","rated":false}"#,
            "bad-clock",
        ),
        (
            "/api/seeks",
            r#"{"game":"othello","clock":30,"rated":"yes"}"#,
            "bad-rated",
        ),
        (
            "/api/seeks",
            r#"{"game":"othello","clock":30,"rated":true,"min":1600,"max":1400}"#,
            "bad-range",
        ),
        (
            "/api/seeks",
            r#"{"game":"othello","clock":30,"rated":true,"min":-3}"#,
            "bad-range",
        ),
        (
            "/api/seeks",
            r#"{"game":"othello","clock":0,"rated":true}"#,
            "rated-needs-clock",
        ),
        (
            "/api/seeks",
            r#"{"game":"nabucodonosor","size":99,"clock":30,"rated":false}"#,
            "bad-size",
        ),
        // A page cannot send a result or a rating: there is no such field.
        (
            "/api/seeks",
            r#"{"game":"othello","clock":30,"rated":true,"rating":2900}"#,
            "bad-body",
        ),
    ] {
        let a = call(
            &s,
            "POST",
            path,
            Some(ORIGIN),
            cookie.as_deref(),
            Some(body),
        )
        .await;
        assert_eq!(
            (a.status, a.code()),
            (400, code),
            "{path} {body}: {}",
            a.text
        );
    }
    // Over 4 KiB.
    let big = format!(r#"{{"name":"{}"}}"#, "x".repeat(5000));
    let a = post(&s, "/api/accounts/signup", &big).await;
    assert_eq!((a.status, a.code()), (413, "too-large"));
    // Nothing changed: carla is still the only account, still signed in.
    assert_eq!(carla.me(&s).await["name"], "carla");
    let list = call(&s, "GET", "/api/seeks", None, None, None).await;
    assert_eq!(list.body["seeks"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn state_changes_without_a_session_or_from_another_origin_are_refused() {
    let s = server("accounts-origin", &["--account-requests", "0"]);
    let mut dora = Person::new("dora");
    assert_eq!(dora.sign_up(&s).await.status, 201);
    let cookie = dora.cookie.clone();
    let mut routes: Vec<(String, &str)> = ROUTES.iter().map(|(p, b)| (p.to_string(), *b)).collect();
    routes.push(("/api/seeks/0123/cancel".into(), "{}"));
    routes.push(("/api/seeks/0123/accept".into(), "{}"));
    for (path, body) in &routes {
        let evil = call(
            &s,
            "POST",
            path,
            Some("http://evil.example"),
            cookie.as_deref(),
            Some(body),
        )
        .await;
        assert_eq!((evil.status, evil.code()), (403, "bad-origin"), "{path}");
        let none = call(&s, "POST", path, None, cookie.as_deref(), Some(body)).await;
        assert_eq!((none.status, none.code()), (403, "no-origin"), "{path}");
        let other_port = call(
            &s,
            "POST",
            path,
            Some("http://localhost:10"),
            cookie.as_deref(),
            Some(body),
        )
        .await;
        assert_eq!(other_port.status, 403, "{path}");
    }
    // Those that act for an account need its session.
    for (path, body) in routes.iter().filter(|(p, _)| {
        !p.starts_with("/api/accounts/sign") || p.as_str() == "/api/accounts/signout"
    }) {
        let a = post(&s, path, body).await;
        assert_eq!((a.status, a.code()), (401, "signed-out"), "{path}");
        let forged = call(
            &s,
            "POST",
            path,
            Some(ORIGIN),
            Some(&"ab".repeat(32)),
            Some(body),
        )
        .await;
        assert_eq!(
            (forged.status, forged.code()),
            (401, "signed-out"),
            "{path}"
        );
    }
    assert_eq!(dora.me(&s).await["name"], "dora");
    // Opening a table is a state change too: another page's origin may not.
    let table = r#"{"game":"othello"}"#;
    for path in ["/api/tables", "/api/pair"] {
        let evil = call(
            &s,
            "POST",
            path,
            Some("http://evil.example"),
            None,
            Some(table),
        )
        .await;
        assert_eq!((evil.status, evil.code()), (403, "bad-origin"), "{path}");
        let page = post(&s, path, table).await;
        assert_eq!(page.status, 201, "{path}: {}", page.text);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_from_one_address_is_rate_limited_and_changes_nothing() {
    let s = server("accounts-flood", &["--account-requests", "5"]);
    let mut seen = Vec::new();
    for i in 0..8 {
        let body = json!({"name": format!("flood{i}")}).to_string();
        let a = post(&s, "/api/accounts/signup", &body).await;
        seen.push((a.status, a.code().to_string()));
    }
    assert!(
        seen[..5].iter().all(|(status, _)| *status == 200),
        "{seen:?}"
    );
    assert!(
        seen[5..]
            .iter()
            .all(|(s, c)| *s == 429 && c == "rate-limited"),
        "{seen:?}"
    );
    // Reading is not limited.
    let me = call(&s, "GET", "/api/accounts/me", None, None, None).await;
    assert_eq!(me.status, 200);
}
