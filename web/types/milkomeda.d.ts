// Generated from the Rust types by ts-rs (crates/catalog/src/typescript.rs); do not edit.
// Regenerate: cargo test -p gridwright-server --test integration bless_web_types -- --ignored

import type { Seat, Viewer, VisibleEntry } from './engine';

/**
 * A player's choice or a chance outcome. Every multi-part choice (an explore, a move, a
 * fleet roster, a hit allocation, the Master's distribution) is made one small step at a
 * time, so each legal-action list stays short and every action has a flat index.
 */
export type Action = { "card": number } | { "deal": number } | { "die": Pip } | { "probe": Space } | { "launch": number } | { "place": { 
/**
 * The sector card.
 */
card: SectorId, 
/**
 * Where.
 */
space: Space, 
/**
 * How it is turned.
 */
rotation: Rotation, } } | { "offer": Condition } | "withdraw" | "keep" | { "refresh": RefreshChoice } | { "give": Seat } | { "bonus": Resource } | { "main": CoreAction } | "pass" | { "boost": number } | { "move_fleets": { 
/**
 * Origin sector.
 */
from: Space, 
/**
 * Destination.
 */
to: Space, 
/**
 * How many.
 */
count: number, } } | { "build_fleets": { 
/**
 * Fleets placed in the homeworld (0 to 2).
 */
home: number, 
/**
 * Bit `i` set: one fleet in the sector of the player's `i`-th Outpost.
 */
outposts: number, } } | { "build_structure": { 
/**
 * Which structure.
 */
structure: Structure, 
/**
 * Where.
 */
space: Space, } } | { "attack_fleets": { 
/**
 * Origin sector.
 */
from: Space, 
/**
 * Target sector.
 */
to: Space, 
/**
 * Fleets sent.
 */
count: number, } } | { "attack_structure": { 
/**
 * The target sector.
 */
target: Space, 
/**
 * The structure's owner.
 */
owner: Seat, 
/**
 * Which structure.
 */
structure: Structure, } } | "done" | "engage" | { "module": Position } | "no_module" | { "claim": { 
/**
 * Card of the row (0 to 4).
 */
card: number, 
/**
 * Slot of the card.
 */
slot: number, } } | "end_turn" | { "ships": number } | { "hits": number } | { "mark_ship": Seat } | { "propose": Seat } | "transfer" | { "add_bribe": Resource };

/**
 * An order card meant for, or given to, a seat.
 */
export type CardTo = { 
/**
 * The seat.
 */
seat: Seat, 
/**
 * The card.
 */
card: OrderCard, };

/**
 * Where a combat stands (§9.A).
 */
export type CombatStep = { "kind": "configure" } | { "kind": "roll" } | { "kind": "allocate" } | { "kind": "mark" };

/**
 * A combat. The log's `stage` event holds it with its stage as text
 * ([`CombatRecord`](crate::CombatRecord)); the observation's is a [`CombatStep`].
 */
export type CombatView<S = CombatStep> = { 
/**
 * Where.
 */
sector: Space, 
/**
 * Who attacked.
 */
attacker: Seat, 
/**
 * Fleets each seat brought.
 */
fleets_in: Array<number>, 
/**
 * Where it stands.
 */
stage: S, 
/**
 * Round (from 0).
 */
round: number, 
/**
 * Revealed rosters (empty while configuring).
 */
rosters: Array<Roster>, 
/**
 * The faces each seat's dice showed this round, in the order rolled (empty until the
 * seat has rolled all its dice).
 */
faces: Array<Array<Pip>>, 
/**
 * Hits rolled this round.
 */
hits: Array<number>, 
/**
 * Revealed allocations (empty until revealed).
 */
allocations: Array<Roster>, 
/**
 * The viewer's own sealed choice so far, while sealing.
 */
own_sealed: [number, number, number, number, number] | null, 
/**
 * Who still owes a sealed choice.
 */
owing: Array<Seat>, 
/**
 * Marks so far this round.
 */
marked: Array<Roster>, };

