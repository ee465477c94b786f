//! `gridwright ladder`: a round robin between agents, every pairing from both seats, with a
//! table of results.

use anyhow::{Context, Result, bail};
use gridwright_agents::AgentSpec;
use gridwright_catalog::{CatalogError, ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::derive_seed;
use gridwright_sim::{AgentFactory, SimOptions, wilson_interval};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub struct LadderArgs {
    /// The game's short name.
    game: String,
    /// The agents, comma-separated specs (`random,greedy,mcts:iters=500`); every pair meets.
    #[arg(long, default_value = "random,greedy,mcts")]
    agents: String,
    /// Games per pairing, half with each agent as P1 (an odd number is rounded up).
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

/// One agent's results from one seat against one opponent.
#[derive(Clone, Copy, Debug, Default, Serialize)]
struct SeatRecord {
    games: u64,
    wins: u64,
    draws: u64,
}

/// The results of one pairing, from agent `a`'s side.
#[derive(Clone, Debug, Serialize)]
struct Pairing {
    a: String,
    b: String,
    games: u64,
    a_wins: u64,
    b_wins: u64,
    draws: u64,
    /// `a`'s wins over games.
    a_win_rate: f64,
    /// 95% Wilson interval of `a_win_rate`.
    a_win_interval_95: (f64, f64),
    /// `a` as P1 (and `b` as P2).
    a_as_p1: SeatRecord,
    /// `a` as P2.
    a_as_p2: SeatRecord,
    /// Mean player moves per game.
    mean_moves: f64,
    seconds: f64,
}

/// One agent's totals.
#[derive(Clone, Debug, Serialize)]
struct Standing {
    agent: String,
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    /// (wins + draws / 2) / games.
    score: f64,
}

#[derive(Serialize)]
struct Ladder {
    game: &'static str,
    scenario: String,
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

fn ladder<G: Frontend>(content: &ContentSource, args: &LadderArgs) -> Result<()> {
    let config = gridwright_catalog::load_config_with_decks::<G>(
        content,
        args.scenario.as_deref(),
        &args.decks,
    )?;
    let seats = G::new(&config)
        .map_err(|e| CatalogError::Content(e.to_string()))?
        .num_seats();
    if seats != 2 {
        bail!("a ladder needs a two-seat game; this one has {seats} seats");
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
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let per_seating = args.games.div_ceil(2);
    let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let show_progress = !args.json && std::io::stderr().is_terminal();
    let mut pairings = Vec::new();
    let mut k = 0u64;
    for i in 0..specs.len() {
        for j in i + 1..specs.len() {
            let mut p = Pairing {
                a: names[i].clone(),
                b: names[j].clone(),
                games: 0,
                a_wins: 0,
                b_wins: 0,
                draws: 0,
                a_win_rate: 0.0,
                a_win_interval_95: (0.0, 1.0),
                a_as_p1: SeatRecord::default(),
                a_as_p2: SeatRecord::default(),
                mean_moves: 0.0,
                seconds: 0.0,
            };
            let mut moves = 0.0;
            for a_seat in 0..2usize {
                let order = if a_seat == 0 { [i, j] } else { [j, i] };
                let factories: Vec<AgentFactory<G>> = order
                    .iter()
                    .map(|&x| factory::<G>(specs[x].clone()))
                    .collect();
                let opts = SimOptions {
                    games: per_seating,
                    seed: derive_seed(args.seed, k),
                    threads,
                    replays: None,
                };
                k += 1;
                let label = format!("{} vs {}", names[order[0]], names[order[1]]);
                let progress = move |done: usize, total: usize| {
                    if show_progress && (done % 8 == 0 || done == total) {
                        eprint!("\r{label}: {done}/{total}   ");
                        if done == total {
                            eprintln!();
                        }
                        let _ = std::io::stderr().flush();
                    }
                };
                let s = gridwright_sim::run::<G>(&config, &factories, &opts, G::scores, &progress)?;
                let rec = SeatRecord {
                    games: s.games as u64,
                    wins: s.wins[a_seat],
                    draws: s.draws,
                };
                p.games += rec.games;
                p.a_wins += rec.wins;
                p.b_wins += s.wins[1 - a_seat];
                p.draws += rec.draws;
                moves += s.mean_moves * s.games as f64;
                p.seconds += s.elapsed_seconds;
                if a_seat == 0 {
                    p.a_as_p1 = rec;
                } else {
                    p.a_as_p2 = rec;
                }
            }
            p.a_win_rate = p.a_wins as f64 / p.games.max(1) as f64;
            p.a_win_interval_95 = wilson_interval(p.a_wins, p.games);
            p.mean_moves = moves / p.games.max(1) as f64;
            pairings.push(p);
        }
    }
    let standings = standings(&names, &pairings);
    let doc = Ladder {
        game: G::INFO.short_name,
        scenario: args.scenario.clone().unwrap_or_else(|| "default".into()),
        agents: names.clone(),
        games_per_pairing: per_seating * 2,
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

/// A fresh agent per game (agents may keep per-game state).
fn factory<G: Frontend>(spec: AgentSpec) -> AgentFactory<G> {
    Arc::new(move || match G::agent(&spec) {
        Ok(a) => a,
        // Checked before the ladder started; cannot fail here.
        Err(_) => Box::new(gridwright_engine::RandomAgent),
    })
}

fn standings(names: &[String], pairings: &[Pairing]) -> Vec<Standing> {
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
        for (name, wins, losses) in [(&p.a, p.a_wins, p.b_wins), (&p.b, p.b_wins, p.a_wins)] {
            if let Some(s) = out.iter_mut().find(|s| &s.agent == name) {
                s.games += p.games;
                s.wins += wins;
                s.losses += losses;
                s.draws += p.draws;
            }
        }
    }
    for s in &mut out {
        s.score = (s.wins as f64 + s.draws as f64 / 2.0) / s.games.max(1) as f64;
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out
}

fn pct(k: u64, n: u64) -> String {
    format!("{:.1}%", 100.0 * k as f64 / n.max(1) as f64)
}

fn table(d: &Ladder) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ladder — scenario {}, {} games per pairing (half from each seat), seed {}",
        d.game, d.scenario, d.games_per_pairing, d.seed
    );
    // Cross table: row agent's win rate against the column agent.
    let w = d.agents.iter().map(|a| a.len()).max().unwrap_or(6).max(6);
    let _ = write!(out, "\n{:<w$}", "wins of row vs column");
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
                            Some(pct(p.a_wins, p.games))
                        } else if &p.b == r && &p.a == c {
                            Some(pct(p.b_wins, p.games))
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
        let (lo, hi) = p.a_win_interval_95;
        let _ = writeln!(
            out,
            "  {} vs {}: A wins {}/{} ({}, 95% {:.1}–{:.1}%), B wins {}, draws {}; \
             A as P1 {}/{}, A as P2 {}/{}; {:.1} moves/game, {:.1} s",
            p.a,
            p.b,
            p.a_wins,
            p.games,
            pct(p.a_wins, p.games),
            100.0 * lo,
            100.0 * hi,
            p.b_wins,
            p.draws,
            p.a_as_p1.wins,
            p.a_as_p1.games,
            p.a_as_p2.wins,
            p.a_as_p2.games,
            p.mean_moves,
            p.seconds
        );
    }
    let _ = writeln!(
        out,
        "\nstandings (score = wins + half the draws, per game):"
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
