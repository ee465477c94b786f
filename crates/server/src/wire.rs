//! The typed shapes of the messages the browser reads (with feature `ts`, TypeScript
//! declarations are derived from them: `web/types/server.d.ts`). The game-specific parts
//! (observation, actions, log entries) are erased JSON here; each game's declaration file
//! (`web/types/<game>.d.ts`) narrows them (`State`).

use crate::store::{AbortedBy, SeatKind, Status};
use gridwright_catalog::TurnInfo;
use gridwright_engine::Seat;
use serde::Serialize;
use serde_json::Value;

/// The `state` message: everything one viewer may know of a match now (built in `view.rs`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StateMessage {
    /// Always `"state"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"state\""))]
    pub kind: &'static str,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The game's short name.
    pub game: &'static str,
    /// Where the match stands.
    pub status: Status,
    /// The match's version (quote it with every action).
    pub version: u64,
    /// Player moves so far.
    pub moves: usize,
    /// Who acts now.
    pub turn: TurnInfo,
    /// The caller's seats (`null` for a spectator).
    pub you: Option<You>,
    /// The viewer's observation, in the game's shape.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub observation: Value,
    /// The legal actions of the caller's seats that may act now.
    pub legal: Vec<LegalEntry>,
    /// The log index `log` starts at.
    pub log_from: usize,
    /// Log entries from `log_from` on, as the viewer may see them, in the game's shape.
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub log: Vec<Value>,
    /// The length of the whole log.
    pub log_len: usize,
    /// Once the game is over: returns, scores, winners.
    pub result: Option<GameResult>,
    /// Who aborted the match, if anyone.
    pub aborted_by: Option<AbortedBy>,
    /// How a match that ended before its game was over ended, as a sentence.
    pub ended: Option<String>,
    /// The seats as the public sees them.
    pub seats: Vec<SeatInfo>,
}

/// The caller's seats in a `state` message.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct You {
    /// The seats the caller's token holds.
    pub seats: Vec<Seat>,
    /// The seat the observation was made for (`null`: a spectator's view).
    pub viewer: Option<Seat>,
}

/// One legal action offered to the caller.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegalEntry {
    /// The seat that may play it.
    pub seat: Seat,
    /// The action in the game's JSON form (what the client sends back).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub action: Value,
    /// Its text form.
    pub text: String,
}

/// How a finished game came out.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameResult {
    /// Per seat, in `[-1, 1]`.
    pub returns: Vec<f64>,
    /// Per-seat scores, if the game has them.
    pub scores: Option<Vec<f64>>,
    /// The seats with the best return (empty for a draw).
    pub winners: Vec<usize>,
}

/// A seat as the public sees it: kind, agent and whether taken, never token hashes.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatInfo {
    /// The seat, from 0.
    pub seat: u8,
    /// Human, open or AI.
    pub kind: SeatKind,
    /// The agent spec of an AI seat.
    pub agent: Option<String>,
    /// Whether someone holds the seat.
    pub taken: bool,
}

/// The declaration files of the web client: `web/types/<name>.d.ts` for the server's messages
/// (`server`) and each game with a web view.
///
/// # Errors
/// A name clash within one file.
#[cfg(feature = "ts")]
pub fn typescript_declarations() -> Result<Vec<(String, String)>, String> {
    use gridwright_catalog::typescript::{Declarations, HEADER, game_declarations};
    let mut d = Declarations::default();
    d.add::<StateMessage>();
    let mut files = vec![("server".to_owned(), d.finish(HEADER)?)];
    for (game, text) in game_declarations()? {
        files.push((game.to_owned(), text));
    }
    Ok(files)
}
