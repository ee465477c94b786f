//! Deck rules: a Commander outside the deck, exactly 60 cards, known cards only, and one copy
//! of each Unique, Legendary or Artifact card (decisions, "Setup and turn"; rule 48 of
//! `docs/rules/starcore.md`).

use crate::action::CardId;
use crate::card::{Card, Kind};
use crate::config::{DECK_SIZE, DeckList, DeckRules};
use gridwright_engine::content::Problems;

/// Checks `list` against the pool `cards` (`lookup` finds a card's id by name), recording every
/// problem under fields `commander` and `cards.<id>`; the deck as a sorted multiset when there
/// were none.
pub(crate) fn check_deck(
    list: &DeckList,
    cards: &[Card],
    lookup: impl Fn(&str) -> Option<CardId>,
    found: &mut Problems,
) -> Option<DeckRules> {
    let before = found.len();
    let commander = match lookup(&list.commander) {
        Some(id) if matches!(cards[id.index()].kind(), Kind::Commander(_)) => Some(id),
        Some(_) => {
            found.push(
                "commander",
                format!("`{}` is not a Commander", list.commander),
            );
            None
        }
        None => {
            found.push("commander", format!("unknown card `{}`", list.commander));
            None
        }
    };
    let mut deck = Vec::new();
    let mut total = 0usize;
    for (name, &count) in &list.cards {
        let field = format!("cards.{name}");
        total += usize::from(count);
        let Some(id) = lookup(name) else {
            found.push(field, format!("unknown card `{name}`"));
            continue;
        };
        let card = &cards[id.index()];
        if matches!(card.kind(), Kind::Commander(_)) {
            found.push(
                field,
                format!("`{name}` is a Commander, which stays outside the deck"),
            );
            continue;
        }
        if count == 0 {
            found.push(field.clone(), "a count of 0: leave the card out");
        }
        if card.rarity().single_copy() && count > 1 {
            found.push(
                field,
                format!(
                    "`{name}` is {:?}: at most 1 copy a deck, not {count}",
                    card.rarity()
                ),
            );
        }
        deck.extend(std::iter::repeat_n(id, usize::from(count)));
    }
    if total != DECK_SIZE {
        found.push(
            "cards",
            format!("a deck holds exactly {DECK_SIZE} cards, not {total}"),
        );
    }
    deck.sort_unstable();
    if found.len() != before {
        return None;
    }
    Some(DeckRules {
        name: list.name.clone(),
        commander: commander?,
        cards: deck,
    })
}
