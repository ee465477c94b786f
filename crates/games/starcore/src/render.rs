//! The terminal view, drawn from the viewer's observation (so it cannot show a hidden hand):
//! both grids with row and lane labels, the zone divider between lanes 4 and 5 and the sector
//! of each row, links between linked cards (`=` across a lane, `‖` between rows), each
//! network's output, Module hosts, every card's HP, Shield and stats, the viewer's hand, and
//! the stack when something waits for a response.

use crate::action::{Aim, CardId};
use crate::grid::{Lane, Tile};
use crate::observe::{FrameView, Observation};
use crate::rules::network::{Networks, Resources};
use crate::state::{PhaseView, Starcore};
use crate::text::{phase_text, result_text};
use gridwright_engine::{Game, Seat, Viewer};
use std::fmt::Write;

const CELL: usize = 8;

/// The view of `game` for `viewer`.
pub fn render(game: &Starcore, viewer: Viewer) -> String {
    let obs = game.observe(viewer);
    let mut out = String::new();
    let now = match obs.phase {
        PhaseView::Over { winner, reason } => {
            format!("the game is over, {}", result_text(winner, reason))
        }
        phase => phase_text(&phase),
    };
    let _ = writeln!(
        out,
        "Starcore, turn {} ({} active) — {now}",
        obs.turn, obs.active
    );
    grids(&mut out, game, &obs);
    players(&mut out, &obs);
    for seat in [crate::P1, crate::P2] {
        networks(&mut out, game, seat);
        cards(&mut out, game, &obs, seat);
    }
    hand(&mut out, game, &obs);
    stack(&mut out, game, &obs);
    out
}

/// Both grids, P2's above P1's, with lane, row and sector labels, the zone divider and links.
fn grids(out: &mut String, game: &Starcore, obs: &Observation) {
    let linked = |a: Tile, b: Tile| {
        obs.links
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
    };
    let cell = |t: Tile| -> String {
        match obs.board.iter().find(|p| p.tile == t) {
            Some(p) => {
                let abbr: String = game
                    .card(p.card)
                    .name()
                    .chars()
                    .filter(|c| c.is_alphanumeric())
                    .take(4)
                    .collect();
                format!("{}{abbr:<4}{:>2}", p.owner.number(), p.hp.0)
            }
            None => " .     ".to_owned(),
        }
    };
    let mut header = String::from("      ");
    for lane in Lane::all() {
        let _ = write!(header, "{:<width$}", format!("   {lane}"), width = CELL + 1);
        if lane.number() == 4 {
            header.push(' ');
        }
    }
    let _ = writeln!(
        out,
        "{}   Z1 = lanes 1–4 ¦ Z2 = lanes 5–8",
        header.trim_end()
    );

    let rows: Vec<(Seat, crate::Row)> = [
        (crate::P2, crate::Row::C),
        (crate::P2, crate::Row::B),
        (crate::P2, crate::Row::A),
        (crate::P1, crate::Row::A),
        (crate::P1, crate::Row::B),
        (crate::P1, crate::Row::C),
    ]
    .into();
    for (i, &(seat, row)) in rows.iter().enumerate() {
        let mut line = format!("{seat} {row}  ");
        for lane in Lane::all() {
            let t = Tile::new(seat, row, lane);
            line.push_str(&cell(t));
            let right = lane.offset(1).map(|l| Tile::new(seat, row, l));
            line.push(if right.is_some_and(|r| linked(t, r)) {
                '='
            } else {
                ' '
            });
            if lane.number() == 4 {
                line.push('¦');
            }
        }
        let sectors = if row == crate::Row::C {
            "S3 ¦ S4"
        } else {
            "S1 ¦ S2"
        };
        let _ = writeln!(out, "{}  {sectors}", line.trim_end());
        if let Some(&(s2, r2)) = rows.get(i + 1) {
            let mut between = String::from("      ");
            for lane in Lane::all() {
                let a = Tile::new(seat, row, lane);
                let b = Tile::new(s2, r2, lane);
                between.push_str(if linked(a, b) {
                    "   ‖     "
                } else {
                    "         "
                });
                if lane.number() == 4 {
                    between.push('¦');
                }
            }
            if i == 2 {
                let _ = writeln!(
                    out,
                    "      {:═^width$}",
                    " P2's grid above, P1's below · a cell: owner, name, HP · = ‖ links ",
                    width = 8 * (CELL + 1) + 1
                );
            } else if between.contains('‖') {
                let _ = writeln!(out, "{}", between.trim_end());
            }
        }
    }
}

/// Every card `seat` controls on the board, cards of one name and the same stats together:
/// `Slag Cell (HP 3) at A4, B6 (1 HP left)`, with DMG, DEF and MOV when not 0, Shield, keywords
/// and the host a Module serves.
fn cards(out: &mut String, game: &Starcore, obs: &Observation, seat: Seat) {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for p in obs.board.iter().filter(|p| p.owner == seat) {
        let mut what = format!("{} (HP {}", game.card(p.card).name(), p.hp.1);
        for (stat, v) in [("DMG", p.dmg), ("DEF", p.def), ("MOV", p.movement)] {
            if v != 0 {
                let _ = write!(what, ", {stat} {v}");
            }
        }
        if p.shield > 0 {
            let _ = write!(what, ", Shield {}", p.shield);
        }
        if !p.keywords.is_empty() {
            let kws: Vec<&str> = p.keywords.iter().map(|k| k.title()).collect();
            let _ = write!(what, "; {}", kws.join(", "));
        }
        what.push(')');
        let mut at = short_tile(p.tile, seat);
        if p.hp.0 < p.hp.1 {
            let _ = write!(at, " ({} HP left)", p.hp.0);
        }
        if let Some(h) = p.host {
            let _ = write!(at, " serving {}", short_tile(h, seat));
        }
        match groups.iter_mut().find(|(w, _)| *w == what) {
            Some((_, tiles)) => tiles.push(at),
            None => groups.push((what, vec![at])),
        }
    }
    if !groups.is_empty() {
        let all: Vec<String> = groups
            .into_iter()
            .map(|(what, tiles)| format!("{what} at {}", tiles.join(", ")))
            .collect();
        let _ = writeln!(out, "{seat}'s cards: {}.", all.join("; "));
    }
}

