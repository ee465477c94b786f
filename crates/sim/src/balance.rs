//! The designer's balance report: many games of one or more variants of a setup, on every core,
//! summarised with intervals (issue 25).
//!
//! [`report`] plays game `i` of every variant from the same seed (so variants are compared on
//! the same dice and the same agent choices wherever the games agree), folds the games in index
//! order, and returns a [`BalanceReport`]: a plain serde struct that `gridwright balance --json`
//! prints as it is and any other front end (the web Lab, a Python binding) can reuse.
//!
//! # What is counted
//! Wins per seat and per faction (deck, civilization: [`Game::faction`]) with 95% Wilson
//! intervals, draws, the first mover's wins (the seat that made the game's first move), game
//! lengths and final scores as distributions, and per card or unit what the game's
//! [`Game::log_pieces`] hook reports. With two variants, the difference in the subject seat's
//! score with its interval and a paired significance test; with `sprt`, a sequential test that
//! stops the batch as soon as it decides.

use crate::curves::{Curve, CurveTally, MeasureFn, RoundFn, Sampler, Samples};
use crate::stats::{Share, fair_share, wilson_interval};
use crate::sweep::SweepReport;
use crate::{AgentFactory, EndFn, MAX_GAMES, ScoreFn, SimError, par};
use gridwright_engine::{Agent, Events, Game, PieceLog, Seat, derive_seed, winner_of};
use serde::Serialize;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

pub use crate::sprt::{Sprt, SprtResult, SprtVerdict};

/// One variant of the setup: a name for the report and its config.
#[derive(Clone, Debug)]
pub struct Variant<C> {
    /// What the report calls it (`A`, `B`, `base`).
    pub name: String,
    /// The overrides that made it, in words (`units.knight.health=4`), for the report.
    pub changes: Vec<String>,
    /// The config.
    pub config: C,
}

/// Options of a balance run.
#[derive(Clone, Debug)]
pub struct BalanceOptions {
    /// Games per variant (the most, with an SPRT).
    pub games: usize,
    /// Master seed: game `i` of every variant uses `derive_seed(seed, i)`.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The seat whose score variants and the SPRT compare.
    pub subject: Seat,
    /// A sequential test that stops the run when it decides.
    pub sprt: Option<Sprt>,
    /// Bins of the game-length and score histograms.
    pub bins: usize,
    /// The key a sweep varies, when the variants are a sweep's values (named by their value):
    /// the report then has a [`SweepReport`] and no pairwise comparison.
    pub sweep: Option<String>,
    /// Which games to save as replay files, if any.
    pub replays: Option<KeepReplays>,
}

/// Which games `--replays` saves: per variant, each seat's first win, the first draw, the
/// shortest and the longest game, and with `every`, each game whose index is a multiple of it.
#[derive(Clone, Debug)]
pub struct KeepReplays {
    /// The directory (made if missing).
    pub dir: PathBuf,
    /// Also every `every`-th game (0, every, 2·every, …).
    pub every: Option<usize>,
}

/// A saved replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SavedReplay {
    /// The variant it was played in.
    pub variant: String,
    /// Its game number.
    pub index: usize,
    /// Its seed.
    pub seed: u64,
    /// Why it was kept, in words (`P1's first win`, `the longest game`).
    pub why: Vec<String>,
    /// The file: the directory given, joined with `VARIANT-game-NNNNNN.replay.json`.
    pub file: String,
}

/// The game's own report hooks.
#[derive(Debug)]
pub struct Hooks<G> {
    /// Per-seat final scores (victory points), if the game has them.
    pub score: ScoreFn<G>,
    /// How a game ended, in words.
    pub end: EndFn<G>,
    /// The round the game is in, for per-round curves.
    pub round: RoundFn<G>,
    /// What the game measures per seat, sampled at the start of each round.
    pub measures: MeasureFn<G>,
}

impl<G> Clone for Hooks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Hooks<G> {}

/// A rate with its 95% Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RateLine {
    /// What is counted (`P1`, a deck's name).
    pub label: String,
    /// Trials (games, or seat-games for a faction).
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Wins / games.
    pub rate: f64,
    /// 95% Wilson interval of the rate.
    pub interval_95: (f64, f64),
    /// Where the interval stands against the 1/N share.
    pub vs_share: Share,
}

impl RateLine {
    /// `wins` of `games` with the interval, judged against `share`.
    pub fn new(label: String, wins: u64, games: u64, share: f64) -> RateLine {
        let interval_95 = wilson_interval(wins, games);
        RateLine {
            label,
            games,
            wins,
            rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
            interval_95,
            vs_share: Share::of(interval_95, share),
        }
    }
}

/// A distribution of numbers (game lengths, scores).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distribution {
    /// Values counted.
    pub count: u64,
    /// Mean.
    pub mean: f64,
    /// Standard deviation (population).
    pub sd: f64,
    /// Smallest.
    pub min: f64,
    /// 10th percentile.
    pub p10: f64,
    /// Median.
    pub median: f64,
    /// 90th percentile.
    pub p90: f64,
    /// Largest.
    pub max: f64,
    /// Equal-width bins from `min` to `max`: `(low, high, count)`, the last bin closed.
    pub histogram: Vec<(f64, f64, u64)>,
}

