//! Networks and resource pools (Links & Modules seed, "Resource Network System", "Chain
//! Linking", FAQ "Resource Network Questions").
//!
//! A network is a group of friendly cards connected by links, directly or through other cards
//! (a chain may pass through Modules). Every card on the board belongs to exactly one network;
//! a card with no link is a network of its own. A network's pool is the sum of the outputs of
//! the Resources in it; separate networks have separate pools. Networks are recomputed from the
//! board, so a destroyed or moved card changes them at once: a destroyed Resource's output
//! leaves its pool immediately.
//!
//! Which pool pays for what is a rule option, [`Pooling`] (`docs/rules/starcore.md`,
//! "Resource pools").

use crate::grid::{SEATS, TILES, Tile, TileMap, TileSet};
use crate::rules::links::{LinkCard, linked};
use gridwright_engine::{PerSeat, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The four kinds of resource (one per faction).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResourceType {
    /// Matter.
    Matter,
    /// Energy.
    Energy,
    /// Life.
    Life,
    /// Signal.
    Signal,
}

impl ResourceType {
    /// Every type, in this order.
    pub const ALL: [ResourceType; 4] = [
        ResourceType::Matter,
        ResourceType::Energy,
        ResourceType::Life,
        ResourceType::Signal,
    ];
}

impl fmt::Display for ResourceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ResourceType::Matter => "Matter",
            ResourceType::Energy => "Energy",
            ResourceType::Life => "Life",
            ResourceType::Signal => "Signal",
        })
    }
}

/// An amount of each resource type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "[number, number, number, number]")
)]
pub struct Resources([u16; 4]);

impl Resources {
    /// Nothing.
    pub const NONE: Resources = Resources([0; 4]);

    /// `amount` of one type.
    pub const fn of(kind: ResourceType, amount: u16) -> Resources {
        let mut r = [0; 4];
        r[kind as usize] = amount;
        Resources(r)
    }

    /// The amount of `kind`.
    pub const fn get(self, kind: ResourceType) -> u16 {
        self.0[kind as usize]
    }

    /// The sum of every type.
    pub fn total(self) -> u32 {
        self.0.iter().map(|&v| u32::from(v)).sum()
    }

    /// Whether there is nothing.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    /// Both amounts added, each type saturating at `u16::MAX`.
    #[must_use]
    pub fn plus(self, o: Resources) -> Resources {
        Resources(std::array::from_fn(|i| self.0[i].saturating_add(o.0[i])))
    }

    /// `self − cost`, or `None` if some type falls short.
    pub fn checked_sub(self, cost: Resources) -> Option<Resources> {
        let mut out = [0; 4];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.0[i].checked_sub(cost.0[i])?;
        }
        Some(Resources(out))
    }

    /// Whether `cost` can be paid from this amount.
    pub fn covers(self, cost: Resources) -> bool {
        self.checked_sub(cost).is_some()
    }
}

impl std::iter::Sum for Resources {
    fn sum<I: Iterator<Item = Resources>>(iter: I) -> Resources {
        iter.fold(Resources::NONE, Resources::plus)
    }
}

impl fmt::Display for Resources {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = ResourceType::ALL
            .iter()
            .filter(|k| self.get(**k) > 0)
            .map(|k| format!("{} {k}", self.get(*k)))
            .collect();
        if parts.is_empty() {
            f.write_str("nothing")
        } else {
            f.write_str(&parts.join(" + "))
        }
    }
}

/// Which resources a card's own abilities may spend (a rule option; the rules file's
/// `pooling` variant, default first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pooling {
    /// Only what the Resources of the card's own network produce (Links & Modules seed).
    #[default]
    Network,
    /// Everything its owner's Resources produce, wherever they stand (links then only attach
    /// Modules and give the direct-link bonus).
    Global,
}

/// A network's number in a [`Networks`] value: networks are numbered in the order of their
/// lowest tile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct NetworkId(u8);

impl NetworkId {
    /// The index, `0..Networks::len()`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

const NONE: u8 = u8::MAX;

/// The networks of a board: each card's network and each network's cards.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Networks {
    /// The network of each tile (`NONE` where the tile is empty).
    of: [u8; TILES],
    /// Each network's cards and owner.
    groups: Vec<(Seat, TileSet)>,
}

impl Networks {
    /// The networks of `board`: the connected groups of its link graph.
    pub fn compute(board: &TileMap<LinkCard>) -> Networks {
        let mut of = [NONE; TILES];
        let mut groups = Vec::new();
        for (start, card) in board.iter() {
            if of[start.index()] != NONE {
                continue;
            }
            let id = groups.len() as u8;
            let mut members = TileSet::EMPTY.with(start);
            let mut todo = vec![start];
            of[start.index()] = id;
            while let Some(t) = todo.pop() {
                for n in t.neighbours().iter() {
                    if of[n.index()] == NONE && linked(board, t, n) {
                        of[n.index()] = id;
                        members.insert(n);
                        todo.push(n);
                    }
                }
            }
            groups.push((card.owner, members));
        }
        Networks { of, groups }
    }

