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
}

/// A frame of the response stack (public).
#[derive(Clone, Debug, PartialEq, Serialize)]
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
                host: game.mounts.host_of(&game.links, t),
                keywords: game.keywords(t),
            })
            .collect();
        let links = crate::rules::links::links(&game.links)
            .into_iter()
            .map(|l| (l.a, l.b))
            .collect();
        let mulligan = match &game.phase {
            Phase::Mulligan { choices } => Some(*choices),
            _ => None,
        };
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
                    pool: p.pool,
                    placed: p.placed,
                    owed: game.owed[s],
                    mulligan_committed: mulligan.is_some_and(|c| c[s.index()].is_some()),
                    mulligan_choice: mulligan.and_then(|c| c[s.index()]).filter(|_| mine),
                }
            })
            .collect();
        let stack = game
            .stack()
            .iter()
            .map(|f| match *f {
                Frame::Deploy {
                    seat, card, tile, ..
                } => FrameView::Deploy { seat, card, tile },
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
