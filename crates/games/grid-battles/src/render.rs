//! Terminal pictures: the scenario preview, the game view, and attack odds.

use crate::action::{Action, UnitId};
use crate::config::{Config, Victory};
use crate::content::ScenarioSummary;
use crate::odds::{AttackOdds, odds_of_action};
use crate::state::{EndReason, GridBattles, Phase, SEATS, Status};
use gridwright_engine::dice::Ratio;
use gridwright_engine::text::beside;
use gridwright_engine::{Game, Seat, Viewer};
use std::fmt::Write;

/// Width of one map column in characters. A hex's text may run on into the next column's
/// slot, which is always blank on that line (neighbouring columns print on alternate lines).
const CELL: usize = 3;

/// Draws the hex map: flat-topped hexes in columns, odd columns half a row lower. Each hex shows
/// its terrain glyph and, if occupied, the unit's label (`K3`: upper case for P1, lower case for
/// P2). Column codes run along the top and bottom, row codes down both sides.
fn draw_map(g: &GridBattles, out: &mut String) {
    let r = &*g.rules;
    let (w, h) = (usize::from(r.width), usize::from(r.height));
    let header = |out: &mut String| {
        let mut line = String::from("    ");
        for c in 0..w {
            let _ = write!(line, "{c:02}{:width$}", "", width = CELL - 2);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    header(out);
    for line in 0..2 * h {
        let row = line / 2;
        let even_line = line % 2 == 0;
        let mut buf: Vec<char> = vec![' '; w * CELL + 2 * CELL];
        for c in (0..w).filter(|c| (c % 2 == 0) == even_line) {
            // Even columns print on even lines, odd columns on odd lines.
            let i = c * h + row;
            let glyph = r.config.terrain[usize::from(r.terrain[i])].glyph;
            let mut cell = glyph.to_string();
            if let Some(u) = g.unit_on(i as u16) {
                cell.push_str(&g.map_label(UnitId(u as u8)));
            }
            for (k, ch) in cell.chars().take(2 * CELL - 1).enumerate() {
                buf[c * CELL + k] = ch;
            }
        }
        let body: String = buf.into_iter().collect();
        let label = if even_line {
            format!("{row:02}")
        } else {
            String::new()
        };
        let text = format!("{label:<4}{body}");
        let text = if even_line {
            format!(
                "{:<width$}{label}",
                text.trim_end(),
                width = 4 + w * CELL + CELL
            )
        } else {
            text.trim_end().to_owned()
        };
        out.push_str(&text);
        out.push('\n');
    }
    header(out);
}

/// What the map's glyphs, labels and codes mean.
fn map_legend(g: &GridBattles, out: &mut String) {
    let r = &*g.rules;
    let legend: Vec<String> = r
        .config
        .terrain
        .iter()
        .map(|t| {
            format!(
                "{} {}{}",
                t.glyph,
                t.id,
                if t.blocks_los { " (blocks sight)" } else { "" }
            )
        })
        .collect();
    let _ = writeln!(out, "Terrain: {}.", legend.join(", "));
    let _ = writeln!(
        out,
        "Odd columns sit half a row lower; a hex code is column then row (0304)."
    );
    let _ = writeln!(
        out,
        "Units: UPPER case = P1, lower case = P2, with the unit's number."
    );
}

/// A text preview of a scenario for the lobby: map, units, rules of the battle.
///
/// Used by `gridwright scenarios grid-battles`.
///
/// # Examples
/// ```
/// use gridwright_grid_battles::{Content, preview};
/// let text = preview(&Content::builtin()?.config("skirmish")?);
/// assert!(text.contains("Skirmish"));
/// # Ok::<(), gridwright_grid_battles::ContentError>(())
/// ```
pub fn preview(config: &Config) -> String {
    let g = match GridBattles::new(config) {
        Ok(g) => g,
        Err(e) => return format!("{}: {e}\n", config.scenario),
    };
    let s = ScenarioSummary::of(config);
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", s.title, s.name);
    if !s.description.is_empty() {
        let _ = writeln!(out, "{}", s.description);
    }
    let _ = writeln!(
        out,
        "Map {}x{} · {} activation(s) per turn · {} · round limit {} · {} starts",
        s.map_size.0,
        s.map_size.1,
        s.activations,
        victory_text(config.victory),
        s.round_limit,
        s.first
    );
    for (i, side) in s.sides.iter().enumerate() {
        let units: Vec<String> = side
            .units
            .iter()
            .map(|(n, c)| format!("{c}× {n}"))
            .collect();
        let _ = writeln!(
            out,
            "{} {}: {}",
            Seat::new(i as u8),
            side.name,
            units.join(", ")
        );
    }
    out.push('\n');
    draw_map(&g, &mut out);
    map_legend(&g, &mut out);
    out.push('\n');
    unit_types_table(&g, &mut out);
    trim_lines(&out)
}

/// Drops trailing spaces left by column padding.
fn trim_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn victory_text(v: Victory) -> String {
    v.to_string()
}

fn unit_types_table(g: &GridBattles, out: &mut String) {
    let c = &g.rules.config;
    let _ = writeln!(
        out,
        "{:<10} {:<3} {:<18} {:<7} {:>5} {:>3} {:>6}  {:<7} {:<7}",
        "unit", "map", "base", "attack", "range", "MP", "health", "att.die", "def.die"
    );
    for (ti, t) in c.units.iter().enumerate() {
        if !g.live().any(|(_, u)| usize::from(u.ty) == ti) {
            continue;
        }
        let base: Vec<&str> = t.base.iter().map(|b| b.name()).collect();
        let _ = writeln!(
            out,
            "{:<10} {:<3} {:<18} {:<7} {:>5} {:>3} {:>6}  {:<7} {:<7}",
            t.name,
            t.letter,
            base.join("+"),
            t.attack.name(),
            t.range,
            t.movement,
            t.health,
            t.attack_die,
            t.defence_die
        );
    }
    let bonus: Vec<String> = c
        .bonus
        .iter()
        .map(|a| format!("{} > {}", a.attacker, a.against))
        .collect();
    if !bonus.is_empty() {
        let _ = writeln!(out, "Attack bonus: {}", bonus.join(", "));
    }
}

/// The terminal view of a game: status line, map, unit table.
pub fn render(state: &GridBattles, viewer: Viewer) -> String {
    let g = state;
    let c = &g.rules.config;
    let (p1, p2) = (Seat::new(0), Seat::new(0).next(SEATS));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — round {}/{} — VP {} {} : {} {} (need {})",
        c.title, g.round, c.round_limit, p1, g.vp[p1], g.vp[p2], p2, g.rules.target_vp[p1]
    );
    let side = g.active;
    let you = match viewer {
        Viewer::Seat(s) if s == side => " (you)",
        _ => "",
    };
    let status = match g.phase {
        Phase::Activation { remaining } => {
            format!("{side}{you} to act — activation: activate {remaining} more fresh unit(s)")
        }
        Phase::Movement => {
            format!("{side}{you} to act — movement: move or hold each activated unit, or `done`")
        }
        Phase::Attack => {
            format!("{side}{you} to act — attack: attack with activated units, or `done`")
        }
        Phase::Combat {
            attacker,
            defender,
            roll,
        } => {
            if roll.is_counterattack() {
                format!(
                    "combat — {} strikes back at {}",
                    g.unit_label(defender),
                    g.unit_label(attacker)
                )
            } else {
                format!(
                    "combat — {} attacks {}",
                    g.unit_label(attacker),
                    g.unit_label(defender)
                )
            }
        }
        Phase::Over { winner, reason } => {
            let why = match reason {
                EndReason::Victory => "victory condition met",
                EndReason::RoundLimit => "round limit reached",
            };
            match winner {
                Some(w) => format!("game over ({why}) — {w} {} wins", c.sides[w.index()].name),
                None => format!("game over ({why}) — draw"),
            }
        }
    };
    let _ = writeln!(out, "{status}");
    out.push('\n');
    // The map with the units' table beside it (the legend under both), so that the largest
    // battle fits a terminal of 120 × 40.
    let mut map = String::new();
    draw_map(g, &mut map);
    out.push_str(&beside(&map, &units_table(g), 3));
    map_legend(g, &mut out);
    if !g.is_terminal() {
        let mut legal = Vec::new();
        g.legal_actions(side, &mut legal);
        if let Phase::Attack = g.phase {
            let attacks: Vec<String> = legal
                .iter()
                .filter(|a| matches!(a, Action::Attack { .. }))
                .map(|a| a.to_string())
                .collect();
            if !attacks.is_empty() {
                let _ = writeln!(out, "Possible attacks: {}", attacks.join(", "));
            }
        }
    }
    trim_lines(&out)
}

/// One row per unit: its number, map label, type, side, hex, health, movement left, status.
fn units_table(g: &GridBattles) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>3} {:<4} {:<9} {:<4} {:<5} {:>6} {:>5} {:<10} {:<5}",
        "id", "map", "type", "side", "hex", "health", "MP", "status", "bold"
    );
    for v in g.unit_views() {
        let name = g.unit_type(v.id).map_or("?", |t| t.name.as_str());
        let status = if !v.alive {
            "destroyed".to_owned()
        } else {
            match v.status {
                Status::Fresh => "fresh".to_owned(),
                Status::Fatigued => "fatigued".to_owned(),
                Status::Activated => {
                    let mut s = "active".to_owned();
                    if v.moved {
                        s.push_str(",mv");
                    }
                    if v.attacked {
                        s.push_str(",at");
                    }
                    s
                }
            }
        };
        let _ = writeln!(
            out,
            "{:>3} {:<4} {:<9} {:<4} {:<5} {:>6} {:>5} {:<10} {:<5}",
            v.id.to_string(),
            v.label,
            name,
            v.side.to_string(),
            v.at.unwrap_or_else(|| "—".into()),
            format!("{}/{}", v.health, v.max_health),
            format!("{}/{}", v.mp_left, v.movement),
            status,
            if v.alive && v.bold { "bold" } else { "" }
        );
    }
    out
}

