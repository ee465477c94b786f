// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

import type { Seat, VisibleEntry } from './engine';

/**
 * A player's move: drop a disc into a column. Its text form is `drop 4` (one-based column);
 * its JSON form is `{"drop":3}` (zero-based).
 */
export type Action = { "drop": Column };

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

/** A log entry of this game as a viewer may see it. */
export type LogEntry = VisibleEntry<Action, Event>;
/** A legal action of this game as the server offers it. */
export type Legal = import('./server').GameLegal<Action>;
/** The server's `state` message for this game. */
export type State = import('./server').GameState<Observation, Action, Event>;
