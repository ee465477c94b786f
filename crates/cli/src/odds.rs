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
    /// Command Core: attack dice rolled.
    #[arg(long)]
    attack: Option<u8>,
    /// Command Core: the defender's armour dice in the targeted arc.
    #[arg(long, alias = "armor")]
    armour: Option<u8>,
    /// Command Core: the defender's evade dice.
    #[arg(long)]
    evade: Option<u8>,
    /// Command Core: the attacker's Surge (1 per attack-die reroll).
    #[arg(long, default_value_t = 0)]
    surge: u8,
    /// Command Core: the defender's Flux (1 per armour-die reroll).
    #[arg(long, default_value_t = 0)]
    flux: u8,
    /// Command Core: the defender's Surge (1 per evade-die reroll).
    #[arg(long, default_value_t = 0)]
    defender_surge: u8,
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
        GameKind::CommandCore => command_core(content, &args),
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
        outln!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        outln!(
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
        outln!("{}", table(&odds.hits, "hits"));
        outln!(
            "  expected {} ≈ {:.4} hits",
            odds.expected,
            odds.expected.to_f64()
        );
    }
    Ok(())
}

fn command_core(content: &ContentSource, args: &OddsArgs) -> Result<()> {
    let (Some(attack), Some(armour), Some(evade)) = (args.attack, args.armour, args.evade) else {
        bail!(
            "command-core odds need --attack N --armour A --evade E [--surge S --flux F --defender-surge D]"
        );
    };
    let c = gridwright_catalog::command_core::content(content)?;
    let query = gridwright_command_core::OddsQuery {
        attack,
        armour,
        evade,
        attacker_surge: args.surge,
        defender_flux: args.flux,
        defender_surge: args.defender_surge,
    };
    // Exactly the query asked, or a refusal saying why: never odds of fewer dice.
    let odds = gridwright_command_core::damage_odds_with(c.dice(), query)?;
    let widen = |v: &[(u8, Ratio)]| {
        v.iter()
            .map(|(k, p)| (u32::from(*k), *p))
            .collect::<Vec<_>>()
    };
    let (damage, crits) = (widen(&odds.damage), widen(&odds.crits));
    const POLICY: &str = "Rerolls are played for expected damage: the attacker rerolls blank attack dice \
        (1 Surge each), the defender rerolls blank armour dice with Flux and blank evade dice with \
        Surge; each die at most once. This policy is optimal (checked exhaustively in the tests).";
    if args.json {
        let doc = serde_json::json!({
            "game": "command-core",
            "attack": attack, "armour": armour, "evade": evade,
            "surge": args.surge, "flux": args.flux, "defender_surge": args.defender_surge,
            "distribution": damage.iter().map(|(v, p)| entry(*v, *p)).collect::<Vec<_>>(),
            "expected": odds.expected_damage.to_f64(),
            "expected_exact": odds.expected_damage.to_string(),
            "crits": crits.iter().map(|(v, p)| entry(*v, *p)).collect::<Vec<_>>(),
            "expected_crits": odds.expected_crits.to_f64(),
            "reroll_policy": POLICY,
        });
        outln!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        outln!(
            "{attack} attack dice (Surge {}) against {armour} armour + {evade} evade (Flux {}, Surge {})",
            args.surge,
            args.flux,
            args.defender_surge
        );
        outln!("structure damage:\n{}", table(&damage, "damage"));
        outln!(
            "  expected {} ≈ {:.4}",
            odds.expected_damage,
            odds.expected_damage.to_f64()
        );
        outln!("uncancelled crits:\n{}", table(&crits, "crits"));
        outln!(
            "  expected {} ≈ {:.4}",
            odds.expected_crits,
            odds.expected_crits.to_f64()
        );
        outln!("{POLICY}");
    }
    Ok(())
}
