//! Content loading: shipped files are valid; bad files are refused with file, line and field,
//! and every problem is reported. Nothing panics on input.

use crate::support::{content, sc};
use gridwright_engine::Game;
use gridwright_grid_battles::{Content, ContentError, GridBattles, Problem, preview};
use std::path::Path;

const UNITS: &str = include_str!("../../../../content/grid-battles/units.toml");
const DICE: &str = include_str!("../../../../content/grid-battles/dice.toml");
const RULES: &str = include_str!("../../../../content/grid-battles/rules.toml");

fn problems(text: &str) -> Vec<Problem> {
    match content().scenario_from_toml("bad", "scenarios/bad.toml", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => {
            assert!(!e.problems().is_empty(), "{e}");
            e.problems().to_vec()
        }
    }
}

fn find<'a>(ps: &'a [Problem], field: &str) -> &'a Problem {
    ps.iter()
        .find(|p| p.field == field)
        .unwrap_or_else(|| panic!("no problem on `{field}` in {ps:#?}"))
}

/// A knight against an archer on the test map, as scenario TOML with `from` replaced by `to`.
fn knight_vs_archer_edited(from: &str, to: &str) -> String {
    sc(&[("knight", "0102")], &[("archer", "0202")])
        .toml()
        .replace(from, to)
}

/// The problem `text` has on `field`.
fn problem_on(text: &str, field: &str) -> Problem {
    find(&problems(text), field).clone()
}

/// The line (1-based) of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .expect("needle")
        + 1
}

#[test]
fn shipped_content_is_valid_and_lists_three_scenarios() {
    let c = content();
    assert_eq!(
        c.scenario_names(),
        ["hill-and-woods", "pitched-battle", "skirmish"]
    );
    assert_eq!(c.unit_names(), ["archer", "pikeman", "knight"]);
    for name in c.scenario_names() {
        let config = c.config(&name).expect("config");
        GridBattles::new(&config).expect("builds");
        let summary = c.scenario_summary(&name).expect("summary");
        assert_eq!(summary.seats, 2);
        assert_eq!(
            summary.sides[0].total, summary.sides[1].total,
            "{name} is symmetric"
        );
        assert!(preview(&config).contains(&summary.title));
    }
}

#[test]
fn load_dir_reads_the_same_content_as_builtin() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../content/grid-battles");
    let loaded = Content::load_dir(&dir).expect("loads");
    assert_eq!(&loaded, content());
}

#[test]
fn load_dir_names_a_missing_file() {
    let err = Content::load_dir(Path::new("/nonexistent/grid-battles")).expect_err("missing");
    assert!(matches!(err, ContentError::Io { .. }), "{err}");
    assert!(err.to_string().contains("units.toml"), "{err}");
}

#[test]
fn config_accepts_a_path_to_a_user_scenario() {
    let dir = std::env::temp_dir().join(format!("gb-user-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("duel.toml");
    let text = sc(&[("knight", "0102")], &[("archer", "0202")]).toml();
    std::fs::write(&path, text).expect("write");
    let config = content()
        .config(&path.display().to_string())
        .expect("resolves");
    assert_eq!(config.scenario, "duel");
    assert_eq!(config.sides[0].units[0].unit, "knight");
    let _ = std::fs::remove_dir_all(&dir);
    let err = content().config("no-such-scenario").expect_err("unknown");
    assert!(matches!(err, ContentError::UnknownScenario { .. }));
    assert!(
        err.to_string().contains("skirmish"),
        "lists the known names: {err}"
    );
}

#[test]
fn malformed_scenario_toml_names_file_line_and_field() {
    let text = "title = \"x\"\nactivations = 2\nfirst = \nround_limit = 3\n";
    let ps = problems(text);
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0].file, "scenarios/bad.toml");
    assert_eq!(ps[0].line, Some(3));
    assert_eq!(ps[0].field, "first");
    let shown = ContentError::Invalid { problems: ps }.to_string();
    assert!(shown.contains("scenarios/bad.toml:3"), "{shown}");
}

#[test]
fn missing_field_is_named() {
    let text = knight_vs_archer_edited("round_limit = 10\n", "");
    let ps = problems(&text);
    assert!(ps[0].field == "round_limit", "{ps:#?}");
    assert!(ps[0].message.contains("missing"), "{ps:#?}");
}

#[test]
fn wrong_type_names_line_and_field() {
    let text = knight_vs_archer_edited("round_limit = 10", "round_limit = \"ten\"");
    let ps = problems(&text);
    assert_eq!(ps[0].field, "round_limit", "{ps:#?}");
    assert_eq!(ps[0].line, Some(line_of(&text, "round_limit")));
}

#[test]
fn unknown_field_is_refused() {
    let text = knight_vs_archer_edited("round_limit = 10", "round_limit = 10\nrounds = 3");
    let ps = problems(&text);
    assert_eq!(ps[0].field, "rounds", "{ps:#?}");
}

