//! Exploration (rulebook §4 step 11, §8.A): where a card may go, what it costs, and the steps
//! that draw and place cards. Placement is found here whole; the map (`map.rs`) only knows
//! geometry.
//!
//! - Where: [`placement_targets`] — next to a probe's origin or to a card placed earlier in the
//!   same explore, or two spaces from a Hypergate probe through an explored sector. At setup
//!   the one probe is the homeworld.
//! - Costs: an explore draws two sector cards, plus one for each green spent on the Scientific
//!   boost before drawing. The cards placed cost their exploration costs (`back_value`) in green,
//!   in total. What the player cannot pay for goes back into the deck ([`payable_placements`]).
//!   The free setup exploration has its own options ([`initial_exploration_options`]).
//! - Steps: the setup exploration's listing (its flow is `setup.rs`), and the Explore action's
//!   probe, launch, place and `done` steps with their listings (dispatched from `turn.rs`).

use crate::action::{Action, Event};
use crate::config::SectorId;
use crate::rules::map::{Map, MapError, Rotation, SectorRef, Space, Tile};
use crate::rules::scoring::grid_completion;
use crate::rules::structures::Structure;
use crate::rules::turn::ActNext;
use crate::state::Table;
use crate::{Resource, Resources};
use gridwright_engine::{Events, Seat};
use serde::{Deserialize, Serialize};

/// The most probes one explore sends (§8.A step 1).
pub const MAX_PROBES: usize = 2;

/// A probe of an explore (§8.A): the sector it leaves from, and whether that sector holds the
/// explorer's active Hypergate.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Probe {
    /// The origin sector.
    pub origin: Space,
    /// Whether the origin has the explorer's Hypergate.
    pub hypergate: bool,
}

/// Why a placement was refused; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// A space off the grid, or one that already holds a sector.
    #[error(transparent)]
    Map(#[from] MapError),
    /// More probes than an explore sends.
    #[error("{count} probes sent; an explore sends at most {max}", max = MAX_PROBES)]
    TooManyProbes {
        /// Probes given.
        count: usize,
    },
    /// A probe from a space with no sector.
    #[error("a probe cannot start from {space}: no sector is there")]
    ProbeFromEmptySpace {
        /// The space.
        space: Space,
    },
    /// A chain space (a card placed earlier in this explore) that holds no card.
    #[error("{space} is given as placed in this explore but holds no card")]
    ChainNotPlaced {
        /// The space.
        space: Space,
    },
    /// A placement no probe or chain reaches.
    #[error("{space} is not next to a probe's origin or a card placed in this explore")]
    OutOfReach {
        /// The space.
        space: Space,
    },
}

/// The empty spaces of `map` where the next card of an explore may go (§8.A step 4), sorted:
/// next to a probe's origin, next to a card already placed in this explore (`chain`, the
/// chain grows from the probes), or — for a probe from a Hypergate sector — two steps from
/// its origin through an explored sector.
///
/// # Errors
/// [`PlacementError::TooManyProbes`], [`PlacementError::ProbeFromEmptySpace`],
/// [`PlacementError::ChainNotPlaced`], or [`MapError::OffGrid`] for a space outside the grid.
pub fn placement_targets(
    map: &Map,
    probes: &[Probe],
    chain: &[Space],
) -> Result<Vec<Space>, PlacementError> {
    if probes.len() > MAX_PROBES {
        return Err(PlacementError::TooManyProbes {
            count: probes.len(),
        });
    }
    let size = map.size();
    let mut reach = vec![false; usize::from(size.width()) * usize::from(size.height())];
    let mut mark = |s: Space| {
        if !map.is_explored(s) {
            reach[size.index(s)] = true;
        }
    };
    for probe in probes {
        map.check(probe.origin)?;
        if !map.is_explored(probe.origin) {
            return Err(PlacementError::ProbeFromEmptySpace {
                space: probe.origin,
            });
        }
        for n in size.neighbors(probe.origin) {
            mark(n);
            if probe.hypergate && map.is_explored(n) {
                for m in size.neighbors(n) {
                    mark(m);
                }
            }
        }
    }
    for &c in chain {
        map.check(c)?;
        if !map.is_explored(c) {
            return Err(PlacementError::ChainNotPlaced { space: c });
        }
        for n in size.neighbors(c) {
            mark(n);
        }
    }
    Ok(size.spaces().filter(|s| reach[size.index(*s)]).collect())
}

