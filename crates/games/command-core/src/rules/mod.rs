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
    COST_RANGE, Config, Icon, MAX_BOARD_SIDE, MAX_DIRECTIVES, MAX_ICONS, MAX_MECHS, MAX_POOL,
    MAX_SLOTS, MAX_WEAPONS, Neighbour,
};
use dice::DiceRules;
use gridwright_engine::geom::Arc;
use gridwright_engine::{PerSeat, Seat, SetupError};

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
    pub fn new(config: &Config) -> Result<Rules, SetupError> {
        let bad = |m: String| Err(SetupError(m));
        let (w, h) = (config.width, config.height);
        if !(2..=MAX_BOARD_SIDE).contains(&w) || !(2..=MAX_BOARD_SIDE).contains(&h) {
            return bad(format!(
                "board is {w}×{h}; each side must be 2 to {MAX_BOARD_SIDE} squares"
            ));
        }
        if config.round_limit == 0 || config.round_limit > 100 {
            return bad(format!(
                "round_limit is {}; it must be 1 to 100",
                config.round_limit
            ));
        }
        if config.deploy_range == 0 || config.deploy_range > w.min(h) {
            return bad(format!(
                "deploy_range is {}; it must be 1 to {}",
                config.deploy_range,
                w.min(h)
            ));
        }
        let dice = DiceRules::new(&config.dice).map_err(SetupError)?;
        let mut chassis = Vec::new();
        let mut colours: Vec<String> = Vec::new();
        let mut colour = |c: &str| -> u8 {
            match colours.iter().position(|x| x == c) {
                Some(i) => i as u8,
                None => {
                    colours.push(c.to_owned());
                    (colours.len() - 1) as u8
                }
            }
        };
        let cost_ok = |c: i8| (COST_RANGE.0..=COST_RANGE.1).contains(&c);
        for c in &config.chassis {
            let at = |m: String| SetupError(format!("chassis `{}`: {m}", c.id));
            if c.structure == 0 || c.structure > 99 {
                return Err(at(format!("structure {} is not 1 to 99", c.structure)));
            }
            let armour = [c.armour.front, c.armour.right, c.armour.rear, c.armour.left];
            if armour.iter().any(|&a| a > MAX_POOL) || c.evasion > MAX_POOL {
                return Err(at(format!(
                    "armour and evasion are at most {MAX_POOL} dice"
                )));
            }
            if c.slots == 0 || usize::from(c.slots) > MAX_SLOTS {
                return Err(at(format!("slots {} is not 1 to {MAX_SLOTS}", c.slots)));
            }
            if c.weapons.is_empty() || c.weapons.len() > MAX_WEAPONS {
                return Err(at(format!("needs 1 to {MAX_WEAPONS} weapons")));
            }
            if c.directives.is_empty() || c.directives.len() > MAX_DIRECTIVES {
                return Err(at(format!("needs 1 to {MAX_DIRECTIVES} directives")));
            }
            let mut ids: Vec<&str> = Vec::new();
            let mut weapons = Vec::new();
            for wpn in &c.weapons {
                if ids.contains(&wpn.id.as_str()) {
                    return Err(at(format!("card id `{}` is used twice", wpn.id)));
                }
                ids.push(&wpn.id);
                if wpn.attack == 0 || wpn.attack > MAX_POOL {
                    return Err(at(format!(
                        "weapon `{}`: attack is 1 to {MAX_POOL}",
                        wpn.id
                    )));
                }
                if wpn.min_range == 0 || wpn.min_range > wpn.max_range || wpn.max_range > 32 {
                    return Err(at(format!("weapon `{}`: bad range band", wpn.id)));
                }
                if wpn.arcs.is_empty() || !cost_ok(wpn.delta) {
                    return Err(at(format!(
                        "weapon `{}`: needs arcs and a sane delta",
                        wpn.id
                    )));
                }
                weapons.push(WeaponRules {
                    attack: wpn.attack,
                    min_range: wpn.min_range,
                    max_range: wpn.max_range,
                    arcs: wpn.arcs.iter().fold(0, |m, a| m | 1 << (*a as u8)),
                    delta: wpn.delta,
                });
            }
            let mut directives = Vec::new();
            for d in &c.directives {
                if ids.contains(&d.id.as_str()) {
                    return Err(at(format!("card id `{}` is used twice", d.id)));
                }
                ids.push(&d.id);
                if d.halves.is_empty() || d.halves.len() > 2 {
                    return Err(at(format!("directive `{}` needs 1 or 2 halves", d.id)));
                }
                let mut halves = Vec::new();
                for half in &d.halves {
                    if half.icons.is_empty() || half.icons.len() > MAX_ICONS {
                        return Err(at(format!(
                            "directive `{}`: a half has 1 to {MAX_ICONS} icons",
                            d.id
                        )));
                    }
                    if !cost_ok(half.cost) || half.combos.iter().any(|k| !cost_ok(k.cost)) {
                        return Err(at(format!(
                            "directive `{}`: costs are {} to {}",
                            d.id, COST_RANGE.0, COST_RANGE.1
                        )));
                    }
                    let mut icons = [Icon::Stop; MAX_ICONS];
                    icons[..half.icons.len()].copy_from_slice(&half.icons);
                    halves.push(HalfRules {
                        icons,
                        n_icons: half.icons.len() as u8,
                        cost: half.cost,
                        colour: colour(&half.colour),
                        combos: half
                            .combos
                            .iter()
                            .map(|k| ComboRules {
                                previous: k.slot == Neighbour::Previous,
                                colour: colour(&k.colour),
                                cost: k.cost,
                            })
                            .collect(),
                    });
                }
                let split = halves.len() == 2;
                let second = halves.last().cloned();
                let (Some(first), Some(second)) = (halves.first().cloned(), second) else {
                    return Err(at(format!("directive `{}` has no halves", d.id)));
                };
                directives.push(CardRules {
                    split,
                    halves: [first, second],
                });
            }
            let all_cards = ((1u16 << c.weapons.len()) - 1)
                | (((1u32 << c.directives.len()) - 1) as u16) << MAX_WEAPONS;
            chassis.push(ChassisRules {
                structure: c.structure,
                armour,
                evasion: c.evasion,
                slots: c.slots,
                weapons,
                directives,
                all_cards,
            });
        }
        if config.sides.len() != 2 {
            return bad(format!(
                "a battle has exactly 2 sides, not {}",
                config.sides.len()
            ));
        }
        let mut mechs = Vec::new();
        for (si, side) in config.sides.iter().enumerate() {
            if side.mechs.is_empty() {
                return bad(format!("side {} has no mechs", si + 1));
            }
            for m in &side.mechs {
                let Some(ci) = config.chassis.iter().position(|c| c.id == *m) else {
                    return bad(format!("side {} uses unknown chassis `{m}`", si + 1));
                };
                mechs.push(MechSpec {
                    owner: Seat::new(si as u8),
                    chassis: ci as u8,
                });
            }
        }
        if mechs.len() > MAX_MECHS {
            return bad(format!("{} mechs in all; at most {MAX_MECHS}", mechs.len()));
        }
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
