//! `gridwright-server`: the server alone, with the same flags as `gridwright serve`. The
//! integration tests and the load benchmark run it as a real process.

use clap::Parser;
use gridwright_server::{Limits, ServeOptions};
use std::path::PathBuf;

/// Serve Gridwright in the browser.
#[derive(Parser, Debug)]
#[command(name = "gridwright-server", version)]
struct Args {
    /// Interface to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Data directory for the SQLite database (default: $GRIDWRIGHT_DATA or ./gridwright-data).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Use PostgreSQL (postgres://user@host:port/db) instead of SQLite.
    #[arg(long)]
    database: Option<String>,
    /// Content directory (default: $GRIDWRIGHT_CONTENT, ./content, or the built-in content).
    #[arg(long)]
    content: Option<PathBuf>,
    /// Minimum milliseconds an AI seat takes per move.
    #[arg(long, default_value_t = 300)]
    ai_delay_ms: u64,
    /// WebSocket messages per second per connection (sustained).
    #[arg(long, default_value_t = Limits::default().ws_rate_per_sec)]
    ws_rate: u32,
    /// WebSocket messages allowed in a burst.
    #[arg(long, default_value_t = Limits::default().ws_burst)]
    ws_burst: u32,
    /// Connections held at once (at most the open-file limit less a reserve).
    #[arg(long, default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// Connections held at once from one client address (IPv6: one /64).
    #[arg(long, default_value_t = Limits::default().max_connections_per_ip)]
    max_connections_per_ip: usize,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let defaults = ServeOptions::default();
    let opts = ServeOptions {
        host: args.host,
        port: args.port,
        data_dir: args.data.unwrap_or(defaults.data_dir),
        database: args.database,
        content: args.content,
        ai_delay_ms: args.ai_delay_ms,
        limits: Limits {
            ws_rate_per_sec: args.ws_rate,
            ws_burst: args.ws_burst,
            max_connections: args.max_connections,
            max_connections_per_ip: args.max_connections_per_ip,
            ..Limits::default()
        },
    };
    gridwright_server::serve_blocking(opts)
}
