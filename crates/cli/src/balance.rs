//! `gridwright balance`: the designer's balance report (issue 25) — wins per seat and faction
//! with intervals, the first mover's edge, game lengths and scores, per-card or per-unit
//! statistics, variants of the config compared on the same seeds, and a sequential test that
//! stops when it decides. The report itself is `gridwright_sim::balance::report`; this module
//! reads the arguments, checks every one of them before a game is played, and prints.

use crate::batch;
use crate::game_kind;
use anyhow::{Context, Result, bail};
use gridwright_agents::AgentSpec;
use gridwright_catalog::{ContentSource, Frontend, with_game};
use gridwright_engine::Seat;
use gridwright_sim::balance::{BalanceReport, Header, PairingsReport, RateLine, VariantReport};
use gridwright_sim::curves::Curve;
use gridwright_sim::importance::{ImportanceReport, ImportanceRequest};
use gridwright_sim::request::{BalanceRequest, Spelling, SprtBounds, parse_variant};
use gridwright_sim::sprt::SprtVerdict;
use gridwright_sim::study::{Players, StudyBasis, StudyReport, StudyRequest};
use gridwright_sim::sweep::SweepReport;
use gridwright_sim::tune::{Band, TuneCandidate, TuneReport, TuneRequest};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct BalanceArgs {
    #[command(flatten)]
    batch: batch::GamesArgs,
    /// A change to the config for every variant, by key path: `units.knight.health=4`,
    /// `cards.volt-skirmisher.attack.dmg=2`, `options.pooling=global`. Repeat for several.
    #[arg(long = "set", value_name = "KEY.PATH=VALUE")]
    sets: Vec<String>,
    /// A named variant with its own changes, comma-separated: `--variant A=` (no change) and
    /// `--variant B=units.knight.health=4`. Two variants are compared on the same seeds.
    #[arg(long = "variant", value_name = "NAME=[KEY.PATH=VALUE,…]")]
    variants: Vec<String>,
    /// One key over a range of values, each value played on the same seeds:
    /// `units.knight.health=1..5`, `key=0.5..1.5:0.25` (both ends included) or a list
    /// `options.pooling=global,local`. Reports each seat's win rate per value and the value
    /// nearest an even game.
    #[arg(long, value_name = "KEY.PATH=LOW..HIGH[:STEP]|A,B,…")]
    sweep: Option<String>,
    /// Search one or more keys, each over a range or list as `--sweep` takes it, for the
    /// smallest change that brings the subject's share of the decided games into `--band`
    /// (successive halving: every combination plays a few games, the better half twice as
    /// many, until one is left or a survivor has played --games). Repeat for several keys.
    #[arg(long = "tune", value_name = "KEY.PATH=LOW..HIGH[:STEP]|A,B,…")]
    tunes: Vec<String>,
    /// With --tune: the band of the subject's share of the decided games to reach, e.g.
    /// `0.45..0.55` (default: the 1/N share, give or take 0.05).
    #[arg(long, value_name = "LOW..HIGH")]
    band: Option<String>,
    /// Take each piece of the list or table at this key path out in turn (`sides.Red.units`,
    /// `decks.0.cards`: one copy of each card) and rank the pieces by how much the subject's
    /// share of the decided games changes without them; each variant on the same seeds.
    #[arg(long, value_name = "KEY.PATH")]
    importance: Option<String>,
    /// With --importance on a table of copies (a deck), swap one copy of each piece for this
    /// one instead of taking it out (a deck of a fixed size needs it).
    #[arg(long, value_name = "ENTRY")]
    swap_with: Option<String>,
    /// Save chosen games as replay files in DIR (`gridwright replay FILE` opens them): per
    /// variant, each seat's first win, the first draw, the shortest and the longest game.
    #[arg(long, value_name = "DIR")]
    replays: Option<PathBuf>,
    /// With --replays, also save every N-th game (game 0, N, 2N, …).
    #[arg(long, value_name = "N")]
    replays_every: Option<usize>,
    /// Another agent pairing to play the same run with, one spec per seat (`mcts,mcts`): the
    /// report then has one part per pairing (`--agents` first) and a table of them. Repeat for
    /// several.
    #[arg(long = "pairing", value_name = "AGENTS")]
    pairings: Vec<String>,
    /// The seat whose score variants and --sprt compare, and a sweep judges (`p1`, `p2`, …).
    #[arg(long, default_value = "p1")]
    subject: String,
    /// Stop as soon as a sequential probability ratio test decides: with one variant, whether
    /// the subject seat scores like --elo1 rather than --elo0; with two, whether B raises the
    /// subject's score over A by --elo1 rather than --elo0.
    #[arg(long)]
    sprt: bool,
    /// The SPRT's null hypothesis, in Elo.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    elo0: f64,
    /// The SPRT's alternative, in Elo.
    #[arg(long, default_value_t = 30.0, allow_hyphen_values = true)]
    elo1: f64,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Bins of the game-length and score histograms (1 to 200).
    #[arg(long, default_value_t = 20)]
    bins: usize,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
    /// Also write the report as one self-contained HTML page with charts.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

pub fn run(content: &ContentSource, args: BalanceArgs) -> Result<()> {
    let kind = game_kind(&args.batch.game)?;
    with_game!(kind, G => balance::<G>(content, &args))
}

/// The run as asked for on the command line; `gridwright_sim` checks it
/// ([`BalanceRequest::plan`]), as it does the Python binding's.
fn request(args: &BalanceArgs, subject: Seat, threads: usize) -> Result<BalanceRequest> {
    Ok(BalanceRequest {
        games: args.batch.games,
        seed: args.batch.seed,
        threads,
        subject,
        sets: args.sets.clone(),
        variants: args
            .variants
            .iter()
            .map(|item| parse_variant(item, Spelling::Flags))
            .collect::<Result<_, _>>()?,
        sweep: args.sweep.clone(),
        sprt: args.sprt.then_some(SprtBounds {
            elo0: args.elo0,
            elo1: args.elo1,
            alpha: args.alpha,
            beta: args.beta,
        }),
        bins: args.bins,
        replays: args.replays.clone(),
        replays_every: args.replays_every,
    })
}

fn balance<G: Frontend>(content: &ContentSource, args: &BalanceArgs) -> Result<()> {
    let batch::Setup {
        config,
        specs,
        factories,
    } = args.batch.setup::<G>(content, "a balance run")?;
    let seats = G::new(&config)?.num_seats();
    if specs.len() != seats {
        bail!(
            "--agents: this setup has {seats} seats but {} agents were given",
            specs.len()
        );
    }
    let mut pairings = vec![(specs, factories)];
    for item in &args.pairings {
        let specs = AgentSpec::parse_list(item).with_context(|| format!("--pairing `{item}`"))?;
        if specs.len() != seats {
            bail!(
                "--pairing `{item}`: this setup has {seats} seats but {} agents were given",
                specs.len()
            );
        }
        let words: Vec<String> = specs.iter().map(ToString::to_string).collect();
        if pairings
            .iter()
            .any(|(p, _)| p.iter().map(ToString::to_string).eq(words.iter().cloned()))
        {
            bail!("--pairing `{item}`: that pairing is already played");
        }
        let factories = batch::factories::<G>(&specs, "a balance run")
            .with_context(|| format!("--pairing `{item}`"))?;
        pairings.push((specs, factories));
    }
    let subject = Seat::parse_number(&args.subject)
        .filter(|s| s.index() < seats)
        .with_context(|| {
            format!(
                "--subject `{}`: this setup has seats p1 to p{seats}",
                args.subject
            )
        })?;
    let threads = batch::threads(args.batch.threads)?;
    if let Some(request) = study_request(args, subject, threads)? {
        return study::<G>(args, &config, &pairings, &request);
    }
    let plan = request(args, subject, threads)?.plan::<G>(&config, Spelling::Flags)?;
    html_dir_exists(args)?;
    let show = std::io::stderr().is_terminal();
    let progress = progress_line("balance", show);
    let several = pairings.len() > 1;
    let mut reports = Vec::with_capacity(pairings.len());
    for (k, (specs, factories)) in pairings.iter().enumerate() {
        if show && several {
            let words: Vec<String> = specs.iter().map(ToString::to_string).collect();
            errln!("agents {}:", words.join(","));
        }
        // Each pairing's replays in a directory of its own.
        let mut options = plan.options.clone();
        if several && let Some(keep) = &mut options.replays {
            keep.dir = keep.dir.join(format!("pairing-{}", k + 1));
        }
        reports.push(gridwright_sim::balance::report::<G>(
            Header {
                game: G::INFO.short_name.to_owned(),
                setup: G::config_name(&config)
                    .or_else(|| args.batch.scenario.clone())
                    .unwrap_or_else(|| "default".into()),
                agents: specs.iter().map(ToString::to_string).collect(),
            },
            &plan.variants,
            factories,
            &options,
            gridwright_catalog::balance_hooks::<G>(),
            &progress,
        )?);
    }
    if show {
        errln!();
    }
    let all = PairingsReport::of(reports);
    write_html(args, || {
        gridwright_report::page(G::INFO.long_name, &all.pairings, &all.table)
    })?;
    match (args.json, &all.pairings[..]) {
        // One pairing: its report as it is; several: every report and their table.
        (true, [one]) => outln!("{}", serde_json::to_string_pretty(one)?),
        (true, _) => outln!("{}", serde_json::to_string_pretty(&all)?),
        (false, reports) => {
            for r in reports {
                print_report(G::INFO.long_name, r)?;
            }
            if several {
                print_pairings(&all)?;
            }
        }
    }
    Ok(())
}

/// `--html FILE`: its directory must exist (checked before any game).
fn html_dir_exists(args: &BalanceArgs) -> Result<()> {
    if let Some(path) = &args.html
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        bail!("--html {}: no directory {}", path.display(), dir.display());
    }
    Ok(())
}

