//! A fixed flat index of a game's player actions, like OpenSpiel's `num_distinct_actions`.

use crate::game::Game;
use crate::seat::Seat;

/// A fixed mapping between a config's player actions and the indices `0..N`.
///
/// Learning agents, the web client and (later) Python bindings want every choice as a number in
/// a range that does not change during a game, so that the legal actions of any state are a
/// mask over that range. [`ActionIndex`] gives that range from the config alone: the same
/// config always has the same [`num_distinct_actions`](ActionIndex::num_distinct_actions) and
/// the same action ↔ index mapping, whatever the state.
///
/// # What is indexed
/// Only player actions. Chance outcomes are listed with their weights by
/// [`Game::chance_outcomes`] and have no index: [`action_index`](ActionIndex::action_index)
/// returns `None` for them.
///
/// # Actions a game does not index (yet)
/// Some action spaces are too large to enumerate (a whole hidden program of cards for a mech).
/// The better answer is to factor such a choice into smaller steps (one card into the next slot,
/// then a step that ends the program), each of which has an index. Failing that, a game may
/// leave such actions out of the index, but it must say so: for them
/// [`ActionIndex::unindexed`] returns the reason, and
/// [`action_index`](ActionIndex::action_index) returns `None`. A mask cannot show such an
/// action; [`ActionIndex::legal_action_mask`] returns how many legal actions it left out, so
/// a caller knows when the mask is not the whole choice. The conformance harness
/// (`testing::check_action_index`, feature `testing`) fails on any legal player action without
/// an index that the game did not declare this way.
///
/// # Example
/// ```
/// # use gridwright_engine::*;
/// # use serde::{Deserialize, Serialize};
/// // A counter game: add 1, 2 or 3; the index is the amount minus 1.
/// # #[derive(Clone, Debug, PartialEq)] struct Add(u8);
/// # impl Game for Add {
/// #     type Config = (); type Action = u8; type Event = u8; type Observation = u8;
/// #     const INFO: GameInfo = GameInfo { short_name: "add", long_name: "Add", summary: "",
/// #         min_seats: 1, max_seats: 1, chance: ChanceMode::Deterministic,
/// #         information: Information::Perfect, rules_version: "1" };
/// #     const ZERO_SUM: bool = false;
/// #     fn new(_: &()) -> Result<Self, SetupError> { Ok(Add(0)) }
/// #     fn num_seats(&self) -> usize { 1 }
/// #     fn turn(&self) -> Turn { if self.0 >= 9 { Turn::Terminal } else { Turn::Seat(Seat::new(0)) } }
/// #     fn legal_actions(&self, s: Seat, out: &mut Vec<u8>) { if self.turn().includes(s) { out.extend(1..=3) } }
/// #     fn chance_outcomes(&self, _: &mut Vec<(u8, u32)>) {}
/// #     fn step(&mut self, _: Actor, a: u8, _: &mut Events<u8>) { self.0 += a }
/// #     fn returns(&self) -> gridwright_engine::PerSeat<f64> { vec![0.0].into() }
/// #     fn observe(&self, _: Viewer) -> u8 { self.0 }
/// #     fn max_game_length(&self) -> usize { 9 }
/// #     fn action_text(&self, a: &u8) -> String { format!("add {a}") }
/// #     fn event_text(&self, e: &u8) -> String { e.to_string() }
/// # }
/// impl ActionIndex for Add {
///     fn num_distinct_actions(_: &()) -> usize { 3 }
///     fn action_index(_: &(), a: &u8) -> Option<usize> {
///         (1..=3).contains(a).then(|| usize::from(*a) - 1)
///     }
///     fn action_from_index(_: &(), i: usize) -> Option<u8> {
///         u8::try_from(i).ok().filter(|i| *i < 3).map(|i| i + 1)
///     }
/// }
/// let game = Add::new(&())?;
/// let mut mask = Vec::new();
/// let left_out = game.legal_action_mask(&(), Seat::new(0), &mut mask);
/// assert_eq!((mask, left_out), (vec![true, true, true], 0));
/// # Ok::<(), SetupError>(())
/// ```
///
/// # Contract
/// Every method depends on the config only, never on a state, so the mapping is the same at
/// every step of every game of that config. Implementations must be cheap (a few arithmetic
/// operations, no search), total (any index, in range or not, gives `Some` or `None`, never a
/// panic) and consistent:
///
/// - `action_index(a) == Some(i)` implies `i < num_distinct_actions()` and
///   `action_from_index(i) == Some(a)`;
/// - `action_from_index(i) == Some(a)` implies `action_index(a) == Some(i)`;
/// - every legal player action has an index unless [`unindexed`](ActionIndex::unindexed)
///   gives the reason it has none; chance outcomes have none.
///
/// Indices need not all be used: an index may stand for an action no state of the config ever
/// allows (a unit moving to a hex it can never reach), as OpenSpiel's do.
pub trait ActionIndex: Game {
    /// The size `N` of the index range `0..N` for `config`.
    fn num_distinct_actions(config: &Self::Config) -> usize;

    /// The index of the player action `action` under `config`, or `None` if it has none (a
    /// chance outcome, an action of another config, or an action the game declares
    /// [`unindexed`](ActionIndex::unindexed)).
    fn action_index(config: &Self::Config, action: &Self::Action) -> Option<usize>;

    /// The player action with index `index` under `config`, or `None` if `index` is out of
    /// range or stands for no action. Never panics.
    fn action_from_index(config: &Self::Config, index: usize) -> Option<Self::Action>;

    /// Why the player action `action` has no index, if the game leaves it out on purpose (see
    /// "Actions a game does not index (yet)" above). Default: every player action has an index.
    fn unindexed(config: &Self::Config, action: &Self::Action) -> Option<&'static str> {
        let _ = (config, action);
        None
    }

    /// Fills `mask` (cleared first) with `num_distinct_actions` flags, `true` at the index of
    /// each legal action of `seat`, and returns how many legal actions of `seat` have no
    /// index and so are not in the mask (0 unless the game declares
    /// [`unindexed`](ActionIndex::unindexed) actions). *(Provided; do not override.)*
    fn legal_action_mask(&self, config: &Self::Config, seat: Seat, mask: &mut Vec<bool>) -> usize {
        mask.clear();
        mask.resize(Self::num_distinct_actions(config), false);
        let mut left_out = 0;
        for a in self.legal_actions_vec(seat) {
            match Self::action_index(config, &a).and_then(|i| mask.get_mut(i)) {
                Some(bit) => *bit = true,
                None => left_out += 1,
            }
        }
        left_out
    }
}
