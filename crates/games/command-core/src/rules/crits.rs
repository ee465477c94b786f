//! Crit resolution (seed, "Resolving Crits"): three of the damaged mech's attached cards are
//! revealed at random (all of them if it has three or fewer), the attacker may spend up to two
//! targeting tokens to put revealed cards back, and the defender depletes one of those left.

use crate::action::{Action, CardSet, MechId};

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
