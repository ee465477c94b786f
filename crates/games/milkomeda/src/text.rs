//! Text forms of actions and events, in the words players use: cards by their names
//! (`Sector 7`, `Directive 4`, `Module 21`, `Objective 5`) and card spaces by the map's
//! labels (`column 2, row 1`), never a content id or a raw space code. The terminal, the log,
//! the hints and the replay all read these texts.
//!
//! Actions can be typed two ways: as shown (`place Sector 7 at column 2, row 1 turned 90°`),
//! or in the short form (`place s07 c2r1 90`, `probe c1r2`, `move 2 c1r1 c2r1`, `add 1 red`,
//! `pay for card 1`, `ships 3`); case and spacing are ignored. A bribe is typed a unit at a
//! time (`add 1 green to the bribe`, as often as one holds green), then finished: `pay for
//! card 1` or `pay with no note` (the default rule), `offer if card 1` (`binding`); the
//! observation shows the bribe in progress.

use crate::action::{Action, Event};
use crate::config::SectorId;
use crate::observe::{CombatStep, TurnStep};
use crate::rules::scoring::EndTrigger;
use crate::rules::structures::Structure;
use crate::state::{Milkomeda, OrderStage};
use gridwright_engine::{Game, Seat};

/// A sector card's content id (the short typed form); `#n` for a number no card has.
fn sector_code(g: &Milkomeda, card: SectorId) -> String {
    g.table
        .rules
        .config
        .sectors
        .get(card.index())
        .map_or_else(|| format!("#{}", card.0), |s| s.id.clone())
}

/// A sector card's name (`Sector 7`).
fn sector(g: &Milkomeda, card: SectorId) -> String {
    g.table.rules.config.sectors.get(card.index()).map_or_else(
        || format!("sector card number {}", usize::from(card.0) + 1),
        crate::config::SectorCard::name,
    )
}

/// The name of a position's directive (`directive`) or module card numbered `card`, if a card
/// has that number.
fn slot_card(g: &Milkomeda, directive: bool, card: u8) -> Option<String> {
    let config = &g.table.rules.config;
    let i = usize::from(card);
    if directive {
        config
            .directives
            .get(i)
            .map(crate::config::DirectiveCard::name)
    } else {
        config.modules.get(i).map(crate::config::ModuleCard::name)
    }
}

/// The short typed form of a structure (`m-brain`).
fn structure_code(s: Structure) -> String {
    s.to_string().to_lowercase().replace(' ', "-")
}

/// A structure's name (`Outpost`, `M-Brain`).
pub(crate) fn structure_name(s: Structure) -> &'static str {
    match s {
        Structure::Outpost => "Outpost",
        Structure::Starlance => "Starlance",
        Structure::Hypergate => "Hypergate",
        Structure::MBrain => "M-Brain",
    }
}

/// `a` or `an` with a structure's name.
fn a_structure(s: Structure) -> String {
    match s {
        Structure::Outpost => "an Outpost".to_owned(),
        _ => format!("a {}", structure_name(s)),
    }
}

/// `1 fleet`, `2 fleets`.
fn fleets(n: impl Into<u32>) -> String {
    let n = n.into();
    if n == 1 {
        "1 fleet".to_owned()
    } else {
        format!("{n} fleets")
    }
}

/// The name of the card at `index` of the objective row (`Objective 7`), or its place in the
/// row when there is none.
fn row_objective(g: &Milkomeda, index: u8) -> String {
    g.table
        .row
        .get(usize::from(index))
        .and_then(|c| g.table.rules.config.objectives.get(c.index()))
        .map_or_else(
            || format!("objective {} of the row", index + 1),
            crate::config::ObjectiveCard::name,
        )
}

