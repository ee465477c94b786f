//! The event log as an audit trail ([`EventFold`]): folding the events a viewer was shown into
//! the starting observation gives that viewer's observation after every step. The vocabulary
//! (which event changes what) is rule 76 of `docs/rules/starcore.md`, "Event log".
//!
//! Where the game is comes from [`Event::PhaseChanged`]; what a card shows (stats, keywords)
//! from [`Event::Stats`], logged at the end of a step for every card whose values changed, and
//! its HP left from [`Event::Damaged`] and [`Event::Healed`] in between; links from
//! [`Event::Linked`] and [`Event::Unlinked`]. A card entering starts from its printed values
//! read from `start` (content only). The only derived value is who holds the response
//! window: the opponent of whoever put the top frame on the stack.

use crate::Keyword;
use crate::action::CardId;
use crate::event::Event;
use crate::grid::{Area, Tile};
use crate::observe::{FrameView, Observation, PieceView, PlayerView};
use crate::rules::network::Resources;
use crate::state::{PhaseView, SEATS, Starcore};
use gridwright_engine::{EventFold, Seat, Viewer};

/// The folded view of the card on `tile`.
fn piece(seen: &mut Observation, tile: Tile) -> Option<&mut PieceView> {
    seen.board.iter_mut().find(|p| p.tile == tile)
}

/// The folded view of `seat`'s side.
fn player(seen: &mut Observation, seat: Seat) -> Option<&mut PlayerView> {
    seen.players.get_mut(seat.index())
}

/// Puts `card` of `owner` on `tile` with its printed values (the step's [`Event::Stats`]
/// follows with what it shows there).
fn enter(start: &Starcore, seen: &mut Observation, owner: Seat, card: CardId, tile: Tile) {
    let c = start.card(card);
    let stats = c.stats();
    let shield = c
        .keywords()
        .iter()
        .find_map(|k| match k {
            Keyword::Shield(n) => Some(*n),
            _ => None,
        })
        .unwrap_or(0);
    let view = PieceView {
        tile,
        owner,
        card,
        id: c.id().to_owned(),
        hp: (stats.hp, stats.hp),
        shield,
        dmg: stats.dmg,
        def: stats.def,
        movement: stats.movement,
        moved: false,
        attacked: false,
        host: None,
        keywords: c.keywords().to_vec(),
    };
    let at = seen.board.partition_point(|p| p.tile < tile);
    seen.board.insert(at, view);
}

/// Takes `card` out of a folded hand (its count always; the card where the viewer sees it).
fn leave_hand(seen: &mut Observation, seat: Seat, card: CardId) {
    if let Some(p) = player(seen, seat) {
        p.hand_count = p.hand_count.saturating_sub(1);
        if let Some(hand) = &mut p.hand
            && let Ok(i) = hand.binary_search(&card)
        {
            hand.remove(i);
        }
    }
}

/// Puts `card` into a folded hand.
fn join_hand(seen: &mut Observation, seat: Seat, card: Option<CardId>) {
    if let Some(p) = player(seen, seat) {
        p.hand_count += 1;
        if let (Some(hand), Some(card)) = (&mut p.hand, card) {
            let at = hand.partition_point(|c| *c <= card);
            hand.insert(at, card);
        }
    }
}

/// Who put `frame` on the stack.
fn frame_seat(frame: &FrameView) -> Seat {
    match frame {
        FrameView::Deploy { seat, .. }
        | FrameView::Action { seat, .. }
        | FrameView::Attack { seat, .. } => *seat,
    }
}

