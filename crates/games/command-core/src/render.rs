//! Terminal pictures: the board and mech table for one viewer, scenario previews, and the exact
//! odds shown before an attack is confirmed.
//!
//! [`render`] draws from the viewer's [`Observation`], never from the state, so it cannot show
//! a secret.

use crate::action::{Action, Card, MechId, dir_name};
use crate::config::{Chassis, Config, HomeEdge};
use crate::observe::{MechView, Observation};
use crate::odds::{OddsQuery, damage_odds_with};
use crate::rules::Rules;
use crate::rules::surge_flux::settle;
use crate::state::{CommandCore, Phase, Stage};
use crate::text::{arc_name, card_name, mech_name, weapon_name};
use gridwright_engine::geom::Dir8;
use gridwright_engine::text::{COLUMNS, beside, width, wrap};
use gridwright_engine::{Game, Seat, Viewer};
use std::fmt::Write;

fn arrow(d: Dir8) -> char {
    match d {
        Dir8::N => '↑',
        Dir8::NE => '↗',
        Dir8::E => '→',
        Dir8::SE => '↘',
        Dir8::S => '↓',
        Dir8::SW => '↙',
        Dir8::W => '←',
        Dir8::NW => '↖',
    }
}

fn header(out: &mut String, width: u8) {
    out.push_str("    ");
    for x in 0..width {
        let _ = write!(out, " {} ", char::from(b'a' + x));
    }
    out.push('\n');
}

/// The letter a mech is drawn with: its chassis letter, upper case for P1, lower case for P2.
fn mech_letter(m: &MechView) -> char {
    if m.owner.index() == 0 {
        m.letter.to_ascii_uppercase()
    } else {
        m.letter.to_ascii_lowercase()
    }
}

pub(crate) fn phase_text(rules: &Rules, p: &Phase) -> String {
    let name = |m: &MechId| mech_name(rules, *m);
    match p {
        Phase::DrawChooser => "drawing who chooses the placement order".into(),
        Phase::ChoosePlacementOrder { chooser } => {
            format!("{chooser} chooses to place first or second")
        }
        Phase::Deploy { seat } => format!("{seat} deploys a mech"),
        Phase::Ordering { seat } => format!("ordering draft: {seat} picks a number"),
        Phase::Programming => "programming (secret)".into(),
        Phase::Fill { mech, slot } => format!("filling slot {} of {}", slot + 1, name(mech)),
        Phase::SelfDamage { mech, dice } => {
            format!("{} rolls {dice} dice against itself", name(mech))
        }
        Phase::ChooseAttack { mech } => format!("combat: {} chooses a weapon", name(mech)),
        Phase::ChooseTarget { mech, .. } => {
            format!(
                "combat: {} has paid its weapon's delta and chooses a target",
                name(mech)
            )
        }
        Phase::AttackRoll => "attack roll".into(),
        Phase::AttackReroll => "attacker may reroll attack dice (1 Surge each)".into(),
        Phase::ArmourRoll => "armour roll".into(),
        Phase::EvadeRoll => "evade roll".into(),
        Phase::DefenceReroll => {
            "defender may reroll armour (1 Flux) and evade (1 Surge) dice".into()
        }
        Phase::RerollDie { pool } => format!("rerolling a {} die", pool.name()),
        Phase::CritReveal { mech } => format!("crit on {}: revealing cards", name(mech)),
        Phase::CritPutBack { mech } => {
            format!(
                "crit on {}: attacker may spend targeting tokens",
                name(mech)
            )
        }
        Phase::CritDeplete { mech } => format!("crit on {}: defender depletes a card", name(mech)),
        Phase::Over { winner, .. } => match winner {
            Some(w) => format!("game over: {w} wins"),
            None => "game over: a draw".into(),
        },
    }
}

