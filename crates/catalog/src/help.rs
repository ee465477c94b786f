//! Help for a player at a terminal (`gridwright play`): `help` explains the actions of the
//! current step in words, and `card NAME` shows a card, a unit type, a chassis part or a sector
//! card from the match's reference data, with the glossary for anything else. The command line
//! only composes these; the words live here and in the games' content.

use crate::{Frontend, GameKind, HowToPlay, Reference};
use gridwright_engine::Seat;

/// What each kind of action does, by the first word of its text, per game.
fn verb_help(kind: GameKind, verb: &str) -> Option<&'static str> {
    use GameKind::*;
    Some(match (kind, verb) {
        (GridBattles, "activate") => "choose a fresh unit to act this turn",
        (GridBattles, "move") => "move an activated unit to a hex it can reach",
        (GridBattles, "hold") => "keep an activated unit where it stands",
        (GridBattles, "attack") => {
            "attack an enemy with an activated unit (the odds are shown first)"
        }
        (GridBattles | CommandCore | Milkomeda, "done") => "end this part of the turn",
        (CommandCore, "place") => "choose to place your mechs first or second",
        (CommandCore, "deploy") => "put a mech on a square of your edge, facing a direction",
        (CommandCore, "assign") => "give one of your mechs an order number for this round",
        (CommandCore, "program") => "put a directive card into the next slot of a mech's program",
        (CommandCore, "leave") => {
            "leave the next slot empty: a random card fills it when the mech runs"
        }
        (CommandCore, "fire") => "fire a weapon (its delta is paid first, then you aim)",
        (CommandCore, "hold") => "do not fire with this mech",
        (CommandCore, "aim") => "choose the target of the weapon just fired",
        (CommandCore, "reroll") => "reroll one die for Surge or Flux",
        (CommandCore | Starcore | Milkomeda, "keep") => "keep what you have and go on",
        (CommandCore, "put") => "spend a targeting token to put a revealed card back",
        (CommandCore, "deplete") => "choose the revealed card that is knocked out",
        (ConnectFour, "drop") => "drop a disc into a column",
        (Starcore, "mulligan") => "put your whole hand back and draw 8 new cards (once)",
        (Starcore, "commander") => "place your Commander on a tile of your grid",
        (Starcore, "move") => "move a card up to its Movement",
        (Starcore, "deploy") => "deploy a card from your hand onto a tile, paying its cost",
        (Starcore, "play") => "play an Action card from your hand",
        (Starcore, "attack") => {
            "attack an enemy card in the attacker's box (the odds are shown first)"
        }
        (Starcore, "activate") => "use a card's activated ability, paid by its network",
        (Starcore, "pass") => "let the top of the stack resolve, or end this step",
        (Milkomeda, "probe") => "choose where an exploration probe starts",
        (Milkomeda, "launch") => "send the probes and draw the sector cards",
        (Milkomeda, "place") => "place a drawn sector card on a space, turned as shown",
        (Milkomeda, "pay" | "offer") => "finish your bribe to the Master",
        (Milkomeda, "add") => "add one resource to the bribe you are building",
        (Milkomeda, "withdraw") => "take back your offer",
        (Milkomeda, "refresh") => "as the Master, refresh a directive or module position",
        (Milkomeda, "give") => "as the Master, deal the next order card to a player",
        (Milkomeda, "propose") => "as the Master, propose who gets the next order card",
        (Milkomeda, "bonus") => "take an M-Brain bonus resource",
        (Milkomeda, "explore" | "move" | "build" | "attack") => {
            "take this main action (or, after it, do one of its steps)"
        }
        (Milkomeda, "pass") => "take no main action this turn",
        (Milkomeda, "boost") => "pay extra to draw more cards or move farther",
        (Milkomeda, "fleets") => "build fleets at your homeworld and Outposts",
        (Milkomeda, "strike") => "strike a structure with your Starlance",
        (Milkomeda, "engage") => "start the battle",
        (Milkomeda, "module") => "use the action module of a matched directive",
        (Milkomeda, "no") => "skip the action module",
        (Milkomeda, "claim") => "claim an objective slot whose condition you meet",
        (Milkomeda, "end") => "end your turn",
        (Milkomeda, "ships") => "put ships of the next type into your sealed battle roster",
        (Milkomeda, "hits") => "put hits on the next enemy ship type (sealed)",
        (Milkomeda, "mark") => "mark a ship of this player",
        _ => return None,
    })
}

/// What `seat` may do now, in words: one line per kind of action, with how many there are
/// and an example (`attack (3): attack an enemy … e.g. attack 2 5`).
pub fn step_help<G: Frontend>(state: &G, seat: Seat) -> String {
    let Some(kind) = GameKind::from_name(G::INFO.short_name) else {
        return String::new();
    };
    let mut legal = Vec::new();
    state.legal_actions(seat, &mut legal);
    if legal.is_empty() {
        return format!("{seat} has nothing to do now.");
    }
    let mut verbs: Vec<(String, usize, String)> = Vec::new();
    for a in &legal {
        let text = state.action_text(a);
        let verb = text.split(' ').next().unwrap_or_default().to_owned();
        match verbs.iter_mut().find(|(v, _, _)| *v == verb) {
            Some((_, n, _)) => *n += 1,
            None => verbs.push((verb, 1, text)),
        }
    }
    let mut out = format!("{seat} may now:");
    for (verb, n, example) in verbs {
        let what = verb_help(kind, &verb).unwrap_or("an action of this step");
        out.push_str(&format!("\n  {verb} ({n}): {what}; e.g. `{example}`"));
    }
    out
}

