//! The JSON API under `/api/`. The route table here is the only list of API routes: the router
//! is built from it and [`api_routes`] exposes it, so a test can check it against the OpenAPI
//! document in both directions.

use crate::AppState;
use crate::error::ServerError;
use crate::hub::{CreateMatch, Hub, LiveMatch, Who};
use crate::store::Status;
use crate::view::{live_summary, row_summary, seat_grant, state_message};
use crate::{openapi, ws};
use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::handler::Handler;
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};
use gridwright_engine::{Seat, Viewer};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

type ApiResult = Result<Response, ServerError>;

/// Every API route: path (in the router's `{param}` syntax, which is also OpenAPI's) and method.
pub fn api_routes() -> Vec<(Method, &'static str)> {
    table().into_iter().map(|(p, m, _)| (m, p)).collect()
}

/// A route of [`table`]: its path, its method, and its handler routed for that method alone.
type Route = (&'static str, Method, MethodRouter<AppState>);

/// A `GET` route: the method named once, so the list and the router cannot disagree.
fn get_route<H: Handler<T, AppState>, T: 'static>(path: &'static str, handler: H) -> Route {
    (path, Method::GET, get(handler))
}

/// A `POST` route, as [`get_route`].
fn post_route<H: Handler<T, AppState>, T: 'static>(path: &'static str, handler: H) -> Route {
    (path, Method::POST, post(handler))
}

fn table() -> Vec<Route> {
    // A seated player's requests, answered with the caller's state ([`PlayerRequest`]).
    let (act, undo, resign) = (seated::<ActBody>, seated::<UndoBody>, seated::<SeatBody>);
    vec![
        get_route("/api/health", health),
        get_route("/api/openapi.json", openapi_doc),
        get_route("/api/games", list_games),
        get_route("/api/games/{game}", get_game),
        get_route("/api/games/{game}/how-to-play", how_to_play),
        get_route("/api/matches", list_matches),
        post_route("/api/matches", create_match),
        get_route("/api/matches/{id}", get_match),
        post_route("/api/matches/{id}/join", join_match),
        get_route("/api/matches/{id}/state", match_state),
        post_route("/api/matches/{id}/actions", act),
        post_route("/api/matches/{id}/undo", undo),
        post_route("/api/matches/{id}/abort", abort),
        post_route("/api/matches/{id}/resign", resign),
        post_route("/api/matches/{id}/rematch", rematch),
        get_route("/api/matches/{id}/reference", reference),
        post_route("/api/matches/{id}/preview", preview),
        post_route("/api/matches/{id}/hint", hint),
        post_route("/api/matches/{id}/hint/stop", stop_hint),
        get_route("/api/matches/{id}/replay", replay),
        get_route("/api/matches/{id}/replay/{n}", replay_step),
        get_route("/api/matches/{id}/ws", ws::upgrade),
        get_route("/api/lab/runs", lab_list),
        post_route("/api/lab/runs", lab_start),
        get_route("/api/lab/runs/{id}", lab_get),
        post_route("/api/lab/runs/{id}/cancel", lab_cancel),
        get_route("/api/lab/runs/{id}/charts/{n}", lab_chart),
    ]
}

/// The API router (without state).
pub(crate) fn router() -> axum::Router<AppState> {
    let mut by_path: BTreeMap<&'static str, MethodRouter<AppState>> = BTreeMap::new();
    for (path, _, mr) in table() {
        let merged = match by_path.remove(path) {
            Some(existing) => existing.merge(mr),
            None => mr,
        };
        by_path.insert(path, merged);
    }
    by_path
        .into_iter()
        .fold(axum::Router::new(), |r, (path, mr)| r.route(path, mr))
}

