// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

import type { Hex, PerSeat, Seat, VisibleEntry } from './engine';

/**
 * A player's choice or a dice roll.
 */
export type Action = { "activate": UnitId } | { "move": { 
/**
 * The moving unit.
 */
unit: UnitId, 
/**
 * Where it ends.
 */
to: Hex, } } | { "hold": UnitId } | { "attack": { 
/**
 * The attacker (an active unit that has not attacked this turn).
 */
unit: UnitId, 
/**
 * The enemy it attacks.
 */
target: UnitId, } } | "done" | { "roll": { 
/**
 * Attack die face index.
 */
attack_face: number, 
/**
 * Defence die face index.
 */
defence_face: number, } };

/**
 * How a unit attacks.
 */
export type AttackKind = "melee" | "ranged";

/**
 * A unit's base type: decides who has the attack bonus against whom.
 */
export type BaseType = "infantry" | "mounted" | "missile";

/**
 * The map and the units on it.
 */
export type Board = { 
/**
 * Columns.
 */
width: number, 
/**
 * Rows.
 */
height: number, 
/**
 * Every hex, column by column, each column top to bottom.
 */
hexes: Array<BoardHex>, 
/**
 * The terrain types the hexes name, with their entry cost and whether they block sight.
 */
terrain: Array<TerrainType>, 
/**
 * The units on the map (destroyed units are not on it), in id order.
 */
units: Array<BoardUnit>, };

/**
 * One hex of the map.
 */
export type BoardHex = { 
/**
 * Printed code, column then row (`0304`).
 */
code: string, 
/**
 * Column, from 0 at the west edge.
 */
col: number, 
/**
 * Row, from 0 at the top; odd columns sit half a row lower.
 */
row: number, 
/**
 * Axial position, as actions name hexes.
 */
hex: Hex, 
/**
 * Terrain type id (`plain`, `woods`, `hill`).
 */
terrain: string, };

/**
 * One unit on the map.
 */
export type BoardUnit = { 
/**
 * The unit's number (as typed in actions).
 */
id: UnitId, 
/**
 * Map label: type letter (upper case for P1, lower case for P2) and number.
 */
label: string, 
/**
 * Owner.
 */
seat: Seat, 
/**
 * Unit type id.
 */
unit_type: string, 
/**
 * Code of the hex it stands on.
 */
at: string, 
/**
 * Axial position.
 */
hex: Hex, 
/**
 * Fresh, activated or fatigued.
 */
status: Status, 
/**
 * Health left.
 */
health: number, 
/**
 * Starting health.
 */
max_health: number, };

/**
 * Why the game ended.
 */
export type EndReason = "victory" | "round_limit";

/**
 * Something that happened.
 */
export type Event = { "event": "turn_started", 
/**
 * The side.
 */
side: Seat, 
/**
 * Units it must activate.
 */
activations: number, } | { "event": "passed", 
/**
 * The side.
 */
side: Seat, } | { "event": "activated", 
/**
 * The unit.
 */
unit: UnitId, } | { "event": "moved", 
/**
 * The unit.
 */
unit: UnitId, 
/**
 * Start hex.
 */
from: Hex, 
/**
 * End hex.
 */
to: Hex, 
/**
 * Movement points spent.
 */
cost: number, } | { "event": "held", 
/**
 * The unit.
 */
unit: UnitId, } | { "event": "attack_declared", 
/**
 * The attacker.
 */
attacker: UnitId, 
/**
 * The defender.
 */
defender: UnitId, 
/**
 * Whether it is a ranged attack (never answered by a counterattack).
 */
ranged: boolean, 
/**
 * Whether the attacker's bonus symbols count.
 */
advantage: boolean, 
/**
 * Whether the defender was bold when the attack was declared.
 */
defender_bold: boolean, } | { "event": "rolled", 
/**
 * The unit rolling its attack die.
 */
striker: UnitId, 
/**
 * The unit rolling its defence die.
 */
target: UnitId, 
/**
 * Whether this is a counterattack.
 */
counterattack: boolean, 
/**
 * Attack die face (zero-based).
 */
attack_face: number, 
/**
 * Defence die face (zero-based).
 */
defence_face: number, 
/**
 * Swords rolled.
 */
swords: number, 
/**
 * Bonus symbols rolled.
 */
bonus: number, 
/**
 * Whether the bonus symbols counted.
 */
advantage: boolean, 
/**
 * Shields rolled.
 */
shields: number, 
/**
 * Hits dealt.
 */
hits: number, 
/**
 * The target's health afterwards.
 */
health: number, } | { "event": "counterattack", 
/**
 * The defender.
 */
unit: UnitId, } | { "event": "destroyed", 
/**
 * The unit.
 */
unit: UnitId, 
/**
 * The side that scores the victory point.
 */
vp_to: Seat, } | { "event": "turn_ended", 
/**
 * The side.
 */
side: Seat, } | { "event": "round_ended", 
/**
 * The round.
 */
round: number, } | { "event": "round_started", 
/**
 * The round.
 */
round: number, 
/**
 * The side that starts it.
 */
first: Seat, } | { "event": "game_over", 
/**
 * The winner, or `None` for a draw.
 */
winner: Seat | null, 
/**
 * Why it ended.
 */
reason: EndReason, 
/**
 * Final victory points of P1 and P2.
 */
vp: PerSeat<number>, };

