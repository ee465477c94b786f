//! `gridwright analyze`: what MCTS thinks of a position in a replay — every legal action with
//! its visit count and value estimate, and the principal line — plus the game's own notes on
//! the position (`Frontend::notes`: a Milkomeda Master's valuation of the open bribes).

use anyhow::{Context, Result, bail};
use gridwright_agents::AgentSpec;
use gridwright_catalog::{CatalogError, ContentSource, Frontend, GameKind, mcts_agent, with_game};
use gridwright_engine::{Replay, Rng, Seat, SeatView, Viewer};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// The replay file.
    replay: PathBuf,
    /// Analyse the position after this many player moves (default: after the last).
    #[arg(long, value_name = "N")]
    at: Option<usize>,
    /// The search to run: an `mcts` spec (`mcts:iters=20000`, `mcts:ms=2000,threads=2`).
    #[arg(long, default_value = "mcts:iters=5000")]
    agent: String,
    /// The seat to analyse for, as a player number (default: the seat to act; at a sealed
    /// simultaneous choice, the first seat that still owes one).
    #[arg(long)]
    seat: Option<String>,
    /// Seed of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

pub fn run(_content: &ContentSource, args: AnalyzeArgs) -> Result<()> {
    let text = crate::read_user_file(&args.replay)?;
    let replay = Replay::from_json(&text)
        .with_context(|| format!("{} is not a usable replay", args.replay.display()))?;
    let kind = GameKind::from_name(&replay.game).ok_or_else(|| CatalogError::UnknownGame {
        name: replay.game.clone(),
    })?;
    with_game!(kind, G => analyze::<G>(&replay, &args))
}

fn analyze<G: Frontend>(replay: &Replay, args: &AnalyzeArgs) -> Result<()> {
    let total = replay.moves.len();
    let at = args.at.unwrap_or(total);
    if at > total {
        bail!("--at {at}: the replay has only {total} moves");
    }
    let spec: AgentSpec = args.agent.parse()?;
    if spec.name != "mcts" {
        bail!("--agent must be an `mcts` spec (only search explains its moves), not `{spec}`");
    }
    let mcts = mcts_agent::<G>(&spec)?;
    // Verified like `gridwright replay` (the whole game, hash included) before stepping to `at`.
    replay
        .verify::<G>()
        .with_context(|| format!("{} failed verification", args.replay.display()))?;
    let session = replay
        .rerun::<G>(at)
        .with_context(|| format!("{} does not re-run", args.replay.display()))?;
    let state = session.state();
    let turn = state.turn();
    let seat = match &args.seat {
        Some(s) => Seat::parse_number(s)
            .filter(|seat| seat.index() < state.num_seats())
            .with_context(|| {
                format!("--seat {s}: this game has seats 1 to {}", state.num_seats())
            })?,
        None => Seat::all(state.num_seats())
            .find(|s| turn.includes(*s))
            .with_context(|| {
                if state.is_terminal() {
                    format!("the game is over after move {at}: nothing to analyse")
                } else {
                    format!("nobody may act after move {at}")
                }
            })?,
    };
    if !turn.includes(seat) {
        bail!("{seat} may not act after move {at}");
    }
    let report = mcts.search(
        &SeatView::new(state, seat),
        &mut Rng::seed_from_u64(args.seed),
    );
    if args.json {
        let doc = serde_json::json!({
            "game": G::INFO.short_name,
            "replay": args.replay.display().to_string(),
            "at": at,
            "moves": total,
            "seat": seat,
            "agent": spec.to_string(),
            "report": report,
            "notes": state.notes(seat),
        });
        outln!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        outln!(
            "{} — {}, position after move {at} of {total}, analysed for {seat} with {spec}\n",
            G::INFO.long_name,
            args.replay.display()
        );
        // Drawn from the analysed seat's view: a replay holds every secret, the board shows
        // only what that seat knew.
        outln!("{}", state.render(Viewer::Seat(seat)));
        out!("{}", report.to_text());
        let notes = state.notes(seat);
        if !notes.is_empty() {
            outln!("\n{}", notes.join("\n"));
        }
    }
    Ok(())
}
