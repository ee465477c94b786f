//! Links: the connectors printed on card faces (Links & Modules seed, "Link Basics", "What Can
//! Be Linked?"; Grid seed, "The Linking System").
//!
//! A card shows a Link on some of its four faces. Faces are named from the card's **owner's**
//! seat (top faces the opponent), so they turn with the owner, not with the grid the card
//! stands on. Two cards are *linked* when they are friendly, share a face (across the grids
//! too), both touching faces carry a Link, and their kinds may be linked:
//!
//! | pair | linked? |
//! |---|---|
//! | Unit or Commander ↔ Module | yes |
//! | Unit or Commander ↔ Resource | yes |
//! | Module ↔ Resource | yes |
//! | Resource ↔ Resource | yes (the seed's three-core chain) |
//! | Module ↔ Module | only if one of them is a relay or may attach to Modules (a card that says so) |
//! | Unit or Commander ↔ Unit or Commander | never |
//! | any card ↔ an enemy card | never |

use crate::grid::{Step, Tile, TileMap};
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One face of a card, named from its owner's seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Face {
    /// The face toward the opponent.
    Top,
    /// The face on the owner's right.
    Right,
    /// The face toward the owner.
    Bottom,
    /// The face on the owner's left.
    Left,
}

impl Face {
    /// Top, right, bottom, left (clockwise).
    pub const ALL: [Face; 4] = [Face::Top, Face::Right, Face::Bottom, Face::Left];

    /// The face on the other side of the card.
    #[must_use]
    pub const fn opposite(self) -> Face {
        match self {
            Face::Top => Face::Bottom,
            Face::Right => Face::Left,
            Face::Bottom => Face::Top,
            Face::Left => Face::Right,
        }
    }

    /// The step that crosses this face.
    pub const fn step(self) -> Step {
        match self {
            Face::Top => Step::Forward,
            Face::Right => Step::Right,
            Face::Bottom => Step::Back,
            Face::Left => Step::Left,
        }
    }

    /// The face of a card owned by `owner` on `from` that touches `to`, if the two tiles share
    /// a face.
    pub fn between(owner: Seat, from: Tile, to: Tile) -> Option<Face> {
        // What `from.step(owner, f.step()) == Some(to)` finds, without stepping four times: a
        // face's step moves one depth (forward) or one lane (right), turned round for P2.
        let sign: i16 = match owner.index() {
            0 => 1,
            1 => -1,
            _ => return None,
        };
        let forward = (i16::from(to.depth()) - i16::from(from.depth())) * sign;
        let right = (i16::from(to.lane().number()) - i16::from(from.lane().number())) * sign;
        match (forward, right) {
            (1, 0) => Some(Face::Top),
            (0, 1) => Some(Face::Right),
            (-1, 0) => Some(Face::Bottom),
            (0, -1) => Some(Face::Left),
            _ => None,
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Face::Top => "top",
            Face::Right => "right",
            Face::Bottom => "bottom",
            Face::Left => "left",
        })
    }
}

/// The faces of a card that carry a Link (at most four, one per face).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "Vec<Face>", into = "Vec<Face>")]
pub struct FaceSet(u8);

impl FaceSet {
    /// No Link.
    pub const EMPTY: FaceSet = FaceSet(0);
    /// A Link on every face.
    pub const ALL: FaceSet = FaceSet(0b1111);

    /// Whether `face` carries a Link.
    pub const fn contains(self, face: Face) -> bool {
        self.0 & face.bit() != 0
    }

    /// The set with `face` added.
    #[must_use]
    pub const fn with(self, face: Face) -> FaceSet {
        FaceSet(self.0 | face.bit())
    }

