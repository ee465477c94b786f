//! The one place tests touch the API: build a tiny scenario, play a script, check the result.

use gridwright_engine::dice::Ratio;
use gridwright_engine::{Actor, Events, Game, Turn, Viewer};
use gridwright_grid_battles::{Content, Event, GridBattles, UnitId, parse_action_text, render};
use std::fmt::Write;
use std::sync::OnceLock;

/// The shipped content (parsed once).
pub fn content() -> &'static Content {
    static CONTENT: OnceLock<Content> = OnceLock::new();
    CONTENT.get_or_init(|| Content::builtin().expect("shipped content is valid"))
}

/// A tiny scenario: a plain `width`×`height` map, units given as `(type, hex)` per side.
#[derive(Clone, Debug)]
pub struct Sc {
    pub width: u8,
    pub height: u8,
    pub activations: u8,
    pub first: u8,
    pub rounds: u16,
    /// TOML value of `victory`.
    pub victory: String,
    /// `(terrain, hexes)` features.
    pub features: Vec<(&'static str, Vec<&'static str>)>,
    pub p1: Vec<(&'static str, &'static str)>,
    pub p2: Vec<(&'static str, &'static str)>,
}

/// `p1` against three P2 pikemen at 0202, 0302 and 0201: the one at 0202 (unit
/// `p1.len() + 1`) has two friends adjacent, so it is bold.
pub fn against_bold_pikeman(p1: &[(&'static str, &'static str)]) -> Sc {
    sc(
        p1,
        &[
            ("pikeman", "0202"),
            ("pikeman", "0302"),
            ("pikeman", "0201"),
        ],
    )
}

/// A 7×5 plain map, one activation per turn, P1 first, 10 rounds, destroy-all.
pub fn sc(p1: &[(&'static str, &'static str)], p2: &[(&'static str, &'static str)]) -> Sc {
    Sc {
        width: 7,
        height: 5,
        activations: 1,
        first: 1,
        rounds: 10,
        victory: "\"destroy-all\"".into(),
        features: Vec::new(),
        p1: p1.to_vec(),
        p2: p2.to_vec(),
    }
}

impl Sc {
    pub fn k(mut self, k: u8) -> Sc {
        self.activations = k;
        self
    }

    pub fn rounds(mut self, n: u16) -> Sc {
        self.rounds = n;
        self
    }

    pub fn vp(mut self, n: u8) -> Sc {
        self.victory = format!("{{ vp = {n} }}");
        self
    }

    pub fn terrain(mut self, terrain: &'static str, hexes: &[&'static str]) -> Sc {
        self.features.push((terrain, hexes.to_vec()));
        self
    }

    pub fn toml(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "title = \"Test\"");
        let _ = writeln!(s, "activations = {}", self.activations);
        let _ = writeln!(s, "first = {}", self.first);
        let _ = writeln!(s, "round_limit = {}", self.rounds);
        let _ = writeln!(s, "victory = {}", self.victory);
        let _ = writeln!(s, "[map]\nwidth = {}\nheight = {}", self.width, self.height);
        for (t, hexes) in &self.features {
            let list: Vec<String> = hexes.iter().map(|h| format!("\"{h}\"")).collect();
            let _ = writeln!(
                s,
                "[[map.feature]]\nterrain = \"{t}\"\nhexes = [{}]",
                list.join(", ")
            );
        }
        for side in [&self.p1, &self.p2] {
            let _ = writeln!(s, "[[side]]\nunits = [");
            for (ty, at) in side {
                let _ = writeln!(s, "  {{ type = \"{ty}\", at = \"{at}\" }},");
            }
            let _ = writeln!(s, "]");
        }
        s
    }

    pub fn game(&self) -> GridBattles {
        let config = content()
            .scenario_from_toml("test", "test.toml", &self.toml())
            .unwrap_or_else(|e| panic!("{e}\n{}", self.toml()));
        GridBattles::new(&config).expect("valid config builds")
    }
}

/// Plays text actions: `roll A D` at a chance node, anything else for the seat to act. Panics
/// with the board if an action is refused. Returns the events.
pub fn play(g: &mut GridBattles, script: &[&str]) -> Vec<Event> {
    let mut events = Events::recording();
    for line in script {
        let actor = match g.turn() {
            Turn::Chance => Actor::Chance,
            Turn::Seat(s) => Actor::Seat(s),
            t => panic!(
                "nobody may play `{line}` now ({t:?})\n{}",
                render(g, Viewer::Spectator)
            ),
        };
        let action = parse_action_text(line).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        if let Err(e) = g.apply(actor, action, &mut events) {
            panic!("`{line}` refused: {e}\n{}", render(g, Viewer::Spectator));
        }
    }
    events.take()
}

/// Builds `scenario`, plays `script`, then runs `expect` on the state and the events.
pub fn check(scenario: &Sc, script: &[&str], expect: impl FnOnce(&GridBattles, &[Event])) {
    let mut g = scenario.game();
    let events = play(&mut g, script);
    expect(&g, &events);
}

/// Like [`check`], with unit 1 activated and held first: `script` starts in P1's attack phase.
pub fn check_attack(scenario: &Sc, script: &[&str], expect: impl FnOnce(&GridBattles, &[Event])) {
    let mut g = scenario.game();
    play(&mut g, &["activate 1", "hold 1"]);
    let events = play(&mut g, script);
    expect(&g, &events);
}

/// The unit numbered `n` (as in the text actions).
pub fn id(n: u32) -> UnitId {
    UnitId::from_number(n).expect("unit number")
}

/// Whether `events` announce a counterattack.
pub fn counterattacked(events: &[Event]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Counterattack { .. }))
}

/// Whether any of `events` matches the pattern.
macro_rules! any_event {
    ($events:expr, $($pattern:tt)+) => {
        $events.iter().any(|e| matches!(e, $($pattern)+))
    };
}
pub(crate) use any_event;

/// The total probability of a distribution.
pub fn total(dist: &[(u32, Ratio)]) -> Ratio {
    dist.iter().map(|(_, p)| *p).sum()
}

/// The legal actions of the seat to act, as text.
pub fn legal(g: &GridBattles) -> Vec<String> {
    match g.turn() {
        Turn::Seat(s) => g
            .legal_actions_vec(s)
            .iter()
            .map(|a| g.action_text(a))
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether `text` is legal now.
pub fn is_legal(g: &GridBattles, text: &str) -> bool {
    legal(g).iter().any(|a| a == text)
}