/// Parses a JSON body, mapping every failure to a clear error.
fn json_body<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    limit: usize,
) -> Result<T, ServerError> {
    let body = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ServerError::TooLarge {
                size: limit + 1,
                limit,
            }
        } else {
            ServerError::Malformed(e.body_text())
        }
    })?;
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &body
    };
    // An object, with no key twice (see `json.rs`), then the route's shape.
    let value = crate::json::parse_object(body).map_err(ServerError::Malformed)?;
    serde_json::from_value(value).map_err(|e| ServerError::Malformed(e.to_string()))
}

/// The request's JSON body, of the route's shape ([`json_body`]). It comes last among a
/// handler's arguments, so that a route's own checks of the path and token answer first.
struct JsonBody<T>(T);

impl<T: DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ServerError;

    async fn from_request(req: Request, app: &AppState) -> Result<Self, ServerError> {
        let body = Bytes::from_request(req, app).await;
        json_body(body, app.hub.opts.limits.max_body).map(JsonBody)
    }
}

/// The client's address. Without connection info (the router served some other way), every
/// client is one address.
fn client_ip(extensions: &Extensions) -> IpAddr {
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip())
}

/// The bearer token, if any.
fn bearer(headers: &HeaderMap) -> Result<Option<String>, ServerError> {
    let Some(v) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let v = v.to_str().map_err(|_| ServerError::Unauthorized)?;
    let (scheme, token) = v.trim().split_once(' ').ok_or(ServerError::Unauthorized)?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(ServerError::Unauthorized);
    }
    Ok(Some(token.trim().to_owned()))
}

/// The match named by the route's `{id}`, loaded if need be (404 `unknown_match` if there is
/// none).
pub(crate) struct MatchParam(Arc<LiveMatch>);

impl FromRequestParts<AppState> for MatchParam {
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, ServerError> {
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, app)
            .await
            .map_err(|e| ServerError::BadRequest(e.body_text()))?;
        let id = params
            .get("id")
            .ok_or_else(|| ServerError::Internal("this route names no match".into()))?;
        Ok(MatchParam(app.hub.get(id).await?))
    }
}

/// The bearer token of `Authorization`, if any (401 if the header is not a bearer token).
pub(crate) struct Token(Option<String>);

impl<S: Sync> FromRequestParts<S> for Token {
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ServerError> {
        Ok(Token(bearer(&parts.headers)?))
    }
}

/// Who is asking, in the match the route names: the token read (none: a spectator), the match
/// found, the token's seats resolved. Refusals, in this order: a malformed `Authorization` (401),
/// no such match (404), a token that holds no seat of this match (403).
pub(crate) struct Caller {
    m: Arc<LiveMatch>,
    who: Who,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, ServerError> {
        let Token(token) = Token::from_request_parts(parts, app).await?;
        let MatchParam(m) = MatchParam::from_request_parts(parts, app).await?;
        let who = app.hub.authenticate(&m, token.as_deref()).await?;
        Ok(Caller { m, who })
    }
}

/// A [`Caller`] who must hold a seat: without a token, 401 before anything else.
pub(crate) struct Player(Caller);

impl FromRequestParts<AppState> for Player {
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, ServerError> {
        if bearer(&parts.headers)?.is_none() {
            return Err(ServerError::Unauthorized);
        }
        Ok(Player(Caller::from_request_parts(parts, app).await?))
    }
}

/// Healthy only if the store answers: 503 with `ok: false` and the store's error otherwise.
async fn health(State(app): State<AppState>) -> Response {
    let store = match app.hub.store {
        crate::store::Store::Sqlite(_) => "sqlite",
        crate::store::Store::Postgres(_) => "postgres",
    };
    let checked = app.hub.store.check().await;
    let body = json!({
        "ok": checked.is_ok(),
        "store": store,
        "store_error": checked.as_ref().err().map(ToString::to_string),
        "version": env!("CARGO_PKG_VERSION"),
        "matches_in_memory": app.hub.cached_len(),
        "ai_thinking": app.hub.ai_thinking(),
    });
    let status = if checked.is_ok() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(body)).into_response()
}

