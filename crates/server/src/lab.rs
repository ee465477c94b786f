//! The Lab: balance runs asked for over HTTP (issue 25's web page), played by the sim crate on
//! the AI threads, stored in the `lab_runs` table beside the matches.
//!
//! # How a run is played
//! The request is read field by field (each refusal names its field), then handed to the game's
//! [`GameProvider::lab`], which checks it with the same `BalanceRequest::plan` as
//! `gridwright balance`: nothing is stored or played until every part is valid. The run then
//! plays its games in ranges (the sim crate's `shard`), each range on one of the AI threads
//! taken from the fair scheduler (`hub/fair.rs`) as one client, [`LAB_CLIENT`], so that all
//! Lab runs together hold at most the share of one client while anyone else's AI move waits;
//! and never the last thread (a gate of all but one), so that an AI move never waits for a
//! range of games to end.
//! After each range the games so far are folded into a report in index order (`merge`) and
//! its charts drawn (`gridwright_report::charts`); both are stored, so a page polling the run
//! sees them fill in. A range lasts about [`RANGE_TARGET`]; a cancel takes effect at the next
//! range. The report of the whole run is the one `gridwright balance` gives for the same
//! request and seed, however the ranges fell.
//!
//! # Why a run left `running` becomes `interrupted`
//! Its games were played in the memory of a process that is gone. At start-up (SQLite: one
//! process owns the file) every run still active is marked interrupted; with PostgreSQL, whose
//! other processes may be playing their own runs, a run is marked so once nothing was written
//! for [`LAB_LEASE_MS`].

use crate::error::ServerError;
use crate::games::{GameProvider, LabAsk, LabJob, ScenarioName};
use crate::hub::Hub;
use crate::store::{LabProgress, LabRow, LabStatus, Store, now_ms};
use crate::wire::{LabChart, LabRun, LabRunList, LabRunSummary};
use gridwright_agents::AgentSpec;
use gridwright_sim::request::{BalanceRequest, Spelling, SprtBounds, parse_variant};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The client all Lab runs are counted as by the fair scheduler of the AI threads.
pub(crate) const LAB_CLIENT: &str = "the Lab";
/// About how long one range of games should take.
const RANGE_TARGET: Duration = Duration::from_millis(300);
/// A run of another process with no write for this long has stopped (PostgreSQL).
pub(crate) const LAB_LEASE_MS: i64 = 5 * 60 * 1000;
/// Runs a listing shows.
const LISTED: u32 = 50;
/// The fields of a request.
const FIELDS: &[&str] = &[
    "game", "setup", "agents", "games", "seed", "sets", "variants", "sweep", "sprt",
];
/// The most items of a list field (`agents`, `sets`, `variants`) and characters of a text.
const MAX_ITEMS: usize = 50;
const MAX_TEXT: usize = 500;

/// The runs this process is playing, each with its cancel flag, and the gate that keeps them
/// off one of the AI threads.
#[derive(Debug)]
pub(crate) struct LabRuns {
    playing: Mutex<HashMap<String, Arc<AtomicBool>>>,
    /// One permit per AI thread Lab ranges may hold at once: all but one (at least one), so a
    /// range of games, however long, never holds the last thread an AI move could take.
    gate: Arc<Semaphore>,
}

impl LabRuns {
    /// Lab runs on a server with `ai_threads` AI threads.
    pub(crate) fn new(ai_threads: usize) -> LabRuns {
        LabRuns {
            playing: Mutex::new(HashMap::new()),
            gate: Arc::new(Semaphore::new(ai_threads.saturating_sub(1).max(1))),
        }
    }

    /// Waits for the gate (see [`LabRuns::gate`]).
    pub(crate) async fn gate(&self) -> Option<OwnedSemaphorePermit> {
        Arc::clone(&self.gate).acquire_owned().await.ok()
    }

