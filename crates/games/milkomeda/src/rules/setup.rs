//! Setup (§4 steps 1–12) and every chance draw of the game as a game step.
//!
//! Steps 1–3 and 6–10 happen in `Milkomeda::setup` (no randomness): the decks are sorted
//! into tiers (as sets of cards), homeworlds go in their corners with three fleets, storages
//! start at 3 blue, 3 orange, 3 red and 5 green, action markers at "start". The random parts
//! are chance draws, in the rulebook's order: the five objectives (step 2), each position's
//! directive then module (step 4), then for each seat in seat order two sector cards and that
//! seat's choice of what to place (step 11).

use crate::Resources;
use crate::action::{Action, Event};
use crate::config::{Config, DirectiveId, ModuleId, OBJECTIVE_ROW, ObjectiveId, Rules, SectorId};
use crate::rules::directives::{DirectiveTier, ModuleTier, Position};
use crate::rules::map::{Map, Rotation, SectorRef, Space, Tile};
use crate::rules::orders::{OrderCard, master_looks};
use crate::rules::scoring::{ObjectiveRow, ObjectiveSlots};
use crate::state::{Act, Draw, Milkomeda, OrderPhase, Phase, Table, TurnStage};
use gridwright_engine::content::Problems;
use gridwright_engine::{Events, PerSeat, Seat, SetupError};
use std::sync::Arc;

/// Starting fleets on the homeworld (§4 step 8).
pub const START_FLEETS: u8 = 3;
/// Starting storage (§4 step 9): 3 blue, 3 orange, 3 red, 5 green.
pub const START_STORAGE: Resources = Resources::new(3, 3, 3, 5);
/// Sector cards drawn in the setup exploration (§4 step 11).
pub const SETUP_DRAW: usize = 2;

pub(crate) fn dir_tier(t: DirectiveTier) -> usize {
    t as usize
}

pub(crate) fn mod_tier(t: ModuleTier) -> usize {
    t as usize
}

/// The `index`-th permutation (in lexicographic order) of `items`.
pub fn permutation<T: Copy>(items: &[T], mut index: usize) -> Vec<T> {
    let mut pool: Vec<T> = items.to_vec();
    let mut out = Vec::with_capacity(pool.len());
    let mut fact: usize = (1..pool.len()).product::<usize>().max(1);
    while !pool.is_empty() {
        let k = (index / fact).min(pool.len() - 1);
        index %= fact;
        out.push(pool.remove(k));
        if !pool.is_empty() {
            fact /= pool.len().max(1);
            fact = fact.max(1);
        }
    }
    out
}

/// `n!` for the small counts of order cards.
pub fn factorial(n: usize) -> usize {
    (1..=n).product::<usize>().max(1)
}

fn bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl Milkomeda {
    /// Builds the initial state (§4 steps 1–10) and queues the setup draws.
    ///
    /// # Errors
    /// Every problem [`Rules::new`] finds in the config.
    pub(crate) fn setup(config: &Config) -> Result<Milkomeda, SetupError> {
        let rules = Rules::new(config)?;
        let seats = rules.seats();
        let size = rules.grid;
        let mut map = Map::new(size);
        for (seat, space) in Seat::all(seats).zip(&rules.homes) {
            let homeworld = Tile {
                sector: SectorRef::Homeworld(seat),
                rotation: Rotation::R0,
            };
            map.place(*space, homeworld).map_err(|e| {
                let mut p = Problems::new();
                p.push(format!("seats[{}]", seat.index()), e.to_string());
                p
            })?;
        }
        let homes = PerSeat::from(rules.homes.clone());
        let cells = usize::from(size.width()) * usize::from(size.height());
        let mut dir_draw = [0u64; 3];
        for (i, d) in config.directives.iter().enumerate() {
            dir_draw[dir_tier(d.pattern.tier())] |= 1 << i;
        }
        let mut mod_draw = [0u64; 3];
        for (i, m) in config.modules.iter().enumerate() {
            if let Some(t) = m.tier() {
                mod_draw[mod_tier(t)] |= 1 << i;
            }
        }
        let deck: u128 = if config.sectors.len() >= 128 {
            u128::MAX
        } else {
            (1u128 << config.sectors.len()) - 1
        };
        let mut table = Table {
            rules: Arc::new(rules),
            map,
            fleets: vec![[0; 4]; cells],
            control: vec![None; cells],
            structures: Vec::new(),
            storage: PerSeat::from_fn(seats, |_| START_STORAGE),
            marker: PerSeat::from_fn(seats, |_| None),
            homes,
            deck,
            dir_draw,
            dir_discard: [0; 3],
            mod_draw,
            mod_discard: [0; 3],
            slots: [(None, None); 4],
            objective_deck: bits(config.objectives.len()),
            row: Vec::new(),
            claims: ObjectiveRow::new(Vec::new()),
            draws: Vec::new(),
            round: 0,
            order: Vec::new(),
            cards: None,
            progress: false,
        };
        for seat in Seat::all(seats) {
            let home = table.homes[seat];
            table.set_fleets(home, seat, START_FLEETS);
            let i = table.idx(home);
            table.control[i] = Some(seat);
        }
        table.draws.extend([Draw::Objective; OBJECTIVE_ROW]);
        for p in Position::ALL {
            table.draws.push(Draw::Directive(p));
            table.draws.push(Draw::Module(p));
        }
        table.queue_sectors(SETUP_DRAW);
        Ok(Milkomeda {
            table,
            phase: Phase::Setup {
                seat: Seat::new(0),
                hand: Vec::new(),
                placed: 0,
            },
        })
    }
}

