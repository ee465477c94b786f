//! The turn: Generate, Orders (movement), Build, Combat, Cleanup, Draw 2; draws and deck-out;
//! the turn limit (decisions, "Setup and turn"; rules 52–56 of `docs/rules/starcore.md`).

use crate::action::{Action, CardId};
use crate::config::DRAW_PER_TURN;
use crate::effect::{Duration, Trigger};
use crate::event::{EndReason, Event, TurnStep};
use crate::grid::{Tile, TileSet};
use crate::rules::movement::{RegionChange, reachable};
use crate::rules::network::Resources;
use crate::rules::pool::Pool;
use crate::state::{Phase, SEATS, Starcore, no_draws};
use crate::{Keyword, Stat};
use gridwright_engine::{Events, Seat};

impl Starcore {
    /// The cards `seat` may draw now, weighted by copies left in the deck.
    pub(crate) fn draw_outcomes(&self, seat: Seat, out: &mut Vec<(Action, u32)>) {
        let deck = &self.players[seat].deck;
        let mut i = 0;
        while i < deck.len() {
            let card = deck[i];
            let n = deck[i..].iter().take_while(|c| **c == card).count();
            out.push((Action::Draw(seat, card), n as u32));
            i += n;
        }
    }

    /// `seat` draws `card` from its deck.
    pub(crate) fn draw(&mut self, seat: Seat, card: CardId, ev: &mut Events<Event>) {
        let p = &mut self.players[seat];
        if let Ok(i) = p.deck.binary_search(&card) {
            p.deck.remove(i);
            let at = p.hand.partition_point(|c| *c <= card);
            p.hand.insert(at, card);
            if let Some(owed) = self.phase.owed_mut() {
                owed[seat] = owed[seat].saturating_sub(1);
            }
            ev.emit(|| Event::Drew {
                seat,
                card: Some(card),
            });
        }
    }

    /// Runs what happens by itself after every step: a player owing a draw from an empty deck
    /// loses; the end-of-turn draws made, the next turn begins (or the turn limit ends the
    /// game).
    pub(crate) fn settle(&mut self, ev: &mut Events<Event>) {
        if self.is_over() {
            return;
        }
        if let Some(seat) = self.owed_seat() {
            if self.players[seat].deck.is_empty() {
                self.game_over(Some(seat.next(SEATS)), EndReason::DeckOut, ev);
            }
            return;
        }
        if matches!(self.phase, Phase::Drawing { .. }) {
            if self.turn >= self.rules.options.turn_limit {
                self.game_over(None, EndReason::TurnLimit, ev);
            } else {
                self.begin_turn(self.active.next(SEATS), ev);
            }
        }
    }

    /// `seat`'s turn begins: Generate (the pool becomes its cards' output; Shield points are
    /// restored; start-of-turn abilities run), then Orders.
    pub(crate) fn begin_turn(&mut self, seat: Seat, ev: &mut Events<Event>) {
        self.turn += 1;
        self.active = seat;
        let rules = std::sync::Arc::clone(&self.rules);
        let mine: TileSet = self.tiles_of(seat).collect();
        let generated = Pool::generate(
            mine.iter()
                .filter_map(|t| self.board.get(t).map(|p| (t, p)))
                .map(|(t, p)| (t, p, rules.card(p.card).output())),
        );
        let pool = generated.available(&self.board);
        for t in mine.iter() {
            let shield = self.shield_keyword(t);
            if let Some(p) = self.board.get_mut(t) {
                p.moved = false;
                p.attacked = false;
                p.activated = 0;
                if p.shield < shield {
                    p.shield = shield;
                    ev.emit(|| Event::ShieldReset {
                        tile: t,
                        points: shield,
                    });
                }
            }
        }
        let p = &mut self.players[seat];
        p.pool = generated;
        p.placed = 0;
        p.cores_placed = 0;
        p.turns += 1;
        let turn = self.turn;
        ev.emit(|| Event::TurnBegan { seat, turn, pool });
        self.phase = Phase::Turn {
            step: TurnStep::Orders,
            stack: Vec::new(),
            rolling: None,
            owed: no_draws(),
        };
        ev.emit(|| Event::StepBegan {
            step: TurnStep::Orders,
        });
        for t in mine.iter() {
            self.trigger(t, &Trigger::StartOfTurn, ev);
        }
        self.check_deaths(ev);
    }

    /// The active player ends the step (the stack is empty): Orders → Build → Combat →
    /// Cleanup and the draw.
    pub(crate) fn next_step(&mut self, ev: &mut Events<Event>) {
        let Phase::Turn { step, .. } = &mut self.phase else {
            return;
        };
        let next = match step {
            TurnStep::Orders => TurnStep::Build,
            TurnStep::Build => TurnStep::Combat,
            TurnStep::Combat => {
                self.end_turn(ev);
                return;
            }
        };
        *step = next;
        ev.emit(|| Event::StepBegan { step: next });
    }

