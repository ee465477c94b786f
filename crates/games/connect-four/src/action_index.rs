//! The flat action index: `drop` into column `c` (zero-based) is index `c`, so there are 7.

use crate::{Action, Column, Config, ConnectFour};
use gridwright_engine::ActionIndex;

impl ActionIndex for ConnectFour {
    fn num_distinct_actions(_config: &Config) -> usize {
        Column::COUNT
    }

    fn action_index(_config: &Config, action: &Action) -> Option<usize> {
        Some(action.column().index())
    }

    fn action_from_index(_config: &Config, index: usize) -> Option<Action> {
        u8::try_from(index)
            .ok()
            .and_then(|i| Column::try_from(i).ok())
            .map(Action::Drop)
    }
}
