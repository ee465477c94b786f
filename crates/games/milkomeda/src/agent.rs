//! The greedy agent and the position value MCTS uses.
//!
//! [`evaluate`] (MCTS's leaf value) values a position for a seat from what that seat may see
//! (it reads only public facts: scores, control, fleets, storage). Its holdings part is the
//! seat's worth — its victory points now, plus two more per sector it controls (they pay
//! income every turn), two per explored sector (one with more than two seats) next to its
//! fleets that it does not control (room to grow), half a point per fleet on the map and a
//! quarter per non-orange resource — less the best opponent's, squashed by `tanh` over a
//! spread that grows with the stakes; it carries 80% of the value. The other 20% is, for
//! every seat alike, how far the game has come towards the rulebook's two endings (sector
//! cards placed, objective slots claimed) plus the seat's room to explore, from 0 to 1 (so it
//! is never flattened by a lead: a decided game is still played to its ending). At the end
//! of the game it is the returns. The progress part makes the leaf value not zero-sum: MCTS
//! keeps a value per seat; without it, MCTS duels drifted to the round limit
//! (docs/rules/milkomeda.md item 15b).
//!
//! [`GreedyAgent`] steps a determinized copy of the state (the secrets it cannot see redrawn at
//! random) with each legal action and takes the one whose result is best by the holdings
//! advantage before the squashing (so a big lead or deficit does not flatten every choice
//! into a tie; at the end the returns decide) plus the progress and its room to explore, both
//! counted in points and multiplied by how much the stakes have grown (so that late in a game,
//! with worths in the hundreds, an explore still weighs against a move), ties broken at
//! random. After a step that only opens an action (choosing the main action or a
//! module, the blue for a move's range, a probe), the result is valued by the best it can
//! reach in two (one) more steps of its own, so the choice of an action sees what it can do.
//!
//! In phase 1 (the offer window, the Master's refresh and cards) a step changes nothing the
//! position value sees until the Master commits, so there the greedy agent follows the bribe
//! model of `bribe_value.rs` instead: a player pays (under `binding`: posts, replaces or
//! withdraws) a bribe on an order card when the Master's predicted answer makes it better off,
//! building the cheapest payment that tips the Master one unit at a time, and the Master takes
//! the plan (refresh and recipients) worth most with the bribes counted.

use crate::action::Action;
use crate::rules::map::SectorRef;
use crate::rules::turn::OPTIONS;
use crate::state::{Act, Milkomeda, Phase, TurnStage};
use crate::{Resource, rules::scoring::EndTrigger};
use gridwright_engine::{Actor, Agent, Events, Game, Rng, Seat, SeatView, Turn};

/// Worth of each explored sector next to the seat's fleets that it does not control, by the
/// number of seats. With two seats 2: at 1 the greedy agent won 377 of 500 two-player games
/// against random, at 2 it won 413. With more seats 1: at 2 it did worse in four-player games
/// (docs/rules/milkomeda.md, "Still to do").
fn frontier_worth(seats: usize) -> f64 {
    if seats == 2 { 2.0 } else { 1.0 }
}

/// The heuristic worth of `seat`'s holdings (see the module docs).
#[cfg(test)]
fn worth(g: &Milkomeda, seat: Seat) -> f64 {
    worth_with(g, seat, &Surroundings::of(g, seat))
}

/// The heuristic worth of `seat`'s holdings (see the module docs), with its [`Surroundings`]
/// found already.
fn worth_with(g: &Milkomeda, seat: Seat, around: &Surroundings) -> f64 {
    // Only this seat's score: a seat's score depends on its own holdings alone (§15).
    let h = g.table.holdings(seat);
    let s = crate::rules::scoring::score(seat, &h, Some(EndTrigger::RoundLimit));
    let non_orange = [Resource::Blue, Resource::Red, Resource::Green]
        .iter()
        .map(|r| f64::from(h.storage.get(*r)))
        .sum::<f64>();
    f64::from(s.standing.points)
        + 2.0 * f64::from(s.sectors)
        + frontier_worth(g.num_seats()) * around.frontier as f64
        + f64::from(h.fleets_on_map) / 2.0
        + non_orange / 4.0
}

/// What lies around `seat`'s fleets, found in one pass over the grid: the explored sectors
/// next to its fleets that it does not control (room to grow, in [`worth_with`]) and the empty
/// spaces it could explore into next (valued by [`REACH_WORTH`]).
struct Surroundings {
    /// Explored sectors next to the seat's fleets that it does not control.
    frontier: usize,
    /// The seat's room to explore next: the empty spaces next to a sector it controls with a
    /// fleet there, up to [`REACH_CAP`]; with none, `1 - d / (w + h)` for the fewest steps `d`
    /// its nearest fleet must still move to stand next to an empty space on a grid `w` by `h`
    /// (so that each step towards the last empty spaces is worth the same before they are in
    /// reach); 0 once the deck is out.
    room: f64,
}

