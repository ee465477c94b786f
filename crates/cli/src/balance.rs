//! `gridwright balance`: the designer's balance report (issue 25) — wins per seat and faction
//! with intervals, the first mover's edge, game lengths and scores, per-card or per-unit
//! statistics, variants of the config compared on the same seeds, and a sequential test that
//! stops when it decides. The report itself is `gridwright_sim::balance::report`; this module
//! reads the arguments, checks every one of them before a game is played, and prints.

use crate::batch;
use crate::game_kind;
use anyhow::{Context, Result, bail};
use gridwright_catalog::{ContentSource, Frontend, with_game};
use gridwright_engine::Seat;
use gridwright_sim::balance::{
    BalanceOptions, BalanceReport, Header, Hooks, RateLine, Variant, VariantReport,
};
use gridwright_sim::overrides::{self, Override};
use gridwright_sim::sprt::{Sprt, SprtVerdict};
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
    /// The seat whose score variants and --sprt compare (`p1`, `p2`, …).
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

/// A `--variant` item: its name and changes.
fn parse_variant(item: &str) -> Result<(String, Vec<Override>)> {
    let Some((name, changes)) = item.split_once('=') else {
        bail!(
            "--variant `{item}`: write NAME=changes, e.g. B=units.knight.health=4 (or A= for none)"
        );
    };
    let name = name.trim();
    if name.is_empty() || name.contains('.') {
        bail!("--variant `{item}`: the variant needs a name before the first `=`, e.g. B=…");
    }
    let changes = changes
        .split(',')
        .filter(|c| !c.trim().is_empty())
        .map(|c| {
            c.parse::<Override>()
                .with_context(|| format!("--variant {name}"))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((name.to_owned(), changes))
}

/// Every argument checked and every variant's config built and set up, before any game.
fn variants<G: Frontend>(base: &G::Config, args: &BalanceArgs) -> Result<Vec<Variant<G::Config>>> {
    let sets = args
        .sets
        .iter()
        .map(|s| s.parse::<Override>().context("--set"))
        .collect::<Result<Vec<_>>>()?;
    let mut asked = Vec::new();
    for item in &args.variants {
        let (name, changes) = parse_variant(item)?;
        if asked.iter().any(|(n, _)| *n == name) {
            bail!("--variant {name} is given twice");
        }
        asked.push((name, changes));
    }
    if asked.len() > 2 {
        bail!(
            "--variant: at most two variants (A and B) are compared, not {}",
            asked.len()
        );
    }
    if asked.is_empty() {
        asked.push(("base".to_owned(), Vec::new()));
    }
    let mut out = Vec::new();
    for (name, own) in asked {
        let changes: Vec<Override> = sets.iter().cloned().chain(own).collect();
        let config = overrides::apply(base, &changes).with_context(|| {
            if args.variants.is_empty() {
                "--set".to_owned()
            } else {
                format!("variant {name}")
            }
        })?;
        G::new(&config).with_context(|| {
            format!(
                "variant {name} ({}) does not set up",
                words(&changes).unwrap_or_else(|| "no change".into())
            )
        })?;
        out.push(Variant {
            name,
            changes: changes.iter().map(Override::to_string).collect(),
            config,
        });
    }
    Ok(out)
}

fn words(changes: &[Override]) -> Option<String> {
    (!changes.is_empty()).then(|| {
        changes
            .iter()
            .map(Override::to_string)
            .collect::<Vec<_>>()
            .join(", ")
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
    let subject = Seat::parse_number(&args.subject)
        .filter(|s| s.index() < seats)
        .with_context(|| {
            format!(
                "--subject `{}`: this setup has seats p1 to p{seats}",
                args.subject
            )
        })?;
    if !(1..=200).contains(&args.bins) {
        bail!("--bins must be 1 to 200, not {}", args.bins);
    }
    if args.batch.games == 0 {
        bail!("--games must be at least 1");
    }
    let sprt = if args.sprt {
        Some(Sprt::new(args.elo0, args.elo1, args.alpha, args.beta)?)
    } else {
        None
    };
    let variants = variants::<G>(&config, args)?;
    if let Some(path) = &args.html
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        bail!("--html {}: no directory {}", path.display(), dir.display());
    }
    let threads = batch::threads(args.batch.threads)?;
    let show = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        if show && (done % 64 == 0 || done == total) {
            err!("\rbalance: {done}/{total} games");
            if done == total {
                errln!();
            }
            let _ = std::io::stderr().flush();
        }
    };
    let report = gridwright_sim::balance::report::<G>(
        Header {
            game: G::INFO.short_name.to_owned(),
            setup: G::config_name(&config)
                .or_else(|| args.batch.scenario.clone())
                .unwrap_or_else(|| "default".into()),
            agents: specs.iter().map(ToString::to_string).collect(),
        },
        &variants,
        &factories,
        &BalanceOptions {
            games: args.batch.games,
            seed: args.batch.seed,
            threads,
            subject,
            sprt,
            bins: args.bins,
        },
        Hooks {
            score: G::scores,
            end: G::end_reason,
        },
        &progress,
    )?;
    if show {
        errln!();
    }
    if let Some(path) = &args.html {
        let page = crate::balance_html::page(G::INFO.long_name, &report)?;
        gridwright_engine::files::write_atomic(path, page.as_bytes())
            .with_context(|| format!("--html {}", path.display()))?;
    }
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(G::INFO.long_name, &report)?;
    }
    Ok(())
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

fn print_report(title: &str, r: &BalanceReport) -> Result<()> {
    outln!(
        "{title} balance — {}, agents {}, seed {}",
        r.setup,
        r.agents.join(","),
        r.seed
    );
    for v in &r.variants {
        print_variant(v)?;
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
    outln!("\n({:.1} s)", r.elapsed_seconds);
    Ok(())
}
