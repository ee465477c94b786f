//! What happens in a Starcore game, for logs and displays. Events that would show a hidden card
//! carry it as an `Option` that [`redact_event`](gridwright_engine::Game::redact_event) empties
//! for viewers who may not see it.

use crate::action::{Aim, CardId};
use crate::effect::{Duration, Keyword, Stat};
use crate::grid::{Area, Tile};
use crate::rules::network::Resources;
use crate::state::PhaseView;
use gridwright_engine::Seat;
use serde::{Deserialize, Serialize};

/// A step of a turn (decisions, "Setup and turn"; Generate, Cleanup and Draw happen by
/// themselves).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TurnStep {
    /// Movement.
    Orders,
    /// Deployment.
    Build,
    /// Attacks.
    Combat,
}

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A Commander fell to 0 HP.
    Commander,
    /// A player had to draw from an empty deck.
    DeckOut,
    /// The turn limit was reached.
    TurnLimit,
}

/// Something that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The coin flip chose the first player.
    FirstPlayer {
        /// Who plays first.
        seat: Seat,
    },
    /// A player drew a card (shown to that player only).
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card, for those who may see it.
        card: Option<CardId>,
    },
    /// A player committed a mulligan choice (the choice is shown to that player only).
    MulliganChosen {
        /// Who chose.
        seat: Seat,
        /// `Some(true)` for a mulligan, for those who may see it.
        mulligan: Option<bool>,
    },
    /// Both choices revealed: the player shuffles the hand back and draws anew.
    Mulliganed {
        /// Who.
        seat: Seat,
    },
    /// A Commander entered the board.
    CommanderPlaced {
        /// Whose.
        seat: Seat,
        /// Where.
        tile: Tile,
    },
    /// A turn began; the pool is what the Generate step produced.
    TurnBegan {
        /// Whose turn.
        seat: Seat,
        /// The turn number (1 = the first player's first turn).
        turn: u16,
        /// The pool after Generate.
        pool: Resources,
    },
    /// A step of the turn began.
    StepBegan {
        /// The step.
        step: TurnStep,
    },
    /// A card moved.
    Moved {
        /// From.
        from: Tile,
        /// The empty tile a two-step move passed through (`None` for one step).
        via: Option<Tile>,
        /// To.
        to: Tile,
    },
    /// A player paid a cost (a deployment, an Action or an activated ability).
    Paid {
        /// Who.
        seat: Seat,
        /// What.
        cost: Resources,
        /// What the player may still spend afterwards.
        pool: Resources,
    },
    /// What a player may spend changed without a payment: a Core that generated left the
    /// board, or the resources expired.
    Pool {
        /// Whose.
        seat: Seat,
        /// What the player may spend now.
        pool: Resources,
    },
    /// A player's networks changed (a card entered, moved or left): every network of that
    /// player with more than one card or an output, with its tiles and output per turn.
    Networks {
        /// Whose.
        seat: Seat,
        /// Each network: its tiles (in tile order) and what its Cores produce a turn.
        networks: Vec<(Vec<Tile>, Resources)>,
    },
    /// A deployment was declared (the card is on the stack, its cost paid).
    DeployDeclared {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Where it will enter.
        tile: Tile,
    },
    /// An Action was played onto the stack.
    ActionPlayed {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Its aim.
        aim: Aim,
    },
    /// An attack was declared.
    AttackDeclared {
        /// The attacker.
        from: Tile,
        /// The target.
        target: Tile,
        /// Whether it is a First Strike answering an attack.
        first_strike: bool,
    },
    /// An activated ability ran.
    Activated {
        /// The card's tile.
        tile: Tile,
        /// The card.
        card: CardId,
        /// The ability's position in the card's list.
        ability: u8,
    },
    /// The player holding the response window let the top of the stack resolve.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// A frame's target became illegal: it resolves without effect.
    Fizzled {
        /// Whose frame.
        seat: Seat,
        /// Its card (the attacker's for an attack).
        card: CardId,
    },
    /// An Action on the stack was cancelled by a Counter.
    Countered {
        /// The cancelled Action's owner.
        seat: Seat,
        /// The cancelled Action.
        card: CardId,
        /// Its position on the stack (0 = bottom).
        frame: u8,
    },
    /// A card left the stack for its owner's Scrapyard: a resolved or cancelled Action, or a
    /// deployment whose tile or host was gone.
    Scrapped {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A card entered the board.
    Entered {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Where.
        tile: Tile,
    },
    /// A Module serves a host now, or no longer.
    Mounted {
        /// The Module's tile.
        module: Tile,
        /// Its host, or `None` when it lost it.
        host: Option<Tile>,
    },
    /// The 2d12 of an attack.
    Rolled {
        /// The dice.
        dice: (u8, u8),
        /// The total needed (10 + DEF).
        needed: u8,
        /// Whether it hit.
        hit: bool,
        /// Whether it was a critical (doubles).
        critical: bool,
    },
    /// A card took damage.
    Damaged {
        /// Where.
        tile: Tile,
        /// Shield points removed.
        shield: u8,
        /// HP lost.
        hp: u8,
    },
    /// A card regained HP.
    Healed {
        /// Where.
        tile: Tile,
        /// HP regained.
        hp: u8,
    },
    /// A card gained Shield points.
    Shielded {
        /// Where.
        tile: Tile,
        /// Points.
        points: u8,
    },
    /// An effect changed a stat of a card (its value now follows in [`Event::Stats`]).
    Modified {
        /// Where.
        tile: Tile,
        /// The stat.
        stat: Stat,
        /// By how much.
        by: i8,
        /// Until when.
        until: Duration,
    },
    /// An effect gave a card a keyword.
    Granted {
        /// Where.
        tile: Tile,
        /// The keyword.
        keyword: Keyword,
        /// Until when.
        until: Duration,
    },
    /// A card's Shield points were set without damage or an effect: restored to its Shield
    /// keyword at its owner's Generate, or cut back to it at Cleanup.
    ShieldReset {
        /// Where.
        tile: Tile,
        /// Its Shield points now.
        points: u8,
    },
    /// A card's stats or keywords as shown changed during the step (an effect, a Module, an
    /// Aura, Zone Dominance, a change ending, or a card entering): the values now. Logged at
    /// the end of the step for every card whose values differ from the step's start.
    Stats {
        /// Where.
        tile: Tile,
        /// HP left and the HP stat.
        hp: (u8, u8),
        /// DMG now.
        dmg: u8,
        /// DEF now.
        def: u8,
        /// Movement now.
        movement: u8,
        /// Every keyword it has now.
        keywords: Vec<Keyword>,
    },
    /// Two cards became linked (logged at the end of the step).
    Linked {
        /// The lower tile.
        a: Tile,
        /// The higher tile.
        b: Tile,
    },
    /// Two cards are no longer linked (logged at the end of the step).
    Unlinked {
        /// The lower tile.
        a: Tile,
        /// The higher tile.
        b: Tile,
    },
    /// A player owes draws: the opening hand, a mulligan, the end-of-turn draw or a `draw`
    /// effect. Each is a chance step ([`Event::Drew`]) before play goes on.
    DrawsOwed {
        /// Who.
        seat: Seat,
        /// How many more.
        cards: u8,
    },
    /// Where the game is changed (logged at the end of the step that changed it).
    PhaseChanged {
        /// Where the game is now.
        phase: PhaseView,
    },
    /// A card left the board for its owner's Scrapyard or Void.
    Destroyed {
        /// Where it stood.
        tile: Tile,
        /// The card.
        card: CardId,
        /// Where it went.
        to: Area,
    },
    /// A player gained resources for this turn.
    Gained {
        /// Who.
        seat: Seat,
        /// What.
        resources: Resources,
        /// What the player may spend now.
        pool: Resources,
    },
    /// A card came back from the Scrapyard to its owner's hand (public).
    Salvaged {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose turn it was.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// The winner, or `None` for a draw.
        winner: Option<Seat>,
        /// Why.
        reason: EndReason,
    },
}
