//! The flat action index: `drop` into column `c` (zero-based) is index `c`, so there are 7.

use crate::{Action, Column, Config, ConnectFour};
use gridwright_engine::{ActionIndex, Block, Blocks, block_names};

// One block: `drop c` for the seven columns, index `c - 1`.
block_names!(DROP);

fn blocks() -> Blocks<1> {
    Blocks::new([Block::new(&[Column::COUNT])])
}

impl ActionIndex for ConnectFour {
    fn num_distinct_actions(_config: &Config) -> usize {
        blocks().len()
    }

    fn action_index(_config: &Config, action: &Action) -> Option<usize> {
        match *action {
            Action::Drop(column) => blocks().encode(DROP, &[column.index()]),
        }
    }

    fn action_from_index(_config: &Config, index: usize) -> Option<Action> {
        match blocks().decode(index)? {
            (DROP, [c, ..]) => Column::try_from(u8::try_from(c).ok()?)
                .ok()
                .map(Action::Drop),
            _ => None,
        }
    }
}
