//! Weapon reach as the observation tells it: each mech's public weapon data (range band, arcs,
//! depleted) plus the engine's arc rule decide exactly the legal fire targets, and the browser's
//! copy of the arc rule (`web/views/cc-geom.js`) is checked against the table this file keeps
//! (decisions, "Board, mechs, facing": arcs are the engine's 90° cones, boundaries front/rear).
//! The lobby's scenario map is checked here too.

use crate::common::{content, p};
use gridwright_command_core::{Action, CommandCore, Observation, Phase};
use gridwright_engine::geom::{Arc, Cell, Dir8, arc_of};
use gridwright_engine::{Rng, Session, Turn, Viewer};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Half the side of the square of offsets the arc table covers.
const TABLE_RADIUS: i32 = 6;

/// The arc table: for each facing, one line per row of offsets `-R..=R` around the mech, one
/// letter per square: `F`ront, `R`ight, `B`ack (rear), `L`eft, `.` for the mech's own square.
fn arc_table() -> String {
    let mut out = String::new();
    for facing in Dir8::ALL {
        out.push_str(&format!("{facing:?}\n"));
        for dy in -TABLE_RADIUS..=TABLE_RADIUS {
            for dx in -TABLE_RADIUS..=TABLE_RADIUS {
                out.push(match arc_of(Cell::new(0, 0), facing, Cell::new(dx, dy)) {
                    None => '.',
                    Some(Arc::Front) => 'F',
                    Some(Arc::Right) => 'R',
                    Some(Arc::Rear) => 'B',
                    Some(Arc::Left) => 'L',
                });
            }
            out.push('\n');
        }
    }
    out
}

fn table_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/arc-table.txt")
}

/// The table the web client is checked against (`web/e2e/arcs.check.mjs`) is the engine's rule.
/// Regenerate with `UPDATE_GOLDEN=1 cargo test -p gridwright-command-core reach`.
#[test]
fn web_arc_table_is_the_engine_arc_rule() {
    let table = arc_table();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(table_path(), &table).unwrap();
    }
    let kept = std::fs::read_to_string(table_path()).unwrap();
    assert_eq!(kept, table, "tests/golden/arc-table.txt is stale");
}

/// Where `weapon` of mech `i` may fire in `obs`, computed only from public observation data:
/// the squares whose Chebyshev distance is within the band and whose arc is allowed.
fn reach(obs: &Observation, i: usize, weapon: usize) -> BTreeSet<(u8, u8)> {
    let m = &obs.mechs[i];
    let (Some(at), Some(facing)) = (m.at, m.facing) else {
        return BTreeSet::new();
    };
    let w = &m.weapons[weapon];
    if w.depleted {
        return BTreeSet::new();
    }
    let mut out = BTreeSet::new();
    for y in 0..obs.height {
        for x in 0..obs.width {
            let d = at.x.abs_diff(x).max(at.y.abs_diff(y));
            let arc = arc_of(
                Cell::new(i32::from(at.x), i32::from(at.y)),
                facing,
                Cell::new(i32::from(x), i32::from(y)),
            );
            if d >= w.range[0] && d <= w.range[1] && arc.is_some_and(|a| w.arcs.contains(&a)) {
                out.insert((x, y));
            }
        }
    }
    out
}

#[test]
fn observed_weapons_are_the_chassis_weapons() {
    let config = content().config("duel").unwrap();
    let s = Session::<CommandCore>::new(config.clone(), 1).unwrap();
    let obs = s.observe(Viewer::Spectator);
    for m in &obs.mechs {
        let c = config.chassis.iter().find(|c| c.id == m.chassis).unwrap();
        assert_eq!(m.weapons.len(), c.weapons.len());
        for (i, (v, w)) in m.weapons.iter().zip(&c.weapons).enumerate() {
            assert_eq!(usize::from(v.index), i);
            assert_eq!((&v.id, &v.name, v.attack), (&w.id, &w.name, w.attack));
            assert_eq!(v.range, [w.min_range, w.max_range]);
            assert_eq!((&v.arcs, v.delta, v.depleted), (&w.arcs, w.delta, false));
        }
    }
    // The same for every viewer: chassis data is public.
    let seat = s.observe(Viewer::Seat(p(2)));
    for (a, b) in obs.mechs.iter().zip(&seat.mechs) {
        assert_eq!(a.weapons, b.weapons);
    }
}

