// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

import type { ChanceMode, Information, Seat, VisibleEntry } from './engine';

/**
 * Who ended a match before its game was over.
 */
export type AbortedBy = "creator" | "operator";

/**
 * The WebSocket's answer to an `act` or `undo` it applied.
 */
export type AckMessage = { 
/**
 * Always `"ack"`.
 */
type: "ack", 
/**
 * What was applied.
 */
of: "act" | "undo", 
/**
 * The match's version now.
 */
version: number, };

/**
 * `POST /api/matches`: the new match, its seats' tokens and the creator token.
 */
export type Created = { 
/**
 * The match.
 */
match: MatchSummary, 
/**
 * A grant per human seat.
 */
seats: Array<SeatGrant>, 
/**
 * Lets its holder abort the match (secret, shown once).
 */
creator_token: string, };

/**
 * An error, over HTTP and WebSocket alike.
 */
export type ErrorMessage = { 
/**
 * Always `"error"`.
 */
type: "error", 
/**
 * The stable code clients switch on (`unknown_match`, `stale_version`, …).
 */
code: string, 
/**
 * What went wrong, as a sentence.
 */
message: string, 
/**
 * With `stale_version`: the match's current version.
 */
version?: number, };

/**
 * One game as `GET /api/games` and `GET /api/games/{game}` show it.
 */
export type GameEntry = { 
/**
 * Short name.
 */
name: string, 
/**
 * Title.
 */
title: string, 
/**
 * One sentence.
 */
summary: string, 
/**
 * Fewest seats.
 */
min_seats: number, 
/**
 * Most seats.
 */
max_seats: number, 
/**
 * How chance enters the game.
 */
chance: ChanceMode, 
/**
 * Perfect or imperfect information.
 */
information: Information, 
/**
 * Its rules version.
 */
rules_version: string, 
/**
 * `human` and the agents it offers.
 */
agents: Array<string>, 
/**
 * The AI opponents by strength, weakest first.
 */
strengths: Array<StrengthInfo>, 
/**
 * The strength a new AI seat gets by default.
 */
default_strength: string, 
/**
 * Its scenarios (empty when its content does not load: see `content_error`).
 */
scenarios: Array<ScenarioEntry>, 
/**
 * The decks a creator may pick by name.
 */
decks: Array<string>, 
/**
 * Why its content does not load, if it does not.
 */
content_error: string | null, };

/**
 * `GET /api/games`.
 */
export type GameList = { 
/**
 * In display order.
 */
games: Array<GameEntry>, };

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
winners: Array<number>, 
/**
 * Who won, in words: `P1 won`, `P1 and P3 won`, `A draw`.
 */
text: string, 
/**
 * How it ended, in words, where the game or the match says (`P2 resigned`, `grid
 * completed`).
 */
reason: string | null, 
/**
 * The seat that resigned, if the match ended so.
 */
resigned: Seat | null, };

/**
 * One glossary entry.
 */
export type GlossaryEntry = { 
/**
 * The word as a view shows it (`First Strike`, `DEF`, `Sword`).
 */
term: string, 
/**
 * What it means, in a sentence or two.
 */
text: string, };

/**
 * `POST /api/matches/{id}/hint`.
 */
export type HintMessage = { 
/**
 * Always `"hint"`.
 */
type: "hint", 
/**
 * The match id.
 */
match: string, 
/**
 * The position: after this many moves.
 */
at: number, 
/**
 * The seat advised.
 */
seat: Seat, 
/**
 * The search report: every root action with visits, value and policy, and the principal
 * line, actions in the game's JSON form.
 */
report: unknown, };

/**
 * How to play one game.
 */
export type HowToPlay = { 
/**
 * The page's title (`How to play Starcore`).
 */
title: string, 
/**
 * The rules, a section at a time, in reading order.
 */
sections: Array<HowToPlaySection>, 
/**
 * Every stat, symbol and keyword a view shows, with what it means, sorted as written.
 */
glossary: Array<GlossaryEntry>, };

/**
 * One section of the rules.
 */
export type HowToPlaySection = { 
/**
 * Its heading.
 */
heading: string, 
/**
 * Its paragraphs.
 */
paragraphs: Array<string>, };

/**
 * `POST /api/matches/{id}/join`: the seat taken, with the match.
 */
export type Joined = { 
/**
 * The match.
 */
match: MatchSummary, 
/**
 * The seat, from 0.
 */
seat: number, 
/**
 * Its token (secret, shown once).
 */
token: string, 
/**
 * The page that plays the seat (`/play/{id}#token=…`).
 */
link: string, 
/**
 * The WebSocket path.
 */
ws: string, };

/**
 * One chart of a Lab run's report: an SVG document drawn by the server.
 */
export type LabChart = { 
/**
 * The part of the report it belongs to (`Variant B`, `Sweep of units.knight.health`).
 */
section: string, 
/**
 * Its title (`Win rates`, `Game length`).
 */
title: string, 
/**
 * Where to fetch it (`image/svg+xml`); it changes as games arrive.
 */
url: string, };

