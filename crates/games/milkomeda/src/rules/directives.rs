//! Directives: their tiers, the four directive/module positions and pattern matching at
//! intersections (rulebook §3 Directive and Action Module cards, §4 steps 3–4, §7 phase 2
//! step 5, §13, and the team's pattern-matching rule).
//!
//! A [`Directive`] is a 2 × 2 pattern of dots (top-left, top-right, bottom-left,
//! bottom-right); white dots are ignored, so a position is a colour or nothing. It matches at
//! an [`Intersection`] of four placed cards ([`matches_at`]) when every coloured dot equals
//! the colour of the corner in its position, the card giving that corner has a value above
//! zero in that colour, and at least one matched corner comes from a card the player
//! controls. Patterns are not turned.

use super::map::{Intersection, Map, SectorRef, Space};
use crate::{Resource, Resources};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A directive's difficulty tier (§3, §4 step 3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DirectiveTier {
    /// Exactly two coloured dots.
    D1,
    /// Exactly three coloured dots, at least two of one colour.
    D2,
    /// Three dots of three colours, or four of four colours.
    D3,
}

/// An action module's cost tier (§3, §4 step 3): its cost amount 1, 2 or 3.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ModuleTier {
    /// Cost 1.
    M1,
    /// Cost 2.
    M2,
    /// Cost 3.
    M3,
}

impl ModuleTier {
    /// The tier of a module with this cost amount; `None` outside 1 to 3.
    pub const fn of_cost(cost: u8) -> Option<ModuleTier> {
        match cost {
            1 => Some(ModuleTier::M1),
            2 => Some(ModuleTier::M2),
            3 => Some(ModuleTier::M3),
            _ => None,
        }
    }
}

/// One of the four public directive/module positions, numbered 1 to 4 for people.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
#[serde(try_from = "u8", into = "u8")]
pub struct Position(u8);

impl Position {
    /// The four positions, 1 to 4.
    pub const ALL: [Position; 4] = [Position(1), Position(2), Position(3), Position(4)];

    /// The one-based number.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The tiers a position draws from, fixed at setup (§4 step 4, §13): 1 is D1/M3, 2 is
    /// D1/M2, 3 is D2/M2, 4 is D3/M1.
    pub const fn tiers(self) -> (DirectiveTier, ModuleTier) {
        match self.0 {
            1 => (DirectiveTier::D1, ModuleTier::M3),
            2 => (DirectiveTier::D1, ModuleTier::M2),
            3 => (DirectiveTier::D2, ModuleTier::M2),
            _ => (DirectiveTier::D3, ModuleTier::M1),
        }
    }
}

/// Error for a position number outside 1 to 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("directive position {0} is not 1 to 4")]
pub struct BadPosition(pub u8);

bounded_u8!(Position, BadPosition, 1..=4);

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a directive pattern was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DirectiveError {
    /// The pattern fits no tier (fewer than two dots, or four with a colour repeated).
    #[error("a directive with {dots} coloured dots of {colours} colours fits no tier")]
    NoTier {
        /// Coloured dots.
        dots: usize,
        /// Distinct colours.
        colours: usize,
    },
}

/// A directive card's pattern: the colour of each dot in the order top-left, top-right,
/// bottom-left, bottom-right, `None` for a white dot. Always fits a tier.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "[Resource | null, Resource | null, Resource | null, Resource | null]")
)]
#[serde(try_from = "[Option<Resource>; 4]", into = "[Option<Resource>; 4]")]
pub struct Directive {
    dots: [Option<Resource>; 4],
    tier: DirectiveTier,
}

impl Directive {
    /// A directive from its dots, sorted into its tier.
    ///
    /// # Errors
    /// [`DirectiveError::NoTier`] if the pattern fits no tier.
    pub fn new(dots: [Option<Resource>; 4]) -> Result<Directive, DirectiveError> {
        let coloured: Vec<Resource> = dots.iter().flatten().copied().collect();
        let mut distinct = coloured.clone();
        distinct.sort();
        distinct.dedup();
        let tier = match (coloured.len(), distinct.len()) {
            (2, _) => DirectiveTier::D1,
            (3, 1 | 2) => DirectiveTier::D2,
            (3, 3) | (4, 4) => DirectiveTier::D3,
            (dots, colours) => return Err(DirectiveError::NoTier { dots, colours }),
        };
        Ok(Directive { dots, tier })
    }

