//! The observation as planes (`ObservationPlanes`) on the sector grid: plane cell (`row`, `col`)
//! is the grid space at that row and column, `rows × columns` of the config's grid. Seats are
//! counted from the seat observing: `me`, then `the next player` (the seat after it), `the
//! player 2 after me`, `the player 3 after me`, so a four-seat game has four of each per-seat
//! plane and a two-seat game two. Other seats' order cards, sealed rosters and hit allocations
//! are hidden: they are not in the observation, so not in the planes.
//!
//! | planes | name | value |
//! |---|---|---|
//! | 1 | `sector placed` | 1 where a card or a homeworld lies |
//! | 1 | `homeworld` | 1 on every homeworld |
//! | 4 | `sector value: <resource>` | the card's printed value of each resource (blue, orange, red, green) |
//! | 4 | `rotation: 0` … `rotation: 270` | one-hot, where a card lies |
//! | one per seat | `controlled by <who>` | 1 where that seat controls the sector |
//! | one per seat | `fleets of <who>` | the count |
//! | 4 per seat | `<structure> of <who>` (outpost, starlance, hypergate, mbrain) | how many stand there |
//! | 1 | `structures not yet active` | how many there (of any seat) wait for their benefits (§8.C) |
//! | 1 | `combat sector` | 1 where a combat is being fought |
//! | constant | `round / round limit`, `sector cards left / sector cards` | |
//! | constant, 4 per seat | `storage of <who>: <resource>` | the count |
//! | constant, 4 per seat | `marker of <who>: <action>` | 1 on the core action its marker is on |
//! | constant | `my turn` | 1 during the seat's turn |
//! | constant, 5 | `my sealed choice: <ship type>` | while the seat seals a fleet roster or a hit allocation: its own choice so far, per ship type (beam frigate, shield cruiser, artillery platform, drone carrier, fighter squadron) |
//! | constant, 5 | `phase: setup`, `phase: orders`, `phase: turn`, `phase: combat`, `phase: over` | one-hot |

use crate::rules::actions::CoreAction;
use crate::rules::map::{Rotation, SectorRef};
use crate::rules::structures::Structure;
use crate::{Config, Milkomeda, Observation, Resource};
use gridwright_engine::{ObservationPlanes, PlaneInput, PlaneList, Planes, Seat, ratio};

const PHASES: [&str; 5] = ["setup", "orders", "turn", "combat", "over"];

/// The ship types in `ShipType::ALL` order, as the planes name them.
const SHIPS: [&str; 5] = [
    "beam frigate",
    "shield cruiser",
    "artillery platform",
    "drone carrier",
    "fighter squadron",
];

/// Where each group of planes starts (its first plane's number).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    placed: usize,
    values: usize,
    rotation: usize,
    control: usize,
    fleets: usize,
    structures: usize,
    combat: usize,
    scalars: usize,
    storage: usize,
    markers: usize,
    my_turn: usize,
    sealed: usize,
    phase: usize,
}

/// A seat `k` places after the observer, in words.
fn who(k: usize) -> String {
    match k {
        0 => "me".to_owned(),
        1 => "the next player".to_owned(),
        k => format!("the player {k} after me"),
    }
}

fn word<T: std::fmt::Debug>(t: T) -> String {
    format!("{t:?}").to_lowercase()
}

impl ObservationPlanes for Milkomeda {
    fn board_size(config: &Config) -> (usize, usize) {
        (usize::from(config.grid.1), usize::from(config.grid.0))
    }

    fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>) {
        let (config, l, seat, seen) = (input.config, input.layout, input.seat, input.seen);
        let n = config.seats.len().max(1);
        let rel = |s: Seat| (s.index() + n - seat.index() % n) % n;
        for t in &seen.tiles {
            let (row, col) = (usize::from(t.space.row()), usize::from(t.space.col()));
            let mut set = |plane: usize, value: f32| out.set(plane, row, col, value);
            set(l.placed, 1.0);
            match t.sector {
                SectorRef::Homeworld(_) => set(l.placed + 1, 1.0),
                SectorRef::Card(id) => {
                    if let Some(card) = config.sectors.get(id.index()) {
                        for (i, r) in Resource::ALL.into_iter().enumerate() {
                            set(l.values + i, f32::from(card.values.get(r)));
                        }
                    }
                    let turned = match t.rotation {
                        Rotation::R0 => 0,
                        Rotation::R90 => 1,
                        Rotation::R180 => 2,
                        Rotation::R270 => 3,
                    };
                    set(l.rotation + turned, 1.0);
                }
            }
            if let Some(c) = t.control {
                set(l.control + rel(c), 1.0);
            }
            for (s, f) in t.fleets.iter().enumerate().take(n) {
                set(l.fleets + rel(Seat::new(s as u8)), f32::from(*f));
            }
        }
        for p in &seen.structures {
            let kind = Structure::ALL.iter().position(|s| *s == p.structure);
            let (row, col) = (usize::from(p.space.row()), usize::from(p.space.col()));
            if let Some(k) = kind {
                out.add(l.structures + 4 * rel(p.owner) + k, row, col, 1.0);
            }
            if !p.active {
                out.add(l.structures + 4 * n, row, col, 1.0);
            }
        }
        if let Some(c) = &seen.combat {
            let (row, col) = (usize::from(c.sector.row()), usize::from(c.sector.col()));
            out.set(l.combat, row, col, 1.0);
        }
        scalars(config, n, seat, seen, l, out);
    }

    type Layout = Layout;

    fn layout(config: &Config, list: &mut PlaneList) -> Layout {
        let n = config.seats.len();
        let placed = list.ones(&["sector placed", "homeworld"]);
        let values = list.many(4, |i| format!("sector value: {}", word(Resource::ALL[i])));
        let rotation = list.many(4, |i| format!("rotation: {}", 90 * i));
        let control = list.many(n, |k| format!("controlled by {}", who(k)));
        let fleets = list.many(n, |k| format!("fleets of {}", who(k)));
        let structures = list.many(4 * n, |i| {
            format!("{} of {}", word(Structure::ALL[i % 4]), who(i / 4))
        });
        list.one("structures not yet active");
        let combat = list.one("combat sector");
        let scalars = list.ones(&["round / round limit", "sector cards left / sector cards"]);
        let storage = list.many(4 * n, |i| {
            format!("storage of {}: {}", who(i / 4), word(Resource::ALL[i % 4]))
        });
        let markers = list.many(4 * n, |i| {
            format!("marker of {}: {}", who(i / 4), word(CoreAction::ALL[i % 4]))
        });
        let my_turn = list.one("my turn");
        let sealed = list.many(SHIPS.len(), |i| format!("my sealed choice: {}", SHIPS[i]));
        let phase = list.many(PHASES.len(), |i| format!("phase: {}", PHASES[i]));
        Layout {
            placed,
            values,
            rotation,
            control,
            fleets,
            structures,
            combat,
            scalars,
            storage,
            markers,
            my_turn,
            sealed,
            phase,
        }
    }
}

fn scalars(
    config: &Config,
    n: usize,
    seat: Seat,
    seen: &Observation,
    l: &Layout,
    out: &mut Planes<'_>,
) {
    let rel = |s: usize| (s + n - seat.index() % n) % n;
    out.fill(l.scalars, ratio(seen.round, config.round_limit));
    out.fill(
        l.scalars + 1,
        ratio(seen.deck_left as f64, config.sectors.len() as f64),
    );
    for (s, store) in seen.storage.iter().enumerate().take(n) {
        for (i, r) in Resource::ALL.into_iter().enumerate() {
            out.fill(l.storage + 4 * rel(s) + i, f32::from(store.get(r)));
        }
    }
    for (s, marker) in seen.markers.iter().enumerate().take(n) {
        if let Some(a) = marker.and_then(|m| CoreAction::ALL.iter().position(|c| *c == m)) {
            out.fill(l.markers + 4 * rel(s) + a, 1.0);
        }
    }
    let my_turn = seen.turn.as_ref().is_some_and(|t| t.seat == seat);
    out.fill(l.my_turn, f32::from(u8::from(my_turn)));
    let sealed = seen.combat.as_ref().and_then(|c| c.own_sealed);
    for (i, n) in sealed.unwrap_or_default().into_iter().enumerate() {
        out.fill(l.sealed + i, f32::from(n));
    }
    let phase = if seen.ended.is_some() || seen.scores.is_some() {
        4
    } else if seen.combat.is_some() {
        3
    } else if seen.turn.is_some() {
        2
    } else if seen.orders.is_some() {
        1
    } else {
        0
    };
    out.fill(l.phase + phase, 1.0);
}
