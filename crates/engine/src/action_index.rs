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

/// Most dimensions of one [`Block`].
pub const MAX_BLOCK_DIMS: usize = 4;

/// One block of a flat action index: the actions of one kind, numbered in mixed radix over up
/// to [`MAX_BLOCK_DIMS`] dimensions, the last one fastest (row-major). `move unit to (row,
/// col)` over `U` units on a `W × H` map is `Block::new(&[U, H, W])`, and its action with
/// coordinates `[u, row, col]` has number `(u·H + row)·W + col` within the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    dims: [usize; MAX_BLOCK_DIMS],
    rank: usize,
}

impl Block {
    /// A block of one action (`done`, `pass`).
    pub const ONE: Block = Block {
        dims: [1; MAX_BLOCK_DIMS],
        rank: 0,
    };

    /// A block with the sizes `dims` (each coordinate `c[k]` is in `0..dims[k]`). A dimension
    /// of 0 makes the block empty.
    ///
    /// # Panics
    /// If `dims` has more than [`MAX_BLOCK_DIMS`] entries (a bug in the game's table).
    #[must_use]
    #[track_caller]
    pub fn new(dims: &[usize]) -> Block {
        assert!(
            dims.len() <= MAX_BLOCK_DIMS,
            "a block has at most {MAX_BLOCK_DIMS} dimensions, not {}",
            dims.len()
        );
        let mut block = Block::ONE;
        block.dims[..dims.len()].copy_from_slice(dims);
        block.rank = dims.len();
        block
    }

    /// How many indices the block holds (saturating, so a huge table cannot overflow).
    #[must_use]
    pub fn size(&self) -> usize {
        self.dims[..self.rank]
            .iter()
            .fold(1, |n: usize, d| n.saturating_mul(*d))
    }

    /// The number within the block of the coordinates `coords`, or `None` unless there is one
    /// coordinate per dimension, each in range.
    fn encode(&self, coords: &[usize]) -> Option<usize> {
        if coords.len() != self.rank {
            return None;
        }
        let mut n = 0usize;
        for (c, d) in coords.iter().zip(&self.dims) {
            if c >= d {
                return None;
            }
            n = n.checked_mul(*d)?.checked_add(*c)?;
        }
        Some(n)
    }

    /// The coordinates of number `n < size` within the block (unused dimensions are 0).
    fn decode(&self, mut n: usize) -> [usize; MAX_BLOCK_DIMS] {
        let mut coords = [0; MAX_BLOCK_DIMS];
        for k in (0..self.rank).rev() {
            let d = self.dims[k];
            coords[k] = n % d;
            n /= d;
        }
        coords
    }
}

/// Names the blocks of a [`Blocks`] index in their order: `block_names!(PASS, KEEP, MOVE);`
/// declares `const PASS: usize = 0;`, `const KEEP: usize = 1;` and `const MOVE: usize = 2;`, so
/// the numbers cannot fall out of step with the list (see [`Blocks`] for an example).
#[macro_export]
macro_rules! block_names {
    ($($name:ident),+ $(,)?) => {
        $crate::block_names!(@from 0usize; $($name),+);
    };
    (@from $n:expr; $name:ident $(, $rest:ident)*) => {
        const $name: usize = $n;
        $crate::block_names!(@from $name + 1; $($rest),*);
    };
    (@from $n:expr;) => {};
}

/// A flat action index laid out as `B` consecutive [`Block`]s: block `k` starts where block
/// `k − 1` ends. A game's [`ActionIndex`] then is one table of blocks, one `match` from action
/// to `(block, coordinates)` ([`Blocks::encode`]) and one back ([`Blocks::decode`]):
///
/// ```
/// use gridwright_engine::{Block, Blocks, block_names};
/// // `activate u` for 3 units, then `done`, then `move u` to a cell of a 2 × 4 map.
/// block_names!(ACTIVATE, DONE, MOVE);
/// let blocks = Blocks::new([Block::new(&[3]), Block::ONE, Block::new(&[3, 2, 4])]);
/// assert_eq!(blocks.len(), 3 + 1 + 24);
/// assert_eq!(blocks.encode(DONE, &[]), Some(3));
/// assert_eq!(blocks.encode(MOVE, &[1, 1, 2]), Some(4 + 8 + 4 + 2));
/// assert_eq!(blocks.decode(18), Some((MOVE, [1, 1, 2, 0])));
/// assert_eq!(blocks.encode(MOVE, &[3, 0, 0]), None); // no unit 3
/// assert_eq!(blocks.decode(28), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocks<const B: usize> {
    blocks: [Block; B],
    starts: [usize; B],
    len: usize,
}

