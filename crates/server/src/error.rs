//! The one error type of the server, and the one place that maps it to HTTP statuses and to the
//! `code` strings clients see (over HTTP and over WebSocket alike).

use crate::store::{AbortedBy, StoreError};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Why a request was refused. Every variant leaves every match exactly as it was.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// No match with this id.
    #[error("there is no match `{0}`")]
    UnknownMatch(String),
    /// No game with this name.
    #[error("unknown game `{name}`; the games are: {known}")]
    UnknownGame {
        /// What was asked for.
        name: String,
        /// The games this server offers.
        known: String,
    },
    /// A scenario the game does not offer (a name from the game's list, never a path).
    #[error("{game} has no scenario `{name}`; its scenarios are: {known}")]
    UnknownScenario {
        /// What was asked for (shortened).
        name: String,
        /// The game.
        game: &'static str,
        /// The game's scenarios.
        known: String,
    },
    /// A deck the game does not offer (a name from the game's list, never a path).
    #[error("{game} has no deck `{name}`; its decks are: {known}")]
    UnknownDeck {
        /// What was asked for (shortened).
        name: String,
        /// The game.
        game: &'static str,
        /// The game's decks.
        known: String,
    },
    /// The body or message is not JSON, or not of the expected shape.
    #[error("malformed request: {0}")]
    Malformed(String),
    /// The request is well-formed but asks for something impossible.
    #[error("{0}")]
    BadRequest(String),
    /// The body or message is larger than the server accepts.
    #[error("message of {size} bytes is larger than the limit of {limit} bytes")]
    TooLarge {
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// Too many messages on this connection.
    #[error(
        "too many messages: at most {per_sec} per second (burst {burst}); this one was dropped"
    )]
    RateLimited {
        /// Sustained rate.
        per_sec: u32,
        /// Burst size.
        burst: u32,
    },
    /// This client address sent more API requests than the server allows.
    #[error(
        "too many requests from your address: at most {per_sec} per second (burst {burst}); \
         try again in {retry_after} s"
    )]
    HttpRateLimited {
        /// Sustained rate.
        per_sec: u32,
        /// Burst size.
        burst: u32,
        /// Seconds until the next request is allowed.
        retry_after: u64,
    },
    /// This client created matches faster than the server allows.
    #[error("too many new matches from your address: you may create another in {retry_after} s")]
    CreateRateLimited {
        /// Seconds until the next one is allowed.
        retry_after: u64,
    },
    /// The server holds as many unfinished matches as it allows.
    #[error(
        "this server already holds its limit of {limit} unfinished matches; join an open match \
         or try again later"
    )]
    TooManyMatches {
        /// The limit.
        limit: u64,
    },
    /// This client address already has as many unfinished matches as it may.
    #[error(
        "your address already has {limit} unfinished matches, the most this server allows one \
         client; finish or leave one (abandoned matches expire) and try again"
    )]
    TooManyMatchesFromAddress {
        /// The limit.
        limit: u64,
    },
    /// No Lab run with this id.
    #[error("there is no Lab run `{0}`")]
    UnknownLabRun(String),
    /// The Lab run is over: nothing is left to cancel.
    #[error("Lab run {0} is already over: only a run still playing can be cancelled")]
    LabRunOver(String),
    /// As many Lab runs play as the server allows (in all, or for this client).
    #[error("{0}")]
    TooManyLabRuns(String),
    /// The match expired: nothing happened in it for too long.
    #[error(
        "match {0} has expired: nothing happened in it for too long, so it can no longer be played or joined"
    )]
    Expired(String),
    /// The match was aborted by its creator or the operator.
    #[error(
        "match {id} was {}: it can no longer be played or joined", by.sentence()
    )]
    Aborted {
        /// The match.
        id: String,
        /// Who aborted it.
        by: AbortedBy,
    },
    /// The game is already over: there is nothing left to abort.
    #[error("match {0} is already over: a finished game cannot be aborted")]
    AlreadyOver(String),
    /// Aborting needs the creator token or the operator credential, and the request has none.
    #[error(
        "aborting a match needs its creator token (returned when it was created) or the \
         operator's credential, as `Authorization: Bearer <token>`"
    )]
    NeedsAbortCredential,
    /// The request needs a seat token and has none.
    #[error(
        "this needs a seat token (HTTP: `Authorization: Bearer <token>`; WebSocket: `hello` with `token`)"
    )]
    Unauthorized,
    /// The token holds no seat in this match, or not the seat asked for.
    #[error("{0}")]
    Forbidden(String),
    /// The action was made against an older state.
    #[error("stale version {got}: the match is at version {current}; refresh and try again")]
    Stale {
        /// The version the client quoted.
        got: u64,
        /// The match's version now.
        current: u64,
    },
    /// The JSON is not an action of this game.
    #[error("not an action of this game: {0}")]
    MalformedAction(String),
    /// The rules refuse the action. The reason is said once, whether or not it already starts
    /// with "illegal action: " (the engine's own refusals do).
    #[error("illegal action: {}", .0.strip_prefix("illegal action: ").unwrap_or(.0))]
    Illegal(String),
    /// Undo is not allowed here.
    #[error("{0}")]
    UndoNotAllowed(String),
    /// Nothing to undo.
    #[error("there is no move of yours to undo")]
    NothingToUndo,
    /// No free seat to join.
    #[error("{0}")]
    NoOpenSeat(String),
    /// A hint search was stopped (the position changed, or a player asked) before it ended.
    #[error(
        "the hint was stopped before it was ready: the position changed, or a player asked to stop it"
    )]
    HintStopped,
    /// The replay of a game in progress would reveal secrets.
    #[error("the match is not finished; its replay is served once it ends")]
    NotFinished,
    /// A scenario or agent the game does not have, or content that fails to load.
    #[error("{0}")]
    Content(String),
    /// The stored match cannot be rebuilt (e.g. the rules changed since it was played).
    #[error("match `{id}` cannot be loaded: {reason}")]
    Broken {
        /// The match.
        id: String,
        /// Why.
        reason: String,
    },
    /// The database failed.
    #[error("storage error: {0}")]
    Store(#[from] StoreError),
    /// A bug or a lost worker thread.
    #[error("internal error: {0}")]
    Internal(String),
    /// The request (body) did not arrive in time.
    #[error("{0}")]
    Timeout(String),
    /// A JSON route was sent something other than JSON.
    #[error("{0}")]
    UnsupportedMediaType(String),
}

