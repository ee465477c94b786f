//! A ladder: a round robin between agents, every pairing played from every seating, summed into
//! one plain serde document (`gridwright ladder --json` prints it; the Python binding returns
//! it, played on one machine or in shards on a cluster).
//!
//! Every pairing of two agents plays each agent *alone* against the other at every other seat,
//! with the lone agent at each seat in turn: in a two-seat game that is every game from both
//! seats; in an N-seat game, 2N seatings. A lone agent's wins are compared with the 1/N share
//! through their 95% interval.
//!
//! # The batches of a ladder
//! A ladder is a list of batches ([`Plan::batches`]): pairing by pairing (agents `i < j` in the
//! order given), seating by seating, batch `k` being [`Plan::per_seating`] games played from
//! master seed `derive_seed(seed, k)` exactly as [`crate::run`] plays a batch. [`assemble`]
//! folds the batches' summaries, in that order, into the [`Ladder`]; so whoever plays a batch
//! (or a part of one, merged back with [`crate::Summary::from_records`]), the document is the
//! same.

use crate::stats::{Share, Summary, fair_share, wilson_interval};
use gridwright_engine::derive_seed;
use serde::Serialize;
use std::collections::BTreeMap;

/// One agent's results from one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SeatRecord {
    /// Games it sat alone at that seat.
    pub games: u64,
    /// Its wins there.
    pub wins: u64,
    /// Draws there.
    pub draws: u64,
}

/// One agent's results when it sits alone against the other agent at every other seat, every
/// seat in turn (in a two-seat game: every game of the pairing).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Alone {
    /// Games it sat alone.
    pub games: u64,
    /// Its wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Wins over games.
    pub win_rate: f64,
    /// 95% Wilson interval of `win_rate`.
    pub win_interval_95: (f64, f64),
    /// Where that interval stands against the 1/N share.
    pub vs_share: Option<Share>,
    /// The same, seat by seat (index 0 is P1).
    pub by_seat: Vec<SeatRecord>,
}

impl Alone {
    fn new(seats: usize) -> Alone {
        Alone {
            win_interval_95: (0.0, 1.0),
            by_seat: vec![SeatRecord::default(); seats],
            ..Alone::default()
        }
    }

    fn add(&mut self, seat: usize, rec: SeatRecord) {
        self.games += rec.games;
        self.wins += rec.wins;
        self.draws += rec.draws;
        let s = &mut self.by_seat[seat];
        s.games += rec.games;
        s.wins += rec.wins;
        s.draws += rec.draws;
    }

    fn finish(&mut self, share: f64) {
        self.win_rate = self.wins as f64 / self.games.max(1) as f64;
        self.win_interval_95 = wilson_interval(self.wins, self.games);
        self.vs_share = (self.games > 0).then(|| Share::of(self.win_interval_95, share));
    }
}

/// The results of one pairing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pairing {
    /// The first agent (the earlier in the list).
    pub a: String,
    /// The second.
    pub b: String,
    /// All games of the pairing.
    pub games: u64,
    /// Games nobody won alone.
    pub draws: u64,
    /// `a` alone against `b` at every other seat.
    pub a_alone: Alone,
    /// `b` alone against `a` at every other seat (in a two-seat game, the same games as
    /// `a_alone`).
    pub b_alone: Alone,
    /// Mean player moves per game.
    pub mean_moves: f64,
    /// How many games ended each way, for games that say how they ended (empty otherwise).
    pub ends: BTreeMap<String, u64>,
    /// Seconds its batches took (the sum of their `elapsed_seconds`; varies run to run).
    pub seconds: f64,
}

/// One agent's totals over the games it sat alone.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The agent.
    pub agent: String,
    /// Games it sat alone.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// (wins + draws / N) / games: 1/N is the fair share.
    pub score: f64,
}

/// A whole ladder: `gridwright ladder --json`'s document.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ladder {
    /// The game's short name.
    pub game: String,
    /// The scenario asked for (`default` if none).
    pub scenario: String,
    /// Seats of the game.
    pub seats: usize,
    /// 1/N: the win rate of an agent no better than the others.
    pub fair_share: f64,
    /// The agents, as given.
    pub agents: Vec<String>,
    /// Games per pairing: games per seating × seatings.
    pub games_per_pairing: usize,
    /// Master seed.
    pub seed: u64,
    /// Worker threads (how it ran).
    pub threads: usize,
    /// Every pairing, agents `i < j` in the order given.
    pub pairings: Vec<Pairing>,
    /// The agents by score, best first.
    pub standings: Vec<Standing>,
}

