//! Digests and encodings of the researcher's side, on the RustCrypto and `base64` crates:
//! SHA-256 as the Qualtrics snippet writes it (lowercase hex), HMAC-SHA-256 (a dataset's
//! pseudonyms), standard base64 with padding.

use base64::Engine;
use sha2::{Digest, Sha256};

/// SHA-256 (FIPS 180-4) of bytes, as lowercase hex: what the Qualtrics snippet writes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// HMAC-SHA-256 (RFC 2104) of `message` under `key`, as lowercase hex.
pub fn hmac_sha256_hex(key: &[u8], message: &[u8]) -> String {
    const BLOCK: usize = 64;
    let mut k = [0u8; BLOCK];
    if key.len() > BLOCK {
        k[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        k[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| k.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Standard base64 with padding (the Qualtrics items travel as Loop & Merge fields, piped into
/// a JavaScript string that `atob` reads).
pub fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::hmac_sha256_hex;

    /// RFC 4231's test cases 1, 2 and 6 (a key longer than the block).
    #[test]
    fn hmac_is_rfc_4231() {
        assert_eq!(
            hmac_sha256_hex(&[0x0b; 20], b"Hi There"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        assert_eq!(
            hmac_sha256_hex(b"Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            hmac_sha256_hex(
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First"
            ),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }
}
