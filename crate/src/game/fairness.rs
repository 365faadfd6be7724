//! Fair play (F1–F6): the secret seed, its fingerprint, who plays dark, and
//! the generator behind every other random choice.
//!
//! - The seed is 32 bytes from the platform's secure source, written as 64
//!   lowercase hex characters.
//! - Its fingerprint is the SHA-256 of those 32 raw bytes, shown before the
//!   game; the seed itself is revealed after.
//! - Who plays dark: `SHA-256("virada/dark-seat/v1" || seed || word)`, first
//!   byte, lowest bit: 0 → the first seat, 1 → the second (see [`dark_seat`]);
//!   at the online table, from the seed and both seats' words (version 2,
//!   [`dark_seat_v2`]) or both seats' contributions, a random value and a
//!   word each (version 3, [`dark_seat_v3`]).
//! - Everything else random (a weak bot's mistakes, tie-breaks) comes from
//!   ChaCha20 keyed with `SHA-256("virada/rng/v1" || seed)` (see [`game_rng`]),
//!   so a whole game replays from its record.
//!
//! ```
//! use virada::game::fairness::{dark_seat, Seed};
//! let seed: Seed = "00".repeat(32).parse().unwrap();
//! assert_eq!(
//!     seed.fingerprint(),
//!     "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
//! );
//! assert!(dark_seat(&seed, "") <= 1);
//! ```

use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

/// The secret of one game: 32 bytes, written as 64 lowercase hex characters.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed(pub [u8; 32]);

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

/// Why a seed could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedError {
    /// Not exactly 64 characters.
    Length(usize),
    /// A character that is not a hex digit, at this position (0-based).
    NotHex(usize),
    /// The platform's secure random source failed.
    Random(String),
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedError::Length(n) => write!(f, "a seed is 64 hex characters, this one has {n}"),
            SeedError::NotHex(i) => write!(f, "character {} of the seed is not a hex digit", i + 1),
            SeedError::Random(e) => write!(f, "the secure random source failed: {e}"),
        }
    }
}

impl std::error::Error for SeedError {}

