//! Actions (player choices and chance outcomes), their vocabulary types and JSON shapes.
//!
//! | action | text | who, when |
//! |---|---|---|
//! | [`Action::Chooser`] | `chooser P2` | chance: who decides the placement order |
//! | [`Action::PlaceFirst`] | `place first` / `place second` | the chooser |
//! | [`Action::Deploy`] | `deploy 1 at e1 facing s` | deployment, alternating |
//! | [`Action::Assign`] | `assign 2 to 1` (number 2 to mech 1) | ordering draft, alternating |
//! | [`Action::Program`] | `program 1 veer/2` (next slot of mech 1) | programming, simultaneous, hidden |
//! | [`Action::Leave`] | `leave 1` (mech 1's next slot stays empty) | programming, simultaneous, hidden |
//! | [`Action::Fill`] | `fill 1 veer/2` | chance: a random card for an empty slot of mech 1 |
//! | [`Action::AttackDice`] | `roll 1 crit 2 hit` | chance: attack (or self-damage) dice |
//! | [`Action::ArmourDice`] | `roll 2 block` | chance: the defender's armour dice |
//! | [`Action::EvadeDice`] | `roll 1 evade` | chance: the defender's evade dice |
//! | [`Action::Fire`] | `fire 1 hammer` | combat: the weapon (its delta is paid at once) |
//! | [`Action::Aim`] | `aim at 3` | combat: the target, once the delta is paid |
//! | [`Action::HoldFire`] | `hold fire` | combat: no attack |
//! | [`Action::Reroll`] | `reroll attack blank` | attacker (Surge) or defender (Flux/Surge) |
//! | [`Action::Rerolled`] | `rerolled hit` | chance: the rerolled die |
//! | [`Action::Keep`] | `keep` | stop rerolling / stop putting cards back |
//! | [`Action::Reveal`] | `reveal 3: hammer, brace, wheel` | chance: cards revealed by a crit |
//! | [`Action::PutBack`] | `put back 3 hammer` | attacker, one targeting token each |
//! | [`Action::Deplete`] | `deplete 3 brace` | defender, one of the cards left |
//!
//! Mech numbers, rows and the half number of a split card are shown one-based; JSON uses
//! zero-based indices (`{"program": {"mech": 0, "card": {"card": 2, "flipped": true}}}`).
//!
//! A program is chosen one slot at a time, front to back (rules version 3): each `program`
//! action puts a card into the mech's next slot and each `leave` leaves it empty (to be filled
//! at random when the mech executes). The program is sealed once every slot has been decided,
//! so every program takes exactly as many steps as the mech has slots, whatever it holds: the
//! other seat learns nothing from when a seat is done.

use crate::config::{MAX_DIRECTIVES, MAX_SLOTS, MAX_WEAPONS};
use gridwright_engine::Seat;
use gridwright_engine::geom::Dir8;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A mech's number within a game: P1's mechs first, in scenario order. Zero-based in JSON, shown
/// one-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct MechId(pub(crate) u8);

impl MechId {
    /// The mech with zero-based index `i`, if plausible.
    pub fn new(i: u8) -> Option<MechId> {
        (usize::from(i) < crate::config::MAX_MECHS).then_some(MechId(i))
    }

    /// Zero-based index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// One-based number people see.
    pub fn number(self) -> u8 {
        self.0 + 1
    }
}

gridwright_engine::display_number!(MechId);

/// A board square: `x` column from the west, `y` row from the north, both zero-based. Written
/// `e1` (column letter, row number from the top).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pos {
    /// Column, from 0 (west).
    pub x: u8,
    /// Row, from 0 (north).
    pub y: u8,
}

impl Pos {
    /// The square at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// Parses `e1`-style text.
    pub fn parse(text: &str) -> Option<Pos> {
        let t = text.trim().to_ascii_lowercase();
        let mut chars = t.chars();
        let col = chars.next().filter(char::is_ascii_lowercase)?;
        let row: u8 = chars.as_str().parse().ok()?;
        let x = col as u8 - b'a';
        (row >= 1).then(|| Pos::new(x, row - 1))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), u32::from(self.y) + 1)
    }
}

