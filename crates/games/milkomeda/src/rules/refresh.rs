//! The four directive/module positions, their tiered decks and the Master's refresh (rulebook
//! §3 Directive and Action Module cards, §4 steps 2–4, §7 phase 1 steps 2–3, §13).
//!
//! Each tier (D1, D2, D3, M1, M2, M3) has a face-down draw pile and its own face-up discard
//! pile ([`TieredDeck`]). [`Positions::setup`] shuffles each tier and deals the four positions
//! in order (position 1 takes a D1 and an M3, …). Each later round the Master must take one
//! [`RefreshChoice`]: the pair, the directive or the module of one position goes to its tier's
//! discard pile and is replaced from the same tier ([`Positions::refresh`]). A replacement
//! comes from the tier's draw pile; an empty draw pile is first refilled by shuffling that
//! tier's discard pile; when both are empty the slot stays empty ([`TieredDeck::draw`]).

use super::directives::{DirectiveTier, ModuleTier, Position};
use gridwright_engine::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The three refresh options of the Master (§7 phase 1 step 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RefreshKind {
    /// A) both cards of a position.
    Pair,
    /// B) the directive of a position.
    Directive,
    /// C) the module of a position.
    Module,
}

impl RefreshKind {
    /// All three.
    pub const ALL: [RefreshKind; 3] = [
        RefreshKind::Pair,
        RefreshKind::Directive,
        RefreshKind::Module,
    ];

    /// The word used in text forms (`pair`, `directive`, `module`).
    pub const fn word(self) -> &'static str {
        match self {
            RefreshKind::Pair => "pair",
            RefreshKind::Directive => "directive",
            RefreshKind::Module => "module",
        }
    }
}

/// The Master's refresh choice: one kind at one position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RefreshChoice {
    /// What is refreshed.
    pub kind: RefreshKind,
    /// Where.
    pub position: Position,
}

impl RefreshChoice {
    /// All twelve, kind by kind.
    pub fn all() -> impl Iterator<Item = RefreshChoice> {
        RefreshKind::ALL.into_iter().flat_map(|kind| {
            Position::ALL
                .into_iter()
                .map(move |position| RefreshChoice { kind, position })
        })
    }

    /// Flat index in `0..12`, kind by kind, position by position.
    pub const fn index(self) -> usize {
        self.kind as usize * 4 + (self.position.number() - 1) as usize
    }
}

impl fmt::Display for RefreshChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "refresh {} {}", self.kind.word(), self.position)
    }
}

/// A card of a tiered deck, by its index in the game's directive or module content.
pub type CardId = u8;

/// One tier's draw pile (face down, top last) and discard pile.
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TieredDeck {
    draw: Vec<CardId>,
    discard: Vec<CardId>,
}

impl TieredDeck {
    /// A shuffled draw pile of `cards` and an empty discard pile (§4 step 3).
    pub fn shuffled(mut cards: Vec<CardId>, rng: &mut Rng) -> TieredDeck {
        rng.shuffle(&mut cards);
        TieredDeck {
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// The draw replacement rule (§7 phase 1 step 3): the top card of the draw pile; if it is
    /// empty, the discard pile is shuffled into a new draw pile first; `None` if both are empty.
    pub fn draw(&mut self, rng: &mut Rng) -> Option<CardId> {
        if self.draw.is_empty() {
            std::mem::swap(&mut self.draw, &mut self.discard);
            rng.shuffle(&mut self.draw);
        }
        self.draw.pop()
    }

    /// Puts a face-up card on the discard pile.
    pub fn discard(&mut self, card: CardId) {
        self.discard.push(card);
    }

    /// Cards in the draw pile.
    pub fn draw_len(&self) -> usize {
        self.draw.len()
    }

    /// The discard pile, bottom first (public).
    pub fn discards(&self) -> &[CardId] {
        &self.discard
    }
}

/// The face-up cards of the four positions and the six tiered decks.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Positions {
    directives: [Option<CardId>; 4],
    modules: [Option<CardId>; 4],
    directive_decks: [TieredDeck; 3],
    module_decks: [TieredDeck; 3],
}

impl Positions {
    /// Setup (§4 steps 3–4): `directive_tiers[i]` is the tier of directive card `i`,
    /// `module_tiers[i]` that of module card `i`. Each tier is shuffled on its own (D1, D2, D3,
    /// then M1, M2, M3), then positions 1 to 4 each draw their directive, then their module.
    pub fn setup(
        directive_tiers: &[DirectiveTier],
        module_tiers: &[ModuleTier],
        rng: &mut Rng,
    ) -> Positions {
        let directive_decks = [DirectiveTier::D1, DirectiveTier::D2, DirectiveTier::D3]
            .map(|t| TieredDeck::shuffled(pile(directive_tiers, t), rng));
        let module_decks = [ModuleTier::M1, ModuleTier::M2, ModuleTier::M3]
            .map(|t| TieredDeck::shuffled(pile(module_tiers, t), rng));
        let mut positions = Positions {
            directives: [None; 4],
            modules: [None; 4],
            directive_decks,
            module_decks,
        };
        for p in Position::ALL {
            let (d, m) = p.tiers();
            let i = usize::from(p.number() - 1);
            positions.directives[i] = positions.directive_decks[d as usize].draw(rng);
            positions.modules[i] = positions.module_decks[m as usize].draw(rng);
        }
        positions
    }

