//! The text forms of actions and events, as typed and shown in the terminal. Tiles read as
//! `P1:B4`, lanes as `lane 4`, steps in words. Events name cards by their names (`P1 plays Arc
//! Bolt`); actions print a card's id, one word to type, and accept its name as well (`play arc
//! bolt P2:A4`, case and spacing ignored; decision 77 in `docs/rules/starcore.md`).
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
use crate::event::{EndReason, Event, TurnStep};
use crate::grid::Area;
use crate::state::PhaseView;

/// A keyword's name and number (`Shield 2`), without its explanation.
fn keyword_name(k: Keyword) -> String {
    let text = keyword_text(k);
    text.split(':').next().unwrap_or_default().to_owned()
}

/// A card's id, the one-word form typed in actions.
fn id(rules: &Rules, id: CardId) -> &str {
    rules.cards.get(id.index()).map_or("?", |c| c.id())
}

/// A card's name, as players read it ("Arc Bolt").
fn name(rules: &Rules, id: CardId) -> &str {
    rules.cards.get(id.index()).map_or("a card", |c| c.name())
}

/// A turn step in words.
fn step_text(step: TurnStep) -> &'static str {
    match step {
        TurnStep::Orders => "the Orders step: cards move",
        TurnStep::Build => "the Build step: cards are deployed and Actions played",
        TurnStep::Combat => "the Combat step: cards attack",
    }
}

/// The text of `action`, as typed: cards by their ids.
pub(crate) fn action_text(rules: &Rules, action: &Action) -> String {
    action_words(rules, action, id)
}

/// The text of `action` with cards by their names (`play Arc Bolt P2:A4`), also accepted when
/// typed.
pub(crate) fn action_text_named(rules: &Rules, action: &Action) -> String {
    action_words(rules, action, name)
}

fn action_words(rules: &Rules, action: &Action, id: fn(&Rules, CardId) -> &str) -> String {
    match *action {
        Action::FirstPlayer(s) => format!("first {s}"),
        Action::Draw(s, c) => format!("draw {s} {}", id(rules, c)),
        Action::Roll(a, b) => format!("roll {a}+{b}"),
        Action::Keep => "keep".into(),
        Action::Mulligan => "mulligan".into(),
        Action::PlaceCommander(t) => format!("commander {t}"),
        Action::Move { from, to } => format!("move {from} {to}"),
        Action::Deploy {
            card,
            tile,
            host: None,
        } => format!("deploy {} {tile}", id(rules, card)),
        Action::Deploy {
            card,
            tile,
            host: Some(f),
        } => format!("deploy {} {tile} host {f}", id(rules, card)),
        Action::Play { card, aim } => {
            let n = id(rules, card);
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
        Event::StepBegan { step } => step_text(*step).to_owned(),
        Event::Moved {
            from,
            via: None,
            to,
        } => format!("{from} moves to {to}"),
        Event::Moved {
            from,
            via: Some(v),
            to,
        } => format!("{from} moves to {to} through {v}"),
        Event::Paid { seat, cost, pool } => {
            format!("{seat} pays {cost} and has {pool} left")
        }
        Event::Pool { seat, pool } => format!("{seat} may now spend {pool}"),
        Event::Networks { seat, networks } => {
            if networks.is_empty() {
                format!("{seat} has no network")
            } else {
                let parts: Vec<String> = networks
                    .iter()
                    .map(|(tiles, output)| {
                        let tiles: Vec<String> = tiles.iter().map(ToString::to_string).collect();
                        format!("{} making {output} a turn", tiles.join(", "))
                    })
                    .collect();
                format!("{seat}'s networks: {}", parts.join("; "))
            }
        }
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
        } => {
            // The ability in words (its number counts from 1 if the card has no such ability).
            let what = rules
                .cards
                .get(card.index())
                .and_then(|c| c.abilities().get(usize::from(*ability)))
                .map_or_else(
                    || format!("its ability {}", u32::from(*ability) + 1),
                    |a| format!("its ability ({})", ability_text(a).trim_end_matches('.')),
                );
            format!("{} on {tile} uses {what}", n(*card))
        }
        Event::Passed { seat } => format!("{seat} passes"),
        Event::Fizzled { seat, card } => format!("{seat}'s {} fizzles", n(*card)),
        Event::Countered { seat, card, .. } => format!("{seat}'s {} is countered", n(*card)),
        Event::Scrapped { seat, card } => {
            format!("{} goes to {seat}'s Scrapyard", n(*card))
        }
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
        Event::Modified {
            tile,
            stat,
            by,
            until,
        } => format!(
            "{tile} gets {} {}",
            stat_mod_text(StatMod {
                stat: *stat,
                amount: *by
            }),
            until_text(*until)
        ),
        Event::Granted {
            tile,
            keyword,
            until,
        } => format!(
            "{tile} gains {} {}",
            keyword_name(*keyword),
            until_text(*until)
        ),
        Event::ShieldReset { tile, points } => format!("{tile} has {points} Shield now"),
        Event::Stats {
            tile,
            hp: (left, max),
            dmg,
            def,
            movement,
            keywords,
        } => {
            let mut text = format!(
                "{tile} now has {left}/{max} HP, {dmg} DMG, {def} DEF, {movement} Movement"
            );
            if !keywords.is_empty() {
                let names: Vec<String> = keywords.iter().map(|k| keyword_name(*k)).collect();
                text += &format!(" and {}", names.join(", "));
            }
            text
        }
        Event::Linked { a, b } => format!("{a} and {b} are linked"),
        Event::Unlinked { a, b } => format!("{a} and {b} are no longer linked"),
        Event::DrawsOwed { seat, cards } => format!("{seat} is to draw {cards}"),
        Event::PhaseChanged { phase } => phase_text(phase),
        Event::Destroyed { tile, card, to } => format!(
            "{} on {tile} goes to the {}",
            n(*card),
            if *to == Area::Void {
                "Void"
            } else {
                "Scrapyard"
            }
        ),
        Event::Gained {
            seat,
            resources,
            pool,
        } => format!("{seat} gains {resources} and may spend {pool}"),
        Event::Salvaged { seat, card } => format!("{seat} salvages {}", n(*card)),
        Event::TurnEnded { seat } => format!("{seat}'s turn ends"),
        Event::GameOver { winner, reason } => result_text(*winner, *reason),
    }
}

