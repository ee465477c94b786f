//! Rates per client address — of match creation, and of API requests — and the settings of the
//! housekeeping that caps, expires and evicts matches (see `docs/server.md`, "Limits on
//! matches" and "Limits").
//!
//! # Why per address, in a token bucket
//! Creating a match costs a database row and memory for as long as it is unfinished, so an
//! unthrottled client can fill both (six clients once created 29,495 matches in 40 s). A token
//! bucket per client address lets a person create a few matches at once (the burst) and then
//! one every few seconds, while a script gets a 429 with `Retry-After`. Every other API request
//! costs far less, so its bucket ([`AddressLimiter`] again, with `Limits::http_rate_per_sec` and
//! `Limits::http_burst`) is far larger: it only stops one address from taking the server's CPU
//! and database with a flood, as the WebSocket's bucket does per connection. IPv6 clients are counted
//! per /64, the block one subscriber usually holds. Behind a reverse proxy every client has the
//! proxy's address and shares one bucket: raise the limits there, or rate-limit in the proxy.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// How matches are limited. The defaults suit people playing; the flags of `gridwright serve`
/// set each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchLimits {
    /// Matches one client address may create at once (`--create-burst`; 0: no limit).
    pub create_burst: u32,
    /// Matches one client address may create per minute, sustained (`--create-per-minute`).
    pub create_per_minute: u32,
    /// Unfinished (open or running) matches the store may hold; creation beyond is refused
    /// with 503 (`--max-unfinished`).
    pub max_unfinished: u64,
    /// Unfinished matches one client address may have created; creation beyond is refused with
    /// 429 until one of them ends or expires (`--max-unfinished-per-address`; 0: no limit).
    /// With the global cap, this is what keeps one client (or a few) from filling the server.
    pub max_unfinished_per_address: u64,
    /// A match whose every seat is an AI expires once nobody has watched it (no WebSocket open)
    /// for this long (`--expire-unwatched-ai-secs`; 0: never).
    pub expire_unwatched_ai_ms: u64,
    /// A match in which no move was ever made and nothing happened for this long expires,
    /// open or running (`--expire-unplayed-secs`): a match created and abandoned.
    pub expire_unplayed_ms: u64,
    /// An open match (a seat still free) in which nothing happened for this long expires
    /// (`--expire-open-secs`).
    pub expire_open_ms: u64,
    /// A running match in which nothing happened for this long expires
    /// (`--expire-running-secs`).
    pub expire_running_ms: u64,
    /// A match nobody uses leaves memory after this long idle; it is loaded again from the
    /// store when next asked for.
    pub evict_idle_ms: u64,
    /// How often expiry, eviction and the AI lease check run.
    pub housekeeping_ms: u64,
    /// How long a process's claim to drive a match's AI seats lasts without renewal
    /// (`--ai-lease-ms`); after that another process takes the match over.
    pub ai_lease_ms: u64,
}

impl Default for MatchLimits {
    fn default() -> Self {
        MatchLimits {
            create_burst: 30,
            create_per_minute: 20,
            max_unfinished: 5_000,
            max_unfinished_per_address: 50,
            expire_unplayed_ms: 3600 * 1000,
            expire_unwatched_ai_ms: 300 * 1000,
            expire_open_ms: 24 * 3600 * 1000,
            expire_running_ms: 7 * 24 * 3600 * 1000,
            evict_idle_ms: 5 * 60 * 1000,
            housekeeping_ms: 5_000,
            ai_lease_ms: 15_000,
        }
    }
}

