//! Modules: equipment cards that serve one host through a link (Links & Modules seed, "Module
//! Attachment System", "Module Movement Mechanics", "Module Mechanics", FAQ "Module Attachment
//! Questions"; decisions, "Links, networks and resources").
//!
//! - A Module is **placed** on an empty tile of its owner's grid, face-adjacent to a friendly
//!   card whose touching face carries a free Link that meets a Link of the Module. The player
//!   names that card, its **host**; a Module with no possible host cannot be placed.
//! - A host is a Unit (Structures included), the Commander or a Resource. Another Module is a
//!   host only for a Module whose card says it may attach to Modules
//!   ([`LinkCard::mounts_on_modules`]); a relay link never makes a host.
//! - Each Link holds one Module and a card has four faces, so a card has at most four Modules;
//!   one card stands on a tile.
//! - A Module serves **one** host at a time, even when it is linked to several cards; its effects
//!   reach that host only while the link holds ([`Mounts::host_of`]).
//! - Modules do not move. When the host moves away the link breaks; [`Mounts::refresh`] then
//!   hands the Module to another card it is linked to, if any, or leaves it abandoned until a
//!   friendly card links to it (the host coming back, or a new card deployed beside it).
//! - A destroyed Module leaves the board and the host's Link is free again.
//! - Module HP lies in the range its tier allows ([`module_hp_range`]).
//!
//! The interpretations are in `docs/rules/starcore.md`, "Modules".

use crate::grid::{Tile, TileMap, TileSet};
use crate::rules::links::{Face, LinkCard, LinkKind, linked};
use std::ops::RangeInclusive;

/// The lowest card tier.
pub const MIN_TIER: u8 = 1;
/// The highest card tier (the designer's card generator counts tiers 1–10).
pub const MAX_TIER: u8 = 10;
/// Most Modules serving one card: one per face.
pub const MAX_MODULES_PER_CARD: usize = 4;

/// The HP a Module of `tier` may have: 1–2 at tiers 1–2, 2–3 at tiers 3–4, 3–4 from tier 5
/// (Links & Modules seed, "Module Hit Points"). `None` for a tier outside 1–10.
pub fn module_hp_range(tier: u8) -> Option<RangeInclusive<u8>> {
    match tier {
        1..=2 => Some(1..=2),
        3..=4 => Some(2..=3),
        5..=MAX_TIER => Some(3..=4),
        _ => None,
    }
}

/// Whether `module` may serve `host` (link and position aside): the same owner, and a host
/// that is a Unit, the Commander or a Resource, or a Module if `module` says it may attach to
/// Modules.
pub fn can_serve(module: &LinkCard, host: &LinkCard) -> bool {
    module.kind == LinkKind::Module
        && module.owner == host.owner
        && match host.kind {
            LinkKind::Commander | LinkKind::Unit | LinkKind::Resource => true,
            LinkKind::Module => module.mounts_on_modules,
        }
}

/// Why a Module could not be placed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ModuleError {
    /// The card placed is not a Module.
    #[error("the card for {0} is not a Module")]
    NotAModule(Tile),
    /// One card per tile.
    #[error("{0} is occupied: one card stands on a tile")]
    Occupied(Tile),
    /// New cards enter on their owner's grid.
    #[error("{0} is not on the Module owner's grid")]
    NotOwnGrid(Tile),
    /// No friendly card would link to the Module there.
    #[error(
        "a Module on {0} would have no host: it needs a friendly card whose free Link meets one of its Links"
    )]
    NoHost(Tile),
    /// The named host is not one the Module could serve from there.
    #[error("a Module on {module} cannot serve the card on {host}")]
    NotAHost {
        /// Where the Module would stand.
        module: Tile,
        /// The host named.
        host: Tile,
    },
}

/// A change of which host a Module serves, as [`Mounts::refresh`] reports it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MountChange {
    /// The Module on `module` lost its host (the link broke or the host left the board).
    Detached {
        /// The Module's tile.
        module: Tile,
    },
    /// The Module on `module` now serves the card on `host`.
    Attached {
        /// The Module's tile.
        module: Tile,
        /// The new host's tile.
        host: Tile,
    },
}

/// Which host each Module on the board serves: for the Module on a tile, the face (of the
/// Module, from its owner's seat) through which it serves. Modules never move, so the record
/// stays keyed by the Module's tile; the host is whatever card is linked through that face.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Mounts(TileMap<Face>);

