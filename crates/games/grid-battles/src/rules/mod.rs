//! The rules, one area per file, and [`Rules`]: the immutable tables a game is played with,
//! validated and precomputed once from a [`Config`] and shared by every clone of the state.

pub(crate) mod combat;
pub(crate) mod explain;
pub(crate) mod fatigue;
pub(crate) mod los;
pub(crate) mod movement;
pub(crate) mod victory;

use crate::config::{AttackKind, Config, DieType, MAX_HEXES, MAX_UNITS, Victory};
use crate::state::{Status, Unit};
use gridwright_engine::dice::{Die, DieDef, Symbol as DieSymbol, SymbolTable};
use gridwright_engine::geom::Hex;
use gridwright_engine::{PerSeat, Seat};
use std::collections::HashSet;

/// The engine's definition of a config die: its name and each face's symbol names.
pub(crate) fn die_def(d: &DieType) -> DieDef {
    DieDef {
        name: d.id.clone(),
        faces: d
            .faces
            .iter()
            .map(|f| f.iter().map(|s| s.name().to_owned()).collect())
            .collect(),
    }
}

/// Marks a missing neighbour (off the map) in [`Rules::neighbors`].
pub(crate) const NO_HEX: u16 = u16::MAX;

/// A unit type's numbers, indexed for the hot path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct TypeStats {
    /// Bit set of base types (see [`crate::config::BaseType`]).
    pub base: u8,
    pub ranged: bool,
    pub range: u8,
    pub movement: u8,
    pub health: u8,
    pub attack_die: u8,
    pub defence_die: u8,
}

/// The symbols of the game's dice, as the engine's interned ids.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Symbols {
    pub sword: DieSymbol,
    pub bonus: DieSymbol,
    pub shield: DieSymbol,
}

/// Everything that never changes during a game.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    pub config: Config,
    pub width: u8,
    pub height: u8,
    /// Hex of each dense index `column * height + row`: column-major, so that index order is
    /// [`Hex`] order and lists built by index come out sorted.
    pub hexes: Vec<Hex>,
    /// Terrain type of each hex.
    pub terrain: Vec<u8>,
    /// Entry cost of each hex.
    pub cost: Vec<u8>,
    /// Whether each hex's terrain blocks line of sight.
    pub blocks: Vec<bool>,
    /// The up-to-six neighbours of each hex ([`NO_HEX`] where off the map).
    pub neighbors: Vec<[u16; 6]>,
    pub types: Vec<TypeStats>,
    pub dice: Vec<Die>,
    pub symbols: Symbols,
    /// `advantage[attacker_type * types + defender_type]`.
    pub advantage: Vec<bool>,
    /// The units as the scenario places them.
    pub start: Vec<Unit>,
    /// Victory points each side needs to win at once.
    pub target_vp: PerSeat<u8>,
}