/// Checks one placement of an explore on `map`.
///
/// # Errors
/// As [`placement_targets`], [`MapError::Occupied`], or [`PlacementError::OutOfReach`].
pub fn check_placement(
    map: &Map,
    space: Space,
    probes: &[Probe],
    chain: &[Space],
) -> Result<(), PlacementError> {
    map.check(space)?;
    if map.is_explored(space) {
        return Err(MapError::Occupied { space }.into());
    }
    if placement_targets(map, probes, chain)?.contains(&space) {
        Ok(())
    } else {
        Err(PlacementError::OutOfReach { space })
    }
}

/// Sector cards an explore draws before any boost (§8.A step 3).
pub const BASE_DRAW: u8 = 2;

/// Cards drawn for an explore with `boost` green spent on the Scientific boost (§8.A step 2),
/// and no more than the deck holds.
pub fn cards_drawn(boost: u8, deck_left: usize) -> usize {
    (usize::from(BASE_DRAW) + usize::from(boost)).min(deck_left)
}

/// The most green an explore may spend on the Scientific boost (§8.A step 2): what the
/// player holds, and no more than the deck holds beyond the two cards every explore draws
/// (a boost that draws nothing is no boost). No other bound: the seed sets none (item 56).
pub fn boost_limit(green: u16, deck_left: usize) -> u8 {
    let extra = deck_left.saturating_sub(usize::from(BASE_DRAW));
    u8::try_from(extra.min(usize::from(green))).unwrap_or(u8::MAX)
}

/// The highest boost any explore of a `deck`-card game can spend (the action index's bound).
pub fn max_boost(deck: usize) -> u8 {
    boost_limit(u16::MAX, deck)
}

/// A set of drawn cards, as bits over their draw order (bit `i` for the `i`-th card).
pub type Placement = u16;

/// The most cards one explore can weigh at once (the width of [`Placement`]).
pub const MAX_DRAWN: usize = 16;

fn total(costs: &[u8], set: Placement) -> u32 {
    costs
        .iter()
        .enumerate()
        .filter(|(i, _)| set & (1 << i) != 0)
        .map(|(_, c)| u32::from(*c))
        .sum()
}

/// Which of the drawn cards (exploration costs `costs`, at most [`MAX_DRAWN`]) may be placed
/// with `green` left after the boost (§8.A step 5): all of them if the player can pay for all;
/// otherwise any set it can pay for, the empty set included. The rest go back into the deck.
/// Sorted by bits.
pub fn payable_placements(costs: &[u8], green: u16) -> Vec<Placement> {
    let costs = &costs[..costs.len().min(MAX_DRAWN)];
    let all: Placement = ((1u32 << costs.len()) - 1) as Placement;
    if total(costs, all) <= u32::from(green) {
        return vec![all];
    }
    (0..=all)
        .filter(|set| total(costs, *set) <= u32::from(green))
        .collect()
}

/// The setup exploration's options (§4 step 11) for two drawn cards with exploration costs
/// `costs` and `green` in storage: both if the player can pay for both; each single card it can
/// pay for (even when it could pay for both); nothing only when it can pay for neither.
pub fn initial_exploration_options(costs: [u8; 2], green: u16) -> Vec<Placement> {
    let fits = |set| total(&costs, set) <= u32::from(green);
    let options: Vec<Placement> = [0b01, 0b10, 0b11]
        .into_iter()
        .filter(|s| fits(*s))
        .collect();
    if options.is_empty() { vec![0] } else { options }
}

/// The green an explore costs: the boost plus the exploration costs of the cards placed.
pub fn explore_cost(boost: u8, costs: &[u8], placed: Placement) -> u32 {
    u32::from(boost) + total(&costs[..costs.len().min(MAX_DRAWN)], placed)
}

