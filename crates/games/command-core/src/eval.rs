//! A heuristic evaluation of a position, for search agents.
//!
//! The score, in structure points from the seat's point of view (the round limit is decided on
//! structure, so structure is the currency):
//!
//! - structure left, plus [`ALIVE`] per mech still standing;
//! - offence: per mech, the best expected damage of one shot it could fire from where it
//!   stands (or will stand, see below) at an enemy where that enemy stands, times [`OFFENCE`];
//!   a mech with no shot loses [`APPROACH`] per square it is out of range of the nearest enemy;
//! - an attack in progress counts at its expected damage (dice already rolled are counted as
//!   rolled);
//! - from programming until each mech has executed, the seat's own committed programs are run
//!   on the board as it stands, and each such mech counts at its end square and facing, minus
//!   the expected self-damage of a delta it cannot pay (so the value does not jump when the last
//!   program is sealed and execution begins); a sealed program that leaves slots to random
//!   cards loses [`FILL_RISK`] per such card. The program the seat is building counts as far as
//!   it goes. Other seats' sealed programs are not looked at: the value for a seat depends only
//!   on what that seat may know (so the values of the two seats need not sum to zero while
//!   programs are sealed).
//!
//! [`evaluate_drafts`], which search asks once per action of a new node (its priors), looks
//! deeper where programs are built: a program being built (one card or more) counts at its
//! *best completion* — every full program that extends it is run and the best value kept — so
//! a search that builds programs one card at a time judges a card by the best program it leads
//! to, as whole programs were judged before programs were factored (rules version 1); a slot
//! left (`leave`) counts at the random directive it will get: each completion of the other
//! slots is worth the mean over the fills of the left slots (the seat chooses its later cards
//! without knowing the fill), and the best such mean is kept; and a sealed program with empty
//! slots counts at the mean over its random fills, weighted as the fill draws them, so leaving
//! a slot is judged by what the dice will put in it, not as standing still.
//!
//! A random fill or a self-damage roll (the chance nodes of execution) is worth the mean of its
//! outcomes, each stepped and valued in turn, weighted as the game draws them (bounded by
//! [`CHANCE_BUDGET`] positions): execution goes on from there as it will, so a slot left to the
//! fill is valued after the same execution as a card sealed in it, which starts execution at
//! once when it seals the last program. Stepping runs the programs as the state holds them,
//! other seats' included — as a card that starts execution does.
//!
//! The score goes through `tanh` onto `[-1, 1]`; a finished game is worth exactly its returns.
//! Expected damages come from a small per-thread table (attack × armour × evade dice, no
//! rerolls), and the values of drafts from a per-thread memo by board (the board does not
//! change while programs are built), so most evaluations allocate nothing.

use crate::action::{Pool, Program};
use crate::config::{MAX_MECHS, MAX_POOL};
use crate::odds::{OddsQuery, expected_damage_f64};
use crate::rules::Rules;
use crate::rules::Squares;
use crate::rules::dice::DiceRules;
use crate::rules::program::{Run, delta, free_cards};
use crate::rules::surge_flux::settle;
use crate::state::{AttackStep, COMMITTED, CommandCore, EXECUTED, SEATS, Stage};
use gridwright_engine::geom::{Arc, Dir8};
use gridwright_engine::{Actor, Events, Game, Seat, SeatArray};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc as Shared;

/// Value of a mech still standing, in structure points.
const ALIVE: f64 = 2.0;
/// Weight of expected damage a mech threatens.
const OFFENCE: f64 = 0.5;
/// Penalty per square out of range, for a mech with no shot.
const APPROACH: f64 = 0.15;
/// Expected self-damage per unpaid delta point (an attack die: two of three faces hit).
const SELF_HARM: f64 = 0.67;
/// Expected cost of a slot a sealed program leaves to a random card, in structure points.
const FILL_RISK: f64 = 0.75;
/// Value of a point of Surge (rerolls, paying deltas) and of Flux.
const SURGE: f64 = 0.1;
const FLUX: f64 = 0.05;

const SIDE: usize = MAX_POOL as usize + 1;

thread_local! {
    /// Expected damage by (attack, armour, evade) dice for the last dice seen.
    static TABLE: RefCell<Option<(DiceRules, Vec<f64>)>> = const { RefCell::new(None) };
}

/// Expected damage of `attack` dice against `armour` and `evade` dice, no rerolls.
fn expected(dice: &DiceRules, attack: u8, armour: u8, evade: u8) -> f64 {
    let (a, r, e) = (
        usize::from(attack.min(MAX_POOL)),
        usize::from(armour.min(MAX_POOL)),
        usize::from(evade.min(MAX_POOL)),
    );
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.as_ref().is_none_or(|(d, _)| d != dice) {
            let mut v = vec![0.0; SIDE * SIDE * SIDE];
            for (i, x) in v.iter_mut().enumerate() {
                let q = OddsQuery {
                    attack: (i / (SIDE * SIDE)) as u8,
                    armour: (i / SIDE % SIDE) as u8,
                    evade: (i % SIDE) as u8,
                    ..OddsQuery::default()
                };
                *x = expected_damage_f64(dice, q);
            }
            *t = Some((*dice, v));
        }
        t.as_ref()
            .map_or(0.0, |(_, v)| v[(a * SIDE + r) * SIDE + e])
    })
}

/// Success chance of one die of `pool`.
fn rate(dice: &DiceRules, pool: Pool) -> f64 {
    let w = dice.weights(pool);
    let total: u32 = w.iter().sum();
    f64::from(total - w[w.len() - 1]) / f64::from(total.max(1))
}

