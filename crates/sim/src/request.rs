//! A balance run as a front end is asked for it, in words: `gridwright balance`'s flags, the
//! Python binding's keywords. [`BalanceRequest::plan`] checks every part and sets up every
//! variant's config before any game is played, so that each front end refuses the same bad
//! input with the same reason, naming the option as its user spelled it ([`Spelling`]).

use crate::balance::{BalanceOptions, KeepReplays, Variant};
use crate::overrides::{self, Override};
use crate::sprt::{Sprt, SprtError};
use crate::sweep::Sweep;
use crate::{MAX_GAMES, SimError};
use gridwright_engine::{Game, Seat};
use std::path::PathBuf;

/// How the front end spells its options, for the messages: `--replays-every` or
/// `replays_every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// Command-line flags (`--sweep`, `--replays-every`).
    Flags,
    /// Keyword arguments (`sweep`, `replays_every`).
    Keywords,
}

impl Spelling {
    /// The option `name` (as its flag is spelled without the leading dashes: `replays-every`,
    /// `set`), spelled so: `--replays-every`, `sets`.
    pub fn name(self, name: &str) -> String {
        match self {
            Spelling::Flags => format!("--{name}"),
            // The keywords that take a list are plural.
            Spelling::Keywords => match name {
                "set" => "sets".to_owned(),
                "variant" => "variants".to_owned(),
                _ => name.replace('-', "_"),
            },
        }
    }

    /// A named variant: `--variant B` or `variant B`.
    fn variant(self, name: &str) -> String {
        match self {
            Spelling::Flags => format!("--variant {name}"),
            Spelling::Keywords => format!("variant {name}"),
        }
    }
}

/// A named variant as a front end takes it in one piece, `NAME=key.path=value,key.path=value`
/// (`A=` for none): its name and its changes, each checked later by [`BalanceRequest::plan`].
///
/// # Errors
/// [`SimError::Request`] for an item without `=` or without a name before it, naming the
/// option as `spelling` spells it.
pub fn parse_variant(item: &str, spelling: Spelling) -> Result<(String, Vec<String>), SimError> {
    let option = spelling.name("variant");
    let Some((name, changes)) = item.split_once('=') else {
        return Err(SimError::Request(format!(
            "{option} `{item}`: write NAME=changes, e.g. B=units.knight.health=4 (or A= for none)"
        )));
    };
    let name = name.trim();
    if name.is_empty() || name.contains('.') {
        return Err(SimError::Request(format!(
            "{option} `{item}`: the variant needs a name before the first `=`, e.g. B=…"
        )));
    }
    let changes = changes
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect();
    Ok((name.to_owned(), changes))
}

