// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

import type { Seat, Viewer, VisibleEntry } from './engine';

/**
 * A player's choice or a chance outcome.
 */
export type Action = { "first_player": Seat } | { "draw": [Seat, CardId] } | { "roll": [number, number] } | "keep" | "mulligan" | { "place_commander": Tile } | { "move": { 
/**
 * Where the card stands.
 */
from: Tile, 
/**
 * Where it goes.
 */
to: Tile, } } | { "deploy": { 
/**
 * The card.
 */
card: CardId, 
/**
 * The tile.
 */
tile: Tile, 
/**
 * For a Module: the Module's face (from its owner's seat) towards its host.
 */
host: Face | null, } } | { "play": { 
/**
 * The card.
 */
card: CardId, 
/**
 * What it is aimed at.
 */
aim: Aim, } } | { "attack": { 
/**
 * The attacker's tile.
 */
from: Tile, 
/**
 * The target's tile.
 */
target: Tile, } } | { "activate": { 
/**
 * The card's tile.
 */
tile: Tile, 
/**
 * The ability's position in the card's list.
 */
ability: number, 
/**
 * What it is aimed at.
 */
aim: Aim, } } | "pass";

/**
 * What an Action card is aimed at when it is played (rule 66 of `docs/rules/starcore.md`).
 */
export type Aim = "none" | { "tile": Tile } | { "lane": Lane } | { "frame": number };

/**
 * A place off the battlefield where a player's cards can be (Grid seed, "Off-Board Areas";
 * the hand is where drawn cards wait). Each player has one of each. The seed's dice and
 * counters areas hold no cards, so they are not places.
 */
export type Area = "deck" | "hand" | "scrapyard" | "void" | "commander_area";

/**
 * A card of the game's pool: its index in the config's `cards` list (at most 255 cards).
 */
export type CardId = number;

/**
 * How long a stat change or granted keyword lasts.
 */
export type Duration = "end_of_turn" | "permanent";

/**
 * Why the game ended.
 */
export type EndReason = "commander" | "deck_out" | "turn_limit";

/**
 * Something that happened.
 */