/// The value of `game` for `seat`, in `[-1, 1]`: its returns once over, else a heuristic.
///
/// # Examples
/// ```
/// use gridwright_command_core::{CommandCore, Content, evaluate};
/// use gridwright_engine::{Game, Seat};
/// let game = CommandCore::new(&Content::builtin()?.config("duel")?)?;
/// let (a, b) = (evaluate(&game, Seat::new(0)), evaluate(&game, Seat::new(1)));
/// assert!((a + b).abs() < 1e-9 && a.abs() < 0.5); // zero-sum, and nobody is ahead yet
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(game: &CommandCore, seat: Seat) -> f64 {
    value(game, seat, false, CHANCE_BUDGET)
}

/// Like [`evaluate`], except that the program the seat is building counts at its best
/// completion (every full program that extends it is run, and the best value kept) rather
/// than as far as it goes. Costlier — a fresh board costs a walk over the mech's programs —
/// so search uses it once per node, to order and bias that node's actions, and [`evaluate`]
/// everywhere else.
///
/// # Examples
/// ```
/// use gridwright_command_core::{CommandCore, Content, evaluate_drafts};
/// use gridwright_engine::{Game, Seat};
/// let game = CommandCore::new(&Content::builtin()?.config("duel")?)?;
/// let v = evaluate_drafts(&game, Seat::new(0));
/// assert!((-1.0..=1.0).contains(&v));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate_drafts(game: &CommandCore, seat: Seat) -> f64 {
    value(game, seat, true, CHANCE_BUDGET)
}

/// How many positions at most the evaluation of one state steps into through random fills and
/// self-damage rolls (see [`chance_mean`]); past it, the heuristic values the chance node as
/// it stands.
const CHANCE_BUDGET: usize = 256;

fn value(game: &CommandCore, seat: Seat, thorough: bool, budget: usize) -> f64 {
    // A seat the game does not have is valued as the last seat.
    let me = Seat::new(seat.index().min(SEATS - 1) as u8);
    if let Stage::Over { .. } = game.stage {
        return game.returns()[me];
    }
    if let Some(v) = chance_mean(game, me, thorough, budget) {
        return v;
    }
    let n = usize::from(game.n);
    // A weapon fired, its target still to choose: the attack is worth what its best aim is
    // worth to the attacker's seat (not nothing, or firing would look like paying a delta
    // for no attack at all).
    if let Stage::ChooseTarget { attack } = game.stage {
        let (i, w) = (usize::from(attack.attacker), usize::from(attack.weapon));
        let mine = game.owner_of(i) == me;
        let best = (0..n)
            .filter(|&t| game.in_reach(i, w, t))
            .map(|t| {
                let mut after = game.clone();
                after.aim(attack, t, &mut Events::disabled());
                value(&after, me, thorough, budget)
            })
            .reduce(|a, b| if mine { a.max(b) } else { a.min(b) });
        if let Some(v) = best {
            return v;
        }
    }
    let programming = matches!(game.stage, Stage::Programming { .. });
    // The program the seat is building now counts as far as it goes, or at its best
    // completion.
    let drafting = game
        .next_to_program(me)
        .filter(|_| programming)
        .map(|i| (i, game.draft(me), game.draft_next(me)));
    let mut board = Board::default();
    // A sealed program with empty slots gets random cards when it runs: thoroughly, the first
    // such mech is valued over every fill, weighted as the fill draws; otherwise each random
    // card costs [`FILL_RISK`].
    let mut filling = None;
    for i in 0..n {
        let m = &game.mechs[i];
        board.pos[i] = m.pos;
        board.facing[i] = m.facing;
        board.structure[i] = if m.alive() {
            f64::from(m.structure)
        } else {
            0.0
        };
        board.surge[i] = m.surge;
        board.flux[i] = m.flux;
        // Only the seat's own sealed programs: the others' are unknown to it, whatever a
        // determinization drew for them (they stay where they stand, as far as it knows).
        let sealed = m.has(COMMITTED) && !m.has(EXECUTED);
        if game.owner_of(i) == me && m.alive() && sealed && drafting.is_none_or(|(d, ..)| d != i) {
            let fills = random_fills(game, i);
            if thorough && fills > 0 && filling.is_none() {
                filling = Some(i);
                continue;
            }
            board.run(game, i, &m.program);
            board.structure[i] = (board.structure[i] - FILL_RISK * f64::from(fills)).max(0.0);
        }
    }
    pending_attack(game, &mut board.structure);
    if let Some((d, draft, next)) = drafting {
        if thorough && filling.is_none() && next > 0 {
            return completions_value(game, me, d, &draft, next, &board, false);
        }
        // As far as it goes (an empty draft: the mech stands).
        if game.mechs[d].alive() {
            board.run(game, d, &draft);
        }
    }
    match filling {
        Some(e) => completions_value(game, me, e, &game.mechs[e].program, 0, &board, true),
        None => score(game, me, &board),
    }
}