impl Surroundings {
    fn of(g: &Milkomeda, seat: Seat) -> Surroundings {
        Surroundings::scan(g, seat, true)
    }

    /// [`Surroundings::of`] without the room to explore (0): what [`worth_with`] needs of
    /// every seat, while the room is asked of the seat a position is valued for only.
    fn frontier_of(g: &Milkomeda, seat: Seat) -> Surroundings {
        Surroundings::scan(g, seat, false)
    }

    fn scan(g: &Milkomeda, seat: Seat, with_room: bool) -> Surroundings {
        let t = &g.table;
        let size = t.map.size();
        let (w, h) = (usize::from(size.width()), usize::from(size.height()));
        let k = seat.index();
        // Cells by index in `GridSize::spaces` order, as `fleets` and `control` are kept. Rows
        // and columns are walked rather than divided out of the index: this runs for every
        // seat at every leaf of the greedy agent's lookahead.
        let fleet = |i: usize| t.fleets[i][k] > 0;
        let neighbours = |i: usize, c: usize, r: usize| {
            [
                (r > 0).then(|| i - w),
                (c + 1 < w).then(|| i + 1),
                (r + 1 < h).then(|| i + w),
                (c > 0).then(|| i - 1),
            ]
            .into_iter()
            .flatten()
        };
        let cards_left = with_room && g.deck_left() > 0;
        let mut frontier = 0;
        let mut empty: [usize; REACH_CAP] = [usize::MAX; REACH_CAP];
        let mut found = 0;
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                if !t.map.explored_at(i) {
                    continue;
                }
                if t.control[i] != Some(seat) {
                    if neighbours(i, c, r).any(fleet) {
                        frontier += 1;
                    }
                } else if cards_left && found < REACH_CAP && fleet(i) {
                    for n in neighbours(i, c, r) {
                        if found < REACH_CAP && !t.map.explored_at(n) && !empty.contains(&n) {
                            empty[found] = n;
                            found += 1;
                        }
                    }
                }
            }
        }
        let room = if !with_room || found > 0 || !cards_left {
            found as f64
        } else {
            Surroundings::approach(g, seat)
        };
        Surroundings { frontier, room }
    }

    /// `1 - d / (w + h)`, `d` the fewest steps (grid distance) any of `seat`'s fleets is from
    /// standing next to an empty space on a grid `w` by `h`; 0 with no fleet or no empty
    /// space.
    fn approach(g: &Milkomeda, seat: Seat) -> f64 {
        let t = &g.table;
        let size = t.map.size();
        let (w, h) = (usize::from(size.width()), usize::from(size.height()));
        // Each cell's grid distance from the nearest of the seat's fleets: the two passes of
        // a city-block distance transform (exact on a grid without walls).
        let mut d: Vec<u16> = (0..w * h)
            .map(|i| {
                if t.fleets[i][seat.index()] > 0 {
                    0
                } else {
                    u16::MAX
                }
            })
            .collect();
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                if c > 0 {
                    d[i] = d[i].min(d[i - 1].saturating_add(1));
                }
                if r > 0 {
                    d[i] = d[i].min(d[i - w].saturating_add(1));
                }
            }
        }
        for r in (0..h).rev() {
            for c in (0..w).rev() {
                let i = r * w + c;
                if c + 1 < w {
                    d[i] = d[i].min(d[i + 1].saturating_add(1));
                }
                if r + 1 < h {
                    d[i] = d[i].min(d[i + w].saturating_add(1));
                }
            }
        }
        let nearest = (0..w * h)
            .filter(|i| !t.map.explored_at(*i))
            .map(|i| d[i])
            .min()
            .filter(|d| *d < u16::MAX);
        match nearest {
            Some(d) => 1.0 - f64::from(d.max(1) - 1) / (w + h) as f64,
            None => 0.0,
        }
    }
}

/// Worth, to every seat, of each sector card on the grid and of each objective slot claimed:
/// each brings one of the rulebook's endings closer (§2, §14: the last sector card placed, the
/// last slot claimed), so agents that value it play towards them rather than to the round
/// limit (docs/rules/milkomeda.md item 15b).
const PLACED_WORTH: f64 = 2.0;
/// See [`PLACED_WORTH`].
const CLAIMED_WORTH: f64 = 1.5;
/// The sector cards a round is expected to place, as the baseline the progress is counted
/// from (so that the progress term stays near 0 in `evaluate`'s tanh).
const PACE: f64 = 2.5;

/// Progress towards the rulebook's endings, counted from the pace's baseline. Cards an explore
/// has drawn or is about to draw count as placed already, as far as they are likely to be
/// placed: the greedy agent's lookahead stops at the draw (a chance step), so it sees an
/// explore's worth when it launches it. Cards still to be drawn count for no more than the
/// [`BASE_DRAW`](crate::rules::explore::BASE_DRAW) every explore draws, and drawn cards only
/// as many as the explorer's green pays for (cheapest first): with the Scientific boost
/// unbounded (item 56), crediting every card drawn made the greedy agent pour its green into
/// boosts whose cards it could not pay to place.
fn progress(g: &Milkomeda) -> f64 {
    let Progress {
        placed, claimed, ..
    } = placed_and_claimed(g);
    PLACED_WORTH * (placed as f64 - PACE * f64::from(g.round())) + CLAIMED_WORTH * claimed as f64
}

