//! The conformance harness every game reuses (feature `testing`).
//!
//! [`random_sim`] plays many random games and checks, at every step, the invariants the engine
//! relies on, in the spirit of OpenSpiel's `RandomSimTest`. A game's conformance test is then a
//! few lines per config.

use crate::game::{Actor, Events, Game, Turn};
use crate::replay::Replay;
use crate::rng::{Rng, derive_seed};
use crate::seat::{Seat, Viewer};
use crate::session::Session;

/// Counts from a [`random_sim`] run, for sanity checks in tests.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct SimReport {
    /// Games played.
    pub games: usize,
    /// Total steps taken (player and chance).
    pub steps: usize,
    /// Longest game, in steps.
    pub longest: usize,
    /// Sum of returns per seat.
    pub returns: Vec<f64>,
}

/// Plays `n_games` random games from `config` and panics with a clear message at the first
/// broken invariant:
/// legal actions non-empty unless terminal, sorted and unique; acting out of turn is refused and
/// changes nothing; every action's text parses back to it; chance weights positive and outcomes
/// unique; `clone == original`; observations build and serialize for every viewer; returns have
/// one value per seat in `[-1, 1]`; game length ≤ `max_game_length`; and every `replay_every`-th
/// game re-runs from its replay file to the identical event-log hash.
///
/// # Panics
/// On any broken invariant (this is a test helper).
#[allow(clippy::expect_used, clippy::unwrap_used)]
pub fn random_sim<G: Game>(
    config: &G::Config,
    n_games: usize,
    seed: u64,
    replay_every: usize,
) -> SimReport {
    let mut report = SimReport::default();
    for g in 0..n_games {
        let game_seed = derive_seed(seed, g as u64);
        let mut rng = Rng::seed_from_u64(game_seed ^ 0x5eed);
        let with_session = replay_every > 0 && g % replay_every == 0;
        let mut session =
            Session::<G>::new(config.clone(), game_seed).expect("config builds a game");
        let mut state = session.state().clone();
        let n = state.num_seats();
        let max_len = state.max_game_length();
        let mut steps = session.log().len();
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        loop {
            assert!(
                steps <= max_len,
                "game {g}: {steps} steps exceeds max_game_length {max_len}"
            );
            assert_eq!(
                state.clone(),
                state,
                "game {g}: clone differs from original"
            );
            for v in Seat::all(n).map(Viewer::Seat).chain([Viewer::Spectator]) {
                let obs = state.observe(v);
                serde_json::to_string(&obs).expect("observation serializes");
            }
            let turn = state.turn();
            let returns = state.returns();
            assert_eq!(returns.len(), n, "returns must have one value per seat");
            assert!(
                returns.iter().all(|r| (-1.0..=1.0).contains(r)),
                "returns out of range: {returns:?}"
            );
            match turn {
                Turn::Terminal => {
                    for s in Seat::all(n) {
                        legal.clear();
                        state.legal_actions(s, &mut legal);
                        assert!(
                            legal.is_empty(),
                            "game {g}: terminal state has legal actions"
                        );
                    }
                    for (acc, r) in report.returns.iter_mut().zip(&returns) {
                        *acc += r;
                    }
                    if report.returns.is_empty() {
                        report.returns = returns;
                    }
                    break;
                }
                Turn::Chance => {
                    outcomes.clear();
                    state.chance_outcomes(&mut outcomes);
                    assert!(
                        !outcomes.is_empty(),
                        "game {g}: chance node without outcomes"
                    );
                    assert!(
                        outcomes.iter().all(|(_, w)| *w > 0),
                        "zero-weight chance outcome"
                    );
                    let mut acts: Vec<_> = outcomes.iter().map(|(a, _)| *a).collect();
                    acts.sort();
                    acts.dedup();
                    assert_eq!(acts.len(), outcomes.len(), "duplicate chance outcomes");
                    let i = rng.weighted_index(outcomes.iter().map(|(_, w)| *w));
                    let a = outcomes[i].0;
                    assert!(state.is_legal(Actor::Chance, &a));
                    state.step(Actor::Chance, a, &mut Events::disabled());
                }
                Turn::Seat(_) | Turn::Simultaneous(_) => {
                    let movers: Vec<Seat> = Seat::all(n).filter(|s| turn.includes(*s)).collect();
                    assert!(!movers.is_empty(), "game {g}: a turn with no seat");
                    for s in Seat::all(n) {
                        legal.clear();
                        state.legal_actions(s, &mut legal);
                        if !turn.includes(s) {
                            assert!(legal.is_empty(), "game {g}: {s} has actions out of turn");
                        }
                    }
                    let seat = movers[rng.index(movers.len())];
                    legal.clear();
                    state.legal_actions(seat, &mut legal);
                    assert!(
                        !legal.is_empty(),
                        "game {g}: {seat} to act but no legal action"
                    );
                    assert!(
                        legal.windows(2).all(|w| w[0] < w[1]),
                        "game {g}: legal actions not sorted/unique"
                    );
                    let a = legal[rng.index(legal.len())];
                    let text = state.action_text(&a);
                    assert_eq!(
                        state.parse_action(seat, &text),
                        Ok(a),
                        "game {g}: text `{text}` does not parse back"
                    );
                    // Out of turn and chance are refused and leave the state untouched.
                    if let Some(other) = Seat::all(n).find(|s| !turn.includes(*s)) {
                        let before = state.clone();
                        assert!(
                            state
                                .apply(Actor::Seat(other), a, &mut Events::disabled())
                                .is_err()
                        );
                        assert!(
                            state
                                .apply(Actor::Chance, a, &mut Events::disabled())
                                .is_err()
                        );
                        assert_eq!(before, state, "refused action changed the state");
                    }
                    if with_session {
                        // The session resolves the chance that follows with its own RNG; follow it.
                        session
                            .apply(seat, a)
                            .expect("session accepts the legal action");
                        state = session.state().clone();
                        steps = session.log().len();
                        continue;
                    }
                    state.step(Actor::Seat(seat), a, &mut Events::disabled());
                }
            }
            steps += 1;
        }
        if with_session {
            let text = session.replay().to_json();
            let replay = Replay::from_json(&text).expect("replay parses");
            let again = replay.verify::<G>().expect("replay verifies");
            assert_eq!(again.event_hash(), session.event_hash());
            assert_eq!(again.log(), session.log(), "replayed log differs");
        }
        report.games += 1;
        report.steps += steps;
        report.longest = report.longest.max(steps);
    }
    report
}