/// The text name of a facing (`n`, `ne`, …).
pub fn dir_name(d: Dir8) -> &'static str {
    match d {
        Dir8::N => "n",
        Dir8::NE => "ne",
        Dir8::E => "e",
        Dir8::SE => "se",
        Dir8::S => "s",
        Dir8::SW => "sw",
        Dir8::W => "w",
        Dir8::NW => "nw",
    }
}

/// Parses a facing name.
pub fn parse_dir(text: &str) -> Option<Dir8> {
    let t = text.trim().to_ascii_lowercase();
    Dir8::ALL.into_iter().find(|d| dir_name(*d) == t)
}

/// One slot of a program: empty, or a directive card (index into the chassis' directives) and
/// whether it is turned so that its second half is on top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Slot(pub(crate) u8);

/// The JSON shape of a filled slot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SlotCard {
    /// Zero-based index into the chassis' directives.
    pub card: u8,
    /// Whether the second half is on top (split cards only).
    #[serde(default)]
    pub flipped: bool,
}

impl Slot {
    /// The empty slot.
    pub const EMPTY: Slot = Slot(0);

    /// A slot holding directive `card`, upright or flipped.
    ///
    /// # Panics
    /// If `card >= MAX_DIRECTIVES`.
    #[track_caller]
    pub fn card(card: u8, flipped: bool) -> Slot {
        assert!(
            usize::from(card) < MAX_DIRECTIVES,
            "directive index out of range"
        );
        Slot(1 + card * 2 + u8::from(flipped))
    }

    /// Whether the slot is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The card and orientation, if filled.
    pub fn get(self) -> Option<SlotCard> {
        (self.0 != 0).then(|| SlotCard {
            card: (self.0 - 1) / 2,
            flipped: (self.0 - 1) % 2 == 1,
        })
    }

    /// The card index, if filled.
    pub(crate) fn index(self) -> Option<usize> {
        (self.0 != 0).then(|| usize::from((self.0 - 1) / 2))
    }

    /// Which half is on top (0 or 1), if filled.
    pub(crate) fn half(self) -> usize {
        usize::from(self.0.saturating_sub(1) % 2)
    }
}

/// A program: one slot per directive slot, at most [`MAX_SLOTS`]. More cards than that cannot be
/// written down: the JSON form refuses a longer list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Vec<Option<SlotCard>>"))]
pub struct Program(pub(crate) [Slot; MAX_SLOTS]);

impl Program {
    /// The empty program.
    pub const EMPTY: Program = Program([Slot::EMPTY; MAX_SLOTS]);

    /// A program from a list of slots; `None` if the list is longer than [`MAX_SLOTS`].
    pub fn new(slots: &[Slot]) -> Option<Program> {
        if slots.len() > MAX_SLOTS {
            return None;
        }
        let mut p = Program::EMPTY;
        p.0[..slots.len()].copy_from_slice(slots);
        Some(p)
    }

    /// The slots (always [`MAX_SLOTS`] of them; a chassis uses the first `slots`).
    pub fn slots(&self) -> &[Slot; MAX_SLOTS] {
        &self.0
    }

    /// Number of cards placed.
    pub fn cards(&self) -> usize {
        self.0.iter().filter(|s| !s.is_empty()).count()
    }

    /// The directives the program uses, as a bit mask over directive indices.
    pub(crate) fn card_mask(&self) -> u16 {
        self.0
            .iter()
            .filter_map(|s| s.index())
            .fold(0, |m, j| m | 1 << j)
    }

    /// The program with directive `card` (turned if `flipped`) in slot `at` (unchanged if
    /// there is no such slot).
    pub(crate) fn with_slot(mut self, at: usize, card: u8, flipped: bool) -> Program {
        if let Some(slot) = self.0.get_mut(at) {
            *slot = Slot::card(card, flipped);
        }
        self
    }
}