    /// Number of networks (every card is in one).
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// Whether the board is empty.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// The networks with their owner and cards, in order.
    pub fn iter(&self) -> impl Iterator<Item = (NetworkId, Seat, TileSet)> + '_ {
        self.groups
            .iter()
            .enumerate()
            .map(|(i, (s, m))| (NetworkId(i as u8), *s, *m))
    }

    /// The network of the card on `tile`, if there is a card.
    pub fn network_of(&self, tile: Tile) -> Option<NetworkId> {
        let id = self.of[tile.index()];
        (id != NONE).then_some(NetworkId(id))
    }

    /// The cards of network `id` (empty for an id of another board).
    pub fn members(&self, id: NetworkId) -> TileSet {
        self.groups.get(id.index()).map_or(TileSet::EMPTY, |g| g.1)
    }

    /// Whether the cards on `a` and `b` are in the same network.
    pub fn connected(&self, a: Tile, b: Tile) -> bool {
        matches!((self.network_of(a), self.network_of(b)), (Some(x), Some(y)) if x == y)
    }

    /// The pool of network `id`: the sum of `output` over its cards (`output` gives what the
    /// card on a tile produces per turn; nothing for a non-Resource).
    pub fn pool(&self, id: NetworkId, output: impl Fn(Tile) -> Resources) -> Resources {
        self.members(id).iter().map(output).sum()
    }

    /// Everything `seat`'s cards on the board produce, over all its networks (what deployments
    /// and Actions are paid from).
    pub fn total_pool(&self, seat: Seat, output: impl Fn(Tile) -> Resources) -> Resources {
        self.groups
            .iter()
            .filter(|(s, _)| *s == seat)
            .flat_map(|(_, m)| m.iter())
            .map(output)
            .sum()
    }

    /// [`Networks::total_pool`] of each seat.
    pub fn total_pools(&self, output: impl Fn(Tile) -> Resources) -> PerSeat<Resources> {
        PerSeat::from_fn(SEATS, |seat| self.total_pool(seat, &output))
    }

    /// What the card on `tile` may spend on its own abilities under `pooling`: its network's
    /// pool, or its owner's whole pool. Nothing if the tile is empty.
    pub fn available_to(
        &self,
        tile: Tile,
        pooling: Pooling,
        output: impl Fn(Tile) -> Resources,
    ) -> Resources {
        let Some(id) = self.network_of(tile) else {
            return Resources::NONE;
        };
        match pooling {
            Pooling::Network => self.pool(id, output),
            Pooling::Global => self.total_pool(self.groups[id.index()].0, output),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{P1, P2};
    use crate::rules::links::{Face, LinkKind};
    use crate::test_support::t;
    use LinkKind::{Module, Resource, Unit};
    use ResourceType::{Energy, Matter};

    /// A board and what each card produces.
    struct Fixture {
        board: TileMap<LinkCard>,
        output: TileMap<Resources>,
    }

    impl Fixture {
        fn new() -> Fixture {
            Fixture {
                board: TileMap::new(),
                output: TileMap::new(),
            }
        }

        fn card(mut self, tile: &str, owner: Seat, kind: LinkKind) -> Fixture {
            self.board
                .insert(t(tile), LinkCard::new(owner, kind, Face::ALL));
            self
        }

        fn with(mut self, tile: &str, card: LinkCard) -> Fixture {
            self.board.insert(t(tile), card);
            self
        }

        fn core(mut self, tile: &str, owner: Seat, kind: ResourceType, amount: u16) -> Fixture {
            self.output.insert(t(tile), Resources::of(kind, amount));
            self.card(tile, owner, Resource)
        }

        fn destroy(&mut self, tile: &str) {
            self.board.remove(t(tile));
            self.output.remove(t(tile));
        }

        fn out(&self) -> impl Fn(Tile) -> Resources + '_ {
            |tile| self.output.get(tile).copied().unwrap_or_default()
        }

        fn networks(&self) -> Networks {
            Networks::compute(&self.board)
        }

        fn pool_at(&self, tile: &str) -> Resources {
            self.networks()
                .available_to(t(tile), Pooling::Network, self.out())
        }
    }

    #[test]
    fn resource_pool_of_three_cores() {
        // Links & Modules seed, strategic example 4: R1—R2—R3—U on row C, three small Energy
        // cores of +2 each; the heavy unit's pool is 6, enough for a 5-Energy ability.
        let f = Fixture::new()
            .core("P1:C2", P1, Energy, 2)
            .core("P1:C3", P1, Energy, 2)
            .core("P1:C4", P1, Energy, 2)
            .card("P1:C5", P1, Unit);
        let nets = f.networks();
        assert_eq!(nets.len(), 1);
        let pool = f.pool_at("P1:C5");
        assert_eq!(pool, Resources::of(Energy, 6));
        assert!(pool.covers(Resources::of(Energy, 5)));
        assert!(!pool.covers(Resources::of(Energy, 7)));
    }

    #[test]
    fn destroyed_core_leaves_its_pool_at_once() {
        // The example's note: losing a core shrinks the pool. The end core goes, 6 → 4.
        let mut f = Fixture::new()
            .core("P1:C2", P1, Energy, 2)
            .core("P1:C3", P1, Energy, 2)
            .core("P1:C4", P1, Energy, 2)
            .card("P1:C5", P1, Unit);
        f.destroy("P1:C2");
        assert_eq!(f.pool_at("P1:C5"), Resources::of(Energy, 4));
        // The middle core goes: the chain splits, C2 is cut off from the unit.
        let mut f = Fixture::new()
            .core("P1:C2", P1, Energy, 2)
            .core("P1:C3", P1, Energy, 2)
            .core("P1:C4", P1, Energy, 2)
            .card("P1:C5", P1, Unit);
        f.destroy("P1:C3");
        assert_eq!(f.networks().len(), 2);
        assert_eq!(f.pool_at("P1:C5"), Resources::of(Energy, 2));
        assert_eq!(f.pool_at("P1:C2"), Resources::of(Energy, 2));
        // The player's total still counts every core on the board.
        assert_eq!(
            f.networks().total_pool(P1, f.out()),
            Resources::of(Energy, 4)
        );
    }

    #[test]
    fn two_cores_pool_through_the_unit_between_them() {
        // "Resource Pooling": cores of +2 and +3 both linked to one unit: 5 Energy.
        let f = Fixture::new()
            .core("P1:B3", P1, Energy, 2)
            .card("P1:B4", P1, Unit)
            .core("P1:B5", P1, Energy, 3);
        assert_eq!(f.pool_at("P1:B4"), Resources::of(Energy, 5));
        // FAQ: cores of 2, 3 and 4 in one network give 9 to every connected card.
        let f = Fixture::new()
            .core("P1:C1", P1, Energy, 2)
            .core("P1:C2", P1, Energy, 3)
            .core("P1:C3", P1, Energy, 4)
            .card("P1:B3", P1, Unit);
        assert_eq!(f.pool_at("P1:B3"), Resources::of(Energy, 9));
        assert_eq!(f.pool_at("P1:C1"), Resources::of(Energy, 9));
    }

    #[test]
    fn network_chain_flows_through_relay_modules() {
        // Grid seed linking example 3: R—M—M—U on row C, resources passing along two Modules.
        let relay = LinkCard::new(P1, Module, Face::ALL).relay();
        let f = Fixture::new()
            .core("P1:C3", P1, Energy, 2)
            .with("P1:C4", relay)
            .with("P1:C5", relay)
            .card("P1:C6", P1, Unit);
        let nets = f.networks();
        assert_eq!(nets.len(), 1);
        assert!(nets.connected(t("P1:C3"), t("P1:C6")));
        assert_eq!(f.pool_at("P1:C6"), Resources::of(Energy, 2));
        // Without a relay, two plain modules do not link to each other: the chain breaks.
        let f = Fixture::new()
            .core("P1:C3", P1, Energy, 2)
            .card("P1:C4", P1, Module)
            .card("P1:C5", P1, Module)
            .card("P1:C6", P1, Unit);
        assert!(!f.networks().connected(t("P1:C3"), t("P1:C6")));
        assert_eq!(f.pool_at("P1:C6"), Resources::NONE);
    }

    #[test]
    fn chain_linking_resource_module_unit() {
        // Links & Modules seed, "Chain Linking": R—M—U, the resource reaches the unit.
        let f = Fixture::new()
            .core("P1:C3", P1, Energy, 3)
            .card("P1:C4", P1, Module)
            .card("P1:C5", P1, Unit);
        assert_eq!(f.networks().len(), 1);
        assert_eq!(f.pool_at("P1:C5"), Resources::of(Energy, 3));
    }

    #[test]
    fn cross_zone_network_is_one_network() {
        // Grid seed linking example 4: R—U (Z1)—M (Z2)—U (Z2).
        let f = Fixture::new()
            .core("P1:C3", P1, Energy, 2)
            .card("P1:C4", P1, Unit)
            .card("P1:C5", P1, Module)
            .card("P1:C6", P1, Unit);
        assert_eq!(f.networks().len(), 1);
        assert_eq!(f.pool_at("P1:C6"), Resources::of(Energy, 2));
    }

    #[test]
    fn separate_networks_have_separate_pools() {
        // FAQ: unconnected groups are separate networks.
        let f = Fixture::new()
            .core("P1:C1", P1, Energy, 2)
            .card("P1:C2", P1, Unit)
            .core("P1:C7", P1, Matter, 4)
            .card("P1:C8", P1, Unit);
        let nets = f.networks();
        assert_eq!(nets.len(), 2);
        assert_eq!(f.pool_at("P1:C2"), Resources::of(Energy, 2));
        assert_eq!(f.pool_at("P1:C8"), Resources::of(Matter, 4));
        let total = Resources::of(Energy, 2).plus(Resources::of(Matter, 4));
        assert_eq!(nets.total_pool(P1, f.out()), total);
        // Under global pooling each unit may spend everything.
        assert_eq!(
            nets.available_to(t("P1:C2"), Pooling::Global, f.out()),
            total
        );
    }

    #[test]
    fn broken_link_cuts_the_unit_off_its_pool() {
        // FAQ: losing the connection to a core loses its resources (and the direct bonus).
        let mut f = Fixture::new()
            .core("P1:B4", P1, Energy, 2)
            .card("P1:B5", P1, Unit);
        assert_eq!(f.pool_at("P1:B5"), Resources::of(Energy, 2));
        assert!(f.board.relocate(t("P1:B5"), t("P1:A6")));
        assert_eq!(f.pool_at("P1:A6"), Resources::NONE);
        assert_eq!(
            f.networks()
                .available_to(t("P1:A6"), Pooling::Global, f.out()),
            Resources::of(Energy, 2),
            "the global variant ignores links for pools"
        );
    }

    #[test]
    fn defended_core_network_links_module_core_and_unit() {
        // Links & Modules seed, strategic example 2: D—R—U on row C.
        let f = Fixture::new()
            .card("P1:C3", P1, Module)
            .core("P1:C4", P1, Energy, 2)
            .card("P1:C5", P1, Unit);
        assert_eq!(f.networks().len(), 1);
        assert_eq!(f.pool_at("P1:C3"), Resources::of(Energy, 2));
    }

    #[test]
    fn enemy_cores_never_join_a_network() {
        let f = Fixture::new()
            .core("P2:A4", P2, Energy, 5)
            .card("P1:A4", P1, Unit);
        assert_eq!(f.networks().len(), 2);
        assert_eq!(f.pool_at("P1:A4"), Resources::NONE);
        assert_eq!(f.networks().total_pool(P1, f.out()), Resources::NONE);
        assert_eq!(
            f.networks().total_pool(P2, f.out()),
            Resources::of(Energy, 5)
        );
        let totals = f.networks().total_pools(f.out());
        assert_eq!(
            (totals[P1], totals[P2]),
            (Resources::NONE, Resources::of(Energy, 5))
        );
    }

    #[test]
    fn cards_of_a_seat_without_a_grid_never_link() {
        // Hostile data: an owner that is no seat of the game links to nothing and never panics.
        let p3 = Seat::new(2);
        let f = Fixture::new()
            .core("P1:C1", p3, Energy, 2)
            .card("P1:C2", p3, Unit);
        assert_eq!(f.networks().len(), 2);
        assert_eq!(f.pool_at("P1:C2"), Resources::NONE);
    }

    #[test]
    fn empty_tile_has_no_network_and_no_pool() {
        let f = Fixture::new().core("P1:C1", P1, Energy, 2);
        assert_eq!(f.networks().network_of(t("P1:C2")), None);
        assert_eq!(f.pool_at("P1:C2"), Resources::NONE);
        assert!(Networks::compute(&TileMap::new()).is_empty());
    }

    #[test]
    fn resources_add_subtract_and_print() {
        let r = Resources::of(Energy, 3).plus(Resources::of(Matter, 2));
        assert_eq!(r.total(), 5);
        assert_eq!(r.to_string(), "2 Matter + 3 Energy");
        assert_eq!(
            r.checked_sub(Resources::of(Energy, 3)),
            Some(Resources::of(Matter, 2))
        );
        assert_eq!(r.checked_sub(Resources::of(ResourceType::Life, 1)), None);
        assert_eq!(Resources::NONE.to_string(), "nothing");
        assert_eq!(
            Resources::of(Energy, u16::MAX).plus(Resources::of(Energy, 1)),
            Resources::of(Energy, u16::MAX)
        );
    }
}