impl Distribution {
    /// The distribution of `values` with `bins` histogram bins.
    pub fn of(values: &[f64], bins: usize) -> Distribution {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        if n == 0 {
            return Distribution {
                count: 0,
                mean: 0.0,
                sd: 0.0,
                min: 0.0,
                p10: 0.0,
                median: 0.0,
                p90: 0.0,
                max: 0.0,
                histogram: Vec::new(),
            };
        }
        let mean = v.iter().sum::<f64>() / n as f64;
        let sd = (v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64).sqrt();
        // Nearest-rank quantile.
        let q = |p: f64| v[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        let (lo, hi) = (v[0], v[n - 1]);
        let bins = bins.max(1);
        // Whole numbers get whole-number bins where there are few distinct values.
        let integral = v.iter().all(|x| x.fract() == 0.0);
        let bins = if integral {
            bins.min((hi - lo) as usize + 1)
        } else {
            bins
        };
        let width = if hi > lo {
            (hi - lo) / bins as f64
        } else {
            1.0
        };
        let width = if integral {
            width.ceil().max(1.0)
        } else {
            width
        };
        let mut counts = vec![0u64; bins];
        for x in &v {
            let b = (((x - lo) / width) as usize).min(bins - 1);
            counts[b] += 1;
        }
        let histogram = counts
            .into_iter()
            .enumerate()
            .map(|(b, c)| {
                let l = lo + b as f64 * width;
                (l, if integral { l + width - 1.0 } else { l + width }, c)
            })
            .collect();
        Distribution {
            count: n as u64,
            mean,
            sd,
            min: lo,
            p10: q(0.1),
            median,
            p90: q(0.9),
            max: hi,
            histogram,
        }
    }
}

/// What the first mover made of its first move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstMover {
    /// Games won by the seat that moved first, with its interval.
    pub wins: RateLine,
    /// How often each seat moved first.
    pub by_seat: Vec<u64>,
    /// The 1/N share the first mover would get if moving first did not matter.
    pub fair_share: f64,
}

/// One card or unit over the run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceLine {
    /// Its name.
    pub name: String,
    /// Copies that came into play, all games.
    pub played: u64,
    /// Copies still in play at the end.
    pub survived: u64,
    /// Damage dealt by all copies.
    pub dealt: u64,
    /// Damage taken by all copies.
    pub taken: u64,
    /// Pieces its copies destroyed.
    pub kills: u64,
    /// Win rate of the seats that played it (seat-games), with its interval.
    pub when_played: RateLine,
    /// Win rate of the seats that did not (every other seat-game), with its interval; `games`
    /// 0 where every seat always plays it (units on the map from the start).
    pub when_not_played: RateLine,
}

/// One game of the run, re-runnable from its seed (`gridwright simulate … --seed` does not
/// derive it: the report's `seed` and the game's index do).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLine {
    /// Its number in the run.
    pub index: usize,
    /// The game's own seed.
    pub seed: u64,
    /// The winner (`P1`…), or `None` for a draw.
    pub winner: Option<Seat>,
    /// The seat that moved first.
    pub first: Option<Seat>,
    /// Player moves.
    pub moves: usize,
}

/// The report of one variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantReport {
    /// Its name.
    pub name: String,
    /// Its overrides, in words.
    pub changes: Vec<String>,
    /// Games played.
    pub games: usize,
    /// Wins per seat.
    pub seats: Vec<RateLine>,
    /// Drawn games.
    pub draws: u64,
    /// Draws / games.
    pub draw_rate: f64,
    /// The 1/N share per seat.
    pub fair_share: f64,
    /// Wins per faction (seat-games of that faction), where the game names factions.
    pub factions: Vec<RateLine>,
    /// The first mover's wins, where some seat moved first.
    pub first_mover: Option<FirstMover>,
    /// Game length in player moves.
    pub length: Distribution,
    /// Final scores per seat, where the game reports them.
    pub scores: Option<Vec<Distribution>>,
    /// How many games ended each way, where the game says.
    pub ends: BTreeMap<String, u64>,
    /// Per card or unit, where the game reports pieces; by name.
    pub pieces: Vec<PieceLine>,
    /// Per-round curves, where the game measures something per round (see
    /// [`crate::curves`]).
    pub curves: Vec<Curve>,
    /// Every game, in order.
    pub game_list: Vec<GameLine>,
}

/// The difference between two variants in the subject seat's score (win 1, draw ½, loss 0).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The baseline's name.
    pub a: String,
    /// The other's name.
    pub b: String,
    /// The seat compared.
    pub subject: Seat,
    /// Pairs of games (same seed).
    pub pairs: u64,
    /// Mean score of the subject under A and under B.
    pub mean_a: f64,
    /// See `mean_a`.
    pub mean_b: f64,
    /// B − A.
    pub difference: f64,
    /// 95% interval of the difference (paired, normal approximation).
    pub interval_95: (f64, f64),
    /// Two-sided p-value of "no difference" (paired z test).
    pub p_value: f64,
    /// Whether p < 0.05.
    pub significant: bool,
}

