//! Crit resolution (seed, "Resolving Crits"): three of the damaged mech's attached cards are
//! revealed at random (all of them if it has three or fewer), the attacker may spend up to two
//! targeting tokens to put revealed cards back, and the defender depletes one of those left.

use crate::action::{Action, Card, CardSet, MechId};
use crate::event::Event;
use crate::state::CommandCore;
use crate::state::Phase;
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
    pub(crate) fn begin_crit(&mut self, ev: &mut Events<Event>) {
        let v = usize::from(self.damage.victim);
        if self.damage.crits == 0 || !self.mechs[v].alive() {
            self.resume(self.damage.after, ev);
            return;
        }
        let attached = self.attached(v);
        self.damage.revealed = 0;
        self.damage.put_back = 0;
        if attached == 0 {
            self.damage.crits = 0;
            self.resume(self.damage.after, ev);
        } else if attached.count_ones() as usize <= REVEALED {
            self.damage.revealed = attached;
            ev.emit(|| Event::CardsRevealed {
                mech: Self::mech_id(v),
                cards: CardSet(attached),
            });
            self.crit_put_back_step(ev);
        } else {
            self.phase = Phase::CritReveal {
                mech: Self::mech_id(v),
            };
        }
    }

    pub(crate) fn cards_revealed(&mut self, mech: MechId, cards: CardSet, ev: &mut Events<Event>) {
        self.damage.revealed = cards.0;
        ev.emit(|| Event::CardsRevealed { mech, cards });
        self.crit_put_back_step(ev);
    }

    /// The attacker may put a card back while it has tokens, has put back fewer than
    /// [`MAX_PUT_BACK`] and cards are left; damage a mech did to itself has no attacker.
    fn crit_put_back_step(&mut self, ev: &mut Events<Event>) {
        let d = self.damage;
        let can = d
            .attacker
            .is_some_and(|a| self.mechs[usize::from(a)].tokens > 0)
            && d.put_back < MAX_PUT_BACK
            && d.revealed != 0;
        if can {
            self.phase = Phase::CritPutBack {
                mech: Self::mech_id(usize::from(d.victim)),
            };
        } else {
            self.crit_deplete_step(ev);
        }
    }

    /// Keeping the revealed cards, or putting one of them back.
    pub(crate) fn legal_put_backs(&self, mech: MechId, out: &mut Vec<Action>) {
        out.push(Action::Keep);
        out.extend(
            CardSet(self.damage.revealed)
                .iter()
                .map(|card| Action::PutBack { mech, card }),
        );
    }

    pub(crate) fn put_back(&mut self, mech: MechId, card: Card, ev: &mut Events<Event>) {
        self.damage.revealed &= !card.bit();
        self.damage.put_back += 1;
        if let Some(a) = self.damage.attacker {
            self.mechs[usize::from(a)].tokens -= 1;
        }
        ev.emit(|| Event::PutBack { mech, card });
        self.crit_put_back_step(ev);
    }

    /// The defender depletes one of the cards left: nothing if none is, that one if one is.
    pub(crate) fn crit_deplete_step(&mut self, ev: &mut Events<Event>) {
        let d = self.damage;
        let v = usize::from(d.victim);
        match d.revealed.count_ones() {
            0 => self.next_crit(ev),
            1 => {
                let card = Card::from_bit(d.revealed.trailing_zeros());
                self.deplete(v, card, ev);
            }
            _ => {
                self.phase = Phase::CritDeplete {
                    mech: Self::mech_id(v),
                };
            }
        }
    }

    /// Each revealed card left.
    pub(crate) fn legal_depletes(&self, mech: MechId, out: &mut Vec<Action>) {
        out.extend(
            CardSet(self.damage.revealed)
                .iter()
                .map(|card| Action::Deplete { mech, card }),
        );
    }

    pub(crate) fn deplete(&mut self, v: usize, card: Card, ev: &mut Events<Event>) {
        self.mechs[v].depleted |= card.bit();
        ev.emit(|| Event::Depleted {
            mech: Self::mech_id(v),
            card,
        });
        self.next_crit(ev);
    }

    fn next_crit(&mut self, ev: &mut Events<Event>) {
        self.damage.crits -= 1;
        self.begin_crit(ev);
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
