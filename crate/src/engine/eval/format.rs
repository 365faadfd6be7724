//! The weights file. Two versions are read; the second is written.
//!
//! - `VRDW1`: one byte for the number of stages, then per stage every base
//!   pattern's whole table in order (3^len values) and the three scalars
//!   (mobility, potential mobility, discs), all little-endian `i16`.
//! - `VRDW2`: the same header byte, then the same values with two changes
//!   that let gzip shrink the file: of each table only the canonical
//!   configurations ([`patterns::canonical`]: mirror images share a value,
//!   so only the lowest of each set is stored, in ascending order), and
//!   the values as two byte planes, every value's low byte first, then
//!   every high byte.
//! - `VRDW3`: `VRDW2` with six scalars a stage, every term of
//!   [`Scalars`](super::Scalars) in order. Written only for weights that use
//!   the last three; others are written as `VRDW2`.

use super::{patterns, Scalars, Weights, WeightsError, TERMS};

const MAGIC_V1: &[u8; 5] = b"VRDW1";
const MAGIC_V2: &[u8; 5] = b"VRDW2";
const MAGIC_V3: &[u8; 5] = b"VRDW3";

/// Per base pattern, [`patterns::canonical`].
fn canonical_all() -> Vec<Vec<u32>> {
    (0..patterns::BASE.len()).map(patterns::canonical).collect()
}

/// Per base pattern, the configurations stored in a `VRDW2` table.
fn stored_configurations(canon: &[Vec<u32>]) -> Vec<Vec<usize>> {
    canon
        .iter()
        .map(|canon| {
            canon
                .iter()
                .enumerate()
                .filter(|&(index, &c)| c as usize == index)
                .map(|(index, _)| index)
                .collect()
        })
        .collect()
}

impl Weights {
    /// The `VRDW2` file of these weights, or `VRDW3` when they weigh the
    /// last three scalar terms (the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let stored = stored_configurations(&canonical_all());
        let v3 = self.scalars.iter().any(|s| s.uses_extra());
        let scalars = if v3 { TERMS } else { 3 };
        let mut values: Vec<i16> = Vec::new();
        for stage in 0..self.stages {
            let tables = self.stage_values(stage);
            for (b, configurations) in stored.iter().enumerate() {
                let offset = self.offsets[b];
                values.extend(configurations.iter().map(|&c| tables[offset + c]));
            }
            values.extend(&self.scalars[stage].to_array()[..scalars]);
        }
        let mut out = if v3 { MAGIC_V3 } else { MAGIC_V2 }.to_vec();
        out.push(self.stages as u8);
        out.extend(values.iter().map(|v| v.to_le_bytes()[0]));
        out.extend(values.iter().map(|v| v.to_le_bytes()[1]));
        out
    }

    /// Reads a `VRDW1`, `VRDW2` or `VRDW3` file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.len() < 6 || bytes[5] == 0 {
            return Err(WeightsError::BadHeader);
        }
        let mut w = Weights::zero(usize::from(bytes[5]));
        let magic = &bytes[..5];
        let canon = canonical_all();
        let (stored, scalars) = if magic == MAGIC_V1 {
            (None, 3)
        } else if magic == MAGIC_V2 {
            (Some(stored_configurations(&canon)), 3)
        } else if magic == MAGIC_V3 {
            (Some(stored_configurations(&canon)), TERMS)
        } else {
            return Err(WeightsError::BadHeader);
        };
        let per_stage = match &stored {
            None => w.stride,
            Some(s) => s.iter().map(Vec::len).sum(),
        } + scalars;
        let count = w.stages * per_stage;
        let expected = 6 + 2 * count;
        if bytes.len() != expected {
            return Err(WeightsError::BadLength {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[6..];
        let mut values = (0..count).map(|i| match stored {
            None => i16::from_le_bytes([body[2 * i], body[2 * i + 1]]),
            Some(_) => i16::from_le_bytes([body[i], body[count + i]]),
        });
        for stage in 0..w.stages {
            let start = stage * w.stride;
            match &stored {
                None => {
                    for slot in &mut w.tables[start..start + w.stride] {
                        *slot = values.next().unwrap_or(0);
                    }
                }
                Some(stored) => {
                    for (b, configurations) in stored.iter().enumerate() {
                        let offset = start + w.offsets[b];
                        for &c in configurations {
                            w.tables[offset + c] = values.next().unwrap_or(0);
                        }
                        // Mirror images take their canonical configuration's value.
                        for (index, &c) in canon[b].iter().enumerate() {
                            w.tables[offset + index] = w.tables[offset + c as usize];
                        }
                    }
                }
            }
            let mut terms = [0i16; TERMS];
            for t in &mut terms[..scalars] {
                *t = values.next().unwrap_or(0);
            }
            w.scalars[stage] = Scalars::from_array(terms);
        }
        Ok(w)
    }
}