impl Table {
    /// Every placement of a card of `cards` the player can afford with `green` (its
    /// exploration cost) on a space of `spaces`, in any rotation, in the order given (the
    /// setup exploration and an Explore action list theirs this way).
    pub(crate) fn place_actions(
        &self,
        cards: &[SectorId],
        spaces: &[Space],
        green: u16,
        out: &mut Vec<Action>,
    ) {
        for &card in cards {
            let affordable = u16::from(self.rules.sector(card).cost) <= green;
            if !affordable {
                continue;
            }
            for &space in spaces {
                for rotation in Rotation::ALL {
                    out.push(Action::Place {
                        card,
                        space,
                        rotation,
                    });
                }
            }
        }
    }

    /// Where the setup exploration may place (§4 step 11): next to the homeworld.
    fn setup_spaces(&self, seat: Seat) -> Vec<Space> {
        let probe = Probe {
            origin: self.homes[seat],
            hypergate: false,
        };
        placement_targets(&self.map, &[probe], &[]).unwrap_or_default()
    }

    /// Setup step 11: place a drawn card next to the homeworld if its cost can be paid; stop
    /// once one card is placed, or when none can be (docs/rules item 43).
    pub(crate) fn setup_actions(
        &self,
        seat: Seat,
        hand: &[SectorId],
        placed: u8,
        out: &mut Vec<Action>,
    ) {
        let green = self.storage[seat].get(Resource::Green);
        let spaces = self.setup_spaces(seat);
        let before = out.len();
        self.place_actions(hand, &spaces, green, out);
        if placed > 0 || out.len() == before {
            out.push(Action::Done);
        }
    }

    /// Places a sector card and pays its cost in green.
    pub(crate) fn place_card(
        &mut self,
        seat: Seat,
        card: SectorId,
        space: Space,
        rotation: Rotation,
        events: &mut Events<Event>,
    ) {
        let cost = self.rules.sector(card).cost;
        self.pay(seat, Resources::only(Resource::Green, u16::from(cost)));
        let _ = self.map.place(
            space,
            Tile {
                sector: SectorRef::Card(card),
                rotation,
            },
        );
        self.progress = true;
        events.emit(|| Event::SectorPlaced {
            seat,
            card,
            space,
            rotation,
            cost,
        });
    }

    /// Shuffles unplaced drawn cards back into the deck.
    pub(crate) fn return_cards(
        &mut self,
        seat: Seat,
        cards: Vec<SectorId>,
        events: &mut Events<Event>,
    ) {
        if cards.is_empty() {
            return;
        }
        for &c in &cards {
            self.deck |= 1u128 << c.0;
        }
        events.emit(|| Event::SectorsReturned { seat, cards });
    }

    /// An Explore before its launch (§8.A steps 1–2): a probe from each controlled sector with
    /// the player's fleets not sent yet (at most [`MAX_PROBES`]), then the launch with any
    /// Scientific boost the player's `storage` and the deck allow.
    pub(crate) fn probe_actions(
        &self,
        seat: Seat,
        probes: &[Probe],
        storage: Resources,
        out: &mut Vec<Action>,
    ) {
        if probes.len() < MAX_PROBES {
            for s in self.controlled_with_fleets(seat) {
                if !probes.iter().any(|p| p.origin == s) {
                    out.push(Action::Probe(s));
                }
            }
        }
        if !probes.is_empty() {
            let most = boost_limit(storage.get(Resource::Green), self.deck_left());
            out.extend((0..=most).map(Action::Launch));
        }
    }

    /// An Explore after its launch (§8.A steps 4–5): each drawn card of `hand` the player can
    /// pay for with `green`, on each space the probes and the `chain` reach, and `done` when
    /// cards may go back.
    pub(crate) fn placement_actions(
        &self,
        probes: &[Probe],
        hand: &[SectorId],
        chain: &[Space],
        green: u16,
        out: &mut Vec<Action>,
    ) {
        let mut targets = placement_targets(&self.map, probes, chain).unwrap_or_default();
        // Cards and spaces in order, so the list comes out sorted (the legal list
        // would be sorted anyway; sorting these few is cheaper).
        targets.sort_unstable();
        let mut cards = hand.to_vec();
        cards.sort_unstable();
        let before = out.len();
        self.place_actions(&cards, &targets, green, out);
        // §8.A steps 4–5: every drawn card is placed when the player can pay for them
        // all; only an unaffordable total lets it choose which go back (item 42). Once
        // the total is unaffordable it stays so (each placement takes its cost from
        // both sides), so this needs no memory. A card with no space can only go back.
        let total: u16 = hand
            .iter()
            .map(|c| u16::from(self.rules.sector(*c).cost))
            .sum();
        if total > green || out.len() == before {
            out.push(Action::Done);
        }
    }