/**
 * What an offer asks of the Master (or a transfer's note says it is for): never empty.
 */
export type Condition = { "card": OrderCard } | { "refresh": RefreshChoice } | { "both": [OrderCard, RefreshChoice] };

/**
 * A core action (§8).
 */
export type CoreAction = "explore" | "move" | "build" | "attack";

/**
 * A directive card: its index in the config's `directives` (at most `MAX_CARDS`).
 */
export type DirectiveId = number;

/**
 * Why the game ended.
 */
export type EndTrigger = { "grid_completed": { 
/**
 * The exploring seat.
 */
by: Seat, } } | { "objectives_completed": { 
/**
 * The claiming seat.
 */
by: Seat, } } | "round_limit" | "no_progress";

/**
 * Something that happened.
 */
export type Event = { "objective_revealed": { 
/**
 * The card.
 */
card: ObjectiveId, } } | { "slot_filled": { 
/**
 * The position.
 */
position: Position, 
/**
 * True for the directive slot, false for the module slot.
 */
directive: boolean, 
/**
 * The card.
 */
card: number | null, } } | { "slot_discarded": { 
/**
 * The position.
 */
position: Position, 
/**
 * True for the directive slot, false for the module slot.
 */
directive: boolean, 
/**
 * The card discarded.
 */
card: number, } } | { "tier_reshuffled": { 
/**
 * True for a directive tier.
 */
directive: boolean, 
/**
 * 1 to 3.
 */
tier: number, } } | { "sector_drawn": { 
/**
 * Who explores.
 */
seat: Seat, 
/**
 * The card.
 */
card: SectorId, } } | { "sector_placed": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Card.
 */
card: SectorId, 
/**
 * Where.
 */
space: Space, 
/**
 * Turned.
 */
rotation: Rotation, 
/**
 * Green paid.
 */
cost: number, } } | { "sectors_returned": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * The cards.
 */
cards: Array<SectorId>, } } | { "round_started": { 
/**
 * Round number from 1.
 */
round: number, 
/**
 * The Master of the Order (none in the first round).
 */
master: Seat | null, } } | { "master_drew": { 
/**
 * The Master.
 */
master: Seat, 
/**
 * The cards drawn, in the order the Master gives them out.
 */
cards: Array<OrderCard>, } } | { "proposed": { 
/**
 * The card.
 */
card: OrderCard, 
/**
 * For whom.
 */
seat: Seat, } } | { "transferred": { 
/**
 * Who paid what (the whole payment), and the note.
 */
transfer: Transfer, 
/**
 * The payer's storage after it.
 */
payer_storage: Resources, 
/**
 * The Master's storage after it.
 */
master_storage: Resources, } } | { "offer_posted": { 
/**
 * The offer.
 */
offer: Offer, } } | { "offer_withdrawn": { 
/**
 * The payer.
 */
payer: Seat, } } | { "refreshed": { 
/**
 * The choice.
 */
choice: RefreshChoice, } } | { "given": { 
/**
 * The card.
 */
card: OrderCard, 
/**
 * To whom.
 */
seat: Seat, } } | { "offer_settled": { 
/**
 * The offer.
 */
offer: Offer, 
/**
 * Paid or why it lapsed.
 */
settlement: Settlement, } } | { "orders_revealed": { 
/**
 * Each seat's card, seat order.
 */
cards: Array<OrderCard>, 
/**
 * The turn order.
 */
order: Array<Seat>, } } | { "turn_started": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Income.
 */
income: Resources, 
/**
 * M-Brain bonus resources to choose.
 */
bonus: number, } } | { "bonus_taken": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Which.
 */
resource: Resource, } } | { "action_chosen": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Which.
 */
action: CoreAction, 
/**
 * The module's position, if a module.
 */
module: Position | null, 
/**
 * Resources paid to start it (module cost) or gained (Quantum Sentinels).
 */
paid: Resources, } } | { "passed": { 
/**
 * Who.
 */
seat: Seat, } } | { "boosted": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Resource spent.
 */
resource: Resource, 
/**
 * How much.
 */
amount: number, } } | { "moved": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * From.
 */
from: Space, 
/**
 * To.
 */
to: Space, 
/**
 * How many.
 */
count: number, 
/**
 * Who controls the destination after the move.
 */
control: Seat | null, } } | { "fleets_built": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Where.
 */
space: Space, 
/**
 * How many.
 */
count: number, } } | { "structure_built": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Which.
 */
structure: Structure, 
/**
 * Where.
 */
space: Space, 
/**
 * Paid.
 */
cost: Resources, } } | { "attacked": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * From.
 */
from: Space, 
/**
 * Target.
 */
to: Space, 
/**
 * Fleets sent.
 */
count: number, 
/**
 * Blue paid.
 */
cost: number, 
/**
 * Through a Hypergate.
 */
hypergate: boolean, } } | { "structure_destroyed": { 
/**
 * Who attacked.
 */
seat: Seat, 
/**
 * Where.
 */
target: Space, 
/**
 * The owner.
 */
owner: Seat, 
/**
 * Which.
 */
structure: Structure, } } | { "combat_started": { 
/**
 * The sector.
 */
sector: Space, 
/**
 * The attacker.
 */
attacker: Seat, 
/**
 * Everyone in it, with their fleets.
 */
fleets: Array<[Seat, number]>, } } | { "rosters_revealed": { 
/**
 * Each participant's roster.
 */
rosters: Array<[Seat, Roster]>, } } | { "rolled": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * The faces, one per die.
 */
faces: Array<Pip>, 
/**
 * Successes: the faces that are 5 or 6.
 */
hits: number, } } | { "hits_revealed": { 
/**
 * Each seat's allocation.
 */
allocations: Array<[Seat, Roster]>, } } | { "marked": { 
/**
 * Who marked.
 */
marker: Seat, 
/**
 * Whose ship.
 */
target: Seat, 
/**
 * Its type.
 */
ship: ShipType, } } | { "casualties": { 
/**
 * Each seat's losses.
 */
losses: Array<[Seat, Roster]>, } } | { "combat_ended": { 
/**
 * The sector.
 */
sector: Space, 
/**
 * Who controls it now.
 */
control: Seat | null, 
/**
 * Ships left per seat.
 */
left: Array<[Seat, number]>, 
/**
 * Whether the round cap (not the rulebook's end check) ended it.
 */
capped: boolean, } } | { "claimed": { 
/**
 * Who.
 */
seat: Seat, 
/**
 * Row card.
 */
card: number, 
/**
 * Slot.
 */
slot: number, 
/**
 * VP.
 */
points: number, } } | { "game_set_up": { 
/**
 * Each seat's homeworld.
 */
homeworlds: Array<[Seat, Space]>, 
/**
 * Fleets on each homeworld.
 */
fleets: number, 
/**
 * Each seat's storage.
 */
storage: Resources, } } | { "storage": { 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The levels now.
 */
storage: Resources, } } | { "sector": { 
/**
 * Where.
 */
space: Space, 
/**
 * Fleets per seat, seat order.
 */
fleets: Array<number>, 
/**
 * Who controls it now.
 */
control: Seat | null, } } | { "marker": { 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The action it marks.
 */
action: CoreAction | null, } } | { "stage": StageView } | { "own_sealed": { 
/**
 * Whose.
 */
seat: Seat, 
/**
 * The tracks so far (none outside a sealed step).
 */
counts: [number, number, number, number, number] | null, } } | { "game_ended": { 
/**
 * Why.
 */
trigger: EndTrigger, 
/**
 * Each seat's score.
 */
scores: Array<Score>, } };

