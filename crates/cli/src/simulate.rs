//! `gridwright simulate`: batches of agent-vs-agent games with statistics.

use crate::batch::{self, Batch};
use crate::game_kind;
use anyhow::Result;
use gridwright_catalog::{ContentSource, Frontend, with_game};
use gridwright_sim::{SimOptions, Summary};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    batch: batch::GamesArgs,
    /// Save every game's replay file into this directory.
    #[arg(long, value_name = "DIR")]
    replays: Option<PathBuf>,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

pub fn run(content: &ContentSource, args: SimulateArgs) -> Result<()> {
    let kind = game_kind(&args.batch.game)?;
    with_game!(kind, G => simulate::<G>(content, &args))
}

fn simulate<G: Frontend>(content: &ContentSource, args: &SimulateArgs) -> Result<()> {
    let batch::Setup {
        config, factories, ..
    } = args
        .batch
        .setup::<G>(content, "a simulation; use `gridwright play`")?;
    let threads = batch::threads(args.batch.threads)?;
    let summary = Batch::<G> {
        config: &config,
        agents: factories,
        opts: SimOptions {
            games: args.batch.games,
            seed: args.batch.seed,
            threads,
            replays: args.replays.clone(),
        },
        show: std::io::stderr().is_terminal(),
        every: 64,
        line: Box::new(|done, total| {
            let width = 30;
            let filled = width * done / total.max(1);
            format!(
                "[{}{}] {done}/{total}",
                "#".repeat(filled),
                ".".repeat(width - filled)
            )
        }),
    }
    .play()?;
    if args.json {
        let mut doc = serde_json::to_value(&summary)?;
        doc["game"] = G::INFO.short_name.into();
        // What was played: the config's own name where it has one (Starcore's says which
        // decks play, after `--deck` too), else the scenario asked for.
        doc["scenario"] = G::config_name(&config)
            .or_else(|| args.batch.scenario.clone())
            .unwrap_or_else(|| "default".into())
            .into();
        doc["agents"] = args.batch.agents.clone().into();
        doc["seed"] = args.batch.seed.into();
        doc["threads"] = threads.into();
        outln!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        print_summary::<G>(&summary, &args.batch.agents, threads)?;
    }
    Ok(())
}

fn print_summary<G: Frontend>(s: &Summary, agents: &str, threads: usize) -> Result<()> {
    outln!(
        "{} — {} games, agents {agents}, {threads} thread(s)",
        G::INFO.long_name,
        s.games
    );
    let n = s.wins.len();
    for (i, w) in s.wins.iter().enumerate() {
        let (lo, hi) = s.win_interval_95[i];
        outln!(
            "  P{} wins {:>7}  {:>6.2}%  (95% CI {:.2}%–{:.2}%, {} the 1/{n} share of {:.2}%)",
            i + 1,
            w,
            100.0 * s.win_rate[i],
            100.0 * lo,
            100.0 * hi,
            s.vs_share[i].words(),
            100.0 * s.fair_share
        );
    }
    outln!(
        "  draws   {:>7}  {:>6.2}%",
        s.draws,
        100.0 * s.draws as f64 / s.games.max(1) as f64
    );
    outln!(
        "  game length: mean {:.1} moves, median {:.1}",
        s.mean_moves,
        s.median_moves
    );
    if let Some(v) = &s.mean_scores {
        let parts: Vec<String> = v
            .iter()
            .enumerate()
            .map(|(i, x)| format!("P{} {x:.2}", i + 1))
            .collect();
        outln!("  mean score (victory points): {}", parts.join(", "));
    }
    if !s.ends.is_empty() {
        let parts: Vec<String> = s.ends.iter().map(|(e, k)| format!("{e} {k}")).collect();
        outln!("  how the games ended: {}", parts.join(", "));
    }
    outln!(
        "  {:.0} games/s ({:.2} s)",
        s.games_per_second,
        s.elapsed_seconds
    );
    Ok(())
}
