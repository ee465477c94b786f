//! What a player may spend: derived, never copied (Links & Modules seed, FAQ "Resource Network
//! Questions" and strategic example 4; `../shared/rules/starcore.md`, "Links, networks and
//! resources"; rules 24–26 and 53 of `docs/rules/starcore.md`).
//!
//! A Generate step records which Cores (Resources and producing Structures) generated and how
//! much each made. From then until the player's next Generate, what the player may spend is
//! always
//!
//! > the output of the recorded Cores **still on the board** + resources gained by effects −
//! > everything paid since,
//!
//! so a Core that leaves the board takes its output with it at once. An activated ability is
//! paid, under network pooling, from what the card's **network** has left: the recorded output
//! of the Cores now in its network minus what abilities already drew from those Cores (each
//! payment is drawn from the network's Cores in the order they generated), never more than
//! the player has left in all.

use crate::grid::{Tile, TileMap};
use crate::rules::network::{Networks, Resources};
use crate::state::Piece;

/// A Core that generated at its owner's last Generate step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Generated {
    /// The card's unique id on the board (a Core that leaves and comes back is another card).
    pub uid: u16,
    /// Where it stands: kept up to date when it moves, so finding it is one look (a stale
    /// tile only costs a search of the board).
    pub tile: Tile,
    /// What it made.
    pub output: Resources,
    /// What its network's activated abilities drew from it since.
    pub drawn: Resources,
}

/// One player's resources for the current window (from its Generate to its next one).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Pool {
    /// The Cores that generated, in tile order.
    pub cores: Vec<Generated>,
    /// Resources gained by effects (no Core makes them; they leave with no card).
    pub gained: Resources,
    /// Everything paid since the Generate step.
    pub spent: Resources,
}

/// `a − b`, each type stopping at 0.
fn saturating_sub(a: Resources, b: Resources) -> Resources {
    let mut out = Resources::NONE;
    for k in crate::ResourceType::ALL {
        out = out.plus(Resources::of(k, a.get(k).saturating_sub(b.get(k))));
    }
    out
}

/// Per type, the smaller amount.
fn min(a: Resources, b: Resources) -> Resources {
    let mut out = Resources::NONE;
    for k in crate::ResourceType::ALL {
        out = out.plus(Resources::of(k, a.get(k).min(b.get(k))));
    }
    out
}