    /// Cleanup: end-of-turn abilities, Heal, changes "until end of turn" end, Shield points
    /// above a card's Shield keyword go; the opponent's unspent resources expire (rule 53);
    /// then the active player owes its draw.
    fn end_turn(&mut self, ev: &mut Events<Event>) {
        let seat = self.active;
        let mine: TileSet = self.tiles_of(seat).collect();
        for t in mine.iter() {
            self.trigger(t, &Trigger::EndOfTurn, ev);
        }
        for t in mine.iter() {
            if let Some(n) = self.keyword_number(t, |k| match k {
                Keyword::Heal(n) => Some(n),
                _ => None,
            }) && self.board.get(t).is_some()
            {
                for adj in t.neighbours().iter() {
                    if self.board.get(adj).is_some_and(|q| q.owner == seat) {
                        self.heal(adj, n, ev);
                    }
                }
            }
        }
        if self.is_over() {
            return;
        }
        for t in self.board.occupied().iter() {
            let shield = self.shield_keyword(t);
            if let Some(p) = self.board.get_mut(t) {
                p.temp = [0; 4];
                for g in &mut p.granted {
                    if matches!(g, Some((_, Duration::EndOfTurn))) {
                        *g = None;
                    }
                }
                if p.shield > shield {
                    p.shield = shield;
                    ev.emit(|| Event::ShieldReset {
                        tile: t,
                        points: shield,
                    });
                }
            }
        }
        self.refresh_board(ev);
        self.check_deaths(ev);
        if self.is_over() {
            return;
        }
        let other = seat.next(SEATS);
        if !self.pool(other).is_empty() {
            ev.emit(|| Event::Pool {
                seat: other,
                pool: Resources::NONE,
            });
        }
        self.players[other].pool = Pool::default();
        ev.emit(|| Event::TurnEnded { seat });
        let mut owed = self.phase.owed().copied().unwrap_or_else(no_draws);
        owed[seat] += DRAW_PER_TURN;
        ev.emit(|| Event::DrawsOwed {
            seat,
            cards: DRAW_PER_TURN,
        });
        self.phase = Phase::Drawing { owed };
    }

    /// The tiles of `seat`'s cards.
    pub(crate) fn tiles_of(&self, seat: Seat) -> impl Iterator<Item = Tile> + '_ {
        self.board
            .iter()
            .filter(move |(_, p)| p.owner == seat)
            .map(|(t, _)| t)
    }

    /// Orders: each of `seat`'s Units and its Commander that has not moved may move up to its
    /// Movement through empty tiles (rule 10).
    pub(crate) fn legal_moves(&self, seat: Seat, out: &mut Vec<Action>) {
        let occupied = self.board.occupied();
        for (from, p) in self.board.iter() {
            if p.owner != seat || p.moved {
                continue;
            }
            // Structures never move; Modules and Resources only when their own card gives
            // them Movement (a Module serving a Resource does not make it mobile; rules 38, 44).
            let card = self.rules.card(p.card);
            let printed = card.stats().movement > 0;
            if !matches!(
                card.kind(),
                crate::Kind::Module { .. } | crate::Kind::Resource(_) if printed
            ) && !matches!(
                card.kind(),
                crate::Kind::Commander(_)
                    | crate::Kind::Unit {
                        unit_type: crate::UnitType::Infantry
                            | crate::UnitType::Vehicle
                            | crate::UnitType::Spaceship
                            | crate::UnitType::Construct,
                        ..
                    }
            ) {
                continue;
            }
            let m = self.stat(from, Stat::Movement);
            if m == 0 {
                continue;
            }
            for to in reachable(from, seat, m, occupied).iter() {
                out.push(Action::Move { from, to });
            }
        }
    }

    /// Moves the card on `from` to `to`; links break and re-form, Modules stay (rules 21, 38);
    /// zone and sector entries trigger (rule 55).
    pub(crate) fn move_card(&mut self, from: Tile, to: Tile, ev: &mut Events<Event>) {
        if self.board.get(from).is_none() || self.board.get(to).is_some() {
            return;
        }
        let via = crate::rules::movement::via(from, to, self.board.occupied());
        let served = self.mounts.unmount(from);
        self.board.relocate(from, to);
        if let Some(p) = self.board.get_mut(to) {
            p.moved = true;
            let (owner, uid) = (p.owner, p.uid);
            self.players[owner].pool.moved(uid, to);
        }
        ev.emit(|| Event::Moved { from, via, to });
        if served {
            ev.emit(|| Event::Mounted {
                module: to,
                host: None,
            });
        }
        self.refresh_board(ev);
        let change = RegionChange::of_step(from, to);
        if change.zone.is_some() {
            self.trigger(to, &Trigger::OnEnterZone, ev);
        }
        if change.sector.is_some() {
            self.trigger(to, &Trigger::OnEnterSector, ev);
        }
        self.check_deaths(ev);
    }
}

#[cfg(test)]
mod tests {
    use crate::event::{EndReason, TurnStep};
    use crate::grid::{P1, P2};
    use crate::rules::network::ResourceType::{Life, Matter};
    use crate::state::{Phase, Starcore, no_draws};
    use crate::test_support::{fixture, t};
    use gridwright_engine::{Game, Turn};

