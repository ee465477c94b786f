// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

/**
 * Who performed a step: a seat or chance.
 */
export type Actor = { "seat": Seat } | "chance";

/**
 * A 90° quarter around a facing model.
 */
export type Arc = "Front" | "Right" | "Rear" | "Left";

/**
 * How a game uses chance, for documentation and agent selection.
 */
export type ChanceMode = "deterministic" | "explicit";

/**
 * One of the eight compass directions of a square grid, clockwise from north.
 *
 * Doubles as a *facing*: the direction a model points, with [`Dir8::relative`] turning
 * "forward", "left" and so on into compass directions.
 *
 * # Examples
 * ```
 * use gridwright_engine::geom::{Dir8, Relative};
 * assert_eq!(Dir8::N.rotate(3), Dir8::SE);
 * assert_eq!(Dir8::NE.relative(Relative::Left), Dir8::NW);
 * assert!(Dir8::SW.is_diagonal());
 * ```
 */
export type Dir8 = "N" | "NE" | "E" | "SE" | "S" | "SW" | "W" | "NW";

/**
 * A hex on an unbounded grid of flat-topped hexes, in axial coordinates `(q, r)`.
 *
 * Stepping [`HexDir::SE`] adds one to `q`, stepping [`HexDir::S`] adds one to `r`, and the
 * implied third cube coordinate is `s = -q - r` ([`Hex::s`]). Maps printed as column and row use
 * [`Hex::from_offset`], [`Hex::to_offset`], [`Hex::code`] and [`Hex::parse_code`]. Pixel
 * positions are a presentation matter and live in the client, not here.
 *
 * # Why axial coordinates?
 * Printed maps number hexes by column and row ("offset" coordinates), but in offset
 * coordinates the neighbours of a hex depend on whether its column is odd or even, so
 * distances, lines and areas all need parity special cases. Axial coordinates are a plain
 * 2-D lattice: a direction is a fixed vector, distance is one formula, and a line is linear
 * interpolation. They are the cube coordinates `(q, r, s)` with `q + r + s = 0`, storing two
 * and deriving the third, so the type is small and every value is a valid hex. Offset codes
 * are converted only at the edges: content files and displays.
 *
 * # Examples
 * ```
 * use gridwright_engine::geom::{Hex, HexDir};
 * let a = Hex::parse_code("0304").unwrap();
 * let b = a.neighbor(HexDir::S).neighbor(HexDir::SE);
 * assert_eq!(a.distance(b), 2);
 * assert_eq!(b.code(), "0406");
 * ```
 */
export type Hex = { 
/**
 * Axial column coordinate: grows towards the south-east (and, with `r`, eastward).
 */
q: number, 
/**
 * Axial row coordinate: grows towards the south.
 */
r: number, };

/**
 * Whether every seat sees the whole state.
 */
export type Information = "perfect" | "imperfect";

/**
 * One value per seat, indexed by [`Seat`] rather than a bare `usize`.
 */
export type PerSeat<T> = Array<T>;

/**
 * A seat index at the table, `0..Seat::MAX`.
 */
export type Seat = number;

/**
 * Who is looking: one seat, or a spectator who sees only public information.
 */
export type Viewer = { "seat": Seat } | "spectator";

/**
 * What one viewer may see of a log entry, of a game with actions `A` and events `E`
 * (`VisibleEntry<G::Action, G::Event>`; generic over the two rather than the game so that the
 * web client's type declarations can name it per game).
 */
export type VisibleEntry<A, E> = { 
/**
 * Position in the log.
 */
index: number, 
/**
 * Who acted.
 */
actor: Actor, 
/**
 * The action, if this viewer may see it.
 */
action: A | null, 
/**
 * The action's text form, if visible.
 */
action_text: string | null, 
/**
 * The events this viewer may see, redacted by the game.
 */
events: Array<E>, 
/**
 * Their text forms.
 */
event_texts: Array<string>, };