impl Table {
    /// Queues up to `n` sector draws (never more than the deck holds).
    pub(crate) fn queue_sectors(&mut self, n: usize) -> usize {
        let n = n.min(self.deck_left());
        self.draws.extend(std::iter::repeat_n(Draw::Sector, n));
        n
    }

    /// The outcomes of a pending draw, each with weight 1.
    pub(crate) fn draw_outcomes(&self, d: Draw, out: &mut Vec<(Action, u32)>) {
        let mut cards = |set: u128| {
            for i in 0..128u32 {
                if set & (1u128 << i) != 0 {
                    out.push((Action::Card(i as u8), 1));
                }
            }
        };
        match d {
            Draw::Objective => cards(u128::from(self.objective_deck)),
            Draw::Directive(p) => cards(u128::from(self.dir_draw[dir_tier(p.tiers().0)])),
            Draw::Module(p) => cards(u128::from(self.mod_draw[mod_tier(p.tiers().1)])),
            Draw::Sector => cards(self.deck),
            Draw::FirstDeal => {
                for i in 0..factorial(self.seats()) {
                    out.push((Action::Deal(i as u8), 1));
                }
            }
            Draw::MasterDeal => {
                for i in 0..factorial(self.seats() - 1) {
                    out.push((Action::Deal(i as u8), 1));
                }
            }
        }
    }

    /// Applies a drawn card or deal: the draw says what was drawn, the phase where a sector
    /// card goes (the setup's or the explore's hand).
    #[must_use]
    pub(crate) fn draw_step(
        &mut self,
        phase: &mut Phase,
        draw: Draw,
        action: Action,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        match (draw, phase, action) {
            (Draw::Objective, _, Action::Card(c)) => self.reveal_objective(ObjectiveId(c), events),
            (Draw::Directive(p), _, Action::Card(c)) => {
                self.dir_draw[dir_tier(p.tiers().0)] &= !(1u64 << c);
                self.slots[usize::from(p.number() - 1)].0 = Some(DirectiveId(c));
                events.emit(|| Event::SlotFilled {
                    position: p,
                    directive: true,
                    card: Some(c),
                });
            }
            (Draw::Module(p), _, Action::Card(c)) => {
                self.mod_draw[mod_tier(p.tiers().1)] &= !(1u64 << c);
                self.slots[usize::from(p.number() - 1)].1 = Some(ModuleId(c));
                events.emit(|| Event::SlotFilled {
                    position: p,
                    directive: false,
                    card: Some(c),
                });
            }
            (Draw::Sector, Phase::Setup { seat, hand, .. }, Action::Card(c)) => {
                self.draw_sector(*seat, hand, SectorId(c), events);
            }
            (Draw::Sector, Phase::Turn(t), Action::Card(c)) => match &mut t.stage {
                TurnStage::Act(Act::Explore { hand, .. }) => {
                    self.draw_sector(t.seat, hand, SectorId(c), events);
                }
                stage => debug_assert!(false, "a sector card drawn at {stage:?}"),
            },
            (Draw::FirstDeal, _, Action::Deal(i)) => {
                let all: Vec<OrderCard> = OrderCard::all(self.seats()).collect();
                let cards = PerSeat::from(permutation(&all, usize::from(i)));
                return self.reveal_orders(cards, events);
            }
            (Draw::MasterDeal, Phase::Orders(o), Action::Deal(i)) => {
                self.master_deal(o, i, events);
            }
            (draw, phase, action) => {
                debug_assert!(false, "draw {draw:?} resolved by {action:?} in {phase:?}");
            }
        }
        None
    }

    /// An objective card joins the public row (§4 step 2); the first one follows the setup's
    /// first steps.
    fn reveal_objective(&mut self, c: ObjectiveId, events: &mut Events<Event>) {
        self.objective_deck &= !(1u64 << c.0);
        if self.row.is_empty() {
            let homeworlds: Vec<(Seat, Space)> = Seat::all(self.seats())
                .map(|s| (s, self.homes[s]))
                .collect();
            let fleets = self.fleets_at(self.homes[Seat::new(0)], Seat::new(0));
            let storage = self.storage[Seat::new(0)];
            events.emit(|| Event::GameSetUp {
                homeworlds,
                fleets,
                storage,
            });
        }
        self.row.push(c);
        let mut cards: Vec<ObjectiveSlots> = Vec::new();
        for &r in &self.row {
            let points = &self.rules.objective(r).points;
            if let Ok(s) = ObjectiveSlots::new(points) {
                cards.push(s);
            }
        }
        self.claims = ObjectiveRow::new(cards);
        events.emit(|| Event::ObjectiveRevealed { card: c });
    }

