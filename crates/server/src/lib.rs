//! # gridwright-server
//!
//! Play Gridwright games in the browser: a lobby, live multiplayer over WebSocket, AI seats, a
//! JSON API under `/api/` (described at `/api/openapi.json`), and persistence in an embedded
//! SQLite file or in PostgreSQL shared by several server processes. `gridwright serve` calls
//! [`serve`]; the protocol is documented in `docs/server.md`.
//!
//! ```no_run
//! # fn main() -> anyhow::Result<()> {
//! let opts = gridwright_server::ServeOptions { port: 8080, ..Default::default() };
//! gridwright_server::serve_blocking(opts) // until Ctrl-C
//! # }
//! ```
//!
//! ## Architecture
//! * [`hub`](Hub) (a folder: `cache`, `commit`, `create`, `ai`, `requests`) — live matches in
//!   memory, the one write path every move, undo and join takes (`Hub::commit`, behind
//!   [`Hub::act`], [`Hub::undo`] and [`Hub::join`]), the AI driver, reactions to other
//!   processes' changes.
//! * `store` — [`Store`]: SQLite or PostgreSQL, migrations, optimistic concurrency on the
//!   match version, `LISTEN`/`NOTIFY`.
//! * `view` — the hidden-information boundary: every message about a game in progress is built
//!   there from the caller's own viewer.
//! * `api`, `ws`, `openapi`, `assets` — HTTP routes (who is asking is an extractor, `Caller` or
//!   `Player`, resolved before the handler runs), the WebSocket protocol, the API document,
//!   the embedded `web/` client.
//! * `net`, `middleware` — the accept loop (connection caps in total and per address, header
//!   and idle timeouts) and what every request passes (API requests per client address, body
//!   deadline and size, JSON-only bodies, security headers).
//!
//! ## Why the server is the authority
//! Clients send actions and the version they were made against; the engine validates; the
//! change is committed to the database before anyone hears of it; each client then receives
//! only its own seat's observation. A client can therefore not cheat, and a crash between
//! "applied" and "stored" cannot lose an acknowledged move.

// The API document (`openapi.rs`) is one `json!` literal, deeper than the default limit.
#![recursion_limit = "256"]

/// `eprintln!` that ignores a failed write: the server's diagnostics must never take it down
/// (a panic) when standard error is closed or full.
macro_rules! log {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($t)*);
    }};
}

mod api;
mod args;
mod assets;
mod error;
mod games;
mod hub;
mod json;
mod lab;
mod limits;
mod middleware;
mod net;
mod openapi;
mod store;
mod token;
mod view;
pub mod wire;
mod ws;

pub use api::api_routes;
pub use args::{ArgsError, OPERATOR_TOKEN_ENV, ServeArgs};
pub use error::ServerError;
pub use games::{DeckName, FrontendGame, GameProvider, Games, NewSession, ScenarioName};
pub use hub::{CreateMatch, Hub, SeatSpec, Who};
pub use limits::MatchLimits;
pub use openapi::document as openapi_document;
pub use store::{AbortedBy, PgStore, SeatKind, SqliteStore, Store, StoreError};
pub use token::Secret;
pub use ws::parse_client_message;

