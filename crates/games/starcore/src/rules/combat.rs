//! Combat: each of the active player's cards with an attack may attack once in the Combat
//! step, choosing one enemy card inside its Range × Width box anchored at its own lane (Sector
//! Lock, Taunt and the blocking option restrict the choice). The attack goes on the response
//! stack; a target with First Strike answers first. When it resolves, 2d12 are rolled: a hit
//! on a total of at least 10 + the target's DEF, doubles always hit and are critical (damage
//! ×2). Damage = DMG (Zone Dominance included) + the direct-link bonus + Flank and Zone Flank; Shield
//! absorbs first unless the attacker has Pierce; Execute, Splash and `on_hit` abilities follow
//! (decisions, "Combat"; rules 30–33, 47, 60, 62–64 of `docs/rules/starcore.md`).

use crate::action::Action;
use crate::card::Kind;
use crate::effect::Trigger;
use crate::event::Event;
use crate::grid::{Area, Tile, TileSet};
use crate::rules::blocking::is_blocked;
use crate::rules::flank::{flank_bonus, zone_flank_bonus};
use crate::rules::links::direct_link_bonus;
use crate::rules::zone_control::SectorLock;
use crate::state::{Attack, Frame, Phase, Starcore};
use crate::{Keyword, Stat};
use gridwright_engine::{Events, Seat};

/// Sides of each die.
pub const D12: u8 = 12;

/// The 78 outcomes of 2d12 as (lower, higher) with their weights out of 144: doubles 1,
/// others 2.
pub(crate) fn roll_outcomes(out: &mut Vec<(Action, u32)>) {
    for a in 1..=D12 {
        for b in a..=D12 {
            out.push((Action::Roll(a, b), if a == b { 1 } else { 2 }));
        }
    }
}

/// Whether a roll of `a` and `b` hits a target of DEF `def`, and whether it is critical.
pub fn roll_result(a: u8, b: u8, def: u8) -> (bool, bool) {
    let critical = a == b;
    (
        critical || u16::from(a) + u16::from(b) >= 10 + u16::from(def),
        critical,
    )
}

impl Starcore {
    /// Whether the card on `from` can attack at all now.
    fn can_attack(&self, seat: Seat, from: Tile) -> bool {
        self.board.get(from).is_some_and(|p| {
            p.owner == seat
                && !p.attacked
                && self.rules.card(p.card).attack().is_some()
                && self.stat(from, Stat::Dmg) > 0
        })
    }

    /// The enemy cards inside the attack box of the card on `from`, before Taunt: not
    /// protected by a Sector Lock, not screened under the blocking option.
    fn reachable_targets(&self, from: Tile) -> TileSet {
        let Some(p) = self.board.get(from) else {
            return TileSet::EMPTY;
        };
        let (enemy, locks) = self.enemies_and_locks(p.owner);
        self.reachable_among(from, enemy, &locks)
    }

    /// The cards of `seat`'s opponent and the Sector Locks they hold.
    fn enemies_and_locks(&self, seat: Seat) -> (TileSet, Vec<SectorLock>) {
        let enemy: TileSet = self
            .board
            .iter()
            .filter(|(_, q)| q.owner != seat)
            .map(|(t, _)| t)
            .collect();
        let any_lock = enemy.iter().any(|t| {
            self.board.get(t).is_some_and(|q| {
                self.rules.has_lock[q.card.index()] || q.granted.iter().any(Option::is_some)
            })
        });
        let locks: Vec<SectorLock> = enemy
            .iter()
            .filter(|_| any_lock)
            .flat_map(|t| self.keyword_iter(t))
            .filter_map(|k| match k {
                Keyword::SectorLock { protect, from } => Some(SectorLock {
                    protected: protect,
                    from,
                }),
                _ => None,
            })
            .collect();
        (enemy, locks)
    }