    /// Sends a probe from `origin` (§8.A step 1).
    pub(crate) fn send_probe(&self, seat: Seat, probes: &mut Vec<Probe>, origin: Space) -> ActNext {
        let hypergate = self.has_active_at(seat, Structure::Hypergate, origin);
        probes.push(Probe { origin, hypergate });
        ActNext::Going
    }

    /// Launches the probes (§8.A steps 2–3): pays the `boost` in green and queues the draws.
    pub(crate) fn launch(
        &mut self,
        seat: Seat,
        launched: &mut bool,
        boost: u8,
        events: &mut Events<Event>,
    ) -> ActNext {
        self.pay(seat, Resources::only(Resource::Green, u16::from(boost)));
        if boost > 0 {
            events.emit(|| Event::Boosted {
                seat,
                resource: Resource::Green,
                amount: boost,
            });
        }
        *launched = true;
        self.queue_sectors(usize::from(BASE_DRAW) + usize::from(boost));
        ActNext::Going
    }

    /// Places a drawn card of `hand` (§8.A step 4), extending the `chain`; the explore ends
    /// when the hand is empty.
    pub(crate) fn explore_place(
        &mut self,
        seat: Seat,
        hand: &mut Vec<SectorId>,
        chain: &mut Vec<Space>,
        (card, space, rotation): (SectorId, Space, Rotation),
        events: &mut Events<Event>,
    ) -> ActNext {
        self.place_card(seat, card, space, rotation, events);
        hand.retain(|c| *c != card);
        chain.push(space);
        if hand.is_empty() {
            self.complete_explore(seat)
        } else {
            ActNext::Going
        }
    }

    /// Ends the explore (§8.A step 5): the cards not placed go back into the deck.
    pub(crate) fn explore_done(
        &mut self,
        seat: Seat,
        hand: &mut Vec<SectorId>,
        events: &mut Events<Event>,
    ) -> ActNext {
        let rest = std::mem::take(hand);
        self.return_cards(seat, rest, events);
        self.complete_explore(seat)
    }