/// The short typed form of an action (`place s07 c2r1 90`), also accepted when typed.
pub(crate) fn action_code(g: &Milkomeda, action: &Action) -> String {
    match *action {
        Action::Card(c) => format!("card {c}"),
        Action::Deal(i) => format!("deal {i}"),
        Action::Die(f) => format!("die {}", f.value()),
        Action::Probe(s) => format!("probe {s}"),
        Action::Launch(b) => format!("launch {b}"),
        Action::Place {
            card,
            space,
            rotation,
        } => format!("place {} {space} {rotation}", sector_code(g, card)),
        Action::AddBribe(r) => format!("add 1 {r}"),
        Action::Give(s) => format!("give {s}"),
        Action::Propose(s) => format!("propose {s}"),
        Action::Bonus(r) => format!("bonus {r}"),
        Action::Boost(b) => format!("boost {b}"),
        Action::MoveFleets { from, to, count } => format!("move {count} {from} {to}"),
        Action::BuildFleets { home, outposts } => {
            let mut t = format!("fleets home {home}");
            for i in 0..2 {
                if outposts & (1 << i) != 0 {
                    t.push_str(&format!(" outpost {}", i + 1));
                }
            }
            t
        }
        Action::BuildStructure {
            structure: s,
            space,
        } => format!("build {} {space}", structure_code(s)),
        Action::AttackFleets { from, to, count } => format!("attack {to} from {from} with {count}"),
        Action::AttackStructure {
            target,
            owner,
            structure: s,
        } => format!("strike {} of {owner} {target}", structure_code(s)),
        Action::Module(p) => format!("module {p}"),
        Action::Claim { card, slot } => format!("claim {}.{}", card + 1, slot + 1),
        Action::MarkShip(s) => format!("mark {s}"),
        _ => action_text(g, action),
    }
}

/// The text of an action, in words.
pub fn action_text(g: &Milkomeda, action: &Action) -> String {
    match *action {
        Action::Card(c) => format!("draw card number {}", usize::from(c) + 1),
        Action::Deal(i) => format!("deal the order cards (arrangement {})", usize::from(i) + 1),
        Action::Die(f) => format!("die {}", f.value()),
        Action::Probe(s) => format!("probe from {}", s.words()),
        Action::Launch(0) => "launch the probes".to_owned(),
        Action::Launch(b) => format!("launch with {b} green for {b} more cards"),
        Action::Place {
            card,
            space,
            rotation,
        } => format!(
            "place {} at {} turned {rotation}°",
            sector(g, card),
            space.words()
        ),
        Action::Offer(c) => match g.table.rules.config.bribes {
            crate::BribeRule::Transfer => format!("pay for {c}"),
            crate::BribeRule::Binding => format!("offer if {c}"),
        },
        Action::Transfer => "pay with no note".into(),
        Action::AddBribe(r) => format!("add 1 {r} to the bribe"),
        Action::Withdraw => "withdraw".into(),
        Action::Keep => "keep".into(),
        Action::Refresh(c) => c.to_string(),
        Action::Give(s) => format!("give the next order card to {s}"),
        Action::Propose(s) => format!("propose the next order card for {s}"),
        Action::Bonus(r) => format!("take 1 {r} as the M-Brain bonus"),
        Action::Main(a) => a.word().into(),
        Action::Pass => "pass".into(),
        Action::Boost(0) => "no boost".to_owned(),
        Action::Boost(b) => format!("boost the range with {b} blue"),
        Action::MoveFleets { from, to, count } => format!(
            "move {} from {} to {}",
            fleets(count),
            from.words(),
            to.words()
        ),
        Action::BuildFleets { home, outposts } => {
            let mut at = Vec::new();
            if home > 0 {
                at.push(format!("{home} at the homeworld"));
            }
            for i in 0..2 {
                if outposts & (1 << i) != 0 {
                    at.push(format!("1 at Outpost {}", i + 1));
                }
            }
            if at.is_empty() {
                "build no fleets".to_owned()
            } else {
                format!("build fleets: {}", at.join(", "))
            }
        }
        Action::BuildStructure {
            structure: s,
            space,
        } => format!("build {} at {}", a_structure(s), space.words()),
        Action::AttackFleets { from, to, count } => format!(
            "attack {} from {} with {}",
            to.words(),
            from.words(),
            fleets(count)
        ),
        Action::AttackStructure {
            target,
            owner,
            structure: s,
        } => format!(
            "strike {owner}'s {} at {}",
            structure_name(s),
            target.words()
        ),
        Action::Done => "done".into(),
        Action::Engage => "engage".into(),
        Action::Module(p) => format!("use the module at position {p}"),
        Action::NoModule => "no module".into(),
        Action::Claim { card, slot } => {
            format!("claim slot {} of {}", slot + 1, row_objective(g, card))
        }
        Action::EndTurn => "end turn".into(),
        Action::Ships(n) => format!("ships {n}"),
        Action::Hits(n) => format!("hits {n}"),
        Action::MarkShip(s) => format!("mark a ship of {s}"),
    }
}

