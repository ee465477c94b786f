//! Movement reach (Grid seed, "Movement System"; `shared/rules/starcore.md`, "Board").
//!
//! A card with Movement `m` (0 immobile, 1 standard, 2 fast) moves up to `m` steps in any of
//! the eight directions, one step at a time, each step onto an **empty** tile: it never passes
//! through an occupied tile, friend or foe. Steps cross between the grids at the A rows.

use crate::grid::{Sector, Tile, TileSet, Zone};
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};

/// The regions a single step leaves and enters, for effects that trigger on entering or
/// leaving a zone or a sector (Grid seed, "Zone & Sector Changes"). Zones and sectors are named
/// by their labels (Z1, S3, …) whichever grid the tiles are on, so a step from `P1:A4` to
/// `P2:A4` changes neither.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct RegionChange {
    /// `(left, entered)` if the step changes zone.
    pub zone: Option<(Zone, Zone)>,
    /// `(left, entered)` if the step changes sector.
    pub sector: Option<(Sector, Sector)>,
}

impl RegionChange {
    /// The change of a step from `from` to `to`.
    pub fn of_step(from: Tile, to: Tile) -> RegionChange {
        RegionChange {
            zone: (from.zone() != to.zone()).then_some((from.zone(), to.zone())),
            sector: (from.sector() != to.sector()).then_some((from.sector(), to.sector())),
        }
    }

    /// Whether the step changes nothing.
    pub fn is_none(self) -> bool {
        self.zone.is_none() && self.sector.is_none()
    }
}

/// The tiles a card of `mover` on `from` can end on with `movement` steps, given the `occupied`
/// tiles (its own tile may be in `occupied` or not; it is never in the result). Empty for a
/// seat other than P1 and P2.
pub fn reachable(from: Tile, mover: Seat, movement: u8, occupied: TileSet) -> TileSet {
    if mover.index() >= crate::grid::SEATS {
        return TileSet::EMPTY;
    }
    let mut reached = TileSet::EMPTY;
    let mut frontier = TileSet::EMPTY.with(from);
    let blocked = occupied.with(from);
    for _ in 0..movement {
        let mut next = TileSet::EMPTY;
        for tile in frontier.iter() {
            // The eight steps of either mover reach the same tiles.
            next = next.union(tile.step_neighbours());
        }
        let next = next.difference(blocked).difference(reached);
        if next.is_empty() {
            break;
        }
        reached = reached.union(next);
        frontier = next;
    }
    reached
}

