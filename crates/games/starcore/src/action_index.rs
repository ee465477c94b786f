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
use gridwright_engine::{ActionIndex, Block, Blocks, block_names};

const HOSTS: usize = 5;
const AIMS: usize = 1 + TILES + LANES as usize + MAX_STACK;

// The blocks, in index order.
block_names!(
    PASS, KEEP, MULLIGAN, COMMANDER, MOVE, ATTACK, DEPLOY, PLAY, ACTIVATE
);

/// The index of `config`: `cards` is the number of cards in its pool.
fn blocks(config: &Config) -> Blocks<9> {
    let cards = config.cards.len().min(MAX_CARDS);
    Blocks::new([
        Block::ONE,                                // pass
        Block::ONE,                                // keep
        Block::ONE,                                // mulligan
        Block::new(&[TILES]),                      // commander tile
        Block::new(&[TILES, TILES]),               // move from to
        Block::new(&[TILES, TILES]),               // attack from target
        Block::new(&[cards, TILES, HOSTS]),        // deploy card tile host
        Block::new(&[cards, AIMS]),                // play card aim
        Block::new(&[TILES, MAX_ABILITIES, AIMS]), // activate tile ability aim
    ])
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
        blocks(config).len()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let b = blocks(config);
        match *action {
            Action::Pass => b.encode(PASS, &[]),
            Action::Keep => b.encode(KEEP, &[]),
            Action::Mulligan => b.encode(MULLIGAN, &[]),
            Action::PlaceCommander(t) => b.encode(COMMANDER, &[t.index()]),
            Action::Move { from, to } => b.encode(MOVE, &[from.index(), to.index()]),
            Action::Attack { from, target } => b.encode(ATTACK, &[from.index(), target.index()]),
            Action::Deploy { card, tile, host } => {
                b.encode(DEPLOY, &[card.index(), tile.index(), face_index(host)])
            }
            Action::Play { card, aim } => b.encode(PLAY, &[card.index(), aim_index(aim)?]),
            Action::Activate { tile, ability, aim } => b.encode(
                ACTIVATE,
                &[tile.index(), usize::from(ability), aim_index(aim)?],
            ),
            Action::FirstPlayer(_) | Action::Draw(..) | Action::Roll(..) => None,
        }
    }

    fn action_from_index(config: &Config, index: usize) -> Option<Action> {
        let card = |i: usize| u8::try_from(i).ok().map(CardId);
        let (block, c) = blocks(config).decode(index)?;
        match block {
            PASS => Some(Action::Pass),
            KEEP => Some(Action::Keep),
            MULLIGAN => Some(Action::Mulligan),
            COMMANDER => Tile::from_index(c[0]).map(Action::PlaceCommander),
            MOVE => Some(Action::Move {
                from: Tile::from_index(c[0])?,
                to: Tile::from_index(c[1])?,
            }),
            ATTACK => Some(Action::Attack {
                from: Tile::from_index(c[0])?,
                target: Tile::from_index(c[1])?,
            }),
            DEPLOY => Some(Action::Deploy {
                card: card(c[0])?,
                tile: Tile::from_index(c[1])?,
                host: match c[2] {
                    0 => None,
                    h => Some(*Face::ALL.get(h - 1)?),
                },
            }),
            PLAY => Some(Action::Play {
                card: card(c[0])?,
                aim: aim_of(c[1])?,
            }),
            ACTIVATE => Some(Action::Activate {
                tile: Tile::from_index(c[0])?,
                ability: u8::try_from(c[1]).ok()?,
                aim: aim_of(c[2])?,
            }),
            _ => None,
        }
    }
}