/// Parses an action of `seat` typed as shown ([`action_text`]) or in the short form
/// ([`action_code`]), case and spacing ignored.
pub(crate) fn parse_action(g: &Milkomeda, seat: Seat, text: &str) -> Result<Action, String> {
    let want = gridwright_engine::normalize(text);
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    legal
        .into_iter()
        .find(|a| {
            gridwright_engine::normalize(&action_text(g, a)) == want
                || gridwright_engine::normalize(&action_code(g, a)) == want
        })
        .ok_or_else(|| {
            format!(
                "`{}` is not the text of any action available now",
                text.trim()
            )
        })
}

/// Where phase 1 stands, in words.
fn order_stage_words(stage: OrderStage) -> String {
    match stage {
        OrderStage::Propose => "the Master proposes who gets which card".to_owned(),
        OrderStage::Offers { pass, seat } => {
            format!("{seat} may bribe the Master (pass {pass})")
        }
        OrderStage::Refresh => "the Master chooses the refresh".to_owned(),
        OrderStage::Give => "the Master gives out the order cards".to_owned(),
    }
}

/// What the seat on turn is doing, in words.
fn turn_step_words(step: &TurnStep) -> String {
    match step {
        TurnStep::Bonus { left: 1 } => "takes 1 M-Brain bonus resource".to_owned(),
        TurnStep::Bonus { left } => format!("takes {left} M-Brain bonus resources"),
        TurnStep::Main => "chooses the main action".to_owned(),
        TurnStep::Explore { .. } => "explores".to_owned(),
        TurnStep::Move { .. } => "moves fleets".to_owned(),
        TurnStep::Build { .. } => "builds".to_owned(),
        TurnStep::Attack { .. } => "attacks".to_owned(),
        TurnStep::Module => "may use a module".to_owned(),
        TurnStep::Claim => "may claim an objective".to_owned(),
    }
}

/// A combat step, in words.
fn combat_step_words(step: CombatStep) -> &'static str {
    match step {
        CombatStep::Configure => "fleets are configured in secret",
        CombatStep::Roll => "the dice roll",
        CombatStep::Allocate => "hits are allocated in secret",
        CombatStep::Mark => "ships are marked",
    }
}