async fn openapi_doc() -> Json<Value> {
    Json(openapi::document())
}

fn game_json(g: &dyn crate::games::GameProvider) -> crate::wire::GameEntry {
    use crate::wire::{GameEntry, StrengthInfo};
    let info = g.info();
    let (scenarios, error) = match g.scenarios() {
        Ok(s) => (s, None),
        Err(e) => (Vec::new(), Some(e.to_string())),
    };
    let mut agents = vec!["human".to_owned()];
    agents.extend(g.agents().iter().map(|a| (*a).to_owned()));
    GameEntry {
        name: info.short_name.to_owned(),
        title: info.long_name.to_owned(),
        summary: info.summary.to_owned(),
        min_seats: info.min_seats,
        max_seats: info.max_seats,
        chance: info.chance,
        information: info.information,
        rules_version: info.rules_version.to_owned(),
        agents,
        strengths: g
            .strengths()
            .iter()
            .map(|s| StrengthInfo {
                name: s.name.to_owned(),
                title: s.title.to_owned(),
                agent: s.agent.to_owned(),
            })
            .collect(),
        default_strength: gridwright_catalog::DEFAULT_STRENGTH.to_owned(),
        scenarios,
        decks: g.decks(),
        content_error: error,
    }
}

/// The games, with an ETag: the lobby reads them on every visit, and they change only when the
/// server restarts with other content (a revisit gets `304`).
async fn list_games(State(app): State<AppState>, headers: HeaderMap) -> Response {
    let games = crate::wire::GameList {
        games: app
            .hub
            .games
            .iter()
            .map(|g| game_json(g.as_ref()))
            .collect(),
    };
    crate::assets::revalidated_json(&headers, &json!(games))
}

async fn get_game(State(app): State<AppState>, Path(name): Path<String>) -> ApiResult {
    let g = app.hub.games.named(&name)?;
    Ok(Json(game_json(g.as_ref())).into_response())
}

/// How to play a game: `{title, sections: [{heading, paragraphs}], glossary: [{term, text}]}`,
/// with an ETag (it changes only when the server restarts with other content).
async fn how_to_play(
    State(app): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let g = app.hub.games.named(&name)?;
    let page = g
        .how_to_play()
        .map_err(|e| ServerError::Content(e.to_string()))?;
    let value = serde_json::to_value(page).map_err(|e| ServerError::Internal(e.to_string()))?;
    Ok(crate::assets::revalidated_json(&headers, &value))
}

/// The match's public reference data (card texts, unit tables: see
/// `gridwright_catalog::Reference`), built from its config, which never changes: served with a
/// content-hash ETag and cached for a year. Anyone may read it, as anyone may spectate.
async fn reference(
    State(app): State<AppState>,
    MatchParam(m): MatchParam,
    headers: HeaderMap,
) -> ApiResult {
    let key = format!("{}/reference", m.id);
    let value = match app.hub.reads.get(&key) {
        Some(v) => v,
        None => {
            let r = m.st.read().await.session.reference();
            let v = serde_json::to_value(r).map_err(|e| ServerError::Internal(e.to_string()))?;
            app.hub.reads.put(key, v)
        }
    };
    let bytes = serde_json::to_vec(&*value).map_err(|e| ServerError::Internal(e.to_string()))?;
    Ok(crate::assets::immutable_json(&headers, &bytes))
}

async fn list_matches(
    State(app): State<AppState>,
    Query(q): Query<HashMap<String, String>>,
) -> ApiResult {
    let status = match q.get("status").map(String::as_str) {
        None | Some("all") => None,
        Some(s) => Some(Status::parse(s).ok_or_else(|| {
            ServerError::BadRequest(format!(
                "status must be open, running, finished, expired, aborted or all, not `{}`",
                s.chars().take(30).collect::<String>()
            ))
        })?),
    };
    let limit = match q.get("limit") {
        None => 50,
        Some(l) => l
            .parse::<u32>()
            .ok()
            .filter(|l| (1..=500).contains(l))
            .ok_or_else(|| ServerError::BadRequest("limit must be 1 to 500".into()))?,
    };
    let rows = app.hub.store.list(status, limit).await?;
    let matches = rows.iter().map(|(m, s)| row_summary(m, s)).collect();
    Ok(Json(crate::wire::MatchList { matches }).into_response())
}

