//! The terminal picture, drawn from a viewer's [`Observation`] only (so it cannot show a
//! secret): the sector grid with each card's rotated corner colours, its controller, fleets and
//! structures; storage and markers; the positions with the directives that match for the
//! player to act; the objective row with claims; open offers; the battle mat during a combat.

use crate::observe::{Observation, TileView};
use crate::rules::map::{Corner, SectorRef, Space};
use crate::rules::structures::Structure;
use crate::state::Milkomeda;
use gridwright_engine::text;
use gridwright_engine::{Game, Seat, Viewer};
use std::fmt::Write;

const CELL: usize = 13;

/// The most drawn sector cards the picture lists with their costs and values.
const DRAWN_IN_FULL: usize = 6;

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

/// A space's two lines: the corner colours of its top with its name and controller between
/// them, then those of its bottom with its fleets and structures between them.
fn cell_lines(obs: &Observation, tile: Option<&TileView>, space: Space) -> [String; 2] {
    let Some(t) = tile else {
        return [format!("{:^CELL$}", "·"), " ".repeat(CELL)];
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
    let mut things: Vec<String> = t
        .fleets
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| format!("{}:{n}", i + 1))
        .collect();
    things.extend(
        obs.structures
            .iter()
            .filter(|p| p.space == space)
            .map(|p| format!("{}{}", structure_letter(p.structure), p.owner.number())),
    );
    // Spaced out when that fits the cell.
    let spaced = things.join(" ");
    let things = if spaced.chars().count() <= CELL - 2 {
        spaced
    } else {
        things.concat()
    };
    let bottom = format!(
        "{}{:^w$}{}",
        corner(Corner::BottomLeft),
        things,
        corner(Corner::BottomRight),
        w = CELL - 2
    );
    [top, bottom]
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

/// The title line and the sector grid with its legend: the rows and columns with a sector, each
/// space on two lines.
fn grid(out: &mut String, obs: &Observation) {
    let (w, h) = (obs.grid.columns, obs.grid.rows);
    let _ = writeln!(
        out,
        "Milkomeda, round {} — sector deck {} left{}",
        obs.round,
        obs.deck_left,
        if obs.order.is_empty() {
            String::new()
        } else {
            let o: Vec<String> = obs.order.iter().map(ToString::to_string).collect();
            format!(" — turn order {}", o.join(" "))
        }
    );
    // The rows and columns with a sector (all of them on an empty map); the headers name them
    // and a line marks rows left out.
    let kept = |seen: Vec<u8>, size: u8| -> Vec<u8> {
        (0..size)
            .filter(|i| seen.is_empty() || seen.contains(i))
            .collect()
    };
    let (cols, rows): (Vec<u8>, Vec<u8>) =
        obs.tiles.iter().map(|t| <(u8, u8)>::from(t.space)).unzip();
    let (cols, rows) = (kept(cols, w), kept(rows, h));
    let sep = format!("+{}", format!("{}+", "-".repeat(CELL)).repeat(cols.len()));
    let _ = write!(out, "  ");
    for c in &cols {
        let _ = write!(out, " {:^CELL$}", format!("c{}", c + 1));
    }
    out.push('\n');
    let _ = writeln!(out, "   {sep}");
    for (k, &row) in rows.iter().enumerate() {
        if k > 0 && rows[k - 1] + 1 != row {
            let _ = writeln!(
                out,
                "   ⋮ (rows {} to {}: no sectors)",
                rows[k - 1] + 2,
                row
            );
        }
        let mut lines = [String::new(), String::new()];
        for &col in &cols {
            let Ok(space) = Space::try_from((col, row)) else {
                continue;
            };
            let tile = obs.tiles.iter().find(|t| t.space == space);
            for (l, text) in lines.iter_mut().zip(cell_lines(obs, tile, space)) {
                l.push('|');
                l.push_str(&text);
            }
        }
        let _ = writeln!(out, "{:>3}{}|", format!("r{}", row + 1), lines[0]);
        let _ = writeln!(out, "   {}|", lines[1]);
    }
    let _ = writeln!(
        out,
        "corners: b blue, o orange, r red, g green; *N controller; N:k fleets; \
         O/S/H/M Outpost/Starlance/Hypergate/M-Brain"
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
            "{seat} {civ}: {s}; fleets on map {}; last action {marker}",
            g.fleets_on_map(seat)
        );
    }
}