/// Where the game is, in words ("the Build step: cards are deployed and Actions played").
pub(crate) fn phase_text(phase: &PhaseView) -> String {
    match phase {
        PhaseView::CoinFlip => "the coin flip".into(),
        PhaseView::Drawing => "cards are drawn".into(),
        PhaseView::Mulligan => "both players choose to keep or mulligan".into(),
        PhaseView::PlaceCommander { seat } => format!("{seat} places its Commander"),
        PhaseView::Turn { step } => step_text(*step).to_owned(),
        PhaseView::Rolling => "the attack's dice are rolled".into(),
        PhaseView::Over { .. } => "the game is over".into(),
    }
}

/// How the game ended, in words ("P1 wins: a Commander fell").
impl crate::Starcore {
    /// How a finished game ended, in words players read (the result panel, the lobby, the
    /// statistics of `gridwright simulate`); `None` while it goes on (rule 56 of
    /// docs/rules/starcore.md): `Commander destroyed`, `deck out: a player had to draw from an
    /// empty deck`, `turn limit reached`.
    pub fn end_reason(&self) -> Option<&'static str> {
        match self.phase {
            crate::state::Phase::Over { reason, .. } => Some(match reason {
                EndReason::Commander => "Commander destroyed",
                EndReason::DeckOut => "deck out: a player had to draw from an empty deck",
                EndReason::TurnLimit => "turn limit reached",
            }),
            _ => None,
        }
    }
}

pub(crate) fn result_text(winner: Option<gridwright_engine::Seat>, reason: EndReason) -> String {
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

// ---- Cards in words (`gridwright cards starcore`) ----

use crate::effect::{
    Ability, Condition, Duration, Effect, Keyword, Side, Stat, StatMod, Target, Trigger,
};

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Friendly => "friendly",
        Side::Enemy => "enemy",
        Side::Any => "any",
    }
}

fn stat_word(stat: Stat) -> &'static str {
    match stat {
        Stat::Dmg => "DMG",
        Stat::Hp => "HP",
        Stat::Def => "DEF",
        Stat::Movement => "Movement",
    }
}

/// A stat change in words: `+2 DMG`, `-1 DEF`.
pub(crate) fn stat_mod_text(m: StatMod) -> String {
    format!("{:+} {}", m.amount, stat_word(m.stat))
}

