//! The mulligan: each player, hidden and at once, keeps the opening hand or shuffles it back
//! and draws a fresh one, once (decisions, "Setup and turn"; rule 50).

use crate::config::HAND_SIZE;
use crate::event::Event;
use crate::state::{Phase, SEATS, Starcore};
use gridwright_engine::{Events, Seat};

impl Starcore {
    /// `seat` commits its choice; once both have, the choices are revealed, a player who chose
    /// to mulligan puts the hand back into the deck and owes a new hand, and the Commanders are
    /// placed.
    pub(crate) fn choose_mulligan(&mut self, seat: Seat, mulligan: bool, ev: &mut Events<Event>) {
        let Phase::Mulligan { choices } = &mut self.phase else {
            return;
        };
        choices[seat.index()] = Some(mulligan);
        ev.emit(|| Event::MulliganChosen {
            seat,
            mulligan: Some(mulligan),
        });
        let choices = *choices;
        if choices.iter().any(Option::is_none) {
            return;
        }
        for s in Seat::all(SEATS) {
            if choices[s.index()] == Some(true) {
                let p = &mut self.players[s];
                let hand = std::mem::take(&mut p.hand);
                p.deck.extend(hand);
                p.deck.sort_unstable();
                self.owed[s] = HAND_SIZE;
                ev.emit(|| Event::Mulliganed { seat: s });
            }
        }
        self.phase = Phase::PlaceCommander { seat: self.first };
    }
}