/// A balance run: one report per variant, their comparison, the sequential test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BalanceReport {
    /// The game's short name.
    pub game: String,
    /// The setup played (scenario, deck pairing).
    pub setup: String,
    /// The agent of each seat.
    pub agents: Vec<String>,
    /// Master seed.
    pub seed: u64,
    /// Games asked for per variant.
    pub games_asked: usize,
    /// One report per variant, in the order given.
    pub variants: Vec<VariantReport>,
    /// With two variants (not a sweep): the second against the first.
    pub comparison: Option<Comparison>,
    /// With a sweep: the win rates per value and the value nearest an even game.
    pub sweep: Option<SweepReport>,
    /// The replays saved with `--replays`, in variant and game order.
    pub replays: Vec<SavedReplay>,
    /// The sequential test, if asked.
    pub sprt: Option<SprtResult>,
    /// Wall-clock seconds (varies run to run; not part of the determinism promise).
    pub elapsed_seconds: f64,
}

impl BalanceReport {
    /// The report without its timing, for determinism checks.
    pub fn without_timing(&self) -> BalanceReport {
        BalanceReport {
            elapsed_seconds: 0.0,
            ..self.clone()
        }
    }
}

/// One agent pairing's headline in a run with several pairings: its first variant's (or
/// sweep value's) wins per seat, and what its comparison or sweep concluded, so a designer sees
/// whether a stronger pairing tells the same story.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingLine {
    /// The agent of each seat.
    pub agents: Vec<String>,
    /// Games played (of the first variant).
    pub games: usize,
    /// Wins per seat, with intervals.
    pub seats: Vec<RateLine>,
    /// Draws / games.
    pub draw_rate: f64,
    /// The first mover's wins, where some seat moved first.
    pub first_mover: Option<RateLine>,
    /// With two variants: B − A in the subject's score and its 95% interval.
    pub difference: Option<(f64, (f64, f64))>,
    /// With a sweep: the value nearest an even game.
    pub closest: Option<String>,
}

/// A run with several agent pairings: a whole report for each, in the order given, and their
/// headlines side by side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingsReport {
    /// One report per pairing.
    pub pairings: Vec<BalanceReport>,
    /// Their headlines.
    pub table: Vec<PairingLine>,
}

impl PairingsReport {
    /// The reports with their table.
    pub fn of(pairings: Vec<BalanceReport>) -> PairingsReport {
        let table = pairings
            .iter()
            .map(|r| {
                let v = r.variants.first();
                PairingLine {
                    agents: r.agents.clone(),
                    games: v.map_or(0, |v| v.games),
                    seats: v.map(|v| v.seats.clone()).unwrap_or_default(),
                    draw_rate: v.map_or(0.0, |v| v.draw_rate),
                    first_mover: v.and_then(|v| v.first_mover.as_ref().map(|f| f.wins.clone())),
                    difference: r.comparison.as_ref().map(|c| (c.difference, c.interval_95)),
                    closest: r.sweep.as_ref().and_then(|s| s.closest.clone()),
                }
            })
            .collect();
        PairingsReport { pairings, table }
    }

    /// The reports without their timing, for determinism checks.
    pub fn without_timing(&self) -> PairingsReport {
        PairingsReport {
            pairings: self
                .pairings
                .iter()
                .map(BalanceReport::without_timing)
                .collect(),
            table: self.table.clone(),
        }
    }
}

/// One game as the report needs it.
#[derive(Clone, Debug)]
struct Outcome {
    line: GameLine,
    scores: Option<Vec<f64>>,
    end: Option<String>,
    factions: Vec<Option<String>>,
    pieces: Vec<gridwright_engine::Piece>,
    curves: Samples,
}

/// Plays one game from `initial` with `agents`, feeding the events of each step to the game's
/// piece hook.
fn play_game<G: Game>(
    initial: &G,
    index: usize,
    seed: u64,
    agents: &mut [Box<dyn Agent<G>>],
    hooks: Hooks<G>,
) -> Result<Outcome, SimError> {
    let mut state = initial.clone();
    let mut log = PieceLog::default();
    state.log_pieces_at_start(&mut log);
    let mut sampler = Sampler::start(&state, hooks.round, hooks.measures);
    let (moves, first) = crate::play_out(
        &mut state,
        None,
        index,
        seed,
        agents,
        &mut Events::recording(),
        &mut |g, events| {
            g.log_pieces(&events.take(), &mut log);
            sampler.after_step(g);
        },
    )?;
    Ok(Outcome {
        line: GameLine {
            index,
            seed,
            winner: winner_of(&state.returns()),
            first,
            moves,
        },
        scores: (hooks.score)(&state),
        end: (hooks.end)(&state),
        factions: Seat::all(agents.len()).map(|s| state.faction(s)).collect(),
        pieces: log.pieces().to_vec(),
        curves: sampler.finish(&state),
    })
}

/// Per-piece sums over a run.
#[derive(Clone, Debug, Default)]
struct PieceSums {
    played: u64,
    survived: u64,
    dealt: u64,
    taken: u64,
    kills: u64,
    seat_games: u64,
    seat_wins: u64,
}

/// One variant's games, folded in index order.
#[derive(Clone, Debug)]
struct VariantTally {
    seats: usize,
    games: Vec<GameLine>,
    wins: Vec<u64>,
    draws: u64,
    factions: BTreeMap<String, (u64, u64)>,
    first_by_seat: Vec<u64>,
    first_wins: u64,
    scores: Option<Vec<Vec<f64>>>,
    ends: BTreeMap<String, u64>,
    pieces: BTreeMap<String, PieceSums>,
    curves: CurveTally,
}