/// `title` on a line, then one line per (damage, probability).
fn write_damage(out: &mut String, title: &str, damage: &[(u32, Ratio)]) {
    let _ = writeln!(out, "{title}");
    for (k, p) in damage {
        let _ = writeln!(out, "  {k}: {}", fraction_and_decimal(*p));
    }
}

fn fraction_and_decimal(p: Ratio) -> String {
    format!("{p} ≈ {:.4}", p.to_f64())
}

/// For an attack action: both units' stats and dice, whether the bonus applies, whether the
/// defender is bold (and will counterattack), and the exact probability of every outcome.
/// `None` if `action` is not an attack between two live enemy units.
pub fn attack_preview(state: &GridBattles, action: &Action) -> Option<String> {
    let odds: AttackOdds = odds_of_action(state, action)?;
    let g = state;
    let mut out = String::new();
    for (role, id, die_kind) in [
        ("Attacker", odds.attacker, "attack"),
        ("Defender", odds.defender, "defence"),
    ] {
        let v = g.unit_view(id)?;
        let t = g.unit_type(id)?;
        let die = if die_kind == "attack" {
            &t.attack_die
        } else {
            &t.defence_die
        };
        let base: Vec<&str> = t.base.iter().map(|b| b.name()).collect();
        let attack = if t.attack == crate::config::AttackKind::Ranged {
            format!("ranged (range {})", t.range)
        } else {
            "melee".to_owned()
        };
        let _ = writeln!(
            out,
            "{role}: {} at {} — {}, {attack}, health {}/{}, rolls the {die} {die_kind} die{}",
            g.unit_label(id),
            v.at.clone().unwrap_or_default(),
            base.join("+"),
            v.health,
            v.max_health,
            if v.bold { "; bold" } else { "" }
        );
    }
    let _ = writeln!(
        out,
        "Bonus symbols {}.",
        if odds.advantage {
            "count (the attacker has the advantage)"
        } else {
            "do not count"
        }
    );
    let _ = writeln!(
        out,
        "Expected hits {}; expected damage {}.",
        fraction_and_decimal(odds.expected_hits),
        fraction_and_decimal(odds.expected_damage)
    );
    write_damage(&mut out, "Damage to the defender:", &odds.damage);
    let _ = writeln!(
        out,
        "Defender destroyed: {}",
        fraction_and_decimal(odds.destroyed)
    );
    match (&odds.counter, odds.defender_bold, odds.ranged) {
        (Some(c), _, _) => {
            let _ = writeln!(
                out,
                "The defender is bold: if it survives ({}) it strikes back{}.",
                fraction_and_decimal(c.happens),
                if c.advantage { " with its bonus" } else { "" }
            );
            write_damage(&mut out, "Damage to the attacker:", &c.damage);
            let _ = writeln!(
                out,
                "Expected damage to the attacker {}; attacker destroyed: {}",
                fraction_and_decimal(c.expected_damage),
                fraction_and_decimal(c.attacker_destroyed)
            );
        }
        (None, true, true) => {
            out.push_str("The defender is bold, but a ranged attack is never answered.\n");
        }
        _ => out.push_str("The defender is not bold: no counterattack.\n"),
    }
    Some(out)
}
