//! The balance report's per-card statistics ([`Game::log_pieces`](gridwright_engine::Game)).
//!
//! A Commander, Unit, Structure or Module is a piece from the moment it enters the board (found
//! by its tile, following its moves); an Action is a piece when it is played. Damage a card
//! takes is the HP it loses (shield points are not counted), credited to the card whose attack,
//! Action or activated ability was declared last: a response resolving on top of an attack
//! credits its damage to the responder only if it was declared after the attack, which is how
//! the stack resolves it. A destroyed card is the kill of that same card.

use crate::config::Rules;
use crate::event::Event;
use crate::state::Starcore;
use gridwright_engine::PieceLog;

/// Keys of Action cards, above every tile's.
const ACTION_KEYS: u64 = 1 << 16;

impl Starcore {
    /// The deck a seat plays.
    pub(crate) fn deck_name(&self, seat: gridwright_engine::Seat) -> String {
        self.rules.deck(seat).name.clone()
    }

    /// Cards entering, moving, fighting and leaving in one step.
    pub(crate) fn pieces_of(rules: &Rules, events: &[Event], log: &mut PieceLog) {
        let name = |c: crate::CardId| rules.cards[c.index()].name();
        for e in events {
            match e {
                Event::CommanderPlaced { seat, tile } => {
                    log.enter(
                        tile.index() as u64,
                        *seat,
                        name(rules.deck(*seat).commander),
                    );
                }
                Event::Entered { seat, card, tile } => {
                    log.enter(tile.index() as u64, *seat, name(*card));
                }
                Event::Moved { from, to, .. } => log.rekey(from.index() as u64, to.index() as u64),
                Event::AttackDeclared { from, .. } => log.source(Some(from.index() as u64)),
                Event::Activated { tile, .. } => log.source(Some(tile.index() as u64)),
                Event::ActionPlayed { seat, card, .. } => {
                    let key = ACTION_KEYS + log.pieces().len() as u64;
                    log.enter(key, *seat, name(*card));
                    log.source(Some(key));
                }
                Event::Damaged { tile, hp, .. } => log.damage(tile.index() as u64, u32::from(*hp)),
                Event::Destroyed { tile, .. } => log.destroyed(tile.index() as u64),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Starcore;
    use gridwright_engine::{Actor, Events, Game, PieceLog, Rng, Seat, Turn, sample_chance};

    /// Over random games: every card a report lists was played from its owner's deck, damage
    /// credited to cards never exceeds damage taken, and a Commander that lost the game is
    /// placed.
    #[test]
    fn card_statistics_follow_the_game() {
        let config = crate::Content::builtin()
            .unwrap()
            .config("arc-foundry-vs-iron-vanguard")
            .unwrap();
        let mut rng = Rng::seed_from_u64(11);
        for _ in 0..20 {
            let mut g = Starcore::new(&config).unwrap();
            let mut log = PieceLog::default();
            g.log_pieces_at_start(&mut log);
            let mut scratch = Vec::new();
            let mut events = Events::recording();
            loop {
                let seat = match g.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let a = sample_chance(&g, &mut rng, &mut scratch).unwrap();
                        g.step(Actor::Chance, a, &mut events);
                        g.log_pieces(&events.take(), &mut log);
                        continue;
                    }
                    Turn::Seat(s) => s,
                    Turn::Simultaneous(set) => set.iter().next().unwrap(),
                };
                let legal = g.legal_actions_vec(seat);
                g.step(
                    Actor::Seat(seat),
                    legal[rng.index(legal.len())],
                    &mut events,
                );
                g.log_pieces(&events.take(), &mut log);
            }
            let p = log.pieces();
            for s in [Seat::new(0), Seat::new(1)] {
                let deck = &g.rules.deck(s);
                let commander = g.rules.cards[deck.commander.index()].name();
                assert!(p.iter().any(|x| x.seat == s && x.name == commander));
                for piece in p.iter().filter(|x| x.seat == s) {
                    let in_deck = deck
                        .cards
                        .iter()
                        .chain([&deck.commander])
                        .any(|c| g.rules.cards[c.index()].name() == piece.name);
                    assert!(in_deck, "{} is not in {}'s deck", piece.name, s);
                }
            }
            let dealt: u32 = p.iter().map(|x| x.dealt).sum();
            let taken: u32 = p.iter().map(|x| x.taken).sum();
            assert!(dealt <= taken, "{dealt} dealt, {taken} taken");
        }
    }
}