#[test]
fn unknown_unit_type_is_refused() {
    let text = sc(&[("dragon", "0102")], &[("archer", "0202")]).toml();
    let p = problem_on(&text, "side[0].units[0].type");
    assert_eq!(p.line, Some(line_of(&text, "dragon")));
    assert!(
        p.message.contains("dragon") && p.message.contains("knight"),
        "{p}"
    );
}

#[test]
fn unit_off_the_map_is_refused() {
    let text = sc(&[("knight", "0102")], &[("archer", "0909")]).toml();
    let p = problem_on(&text, "side[1].units[0].at");
    assert_eq!(p.line, Some(line_of(&text, "0909")));
    assert!(p.message.contains("off the map"), "{p}");
}

#[test]
fn two_units_on_one_hex_are_refused() {
    let text = sc(&[("knight", "0102")], &[("archer", "0102")]).toml();
    let p = problem_on(&text, "side[1].units[0].at");
    assert!(p.message.contains("occupied"), "{p}");
}

#[test]
fn bad_hex_code_is_refused() {
    let text = sc(&[("knight", "12")], &[("archer", "0202")]).toml();
    assert!(
        problem_on(&text, "side[0].units[0].at")
            .message
            .contains("\"12\"")
    );
}

#[test]
fn every_problem_is_reported() {
    let text = sc(
        &[("dragon", "0102"), ("knight", "0102")],
        &[("archer", "0909")],
    )
    .k(0)
    .terrain("lava", &["0303"])
    .toml();
    let ps = problems(&text);
    for field in [
        "activations",
        "map.feature[0].terrain",
        "side[0].units[0].type",
        "side[0].units[1].at",
        "side[1].units[0].at",
    ] {
        find(&ps, field);
    }
    assert!(ps.iter().all(|p| p.line.is_some()), "{ps:#?}");
}

#[test]
fn unreachable_victory_is_refused() {
    let text = sc(&[("knight", "0102")], &[("archer", "0202")])
        .vp(3)
        .toml();
    assert!(
        problem_on(&text, "victory.vp")
            .message
            .contains("never be reached")
    );
}

#[test]
fn bad_unit_and_die_files_name_file_line_and_field() {
    let units = UNITS.replace("attack_die = \"red\"", "attack_die = \"purple\"");
    let dice = DICE.replace("[\"sword\", \"sword\", \"sword\", \"sword\"]", "[\"axe\"]");
    let err = Content::from_sources(&units, &dice, RULES, Vec::new()).expect_err("invalid");
    let ps = err.problems();
    let p = ps
        .iter()
        .find(|p| p.file == "units.toml")
        .expect("units problem");
    assert_eq!(p.field, "unit[2].attack_die");
    assert_eq!(p.line, Some(line_of(&units, "purple")));
    let p = ps
        .iter()
        .find(|p| p.file == "dice.toml")
        .expect("dice problem");
    assert!(p.message.contains("axe"), "{p}");
    assert_eq!(p.line, Some(line_of(&dice, "axe")));
}

#[test]
fn bad_rules_file_is_refused() {
    let rules = RULES.replace("against = \"infantry\"", "against = \"dragons\"");
    let err = Content::from_sources(UNITS, DICE, &rules, Vec::new()).expect_err("invalid");
    let p = &err.problems()[0];
    assert_eq!(
        (p.file.as_str(), p.field.as_str()),
        ("rules.toml", "bonus[0].against")
    );
}

#[test]
fn invalid_replay_config_is_an_error_not_a_panic() {
    let mut config = content().config("skirmish").expect("config");
    config.sides[1].units[0].at = "0909".into();
    assert!(GridBattles::new(&config).is_err());
    let mut config = content().config("skirmish").expect("config");
    config.units[0].attack_die = "purple".into();
    assert!(GridBattles::new(&config).is_err());
    let mut config = content().config("skirmish").expect("config");
    config.map.rows[0] = "?".into();
    assert!(GridBattles::new(&config).is_err());
    let mut config = content().config("skirmish").expect("config");
    config.map.width = 0;
    assert!(GridBattles::new(&config).is_err());
}

/// 20,000 unit types that all collide on their map letter: every problem is reported with the
/// line of its unit (line numbers now come from one pass over the file; the time is measured
/// in the `grid-battles/content` bench, not here).
#[test]
fn twenty_thousand_units_report_every_problem_at_its_line() {
    let n = 20_000;
    let mut units = String::new();
    for i in 0..n {
        units.push_str(&format!(
            "[[unit]]\nid = \"u{i}\"\nbase = [\"infantry\"]\nattack = \"melee\"\nmovement = 2\nhealth = 4\nattack_die = \"blue\"\ndefence_die = \"grey\"\n\n"
        ));
    }
    let e = Content::from_sources(&units, DICE, RULES, Vec::new()).unwrap_err();
    let letters: Vec<&Problem> = e
        .problems()
        .iter()
        .filter(|p| p.field.ends_with(".letter"))
        .collect();
    assert_eq!(
        letters.len(),
        n - 1,
        "all but the first unit share the letter `U`"
    );
    let last = find(e.problems(), &format!("unit[{}].letter", n - 1));
    // Each unit is 9 lines; the id of unit i is on line 9·i + 2.
    assert_eq!(last.line, Some(9 * (n - 1) + 2));
    assert_eq!(last.file, "units.toml");
}

