//! Content and config validation: every problem is reported, each with its file, line and field
//! (issue 11).

use gridwright_command_core::{CommandCore, Content, Problem};
use gridwright_engine::Game;

const DUEL: &str = include_str!("../../../../content/command-core/scenarios/duel.toml");

/// The line (1-based) of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

fn find<'a>(ps: &'a [Problem], field: &str) -> &'a Problem {
    ps.iter()
        .find(|p| p.field == field)
        .unwrap_or_else(|| panic!("no problem on `{field}` in {ps:#?}"))
}

/// Three mistakes in one scenario file: a round limit of 0, a deployment range wider than the
/// board allows (only the whole-config check knows that) and an unknown home edge. All three are
/// reported, at their lines; before issue 11 the first two hid the third.
#[test]
fn a_scenario_with_three_errors_reports_all_three_at_their_lines() {
    let bad = DUEL
        .replace("round_limit = 12", "round_limit = 0")
        .replace("deploy_range = 1", "deploy_range = 12")
        .replace("home_edge = \"south\"", "home_edge = \"up\"");
    let c = Content::builtin().unwrap();
    let path = std::env::temp_dir().join(format!("gw-cc-three-{}.toml", std::process::id()));
    std::fs::write(&path, &bad).unwrap();
    let err = c.config(&path.display().to_string()).unwrap_err();
    let _ = std::fs::remove_file(&path);
    let ps = err.problems();
    assert_eq!(ps.len(), 3, "{err}");
    for (field, needle) in [
        ("round_limit", "round_limit"),
        ("board.deploy_range", "deploy_range ="),
        ("side[1].home_edge", "\"up\""),
    ] {
        let p = find(ps, field);
        assert_eq!(p.line, Some(line_of(&bad, needle)), "{p}");
        assert!(p.file.ends_with(".toml"), "{p}");
    }
    assert!(
        find(ps, "board.deploy_range")
            .message
            .contains("must be 1 to 10, not 12"),
        "{err}"
    );
}

/// A config from a replay with three inconsistencies is refused with all three named by field;
/// before issue 11, `Rules::new` stopped at the first.
#[test]
fn an_invalid_config_lists_every_problem_with_its_field() {
    let mut config = Content::builtin().unwrap().config("duel").unwrap();
    config.chassis[0].slots = 9;
    config.round_limit = 0;
    config.sides[1].mechs.push("nobody".into());
    let e = CommandCore::new(&config).unwrap_err().to_string();
    for field in ["`chassis[0].slots`", "`round_limit`", "`sides[1].mechs[2]`"] {
        assert!(e.contains(field), "{field} missing from: {e}");
    }
}

/// Three mistakes in one chassis file, of both kinds (a name the file gets wrong, numbers the
/// chassis check refuses), are all reported at their lines.
#[test]
fn a_chassis_with_three_errors_reports_all_three_at_their_lines() {
    let scout = include_str!("../../../../content/command-core/chassis/scout.toml");
    let dice = include_str!("../../../../content/command-core/dice.toml");
    let bad = scout
        .lines()
        .map(|l| {
            if l.starts_with("slots =") {
                "slots = 9"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        .replace("structure = ", "structure = 0 #")
        .replacen("\"forward\"", "\"jump\"", 1);
    let err = Content::from_sources(dice, vec![("scout".into(), bad.clone())], vec![]).unwrap_err();
    let ps = err.problems();
    assert_eq!(ps.len(), 3, "{err}");
    assert_eq!(find(ps, "slots").line, Some(line_of(&bad, "slots =")));
    assert_eq!(
        find(ps, "structure").line,
        Some(line_of(&bad, "structure ="))
    );
    let icon = ps.iter().find(|p| p.message.contains("jump")).unwrap();
    assert_eq!(icon.line, Some(line_of(&bad, "\"jump\"")), "{err}");
}
