//! The WebSocket protocol (see `docs/server.md`): one connection per client and match.
//!
//! A connection is a loop over three things: the client's messages, the match's change signal,
//! and server shutdown. Each change signal makes the connection rebuild *its own* viewer's
//! `state` message, so one seat's secrets can never travel on another's socket. Log entries are
//! sent incrementally: every `state` carries `log_from` and the entries from there on; the client
//! replaces its log from `log_from` with them.

use crate::AppState;
use crate::error::ServerError;
use crate::hub::{Hub, LiveMatch, Who};
use crate::view::{state_message, viewer_of};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use gridwright_engine::{Seat, Viewer};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast::error::RecvError;

/// Close codes beyond the standard ones.
const CLOSE_UNKNOWN_MATCH: u16 = 4404;
const CLOSE_POLICY: u16 = 1008;
const CLOSE_GOING_AWAY: u16 = 1001;
const CLOSE_TOO_BIG: u16 = 1009;
const CLOSE_PROTOCOL: u16 = 1002;
const CLOSE_BAD_DATA: u16 = 1007;

/// Read buffer of a connection (bytes).
const READ_BUFFER: usize = 8 * 1024;

/// Whether a browser page at `origin` may open a WebSocket here. A browser sends `Origin` with
/// every upgrade and lets any page open a socket to any server, cookies or not; refusing other
/// sites' pages keeps a page elsewhere from playing or watching through a visitor's browser (and
/// its address's limits). Clients that are not browsers send no `Origin` and are let through.
/// Allowed: the page's own host (`Origin`'s host and port equal the request's `Host`), any
/// origin the operator lists (`--allow-origin`), or every origin (`--allow-origin '*'`).
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim().trim_end_matches('/');
    if allowed
        .iter()
        .any(|a| a == "*" || a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let Some((_, host)) = origin.split_once("://") else {
        return false; // `null` (a sandboxed page, a file) and the like
    };
    headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|h| h.trim().eq_ignore_ascii_case(host))
}

/// `GET /api/matches/{id}/ws`.
pub(crate) async fn upgrade(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if !origin_allowed(&headers, &app.hub.opts.allowed_origins) {
        return ServerError::Forbidden(
            "WebSocket connections from pages of another site are refused; open the game from \
             this server's own address (the operator may allow other sites with --allow-origin)"
                .into(),
        )
        .into_response();
    }
    let ws = match ws {
        Ok(ws) => ws,
        Err(e) => {
            return ServerError::BadRequest(format!(
                "this endpoint speaks WebSocket only ({})",
                e.body_text()
            ))
            .into_response();
        }
    };
    let limits = app.hub.opts.limits;
    // The transport refuses frames beyond the hard cap (closing with 1009); messages between the
    // soft limit and the hard cap get an error reply and the connection stays up.
    let hard = limits.max_ws_message.saturating_mul(4).max(64 * 1024);
    let hub = app.hub.clone();
    // A small read buffer: the transport zero-fills its whole free capacity before every read
    // of the socket (128 KiB by default), which was the biggest single CPU cost per move under
    // load; client messages are small, and a larger one just takes more reads.
    ws.max_message_size(hard)
        .max_frame_size(hard)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| connection(hub, id, socket))
        .into_response()
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ClientMsg {
    Hello {
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        from: Option<usize>,
        /// `"per_viewer"`: the client keeps one log per viewer, so a hotseat hand-over sends
        /// only what the new viewer's log lacks (without it, the whole log again).
        #[serde(default)]
        logs: Option<String>,
    },
    Act {
        version: u64,
        action: Value,
        #[serde(default)]
        seat: Option<Seat>,
    },
    Undo {
        #[serde(default)]
        version: Option<u64>,
    },
    Resume {
        from: usize,
    },
    Ping,
}

/// Parses one client text message: the message, and its correlation `id` if it has one (also
/// on failure, so the refusal can quote it).
fn parse_client_msg(
    text: &str,
) -> Result<(ClientMsg, Option<Value>), (ServerError, Option<Value>)> {
    let value: Value = crate::json::parse_object(text.as_bytes())
        .map_err(|e| (ServerError::Malformed(format!("not JSON: {e}")), None))?;
    let corr = value.get("id").cloned();
    match serde_json::from_value(value) {
        Ok(m) => Ok((m, corr)),
        Err(e) => Err((
            ServerError::Malformed(format!(
                "{e}; messages are hello, act, undo, resume and ping"
            )),
            corr,
        )),
    }
}