/// Buckets kept before full ones are forgotten early.
const MAX_BUCKETS: usize = 100_000;

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// One token bucket per client address: `burst` at once, refilled at `per_sec`.
#[derive(Debug)]
pub(crate) struct AddressLimiter {
    burst: f64,
    per_sec: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl AddressLimiter {
    /// `burst` at once (0: no limit), then `per_sec` a second.
    pub(crate) fn new(burst: u32, per_sec: f64) -> AddressLimiter {
        AddressLimiter {
            burst: f64::from(burst),
            per_sec,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The limiter of match creation.
    pub(crate) fn creation(limits: &MatchLimits) -> AddressLimiter {
        AddressLimiter::new(
            limits.create_burst,
            f64::from(limits.create_per_minute) / 60.0,
        )
    }

    /// Whether `client` has a token now (without taking it), or in how many whole seconds one
    /// will be there.
    pub(crate) fn check(&self, client: IpAddr) -> Result<(), u64> {
        self.take_if(client, false)
    }

    /// Takes one token for `client`, or says in how many whole seconds one will be there.
    pub(crate) fn take(&self, client: IpAddr) -> Result<(), u64> {
        self.take_if(client, true)
    }

    fn take_if(&self, client: IpAddr, take: bool) -> Result<(), u64> {
        if self.burst <= 0.0 {
            return Ok(());
        }
        let key = client_key(client);
        let now = Instant::now();
        let Ok(mut map) = self.buckets.lock() else {
            return Ok(());
        };
        if map.len() >= MAX_BUCKETS && !map.contains_key(&key) {
            self.prune_locked(&mut map, now);
        }
        let b = map.entry(key).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        b.tokens =
            (b.tokens + now.duration_since(b.at).as_secs_f64() * self.per_sec).min(self.burst);
        b.at = now;
        if b.tokens >= 1.0 {
            if take {
                b.tokens -= 1.0;
            }
            return Ok(());
        }
        if self.per_sec <= 0.0 {
            return Err(3600);
        }
        let wait = (1.0 - b.tokens) / self.per_sec;
        Err((wait.ceil() as u64).max(1))
    }

    /// Forgets buckets that have refilled (they would start full anyway).
    pub(crate) fn prune(&self) {
        if let Ok(mut map) = self.buckets.lock() {
            self.prune_locked(&mut map, Instant::now());
        }
    }

    fn prune_locked(&self, map: &mut HashMap<IpAddr, Bucket>, now: Instant) {
        let (burst, per_sec) = (self.burst, self.per_sec);
        map.retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * per_sec < burst);
    }
}

/// The client a match's creator is counted as, as stored with the match: `10.0.0.1`, or
/// `2001:db8::/64`.
pub(crate) fn address_key(ip: IpAddr) -> String {
    match client_key(ip) {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("{v6}/64"),
    }
}

/// The address a client is counted under, by the rate buckets here and by the connection caps
/// (`net.rs`): IPv4 as it is (also when mapped into IPv6), IPv6 by its /64 (one home or host
/// usually holds a whole /64).
pub(crate) fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refuses_with_a_wait() {
        let l = AddressLimiter::creation(&MatchLimits {
            create_burst: 3,
            create_per_minute: 6,
            ..MatchLimits::default()
        });
        let me: IpAddr = "10.0.0.1"
            .parse()
            .unwrap_or(IpAddr::V4([0, 0, 0, 0].into()));
        let other: IpAddr = "10.0.0.2"
            .parse()
            .unwrap_or(IpAddr::V4([0, 0, 0, 0].into()));
        assert_eq!(
            (l.take(me), l.take(me), l.take(me)),
            (Ok(()), Ok(()), Ok(()))
        );
        let wait = l.take(me).err();
        assert!(wait.is_some_and(|w| (9..=10).contains(&w)), "{wait:?}");
        assert_eq!(l.take(other), Ok(()), "another client has its own bucket");
        let a: IpAddr = "2001:db8::1".parse().unwrap_or(me);
        let b: IpAddr = "2001:db8::2".parse().unwrap_or(me);
        assert_eq!((l.take(a), l.take(a), l.take(a)), (Ok(()), Ok(()), Ok(())));
        assert!(l.take(b).is_err(), "one IPv6 /64 is one client");
    }
}