/// How far the game has come towards its endings, counted for [`progress`] and
/// [`ending_share`].
struct Progress {
    /// Sector cards on the grid, with the draw credit of [`progress`].
    placed: usize,
    /// Objective slots claimed.
    claimed: usize,
    /// Sector cards on the grid.
    on_grid: usize,
}

/// The cards an explore under way is credited with in [`progress`]: those still to be drawn
/// (up to [`BASE_DRAW`](crate::rules::explore::BASE_DRAW)) and those drawn that the
/// explorer's green pays for, cheapest first — none when no empty space lies next to the
/// explore's probes or the cards it placed, for then every card drawn goes back into the deck
/// (late in a duel the greedy agent launched explores from sectors with no empty space next
/// to them, credited with two cards each time, and drew and returned cards for 40 rounds).
fn explore_credit(g: &Milkomeda) -> (usize, usize) {
    let drawing = g
        .table
        .draws
        .iter()
        .filter(|d| matches!(d, crate::state::Draw::Sector))
        .count()
        .min(usize::from(crate::rules::explore::BASE_DRAW));
    let Phase::Turn(t) = &g.phase else {
        return (drawing, 0);
    };
    let TurnStage::Act(Act::Explore {
        probes,
        hand,
        chain,
        ..
    }) = &t.stage
    else {
        return (drawing, 0);
    };
    let room = crate::rules::explore::placement_targets(g.map(), probes, chain)
        .is_ok_and(|targets| !targets.is_empty());
    if !room {
        return (0, 0);
    }
    let mut costs: Vec<u16> = hand
        .iter()
        .map(|c| u16::from(g.table.rules.sector(*c).cost))
        .collect();
    costs.sort_unstable();
    let mut green = g.storage(t.seat).get(Resource::Green);
    let in_hand = costs
        .iter()
        .take_while(|c| {
            let fits = **c <= green;
            green = green.saturating_sub(**c);
            fits
        })
        .count();
    (drawing, in_hand)
}

/// Sector cards on the grid (with the draw credit of [`progress`]) and objective slots
/// claimed.
fn placed_and_claimed(g: &Milkomeda) -> Progress {
    let (drawing, in_hand) = explore_credit(g);
    let on_grid = g
        .map()
        .tiles()
        .filter(|(_, t)| matches!(t.sector, SectorRef::Card(_)))
        .count();
    let claimed: usize = g
        .table
        .claims
        .cards()
        .iter()
        .map(|c| c.slots().filter(|(_, h)| h.is_some()).count())
        .sum();
    Progress {
        placed: on_grid + drawing + in_hand,
        claimed,
        on_grid,
    }
}

/// Worth, to a seat, of each empty space (up to [`REACH_CAP`]) next to a sector it could probe
/// from (one it controls with a fleet there), while sector cards are left: late in the game
/// the empty spaces lie far apart, and the last cards are placed only if fleets go near them.
const REACH_WORTH: f64 = 1.0;
/// See [`REACH_WORTH`].
const REACH_CAP: usize = 2;

/// Every seat's worth ([`worth_with`]) and one seat's room to explore ([`Surroundings::room`]), found
/// once for a position: the values below read them several times.
struct Appraisal {
    /// Each seat's worth, in seat order.
    worths: Vec<f64>,
    /// The room to explore ([`Surroundings::room`]) of the seat the position is valued for.
    room: f64,
}

impl Appraisal {
    fn of(g: &Milkomeda, seat: Seat) -> Appraisal {
        let mut room = 0.0;
        let worths = Seat::all(g.num_seats())
            .map(|s| {
                let around = if s == seat {
                    let around = Surroundings::of(g, s);
                    room = around.room;
                    around
                } else {
                    Surroundings::frontier_of(g, s)
                };
                worth_with(g, s, &around)
            })
            .collect();
        Appraisal { worths, room }
    }

    /// `seat`'s worth less the best opponent's, unbounded: zero-sum between two seats.
    fn holdings_advantage(&self, seat: Seat) -> f64 {
        let best_other = Seat::all(self.worths.len())
            .filter(|s| *s != seat)
            .map(|s| self.worths[s.index()])
            .fold(f64::MIN, f64::max);
        self.worths[seat.index()] - best_other
    }

    /// The holdings advantage that [`leaf_value`]'s `tanh` maps to ±0.76: 20 at the start,
    /// and a tenth of the seats' mean worth more as the economy grows (late in a duel a
    /// seat's worth runs into the thousands), so that a lead is judged against the stakes.
    fn spread(&self) -> f64 {
        let total: f64 = self.worths.iter().map(|w| w.abs()).sum();
        SPREAD_AT_START + total / self.worths.len() as f64 / 10.0
    }