/// In random games, at every attack choice a weapon may fire exactly when an enemy stands in
/// the reach computed from the observation, and once it has fired (its delta paid) the legal
/// targets are exactly the enemies in that reach (so a client that draws that reach draws the
/// rule, and a depleted weapon shows no reach).
#[test]
fn observed_reach_is_exactly_the_legal_fire_targets() {
    let mut checked = 0;
    for scenario in ["duel", "skirmish"] {
        let config = content().config(scenario).unwrap();
        for seed in 0..12u64 {
            let mut rng = Rng::seed_from_u64(seed);
            let mut s = Session::<CommandCore>::new(config.clone(), seed).unwrap();
            for _ in 0..2000 {
                let seat = match s.turn() {
                    Turn::Seat(x) => x,
                    Turn::Simultaneous(set) => set.iter().next().unwrap(),
                    _ => break,
                };
                let legal = s.legal_actions(seat);
                let phase = s.state().phase();
                let attack = match phase {
                    Phase::ChooseAttack { mech } => Some((mech, None)),
                    Phase::ChooseTarget { mech, weapon } => Some((mech, Some(usize::from(weapon)))),
                    _ => None,
                };
                if let Some((mech, fired)) = attack {
                    let obs = s.observe(Viewer::Seat(seat));
                    let i = mech.index();
                    for w in 0..obs.mechs[i].weapons.len() {
                        if fired.is_some_and(|f| f != w || obs.mechs[i].weapons[w].depleted) {
                            continue;
                        }
                        let area = reach(&obs, i, w);
                        let shown: BTreeSet<usize> = obs
                            .mechs
                            .iter()
                            .enumerate()
                            .filter(|(_, t)| {
                                t.owner != obs.mechs[i].owner
                                    && !t.destroyed
                                    && t.at.is_some_and(|at| area.contains(&(at.x, at.y)))
                            })
                            .map(|(t, _)| t)
                            .collect();
                        if fired.is_some() {
                            let aim: BTreeSet<usize> = legal
                                .iter()
                                .filter_map(|a| match a {
                                    Action::Aim { target } => Some(target.index()),
                                    _ => None,
                                })
                                .collect();
                            assert_eq!(shown, aim, "{scenario} seed {seed}: mech {i} weapon {w}");
                        } else {
                            let fires = legal.contains(&Action::Fire {
                                mech,
                                weapon: w as u8,
                            });
                            assert_eq!(
                                !shown.is_empty(),
                                fires,
                                "{scenario} seed {seed}: mech {i} weapon {w}"
                            );
                        }
                        checked += 1;
                    }
                }
                let a = legal[rng.index(legal.len())];
                s.apply(seat, a).unwrap();
            }
        }
    }
    assert!(checked > 20, "too few attack choices checked: {checked}");
}

/// The lobby's scenario map lists the deployment squares the rules allow and the roster with the
/// ids the game gives (seed, "Setup"; decisions, deployment zones).
#[test]
fn scenario_map_shows_the_deployment_zones_and_rosters() {
    use gridwright_command_core::{HomeEdge, scenario_map};
    let duel = content().config("duel").unwrap();
    let map = scenario_map(&duel).unwrap();
    assert_eq!((map.width, map.height), (duel.width, duel.height));
    assert_eq!(map.sides[0].home_edge, HomeEdge::North);
    assert!(map.sides[0].deploy.iter().all(|p| p.y == 0));
    assert!(map.sides[1].deploy.iter().all(|p| p.y == duel.height - 1));
    assert_eq!(map.sides[0].deploy.len(), usize::from(duel.width));
    // Roster ids are the game's mech ids.
    let obs = Session::<CommandCore>::new(duel.clone(), 3)
        .unwrap()
        .observe(Viewer::Spectator);
    for side in &map.sides {
        for m in &side.mechs {
            let seen = &obs.mechs[m.id.index()];
            assert_eq!((seen.owner, &seen.chassis), (side.seat, &m.chassis));
        }
    }
    let skirmish = scenario_map(&content().config("skirmish").unwrap()).unwrap();
    assert_eq!(
        skirmish.sides[0].deploy, skirmish.sides[1].deploy,
        "any edge, both sides"
    );
}