/// Writes `--html FILE` (if given) with the page `page` draws.
fn write_html(
    args: &BalanceArgs,
    page: impl FnOnce() -> Result<String, gridwright_report::ChartError>,
) -> Result<()> {
    if let Some(path) = &args.html {
        gridwright_engine::files::write_atomic(path, page()?.as_bytes())
            .with_context(|| format!("--html {}", path.display()))?;
    }
    Ok(())
}

/// `--tune` and `--importance` make runs of their own: the flags of a report's variants do not
/// mix with them (nor with each other).
fn alone(args: &BalanceArgs, pairings: usize, run: &str, why: &str) -> Result<()> {
    for (given, flag) in [
        (args.sweep.is_some(), "--sweep"),
        (!args.variants.is_empty(), "--variant"),
        (args.sprt, "--sprt"),
        (pairings > 1, "--pairing"),
        (args.replays.is_some(), "--replays"),
        (run != "--tune" && !args.tunes.is_empty(), "--tune"),
        (
            run != "--importance" && args.importance.is_some(),
            "--importance",
        ),
    ] {
        if given {
            bail!("{run} and {flag}: {why}; run {flag} on what it finds");
        }
    }
    Ok(())
}

/// A tuning or importance run's `--json`: its report, with the game, agents, seed and `--set`
/// changes it was run with.
fn print_run_json(
    report: &impl serde::Serialize,
    game: &str,
    specs: &[AgentSpec],
    args: &BalanceArgs,
) -> Result<()> {
    let mut doc = serde_json::to_value(report)?;
    doc["game"] = game.into();
    doc["agents"] = specs
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .into();
    doc["seed"] = args.batch.seed.into();
    doc["sets"] = args.sets.clone().into();
    outln!("{}", serde_json::to_string_pretty(&doc)?);
    Ok(())
}

