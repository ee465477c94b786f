//! The browser client: every file of the repository's `web/` folder, embedded at build time by
//! `build.rs`. `/` serves `index.html`; paths without a file extension that match no file (e.g.
//! `/play/<id>`) also serve `index.html`, so the client can route by URL.

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The embedded file at `path` (relative to `web/`).
pub fn file(path: &str) -> Option<&'static [u8]> {
    WEB_FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| *bytes)
}

/// The paths of all embedded files.
pub fn paths() -> impl Iterator<Item = &'static str> {
    WEB_FILES.iter().map(|(p, _)| *p)
}

fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "wasm" => "application/wasm",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The fallback handler: unknown `/api/…` paths get a JSON 404, everything else is a file.
pub(crate) async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path == "api" || path.starts_with("api/") {
        let body = serde_json::json!({
            "type": "error",
            "code": "unknown_route",
            "message": format!("no API route `/{path}`; see /api/openapi.json"),
        });
        return (StatusCode::NOT_FOUND, axum::Json(body)).into_response();
    }
    let wanted = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_owned()
    };
    let (name, bytes) = match file(&wanted) {
        Some(b) => (wanted.as_str(), b),
        None => {
            let last = wanted.rsplit('/').next().unwrap_or("");
            match file("index.html") {
                Some(b) if !last.contains('.') => ("index.html", b),
                _ => {
                    return (
                        StatusCode::NOT_FOUND,
                        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                        format!("no file `/{path}`"),
                    )
                        .into_response();
                }
            }
        }
    };
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(name)),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}
