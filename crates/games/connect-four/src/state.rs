//! The game state and its [`Game`] implementation.

use crate::action::{Action, Column, Event};
use crate::board::{Board, CELLS, ROWS};
use crate::observe::Observation;
use crate::{Config, INFO};
use gridwright_engine::{
    Actor, Events, Game, PerSeat, Seat, SetupError, Turn, Viewer, win_loss_returns,
};

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Status {
    Playing,
    Won(Seat),
    Draw,
}

/// A Connect Four position: the board, whose turn it is and whether the game is over.
///
/// Fields are private, so every value is a position reachable by legal play. It is 32 bytes and
/// cloning it is a plain copy.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ConnectFour {
    board: Board,
    /// Discs played so far; seat `moves % 2` moves next.
    moves: u8,
    status: Status,
}

impl ConnectFour {
    /// Number of rows on the board.
    pub const ROWS: u8 = ROWS;

    /// The empty board with the first seat to move. Same as [`Game::new`] with the default
    /// config, but cannot fail.
    pub fn initial() -> Self {
        ConnectFour {
            board: Board::default(),
            moves: 0,
            status: Status::Playing,
        }
    }

    /// The seat whose turn it is, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        match self.status {
            Status::Playing => Some(self.mover()),
            Status::Won(_) | Status::Draw => None,
        }
    }

    /// The winner, if someone has made four in a row.
    pub fn winner(&self) -> Option<Seat> {
        match self.status {
            Status::Won(s) => Some(s),
            Status::Playing | Status::Draw => None,
        }
    }

    /// Whether the board filled up without a winner.
    pub fn is_draw(&self) -> bool {
        self.status == Status::Draw
    }

    /// Discs dropped so far.
    pub fn moves_played(&self) -> usize {
        usize::from(self.moves)
    }

    /// Discs in `column`.
    pub fn height(&self, column: Column) -> u8 {
        self.board.height(column)
    }

    /// Whose disc is at (`column`, `row`), with rows counted from the bottom, from 0. `None`
    /// for an empty cell or a row off the board.
    pub fn cell(&self, column: Column, row: u8) -> Option<Seat> {
        self.board.cell(column, row)
    }

    /// The seat to move if the game were not over: seats alternate, the first seat starts.
    #[inline]
    fn mover(&self) -> Seat {
        if self.moves & 1 == 0 { P1 } else { P2 }
    }
}

const P1: Seat = Seat::new(0);
const P2: Seat = Seat::new(1);

impl Default for ConnectFour {
    fn default() -> Self {
        ConnectFour::initial()
    }
}

impl Game for ConnectFour {
    gridwright_engine::game_types!();

    fn new(_config: &Config) -> Result<Self, SetupError> {
        Ok(ConnectFour::initial())
    }

    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.status {
            Status::Playing => Turn::Seat(self.mover()),
            Status::Won(_) | Status::Draw => Turn::Terminal,
        }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.status != Status::Playing || seat != self.mover() {
            return;
        }
        // Columns in order, so the list is sorted and unique by construction.
        out.extend(
            Column::all()
                .filter(|&c| !self.board.is_full(c))
                .map(Action::Drop),
        );
    }

    fn chance_outcomes(&self, _out: &mut Vec<(Action, u32)>) {
        // Connect Four has no chance nodes.
    }

    #[inline]
    fn step(&mut self, actor: Actor, action: Action, events: &mut Events<Event>) {
        let seat = self.mover();
        debug_assert_eq!(self.status, Status::Playing, "step after the game ended");
        debug_assert_eq!(actor, Actor::Seat(seat), "step by the wrong actor");
        let column = action.column();
        let (row, won) = self.board.drop_disc(seat, column);
        self.moves += 1;
        events.emit(|| Event::Dropped { seat, column, row });
        if won {
            self.status = Status::Won(seat);
            events.emit(|| Event::Won { seat });
        } else if self.moves == CELLS {
            self.status = Status::Draw;
            events.emit(|| Event::Draw);
        }
    }

    fn returns(&self) -> PerSeat<f64> {
        win_loss_returns(2, self.winner())
    }

    fn observe(&self, _viewer: Viewer) -> Observation {
        // Perfect information: every viewer sees the same.
        Observation::of(self)
    }

    fn max_game_length(&self) -> usize {
        usize::from(CELLS)
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    fn event_text(&self, event: &Event) -> String {
        event.to_string()
    }

    /// Accepts `drop 4` and a bare `4` (case and spacing ignored). A full column parses; the
    /// session then refuses it with the reason from [`Game::explain_illegal`].
    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, String> {
        crate::text::parse_action(text)
    }

    fn explain_illegal(&self, _seat: Seat, action: &Action) -> String {
        let column = action.column();
        if self.board.is_full(column) {
            format!("column {column} is full")
        } else {
            "it is not among the legal actions in this position".to_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_small() {
        assert!(std::mem::size_of::<ConnectFour>() <= 32);
    }
}