/// `--tune` or `--importance` (with `--band`, `--swap-with`), if asked for, checked alone.
fn study_request(
    args: &BalanceArgs,
    subject: Seat,
    threads: usize,
) -> Result<Option<StudyRequest>> {
    let basis = StudyBasis {
        sets: args.sets.clone(),
        subject,
        games: args.batch.games,
        seed: args.batch.seed,
        threads,
    };
    if args.importance.is_some() || args.swap_with.is_some() {
        let Some(key) = &args.importance else {
            bail!("--swap-with goes with --importance: give the list or table of pieces");
        };
        return Ok(Some(StudyRequest::Importance(ImportanceRequest {
            key: key.clone(),
            swap: args.swap_with.clone(),
            basis,
        })));
    }
    if args.tunes.is_empty() {
        if args.band.is_some() {
            bail!("--band goes with --tune: give the keys to search");
        }
        return Ok(None);
    }
    let band = args
        .band
        .as_deref()
        .map(|b| b.parse::<Band>().map_err(|e| anyhow::anyhow!("--band {e}")))
        .transpose()?;
    Ok(Some(StudyRequest::Tune(TuneRequest {
        keys: args.tunes.clone(),
        band,
        basis,
    })))
}

/// A tuning search or an importance ranking, printed or as JSON.
fn study<G: Frontend>(
    args: &BalanceArgs,
    config: &G::Config,
    pairings: &[(Vec<AgentSpec>, Vec<gridwright_sim::AgentFactory<G>>)],
    request: &StudyRequest,
) -> Result<()> {
    let run = format!("--{}", request.option());
    let why = match request {
        StudyRequest::Tune(_) => "a tuning run compares its own combinations of values",
        StudyRequest::Importance(_) => "an importance run plays its own variants",
    };
    alone(args, pairings.len(), &run, why)?;
    html_dir_exists(args)?;
    let progress = progress_line(request.option(), std::io::stderr().is_terminal());
    let (specs, factories) = &pairings[0];
    let players = Players {
        agents: factories,
        score: G::scores,
        end: G::end_reason,
        progress: &progress,
    };
    let report = request.run::<G>(config, Spelling::Flags, &players)?;
    write_html(args, || match &report {
        StudyReport::Tune(r) => gridwright_report::tune_page(G::INFO.long_name, r),
        StudyReport::Importance(r) => gridwright_report::importance_page(G::INFO.long_name, r),
    })?;
    if args.json {
        return print_run_json(&report, G::INFO.short_name, specs, args);
    }
    match &report {
        StudyReport::Tune(r) => print_tune(G::INFO.long_name, r),
        StudyReport::Importance(r) => print_importance(G::INFO.long_name, r),
    }
}