impl Seed {
    /// A fresh seed from the platform's secure random source (`getrandom`; in
    /// the browser, `crypto.getRandomValues`).
    pub fn generate() -> Result<Seed, SeedError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| SeedError::Random(e.to_string()))?;
        Ok(Seed(bytes))
    }

    /// SHA-256 of the 32 raw seed bytes, as 64 lowercase hex characters (F3).
    pub fn fingerprint(&self) -> String {
        hex(&self.fingerprint_bytes())
    }

    /// The fingerprint's 32 bytes.
    pub fn fingerprint_bytes(&self) -> [u8; 32] {
        Sha256::digest(self.0).into()
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

// Written as 64 lowercase hex characters, read back through `FromStr`.
#[cfg(feature = "serde")]
crate::serde_text::as_text!(Seed);

impl FromStr for Seed {
    type Err = SeedError;

    /// Reads 64 hex characters, either case.
    fn from_str(s: &str) -> Result<Seed, SeedError> {
        let chars: Vec<char> = s.chars().collect();
        if chars.len() != 64 {
            return Err(SeedError::Length(chars.len()));
        }
        let mut bytes = [0u8; 32];
        for (i, pair) in chars.chunks(2).enumerate() {
            let hi = pair[0].to_digit(16).ok_or(SeedError::NotHex(2 * i))?;
            let lo = pair[1].to_digit(16).ok_or(SeedError::NotHex(2 * i + 1))?;
            bytes[i] = (hi * 16 + lo) as u8;
        }
        Ok(Seed(bytes))
    }
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The label that keeps the colour draw apart from any other use of the seed.
pub const DARK_SEAT_LABEL: &[u8] = b"virada/dark-seat/v1";

/// Which seat plays dark: 0 (the first seat) or 1.
///
/// `SHA-256(DARK_SEAT_LABEL || seed (32 raw bytes) || word (UTF-8))`, last bit of
/// the first byte. With no word, the seed alone decides.
pub fn dark_seat(seed: &Seed, word: &str) -> usize {
    let mut h = Sha256::new();
    h.update(DARK_SEAT_LABEL);
    h.update(seed.0);
    h.update(word.as_bytes());
    usize::from(h.finalize()[0] & 1)
}

/// The label of the second colour draw, for a table with two words (the
/// online table: one word from each person).
pub const DARK_SEAT_LABEL_V2: &[u8] = b"virada/dark-seat/v2";

/// Who plays dark at a table where each seat gives a word (draw version 2):
/// `SHA-256("virada/dark-seat/v2" || seed || len(first) || first || len(second) || second)`,
/// each length 4 bytes big-endian, the words in UTF-8; the first byte's
/// lowest bit: 0 → the first seat, 1 → the second. The lengths keep
/// `("ab", "c")` apart from `("a", "bc")`.
///
/// ```
/// use virada::game::fairness::{dark_seat_v2, Seed};
/// let seed: Seed = "00".repeat(32).parse().unwrap();
/// assert!(dark_seat_v2(&seed, ["", ""]) <= 1);
/// ```
pub fn dark_seat_v2(seed: &Seed, words: [&str; 2]) -> usize {
    let mut h = Sha256::new();
    h.update(DARK_SEAT_LABEL_V2);
    h.update(seed.0);
    for word in words {
        let len = u32::try_from(word.len()).unwrap_or(u32::MAX);
        h.update(len.to_be_bytes());
        h.update(word.as_bytes());
    }
    usize::from(h.finalize()[0] & 1)
}

/// The label of the third colour draw: the online table where each seat
/// contributes a random value of its own and, optionally, a word.
pub const DARK_SEAT_LABEL_V3: &[u8] = b"virada/dark-seat/v3";

/// What one seat gives the colour draw of version 3: a random value its
/// page drew (WebCrypto) after it had seen the seed's fingerprint, or none
/// (a bot, or a person whose page gave nothing in time), and a word, empty
/// for none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contribution {
    /// 32 random bytes, `None` for none.
    pub random: Option<[u8; 32]>,
    /// The person's word (UTF-8), empty for none.
    pub word: String,
}

/// Who plays dark at a table where each seat contributes (draw version 3):
/// `SHA-256("virada/dark-seat/v3" || seed || for each seat, first then second:
/// u32be(len random) || random || u32be(len word) || word)`, the random 0 or
/// 32 raw bytes, the word in UTF-8; the first byte's lowest bit: 0 → the
/// first seat, 1 → the second. The seed was fixed (and its fingerprint
/// shown) before any contribution existed, so neither the server nor a
/// person can steer the draw alone.
///
/// ```
/// use virada::game::fairness::{dark_seat_v3, Contribution, Seed};
/// let seed: Seed = "00".repeat(32).parse().unwrap();
/// let none = Contribution::default();
/// assert!(dark_seat_v3(&seed, [&none, &none]) <= 1);
/// ```
pub fn dark_seat_v3(seed: &Seed, seats: [&Contribution; 2]) -> usize {
    let mut h = Sha256::new();
    h.update(DARK_SEAT_LABEL_V3);
    h.update(seed.0);
    for seat in seats {
        let random: &[u8] = seat.random.as_ref().map_or(&[], |r| r.as_slice());
        for part in [random, seat.word.as_bytes()] {
            let len = u32::try_from(part.len()).unwrap_or(u32::MAX);
            h.update(len.to_be_bytes());
            h.update(part);
        }
    }
    usize::from(h.finalize()[0] & 1)
}

/// Who plays dark by the draw a game's contributions name: version 1 with
/// the word alone, version 2 with a second word, version 3 with each
/// seat's random value too. What a session draws and the verifier draws
/// again from a record.
pub fn drawn_dark_seat(
    seed: &Seed,
    word: &str,
    second_word: Option<&str>,
    randoms: Option<[Option<[u8; 32]>; 2]>,
) -> usize {
    match (second_word, randoms) {
        (None, _) => dark_seat(seed, word),
        (Some(second), None) => dark_seat_v2(seed, [word, second]),
        (Some(second), Some([a, b])) => {
            let first = Contribution {
                random: a,
                word: word.to_string(),
            };
            let second = Contribution {
                random: b,
                word: second.to_string(),
            };
            dark_seat_v3(seed, [&first, &second])
        }
    }
}

/// 32 bytes from 64 hex characters (either case); `None` for anything else.
pub fn parse_hex32(text: &str) -> Option<[u8; 32]> {
    text.parse::<Seed>().ok().map(|s| s.0)
}

/// The label that keeps the game's generator apart from any other use of the seed.
pub const RNG_LABEL: &[u8] = b"virada/rng/v1";

/// The generator every seeded choice of a game draws from.
pub type GameRng = rand_chacha::ChaCha20Rng;

/// The generator's trait (`next_u32`, `next_u64`, `fill_bytes`), for callers.
pub use rand_chacha::rand_core::Rng;

/// The 32-byte ChaCha20 key of a game: `SHA-256(RNG_LABEL || seed)`.
pub fn rng_key(seed: &Seed) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(RNG_LABEL);
    h.update(seed.0);
    h.finalize().into()
}

/// ChaCha20 (20 rounds, 64-bit block counter from 0, 64-bit nonce = `stream`)
/// keyed with [`rng_key`]. One stream per use, e.g. the ply number for the
/// bot's choice at that ply, so choices do not depend on how many numbers an
/// earlier one drew. The output is the plain ChaCha20 keystream, so any
/// ChaCha20 implementation reproduces it (see the vectors in
/// `tests/data/fairness-vectors.txt`).
pub fn game_rng(seed: &Seed, stream: u64) -> GameRng {
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = GameRng::from_seed(rng_key(seed));
    rng.set_stream(stream);
    rng
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_hex_round_trips_and_rejects_junk() {
        let s = Seed([0xab; 32]);
        assert_eq!(s.to_string().parse::<Seed>(), Ok(s));
        assert_eq!("ab".parse::<Seed>(), Err(SeedError::Length(2)));
        let bad = format!("{}g", "0".repeat(63));
        assert_eq!(bad.parse::<Seed>(), Err(SeedError::NotHex(63)));
    }

    #[test]
    fn fingerprint_of_zero_seed_is_sha256_of_32_zero_bytes() {
        assert_eq!(
            Seed([0; 32]).fingerprint(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
