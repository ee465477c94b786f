// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

/**
 * Who ended a match before its game was over.
 */
export type AbortedBy = "creator" | "operator";

/**
 * How a finished game came out.
 */
export type GameResult = { 
/**
 * Per seat, in `[-1, 1]`.
 */
returns: Array<number>, 
/**
 * Per-seat scores, if the game has them.
 */
scores: Array<number> | null, 
/**
 * The seats with the best return (empty for a draw).
 */
winners: Array<number>, };

/**
 * One legal action offered to the caller.
 */
export type LegalEntry = { 
/**
 * The seat that may play it.
 */
seat: Seat, 
/**
 * The action in the game's JSON form (what the client sends back).
 */
action: unknown, 
/**
 * Its text form.
 */
text: string, };

/**
 * A seat index at the table, `0..Seat::MAX`.
 */
export type Seat = number;

/**
 * A seat as the public sees it: kind, agent and whether taken, never token hashes.
 */
export type SeatInfo = { 
/**
 * The seat, from 0.
 */
seat: number, 
/**
 * Human, open or AI.
 */
kind: SeatKind, 
/**
 * The agent spec of an AI seat.
 */
agent: string | null, 
/**
 * Whether someone holds the seat.
 */
taken: boolean, };

/**
 * Who sits in a seat. The one mapping to text is [`SeatKind::as_str`]/[`SeatKind::parse`]: the
 * store's column, the JSON of a create request (`"kind": "human"`, surrounding blanks allowed)
 * and of a seat in a summary all use it.
 */
export type SeatKind = "human" | "open" | "ai";

/**
 * The `state` message: everything one viewer may know of a match now (built in `view.rs`).
 */
export type StateMessage = { 
/**
 * Always `"state"`.
 */
type: "state", 
/**
 * The match id.
 */
match: string, 
/**
 * The game's short name.
 */
game: string, 
/**
 * Where the match stands.
 */
status: Status, 
/**
 * The match's version (quote it with every action).
 */
version: number, 
/**
 * Player moves so far.
 */
moves: number, 
/**
 * Who acts now.
 */
turn: TurnInfo, 
/**
 * The caller's seats (`null` for a spectator).
 */
you: You | null, 
/**
 * The viewer's observation, in the game's shape.
 */
observation: unknown, 
/**
 * The legal actions of the caller's seats that may act now.
 */
legal: Array<LegalEntry>, 
/**
 * The log index `log` starts at.
 */
log_from: number, 
/**
 * Log entries from `log_from` on, as the viewer may see them, in the game's shape.
 */
log: Array<unknown>, 
/**
 * The length of the whole log.
 */
log_len: number, 
/**
 * Once the game is over: returns, scores, winners.
 */
result: GameResult | null, 
/**
 * Who aborted the match, if anyone.
 */
aborted_by: AbortedBy | null, 
/**
 * How a match that ended before its game was over ended, as a sentence.
 */
ended: string | null, 
/**
 * The seats as the public sees them.
 */
seats: Array<SeatInfo>, };

/**
 * Where a match stands.
 */
export type Status = "open" | "running" | "finished" | "expired" | "aborted";

/**
 * Who acts now, in a form clients can read.
 */
export type TurnInfo = { 
/**
 * `seat`, `simultaneous` or `terminal`.
 */
kind: "seat" | "simultaneous" | "chance" | "terminal", 
/**
 * The seats that may act now.
 */
seats: Array<Seat>, };

/**
 * The caller's seats in a `state` message.
 */
export type You = { 
/**
 * The seats the caller's token holds.
 */
seats: Array<Seat>, 
/**
 * The seat the observation was made for (`null`: a spectator's view).
 */
viewer: Seat | null, };
