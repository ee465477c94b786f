//! `gridwright ladder`: a round robin between agents, with a table of results (the ladder
//! itself, its batches and its document, is `gridwright_sim::ladder`).
//!
//! Every pairing of two agents plays each agent *alone* against the other at every other seat,
//! with the lone agent at each seat in turn: in a two-seat game that is every game from both
//! seats; in an N-seat game, 2N seatings. A lone agent's wins are compared with the 1/N share
//! through their 95% interval.

use crate::batch::{self, Batch};
use anyhow::{Context, Result, bail};
use gridwright_agents::AgentSpec;
use gridwright_catalog::{CatalogError, ContentSource, Frontend, GameKind, with_game};
use gridwright_sim::ladder::{Ladder, LadderHeader, Plan, SeatRecord, assemble};
use gridwright_sim::{Share, SimOptions};
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
    let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let plan = Plan::new(specs.len(), seats, args.games);
    let show_progress = !args.json && std::io::stderr().is_terminal();
    let mut summaries = Vec::new();
    for b in plan.batches(args.seed) {
        let label = b
            .seat_agents
            .iter()
            .map(|&x| names[x].as_str())
            .collect::<Vec<_>>()
            .join(" vs ");
        summaries.push(
            Batch::<G> {
                config: &config,
                agents: b
                    .seat_agents
                    .iter()
                    .map(|&x| batch::factory::<G>(specs[x].clone()))
                    .collect(),
                opts: SimOptions {
                    games: plan.per_seating,
                    seed: b.seed,
                    threads,
                    replays: None,
                },
                show: show_progress,
                every: 8,
                line: Box::new(move |done, total| format!("{label}: {done}/{total}   ")),
            }
            .play()?,
        );
    }
    let doc = assemble(
        LadderHeader {
            game: G::INFO.short_name.to_owned(),
            scenario: args.scenario.clone().unwrap_or_else(|| "default".into()),
            agents: names,
            seed: args.seed,
            threads,
        },
        &plan,
        &summaries,
    );
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        out!("{}", table(&doc));
    }
    Ok(())
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
