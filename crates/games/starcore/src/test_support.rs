//! Helpers shared by the unit tests: tiles written as text.

use crate::grid::{Tile, TileMap, TileSet};

/// The tile named `s` (`P1:B4`).
pub(crate) fn t(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The set of the tiles named.
pub(crate) fn set(tiles: &[&str]) -> TileSet {
    tiles.iter().map(|s| t(s)).collect()
}

/// A board holding each value on the tile named beside it.
pub(crate) fn board<T: Copy>(cards: &[(&str, T)]) -> TileMap<T> {
    let mut m = TileMap::new();
    for (tile, c) in cards {
        m.insert(t(tile), *c);
    }
    m
}

use crate::action::{Action, CardId};
use crate::content::Content;
use crate::event::{Event, TurnStep};
use crate::rules::network::{ResourceType, Resources};
use crate::state::{Phase, Starcore};
use gridwright_engine::{Actor, Events, Game, Seat};

/// A game of `p1` against `p2` (shipped deck names) past setup: P1's second turn, Orders step,
/// empty hands and boards, no pools (tests put what they need).
pub(crate) fn fixture(p1: &str, p2: &str) -> Starcore {
    fixture_in(Content::builtin().unwrap_or_else(|e| panic!("{e}")), p1, p2)
}

/// [`fixture`] with the shipped pool plus the cards of `extra` (one more card file's text).
pub(crate) fn fixture_with(extra: &str, p1: &str, p2: &str) -> Starcore {
    let shipped = gridwright_engine::content::Files::shipped(Content::SHIPPED);
    let mut cards = shipped.folder("cards");
    cards.push(("examples".into(), extra.into()));
    let decks = shipped.folder("decks");
    let content = Content::from_sources(cards, decks).unwrap_or_else(|e| panic!("{e}"));
    fixture_in(content, p1, p2)
}

fn fixture_in(content: Content, p1: &str, p2: &str) -> Starcore {
    let config = content
        .config_for_decks(p1, p2)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut g = Starcore::new(&config).unwrap_or_else(|e| panic!("{e}"));
    g.phase = Phase::Turn {
        step: TurnStep::Orders,
        stack: Vec::new(),
        rolling: None,
        owed: crate::state::no_draws(),
    };
    g.turn = 3;
    for s in Seat::all(2) {
        g.players[s].turns = 2;
    }
    g
}

impl Starcore {
    /// The id of the card named `name`.
    pub(crate) fn id(&self, name: &str) -> CardId {
        let i = self
            .rules
            .cards
            .iter()
            .position(|c| c.id() == name)
            .unwrap_or_else(|| panic!("no card {name}"));
        CardId(i as u8)
    }

    /// Puts `name` for `seat` on `tile` directly (no cost, no stack).
    pub(crate) fn put(&mut self, seat: Seat, name: &str, tile: &str) -> &mut Self {
        let id = self.id(name);
        self.put_on_board(seat, id, t(tile));
        self.refresh_board(&mut Events::disabled());
        self
    }

    /// Gives `seat` the card `name` in hand.
    pub(crate) fn give(&mut self, seat: Seat, name: &str) -> &mut Self {
        let id = self.id(name);
        let h = &mut self.players[seat].hand;
        h.push(id);
        h.sort_unstable();
        self
    }

    /// Gives `seat` `n` of resource `r`.
    pub(crate) fn fund(&mut self, seat: Seat, r: ResourceType, n: u16) -> &mut Self {
        let p = &mut self.players[seat];
        p.pool.gained = p.pool.gained.plus(Resources::of(r, n));
        self
    }

    /// Applies `text` (an action's text) for whoever must act; panics if it is not legal.
    pub(crate) fn act(&mut self, text: &str) -> Vec<Event> {
        let mut ev = Events::recording();
        match self.turn() {
            gridwright_engine::Turn::Chance => {
                let mut outs = Vec::new();
                self.chance_outcomes(&mut outs);
                let a = outs
                    .iter()
                    .map(|(a, _)| *a)
                    .find(|a| crate::text::action_text(&self.rules, a) == text)
                    .unwrap_or_else(|| panic!("`{text}` is no chance outcome here"));
                self.apply(Actor::Chance, a, &mut ev)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            gridwright_engine::Turn::Seat(_) | gridwright_engine::Turn::Simultaneous(_)
                if self.turn_seat().is_some() =>
            {
                let s = self.turn_seat().unwrap_or(Seat::new(0));
                let a = self
                    .parse_action(s, text)
                    .unwrap_or_else(|e| panic!("{s}: {e}; legal: {:?}", self.legal_texts(s)));
                self.apply(Actor::Seat(s), a, &mut ev)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            t => panic!("{t:?}"),
        }
        ev.take()
    }

    /// Makes every owed draw (the first card of each deck).
    pub(crate) fn draw_owed(&mut self) {
        while let Some(s) = self.owed_seat() {
            let card = self.players[s].deck[0];
            self.apply(
                Actor::Chance,
                Action::Draw(s, card),
                &mut Events::disabled(),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        }
    }

    fn turn_seat(&self) -> Option<Seat> {
        match self.turn() {
            gridwright_engine::Turn::Seat(s) => Some(s),
            gridwright_engine::Turn::Simultaneous(set) => set.iter().next(),
            _ => None,
        }
    }

    /// The texts of `seat`'s legal actions.
    pub(crate) fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.legal_actions_vec(seat)
            .iter()
            .map(|a| crate::text::action_text(&self.rules, a))
            .collect()
    }

    /// Whether `text` is legal for `seat` now.
    pub(crate) fn can(&self, seat: Seat, text: &str) -> bool {
        self.legal_texts(seat).iter().any(|x| x == text)
    }

    /// The HP left on `tile` (panics if empty).
    pub(crate) fn hp_of(&self, tile: &str) -> u8 {
        self.hp_at(t(tile))
            .unwrap_or_else(|| panic!("nothing on {tile}"))
    }

    /// Ends the active player's turn by passing through its steps, then makes the owed draws.
    pub(crate) fn pass_turn(&mut self) {
        while !matches!(self.phase, Phase::Drawing { .. } | Phase::Over { .. }) {
            self.act("pass");
        }
        self.draw_owed();
    }

    /// Both seats pass their turn: the seat that was active is again, its Cores having made their
    /// output once more.
    pub(crate) fn pass_round(&mut self) {
        self.pass_turn();
        self.pass_turn();
    }

    /// Skips to the Combat or Build step.
    pub(crate) fn goto_step(&mut self, step: TurnStep) -> &mut Self {
        if let Phase::Turn { step: s, .. } = &mut self.phase {
            *s = step;
        }
        self
    }
}