impl Pool {
    /// A fresh window: every Core on `board` that produces something generates its `output`.
    pub fn generate<'a>(cores: impl Iterator<Item = (Tile, &'a Piece, Resources)>) -> Pool {
        Pool {
            cores: cores
                .filter(|(_, _, out)| !out.is_empty())
                .map(|(tile, p, output)| Generated {
                    uid: p.uid,
                    tile,
                    output,
                    drawn: Resources::NONE,
                })
                .collect(),
            ..Pool::default()
        }
    }

    /// The tile of the Core `c`, if it is still on the board.
    fn tile_of(board: &TileMap<Piece>, c: &Generated) -> Option<Tile> {
        if board.get(c.tile).is_some_and(|p| p.uid == c.uid) {
            return Some(c.tile);
        }
        board.iter().find(|(_, p)| p.uid == c.uid).map(|(t, _)| t)
    }

    /// The card `uid` moved to `to`.
    pub fn moved(&mut self, uid: u16, to: Tile) {
        for c in self.cores.iter_mut().filter(|c| c.uid == uid) {
            c.tile = to;
        }
    }

    /// The card `uid` left the board: a Core that generated counts no more (it is forgotten;
    /// uids are never reused within a window, so nothing else changes).
    pub fn left(&mut self, uid: u16) {
        self.cores.retain(|c| c.uid != uid);
    }

    /// What the recorded Cores still on `board` made.
    pub fn generated_on_board(&self, board: &TileMap<Piece>) -> Resources {
        self.cores
            .iter()
            .filter(|c| Self::tile_of(board, c).is_some())
            .map(|c| c.output)
            .sum()
    }

    /// What the player may spend now.
    pub fn available(&self, board: &TileMap<Piece>) -> Resources {
        saturating_sub(self.generated_on_board(board).plus(self.gained), self.spent)
    }

    /// What the network of the card on `tile` has left for that card's abilities: the Cores
    /// of that network that generated, minus what abilities drew from them, never more than
    /// [`Pool::available`].
    pub fn left_in_network(
        &self,
        board: &TileMap<Piece>,
        networks: &Networks,
        tile: Tile,
    ) -> Resources {
        let left: Resources = self
            .cores
            .iter()
            .filter(|c| Self::tile_of(board, c).is_some_and(|t| networks.connected(t, tile)))
            .map(|c| saturating_sub(c.output, c.drawn))
            .sum();
        min(left, self.available(board))
    }

    /// Pays `cost` from the pool as a whole.
    pub fn pay(&mut self, cost: Resources) {
        self.spent = self.spent.plus(cost);
    }

    /// Pays `cost` for an ability of the card on `tile`, drawing it from the Cores of that
    /// card's network in the order they generated.
    pub fn pay_from_network(
        &mut self,
        board: &TileMap<Piece>,
        networks: &Networks,
        tile: Tile,
        cost: Resources,
    ) {
        self.pay(cost);
        let mut owed = cost;
        for c in &mut self.cores {
            if owed.is_empty() {
                break;
            }
            if !Self::tile_of(board, c).is_some_and(|t| networks.connected(t, tile)) {
                continue;
            }
            let take = min(owed, saturating_sub(c.output, c.drawn));
            c.drawn = c.drawn.plus(take);
            owed = saturating_sub(owed, take);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::{Area, P1, P2};
    use crate::rules::network::ResourceType::{Energy, Signal};
    use crate::rules::network::Resources;
    use crate::test_support::{fixture, t};
    use gridwright_engine::Events;

    /// Links FAQ ("What happens if I lose connection to a Resource Core?") and strategic
    /// example 4's note: a Core's quantity leaves its owner's pool the moment it leaves the
    /// board, even after it generated. Two Relay Cells make 2 Signal each: 4; one is destroyed
    /// in the same window: 2 are left, and a 3-Signal card can no longer be paid.
    #[test]
    fn a_core_destroyed_after_generate_stops_being_spendable() {
        let mut g = fixture("mind-lattice", "iron-vanguard");
        g.put(P1, "relay-cell", "P1:C1")
            .put(P1, "relay-cell", "P1:C4");
        g.pass_turn();
        g.pass_turn(); // P1's Generate: 2 + 2
        assert_eq!(g.pool(P1), Resources::of(Signal, 4));
        g.remove_card(t("P1:C4"), Area::Scrapyard, &mut Events::disabled());
        assert_eq!(g.pool(P1), Resources::of(Signal, 2), "4 − the 2 it made");
        g.give(P1, "lattice-warden"); // costs 3 Signal
        g.goto_step(crate::event::TurnStep::Build);
        assert!(
            !g.legal_texts(P1)
                .iter()
                .any(|a| a.contains("lattice-warden")),
            "{:?}",
            g.legal_texts(P1)
        );
        // What was spent stays spent: a payment of 1 before the loss leaves 2 + 2 − 1 − 2 = 1.
        let mut g = fixture("mind-lattice", "iron-vanguard");
        g.put(P1, "relay-cell", "P1:C1")
            .put(P1, "relay-cell", "P1:C4");
        g.pass_round();
        g.players[P1].pool.pay(Resources::of(Signal, 1));
        g.remove_card(t("P1:C1"), Area::Scrapyard, &mut Events::disabled());
        assert_eq!(g.pool(P1), Resources::of(Signal, 1));
    }

    /// The same rule across the opponent's turn (the repro: P2's Core is destroyed in
    /// P1's turn, P2 answers with what is left): the pool kept for responses shrinks too.
    #[test]
    fn a_core_destroyed_in_the_opponents_turn_leaves_the_pool_kept_for_responses() {
        let mut g = fixture("mind-lattice", "iron-vanguard");
        g.put(P1, "relay-cell", "P1:C1")
            .put(P1, "relay-cell", "P1:C4");
        g.pass_turn();
        g.pass_turn();
        g.pass_turn(); // P2's turn: P1 keeps its 4 for responses
        assert_eq!(g.active(), P2);
        assert_eq!(g.pool(P1), Resources::of(Signal, 4));
        g.remove_card(t("P1:C1"), Area::Scrapyard, &mut Events::disabled());
        assert_eq!(g.pool(P1), Resources::of(Signal, 2));
    }

    /// `../shared/rules/starcore.md`: an activated ability is paid from what its card's network
    /// has *left*. Three Spark Cells (2 Energy each) link Storm Lancers on C1 and C5 into one
    /// network of 6; the Lancer on C5 spends 5 on its ability, so 6 − 5 = 1 is left and the
    /// Lancer on C1 may not spend 5 more.
    #[test]
    fn a_networks_output_is_shared_by_its_cards() {
        let mut g = fixture("arc-foundry", "iron-vanguard");
        g.put(P1, "storm-lancer", "P1:C1")
            .put(P1, "spark-cell", "P1:C2")
            .put(P1, "spark-cell", "P1:C3")
            .put(P1, "spark-cell", "P1:C4")
            .put(P1, "storm-lancer", "P1:C5")
            // A second network, so the pool as a whole could still pay 5.
            .put(P1, "spark-cell", "P1:C7")
            .put(P1, "spark-cell", "P1:C8");
        g.pass_round();
        assert_eq!(g.pool(P1), Resources::of(Energy, 10), "2 × 5 cells");
        assert!(g.can(P1, "activate P1:C1 0") && g.can(P1, "activate P1:C5 0"));
        g.act("activate P1:C5 0");
        assert_eq!(g.pool(P1), Resources::of(Energy, 5));
        assert!(
            !g.can(P1, "activate P1:C1 0"),
            "the network has 6 − 5 = 1 left, whatever the pool holds"
        );
    }

    /// Abilities draw on their own network only: a second network's output pays deployments
    /// but never another network's abilities, and deployments paid from the pool leave each
    /// network what the pool as a whole still holds.
    #[test]
    fn an_ability_never_spends_another_networks_output() {
        let mut g = fixture("arc-foundry", "iron-vanguard");
        g.put(P1, "storm-lancer", "P1:C1")
            .put(P1, "spark-cell", "P1:C2")
            .put(P1, "spark-cell", "P1:C3") // network of C1: 4
            .put(P1, "spark-cell", "P1:C6")
            .put(P1, "spark-cell", "P1:C7"); // another network: 4
        g.pass_round();
        assert_eq!(g.pool(P1), Resources::of(Energy, 8));
        assert!(!g.can(P1, "activate P1:C1 0"), "its network makes 4 < 5");
        let _ = P2;
    }

    /// Issue 20, "Logs that let anyone audit a game": every payment logs what is left, and a
    /// Core that leaves logs the pool it leaves behind, and networks are logged as they change.
    #[test]
    fn every_payment_and_every_lost_core_logs_the_pool() {
        use crate::event::Event;
        let mut g = fixture("arc-foundry", "iron-vanguard");
        g.put(P1, "storm-lancer", "P1:C1")
            .put(P1, "spark-cell", "P1:C2")
            .put(P1, "spark-cell", "P1:C3")
            .put(P1, "spark-cell", "P1:C4");
        g.pass_round();
        let events = g.act("activate P1:C1 0");
        assert!(
            events.contains(&Event::Paid {
                seat: P1,
                cost: Resources::of(Energy, 5),
                pool: Resources::of(Energy, 1),
            }),
            "{events:?}"
        );
        let mut ev = Events::recording();
        // As a step does: the networks are compared across it.
        let before = crate::changes::Snapshot::of(&g);
        g.remove_card(t("P1:C2"), Area::Scrapyard, &mut ev);
        before.log_changes(&g, &mut ev);
        let events = ev.take();
        // 6 − 5 paid − the 2 that left = 0 (never below 0).
        assert!(
            events.contains(&Event::Pool {
                seat: P1,
                pool: Resources::NONE
            }),
            "{events:?}"
        );
        // C1 is cut off: the network left is C3–C4, making 4; C1 alone makes nothing.
        assert!(
            events.contains(&Event::Networks {
                seat: P1,
                networks: vec![(vec![t("P1:C3"), t("P1:C4")], Resources::of(Energy, 4))],
            }),
            "{events:?}"
        );
    }

    /// Decision: a Core placed this turn pays nothing before its first Generate (it has made
    /// nothing yet); from its owner's next Generate it counts.
    #[test]
    fn a_core_placed_this_turn_pays_only_from_its_next_generate() {
        let mut g = fixture("arc-foundry", "iron-vanguard");
        g.pass_round();
        g.put(P1, "spark-cell", "P1:C2");
        assert_eq!(g.pool(P1), Resources::NONE);
        g.pass_turn();
        assert_eq!(g.pool(P1), Resources::NONE, "P2's turn: still nothing made");
        g.pass_turn();
        assert_eq!(g.pool(P1), Resources::of(Energy, 2));
    }
}
