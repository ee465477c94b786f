//! End of the game and scoring (rulebook §2, §11.1, §14, §15).
//!
//! - The two end triggers: [`grid_completion`] (the explore that empties the sector deck) and
//!   [`ObjectiveRow::exhausted`] (the claim that takes the last available objective slot).
//! - [`score`]: a seat's victory points from what it holds at the end ([`Holdings`]), item by
//!   item as §15 lists them.
//! - [`Standing`]: points, then the two tiebreakers; [`returns`] ranks the seats on it with the
//!   engine's [`rank_returns`] (ties shared, values in `[-1, 1]`).

use super::structures::Structure;
use crate::{Resource, Resources};
use gridwright_engine::{PerSeat, Seat, rank_returns};
use serde::{Deserialize, Serialize};

/// Victory points for the seat whose exploration places the last sector card (§14, §15.1).
pub const GRID_COMPLETION_BONUS: u32 = 5;

/// Fleet tokens on the map per victory point (§15.4: one point per three).
pub const FLEETS_PER_POINT: u32 = 3;

/// The most VP slots on one objective card (the card data has three or four).
pub const MAX_SLOTS: usize = 4;

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndTrigger {
    /// `by` explored and paid for the last sector card of the deck (§14.1); `by` gains
    /// [`GRID_COMPLETION_BONUS`].
    GridCompleted {
        /// The exploring seat.
        by: Seat,
    },
    /// `by` claimed the last available objective slot (§14.2).
    ObjectivesCompleted {
        /// The claiming seat.
        by: Seat,
    },
    /// The round limit was reached (*decisions*: a finite game; default
    /// [`DEFAULT_ROUND_LIMIT`]).
    RoundLimit,
    /// A full round passed in which no player could change the state (*decisions*).
    NoProgress,
}

impl EndTrigger {
    /// How the game ended, in words: `grid completed` and `objectives completed` are the
    /// rulebook's endings (§2, §14); `round limit` and `no progress` are our safety valves.
    pub fn words(self) -> &'static str {
        match self {
            EndTrigger::GridCompleted { .. } => "grid completed",
            EndTrigger::ObjectivesCompleted { .. } => "objectives completed",
            EndTrigger::RoundLimit => "round limit",
            EndTrigger::NoProgress => "no progress",
        }
    }

    /// Whether the rulebook ends the game this way (§2, §14), not a safety valve.
    pub fn is_seed_ending(self) -> bool {
        matches!(
            self,
            EndTrigger::GridCompleted { .. } | EndTrigger::ObjectivesCompleted { .. }
        )
    }
}

/// The round limit of the decisions file, unless the configuration sets another.
pub const DEFAULT_ROUND_LIMIT: u32 = 100;

/// The round-limit trigger, checked at the end of round `round` (counted from 1, §7 phase 3).
pub fn round_limit(round: u32, limit: u32) -> Option<EndTrigger> {
    (round >= limit).then_some(EndTrigger::RoundLimit)
}

/// The grid-completion trigger (§8.A step 6, §14.1), checked once `explorer`'s explore action
/// has placed and paid for its cards: the game ends when the sector deck is then empty.
///
/// Cards the explorer could not pay for go back into the deck before this check, so drawing
/// the last cards without placing them all does not end the game.
pub fn grid_completion(explorer: Seat, sector_deck_left: usize) -> Option<EndTrigger> {
    (sector_deck_left == 0).then_some(EndTrigger::GridCompleted { by: explorer })
}

/// Why an objective claim was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    /// No such card in the row.
    #[error("there is no objective card {card} (the row has {cards})")]
    NoSuchCard {
        /// The card index named (zero-based).
        card: usize,
        /// Cards in the row.
        cards: usize,
    },
    /// No such slot on the card.
    #[error("objective card {card} has no slot {slot} (it has {slots})")]
    NoSuchSlot {
        /// The card index.
        card: usize,
        /// The slot index named (zero-based).
        slot: usize,
        /// Slots on the card.
        slots: usize,
    },
    /// The slot is already claimed (§11.1 "Exclusivity").
    #[error("slot {slot} of objective card {card} is already claimed by {by}")]
    AlreadyClaimed {
        /// The card index.
        card: usize,
        /// The slot index.
        slot: usize,
        /// Who claimed it.
        by: Seat,
    },
    /// The seat already holds a slot on this card (one slot per card per player, team rules).
    #[error("{seat} already holds a slot on objective card {card}")]
    OneSlotPerCard {
        /// The claiming seat.
        seat: Seat,
        /// The card index.
        card: usize,
    },
    /// A card needs one to [`MAX_SLOTS`] slots.
    #[error("an objective card has 1 to {max} slots, not {slots}", max = MAX_SLOTS)]
    SlotCount {
        /// Slots given.
        slots: usize,
    },
}