/// Parses a WebSocket client message exactly as a connection does, without a connection: the
/// action JSON of an `act` message (for the caller to try on a session), or the refusal the
/// client would get. For the fuzz targets in `fuzz/`.
///
/// # Errors
/// [`ServerError::Malformed`] for text that is not JSON or not a client message.
#[doc(hidden)]
pub fn parse_client_message(text: &str) -> Result<Option<Value>, ServerError> {
    match parse_client_msg(text) {
        Ok((ClientMsg::Act { action, .. }, _)) => Ok(Some(action)),
        Ok(_) => Ok(None),
        Err((e, _)) => Err(e),
    }
}

/// A token bucket: `burst` messages at once, refilled at `per_sec`.
struct Bucket {
    tokens: f64,
    last: Instant,
    per_sec: f64,
    burst: f64,
}

impl Bucket {
    fn new(per_sec: u32, burst: u32) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            last: Instant::now(),
            per_sec: f64::from(per_sec),
            burst: f64::from(burst),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.per_sec).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Conn {
    hub: Arc<Hub>,
    m: Arc<LiveMatch>,
    who: Option<Who>,
    sent_viewer: Option<Viewer>,
    sent_log: usize,
    /// The client keeps a log per viewer (`hello` with `logs: "per_viewer"`).
    per_viewer: bool,
    /// How much of each viewer's log the client holds (hotseat: each seat that was on move).
    viewer_logs: Vec<(Viewer, usize)>,
    /// The match's undo count when the last `state` was sent: an undo since may have changed
    /// entries the client holds, so its logs are sent again from the start.
    undos_seen: Option<u64>,
    bucket: Bucket,
    refused_in_a_row: u32,
}

/// What the loop should do after a message.
enum Next {
    Continue,
    Close(u16, &'static str),
}

async fn connection(hub: Arc<Hub>, id: String, mut socket: WebSocket) {
    let m = match hub.get(&id).await {
        Ok(m) => m,
        Err(e) => {
            let code = if matches!(e, ServerError::UnknownMatch(_)) {
                CLOSE_UNKNOWN_MATCH
            } else {
                1011
            };
            let _ = send_json(&mut socket, &e.to_json()).await;
            let _ = close(&mut socket, code, "no such match").await;
            return;
        }
    };
    let limits = hub.opts.limits;
    // A socket that never says hello, or goes quiet, must not hold its connection forever.
    let hello_deadline = tokio::time::sleep(limits.ws_hello_timeout);
    tokio::pin!(hello_deadline);
    let idle = tokio::time::sleep(limits.ws_idle_timeout);
    tokio::pin!(idle);
    let mut changes = m.changed.subscribe();
    let mut shutdown = hub.shutdown.clone();
    let mut conn = Conn {
        hub,
        m,
        who: None,
        sent_viewer: None,
        sent_log: 0,
        per_viewer: false,
        viewer_logs: Vec::new(),
        undos_seen: None,
        bucket: Bucket::new(limits.ws_rate_per_sec, limits.ws_burst),
        refused_in_a_row: 0,
    };
    loop {
        tokio::select! {
            msg = socket.recv() => {
                idle.as_mut().reset(tokio::time::Instant::now() + limits.ws_idle_timeout);
                let next = match msg {
                    None | Some(Ok(Message::Close(_))) => break,
                    Some(Err(e)) => {
                        // Say why before dropping the connection: a frame or message over the
                        // transport's cap (1009), a frame that breaks the protocol (1002), text
                        // that is not UTF-8 (1007).
                        if let Some((code, why)) = close_reason(e) {
                            let _ = close(&mut socket, code, why).await;
                        }
                        break;
                    }
                    Some(Ok(Message::Text(text))) => conn.on_message(&mut socket, text.as_str()).await,
                    Some(Ok(Message::Binary(b))) => {
                        conn.on_refusal(&mut socket, b.len(), ServerError::Malformed(
                            "binary messages are not part of the protocol; send JSON text".into(),
                        ), None).await
                    }
                    Some(Ok(_)) => Next::Continue, // ping/pong: answered by the transport
                };
                if let Next::Close(code, why) = next {
                    let _ = close(&mut socket, code, why).await;
                    break;
                }
            }
            change = changes.recv() => {
                match change {
                    Ok(()) | Err(RecvError::Lagged(_)) => {
                        // Several changes may be queued: one message with the latest state will do.
                        while changes.try_recv().is_ok() {}
                        if conn.who.is_some() && !conn.send_state(&mut socket).await {
                            break;
                        }
                    }
                    Err(RecvError::Closed) => break,
                }
            }
            () = &mut hello_deadline, if conn.who.is_none() => {
                let _ = send_json(&mut socket, &ServerError::Timeout(format!(
                    "no `hello` within {} ms of connecting", limits.ws_hello_timeout.as_millis()
                )).to_json()).await;
                let _ = close(&mut socket, CLOSE_POLICY, "no hello in time").await;
                break;
            }
            () = &mut idle => {
                let _ = close(&mut socket, CLOSE_GOING_AWAY, "idle for too long").await;
                break;
            }
            () = stopped(&mut shutdown) => {
                let _ = close(&mut socket, CLOSE_GOING_AWAY, "server shutting down").await;
                break;
            }
        }
    }
}

impl Conn {
    async fn on_message(&mut self, socket: &mut WebSocket, text: &str) -> Next {
        let limits = self.hub.opts.limits;
        if text.len() > limits.max_ws_message {
            let e = ServerError::TooLarge {
                size: text.len(),
                limit: limits.max_ws_message,
            };
            return self.on_refusal(socket, text.len(), e, None).await;
        }
        if !self.bucket.take() {
            let e = ServerError::RateLimited {
                per_sec: limits.ws_rate_per_sec,
                burst: limits.ws_burst,
            };
            return self.on_refusal(socket, text.len(), e, None).await;
        }
        let (msg, corr) = match parse_client_msg(text) {
            Ok(parsed) => parsed,
            Err((e, corr)) => return self.on_refusal(socket, text.len(), e, corr).await,
        };
        self.refused_in_a_row = 0;
        let result = self.handle(socket, msg, corr.clone()).await;
        match result {
            Ok(true) => Next::Continue,
            Ok(false) => Next::Close(1011, "send failed"),
            Err(e) => {
                if send_json(socket, &with_id(e.to_json(), corr)).await {
                    Next::Continue
                } else {
                    Next::Close(1011, "send failed")
                }
            }
        }
    }