    fn add(&self, id: &str) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        self.playing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id.to_owned(), flag.clone());
        flag
    }

    fn remove(&self, id: &str) {
        self.playing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
    }

    fn cancel(&self, id: &str) {
        if let Some(f) = self
            .playing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
        {
            f.store(true, Ordering::SeqCst);
        }
    }
}

/// A request read and checked: the game, the setup, the agents and the run.
struct Asked {
    game: Arc<dyn GameProvider>,
    ask: LabAsk,
    /// The named variants as they were written (`B=units.knight.health=4`), for the record.
    variants: Vec<String>,
}

fn refuse(why: String) -> ServerError {
    ServerError::BadRequest(why)
}

/// A value as quoted back in a refusal: its JSON, shortened.
fn shown(v: &Value) -> String {
    let text = v.to_string();
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// Field `name` of the request (`null` counts as absent).
fn field<'a>(obj: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    obj.get(name).filter(|v| !v.is_null())
}

fn text(obj: &Map<String, Value>, name: &str) -> Result<Option<String>, ServerError> {
    match field(obj, name) {
        None => Ok(None),
        Some(Value::String(s)) if s.chars().count() <= MAX_TEXT => Ok(Some(s.trim().to_owned())),
        Some(Value::String(_)) => Err(refuse(format!(
            "`{name}` is longer than {MAX_TEXT} characters"
        ))),
        Some(v) => Err(refuse(format!("`{name}` must be a text, not {}", shown(v)))),
    }
}

fn texts(obj: &Map<String, Value>, name: &str) -> Result<Vec<String>, ServerError> {
    let Some(v) = field(obj, name) else {
        return Ok(Vec::new());
    };
    let Value::Array(items) = v else {
        return Err(refuse(format!(
            "`{name}` must be a list of texts, not {}",
            shown(v)
        )));
    };
    if items.len() > MAX_ITEMS {
        return Err(refuse(format!(
            "`{name}` may hold at most {MAX_ITEMS} items, not {}",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::String(s) if s.chars().count() <= MAX_TEXT => Ok(s.trim().to_owned()),
            Value::String(_) => Err(refuse(format!(
                "`{name}` item {}: longer than {MAX_TEXT} characters",
                i + 1
            ))),
            other => Err(refuse(format!(
                "`{name}` item {} must be a text, not {}",
                i + 1,
                shown(other)
            ))),
        })
        .collect()
}

fn whole(obj: &Map<String, Value>, name: &str) -> Result<Option<u64>, ServerError> {
    match field(obj, name) {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| refuse(format!("`{name}` must be a whole number, not {}", shown(v)))),
    }
}

/// `sprt`: `true` (the default bounds), `false`, or an object of any of `elo0`, `elo1`,
/// `alpha`, `beta`.
fn sprt(obj: &Map<String, Value>) -> Result<Option<SprtBounds>, ServerError> {
    match field(obj, "sprt") {
        None | Some(Value::Bool(false)) => Ok(None),
        Some(Value::Bool(true)) => Ok(Some(SprtBounds::default())),
        Some(Value::Object(o)) => {
            let mut b = SprtBounds::default();
            for (k, v) in o {
                let slot = match k.as_str() {
                    "elo0" => &mut b.elo0,
                    "elo1" => &mut b.elo1,
                    "alpha" => &mut b.alpha,
                    "beta" => &mut b.beta,
                    _ => {
                        return Err(refuse(format!(
                            "`sprt.{}`: unknown key; the keys are elo0, elo1, alpha and beta",
                            k.chars().take(40).collect::<String>()
                        )));
                    }
                };
                *slot = v.as_f64().ok_or_else(|| {
                    refuse(format!("`sprt.{k}` must be a number, not {}", shown(v)))
                })?;
            }
            Ok(Some(b))
        }
        Some(v) => Err(refuse(format!(
            "`sprt` must be true, false or {{elo0, elo1, alpha, beta}}, not {}",
            shown(v)
        ))),
    }
}

/// Reads a request body field by field; every refusal names the field and why.
fn read(hub: &Hub, body: &Value) -> Result<Asked, ServerError> {
    let Value::Object(obj) = body else {
        return Err(ServerError::Malformed("expected a JSON object".into()));
    };
    if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(refuse(format!(
            "`{}`: unknown field; the fields are: {}",
            k.chars().take(40).collect::<String>(),
            FIELDS.join(", ")
        )));
    }
    let name = text(obj, "game")?.ok_or_else(|| refuse("`game` is missing".into()))?;
    let game = hub.games.named(&name)?.clone();
    let setup = text(obj, "setup")?
        .filter(|s| !s.is_empty())
        .map(|s| ScenarioName::resolve(game.as_ref(), &s))
        .transpose()?;
    let agents = texts(obj, "agents")?
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let seat = format!("`agents` item {} (P{})", i + 1, i + 1);
            let spec: AgentSpec = t.parse().map_err(|e| refuse(format!("{seat}: {e}")))?;
            crate::hub::check_think_budget(&spec)
                .and_then(|()| {
                    crate::hub::check_operator_budget(&spec, hub.opts.limits.ai_max_think_ms)
                })
                .map_err(|e| refuse(format!("{seat}: {e}")))?;
            Ok(spec)
        })
        .collect::<Result<Vec<_>, ServerError>>()?;
    if agents.is_empty() {
        return Err(refuse(
            "`agents` is missing: give one agent per seat, e.g. [\"random\", \"random\"]".into(),
        ));
    }
    let max = hub.opts.limits.lab_max_games;
    let games = whole(obj, "games")?.unwrap_or(100);
    if games == 0 || games > max as u64 {
        return Err(refuse(format!(
            "`games` must be 1 to {max} on this server, not {games}"
        )));
    }
    let mut request = BalanceRequest::new(usize::try_from(games).unwrap_or(max), 1);
    request.seed = whole(obj, "seed")?.unwrap_or(1);
    request.sets = texts(obj, "sets")?;
    let variants = texts(obj, "variants")?;
    request.variants = variants
        .iter()
        .map(|v| parse_variant(v, Spelling::Keywords))
        .collect::<Result<_, _>>()
        .map_err(|e| refuse(e.to_string()))?;
    request.sweep = text(obj, "sweep")?.filter(|s| !s.is_empty());
    request.sprt = sprt(obj)?;
    Ok(Asked {
        game,
        ask: LabAsk {
            scenario: setup,
            agents,
            request,
        },
        variants,
    })
}

