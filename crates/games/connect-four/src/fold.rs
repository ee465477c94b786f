//! The event log as an audit trail ([`EventFold`]): folding the events into the starting
//! observation gives the observation after every move.
//!
//! | event | what it changes in the [`Observation`] |
//! |---|---|
//! | [`Event::Dropped`] | the cell (`column`, `row` from the bottom) gets the seat's disc; the other seat is next |
//! | [`Event::Won`] | the game is over: `winner` is the seat, nobody is next |
//! | [`Event::Draw`] | the game is over with no winner: nobody is next |

use crate::action::Event;
use crate::observe::Observation;
use crate::state::ConnectFour;
use gridwright_engine::{EventFold, Seat, Viewer};

impl EventFold for ConnectFour {
    fn fold_event(_start: &Self, _viewer: Viewer, seen: &mut Observation, event: &Event) {
        match *event {
            Event::Dropped { seat, column, row } => {
                let top_first = seen.board.len().saturating_sub(1 + usize::from(row));
                if let Some(cell) = seen
                    .board
                    .get_mut(top_first)
                    .and_then(|r| r.get_mut(column.index()))
                {
                    *cell = Some(seat);
                }
                seen.next = Some(Seat::new(1 - seat.index().min(1) as u8));
            }
            Event::Won { seat } => {
                seen.winner = Some(seat);
                seen.next = None;
            }
            Event::Draw => seen.next = None,
        }
    }
}
