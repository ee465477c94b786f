//! Exploration costs (rulebook §4 step 11, §8.A steps 2, 3 and 5).
//!
//! An explore draws two sector cards, plus one for each green spent on the Scientific boost
//! before drawing. The cards placed cost their exploration costs (`back_value`) in green, in
//! total. What the player cannot pay for goes back into the deck ([`payable_placements`]).
//! The free setup exploration has its own options ([`initial_exploration_options`]).

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

impl crate::state::Milkomeda {
    /// Every placement of a card of `cards` the player can afford with `green` (its
    /// exploration cost) on a space of `spaces`, in any rotation, in the order given (the
    /// setup exploration and an Explore action list theirs this way).
    pub(crate) fn place_actions(
        &self,
        cards: &[u8],
        spaces: &[crate::rules::map::Space],
        green: u16,
        out: &mut Vec<crate::Action>,
    ) {
        for &card in cards {
            let affordable = self
                .config
                .sectors
                .get(usize::from(card))
                .is_some_and(|s| u16::from(s.cost) <= green);
            if !affordable {
                continue;
            }
            for &space in spaces {
                for rotation in crate::rules::map::Rotation::ALL {
                    out.push(crate::Action::Place {
                        card,
                        space,
                        rotation,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