impl Serialize for Program {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let len = self
            .0
            .iter()
            .rposition(|s| !s.is_empty())
            .map_or(0, |i| i + 1);
        let v: Vec<Option<SlotCard>> = self.0[..len].iter().map(|s| s.get()).collect();
        v.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Program {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<Option<SlotCard>> = Vec::deserialize(d)?;
        if v.len() > MAX_SLOTS {
            return Err(serde::de::Error::custom(format!(
                "a program has at most {MAX_SLOTS} slots, not {}",
                v.len()
            )));
        }
        let mut p = Program::EMPTY;
        for (slot, c) in p.0.iter_mut().zip(v) {
            if let Some(c) = c {
                if usize::from(c.card) >= MAX_DIRECTIVES {
                    return Err(serde::de::Error::custom("directive index out of range"));
                }
                *slot = Slot::card(c.card, c.flipped);
            }
        }
        Ok(p)
    }
}

/// A card attached to a mech: a weapon or a directive (zero-based index into the chassis' list).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// A weapon.
    Weapon(u8),
    /// A directive.
    Directive(u8),
}

impl Card {
    /// The bit of this card in a [`CardSet`].
    pub(crate) fn bit(self) -> u16 {
        match self {
            Card::Weapon(i) => 1 << i,
            Card::Directive(i) => 1 << (MAX_WEAPONS as u8 + i),
        }
    }

    /// The card of bit number `b`.
    pub(crate) fn from_bit(b: u32) -> Card {
        if (b as usize) < MAX_WEAPONS {
            Card::Weapon(b as u8)
        } else {
            Card::Directive((b as usize - MAX_WEAPONS) as u8)
        }
    }
}

/// A set of one mech's cards (weapons and directives), as a bit set. JSON: a list of [`Card`]s.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Vec<Card>"))]
pub struct CardSet(pub(crate) u16);

impl CardSet {
    /// Whether `card` is in the set.
    pub fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Number of cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, weapons first.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        (0..16u32)
            .filter(move |b| self.0 & (1 << b) != 0)
            .map(Card::from_bit)
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.iter().collect::<Vec<_>>().serialize(s)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<Card> = Vec::deserialize(d)?;
        let mut bits = 0u16;
        for c in v {
            let ok = match c {
                Card::Weapon(i) => usize::from(i) < MAX_WEAPONS,
                Card::Directive(i) => usize::from(i) < MAX_DIRECTIVES,
            };
            if !ok {
                return Err(serde::de::Error::custom("card index out of range"));
            }
            bits |= c.bit();
        }
        Ok(CardSet(bits))
    }
}

/// Which dice pool a reroll is for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Pool {
    /// The attacker's attack dice (1 Surge each).
    Attack,
    /// The defender's armour dice (1 Flux each).
    Armour,
    /// The defender's evade dice (1 Surge each).
    Evade,
}

impl Pool {
    /// The text name.
    pub fn name(self) -> &'static str {
        match self {
            Pool::Attack => "attack",
            Pool::Armour => "armour",
            Pool::Evade => "evade",
        }
    }
}

/// What one die shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Face {
    /// Attack: crit.
    Crit,
    /// Attack: hit.
    Hit,
    /// Armour: block.
    Block,
    /// Evade: evade.
    Evade,
    /// No symbol.
    Blank,
}

impl Face {
    /// The text name.
    pub fn name(self) -> &'static str {
        match self {
            Face::Crit => "crit",
            Face::Hit => "hit",
            Face::Block => "block",
            Face::Evade => "evade",
            Face::Blank => "blank",
        }
    }

    /// The faces of a pool's dice, success first.
    pub fn of(pool: Pool) -> &'static [Face] {
        match pool {
            Pool::Attack => &[Face::Crit, Face::Hit, Face::Blank],
            Pool::Armour => &[Face::Block, Face::Blank],
            Pool::Evade => &[Face::Evade, Face::Blank],
        }
    }

    /// Index of this face within its pool's faces.
    pub(crate) fn slot(self) -> usize {
        match self {
            Face::Crit | Face::Block | Face::Evade => 0,
            Face::Hit => 1,
            Face::Blank => 2,
        }
    }
}