    /// After an explore: the game ends if the grid is complete (§14), else the action is over.
    fn complete_explore(&self, seat: Seat) -> ActNext {
        match grid_completion(seat, self.deck_left()) {
            Some(t) => ActNext::GameOver(t),
            None => ActNext::Finished,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::map::GridSize;
    use crate::rules::map::fixtures::{at, card, g};

    fn probe(origin: Space, hypergate: bool) -> Probe {
        Probe { origin, hypergate }
    }

    /// A 9 × 9 map with two homeworlds, and a plain probe from the first (`c1r1`).
    fn home_probe() -> (GridSize, Map, Probe) {
        let size = g(9, 9);
        let map = Map::with_homeworlds(size, 2).unwrap();
        (size, map, probe(at(size, 0, 0), false))
    }

    #[test]
    fn explore_places_next_to_a_probe_origin() {
        let (size, map, probe) = home_probe();
        assert_eq!(
            placement_targets(&map, &[probe], &[]).unwrap(),
            vec![at(size, 1, 0), at(size, 0, 1)]
        );
        assert_eq!(
            check_placement(&map, at(size, 1, 1), &[probe], &[]),
            Err(PlacementError::OutOfReach {
                space: at(size, 1, 1)
            })
        );
    }

    #[test]
    fn explore_chains_from_cards_placed_in_the_same_explore() {
        let (size, mut map, probe) = home_probe();
        map.place(at(size, 1, 0), card(3, Rotation::R90)).unwrap();
        let chain = [at(size, 1, 0)];
        assert_eq!(
            check_placement(&map, at(size, 2, 0), &[probe], &chain),
            Ok(())
        );
        assert_eq!(
            check_placement(&map, at(size, 1, 1), &[probe], &chain),
            Ok(())
        );
        // Without the chain, the card placed earlier in another turn does not extend reach.
        assert!(check_placement(&map, at(size, 2, 0), &[probe], &[]).is_err());
    }

    #[test]
    fn hypergate_probe_reaches_two_spaces_through_an_explored_sector() {
        let size = g(9, 9);
        let mut map = Map::with_homeworlds(size, 2).unwrap();
        map.place(at(size, 1, 0), card(3, Rotation::R0)).unwrap();
        let gate = probe(at(size, 0, 0), true);
        let targets = placement_targets(&map, &[gate], &[]).unwrap();
        // Through the explored c2r1: c3r1 and c2r2; next to home: c1r2. Not c1r3 (the path
        // would cross the unexplored c1r2).
        assert_eq!(
            targets,
            vec![at(size, 2, 0), at(size, 0, 1), at(size, 1, 1)]
        );
        assert!(!targets.contains(&at(size, 0, 2)));
    }

    #[test]
    fn a_chain_is_made_of_cards_placed_in_this_explore() {
        let (size, map, probe) = home_probe();
        assert_eq!(
            placement_targets(&map, &[probe], &[at(size, 4, 4)]),
            Err(PlacementError::ChainNotPlaced {
                space: at(size, 4, 4)
            })
        );
    }

    #[test]
    fn explore_sends_at_most_two_probes_from_explored_sectors() {
        let (size, map, p) = home_probe();
        assert_eq!(
            placement_targets(&map, &[p, p, p], &[]),
            Err(PlacementError::TooManyProbes { count: 3 })
        );
        let empty = probe(at(size, 4, 4), false);
        assert_eq!(
            placement_targets(&map, &[empty], &[]),
            Err(PlacementError::ProbeFromEmptySpace {
                space: at(size, 4, 4)
            })
        );
    }

    #[test]
    fn explore_draws_two_plus_one_per_boost_green() {
        assert_eq!(cards_drawn(0, 50), 2);
        assert_eq!(cards_drawn(3, 50), 5);
        assert_eq!(cards_drawn(3, 4), 4, "no more than the deck holds");
    }

    #[test]
    fn the_scientific_boost_is_bounded_by_the_green_held_and_the_deck() {
        assert_eq!(boost_limit(44, 72), 44);
        assert_eq!(boost_limit(44, 10), 8, "the deck gives 2 + 8 cards");
        assert_eq!(boost_limit(0, 72), 0);
        assert_eq!(max_boost(72), 70);
    }

    #[test]
    fn all_drawn_cards_are_placed_when_the_player_can_pay() {
        assert_eq!(payable_placements(&[1, 2], 3), vec![0b11]);
    }

    #[test]
    fn unaffordable_cards_are_left_out_by_the_players_choice() {
        // 1 + 2 + 2 = 5 > 3: any set costing at most 3.
        assert_eq!(
            payable_placements(&[1, 2, 2], 3),
            vec![0b000, 0b001, 0b010, 0b011, 0b100, 0b101]
        );
        assert_eq!(payable_placements(&[2, 2], 1), vec![0]);
    }

    #[test]
    fn setup_exploration_places_both_or_one_affordable_card() {
        // Starting green is 5.
        assert_eq!(
            initial_exploration_options([2, 3], 5),
            vec![0b01, 0b10, 0b11]
        );
        assert_eq!(initial_exploration_options([2, 4], 5), vec![0b01, 0b10]);
        assert_eq!(initial_exploration_options([6, 4], 5), vec![0b10]);
        assert_eq!(initial_exploration_options([6, 6], 5), vec![0]);
    }

    #[test]
    fn explore_costs_the_boost_and_the_placed_cards() {
        assert_eq!(explore_cost(2, &[1, 3, 2, 1], 0b0101), 5);
        assert_eq!(explore_cost(0, &[1, 3], 0), 0);
    }
}