    /// Number of Links.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the card has no Link.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The faces, clockwise from the top.
    pub fn iter(self) -> impl Iterator<Item = Face> + Clone {
        Face::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

set_conversions!(FaceSet, Face);

impl fmt::Debug for FaceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// What kind of card a Link belongs to, as far as linking cares (Structures are Units).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// The player's Commander.
    Commander,
    /// A Unit, including Structures.
    Unit,
    /// A Module.
    Module,
    /// A Resource (core or generator).
    Resource,
}

impl LinkKind {
    /// Whether the kind is a Unit or the Commander (a fighting card that hosts Modules).
    pub const fn is_unit(self) -> bool {
        matches!(self, LinkKind::Commander | LinkKind::Unit)
    }
}

/// What the link rules need to know about a card on the board: its owner, kind, the faces that
/// carry a Link, and whether it is a relay Module (one whose text lets it link to other Modules,
/// as the Modules in the Grid seed's network chain do).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct LinkCard {
    /// Who owns the card (not who owns the grid it stands on).
    pub owner: Seat,
    /// The card's kind.
    pub kind: LinkKind,
    /// The faces carrying a Link, from the owner's seat.
    pub faces: FaceSet,
    /// A Module that may link to other Modules to carry resources (never to serve them:
    /// `docs/rules/starcore.md`, "Modules").
    pub relay: bool,
    /// A Module whose card says it may attach to (serve) another Module; it links to Modules
    /// like a relay and may take a Module as its host.
    #[serde(default)]
    pub mounts_on_modules: bool,
}

impl LinkCard {
    /// A card of `owner` of `kind` with Links on `faces`, not a relay.
    pub fn new(owner: Seat, kind: LinkKind, faces: impl IntoIterator<Item = Face>) -> LinkCard {
        LinkCard {
            owner,
            kind,
            faces: faces.into_iter().collect(),
            relay: false,
            mounts_on_modules: false,
        }
    }

    /// The same card as a relay Module.
    #[must_use]
    pub const fn relay(mut self) -> LinkCard {
        self.relay = true;
        self
    }

    /// The same card as a Module that may attach to other Modules.
    #[must_use]
    pub const fn mounts_on_modules(mut self) -> LinkCard {
        self.mounts_on_modules = true;
        self
    }

    /// Whether the two cards' kinds and owners allow a link between them (faces aside).
    pub fn may_link(&self, other: &LinkCard) -> bool {
        use LinkKind::Module;
        if self.owner != other.owner {
            return false;
        }
        match (self.kind, other.kind) {
            (a, b) if a.is_unit() && b.is_unit() => false,
            (Module, Module) => {
                self.relay || other.relay || self.mounts_on_modules || other.mounts_on_modules
            }
            _ => true,
        }
    }
}

/// A link between two tiles, the lower tile first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Link {
    /// The lower tile.
    pub a: Tile,
    /// The higher tile.
    pub b: Tile,
}

impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}—{}", self.a, self.b)
    }
}

/// Whether the cards on `a` and `b` are linked: friendly, face-adjacent, a Link on both touching
/// faces, and kinds that may be linked.
pub fn linked(board: &TileMap<LinkCard>, a: Tile, b: Tile) -> bool {
    let (Some(ca), Some(cb)) = (board.get(a), board.get(b)) else {
        return false;
    };
    if !ca.may_link(cb) {
        return false;
    }
    // Friendly cards (`may_link`) face the same way: the face of `b` toward `a` is the
    // opposite of the face of `a` toward `b`.
    match Face::between(ca.owner, a, b) {
        Some(fa) => ca.faces.contains(fa) && cb.faces.contains(fa.opposite()),
        None => false,
    }
}

/// Every link on the board, sorted.
pub fn links(board: &TileMap<LinkCard>) -> Vec<Link> {
    let mut out = Vec::new();
    for (a, _) in board.iter() {
        for b in a.neighbours().iter().filter(|b| *b > a) {
            if linked(board, a, b) {
                out.push(Link { a, b });
            }
        }
    }
    out
}

/// The tiles linked to the card on `tile`.
pub fn linked_to(board: &TileMap<LinkCard>, tile: Tile) -> crate::grid::TileSet {
    tile.neighbours()
        .iter()
        .filter(|n| linked(board, tile, *n))
        .collect()
}

