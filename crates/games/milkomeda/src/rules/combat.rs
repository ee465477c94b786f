//! Vector Command, the combat system (rulebook §9 and the ship types of §10).
//!
//! Everything here is a pure function over typed fleets: a [`Battle`] holds each seat's
//! [`Roster`] (how many of its fleets sit on each ship-type node of the battle mat), and the
//! steps of a combat round are functions from one battle to the next:
//!
//! 1. [`Battle::dice`] — step 3: one die per attack vector from an occupied node to a node
//!    holding an enemy ship, at most [`NODE_CAP`] per node;
//! 2. [`hits`] / [`success_distribution`] — steps 4–5: fives and sixes are successes, with
//!    exact odds ([`Battle::kill_distribution`] and [`Battle::duel_round`] carry them to the
//!    ships destroyed in a round);
//! 3. [`Battle::check_allocation`] / [`Battle::allocations`] — step 6: hits may go only to enemy
//!    types reachable by a valid vector, and must add up to the hit pool;
//! 4. [`marking_order`] and [`Marks`] — step 8: attacker first, then turn order; each hit marks
//!    one ship of the allocated type of an opponent the marker picks;
//! 5. [`Battle::resolve_casualties`] — step 9: every marked ship goes at once;
//! 6. [`Battle::round_check`] — step 10, with the stalemate guard; [`control_after_combat`] —
//!    step 11.

use super::control::controller;
use gridwright_engine::dice::Dist;
use gridwright_engine::{PerSeat, Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most fleet tokens one player has (§3: 25 per colour), so the most on one battle mat.
pub const MAX_FLEETS: u8 = 25;

/// The most dice one ship-type node earns in a round (§9.A step 3).
pub const NODE_CAP: u8 = 2;

/// The lowest die face that is a success (§9.A step 5: 5 or 6).
pub const SUCCESS_FROM: u8 = 5;

/// The most dice one player can roll in a round: five nodes at [`NODE_CAP`] each.
pub const MAX_DICE: u8 = 5 * NODE_CAP;

/// One of the five ship types, the nodes of the battle mat (§10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ShipType {
    /// Counters shield cruisers and drone carriers.
    BeamFrigate,
    /// Counters fighter squadrons and artillery platforms.
    ShieldCruiser,
    /// Counters drone carriers and beam frigates.
    ArtilleryPlatform,
    /// Counters fighter squadrons and shield cruisers.
    DroneCarrier,
    /// Counters beam frigates and artillery platforms.
    FighterSquadron,
}

impl ShipType {
    /// The five types in roster-track order.
    pub const ALL: [ShipType; 5] = [
        ShipType::BeamFrigate,
        ShipType::ShieldCruiser,
        ShipType::ArtilleryPlatform,
        ShipType::DroneCarrier,
        ShipType::FighterSquadron,
    ];

    /// Zero-based index into [`ShipType::ALL`] (the roster track).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The two types this type counters: the targets of its two outgoing attack vectors (§10).
    pub const fn counters(self) -> [ShipType; 2] {
        use ShipType::*;
        match self {
            BeamFrigate => [ShieldCruiser, DroneCarrier],
            ShieldCruiser => [FighterSquadron, ArtilleryPlatform],
            ArtilleryPlatform => [DroneCarrier, BeamFrigate],
            DroneCarrier => [FighterSquadron, ShieldCruiser],
            FighterSquadron => [BeamFrigate, ArtilleryPlatform],
        }
    }

    /// Whether an attack vector (arrow) runs from this type to `target`.
    pub fn has_vector_to(self, target: ShipType) -> bool {
        self.counters().contains(&target)
    }

    /// The type's name as players read it (`Beam frigate`).
    pub const fn name(self) -> &'static str {
        match self {
            ShipType::BeamFrigate => "Beam frigate",
            ShipType::ShieldCruiser => "Shield cruiser",
            ShipType::ArtilleryPlatform => "Artillery platform",
            ShipType::DroneCarrier => "Drone carrier",
            ShipType::FighterSquadron => "Fighter squadron",
        }
    }

    /// The one-word text form (`beam`, `shield`, `artillery`, `drone`, `fighter`).
    pub const fn word(self) -> &'static str {
        match self {
            ShipType::BeamFrigate => "beam",
            ShipType::ShieldCruiser => "shield",
            ShipType::ArtilleryPlatform => "artillery",
            ShipType::DroneCarrier => "drone",
            ShipType::FighterSquadron => "fighter",
        }
    }
}

parse_and_display_word!(ShipType);

/// Why a combat input was refused. Each names what is wrong; nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CombatError {
    /// A roster holds more ships than one player owns.
    #[error("a roster of {total} ships is more than the {max} fleet tokens a player has", max = MAX_FLEETS)]
    TooManyShips {
        /// Ships in the roster.
        total: u32,
    },
    /// A fleet configuration does not place every fleet in the sector (§9.A step 2).
    #[error("the configuration places {configured} ships but {in_sector} fleets are in the sector")]
    ConfigurationMismatch {
        /// Ships the roster places.
        configured: u8,
        /// Fleets the player has in the sector.
        in_sector: u8,
    },
    /// A seat outside the battle's seats.
    #[error("{seat} is not a seat of this {seats}-seat battle")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// Seats in the battle.
        seats: usize,
    },
    /// A hit allocation does not add up to the hit pool (§9.A step 6).
    #[error("{seat} allocates {allocated} hits but rolled {hits}")]
    AllocationTotal {
        /// The allocating seat.
        seat: Seat,
        /// Hits on the roster.
        allocated: u32,
        /// Successes in the hit pool.
        hits: u8,
    },
    /// A hit allocated to a type no valid vector reaches (§9.A step 6).
    #[error(
        "{seat} cannot allocate hits to {target}: none of its ships has a vector to an enemy {target}"
    )]
    UnreachableTarget {
        /// The allocating seat.
        seat: Seat,
        /// The unreachable type.
        target: ShipType,
    },
    /// A mark on the marker's own ship.
    #[error("{seat} cannot mark its own ships")]
    MarkOwnShip {
        /// The marking seat.
        seat: Seat,
    },
    /// A mark on a type the target has no ship of.
    #[error("{target} has no {ship} on the battle mat to mark")]
    NothingToMark {
        /// The seat whose ship was to be marked.
        target: Seat,
        /// The type named.
        ship: ShipType,
    },
}

