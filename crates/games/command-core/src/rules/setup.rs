//! Setup (seed, "Setup"; `docs/rules/command-core.md` items 1–3): a random draw picks who
//! chooses the placement order, the chooser places first or second, then the players take
//! turns deploying one mech each, facing any way, within `deploy_range` of their home edge,
//! until every mech is placed; a player with nothing left to place is skipped.

use super::Squares;
use crate::action::{Action, MechId, Pos};
use crate::config::{Config, HomeEdge};
use crate::event::Event;
use crate::state::{CommandCore, PLACED, SEATS, Stage};
use gridwright_engine::content::Problems;
use gridwright_engine::geom::Dir8;
use gridwright_engine::{Events, PerSeat, Seat};

/// The squares each side may deploy on: those from which at most `deploy_range` steps leave
/// the board across the side's home edge (any edge for [`HomeEdge::Any`]).
pub(crate) fn deploy_zones(config: &Config, mechs: usize) -> Result<PerSeat<Squares>, Problems> {
    let (w, h) = (config.width, config.height);
    let mut deploy = PerSeat::from_fn(SEATS, |_| Squares::default());
    let mut problems = Problems::new();
    for (si, side) in config.sides.iter().enumerate() {
        let seat = Seat::new(si as u8);
        let n = side.mechs.len();
        for y in 0..h {
            for x in 0..w {
                let from_edge = match side.home_edge {
                    HomeEdge::Any => x.min(y).min(w - 1 - x).min(h - 1 - y),
                    HomeEdge::North => y,
                    HomeEdge::South => h - 1 - y,
                    HomeEdge::West => x,
                    HomeEdge::East => w - 1 - x,
                };
                // "Within range r of the edge": at most r steps to leave the board.
                if from_edge < config.deploy_range {
                    deploy[seat].set(y * w + x);
                }
            }
        }
        let count: u32 = deploy[seat].0.iter().map(|b| b.count_ones()).sum();
        if (count as usize) < mechs {
            problems.push(
                format!("sides[{si}]"),
                format!(
                    "side {} has {count} deployment squares for {n} mechs (and the enemy's)",
                    si + 1
                ),
            );
        }
    }
    problems.into_result(deploy)
}

impl CommandCore {
    /// The chance node deciding who chooses the placement order: either seat, equally likely.
    pub(crate) fn chooser_outcomes(out: &mut Vec<(Action, u32)>) {
        out.extend(Seat::all(SEATS).map(|s| (Action::Chooser(s), 1)));
    }

    pub(crate) fn draw_chooser(&mut self, s: Seat, ev: &mut Events<Event>) {
        ev.emit(|| Event::ChooserDrawn { seat: s });
        self.stage = Stage::ChoosePlacementOrder { chooser: s };
    }

    /// The chooser places first or second.
    pub(crate) fn legal_placement_orders(out: &mut Vec<Action>) {
        out.extend([Action::PlaceFirst(false), Action::PlaceFirst(true)]);
    }

    pub(crate) fn choose_placement(&mut self, chooser: Seat, first: bool, ev: &mut Events<Event>) {
        let fp = if first { chooser } else { chooser.next(SEATS) };
        self.first_placer = fp;
        ev.emit(|| Event::PlacementOrder { first: fp });
        self.stage = Stage::Deploy { seat: fp };
    }

    fn has_unplaced(&self, seat: Seat) -> bool {
        (0..usize::from(self.n)).any(|i| self.owner_of(i) == seat && !self.mechs[i].has(PLACED))
    }

    /// Squares of `seat`'s deployment zone that are free, ascending by (x, y).
    fn deploy_squares(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        let r = &self.rules;
        (0..r.width).flat_map(move |x| {
            (0..r.height).filter_map(move |y| {
                let i = r.index(x, y);
                (r.deploy[seat].get(i) && !self.occupied.get(i)).then_some(i)
            })
        })
    }

    /// Every unplaced mech of seat `s` on every free square of its zone, in every facing.
    pub(crate) fn legal_deploys(&self, s: Seat, out: &mut Vec<Action>) {
        for i in 0..usize::from(self.n) {
            if self.owner_of(i) != s || self.mechs[i].has(PLACED) {
                continue;
            }
            for sq in self.deploy_squares(s) {
                let at = self.pos_of(sq);
                out.extend(Dir8::ALL.map(|facing| Action::Deploy {
                    mech: Self::mech_id(i),
                    at,
                    facing,
                }));
            }
        }
    }

    pub(crate) fn deploy(
        &mut self,
        seat: Seat,
        mech: MechId,
        at: Pos,
        facing: Dir8,
        ev: &mut Events<Event>,
    ) {
        let i = mech.index();
        let sq = self.rules.index(at.x, at.y);
        let m = &mut self.mechs[i];
        m.pos = sq;
        m.facing = facing;
        m.flags |= PLACED;
        self.occupied.set(sq);
        ev.emit(|| Event::Deployed { mech, at, facing });
        self.after_deploy(seat, ev);
    }

    /// The other seat deploys next if it has mechs left, else this seat again; once every
    /// mech is placed the first round begins.
    fn after_deploy(&mut self, seat: Seat, ev: &mut Events<Event>) {
        let other = seat.next(SEATS);
        if self.has_unplaced(other) {
            self.stage = Stage::Deploy { seat: other };
        } else if self.has_unplaced(seat) {
            self.stage = Stage::Deploy { seat };
        } else {
            self.begin_round(ev);
        }
    }
}
