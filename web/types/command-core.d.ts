// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

import type { Arc, Dir8, Seat, Viewer, VisibleEntry } from './engine';

/**
 * A player's choice or a chance outcome. At most 8 bytes.
 */
export type Action = { "chooser": Seat } | { "place_first": boolean } | { "deploy": { 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Where.
 */
at: Pos, 
/**
 * Its facing.
 */
facing: Dir8, } } | { "assign": { 
/**
 * The number.
 */
number: number, 
/**
 * The mech.
 */
mech: MechId, } } | { "program": { 
/**
 * The mech being programmed.
 */
mech: MechId, 
/**
 * The card and its orientation.
 */
card: SlotCard, } } | { "leave": { 
/**
 * The mech being programmed.
 */
mech: MechId, } } | { "fill": { 
/**
 * The executing mech.
 */
mech: MechId, 
/**
 * The card and its orientation.
 */
card: SlotCard, } } | { "attack_dice": { 
/**
 * Crits.
 */
crits: number, 
/**
 * Hits.
 */
hits: number, } } | { "armour_dice": { 
/**
 * Blocks.
 */
blocks: number, } } | { "evade_dice": { 
/**
 * Evades.
 */
evades: number, } } | { "fire": { 
/**
 * The attacker.
 */
mech: MechId, 
/**
 * Weapon index.
 */
weapon: number, } } | { "aim": { 
/**
 * The target.
 */
target: MechId, } } | "hold_fire" | { "reroll": { 
/**
 * The pool.
 */
pool: Pool, 
/**
 * The face it shows now.
 */
face: Face, } } | { "rerolled": Face } | "keep" | { "reveal": { 
/**
 * The damaged mech.
 */
mech: MechId, 
/**
 * The cards revealed.
 */
cards: CardSet, } } | { "put_back": { 
/**
 * The damaged mech.
 */
mech: MechId, 
/**
 * The card.
 */
card: Card, } } | { "deplete": { 
/**
 * The damaged mech.
 */
mech: MechId, 
/**
 * The card.
 */
card: Card, } };

/**
 * The attack being resolved.
 */
export type AttackView = { 
/**
 * The attacker.
 */
attacker: MechId, 
/**
 * The target.
 */
target: MechId, 
/**
 * Weapon index.
 */
weapon: number, 
/**
 * The target's arc the attacker stands in.
 */
arc: Arc, 
/**
 * Attack dice: crit, hit, blank.
 */
attack: DiceView, 
/**
 * Armour dice: block, blank.
 */
armour: DiceView, 
/**
 * Evade dice: evade, blank.
 */
evade: DiceView, };

/**
 * A card attached to a mech: a weapon or a directive (zero-based index into the chassis' list).
 */
export type Card = { "weapon": number } | { "directive": number };

/**
 * A set of one mech's cards (weapons and directives), as a bit set. JSON: a list of [`Card`]s.
 */
export type CardSet = Array<{ "weapon": number } | { "directive": number }>;

/**
 * A crit being resolved.
 */
export type CritView = { 
/**
 * The damaged mech.
 */
mech: MechId, 
/**
 * The attacker, or `None` for self-inflicted damage.
 */
attacker: MechId | null, 
/**
 * Crits still to resolve, this one included.
 */
crits: number, 
/**
 * Revealed cards still in the pool (put-back ones removed).
 */
revealed: CardSet, 
/**
 * Targeting tokens spent on this crit.
 */
put_back: number, };

/**
 * One pool of dice in the attack being resolved.
 */
export type DiceView = { 
/**
 * Counts by face, in [`Face::of`](crate::Face::of) order (success first, blank last).
 */
faces: Array<number>, 
/**
 * Of those, how many were already rerolled (by the same order).
 */
rerolled: Array<number>, };

/**
 * Why the game ended.
 */
export type EndReason = "destruction" | "round_limit";

/**
 * Something that happened.
 */