async fn create_match(
    State(app): State<AppState>,
    extensions: Extensions,
    JsonBody(req): JsonBody<CreateMatch>,
) -> ApiResult {
    let client = client_ip(&extensions);
    let created = app.hub.create(req, client).await?;
    created_response(&created).await
}

/// Whether a rematch keeps the dice: `same` (the seed of the match played) or `new`.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum RematchSeed {
    Same,
    #[default]
    New,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchBody {
    #[serde(default)]
    seed: RematchSeed,
}

/// A new match with the setup of one that has ended (`hub/rematch.rs`); answered as a create.
async fn rematch(
    State(app): State<AppState>,
    Caller { m, who }: Caller,
    extensions: Extensions,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let req: RematchBody = json_body(body, app.hub.opts.limits.max_body)?;
    let client = client_ip(&extensions);
    let created = app
        .hub
        .rematch(&m, &who, req.seed == RematchSeed::Same, client)
        .await?;
    created_response(&created).await
}

/// The `201 Created` answer of a new match: its summary, the seat grants and the creator token.
async fn created_response(created: &crate::hub::Created) -> ApiResult {
    let m = &created.live;
    let summary = live_summary(m, &*m.st.read().await);
    let body = crate::wire::Created {
        match_summary: summary,
        seats: created
            .tokens
            .iter()
            .map(|(s, t)| seat_grant(&m.id, *s, t))
            .collect(),
        creator_token: created.creator_token.clone(),
    };
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, format!("/api/matches/{}", m.id))],
        Json(body),
    )
        .into_response())
}

async fn get_match(MatchParam(m): MatchParam) -> ApiResult {
    let summary = live_summary(&m, &*m.st.read().await);
    Ok(Json(summary).into_response())
}

/// The body of `join` and `resign`: at most a seat, `0`-based as in every other body and
/// message (`join`: default, the first free seat; `resign`: default, the caller's only seat, or
/// the hotseat's seat to act).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatBody {
    #[serde(default)]
    seat: Option<Seat>,
}

async fn join_match(
    State(app): State<AppState>,
    MatchParam(m): MatchParam,
    JsonBody(req): JsonBody<SeatBody>,
) -> ApiResult {
    let seat = match req.seat {
        None => None,
        Some(s) => {
            let n = m.st.read().await.seats.len();
            if s.index() >= n {
                return Err(ServerError::BadRequest(format!(
                    "this match has {n} seats, numbered 0 to {}; there is no seat {}",
                    n.saturating_sub(1),
                    s.index()
                )));
            }
            u8::try_from(s.index()).ok()
        }
    };
    let (seat, token) = app.hub.join(&m, seat).await?;
    let summary = live_summary(&m, &*m.st.read().await);
    Ok(Json(crate::wire::Joined {
        grant: seat_grant(&m.id, seat, &token),
        match_summary: summary,
    })
    .into_response())
}

