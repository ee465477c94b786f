//! Text forms of actions and events, and the action parser.
//!
//! Texts depend only on the action or event and the (static) content, never on the phase, so
//! old log entries read the same later.

use crate::action::{Action, Card, MechId, Pool, Program, Slot, SlotCard, dir_name};
use crate::config::Chassis;
use crate::event::Event;
use crate::rules::Rules;
use crate::rules::program::SlotStatus;
use crate::state::{CommandCore, EndReason};
use gridwright_engine::geom::Arc;
use gridwright_engine::{Game, Seat, normalize};

fn chassis(rules: &Rules, mech: MechId) -> Option<&Chassis> {
    let spec = rules.mechs.get(mech.index())?;
    rules.config.chassis.get(usize::from(spec.chassis))
}

/// `dash`, `veer/2`, or `-`.
pub(crate) fn slot_text(rules: &Rules, mech: MechId, slot: Slot) -> String {
    match slot.get() {
        Some(sc) => card_slot_text(rules, mech, sc),
        None => "-".into(),
    }
}

/// `dash` or `veer/2` (any card index, even one the chassis does not have: `#12`).
pub(crate) fn card_slot_text(rules: &Rules, mech: MechId, sc: SlotCard) -> String {
    match chassis(rules, mech).and_then(|c| c.directives.get(usize::from(sc.card))) {
        Some(d) if d.is_split() => format!("{}/{}", d.id, 1 + u8::from(sc.flipped)),
        Some(d) => d.id.clone(),
        None => format!("#{}", sc.card),
    }
}

