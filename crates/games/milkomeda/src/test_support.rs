//! Helpers shared by the unit tests.

use crate::rules::map::{Map, Rotation, SectorRef, Space, Tile};

/// Places sector card `i` unturned on the `i`-th of `spaces`.
pub(crate) fn place_cards(map: &mut Map, spaces: impl IntoIterator<Item = Space>) {
    for (i, space) in spaces.into_iter().enumerate() {
        let sector = SectorRef::Card(crate::SectorId(u8::try_from(i).unwrap()));
        map.place(
            space,
            Tile {
                sector,
                rotation: Rotation::R0,
            },
        )
        .unwrap();
    }
}

/// The abilities of the shipped civilization `id` (`civilizations.toml`, §5).
pub(crate) fn shipped_abilities(id: &str) -> crate::rules::civilizations::Abilities {
    let content = crate::Content::builtin().unwrap();
    let found = content.civilizations().iter().find(|c| c.id == id);
    found
        .unwrap_or_else(|| panic!("no civilization {id}"))
        .abilities
}
