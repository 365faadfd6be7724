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

use super::{patterns, Weights, WeightsError};

const MAGIC_V1: &[u8; 5] = b"VRDW1";
const MAGIC_V2: &[u8; 5] = b"VRDW2";

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
    /// The `VRDW2` file of these weights (the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let stored = stored_configurations(&canonical_all());
        let mut values: Vec<i16> = Vec::new();
        for stage in 0..self.stages {
            let tables = self.stage_values(stage);
            for (b, configurations) in stored.iter().enumerate() {
                let offset = self.offsets[b];
                values.extend(configurations.iter().map(|&c| tables[offset + c]));
            }
            let s = self.scalars[stage];
            values.extend([s.mobility, s.potential, s.discs]);
        }
        let mut out = MAGIC_V2.to_vec();
        out.push(self.stages as u8);
        out.extend(values.iter().map(|v| v.to_le_bytes()[0]));
        out.extend(values.iter().map(|v| v.to_le_bytes()[1]));
        out
    }

    /// Reads a `VRDW1` or `VRDW2` file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.len() < 6 || bytes[5] == 0 {
            return Err(WeightsError::BadHeader);
        }
        let mut w = Weights::zero(usize::from(bytes[5]));
        let magic = &bytes[..5];
        let canon = canonical_all();
        let stored = if magic == MAGIC_V1 {
            None
        } else if magic == MAGIC_V2 {
            Some(stored_configurations(&canon))
        } else {
            return Err(WeightsError::BadHeader);
        };
        let per_stage = match &stored {
            None => w.stride,
            Some(s) => s.iter().map(Vec::len).sum(),
        } + 3;
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
            let s = &mut w.scalars[stage];
            s.mobility = values.next().unwrap_or(0);
            s.potential = values.next().unwrap_or(0);
            s.discs = values.next().unwrap_or(0);
        }
        Ok(w)
    }
}
