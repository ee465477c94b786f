//! Flank and Zone Flank: damage bonuses for the lane an attack comes from (Grid seed,
//! "Flanking Opportunities").
//!
//! Lanes run through both grids, so both keywords compare lanes only: which grid the attacker
//! or the target stands on does not matter. The `+N` is the keyword's number on the card.

use crate::grid::Tile;

/// Whether an attack from `attacker` on `target` is a flank: from a side lane (1–2 or 7–8)
/// into a centre lane (3–6).
pub fn is_flank(attacker: Tile, target: Tile) -> bool {
    matches!(attacker.lane().number(), 1 | 2 | 7 | 8) && matches!(target.lane().number(), 3..=6)
}

/// The bonus of `Flank +n` for an attack from `attacker` on `target`.
pub fn flank_bonus(attacker: Tile, target: Tile, n: u8) -> u8 {
    if is_flank(attacker, target) { n } else { 0 }
}

/// Whether an attack from `attacker` on `target` crosses zones (Z1 lanes 1–4, Z2 lanes 5–8).
pub fn is_zone_flank(attacker: Tile, target: Tile) -> bool {
    attacker.zone() != target.zone()
}

/// The bonus of `Zone Flank +n` for an attack from `attacker` on `target`.
pub fn zone_flank_bonus(attacker: Tile, target: Tile, n: u8) -> u8 {
    if is_zone_flank(attacker, target) {
        n
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::t;

    #[test]
    fn flank_from_side_lanes_into_centre_lanes() {
        // Grid seed, "Flanking Strike": Flank +2 from lanes 1-2 or 7-8 against lanes 3-6.
        assert_eq!(flank_bonus(t("P1:B1"), t("P2:A4"), 2), 2);
        assert_eq!(flank_bonus(t("P1:B2"), t("P2:C6"), 2), 2);
        assert_eq!(flank_bonus(t("P1:A8"), t("P2:A3"), 2), 2);
        assert_eq!(flank_bonus(t("P1:C7"), t("P1:B5"), 2), 2);
        // From the centre, or against a side lane: nothing.
        assert_eq!(flank_bonus(t("P1:B3"), t("P2:A4"), 2), 0);
        assert_eq!(flank_bonus(t("P1:B1"), t("P2:A2"), 2), 0);
        assert_eq!(flank_bonus(t("P1:B1"), t("P2:A8"), 2), 0);
        // Exhaustively: the bonus depends on the two lanes only.
        for a in Tile::all() {
            for d in Tile::all() {
                let side = !(3..=6).contains(&a.lane().number());
                let centre = (3..=6).contains(&d.lane().number());
                assert_eq!(is_flank(a, d), side && centre, "{a} {d}");
            }
        }
    }

    #[test]
    fn zone_flank_from_the_other_zone() {
        // Grid seed, "Cross-Zone Ambush": Zone Flank +3 when the zones differ.
        assert_eq!(zone_flank_bonus(t("P1:B4"), t("P2:A5"), 3), 3);
        assert_eq!(zone_flank_bonus(t("P1:C8"), t("P2:C1"), 3), 3);
        assert_eq!(zone_flank_bonus(t("P1:B4"), t("P2:A1"), 3), 0);
        assert_eq!(zone_flank_bonus(t("P1:B5"), t("P2:C8"), 3), 0);
    }
}