/// A tile of `seat`'s own grid without the grid's owner (`A5`), another as `P2:A6`.
fn short_tile(t: Tile, seat: Seat) -> String {
    if t.owner() == seat {
        format!("{}{}", t.row(), t.lane())
    } else {
        t.to_string()
    }
}

/// `seat`'s networks of more than one card or with an output, and what each makes a turn, on
/// one line.
fn networks(out: &mut String, game: &Starcore, seat: Seat) {
    let networks = Networks::compute(game.board.links());
    let mut made = Vec::new();
    for (id, owner, members) in networks.iter() {
        let pool: Resources = networks.pool(id, |t| {
            game.card_at(t)
                .map_or(Resources::NONE, |c| game.card(c).output())
        });
        if owner == seat && (members.len() > 1 || !pool.is_empty()) {
            let tiles: Vec<String> = members.iter().map(|t| short_tile(t, seat)).collect();
            made.push(format!("{} makes {pool}", tiles.join("+")));
        }
    }
    if !made.is_empty() {
        let _ = writeln!(out, "{seat}'s networks: {}.", made.join("; "));
    }
}

/// Each player's counts and pool, on one line.
fn players(out: &mut String, obs: &Observation) {
    let all: Vec<String> = obs
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{}: hand {}, deck {}, scrapyard {}, void {}, pool {}",
                Seat::new(i as u8),
                p.hand_count,
                p.deck_count,
                p.scrapyard.len(),
                p.void.len(),
                p.pool
            )
        })
        .collect();
    let _ = writeln!(out, "{}", all.join(" · "));
}

/// The viewer's own hand, with each card's cost.
fn hand(out: &mut String, game: &Starcore, obs: &Observation) {
    for p in &obs.players {
        if let Some(hand) = &p.hand {
            // Copies of a card together: `Null Scout ×3 (2 Signal)`.
            let mut names: Vec<(String, String, usize)> = Vec::new();
            for c in hand {
                let card = game.card(*c);
                let (name, cost) = (card.name().to_string(), card.cost().to_string());
                match names.iter_mut().find(|(k, v, _)| *k == name && *v == cost) {
                    Some((_, _, n)) => *n += 1,
                    None => names.push((name, cost, 1)),
                }
            }
            let names: Vec<String> = names
                .iter()
                .map(|(name, cost, n)| {
                    let copies = if *n > 1 {
                        format!(" ×{n}")
                    } else {
                        String::new()
                    };
                    format!("{name}{copies} ({cost})")
                })
                .collect();
            let _ = writeln!(out, "your hand: {}", names.join(", "));
        }
    }
}

/// The stack, top last, and who may respond (nothing when it is empty).
fn stack(out: &mut String, game: &Starcore, obs: &Observation) {
    if obs.stack.is_empty() {
        return;
    }
    let name = |c: CardId| game.card(c).name();
    let _ = writeln!(
        out,
        "stack (top last), {} may respond:",
        obs.responder.map_or("nobody".into(), |s| s.to_string())
    );
    for (i, f) in obs.stack.iter().enumerate() {
        let text = match f {
            FrameView::Deploy { seat, card, tile } => {
                format!("{seat} deploys {} to {tile}", name(*card))
            }
            FrameView::Action {
                seat,
                card,
                aim,
                countered,
            } => {
                let at = match aim {
                    Aim::None => String::new(),
                    Aim::Tile(t) => format!(" at {t}"),
                    Aim::Lane(l) => format!(" on lane {l}"),
                    Aim::Frame(k) => format!(" against stack {k}"),
                };
                format!(
                    "{seat} plays {}{at}{}",
                    name(*card),
                    if *countered { " (countered)" } else { "" }
                )
            }
            FrameView::Attack {
                from,
                target,
                first_strike,
                ..
            } => format!(
                "{from} {} {target}",
                if *first_strike {
                    "strikes first at"
                } else {
                    "attacks"
                }
            ),
        };
        let _ = writeln!(out, "  {i}: {text}");
    }
}

/// What to show before an attack is confirmed: the exact chance to hit, to hit critically,
/// and the damage of each (`None` for other actions).
pub fn preview(game: &Starcore, action: &crate::Action) -> Option<String> {
    let crate::Action::Attack { from, target } = *action else {
        return None;
    };
    let def = game.stat(target, crate::Stat::Def);
    let dmg = game.attack_damage(from, target);
    let pierce = game.has(from, |k| *k == crate::Keyword::Pierce);
    let odds = crate::odds::attack_odds(dmg, def, game.shield_at(target), pierce);
    let reach = game
        .card_at(from)
        .and_then(|c| game.card(c).attack())
        .map(|b| b.tiles(from.lane()))
        .unwrap_or_default();
    Some(format!(
        "{from} → {target}: hit {:.1}% (critical {:.1}%), {dmg} damage ({} on a critical); \
         expected HP damage {:.2}\ntargeting box from {from}: {reach}",
        100.0 * odds.hit,
        100.0 * odds.critical,
        dmg.saturating_mul(2),
        odds.expected
    ))
}