impl Mounts {
    /// No Module attached.
    pub fn new() -> Mounts {
        Mounts::default()
    }

    /// The tile of the card the Module on `module` serves now, if any. A broken link serves
    /// nothing even before [`Mounts::refresh`] runs.
    pub fn host_of(&self, board: &TileMap<LinkCard>, module: Tile) -> Option<Tile> {
        let face = *self.0.get(module)?;
        let card = board.get(module)?;
        let host = module.step(card.owner, face.step())?;
        let ok = linked(board, module, host) && board.get(host).is_some_and(|h| can_serve(card, h));
        ok.then_some(host)
    }

    /// The Modules serving the card on `host` now (at most four).
    pub fn modules_of(&self, board: &TileMap<LinkCard>, host: Tile) -> TileSet {
        // Only a neighbour with a mount record can serve `host`.
        host.neighbours()
            .intersection(self.0.occupied())
            .iter()
            .filter(|m| self.host_of(board, *m) == Some(host))
            .collect()
    }

    /// The cards the Module on `module` could serve: linked to it, allowed as hosts, and not a
    /// Module that itself serves this one.
    pub fn candidates(&self, board: &TileMap<LinkCard>, module: Tile) -> TileSet {
        let Some(card) = board.get(module) else {
            return TileSet::EMPTY;
        };
        module
            .neighbours()
            .iter()
            .filter(|h| {
                linked(board, module, *h)
                    && board.get(*h).is_some_and(|hc| can_serve(card, hc))
                    && self.host_of(board, *h) != Some(module)
            })
            .collect()
    }

    /// Places the Module `card` on `tile`, serving the card on `host`.
    ///
    /// # Errors
    /// [`ModuleError`] if the card is not a Module, the tile is taken or not on its owner's
    /// grid, no card could host it there, or `host` is not one of them. The board and the
    /// mounts are unchanged then.
    pub fn place(
        &mut self,
        board: &mut TileMap<LinkCard>,
        tile: Tile,
        card: LinkCard,
        host: Tile,
    ) -> Result<(), ModuleError> {
        if card.kind != LinkKind::Module {
            return Err(ModuleError::NotAModule(tile));
        }
        if board.get(tile).is_some() {
            return Err(ModuleError::Occupied(tile));
        }
        if tile.owner() != card.owner {
            return Err(ModuleError::NotOwnGrid(tile));
        }
        board.insert(tile, card);
        let candidates = self.candidates(board, tile);
        let face = Face::between(card.owner, tile, host);
        match face {
            Some(face) if candidates.contains(host) => {
                self.0.insert(tile, face);
                Ok(())
            }
            _ => {
                board.remove(tile);
                Err(if candidates.is_empty() {
                    ModuleError::NoHost(tile)
                } else {
                    ModuleError::NotAHost { module: tile, host }
                })
            }
        }
    }

    /// Forgets which host the Module on `tile` serves (it is moving: a Module given Movement
    /// leaves its host behind, and [`Mounts::refresh`] attaches it anew where it stops).
    /// Returns whether it served one.
    pub fn unmount(&mut self, tile: Tile) -> bool {
        self.0.remove(tile).is_some()
    }

    /// Removes the Module on `tile` from the board (destroyed, or sent elsewhere by an effect):
    /// its host's Link is free again. Returns the card, or `None` if no Module stands there.
    pub fn remove(&mut self, board: &mut TileMap<LinkCard>, tile: Tile) -> Option<LinkCard> {
        if board.get(tile)?.kind != LinkKind::Module {
            return None;
        }
        self.0.remove(tile);
        board.remove(tile)
    }