/// `dash, veer/2, -` over the chassis' slots.
pub(crate) fn program_text(rules: &Rules, mech: MechId, program: &Program) -> String {
    let slots = chassis(rules, mech).map_or(program.0.len(), |c| usize::from(c.slots));
    program.0[..slots.min(program.0.len())]
        .iter()
        .map(|s| slot_text(rules, mech, *s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The id of a weapon or directive of `mech`.
pub(crate) fn card_text(rules: &Rules, mech: MechId, card: Card) -> String {
    let c = chassis(rules, mech);
    match card {
        Card::Weapon(i) => c
            .and_then(|c| c.weapons.get(usize::from(i)))
            .map_or_else(|| format!("weapon#{i}"), |w| w.id.clone()),
        Card::Directive(i) => c
            .and_then(|c| c.directives.get(usize::from(i)))
            .map_or_else(|| format!("directive#{i}"), |d| d.id.clone()),
    }
}

/// A weapon or directive of `mech` by the name players read ("Shoulder gun", "Lock-on").
pub(crate) fn card_name(rules: &Rules, mech: MechId, card: Card) -> String {
    match card {
        Card::Weapon(i) => weapon_name(rules, mech, i),
        Card::Directive(i) => chassis(rules, mech)
            .and_then(|c| c.directives.get(usize::from(i)))
            .map_or_else(|| format!("directive#{i}"), |d| d.name.clone()),
    }
}

/// The name of a weapon of `mech` as players read it ("Shoulder gun"; its id where the chassis
/// has no such weapon).
pub(crate) fn weapon_name(rules: &Rules, mech: MechId, weapon: u8) -> String {
    chassis(rules, mech)
        .and_then(|c| c.weapons.get(usize::from(weapon)))
        .map_or_else(|| format!("weapon#{weapon}"), |w| w.name.clone())
}

/// The name of an arc as the texts and the terminal view write it.
pub(crate) fn arc_name(a: Arc) -> &'static str {
    match a {
        Arc::Front => "front",
        Arc::Right => "right",
        Arc::Rear => "rear",
        Arc::Left => "left",
    }
}

pub(crate) fn action_text(rules: &Rules, a: &Action) -> String {
    match *a {
        Action::Chooser(s) => format!("chooser {s}"),
        Action::PlaceFirst(true) => "place first".into(),
        Action::PlaceFirst(false) => "place second".into(),
        Action::Deploy { mech, at, facing } => {
            format!("deploy {mech} at {at} facing {}", dir_name(facing))
        }
        Action::Assign { number, mech } => format!("assign {number} to {mech}"),
        Action::Program { mech, card } => {
            format!("program {mech} {}", card_slot_text(rules, mech, card))
        }
        Action::Leave { mech } => format!("leave {mech}"),
        Action::Fill { mech, card } => format!("fill {mech} {}", card_slot_text(rules, mech, card)),
        Action::AttackDice { crits, hits } => format!("roll {crits} crit {hits} hit"),
        Action::ArmourDice { blocks } => format!("roll {blocks} block"),
        Action::EvadeDice { evades } => format!("roll {evades} evade"),
        Action::Fire { mech, weapon } => format!(
            "fire {mech} {}",
            card_text(rules, mech, Card::Weapon(weapon))
        ),
        Action::Aim { target } => format!("aim at {target}"),
        Action::HoldFire => "hold fire".into(),
        Action::Reroll { pool, face } => format!("reroll {} {}", pool.name(), face.name()),
        Action::Rerolled(f) => format!("rerolled {}", f.name()),
        Action::Keep => "keep".into(),
        Action::Reveal { mech, cards } => format!(
            "reveal {mech}: {}",
            cards
                .iter()
                .map(|c| card_text(rules, mech, c))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Action::PutBack { mech, card } => {
            format!("put back {mech} {}", card_text(rules, mech, card))
        }
        Action::Deplete { mech, card } => {
            format!("deplete {mech} {}", card_text(rules, mech, card))
        }
    }
}

/// A mech as players read it: its chassis, number and owner ("Bulwark #3 (P2)").
pub(crate) fn mech_name(rules: &Rules, mech: MechId) -> String {
    let owner = rules
        .mechs
        .get(mech.index())
        .map_or(Seat::new(0), |m| m.owner);
    match chassis(rules, mech) {
        Some(c) => format!("{} #{mech} ({})", c.name, owner),
        None => format!("mech #{mech}"),
    }
}

pub(crate) fn event_text(rules: &Rules, e: &Event) -> String {
    let name = |m: MechId| mech_name(rules, m);
    match e {
        Event::ChooserDrawn { seat } => {
            format!("{seat} wins the draw and chooses who places first")
        }
        Event::PlacementOrder { first } => format!("{first} places first"),
        Event::Deployed { mech, at, facing } => format!(
            "{} deploys at {at} facing {}",
            name(*mech),
            dir_name(*facing).to_uppercase()
        ),
        Event::RoundStarted {
            round,
            first_drafter,
        } => format!("— round {round} — {first_drafter} drafts first"),
        Event::Assigned { mech, number } => format!("{} takes number {number}", name(*mech)),
        Event::Passed { seat } => format!("{seat} has no unnumbered mech and passes"),
        Event::ProgrammingStarted => {
            "programming: each player fills their mechs' slots in secret".into()
        }
        Event::Programmed { mech, slot, card } => match card {
            Some(c) => format!(
                "{} slot {}: {}",
                name(*mech),
                slot + 1,
                card_slot_text(rules, *mech, *c)
            ),
            None => format!(
                "{} slot {}: left empty (a random card when it runs)",
                name(*mech),
                slot + 1
            ),
        },
        Event::Committed { mech, program } => format!(
            "{} is programmed (sealed): {}",
            name(*mech),
            program_text(rules, *mech, program)
        ),
        Event::ExecutionStarted { programs } => {
            let counts: Vec<String> = programs
                .iter()
                .map(|p| {
                    let s = if p.cards == 1 { "" } else { "s" };
                    format!("{} {} card{s}", name(p.mech), p.cards)
                })
                .collect();
            format!(
                "every program is sealed ({}); execution, lowest number first",
                counts.join(", ")
            )
        }
        Event::Revealed { mech, program } => format!(
            "{} reveals its program: {}",
            name(*mech),
            program_text(rules, *mech, program)
        ),
        Event::Filled { mech, slot, card } => format!(
            "slot {} of {} is filled at random: {}",
            slot + 1,
            name(*mech),
            card_slot_text(rules, *mech, *card)
        ),
        Event::Moved { mech, from, to } => format!("{} moves {from} → {to}", name(*mech)),
        Event::Turned { mech, facing } => format!(
            "{} turns to face {}",
            name(*mech),
            dir_name(*facing).to_uppercase()
        ),
        Event::Held { mech } => format!("{} holds still", name(*mech)),
        Event::Targeted { mech } => format!("{} gains a targeting token", name(*mech)),
        Event::Stopped {
            mech,
            slot,
            icon,
            off_board,
        } => format!(
            "{} cannot do `{icon}` (slot {}): {}; it stops",
            name(*mech),
            slot + 1,
            if *off_board {
                "the board ends"
            } else {
                "the square is occupied"
            }
        ),
        Event::Delta {
            mech,
            delta,
            status,
            settlement: s,
        } => {
            let stopped = status.contains(&SlotStatus::Incomplete);
            let mut t = format!(
                "{} delta {delta:+}{}",
                name(*mech),
                if stopped { " (stopped early)" } else { "" }
            );
            if s.gained > 0 {
                t += &format!(": gains {} Surge", s.gained);
            } else if s.flux + s.surge + s.unpaid > 0 {
                t += &format!(": pays {} Flux and {} Surge", s.flux, s.surge);
                if s.unpaid > 0 {
                    t += &format!(
                        ", {} unpaid → {} attack dice against itself",
                        s.unpaid, s.unpaid
                    );
                }
            }
            t
        }
        Event::SelfDamageRolled {
            mech,
            crits,
            hits,
            blanks,
        } => format!(
            "{} rolls against itself: {crits} crit, {hits} hit, {blanks} blank",
            name(*mech)
        ),
        Event::CombatStarted => "combat, highest number first".into(),
        Event::NoTarget { mech } => format!("{} has no target", name(*mech)),
        Event::HeldFire { mech } => format!("{} holds fire", name(*mech)),
        Event::PickedUp { mech, pool, face } => format!(
            "{} pays 1 {} to reroll a {} {} die",
            name(*mech),
            if *pool == Pool::Armour {
                "Flux"
            } else {
                "Surge"
            },
            face.name(),
            pool.name()
        ),
        Event::Next { phase, to_act, .. } => {
            let who: Vec<String> = to_act.iter().map(|s| s.to_string()).collect();
            let who = if who.is_empty() {
                String::new()
            } else {
                format!(" ({} to act)", who.join(", "))
            };
            format!("now: {}{who}", crate::render::phase_text(rules, phase))
        }
        Event::Aimed {
            mech,
            target,
            distance,
            arc,
        } => format!(
            "{} aims at {} (range {distance}, its {} arc)",
            name(*mech),
            name(*target),
            arc_name(*arc)
        ),
        Event::Fired {
            mech,
            weapon,
            settlement: s,
        } => {
            let mut t = format!(
                "{} fires {}",
                name(*mech),
                weapon_name(rules, *mech, *weapon),
            );
            if s.flux + s.surge + s.unpaid > 0 {
                t += &format!("; pays {} Flux and {} Surge", s.flux, s.surge);
                if s.unpaid > 0 {
                    t += &format!(", {} unpaid", s.unpaid);
                }
            } else if s.gained > 0 {
                t += &format!("; gains {} Surge", s.gained);
            }
            t
        }
        Event::AttackRolled {
            crits,
            hits,
            blanks,
        } => format!("attack dice: {crits} crit, {hits} hit, {blanks} blank"),
        Event::DefenceRolled {
            pool,
            successes,
            blanks,
        } => format!(
            "{} dice: {successes} {}, {blanks} blank",
            pool.name(),
            if *pool == crate::action::Pool::Armour {
                "block"
            } else {
                "evade"
            }
        ),
        Event::Rerolled {
            mech,
            pool,
            from,
            to,
        } => format!(
            "{} rerolls a {} {} die: {}",
            name(*mech),
            from.name(),
            pool.name(),
            to.name()
        ),
        Event::Cancelled {
            crits,
            hits,
            blocks,
            evades,
            damage,
            crits_left,
        } => format!(
            "{crits} crit + {hits} hit against {blocks} block + {evades} evade: {damage} damage, \
             {crits_left} crit(s)"
        ),
        Event::Damaged {
            mech,
            amount,
            structure,
        } => format!(
            "{} takes {amount} damage ({structure} structure left)",
            name(*mech)
        ),
        Event::Destroyed { mech } => format!("{} is destroyed", name(*mech)),
        Event::CardsRevealed { mech, cards } => format!(
            "crit! {} reveals {}",
            name(*mech),
            cards
                .iter()
                .map(|c| card_name(rules, *mech, c))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::PutBack { mech, card } => format!(
            "a targeting token puts {} of {} back",
            card_name(rules, *mech, *card),
            name(*mech)
        ),
        Event::Depleted { mech, card } => format!(
            "{} loses {} for the rest of the game",
            name(*mech),
            card_name(rules, *mech, *card)
        ),
        Event::Cleanup { round } => {
            format!("cleanup after round {round}: Flux removed, Surge becomes Flux")
        }
        Event::GameOver { winner, reason } => {
            let why = match reason {
                EndReason::Destruction => "a side has no mechs left",
                EndReason::RoundLimit => "round limit: more remaining structure wins",
            };
            match winner {
                Some(w) => format!("game over, {w} wins ({why})"),
                None => format!("game over, a draw ({why})"),
            }
        }
    }
}

/// The mech numbered `word` (one-based, `#` allowed).
impl CommandCore {
    /// How a finished game ended, in words players read (the result panel, the lobby, the
    /// statistics of `gridwright simulate`); `None` while it goes on (docs/rules/command-core.md
    /// items 30–31): `every enemy mech destroyed`, `both sides lost their last mechs at once`,
    /// and after the last round's cleanup `round limit reached: more structure left` or
    /// `round limit reached: equal structure left`.
    pub fn end_reason(&self) -> Option<&'static str> {
        let crate::state::Phase::Over { winner, reason } = self.phase() else {
            return None;
        };
        Some(match (reason, winner) {
            (EndReason::Destruction, Some(_)) => "every enemy mech destroyed",
            (EndReason::Destruction, None) => "both sides lost their last mechs at once",
            (EndReason::RoundLimit, Some(_)) => "round limit reached: more structure left",
            (EndReason::RoundLimit, None) => "round limit reached: equal structure left",
        })
    }
}

fn parse_mech(game: &CommandCore, word: &str) -> Result<MechId, String> {
    let n: u8 = word
        .trim()
        .trim_start_matches('#')
        .parse()
        .map_err(|_| format!("`{}` is not a mech number", word.trim()))?;
    n.checked_sub(1)
        .and_then(MechId::new)
        .filter(|m| m.index() < game.mech_count())
        .ok_or_else(|| format!("there is no mech {n}"))
}

/// Reads `program 1 veer/2` (the card for mech 1's next slot). Whether it may be played now is
/// the engine's legality check; this only reads the words.
fn parse_program(game: &CommandCore, text: &str) -> Result<Action, String> {
    let rest = text.trim_start_matches("program").trim();
    if rest.contains(':') || rest.contains(',') {
        return Err("a program is built one card at a time (rules version 2): \
                    `program <mech> <card>` (or `<card>/2` for a split card's second half) \
                    puts a card into the mech's next slot, and `seal <mech>` leaves the rest \
                    empty"
            .into());
    }
    let (num, word) = rest
        .split_once(' ')
        .ok_or("write `program <mech> <card>`, e.g. `program 1 dash` or `program 1 veer/2`")?;
    let mech = parse_mech(game, num)?;
    let c = chassis(&game.rules, mech).ok_or("unknown mech")?;
    let word = word.trim();
    let (id, half) = match word.split_once('/') {
        Some((id, h)) => (id, Some(h)),
        None => (word, None),
    };
    let j = c
        .directives
        .iter()
        .position(|d| d.id == id)
        .ok_or_else(|| {
            let ids: Vec<&str> = c.directives.iter().map(|d| d.id.as_str()).collect();
            format!(
                "{} has no directive `{id}` (it has {})",
                c.name,
                ids.join(", ")
            )
        })?;
    let flipped = match half {
        None | Some("1") => false,
        Some("2") if c.directives[j].is_split() => true,
        Some(h) => return Err(format!("`{id}/{h}`: only a split card has a half 2")),
    };
    Ok(Action::Program {
        mech,
        card: SlotCard {
            card: j as u8,
            flipped,
        },
    })
}

pub(crate) fn parse_action(game: &CommandCore, seat: Seat, text: &str) -> Result<Action, String> {
    let want = normalize(text);
    if want.starts_with("program") {
        return parse_program(game, &want);
    }
    if let Some(num) = want.strip_prefix("leave ") {
        return Ok(Action::Leave {
            mech: parse_mech(game, num.trim_end_matches(" empty"))?,
        });
    }
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    legal
        .into_iter()
        .find(|a| normalize(&game.action_text(a)) == want)
        .ok_or_else(|| {
            format!(
                "`{}` is not the text of any action available now",
                text.trim()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;
    use gridwright_engine::Events;

    /// The end of the game in words, one string per way it ends: the round limit decides by the
    /// structure left (reached through the rule, on the duel as set up), a side without mechs
    /// loses, both at once draw.
    #[test]
    fn end_reasons_say_how_the_game_ended() {
        let config = Content::builtin().unwrap().config("duel").unwrap();
        let mut ev = Events::recording();
        let mut g = CommandCore::new(&config).unwrap();
        assert_eq!(g.end_reason(), None);
        let totals = g.total_structure();
        let equal = totals.iter().map(|(_, t)| *t).min() == totals.iter().map(|(_, t)| *t).max();
        g.round_limit_reached(&mut ev);
        assert_eq!(
            g.end_reason(),
            Some(if equal {
                "round limit reached: equal structure left"
            } else {
                "round limit reached: more structure left"
            })
        );
        let mut g = CommandCore::new(&config).unwrap();
        g.game_over(Some(Seat::new(1)), EndReason::RoundLimit, &mut ev);
        assert_eq!(
            g.end_reason(),
            Some("round limit reached: more structure left")
        );
        let mut g = CommandCore::new(&config).unwrap();
        g.game_over(Some(Seat::new(0)), EndReason::Destruction, &mut ev);
        assert_eq!(g.end_reason(), Some("every enemy mech destroyed"));
        let mut g = CommandCore::new(&config).unwrap();
        g.game_over(None, EndReason::Destruction, &mut ev);
        assert_eq!(
            g.end_reason(),
            Some("both sides lost their last mechs at once")
        );
    }
}
