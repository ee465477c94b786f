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

    /// Grid seed, "Zone Control Strategy", the Zone Commander: "Zone 1 Dominance: while you
    /// control 4+ tiles in Zone 1, all your Units in Zone 1 gain +1 DEF", on shipped content
    /// (Overseer Kaal carries exactly that keyword). Units in Zone 1 gain it, a Unit in Zone 2
    /// does not, nor do the Commander and a Resource (they are not Units); with 3 tiles held
    /// nobody does.
    #[test]
    fn zone_dominance_gives_every_unit_of_its_owner_in_the_zone_the_bonus() {
        use crate::Stat::Def;
        let mut g = crate::test_support::fixture("mind-lattice", "iron-vanguard");
        g.put(P1, "overseer-kaal", "P1:C1")
            .put(P1, "null-scout", "P1:A2") // DEF 1
            .put(P1, "lattice-warden", "P1:B3") // DEF 2
            .put(P1, "null-scout", "P1:A5") // Zone 2
            .put(P2, "rivet-trooper", "P2:A1"); // the opponent's tile of Zone 1
        let def = |g: &crate::Starcore, tile: &str| g.stat(t(tile), Def);
        // 3 tiles of Zone 1 (C1, A2, B3): no dominance.
        assert_eq!(
            (def(&g, "P1:A2"), def(&g, "P1:B3"), def(&g, "P1:A5")),
            (1, 2, 1)
        );
        g.put(P1, "relay-cell", "P1:C4"); // the 4th tile
        assert_eq!(def(&g, "P1:A2"), 1 + 1);
        assert_eq!(def(&g, "P1:B3"), 2 + 1);
        assert_eq!(def(&g, "P1:A5"), 1, "Zone 2 is not Zone 1");
        assert_eq!(def(&g, "P2:A1"), 1, "the opponent's Unit gains nothing");
        let kaal = g.rules.card(g.id("overseer-kaal")).stats().def;
        assert_eq!(def(&g, "P1:C1"), kaal, "a Commander is not a Unit");
        assert_eq!(def(&g, "P1:C4"), 0, "a Resource is not a Unit");
        // A Unit that advances onto the enemy grid's Zone 1 still stands in Zone 1.
        g.put(P1, "null-scout", "P2:B2");
        assert_eq!(def(&g, "P2:B2"), 1 + 1);
        // Losing the carrier loses the effect.
        g.remove_card(
            t("P1:C1"),
            crate::grid::Area::Scrapyard,
            &mut gridwright_engine::Events::disabled(),
        );
        assert_eq!(def(&g, "P1:A2"), 1);
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