    /// Answers a refused message with an error; too many refusals in a row close the connection.
    async fn on_refusal(
        &mut self,
        socket: &mut WebSocket,
        size: usize,
        e: ServerError,
        corr: Option<Value>,
    ) -> Next {
        self.refused_in_a_row += 1;
        if self.refused_in_a_row > self.hub.opts.limits.ws_max_refusals {
            let _ = send_json(socket, &e.to_json()).await;
            return Next::Close(CLOSE_POLICY, "too many refused messages");
        }
        if size > self.hub.opts.limits.max_ws_message.saturating_mul(4) {
            return Next::Close(CLOSE_TOO_BIG, "message too large");
        }
        if send_json(socket, &with_id(e.to_json(), corr)).await {
            Next::Continue
        } else {
            Next::Close(1011, "send failed")
        }
    }

    /// Handles one well-formed message. `Ok(false)`: the socket failed.
    async fn handle(
        &mut self,
        socket: &mut WebSocket,
        msg: ClientMsg,
        corr: Option<Value>,
    ) -> Result<bool, ServerError> {
        match msg {
            ClientMsg::Hello { token, from, logs } => {
                let who = self.hub.authenticate(&self.m, token.as_deref()).await?;
                let hello = json!(crate::wire::WelcomeMessage {
                    kind: "welcome",
                    match_id: self.m.id.clone(),
                    game: self.m.game.info().short_name,
                    seats: who.seats.clone(),
                    role: if who.is_spectator() {
                        "spectator"
                    } else {
                        "player"
                    },
                });
                self.who = Some(who);
                self.sent_viewer = None;
                self.sent_log = from.unwrap_or(0);
                self.per_viewer = logs.as_deref() == Some("per_viewer");
                self.viewer_logs.clear();
                self.undos_seen = None;
                Ok(send_json(socket, &with_id(hello, corr)).await && self.send_state(socket).await)
            }
            ClientMsg::Act {
                version,
                action,
                seat,
            } => {
                let who = self.who.as_ref().ok_or_else(hello_first)?;
                let rev = self.hub.act(&self.m, who, seat, version, &action).await?;
                let ack = json!(crate::wire::AckMessage {
                    kind: "ack",
                    of: "act",
                    version: rev
                });
                Ok(send_json(socket, &with_id(ack, corr)).await)
            }
            ClientMsg::Undo { version } => {
                let who = self.who.as_ref().ok_or_else(hello_first)?;
                let rev = self.hub.undo(&self.m, who, version).await?;
                let ack = json!(crate::wire::AckMessage {
                    kind: "ack",
                    of: "undo",
                    version: rev
                });
                Ok(send_json(socket, &with_id(ack, corr)).await)
            }
            ClientMsg::Resume { from } => {
                if self.who.is_none() {
                    return Err(hello_first());
                }
                self.sent_log = from;
                // Only the log position changes: keep the viewer, so the log is not resent whole.
                Ok(self.send_state(socket).await)
            }
            ClientMsg::Ping => {
                let pong = json!(crate::wire::PongMessage { kind: "pong" });
                Ok(send_json(socket, &with_id(pong, corr)).await)
            }
        }
    }

