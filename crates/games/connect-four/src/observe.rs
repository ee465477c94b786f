//! What a viewer sees, and the terminal picture of a position.

use crate::action::Column;
use crate::state::ConnectFour;
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The board as people see it. Connect Four has no secrets, so every viewer gets the same.
///
/// In JSON a cell is the zero-based seat whose disc is there, or `null`:
/// `{"board":[[null,…],…],"next":0,"winner":null}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Observation {
    /// Six rows, the **top** row first (as drawn on screen); each row lists columns 1 to 7.
    pub board: Vec<Vec<Option<Seat>>>,
    /// The seat to move, or `None` once the game is over.
    pub next: Option<Seat>,
    /// The winner, if any. A finished game without a winner is a draw.
    pub winner: Option<Seat>,
}

impl Observation {
    /// The observation of `game`.
    pub fn of(game: &ConnectFour) -> Self {
        let board = (0..ConnectFour::ROWS)
            .rev()
            .map(|row| Column::all().map(|c| game.cell(c, row)).collect())
            .collect();
        Observation {
            board,
            next: game.to_move(),
            winner: game.winner(),
        }
    }
}

/// The symbol of a seat's discs on the terminal: `X` for P1, `O` for P2.
pub fn disc_symbol(seat: Seat) -> char {
    if seat.index() == 0 { 'X' } else { 'O' }
}

/// A picture of the board for the terminal, column numbers underneath, and a line saying whose
/// turn it is or how the game ended.
///
/// # Examples
/// ```
/// use gridwright_connect_four::{render, ConnectFour};
/// let picture = render(&ConnectFour::initial());
/// assert!(picture.ends_with("1 2 3 4 5 6 7\nP1 (X) to move\n"));
/// ```
pub fn render(game: &ConnectFour) -> String {
    let mut out = String::new();
    for row in (0..ConnectFour::ROWS).rev() {
        let cells: Vec<String> = Column::all()
            .map(|c| game.cell(c, row).map_or('.', disc_symbol).to_string())
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out.push_str("1 2 3 4 5 6 7\n");
    let _ = match (game.to_move(), game.winner()) {
        (Some(s), _) => writeln!(out, "{s} ({}) to move", disc_symbol(s)),
        (None, Some(w)) => writeln!(out, "{w} ({}) wins", disc_symbol(w)),
        (None, None) => writeln!(out, "draw"),
    };
    out
}
