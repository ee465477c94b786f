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
use gridwright_engine::geom::Dir8;
use gridwright_engine::{ActionIndex, Block, Blocks};

/// Cards a mech can have: weapons then directives, as in a `CardSet`.
const CARDS: usize = MAX_WEAPONS + MAX_DIRECTIVES;
const POOLS: [Pool; 3] = [Pool::Attack, Pool::Armour, Pool::Evade];
const FACES: [Face; 5] = [Face::Crit, Face::Hit, Face::Block, Face::Evade, Face::Blank];

/// The blocks of the index, in order (see the table above).
const PLACE: usize = 0;
const HOLD_FIRE: usize = 1;
const KEEP: usize = 2;
const REROLL: usize = 3;
const DEPLOY: usize = 4;
const ASSIGN: usize = 5;
const FIRE: usize = 6;
const AIM: usize = 7;
const PUT_BACK: usize = 8;
const DEPLETE: usize = 9;
const PROGRAM: usize = 10;
const LEAVE: usize = 11;

/// The index of `config`, its sizes clamped to what a valid config may have so that an invalid
/// config cannot make the arithmetic overflow.
fn blocks(config: &Config) -> Blocks<12> {
    let side = usize::from(MAX_BOARD_SIDE);
    let m = config
        .sides
        .iter()
        .map(|s| s.mechs.len())
        .sum::<usize>()
        .min(MAX_MECHS);
    let w = usize::from(config.width).min(side);
    let h = usize::from(config.height).min(side);
    Blocks::new([
        Block::new(&[2]),
        Block::ONE,
        Block::ONE,
        Block::new(&[POOLS.len(), FACES.len()]),
        Block::new(&[m, h, w, Dir8::ALL.len()]),
        Block::new(&[m, m]),
        Block::new(&[m, MAX_WEAPONS]),
        Block::new(&[m]),
        Block::new(&[m, CARDS]),
        Block::new(&[m, CARDS]),
        Block::new(&[m, MAX_DIRECTIVES, 2]),
        Block::new(&[m]),
    ])
}

/// A card's place among a mech's cards: weapons 0–3, then directives.
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

fn mech_id(i: usize) -> Option<MechId> {
    u8::try_from(i).ok().and_then(MechId::new)
}

fn small(i: usize) -> Option<u8> {
    u8::try_from(i).ok()
}

impl ActionIndex for CommandCore {
    fn num_distinct_actions(config: &Config) -> usize {
        blocks(config).len()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let b = blocks(config);
        match *action {
            Action::PlaceFirst(first) => b.encode(PLACE, &[usize::from(first)]),
            Action::HoldFire => b.encode(HOLD_FIRE, &[]),
            Action::Keep => b.encode(KEEP, &[]),
            Action::Reroll { pool, face } => {
                let p = POOLS.iter().position(|x| *x == pool)?;
                let f = FACES.iter().position(|x| *x == face)?;
                b.encode(REROLL, &[p, f])
            }
            Action::Deploy { mech, at, facing } => {
                let (x, y) = (usize::from(at.x), usize::from(at.y));
                b.encode(DEPLOY, &[mech.index(), y, x, facing.index()])
            }
            Action::Assign { number, mech } => {
                let n = usize::from(number).checked_sub(1)?;
                b.encode(ASSIGN, &[n, mech.index()])
            }
            Action::Fire { mech, weapon } => b.encode(FIRE, &[mech.index(), usize::from(weapon)]),
            Action::Aim { target } => b.encode(AIM, &[target.index()]),
            Action::PutBack { mech, card: c } => b.encode(PUT_BACK, &[mech.index(), card(c)?]),
            Action::Deplete { mech, card: c } => b.encode(DEPLETE, &[mech.index(), card(c)?]),
            Action::Program { mech, card: c } => b.encode(
                PROGRAM,
                &[mech.index(), usize::from(c.card), usize::from(c.flipped)],
            ),
            Action::Leave { mech } => b.encode(LEAVE, &[mech.index()]),
            Action::Chooser(_)
            | Action::Fill { .. }
            | Action::AttackDice { .. }
            | Action::ArmourDice { .. }
            | Action::EvadeDice { .. }
            | Action::Rerolled(_)
            | Action::Reveal { .. } => None,
        }
    }

    fn action_from_index(config: &Config, index: usize) -> Option<Action> {
        Some(match blocks(config).decode(index)? {
            (PLACE, [first, ..]) => Action::PlaceFirst(first == 1),
            (HOLD_FIRE, _) => Action::HoldFire,
            (KEEP, _) => Action::Keep,
            (REROLL, [p, f, ..]) => Action::Reroll {
                pool: *POOLS.get(p)?,
                face: *FACES.get(f)?,
            },
            (DEPLOY, [m, y, x, f]) => Action::Deploy {
                mech: mech_id(m)?,
                at: Pos::new(small(x)?, small(y)?),
                facing: *Dir8::ALL.get(f)?,
            },
            (ASSIGN, [n, m, ..]) => Action::Assign {
                number: small(n + 1)?,
                mech: mech_id(m)?,
            },
            (FIRE, [m, w, ..]) => Action::Fire {
                mech: mech_id(m)?,
                weapon: small(w)?,
            },
            (AIM, [m, ..]) => Action::Aim {
                target: mech_id(m)?,
            },
            (PUT_BACK, [m, c, ..]) => Action::PutBack {
                mech: mech_id(m)?,
                card: card_of(c)?,
            },
            (DEPLETE, [m, c, ..]) => Action::Deplete {
                mech: mech_id(m)?,
                card: card_of(c)?,
            },
            (PROGRAM, [m, d, flipped, _]) => Action::Program {
                mech: mech_id(m)?,
                card: SlotCard {
                    card: small(d)?,
                    flipped: flipped == 1,
                },
            },
            (LEAVE, [m, ..]) => Action::Leave { mech: mech_id(m)? },
            _ => return None,
        })
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
