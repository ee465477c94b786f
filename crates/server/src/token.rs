//! Secrets: seat tokens, match ids and seeds, all from the operating system's RNG.
//!
//! # Why tokens are stored hashed
//! A seat token is a bearer credential. The database keeps only its SHA-256, so a leaked
//! database file or backup does not let anyone act for a player. 128 random bits make guessing
//! hopeless, so a plain (unsalted) hash is enough.

use sha2::{Digest, Sha256};

/// Why the OS random source failed (practically never; the server refuses to run without it).
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random number source failed: {0}")]
pub struct RandomError(String);

fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).map_err(|e| RandomError(e.to_string()))?;
    Ok(buf)
}

/// A new seat token: 128 random bits as 32 lower-case hex digits.
///
/// # Errors
/// If the OS random source fails.
pub fn new_token() -> Result<String, RandomError> {
    Ok(hex(&random_bytes::<16>()?))
}

/// A new match id: 64 random bits as 16 hex digits (ids are public; tokens are the secret).
///
/// # Errors
/// If the OS random source fails.
pub fn new_match_id() -> Result<String, RandomError> {
    Ok(hex(&random_bytes::<8>()?))
}

/// A random seed for a new match.
///
/// # Errors
/// If the OS random source fails.
pub fn random_seed() -> Result<u64, RandomError> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

/// The stored form of a token: SHA-256, hex.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.trim().as_bytes()))
}

/// Whether `id` looks like a match id (so junk never reaches the database).
pub fn is_match_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
    }

    #[test]
    fn hashes_are_stable_and_hide_the_token() {
        assert_eq!(hash_token("abc"), hash_token("abc"));
        assert_ne!(hash_token("abc"), "abc");
        assert_eq!(hash_token("abc").len(), 64);
    }

    #[test]
    fn match_ids_are_validated() {
        assert!(is_match_id(&new_match_id().unwrap()));
        assert!(!is_match_id("../../etc/passwd"));
        assert!(!is_match_id(""));
    }
}
