//! The Lab over real HTTP and real SQLite (and PostgreSQL when there is one): a run started,
//! its progress and charts while it plays, its report equal to the sim crate's for the same
//! request and seed, cancelled runs, the listing, refusals that name the field before any game,
//! the server's limits, and a run left playing when the server died.

use crate::common::*;
use gridwright_catalog::{ContentSource, Frontend, GridBattles};
use gridwright_server::Limits;
use gridwright_sim::balance::Header;
use gridwright_sim::request::{BalanceRequest, Spelling};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A run that takes many seconds on any machine: MCTS against random moves, 2000 games.
fn slow_run() -> Value {
    json!({ "game": "connect-four", "agents": ["mcts:iters=300", "random"], "games": 2000 })
}

/// Starts a run: its id, and the token that cancels it.
async fn start(a: SocketAddr, body: &Value) -> (String, String) {
    let r = post(a, "/api/lab/runs", body, None).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    assert_eq!(r.body["run"]["status"], "queued");
    let token = r.body["token"].as_str().expect("a start hands out a token");
    (
        r.body["run"]["id"].as_str().unwrap().to_owned(),
        token.to_owned(),
    )
}

/// Cancels run `id` with `token`.
async fn cancel(a: SocketAddr, id: &str, token: Option<&str>) -> Resp {
    post(a, &format!("/api/lab/runs/{id}/cancel"), &json!({}), token).await
}

async fn run(a: SocketAddr, id: &str) -> Value {
    let r = get(a, &format!("/api/lab/runs/{id}")).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body
}

/// Polls run `id` until `until` holds of it (at most a minute); every answer seen on the way.
async fn wait_for(a: SocketAddr, id: &str, until: impl Fn(&Value) -> bool) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen = Vec::new();
    loop {
        let r = run(a, id).await;
        let done = until(&r);
        seen.push(r);
        if done {
            return seen;
        }
        assert!(
            Instant::now() < deadline,
            "run {id} stuck: {:?}",
            seen.last()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn status(r: &Value) -> &str {
    r["run"]["status"].as_str().unwrap_or_default()
}

/// The report `gridwright balance` gives for the same request: the sim crate called directly.
fn sim_report(games: usize, seed: u64, variants: &[(&str, &[&str])]) -> Value {
    let config = GridBattles::load_config(&ContentSource::Builtin, Some("skirmish")).unwrap();
    let mut request = BalanceRequest::new(games, seed);
    request.threads = 3;
    request.variants = variants
        .iter()
        .map(|(n, c)| ((*n).to_owned(), c.iter().map(|s| (*s).to_owned()).collect()))
        .collect();
    let plan = request
        .plan::<GridBattles>(&config, Spelling::Keywords)
        .unwrap();
    let spec: gridwright_agents::AgentSpec = "random".parse().unwrap();
    let agents: Vec<gridwright_sim::AgentFactory<GridBattles>> = (0..2)
        .map(|_| {
            let spec = spec.clone();
            Arc::new(move || GridBattles::agent(&spec).unwrap())
                as gridwright_sim::AgentFactory<GridBattles>
        })
        .collect();
    let report = gridwright_sim::balance::report::<GridBattles>(
        Header {
            game: "grid-battles".into(),
            setup: GridBattles::config_name(&config).unwrap_or_else(|| "skirmish".into()),
            agents: vec!["random".into(), "random".into()],
        },
        &plan.variants,
        &agents,
        &plan.options,
        gridwright_catalog::balance_hooks::<GridBattles>(),
        &|_, _| {},
    )
    .unwrap();
    // As a client reads the server's answer: the JSON text, parsed.
    serde_json::from_str(&serde_json::to_string(&report.without_timing()).unwrap()).unwrap()
}

/// A run plays to the end with its progress and charts filling in, and its report is the
/// sim crate's for the same setup, agents, variants and seed (played there on three threads,
/// here in ranges of any size).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lab_run_plays_to_the_report_the_sim_gives_for_its_seed() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = start(
        a,
        &json!({ "game": "grid-battles", "setup": "skirmish", "agents": ["random", "random"],
                 "games": 300, "seed": 7, "variants": ["A=", "B=units.knight.health=4"] }),
    )
    .await;
    let seen = wait_for(a, &id, |r| status(r) == "done").await;
    // Progress only grows, to the total; a report and charts come with every game counted.
    let done: Vec<u64> = seen
        .iter()
        .map(|r| r["run"]["done"].as_u64().unwrap())
        .collect();
    assert!(done.windows(2).all(|w| w[0] <= w[1]), "{done:?}");
    assert_eq!(done.last(), Some(&300));
    for r in &seen {
        let n = r["run"]["done"].as_u64().unwrap();
        if n > 0 {
            assert_eq!(
                r["report"]["variants"][0]["games"], n,
                "the report counts the games done"
            );
        }
    }
    let last = seen.last().unwrap();
    assert_eq!(last["run"]["game_title"], "Grid Battles");
    assert_eq!(last["run"]["setup"], "skirmish");
    assert_eq!(last["run"]["setup_title"], "Skirmish");
    assert_eq!(
        last["run"]["agent_titles"],
        json!(["Random moves", "Random moves"])
    );
    let mut report = last["report"].clone();
    report["elapsed_seconds"] = json!(0.0);
    assert_eq!(
        report,
        sim_report(300, 7, &[("A", &[]), ("B", &["units.knight.health=4"])])
    );
    // Its charts: each variant's win rates and game lengths (and the per-unit win rates), SVG.
    let charts = last["charts"].as_array().unwrap();
    let titles: Vec<&str> = charts
        .iter()
        .map(|c| c["title"].as_str().unwrap())
        .collect();
    assert!(
        titles.contains(&"Win rates") && titles.contains(&"Game length"),
        "{titles:?}"
    );
    assert!(charts.iter().any(|c| c["section"] == "Variant B"));
    let svg = get(a, charts[0]["url"].as_str().unwrap()).await;
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    let text = String::from_utf8_lossy(&svg.raw);
    assert!(
        text.contains("<svg") && text.contains("Win rates"),
        "{text:.200}"
    );
    assert_refused(
        &get(a, &format!("/api/lab/runs/{id}/charts/999")).await,
        404,
        "unknown_lab_run",
    );
    // Listed, newest first, in players' words.
    let list = get(a, "/api/lab/runs").await;
    assert_eq!(list.body["runs"][0]["id"], id.as_str());
    assert_eq!(list.body["runs"][0]["status"], "done");
    assert_eq!(
        list.body["runs"][0]["variants"],
        json!(["A=", "B=units.knight.health=4"])
    );
    t.stop().await;
}