/// The bounds of a sequential probability ratio test (Fishtest's `elo0`, `elo1`, `alpha`,
/// `beta`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtBounds {
    /// The null hypothesis, in Elo.
    pub elo0: f64,
    /// The alternative, in Elo.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for SprtBounds {
    /// The CLI's defaults: H0 0 Elo, H1 30 Elo, 5% error rates.
    fn default() -> SprtBounds {
        SprtBounds {
            elo0: 0.0,
            elo1: 30.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

/// Everything a balance run is asked to do, before any check.
#[derive(Clone, Debug)]
pub struct BalanceRequest {
    /// Games per variant (the most, with an SPRT).
    pub games: usize,
    /// The master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The seat whose score variants and the SPRT compare, and a sweep judges.
    pub subject: Seat,
    /// Changes to every variant, `key.path=value` each.
    pub sets: Vec<String>,
    /// Named variants, each with its own changes; at most two, none with a sweep.
    pub variants: Vec<(String, Vec<String>)>,
    /// One key over a range, `key.path=LOW..HIGH[:STEP]` or `key.path=a,b,c`.
    pub sweep: Option<String>,
    /// A sequential test that stops the run when it decides.
    pub sprt: Option<SprtBounds>,
    /// Bins of the game-length and score histograms (1 to 200).
    pub bins: usize,
    /// A directory to save chosen games in as replay files.
    pub replays: Option<PathBuf>,
    /// With `replays`, also every this many-th game.
    pub replays_every: Option<usize>,
}

impl BalanceRequest {
    /// `games` games from master seed `seed` on one thread, P1 the subject, 20 bins, and no
    /// variant, sweep, test or replay.
    pub fn new(games: usize, seed: u64) -> BalanceRequest {
        BalanceRequest {
            games,
            seed,
            threads: 1,
            subject: Seat::new(0),
            sets: Vec::new(),
            variants: Vec::new(),
            sweep: None,
            sprt: None,
            bins: 20,
            replays: None,
            replays_every: None,
        }
    }

    /// Every part checked and every variant's config built from `base` and set up, before any
    /// game: the variants to play and the run's options.
    ///
    /// # Errors
    /// [`SimError::Request`], naming the option (spelled as `spelling` says) and why.
    pub fn plan<G: Game>(
        &self,
        base: &G::Config,
        spelling: Spelling,
    ) -> Result<BalancePlan<G::Config>, SimError> {
        let name = |n: &str| spelling.name(n);
        let refuse = |why: String| Err(SimError::Request(why));
        if self.games == 0 {
            return refuse(format!("{} must be at least 1", name("games")));
        }
        if self.games > MAX_GAMES {
            return Err(SimError::TooManyGames {
                games: self.games,
                max: MAX_GAMES,
            });
        }
        let seats = G::new(base)?.num_seats();
        if self.subject.index() >= seats {
            return Err(SimError::Subject {
                seat: self.subject,
                seats,
            });
        }
        if !(1..=200).contains(&self.bins) {
            return refuse(format!(
                "{} must be 1 to 200, not {}",
                name("bins"),
                self.bins
            ));
        }
        let sprt = match self.sprt {
            Some(b) => Some(Sprt::new(b.elo0, b.elo1, b.alpha, b.beta).map_err(|e| {
                SimError::Request(match e {
                    SprtError::Rate { .. } => format!("{} {e}", name("sprt")),
                    SprtError::Elo { .. } => format!("{}: {e}", name("sprt")),
                })
            })?),
            None => None,
        };
        if self.sweep.is_some() && sprt.is_some() {
            return refuse(format!(
                "{} and {}: the SPRT stops one comparison early; a sweep plays every value to {}",
                name("sweep"),
                name("sprt"),
                name("games")
            ));
        }
        if self.replays_every == Some(0) {
            return refuse(format!("{} must be at least 1", name("replays-every")));
        }
        if self.replays_every.is_some() && self.replays.is_none() {
            return refuse(format!(
                "{} needs {}, the directory to save them in",
                name("replays-every"),
                match spelling {
                    Spelling::Flags => "--replays DIR".to_owned(),
                    Spelling::Keywords => name("replays"),
                }
            ));
        }
        if let Some(dir) = &self.replays
            && dir.exists()
            && !dir.is_dir()
        {
            return refuse(format!(
                "{} {}: not a directory",
                name("replays"),
                dir.display()
            ));
        }
        let sweep = self
            .sweep
            .as_deref()
            .map(|s| {
                s.parse::<Sweep>()
                    .map_err(|e| SimError::Request(format!("{}: {e}", name("sweep"))))
            })
            .transpose()?;
        let variants = self.variants::<G>(base, sweep.as_ref(), spelling)?;
        Ok(BalancePlan {
            variants,
            options: BalanceOptions {
                games: self.games,
                seed: self.seed,
                threads: self.threads.max(1),
                subject: self.subject,
                sprt,
                bins: self.bins,
                sweep: sweep.map(|s| s.key),
                replays: self.replays.as_ref().map(|dir| KeepReplays {
                    dir: dir.clone(),
                    every: self.replays_every,
                }),
            },
        })
    }

    /// The variants: the sweep's values, or the named ones (at most two), or `base`; each with
    /// the common changes first, its config built and set up.
    fn variants<G: Game>(
        &self,
        base: &G::Config,
        sweep: Option<&Sweep>,
        spelling: Spelling,
    ) -> Result<Vec<Variant<G::Config>>, SimError> {
        let name = |n: &str| spelling.name(n);
        let refused = |why: String| SimError::Request(why);
        let sets = self
            .sets
            .iter()
            .map(|s| {
                s.parse::<Override>()
                    .map_err(|e| refused(format!("{}: {e}", name("set"))))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut asked: Vec<(String, Vec<Override>)> = Vec::new();
        for (variant, texts) in &self.variants {
            if variant.is_empty() || variant.contains('.') {
                return Err(refused(format!(
                    "{} `{variant}`: a variant needs a name without dots, e.g. B",
                    name("variant")
                )));
            }
            if asked.iter().any(|(n, _)| n == variant) {
                return Err(refused(format!(
                    "{} is given twice",
                    spelling.variant(variant)
                )));
            }
            let changes = texts
                .iter()
                .map(|t| {
                    t.parse::<Override>()
                        .map_err(|e| refused(format!("{}: {e}", spelling.variant(variant))))
                })
                .collect::<Result<Vec<_>, _>>()?;
            asked.push((variant.clone(), changes));
        }
        if let Some(sw) = sweep {
            if !asked.is_empty() {
                return Err(refused(format!(
                    "{} and {}: a sweep's values are its variants; put changes common to every \
                     value in {}",
                    name("sweep"),
                    name("variant"),
                    name("set")
                )));
            }
            for i in 0..sw.values.len() {
                asked.push((sw.values[i].clone(), vec![sw.change(i)]));
            }
        }
        if sweep.is_none() && asked.len() > 2 {
            return Err(refused(format!(
                "{}: at most two variants (A and B) are compared, not {}",
                name("variant"),
                asked.len()
            )));
        }
        if asked.is_empty() {
            asked.push(("base".to_owned(), Vec::new()));
        }
        let mut out = Vec::new();
        for (variant, own) in asked {
            let changes: Vec<Override> = sets.iter().cloned().chain(own).collect();
            let what = match sweep {
                Some(sw) => format!("{} {}={variant}", name("sweep"), sw.key),
                None if self.variants.is_empty() => name("set"),
                None => spelling.variant(&variant),
            };
            let config =
                overrides::apply(base, &changes).map_err(|e| refused(format!("{what}: {e}")))?;
            if let Err(e) = G::new(&config) {
                let words = if changes.is_empty() {
                    "no change".to_owned()
                } else {
                    changes
                        .iter()
                        .map(Override::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                return Err(refused(format!("{what} ({words}) does not set up: {e}")));
            }
            out.push(Variant {
                name: variant,
                changes: changes.iter().map(Override::to_string).collect(),
                config,
            });
        }
        Ok(out)
    }
}

/// A checked balance run: its variants and options, ready for [`crate::balance::report`].
#[derive(Clone, Debug)]
pub struct BalancePlan<C> {
    /// The variants, every config set up.
    pub variants: Vec<Variant<C>>,
    /// The options.
    pub options: BalanceOptions,
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridwright_connect_four::{Config, ConnectFour};

    fn refused(r: &BalanceRequest, spelling: Spelling) -> String {
        match r.plan::<ConnectFour>(&Config {}, spelling) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("accepted: {r:?}"),
        }
    }

    /// The same check refuses the command line's flags and Python's keywords, each named as
    /// its user wrote it.
    #[test]
    fn a_request_is_refused_naming_the_option_as_the_front_end_spells_it() {
        // A change to a good request; the refusal with flags; with keywords.
        type Case = (fn(&mut BalanceRequest), &'static str, &'static str);
        let cases: [Case; 6] = [
            (
                |r| r.replays_every = Some(3),
                "--replays-every needs --replays DIR, the directory to save them in",
                "replays_every needs replays, the directory to save them in",
            ),
            (
                |r| r.bins = 0,
                "--bins must be 1 to 200, not 0",
                "bins must be 1 to 200, not 0",
            ),
            (
                |r| r.games = 0,
                "--games must be at least 1",
                "games must be at least 1",
            ),
            (
                |r| {
                    r.sprt = Some(SprtBounds {
                        alpha: 0.7,
                        ..SprtBounds::default()
                    })
                },
                "--sprt alpha=0.7: must be above 0 and below 0.5",
                "sprt alpha=0.7: must be above 0 and below 0.5",
            ),
            (
                |r| r.sets = vec!["rows=7".into()],
                "--set: unknown key path `rows`: the config has no `rows`; there are no keys",
                "sets: unknown key path `rows`: the config has no `rows`; there are no keys",
            ),
            (
                |r| r.variants = vec![("A".into(), vec![]), ("A".into(), vec![])],
                "--variant A is given twice",
                "variant A is given twice",
            ),
        ];
        for (change, flags, keywords) in cases {
            let mut r = BalanceRequest::new(10, 1);
            change(&mut r);
            assert_eq!(refused(&r, Spelling::Flags), flags);
            assert_eq!(refused(&r, Spelling::Keywords), keywords);
        }
    }

    /// A plan keeps what was asked: the options as given, and one variant `base` with the
    /// common changes when no variant is named.
    #[test]
    fn a_plan_carries_the_request_into_the_runs_options() {
        let mut r = BalanceRequest::new(12, 7);
        r.threads = 2;
        r.subject = Seat::new(1);
        r.bins = 5;
        r.sprt = Some(SprtBounds::default());
        let plan = r.plan::<ConnectFour>(&Config {}, Spelling::Flags).unwrap();
        assert_eq!(plan.variants.len(), 1);
        assert_eq!(plan.variants[0].name, "base");
        assert!(plan.variants[0].changes.is_empty());
        let o = plan.options;
        assert_eq!((o.games, o.seed, o.threads, o.bins), (12, 7, 2, 5));
        assert_eq!(o.subject, Seat::new(1));
        assert!(o.sprt.is_some() && o.sweep.is_none() && o.replays.is_none());
        r.subject = Seat::new(2);
        assert_eq!(
            refused(&r, Spelling::Flags),
            "the subject seat P3 is not one of the game's 2 seats"
        );
    }
}
