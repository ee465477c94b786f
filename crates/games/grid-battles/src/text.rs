//! Text forms of actions and events, and the action parser: what players type and read.
//!
//! Every game keeps these in its `text.rs`; the [`Game`](gridwright_engine::Game)
//! implementation only delegates here.

use crate::action::{Action, UnitId};
use crate::event::Event;
use crate::state::{EndReason, GridBattles, Phase};
use gridwright_engine::PerSeat;
use gridwright_engine::geom::Hex;
use std::fmt;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Activate(u) => write!(f, "activate {u}"),
            Action::Move { unit, to } => write!(f, "move {unit} {}", to.code()),
            Action::Hold(u) => write!(f, "hold {u}"),
            Action::Attack { unit, target } => write!(f, "attack {unit} {target}"),
            Action::Done => f.write_str("done"),
            Action::Roll {
                attack_face,
                defence_face,
            } => write!(f, "roll {} {}", attack_face + 1, defence_face + 1),
        }
    }
}

/// Reads the text form of an action (case and spacing ignored). Checks only the syntax: the
/// game decides legality.
///
/// # Errors
/// A message naming what is wrong and the expected form.
///
/// # Examples
/// ```
/// use gridwright_grid_battles::{Action, parse_action_text};
/// assert_eq!(parse_action_text("done"), Ok(Action::Done));
/// assert_eq!(parse_action_text("Move 2 0304").map(|a| a.to_string()), Ok("move 2 0304".into()));
/// assert!(parse_action_text("move 2 304").is_err());
/// ```
pub fn parse_action_text(text: &str) -> Result<Action, String> {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let unit = |w: &str| -> Result<UnitId, String> {
        w.trim_start_matches('#')
            .parse::<u32>()
            .ok()
            .and_then(UnitId::from_number)
            .ok_or_else(|| format!("`{w}` is not a unit number (as shown in the unit table)"))
    };
    let face = |w: &str| -> Result<u8, String> {
        match w.parse::<u8>() {
            Ok(n) if n >= 1 => Ok(n - 1),
            _ => Err(format!("`{w}` is not a die face number (1-based)")),
        }
    };
    match words.as_slice() {
        ["activate" | "a", u] => Ok(Action::Activate(unit(u)?)),
        ["move" | "m", u, code] => Ok(Action::Move {
            unit: unit(u)?,
            to: Hex::parse_code(code).map_err(|e| e.to_string())?,
        }),
        ["hold" | "h", u] => Ok(Action::Hold(unit(u)?)),
        ["attack" | "x", u, t] => Ok(Action::Attack {
            unit: unit(u)?,
            target: unit(t)?,
        }),
        ["done" | "d" | "end" | "skip" | "pass"] => Ok(Action::Done),
        ["roll", a, d] => Ok(Action::Roll {
            attack_face: face(a)?,
            defence_face: face(d)?,
        }),
        [] => Err(
            "empty action; try `activate N`, `move N CCRR`, `hold N`, `attack N M` or `done`"
                .into(),
        ),
        _ => Err(format!(
            "cannot read `{}`; the forms are `activate N`, `move N CCRR`, `hold N`, `attack N M` and `done`",
            text.trim()
        )),
    }
}

impl Event {
    /// Readable text, naming units as the map shows them.
    pub fn text(&self, g: &GridBattles) -> String {
        let name = |u: &UnitId| g.unit_label(*u);
        match self {
            Event::TurnStarted { side, activations } => {
                format!("{side}'s turn: activate {activations} unit(s)")
            }
            Event::Passed { side } => format!("{side} has no fresh units and passes"),
            Event::Activated { unit } => format!("{} activated", name(unit)),
            Event::Moved {
                unit,
                from,
                to,
                cost,
            } => format!(
                "{} moves {} → {} ({cost} MP)",
                name(unit),
                from.code(),
                to.code()
            ),
            Event::Held { unit } => format!("{} holds", name(unit)),
            Event::AttackDeclared {
                attacker,
                defender,
                ranged,
                advantage,
                defender_bold,
            } => {
                let mut s = format!(
                    "{} {} {}",
                    name(attacker),
                    if *ranged { "shoots at" } else { "attacks" },
                    name(defender)
                );
                if *advantage {
                    s.push_str(" (bonus applies)");
                }
                if *defender_bold {
                    s.push_str(if *ranged {
                        " — defender is bold"
                    } else {
                        " — defender is bold and will strike back"
                    });
                }
                s
            }
            Event::Rolled {
                striker,
                target,
                counterattack,
                attack_face,
                defence_face,
                swords,
                bonus,
                advantage,
                shields,
                hits,
                health,
            } => {
                let bonus_text = match (bonus, advantage) {
                    (0, _) => String::new(),
                    (b, true) => format!(" +{b} bonus"),
                    (b, false) => format!(" ({b} bonus, no advantage)"),
                };
                format!(
                    "{}{} rolls face {} ({swords} sword{bonus_text}) vs {} face {} ({shields} \
                     shield): {hits} hit(s), {} health {health}",
                    if *counterattack {
                        "counterattack: "
                    } else {
                        ""
                    },
                    name(striker),
                    attack_face + 1,
                    name(target),
                    defence_face + 1,
                    name(target),
                )
            }
            Event::Counterattack { unit } => format!("{} is bold and strikes back", name(unit)),
            Event::Destroyed { unit, vp_to } => {
                format!("{} is destroyed; {vp_to} scores 1 VP", name(unit))
            }
            Event::TurnEnded { side } => format!("{side}'s turn ends"),
            Event::RoundEnded { round } => format!("round {round} ends"),
            Event::RoundStarted { round, first } => format!("round {round} begins; {first} starts"),
            Event::GameOver { winner, reason, vp } => {
                let why = match reason {
                    EndReason::Victory => "victory condition met",
                    EndReason::RoundLimit => "round limit reached",
                };
                match winner {
                    Some(w) => format!("game over ({why}): {w} wins, {} VP", vp_text(vp)),
                    None => format!("game over ({why}): draw, {} VP", vp_text(vp)),
                }
            }
        }
    }
}