impl VariantTally {
    fn new(seats: usize) -> Self {
        VariantTally {
            seats,
            games: Vec::new(),
            wins: vec![0; seats],
            draws: 0,
            factions: BTreeMap::new(),
            first_by_seat: vec![0; seats],
            first_wins: 0,
            scores: Some(vec![Vec::new(); seats]),
            ends: BTreeMap::new(),
            pieces: BTreeMap::new(),
            curves: CurveTally::default(),
        }
    }

    fn add(&mut self, o: Outcome) {
        let winner = o.line.winner.filter(|s| s.index() < self.seats);
        match winner {
            Some(s) => self.wins[s.index()] += 1,
            None => self.draws += 1,
        }
        if let Some(f) = o.line.first.filter(|s| s.index() < self.seats) {
            self.first_by_seat[f.index()] += 1;
            if winner == Some(f) {
                self.first_wins += 1;
            }
        }
        for (i, f) in o.factions.iter().enumerate() {
            if let Some(f) = f {
                let e = self.factions.entry(f.clone()).or_insert((0, 0));
                e.0 += 1;
                if winner.is_some_and(|w| w.index() == i) {
                    e.1 += 1;
                }
            }
        }
        match (&mut self.scores, &o.scores) {
            (Some(all), Some(s)) if s.len() == self.seats => {
                for (v, x) in all.iter_mut().zip(s) {
                    v.push(*x);
                }
            }
            (scores, _) => *scores = None,
        }
        self.curves.add(&o.curves);
        if let Some(e) = o.end {
            *self.ends.entry(e).or_insert(0) += 1;
        }
        // Each (seat, name) played this game counts once for the win rates.
        let mut seen: std::collections::BTreeSet<(usize, &str)> = Default::default();
        for p in &o.pieces {
            let sums = self.pieces.entry(p.name.clone()).or_default();
            sums.played += 1;
            sums.survived += u64::from(!p.destroyed);
            sums.dealt += u64::from(p.dealt);
            sums.taken += u64::from(p.taken);
            sums.kills += u64::from(p.kills);
            if seen.insert((p.seat.index(), &p.name)) {
                sums.seat_games += 1;
                if winner == Some(p.seat) {
                    sums.seat_wins += 1;
                }
            }
        }
        self.games.push(o.line);
    }

    fn report(&self, name: String, changes: Vec<String>, bins: usize) -> VariantReport {
        let n = self.games.len() as u64;
        let share = fair_share(self.seats);
        let seat_games = n * self.seats as u64;
        let decided: u64 = self.wins.iter().sum();
        let lengths: Vec<f64> = self.games.iter().map(|g| g.moves as f64).collect();
        let first_games: u64 = self.first_by_seat.iter().sum();
        VariantReport {
            name,
            changes,
            games: n as usize,
            seats: self
                .wins
                .iter()
                .enumerate()
                .map(|(i, w)| RateLine::new(Seat::new(i as u8).to_string(), *w, n, share))
                .collect(),
            draws: self.draws,
            draw_rate: if n == 0 {
                0.0
            } else {
                self.draws as f64 / n as f64
            },
            fair_share: share,
            factions: self
                .factions
                .iter()
                .map(|(f, (g, w))| RateLine::new(f.clone(), *w, *g, share))
                .collect(),
            first_mover: (first_games > 0).then(|| FirstMover {
                wins: RateLine::new("first mover".into(), self.first_wins, first_games, share),
                by_seat: self.first_by_seat.clone(),
                fair_share: share,
            }),
            length: Distribution::of(&lengths, bins),
            scores: self
                .scores
                .as_ref()
                .filter(|_| n > 0)
                .map(|all| all.iter().map(|v| Distribution::of(v, bins)).collect()),
            ends: self.ends.clone(),
            pieces: self
                .pieces
                .iter()
                .map(|(name, s)| PieceLine {
                    name: name.clone(),
                    played: s.played,
                    survived: s.survived,
                    dealt: s.dealt,
                    taken: s.taken,
                    kills: s.kills,
                    when_played: RateLine::new("played".into(), s.seat_wins, s.seat_games, share),
                    when_not_played: RateLine::new(
                        "not played".into(),
                        decided - s.seat_wins,
                        seat_games - s.seat_games,
                        share,
                    ),
                })
                .collect(),
            curves: self.curves.report(),
            game_list: self.games.clone(),
        }
    }
}

