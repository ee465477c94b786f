//! The game state, its phases and the [`Game`] dispatch. Each rule lives in its own file under
//! `rules/` (setup, mulligan, turn, deploy, stack, activate, combat, effects, stats, destroy,
//! victory and the rest, listed in `lib.rs`); this file holds the state and sends each action
//! to the rule it belongs to.

use crate::action::{Action, Aim, CardId};
use crate::config::{Config, Rules};
use crate::event::{EndReason, Event, TurnStep};
use crate::grid::P1;
use crate::observe::Observation;
use crate::rules::links::Face;
use crate::rules::modules::Mounts;
use crate::rules::network::Resources;
use crate::{Duration, Keyword, Tile};
use gridwright_engine::{
    Actor, ChanceMode, Events, Game, GameInfo, Information, PerSeat, Rng, Seat, SeatArray, SeatSet,
    SetupError, Turn, Viewer,
};
use std::sync::Arc;

/// Starcore is for exactly two seats (one constant, defined beside the grids each seat owns);
/// the opponent of `seat` is `seat.next(SEATS)`.
pub(crate) use crate::grid::SEATS;

/// Static facts about Starcore.
pub const INFO: GameInfo = GameInfo {
    short_name: "starcore",
    long_name: "Starcore",
    summary: "A card battler on two facing 8×3 grids: link cards into networks of resource \
              cores, mount modules, deploy and attack with 2d12, and answer on a response stack.",
    min_seats: 2,
    max_seats: 2,
    chance: ChanceMode::Explicit,
    information: Information::Imperfect,
    rules_version: "3",
};

/// Per-stat changes (DMG, HP, DEF, Movement).
pub(crate) type Deltas = [i8; 4];

/// A card on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Piece {
    pub card: CardId,
    pub owner: Seat,
    /// Unique per game, so a frame can tell the card it named from a newcomer on its tile.
    pub uid: u16,
    pub damage: u8,
    pub shield: u8,
    pub moved: bool,
    pub attacked: bool,
    /// Changes until the end of the turn.
    pub temp: Deltas,
    /// Changes while the card stays on the board.
    pub perm: Deltas,
    /// Keywords granted by effects.
    pub granted: [Option<(Keyword, Duration)>; 2],
    /// Activated abilities used this turn (bit per ability position).
    pub activated: u8,
}

/// One player's cards off the board and counters.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Player {
    /// Sorted (the order of a hand means nothing).
    pub hand: Vec<CardId>,
    /// The deck as a sorted multiset: its order is hidden from both players, so it is not
    /// stored; each draw is a chance outcome (rule 49).
    pub deck: Vec<CardId>,
    /// In the order the cards arrived (Salvage takes the last).
    pub scrap: Vec<CardId>,
    pub void: Vec<CardId>,
    /// This window's resources (what may be spent is derived from it and the board).
    pub pool: crate::rules::pool::Pool,
    /// Cards placed on the board this turn, and how many were Resources.
    pub placed: u8,
    pub cores_placed: u8,
    /// Turns this player has begun.
    pub turns: u16,
}

/// An attack, from its declaration until its dice are rolled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Attack {
    pub seat: Seat,
    pub from: Tile,
    pub attacker: u16,
    pub target: Tile,
    pub victim: u16,
    pub first_strike: bool,
}

/// A card deploying, from its declaration until it resolves: whose, which card, where, and
/// the face of the host a Module links to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Deployment {
    pub seat: Seat,
    pub card: CardId,
    pub tile: Tile,
    pub host: Option<Face>,
}

/// A frame of the response stack (rules 57–61).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Frame {
    /// A card deploying: it enters when the frame resolves.
    Deploy(Deployment),
    /// An Action card; `countered` once a Counter cancelled it.
    Action {
        seat: Seat,
        card: CardId,
        aim: Aim,
        countered: bool,
    },
    /// An attack.
    Attack(Attack),
}

