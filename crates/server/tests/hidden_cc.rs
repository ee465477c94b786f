//! Hidden information through the real server, with Command Core itself: a committed program
//! must reach no one but its owner until its mech executes — not in WebSocket `state`
//! messages (observation, legal actions, log), not over HTTP (state, match summary, replay).
//!
//! A perturbation test: two matches with the same seed and the same moves except seat 0's first
//! program. Everything seat 1 and a spectator receive before that mech's program is revealed
//! must be byte-identical between the runs (after replacing the match id and dropping wall-clock
//! times). Two checks show the test can fail: seat 0's own messages do differ, and so do seat
//! 1's at the reveal.

use crate::common::*;
use serde_json::{Value, json};

/// Most moves to play looking for the reveal.
const MAX_STEPS: usize = 400;

/// What each viewer received during one step (one move).
#[derive(Default)]
struct Step {
    /// Seat 0's WebSocket messages.
    seat0: Vec<String>,
    /// Seat 1's WebSocket messages and HTTP answers.
    seat1: Vec<String>,
    /// The spectator's WebSocket messages and HTTP answers.
    spectator: Vec<String>,
    /// Whether seat 1 saw the secret mech's program revealed in this step.
    revealed: bool,
}

/// JSON text with the match id replaced and wall-clock times dropped, the only things that
/// legitimately differ between two otherwise identical matches. Takes the value: the state
/// answers hold the whole log, and a copy of each at every move was most of these tests' time.
pub fn normal(mut v: Value, id: &str) -> String {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(o) => {
                o.remove("created_ms");
                o.remove("updated_ms");
                o.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v.to_string().replace(id, "<match>")
}

/// Reads `ws` until a `state` at `version` or later (and, if `ack`, the `ack` too), pushing
/// every message; returns the last state.
pub async fn collect(ws: &mut Ws, version: u64, ack: bool, out: &mut Vec<Value>) -> Value {
    let mut state = None;
    let mut acked = !ack;
    while state.is_none() || !acked {
        // A long wait: these games run hundreds of moves on a loaded test machine, and the
        // message always comes (a missing one still fails, only later).
        let m = ws
            .try_recv(std::time::Duration::from_secs(60))
            .await
            .expect("no message from server within 60 s");
        if m["type"] == "ack" {
            acked = true;
        }
        if m["type"] == "state" && m["version"].as_u64() >= Some(version) {
            state = Some(m.clone());
        }
        assert_ne!(m["type"], "error", "{m}");
        out.push(m);
    }
    state.unwrap()
}

/// Whether a message to seat 1 shows `mech`'s program revealed: a `revealed` event in its log,
/// or the mech marked revealed in its observation (a round may end within one move, clearing
/// the mark, so the log is the one that always tells).
fn shows_reveal(m: &Value, mech: u64) -> bool {
    let logged = m["log"].as_array().is_some_and(|log| {
        log.iter().any(|e| {
            e["events"].as_array().is_some_and(|evs| {
                evs.iter()
                    .any(|ev| ev["event"] == "revealed" && ev["mech"] == mech)
            })
        })
    });
    let marked = m["observation"]["mechs"]
        .as_array()
        .is_some_and(|ms| ms.iter().any(|x| x["id"] == mech && x["revealed"] == true));
    logged || marked
}

/// Whether a legal-action entry puts a card into a program slot.
fn program_step(l: &Value) -> bool {
    l["action"]["program"].is_object()
}

/// Seat 0's first programming step in run `which`: the first or the last card it may put into
/// its first mech's first slot (a program is built one slot at a time and every step of it is
/// hidden from the others), chosen the same way in both runs. Seat 0 then keeps taking its
/// first legal action, a card, until the program is full, so no slot is filled at random and
/// both runs draw the same chance outcomes.
fn secret_program(legal: &[Value], which: usize) -> Value {
    let cards: Vec<&Value> = legal.iter().filter(|l| program_step(l)).collect();
    assert!(cards.len() >= 2, "need two cards to compare");
    cards[which * (cards.len() - 1)]["action"].clone()
}

/// Plays one match: deterministic moves (each seat's first legal action, seat 0 first) except
/// seat 0's first programming step, which depends on `which`. Returns the steps and the secret mech.
async fn play(which: usize) -> (Vec<Step>, u64) {
    // Both matches must roll the same dice: the seed is kept as chosen (a research server),
    // else two human seats would mix it with a server secret.
    let t = TestServer::sqlite_with(|o| o.keep_chosen_seeds = true).await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "command-core", "scenario": "duel", "seats": [human(), human()], "seed": 2024 }),
    )
    .await;
    let (p0, p1) = (tokens[0].1.clone(), tokens[1].1.clone());
    let (mut w0, s0) = Ws::join(a, &id, Some(&p0)).await;
    let (mut w1, s1) = Ws::join(a, &id, Some(&p1)).await;
    let (mut ws, sp) = Ws::join(a, &id, None).await;
    let mut steps = vec![Step {
        seat0: vec![normal(s0.clone(), &id)],
        seat1: vec![normal(s1.clone(), &id)],
        spectator: vec![normal(sp.clone(), &id)],
        revealed: false,
    }];
    let mut states = [s0, s1];
    let mut secret: Option<(u64, Value)> = None;
    let mut version = 0;
    for _ in 0..MAX_STEPS {
        if states[0]["status"] == "finished" {
            break;
        }
        let legal = |s: &Value| s["legal"].as_array().cloned().unwrap_or_default();
        let (seat, action) = match (legal(&states[0]), legal(&states[1])) {
            (l0, _) if secret.is_none() && l0.iter().any(program_step) => {
                let action = secret_program(&l0, which);
                secret = Some((action["program"]["mech"].as_u64().unwrap(), action.clone()));
                (0, action)
            }
            // Otherwise seat 0 acts whenever it may, then seat 1: the same moves in both runs.
            (l0, _) if !l0.is_empty() => (0, l0[0]["action"].clone()),
            (_, l1) if !l1.is_empty() => (1, l1[0]["action"].clone()),
            _ => panic!("nobody may act: {}", states[0]),
        };
        let mut raw: [Vec<Value>; 3] = Default::default();
        let sock = if seat == 0 { &mut w0 } else { &mut w1 };
        sock.send(json!({ "type": "act", "version": version, "action": action }))
            .await;
        version += 1;
        let [r0, r1, r2] = &mut raw;
        states[0] = collect(&mut w0, version, seat == 0, r0).await;
        states[1] = collect(&mut w1, version, seat == 1, r1).await;
        collect(&mut ws, version, false, r2).await;
        // What HTTP serves meanwhile, as seat 1 and as anyone.
        r1.push(
            get_as(a, &format!("/api/matches/{id}/state"), &p1)
                .await
                .body,
        );
        r0.push(
            get_as(a, &format!("/api/matches/{id}/state"), &p0)
                .await
                .body,
        );
        for path in [
            format!("/api/matches/{id}/state"),
            format!("/api/matches/{id}"),
            format!("/api/matches/{id}/replay"),
            format!("/api/matches/{id}/replay/1"),
        ] {
            let r = get(a, &path).await;
            r2.push(json!({ "path": path, "status": r.status, "body": r.body }));
        }
        let revealed = secret
            .as_ref()
            .is_some_and(|(mech, _)| r1.iter().any(|m| shows_reveal(m, *mech)));
        steps.push(Step {
            seat0: raw[0].drain(..).map(|v| normal(v, &id)).collect(),
            seat1: raw[1].drain(..).map(|v| normal(v, &id)).collect(),
            spectator: raw[2].drain(..).map(|v| normal(v, &id)).collect(),
            revealed,
        });
        if revealed {
            break;
        }
    }
    t.stop().await;
    let (mech, _) = secret.expect("the game never reached programming");
    (steps, mech)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_core_programs_stay_secret_until_their_mech_executes() {
    let (a, mech_a) = play(0).await;
    let (b, mech_b) = play(1).await;
    assert_eq!(mech_a, mech_b, "the same mech is programmed differently");
    let reveal = a
        .iter()
        .position(|s| s.revealed)
        .expect("the secret program was never revealed");
    assert_eq!(
        Some(reveal),
        b.iter().position(|s| s.revealed),
        "the reveal happens at the same move in both runs"
    );
    let commit = a
        .iter()
        .position(|s| s.seat0.iter().any(|m| m.contains(r#""committed":true"#)))
        .expect("seat 0 committed");
    assert!(
        commit < reveal,
        "the program is secret for at least one move"
    );
    for (i, (x, y)) in a.iter().zip(&b).take(reveal).enumerate() {
        assert_eq!(x.seat1, y.seat1, "seat 1 saw a difference at move {i}");
        assert_eq!(
            x.spectator, y.spectator,
            "a spectator saw a difference at move {i}"
        );
    }
    // The same harness does see the programs where they may be seen: seat 0's own view from the
    // commit on, and everyone's at the reveal.
    assert_ne!(
        a[commit].seat0, b[commit].seat0,
        "seat 0 sees its own program"
    );
    assert_ne!(
        a[reveal].seat1, b[reveal].seat1,
        "seat 1 sees the revealed program"
    );
    assert_ne!(a[reveal].spectator, b[reveal].spectator);
}