/// How many ships of each type one player has on the battle mat (or, on the roster card, how
/// many hits go to each enemy type). At most [`MAX_FLEETS`] in total.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Debug, Serialize, Deserialize,
)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "[number, number, number, number, number]")
)]
#[serde(try_from = "[u8; 5]", into = "[u8; 5]")]
pub struct Roster([u8; 5]);

impl Roster {
    /// No ships.
    pub const EMPTY: Roster = Roster([0; 5]);

    /// A roster from counts in [`ShipType::ALL`] order.
    ///
    /// # Errors
    /// [`CombatError::TooManyShips`] if the counts add up to more than [`MAX_FLEETS`].
    pub fn new(counts: [u8; 5]) -> Result<Roster, CombatError> {
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if total > u32::from(MAX_FLEETS) {
            return Err(CombatError::TooManyShips { total });
        }
        Ok(Roster(counts))
    }

    /// A roster of `count` ships all of one type (`count` is capped at [`MAX_FLEETS`]).
    pub fn all(ship: ShipType, count: u8) -> Roster {
        let mut r = [0; 5];
        r[ship.index()] = count.min(MAX_FLEETS);
        Roster(r)
    }

    /// A fleet configuration (§9.A step 2): the roster must place exactly the `in_sector`
    /// fleets the player has in the contested sector.
    ///
    /// # Errors
    /// [`CombatError::TooManyShips`] or [`CombatError::ConfigurationMismatch`].
    pub fn configure(counts: [u8; 5], in_sector: u8) -> Result<Roster, CombatError> {
        let roster = Roster::new(counts)?;
        if roster.total() != in_sector {
            return Err(CombatError::ConfigurationMismatch {
                configured: roster.total(),
                in_sector,
            });
        }
        Ok(roster)
    }

    /// Every configuration of `fleets` ships over the five types, in increasing order: the
    /// legal fleet configurations for a player with that many fleets in the sector
    /// (`C(fleets + 4, 4)` of them; 23,751 for the full 25).
    pub fn configurations(fleets: u8) -> Vec<Roster> {
        let n = fleets.min(MAX_FLEETS);
        compositions(n, [true; 5])
    }

    /// The count for one type.
    pub const fn count(self, ship: ShipType) -> u8 {
        self.0[ship as usize]
    }

    /// The counts in [`ShipType::ALL`] order.
    pub const fn counts(self) -> [u8; 5] {
        self.0
    }

    /// The number of ships.
    pub fn total(self) -> u8 {
        self.0.iter().sum()
    }

    /// Whether the roster holds no ship.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 5]
    }

    /// The types with at least one ship.
    pub fn present(self) -> impl Iterator<Item = ShipType> {
        ShipType::ALL
            .into_iter()
            .filter(move |s| self.count(*s) > 0)
    }
}

impl TryFrom<[u8; 5]> for Roster {
    type Error = CombatError;
    fn try_from(counts: [u8; 5]) -> Result<Self, Self::Error> {
        Roster::new(counts)
    }
}

impl From<Roster> for [u8; 5] {
    fn from(r: Roster) -> [u8; 5] {
        r.0
    }
}

impl fmt::Display for Roster {
    /// The types present with their counts in track order, `beam 2, artillery 1`; `none` when
    /// empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, s) in self.present().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", s, self.count(s))?;
        }
        Ok(())
    }
}

/// Why a roster's text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?} as a roster: {why} (e.g. \"beam 2, artillery 1\" or \"none\")")]
pub struct RosterTextError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub why: &'static str,
}

impl std::str::FromStr for Roster {
    type Err = RosterTextError;

    /// Reads `beam 2, artillery 1` (any order, commas optional, words case-insensitive, each
    /// type at most once) or `none`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why| RosterTextError {
            text: text.chars().take(80).collect(),
            why,
        };
        let lower = text.to_ascii_lowercase().replace(',', " ");
        let words: Vec<&str> = lower.split_whitespace().collect();
        if words == ["none"] {
            return Ok(Roster::EMPTY);
        }
        if words.is_empty() || words.len() % 2 != 0 {
            return Err(bad("expected pairs of a ship type and a count"));
        }
        let mut counts = [0u8; 5];
        let mut seen = [false; 5];
        for pair in words.chunks(2) {
            let ship = ShipType::parse(pair[0])
                .ok_or_else(|| bad("ship types are beam, shield, artillery, drone, fighter"))?;
            if std::mem::replace(&mut seen[ship.index()], true) {
                return Err(bad("a ship type is named twice"));
            }
            counts[ship.index()] = pair[1]
                .parse()
                .map_err(|_| bad("a count is a whole number from 0 to 25"))?;
        }
        Roster::new(counts).map_err(|_| bad("more ships than the 25 fleet tokens a player has"))
    }
}

/// All ways to split `n` over the types whose flag is set, in increasing order.
fn compositions(n: u8, allowed: [bool; 5]) -> Vec<Roster> {
    fn go(i: usize, left: u8, allowed: &[bool; 5], cur: &mut [u8; 5], out: &mut Vec<Roster>) {
        if i == 4 {
            if left == 0 || allowed[4] {
                cur[4] = left;
                out.push(Roster(*cur));
                cur[4] = 0;
            }
            return;
        }
        let top = if allowed[i] { left } else { 0 };
        for k in 0..=top {
            cur[i] = k;
            go(i + 1, left - k, allowed, cur, out);
        }
        cur[i] = 0;
    }
    let mut out = Vec::new();
    go(0, n, &allowed, &mut [0; 5], &mut out);
    out
}

/// A hit allocation (§9.A step 6): how many of a seat's hits go to each enemy ship type. Its
/// total is at most [`MAX_DICE`], so it is a [`Roster`] read as hits per track.
pub type HitAllocation = Roster;