/// The JSON text of `run` with `report` (the report's stored JSON text, or none) as its
/// `report`, byte for byte.
///
/// # Errors
/// `run` does not serialize (a bug).
pub(crate) fn lab_response(run: &LabRun, report: Option<&str>) -> Result<String, ServerError> {
    let mut text = serde_json::to_string(run).map_err(internal)?;
    // `report` is serialized as `null` between `run` and `charts`; the stored text goes there.
    let Some(report) = report else {
        return Ok(text);
    };
    let at = text.find(",\"report\":null,\"charts\":").ok_or_else(|| {
        ServerError::Internal("a Lab run serialized without its report field".into())
    })?;
    text.replace_range(
        at..at + ",\"report\":null".len(),
        &format!(",\"report\":{report}"),
    );
    Ok(text)
}

/// A run's title for people: `Random` or an AI strength's title (`Normal`), else the spec as
/// it was typed.
fn agent_title(game: &dyn GameProvider, spec: &str) -> String {
    if spec == "random" {
        return "Random moves".to_owned();
    }
    game.strengths()
        .iter()
        .find(|s| s.agent == spec)
        .map_or_else(|| spec.to_owned(), |s| format!("{} AI", s.title))
}

/// The summary of a stored run, with the game's and setup's titles.
fn summary(hub: &Hub, row: &LabRow) -> LabRunSummary {
    let game = hub.games.get(&row.game);
    let list = |k: &str| -> Vec<String> {
        row.request
            .get(k)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default()
    };
    let agents = list("agents");
    LabRunSummary {
        id: row.id.clone(),
        game: row.game.clone(),
        game_title: game.map_or_else(|| row.game.clone(), |g| g.info().long_name.to_owned()),
        setup: row.setup.clone(),
        // Kept with the request when it started: a poll reads no content.
        setup_title: row.setup.as_ref().map(|s| {
            row.request
                .get("setup_title")
                .and_then(Value::as_str)
                .map_or_else(|| s.clone(), str::to_owned)
        }),
        agent_titles: agents
            .iter()
            .map(|a| game.map_or_else(|| a.clone(), |g| agent_title(g.as_ref(), a)))
            .collect(),
        agents,
        seed: row.request.get("seed").and_then(Value::as_u64).unwrap_or(1),
        sets: list("sets"),
        variants: list("variants"),
        sweep: row
            .request
            .get("sweep")
            .and_then(Value::as_str)
            .map(str::to_owned),
        status: row.status,
        done: u64::try_from(row.done).unwrap_or(0),
        total: u64::try_from(row.total).unwrap_or(0),
        error: row.error.clone(),
        created_ms: row.created_ms,
    }
}