/// A cancel stops a run at its next range of games and keeps the report of the games played;
/// only the token its start handed out cancels it, and only while it plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_run_stops_and_keeps_its_partial_report() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, token) = start(a, &slow_run()).await;
    let other = json!({ "game": "connect-four", "agents": ["random", "random"], "games": 10 });
    let (other, _) = start(a, &other).await;
    wait_for(a, &id, |r| r["run"]["done"].as_u64() > Some(0)).await;
    assert_refused(&cancel(a, &id, None).await, 401, "unauthorized");
    assert_refused(
        &cancel(a, &id, Some("not-its-token")).await,
        403,
        "forbidden",
    );
    assert_refused(&cancel(a, &other, Some(&token)).await, 403, "forbidden");
    // The token, not the address: it cancels from anywhere; the server never shows it again.
    assert!(run(a, &id).await.get("token").is_none());
    let c = cancel(a, &id, Some(&token)).await;
    assert_eq!(c.status, 200, "{:?}", c.body);
    assert_eq!(c.body["run"]["status"], "cancelled");
    // Nothing more is played or written after the range in hand.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let r = run(a, &id).await;
    assert_eq!(status(&r), "cancelled");
    let done = r["run"]["done"].as_u64().unwrap();
    assert!(done > 0 && done < 2000, "{done}");
    assert_eq!(r["report"]["variants"][0]["games"], done);
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(run(a, &id).await["run"]["done"], done, "the run went on");
    assert_refused(&cancel(a, &id, Some(&token)).await, 409, "lab_run_over");
    assert_refused(
        &cancel(a, "0000000000000000", Some(&token)).await,
        404,
        "unknown_lab_run",
    );
    t.stop().await;
}