    fn game() -> Starcore {
        let mut g = fixture("iron-vanguard", "verdant-choir");
        g.put(P1, "forgemarshal-vey", "P1:C4")
            .put(P2, "warden-ilse", "P2:C4");
        g
    }

    #[test]
    fn steps_run_orders_build_combat_then_cleanup_and_a_draw_of_two() {
        let mut g = game();
        g.put(P2, "bloom-cell", "P2:C1");
        g.act("pass");
        assert_eq!(
            g.phase,
            Phase::Turn {
                step: TurnStep::Build,
                stack: vec![],
                rolling: None,
                owed: no_draws(),
            }
        );
        g.act("pass");
        g.act("pass");
        assert!(matches!(g.phase, Phase::Drawing { owed } if owed[P1] == 2));
        assert_eq!(g.turn(), Turn::Chance);
        assert_eq!(g.owed(P1), 2);
        g.draw_owed();
        assert_eq!(g.hand(P1).len(), 2);
        assert_eq!(g.active, P2);
        assert_eq!(g.pool(P2).get(Life), 2, "Generate: the Bloom Cell's output");
    }

    #[test]
    fn drawing_from_an_empty_deck_loses() {
        let mut g = game();
        g.players[P1].deck.clear();
        for _ in 0..3 {
            g.act("pass");
        }
        assert_eq!(
            g.phase,
            Phase::Over {
                winner: Some(P2),
                reason: EndReason::DeckOut
            }
        );
        assert_eq!(
            g.end_reason(),
            Some("deck out: a player had to draw from an empty deck")
        );
    }

    #[test]
    fn the_turn_limit_ends_the_game_in_a_draw() {
        let mut g = game();
        g.turn = g.rules.options.turn_limit;
        for _ in 0..3 {
            g.act("pass");
        }
        g.draw_owed();
        assert_eq!(
            g.phase,
            Phase::Over {
                winner: None,
                reason: EndReason::TurnLimit
            }
        );
        assert_eq!(g.returns()[P1], 0.0);
        assert_eq!(g.end_reason(), Some("turn limit reached"));
    }

    #[test]
    fn unspent_resources_last_through_the_opponents_turn_for_responses() {
        let mut g = game();
        g.fund(P1, Matter, 3).fund(P2, Life, 2);
        for _ in 0..3 {
            g.act("pass");
        }
        assert_eq!(
            g.pool(P2).get(Life),
            0,
            "P2's leftovers expire at P1's Cleanup"
        );
        assert_eq!(g.pool(P1).get(Matter), 3, "P1 keeps its own for responses");
        g.draw_owed();
        assert_eq!(g.pool(P1).get(Matter), 3);
    }

    #[test]
    fn orders_move_a_card_once_through_empty_tiles() {
        let mut g = game();
        g.put(P1, "rivet-trooper", "P1:B2");
        assert!(g.can(P1, "move P1:B2 P1:A2"));
        assert!(!g.can(P1, "move P1:B2 P1:A4"), "Movement 1");
        g.act("move P1:B2 P1:A2");
        assert!(
            !g.legal_texts(P1)
                .iter()
                .any(|a| a.starts_with("move P1:A2"))
        );
        assert!(g.card_at(t("P1:A2")).is_some());
    }

    #[test]
    fn a_commander_at_zero_hp_loses_the_game() {
        let mut g = game();
        g.goto_step(TurnStep::Combat);
        if let Some(p) = g.board.get_mut(t("P2:C4")) {
            p.damage = 29;
        }
        g.put(P1, "mortar-crawler", "P1:B4");
        g.act("attack P1:B4 P2:C4");
        g.act("pass");
        g.act("roll 6+7");
        assert_eq!(
            g.phase,
            Phase::Over {
                winner: Some(P1),
                reason: EndReason::Commander
            }
        );
        assert_eq!(g.returns()[P1], 1.0);
        assert_eq!(g.turn(), Turn::Terminal);
    }

    /// The Grid seed's resource pool example at the game level: three cores linked into one
    /// network with a Unit, plus a lone core elsewhere, all feed the pool at Generate (rule
    /// 26: deployments are paid from the pooled total).
    #[test]
    fn generate_pools_the_output_of_every_core_on_the_board() {
        let mut g = game();
        g.put(P2, "bloom-cell", "P2:C1") // 2
            .put(P2, "seed-vault", "P2:C2") // 3, links top and left: to the cell and the Unit
            .put(P2, "thorn-sentinel", "P2:B2")
            .put(P2, "seed-vault", "P2:C7") // 3, alone
            .put(P2, "canopy-tower", "P2:B7"); // a Structure: 1
        for _ in 0..3 {
            g.act("pass");
        }
        g.draw_owed();
        assert_eq!(g.active, P2);
        assert_eq!(g.pool(P2).get(Life), 2 + 3 + 3 + 1);
    }
}
