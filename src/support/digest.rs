//! Digests and encodings of the researcher's side, on the RustCrypto and `base64` crates:
//! SHA-256 as the Qualtrics snippet writes it (lowercase hex), standard base64 with padding.

use base64::Engine;
use sha2::{Digest, Sha256};

/// SHA-256 (FIPS 180-4) of bytes, as lowercase hex: what the Qualtrics snippet writes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Standard base64 with padding (the Qualtrics items travel as Loop & Merge fields, piped into
/// a JavaScript string that `atob` reads).
pub fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}