impl Frame {
    /// Who put the frame on the stack.
    pub fn seat(&self) -> Seat {
        match self {
            Frame::Action { seat, .. } => *seat,
            Frame::Deploy(d) => d.seat,
            Frame::Attack(a) => a.seat,
        }
    }
}

/// Where the game is, with the data that exists only there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// Chance: the coin flip.
    CoinFlip,
    /// Both players choose, hidden and at once, to keep or mulligan (after drawing the
    /// opening hands they owe).
    Mulligan {
        choices: SeatArray<Option<bool>, SEATS>,
        owed: Owed,
    },
    /// `seat` places its Commander (once the new hands a mulligan owes are drawn).
    PlaceCommander { seat: Seat, owed: Owed },
    /// The active player's turn: its step, the response stack, the attack being rolled, and
    /// the cards a `draw` effect owes.
    Turn {
        step: TurnStep,
        stack: Vec<Frame>,
        rolling: Option<Attack>,
        owed: Owed,
    },
    /// The end-of-turn draw: the draws owed; the next turn begins once they are made.
    Drawing { owed: Owed },
    /// The game is over.
    Over {
        winner: Option<Seat>,
        reason: EndReason,
    },
}

/// Cards each player still has to draw (chance nodes until made, before anything else happens
/// in the phase that owes them).
pub(crate) type Owed = SeatArray<u8, SEATS>;

/// No draws owed.
pub(crate) fn no_draws() -> Owed {
    SeatArray::from_fn(|_| 0)
}

/// The draws `phase` owes, by reference or by mutable reference as `phase` is given.
macro_rules! owed_of {
    ($phase:expr) => {
        match $phase {
            Phase::Mulligan { owed, .. }
            | Phase::PlaceCommander { owed, .. }
            | Phase::Turn { owed, .. }
            | Phase::Drawing { owed } => Some(owed),
            Phase::CoinFlip | Phase::Over { .. } => None,
        }
    };
}

impl Phase {
    /// The draws this phase owes (the coin flip and the end of the game owe none).
    pub(crate) fn owed(&self) -> Option<&Owed> {
        owed_of!(self)
    }

    /// The draws this phase owes, to change.
    pub(crate) fn owed_mut(&mut self) -> Option<&mut Owed> {
        owed_of!(self)
    }
}

/// A Starcore game in progress.
#[derive(Clone, PartialEq, Debug)]
pub struct Starcore {
    pub(crate) rules: Arc<Rules>,
    pub(crate) phase: Phase,
    /// The cards on the board and their link cards.
    pub(crate) board: crate::board::Board,
    pub(crate) mounts: Mounts,
    pub(crate) players: SeatArray<Player, SEATS>,
    pub(crate) first: Seat,
    pub(crate) active: Seat,
    /// Turns begun, both players together.
    pub(crate) turn: u16,
    pub(crate) next_uid: u16,
}

/// The public name of where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    /// The coin flip.
    CoinFlip,
    /// Dealing or drawing cards.
    Drawing,
    /// The hidden mulligan choices.
    Mulligan,
    /// A Commander is being placed.
    PlaceCommander {
        /// By whom.
        seat: Seat,
    },
    /// A step of the active player's turn.
    Turn {
        /// The step.
        step: TurnStep,
    },
    /// An attack's dice are being rolled.
    Rolling,
    /// The game is over.
    Over {
        /// The winner.
        winner: Option<Seat>,
        /// Why.
        reason: EndReason,
    },
}

impl Starcore {
    /// The config the game was built from.
    pub fn config(&self) -> &Config {
        &self.rules.config
    }

    /// The card with id `id`.
    pub fn card(&self, id: CardId) -> &crate::Card {
        self.rules.card(id)
    }