/// A keyword in words, with what it does.
pub(crate) fn keyword_text(k: Keyword) -> String {
    match k {
        Keyword::Splash => {
            "Splash: a hit also deals half its damage (rounded down) to every enemy card beside the target".into()
        }
        Keyword::Pierce => "Pierce: never screened by blocking; ignores the target's Shield".into(),
        Keyword::Execute(n) => {
            format!("Execute {n}: a hit leaving a non-Commander target at {n} HP or fewer destroys it")
        }
        Keyword::Flank(n) => format!("Flank {n}: +{n} damage attacking from lanes 1, 2, 7, 8 into lanes 3–6"),
        Keyword::ZoneFlank(n) => format!("Zone Flank {n}: +{n} damage attacking a card in the other zone"),
        Keyword::ZoneDominance { zone, tiles, stat, amount } => format!(
            "{zone} Dominance: while its owner holds at least {tiles} tiles of {zone}, every Unit of theirs in {zone} has {amount:+} {}",
            stat_word(stat)
        ),
        Keyword::SectorLock { protect, from } => format!(
            "Sector Lock: its owner's cards in {protect} cannot be attacked from {from}"
        ),
        Keyword::Aura { side, stat, amount } => format!(
            "Aura: every {} card beside it has {amount:+} {}",
            side_word(side),
            stat_word(stat)
        ),
        Keyword::Taunt => "Taunt: an enemy attack whose box holds it must target a Taunt card".into(),
        Keyword::FirstStrike => {
            "First Strike: attacked from inside its own box, it strikes the attacker first".into()
        }
        Keyword::Heal(n) => format!("Heal {n}: at its owner's Cleanup, friendly cards beside it regain up to {n} HP"),
        Keyword::Shield(n) => format!("Shield {n}: {n} Shield points, restored each Generate step, take damage before HP"),
        Keyword::Salvage => "Salvage: entering the board, its owner takes back the card last put into the Scrapyard".into(),
    }
}

fn trigger_text(t: &Trigger) -> String {
    match t {
        Trigger::OnPlay => "When played".into(),
        Trigger::OnEnter => "When it enters".into(),
        Trigger::OnDestroyed => "When destroyed".into(),
        Trigger::StartOfTurn => "At its owner's Generate step".into(),
        Trigger::EndOfTurn => "At its owner's Cleanup".into(),
        Trigger::OnHit => "When its attack hits".into(),
        Trigger::OnEnterZone => "When it enters a zone".into(),
        Trigger::OnEnterSector => "When it enters a sector".into(),
        Trigger::Activated(cost) => format!("Once a turn, pay {}", cost.resources()),
    }
}

fn condition_text(c: Condition) -> String {
    match c {
        Condition::TargetHpAtMost(n) => format!("the target has at most {n} HP"),
        Condition::TargetIs(k) => format!("the target is a {k}"),
        Condition::TargetIsNot(k) => format!("the target is not a {k}"),
        Condition::TargetInRow(r) => format!("the target stands in row {r}"),
        Condition::InZone(z) => format!("this card stands in {z}"),
        Condition::InSector(s) => format!("this card stands in {s}"),
        Condition::LinkedToResource => "this card is linked to a Resource".into(),
        Condition::HoldsZoneTiles(n) => format!("its owner holds at least {n} tiles of its zone"),
    }
}

fn target_text(t: Target) -> String {
    match t {
        Target::This => "this card".into(),
        Target::Host => "its host".into(),
        Target::Chosen { side, area } => format!("one {} card chosen in {area}", side_word(side)),
        Target::Area { side, area } => format!("every {} card in {area}", side_word(side)),
        Target::Adjacent(side) => format!("every {} card beside it", side_word(side)),
        Target::Linked => "every card linked to it".into(),
        Target::Commander(side) => format!("the {} Commander", side_word(side)),
        Target::StackAction => "an enemy Action on the stack".into(),
        Target::Owner => "its owner".into(),
    }
}

fn until_text(d: Duration) -> &'static str {
    match d {
        Duration::EndOfTurn => "until the end of the turn",
        Duration::Permanent => "while it stays on the board",
    }
}

fn effect_text(e: Effect) -> String {
    match e {
        Effect::Damage(n) => format!("deal {n} damage"),
        Effect::Heal(n) => format!("restore up to {n} HP"),
        Effect::Shield(n) => format!("add {n} Shield until the end of the turn"),
        Effect::Destroy => "destroy it".into(),
        Effect::Exile => "put it into the Void".into(),
        Effect::Modify { change, until } => {
            format!("{} {}", stat_mod_text(change), until_text(until))
        }
        Effect::Grant { keyword, until } => {
            format!("give {} {}", keyword.title(), until_text(until))
        }
        Effect::Draw(n) => format!("draw {n}"),
        Effect::Gain { resource, amount } => format!("gain {amount} {resource} this turn"),
        Effect::Counter => "cancel it".into(),
        Effect::Salvage => "take back the card last put into the Scrapyard".into(),
    }
}

/// An ability in words: `When played, if …: one enemy card chosen in … — deal 3 damage.`
pub(crate) fn ability_text(a: &Ability) -> String {
    let mut s = trigger_text(&a.trigger);
    if !a.conditions.is_empty() {
        let cs: Vec<String> = a.conditions.iter().map(|c| condition_text(*c)).collect();
        s.push_str(&format!(", if {}", cs.join(" and ")));
    }
    let es: Vec<String> = a.effects.iter().map(|e| effect_text(*e)).collect();
    format!("{s}: {} — {}.", target_text(a.target), es.join(", then "))
}