/// At a random fill or a self-damage roll (the chance nodes of execution), the mean of the
/// values of its outcomes, each stepped (so execution goes on as it would: the filled program
/// runs, the next mechs reveal and run, up to the next decision or chance node, which is valued
/// the same way), weighted as the game draws them. A slot left empty is thus valued on the same
/// board as a card put in it: sealing the last program with a card starts execution at once, and
/// leaving the slot stops execution at its fill, which without this was valued with nothing run.
/// Bounded: a node is stepped into only while its outcomes fit in `budget`, which its outcomes
/// share; otherwise (and at an attack's dice, which [`pending_attack`] counts at their
/// expectation) `None`, and the heuristic values the node as it stands.
fn chance_mean(game: &CommandCore, me: Seat, thorough: bool, budget: usize) -> Option<f64> {
    if !matches!(game.stage, Stage::Fill { .. } | Stage::SelfDamage { .. }) {
        return None;
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    if outcomes.is_empty() || outcomes.len() > budget {
        return None;
    }
    let share = budget / outcomes.len();
    let (mut sum, mut weight) = (0.0, 0.0);
    for &(outcome, w) in &outcomes {
        let mut after = game.clone();
        after.step(Actor::Chance, outcome, &mut Events::disabled());
        sum += f64::from(w) * value(&after, me, thorough, share);
        weight += f64::from(w);
    }
    Some(sum / weight)
}

/// How many of mech `i`'s slots its program leaves to be filled at random: its empty slots, as
/// far as undepleted cards not in the program are left.
fn random_fills(game: &CommandCore, i: usize) -> u8 {
    let m = &game.mechs[i];
    let c = game.rules.chassis_of(i);
    let empty = usize::from(c.slots).saturating_sub(m.program.cards());
    let used = m.program.card_mask() | m.depleted_directives();
    let left = (0..c.directives.len())
        .filter(|j| used & (1 << j) == 0)
        .count();
    empty.min(left) as u8
}

/// Where each mech stands (or will stand once its program has run), its facing, its
/// structure after the expected damage of an attack in progress or an unpaid delta, and its
/// Surge and Flux.
#[derive(Clone, Copy)]
struct Board {
    pos: [u8; MAX_MECHS],
    facing: [Dir8; MAX_MECHS],
    structure: [f64; MAX_MECHS],
    surge: [u8; MAX_MECHS],
    flux: [u8; MAX_MECHS],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            pos: [0; MAX_MECHS],
            facing: [Dir8::N; MAX_MECHS],
            structure: [0.0; MAX_MECHS],
            surge: [0; MAX_MECHS],
            flux: [0; MAX_MECHS],
        }
    }
}

impl Board {
    /// Runs `program` for mech `i` on the board as it stands: its end square and facing, and
    /// the expected self-damage of a delta it cannot pay.
    fn run(&mut self, game: &CommandCore, i: usize, program: &Program) {
        let m = &game.mechs[i];
        let mut occupied = game.occupied;
        occupied.clear(m.pos);
        let run = game.rules.run(
            game.rules.chassis_of(i),
            program,
            m.pos,
            m.facing,
            &occupied,
            |_| {},
        );
        self.pos[i] = run.pos;
        self.facing[i] = run.facing;
        let paid = settle(&mut self.surge[i], &mut self.flux[i], run.delta);
        self.structure[i] = (self.structure[i] - SELF_HARM * f64::from(paid.unpaid)).max(0.0);
    }
}

thread_local! {
    /// Best-completion tables already built, by the board they were built on (see
    /// [`completions_value`]), for the rules they were built under.
    static BEST: RefCell<Memo> =
        RefCell::new((None, HashMap::default()));
}

/// The drafts memo: the rules it was built under, and each board's drafts.
type Memo = (Option<Shared<Rules>>, HashMap<BoardKey, Drafts, Fast>);

/// Boards kept before the memo starts over: a board holds at most a few thousand drafts (tens
/// of kilobytes), so the memo stays within tens of megabytes per thread.
const BEST_BOARDS: usize = 1024;

/// The value of every draft of one mech on one board met so far, by draft and the slot it is
/// to decide next.
type Drafts = HashMap<(Program, u8), f64, Fast>;

/// A fast hasher for the memo's keys (they come from the state, not from outside, so no
/// flooding to resist): multiply-rotate over the words written.
type Fast = BuildHasherDefault<Mix>;

#[derive(Default, Clone, Copy)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// Everything [`completions_value`] reads besides the rules and the draft: the seat, the mech,
/// and each mech as the board places it once the seat's own sealed programs have run (where it
/// stood before, whether it is standing, what it has depleted, and the board's square, facing,
/// Surge, Flux and structure). Programs themselves are not part of the key: different sealed
/// programs that end alike (a determinization redraws another seat's programs) share a walk.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct BoardKey {
    me: Seat,
    mech: usize,
    mean: bool,
    mechs: [MechKey; MAX_MECHS],
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
struct MechKey {
    at: u8,
    alive: bool,
    depleted: u16,
    pos: u8,
    facing: u8,
    surge: u8,
    flux: u8,
    structure: u64,
}

/// The value for `me` of the best full program that extends `draft`, mech `d`'s program so
/// far, in its empty slots from `open` on (a slot before `open` left empty stays so, here):
/// every completion is run on the board and the best kept (a draft that no card can extend any
/// more runs as it is). Empty slots are filled at random before a program runs, so a
/// seat that seals early gets no better; building one card at a time is then valued the way
/// whole programs are, and the first card is judged by what it leads to.
///
/// Memoized per thread and board: a draft's value is the best of its children's, and every
/// draft met on the way is kept, so later drafts on that board (a search builds many while the
/// board stands still) are mostly looked up.
fn completions_value(
    game: &CommandCore,
    me: Seat,
    d: usize,
    draft: &Program,
    open: usize,
    board: &Board,
    mean: bool,
) -> f64 {
    let mut mechs = [MechKey::default(); MAX_MECHS];
    for (i, k) in mechs.iter_mut().enumerate().take(usize::from(game.n)) {
        let m = &game.mechs[i];
        *k = MechKey {
            at: m.pos,
            alive: m.alive(),
            depleted: m.depleted,
            pos: board.pos[i],
            facing: board.facing[i].index() as u8,
            surge: board.surge[i],
            flux: board.flux[i],
            structure: board.structure[i].to_bits(),
        };
    }
    let key = BoardKey {
        me,
        mech: d,
        mean,
        mechs,
    };
    let drafts = BEST.with(|b| {
        let mut b = b.borrow_mut();
        if !b.0.as_ref().is_some_and(|r| Shared::ptr_eq(r, &game.rules)) {
            *b = (Some(game.rules.clone()), HashMap::default());
        }
        let r = b.1.remove(&key);
        r.unwrap_or_default()
    });
    let mut walk = Walk::new(game, me, d, board, drafts, mean, open);
    let v = walk.start(*draft);
    BEST.with(|b| {
        let mut b = b.borrow_mut();
        if b.1.len() >= BEST_BOARDS {
            b.1.clear();
        }
        b.1.insert(key, walk.drafts);
    });
    v
}

