//! Invariants of the board, targeting, links, networks and Module hosts, exhaustively where the
//! space is small and with proptest over random boards and move sequences otherwise.

use gridwright_engine::Seat;
use gridwright_starcore::{
    Face, FaceSet, Lane, LinkCard, LinkKind, MAX_MODULES_PER_CARD, Mounts, Networks, P1, P2,
    Pooling, Range, ResourceType, Resources, Row, Sector, TargetBox, Tile, TileMap, TileSet, Width,
    Zone, can_serve, linked, links, reachable,
};
use proptest::prelude::*;

#[test]
fn adjacency_is_symmetric_and_irreflexive() {
    for a in Tile::all() {
        assert!(!a.is_adjacent(a), "{a}");
        for b in Tile::all() {
            assert_eq!(a.is_adjacent(b), b.is_adjacent(a), "{a} {b}");
            if a.is_adjacent(b) {
                assert_eq!(
                    a.chebyshev(b),
                    1,
                    "{a} {b}: face neighbours are one step apart"
                );
            }
        }
    }
}

#[test]
fn every_tile_has_2_3_or_4_neighbours_on_its_grid_by_position() {
    for tile in Tile::all() {
        let row_edge = tile.row() != Row::B;
        let lane_edge = matches!(tile.lane().number(), 1 | 8);
        let expected = match (row_edge, lane_edge) {
            (true, true) => 2,                  // corner
            (true, false) | (false, true) => 3, // edge
            (false, false) => 4,                // interior
        };
        assert_eq!(tile.grid_neighbours().len(), expected, "{tile}");
        assert!(
            tile.grid_neighbours()
                .iter()
                .all(|n| n.owner() == tile.owner())
        );
        let across = usize::from(tile.row() == Row::A);
        assert_eq!(tile.neighbours().len(), expected + across, "{tile}");
    }
}

#[test]
fn every_tile_lies_in_exactly_one_zone_and_one_sector() {
    for grid in [P1, P2] {
        let mut zones = TileSet::EMPTY;
        for z in Zone::ALL {
            let tiles: TileSet = Tile::on_grid(grid).filter(|t| t.zone() == z).collect();
            assert!(zones.intersection(tiles).is_empty());
            zones = zones.union(tiles);
        }
        assert_eq!(zones, TileSet::grid(grid));
        let sizes: Vec<usize> = Sector::ALL
            .iter()
            .map(|s| Tile::on_grid(grid).filter(|t| t.sector() == *s).count())
            .collect();
        assert_eq!(sizes, [8, 8, 4, 4]);
    }
}

/// Every box is a rectangle of its Range's rows (a Sector's rows only, for a Sector Width) by
/// its Width's lanes, counted independently of how the rules decide membership: a lane Width
/// `±s` covers the lanes within `s` of the anchor that exist, a Zone or a Sector four lanes. And
/// the both-grids lookup table agrees with each grid's own box.
#[test]
fn target_boxes_hold_exactly_range_rows_times_width_lanes() {
    for range in Range::EVERY {
        for width in Width::EVERY {
            for anchor in Lane::all() {
                let b = TargetBox::new(range, width);
                let got = b.tiles_on(P2, anchor);
                let rows: Vec<Row> = Row::ALL
                    .into_iter()
                    .filter(|r| got.iter().any(|t| t.row() == *r))
                    .collect();
                let lanes: Vec<Lane> = Lane::all()
                    .filter(|l| got.iter().any(|t| t.lane() == *l))
                    .collect();
                assert_eq!(
                    got.len(),
                    rows.len() * lanes.len(),
                    "{range} {width} at lane {anchor}: not a rectangle"
                );
                let want_rows: Vec<Row> = match width {
                    Width::Sector(s) => range.rows().filter(|r| s.has_row(*r)).collect(),
                    _ => range.rows().collect(),
                };
                assert_eq!(rows, want_rows, "{range} {width} at lane {anchor}");
                let want_lanes = match width {
                    _ if want_rows.is_empty() => 0,
                    Width::Lane(s) => {
                        let (a, s) = (anchor.number(), s.lanes());
                        usize::from(a.saturating_add(s).min(8) - a.saturating_sub(s).max(1) + 1)
                    }
                    Width::Zone(_) | Width::Sector(_) => 4,
                };
                assert_eq!(lanes.len(), want_lanes, "{range} {width} at lane {anchor}");
                if let Width::Lane(_) = width {
                    assert!(lanes.contains(&anchor), "{range} {width} at lane {anchor}");
                }
                assert_eq!(
                    b.tiles(anchor),
                    got.union(b.tiles_on(P1, anchor)),
                    "{range} {width} at lane {anchor}: the table"
                );
            }
        }
    }
}