fn print_tune(game: &str, r: &TuneReport) -> Result<()> {
    outln!(
        "{game}: tuning {} for {}'s share of the decided games within {}–{} (1/N share {})",
        r.keys.join(" and "),
        r.subject,
        pct(r.band.low),
        pct(r.band.high),
        pct(r.fair_share)
    );
    let now: Vec<String> = r
        .keys
        .iter()
        .zip(&r.base_values)
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    outln!("now: {}", now.join(", "));
    for (i, round) in r.rounds.iter().enumerate() {
        outln!(
            "round {}: {} {}, {} games each",
            i + 1,
            round.candidates,
            if round.candidates == 1 {
                "combination"
            } else {
                "combinations"
            },
            round.games
        );
    }
    let mut order: Vec<&TuneCandidate> = r.candidates.iter().collect();
    order.sort_by(|a, b| {
        b.games
            .cmp(&a.games)
            .then(a.outside_band.total_cmp(&b.outside_band))
    });
    outln!(
        "\n{:<40} {:>6} {:>22} {:>8}",
        "values",
        "games",
        "share (95%)",
        "change"
    );
    for c in order {
        outln!(
            "{:<40} {:>6} {:>22} {:>8}",
            c.changes.join(", "),
            c.games,
            format!(
                "{} ({}–{})",
                pct(c.share.rate),
                pct(c.share.interval_95.0),
                pct(c.share.interval_95.1)
            ),
            format!("{:.2}", c.change)
        );
    }
    let best = &r.candidates[r.best];
    let share = format!(
        "{} ({}–{}) of the decided games over {} games",
        pct(best.share.rate),
        pct(best.share.interval_95.0),
        pct(best.share.interval_95.1),
        best.games
    );
    let changes = best.changes.join(", ");
    if r.reached {
        outln!(
            "\nresult: {changes} brings {} to {share}, inside the band",
            r.subject
        );
    } else {
        outln!(
            "\nresult: no value reached the band; the nearest, {changes}, gives {} {share}",
            r.subject
        );
    }
    outln!("{} games in {:.1} s", r.games_played, r.elapsed_seconds);
    Ok(())
}

