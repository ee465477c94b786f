//! What one viewer may see: both boards, every public pile, the stack, counts of hands and
//! decks, and the viewer's own hand (never the opponent's, never any deck order — the deck is a
//! multiset and draws are chance outcomes — and never an uncommitted mulligan choice but one's
//! own).

use crate::action::{Aim, CardId};
use crate::grid::Tile;
use crate::rules::network::Resources;
use crate::state::{Frame, Phase, PhaseView, SEATS, Starcore};
use crate::{Keyword, Stat};
use gridwright_engine::{Seat, Viewer};
use serde::Serialize;

/// A card on the board as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceView {
    /// Its tile.
    pub tile: Tile,
    /// Its owner.
    pub owner: Seat,
    /// The card.
    pub card: CardId,
    /// The card's id string.
    pub id: String,
    /// HP left and the HP stat.
    pub hp: (u8, u8),
    /// Shield points.
    pub shield: u8,
    /// DMG, DEF and Movement now.
    pub dmg: u8,
    /// DEF now.
    pub def: u8,
    /// Movement now.
    pub movement: u8,
    /// Moved this turn.
    pub moved: bool,
    /// Attacked this turn.
    pub attacked: bool,
    /// The host a Module serves.
    pub host: Option<Tile>,
    /// The keywords it has now.
    pub keywords: Vec<Keyword>,
}

/// One player's side as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    /// Cards in hand.
    pub hand_count: usize,
    /// The hand itself, for its owner only.
    pub hand: Option<Vec<CardId>>,
    /// Cards in the deck.
    pub deck_count: usize,
    /// The Scrapyard, oldest first.
    pub scrapyard: Vec<CardId>,
    /// The Void.
    pub void: Vec<CardId>,
    /// What the player may spend now.
    pub pool: Resources,
    /// Cards placed this turn.
    pub placed: u8,
    /// Draws still owed.
    pub owed: u8,
    /// During the mulligan: whether the choice is committed.
    pub mulligan_committed: bool,
    /// During the mulligan: the committed choice (`true` = mulligan), for its owner only.
    pub mulligan_choice: Option<bool>,
    /// The player's networks as [`crate::Event::Networks`] states them: each network with more
    /// than one card or an output, its tiles in tile order and what its Cores produce a turn.
    pub networks: Vec<(Vec<Tile>, Resources)>,
}

/// A frame of the response stack (public).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "frame", rename_all = "snake_case")]
pub enum FrameView {
    /// A deployment.
    Deploy {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Where.
        tile: Tile,
    },
    /// An Action.
    Action {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Its aim.
        aim: Aim,
        /// Cancelled by a Counter.
        countered: bool,
    },
    /// An attack.
    Attack {
        /// Whose.
        seat: Seat,
        /// The attacker.
        from: Tile,
        /// The target.
        target: Tile,
        /// A First Strike.
        first_strike: bool,
    },
}

/// What a viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Observation {
    /// Who looks.
    pub viewer: Viewer,
    /// Where the game is.
    pub phase: PhaseView,
    /// Whose turn.
    pub active: Seat,
    /// Turns begun.
    pub turn: u16,
    /// Every card on the board, in tile order.
    pub board: Vec<PieceView>,
    /// Pairs of linked tiles.
    pub links: Vec<(Tile, Tile)>,
    /// Each player, P1 first.
    pub players: Vec<PlayerView>,
    /// The response stack, bottom first.
    pub stack: Vec<FrameView>,
    /// Who holds the response window.
    pub responder: Option<Seat>,
}

