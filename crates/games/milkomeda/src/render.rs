//! The terminal picture, drawn from a viewer's [`Observation`] only (so it cannot show a
//! secret): the sector grid with each card's rotated corner colours, its controller, fleets and
//! structures; storage and markers; the positions with the directives that match for the
//! player to act; the objective row with claims; open offers; the battle mat during a combat.

use crate::observe::{Observation, TileView};
use crate::rules::map::{Corner, SectorRef, Space};
use crate::rules::structures::Structure;
use crate::state::Milkomeda;
use gridwright_engine::{Game, Seat, Viewer};
use std::fmt::Write;

const CELL: usize = 13;

fn colour_letter(r: crate::Resource) -> char {
    match r {
        crate::Resource::Blue => 'b',
        crate::Resource::Orange => 'o',
        crate::Resource::Red => 'r',
        crate::Resource::Green => 'g',
    }
}

fn structure_letter(s: Structure) -> char {
    match s {
        Structure::Outpost => 'O',
        Structure::Starlance => 'S',
        Structure::Hypergate => 'H',
        Structure::MBrain => 'M',
    }
}

fn cell_lines(obs: &Observation, tile: Option<&TileView>, space: Space) -> [String; 3] {
    let Some(t) = tile else {
        return [
            " ".repeat(CELL),
            format!("{:^CELL$}", "·"),
            " ".repeat(CELL),
        ];
    };
    let rot = t.rotation;
    let corner = |c: Corner| {
        let tile = crate::rules::map::Tile {
            sector: t.sector,
            rotation: rot,
        };
        colour_letter(tile.colour_at(c))
    };
    let name = match t.sector {
        SectorRef::Homeworld(s) => format!("Home {}", s.number()),
        SectorRef::Card(_) => t.name.clone(),
    };
    let ctl = t
        .control
        .map_or(String::new(), |s| format!("*{}", s.number()));
    let top = format!(
        "{}{:^w$}{}",
        corner(Corner::TopLeft),
        format!("{name}{ctl}"),
        corner(Corner::TopRight),
        w = CELL - 2
    );
    let fleets: Vec<String> = t
        .fleets
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| format!("{}:{n}", i + 1))
        .collect();
    let mid = format!("{:^CELL$}", fleets.join(" "));
    let structs: String = obs
        .structures
        .iter()
        .filter(|p| p.space == space)
        .map(|p| format!("{}{}", structure_letter(p.structure), p.owner.number()))
        .collect::<Vec<_>>()
        .join(" ");
    let bottom = format!(
        "{}{:^w$}{}",
        corner(Corner::BottomLeft),
        structs,
        corner(Corner::BottomRight),
        w = CELL - 2
    );
    [top, mid, bottom]
}

/// The picture `viewer` may see.
pub fn render(g: &Milkomeda, viewer: Viewer) -> String {
    let obs = g.observe(viewer);
    let mut out = String::new();
    grid(&mut out, &obs);
    seats(&mut out, g, &obs);
    positions(&mut out, g, &obs);
    objectives(&mut out, g, &obs);
    orders(&mut out, &obs);
    turn(&mut out, g, &obs);
    combat(&mut out, &obs);
    scores(&mut out, &obs);
    out
}

