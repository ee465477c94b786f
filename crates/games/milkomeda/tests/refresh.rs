//! Invariants of the Master's refresh: no directive or module card is ever created or lost.

use gridwright_engine::Rng;
use gridwright_milkomeda::rules::directives::{DirectiveTier, ModuleTier, Position};
use gridwright_milkomeda::rules::refresh::{Positions, RefreshChoice};
use proptest::prelude::*;

fn total(p: &Positions) -> usize {
    let face_up = Position::ALL
        .iter()
        .map(|q| usize::from(p.directive(*q).is_some()) + usize::from(p.module(*q).is_some()))
        .sum::<usize>();
    let d = [DirectiveTier::D1, DirectiveTier::D2, DirectiveTier::D3]
        .iter()
        .map(|t| p.directive_deck(*t).draw_len() + p.directive_deck(*t).discards().len())
        .sum::<usize>();
    let m = [ModuleTier::M1, ModuleTier::M2, ModuleTier::M3]
        .iter()
        .map(|t| p.module_deck(*t).draw_len() + p.module_deck(*t).discards().len())
        .sum::<usize>();
    face_up + d + m
}

proptest! {
    #[test]
    fn refreshes_neither_create_nor_lose_cards(
        d in proptest::collection::vec(0usize..3, 0..12),
        m in proptest::collection::vec(0usize..3, 0..12),
        seed in any::<u64>(),
        choices in proptest::collection::vec(0usize..12, 0..30),
    ) {
        let d: Vec<DirectiveTier> = d.iter().map(|i| [DirectiveTier::D1, DirectiveTier::D2, DirectiveTier::D3][*i]).collect();
        let m: Vec<ModuleTier> = m.iter().map(|i| [ModuleTier::M1, ModuleTier::M2, ModuleTier::M3][*i]).collect();
        let mut rng = Rng::seed_from_u64(seed);
        let mut p = Positions::setup(&d, &m, &mut rng);
        let all: Vec<RefreshChoice> = RefreshChoice::all().collect();
        prop_assert_eq!(total(&p), d.len() + m.len());
        for c in choices {
            p.refresh(all[c], &mut rng);
            prop_assert_eq!(total(&p), d.len() + m.len());
            for q in Position::ALL {
                let (dt, mt) = q.tiers();
                if let Some(card) = p.directive(q) {
                    prop_assert_eq!(d[usize::from(card)], dt);
                }
                if let Some(card) = p.module(q) {
                    prop_assert_eq!(m[usize::from(card)], mt);
                }
            }
        }
    }
}