/// The subject seat's score in a game: win 1, draw ½, loss 0.
fn score_of(line: &GameLine, subject: Seat) -> f64 {
    match line.winner {
        Some(w) if w == subject => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// What the caller says the run is, for the report's header.
#[derive(Clone, Debug)]
pub struct Header {
    /// The game's short name.
    pub game: String,
    /// The setup's name.
    pub setup: String,
    /// One agent spec per seat.
    pub agents: Vec<String>,
}

/// The variants' initial states, checked against the agents and the subject seat.
fn initial_states<G: Game>(
    variants: &[Variant<G::Config>],
    seats: usize,
    subject: Option<Seat>,
    games: usize,
) -> Result<Vec<G>, SimError> {
    if games > MAX_GAMES {
        return Err(SimError::TooManyGames {
            games,
            max: MAX_GAMES,
        });
    }
    let initial: Vec<G> = variants
        .iter()
        .map(|v| G::new(&v.config))
        .collect::<Result<_, _>>()?;
    if let Some(g) = initial.iter().find(|g| g.num_seats() != seats) {
        return Err(SimError::AgentCount {
            seats: g.num_seats(),
            agents: seats,
        });
    }
    if let Some(seat) = subject.filter(|s| s.index() >= seats) {
        return Err(SimError::Subject { seat, seats });
    }
    Ok(initial)
}

/// Game `i` of every variant, from the same seed.
fn play_variants<G: Game>(
    initial: &[G],
    i: usize,
    seed: u64,
    agents: &[AgentFactory<G>],
    hooks: Hooks<G>,
) -> Result<Vec<Outcome>, SimError> {
    let seed = derive_seed(seed, i as u64);
    initial
        .iter()
        .map(|g| {
            let mut a: Vec<Box<dyn Agent<G>>> = agents.iter().map(|f| f()).collect();
            play_game(g, i, seed, &mut a, hooks)
        })
        .collect()
}

/// The games of a run folded in index order: every variant's tally, the subject's paired
/// scores and the sequential test.
struct Fold {
    tallies: Vec<VariantTally>,
    sprt: Option<crate::sprt::SprtState>,
    paired: Vec<(f64, f64)>,
    subject: Seat,
}

impl Fold {
    fn new(variants: usize, seats: usize, opts: &BalanceOptions) -> Fold {
        Fold {
            tallies: (0..variants).map(|_| VariantTally::new(seats)).collect(),
            sprt: opts.sprt.map(|s| s.start()),
            paired: Vec::new(),
            subject: opts.subject,
        }
    }

    /// Adds game `i` of every variant; `Break` when the sequential test has decided.
    fn add(&mut self, outcomes: Vec<Outcome>) -> ControlFlow<()> {
        let x: Vec<f64> = outcomes
            .iter()
            .map(|o| score_of(&o.line, self.subject))
            .collect();
        if let [a, b, ..] = x[..] {
            self.paired.push((a, b));
        }
        for (t, o) in self.tallies.iter_mut().zip(outcomes) {
            t.add(o);
        }
        if let Some(s) = &mut self.sprt {
            // One variant: the subject's score; two: B's score against A's on the same seed.
            let y = match x[..] {
                [a] => a,
                [a, b, ..] => (1.0 + b - a) / 2.0,
                [] => return ControlFlow::Continue(()),
            };
            if s.add(y).is_some() {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    /// The variants' reports and the comparison of two.
    fn reports<C>(
        &self,
        variants: &[Variant<C>],
        opts: &BalanceOptions,
    ) -> (Vec<VariantReport>, Option<Comparison>) {
        let comparison = match (variants, &opts.sweep) {
            ([a, b], None) => Some(compare(&a.name, &b.name, opts.subject, &self.paired)),
            _ => None,
        };
        let reports = variants
            .iter()
            .zip(&self.tallies)
            .map(|(v, t)| t.report(v.name.clone(), v.changes.clone(), opts.bins))
            .collect();
        (reports, comparison)
    }

    /// The report, with the replays saved (if any) and how long it took.
    fn finish(
        self,
        header: Header,
        opts: &BalanceOptions,
        reports: Vec<VariantReport>,
        comparison: Option<Comparison>,
        replays: Vec<SavedReplay>,
        elapsed_seconds: f64,
    ) -> BalanceReport {
        BalanceReport {
            game: header.game,
            setup: header.setup,
            agents: header.agents,
            seed: opts.seed,
            games_asked: opts.games,
            sweep: opts
                .sweep
                .as_ref()
                .map(|key| crate::sweep::curve(key, opts.subject, &reports)),
            variants: reports,
            comparison,
            sprt: self.sprt.map(|s| s.result()),
            replays,
            elapsed_seconds,
        }
    }
}

/// Plays `opts.games` games of every variant (game `i` of each from the same seed) and reports.
/// With `opts.sprt`, stops as soon as the test decides; the same seed gives the same report
/// whatever `opts.threads` is (but for `elapsed_seconds`).
///
/// # Errors
/// A variant that does not set up, a wrong number of agents, a subject seat the game does not
/// have, too many games, or a game that fails ([`SimError`]).
pub fn report<G: Game>(
    header: Header,
    variants: &[Variant<G::Config>],
    agents: &[AgentFactory<G>],
    opts: &BalanceOptions,
    hooks: Hooks<G>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<BalanceReport, SimError> {
    let start = Instant::now();
    let seats = agents.len();
    let initial = initial_states::<G>(variants, seats, Some(opts.subject), opts.games)?;
    let mut fold = Fold::new(variants.len(), seats, opts);
    par::ordered::<_, SimError, _, _>(
        opts.games,
        opts.threads,
        crate::AHEAD_PER_THREAD.saturating_mul(opts.threads.max(1)),
        |i| play_variants(&initial, i, opts.seed, agents, hooks),
        |_, outcomes: Vec<Outcome>| fold.add(outcomes),
        progress,
    )?;
    let (reports, comparison) = fold.reports(variants, opts);
    let replays = match &opts.replays {
        Some(keep) => save_replays(variants, &initial, &reports, agents, opts, keep, hooks)?,
        None => Vec::new(),
    };
    Ok(fold.finish(
        header,
        opts,
        reports,
        comparison,
        replays,
        start.elapsed().as_secs_f64(),
    ))
}

/// One game of one variant as a shard carries it: what the report folds, floating-point
/// numbers as their bits so that they come back exactly.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct WireOutcome {
    index: usize,
    seed: u64,
    winner: Option<Seat>,
    first: Option<Seat>,
    moves: usize,
    scores: Option<Vec<u64>>,
    end: Option<String>,
    factions: Vec<Option<String>>,
    /// Seat, name, dealt, taken, kills, destroyed.
    pieces: Vec<(Seat, String, u32, u32, u32, bool)>,
    /// Round (`None`: the end), then each measure's name and values.
    curves: Vec<(Option<u32>, Vec<WireMeasure>)>,
}

/// A measure's name and its values per seat, as their bits.
type WireMeasure = (String, Vec<u64>);

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn floats(v: &[u64]) -> Vec<f64> {
    v.iter().map(|x| f64::from_bits(*x)).collect()
}

impl From<&Outcome> for WireOutcome {
    fn from(o: &Outcome) -> WireOutcome {
        WireOutcome {
            index: o.line.index,
            seed: o.line.seed,
            winner: o.line.winner,
            first: o.line.first,
            moves: o.line.moves,
            scores: o.scores.as_deref().map(bits),
            end: o.end.clone(),
            factions: o.factions.clone(),
            pieces: o
                .pieces
                .iter()
                .map(|p| {
                    (
                        p.seat,
                        p.name.clone(),
                        p.dealt,
                        p.taken,
                        p.kills,
                        p.destroyed,
                    )
                })
                .collect(),
            curves: o
                .curves
                .iter()
                .map(|(at, m)| {
                    let m = m.iter().map(|(n, v)| (n.to_string(), bits(v))).collect();
                    (*at, m)
                })
                .collect(),
        }
    }
}

impl From<WireOutcome> for Outcome {
    fn from(w: WireOutcome) -> Outcome {
        Outcome {
            line: GameLine {
                index: w.index,
                seed: w.seed,
                winner: w.winner,
                first: w.first,
                moves: w.moves,
            },
            scores: w.scores.as_deref().map(floats),
            end: w.end,
            factions: w.factions,
            pieces: w
                .pieces
                .into_iter()
                .map(
                    |(seat, name, dealt, taken, kills, destroyed)| gridwright_engine::Piece {
                        seat,
                        name,
                        dealt,
                        taken,
                        kills,
                        destroyed,
                    },
                )
                .collect(),
            curves: w
                .curves
                .into_iter()
                .map(|(at, m)| {
                    let m = m
                        .into_iter()
                        .map(|(n, v)| (std::borrow::Cow::Owned(n), floats(&v)))
                        .collect();
                    (at, m)
                })
                .collect(),
        }
    }
}

/// Games `start..start + count` of a balance run of master seed `seed`, every variant of each,
/// played on this thread exactly as [`report`] plays them: JSON text for [`merge`].
///
/// # Errors
/// As [`report`].
pub fn shard<G: Game>(
    variants: &[Variant<G::Config>],
    agents: &[AgentFactory<G>],
    seed: u64,
    start: usize,
    count: usize,
    hooks: Hooks<G>,
) -> Result<String, SimError> {
    let end =
        start
            .checked_add(count)
            .filter(|&e| e <= MAX_GAMES)
            .ok_or(SimError::TooManyGames {
                games: start.saturating_add(count),
                max: MAX_GAMES,
            })?;
    let initial = initial_states::<G>(variants, agents.len(), None, end)?;
    let mut games: Vec<Vec<WireOutcome>> = Vec::new();
    for i in start..end {
        let outcomes = play_variants(&initial, i, seed, agents, hooks)?;
        games.push(outcomes.iter().map(WireOutcome::from).collect());
    }
    serde_json::to_string(&games).map_err(|e| SimError::Shards(format!("a shard as JSON: {e}")))
}

/// [`report`]'s report from the texts of [`shard`] (in any order) that hold games
/// `0..opts.games` of `variants` between `seats` agents exactly once, each from the run's seeds:
/// the games are folded in index order, as [`report`] folds them, so the report is the same
/// (but `elapsed_seconds`, which the caller gives). Replays are not saved from shards.
///
/// # Errors
/// A shard that is not [`shard`]'s text, shards that miss or repeat a game, a game played from
/// another seed or with other variants or seats, and [`report`]'s checks.
pub fn merge<G: Game>(
    header: Header,
    variants: &[Variant<G::Config>],
    seats: usize,
    opts: &BalanceOptions,
    shards: &[String],
    elapsed_seconds: f64,
) -> Result<BalanceReport, SimError> {
    if opts.replays.is_some() {
        return Err(SimError::Shards(
            "replays are not saved from shards; run the report in one place to save them".into(),
        ));
    }
    initial_states::<G>(variants, seats, Some(opts.subject), opts.games)?;
    let mut games: Vec<Vec<WireOutcome>> = Vec::new();
    for (n, text) in shards.iter().enumerate() {
        let part: Vec<Vec<WireOutcome>> = serde_json::from_str(text)
            .map_err(|e| SimError::Shards(format!("shard {n}: not a balance shard: {e}")))?;
        games.extend(part);
    }
    games.sort_by_key(|g| g.first().map_or(usize::MAX, |o| o.index));
    if games.len() != opts.games {
        return Err(SimError::Shards(format!(
            "the shards hold {} games, not the run's {}",
            games.len(),
            opts.games
        )));
    }
    let mut fold = Fold::new(variants.len(), seats, opts);
    for (i, game) in games.into_iter().enumerate() {
        let seed = derive_seed(opts.seed, i as u64);
        if game.len() != variants.len() {
            return Err(SimError::Shards(format!(
                "game {i} of the shards has {} variants, not the run's {}",
                game.len(),
                variants.len()
            )));
        }
        for o in &game {
            if o.index != i {
                return Err(SimError::Shards(format!(
                    "the shards do not hold game {i} exactly once (found game {} there)",
                    o.index
                )));
            }
            if o.seed != seed || o.factions.len() != seats {
                return Err(SimError::Shards(format!(
                    "game {i} of the shards was not played from master seed {} by {seats} seats",
                    opts.seed
                )));
            }
        }
        if fold
            .add(game.into_iter().map(Outcome::from).collect())
            .is_break()
        {
            break;
        }
    }
    let (reports, comparison) = fold.reports(variants, opts);
    Ok(fold.finish(
        header,
        opts,
        reports,
        comparison,
        Vec::new(),
        elapsed_seconds,
    ))
}

/// The games of one variant `keep` asks for, each with why, in game order.
pub fn chosen_games(v: &VariantReport, every: Option<usize>) -> BTreeMap<usize, Vec<String>> {
    let mut out: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let games = &v.game_list;
    for s in 0..v.seats.len() {
        let seat = Seat::new(s as u8);
        if let Some(g) = games.iter().find(|g| g.winner == Some(seat)) {
            out.entry(g.index)
                .or_default()
                .push(format!("{seat}'s first win"));
        }
    }
    if let Some(g) = games.iter().find(|g| g.winner.is_none()) {
        out.entry(g.index)
            .or_default()
            .push("the first draw".to_owned());
    }
    // The first of equal lengths (`min_by_key` keeps the first, `max_by_key` the last).
    if let Some(g) = games.iter().min_by_key(|g| g.moves) {
        out.entry(g.index)
            .or_default()
            .push(format!("the shortest game ({} moves)", g.moves));
    }
    if let Some(g) = games.iter().rev().max_by_key(|g| g.moves) {
        out.entry(g.index)
            .or_default()
            .push(format!("the longest game ({} moves)", g.moves));
    }
    if let Some(n) = every.filter(|n| *n > 0) {
        for g in games.iter().filter(|g| g.index % n == 0) {
            out.entry(g.index)
                .or_default()
                .push(format!("one of every {n} games"));
        }
    }
    out
}

/// A variant's name as a file name: letters, digits, `-`, `_` and `.` kept, anything else `_`.
fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Plays the chosen games again through a [`Session`](gridwright_engine::Session) (the same
/// seed, fresh agents: the same game) and writes their replays; each must end as the report
/// says it did.
fn save_replays<G: Game>(
    variants: &[Variant<G::Config>],
    initial: &[G],
    reports: &[VariantReport],
    agents: &[AgentFactory<G>],
    opts: &BalanceOptions,
    keep: &KeepReplays,
    hooks: Hooks<G>,
) -> Result<Vec<SavedReplay>, SimError> {
    std::fs::create_dir_all(&keep.dir).map_err(|source| SimError::Io {
        path: keep.dir.clone(),
        source,
    })?;
    let mut jobs = Vec::new();
    for (k, r) in reports.iter().enumerate() {
        for (index, why) in chosen_games(r, keep.every) {
            jobs.push((k, index, why));
        }
    }
    let mut saved = Vec::with_capacity(jobs.len());
    par::ordered::<_, SimError, _, _>(
        jobs.len(),
        opts.threads,
        crate::AHEAD_PER_THREAD.saturating_mul(opts.threads.max(1)),
        |j| {
            let (k, index, why) = &jobs[j];
            let (variant, line) = (&variants[*k], &reports[*k].game_list[*index]);
            let mut seat_agents: Vec<Box<dyn Agent<G>>> = agents.iter().map(|f| f()).collect();
            let (rec, replay) = crate::play_one(
                &variant.config,
                &initial[*k],
                *index,
                line.seed,
                &mut seat_agents,
                hooks.score,
                hooks.end,
                true,
            )?;
            if rec.winner != line.winner || rec.moves != line.moves {
                return Err(SimError::Diverged {
                    index: *index,
                    variant: variant.name.clone(),
                });
            }
            let path = keep.dir.join(format!(
                "{}-game-{index:06}.replay.json",
                file_stem(&variant.name)
            ));
            let file = path.display().to_string();
            if let Some(r) = replay {
                gridwright_engine::files::write_atomic(&path, r.to_json().as_bytes())
                    .map_err(|source| SimError::Io { path, source })?;
            }
            Ok(SavedReplay {
                variant: variant.name.clone(),
                index: *index,
                seed: line.seed,
                why: why.clone(),
                file,
            })
        },
        |_, s| {
            saved.push(s);
            ControlFlow::Continue(())
        },
        &|_, _| {},
    )?;
    Ok(saved)
}

/// The paired comparison of B against A from the subject's scores `(a, b)` per seed.
pub fn compare(a: &str, b: &str, subject: Seat, pairs: &[(f64, f64)]) -> Comparison {
    let n = pairs.len() as f64;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| {
        if pairs.is_empty() {
            0.0
        } else {
            pairs.iter().map(f).sum::<f64>() / n
        }
    };
    let (mean_a, mean_b) = (mean(&|p| p.0), mean(&|p| p.1));
    let d = mean_b - mean_a;
    let var = if pairs.len() > 1 {
        pairs
            .iter()
            .map(|p| (p.1 - p.0 - d) * (p.1 - p.0 - d))
            .sum::<f64>()
            / (n - 1.0)
    } else {
        0.0
    };
    let se = (var / n.max(1.0)).sqrt();
    let z = 1.959_963_984_540_054;
    let p_value = if se > 0.0 {
        crate::sprt::two_sided_p(d / se)
    } else if d == 0.0 {
        1.0
    } else {
        0.0
    };
    Comparison {
        a: a.to_owned(),
        b: b.to_owned(),
        subject,
        pairs: pairs.len() as u64,
        mean_a,
        mean_b,
        difference: d,
        interval_95: (d - z * se, d + z * se),
        p_value,
        significant: p_value < 0.05,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_of_known_values() {
        let d = Distribution::of(&[1.0, 2.0, 3.0, 4.0, 10.0], 3);
        assert_eq!((d.count, d.min, d.max, d.median), (5, 1.0, 10.0, 3.0));
        assert_eq!(d.mean, 4.0);
        assert!((d.sd - (50.0f64 / 5.0).sqrt()).abs() < 1e-12);
        assert_eq!(d.p10, 1.0);
        assert_eq!(d.p90, 10.0);
        // Whole numbers 1..=10 in 3 bins of width 3: 1–3, 4–6, 7–9 (the last takes the rest).
        assert_eq!(
            d.histogram,
            vec![(1.0, 3.0, 3), (4.0, 6.0, 1), (7.0, 9.0, 1)]
        );
        assert_eq!(d.histogram.iter().map(|b| b.2).sum::<u64>(), 5);
        let e = Distribution::of(&[], 5);
        assert_eq!((e.count, e.histogram.len()), (0, 0));
        let same = Distribution::of(&[7.0; 4], 10);
        assert_eq!(same.histogram, vec![(7.0, 7.0, 4)]);
    }

    #[test]
    fn the_games_kept_as_replays() {
        let seat = |s: u8| Some(Seat::new(s));
        // Games 0–5: P2 wins, P2, a draw, P1, P2, P1; lengths 9, 4, 12, 4, 12, 7.
        let line = |index: usize, winner: Option<Seat>, moves: usize| GameLine {
            index,
            seed: index as u64,
            winner,
            first: seat(0),
            moves,
        };
        let v = VariantTally {
            games: vec![
                line(0, seat(1), 9),
                line(1, seat(1), 4),
                line(2, None, 12),
                line(3, seat(0), 4),
                line(4, seat(1), 12),
                line(5, seat(0), 7),
            ],
            ..VariantTally::new(2)
        }
        .report("base".into(), Vec::new(), 5);
        let kept = chosen_games(&v, None);
        let want: BTreeMap<usize, Vec<String>> = [
            (0, vec!["P2's first win".to_owned()]),
            (1, vec!["the shortest game (4 moves)".to_owned()]),
            (
                2,
                vec![
                    "the first draw".to_owned(),
                    "the longest game (12 moves)".to_owned(),
                ],
            ),
            (3, vec!["P1's first win".to_owned()]),
        ]
        .into_iter()
        .collect();
        assert_eq!(kept, want);
        let every = chosen_games(&v, Some(4));
        assert_eq!(every.keys().copied().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        assert_eq!(every[&4], ["one of every 4 games"]);
        assert_eq!(file_stem("B: knight/4"), "B__knight_4");
    }

    #[test]
    fn a_paired_comparison_of_known_scores() {
        // 10 pairs: B wins where A lost in 4, A wins where B lost in 1, 5 alike.
        let mut pairs = vec![(0.0, 1.0); 4];
        pairs.push((1.0, 0.0));
        pairs.extend([(1.0, 1.0); 5]);
        let c = compare("A", "B", Seat::new(0), &pairs);
        assert_eq!(c.pairs, 10);
        assert!((c.difference - 0.3).abs() < 1e-12);
        // d = (1,1,1,1,-1,0,0,0,0,0): mean 0.3, sample variance (4·0.49 + 1.69 + 5·0.09)/9.
        let var: f64 = (4.0 * 0.49 + 1.69 + 5.0 * 0.09) / 9.0;
        let se = (var / 10.0).sqrt();
        assert!((c.interval_95.0 - (0.3 - 1.959_963_984_540_054 * se)).abs() < 1e-12);
        // se = √(4.1/9/10) ≈ 0.21344, z ≈ 1.4056, Φ(z) ≈ 0.92008: p ≈ 0.15985 (two-sided).
        assert!((c.p_value - 0.159_85).abs() < 1e-4, "{}", c.p_value);
        assert!(!c.significant);
        let same = compare("A", "B", Seat::new(0), &[(1.0, 1.0); 3]);
        assert_eq!((same.difference, same.p_value), (0.0, 1.0));
    }
}