/// Victory points in seat order, as in `3–1`.
fn vp_text(vp: &PerSeat<u8>) -> String {
    let points: Vec<String> = vp.as_slice().iter().map(u8::to_string).collect();
    points.join("–")
}

impl GridBattles {
    /// How a finished battle ended, in words players read (the result panel, the lobby, the
    /// statistics of `gridwright simulate`); `None` while it goes on. The scenario's condition
    /// as the rules word it (docs/rules/grid-battles.md, "End of the game"): `first to 3
    /// victory points`, `every enemy unit destroyed`; after the last round, `round limit
    /// reached: more victory points` or `round limit reached: equal victory points`.
    pub fn end_reason(&self) -> Option<String> {
        let Phase::Over { winner, reason } = self.phase else {
            return None;
        };
        Some(match reason {
            EndReason::Victory => match self.rules.config.victory {
                crate::config::Victory::Vp(1) => "first to 1 victory point".to_owned(),
                crate::config::Victory::Vp(n) => format!("first to {n} victory points"),
                crate::config::Victory::DestroyAll => "every enemy unit destroyed".to_owned(),
            },
            EndReason::RoundLimit if winner.is_some() => {
                "round limit reached: more victory points".to_owned()
            }
            EndReason::RoundLimit => "round limit reached: equal victory points".to_owned(),
        })
    }
}

/// Parses a typed action for a seat: any action but a dice roll, which the game makes.
pub(crate) fn parse_action(text: &str) -> Result<Action, String> {
    match parse_action_text(text)? {
        Action::Roll { .. } => Err("dice are rolled by the game, not typed".into()),
        a => Ok(a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end of the game in words, one string per way a battle ends (docs/rules/grid-battles.md,
    /// "End of the game"): the skirmish's `victory = { vp = 2 }`, destroy-all, and the round
    /// limit with and without a leader. Each is reached through the rule that ends the game.
    #[test]
    fn end_reasons_say_how_the_battle_ended() {
        use crate::{Content, Victory};
        use gridwright_engine::{Events, Game, Seat};
        let config = Content::builtin().unwrap().config("skirmish").unwrap();
        assert_eq!(config.victory, Victory::Vp(2));
        let (p1, p2) = (Seat::new(0), Seat::new(1));
        let mut ev = Events::recording();
        let mut g = GridBattles::new(&config).unwrap();
        assert_eq!(g.end_reason(), None);
        assert!(!g.award_vp(p1, &mut ev));
        assert_eq!(g.end_reason(), None);
        assert!(g.award_vp(p1, &mut ev));
        assert_eq!(g.end_reason().as_deref(), Some("first to 2 victory points"));

        let mut all = config.clone();
        all.victory = Victory::DestroyAll;
        let mut g = GridBattles::new(&all).unwrap();
        // P2 wins by destroying every unit of P1.
        let enemies = all.sides[0].units.len();
        let mut won = false;
        for _ in 0..enemies {
            won = g.award_vp(p2, &mut ev);
        }
        assert!(won);
        assert_eq!(
            g.end_reason().as_deref(),
            Some("every enemy unit destroyed")
        );

        let mut g = GridBattles::new(&config).unwrap();
        g.award_vp(p2, &mut ev);
        g.end_by_round_limit(&mut ev);
        assert_eq!(
            g.end_reason().as_deref(),
            Some("round limit reached: more victory points")
        );
        let mut g = GridBattles::new(&config).unwrap();
        g.end_by_round_limit(&mut ev);
        assert_eq!(
            g.end_reason().as_deref(),
            Some("round limit reached: equal victory points")
        );
    }

    #[test]
    fn text_round_trips() {
        let all = [
            Action::Activate(UnitId(0)),
            Action::Move {
                unit: UnitId(4),
                to: Hex::from_offset(3, 4),
            },
            Action::Hold(UnitId(9)),
            Action::Attack {
                unit: UnitId(1),
                target: UnitId(12),
            },
            Action::Done,
            Action::Roll {
                attack_face: 5,
                defence_face: 0,
            },
        ];
        for a in all {
            assert_eq!(parse_action_text(&a.to_string()), Ok(a), "{a}");
        }
        assert_eq!(Action::Activate(UnitId(0)).to_string(), "activate 1");
    }

    #[test]
    fn bad_text_says_why() {
        assert!(
            parse_action_text("activate 0")
                .unwrap_err()
                .contains("unit number")
        );
        assert!(parse_action_text("move 1 12").unwrap_err().contains("12"));
        assert!(parse_action_text("fly 1").unwrap_err().contains("forms"));
    }
}
