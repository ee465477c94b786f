//! The rules, one module per area of the seed (the rule → file map is in
//! `docs/architecture.md`): setup (`setup`), the round start and ordering draft (`ordering`),
//! programs and deltas (`program`), execution (`execution`), Surge and Flux and what an unpaid
//! delta costs (`surge_flux`), facing and arcs (`facing`), combat — attacks, rerolls,
//! cancelling and damage (`combat`), crits (`crits`), cleanup (`cleanup`), the end of the game
//! (`victory`), and dice as chance nodes (`dice`).
//!
//! This file holds the validated, indexed form of a [`Config`] that the state plays from.

pub(crate) mod cleanup;
pub(crate) mod combat;
pub(crate) mod crits;
pub(crate) mod dice;
pub(crate) mod execution;
pub(crate) mod facing;
pub(crate) mod ordering;
pub(crate) mod program;
pub(crate) mod setup;
pub(crate) mod surge_flux;
pub(crate) mod victory;

use crate::config::{
    COST_RANGE, Chassis, Config, Half, Icon, MAX_BOARD_SIDE, MAX_DIRECTIVES, MAX_ICONS, MAX_MECHS,
    MAX_POOL, MAX_RANGE, MAX_ROUND_LIMIT, MAX_SLOTS, MAX_STRUCTURE, MAX_WEAPONS, Neighbour,
};
use dice::DiceRules;
use gridwright_engine::content::Problems;
use gridwright_engine::geom::Arc;
use gridwright_engine::{PerSeat, Seat};

/// A set of board squares, one bit per square (boards are at most 16×16).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Squares(pub [u64; 4]);

impl Squares {
    #[inline]
    pub fn get(&self, i: u8) -> bool {
        self.0[usize::from(i >> 6)] & (1 << (i & 63)) != 0
    }
    #[inline]
    pub fn set(&mut self, i: u8) {
        self.0[usize::from(i >> 6)] |= 1 << (i & 63);
    }
    #[inline]
    pub fn clear(&mut self, i: u8) {
        self.0[usize::from(i >> 6)] &= !(1 << (i & 63));
    }
}

/// A combo in playable form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ComboRules {
    pub previous: bool,
    pub colour: u8,
    pub cost: i8,
}

/// One half of a directive in playable form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct HalfRules {
    pub icons: [Icon; MAX_ICONS],
    pub n_icons: u8,
    pub cost: i8,
    pub colour: u8,
    pub combos: Vec<ComboRules>,
}

impl HalfRules {
    pub fn icons(&self) -> &[Icon] {
        &self.icons[..usize::from(self.n_icons)]
    }
}

/// A directive card in playable form. A card that is not split has its one half twice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct CardRules {
    pub split: bool,
    pub halves: [HalfRules; 2],
}

/// A weapon in playable form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct WeaponRules {
    pub attack: u8,
    pub min_range: u8,
    pub max_range: u8,
    /// Bit `arc as u8` set for each allowed arc.
    pub arcs: u8,
    pub delta: i8,
}

impl WeaponRules {
    pub fn allows(&self, arc: Arc) -> bool {
        self.arcs & (1 << arc as u8) != 0
    }
}

/// A chassis in playable form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct ChassisRules {
    pub structure: u8,
    /// Armour by [`Arc`] order: front, right, rear, left.
    pub armour: [u8; 4],
    pub evasion: u8,
    pub slots: u8,
    pub weapons: Vec<WeaponRules>,
    pub directives: Vec<CardRules>,
    /// Every card this chassis carries, as a [`CardSet`](crate::CardSet) bit mask.
    pub all_cards: u16,
}

/// A mech of the scenario roster.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct MechSpec {
    pub owner: Seat,
    pub chassis: u8,
}

/// Everything the state needs that never changes during a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Rules {
    pub config: Config,
    pub width: u8,
    pub height: u8,
    pub chassis: Vec<ChassisRules>,
    pub mechs: Vec<MechSpec>,
    pub dice: DiceRules,
    /// Squares each side may deploy on.
    pub deploy: PerSeat<Squares>,
    pub max_len: usize,
}