/// A player's choice or a chance outcome. At most 8 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: this seat decides the placement order.
    Chooser(Seat),
    /// The chooser places first (`true`) or second (`false`).
    PlaceFirst(bool),
    /// Deploy an own mech on a square, facing a direction.
    Deploy {
        /// The mech.
        mech: MechId,
        /// Where.
        at: Pos,
        /// Its facing.
        facing: Dir8,
    },
    /// Ordering draft: give `number` (1..=mechs on the board) to an own unnumbered mech.
    Assign {
        /// The number.
        number: u8,
        /// The mech.
        mech: MechId,
    },
    /// Programming (hidden from the other seat): put `card` into the next slot of an own mech's
    /// program. The program is sealed once every slot has been decided.
    Program {
        /// The mech being programmed.
        mech: MechId,
        /// The card and its orientation.
        card: SlotCard,
    },
    /// Programming (hidden from the other seat): leave the next slot of an own mech's program
    /// empty; it is filled with a random directive when the mech executes (seed, "Execution":
    /// "too few cards … in the unfilled slot"). Any slot may be left so, not only the last ones.
    Leave {
        /// The mech being programmed.
        mech: MechId,
    },
    /// Chance: the random card placed in the next empty slot of the executing mech.
    Fill {
        /// The executing mech.
        mech: MechId,
        /// The card and its orientation.
        card: SlotCard,
    },
    /// Chance: attack dice (the rest are blank).
    AttackDice {
        /// Crits.
        crits: u8,
        /// Hits.
        hits: u8,
    },
    /// Chance: armour dice (the rest are blank).
    ArmourDice {
        /// Blocks.
        blocks: u8,
    },
    /// Chance: evade dice (the rest are blank).
    EvadeDice {
        /// Evades.
        evades: u8,
    },
    /// Combat: `mech` fires its weapon number `weapon` (zero-based): the weapon's delta is
    /// paid at once, then the target is chosen ([`Action::Aim`]). Only a weapon with a target
    /// in reach may fire.
    Fire {
        /// The attacker.
        mech: MechId,
        /// Weapon index.
        weapon: u8,
    },
    /// Combat: the attacking mech, its weapon's delta paid, attacks `target`.
    Aim {
        /// The target.
        target: MechId,
    },
    /// Combat: make no attack.
    HoldFire,
    /// Reroll one not-yet-rerolled die of `pool` that shows `face`.
    Reroll {
        /// The pool.
        pool: Pool,
        /// The face it shows now.
        face: Face,
    },
    /// Chance: what a rerolled die shows.
    Rerolled(Face),
    /// Stop rerolling, or stop putting revealed cards back.
    Keep,
    /// Chance: the cards of `mech` that a crit reveals.
    Reveal {
        /// The damaged mech.
        mech: MechId,
        /// The cards revealed.
        cards: CardSet,
    },
    /// The attacker spends a targeting token to put a revealed card of `mech` back.
    PutBack {
        /// The damaged mech.
        mech: MechId,
        /// The card.
        card: Card,
    },
    /// The defender depletes one of the revealed cards of `mech` that are left.
    Deplete {
        /// The damaged mech.
        mech: MechId,
        /// The card.
        card: Card,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_small() {
        gridwright_engine::testing::assert_size_at_most::<Action>(8);
    }

    #[test]
    fn program_json_trims_and_refuses_too_many_slots() {
        let p = Program::new(&[Slot::card(2, true), Slot::EMPTY]).unwrap();
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, r#"[{"card":2,"flipped":true}]"#);
        assert_eq!(serde_json::from_str::<Program>(&json).unwrap(), p);
        assert!(serde_json::from_str::<Program>("[null,null,null,null,null]").is_err());
        assert!(Program::new(&[Slot::EMPTY; 5]).is_none());
    }

    #[test]
    fn positions_read_and_write() {
        assert_eq!(Pos::new(4, 0).to_string(), "e1");
        assert_eq!(Pos::parse("J10"), Some(Pos::new(9, 9)));
        assert_eq!(Pos::parse("a0"), None);
        assert_eq!(parse_dir("NE"), Some(Dir8::NE));
    }

    #[test]
    fn card_sets_list_weapons_first() {
        let s = CardSet(Card::Directive(1).bit() | Card::Weapon(0).bit());
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [Card::Weapon(0), Card::Directive(1)]
        );
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), s);
    }
}
