//! Events: what happened, for logs and displays. All public except the steps of a program being
//! built and its sealing, which [`redact_event`](gridwright_engine::Game::redact_event) shows
//! only to the mech's owner: the others learn every program's card count at once when the last
//! is sealed ([`Event::ExecutionStarted`]) and its cards when the mech executes
//! ([`Event::Revealed`]).

use crate::action::{Card, CardSet, Face, MechId, Pool, Pos, Program, SlotCard};
use crate::config::{Icon, MAX_SLOTS};
use crate::observe::{AttackView, CritView};
use crate::rules::program::SlotStatus;
use crate::rules::surge_flux::Settlement;
use crate::state::{EndReason, Phase};
use gridwright_engine::Seat;
use gridwright_engine::geom::{Arc, Dir8};
use serde::{Deserialize, Serialize};

/// How many cards a sealed program holds, shown to all once every program is sealed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SealedProgram {
    /// The mech.
    pub mech: MechId,
    /// Cards placed (the other slots are filled at random when it executes).
    pub cards: u8,
}

/// Something that happened.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The random draw: this seat decides the placement order.
    ChooserDrawn {
        /// The seat.
        seat: Seat,
    },
    /// This seat places first.
    PlacementOrder {
        /// The first placer.
        first: Seat,
    },
    /// A mech was deployed.
    Deployed {
        /// The mech.
        mech: MechId,
        /// Where.
        at: Pos,
        /// Facing.
        facing: Dir8,
    },
    /// A round began.
    RoundStarted {
        /// Its number, from 1.
        round: u16,
        /// Who drafts first.
        first_drafter: Seat,
    },
    /// An ordering number was drafted.
    Assigned {
        /// The mech.
        mech: MechId,
        /// Its number.
        number: u8,
    },
    /// A seat with no unnumbered mech passed in the draft.
    Passed {
        /// The seat.
        seat: Seat,
    },
    /// Every mech is numbered: programming begins.
    ProgrammingStarted,
    /// The next slot of a program being built was decided (owner only).
    Programmed {
        /// The mech.
        mech: MechId,
        /// The slot (zero-based).
        slot: u8,
        /// The card put there, or `None` if the slot was left empty.
        card: Option<SlotCard>,
    },
    /// A program was sealed: every slot is decided (owner only).
    Committed {
        /// The mech.
        mech: MechId,
        /// The program.
        program: Program,
    },
    /// Every program is sealed: their card counts are shown to all at once, and execution
    /// begins.
    ExecutionStarted {
        /// Each live mech's program size, in mech order.
        programs: Vec<SealedProgram>,
    },
    /// A mech's program is revealed as it starts executing.
    Revealed {
        /// The mech.
        mech: MechId,
        /// Its program as committed.
        program: Program,
    },
    /// An empty slot was filled with a random card.
    Filled {
        /// The mech.
        mech: MechId,
        /// The slot (zero-based).
        slot: u8,
        /// The card.
        card: SlotCard,
    },
    /// A mech moved one square.
    Moved {
        /// The mech.
        mech: MechId,
        /// From.
        from: Pos,
        /// To.
        to: Pos,
    },
    /// A mech turned.
    Turned {
        /// The mech.
        mech: MechId,
        /// Its new facing.
        facing: Dir8,
    },
    /// A mech held still (a stop icon).
    Held {
        /// The mech.
        mech: MechId,
    },
    /// A mech gained a targeting token.
    Targeted {
        /// The mech.
        mech: MechId,
    },
    /// An icon could not be done: the mech stopped executing.
    Stopped {
        /// The mech.
        mech: MechId,
        /// The slot of the card (zero-based).
        slot: u8,
        /// The icon.
        icon: Icon,
        /// Whether the move led off the board (otherwise into another mech).
        off_board: bool,
    },
    /// A program's delta and how it was settled.
    Delta {
        /// The mech.
        mech: MechId,
        /// The delta.
        delta: i16,
        /// How far each slot got.
        status: [SlotStatus; MAX_SLOTS],
        /// Surge gained or Flux/Surge paid, and what was left unpaid.
        settlement: Settlement,
    },
    /// Attack dice rolled against a mech for what it could not pay.
    SelfDamageRolled {
        /// The mech.
        mech: MechId,
        /// Crits.
        crits: u8,
        /// Hits.
        hits: u8,
        /// Blanks.
        blanks: u8,
    },
    /// Every mech has executed: combat begins.
    CombatStarted,
    /// A mech had nothing to shoot at.
    NoTarget {
        /// The mech.
        mech: MechId,
    },
    /// A mech chose not to attack.
    HeldFire {
        /// The mech.
        mech: MechId,
    },
    /// A weapon fired and its delta was settled (its target is chosen next).
    Fired {
        /// The attacker.
        mech: MechId,
        /// Weapon index.
        weapon: u8,
        /// The weapon delta's settlement.
        settlement: Settlement,
    },
    /// The attacker chose its target, its weapon's delta paid.
    Aimed {
        /// The attacker.
        mech: MechId,
        /// The target.
        target: MechId,
        /// Distance.
        distance: u8,
        /// The target's arc the attacker stands in (its armour there counts).
        arc: Arc,
    },
    /// The attack dice.
    AttackRolled {
        /// Crits.
        crits: u8,
        /// Hits.
        hits: u8,
        /// Blanks.
        blanks: u8,
    },
    /// The defender's armour or evade dice.
    DefenceRolled {
        /// Armour or evade.
        pool: Pool,
        /// Blocks or evades.
        successes: u8,
        /// Blanks.
        blanks: u8,
    },
    /// A die showing `face` was picked up to be rerolled, paid for by `mech` (1 Flux for an
    /// armour die, 1 Surge otherwise); [`Event::Rerolled`] says what it shows then.
    PickedUp {
        /// Who paid for it.
        mech: MechId,
        /// Its pool.
        pool: Pool,
        /// What it showed.
        face: Face,
    },
    /// A die was rerolled.
    Rerolled {
        /// Who paid for it.
        mech: MechId,
        /// Its pool.
        pool: Pool,
        /// What it showed.
        from: Face,
        /// What it shows now.
        to: Face,
    },
    /// Results after cancellation.
    Cancelled {
        /// Crits rolled.
        crits: u8,
        /// Hits rolled.
        hits: u8,
        /// Blocks rolled.
        blocks: u8,
        /// Evades rolled.
        evades: u8,
        /// Uncancelled results: structure damage.
        damage: u8,
        /// Uncancelled crits: crit resolutions.
        crits_left: u8,
    },
    /// A mech lost structure.
    Damaged {
        /// The mech.
        mech: MechId,
        /// Damage.
        amount: u8,
        /// Structure left.
        structure: u8,
    },
    /// A mech was destroyed.
    Destroyed {
        /// The mech.
        mech: MechId,
    },
    /// A crit revealed these cards.
    CardsRevealed {
        /// The damaged mech.
        mech: MechId,
        /// The cards.
        cards: CardSet,
    },
    /// The attacker put a revealed card back.
    PutBack {
        /// The damaged mech.
        mech: MechId,
        /// The card.
        card: Card,
    },
    /// A card was depleted: out of play for the rest of the game.
    Depleted {
        /// The mech.
        mech: MechId,
        /// The card.
        card: Card,
    },
    /// Cleanup: Flux removed, Surge flipped to Flux.
    Cleanup {
        /// The round that ended.
        round: u16,
    },
    /// Where the game stands now, after a step that changed it: the phase, the seats to act,
    /// the attack and the crit being resolved (as the observation shows them). Emitted at the
    /// end of every step that changed one of them, so the log alone tells whose turn it is.
    Next {
        /// The phase.
        phase: Phase,
        /// Seats that may act now.
        to_act: Vec<Seat>,
        /// The attack being resolved, if any.
        attack: Option<AttackView>,
        /// The crit being resolved, if any.
        crit: Option<CritView>,
    },
    /// The game ended.
    GameOver {
        /// The winner, or `None` for a draw.
        winner: Option<Seat>,
        /// Why.
        reason: EndReason,
    },
}
