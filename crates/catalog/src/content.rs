//! Where content files come from.
//!
//! # Why look on disk first
//! Designers edit `content/<game>/` and expect the next run to use their edits without
//! rebuilding. So content is read from a directory when there is one (`--content DIR`, the
//! `GRIDWRIGHT_CONTENT` variable, or `./content` under the working directory); the copies
//! embedded in the binary are the fallback that lets `gridwright` run from anywhere.

use std::path::{Path, PathBuf};

/// A content root: a directory holding `<game>/` folders, or the embedded copies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContentSource {
    /// The files embedded at build time.
    Builtin,
    /// A directory with one folder per game.
    Dir(PathBuf),
}

impl ContentSource {
    /// `explicit` if given, else `$GRIDWRIGHT_CONTENT`, else `./content` if it exists, else the
    /// embedded files.
    pub fn discover(explicit: Option<&Path>) -> ContentSource {
        if let Some(p) = explicit {
            return ContentSource::Dir(p.to_path_buf());
        }
        if let Some(p) = std::env::var_os("GRIDWRIGHT_CONTENT") {
            return ContentSource::Dir(PathBuf::from(p));
        }
        let local = PathBuf::from("content");
        if local.is_dir() {
            return ContentSource::Dir(local);
        }
        ContentSource::Builtin
    }

    /// The folder of one game, if reading from disk and it exists.
    pub fn game_dir(&self, game: &str) -> Option<PathBuf> {
        match self {
            ContentSource::Builtin => None,
            ContentSource::Dir(d) => Some(d.join(game)).filter(|p| p.is_dir()),
        }
    }
}

impl std::fmt::Display for ContentSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ContentSource::Builtin => f.write_str("built-in content"),
            ContentSource::Dir(d) => write!(f, "{}", d.display()),
        }
    }
}