fn internal(e: impl std::fmt::Display) -> ServerError {
    ServerError::Internal(e.to_string())
}

impl Hub {
    /// Checks a Lab request, stores it and starts playing it; answers the run as stored.
    ///
    /// # Errors
    /// A refusal naming the field and why (nothing stored or played), too many runs at once
    /// (429), or a database failure.
    pub(crate) async fn lab_start(
        self: &Arc<Self>,
        body: Value,
        client: IpAddr,
    ) -> Result<LabRun, ServerError> {
        let Asked {
            game,
            ask,
            variants,
        } = read(self, &body)?;
        let (g, a) = (game.clone(), ask.clone());
        let (job, setup_title) = tokio::task::spawn_blocking(move || {
            let job: Arc<dyn LabJob> = g.lab(&a).map(Arc::from)?;
            let title = a.scenario.and_then(|s| {
                g.scenarios()
                    .ok()?
                    .into_iter()
                    .find(|x| x.name == s.as_str())
                    .map(|x| x.title)
            });
            Ok::<_, String>((job, title))
        })
        .await
        .map_err(internal)?
        .map_err(refuse)?;
        let creator = crate::limits::address_key(client);
        let limits = self.opts.limits;
        if self.store.lab_count_active(Some(&creator)).await? >= limits.lab_runs_per_client {
            return Err(ServerError::TooManyLabRuns(format!(
                "your address already has {} Lab runs playing, the most this server allows one \
                 client; wait for one to end or cancel one",
                limits.lab_runs_per_client
            )));
        }
        if self.store.lab_count_active(None).await? >= limits.lab_runs {
            return Err(ServerError::TooManyLabRuns(format!(
                "this server is already playing its limit of {} Lab runs; try again when one ends",
                limits.lab_runs
            )));
        }
        let id = crate::token::new_match_id().map_err(internal)?;
        let token = crate::token::new_token().map_err(internal)?;
        let now = now_ms();
        let LabAsk {
            scenario: setup,
            agents,
            request,
        } = ask;
        let stored = serde_json::json!({
            "game": game.info().short_name,
            "setup": setup.as_ref().map(ScenarioName::as_str),
            "setup_title": setup_title,
            "agents": agents.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "games": request.games,
            "seed": request.seed,
            "sets": request.sets,
            "variants": variants,
            "sweep": request.sweep,
            "sprt": request.sprt.map(|b| serde_json::json!({
                "elo0": b.elo0, "elo1": b.elo1, "alpha": b.alpha, "beta": b.beta
            })),
        });
        let row = LabRow {
            id: id.clone(),
            creator,
            game: game.info().short_name.to_owned(),
            setup: setup.as_ref().map(|s| s.as_str().to_owned()),
            request: stored,
            status: LabStatus::Queued,
            done: 0,
            total: i64::try_from(job.games()).unwrap_or(i64::MAX),
            report: None,
            charts: None,
            error: None,
            created_ms: now,
            updated_ms: now,
            token_hash: crate::token::hash_token(&token),
        };
        self.store.lab_insert(&row).await?;
        let cancel = self.lab.add(&id);
        let hub = Arc::clone(self);
        let run_id = id.clone();
        tokio::spawn(async move {
            hub.lab_play(&run_id, job, cancel).await;
            hub.lab.remove(&run_id);
        });
        Ok(LabRun {
            run: summary(self, &row),
            report: None,
            charts: Vec::new(),
            token: Some(token),
        })
    }