impl Rules {
    /// Validates a config (which may come from an untrusted replay) and indexes it.
    ///
    /// # Errors
    /// Every problem found, each with its field path in the config.
    pub fn new(config: &Config) -> Result<Rules, Problems> {
        let mut errs = Problems::new();
        let (w, h) = (config.width, config.height);
        let side = MAX_BOARD_SIDE;
        let board_ok = errs.range("width", w, 2, side) & errs.range("height", h, 2, side);
        errs.range("round_limit", config.round_limit, 1, MAX_ROUND_LIMIT);
        if board_ok {
            errs.range("deploy_range", config.deploy_range, 1, w.min(h));
        }
        let dice = DiceRules::new(&config.dice).map_err(|p| errs.extend_prefixed("dice", p));
        let mut chassis = Vec::new();
        let mut colours = Colours::default();
        for (ci, c) in config.chassis.iter().enumerate() {
            let found = check_chassis(c);
            if found.is_empty() {
                chassis.push(ChassisRules::of(c, &mut colours));
            } else {
                errs.extend_prefixed(&format!("chassis[{ci}]"), found);
            }
        }
        let mechs = roster(config, &mut errs);
        // Deployment zones need a sound board and roster; they are checked once those are.
        let (Ok(dice), true) = (dice, errs.is_empty()) else {
            return Err(errs);
        };
        let deploy = setup::deploy_zones(config, mechs.len())?;
        let mut rules = Rules {
            config: config.clone(),
            width: w,
            height: h,
            chassis,
            mechs,
            dice,
            deploy,
            max_len: 0,
        };
        rules.max_len = rules.bound_game_length();
        Ok(rules)
    }

    /// The chassis of mech `i`.
    #[inline]
    pub fn chassis_of(&self, i: usize) -> &ChassisRules {
        &self.chassis[usize::from(self.mechs[i].chassis)]
    }

    /// Square index of `(x, y)`.
    #[inline]
    pub fn index(&self, x: u8, y: u8) -> u8 {
        y * self.width + x
    }

    /// The `(x, y)` of square index `i`.
    #[inline]
    pub fn xy(&self, i: u8) -> (u8, u8) {
        (i % self.width, i / self.width)
    }

    /// A safe upper bound on the steps (player and chance) of any game.
    fn bound_game_length(&self) -> usize {
        let n = self.mechs.len();
        let pool = usize::from(MAX_POOL);
        // The most negative delta one execution or one weapon can leave unpaid.
        let worst_exec = self
            .chassis
            .iter()
            .map(|c| {
                let worst = c
                    .directives
                    .iter()
                    .flat_map(|d| d.halves.iter())
                    .flat_map(|h| std::iter::once(h.cost).chain(h.combos.iter().map(|k| k.cost)))
                    .min()
                    .unwrap_or(0)
                    .min(0);
                usize::from(worst.unsigned_abs()) * usize::from(c.slots)
            })
            .max()
            .unwrap_or(0);
        let worst_weapon = self
            .chassis
            .iter()
            .flat_map(|c| c.weapons.iter())
            .map(|w| usize::from(w.delta.min(0).unsigned_abs()))
            .max()
            .unwrap_or(0);
        let batch = usize::from(self.dice.batch).max(1);
        // Each crit: a reveal, two put-backs and a keep, a deplete.
        let crit = 5;
        let self_damage = |dice: usize| dice.div_ceil(batch) + dice * crit;
        let attack = 1 // fire or hold
            + self_damage(worst_weapon)
            + 1 // attack roll
            + 2 * pool + 1 // rerolls and keep
            + 2 // armour and evade rolls
            + 2 * (2 * pool) + 1
            + pool * crit;
        let per_mech = 1 // number
            + MAX_SLOTS + 1 // programming: a card per slot, or fewer and a seal
            + MAX_SLOTS // fills
            + self_damage(worst_exec)
            + attack;
        let setup = 2 + n;
        setup + usize::from(self.config.round_limit) * n * per_mech
    }
}

