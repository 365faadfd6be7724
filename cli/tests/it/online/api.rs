//! The HTTP API over a real server: every malformed body to every route
//! that reads one is refused with a 4xx and `{"code", "message"}`, and the
//! answer that opens (or joins) a table gives the seed's fingerprint, the
//! same the socket's `welcome` and the final record give.

use super::client::{self, Client, Server};
use super::play_out;
use serde_json::Value;

/// Every API route that reads a body.
const ROUTES: [&str; 2] = ["/api/tables", "/api/pair"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_malformed_body_to_every_route_gets_a_code() {
    let server = Server::start("bodies", &[]);
    let json = Some("application/json");
    let big = format!(r#"{{"game":"othello","pad":"{}"}}"#, "x".repeat(5000));
    let cases: Vec<(Option<&str>, &str, u16, &str)> = vec![
        // Not JSON.
        (json, "{not json", 400, "bad-json"),
        (json, "", 400, "bad-json"),
        (json, r#"{"game":"othello"} {}"#, 400, "bad-json"),
        // JSON of the wrong shape.
        (json, "[1, 2]", 400, "bad-body"),
        (json, "null", 400, "bad-body"),
        (json, r#"{"clock":30}"#, 400, "bad-body"),
        (
            json,
            r#"{"game":"othello","colour":"dark"}"#,
            400,
            "bad-body",
        ),
        // A field of the wrong type or out of range: that field's code.
        (json, r#"{"game":5}"#, 400, "bad-game"),
        (json, r#"{"game":"othello","size":"8"}"#, 400, "bad-size"),
        (json, r#"{"game":"othello","clock":-5}"#, 400, "bad-clock"),
        (json, r#"{"game":"othello","clock":1.5}"#, 400, "bad-clock"),
        (
            json,
            r#"{"game":"othello","clock":86401}"#,
            400,
            "bad-clock",
        ),
        // A clock in its notation that is none: 0+0, words, out of range.
        (
            json,
            r#"{"game":"othello","clock":"0+0"}"#,
            400,
            "bad-clock",
        ),
        (
            json,
            r#"{"game":"othello","clock":"abc"}"#,
            400,
            "bad-clock",
        ),
        (
            json,
            r#"{"game":"othello","clock":"180+"}"#,
            400,
            "bad-clock",
        ),
        (
            json,
            r#"{"game":"othello","clock":"15d"}"#,
            400,
            "bad-clock",
        ),
        (json, r#"{"game":"othello","level":300}"#, 400, "bad-level"),
        (json, r#"{"game":"othello","level":0}"#, 400, "bad-level"),
        // Not said to be JSON, or too large.
        (None, r#"{"game":"othello"}"#, 415, "bad-content-type"),
        (
            Some("text/plain"),
            r#"{"game":"othello"}"#,
            415,
            "bad-content-type",
        ),
        (json, &big, 413, "too-large"),
    ];
    for route in ROUTES {
        for &(content_type, body, status, code) in &cases {
            let (got, answer) = client::request(&server, "POST", route, content_type, body).await;
            let body: String = body.chars().take(60).collect();
            let case = format!("{route} {content_type:?} {body}: {answer}");
            assert_eq!(got, status, "{case}");
            let v: Value = serde_json::from_str(&answer).expect(&case);
            assert_eq!(v["code"], code, "{case}");
            assert!(
                v["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{case}"
            );
        }
    }
    // None of them opened a table: a good body still does.
    let opened = client::open_table(&server, "/api/tables", r#"{"game":"othello"}"#).await;
    assert!(opened["id"].is_string());
}

/// The seed's SHA-256, as the record's `seed:` hex gives it.
fn fingerprint_of(seed_hex: &str) -> String {
    use sha2::Digest as _;
    let bytes: Vec<u8> = (0..seed_hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&seed_hex[i..i + 2], 16).unwrap())
        .collect();
    sha2::Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Two people at a table opened at `route` (the second joins by the link,
/// or by asking `/api/pair` too); the fingerprint in the opening answer is
/// the welcome's, the record's, and the SHA-256 of the record's seed.
async fn the_opening_answer_commits_to_the_seed(route: &str) {
    let server = Server::start(&format!("commit-{}", &route[5..]), &[]);
    let settings = r#"{"game":"nabucodonosor","size":5,"clock":0}"#;
    let opened = client::open_table(&server, route, settings).await;
    let id = opened["id"].as_str().unwrap().to_string();
    let fingerprint = opened["fingerprint"].as_str().unwrap().to_string();
    assert_eq!(fingerprint.len(), 64, "{opened}");
    if route == "/api/pair" {
        // The second person is paired with the first: the same table, the same commitment.
        let joined = client::open_table(&server, route, settings).await;
        assert_eq!(joined, opened);
    }
    let mut a = Client::connect(&server, &id).await;
    a.word = "um".into();
    let welcome_a = a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.word = "dois".into();
    let welcome_b = b.hello(None).await;
    for welcome in [&welcome_a, &welcome_b] {
        assert_eq!(welcome["state"]["fingerprint"], fingerprint.as_str());
    }
    let seats = [&welcome_a, &welcome_b].map(|w| w["seat"].as_u64().unwrap() as usize);
    let (a_random, b_random) = (a.random.clone(), b.random.clone());
    let end = play_out(&mut [a, b], &seats).await;
    let record = end["record"].as_str().expect("the record at the end");
    // Both contributions are in the record: the words and the random values.
    let (first, second) = match seats {
        [0, _] => (&a_random, &b_random),
        _ => (&b_random, &a_random),
    };
    assert!(
        record.contains("\nword: um\nsecond-word: dois\n")
            || record.contains("\nword: dois\nsecond-word: um\n"),
        "{record}"
    );
    assert!(
        record.contains(&format!("\nrandom: {first}\nsecond-random: {second}\n")),
        "{record}"
    );
    assert!(
        record.contains(&format!("\nfingerprint: {fingerprint}\n")),
        "{record}"
    );
    let seed = record
        .lines()
        .find_map(|l| l.strip_prefix("seed: "))
        .expect("the seed in the record");
    assert_eq!(fingerprint_of(seed), fingerprint);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_a_table_answers_its_fingerprint() {
    the_opening_answer_commits_to_the_seed("/api/tables").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pairing_answers_the_tables_fingerprint() {
    the_opening_answer_commits_to_the_seed("/api/pair").await;
}