    /// The dots, top-left, top-right, bottom-left, bottom-right.
    pub const fn dots(self) -> [Option<Resource>; 4] {
        self.dots
    }

    /// The tier.
    pub const fn tier(self) -> DirectiveTier {
        self.tier
    }
}

impl TryFrom<[Option<Resource>; 4]> for Directive {
    type Error = DirectiveError;
    fn try_from(dots: [Option<Resource>; 4]) -> Result<Self, Self::Error> {
        Directive::new(dots)
    }
}

impl From<Directive> for [Option<Resource>; 4] {
    fn from(d: Directive) -> [Option<Resource>; 4] {
        d.dots
    }
}

/// The candidate intersections for a player (§7 phase 2 step 5): those where four cards meet
/// and at least one of the four is a sector the player controls (`controls`), sorted.
pub fn candidate_intersections(map: &Map, controls: impl Fn(Space) -> bool) -> Vec<Intersection> {
    map.size()
        .intersections()
        .filter(|p| {
            map.intersection(*p)
                .is_some_and(|four| four.iter().any(|(s, _, _)| controls(*s)))
        })
        .collect()
}

/// Whether `directive` matches at `point` for the player who controls the sectors `controls`
/// says, with `values` giving each sector's resource values (the team's pattern-matching
/// rule, see the module docs).
pub fn matches_at(
    map: &Map,
    point: Intersection,
    directive: Directive,
    controls: impl Fn(Space) -> bool,
    values: impl Fn(SectorRef) -> Resources,
) -> bool {
    let Some(four) = map.intersection(point) else {
        return false;
    };
    let mut own_match = false;
    for ((space, tile, colour), dot) in four.iter().zip(directive.dots) {
        let Some(want) = dot else { continue };
        if *colour != want || values(tile.sector).get(want) == 0 {
            return false;
        }
        own_match |= controls(*space);
    }
    own_match
}

