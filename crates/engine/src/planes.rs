//! Typed observation planes: a seat's observation as a fixed-shape `planes × height × width`
//! tensor laid over the game's board, like OpenSpiel's `ObservationTensor` for Connect Four.

use crate::game::Game;
use crate::seat::{Seat, Viewer};

/// A game's observation of one seat as `planes × height × width` numbers on its board.
///
/// The shape depends on the config only ([`planes_shape`](ObservationPlanes::planes_shape)), so
/// every state of a config gives a tensor of the same shape. Every plane has a name in player
/// words ([`plane_names`](ObservationPlanes::plane_names)). A number that is not on a square of
/// the board (a round, a hand size, a resource) fills its whole plane: a constant plane.
///
/// # Why from the observation?
/// [`encode_planes`](ObservationPlanes::encode_planes) sees only the seat's `Observation`, never
/// the state, so it cannot show a secret that the observation does not: two states the seat
/// cannot tell apart give it the same planes. [`observation_planes`](ObservationPlanes::observation_planes)
/// is the one path from a state to planes.
///
/// # Example
/// ```
/// # use gridwright_engine::*;
/// # #[derive(Clone, Debug, PartialEq)] struct Add(u8);
/// # impl Game for Add {
/// #     type Config = (); type Action = u8; type Event = u8; type Observation = u8;
/// #     const INFO: GameInfo = GameInfo { short_name: "add", long_name: "Add", summary: "",
/// #         min_seats: 1, max_seats: 1, chance: ChanceMode::Deterministic,
/// #         information: Information::Perfect, rules_version: "1" };
/// #     const ZERO_SUM: bool = false;
/// #     fn new(_: &()) -> Result<Self, SetupError> { Ok(Add(0)) }
/// #     fn num_seats(&self) -> usize { 1 }
/// #     fn turn(&self) -> Turn { Turn::Seat(Seat::new(0)) }
/// #     fn legal_actions(&self, _: Seat, out: &mut Vec<u8>) { out.push(1) }
/// #     fn chance_outcomes(&self, _: &mut Vec<(u8, u32)>) {}
/// #     fn step(&mut self, _: Actor, a: u8, _: &mut Events<u8>) { self.0 = (self.0 + a) % 3 }
/// #     fn returns(&self) -> PerSeat<f64> { vec![0.0].into() }
/// #     fn observe(&self, _: Viewer) -> u8 { self.0 }
/// #     fn max_game_length(&self) -> usize { 9 }
/// #     fn action_text(&self, a: &u8) -> String { format!("add {a}") }
/// #     fn event_text(&self, e: &u8) -> String { e.to_string() }
/// # }
/// // A counter 0–2 shown on a board of three squares, one plane: 1 where the counter is.
/// impl ObservationPlanes for Add {
///     type Layout = ();
///     fn layout(_: &(), list: &mut PlaneList) { list.one("counter"); }
///     fn board_size(_: &()) -> (usize, usize) { (1, 3) }
///     fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>) {
///         out.set(0, 0, usize::from(*input.seen), 1.0);
///     }
/// }
/// let mut game = Add::new(&())?;
/// game.step(Actor::Seat(Seat::new(0)), 1, &mut Events::disabled());
/// assert_eq!(Add::planes_shape(&()), [1, 1, 3]);
/// assert_eq!(game.observation_planes(&(), Seat::new(0)), vec![0.0, 1.0, 0.0]);
/// # Ok::<(), SetupError>(())
/// ```
pub trait ObservationPlanes: Game {
    /// Where the encoder finds its planes: typically the first plane of each kind, as
    /// [`layout`](ObservationPlanes::layout) numbers them (`()` for a fixed set).
    type Layout;

    /// Declares the planes of `config` in order, each with its name in player words (`my
    /// units`, `terrain: woods`), into `list` ([`PlaneList::one`], [`PlaneList::many`]), and
    /// returns where they are. The same function gives the names ([`plane_names`](ObservationPlanes::plane_names),
    /// a naming list), the count and the layout the encoder is handed (a counting list, which
    /// builds no string), so an encoder cannot disagree with the names of its planes.
    fn layout(config: &Self::Config, list: &mut PlaneList) -> Self::Layout;

    /// The board's `(height, width)`: rows and columns of every plane.
    fn board_size(config: &Self::Config) -> (usize, usize);