/// A card, unit type, part or sector card of `reference` named `name` (its name or its id,
/// case ignored), in words; else the glossary's entry for the word.
///
/// # Errors
/// Nothing of that name: the error says so and lists a few names to try.
pub fn describe(reference: &Reference, how: &HowToPlay, name: &str) -> Result<String, String> {
    let want = gridwright_engine::normalize(name);
    for g in &reference.groups {
        for e in &g.entries {
            if gridwright_engine::normalize(&e.name) == want
                || gridwright_engine::normalize(&e.id) == want
            {
                let mut out = format!("{} — {}", e.name, e.kind);
                if !e.stats.is_empty() {
                    let stats: Vec<String> = e
                        .stats
                        .iter()
                        .map(|s| format!("{} {}", s.label, s.value))
                        .collect();
                    out.push_str(&format!("\n  {}", stats.join(" · ")));
                }
                if !e.keywords.is_empty() {
                    out.push_str(&format!("\n  Keywords: {}", e.keywords.join(", ")));
                }
                for line in &e.text {
                    out.push_str(&format!("\n  {line}"));
                }
                return Ok(out);
            }
        }
    }
    if let Some(g) = how.entry(name) {
        return Ok(format!("{} — {}", g.term, g.text));
    }
    let some: Vec<&str> = reference
        .groups
        .iter()
        .flat_map(|g| g.entries.iter().take(3).map(|e| e.name.as_str()))
        .take(6)
        .collect();
    Err(if some.is_empty() {
        format!("nothing is called `{}` in this game", name.trim())
    } else {
        format!(
            "nothing is called `{}` in this game; try a name such as {}",
            name.trim(),
            some.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ContentSource, Starcore, how_to_play};
    use gridwright_engine::Session;

    #[test]
    fn help_explains_each_kind_of_action_of_the_step_in_words() {
        let c = ContentSource::Builtin;
        let config = Starcore::load_config(&c, None).unwrap();
        // The session resolves the coin flip and the deals: the mulligan is next.
        let s = Session::<Starcore>::new(config, 3).unwrap();
        let seat = match s.turn() {
            gridwright_engine::Turn::Seat(x) => x,
            gridwright_engine::Turn::Simultaneous(set) => set.iter().next().unwrap(),
            t => panic!("{t:?}"),
        };
        let help = step_help(s.state(), seat);
        assert!(help.contains("keep (1): keep what you have"), "{help}");
        assert!(
            help.contains("mulligan (1): put your whole hand back"),
            "{help}"
        );
    }

    /// `help` at the start of `G`'s default setup and `card NAME`, as the terminal prints them.
    fn help_and_card<G: Frontend>(kind: GameKind, name: &str) -> (String, String) {
        let c = ContentSource::Builtin;
        let s = Session::<G>::new(G::load_config(&c, None).unwrap(), 1).unwrap();
        let seat = match s.turn() {
            gridwright_engine::Turn::Seat(x) => x,
            t => panic!("{t:?}"),
        };
        let how = how_to_play(&c, kind).unwrap();
        let card = describe(&G::reference(s.config()), &how, name).unwrap();
        (step_help(s.state(), seat), card)
    }

    /// `help` and `card NAME` at the terminal for Grid Battles, Command Core and Connect Four,
    /// word for word.
    #[test]
    fn help_and_card_read_as_words_in_the_three_board_games() {
        use crate::{CommandCore, ConnectFour, GridBattles};
        assert_eq!(
            help_and_card::<GridBattles>(GameKind::GridBattles, "knight"),
            (
                "P1 may now:\n  activate (3): choose a fresh unit to act this turn; e.g. `activate 1`".into(),
                "Knight — mounted unit, melee\n  Health 3 · Movement 3 · Attack die Red die · Defence die Black die\n  Keywords: Mounted, Melee\n  Has the advantage against missile units: its bonus symbols count as hits.".into()
            )
        );
        assert_eq!(
            help_and_card::<CommandCore>(GameKind::CommandCore, "veer"),
            (
                "P2 may now:\n  place (2): choose to place your mechs first or second; e.g. `place second`".into(),
                "Veer — Split directive of the Wasp\n  Top half: forward, then turn left 45 (blue, cost +0); cost +1 when the previous slot shows red.\n  Bottom half: forward, then turn right 45 (blue, cost +0); cost +1 when the previous slot shows red.".into()
            )
        );
        assert_eq!(
            help_and_card::<ConnectFour>(GameKind::ConnectFour, "column"),
            (
                "P1 may now:\n  drop (7): drop a disc into a column; e.g. `drop 1`".into(),
                "Column — One of the seven vertical slots, numbered 1 to 7 from the left. A disc dropped in it falls to the lowest empty space.".into()
            )
        );
    }

    #[test]
    fn card_shows_a_card_by_name_or_id_and_falls_back_to_the_glossary() {
        let c = ContentSource::Builtin;
        let config = Starcore::load_config(&c, None).unwrap();
        let r = Starcore::reference(&config);
        let how = how_to_play(&c, GameKind::Starcore).unwrap();
        let first = &r.groups[0].entries[0];
        let by_name = describe(&r, &how, &first.name.to_uppercase()).unwrap();
        assert!(
            by_name.starts_with(&format!("{} — ", first.name)),
            "{by_name}"
        );
        assert_eq!(describe(&r, &how, &first.id).unwrap(), by_name);
        let word = describe(&r, &how, "first strike").unwrap();
        assert!(word.starts_with("First Strike — "), "{word}");
        let e = describe(&r, &how, "no such card").unwrap_err();
        assert!(e.contains("try a name such as"), "{e}");
    }
}
