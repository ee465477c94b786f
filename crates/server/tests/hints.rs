//! The hint route: MCTS's advice for hotseat and vs-AI matches and for finished matches, never
//! in a match against another person, never without the seat's token while a match runs.

use crate::common::*;
use serde_json::{Value, json};

fn hint_path(id: &str) -> String {
    format!("/api/matches/{id}/hint")
}

/// Checks the shape of a hint against the legal actions it was asked for.
fn check_report(hint: &Value, legal: &[Value]) {
    assert_eq!(hint["type"], "hint", "{hint}");
    let r = &hint["report"];
    let actions = r["actions"].as_array().unwrap();
    assert!(!actions.is_empty());
    assert!(
        legal.contains(&r["chosen"]),
        "chosen {} not legal",
        r["chosen"]
    );
    let visits: u64 = actions.iter().map(|a| a["visits"].as_u64().unwrap()).sum();
    assert!(visits > 0 && visits <= r["iterations"].as_u64().unwrap());
    for a in actions {
        assert!(legal.contains(&a["action"]), "{} not legal", a["action"]);
        assert!(!a["text"].as_str().unwrap().is_empty());
    }
    assert!(!r["principal_line"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_given_in_hotseat_and_vs_ai_but_not_against_a_person() {
    let t = TestServer::sqlite().await;
    let a = t.addr;

    // Hotseat: one token holds both seats.
    let (id, toks) = create(a, json!({ "game": "connect-four", "hotseat": true })).await;
    let tok = toks[0].1.clone();
    let st = get_as(a, &format!("/api/matches/{id}/state"), &tok).await;
    let legal: Vec<Value> = st.body["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["action"].clone())
        .collect();
    assert_eq!(legal.len(), 7);
    let h1 = post(a, &hint_path(&id), &json!({}), Some(&tok)).await;
    assert_eq!(h1.status, 200, "{:?}", h1.body);
    check_report(&h1.body, &legal);
    assert_eq!(h1.body["seat"], 0);
    // The same position gives the same advice.
    let h2 = post(a, &hint_path(&id), &json!({}), Some(&tok)).await;
    assert_eq!(h1.body["report"]["chosen"], h2.body["report"]["chosen"]);
    assert_eq!(
        h1.body["report"]["actions"], h2.body["report"]["actions"],
        "visit counts are deterministic per position"
    );
    // A hint changes nothing.
    let after = get_as(a, &format!("/api/matches/{id}/state"), &tok).await;
    assert_eq!(after.body["version"], 0);
    // No token, a wrong token, a seat not to act, and `at` on a running match.
    let r = post(a, &hint_path(&id), &json!({}), None).await;
    assert_eq!(r.status, 401);
    let r = post(a, &hint_path(&id), &json!({}), Some("00ff00ff00ff00ff")).await;
    assert!(matches!(r.status, 401 | 403), "{}", r.status);
    let r = post(a, &hint_path(&id), &json!({ "seat": 1 }), Some(&tok)).await;
    assert_eq!(r.status, 422, "{:?}", r.body);
    let r = post(a, &hint_path(&id), &json!({ "at": 0 }), Some(&tok)).await;
    assert_eq!(r.status, 400);
    let r = post(a, &hint_path(&id), &json!({ "nonsense": 1 }), Some(&tok)).await;
    assert_eq!(r.status, 400);

    // Against AI: allowed.
    let (id2, toks2) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")], "ai_delay_ms": 0 }),
    )
    .await;
    let r = post(a, &hint_path(&id2), &json!({}), Some(&toks2[0].1)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);

    // Against another person: refused, for either of them.
    let (id3, toks3) = pvp(a).await;
    assert_eq!(toks3.len(), 2);
    for (_, tk) in &toks3 {
        let r = post(a, &hint_path(&id3), &json!({}), Some(tk)).await;
        assert_refused(&r, 403, "forbidden");
    }
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_matches_get_hints_at_any_move() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(
        a,
        json!({ "game": "connect-four", "seats": [ai("random"), ai("random")], "seed": 7, "ai_delay_ms": 0 }),
    )
    .await;
    let (mut spec, _) = Ws::join(a, &id, None).await;
    let end = spec
        .until(|m| m["type"] == "state" && m["status"] == "finished")
        .await;
    let n = end["moves"].as_u64().unwrap();
    for k in [0, n / 2] {
        let step = get(a, &format!("/api/matches/{id}/replay/{k}")).await;
        let to_act = step.body["turn"]["seats"][0].clone();
        let r = post(a, &hint_path(&id), &json!({ "at": k }), None).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["at"], k);
        assert_eq!(r.body["seat"], to_act);
        assert!(!r.body["report"]["actions"].as_array().unwrap().is_empty());
    }
    // The final position has nobody to advise; past it there is no position.
    let r = post(a, &hint_path(&id), &json!({ "at": n }), None).await;
    assert_eq!(r.status, 422, "{:?}", r.body);
    let r = post(a, &hint_path(&id), &json!({ "at": n + 1 }), None).await;
    assert_eq!(r.status, 400);
    let r = post(a, "/api/matches/0123456789abcdef/hint", &json!({}), None).await;
    assert_eq!(r.status, 404);
    t.stop().await;
}