/**
 * Fleets in a space.
 */
export type FleetsAt = { 
/**
 * Where.
 */
space: Space, 
/**
 * How many.
 */
fleets: number, };

/**
 * The grid's size.
 */
export type GridView = { 
/**
 * Columns.
 */
columns: number, 
/**
 * Rows.
 */
rows: number, };

/**
 * A point where four card spaces meet: the top-left corner of the space at (`col`, `row`),
 * for `col` in `1..width` and `row` in `1..height`. Made only by [`GridSize::intersections`]
 * and [`Map::intersections_of`]; on the wire `[col, row]` of that space, read back only for
 * a point inside the largest grid ([`MapError::OffGrid`] otherwise). Shown to people as
 * [`Intersection::words`].
 */
export type Intersection = [number, number];

/**
 * An action module card: its index in the config's `modules` (at most `MAX_CARDS`).
 */
export type ModuleId = number;

/**
 * A content card and its name as players read it (`Sector 7`, `Directive 3`, `Module 12`).
 */
export type Named<I> = { 
/**
 * The card.
 */
card: I, 
/**
 * Its name.
 */
name: string, };

/**
 * An objective card: its index in the config's `objectives` (at most
 * `MAX_OBJECTIVES`).
 */
export type ObjectiveId = number;

/**
 * A card of the objective row and its slots.
 */
