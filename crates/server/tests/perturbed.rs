//! `Perturbed<G, OWNER>`: any catalog game with one seat's secret chance outcomes drawn
//! differently, to serve next to the unchanged game in a perturbation test.
//!
//! At a chance node whose every outcome is hidden from every other seat and from spectators
//! (by the game's own [`Game::action_visible_to`]), the outcomes are listed in reverse order.
//! The session's seeded draw then lands on another outcome (a card drawn by `OWNER` alone:
//! another hand, another deck order), while the total weight, and so the random numbers used,
//! stay the same: every other chance outcome of the match is the one the unchanged game draws
//! with the same seed. Everything else, the short name included, is `G`'s, so the server
//! cannot tell the two apart.

use gridwright_catalog::{CatalogError, ContentSource, Frontend, ScenarioInfo};
use gridwright_engine::{
    Actor, Events, Game, GameInfo, PerSeat, Rng, Seat, SetupError, Turn, Viewer,
};

/// The `Game` types, constants and methods a wrapper of a `G` passes unchanged to the game in
/// its field `$f`.
macro_rules! delegate_game {
    ($f:tt) => {
        type Config = G::Config;
        type Action = G::Action;
        type Event = G::Event;
        type Observation = G::Observation;

        const INFO: GameInfo = G::INFO;
        const ZERO_SUM: bool = G::ZERO_SUM;

        fn num_seats(&self) -> usize {
            self.$f.num_seats()
        }

        fn turn(&self) -> Turn {
            self.$f.turn()
        }

        fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>) {
            self.$f.legal_actions(seat, out);
        }

        fn returns(&self) -> PerSeat<f64> {
            self.$f.returns()
        }

        fn observe(&self, viewer: Viewer) -> Self::Observation {
            self.$f.observe(viewer)
        }

        fn max_game_length(&self) -> usize {
            self.$f.max_game_length()
        }

        fn action_text(&self, action: &Self::Action) -> String {
            self.$f.action_text(action)
        }

        fn event_text(&self, event: &Self::Event) -> String {
            self.$f.event_text(event)
        }

        fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, String> {
            self.$f.parse_action(seat, text)
        }

        fn explain_illegal(&self, seat: Seat, action: &Self::Action) -> String {
            self.$f.explain_illegal(seat, action)
        }

        fn action_visible_to(&self, actor: Actor, action: &Self::Action, viewer: Viewer) -> bool {
            self.$f.action_visible_to(actor, action, viewer)
        }

        fn redact_event(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event> {
            self.$f.redact_event(event, viewer)
        }
    };
}

/// A wrapper's `Frontend`: everything the wrapped game's (no agents of its own).
macro_rules! delegate_frontend {
    ($w:ident<G, $c:ident: $t:ty>, $f:tt) => {
        impl<G: Frontend, const $c: $t> gridwright_engine::EventFold for $w<G, $c> {
            fn fold_event(
                start: &Self,
                viewer: Viewer,
                seen: &mut Self::Observation,
                event: &Self::Event,
            ) {
                G::fold_event(&start.$f, viewer, seen, event)
            }
        }

        impl<G: Frontend, const $c: $t> Frontend for $w<G, $c> {
            const AGENTS: &'static [&'static str] = &[];

            fn scenarios(content: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
                G::scenarios(content)
            }

            fn load_config(
                content: &ContentSource,
                scenario: Option<&str>,
            ) -> Result<Self::Config, CatalogError> {
                G::load_config(content, scenario)
            }

            fn render(&self, viewer: Viewer) -> String {
                self.$f.render(viewer)
            }

            fn preview_action(&self, action: &Self::Action) -> Option<String> {
                self.$f.preview_action(action)
            }

            fn scores(&self) -> Option<Vec<f64>> {
                self.$f.scores()
            }

            fn evaluate(&self, seat: Seat) -> Option<f64> {
                self.$f.evaluate(seat)
            }
        }
    };
}

#[derive(Clone, Debug, PartialEq)]
pub struct Perturbed<G, const OWNER: u8>(G);

