//! A TRF signed by the server that ran the tournament: the file's text,
//! then one last line `XXK ed25519 KEY SIGNATURE` (the public key, 64 hex,
//! and the Ed25519 signature, 128 hex) over every line above it, each
//! ending in `\n`. TRF readers keep an unknown line as it is, so a signed
//! file is read, paired and checked as any other.
//!
//! ```
//! use virada::tournament::{sign_trf, signed_trf, SignedTrf};
//! let text = sign_trf("XXR 1\n", &[7; 32], |_| [9; 64]);
//! assert!(text.ends_with(&format!("XXK ed25519 {} {}\n", "07".repeat(32), "09".repeat(64))));
//! let SignedTrf::Signed { body, key, .. } = signed_trf(&text) else { panic!() };
//! assert_eq!((body, key), ("XXR 1\n", [7; 32]));
//! assert_eq!(signed_trf("XXR 1\n"), SignedTrf::Unsigned);
//! ```

/// The signature line's code.
pub const SIGNATURE_CODE: &str = "XXK";

/// What a TRF's last line says of its signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignedTrf<'a> {
    /// No signature line.
    Unsigned,
    /// A signature line that is not `XXK ed25519 KEY SIGNATURE`.
    Malformed,
    /// Signed: the text signed, the key and the signature.
    Signed {
        /// Every line above the signature's.
        body: &'a str,
        /// The public key.
        key: [u8; 32],
        /// The signature.
        signature: [u8; 64],
    },
}

/// `body` with its signature line: `sign` signs the bytes of `body` with
/// the key whose public half is `key`.
pub fn sign_trf(body: &str, key: &[u8; 32], sign: impl FnOnce(&[u8]) -> [u8; 64]) -> String {
    let mut text = body.to_string();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    let signature = sign(text.as_bytes());
    format!(
        "{text}{SIGNATURE_CODE} ed25519 {} {}\n",
        hex(key),
        hex(&signature)
    )
}

/// Reads the signature line of a TRF, if it has one.
pub fn signed_trf(text: &str) -> SignedTrf<'_> {
    let trimmed = text.trim_end_matches(['\n', '\r']);
    let start = trimmed.rfind('\n').map_or(0, |i| i + 1);
    let last = &trimmed[start..];
    let Some(rest) = last.strip_prefix(SIGNATURE_CODE) else {
        return SignedTrf::Unsigned;
    };
    let mut words = rest.split_whitespace();
    let (Some("ed25519"), Some(key), Some(sig), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return SignedTrf::Malformed;
    };
    match (unhex::<32>(key), unhex::<64>(sig)) {
        (Some(key), Some(signature)) => SignedTrf::Signed {
            body: &text[..start],
            key,
            signature,
        },
        _ => SignedTrf::Malformed,
    }
}

/// Whether a signed TRF's signature holds (ed25519-dalek, strict); `None`
/// in the page, where the browser's WebCrypto checks it.
pub fn signature_holds(body: &str, key: &[u8; 32], signature: &[u8; 64]) -> Option<bool> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let key = ed25519_dalek::VerifyingKey::from_bytes(key).ok()?;
        let signature = ed25519_dalek::Signature::from_bytes(signature);
        Some(key.verify_strict(body.as_bytes(), &signature).is_ok())
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (body, key, signature);
        None
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}