/// Bad input is refused with a message naming the field and why, before any game: nothing is
/// stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lab_requests_are_refused_naming_the_field_before_any_game() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let gb = |extra: Value| {
        let mut body = json!({ "game": "grid-battles", "setup": "skirmish",
                               "agents": ["random", "random"], "games": 20 });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases: Vec<(Value, u16, &str)> = vec![
        (
            json!({ "game": "nope", "agents": ["random"] }),
            404,
            "unknown game `nope`",
        ),
        (
            gb(json!({ "setup": "../../etc/passwd" })),
            400,
            "has no scenario `../../etc/passwd`",
        ),
        (
            gb(json!({ "agents": ["random", "wizard"] })),
            400,
            "agents: P2: unknown agent `wizard`",
        ),
        (
            gb(json!({ "agents": ["random"] })),
            400,
            "agents: this setup has 2 seats",
        ),
        (
            gb(json!({ "agents": ["human", "random"] })),
            400,
            "P1: a person cannot play",
        ),
        (
            gb(json!({ "agents": ["mcts:iters=99999999", "random"] })),
            400,
            "`iters=99999999` is over",
        ),
        (
            gb(json!({ "agents": "random" })),
            400,
            "`agents` must be a list of texts",
        ),
        (
            gb(json!({ "games": "lots" })),
            400,
            "`games` must be a whole number, not \"lots\"",
        ),
        (gb(json!({ "games": 0 })), 400, "`games` must be 1 to 5000"),
        (
            gb(json!({ "games": 1e300 })),
            400,
            "`games` must be a whole number",
        ),
        (
            gb(json!({ "games": 99999999999u64 })),
            400,
            "`games` must be 1 to 5000",
        ),
        (
            gb(json!({ "seed": -1 })),
            400,
            "`seed` must be a whole number",
        ),
        (
            gb(json!({ "colour": "red" })),
            400,
            "`colour`: unknown field",
        ),
        (
            gb(json!({ "sets": ["units.knight.healthy=3"] })),
            400,
            "sets: unknown key path `units.knight.healthy`: `knight` has no `healthy`",
        ),
        (
            gb(json!({ "sets": ["units.knight.health=lots"] })),
            400,
            "sets: `units.knight.health` is a whole number, not `lots`",
        ),
        (
            gb(json!({ "sets": ["units.knight.health=0"] })),
            400,
            "does not set up",
        ),
        (
            gb(json!({ "sweep": "units.knight.health=5..2" })),
            400,
            "the range `5..2` is empty",
        ),
        (gb(json!({ "sweep": "units.knight.health=" })), 400, "sweep"),
        (
            gb(json!({ "variants": ["B"] })),
            400,
            "variants `B`: write NAME=changes",
        ),
        (
            gb(json!({ "variants": ["A=", "B=", "C="] })),
            400,
            "at most two variants",
        ),
        (
            gb(json!({ "sprt": { "alpha": 0.9 } })),
            400,
            "sprt alpha=0.9",
        ),
        (
            gb(json!({ "sprt": { "elo3": 1 } })),
            400,
            "`sprt.elo3`: unknown key",
        ),
        (
            gb(json!({ "sprt": true, "sweep": "units.knight.health=2..3" })),
            400,
            "sweep and sprt",
        ),
    ];
    for (body, code, says) in cases {
        let r = post(a, "/api/lab/runs", &body, None).await;
        assert_eq!(r.status, code, "{body}: {:?}", r.body);
        assert!(
            message(&r).contains(says),
            "{body}: {:?} lacks {says:?}",
            r.body
        );
    }
    // Not an object, and too large a body.
    assert_eq!(
        post(a, "/api/lab/runs", &json!([1]), None).await.status,
        400
    );
    let huge = json!({ "game": "grid-battles", "sets": vec!["units.knight.health=3"; 20000] });
    assert_eq!(post(a, "/api/lab/runs", &huge, None).await.status, 413);
    assert_eq!(
        get(a, "/api/lab/runs").await.body["runs"],
        json!([]),
        "nothing stored"
    );
    assert_refused(&get(a, "/api/lab/runs/nope").await, 404, "unknown_lab_run");
    t.stop().await;
}

