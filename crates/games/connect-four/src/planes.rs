//! The observation as planes (`ObservationPlanes`), as OpenSpiel's `connect_four` does: three
//! planes of 6 rows × 7 columns, the top row first as the observation draws it.
//!
//! | plane | name | 1 where |
//! |---|---|---|
//! | 0 | `my discs` | the seat's own disc |
//! | 1 | `opponent's discs` | the other seat's disc |
//! | 2 | `empty` | no disc |

use crate::{Config, ConnectFour};
use gridwright_engine::{ObservationPlanes, PlaneInput, PlaneList, Planes};

impl ObservationPlanes for ConnectFour {
    fn board_size(_config: &Config) -> (usize, usize) {
        (usize::from(ConnectFour::ROWS), crate::Column::COUNT)
    }

    fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>) {
        let seat = input.seat;
        for (row, cells) in input.seen.board.iter().enumerate() {
            for (col, cell) in cells.iter().enumerate() {
                let plane = match cell {
                    Some(s) if *s == seat => 0,
                    Some(_) => 1,
                    None => 2,
                };
                out.set(plane, row, col, 1.0);
            }
        }
    }

    type Layout = ();

    fn layout(_config: &Config, list: &mut PlaneList) {
        list.ones(&["my discs", "opponent's discs", "empty"]);
    }
}