/// The title line and the sector grid with its legend.
fn grid(out: &mut String, obs: &Observation) {
    let (w, h) = (obs.grid.columns, obs.grid.rows);
    let _ = writeln!(
        out,
        "Milkomeda, round {} — sector deck {} left",
        obs.round, obs.deck_left
    );
    let sep = format!(
        "+{}",
        format!("{}+", "-".repeat(CELL)).repeat(usize::from(w))
    );
    let _ = write!(out, "  ");
    for c in 1..=w {
        let _ = write!(out, " {:^CELL$}", format!("c{c}"));
    }
    out.push('\n');
    for row in 0..h {
        let _ = writeln!(out, "   {sep}");
        let mut lines = [String::new(), String::new(), String::new()];
        for col in 0..w {
            let Ok(space) = Space::try_from((col, row)) else {
                continue;
            };
            let tile = obs.tiles.iter().find(|t| t.space == space);
            for (l, text) in lines.iter_mut().zip(cell_lines(obs, tile, space)) {
                l.push('|');
                l.push_str(&text);
            }
        }
        for (i, l) in lines.iter().enumerate() {
            let label = if i == 1 {
                format!("r{}", row + 1)
            } else {
                String::new()
            };
            let _ = writeln!(out, "{label:>3}{l}|");
        }
    }
    let _ = writeln!(out, "   {sep}");
    let _ = writeln!(
        out,
        "corners: b blue, o orange, r red, g green; *N controller; N:k fleets; O/S/H/M structures"
    );
}

/// Each seat's storage, fleets and marker; the turn order.
fn seats(out: &mut String, g: &Milkomeda, obs: &Observation) {
    for (i, s) in obs.storage.iter().enumerate() {
        let seat = Seat::new(i as u8);
        let marker = obs.markers[i].map_or("start".into(), |m| m.to_string());
        let civ = g.config().seats[i].name();
        let _ = writeln!(
            out,
            "{seat} ({civ}): {s}; fleets on map {}; last action {marker}",
            g.fleets_on_map(seat)
        );
    }
    if !obs.order.is_empty() {
        let o: Vec<String> = obs.order.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "turn order: {}", o.join(" "));
    }
}

/// The positions: directive, module, and where the directive matches for the seat whose turn
/// it is.
fn positions(out: &mut String, g: &Milkomeda, obs: &Observation) {
    let acting = obs.turn.as_ref().map(|t| t.seat);
    for view in &obs.positions {
        let p = view.position;
        let d = view.directive.as_ref().map(|d| d.card);
        let m = view.module.as_ref().map(|m| m.card);
        let d_text = d.map(|d| g.table.rules.directive(d)).map_or_else(
            || "—".to_owned(),
            |d| {
                let dots: Vec<String> = <[Option<crate::Resource>; 4]>::from(d.pattern)
                    .iter()
                    .map(|x| x.map_or("·".into(), |r| colour_letter(r).to_string()))
                    .collect();
                format!("{} [{}]", d.name(), dots.join(""))
            },
        );
        let m_text = m.map(|m| g.table.rules.module(m)).map_or_else(
            || "—".to_owned(),
            |m| {
                format!(
                    "{} ({} for {} {})",
                    m.name(),
                    m.action,
                    m.amount,
                    m.resource
                )
            },
        );
        let mut line = format!("position {p}: {d_text}, {m_text}");
        if let (Some(seat), false) = (acting, view.matches.is_empty()) {
            let at: Vec<String> = view.matches.iter().map(|x| x.words()).collect();
            let _ = write!(
                line,
                " — the directive matches for {seat} {}",
                at.join("; ")
            );
        }
        let _ = writeln!(out, "{line}");
    }
}

/// The objective row with its claimed slots.
fn objectives(out: &mut String, g: &Milkomeda, obs: &Observation) {
    for (i, o) in obs.objectives.iter().enumerate() {
        let def = g.table.rules.objective(o.card);
        let slots: Vec<String> = o
            .slots
            .iter()
            .map(|s| match s.holder {
                Some(who) => format!("{}→{}VP [{who}]", s.threshold, s.points),
                None => format!("{}→{}VP", s.threshold, s.points),
            })
            .collect();
        let _ = writeln!(
            out,
            "objective {} ({}: {}): {}",
            i + 1,
            def.name(),
            def.objective.words(),
            slots.join(", ")
        );
    }
}