    /// How many times the stakes have grown since the start ([`Appraisal::spread`] over its
    /// first value, at least 1): what the greedy agent multiplies the progress towards the
    /// endings and its room to explore by, so that they keep their weight against the
    /// holdings when a seat's worth runs into the hundreds (with a fixed weight the greedy
    /// seats of three-player games stopped exploring late: 2026-12-02, docs/rules/milkomeda.md
    /// item 15b).
    fn stakes(&self) -> f64 {
        (self.spread() / SPREAD_AT_START).max(1.0)
    }
}

/// The holdings advantage that [`leaf_value`]'s `tanh` maps to ±0.76 at the start.
const SPREAD_AT_START: f64 = 20.0;

/// [`holdings_advantage`] plus the progress towards the rulebook's endings (the same for every
/// seat) and the room `seat` has to explore, both times the [`Appraisal::stakes`]: what the
/// greedy agent compares.
fn advantage(g: &Milkomeda, seat: Seat) -> f64 {
    let a = Appraisal::of(g, seat);
    a.holdings_advantage(seat) + a.stakes() * (progress(g) + REACH_WORTH * a.room)
}

/// The share of [`evaluate`] and [`evaluate_prior`] that the holdings carry; the rest is the
/// bounded progress towards the endings ([`ending_share`]), so that a game already decided
/// (the holdings' `tanh` flat near ±1, every move alike) is still played to its ending.
const HOLDINGS_SHARE: f64 = 0.8;

/// How far the game has come towards the rulebook's endings, from 0 to 1: sector cards
/// placed (with the draw credit of [`progress`]), objective slots claimed and `seat`'s room
/// to explore, weighted as in [`progress`], over their most.
fn ending_share(g: &Milkomeda, room: f64) -> f64 {
    let Progress {
        placed,
        claimed,
        on_grid,
    } = placed_and_claimed(g);
    let cards = on_grid + g.deck_left();
    let slots: usize = g
        .table
        .claims
        .cards()
        .iter()
        .map(|c| c.slots().count())
        .sum();
    let most = PLACED_WORTH * cards.max(placed) as f64
        + CLAIMED_WORTH * slots as f64
        + REACH_WORTH * REACH_CAP as f64;
    let done = PLACED_WORTH * placed as f64 + CLAIMED_WORTH * claimed as f64 + REACH_WORTH * room;
    if most > 0.0 {
        (done / most).min(1.0)
    } else {
        1.0
    }
}

/// MCTS's value of a position for `seat` (the returns once it is over): the holdings advantage
/// squashed by the game's [`Appraisal::spread`], weighted by [`HOLDINGS_SHARE`], plus the rest in
/// [`ending_share`]. In `[-1, 1]`.
fn leaf_value(g: &Milkomeda, a: &Appraisal, holdings: f64) -> f64 {
    HOLDINGS_SHARE * (holdings / a.spread()).tanh()
        + (1.0 - HOLDINGS_SHARE) * ending_share(g, a.room)
}

/// A value in `[-1, 1]` of the position for `seat` (the returns once it is over); see
/// `leaf_value`.
pub fn evaluate(g: &Milkomeda, seat: Seat) -> f64 {
    if g.is_terminal() {
        return g.returns().get(seat).copied().unwrap_or(0.0);
    }
    let a = Appraisal::of(g, seat);
    leaf_value(g, &a, a.holdings_advantage(seat))
}

/// A value in `[-1, 1]` of the position for `seat` as MCTS's action prior (the returns once it
/// is over): what the greedy agent would make of it, valued as [`evaluate`] values it.
///
/// - In phase 1 the position worth cannot see an offer or a card given, so the advantage
///   counts what phase 1 is worth to each seat with the offers standing (the bribe model's
///   expected card less payments, and the Master's expected receipts), less the best other
///   seat's.
/// - Where `seat` has just opened an action, the advantage is the best it can reach in a few
///   more steps of its own (`prior_depth`), as the greedy agent looks ahead.
///
/// It reads only the state it is given, which search builds from the seat's own view.
pub fn evaluate_prior(g: &Milkomeda, seat: Seat) -> f64 {
    if g.is_terminal() {
        return g.returns().get(seat).copied().unwrap_or(0.0);
    }
    if let Some(mine) = crate::bribe_value::standing_worth(g, seat) {
        let a = Appraisal::of(g, seat);
        let best_other = Seat::all(g.num_seats())
            .filter(|s| *s != seat)
            .map(|s| a.worths[s.index()] + crate::bribe_value::standing_worth(g, s).unwrap_or(0.0))
            .fold(f64::MIN, f64::max);
        return leaf_value(g, &a, a.worths[seat.index()] + mine - best_other);
    }
    lookahead(g, seat, prior_depth(g, seat), evaluate)
}

