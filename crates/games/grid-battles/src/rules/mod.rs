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
        let map = MapTables::new(config, &mut errs);
        let Some((table, symbols, dice)) = dice(config, &mut errs) else {
            return Err(errs);
        };
        let (types, advantage) = unit_types(config, &mut errs);
        let start = placements(config, &map, &types, &mut errs);
        errs.range("activations", config.activations, 1, MAX_UNITS as u8);
        if config.first.index() > 1 {
            errs.push("first", "first must be side 1 or 2");
        }
        errs.range("round_limit", config.round_limit, 1, MAX_ROUND_LIMIT);
        let target_vp = target_vp(config, &mut errs);
        if !errs.is_empty() {
            return Err(errs);
        }
        Ok(Rules {
            config: config.clone(),
            width: map.w,
            height: map.h,
            hexes: map.hexes,
            terrain: map.terrain,
            cost: map.cost,
            blocks: map.blocks,
            neighbors: map.neighbors,
            types,
            dice,
            table,
            symbols,
            advantage,
            start,
            target_vp,
        })
    }

    /// The dense index of `hex`, if it is on the map.
    pub fn index(&self, hex: Hex) -> Option<u16> {
        dense_index(self.width, self.height, hex)
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

/// The dense index of `hex` on a map of `w` columns and `h` rows, if it is on it.
fn dense_index(w: u8, h: u8, hex: Hex) -> Option<u16> {
    let (c, r) = hex.to_offset();
    (c >= 0 && r >= 0 && c < i32::from(w) && r < i32::from(h))
        .then(|| (c as usize * usize::from(h) + r as usize) as u16)
}

/// The map's tables, from its size and its rows of terrain letters.
struct MapTables {
    /// Columns and rows (0 and 0 for a size out of bounds, so that no hex is on the map and
    /// hex checks are skipped, not repeated).
    w: u8,
    h: u8,
    /// Whether the size was within bounds.
    ok: bool,
    hexes: Vec<Hex>,
    terrain: Vec<u8>,
    cost: Vec<u8>,
    blocks: Vec<bool>,
    neighbors: Vec<[u16; 6]>,
}

impl MapTables {
    /// The size, the terrain types and the rows of letters, checked.
    fn new(config: &Config, errs: &mut Problems) -> MapTables {
        let (w, h) = (config.map.width, config.map.height);
        let ok = map_side(errs, "map.width", w.into()) & map_side(errs, "map.height", h.into());
        debug_assert!(!ok || usize::from(w) * usize::from(h) <= MAX_HEXES);
        let (w, h) = if ok { (w, h) } else { (0, 0) };
        let n = usize::from(w) * usize::from(h);
        if config.terrain.is_empty() {
            errs.push("terrain", "no terrain types");
        }
        if ok && config.map.rows.len() != usize::from(h) {
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
        let cost = terrain
            .iter()
            .map(|&t| terrain_of(t).map_or(1, |t| t.cost))
            .collect();
        let blocks = terrain
            .iter()
            .map(|&t| terrain_of(t).is_some_and(|t| t.blocks_los))
            .collect();
        let hexes: Vec<Hex> = (0..n)
            .map(|i| Hex::from_offset((i / usize::from(h)) as i32, (i % usize::from(h)) as i32))
            .collect();
        let neighbors = hexes
            .iter()
            .map(|hex| {
                hex.neighbors()
                    .map(|nb| dense_index(w, h, nb).unwrap_or(NO_HEX))
            })
            .collect();
        MapTables {
            w,
            h,
            ok,
            hexes,
            terrain,
            cost,
            blocks,
            neighbors,
        }
    }
}

/// The dice through the engine, with the game's three symbols interned first; `None` (and a
/// problem) if they cannot be.
fn dice(config: &Config, errs: &mut Problems) -> Option<(SymbolTable, Symbols, Vec<Die>)> {
    let (table, built) = engine_dice(&config.dice);
    let (Some(sword), Some(bonus), Some(shield)) =
        (table.get("sword"), table.get("bonus"), table.get("shield"))
    else {
        errs.push("dice", "cannot intern dice symbols");
        return None;
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
    let symbols = Symbols {
        sword,
        bonus,
        shield,
    };
    Some((table, symbols, dice))
}

/// The unit types' numbers, and which type has the advantage against which
/// (`advantage[attacker * types + defender]`).
fn unit_types(config: &Config, errs: &mut Problems) -> (Vec<TypeStats>, Vec<bool>) {
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
        let attack_die = die_index(&u.attack_die, format!("units[{i}].attack_die"), errs);
        let defence_die = die_index(&u.defence_die, format!("units[{i}].defence_die"), errs);
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
            advantage[a * nt + d] = config
                .bonus
                .iter()
                .any(|adv| ta.base & adv.attacker.bit() != 0 && td.base & adv.against.bit() != 0);
        }
    }
    (types, advantage)
}

/// The two sides and the units as the scenario places them: known types, on the map, one per
/// hex.
fn placements(
    config: &Config,
    map: &MapTables,
    types: &[TypeStats],
    errs: &mut Problems,
) -> Vec<Unit> {
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
            let pos = placement_hex(map, &p.at, &mut seen, &field("at"), errs);
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
    start
}

/// The hex a unit is placed at (`at`, its code), if it is on the map and not taken yet (`seen`
/// holds the hexes taken); else a problem at `field`.
fn placement_hex(
    map: &MapTables,
    at: &str,
    seen: &mut HashSet<u16>,
    field: &str,
    errs: &mut Problems,
) -> Option<u16> {
    let hex = match Hex::parse_code(at) {
        Ok(hex) => hex,
        Err(e) => {
            errs.push(field, e.to_string());
            return None;
        }
    };
    match dense_index(map.w, map.h, hex) {
        Some(pos) if !seen.insert(pos) => {
            errs.push(
                field,
                format!("hex {at} is already occupied; one unit per hex"),
            );
            None
        }
        Some(pos) => Some(pos),
        None => {
            if map.ok {
                errs.push(
                    field,
                    format!(
                        "hex {at} is off the map (columns 00..{:02}, rows 00..{:02})",
                        map.w.saturating_sub(1),
                        map.h.saturating_sub(1)
                    ),
                );
            }
            None
        }
    }
}

/// The victory points each side needs to win at once, checked against what can be reached.
fn target_vp(config: &Config, errs: &mut Problems) -> PerSeat<u8> {
    let count = |s: usize| config.sides.get(s).map_or(0, |s| s.units.len());
    match config.victory {
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
    }
}
