//! `gridwright odds`: exact outcome distributions for a matchup. Each game names its own
//! parameters and answers through the catalog (`Frontend::ODDS`, `Frontend::odds`); this file
//! only parses the words and prints.

use crate::game_kind;
use anyhow::Result;
use gridwright_catalog::{ContentSource, Frontend, GameKind, OddsQuery, odds_help, with_game};

#[derive(clap::Args, Debug)]
pub struct OddsArgs {
    /// The game's short name.
    game: String,
    /// The game's parameters (`--name VALUE`, listed below) and `--json` for one JSON document.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "PARAMETERS"
    )]
    words: Vec<String>,
}

pub fn run(content: &ContentSource, args: OddsArgs) -> Result<()> {
    let kind = game_kind(&args.game)?;
    let json = args.words.iter().any(|w| w == "--json");
    // The global `--content DIR` may come after the game's parameters too.
    let (mut words, mut own_content) = (Vec::new(), None);
    let mut rest = args.words.into_iter().filter(|w| w != "--json");
    while let Some(w) = rest.next() {
        if w == "--content" {
            own_content = Some(
                rest.next()
                    .ok_or_else(|| anyhow::anyhow!("`--content` needs a directory"))?,
            );
        } else if let Some(dir) = w.strip_prefix("--content=") {
            own_content = Some(dir.to_owned());
        } else {
            words.push(w);
        }
    }
    let own_content =
        own_content.map(|dir| ContentSource::discover(Some(std::path::Path::new(&dir))));
    let content = match &own_content {
        Some(c) => {
            c.check()?;
            c
        }
        None => content,
    };
    with_game!(kind, G => {
        let query = OddsQuery::parse(kind.name(), G::ODDS, &words)?;
        let report = G::odds(content, &query)?;
        if json {
            outln!("{}", serde_json::to_string_pretty(&report.json)?);
        } else {
            outln!("{}", report.text);
        }
    });
    Ok(())
}

/// `odds --help` lists every game's parameters, from the catalog: a new game's odds need no
/// edit here.
pub fn with_game_help(cli: clap::Command) -> clap::Command {
    let mut text = String::from("Parameters per game:");
    for kind in GameKind::ALL {
        with_game!(kind, G => {
            if !G::ODDS.is_empty() {
                text.push_str(&format!("\n{}:\n{}", kind.name(), odds_help(G::ODDS)));
            }
        });
    }
    text.push_str(
        "\nExamples:\n  gridwright odds grid-battles --attacker knight --defender pikeman\n  \
         gridwright odds command-core --attack 3 --armour 2 --evade 1 --surge 1 --json",
    );
    cli.mut_subcommand("odds", |c| c.after_help(text))
}