    /// Brings the record up to date after cards moved, entered or left the board: a Module
    /// whose link to its host broke serves another card it is linked to, trying its faces
    /// clockwise from its top (from its owner's seat), or none. Modules that kept their host
    /// keep it. Returns the changes in tile order.
    pub fn refresh(&mut self, board: &TileMap<LinkCard>) -> Vec<MountChange> {
        let mut changes = Vec::new();
        if self.0.is_empty() && !board.iter().any(|(_, c)| c.kind == LinkKind::Module) {
            return changes;
        }
        let stale: TileSet = self
            .0
            .iter()
            .map(|(t, _)| t)
            .filter(|t| board.get(*t).is_none_or(|c| c.kind != LinkKind::Module))
            .collect();
        for t in stale.iter() {
            self.0.remove(t);
        }
        let modules: TileSet = board
            .iter()
            .filter(|(_, c)| c.kind == LinkKind::Module)
            .map(|(t, _)| t)
            .collect();
        for tile in modules.iter() {
            let Some(&card) = board.get(tile) else {
                continue;
            };
            if self.host_of(board, tile).is_some() {
                continue;
            }
            if self.0.remove(tile).is_some() {
                changes.push(MountChange::Detached { module: tile });
            }
            let candidates = self.candidates(board, tile);
            let next = Face::ALL.into_iter().find_map(|f| {
                let h = tile.step(card.owner, f.step())?;
                candidates.contains(h).then_some((f, h))
            });
            if let Some((face, host)) = next {
                self.0.insert(tile, face);
                changes.push(MountChange::Attached { module: tile, host });
            }
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{P1, P2};
    use crate::rules::links::{FaceSet, free_faces, links};
    use crate::rules::movement::reachable;
    use crate::rules::network::Networks;
    use crate::test_support::{board, t};
    use LinkKind::{Commander, Module, Resource, Unit};

    fn card(kind: LinkKind) -> LinkCard {
        LinkCard::new(P1, kind, Face::ALL)
    }

    fn place(
        mounts: &mut Mounts,
        b: &mut TileMap<LinkCard>,
        tile: &str,
        c: LinkCard,
        host: &str,
    ) -> Result<(), ModuleError> {
        mounts.place(b, t(tile), c, t(host))
    }

    fn ok(r: Result<(), ModuleError>) {
        if let Err(e) = r {
            panic!("{e}");
        }
    }

    #[test]
    fn module_attaches_through_aligned_free_links() {
        // Links & Modules seed, "Module Attachment Example": U at B4 with Links on all faces, a
        // Module placed at B5 links to its right face and serves it.
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:B5", card(Module), "P1:B4"));
        assert_eq!(m.host_of(&b, t("P1:B5")), Some(t("P1:B4")));
        assert!(!free_faces(&b, t("P1:B4")).contains(Face::Right));
        // The Module's own Link must meet the host's: a Module with a Link only on top cannot
        // serve a card on its left.
        let top_only = LinkCard::new(P1, Module, [Face::Top]);
        let before = b.clone();
        assert_eq!(
            place(&mut m, &mut b, "P1:B3", top_only, "P1:B4"),
            Err(ModuleError::NoHost(t("P1:B3")))
        );
        assert_eq!(b, before, "a refused placement changes nothing");
        // Nor can a Module attach to a face of the host that carries no Link.
        let right_only = LinkCard::new(P1, Unit, [Face::Right]);
        let mut b = board(&[("P1:B4", right_only)]);
        assert_eq!(
            place(&mut m, &mut b, "P1:A4", card(Module), "P1:B4"),
            Err(ModuleError::NoHost(t("P1:A4")))
        );
        ok(place(&mut m, &mut b, "P1:B5", card(Module), "P1:B4"));
    }

    #[test]
    fn module_needs_a_host_at_placement() {
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        // Diagonal to the unit: no link, no host.
        assert_eq!(
            place(&mut m, &mut b, "P1:A5", card(Module), "P1:B4"),
            Err(ModuleError::NoHost(t("P1:A5")))
        );
        // Alone on the grid.
        assert_eq!(
            place(&mut m, &mut b, "P1:C8", card(Module), "P1:B4"),
            Err(ModuleError::NoHost(t("P1:C8")))
        );
        // Beside a possible host, but naming another card.
        let mut b = board(&[("P1:B4", card(Unit)), ("P1:B6", card(Unit))]);
        assert_eq!(
            place(&mut m, &mut b, "P1:B5", card(Module), "P1:C5"),
            Err(ModuleError::NotAHost {
                module: t("P1:B5"),
                host: t("P1:C5")
            })
        );
        assert!(b.get(t("P1:B5")).is_none());
        // Not a Module at all.
        assert_eq!(
            place(&mut m, &mut b, "P1:B5", card(Unit), "P1:B4"),
            Err(ModuleError::NotAModule(t("P1:B5")))
        );
    }

    #[test]
    fn one_module_per_link_and_one_card_per_tile() {
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:B5", card(Module), "P1:B4"));
        // The right Link is taken: a second Module cannot share its tile.
        assert_eq!(
            place(&mut m, &mut b, "P1:B5", card(Module), "P1:B4"),
            Err(ModuleError::Occupied(t("P1:B5")))
        );
        // A Link already holding a Resource holds no Module: the unit's left face is linked to
        // a core, so nothing can attach there.
        let mut b = board(&[("P1:B4", card(Unit)), ("P1:B3", card(Resource))]);
        assert!(!free_faces(&b, t("P1:B4")).contains(Face::Left));
        assert_eq!(
            place(&mut m, &mut b, "P1:B3", card(Module), "P1:B4"),
            Err(ModuleError::Occupied(t("P1:B3")))
        );
    }

    #[test]
    fn at_most_four_modules_per_card() {
        // Links & Modules seed, strategic example 5: four Modules around B4 all serve it.
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        for tile in ["P1:A4", "P1:B5", "P1:C4", "P1:B3"] {
            ok(place(&mut m, &mut b, tile, card(Module), "P1:B4"));
        }
        assert_eq!(m.modules_of(&b, t("P1:B4")).len(), MAX_MODULES_PER_CARD);
        assert_eq!(free_faces(&b, t("P1:B4")), FaceSet::EMPTY);
        // A fifth finds no free Link on the unit: every tile beside it is taken, and a Module
        // on a diagonal tile does not link.
        for tile in ["P1:A3", "P1:A5", "P1:C3", "P1:C5"] {
            assert_eq!(
                place(&mut m, &mut b, tile, card(Module), "P1:B4"),
                Err(ModuleError::NoHost(t(tile)))
            );
        }
        // If the unit moves, all four are left behind and serve nothing.
        assert!(b.relocate(t("P1:B4"), t("P1:B7")));
        let changes = m.refresh(&b);
        assert_eq!(changes.len(), 4);
        assert!(m.modules_of(&b, t("P1:B7")).is_empty());
    }

    #[test]
    fn no_module_on_module_unless_the_card_says_so() {
        // A Module beside a Module only: a plain Module has no host there.
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:B5", card(Module), "P1:B4"));
        assert_eq!(
            place(&mut m, &mut b, "P1:B6", card(Module), "P1:B5"),
            Err(ModuleError::NoHost(t("P1:B6")))
        );
        // A Module whose card says it may attach to Modules serves the first one.
        let mounting = card(Module).mounts_on_modules();
        ok(place(&mut m, &mut b, "P1:B6", mounting, "P1:B5"));
        assert_eq!(m.host_of(&b, t("P1:B6")), Some(t("P1:B5")));
        // The first Module keeps serving the unit, not the Module that serves it.
        assert_eq!(m.host_of(&b, t("P1:B5")), Some(t("P1:B4")));
        assert!(!m.candidates(&b, t("P1:B5")).contains(t("P1:B6")));
    }

    #[test]
    fn relay_links_make_no_host() {
        // A relay Module links to Modules to carry resources, but serves none of them and is
        // served by none (docs/rules/starcore.md, "Modules", question 3).
        let relay = card(Module).relay();
        let mut b = board(&[("P1:C3", card(Resource))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:C4", relay, "P1:C3"));
        assert_eq!(
            place(&mut m, &mut b, "P1:C5", relay, "P1:C4"),
            Err(ModuleError::NoHost(t("P1:C5")))
        );
        assert_eq!(
            place(&mut m, &mut b, "P1:C5", card(Module), "P1:C4"),
            Err(ModuleError::NoHost(t("P1:C5")))
        );
        // With a unit beside it the second relay is placed; it is linked to the first relay
        // (one network) but serves only the unit.
        b.insert(t("P1:B5"), card(Unit));
        ok(place(&mut m, &mut b, "P1:C5", relay, "P1:B5"));
        assert_eq!(
            m.candidates(&b, t("P1:C5")),
            TileSet::EMPTY.with(t("P1:B5"))
        );
        assert!(Networks::compute(&b).connected(t("P1:C3"), t("P1:B5")));
    }

    #[test]
    fn only_own_modules_on_own_cards() {
        // An enemy unit that advanced onto P1's grid cannot host P1's Module.
        let enemy = LinkCard::new(P2, Unit, Face::ALL);
        let mut b = board(&[("P1:A4", enemy)]);
        let mut m = Mounts::new();
        assert_eq!(
            place(&mut m, &mut b, "P1:B4", card(Module), "P1:A4"),
            Err(ModuleError::NoHost(t("P1:B4")))
        );
        // A Module enters on its owner's grid only, even beside its own unit on the enemy grid.
        let mut b = board(&[("P2:A4", card(Unit))]);
        assert_eq!(
            place(&mut m, &mut b, "P2:A5", card(Module), "P2:A4"),
            Err(ModuleError::NotOwnGrid(t("P2:A5")))
        );
        // …but from P1:A4 it serves the unit across the grids.
        ok(place(&mut m, &mut b, "P1:A4", card(Module), "P2:A4"));
        assert!(!can_serve(&card(Module), &enemy));
    }

    #[test]
    fn modules_stay_when_the_host_moves_and_the_link_re_forms() {
        // Grid seed linking example 5: M at B3 serves U at B4; U moves to B5.
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:B3", card(Module), "P1:B4"));
        assert!(b.relocate(t("P1:B4"), t("P1:B5")));
        // The link is broken at once, before any refresh: the module serves nothing.
        assert_eq!(m.host_of(&b, t("P1:B3")), None);
        assert_eq!(
            m.refresh(&b),
            [MountChange::Detached { module: t("P1:B3") }]
        );
        assert!(b.get(t("P1:B3")).is_some(), "the module stays on its tile");
        // The unit comes back: the link re-forms and the module serves it again.
        assert!(b.relocate(t("P1:B5"), t("P1:B4")));
        assert_eq!(
            m.refresh(&b),
            [MountChange::Attached {
                module: t("P1:B3"),
                host: t("P1:B4")
            }]
        );
        assert_eq!(m.host_of(&b, t("P1:B3")), Some(t("P1:B4")));
    }

    #[test]
    fn abandoned_module_serves_a_new_host() {
        let mut b = board(&[("P1:C4", card(Resource))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:C5", card(Module), "P1:C4"));
        // The core is destroyed: the module is abandoned.
        b.remove(t("P1:C4"));
        m.refresh(&b);
        assert_eq!(m.host_of(&b, t("P1:C5")), None);
        // A Commander placed beside it becomes its host.
        b.insert(t("P1:B5"), card(Commander));
        assert_eq!(
            m.refresh(&b),
            [MountChange::Attached {
                module: t("P1:C5"),
                host: t("P1:B5")
            }]
        );
    }

    #[test]
    fn module_anchoring_over_three_turns() {
        // Links & Modules seed, strategic example 3, step by step. The Shield Module gives its
        // host +2 DEF.
        let def_bonus = |m: &Mounts, b: &TileMap<LinkCard>, unit: &str| -> u8 {
            2 * u8::try_from(m.modules_of(b, t(unit)).len()).unwrap_or(0)
        };
        // Turn 1: U on B4, the Shield Module deployed on B3 serving it: U has +2 DEF.
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:B3", card(Module), "P1:B4"));
        assert!(m.refresh(&b).is_empty());
        assert_eq!(def_bonus(&m, &b, "P1:B4"), 2);
        // Turn 2: U advances with Movement 2 to A5 (two steps: B4→A4→A5 or B4→B5→A5).
        assert!(reachable(t("P1:B4"), P1, 2, b.occupied()).contains(t("P1:A5")));
        assert!(b.relocate(t("P1:B4"), t("P1:A5")));
        assert_eq!(
            m.refresh(&b),
            [MountChange::Detached { module: t("P1:B3") }]
        );
        assert!(links(&b).is_empty(), "the link is broken");
        assert_eq!(def_bonus(&m, &b, "P1:A5"), 0, "U loses the +2 DEF");
        assert_eq!(b.get(t("P1:B3")).map(|c| c.kind), Some(Module));
        // Turn 3: a new unit U2 deployed on B4 beside the anchor: the link is re-established
        // and U2 gets the +2 DEF, while U1 on A5 still gets nothing.
        b.insert(t("P1:B4"), card(Unit));
        assert_eq!(
            m.refresh(&b),
            [MountChange::Attached {
                module: t("P1:B3"),
                host: t("P1:B4")
            }]
        );
        assert_eq!(def_bonus(&m, &b, "P1:B4"), 2);
        assert_eq!(def_bonus(&m, &b, "P1:A5"), 0);
    }

    #[test]
    fn module_linked_to_two_cards_serves_one_host() {
        // Grid seed linking example 4: R—U—M—U on row C. The Module is linked to both units
        // (one network) but serves only the host it was placed for.
        let mut b = board(&[("P1:C3", card(Resource)), ("P1:C4", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:C5", card(Module), "P1:C4"));
        b.insert(t("P1:C6"), card(Unit));
        assert!(m.refresh(&b).is_empty());
        assert_eq!(m.host_of(&b, t("P1:C5")), Some(t("P1:C4")));
        assert!(m.modules_of(&b, t("P1:C6")).is_empty());
        assert_eq!(Networks::compute(&b).len(), 1);
        // Placed with both units already there, the player picks either.
        let mut b = board(&[("P1:C4", card(Unit)), ("P1:C6", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:C5", card(Module), "P1:C6"));
        assert_eq!(m.host_of(&b, t("P1:C5")), Some(t("P1:C6")));
    }

    #[test]
    fn host_leaving_hands_the_module_to_a_linked_card() {
        // M on B4 serves U1 on B5; U2 on C4 and U3 on A4 are linked to it too. U1 leaves: the
        // Module serves one of the others at once, the first clockwise from its top (A4).
        let mut b = board(&[
            ("P1:B5", card(Unit)),
            ("P1:C4", card(Unit)),
            ("P1:A4", card(Unit)),
        ]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:B4", card(Module), "P1:B5"));
        assert!(b.relocate(t("P1:B5"), t("P1:B7")));
        assert_eq!(
            m.refresh(&b),
            [
                MountChange::Detached { module: t("P1:B4") },
                MountChange::Attached {
                    module: t("P1:B4"),
                    host: t("P1:A4")
                }
            ]
        );
        // P2's Module reads its faces from P2's seat: its top is toward P1, so on P2:B4 it
        // tries P2:A4 first as well, then its right, which is P2:B3.
        let p2 = |k| LinkCard::new(P2, k, Face::ALL);
        let mut b = board(&[("P2:B5", p2(Unit)), ("P2:B3", p2(Unit))]);
        let mut m = Mounts::new();
        ok(m.place(&mut b, t("P2:B4"), p2(Module), t("P2:B5")));
        b.remove(t("P2:B5"));
        b.insert(t("P2:C4"), p2(Unit));
        assert_eq!(
            m.refresh(&b).last(),
            Some(&MountChange::Attached {
                module: t("P2:B4"),
                host: t("P2:B3")
            })
        );
    }

    #[test]
    fn destroyed_module_frees_the_link() {
        let mut b = board(&[("P1:B4", card(Unit))]);
        let mut m = Mounts::new();
        ok(place(&mut m, &mut b, "P1:B5", card(Module), "P1:B4"));
        assert!(!free_faces(&b, t("P1:B4")).contains(Face::Right));
        assert!(m.remove(&mut b, t("P1:B5")).is_some());
        assert!(free_faces(&b, t("P1:B4")).contains(Face::Right));
        assert!(m.modules_of(&b, t("P1:B4")).is_empty());
        assert!(m.refresh(&b).is_empty());
        // The freed Link takes a new Module.
        ok(place(&mut m, &mut b, "P1:B5", card(Module), "P1:B4"));
        // Removing a non-Module through the module rules does nothing.
        assert!(m.remove(&mut b, t("P1:B4")).is_none());
        assert!(b.get(t("P1:B4")).is_some());
    }

    #[test]
    fn module_hp_by_tier() {
        assert_eq!(module_hp_range(1), Some(1..=2));
        assert_eq!(module_hp_range(2), Some(1..=2));
        assert_eq!(module_hp_range(3), Some(2..=3));
        assert_eq!(module_hp_range(4), Some(2..=3));
        assert_eq!(module_hp_range(5), Some(3..=4));
        assert_eq!(module_hp_range(MAX_TIER), Some(3..=4));
        assert_eq!(module_hp_range(0), None);
        assert_eq!(module_hp_range(MAX_TIER + 1), None);
    }
}
