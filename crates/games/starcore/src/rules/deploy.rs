//! Build: deploying cards from hand. A card enters an empty tile of its owner's grid (a Unit
//! only on its listed rows; a Module only beside a host it can attach to, naming it), paid from
//! the pool; a player's first turn places at most 2 cards, later turns at most 2 Resources (or 2
//! cards of any kind under the `deploy_cap = "any"` variant). A deployment goes on the response
//! stack and the card enters when it resolves (decisions, "Setup and turn"; rules 34 and 54 of
//! `docs/rules/starcore.md`).

use crate::Keyword;
use crate::action::{Action, CardId};
use crate::card::Kind;
use crate::config::DeployCap;
use crate::effect::Trigger;
use crate::event::Event;
use crate::grid::Tile;
use crate::rules::links::{Face, LinkCard};
use crate::state::{Deployment, Frame, Phase, Starcore};
use gridwright_engine::{Events, Seat};

/// Cards placed on a player's first turn, and Resources (or cards) on later turns.
pub const DEPLOY_LIMIT: u8 = 2;

impl Starcore {
    /// Whether `seat` may place one more card of `card` this turn, cap and cost alike.
    /// `pool` is what `seat` may spend now.
    pub(crate) fn may_place(&self, seat: Seat, card: CardId, pool: crate::Resources) -> bool {
        let p = &self.players[seat];
        let c = self.rules.card(card);
        let core = matches!(c.kind(), Kind::Resource(_));
        let capped = if p.turns <= 1 {
            p.placed < DEPLOY_LIMIT
        } else {
            match self.rules.options.deploy_cap {
                DeployCap::Resources => !core || p.cores_placed < DEPLOY_LIMIT,
                DeployCap::Any => p.placed < DEPLOY_LIMIT,
            }
        };
        capped && pool.covers(c.cost())
    }

    /// The hosts a Module `lc` on `tile` could attach to, as the Module's faces towards them.
    pub(crate) fn host_faces(&self, seat: Seat, tile: Tile, lc: LinkCard) -> Vec<Face> {
        // A host is a card beside the tile: with none, there is nothing to look at.
        if tile
            .neighbours()
            .intersection(self.board.links().occupied())
            .is_empty()
        {
            return Vec::new();
        }
        let mut links = self.board.links().clone();
        links.insert(tile, lc);
        self.mounts
            .candidates(&links, tile)
            .iter()
            .filter_map(|h| Face::between(seat, tile, h))
            .collect()
    }

    /// Every deployment `seat` may declare now.
    pub(crate) fn legal_deploys(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = &self.players[seat].hand;
        let pool = self.pool(seat);
        for (i, &card) in hand.iter().enumerate() {
            if i > 0 && hand[i - 1] == card {
                continue;
            }
            let c = self.rules.card(card);
            if matches!(c.kind(), Kind::Action | Kind::Commander(_))
                || !self.may_place(seat, card, pool)
            {
                continue;
            }
            let Some(lc) = c.link_card(seat) else {
                continue;
            };
            for tile in Tile::on_grid(seat) {
                if self.board.get(tile).is_some() {
                    continue;
                }
                match c.kind() {
                    Kind::Unit { rows, .. } if !rows.is_empty() && !rows.contains(&tile.row()) => {}
                    Kind::Module { .. } => {
                        for face in self.host_faces(seat, tile, lc) {
                            out.push(Action::Deploy {
                                card,
                                tile,
                                host: Some(face),
                            });
                        }
                    }
                    _ => out.push(Action::Deploy {
                        card,
                        tile,
                        host: None,
                    }),
                }
            }
        }
    }

    /// Declares a deployment: the card leaves the hand, its cost is paid, it counts against the
    /// cap, and it waits on the stack for responses.
    pub(crate) fn declare_deploy(&mut self, d: Deployment, ev: &mut Events<Event>) {
        let Deployment {
            seat, card, tile, ..
        } = d;
        let c = self.rules.card(card);
        let (cost, core) = (c.cost(), matches!(c.kind(), Kind::Resource(_)));
        let p = &mut self.players[seat];
        let Ok(i) = p.hand.binary_search(&card) else {
            return;
        };
        p.hand.remove(i);
        p.pool.pay(cost);
        p.placed += 1;
        if core {
            p.cores_placed += 1;
        }
        let pool = self.pool(seat);
        ev.emit(|| Event::Paid { seat, cost, pool });
        ev.emit(|| Event::DeployDeclared { seat, card, tile });
        if let Phase::Turn { stack, .. } = &mut self.phase {
            stack.push(Frame::Deploy(d));
        }
    }