export type ObjectiveView = { 
/**
 * The card.
 */
card: ObjectiveId, 
/**
 * Its name.
 */
name: string, 
/**
 * Each slot.
 */
slots: Array<SlotView>, };

/**
 * What one viewer sees.
 */
export type Observation = { 
/**
 * Who is looking.
 */
viewer: Viewer, 
/**
 * Round (0 during setup).
 */
round: number, 
/**
 * The grid's size.
 */
grid: GridView, 
/**
 * Placed cards.
 */
tiles: Array<TileView>, 
/**
 * Structures.
 */
structures: Array<Placed>, 
/**
 * Storage per seat.
 */
storage: Array<Resources>, 
/**
 * Action marker per seat.
 */
markers: Array<CoreAction | null>, 
/**
 * Sector cards left.
 */
deck_left: number, 
/**
 * Directive and module at each position.
 */
positions: Array<PositionView>, 
/**
 * The objective row.
 */
objectives: Array<ObjectiveView>, 
/**
 * This round's turn order.
 */
order: Array<Seat>, 
/**
 * This round's order cards, once revealed.
 */
cards: Array<OrderCard> | null, 
/**
 * Setup: whose starting exploration, and its drawn cards.
 */
setup: SetupView | null, 
/**
 * Phase 1 of a later round.
 */
orders: OrdersView | null, 
/**
 * The current turn.
 */
turn: TurnView | null, 
/**
 * The combat.
 */
combat: CombatView<CombatStep> | null, 
/**
 * Why the game ended.
 */
ended: EndTrigger | null, 
/**
 * Final scores.
 */
scores: Array<Score> | null, };

/**
 * An open offer: its payer and terms. Text form `P2: 2 red, 5 green if card 1`.
 */
export type Offer = { 
/**
 * Who pays.
 */
payer: Seat, 
/**
 * What and on which condition.
 */
terms: OfferTerms, };

/**
 * An offer's terms, without the payer (the seat making the offer): text form
 * `2 red, 5 green if card 1 and refresh pair 3`.
 */
export type OfferTerms = { 
/**
 * What the payer pays the Master.
 */
payment: Payment, 
/**
 * On what condition.
 */
condition: Condition, };

/**
 * An order card.
 */
export type OrderCard = { "number": number } | "master";

/**
 * Where phase 1 stands (the state's and the observation's: a view shows it as it is).
 */
export type OrderStage = { "kind": "propose" } | { "kind": "offers", 
/**
 * 1 or 2: the second pass lets players answer the first.
 */
pass: number, 
/**
 * Who may bribe now.
 */
seat: Seat, } | { "kind": "refresh" } | { "kind": "give" };

/**
 * Phase 1 in the log ([`OrdersView`] with its step as text).
 */
