//! `web/types/*.d.ts` are the TypeScript declarations of what the browser reads, generated from
//! the Rust types (ts-rs, the `ts` feature the tests turn on). A Rust change to an observation,
//! an action, an event or a server message that leaves them stale fails here; `tsc --checkJs`
//! (web/e2e/typecheck.sh, part of scripts/test) then checks the views against them.

use std::path::PathBuf;

fn types_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/types")
}

fn generated() -> Vec<(String, String)> {
    gridwright_server::wire::typescript_declarations().expect("declarations generate")
}

#[test]
fn web_types_are_current() {
    let dir = types_dir();
    let mut stale = Vec::new();
    let files = generated();
    for (name, text) in &files {
        let path = dir.join(format!("{name}.d.ts"));
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        if on_disk != *text {
            stale.push(format!("{name}.d.ts"));
        }
    }
    // No leftover file of a type set that is no longer generated.
    let wanted: Vec<String> = files.iter().map(|(n, _)| format!("{n}.d.ts")).collect();
    for entry in std::fs::read_dir(&dir).expect("web/types exists").flatten() {
        let n = entry.file_name().to_string_lossy().into_owned();
        if n.ends_with(".d.ts") && !wanted.contains(&n) {
            stale.push(format!("{n} (no longer generated)"));
        }
    }
    assert!(
        stale.is_empty(),
        "web/types is stale: {}. Regenerate with `cargo test -p gridwright-server --test \
         integration bless_web_types -- --ignored`, then run web/e2e/typecheck.sh",
        stale.join(", ")
    );
}

#[test]
fn web_types_name_each_games_observation_and_the_state_message() {
    let files = generated();
    let text = |n: &str| &files.iter().find(|(f, _)| f == n).expect(n).1;
    assert!(text("server").contains("export type StateMessage = {"));
    for game in [
        "grid-battles",
        "command-core",
        "connect-four",
        "starcore",
        "milkomeda",
    ] {
        let t = text(game);
        for name in ["Observation", "Action", "Event", "LogEntry", "State"] {
            assert!(
                t.contains(&format!("export type {name} ")),
                "{game}.d.ts declares {name}"
            );
        }
    }
}

/// Writes `web/types/` from the Rust types.
#[test]
#[ignore = "writes web/types; run by hand after changing a type the browser reads"]
fn bless_web_types() {
    let dir = types_dir();
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        if entry.file_name().to_string_lossy().ends_with(".d.ts") {
            std::fs::remove_file(entry.path()).unwrap();
        }
    }
    for (name, text) in generated() {
        std::fs::write(dir.join(format!("{name}.d.ts")), text).unwrap();
    }
}

#[test]
fn engine_types_are_declared_once_and_imported() {
    for (name, text) in generated() {
        let declares = text.contains("export type Seat = ");
        assert_eq!(
            declares,
            name == "engine",
            "{name}.d.ts declares Seat: {declares}"
        );
        if name != "engine" {
            assert!(
                text.contains("from './engine';"),
                "{name}.d.ts imports the engine's types"
            );
        }
    }
}
