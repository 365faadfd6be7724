//! Known-answer vectors for the fairness formulas, computed outside Rust
//! (Python `hashlib` and `cryptography`'s ChaCha20), from
//! `tests/data/fairness-vectors.txt`.

use virada::game::fairness::{dark_seat, game_rng, hex, rng_key, Rng, Seed};

struct Vector {
    seed: Seed,
    word: String,
    fingerprint: String,
    dark: usize,
    stream: u64,
    key: String,
    keystream: String,
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn vectors() -> Vec<Vector> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/fairness-vectors.txt"
    );
    let text = std::fs::read_to_string(path).expect("read the vectors");
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 7, "seven fields: {line}");
        let word = if f[1] == "-" {
            String::new()
        } else {
            String::from_utf8(unhex(f[1])).expect("utf-8 word")
        };
        out.push(Vector {
            seed: f[0].parse().expect("seed"),
            word,
            fingerprint: f[2].to_string(),
            dark: f[3].parse().expect("dark seat"),
            stream: f[4].parse().expect("stream"),
            key: f[5].to_string(),
            keystream: f[6].to_string(),
        });
    }
    out
}

#[test]
fn the_file_has_vectors_for_both_seats() {
    let v = vectors();
    assert!(v.len() >= 6);
    assert!(v.iter().any(|v| v.dark == 0) && v.iter().any(|v| v.dark == 1));
}

#[test]
fn fingerprints_match() {
    for v in vectors() {
        assert_eq!(v.seed.fingerprint(), v.fingerprint, "seed {}", v.seed);
    }
}

#[test]
fn dark_seats_match() {
    for v in vectors() {
        assert_eq!(
            dark_seat(&v.seed, &v.word),
            v.dark,
            "seed {} word {:?}",
            v.seed,
            v.word
        );
    }
}

#[test]
fn rng_keys_and_keystreams_match() {
    for v in vectors() {
        assert_eq!(hex(&rng_key(&v.seed)), v.key, "seed {}", v.seed);
        let mut rng = game_rng(&v.seed, v.stream);
        let mut bytes = [0u8; 64];
        rng.fill_bytes(&mut bytes);
        assert_eq!(
            hex(&bytes),
            v.keystream,
            "seed {} stream {}",
            v.seed,
            v.stream
        );
    }
}

#[test]
fn streams_are_independent_of_each_other() {
    let seed = Seed([9; 32]);
    let (mut a, mut b) = (game_rng(&seed, 0), game_rng(&seed, 1));
    assert_ne!(a.next_u64(), b.next_u64());
    assert_eq!(game_rng(&seed, 5).next_u64(), game_rng(&seed, 5).next_u64());
}

#[test]
fn the_fair_play_doc_quotes_the_same_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/fair-play.md");
    let doc = std::fs::read_to_string(path).expect("read docs/fair-play.md");
    for v in vectors() {
        let row = format!(
            "| `{}` | `{}` | `{}` | {} |",
            v.seed, v.word, v.fingerprint, v.dark
        );
        assert!(doc.contains(&row), "missing row {row}");
    }
}

#[test]
fn the_bot_draws_from_the_game_generator() {
    let seed = Seed([0x33; 32]);
    let mut bot = virada::engine::bot::seeded_stream(&seed, 12);
    let mut rng = game_rng(&seed, 12);
    for _ in 0..4 {
        assert_eq!(bot(), rng.next_u64());
    }
}

/// The colour draw of a table with a word from each seat (version 2),
/// against `tests/data/fairness-vectors-v2.txt` (Python `hashlib`).
#[test]
fn the_second_draw_matches_its_vectors() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/fairness-vectors-v2.txt"
    );
    let text = std::fs::read_to_string(path).expect("read the vectors");
    let word = |f: &str| {
        if f == "-" {
            String::new()
        } else {
            String::from_utf8(unhex(f)).expect("utf-8 word")
        }
    };
    let mut seats = [0; 2];
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 4, "four fields: {line}");
        let seed: Seed = f[0].parse().expect("seed");
        let dark: usize = f[3].parse().expect("dark seat");
        let (first, second) = (word(f[1]), word(f[2]));
        assert_eq!(
            virada::game::fairness::dark_seat_v2(&seed, [&first, &second]),
            dark,
            "{line}"
        );
        seats[dark] += 1;
    }
    assert!(seats[0] > 0 && seats[1] > 0, "both seats appear: {seats:?}");
}

/// The colour draw of a table where each seat contributes a random value
/// and a word (version 3), against `tests/data/fairness-vectors-v3.txt`
/// (Python `hashlib`).
#[test]
fn the_third_draw_matches_its_vectors() {
    use virada::game::fairness::{dark_seat_v3, Contribution};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/fairness-vectors-v3.txt"
    );
    let text = std::fs::read_to_string(path).expect("read the vectors");
    let contribution = |random: &str, word: &str| Contribution {
        random: (random != "-").then(|| unhex(random).try_into().expect("32 bytes")),
        word: match word {
            "-" => String::new(),
            w => String::from_utf8(unhex(w)).expect("utf-8 word"),
        },
    };
    let mut seats = [0; 2];
    let mut lines = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 6, "six fields: {line}");
        let seed: Seed = f[0].parse().expect("seed");
        let dark: usize = f[5].parse().expect("dark seat");
        let (first, second) = (contribution(f[1], f[2]), contribution(f[3], f[4]));
        assert_eq!(dark_seat_v3(&seed, [&first, &second]), dark, "{line}");
        seats[dark] += 1;
        lines += 1;
    }
    assert!(lines >= 40, "{lines} vectors");
    assert!(seats[0] > 0 && seats[1] > 0, "both seats appear: {seats:?}");
}