/// The seatings of a pairing of agents 0 and 1 at `seats` seats: agent 0 alone at each seat in
/// turn, then agent 1 alone at each seat in turn, without repeats (with two seats the second
/// half repeats the first).
pub fn seatings(seats: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for alone in [0, 1] {
        for k in 0..seats {
            let s: Vec<usize> = (0..seats)
                .map(|i| if i == k { alone } else { 1 - alone })
                .collect();
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Which batches a ladder of `agents` agents at `seats` seats plays, `games` games per pairing
/// asked (spread evenly over the seatings, rounded up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Seats of the game.
    pub seats: usize,
    /// The pairings: agents `i < j` in the order given.
    pub pairs: Vec<[usize; 2]>,
    /// [`seatings`]`(seats)`.
    pub seatings: Vec<Vec<usize>>,
    /// Games per batch (per seating of a pairing).
    pub per_seating: usize,
}

/// One batch of a ladder: which agent (an index into the ladder's agents) sits at each seat, and
/// the master seed of its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderBatch {
    /// Its place in [`Plan::batches`].
    pub index: usize,
    /// The agent at each seat.
    pub seat_agents: Vec<usize>,
    /// The batch's master seed: `derive_seed(seed, index)`.
    pub seed: u64,
}

impl Plan {
    /// The plan of a ladder.
    pub fn new(agents: usize, seats: usize, games: usize) -> Plan {
        let seatings = seatings(seats);
        let pairs = (0..agents)
            .flat_map(|i| (i + 1..agents).map(move |j| [i, j]))
            .collect();
        Plan {
            seats,
            pairs,
            per_seating: games.div_ceil(seatings.len().max(1)),
            seatings,
        }
    }

    /// Games per pairing: games per seating × seatings.
    pub fn games_per_pairing(&self) -> usize {
        self.per_seating.saturating_mul(self.seatings.len())
    }

    /// Every batch in order, master seed `seed`: pairing by pairing, seating by seating.
    pub fn batches(&self, seed: u64) -> Vec<LadderBatch> {
        let mut out = Vec::with_capacity(self.pairs.len() * self.seatings.len());
        for pair in &self.pairs {
            for seating in &self.seatings {
                let index = out.len();
                out.push(LadderBatch {
                    index,
                    seat_agents: seating.iter().map(|&x| pair[x]).collect(),
                    seed: derive_seed(seed, index as u64),
                });
            }
        }
        out
    }
}

/// What a ladder was asked: for the document's header.
#[derive(Clone, Debug)]
pub struct LadderHeader {
    /// The game's short name.
    pub game: String,
    /// The scenario asked for (`default` if none).
    pub scenario: String,
    /// The agents, as given.
    pub agents: Vec<String>,
    /// Master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// The ladder from its batches' summaries, one per [`Plan::batches`] entry in that order (a
/// batch without a summary counts as no games); `header.agents` are the plan's agents.
pub fn assemble(header: LadderHeader, plan: &Plan, summaries: &[Summary]) -> Ladder {
    let seats = plan.seats;
    let share = fair_share(seats);
    let names = &header.agents;
    let mut pairings = Vec::with_capacity(plan.pairs.len());
    let mut batches = summaries.iter();
    for pair in &plan.pairs {
        let mut p = Pairing {
            a: names[pair[0]].clone(),
            b: names[pair[1]].clone(),
            games: 0,
            draws: 0,
            a_alone: Alone::new(seats),
            b_alone: Alone::new(seats),
            mean_moves: 0.0,
            ends: BTreeMap::new(),
            seconds: 0.0,
        };
        let mut moves = 0.0;
        for seating in &plan.seatings {
            let Some(s) = batches.next() else { break };
            p.games += s.games as u64;
            p.draws += s.draws;
            moves += s.mean_moves * s.games as f64;
            p.seconds += s.elapsed_seconds;
            for (e, n) in &s.ends {
                *p.ends.entry(e.clone()).or_insert(0) += n;
            }
            // An agent holding exactly one seat sits alone in this seating.
            for (side, alone) in [(0, &mut p.a_alone), (1, &mut p.b_alone)] {
                let mut at = seating.iter().enumerate().filter(|(_, x)| **x == side);
                if let (Some((seat, _)), None) = (at.next(), at.next()) {
                    alone.add(
                        seat,
                        SeatRecord {
                            games: s.games as u64,
                            wins: s.wins.get(seat).copied().unwrap_or(0),
                            draws: s.draws,
                        },
                    );
                }
            }
        }
        p.a_alone.finish(share);
        p.b_alone.finish(share);
        p.mean_moves = moves / p.games.max(1) as f64;
        pairings.push(p);
    }
    let standings = standings(names, &pairings, seats);
    Ladder {
        game: header.game,
        scenario: header.scenario,
        seats,
        fair_share: share,
        agents: header.agents.clone(),
        games_per_pairing: plan.games_per_pairing(),
        seed: header.seed,
        threads: header.threads,
        pairings,
        standings,
    }
}

fn standings(names: &[String], pairings: &[Pairing], seats: usize) -> Vec<Standing> {
    let mut out: Vec<Standing> = names
        .iter()
        .map(|n| Standing {
            agent: n.clone(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            score: 0.0,
        })
        .collect();
    for p in pairings {
        for (name, alone) in [(&p.a, &p.a_alone), (&p.b, &p.b_alone)] {
            if let Some(s) = out.iter_mut().find(|s| &s.agent == name) {
                s.games += alone.games;
                s.wins += alone.wins;
                s.draws += alone.draws;
                s.losses += alone.games - alone.wins - alone.draws;
            }
        }
    }
    for s in &mut out {
        s.score = (s.wins as f64 + s.draws as f64 / seats as f64) / s.games.max(1) as f64;
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seatings_and_batches_of_a_ladder() {
        assert_eq!(seatings(2), [vec![0, 1], vec![1, 0]]);
        assert_eq!(seatings(3).len(), 6);
        let plan = Plan::new(3, 2, 9);
        assert_eq!(plan.pairs, [[0, 1], [0, 2], [1, 2]]);
        assert_eq!((plan.per_seating, plan.games_per_pairing()), (5, 10));
        let b = plan.batches(7);
        assert_eq!(b.len(), 6);
        assert_eq!(b[3].seat_agents, [2, 0]);
        assert_eq!(b[3].seed, derive_seed(7, 3));
    }
}
