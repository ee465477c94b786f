//! `gridwright-server`: the server alone, with the same flags as `gridwright serve` (both use
//! [`ServeArgs`]). The integration tests and the load benchmark run it as a real process.

use clap::Parser;
use gridwright_server::ServeArgs;
use std::path::PathBuf;

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

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    gridwright_server::serve_blocking(args.serve.into_options(args.content))
}