use anyhow::Context as _;
use axum::extract::DefaultBodyLimit;
use gridwright_catalog::ContentSource;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// Abuse limits. The defaults suit people playing (and the load benchmarks run with them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest WebSocket message answered normally (bytes); up to four times this gets an error
    /// reply, beyond that the connection is closed (1009).
    pub max_ws_message: usize,
    /// Largest HTTP request body (bytes).
    pub max_body: usize,
    /// Sustained WebSocket messages per second per connection.
    pub ws_rate_per_sec: u32,
    /// WebSocket messages allowed in a burst.
    pub ws_burst: u32,
    /// Sustained API requests (everything under `/api/`, WebSocket upgrades included) per
    /// second per client address (IPv6: per /64); beyond the burst, `429` with `Retry-After`.
    pub http_rate_per_sec: u32,
    /// API requests one client address may send in a burst (0: no limit).
    pub http_burst: u32,
    /// Refused WebSocket messages in a row before the connection is closed (1008).
    pub ws_max_refusals: u32,
    /// AI moves and hints computed at once (threads of the blocking pool), shared fairly
    /// between clients (`--ai-threads`).
    pub ai_threads: usize,
    /// AI threads one client (the address that created the match, or asks for the hint) may
    /// hold at once while another client waits (`--ai-threads-per-client`; 0: all but one).
    pub ai_threads_per_client: usize,
    /// The most an AI seat may think per move, in milliseconds (`--ai-max-think-ms`): a match
    /// asking for more is refused at creation.
    pub ai_max_think_ms: u64,
    /// The most games (per variant) one Lab run may ask for (`--lab-max-games`).
    pub lab_max_games: usize,
    /// Lab runs queued or playing at once on the server (`--lab-runs`); more are refused with
    /// 429 until one ends.
    pub lab_runs: u64,
    /// Lab runs one client address may have queued or playing at once
    /// (`--lab-runs-per-client`).
    pub lab_runs_per_client: u64,
    /// PostgreSQL connections per process.
    pub pg_pool: usize,
    /// Connections held at once, WebSockets included (never more than the open-file limit
    /// less a reserve for the database); beyond it a connection gets `503` and is closed.
    pub max_connections: usize,
    /// Connections held at once from one client address (IPv6: one /64).
    pub max_connections_per_ip: usize,
    /// From when the server waits for a request (a new connection, or the next request on a
    /// kept-alive one) until the request's whole head has arrived; else the connection is
    /// closed. This is also how long an idle kept-alive connection stays open.
    pub header_timeout: Duration,
    /// From when a handler starts reading a request body until all of it has arrived; else
    /// `408` and the connection is closed.
    pub body_timeout: Duration,
    /// An HTTP connection on which no byte moves either way for this long is closed.
    pub idle_timeout: Duration,
    /// A WebSocket must send `hello` within this time of connecting; else it is closed (1008).
    pub ws_hello_timeout: Duration,
    /// A WebSocket that sends nothing for this long is closed (1001); the browser client pings
    /// every 25 s.
    pub ws_idle_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_ws_message: 16 * 1024,
            max_body: 64 * 1024,
            ws_rate_per_sec: 20,
            ws_burst: 40,
            http_rate_per_sec: 2000,
            http_burst: 4000,
            ws_max_refusals: 100,
            ai_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            ai_threads_per_client: 0,
            ai_max_think_ms: 5_000,
            lab_max_games: 5_000,
            lab_runs: 4,
            lab_runs_per_client: 2,
            pg_pool: 8,
            max_connections: 8192,
            max_connections_per_ip: 256,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            ws_hello_timeout: Duration::from_secs(10),
            ws_idle_timeout: Duration::from_secs(180),
        }
    }
}

/// How to run the server (`gridwright serve` flags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeOptions {
    /// Interface to listen on (`--host`, default `127.0.0.1`).
    pub host: String,
    /// Port (`--port`, default 8080; 0 picks a free one).
    pub port: u16,
    /// Directory of the SQLite database (`--data`, default `$GRIDWRIGHT_DATA` or
    /// `./gridwright-data`); created on first start.
    pub data_dir: PathBuf,
    /// `postgres://…` to use PostgreSQL instead of SQLite (`--database`).
    pub database: Option<String>,
    /// Content directory (`--content`); default as [`ContentSource::discover`].
    pub content: Option<PathBuf>,
    /// The operator's decks, `GAME:SEAT=NAME|PATH` each (`--deck`): loaded and validated by
    /// [`serve`] before it listens ([`Games::catalog_with_decks`]), put into that seat of every
    /// match of that game created, unless the creator picks another deck by name.
    pub decks: Vec<String>,
    /// Minimum time an AI seat takes per move, in milliseconds (`--ai-delay-ms`, default 300);
    /// matches may override it.
    pub ai_delay_ms: u64,
    /// Abuse limits.
    pub limits: Limits,
    /// Limits on matches: creation rate and cap, expiry, eviction, AI leases.
    pub matches: MatchLimits,
    /// Use a seed the creator chose as given even when other people may take seats
    /// (`--keep-chosen-seeds`, off by default). Only for a closed server whose players all
    /// trust the creator (a research lab reproducing matches); on any other server it would let
    /// a creator foresee every roll of the people who join.
    pub keep_chosen_seeds: bool,
    /// Origins (`https://example.org`) whose pages may open WebSockets here besides the
    /// server's own host (`--allow-origin`, repeatable; `*`: any). Clients that send no
    /// `Origin` (not browsers) are always let through.
    pub allowed_origins: Vec<String>,
    /// The operator's credential, which may abort any match (`POST …/abort` with
    /// `Authorization: Bearer <it>`). Read from `--operator-token-file` or, without it, from
    /// `$GRIDWRIGHT_OPERATOR_TOKEN`; none: nobody but a match's creator may abort it. Never
    /// logged (its `Debug` is hidden).
    pub operator_token: Option<token::Secret>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            host: "127.0.0.1".into(),
            port: 8080,
            data_dir: std::env::var_os("GRIDWRIGHT_DATA")
                .map_or_else(|| PathBuf::from("gridwright-data"), PathBuf::from),
            database: None,
            content: None,
            decks: Vec::new(),
            ai_delay_ms: 300,
            limits: Limits::default(),
            matches: MatchLimits::default(),
            keep_chosen_seeds: false,
            allowed_origins: Vec::new(),
            operator_token: None,
        }
    }
}