/// The text of an event.
pub fn event_text(g: &Milkomeda, event: &Event) -> String {
    match event {
        Event::ObjectiveRevealed { card } => format!(
            "{} joins the objective row",
            g.table
                .rules
                .config
                .objectives
                .get(card.index())
                .map_or_else(|| "an objective".to_owned(), |o| o.name())
        ),
        Event::SlotFilled {
            position,
            directive,
            card,
        } => {
            let what = if *directive { "directive" } else { "module" };
            match card.and_then(|c| slot_card(g, *directive, c)) {
                Some(name) => format!("position {position}: {name} is turned face up"),
                None => format!("position {position}: the {what} slot stays empty"),
            }
        }
        Event::TierReshuffled { directive, tier } => format!(
            "the {} tier {tier} discards are shuffled into a new draw pile",
            if *directive { "directive" } else { "module" }
        ),
        Event::SectorDrawn { seat, card } => format!("{seat} draws {}", sector(g, *card)),
        Event::SectorPlaced {
            seat,
            card,
            space,
            rotation,
            cost,
        } => format!(
            "{seat} places {} at {} turned {rotation}° for {cost} green",
            sector(g, *card),
            space.words()
        ),
        Event::SectorsReturned { seat, cards } => format!(
            "{seat} shuffles {} back into the deck",
            cards
                .iter()
                .map(|c| sector(g, *c))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::RoundStarted { round, master } => match master {
            Some(m) => format!("round {round}: {m} is Master of the Order"),
            None => format!("round {round}"),
        },
        Event::MasterDrew { master, cards } => {
            let c: Vec<String> = cards.iter().map(ToString::to_string).collect();
            let s = if cards.len() == 1 { "" } else { "s" };
            format!("{master} draws and reveals order card{s} {}", c.join(", "))
        }
        Event::Proposed { card, seat } => {
            format!("the Master proposes card {card} for {seat} (not binding)")
        }
        Event::Transferred {
            transfer,
            payer_storage,
            master_storage,
        } => {
            format!(
                "{transfer} (paid now; it binds nobody): {}'s storage is now {payer_storage}, \
                 the Master's {master_storage}",
                transfer.payer
            )
        }
        Event::OfferPosted { offer } => format!("offer {offer}"),
        Event::OfferWithdrawn { payer } => format!("{payer} withdraws its offer"),
        Event::Refreshed { choice } => format!("the Master will {choice}"),
        Event::Given { card, seat } => format!("the Master gives card {card} to {seat}"),
        Event::OfferSettled { offer, settlement } => match settlement {
            crate::rules::bribes::Settlement::Paid => format!("offer {offer}: paid"),
            crate::rules::bribes::Settlement::ConditionFailed => {
                format!("offer {offer}: lapses, its condition does not hold")
            }
            crate::rules::bribes::Settlement::CannotPay { had } => {
                format!("offer {offer}: lapses, {} has only {had}", offer.payer)
            }
        },
        Event::OrdersRevealed { cards, order } => {
            let c: Vec<String> = cards
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{} {c}", Seat::new(i as u8)))
                .collect();
            let o: Vec<String> = order.iter().map(ToString::to_string).collect();
            format!("order cards: {}; turn order {}", c.join(", "), o.join(" "))
        }
        Event::TurnStarted {
            seat,
            income,
            bonus,
        } => {
            if *bonus > 0 {
                format!("{seat}'s turn: income {income}, {bonus} M-Brain bonus to choose")
            } else {
                format!("{seat}'s turn: income {income}")
            }
        }
        Event::BonusTaken { seat, resource } => format!("{seat} takes 1 {resource}"),
        Event::ActionChosen {
            seat,
            action,
            module,
            paid,
        } => match module {
            Some(p) => format!("{seat} activates the module at position {p} ({paid}): {action}"),
            None => format!("{seat}: {action}"),
        },
        Event::Passed { seat } => format!("{seat} can take no main action"),
        Event::Boosted {
            seat,
            resource,
            amount,
        } => format!("{seat} spends {amount} {resource}"),
        Event::Moved {
            seat,
            from,
            to,
            count,
            control,
        } => format!(
            "{seat} moves {} from {} to {} (control: {})",
            fleets(*count),
            from.words(),
            to.words(),
            control.map_or("none".into(), |s| s.to_string())
        ),
        Event::FleetsBuilt { seat, space, count } => {
            format!("{seat} builds {} at {}", fleets(*count), space.words())
        }
        Event::StructureBuilt {
            seat,
            structure: s,
            space,
            cost,
        } => format!(
            "{seat} builds {} at {} for {cost}",
            a_structure(*s),
            space.words()
        ),
        Event::Attacked {
            seat,
            from,
            to,
            count,
            cost,
            hypergate,
        } => format!(
            "{seat} attacks {} from {} with {} for {cost} blue{}",
            to.words(),
            from.words(),
            fleets(*count),
            if *hypergate {
                " through its Hypergate"
            } else {
                ""
            }
        ),
        Event::StructureDestroyed {
            seat,
            target,
            owner,
            structure: s,
        } => format!(
            "{seat}'s Starlance destroys {owner}'s {} at {}",
            structure_name(*s),
            target.words()
        ),
        Event::CombatStarted {
            sector,
            attacker,
            fleets: f,
        } => {
            let f: Vec<String> = f.iter().map(|(s, n)| format!("{s} {n}")).collect();
            format!(
                "combat at {}, {attacker} attacking: {}",
                sector.words(),
                f.join(", ")
            )
        }
        Event::RostersRevealed { rosters } => {
            let r: Vec<String> = rosters.iter().map(|(s, r)| format!("{s} {r}")).collect();
            format!("rosters: {}", r.join("; "))
        }
        Event::Rolled { seat, faces, hits } => {
            let f: Vec<String> = faces.iter().map(|f| f.value().to_string()).collect();
            let noun = if *hits == 1 { "hit" } else { "hits" };
            format!("{seat} rolls {}: {hits} {noun}", f.join(", "))
        }
        Event::HitsRevealed { allocations } => {
            let r: Vec<String> = allocations
                .iter()
                .map(|(s, r)| format!("{s} {r}"))
                .collect();
            format!("hit allocations: {}", r.join("; "))
        }
        Event::Marked {
            marker,
            target,
            ship,
        } => format!("{marker} marks {target}'s {}", ship.word()),
        Event::Casualties { losses } => {
            let r: Vec<String> = losses
                .iter()
                .map(|(s, r)| format!("{s} loses {r}"))
                .collect();
            if r.is_empty() {
                "no casualties".into()
            } else {
                r.join("; ")
            }
        }
        Event::CombatEnded {
            sector,
            control,
            left,
            capped,
        } => {
            let l: Vec<String> = left.iter().map(|(s, n)| format!("{s} {n}")).collect();
            format!(
                "combat at {} ends{}: ships left {}; control {}",
                sector.words(),
                if *capped { " at the round cap" } else { "" },
                l.join(", "),
                control.map_or("none".into(), |s| s.to_string())
            )
        }
        Event::Claimed {
            seat,
            card,
            slot,
            points,
        } => format!(
            "{seat} claims slot {} of {} ({points} VP)",
            slot + 1,
            row_objective(g, *card)
        ),
        Event::GameSetUp {
            homeworlds,
            fleets,
            storage,
        } => {
            let h: Vec<String> = homeworlds
                .iter()
                .map(|(s, at)| format!("{s}'s homeworld at {}", at.words()))
                .collect();
            format!(
                "{}; {fleets} fleets on each, storage {storage} each",
                h.join("; ")
            )
        }
        Event::SlotDiscarded {
            position,
            directive,
            card,
        } => {
            let kind = if *directive { "directive" } else { "module" };
            match slot_card(g, *directive, *card) {
                Some(name) => format!("position {position}'s {name} is discarded"),
                None => format!("position {position}'s {kind} is discarded"),
            }
        }
        Event::Storage { seat, storage } => format!("{seat}'s storage is now {storage}"),
        Event::Sector {
            space,
            fleets,
            control,
        } => {
            let f: Vec<String> = fleets
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(i, n)| format!("{} {n}", Seat::new(i as u8)))
                .collect();
            let f = if f.is_empty() {
                "no fleets".to_owned()
            } else {
                format!("fleets {}", f.join(", "))
            };
            match control {
                Some(c) => format!("{}: {f}, held by {c}", space.words()),
                None => format!("{}: {f}, held by nobody", space.words()),
            }
        }
        Event::Marker { seat, action } => match action {
            Some(a) => format!("{seat}'s action marker is on {a}"),
            None => format!("{seat}'s action marker is on start"),
        },
        Event::Stage(v) => {
            let (setup, orders, turn, combat) = v.views(&g.table);
            let phase = if let Some(t) = &turn {
                format!(
                    "{}'s turn: {} {}",
                    t.seat,
                    t.seat,
                    turn_step_words(&t.stage)
                )
            } else if let Some(o) = &orders {
                format!(
                    "the Master's round ({} is Master): {}",
                    o.master,
                    order_stage_words(o.stage)
                )
            } else if let Some(s) = &setup {
                format!("setup: {} places a starting sector", s.seat)
            } else {
                "between phases".to_owned()
            };
            match &combat {
                Some(c) => format!(
                    "round {}, {phase}; combat at {}: {}",
                    v.round,
                    c.sector.words(),
                    combat_step_words(c.stage)
                ),
                None => format!("round {}, {phase}", v.round),
            }
        }
        Event::OwnSealed { seat, counts } => match counts {
            Some(c) => format!("{seat}'s sealed choice so far: {}", sealed_words(*c)),
            None => format!("{seat} has nothing sealed"),
        },
        Event::GameEnded { trigger, scores } => {
            let s: Vec<String> = scores
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{} {} VP", Seat::new(i as u8), s.standing.points))
                .collect();
            format!("game over, {}: {}", ending_words(*trigger), s.join(", "))
        }
    }
}