/**
 * The map in an observation, compactly: one string of terrain letters per row.
 *
 * The hex at column `c`, row `r` (code `format!("{c:02}{r:02}")`) has the terrain whose
 * `letter` is the `c`-th character of `rows[r]`. Odd columns sit half a row lower.
 */
export type MapView = { 
/**
 * Columns.
 */
width: number, 
/**
 * Rows.
 */
height: number, 
/**
 * Terrain letters, one string per row.
 */
rows: Array<string>, 
/**
 * The terrain types the letters stand for.
 */
terrain: Array<TerrainType>, };

/**
 * Everything a player or spectator sees.
 */
export type Observation = { 
/**
 * Scenario name.
 */
scenario: string, 
/**
 * Scenario title.
 */
title: string, 
/**
 * Current round, from 1.
 */
round: number, 
/**
 * Last round.
 */
round_limit: number, 
/**
 * The side whose turn it is.
 */
active: Seat, 
/**
 * The side that started this round.
 */
round_starter: Seat, 
/**
 * The phase.
 */
phase: Phase, 
/**
 * Victory points of P1 and P2.
 */
vp: PerSeat<number>, 
/**
 * Victory points each side needs to win at once.
 */
vp_target: PerSeat<number>, 
/**
 * Side names.
 */
sides: PerSeat<string>, 
/**
 * The map.
 */
map: MapView, 
/**
 * Unit types (statistics, dice) by id.
 */
unit_types: Array<UnitType>, 
/**
 * Every unit, destroyed ones included (ids never change).
 */
units: Array<UnitView>, 
/**
 * The map hex by hex and the units on it, for drawing (see [`Board`]).
 */
board: Board, };

/**
 * The phase of the current turn.
 *
 * Serialized as an object tagged `phase`; a combat shows its roll as the two flags
 * `counterattack` and `counter_due` (see [`RollFlags`]).
 */
export type Phase = { "phase": "activation", 
/**
 * How many more it must activate.
 */
remaining: number, } | { "phase": "movement" } | { "phase": "attack" } | { "phase": "combat", 
/**
 * The unit that declared the attack.
 */
attacker: UnitId, 
/**
 * The unit attacked.
 */
defender: UnitId, 
/**
 * Whether this roll is the defender's counterattack.
 */
counterattack: boolean, 
/**
 * Whether the defender will counterattack if it survives.
 */
counter_due: boolean, } | { "phase": "over", 
/**
 * The winner, or `None` for a draw.
 */
winner: Seat | null, 
/**
 * How it ended.
 */
reason: EndReason, };

/**
 * Where a unit stands in the activation cycle of a round.
 */
export type Status = "fresh" | "activated" | "fatigued";

/**
 * A kind of terrain.
 */
export type TerrainType = { 
/**
 * Name used in content (`plain`, `woods`, `hill`).
 */
id: string, 
/**
 * The letter that stands for it in scenario map rows.
 */
letter: string, 
/**
 * The picture drawn in terminal maps.
 */
glyph: string, 
/**
 * Movement points to enter a hex of it.
 */
cost: number, 
/**
 * Whether it blocks line of sight through it.
 */
blocks_los: boolean, };

/**
 * A unit's number within a battle: P1's units first, in scenario order.
 *
 * Stored zero-based; shown and typed one-based, as in the unit table.
 */
export type UnitId = number;

/**
 * A unit type's statistics.
 */
export type UnitType = { 
/**
 * Name used in scenarios and on the command line (`knight`).
 */
id: string, 
/**
 * Display name (`Knight`).
 */
name: string, 
/**
 * One letter for maps (`K`).
 */
letter: string, 
/**
 * One or more base types.
 */
base: Array<BaseType>, 
/**
 * Melee or ranged.
 */
attack: AttackKind, 
/**
 * How far it shoots, in hexes (1 for melee units).
 */
range: number, 
/**
 * Movement points per activation.
 */
movement: number, 
/**
 * Starting health.
 */
health: number, 
/**
 * Id of the die it attacks with.
 */
attack_die: string, 
/**
 * Id of the die it defends with.
 */
defence_die: string, };

/**
 * One unit in an observation or the unit table.
 */
export type UnitView = { 
/**
 * The unit's number (as typed in actions).
 */
id: UnitId, 
/**
 * Map label: type letter (upper case for P1, lower case for P2) and number, e.g. `K3`.
 */
label: string, 
/**
 * Owner.
 */
side: Seat, 
/**
 * Unit type id.
 */
unit_type: string, 
/**
 * Whether it is still on the map.
 */
alive: boolean, 
/**
 * Where it stands (`None` once destroyed).
 */
at: string | null, 
/**
 * Axial position (`None` once destroyed).
 */
hex: Hex | null, 
/**
 * Health left.
 */
health: number, 
/**
 * Starting health.
 */
max_health: number, 
/**
 * Movement points per activation.
 */
movement: number, 
/**
 * Movement points left this turn.
 */
mp_left: number, 
/**
 * Fresh, activated or fatigued.
 */
status: Status, 
/**
 * Has moved (or held) this turn.
 */
moved: boolean, 
/**
 * Has attacked this turn.
 */
attacked: boolean, 
/**
 * Has at least two friendly units adjacent.
 */
bold: boolean, };

/** A log entry of this game as a viewer may see it. */
export type LogEntry = VisibleEntry<Action, Event>;
/** A legal action of this game as the server offers it. */
export type Legal = import('./server').GameLegal<Action>;
/** The server's `state` message for this game. */
export type State = import('./server').GameState<Observation, Action, Event>;