/// One public objective card's VP slots and who claimed each (serialized for output only;
/// made by [`ObjectiveSlots::new`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveSlots {
    points: [u8; MAX_SLOTS],
    claimed: [Option<Seat>; MAX_SLOTS],
    len: u8,
}

impl ObjectiveSlots {
    /// A card with these slot values (VP), none claimed.
    ///
    /// # Errors
    /// [`ClaimError::SlotCount`] unless there are 1 to [`MAX_SLOTS`] values.
    pub fn new(points: &[u8]) -> Result<ObjectiveSlots, ClaimError> {
        if points.is_empty() || points.len() > MAX_SLOTS {
            return Err(ClaimError::SlotCount {
                slots: points.len(),
            });
        }
        let mut p = [0; MAX_SLOTS];
        p[..points.len()].copy_from_slice(points);
        Ok(ObjectiveSlots {
            points: p,
            claimed: [None; MAX_SLOTS],
            len: points.len() as u8,
        })
    }

    /// `(points, claimed by)` for each slot.
    pub fn slots(&self) -> impl Iterator<Item = (u8, Option<Seat>)> + '_ {
        self.points
            .iter()
            .zip(self.claimed.iter())
            .take(usize::from(self.len))
            .map(|(p, c)| (*p, *c))
    }

    /// Whether `seat` holds a slot on this card.
    pub fn held_by(&self, seat: Seat) -> bool {
        self.claimed.contains(&Some(seat))
    }

    /// Whether some seat of an `seats`-seat game could still claim a slot here: a slot is
    /// free and some seat holds none on this card yet (our reading of "available", §11.1 with
    /// the team's one-slot-per-card rule).
    pub fn has_available_slot(&self, seats: usize) -> bool {
        self.slots().any(|(_, c)| c.is_none()) && Seat::all(seats).any(|s| !self.held_by(s))
    }
}

/// The public objectives row: five cards at setup (§4 step 2).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ObjectiveRow {
    cards: Vec<ObjectiveSlots>,
}

impl ObjectiveRow {
    /// A row of cards.
    pub fn new(cards: Vec<ObjectiveSlots>) -> ObjectiveRow {
        ObjectiveRow { cards }
    }

    /// The cards.
    pub fn cards(&self) -> &[ObjectiveSlots] {
        &self.cards
    }

    /// `seat` claims slot `slot` of card `card` (its condition is checked by the caller).
    ///
    /// # Errors
    /// A [`ClaimError`]; the row is unchanged.
    pub fn claim(&mut self, seat: Seat, card: usize, slot: usize) -> Result<(), ClaimError> {
        let cards = self.cards.len();
        let c = self
            .cards
            .get_mut(card)
            .ok_or(ClaimError::NoSuchCard { card, cards })?;
        let slots = usize::from(c.len);
        if slot >= slots {
            return Err(ClaimError::NoSuchSlot { card, slot, slots });
        }
        if let Some(by) = c.claimed[slot] {
            return Err(ClaimError::AlreadyClaimed { card, slot, by });
        }
        if c.held_by(seat) {
            return Err(ClaimError::OneSlotPerCard { seat, card });
        }
        c.claimed[slot] = Some(seat);
        Ok(())
    }

    /// The objective trigger (§11.1, §14.2): after a claim, whether no slot is available on
    /// any card of the row for an `seats`-seat game.
    pub fn exhausted(&self, seats: usize) -> bool {
        !self.cards.iter().any(|c| c.has_available_slot(seats))
    }

    /// The VP of every slot `seat` claimed (§15.7).
    pub fn points_of(&self, seat: Seat) -> u32 {
        self.cards
            .iter()
            .flat_map(|c| c.slots())
            .filter(|(_, c)| *c == Some(seat))
            .map(|(p, _)| u32::from(p))
            .sum()
    }
}