/// The empty tile a two-step move from `from` to `to` passes through (the first in tile order
/// from which `to` is one step), or `None` for a one-step move or when `to` is out of reach.
pub fn via(from: Tile, to: Tile, occupied: TileSet) -> Option<Tile> {
    if from.step_neighbours().contains(to) {
        return None;
    }
    from.step_neighbours()
        .difference(occupied)
        .iter()
        .find(|m| m.step_neighbours().contains(to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{P1, P2};
    use crate::test_support::{set, t};

    #[test]
    fn movement_0_is_immobile() {
        assert!(reachable(t("P1:B4"), P1, 0, TileSet::EMPTY).is_empty());
    }

    #[test]
    fn movement_1_reaches_the_eight_surrounding_tiles() {
        let got = reachable(t("P1:B4"), P1, 1, TileSet::EMPTY);
        assert_eq!(got.len(), 8);
        assert!(got.iter().all(|x| x.chebyshev(t("P1:B4")) == 1));
        // From a corner of the battlefield, only three.
        assert_eq!(reachable(t("P1:C1"), P1, 1, TileSet::EMPTY).len(), 3);
    }

    #[test]
    fn movement_2_reaches_every_tile_within_two_king_steps() {
        let from = t("P1:A4");
        let got = reachable(from, P1, 2, TileSet::EMPTY);
        let expected: TileSet = Tile::all()
            .filter(|x| *x != from && x.chebyshev(from) <= 2)
            .collect();
        assert_eq!(got, expected);
        // It reaches into the opponent's grid.
        assert!(got.contains(t("P2:B6")));
    }

    #[test]
    fn movement_never_passes_through_occupied_tiles() {
        // A unit at C1 walled in by cards at C2, B1 and B2 cannot move at all.
        let walls = set(&["P1:C2", "P1:B1", "P1:B2"]);
        assert!(reachable(t("P1:C1"), P1, 2, walls).is_empty());
        // With B2 free it reaches B2, then onward from there only.
        let walls = set(&["P1:C2", "P1:B1"]);
        let got = reachable(t("P1:C1"), P1, 2, walls);
        assert!(got.contains(t("P1:B2")) && got.contains(t("P1:A3")));
        assert!(!got.contains(t("P1:C2")) && !got.contains(t("P1:B1")));
    }

    #[test]
    fn unit_moving_right_leaves_its_zone() {
        // Grid seed, "Movement & Modules": the unit moves from B4 (S1, Z1) to B5 (S2, Z2)
        // while its module at B3 stays.
        let occupied = set(&["P1:B3", "P1:B4"]);
        let got = reachable(t("P1:B4"), P1, 1, occupied);
        assert!(got.contains(t("P1:B5")));
        assert!(!got.contains(t("P1:B3")));
        assert_ne!(t("P1:B4").zone(), t("P1:B5").zone());
        assert_ne!(t("P1:B4").sector(), t("P1:B5").sector());
    }

    #[test]
    fn steps_report_the_zones_and_sectors_they_leave_and_enter() {
        // B4 → B5: Z1 to Z2 and S1 to S2 (the seed's module example).
        let c = RegionChange::of_step(t("P1:B4"), t("P1:B5"));
        assert_eq!(c.zone, Some((Zone::Z1, Zone::Z2)));
        assert_eq!(c.sector, Some((Sector::S1, Sector::S2)));
        // B3 → C3: same zone, S1 to S3.
        let c = RegionChange::of_step(t("P1:B3"), t("P1:C3"));
        assert_eq!((c.zone, c.sector), (None, Some((Sector::S1, Sector::S3))));
        // Across the grids in one lane: same labels, no change.
        assert!(RegionChange::of_step(t("P1:A4"), t("P2:A4")).is_none());
        // A diagonal step across the grids and the zone line.
        let c = RegionChange::of_step(t("P1:A4"), t("P2:A5"));
        assert_eq!(c.zone, Some((Zone::Z1, Zone::Z2)));
    }

    #[test]
    fn both_seats_move_alike_mirrored() {
        for tile in Tile::all() {
            for m in 0..=2 {
                let a = reachable(tile, P1, m, TileSet::EMPTY);
                let b = reachable(tile, P2, m, TileSet::EMPTY);
                assert_eq!(a, b, "{tile} {m}: the same king moves, named differently");
            }
        }
    }
}

#[cfg(test)]
mod module_movement_tests {
    use crate::event::Event;
    use crate::grid::P1;
    use crate::test_support::{fixture_with, t};

    /// A Module whose card gives it Movement 1, and a Resource given Movement 1.
    const MOBILE: &str = r#"
[[module]]
id = "ex-crawler-mine"
name = "Example Crawler Mine"
tier = 2
cost = { matter = 1 }
type = "utility"
hp = 2
movement = 1
links = ["left", "right", "top", "bottom"]
host = { stats = [{ stat = "def", amount = 1 }] }

[[resource]]
id = "ex-rolling-core"
name = "Example Rolling Core"
tier = 1
size = "small"
produces = "matter"
output = 2
hp = 3
movement = 1
links = ["top", "right"]
"#;

    /// `../shared/rules/starcore.md`, Board: "Modules and Resources have Movement 0 unless the
    /// card says otherwise" (Links FAQ). A shipped Module (no movement written) is never
    /// offered a move; one whose card gives it Movement 1 moves one step in Orders, leaves its
    /// host behind and serves whatever it links to where it stops; so does a Resource.
    #[test]
    fn a_module_moves_only_when_its_card_gives_it_movement() {
        let mut g = fixture_with(MOBILE, "iron-vanguard", "verdant-choir");
        g.put(P1, "bulkhead-walker", "P1:B4")
            .put(P1, "plate-bolster", "P1:B3")
            .put(P1, "ex-crawler-mine", "P1:B5")
            .put(P1, "ex-rolling-core", "P1:C1");
        let moves = |g: &crate::Starcore, from: &str| {
            g.legal_texts(P1)
                .into_iter()
                .filter(|a| a.starts_with(&format!("move {from} ")))
                .count()
        };
        assert_eq!(moves(&g, "P1:B3"), 0, "Movement 0: no field, no move");
        assert_eq!(
            g.mounts.host_of(g.board.links(), t("P1:B5")),
            Some(t("P1:B4"))
        );
        assert!(moves(&g, "P1:B5") > 0);
        assert!(
            moves(&g, "P1:C1") > 0,
            "a Resource given Movement moves too"
        );
        assert!(g.can(P1, "move P1:B5 P1:B6"));
        assert!(!g.can(P1, "move P1:B5 P1:B7"), "Movement 1: one step");
        let events = g.act("move P1:B5 P1:B6");
        assert!(events.contains(&Event::Moved {
            from: t("P1:B5"),
            via: None,
            to: t("P1:B6")
        }));
        assert_eq!(
            g.mounts.host_of(g.board.links(), t("P1:B6")),
            None,
            "left its host"
        );
        assert_eq!(moves(&g, "P1:B6"), 0, "once a turn");
    }

    /// Issue 20, "Logs that let anyone audit a game": a two-step move logs the tile it passed
    /// through, an empty one step from both ends.
    #[test]
    fn a_two_step_move_logs_its_path() {
        let mut g = fixture_with(MOBILE, "arc-foundry", "verdant-choir");
        g.put(P1, "volt-skirmisher", "P1:B2") // Movement 2
            .put(P1, "spark-cell", "P1:B3");
        let events = g.act("move P1:B2 P1:B4");
        let via = events.iter().find_map(|e| match e {
            Event::Moved { via, .. } => Some(*via),
            _ => None,
        });
        // B3 is taken: the path goes through A3 or C3 (A3 first in tile order).
        assert_eq!(via, Some(Some(t("P1:A3"))), "{events:?}");
        let text = gridwright_engine::Game::event_text(
            &g,
            &Event::Moved {
                from: t("P1:B2"),
                via: Some(t("P1:A3")),
                to: t("P1:B4"),
            },
        );
        assert_eq!(text, "P1:B2 moves to P1:B4 through P1:A3");
    }

    /// Validation accepts Movement 0–2 on a Module and refuses 3, naming the card.
    #[test]
    fn a_modules_movement_is_validated_like_a_units() {
        let def: crate::CardDef = toml::from_str(
            &MOBILE[..MOBILE.find("[[resource]]").unwrap_or(MOBILE.len())]
                .replace("[[module]]", "[module]")
                .replace("movement = 1", "movement = 3"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let err = def
            .validate()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains("movement") && err.contains("ex-crawler-mine"),
            "{err}"
        );
    }
}
