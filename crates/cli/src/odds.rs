//! `gridwright odds`: exact outcome distributions for a matchup.

use crate::game_kind;
use anyhow::{Result, bail};
use gridwright_catalog::{ContentSource, GameKind};
use gridwright_engine::dice::Ratio;

#[derive(clap::Args, Debug)]
pub struct OddsArgs {
    /// The game's short name.
    game: String,
    /// Grid Battles: the attacking unit type (e.g. `knight`).
    #[arg(long)]
    attacker: Option<String>,
    /// Grid Battles: the defending unit type (e.g. `pikeman`).
    #[arg(long)]
    defender: Option<String>,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

/// One line of a distribution, in the JSON form every odds report uses.
fn entry(value: u32, p: Ratio) -> serde_json::Value {
    serde_json::json!({ "value": value, "probability": p.to_string(), "decimal": p.to_f64() })
}

fn table(rows: &[(u32, Ratio)], what: &str) -> String {
    rows.iter()
        .map(|(v, p)| {
            format!(
                "  {v:>2} {what:<6} {:>9}  {:>7.3}%",
                p.to_string(),
                100.0 * p.to_f64()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn run(content: &ContentSource, args: OddsArgs) -> Result<()> {
    match game_kind(&args.game)? {
        GameKind::GridBattles => grid_battles(content, &args),
        other => bail!("`gridwright odds` has no matchups for {} yet", other.name()),
    }
}

fn grid_battles(content: &ContentSource, args: &OddsArgs) -> Result<()> {
    let (Some(attacker), Some(defender)) = (&args.attacker, &args.defender) else {
        bail!("grid-battles odds need --attacker UNIT and --defender UNIT");
    };
    let c = gridwright_catalog::grid_battles::content(content)?;
    let odds = gridwright_grid_battles::unit_matchup_odds(&c, attacker, defender)?;
    if args.json {
        let doc = serde_json::json!({
            "game": "grid-battles",
            "attacker": odds.attacker,
            "defender": odds.defender,
            "attack_die": odds.attack_die,
            "defence_die": odds.defence_die,
            "advantage": odds.advantage,
            "distribution": odds.hits.iter().map(|(v, p)| entry(*v, *p)).collect::<Vec<_>>(),
            "expected": odds.expected.to_f64(),
            "expected_exact": odds.expected.to_string(),
        });
        println!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        println!(
            "{} ({} die) attacking {} ({} die){}",
            odds.attacker,
            odds.attack_die,
            odds.defender,
            odds.defence_die,
            if odds.advantage {
                " — bonus symbols count (advantage)"
            } else {
                ""
            }
        );
        println!("{}", table(&odds.hits, "hits"));
        println!(
            "  expected {} ≈ {:.4} hits",
            odds.expected,
            odds.expected.to_f64()
        );
    }
    Ok(())
}
