//! End-to-end tests of the `gridwright` binary: real processes, real files.
#![allow(clippy::expect_used, clippy::unwrap_used)] // test helpers may panic with a message

mod common;

use common::*;
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Asserts that the `decimal` probabilities of an odds report's `distribution` sum to 1.
#[track_caller]
fn assert_distribution_sums_to_one(v: &Value) {
    let total: f64 = v["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["decimal"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
}

#[test]
fn games_json_lists_every_game_by_name() {
    let v = json(&gw(&["games", "--json"]));
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"grid-battles") && names.contains(&"connect-four"),
        "{names:?}"
    );
}

#[test]
fn scenarios_json_has_names_seats_and_previews() {
    let v = json(&gw(&["scenarios", "grid-battles", "--json"]));
    let list = v.as_array().unwrap();
    assert!(list.len() >= 3);
    for s in list {
        assert_eq!(s["seats"], 2);
        assert!(
            s["preview"].as_str().unwrap().contains("0101")
                || !s["preview"].as_str().unwrap().is_empty()
        );
    }
    let names: Vec<&str> = list.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"skirmish"), "{names:?}");
}

#[test]
fn odds_are_exact_and_sum_to_one() {
    let v = json(&gw_words(
        "odds grid-battles --attacker knight --defender archer --json",
    ));
    assert_eq!(v["expected_exact"], "5/3");
    assert_distribution_sums_to_one(&v);
    assert!((v["expected"].as_f64().unwrap() - 5.0 / 3.0).abs() < 1e-12);
}