    /// Plays a stored run to its end, its cancel or the server's shutdown, storing its
    /// progress after each range of games.
    async fn lab_play(self: &Arc<Self>, id: &str, job: Arc<dyn LabJob>, cancel: Arc<AtomicBool>) {
        let total = job.games();
        let started = Instant::now();
        let mut shards: Vec<String> = Vec::new();
        let (mut done, mut range) = (0usize, 1usize);
        while done < total {
            if cancel.load(Ordering::SeqCst) || *self.shutdown.borrow() {
                return;
            }
            let count = range.min(total - done);
            let gate = self.lab.gate().await;
            let slot = self.lab_slot().await;
            let j = Arc::clone(&job);
            let mut held = std::mem::take(&mut shards);
            let began = Instant::now();
            let played = tokio::task::spawn_blocking(move || {
                let _held = (gate, slot);
                let shard = j.play(done, count)?;
                held.push(shard);
                let elapsed = started.elapsed().as_secs_f64();
                let report = j.report(&held, done + count, elapsed)?;
                Ok::<_, gridwright_sim::SimError>((held, report))
            })
            .await;
            let took = began.elapsed();
            // The next range: about RANGE_TARGET long, at most four times this one.
            let per_game = took.as_secs_f64() / count as f64;
            range = ((RANGE_TARGET.as_secs_f64() / per_game.max(1e-6)) as usize)
                .clamp(1, count.saturating_mul(4).max(1));
            let (held, report) = match played {
                Ok(Ok(x)) => x,
                Ok(Err(e)) => return self.lab_fail(id, done, e.to_string()).await,
                Err(e) => {
                    return self
                        .lab_fail(id, done, format!("a worker failed: {e}"))
                        .await;
                }
            };
            shards = held;
            done += count;
            let decided = report.sprt.as_ref().is_some_and(|s| s.verdict.is_some());
            let charts = match gridwright_report::charts(&report) {
                Ok(c) => c,
                Err(e) => return self.lab_fail(id, done, e.to_string()).await,
            };
            let charts: Vec<Value> = charts
                .into_iter()
                .map(|c| serde_json::json!({"section": c.section, "title": c.title, "svg": c.svg}))
                .collect();
            let finished = done >= total || decided;
            let progress = LabProgress {
                status: if finished {
                    LabStatus::Done
                } else {
                    LabStatus::Running
                },
                done: i64::try_from(done).unwrap_or(i64::MAX),
                report: serde_json::to_string(&report).ok(),
                charts: serde_json::to_string(&charts).ok(),
                error: None,
            };
            match self.store.lab_update(id, progress).await {
                Ok(true) if !finished => {}
                // Done, or cancelled (possibly by another process) meanwhile.
                Ok(_) => return,
                Err(e) => {
                    log!("gridwright-server: lab run {id}: {e}");
                    return;
                }
            }
        }
    }

    async fn lab_fail(&self, id: &str, done: usize, why: String) {
        let progress = LabProgress {
            status: LabStatus::Failed,
            done: i64::try_from(done).unwrap_or(i64::MAX),
            report: None,
            charts: None,
            error: Some(why),
        };
        if let Err(e) = self.store.lab_update(id, progress).await {
            log!("gridwright-server: lab run {id}: {e}");
        }
    }

