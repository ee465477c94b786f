//! Build: deploying cards from hand. A card enters an empty tile of its owner's grid (a Unit
//! only on its listed rows; a Module only beside a host it can attach to, naming it), paid from
//! the pool; a player's first turn places at most 2 cards, later turns at most 2 Resources (or 2
//! cards of any kind under the `deploy_cap = "any"` variant). A deployment goes on the response
//! stack and the card enters when it resolves (decisions, "Setup and turn"; rules 34, 59, 66 of
//! `docs/rules/starcore.md`).

use crate::Keyword;
use crate::action::{Action, CardId};
use crate::card::Kind;
use crate::config::DeployCap;
use crate::effect::Trigger;
use crate::event::Event;
use crate::grid::Tile;
use crate::rules::links::{Face, LinkCard};
use crate::state::{Frame, Phase, Starcore};
use gridwright_engine::{Events, Seat};

/// Cards placed on a player's first turn, and Resources (or cards) on later turns.
pub const DEPLOY_LIMIT: u8 = 2;

impl Starcore {
    /// Whether `seat` may place one more card of `card` this turn, cap and cost alike.
    pub(crate) fn may_place(&self, seat: Seat, card: CardId) -> bool {
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
        capped && p.pool.covers(c.cost())
    }

    /// The hosts a Module `lc` on `tile` could attach to, as the Module's faces towards them.
    pub(crate) fn host_faces(&self, seat: Seat, tile: Tile, lc: LinkCard) -> Vec<Face> {
        let mut links = self.links.clone();
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
        for (i, &card) in hand.iter().enumerate() {
            if i > 0 && hand[i - 1] == card {
                continue;
            }
            let c = self.rules.card(card);
            if matches!(c.kind(), Kind::Action | Kind::Commander(_)) || !self.may_place(seat, card)
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
    pub(crate) fn declare_deploy(
        &mut self,
        seat: Seat,
        card: CardId,
        tile: Tile,
        host: Option<Face>,
        ev: &mut Events<Event>,
    ) {
        let c = self.rules.card(card);
        let (cost, core) = (c.cost(), matches!(c.kind(), Kind::Resource(_)));
        let p = &mut self.players[seat];
        let Ok(i) = p.hand.binary_search(&card) else {
            return;
        };
        p.hand.remove(i);
        p.pool = p.pool.checked_sub(cost).unwrap_or_default();
        p.placed += 1;
        if core {
            p.cores_placed += 1;
        }
        ev.emit(|| Event::DeployDeclared { seat, card, tile });
        if let Phase::Turn { stack, .. } = &mut self.phase {
            stack.push(Frame::Deploy {
                seat,
                card,
                tile,
                host,
            });
        }
    }

    /// A deployment resolves: the card enters if its tile is still empty (and a Module's host
    /// still takes it), else it fizzles to the Scrapyard. Entering runs `on_enter` abilities and
    /// Salvage.
    pub(crate) fn resolve_deploy(
        &mut self,
        seat: Seat,
        card: CardId,
        tile: Tile,
        host: Option<Face>,
        ev: &mut Events<Event>,
    ) {
        let c = self.rules.card(card);
        let lc = c.link_card(seat);
        let ok = self.board.get(tile).is_none()
            && match (host, lc) {
                (Some(face), Some(lc)) => self.host_faces(seat, tile, lc).contains(&face),
                (None, Some(_)) => !self.is_module(card),
                _ => false,
            };
        if !ok {
            self.players[seat].scrap.push(card);
            ev.emit(|| Event::Fizzled { seat, card });
            return;
        }
        let salvage = c.keywords().contains(&Keyword::Salvage);
        self.put_on_board(seat, card, tile);
        if let (Some(face), Some(lc)) = (host, lc) {
            // Placed through the module rules so the named host is recorded.
            self.links.remove(tile);
            let host_tile = tile.step(seat, face.step());
            if let Some(h) = host_tile {
                let _ = self.mounts.place(&mut self.links, tile, lc, h);
            }
        }
        ev.emit(|| Event::Entered { seat, card, tile });
        self.refresh_board(ev);
        if salvage {
            self.salvage(seat, ev);
        }
        self.trigger(tile, &Trigger::OnEnter, ev);
        self.check_deaths(ev);
    }
}
