//! A greedy agent: it scores each legal action with a one-step heuristic and plays the best
//! (ties broken at random). It reads a state only through [`SeatView::determinize`] (the
//! opponent's hand and deck redrawn at random) and uses only its own hand and the board.
//!
//! Its choices: keep the opening hand; place the Commander in the back row near the centre;
//! deploy Resources first (where they link to a card), then the strongest affordable Unit or
//! Module; move a card only when the move brings an enemy into its box; attack the target with
//! the best expected damage (a kill or the Commander first); play damage Actions on the best
//! target, Counter an enemy Action in a response window, and otherwise pass.

use crate::action::{Action, Aim, CardId};
use crate::card::Kind;
use crate::effect::{Effect, Target};
use crate::grid::Tile;
use crate::odds::attack_odds;
use crate::rules::links::Face;
use crate::rules::links::linked_to;
use crate::state::Starcore;
use crate::{Row, Stat};
use gridwright_engine::{Agent, Game, Rng, Seat, SeatView, pick_best};

/// The greedy agent.
#[derive(Debug, Default, Clone)]
pub struct GreedyAgent;

impl GreedyAgent {
    /// A new greedy agent.
    pub fn new() -> Self {
        GreedyAgent
    }
}

fn is_commander(g: &Starcore, t: Tile) -> bool {
    g.board
        .get(t)
        .is_some_and(|p| g.rules.deck(p.owner).commander == p.card)
}

/// The score of `action` for `seat` in `g` (higher is better; `pass` is 0).
pub(crate) fn score(g: &Starcore, seat: Seat, action: Action) -> f64 {
    match action {
        Action::Pass | Action::Mulligan => 0.0,
        Action::Keep => 1.0,
        Action::PlaceCommander(t) => {
            let centre = (f64::from(t.lane().number()) - 4.5).abs();
            (if t.row() == Row::C { 10.0 } else { 0.0 }) - centre
        }
        Action::Move { from, to } => {
            let before = g.attack_targets(from).len();
            let mut h = g.clone();
            h.board.relocate(from, to);
            h.mounts.refresh(h.board.links());
            let after = h.attack_targets(to).len();
            if after > before && !is_commander(g, from) {
                2.0 + after as f64
            } else {
                -1.0
            }
        }
        Action::Deploy { card, tile, host } => deploy_score(g, seat, card, tile, host),
        Action::Attack { from, target } => {
            let def = g.stat(target, Stat::Def);
            let dmg = g.attack_damage(from, target);
            let pierce = g.has(from, |k| *k == crate::Keyword::Pierce);
            let o = attack_odds(dmg, def, g.shield_at(target), pierce);
            let hp = f64::from(g.hp(target));
            let kill: f64 = o
                .distribution
                .iter()
                .filter(|(v, _)| f64::from(*v) >= hp)
                .map(|(_, p)| p)
                .sum();
            let commander = if is_commander(g, target) { 3.0 } else { 0.0 };
            100.0 + o.expected * (2.0 + commander) + kill * 10.0
        }
        Action::Play { card, aim } => play_score(g, seat, card, aim),
        Action::Activate { .. } => {
            // Worth what it changes on the board: HP the opponent loses and HP this seat gains.
            let hp = |h: &Starcore, side: Seat| -> f64 {
                h.board
                    .iter()
                    .filter(|(_, p)| p.owner == side)
                    .map(|(t, _)| f64::from(h.hp(t)))
                    .sum()
            };
            let mut h = g.clone();
            h.step(
                gridwright_engine::Actor::Seat(seat),
                action,
                &mut gridwright_engine::Events::disabled(),
            );
            let other = seat.next(2);
            let gain = (hp(&h, seat) - hp(g, seat)) + (hp(g, other) - hp(&h, other));
            if gain > 0.0 { 20.0 + 5.0 * gain } else { -1.0 }
        }
        Action::FirstPlayer(_) | Action::Draw(..) | Action::Roll(..) => 0.0,
    }
}

/// Deploying `card` on `tile`: Resources first (more where they link), then Units by their
/// stats and row, then Modules (more when they serve a Unit with an attack).
fn deploy_score(g: &Starcore, seat: Seat, card: CardId, tile: Tile, host: Option<Face>) -> f64 {
    let c = g.rules.card(card);
    let mut h = g.clone();
    h.put_on_board(seat, card, tile);
    let links = linked_to(h.board.links(), tile).len() as f64;
    match c.kind() {
        Kind::Resource(_) => 60.0 + f64::from(c.output().total() as u16) * 3.0 + 4.0 * links,
        Kind::Unit { .. } => {
            let s = c.stats();
            let row = match tile.row() {
                Row::A => 2.0,
                Row::B => 3.0,
                Row::C => 0.0,
            };
            30.0 + f64::from(s.dmg) * 3.0
                + f64::from(s.hp)
                + 2.0 * links
                + row
                + f64::from(c.output().total() as u16) * 3.0
        }
        Kind::Module { .. } => {
            let host_is_unit = host
                .and_then(|f| tile.step(seat, f.step()))
                .and_then(|t| g.board.get(t))
                .is_some_and(|p| g.rules.card(p.card).attack().is_some());
            20.0 + if host_is_unit { 8.0 } else { 0.0 }
        }
        _ => -1.0,
    }
}

