//! The game state and its [`Game`] implementation. The rules themselves live in `rules/`.

use crate::action::{Action, UnitId};
use crate::config::{Config, MAX_HEXES, MAX_UNITS};
use crate::event::Event;
use crate::observe::Observation;
use crate::rules::Rules;
use gridwright_engine::geom::Hex;
use gridwright_engine::win_loss_returns;
use gridwright_engine::{
    Actor, ChanceMode, Events, Game, GameInfo, Information, PerSeat, Seat, SeatArray, SetupError,
    Turn, Viewer,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Grid Battles is for exactly two seats; the opponent of `seat` is `seat.next(SEATS)`.
pub(crate) const SEATS: usize = 2;

/// Static facts about Grid Battles.
pub const INFO: GameInfo = GameInfo {
    short_name: "grid-battles",
    long_name: "Grid Battles",
    summary: "Hex-map battles: activate units, move, and fight with attack and defence dice; \
              bold units strike back.",
    min_seats: 2,
    max_seats: 2,
    chance: ChanceMode::Explicit,
    information: Information::Perfect,
    rules_version: "2",
};

/// Where a unit stands in the activation cycle of a round.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// May be activated this round.
    Fresh,
    /// Activated in the current turn.
    Activated,
    /// Activated earlier this round; fresh again next round.
    Fatigued,
}

/// One unit on the battlefield (8 bytes; the state holds a fixed array of them).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Unit {
    /// Unit type index.
    pub ty: u8,
    /// The owning seat.
    pub side: Seat,
    /// Dense hex index.
    pub pos: u16,
    /// Remaining health; 0 = destroyed and off the map.
    pub health: u8,
    /// Movement points left this turn.
    pub mp_left: u8,
    pub status: Status,
    /// [`Unit::MOVED`] | [`Unit::ATTACKED`].
    pub flags: u8,
}

impl Unit {
    pub const MOVED: u8 = 1;
    pub const ATTACKED: u8 = 2;
    const EMPTY: Unit = Unit {
        ty: 0,
        side: Seat::new(0),
        pos: 0,
        health: 0,
        mp_left: 0,
        status: Status::Fatigued,
        flags: 0,
    };

    #[inline]
    pub fn alive(&self) -> bool {
        self.health > 0
    }

    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// Which hexes hold a unit: one bit per hex (cheap to copy, no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Occupancy([u64; MAX_HEXES / 64]);

impl Occupancy {
    pub const EMPTY: Occupancy = Occupancy([0; MAX_HEXES / 64]);

    #[inline]
    pub fn get(&self, i: u16) -> bool {
        self.0[usize::from(i >> 6)] & (1 << (i & 63)) != 0
    }

    #[inline]
    pub fn set(&mut self, i: u16) {
        self.0[usize::from(i >> 6)] |= 1 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, i: u16) {
        self.0[usize::from(i >> 6)] &= !(1 << (i & 63));
    }
}

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A side met the scenario's victory condition.
    Victory,
    /// The last round was played; victory points decide.
    RoundLimit,
}

/// The phase of the current turn.
///
/// Serialized as an object tagged `phase`; a combat shows its roll as the two flags
/// `counterattack` and `counter_due` (see [`RollFlags`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The active side picks units to activate, one at a time.
    Activation {
        /// How many more it must activate.
        remaining: u8,
    },
    /// Activated units move or hold, one unit at a time.
    Movement,
    /// Activated units attack, one combat at a time.
    Attack,
    /// A combat roll is due (a chance node).
    Combat {
        /// The unit that declared the attack.
        attacker: UnitId,
        /// The unit attacked.
        defender: UnitId,
        /// Which roll is due.
        #[serde(flatten)]
        #[cfg_attr(feature = "ts", ts(flatten))]
        roll: CombatRoll,
    },
    /// The game is over.
    Over {
        /// The winner, or `None` for a draw.
        winner: Option<Seat>,
        /// How it ended.
        reason: EndReason,
    },
}

