//! `gridwright ladder`: a round robin between agents, with a table of results.
//!
//! Every pairing of two agents plays each agent *alone* against the other at every other seat,
//! with the lone agent at each seat in turn: in a two-seat game that is every game from both
//! seats; in an N-seat game, 2N seatings. A lone agent's wins are compared with the 1/N share
//! through their 95% interval.

use crate::batch::{self, Batch};
use anyhow::{Context, Result, bail};
use gridwright_agents::AgentSpec;
use gridwright_catalog::{CatalogError, ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::derive_seed;
use gridwright_sim::{Share, SimOptions, fair_share, wilson_interval};
use serde::Serialize;
use std::io::IsTerminal;

#[derive(clap::Args, Debug)]
pub struct LadderArgs {
    /// The game's short name.
    game: String,
    /// The agents, comma-separated specs (`random,greedy,mcts:iters=500`); every pair meets.
    #[arg(long, default_value = "random,greedy,mcts")]
    agents: String,
    /// Games per pairing, spread evenly over the seatings (rounded up): with two seats, half
    /// with each agent as P1; with N seats, each agent alone against the other at each seat.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Scenario name or path to a scenario file.
    #[arg(long)]
    scenario: Option<String>,
    /// The deck of a seat, for games played with decks: `--deck p1=NAME --deck p2=PATH` (a
    /// shipped deck name or a deck file of one's own), on top of the scenario.
    #[arg(long = "deck", value_name = "SEAT=NAME|PATH")]
    decks: Vec<String>,
    /// Master seed; each pairing and seating gets its own seed derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

/// One agent's results from one seat.
#[derive(Clone, Copy, Debug, Default, Serialize)]
struct SeatRecord {
    games: u64,
    wins: u64,
    draws: u64,
}

/// One agent's results when it sits alone against the other agent at every other seat, every
/// seat in turn (in a two-seat game: every game of the pairing).
#[derive(Clone, Debug, Default, Serialize)]
struct Alone {
    games: u64,
    wins: u64,
    draws: u64,
    /// Wins over games.
    win_rate: f64,
    /// 95% Wilson interval of `win_rate`.
    win_interval_95: (f64, f64),
    /// Where that interval stands against the 1/N share.
    vs_share: Option<Share>,
    /// The same, seat by seat (index 0 is P1).
    by_seat: Vec<SeatRecord>,
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
#[derive(Clone, Debug, Serialize)]
struct Pairing {
    a: String,
    b: String,
    /// All games of the pairing.
    games: u64,
    /// Games nobody won alone.
    draws: u64,
    /// `a` alone against `b` at every other seat.
    a_alone: Alone,
    /// `b` alone against `a` at every other seat (in a two-seat game, the same games as
    /// `a_alone`).
    b_alone: Alone,
    /// Mean player moves per game.
    mean_moves: f64,
    /// How many games ended each way, for games that say how they ended (empty otherwise).
    ends: std::collections::BTreeMap<String, u64>,
    seconds: f64,
}

/// One agent's totals over the games it sat alone.
#[derive(Clone, Debug, Serialize)]
struct Standing {
    agent: String,
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    /// (wins + draws / N) / games: 1/N is the fair share.
    score: f64,
}

#[derive(Serialize)]
struct Ladder {
    game: &'static str,
    scenario: String,
    seats: usize,
    /// 1/N: the win rate of an agent no better than the others.
    fair_share: f64,
    agents: Vec<String>,
    games_per_pairing: usize,
    seed: u64,
    threads: usize,
    pairings: Vec<Pairing>,
    standings: Vec<Standing>,
}

pub fn run(content: &ContentSource, args: LadderArgs) -> Result<()> {
    let kind = GameKind::from_name(&args.game).ok_or_else(|| CatalogError::UnknownGame {
        name: args.game.clone(),
    })?;
    with_game!(kind, G => ladder::<G>(content, &args))
}

/// The seatings of a pairing of agents 0 and 1 at `seats` seats: agent 0 alone at each seat in
/// turn, then agent 1 alone at each seat in turn, without repeats (with two seats the second
/// half repeats the first).
fn seatings(seats: usize) -> Vec<Vec<usize>> {
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

fn ladder<G: Frontend>(content: &ContentSource, args: &LadderArgs) -> Result<()> {
    let config = gridwright_catalog::load_config_with_decks::<G>(
        content,
        args.scenario.as_deref(),
        &args.decks,
    )?;
    let seats = G::new(&config).map_err(CatalogError::from)?.num_seats();
    if seats < 2 {
        bail!("a ladder needs a game of at least two seats; this one has {seats}");
    }
    let specs = AgentSpec::parse_list(&args.agents)?;
    if specs.len() < 2 {
        bail!("a ladder needs at least two agents (e.g. --agents random,greedy)");
    }
    for s in &specs {
        if s.is_human() {
            bail!("`human` cannot play in a ladder");
        }
        G::agent(s).with_context(|| format!("agent `{s}`"))?;
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let threads = batch::threads(args.threads)?;
    let seatings = seatings(seats);
    let per_seating = args.games.div_ceil(seatings.len());
    let share = fair_share(seats);
    let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let show_progress = !args.json && std::io::stderr().is_terminal();
    let mut pairings = Vec::new();
    let mut k = 0u64;
    for i in 0..specs.len() {
        for j in i + 1..specs.len() {
            let pair = [i, j];
            let mut p = Pairing {
                a: names[i].clone(),
                b: names[j].clone(),
                games: 0,
                draws: 0,
                a_alone: Alone::new(seats),
                b_alone: Alone::new(seats),
                mean_moves: 0.0,
                ends: Default::default(),
                seconds: 0.0,
            };
            let mut moves = 0.0;
            for seating in &seatings {
                let label = seating
                    .iter()
                    .map(|&x| names[pair[x]].as_str())
                    .collect::<Vec<_>>()
                    .join(" vs ");
                let s = Batch::<G> {
                    config: &config,
                    agents: seating
                        .iter()
                        .map(|&x| batch::factory::<G>(specs[pair[x]].clone()))
                        .collect(),
                    opts: SimOptions {
                        games: per_seating,
                        seed: derive_seed(args.seed, k),
                        threads,
                        replays: None,
                    },
                    show: show_progress,
                    every: 8,
                    line: Box::new(move |done, total| format!("{label}: {done}/{total}   ")),
                }
                .play()?;
                k += 1;
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
                                wins: s.wins[seat],
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
    }
    let standings = standings(&names, &pairings, seats);
    let doc = Ladder {
        game: G::INFO.short_name,
        scenario: args.scenario.clone().unwrap_or_else(|| "default".into()),
        seats,
        fair_share: share,
        agents: names.clone(),
        games_per_pairing: per_seating * seatings.len(),
        seed: args.seed,
        threads,
        pairings,
        standings,
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        out!("{}", table(&doc));
    }
    Ok(())
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

fn pct(k: u64, n: u64) -> String {
    format!("{:.1}%", 100.0 * k as f64 / n.max(1) as f64)
}

fn seat_list(by_seat: &[SeatRecord]) -> String {
    by_seat
        .iter()
        .enumerate()
        .map(|(i, r)| format!("P{} {}/{}", i + 1, r.wins, r.games))
        .collect::<Vec<_>>()
        .join(", ")
}

fn table(d: &Ladder) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let n = d.seats;
    if n == 2 {
        let _ = writeln!(
            out,
            "{} ladder — scenario {}, {} games per pairing (half from each seat), seed {}",
            d.game, d.scenario, d.games_per_pairing, d.seed
        );
    } else {
        let _ = writeln!(
            out,
            "{} ladder — scenario {}, {n} seats, {} games per pairing (each agent alone against \
             the other at every seat in turn), seed {}; the 1/{n} share is {:.1}%",
            d.game,
            d.scenario,
            d.games_per_pairing,
            d.seed,
            100.0 * d.fair_share
        );
    }
    // Cross table: the row agent's win rate alone against the column agent.
    let w = d.agents.iter().map(|a| a.len()).max().unwrap_or(6).max(6);
    let caption = if n == 2 {
        "wins of row vs column"
    } else {
        "wins of row alone vs column"
    };
    let _ = write!(out, "\n{caption:<w$}");
    let _ = writeln!(out);
    let _ = write!(out, "{:<w$}", "");
    for a in &d.agents {
        let _ = write!(out, "  {a:>w$}");
    }
    let _ = writeln!(out);
    for r in &d.agents {
        let _ = write!(out, "{r:<w$}");
        for c in &d.agents {
            let cell = if r == c {
                "—".to_owned()
            } else {
                d.pairings
                    .iter()
                    .find_map(|p| {
                        if &p.a == r && &p.b == c {
                            Some(pct(p.a_alone.wins, p.a_alone.games))
                        } else if &p.b == r && &p.a == c {
                            Some(pct(p.b_alone.wins, p.b_alone.games))
                        } else {
                            None
                        }
                    })
                    .unwrap_or_default()
            };
            let _ = write!(out, "  {cell:>w$}");
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(out, "\npairings (A vs B):");
    for p in &d.pairings {
        if n == 2 {
            let (lo, hi) = p.a_alone.win_interval_95;
            let _ = writeln!(
                out,
                "  {} vs {}: A wins {}/{} ({}, 95% {:.1}–{:.1}%), B wins {}, draws {}; \
                 A as P1 {}/{}, A as P2 {}/{}; {:.1} moves/game, {:.1} s",
                p.a,
                p.b,
                p.a_alone.wins,
                p.games,
                pct(p.a_alone.wins, p.games),
                100.0 * lo,
                100.0 * hi,
                p.b_alone.wins,
                p.draws,
                p.a_alone.by_seat[0].wins,
                p.a_alone.by_seat[0].games,
                p.a_alone.by_seat[1].wins,
                p.a_alone.by_seat[1].games,
                p.mean_moves,
                p.seconds
            );
            continue;
        }
        let _ = writeln!(
            out,
            "  {} vs {}: {} games, {} draws; {:.1} moves/game, {:.1} s",
            p.a, p.b, p.games, p.draws, p.mean_moves, p.seconds
        );
        for (who, other, alone) in [(&p.a, &p.b, &p.a_alone), (&p.b, &p.a, &p.b_alone)] {
            let (lo, hi) = alone.win_interval_95;
            let _ = writeln!(
                out,
                "    {who} alone vs {other}: wins {}/{} ({}, 95% {:.1}–{:.1}%, {} the 1/{n} \
                 share); {}",
                alone.wins,
                alone.games,
                pct(alone.wins, alone.games),
                100.0 * lo,
                100.0 * hi,
                alone.vs_share.map_or("level with", Share::words),
                seat_list(&alone.by_seat)
            );
        }
    }
    let _ = writeln!(
        out,
        "\nstandings (score = wins + draws / {n}, per game sat alone; 1/{n} is the fair share):"
    );
    for (i, s) in d.standings.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}. {:<w$}  {:>5.1}%  {} wins, {} draws, {} losses in {} games",
            i + 1,
            s.agent,
            100.0 * s.score,
            s.wins,
            s.draws,
            s.losses,
            s.games
        );
    }
    out
}
