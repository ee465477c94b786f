//! The text forms of actions and events, as typed and shown in the terminal. Cards are named by
//! their ids, tiles as `P1:B4`.
//!
//! | action | text |
//! |---|---|
//! | keep / mulligan | `keep`, `mulligan` |
//! | place the Commander | `commander P1:C4` |
//! | move | `move P1:B4 P1:A4` |
//! | deploy | `deploy scrap-cell P1:C2`, a Module `deploy ward-plate P1:B3 host right` |
//! | play an Action | `play null-writ stack 0`, `play rail-volley lane 4`, `play snipe P2:A4`, `play surge` |
//! | attack | `attack P1:A4 P2:A5` |
//! | activate an ability | `activate P1:B4 1`, `activate P1:C2 0 P2:A3` |
//! | pass | `pass` |
//! | chance | `first P2`, `draw P1 scrap-cell`, `roll 3+7` |

use crate::action::{Action, Aim, CardId};
use crate::config::Rules;
use crate::event::{EndReason, Event};
use crate::grid::Area;

fn name(rules: &Rules, id: CardId) -> &str {
    rules.cards.get(id.index()).map_or("?", |c| c.id())
}

/// The text of `action`.
pub(crate) fn action_text(rules: &Rules, action: &Action) -> String {
    match *action {
        Action::FirstPlayer(s) => format!("first {s}"),
        Action::Draw(s, c) => format!("draw {s} {}", name(rules, c)),
        Action::Roll(a, b) => format!("roll {a}+{b}"),
        Action::Keep => "keep".into(),
        Action::Mulligan => "mulligan".into(),
        Action::PlaceCommander(t) => format!("commander {t}"),
        Action::Move { from, to } => format!("move {from} {to}"),
        Action::Deploy {
            card,
            tile,
            host: None,
        } => format!("deploy {} {tile}", name(rules, card)),
        Action::Deploy {
            card,
            tile,
            host: Some(f),
        } => format!("deploy {} {tile} host {f}", name(rules, card)),
        Action::Play { card, aim } => {
            let n = name(rules, card);
            match aim {
                Aim::None => format!("play {n}"),
                Aim::Tile(t) => format!("play {n} {t}"),
                Aim::Lane(l) => format!("play {n} lane {l}"),
                Aim::Frame(i) => format!("play {n} stack {i}"),
            }
        }
        Action::Attack { from, target } => format!("attack {from} {target}"),
        Action::Activate { tile, ability, aim } => match aim {
            Aim::None => format!("activate {tile} {ability}"),
            Aim::Tile(t) => format!("activate {tile} {ability} {t}"),
            Aim::Lane(l) => format!("activate {tile} {ability} lane {l}"),
            Aim::Frame(i) => format!("activate {tile} {ability} stack {i}"),
        },
        Action::Pass => "pass".into(),
    }
}

/// The text of `event`.
pub(crate) fn event_text(rules: &Rules, event: &Event) -> String {
    let n = |c: CardId| name(rules, c).to_owned();
    match event {
        Event::FirstPlayer { seat } => format!("{seat} plays first"),
        Event::Drew {
            seat,
            card: Some(c),
        } => format!("{seat} draws {}", n(*c)),
        Event::Drew { seat, card: None } => format!("{seat} draws a card"),
        Event::MulliganChosen {
            seat,
            mulligan: Some(m),
        } => format!("{seat} chooses to {}", if *m { "mulligan" } else { "keep" }),
        Event::MulliganChosen { seat, .. } => format!("{seat} has chosen"),
        Event::Mulliganed { seat } => format!("{seat} mulligans: the hand goes back, 8 new cards"),
        Event::CommanderPlaced { seat, tile } => format!("{seat} places its Commander on {tile}"),
        Event::TurnBegan { seat, turn, pool } => {
            format!("turn {turn}: {seat} generates {pool}")
        }
        Event::StepBegan { step } => format!("{step:?} step"),
        Event::Moved { from, to } => format!("{from} moves to {to}"),
        Event::DeployDeclared { seat, card, tile } => {
            format!("{seat} deploys {} to {tile} (on the stack)", n(*card))
        }
        Event::ActionPlayed { seat, card, .. } => {
            format!("{seat} plays {} (on the stack)", n(*card))
        }
        Event::AttackDeclared {
            from,
            target,
            first_strike,
        } => {
            if *first_strike {
                format!("{from} strikes first at {target}")
            } else {
                format!("{from} attacks {target}")
            }
        }
        Event::Activated {
            tile,
            card,
            ability,
        } => format!("{} on {tile} uses ability {ability}", n(*card)),
        Event::Passed { seat } => format!("{seat} passes"),
        Event::Fizzled { seat, card } => format!("{seat}'s {} fizzles", n(*card)),
        Event::Countered { seat, card } => format!("{seat}'s {} is countered", n(*card)),
        Event::Entered { card, tile, .. } => format!("{} enters on {tile}", n(*card)),
        Event::Mounted {
            module,
            host: Some(h),
        } => format!("the Module on {module} serves {h}"),
        Event::Mounted { module, host: None } => format!("the Module on {module} serves nothing"),
        Event::Rolled {
            dice: (a, b),
            needed,
            hit,
            critical,
        } => format!(
            "rolls {a}+{b} (needs {needed}): {}",
            match (hit, critical) {
                (_, true) => "critical hit",
                (true, false) => "hit",
                _ => "miss",
            }
        ),
        Event::Damaged { tile, shield, hp } => {
            format!("{tile} takes {hp} damage ({shield} absorbed by Shield)")
        }
        Event::Healed { tile, hp } => format!("{tile} regains {hp} HP"),
        Event::Shielded { tile, points } => format!("{tile} gains {points} Shield"),
        Event::Modified { tile } => format!("{tile} is changed"),
        Event::Destroyed { tile, card, to } => format!(
            "{} on {tile} goes to the {}",
            n(*card),
            if *to == Area::Void {
                "Void"
            } else {
                "Scrapyard"
            }
        ),
        Event::Gained { seat, resources } => format!("{seat} gains {resources}"),
        Event::Salvaged { seat, card } => format!("{seat} salvages {}", n(*card)),
        Event::TurnEnded { seat } => format!("{seat}'s turn ends"),
        Event::GameOver { winner, reason } => {
            let why = match reason {
                EndReason::Commander => "a Commander fell",
                EndReason::DeckOut => "a player could not draw",
                EndReason::TurnLimit => "the turn limit",
            };
            match winner {
                Some(w) => format!("{w} wins: {why}"),
                None => format!("draw: {why}"),
            }
        }
    }
}