/// The candidate intersections where `directive` matches for the player, sorted.
pub fn matching_intersections(
    map: &Map,
    directive: Directive,
    controls: impl Fn(Space) -> bool,
    values: impl Fn(SectorRef) -> Resources,
) -> Vec<Intersection> {
    candidate_intersections(map, &controls)
        .into_iter()
        .filter(|p| matches_at(map, *p, directive, &controls, &values))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::map::{GridSize, Rotation, Tile};
    use Resource::*;

    fn d(dots: [Option<Resource>; 4]) -> Directive {
        Directive::new(dots).unwrap()
    }

    #[test]
    fn directives_sort_into_tiers_by_their_dots() {
        assert_eq!(
            d([Some(Blue), Some(Red), None, None]).tier(),
            DirectiveTier::D1
        );
        assert_eq!(
            d([Some(Blue), Some(Blue), None, None]).tier(),
            DirectiveTier::D1
        );
        assert_eq!(
            d([Some(Blue), Some(Blue), Some(Red), None]).tier(),
            DirectiveTier::D2
        );
        assert_eq!(
            d([Some(Red), Some(Red), Some(Red), None]).tier(),
            DirectiveTier::D2
        );
        assert_eq!(
            d([Some(Red), None, Some(Green), Some(Blue)]).tier(),
            DirectiveTier::D3
        );
        assert_eq!(
            d([Some(Red), Some(Orange), Some(Green), Some(Blue)]).tier(),
            DirectiveTier::D3
        );
        assert_eq!(
            Directive::new([Some(Red), Some(Red), Some(Green), Some(Blue)]),
            Err(DirectiveError::NoTier {
                dots: 4,
                colours: 3
            })
        );
        assert_eq!(
            Directive::new([Some(Red), None, None, None]),
            Err(DirectiveError::NoTier {
                dots: 1,
                colours: 1
            })
        );
    }

    #[test]
    fn positions_pair_directive_and_module_tiers() {
        assert_eq!(
            Position::ALL.map(Position::tiers),
            [
                (DirectiveTier::D1, ModuleTier::M3),
                (DirectiveTier::D1, ModuleTier::M2),
                (DirectiveTier::D2, ModuleTier::M2),
                (DirectiveTier::D3, ModuleTier::M1),
            ]
        );
        assert!(Position::try_from(0).is_err());
        assert!(Position::try_from(5).is_err());
        assert_eq!(ModuleTier::of_cost(2), Some(ModuleTier::M2));
        assert_eq!(ModuleTier::of_cost(4), None);
    }

    /// A 2 × 2 grid, all four cards placed: card i at (i % 2, i / 2), turned `rot[i]`.
    fn square(rot: [Rotation; 4]) -> (Map, [Space; 4]) {
        let size = GridSize::new(2, 2).unwrap();
        let mut map = Map::new(size);
        let spaces = [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(c, r)| size.space(c, r).unwrap());
        for (i, s) in spaces.iter().enumerate() {
            map.place(
                *s,
                Tile {
                    sector: SectorRef::Card(crate::SectorId(i as u8)),
                    rotation: rot[i],
                },
            )
            .unwrap();
        }
        (map, spaces)
    }

    fn rich(_: SectorRef) -> Resources {
        Resources::new(1, 1, 1, 1)
    }

    #[test]
    fn pattern_matches_the_corner_colours_in_position() {
        // Unturned: the point shows TL green, TR red, BL orange, BR blue.
        let (map, spaces) = square([Rotation::R0; 4]);
        let point = map.size().intersections().next().unwrap();
        let mine = |s: Space| s == spaces[0];
        assert!(matches_at(
            &map,
            point,
            d([Some(Green), None, None, Some(Blue)]),
            mine,
            rich
        ));
        assert!(matches_at(
            &map,
            point,
            d([Some(Green), Some(Red), Some(Orange), None]),
            mine,
            rich
        ));
        // Right colours in the wrong positions: patterns are not turned.
        assert!(!matches_at(
            &map,
            point,
            d([Some(Blue), None, None, Some(Green)]),
            mine,
            rich
        ));
    }

    #[test]
    fn pattern_needs_a_value_in_the_matched_colour() {
        let (map, spaces) = square([Rotation::R0; 4]);
        let point = map.size().intersections().next().unwrap();
        let mine = |s: Space| s == spaces[0];
        let no_blue_on_card_3 = |s: SectorRef| match s {
            SectorRef::Card(crate::SectorId(3)) => Resources::new(0, 2, 2, 2),
            _ => Resources::new(1, 1, 1, 1),
        };
        let pattern = d([Some(Green), None, None, Some(Blue)]);
        assert!(matches_at(&map, point, pattern, mine, rich));
        assert!(!matches_at(&map, point, pattern, mine, no_blue_on_card_3));
    }

    #[test]
    fn pattern_needs_a_matched_corner_from_a_controlled_card() {
        let (map, spaces) = square([Rotation::R0; 4]);
        let point = map.size().intersections().next().unwrap();
        let pattern = d([Some(Green), None, None, Some(Blue)]);
        // Controls card 1 (top right): a candidate, but its corner is a white dot.
        let top_right = |s: Space| s == spaces[1];
        assert_eq!(candidate_intersections(&map, top_right), vec![point]);
        assert!(!matches_at(&map, point, pattern, top_right, rich));
        let bottom_right = |s: Space| s == spaces[3];
        assert!(matches_at(&map, point, pattern, bottom_right, rich));
        assert_eq!(
            matching_intersections(&map, pattern, bottom_right, rich),
            vec![point]
        );
        // Controls nothing there: not even a candidate.
        assert!(candidate_intersections(&map, |_| false).is_empty());
    }

    #[test]
    fn pattern_follows_the_rotation_of_each_card() {
        // Card 0 turned 180°: its bottom-right corner shows its standard top-left, blue.
        let (map, spaces) = square([Rotation::R180, Rotation::R0, Rotation::R0, Rotation::R0]);
        let point = map.size().intersections().next().unwrap();
        let mine = |s: Space| s == spaces[0];
        assert!(matches_at(
            &map,
            point,
            d([Some(Blue), Some(Red), None, None]),
            mine,
            rich
        ));
        assert!(!matches_at(
            &map,
            point,
            d([Some(Green), Some(Red), None, None]),
            mine,
            rich
        ));
    }

    #[test]
    fn pattern_needs_four_placed_cards() {
        let size = GridSize::new(2, 2).unwrap();
        let mut map = Map::new(size);
        let s = size.space(0, 0).unwrap();
        map.place(
            s,
            Tile {
                sector: SectorRef::Card(crate::SectorId(0)),
                rotation: Rotation::R0,
            },
        )
        .unwrap();
        let point = size.intersections().next().unwrap();
        assert!(candidate_intersections(&map, |_| true).is_empty());
        assert!(!matches_at(
            &map,
            point,
            d([Some(Green), None, None, Some(Blue)]),
            |_| true,
            rich
        ));
    }
}
