//! Activated abilities: the active player, with the stack empty, in any step of its turn, may
//! run each `activated` ability of its cards on the board once a turn, paying its cost (rule 67
//! of `docs/rules/starcore.md`). The cost is paid from the player's pool, and under the default
//! `pooling = "network"` from what the card's own network has left this window (rule 71); under
//! `pooling = "global"` what the player has left decides (decisions, "Links, networks and
//! resources"). An activation resolves at once: it opens no response window.

use crate::action::{Action, Aim};
use crate::effect::{Ability, Target, Trigger};
use crate::event::Event;
use crate::grid::Tile;
use crate::rules::network::{Networks, Pooling, Resources};
use crate::rules::targeting::Width;
use crate::state::{Phase, Starcore};
use gridwright_engine::{Events, Seat};

/// The most abilities a card may list that the action index can name.
pub const MAX_ABILITIES: usize = 8;

impl Starcore {
    /// What the card on `tile` may spend on its own abilities now: what its network's Cores
    /// generated this window and abilities have not drawn yet (never more than the player has
    /// left in all), or the whole pool under global pooling.
    /// `networks` are the links' networks now, computed by the caller once for all its cards.
    fn ability_budget(&self, seat: Seat, tile: Tile, networks: &Networks) -> Resources {
        let pool = &self.players[seat].pool;
        match self.rules.options.pooling {
            Pooling::Global => pool.available(&self.board),
            Pooling::Network => pool.left_in_network(&self.board, networks, tile),
        }
    }

    /// The aims the ability of the card on `tile` may take (anchored at the card's own lane).
    fn activation_aims(&self, seat: Seat, tile: Tile, ability: &Ability, out: &mut Vec<Aim>) {
        match ability.target {
            Target::Chosen { side, area } => out.extend(
                self.board
                    .iter()
                    .map(|(t, _)| t)
                    .filter(|t| {
                        area.contains(*t, tile.lane())
                            && self.choosable(seat, side, area, &ability.conditions, *t)
                    })
                    .map(Aim::Tile),
            ),
            Target::Area { area, .. } if matches!(area.width, Width::Lane(_)) => {
                out.push(Aim::Lane(tile.lane()));
            }
            _ => out.push(Aim::None),
        }
    }

    /// Every activation `seat` may make now.
    pub(crate) fn legal_activations(&self, seat: Seat, out: &mut Vec<Action>) {
        let Phase::Turn {
            stack,
            rolling: None,
            ..
        } = &self.phase
        else {
            return;
        };
        if seat != self.active || !stack.is_empty() {
            return;
        }
        let mut aims = Vec::new();
        // What the player has left bounds every network's budget: an ability it does not
        // cover needs no networks computed.
        let available = self.pool(seat);
        let mut networks = None;
        for (tile, p) in self.board.iter() {
            if p.owner != seat {
                continue;
            }
            let card = self.rules.card(p.card);
            for (i, a) in card.abilities().iter().enumerate().take(MAX_ABILITIES) {
                let Trigger::Activated(cost) = &a.trigger else {
                    continue;
                };
                if p.activated & (1 << i) != 0 || !available.covers(cost.resources()) {
                    continue;
                }
                let networks =
                    networks.get_or_insert_with(|| Networks::compute(self.board.links()));
                if !self
                    .ability_budget(seat, tile, networks)
                    .covers(cost.resources())
                {
                    continue;
                }
                aims.clear();
                self.activation_aims(seat, tile, a, &mut aims);
                out.extend(aims.iter().map(|&aim| Action::Activate {
                    tile,
                    ability: i as u8,
                    aim,
                }));
            }
        }
    }

    /// Runs ability `i` of the card on `tile`, paying its cost.
    pub(crate) fn activate(&mut self, tile: Tile, i: u8, aim: Aim, ev: &mut Events<Event>) {
        let Some(src) = self.source_at(tile) else {
            return;
        };
        let rules = std::sync::Arc::clone(&self.rules);
        let Some(ability) = rules.card(src.card).abilities().get(usize::from(i)) else {
            return;
        };
        let Trigger::Activated(cost) = &ability.trigger else {
            return;
        };
        let cost = cost.resources();
        let networks = Networks::compute(self.board.links());
        self.players[src.seat]
            .pool
            .pay_from_network(&self.board, &networks, tile, cost);
        if let Some(piece) = self.board.get_mut(tile) {
            piece.activated |= 1 << i;
        }
        let pool = self.pool(src.seat);
        ev.emit(|| Event::Paid {
            seat: src.seat,
            cost,
            pool,
        });
        ev.emit(|| Event::Activated {
            tile,
            card: src.card,
            ability: i,
        });
        self.run_ability(src, ability, aim, ev);
    }
}

#[cfg(test)]
mod tests {
    use crate::event::TurnStep;
    use crate::grid::{P1, P2};
    use crate::rules::network::Pooling;
    use crate::rules::network::ResourceType::Life;
    use crate::test_support::{fixture, t};

    #[test]
    fn an_activated_ability_runs_once_a_turn_paid_from_its_network() {
        let mut g = fixture("verdant-choir", "iron-vanguard");
        g.put(P1, "canopy-tower", "P1:B4")
            .put(P1, "thorn-sentinel", "P1:A4")
            .put(P2, "rivet-trooper", "P2:A4");
        g.pass_round();
        g.goto_step(TurnStep::Build);
        if let Some(p) = g.board.get_mut(t("P1:A4")) {
            p.damage = 3;
        }
        g.fund(P1, Life, 5);
        // The tower's network produced 1 Life (its own output): not enough for a cost of 2,
        // and resources gained elsewhere never pay a network's ability.
        assert!(!g.legal_texts(P1).iter().any(|a| a.starts_with("activate")));
        g.put(P1, "bloom-cell", "P1:C4"); // links to the tower's bottom
        assert!(
            !g.can(P1, "activate P1:B4 1"),
            "a Core placed this turn has generated nothing yet"
        );
        g.pass_round();
        g.goto_step(TurnStep::Build);
        if let Some(p) = g.board.get_mut(t("P1:A4")) {
            p.damage = 3;
        }
        assert!(g.can(P1, "activate P1:B4 1"), "1 + 2 = 3 Life");
        let events = g.act("activate P1:B4 1");
        // The log names the ability in words, not by its position in the card's list.
        let said: Vec<String> = events
            .iter()
            .filter(|e| matches!(e, crate::Event::Activated { .. }))
            .map(|e| crate::text::event_text(&g.rules, e))
            .collect();
        assert_eq!(
            said,
            [
                "Canopy Tower on P1:B4 uses its ability (Once a turn, pay 2 Life: every friendly card beside it — restore up to 2 HP)"
            ]
        );
        assert_eq!(g.hp_of("P1:A4"), 4, "healed 2");
        assert_eq!(g.pool(P1).get(Life), 1, "3 − 2");
        assert!(!g.can(P1, "activate P1:B4 1"), "once a turn");
    }

    #[test]
    fn global_pooling_pays_abilities_from_the_whole_pool() {
        let mut g = fixture("verdant-choir", "iron-vanguard");
        std::sync::Arc::make_mut(&mut g.rules).options.pooling = Pooling::Global;
        g.put(P1, "canopy-tower", "P1:B4")
            .put(P1, "thorn-sentinel", "P1:A4");
        g.fund(P1, Life, 2);
        assert!(g.can(P1, "activate P1:B4 1"));
    }
}