/// A walk through the drafts of mech `d` on one board, keeping each unfinished draft's best
/// value. Programs run one slot at a time as the walk goes down, so drafts sharing a beginning
/// share its run.
struct Walk<'a> {
    game: &'a CommandCore,
    me: Seat,
    d: usize,
    board: &'a Board,
    /// Average over random fills (each card equally likely, a split card then either way up)
    /// instead of keeping the best.
    mean: bool,
    /// Empty slots before this one stay empty (left so while the program is being built).
    open: usize,
    depleted: u16,
    /// The other mechs' squares.
    occupied: Squares,
    drafts: Drafts,
    /// Score by end (square, facing, Surge, Flux, structure after self-harm): many programs
    /// end the same way.
    ends: HashMap<(u8, Dir8, u8, u8, u64), f64, Fast>,
}

impl<'a> Walk<'a> {
    fn new(
        game: &'a CommandCore,
        me: Seat,
        d: usize,
        board: &'a Board,
        drafts: Drafts,
        mean: bool,
        open: usize,
    ) -> Self {
        let mut occupied = game.occupied;
        occupied.clear(game.mechs[d].pos);
        Walk {
            game,
            me,
            d,
            board,
            mean,
            open,
            depleted: game.mechs[d].depleted_directives(),
            occupied,
            drafts,
            ends: HashMap::default(),
        }
    }

    /// The best value of the programs extending `draft`.
    fn start(&mut self, draft: Program) -> f64 {
        let m = &self.game.mechs[self.d];
        self.value(draft, Run::start(m.pos, m.facing), 0)
    }

    /// The best value of the programs extending `draft`, whose slots before `at` ran as `run`:
    /// the cards already in place run in turn, up to the first empty slot to decide.
    fn value(&mut self, draft: Program, mut run: Run, mut at: usize) -> f64 {
        let game = self.game;
        let c = game.rules.chassis_of(self.d);
        let slots = usize::from(c.slots);
        let free = |p: &Program| {
            free_cards(c, p.card_mask() | self.depleted)
                .next()
                .is_some()
        };
        while at < slots {
            match draft.0[at].index() {
                Some(card) => {
                    let half = draft.0[at].half();
                    game.rules
                        .run_slot(c, at, card, half, &self.occupied, &mut run, &mut |_| {});
                }
                None if at >= self.open && free(&draft) => break,
                None => {}
            }
            at += 1;
        }
        if at < slots {
            let key = (draft, at as u8);
            if let Some(&v) = self.drafts.get(&key) {
                return v;
            }
            let (mut best, mut sum, mut weight) = (f64::NEG_INFINITY, 0.0, 0.0);
            for (card, flipped) in free_cards(c, draft.card_mask() | self.depleted) {
                let next = draft.with_slot(at, card, flipped);
                let v = self.value(next, run, at);
                best = best.max(v);
                // A random fill draws the card, then a split card's way up.
                let w = if c.directives[usize::from(card)].split {
                    0.5
                } else {
                    1.0
                };
                sum += w * v;
                weight += w;
            }
            if weight > 0.0 {
                let v = if self.mean { sum / weight } else { best };
                self.drafts.insert(key, v);
                return v;
            }
        }
        // A full program, or one no card is left to extend. Slots left empty on purpose (before
        // `open`) get random cards when it runs: it is worth the mean over those fills.
        if self.left_to_fill(&draft).is_some() {
            return self.fill_mean(draft);
        }
        self.end_value(&draft, &run)
    }

    /// The first slot of `draft` left empty that a random card would fill when it runs (some
    /// undepleted card is not in it), if any.
    fn left_to_fill(&self, draft: &Program) -> Option<usize> {
        let c = self.game.rules.chassis_of(self.d);
        free_cards(c, draft.card_mask() | self.depleted).next()?;
        (0..usize::from(c.slots)).find(|&j| draft.0[j].is_empty())
    }

    /// The value of the decided program `draft` once its empty slots are filled as the fill
    /// draws (the first empty slot first, each unused card equally likely, a split card then
    /// either way up), weighted by how likely each fill is.
    fn fill_mean(&mut self, draft: Program) -> f64 {
        let game = self.game;
        let c = game.rules.chassis_of(self.d);
        let Some(j) = self.left_to_fill(&draft) else {
            let m = &game.mechs[self.d];
            let run = game
                .rules
                .run(c, &draft, m.pos, m.facing, &self.occupied, |_| {});
            return self.end_value(&draft, &run);
        };
        let (mut sum, mut weight) = (0.0, 0.0);
        for (card, flipped) in free_cards(c, draft.card_mask() | self.depleted) {
            let w = if c.directives[usize::from(card)].split {
                0.5
            } else {
                1.0
            };
            sum += w * self.fill_mean(draft.with_slot(j, card, flipped));
            weight += w;
        }
        sum / weight
    }

    /// The value of the full program `draft` that ran as `run`.
    fn end_value(&mut self, draft: &Program, run: &Run) -> f64 {
        let c = self.game.rules.chassis_of(self.d);
        let d = self.d;
        let mut b = *self.board;
        b.pos[d] = run.pos;
        b.facing[d] = run.facing;
        let paid = settle(
            &mut b.surge[d],
            &mut b.flux[d],
            delta(c, draft, &run.status),
        );
        b.structure[d] = (b.structure[d] - SELF_HARM * f64::from(paid.unpaid)).max(0.0);
        let end = (
            b.pos[d],
            b.facing[d],
            b.surge[d],
            b.flux[d],
            b.structure[d].to_bits(),
        );
        let (game, me) = (self.game, self.me);
        *self.ends.entry(end).or_insert_with(|| score(game, me, &b))
    }
}

