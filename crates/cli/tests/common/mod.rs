//! Helpers shared by the command line's test binaries: run `gridwright` as a real process and
//! read what it printed.
#![allow(dead_code)] // each test binary uses some of them

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `gridwright` with `args` (the shipped content: `GRIDWRIGHT_CONTENT` unset).
pub fn gw(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridwright"))
        .args(args)
        .env_remove("GRIDWRIGHT_CONTENT")
        .output()
        .expect("runs")
}

/// Arguments written as one line, split at white space.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// [`gw`] with the arguments written as one line, split at white space.
pub fn gw_words(line: &str) -> Output {
    gw(&words(line))
}

/// Runs `gridwright` with `args`, typing `input` on its standard input.
pub fn gw_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridwright"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let written = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    // A command may end before it reads its input (a loaded game already over): the pipe is
    // then closed, and what it printed is still the result.
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writes: {e}");
    }
    child.wait_with_output().expect("finishes")
}

/// The standard output of a command that succeeded, as one JSON document.
pub fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON document")
}

/// The standard output of a command that succeeded.
pub fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The standard error.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts that the command's standard error contains `needle`, showing it if not.
#[track_caller]
pub fn assert_stderr_has(out: &Output, needle: &str) {
    let err = stderr(out);
    assert!(err.contains(needle), "{err}");
}

/// Asserts that the command failed and its standard error contains `needle`.
#[track_caller]
pub fn refused(out: &Output, needle: &str) {
    assert!(!out.status.success(), "should have failed");
    let err = stderr(out);
    assert!(err.contains(needle), "stderr lacks `{needle}`: {err}");
}

/// A new empty folder of this test process's own, named after `name`.
pub fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gw-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}