export type Event = { "event": "chooser_drawn", 
/**
 * The seat.
 */
seat: Seat, } | { "event": "placement_order", 
/**
 * The first placer.
 */
first: Seat, } | { "event": "deployed", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Where.
 */
at: Pos, 
/**
 * Facing.
 */
facing: Dir8, } | { "event": "round_started", 
/**
 * Its number, from 1.
 */
round: number, 
/**
 * Who drafts first.
 */
first_drafter: Seat, } | { "event": "assigned", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Its number.
 */
number: number, } | { "event": "passed", 
/**
 * The seat.
 */
seat: Seat, } | { "event": "programming_started" } | { "event": "programmed", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * The slot (zero-based).
 */
slot: number, 
/**
 * The card put there, or `None` if the slot was left empty.
 */
card: SlotCard | null, } | { "event": "committed", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * The program.
 */
program: Program, } | { "event": "execution_started", 
/**
 * Each live mech's program size, in mech order.
 */
programs: Array<SealedProgram>, } | { "event": "revealed", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Its program as committed.
 */
program: Program, } | { "event": "filled", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * The slot (zero-based).
 */
slot: number, 
/**
 * The card.
 */
card: SlotCard, } | { "event": "moved", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * From.
 */
from: Pos, 
/**
 * To.
 */
to: Pos, } | { "event": "turned", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Its new facing.
 */
facing: Dir8, } | { "event": "held", 
/**
 * The mech.
 */
mech: MechId, } | { "event": "targeted", 
/**
 * The mech.
 */
mech: MechId, } | { "event": "stopped", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * The slot of the card (zero-based).
 */
slot: number, 
/**
 * The icon.
 */
icon: Icon, 
/**
 * Whether the move led off the board (otherwise into another mech).
 */
off_board: boolean, } | { "event": "delta", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * The delta.
 */
delta: number, 
/**
 * How far each slot got.
 */
status: [SlotStatus, SlotStatus, SlotStatus, SlotStatus], 
/**
 * Surge gained or Flux/Surge paid, and what was left unpaid.
 */
settlement: Settlement, } | { "event": "self_damage_rolled", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Crits.
 */
crits: number, 
/**
 * Hits.
 */
hits: number, 
/**
 * Blanks.
 */
blanks: number, } | { "event": "combat_started" } | { "event": "no_target", 
/**
 * The mech.
 */
mech: MechId, } | { "event": "held_fire", 
/**
 * The mech.
 */
mech: MechId, } | { "event": "fired", 
/**
 * The attacker.
 */
mech: MechId, 
/**
 * Weapon index.
 */
weapon: number, 
/**
 * The weapon delta's settlement.
 */
settlement: Settlement, } | { "event": "aimed", 
/**
 * The attacker.
 */
mech: MechId, 
/**
 * The target.
 */
target: MechId, 
/**
 * Distance.
 */
distance: number, 
/**
 * The target's arc the attacker stands in (its armour there counts).
 */
arc: Arc, } | { "event": "attack_rolled", 
/**
 * Crits.
 */
crits: number, 
/**
 * Hits.
 */
hits: number, 
/**
 * Blanks.
 */
blanks: number, } | { "event": "defence_rolled", 
/**
 * Armour or evade.
 */
pool: Pool, 
/**
 * Blocks or evades.
 */
successes: number, 
/**
 * Blanks.
 */
blanks: number, } | { "event": "picked_up", 
/**
 * Who paid for it.
 */
mech: MechId, 
/**
 * Its pool.
 */
pool: Pool, 
/**
 * What it showed.
 */
face: Face, } | { "event": "rerolled", 
/**
 * Who paid for it.
 */
mech: MechId, 
/**
 * Its pool.
 */
pool: Pool, 
/**
 * What it showed.
 */
from: Face, 
/**
 * What it shows now.
 */
to: Face, } | { "event": "cancelled", 
/**
 * Crits rolled.
 */
crits: number, 
/**
 * Hits rolled.
 */
hits: number, 
/**
 * Blocks rolled.
 */
blocks: number, 
/**
 * Evades rolled.
 */
evades: number, 
/**
 * Uncancelled results: structure damage.
 */
damage: number, 
/**
 * Uncancelled crits: crit resolutions.
 */
crits_left: number, } | { "event": "damaged", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Damage.
 */
amount: number, 
/**
 * Structure left.
 */
structure: number, } | { "event": "destroyed", 
/**
 * The mech.
 */
mech: MechId, } | { "event": "cards_revealed", 
/**
 * The damaged mech.
 */
mech: MechId, 
/**
 * The cards.
 */
cards: CardSet, } | { "event": "put_back", 
/**
 * The damaged mech.
 */
mech: MechId, 
/**
 * The card.
 */
card: Card, } | { "event": "depleted", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * The card.
 */
card: Card, } | { "event": "cleanup", 
/**
 * The round that ended.
 */
round: number, } | { "event": "next", 
/**
 * The phase.
 */
phase: Phase, 
/**
 * Seats that may act now.
 */
to_act: Array<Seat>, 
/**
 * The attack being resolved, if any.
 */
attack: AttackView | null, 
/**
 * The crit being resolved, if any.
 */
crit: CritView | null, } | { "event": "game_over", 
/**
 * The winner, or `None` for a draw.
 */
winner: Seat | null, 
/**
 * Why.
 */
reason: EndReason, };

/**
 * What one die shows.
 */
export type Face = "crit" | "hit" | "block" | "evade" | "blank";

/**
 * Where a side may deploy.
 */
export type HomeEdge = "any" | "north" | "south" | "east" | "west";

