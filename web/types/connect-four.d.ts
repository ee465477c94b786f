// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

/**
 * A player's move: drop a disc into a column. Its text form is `drop 4` (one-based column);
 * its JSON form is `{"drop":3}` (zero-based).
 */
export type Action = { "drop": Column };

/**
 * Who performed a step: a seat or chance.
 */
export type Actor = { "seat": Seat } | "chance";

/**
 * A column of the board, zero-based inside the code and in JSON (`0..7`), shown one-based to
 * people (`1..=7`), like [`Seat`].
 *
 * # Examples
 * ```
 * use gridwright_connect_four::Column;
 * let c = Column::new(3);
 * assert_eq!(c.number(), 4);
 * assert_eq!(c.to_string(), "4");
 * assert!(Column::try_from(7).is_err());
 * ```
 */
export type Column = number;

/**
 * Something that happened on the board.
 */
export type Event = { "dropped": { 
/**
 * Who dropped it.
 */
seat: Seat, 
/**
 * Where.
 */
column: Column, 
/**
 * The row it came to rest in, counted from the bottom, from 0.
 */
row: number, } } | { "won": { 
/**
 * The winner.
 */
seat: Seat, } } | "draw";

/**
 * The board as people see it. Connect Four has no secrets, so every viewer gets the same.
 *
 * In JSON a cell is the zero-based seat whose disc is there, or `null`:
 * `{"board":[[null,…],…],"next":0,"winner":null}`.
 */
export type Observation = { 
/**
 * Six rows, the **top** row first (as drawn on screen); each row lists columns 1 to 7.
 */
board: Array<Array<Seat | null>>, 
/**
 * The seat to move, or `None` once the game is over.
 */
next: Seat | null, 
/**
 * The winner, if any. A finished game without a winner is a draw.
 */
winner: Seat | null, };

/**
 * A seat index at the table, `0..Seat::MAX`.
 */
export type Seat = number;

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

/** A log entry of this game as a viewer may see it. */
export type LogEntry = VisibleEntry<Action, Event>;
/** A legal action of this game as the server offers it. */
export type Legal = { seat: Seat, action: Action, text: string };
/** The server's `state` message for this game. */
export type State = import('./server').StateMessage & { observation: Observation, legal: Array<Legal>, log: Array<LogEntry> };