/// The board, the mechs and the state of play, as `viewer` may see them.
///
/// # Examples
/// ```
/// use gridwright_command_core::{CommandCore, Content, render};
/// use gridwright_engine::{Game, Seat, Viewer};
/// let game = CommandCore::new(&Content::builtin()?.config("duel")?)?;
/// assert!(render(&game, Viewer::Spectator).contains("Duel"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render(game: &CommandCore, viewer: Viewer) -> String {
    let obs: Observation = game.observe(viewer);
    let rules: &Rules = &game.rules;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Command Core — {}   round {}/{}   {}   (you: {viewer})",
        obs.title,
        obs.round,
        obs.round_limit,
        phase_text(rules, &obs.phase)
    );
    let mut board = String::new();
    header(&mut board, obs.width);
    for y in 0..obs.height {
        let _ = write!(board, "{:>3} ", u32::from(y) + 1);
        for x in 0..obs.width {
            let here = obs
                .mechs
                .iter()
                .find(|m| m.at.is_some_and(|p| p.x == x && p.y == y));
            match here {
                Some(m) => {
                    let _ = write!(
                        board,
                        "{}{}{}",
                        mech_letter(m),
                        m.id,
                        m.facing.map_or(' ', arrow)
                    );
                }
                None => board.push_str(" · "),
            }
        }
        board.push('\n');
    }
    // The sides and their mechs beside the board, wrapped to the room the board leaves.
    let room = COLUMNS.saturating_sub(width(board.lines().next().unwrap_or("")) + 2);
    let mut sides = String::new();
    for side in &obs.sides {
        let _ = writeln!(
            sides,
            "{} {} — structure {}",
            side.seat, side.name, side.structure
        );
        for m in obs.mechs.iter().filter(|m| m.owner == side.seat) {
            mech_lines(&mut sides, rules, m);
        }
    }
    let sides: Vec<String> = wrap(&sides, room);
    out.push_str(&beside(&board, &sides.join("\n"), 2));
    if let Some(a) = &obs.attack {
        let _ = writeln!(
            out,
            "attack: {} fires {} at {} ({} arc)",
            mech_name(rules, a.attacker),
            card_name(rules, a.attacker, Card::Weapon(a.weapon)),
            mech_name(rules, a.target),
            arc_name(a.arc),
        );
        let _ = writeln!(
            out,
            "  attack dice {}; armour dice {}; evade dice {}",
            dice_words(&["crit", "hit", "blank"], &a.attack),
            dice_words(&["block", "blank"], &a.armour),
            dice_words(&["evade", "blank"], &a.evade),
        );
    }
    if let Some(c) = &obs.crit {
        let shown: Vec<String> = c
            .revealed
            .iter()
            .map(|card| card_name(rules, c.mech, card))
            .collect();
        let _ = writeln!(
            out,
            "crit on {}: {} crit(s) to resolve, revealed: {}",
            mech_name(rules, c.mech),
            c.crits,
            if shown.is_empty() {
                "—".to_owned()
            } else {
                shown.join(", ")
            }
        );
    }
    out
}

/// A mech's lines beside the board: where it stands and its resources, then its program and
/// its depleted cards by name.
fn mech_lines(out: &mut String, rules: &Rules, m: &MechView) {
    let _ = write!(out, "  {}{} {:<8}", mech_letter(m), m.id, m.name);
    match (m.at, m.facing) {
        (Some(p), Some(f)) => {
            let _ = write!(out, " {p:<3} {:<2}", dir_name(f).to_uppercase());
        }
        _ if m.destroyed => out.push_str(" destroyed"),
        _ => out.push_str(" (not deployed)"),
    }
    let _ = write!(
        out,
        "  structure {}/{}  surge {} flux {} tokens {}",
        m.structure, m.max_structure, m.surge, m.flux, m.tokens
    );
    if let Some(o) = m.order {
        let _ = write!(out, "  order {o}");
    }
    out.push('\n');
    let building = if m.draft_cards.is_some() {
        " (being built)"
    } else {
        ""
    };
    match (&m.program, m.committed_cards.or(m.draft_cards)) {
        (Some(p), _) => {
            let _ = writeln!(
                out,
                "      program{building}: {}",
                program_words(rules, m.id, p)
            );
        }
        (None, Some(n)) => {
            let _ = writeln!(out, "      program{building}: {n} card(s) face down");
        }
        _ => {}
    }
    if !m.depleted.is_empty() {
        let lost: Vec<String> = m
            .depleted
            .iter()
            .map(|c| card_name(rules, m.id, c))
            .collect();
        let _ = writeln!(out, "      depleted: {}", lost.join(", "));
    }
}

