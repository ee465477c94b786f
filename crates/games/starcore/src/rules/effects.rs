//! The one interpreter of the effect vocabulary (`effect.rs`): an ability's conditions, its
//! target and its effects, for every card kind and trigger (rule 45 of
//! `docs/rules/starcore.md`; the keywords' meanings are rule 47). No card is a special case
//! here: a card the vocabulary cannot express would get a named hook in `hooks.rs` (none is
//! needed by the shipped pool).

use crate::action::{Aim, CardId};
use crate::card::Kind;
use crate::effect::{
    Ability, Condition, ConditionOn, Duration, Effect, Side, SourceCondition, Target,
    TargetCondition, Trigger,
};
use crate::event::Event;
use crate::grid::{Area, Lane, Tile, TileSet};
use crate::rules::links::{direct_link_bonus, linked_to};
use crate::rules::stats::{on_side, stat_index};
use crate::rules::targeting::TargetBox;
use crate::rules::zone_control::tiles_controlled;
use crate::state::{Frame, Phase, SEATS, Starcore};
use gridwright_engine::{Events, Seat};

/// The card whose ability runs: who owns it, which card, and where it stands (an Action, or a
/// card that just left the board, has no piece; `uid` is 0 then).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Source {
    pub seat: Seat,
    pub card: CardId,
    pub tile: Option<Tile>,
    pub uid: u16,
}

impl Starcore {
    /// The card on `tile` as a source of abilities.
    pub(crate) fn source_at(&self, tile: Tile) -> Option<Source> {
        self.board.get(tile).map(|p| Source {
            seat: p.owner,
            card: p.card,
            tile: Some(tile),
            uid: p.uid,
        })
    }

    /// Runs every ability of the card on `tile` with `trigger`.
    pub(crate) fn trigger(&mut self, tile: Tile, trigger: &Trigger, ev: &mut Events<Event>) {
        if let Some(src) = self.source_at(tile) {
            self.run_triggers(src, trigger, ev);
        }
    }

    /// Runs every ability of `src`'s card with `trigger`, in card order.
    pub(crate) fn run_triggers(&mut self, src: Source, trigger: &Trigger, ev: &mut Events<Event>) {
        let rules = std::sync::Arc::clone(&self.rules);
        for ability in rules.card(src.card).abilities() {
            if ability.trigger == *trigger {
                self.run_ability(src, ability, Aim::None, ev);
            }
        }
    }

    /// Whether the source's own conditions hold (those about "this card").
    fn source_conditions(&self, src: Source, conditions: &[Condition]) -> bool {
        conditions.iter().all(|c| match c.on() {
            ConditionOn::Target(_) => true, // checked per target
            ConditionOn::Source(c) => match c {
                SourceCondition::InZone(z) => src.tile.is_some_and(|t| t.zone() == z),
                SourceCondition::InSector(s) => src.tile.is_some_and(|t| t.sector() == s),
                SourceCondition::LinkedToResource => src
                    .tile
                    .is_some_and(|t| direct_link_bonus(self.board.links(), t, 1) > 0),
                SourceCondition::HoldsZoneTiles(n) => src.tile.is_some_and(|t| {
                    tiles_controlled(&self.board, src.seat, t.zone(), |p| p.owner) >= usize::from(n)
                }),
            },
        })
    }

    /// Whether the card on `tile` meets the conditions about the target.
    pub(crate) fn target_conditions(&self, tile: Tile, conditions: &[Condition]) -> bool {
        let Some(p) = self.board.get(tile) else {
            return false;
        };
        let kind = self.rules.card(p.card).card_kind();
        conditions.iter().all(|c| match c.on() {
            ConditionOn::Source(_) => true, // checked once for the ability
            ConditionOn::Target(c) => match c {
                TargetCondition::HpAtMost(n) => self.hp(tile) <= n,
                TargetCondition::Is(k) => kind == k,
                TargetCondition::IsNot(k) => kind != k,
                TargetCondition::InRow(r) => tile.row() == r,
            },
        })
    }

