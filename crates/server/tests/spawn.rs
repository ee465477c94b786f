//! The real `gridwright-server` binary as a child process, for the integration tests
//! (`common.rs`) and the load benchmark (`benches/load.rs`, which includes this file).

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// Starts the binary on a free port (`--port 0`) with `args`, its standard error passed
/// through, and returns it with the address it says it listens on (its first line).
pub fn spawn_server<I, S>(args: I) -> (Child, SocketAddr)
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridwright-server"))
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("server did not start: {line:?}"))
        .parse()
        .unwrap();
    (child, addr)
}