/**
 * One icon on a directive: a move or turn relative to the mech's facing, a stop, or a target.
 */
export type Icon = "forward" | "back" | "left" | "right" | "turn-left-45" | "turn-right-45" | "turn-left-90" | "turn-right-90" | "stop" | "target";

/**
 * One side of a scenario.
 */
export type MapSide = { 
/**
 * The seat that plays it.
 */
seat: Seat, 
/**
 * Its name.
 */
name: string, 
/**
 * Where it deploys.
 */
home_edge: HomeEdge, 
/**
 * The squares it may deploy on, row by row.
 */
deploy: Array<Pos>, 
/**
 * Its mechs, in id order.
 */
mechs: Array<RosterMech>, };

/**
 * A mech's number within a game: P1's mechs first, in scenario order. Zero-based in JSON, shown
 * one-based.
 */
export type MechId = number;

/**
 * One mech as a viewer sees it.
 */
export type MechView = { 
/**
 * Its id.
 */
id: MechId, 
/**
 * Its owner.
 */
owner: Seat, 
/**
 * Chassis id.
 */
chassis: string, 
/**
 * Chassis display name.
 */
name: string, 
/**
 * Chassis letter.
 */
letter: string, 
/**
 * Whether it has been deployed.
 */
deployed: boolean, 
/**
 * Whether it has been destroyed.
 */
destroyed: boolean, 
/**
 * Square, while on the board.
 */
at: Pos | null, 
/**
 * Facing, while on the board.
 */
facing: Dir8 | null, 
/**
 * Structure left.
 */
structure: number, 
/**
 * Starting structure.
 */
max_structure: number, 
/**
 * Surge.
 */
surge: number, 
/**
 * Flux.
 */
flux: number, 
/**
 * Targeting tokens.
 */
tokens: number, 
/**
 * Ordering number this round.
 */
order: number | null, 
/**
 * Depleted cards.
 */
depleted: CardSet, 
/**
 * Its chassis' weapons (public data).
 */
weapons: Array<WeaponView>, 
/**
 * Its chassis' directive slots (public data): the most cards its program may hold.
 */
slots: number, 
/**
 * Whether its program for this round is sealed: the owner sees it at once, the others
 * once every program is sealed.
 */
committed: boolean, 
/**
 * How many cards the sealed program holds (as `committed`; random fills count once made).
 */
committed_cards: number | null, 
/**
 * While its owner is building its program (programming phase, its turn among the owner's
 * mechs), to the owner only: how many cards are in it so far.
 */
draft_cards: number | null, 
/**
 * As `draft_cards`: how many of its slots are decided so far (a card, or left empty).
 */
draft_slots: number | null, 
/**
 * The program: the owner's own (committed or being built), or anyone's once revealed.
 */
program: Program | null, 
/**
 * Whether its program has been revealed this round.
 */
revealed: boolean, 
/**
 * Whether it has executed this round.
 */
executed: boolean, };

/**
 * What a viewer sees.
 */
export type Observation = { 
/**
 * Who is looking.
 */
viewer: Viewer, 
/**
 * Scenario name.
 */
scenario: string, 
/**
 * Scenario title.
 */
title: string, 
/**
 * Board columns.
 */
width: number, 
/**
 * Board rows.
 */
height: number, 
/**
 * Round (0 during setup).
 */
round: number, 
/**
 * Round limit.
 */
round_limit: number, 
/**
 * The phase.
 */
phase: Phase, 
/**
 * Seats that may act now.
 */
to_act: Array<Seat>, 
/**
 * The two sides.
 */
sides: Array<SideView>, 
/**
 * Every mech.
 */
mechs: Array<MechView>, 
/**
 * The attack being resolved, if any.
 */
attack: AttackView | null, 
/**
 * The crit being resolved, if any.
 */
crit: CritView | null, };

/**
 * Where the game is. Public information only.
 */
export type Phase = { "phase": "draw_chooser" } | { "phase": "choose_placement_order", 
/**
 * The seat choosing.
 */
chooser: Seat, } | { "phase": "deploy", 
/**
 * The seat deploying.
 */
seat: Seat, } | { "phase": "ordering", 
/**
 * The seat drafting.
 */
seat: Seat, } | { "phase": "programming" } | { "phase": "fill", 
/**
 * The executing mech.
 */
mech: MechId, 
/**
 * The slot being filled.
 */
slot: number, } | { "phase": "self_damage", 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Dice still to roll.
 */
dice: number, } | { "phase": "choose_attack", 
/**
 * The attacker.
 */
mech: MechId, } | { "phase": "choose_target", 
/**
 * The attacker.
 */
mech: MechId, 
/**
 * The weapon it fires.
 */
weapon: number, } | { "phase": "attack_roll" } | { "phase": "attack_reroll" } | { "phase": "armour_roll" } | { "phase": "evade_roll" } | { "phase": "defence_reroll" } | { "phase": "reroll_die", 
/**
 * Its pool.
 */
pool: Pool, } | { "phase": "crit_reveal", 
/**
 * The damaged mech.
 */
mech: MechId, } | { "phase": "crit_put_back", 
/**
 * The damaged mech.
 */
mech: MechId, } | { "phase": "crit_deplete", 
/**
 * The damaged mech.
 */
mech: MechId, } | { "phase": "over", 
/**
 * The winner, or `None` for a draw.
 */
winner: Seat | null, 
/**
 * How it ended.
 */
reason: EndReason, };