    /// [`Starcore::reachable_targets`] given the enemy cards and their locks.
    fn reachable_among(&self, from: Tile, enemy: TileSet, locks: &[SectorLock]) -> TileSet {
        let Some(reach) = self
            .board
            .get(from)
            .and_then(|p| self.rules.card(p.card).attack())
        else {
            return TileSet::EMPTY;
        };
        let pierce = self.has(from, |k| *k == Keyword::Pierce);
        let blocking = self.rules.options.blocking;
        reach
            .tiles(from.lane())
            .intersection(enemy)
            .iter()
            .filter(|t| !locks.iter().any(|l| l.forbids(from, *t)))
            .filter(|t| !is_blocked(blocking, from, *t, enemy, pierce))
            .collect()
    }

    /// The cards the card on `from` may choose: Taunt cards if any is reachable, else all.
    pub(crate) fn attack_targets(&self, from: Tile) -> TileSet {
        self.taunting(self.reachable_targets(from))
    }

    /// Of the reachable cards `all`, the Taunt cards if any, else all.
    fn taunting(&self, all: TileSet) -> TileSet {
        let taunt: TileSet = all
            .iter()
            .filter(|t| self.has(*t, |k| *k == Keyword::Taunt))
            .collect();
        if taunt.is_empty() { all } else { taunt }
    }

    /// Every attack `seat` may declare now.
    pub(crate) fn legal_attacks(&self, seat: Seat, out: &mut Vec<Action>) {
        let mut enemies = None;
        for (from, _) in self.board.iter() {
            if self.can_attack(seat, from) {
                let (enemy, locks) = enemies.get_or_insert_with(|| self.enemies_and_locks(seat));
                let targets = self.taunting(self.reachable_among(from, *enemy, locks));
                for target in targets.iter() {
                    out.push(Action::Attack { from, target });
                }
            }
        }
    }

    /// Declares an attack; a target with First Strike that can reach a Unit or Commander
    /// attacker answers on top of it (rule 47, First Strike).
    pub(crate) fn declare_attack(
        &mut self,
        seat: Seat,
        from: Tile,
        target: Tile,
        ev: &mut Events<Event>,
    ) {
        let (Some(a), Some(v)) = (
            self.board.get(from).copied(),
            self.board.get(target).copied(),
        ) else {
            return;
        };
        if let Some(p) = self.board.get_mut(from) {
            p.attacked = true;
        }
        let attack = Attack {
            seat,
            from,
            attacker: a.uid,
            target,
            victim: v.uid,
            first_strike: false,
        };
        ev.emit(|| Event::AttackDeclared {
            from,
            target,
            first_strike: false,
        });
        let attacker_is_unit = matches!(
            self.rules.card(a.card).kind(),
            Kind::Unit { .. } | Kind::Commander(_)
        );
        let strikes_first = attacker_is_unit
            && self.has(target, |k| *k == Keyword::FirstStrike)
            && self.stat(target, Stat::Dmg) > 0
            && self
                .rules
                .card(v.card)
                .attack()
                .is_some_and(|b| b.contains(from, target.lane()));
        let Phase::Turn { stack, .. } = &mut self.phase else {
            return;
        };
        stack.push(Frame::Attack(attack));
        if strikes_first {
            stack.push(Frame::Attack(Attack {
                seat: v.owner,
                from: target,
                attacker: v.uid,
                target: from,
                victim: a.uid,
                first_strike: true,
            }));
            ev.emit(|| Event::AttackDeclared {
                from: target,
                target: from,
                first_strike: true,
            });
        }
    }