/// The caller's view. Built on the read threads, shared fairly between client addresses (a
/// flood of large reads from one address waits its turns), and built once per match version,
/// viewer and caller (`Hub::state_key`): what repeats is served from the cache.
async fn match_state(
    State(app): State<AppState>,
    Caller { m, who }: Caller,
    extensions: Extensions,
    Query(q): Query<HashMap<String, String>>,
) -> ApiResult {
    let from = match q.get("from") {
        None => 0,
        Some(f) => f
            .parse::<usize>()
            .map_err(|_| ServerError::BadRequest("from must be a log index".into()))?,
    };
    let key = Hub::state_key(&m, &*m.st.read().await, &who, from);
    if let Some(body) = app.hub.states.get(&key) {
        return Ok(json_bytes(body));
    }
    let client = crate::limits::address_key(client_ip(&extensions));
    let _slot = app.hub.read_slot(&client).await;
    let st = m.st.read().await;
    // The match may have changed while this request waited.
    let key = Hub::state_key(&m, &st, &who, from);
    if let Some(body) = app.hub.states.get(&key) {
        return Ok(json_bytes(body));
    }
    let body = serde_json::to_vec(&state_message(&m, &st, &who, from).0)
        .map_err(|e| ServerError::Internal(e.to_string()))?;
    drop(st);
    let body = Bytes::from(body);
    app.hub.states.put(key, body.clone());
    Ok(json_bytes(body))
}

/// A JSON body already serialized.
fn json_bytes(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// What a seated player asks of the match on `…/actions`, `…/undo` and `…/resign`: the route's
/// body, which [`PlayerRequest::send`] hands to the hub. Each of these routes answers with the
/// caller's new state ([`seated`]).
trait PlayerRequest: DeserializeOwned + Send {
    /// Makes the change for `who`.
    fn send(
        self,
        hub: &Arc<Hub>,
        m: &Arc<LiveMatch>,
        who: &Who,
    ) -> impl Future<Output = Result<(), ServerError>> + Send;
}

/// The handler of every [`PlayerRequest`] route: the body sent, then the caller's state.
async fn seated<R: PlayerRequest>(
    State(app): State<AppState>,
    Player(Caller { m, who }): Player,
    JsonBody(req): JsonBody<R>,
) -> ApiResult {
    req.send(&app.hub, &m, &who).await?;
    respond_state(&m, &who).await
}

/// `…/actions`: a move, against the version the player saw.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    version: u64,
    action: Value,
    #[serde(default)]
    seat: Option<Seat>,
}

impl PlayerRequest for ActBody {
    async fn send(self, hub: &Arc<Hub>, m: &Arc<LiveMatch>, who: &Who) -> Result<(), ServerError> {
        let ActBody {
            version,
            action,
            seat,
        } = self;
        hub.act(m, who, seat, version, &action).await.map(drop)
    }
}

/// `…/undo`: takes back the last move of the caller's seats and every move after it (against
/// `version`, if given), if no other person plays in the match.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    #[serde(default)]
    version: Option<u64>,
}

impl PlayerRequest for UndoBody {
    async fn send(self, hub: &Arc<Hub>, m: &Arc<LiveMatch>, who: &Who) -> Result<(), ServerError> {
        hub.undo(m, who, self.version).await.map(drop)
    }
}

