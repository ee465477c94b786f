//! Dice as chance nodes: a pool of identical dice is one node whose outcomes are the counts of
//! each face, weighted exactly by the multinomial coefficient times the face weights.
//!
//! # Why counts instead of die-by-die faces?
//! The dice of a pool are identical, so only how many show each symbol matters. Rolling four
//! attack dice is one chance node with 15 outcomes instead of four nodes (or 1296 ordered
//! outcomes), and the weights stay exact integers: the odds a designer reads off the node are
//! the true odds.

use crate::action::{Action, Face, Pool};
use crate::config::{DiceConfig, DieSymbol, MAX_POOL};
use gridwright_engine::content::Problems;

/// Face counts of the three dice.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct DiceRules {
    /// Attack die: crit, hit and blank faces.
    pub attack: [u32; 3],
    /// Armour die: block and blank faces.
    pub armour: [u32; 2],
    /// Evade die: evade and blank faces.
    pub evade: [u32; 2],
    /// Most attack dice rolled against oneself in one chance node.
    pub batch: u8,
}

/// Most faces a die may have, so that a full pool's weights fit in `u32` (9^10 < 2^32).
pub const MAX_FACES: usize = 9;

impl DiceRules {
    /// Checks the three dice and counts their faces. The one place the dice's facts are checked
    /// (1 to [`MAX_FACES`] faces, at most one symbol a face, only the die's own symbols), for
    /// `dice.toml` and configs alike; field paths are `attack.faces[2]` and the like.
    pub fn new(d: &DiceConfig) -> Result<DiceRules, Problems> {
        fn count(
            p: &mut Problems,
            name: &str,
            faces: &[Vec<DieSymbol>],
            symbols: &[DieSymbol],
        ) -> Vec<u32> {
            if faces.is_empty() || faces.len() > MAX_FACES {
                p.push(
                    format!("{name}.faces"),
                    format!("a die has 1 to {MAX_FACES} faces, not {}", faces.len()),
                );
            }
            let mut out = vec![0u32; symbols.len() + 1];
            for (i, f) in faces.iter().enumerate() {
                let field = format!("{name}.faces[{i}]");
                match f.as_slice() {
                    [] => out[symbols.len()] += 1,
                    [s] => match symbols.iter().position(|x| x == s) {
                        Some(k) => out[k] += 1,
                        None => p.push(
                            field,
                            format!(
                                "`{}` is not a symbol of the {name} die ({})",
                                s.name(),
                                symbols
                                    .iter()
                                    .map(|a| a.name())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ),
                    },
                    _ => p.push(field, "a face shows at most one symbol"),
                }
            }
            out
        }
        let mut p = Problems::new();
        let a = count(
            &mut p,
            "attack",
            &d.attack,
            &[DieSymbol::Crit, DieSymbol::Hit],
        );
        let r = count(&mut p, "armour", &d.armour, &[DieSymbol::Block]);
        let e = count(&mut p, "evade", &d.evade, &[DieSymbol::Evade]);
        p.into_result(DiceRules {
            attack: [a[0], a[1], a[2]],
            armour: [r[0], r[1]],
            evade: [e[0], e[1]],
            batch: MAX_POOL,
        })
    }

    /// Face weights of one die of `pool`, in [`Face::of`] order.
    pub fn weights(&self, pool: Pool) -> &[u32] {
        match pool {
            Pool::Attack => &self.attack,
            Pool::Armour => &self.armour,
            Pool::Evade => &self.evade,
        }
    }

    /// Outcomes of `n` attack dice.
    pub fn attack_outcomes(&self, n: u8, out: &mut Vec<(Action, u32)>) {
        let [wc, wh, wb] = self.attack.map(u64::from);
        for crits in 0..=n {
            for hits in 0..=n - crits {
                let blanks = n - crits - hits;
                let w = multinomial(n, &[crits, hits, blanks])
                    * wc.pow(crits.into())
                    * wh.pow(hits.into())
                    * wb.pow(blanks.into());
                if w > 0 {
                    out.push((Action::AttackDice { crits, hits }, clamp(w)));
                }
            }
        }
    }

    /// Outcomes of `n` armour (`pool == Armour`) or evade dice.
    pub fn defence_outcomes(&self, pool: Pool, n: u8, out: &mut Vec<(Action, u32)>) {
        let w = self.weights(pool);
        let (ws, wb) = (u64::from(w[0]), u64::from(w[1]));
        for k in 0..=n {
            let weight = multinomial(n, &[k, n - k]) * ws.pow(k.into()) * wb.pow((n - k).into());
            if weight > 0 {
                let a = match pool {
                    Pool::Armour => Action::ArmourDice { blocks: k },
                    _ => Action::EvadeDice { evades: k },
                };
                out.push((a, clamp(weight)));
            }
        }
    }

    /// Outcomes of rerolling one die of `pool`.
    pub fn reroll_outcomes(&self, pool: Pool, out: &mut Vec<(Action, u32)>) {
        for (f, &w) in Face::of(pool).iter().zip(self.weights(pool)) {
            if w > 0 {
                out.push((Action::Rerolled(*f), w));
            }
        }
    }
}

/// `n! / (k1! k2! …)`.
pub(crate) fn multinomial(n: u8, ks: &[u8]) -> u64 {
    let mut result = 1u64;
    let mut placed = 0u64;
    for &k in ks {
        for i in 1..=u64::from(k) {
            placed += 1;
            // C(placed, i) built incrementally stays an integer at every step.
            result = result * placed / i;
        }
    }
    debug_assert_eq!(placed, u64::from(n));
    result
}

fn clamp(w: u64) -> u32 {
    u32::try_from(w).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multinomials() {
        assert_eq!(multinomial(4, &[2, 1, 1]), 12);
        assert_eq!(multinomial(5, &[5, 0]), 1);
        assert_eq!(multinomial(6, &[2, 2, 2]), 90);
        assert_eq!(multinomial(10, &[3, 3, 4]), 4200);
    }

    #[test]
    fn attack_weights_sum_to_faces_to_the_n() {
        let d = DiceRules::new(&DiceConfig::default()).unwrap();
        for n in 0..=MAX_POOL {
            let mut out = Vec::new();
            d.attack_outcomes(n, &mut out);
            let total: u64 = out.iter().map(|(_, w)| u64::from(*w)).sum();
            assert_eq!(total, 6u64.pow(n.into()));
            let mut out = Vec::new();
            d.defence_outcomes(Pool::Evade, n, &mut out);
            let total: u64 = out.iter().map(|(_, w)| u64::from(*w)).sum();
            assert_eq!(total, 6u64.pow(n.into()));
        }
    }
}