export type Event = { "event": "first_player", 
/**
 * Who plays first.
 */
seat: Seat, } | { "event": "drew", 
/**
 * Who drew.
 */
seat: Seat, 
/**
 * The card, for those who may see it.
 */
card: CardId | null, } | { "event": "mulligan_chosen", 
/**
 * Who chose.
 */
seat: Seat, 
/**
 * `Some(true)` for a mulligan, for those who may see it.
 */
mulligan: boolean | null, } | { "event": "mulliganed", 
/**
 * Who.
 */
seat: Seat, } | { "event": "commander_placed", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * Where.
 */
tile: Tile, } | { "event": "turn_began", 
/**
 * Whose turn.
 */
seat: Seat, 
/**
 * The turn number (1 = the first player's first turn).
 */
turn: number, 
/**
 * The pool after Generate.
 */
pool: Resources, } | { "event": "step_began", 
/**
 * The step.
 */
step: TurnStep, } | { "event": "moved", 
/**
 * From.
 */
from: Tile, 
/**
 * The empty tile a two-step move passed through (`None` for one step).
 */
via: Tile | null, 
/**
 * To.
 */
to: Tile, } | { "event": "paid", 
/**
 * Who.
 */
seat: Seat, 
/**
 * What.
 */
cost: Resources, 
/**
 * What the player may still spend afterwards.
 */
pool: Resources, } | { "event": "pool", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * What the player may spend now.
 */
pool: Resources, } | { "event": "networks", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * Each network: its tiles (in tile order) and what its Cores produce a turn.
 */
networks: Array<[Array<Tile>, Resources]>, } | { "event": "deploy_declared", 
/**
 * Who.
 */
seat: Seat, 
/**
 * The card.
 */
card: CardId, 
/**
 * Where it will enter.
 */
tile: Tile, } | { "event": "action_played", 
/**
 * Who.
 */
seat: Seat, 
/**
 * The card.
 */
card: CardId, 
/**
 * Its aim.
 */
aim: Aim, } | { "event": "attack_declared", 
/**
 * The attacker.
 */
from: Tile, 
/**
 * The target.
 */
target: Tile, 
/**
 * Whether it is a First Strike answering an attack.
 */
first_strike: boolean, } | { "event": "activated", 
/**
 * The card's tile.
 */
tile: Tile, 
/**
 * The card.
 */
card: CardId, 
/**
 * The ability's position in the card's list.
 */
ability: number, } | { "event": "passed", 
/**
 * Who passed.
 */
seat: Seat, } | { "event": "fizzled", 
/**
 * Whose frame.
 */
seat: Seat, 
/**
 * Its card (the attacker's for an attack).
 */
card: CardId, } | { "event": "countered", 
/**
 * The cancelled Action's owner.
 */
seat: Seat, 
/**
 * The cancelled Action.
 */
card: CardId, 
/**
 * Its position on the stack (0 = bottom).
 */
frame: number, } | { "event": "scrapped", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The card.
 */
card: CardId, } | { "event": "entered", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The card.
 */
card: CardId, 
/**
 * Where.
 */
tile: Tile, } | { "event": "mounted", 
/**
 * The Module's tile.
 */
module: Tile, 
/**
 * Its host, or `None` when it lost it.
 */
host: Tile | null, } | { "event": "rolled", 
/**
 * The dice.
 */
dice: [number, number], 
/**
 * The total needed (10 + DEF).
 */
needed: number, 
/**
 * Whether it hit.
 */
hit: boolean, 
/**
 * Whether it was a critical (doubles).
 */
critical: boolean, } | { "event": "damaged", 
/**
 * Where.
 */
tile: Tile, 
/**
 * Shield points removed.
 */
shield: number, 
/**
 * HP lost.
 */
hp: number, } | { "event": "healed", 
/**
 * Where.
 */
tile: Tile, 
/**
 * HP regained.
 */
hp: number, } | { "event": "shielded", 
/**
 * Where.
 */
tile: Tile, 
/**
 * Points.
 */
points: number, } | { "event": "modified", 
/**
 * Where.
 */
tile: Tile, 
/**
 * The stat.
 */
stat: Stat, 
/**
 * By how much.
 */
by: number, 
/**
 * Until when.
 */
until: Duration, } | { "event": "granted", 
/**
 * Where.
 */
tile: Tile, 
/**
 * The keyword.
 */
keyword: Keyword, 
/**
 * Until when.
 */
until: Duration, } | { "event": "shield_reset", 
/**
 * Where.
 */
tile: Tile, 
/**
 * Its Shield points now.
 */
points: number, } | { "event": "stats", 
/**
 * Where.
 */
tile: Tile, 
/**
 * HP left and the HP stat.
 */
hp: [number, number], 
/**
 * DMG now.
 */
dmg: number, 
/**
 * DEF now.
 */
def: number, 
/**
 * Movement now.
 */
movement: number, 
/**
 * Every keyword it has now.
 */
keywords: Array<Keyword>, } | { "event": "linked", 
/**
 * The lower tile.
 */
a: Tile, 
/**
 * The higher tile.
 */
b: Tile, } | { "event": "unlinked", 
/**
 * The lower tile.
 */
a: Tile, 
/**
 * The higher tile.
 */
b: Tile, } | { "event": "draws_owed", 
/**
 * Who.
 */
seat: Seat, 
/**
 * How many more.
 */
cards: number, } | { "event": "phase_changed", 
/**
 * Where the game is now.
 */
phase: PhaseView, } | { "event": "destroyed", 
/**
 * Where it stood.
 */
tile: Tile, 
/**
 * The card.
 */
card: CardId, 
/**
 * Where it went.
 */
to: Area, } | { "event": "gained", 
/**
 * Who.
 */
seat: Seat, 
/**
 * What.
 */
resources: Resources, 
/**
 * What the player may spend now.
 */
pool: Resources, } | { "event": "salvaged", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The card.
 */
card: CardId, } | { "event": "turn_ended", 
/**
 * Whose turn it was.
 */
seat: Seat, } | { "event": "game_over", 
/**
 * The winner, or `None` for a draw.
 */
winner: Seat | null, 
/**
 * Why.
 */
reason: EndReason, };

/**
 * One face of a card, named from its owner's seat.
 */
export type Face = "top" | "right" | "bottom" | "left";

/**
 * A frame of the response stack (public).
 */
export type FrameView = { "frame": "deploy", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The card.
 */
card: CardId, 
/**
 * Where.
 */
tile: Tile, } | { "frame": "action", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The card.
 */
card: CardId, 
/**
 * Its aim.
 */
aim: Aim, 
/**
 * Cancelled by a Counter.
 */
countered: boolean, } | { "frame": "attack", 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The attacker.
 */
from: Tile, 
/**
 * The target.
 */
target: Tile, 
/**
 * A First Strike.
 */
first_strike: boolean, };

/**
 * A keyword: a rule a card simply has, with its number or fields.
 */
export type Keyword = "splash" | "pierce" | { "execute": number } | { "flank": number } | { "zone_flank": number } | { "zone_dominance": { 
/**
 * The zone held and buffed.
 */
zone: Zone, 
/**
 * Tiles of the zone (both grids, 24 in all) that must hold an owner's card.
 */
tiles: number, 
/**
 * The stat changed.
 */
stat: Stat, 
/**
 * The change.
 */
amount: number, } } | { "sector_lock": { 
/**
 * The sector whose cards are protected.
 */
protect: Sector, 
/**
 * The sector attacks cannot come from.
 */
from: Sector, } } | { "aura": { 
/**
 * Whose cards.
 */
side: Side, 
/**
 * The stat changed.
 */
stat: Stat, 
/**
 * The change.
 */
amount: number, } } | "taunt" | "first_strike" | { "heal": number } | { "shield": number } | "salvage";

