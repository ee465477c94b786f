//! The OpenAPI 3.1 description of `/api/`, served at `/api/openapi.json`. Written by hand and
//! kept honest by a test that compares it with the router's table in both directions.

use serde_json::{Value, json};

fn error_response(description: &str) -> Value {
    json!({
        "description": description,
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
    })
}

fn ok_json(description: &str, schema: &str) -> Value {
    json!({
        "description": description,
        "content": { "application/json": { "schema": { "$ref": format!("#/components/schemas/{schema}") } } }
    })
}

/// `429`: the client address sent requests faster than the server allows (every operation;
/// `POST /api/matches` also when it creates matches too fast).
fn rate_limited() -> Value {
    json!({
        "description": "Too many requests from this client address (code rate_limited): API requests per second, \
            or (creating a match) matches per minute. Wait Retry-After seconds.",
        "headers": { "Retry-After": { "description": "Seconds until a request is allowed again.",
            "schema": { "type": "integer", "minimum": 1 } } },
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
    })
}

/// The answers of a route that ends a match early (abort, resign): `ok`, `forbidden` (who may
/// not), and the refusals both share.
fn ending_responses(ok: Value, forbidden: &str) -> Value {
    json!({ "200": ok,
        "400": error_response("Malformed body"),
        "401": error_response("No token (or not a bearer token)"),
        "403": error_response(forbidden),
        "404": error_response("Unknown match"),
        "409": error_response("Already over (match_over), expired or aborted") })
}

fn id_param() -> Value {
    json!({ "name": "id", "in": "path", "required": true,
            "description": "Match id (16 hex digits).",
            "schema": { "type": "string", "pattern": "^[0-9a-f]{16}$" } })
}

fn bearer() -> Value {
    json!([{ "seatToken": [] }])
}

/// The document.
pub fn document() -> Value {
    let mut doc = paths_and_schemas();
    let (paths, schemas) = lab();
    for (at, more) in [("/paths", paths), ("/components/schemas", schemas)] {
        if let (Some(into), Value::Object(more)) =
            (doc.pointer_mut(at).and_then(Value::as_object_mut), more)
        {
            into.extend(more);
        }
    }
    // What every operation may also answer (middleware.rs): the client address's request
    // bucket is checked before anything else.
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        for op in paths
            .values_mut()
            .filter_map(Value::as_object_mut)
            .flat_map(|ops| ops.values_mut())
        {
            if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) {
                responses.insert("429".into(), rate_limited());
            }
        }
    }
    // What every POST may also answer (middleware.rs): the body is checked before any handler.
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        for ops in paths.values_mut() {
            if let Some(responses) = ops
                .pointer_mut("/post/responses")
                .and_then(Value::as_object_mut)
            {
                responses.insert(
                    "408".into(),
                    error_response("The body did not arrive in time"),
                );
                responses.insert("413".into(), error_response("Body too large"));
                responses.insert(
                    "415".into(),
                    error_response("Content-Type is not application/json"),
                );
            }
        }
    }
    doc
}

