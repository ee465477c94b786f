//! `gridwright-server`: the server alone, with the same flags as `gridwright serve` (both use
//! [`ServeArgs`]). The integration tests and the load benchmark run it as a real process.

use clap::Parser;
use gridwright_server::ServeArgs;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Serve Gridwright in the browser.
#[derive(Parser, Debug)]
#[command(name = "gridwright-server", version)]
struct Args {
    #[command(flatten)]
    serve: ServeArgs,
    /// Content directory (default: $GRIDWRIGHT_CONTENT, ./content, or the built-in content).
    #[arg(long)]
    content: Option<PathBuf>,
}

/// Serves until stopped; a start-up failure is one sentence on standard error (its causes
/// joined with `: `) and exit status 1.
fn main() -> ExitCode {
    let args = Args::parse();
    let served = args
        .serve
        .into_options(args.content)
        .map_err(anyhow::Error::from)
        .and_then(gridwright_server::serve_blocking);
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr().lock(), "gridwright-server: {e:#}");
            ExitCode::FAILURE
        }
    }
}
