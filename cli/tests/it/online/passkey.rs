//! A software passkey for the accounts' tests: what a browser and its
//! authenticator answer to the server's WebAuthn options (W3C Web
//! Authentication, level 2: §6.1 authenticator data, §6.5.4 the `none`
//! attestation, §7 the client data), with a P-256 key (ES256, COSE
//! algorithm -7), user verification done, and a counter that grows.
//! The browser test does the same through Chromium's virtual authenticator.

use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey};
use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};

/// One authenticator with one credential, made on first `create`.
pub struct Passkey {
    key: SigningKey,
    id: Vec<u8>,
    user: Vec<u8>,
    counter: u32,
    /// The origin its browser reports (the page's).
    pub origin: String,
}

impl Passkey {
    pub fn new(origin: &str) -> Passkey {
        let mut secret = [0u8; 32];
        let mut id = vec![0u8; 16];
        getrandom(&mut secret);
        getrandom(&mut id);
        Passkey {
            key: SigningKey::from_slice(&secret).expect("a P-256 key"),
            id,
            user: Vec::new(),
            counter: 0,
            origin: origin.to_string(),
        }
    }

    /// The same credential in another browser (a synced passkey).
    pub fn synced(&self) -> Passkey {
        Passkey {
            key: self.key.clone(),
            id: self.id.clone(),
            user: self.user.clone(),
            counter: self.counter,
            origin: self.origin.clone(),
        }
    }

    fn client_data(&self, kind: &str, options: &Value) -> Vec<u8> {
        let challenge = options["publicKey"]["challenge"]
            .as_str()
            .expect("a challenge");
        json!({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": false})
            .to_string()
            .into_bytes()
    }

    fn auth_data(&mut self, rp_id: &str, flags: u8) -> Vec<u8> {
        self.counter += 1;
        let mut data = Sha256::digest(rp_id.as_bytes()).to_vec();
        data.push(flags);
        data.extend(self.counter.to_be_bytes());
        data
    }

    /// `navigator.credentials.create`'s answer to creation `options`.
    pub fn create(&mut self, options: &Value) -> Value {
        let public_key = &options["publicKey"];
        let rp_id = public_key["rp"]["id"]
            .as_str()
            .expect("an RP id")
            .to_string();
        self.user = b64decode(public_key["user"]["id"].as_str().expect("a user id"));
        let client_data = self.client_data("webauthn.create", options);
        // Flags: user present, user verified, attested credential data.
        let mut data = self.auth_data(&rp_id, 0x45);
        data.extend([0u8; 16]); // AAGUID
        data.extend((self.id.len() as u16).to_be_bytes());
        data.extend(&self.id);
        data.extend(self.cose_key());
        let mut attestation = vec![0xa3];
        cbor_text(&mut attestation, "fmt");
        cbor_text(&mut attestation, "none");
        cbor_text(&mut attestation, "attStmt");
        attestation.push(0xa0);
        cbor_text(&mut attestation, "authData");
        cbor_bytes(&mut attestation, &data);
        json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "response": {
                "attestationObject": b64(&attestation),
                "clientDataJSON": b64(&client_data),
            },
            "extensions": {},
        })
    }

    /// `navigator.credentials.get`'s answer to request `options`.
    pub fn get(&mut self, options: &Value) -> Value {
        let rp_id = options["publicKey"]["rpId"]
            .as_str()
            .expect("an RP id")
            .to_string();
        let client_data = self.client_data("webauthn.get", options);
        let data = self.auth_data(&rp_id, 0x05);
        let mut signed = data.clone();
        signed.extend(Sha256::digest(&client_data));
        let signature: Signature = self.key.sign(&signed);
        json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "response": {
                "authenticatorData": b64(&data),
                "clientDataJSON": b64(&client_data),
                "signature": b64(signature.to_der().as_bytes()),
                "userHandle": b64(&self.user),
            },
            "extensions": {},
        })
    }

    /// The public key as COSE: EC2, ES256, P-256, x, y.
    fn cose_key(&self) -> Vec<u8> {
        let point = self.key.verifying_key().to_encoded_point(false);
        let mut out = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21];
        cbor_bytes(&mut out, point.x().expect("x"));
        out.push(0x22);
        cbor_bytes(&mut out, point.y().expect("y"));
        out
    }
}

fn cbor_head(out: &mut Vec<u8>, major: u8, len: usize) {
    match len {
        0..=23 => out.push(major << 5 | len as u8),
        24..=255 => out.extend([major << 5 | 24, len as u8]),
        _ => {
            out.push(major << 5 | 25);
            out.extend((len as u16).to_be_bytes());
        }
    }
}

fn cbor_text(out: &mut Vec<u8>, text: &str) {
    cbor_head(out, 3, text.len());
    out.extend(text.as_bytes());
}

fn cbor_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    cbor_head(out, 2, bytes.len());
    out.extend(bytes);
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding.
pub fn b64(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn b64decode(text: &str) -> Vec<u8> {
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = match c {
            b'+' => 62,
            b'/' => 63,
            _ => ALPHABET.iter().position(|&a| a == c).expect("base64") as u32,
        };
        bits = bits << 6 | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}

pub fn getrandom(bytes: &mut [u8]) {
    use std::io::Read as _;
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(bytes))
        .expect("random bytes");
}
