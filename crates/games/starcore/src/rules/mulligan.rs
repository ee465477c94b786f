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
        let Phase::Mulligan { choices, owed } = &mut self.phase else {
            return;
        };
        choices[seat] = Some(mulligan);
        ev.emit(|| Event::MulliganChosen {
            seat,
            mulligan: Some(mulligan),
        });
        let (choices, mut owed) = (*choices, *owed);
        if choices.iter().any(|(_, c)| c.is_none()) {
            return;
        }
        for s in Seat::all(SEATS) {
            if choices[s] == Some(true) {
                let p = &mut self.players[s];
                let hand = std::mem::take(&mut p.hand);
                p.deck.extend(hand);
                p.deck.sort_unstable();
                owed[s] = HAND_SIZE;
                ev.emit(|| Event::Mulliganed { seat: s });
                ev.emit(|| Event::DrawsOwed {
                    seat: s,
                    cards: HAND_SIZE,
                });
            }
        }
        self.phase = Phase::PlaceCommander {
            seat: self.first,
            owed,
        };
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{Config, HAND_SIZE};
    use crate::content::Content;
    use crate::event::Event;
    use crate::grid::{P1, P2};
    use crate::state::{Phase, Starcore};
    use gridwright_engine::{Actor, Events, Game, Seat, SeatSet, Turn, Viewer};

    fn config() -> Config {
        Content::builtin()
            .and_then(|c| c.config("arc-foundry-vs-iron-vanguard"))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn setup_deals_eight_each_then_a_hidden_simultaneous_mulligan() {
        let mut g = Starcore::new(&config()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.turn(), Turn::Chance);
        g.act("first P2");
        g.draw_owed();
        assert_eq!(g.hand(P1).len(), usize::from(HAND_SIZE));
        assert_eq!(g.hand(P2).len(), usize::from(HAND_SIZE));
        assert_eq!(g.turn(), Turn::Simultaneous(SeatSet::first(2)));
        let mut ev = Events::recording();
        g.apply(Actor::Seat(P1), crate::Action::Mulligan, &mut ev)
            .unwrap_or_else(|e| panic!("{e}"));
        // P2 sees that P1 has chosen, not what.
        let seen = serde_json::to_string(&g.observe(Viewer::Seat(P2))).unwrap_or_default();
        assert!(seen.contains("\"mulligan_committed\":true"));
        assert!(!seen.contains("\"mulligan_choice\":true"));
        let e = &ev.take()[0];
        assert_eq!(
            g.redact_event(e, Viewer::Seat(P2)),
            Some(Event::MulliganChosen {
                seat: P1,
                mulligan: None
            })
        );
        assert!(!g.action_visible_to(Actor::Seat(P1), &crate::Action::Mulligan, Viewer::Seat(P2)));
        let events = {
            let mut ev = Events::recording();
            g.apply(Actor::Seat(P2), crate::Action::Keep, &mut ev)
                .unwrap_or_else(|e| panic!("{e}"));
            ev.take()
        };
        assert!(events.contains(&Event::Mulliganed { seat: P1 }));
        assert!(g.hand(P1).is_empty());
        assert_eq!(g.owed(P1), HAND_SIZE);
        g.draw_owed();
        assert_eq!(g.hand(P1).len(), usize::from(HAND_SIZE));
        // Commanders next, the first player first.
        assert_eq!(
            g.phase,
            Phase::PlaceCommander {
                seat: P2,
                owed: crate::state::no_draws()
            }
        );
        assert_eq!(g.turn(), Turn::Seat(Seat::new(1)));
    }

    #[test]
    fn commanders_are_placed_first_player_first_then_turn_one_begins() {
        let mut g = Starcore::new(&config()).unwrap_or_else(|e| panic!("{e}"));
        g.act("first P1");
        g.draw_owed();
        g.act("keep");
        g.act("keep");
        g.act("commander P1:C4");
        g.act("commander P2:C5");
        assert_eq!(g.turn_number(), 1);
        assert_eq!(g.active(), P1);
        assert_eq!(g.commander_hp()[P1], 30);
        assert_eq!(g.commander_hp()[P2], 30);
    }
}