/// A progress line on standard error, `WHAT: done/total games`, when it is a terminal (`show`).
fn progress_line(what: &'static str, show: bool) -> impl Fn(usize, usize) + Sync {
    move |done: usize, total: usize| {
        if show && (done % 64 == 0 || done == total) {
            err!("\r{what}: {done}/{total} games");
            if done == total {
                errln!();
            }
            let _ = std::io::stderr().flush();
        }
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn rate_line(r: &RateLine) -> String {
    format!(
        "{:<22} {:>6}/{:<6} {:>6}  (95% CI {}–{}, {} the 1/N share)",
        r.label,
        r.wins,
        r.games,
        pct(r.rate),
        pct(r.interval_95.0),
        pct(r.interval_95.1),
        r.vs_share.words()
    )
}

fn print_variant(v: &VariantReport) -> Result<()> {
    outln!(
        "\n== variant {} — {} games{}",
        v.name,
        v.games,
        if v.changes.is_empty() {
            String::new()
        } else {
            format!(" ({})", v.changes.join(", "))
        }
    );
    outln!("wins per seat (1/N share {}):", pct(v.fair_share));
    for s in &v.seats {
        outln!("  {}", rate_line(s));
    }
    outln!("  draws {} ({})", v.draws, pct(v.draw_rate));
    if !v.factions.is_empty() {
        outln!("wins per faction (seat-games):");
        for f in &v.factions {
            outln!("  {}", rate_line(f));
        }
    }
    if let Some(f) = &v.first_mover {
        let by: Vec<String> = f
            .by_seat
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{} {n}", Seat::new(i as u8)))
            .collect();
        outln!("first mover (moved first: {}):", by.join(", "));
        outln!("  {}", rate_line(&f.wins));
    }
    let l = &v.length;
    outln!(
        "game length (moves): mean {:.1}, sd {:.1}, min {}, 10% {}, median {}, 90% {}, max {}",
        l.mean,
        l.sd,
        l.min,
        l.p10,
        l.median,
        l.p90,
        l.max
    );
    if let Some(scores) = &v.scores {
        for (i, d) in scores.iter().enumerate() {
            outln!(
                "final score {}: mean {:.2}, sd {:.2}, min {}, median {}, max {}",
                Seat::new(i as u8),
                d.mean,
                d.sd,
                d.min,
                d.median,
                d.max
            );
        }
    }
    if !v.ends.is_empty() {
        let parts: Vec<String> = v.ends.iter().map(|(e, k)| format!("{e} {k}")).collect();
        outln!("how games ended: {}", parts.join(", "));
    }
    for c in &v.curves {
        print_curve(c)?;
    }
    if !v.pieces.is_empty() {
        outln!(
            "{:<24} {:>7} {:>8} {:>7} {:>7} {:>6} {:>16} {:>16}",
            "card / unit",
            "played",
            "survived",
            "dealt",
            "taken",
            "kills",
            "win% played",
            "win% not"
        );
        for p in &v.pieces {
            let not = if p.when_not_played.games == 0 {
                "—".to_owned()
            } else {
                format!(
                    "{} ±{:.0}",
                    pct(p.when_not_played.rate),
                    100.0 * (p.when_not_played.interval_95.1 - p.when_not_played.interval_95.0)
                        / 2.0
                )
            };
            outln!(
                "{:<24} {:>7} {:>8} {:>7} {:>7} {:>6} {:>16} {:>16}",
                p.name,
                p.played,
                p.survived,
                p.dealt,
                p.taken,
                p.kills,
                format!(
                    "{} ±{:.0}",
                    pct(p.when_played.rate),
                    100.0 * (p.when_played.interval_95.1 - p.when_played.interval_95.0) / 2.0
                ),
                not
            );
        }
    }
    Ok(())
}

fn print_pairings(all: &PairingsReport) -> Result<()> {
    outln!("\n== by agent pairing (the first variant or sweep value; same seeds)");
    for p in &all.table {
        let seats: Vec<String> = p
            .seats
            .iter()
            .map(|s| {
                format!(
                    "{} {} ({}–{}, {})",
                    s.label,
                    pct(s.rate),
                    pct(s.interval_95.0),
                    pct(s.interval_95.1),
                    s.vs_share.words()
                )
            })
            .collect();
        let mut extra = String::new();
        if let Some(f) = &p.first_mover {
            extra.push_str(&format!("; first mover {}", pct(f.rate)));
        }
        if let Some((d, (lo, hi))) = p.difference {
            extra.push_str(&format!("; B − A {d:+.3} ({lo:+.3} to {hi:+.3})"));
        }
        if let Some(c) = &p.closest {
            extra.push_str(&format!("; nearest even {c}"));
        }
        outln!(
            "  {:<24} {} games: {}; draws {}{extra}",
            p.agents.join(","),
            p.games,
            seats.join(", "),
            pct(p.draw_rate)
        );
    }
    Ok(())
}

fn print_sweep(sw: &SweepReport) -> Result<()> {
    outln!(
        "\n== sweep of {} — {}'s share of the decided games against the 1/N share {}",
        sw.key,
        sw.subject,
        pct(sw.fair_share)
    );
    for p in &sw.points {
        let seats: Vec<String> = p
            .seats
            .iter()
            .map(|s| {
                format!(
                    "{} {} ({}–{})",
                    s.label,
                    pct(s.rate),
                    pct(s.interval_95.0),
                    pct(s.interval_95.1)
                )
            })
            .collect();
        let s = &p.subject_share;
        outln!(
            "  {:<10} {} games: {}, draws {}; {} {} (95% CI {}–{}, {} the share){}",
            p.value,
            p.games,
            seats.join(", "),
            pct(p.draw_rate),
            sw.subject,
            pct(s.rate),
            pct(s.interval_95.0),
            pct(s.interval_95.1),
            s.vs_share.words(),
            if sw.closest.as_deref() == Some(p.value.as_str()) {
                "  ← nearest even"
            } else {
                ""
            }
        );
    }
    if let Some(c) = &sw.closest {
        outln!("nearest an even game: {}={c}", sw.key);
    }
    Ok(())
}

/// A curve as one line per round: the mean per seat with its interval.
fn print_curve(c: &Curve) -> Result<()> {
    outln!("{} by round (mean, 95% CI; games that reached it):", c.name);
    for p in &c.points {
        let seats: Vec<String> = p
            .seats
            .iter()
            .enumerate()
            .map(|(i, m)| {
                format!(
                    "{} {:.1} ({:.1}–{:.1})",
                    Seat::new(i as u8),
                    m.mean,
                    m.interval_95.0,
                    m.interval_95.1
                )
            })
            .collect();
        let at = p
            .round
            .map_or_else(|| "end".to_owned(), |r| format!("round {r}"));
        outln!("  {at:<10} {:>6} games  {}", p.games, seats.join("  "));
    }
    Ok(())
}

fn print_report(title: &str, r: &BalanceReport) -> Result<()> {
    outln!(
        "{title} balance — {}, agents {}, seed {}",
        r.setup,
        r.agents.join(","),
        r.seed
    );
    match &r.sweep {
        // A sweep prints its curve; each value's whole report is in --json and --html.
        Some(sw) => print_sweep(sw)?,
        None => {
            for v in &r.variants {
                print_variant(v)?;
            }
        }
    }
    if let Some(c) = &r.comparison {
        outln!(
            "\n{} vs {} ({}'s score, {} pairs of games on the same seeds): {:.3} → {:.3}, \
             difference {:+.3} (95% CI {:+.3} to {:+.3}), p = {:.4}: {}",
            c.b,
            c.a,
            c.subject,
            c.pairs,
            c.mean_a,
            c.mean_b,
            c.difference,
            c.interval_95.0,
            c.interval_95.1,
            c.p_value,
            if c.significant {
                "a significant difference"
            } else {
                "no significant difference"
            }
        );
    }
    if let Some(s) = &r.sprt {
        let verdict = match s.verdict {
            Some(SprtVerdict::AcceptH1) => {
                format!("H1 accepted (about {} Elo or more)", s.settings.elo1)
            }
            Some(SprtVerdict::AcceptH0) => {
                format!("H0 accepted (about {} Elo or less)", s.settings.elo0)
            }
            None => "undecided: the games ran out first".to_owned(),
        };
        outln!(
            "\nSPRT elo0 {} elo1 {} alpha {} beta {}: {verdict} after {} games (LLR {:.2}, bounds {:.2} and {:.2}, mean score {:.3})",
            s.settings.elo0,
            s.settings.elo1,
            s.settings.alpha,
            s.settings.beta,
            s.games,
            s.llr,
            s.lower_bound,
            s.upper_bound,
            s.mean_score
        );
    }
    if !r.replays.is_empty() {
        outln!("\nreplays saved (gridwright replay FILE):");
        for s in &r.replays {
            outln!("  {:<36} {}", s.file, s.why.join(", "));
        }
    }
    outln!("\n({:.1} s)", r.elapsed_seconds);
    Ok(())
}

fn print_importance(game: &str, r: &ImportanceReport) -> Result<()> {
    outln!(
        "{}: each piece of {} {}, {} games each; {}'s share of the decided games with it all: {} ({}–{})",
        game,
        r.key,
        match &r.swap {
            Some(s) => format!("swapped for {s} in turn"),
            None => "taken out in turn".to_owned(),
        },
        r.games,
        r.subject,
        pct(r.base.rate),
        pct(r.base.interval_95.0),
        pct(r.base.interval_95.1)
    );
    outln!(
        "\n{:<36} {:>20} {:>26}",
        "change",
        "share",
        "difference (95%)"
    );
    for row in &r.rows {
        match (&row.share, row.difference, row.interval_95) {
            (Some(share), Some(d), Some((lo, hi))) => outln!(
                "{:<36} {:>20} {:>26}",
                row.change,
                pct(share.rate),
                format!(
                    "{:+.1} pts ({:+.1} to {:+.1})",
                    d * 100.0,
                    lo * 100.0,
                    hi * 100.0
                )
            ),
            _ => outln!(
                "{:<36} {}",
                row.change,
                row.not_played.as_deref().unwrap_or("no game decided")
            ),
        }
    }
    outln!(
        "\nThe pieces {} misses most come first. {} games in {:.1} s",
        r.subject,
        r.games_played,
        r.elapsed_seconds
    );
    Ok(())
}
