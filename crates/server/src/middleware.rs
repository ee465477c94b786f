//! Middleware every request passes: API requests are rate-limited per client address, the
//! request body must arrive in time and within the size limit, JSON routes take only JSON, and
//! every response carries the security headers.

use crate::Limits;
use crate::error::ServerError;
use crate::hub::Hub;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// Takes one token from the client address's bucket for every request under `/api/` (the
/// WebSocket upgrade included); an empty bucket is answered `429` `rate_limited` with
/// `Retry-After`, before the request is read any further. The embedded web client's files are
/// not counted. Without connection info (the router served some other way) every client shares
/// one bucket.
pub(crate) async fn rate_limit(State(hub): State<Arc<Hub>>, req: Request, next: Next) -> Response {
    if req.uri().path().starts_with("/api/") {
        let client = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
        if let Err(retry_after) = hub.http_limiter.take(client) {
            let limits = hub.opts.limits;
            let e = ServerError::HttpRateLimited {
                per_sec: limits.http_rate_per_sec,
                burst: limits.http_burst,
                retry_after,
            };
            // The body (if any) is not read: close rather than leave it in the connection.
            return closing(e.into_response());
        }
    }
    next.run(req).await
}

/// Reads the whole request body before the handler runs: at most `max_body` bytes, all of it
/// within `body_timeout` (a body trickled slowly gets `408` and the connection is closed, so it
/// cannot hold a connection and a handler for as long as it likes).
pub(crate) async fn read_body(State(limits): State<Limits>, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    // JSON routes take JSON only: a cross-site HTML form can post `text/plain`,
    // `application/x-www-form-urlencoded` or `multipart/form-data`, never `application/json`.
    let json_route = parts.uri.path().starts_with("/api/") && parts.method != Method::GET;
    let declared_type = parts.headers.get(header::CONTENT_TYPE);
    if json_route
        && let Some(t) = declared_type
        && !is_json(t)
    {
        return closing(unsupported(t.to_str().unwrap_or("(not text)")).into_response());
    }
    let too_large = || ServerError::TooLarge {
        size: limits.max_body + 1,
        limit: limits.max_body,
    };
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if let Some(n) = declared
        && n > limits.max_body
    {
        let e = ServerError::TooLarge {
            size: n,
            limit: limits.max_body,
        };
        return closing(e.into_response());
    }
    let read = async {
        let mut stream = body.into_data_stream();
        let mut buf: Vec<u8> = Vec::new();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| ServerError::Malformed(format!("request body: {e}")))?;
            if buf.len() + chunk.len() > limits.max_body {
                return Err(too_large());
            }
            buf.extend_from_slice(&chunk);
        }
        Ok(buf)
    };
    let bytes = match tokio::time::timeout(limits.body_timeout, read).await {
        Ok(Ok(b)) => b,
        Ok(Err(e)) => return closing(e.into_response()),
        Err(_) => {
            let e = ServerError::Timeout(format!(
                "the request body did not arrive within {} ms",
                limits.body_timeout.as_millis()
            ));
            return closing(e.into_response());
        }
    };
    if json_route && declared_type.is_none() && !bytes.iter().all(u8::is_ascii_whitespace) {
        return unsupported("(none)").into_response();
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// `application/json`, with or without parameters such as `charset`.
fn is_json(v: &HeaderValue) -> bool {
    v.to_str().is_ok_and(|t| {
        let essence = t.split(';').next().unwrap_or("").trim();
        essence.eq_ignore_ascii_case("application/json")
    })
}

fn unsupported(got: &str) -> ServerError {
    ServerError::UnsupportedMediaType(format!(
        "this route takes `Content-Type: application/json`, not `{}`",
        got.chars().take(60).collect::<String>()
    ))
}

/// The Content-Security-Policy of every response: scripts, styles and connections from this
/// origin only (no inline script, style attribute or `eval`), images also as `data:` (the
/// page's empty favicon), no plugins, no `<base>`, forms post only here, and no framing.
pub(crate) const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Adds the security headers to every response (pages, files, API, errors).
pub(crate) async fn security_headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    set_security_headers(res.headers_mut());
    res
}

fn set_security_headers(h: &mut HeaderMap) {
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

/// Asks hyper to close the connection after this response (its request was not read whole).
fn closing(mut res: Response) -> Response {
    res.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}
