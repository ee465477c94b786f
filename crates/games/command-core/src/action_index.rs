//! The flat action index of a config, for masks (see the engine's `ActionIndex`).
//!
//! With `M` mechs in the scenario (both sides, P1's first) on a board of `B = W·H` squares, the
//! player actions are indexed, in order:
//!
//! | indices | action |
//! |---|---|
//! | 0, 1 | `place second`, `place first` |
//! | 2, 3 | `hold fire`, `keep` |
//! | `4 + 5·pool + face` | `reroll pool face` (pools attack, armour, evade; faces crit, hit, block, evade, blank) |
//! | `19 + 8·(B·m + square) + facing` | `deploy m at square facing f` (square = `y·W + x`) |
//! | then `M·(number − 1) + m` | `assign number to m` |
//! | then `M·(4·m + weapon) + target` | `fire m weapon at target` |
//! | then `16·m + card` | `put back m card` (card: weapons 0–3, then directives 4–15) |
//! | then `16·m + card` | `deplete m card` |
//!
//! so `N = 19 + 8·B·M + 5·M² + 32·M`: 3,427 for the 4 mechs of `duel` on its 10 × 10 board.
//!
//! **Whole programs are not indexed** (`Action::Program` returns `None`, and
//! [`ActionIndex::unindexed`] says why): a mech's program is up to four slots each holding one
//! of its cards, flipped or not, so the space of whole programs is too large to list as one
//! flat range. Issue 11 plans to factor the choice into one slot at a time (still sealed until
//! every seat has committed); that changes the rules' action sequence, so it needs its own
//! `rules_version` and new golden replays. Until then a mask in the programming phase is empty
//! and [`ActionIndex::legal_action_mask`] reports every program it left out. Chance outcomes
//! (who chooses, fills, dice, reveals) have no index.

use crate::config::{MAX_BOARD_SIDE, MAX_DIRECTIVES, MAX_MECHS, MAX_WEAPONS};
use crate::{Action, Card, CommandCore, Config, Face, MechId, Pool, Pos};
use gridwright_engine::ActionIndex;
use gridwright_engine::geom::Dir8;

/// Cards a mech can have: weapons then directives, as in a `CardSet`.
const CARDS: usize = MAX_WEAPONS + MAX_DIRECTIVES;
const POOLS: [Pool; 3] = [Pool::Attack, Pool::Armour, Pool::Evade];
const FACES: [Face; 5] = [Face::Crit, Face::Hit, Face::Block, Face::Evade, Face::Blank];
/// Indices before the first `deploy`.
const FIXED: usize = 4 + POOLS.len() * FACES.len();

/// The sizes the index is built from, clamped to what a valid config may have so that an
/// invalid config cannot make the arithmetic overflow.
#[derive(Clone, Copy)]
struct Layout {
    mechs: usize,
    width: usize,
    height: usize,
}

impl Layout {
    fn of(config: &Config) -> Layout {
        let mechs: usize = config.sides.iter().map(|s| s.mechs.len()).sum();
        let side = usize::from(MAX_BOARD_SIDE);
        Layout {
            mechs: mechs.min(MAX_MECHS),
            width: usize::from(config.width).min(side),
            height: usize::from(config.height).min(side),
        }
    }

    fn squares(self) -> usize {
        self.width * self.height
    }

    fn assign(self) -> usize {
        FIXED + 8 * self.squares() * self.mechs
    }

    fn fire(self) -> usize {
        self.assign() + self.mechs * self.mechs
    }

    fn put_back(self) -> usize {
        self.fire() + MAX_WEAPONS * self.mechs * self.mechs
    }

    fn deplete(self) -> usize {
        self.put_back() + CARDS * self.mechs
    }

    fn len(self) -> usize {
        self.deplete() + CARDS * self.mechs
    }

    fn mech(self, m: MechId) -> Option<usize> {
        Some(m.index()).filter(|i| *i < self.mechs)
    }

    fn mech_id(self, i: usize) -> Option<MechId> {
        u8::try_from(i)
            .ok()
            .filter(|_| i < self.mechs)
            .and_then(MechId::new)
    }

    fn square(self, p: Pos) -> Option<usize> {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        (x < self.width && y < self.height).then(|| y * self.width + x)
    }

    fn card(c: Card) -> Option<usize> {
        match c {
            Card::Weapon(w) => Some(usize::from(w)).filter(|w| *w < MAX_WEAPONS),
            Card::Directive(d) => Some(usize::from(d))
                .filter(|d| *d < MAX_DIRECTIVES)
                .map(|d| MAX_WEAPONS + d),
        }
    }

    fn card_of(i: usize) -> Option<Card> {
        let i = u8::try_from(i).ok()?;
        let w = MAX_WEAPONS as u8;
        if i < w {
            Some(Card::Weapon(i))
        } else if usize::from(i) < CARDS {
            Some(Card::Directive(i - w))
        } else {
            None
        }
    }