impl<const B: usize> Blocks<B> {
    /// The index made of `blocks`, in order.
    #[must_use]
    pub fn new(blocks: [Block; B]) -> Self {
        let mut starts = [0; B];
        let mut len = 0usize;
        for (start, block) in starts.iter_mut().zip(&blocks) {
            *start = len;
            len = len.saturating_add(block.size());
        }
        Blocks {
            blocks,
            starts,
            len,
        }
    }

    /// `N`: the indices are `0..N`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the index is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of the action with coordinates `coords` in block `block`, or `None` if there
    /// is no such block or a coordinate is out of range (an action of another config).
    #[must_use]
    pub fn encode(&self, block: usize, coords: &[usize]) -> Option<usize> {
        let n = self.blocks.get(block)?.encode(coords)?;
        self.starts[block].checked_add(n)
    }

    /// The block and coordinates of index `index` (unused dimensions are 0), or `None` if it is
    /// out of range.
    #[must_use]
    pub fn decode(&self, index: usize) -> Option<(usize, [usize; MAX_BLOCK_DIMS])> {
        if index >= self.len {
            return None;
        }
        let k = self
            .starts
            .partition_point(|s| *s <= index)
            .checked_sub(1)?;
        // Empty blocks share their start with the next one: take the last block starting at or
        // before `index`, which is the non-empty one holding it.
        let block = &self.blocks[k];
        Some((k, block.decode(index - self.starts[k])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_number_their_actions_in_order_last_dimension_fastest() {
        // 2 units: hold u (2), then an empty block (no targets), then attack a t (2 × 2), then
        // done, then move u to (row, col) on a 3-wide, 2-high map (2 × 2 × 3).
        let b = Blocks::new([
            Block::new(&[2]),
            Block::new(&[2, 0]),
            Block::new(&[2, 2]),
            Block::ONE,
            Block::new(&[2, 2, 3]),
        ]);
        assert_eq!(b.len(), 2 + 4 + 1 + 12);
        let table = [
            (0, vec![1], 1),
            (2, vec![0, 0], 2),
            (2, vec![1, 0], 4),
            (2, vec![1, 1], 5),
            (3, vec![], 6),
            (4, vec![0, 0, 0], 7),
            (4, vec![0, 1, 2], 7 + 5),
            (4, vec![1, 1, 2], 18),
        ];
        for (block, coords, index) in table {
            assert_eq!(b.encode(block, &coords), Some(index), "{block} {coords:?}");
            let mut full = [0; MAX_BLOCK_DIMS];
            full[..coords.len()].copy_from_slice(&coords);
            assert_eq!(b.decode(index), Some((block, full)), "{index}");
        }
    }

    #[test]
    fn coordinates_out_of_range_and_indices_past_the_end_have_no_action() {
        let b = Blocks::new([Block::new(&[2]), Block::new(&[0]), Block::new(&[3, 4])]);
        assert_eq!(b.len(), 14);
        assert_eq!(b.encode(0, &[2]), None);
        assert_eq!(b.encode(1, &[0]), None);
        assert_eq!(b.encode(2, &[0, 4]), None);
        assert_eq!(b.encode(2, &[0]), None, "too few coordinates");
        assert_eq!(b.encode(3, &[]), None, "no such block");
        assert_eq!(b.decode(14), None);
        assert_eq!(b.decode(usize::MAX), None);
        for i in 0..b.len() {
            let (block, coords) = b.decode(i).unwrap_or_default();
            let rank = if block == 0 { 1 } else { 2 };
            assert_eq!(b.encode(block, &coords[..rank]), Some(i));
        }
    }

    #[test]
    fn huge_blocks_saturate_instead_of_overflowing() {
        let b = Blocks::new([Block::new(&[usize::MAX, 3]), Block::ONE]);
        assert_eq!(b.len(), usize::MAX);
        assert_eq!(b.encode(0, &[usize::MAX - 1, 2]), None);
    }
}