impl<G: Game, const OWNER: u8> Perturbed<G, OWNER> {
    /// Whether no viewer but `OWNER` may tell which of `outcomes` happened: the action is hidden
    /// from every other seat and from spectators, and so is the difference between the events
    /// each outcome logs (Milkomeda: a deal to another Master shows that Master its cards).
    fn owners_secret(&self, outcomes: &[(G::Action, u32)]) -> bool {
        let owner = Seat::new(OWNER);
        let others: Vec<Viewer> = (0..self.0.num_seats())
            .filter_map(|i| u8::try_from(i).ok())
            .map(Seat::new)
            .filter(|s| *s != owner)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .collect();
        let logged = |a: &G::Action| -> Vec<String> {
            let mut g = self.0.clone();
            let mut events = Events::recording();
            g.step(Actor::Chance, *a, &mut events);
            let events = events.take();
            others
                .iter()
                .map(|v| {
                    let seen: Vec<G::Event> = events
                        .iter()
                        .filter_map(|e| g.redact_event(e, *v))
                        .collect();
                    serde_json::to_string(&seen).unwrap_or_default()
                })
                .collect()
        };
        let hidden = outcomes.iter().all(|(a, _)| {
            others
                .iter()
                .all(|v| !self.0.action_visible_to(Actor::Chance, a, *v))
        });
        hidden
            && outcomes.len() > 1
            && outcomes
                .iter()
                .skip(1)
                .all(|(a, _)| logged(a) == logged(&outcomes[0].0))
    }
}

impl<G: Game, const OWNER: u8> Game for Perturbed<G, OWNER> {
    fn new(config: &Self::Config) -> Result<Self, SetupError> {
        G::new(config).map(Perturbed)
    }

    delegate_game!(0);

    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, u32)>) {
        let start = out.len();
        self.0.chance_outcomes(out);
        if self.owners_secret(&out[start..]) {
            out[start..].reverse();
        }
    }

    fn step(&mut self, actor: Actor, action: Self::Action, events: &mut Events<Self::Event>) {
        self.0.step(actor, action, events);
    }

    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        Perturbed(self.0.resample(seat, rng))
    }
}

delegate_frontend!(Perturbed<G, OWNER: u8>, 0);

/// `Reshuffled<G, FROM>`: any catalog game whose face-down decks are in another order once
/// `FROM` player moves are made, to serve next to the unchanged game in a deck-order test.
///
/// At a chance node that draws a card (every outcome an action `{"card": n}`) visible to every
/// viewer, after `FROM` player moves, the outcomes are listed in reverse order: the session's
/// seeded draw lands on another card, as from a deck shuffled otherwise, while the random
/// numbers used stay the same. The draws of the setup (the first `FROM` moves) are left alone,
/// so both matches start from the same public cards. Everything else is `G`'s.
#[derive(Clone, Debug, PartialEq)]
pub struct Reshuffled<G, const FROM: usize> {
    game: G,
    moves: usize,
}

impl<G: Game, const FROM: usize> Reshuffled<G, FROM> {
    fn public_card_draw(&self, outcomes: &[(G::Action, u32)]) -> bool {
        let viewers = (0..self.game.num_seats())
            .filter_map(|i| u8::try_from(i).ok())
            .map(|s| Viewer::Seat(Seat::new(s)))
            .chain([Viewer::Spectator]);
        let viewers: Vec<Viewer> = viewers.collect();
        outcomes.len() > 1
            && outcomes.iter().all(|(a, _)| {
                serde_json::to_value(a).is_ok_and(|v| v["card"].is_u64())
                    && viewers
                        .iter()
                        .all(|v| self.game.action_visible_to(Actor::Chance, a, *v))
            })
    }
}

impl<G: Game, const FROM: usize> Game for Reshuffled<G, FROM> {
    fn new(config: &Self::Config) -> Result<Self, SetupError> {
        G::new(config).map(|game| Reshuffled { game, moves: 0 })
    }

    delegate_game!(game);

    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, u32)>) {
        let start = out.len();
        self.game.chance_outcomes(out);
        if self.moves >= FROM && self.public_card_draw(&out[start..]) {
            out[start..].reverse();
        }
    }

    fn step(&mut self, actor: Actor, action: Self::Action, events: &mut Events<Self::Event>) {
        if matches!(actor, Actor::Seat(_)) {
            self.moves += 1;
        }
        self.game.step(actor, action, events);
    }

    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        Reshuffled {
            game: self.game.resample(seat, rng),
            moves: self.moves,
        }
    }
}

delegate_frontend!(Reshuffled<G, FROM: usize>, game);
