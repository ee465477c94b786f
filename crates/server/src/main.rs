//! `gridwright-server`: the server alone, with the same flags as `gridwright serve`. The
//! integration tests and the load benchmark run it as a real process.

use clap::Parser;
use gridwright_server::{Limits, MatchLimits, ServeOptions};
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
    /// API requests per second per client address (sustained).
    #[arg(long, default_value_t = Limits::default().http_rate_per_sec)]
    http_rate: u32,
    /// API requests one client address may send in a burst (0: no limit).
    #[arg(long, default_value_t = Limits::default().http_burst)]
    http_burst: u32,
    /// Matches one client address may create at once (0: no limit).
    #[arg(long, default_value_t = MatchLimits::default().create_burst)]
    create_burst: u32,
    /// Matches one client address may create per minute, sustained.
    #[arg(long, default_value_t = MatchLimits::default().create_per_minute)]
    create_per_minute: u32,
    /// Most unfinished matches the store may hold.
    #[arg(long, default_value_t = MatchLimits::default().max_unfinished)]
    max_unfinished: u64,
    /// Seconds an open match may stay untouched before it expires.
    #[arg(long, default_value_t = MatchLimits::default().expire_open_ms / 1000)]
    expire_open_secs: u64,
    /// Seconds a running match may stay untouched before it expires.
    #[arg(long, default_value_t = MatchLimits::default().expire_running_ms / 1000)]
    expire_running_secs: u64,
    /// Milliseconds a process's claim to drive a match's AI seats lasts unrenewed.
    #[arg(long, default_value_t = MatchLimits::default().ai_lease_ms)]
    ai_lease_ms: u64,
    /// Connections held at once (at most the open-file limit less a reserve).
    #[arg(long, default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// Connections held at once from one client address (IPv6: one /64).
    #[arg(long, default_value_t = Limits::default().max_connections_per_ip)]
    max_connections_per_ip: usize,
    /// Use a creator's chosen seed as given even when others may take seats (closed research
    /// servers only: otherwise the creator could foresee every roll).
    #[arg(long)]
    keep_chosen_seeds: bool,
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
            http_rate_per_sec: args.http_rate,
            http_burst: args.http_burst,
            max_connections: args.max_connections,
            max_connections_per_ip: args.max_connections_per_ip,
            ..Limits::default()
        },
        matches: MatchLimits {
            create_burst: args.create_burst,
            create_per_minute: args.create_per_minute,
            max_unfinished: args.max_unfinished,
            expire_open_ms: args.expire_open_secs.saturating_mul(1000),
            expire_running_ms: args.expire_running_secs.saturating_mul(1000),
            ai_lease_ms: args.ai_lease_ms,
            ..MatchLimits::default()
        },
        keep_chosen_seeds: args.keep_chosen_seeds,
    };
    gridwright_server::serve_blocking(opts)
}