/// One combat: each seat's ships on the battle mat. Seats not in the combat, and seats that
/// lost all their ships, have an empty roster.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Battle {
    fleets: PerSeat<Roster>,
}

/// What [`Battle::round_check`] decides after casualties (§9.A step 10).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RoundCheck {
    /// Two or more players still have ships and at least one of them earns a die: another
    /// round from step 3.
    NextRound,
    /// Only this seat has ships left.
    Won(Seat),
    /// Nobody has ships left.
    Annihilation,
    /// Two or more players have ships but none of them earns a die (every remaining ship is
    /// of one type), so no further round could change anything: the combat ends with these
    /// seats still in the sector (our guard; see docs/rules/milkomeda.md).
    Stalemate(SeatSet),
}

impl Battle {
    /// A battle from each seat's configured roster (the revealed configurations of step 2).
    pub fn new(fleets: PerSeat<Roster>) -> Battle {
        Battle { fleets }
    }

    /// The number of seats in the game (not only those in the combat).
    pub fn seats(&self) -> usize {
        self.fleets.len()
    }

    /// `seat`'s roster.
    ///
    /// # Errors
    /// [`CombatError::NoSuchSeat`] for a seat outside the game.
    pub fn roster(&self, seat: Seat) -> Result<Roster, CombatError> {
        self.fleets
            .get(seat)
            .copied()
            .ok_or(CombatError::NoSuchSeat {
                seat,
                seats: self.seats(),
            })
    }

    /// Every seat's roster.
    pub fn rosters(&self) -> &PerSeat<Roster> {
        &self.fleets
    }

    /// The seats that still have ships.
    pub fn participants(&self) -> SeatSet {
        self.fleets
            .iter()
            .filter(|(_, r)| !r.is_empty())
            .map(|(s, _)| s)
            .collect()
    }

    /// Whether any seat other than `seat` has a ship of type `ship`.
    pub fn enemy_has(&self, seat: Seat, ship: ShipType) -> bool {
        self.fleets
            .iter()
            .any(|(s, r)| s != seat && r.count(ship) > 0)
    }

    /// The dice `seat` rolls this round (§9.A step 3): for each type it has a ship of, one die
    /// per outgoing vector whose target type some enemy has, at most [`NODE_CAP`] per node.
    /// A seat outside the game rolls nothing.
    pub fn dice(&self, seat: Seat) -> u8 {
        let Some(own) = self.fleets.get(seat) else {
            return 0;
        };
        own.present()
            .map(|node| {
                let vectors = node
                    .counters()
                    .iter()
                    .filter(|t| self.enemy_has(seat, **t))
                    .count() as u8;
                vectors.min(NODE_CAP)
            })
            .sum()
    }

    /// The enemy types `seat` may allocate hits to (§9.A step 6): those with a ship of some
    /// opponent that one of `seat`'s present types has a vector to.
    pub fn reachable_targets(&self, seat: Seat) -> [bool; 5] {
        let mut out = [false; 5];
        if let Some(own) = self.fleets.get(seat) {
            for node in own.present() {
                for target in node.counters() {
                    if self.enemy_has(seat, target) {
                        out[target.index()] = true;
                    }
                }
            }
        }
        out
    }

    /// Checks `seat`'s secret hit allocation against its hit pool (§9.A step 6).
    ///
    /// # Errors
    /// [`CombatError::NoSuchSeat`], [`CombatError::AllocationTotal`] if the hits allocated are
    /// not exactly `hits`, [`CombatError::UnreachableTarget`] for a track no valid vector
    /// reaches.
    pub fn check_allocation(
        &self,
        seat: Seat,
        hits: u8,
        allocation: HitAllocation,
    ) -> Result<(), CombatError> {
        self.roster(seat)?;
        let allocated: u32 = allocation.counts().iter().map(|&c| u32::from(c)).sum();
        if allocated != u32::from(hits) {
            return Err(CombatError::AllocationTotal {
                seat,
                allocated,
                hits,
            });
        }
        let reachable = self.reachable_targets(seat);
        if let Some(target) = allocation.present().find(|t| !reachable[t.index()]) {
            return Err(CombatError::UnreachableTarget { seat, target });
        }
        Ok(())
    }

    /// Every valid allocation of `hits` for `seat`, in increasing order: the legal secret
    /// allocations. At most `C(hits + 4, 4)` (1,001 for the most hits, [`MAX_DICE`]); empty
    /// when `hits > 0` and no type is reachable or when `hits` exceeds [`MAX_DICE`] (no roll
    /// gives that many), a single all-zero allocation when `hits` is 0.
    pub fn allocations(&self, seat: Seat, hits: u8) -> Vec<HitAllocation> {
        let reachable = self.reachable_targets(seat);
        if hits > MAX_DICE || (hits > 0 && !reachable.contains(&true)) {
            return Vec::new();
        }
        compositions(hits, reachable)
    }

    /// The seats with ships of type `ship` that `marker` may mark one of (§9.A step 8: when
    /// several opponents have that type, the marker chooses whose).
    pub fn mark_targets(&self, marker: Seat, ship: ShipType) -> SeatSet {
        self.fleets
            .iter()
            .filter(|(s, r)| *s != marker && r.count(ship) > 0)
            .map(|(s, _)| s)
            .collect()
    }

    /// Step 9: removes every marked ship at once, after all seats have marked. Returns the
    /// battle after the round and each seat's losses.
    pub fn resolve_casualties(&self, marks: &Marks) -> (Battle, PerSeat<Roster>) {
        let losses = PerSeat::from_fn(self.seats(), |seat| {
            let own = self.fleets[seat].0;
            let marked = marks.marked.get(seat).map_or([0; 5], |m| m.0);
            Roster(std::array::from_fn(|i| marked[i].min(own[i])))
        });
        let after = PerSeat::from_fn(self.seats(), |seat| {
            let own = self.fleets[seat].0;
            let lost = losses[seat].0;
            Roster(std::array::from_fn(|i| own[i] - lost[i]))
        });
        (Battle { fleets: after }, losses)
    }

