//! Text forms of actions and events, and the action parser: what players type and read.
//!
//! Every game keeps these in its `text.rs`; the [`Game`](gridwright_engine::Game)
//! implementation only delegates here.

use crate::action::{Action, Column, Event};
use std::fmt;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Drop(c) => write!(f, "drop {c}"),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Dropped { seat, column, row } => {
                write!(f, "{seat} drops into column {column}, row {}", row + 1)
            }
            Event::Won { seat } => write!(f, "{seat} wins with four in a row"),
            Event::Draw => f.write_str("the board is full: draw"),
        }
    }
}

impl crate::ConnectFour {
    /// How a finished game ended, in words players read: `four in a row` or `board full`
    /// (`None` while it goes on).
    pub fn end_reason(&self) -> Option<&'static str> {
        if self.winner().is_some() {
            Some("four in a row")
        } else if self.is_draw() {
            Some("board full")
        } else {
            None
        }
    }
}

/// Reads `drop 4` or a bare `4` (case and spacing ignored). Checks only that the column exists;
/// the game decides whether it is full.
pub(crate) fn parse_action(text: &str) -> Result<Action, String> {
    let text = gridwright_engine::normalize(text);
    let number = text
        .strip_prefix("drop")
        .unwrap_or(&text)
        .trim()
        .parse::<u8>()
        .map_err(|_| format!("`{text}` is not a move: type `drop` and a column, e.g. `drop 4`"))?;
    Column::from_number(number)
        .map(Action::Drop)
        .ok_or_else(|| format!("there is no column {number}: columns are 1 to 7"))
}
