//! The flat action index: every player action of a config has a fixed index, laid out in
//! blocks, one per kind of action, in this order (S = grid spaces, C = sector cards, N = seats):
//!
//! | block | size |
//! |---|---|
//! | `probe` space | S |
//! | `launch` 0 to C − 2 (the most green an explore can spend) | C − 1 |
//! | `place` card × space × rotation | C · S · 4 |
//! | `offer` (finish the bribe in progress on a condition) condition | `Condition::count(N)` = 13 · (N + 1) − 1 |
//! | `withdraw`, `keep`, `pass`, `done`, `no module`, `end turn`, `engage`, `transfer` (finish the bribe with no note) | 8 |
//! | `refresh` kind × position | 12 |
//! | `give` seat | N |
//! | `bonus` resource | 4 |
//! | main action | 4 |
//! | `boost` 0 to S − 2 (the most blue that reaches anything new) | S − 1 |
//! | `move` from × to × count 1–25 | S · S · 25 |
//! | `fleets` home 0–2 × outposts 0–3 | 12 |
//! | `build` structure × space | 4 · S |
//! | `attack` from × to × count 1–25 | S · S · 25 |
//! | `strike` target × owner × structure | S · N · 4 |
//! | `module` position | 4 |
//! | `claim` card × slot | 5 · 4 |
//! | `ships` 0–25 | 26 |
//! | `hits` 0–10 | 11 |
//! | `mark` seat | N |
//! | `propose` seat | N |
//! | `add` one unit of a resource to the bribe in progress | 4 |
//!
//! Chance outcomes (`card`, `deal`, `die`) have no index.
//!
//! A bribe pays any resources in any amounts held (§7 phase 1 step 5, issue 20.7), so its
//! payment has no index of its own: it is built with `add` steps (one unit each, as many as
//! the payer holds) and finished with `offer` (a condition) or `transfer` (no note). The index
//! therefore depends on no bound of a bribe: 43 bribe actions for two players, 56 for three,
//! 69 for four (before rules version 4: 468, 624 and 780, a payment of one resource 1 to 3
//! named in every `offer` and `pay`).

use crate::config::{Config, OBJECTIVE_ROW};
use crate::rules::actions::CoreAction;
use crate::rules::bribes::Condition;
use crate::rules::combat::{MAX_DICE, MAX_FLEETS};
use crate::rules::directives::Position;
use crate::rules::map::{MAX_SIDE, Rotation, Space};
use crate::rules::refresh::RefreshChoice;
use crate::rules::scoring::MAX_SLOTS;
use crate::rules::structures::Structure;
use crate::state::Milkomeda;
use crate::{Action, Resource};
use gridwright_engine::{ActionIndex, Seat};

const SIMPLE: [Action; 8] = [
    Action::Withdraw,
    Action::Keep,
    Action::Pass,
    Action::Done,
    Action::NoModule,
    Action::EndTurn,
    Action::Engage,
    Action::Transfer,
];

struct Layout {
    w: usize,
    h: usize,
    s: usize,
    c: usize,
    n: usize,
}

impl Layout {
    fn of(config: &Config) -> Layout {
        let w = usize::from(config.grid.0.clamp(1, MAX_SIDE));
        let h = usize::from(config.grid.1.clamp(1, MAX_SIDE));
        Layout {
            w,
            h,
            s: w * h,
            c: config.sectors.len().min(crate::config::MAX_SECTORS),
            n: config.seats.len().clamp(2, 4),
        }
    }

    fn sizes(&self) -> [usize; 22] {
        let (s, c, n) = (self.s, self.c, self.n);
        let counts = usize::from(MAX_FLEETS);
        [
            s,
            self.launches(),
            c * s * 4,
            Condition::count(n),
            SIMPLE.len(),
            12,
            n,
            4,
            4,
            self.boosts(),
            s * s * counts,
            12,
            4 * s,
            s * s * counts,
            s * n * 4,
            4,
            OBJECTIVE_ROW * MAX_SLOTS,
            counts + 1,
            usize::from(MAX_DICE) + 1,
            n,
            n,
            Resource::ALL.len(),
        ]
    }

    /// `launch 0` to the most green any explore of this deck can spend.
    fn launches(&self) -> usize {
        usize::from(crate::rules::explore::max_boost(self.c)) + 1
    }

    /// `boost 0` to the most blue that reaches anything new on this grid.
    fn boosts(&self) -> usize {
        usize::from(crate::rules::movement::boost_limit(u16::MAX, self.s)) + 1
    }

    fn space(&self, s: Space) -> Option<usize> {
        let (c, r) = (usize::from(s.col()), usize::from(s.row()));
        (c < self.w && r < self.h).then_some(r * self.w + c)
    }

    fn space_at(&self, i: usize) -> Option<Space> {
        if i >= self.s {
            return None;
        }
        Space::try_from(((i % self.w) as u8, (i / self.w) as u8)).ok()
    }

    fn seat(&self, s: Seat) -> Option<usize> {
        (s.index() < self.n).then_some(s.index())
    }

