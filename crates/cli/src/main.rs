//! `gridwright`: play, simulate, analyse and replay Gridwright's games from the command line.
//!
//! This crate only composes: games come from `gridwright-catalog`, batches from
//! `gridwright-sim`. Errors from every layer are turned into one message and a non-zero exit
//! code here, in `main`.

/// `println!` that returns the write error (a closed pipe ends the command quietly) instead
/// of panicking.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($t)*)?
    }};
}

/// `print!` that returns the write error, as [`outln!`].
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($t)*)?
    }};
}

/// `eprintln!` that ignores a failed write: with standard error closed or full, the command
/// still ends with its own exit code instead of a panic (101).
macro_rules! errln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($t)*);
    }};
}

/// `eprint!` that ignores a failed write, as [`errln!`].
macro_rules! err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr().lock(), $($t)*);
    }};
}

mod analyze;
mod balance;
mod batch;
mod ladder;
mod odds;
mod play;
mod simulate;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use gridwright_catalog::{ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::{Actor, Replay};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "gridwright",
    version,
    about = "Tabletop war games as real software: play, simulate, analyse, replay."
)]
struct Cli {
    /// Content directory (holds one folder per game). Default: $GRIDWRIGHT_CONTENT, else
    /// ./content if present, else the content built into this binary. A directory named here
    /// or in $GRIDWRIGHT_CONTENT must exist and hold the game's folder.
    #[arg(long, global = true, value_name = "DIR")]
    content: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games.
    Games {
        /// Print one JSON document.
        #[arg(long)]
        json: bool,
    },
    /// The agent spec reference (`random`, `greedy`, `mcts:iters=2000,…`) and each game's agents.
    Agents,
    /// List a game's scenarios with a preview of each board.
    Scenarios {
        /// The game's short name.
        game: String,
        /// Print one JSON document.
        #[arg(long)]
        json: bool,
    },
    /// List every card of a card game with its stats, keywords and effects in words, and the
    /// tests that play it.
    Cards {
        /// The game's short name.
        game: String,
        /// Print one JSON document.
        #[arg(long)]
        json: bool,
    },
    /// Play in the terminal: people and agents at the seats.
    Play(play::PlayArgs),
    /// Play many games between agents in parallel and report statistics.
    Simulate(simulate::SimulateArgs),
    /// The designer's balance report: wins per seat and faction with intervals, the first
    /// mover's edge, lengths, scores, per-card or per-unit statistics; variants of the config
    /// compared on the same seeds; a sequential test that stops when it decides (docs/lab.md).
    Balance(balance::BalanceArgs),
    /// Exact odds of a matchup.
    Odds(odds::OddsArgs),
    /// Round robin between agents, both seats, with a table of win rates (e.g. to check MCTS
    /// against the game's greedy agent).
    Ladder(ladder::LadderArgs),
    /// What MCTS thinks of a position in a replay: visits, values and the principal line.
    Analyze(analyze::AnalyzeArgs),
    /// Serve the web app: lobby, live multiplayer, AI seats, replays (see docs/server.md).
    Serve(gridwright_server::ServeArgs),
    /// Verify a saved replay and print the game.
    Replay {
        /// The replay file.
        file: PathBuf,
        /// Print one JSON document.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let matches = odds::with_game_help(<Cli as clap::CommandFactory>::command()).get_matches();
    let cli = match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`gridwright … | head -1`): nothing more to say to anyone.
        Err(e) if closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `e` comes from writing to a pipe whose reader has exited.
fn closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> Result<()> {
    let content = ContentSource::discover(cli.content.as_deref());
    content.check()?;
    match cli.command {
        Command::Games { json } => games(json),
        Command::Agents => agents(),
        Command::Scenarios { game, json } => scenarios(&content, &game, json),
        Command::Cards { game, json } => cards(&content, &game, json),
        Command::Play(args) => play::run(&content, args),
        Command::Simulate(args) => simulate::run(&content, args),
        Command::Balance(args) => balance::run(&content, args),
        Command::Odds(args) => odds::run(&content, args),
        Command::Ladder(args) => ladder::run(&content, args),
        Command::Analyze(args) => analyze::run(&content, args),
        Command::Replay { file, json } => replay(&file, json),
        Command::Serve(a) => {
            gridwright_server::serve_blocking(a.into_options(cli.content.clone())?)
        }
    }
}

/// Reads a file a user names (a replay, a save): a regular file of bounded size, as text.
fn read_user_file(file: &std::path::Path) -> Result<String> {
    use gridwright_engine::files::{DEFAULT_MAX_FILE_BYTES, read_text};
    Ok(read_text(file, DEFAULT_MAX_FILE_BYTES)?)
}

/// Looks a game up, with the list of games in the error.
fn game_kind(name: &str) -> Result<GameKind> {
    GameKind::from_name(name).ok_or_else(|| {
        gridwright_catalog::CatalogError::UnknownGame {
            name: name.to_owned(),
        }
        .into()
    })
}

fn games(json: bool) -> Result<()> {
    if json {
        let list: Vec<_> = GameKind::ALL
            .iter()
            .map(|k| {
                let i = k.info();
                serde_json::json!({
                    "name": i.short_name,
                    "title": i.long_name,
                    "summary": i.summary,
                    "min_seats": i.min_seats,
                    "max_seats": i.max_seats,
                    "chance": i.chance,
                    "information": i.information,
                    "rules_version": i.rules_version,
                })
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        for k in GameKind::ALL {
            let i = k.info();
            outln!(
                "{:<14} {:<14} {}–{} seats  {}",
                i.short_name,
                i.long_name,
                i.min_seats,
                i.max_seats,
                i.summary
            );
        }
    }
    Ok(())
}

fn agents() -> Result<()> {
    out!("{}", gridwright_agents::SPEC_HELP);
    outln!("\nAgents by game:");
    for k in GameKind::ALL {
        let (names, defaults) = with_game!(k, G => (G::AGENTS.join(", "), G::MCTS_DEFAULTS));
        let defaults = if defaults.is_empty() {
            "the defaults above".to_owned()
        } else {
            format!("`mcts:{defaults}`")
        };
        outln!(
            "  {:<14} {names}  (plain `mcts` here means {defaults})",
            k.info().short_name
        );
    }
    Ok(())
}

fn scenarios(content: &ContentSource, game: &str, json: bool) -> Result<()> {
    let kind = game_kind(game)?;
    let list = with_game!(kind, G => G::scenarios(content))?;
    if json {
        outln!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        for s in list {
            outln!("== {} ({} seats)\n{}\n", s.name, s.seats, s.preview);
        }
    }
    Ok(())
}

fn cards(content: &ContentSource, game: &str, json: bool) -> Result<()> {
    let kind = game_kind(game)?;
    let list = with_game!(kind, G => G::cards(content))?;
    if json {
        outln!("{}", serde_json::to_string_pretty(&list.json)?);
    } else {
        out!("{}", list.text);
    }
    Ok(())
}

fn replay(file: &std::path::Path, json: bool) -> Result<()> {
    let text = read_user_file(file)?;
    let r = Replay::from_json(&text)
        .with_context(|| format!("{} is not a usable replay", file.display()))?;
    let kind = game_kind(&r.game)?;
    with_game!(kind, G => replay_game::<G>(&r, file, json))
}

fn replay_game<G: Frontend>(r: &Replay, file: &std::path::Path, json: bool) -> Result<()> {
    let s = r
        .verify::<G>()
        .with_context(|| format!("{} failed verification", file.display()))?;
    let state = s.state();
    if json {
        let log: Vec<_> = s
            .log()
            .iter()
            .map(|e| {
                serde_json::json!({
                    "index": e.index,
                    "actor": e.actor,
                    "action": state.action_text(&e.action),
                    "events": e.events.iter().map(|ev| state.event_text(ev)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let doc = serde_json::json!({
            "game": r.game,
            "verified": true,
            "moves": r.moves.len(),
            "event_hash": r.event_hash,
            "terminal": state.is_terminal(),
            "returns": state.returns(),
            "resigned": r.resigned,
            "log": log,
        });
        outln!("{}", serde_json::to_string_pretty(&doc)?);
        return Ok(());
    }
    outln!(
        "{} replay, seed {}, {} moves — verified (hash {})",
        G::INFO.long_name,
        r.seed,
        r.moves.len(),
        r.event_hash
    );
    for e in s.log() {
        let who = match e.actor {
            Actor::Seat(seat) => seat.to_string(),
            Actor::Chance => "chance".into(),
        };
        outln!("{:>4} {:<6} {}", e.index, who, state.action_text(&e.action));
        for ev in &e.events {
            outln!("            {}", state.event_text(ev));
        }
    }
    if let Some(seat) = r.resigned {
        outln!("{:>4} {:<6} resign", s.log().len(), seat.to_string());
        outln!("            {seat} resigned");
    }
    outln!("\n{}", state.render(gridwright_engine::Viewer::Spectator));
    match r.resigned {
        Some(seat) if state.num_seats() == 2 => {
            outln!("Game over: {seat} resigned; {} wins.", seat.next(2))
        }
        Some(seat) => outln!("Game over: {seat} resigned."),
        None => outln!("{}", play::result_line(state)),
    }
    if !state.is_terminal() && r.resigned.is_none() {
        outln!("(the game in this replay is not finished)");
    }
    Ok(())
}