    /// Where the game is.
    pub fn phase(&self) -> PhaseView {
        if self.owed_seat().is_some() {
            return PhaseView::Drawing;
        }
        match &self.phase {
            Phase::CoinFlip => PhaseView::CoinFlip,
            Phase::Mulligan { .. } => PhaseView::Mulligan,
            Phase::PlaceCommander { seat, .. } => PhaseView::PlaceCommander { seat: *seat },
            Phase::Turn {
                rolling: Some(_), ..
            } => PhaseView::Rolling,
            Phase::Turn { step, .. } => PhaseView::Turn { step: *step },
            Phase::Drawing { .. } => PhaseView::Drawing,
            Phase::Over { winner, reason } => PhaseView::Over {
                winner: *winner,
                reason: *reason,
            },
        }
    }

    /// The winner once the game is over.
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over { winner, .. } => winner,
            _ => None,
        }
    }

    /// The player whose turn it is.
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Turns begun so far (both players together).
    pub fn turn_number(&self) -> u16 {
        self.turn
    }

    /// The cards in `seat`'s hand (sorted). Hidden from the opponent: observations show it only
    /// to its owner.
    pub fn hand(&self, seat: Seat) -> &[CardId] {
        &self.players[seat].hand
    }

    /// The current HP of the card on `tile`.
    pub fn hp_at(&self, tile: Tile) -> Option<u8> {
        self.board.get(tile).map(|_| self.hp(tile))
    }

    /// The Shield points of the card on `tile` (0 for an empty tile).
    pub fn shield_at(&self, tile: Tile) -> u8 {
        self.board.get(tile).map_or(0, |p| p.shield)
    }

    /// The id of the card on `tile`.
    pub fn card_at(&self, tile: Tile) -> Option<CardId> {
        self.board.get(tile).map(|p| p.card)
    }

    /// The owner of the card on `tile`.
    pub fn owner_at(&self, tile: Tile) -> Option<Seat> {
        self.board.get(tile).map(|p| p.owner)
    }

    /// The Commander's HP of each seat (0 before it is placed or once it fell).
    pub fn commander_hp(&self) -> PerSeat<u8> {
        PerSeat::from_fn(SEATS, |s| self.commander_tile(s).map_or(0, |t| self.hp(t)))
    }

    /// The resources `seat` may spend now.
    pub fn pool(&self, seat: Seat) -> Resources {
        self.players[seat].pool.available(&self.board)
    }

    /// The response stack, bottom first, as public views.
    pub fn stack_len(&self) -> usize {
        self.stack().len()
    }

    pub(crate) fn stack(&self) -> &[Frame] {
        match &self.phase {
            Phase::Turn { stack, .. } => stack,
            _ => &[],
        }
    }

    pub(crate) fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// The cards `seat` still has to draw in this phase.
    pub(crate) fn owed(&self, seat: Seat) -> u8 {
        self.phase.owed().map_or(0, |o| o[seat])
    }

    /// `seat` owes `cards` more draws in this phase.
    pub(crate) fn owe(&mut self, seat: Seat, cards: u8) {
        if let Some(owed) = self.phase.owed_mut() {
            owed[seat] += cards;
        }
    }

    /// The first seat that still has to draw.
    pub(crate) fn owed_seat(&self) -> Option<Seat> {
        Seat::all(SEATS).find(|s| self.owed(*s) > 0)
    }

    /// Who holds the response window: the opponent of whoever put the top frame there.
    pub(crate) fn responder(&self) -> Option<Seat> {
        self.stack().last().map(|f| f.seat().next(SEATS))
    }

    /// The seat that acts now, outside chance and simultaneous nodes.
    fn seat_to_act(&self) -> Option<Seat> {
        match &self.phase {
            Phase::PlaceCommander { seat, .. } => Some(*seat),
            Phase::Turn { rolling: None, .. } => Some(self.responder().unwrap_or(self.active)),
            _ => None,
        }
    }

    pub(crate) fn new_uid(&mut self) -> u16 {
        self.next_uid = self.next_uid.wrapping_add(1);
        self.next_uid
    }
}

impl Game for Starcore {
    gridwright_engine::game_types!();

