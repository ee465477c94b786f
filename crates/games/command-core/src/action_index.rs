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
//! | then `4·m + weapon` | `fire m weapon` |
//! | then `target` | `aim at target` |
//! | then `16·m + card` | `put back m card` (card: weapons 0–3, then directives 4–15) |
//! | then `16·m + card` | `deplete m card` |
//! | then `24·m + 2·directive + flipped` | `program m card` (card into m's next slot) |
//! | then `m` | `leave m` |
//!
//! so `N = 19 + 8·B·M + M² + 62·M`: 3,483 for the 4 mechs of `duel` on its 10 × 10 board.
//!
//! Every player action has an index. Programs are chosen one slot at a time (rules version 3),
//! so a programming step is a card and orientation for the mech's next slot, or `leave` (the
//! slot stays empty); whole programs (up to four slots of a dozen cards either way up) would be
//! far too many to list.
//! Chance outcomes (who chooses, fills, dice, reveals) have no index.

use crate::config::{MAX_BOARD_SIDE, MAX_DIRECTIVES, MAX_MECHS, MAX_WEAPONS};
use crate::{Action, Card, CommandCore, Config, Face, MechId, Pool, Pos, SlotCard};
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

    fn aim(self) -> usize {
        self.fire() + MAX_WEAPONS * self.mechs
    }

    fn put_back(self) -> usize {
        self.aim() + self.mechs
    }

    fn deplete(self) -> usize {
        self.put_back() + CARDS * self.mechs
    }

    fn program(self) -> usize {
        self.deplete() + CARDS * self.mechs
    }

    fn leave(self) -> usize {
        self.program() + 2 * MAX_DIRECTIVES * self.mechs
    }

    fn len(self) -> usize {
        self.leave() + self.mechs
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
            Action::Fire { mech, weapon } => {
                let w = Some(usize::from(weapon)).filter(|w| *w < MAX_WEAPONS)?;
                Some(self.fire() + self.mech(mech)? * MAX_WEAPONS + w)
            }
            Action::Aim { target } => Some(self.aim() + self.mech(target)?),
            Action::PutBack { mech, card } => {
                Some(self.put_back() + self.mech(mech)? * CARDS + Self::card(card)?)
            }
            Action::Deplete { mech, card } => {
                Some(self.deplete() + self.mech(mech)? * CARDS + Self::card(card)?)
            }
            Action::Program { mech, card } => {
                let d = Some(usize::from(card.card)).filter(|d| *d < MAX_DIRECTIVES)?;
                let k = self.mech(mech)? * MAX_DIRECTIVES + d;
                Some(self.program() + 2 * k + usize::from(card.flipped))
            }
            Action::Leave { mech } => Some(self.leave() + self.mech(mech)?),
            Action::Chooser(_)
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
            _ if i < self.aim() => {
                let k = i - self.fire();
                Some(Action::Fire {
                    mech: self.mech_id(k / MAX_WEAPONS)?,
                    weapon: u8::try_from(k % MAX_WEAPONS).ok()?,
                })
            }
            _ if i < self.put_back() => Some(Action::Aim {
                target: self.mech_id(i - self.aim())?,
            }),
            _ if i < self.deplete() => {
                let k = i - self.put_back();
                Some(Action::PutBack {
                    mech: self.mech_id(k / CARDS)?,
                    card: Self::card_of(k % CARDS)?,
                })
            }
            _ if i < self.program() => {
                let k = i - self.deplete();
                Some(Action::Deplete {
                    mech: self.mech_id(k / CARDS)?,
                    card: Self::card_of(k % CARDS)?,
                })
            }
            _ if i < self.leave() => {
                let k = (i - self.program()) / 2;
                Some(Action::Program {
                    mech: self.mech_id(k / MAX_DIRECTIVES)?,
                    card: SlotCard {
                        card: u8::try_from(k % MAX_DIRECTIVES).ok()?,
                        flipped: (i - self.program()) % 2 == 1,
                    },
                })
            }
            _ if i < self.len() => Some(Action::Leave {
                mech: self.mech_id(i - self.leave())?,
            }),
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;

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
        assert_eq!(CommandCore::num_distinct_actions(&c), 3483);
        let deploy = Action::Deploy {
            mech: MechId(1),
            at: Pos::new(2, 3),
            facing: Dir8::E,
        };
        assert_eq!(idx(deploy), Some(19 + 8 * (100 + 32) + 2));
        let fire = Action::Fire {
            mech: MechId(3),
            weapon: 3,
        };
        // assign starts at 3219, fire at 3235 (4 weapons per mech), aim at 3251.
        assert_eq!(idx(fire), Some(3235 + 4 * 3 + 3));
        let aim = Action::Aim { target: MechId(2) };
        assert_eq!(idx(aim), Some(3251 + 2));
        let deplete = Action::Deplete {
            mech: MechId(3),
            card: Card::Directive(11),
        };
        // put back starts at 3255, deplete at 3319.
        assert_eq!(idx(deplete), Some(3319 + 3 * 16 + 4 + 11));
        // Programming steps follow: 24 per mech, then one leave per mech.
        let program = Action::Program {
            mech: MechId(1),
            card: SlotCard {
                card: 5,
                flipped: true,
            },
        };
        assert_eq!(idx(program), Some(3383 + 24 + 2 * 5 + 1));
        let last = Action::Leave { mech: MechId(3) };
        assert_eq!(idx(last), Some(3482));
        for a in [deploy, fire, aim, deplete, program, last] {
            let i = idx(a).unwrap_or(usize::MAX);
            assert_eq!(CommandCore::action_from_index(&c, i), Some(a));
        }
        assert_eq!(CommandCore::action_from_index(&c, 3483), None);
    }

    #[test]
    fn only_chance_has_no_index_and_nothing_is_declared_unindexed() {
        let c = duel();
        let step = Action::Program {
            mech: MechId(0),
            card: SlotCard {
                card: 0,
                flipped: false,
            },
        };
        assert!(CommandCore::action_index(&c, &step).is_some());
        assert!(CommandCore::unindexed(&c, &step).is_none());
        let leave = Action::Leave { mech: MechId(0) };
        assert!(CommandCore::action_index(&c, &leave).is_some());
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
        let no_card = Action::Program {
            mech: MechId(0),
            card: SlotCard {
                card: 12,
                flipped: false,
            },
        };
        assert_eq!(CommandCore::action_index(&c, &no_card), None);
    }
}