/// `…/resign`: a seated player gives up; the match ends at once, the other side winning (with
/// more seats, the resigning seat ranks last). Only the seat's own token may resign it.
impl PlayerRequest for SeatBody {
    async fn send(self, hub: &Arc<Hub>, m: &Arc<LiveMatch>, who: &Who) -> Result<(), ServerError> {
        hub.resign(m, who, self.seat).await.map(drop)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AbortBody {}

/// Ends a match before its game is over, for its creator (the creator token) or the operator
/// (the operator's credential): see `hub/abort.rs`.
async fn abort(
    State(app): State<AppState>,
    MatchParam(m): MatchParam,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    // Any unusable `Authorization` (not a bearer token, not text) is answered as a missing
    // credential, with what this route needs.
    let token = bearer(&headers).map_err(|_| ServerError::NeedsAbortCredential)?;
    let AbortBody {} = json_body(body, app.hub.opts.limits.max_body)?;
    app.hub.abort(&m, token.as_deref()).await?;
    let summary = live_summary(&m, &*m.st.read().await);
    Ok(Json(summary).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreviewBody {
    action: Value,
    #[serde(default)]
    seat: Option<Seat>,
}

/// What the game shows before an action is confirmed (e.g. exact attack odds). Only for one of
/// the caller's own legal actions: the game computes it from the full state.
async fn preview(
    Player(Caller { m, who }): Player,
    JsonBody(req): JsonBody<PreviewBody>,
) -> ApiResult {
    let st = m.st.read().await;
    let seat = crate::hub::pick_seat(&st, &who, req.seat)?;
    if !st
        .session
        .legal(seat)
        .iter()
        .any(|l| l.action == req.action)
    {
        return Err(ServerError::Illegal(format!(
            "{seat} may not take this action now; previews are for your own legal actions"
        )));
    }
    let text = st.session.preview(&req.action).map_err(|e| match e {
        gridwright_catalog::ApplyError::Malformed(m) => ServerError::MalformedAction(m),
        gridwright_catalog::ApplyError::Rejected(r) => ServerError::Illegal(r),
    })?;
    Ok(Json(crate::wire::PreviewMessage {
        kind: "preview",
        seat,
        text,
        odds: None,
    })
    .into_response())
}

/// The search behind hints: the `mcts` agent at its default budget, chosen by the server (a
/// client cannot ask for a longer search and tie up a core).
const HINT_AGENT: &str = "mcts";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HintBody {
    /// Finished matches: the position after this many moves (default: the last).
    #[serde(default)]
    at: Option<usize>,
    /// The seat to advise (default: the caller's seat to act; in a replay, the first seat to act).
    #[serde(default)]
    seat: Option<Seat>,
}

/// What MCTS thinks of a position: every legal action with visits and value, and the principal
/// line. In a running match, only for a seat the caller holds, and only where no other person
/// plays (hotseat, or people against AI seats): a hint must not help one person against
/// another. In a finished match, any position, for anyone (everything is public then). The
/// search starts from the advised seat's view, so it knows nothing that seat does not.
async fn hint(
    State(app): State<AppState>,
    MatchParam(m): MatchParam,
    Token(token): Token,
    extensions: Extensions,
    JsonBody(req): JsonBody<HintBody>,
) -> ApiResult {
    let client = crate::limits::address_key(client_ip(&extensions));
    let (session, seat, at) = {
        let st = m.st.read().await;
        if st.status == Status::Finished {
            let total = st.session.version();
            let at = req.at.unwrap_or(total);
            if at > total {
                return Err(ServerError::BadRequest(format!(
                    "`at` must be 0 to {total}"
                )));
            }
            drop(st);
            let s = app.hub.prefix(&m, at).await?;
            let turn = s.turn();
            let seat = match req.seat {
                Some(seat) if turn.seats.contains(&seat) => seat,
                Some(seat) => {
                    return Err(ServerError::Illegal(format!(
                        "{seat} may not act after move {at}"
                    )));
                }
                None => *turn.seats.first().ok_or_else(|| {
                    ServerError::Illegal(format!("nobody may act after move {at}"))
                })?,
            };
            (s, seat, at)
        } else {
            if req.at.is_some() {
                return Err(ServerError::BadRequest(
                    "`at` is for finished matches; a running match is advised on its current position"
                        .into(),
                ));
            }
            // An aborted or expired match takes no more AI time, not even for advice.
            match st.status {
                Status::Aborted => {
                    return Err(ServerError::Aborted {
                        id: m.id.clone(),
                        by: st.aborted.unwrap_or(crate::store::AbortedBy::Operator),
                    });
                }
                Status::Expired => return Err(ServerError::Expired(m.id.clone())),
                _ => {}
            }
            let token = token.ok_or(ServerError::Unauthorized)?;
            drop(st);
            let who = app.hub.authenticate(&m, Some(&token)).await?;
            let st = m.st.read().await;
            let other_person = st.seats.iter().any(|row| {
                row.kind != crate::store::SeatKind::Ai
                    && Seat::try_from(row.seat).is_ok_and(|s| !who.seats.contains(&s))
            });
            if other_person {
                return Err(ServerError::Forbidden(
                    "hints are for hotseat games, games against AI and replays, not against another person"
                        .into(),
                ));
            }
            let seat = crate::hub::pick_seat(&st, &who, req.seat)?;
            if !st.session.turn().seats.contains(&seat) {
                return Err(ServerError::Illegal(format!("{seat} may not act now")));
            }
            (st.session.clone_box(), seat, st.session.version())
        }
    };
    let spec: gridwright_agents::AgentSpec = HINT_AGENT
        .parse()
        .map_err(|e: gridwright_agents::SpecError| ServerError::Internal(e.to_string()))?;
    // Deterministic per position: asking twice gives the same hint.
    let seed = gridwright_engine::derive_seed(0x4849_4e54, at as u64);
    // A finished match never changes: its hints are computed once.
    let finished = m.st.read().await.status == Status::Finished;
    let key = format!("{}/hint/{at}/{}", m.id, seat.index());
    if finished && let Some(cached) = app.hub.reads.get(&key) {
        return Ok(Json((*cached).clone()).into_response());
    }
    // On the AI threads, shared fairly: a flood of hints from one address waits its turns.
    // Stopped when the position changes (a move, an undo, a resignation) or a player asks.
    let stop = if finished { None } else { Some(m.hint_stop()) };
    let slot = app.hub.think_slot(&client).await;
    let thinking = app.hub.thinking.clone();
    let searching = stop.as_ref().map(|s| s.stop.clone()).unwrap_or_default();
    let report = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let _thinking = crate::hub::Thinking::enter(&thinking);
        session.hint(gridwright_catalog::Think {
            spec: &spec,
            seat,
            seed,
            clock_cap: Some(crate::hub::CLOCK_CAP),
            stop: &searching,
        })
    })
    .await;
    // A search stopped after it ended, but before it left the list, was counted as stopped by
    // `POST …/hint/stop`: its answer says so too.
    if let Some(s) = stop
        && s.done()
    {
        return Err(ServerError::HintStopped);
    }
    let report = report
        .map_err(|e| ServerError::Internal(e.to_string()))?
        .map_err(|e| ServerError::Illegal(e.to_string()))?
        .ok_or(ServerError::HintStopped)?;
    let body = json!(crate::wire::HintMessage {
        kind: "hint",
        match_id: m.id.clone(),
        at,
        seat,
        report,
    });
    if finished {
        app.hub.reads.put(key, body.clone());
    }
    Ok(Json(body).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StopHintBody {}

/// Stops the hint searches running for the match (a player who no longer wants the advice, or
/// acts before it arrives; a move stops them anyway). Only for a holder of one of its seats.
async fn stop_hint(
    Player(Caller { m, who: _ }): Player,
    JsonBody(StopHintBody {}): JsonBody<StopHintBody>,
) -> ApiResult {
    let stopped = m.stop_hints();
    Ok(Json(json!({ "type": "hint_stopped", "match": m.id, "stopped": stopped })).into_response())
}

async fn respond_state(m: &crate::hub::LiveMatch, who: &Who) -> ApiResult {
    let st = m.st.read().await;
    Ok(Json(state_message(m, &st, who, 0).0).into_response())
}

async fn replay(MatchParam(m): MatchParam) -> ApiResult {
    let st = m.st.read().await;
    if st.status != Status::Finished {
        return Err(ServerError::NotFinished);
    }
    // A resignation is part of the replay (and of its hash).
    let replay = match st.resigned {
        Some(seat) => st.session.replay().resign(seat),
        None => st.session.replay(),
    };
    drop(st);
    let body =
        serde_json::to_string_pretty(&replay).map_err(|e| ServerError::Internal(e.to_string()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{}.replay\"", m.id),
            ),
        ],
        body,
    )
        .into_response())
}

async fn replay_step(
    State(app): State<AppState>,
    MatchParam(m): MatchParam,
    extensions: Extensions,
    Path((_, n)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> ApiResult {
    let (total, resigned) = {
        let st = m.st.read().await;
        if st.status != Status::Finished {
            return Err(ServerError::NotFinished);
        }
        (st.session.version(), st.resigned)
    };
    let n: usize = n
        .parse()
        .ok()
        .filter(|n| *n <= total)
        .ok_or_else(|| ServerError::BadRequest(format!("move number must be 0 to {total}")))?;
    let viewer = match q.get("seat") {
        None => Viewer::Spectator,
        Some(s) => s
            .parse::<u8>()
            .ok()
            .and_then(|s| Seat::try_from(s).ok())
            .map(Viewer::Seat)
            .ok_or_else(|| ServerError::BadRequest("seat must be a seat index".into()))?,
    };
    // Rebuilding a position replays its moves: computed once per position and viewer, on the
    // AI threads (shared fairly between addresses), then served from the cache.
    let key = format!(
        "{}/replay/{n}/{}",
        m.id,
        match viewer {
            Viewer::Seat(s) => s.index().to_string(),
            Viewer::Spectator => "spectator".into(),
        }
    );
    if let Some(cached) = app.hub.reads.get(&key) {
        return Ok(Json((*cached).clone()).into_response());
    }
    let client = crate::limits::address_key(client_ip(&extensions));
    let _slot = app.hub.think_slot(&client).await;
    let s = app.hub.prefix(&m, n).await?;
    if let Viewer::Seat(seat) = viewer
        && seat.index() >= s.num_seats()
    {
        return Err(ServerError::BadRequest(format!(
            "this game has {} seats",
            s.num_seats()
        )));
    }
    let body = json!(crate::wire::ReplayStepMessage {
        kind: "replay_step",
        match_id: m.id.clone(),
        n,
        moves: total,
        viewer: match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        },
        turn: s.turn(),
        observation: s.observe(viewer),
        log: crate::view::match_log(s.as_ref(), resigned.filter(|_| n == total), viewer, 0).0,
        result: crate::hub::result_json(s.as_ref(), resigned.filter(|_| n == total)),
    });
    Ok(Json((*app.hub.reads.put(key, body)).clone()).into_response())
}

/// Starts a Lab run (`lab.rs`): `201` with the run as stored, or a refusal naming the field.
async fn lab_start(
    State(app): State<AppState>,
    extensions: Extensions,
    JsonBody(body): JsonBody<Value>,
) -> ApiResult {
    let run = app.hub.lab_start(body, client_ip(&extensions)).await?;
    Ok((StatusCode::CREATED, Json(run)).into_response())
}

async fn lab_list(State(app): State<AppState>) -> ApiResult {
    Ok(Json(app.hub.lab_list().await?).into_response())
}

/// A run as JSON, its report the stored text as it is (`lab::lab_response`).
fn lab_json(status: StatusCode, (run, report): (crate::wire::LabRun, Option<String>)) -> ApiResult {
    let body = crate::lab::lab_response(&run, report.as_deref())?;
    Ok((status, [(header::CONTENT_TYPE, "application/json")], body).into_response())
}

async fn lab_get(State(app): State<AppState>, Path(id): Path<String>) -> ApiResult {
    lab_json(StatusCode::OK, app.hub.lab_get(&id).await?)
}

async fn lab_cancel(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let token = bearer(&headers)?;
    lab_json(
        StatusCode::OK,
        app.hub.lab_cancel(&id, token.as_deref()).await?,
    )
}

/// Chart `n` of a run as SVG. It changes as games arrive: never cached.
async fn lab_chart(
    State(app): State<AppState>,
    Path((id, n)): Path<(String, String)>,
) -> ApiResult {
    let n: usize = n
        .parse()
        .map_err(|_| ServerError::BadRequest(format!("chart `{n}`: not a chart number")))?;
    let svg = app.hub.lab_chart(&id, n).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}
