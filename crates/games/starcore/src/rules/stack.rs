//! The response stack (decisions, "Combat"; rules 57–61 of `docs/rules/starcore.md`).
//!
//! Declared deployments, Actions and attacks become typed [`Frame`]s on a stack inside the
//! state. Whoever did not put the top frame there holds the response window: they may play an
//! Action on top of it (a response: an ordinary legal action) or pass, which resolves the top
//! frame. After a frame resolves, the window opens again on the new top, for the opponent of
//! whoever put that one there. Frames resolve last in, first out; each re-checks its target when
//! it resolves and fizzles if it became illegal; a Counter marks an enemy Action frame
//! cancelled. The stack nests to any depth up to [`MAX_STACK`].

use crate::action::{Action, Aim, CardId};
use crate::card::Kind;
use crate::config::MAX_STACK;
use crate::effect::{Target, Trigger};
use crate::event::Event;
use crate::grid::Lane;
use crate::rules::effects::Source;
use crate::rules::targeting::Width;
use crate::state::{Frame, Phase, Starcore};
use gridwright_engine::{Events, Seat};

impl Starcore {
    /// The aims an Action card of `seat` may be played with now (none if it has no legal
    /// target): its first ability that needs one decides.
    pub(crate) fn aims(&self, seat: Seat, card: CardId, out: &mut Vec<Aim>) {
        let c = self.rules.card(card);
        for a in c.abilities() {
            if a.trigger != Trigger::OnPlay {
                continue;
            }
            match a.target {
                Target::Chosen { side, area } => {
                    out.extend(
                        self.board
                            .iter()
                            .map(|(t, _)| t)
                            .filter(|t| self.choosable(seat, side, area, &a.conditions, *t))
                            .map(Aim::Tile),
                    );
                    return;
                }
                Target::Area { side, area } if matches!(area.width, Width::Lane(_)) => {
                    for lane in Lane::all() {
                        let hits = area.tiles(lane).iter().any(|t| {
                            self.board
                                .get(t)
                                .is_some_and(|p| crate::rules::stats::on_side(seat, p.owner, side))
                        });
                        if hits {
                            out.push(Aim::Lane(lane));
                        }
                    }
                    return;
                }
                Target::StackAction => {
                    out.extend(self.stack().iter().enumerate().filter_map(|(i, f)| {
                        matches!(f, Frame::Action { seat: s, countered: false, .. } if *s != seat)
                            .then_some(Aim::Frame(i as u8))
                    }));
                    return;
                }
                _ => {}
            }
        }
        out.push(Aim::None);
    }

    /// Whether `seat` may play an Action now: in its own turn with the stack empty, or holding
    /// the response window; the stack not full.
    fn may_play_now(&self, seat: Seat) -> bool {
        let Phase::Turn {
            stack,
            rolling: None,
            ..
        } = &self.phase
        else {
            return false;
        };
        stack.len() < MAX_STACK
            && match self.responder() {
                Some(r) => r == seat,
                None => seat == self.active,
            }
    }

    /// Every Action `seat` may play now, with each legal aim.
    pub(crate) fn legal_plays(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.may_play_now(seat) {
            return;
        }
        let p = &self.players[seat];
        let pool = p.pool.available(&self.board);
        let mut aims = Vec::new();
        for (i, &card) in p.hand.iter().enumerate() {
            if i > 0 && p.hand[i - 1] == card {
                continue;
            }
            let c = self.rules.card(card);
            if !matches!(c.kind(), Kind::Action) || !pool.covers(c.cost()) {
                continue;
            }
            aims.clear();
            self.aims(seat, card, &mut aims);
            out.extend(aims.iter().map(|&aim| Action::Play { card, aim }));
        }
    }

    /// Plays an Action: it leaves the hand, its cost is paid, and it waits on the stack.
    pub(crate) fn play(&mut self, seat: Seat, card: CardId, aim: Aim, ev: &mut Events<Event>) {
        let cost = self.rules.card(card).cost();
        let p = &mut self.players[seat];
        let Ok(i) = p.hand.binary_search(&card) else {
            return;
        };
        p.hand.remove(i);
        p.pool.pay(cost);
        let pool = self.pool(seat);
        ev.emit(|| Event::Paid { seat, cost, pool });
        ev.emit(|| Event::ActionPlayed { seat, card, aim });
        if let Phase::Turn { stack, .. } = &mut self.phase {
            stack.push(Frame::Action {
                seat,
                card,
                aim,
                countered: false,
            });
        }
    }

    /// `seat` passes: with frames waiting, the top one resolves; with none, the active player
    /// ends the step.
    pub(crate) fn pass(&mut self, seat: Seat, ev: &mut Events<Event>) {
        ev.emit(|| Event::Passed { seat });
        let top = match &mut self.phase {
            Phase::Turn { stack, .. } => stack.pop(),
            _ => return,
        };
        match top {
            None => self.next_step(ev),
            Some(frame) => self.resolve(frame, ev),
        }
    }

    /// Resolves one frame taken off the stack.
    fn resolve(&mut self, frame: Frame, ev: &mut Events<Event>) {
        match frame {
            Frame::Deploy(d) => self.resolve_deploy(d, ev),
            Frame::Action {
                seat,
                card,
                countered: true,
                ..
            } => self.scrap_from_stack(seat, card, ev),
            Frame::Action {
                seat, card, aim, ..
            } => {
                if self.aim_still_legal(seat, card, aim) {
                    let src = Source {
                        seat,
                        card,
                        tile: None,
                        uid: 0,
                    };
                    let rules = std::sync::Arc::clone(&self.rules);
                    for ability in rules.card(card).abilities() {
                        self.run_ability(src, ability, aim, ev);
                    }
                } else {
                    ev.emit(|| Event::Fizzled { seat, card });
                }
                self.scrap_from_stack(seat, card, ev);
            }
            Frame::Attack(attack) => self.resolve_attack(attack, ev),
        }
    }

