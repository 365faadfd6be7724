//! Fair play (F1–F6): the secret seed, its fingerprint, and who plays dark.
//!
//! The seed is 32 bytes from the platform's secure source. Its fingerprint is
//! the SHA-256 of those 32 raw bytes, shown before the game; the seed itself is
//! revealed after. Who plays dark is one bit of a SHA-256 over a fixed label,
//! the seed and the players' word (see [`dark_seat`]).

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
        hex(&Sha256::digest(self.0))
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

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