    /// An attack frame resolves: if the attacker and the target are still where they were and
    /// the target is still inside the box (and not protected), the dice are rolled; otherwise
    /// it fizzles (rule 58).
    pub(crate) fn resolve_attack(&mut self, attack: Attack, ev: &mut Events<Event>) {
        let same = |t: Tile, uid: u16| self.board.get(t).is_some_and(|p| p.uid == uid);
        let ok = same(attack.from, attack.attacker)
            && same(attack.target, attack.victim)
            && self.reachable_targets(attack.from).contains(attack.target);
        if !ok {
            let card = self
                .board
                .get(attack.from)
                .map_or(crate::CardId(0), |p| p.card);
            let card = if same(attack.from, attack.attacker) {
                card
            } else {
                // The attacker left the board: name it from its owner's Scrapyard if it is there.
                self.players[attack.seat]
                    .scrap
                    .last()
                    .copied()
                    .unwrap_or(card)
            };
            ev.emit(|| Event::Fizzled {
                seat: attack.seat,
                card,
            });
            return;
        }
        if let Phase::Turn { rolling, .. } = &mut self.phase {
            *rolling = Some(attack);
        }
    }

    /// The damage the card on `from` deals to the card on `target` on a normal hit.
    pub fn attack_damage(&self, from: Tile, target: Tile) -> u8 {
        let Some(p) = self.board.get(from) else {
            return 0;
        };
        let mut dmg = u16::from(self.stat(from, Stat::Dmg));
        if matches!(
            self.rules.card(p.card).kind(),
            Kind::Unit { .. } | Kind::Commander(_)
        ) {
            dmg += u16::from(direct_link_bonus(
                self.board.links(),
                from,
                self.rules.options.link_bonus,
            ));
        }
        for k in self.keyword_iter(from) {
            dmg += u16::from(match k {
                Keyword::Flank(n) => flank_bonus(from, target, n),
                Keyword::ZoneFlank(n) => zone_flank_bonus(from, target, n),
                _ => 0,
            });
        }
        dmg.min(255) as u8
    }

