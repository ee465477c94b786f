//! The flat action index of a config, for legal-action masks (see the engine's
//! `ActionIndex`).
//!
//! With `C` cards in the config's pool and the 48 tiles of the battlefield numbered
//! `Tile::index()` (P1's grid first), the player actions are indexed, in order:
//!
//! | indices | action |
//! |---|---|
//! | 0, 1, 2 | `pass`, `keep`, `mulligan` |
//! | `3 + tile` | `commander tile` |
//! | then `48·from + to` | `move from to` |
//! | then `48·from + target` | `attack from target` |
//! | then `5·(48·card + tile) + host` | `deploy card tile [host face]` (host 0 = none, 1–4 = top, right, bottom, left) |
//! | then `A·card + aim` | `play card …`, with `A = 1 + 48 + 8 + MAX_STACK` aims: none, a tile, a lane 1–8, a stack position |
//! | then `A·(8·tile + ability) + aim` | `activate tile ability …` (abilities 0–7 of the card's list) |
//!
//! so `N = 3 + 48 + 2·48² + C·(240 + A) + 384·A` with `A = 73`: 49,280 for the 53 cards of the
//! shipped pool. Every
//! player action has an index; chance outcomes (coin flip, draws, dice) have none.

use crate::action::{Action, Aim, CardId};
use crate::config::{Config, MAX_CARDS, MAX_STACK};
use crate::grid::{LANES, Lane, TILES, Tile};
use crate::rules::activate::MAX_ABILITIES;
use crate::rules::links::Face;
use crate::state::Starcore;
use gridwright_engine::ActionIndex;

const FIXED: usize = 3;
const HOSTS: usize = 5;
const AIMS: usize = 1 + TILES + LANES as usize + MAX_STACK;

#[derive(Clone, Copy)]
struct Layout {
    cards: usize,
}

impl Layout {
    fn of(config: &Config) -> Layout {
        Layout {
            cards: config.cards.len().min(MAX_CARDS),
        }
    }
    const fn commander() -> usize {
        FIXED
    }
    const fn moves() -> usize {
        Self::commander() + TILES
    }
    const fn attacks() -> usize {
        Self::moves() + TILES * TILES
    }
    const fn deploys() -> usize {
        Self::attacks() + TILES * TILES
    }
    fn plays(self) -> usize {
        Self::deploys() + self.cards * TILES * HOSTS
    }
    fn activations(self) -> usize {
        self.plays() + self.cards * AIMS
    }
    fn len(self) -> usize {
        self.activations() + TILES * MAX_ABILITIES * AIMS
    }
    fn card(self, c: CardId) -> Option<usize> {
        Some(c.index()).filter(|i| *i < self.cards)
    }
}

fn face_index(f: Option<Face>) -> usize {
    match f {
        None => 0,
        Some(f) => 1 + Face::ALL.iter().position(|x| *x == f).unwrap_or(0),
    }
}

fn aim_index(aim: Aim) -> Option<usize> {
    match aim {
        Aim::None => Some(0),
        Aim::Tile(t) => Some(1 + t.index()),
        Aim::Lane(l) => Some(1 + TILES + usize::from(l.number()) - 1),
        Aim::Frame(i) => Some(usize::from(i))
            .filter(|i| *i < MAX_STACK)
            .map(|i| 1 + TILES + LANES as usize + i),
    }
}

fn aim_of(i: usize) -> Option<Aim> {
    let lanes = LANES as usize;
    match i {
        0 => Some(Aim::None),
        i if i <= TILES => Tile::from_index(i - 1).map(Aim::Tile),
        i if i <= TILES + lanes => Lane::try_from((i - TILES) as u8).ok().map(Aim::Lane),
        i if i < AIMS => Some(Aim::Frame((i - 1 - TILES - lanes) as u8)),
        _ => None,
    }
}

impl ActionIndex for Starcore {
    fn num_distinct_actions(config: &Config) -> usize {
        Layout::of(config).len()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let l = Layout::of(config);
        match *action {
            Action::Pass => Some(0),
            Action::Keep => Some(1),
            Action::Mulligan => Some(2),
            Action::PlaceCommander(t) => Some(Layout::commander() + t.index()),
            Action::Move { from, to } => Some(Layout::moves() + TILES * from.index() + to.index()),
            Action::Attack { from, target } => {
                Some(Layout::attacks() + TILES * from.index() + target.index())
            }
            Action::Deploy { card, tile, host } => l
                .card(card)
                .map(|c| Layout::deploys() + HOSTS * (TILES * c + tile.index()) + face_index(host)),
            Action::Play { card, aim } => {
                let c = l.card(card)?;
                Some(l.plays() + AIMS * c + aim_index(aim)?)
            }
            Action::Activate { tile, ability, aim } => {
                let a = Some(usize::from(ability)).filter(|a| *a < MAX_ABILITIES)?;
                Some(l.activations() + AIMS * (MAX_ABILITIES * tile.index() + a) + aim_index(aim)?)
            }
            Action::FirstPlayer(_) | Action::Draw(..) | Action::Roll(..) => None,
        }
    }

    fn action_from_index(config: &Config, index: usize) -> Option<Action> {
        let l = Layout::of(config);
        let card = |i: usize| u8::try_from(i).ok().map(CardId);
        match index {
            0 => Some(Action::Pass),
            1 => Some(Action::Keep),
            2 => Some(Action::Mulligan),
            i if i < Layout::moves() => {
                Tile::from_index(i - Layout::commander()).map(Action::PlaceCommander)
            }
            i if i < Layout::attacks() => {
                let k = i - Layout::moves();
                Some(Action::Move {
                    from: Tile::from_index(k / TILES)?,
                    to: Tile::from_index(k % TILES)?,
                })
            }
            i if i < Layout::deploys() => {
                let k = i - Layout::attacks();
                Some(Action::Attack {
                    from: Tile::from_index(k / TILES)?,
                    target: Tile::from_index(k % TILES)?,
                })
            }
            i if i < l.plays() => {
                let k = i - Layout::deploys();
                let (rest, host) = (k / HOSTS, k % HOSTS);
                Some(Action::Deploy {
                    card: card(rest / TILES)?,
                    tile: Tile::from_index(rest % TILES)?,
                    host: if host == 0 {
                        None
                    } else {
                        Some(Face::ALL[host - 1])
                    },
                })
            }
            i if i < l.activations() => {
                let k = i - l.plays();
                Some(Action::Play {
                    card: card(k / AIMS)?,
                    aim: aim_of(k % AIMS)?,
                })
            }
            i if i < l.len() => {
                let k = i - l.activations();
                let (rest, aim) = (k / AIMS, k % AIMS);
                Some(Action::Activate {
                    tile: Tile::from_index(rest / MAX_ABILITIES)?,
                    ability: (rest % MAX_ABILITIES) as u8,
                    aim: aim_of(aim)?,
                })
            }
            _ => None,
        }
    }
}