/// How many more of its own steps [`evaluate_prior`] looks through from `g`: two when `seat`
/// has just chosen to move (the blue for the range, then a move), one when it has just opened
/// any other action or chosen its range (probes, the first build or attack option, a module),
/// none elsewhere. The greedy agent looks two steps past every main action; the prior is asked
/// for every action of every new node, so it looks no further than the step that shows what
/// the opened action does (a move's list of fleets and destinations is long).
fn prior_depth(g: &Milkomeda, seat: Seat) -> u8 {
    let Phase::Turn(t) = &g.phase else {
        return 0;
    };
    if t.seat != seat {
        return 0;
    }
    match &t.stage {
        TurnStage::Act(Act::Move { boost: None, .. }) => 2,
        TurnStage::Act(Act::Move { origins, .. }) if origins.is_empty() => 1,
        TurnStage::Act(Act::Explore {
            launched: false, ..
        })
        | TurnStage::Act(Act::Build { options: OPTIONS })
        | TurnStage::Act(Act::Attack {
            options: OPTIONS,
            gather: None,
        })
        | TurnStage::Module => 1,
        _ => 0,
    }
}

/// What the greedy agent compares: [`advantage`] while the game goes on (unsquashed: near
/// ±1 the tanh of [`evaluate`] rounds differences of a few points below the tie margin), and
/// the returns, far above any advantage, once it is over.
fn greedy_value(g: &Milkomeda, seat: Seat) -> f64 {
    if g.is_terminal() {
        return g.returns().get(seat).copied().unwrap_or(0.0) * 1e6;
    }
    advantage(g, seat)
}

/// How many more of its own steps the greedy agent looks through.
const LOOKAHEAD: u8 = 2;

/// The best `value` (the greedy agent's [`greedy_value`], or the prior's [`evaluate`]) `seat`
/// can reach from `g` in up to `depth` more steps of its own, while it keeps acting with no
/// chance step in between.
fn lookahead(g: &Milkomeda, seat: Seat, depth: u8, value: fn(&Milkomeda, Seat) -> f64) -> f64 {
    let here = value(g, seat);
    if depth == 0 || g.turn() != Turn::Seat(seat) {
        return here;
    }
    let mut more = Vec::new();
    g.legal_actions(seat, &mut more);
    let mut best = here;
    for b in more {
        let mut after = g.clone();
        after.step(Actor::Seat(seat), b, &mut Events::disabled());
        best = best.max(lookahead(&after, seat, depth - 1, value));
    }
    best
}

/// One-step lookahead on the position worth; see the module docs.
#[derive(Debug, Clone)]
pub struct GreedyAgent {
    bribes: bool,
}

impl Default for GreedyAgent {
    fn default() -> GreedyAgent {
        GreedyAgent::new()
    }
}

impl GreedyAgent {
    /// A new agent.
    pub fn new() -> GreedyAgent {
        GreedyAgent { bribes: true }
    }

    /// The same agent, except that it never bribes the Master (it keeps in every offer
    /// window): to measure what bribing is worth (`tests/agents.rs`).
    pub fn without_bribes() -> GreedyAgent {
        GreedyAgent { bribes: false }
    }
}