/// The Lab's routes and schemas (`lab.rs`): balance runs started, listed, read, drawn and
/// cancelled.
fn lab() -> (Value, Value) {
    let run_id = json!({ "name": "id", "in": "path", "required": true,
        "description": "Lab run id (16 hex digits).", "schema": { "type": "string" } });
    let paths = json!({
        "/api/lab/runs": {
            "get": { "summary": "The newest Lab runs (balance runs), newest first.", "operationId": "listLabRuns",
                "responses": { "200": ok_json("Runs", "LabRunList") } },
            "post": { "summary": "Start a Lab run: games of a setup between agents, with variants, a sweep or an SPRT, \
                    checked as `gridwright balance` checks them before any game is played.", "operationId": "startLabRun",
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/LabRequest" } } } },
                "responses": { "201": ok_json("The run, queued", "LabRun"),
                    "400": error_response("A field that is missing, unknown or wrong, named with why (bad_request, malformed, unknown_scenario)"),
                    "404": error_response("Unknown game"),
                    "429": error_response("As many Lab runs play as the server allows, in all or for this client (too_many_lab_runs)") } } },
        "/api/lab/runs/{id}": { "get": { "summary": "One Lab run: where it stands, its report so far and its charts.", "operationId": "getLabRun",
            "parameters": [run_id.clone()],
            "responses": { "200": ok_json("The run", "LabRun"), "404": error_response("Unknown run") } } },
        "/api/lab/runs/{id}/cancel": { "post": { "summary": "Cancel a Lab run still playing, with the token its start handed out; it stops after the games in hand.",
            "operationId": "cancelLabRun", "parameters": [run_id.clone()], "security": [{ "labToken": [] }],
            "responses": { "200": ok_json("The run, cancelled", "LabRun"), "401": error_response("No token (or not a bearer token)"),
                "403": error_response("Not this run's token"),
                "404": error_response("Unknown run"), "409": error_response("Already over (lab_run_over)") } } },
        "/api/lab/runs/{id}/charts/{n}": { "get": { "summary": "Chart n (0-based) of a run's report so far, drawn by the server; never cached.",
            "operationId": "labRunChart",
            "parameters": [run_id, { "name": "n", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 0 } }],
            "responses": { "200": { "description": "The chart", "content": { "image/svg+xml": { "schema": { "type": "string" } } } },
                "404": error_response("Unknown run, or no such chart yet") } } }
    });
    let summary = json!({ "type": "object", "properties": {
        "id": { "type": "string" }, "game": { "type": "string" }, "game_title": { "type": "string" },
        "setup": { "type": ["string", "null"] }, "setup_title": { "type": ["string", "null"] },
        "agents": { "type": "array", "items": { "type": "string" } },
        "agent_titles": { "type": "array", "items": { "type": "string" } },
        "seed": { "type": "integer" }, "sets": { "type": "array", "items": { "type": "string" } },
        "variants": { "type": "array", "items": { "type": "string" } }, "sweep": { "type": ["string", "null"] },
        "status": { "type": "string", "enum": ["queued", "running", "done", "cancelled", "failed", "interrupted"] },
        "done": { "type": "integer" }, "total": { "type": "integer" },
        "error": { "type": ["string", "null"] }, "created_ms": { "type": "integer" } } });
    let schemas = json!({
        "LabRequest": { "type": "object", "required": ["game", "agents"], "additionalProperties": false, "properties": {
            "game": { "type": "string" }, "setup": { "type": "string", "description": "A scenario's name (default: the game's default)." },
            "agents": { "type": "array", "items": { "type": "string" }, "description": "One agent spec per seat: random, greedy, mcts:iters=200, …" },
            "games": { "type": "integer", "minimum": 1, "description": "Games per variant (default 100; at most the server's --lab-max-games)." },
            "seed": { "type": "integer", "minimum": 0, "description": "Master seed (default 1): game i uses derive_seed(seed, i)." },
            "sets": { "type": "array", "items": { "type": "string" }, "description": "key.path=value changes to every variant." },
            "variants": { "type": "array", "items": { "type": "string" }, "description": "Named variants NAME=key=value,… (A= for none); at most two." },
            "sweep": { "type": "string", "description": "key.path=LOW..HIGH[:STEP] or key.path=a,b,c." },
            "sprt": { "description": "true, or {elo0, elo1, alpha, beta}: stop when the sequential test decides." } } },
        "LabRunSummary": summary,
        "LabRunList": { "type": "object", "properties": { "runs": { "type": "array", "items": { "$ref": "#/components/schemas/LabRunSummary" } } } },
        "LabRun": { "type": "object", "properties": {
            "run": { "$ref": "#/components/schemas/LabRunSummary" },
            "report": { "type": ["object", "null"], "description": "The report of the games so far: gridwright balance --json's document." },
            "charts": { "type": "array", "items": { "type": "object", "properties": {
                "section": { "type": "string" }, "title": { "type": "string" }, "url": { "type": "string" } } } },
            "token": { "type": "string", "description": "Only in the answer that starts the run: the bearer token that cancels it." } } }
    });
    (paths, schemas)
}