    /// The face-up directive at a position (`None` when its tier ran out).
    pub fn directive(&self, p: Position) -> Option<CardId> {
        self.directives[usize::from(p.number() - 1)]
    }

    /// The face-up module at a position.
    pub fn module(&self, p: Position) -> Option<CardId> {
        self.modules[usize::from(p.number() - 1)]
    }

    /// A directive tier's deck.
    pub fn directive_deck(&self, tier: DirectiveTier) -> &TieredDeck {
        &self.directive_decks[tier as usize]
    }

    /// A module tier's deck.
    pub fn module_deck(&self, tier: ModuleTier) -> &TieredDeck {
        &self.module_decks[tier as usize]
    }

    /// The Master's refresh (§7 phase 1 step 2): the chosen card or cards go to their tiers'
    /// discard piles, then each is replaced from the position's own tier by the draw
    /// replacement rule. A pair discards both cards before drawing either.
    pub fn refresh(&mut self, choice: RefreshChoice, rng: &mut Rng) {
        let i = usize::from(choice.position.number() - 1);
        let (d, m) = choice.position.tiers();
        let (d, m) = (d as usize, m as usize);
        let directive = matches!(choice.kind, RefreshKind::Pair | RefreshKind::Directive);
        let module = matches!(choice.kind, RefreshKind::Pair | RefreshKind::Module);
        if directive {
            if let Some(card) = self.directives[i].take() {
                self.directive_decks[d].discard(card);
            }
        }
        if module {
            if let Some(card) = self.modules[i].take() {
                self.module_decks[m].discard(card);
            }
        }
        if directive {
            self.directives[i] = self.directive_decks[d].draw(rng);
        }
        if module {
            self.modules[i] = self.module_decks[m].draw(rng);
        }
    }
}

/// The card ids whose tier is `want`, in id order.
fn pile<T: PartialEq>(tiers: &[T], want: T) -> Vec<CardId> {
    tiers
        .iter()
        .enumerate()
        .filter(|(_, t)| **t == want)
        .filter_map(|(i, _)| CardId::try_from(i).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(kind: RefreshKind, position: u8) -> RefreshChoice {
        RefreshChoice {
            kind,
            position: pos(position),
        }
    }

    fn pos(n: u8) -> Position {
        Position::try_from(n).unwrap()
    }

    /// The card data's tier sizes: D1 10, D2 10, D3 5; M1, M2, M3 8 each.
    fn full() -> (Vec<DirectiveTier>, Vec<ModuleTier>) {
        let mut d = vec![DirectiveTier::D1; 10];
        d.extend([DirectiveTier::D2; 10]);
        d.extend([DirectiveTier::D3; 5]);
        let mut m = vec![ModuleTier::M1; 8];
        m.extend([ModuleTier::M2; 8]);
        m.extend([ModuleTier::M3; 8]);
        (d, m)
    }

    #[test]
    fn setup_deals_each_position_from_its_tier_pair() {
        let (d, m) = full();
        let mut rng = Rng::seed_from_u64(3);
        let p = Positions::setup(&d, &m, &mut rng);
        for position in Position::ALL {
            let (dt, mt) = position.tiers();
            let dc = p.directive(position).unwrap();
            let mc = p.module(position).unwrap();
            assert_eq!(d[usize::from(dc)], dt, "directive at {position}");
            assert_eq!(m[usize::from(mc)], mt, "module at {position}");
        }
        // D1 and M2 are each shared by two positions.
        assert_eq!(p.directive_deck(DirectiveTier::D1).draw_len(), 8);
        assert_eq!(p.module_deck(ModuleTier::M2).draw_len(), 6);
        assert_eq!(p.directive_deck(DirectiveTier::D3).draw_len(), 4);
        assert_eq!(p, Positions::setup(&d, &m, &mut Rng::seed_from_u64(3)));
    }

    #[test]
    fn refresh_directive_discards_to_its_tier_and_draws_from_it() {
        let (d, m) = full();
        let mut rng = Rng::seed_from_u64(5);
        let mut p = Positions::setup(&d, &m, &mut rng);
        let old = p.directive(pos(3)).unwrap();
        let module = p.module(pos(3));
        p.refresh(choice(RefreshKind::Directive, 3), &mut rng);
        assert_eq!(p.directive_deck(DirectiveTier::D2).discards(), [old]);
        let new = p.directive(pos(3)).unwrap();
        assert_ne!(new, old);
        assert_eq!(d[usize::from(new)], DirectiveTier::D2);
        assert_eq!(p.module(pos(3)), module, "the module stays");
    }

    #[test]
    fn refresh_pair_replaces_both_cards_and_refresh_module_only_the_module() {
        let (d, m) = full();
        let mut rng = Rng::seed_from_u64(9);
        let mut p = Positions::setup(&d, &m, &mut rng);
        let (d1, m1) = (p.directive(pos(1)), p.module(pos(1)));
        p.refresh(choice(RefreshKind::Pair, 1), &mut rng);
        assert_ne!(p.directive(pos(1)), d1);
        assert_ne!(p.module(pos(1)), m1);
        assert_eq!(p.module_deck(ModuleTier::M3).discards().len(), 1);
        let (d4, m4) = (p.directive(pos(4)), p.module(pos(4)));
        p.refresh(choice(RefreshKind::Module, 4), &mut rng);
        assert_eq!(p.directive(pos(4)), d4);
        assert_ne!(p.module(pos(4)), m4);
    }

    #[test]
    fn an_empty_draw_pile_is_refilled_from_its_discard_pile() {
        // One D3 card only: after setup the D3 draw pile is empty; refreshing position 4
        // discards that card, reshuffles the discards and draws it again.
        let d = vec![
            DirectiveTier::D1,
            DirectiveTier::D1,
            DirectiveTier::D2,
            DirectiveTier::D3,
        ];
        let m = vec![
            ModuleTier::M1,
            ModuleTier::M2,
            ModuleTier::M2,
            ModuleTier::M3,
        ];
        let mut rng = Rng::seed_from_u64(1);
        let mut p = Positions::setup(&d, &m, &mut rng);
        assert_eq!(p.directive(pos(4)), Some(3));
        p.refresh(choice(RefreshKind::Directive, 4), &mut rng);
        assert_eq!(p.directive(pos(4)), Some(3));
        assert!(p.directive_deck(DirectiveTier::D3).discards().is_empty());
    }

    #[test]
    fn a_slot_stays_empty_when_its_tier_has_no_cards_left() {
        // No D3 cards at all: position 4 has no directive, and refreshing leaves it empty.
        let d = vec![DirectiveTier::D1, DirectiveTier::D1, DirectiveTier::D2];
        let m = vec![
            ModuleTier::M1,
            ModuleTier::M2,
            ModuleTier::M2,
            ModuleTier::M3,
        ];
        let mut rng = Rng::seed_from_u64(2);
        let mut p = Positions::setup(&d, &m, &mut rng);
        assert_eq!(p.directive(pos(4)), None);
        p.refresh(choice(RefreshKind::Pair, 4), &mut rng);
        assert_eq!(p.directive(pos(4)), None);
        assert!(p.module(pos(4)).is_some(), "M1 still has its card");
    }

    #[test]
    fn refresh_choices_are_twelve_with_text_and_index() {
        let all: Vec<RefreshChoice> = RefreshChoice::all().collect();
        assert_eq!(all.len(), 12);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(c.index(), i);
        }
        assert_eq!(all[5].to_string(), "refresh directive 2");
    }
}
