//! Middleware every request passes: the request body must arrive in time and within the size
//! limit.

use crate::Limits;
use crate::error::ServerError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt as _;

/// Reads the whole request body before the handler runs: at most `max_body` bytes, all of it
/// within `body_timeout` (a body trickled slowly gets `408` and the connection is closed, so it
/// cannot hold a connection and a handler for as long as it likes).
pub(crate) async fn read_body(State(limits): State<Limits>, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
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
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// Asks hyper to close the connection after this response (its request was not read whole).
fn closing(mut res: Response) -> Response {
    res.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}