/// What a seat holds at the end of the game: the inputs of §15.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Holdings {
    /// Sectors the seat controls, its homeworld included when it controls it.
    pub controlled_sectors: u32,
    /// Structures of each type ([`Structure::ALL`] order) the seat has on the map.
    pub structures: [u8; 4],
    /// The seat's fleet tokens on the map.
    pub fleets_on_map: u32,
    /// The seat's storage.
    pub storage: Resources,
    /// VP of the objective slots the seat claimed ([`ObjectiveRow::points_of`]).
    pub objective_points: u32,
}

/// A seat's final score, item by item (§15), and its tiebreakers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Score {
    /// §15.1: [`GRID_COMPLETION_BONUS`] for the seat that completed the grid.
    pub grid_bonus: u32,
    /// §15.2: one per controlled sector.
    pub sectors: u32,
    /// §15.3: each structure's [`Structure::points`].
    pub structures: u32,
    /// §15.4: one per [`FLEETS_PER_POINT`] fleet tokens on the map.
    pub fleets: u32,
    /// §15.5: one per orange resource left.
    pub orange: u32,
    /// §15.7: claimed objective slots.
    pub objectives: u32,
    /// The ranking key: total, then the tiebreakers.
    pub standing: Standing,
}

/// Victory points, then the two tiebreakers of §15 in order: non-orange resources left, then
/// fleet tokens on the map. Compares lexicographically, higher is better.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Standing {
    /// Total victory points.
    pub points: u32,
    /// First tiebreaker: blue + red + green left in storage.
    pub non_orange: u32,
    /// Second tiebreaker: fleet tokens on the map.
    pub fleets: u32,
}

/// `seat`'s score from its holdings; `ended` says why the game ended (the grid bonus goes to
/// the seat that completed the grid).
pub fn score(seat: Seat, holdings: &Holdings, ended: Option<EndTrigger>) -> Score {
    let grid_bonus = match ended {
        Some(EndTrigger::GridCompleted { by }) if by == seat => GRID_COMPLETION_BONUS,
        _ => 0,
    };
    let structures = Structure::ALL
        .iter()
        .zip(holdings.structures)
        .map(|(s, n)| s.points() * u32::from(n))
        .sum();
    let fleets = holdings.fleets_on_map / FLEETS_PER_POINT;
    let orange = u32::from(holdings.storage.get(Resource::Orange));
    let points = grid_bonus
        + holdings.controlled_sectors
        + structures
        + fleets
        + orange
        + holdings.objective_points;
    let non_orange = [Resource::Blue, Resource::Red, Resource::Green]
        .iter()
        .map(|r| u32::from(holdings.storage.get(*r)))
        .sum();
    Score {
        grid_bonus,
        sectors: holdings.controlled_sectors,
        structures,
        fleets,
        orange,
        objectives: holdings.objective_points,
        standing: Standing {
            points,
            non_orange,
            fleets: holdings.fleets_on_map,
        },
    }
}

/// Every seat's score.
pub fn scores(holdings: &PerSeat<Holdings>, ended: Option<EndTrigger>) -> PerSeat<Score> {
    PerSeat::from_fn(holdings.len(), |s| score(s, &holdings[s], ended))
}

/// Rank-based returns for any number of seats (§15 "most VP wins" with both tiebreakers):
/// first 1, last −1, evenly spaced, seats still tied after both tiebreakers share their ranks.
pub fn returns(scores: &PerSeat<Score>) -> PerSeat<f64> {
    let keys: Vec<Standing> = scores.iter().map(|(_, s)| s.standing).collect();
    rank_returns(&keys)
}