/// The roll a combat is waiting for (seed, "Combat Resolution"; "Bold Unit").
///
/// Serialized as the two flags of [`RollFlags`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "RollFlags", try_from = "RollFlags")]
pub enum CombatRoll {
    /// The attacker's roll; the defender will not strike back (a ranged attack, or a defender
    /// that was not bold when the attack was declared).
    Attack,
    /// The attacker's roll; the defender strikes back if it survives (bold, melee attack).
    AttackThenCounter,
    /// The defender's counterattack.
    Counterattack,
}

impl CombatRoll {
    /// Whether this roll is the defender's counterattack (the roles are reversed).
    pub fn is_counterattack(self) -> bool {
        self == CombatRoll::Counterattack
    }
}

/// The JSON form of [`CombatRoll`], two flags (observations carry it; the web client reads it).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RollFlags {
    /// Whether this roll is the defender's counterattack.
    counterattack: bool,
    /// Whether the defender will counterattack if it survives.
    counter_due: bool,
}

impl From<CombatRoll> for RollFlags {
    fn from(roll: CombatRoll) -> RollFlags {
        let (counterattack, counter_due) = match roll {
            CombatRoll::Attack => (false, false),
            CombatRoll::AttackThenCounter => (false, true),
            CombatRoll::Counterattack => (true, false),
        };
        RollFlags {
            counterattack,
            counter_due,
        }
    }
}

/// TypeScript sees a roll as its JSON form, the two flags (ts-rs's `as` cannot be flattened).
#[cfg(feature = "ts")]
impl ts_rs::TS for CombatRoll {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(cfg: &ts_rs::Config) -> String {
        RollFlags::name(cfg)
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        RollFlags::inline(cfg)
    }

    fn inline_flattened(cfg: &ts_rs::Config) -> String {
        RollFlags::inline_flattened(cfg)
    }
}

impl TryFrom<RollFlags> for CombatRoll {
    type Error = String;

    fn try_from(f: RollFlags) -> Result<CombatRoll, String> {
        match (f.counterattack, f.counter_due) {
            (false, false) => Ok(CombatRoll::Attack),
            (false, true) => Ok(CombatRoll::AttackThenCounter),
            (true, false) => Ok(CombatRoll::Counterattack),
            (true, true) => Err(
                "combat phase: a counterattack is never followed by another \
                                 (`counterattack` and `counter_due` cannot both be true)"
                    .to_owned(),
            ),
        }
    }
}

/// A Grid Battles game in progress: the [`Game`] implementation.
///
/// The state is a fixed-size array of units plus an occupancy bitset and a few counters, with
/// the immutable map and unit tables behind an `Arc`: cloning it copies well under a kilobyte
/// and allocates nothing.
///
/// # Examples
/// ```
/// use gridwright_engine::{Game, Seat, Turn};
/// use gridwright_grid_battles::{Content, GridBattles};
/// let config = Content::builtin()?.config("skirmish")?;
/// let game = GridBattles::new(&config)?;
/// let Turn::Seat(first) = game.turn() else { unreachable!() };
/// let legal = game.legal_actions_vec(first);
/// assert!(legal.iter().all(|a| game.action_text(a).starts_with("activate")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Debug)]
pub struct GridBattles {
    pub(crate) rules: Arc<Rules>,
    pub(crate) units: [Unit; MAX_UNITS],
    pub(crate) n_units: u8,
    pub(crate) occupied: Occupancy,
    pub(crate) phase: Phase,
    /// The side whose turn it is.
    pub(crate) active: Seat,
    pub(crate) round: u16,
    /// The side that started the current round.
    pub(crate) round_starter: Seat,
    pub(crate) vp: SeatArray<u8, SEATS>,
}

