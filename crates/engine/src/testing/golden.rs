//! The golden-replay driver every game's tests reuse.
//!
//! A golden replay is a whole game saved as a replay file under the game crate's
//! `tests/golden/` and re-run on every test run. [`Golden::verify`] reads the file, checks it
//! was made from the seed and config the test names, re-runs it to the same event-log hash
//! ([`Replay::verify`]), checks the game is over, and checks that playing the same game again
//! (the same agents, or the same typed moves) records the very same replay, so a change to the
//! rules, the content, the event format or the agents shows up here. It returns the verified
//! session for the game's own checks (winner, points).
//!
//! After an intended rules change the game bumps `INFO.rules_version` and rewrites its files
//! with its ignored `bless_golden_replays` test, which calls [`Golden::bless`].
//!
//! A game whose golden games pit its greedy agent against the random one lists them as a table
//! of [`GreedyGame`] rows and hands it to [`GreedyGolden`], which plays, verifies and blesses
//! them all the same way.

use crate::agent::{Agent, RandomAgent};
use crate::game::Game;
use crate::replay::Replay;
use crate::rng::Rng;
use crate::seat::{Seat, winner_of};
use crate::session::Session;
use std::path::PathBuf;

/// The golden replays of one game crate: its `tests/golden` folder and how to re-bless them.
#[derive(Debug, Clone)]
pub struct Golden {
    dir: PathBuf,
    package: String,
}

impl Golden {
    /// The golden replays of the crate at `manifest_dir` (pass `env!("CARGO_MANIFEST_DIR")`),
    /// named `package` (pass `env!("CARGO_PKG_NAME")`) in the re-bless hint.
    #[must_use]
    pub fn new(manifest_dir: &str, package: &str) -> Self {
        Golden {
            dir: PathBuf::from(manifest_dir).join("tests/golden"),
            package: package.to_owned(),
        }
    }

    /// The path of the golden file `file`.
    #[must_use]
    pub fn path(&self, file: &str) -> PathBuf {
        self.dir.join(file)
    }

    /// The command that rewrites the golden files.
    #[must_use]
    pub fn bless_command(&self) -> String {
        format!(
            "cargo test -p {} --test integration -- --ignored bless_golden_replays",
            self.package
        )
    }

