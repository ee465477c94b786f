//! The four core actions and when each may be taken (rulebook §7 phase 2 steps 2, 5 and 6, §12
//! M-Brain, §13).
//!
//! - The main action must differ from the action on the player's action marker, unless the
//!   player has an active M-Brain ([`main_action_allowed`]).
//! - A module's action must differ from the main action just taken ([`module_allowed`]).
//! - The marker then records the action taken last in the turn: the module's if one was used
//!   ([`marker_after`]).

use serde::{Deserialize, Serialize};

/// A core action (§8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CoreAction {
    /// Place new sector cards.
    Explore,
    /// Move fleets.
    Move,
    /// Build fleets and structures.
    Build,
    /// Attack fleets or a structure.
    Attack,
}

impl CoreAction {
    /// All four, in the order of the action display.
    pub const ALL: [CoreAction; 4] = [
        CoreAction::Explore,
        CoreAction::Move,
        CoreAction::Build,
        CoreAction::Attack,
    ];

    /// The lower-case word (`explore`, `move`, `build`, `attack`).
    pub const fn word(self) -> &'static str {
        match self {
            CoreAction::Explore => "explore",
            CoreAction::Move => "move",
            CoreAction::Build => "build",
            CoreAction::Attack => "attack",
        }
    }
}

parse_and_display_word!(CoreAction);

/// Whether `action` may be the main action, given the action on the marker (`None` at the
/// start of the game, §4 step 10) and whether the player has an active M-Brain (§12).
pub fn main_action_allowed(action: CoreAction, marker: Option<CoreAction>, mbrain: bool) -> bool {
    mbrain || marker != Some(action)
}

/// The main actions allowed, in display order.
pub fn allowed_main_actions(marker: Option<CoreAction>, mbrain: bool) -> Vec<CoreAction> {
    CoreAction::ALL
        .into_iter()
        .filter(|a| main_action_allowed(*a, marker, mbrain))
        .collect()
}

/// Whether a module granting `module_action` may be activated after `main` (§7 phase 2 step
/// 5, §13): the actions must differ. The M-Brain does not lift this.
pub fn module_allowed(module_action: CoreAction, main: CoreAction) -> bool {
    module_action != main
}

/// The action the marker shows after the turn (§7 phase 2 step 6): the module's action if a
/// module was used (it always comes after the main action), otherwise the main action.
pub fn marker_after(main: CoreAction, module: Option<CoreAction>) -> CoreAction {
    module.unwrap_or(main)
}

#[cfg(test)]
mod tests {
    use super::*;
    use CoreAction::*;

    #[test]
    fn main_action_differs_from_the_marker() {
        assert_eq!(
            allowed_main_actions(Some(Move), false),
            [Explore, Build, Attack]
        );
        assert!(!main_action_allowed(Move, Some(Move), false));
    }

    #[test]
    fn any_main_action_on_the_first_turn() {
        assert_eq!(allowed_main_actions(None, false), CoreAction::ALL);
    }

    #[test]
    fn an_mbrain_allows_repeating_the_main_action() {
        assert!(main_action_allowed(Move, Some(Move), true));
        assert_eq!(allowed_main_actions(Some(Build), true), CoreAction::ALL);
    }

    #[test]
    fn a_module_action_differs_from_the_main_action() {
        assert!(!module_allowed(Attack, Attack));
        assert!(module_allowed(Explore, Attack));
    }

    #[test]
    fn the_marker_records_the_last_action_of_the_turn() {
        assert_eq!(marker_after(Build, None), Build);
        assert_eq!(marker_after(Build, Some(Attack)), Attack);
        // Next turn Attack is barred, Build is allowed again.
        let next = allowed_main_actions(Some(marker_after(Build, Some(Attack))), false);
        assert_eq!(next, [Explore, Move, Build]);
    }

    #[test]
    fn action_words_round_trip() {
        for a in CoreAction::ALL {
            assert_eq!(CoreAction::parse(a.word()), Some(a));
        }
        assert_eq!(CoreAction::parse("fly"), None);
    }
}
