//! The rules, one area per file, and [`Rules`]: the immutable tables a game is played with,
//! validated and precomputed once from a [`Config`] and shared by every clone of the state.

pub(crate) mod combat;
pub(crate) mod explain;
pub(crate) mod fatigue;
pub(crate) mod los;
pub(crate) mod movement;
pub(crate) mod victory;

use crate::config::{
    AttackKind, Config, MAX_HEXES, MAX_ROUND_LIMIT, MAX_UNITS, Victory, engine_dice, map_side,
};
use crate::state::{Status, Unit};
use gridwright_engine::content::Problems;
use gridwright_engine::dice::{Die, Symbol as DieSymbol, SymbolTable};
use gridwright_engine::geom::Hex;
use gridwright_engine::{PerSeat, Seat};
use std::collections::HashSet;

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
    /// The dice's symbol names (sword, bonus and shield first).
    pub table: SymbolTable,
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
    /// Every inconsistency found, each with its field path in the config (the config may come
    /// from an untrusted replay; the content layer checks files before they become configs).
    pub fn new(config: &Config) -> Result<Rules, Problems> {
        let mut errs = Problems::new();
        let (w, h) = (config.map.width, config.map.height);
        let map_ok = map_side(&mut errs, "map.width", w.into())
            & map_side(&mut errs, "map.height", h.into());
        debug_assert!(!map_ok || usize::from(w) * usize::from(h) <= MAX_HEXES);
        // With a bad size, no hex is on the map: hex checks below are skipped, not repeated.
        let (w, h) = if map_ok { (w, h) } else { (0, 0) };
        let n = usize::from(w) * usize::from(h);
        if config.terrain.is_empty() {
            errs.push("terrain", "no terrain types");
        }
        if map_ok && config.map.rows.len() != usize::from(h) {
            errs.push(
                "map.rows",
                format!("map has {} rows, expected {h}", config.map.rows.len()),
            );
        }
        let mut terrain = vec![0u8; n];
        for (ri, row) in config.map.rows.iter().enumerate().take(usize::from(h)) {
            let letters: Vec<char> = row.chars().collect();
            if letters.len() != usize::from(w) {
                errs.push(
                    format!("map.rows[{ri}]"),
                    format!("map row {ri} has {} letters, expected {w}", letters.len()),
                );
            }
            for (ci, ch) in letters.iter().enumerate().take(usize::from(w)) {
                match config.terrain.iter().position(|t| t.letter == *ch) {
                    Some(t) => terrain[ci * usize::from(h) + ri] = t as u8,
                    None => errs.push(
                        format!("map.rows[{ri}]"),
                        format!("unknown terrain letter `{ch}` in map row {ri}"),
                    ),
                }
            }
        }
        let terrain_of = |t: u8| config.terrain.get(usize::from(t));
        let cost: Vec<u8> = terrain
            .iter()
            .map(|&t| terrain_of(t).map_or(1, |t| t.cost))
            .collect();
        let blocks: Vec<bool> = terrain
            .iter()
            .map(|&t| terrain_of(t).is_some_and(|t| t.blocks_los))
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
        let (table, built) = engine_dice(&config.dice);
        let (Some(sword), Some(bonus), Some(shield)) =
            (table.get("sword"), table.get("bonus"), table.get("shield"))
        else {
            errs.push("dice", "cannot intern dice symbols");
            return Err(errs);
        };
        let mut dice = Vec::new();
        for (i, (d, die)) in config.dice.iter().zip(built).enumerate() {
            if d.faces.len() > usize::from(u8::MAX) {
                errs.push(
                    format!("dice[{i}].faces"),
                    format!("die `{}` has too many faces", d.id),
                );
            }
            match die {
                Ok(die) => dice.push(die),
                Err(e) => errs.push(format!("dice[{i}]"), e.to_string()),
            }
        }
        let die_index = |id: &str, field: String, errs: &mut Problems| -> u8 {
            match config.dice.iter().position(|d| d.id == id) {
                Some(i) => i as u8,
                None => {
                    errs.push(field, format!("unknown die `{id}`"));
                    0
                }
            }
        };
        let mut types = Vec::new();
        for (i, u) in config.units.iter().enumerate() {
            let mut found = Problems::new();
            u.check(&mut found);
            errs.extend_prefixed(&format!("units[{i}]"), found);
            let attack_die = die_index(&u.attack_die, format!("units[{i}].attack_die"), &mut errs);
            let defence_die =
                die_index(&u.defence_die, format!("units[{i}].defence_die"), &mut errs);
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
            errs.push("units", "too many unit types");
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
            errs.push(
                "sides",
                format!(
                    "a battle has exactly 2 sides ([[side]] tables), not {}",
                    config.sides.len()
                ),
            );
        }
        let total: usize = config.sides.iter().map(|s| s.units.len()).sum();
        if total > MAX_UNITS {
            errs.push(
                "sides",
                format!("{total} units in all; at most {MAX_UNITS} are supported"),
            );
        }
        let mut start = Vec::new();
        let mut seen = HashSet::new();
        for (si, side) in config.sides.iter().enumerate().take(2) {
            if side.units.is_empty() {
                errs.push(
                    format!("sides[{si}].units"),
                    "a side needs at least one unit",
                );
            }
            for (ui, p) in side.units.iter().enumerate() {
                let field = |k: &str| format!("sides[{si}].units[{ui}].{k}");
                // The hex first: a unit of an unknown type still takes its hex.
                let pos = match Hex::parse_code(&p.at) {
                    Ok(hex) => match index(hex) {
                        Some(pos) if !seen.insert(pos) => {
                            errs.push(
                                field("at"),
                                format!("hex {} is already occupied; one unit per hex", p.at),
                            );
                            None
                        }
                        Some(pos) => Some(pos),
                        None => {
                            if map_ok {
                                errs.push(
                                    field("at"),
                                    format!(
                                        "hex {} is off the map (columns 00..{:02}, rows 00..{:02})",
                                        p.at,
                                        w.saturating_sub(1),
                                        h.saturating_sub(1)
                                    ),
                                );
                            }
                            None
                        }
                    },
                    Err(e) => {
                        errs.push(field("at"), e.to_string());
                        None
                    }
                };
                let Some(ty) = config.units.iter().position(|u| u.id == p.unit) else {
                    errs.push(field("unit"), format!("unknown unit type `{}`", p.unit));
                    continue;
                };
                let Some(pos) = pos else { continue };
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
        errs.range("activations", config.activations, 1, MAX_UNITS as u8);
        if config.first.index() > 1 {
            errs.push("first", "first must be side 1 or 2");
        }
        errs.range("round_limit", config.round_limit, 1, MAX_ROUND_LIMIT);
        let count = |s: usize| config.sides.get(s).map_or(0, |s| s.units.len());
        let target_vp = match config.victory {
            Victory::Vp(v) => {
                let fewest = count(0).min(count(1));
                if v == 0 {
                    errs.range("victory", v, 1, MAX_UNITS as u8);
                } else if usize::from(v) > fewest {
                    errs.push(
                        "victory",
                        format!(
                            "{v} VP can never be reached: a side only has {fewest} units to destroy"
                        ),
                    );
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
            table,
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
