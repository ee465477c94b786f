//! A card's stats and keywords in play: its printed values, changed by effects, by the Modules
//! serving it (rules 37–38, 46) and by Auras of adjacent cards (rule 47); HP as the HP stat less
//! damage taken (rule 64).

use crate::Keyword;
use crate::card::Kind;
use crate::effect::{Side, Stat};
use crate::event::Event;
use crate::grid::{Area, Tile};
use crate::rules::modules::MountChange;
use crate::state::{Piece, Starcore};
use gridwright_engine::{Events, Seat};

/// The index of `stat` in a piece's change arrays.
pub(crate) const fn stat_index(stat: Stat) -> usize {
    match stat {
        Stat::Dmg => 0,
        Stat::Hp => 1,
        Stat::Def => 2,
        Stat::Movement => 3,
    }
}

/// Whether a card of `other` is of `side` seen from `seat`.
pub(crate) fn on_side(seat: Seat, other: Seat, side: Side) -> bool {
    match side {
        Side::Friendly => seat == other,
        Side::Enemy => seat != other,
        Side::Any => true,
    }
}

impl Starcore {
    /// The value of `stat` of the card on `tile` now (0 for an empty tile).
    pub(crate) fn stat(&self, tile: Tile, stat: Stat) -> u8 {
        let Some(p) = self.board.get(tile) else {
            return 0;
        };
        let s = self.rules.card(p.card).stats();
        let base = match stat {
            Stat::Dmg => s.dmg,
            Stat::Hp => s.hp,
            Stat::Def => s.def,
            Stat::Movement => s.movement,
        };
        let i = stat_index(stat);
        let mut v = i16::from(base) + i16::from(p.temp[i]) + i16::from(p.perm[i]);
        for m in self.mounts.modules_of(self.board.links(), tile).iter() {
            if let Some(Kind::Module { host, .. }) =
                self.board.get(m).map(|q| self.rules.card(q.card).kind())
            {
                v += host
                    .stats
                    .iter()
                    .filter(|c| c.stat == stat)
                    .map(|c| i16::from(c.amount))
                    .sum::<i16>();
            }
        }
        for n in tile.neighbours().intersection(self.board.occupied()).iter() {
            let Some(q) = self.board.get(n) else { continue };
            if !self.rules.auras_move && !self.rules.has_aura[q.card.index()] {
                continue;
            }
            for k in self.own_keywords(q) {
                if let Keyword::Aura {
                    side,
                    stat: s2,
                    amount,
                } = k
                    && s2 == stat
                    && on_side(q.owner, p.owner, side)
                {
                    v += i16::from(amount);
                }
            }
        }
        if self.rules.dominance && matches!(self.rules.card(p.card).kind(), Kind::Unit { .. }) {
            v += self.zone_dominance(p.owner, tile, stat);
        }
        v.clamp(0, 255) as u8
    }

    /// What Zone Dominance gives `seat`'s Unit on `tile` in `stat`: the `amount` of every card
    /// of `seat` on the board carrying Zone Dominance over the tile's zone, while `seat` holds
    /// at least its `tiles` tiles of that zone (Grid seed, "Zone Control Strategy"; rule 31).
    fn zone_dominance(&self, seat: Seat, tile: Tile, stat: Stat) -> i16 {
        let zone = tile.zone();
        let mut v = 0;
        for (carrier, q) in self.board.iter() {
            if q.owner != seat {
                continue;
            }
            for k in self.keyword_iter(carrier) {
                if let Keyword::ZoneDominance {
                    zone: z,
                    tiles,
                    stat: s2,
                    amount,
                } = k
                    && z == zone
                    && s2 == stat
                    && crate::rules::zone_control::has_zone_dominance(
                        &self.board,
                        seat,
                        zone,
                        usize::from(tiles),
                        |p| p.owner,
                    )
                {
                    v += i16::from(amount);
                }
            }
        }
        v
    }

