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
    /// The legal actions of the seat the caller is shown as (`you.viewer`), if it may act now.
    pub legal: Vec<LegalEntry>,
    /// The log index `log` starts at.
    pub log_from: usize,
    /// Log entries from `log_from` on, as the viewer may see them, in the game's shape; after a
    /// resignation, one more entry records it (the seat as actor, no action, `action_text`
    /// `resign`, the sentence `P2 resigned; P1 won` as its one event text).
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub log: Vec<Value>,
    /// The length of the whole log (the resignation's entry included).
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
    /// Who won, in words: `P1 won`, `P1 and P3 won`, `A draw`.
    pub text: String,
    /// How it ended, in words, where the game or the match says (`P2 resigned`, `grid
    /// completed`).
    pub reason: Option<String>,
    /// The seat that resigned, if the match ended so.
    pub resigned: Option<Seat>,
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

/// The declaration files of the web client: `web/types/<name>.d.ts` for the engine's types
/// (`engine`, imported by the others), the server's messages (`server`) and each game with a
/// web view.
///
/// # Errors
/// A name clash within one file.
#[cfg(feature = "ts")]
pub fn typescript_declarations() -> Result<Vec<(String, String)>, String> {
    use gridwright_catalog::typescript::{Files, game_files};
    let mut files = Files::default();
    files.file("server", |d| {
        d.add::<StateMessage>()
            .add::<MatchSummary>()
            .add::<MatchList>()
            .add::<Created>()
            .add::<Joined>()
            .add::<GameList>()
            .add::<ErrorMessage>()
            .add::<PreviewMessage>()
            .add::<HintMessage>()
            .add::<ReplayStepMessage>()
            .add::<WelcomeMessage>()
            .add::<AckMessage>()
            .add::<PongMessage>()
            .add::<LabRun>()
            .add::<LabRunList>()
            .add::<gridwright_catalog::HowToPlay>()
            .add::<gridwright_catalog::Reference>()
            // The engine's `VisibleEntry`, which `GameState` names.
            .add::<gridwright_engine::VisibleEntry<(), ()>>()
            .extra(
                "/** A message the WebSocket sends; an answer to a client message quotes its `id`. */\n\
                 export type WsMessage = (WelcomeMessage | StateMessage | AckMessage | PongMessage | ErrorMessage) & { id?: unknown };\n\
                 /** A legal action of a game with actions `A`, as the server offers it. */\n\
                 export type GameLegal<A> = Omit<LegalEntry, 'action'> & { action: A };\n\
                 /** The `state` message of a game with observation `O`, actions `A` and events `E`. */\n\
                 export type GameState<O, A, E> = StateMessage & { observation: O, legal: Array<GameLegal<A>>, log: Array<VisibleEntry<A, E>> };",
            );
    });
    game_files(&mut files);
    files.finish()
}

/// One match as the lobby and `GET /api/matches/{id}` show it (built in `view.rs`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchSummary {
    /// The match id.
    pub id: String,
    /// The game's short name.
    pub game: String,
    /// The scenario played, if one was named.
    pub scenario: Option<String>,
    /// Where the match stands.
    pub status: Status,
    /// The match's version.
    pub version: u64,
    /// Player moves so far.
    pub moves: u64,
    /// All human seats share one token (one device).
    pub hotseat: bool,
    /// The match's own AI delay, if it sets one.
    pub ai_delay_ms: Option<u64>,
    /// Who acts now (a match in memory; absent from a listing, which reads the store).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub turn: Option<TurnInfo>,
    /// The seats as the public sees them.
    pub seats: Vec<SeatInfo>,
    /// Once finished: who won, in numbers and in words, and how it ended.
    #[cfg_attr(feature = "ts", ts(type = "GameResult | null"))]
    pub result: Option<Value>,
    /// Who aborted the match, if anyone.
    pub aborted_by: Option<AbortedBy>,
    /// How a match that ended before its game was over ended, as a sentence.
    pub ended: Option<String>,
    /// Created, Unix ms.
    pub created_ms: i64,
    /// Last changed, Unix ms.
    pub updated_ms: i64,
    /// Links.
    pub links: MatchLinks,
}

