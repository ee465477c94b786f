//! The one helper the rule tests go through: a table that applies typed actions and chosen
//! chance outcomes, checking each is legal, and keeps the event log.

use gridwright_command_core::{
    Action, CommandCore, Config, Content, Directive, Event, Half, HomeEdge, Icon, MechId, MechView,
    Observation, Phase,
};
use gridwright_engine::{Actor, Events, Game, Seat, Turn, Viewer};

/// The shipped content.
pub fn content() -> Content {
    Content::builtin().unwrap()
}

/// A shipped scenario with deployment allowed anywhere on the board (so tests can place mechs
/// where a rule shows best).
pub fn open_field(scenario: &str) -> Config {
    let mut c = content().config(scenario).unwrap();
    c.deploy_range = c.width.min(c.height) / 2;
    for s in &mut c.sides {
        s.home_edge = HomeEdge::Any;
    }
    c
}

/// [`open_field`] where every chassis also carries four test cards that stand still:
/// `wait1` to `wait4` (cost 0, grey), so a test can write a program that does nothing but what
/// it wants to show.
pub fn test_config(scenario: &str) -> Config {
    let mut c = open_field(scenario);
    for ch in &mut c.chassis {
        for id in WAITS {
            ch.directives.push(Directive {
                id: id.into(),
                name: id.into(),
                halves: vec![Half {
                    icons: vec![Icon::Stop],
                    cost: 0,
                    colour: "grey".into(),
                    combos: vec![],
                }],
            });
        }
    }
    c
}

/// The test cards of [`test_config`].
pub const WAITS: [&str; 4] = ["wait1", "wait2", "wait3", "wait4"];

/// A 1-against-1 test config (scout against scout unless told).
pub fn single(p1: &str, p2: &str) -> Config {
    let mut c = test_config("duel");
    c.sides[0].mechs = vec![p1.into()];
    c.sides[1].mechs = vec![p2.into()];
    c
}

/// Mech `n` (one-based, as in texts).
pub fn mech(n: u8) -> MechId {
    MechId::new(n - 1).unwrap()
}

pub fn p(n: u8) -> Seat {
    Seat::new(n - 1)
}

#[derive(Debug)]
pub struct Table {
    pub game: CommandCore,
    pub events: Vec<Event>,
}

impl Table {
    pub fn new(config: &Config) -> Table {
        Table {
            game: CommandCore::new(config).unwrap(),
            events: Vec::new(),
        }
    }

    /// A seat's action, typed as in the terminal; it must be legal. `fire 1 hammer at 3` is
    /// the two steps `fire 1 hammer` (the delta is paid) and `aim at 3`, the second taken at
    /// once if no dice for an unpaid delta come between (else the test aims itself later).
    pub fn act(&mut self, seat: Seat, text: &str) -> &mut Self {
        if let Some((fire, target)) = text
            .split_once(" at ")
            .filter(|_| text.starts_with("fire "))
        {
            self.act(seat, fire);
            if matches!(self.phase(), Phase::ChooseTarget { .. }) {
                self.act(seat, &format!("aim at {target}"));
            }
            return self;
        }
        let action = self
            .game
            .parse_action(seat, text)
            .unwrap_or_else(|e| panic!("{seat} `{text}`: {e}\n{:?}", self.legal_texts(seat)));
        self.apply(Actor::Seat(seat), action);
        self
    }

    /// A chance outcome chosen by the test; it must be possible.
    pub fn chance(&mut self, action: Action) -> &mut Self {
        assert_eq!(
            self.game.turn(),
            Turn::Chance,
            "not a chance node: {:?}",
            self.game.phase()
        );
        self.apply(Actor::Chance, action);
        self
    }

    pub fn apply(&mut self, actor: Actor, action: Action) {
        let mut ev = Events::recording();
        if let Err(e) = self.game.apply(actor, action, &mut ev) {
            panic!(
                "{actor:?} {action:?} refused in {:?}: {e}",
                self.game.phase()
            );
        }
        self.events.extend(ev.take());
    }