impl Rules {
    /// Validates `config` and precomputes the tables.
    ///
    /// # Errors
    /// Every inconsistency found, as text (the config may come from an untrusted replay).
    pub fn new(config: &Config) -> Result<Rules, Vec<String>> {
        let mut errs = Vec::new();
        let (w, h) = (config.map.width, config.map.height);
        if w == 0 || h == 0 || usize::from(w) * usize::from(h) > MAX_HEXES {
            errs.push(format!("map size {w}x{h} is not between 1x1 and 32x32"));
            return Err(errs);
        }
        let n = usize::from(w) * usize::from(h);
        if config.terrain.is_empty() {
            errs.push("no terrain types".into());
            return Err(errs);
        }
        if config.map.rows.len() != usize::from(h) {
            errs.push(format!(
                "map has {} rows, expected {h}",
                config.map.rows.len()
            ));
        }
        let mut terrain = vec![0u8; n];
        for (ri, row) in config.map.rows.iter().enumerate().take(usize::from(h)) {
            let letters: Vec<char> = row.chars().collect();
            if letters.len() != usize::from(w) {
                errs.push(format!(
                    "map row {ri} has {} letters, expected {w}",
                    letters.len()
                ));
            }
            for (ci, ch) in letters.iter().enumerate().take(usize::from(w)) {
                match config.terrain.iter().position(|t| t.letter == *ch) {
                    Some(t) => terrain[ci * usize::from(h) + ri] = t as u8,
                    None => errs.push(format!("unknown terrain letter `{ch}` in map row {ri}")),
                }
            }
        }
        let cost: Vec<u8> = terrain
            .iter()
            .map(|&t| config.terrain[usize::from(t)].cost)
            .collect();
        let blocks: Vec<bool> = terrain
            .iter()
            .map(|&t| config.terrain[usize::from(t)].blocks_los)
            .collect();
        let hexes: Vec<Hex> = (0..n)
            .map(|i| Hex::from_offset((i / usize::from(h)) as i32, (i % usize::from(h)) as i32))
            .collect();
        let index = |hex: Hex| -> Option<u16> {
            let (c, r) = hex.to_offset();
            (c >= 0 && r >= 0 && c < i32::from(w) && r < i32::from(h))
                .then(|| (c as usize * usize::from(h) + r as usize) as u16)
        };
        let neighbors = hexes
            .iter()
            .map(|hex| hex.neighbors().map(|nb| index(nb).unwrap_or(NO_HEX)))
            .collect();

        // Dice through the engine, with our three symbols interned first.
        let mut table = SymbolTable::new();
        let mut sym = |name: &str| table.intern(name);
        let (Some(sword), Some(bonus), Some(shield)) = (sym("sword"), sym("bonus"), sym("shield"))
        else {
            errs.push("cannot intern dice symbols".into());
            return Err(errs);
        };
        let mut dice = Vec::new();
        for d in &config.dice {
            let def = die_def(d);
            if d.faces.len() > usize::from(u8::MAX) {
                errs.push(format!("die `{}` has too many faces", d.id));
            }
            match Die::from_def(&def, &mut table) {
                Ok(die) => dice.push(die),
                Err(e) => errs.push(e.to_string()),
            }
        }
        let die_index = |id: &str, errs: &mut Vec<String>| -> u8 {
            match config.dice.iter().position(|d| d.id == id) {
                Some(i) => i as u8,
                None => {
                    errs.push(format!("unknown die `{id}`"));
                    0
                }
            }
        };
        let mut types = Vec::new();
        for u in &config.units {
            if u.health == 0 {
                errs.push(format!("unit type `{}` has no health", u.id));
            }
            // The bounds content files are held to (content/tables.rs), for configs that come
            // from elsewhere (a replay, a saved game).
            if u.attack == AttackKind::Ranged && !(1..=20).contains(&u.range) {
                errs.push(format!(
                    "unit type `{}`: range {} is not between 1 and 20",
                    u.id, u.range
                ));
            }
            if u.movement > 20 || u.health > 99 {
                errs.push(format!(
                    "unit type `{}`: movement {} (at most 20) or health {} (at most 99) out of range",
                    u.id, u.movement, u.health
                ));
            }
            let attack_die = die_index(&u.attack_die, &mut errs);
            let defence_die = die_index(&u.defence_die, &mut errs);
            types.push(TypeStats {
                base: u.base.iter().fold(0, |m, b| m | b.bit()),
                ranged: u.attack == AttackKind::Ranged,
                range: if u.attack == AttackKind::Ranged {
                    u.range.max(1)
                } else {
                    1
                },
                movement: u.movement,
                health: u.health,
                attack_die,
                defence_die,
            });
        }
        if types.len() > usize::from(u8::MAX) {
            errs.push("too many unit types".into());
        }
        let nt = types.len();
        let mut advantage = vec![false; nt * nt];
        for (a, ta) in types.iter().enumerate() {
            for (d, td) in types.iter().enumerate() {
                advantage[a * nt + d] = config.bonus.iter().any(|adv| {
                    ta.base & adv.attacker.bit() != 0 && td.base & adv.against.bit() != 0
                });
            }
        }

        if config.sides.len() != 2 {
            errs.push(format!("{} sides, expected 2", config.sides.len()));
        }
        let total: usize = config.sides.iter().map(|s| s.units.len()).sum();
        if total > MAX_UNITS {
            errs.push(format!("{total} units, at most {MAX_UNITS}"));
        }
        let mut start = Vec::new();
        let mut seen = HashSet::new();
        for (si, side) in config.sides.iter().enumerate().take(2) {
            if side.units.is_empty() {
                errs.push(format!("side {} has no units", si + 1));
            }
            for p in &side.units {
                let Some(ty) = config.units.iter().position(|u| u.id == p.unit) else {
                    errs.push(format!("unknown unit type `{}`", p.unit));
                    continue;
                };
                let pos = match Hex::parse_code(&p.at) {
                    Ok(hex) => index(hex),
                    Err(e) => {
                        errs.push(e.to_string());
                        continue;
                    }
                };
                let Some(pos) = pos else {
                    errs.push(format!("unit at {} is off the map", p.at));
                    continue;
                };
                if !seen.insert(pos) {
                    errs.push(format!("two units on hex {}", p.at));
                }
                let stats = &types[ty];
                start.push(Unit {
                    ty: ty as u8,
                    side: Seat::new(si as u8),
                    pos,
                    health: stats.health,
                    mp_left: stats.movement,
                    status: Status::Fresh,
                    flags: 0,
                });
            }
        }
        if config.activations == 0 {
            errs.push("activations must be at least 1".into());
        }
        if config.first.index() > 1 {
            errs.push("first must be side 1 or 2".into());
        }
        if config.round_limit == 0 {
            errs.push("round limit must be at least 1".into());
        }
        let count = |s: usize| config.sides.get(s).map_or(0, |s| s.units.len());
        let target_vp = match config.victory {
            Victory::Vp(v) => {
                if v == 0 || usize::from(v) > count(0).min(count(1)) {
                    errs.push(format!("victory at {v} VP cannot be reached"));
                }
                PerSeat::from(vec![v, v])
            }
            // Each destroyed unit gives one VP, so destroying all of them is a VP total.
            Victory::DestroyAll => PerSeat::from(vec![count(1) as u8, count(0) as u8]),
        };
        if !errs.is_empty() {
            return Err(errs);
        }
        Ok(Rules {
            config: config.clone(),
            width: w,
            height: h,
            hexes,
            terrain,
            cost,
            blocks,
            neighbors,
            types,
            dice,
            symbols: Symbols {
                sword,
                bonus,
                shield,
            },
            advantage,
            start,
            target_vp,
        })
    }

    /// The dense index of `hex`, if it is on the map.
    pub fn index(&self, hex: Hex) -> Option<u16> {
        let (c, r) = hex.to_offset();
        (c >= 0 && r >= 0 && c < i32::from(self.width) && r < i32::from(self.height))
            .then(|| (c as usize * usize::from(self.height) + r as usize) as u16)
    }

    /// Whether a unit of type `attacker` gets its bonus symbols against type `defender`.
    #[inline]
    pub fn has_advantage(&self, attacker: u8, defender: u8) -> bool {
        self.advantage[usize::from(attacker) * self.types.len() + usize::from(defender)]
    }

    /// Number of faces of die `die`.
    #[inline]
    pub fn faces(&self, die: u8) -> usize {
        self.dice[usize::from(die)].faces().len()
    }
}