/// How the game ended, as a clause: "P1 completed the grid".
pub(crate) fn ending_words(trigger: EndTrigger) -> String {
    match trigger {
        EndTrigger::GridCompleted { by } => format!("{by} completed the grid"),
        EndTrigger::ObjectivesCompleted { by } => {
            format!("{by} claimed the last objective slot")
        }
        EndTrigger::RoundLimit => "the round limit was reached".to_owned(),
        EndTrigger::NoProgress => "a whole round passed with no progress".to_owned(),
    }
}

/// A sealed roster or allocation so far in words: "beam 1, artillery 1" ("nothing yet" when
/// empty), one ship type per track.
pub(crate) fn sealed_words(counts: [u8; 5]) -> String {
    let parts: Vec<String> = crate::rules::combat::ShipType::ALL
        .iter()
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|(t, n)| format!("{} {n}", t.word()))
        .collect();
    if parts.is_empty() {
        "nothing yet".to_owned()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::scoring::{Holdings, score};
    use crate::rules::steps_tests::game;
    use gridwright_engine::Seat;

    /// Player language (issue 22): the end of a game and a sealed choice so far read as
    /// sentences with ship types and points, never as Rust's debug output.
    #[test]
    fn the_ending_and_a_sealed_choice_read_as_words() {
        let g = game("duel");
        let (p1, p2) = (Seat::new(0), Seat::new(1));
        let rich = Holdings {
            controlled_sectors: 3,
            ..Holdings::default()
        };
        let ended = EndTrigger::GridCompleted { by: p1 };
        let scores = vec![
            score(p1, &rich, Some(ended)),
            score(p2, &Holdings::default(), Some(ended)),
        ];
        let points = scores[0].standing.points;
        let text = event_text(
            &g,
            &Event::GameEnded {
                trigger: ended,
                scores,
            },
        );
        assert_eq!(
            text,
            format!("game over, P1 completed the grid: P1 {points} VP, P2 0 VP")
        );
        let text = event_text(
            &g,
            &Event::GameEnded {
                trigger: EndTrigger::ObjectivesCompleted { by: p2 },
                scores: Vec::new(),
            },
        );
        assert!(text.starts_with("game over, P2 claimed the last objective slot"));
        let text = event_text(
            &g,
            &Event::OwnSealed {
                seat: p2,
                counts: Some([2, 0, 0, 1, 0]),
            },
        );
        assert_eq!(text, "P2's sealed choice so far: beam 2, drone 1");
        assert!(!text.contains('['));
    }
}