impl GridBattles {
    /// The config the game was built from.
    pub fn config(&self) -> &Config {
        &self.rules.config
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current round, from 1.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The side whose turn it is (also during its combat rolls).
    pub fn active_side(&self) -> Seat {
        self.active
    }

    /// Victory points of each seat.
    pub fn vp(&self) -> PerSeat<u8> {
        self.vp.to_per_seat()
    }

    /// Number of units (destroyed ones included: ids never change).
    pub fn unit_count(&self) -> usize {
        usize::from(self.n_units)
    }

    /// The hex of unit `id`, or `None` if it was destroyed or does not exist.
    pub fn unit_hex(&self, id: UnitId) -> Option<Hex> {
        let u = self.unit(id)?;
        u.alive().then(|| self.rules.hexes[usize::from(u.pos)])
    }

    /// The unit at `hex`, if any.
    pub fn unit_at(&self, hex: Hex) -> Option<UnitId> {
        let i = self.rules.index(hex)?;
        self.unit_on(i).map(|u| UnitId(u as u8))
    }

    pub(crate) fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units[..usize::from(self.n_units)].get(id.index())
    }

    /// Live units, with their indices.
    #[inline]
    pub(crate) fn live(&self) -> impl Iterator<Item = (usize, &Unit)> + '_ {
        self.units[..usize::from(self.n_units)]
            .iter()
            .enumerate()
            .filter(|(_, u)| u.alive())
    }

    /// The unit standing on dense hex `pos`.
    pub(crate) fn unit_on(&self, pos: u16) -> Option<usize> {
        if !self.occupied.get(pos) {
            return None;
        }
        self.live().find(|(_, u)| u.pos == pos).map(|(i, _)| i)
    }

    pub(crate) fn hex(&self, pos: u16) -> Hex {
        self.rules.hexes[usize::from(pos)]
    }

    fn seat_to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Activation { .. } | Phase::Movement | Phase::Attack => Some(self.active),
            Phase::Combat { .. } | Phase::Over { .. } => None,
        }
    }
}

impl Game for GridBattles {
    gridwright_engine::game_types!();

    fn new(config: &Config) -> Result<Self, SetupError> {
        let rules = Rules::new(config)?;
        let mut units = [Unit::EMPTY; MAX_UNITS];
        let mut occupied = Occupancy::EMPTY;
        for (slot, u) in units.iter_mut().zip(&rules.start) {
            *slot = *u;
            occupied.set(u.pos);
        }
        let first = config.first;
        let mut game = GridBattles {
            n_units: rules.start.len() as u8,
            rules: Arc::new(rules),
            units,
            occupied,
            phase: Phase::Movement,
            active: first,
            round: 1,
            round_starter: first,
            vp: SeatArray::default(),
        };
        game.start_turn(first, &mut Events::disabled());
        Ok(game)
    }

    fn num_seats(&self) -> usize {
        SEATS
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Activation { .. } | Phase::Movement | Phase::Attack => Turn::Seat(self.active),
            Phase::Combat { .. } => Turn::Chance,
            Phase::Over { .. } => Turn::Terminal,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.seat_to_act() != Some(seat) {
            return;
        }
        match self.phase {
            Phase::Activation { .. } => self.push_activations(out),
            Phase::Movement => self.push_movement_actions(out),
            Phase::Attack => self.push_attack_actions(out),
            Phase::Combat { .. } | Phase::Over { .. } => {}
        }
        debug_assert!(
            out.windows(2).all(|w| w[0] < w[1]),
            "legal actions must be sorted"
        );
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        if let Phase::Combat { .. } = self.phase {
            let (attack_die, defence_die) = self.combat_dice();
            let fa = self.rules.faces(attack_die) as u8;
            let fd = self.rules.faces(defence_die) as u8;
            for attack_face in 0..fa {
                for defence_face in 0..fd {
                    out.push((
                        Action::Roll {
                            attack_face,
                            defence_face,
                        },
                        1,
                    ));
                }
            }
        }
    }