    pub fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.game
            .legal_actions_vec(seat)
            .iter()
            .take(40)
            .map(|a| self.game.action_text(a))
            .collect()
    }

    pub fn phase(&self) -> Phase {
        self.game.phase()
    }

    pub fn view(&self, n: u8) -> MechView {
        self.observe(Viewer::Spectator).mechs[usize::from(n - 1)].clone()
    }

    pub fn observe(&self, v: Viewer) -> Observation {
        self.game.observe(v)
    }

    /// Setup with P1 choosing to place first, then deploying `spots` (`"e5 n"`) for mechs
    /// 1.. in order, the seats alternating as the rules require.
    pub fn deployed(config: &Config, spots: &[&str]) -> Table {
        let mut t = Table::new(config);
        t.chance(Action::Chooser(p(1))).act(p(1), "place first");
        let owners: Vec<Seat> = (0..spots.len())
            .map(|i| t.game.owner(MechId::new(i as u8).unwrap()).unwrap())
            .collect();
        let mut placed = vec![false; spots.len()];
        while let Phase::Deploy { seat } = t.phase() {
            let i = (0..spots.len())
                .find(|&i| !placed[i] && owners[i] == seat)
                .expect("a spot for the deploying seat");
            placed[i] = true;
            let (at, dir) = spots[i].split_once(' ').unwrap();
            t.act(seat, &format!("deploy {} at {at} facing {dir}", i + 1));
        }
        t
    }

    /// The ordering draft: `numbers[i]` for mech `i + 1`, each seat picking when its turn comes.
    pub fn draft(&mut self, numbers: &[u8]) -> &mut Self {
        while let Phase::Ordering { seat } = self.phase() {
            let i = (0..numbers.len())
                .find(|&i| {
                    self.game.owner(MechId::new(i as u8).unwrap()) == Some(seat)
                        && self.view(i as u8 + 1).order.is_none()
                        && !self.view(i as u8 + 1).destroyed
                })
                .expect("an unnumbered mech of the drafting seat");
            self.act(seat, &format!("assign {} to {}", numbers[i], i + 1));
        }
        self
    }

    /// Builds and seals `programs[i]` for mech `i + 1`, seat by seat: each card of the
    /// comma-separated list goes into the next slot (`program n card`), `-` leaves the next
    /// slot empty (`leave n`). A list without `-` is padded with unused `wait` cards, one with
    /// `-` with empty slots; `wait` cards past the chassis' slots are dropped, so one list fits
    /// every chassis. An empty text leaves that mech alone.
    pub fn program(&mut self, programs: &[&str]) -> &mut Self {
        for (i, text) in programs.iter().enumerate() {
            let m = MechId::new(i as u8).unwrap();
            if self.view(i as u8 + 1).destroyed || text.trim().is_empty() {
                continue;
            }
            let seat = self.game.owner(m).unwrap();
            let chassis = self.view(i as u8 + 1).chassis;
            let slots = self
                .game
                .config()
                .chassis
                .iter()
                .find(|c| c.id == chassis)
                .unwrap()
                .slots as usize;
            let mut cards: Vec<&str> = text
                .split(',')
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .collect();
            if !cards.contains(&"-") {
                for w in WAITS {
                    if cards.len() < slots && !cards.contains(&w) {
                        cards.push(w);
                    }
                }
            }
            let mut placed = 0;
            for card in cards {
                if placed == slots {
                    assert!(card.starts_with("wait"), "`{text}`: too many cards");
                    continue;
                }
                if card == "-" {
                    self.act(seat, &format!("leave {}", i + 1));
                } else {
                    self.act(seat, &format!("program {} {card}", i + 1));
                }
                placed += 1;
            }
            while placed < slots {
                self.act(seat, &format!("leave {}", i + 1));
                placed += 1;
            }
        }
        self
    }
}
