//! Embeds every file under the repository's `web/` folder (except `e2e/`, `node_modules/`,
//! `types/` and `tsconfig.json`, which only the tests read)
//! into the server binary, so that `gridwright serve` needs no separate build step and no files
//! next to the binary.
//!
//! Generates `$OUT_DIR/web_assets.rs` with `WEB_FILES: &[(&str, &[u8])]`, one
//! `include_bytes!` per file, sorted by path. Cargo re-runs this script whenever anything under
//! `web/` changes (a directory given to `rerun-if-changed` is scanned recursively).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let web = manifest.join("../../web");
    println!("cargo:rerun-if-changed={}", web.display());
    println!("cargo:rerun-if-changed=build.rs");

    let mut files = Vec::new();
    if web.is_dir() {
        collect(&web, &web, &mut files);
    }
    files.sort();

    let mut out = String::from(
        "/// Files under `web/`, embedded at build time: (path relative to `web/`, bytes).\n\
         pub static WEB_FILES: &[(&str, &[u8])] = &[\n",
    );
    for (rel, abs) in &files {
        let _ = writeln!(out, "    ({rel:?}, include_bytes!({abs:?})),");
    }
    out.push_str("];\n");

    let dest = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("web_assets.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        panic!("cannot write {}: {e}", dest.display());
    }
}

/// Collects regular files below `dir`, skipping hidden ones (`.DS_Store`, editor swap files).
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name.ends_with('~') || name == "tsconfig.json" {
            continue;
        }
        if path.is_dir() {
            // The browser never loads the client's own tests or installed packages.
            // Nor the TypeScript declarations, which only `tsc` reads.
            if name == "e2e" || name == "node_modules" || name == "types" {
                continue;
            }
            collect(root, &path, files);
        } else if path.is_file() {
            let Ok(rel) = path.strip_prefix(root) else {
                continue;
            };
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let abs = path
                .canonicalize()
                .unwrap_or_else(|_| path.clone())
                .to_string_lossy()
                .into_owned();
            files.push((rel, abs));
        }
    }
}