    /// The HP left of the card on `tile`.
    pub(crate) fn hp(&self, tile: Tile) -> u8 {
        let damage = self.board.get(tile).map_or(0, |p| p.damage);
        self.stat(tile, Stat::Hp).saturating_sub(damage)
    }

    /// The keywords printed on a piece's card and granted to it by effects.
    fn own_keywords<'a>(&'a self, p: &'a Piece) -> impl Iterator<Item = Keyword> + 'a {
        self.rules
            .card(p.card)
            .keywords()
            .iter()
            .copied()
            .chain(p.granted.iter().flatten().map(|(k, _)| *k))
    }

    /// Every keyword the card on `tile` has now: its own, granted ones, and those its Modules
    /// give it (nothing for an empty tile), without allocating.
    pub(crate) fn keyword_iter(&self, tile: Tile) -> impl Iterator<Item = Keyword> + '_ {
        let piece = self.board.get(tile);
        let own = piece.into_iter().flat_map(|p| self.own_keywords(p));
        let modules = if piece.is_some() {
            self.mounts.modules_of(self.board.links(), tile)
        } else {
            crate::grid::TileSet::EMPTY
        };
        let given = modules.iter().flat_map(move |m| {
            let host = self
                .board
                .get(m)
                .and_then(|q| match self.rules.card(q.card).kind() {
                    Kind::Module { host, .. } => Some(host.keywords.as_slice()),
                    _ => None,
                });
            host.unwrap_or(&[]).iter().copied()
        });
        own.chain(given)
    }

    /// [`Starcore::keyword_iter`] as a list.
    pub(crate) fn keywords(&self, tile: Tile) -> Vec<Keyword> {
        self.keyword_iter(tile).collect()
    }

    /// Whether the card on `tile` has a keyword `pred` accepts.
    pub(crate) fn has(&self, tile: Tile, pred: impl Fn(&Keyword) -> bool) -> bool {
        self.keyword_iter(tile).any(|k| pred(&k))
    }

    /// The largest number `f` reads from the card's keywords (e.g. its Heal N), if any.
    pub(crate) fn keyword_number(
        &self,
        tile: Tile,
        f: impl Fn(Keyword) -> Option<u8>,
    ) -> Option<u8> {
        self.keyword_iter(tile).filter_map(f).max()
    }

    /// The card's Shield N (0 without the keyword).
    pub(crate) fn shield_keyword(&self, tile: Tile) -> u8 {
        self.keyword_number(tile, |k| match k {
            Keyword::Shield(n) => Some(n),
            _ => None,
        })
        .unwrap_or(0)
    }

    /// Where `seat`'s Commander stands.
    pub(crate) fn commander_tile(&self, seat: Seat) -> Option<Tile> {
        let commander = self.rules.deck(seat).commander;
        self.board
            .iter()
            .find(|(_, p)| p.owner == seat && p.card == commander)
            .map(|(t, _)| t)
    }

    /// Brings the Modules' hosts up to date after the board changed (rules 38–39).
    pub(crate) fn refresh_board(&mut self, ev: &mut Events<Event>) {
        for change in self.mounts.refresh(self.board.links()) {
            ev.emit(|| match change {
                MountChange::Attached { module, host } => Event::Mounted {
                    module,
                    host: Some(host),
                },
                MountChange::Detached { module } => Event::Mounted { module, host: None },
            });
        }
    }

    /// Destroys every card left with 0 HP (a Module lost, an Aura gone), until none is.
    pub(crate) fn check_deaths(&mut self, ev: &mut Events<Event>) {
        loop {
            if self.is_over() {
                return;
            }
            // An undamaged card has its HP stat, above 0 unless some card can lower it.
            let can_drop = self.rules.hp_can_drop;
            let dead = self
                .board
                .iter()
                .filter(|(_, p)| can_drop || p.damage > 0)
                .map(|(t, _)| t)
                .find(|t| self.hp(*t) == 0);
            match dead {
                Some(t) => self.remove_card(t, Area::Scrapyard, ev),
                None => return,
            }
        }
    }
}
