//! The observation as planes (`ObservationPlanes`) on the square board: plane cell (`row`,
//! `col`) is the square at `x = col`, `y = row` (row 0 the north edge), `height × width` of the
//! scenario's board. "My" is the seat observing. Programs are hidden: the planes show only what
//! the seat's observation shows of them (sealed, revealed, how many cards; the cards of its own
//! programs and of revealed ones), never an opponent's card before the reveal.
//!
//! | planes | name | value |
//! |---|---|---|
//! | 1 | `my mechs` | 1 under each of the seat's mechs on the board |
//! | 1 | `opponent's mechs` | 1 under each of the other side's mechs |
//! | one per chassis, in config order | `chassis: <name>` | 1 under a mech of that chassis |
//! | 8 | `facing: N` … `facing: NW` | 1 under a mech facing that way |
//! | 1 | `structure / starting structure` | under each mech |
//! | 3 | `surge`, `flux`, `targeting tokens` | the count, under each mech |
//! | 1 | `ordering number` | the number this round, under each mech (0 before ordering) |
//! | 3 | `program sealed`, `program revealed`, `executed` | 1 under such a mech |
//! | 1 | `program cards known / slots` | the cards the seat knows its program holds (its own while building or sealed; anyone's once every program is sealed) |
//! | 4 × 13 | `program slot <s>: directive <d>`, `program slot <s>: flipped` | for a program the seat may see (its own, or one revealed): 1 under the mech for the directive (1–12, the chassis' order) in slot `s` (1–4), and whether it is flipped |
//! | 1 | `depleted weapons / weapons` | under each mech |
//! | 1 | `depleted cards` | the count, under each mech |
//! | 3 | `attacking mech`, `targeted mech`, `mech taking crits` | 1 under the mechs of the attack and crit being resolved |
//! | constant | `round / round limit` | |
//! | constant | `my structure / starting`, `opponent's structure / starting` | both sides' totals |
//! | constant | `I may act` | 1 when the seat is among those to act |
//! | constant, 19 | `phase: <phase>` | one-hot over the phases (draw chooser … over) |

use crate::config::{MAX_DIRECTIVES, MAX_SLOTS};
use crate::{CommandCore, Config, MechId, Phase, dir_name};
use gridwright_engine::geom::Dir8;
use gridwright_engine::{ObservationPlanes, PlaneInput, PlaneList, Planes, Seat, ratio};

/// The phases' names, in the order of their planes.
const PHASES: [&str; 19] = [
    "draw chooser",
    "choose placement order",
    "deploy",
    "ordering",
    "programming",
    "fill",
    "self damage",
    "choose attack",
    "choose target",
    "attack roll",
    "attack reroll",
    "armour roll",
    "evade roll",
    "defence reroll",
    "reroll die",
    "crit reveal",
    "crit put back",
    "crit deplete",
    "over",
];

fn phase_number(phase: &Phase) -> usize {
    match phase {
        Phase::DrawChooser => 0,
        Phase::ChoosePlacementOrder { .. } => 1,
        Phase::Deploy { .. } => 2,
        Phase::Ordering { .. } => 3,
        Phase::Programming => 4,
        Phase::Fill { .. } => 5,
        Phase::SelfDamage { .. } => 6,
        Phase::ChooseAttack { .. } => 7,
        Phase::ChooseTarget { .. } => 8,
        Phase::AttackRoll => 9,
        Phase::AttackReroll => 10,
        Phase::ArmourRoll => 11,
        Phase::EvadeRoll => 12,
        Phase::DefenceReroll => 13,
        Phase::RerollDie { .. } => 14,
        Phase::CritReveal { .. } => 15,
        Phase::CritPutBack { .. } => 16,
        Phase::CritDeplete { .. } => 17,
        Phase::Over { .. } => 18,
    }
}

/// Where each group of planes starts (its first plane's number).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    mine: usize,
    chassis: usize,
    facing: usize,
    structure: usize,
    counts: usize,
    flags: usize,
    program: usize,
    depleted: usize,
    fight: usize,
    scalars: usize,
    phase: usize,
}

impl ObservationPlanes for CommandCore {
    fn board_size(config: &Config) -> (usize, usize) {
        (usize::from(config.height), usize::from(config.width))
    }

    fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>) {
        let (config, l, seat, seen) = (input.config, input.layout, input.seat, input.seen);
        let attack = seen.attack.as_ref();
        let fight: [Option<MechId>; 3] = [
            attack.map(|a| a.attacker),
            attack.map(|a| a.target),
            seen.crit.as_ref().map(|c| c.mech),
        ];
        for m in &seen.mechs {
            let Some(at) = m.at.filter(|_| !m.destroyed) else {
                continue;
            };
            let (row, col) = (usize::from(at.y), usize::from(at.x));
            let mut set = |plane: usize, value: f32| out.set(plane, row, col, value);
            set(l.mine + usize::from(m.owner != seat), 1.0);
            if let Some(c) = config.chassis.iter().position(|c| c.id == m.chassis) {
                set(l.chassis + c, 1.0);
            }
            if let Some(f) = m.facing {
                set(l.facing + f as usize, 1.0);
            }
            set(l.structure, ratio(m.structure, m.max_structure));
            let order = m.order.unwrap_or(0);
            for (i, n) in [m.surge, m.flux, m.tokens, order].into_iter().enumerate() {
                set(l.counts + i, f32::from(n));
            }
            for (i, flag) in [m.committed, m.revealed, m.executed]
                .into_iter()
                .enumerate()
            {
                set(l.flags + i, f32::from(u8::from(flag)));
            }
            let known = m.committed_cards.or(m.draft_cards).unwrap_or(0);
            set(l.program, ratio(known, m.slots));
            let slots = m.program.as_ref().map(|p| *p.slots()).unwrap_or_default();
            for (j, slot) in slots.iter().enumerate() {
                if let Some(c) = slot.get().filter(|c| usize::from(c.card) < MAX_DIRECTIVES) {
                    let first = l.program + 1 + j * (MAX_DIRECTIVES + 1);
                    set(first + usize::from(c.card), 1.0);
                    set(first + MAX_DIRECTIVES, f32::from(u8::from(c.flipped)));
                }
            }
            let weapons_out = m.weapons.iter().filter(|w| w.depleted).count();
            set(
                l.depleted,
                ratio(weapons_out as f64, m.weapons.len() as f64),
            );
            set(l.depleted + 1, m.depleted.len() as f32);
            for (i, who) in fight.iter().enumerate() {
                set(l.fight + i, f32::from(u8::from(*who == Some(m.id))));
            }
        }
        let side_max = |s: Seat| -> u32 {
            seen.mechs
                .iter()
                .filter(|m| m.owner == s)
                .map(|m| u32::from(m.max_structure))
                .sum()
        };
        let side_now = |s: Seat| -> u32 {
            seen.sides
                .iter()
                .find(|v| v.seat == s)
                .map_or(0, |v| v.structure)
        };
        let other = Seat::new(u8::from(seat.index() == 0));
        out.fill(l.scalars, ratio(seen.round, seen.round_limit));
        out.fill(l.scalars + 1, ratio(side_now(seat), side_max(seat)));
        out.fill(l.scalars + 2, ratio(side_now(other), side_max(other)));
        out.fill(
            l.scalars + 3,
            f32::from(u8::from(seen.to_act.contains(&seat))),
        );
        out.fill(l.phase + phase_number(&seen.phase), 1.0);
    }

    type Layout = Layout;

    fn layout(config: &Config, list: &mut PlaneList) -> Layout {
        let mine = list.ones(&["my mechs", "opponent's mechs"]);
        let chassis = list.many(config.chassis.len(), |i| {
            format!("chassis: {}", config.chassis[i].name)
        });
        let facing = list.many(8, |i| {
            format!("facing: {}", dir_name(Dir8::ALL[i]).to_uppercase())
        });
        let structure = list.one("structure / starting structure");
        let counts = list.ones(&["surge", "flux", "targeting tokens", "ordering number"]);
        let flags = list.ones(&["program sealed", "program revealed", "executed"]);
        let program = list.one("program cards known / slots");
        list.many(MAX_SLOTS * (MAX_DIRECTIVES + 1), |i| {
            let (slot, d) = (i / (MAX_DIRECTIVES + 1) + 1, i % (MAX_DIRECTIVES + 1));
            if d == MAX_DIRECTIVES {
                format!("program slot {slot}: flipped")
            } else {
                format!("program slot {slot}: directive {}", d + 1)
            }
        });
        let depleted = list.ones(&["depleted weapons / weapons", "depleted cards"]);
        let fight = list.ones(&["attacking mech", "targeted mech", "mech taking crits"]);
        let scalars = list.ones(&[
            "round / round limit",
            "my structure / starting",
            "opponent's structure / starting",
            "I may act",
        ]);
        let phase = list.many(PHASES.len(), |i| format!("phase: {}", PHASES[i]));
        Layout {
            mine,
            chassis,
            facing,
            structure,
            counts,
            flags,
            program,
            depleted,
            fight,
            scalars,
            phase,
        }
    }
}
