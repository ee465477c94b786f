//! `gridwright play`: people and agents at the seats of one game in the terminal.

use crate::game_kind;
use anyhow::{Context, Result, bail};
use gridwright_agents::AgentSpec;
use gridwright_catalog::terminal::{self, Listing, TurnScreen};
use gridwright_catalog::{ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::{
    Agent, Game, Information, Replay, Rng, Seat, SeatView, Session, Turn, Viewer, derive_seed,
};
use std::io::{BufRead, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game's short name.
    game: String,
    /// Scenario name or path to a scenario file.
    #[arg(long)]
    scenario: Option<String>,
    /// The deck of a seat, for games played with decks: `--deck p1=NAME --deck p2=PATH` (a
    /// shipped deck name or a deck file of one's own), on top of the scenario.
    #[arg(long = "deck", value_name = "SEAT=NAME|PATH")]
    decks: Vec<String>,
    /// Who sits where: `--seat 1=human --seat 2=greedy`. Unnamed seats: seat 1 human, the rest
    /// the game's strongest agent.
    #[arg(long = "seat", value_name = "N=AGENT")]
    seats: Vec<String>,
    /// Seed for dice and agents (default: from the clock; printed so the game can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Continue a game saved with `save FILE`.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
}

pub fn run(content: &ContentSource, args: PlayArgs) -> Result<()> {
    let asked = game_kind(&args.game)?;
    let kind = match &args.load {
        Some(file) => {
            let text = crate::read_user_file(file)?;
            let saved = Replay::from_json(&text)
                .with_context(|| format!("{} is not a usable save", file.display()))?
                .game;
            let saved_kind = game_kind(&saved)?;
            if saved_kind != asked {
                anyhow::bail!(
                    "{} is a save of {}, not of {}; continue it with: gridwright play {} --load {}",
                    file.display(),
                    saved_kind.info().long_name,
                    asked.info().long_name,
                    saved_kind.info().short_name,
                    file.display()
                );
            }
            saved_kind
        }
        None => asked,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    with_game!(kind, G => play::<G>(content, &args, &mut input, &mut out))
}

enum Player<G: Game> {
    Human,
    Agent(Box<dyn Agent<G>>),
}

fn seat_players<G: Frontend>(specs: &[String], n: usize) -> Result<Vec<Player<G>>> {
    let mut chosen: Vec<Option<AgentSpec>> = vec![None; n];
    for s in specs {
        let (num, spec) = s
            .split_once('=')
            .with_context(|| format!("--seat `{s}` must look like 1=human or 2=greedy"))?;
        let seat = Seat::parse_number(num)
            .filter(|seat| seat.index() < n)
            .with_context(|| format!("--seat `{s}`: this game has seats 1 to {n}"))?;
        if chosen[seat.index()].is_some() {
            bail!("--seat {num}= is given twice; give each seat once");
        }
        chosen[seat.index()] = Some(spec.parse()?);
    }
    let default_agent = G::AGENTS.last().copied().unwrap_or("random");
    chosen
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let spec = match c {
                Some(c) => c,
                None if i == 0 => AgentSpec {
                    name: "human".into(),
                    params: Default::default(),
                },
                None => default_agent.parse()?,
            };
            Ok(if spec.is_human() {
                Player::Human
            } else {
                Player::Agent(G::agent(&spec)?)
            })
        })
        .collect()
}

/// Text for the end of a game.
pub fn result_line<G: Frontend>(state: &G) -> String {
    if !state.is_terminal() {
        return "Game in progress.".into();
    }
    let returns = state.returns();
    let mut line = match gridwright_sim::winner_of(&returns) {
        Some(s) => format!("Game over: {s} wins."),
        None => "Game over: draw.".into(),
    };
    if let Some(scores) = state.scores() {
        let parts: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(i, v)| format!("P{} {v}", i + 1))
            .collect();
        line.push_str(&format!(" Score: {}.", parts.join(", ")));
    }
    line
}