    /// Exact odds of how many enemy ships `seat` destroys this round when its allocation puts
    /// no more hits on a type than the enemies have ships of it: with `h` hits and `r` enemy
    /// ships on reachable types, that is `min(h, r)`, the most any allocation can destroy. In a
    /// two-player battle it is exactly the opponent's losses from such an allocation.
    pub fn kill_distribution(&self, seat: Seat) -> Dist<u8> {
        let reachable = self.reachable_targets(seat);
        let ships: u32 = ShipType::ALL
            .into_iter()
            .filter(|t| reachable[t.index()])
            .flat_map(|t| {
                self.fleets
                    .iter()
                    .filter(move |(s, _)| *s != seat)
                    .map(move |(_, r)| u32::from(r.count(t)))
            })
            .sum();
        let cap = u8::try_from(ships).unwrap_or(u8::MAX);
        success_distribution(self.dice(seat)).map(|h| (*h).min(cap))
    }

    /// Exact odds of one round between two seats, as `(a's losses, b's losses)`, when both
    /// allocate without overkill ([`Battle::kill_distribution`]); other seats' ships are
    /// ignored, so this is exact for two-player battles.
    pub fn duel_round(&self, a: Seat, b: Seat) -> Dist<(u8, u8)> {
        let a_kills = self.kill_distribution(a);
        let b_kills = self.kill_distribution(b);
        b_kills.combine(&a_kills, |a_lost, b_lost| (*a_lost, *b_lost))
    }

    /// Step 10, checked after casualties (and before the first round): another round, a
    /// winner, mutual destruction, or our stalemate guard when nobody still earns a die.
    pub fn round_check(&self) -> RoundCheck {
        let left = self.participants();
        match left.len() {
            0 => RoundCheck::Annihilation,
            1 => left
                .iter()
                .next()
                .map_or(RoundCheck::Annihilation, RoundCheck::Won),
            _ if left.iter().all(|s| self.dice(s) == 0) => RoundCheck::Stalemate(left),
            _ => RoundCheck::NextRound,
        }
    }
}

/// The order in which seats mark their targets (§9.A step 8): the attacker first, then every
/// other seat still in the battle in the round's turn order (`turn_order`, first player
/// first). Seats with no ships at the start of the round do not mark.
pub fn marking_order(attacker: Seat, turn_order: &[Seat], battle: &Battle) -> Vec<Seat> {
    let in_battle = battle.participants();
    let mut order = Vec::with_capacity(in_battle.len());
    if in_battle.contains(attacker) {
        order.push(attacker);
    }
    order.extend(
        turn_order
            .iter()
            .copied()
            .filter(|s| *s != attacker && in_battle.contains(*s)),
    );
    order
}

/// The marks placed in one round (§9.A step 8): for each seat and type, how many of its ships
/// carry at least one mark.
///
/// Ships of one type and owner are interchangeable, so a mark always goes on an unmarked ship
/// of that type while one is left; a further mark on an already marked ship is allowed (the
/// rulebook lets a ship take several) and changes nothing.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Marks {
    marked: PerSeat<Roster>,
}

impl Marks {
    /// No marks yet, for a battle.
    pub fn new(battle: &Battle) -> Marks {
        Marks {
            marked: PerSeat::from_fn(battle.seats(), |_| Roster::EMPTY),
        }
    }

    /// `marker` marks one of `target`'s ships of type `ship` with one allocated hit.
    ///
    /// # Errors
    /// [`CombatError::NoSuchSeat`], [`CombatError::MarkOwnShip`] or
    /// [`CombatError::NothingToMark`]; the marks are unchanged.
    pub fn mark(
        &mut self,
        battle: &Battle,
        marker: Seat,
        target: Seat,
        ship: ShipType,
    ) -> Result<(), CombatError> {
        battle.roster(marker)?;
        let present = battle.roster(target)?.count(ship);
        if marker == target {
            return Err(CombatError::MarkOwnShip { seat: marker });
        }
        if present == 0 {
            return Err(CombatError::NothingToMark { target, ship });
        }
        if target.index() >= self.marked.len() {
            // Marks made for a battle of fewer seats.
            return Err(CombatError::NoSuchSeat {
                seat: target,
                seats: self.marked.len(),
            });
        }
        let slot = &mut self.marked[target].0[ship.index()];
        *slot = (*slot + 1).min(present);
        Ok(())
    }

    /// Marks all of `marker`'s allocated hits whose target type only one opponent has, and
    /// returns the hits left that need a choice of opponent (per type).
    ///
    /// # Errors
    /// As [`Marks::mark`]; the marks are unchanged on error.
    pub fn mark_forced(
        &mut self,
        battle: &Battle,
        marker: Seat,
        allocation: HitAllocation,
    ) -> Result<HitAllocation, CombatError> {
        let mut next = self.clone();
        let mut open = [0u8; 5];
        for ship in allocation.present() {
            let targets = battle.mark_targets(marker, ship);
            match targets.len() {
                0 => {
                    return Err(CombatError::UnreachableTarget {
                        seat: marker,
                        target: ship,
                    });
                }
                1 => {
                    for target in targets.iter() {
                        for _ in 0..allocation.count(ship) {
                            next.mark(battle, marker, target, ship)?;
                        }
                    }
                }
                _ => open[ship.index()] = allocation.count(ship),
            }
        }
        *self = next;
        Ok(Roster(open))
    }

    /// How many of each seat's ships are marked.
    pub fn marked(&self) -> &PerSeat<Roster> {
        &self.marked
    }
}

/// The exact number of successes (fives and sixes) on `dice` dice (§9.A steps 4–5): each die
/// succeeds with probability 1/3, so this is binomial(`dice`, 1/3) as exact fractions. More
/// than [`MAX_DICE`] dice are counted as [`MAX_DICE`], the most a player can roll.
pub fn success_distribution(dice: u8) -> Dist<u8> {
    let n = u32::from(dice.min(MAX_DICE));
    // weight of k successes out of 3^n: C(n, k) · 2^(n − k) (two successful faces of six is
    // one of three; four failing faces is two of three).
    let weights = (0..=n).map(|k| (k as u8, binomial(n, k) * 2u64.pow(n - k)));
    Dist::from_weights(weights).unwrap_or_else(|_| Dist::certain(0))
}

