//! A fixed-width signed integer for the matching's weights: the Dutch
//! system's criteria are packed into one number, one field of bits a
//! criterion, the most important highest, so one comparison settles them all
//! in order. A tournament of 64 players over 11 rounds needs a few hundred
//! bits; 768 leave room.

use std::cmp::Ordering;

/// The limbs of a [`Wide`]: 12 × 64 = 768 bits, two's complement.
const LIMBS: usize = 12;

/// The number of bits a [`Wide`] holds, its sign bit included.
pub const WIDE_BITS: u32 = (LIMBS as u32) * 64;

/// A 768-bit two's-complement integer: add, subtract, shift and compare,
/// all the matching needs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Wide([u64; LIMBS]);

impl std::fmt::Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide(")?;
        let top = (0..LIMBS).rev().find(|&i| self.0[i] != 0).unwrap_or(0);
        for i in (0..=top).rev() {
            write!(f, "{:016x}", self.0[i])?;
        }
        write!(f, ")")
    }
}

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide([0; LIMBS]);

    /// A small non-negative value.
    pub const fn from_u64(v: u64) -> Wide {
        let mut limbs = [0; LIMBS];
        limbs[0] = v;
        Wide(limbs)
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.0[LIMBS - 1] >> 63 == 1
    }

    /// The sum (wrapping, as two's complement does).
    pub fn add(&self, other: &Wide) -> Wide {
        let mut out = [0; LIMBS];
        let mut carry = 0u64;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s2, c2) = s1.overflowing_add(carry);
            *slot = s2;
            carry = u64::from(c1) + u64::from(c2);
        }
        Wide(out)
    }

    /// The difference (wrapping).
    pub fn sub(&self, other: &Wide) -> Wide {
        let mut out = [0; LIMBS];
        let mut borrow = 0u64;
        for (i, slot) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow);
            *slot = d2;
            borrow = u64::from(b1) + u64::from(b2);
        }
        Wide(out)
    }

    /// The value shifted `bits` to the left (bits past the top are lost).
    pub fn shl(&self, bits: u32) -> Wide {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0; LIMBS];
        for i in (limbs..LIMBS).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// Half the value, rounded toward minus infinity (an arithmetic shift).
    pub fn half(&self) -> Wide {
        let mut out = [0; LIMBS];
        let sign = if self.is_negative() { 1u64 << 63 } else { 0 };
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < LIMBS {
                self.0[i + 1] << 63
            } else {
                sign
            };
            *slot = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    /// The value with bit `bit` set.
    pub fn with_bit(&self, bit: u32) -> Wide {
        let mut out = *self;
        out.0[(bit / 64) as usize] |= 1 << (bit % 64);
        out
    }

    /// Bit `bit`.
    pub fn bit(&self, bit: u32) -> bool {
        self.0[(bit / 64) as usize] >> (bit % 64) & 1 == 1
    }
}

impl Ord for Wide {
    fn cmp(&self, other: &Wide) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..LIMBS).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, other: &Wide) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_carries_across_limbs() {
        let big = Wide::from_u64(1).shl(200);
        let sum = big.add(&big);
        assert_eq!(sum, Wide::from_u64(1).shl(201));
        assert_eq!(sum.sub(&big), big);
        let minus = Wide::ZERO.sub(&big);
        assert!(minus.is_negative());
        assert!(minus < Wide::ZERO && Wide::ZERO < big);
        assert_eq!(minus.half(), Wide::ZERO.sub(&Wide::from_u64(1).shl(199)));
        assert_eq!(
            Wide::from_u64(u64::MAX).add(&Wide::from_u64(1)),
            Wide::from_u64(1).shl(64)
        );
        assert_eq!(
            Wide::from_u64(0b101).shl(63).half(),
            Wide::from_u64(0b101).shl(62)
        );
        assert!(Wide::ZERO.with_bit(130).bit(130));
        assert!(!Wide::ZERO.with_bit(130).bit(129));
        assert_eq!(
            Wide::from_u64(7)
                .sub(&Wide::from_u64(9))
                .add(&Wide::from_u64(2)),
            Wide::ZERO
        );
    }
}