    fn new(config: &Config) -> Result<Self, SetupError> {
        let rules = Rules::new(config)?;
        let players = SeatArray::from_fn(|s| Player {
            deck: rules.deck(s).cards.clone(),
            ..Player::default()
        });
        Ok(Starcore {
            rules: Arc::new(rules),
            phase: Phase::CoinFlip,
            board: crate::board::Board::default(),
            mounts: Mounts::new(),
            players,
            first: P1,
            active: P1,
            turn: 0,
            next_uid: 0,
        })
    }

    fn num_seats(&self) -> usize {
        SEATS
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Over { .. } => Turn::Terminal,
            _ if self.owed_seat().is_some() => Turn::Chance,
            Phase::CoinFlip
            | Phase::Turn {
                rolling: Some(_), ..
            } => Turn::Chance,
            Phase::Mulligan { choices, .. } => Turn::Simultaneous(
                Seat::all(SEATS)
                    .filter(|s| choices[*s].is_none())
                    .fold(SeatSet::EMPTY, SeatSet::with),
            ),
            // Drawing with nothing owed never lasts past a step.
            Phase::Drawing { .. } => Turn::Chance,
            _ => self.seat_to_act().map_or(Turn::Terminal, Turn::Seat),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.turn().includes(seat) {
            return;
        }
        let start = out.len();
        match &self.phase {
            Phase::Mulligan { .. } => out.extend([Action::Keep, Action::Mulligan]),
            Phase::PlaceCommander { .. } => self.legal_commander_tiles(seat, out),
            Phase::Turn { step, stack, .. } => {
                if stack.is_empty() {
                    match step {
                        TurnStep::Orders => self.legal_moves(seat, out),
                        TurnStep::Build => self.legal_deploys(seat, out),
                        TurnStep::Combat => self.legal_attacks(seat, out),
                    }
                }
                self.legal_plays(seat, out);
                self.legal_activations(seat, out);
                out.push(Action::Pass);
            }
            _ => {}
        }
        out[start..].sort_unstable();
        debug_assert!(out[start..].windows(2).all(|w| w[0] < w[1]));
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if self.is_over() {
            return;
        }
        if let Some(seat) = self.owed_seat() {
            self.draw_outcomes(seat, out);
            return;
        }
        match &self.phase {
            Phase::CoinFlip => out.extend(Seat::all(SEATS).map(|s| (Action::FirstPlayer(s), 1))),
            Phase::Turn {
                rolling: Some(_), ..
            } => crate::rules::combat::roll_outcomes(out),
            _ => {}
        }
    }

    fn step(&mut self, actor: Actor, action: Action, ev: &mut Events<Event>) {
        let before = ev.is_enabled().then(|| crate::changes::Snapshot::of(self));
        let seat = match actor {
            Actor::Seat(s) => s,
            Actor::Chance => self.active,
        };
        match action {
            Action::FirstPlayer(s) => self.coin_flip(s, ev),
            Action::Draw(s, card) => self.draw(s, card, ev),
            Action::Roll(a, b) => self.rolled(a, b, ev),
            Action::Keep => self.choose_mulligan(seat, false, ev),
            Action::Mulligan => self.choose_mulligan(seat, true, ev),
            Action::PlaceCommander(tile) => self.place_commander(seat, tile, ev),
            Action::Move { from, to } => self.move_card(from, to, ev),
            Action::Deploy { card, tile, host } => {
                let d = Deployment {
                    seat,
                    card,
                    tile,
                    host,
                };
                self.declare_deploy(d, ev);
            }
            Action::Play { card, aim } => self.play(seat, card, aim, ev),
            Action::Attack { from, target } => self.declare_attack(seat, from, target, ev),
            Action::Activate { tile, ability, aim } => self.activate(tile, ability, aim, ev),
            Action::Pass => self.pass(seat, ev),
        }
        self.settle(ev);
        if let Some(before) = before {
            before.log_changes(self, ev);
        }
    }

    fn returns(&self) -> PerSeat<f64> {
        match self.phase {
            Phase::Over { winner, .. } => gridwright_engine::win_loss_returns(SEATS, winner),
            _ => PerSeat::from_fn(SEATS, |_| 0.0),
        }
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        Observation::of(self, viewer)
    }