impl Agent<Milkomeda> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, view: &SeatView<'_, Milkomeda>, rng: &mut Rng) -> Action {
        let seat = view.seat();
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        if legal.len() == 1 {
            return legal[0];
        }
        if !self.bribes && legal.contains(&Action::Keep) {
            return Action::Keep;
        }
        let base = view.determinize(rng);
        // Phase 1 (offers, the Master's refresh and cards): the bribe model decides.
        if let Some(a) = crate::bribe_value::choose(&base, seat, &legal, rng) {
            return a;
        }
        let mut best = f64::MIN;
        let mut picks: Vec<Action> = Vec::new();
        for a in &legal {
            let mut next = base.clone();
            next.step(Actor::Seat(seat), *a, &mut Events::disabled());
            // Look ahead through the steps that only open an action (its choice, the blue
            // for range, the probes), where the value shows one or two steps later.
            let depth = match a {
                Action::Main(_) | Action::Module(_) => LOOKAHEAD,
                Action::Boost(_) | Action::Probe(_) => 1,
                _ => 0,
            };
            let v = lookahead(&next, seat, depth, greedy_value);
            if v > best + 1e-9 {
                best = v;
                picks.clear();
                picks.push(*a);
            } else if (v - best).abs() <= 1e-9 {
                picks.push(*a);
            }
        }
        picks[rng.index(picks.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Resources;
    use crate::rules::steps_tests::game;

    /// The best advantage `seat` reaches in up to `depth` more steps of its own from `g`
    /// while it keeps acting, counted here without `lookahead`.
    fn best_within(g: &Milkomeda, seat: Seat, depth: u8) -> f64 {
        let mut best = evaluate(g, seat);
        if depth == 0 || g.turn() != Turn::Seat(seat) {
            return best;
        }
        for a in g.legal_actions_vec(seat) {
            let mut next = g.clone();
            next.step(Actor::Seat(seat), a, &mut Events::disabled());
            best = best.max(best_within(&next, seat, depth - 1));
        }
        best
    }

    /// §2, §14: the game ends when the last sector card is placed (or the last objective slot
    /// claimed), so each card placed brings the ending closer. A card placed far from every
    /// fleet changes no seat's holdings (no control, no frontier), yet every seat's evaluation
    /// rises: the agents value progress towards the rulebook's endings (item 15b).
    #[test]
    fn every_seat_values_a_sector_card_placed_as_progress_towards_the_grid_ending() {
        use crate::rules::map::{Rotation, Space, Tile};
        let g = first_turn();
        // The middle of the 9 × 9 grid: four steps from every homeworld corner.
        let middle = Space::try_from((4u8, 4u8)).unwrap();
        assert!(!g.table.map.is_explored(middle));
        let card = (0..g.table.rules.config.sectors.len() as u8)
            .find(|c| g.table.deck & (1u128 << c) != 0)
            .unwrap();
        let mut after = g.clone();
        after.table.deck &= !(1u128 << card);
        after
            .table
            .map
            .place(
                middle,
                Tile {
                    sector: SectorRef::Card(crate::SectorId(card)),
                    rotation: Rotation::R0,
                },
            )
            .unwrap();
        for s in Seat::all(2) {
            assert_eq!(worth(&after, s), worth(&g, s), "no holdings change");
            assert!(
                evaluate_prior(&after, s) > evaluate_prior(&g, s),
                "{s} values the card placed"
            );
            assert!(
                evaluate(&after, s) > evaluate(&g, s),
                "{s}'s leaf value counts the card placed"
            );
            assert!(greedy_value(&after, s) > greedy_value(&g, s));
        }
        // A decided game: P1 holds 20,000 orange (as many VP), so the holdings part of the
        // leaf value is flat at ±0.8 for both seats; the card still counts, by at least
        // its share of the progress: 20% of 2 over the weighted cards, slots and room.
        let rich = |mut x: Milkomeda| {
            x.table.storage[Seat::new(0)] = Resources::new(0, 20_000, 0, 0);
            x
        };
        let (g, after) = (rich(g), rich(after));
        let cards = 72.0;
        let slots: f64 = g
            .table
            .claims
            .cards()
            .iter()
            .map(|c| c.slots().count() as f64)
            .sum();
        let least = 0.2 * 2.0 / (2.0 * cards + 1.5 * slots + 2.0);
        for s in Seat::all(2) {
            assert!(
                evaluate(&after, s) - evaluate(&g, s) >= least - 1e-9,
                "{s}: {} → {}",
                evaluate(&g, s),
                evaluate(&after, s)
            );
        }
    }

    /// §8.A steps 2–3: an explore draws two cards, one more per green boosted, and the green
    /// then pays for the cards placed. The agents credit a pending draw as progress for the
    /// two cards every explore draws, not for the extra cards a boost buys (with the boost
    /// unbounded, item 56, that credit drained the greedy agent's green).
    #[test]
    fn a_boosted_draw_earns_no_more_progress_than_the_two_cards_every_explore_draws() {
        use crate::state::Draw;
        let g = game("duel");
        let with = |n: usize| {
            let mut h = g.clone();
            h.table.draws = vec![Draw::Sector; n];
            progress(&h)
        };
        assert_eq!(with(1) - with(0), 2.0, "one card: PLACED_WORTH");
        assert_eq!(with(2) - with(0), 4.0, "two cards");
        assert_eq!(with(6), with(2), "a boost's extra cards earn nothing");
    }

    /// Late in a game a seat's worth runs into the hundreds (1 VP per orange in storage), and
    /// an explore's two cards, worth 2 × `PLACED_WORTH` at the start, must keep their weight
    /// against it: the greedy value multiplies progress by the stakes, the spread of 20 plus a
    /// tenth of the seats' mean worth over 20. With 1,000 more orange at every seat (the
    /// holdings advantage unchanged) each worth is above 1,000, so the spread is above 120
    /// and the two cards are worth more than 6 × 4.
    #[test]
    fn the_greedy_value_of_progress_grows_with_the_stakes() {
        use crate::state::Draw;
        let g = first_turn();
        let cards = |g: &Milkomeda| {
            let mut h = g.clone();
            h.table.draws = vec![Draw::Sector; 2];
            let seat = Seat::all(g.num_seats()).next().unwrap();
            advantage(&h, seat) - advantage(g, seat)
        };
        let early = cards(&g);
        assert!(
            (early - 4.0).abs() < 4.0 * 0.5,
            "near 4 at the start: {early}"
        );
        let mut rich = g.clone();
        for seat in Seat::all(g.num_seats()) {
            rich.table.storage[seat] =
                rich.table.storage[seat].saturating_add(Resources::new(0, 1000, 0, 0));
        }
        let late = cards(&rich);
        assert!(late > 6.0 * 4.0, "two cards late: {late}");
    }

    /// The first position where a seat takes its turn, the setup and phase 1 played by the
    /// first legal action and chance outcome.
    fn first_turn() -> Milkomeda {
        let mut g = game("duel");
        while !matches!(g.phase, Phase::Turn(_)) {
            let mut outs = Vec::new();
            g.chance_outcomes(&mut outs);
            match g.turn() {
                Turn::Chance => g.step(Actor::Chance, outs[0].0, &mut Events::disabled()),
                Turn::Seat(s) => {
                    let a = g.legal_actions_vec(s)[0];
                    g.step(Actor::Seat(s), a, &mut Events::disabled());
                }
                t => panic!("{t:?}"),
            }
        }
        g
    }

    /// A sector card (the first of the config) at every space of `spaces`.
    fn fill(g: &mut Milkomeda, spaces: impl IntoIterator<Item = crate::rules::map::Space>) {
        use crate::rules::map::{Rotation, Tile};
        for s in spaces {
            g.table
                .map
                .place(
                    s,
                    Tile {
                        sector: SectorRef::Card(crate::SectorId(0)),
                        rotation: Rotation::R0,
                    },
                )
                .unwrap();
        }
    }

    /// The one-pass scan by cell index finds what the words of `Surroundings` say, counted
    /// here space by space, at every position of random games in every setup.
    #[test]
    fn the_surroundings_scan_counts_what_its_definition_says() {
        use crate::rules::map::Space;
        for scenario in ["duel", "three", "four"] {
            let mut g = game(scenario);
            let mut rng = Rng::seed_from_u64(11);
            let (mut checked, mut approached) = (0, 0);
            while !g.is_terminal() && checked < 600 {
                let size = g.map().size();
                for seat in Seat::all(g.num_seats()) {
                    let has_fleet = |s: Space| g.fleets_at(s, seat) > 0;
                    let frontier = g
                        .map()
                        .tiles()
                        .filter(|(s, _)| {
                            g.controller(*s) != Some(seat) && size.neighbors(*s).any(has_fleet)
                        })
                        .count();
                    let mut empty: Vec<Space> = Vec::new();
                    for (s, _) in g.map().tiles() {
                        if g.controller(s) == Some(seat) && has_fleet(s) {
                            for n in size.neighbors(s) {
                                if !g.map().is_explored(n) && !empty.contains(&n) {
                                    empty.push(n);
                                }
                            }
                        }
                    }
                    let nearest = size
                        .spaces()
                        .filter(|s| has_fleet(*s))
                        .flat_map(|f| {
                            size.spaces()
                                .filter(|e| !g.map().is_explored(*e))
                                .map(move |e| f.manhattan(e))
                        })
                        .min();
                    let room = if g.deck_left() == 0 {
                        0.0
                    } else if !empty.is_empty() {
                        empty.len().min(REACH_CAP) as f64
                    } else {
                        approached += 1;
                        let across = f64::from(size.width()) + f64::from(size.height());
                        nearest.map_or(0.0, |d| 1.0 - (f64::from(d) - 1.0) / across)
                    };
                    let got = Surroundings::of(&g, seat);
                    assert_eq!(got.frontier, frontier, "{scenario} {seat}");
                    assert_eq!(got.room, room, "{scenario} {seat}");
                }
                checked += 1;
                let actor = match g.turn() {
                    Turn::Chance => Actor::Chance,
                    Turn::Seat(s) => Actor::Seat(s),
                    t => panic!("{t:?}"),
                };
                let a = match actor {
                    Actor::Chance => {
                        let mut outs = Vec::new();
                        g.chance_outcomes(&mut outs);
                        outs[rng.index(outs.len())].0
                    }
                    Actor::Seat(s) => {
                        let legal = g.legal_actions_vec(s);
                        legal[rng.index(legal.len())]
                    }
                };
                g.step(actor, a, &mut Events::disabled());
            }
            assert!(
                approached > 0,
                "{scenario}: no position without an empty space in reach"
            );
        }
    }

    /// §8.A step 4: a card drawn is placed next to a probe's origin (or a card placed in the
    /// same explore); one with no empty space there goes back into the deck. So two cards
    /// about to be drawn are progress (2 × `PLACED_WORTH`) when the probe has an empty space
    /// next to it, and nothing once every space next to it holds a card.
    #[test]
    fn an_explore_whose_probes_have_no_empty_space_next_to_them_earns_no_progress() {
        use crate::rules::explore::Probe;
        use crate::state::Draw;
        let mut g = first_turn();
        let Phase::Turn(t) = &mut g.phase else {
            unreachable!()
        };
        // An explored sector with an empty space next to it (the probe's origin).
        let size = g.table.map.size();
        let map = &g.table.map;
        let origin = size
            .spaces()
            .find(|s| map.is_explored(*s) && size.neighbors(*s).any(|n| !map.is_explored(n)))
            .expect("room to explore at the start");
        t.stage = TurnStage::Act(Act::Explore {
            probes: vec![Probe {
                origin,
                hypergate: false,
            }],
            launched: true,
            hand: Vec::new(),
            chain: Vec::new(),
        });
        let drawing = |g: &Milkomeda| {
            let mut h = g.clone();
            h.table.draws = vec![Draw::Sector; 2];
            progress(&h) - progress(g)
        };
        assert_eq!(drawing(&g), 2.0 * 2.0, "room next to the probe");
        let around: Vec<_> = size
            .neighbors(origin)
            .filter(|n| !g.table.map.is_explored(*n))
            .collect();
        assert!(!around.is_empty());
        fill(&mut g, around);
        assert_eq!(drawing(&g), 0.0, "no empty space next to the probe");
    }

    /// Late in a game the last empty spaces lie far from every fleet. With none in reach, a
    /// seat's room to explore is `1 - d / (w + h)` (18 on the 9×9 grid), `d` the steps its
    /// nearest fleet must still
    /// move to stand next to one, so that moving towards them is worth something.
    #[test]
    fn a_fleet_nearer_the_last_empty_space_has_more_room_to_explore() {
        use crate::rules::map::Space;
        let mut g = first_turn();
        let (seat, _) = g
            .table
            .homes
            .iter()
            .find(|(_, h)| (h.col(), h.row()) == (0, 0))
            .expect("a homeworld in the corner c1r1");
        let size = g.table.map.size();
        // The corner c9r1, far from both homeworlds (c1r1 and c9r9).
        let last = Space::try_from((8u8, 0u8)).unwrap();
        assert!(!g.table.map.is_explored(last));
        let others: Vec<_> = size
            .spaces()
            .filter(|s| *s != last && !g.table.map.is_explored(*s))
            .collect();
        fill(&mut g, others);
        // Only this seat's fleets matter here: take the other seat's off the map.
        for s in size.spaces() {
            for other in Seat::all(2).filter(|o| *o != seat) {
                g.table.set_fleets(s, other, 0);
            }
        }
        let fleets_at = |g: &mut Milkomeda, at: Space| {
            for s in size.spaces() {
                g.table.set_fleets(s, seat, 0);
            }
            g.table.set_fleets(at, seat, 1);
            Surroundings::of(g, seat).room
        };
        // From c1r1 to c9r1: 8 steps, 7 of them to stand next to it.
        let far = fleets_at(&mut g, Space::try_from((0u8, 0u8)).unwrap());
        assert_eq!(far, 1.0 - 7.0 / 18.0);
        // From c6r2: 3 + 1 = 4 steps, 3 to stand next to it.
        let near = fleets_at(&mut g, Space::try_from((5u8, 1u8)).unwrap());
        assert_eq!(near, 1.0 - 3.0 / 18.0);
        assert!(
            far < near && near < 1.0,
            "in reach is worth more than any approach"
        );
        // Next to it: the one empty space in reach if the seat controls c8r1.
        let next = Space::try_from((7u8, 0u8)).unwrap();
        let i = g.table.idx(next);
        g.table.control[i] = Some(seat);
        assert_eq!(fleets_at(&mut g, next), 1.0);
    }

    #[test]
    fn the_prior_looks_past_an_opened_action_and_phase_one_counts_the_offers() {
        let mut g = game("duel");
        let mut rng = Rng::seed_from_u64(8);
        let mut greedy = GreedyAgent::new();
        let (mut checked, mut above, mut phase_one, mut deep) = (0, 0, 0, 0);
        while !g.is_terminal() && checked < 400 {
            let seat = match g.turn() {
                Turn::Seat(s) => s,
                Turn::Chance => {
                    let mut outs = Vec::new();
                    g.chance_outcomes(&mut outs);
                    let a = outs[rng.index(outs.len())].0;
                    g.step(Actor::Chance, a, &mut Events::disabled());
                    continue;
                }
                t => panic!("{t:?}"),
            };
            for s in Seat::all(2) {
                let prior = evaluate_prior(&g, s);
                match crate::bribe_value::standing_worth(&g, s) {
                    Some(_) => phase_one += 1,
                    None => {
                        let depth = prior_depth(&g, s);
                        if depth == 2 {
                            deep += 1;
                        }
                        let want = best_within(&g, s, depth);
                        assert!((prior - want).abs() < 1e-12, "{prior} {want}");
                        if s != seat {
                            // Not its turn: the prior is the leaf value.
                            assert!((prior - evaluate(&g, s)).abs() < 1e-12);
                        } else if prior > evaluate(&g, s) + 1e-9 {
                            above += 1;
                        }
                    }
                }
                checked += 1;
            }
            let a = greedy.choose(&SeatView::new(&g, seat), &mut rng);
            g.step(Actor::Seat(seat), a, &mut Events::disabled());
        }
        assert!(
            above > 10,
            "the lookahead never mattered ({above} of {checked})"
        );
        assert!(phase_one > 0, "no phase 1 position was met");
        assert!(deep > 0, "no move was opened");
    }
}