/// The seats ranked first: the winners (several only when tied after both tiebreakers).
pub fn winners(scores: &PerSeat<Score>) -> Vec<Seat> {
    let best = scores.iter().map(|(_, s)| s.standing).max();
    scores
        .iter()
        .filter(|(_, s)| Some(s.standing) == best)
        .map(|(seat, _)| seat)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: u8) -> Seat {
        Seat::new(i)
    }

    fn with_points(points: u32) -> Holdings {
        Holdings {
            controlled_sectors: points,
            ..Holdings::default()
        }
    }

    #[test]
    fn grid_completion_ends_the_game_when_the_deck_is_empty_after_paying() {
        assert_eq!(
            grid_completion(p(2), 0),
            Some(EndTrigger::GridCompleted { by: p(2) })
        );
        // Unpaid cards went back into the deck: the game goes on.
        assert_eq!(grid_completion(p(2), 1), None);
    }

    #[test]
    fn round_limit_ends_the_game_after_the_last_round_without_a_bonus() {
        assert_eq!(DEFAULT_ROUND_LIMIT, 100);
        assert_eq!(round_limit(99, DEFAULT_ROUND_LIMIT), None);
        assert_eq!(
            round_limit(100, DEFAULT_ROUND_LIMIT),
            Some(EndTrigger::RoundLimit)
        );
        let h = with_points(3);
        for ended in [EndTrigger::RoundLimit, EndTrigger::NoProgress] {
            assert_eq!(score(p(0), &h, Some(ended)).grid_bonus, 0);
        }
    }

    #[test]
    fn score_adds_every_item_of_the_scoring_list() {
        let h = Holdings {
            controlled_sectors: 4,
            structures: [2, 1, 0, 1], // 2 outposts, starlance, m-brain = 4 + 2 + 3
            fleets_on_map: 8,         // 2 points
            storage: Resources::new(1, 6, 2, 3),
            objective_points: 7,
        };
        let s = score(p(0), &h, None);
        assert_eq!(
            (
                s.grid_bonus,
                s.sectors,
                s.structures,
                s.fleets,
                s.orange,
                s.objectives
            ),
            (0, 4, 9, 2, 6, 7)
        );
        assert_eq!(s.standing.points, 28);
        assert_eq!(s.standing.non_orange, 6);
        assert_eq!(s.standing.fleets, 8);
    }

    #[test]
    fn grid_completion_bonus_goes_only_to_the_explorer() {
        let h = with_points(3);
        let ended = Some(EndTrigger::GridCompleted { by: p(1) });
        assert_eq!(score(p(1), &h, ended).standing.points, 8);
        assert_eq!(score(p(0), &h, ended).standing.points, 3);
        let by_objectives = Some(EndTrigger::ObjectivesCompleted { by: p(1) });
        assert_eq!(score(p(1), &h, by_objectives).standing.points, 3);
    }

    #[test]
    fn fleets_score_one_point_per_full_three() {
        let s = |n| {
            score(
                p(0),
                &Holdings {
                    fleets_on_map: n,
                    ..Holdings::default()
                },
                None,
            )
            .fleets
        };
        assert_eq!((s(2), s(3), s(5), s(6), s(25)), (0, 1, 1, 2, 8));
    }

    #[test]
    fn first_tiebreaker_is_non_orange_resources_left() {
        let a = Holdings {
            storage: Resources::new(2, 0, 0, 0),
            ..with_points(5)
        };
        let b = Holdings {
            storage: Resources::new(0, 0, 1, 0),
            fleets_on_map: 2,
            ..with_points(5)
        };
        let s = scores(&PerSeat::from(vec![a, b]), None);
        assert_eq!(winners(&s), vec![p(0)]);
        assert_eq!(returns(&s).as_slice(), [1.0, -1.0]);
    }

    #[test]
    fn second_tiebreaker_is_fleets_on_the_map() {
        let a = Holdings {
            storage: Resources::new(1, 0, 1, 0),
            fleets_on_map: 1,
            ..with_points(5)
        };
        let b = Holdings {
            storage: Resources::new(0, 0, 0, 2),
            fleets_on_map: 2,
            ..with_points(5)
        };
        let s = scores(&PerSeat::from(vec![a, b]), None);
        assert_eq!(winners(&s), vec![p(1)]);
        assert_eq!(returns(&s).as_slice(), [-1.0, 1.0]);
    }

    #[test]
    fn returns_two_seats_tied_after_both_tiebreakers_draw() {
        let s = scores(&PerSeat::from(vec![with_points(4), with_points(4)]), None);
        assert_eq!(winners(&s), vec![p(0), p(1)]);
        assert_eq!(returns(&s).as_slice(), [0.0, 0.0]);
    }

    #[test]
    fn returns_three_seats_are_one_zero_minus_one() {
        let s = scores(
            &PerSeat::from(vec![with_points(2), with_points(9), with_points(5)]),
            None,
        );
        assert_eq!(returns(&s).as_slice(), [-1.0, 1.0, 0.0]);
    }

    #[test]
    fn returns_three_seats_with_a_tie_for_first_share_it() {
        let s = scores(
            &PerSeat::from(vec![with_points(7), with_points(7), with_points(1)]),
            None,
        );
        assert_eq!(returns(&s).as_slice(), [0.5, 0.5, -1.0]);
    }

    #[test]
    fn returns_four_seats_are_evenly_spaced() {
        let s = scores(
            &PerSeat::from(vec![
                with_points(1),
                with_points(8),
                with_points(3),
                with_points(6),
            ]),
            None,
        );
        let r = returns(&s);
        let third = 1.0 / 3.0;
        assert_eq!(r.as_slice(), [-1.0, 1.0, -third, third]);
    }

    #[test]
    fn returns_four_seats_with_ties_share_ranks_and_sum_to_zero() {
        // P2 and P4 tie on points but P4 wins the first tiebreaker; P1 and P3 tie fully.
        let rich = Holdings {
            storage: Resources::new(0, 0, 0, 1),
            ..with_points(6)
        };
        let s = scores(
            &PerSeat::from(vec![with_points(2), with_points(6), with_points(2), rich]),
            None,
        );
        let r = returns(&s);
        let third = 1.0 / 3.0;
        assert_eq!(r.as_slice(), [-2.0 * third, third, -2.0 * third, 1.0]);
        assert!(r.as_slice().iter().sum::<f64>().abs() < 1e-12);
        assert_eq!(winners(&s), vec![p(3)]);
    }

    fn row(cards: &[&[u8]]) -> ObjectiveRow {
        ObjectiveRow::new(
            cards
                .iter()
                .map(|c| ObjectiveSlots::new(c).unwrap())
                .collect(),
        )
    }

    #[test]
    fn objective_slots_are_claimed_once_and_once_per_card_per_player() {
        let mut r = row(&[&[6, 8, 10]]);
        r.claim(p(0), 0, 1).unwrap();
        assert_eq!(
            r.claim(p(1), 0, 1),
            Err(ClaimError::AlreadyClaimed {
                card: 0,
                slot: 1,
                by: p(0)
            })
        );
        assert_eq!(
            r.claim(p(0), 0, 2),
            Err(ClaimError::OneSlotPerCard {
                seat: p(0),
                card: 0
            })
        );
        assert_eq!(
            r.claim(p(0), 3, 0),
            Err(ClaimError::NoSuchCard { card: 3, cards: 1 })
        );
        assert_eq!(
            r.claim(p(1), 0, 3),
            Err(ClaimError::NoSuchSlot {
                card: 0,
                slot: 3,
                slots: 3
            })
        );
        assert_eq!(r.points_of(p(0)), 8);
        assert!(ObjectiveSlots::new(&[]).is_err());
        assert!(ObjectiveSlots::new(&[1, 2, 3, 4, 5]).is_err());
    }

    #[test]
    fn objective_completion_ends_the_game_when_no_slot_is_available_on_any_card() {
        let mut r = row(&[&[3, 5, 7], &[2, 4, 6, 8]]);
        // Two players: each card is spent once both hold a slot on it.
        r.claim(p(0), 0, 0).unwrap();
        r.claim(p(1), 0, 1).unwrap();
        assert!(!r.exhausted(2), "card 2 is untouched");
        r.claim(p(1), 1, 3).unwrap();
        assert!(!r.exhausted(2));
        r.claim(p(0), 1, 0).unwrap();
        assert!(r.exhausted(2));
        // With three players the third could still claim on both cards.
        assert!(!r.exhausted(3));
    }

    #[test]
    fn objective_completion_with_four_players_needs_every_slot_of_a_three_slot_card() {
        let mut r = row(&[&[6, 8, 10]]);
        for (seat, slot) in [(0, 0), (1, 1)] {
            r.claim(p(seat), 0, slot).unwrap();
            assert!(!r.exhausted(4));
        }
        r.claim(p(2), 0, 2).unwrap();
        assert!(
            r.exhausted(4),
            "all three slots taken; P4 has nothing left to claim"
        );
    }

    /// §2, §14: the game ends by the grid's last card or the objectives' last slot; the round
    /// limit and a round without progress are our safety valves, reported as such.
    #[test]
    fn only_the_grid_and_the_objectives_are_the_rulebooks_endings() {
        let by = Seat::new(1);
        for (e, seed, words) in [
            (EndTrigger::GridCompleted { by }, true, "grid completed"),
            (
                EndTrigger::ObjectivesCompleted { by },
                true,
                "objectives completed",
            ),
            (EndTrigger::RoundLimit, false, "round limit"),
            (EndTrigger::NoProgress, false, "no progress"),
        ] {
            assert_eq!((e.is_seed_ending(), e.words()), (seed, words));
        }
    }
}
