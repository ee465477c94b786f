//! The serve flags, shared by `gridwright-server` and `gridwright serve` so both take the same
//! options (limits, connections, seeds) with the same defaults.

use crate::token::Secret;
use crate::{Limits, MatchLimits, ServeOptions};
use std::path::PathBuf;

/// How to serve: address, store, AI pace and every limit. `--content` is not here: each command
/// has its own (the CLI's is global).
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// Interface to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Data directory for the SQLite database (default: $GRIDWRIGHT_DATA or ./gridwright-data).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Use PostgreSQL (postgres://user@host:port/db) instead of SQLite.
    #[arg(long)]
    pub database: Option<String>,
    /// A deck for one seat of one game's matches, `GAME:SEAT=NAME|PATH` (a shipped deck name or
    /// a deck file), loaded and validated at start; repeatable. Creators may still pick decks
    /// by name, these included.
    #[arg(long = "deck", value_name = "GAME:SEAT=NAME|PATH")]
    pub decks: Vec<String>,
    /// Minimum milliseconds an AI seat takes per move.
    #[arg(long, default_value_t = 300)]
    pub ai_delay_ms: u64,
    /// WebSocket messages per second per connection (sustained).
    #[arg(long, default_value_t = Limits::default().ws_rate_per_sec)]
    pub ws_rate: u32,
    /// WebSocket messages allowed in a burst.
    #[arg(long, default_value_t = Limits::default().ws_burst)]
    pub ws_burst: u32,
    /// API requests per second per client address (sustained).
    #[arg(long, default_value_t = Limits::default().http_rate_per_sec)]
    pub http_rate: u32,
    /// API requests one client address may send in a burst (0: no limit).
    #[arg(long, default_value_t = Limits::default().http_burst)]
    pub http_burst: u32,
    /// Matches one client address may create at once (0: no limit).
    #[arg(long, default_value_t = MatchLimits::default().create_burst)]
    pub create_burst: u32,
    /// Matches one client address may create per minute, sustained.
    #[arg(long, default_value_t = MatchLimits::default().create_per_minute)]
    pub create_per_minute: u32,
    /// Most unfinished matches the store may hold.
    #[arg(long, default_value_t = MatchLimits::default().max_unfinished)]
    pub max_unfinished: u64,
    /// Unfinished matches one client address may have created at once (0: no limit).
    #[arg(long, default_value_t = MatchLimits::default().max_unfinished_per_address)]
    pub max_unfinished_per_address: u64,
    /// Seconds a match in which no move was ever made may stay untouched before it expires.
    #[arg(long, default_value_t = MatchLimits::default().expire_unplayed_ms / 1000)]
    pub expire_unplayed_secs: u64,
    /// Seconds an all-AI match may go unwatched (no WebSocket open) before it expires (0: never).
    #[arg(long, default_value_t = MatchLimits::default().expire_unwatched_ai_ms / 1000)]
    pub expire_unwatched_ai_secs: u64,
    /// AI moves and hints computed at once (default: one per core).
    #[arg(long)]
    pub ai_threads: Option<usize>,
    /// AI threads one client may hold while another waits (0: all but one).
    #[arg(long, default_value_t = Limits::default().ai_threads_per_client)]
    pub ai_threads_per_client: usize,
    /// The most milliseconds an AI seat may think per move; matches asking for more are refused.
    #[arg(long, default_value_t = Limits::default().ai_max_think_ms)]
    pub ai_max_think_ms: u64,
    /// The most games (per variant) one Lab run may ask for.
    #[arg(long, default_value_t = Limits::default().lab_max_games)]
    pub lab_max_games: usize,
    /// Lab runs played at once on this server (others are refused until one ends).
    #[arg(long, default_value_t = Limits::default().lab_runs)]
    pub lab_runs: u64,
    /// Lab runs one client address may have playing at once.
    #[arg(long, default_value_t = Limits::default().lab_runs_per_client)]
    pub lab_runs_per_client: u64,
    /// Seconds an open match may stay untouched before it expires.
    #[arg(long, default_value_t = MatchLimits::default().expire_open_ms / 1000)]
    pub expire_open_secs: u64,
    /// Seconds a running match may stay untouched before it expires.
    #[arg(long, default_value_t = MatchLimits::default().expire_running_ms / 1000)]
    pub expire_running_secs: u64,
    /// Milliseconds a process's claim to drive a match's AI seats lasts unrenewed.
    #[arg(long, default_value_t = MatchLimits::default().ai_lease_ms)]
    pub ai_lease_ms: u64,
    /// Connections held at once (at most the open-file limit less a reserve).
    #[arg(long, default_value_t = Limits::default().max_connections)]
    pub max_connections: usize,
    /// Connections held at once from one client address (IPv6: one /64).
    #[arg(long, default_value_t = Limits::default().max_connections_per_ip)]
    pub max_connections_per_ip: usize,
    /// Use a creator's chosen seed as given even when others may take seats (closed research
    /// servers only: otherwise the creator could foresee every roll).
    #[arg(long)]
    pub keep_chosen_seeds: bool,
    /// A site whose pages may open WebSockets here besides this server's own address, as the
    /// browser names it (`https://example.org`, `http://localhost:3000`); repeatable; `*`
    /// allows any. Clients that send no Origin (not browsers) are always let through.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origins: Vec<String>,
    /// A file holding the operator's credential (at least 16 characters), which may abort any
    /// match; without it, `$GRIDWRIGHT_OPERATOR_TOKEN` is read; with neither, only a match's
    /// creator may abort it. Never printed.
    #[arg(long, value_name = "FILE")]
    pub operator_token_file: Option<PathBuf>,
}