    fn step(&mut self, _actor: Actor, action: Action, events: &mut Events<Event>) {
        match action {
            Action::Activate(u) => self.activate(u.index(), events),
            Action::Move { unit, to } => self.move_unit(unit.index(), to, events),
            Action::Hold(u) => self.hold(u.index(), events),
            Action::Attack { unit, target } => {
                self.declare_attack(unit.index(), target.index(), events);
            }
            Action::Done => match self.phase {
                Phase::Movement => self.end_movement(events),
                _ => self.end_turn(events),
            },
            Action::Roll {
                attack_face,
                defence_face,
            } => self.resolve_roll(attack_face, defence_face, events),
        }
    }

    fn returns(&self) -> PerSeat<f64> {
        let winner = match self.phase {
            Phase::Over { winner, .. } => winner,
            _ => None,
        };
        win_loss_returns(SEATS, winner)
    }

    fn observe(&self, _viewer: Viewer) -> Observation {
        Observation::of(self)
    }

    fn max_game_length(&self) -> usize {
        // Per round each unit is activated once; a turn activates at least one unit and takes
        // at most 5 steps per activated unit (activate, move, attack, two rolls) plus two
        // `done`s.
        usize::from(self.rules.config.round_limit) * 7 * usize::from(self.n_units).max(1) + 1
    }

    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    fn log_pieces_at_start(&self, log: &mut gridwright_engine::PieceLog) {
        self.pieces_at_start(log);
    }

    fn log_pieces(&self, events: &[Event], log: &mut gridwright_engine::PieceLog) {
        GridBattles::pieces_of(events, log);
    }

    fn event_text(&self, event: &Event) -> String {
        event.text(self)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, String> {
        crate::text::parse_action(text)
    }

    fn explain_illegal(&self, seat: Seat, action: &Action) -> String {
        self.why_illegal(seat, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_is_eight_bytes() {
        assert_eq!(std::mem::size_of::<Unit>(), 8);
    }

    /// The JSON of a combat phase keeps its two flags (the web client and saved observations
    /// read them), one meaningful pair per roll.
    #[test]
    fn combat_phase_json_keeps_its_two_flags() {
        let json = |roll| {
            serde_json::to_string(&Phase::Combat {
                attacker: UnitId(0),
                defender: UnitId(2),
                roll,
            })
            .unwrap_or_default()
        };
        let expect = |c: bool, d: bool| {
            format!(
                r#"{{"phase":"combat","attacker":0,"defender":2,"counterattack":{c},"counter_due":{d}}}"#
            )
        };
        for (roll, c, d) in [
            (CombatRoll::Attack, false, false),
            (CombatRoll::AttackThenCounter, false, true),
            (CombatRoll::Counterattack, true, false),
        ] {
            assert_eq!(json(roll), expect(c, d));
            let back: Result<Phase, _> = serde_json::from_str(&expect(c, d));
            assert_eq!(
                back.ok(),
                Some(Phase::Combat {
                    attacker: UnitId(0),
                    defender: UnitId(2),
                    roll,
                })
            );
        }
        let other: Result<Phase, _> = serde_json::from_str(r#"{"phase":"attack"}"#);
        assert_eq!(other.ok(), Some(Phase::Attack));
    }

    /// A counterattack that would be followed by another is not a state the game can be in.
    #[test]
    fn combat_phase_json_refuses_a_counterattack_with_a_counter_due() {
        let bad = r#"{"phase":"combat","attacker":0,"defender":2,"counterattack":true,"counter_due":true}"#;
        let err = serde_json::from_str::<Phase>(bad)
            .err()
            .map(|e| e.to_string());
        assert!(
            err.as_deref()
                .is_some_and(|e| e.contains("cannot both be true")),
            "{err:?}"
        );
    }

    #[test]
    fn state_is_cheap_to_clone() {
        assert!(
            std::mem::size_of::<GridBattles>() <= 512,
            "{}",
            std::mem::size_of::<GridBattles>()
        );
    }
}