impl EventFold for Starcore {
    fn fold_event(start: &Self, _viewer: Viewer, seen: &mut Observation, event: &Event) {
        match event {
            Event::StepBegan { .. }
            | Event::Activated { .. }
            | Event::Fizzled { .. }
            | Event::Rolled { .. }
            | Event::Modified { .. }
            | Event::Granted { .. }
            | Event::TurnEnded { .. } => {}
            Event::FirstPlayer { seat } => seen.active = *seat,
            Event::Networks { seat, networks } => {
                if let Some(p) = player(seen, *seat) {
                    p.networks.clone_from(networks);
                }
            }
            Event::Drew { seat, .. }
            | Event::DrawsOwed { seat, .. }
            | Event::MulliganChosen { seat, .. }
            | Event::Mulliganed { seat }
            | Event::Paid { seat, .. }
            | Event::Pool { seat, .. }
            | Event::Gained { seat, .. }
            | Event::Scrapped { seat, .. }
            | Event::Salvaged { seat, .. } => fold_player(seen, *seat, event),
            Event::PhaseChanged { phase } => {
                seen.phase = *phase;
                if *phase != PhaseView::Mulligan {
                    for p in &mut seen.players {
                        p.mulligan_committed = false;
                        p.mulligan_choice = None;
                    }
                }
            }
            Event::CommanderPlaced { seat, tile } => {
                let commander = start.rules.deck(*seat).commander;
                enter(start, seen, *seat, commander, *tile);
            }
            Event::Entered { seat, card, tile } => enter(start, seen, *seat, *card, *tile),
            Event::TurnBegan { seat, turn, pool } => turn_began(seen, *seat, *turn, *pool),
            Event::Moved { from, to, .. } => moved(seen, *from, *to),
            Event::Mounted { module: tile, .. }
            | Event::Damaged { tile, .. }
            | Event::Healed { tile, .. }
            | Event::Shielded { tile, .. }
            | Event::ShieldReset { tile, .. }
            | Event::Stats { tile, .. } => {
                if let Some(p) = piece(seen, *tile) {
                    fold_piece(p, event);
                }
            }
            Event::Linked { a, b } => {
                let at = seen.links.partition_point(|l| *l < (*a, *b));
                seen.links.insert(at, (*a, *b));
            }
            Event::Unlinked { a, b } => seen.links.retain(|l| *l != (*a, *b)),
            Event::Destroyed { tile, card, to } => destroyed(seen, *tile, *card, *to),
            Event::DeployDeclared { seat, card, tile } => {
                leave_hand(seen, *seat, *card);
                if let Some(p) = player(seen, *seat) {
                    p.placed = p.placed.saturating_add(1);
                }
                seen.stack.push(FrameView::Deploy {
                    seat: *seat,
                    card: *card,
                    tile: *tile,
                });
            }
            Event::ActionPlayed { seat, card, aim } => {
                leave_hand(seen, *seat, *card);
                seen.stack.push(FrameView::Action {
                    seat: *seat,
                    card: *card,
                    aim: *aim,
                    countered: false,
                });
            }
            Event::AttackDeclared {
                from,
                target,
                first_strike,
            } => {
                // Without the attacker in view nothing is folded, the responder included.
                if !attack_declared(seen, *from, *target, *first_strike) {
                    return;
                }
            }
            Event::Countered { frame, .. } => {
                if let Some(FrameView::Action { countered, .. }) =
                    seen.stack.get_mut(usize::from(*frame))
                {
                    *countered = true;
                }
            }
            Event::Passed { .. } => {
                seen.stack.pop();
            }
            Event::GameOver { .. } => {
                seen.stack.clear();
                for p in &mut seen.players {
                    p.owed = 0;
                }
            }
        }
        seen.responder = seen.stack.last().map(|f| frame_seat(f).next(SEATS));
    }
}

/// `seat`'s turn `turn` begins with `pool` to spend: nothing placed, moved or attacked yet.
fn turn_began(seen: &mut Observation, seat: Seat, turn: u16, pool: Resources) {
    seen.active = seat;
    seen.turn = turn;
    if let Some(p) = player(seen, seat) {
        p.pool = pool;
        p.placed = 0;
    }
    for p in seen.board.iter_mut().filter(|p| p.owner == seat) {
        p.moved = false;
        p.attacked = false;
    }
}

/// The card on `from` moves to `to` (the board stays in tile order).
fn moved(seen: &mut Observation, from: Tile, to: Tile) {
    if let Some(i) = seen.board.iter().position(|p| p.tile == from) {
        let mut p = seen.board.remove(i);
        p.tile = to;
        p.moved = true;
        let at = seen.board.partition_point(|q| q.tile < to);
        seen.board.insert(at, p);
    }
}

/// The card on `tile` is destroyed: off the board, into its owner's Scrapyard or the Void.
fn destroyed(seen: &mut Observation, tile: Tile, card: CardId, to: Area) {
    if let Some(i) = seen.board.iter().position(|p| p.tile == tile) {
        let owner = seen.board.remove(i).owner;
        if let Some(p) = player(seen, owner) {
            match to {
                Area::Void => p.void.push(card),
                _ => p.scrapyard.push(card),
            }
        }
    }
}

/// An event about `seat`'s side (hand, deck, draws owed, mulligan, pool, scrapyard), folded.
fn fold_player(seen: &mut Observation, seat: Seat, event: &Event) {
    match event {
        Event::Drew { card, .. } => {
            join_hand(seen, seat, *card);
            if let Some(p) = player(seen, seat) {
                p.deck_count = p.deck_count.saturating_sub(1);
                p.owed = p.owed.saturating_sub(1);
            }
        }
        Event::Salvaged { card, .. } => {
            if let Some(p) = player(seen, seat) {
                p.scrapyard.pop();
            }
            join_hand(seen, seat, Some(*card));
        }
        _ => {
            if let Some(p) = player(seen, seat) {
                fold_side(p, event);
            }
        }
    }
}

