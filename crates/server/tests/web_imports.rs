//! The embedded browser client is whole: every module a `.js` file imports (statically with
//! `from '…'` or on demand with `import('…')`) resolves to an embedded file. Moving a view
//! without fixing an import path fails here, before any browser runs.

/// The relative module specifiers in `source`.
fn specifiers(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for marker in ["from '", "from \"", "import('", "import(\""] {
        let quote = marker.chars().last().unwrap_or('\'');
        let mut rest = source;
        while let Some(i) = rest.find(marker) {
            rest = &rest[i + marker.len()..];
            if let Some(end) = rest.find(quote) {
                let spec = &rest[..end];
                if spec.starts_with("./") || spec.starts_with("../") {
                    out.push(spec.to_owned());
                }
            }
        }
    }
    out
}

/// `spec` relative to the file at `from` (both relative to `web/`), or `None` if it climbs out.
fn resolve(from: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for seg in spec.split('/') {
        match seg {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

#[test]
fn every_relative_import_of_the_browser_client_is_embedded() {
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let files: Vec<&str> = gridwright_server::web_files().collect();
    let mut checked = 0;
    for f in files.iter().filter(|f| f.ends_with(".js")) {
        let source = std::fs::read_to_string(web.join(f)).unwrap();
        for spec in specifiers(&source) {
            let target = resolve(f, &spec);
            // JSDoc type imports (`@typedef {import('../types/…').X}`) name the declarations
            // tsc reads, which the browser never loads and the server does not embed.
            if target.as_deref().is_some_and(|t| t.starts_with("types/")) {
                continue;
            }
            assert!(
                target.as_deref().is_some_and(|t| files.contains(&t)),
                "{f} imports {spec}, which is not an embedded file ({target:?})"
            );
            checked += 1;
        }
    }
    // Each game's view folder is reached from views/index.js.
    for game in ["grid-battles", "command-core", "connect-four"] {
        assert!(
            files.contains(&format!("views/{game}/view.js").as_str()),
            "views/{game}/view.js is embedded"
        );
    }
    assert!(checked > 20, "only {checked} imports found");
}

#[test]
fn resolving_follows_dot_segments() {
    assert_eq!(
        resolve("views/grid-battles/view.js", "../../dom.js").as_deref(),
        Some("dom.js")
    );
    assert_eq!(
        resolve("views/index.js", "./command-core/view.js").as_deref(),
        Some("views/command-core/view.js")
    );
    assert_eq!(resolve("app.js", "../x.js"), None);
    assert_eq!(
        specifiers("import { a } from './a.js';\nconst b = () => import('../b.js');"),
        ["./a.js", "../b.js"]
    );
}