/// Playing the Action `card` at `aim`: what each of its effects does there, less when it is
/// played in the Build step.
fn play_score(g: &Starcore, seat: Seat, card: CardId, aim: Aim) -> f64 {
    let c = g.rules.card(card);
    let mut value = 0.0;
    for a in c.abilities() {
        for e in &a.effects {
            value += match (*e, a.target, aim) {
                (Effect::Counter, _, Aim::Frame(_)) => 90.0,
                (Effect::Damage(n), _, Aim::Tile(t)) => {
                    let kill = if g.hp(t) <= n { 15.0 } else { 0.0 };
                    let cmd = if is_commander(g, t) { 10.0 } else { 0.0 };
                    40.0 + f64::from(n) * 3.0 + kill + cmd
                }
                (Effect::Damage(n), Target::Area { .. }, _) => 40.0 + f64::from(n) * 3.0,
                (Effect::Destroy, _, Aim::Tile(_)) => 70.0,
                (Effect::Heal(n), _, Aim::Tile(t)) => {
                    let missing = g.stat(t, Stat::Hp).saturating_sub(g.hp(t));
                    if missing >= n { 30.0 } else { -5.0 }
                }
                (Effect::Shield(_), _, Aim::Tile(t)) if is_commander(g, t) => 10.0,
                (Effect::Draw(_) | Effect::Gain { .. }, _, _) => 25.0,
                (Effect::Salvage, _, _) => {
                    if g.players[seat].scrap.is_empty() {
                        -5.0
                    } else {
                        25.0
                    }
                }
                (Effect::Modify { .. }, _, _) => 2.0,
                _ => -5.0,
            };
        }
    }
    // Damage Actions wait for the Combat step, where units have struck first; the pool is
    // better spent on the board in Build.
    value
        - if matches!(
            g.phase(),
            crate::PhaseView::Turn {
                step: crate::TurnStep::Build,
                ..
            }
        ) {
            20.0
        } else {
            0.0
        }
}

impl Starcore {
    /// A heuristic value of the position for `seat`, in `[-1, 1]`, from public information
    /// only: the Commanders' HP (weight 0.6) and the cards on the board, each worth its HP
    /// plus twice its DMG (weight 0.4, squashed by `tanh`). MCTS uses it to cut playouts short.
    pub fn evaluate(&self, seat: Seat) -> f64 {
        if let crate::PhaseView::Over { winner, .. } = self.phase() {
            return match winner {
                Some(w) if w == seat => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
        }
        let other = seat.next(2);
        let hp = self.commander_hp();
        let commanders = (f64::from(hp[seat]) - f64::from(hp[other])) / 30.0;
        let mut material = 0.0;
        for (t, p) in self.board.iter() {
            if self.rules.deck(p.owner).commander == p.card {
                continue;
            }
            let worth = f64::from(self.hp(t)) + 2.0 * f64::from(self.stat(t, Stat::Dmg));
            material += if p.owner == seat { worth } else { -worth };
        }
        (0.6 * commanders + 0.4 * (material / 30.0).tanh()).clamp(-1.0, 1.0)
    }
}

impl Agent<Starcore> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, view: &SeatView<'_, Starcore>, rng: &mut Rng) -> Action {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        // Only what this seat may know: the opponent's hand and deck are redrawn at random.
        let g = view.determinize(rng);
        let seat = view.seat();
        pick_best(&legal, |&a| score(&g, seat, a), rng).unwrap_or(legal[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::TurnStep;
    use crate::grid::{P1, P2};
    use crate::test_support::fixture;

    #[test]
    fn greedy_attacks_rather_than_passes_and_prefers_the_kill() {
        let mut g = fixture("iron-vanguard", "verdant-choir");
        g.goto_step(TurnStep::Combat);
        g.put(P1, "bulkhead-walker", "P1:A4")
            .put(P2, "bloom-cell", "P2:A3") // 4 HP: 3 damage leaves it
            .put(P2, "mender-drone", "P2:A5"); // 4 HP, DEF 1
        if let Some(p) = g.board.get_mut(crate::test_support::t("P2:A5")) {
            p.damage = 2;
        }
        let mut rng = Rng::seed_from_u64(1);
        let a = GreedyAgent::new().choose(&SeatView::new(&g, P1), &mut rng);
        assert_eq!(g.action_text(&a), "attack P1:A4 P2:A5");
    }
}