    /// Reads and parses the golden file `file`.
    ///
    /// # Panics
    /// If the file is missing or not a replay (this is a test helper).
    #[must_use]
    pub fn read(&self, file: &str) -> Replay {
        let path = self.path(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; create it with `{}`",
                path.display(),
                self.bless_command()
            )
        });
        Replay::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Checks the golden file `file` against the game `fresh`, played again now from `config`
    /// and `seed`: the file's seed and config are those, it re-runs to the event-log hash it
    /// stores, the game is over, and `fresh` records the same event-log hash and the very same
    /// replay. Returns the session re-run from the file, for the game's own checks.
    ///
    /// # Panics
    /// On any failed check, naming the file (this is a test helper).
    pub fn verify<G: Game>(
        &self,
        file: &str,
        config: &G::Config,
        seed: u64,
        fresh: &Session<G>,
    ) -> Session<G> {
        let saved = self.read(file);
        assert_eq!(saved.seed, seed, "{file}: the seed");
        let config = serde_json::to_value(config)
            .unwrap_or_else(|e| panic!("{file}: the config does not serialize: {e}"));
        assert_eq!(saved.config, config, "{file}: the shipped scenario changed");
        let session = saved
            .verify::<G>()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(session.state().is_terminal(), "{file}: not finished");
        let fresh = fresh.replay();
        assert_eq!(
            fresh.event_hash,
            saved.event_hash,
            "{file}: playing the game again gives another event log (rules, content or agents \
             changed); if deliberate, bump rules_version and re-bless with `{}`",
            self.bless_command()
        );
        assert_eq!(
            fresh,
            saved,
            "{file}: recording the same game again gives a different replay; if deliberate, \
             re-bless with `{}`",
            self.bless_command()
        );
        session
    }

    /// Writes `session`'s replay as the golden file `file`.
    ///
    /// # Panics
    /// If the file cannot be written (this is a test helper).
    pub fn bless<G: Game>(&self, file: &str, session: &Session<G>) {
        let path = self.path(file);
        std::fs::write(&path, session.replay().to_json() + "\n")
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// Plays a golden game: a session from `config` and `seed`, played to its end by `agents` (one
/// per seat) drawing from an RNG seeded with `seed ^ salt` (see [`super::play_to_end`]).
///
/// # Panics
/// If the config does not build a game, or an agent picks an action the session refuses.
#[must_use]
pub fn play<G: Game>(
    config: G::Config,
    seed: u64,
    salt: u64,
    mut agents: Vec<Box<dyn Agent<G>>>,
) -> Session<G> {
    let mut session =
        Session::<G>::new(config, seed).unwrap_or_else(|e| panic!("the golden config: {e}"));
    let mut rng = Rng::seed_from_u64(seed ^ salt);
    super::play_to_end(&mut session, &mut agents, &mut rng);
    session
}

/// One golden game between a game's greedy agent and the random agent: the file, the scenario,
/// the seed, whether each seat is greedy (else random), and the number of the winning seat (0:
/// none).
pub type GreedyGame = (&'static str, &'static str, u64, [bool; 2], u8);

/// A game's golden games of greedy against random ([`GreedyGame`] rows): its golden folder, how
/// to build a scenario's config and the greedy agent, and the salt of the agents' RNG (see
/// [`play`]).
pub struct GreedyGolden<G: Game> {
    /// The game's golden replays.
    pub golden: Golden,
    /// The salt of the agents' RNG.
    pub salt: u64,
    /// The config of a scenario name.
    pub config: fn(&str) -> G::Config,
    /// A new greedy agent.
    pub greedy: fn() -> Box<dyn Agent<G>>,
}

impl<G: Game> std::fmt::Debug for GreedyGolden<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GreedyGolden")
            .field("golden", &self.golden)
            .field("salt", &self.salt)
            .finish_non_exhaustive()
    }
}

impl<G: Game> GreedyGolden<G> {
    /// Plays the game of `row` to its end.
    ///
    /// # Panics
    /// As [`play`].
    #[must_use]
    pub fn play(&self, &(_, scenario, seed, greedy, _): &GreedyGame) -> Session<G> {
        let agents = greedy
            .iter()
            .map(|&g| -> Box<dyn Agent<G>> {
                if g {
                    (self.greedy)()
                } else {
                    Box::new(RandomAgent)
                }
            })
            .collect();
        play((self.config)(scenario), seed, self.salt, agents)
    }

    /// Verifies every row's file ([`Golden::verify`]) and checks who won.
    ///
    /// # Panics
    /// On any failed check, naming the file (this is a test helper).
    pub fn verify_all(&self, rows: &[GreedyGame]) {
        for row @ (file, scenario, seed, _, winner) in rows {
            let config = (self.config)(scenario);
            let session = self.golden.verify(file, &config, *seed, &self.play(row));
            assert_eq!(
                winner_number(session.state()),
                *winner,
                "{file}: the winner"
            );
        }
    }

    /// Rewrites every row's file, printing each game's length and winner.
    ///
    /// # Panics
    /// As [`Golden::bless`].
    pub fn bless_all(&self, rows: &[GreedyGame]) {
        for row in rows {
            let session = self.play(row);
            self.golden.bless(row.0, &session);
            eprintln!(
                "{}: {} moves, winner {}",
                row.0,
                session.moves().len(),
                winner_number(session.state())
            );
        }
    }
}

/// The number of the winning seat by the returns ([`winner_of`]), 0 for none.
#[must_use]
pub fn winner_number<G: Game>(game: &G) -> u8 {
    winner_of(&game.returns()).map_or(0, Seat::number)
}
