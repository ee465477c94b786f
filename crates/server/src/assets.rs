//! The browser client: every file of the repository's `web/` folder, embedded at build time by
//! `build.rs`. `/` serves `index.html`; paths without a file extension that match no file (e.g.
//! `/play/<id>`) also serve `index.html`, so the client can route by URL.
//!
//! # Caching
//! Every file has an ETag (a hash of its bytes); a request whose `If-None-Match` names it is
//! answered `304 Not Modified` with no body. `index.html` loads the client from
//! `/v/<build>/…`, where `<build>` is a hash of every embedded file: those URLs never change
//! meaning, so they are cached for a year (`immutable`) and a revisit fetches none of them; any
//! change to any file gives a new `<build>`, hence new URLs. The modules' relative imports
//! resolve under the same prefix, so no file but `index.html` is rewritten. Unprefixed paths
//! (`/app.js`) and an old `<build>` still work, revalidated on every use (`no-cache`).
//! Compression (gzip) is a layer over the whole application (see [`crate::app`]).

use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

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

/// The URL prefix under which the files are cached for good: `/v/<build>/`.
pub const VERSIONED: &str = "v/";

/// How long a versioned file may be cached: a year, the longest browsers honour.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The embedded files with their ETags, the build hash and the rewritten `index.html`.
struct Catalog {
    build: String,
    etags: Vec<HeaderValue>,
    index: Option<(Vec<u8>, HeaderValue)>,
}

fn hex(bytes: &[u8], n: usize) -> String {
    bytes.iter().take(n).map(|b| format!("{b:02x}")).collect()
}

fn etag_of(bytes: &[u8]) -> HeaderValue {
    let tag = format!("\"{}\"", hex(&Sha256::digest(bytes), 12));
    HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"0\""))
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut all = Sha256::new();
        for (p, bytes) in WEB_FILES {
            all.update(p.as_bytes());
            all.update([0]);
            all.update(Sha256::digest(bytes));
        }
        let build = hex(&all.finalize(), 6);
        let etags = WEB_FILES.iter().map(|(_, b)| etag_of(b)).collect();
        let index = file("index.html").map(|b| {
            let text = String::from_utf8_lossy(b);
            let prefixed = format!("\"/{VERSIONED}{build}/");
            let text = text
                .replace("\"/style.css\"", &format!("{prefixed}style.css\""))
                .replace("\"/app.js\"", &format!("{prefixed}app.js\""));
            let bytes = text.into_bytes();
            let tag = etag_of(&bytes);
            (bytes, tag)
        });
        Catalog {
            build,
            etags,
            index,
        }
    })
}

/// The build hash in versioned URLs (`/v/<build>/app.js`).
pub fn build_id() -> &'static str {
    &catalog().build
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

/// Whether `If-None-Match` names `etag` (or is `*`); weak and strong forms compare equal.
fn not_modified(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(want) = etag.to_str().ok() else {
        return false;
    };
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == want || t == "*")
}

/// A JSON answer with an ETag (of its bytes), revalidated on every use (`no-cache`): a request
/// that names the tag gets `304` and no body. For answers that rarely change, such as the list of
/// games the lobby reads on every visit.
pub(crate) fn revalidated_json(headers: &HeaderMap, value: &serde_json::Value) -> Response {
    let bytes = serde_json::to_vec(value).unwrap_or_default();
    let etag = etag_of(&bytes);
    let mut res = if not_modified(headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            bytes,
        )
            .into_response()
    };
    let h = res.headers_mut();
    h.insert(header::ETAG, etag);
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// A JSON answer that never changes for its URL (a match's reference data): an ETag of its
/// bytes and a year's cache (`immutable`), so a client fetches it once; a request naming the tag
/// gets `304` and no body.
pub(crate) fn immutable_json(headers: &HeaderMap, bytes: &[u8]) -> Response {
    let etag = etag_of(bytes);
    let mut res = if not_modified(headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            bytes.to_vec(),
        )
            .into_response()
    };
    let h = res.headers_mut();
    h.insert(header::ETAG, etag);
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(IMMUTABLE_PUBLIC),
    );
    res
}

/// How long an answer that never changes for its URL may be cached.
const IMMUTABLE_PUBLIC: &str = "public, max-age=31536000, immutable";

/// The embedded file (or the routed `index.html`) for `path`, with its ETag.
fn lookup(path: &str) -> Option<(&'static str, &'static [u8], HeaderValue)> {
    let c = catalog();
    if path == "index.html"
        && let Some((bytes, tag)) = &c.index
    {
        return Some(("index.html", bytes.as_slice(), tag.clone()));
    }
    WEB_FILES
        .iter()
        .zip(&c.etags)
        .find(|((p, _), _)| *p == path)
        .map(|((p, b), t)| (*p, *b, t.clone()))
}

/// The fallback handler: unknown `/api/…` paths get a JSON 404, everything else is a file.
pub(crate) async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path == "api" || path.starts_with("api/") {
        let body = serde_json::json!({
            "type": "error",
            "code": "unknown_route",
            "message": format!("no API route `/{path}`; see /api/openapi.json"),
        });
        return (StatusCode::NOT_FOUND, axum::Json(body)).into_response();
    }
    // `/v/<build>/<file>`: the file, cached for good if `<build>` is this one.
    let (path, immutable) = match path
        .strip_prefix(VERSIONED)
        .and_then(|rest| rest.split_once('/'))
    {
        Some((build, rest)) => (rest, build == build_id()),
        None => (path, false),
    };
    let wanted = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_owned()
    };
    let found = lookup(&wanted).or_else(|| {
        let last = wanted.rsplit('/').next().unwrap_or("");
        if last.contains('.') {
            None
        } else {
            lookup("index.html")
        }
    });
    let Some((name, bytes, etag)) = found else {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("no file `/{path}`"),
        )
            .into_response();
    };
    // The page itself is always revalidated: it names the build.
    let immutable = immutable && name != "index.html";
    let cache = HeaderValue::from_static(if immutable { IMMUTABLE } else { "no-cache" });
    let mut res = if not_modified(&headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut res = (StatusCode::OK, bytes).into_response();
        res.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(name)),
        );
        res
    };
    let h = res.headers_mut();
    h.insert(header::ETAG, etag);
    h.insert(header::CACHE_CONTROL, cache);
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}
