//! Page weight: the browser client's files and the JSON answers travel compressed when the
//! browser accepts gzip, the files carry ETags and a revisit is answered `304 Not Modified`
//! with no body (so is the list of games the lobby reads), and the versioned URLs `index.html`
//! loads (`/v/<build>/…`) are cached for good.

use crate::common::*;
use serde_json::json;

const GZIP: (&str, &str) = ("Accept-Encoding", "gzip");

fn is_gzip(r: &Resp) -> bool {
    r.header("content-encoding") == Some("gzip") && r.raw.starts_with(&[0x1f, 0x8b])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_and_json_are_gzipped_for_a_browser_that_accepts_it() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let plain = get(a, "/app.js").await;
    assert_eq!(plain.status, 200);
    assert_eq!(
        plain.header("content-encoding"),
        None,
        "no Accept-Encoding, no compression"
    );
    for path in ["/app.js", "/style.css", "/", "/api/games"] {
        let r = get_with(a, path, &[GZIP]).await;
        assert_eq!(r.status, 200, "{path}");
        assert!(is_gzip(&r), "{path} is gzipped: {:?}", r.headers);
        let full = get(a, path).await;
        // At least halved, but for the page itself (a kilobyte, mostly markup gzip keeps).
        let factor = if path == "/" { 1 } else { 2 };
        assert!(
            r.raw.len() * factor < full.raw.len(),
            "{path}: {} bytes gzipped against {} plain",
            r.raw.len(),
            full.raw.len()
        );
    }
    // A match's state, the largest JSON a player fetches.
    let (id, _) = create(a, json!({ "game": "grid-battles" })).await;
    let r = get_with(a, &format!("/api/matches/{id}/state"), &[GZIP]).await;
    assert_eq!(r.status, 200);
    assert!(is_gzip(&r), "the state is gzipped");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revisit_with_the_etag_gets_304_and_no_body() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    for path in [
        "/",
        "/app.js",
        "/views/grid-battles/view.js",
        "/play/0123456789abcdef",
        "/api/games",
    ] {
        let first = get_with(a, path, &[GZIP]).await;
        assert_eq!(first.status, 200, "{path}");
        let etag = first
            .header("etag")
            .unwrap_or_else(|| panic!("{path} has an ETag"));
        let again = get_with(a, path, &[GZIP, ("If-None-Match", etag)]).await;
        assert_eq!(again.status, 304, "{path} revisited");
        assert!(again.raw.is_empty(), "{path}: a 304 has no body");
        assert_eq!(again.header("etag"), Some(etag), "{path}");
        // A weak form of the same tag, as some proxies send it back, also matches.
        let weak = format!("W/{etag}");
        let r = get_with(a, path, &[("If-None-Match", weak.as_str())]).await;
        assert_eq!(r.status, 304, "{path} with a weak tag");
        // Another tag gets the file.
        let r = get_with(a, path, &[("If-None-Match", "\"stale\"")]).await;
        assert_eq!(r.status, 200, "{path} with a stale tag");
    }
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_loads_the_client_from_versioned_urls_cached_for_good() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let page = get(a, "/").await;
    assert_eq!(
        page.header("cache-control"),
        Some("no-cache"),
        "the page is revalidated"
    );
    let html = String::from_utf8_lossy(&page.raw).into_owned();
    let start = html.find("src=\"/v/").expect("the script is versioned") + "src=\"".len();
    let src = &html[start..start + html[start..].find('"').unwrap()];
    assert!(src.ends_with("/app.js"), "{src}");
    let prefix = &src[..src.len() - "app.js".len()];
    assert!(
        html.contains(&format!("href=\"{prefix}style.css\"")),
        "the stylesheet too"
    );
    for file in ["app.js", "style.css", "views/connect-four/view.js"] {
        let r = get(a, &format!("{prefix}{file}")).await;
        assert_eq!(r.status, 200, "{prefix}{file}");
        assert_eq!(
            r.header("cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{prefix}{file}"
        );
        assert_eq!(
            r.raw,
            get(a, &format!("/{file}")).await.raw,
            "the same bytes"
        );
    }
    // The unversioned path and an old build are revalidated, not cached for good.
    assert_eq!(
        get(a, "/app.js").await.header("cache-control"),
        Some("no-cache")
    );
    let old = get(a, "/v/000000000000/app.js").await;
    assert_eq!(old.status, 200);
    assert_eq!(old.header("cache-control"), Some("no-cache"));
    t.stop().await;
}