/**
 * A Lab run (`GET /api/lab/runs/{id}`, and the answers to starting and cancelling one).
 */
export type LabRun = { 
/**
 * What it is and where it stands.
 */
run: LabRunSummary, 
/**
 * The report of the games played so far (`gridwright balance --json`'s document), once
 * one game is in.
 */
report: unknown, 
/**
 * Its charts, in the report's order.
 */
charts: Array<LabChart>, 
/**
 * The token that cancels the run (`Authorization: Bearer …`): only in the answer that
 * starts it, never again; the server keeps only its hash.
 */
token?: string, };

/**
 * The newest Lab runs (`GET /api/lab/runs`).
 */
export type LabRunList = { 
/**
 * Newest first.
 */
runs: Array<LabRunSummary>, };

/**
 * A Lab run as the Lab page lists it (`GET /api/lab/runs`), in players' words beside the names.
 */
export type LabRunSummary = { 
/**
 * The run's id.
 */
id: string, 
/**
 * The game's short name.
 */
game: string, 
/**
 * The game's title.
 */
game_title: string, 
/**
 * The scenario's name, if one was chosen (else the game's default).
 */
setup: string | null, 
/**
 * The scenario's title.
 */
setup_title: string | null, 
/**
 * One agent spec per seat.
 */
agents: Array<string>, 
/**
 * Each seat's agent as players read it (`Random moves`, `Normal AI`).
 */
agent_titles: Array<string>, 
/**
 * The master seed: game `i` uses `derive_seed(seed, i)`.
 */
seed: number, 
/**
 * Changes to every variant, `key.path=value` each.
 */
sets: Array<string>, 
/**
 * The named variants as written (`B=units.knight.health=4`).
 */
variants: Array<string>, 
/**
 * The sweep as written (`units.knight.health=2..5`), if any.
 */
sweep: string | null, 
/**
 * Where it stands.
 */
status: LabStatus, 
/**
 * Games played so far (per variant).
 */
done: number, 
/**
 * Games asked for (per variant).
 */
total: number, 
/**
 * Why it failed or was interrupted, in words.
 */
error: string | null, 
/**
 * When it was asked for, Unix milliseconds.
 */
created_ms: number, };

/**
 * Where a Lab run stands.
 */
export type LabStatus = "queued" | "running" | "done" | "cancelled" | "failed" | "interrupted";

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
 * The links of a match summary.
 */
export type MatchLinks = { 
/**
 * The page that watches the match.
 */
spectate: string, };

/**
 * `GET /api/matches`.
 */
export type MatchList = { 
/**
 * Newest first.
 */
matches: Array<MatchSummary>, };

/**
 * One match as the lobby and `GET /api/matches/{id}` show it (built in `view.rs`).
 */
export type MatchSummary = { 
/**
 * The match id.
 */
id: string, 
/**
 * The game's short name.
 */
game: string, 
/**
 * The scenario played, if one was named.
 */
scenario: string | null, 
/**
 * Where the match stands.
 */
status: Status, 
/**
 * The match's version.
 */
version: number, 
/**
 * Player moves so far.
 */
moves: number, 
/**
 * All human seats share one token (one device).
 */
hotseat: boolean, 
/**
 * The match's own AI delay, if it sets one.
 */
ai_delay_ms: number | null, 
/**
 * Who acts now (a match in memory; absent from a listing, which reads the store).
 */
turn?: TurnInfo, 
/**
 * The seats as the public sees them.
 */
seats: Array<SeatInfo>, 
/**
 * Once finished: who won, in numbers and in words, and how it ended.
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
 * Created, Unix ms.
 */
created_ms: number, 
/**
 * Last changed, Unix ms.
 */
updated_ms: number, 
/**
 * Links.
 */
links: MatchLinks, };

/**
 * The WebSocket's answer to `ping`.
 */
export type PongMessage = { 
/**
 * Always `"pong"`.
 */
type: "pong", };

/**
 * `POST /api/matches/{id}/preview`.
 */
export type PreviewMessage = { 
/**
 * Always `"preview"`.
 */
type: "preview", 
/**
 * The seat the action is for.
 */
seat: Seat, 
/**
 * What the game shows before the action is confirmed (`null`: nothing).
 */
text: string | null, 
/**
 * Reserved for structured odds; `null` today.
 */
odds: null, };

/**
 * The reference data of one match: groups of entries (cards, units, …) in the order a view
 * lists them.
 */
export type Reference = { 
/**
 * The game's short name.
 */
game: string, 
/**
 * The groups, each one kind of thing.
 */
groups: Array<ReferenceGroup>, };

/**
 * One card, unit type, chassis, weapon or directive.
 */