/// The Link faces of the card on `tile` that hold no link now: where a Module could still
/// attach. Empty if the tile is empty.
pub fn free_faces(board: &TileMap<LinkCard>, tile: Tile) -> FaceSet {
    let Some(card) = board.get(tile) else {
        return FaceSet::EMPTY;
    };
    card.faces
        .iter()
        .filter(|f| {
            tile.step(card.owner, f.step())
                .is_none_or(|n| !linked(board, tile, n))
        })
        .collect()
}

/// The damage bonus of the card on `tile` for a direct link to a Resource: `bonus` if it is a
/// Unit or Commander linked to at least one Resource, else 0. The bonus does not stack with
/// several Resources (`docs/rules/starcore.md`, "Direct-link bonus").
pub fn direct_link_bonus(board: &TileMap<LinkCard>, tile: Tile, bonus: u8) -> u8 {
    match board.get(tile) {
        Some(card) if card.kind.is_unit() => {
            let direct = linked_to(board, tile)
                .iter()
                .any(|n| board.get(n).is_some_and(|c| c.kind == LinkKind::Resource));
            if direct { bonus } else { 0 }
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{P1, P2, TileSet};
    use crate::test_support::{board, t};
    use LinkKind::{Commander, Module, Resource, Unit};

    fn card(owner: Seat, kind: LinkKind) -> LinkCard {
        LinkCard::new(owner, kind, Face::ALL)
    }

    #[test]
    fn faces_turn_with_the_owner() {
        // P1's top faces P2; P2's top faces P1; each one's right is its own right hand.
        assert_eq!(Face::between(P1, t("P1:B4"), t("P1:A4")), Some(Face::Top));
        assert_eq!(Face::between(P1, t("P1:B4"), t("P1:B5")), Some(Face::Right));
        assert_eq!(
            Face::between(P2, t("P1:B4"), t("P1:A4")),
            Some(Face::Bottom)
        );
        assert_eq!(Face::between(P2, t("P1:B4"), t("P1:B5")), Some(Face::Left));
        assert_eq!(Face::between(P1, t("P1:A4"), t("P2:A4")), Some(Face::Top));
        assert_eq!(Face::between(P1, t("P1:B4"), t("P1:A5")), None, "diagonal");
        for f in Face::ALL {
            assert_eq!(f.opposite().opposite(), f);
            let from = t("P1:B4");
            for owner in [P1, P2] {
                let to = from.step(owner, f.step()).unwrap_or(from);
                assert_eq!(Face::between(owner, to, from), Some(f.opposite()));
            }
        }
    }

    #[test]
    fn allowed_link_pairs() {
        let kinds = [Commander, Unit, Module, Resource];
        for a in kinds {
            for b in kinds {
                let expected = match (a, b) {
                    (x, y) if x.is_unit() && y.is_unit() => false,
                    (Module, Module) => false,
                    _ => true,
                };
                assert_eq!(card(P1, a).may_link(&card(P1, b)), expected, "{a:?}-{b:?}");
                assert!(
                    !card(P1, a).may_link(&card(P2, b)),
                    "never to an enemy card"
                );
            }
        }
        assert!(card(P1, Module).relay().may_link(&card(P1, Module)));
        assert!(card(P1, Module).may_link(&card(P1, Module).relay()));
        assert!(
            card(P1, Module)
                .mounts_on_modules()
                .may_link(&card(P1, Module))
        );
    }

    #[test]
    fn links_need_a_link_on_both_touching_faces() {
        // Unit at B4 with a Link on its right only; Module at B5.
        let unit = LinkCard::new(P1, Unit, [Face::Right]);
        let with_left = LinkCard::new(P1, Module, [Face::Left]);
        let with_top = LinkCard::new(P1, Module, [Face::Top]);
        assert!(linked(
            &board(&[("P1:B4", unit), ("P1:B5", with_left)]),
            t("P1:B4"),
            t("P1:B5")
        ));
        assert!(!linked(
            &board(&[("P1:B4", unit), ("P1:B5", with_top)]),
            t("P1:B4"),
            t("P1:B5")
        ));
        // The same Module on the unit's left: the unit has no Link there.
        assert!(!linked(
            &board(&[("P1:B4", unit), ("P1:B3", card(P1, Module))]),
            t("P1:B4"),
            t("P1:B3")
        ));
    }

    #[test]
    fn links_never_form_diagonally() {
        // Common Mistake 1: a Resource at B4 does not link to a Unit at A5, but does at B5.
        let b = board(&[("P1:B4", card(P1, Resource)), ("P1:A5", card(P1, Unit))]);
        assert!(links(&b).is_empty());
        let b = board(&[("P1:B4", card(P1, Resource)), ("P1:B5", card(P1, Unit))]);
        assert_eq!(
            links(&b),
            [Link {
                a: t("P1:B4"),
                b: t("P1:B5")
            }]
        );
    }

    #[test]
    fn links_cross_zone_and_grid_boundaries() {
        // Grid seed linking example 4: R—U in Z1, U—M—U across into Z2, all on row C.
        let b = board(&[
            ("P1:C3", card(P1, Resource)),
            ("P1:C4", card(P1, Unit)),
            ("P1:C5", card(P1, Module)),
            ("P1:C6", card(P1, Unit)),
        ]);
        assert_eq!(links(&b).len(), 3);
        // A friendly unit that advanced onto the enemy A row links back to its module.
        let b = board(&[("P2:A4", card(P1, Unit)), ("P1:A4", card(P1, Module))]);
        assert!(linked(&b, t("P2:A4"), t("P1:A4")));
    }

    #[test]
    fn enemy_cards_never_link() {
        let b = board(&[("P1:A4", card(P1, Unit)), ("P2:A4", card(P2, Module))]);
        assert!(links(&b).is_empty());
    }

    #[test]
    fn units_never_link_to_units() {
        let b = board(&[
            ("P1:B4", card(P1, Unit)),
            ("P1:B5", card(P1, Commander)),
            ("P1:A4", card(P1, Unit)),
        ]);
        assert!(links(&b).is_empty());
    }

    #[test]
    fn simple_resource_link_gives_the_direct_link_bonus() {
        // Grid seed linking example 1: R at B4 (+2 Energy) linked to U at B5: +2 damage.
        let b = board(&[("P1:B4", card(P1, Resource)), ("P1:B5", card(P1, Unit))]);
        assert_eq!(direct_link_bonus(&b, t("P1:B5"), 2), 2);
        // Not for the Resource itself, nor for an unlinked unit.
        assert_eq!(direct_link_bonus(&b, t("P1:B4"), 2), 0);
        let b = board(&[("P1:B4", card(P1, Resource)), ("P1:A5", card(P1, Unit))]);
        assert_eq!(direct_link_bonus(&b, t("P1:A5"), 2), 0);
    }

    #[test]
    fn direct_link_bonus_needs_a_direct_link_not_a_chain_and_does_not_stack() {
        // R—M—U: the unit is in the core's network but not directly linked.
        let b = board(&[
            ("P1:C3", card(P1, Resource)),
            ("P1:C4", card(P1, Module)),
            ("P1:C5", card(P1, Unit)),
        ]);
        assert_eq!(direct_link_bonus(&b, t("P1:C5"), 2), 0);
        // Two cores linked to one unit still give the bonus once.
        let b = board(&[
            ("P1:B3", card(P1, Resource)),
            ("P1:B4", card(P1, Unit)),
            ("P1:B5", card(P1, Resource)),
        ]);
        assert_eq!(direct_link_bonus(&b, t("P1:B4"), 2), 2);
        // The Commander gets it too.
        let b = board(&[
            ("P1:C1", card(P1, Commander)),
            ("P1:C2", card(P1, Resource)),
        ]);
        assert_eq!(direct_link_bonus(&b, t("P1:C1"), 2), 2);
    }

    #[test]
    fn module_link_forms_vertically() {
        // Grid seed linking example 2: U at A4, defensive M at B4 below it.
        let b = board(&[("P1:A4", card(P1, Unit)), ("P1:B4", card(P1, Module))]);
        assert!(linked(&b, t("P1:A4"), t("P1:B4")));
    }

    #[test]
    fn broken_link_when_the_unit_moves_away() {
        // Grid seed linking example 5: M at B3 linked to U at B4; U moves to B5.
        let mut b = board(&[("P1:B3", card(P1, Module)), ("P1:B4", card(P1, Unit))]);
        assert!(linked(&b, t("P1:B3"), t("P1:B4")));
        assert!(b.relocate(t("P1:B4"), t("P1:B5")));
        assert!(links(&b).is_empty());
        // The module stays where it was, its Link free again: an anchor.
        assert!(b.get(t("P1:B3")).is_some());
        assert!(free_faces(&b, t("P1:B3")).contains(Face::Right));
    }

    #[test]
    fn module_anchoring_over_three_turns() {
        // Links & Modules seed, strategic example 3.
        // Turn 1: Shield Module at B3 linked to U at B4.
        let mut b = board(&[("P1:B3", card(P1, Module)), ("P1:B4", card(P1, Unit))]);
        assert!(linked(&b, t("P1:B3"), t("P1:B4")));
        // Turn 2: the unit advances to A5; the link breaks and the module stays.
        assert!(b.relocate(t("P1:B4"), t("P1:A5")));
        assert!(links(&b).is_empty());
        // Turn 3: a new unit deployed at B4 links to the abandoned module.
        b.insert(t("P1:B4"), card(P1, Unit));
        assert_eq!(
            links(&b),
            [Link {
                a: t("P1:B3"),
                b: t("P1:B4")
            }]
        );
        assert!(
            links(&b)
                .iter()
                .all(|l| l.a != t("P1:A5") && l.b != t("P1:A5"))
        );
    }

    #[test]
    fn multi_module_unit_links_all_four_faces() {
        // Links & Modules seed, strategic example 5: modules on all four faces of B4.
        let mut b = board(&[
            ("P1:A4", card(P1, Module)),
            ("P1:B5", card(P1, Module)),
            ("P1:C4", card(P1, Module)),
            ("P1:B3", card(P1, Module)),
            ("P1:B4", card(P1, Unit)),
        ]);
        assert_eq!(linked_to(&b, t("P1:B4")).len(), 4);
        assert!(free_faces(&b, t("P1:B4")).is_empty());
        // If the unit moves, all four links break.
        assert!(b.relocate(t("P1:B4"), t("P1:B7")));
        assert!(links(&b).is_empty());
        assert_eq!(free_faces(&b, t("P1:B7")), FaceSet::ALL);
        // Moving across to the enemy A row in front of the top module re-forms that one link
        // (the unit's bottom face now touches it).
        assert!(b.relocate(t("P1:B7"), t("P2:A4")));
        assert_eq!(linked_to(&b, t("P2:A4")), TileSet::EMPTY.with(t("P1:A4")));
    }

    #[test]
    fn free_faces_are_the_links_not_in_use() {
        let unit = LinkCard::new(P1, Unit, [Face::Top, Face::Right]);
        let b = board(&[("P1:B4", unit), ("P1:B5", card(P1, Module))]);
        assert_eq!(
            free_faces(&b, t("P1:B4")),
            [Face::Top].into_iter().collect::<FaceSet>()
        );
        assert_eq!(free_faces(&b, t("P1:C8")), FaceSet::EMPTY);
        // A Link on the board's edge is free (nothing can stand there, but it holds nothing).
        let corner = LinkCard::new(P1, Unit, [Face::Left]);
        let b = board(&[("P1:C1", corner)]);
        assert_eq!(free_faces(&b, t("P1:C1")).len(), 1);
    }

    #[test]
    fn face_sets_serialize_as_face_lists() {
        let s: FaceSet = [Face::Left, Face::Top].into_iter().collect();
        let json = serde_json::to_string(&s).unwrap_or_default();
        assert_eq!(json, r#"["top","left"]"#);
        assert_eq!(serde_json::from_str::<FaceSet>(&json).ok(), Some(s));
        assert!(serde_json::from_str::<FaceSet>(r#"["up"]"#).is_err());
    }
}