/// A scenario that is a link to `/dev/zero` (or any device, FIFO or directory) is refused at
/// once instead of being read forever; so is a file over the size cap.
#[test]
fn content_files_that_are_not_regular_or_too_large_are_refused() {
    let dir = std::env::temp_dir().join(format!("gw-gb-content-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    for (f, t) in [
        ("units.toml", UNITS),
        ("dice.toml", DICE),
        ("rules.toml", RULES),
    ] {
        std::fs::write(dir.join(f), t).unwrap();
    }
    std::os::unix::fs::symlink("/dev/zero", dir.join("scenarios/zero.toml")).unwrap();
    let e = Content::load_dir(&dir).unwrap_err().to_string();
    assert!(
        e.contains("zero.toml") && e.contains("not a regular file"),
        "{e}"
    );
    std::fs::remove_file(dir.join("scenarios/zero.toml")).unwrap();
    let big = dir.join("scenarios/big.toml");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(gridwright_engine::files::DEFAULT_MAX_FILE_BYTES + 1)
        .unwrap();
    let e = Content::load_dir(&dir).unwrap_err().to_string();
    assert!(
        e.contains("big.toml") && e.contains("larger than the limit"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Three syntax mistakes in one scenario file are all reported, each at its line (the parser
/// recovers after each); before issue 11 only the first was.
#[test]
fn a_scenario_with_three_syntax_errors_reports_all_three_at_their_lines() {
    let good = sc(&[("knight", "0102")], &[("archer", "0202")]).toml();
    let bad = good
        .replace("round_limit = 10", "round_limit = ")
        .replace("activations = ", "activations = = ")
        .replace("first = 1", "first = 1 2");
    assert_ne!(bad, good);
    let ps = problems(&bad);
    assert_eq!(ps.len(), 3, "{ps:#?}");
    let lines: Vec<_> = ps.iter().map(|p| p.line).collect();
    let mut want = vec![
        Some(line_of(&bad, "round_limit")),
        Some(line_of(&bad, "activations")),
        Some(line_of(&bad, "first")),
    ];
    want.sort();
    assert_eq!(lines, want, "{ps:#?}");
    assert!(ps.iter().all(|p| p.file == "scenarios/bad.toml"));
}

/// A config from a replay with three inconsistencies is refused with all three named by field;
/// before issue 11, a bad map size stopped `Rules::new` at once.
#[test]
fn an_invalid_config_lists_every_problem_with_its_field() {
    let mut config = content().config("skirmish").expect("config");
    config.map.width = 0;
    config.units[0].attack_die = "purple".into();
    config.activations = 0;
    let e = GridBattles::new(&config).expect_err("invalid").to_string();
    for field in ["`map.width`", "`units[0].attack_die`", "`activations`"] {
        assert!(e.contains(field), "{field} missing from: {e}");
    }
}

/// A map side out of bounds is one problem at its line, though the scenario reader and
/// `Rules::new` share the check (issue 11: each fact is checked and reported once).
#[test]
fn a_map_side_out_of_bounds_is_reported_once() {
    let text = sc(&[("knight", "0102")], &[("archer", "0202")])
        .toml()
        .replace("width = 7", "width = 40");
    let ps = problems(&text);
    let width: Vec<_> = ps.iter().filter(|p| p.field == "map.width").collect();
    assert_eq!(width.len(), 1, "{ps:#?}");
    assert_eq!(width[0].line, Some(line_of(&text, "width = 40")));
    assert!(width[0].message.contains("1 to 32"), "{}", width[0]);
}

/// Three numbers of the wrong type in one scenario file are all reported at their lines: a
/// wrong type no longer ends the reading of the file (issue 11).
#[test]
fn a_scenario_with_three_wrong_types_reports_all_three_at_their_lines() {
    let text = sc(&[("knight", "0102")], &[("archer", "0202")])
        .toml()
        .replace("round_limit = 10", "round_limit = \"ten\"")
        .replace("first = 1", "first = true")
        .replace("width = 7", "width = 7.5");
    let ps = problems(&text);
    assert_eq!(ps.len(), 3, "{ps:#?}");
    for (field, needle) in [
        ("round_limit", "round_limit"),
        ("first", "first"),
        ("map.width", "width"),
    ] {
        let p = find(&ps, field);
        assert_eq!(p.line, Some(line_of(&text, needle)), "{p}");
        assert!(p.message.contains("invalid type"), "{p}");
    }
}
