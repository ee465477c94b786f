//! `observation_tensor`: one seat's observation as a fixed-length vector of numbers, for every
//! game with no game-specific code, by feature hashing of the observation's JSON.
//!
//! # The encoding
//! The observation is the value `Game::observe(seat)` returns, serialized as the server sends it:
//! only what that seat may see, so nothing hidden can reach the tensor. Every leaf of that JSON
//! document has a path (object keys and list positions from the root: `board[3][4]`,
//! `players[1].hand_count`). Each leaf adds to one slot of the vector, chosen by a fixed hash
//! (FNV-1a, 64 bits, then SplitMix64's finalizer, modulo the length) of:
//! - a number: its path; it adds its value; a whole number from 0 to [`ONE_HOT_BELOW`] − 1
//!   (a seat, a count, a die face) also adds 1 at its path and the number, so a seat 0 or a count
//!   of 0 is seen, and small numbers are categories as well as sizes;
//! - `true`: its path; it adds 1 (`false` adds nothing);
//! - a string: its path and the string; it adds 1 (a one-hot feature per word: `p1`, `forest`);
//! - `null`: nothing;
//! - a list also adds its length at its path and `#len`.
//!
//! So the same observation always gives the same tensor, on every machine and in every version
//! that keeps the observation's JSON; two states a seat cannot tell apart give it the same
//! tensor. Different leaves may share a slot (a hash collision): the length is chosen per config
//! so that they seldom do ([`length_for`]).

use serde_json::Value;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a of `bytes`, continuing from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// SplitMix64's finalizer: every input bit moves every output bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Adds `x` to the slot of hash `h`.
fn add(out: &mut [f32], h: u64, x: f32) {
    if out.is_empty() {
        return;
    }
    let slot = (mix(h) % out.len() as u64) as usize;
    if let Some(s) = out.get_mut(slot) {
        *s += x;
    }
}

/// Fills `out` (zeroed first) with the encoding of `obs`.
pub fn encode(obs: &Value, out: &mut [f32]) {
    out.fill(0.0);
    walk(obs, FNV_OFFSET, out);
}

fn walk(v: &Value, path: u64, out: &mut [f32]) {
    match v {
        Value::Null => {}
        Value::Bool(b) => {
            if *b {
                add(out, path, 1.0);
            }
        }
        Value::Number(n) => {
            add(out, path, n.as_f64().unwrap_or(0.0) as f32);
            if let Some(k) = n.as_u64().filter(|k| *k < ONE_HOT_BELOW) {
                add(out, fnv(fnv(path, b"#"), &k.to_le_bytes()), 1.0);
            }
        }
        Value::String(s) => add(out, fnv(fnv(path, b"="), s.as_bytes()), 1.0),
        Value::Array(items) => {
            add(out, fnv(path, b"#len"), items.len() as f32);
            for (i, item) in items.iter().enumerate() {
                let here = fnv(fnv(path, b"["), &(i as u64).to_le_bytes());
                walk(item, here, out);
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                walk(item, fnv(fnv(path, b"."), k.as_bytes()), out);
            }
        }
    }
}

/// Whole numbers below this are one-hot features too.
pub const ONE_HOT_BELOW: u64 = 16;

/// How many features `obs` adds (leaves, list lengths), at most: what the length must hold.
pub fn features(obs: &Value) -> usize {
    match obs {
        Value::Null => 0,
        Value::Number(n) if n.as_u64().is_some_and(|k| k < ONE_HOT_BELOW) => 2,
        Value::Bool(_) | Value::Number(_) | Value::String(_) => 1,
        Value::Array(items) => 1 + items.iter().map(features).sum::<usize>(),
        Value::Object(map) => map.values().map(features).sum(),
    }
}

/// Slots per feature: with `n` features in `16 n` slots, about one feature in 16 shares its
/// slot with another.
pub const SLOTS_PER_FEATURE: usize = 16;
/// The shortest tensor.
pub const MIN_LENGTH: usize = 64;
/// The longest tensor (256 KiB of `f32`).
pub const MAX_LENGTH: usize = 1 << 16;

/// The tensor length for a config whose observations were seen to hold at most `most` features:
/// the power of two at or above [`SLOTS_PER_FEATURE`] × `most`, within [`MIN_LENGTH`] and
/// [`MAX_LENGTH`].
pub fn length_for(most: usize) -> usize {
    most.saturating_mul(SLOTS_PER_FEATURE)
        .next_power_of_two()
        .clamp(MIN_LENGTH, MAX_LENGTH)
}