/**
 * A lane, numbered 1–8 as people count them.
 */
export type Lane = number;

/**
 * What a viewer sees.
 */
export type Observation = { 
/**
 * Who looks.
 */
viewer: Viewer, 
/**
 * Where the game is.
 */
phase: PhaseView, 
/**
 * Whose turn.
 */
active: Seat, 
/**
 * Turns begun.
 */
turn: number, 
/**
 * Every card on the board, in tile order.
 */
board: Array<PieceView>, 
/**
 * Pairs of linked tiles.
 */
links: Array<[Tile, Tile]>, 
/**
 * Each player, P1 first.
 */
players: Array<PlayerView>, 
/**
 * The response stack, bottom first.
 */
stack: Array<FrameView>, 
/**
 * Who holds the response window.
 */
responder: Seat | null, };

/**
 * The public name of where the game is.
 */
export type PhaseView = { "phase": "coin_flip" } | { "phase": "drawing" } | { "phase": "mulligan" } | { "phase": "place_commander", 
/**
 * By whom.
 */
seat: Seat, } | { "phase": "turn", 
/**
 * The step.
 */
step: TurnStep, } | { "phase": "rolling" } | { "phase": "over", 
/**
 * The winner.
 */
winner: Seat | null, 
/**
 * Why.
 */
reason: EndReason, };

/**
 * A card on the board as everyone sees it.
 */
export type PieceView = { 
/**
 * Its tile.
 */
tile: Tile, 
/**
 * Its owner.
 */
owner: Seat, 
/**
 * The card.
 */
card: CardId, 
/**
 * The card's id string.
 */
id: string, 
/**
 * HP left and the HP stat.
 */
hp: [number, number], 
/**
 * Shield points.
 */
shield: number, 
/**
 * DMG, DEF and Movement now.
 */
dmg: number, 
/**
 * DEF now.
 */
def: number, 
/**
 * Movement now.
 */
movement: number, 
/**
 * Moved this turn.
 */
moved: boolean, 
/**
 * Attacked this turn.
 */
attacked: boolean, 
/**
 * The host a Module serves.
 */
host: Tile | null, 
/**
 * The keywords it has now.
 */
keywords: Array<Keyword>, };

/**
 * One player's side as a viewer sees it.
 */
export type PlayerView = { 
/**
 * Cards in hand.
 */
hand_count: number, 
/**
 * The hand itself, for its owner only.
 */
hand: Array<CardId> | null, 
/**
 * Cards in the deck.
 */
deck_count: number, 
/**
 * The Scrapyard, oldest first.
 */
scrapyard: Array<CardId>, 
/**
 * The Void.
 */
void: Array<CardId>, 
/**
 * What the player may spend now.
 */
pool: Resources, 
/**
 * Cards placed this turn.
 */
placed: number, 
/**
 * Draws still owed.
 */
owed: number, 
/**
 * During the mulligan: whether the choice is committed.
 */
mulligan_committed: boolean, 
/**
 * During the mulligan: the committed choice (`true` = mulligan), for its owner only.
 */
mulligan_choice: boolean | null, 
/**
 * The player's networks as [`crate::Event::Networks`] states them: each network with more
 * than one card or an output, its tiles in tile order and what its Cores produce a turn.
 */
networks: Array<[Array<Tile>, Resources]>, };

/**
 * An amount of each resource type.
 */
export type Resources = [number, number, number, number];

/**
 * A sector: a zone cut by depth. S1/S2 are the A and B rows of Z1/Z2, S3/S4 the C row
 * (Grid seed, "Sectors" and its `get_sector`).
 */
export type Sector = "S1" | "S2" | "S3" | "S4";

/**
 * Which cards, seen from the card that has the word.
 */
export type Side = "friendly" | "enemy" | "any";

/**
 * A number on a card that adjusts a stat.
 */
export type Stat = "dmg" | "hp" | "def" | "movement";

/**
 * One tile of the battlefield: a seat's grid, a row and a lane. It cannot be off the board.
 *
 * Text form `P2:B5` (the grid's owner, then row and lane as the seed writes them).
 */
export type Tile = string;

/**
 * A step of a turn (decisions, "Setup and turn"; Generate, Cleanup and Draw happen by
 * themselves).
 */
export type TurnStep = "orders" | "build" | "combat";

/**
 * A zone: the left (Z1, lanes 1–4) or right (Z2, lanes 5–8) half of a grid's lanes.
 */
export type Zone = "Z1" | "Z2";

/** A log entry of this game as a viewer may see it. */
export type LogEntry = VisibleEntry<Action, Event>;
/** A legal action of this game as the server offers it. */
export type Legal = import('./server').GameLegal<Action>;
/** The server's `state` message for this game. */
export type State = import('./server').GameState<Observation, Action, Event>;