/// A card for a random board: its link data (owner, kind, faces, relay or mounting on Modules)
/// and output.
#[derive(Clone, Copy, Debug)]
struct RandomCard {
    card: LinkCard,
    output: Resources,
}

fn random_card() -> impl Strategy<Value = RandomCard> {
    (0u8..2, 0u8..4, 0u8..16, 0u8..4, 0usize..4, 1u16..6).prop_map(
        |(owner, kind, faces, flags, rtype, amount)| {
            let owner = Seat::new(owner);
            let kind = [
                LinkKind::Commander,
                LinkKind::Unit,
                LinkKind::Module,
                LinkKind::Resource,
            ][usize::from(kind)];
            let faces: FaceSet = Face::ALL
                .into_iter()
                .enumerate()
                .filter(|(i, _)| faces & (1 << i) != 0)
                .map(|(_, f)| f)
                .collect();
            let mut card = LinkCard::new(owner, kind, faces.iter());
            card.relay = flags & 1 != 0 && kind == LinkKind::Module;
            card.mounts_on_modules = flags & 2 != 0 && kind == LinkKind::Module;
            let output = if kind == LinkKind::Resource {
                Resources::of(ResourceType::ALL[rtype], amount)
            } else {
                Resources::NONE
            };
            RandomCard { card, output }
        },
    )
}

/// A random board: up to 30 cards on distinct tiles.
fn random_board() -> impl Strategy<Value = Vec<(Tile, RandomCard)>> {
    proptest::collection::btree_map(0usize..48, random_card(), 0..30).prop_map(|m| {
        m.into_iter()
            .filter_map(|(i, c)| Some((Tile::from_index(i)?, c)))
            .collect()
    })
}

fn build(cards: &[(Tile, RandomCard)]) -> (TileMap<LinkCard>, TileMap<Resources>) {
    let mut board = TileMap::new();
    let mut output = TileMap::new();
    for (t, c) in cards {
        board.insert(*t, c.card);
        output.insert(*t, c.output);
    }
    (board, output)
}

/// The connected components of the link graph, by union-find over `links()`: an independent
/// reference for `Networks`.
fn components(board: &TileMap<LinkCard>) -> Vec<TileSet> {
    let mut parent: Vec<usize> = (0..48).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        p[x] = r;
        r
    }
    for l in links(board) {
        let (a, b) = (
            find(&mut parent, l.a.index()),
            find(&mut parent, l.b.index()),
        );
        parent[a] = b;
    }
    let mut groups: Vec<(usize, TileSet)> = Vec::new();
    for (t, _) in board.iter() {
        let root = find(&mut parent, t.index());
        match groups.iter_mut().find(|(r, _)| *r == root) {
            Some((_, set)) => {
                set.insert(t);
            }
            None => groups.push((root, TileSet::EMPTY.with(t))),
        }
    }
    let mut sets: Vec<TileSet> = groups.into_iter().map(|(_, s)| s).collect();
    sets.sort_by_key(|s| s.iter().next());
    sets
}

fn check_networks(board: &TileMap<LinkCard>, output: &TileMap<Resources>) {
    let nets = Networks::compute(board);
    let out = |t: Tile| output.get(t).copied().unwrap_or_default();
    // Networks partition the cards on the board.
    let mut seen = TileSet::EMPTY;
    for (id, owner, members) in nets.iter() {
        assert!(!members.is_empty());
        assert!(seen.intersection(members).is_empty(), "networks overlap");
        seen = seen.union(members);
        for t in members.iter() {
            assert_eq!(nets.network_of(t), Some(id));
            assert_eq!(
                board.get(t).map(|c| c.owner),
                Some(owner),
                "one owner per network"
            );
        }
    }
    assert_eq!(seen, board.occupied());
    // They are exactly the connected components of the link graph.
    let mut mine: Vec<TileSet> = nets.iter().map(|(_, _, m)| m).collect();
    mine.sort_by_key(|s| s.iter().next());
    assert_eq!(mine, components(board));
    // Links are symmetric and join cards of one network.
    for l in links(board) {
        assert!(linked(board, l.b, l.a));
        assert!(nets.connected(l.a, l.b));
    }
    // A seat's total pool is the sum of its networks' pools; under global pooling every card
    // of the seat may spend it all.
    for seat in [P1, P2] {
        let sum: Resources = nets
            .iter()
            .filter(|(_, s, _)| *s == seat)
            .map(|(id, _, _)| nets.pool(id, out))
            .sum();
        let total = nets.total_pool(seat, out);
        assert_eq!(sum, total);
        for (t, _) in board.iter().filter(|(_, c)| c.owner == seat) {
            assert_eq!(nets.available_to(t, Pooling::Global, out), total);
            let id = nets.network_of(t).map(|id| nets.pool(id, out));
            assert_eq!(Some(nets.available_to(t, Pooling::Network, out)), id);
        }
    }
}