    /// Whether an Action's aim is still legal as it resolves (rule 58).
    /// A card that leaves the stack goes to its owner's Scrapyard.
    pub(crate) fn scrap_from_stack(&mut self, seat: Seat, card: CardId, ev: &mut Events<Event>) {
        self.players[seat].scrap.push(card);
        ev.emit(|| Event::Scrapped { seat, card });
    }

    fn aim_still_legal(&self, seat: Seat, card: CardId, aim: Aim) -> bool {
        match aim {
            Aim::None | Aim::Lane(_) => true,
            Aim::Tile(t) => self.rules.card(card).abilities().iter().any(|a| {
                matches!(a.target, Target::Chosen { side, area }
                    if self.choosable(seat, side, area, &a.conditions, t))
            }),
            Aim::Frame(i) => matches!(
                self.stack().get(usize::from(i)),
                Some(Frame::Action { seat: s, countered: false, .. }) if *s != seat
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::event::Event;
    use crate::grid::{P1, P2};
    use crate::rules::network::ResourceType::{Energy, Signal};
    use crate::test_support::fixture;

    /// Arc Foundry (P1) against Mind Lattice (P2), each with a unit on the front row, P1
    /// holding two Arc Bolts and a Short Circuit, P2 a Null Writ and a Data Harvest.
    fn duel() -> crate::Starcore {
        let mut g = fixture("arc-foundry", "mind-lattice");
        g.put(P1, "volt-skirmisher", "P1:A4")
            .put(P2, "lattice-warden", "P2:A4")
            .give(P1, "arc-bolt")
            .give(P1, "arc-bolt")
            .give(P1, "short-circuit")
            .give(P2, "null-writ")
            .give(P2, "data-harvest")
            .fund(P1, Energy, 10)
            .fund(P2, Signal, 10);
        g
    }

    #[test]
    fn an_action_opens_a_response_window_for_the_other_player() {
        let mut g = duel();
        g.act("play arc-bolt P2:A4");
        assert_eq!(g.responder(), Some(P2));
        assert!(g.can(P2, "play null-writ stack 0"));
        assert!(g.can(P2, "pass"));
        assert!(g.legal_texts(P1).is_empty());
        g.act("pass");
        assert_eq!(g.hp_of("P2:A4"), 3, "6 HP less Arc Bolt's 3");
        assert_eq!(g.stack_len(), 0);
    }

    #[test]
    fn counter_cancels_an_action_on_the_stack() {
        let mut g = duel();
        g.act("play arc-bolt P2:A4");
        g.act("play null-writ stack 0");
        assert_eq!(g.responder(), Some(P1));
        g.act("pass"); // P1 lets the Null Writ resolve
        let events = g.act("pass"); // P2 lets the cancelled Arc Bolt leave
        assert!(!events.iter().any(|e| matches!(e, Event::Damaged { .. })));
        assert_eq!(g.hp_of("P2:A4"), 6);
        assert_eq!(g.players[P1].scrap, [g.id("arc-bolt")]);
        assert_eq!(g.stack_len(), 0);
    }

    #[test]
    fn responses_nest_and_resolve_last_in_first_out() {
        let mut g = duel();
        g.act("play arc-bolt P2:A4");
        g.act("play null-writ stack 0");
        g.act("play short-circuit stack 1"); // P1 counters the counter
        assert_eq!(g.stack_len(), 3);
        let first = g.act("pass"); // P2 passes: Short Circuit resolves first
        assert!(
            first
                .iter()
                .any(|e| matches!(e, Event::Countered { seat, .. } if *seat == P2))
        );
        g.act("pass"); // P1 passes: the cancelled Null Writ leaves
        g.act("pass"); // P2 passes: Arc Bolt resolves after all
        assert_eq!(g.hp_of("P2:A4"), 3);
        assert_eq!(g.stack_len(), 0);
    }

    #[test]
    fn an_action_whose_target_left_fizzles() {
        let mut g = duel();
        g.put(P2, "null-scout", "P2:A6"); // 3 HP: one Arc Bolt destroys it
        g.act("play arc-bolt P2:A6");
        g.act("play data-harvest");
        g.act("play arc-bolt P2:A6"); // P1's second bolt on top
        g.act("pass"); // the second bolt destroys the scout
        assert!(g.card_at(crate::test_support::t("P2:A6")).is_none());
        g.act("pass"); // Data Harvest
        g.draw_owed();
        let events = g.act("pass"); // the first bolt: its target is gone
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Fizzled { seat, .. } if *seat == P1))
        );
        assert_eq!(g.stack_len(), 0);
    }

    #[test]
    fn the_active_player_plays_actions_only_with_the_stack_empty_or_the_window() {
        let mut g = duel();
        assert!(g.can(P1, "play arc-bolt P2:A4"));
        assert!(
            !g.can(P2, "play null-writ stack 0"),
            "no window: the stack is empty"
        );
        g.act("play arc-bolt P2:A4");
        // Nothing on the stack is P1's to counter: Short Circuit has no aim.
        g.act("play data-harvest");
        assert!(!g.can(P1, "play short-circuit stack 0"), "its own Action");
        assert!(g.can(P1, "play short-circuit stack 1"));
    }
}