/// The setup exploration and the Master of the Order's phase.
fn orders(out: &mut String, obs: &Observation) {
    if let Some(setup) = &obs.setup {
        let drawn: Vec<&str> = setup.hand.iter().map(|c| c.name.as_str()).collect();
        let _ = writeln!(
            out,
            "setup: {} places its starting sectors; drawn {}",
            setup.seat,
            drawn.join(", ")
        );
    }
    if let Some(o) = &obs.orders {
        let _ = writeln!(out, "Master of the Order: {} ({})", o.master, o.stage);
        if !o.drawn.is_empty() {
            let d: Vec<String> = o.drawn.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                out,
                "the Master drew and revealed order cards {}; {} face down",
                d.join(", "),
                o.face_down
            );
        }
        if !o.proposal.is_empty() {
            let p: Vec<String> = o
                .proposal
                .iter()
                .map(|c| format!("card {} for {}", c.card, c.seat))
                .collect();
            let _ = writeln!(out, "the Master proposes (not binding): {}", p.join(", "));
        }
        for t in &o.transfers {
            let _ = writeln!(out, "bribe paid: {t}");
        }
        for f in &o.offers {
            let _ = writeln!(out, "open offer {f}");
        }
        if let Ok(p) = crate::rules::bribes::Payment::new(o.bribe) {
            let _ = writeln!(out, "bribe in progress (not paid yet): {p}");
        }
        if let Some(r) = o.refresh {
            let _ = writeln!(out, "the Master chose: {r}");
        }
    }
}

/// The turn in progress.
fn turn(out: &mut String, g: &Milkomeda, obs: &Observation) {
    if let Some(t) = &obs.turn {
        let _ = write!(out, "{}'s turn: {}", t.seat, t.stage);
        if let crate::observe::TurnStep::Explore { hand, .. } = &t.stage
            && !hand.is_empty()
        {
            let ids: Vec<String> = hand
                .iter()
                .map(|c| {
                    let s = g.table.rules.sector(c.card);
                    format!("{} (cost {}, {})", s.name(), s.cost, s.values)
                })
                .collect();
            let _ = write!(out, "; drawn {}", ids.join(", "));
        }
        out.push('\n');
    }
}

/// The battle mat during a combat.
fn combat(out: &mut String, obs: &Observation) {
    if let Some(c) = &obs.combat {
        let _ = writeln!(
            out,
            "battle at {} (attacker {}), round {}, {}",
            c.sector.words(),
            c.attacker,
            c.round + 1,
            c.stage
        );
        let _ = writeln!(
            out,
            "  tracks: beam frigate / shield cruiser / artillery platform / drone carrier / fighter squadron"
        );
        for (i, r) in c.rosters.iter().enumerate() {
            if !r.is_empty() {
                match c.faces.get(i).filter(|f| !f.is_empty()) {
                    Some(faces) => {
                        let f: Vec<String> = faces.iter().map(|f| f.value().to_string()).collect();
                        let _ = writeln!(
                            out,
                            "  P{} ships {r}, rolled {}: {} hits",
                            i + 1,
                            f.join(", "),
                            c.hits[i]
                        );
                    }
                    None => {
                        let _ = writeln!(out, "  P{} ships {r}, hits {}", i + 1, c.hits[i]);
                    }
                }
            }
        }
        for (i, a) in c.allocations.iter().enumerate() {
            if !a.is_empty() {
                let _ = writeln!(out, "  P{} allocates {a}", i + 1);
            }
        }
        if let Some(own) = c.own_sealed {
            let text = crate::text::sealed_words(own);
            let _ = writeln!(out, "  your sealed choice so far: {text}");
        }
        if !c.owing.is_empty() {
            let o: Vec<String> = c.owing.iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "  still sealing: {}", o.join(" "));
        }
    }
}

/// The final scores.
fn scores(out: &mut String, obs: &Observation) {
    if let Some(scores) = &obs.scores {
        for (i, s) in scores.iter().enumerate() {
            let _ = writeln!(
                out,
                "P{}: {} VP (sectors {}, structures {}, fleets {}, orange {}, objectives {}, grid {})",
                i + 1,
                s.standing.points,
                s.sectors,
                s.structures,
                s.fleets,
                s.orange,
                s.objectives,
                s.grid_bonus
            );
        }
    }
}
