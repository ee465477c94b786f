//! `sealed-bid`: a tiny test-only game with secrets, to prove the server's hidden-information
//! filtering. Each round both seats secretly bid 0–3 (a simultaneous turn); once both have
//! committed, the bids are revealed and the higher bid scores a point. Until then a seat sees
//! only its own bid, and spectators see neither.

use gridwright_catalog::{CatalogError, ContentSource, Frontend, ScenarioInfo};
use gridwright_engine::{
    Actor, ChanceMode, EventFold, Events, Game, GameInfo, Information, Seat, SeatSet, SetupError,
    Turn, Viewer,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Config {
    pub rounds: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Bid {
    pub bid: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// `seat` committed; its bid is shown only to itself (`None` for every other viewer).
    Committed {
        seat: Seat,
        bid: Option<u8>,
    },
    Revealed {
        bids: [u8; 2],
    },
}

#[derive(Clone, Debug, Serialize)]
pub struct Observation {
    pub round: u8,
    pub my_bid: Option<u8>,
    pub committed: [bool; 2],
    pub revealed: Vec<[u8; 2]>,
    pub points: [u8; 2],
}

#[derive(Clone, Debug, PartialEq)]
pub struct SealedBid {
    rounds: u8,
    pending: [Option<u8>; 2],
    revealed: Vec<[u8; 2]>,
    points: [u8; 2],
}

impl Game for SealedBid {
    type Config = Config;
    type Action = Bid;
    type Event = Event;
    type Observation = Observation;

    const INFO: GameInfo = GameInfo {
        short_name: "sealed-bid",
        long_name: "Sealed Bid (test fixture)",
        summary: "Secret simultaneous bids; the higher bid scores.",
        min_seats: 2,
        max_seats: 2,
        chance: ChanceMode::Deterministic,
        information: Information::Imperfect,
        rules_version: "test-1",
    };

    fn new(config: &Config) -> Result<Self, SetupError> {
        if config.rounds == 0 {
            return Err(SetupError::because("at least one round"));
        }
        Ok(SealedBid {
            rounds: config.rounds,
            pending: [None, None],
            revealed: Vec::new(),
            points: [0, 0],
        })
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.revealed.len() >= usize::from(self.rounds) {
            return Turn::Terminal;
        }
        let owe: SeatSet = Seat::all(2)
            .filter(|s| self.pending[s.index()].is_none())
            .collect();
        Turn::Simultaneous(owe)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Bid>) {
        if self.turn().includes(seat) {
            out.extend((0..=3).map(|bid| Bid { bid }));
        }
    }

    fn chance_outcomes(&self, _: &mut Vec<(Bid, u32)>) {}

    fn step(&mut self, actor: Actor, action: Bid, events: &mut Events<Event>) {
        let Actor::Seat(seat) = actor else { return };
        self.pending[seat.index()] = Some(action.bid);
        events.emit(|| Event::Committed {
            seat,
            bid: Some(action.bid),
        });
        if let [Some(a), Some(b)] = self.pending {
            let bids = [a, b];
            if a > b {
                self.points[0] += 1;
            } else if b > a {
                self.points[1] += 1;
            }
            self.revealed.push(bids);
            self.pending = [None, None];
            events.emit(|| Event::Revealed { bids });
        }
    }

    fn returns(&self) -> gridwright_engine::PerSeat<f64> {
        if !self.is_terminal() {
            return vec![0.0, 0.0].into();
        }
        match self.points[0].cmp(&self.points[1]) {
            std::cmp::Ordering::Greater => vec![1.0, -1.0].into(),
            std::cmp::Ordering::Less => vec![-1.0, 1.0].into(),
            std::cmp::Ordering::Equal => vec![0.0, 0.0].into(),
        }
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        Observation {
            round: self.revealed.len() as u8,
            my_bid: match viewer {
                Viewer::Seat(s) => self.pending[s.index()],
                Viewer::Spectator => None,
            },
            committed: [self.pending[0].is_some(), self.pending[1].is_some()],
            revealed: self.revealed.clone(),
            points: self.points,
        }
    }

    fn max_game_length(&self) -> usize {
        2 * usize::from(self.rounds)
    }

    fn action_text(&self, action: &Bid) -> String {
        format!("bid {}", action.bid)
    }

    fn event_text(&self, event: &Event) -> String {
        match event {
            Event::Committed { seat, .. } => format!("{seat} committed a bid"),
            Event::Revealed { bids } => format!("bids revealed: {} and {}", bids[0], bids[1]),
        }
    }

    fn redact_event(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        Some(match *event {
            Event::Committed { seat, .. } if viewer != Viewer::Seat(seat) => {
                Event::Committed { seat, bid: None }
            }
            _ => event.clone(),
        })
    }

    fn action_visible_to(&self, actor: Actor, _: &Bid, viewer: Viewer) -> bool {
        match actor {
            Actor::Seat(s) => viewer == Viewer::Seat(s),
            Actor::Chance => true,
        }
    }
}

/// The log folds into every viewer's observation (the catalog requires it of every game).
impl EventFold for SealedBid {
    fn fold_event(_: &Self, viewer: Viewer, seen: &mut Observation, event: &Event) {
        match *event {
            Event::Committed { seat, bid } => {
                seen.committed[seat.index()] = true;
                if viewer == Viewer::Seat(seat) {
                    seen.my_bid = bid;
                }
            }
            Event::Revealed { bids } => {
                if bids[0] > bids[1] {
                    seen.points[0] += 1;
                } else if bids[1] > bids[0] {
                    seen.points[1] += 1;
                }
                seen.revealed.push(bids);
                seen.round += 1;
                seen.committed = [false, false];
                seen.my_bid = None;
            }
        }
    }
}

impl Frontend for SealedBid {
    const AGENTS: &'static [&'static str] = &["random"];

    fn scenarios(_: &ContentSource) -> Result<Vec<ScenarioInfo>, CatalogError> {
        Ok(vec![ScenarioInfo {
            name: "two-rounds".into(),
            title: "Two rounds".into(),
            description: "Two sealed bids.".into(),
            seats: 2,
            preview: String::new(),
            board: None,
        }])
    }

    fn load_config(_: &ContentSource, scenario: Option<&str>) -> Result<Config, CatalogError> {
        match scenario {
            None | Some("two-rounds") => Ok(Config { rounds: 2 }),
            Some(other) => Err(CatalogError::NoSuchScenario {
                game: Self::INFO.short_name,
                name: other.to_owned(),
                known: &["two-rounds"],
            }),
        }
    }

    fn render(&self, viewer: Viewer) -> String {
        format!("{:?}", self.observe(viewer))
    }
}

/// The fixture keeps the rule it asks of every game: its redacted log rebuilds each viewer's
/// observation after every step (a seat's own bid travels only in its own copy of the event).
#[test]
fn the_sealed_bid_log_folds_into_every_viewers_observation() {
    let report =
        gridwright_engine::testing::check_event_fold::<SealedBid>(&Config { rounds: 3 }, 50, 7);
    assert_eq!(report.games, 50);
    assert!(report.folded > 0);
}
