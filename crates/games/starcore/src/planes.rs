//! The observation as planes (`ObservationPlanes`) on the battlefield seen from the seat's side:
//! 6 rows × 8 lanes, the two 8×3 grids stacked so that plane row 0–2 is the seat's own rows C, B,
//! A (back to front) and rows 3–5 the opponent's rows A, B, C (front to back); column `c` is lane
//! `c + 1`. "My" is the seat observing. The opponent's hand and both decks are hidden: only their
//! sizes appear.
//!
//! | planes | name | value |
//! |---|---|---|
//! | 1 | `my cards` | 1 under each of the seat's cards on the board |
//! | 1 | `opponent's cards` | 1 under each of the opponent's cards |
//! | one per card of the pool, in config order | `card: <id>` | 1 under that card |
//! | 1 | `HP left / HP` | under each card |
//! | 4 | `shield`, `DMG`, `DEF`, `movement` | the number now, under each card |
//! | 3 | `moved this turn`, `attacked this turn`, `module on a host` | 1 under such a card |
//! | 1 | `linked` | 1 under a card with a link |
//! | 13 | `keyword: <title>` (Splash … Salvage) | 1 under a card that has it now |
//! | 2 | `stack: acting tile`, `stack: target tile` | how many frames of the response stack name the tile as deployed to or attacking from, and as attacked |
//! | constant, 2 × 5 | `my …`, `opponent's …`: `hand size`, `deck size`, `scrapyard size`, `void size`, `draws owed` | counts |
//! | constant, 2 × 4 | `my pool: <resource>`, `opponent's pool: <resource>` | what each may spend now |
//! | constant | `turns begun`, `my cards placed this turn`, `my turn`, `I hold the response window`, `stack depth` | |
//! | constant, 7 | `phase: <phase>` | one-hot: coin flip, drawing, mulligan, place commander, turn, rolling, over |
//! | constant, one per card of the pool | `my hand: <id>` | copies in the seat's own hand |

use crate::{Config, FrameView, Observation, PhaseView, PlayerView, ResourceType, Starcore, Tile};
use gridwright_engine::{ObservationPlanes, PlaneInput, PlaneList, Planes, Seat, ratio};

/// The keywords' titles, in the order of their planes.
const KEYWORDS: [&str; 13] = [
    "Splash",
    "Pierce",
    "Execute",
    "Flank",
    "Zone Flank",
    "Zone Dominance",
    "Sector Lock",
    "Aura",
    "Taunt",
    "First Strike",
    "Heal",
    "Shield",
    "Salvage",
];

const PHASES: [&str; 7] = [
    "coin flip",
    "drawing",
    "mulligan",
    "place commander",
    "turn",
    "rolling",
    "over",
];

const PILES: [&str; 5] = [
    "hand size",
    "deck size",
    "scrapyard size",
    "void size",
    "draws owed",
];

/// Where each group of planes starts (its first plane's number).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    mine: usize,
    cards: usize,
    hp: usize,
    stats: usize,
    flags: usize,
    keywords: usize,
    stack: usize,
    piles: usize,
    pools: usize,
    scalars: usize,
    phase: usize,
    hand: usize,
}

fn whose(i: usize) -> &'static str {
    if i == 0 { "my" } else { "opponent's" }
}

/// The plane cell of `tile` seen from `seat`'s side.
fn cell(seat: Seat, tile: Tile) -> (usize, usize) {
    let depth = usize::from(tile.depth());
    let row = if seat.index() == 0 { depth } else { 5 - depth };
    (row, usize::from(tile.lane().number()) - 1)
}

impl ObservationPlanes for Starcore {
    fn board_size(_config: &Config) -> (usize, usize) {
        (6, 8)
    }

    fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>) {
        let (config, l, seat, seen) = (input.config, input.layout, input.seat, input.seen);
        for p in &seen.board {
            let (row, col) = cell(seat, p.tile);
            let mut set = |plane: usize, value: f32| out.set(plane, row, col, value);
            set(l.mine + usize::from(p.owner != seat), 1.0);
            set(l.cards + p.card.index(), 1.0);
            set(l.hp, ratio(p.hp.0, p.hp.1));
            for (i, n) in [p.shield, p.dmg, p.def, p.movement].into_iter().enumerate() {
                set(l.stats + i, f32::from(n));
            }
            let linked = seen.links.iter().any(|(a, b)| *a == p.tile || *b == p.tile);
            let flags = [p.moved, p.attacked, p.host.is_some(), linked];
            for (i, flag) in flags.into_iter().enumerate() {
                set(l.flags + i, f32::from(u8::from(flag)));
            }
            for k in &p.keywords {
                if let Some(i) = KEYWORDS.iter().position(|t| *t == k.title()) {
                    set(l.keywords + i, 1.0);
                }
            }
        }
        for frame in &seen.stack {
            let (acting, target) = match frame {
                FrameView::Deploy { tile, .. } => (Some(*tile), None),
                FrameView::Attack { from, target, .. } => (Some(*from), Some(*target)),
                FrameView::Action { .. } => (None, None),
            };
            for (i, tile) in [acting, target].into_iter().enumerate() {
                if let Some(tile) = tile {
                    let (row, col) = cell(seat, tile);
                    out.add(l.stack + i, row, col, 1.0);
                }
            }
        }
        scalars(config.cards.len(), seat, seen, l, out);
    }

    type Layout = Layout;

    fn layout(config: &Config, list: &mut PlaneList) -> Layout {
        let card = |i: usize| config.cards.get(i).map_or("?", |c| c.id()).to_owned();
        let mine = list.ones(&["my cards", "opponent's cards"]);
        let cards = list.many(config.cards.len(), |i| format!("card: {}", card(i)));
        let hp = list.one("HP left / HP");
        let stats = list.ones(&["shield", "DMG", "DEF", "movement"]);
        let flags = list.ones(&[
            "moved this turn",
            "attacked this turn",
            "module on a host",
            "linked",
        ]);
        let keywords = list.many(KEYWORDS.len(), |i| format!("keyword: {}", KEYWORDS[i]));
        let stack = list.ones(&["stack: acting tile", "stack: target tile"]);
        let piles = list.many(2 * PILES.len(), |i| {
            format!("{} {}", whose(i / PILES.len()), PILES[i % PILES.len()])
        });
        let pools = list.many(8, |i| {
            format!("{} pool: {}", whose(i / 4), ResourceType::ALL[i % 4]).to_lowercase()
        });
        let scalars = list.ones(&[
            "turns begun",
            "my cards placed this turn",
            "my turn",
            "I hold the response window",
            "stack depth",
        ]);
        let phase = list.many(PHASES.len(), |i| format!("phase: {}", PHASES[i]));
        let hand = list.many(config.cards.len(), |i| format!("my hand: {}", card(i)));
        Layout {
            mine,
            cards,
            hp,
            stats,
            flags,
            keywords,
            stack,
            piles,
            pools,
            scalars,
            phase,
            hand,
        }
    }
}

fn scalars(cards: usize, seat: Seat, seen: &Observation, l: &Layout, out: &mut Planes<'_>) {
    let other = Seat::new(u8::from(seat.index() == 0));
    for (side, s) in [seat, other].into_iter().enumerate() {
        let Some(p): Option<&PlayerView> = seen.players.get(s.index()) else {
            continue;
        };
        let piles = [
            p.hand_count,
            p.deck_count,
            p.scrapyard.len(),
            p.void.len(),
            usize::from(p.owed),
        ];
        for (i, n) in piles.into_iter().enumerate() {
            out.fill(l.piles + side * PILES.len() + i, n as f32);
        }
        for (i, r) in ResourceType::ALL.into_iter().enumerate() {
            out.fill(l.pools + side * 4 + i, f32::from(p.pool.get(r)));
        }
    }
    let me = seen.players.get(seat.index());
    let values = [
        f32::from(seen.turn),
        me.map_or(0.0, |p| f32::from(p.placed)),
        f32::from(u8::from(seen.active == seat)),
        f32::from(u8::from(seen.responder == Some(seat))),
        seen.stack.len() as f32,
    ];
    for (i, v) in values.into_iter().enumerate() {
        out.fill(l.scalars + i, v);
    }
    let phase = match seen.phase {
        PhaseView::CoinFlip => 0,
        PhaseView::Drawing => 1,
        PhaseView::Mulligan => 2,
        PhaseView::PlaceCommander { .. } => 3,
        PhaseView::Turn { .. } => 4,
        PhaseView::Rolling => 5,
        PhaseView::Over { .. } => 6,
    };
    out.fill(l.phase + phase, 1.0);
    if let Some(hand) = me.and_then(|p| p.hand.as_ref()) {
        let mut copies = vec![0u16; cards];
        for c in hand {
            if let Some(n) = copies.get_mut(c.index()) {
                *n += 1;
            }
        }
        for (i, n) in copies.into_iter().enumerate().filter(|(_, n)| *n > 0) {
            out.fill(l.hand + i, f32::from(n));
        }
    }
}