export type OrdersRecord = { 
/**
 * The Master of the Order.
 */
master: Seat, 
/**
 * `propose`, `offers 1 P2`, `refresh` or `give`.
 */
stage: string, 
/**
 * The open offers.
 */
offers: Array<Offer>, 
/**
 * The bribes transferred this round.
 */
transfers: Array<Transfer>, 
/**
 * The bribe being built.
 */
bribe: Resources, 
/**
 * The refresh chosen so far.
 */
refresh: RefreshChoice | null, 
/**
 * Cards given so far.
 */
given: Array<[Seat, OrderCard]>, 
/**
 * The Master's proposed distribution.
 */
proposal: Array<[Seat, OrderCard]>, 
/**
 * The cards the Master drew and revealed.
 */
drawn: Array<OrderCard>, 
/**
 * How many numbered cards lie face down.
 */
face_down: number, };

/**
 * Phase 1 as the viewer sees it.
 */
export type OrdersView = { 
/**
 * The Master of the Order.
 */
master: Seat, 
/**
 * Where phase 1 stands.
 */
stage: OrderStage, 
/**
 * The open offers (public; the `binding` variant).
 */
offers: Array<Offer>, 
/**
 * The bribes transferred this round, with their notes (public; the default rule).
 */
transfers: Array<Transfer>, 
/**
 * The bribe the seat in the offer window is building (public; nothing when none).
 */
bribe: Resources, 
/**
 * The refresh chosen so far.
 */
refresh: RefreshChoice | null, 
/**
 * Cards given so far.
 */
given: Array<CardTo>, 
/**
 * The Master's proposed distribution of the cards it knows (public, not binding).
 */
proposal: Array<CardTo>, 
/**
 * The cards the Master drew and revealed to every player (§7 phase 1 step 4).
 */
drawn: Array<OrderCard>, 
/**
 * How many numbered cards lie face down (seen by no one until the reveal).
 */
face_down: number, };

/**
 * What a bribe pays: any non-empty amount of any of the four resources (§7 phase 1 step 5:
 * "resources shown on Storage Cards"), with no bound but what the payer holds, which the game
 * checks when the bribe is built. Text form `2 blue, 5 green` (the resources paid, in storage
 * card order).
 */
export type Payment = Resources;

/**
 * A rolled die face, 1 to 6.
 */
export type Pip = number;

/**
 * A structure on the map.
 */
export type Placed = { 
/**
 * Its owner.
 */
owner: Seat, 
/**
 * Which.
 */
structure: Structure, 
/**
 * Where.
 */
space: Space, 
/**
 * Whether its benefits are active (from the start of the owner's next turn, §8.C).
 */
active: boolean, };

/**
 * One of the four public directive/module positions, numbered 1 to 4 for people.
 */
export type Position = number;

/**
 * A position's directive and module (none where the tier ran out).
 */
export type PositionView = { 
/**
 * Which position.
 */
position: Position, 
/**
 * Its directive.
 */
directive: Named<DirectiveId> | null, 
/**
 * Its module.
 */
module: Named<ModuleId> | null, 
/**
 * Where its directive matches for the seat whose turn it is (public: the map, control
 * and the cards' values; nothing outside a turn), each point as `[col, row]` of the space
 * whose top-left corner it is, sorted.
 */
matches: Array<Intersection>, };

/**
 * The Master's refresh choice: one kind at one position.
 */
export type RefreshChoice = { 
/**
 * What is refreshed.
 */
kind: RefreshKind, 
/**
 * Where.
 */
position: Position, };

/**
 * The three refresh options of the Master (§7 phase 1 step 2).
 */
export type RefreshKind = "pair" | "directive" | "module";

/**
 * One of the four resources, named by the colour the rulebook gives it (§3, Storage Card).
 */
export type Resource = "blue" | "orange" | "red" | "green";

/**
 * An amount of each resource: a storage card, a card's income values or a cost.
 */
export type Resources = [number, number, number, number];

