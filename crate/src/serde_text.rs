//! serde for the library's types that have a text form of their own (a
//! square `f5`, a move `PA` or `c3:e4`, a seed in hex, a handicap
//! `seat2:first:a1,h8`): they are written as that text and read back
//! through their parser, so what serde reads is checked as the record's
//! parser checks it. Byte arrays (digests, keys, signatures) are written as
//! lowercase hex. A leaf: it imports nothing of the crate. Built with the
//! `serde` feature only.

use serde::de::{Deserializer, Error as _};
use serde::ser::Serializer;
use serde::Deserialize;
use std::fmt::Write as _;

/// `impl Serialize` as the type's `Display`, `impl Deserialize` through
/// `parse`, a function from `&str` to a `Result` whose error is `Display`.
macro_rules! as_text {
    ($t:ty, $parse:expr) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                let parse: fn(&str) -> Result<$t, _> = $parse;
                parse(&text).map_err(serde::de::Error::custom)
            }
        }
    };
    ($t:ty) => {
        $crate::serde_text::as_text!($t, |s| s.parse());
    };
}
pub(crate) use as_text;

/// `#[serde(with = "crate::serde_text::hex")]` on a byte array of any
/// length: written as lowercase hex, read back from exactly as many
/// digits (either case).
pub(crate) mod hex {
    use super::*;

    pub(crate) fn serialize<S: Serializer, const N: usize>(
        bytes: &[u8; N],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(2 * N);
        for b in bytes {
            let _ = write!(text, "{b:02x}");
        }
        s.serialize_str(&text)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>, const N: usize>(
        d: D,
    ) -> Result<[u8; N], D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        super::from_hex(&text)
            .ok_or_else(|| D::Error::custom(format_args!("expected {} hex digits", 2 * N)))
    }
}

/// `text` as N bytes, two hex digits each, or `None`.
fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let digit = |c: u8| char::from(c).to_digit(16).map(|d| d as u8);
    let mut out = [0u8; N];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Bytes {
        #[serde(with = "super::hex")]
        key: [u8; 3],
        #[serde(with = "super::hex")]
        random: [u8; 2],
    }

    #[test]
    fn byte_arrays_go_as_hex_and_come_back_checked() {
        let b = Bytes {
            key: [0x00, 0xab, 0xff],
            random: [1, 2],
        };
        let text = serde_json::to_string(&b).unwrap();
        assert_eq!(text, r#"{"key":"00abff","random":"0102"}"#);
        assert_eq!(serde_json::from_str::<Bytes>(&text).unwrap(), b);
        let upper = r#"{"key":"00ABFF","random":"0102"}"#;
        assert_eq!(serde_json::from_str::<Bytes>(upper).unwrap(), b);
        for bad in [
            r#"{"key":"00abf","random":"0102"}"#,
            r#"{"key":"00abfg","random":"0102"}"#,
            r#"{"key":"+0abff","random":"0102"}"#,
            r#"{"key":"00abff","random":"010203"}"#,
            r#"{"key":"00abff","random":"01é"}"#,
        ] {
            let e = serde_json::from_str::<Bytes>(bad).unwrap_err().to_string();
            assert!(e.contains("hex digits"), "{bad}: {e}");
        }
    }
}