/// Runs are bounded: games per run, runs per client address and runs in all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lab_runs_are_bounded_per_client_and_in_all() {
    let t = TestServer::sqlite_with(|o| {
        o.limits = Limits {
            lab_max_games: 2000,
            lab_runs: 2,
            lab_runs_per_client: 1,
            ..o.limits
        };
    })
    .await;
    let a = t.addr;
    let mut body = slow_run();
    body["games"] = json!(2001);
    let r = post(a, "/api/lab/runs", &body, None).await;
    assert!(
        message(&r).contains("`games` must be 1 to 2000 on this server"),
        "{:?}",
        r.body
    );
    let (first, first_token) = start(a, &slow_run()).await;
    let again = post(a, "/api/lab/runs", &slow_run(), None).await;
    assert_refused(&again, 429, "too_many_lab_runs");
    assert!(message(&again).contains("your address already has 1 Lab runs playing"));
    let other = post_from([127, 0, 0, 2], a, "/api/lab/runs", &slow_run()).await;
    assert_eq!(other.status, 201, "{:?}", other.body);
    let third = post_from([127, 0, 0, 3], a, "/api/lab/runs", &slow_run()).await;
    assert_refused(&third, 429, "too_many_lab_runs");
    assert!(message(&third).contains("its limit of 2 Lab runs"));
    // Once one ends, its client may start another.
    assert_eq!(cancel(a, &first, Some(&first_token)).await.status, 200);
    start(a, &slow_run()).await;
    let second = other.body["run"]["id"].as_str().unwrap();
    let token = other.body["token"].as_str();
    assert_eq!(cancel(a, second, token).await.status, 200);
    t.stop().await;
}

/// Lab runs never hold every AI thread: with two, heavy runs (whole games of long searches a
/// range) leave one free, and another client's AI reply does not wait for a range to end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lab_runs_leave_an_ai_thread_for_play() {
    let t = TestServer::sqlite_with(|o| o.limits.ai_threads = 2).await;
    let a = t.addr;
    // A game of 50,000-iteration searches takes seconds: a run's first range is one game.
    let heavy = json!({ "game": "connect-four", "agents": ["mcts:iters=50000", "mcts:iters=50000"],
                        "games": 100 });
    let runs = [start(a, &heavy).await, start(a, &heavy).await];
    tokio::time::sleep(Duration::from_millis(300)).await;
    let worst = worst_ai_reply_of_another_client(a).await;
    // Holding both threads, the runs made the reply wait for a whole game of such searches
    // (seconds); with one thread always left, it waits for nothing.
    assert!(
        worst < Duration::from_millis(1500),
        "the other client's AI reply took {worst:?}"
    );
    for (id, token) in runs {
        assert!(status(&run(a, &id).await) == "running" || status(&run(a, &id).await) == "queued");
        cancel(a, &id, Some(&token)).await;
    }
    t.stop().await;
}

/// A run left playing when the server was killed is shown as interrupted after the restart,
/// not as playing forever; its partial report stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_left_playing_when_the_server_died_is_interrupted() {
    let dir = TempDir::new("lab-restart");
    let args = vec!["--data".to_owned(), dir.0.display().to_string()];
    let server = Proc::spawn(&args);
    let (id, token) = start(server.addr, &slow_run()).await;
    let seen = wait_for(server.addr, &id, |r| r["run"]["done"].as_u64() > Some(0)).await;
    assert_eq!(status(seen.last().unwrap()), "running");
    server.kill();
    let server = Proc::spawn(&args);
    let r = run(server.addr, &id).await;
    assert_eq!(status(&r), "interrupted");
    assert!(
        r["run"]["error"]
            .as_str()
            .unwrap()
            .contains("server stopped")
    );
    assert!(r["run"]["done"].as_u64() > Some(0));
    assert!(r["report"]["variants"][0]["games"].as_u64() > Some(0));
    assert_refused(
        &cancel(server.addr, &id, Some(&token)).await,
        409,
        "lab_run_over",
    );
}

/// PostgreSQL holds Lab runs as SQLite does: played, listed, cancelled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stores_lab_runs() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    let t = TestServer::postgres(url).await;
    let a = t.addr;
    let (id, _) = start(
        a,
        &json!({ "game": "grid-battles", "setup": "skirmish", "agents": ["random", "random"],
                 "games": 100, "seed": 3 }),
    )
    .await;
    let last = wait_for(a, &id, |r| status(r) == "done")
        .await
        .pop()
        .unwrap();
    let mut report = last["report"].clone();
    report["elapsed_seconds"] = json!(0.0);
    assert_eq!(report, sim_report(100, 3, &[]));
    let (slow, token) = start(a, &slow_run()).await;
    let c = cancel(a, &slow, Some(&token)).await;
    assert_eq!(c.status, 200, "{:?}", c.body);
    let list = get(a, "/api/lab/runs").await.body;
    let ids: Vec<&str> = list["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, vec![slow.as_str(), id.as_str()]);
    t.stop().await;
}