/// The environment variable that holds the operator's credential when no
/// `--operator-token-file` is given.
pub const OPERATOR_TOKEN_ENV: &str = "GRIDWRIGHT_OPERATOR_TOKEN";

/// Why the serve flags cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ArgsError {
    /// The operator credential file cannot be read.
    #[error("cannot read the operator credential file {path}: {reason}")]
    OperatorFile {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The operator credential is not usable.
    #[error("{from}: {reason}")]
    OperatorToken {
        /// Where it came from.
        from: String,
        /// Why (never the credential itself).
        reason: String,
    },
}

impl ServeArgs {
    /// The server options these flags ask for, with `content` as the content directory.
    ///
    /// # Errors
    /// If the operator credential (`--operator-token-file`, `$GRIDWRIGHT_OPERATOR_TOKEN`)
    /// cannot be read or is too short.
    pub fn into_options(self, content: Option<PathBuf>) -> Result<ServeOptions, ArgsError> {
        let defaults = ServeOptions::default();
        let operator_token = match &self.operator_token_file {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| ArgsError::OperatorFile {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                })?;
                Some(
                    Secret::new(&text).map_err(|reason| ArgsError::OperatorToken {
                        from: path.display().to_string(),
                        reason,
                    })?,
                )
            }
            None => match std::env::var(OPERATOR_TOKEN_ENV) {
                Ok(text) if !text.trim().is_empty() => Some(Secret::new(&text).map_err(
                    |reason| ArgsError::OperatorToken {
                        from: format!("${OPERATOR_TOKEN_ENV}"),
                        reason,
                    },
                )?),
                _ => None,
            },
        };
        Ok(ServeOptions {
            host: self.host,
            port: self.port,
            data_dir: self.data.unwrap_or(defaults.data_dir),
            database: self.database,
            content,
            decks: self.decks,
            ai_delay_ms: self.ai_delay_ms,
            limits: Limits {
                ws_rate_per_sec: self.ws_rate,
                ws_burst: self.ws_burst,
                http_rate_per_sec: self.http_rate,
                http_burst: self.http_burst,
                max_connections: self.max_connections,
                max_connections_per_ip: self.max_connections_per_ip,
                ai_threads: self.ai_threads.unwrap_or(Limits::default().ai_threads),
                ai_threads_per_client: self.ai_threads_per_client,
                ai_max_think_ms: self.ai_max_think_ms,
                lab_max_games: self.lab_max_games,
                lab_runs: self.lab_runs,
                lab_runs_per_client: self.lab_runs_per_client,
                ..Limits::default()
            },
            matches: MatchLimits {
                create_burst: self.create_burst,
                create_per_minute: self.create_per_minute,
                max_unfinished: self.max_unfinished,
                max_unfinished_per_address: self.max_unfinished_per_address,
                expire_unplayed_ms: self.expire_unplayed_secs.saturating_mul(1000),
                expire_unwatched_ai_ms: self.expire_unwatched_ai_secs.saturating_mul(1000),
                expire_open_ms: self.expire_open_secs.saturating_mul(1000),
                expire_running_ms: self.expire_running_secs.saturating_mul(1000),
                ai_lease_ms: self.ai_lease_ms,
                ..MatchLimits::default()
            },
            keep_chosen_seeds: self.keep_chosen_seeds,
            allowed_origins: self.allow_origins,
            operator_token,
        })
    }
}