/// Checks one chassis, with field paths relative to it (`slots`, `weapons[0].attack`,
/// `directives[2].halves[1].cost`). The one place a chassis' facts are checked, for chassis files
/// and configs alike.
pub(crate) fn check_chassis(c: &Chassis) -> Problems {
    let mut p = Problems::new();
    let pool = MAX_POOL;
    let (lo, hi) = COST_RANGE;
    p.range("structure", c.structure, 1, MAX_STRUCTURE);
    p.range("armour.front", c.armour.front, 0, pool);
    p.range("armour.right", c.armour.right, 0, pool);
    p.range("armour.rear", c.armour.rear, 0, pool);
    p.range("armour.left", c.armour.left, 0, pool);
    p.range("evasion", c.evasion, 0, pool);
    p.range("slots", c.slots, 1, MAX_SLOTS as u8);
    if c.weapons.is_empty() || c.weapons.len() > MAX_WEAPONS {
        p.push(
            "weapons",
            format!(
                "a chassis carries 1 to {MAX_WEAPONS} weapons, not {}",
                c.weapons.len()
            ),
        );
    }
    if c.directives.is_empty() || c.directives.len() > MAX_DIRECTIVES {
        p.push(
            "directives",
            format!(
                "a chassis carries 1 to {MAX_DIRECTIVES} directives, not {}",
                c.directives.len()
            ),
        );
    }
    let mut ids: Vec<&str> = Vec::new();
    fn unique<'c>(ids: &mut Vec<&'c str>, p: &mut Problems, field: String, id: &'c str) {
        if ids.contains(&id) {
            p.push(field, format!("id `{id}` is used twice on this chassis"));
        }
        ids.push(id);
    }
    for (wi, wpn) in c.weapons.iter().enumerate() {
        let f = |k: &str| format!("weapons[{wi}].{k}");
        unique(&mut ids, &mut p, f("id"), &wpn.id);
        p.range(f("attack"), wpn.attack, 1, pool);
        if wpn.min_range == 0 || wpn.min_range > wpn.max_range || wpn.max_range > MAX_RANGE {
            p.push(
                f("range"),
                format!(
                    "the range band [{}, {}] must have 1 <= min <= max <= {MAX_RANGE}",
                    wpn.min_range, wpn.max_range
                ),
            );
        }
        if wpn.arcs.is_empty() {
            p.push(f("arcs"), "a weapon needs at least one arc");
        }
        p.range(f("delta"), wpn.delta, lo, hi);
    }
    for (di, d) in c.directives.iter().enumerate() {
        let f = |k: &str| format!("directives[{di}].{k}");
        unique(&mut ids, &mut p, f("id"), &d.id);
        if d.halves.is_empty() || d.halves.len() > 2 {
            p.push(
                f("halves"),
                format!(
                    "a card has one half, or two for a split card, not {}",
                    d.halves.len()
                ),
            );
        }
        for (hi_, half) in d.halves.iter().enumerate() {
            let f = |k: &str| format!("directives[{di}].halves[{hi_}].{k}");
            if half.icons.is_empty() || half.icons.len() > MAX_ICONS {
                p.push(
                    f("icons"),
                    format!(
                        "a half has 1 to {MAX_ICONS} icons, not {}",
                        half.icons.len()
                    ),
                );
            }
            p.range(f("cost"), half.cost, lo, hi);
            for (ki, k) in half.combos.iter().enumerate() {
                p.range(f(&format!("combos[{ki}].cost")), k.cost, lo, hi);
            }
        }
    }
    p
}

/// The colours of directive halves by number, in the order they are first met.
#[derive(Default)]
struct Colours(Vec<String>);

impl Colours {
    /// The number of colour `c`, given it if it is new.
    fn number(&mut self, c: &str) -> u8 {
        match self.0.iter().position(|x| x == c) {
            Some(i) => i as u8,
            None => {
                self.0.push(c.to_owned());
                (self.0.len() - 1) as u8
            }
        }
    }
}