export type ReferenceEntry = { 
/**
 * The number observations and actions carry for it (Starcore's and Milkomeda's card
 * numbers, Grid Battles' unit type index), if they carry one.
 */
index: number | null, 
/**
 * Its id in the content files (what the text forms of actions use).
 */
id: string, 
/**
 * Its name, as players read it.
 */
name: string, 
/**
 * What kind of thing it is, in words (`Unit (vehicle)`, `Directive, tier D2`).
 */
kind: string, 
/**
 * Its numbers, each a label (a glossary term) and a value.
 */
stats: Array<ReferenceStat>, 
/**
 * Its keywords as players read them (glossary terms), each with its number if it has
 * one (`Execute 2`).
 */
keywords: Array<string>, 
/**
 * What it does, in sentences.
 */
text: Array<string>, 
/**
 * Each of its abilities in words, by the number an action names it with (Starcore's
 * `activate`), where it has any: also among `text`.
 */
abilities?: Array<string>, };

/**
 * One kind of thing a match is played with.
 */
export type ReferenceGroup = { 
/**
 * What the entries are, as a key (`cards`, `units`, `sectors`, `directives`, …).
 */
kind: string, 
/**
 * What players read as the group's heading (`Cards`).
 */
title: string, 
/**
 * The entries, in the order observations number them.
 */
entries: Array<ReferenceEntry>, };

/**
 * One number of an entry.
 */
export type ReferenceStat = { 
/**
 * The stat's name (a glossary term: `HP`, `DEF`, `Movement`).
 */
label: string, 
/**
 * Its value in words or digits (`4`, `lanes 3–5`).
 */
value: string, };

/**
 * `GET /api/matches/{id}/replay/{n}`: a finished match after its first `n` moves.
 */
export type ReplayStepMessage = { 
/**
 * Always `"replay_step"`.
 */
type: "replay_step", 
/**
 * The match id.
 */
match: string, 
/**
 * Moves played in this position.
 */
n: number, 
/**
 * Moves in the whole match.
 */
moves: number, 
/**
 * The viewer (`null`: a spectator).
 */
viewer: Seat | null, 
/**
 * Who acts in this position.
 */
turn: TurnInfo, 
/**
 * The viewer's observation, in the game's shape.
 */
observation: unknown, 
/**
 * The log up to this position, as the viewer may see it, in the game's shape.
 */
log: Array<unknown>, 
/**
 * The result, in the last position of a finished match.
 */
result: GameResult | null, };

/**
 * A scenario as the lobby lists it.
 */
export type ScenarioEntry = { 
/**
 * Its name (what a create request names).
 */
name: string, 
/**
 * Its title.
 */
title: string, 
/**
 * What it is about.
 */
description: string, 
/**
 * Its seats.
 */
seats: number, 
/**
 * A text picture of the board.
 */
preview: string, 
/**
 * The opening board as data, in the game's own shape, where the game offers one.
 */
board?: unknown, };

/**
 * A seat as shown to the player who holds it.
 */
export type SeatGrant = { 
/**
 * The seat, from 0.
 */
seat: number, 
/**
 * Its token (secret, shown once).
 */
token: string, 
/**
 * The page that plays the seat (`/play/{id}#token=…`).
 */
link: string, 
/**
 * The WebSocket path.
 */
ws: string, };

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
 * The legal actions of the seat the caller is shown as (`you.viewer`), if it may act now.
 */
legal: Array<LegalEntry>, 
/**
 * The log index `log` starts at.
 */
log_from: number, 
/**
 * Log entries from `log_from` on, as the viewer may see them, in the game's shape; after a
 * resignation, one more entry records it (the seat as actor, no action, `action_text`
 * `resign`, the sentence `P2 resigned; P1 won` as its one event text).
 */
log: Array<unknown>, 
/**
 * The length of the whole log (the resignation's entry included).
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
 * An AI opponent by strength, as the lobby offers it.
 */
export type StrengthInfo = { 
/**
 * `easy`, `normal` or `hard`.
 */
name: string, 
/**
 * `Easy`, `Normal`, `Hard`.
 */
title: string, 
/**
 * The agent spec.
 */
agent: string, };

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
 * The WebSocket's answer to `hello`.
 */
export type WelcomeMessage = { 
/**
 * Always `"welcome"`.
 */
type: "welcome", 
/**
 * The match id.
 */
match: string, 
/**
 * The game's short name.
 */
game: string, 
/**
 * The seats the token holds.
 */
seats: Array<Seat>, 
/**
 * `player` or `spectator`.
 */
role: "player" | "spectator", };

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

/** A message the WebSocket sends; an answer to a client message quotes its `id`. */
export type WsMessage = (WelcomeMessage | StateMessage | AckMessage | PongMessage | ErrorMessage) & { id?: unknown };
/** A legal action of a game with actions `A`, as the server offers it. */
export type GameLegal<A> = Omit<LegalEntry, 'action'> & { action: A };
/** The `state` message of a game with observation `O`, actions `A` and events `E`. */
export type GameState<O, A, E> = StateMessage & { observation: O, legal: Array<GameLegal<A>>, log: Array<VisibleEntry<A, E>> };