/// Shared state of the HTTP handlers.
#[derive(Clone, Debug)]
pub struct AppState {
    hub: Arc<Hub>,
    stop: Arc<watch::Sender<bool>>,
}

impl AppState {
    /// Opens the store (creating the data directory and applying migrations), starts the
    /// housekeeping (expiry, eviction, AI leases) and (PostgreSQL) starts listening for other
    /// processes' changes. Matches are loaded from the store when first asked for.
    ///
    /// # Errors
    /// If the store cannot be opened.
    pub async fn open(opts: &ServeOptions, games: Games) -> anyhow::Result<AppState> {
        let origin = token::new_match_id().context("no OS random source")?;
        let store = match opts.database.as_deref() {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Store::Postgres(
                    PgStore::open(url, opts.limits.pg_pool, &origin)
                        .await
                        .with_context(|| {
                            format!("cannot open PostgreSQL at {}", store::describe_pg(url))
                        })?,
                )
            }
            Some(other) => anyhow::bail!(
                "--database takes a postgres:// URL, not `{other}`; without it, SQLite under \
                 --data is used"
            ),
            None => {
                std::fs::create_dir_all(&opts.data_dir).with_context(|| {
                    format!("cannot create data directory {}", opts.data_dir.display())
                })?;
                let path = opts.data_dir.join("gridwright.sqlite3");
                Store::Sqlite(
                    SqliteStore::open(&path)
                        .await
                        .with_context(|| format!("cannot open {}", path.display()))?,
                )
            }
        };
        let (stop, stopped) = watch::channel(false);
        let hub = Arc::new(Hub::new(store, games, opts.clone(), stopped));
        // Lab runs left playing by a process that stopped will not go on (`lab.rs`).
        hub.lab_interrupt_stopped(true).await;
        if let Store::Postgres(pg) = &hub.store {
            let mut notices = pg.listen();
            let h = Arc::downgrade(&hub);
            tokio::spawn(async move {
                while let Some(n) = notices.recv().await {
                    let Some(hub) = h.upgrade() else { return };
                    hub.on_notice(n).await;
                }
            });
        }
        {
            // Expire abandoned matches, forget idle ones (they reload on demand).
            let h = Arc::downgrade(&hub);
            // Often enough to take over a lapsed AI lease soon after it lapses.
            let every = Duration::from_millis(
                opts.matches
                    .housekeeping_ms
                    .min(opts.matches.ai_lease_ms / 3)
                    .max(10),
            );
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(every);
                tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                loop {
                    tick.tick().await;
                    let Some(hub) = h.upgrade() else { return };
                    hub.housekeeping().await;
                }
            });
        }
        Ok(AppState {
            hub,
            stop: Arc::new(stop),
        })
    }

    /// The live matches.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Asks WebSocket connections and AI drivers to stop.
    pub fn shutdown(&self) {
        let _ = self.stop.send(true);
    }
}