/**
 * How many ships of each type one player has on the battle mat (or, on the roster card, how
 * many hits go to each enemy type). At most [`MAX_FLEETS`] in total.
 */
export type Roster = [number, number, number, number, number];

/**
 * How far a card is turned clockwise when placed (§3, §8.A step 4).
 */
export type Rotation = "r0" | "r90" | "r180" | "r270";

/**
 * A seat's final score, item by item (§15), and its tiebreakers.
 */
export type Score = { 
/**
 * §15.1: [`GRID_COMPLETION_BONUS`] for the seat that completed the grid.
 */
grid_bonus: number, 
/**
 * §15.2: one per controlled sector.
 */
sectors: number, 
/**
 * §15.3: each structure's [`Structure::points`].
 */
structures: number, 
/**
 * §15.4: one per [`FLEETS_PER_POINT`] fleet tokens on the map.
 */
fleets: number, 
/**
 * §15.5: one per orange resource left.
 */
orange: number, 
/**
 * §15.7: claimed objective slots.
 */
objectives: number, 
/**
 * The ranking key: total, then the tiebreakers.
 */
standing: Standing, };

/**
 * A sector card: its index in the config's `sectors` (at most [`MAX_SECTORS`]).
 */
export type SectorId = number;

/**
 * Which sector a placed card is.
 */
export type SectorRef = { "homeworld": Seat } | { "card": SectorId };

/**
 * What became of an open offer when the Master committed.
 */
export type Settlement = "paid" | "condition_failed" | { "cannot_pay": { 
/**
 * What the payer had.
 */
had: Resources, } };

/**
 * Setup step 11: whose starting exploration, and its drawn cards.
 */
export type SetupView = { 
/**
 * Who explores.
 */
seat: Seat, 
/**
 * The drawn cards not placed yet.
 */
hand: Array<Named<SectorId>>, };

/**
 * One of the five ship types, the nodes of the battle mat (§10).
 */
export type ShipType = "beam_frigate" | "shield_cruiser" | "artillery_platform" | "drone_carrier" | "fighter_squadron";

/**
 * One slot of an objective card.
 */
export type SlotView = { 
/**
 * The measure the slot needs.
 */
threshold: number, 
/**
 * Its VP.
 */
points: number, 
/**
 * Who claimed it.
 */
holder: Seat | null, };

/**
 * A card space of the grid, made by [`GridSize::space`] and the grid's iterators (or read as
 * `[col, row]`, each below [`MAX_SIDE`]; a map refuses a space outside its own grid). Shown
 * to people as [`Space::words`] (`column 3, row 5`, one-based); `c3r5` is its short typed
 * form.
 */
export type Space = [number, number];

/**
 * The public part of where the game stands: the round, the turn order and the phase
 * (setup, phase 1, the turn, the combat), as a spectator sees it, in the log's own words
 * ([`Event::Stage`]). The log keeps this shape so recorded games replay to the same log;
 * the observation's typed views are read from it (`StageView::views`).
 */
export type StageView = { 
/**
 * Round (0 during setup).
 */
round: number, 
/**
 * This round's turn order.
 */
order: Array<Seat>, 
/**
 * This round's order cards, once revealed.
 */
cards: Array<OrderCard> | null, 
/**
 * Setup: whose starting exploration, and its drawn cards.
 */
setup: [Seat, Array<SectorId>] | null, 
/**
 * Phase 1 (the Master's drawn cards left out).
 */
orders: OrdersRecord | null, 
/**
 * The current turn.
 */
turn: TurnRecord | null, 
/**
 * The combat (sealed choices left out).
 */
combat: CombatView<string> | null, };

/**
 * Victory points, then the two tiebreakers of §15 in order: non-orange resources left, then
 * fleet tokens on the map. Compares lexicographically, higher is better.
 */
export type Standing = { 
/**
 * Total victory points.
 */
points: number, 
/**
 * First tiebreaker: blue + red + green left in storage.
 */
non_orange: number, 
/**
 * Second tiebreaker: fleet tokens on the map.
 */
fleets: number, };