    /// A deployment resolves: the card enters if its tile is still empty (and a Module's host
    /// still takes it), else it fizzles to the Scrapyard. Entering runs `on_enter` abilities and
    /// Salvage.
    pub(crate) fn resolve_deploy(&mut self, d: Deployment, ev: &mut Events<Event>) {
        let Deployment {
            seat,
            card,
            tile,
            host,
        } = d;
        let c = self.rules.card(card);
        let lc = c.link_card(seat);
        let ok = self.board.get(tile).is_none()
            && match (host, lc) {
                (Some(face), Some(lc)) => self.host_faces(seat, tile, lc).contains(&face),
                (None, Some(_)) => !self.is_module(card),
                _ => false,
            };
        if !ok {
            ev.emit(|| Event::Fizzled { seat, card });
            self.scrap_from_stack(seat, card, ev);
            return;
        }
        let salvage = c.keywords().contains(&Keyword::Salvage);
        self.put_on_board(seat, card, tile);
        if let (Some(face), Some(lc)) = (host, lc) {
            // Placed through the module rules so the named host is recorded.
            let host = tile.step(seat, face.step());
            self.board.mount(&mut self.mounts, tile, lc, host);
        }
        ev.emit(|| Event::Entered { seat, card, tile });
        if let Some(h) = self.mounts.host_of(self.board.links(), tile) {
            ev.emit(|| Event::Mounted {
                module: tile,
                host: Some(h),
            });
        }
        self.refresh_board(ev);
        if salvage {
            self.salvage(seat, ev);
        }
        self.trigger(tile, &Trigger::OnEnter, ev);
        self.check_deaths(ev);
    }
}

#[cfg(test)]
mod tests {
    use crate::Stat;
    use crate::config::DeployCap;
    use crate::event::TurnStep;
    use crate::grid::{P1, P2};
    use crate::rules::network::ResourceType::Matter;
    use crate::test_support::{fixture, t};

    fn build() -> crate::Starcore {
        let mut g = fixture("iron-vanguard", "verdant-choir");
        g.goto_step(TurnStep::Build);
        g
    }

    #[test]
    fn first_turn_places_at_most_two_cards() {
        let mut g = build();
        g.players[P1].turns = 1;
        g.give(P1, "slag-cell")
            .give(P1, "slag-cell")
            .give(P1, "slag-cell");
        g.act("deploy slag-cell P1:C1");
        g.act("pass");
        g.act("deploy slag-cell P1:C2");
        g.act("pass");
        assert!(!g.legal_texts(P1).iter().any(|a| a.starts_with("deploy")));
    }

    #[test]
    fn later_turns_place_at_most_two_resources_and_any_other_cards() {
        let mut g = build();
        g.fund(P1, Matter, 20);
        for _ in 0..3 {
            g.give(P1, "slag-cell").give(P1, "rivet-trooper");
        }
        for tile in ["P1:C1", "P1:C2"] {
            g.act(&format!("deploy slag-cell {tile}"));
            g.act("pass");
        }
        assert!(!g.can(P1, "deploy slag-cell P1:C3"));
        for tile in ["P1:A1", "P1:A2", "P1:A3"] {
            g.act(&format!("deploy rivet-trooper {tile}"));
            g.act("pass");
        }
        assert_eq!(g.players[P1].placed, 5);
    }

    #[test]
    fn deploy_cap_any_variant_caps_every_kind() {
        let mut g = build();
        std::sync::Arc::make_mut(&mut g.rules).options.deploy_cap = DeployCap::Any;
        g.fund(P1, Matter, 20);
        for _ in 0..3 {
            g.give(P1, "rivet-trooper");
        }
        for tile in ["P1:A1", "P1:A2"] {
            g.act(&format!("deploy rivet-trooper {tile}"));
            g.act("pass");
        }
        assert!(!g.can(P1, "deploy rivet-trooper P1:A3"));
    }

    #[test]
    fn deploying_pays_the_cost_and_waits_on_the_stack() {
        let mut g = build();
        g.fund(P1, Matter, 3).give(P1, "rivet-trooper");
        g.act("deploy rivet-trooper P1:A4");
        assert_eq!(g.pool(P1).get(Matter), 1);
        assert!(
            g.card_at(t("P1:A4")).is_none(),
            "on the stack, not yet on the board"
        );
        assert_eq!(g.responder(), Some(P2));
        g.act("pass");
        assert_eq!(g.card_at(t("P1:A4")), Some(g.id("rivet-trooper")));
    }

    #[test]
    fn cards_cost_what_the_pool_holds() {
        let mut g = build();
        g.fund(P1, Matter, 1).give(P1, "rivet-trooper");
        assert!(!g.legal_texts(P1).iter().any(|a| a.starts_with("deploy")));
    }

    #[test]
    fn units_enter_only_on_their_rows_and_only_on_their_own_grid() {
        let mut g = build();
        g.fund(P1, Matter, 10).give(P1, "mortar-crawler");
        assert!(g.can(P1, "deploy mortar-crawler P1:B4"));
        assert!(
            !g.can(P1, "deploy mortar-crawler P1:A4"),
            "rows B and C only"
        );
        assert!(!g.legal_texts(P1).iter().any(|a| a.contains("P2:")));
    }

    #[test]
    fn a_module_needs_a_host_and_serves_it_once_it_enters() {
        let mut g = build();
        g.fund(P1, Matter, 10).give(P1, "plate-bolster");
        assert!(!g.legal_texts(P1).iter().any(|a| a.starts_with("deploy")));
        g.put(P1, "rivet-trooper", "P1:B4"); // links only on its bottom face
        let deploys: Vec<String> = g
            .legal_texts(P1)
            .into_iter()
            .filter(|a| a.starts_with("deploy"))
            .collect();
        assert_eq!(deploys, ["deploy plate-bolster P1:C4 host top"]);
        g.act("deploy plate-bolster P1:C4 host top");
        g.act("pass");
        assert_eq!(g.stat(t("P1:B4"), Stat::Hp), 7, "4 + the bolster's 3");
    }
}