impl Observation {
    /// The observation of `game` for `viewer`.
    pub fn of(game: &Starcore, viewer: Viewer) -> Observation {
        let board = game
            .board
            .iter()
            .map(|(t, p)| PieceView {
                tile: t,
                owner: p.owner,
                card: p.card,
                id: game.rules.card(p.card).id().to_owned(),
                hp: (game.hp(t), game.stat(t, Stat::Hp)),
                shield: p.shield,
                dmg: game.stat(t, Stat::Dmg),
                def: game.stat(t, Stat::Def),
                movement: game.stat(t, Stat::Movement),
                moved: p.moved,
                attacked: p.attacked,
                host: game.mounts.host_of(game.board.links(), t),
                keywords: game.keywords(t),
            })
            .collect();
        let links = crate::rules::links::links(game.board.links())
            .into_iter()
            .map(|l| (l.a, l.b))
            .collect();
        let mulligan = match &game.phase {
            Phase::Mulligan { choices, .. } => Some(*choices),
            _ => None,
        };
        let networks = crate::rules::network::Networks::compute(game.board.links());
        let players = Seat::all(SEATS)
            .map(|s| {
                let p = &game.players[s];
                let mine = viewer.sees_secrets_of(s);
                PlayerView {
                    hand_count: p.hand.len(),
                    hand: mine.then(|| p.hand.clone()),
                    deck_count: p.deck.len(),
                    scrapyard: p.scrap.clone(),
                    void: p.void.clone(),
                    pool: p.pool.available(&game.board),
                    placed: p.placed,
                    owed: game.owed(s),
                    mulligan_committed: mulligan.is_some_and(|c| c[s].is_some()),
                    mulligan_choice: mulligan.and_then(|c| c[s]).filter(|_| mine),
                    networks: crate::changes::network_list(game, &networks, s),
                }
            })
            .collect();
        let stack = game
            .stack()
            .iter()
            .map(|f| match *f {
                Frame::Deploy(d) => FrameView::Deploy {
                    seat: d.seat,
                    card: d.card,
                    tile: d.tile,
                },
                Frame::Action {
                    seat,
                    card,
                    aim,
                    countered,
                } => FrameView::Action {
                    seat,
                    card,
                    aim,
                    countered,
                },
                Frame::Attack(a) => FrameView::Attack {
                    seat: a.seat,
                    from: a.from,
                    target: a.target,
                    first_strike: a.first_strike,
                },
            })
            .collect();
        Observation {
            viewer,
            phase: game.phase(),
            active: game.active,
            turn: game.turn,
            board,
            links,
            players,
            stack,
            responder: game.responder(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::grid::{P1, P2};
    use crate::state::Starcore;
    use gridwright_engine::{Actor, Events, Game, Rng, Turn, Viewer, sample_chance};

    /// What P1 can see after a step: its observation and the step as its log shows it.
    fn seen_by_p1(g: &Starcore, actor: Actor, action: &Action, events: &[crate::Event]) -> String {
        let shown = g.action_visible_to(actor, action, Viewer::Seat(P1));
        let redacted: Vec<_> = events
            .iter()
            .filter_map(|e| g.redact_event(e, Viewer::Seat(P1)))
            .collect();
        format!(
            "{}|{}|{}",
            serde_json::to_string(&g.observe(Viewer::Seat(P1))).unwrap_or_default(),
            if shown {
                g.action_text(action)
            } else {
                "hidden".into()
            },
            serde_json::to_string(&redacted).unwrap_or_default()
        )
    }

    /// Plays a seeded random game until P1's third turn begins (Orders, stack empty).
    fn midgame(seed: u64) -> Starcore {
        let content = crate::Content::builtin().unwrap_or_else(|e| panic!("{e}"));
        let config = content
            .config("arc-foundry-vs-mind-lattice")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut g = Starcore::new(&config).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = Rng::seed_from_u64(seed);
        let mut scratch = Vec::new();
        let mut ev = Events::disabled();
        while !(g.active() == P1 && g.players[P1].turns == 3 && g.turn() == Turn::Seat(P1)) {
            let (actor, a) = match g.turn() {
                Turn::Chance => (Actor::Chance, sample_chance(&g, &mut rng, &mut scratch)),
                Turn::Seat(s) => {
                    let l = g.legal_actions_vec(s);
                    (Actor::Seat(s), Some(l[rng.index(l.len())]))
                }
                Turn::Simultaneous(set) => {
                    let s = set.iter().next().unwrap_or(P1);
                    (Actor::Seat(s), Some(Action::Keep))
                }
                Turn::Terminal => panic!("game ended early"),
            };
            let Some(a) = a else {
                panic!("no chance outcome")
            };
            g.step(actor, a, &mut ev);
        }
        g
    }

    /// Changes P2's hand and deck order: the hand is dealt again from hand and deck together
    /// (the deck is a multiset, so "order" is whatever the next draws will be; they are drawn
    /// differently below too).
    fn perturb(g: &mut Starcore) {
        let p = &mut g.players[P2];
        let n = p.hand.len();
        let mut all: Vec<_> = p.hand.iter().chain(&p.deck).copied().collect();
        all.sort_unstable();
        all.reverse();
        let mut hand: Vec<_> = all.drain(..n).collect();
        hand.sort_unstable();
        all.sort_unstable();
        p.hand = hand;
        p.deck = all;
    }

    #[test]
    fn p2s_hand_and_deck_never_show_in_p1s_observations_or_log() {
        let mut compared = 0;
        for seed in 0..6 {
            let a0 = midgame(seed);
            let mut a = a0.clone();
            let mut b = a0.clone();
            perturb(&mut b);
            if a.hand(P2) == b.hand(P2) {
                continue;
            }
            compared += 1;
            assert_eq!(
                seen_by_p1(&a, Actor::Chance, &Action::Pass, &[]),
                seen_by_p1(&b, Actor::Chance, &Action::Pass, &[])
            );
            let mut rng = Rng::seed_from_u64(seed + 100);
            // P1 plays at random, P2 only passes, chance rolls the same dice; each player's
            // draws come from its own deck (P2's differ between the two games, P1's do not).
            for _ in 0..400 {
                let (actor, action, other) = match a.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let mut outs = Vec::new();
                        a.chance_outcomes(&mut outs);
                        match outs[0].0 {
                            Action::Draw(s, _) if s == P2 => {
                                let x = Action::Draw(P2, a.players[P2].deck[0]);
                                let y = Action::Draw(P2, b.players[P2].deck[0]);
                                (Actor::Chance, x, y)
                            }
                            _ => {
                                let x = outs[rng.index(outs.len())].0;
                                (Actor::Chance, x, x)
                            }
                        }
                    }
                    Turn::Seat(s) if s == P1 => {
                        let l = a.legal_actions_vec(P1);
                        assert_eq!(l, b.legal_actions_vec(P1));
                        let x = l[rng.index(l.len())];
                        (Actor::Seat(P1), x, x)
                    }
                    Turn::Seat(s) => (Actor::Seat(s), Action::Pass, Action::Pass),
                    Turn::Simultaneous(_) => break,
                };
                let mut ea = Events::recording();
                let mut eb = Events::recording();
                a.apply(actor, action, &mut ea)
                    .unwrap_or_else(|e| panic!("{e}"));
                b.apply(actor, other, &mut eb)
                    .unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    seen_by_p1(&a, actor, &action, &ea.take()),
                    seen_by_p1(&b, actor, &other, &eb.take()),
                    "seed {seed}"
                );
            }
        }
        assert!(compared >= 4, "{compared}");
    }

    #[test]
    fn resample_redeals_only_what_the_seat_cannot_see() {
        let g = midgame(3);
        let mut changed = 0;
        for k in 0..20 {
            let r = g.resample(P1, &mut Rng::seed_from_u64(k));
            assert_eq!(
                serde_json::to_string(&r.observe(Viewer::Seat(P1))).unwrap_or_default(),
                serde_json::to_string(&g.observe(Viewer::Seat(P1))).unwrap_or_default()
            );
            assert_eq!(r.hand(P1), g.hand(P1));
            assert_eq!(r.hand(P2).len(), g.hand(P2).len());
            changed += usize::from(r.hand(P2) != g.hand(P2));
        }
        assert!(changed > 10, "{changed}");
    }
}
