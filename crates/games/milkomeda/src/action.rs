//! The game's vocabulary: actions (player choices and chance outcomes) and events.

use crate::Resource;
use crate::Resources;
use crate::config::{ObjectiveId, SectorId};
use crate::rules::actions::CoreAction;
use crate::rules::bribes::{Condition, Offer, Settlement, Transfer};
use crate::rules::combat::{Pip, Roster, ShipType};
use crate::rules::directives::Position;
use crate::rules::map::{Rotation, Space};
use crate::rules::orders::OrderCard;
use crate::rules::refresh::RefreshChoice;
use crate::rules::scoring::{EndTrigger, Score};
use crate::rules::structures::Structure;
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};

/// A player's choice or a chance outcome. Every multi-part choice (an explore, a move, a
/// fleet roster, a hit allocation, the Master's distribution) is made one small step at a
/// time, so each legal-action list stays short and every action has a flat index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the card drawn from the deck the pending draw names (its index in the content).
    Card(u8),
    /// Chance: the order cards dealt, as the index of a permutation of the cards in play.
    Deal(u8),
    /// Chance: the face the rolling seat's next die shows. Each die is one chance step of six
    /// equally likely faces, a seat's dice rolled one after another (§9.A steps 4–5).
    Die(Pip),
    /// Explore: send a probe from this sector.
    Probe(Space),
    /// Explore: stop sending probes and draw, spending this much green on extra cards.
    Launch(u8),
    /// Explore or setup: place this drawn card here, turned so.
    Place {
        /// The sector card.
        card: SectorId,
        /// Where.
        space: Space,
        /// How it is turned.
        rotation: Rotation,
    },
    /// Finish the bribe in progress (built with [`Action::AddBribe`]) with this condition:
    /// under the default rule, pay it to the Master now with the condition as a public note;
    /// under `binding`, post it as an offer (replacing one's open one), paid when the Master
    /// commits if the condition holds.
    Offer(Condition),
    /// Withdraw one's open offer.
    Withdraw,
    /// Leave one's offers as they are (dropping the bribe in progress, if any).
    Keep,
    /// The Master's refresh choice.
    Refresh(RefreshChoice),
    /// The Master gives the next card it knows to this seat.
    Give(Seat),
    /// The M-Brain's income bonus: one of this resource.
    Bonus(Resource),
    /// Choose the main core action.
    Main(CoreAction),
    /// No main action can be taken: pass the turn's main action.
    Pass,
    /// Move: spend this much blue on range.
    Boost(u8),
    /// Move fleets.
    MoveFleets {
        /// Origin sector.
        from: Space,
        /// Destination.
        to: Space,
        /// How many.
        count: u8,
    },
    /// Build option: fleets at the homeworld and at controlled Outpost sectors.
    BuildFleets {
        /// Fleets placed in the homeworld (0 to 2).
        home: u8,
        /// Bit `i` set: one fleet in the sector of the player's `i`-th Outpost.
        outposts: u8,
    },
    /// Build option: a structure in a controlled sector.
    BuildStructure {
        /// Which structure.
        structure: Structure,
        /// Where.
        space: Space,
    },
    /// Attack option: fleets from one origin into a target sector, starting combat.
    AttackFleets {
        /// Origin sector.
        from: Space,
        /// Target sector.
        to: Space,
        /// Fleets sent.
        count: u8,
    },
    /// Attack option: a Starlance removes a structure next to it.
    AttackStructure {
        /// The target sector.
        target: Space,
        /// The structure's owner.
        owner: Seat,
        /// Which structure.
        structure: Structure,
    },
    /// End the current action (explore placements, move, build or attack options).
    Done,
    /// Start the combat of an Attack Fleets option without a second origin.
    Engage,
    /// Activate the module at this position.
    Module(Position),
    /// Activate no module.
    NoModule,
    /// Claim this slot of this objective of the row.
    Claim {
        /// Card of the row (0 to 4).
        card: u8,
        /// Slot of the card.
        slot: u8,
    },
    /// End the turn without a claim.
    EndTurn,
    /// Sealed fleet configuration: this many ships on the next track.
    Ships(u8),
    /// Sealed hit allocation: this many hits on the next reachable track.
    Hits(u8),
    /// Mark a ship of this seat with the next hit that has a choice of opponent.
    MarkShip(Seat),
    /// The Master's proposed distribution: the next card it knows to this seat (public, not
    /// binding; §7 phase 1 step 4).
    Propose(Seat),
    /// Finish the bribe in progress with no note: pay it to the Master now (the default rule).
    Transfer,
    /// Add one unit of this resource to one's bribe in progress (§7 phase 1 step 5: any
    /// resources, in any amounts held, built one unit at a time so the list stays short).
    AddBribe(Resource),
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// An objective card joined the public row.
    ObjectiveRevealed {
        /// The card.
        card: ObjectiveId,
    },
    /// A directive or module card was turned face up at a position (`None`: the tier is
    /// exhausted and the slot stays empty).
    SlotFilled {
        /// The position.
        position: Position,
        /// True for the directive slot, false for the module slot.
        directive: bool,
        /// The card.
        card: Option<u8>,
    },
    /// The Master's refresh discarded a face-up card from a position (its replacement is a
    /// later draw).
    SlotDiscarded {
        /// The position.
        position: Position,
        /// True for the directive slot, false for the module slot.
        directive: bool,
        /// The card discarded.
        card: u8,
    },
    /// A tier's discard pile was shuffled into a new draw pile.
    TierReshuffled {
        /// True for a directive tier.
        directive: bool,
        /// 1 to 3.
        tier: u8,
    },
    /// A sector card was drawn and revealed.
    SectorDrawn {
        /// Who explores.
        seat: Seat,
        /// The card.
        card: SectorId,
    },
    /// A sector card was placed and paid for.
    SectorPlaced {
        /// Who.
        seat: Seat,
        /// Card.
        card: SectorId,
        /// Where.
        space: Space,
        /// Turned.
        rotation: Rotation,
        /// Green paid.
        cost: u8,
    },
    /// Drawn cards not placed went back into the deck.
    SectorsReturned {
        /// Who.
        seat: Seat,
        /// The cards.
        cards: Vec<SectorId>,
    },
    /// A round began.
    RoundStarted {
        /// Round number from 1.
        round: u32,
        /// The Master of the Order (none in the first round).
        master: Option<Seat>,
    },
    /// The Master drew numbered order cards and revealed them to every player (§7 phase 1
    /// step 4).
    MasterDrew {
        /// The Master.
        master: Seat,
        /// The cards drawn, in the order the Master gives them out.
        cards: Vec<OrderCard>,
    },
    /// The Master proposed the next card it knows for a seat (public, not binding).
    Proposed {
        /// The card.
        card: OrderCard,
        /// For whom.
        seat: Seat,
    },
    /// A bribe moved to the Master (the default rule): nothing binds the Master.
    Transferred {
        /// Who paid what (the whole payment), and the note.
        transfer: Transfer,
        /// The payer's storage after it.
        payer_storage: Resources,
        /// The Master's storage after it.
        master_storage: Resources,
    },
    /// An offer was posted.
    OfferPosted {
        /// The offer.
        offer: Offer,
    },
    /// An offer was withdrawn.
    OfferWithdrawn {
        /// The payer.
        payer: Seat,
    },
    /// The Master chose the refresh.
    Refreshed {
        /// The choice.
        choice: RefreshChoice,
    },
    /// The Master gave a known card.
    Given {
        /// The card.
        card: OrderCard,
        /// To whom.
        seat: Seat,
    },
    /// An open offer was settled when the Master committed.
    OfferSettled {
        /// The offer.
        offer: Offer,
        /// Paid or why it lapsed.
        settlement: Settlement,
    },
    /// Order cards revealed: each seat's card, and the turn order.
    OrdersRevealed {
        /// Each seat's card, seat order.
        cards: Vec<OrderCard>,
        /// The turn order.
        order: Vec<Seat>,
    },
    /// A player's turn began and it gained its income.
    TurnStarted {
        /// Who.
        seat: Seat,
        /// Income.
        income: Resources,
        /// M-Brain bonus resources to choose.
        bonus: u8,
    },
    /// An M-Brain bonus resource was taken.
    BonusTaken {
        /// Who.
        seat: Seat,
        /// Which.
        resource: Resource,
    },
    /// A core action began (main or module).
    ActionChosen {
        /// Who.
        seat: Seat,
        /// Which.
        action: CoreAction,
        /// The module's position, if a module.
        module: Option<Position>,
        /// Resources paid to start it (module cost) or gained (Quantum Sentinels).
        paid: Resources,
    },
    /// The player could take no main action.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// Green spent to draw more sector cards.
    Boosted {
        /// Who.
        seat: Seat,
        /// Resource spent.
        resource: Resource,
        /// How much.
        amount: u8,
    },
    /// Fleets moved.
    Moved {
        /// Who.
        seat: Seat,
        /// From.
        from: Space,
        /// To.
        to: Space,
        /// How many.
        count: u8,
        /// Who controls the destination after the move.
        control: Option<Seat>,
    },
    /// Fleets built.
    FleetsBuilt {
        /// Who.
        seat: Seat,
        /// Where.
        space: Space,
        /// How many.
        count: u8,
    },
    /// A structure was built (active from the owner's next turn).
    StructureBuilt {
        /// Who.
        seat: Seat,
        /// Which.
        structure: Structure,
        /// Where.
        space: Space,
        /// Paid.
        cost: Resources,
    },
    /// Fleets attacked a sector.
    Attacked {
        /// Who.
        seat: Seat,
        /// From.
        from: Space,
        /// Target.
        to: Space,
        /// Fleets sent.
        count: u8,
        /// Blue paid.
        cost: u8,
        /// Through a Hypergate.
        hypergate: bool,
    },
    /// A Starlance removed a structure.
    StructureDestroyed {
        /// Who attacked.
        seat: Seat,
        /// Where.
        target: Space,
        /// The owner.
        owner: Seat,
        /// Which.
        structure: Structure,
    },
    /// A combat began.
    CombatStarted {
        /// The sector.
        sector: Space,
        /// The attacker.
        attacker: Seat,
        /// Everyone in it, with their fleets.
        fleets: Vec<(Seat, u8)>,
    },
    /// The sealed fleet configurations were revealed together.
    RostersRevealed {
        /// Each participant's roster.
        rosters: Vec<(Seat, Roster)>,
    },
    /// A seat rolled its dice (after its last die): every face, in the order rolled, and the
    /// successes among them (fives and sixes, §9.A step 5).
    Rolled {
        /// Who.
        seat: Seat,
        /// The faces, one per die.
        faces: Vec<Pip>,
        /// Successes: the faces that are 5 or 6.
        hits: u8,
    },
    /// The sealed hit allocations were revealed together.
    HitsRevealed {
        /// Each seat's allocation.
        allocations: Vec<(Seat, Roster)>,
    },
    /// A hit marked a ship.
    Marked {
        /// Who marked.
        marker: Seat,
        /// Whose ship.
        target: Seat,
        /// Its type.
        ship: ShipType,
    },
    /// Marked ships were removed.
    Casualties {
        /// Each seat's losses.
        losses: Vec<(Seat, Roster)>,
    },
    /// A combat ended.
    CombatEnded {
        /// The sector.
        sector: Space,
        /// Who controls it now.
        control: Option<Seat>,
        /// Ships left per seat.
        left: Vec<(Seat, u8)>,
        /// Whether the round cap (not the rulebook's end check) ended it.
        capped: bool,
    },
    /// An objective slot was claimed.
    Claimed {
        /// Who.
        seat: Seat,
        /// Row card.
        card: u8,
        /// Slot.
        slot: u8,
        /// VP.
        points: u8,
    },
    /// The first setup step: where each homeworld lies, with its starting fleets, and the
    /// starting storage (§4 steps 7–9). The fold's start already shows them; the log says it.
    GameSetUp {
        /// Each seat's homeworld.
        homeworlds: Vec<(Seat, Space)>,
        /// Fleets on each homeworld.
        fleets: u8,
        /// Each seat's storage.
        storage: Resources,
    },
    /// A seat's storage after a step that changed it (every gain and payment: income, bonus,
    /// boosts, exploration, builds, fleets, attacks, strikes, modules, bribes, civilization
    /// abilities).
    Storage {
        /// Whose.
        seat: Seat,
        /// The levels now.
        storage: Resources,
    },
    /// A sector's fleets or control after a step that changed them.
    Sector {
        /// Where.
        space: Space,
        /// Fleets per seat, seat order.
        fleets: Vec<u8>,
        /// Who controls it now.
        control: Option<Seat>,
    },
    /// A seat's action marker moved (§7 phase 2 step 6).
    Marker {
        /// Whose.
        seat: Seat,
        /// The action it marks.
        action: Option<CoreAction>,
    },
    /// Where the round, the turn order and the phase stand after a step that changed them:
    /// the public part of the setup, phase 1, the turn and the combat (sealed choices
    /// excluded).
    Stage(Box<crate::fold::StageView>),
    /// A seat's own sealed roster or allocation so far (shown to that seat only).
    OwnSealed {
        /// Whose.
        seat: Seat,
        /// The tracks so far (none outside a sealed step).
        counts: Option<[u8; 5]>,
    },
    /// The game ended.
    GameEnded {
        /// Why.
        trigger: EndTrigger,
        /// Each seat's score.
        scores: Vec<Score>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_small() {
        gridwright_engine::testing::assert_size_at_most::<Action>(16);
    }
}
