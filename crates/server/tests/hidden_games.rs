//! Hidden information through the real server (SQLite, HTTP, WebSocket) for the card and 4X
//! games: one seat's secrets differ between two matches, and every other seat and a spectator
//! must receive byte-identical messages until the game itself reveals the secret.
//!
//! One harness, [`compare`], plays the two matches side by side on two servers: same game,
//! scenario, seed and moves, except one seat's (the owner's) secrets, changed in one of two ways.
//! - Secret chance outcomes ([`Perturbed`]): the second server serves the game with every chance
//!   outcome that only the owner may see drawn differently. Starcore: P2's hand and the order of
//!   its draws, never revealed by the rules (cards played are the same in both matches), so 300
//!   moves are compared. (Milkomeda's Master reveals the order cards it draws to every player,
//!   §7 phase 1 step 4: a test checks that every seat and the spectator see them.)
//! - Secret choices (as `hidden_cc.rs` does for Command Core): the owner's first sealed choice
//!   made while another seat still has to act differs (Milkomeda: the first step of the fleet
//!   roster it commits, with three and four seats, or of its hit allocation, with three), compared
//!   until the game reveals the rosters or allocations.
//!
//! A third check ([`compare_decks`]) serves Milkomeda with its face-down decks (sectors,
//! directives, modules, objectives) in another order once the setup is over ([`Reshuffled`]):
//! every seat and the spectator must receive byte-identical messages until a card is drawn
//! face up, and then all see it differ (three and four seats).
//!
//! Moves: the lowest seat that may act plays an action legal in both matches, picked by a fixed
//! pseudo-random sequence (Milkomeda's roster test prefers fleet moves and attacks, to fight).
//! Once a match is finished its replay is public by design, so the replay answers are compared
//! only while it runs.
//!
//! What each seat receives per move: its WebSocket messages (state, ack) and its HTTP match
//! state; the spectator's WebSocket messages plus the public HTTP state, summary and replays.
//! Messages are compared after replacing the match id and dropping wall-clock times
//! ([`normal`]). Two checks show the harness can fail: the owner's own messages do differ, and
//! where a secret is revealed the others' messages differ from then on.

use crate::common::*;
use crate::hidden_cc::{collect, normal};
use crate::perturbed::{Perturbed, Reshuffled};
use gridwright_catalog::{ContentSource, Milkomeda, Starcore};
use gridwright_server::Games;
use serde_json::{Value, json};

/// One game's check.
struct Case {
    game: &'static str,
    scenario: &'static str,
    seats: usize,
    /// The seat whose secrets differ.
    owner: usize,
    /// The owner's secret choice in match `which` (0 or 1), if `legal` offers one.
    secret: fn(&[Value], usize) -> Option<Value>,
    /// Whether a message shows the owner's secret choice revealed.
    reveals: fn(&Value) -> bool,
    /// How much an action is preferred: of the actions legal in both matches, one of the
    /// highest rank is played (0 for all: any).
    prefer: fn(&Value) -> u32,
    /// Most moves to play.
    max_steps: usize,
}

/// What each viewer received during one move.
struct Step {
    /// Per seat: its WebSocket messages and HTTP answers.
    seats: Vec<Vec<String>>,
    /// The spectator's WebSocket messages and HTTP answers.
    spectator: Vec<String>,
    /// Whether a seat other than the owner saw the secret choice revealed.
    revealed: bool,
}

/// One match in progress on its own server.
struct Run {
    t: TestServer,
    id: String,
    tokens: Vec<String>,
    ws: Vec<Ws>,
    spectator: Ws,
    states: Vec<Value>,
    version: u64,
}

impl Run {
    async fn start(case: &Case, games: Games) -> (Run, Step) {
        // Both matches must draw the same chance outcomes: the seed is kept as chosen.
        let t = TestServer::sqlite_serving(games, |o| o.keep_chosen_seeds = true).await;
        let seats: Vec<Value> = (0..case.seats).map(|_| human()).collect();
        let (id, mut tokens) = create(
            t.addr,
            json!({ "game": case.game, "scenario": case.scenario, "seats": seats, "seed": 2024 }),
        )
        .await;
        tokens.sort();
        let tokens: Vec<String> = tokens.into_iter().map(|(_, t)| t).collect();
        assert_eq!(tokens.len(), case.seats);
        let (mut ws, mut states, mut first) = (Vec::new(), Vec::new(), Vec::new());
        for tok in &tokens {
            let (w, s) = Ws::join(t.addr, &id, Some(tok)).await;
            first.push(vec![normal(s.clone(), &id)]);
            ws.push(w);
            states.push(s);
        }
        let (spectator, sp) = Ws::join(t.addr, &id, None).await;
        let step = Step {
            seats: first,
            spectator: vec![normal(sp, &id)],
            revealed: false,
        };
        let run = Run {
            t,
            id,
            tokens,
            ws,
            spectator,
            states,
            version: 0,
        };
        (run, step)
    }