fn binomial(n: u32, k: u32) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * u64::from(n - i) / u64::from(i + 1))
}

/// A rolled die face, 1 to 6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
#[serde(try_from = "u8", into = "u8")]
pub struct Pip(u8);

impl Pip {
    /// The six faces, 1 to 6.
    pub const ALL: [Pip; 6] = [Pip(1), Pip(2), Pip(3), Pip(4), Pip(5), Pip(6)];

    /// A face from 1 to 6.
    ///
    /// # Panics
    /// If `face` is not 1 to 6; use `Pip::try_from` for untrusted numbers.
    #[track_caller]
    pub const fn new(face: u8) -> Pip {
        assert!(face >= 1 && face <= 6, "a die face is 1 to 6");
        Pip(face)
    }

    /// The face value.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// Whether the face is a success (5 or 6, §9.A step 5).
    pub const fn is_success(self) -> bool {
        self.0 >= SUCCESS_FROM
    }
}

/// Error for a die face outside 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("die face {0} is not 1 to 6")]
pub struct BadPip(pub u8);

bounded_u8!(Pip, BadPip, 1..=6);

/// The hit pool of a roll (§9.A step 5): the number of successes.
pub fn hits(roll: &[Pip]) -> u8 {
    roll.iter().filter(|p| p.is_success()).count() as u8
}