/// Writes `text` wrapped to the terminal's width.
fn say(out: &mut dyn Write, text: &str) -> std::io::Result<()> {
    for line in terminal::wrap(text, terminal::COLUMNS) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Clears the screen (`ESC[2J`), the scrollback (`ESC[3J`) and homes the cursor (`ESC[H`).
pub const CLEAR: &str = "\x1b[2J\x1b[3J\x1b[H";

const HELP: &str = "Type an action (its number or its text), or: legal [WORDS] · more · log · \
                    card NAME · undo · save FILE · help · quit";

/// The play loop, over any input and output so that it can be tested with scripts.
pub fn play<G: Frontend>(
    content: &ContentSource,
    args: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    // A save carries its whole config and seed, so no scenario, deck or seed can change it:
    // refused rather than ignored, so nobody believes they are playing something else.
    if args.load.is_some() && !args.decks.is_empty() {
        anyhow::bail!("--deck does not apply to a loaded game: its decks are in the save");
    }
    if args.load.is_some() && args.scenario.is_some() {
        anyhow::bail!(
            "--scenario does not apply to a loaded game: its scenario is in the save; leave \
             out --scenario to continue it"
        );
    }
    if args.load.is_some() && args.seed.is_some() {
        anyhow::bail!(
            "--seed does not apply to a loaded game: its seed is in the save; leave out --seed \
             to continue it"
        );
    }
    let mut session: Session<G> = match &args.load {
        Some(file) => {
            let text = crate::read_user_file(file)?;
            Replay::from_json(&text)?
                .verify::<G>()
                .with_context(|| format!("{} failed verification", file.display()))?
        }
        None => {
            let seed = args.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_secs())
            });
            Session::new(
                gridwright_catalog::load_config_with_decks::<G>(
                    content,
                    args.scenario.as_deref(),
                    &args.decks,
                )?,
                seed,
            )?
        }
    };
    let n = session.state().num_seats();
    let mut players = seat_players::<G>(&args.seats, n)?;
    let humans: Vec<Seat> = Seat::all(n)
        .filter(|s| matches!(players[s.index()], Player::Human))
        .collect();
    let mut agent_rng = Rng::seed_from_u64(derive_seed(session.seed(), 0xC11));
    say(
        out,
        &format!("{} — seed {}. {HELP}", G::INFO.long_name, session.seed()),
    )?;
    let mut viewer = match humans.as_slice() {
        [one] => Viewer::Seat(*one),
        _ => Viewer::Spectator,
    };
    // The log from `shown` on has not been printed; with nobody at the keyboard lines print as
    // they come, else each screen shows, as its viewer may see them, the latest lines since the
    // last screen (`log` all of them).
    let mut shown = 0usize;
    loop {
        if humans.is_empty() {
            for line in terminal::log_lines(&session, viewer, shown) {
                say(out, &line)?;
            }
            shown = session.log().len();
        }
        let turn = session.turn();
        let seat = match turn {
            Turn::Terminal | Turn::Chance => {
                let screen = terminal::end_screen(
                    &terminal::log_lines(&session, viewer, shown),
                    &session.state().render(viewer),
                    &result_line(session.state()),
                );
                for line in screen {
                    writeln!(out, "{line}")?;
                }
                return Ok(());
            }
            t => match Seat::all(n).find(|s| t.includes(*s)) {
                Some(s) => s,
                None => bail!("no seat can act; the game is stuck"),
            },
        };
        if let Player::Agent(agent) = &mut players[seat.index()] {
            let a = agent.choose(&SeatView::new(session.state(), seat), &mut agent_rng);
            session.apply(seat, a).map_err(|r| {
                anyhow::anyhow!("agent `{}` made an illegal move: {r}", agent.name())
            })?;
            continue;
        }
        if humans.len() > 1 && viewer != Viewer::Seat(seat) {
            if G::INFO.information == Information::Imperfect {
                // Hotseat with secrets: clear the screen and the terminal's scrollback and wait,
                // so the next player does not see (or scroll back to) what the previous one may
                // keep hidden, such as a sealed fleet roster.
                write!(
                    out,
                    "{CLEAR}Pass the keyboard to {seat}, then press Enter. "
                )?;
                out.flush()?;
                let mut ignored = String::new();
                if input.read_line(&mut ignored)? == 0 {
                    return Ok(());
                }
            }
            viewer = Viewer::Seat(seat);
        }
        let legal = session.legal_texts(seat);
        let turn_log = terminal::log_lines(&session, viewer, shown);
        shown = session.log().len();
        let picture = session.state().render(viewer);
        let (screen, mut listing) = TurnScreen {
            log: &turn_log,
            picture: &picture,
            seat,
            legal: &legal,
        }
        .lines();
        for line in screen {
            writeln!(out, "{line}")?;
        }
        loop {
            write!(out, "{seat}> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(
                    out,
                    "\nInput ended; leaving the game (use `save FILE` to keep a game)."
                )?;
                return Ok(());
            }
            let line = line.trim();
            let (cmd, rest) = line
                .split_once(' ')
                .map_or((line, ""), |(c, r)| (c, r.trim()));
            match cmd {
                "" => continue,
                "help" | "?" => say(
                    out,
                    &format!(
                        "{}\n{HELP}",
                        gridwright_catalog::step_help(session.state(), seat)
                    ),
                )?,
                "card" if !rest.is_empty() => {
                    let how = GameKind::from_name(G::INFO.short_name)
                        .and_then(|k| gridwright_catalog::how_to_play(content, k).ok());
                    let reference = G::reference(session.config());
                    match how.map(|h| gridwright_catalog::describe(&reference, &h, rest)) {
                        Some(Ok(text)) | Some(Err(text)) => say(out, &text)?,
                        None => say(out, "No card list for this game.")?,
                    }
                }
                "legal" => {
                    // The page as tall as the screen, less the prompt.
                    listing = Listing::new(rest, terminal::ROWS - 1);
                    for l in listing.lines(&legal) {
                        writeln!(out, "{l}")?;
                    }
                }
                "more" => {
                    listing.page += 1;
                    for l in listing.lines(&legal) {
                        writeln!(out, "{l}")?;
                    }
                }
                "log" if turn_log.is_empty() => {
                    say(out, "Nothing has happened since your last turn.")?
                }
                "log" => {
                    for l in &turn_log {
                        say(out, l)?;
                    }
                }
                "quit" | "exit" => return Ok(()),
                "save" if !rest.is_empty() => {
                    match gridwright_engine::files::write_atomic(
                        std::path::Path::new(rest),
                        session.replay().to_json().as_bytes(),
                    ) {
                        Ok(()) => writeln!(
                            out,
                            "Saved to {rest}. Continue with: gridwright play {} --load {rest}",
                            G::INFO.short_name
                        )?,
                        Err(e) => writeln!(out, "Cannot save to {rest}: {e}")?,
                    }
                }
                "undo" => {
                    if session.undo(seat)? {
                        shown = session.log().len();
                        writeln!(out, "Undone.")?;
                    } else {
                        writeln!(out, "Nothing of yours to undo.")?;
                    }
                    break;
                }
                _ => {
                    let action = match line.parse::<usize>() {
                        Ok(i) if (1..=legal.len()).contains(&i) => {
                            session.state().parse_action(seat, &legal[i - 1])
                        }
                        Ok(i) => Err(format!(
                            "there is no action number {i} (1 to {})",
                            legal.len()
                        )),
                        Err(_) => session.state().parse_action(seat, line),
                    };
                    let action = match action {
                        Ok(a) => a,
                        Err(why) => {
                            say(
                                out,
                                &format!(
                                    "Cannot read `{line}`: {why}. Type `legal` to see the actions."
                                ),
                            )?;
                            continue;
                        }
                    };
                    if let Some(preview) = session.state().preview_action(&action) {
                        say(out, &preview)?;
                        write!(out, "Confirm? [y/N] ")?;
                        out.flush()?;
                        let mut answer = String::new();
                        input.read_line(&mut answer)?;
                        if !answer.trim().eq_ignore_ascii_case("y") {
                            writeln!(out, "Not done.")?;
                            continue;
                        }
                    }
                    match session.apply(seat, action) {
                        Ok(_) => break,
                        Err(r) => say(
                            out,
                            &format!("Refused: {r}. Type `legal` to see the actions."),
                        )?,
                    }
                }
            }
        }
    }
}
