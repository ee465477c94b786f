//! Zone Dominance and Sector Lock: keywords about who holds which region (Grid seed, "Zone
//! Control Strategy", "Zone Control Tracking").
//!
//! A **zone** is a band of lanes (Z1 lanes 1–4, Z2 lanes 5–8) running through both grids: a
//! player controls a tile of a zone when one of their cards stands on it, on either grid, so a
//! zone has 24 tiles on the battlefield. A **sector** names rows as well, so it is a region of
//! one grid, named by that grid's row letters; a tile is "in S2" when its sector on its own
//! grid is S2. The thresholds and sectors are the keyword's numbers on the card.

use crate::grid::{Sector, Tile, TileMap, Zone};
use gridwright_engine::Seat;

/// How many tiles of `zone` hold a card of `seat`; `owner_of` gives the owner of the card on a
/// tile (the seed's `count_tiles_in_zone`, over both grids).
pub fn tiles_controlled<T>(
    board: &TileMap<T>,
    seat: Seat,
    zone: Zone,
    owner_of: impl Fn(&T) -> Seat,
) -> usize {
    board
        .iter()
        .filter(|(t, c)| t.zone() == zone && owner_of(c) == seat)
        .count()
}

/// Whether `seat` holds at least `threshold` tiles of `zone` (the keyword's "N+ tiles").
pub fn has_zone_dominance<T>(
    board: &TileMap<T>,
    seat: Seat,
    zone: Zone,
    threshold: usize,
    owner_of: impl Fn(&T) -> Seat,
) -> bool {
    tiles_controlled(board, seat, zone, owner_of) >= threshold
}

/// A Sector Lock: cards in sector `protected` cannot be targeted by opponents standing in
/// sector `from` (the seed's "Sector Lock (S3)" example locks S3 against S2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub struct SectorLock {
    /// The sector whose cards are protected.
    pub protected: Sector,
    /// The sector attackers may not target them from.
    pub from: Sector,
}

impl SectorLock {
    /// Whether the lock forbids an attacker on `attacker` to target a card on `target`.
    pub fn forbids(self, attacker: Tile, target: Tile) -> bool {
        target.sector() == self.protected && attacker.sector() == self.from
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{P1, P2};
    use crate::test_support::{board, t};

    #[test]
    fn zone_dominance_counts_the_tiles_a_player_holds_in_the_zone() {
        // Grid seed, "Zone Commander": 4+ tiles of Z1.
        let b = board(&[
            ("P1:C1", P1),
            ("P1:B2", P1),
            ("P1:A4", P1),
            ("P1:C5", P1), // Z2: does not count
            ("P2:A3", P2), // the opponent's: does not count
        ]);
        assert_eq!(tiles_controlled(&b, P1, Zone::Z1, |s| *s), 3);
        assert!(!has_zone_dominance(&b, P1, Zone::Z1, 4, |s| *s));
        // A unit that advanced onto the enemy grid's Z1 counts too: zones run through both.
        let mut b = b;
        b.insert(t("P2:B2"), P1);
        assert_eq!(tiles_controlled(&b, P1, Zone::Z1, |s| *s), 4);
        assert!(has_zone_dominance(&b, P1, Zone::Z1, 4, |s| *s));
        // The seed's code default: 6 tiles.
        assert!(!has_zone_dominance(&b, P1, Zone::Z1, 6, |s| *s));
        assert_eq!(tiles_controlled(&b, P2, Zone::Z1, |s| *s), 1);
    }

    #[test]
    fn sector_lock_forbids_targeting_from_the_named_sector() {
        // Grid seed, "Fortified Position": Sector Lock (S3) against S2.
        let lock = SectorLock {
            protected: Sector::S3,
            from: Sector::S2,
        };
        assert!(lock.forbids(t("P2:A6"), t("P1:C2")));
        assert!(lock.forbids(t("P1:B8"), t("P1:C4")));
        assert!(!lock.forbids(t("P2:A2"), t("P1:C2")), "attacker in S1");
        assert!(!lock.forbids(t("P2:C6"), t("P1:C2")), "attacker in S4");
        assert!(!lock.forbids(t("P2:A6"), t("P1:B2")), "target in S1");
    }
}