/// Who controls the contested sector after combat (§9.A step 11).
///
/// - One seat left with ships: it takes or keeps control.
/// - Nobody left: uncontrolled, unless `previous` (the controller before the combat) was a
///   defender — in the combat at the start, not the attacker — with a structure in the sector
///   before the combat (`structure_owners`), who then keeps it.
/// - Our stalemate guard ended the combat with several seats left: the ordinary control rule
///   on the ships left ([`controller`]).
pub fn control_after_combat(
    start: &Battle,
    end: &Battle,
    attacker: Seat,
    previous: Option<Seat>,
    structure_owners: SeatSet,
) -> Option<Seat> {
    match end.round_check() {
        RoundCheck::Won(seat) => Some(seat),
        RoundCheck::Annihilation => previous.filter(|p| {
            *p != attacker && start.participants().contains(*p) && structure_owners.contains(*p)
        }),
        RoundCheck::Stalemate(_) | RoundCheck::NextRound => {
            let counts = PerSeat::from_fn(end.seats(), |s| end.fleets[s].total());
            controller(&counts, previous)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ShipType::*;
    use gridwright_engine::dice::Ratio;

    fn p(i: u8) -> Seat {
        Seat::new(i)
    }

    fn roster(pairs: &[(ShipType, u8)]) -> Roster {
        let mut c = [0; 5];
        for (s, n) in pairs {
            c[s.index()] += n;
        }
        Roster::new(c).unwrap()
    }

    /// A battle of the seats' fleets, each as (ship type, count) pairs.
    fn fleets(seats: &[&[(ShipType, u8)]]) -> Battle {
        battle(seats.iter().map(|pairs| roster(pairs)).collect())
    }

    fn battle(rosters: Vec<Roster>) -> Battle {
        Battle::new(PerSeat::from(rosters))
    }

    #[test]
    fn ship_counters_follow_the_rulebook_table() {
        assert_eq!(BeamFrigate.counters(), [ShieldCruiser, DroneCarrier]);
        assert_eq!(
            ShieldCruiser.counters(),
            [FighterSquadron, ArtilleryPlatform]
        );
        assert_eq!(ArtilleryPlatform.counters(), [DroneCarrier, BeamFrigate]);
        assert_eq!(DroneCarrier.counters(), [FighterSquadron, ShieldCruiser]);
        assert_eq!(FighterSquadron.counters(), [BeamFrigate, ArtilleryPlatform]);
    }

    #[test]
    fn every_ship_type_is_countered_by_the_two_types_the_rulebook_names() {
        let countered_by = |t: ShipType| -> Vec<ShipType> {
            ShipType::ALL
                .into_iter()
                .filter(|a| a.has_vector_to(t))
                .collect()
        };
        assert_eq!(
            countered_by(BeamFrigate),
            [ArtilleryPlatform, FighterSquadron]
        );
        assert_eq!(countered_by(ShieldCruiser), [BeamFrigate, DroneCarrier]);
        assert_eq!(
            countered_by(ArtilleryPlatform),
            [ShieldCruiser, FighterSquadron]
        );
        assert_eq!(countered_by(DroneCarrier), [BeamFrigate, ArtilleryPlatform]);
        assert_eq!(countered_by(FighterSquadron), [ShieldCruiser, DroneCarrier]);
    }

    #[test]
    fn any_two_ship_types_have_exactly_one_vector_between_them() {
        for a in ShipType::ALL {
            assert!(!a.has_vector_to(a), "{a} has no vector to itself");
            for b in ShipType::ALL.into_iter().filter(|b| *b != a) {
                assert!(a.has_vector_to(b) ^ b.has_vector_to(a), "{a} / {b}");
            }
        }
    }

    #[test]
    fn ship_type_words_round_trip() {
        for s in ShipType::ALL {
            assert_eq!(ShipType::parse(s.word()), Some(s));
        }
        assert_eq!(ShipType::parse("Beam"), Some(BeamFrigate));
        assert_eq!(ShipType::parse("cruiser"), None);
    }

    #[test]
    fn roster_text_reads_back_the_same() {
        for r in Roster::configurations(3) {
            assert_eq!(r.to_string().parse::<Roster>(), Ok(r));
        }
        assert_eq!(Roster::EMPTY.to_string(), "none");
        assert_eq!(
            "Artillery 1 beam 2".parse::<Roster>(),
            Ok(roster(&[(BeamFrigate, 2), (ArtilleryPlatform, 1)]))
        );
        assert_eq!(roster(&[(DroneCarrier, 4)]).to_string(), "drone 4");
        for (text, why) in [
            ("", "pairs"),
            ("beam", "pairs"),
            ("cruiser 2", "ship types"),
            ("beam 1, beam 2", "twice"),
            ("beam -1", "whole number"),
            ("beam 20, shield 6", "25 fleet tokens"),
        ] {
            let err = text.parse::<Roster>().unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn configuration_places_every_fleet_in_the_sector() {
        assert!(Roster::configure([1, 0, 2, 0, 0], 3).is_ok());
        assert_eq!(
            Roster::configure([1, 0, 1, 0, 0], 3),
            Err(CombatError::ConfigurationMismatch {
                configured: 2,
                in_sector: 3
            })
        );
        assert_eq!(
            Roster::new([20, 6, 0, 0, 0]),
            Err(CombatError::TooManyShips { total: 26 })
        );
    }

    #[test]
    fn configurations_list_every_split_of_the_fleets_once() {
        assert_eq!(Roster::configurations(0), vec![Roster::EMPTY]);
        assert_eq!(Roster::configurations(1).len(), 5);
        let three = Roster::configurations(3);
        assert_eq!(three.len(), 35); // C(7, 4)
        assert!(three.windows(2).all(|w| w[0] < w[1]));
        assert!(three.iter().all(|r| r.total() == 3));
        assert_eq!(Roster::configurations(MAX_FLEETS).len(), 23_751); // C(29, 4)
    }

    #[test]
    fn a_node_earns_one_die_per_vector_to_an_enemy_type_present() {
        // P1's beams have vectors to shields and drones; P2 has a shield only.
        let b = fleets(&[&[(BeamFrigate, 3)], &[(ShieldCruiser, 1)]]);
        assert_eq!(b.dice(p(0)), 1);
        // Shields have vectors to fighters and artillery, neither present: no die for P2.
        assert_eq!(b.dice(p(1)), 0);
    }

    #[test]
    fn node_dice_count_vectors_not_ships() {
        // Five beams earn no more than one beam.
        let one = fleets(&[&[(BeamFrigate, 1)], &[(DroneCarrier, 4)]]);
        let five = fleets(&[&[(BeamFrigate, 5)], &[(DroneCarrier, 4)]]);
        assert_eq!(one.dice(p(0)), 1);
        assert_eq!(five.dice(p(0)), 1);
    }

    #[test]
    fn node_cap_a_node_earns_one_die_per_vector_not_per_opponent() {
        // Beams facing shields and drones of two different opponents: both vectors active,
        // still two dice from the beam node, not one per opponent.
        let b = fleets(&[
            &[(BeamFrigate, 2)],
            &[(ShieldCruiser, 1), (DroneCarrier, 1)],
            &[(ShieldCruiser, 2), (DroneCarrier, 2)],
        ]);
        assert_eq!(b.dice(p(0)), NODE_CAP);
    }

    #[test]
    fn dice_add_up_over_the_nodes_a_player_occupies() {
        // P1: beam (→ shield, drone) and fighter (→ beam, artillery); P2: shield, drone,
        // artillery. Beam earns 2, fighter earns 1 (artillery; no enemy beam) = 3.
        let b = fleets(&[
            &[(BeamFrigate, 1), (FighterSquadron, 1)],
            &[
                (ShieldCruiser, 1),
                (DroneCarrier, 1),
                (ArtilleryPlatform, 1),
            ],
        ]);
        assert_eq!(b.dice(p(0)), 3);
        // P2: shield → fighter (yes), artillery (own, not enemy) = 1; drone → fighter (yes),
        // shield (own) = 1; artillery → drone (own), beam (yes) = 1.
        assert_eq!(b.dice(p(1)), 3);
    }

    #[test]
    fn own_ships_never_earn_dice_against_each_other() {
        let b = fleets(&[&[(BeamFrigate, 1), (ShieldCruiser, 1)], &[(BeamFrigate, 1)]]);
        // P1's beam → shield is its own shield: no die. Its shield's vectors hit nothing.
        assert_eq!(b.dice(p(0)), 0);
        // P2's beam → P1's shield: one die.
        assert_eq!(b.dice(p(1)), 1);
    }

    #[test]
    fn the_most_dice_a_player_rolls_is_ten() {
        // Every node occupied by P1 and every type present for the enemies (spread over two).
        let b = battle(vec![
            Roster::new([1; 5]).unwrap(),
            roster(&[(BeamFrigate, 1), (ShieldCruiser, 1), (ArtilleryPlatform, 1)]),
            roster(&[(DroneCarrier, 1), (FighterSquadron, 1)]),
        ]);
        assert_eq!(b.dice(p(0)), MAX_DICE);
    }

    #[test]
    fn successes_are_fives_and_sixes() {
        let roll: Vec<Pip> = [1, 4, 5, 6, 6, 2].into_iter().map(Pip::new).collect();
        assert_eq!(hits(&roll), 3);
        assert!(Pip::try_from(0).is_err());
        assert!(Pip::try_from(7).is_err());
    }

    #[test]
    fn success_odds_are_exact_thirds() {
        let two = success_distribution(2);
        assert_eq!(two.probability(&0), Ratio::new(4, 9));
        assert_eq!(two.probability(&1), Ratio::new(4, 9));
        assert_eq!(two.probability(&2), Ratio::new(1, 9));
        let none = success_distribution(0);
        assert_eq!(none.probability(&0), Ratio::ONE);
        let ten = success_distribution(MAX_DICE);
        assert_eq!(ten.probability(&10), Ratio::new(1, 59_049));
        assert_eq!(ten.expected(), Ratio::new(10, 3));
    }

    #[test]
    fn exact_odds_of_one_round_between_two_fleets() {
        // P1's shield has a vector to P2's fighter; P2's fighter to P1's beam: one die each.
        let b = fleets(&[
            &[(BeamFrigate, 1), (ShieldCruiser, 1)],
            &[(FighterSquadron, 1)],
        ]);
        let round = b.duel_round(p(0), p(1));
        assert_eq!(round.probability(&(0, 0)), Ratio::new(4, 9));
        assert_eq!(round.probability(&(1, 0)), Ratio::new(2, 9));
        assert_eq!(round.probability(&(0, 1)), Ratio::new(2, 9));
        assert_eq!(round.probability(&(1, 1)), Ratio::new(1, 9));
    }

    #[test]
    fn kills_in_a_round_are_capped_by_the_ships_hits_can_reach() {
        // Beam and artillery both have a vector to P2's lone drone: two dice, one target.
        let b = fleets(&[
            &[(BeamFrigate, 1), (ArtilleryPlatform, 1)],
            &[(DroneCarrier, 1), (FighterSquadron, 3)],
        ]);
        assert_eq!(b.dice(p(0)), 2);
        let kills = b.kill_distribution(p(0));
        assert_eq!(kills.probability(&0), Ratio::new(4, 9));
        assert_eq!(kills.probability(&1), Ratio::new(5, 9));
        assert_eq!(kills.probability(&2), Ratio::ZERO);
    }

    #[test]
    fn hits_may_go_only_to_types_a_valid_vector_reaches() {
        // The rulebook's example: two hits on track 2, shield cruisers. P1 has beams (→
        // shield, drone); P2 has shields and fighters.
        let b = fleets(&[
            &[(BeamFrigate, 2)],
            &[(ShieldCruiser, 2), (FighterSquadron, 1)],
        ]);
        let two_on_shields = roster(&[(ShieldCruiser, 2)]);
        assert_eq!(b.check_allocation(p(0), 2, two_on_shields), Ok(()));
        // Drones are reachable by a vector but P2 has none.
        assert_eq!(
            b.check_allocation(p(0), 2, roster(&[(ShieldCruiser, 1), (DroneCarrier, 1)])),
            Err(CombatError::UnreachableTarget {
                seat: p(0),
                target: DroneCarrier
            })
        );
        // Fighters are present but beams have no vector to them.
        assert_eq!(
            b.check_allocation(p(0), 1, roster(&[(FighterSquadron, 1)])),
            Err(CombatError::UnreachableTarget {
                seat: p(0),
                target: FighterSquadron
            })
        );
    }

    #[test]
    fn hit_allocation_must_use_the_whole_hit_pool() {
        let b = fleets(&[&[(BeamFrigate, 2)], &[(ShieldCruiser, 2)]]);
        assert_eq!(
            b.check_allocation(p(0), 2, roster(&[(ShieldCruiser, 1)])),
            Err(CombatError::AllocationTotal {
                seat: p(0),
                allocated: 1,
                hits: 2
            })
        );
        assert_eq!(b.check_allocation(p(0), 0, Roster::EMPTY), Ok(()));
    }

    #[test]
    fn allocations_list_exactly_the_valid_ones() {
        let b = fleets(&[
            &[(BeamFrigate, 1), (FighterSquadron, 1)],
            &[
                (ShieldCruiser, 1),
                (ArtilleryPlatform, 1),
                (FighterSquadron, 1),
            ],
        ]);
        // Reachable: shield (beam), artillery (fighter). Three hits over two tracks: 4 ways.
        let all = b.allocations(p(0), 3);
        assert_eq!(all.len(), 4);
        for a in &all {
            assert_eq!(b.check_allocation(p(0), 3, *a), Ok(()));
        }
        // Brute force over every roster of three hits: valid ones are exactly those listed.
        let valid: Vec<Roster> = Roster::configurations(3)
            .into_iter()
            .filter(|a| b.check_allocation(p(0), 3, *a).is_ok())
            .collect();
        assert_eq!(valid, all);
        assert_eq!(b.allocations(p(0), 0), vec![Roster::EMPTY]);
        assert!(b.allocations(p(0), MAX_DICE + 1).is_empty());
    }

    #[test]
    fn attacker_marks_first_then_the_others_in_turn_order() {
        let b = battle(vec![
            roster(&[(BeamFrigate, 1)]),
            roster(&[(ShieldCruiser, 1)]),
            Roster::EMPTY,
            roster(&[(DroneCarrier, 1)]),
        ]);
        // Turn order P4, P3, P1, P2; P2 attacked. P3 is not in the combat.
        let order = [p(3), p(2), p(0), p(1)];
        assert_eq!(marking_order(p(1), &order, &b), vec![p(1), p(3), p(0)]);
    }

    #[test]
    fn the_marker_chooses_whose_ship_when_several_opponents_have_the_type() {
        let b = fleets(&[
            &[(BeamFrigate, 2)],
            &[(ShieldCruiser, 1)],
            &[(ShieldCruiser, 3), (DroneCarrier, 1)],
        ]);
        assert_eq!(
            b.mark_targets(p(0), ShieldCruiser),
            SeatSet::EMPTY.with(p(1)).with(p(2))
        );
        let mut marks = Marks::new(&b);
        // Drones: only P3 has them, marked without a choice; shields stay open.
        let open = marks
            .mark_forced(&b, p(0), roster(&[(ShieldCruiser, 1), (DroneCarrier, 1)]))
            .unwrap();
        assert_eq!(open, roster(&[(ShieldCruiser, 1)]));
        marks.mark(&b, p(0), p(2), ShieldCruiser).unwrap();
        assert_eq!(
            marks.marked()[p(2)],
            roster(&[(ShieldCruiser, 1), (DroneCarrier, 1)])
        );
        assert_eq!(marks.marked()[p(1)], Roster::EMPTY);
    }

    #[test]
    fn marks_only_fall_on_opponents_ships_present() {
        let b = fleets(&[&[(BeamFrigate, 2)], &[(ShieldCruiser, 1)]]);
        let mut marks = Marks::new(&b);
        assert_eq!(
            marks.mark(&b, p(0), p(0), BeamFrigate),
            Err(CombatError::MarkOwnShip { seat: p(0) })
        );
        assert_eq!(
            marks.mark(&b, p(0), p(1), DroneCarrier),
            Err(CombatError::NothingToMark {
                target: p(1),
                ship: DroneCarrier
            })
        );
        assert_eq!(marks, Marks::new(&b));
    }

    #[test]
    fn marks_made_for_a_smaller_battle_are_refused() {
        let two = fleets(&[&[(BeamFrigate, 1)], &[(ShieldCruiser, 1)]]);
        let three = battle(vec![
            roster(&[(BeamFrigate, 1)]),
            Roster::EMPTY,
            roster(&[(ShieldCruiser, 1)]),
        ]);
        let mut marks = Marks::new(&two);
        assert_eq!(
            marks.mark(&three, p(0), p(2), ShieldCruiser),
            Err(CombatError::NoSuchSeat {
                seat: p(2),
                seats: 2
            })
        );
        assert_eq!(marks, Marks::new(&two));
    }

    #[test]
    fn a_ship_can_take_several_marks_but_is_destroyed_once() {
        let b = fleets(&[
            &[(BeamFrigate, 1)],
            &[(ShieldCruiser, 1), (FighterSquadron, 1)],
            &[(DroneCarrier, 1)],
        ]);
        let mut marks = Marks::new(&b);
        marks.mark(&b, p(0), p(1), ShieldCruiser).unwrap();
        marks.mark(&b, p(0), p(1), ShieldCruiser).unwrap();
        marks.mark(&b, p(2), p(1), ShieldCruiser).unwrap();
        let (after, losses) = b.resolve_casualties(&marks);
        assert_eq!(losses[p(1)], roster(&[(ShieldCruiser, 1)]));
        assert_eq!(after.roster(p(1)), Ok(roster(&[(FighterSquadron, 1)])));
    }

    #[test]
    fn each_mark_takes_an_unmarked_ship_while_one_is_left() {
        // Two hits on P2's three shields: two shields go, one stays.
        let b = fleets(&[&[(BeamFrigate, 2)], &[(ShieldCruiser, 3)]]);
        let mut marks = Marks::new(&b);
        assert_eq!(
            marks.mark_forced(&b, p(0), roster(&[(ShieldCruiser, 2)])),
            Ok(Roster::EMPTY)
        );
        let (after, losses) = b.resolve_casualties(&marks);
        assert_eq!(losses[p(1)], roster(&[(ShieldCruiser, 2)]));
        assert_eq!(after.roster(p(1)), Ok(roster(&[(ShieldCruiser, 1)])));
    }

    #[test]
    fn casualties_are_removed_simultaneously() {
        // Each side's only ship is marked by the other: both go, though each was marked
        // "after" the other had already been marked.
        let b = fleets(&[&[(BeamFrigate, 1)], &[(FighterSquadron, 1)]]);
        // Fighter → beam; beam → neither fighter nor artillery: only P2 rolls.
        assert_eq!((b.dice(p(0)), b.dice(p(1))), (0, 1));
        let b = fleets(&[
            &[(BeamFrigate, 1), (ShieldCruiser, 1)],
            &[(FighterSquadron, 1)],
        ]);
        let mut marks = Marks::new(&b);
        marks.mark(&b, p(0), p(1), FighterSquadron).unwrap(); // shield → fighter
        marks.mark(&b, p(1), p(0), BeamFrigate).unwrap(); // fighter → beam
        let (after, _) = b.resolve_casualties(&marks);
        assert_eq!(after.roster(p(0)), Ok(roster(&[(ShieldCruiser, 1)])));
        assert_eq!(after.roster(p(1)), Ok(Roster::EMPTY));
    }

    #[test]
    fn combat_continues_while_two_players_have_ships_and_dice() {
        let b = fleets(&[&[(BeamFrigate, 1)], &[(ShieldCruiser, 1)]]);
        assert_eq!(b.round_check(), RoundCheck::NextRound);
    }

    #[test]
    fn combat_ends_when_one_or_no_player_has_ships() {
        let won = battle(vec![Roster::EMPTY, roster(&[(ShieldCruiser, 1)])]);
        assert_eq!(won.round_check(), RoundCheck::Won(p(1)));
        let none = battle(vec![Roster::EMPTY, Roster::EMPTY, Roster::EMPTY]);
        assert_eq!(none.round_check(), RoundCheck::Annihilation);
    }

    #[test]
    fn combat_stops_when_nobody_earns_a_die() {
        // Everyone on the same node: no vector is ever active.
        let b = fleets(&[&[(DroneCarrier, 2)], &[(DroneCarrier, 5)]]);
        assert_eq!(
            b.round_check(),
            RoundCheck::Stalemate(SeatSet::EMPTY.with(p(0)).with(p(1)))
        );
        // The ordinary control rule then decides: P2 has more ships.
        assert_eq!(
            control_after_combat(&b, &b, p(0), None, SeatSet::EMPTY),
            Some(p(1))
        );
    }

    #[test]
    fn the_last_player_with_ships_controls_the_sector() {
        let start = fleets(&[&[(BeamFrigate, 2)], &[(ShieldCruiser, 1)]]);
        let end = battle(vec![roster(&[(BeamFrigate, 1)]), Roster::EMPTY]);
        let with_structure = SeatSet::EMPTY.with(p(1));
        assert_eq!(
            control_after_combat(&start, &end, p(0), Some(p(1)), with_structure),
            Some(p(0))
        );
    }

    #[test]
    fn mutual_destruction_leaves_the_sector_uncontrolled() {
        let start = fleets(&[&[(BeamFrigate, 1)], &[(ShieldCruiser, 1)]]);
        let end = battle(vec![Roster::EMPTY, Roster::EMPTY]);
        assert_eq!(
            control_after_combat(&start, &end, p(0), Some(p(1)), SeatSet::EMPTY),
            None
        );
    }

    #[test]
    fn a_defender_with_a_structure_keeps_control_on_mutual_destruction() {
        let start = fleets(&[&[(BeamFrigate, 1)], &[(ShieldCruiser, 1)]]);
        let end = battle(vec![Roster::EMPTY, Roster::EMPTY]);
        let owners = SeatSet::EMPTY.with(p(1));
        assert_eq!(
            control_after_combat(&start, &end, p(0), Some(p(1)), owners),
            Some(p(1))
        );
        // The attacker's own structure does not count: it is not the defender.
        let attacker_owns = SeatSet::EMPTY.with(p(0));
        assert_eq!(
            control_after_combat(&start, &end, p(0), Some(p(0)), attacker_owns),
            None
        );
    }
}