    /// Move `n` of a match played at random: the lowest seat that may act plays a legal
    /// action picked by a fixed pseudo-random sequence. Returns the seat and what everyone
    /// received.
    async fn random_move(&mut self, n: usize, case: &Case) -> (usize, Step) {
        let seat = (0..case.seats)
            .find(|s| !self.legal(*s).is_empty())
            .unwrap_or_else(|| panic!("nobody may act: {}", self.states[0]));
        let legal = self.legal(seat);
        let pick = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33;
        let x = legal[usize::try_from(pick).unwrap() % legal.len()]["action"].clone();
        (seat, self.act(seat, x, case).await)
    }

    fn legal(&self, seat: usize) -> Vec<Value> {
        self.states[seat]["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// `seat` plays `action`; returns what everyone received.
    async fn act(&mut self, seat: usize, action: Value, case: &Case) -> Step {
        let (a, id) = (self.t.addr, self.id.clone());
        self.ws[seat]
            .send(json!({ "type": "act", "version": self.version, "action": action }))
            .await;
        self.version += 1;
        let mut raw: Vec<Vec<Value>> = Vec::new();
        let mut revealed = false;
        for (s, w) in self.ws.iter_mut().enumerate() {
            let mut out = Vec::new();
            self.states[s] = collect(w, self.version, s == seat, &mut out).await;
            // The WebSocket log holds this move's entries only (the HTTP state, the whole log).
            revealed |= s != case.owner && out.iter().any(case.reveals);
            out.push(
                get_as(a, &format!("/api/matches/{id}/state"), &self.tokens[s])
                    .await
                    .body,
            );
            raw.push(out);
        }
        let mut sp = Vec::new();
        collect(&mut self.spectator, self.version, false, &mut sp).await;
        // Once finished, the replay (every secret with it) is public by design: the replay
        // answers are compared while the match runs (a refusal) and left out after.
        let finished = self.states[0]["status"] == "finished";
        let mut paths = vec![
            format!("/api/matches/{id}/state"),
            format!("/api/matches/{id}"),
        ];
        if !finished {
            paths.push(format!("/api/matches/{id}/replay"));
            paths.push(format!("/api/matches/{id}/replay/1"));
        }
        for path in paths {
            let r = get(a, &path).await;
            sp.push(json!({ "path": path, "status": r.status, "body": r.body }));
        }
        Step {
            seats: raw
                .into_iter()
                .map(|ms| ms.into_iter().map(|m| normal(m, &id)).collect())
                .collect(),
            spectator: sp.into_iter().map(|m| normal(m, &id)).collect(),
            revealed,
        }
    }
}

/// Plays the two matches side by side (`a` on `games_a`, `b` on `games_b`) and checks what the
/// other seats and the spectator received. Returns the number of moves compared and whether the
/// owner's secret choice was revealed.
async fn compare(case: &Case, games_a: Games, games_b: Games) -> (usize, bool) {
    let (upto, revealed, _) = compare_steps(case, games_a, games_b).await;
    (upto, revealed)
}

/// [`compare`], also returning what every viewer received per move in both matches (the first
/// entry: what they received on joining).
async fn compare_steps(
    case: &Case,
    games_a: Games,
    games_b: Games,
) -> (usize, bool, Vec<(Step, Step)>) {
    let (mut a, first_a) = Run::start(case, games_a).await;
    let (mut b, first_b) = Run::start(case, games_b).await;
    let mut owner_differed = first_a.seats[case.owner] != first_b.seats[case.owner];
    let mut steps = vec![(first_a, first_b)];
    let mut secret_at = None;
    for _ in 0..case.max_steps {
        if a.states[0]["status"] == "finished" {
            break;
        }
        // The lowest seat that may act moves, in both matches.
        let seat = (0..case.seats)
            .find(|s| !a.legal(*s).is_empty())
            .unwrap_or_else(|| panic!("nobody may act: {}", a.states[0]));
        let (la, lb) = (a.legal(seat), b.legal(seat));
        assert!(!lb.is_empty(), "seat {seat} may act in one match only");
        // The secret choice is made while another seat still has to act (a sealed choice
        // committed before the others', so kept from them for at least one move).
        let others_to_act = (0..case.seats).any(|s| s != seat && !a.legal(s).is_empty());
        let (xa, xb) = match ((case.secret)(&la, 0), (case.secret)(&lb, 1)) {
            (Some(x), Some(y)) if seat == case.owner && secret_at.is_none() && others_to_act => {
                secret_at = Some(steps.len());
                (x, y)
            }
            // Otherwise an action legal in both matches (the owner's hand may differ), picked
            // by a fixed pseudo-random sequence so that the game goes places.
            _ => {
                let common: Vec<&Value> = la
                    .iter()
                    .map(|l| &l["action"])
                    .filter(|x| lb.iter().any(|l| &l["action"] == *x))
                    .collect();
                assert!(
                    !common.is_empty(),
                    "seat {seat} has no action legal in both"
                );
                // The most preferred (Milkomeda: what brings fleets to a fight, where sealed
                // choices are made).
                let best = common.iter().map(|x| (case.prefer)(x)).max().unwrap_or(0);
                let common: Vec<&Value> = common
                    .into_iter()
                    .filter(|x| (case.prefer)(x) == best)
                    .collect();
                let pick = (steps.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33;
                let x = common[usize::try_from(pick).unwrap() % common.len()].clone();
                (x.clone(), x)
            }
        };
        let sa = a.act(seat, xa, case).await;
        let sb = b.act(seat, xb, case).await;
        // A reveal counts once the owner's secrets differ: a secret choice made, or the owner's
        // own messages differing (a secret chance outcome drawn).
        // (`owner_differed` remembers the earlier moves: comparing them all again at every
        // move made the check quadratic in the game's length.)
        owner_differed |= sa.seats[case.owner] != sb.seats[case.owner];
        let differs = secret_at.is_some() || owner_differed;
        let revealed = differs && (sa.revealed || sb.revealed);
        steps.push((sa, sb));
        if revealed {
            break;
        }
    }
    a.t.stop().await;
    b.t.stop().await;

    let reveal = steps.iter().position(|(x, y)| {
        (x.revealed || y.revealed) && x.seats[case.owner] != y.seats[case.owner]
    });
    eprintln!(
        "{}: {} moves, secret choice at {secret_at:?}, revealed at {reveal:?}",
        case.game,
        steps.len() - 1
    );
    let upto = reveal.unwrap_or(steps.len());
    for (i, (x, y)) in steps.iter().take(upto).enumerate() {
        for s in (0..case.seats).filter(|s| *s != case.owner) {
            assert_eq!(
                x.seats[s], y.seats[s],
                "{}: seat {s} saw a difference at move {i}",
                case.game
            );
        }
        assert_eq!(
            x.spectator, y.spectator,
            "{}: a spectator saw a difference at move {i}",
            case.game
        );
    }
    // The same harness does see the secrets where they may be seen: the owner's own view, and
    // the others' at a reveal.
    assert!(
        steps
            .iter()
            .take(upto)
            .any(|(x, y)| x.seats[case.owner] != y.seats[case.owner]),
        "{}: the owner's secrets never differed",
        case.game
    );
    if let Some(r) = reveal {
        if let Some(at) = secret_at {
            assert!(at < r, "the secret choice is kept for at least one move");
        }
        let (x, y) = &steps[r];
        assert!(
            (0..case.seats).any(|s| s != case.owner && x.seats[s] != y.seats[s]),
            "{}: the others see the revealed secret",
            case.game
        );
        assert_ne!(x.spectator, y.spectator);
    }
    (upto, reveal.is_some(), steps)
}

fn catalog() -> Games {
    games()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starcore_p2s_hand_and_deck_order_never_reach_p1_or_spectators() {
    let case = Case {
        game: "starcore",
        scenario: "arc-foundry-vs-mind-lattice",
        seats: 2,
        owner: 1,
        secret: |_, _| None,
        reveals: |_| false,
        prefer: |_| 0,
        max_steps: 300,
    };
    let perturbed = catalog().with::<Perturbed<Starcore, 1>>(ContentSource::Builtin);
    let (moves, _) = compare(&case, catalog(), perturbed).await;
    assert!(moves > 100, "only {moves} moves compared");
}

/// Whether a message shows sealed rosters or hit allocations revealed.
fn milkomeda_reveal(m: &Value) -> bool {
    let t = m.to_string();
    t.contains("rosters_revealed") || t.contains("hits_revealed")
}

/// Manhattan distance of a space (`[column, row]`) from the centre of the 9 x 9 grid.
fn milkomeda_from_centre(space: &Value) -> u32 {
    let at = |i: usize| space[i].as_u64().map_or(99, |v| v.abs_diff(4) as u32);
    at(0) + at(1)
}

/// What brings fleets to a fight (rules version 2: fleets attack an *adjacent* sector holding
/// an opponent's fleets, §8.D, and move once per Move, §8.B): attack or engage whenever
/// offered, explore and move towards the centre of the grid (where the homeworlds' routes
/// meet), with a blue boost of 1 (range 2, and blue left for the attack), keep resources out
/// of bribes. Everything else: any.
fn milkomeda_fight(action: &Value) -> u32 {
    if action.get("attack_fleets").is_some() || action == "engage" {
        return 300;
    }
    match action.get("main").and_then(Value::as_str) {
        Some("attack") => return 200,
        Some("move" | "explore") => return 100,
        _ => {}
    }
    if let Some(m) = action.get("move_fleets") {
        let (from, to) = (
            milkomeda_from_centre(&m["from"]),
            milkomeda_from_centre(&m["to"]),
        );
        return if to < from { 100 - to } else { 0 };
    }
    if let Some(p) = action.get("place") {
        return 100 - milkomeda_from_centre(&p["space"]);
    }
    if let Some(p) = action.get("probe") {
        return 100 - milkomeda_from_centre(p);
    }
    if let Some(n) = action.get("boost").or_else(|| action.get("launch")) {
        return 10 - n.as_u64().map_or(9, |n| n.abs_diff(1)).min(9) as u32;
    }
    u32::from(action == "keep")
}

/// The owner's fleet roster or hit allocation: the first or the last it may commit.
fn milkomeda_secret(legal: &[Value], which: usize) -> Option<Value> {
    let sealed: Vec<&Value> = legal
        .iter()
        .filter(|l| l["action"]["ships"].is_u64() || l["action"]["hits"].is_u64())
        .collect();
    (sealed.len() >= 2).then(|| sealed[which * (sealed.len() - 1)]["action"].clone())
}

/// A Milkomeda sealed-choice check: `owner`'s `secret` differs, fights are preferred, and the
/// game is compared until the rosters or allocations are revealed.
fn milkomeda_sealed(
    scenario: &'static str,
    seats: usize,
    owner: usize,
    secret: fn(&[Value], usize) -> Option<Value>,
) -> Case {
    Case {
        game: "milkomeda",
        scenario,
        seats,
        owner,
        secret,
        reveals: milkomeda_reveal,
        prefer: milkomeda_fight,
        max_steps: 2000,
    }
}

/// Runs a Milkomeda sealed-choice check: the owner's sealed choice reaches nobody before the
/// reveal ([`compare`]), it is revealed, and, while it is sealed, every seat and the spectator
/// were shown the Master's drawn order cards (§7 phase 1 step 4, issue 27.1: public, so the
/// same in both matches and in every viewer's messages).
async fn milkomeda_sealed_check(case: &Case) {
    let (moves, revealed, steps) = compare_steps(case, catalog(), catalog()).await;
    assert!(
        revealed,
        "the sealed choice was never revealed in {moves} moves"
    );
    // Per viewer (the seats, then the spectator): the drawn cards of every `master_drew` event
    // received in the moves compared, in match `a` and in match `b`.
    let drawn = |step: fn(&(Step, Step)) -> &Step| -> Vec<Vec<Value>> {
        (0..=case.seats)
            .map(|v| {
                let mut cards = Vec::new();
                for s in steps.iter().take(moves).map(step) {
                    let msgs = if v < case.seats {
                        &s.seats[v]
                    } else {
                        &s.spectator
                    };
                    for m in msgs {
                        if let Ok(j) = serde_json::from_str::<Value>(m) {
                            milkomeda_drawn_cards(&j, &mut cards);
                        }
                    }
                }
                cards
            })
            .collect()
    };
    let (in_a, in_b) = (drawn(|s| &s.0), drawn(|s| &s.1));
    assert_eq!(
        in_a, in_b,
        "the drawn order cards are public and the same in both matches"
    );
    // With N seats the Master draws min(2, N - 1) numbered cards: two here.
    let first: Vec<Value> = in_a[case.seats]
        .iter()
        .filter(|c| c.as_array().is_some_and(|a| a.len() == 2))
        .cloned()
        .collect();
    assert!(!first.is_empty(), "the spectator saw no drawn order cards");
    for (v, cards) in in_a.iter().enumerate() {
        assert!(
            first.iter().all(|c| cards.contains(c)),
            "viewer {v} (the last is the spectator) did not see the drawn cards {first:?}: {cards:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomeda_sealed_roster_never_reaches_the_other_seats_before_the_reveal() {
    // With this seed and these moves the first fight has all three seats (move 280); seat 1
    // configures its roster (move 285) before seat 2.
    let case = milkomeda_sealed("three", 3, 1, milkomeda_secret);
    milkomeda_sealed_check(&case).await;
}

/// Every `master_drew` event's cards in a message, searched through the whole JSON value.
fn milkomeda_drawn_cards(m: &Value, out: &mut Vec<Value>) {
    match m {
        Value::Object(o) => {
            for (k, v) in o {
                if k == "master_drew" {
                    out.push(v["cards"].clone());
                } else {
                    milkomeda_drawn_cards(v, out);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|v| milkomeda_drawn_cards(v, out)),
        Value::String(t) if t.contains("master_drew") => {
            if let Ok(v) = serde_json::from_str::<Value>(t) {
                milkomeda_drawn_cards(&v, out);
            }
        }
        _ => {}
    }
}

/// Rulebook §7 phase 1 step 4: the Master "draws two Order Cards … and reveals them" (corrected
/// team decision, rules version 2). The move that deals a later round's order cards shows the
/// same two numbered cards to every seat and to the spectator (three seats: cards 1 and 2, none
/// face down).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomeda_masters_drawn_order_cards_reach_every_seat_and_spectators() {
    let case = Case {
        game: "milkomeda",
        scenario: "three",
        seats: 3,
        owner: 0,
        secret: |_, _| None,
        reveals: |_| false,
        prefer: |_| 0,
        max_steps: 600,
    };
    let (mut a, _) = Run::start(&case, catalog()).await;
    let mut found = None;
    for n in 0..case.max_steps {
        if a.states[0]["status"] == "finished" {
            break;
        }
        let (_, step) = a.random_move(n, &case).await;
        // Everything each viewer received for this move: WebSocket messages, HTTP answers.
        let per_viewer: Vec<Vec<Value>> = step
            .seats
            .iter()
            .chain([&step.spectator])
            .map(|ms| {
                let mut cards = Vec::new();
                for m in ms {
                    if let Ok(v) = serde_json::from_str::<Value>(m) {
                        milkomeda_drawn_cards(&v, &mut cards);
                    }
                }
                cards
            })
            .collect();
        if per_viewer.iter().any(|c| !c.is_empty()) {
            found = Some(per_viewer);
            break;
        }
    }
    a.t.stop().await;
    let per_viewer = found.expect("no later round's order cards were drawn");
    let want = json!([{ "number": 1 }, { "number": 2 }]);
    for (i, cards) in per_viewer.iter().enumerate() {
        assert!(
            cards.iter().any(|c| {
                let mut got = c.as_array().cloned().unwrap_or_default();
                got.sort_by_key(|v| v.to_string());
                Value::Array(got) == want
            }),
            "viewer {i} (the last is the spectator) saw {cards:?}"
        );
    }
}

/// The owner's hit allocation only (its fleet roster is played like any other move, the same
/// in both matches): the first or the last hit count it may put on a ship type.
fn milkomeda_hits_secret(legal: &[Value], which: usize) -> Option<Value> {
    let sealed: Vec<&Value> = legal
        .iter()
        .filter(|l| l["action"]["hits"].is_u64())
        .collect();
    (sealed.len() >= 2).then(|| sealed[which * (sealed.len() - 1)]["action"].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomeda_sealed_hit_allocation_never_reaches_the_other_seats_before_the_reveal() {
    // With this seed and these moves the first fight has all three seats (move 280); seat 0
    // allocates its hits first (move 293) while seat 1 still allocates.
    let case = milkomeda_sealed("three", 3, 0, milkomeda_hits_secret);
    milkomeda_sealed_check(&case).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomeda_four_seats_sealed_roster_never_reaches_the_other_three_before_the_reveal() {
    let case = milkomeda_sealed("four", 4, OWNER4, milkomeda_secret);
    milkomeda_sealed_check(&case).await;
}

/// The seat whose sealed roster the four-seat test changes: with this seed and these moves,
/// seat 0 attacks seat 2 in the first fight (move 264), so it commits first and seats 1–3 and
/// the spectator are compared while seat 2 still configures.
const OWNER4: usize = 0;

/// Whether a message shows a card drawn face up: a sector card, a directive or module turned
/// up, an objective joining the row.
fn milkomeda_card_shown(m: &str) -> bool {
    m.contains("sector_drawn") || m.contains("slot_filled") || m.contains("objective_revealed")
}

/// Player moves after which the second match draws its cards in another order (past the setup,
/// whose draws both matches share).
const RESHUFFLE_FROM: usize = 30;

/// Plays two matches whose face-down decks are in different orders from move
/// [`RESHUFFLE_FROM`] on (`games_b` serves [`Reshuffled`]) with the same moves, and checks that
/// every seat and the spectator receive byte-identical messages until a card is drawn face up.
/// Returns the move at which the first card drawn differs.
async fn compare_decks(scenario: &'static str, seats: usize, games_b: Games) -> usize {
    let case = Case {
        game: "milkomeda",
        scenario,
        seats,
        owner: usize::MAX,
        secret: |_, _| None,
        reveals: |_| false,
        prefer: |_| 0,
        max_steps: 1500,
    };
    let (mut a, first_a) = Run::start(&case, catalog()).await;
    let (mut b, first_b) = Run::start(&case, games_b).await;
    let mut steps = vec![(first_a, first_b)];
    let differs = |x: &Step, y: &Step| x.seats != y.seats || x.spectator != y.spectator;
    while !differs(&steps[steps.len() - 1].0, &steps[steps.len() - 1].1) {
        assert!(
            steps.len() <= case.max_steps && a.states[0]["status"] != "finished",
            "no card was drawn in {} moves",
            steps.len()
        );
        let seat = (0..seats)
            .find(|s| !a.legal(*s).is_empty())
            .unwrap_or_else(|| panic!("nobody may act: {}", a.states[0]));
        let legal = a.legal(seat);
        assert_eq!(
            legal,
            b.legal(seat),
            "seat {seat}: the legal actions differ"
        );
        let pick = (steps.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33;
        let x = legal[usize::try_from(pick).unwrap() % legal.len()]["action"].clone();
        let sa = a.act(seat, x.clone(), &case).await;
        let sb = b.act(seat, x, &case).await;
        steps.push((sa, sb));
    }
    a.t.stop().await;
    b.t.stop().await;
    let at = steps.len() - 1;
    let (x, y) = &steps[at];
    eprintln!("milkomeda {scenario}: decks differ from move {RESHUFFLE_FROM}, first seen at {at}");
    // The first difference is a card drawn face up, seen by everyone alike.
    for (i, (vx, vy)) in x.seats.iter().zip(&y.seats).enumerate() {
        assert_ne!(
            vx, vy,
            "move {at}: another viewer's messages differ, seat {i}'s do not: something of the \
             deck order reached one viewer before a card was drawn face up for all"
        );
        assert!(
            vx.iter().any(|m| milkomeda_card_shown(m)),
            "seat {i}: {vx:?}"
        );
    }
    assert_ne!(x.spectator, y.spectator);
    assert!(x.spectator.iter().any(|m| milkomeda_card_shown(m)));
    at
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomeda_deck_order_never_reaches_seats_or_spectators_before_a_card_is_drawn() {
    let reshuffled =
        catalog().with::<Reshuffled<Milkomeda, RESHUFFLE_FROM>>(ContentSource::Builtin);
    let at = compare_decks("three", 3, reshuffled).await;
    assert!(
        at > RESHUFFLE_FROM,
        "the decks differ from move {RESHUFFLE_FROM}, a card was seen at {at}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomeda_four_seats_deck_order_never_reaches_seats_or_spectators_before_a_card_is_drawn()
{
    let reshuffled =
        catalog().with::<Reshuffled<Milkomeda, RESHUFFLE_FROM>>(ContentSource::Builtin);
    let at = compare_decks("four", 4, reshuffled).await;
    assert!(
        at > RESHUFFLE_FROM,
        "the decks differ from move {RESHUFFLE_FROM}, a card was seen at {at}"
    );
}

/// Whether `m` names order card `card` (`{"number": n}`) anywhere a viewer is told what the
/// order cards are: observations, events and log entries from index `from` on (earlier
/// entries, which a whole log holds, tell earlier rounds' cards). Left out: the viewer's own
/// `legal` choices and the bribes' notes (`offer`, `offers`, `transfer`, `transfers`,
/// `transferred`), where a player may name any card.
fn milkomeda_names_order_card(m: &Value, card: &Value, from: u64) -> bool {
    milkomeda_tells(m, from, &|v| v == card)
}

/// Whether `m` tells of an order card reveal (`orders_revealed`) from log index `from` on.
fn milkomeda_reveals_orders(m: &Value, from: u64) -> bool {
    milkomeda_tells(m, from, &|v| v.get("orders_revealed").is_some())
}

/// Whether some value in `m` is `found`, leaving out log entries before index `from` and what
/// a player may name freely (see `milkomeda_names_order_card`).
fn milkomeda_tells(m: &Value, from: u64, found: &dyn Fn(&Value) -> bool) -> bool {
    if found(m) {
        return true;
    }
    match m {
        Value::Object(o) => o.iter().any(|(k, v)| match (k.as_str(), v) {
            ("legal" | "offer" | "offers" | "transfer" | "transfers" | "transferred", _) => false,
            ("log", Value::Array(entries)) => entries
                .iter()
                .filter(|e| e["index"].as_u64().is_none_or(|i| i >= from))
                .any(|e| milkomeda_tells(e, from, found)),
            _ => milkomeda_tells(v, from, found),
        }),
        Value::Array(a) => a.iter().any(|v| milkomeda_tells(v, from, found)),
        Value::String(t) if t.starts_with('{') => {
            serde_json::from_str::<Value>(t).is_ok_and(|v| milkomeda_tells(&v, from, found))
        }
        _ => false,
    }
}

/// The latest log entry in `m` with a `master_drew` event: its index and the cards drawn.
fn milkomeda_latest_draw(m: &Value) -> Option<(u64, Value)> {
    m["log"].as_array()?.iter().rev().find_map(|e| {
        let drew = e["events"]
            .as_array()?
            .iter()
            .find_map(|ev| ev.get("master_drew"))?;
        Some((e["index"].as_u64()?, drew["cards"].clone()))
    })
}

/// The seats' cards of the `orders_revealed` event at log index `from` or later in `m`.
fn milkomeda_revealed_cards(m: &Value, from: u64) -> Option<Value> {
    m["log"].as_array()?.iter().find_map(|e| {
        if e["index"].as_u64()? < from {
            return None;
        }
        let ev = e["events"]
            .as_array()?
            .iter()
            .find_map(|ev| ev.get("orders_revealed"))?;
        Some(ev["cards"].clone())
    })
}

/// `m` with every value equal to `told` (already public) replaced by null.
fn milkomeda_without(m: &Value, told: &Value) -> Value {
    if !told.is_null() && m == told {
        return Value::Null;
    }
    match m {
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| (k.clone(), milkomeda_without(v, told)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|v| milkomeda_without(v, told)).collect()),
        Value::String(t) if t.starts_with('{') => serde_json::from_str::<Value>(t)
            .map(|v| milkomeda_without(&v, told))
            .unwrap_or_else(|_| m.clone()),
        _ => m.clone(),
    }
}

/// Decisions, "Table talk made digital", and docs/rules/milkomeda.md item 32: with four seats
/// the Master draws two of the three numbered order cards and reveals them; the third stays
/// face down, seen by no one, the Master included, until the simultaneous reveal. Through the
/// real server, from each Master's draw to the reveal, no seat and no spectator is sent that
/// card in any message (WebSocket states and acks, the HTTP state, summary and replays); at the
/// reveal every one of them is. (Its number follows from the two drawn, and its holder is the
/// seat left over: what is checked is that nothing names it before the game does.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomeda_four_seats_face_down_order_card_reaches_nobody_before_the_reveal() {
    let case = Case {
        game: "milkomeda",
        scenario: "four",
        seats: 4,
        owner: 0,
        secret: |_, _| None,
        reveals: |_| false,
        prefer: |_| 0,
        max_steps: 2000,
    };
    let (mut a, _) = Run::start(&case, catalog()).await;
    // The face-down card and the log index of its draw while a window is open, and the
    // windows closed by a reveal.
    let (mut hidden, mut windows, mut checked): (Option<(Value, u64)>, usize, usize) = (None, 0, 0);
    // The log index of the latest draw seen, and the seats' cards told at the last reveal.
    let (mut last_draw, mut assigned): (Option<u64>, Value) = (None, Value::Null);
    for n in 0..case.max_steps {
        if a.states[0]["status"] == "finished" || windows == 2 {
            break;
        }
        let (_, step) = a.random_move(n, &case).await;
        let viewers: Vec<Vec<Value>> = step
            .seats
            .iter()
            .chain([&step.spectator])
            .map(|ms| {
                ms.iter()
                    .map(|m| serde_json::from_str(m).expect("JSON"))
                    .collect()
            })
            .collect();
        // A new draw: a `master_drew` entry later than the last one seen (whole logs in some
        // messages also hold the earlier rounds' draws).
        let draw = viewers[0]
            .iter()
            .filter_map(milkomeda_latest_draw)
            .max_by_key(|(index, _)| *index)
            .filter(|(index, _)| last_draw.is_none_or(|l| *index > l));
        if let Some((card, from)) = &hidden {
            // A whole log also holds earlier rounds' reveals: this round's is at `from` or later.
            let revealed = viewers
                .iter()
                .all(|ms| ms.iter().any(|m| milkomeda_reveals_orders(m, *from)));
            for (i, ms) in viewers.iter().enumerate() {
                // Until the reveal, the seats' cards shown are the last round's, told at its
                // reveal; they are left out of the search (and may not change meanwhile).
                let named = ms.iter().any(|m| {
                    let shown = milkomeda_without(m, &assigned);
                    milkomeda_names_order_card(&shown, card, *from)
                });
                // The harness can fail: at the reveal every viewer is sent the card.
                assert_eq!(
                    named, revealed,
                    "move {n}: viewer {i} (the last is the spectator), reveal {revealed}: the \
                     face-down card {card} named {named}"
                );
            }
            checked += 1;
            if revealed {
                assigned = viewers[0]
                    .iter()
                    .find_map(|m| milkomeda_revealed_cards(m, *from))
                    .expect("the reveal's cards");
                hidden = None;
                windows += 1;
            }
        }
        if let Some((from, cards)) = draw {
            let cards = cards.as_array().cloned().unwrap_or_default();
            assert_eq!(
                cards.len(),
                2,
                "four seats: the Master draws two ({cards:?})"
            );
            let rest: Vec<Value> = (1..=3)
                .map(|k| json!({ "number": k }))
                .filter(|c| !cards.contains(c))
                .collect();
            assert_eq!(rest.len(), 1, "{cards:?}");
            let card = rest[0].clone();
            // This move's messages: the two drawn are named, the third is not.
            for (i, ms) in viewers.iter().enumerate() {
                assert!(
                    cards
                        .iter()
                        .all(|c| ms.iter().any(|m| milkomeda_names_order_card(m, c, from))),
                    "move {n}: viewer {i} is not shown the drawn cards {cards:?}"
                );
                assert!(
                    !ms.iter().any(|m| {
                        milkomeda_names_order_card(&milkomeda_without(m, &assigned), &card, from)
                    }),
                    "move {n}: viewer {i} is sent the face-down card {card} with the draw"
                );
            }
            hidden = Some((card, from));
            last_draw = Some(from);
        }
    }
    a.t.stop().await;
    eprintln!("milkomeda four: {windows} Master's rounds, {checked} moves checked");
    assert!(windows >= 1, "no Master's round reached its reveal");
    assert!(checked > windows * 3, "only {checked} moves checked");
}