/**
 * A structure type (§12).
 */
export type Structure = "outpost" | "starlance" | "hypergate" | "m_brain";

/**
 * A placed sector card with who holds it.
 */
export type TileView = { 
/**
 * Where.
 */
space: Space, 
/**
 * Which sector.
 */
sector: SectorRef, 
/**
 * Its name: the card's (`Sector 7`) or `P1's homeworld`.
 */
name: string, 
/**
 * How it is turned.
 */
rotation: Rotation, 
/**
 * Who controls it.
 */
control: Seat | null, 
/**
 * Fleets per seat.
 */
fleets: Array<number>, };

/**
 * A bribe under the rulebook's rule (§7 phase 1 step 5, the default [`BribeRule`]): the
 * payment moved to the Master at once, with an optional public note of what it is for. The
 * note binds nobody and nothing is refunded. Text form `P2 pays 2 red, 5 green for card 1`.
 *
 * [`BribeRule`]: crate::BribeRule
 */
export type Transfer = { 
/**
 * Who paid.
 */
payer: Seat, 
/**
 * What moved to the Master.
 */
payment: Payment, 
/**
 * What it is for, if the payer said.
 */
note: Condition | null, };

/**
 * The turn in the log ([`TurnView`] flat, its step as text).
 */
export type TurnRecord = { 
/**
 * Whose turn.
 */
seat: Seat, 
/**
 * Its stage (`bonus 2`, `main`, `explore`, `module`, `claim`).
 */
stage: string, 
/**
 * Main action taken.
 */
main: CoreAction | null, 
/**
 * Module action taken.
 */
module: CoreAction | null, 
/**
 * Drawn sector cards not placed yet.
 */
hand: Array<SectorId>, 
/**
 * Probe origins.
 */
probes: Array<Space>, 
/**
 * Spaces placed this explore.
 */
chain: Array<Space>, 
/**
 * Move: blue spent.
 */
boost: number | null, 
/**
 * Move origins.
 */
origins: Array<[Space, number]>, 
/**
 * Move: fleets that arrived.
 */
arrived: Array<[Space, number]>, 
/**
 * Build or attack options left.
 */
options: number | null, };

/**
 * Where a turn stands, with the core action in progress.
 */
export type TurnStep = { "kind": "bonus", 
/**
 * How many are left to choose.
 */
left: number, } | { "kind": "main" } | { "kind": "explore", 
/**
 * Probe origins.
 */
probes: Array<Space>, 
/**
 * Drawn sector cards not placed yet (revealed).
 */
hand: Array<Named<SectorId>>, 
/**
 * Spaces placed this explore.
 */
chain: Array<Space>, } | { "kind": "move", 
/**
 * Blue spent on the boost, once chosen.
 */
boost: number | null, 
/**
 * Origins used, with the fleets still free to leave each.
 */
origins: Array<FleetsAt>, 
/**
 * Fleets that arrived in each space during this move (they move no further).
 */
arrived: Array<FleetsAt>, } | { "kind": "build", 
/**
 * Options left.
 */
options: number, } | { "kind": "attack", 
/**
 * Options left.
 */
options: number, } | { "kind": "module" } | { "kind": "claim" };

/**
 * The current turn.
 */
export type TurnView = { 
/**
 * Whose turn.
 */
seat: Seat, 
/**
 * Where it stands.
 */
stage: TurnStep, 
/**
 * Main action taken.
 */
main: CoreAction | null, 
/**
 * Module action taken.
 */
module: CoreAction | null, };

/** A log entry of this game as a viewer may see it. */
export type LogEntry = VisibleEntry<Action, Event>;
/** A legal action of this game as the server offers it. */
export type Legal = import('./server').GameLegal<Action>;
/** The server's `state` message for this game. */
export type State = import('./server').GameState<Observation, Action, Event>;