/// Which host each Module serves, checked against the rules (`docs/rules/starcore.md`,
/// "Modules"): a host is linked and allowed, no Module is left without a host while one is
/// available, no card has more than four, and a second refresh changes nothing.
fn check_mounts(board: &TileMap<LinkCard>, mounts: &mut Mounts) {
    let mut served = [0usize; 48];
    for (m, card) in board.iter() {
        let host = mounts.host_of(board, m);
        if card.kind != LinkKind::Module {
            assert_eq!(host, None, "{m} is not a Module");
            continue;
        }
        match host {
            Some(h) => {
                assert!(linked(board, m, h), "{m} serves {h} without a link");
                let hc = board.get(h).copied();
                assert!(hc.is_some_and(|hc| can_serve(card, &hc)), "{m} → {h}");
                assert_ne!(
                    mounts.host_of(board, h),
                    Some(m),
                    "{m} and {h} serve each other"
                );
                served[h.index()] += 1;
            }
            None => assert!(
                mounts.candidates(board, m).is_empty(),
                "{m} is abandoned while a host is available"
            ),
        }
    }
    for (t, _) in board.iter() {
        assert_eq!(mounts.modules_of(board, t).len(), served[t.index()]);
        assert!(served[t.index()] <= MAX_MODULES_PER_CARD);
    }
    assert_eq!(mounts.refresh(board), [], "refresh is idempotent");
}

/// The card that `who` picks on `board` and the tiles `movement` lets it reach: `None` when the
/// board is empty or the card is not a Unit (Modules and Resources are immobile).
fn unit_reach(board: &TileMap<LinkCard>, who: usize, movement: u8) -> Option<(Tile, TileSet)> {
    let occupied = board.occupied();
    let from = occupied.iter().nth(who % occupied.len().max(1))?;
    let card = board.get(from).copied()?;
    card.kind
        .is_unit()
        .then(|| (from, reachable(from, card.owner, movement, occupied)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn module_hosts_follow_the_rules_after_any_move_sequence(
        cards in random_board(),
        moves in proptest::collection::vec((0usize..30, 0usize..24, 1u8..=2), 0..20),
    ) {
        let (mut board, _) = build(&cards);
        let mut mounts = Mounts::new();
        mounts.refresh(&board);
        check_mounts(&board, &mut mounts);
        for (who, pick, movement) in moves {
            let Some((from, reach)) = unit_reach(&board, who, movement) else { continue };
            let Some(to) = reach.iter().nth(pick % reach.len().max(1)) else { continue };
            let before: Vec<(Tile, Option<Tile>)> =
                board.iter().map(|(m, _)| (m, mounts.host_of(&board, m))).collect();
            prop_assert!(board.relocate(from, to));
            mounts.refresh(&board);
            // A Module whose host stayed put keeps it: hosts change only when a link breaks.
            for (m, host) in before {
                if let Some(h) = host && h != from {
                    prop_assert_eq!(mounts.host_of(&board, m), Some(h), "{} lost {}", m, h);
                }
            }
            check_mounts(&board, &mut mounts);
        }
    }

    #[test]
    fn networks_partition_the_cards_into_link_components(cards in random_board()) {
        let (board, output) = build(&cards);
        check_networks(&board, &output);
    }

    #[test]
    fn networks_stay_the_link_components_after_any_move_sequence(
        cards in random_board(),
        moves in proptest::collection::vec((0usize..30, 0usize..24, 1u8..=2), 0..20),
    ) {
        let (mut board, mut output) = build(&cards);
        for (who, pick, movement) in moves {
            let occupied = board.occupied();
            let Some((from, reach)) = unit_reach(&board, who, movement) else { continue };
            for to in reach.iter() {
                prop_assert!(!occupied.contains(to));
                prop_assert!(to.chebyshev(from) <= movement);
            }
            let Some(to) = reach.iter().nth(pick % reach.len().max(1)) else { continue };
            prop_assert!(board.relocate(from, to));
            let moved = output.remove(from);
            if let Some(o) = moved {
                output.insert(to, o);
            }
            check_networks(&board, &output);
        }
    }

    #[test]
    fn one_step_reach_is_the_empty_king_neighbours(
        from in 0usize..48,
        blocked in proptest::collection::btree_set(0usize..48, 0..20),
        seat in 0u8..2,
    ) {
        let Some(from) = Tile::from_index(from) else { return Ok(()) };
        let occupied: TileSet = blocked.iter().filter_map(|i| Tile::from_index(*i)).collect();
        let got = reachable(from, Seat::new(seat), 1, occupied);
        let expected: TileSet = Tile::all()
            .filter(|t| t.chebyshev(from) == 1 && !occupied.contains(*t))
            .collect();
        prop_assert_eq!(got, expected);
    }
}