/// The whole JSON summary, but for the timing figures and the thread count it reports, is the
/// same on one thread and on two, for every game (issue 25: threads play runs of games and hand
/// them over in order).
#[test]
fn simulate_json_is_deterministic_across_thread_counts() {
    for (game, scenario, agents, games) in [
        ("grid-battles", "skirmish", "greedy,random", "300"),
        ("command-core", "duel", "random,random", "300"),
        ("connect-four", "standard", "random,random", "500"),
        (
            "starcore",
            "arc-foundry-vs-iron-vanguard",
            "random,random",
            "60",
        ),
        ("milkomeda", "three", "random,random,random", "20"),
    ] {
        let run = |threads: &str| {
            let mut doc = json(&gw(&[
                "simulate",
                game,
                "--scenario",
                scenario,
                "--agents",
                agents,
                "--games",
                games,
                "--seed",
                "9",
                "--threads",
                threads,
                "--json",
            ]));
            assert!(doc["games_per_second"].as_f64().unwrap() > 0.0);
            let o = doc.as_object_mut().unwrap();
            for timing in ["elapsed_seconds", "games_per_second", "threads"] {
                o.remove(timing).unwrap();
            }
            doc
        };
        let (a, b) = (run("1"), run("2"));
        assert_eq!(a, b, "{game}: the summary differs between 1 and 2 threads");
        assert_eq!(a["games"].as_u64().unwrap().to_string(), games);
        let wins: u64 = a["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .sum();
        assert_eq!(
            wins + a["draws"].as_u64().unwrap(),
            a["games"].as_u64().unwrap()
        );
    }
}

#[test]
fn simulated_replays_verify_and_tampering_is_caught() {
    let dir = temp("replays");
    let d = dir.to_str().unwrap();
    json(&gw(&[
        "simulate",
        "grid-battles",
        "--games",
        "4",
        "--seed",
        "3",
        "--replays",
        d,
        "--json",
    ]));
    let file = dir.join("game-000002.replay.json");
    let out = gw(&["replay", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("verified"));
    let v = json(&gw(&["replay", file.to_str().unwrap(), "--json"]));
    assert_eq!(v["verified"], true);

    let text = std::fs::read_to_string(&file).unwrap();
    let mut r: Value = serde_json::from_str(&text).unwrap();
    r["seed"] = Value::from(r["seed"].as_u64().unwrap() + 1);
    let bad = dir.join("tampered.json");
    std::fs::write(&bad, r.to_string()).unwrap();
    let out = gw(&["replay", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("hash mismatch") || err.contains("invalid"),
        "{err}"
    );

    std::fs::write(&bad, &text[..text.len() / 2]).unwrap();
    let out = gw(&["replay", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert_stderr_has(&out, "not a valid replay");
}

#[test]
fn bad_names_get_clear_errors() {
    let out = gw(&["scenarios", "chess"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("unknown game `chess`") && stderr(&out).contains("grid-battles"));
    let out = gw_words("simulate grid-battles --scenario nowhere --games 1");
    assert!(!out.status.success());
    assert_stderr_has(&out, "nowhere");
    let out = gw_words("simulate grid-battles --agents greedy,wizard --games 1");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("wizard") && err.contains("greedy"), "{err}");
    let out = gw_words("odds grid-battles --attacker dragon --defender archer");
    assert!(!out.status.success());
    assert_stderr_has(&out, "dragon");
}

#[test]
fn malformed_scenario_file_names_file_line_and_field() {
    let dir = temp("scenario");
    let path = dir.join("mine.toml");
    std::fs::write(&path, "title = \"Mine\"\nwidth = \"seven\"\n").unwrap();
    let out = gw(&[
        "simulate",
        "grid-battles",
        "--scenario",
        path.to_str().unwrap(),
        "--games",
        "1",
    ]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("mine.toml"), "{err}");
    assert!(
        err.contains("mine.toml:2"),
        "the line number follows the file name: {err}"
    );
    assert!(err.contains("`width`"), "the field is named: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn terminal_play_reads_typed_actions_confirms_attacks_and_saves() {
    let dir = temp("play");
    let save = dir.join("game.json");
    // Choose the first legal action over and over, answering `y` to every confirmation;
    // a stray `y` where an action is expected is reported and ignored.
    let mut script = String::from("help\nlegal\nfly away\n99\n1\nundo\n");
    for _ in 0..400 {
        script.push_str("1\ny\n");
    }
    script.push_str(&format!("save {}\nquit\n", save.display()));
    let out = gw_stdin(
        &[
            "play",
            "grid-battles",
            "--scenario",
            "skirmish",
            "--seat",
            "1=human",
            "--seat",
            "2=greedy",
            "--seed",
            "5",
        ],
        &script,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("Cannot read `fly away`"), "{text}");
    assert!(text.contains("no action number 99"));
    assert!(text.contains("Undone."));
    assert!(
        text.contains("Confirm?"),
        "an attack was offered with its odds"
    );
    assert!(text.contains("Game over") || save.exists());
    if save.exists() {
        let out = gw_stdin(
            &["play", "grid-battles", "--load", save.to_str().unwrap()],
            "quit\n",
        );
        assert!(out.status.success(), "{}", stderr(&out));
    }
}

#[test]
fn command_core_odds_simulate_and_play() {
    let v = json(&gw_words(
        "odds command-core --attack 3 --armour 1 --evade 1 --surge 1 --flux 1 --json",
    ));
    assert_distribution_sums_to_one(&v);
    assert_eq!(v["expected_exact"], "346/243");
    let out = gw(&["odds", "command-core", "--attack", "3"]);
    assert!(!out.status.success() && stderr(&out).contains("--armour"));

    let v = json(&gw_words(
        "simulate command-core --scenario duel --agents greedy,random --games 100 --seed 2 --json",
    ));
    assert_eq!(v["games"], 100);
    assert!(v["wins"][0].as_u64().unwrap() >= 80);

    let mut script = String::new();
    for _ in 0..300 {
        script.push_str("1\ny\n");
    }
    let out = gw_stdin(
        &[
            "play",
            "command-core",
            "--seat",
            "1=human",
            "--seat",
            "2=random",
            "--seed",
            "4",
        ],
        &script,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("P1 to act"), "{text}");
    // Programs are built one slot at a time: the prompt lists a card per action and `leave`.
    assert!(
        text.contains("program 1 ") && text.contains("leave 1"),
        "{text}"
    );
    assert!(text.contains("program (being built): "), "{text}");
}

#[test]
fn terminal_screens_fit_120_columns_and_page_long_action_lists() {
    // Starcore offers dozens of deploys at once: the screen shows a page of them, `more` the
    // next, `legal WORDS` only the matching ones (numbered as in the whole list), `log` the
    // lines of the last turns. (Seed 3 deals P1 Cores, free to deploy: the list grows long.)
    let mut script = String::from("keep\n");
    for _ in 0..40 {
        script.push_str("legal deploy\nmore\nlog\n1\ny\n");
    }
    script.push_str("quit\n");
    let out = gw_stdin(
        &words("play starcore --seed 3 --seat 1=human --seat 2=greedy"),
        &script,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        // Piped, the prompt stands before the answer's first line; at a terminal the typed
        // command and Enter end the prompt's line, and the answer starts a line of its own.
        let mut shown = line;
        while let Some(rest) = ["P1> ", "P2> "].iter().find_map(|p| shown.strip_prefix(p)) {
            shown = rest;
        }
        assert!(
            gridwright_catalog::terminal::width(shown) <= 120,
            "wider than 120 columns: {shown}"
        );
    }
    assert!(text.contains("`more` turns the page"), "{text}");
    assert!(text.contains(") deploy "), "{text}");
    assert!(
        text.contains("P2: "),
        "the other seat's actions reach the log: {text}"
    );
}

// ------------------------------------------------------------------ agents, ladder, analyze

#[test]
fn agents_prints_the_spec_reference_and_each_games_defaults() {
    let out = gw(&["agents"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "iters=N",
        "threads=N",
        "sim=ucb",
        "grid-battles",
        "command-core",
    ] {
        assert!(text.contains(needle), "`{needle}` missing from:\n{text}");
    }
}

#[test]
fn ladder_json_has_every_pairing_from_both_seats() {
    let doc = json(&gw_words(
        "ladder connect-four --agents random,mcts:iters=200 --games 6 --threads 2 --json",
    ));
    let p = &doc["pairings"][0];
    assert_eq!(p["a"], "random");
    assert_eq!(p["b"], "mcts:iters=200");
    assert_eq!(p["games"], 6);
    assert_eq!(doc["seats"], 2);
    assert_eq!(doc["fair_share"], 0.5);
    assert_eq!(p["a_alone"]["by_seat"][0]["games"], 3);
    assert_eq!(p["a_alone"]["by_seat"][1]["games"], 3);
    // With two seats both agents sit alone in every game.
    assert_eq!(p["b_alone"]["games"], 6);
    assert_eq!(
        p["b_alone"]["by_seat"][1]["wins"],
        p["a_alone"]["by_seat"][0]["games"].as_u64().unwrap()
            - p["a_alone"]["by_seat"][0]["wins"].as_u64().unwrap()
            - p["a_alone"]["by_seat"][0]["draws"].as_u64().unwrap()
    );
    let total = p["a_alone"]["wins"].as_u64().unwrap()
        + p["b_alone"]["wins"].as_u64().unwrap()
        + p["draws"].as_u64().unwrap();
    assert_eq!(total, 6);
    assert_eq!(doc["standings"].as_array().unwrap().len(), 2);
    // The same seed gives the same table, whatever the thread count.
    let again = json(&gw_words(
        "ladder connect-four --agents random,mcts:iters=200 --games 6 --threads 1 --json",
    ));
    assert_eq!(again["pairings"][0]["a_alone"], p["a_alone"]);
    assert_eq!(again["pairings"][0]["b_alone"], p["b_alone"]);
    // Bad input: one agent, a human, an unknown agent, a bad parameter.
    for (agents, needle) in [
        ("random", "at least two"),
        ("random,human", "human"),
        ("random,nonsense", "nonsense"),
        ("random,mcts:iters=zero", "iters"),
    ] {
        let out = gw(&["ladder", "connect-four", "--agents", agents, "--games", "2"]);
        assert!(!out.status.success(), "{agents} accepted");
        assert!(stderr(&out).contains(needle), "{agents}: {}", stderr(&out));
    }
}

#[test]
fn analyze_explains_a_position_of_a_replay() {
    let dir = temp("analyze");
    let dir_s = dir.to_str().unwrap();
    let out = gw(&[
        "simulate",
        "grid-battles",
        "--scenario",
        "skirmish",
        "--agents",
        "random,random",
        "--games",
        "1",
        "--seed",
        "5",
        "--replays",
        dir_s,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "replay" || x == "json"))
        .expect("a replay file");
    let f = file.to_str().unwrap();
    let analyze_json = || {
        json(&gw(&[
            "analyze",
            f,
            "--at",
            "3",
            "--agent",
            "mcts:iters=300",
            "--json",
        ]))
    };
    let doc = analyze_json();
    assert_eq!(doc["at"], 3);
    let r = &doc["report"];
    let actions = r["actions"].as_array().unwrap();
    assert!(!actions.is_empty());
    let visits: u64 = actions.iter().map(|a| a["visits"].as_u64().unwrap()).sum();
    assert!(visits > 0 && visits <= 300, "{visits}");
    assert_eq!(r["chosen_text"], actions[0]["text"], "most visited first");
    assert!(!r["principal_line"].as_array().unwrap().is_empty());
    // The text form lists the actions and the principal line.
    let out = gw(&["analyze", f, "--at", "3", "--agent", "mcts:iters=300"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("visits") && text.contains("principal line"),
        "{text}"
    );
    // Same seed, same analysis.
    let again = analyze_json();
    assert_eq!(again["report"]["actions"], doc["report"]["actions"]);
    // Bad input: past the end, not a search agent, not a replay.
    let out = gw(&["analyze", f, "--at", "100000"]);
    assert_stderr_has(&out, "--at");
    let out = gw(&["analyze", f, "--agent", "random"]);
    assert_stderr_has(&out, "mcts");
    let junk = dir.join("junk.replay");
    std::fs::write(&junk, "{ not a replay").unwrap();
    let out = gw(&["analyze", junk.to_str().unwrap()]);
    assert!(!out.status.success());
    assert_stderr_has(&out, "junk.replay");
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------------------------ odds range, closed pipes

#[test]
fn command_core_odds_answer_exactly_the_dice_asked_or_refuse() {
    // Twelve dice at 2/3 each: 8. (Was 20/3: the odds of 10 dice, labelled as 12.)
    let v = json(&gw_words(
        "odds command-core --attack 12 --armour 0 --evade 0 --json",
    ));
    assert_eq!(v["expected_exact"], "8");
    assert_eq!(v["attack"], 12);
    // Twenty dice, each blank rerolled once: 20 · 8/9.
    let v = json(&gw_words(
        "odds command-core --attack 20 --armour 0 --evade 0 --surge 20 --json",
    ));
    assert_eq!(v["expected_exact"], "160/9");
    // Too many dice and rerolls for exact 128-bit fractions: refused, not cut down.
    let all = [
        "odds",
        "command-core",
        "--attack",
        "20",
        "--armour",
        "20",
        "--evade",
        "20",
        "--surge",
        "20",
        "--flux",
        "20",
        "--defender-surge",
        "20",
    ];
    let out = gw(&all);
    assert!(!out.status.success());
    assert_stderr_has(&out, "do not fit 128-bit");
    assert!(out.stdout.is_empty());
    let out = gw_words("odds command-core --attack 21 --armour 0 --evade 0");
    assert!(!out.status.success());
    assert_stderr_has(&out, "at most 20 attack dice");
}

/// `gridwright serve` takes every flag `gridwright-server` takes (one `ServeArgs`), so the main
/// command can set the limits too.
#[test]
fn serve_takes_the_server_flags() {
    let help = String::from_utf8_lossy(&gw(&["serve", "--help"]).stdout).into_owned();
    for flag in [
        "--http-rate",
        "--ws-burst",
        "--max-connections-per-ip",
        "--max-unfinished",
        "--expire-open-secs",
        "--keep-chosen-seeds",
        "--max-unfinished-per-address",
        "--expire-unplayed-secs",
        "--expire-unwatched-ai-secs",
        "--ai-threads",
        "--ai-threads-per-client",
        "--ai-max-think-ms",
        "--allow-origin",
    ] {
        assert!(help.contains(flag), "{flag} missing from:\n{help}");
    }
}

/// `gridwright odds` asks the catalog: each game names its own parameters (listed in the help),
/// a parameter of another game is refused with the list, and a game without odds says so.
#[test]
fn odds_parameters_come_from_each_game_through_the_catalog() {
    let help = String::from_utf8_lossy(&gw(&["odds", "--help"]).stdout).into_owned();
    for p in [
        "--attacker UNIT",
        "--defender-surge N",
        "grid-battles:",
        "command-core:",
    ] {
        assert!(help.contains(p), "{p} missing from:\n{help}");
    }
    let out = gw(&["odds", "grid-battles", "--attack", "3"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("no parameter `--attack`") && err.contains("--attacker UNIT"),
        "{err}"
    );
    let out = gw_words("odds command-core --attack 3 --attack 4 --armour 0 --evade 0");
    assert_stderr_has(&out, "`--attack` is given twice");
    let out = gw(&["odds", "connect-four"]);
    assert_stderr_has(&out, "no matchups for connect-four");
    // The global `--content` still works after the game's parameters.
    let out =
        gw_words("odds grid-battles --attacker knight --defender archer --content no-such-dir");
    assert_stderr_has(&out, "no-such-dir");
}

/// `gridwright … | head -1`: a reader that has gone away ends the command quietly (was a
/// panic, exit 101). The pipe's read end is closed before the process starts, so every write
/// fails with EPIPE, deterministically.
#[test]
fn every_command_exits_quietly_when_stdout_is_a_closed_pipe() {
    for args in [
        &["games"][..],
        &["games", "--json"],
        &["agents"],
        &["scenarios", "grid-battles"],
        &[
            "odds",
            "command-core",
            "--attack",
            "3",
            "--armour",
            "1",
            "--evade",
            "1",
        ],
        &[
            "odds",
            "grid-battles",
            "--attacker",
            "knight",
            "--defender",
            "pikeman",
        ],
        &["simulate", "connect-four", "--games", "2"],
    ] {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_gridwright"))
            .args(args)
            .env_remove("GRIDWRIGHT_CONTENT")
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn absurd_game_counts_are_refused_with_a_message() {
    for n in ["18446744073709551615", "1000000000"] {
        let out = gw(&["simulate", "connect-four", "--games", n]);
        assert_eq!(out.status.code(), Some(1), "{n}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("at most 100000000 games per batch"),
            "{n}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn an_explicit_content_directory_that_is_missing_is_an_error_naming_it() {
    let empty = temp("empty-content");
    let file = empty.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let cases = [
        ("no-such-content-dir".to_owned(), "no-such-content-dir"),
        (file.display().to_string(), "is not a directory"),
        (empty.display().to_string(), "has no `grid-battles` folder"),
    ];
    for (dir, want) in &cases {
        let out = gw(&["--content", dir, "scenarios", "grid-battles"]);
        assert_eq!(out.status.code(), Some(1), "{dir}");
        assert!(stderr(&out).contains(want), "{dir}: {}", stderr(&out));
        assert_stderr_has(&out, "--content");
        assert!(
            out.stdout.is_empty(),
            "{dir}: no fallback to built-in scenarios"
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_gridwright"))
        .args(["scenarios", "command-core"])
        .env("GRIDWRIGHT_CONTENT", "no-such-content-dir")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_stderr_has(&out, "no-such-content-dir (from $GRIDWRIGHT_CONTENT)");
}

// ------------------------------------------------------------------ replays: hash, rules, analyze

/// Simulates one game of `game` with a replay and returns the replay file.
fn one_replay(game: &str, name: &str) -> PathBuf {
    let dir = temp(name);
    let out = gw(&[
        "simulate",
        game,
        "--games",
        "1",
        "--seed",
        "9",
        "--replays",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    dir.join("game-000000.replay.json")
}

#[test]
fn an_edited_config_in_a_replay_is_refused_by_replay_and_analyze() {
    let file = one_replay("grid-battles", "edited-config");
    let text = std::fs::read_to_string(&file).unwrap();
    let bad = file.with_file_name("edited.json");
    type Edit = fn(&mut Value);
    let edits: [(Edit, &str); 2] = [
        // Renaming a unit re-runs to the same event log: only the hash over the config sees it.
        (
            |r| r["config"]["units"][0]["name"] = "Longbowman".into(),
            "hash mismatch",
        ),
        // An impossible range is refused by validation, as in a content file.
        (
            |r| r["config"]["units"][0]["range"] = 250.into(),
            "range 250 is not between 1 and 20",
        ),
    ];
    for (edit, want) in edits {
        let mut r: Value = serde_json::from_str(&text).unwrap();
        edit(&mut r);
        std::fs::write(&bad, r.to_string()).unwrap();
        let out = gw(&["replay", bad.to_str().unwrap()]);
        assert!(!out.status.success(), "an edited config verified");
        assert_stderr_has(&out, want);
        let out = gw(&["analyze", bad.to_str().unwrap(), "--agent", "mcts:iters=10"]);
        assert!(!out.status.success(), "analyze used an edited replay");
        assert_stderr_has(&out, "failed verification");
    }
    // A tampered seed is refused by analyze too (it used to re-run without checking).
    let mut r: Value = serde_json::from_str(&text).unwrap();
    r["seed"] = Value::from(r["seed"].as_u64().unwrap() + 1);
    std::fs::write(&bad, r.to_string()).unwrap();
    let out = gw(&["analyze", bad.to_str().unwrap(), "--agent", "mcts:iters=10"]);
    assert!(!out.status.success());
    // A huge hash is not echoed back whole.
    let mut r: Value = serde_json::from_str(&text).unwrap();
    r["event_hash"] = "a".repeat(200_000).into();
    std::fs::write(&bad, r.to_string()).unwrap();
    let out = gw(&["replay", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).len() < 1000, "{} bytes", stderr(&out).len());
    // A format 1 file is refused for what it is.
    let mut r: Value = serde_json::from_str(&text).unwrap();
    r["format"] = 1.into();
    std::fs::write(&bad, r.to_string()).unwrap();
    let out = gw(&["replay", bad.to_str().unwrap()]);
    let err = stderr(&out);
    assert!(
        err.contains("format 1") && err.contains("record the game again"),
        "{err}"
    );
}

/// After a game's rules version changes, its old replays are refused with both versions named,
/// never with a hash mismatch — for every game.
#[test]
fn replays_of_another_rules_version_say_so_for_every_game() {
    let games = json(&gw(&["games", "--json"]));
    for g in games.as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let version = g["rules_version"].as_str().unwrap();
        let file = one_replay(name, &format!("rules-{name}"));
        let mut r: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        r["rules_version"] = "0-old".into();
        std::fs::write(&file, r.to_string()).unwrap();
        for cmd in [&["replay"][..], &["analyze", "--agent", "mcts:iters=10"]] {
            let mut args = vec![cmd[0], file.to_str().unwrap()];
            args.extend(&cmd[1..]);
            let out = gw(&args);
            assert!(!out.status.success(), "{name} {cmd:?}");
            let want = format!("replay made with rules version 0-old; this build plays {version}");
            assert!(stderr(&out).contains(&want), "{name}: {}", stderr(&out));
            assert!(!stderr(&out).contains("hash mismatch"), "{name}");
        }
    }
}

#[test]
fn duplicate_agent_parameters_and_seats_are_refused() {
    let out = gw_words("simulate connect-four --agents mcts:iters=1,iters=2,random --games 1");
    assert_eq!(out.status.code(), Some(1));
    assert_stderr_has(&out, "parameter `iters` twice");
    let out = gw_stdin(
        &[
            "play",
            "connect-four",
            "--seat",
            "1=random",
            "--seat",
            "1=mcts",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_stderr_has(&out, "--seat 1= is given twice");
}

#[test]
fn ladder_and_simulate_compare_each_seat_with_the_one_in_n_share() {
    // Three seats: each agent sits alone against the other at every seat in turn (6 seatings).
    let doc = json(&gw_words(
        "ladder milkomeda --scenario three --agents random,random --games 6 --threads 2 --json",
    ));
    assert_eq!(doc["seats"], 3);
    assert!((doc["fair_share"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(doc["games_per_pairing"], 6);
    let p = &doc["pairings"][0];
    assert_eq!(p["games"], 6);
    for side in ["a_alone", "b_alone"] {
        assert_eq!(p[side]["games"], 3, "{side}");
        let seats = p[side]["by_seat"].as_array().unwrap();
        assert_eq!(seats.len(), 3);
        assert!(seats.iter().all(|s| s["games"] == 1), "{side}: {seats:?}");
        let share = p[side]["vs_share"].as_str().unwrap();
        assert!(["above", "level", "below"].contains(&share), "{share}");
    }
    let text = String::from_utf8_lossy(
        &gw_words("ladder milkomeda --scenario four --agents random,random --games 8 --threads 2")
            .stdout,
    )
    .into_owned();
    assert!(text.contains("4 seats"), "{text}");
    assert!(text.contains("the 1/4 share"), "{text}");
    assert!(text.contains("random alone vs random: wins"), "{text}");
    // simulate: the share and each seat's verdict, in JSON and in words.
    let doc = json(&gw_words(
        "simulate milkomeda --scenario four --agents random,random,random,random --games 4 --json",
    ));
    assert_eq!(doc["fair_share"], 0.25);
    assert_eq!(doc["vs_share"].as_array().unwrap().len(), 4);
    let text = String::from_utf8_lossy(
        &gw_words("simulate milkomeda --scenario three --agents random,random,random --games 3")
            .stdout,
    )
    .into_owned();
    assert_eq!(text.matches("the 1/3 share of 33.33%").count(), 3, "{text}");
}

#[test]
fn hotseat_play_clears_the_screen_and_scrollback_between_two_humans() {
    // Two people at one terminal: whenever the other one is to act (a sealed choice included),
    // the screen and the scrollback are cleared and the keyboard is handed over. An empty line
    // at the action prompt is ignored, so the script works whoever acts next.
    let clear = "\x1b[2J\x1b[3J\x1b[H";
    let script = "\n1\n".repeat(12) + "quit\n";
    let out = gw_stdin(
        &words("play milkomeda --seed 3 --seat 1=human --seat 2=human"),
        &script,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    for seat in ["P1", "P2"] {
        assert!(
            text.contains(&format!(
                "{clear}Pass the keyboard to {seat}, then press Enter."
            )),
            "{seat}: {text}"
        );
    }
    // One person against an agent: nothing is ever cleared.
    let out = gw_stdin(
        &words("play milkomeda --seed 3 --seat 1=human --seat 2=random"),
        &("1\n".repeat(6) + "quit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("\x1b[2J"));
}

/// A command that fails says so on standard error; with standard error closed or full the
/// message is lost, but the exit code is still the failure's (1), not a panic's (101).
#[cfg(target_os = "linux")]
#[test]
fn the_cli_exits_1_not_101_when_stderr_cannot_be_written() {
    for args in [
        &["play", "no-such-game"][..],
        &["replay", "/no/such/replay.json"][..],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = Command::new(env!("CARGO_BIN_EXE_gridwright"))
            .args(args)
            .env_remove("GRIDWRIGHT_CONTENT")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(full))
            .status()
            .expect("runs");
        assert_eq!(out.code(), Some(1), "{args:?}");
    }
}

/// `play GAME --load SAVE` plays the game it names: a save of another game is refused with
/// both games named, instead of silently playing the save's game.
#[test]
fn play_load_refuses_a_save_of_another_game() {
    let save = one_replay("connect-four", "load-other");
    let out = gw(&["play", "grid-battles", "--load", save.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_stderr_has(&out, "is a save of Connect Four, not of Grid Battles");
    let same = gw_stdin(
        &["play", "connect-four", "--load", save.to_str().unwrap()],
        "quit\n",
    );
    assert!(same.status.success(), "{}", stderr(&same));
}

/// `gridwright balance --json` with the timing taken out.
fn balance_json(args: &str) -> Value {
    let mut doc = json(&gw_words(&format!("balance {args} --json")));
    doc.as_object_mut()
        .unwrap()
        .remove("elapsed_seconds")
        .unwrap();
    doc
}

/// The balance report is the same on one thread and on two (issue 25), and carries what a
/// designer reads: wins per seat with intervals, the first mover, lengths, scores, per-unit and
/// per-card rows, factions where the game names them, and every game by seed.
#[test]
fn balance_reports_are_identical_for_any_thread_count_and_complete() {
    let gb = "grid-battles --scenario skirmish --agents random,random --games 200 --seed 3";
    let one = balance_json(&format!("{gb} --threads 1"));
    assert_eq!(one, balance_json(&format!("{gb} --threads 2")));
    let v = &one["variants"][0];
    assert_eq!(v["games"], 200);
    let seats = v["seats"].as_array().unwrap();
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 200);
    let (lo, hi) = (
        seats[0]["interval_95"][0].as_f64().unwrap(),
        seats[0]["interval_95"][1].as_f64().unwrap(),
    );
    assert!(lo <= seats[0]["rate"].as_f64().unwrap() && seats[0]["rate"].as_f64().unwrap() <= hi);
    // Grid Battles' skirmish: P1 moves first in every game.
    assert_eq!(v["first_mover"]["by_seat"], serde_json::json!([200, 0]));
    let units: Vec<&str> = v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        units.contains(&"Knight") && units.contains(&"Archer"),
        "{units:?}"
    );
    let bins: u64 = v["length"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b[2].as_u64().unwrap())
        .sum();
    assert_eq!(bins, 200);
    assert_eq!(v["game_list"].as_array().unwrap().len(), 200);
    assert!(v["scores"].is_array(), "victory points");

    let sc = "starcore --scenario arc-foundry-vs-iron-vanguard --agents random,random --games 30";
    let one = balance_json(&format!("{sc} --threads 1"));
    assert_eq!(one, balance_json(&format!("{sc} --threads 2")));
    let v = &one["variants"][0];
    let decks: Vec<&str> = v["factions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["label"].as_str().unwrap())
        .collect();
    assert_eq!(decks, ["arc-foundry", "iron-vanguard"]);
    assert!(!v["pieces"].as_array().unwrap().is_empty(), "cards played");
}

/// Two variants are played on the same seeds: a change that changes nothing gives a zero
/// difference; a change that matters is found significant; the SPRT stops when it decides.
#[test]
fn balance_variants_and_the_sprt() {
    let same = balance_json(
        "grid-battles --scenario skirmish --agents random,random --games 100 \
         --variant A= --variant B=round_limit=6",
    );
    let c = &same["comparison"];
    assert_eq!(
        (c["difference"].as_f64(), c["p_value"].as_f64()),
        (Some(0.0), Some(1.0))
    );
    assert_eq!(same["variants"][0]["seats"], same["variants"][1]["seats"]);
    assert_eq!(
        same["variants"][1]["changes"],
        serde_json::json!(["round_limit=6"])
    );

    let sprt = balance_json(
        "command-core --scenario duel --agents greedy,random --games 3000 --sprt --elo0 0 \
         --elo1 100",
    );
    let s = &sprt["sprt"];
    assert_eq!(s["verdict"], "accept_h1", "{s}");
    let games = s["games"].as_u64().unwrap();
    assert!(games < 3000, "{games}");
    assert_eq!(sprt["variants"][0]["games"].as_u64().unwrap(), games);
}

/// `--html` writes one page with its charts inline and nothing fetched from anywhere.
#[test]
fn balance_html_is_one_self_contained_page_with_charts() {
    let dir = std::env::temp_dir().join(format!("gw-balance-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("report.html");
    let out = gw(&[
        "balance",
        "grid-battles",
        "--scenario",
        "skirmish",
        "--games",
        "50",
        "--variant",
        "A=",
        "--variant",
        "B=units.knight.health=5",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(html.starts_with("<!doctype html>"));
    assert!(html.matches("<svg").count() >= 4, "charts drawn");
    assert!(html.contains("Knight") && html.contains("units.knight.health=5"));
    for remote in ["<script", " src=", "href=", "@import", "url("] {
        assert!(!html.contains(remote), "the page loads `{remote}`");
    }
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("B vs A"), "{text}");
}

/// `--html` with `--tune` and with `--importance`: one self-contained page each, its chart of
/// the subject's share per combination or per change drawn inline, its table naming each.
#[test]
fn balance_tune_and_importance_write_their_html_pages() {
    let dir = std::env::temp_dir().join(format!("gw-tune-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = [
        "balance",
        "grid-battles",
        "--scenario",
        "skirmish",
        "--games",
        "32",
    ];
    let cases: [(&[&str], &str, &[&str]); 2] = [
        (
            &["--tune", "units.knight.health=2..3"],
            "tune.html",
            &[
                "Tuning <code>units.knight.health</code>",
                "units.knight.health=3",
                "per combination",
            ],
        ),
        (
            &["--importance", "sides.Red.units"],
            "importance.html",
            &[
                "Each piece of <code>sides.Red.units</code> taken out",
                "with them all",
                "with each change",
            ],
        ),
    ];
    for (flags, file, wants) in cases {
        let page = dir.join(file);
        let mut args: Vec<&str> = run.to_vec();
        args.extend_from_slice(flags);
        let path = page.to_str().unwrap();
        args.extend_from_slice(&["--html", path]);
        let out = gw(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.starts_with("<!doctype html>"), "{file}");
        assert_eq!(html.matches("<svg").count(), 1, "{file}: its chart");
        for want in wants {
            assert!(html.contains(want), "{file} lacks `{want}`");
        }
        for remote in ["<script", " src=", "href=", "@import", "url("] {
            assert!(!html.contains(remote), "{file} loads `{remote}`");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every new argument refuses bad input with a message naming it, before any game is played.
#[test]
fn balance_refuses_bad_input_naming_what_and_why() {
    let gb = "balance grid-battles --scenario skirmish --games 5";
    for (args, want) in [
        (
            "--set units.wizard.health=4",
            "unknown key path `units.wizard.health`: `units` has no `wizard`",
        ),
        (
            "--set units.knight.health=lots",
            "`units.knight.health` is a whole number, not `lots`",
        ),
        (
            "--set units.knight.health=300",
            "`units.knight.health=300` makes an invalid config",
        ),
        (
            "--set units.knight.health",
            "is not a change; write key.path=value",
        ),
        (
            "--set rules.pooling=global",
            "unknown key path `rules.pooling`: the config has no `rules`",
        ),
        ("--variant B", "--variant `B`: write NAME=changes"),
        ("--variant =round_limit=3", "the variant needs a name"),
        (
            "--variant A= --variant A=round_limit=3",
            "--variant A is given twice",
        ),
        (
            "--variant A= --variant B= --variant C=",
            "at most two variants",
        ),
        (
            "--variant B=units.knight.speed=3",
            "unknown key path `units.knight.speed`",
        ),
        (
            "--subject p3",
            "--subject `p3`: this setup has seats p1 to p2",
        ),
        ("--subject someone", "--subject `someone`"),
        ("--bins 0", "--bins must be 1 to 200, not 0"),
        (
            "--sprt --alpha 0.7",
            "--sprt alpha=0.7: must be above 0 and below 0.5",
        ),
        (
            "--sprt --elo0 10 --elo1 5",
            "elo1 (5) must be above elo0 (10)",
        ),
        (
            "--agents random",
            "this setup has 2 seats but 1 agents were given",
        ),
        (
            "--agents human,random",
            "`human` cannot play in a balance run",
        ),
        (
            "--html /no/such/dir/r.html",
            "--html /no/such/dir/r.html: no directory /no/such/dir",
        ),
        (
            "--sweep units.knight.health=5..1",
            "sweep of `units.knight.health`: the range `5..1` is empty",
        ),
        (
            "--sweep units.knight.health=1..3:0",
            "the step must be above 0",
        ),
        (
            "--sweep units.knight.health=4",
            "a sweep needs at least two values",
        ),
        (
            "--sweep units.knight.health",
            "`units.knight.health` is not a sweep; write key.path=LOW..HIGH",
        ),
        (
            "--sweep units.wizard.health=1..3",
            "unknown key path `units.wizard.health`: `units` has no `wizard`",
        ),
        (
            "--sweep units.knight.health=2..3:0.5",
            "`units.knight.health` is a whole number, not `2.0`",
        ),
        (
            "--sweep units.knight.health=0..2",
            "--sweep units.knight.health=0 (units.knight.health=0) does not set up",
        ),
        (
            "--sweep units.knight.health=1..3 --variant A=",
            "--sweep and --variant",
        ),
        (
            "--sweep units.knight.health=1..3 --sprt",
            "--sweep and --sprt",
        ),
        ("--replays-every 5", "--replays-every needs --replays DIR"),
        (
            "--replays /tmp --replays-every 0",
            "--replays-every must be at least 1",
        ),
        (
            "--replays /etc/passwd",
            "--replays /etc/passwd: not a directory",
        ),
        (
            "--pairing random",
            "--pairing `random`: this setup has 2 seats but 1 agents were given",
        ),
        (
            "--pairing human,random",
            "`human` cannot play in a balance run",
        ),
        (
            "--pairing greedy,random --pairing random,random",
            "--pairing `random,random`: that pairing is already played",
        ),
        (
            "--tune units.wizard.health=1..3",
            "--tune units.wizard.health: unknown key path `units.wizard.health`",
        ),
        (
            "--tune units.knight.health=1..3 --band 0.6..0.4",
            "--band `0.6..0.4` is not a band",
        ),
        ("--band 0.4..0.6", "--band goes with --tune"),
        (
            "--tune units.knight.health=1..3 --sweep units.knight.health=1..2",
            "--tune and --sweep",
        ),
        (
            "--tune units.knight.health=1..3 --tune units.knight.health=4..5",
            "--tune: the key `units.knight.health` is given twice",
        ),
        (
            "--tune units.knight.health=1..30 --tune units.knight.attack=1..9",
            "--tune: at most 64 combinations of values, not 30 × 9",
        ),
        ("--tune units.knight.health=0..0.5:0.5", "is a whole number"),
        (
            "--importance sides.Red.nothing",
            "--importance sides.Red.nothing: unknown key path `sides.Red.nothing`",
        ),
        (
            "--importance round_limit",
            "--importance round_limit: `round_limit` is a whole number, not `a list or table of pieces`",
        ),
        ("--swap-with knight", "--swap-with goes with --importance"),
        (
            "--importance sides.Red.units --swap-with knight",
            "a list (a swap needs a table of copies)",
        ),
        (
            "--importance sides.Red.units --tune units.knight.health=1..2",
            "--importance and --tune",
        ),
    ] {
        let out = gw_words(&format!("{gb} {args}"));
        assert!(!out.status.success(), "{args}: accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{args}: {err}");
        assert!(out.stdout.is_empty(), "{args}: printed a report");
    }
    let out = gw_words("balance grid-battles --scenario skirmish --games 0");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games must be at least 1"));
    // Content the game itself refuses: a unit with no health left.
    let out = gw_words(&format!(
        "{gb} --variant A= --variant B=units.knight.health=0"
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("variant B (units.knight.health=0) does not set up"),
        "{err}"
    );
}

/// `--tune` (issue 25): successive halving over every value of the key. The rounds halve the
/// candidates and double the games; a candidate dropped after the first round played exactly
/// the games a plain run with its change plays on the first round's seeds; the result is the
/// best survivor (outside the band the least, then the smallest change); the same on one
/// thread and on two.
#[test]
fn balance_tune_halves_the_candidates_and_doubles_the_games() {
    let base = "grid-battles --scenario skirmish --agents greedy,random --games 96 --seed 11 \
                --tune units.knight.health=1..6 --band 0.45..0.55";
    let one = balance_json(&format!("{base} --threads 1"));
    let two = balance_json(&format!("{base} --threads 2"));
    assert_eq!(one, two, "the same search on one thread and on two");
    let cands = one["candidates"].as_array().unwrap();
    let rounds = one["rounds"].as_array().unwrap();
    assert_eq!(cands.len(), 6, "health 1 to 6 all set up");
    // 6 candidates: halved three times at most; 96 >> 3 = 12 games, raised to the least 16.
    let (mut n, mut g) = (6, 16);
    for r in rounds {
        assert_eq!(
            (
                r["candidates"].as_u64().unwrap(),
                r["games"].as_u64().unwrap()
            ),
            (n, g)
        );
        (n, g) = (n.div_ceil(2), (g * 2).min(96));
    }
    let last = rounds.last().unwrap();
    assert!(last["candidates"] == 1 || last["games"] == 96, "{rounds:?}");
    let survivors: Vec<&Value> = cands
        .iter()
        .filter(|c| c["games"] == last["games"])
        .collect();
    assert_eq!(survivors.len() as u64, last["candidates"].as_u64().unwrap());
    // The first round is a plain run of each value on seed derive_seed(11, 0).
    let first_seed = gridwright_engine::derive_seed(11, 0);
    let mut checked = 0;
    for c in cands.iter().filter(|c| c["rounds"] == 1) {
        let value = c["values"][0].as_str().unwrap();
        let plain = balance_json(&format!(
            "grid-battles --scenario skirmish --agents greedy,random --games 16 --seed \
             {first_seed} --set units.knight.health={value}"
        ));
        let seats = plain["variants"][0]["seats"].as_array().unwrap();
        let (p1, p2) = (
            seats[0]["wins"].as_u64().unwrap(),
            seats[1]["wins"].as_u64().unwrap(),
        );
        assert_eq!(c["games"], 16);
        assert_eq!(
            (
                c["share"]["wins"].as_u64().unwrap(),
                c["share"]["games"].as_u64().unwrap()
            ),
            (p1, p1 + p2),
            "health {value}"
        );
        checked += 1;
    }
    assert!(
        checked >= 3,
        "half of six were dropped after the first round"
    );
    // The result: the survivor nearest the band, then with the smallest change.
    let key = |c: &Value| {
        (
            c["outside_band"].as_f64().unwrap(),
            c["change"].as_f64().unwrap(),
        )
    };
    let best = &cands[one["best"].as_u64().unwrap() as usize];
    for s in &survivors {
        assert!(key(best) <= key(s), "{best} before {s}");
    }
    let rate = best["share"]["rate"].as_f64().unwrap();
    assert_eq!(one["reached"], (0.45..=0.55).contains(&rate), "{best}");
    assert_eq!(
        one["base_values"][0], "3",
        "the knight's health in the skirmish"
    );
    let text = gw_words(&format!("balance {base}"));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("tuning units.knight.health for P1"), "{text}");
    assert!(text.contains("result: "), "{text}");
}

/// `--importance` (issue 25): every unit of the Red side taken out in turn. The config's own
/// row is a plain run's; the knight's row is exactly the plain run of a content directory whose
/// skirmish lacks the knight (the scenario file edited here, not by the run's code); the rows
/// are ranked by their difference, each the row's share less the config's; the same on one
/// thread and on two.
#[test]
fn balance_importance_takes_each_piece_out_and_ranks_them() {
    let run = "grid-battles --scenario skirmish --agents greedy,greedy --games 40 --seed 5";
    let base = format!("{run} --importance sides.Red.units");
    let one = balance_json(&format!("{base} --threads 1"));
    let two = balance_json(&format!("{base} --threads 2"));
    assert_eq!(one, two, "the same on one thread and on two");
    let rows = one["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "Red has three units in the skirmish");
    let p1 = |doc: &Value| {
        let s = doc["variants"][0]["seats"].as_array().unwrap();
        let (a, b) = (
            s[0]["wins"].as_u64().unwrap(),
            s[1]["wins"].as_u64().unwrap(),
        );
        (a, a + b)
    };
    let share = |v: &Value| (v["wins"].as_u64().unwrap(), v["games"].as_u64().unwrap());
    assert_eq!(share(&one["base"]), p1(&balance_json(run)));
    // The content with the knight's line taken out of Red's army.
    let dir = std::env::temp_dir().join(format!("gw-importance-{}", std::process::id()));
    let shipped =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/grid-battles");
    std::fs::create_dir_all(dir.join("grid-battles/scenarios")).unwrap();
    for f in ["units.toml", "dice.toml", "rules.toml", "how-to-play.toml"] {
        std::fs::copy(shipped.join(f), dir.join("grid-battles").join(f)).unwrap();
    }
    let scenario = std::fs::read_to_string(shipped.join("scenarios/skirmish.toml")).unwrap();
    let knight = "  { type = \"knight\", at = \"0103\" },\n";
    assert!(scenario.contains(knight), "{scenario}");
    std::fs::write(
        dir.join("grid-battles/scenarios/skirmish.toml"),
        scenario.replacen(knight, "", 1),
    )
    .unwrap();
    let edited = balance_json(&format!("--content {} {run}", dir.display()));
    std::fs::remove_dir_all(&dir).ok();
    let row = rows
        .iter()
        .find(|r| r["piece"].as_str().unwrap().contains("knight"))
        .unwrap();
    assert_eq!(share(&row["share"]), p1(&edited), "{row}");
    let base_rate = one["base"]["rate"].as_f64().unwrap();
    let diffs: Vec<f64> = rows
        .iter()
        .map(|r| {
            let d = r["difference"].as_f64().unwrap();
            assert!((d - (r["share"]["rate"].as_f64().unwrap() - base_rate)).abs() < 1e-12);
            d
        })
        .collect();
    assert!(diffs.windows(2).all(|w| w[0] <= w[1]), "{diffs:?}");
    let text = gw_words(&format!("balance {base}"));
    let text = String::from_utf8_lossy(&text.stdout);
    // The unit by the name the content gives it.
    assert!(text.contains("without #1 0103 Knight"), "{text}");
    assert!(
        text.contains("The pieces P1 misses most come first"),
        "{text}"
    );
}

/// A sweep plays every value on the same seeds: each value's point is the report a plain
/// `--set key=value` run gives, the curve names the value nearest an even game, and the whole
/// report is the same on one thread and on two.
#[test]
fn balance_sweeps_one_key_over_a_range_on_the_same_seeds() {
    let base = "grid-battles --scenario skirmish --agents random,random --games 60 --seed 4";
    let sweep = balance_json(&format!(
        "{base} --sweep units.knight.health=2..4 --threads 1"
    ));
    assert_eq!(
        sweep,
        balance_json(&format!(
            "{base} --sweep units.knight.health=2..4 --threads 2"
        ))
    );
    let s = &sweep["sweep"];
    assert_eq!(s["key"], "units.knight.health");
    let points = s["points"].as_array().unwrap();
    let values: Vec<&str> = points
        .iter()
        .map(|p| p["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["2", "3", "4"]);
    assert!(sweep["comparison"].is_null());
    for (i, p) in points.iter().enumerate() {
        let v = &sweep["variants"][i];
        assert_eq!(
            v["changes"],
            serde_json::json!([format!("units.knight.health={}", values[i])])
        );
        // The same point as a run with only that change.
        let alone = balance_json(&format!("{base} --set units.knight.health={}", values[i]));
        assert_eq!(
            p["seats"], alone["variants"][0]["seats"],
            "value {}",
            values[i]
        );
        assert_eq!(v["game_list"], alone["variants"][0]["game_list"]);
        // The subject's share of decided games, counted from the seat lines.
        let wins: Vec<u64> = p["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["wins"].as_u64().unwrap())
            .collect();
        assert_eq!(p["subject_share"]["wins"].as_u64().unwrap(), wins[0]);
        assert_eq!(
            p["subject_share"]["games"].as_u64().unwrap(),
            wins[0] + wins[1]
        );
    }
    // Every value on the same seeds.
    let seeds = |i: usize| -> Vec<u64> {
        sweep["variants"][i]["game_list"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["seed"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(seeds(0), seeds(2));
    // The nearest value, found again from the points.
    let nearest = points
        .iter()
        .min_by(|a, b| {
            let d = |p: &Value| (p["subject_share"]["rate"].as_f64().unwrap() - 0.5).abs();
            d(a).total_cmp(&d(b))
        })
        .unwrap();
    assert_eq!(s["closest"], nearest["value"]);

    let out = gw_words(&format!("balance {base} --sweep units.knight.health=2,4"));
    let text = stdout(&out);
    assert!(text.contains("sweep of units.knight.health"), "{text}");
    assert!(
        text.contains("nearest an even game: units.knight.health="),
        "{text}"
    );

    // The page: the sweep's curve, per-round curves, the saved replays; nothing fetched.
    let dir = temp("balance-sweep-html");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("sweep.html");
    let out = gw_words(&format!(
        "balance {base} --sweep units.knight.health=2,4 --html {} --replays {}",
        page.display(),
        dir.join("replays").display()
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    for want in [
        "Sweep of <code>units.knight.health</code>",
        "Win rate per value",
        "victory points by round",
        "Replays saved",
        "2-game-0000",
    ] {
        assert!(html.contains(want), "the page lacks `{want}`");
    }
    for remote in ["<script", " src=", "href=", "@import", "url("] {
        assert!(!html.contains(remote), "the page loads `{remote}`");
    }
}

/// `--replays DIR` keeps each seat's first win, the first draw, the shortest and the longest
/// game (and every N-th with --replays-every); each saved replay verifies and ends as the report
/// says its game did.
#[test]
fn balance_replays_verify_and_end_as_reported() {
    for (game, extra) in [
        (
            "grid-battles",
            "--scenario skirmish --games 30 --replays-every 10",
        ),
        (
            "starcore",
            "--scenario arc-foundry-vs-iron-vanguard --games 6",
        ),
    ] {
        let dir = temp(&format!("balance-replays-{game}"));
        let report = balance_json(&format!(
            "{game} {extra} --agents random,random --seed 7 --replays {}",
            dir.display()
        ));
        let v = &report["variants"][0];
        let saved = report["replays"].as_array().unwrap();
        assert!(saved.len() >= 2, "{game}: {saved:?}");
        let why: Vec<String> = saved
            .iter()
            .flat_map(|s| s["why"].as_array().unwrap().iter())
            .map(|w| w.as_str().unwrap().to_owned())
            .collect();
        assert!(
            why.iter().any(|w| w.starts_with("the longest game")),
            "{why:?}"
        );
        assert!(
            why.iter().any(|w| w.starts_with("the shortest game")),
            "{why:?}"
        );
        if game == "grid-battles" {
            for i in [0, 10, 20] {
                assert!(saved.iter().any(|s| s["index"] == i), "game {i}: {saved:?}");
            }
        }
        for s in saved {
            let line = &v["game_list"][s["index"].as_u64().unwrap() as usize];
            assert_eq!(s["seed"], line["seed"]);
            let file = PathBuf::from(s["file"].as_str().unwrap());
            assert!(file.starts_with(&dir), "{}", file.display());
            let r = json(&gw(&["replay", file.to_str().unwrap(), "--json"]));
            assert_eq!(r["verified"], true, "{}", file.display());
            assert_eq!(r["terminal"], true);
            let returns: Vec<f64> = r["returns"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            let winner = match line["winner"].as_u64() {
                Some(w) => returns
                    .iter()
                    .enumerate()
                    .all(|(i, x)| i as u64 == w || *x < returns[w as usize]),
                None => returns.iter().all(|x| *x == returns[0]),
            };
            assert!(winner, "{}: {returns:?} against {line}", file.display());
            let player_moves = r["log"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["actor"] != "chance")
                .count();
            assert_eq!(
                player_moves as u64,
                line["moves"].as_u64().unwrap(),
                "{}",
                file.display()
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Per-round curves: Grid Battles' victory points and units, Starcore's Commander HP, averaged
/// per round; the end point agrees with the final-score distribution computed separately.
#[test]
fn balance_reports_per_round_curves() {
    let gb = balance_json("grid-battles --scenario skirmish --agents random,random --games 40");
    let v = &gb["variants"][0];
    let curves = v["curves"].as_array().unwrap();
    let names: Vec<&str> = curves.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["victory points", "units on the map"]);
    let vp = curves[0]["points"].as_array().unwrap();
    assert_eq!(vp[0]["round"], 1);
    assert_eq!(vp[0]["games"], 40);
    assert_eq!(
        vp[0]["seats"][0]["mean"], 0.0,
        "no victory points at the start"
    );
    let end = vp.last().unwrap();
    assert!(end["round"].is_null());
    assert_eq!(end["games"], 40);
    for s in 0..2 {
        let m = end["seats"][s]["mean"].as_f64().unwrap();
        let want = v["scores"][s]["mean"].as_f64().unwrap();
        assert!((m - want).abs() < 1e-9, "P{}: {m} against {want}", s + 1);
        let (lo, hi) = (
            end["seats"][s]["interval_95"][0].as_f64().unwrap(),
            end["seats"][s]["interval_95"][1].as_f64().unwrap(),
        );
        assert!(lo <= m && m <= hi);
    }
    // Rounds in order, and no more games reach a round than reached the one before.
    let rounds: Vec<(u64, u64)> = vp[..vp.len() - 1]
        .iter()
        .map(|p| (p["round"].as_u64().unwrap(), p["games"].as_u64().unwrap()))
        .collect();
    assert!(
        rounds
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 >= w[1].1),
        "{rounds:?}"
    );

    let sc = balance_json(
        "starcore --scenario arc-foundry-vs-iron-vanguard --agents random,random --games 10",
    );
    let c = &sc["variants"][0]["curves"][0];
    assert_eq!(c["name"], "Commander HP");
    assert!(c["points"].as_array().unwrap().len() > 3);
    let text = stdout(&gw_words(
        "balance starcore --scenario arc-foundry-vs-iron-vanguard --agents random,random --games 4",
    ));
    assert!(text.contains("Commander HP by round"), "{text}");
}

/// Several agent pairings in one run: a whole report per pairing (each the report that pairing
/// alone gives) and their headlines side by side.
#[test]
fn balance_plays_several_agent_pairings_and_tables_them() {
    let base = "grid-battles --scenario skirmish --games 40 --seed 2";
    let both = json(&gw_words(&format!(
        "balance {base} --agents random,random --pairing greedy,random --json --threads 2"
    )));
    let reports = both["pairings"].as_array().unwrap();
    let table = both["table"].as_array().unwrap();
    assert_eq!((reports.len(), table.len()), (2, 2));
    for (k, agents) in ["random,random", "greedy,random"].into_iter().enumerate() {
        let mut alone = balance_json(&format!("{base} --agents {agents} --threads 1"));
        let mut r = reports[k].clone();
        r.as_object_mut().unwrap().remove("elapsed_seconds");
        alone.as_object_mut().unwrap().remove("elapsed_seconds");
        assert_eq!(r, alone, "{agents}");
        assert_eq!(
            table[k]["agents"],
            serde_json::json!(agents.split(',').collect::<Vec<_>>())
        );
        assert_eq!(table[k]["seats"], r["variants"][0]["seats"]);
        assert_eq!(
            table[k]["first_mover"],
            r["variants"][0]["first_mover"]["wins"]
        );
    }
    let text = stdout(&gw_words(&format!(
        "balance {base} --agents random,random --pairing greedy,random"
    )));
    assert!(text.contains("== by agent pairing"), "{text}");
    assert!(text.contains("greedy,random"), "{text}");
}