    /// Whether `seat` may choose the card on `tile` for a `chosen` target of `side` in `area`
    /// (the player names the anchor lane, so any lane the box allows; rule 66).
    pub(crate) fn choosable(
        &self,
        seat: Seat,
        side: Side,
        area: TargetBox,
        conditions: &[Condition],
        tile: Tile,
    ) -> bool {
        self.board
            .get(tile)
            .is_some_and(|p| on_side(seat, p.owner, side))
            && area.contains(tile, tile.lane())
            && self.target_conditions(tile, conditions)
    }

    /// The cards an ability acts on now.
    fn targets(&self, src: Source, target: Target, aim: Aim) -> TileSet {
        let here = src
            .tile
            .filter(|t| self.board.get(*t).is_some_and(|p| p.uid == src.uid));
        let of_side = |t: &Tile, side: Side| {
            self.board
                .get(*t)
                .is_some_and(|p| on_side(src.seat, p.owner, side))
        };
        match target {
            Target::This => here.into_iter().collect(),
            Target::Host => here
                .and_then(|t| self.mounts.host_of(self.board.links(), t))
                .into_iter()
                .collect(),
            Target::Chosen { .. } => match aim {
                Aim::Tile(t) => TileSet::EMPTY.with(t),
                _ => TileSet::EMPTY,
            },
            Target::Area { side, area } => {
                let anchor = match aim {
                    Aim::Lane(l) => l,
                    _ => src.tile.map_or(Lane::new(1), Tile::lane),
                };
                area.tiles(anchor)
                    .iter()
                    .filter(|t| of_side(t, side))
                    .collect()
            }
            Target::Adjacent(side) => src.tile.map_or(TileSet::EMPTY, |t| {
                t.neighbours().iter().filter(|n| of_side(n, side)).collect()
            }),
            Target::Linked => here.map_or(TileSet::EMPTY, |t| linked_to(self.board.links(), t)),
            Target::Commander(side) => Seat::all(SEATS)
                .filter(|s| on_side(src.seat, *s, side))
                .filter_map(|s| self.commander_tile(s))
                .collect(),
            Target::StackAction | Target::Owner => TileSet::EMPTY,
        }
    }

    /// Runs one ability of `src` aimed at `aim`: its conditions, then each effect in order on
    /// each target still on the board that meets the target conditions; effects on a player
    /// (draw, gain, salvage) once, for the ability's owner.
    pub(crate) fn run_ability(
        &mut self,
        src: Source,
        ability: &Ability,
        aim: Aim,
        ev: &mut Events<Event>,
    ) {
        if self.is_over() || !self.source_conditions(src, &ability.conditions) {
            return;
        }
        let targets: Vec<(Tile, u16)> = self
            .targets(src, ability.target, aim)
            .iter()
            .filter(|t| self.target_conditions(*t, &ability.conditions))
            .filter_map(|t| self.board.get(t).map(|p| (t, p.uid)))
            .collect();
        for effect in &ability.effects {
            if self.is_over() {
                return;
            }
            match *effect {
                Effect::Draw(n) => {
                    self.owe(src.seat, n);
                    ev.emit(|| Event::DrawsOwed {
                        seat: src.seat,
                        cards: n,
                    });
                }
                Effect::Gain { resource, amount } => {
                    let resources = crate::Resources::of(resource, u16::from(amount));
                    let p = &mut self.players[src.seat];
                    p.pool.gained = p.pool.gained.plus(resources);
                    let pool = self.pool(src.seat);
                    ev.emit(|| Event::Gained {
                        seat: src.seat,
                        resources,
                        pool,
                    });
                }
                Effect::Salvage => self.salvage(src.seat, ev),
                Effect::Counter => {
                    if let Aim::Frame(i) = aim {
                        self.counter(src.seat, usize::from(i), ev);
                    }
                }
                e => {
                    for &(t, uid) in &targets {
                        if self.board.get(t).is_some_and(|p| p.uid == uid) {
                            self.apply(t, e, ev);
                        }
                    }
                }
            }
        }
        self.check_deaths(ev);
    }

