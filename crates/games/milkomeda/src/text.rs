//! Text forms of actions and events. Actions are typed as shown (`probe c1r2`,
//! `place s07 c2r1 90`, `add 1 red`, `pay for card 1`, `move 2 c1r1 c2r1`, `ships 3`); the
//! engine's default parser accepts exactly the text of a legal action, case and spacing
//! ignored. A bribe is typed a unit at a time (`add 1 green`, as often as one holds green),
//! then finished: `pay for card 1` or `pay with no note` (the default rule), `offer if card 1`
//! (`binding`); the observation shows the bribe in progress.

use crate::action::{Action, Event};
use crate::config::SectorId;
use crate::rules::scoring::EndTrigger;
use crate::rules::structures::Structure;
use crate::state::Milkomeda;

/// A sector card's id; `#n` for a number no card has (the text of an action read from
/// outside).
fn sector(g: &Milkomeda, card: SectorId) -> String {
    g.table
        .rules
        .config
        .sectors
        .get(card.index())
        .map_or_else(|| format!("#{}", card.0), |s| s.id.clone())
}

/// The id of a position's directive (`directive`) or module card numbered `card`, if a card
/// has that number.
fn slot_card(g: &Milkomeda, directive: bool, card: u8) -> Option<&str> {
    let config = &g.table.rules.config;
    let i = usize::from(card);
    if directive {
        config.directives.get(i).map(|d| d.id.as_str())
    } else {
        config.modules.get(i).map(|m| m.id.as_str())
    }
}

fn structure(s: Structure) -> String {
    s.to_string().to_lowercase().replace(' ', "-")
}

/// The text of an action.
pub fn action_text(g: &Milkomeda, action: &Action) -> String {
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
        } => format!("place {} {space} {rotation}", sector(g, card)),
        Action::Offer(c) => match g.table.rules.config.bribes {
            crate::BribeRule::Transfer => format!("pay for {c}"),
            crate::BribeRule::Binding => format!("offer if {c}"),
        },
        Action::Transfer => "pay with no note".into(),
        Action::AddBribe(r) => format!("add 1 {r}"),
        Action::Withdraw => "withdraw".into(),
        Action::Keep => "keep".into(),
        Action::Refresh(c) => c.to_string(),
        Action::Give(s) => format!("give {s}"),
        Action::Propose(s) => format!("propose {s}"),
        Action::Bonus(r) => format!("bonus {r}"),
        Action::Main(a) => a.word().into(),
        Action::Pass => "pass".into(),
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
        } => {
            format!("build {} {space}", structure(s))
        }
        Action::AttackFleets { from, to, count } => format!("attack {to} from {from} with {count}"),
        Action::AttackStructure {
            target,
            owner,
            structure: s,
        } => format!("strike {} of {owner} {target}", structure(s)),
        Action::Done => "done".into(),
        Action::Engage => "engage".into(),
        Action::Module(p) => format!("module {p}"),
        Action::NoModule => "no module".into(),
        Action::Claim { card, slot } => format!("claim {}.{}", card + 1, slot + 1),
        Action::EndTurn => "end turn".into(),
        Action::Ships(n) => format!("ships {n}"),
        Action::Hits(n) => format!("hits {n}"),
        Action::MarkShip(s) => format!("mark {s}"),
    }
}

/// The text of an event.
pub fn event_text(g: &Milkomeda, event: &Event) -> String {
    match event {
        Event::ObjectiveRevealed { card } => format!(
            "objective {} joins the row",
            g.table
                .rules
                .config
                .objectives
                .get(card.index())
                .map_or("?", |o| o.id.as_str())
        ),
        Event::SlotFilled {
            position,
            directive,
            card,
        } => {
            let what = if *directive { "directive" } else { "module" };
            let id = card.and_then(|c| slot_card(g, *directive, c));
            match id {
                Some(id) => format!("position {position}: {what} {id}"),
                None => format!("position {position}: {what} slot stays empty"),
            }
        }
        Event::TierReshuffled { directive, tier } => format!(
            "{}{tier} discards shuffled into a new draw pile",
            if *directive { "D" } else { "M" }
        ),
        Event::SectorDrawn { seat, card } => format!("{seat} draws {}", sector(g, *card)),
        Event::SectorPlaced {
            seat,
            card,
            space,
            rotation,
            cost,
        } => format!(
            "{seat} places {} at {space} turned {rotation} for {cost} green",
            sector(g, *card)
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
                .map(|(i, c)| format!("P{} {c}", i + 1))
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
            Some(p) => format!("{seat} activates module {p} ({paid}): {action}"),
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
            "{seat} moves {count} from {from} to {to} (control: {})",
            control.map_or("none".into(), |s| s.to_string())
        ),
        Event::FleetsBuilt { seat, space, count } => {
            format!("{seat} builds {count} fleet(s) at {space}")
        }
        Event::StructureBuilt {
            seat,
            structure: s,
            space,
            cost,
        } => format!("{seat} builds {} at {space} for {cost}", structure(*s)),
        Event::Attacked {
            seat,
            from,
            to,
            count,
            cost,
            hypergate,
        } => format!(
            "{seat} attacks {to} from {from} with {count} for {cost} blue{}",
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
            "{seat}'s Starlance destroys {owner}'s {} at {target}",
            structure(*s)
        ),
        Event::CombatStarted {
            sector,
            attacker,
            fleets,
        } => {
            let f: Vec<String> = fleets.iter().map(|(s, n)| format!("{s} {n}")).collect();
            format!("combat at {sector}, {attacker} attacking: {}", f.join(", "))
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
                "combat at {sector} ends{}: ships left {}; control {}",
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
            "{seat} claims slot {} of objective {} ({points} VP)",
            slot + 1,
            card + 1
        ),
        Event::GameSetUp {
            homeworlds,
            fleets,
            storage,
        } => {
            let h: Vec<String> = homeworlds
                .iter()
                .map(|(s, at)| format!("{s}'s homeworld at {at}"))
                .collect();
            format!(
                "{}; {fleets} fleets on each, storage {storage} each",
                h.join(", ")
            )
        }
        Event::SlotDiscarded {
            position,
            directive,
            card,
        } => {
            let kind = if *directive { "directive" } else { "module" };
            let id = slot_card(g, *directive, *card);
            format!(
                "position {position}'s {kind} {} is discarded",
                id.unwrap_or("?")
            )
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
                .map(|(i, n)| format!("P{} {n}", i + 1))
                .collect();
            let f = if f.is_empty() {
                "no fleets".to_owned()
            } else {
                format!("fleets {}", f.join(", "))
            };
            match control {
                Some(c) => format!("{space}: {f}, held by {c}"),
                None => format!("{space}: {f}, held by nobody"),
            }
        }
        Event::Marker { seat, action } => match action {
            Some(a) => format!("{seat}'s action marker is on {a}"),
            None => format!("{seat}'s action marker is on start"),
        },
        Event::Stage(v) => {
            let phase = if let Some(t) = &v.turn {
                format!("{}'s turn: {}", t.seat, t.stage)
            } else if let Some(o) = &v.orders {
                format!("phase 1 (Master {}): {}", o.master, o.stage)
            } else if v.setup.is_some() {
                "setup".to_owned()
            } else {
                "between phases".to_owned()
            };
            match &v.combat {
                Some(c) => format!(
                    "round {}, {phase}; combat in {}: {}",
                    v.round, c.sector, c.stage
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
                .map(|(i, s)| format!("P{} {} VP", i + 1, s.standing.points))
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