/**
 * Which dice pool a reroll is for.
 */
export type Pool = "attack" | "armour" | "evade";

/**
 * A board square: `x` column from the west, `y` row from the north, both zero-based. Written
 * `e1` (column letter, row number from the top).
 */
export type Pos = { 
/**
 * Column, from 0 (west).
 */
x: number, 
/**
 * Row, from 0 (north).
 */
y: number, };

/**
 * A program: one slot per directive slot, at most [`MAX_SLOTS`]. More cards than that cannot be
 * written down: the JSON form refuses a longer list.
 */
export type Program = Array<{ 
/**
 * Zero-based index into the chassis' directives.
 */
card: number, 
/**
 * Whether the second half is on top (split cards only).
 */
flipped: boolean, } | null>;

/**
 * A mech of a side's roster, before deployment.
 */
export type RosterMech = { 
/**
 * The id the mech will have in the game.
 */
id: MechId, 
/**
 * Chassis id.
 */
chassis: string, 
/**
 * Chassis display name.
 */
name: string, 
/**
 * Chassis letter.
 */
letter: string, };

/**
 * A scenario's board before the game starts (nothing is placed yet: mechs deploy in play).
 */
export type ScenarioMap = { 
/**
 * Board columns.
 */
width: number, 
/**
 * Board rows.
 */
height: number, 
/**
 * Rounds.
 */
round_limit: number, 
/**
 * The two sides.
 */
sides: Array<MapSide>, };

/**
 * How many cards a sealed program holds, shown to all once every program is sealed.
 */
export type SealedProgram = { 
/**
 * The mech.
 */
mech: MechId, 
/**
 * Cards placed (the other slots are filled at random when it executes).
 */
cards: number, };

/**
 * How a delta was settled.
 */
export type Settlement = { 
/**
 * Surge gained (positive delta).
 */
gained: number, 
/**
 * Flux paid.
 */
flux: number, 
/**
 * Surge paid.
 */
surge: number, 
/**
 * What could not be paid: that many attack dice against the mech itself.
 */
unpaid: number, };

/**
 * One side.
 */
export type SideView = { 
/**
 * The seat.
 */
seat: Seat, 
/**
 * Its name.
 */
name: string, 
/**
 * Where it deploys.
 */
home_edge: HomeEdge, 
/**
 * Total remaining structure.
 */
structure: number, };

/**
 * The JSON shape of a filled slot.
 */
export type SlotCard = { 
/**
 * Zero-based index into the chassis' directives.
 */
card: number, 
/**
 * Whether the second half is on top (split cards only).
 */
flipped: boolean, };

/**
 * How far a slot's directive got.
 */
export type SlotStatus = "empty" | "completed" | "incomplete" | "unexecuted";

/**
 * One weapon of a mech, as printed on its chassis, plus whether it is depleted now.
 *
 * A target is in reach when its Chebyshev distance is within `range` and it stands in one of
 * `arcs` of the firing mech (the engine's [`arc_of`](gridwright_engine::geom::arc_of): 90°
 * cones, the 45° and 135° boundaries belonging to the front and rear arcs).
 */
export type WeaponView = { 
/**
 * Index on the chassis (the `weapon` of a fire action).
 */
index: number, 
/**
 * Id, used in action texts.
 */
id: string, 
/**
 * Display name.
 */
name: string, 
/**
 * Attack dice.
 */
attack: number, 
/**
 * Range band `[min, max]` in Chebyshev squares, both ends included.
 */
range: [number, number], 
/**
 * Arcs, relative to the mech's facing, a target may stand in.
 */
arcs: Array<Arc>, 
/**
 * The weapon's delta (paid like a directive delta before the attack).
 */
delta: number, 
/**
 * Whether it is depleted (a depleted weapon cannot fire).
 */
depleted: boolean, };

/** A log entry of this game as a viewer may see it. */
export type LogEntry = VisibleEntry<Action, Event>;
/** A legal action of this game as the server offers it. */
export type Legal = import('./server').GameLegal<Action>;
/** The server's `state` message for this game. */
export type State = import('./server').GameState<Observation, Action, Event>;
