//! The balance report's per-unit statistics ([`Game::log_pieces`](gridwright_engine::Game)):
//! every unit is on the map from the start; a combat roll's hits are the striker's damage dealt
//! and the target's damage taken, and a destroyed unit is the last striker's kill.

use crate::event::Event;
use crate::state::GridBattles;
use gridwright_engine::PieceLog;

impl GridBattles {
    /// Every unit of the scenario, under its unit type's name.
    pub(crate) fn pieces_at_start(&self, log: &mut PieceLog) {
        for (i, u) in self.units[..usize::from(self.n_units)].iter().enumerate() {
            log.enter(
                i as u64,
                u.side,
                &self.rules.config.units[usize::from(u.ty)].name,
            );
        }
    }

    /// Hits and losses of one step.
    pub(crate) fn pieces_of(events: &[Event], log: &mut PieceLog) {
        for e in events {
            match e {
                Event::Rolled {
                    striker,
                    target,
                    hits,
                    ..
                } => {
                    log.source(Some(striker.index() as u64));
                    log.damage(target.index() as u64, u32::from(*hits));
                }
                Event::Destroyed { unit, .. } => log.destroyed(unit.index() as u64),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Content, GridBattles};
    use gridwright_engine::testing::{Sealed, play_randomly};
    use gridwright_engine::{Events, Game, PieceLog, Rng};

    /// Over random games, every hit a report credits to a striker is a hit some unit took,
    /// losses match the units gone from the map, and kills match the losses.
    #[test]
    fn unit_statistics_add_up_over_random_games() {
        let config = Content::builtin().unwrap().config("skirmish").unwrap();
        let mut rng = Rng::seed_from_u64(5);
        for _ in 0..50 {
            let mut g = GridBattles::new(&config).unwrap();
            let mut log = PieceLog::default();
            g.log_pieces_at_start(&mut log);
            play_randomly(
                &mut g,
                &mut rng,
                Sealed::Random,
                &mut Events::recording(),
                |g, events| g.log_pieces(&events.take(), &mut log),
            );
            let p = log.pieces();
            assert_eq!(p.len(), g.unit_count());
            let dealt: u32 = p.iter().map(|x| x.dealt).sum();
            let taken: u32 = p.iter().map(|x| x.taken).sum();
            assert_eq!(dealt, taken);
            let lost = p.iter().filter(|x| x.destroyed).count();
            let alive = (0..g.unit_count())
                .filter(|i| g.unit_hex(crate::UnitId(*i as u8)).is_some())
                .count();
            assert_eq!(lost + alive, g.unit_count());
            assert_eq!(p.iter().map(|x| x.kills as usize).sum::<usize>(), lost);
        }
    }
}
