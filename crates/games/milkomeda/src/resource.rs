//! The four resources and a player's storage.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the four resources, named by the colour the rulebook gives it (§3, Storage Card).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Logistic (blue): movement range, build and attack costs.
    Blue,
    /// Economic (orange): building; each one left is a victory point.
    Orange,
    /// Strategic (red): structure attacks.
    Red,
    /// Scientific (green): exploration.
    Green,
}

impl Resource {
    /// All four, in storage-card order.
    pub const ALL: [Resource; 4] = [
        Resource::Blue,
        Resource::Orange,
        Resource::Red,
        Resource::Green,
    ];

    /// Zero-based index into [`Resource::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case colour word used in text forms (`blue`, `orange`, `red`, `green`).
    pub const fn word(self) -> &'static str {
        match self {
            Resource::Blue => "blue",
            Resource::Orange => "orange",
            Resource::Red => "red",
            Resource::Green => "green",
        }
    }

    /// Parses a colour word (case-insensitive); also accepts the resource names
    /// (`logistic`, `economic`, `strategic`, `scientific`).
    pub fn parse(text: &str) -> Option<Resource> {
        match text.trim().to_ascii_lowercase().as_str() {
            "blue" | "logistic" => Some(Resource::Blue),
            "orange" | "economic" => Some(Resource::Orange),
            "red" | "strategic" => Some(Resource::Red),
            "green" | "scientific" => Some(Resource::Green),
            _ => None,
        }
    }
}

display_word!(Resource);

/// An amount of each resource: a storage card, a card's income values or a cost.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Resources([u16; 4]);

impl Resources {
    /// Nothing of anything.
    pub const ZERO: Resources = Resources([0; 4]);

    /// From amounts in [`Resource::ALL`] order (blue, orange, red, green).
    pub const fn new(blue: u16, orange: u16, red: u16, green: u16) -> Resources {
        Resources([blue, orange, red, green])
    }

    /// `amount` of one resource and nothing else.
    pub const fn only(resource: Resource, amount: u16) -> Resources {
        let mut r = [0; 4];
        r[resource as usize] = amount;
        Resources(r)
    }

    /// The amount of `resource`.
    pub const fn get(self, resource: Resource) -> u16 {
        self.0[resource as usize]
    }

    /// The sum over all four resources.
    pub fn total(self) -> u32 {
        self.0.iter().map(|&v| u32::from(v)).sum()
    }

    /// Whether every amount is at least the matching amount of `cost`.
    pub fn covers(self, cost: Resources) -> bool {
        self.0.iter().zip(cost.0).all(|(&have, need)| have >= need)
    }

    /// `self - cost`, or `None` if some amount would go below zero (storage never does).
    pub fn checked_sub(self, cost: Resources) -> Option<Resources> {
        let mut out = self.0;
        for (o, c) in out.iter_mut().zip(cost.0) {
            *o = o.checked_sub(c)?;
        }
        Some(Resources(out))
    }

    /// `self + gain`, saturating at `u16::MAX` (far beyond any reachable storage).
    #[must_use]
    pub fn saturating_add(self, gain: Resources) -> Resources {
        let mut out = self.0;
        for (o, g) in out.iter_mut().zip(gain.0) {
            *o = o.saturating_add(g);
        }
        Resources(out)
    }
}

impl fmt::Display for Resources {
    /// `3 blue, 0 orange, 3 red, 5 green`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in Resource::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", self.get(*r), r)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_words_round_trip_and_accept_resource_names() {
        for r in Resource::ALL {
            assert_eq!(Resource::parse(r.word()), Some(r));
        }
        assert_eq!(Resource::parse("Scientific"), Some(Resource::Green));
        assert_eq!(Resource::parse("purple"), None);
    }

    #[test]
    fn storage_never_goes_negative() {
        let storage = Resources::new(3, 3, 3, 5);
        assert_eq!(
            storage.checked_sub(Resources::new(1, 3, 0, 5)),
            Some(Resources::new(2, 0, 3, 0))
        );
        assert_eq!(
            storage.checked_sub(Resources::only(Resource::Orange, 4)),
            None
        );
        assert!(storage.covers(Resources::new(3, 3, 3, 5)));
        assert!(!storage.covers(Resources::only(Resource::Green, 6)));
    }
}