    fn index(self, action: &Action) -> Option<usize> {
        let m = self.mechs;
        match *action {
            Action::PlaceFirst(first) => Some(usize::from(first)),
            Action::HoldFire => Some(2),
            Action::Keep => Some(3),
            Action::Reroll { pool, face } => {
                let p = POOLS.iter().position(|x| *x == pool)?;
                let f = FACES.iter().position(|x| *x == face)?;
                Some(4 + p * FACES.len() + f)
            }
            Action::Deploy { mech, at, facing } => {
                let cell = self.mech(mech)? * self.squares() + self.square(at)?;
                Some(FIXED + 8 * cell + facing.index())
            }
            Action::Assign { number, mech } => {
                let n = usize::from(number).checked_sub(1).filter(|n| *n < m)?;
                Some(self.assign() + n * m + self.mech(mech)?)
            }
            Action::Fire {
                mech,
                weapon,
                target,
            } => {
                let w = Some(usize::from(weapon)).filter(|w| *w < MAX_WEAPONS)?;
                let shooter = self.mech(mech)? * MAX_WEAPONS + w;
                Some(self.fire() + shooter * m + self.mech(target)?)
            }
            Action::PutBack { mech, card } => {
                Some(self.put_back() + self.mech(mech)? * CARDS + Self::card(card)?)
            }
            Action::Deplete { mech, card } => {
                Some(self.deplete() + self.mech(mech)? * CARDS + Self::card(card)?)
            }
            Action::Program { .. }
            | Action::Chooser(_)
            | Action::Fill { .. }
            | Action::AttackDice { .. }
            | Action::ArmourDice { .. }
            | Action::EvadeDice { .. }
            | Action::Rerolled(_)
            | Action::Reveal { .. } => None,
        }
    }

    fn action(self, i: usize) -> Option<Action> {
        let m = self.mechs;
        match i {
            0 | 1 => Some(Action::PlaceFirst(i == 1)),
            2 => Some(Action::HoldFire),
            3 => Some(Action::Keep),
            _ if i < FIXED => {
                let k = i - 4;
                Some(Action::Reroll {
                    pool: *POOLS.get(k / FACES.len())?,
                    face: *FACES.get(k % FACES.len())?,
                })
            }
            _ if i < self.assign() => {
                let k = i - FIXED;
                let cell = k / 8;
                let square = cell % self.squares();
                Some(Action::Deploy {
                    mech: self.mech_id(cell / self.squares())?,
                    at: Pos::new(
                        u8::try_from(square % self.width).ok()?,
                        u8::try_from(square / self.width).ok()?,
                    ),
                    facing: *Dir8::ALL.get(k % 8)?,
                })
            }
            _ if i < self.fire() => {
                let k = i - self.assign();
                Some(Action::Assign {
                    number: u8::try_from(k / m + 1).ok()?,
                    mech: self.mech_id(k % m)?,
                })
            }
            _ if i < self.put_back() => {
                let k = i - self.fire();
                let shooter = k / m;
                Some(Action::Fire {
                    mech: self.mech_id(shooter / MAX_WEAPONS)?,
                    weapon: u8::try_from(shooter % MAX_WEAPONS).ok()?,
                    target: self.mech_id(k % m)?,
                })
            }
            _ if i < self.deplete() => {
                let k = i - self.put_back();
                Some(Action::PutBack {
                    mech: self.mech_id(k / CARDS)?,
                    card: Self::card_of(k % CARDS)?,
                })
            }
            _ if i < self.len() => {
                let k = i - self.deplete();
                Some(Action::Deplete {
                    mech: self.mech_id(k / CARDS)?,
                    card: Self::card_of(k % CARDS)?,
                })
            }
            _ => None,
        }
    }
}

impl ActionIndex for CommandCore {
    fn num_distinct_actions(config: &Config) -> usize {
        Layout::of(config).len()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        Layout::of(config).index(action)
    }

    fn action_from_index(config: &Config, index: usize) -> Option<Action> {
        Layout::of(config).action(index)
    }

    fn unindexed(_config: &Config, action: &Action) -> Option<&'static str> {
        matches!(action, Action::Program { .. }).then_some(
            "whole programs are not indexed yet: too many to list; issue 11 plans to choose \
             them one slot at a time",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Content, Program};

    #[allow(clippy::expect_used)]
    fn duel() -> Config {
        Content::builtin()
            .and_then(|c| c.config("duel"))
            .expect("shipped scenario")
    }

    #[test]
    fn layout_of_duel() {
        // 4 mechs on 10 × 10 squares.
        let c = duel();
        let idx = |a: Action| CommandCore::action_index(&c, &a);
        assert_eq!(CommandCore::num_distinct_actions(&c), 3427);
        let deploy = Action::Deploy {
            mech: MechId(1),
            at: Pos::new(2, 3),
            facing: Dir8::E,
        };
        assert_eq!(idx(deploy), Some(19 + 8 * (100 + 32) + 2));
        let fire = Action::Fire {
            mech: MechId(3),
            weapon: 3,
            target: MechId(0),
        };
        // assign starts at 3219, fire at 3235.
        assert_eq!(idx(fire), Some(3235 + 4 * 15));
        let last = Action::Deplete {
            mech: MechId(3),
            card: Card::Directive(11),
        };
        assert_eq!(idx(last), Some(3426));
        for a in [deploy, fire, last] {
            let i = idx(a).unwrap_or(usize::MAX);
            assert_eq!(CommandCore::action_from_index(&c, i), Some(a));
        }
        assert_eq!(CommandCore::action_from_index(&c, 3427), None);
    }

    #[test]
    fn programs_and_chance_have_no_index_and_only_programs_are_declared() {
        let c = duel();
        let program = Action::Program {
            mech: MechId(0),
            program: Program::EMPTY,
        };
        assert_eq!(CommandCore::action_index(&c, &program), None);
        assert!(CommandCore::unindexed(&c, &program).is_some());
        let dice = Action::AttackDice { crits: 1, hits: 0 };
        assert_eq!(CommandCore::action_index(&c, &dice), None);
        assert!(CommandCore::unindexed(&c, &dice).is_none());
        let off_board = Action::Deploy {
            mech: MechId(0),
            at: Pos::new(10, 0),
            facing: Dir8::N,
        };
        assert_eq!(CommandCore::action_index(&c, &off_board), None);
        let no_mech = Action::Assign {
            number: 1,
            mech: MechId(4),
        };
        assert_eq!(CommandCore::action_index(&c, &no_mech), None);
    }
}