/// The links of a match summary.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchLinks {
    /// The page that watches the match.
    pub spectate: String,
}

/// `GET /api/matches`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchList {
    /// Newest first.
    pub matches: Vec<MatchSummary>,
}

/// A seat as shown to the player who holds it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatGrant {
    /// The seat, from 0.
    pub seat: u8,
    /// Its token (secret, shown once).
    pub token: String,
    /// The page that plays the seat (`/play/{id}#token=…`).
    pub link: String,
    /// The WebSocket path.
    pub ws: String,
}

/// `POST /api/matches`: the new match, its seats' tokens and the creator token.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Created {
    /// The match.
    #[serde(rename = "match")]
    pub match_summary: MatchSummary,
    /// A grant per human seat.
    pub seats: Vec<SeatGrant>,
    /// Lets its holder abort the match (secret, shown once).
    pub creator_token: String,
}

/// `POST /api/matches/{id}/join`: the seat taken, with the match.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Joined {
    /// The seat.
    #[serde(flatten)]
    pub grant: SeatGrant,
    /// The match.
    #[serde(rename = "match")]
    pub match_summary: MatchSummary,
}

/// An AI opponent by strength, as the lobby offers it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StrengthInfo {
    /// `easy`, `normal` or `hard`.
    pub name: String,
    /// `Easy`, `Normal`, `Hard`.
    pub title: String,
    /// The agent spec.
    pub agent: String,
}

/// One game as `GET /api/games` and `GET /api/games/{game}` show it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameEntry {
    /// Short name.
    pub name: String,
    /// Title.
    pub title: String,
    /// One sentence.
    pub summary: String,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
    /// How chance enters the game.
    pub chance: gridwright_engine::ChanceMode,
    /// Perfect or imperfect information.
    pub information: gridwright_engine::Information,
    /// Its rules version.
    pub rules_version: String,
    /// `human` and the agents it offers.
    pub agents: Vec<String>,
    /// The AI opponents by strength, weakest first.
    pub strengths: Vec<StrengthInfo>,
    /// The strength a new AI seat gets by default.
    pub default_strength: String,
    /// Its scenarios (empty when its content does not load: see `content_error`).
    pub scenarios: Vec<gridwright_catalog::ScenarioInfo>,
    /// The decks a creator may pick by name.
    pub decks: Vec<String>,
    /// Why its content does not load, if it does not.
    pub content_error: Option<String>,
}

/// `GET /api/games`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameList {
    /// In display order.
    pub games: Vec<GameEntry>,
}

/// An error, over HTTP and WebSocket alike.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorMessage {
    /// Always `"error"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"error\""))]
    pub kind: &'static str,
    /// The stable code clients switch on (`unknown_match`, `stale_version`, …).
    pub code: &'static str,
    /// What went wrong, as a sentence.
    pub message: String,
    /// With `stale_version`: the match's current version.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub version: Option<u64>,
}

/// `POST /api/matches/{id}/preview`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewMessage {
    /// Always `"preview"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"preview\""))]
    pub kind: &'static str,
    /// The seat the action is for.
    pub seat: Seat,
    /// What the game shows before the action is confirmed (`null`: nothing).
    pub text: Option<String>,
    /// Reserved for structured odds; `null` today.
    #[cfg_attr(feature = "ts", ts(type = "null"))]
    pub odds: Option<Value>,
}

/// `POST /api/matches/{id}/hint`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HintMessage {
    /// Always `"hint"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"hint\""))]
    pub kind: &'static str,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The position: after this many moves.
    pub at: usize,
    /// The seat advised.
    pub seat: Seat,
    /// The search report: every root action with visits, value and policy, and the principal
    /// line, actions in the game's JSON form.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub report: Value,
}

