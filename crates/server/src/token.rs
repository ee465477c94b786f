//! Secrets: seat tokens, match ids and seeds, all from the operating system's RNG.
//!
//! # Why tokens are stored hashed
//! A seat token is a bearer credential. The database keeps only its SHA-256, so a leaked
//! database file or backup does not let anyone act for a player. 128 random bits make guessing
//! hopeless, so a plain (unsalted) hash is enough.

use sha2::{Digest, Sha256};

/// A credential the operator gave the server (`--operator-token-file`,
/// `$GRIDWRIGHT_OPERATOR_TOKEN`): never printed, not even by `Debug`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// The shortest credential accepted: a shorter one would be guessable.
    pub const MIN_LEN: usize = 16;

    /// `text` (blanks around it removed) as a credential.
    ///
    /// # Errors
    /// If it is shorter than [`Secret::MIN_LEN`] characters (the message never shows it).
    pub fn new(text: &str) -> Result<Secret, String> {
        let t = text.trim();
        if t.chars().count() < Secret::MIN_LEN {
            return Err(format!(
                "the operator credential is {} characters long; it must be at least {} \
                 (e.g. 32 random hex digits)",
                t.chars().count(),
                Secret::MIN_LEN
            ));
        }
        Ok(Secret(t.to_owned()))
    }

    /// Its stored form: SHA-256, hex, as seat and creator tokens are stored.
    pub fn hash(&self) -> String {
        hash_token(&self.0)
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(<hidden>)")
    }
}

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
    fn an_operator_credential_is_never_printed_and_not_too_short() {
        let s = Secret::new("  0123456789abcdef0123  ").unwrap();
        assert!(!format!("{s:?}").contains("0123"));
        assert_eq!(s.hash(), hash_token("0123456789abcdef0123"));
        let short = Secret::new("hunter2").unwrap_err();
        assert!(
            short.contains("at least 16") && !short.contains("hunter2"),
            "{short}"
        );
    }

    #[test]
    fn match_ids_are_validated() {
        assert!(is_match_id(&new_match_id().unwrap()));
        assert!(!is_match_id("../../etc/passwd"));
        assert!(!is_match_id(""));
    }
}