    async fn lab_row(&self, id: &str) -> Result<LabRow, ServerError> {
        self.store
            .lab_get(id)
            .await?
            .ok_or_else(|| ServerError::UnknownLabRun(id.chars().take(60).collect()))
    }

    /// One run: its summary and its charts' titles, with its report so far as the JSON text
    /// stored (see [`LabRow::report`]; [`lab_response`] puts it in).
    ///
    /// # Errors
    /// No such run, or a database failure.
    pub(crate) async fn lab_get(&self, id: &str) -> Result<(LabRun, Option<String>), ServerError> {
        let row = self.lab_row(id).await?;
        let charts = row
            .charts
            .as_ref()
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .enumerate()
                    .map(|(i, c)| LabChart {
                        section: c["section"].as_str().unwrap_or_default().to_owned(),
                        title: c["title"].as_str().unwrap_or_default().to_owned(),
                        url: format!("/api/lab/runs/{}/charts/{i}?done={}", row.id, row.done),
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok((
            LabRun {
                run: summary(self, &row),
                report: None,
                charts,
                token: None,
            },
            row.report,
        ))
    }

    /// Chart `n` of a run, as its SVG document.
    ///
    /// # Errors
    /// No such run or chart, or a database failure.
    pub(crate) async fn lab_chart(&self, id: &str, n: usize) -> Result<String, ServerError> {
        let row = self.lab_row(id).await?;
        row.charts
            .as_ref()
            .and_then(|c| c.get(n))
            .and_then(|c| c["svg"].as_str())
            .map(str::to_owned)
            .ok_or_else(|| ServerError::UnknownLabRun(format!("{id} has no chart {n} (yet)")))
    }

    /// The newest runs.
    ///
    /// # Errors
    /// A database failure.
    pub(crate) async fn lab_list(&self) -> Result<LabRunList, ServerError> {
        let rows = self.store.lab_list(LISTED).await?;
        Ok(LabRunList {
            runs: rows.iter().map(|r| summary(self, r)).collect(),
        })
    }

    /// Cancels a run that is still queued or playing; only with the token its start handed
    /// out (`token`, from `Authorization: Bearer`).
    ///
    /// # Errors
    /// No such run, no token (401), another token (403), a run already over (409), a
    /// database failure.
    pub(crate) async fn lab_cancel(
        &self,
        id: &str,
        token: Option<&str>,
    ) -> Result<(LabRun, Option<String>), ServerError> {
        let row = self.lab_row(id).await?;
        let Some(token) = token else {
            return Err(ServerError::Unauthorized);
        };
        if crate::token::hash_token(token) != row.token_hash {
            return Err(ServerError::Forbidden(
                "this token does not cancel that Lab run: only the one its start handed out does"
                    .into(),
            ));
        }
        let over = || ServerError::LabRunOver(row.id.clone());
        if !row.status.is_active() {
            return Err(over());
        }
        self.lab.cancel(id);
        let cancelled = self
            .store
            .lab_update(
                id,
                LabProgress {
                    status: LabStatus::Cancelled,
                    done: row.done,
                    report: None,
                    charts: None,
                    error: None,
                },
            )
            .await?;
        if !cancelled {
            return Err(over());
        }
        self.lab_get(id).await
    }

    /// Marks the runs no process plays any more as interrupted (see the module's docs): at
    /// start-up every active run with SQLite, runs silent for [`LAB_LEASE_MS`] with PostgreSQL.
    pub(crate) async fn lab_interrupt_stopped(&self, starting: bool) {
        let before = match (&self.store, starting) {
            (Store::Sqlite(_), true) => i64::MAX,
            _ => now_ms().saturating_sub(LAB_LEASE_MS),
        };
        if let Err(e) = self.store.lab_interrupt(before).await {
            log!("gridwright-server: marking stopped lab runs: {e}");
        }
    }
}