/// A program by its cards' names, a split card with the half it shows (`Veer (bottom)`), an
/// empty slot as `empty`.
fn program_words(rules: &Rules, mech: MechId, program: &crate::action::Program) -> String {
    let slots = rules
        .config
        .chassis
        .get(usize::from(
            rules.mechs.get(mech.index()).map_or(0, |m| m.chassis),
        ))
        .map_or(program.0.len(), |c| usize::from(c.slots));
    program.0[..slots.min(program.0.len())]
        .iter()
        .map(|s| match s.get() {
            None => "empty".to_owned(),
            Some(sc) => {
                let name = card_name(rules, mech, Card::Directive(sc.card));
                let split = rules
                    .config
                    .chassis
                    .get(usize::from(
                        rules.mechs.get(mech.index()).map_or(0, |m| m.chassis),
                    ))
                    .and_then(|c| c.directives.get(usize::from(sc.card)))
                    .is_some_and(|d| d.is_split());
                match (split, sc.flipped) {
                    (false, _) => name,
                    (true, false) => format!("{name} (top)"),
                    (true, true) => format!("{name} (bottom)"),
                }
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn chassis_card(out: &mut String, c: &Chassis) {
    let a = &c.armour;
    let _ = writeln!(
        out,
        "  {} {} ({}): structure {}, armour F{} R{} B{} L{}, evasion {}, {} slots",
        c.letter, c.name, c.role, c.structure, a.front, a.right, a.rear, a.left, c.evasion, c.slots
    );
    for w in &c.weapons {
        let arcs: Vec<&str> = w.arcs.iter().map(|a| arc_name(*a)).collect();
        let _ = writeln!(
            out,
            "    weapon {} ({}): attack {}, range {}–{}, arcs {}, delta {:+}",
            w.id,
            w.name,
            w.attack,
            w.min_range,
            w.max_range,
            arcs.join("/"),
            w.delta
        );
    }
    for d in &c.directives {
        let halves: Vec<String> = d
            .halves
            .iter()
            .map(|h| {
                let icons: String = h.icons.iter().map(|i| i.glyph()).collect();
                let mut s = format!("{icons} {:+} {}", h.cost, h.colour);
                for k in &h.combos {
                    let side = match k.slot {
                        crate::config::Neighbour::Previous => "after",
                        crate::config::Neighbour::Next => "before",
                    };
                    let _ = write!(s, " ({side} {}: {:+})", k.colour, k.cost);
                }
                s
            })
            .collect();
        let _ = writeln!(out, "    {:<12} {}", d.id, halves.join("  |  "));
    }
}

/// A scenario as text: title, description, the board with deployment zones, the chassis.
///
/// # Examples
/// ```
/// use gridwright_command_core::{Content, preview};
/// let text = preview(&Content::builtin()?.config("duel")?);
/// assert!(text.contains("Wasp"));
/// # Ok::<(), gridwright_command_core::ContentError>(())
/// ```
pub fn preview(config: &Config) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", config.title, config.scenario);
    if !config.description.is_empty() {
        let _ = writeln!(out, "{}", config.description);
    }
    let _ = writeln!(
        out,
        "{}×{} board, {} rounds; deploy within {} of {}",
        config.width,
        config.height,
        config.round_limit,
        config.deploy_range,
        if config.sides.iter().all(|s| s.home_edge == HomeEdge::Any) {
            "any edge".to_owned()
        } else {
            "the home edge".to_owned()
        }
    );
    match Rules::new(config) {
        Ok(rules) => {
            let (p1, p2) = (Seat::new(0), Seat::new(1));
            header(&mut out, config.width);
            for y in 0..config.height {
                let _ = write!(out, "{:>3} ", u32::from(y) + 1);
                for x in 0..config.width {
                    let i = rules.index(x, y);
                    let c = match (rules.deploy[p1].get(i), rules.deploy[p2].get(i)) {
                        (true, true) => '*',
                        (true, false) => '1',
                        (false, true) => '2',
                        (false, false) => '·',
                    };
                    let _ = write!(out, " {c} ");
                }
                out.push('\n');
            }
            out.push_str("  (1, 2: deployment squares of P1, P2; *: either)\n");
        }
        Err(e) => {
            let _ = writeln!(out, "  invalid scenario: {e}");
        }
    }
    for (i, s) in config.sides.iter().enumerate() {
        let names: Vec<String> = s
            .mechs
            .iter()
            .map(|id| {
                config
                    .chassis
                    .iter()
                    .find(|c| c.id == *id)
                    .map_or_else(|| id.clone(), |c| c.name.clone())
            })
            .collect();
        let _ = writeln!(
            out,
            "P{} {} ({} edge): {}",
            i + 1,
            s.name,
            s.home_edge,
            names.join(", ")
        );
    }
    out.push_str("Chassis (icons ↑↓←→ move, ↶↷ turn 45°, ⟲⟳ turn 90°, ■ stop, ⌖ target):\n");
    for c in &config.chassis {
        chassis_card(&mut out, c);
    }
    out
}

/// What an attack choice about to be confirmed costs and may do: for [`Action::Fire`], the
/// weapon delta's payment; for [`Action::Aim`] (the delta paid), the exact damage distribution
/// with both sides rerolling as [`damage_odds_with`] describes.
pub fn attack_preview(game: &CommandCore, action: &Action) -> Option<String> {
    let rules = &game.rules;
    if let Action::Fire { mech, weapon } = *action {
        let a = game
            .mechs
            .get(mech.index())
            .filter(|_| mech.index() < game.mech_count())?;
        let wpn = rules
            .chassis_of(mech.index())
            .weapons
            .get(usize::from(weapon))?;
        let (mut surge, mut flux) = (a.surge, a.flux);
        let paid = settle(&mut surge, &mut flux, i16::from(wpn.delta));
        let mut s = format!(
            "{}: delta {}, pays {} Flux and {} Surge",
            weapon_name(rules, mech, weapon),
            wpn.delta,
            paid.flux,
            paid.surge
        );
        if paid.unpaid > 0 {
            let _ = write!(s, ", {} unpaid (dice against itself)", paid.unpaid);
        }
        s.push_str("; then the target is chosen");
        return Some(s);
    }
    let (Action::Aim { target }, Stage::ChooseTarget { attack }) = (*action, game.stage) else {
        return None;
    };
    let (i, t) = (usize::from(attack.attacker), target.index());
    if t >= game.mech_count() {
        return None;
    }
    let weapon = attack.weapon;
    let a = game.mechs.get(i)?;
    let d = game.mechs.get(t)?;
    let wpn = rules.chassis_of(i).weapons.get(usize::from(weapon))?;
    let arc = rules.arc(d.pos, d.facing, a.pos)?;
    let surge = a.surge;
    let chassis = rules.chassis_of(t);
    let odds = damage_odds_with(
        &rules.config.dice,
        OddsQuery {
            attack: wpn.attack,
            armour: chassis.armour[arc as usize],
            evade: chassis.evasion,
            attacker_surge: surge,
            defender_flux: d.flux,
            defender_surge: d.surge,
        },
    )
    .ok()?;
    let mut s = format!(
        "{} at {}: {} attack dice vs {} armour ({} arc) + {} evade; ",
        weapon_name(rules, MechId(attack.attacker), weapon),
        crate::text::mech_name(rules, target),
        wpn.attack,
        chassis.armour[arc as usize],
        arc_name(arc),
        chassis.evasion
    );
    let _ = write!(
        s,
        "expected damage {:.2}, crits {:.2}; P(≥1) {}; P(destroyed) {}",
        odds.expected_damage.to_f64(),
        odds.expected_crits.to_f64(),
        odds.at_least(1),
        odds.at_least(d.structure)
    );
    Some(s)
}

/// One pool of an attack in words, its faces named in order: "1 crit, 2 hits, 0 blanks
/// (1 rerolled)"; "none" for a pool with no dice.
fn dice_words(names: &[&str], dice: &crate::observe::DiceView) -> String {
    let total: u32 = dice.faces.iter().map(|n| u32::from(*n)).sum();
    if total == 0 {
        return "none".to_owned();
    }
    let parts: Vec<String> = names
        .iter()
        .zip(&dice.faces)
        .map(|(name, n)| format!("{n} {name}{}", if *n == 1 { "" } else { "s" }))
        .collect();
    let rerolled: u32 = dice.rerolled.iter().map(|n| u32::from(*n)).sum();
    if rerolled == 0 {
        parts.join(", ")
    } else {
        format!("{} ({rerolled} rerolled)", parts.join(", "))
    }
}