    /// Block number and offset inside it.
    fn encode(&self, a: &Action) -> Option<(usize, usize)> {
        let counts = usize::from(MAX_FLEETS);
        Some(match *a {
            Action::Card(_) | Action::Deal(_) | Action::Die(_) => return None,
            Action::Probe(s) => (0, self.space(s)?),
            Action::Launch(b) => (1, usize::from(b)),
            Action::Place {
                card,
                space,
                rotation,
            } => {
                let card = Some(card.index()).filter(|c| *c < self.c)?;
                (
                    2,
                    (card * self.s + self.space(space)?) * 4 + rotation.quarters() as usize,
                )
            }
            Action::Offer(c) => (3, c.index(self.n).ok()?),
            Action::Withdraw
            | Action::Keep
            | Action::Pass
            | Action::Done
            | Action::NoModule
            | Action::EndTurn
            | Action::Engage
            | Action::Transfer => (4, SIMPLE.iter().position(|x| x == a)?),
            Action::Refresh(c) => (5, c.index()),
            Action::Give(s) => (6, self.seat(s)?),
            Action::Bonus(r) => (7, r.index()),
            Action::Main(m) => (8, CoreAction::ALL.iter().position(|x| *x == m)?),
            Action::Boost(b) => (9, usize::from(b)),
            Action::MoveFleets { from, to, count } | Action::AttackFleets { from, to, count } => {
                let k = usize::from(count);
                if !(1..=counts).contains(&k) {
                    return None;
                }
                let block = if matches!(a, Action::MoveFleets { .. }) {
                    10
                } else {
                    13
                };
                (
                    block,
                    (self.space(from)? * self.s + self.space(to)?) * counts + k - 1,
                )
            }
            Action::BuildFleets { home, outposts } => {
                if home > 2 || outposts > 3 {
                    return None;
                }
                (11, usize::from(home) * 4 + usize::from(outposts))
            }
            Action::BuildStructure { structure, space } => {
                (12, structure as usize * self.s + self.space(space)?)
            }
            Action::AttackStructure {
                target,
                owner,
                structure,
            } => (
                14,
                (self.space(target)? * self.n + self.seat(owner)?) * 4 + structure as usize,
            ),
            Action::Module(p) => (15, usize::from(p.number() - 1)),
            Action::Claim { card, slot } => {
                let (c, s) = (usize::from(card), usize::from(slot));
                if c >= OBJECTIVE_ROW || s >= MAX_SLOTS {
                    return None;
                }
                (16, c * MAX_SLOTS + s)
            }
            Action::Ships(n) => (17, Some(usize::from(n)).filter(|n| *n <= counts)?),
            Action::Hits(n) => (
                18,
                Some(usize::from(n)).filter(|n| *n <= usize::from(MAX_DICE))?,
            ),
            Action::MarkShip(s) => (19, self.seat(s)?),
            Action::Propose(s) => (20, self.seat(s)?),
            Action::AddBribe(r) => (21, r.index()),
        })
    }

    fn decode(&self, block: usize, i: usize) -> Option<Action> {
        let counts = usize::from(MAX_FLEETS);
        Some(match block {
            0 => Action::Probe(self.space_at(i)?),
            1 => Action::Launch(i as u8),
            2 => {
                let rotation = Rotation::ALL[i % 4];
                let rest = i / 4;
                Action::Place {
                    card: crate::SectorId((rest / self.s) as u8),
                    space: self.space_at(rest % self.s)?,
                    rotation,
                }
            }
            3 => Action::Offer(Condition::from_index(i, self.n).ok()?),
            4 => *SIMPLE.get(i)?,
            5 => Action::Refresh(RefreshChoice::all().nth(i)?),
            6 => Action::Give(Seat::new(i as u8)),
            7 => Action::Bonus(*Resource::ALL.get(i)?),
            8 => Action::Main(*CoreAction::ALL.get(i)?),
            9 => Action::Boost(i as u8),
            10 | 13 => {
                let count = (i % counts + 1) as u8;
                let rest = i / counts;
                let from = self.space_at(rest / self.s)?;
                let to = self.space_at(rest % self.s)?;
                if block == 10 {
                    Action::MoveFleets { from, to, count }
                } else {
                    Action::AttackFleets { from, to, count }
                }
            }
            11 => Action::BuildFleets {
                home: (i / 4) as u8,
                outposts: (i % 4) as u8,
            },
            12 => Action::BuildStructure {
                structure: *Structure::ALL.get(i / self.s)?,
                space: self.space_at(i % self.s)?,
            },
            14 => {
                let structure = Structure::ALL[i % 4];
                let rest = i / 4;
                Action::AttackStructure {
                    target: self.space_at(rest / self.n)?,
                    owner: Seat::new((rest % self.n) as u8),
                    structure,
                }
            }
            15 => Action::Module(*Position::ALL.get(i)?),
            16 => Action::Claim {
                card: (i / MAX_SLOTS) as u8,
                slot: (i % MAX_SLOTS) as u8,
            },
            17 => Action::Ships(i as u8),
            18 => Action::Hits(i as u8),
            19 => Action::MarkShip(Seat::new(i as u8)),
            20 => Action::Propose(Seat::new(i as u8)),
            21 => Action::AddBribe(*Resource::ALL.get(i)?),
            _ => return None,
        })
    }
}

impl ActionIndex for Milkomeda {
    fn num_distinct_actions(config: &Config) -> usize {
        Layout::of(config).sizes().iter().sum()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let l = Layout::of(config);
        let (block, offset) = l.encode(action)?;
        let sizes = l.sizes();
        (offset < sizes[block]).then(|| sizes[..block].iter().sum::<usize>() + offset)
    }

    fn action_from_index(config: &Config, index: usize) -> Option<Action> {
        let l = Layout::of(config);
        let mut start = 0;
        for (block, size) in l.sizes().into_iter().enumerate() {
            if index < start + size {
                return l.decode(block, index - start);
            }
            start += size;
        }
        None
    }
}