    /// The dice of the attack being rolled came up `a` and `b`.
    pub(crate) fn rolled(&mut self, a: u8, b: u8, ev: &mut Events<Event>) {
        let Phase::Turn { rolling, .. } = &mut self.phase else {
            return;
        };
        let Some(attack) = rolling.take() else {
            return;
        };
        let (from, target) = (attack.from, attack.target);
        let def = self.stat(target, Stat::Def);
        let (hit, critical) = roll_result(a, b, def);
        ev.emit(|| Event::Rolled {
            dice: (a, b),
            needed: 10 + def,
            hit,
            critical,
        });
        if !hit {
            return;
        }
        let mut dmg = self.attack_damage(from, target);
        if critical {
            dmg = dmg.saturating_mul(2);
        }
        let keywords = self.keywords(from);
        let pierce = keywords.contains(&Keyword::Pierce);
        self.deal(target, dmg, pierce, ev);
        let commander = self
            .board
            .get(target)
            .is_some_and(|p| self.rules.deck(p.owner).commander == p.card);
        for k in &keywords {
            match *k {
                Keyword::Execute(n) if !commander => {
                    let hp = self.hp(target);
                    if hp > 0 && hp <= n {
                        self.remove_card(target, Area::Scrapyard, ev);
                    }
                }
                Keyword::Splash => {
                    let half = dmg / 2;
                    if half > 0 {
                        for n in target.neighbours().iter() {
                            if self.board.get(n).is_some_and(|p| p.owner != attack.seat) {
                                self.deal(n, half, pierce, ev);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        self.trigger(from, &Trigger::OnHit, ev);
        self.check_deaths(ev);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::TurnStep;
    use crate::grid::{P1, P2};
    use crate::test_support::{fixture, t};

    fn combat(p1: &str, p2: &str) -> Starcore {
        let mut g = fixture(p1, p2);
        g.goto_step(TurnStep::Combat);
        g
    }

    #[test]
    fn two_d12_hit_on_ten_plus_def_and_doubles_are_critical() {
        let mut outs = Vec::new();
        roll_outcomes(&mut outs);
        assert_eq!(outs.len(), 78);
        assert_eq!(outs.iter().map(|(_, w)| w).sum::<u32>(), 144);
        assert_eq!(roll_result(5, 6, 1), (true, false)); // 11 ≥ 11
        assert_eq!(roll_result(4, 6, 1), (false, false));
        assert_eq!(roll_result(1, 1, 14), (true, true)); // doubles always hit
        assert_eq!(roll_result(11, 12, 14), (false, false)); // 23 < 24
    }

    #[test]
    fn an_attack_hits_for_dmg_plus_the_direct_link_bonus() {
        let mut g = combat("iron-vanguard", "verdant-choir");
        g.put(P1, "rivet-trooper", "P1:A4")
            .put(P1, "slag-cell", "P1:B4") // its top Link meets the trooper's bottom
            .put(P2, "thorn-sentinel", "P2:A4");
        assert_eq!(g.attack_damage(t("P1:A4"), t("P2:A4")), 4);
        g.act("attack P1:A4 P2:A4");
        g.act("pass");
        g.act("roll 5+6");
        assert_eq!(g.hp_of("P2:A4"), 1);
        assert!(!g.can(P1, "attack P1:A4 P2:A4"), "once a turn");
    }

    #[test]
    fn a_miss_deals_nothing_and_a_critical_doubles() {
        let mut g = combat("iron-vanguard", "verdant-choir");
        g.put(P1, "rivet-trooper", "P1:A4")
            .put(P1, "bulkhead-walker", "P1:A5") // 3 DMG, lane±1
            .put(P2, "grove-guardian", "P2:A4");
        g.act("attack P1:A4 P2:A4");
        g.act("pass");
        g.act("roll 4+7"); // 11 < 12
        assert_eq!(g.hp_of("P2:A4"), 9);
        g.act("attack P1:A5 P2:A4");
        g.act("pass");
        g.act("roll 1+1");
        assert_eq!(g.hp_of("P2:A4"), 3, "3 × 2");
    }

    #[test]
    fn shield_absorbs_first_and_pierce_ignores_it() {
        let mut g = combat("arc-foundry", "iron-vanguard");
        g.put(P2, "bulkhead-walker", "P2:A4") // Shield 2
            .put(P1, "volt-skirmisher", "P1:A4")
            .put(P1, "lance-frigate", "P1:C4"); // Range A+C
        g.act("attack P1:A4 P2:A4");
        g.act("pass");
        g.act("roll 6+7");
        assert_eq!(g.hp_of("P2:A4"), 8, "2 damage, all absorbed");
        g.act("attack P1:C4 P2:A4");
        g.act("pass");
        g.act("roll 6+7");
        assert_eq!(g.hp_of("P2:A4"), 5, "Pierce: 3 damage through");
    }

    #[test]
    fn execute_destroys_a_target_left_at_n_hp_or_less() {
        let mut g = combat("iron-vanguard", "verdant-choir");
        g.put(P1, "breaker-hulk", "P1:A4")
            .put(P2, "thorn-sentinel", "P2:A4"); // 5 HP, hit for 4 → 1 ≤ 2
        g.act("attack P1:A4 P2:A4");
        g.act("pass");
        g.act("roll 6+7");
        assert!(g.card_at(t("P2:A4")).is_none());
        assert_eq!(g.players[P2].scrap, [g.id("thorn-sentinel")]);
    }

    #[test]
    fn splash_hits_enemy_cards_beside_the_target() {
        let mut g = combat("iron-vanguard", "verdant-choir");
        g.put(P1, "mortar-crawler", "P1:B4")
            .put(P2, "grove-guardian", "P2:B4")
            .put(P2, "bloom-cell", "P2:B5")
            .put(P1, "rivet-trooper", "P1:A4");
        g.act("attack P1:B4 P2:B4");
        g.act("pass");
        g.act("roll 6+7");
        assert_eq!(g.hp_of("P2:B4"), 6);
        assert_eq!(g.hp_of("P2:B5"), 3, "half of 3, rounded down");
        assert_eq!(g.hp_of("P1:A4"), 4, "friendly cards are spared");
    }

    #[test]
    fn taunt_forces_the_choice_of_target() {
        let mut g = combat("iron-vanguard", "verdant-choir");
        g.put(P1, "mortar-crawler", "P1:B4")
            .put(P2, "bloom-cell", "P2:C4")
            .put(P2, "thorn-sentinel", "P2:A5");
        let attacks = g.legal_texts(P1);
        assert!(attacks.contains(&"attack P1:B4 P2:A5".to_owned()));
        assert!(!attacks.contains(&"attack P1:B4 P2:C4".to_owned()));
    }

    #[test]
    fn first_strike_answers_first_and_a_destroyed_attacker_fizzles() {
        let mut g = combat("iron-vanguard", "arc-foundry");
        g.put(P1, "rivet-trooper", "P1:A4")
            .put(P2, "ion-duelist", "P2:A4");
        g.act("attack P1:A4 P2:A4");
        assert_eq!(g.stack_len(), 2);
        assert_eq!(g.responder(), Some(P1), "the First Strike is on top");
        g.act("pass");
        g.act("roll 6+6"); // critical: 6 damage, the trooper has 4 HP
        assert!(g.card_at(t("P1:A4")).is_none());
        let events = g.act("pass");
        assert!(events.iter().any(|e| matches!(e, Event::Fizzled { .. })));
        assert_eq!(g.hp_of("P2:A4"), 4);
    }

    #[test]
    fn sector_lock_protects_its_sector_from_the_other() {
        let mut g = combat("iron-vanguard", "iron-vanguard");
        g.put(P1, "mortar-crawler", "P1:B5") // S2
            .put(P2, "slag-cell", "P2:C4"); // S3 of P2's grid
        assert!(g.can(P1, "attack P1:B5 P2:C4"));
        g.put(P2, "bastion-spire", "P2:B1"); // locks S3 against S2
        assert!(!g.can(P1, "attack P1:B5 P2:C4"));
        g.put(P1, "mortar-crawler", "P1:C4"); // S3: not locked out
        assert!(g.can(P1, "attack P1:C4 P2:C4"));
    }

    #[test]
    fn blocking_option_screens_attacks_unless_pierce() {
        let mut g = combat("arc-foundry", "iron-vanguard");
        g.put(P1, "volt-skirmisher", "P1:A4") // A+B, lane
            .put(P1, "lance-frigate", "P1:C4") // A+C, lane, Pierce
            .put(P2, "rivet-trooper", "P2:A4")
            .put(P2, "slag-cell", "P2:B4")
            .put(P2, "slag-cell", "P2:C4");
        assert!(g.can(P1, "attack P1:A4 P2:B4"), "off by default");
        std::sync::Arc::make_mut(&mut g.rules).options.blocking = crate::Blocking::On;
        assert!(!g.can(P1, "attack P1:A4 P2:B4"), "P2:A4 screens P2:B4");
        assert!(g.can(P1, "attack P1:A4 P2:A4"));
        assert!(g.can(P1, "attack P1:C4 P2:C4"), "Pierce is never blocked");
    }

    #[test]
    fn the_preview_of_an_attack_shows_its_odds_and_its_box() {
        let mut g = combat("iron-vanguard", "verdant-choir");
        g.put(P1, "rivet-trooper", "P1:A4")
            .put(P2, "thorn-sentinel", "P2:A4");
        let text = crate::preview(
            &g,
            &crate::Action::Attack {
                from: t("P1:A4"),
                target: t("P2:A4"),
            },
        )
        .unwrap_or_default();
        // DEF 1: 11+ on 2d12 is 99 of 144 rolls, plus the 5 doubles below 11: 104/144.
        assert!(text.contains("hit 72.2% (critical 8.3%)"), "{text}");
        assert!(text.contains("targeting box from P1:A4: {"), "{text}");
        assert!(text.contains("P2:B4"), "{text}");
    }
}
