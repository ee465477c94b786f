//! Crit resolution (seed, "Resolving Crits"; `docs/rules/command-core.md` items 25–28): three of the damaged mech's attached cards are
//! revealed at random (all of them if it has three or fewer), the attacker may spend up to two
//! targeting tokens to put revealed cards back, and the defender depletes one of those left.

use crate::action::{Action, Card, CardSet, MechId};
use crate::event::Event;
use crate::state::{CommandCore, CritStep, Crits, Revealed, Stage};
use gridwright_engine::Events;

/// Cards revealed by one crit.
pub const REVEALED: usize = 3;
/// Most targeting tokens an attacker may spend on one crit.
pub const MAX_PUT_BACK: u8 = 2;

/// Every equally likely set of [`REVEALED`] cards out of `attached` (which has more than that).
pub(crate) fn reveal_outcomes(mech: MechId, attached: u16, out: &mut Vec<(Action, u32)>) {
    let bits: Vec<u16> = (0..16).filter(|b| attached & (1 << b) != 0).collect();
    for (i, &a) in bits.iter().enumerate() {
        for (j, &b) in bits.iter().enumerate().skip(i + 1) {
            for &c in &bits[j + 1..] {
                let cards = CardSet((1 << a) | (1 << b) | (1 << c));
                out.push((Action::Reveal { mech, cards }, 1));
            }
        }
    }
}

impl CommandCore {
    /// Starts the next crit on the damaged mech, or goes on once none is left (or the mech is
    /// destroyed, or has no card left to lose).
    pub(crate) fn begin_crit(&mut self, crits: Crits, ev: &mut Events<Event>) {
        let v = usize::from(crits.victim);
        if crits.left == 0 || !self.mechs[v].alive() {
            self.resume(crits.cause, ev);
            return;
        }
        let attached = self.attached(v);
        if attached == 0 {
            self.resume(crits.cause, ev);
        } else if attached.count_ones() as usize <= REVEALED {
            ev.emit(|| Event::CardsRevealed {
                mech: Self::mech_id(v),
                cards: CardSet(attached),
            });
            let revealed = Revealed {
                cards: attached,
                put_back: 0,
            };
            self.crit_put_back_step(crits, revealed, ev);
        } else {
            self.stage = Stage::Crit {
                crits,
                step: CritStep::Reveal,
            };
        }
    }

    /// Applies `action` to the crit at `step`.
    pub(crate) fn crit_step(
        &mut self,
        crits: Crits,
        step: CritStep,
        action: Action,
        ev: &mut Events<Event>,
    ) {
        match (step, action) {
            (CritStep::Reveal, Action::Reveal { cards, .. }) => {
                let mech = MechId(crits.victim);
                ev.emit(|| Event::CardsRevealed { mech, cards });
                let revealed = Revealed {
                    cards: cards.0,
                    put_back: 0,
                };
                self.crit_put_back_step(crits, revealed, ev);
            }
            (CritStep::PutBack(r), Action::PutBack { card, .. }) => {
                self.put_back(crits, r, card, ev);
            }
            (CritStep::PutBack(r), Action::Keep) => self.crit_deplete_step(crits, r, ev),
            (CritStep::Deplete(_), Action::Deplete { card, .. }) => self.deplete(crits, card, ev),
            (step, action) => {
                debug_assert!(false, "illegal step {action:?} in crit {step:?}");
            }
        }
    }

    /// The attacker may put a card back while it has tokens, has put back fewer than
    /// [`MAX_PUT_BACK`] and cards are left; damage a mech did to itself has no attacker.
    fn crit_put_back_step(&mut self, crits: Crits, r: Revealed, ev: &mut Events<Event>) {
        let can = crits
            .attacker()
            .is_some_and(|a| self.mechs[usize::from(a)].tokens > 0)
            && r.put_back < MAX_PUT_BACK
            && r.cards != 0;
        if can {
            self.stage = Stage::Crit {
                crits,
                step: CritStep::PutBack(r),
            };
        } else {
            self.crit_deplete_step(crits, r, ev);
        }
    }

    /// Keeping the revealed cards, or putting one of them back.
    pub(crate) fn legal_put_backs(crits: &Crits, r: Revealed, out: &mut Vec<Action>) {
        let mech = MechId(crits.victim);
        out.push(Action::Keep);
        out.extend(
            CardSet(r.cards)
                .iter()
                .map(|card| Action::PutBack { mech, card }),
        );
    }

    fn put_back(&mut self, crits: Crits, mut r: Revealed, card: Card, ev: &mut Events<Event>) {
        let mech = MechId(crits.victim);
        r.cards &= !card.bit();
        r.put_back += 1;
        if let Some(a) = crits.attacker() {
            self.mechs[usize::from(a)].tokens -= 1;
        }
        ev.emit(|| Event::PutBack { mech, card });
        self.crit_put_back_step(crits, r, ev);
    }

    /// The defender depletes one of the cards left: nothing if none is, that one if one is.
    fn crit_deplete_step(&mut self, crits: Crits, r: Revealed, ev: &mut Events<Event>) {
        match r.cards.count_ones() {
            0 => self.next_crit(crits, ev),
            1 => {
                let card = Card::from_bit(r.cards.trailing_zeros());
                self.deplete(crits, card, ev);
            }
            _ => {
                self.stage = Stage::Crit {
                    crits,
                    step: CritStep::Deplete(r),
                };
            }
        }
    }

    /// Each revealed card left.
    pub(crate) fn legal_depletes(crits: &Crits, r: Revealed, out: &mut Vec<Action>) {
        let mech = MechId(crits.victim);
        out.extend(
            CardSet(r.cards)
                .iter()
                .map(|card| Action::Deplete { mech, card }),
        );
    }

    fn deplete(&mut self, crits: Crits, card: Card, ev: &mut Events<Event>) {
        let v = usize::from(crits.victim);
        self.mechs[v].depleted |= card.bit();
        ev.emit(|| Event::Depleted {
            mech: Self::mech_id(v),
            card,
        });
        self.next_crit(crits, ev);
    }

    fn next_crit(&mut self, mut crits: Crits, ev: &mut Events<Event>) {
        crits.left -= 1;
        self.begin_crit(crits, ev);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reveals_are_all_three_card_subsets() {
        let mut out = Vec::new();
        reveal_outcomes(MechId(0), 0b1_1111, &mut out);
        assert_eq!(out.len(), 10);
        assert!(
            out.iter()
                .all(|(a, w)| *w == 1
                    && matches!(a, Action::Reveal { cards, .. } if cards.len() == 3))
        );
    }
}