    /// Sends this connection's `state`, with the log from where the client's copy ends.
    async fn send_state(&mut self, socket: &mut WebSocket) -> bool {
        let Some(who) = self.who.as_ref() else {
            return true;
        };
        let msg = {
            let st = self.m.st.read().await;
            let viewer = viewer_of(&st, who);
            let undone = self.undos_seen.is_some_and(|u| u != st.undos);
            self.undos_seen = Some(st.undos);
            if undone {
                self.viewer_logs.clear();
            }
            let from = if self.sent_viewer.is_some() && self.sent_viewer != Some(viewer) {
                // A hotseat device changed hands: the other seat's view of the log. A client
                // that keeps one log per viewer gets only what that seat's log lacks; another
                // gets it whole.
                if self.per_viewer {
                    self.viewer_logs
                        .iter()
                        .find(|(v, _)| *v == viewer)
                        .map_or(0, |(_, n)| *n)
                } else {
                    0
                }
            } else if undone {
                0 // entries the client holds may have been taken back and replaced
            } else {
                self.sent_log
            };
            let (msg, viewer, len) = state_message(&self.m, &st, who, from);
            self.sent_viewer = Some(viewer);
            self.sent_log = len;
            match self.viewer_logs.iter_mut().find(|(v, _)| *v == viewer) {
                Some(entry) => entry.1 = len,
                None => self.viewer_logs.push((viewer, len)),
            }
            msg
        };
        send_json(socket, &msg).await
    }
}

/// The close frame that answers a receive error, if the connection can still carry one: the
/// transport refusing a frame or message over its size cap, a protocol violation, or a text
/// message that is not UTF-8.
fn close_reason(e: axum::Error) -> Option<(u16, &'static str)> {
    let inner = e.into_inner();
    match inner.downcast_ref::<tungstenite::Error>()? {
        tungstenite::Error::Capacity(_) => Some((CLOSE_TOO_BIG, "message too large")),
        tungstenite::Error::Protocol(p) => {
            use tungstenite::error::ProtocolError as P;
            match p {
                P::ResetWithoutClosingHandshake | P::SendAfterClosing => None,
                _ => Some((CLOSE_PROTOCOL, "protocol error")),
            }
        }
        tungstenite::Error::Utf8(_) => Some((CLOSE_BAD_DATA, "text message is not UTF-8")),
        _ => None,
    }
}

/// Resolves once the server is shutting down.
async fn stopped(rx: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = rx.wait_for(|stop| *stop).await;
}

fn hello_first() -> ServerError {
    ServerError::BadRequest("send `hello` (with your seat token, or none to spectate) first".into())
}

fn with_id(mut v: Value, corr: Option<Value>) -> Value {
    if let Some(id) = corr {
        v["id"] = id;
    }
    v
}

async fn send_json(socket: &mut WebSocket, v: &Value) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(v.to_string())))
        .await
        .is_ok()
}

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) -> Result<(), axum::Error> {
    socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse_as_a_connection_reads_them() {
        let act = parse_client_message(r#"{"type":"act","version":0,"action":{"drop":3}}"#);
        assert_eq!(act.unwrap(), Some(json!({ "drop": 3 })));
        assert_eq!(parse_client_message(r#"{"type":"ping"}"#).unwrap(), None);
        assert!(matches!(
            parse_client_message("{"),
            Err(ServerError::Malformed(m)) if m.starts_with("not JSON")
        ));
        let Err((e, corr)) = parse_client_msg(r#"{"type":"shout","id":9}"#) else {
            panic!("`shout` is not a message");
        };
        assert_eq!(corr, Some(json!(9)), "the refusal quotes the message id");
        assert!(
            e.to_string()
                .contains("messages are hello, act, undo, resume and ping")
        );
    }
}