    /// Writes the seat's observation (`input`) into `out`, which is all zeros on entry and has
    /// [`planes_shape`](ObservationPlanes::planes_shape). Must not panic on any observation.
    fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>);

    /// One name per plane, in plane order. *(Provided; do not override.)*
    fn plane_names(config: &Self::Config) -> Vec<String> {
        let mut list = PlaneList::naming();
        Self::layout(config, &mut list);
        list.into_names()
    }

    /// `[planes, height, width]` for `config`. *(Provided; do not override.)*
    fn planes_shape(config: &Self::Config) -> [usize; 3] {
        let (height, width) = Self::board_size(config);
        let mut list = PlaneList::counting();
        Self::layout(config, &mut list);
        [list.len(), height, width]
    }

    /// `seat`'s observation of this state as planes, row-major (`plane`, then row, then
    /// column). *(Provided; do not override.)*
    fn observation_planes(&self, config: &Self::Config, seat: Seat) -> Vec<f32> {
        let shape = Self::planes_shape(config);
        let mut data = vec![0.0; shape.iter().product()];
        self.observation_planes_into(config, seat, &mut data);
        data
    }

    /// As [`observation_planes`](ObservationPlanes::observation_planes), into `data` (its
    /// length must be the shape's product; it is zeroed first). *(Provided; do not override.)*
    fn observation_planes_into(&self, config: &Self::Config, seat: Seat, data: &mut [f32]) {
        let (height, width) = Self::board_size(config);
        let layout = Self::layout(config, &mut PlaneList::counting());
        data.fill(0.0);
        let seen = self.observe(Viewer::Seat(seat));
        let input = PlaneInput {
            config,
            layout: &layout,
            seat,
            seen: &seen,
        };
        Self::encode_planes(&input, &mut Planes::new(data, height, width));
    }
}

/// What an [`ObservationPlanes`] encoder reads: the config, the layout its
/// [`layout`](ObservationPlanes::layout) gave for it, the seat and that seat's observation.
#[derive(Debug)]
pub struct PlaneInput<'a, G: ObservationPlanes> {
    /// The config the planes are laid out for.
    pub config: &'a G::Config,
    /// Where each kind of plane starts, as `layout` numbered them.
    pub layout: &'a G::Layout,
    /// The seat whose planes these are ("my" planes are its).
    pub seat: Seat,
    /// What the seat sees: the only view of the state an encoder has.
    pub seen: &'a G::Observation,
}

/// The buffer an [`ObservationPlanes`] encoder writes into: `planes × height × width` numbers,
/// row-major. Writes outside it are ignored (an encoder never panics on a strange observation).
#[derive(Debug)]
pub struct Planes<'a> {
    data: &'a mut [f32],
    height: usize,
    width: usize,
}

impl<'a> Planes<'a> {
    /// Planes of `height × width` over `data`.
    pub fn new(data: &'a mut [f32], height: usize, width: usize) -> Self {
        Planes {
            data,
            height,
            width,
        }
    }

    fn at(&self, plane: usize, row: usize, col: usize) -> Option<usize> {
        (row < self.height && col < self.width)
            .then(|| (plane * self.height + row) * self.width + col)
            .filter(|i| *i < self.data.len())
    }

    /// Sets one cell.
    pub fn set(&mut self, plane: usize, row: usize, col: usize, value: f32) {
        if let Some(i) = self.at(plane, row, col) {
            self.data[i] = value;
        }
    }

    /// Adds to one cell.
    pub fn add(&mut self, plane: usize, row: usize, col: usize, value: f32) {
        if let Some(i) = self.at(plane, row, col) {
            self.data[i] += value;
        }
    }

    /// Sets every cell of `plane` to `value` (a constant plane).
    pub fn fill(&mut self, plane: usize, value: f32) {
        let n = self.height * self.width;
        let start = (plane * n).min(self.data.len());
        let end = (start + n).min(self.data.len());
        self.data[start..end].fill(value);
    }
}

/// Numbers planes in order as an encoder declares them, and names them when asked: a game's
/// `layout` runs once to name the planes ([`PlaneList::naming`]) and once per encoding
/// to find them ([`PlaneList::counting`], which builds no strings), so the names and the
/// encoder cannot disagree.
#[derive(Debug, Default)]
pub struct PlaneList {
    next: usize,
    names: Option<Vec<String>>,
}

impl PlaneList {
    /// A list that records names.
    pub fn naming() -> Self {
        PlaneList {
            next: 0,
            names: Some(Vec::new()),
        }
    }

    /// A list that only counts.
    pub fn counting() -> Self {
        PlaneList::default()
    }

    /// One plane named `name`; returns its index.
    pub fn one(&mut self, name: &str) -> usize {
        self.many(1, |_| name.to_owned())
    }

    /// One plane per name, in order; returns the first one's index.
    pub fn ones(&mut self, names: &[&str]) -> usize {
        self.many(names.len(), |i| names[i].to_owned())
    }

    /// `n` planes, the `i`-th named `name(i)`; returns the first one's index.
    pub fn many(&mut self, n: usize, name: impl Fn(usize) -> String) -> usize {
        let first = self.next;
        if let Some(names) = &mut self.names {
            names.extend((0..n).map(name));
        }
        self.next += n;
        first
    }

    /// How many planes so far.
    pub fn len(&self) -> usize {
        self.next
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.next == 0
    }

    /// The names (empty for a counting list).
    pub fn into_names(self) -> Vec<String> {
        self.names.unwrap_or_default()
    }
}

/// Scales `value` by `max` into `[0, 1]` for a plane (0 when `max` is 0; values above `max`
/// give 1).
pub fn ratio(value: impl Into<f64>, max: impl Into<f64>) -> f32 {
    let (v, m) = (value.into(), max.into());
    if m <= 0.0 {
        0.0
    } else {
        (v / m).clamp(0.0, 1.0) as f32
    }
}