/// The heuristic value for `me` of the mechs as `board` places them, in `[-1, 1]`.
fn score(game: &CommandCore, me: Seat, board: &Board) -> f64 {
    let r = &game.rules;
    let n = usize::from(game.n);
    let Board {
        pos,
        facing,
        structure,
        surge,
        flux,
    } = board;
    let mut total = SeatArray::<f64, SEATS>::default();
    let mut start = SeatArray::<f64, SEATS>::default();
    for i in 0..n {
        let side = game.owner_of(i);
        let c = r.chassis_of(i);
        start[side] += f64::from(c.structure) + ALIVE;
        if structure[i] <= 0.0 || !game.mechs[i].alive() {
            continue;
        }
        let mut s = structure[i] + ALIVE * (structure[i] / f64::from(c.structure)).min(1.0).sqrt();
        s += SURGE * f64::from(surge[i]) + FLUX * f64::from(flux[i]);
        // Offence from here.
        let mut best = 0.0f64;
        let mut nearest = u8::MAX;
        let mut reach = 0u8;
        for (w, wpn) in c.weapons.iter().enumerate() {
            if game.mechs[i].depleted & (1 << w) != 0 {
                continue;
            }
            reach = reach.max(wpn.max_range);
            for t in 0..n {
                if game.owner_of(t) == game.owner_of(i)
                    || structure[t] <= 0.0
                    || !game.mechs[t].alive()
                {
                    continue;
                }
                let d = r.distance(pos[i], pos[t]);
                nearest = nearest.min(d);
                if d < wpn.min_range || d > wpn.max_range {
                    continue;
                }
                if !r
                    .arc(pos[i], facing[i], pos[t])
                    .is_some_and(|a| wpn.allows(a))
                {
                    continue;
                }
                let arc = r.arc(pos[t], facing[t], pos[i]).unwrap_or(Arc::Front);
                let tc = r.chassis_of(t);
                let dmg = expected(&r.dice, wpn.attack, tc.armour[arc as usize], tc.evasion)
                    .min(structure[t]);
                best = best.max(dmg);
            }
        }
        if best > 0.0 {
            s += OFFENCE * best;
        } else if nearest != u8::MAX {
            s -= APPROACH * f64::from(nearest.saturating_sub(reach));
        }
        total[side] += s;
    }
    let scale = 0.4 * start.as_slice().iter().sum::<f64>() / SEATS as f64;
    ((total[me] - total[me.next(SEATS)]) / scale.max(1.0)).tanh()
}

