//! Cleanup (seed, "Cleanup"; `docs/rules/command-core.md` item 29): once every mech has had its
//! chance to attack, all Flux is removed and all Surge becomes Flux; then the game ends at the
//! round limit ([`super::victory`]) or the next round begins with the ordering draft.

use crate::event::Event;
use crate::state::CommandCore;
use gridwright_engine::Events;

/// Removes all Flux, then flips all Surge into Flux.
pub(crate) fn cleanup(surge: &mut u8, flux: &mut u8) {
    *flux = *surge;
    *surge = 0;
}

impl CommandCore {
    pub(crate) fn cleanup(&mut self, ev: &mut Events<Event>) {
        for m in &mut self.mechs[..usize::from(self.n)] {
            cleanup(&mut m.surge, &mut m.flux);
        }
        ev.emit(|| Event::Cleanup { round: self.round });
        if self.round >= self.rules.config.round_limit {
            self.round_limit_reached(ev);
        } else {
            self.begin_round(ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flux_is_cleared_and_surge_becomes_flux() {
        let (mut s, mut f) = (3, 2);
        cleanup(&mut s, &mut f);
        assert_eq!((s, f), (0, 3));
    }
}