impl ChassisRules {
    /// The tables of chassis `c`, which [`check_chassis`] found sound.
    fn of(c: &Chassis, colours: &mut Colours) -> ChassisRules {
        let armour = [c.armour.front, c.armour.right, c.armour.rear, c.armour.left];
        let weapons = c
            .weapons
            .iter()
            .map(|wpn| WeaponRules {
                attack: wpn.attack,
                min_range: wpn.min_range,
                max_range: wpn.max_range,
                arcs: wpn.arcs.iter().fold(0, |m, a| m | 1 << (*a as u8)),
                delta: wpn.delta,
            })
            .collect();
        let mut directives = Vec::new();
        for d in &c.directives {
            let halves: Vec<HalfRules> = d.halves.iter().map(|h| half_rules(h, colours)).collect();
            // check_chassis made sure there are one or two halves.
            let (Some(first), Some(second)) = (halves.first().cloned(), halves.last().cloned())
            else {
                continue;
            };
            directives.push(CardRules {
                split: halves.len() == 2,
                halves: [first, second],
            });
        }
        let all_cards = ((1u16 << c.weapons.len()) - 1)
            | (((1u32 << c.directives.len()) - 1) as u16) << MAX_WEAPONS;
        ChassisRules {
            structure: c.structure,
            armour,
            evasion: c.evasion,
            slots: c.slots,
            weapons,
            directives,
            all_cards,
        }
    }
}

/// The table of one directive half: its icons in a fixed array, its colours by number.
fn half_rules(half: &Half, colours: &mut Colours) -> HalfRules {
    let mut icons = [Icon::Stop; MAX_ICONS];
    icons[..half.icons.len()].copy_from_slice(&half.icons);
    HalfRules {
        icons,
        n_icons: half.icons.len() as u8,
        cost: half.cost,
        colour: colours.number(&half.colour),
        combos: half
            .combos
            .iter()
            .map(|k| ComboRules {
                previous: k.slot == Neighbour::Previous,
                colour: colours.number(&k.colour),
                cost: k.cost,
            })
            .collect(),
    }
}

/// The mechs the two sides field, each of a known chassis, at most [`MAX_MECHS`] in all.
fn roster(config: &Config, errs: &mut Problems) -> Vec<MechSpec> {
    if config.sides.len() != 2 {
        errs.push(
            "sides",
            format!("a battle has exactly 2 sides, not {}", config.sides.len()),
        );
    }
    let mut mechs = Vec::new();
    for (si, side) in config.sides.iter().enumerate() {
        if side.mechs.is_empty() {
            errs.push(format!("sides[{si}].mechs"), "a side needs a mech");
        }
        for (mi, m) in side.mechs.iter().enumerate() {
            match config.chassis.iter().position(|c| c.id == *m) {
                Some(ci) => mechs.push(MechSpec {
                    owner: Seat::new(si as u8),
                    chassis: ci as u8,
                }),
                None => errs.push(
                    format!("sides[{si}].mechs[{mi}]"),
                    format!("unknown chassis `{m}`"),
                ),
            }
        }
    }
    if mechs.len() > MAX_MECHS {
        errs.push(
            "sides",
            format!(
                "{} mechs in all; at most {MAX_MECHS} are supported",
                mechs.len()
            ),
        );
    }
    mechs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;
    use crate::config::DieSymbol;

    #[test]
    fn shipped_scenarios_build_rules() {
        let content = Content::builtin().unwrap();
        for name in content.scenario_names() {
            let r = Rules::new(&content.config(&name).unwrap()).unwrap();
            assert!(r.max_len > 100);
        }
    }

    #[test]
    fn deploy_zone_is_the_outer_row_at_range_one() {
        let content = Content::builtin().unwrap();
        let r = Rules::new(&content.config("duel").unwrap()).unwrap();
        let (p1, p2) = (Seat::new(0), Seat::new(1));
        assert!(r.deploy[p1].get(r.index(3, 0)));
        assert!(!r.deploy[p1].get(r.index(3, 1)));
        assert!(r.deploy[p2].get(r.index(3, 9)));
        assert!(!r.deploy[p2].get(r.index(3, 0)));
    }

    #[test]
    fn too_many_slots_is_refused() {
        let content = Content::builtin().unwrap();
        let mut c = content.config("duel").unwrap();
        c.chassis[0].slots = 9;
        assert!(Rules::new(&c).is_err());
    }

    #[test]
    fn symbol_on_wrong_die_is_refused() {
        let content = Content::builtin().unwrap();
        let mut c = content.config("duel").unwrap();
        c.dice.armour[0] = vec![DieSymbol::Hit];
        assert!(Rules::new(&c).is_err());
    }
}