/// Takes the expected damage of an attack in progress off the target's structure.
fn pending_attack(game: &CommandCore, structure: &mut [f64; MAX_MECHS]) {
    let Stage::Attack { attack: a, step } = game.stage else {
        return;
    };
    let r = &game.rules;
    let (t, i) = (usize::from(a.target), usize::from(a.attacker));
    let tc = r.chassis_of(t);
    let attack_dice = || r.chassis_of(i).weapons[usize::from(a.weapon)].attack;
    let successes = |pool: Pool| {
        f64::from(
            a.total(pool, 0)
                + if pool == Pool::Attack {
                    a.total(pool, 1)
                } else {
                    0
                },
        )
    };
    let damage = match step {
        AttackStep::Roll => expected(
            &r.dice,
            attack_dice(),
            tc.armour[a.arc as usize],
            tc.evasion,
        ),
        AttackStep::Reroll
        | AttackStep::ArmourRoll
        | AttackStep::EvadeRoll
        | AttackStep::DefenceReroll
        | AttackStep::RerollDie { .. } => {
            // Dice rolled count as rolled; pools not rolled yet at their expectation.
            // The die being rerolled counts at its chance of success.
            let pending = |pool: Pool| match step {
                AttackStep::RerollDie { pool: p, .. } if p == pool => rate(&r.dice, pool),
                _ => 0.0,
            };
            let attack = successes(Pool::Attack) + pending(Pool::Attack);
            let armour = if matches!(step, AttackStep::Reroll | AttackStep::ArmourRoll) {
                f64::from(tc.armour[a.arc as usize]) * rate(&r.dice, Pool::Armour)
            } else {
                successes(Pool::Armour) + pending(Pool::Armour)
            };
            let evade = if matches!(
                step,
                AttackStep::Reroll | AttackStep::ArmourRoll | AttackStep::EvadeRoll
            ) {
                f64::from(tc.evasion) * rate(&r.dice, Pool::Evade)
            } else {
                successes(Pool::Evade) + pending(Pool::Evade)
            };
            (attack - armour - evade).max(0.0)
        }
    };
    structure[t] = (structure[t] - damage).max(0.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Content;

    #[test]
    fn evaluation_is_zero_sum_bounded_and_likes_structure() {
        let mut g = CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
        for i in 0..usize::from(g.n) {
            g.mechs[i].flags |= crate::state::PLACED;
        }
        let even = evaluate(&g, Seat::new(0));
        assert!((even + evaluate(&g, Seat::new(1))).abs() < 1e-9);
        let hurt = (0..usize::from(g.n))
            .find(|&i| g.owner_of(i) == Seat::new(1))
            .unwrap();
        g.mechs[hurt].structure = 1;
        let ahead = evaluate(&g, Seat::new(0));
        assert!(ahead > even && ahead < 1.0, "{even} {ahead}");
    }

    /// A seat's sealed program still counts once execution has begun, until that mech has run:
    /// the value does not jump when the last program is sealed.
    #[test]
    fn own_programs_count_until_their_mech_executes() {
        use crate::action::Program;
        use gridwright_engine::Rng;
        let mut g = CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
        let mut rng = Rng::seed_from_u64(7);
        let mut out = Vec::new();
        // Random play to the first execution step where a mech of P1 has a sealed program it
        // has not run yet (not at a fill or self-damage roll: the evaluation steps those, so the
        // programs run there as the state holds them, as after a card that starts execution).
        let waiting = |g: &CommandCore| {
            if matches!(
                g.stage,
                Stage::Programming { .. } | Stage::Fill { .. } | Stage::SelfDamage { .. }
            ) {
                return None;
            }
            (0..usize::from(g.n)).find(|&i| {
                let m = &g.mechs[i];
                g.owner_of(i) == Seat::new(0) && m.alive() && m.has(COMMITTED) && !m.has(EXECUTED)
            })
        };
        let i = loop {
            if let Some(i) = waiting(&g) {
                break i;
            }
            // Cards only at a sealed choice (no early seal), so the program moves the mech.
            random_step(&mut g, &mut rng, &mut out, |g, set, _| {
                let s = set.iter().next().unwrap();
                (s, g.legal_actions_vec(s)[0])
            });
        };
        let with = evaluate(&g, Seat::new(0));
        let mut still = g.clone();
        still.mechs[i].program = Program::EMPTY;
        assert_ne!(with, evaluate(&still, Seat::new(0)));
        // The other seat cannot see that program: its value does not change.
        assert_eq!(evaluate(&g, Seat::new(1)), evaluate(&still, Seat::new(1)));
    }

    /// `fire N weapon` pays the delta and `aim at T` chooses the target: a state between the
    /// two is worth, to either seat, what the attacker's best aim makes it worth (before the
    /// fix the attack counted for nothing there, so search saw firing as a delta paid for no
    /// attack and held fire; mcts fell to 30% against greedy).
    #[test]
    fn a_fired_weapon_is_worth_its_best_aim() {
        use gridwright_engine::{Actor, Events, Rng, Turn};
        let mut checked = 0;
        for seed in 0..40 {
            let mut g =
                CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
            let mut rng = Rng::seed_from_u64(seed);
            let mut out = Vec::new();
            while !matches!(g.turn(), Turn::Terminal) {
                if let Stage::ChooseTarget { attack } = g.stage {
                    let attacker = g.owner_of(usize::from(attack.attacker));
                    for seat in [Seat::new(0), Seat::new(1)] {
                        let afters: Vec<f64> = g
                            .legal_actions_vec(attacker)
                            .into_iter()
                            .map(|aim| {
                                let mut after = g.clone();
                                after.step(Actor::Seat(attacker), aim, &mut Events::disabled());
                                evaluate(&after, seat)
                            })
                            .collect();
                        let best = if seat == attacker {
                            afters.iter().copied().fold(f64::MIN, f64::max)
                        } else {
                            afters.iter().copied().fold(f64::MAX, f64::min)
                        };
                        assert!(!afters.is_empty());
                        assert_eq!(evaluate(&g, seat), best, "seed {seed}");
                        assert_eq!(evaluate_drafts(&g, seat), best, "seed {seed}");
                    }
                    checked += 1;
                }
                random_step(&mut g, &mut rng, &mut out, |g, set, rng| {
                    let s = set.iter().next().unwrap();
                    let l = g.legal_actions_vec(s);
                    (s, l[rng.index(l.len())])
                });
            }
        }
        assert!(checked > 0, "no random game reached an aim");
    }

    /// A `duel` played by random moves (seed `seed`) up to its first programming step.
    fn duel_at_programming(seed: u64) -> CommandCore {
        use gridwright_engine::Rng;
        let mut g = CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        let mut out = Vec::new();
        while !matches!(g.stage, Stage::Programming { .. }) {
            random_step(&mut g, &mut rng, &mut out, |g, set, rng| {
                let s = set.iter().next().unwrap();
                let l = g.legal_actions_vec(s);
                (s, l[rng.index(l.len())])
            });
        }
        g
    }

    #[test]
    fn a_draft_is_worth_its_best_completion() {
        use gridwright_engine::{Actor, Events, Turn};
        let mut g = duel_at_programming(9);
        let me = Seat::new(0);
        assert!(matches!(g.turn(), Turn::Simultaneous(set) if set.contains(me)));
        let child = |g: &CommandCore, a| {
            let mut next = g.clone();
            next.step(Actor::Seat(me), a, &mut Events::disabled());
            next
        };
        // An empty draft: the mech stands, as the cheap evaluation has it.
        assert_eq!(evaluate_drafts(&g, me), evaluate(&g, me));
        let first = g.legal_actions_vec(me)[0];
        g = child(&g, first);
        // Slot by slot: each draft is worth the best of the drafts one card longer, down to
        // full programs, so choosing a card one slot at a time is judged like a whole program.
        let slots = usize::from(g.rules.chassis_of(0).slots);
        for _ in 1..slots - 1 {
            let value = evaluate_drafts(&g, me);
            let (best, next) = g
                .legal_actions_vec(me)
                .into_iter()
                .filter(|a| !matches!(a, crate::Action::Leave { .. }))
                .map(|a| {
                    let next = child(&g, a);
                    (evaluate_drafts(&next, me), next)
                })
                .max_by(|x, y| x.0.total_cmp(&y.0))
                .unwrap();
            assert_eq!(value, best);
            assert!(value >= evaluate(&g, me) - 1.0, "a value, not garbage");
            g = next;
        }
    }

    #[test]
    fn a_short_sealed_program_is_worth_its_random_fills() {
        use crate::config::MAX_WEAPONS;
        use crate::rules::program::free_cards;
        use gridwright_engine::{Actor, Events};
        let mut g = duel_at_programming(9);
        let me = Seat::new(0);
        let i = g.next_to_program(me).unwrap();
        let c = g.rules.chassis_of(i).clone();
        // All but the last slot, which is left empty: it will be filled at random.
        for _ in 0..usize::from(c.slots) - 1 {
            let a = g.legal_actions_vec(me)[0];
            g.step(Actor::Seat(me), a, &mut Events::disabled());
        }
        g.step(
            Actor::Seat(me),
            crate::Action::Leave {
                mech: CommandCore::mech_id(i),
            },
            &mut Events::disabled(),
        );
        assert_eq!(random_fills(&g, i), 1);
        // Each card equally likely, a split card then either way up: the value is the
        // weighted mean of the values with each fill sealed in its place (which then has no
        // random card left to count).
        let program = g.mechs[i].program;
        let used = program.card_mask() | g.mechs[i].depleted_directives();
        let (mut sum, mut weight) = (0.0, 0.0);
        for (card, flipped) in free_cards(&c, used) {
            let mut filled = g.clone();
            filled.mechs[i].program = program.with_slot(program.cards(), card, flipped);
            assert_eq!(random_fills(&filled, i), 0);
            let w = if c.directives[usize::from(card)].split {
                0.5
            } else {
                1.0
            };
            sum += w * evaluate_drafts(&filled, me);
            weight += w;
        }
        let expected = sum / weight;
        assert!((evaluate_drafts(&g, me) - expected).abs() < 1e-12);
        // The cheap evaluation charges the random card a fixed risk instead: the same program
        // with no card left to fill it (every other directive depleted) is worth more.
        let mut nothing_left = g.clone();
        nothing_left.mechs[i].depleted |= (!used & ((1 << c.directives.len()) - 1)) << MAX_WEAPONS;
        assert_eq!(random_fills(&nothing_left, i), 0);
        assert!(evaluate(&g, me) < evaluate(&nothing_left, me));
    }

    /// `leave N` leaves the slot to a random directive (seed: a random directive in a random
    /// orientation goes into each unfilled slot), so its prior is the best the seat can do with
    /// the other slots while not knowing which card the slot will get: for each way of filling
    /// the other slots, the mean over the cards the fill may draw, weighted as it draws them
    /// (each unused card alike, a split card then either way up); the best such mean. Before,
    /// the slot counted as standing still.
    #[test]
    fn leaving_a_slot_is_worth_the_random_directive_it_will_get() {
        use crate::action::SlotCard;
        use gridwright_engine::{Actor, Events};
        let me = Seat::new(0);
        let play = |g: &CommandCore, a| {
            let mut next = g.clone();
            next.step(Actor::Seat(me), a, &mut Events::disabled());
            next
        };
        let cards = |g: &CommandCore| -> Vec<crate::Action> {
            g.legal_actions_vec(me)
                .into_iter()
                .filter(|a| matches!(a, crate::Action::Program { .. }))
                .collect()
        };
        let mut checked = 0;
        for seed in [9, 11] {
            let start = duel_at_programming(seed);
            let i = start.next_to_program(me).unwrap();
            let c = start.rules.chassis_of(i).clone();
            let mech = CommandCore::mech_id(i);
            for left in [0, 1] {
                // The seat puts the first card in place (if slot 1 is the one left), then
                // leaves the slot.
                let mut before = start.clone();
                if left == 1 {
                    before = play(&before, cards(&before)[0]);
                }
                let after_leave = play(&before, crate::Action::Leave { mech });
                // Every way to fill the later slots with cards: the sequences of cards
                // played until the program seals.
                let mut later: Vec<Vec<crate::Action>> = Vec::new();
                let mut stack = vec![(after_leave.clone(), Vec::new())];
                while let Some((g, seq)) = stack.pop() {
                    if g.next_to_program(me) != Some(i) {
                        later.push(seq);
                        continue;
                    }
                    for a in cards(&g) {
                        let mut longer = seq.clone();
                        longer.push(a);
                        stack.push((play(&g, a), longer));
                    }
                }
                assert!(later.len() > 10);
                let mut best = f64::NEG_INFINITY;
                for seq in &later {
                    let in_program: Vec<u8> = seq
                        .iter()
                        .filter_map(|a| match a {
                            crate::Action::Program { card, .. } => Some(card.card),
                            _ => None,
                        })
                        .collect();
                    let (mut sum, mut weight) = (0.0, 0.0);
                    // The fill: a card in the left slot, then the same later cards.
                    for fill in cards(&before) {
                        let crate::Action::Program {
                            card: SlotCard { card, .. },
                            ..
                        } = fill
                        else {
                            continue;
                        };
                        if in_program.contains(&card) {
                            continue;
                        }
                        let mut g = play(&before, fill);
                        for &a in seq {
                            g = play(&g, a);
                        }
                        assert_ne!(g.next_to_program(me), Some(i), "sealed");
                        let w = if c.directives[usize::from(card)].split {
                            0.5
                        } else {
                            1.0
                        };
                        sum += w * evaluate(&g, me);
                        weight += w;
                    }
                    best = best.max(sum / weight);
                }
                let prior = evaluate_drafts(&after_leave, me);
                assert!(
                    (prior - best).abs() < 1e-9,
                    "seed {seed}, slot {left}: prior {prior}, expected {best}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 4);
    }

    /// `leave` on the last slot of the last program to seal starts execution, which stops at
    /// that slot's fill (seed, "Execution": a random directive in a random orientation goes into
    /// each unfilled slot); a card there starts execution too and runs on. Both are valued on the
    /// same board: the left slot is worth the mean, weighted as the fill draws (each unused card
    /// alike, a split card then either way up), of the positions each fill steps to, and each
    /// such position is worth what sealing the same card in that slot is worth. Before, the
    /// fill was valued where it stood, nothing run, so leaving looked worse than every card.
    #[test]
    fn a_left_slot_is_valued_at_the_average_of_its_fills_on_the_same_board_as_a_card() {
        use gridwright_engine::{Actor, Events};
        let play = |g: &CommandCore, s: u8, a| {
            let mut next = g.clone();
            next.step(Actor::Seat(Seat::new(s)), a, &mut Events::disabled());
            next
        };
        // The weighted mean over the outcomes of every fill and self-damage roll, stepped until
        // a decision or another chance node (a crit's reveal, an attack's dice), valued there.
        fn expectation(g: &CommandCore, s: Seat, eval: fn(&CommandCore, Seat) -> f64) -> f64 {
            if !matches!(g.stage, Stage::Fill { .. } | Stage::SelfDamage { .. }) {
                return eval(g, s);
            }
            let mut out = Vec::new();
            g.chance_outcomes(&mut out);
            let (mut sum, mut weight) = (0.0, 0.0);
            for (a, w) in out {
                let mut after = g.clone();
                after.step(Actor::Chance, a, &mut Events::disabled());
                sum += f64::from(w) * expectation(&after, s, eval);
                weight += f64::from(w);
            }
            sum / weight
        }
        // How many positions that mean is taken over.
        fn leaves(g: &CommandCore) -> usize {
            if !matches!(g.stage, Stage::Fill { .. } | Stage::SelfDamage { .. }) {
                return 1;
            }
            let mut out = Vec::new();
            g.chance_outcomes(&mut out);
            out.iter()
                .map(|&(a, _)| {
                    let mut after = g.clone();
                    after.step(Actor::Chance, a, &mut Events::disabled());
                    leaves(&after)
                })
                .sum()
        }
        let first_card = |g: &CommandCore, s: u8| {
            g.legal_actions_vec(Seat::new(s))
                .into_iter()
                .find(|a| matches!(a, crate::Action::Program { .. }))
        };
        let mut checked = 0;
        for seed in 0..30 {
            let mut g = duel_at_programming(seed);
            // P1 seals every program with cards.
            while let Some(a) = first_card(&g, 0) {
                g = play(&g, 0, a);
            }
            // P2 puts cards in until one decision is left: its last program's last slot.
            let Some(mut a) = first_card(&g, 1) else {
                continue;
            };
            while matches!(play(&g, 1, a).stage, Stage::Programming { .. }) {
                g = play(&g, 1, a);
                a = first_card(&g, 1).unwrap();
            }
            let i = g.next_to_program(Seat::new(1)).unwrap();
            let mech = CommandCore::mech_id(i);
            let left = play(&g, 1, crate::Action::Leave { mech });
            if !matches!(left.stage, Stage::Fill { mech: m, .. } if m == mech) {
                continue;
            }
            // Within the evaluation's bound (beyond it, deeper rolls count at the heuristic).
            if leaves(&left) > CHANCE_BUDGET / 2 {
                continue;
            }
            let mut outcomes = Vec::new();
            left.chance_outcomes(&mut outcomes);
            assert!(outcomes.len() > 1);
            for s in [Seat::new(0), Seat::new(1)] {
                for eval in [evaluate, evaluate_drafts] {
                    let (mut sum, mut weight) = (0.0, 0.0);
                    for &(fill, w) in &outcomes {
                        let mut after = left.clone();
                        after.step(Actor::Chance, fill, &mut Events::disabled());
                        let crate::Action::Fill { card, .. } = fill else {
                            panic!("a fill's outcome is a card");
                        };
                        let v = expectation(&after, s, eval);
                        // The same card sealed in the slot: the same board, the same value.
                        let sealed = play(&g, 1, crate::Action::Program { mech, card });
                        assert!((v - expectation(&sealed, s, eval)).abs() < 1e-12);
                        sum += f64::from(w) * v;
                        weight += f64::from(w);
                    }
                    let (v, mean) = (eval(&left, s), sum / weight);
                    assert!(
                        (v - mean).abs() < 1e-12,
                        "seed {seed}, {s:?}: left {v}, mean of fills {mean}"
                    );
                }
            }
            checked += 1;
        }
        assert!(checked >= 3, "only {checked} positions checked");
    }

    #[test]
    fn a_seat_value_ignores_the_others_sealed_programs() {
        use gridwright_engine::Rng;
        let mut g = CommandCore::new(&Content::builtin().unwrap().config("duel").unwrap()).unwrap();
        let mut rng = Rng::seed_from_u64(4);
        let mut out = Vec::new();
        // Random play until P1 has sealed a program.
        while !(0..usize::from(g.n))
            .any(|i| g.owner_of(i) == Seat::new(0) && g.mechs[i].has(COMMITTED))
        {
            random_step(&mut g, &mut rng, &mut out, |g, _, rng| {
                let s = Seat::new(0);
                let l = g.legal_actions_vec(s);
                (s, l[rng.index(l.len())])
            });
        }
        let i = (0..usize::from(g.n))
            .find(|&i| g.mechs[i].has(COMMITTED))
            .unwrap();
        let other = g.resample(Seat::new(1), &mut rng);
        assert_ne!(other.mechs[i].program, g.mechs[i].program);
        assert_eq!(evaluate(&g, Seat::new(1)), evaluate(&other, Seat::new(1)));
    }

    /// One random step of a test game: a random chance outcome or seat action, and at a sealed
    /// simultaneous choice whatever `sealed` picks.
    fn random_step(
        g: &mut CommandCore,
        rng: &mut gridwright_engine::Rng,
        out: &mut Vec<(crate::Action, u32)>,
        sealed: impl FnOnce(
            &CommandCore,
            gridwright_engine::SeatSet,
            &mut gridwright_engine::Rng,
        ) -> (Seat, crate::Action),
    ) {
        use gridwright_engine::{Actor, Events, Turn};
        match g.turn() {
            Turn::Chance => {
                out.clear();
                g.chance_outcomes(out);
                let k = rng.weighted_index(out.iter().map(|(_, w)| *w));
                g.step(Actor::Chance, out[k].0, &mut Events::disabled());
            }
            Turn::Seat(s) => {
                let l = g.legal_actions_vec(s);
                g.step(
                    Actor::Seat(s),
                    l[rng.index(l.len())],
                    &mut Events::disabled(),
                );
            }
            Turn::Simultaneous(set) => {
                let (s, a) = sealed(g, set, rng);
                g.step(Actor::Seat(s), a, &mut Events::disabled());
            }
            Turn::Terminal => panic!("the game ended before the test's position"),
        }
    }
}