/// An event about one side that touches nothing else, folded into its view.
fn fold_side(p: &mut PlayerView, event: &Event) {
    match event {
        Event::DrawsOwed { cards, .. } => p.owed = p.owed.saturating_add(*cards),
        Event::MulliganChosen { mulligan, .. } => {
            p.mulligan_committed = true;
            p.mulligan_choice = *mulligan;
        }
        Event::Mulliganed { .. } => {
            p.deck_count += p.hand_count;
            p.hand_count = 0;
            if let Some(hand) = &mut p.hand {
                hand.clear();
            }
        }
        Event::Paid { pool, .. } | Event::Pool { pool, .. } | Event::Gained { pool, .. } => {
            p.pool = *pool;
        }
        Event::Scrapped { card, .. } => p.scrapyard.push(*card),
        // Every other event is not about one side alone: `fold_event` folds it.
        _ => {}
    }
}

/// An event about the card on one tile (its host, HP, Shield, stats), folded into its view.
fn fold_piece(p: &mut PieceView, event: &Event) {
    match event {
        Event::Mounted { host, .. } => p.host = *host,
        Event::Damaged { shield, hp, .. } => {
            p.shield = p.shield.saturating_sub(*shield);
            p.hp.0 = p.hp.0.saturating_sub(*hp);
        }
        Event::Healed { hp, .. } => p.hp.0 = p.hp.0.saturating_add(*hp),
        Event::Shielded { points, .. } => p.shield = p.shield.saturating_add(*points),
        Event::ShieldReset { points, .. } => p.shield = *points,
        Event::Stats {
            hp,
            dmg,
            def,
            movement,
            keywords,
            ..
        } => {
            p.hp = *hp;
            p.dmg = *dmg;
            p.def = *def;
            p.movement = *movement;
            p.keywords.clone_from(keywords);
        }
        // Every other event is not about one card's values: `fold_event` folds it.
        _ => {}
    }
}

/// The card on `from` attacks `target`: it has attacked (unless it strikes first) and its
/// frame goes on the stack. False if no card is seen on `from`.
fn attack_declared(seen: &mut Observation, from: Tile, target: Tile, first_strike: bool) -> bool {
    let Some(p) = piece(seen, from) else {
        return false;
    };
    if !first_strike {
        p.attacked = true;
    }
    let seat = p.owner;
    seen.stack.push(FrameView::Attack {
        seat,
        from,
        target,
        first_strike,
    });
    true
}

#[cfg(test)]
mod tests {
    use crate::Stat;
    use crate::effect::Duration;
    use crate::event::Event;
    use crate::grid::{P1, P2};
    use crate::rules::network::ResourceType::{Life, Signal};
    use crate::test_support::{fixture, t};

    /// Issue 20, "Logs that let anyone audit a game": an effect's stat change is logged with
    /// the stat, the amount and how long it lasts, and the card's values follow at the end of
    /// the step. Spore Cloud (life.toml): 1 damage and −1 DEF until the end of the turn to
    /// every enemy card in the lane; the Volt Skirmisher (energy.toml) has 3 HP and DEF 1, so
    /// it shows 2 of 3 HP and DEF 0.
    #[test]
    fn a_stat_change_logs_which_stat_by_how_much_and_the_values_after() {
        let mut g = fixture("verdant-choir", "arc-foundry");
        g.put(P2, "volt-skirmisher", "P2:A4")
            .give(P1, "spore-cloud")
            .fund(P1, Life, 3);
        g.act("play spore-cloud lane 4");
        let events = g.act("pass");
        let tile = t("P2:A4");
        assert!(
            events.contains(&Event::Modified {
                tile,
                stat: Stat::Def,
                by: -1,
                until: Duration::EndOfTurn,
            }),
            "{events:?}"
        );
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::Stats { tile: x, hp: (2, 3), def: 0, dmg: 1, movement: 2, .. } if *x == tile
            )),
            "{events:?}"
        );
    }

    /// Issue 20: the draws a `draw` effect owes are logged when they are owed (Data Harvest,
    /// signal.toml: draw 2), before the chance steps that make them.
    #[test]
    fn draws_owed_by_a_draw_effect_are_logged() {
        let mut g = fixture("mind-lattice", "arc-foundry");
        g.give(P1, "data-harvest").fund(P1, Signal, 2);
        g.act("play data-harvest");
        let events = g.act("pass");
        assert!(
            events.contains(&Event::DrawsOwed { seat: P1, cards: 2 }),
            "{events:?}"
        );
        assert_eq!(g.owed(P1), 2);
    }
}