fn paths_and_schemas() -> Value {
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Gridwright server API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Lobby, matches and play. Seats are 0-based in JSON (people see P1, P2…). \
                Live play uses the WebSocket at /api/matches/{id}/ws; its messages are described in docs/server.md. \
                Every error body is {type: \"error\", code, message}. \
                Requests under /api/ are rate-limited per client address (default 2000 per second, bursts of 4000; \
                beyond: 429 rate_limited with Retry-After)."
        },
        "components": {
            "securitySchemes": {
                "seatToken": { "type": "http", "scheme": "bearer",
                    "description": "The secret token of a seat, as issued when the match was created or the seat joined." },
                "labToken": { "type": "http", "scheme": "bearer",
                    "description": "The token of a Lab run, in the answer that started it (token)." },
                "abortCredential": { "type": "http", "scheme": "bearer",
                    "description": "The match's creator token (creator_token in the create response), or the operator's credential \
                        (the server's --operator-token-file or $GRIDWRIGHT_OPERATOR_TOKEN; none configured: operator abort is disabled)." }
            },
            "schemas": {
                "Error": { "type": "object", "required": ["type", "code", "message"], "properties": {
                    "type": { "const": "error" },
                    "code": { "type": "string", "enum": ["unknown_match", "unknown_game", "unknown_scenario", "unknown_deck", "malformed", "bad_request",
                        "too_large", "rate_limited", "unauthorized", "forbidden", "stale_version", "malformed_action",
                        "illegal_action", "undo_not_allowed", "nothing_to_undo", "no_open_seat", "not_finished", "hint_stopped",
                        "too_many_matches", "match_expired", "match_aborted", "match_over",
                        "bad_content", "match_broken", "store_error", "internal", "unknown_route",
                        "unknown_lab_run", "lab_run_over", "too_many_lab_runs"] },
                    "message": { "type": "string" },
                    "version": { "type": "integer", "description": "With stale_version: the match's current version." }
                } },
                "Game": { "type": "object", "properties": {
                    "name": { "type": "string" }, "title": { "type": "string" }, "summary": { "type": "string" },
                    "min_seats": { "type": "integer" }, "max_seats": { "type": "integer" },
                    "chance": { "type": "string" }, "information": { "type": "string", "enum": ["perfect", "imperfect"] },
                    "rules_version": { "type": "string" },
                    "agents": { "type": "array", "items": { "type": "string" } },
                    "strengths": { "type": "array", "description": "The AI opponents players pick from, weakest first: Easy, Normal, Hard, each an agent spec.", "items": { "type": "object", "properties": {
                        "name": { "type": "string", "enum": ["easy", "normal", "hard"] }, "title": { "type": "string" }, "agent": { "type": "string" } } } },
                    "default_strength": { "type": "string", "description": "The strength a new AI seat gets by default (normal)." },
                    "decks": { "type": "array", "items": { "type": "string" }, "description": "The decks a creator may pick by name (the shipped ones, then the operator's --deck files); empty for games without decks." },
                    "scenarios": { "type": "array", "items": { "type": "object", "properties": {
                        "name": { "type": "string" }, "title": { "type": "string" }, "description": { "type": "string" },
                        "seats": { "type": "integer" }, "preview": { "type": "string" },
                        "board": { "type": "object", "description": "The opening board as data for a graphical preview, in the game's own shape (Command Core: width, height, round_limit, sides with deploy squares and mechs); absent for games without one." } } } }
                } },
                "Games": { "type": "object", "properties": { "games": { "type": "array", "items": { "$ref": "#/components/schemas/Game" } } } },
                "Seat": { "type": "object", "properties": {
                    "seat": { "type": "integer" }, "kind": { "type": "string", "enum": ["human", "open", "ai"] },
                    "agent": { "type": ["string", "null"] }, "taken": { "type": "boolean" } } },
                "Match": { "type": "object", "properties": {
                    "id": { "type": "string" }, "game": { "type": "string" }, "scenario": { "type": ["string", "null"] },
                    "status": { "type": "string", "enum": ["open", "running", "finished", "expired", "aborted"] },
                    "aborted_by": { "type": ["string", "null"], "enum": ["creator", "operator", null], "description": "Who aborted the match (status aborted)." },
                    "ended": { "type": ["string", "null"], "description": "How a match that ended before its game was over ended, as a sentence for players (aborted or expired); null otherwise." },
                    "version": { "type": "integer", "description": "State version: quote it with every action." },
                    "moves": { "type": "integer" }, "hotseat": { "type": "boolean" },
                    "ai_delay_ms": { "type": ["integer", "null"] },
                    "turn": { "type": "object", "properties": { "kind": { "type": "string" }, "seats": { "type": "array", "items": { "type": "integer" } } } },
                    "seats": { "type": "array", "items": { "$ref": "#/components/schemas/Seat" } },
                    "result": { "type": ["object", "null"], "description": "Once finished: returns, scores, winners, text (who won in words: \"P1 won\", \"A draw\"), reason (how it ended in words, e.g. \"P2 resigned\", or null), resigned (the seat that resigned, or null)." },
                    "created_ms": { "type": "integer" }, "updated_ms": { "type": "integer" },
                    "links": { "type": "object", "properties": { "spectate": { "type": "string" } } } } },
                "Matches": { "type": "object", "properties": { "matches": { "type": "array", "items": { "$ref": "#/components/schemas/Match" } } } },
                "SeatGrant": { "type": "object", "properties": {
                    "seat": { "type": "integer" }, "token": { "type": "string", "description": "Secret. Shown once." },
                    "link": { "type": "string", "description": "/play/{id}#token=…" }, "ws": { "type": "string" },
                    "match": { "$ref": "#/components/schemas/Match" } } },
                "Created": { "type": "object", "properties": {
                    "match": { "$ref": "#/components/schemas/Match" },
                    "seats": { "type": "array", "items": { "$ref": "#/components/schemas/SeatGrant" } },
                    "creator_token": { "type": "string", "description": "Secret, shown once: lets its holder abort the match (POST /api/matches/{id}/abort), also where nobody holds a seat (all-AI matches)." } } },
                "CreateMatch": { "type": "object", "required": ["game"], "additionalProperties": false, "properties": {
                    "game": { "type": "string" }, "scenario": { "type": "string" },
                    "decks": { "type": "object", "additionalProperties": { "type": "string" }, "description": "Deck by seat (p1, p2, …): a name from the game's decks list, never a path." },
                    "seed": { "type": "integer", "minimum": 0, "description": "Default: random. Secret until the game ends." },
                    "seats": { "type": "array", "minItems": 1, "items": { "type": "object", "required": ["kind"], "additionalProperties": false, "properties": {
                        "kind": { "type": "string", "enum": ["human", "open", "ai"] },
                        "agent": { "type": "string", "description": "Agent spec for ai seats, e.g. random, greedy, mcts:iters=2000." } } },
                        "description": "One per seat. Default: seat 0 human, the others open." },
                    "hotseat": { "type": "boolean", "description": "All human seats share one token (one device); allows undo." },
                    "ai_delay_ms": { "type": "integer", "minimum": 0, "maximum": 60000 } } },
                "State": { "type": "object", "description": "What one viewer may see; the same object as the WebSocket state message.", "properties": {
                    "type": { "const": "state" }, "match": { "type": "string" }, "game": { "type": "string" },
                    "status": { "type": "string" }, "version": { "type": "integer" }, "moves": { "type": "integer" },
                    "turn": { "type": "object" }, "you": { "type": ["object", "null"] },
                    "observation": { "description": "The game's observation for this viewer." },
                    "legal": { "type": "array", "items": { "type": "object", "properties": {
                        "seat": { "type": "integer" }, "action": {}, "text": { "type": "string" } } } },
                    "log_from": { "type": "integer" }, "log": { "type": "array", "items": { "type": "object" } },
                    "log_len": { "type": "integer" }, "result": { "type": ["object", "null"] },
                    "aborted_by": { "type": ["string", "null"], "enum": ["creator", "operator", null] },
                    "ended": { "type": ["string", "null"], "description": "As in Match." },
                    "seats": { "type": "array", "items": { "$ref": "#/components/schemas/Seat" } } } },
                "Act": { "type": "object", "required": ["version", "action"], "additionalProperties": false, "properties": {
                    "version": { "type": "integer", "minimum": 0 }, "action": { "description": "An action as listed in legal[].action." },
                    "seat": { "type": "integer", "minimum": 0, "maximum": 255, "description": "Needed only when the token holds several seats that may act." } } },
                "Replay": { "type": "object", "description": "The engine's replay file: game, rules_version, config, seed, moves, event_hash." },
                "ReplayStep": { "type": "object", "properties": {
                    "type": { "const": "replay_step" }, "n": { "type": "integer" }, "moves": { "type": "integer" },
                    "observation": {}, "log": { "type": "array" }, "turn": { "type": "object" }, "result": { "type": ["object", "null"] } } }
            }
        },
        "paths": {
            "/api/health": { "get": { "summary": "Health: whether the store answers, its kind, matches in memory, threads running agent code (`ai_thinking`).", "operationId": "health",
                "responses": { "200": { "description": "OK", "content": { "application/json": { "schema": { "type": "object" } } } },
                    "503": { "description": "The store does not answer (`ok: false`, `store_error`)", "content": { "application/json": { "schema": { "type": "object" } } } } } } },
            "/api/openapi.json": { "get": { "summary": "This document.", "operationId": "openapi",
                "responses": { "200": { "description": "OpenAPI 3.1", "content": { "application/json": { "schema": { "type": "object" } } } } } } },
            "/api/games": { "get": { "summary": "The games, their scenarios and agents.", "operationId": "listGames",
                "responses": { "200": ok_json("Games", "Games") } } },
            "/api/games/{game}": { "get": { "summary": "One game.", "operationId": "getGame",
                "parameters": [{ "name": "game", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": { "200": ok_json("The game", "Game"), "404": error_response("Unknown game") } } },
            "/api/games/{game}/how-to-play": { "get": { "summary": "How to play the game: the rules in sections of paragraphs and a glossary of every stat, symbol and keyword its views show (for tooltips). With an ETag: a revisit naming it gets 304.",
                "operationId": "howToPlay", "parameters": [{ "name": "game", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": { "200": { "description": "The page", "content": { "application/json": { "schema": { "type": "object", "required": ["title", "sections", "glossary"], "properties": {
                        "title": { "type": "string" },
                        "sections": { "type": "array", "items": { "type": "object", "required": ["heading", "paragraphs"], "properties": { "heading": { "type": "string" }, "paragraphs": { "type": "array", "items": { "type": "string" } } } } },
                        "glossary": { "type": "array", "items": { "type": "object", "required": ["term", "text"], "properties": { "term": { "type": "string" }, "text": { "type": "string" } } } } } } } } },
                    "304": { "description": "Not modified (If-None-Match named the ETag)" },
                    "404": error_response("Unknown game") } } },
            "/api/matches": {
                "get": { "summary": "List matches, newest first.", "operationId": "listMatches",
                    "parameters": [
                        { "name": "status", "in": "query", "schema": { "type": "string", "enum": ["open", "running", "finished", "expired", "aborted", "all"] } },
                        { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 500, "default": 50 } }],
                    "responses": { "200": ok_json("Matches", "Matches"), "400": error_response("Bad filter") } },
                "post": { "summary": "Create a match. The response holds the seat tokens; they are not shown again.",
                    "operationId": "createMatch",
                    "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/CreateMatch" } } } },
                    "responses": { "201": ok_json("Created", "Created"), "400": error_response("Bad request"),
                        "404": error_response("Unknown game"), "413": error_response("Body too large") } } },
            "/api/matches/{id}": { "get": { "summary": "One match.", "operationId": "getMatch",
                "parameters": [id_param()],
                "responses": { "200": ok_json("The match", "Match"), "404": error_response("Unknown match") } } },
            "/api/matches/{id}/join": { "post": { "summary": "Claim an open seat (the first, or `seat`).", "operationId": "joinMatch",
                "parameters": [id_param()],
                "requestBody": { "content": { "application/json": { "schema": { "type": "object", "additionalProperties": false,
                    "properties": { "seat": { "type": "integer", "minimum": 0, "maximum": 255 } } } } } },
                "responses": { "200": ok_json("The seat and its token", "SeatGrant"), "400": error_response("Malformed body"),
                    "404": error_response("Unknown match"),
                    "409": error_response("No open seat") } } },
            "/api/matches/{id}/state": { "get": { "summary": "The caller's view: a seat's with its token, else a spectator's.",
                "operationId": "getState", "parameters": [id_param(),
                    { "name": "from", "in": "query", "schema": { "type": "integer", "minimum": 0 }, "description": "First log entry to include." }],
                "security": [{}, { "seatToken": [] }],
                "responses": { "200": ok_json("State", "State"), "400": error_response("`from` is not a log index"),
                    "403": error_response("Token holds no seat here"), "404": error_response("Unknown match") } } },
            "/api/matches/{id}/actions": { "post": { "summary": "Make a move.", "operationId": "act",
                "parameters": [id_param()], "security": bearer(),
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Act" } } } },
                "responses": { "200": ok_json("The caller's state after the move", "State"),
                    "400": error_response("Malformed body"), "401": error_response("No token"),
                    "403": error_response("Token holds no seat here"), "404": error_response("Unknown match"),
                    "409": error_response("Stale version"), "422": error_response("Illegal or malformed action") } } },
            "/api/matches/{id}/undo": { "post": { "summary": "Take back your last move (hotseat and against AI only).",
                "operationId": "undo", "parameters": [id_param()], "security": bearer(),
                "requestBody": { "content": { "application/json": { "schema": { "type": "object", "additionalProperties": false,
                    "properties": { "version": { "type": "integer", "minimum": 0 } } } } } },
                "responses": { "200": ok_json("The caller's state after the undo", "State"),
                    "400": error_response("Malformed body"), "401": error_response("No token"), "403": error_response("Another person plays in this match"),
                    "404": error_response("Unknown match"), "409": error_response("Nothing to undo or stale version") } } },
            "/api/matches/{id}/abort": { "post": { "summary": "End a match before its game is over: its creator (the creator token) or the server's operator. \
                    The match becomes aborted (kept, never resumed, not even after a restart), its connections receive a state with status aborted, \
                    and its AI seats stop at once (a queued AI move leaves the queue; a held AI thread goes to the next client).",
                "operationId": "abortMatch", "parameters": [id_param()], "security": [{ "abortCredential": [] }],
                "requestBody": { "required": false, "content": { "application/json": { "schema": { "type": "object", "additionalProperties": false } } } },
                "responses": ending_responses(ok_json("The match, now aborted", "Match"),
                    "The token is neither this match's creator token nor the operator's credential") } },
            "/api/matches/{id}/resign": { "post": { "summary": "Give up: a seated player (the seat's own token) ends the match at once; the other side wins (with more seats, the resigning seat ranks last). The result says so (`resigned`, `reason`: \"P2 resigned\").",
                "operationId": "resign", "parameters": [id_param()], "security": bearer(),
                "requestBody": { "required": false, "content": { "application/json": { "schema": { "type": "object", "additionalProperties": false,
                    "properties": { "seat": { "type": "integer", "minimum": 0, "maximum": 255, "description": "Needed only when the token holds several seats (hotseat) and none or several may act." } } } } } },
                "responses": ending_responses(ok_json("The caller's view, now finished", "State"),
                    "The token holds no seat of this match, or not the seat named") } },
            "/api/matches/{id}/rematch": { "post": { "summary": "A new match with the setup of this one, once it has ended: the same config (scenario, decks, content), AI seats with their agents, the caller's seats (bearer token optional) held by the caller again and other people's seats open, the same hotseat and AI pace. `seed`: `same` keeps the seed where nobody else may play (mixed with a server secret otherwise, as any chosen seed), `new` (default) draws one. Answered as a create.",
                "operationId": "rematch", "parameters": [id_param()],
                "requestBody": { "required": false, "content": { "application/json": { "schema": { "type": "object", "additionalProperties": false,
                    "properties": { "seed": { "type": "string", "enum": ["same", "new"] } } } } } },
                "responses": { "201": ok_json("Created", "Created"),
                    "400": error_response("Malformed body, or the match is still being played"),
                    "401": error_response("Malformed token"),
                    "403": error_response("The token holds no seat of this match"),
                    "404": error_response("Unknown match") } } },
            "/api/matches/{id}/reference": { "get": { "summary": "The match's public reference data: groups (cards, units, sectors, directives, …) of entries with id, the number observations carry, name, kind, stats, keywords and text in words. Never a hand or a deck order. It never changes for a match: content-hash ETag, cached for a year.",
                "operationId": "reference", "parameters": [id_param()],
                "responses": { "200": { "description": "The reference data", "content": { "application/json": { "schema": { "type": "object", "required": ["game", "groups"], "properties": {
                        "game": { "type": "string" },
                        "groups": { "type": "array", "items": { "type": "object", "properties": { "kind": { "type": "string" }, "title": { "type": "string" },
                            "entries": { "type": "array", "items": { "type": "object", "properties": { "index": { "type": ["integer", "null"] }, "id": { "type": "string" }, "name": { "type": "string" }, "kind": { "type": "string" },
                                "stats": { "type": "array", "items": { "type": "object", "properties": { "label": { "type": "string" }, "value": { "type": "string" } } } },
                                "keywords": { "type": "array", "items": { "type": "string" } }, "text": { "type": "array", "items": { "type": "string" } } } } } } } } } } } } },
                    "304": { "description": "Not modified (If-None-Match named the ETag)" },
                    "404": error_response("Unknown match") } } },
            "/api/matches/{id}/preview": { "post": { "summary": "What the game shows before one of your legal actions is confirmed (e.g. exact attack odds).",
                "operationId": "preview", "parameters": [id_param()], "security": bearer(),
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "type": "object", "required": ["action"],
                    "additionalProperties": false, "properties": { "action": {}, "seat": { "type": "integer", "minimum": 0, "maximum": 255 } } } } } },
                "responses": { "200": { "description": "`text` (or null: nothing to show); `odds` is reserved for structured odds and null today.",
                        "content": { "application/json": { "schema": { "type": "object", "properties": {
                            "type": { "const": "preview" }, "seat": { "type": "integer" },
                            "text": { "type": ["string", "null"] }, "odds": { "type": ["object", "null"] } } } } } },
                    "400": error_response("Malformed body"), "401": error_response("No token"),
                    "403": error_response("Token holds no seat here"), "404": error_response("Unknown match"),
                    "422": error_response("Not one of your legal actions now") } } },
            "/api/matches/{id}/hint": { "post": { "summary": "What MCTS advises a seat: every legal action with visit count, value estimate and policy, and the principal line. Running matches: only for your own seat, and only in hotseat or vs-AI matches. Finished matches: any position, no token needed.",
                "operationId": "hint", "parameters": [id_param()], "security": [{ "seatToken": [] }, {}],
                "requestBody": { "required": false, "content": { "application/json": { "schema": { "type": "object", "properties": {
                    "at": { "type": "integer", "minimum": 0, "description": "Finished matches: the position after this many moves (default: the last)." },
                    "seat": { "type": "integer", "description": "The seat to advise (default: yours / the first to act)." } } } } } },
                "responses": { "200": { "description": "The search report", "content": { "application/json": { "schema": { "type": "object", "properties": {
                        "type": { "const": "hint" }, "match": { "type": "string" }, "at": { "type": "integer" }, "seat": { "type": "integer" },
                        "report": { "type": "object", "description": "seat, chosen, chosen_text, simultaneous, iterations, threads, nodes, elapsed_ms, value, actions[{action, text, visits, value, policy}], principal_line[{actor, action, text, visits, value}], stopped (always false for a hint: hints are not stopped)" } } } } } },
                    "400": error_response("Malformed body or bad `at`"), "401": error_response("No token (running match)"),
                    "403": error_response("Not your seat, or another person plays in this match"), "404": error_response("Unknown match"),
                    "422": error_response("That seat may not act at this position") } } },
            "/api/matches/{id}/hint/stop": { "post": { "summary": "Stop the hint searches running for this match (a move stops them too): a waiting hint request then gets 409 hint_stopped. For a holder of one of its seats.",
                "operationId": "stopHint", "parameters": [id_param()], "security": bearer(),
                "requestBody": { "required": false, "content": { "application/json": { "schema": { "type": "object", "additionalProperties": false } } } },
                "responses": { "200": { "description": "How many searches were stopped", "content": { "application/json": { "schema": { "type": "object", "properties": {
                        "type": { "const": "hint_stopped" }, "match": { "type": "string" }, "stopped": { "type": "integer" } } } } } },
                    "401": error_response("No token (or not a bearer token)"),
                    "403": error_response("The token holds no seat of this match"),
                    "404": error_response("Unknown match") } } },
            "/api/matches/{id}/replay": { "get": { "summary": "The replay file of a finished match.", "operationId": "getReplay",
                "parameters": [id_param()],
                "responses": { "200": ok_json("Replay", "Replay"), "404": error_response("Unknown match"),
                    "409": error_response("Not finished") } } },
            "/api/matches/{id}/replay/{n}": { "get": { "summary": "A finished match after its first n moves, as any viewer.",
                "operationId": "getReplayStep", "parameters": [id_param(),
                    { "name": "n", "in": "path", "required": true, "schema": { "type": "integer", "minimum": 0 } },
                    { "name": "seat", "in": "query", "schema": { "type": "integer" }, "description": "View as this seat (default: spectator)." }],
                "responses": { "200": ok_json("The position", "ReplayStep"), "400": error_response("Bad move number"),
                    "404": error_response("Unknown match"), "409": error_response("Not finished") } } },
            "/api/matches/{id}/ws": { "get": { "summary": "WebSocket for live play (see docs/server.md).", "operationId": "websocket",
                "parameters": [id_param()],
                "responses": { "101": { "description": "Switching protocols" }, "400": error_response("Not a WebSocket request") } } }
        }
    })
}