    fn max_game_length(&self) -> usize {
        self.rules.max_len
    }

    /// Cards by their names (`play Arc Bolt P2:A4`), as players read them; typing the ids is
    /// still accepted ([`Game::parse_action`]).
    fn action_text(&self, action: &Action) -> String {
        crate::text::action_text_named(&self.rules, action)
    }

    fn event_text(&self, event: &Event) -> String {
        crate::text::event_text(&self.rules, event)
    }

    fn faction(&self, seat: Seat) -> Option<String> {
        Some(self.deck_name(seat))
    }

    fn log_pieces(&self, events: &[Event], log: &mut gridwright_engine::PieceLog) {
        Starcore::pieces_of(&self.rules, events, log);
    }

    /// Accepts the text of a legal action with cards by their ids (as printed) or by their
    /// names (`play Arc Bolt P2:A4`), case and spacing ignored.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Action, String> {
        let want = gridwright_engine::normalize(text);
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        legal
            .into_iter()
            .find(|a| {
                gridwright_engine::normalize(&crate::text::action_text(&self.rules, a)) == want
                    || gridwright_engine::normalize(&crate::text::action_text_named(&self.rules, a))
                        == want
            })
            .ok_or_else(|| {
                format!(
                    "`{}` is not the text of any action available now",
                    text.trim()
                )
            })
    }

    fn action_visible_to(&self, actor: Actor, action: &Action, viewer: Viewer) -> bool {
        // Every action is listed, so that a new hidden one cannot pass as public silently.
        match (actor, action) {
            (Actor::Chance, Action::Draw(s, _)) => viewer.sees_secrets_of(*s),
            (Actor::Seat(s), Action::Keep | Action::Mulligan) => viewer.sees_secrets_of(s),
            // Public, or by an actor that never makes it (so never applied).
            (Actor::Seat(_), Action::Draw(..))
            | (Actor::Chance, Action::Keep | Action::Mulligan) => true,
            (
                _,
                Action::FirstPlayer(_)
                | Action::Roll(..)
                | Action::PlaceCommander(_)
                | Action::Move { .. }
                | Action::Deploy { .. }
                | Action::Play { .. }
                | Action::Attack { .. }
                | Action::Activate { .. }
                | Action::Pass,
            ) => true,
        }
    }

    fn redact_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        match event {
            Event::Drew {
                seat,
                card: Some(_),
            } if !viewer.sees_secrets_of(*seat) => Some(Event::Drew {
                seat: *seat,
                card: None,
            }),
            Event::MulliganChosen {
                seat,
                mulligan: Some(_),
            } if !viewer.sees_secrets_of(*seat) => Some(Event::MulliganChosen {
                seat: *seat,
                mulligan: None,
            }),
            e => Some(e.clone()),
        }
    }

    /// Redeals what `seat` cannot see: the opponent's hand and deck together (their union is
    /// public: the deck list minus the cards shown) are shuffled and dealt back as a hand of
    /// the same size and a deck, and a mulligan choice the opponent committed but nobody has
    /// seen yet is redrawn.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        for other in Seat::all(SEATS).filter(|o| *o != seat) {
            let p = &mut s.players[other];
            let mut unseen: Vec<CardId> = p.hand.iter().chain(&p.deck).copied().collect();
            unseen.sort_unstable();
            rng.shuffle(&mut unseen);
            let n = p.hand.len();
            let mut hand = unseen.split_off(unseen.len() - n);
            hand.sort_unstable();
            unseen.sort_unstable();
            p.hand = hand;
            p.deck = unseen;
            if let Phase::Mulligan { choices, .. } = &mut s.phase
                && choices[other].is_some()
            {
                choices[other] = Some(rng.below(2) == 1);
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_and_frame_are_small() {
        assert!(std::mem::size_of::<Piece>() <= 32);
        assert!(std::mem::size_of::<Frame>() <= 16);
    }
}