    /// A sector card drawn into `seat`'s `hand`.
    fn draw_sector(
        &mut self,
        seat: Seat,
        hand: &mut Vec<SectorId>,
        c: SectorId,
        events: &mut Events<Event>,
    ) {
        self.deck &= !(1u128 << c.0);
        hand.push(c);
        events.emit(|| Event::SectorDrawn { seat, card: c });
    }

    /// A later round's deal (§7 phase 1 step 4): the Master's numbered cards, shown to every
    /// player, and the face-down rest.
    fn master_deal(&mut self, o: &mut OrderPhase, i: u8, events: &mut Events<Event>) {
        let numbered: Vec<OrderCard> = OrderCard::all(self.seats())
            .filter(|c| *c != OrderCard::Master)
            .collect();
        let dealt = permutation(&numbered, usize::from(i));
        let k = master_looks(self.seats());
        o.drawn = dealt[..k].to_vec();
        o.face_down = dealt[k..].to_vec();
        let (master, drawn) = (o.master, o.drawn.clone());
        events.emit(|| Event::MasterDrew {
            master,
            cards: drawn,
        });
    }

    /// Resolves pending draws that need no chance: a tier whose draw pile is empty is
    /// reshuffled from its discard pile, or leaves its slot empty when both are empty (§7
    /// phase 1 step 3).
    pub(crate) fn settle_draws(&mut self, events: &mut Events<Event>) {
        while let Some(d) = self.draws.first().copied() {
            let (draw, discard, directive, tier) = match d {
                Draw::Directive(p) => {
                    let t = dir_tier(p.tiers().0);
                    (&mut self.dir_draw[t], &mut self.dir_discard[t], true, t)
                }
                Draw::Module(p) => {
                    let t = mod_tier(p.tiers().1);
                    (&mut self.mod_draw[t], &mut self.mod_discard[t], false, t)
                }
                Draw::Objective if self.objective_deck == 0 => {
                    self.draws.remove(0);
                    continue;
                }
                Draw::Sector if self.deck == 0 => {
                    self.draws.remove(0);
                    continue;
                }
                _ => return,
            };
            if *draw != 0 {
                return;
            }
            if *discard != 0 {
                *draw = std::mem::take(discard);
                events.emit(|| Event::TierReshuffled {
                    directive,
                    tier: tier as u8 + 1,
                });
                return;
            }
            self.draws.remove(0);
            if let Draw::Directive(p) | Draw::Module(p) = d {
                let slot = &mut self.slots[usize::from(p.number() - 1)];
                if directive {
                    slot.0 = None;
                } else {
                    slot.1 = None;
                }
                events.emit(|| Event::SlotFilled {
                    position: p,
                    directive,
                    card: None,
                });
            }
        }
    }

    /// Setup step 11: `seat` places a drawn card next to its homeworld; its exploration ends
    /// when the hand is empty.
    #[must_use]
    pub(crate) fn setup_place(
        &mut self,
        seat: Seat,
        hand: &mut Vec<SectorId>,
        placed: &mut u8,
        (card, space, rotation): (SectorId, Space, Rotation),
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        self.place_card(seat, card, space, rotation, events);
        hand.retain(|c| *c != card);
        *placed += 1;
        hand.is_empty().then(|| self.setup_done(seat, hand, events))
    }

    /// `seat`'s starting exploration is over: the cards not placed go back, and the next
    /// seat explores, or the first round begins with its deal.
    pub(crate) fn setup_done(
        &mut self,
        seat: Seat,
        hand: &mut Vec<SectorId>,
        events: &mut Events<Event>,
    ) -> Phase {
        let rest = std::mem::take(hand);
        self.return_cards(seat, rest, events);
        if seat.index() + 1 < self.seats() {
            self.queue_sectors(SETUP_DRAW);
            Phase::Setup {
                seat: seat.next(self.seats()),
                hand: Vec::new(),
                placed: 0,
            }
        } else {
            self.round = 1;
            events.emit(|| Event::RoundStarted {
                round: 1,
                master: None,
            });
            self.draws.push(Draw::FirstDeal);
            Phase::FirstDeal
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_all_distinct() {
        let items = [1, 2, 3, 4];
        let mut seen: Vec<Vec<i32>> = (0..24).map(|i| permutation(&items, i)).collect();
        assert_eq!(seen[0], vec![1, 2, 3, 4]);
        assert_eq!(seen[23], vec![4, 3, 2, 1]);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 24);
    }
}