    /// One effect on the card on `tile`.
    fn apply(&mut self, tile: Tile, effect: Effect, ev: &mut Events<Event>) {
        match effect {
            Effect::Damage(n) => {
                self.deal(tile, n, false, ev);
            }
            Effect::Heal(n) => self.heal(tile, n, ev),
            Effect::Shield(n) => {
                if let Some(p) = self.board.get_mut(tile) {
                    p.shield = p.shield.saturating_add(n);
                    ev.emit(|| Event::Shielded { tile, points: n });
                }
            }
            Effect::Destroy => self.remove_card(tile, Area::Scrapyard, ev),
            Effect::Exile => self.remove_card(tile, Area::Void, ev),
            Effect::Modify { change, until } => {
                if let Some(p) = self.board.get_mut(tile) {
                    let i = stat_index(change.stat);
                    let slot = match until {
                        Duration::EndOfTurn => &mut p.temp[i],
                        Duration::Permanent => &mut p.perm[i],
                    };
                    *slot = slot.saturating_add(change.amount);
                    ev.emit(|| Event::Modified {
                        tile,
                        stat: change.stat,
                        by: change.amount,
                        until,
                    });
                }
            }
            Effect::Grant { keyword, until } => {
                if let Some(p) = self.board.get_mut(tile) {
                    let slot = p.granted.iter().position(Option::is_none).unwrap_or(0);
                    p.granted[slot] = Some((keyword, until));
                    ev.emit(|| Event::Granted {
                        tile,
                        keyword,
                        until,
                    });
                }
            }
            Effect::Draw(_) | Effect::Gain { .. } | Effect::Salvage | Effect::Counter => {}
        }
    }

    /// Deals `amount` damage to the card on `tile`: Shield points first unless `pierce`, then
    /// HP. Returns the HP it lost. The card is destroyed by the caller's `check_deaths`.
    pub(crate) fn deal(
        &mut self,
        tile: Tile,
        amount: u8,
        pierce: bool,
        ev: &mut Events<Event>,
    ) -> u8 {
        let Some(p) = self.board.get_mut(tile) else {
            return 0;
        };
        let shield = if pierce { 0 } else { p.shield.min(amount) };
        p.shield -= shield;
        let hp = amount - shield;
        p.damage = p.damage.saturating_add(hp);
        ev.emit(|| Event::Damaged { tile, shield, hp });
        hp
    }

    /// Restores up to `n` HP to the card on `tile`, never above its HP stat.
    pub(crate) fn heal(&mut self, tile: Tile, n: u8, ev: &mut Events<Event>) {
        let Some(p) = self.board.get_mut(tile) else {
            return;
        };
        let hp = p.damage.min(n);
        if hp > 0 {
            p.damage -= hp;
            ev.emit(|| Event::Healed { tile, hp });
        }
    }

    /// `seat` takes the card last put into its Scrapyard back into its hand (rule 47, Salvage).
    pub(crate) fn salvage(&mut self, seat: Seat, ev: &mut Events<Event>) {
        let p = &mut self.players[seat];
        if let Some(card) = p.scrap.pop() {
            let at = p.hand.partition_point(|c| *c <= card);
            p.hand.insert(at, card);
            ev.emit(|| Event::Salvaged { seat, card });
        }
    }

    /// Cancels the enemy Action at position `i` of the stack (rule 59).
    fn counter(&mut self, seat: Seat, i: usize, ev: &mut Events<Event>) {
        let Phase::Turn { stack, .. } = &mut self.phase else {
            return;
        };
        if let Some(Frame::Action {
            seat: owner,
            card,
            countered,
            ..
        }) = stack.get_mut(i)
            && *owner != seat
            && !*countered
        {
            *countered = true;
            let (owner, card) = (*owner, *card);
            ev.emit(|| Event::Countered {
                seat: owner,
                card,
                frame: i as u8,
            });
        }
    }

    /// Whether `id` is a Module card.
    pub(crate) fn is_module(&self, id: CardId) -> bool {
        matches!(self.rules.card(id).kind(), Kind::Module { .. })
    }
}