impl ServerError {
    /// The stable machine-readable code clients switch on.
    pub fn code(&self) -> &'static str {
        match self {
            ServerError::UnknownMatch(_) => "unknown_match",
            ServerError::UnknownGame { .. } => "unknown_game",
            ServerError::UnknownScenario { .. } => "unknown_scenario",
            ServerError::UnknownDeck { .. } => "unknown_deck",
            ServerError::Malformed(_) => "malformed",
            ServerError::BadRequest(_) => "bad_request",
            ServerError::TooLarge { .. } => "too_large",
            ServerError::RateLimited { .. }
            | ServerError::HttpRateLimited { .. }
            | ServerError::CreateRateLimited { .. } => "rate_limited",
            ServerError::TooManyMatches { .. } | ServerError::TooManyMatchesFromAddress { .. } => {
                "too_many_matches"
            }
            ServerError::UnknownLabRun(_) => "unknown_lab_run",
            ServerError::LabRunOver(_) => "lab_run_over",
            ServerError::TooManyLabRuns(_) => "too_many_lab_runs",
            ServerError::Expired(_) => "match_expired",
            ServerError::Aborted { .. } => "match_aborted",
            ServerError::AlreadyOver(_) => "match_over",
            ServerError::NeedsAbortCredential => "unauthorized",
            ServerError::Unauthorized => "unauthorized",
            ServerError::Forbidden(_) => "forbidden",
            ServerError::Stale { .. } => "stale_version",
            ServerError::MalformedAction(_) => "malformed_action",
            ServerError::Illegal(_) => "illegal_action",
            ServerError::UndoNotAllowed(_) => "undo_not_allowed",
            ServerError::NothingToUndo => "nothing_to_undo",
            ServerError::NoOpenSeat(_) => "no_open_seat",
            ServerError::NotFinished => "not_finished",
            ServerError::HintStopped => "hint_stopped",
            ServerError::Content(_) => "bad_content",
            ServerError::Broken { .. } => "match_broken",
            ServerError::Store(_) => "store_error",
            ServerError::Internal(_) => "internal",
            ServerError::Timeout(_) => "request_timeout",
            ServerError::UnsupportedMediaType(_) => "unsupported_media_type",
        }
    }

    /// The HTTP status for this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ServerError::UnknownMatch(_)
            | ServerError::UnknownGame { .. }
            | ServerError::UnknownLabRun(_) => StatusCode::NOT_FOUND,
            ServerError::LabRunOver(_) => StatusCode::CONFLICT,
            ServerError::TooManyLabRuns(_) => StatusCode::TOO_MANY_REQUESTS,
            ServerError::Malformed(_)
            | ServerError::BadRequest(_)
            | ServerError::Content(_)
            | ServerError::UnknownScenario { .. }
            | ServerError::UnknownDeck { .. } => StatusCode::BAD_REQUEST,
            ServerError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ServerError::RateLimited { .. }
            | ServerError::HttpRateLimited { .. }
            | ServerError::CreateRateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ServerError::TooManyMatches { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ServerError::TooManyMatchesFromAddress { .. } => StatusCode::TOO_MANY_REQUESTS,
            ServerError::Expired(_) | ServerError::Aborted { .. } | ServerError::AlreadyOver(_) => {
                StatusCode::CONFLICT
            }
            ServerError::Unauthorized | ServerError::NeedsAbortCredential => {
                StatusCode::UNAUTHORIZED
            }
            ServerError::Forbidden(_) | ServerError::UndoNotAllowed(_) => StatusCode::FORBIDDEN,
            ServerError::Stale { .. }
            | ServerError::NothingToUndo
            | ServerError::NoOpenSeat(_)
            | ServerError::NotFinished
            | ServerError::HintStopped => StatusCode::CONFLICT,
            ServerError::MalformedAction(_) | ServerError::Illegal(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ServerError::Broken { .. } | ServerError::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            ServerError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
            ServerError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ServerError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        }
    }

    /// The error as the JSON object both HTTP bodies and WebSocket messages carry.
    pub fn to_json(&self) -> serde_json::Value {
        json!(self.message())
    }

    /// The error as the typed message both HTTP bodies and WebSocket messages carry.
    pub fn message(&self) -> crate::wire::ErrorMessage {
        crate::wire::ErrorMessage {
            kind: "error",
            code: self.code(),
            message: self.to_string(),
            version: match self {
                ServerError::Stale { current, .. } => Some(*current),
                _ => None,
            },
        }
    }
}

impl IntoResponse for ServerError {
    fn into_response(self) -> Response {
        if matches!(self, ServerError::Store(_) | ServerError::Internal(_)) {
            log!("gridwright-server: {self}");
        }
        let mut res = (self.status(), axum::Json(self.to_json())).into_response();
        let retry_after = match &self {
            ServerError::CreateRateLimited { retry_after }
            | ServerError::HttpRateLimited { retry_after, .. } => Some(*retry_after),
            ServerError::TooManyMatches { .. } | ServerError::TooManyMatchesFromAddress { .. } => {
                Some(60)
            }
            _ => None,
        };
        if let Some(secs) = retry_after {
            res.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(secs),
            );
        }
        if matches!(
            self,
            ServerError::Unauthorized | ServerError::NeedsAbortCredential
        ) {
            res.headers_mut().insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Bearer"),
            );
        }
        res
    }
}
