//! Surge and Flux (seed, "Resources: Surge & Flux", "Gaining & Losing Surge and Flux";
//! decisions, "Deltas, Surge and Flux").
//!
//! A positive delta gains that much Surge. A negative delta is paid from Flux first, then from
//! Surge; what is still owed is rolled as attack dice against the mech itself, in chance nodes
//! of at most `batch` dice, and every hit and crit is damage. (What cleanup does to Surge and
//! Flux is in [`super::cleanup`].)

use crate::action::MechId;
use crate::event::Event;
use crate::state::{Cause, CommandCore, Owed, Stage, Unpaid};
use gridwright_engine::Events;
use serde::{Deserialize, Serialize};

/// How a delta was settled.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Settlement {
    /// Surge gained (positive delta).
    pub gained: u8,
    /// Flux paid.
    pub flux: u8,
    /// Surge paid.
    pub surge: u8,
    /// What could not be paid: that many attack dice against the mech itself.
    pub unpaid: u8,
}

/// Settles `delta` against a mech's `surge` and `flux`.
pub(crate) fn settle(surge: &mut u8, flux: &mut u8, delta: i16) -> Settlement {
    if delta >= 0 {
        let gained = u8::try_from(delta).unwrap_or(u8::MAX);
        *surge = surge.saturating_add(gained);
        return Settlement {
            gained,
            ..Settlement::default()
        };
    }
    let owed = u8::try_from(delta.unsigned_abs()).unwrap_or(u8::MAX);
    let from_flux = owed.min(*flux);
    *flux -= from_flux;
    let from_surge = (owed - from_flux).min(*surge);
    *surge -= from_surge;
    Settlement {
        gained: 0,
        flux: from_flux,
        surge: from_surge,
        unpaid: owed - from_flux - from_surge,
    }
}

impl CommandCore {
    /// Mech `i` owes `dice` attack dice against itself for `unpaid`.
    pub(crate) fn start_self_damage(&mut self, i: usize, dice: u8, unpaid: Unpaid) {
        let owed = Owed {
            mech: i as u8,
            unpaid,
            damage: 0,
            crits: 0,
        };
        self.stage = Stage::SelfDamage { owed, dice };
    }

    /// One batch of the dice a mech rolls against itself: every hit and crit is damage, dealt
    /// once the last batch is rolled.
    pub(crate) fn self_damage_rolled(
        &mut self,
        mut owed: Owed,
        dice: u8,
        crits: u8,
        hits: u8,
        ev: &mut Events<Event>,
    ) {
        let mech = MechId(owed.mech);
        let rolled = dice.min(self.rules.dice.batch);
        ev.emit(|| Event::SelfDamageRolled {
            mech,
            crits,
            hits,
            blanks: rolled - crits - hits,
        });
        owed.damage = owed.damage.saturating_add(crits + hits);
        owed.crits = owed.crits.saturating_add(crits);
        let cause = Cause::Unpaid(owed.unpaid);
        if dice > rolled {
            self.stage = Stage::SelfDamage {
                owed,
                dice: dice - rolled,
            };
        } else if owed.damage > 0 {
            self.apply_damage(owed.mech, owed.damage, owed.crits, cause, ev);
        } else {
            self.resume(cause, ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flux_pays_before_surge() {
        let (mut s, mut f) = (3, 1);
        let r = settle(&mut s, &mut f, -3);
        assert_eq!((r.flux, r.surge, r.unpaid), (1, 2, 0));
        assert_eq!((s, f), (1, 0));
        let r = settle(&mut s, &mut f, -4);
        assert_eq!((r.flux, r.surge, r.unpaid), (0, 1, 3));
        let r = settle(&mut s, &mut f, 2);
        assert_eq!((r.gained, s), (2, 2));
    }
}