/// The positions: directive, module, and where the directive matches for the seat to act; two
/// positions a line where they fit.
fn positions(out: &mut String, g: &Milkomeda, obs: &Observation) {
    // The observation's matches are the seat's whose turn it is.
    let acting = obs.turn.as_ref().map(|t| t.seat);
    let mut cells = Vec::new();
    let mut matches = Vec::new();
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
            || "no module".to_owned(),
            |m| format!("{} ({} {} {})", m.name(), m.action, m.amount, m.resource),
        );
        // Short enough for two positions a line (the picture must leave the screen room).
        cells.push(format!("pos. {p}: {d_text}, {m_text}"));
        if acting.is_some() && !view.matches.is_empty() {
            let at: Vec<String> = view.matches.iter().map(|x| x.words()).collect();
            matches.push(format!("position {p} {}", at.join("; ")));
        }
    }
    for line in text::grid(&cells, text::COLUMNS) {
        let _ = writeln!(out, "{line}");
    }
    if let Some(seat) = acting.filter(|_| !matches.is_empty()) {
        let _ = writeln!(
            out,
            "directives matching for {seat}: {}",
            matches.join("; ")
        );
    }
}

/// The objective row with its claimed slots, two objectives a line where they fit.
fn objectives(out: &mut String, g: &Milkomeda, obs: &Observation) {
    let cells: Vec<String> = obs
        .objectives
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let def = g.table.rules.objective(o.card);
            let slots: Vec<String> = o
                .slots
                .iter()
                .map(|s| match s.holder {
                    Some(who) => format!("{}→{} {who}", s.threshold, s.points),
                    None => format!("{}→{}", s.threshold, s.points),
                })
                .collect();
            format!(
                "objective {} ({}: {}): {} VP",
                i + 1,
                def.name(),
                def.objective.words(),
                slots.join(", ")
            )
        })
        .collect();
    for line in text::grid(&cells, text::COLUMNS) {
        let _ = writeln!(out, "{line}");
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
    // The Master's phase as one paragraph of sentences.
    if let Some(o) = &obs.orders {
        let mut said = vec![format!("Master of the Order: {} ({})", o.master, o.stage)];
        if !o.drawn.is_empty() {
            let d: Vec<String> = o.drawn.iter().map(ToString::to_string).collect();
            said.push(format!(
                "the Master drew and revealed order cards {}, {} face down",
                d.join(", "),
                o.face_down
            ));
        }
        if !o.proposal.is_empty() {
            let p: Vec<String> = o
                .proposal
                .iter()
                .map(|c| format!("card {} for {}", c.card, c.seat))
                .collect();
            said.push(format!(
                "the Master proposes (not binding): {}",
                p.join(", ")
            ));
        }
        if !o.transfers.is_empty() {
            let paid: Vec<String> = o.transfers.iter().map(ToString::to_string).collect();
            said.push(format!("bribes paid: {}", paid.join("; ")));
        }
        for f in &o.offers {
            said.push(format!("open offer {f}"));
        }
        if let Ok(p) = crate::rules::bribes::Payment::new(o.bribe) {
            said.push(format!("bribe in progress (not paid yet): {p}"));
        }
        if let Some(r) = o.refresh {
            said.push(format!("the Master chose: {r}"));
        }
        let _ = writeln!(out, "{}.", said.join(". "));
    }
}

/// The turn in progress.
fn turn(out: &mut String, g: &Milkomeda, obs: &Observation) {
    if let Some(t) = &obs.turn {
        let _ = write!(out, "{}'s turn: {}", t.seat, t.stage);
        if let crate::observe::TurnStep::Explore { hand, .. } = &t.stage
            && hand.len() > DRAWN_IN_FULL
        {
            // Many cards: their names ("Sectors 37, 65 and 19" when all are numbered sectors),
            // and how to read one.
            let names: Vec<String> = hand
                .iter()
                .map(|c| g.table.rules.sector(c.card).name())
                .collect();
            let numbers: Option<Vec<&str>> =
                names.iter().map(|n| n.strip_prefix("Sector ")).collect();
            let (listed, last) = match &numbers {
                Some(numbers) => (format!("Sectors {}", numbers.join(", ")), "Sector N"),
                None => (names.join(", "), "NAME"),
            };
            let _ = write!(
                out,
                "; drawn {listed} (`card {last}` shows one's cost and values)"
            );
        } else if let crate::observe::TurnStep::Explore { hand, .. } = &t.stage
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