/// The whole web application: `/api/…`, the WebSocket, and the embedded browser client.
pub fn app(state: AppState) -> axum::Router {
    let limits = state.hub.opts.limits;
    api::router()
        .fallback(assets::serve)
        .layer(DefaultBodyLimit::max(limits.max_body))
        .layer(axum::middleware::from_fn_with_state(
            limits,
            middleware::read_body,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.hub.clone(),
            middleware::rate_limit,
        ))
        .layer(axum::middleware::from_fn(middleware::security_headers))
        // gzip for browsers that accept it: files, pages and JSON (bodies of 32 bytes and more;
        // a WebSocket upgrade has none). Outermost, so that every answer above is covered.
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(state)
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    state: AppState,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its state.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Stops accepting, closes WebSockets, and waits (at most 5 s) for requests in flight.
    ///
    /// # Errors
    /// If the server task failed.
    pub async fn shutdown(self) -> anyhow::Result<()> {
        self.state.shutdown();
        match tokio::time::timeout(Duration::from_secs(5), self.task).await {
            Ok(Ok(r)) => r.context("server failed"),
            Ok(Err(e)) => Err(anyhow::anyhow!("server task failed: {e}")),
            Err(_) => Ok(()), // connections that do not close in time are dropped with the process
        }
    }
}

/// Opens the store, binds, and serves in the background on the current Tokio runtime.
///
/// # Errors
/// If the store cannot be opened or the address cannot be bound.
pub async fn start(opts: &ServeOptions, games: Games) -> anyhow::Result<Server> {
    let state = AppState::open(opts, games).await?;
    let listener = tokio::net::TcpListener::bind((opts.host.as_str(), opts.port))
        .await
        .with_context(|| format!("cannot listen on {}:{}", opts.host, opts.port))?;
    let addr = listener.local_addr()?;
    let router = app(state.clone());
    let task = tokio::spawn(net::serve(
        listener,
        router,
        opts.limits,
        state.hub.shutdown.clone(),
    ));
    Ok(Server { addr, state, task })
}

/// Runs the server with the catalog's games until Ctrl-C or SIGTERM. Prints one line with the
/// URL to standard output when ready.
///
/// # Errors
/// If the store cannot be opened or the address cannot be bound.
pub async fn serve(opts: ServeOptions) -> anyhow::Result<()> {
    let content = ContentSource::discover(opts.content.as_deref());
    check_content(&content)?;
    let games = Games::catalog_with_decks(&content, &opts.decks)?;
    let server = start(&opts, games).await?;
    {
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "Gridwright server listening on http://{}/ ({}; content: {content})",
            server.addr(),
            server.state.hub.store.describe()
        )?;
        out.flush()?;
    }
    wait_for_signal().await;
    log!("gridwright-server: shutting down");
    server.shutdown().await
}

/// Refuses a content directory the operator named (`--content`, `$GRIDWRIGHT_CONTENT`) that
/// is not a directory or holds no game's folder: the server would otherwise start and offer
/// every game with a content error, which is surely a mistyped path.
fn check_content(content: &ContentSource) -> anyhow::Result<()> {
    content.check()?;
    if let ContentSource::Explicit { dir, from } = content {
        let names: Vec<&str> = gridwright_catalog::GameKind::ALL
            .iter()
            .map(|k| k.info().short_name)
            .collect();
        if !names.iter().any(|n| dir.join(n).is_dir()) {
            anyhow::bail!(
                "content directory {} (from {from}) holds no game folder; it should hold one or \
                 more of: {}",
                dir.display(),
                names.join(", ")
            );
        }
    }
    Ok(())
}

/// [`serve`] on a new multi-threaded Tokio runtime, for callers that are not async.
///
/// # Errors
/// As [`serve`], or if the runtime cannot start.
pub fn serve_blocking(opts: ServeOptions) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result = rt.block_on(serve(opts));
    // An agent still thinking must not hold up the exit; its move was not stored anyway.
    rt.shutdown_timeout(Duration::from_secs(2));
    result
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The embedded browser files (paths relative to `web/`), for tests and diagnostics.
pub fn web_files() -> impl Iterator<Item = &'static str> {
    assets::paths()
}
