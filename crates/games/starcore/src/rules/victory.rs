//! How the game ends: a Commander at 0 HP loses its player the game; a player who must draw
//! from an empty deck loses; the turn limit makes a draw (decisions, "Setup and turn",
//! "Combat"; rule 56 of `docs/rules/starcore.md`).

use crate::event::{EndReason, Event};
use crate::state::{Phase, Starcore};
use gridwright_engine::{Events, Seat};

impl Starcore {
    /// Ends the game.
    pub(crate) fn game_over(
        &mut self,
        winner: Option<Seat>,
        reason: EndReason,
        ev: &mut Events<Event>,
    ) {
        if self.is_over() {
            return;
        }
        // The game is over: what was owed is owed no more.
        self.phase = Phase::Over { winner, reason };
        ev.emit(|| Event::GameOver { winner, reason });
    }

    /// `seat`'s Commander has fallen: the opponent wins.
    pub(crate) fn commander_fell(&mut self, seat: Seat, ev: &mut Events<Event>) {
        self.game_over(
            Some(seat.next(crate::state::SEATS)),
            EndReason::Commander,
            ev,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::fixture;
    use gridwright_engine::{Events, Seat};

    #[test]
    fn a_fallen_commander_ends_the_game_and_says_so() {
        let mut g = fixture("arc-foundry", "iron-vanguard");
        assert_eq!(g.end_reason(), None);
        g.commander_fell(Seat::new(0), &mut Events::recording());
        assert!(g.is_over());
        assert_eq!(g.end_reason(), Some("Commander destroyed"));
    }
}