/// `GET /api/matches/{id}/replay/{n}`: a finished match after its first `n` moves.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayStepMessage {
    /// Always `"replay_step"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"replay_step\""))]
    pub kind: &'static str,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// Moves played in this position.
    pub n: usize,
    /// Moves in the whole match.
    pub moves: usize,
    /// The viewer (`null`: a spectator).
    pub viewer: Option<Seat>,
    /// Who acts in this position.
    pub turn: TurnInfo,
    /// The viewer's observation, in the game's shape.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub observation: Value,
    /// The log up to this position, as the viewer may see it, in the game's shape.
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub log: Vec<Value>,
    /// The result, in the last position of a finished match.
    #[cfg_attr(feature = "ts", ts(type = "GameResult | null"))]
    pub result: Option<Value>,
}

/// The WebSocket's answer to `hello`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WelcomeMessage {
    /// Always `"welcome"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"welcome\""))]
    pub kind: &'static str,
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The game's short name.
    pub game: &'static str,
    /// The seats the token holds.
    pub seats: Vec<Seat>,
    /// `player` or `spectator`.
    #[cfg_attr(feature = "ts", ts(type = "\"player\" | \"spectator\""))]
    pub role: &'static str,
}

/// The WebSocket's answer to an `act` or `undo` it applied.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AckMessage {
    /// Always `"ack"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"ack\""))]
    pub kind: &'static str,
    /// What was applied.
    #[cfg_attr(feature = "ts", ts(type = "\"act\" | \"undo\""))]
    pub of: &'static str,
    /// The match's version now.
    pub version: u64,
}

/// The WebSocket's answer to `ping`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PongMessage {
    /// Always `"pong"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"pong\""))]
    pub kind: &'static str,
}

/// A Lab run as the Lab page lists it (`GET /api/lab/runs`), in players' words beside the names.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabRunSummary {
    /// The run's id.
    pub id: String,
    /// The game's short name.
    pub game: String,
    /// The game's title.
    pub game_title: String,
    /// The scenario's name, if one was chosen (else the game's default).
    pub setup: Option<String>,
    /// The scenario's title.
    pub setup_title: Option<String>,
    /// One agent spec per seat.
    pub agents: Vec<String>,
    /// Each seat's agent as players read it (`Random moves`, `Normal AI`).
    pub agent_titles: Vec<String>,
    /// The master seed: game `i` uses `derive_seed(seed, i)`.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seed: u64,
    /// Changes to every variant, `key.path=value` each.
    pub sets: Vec<String>,
    /// The named variants as written (`B=units.knight.health=4`).
    pub variants: Vec<String>,
    /// The sweep as written (`units.knight.health=2..5`), if any.
    pub sweep: Option<String>,
    /// Where it stands.
    pub status: crate::store::LabStatus,
    /// Games played so far (per variant).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub done: u64,
    /// Games asked for (per variant).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
    /// Why it failed or was interrupted, in words.
    pub error: Option<String>,
    /// When it was asked for, Unix milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created_ms: i64,
}

/// One chart of a Lab run's report: an SVG document drawn by the server.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabChart {
    /// The part of the report it belongs to (`Variant B`, `Sweep of units.knight.health`).
    pub section: String,
    /// Its title (`Win rates`, `Game length`).
    pub title: String,
    /// Where to fetch it (`image/svg+xml`); it changes as games arrive.
    pub url: String,
}

/// A Lab run (`GET /api/lab/runs/{id}`, and the answers to starting and cancelling one).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabRun {
    /// What it is and where it stands.
    pub run: LabRunSummary,
    /// The report of the games played so far (`gridwright balance --json`'s document), once
    /// one game is in.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub report: Option<Value>,
    /// Its charts, in the report's order.
    pub charts: Vec<LabChart>,
    /// The token that cancels the run (`Authorization: Bearer …`): only in the answer that
    /// starts it, never again; the server keeps only its hash.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token: Option<String>,
}

/// The newest Lab runs (`GET /api/lab/runs`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabRunList {
    /// Newest first.
    pub runs: Vec<LabRunSummary>,
}
