//! Where content files come from.
//!
//! # Why look on disk first
//! Designers edit `content/<game>/` and expect the next run to use their edits without
//! rebuilding. So content is read from a directory when there is one (`--content DIR`, the
//! `GRIDWRIGHT_CONTENT` variable, or `./content` under the working directory); the copies
//! embedded in the binary are the fallback that lets `gridwright` run from anywhere.
//!
//! # Why an explicit directory never falls back
//! A directory someone named (`--content`, `$GRIDWRIGHT_CONTENT`) that is missing, is a file, or
//! lacks the game's folder is a mistake to report, not a reason to quietly play the built-in
//! scenarios instead of the ones being edited. Only the implicit `./content` falls back.

use crate::{CatalogError, ContentDirProblem};
use gridwright_engine::content::ContentError;
use std::path::{Path, PathBuf};

fn dir_error(dir: &Path, from: &'static str, problem: ContentDirProblem) -> CatalogError {
    CatalogError::ContentDir {
        dir: dir.to_path_buf(),
        from,
        problem,
    }
}

/// A content root: a directory holding `<game>/` folders, or the embedded copies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContentSource {
    /// The files embedded at build time.
    Builtin,
    /// A directory with one folder per game, found implicitly (`./content`); a game without a
    /// folder there uses its embedded files.
    Dir(PathBuf),
    /// A directory someone named: it must exist and hold the game's folder.
    Explicit {
        /// The directory.
        dir: PathBuf,
        /// Where it was named: `--content` or `$GRIDWRIGHT_CONTENT`.
        from: &'static str,
    },
}

impl ContentSource {
    /// `explicit` if given, else `$GRIDWRIGHT_CONTENT`, else `./content` if it exists, else the
    /// embedded files.
    pub fn discover(explicit: Option<&Path>) -> ContentSource {
        if let Some(p) = explicit {
            return ContentSource::Explicit {
                dir: p.to_path_buf(),
                from: "--content",
            };
        }
        if let Some(p) = std::env::var_os("GRIDWRIGHT_CONTENT") {
            return ContentSource::Explicit {
                dir: PathBuf::from(p),
                from: "$GRIDWRIGHT_CONTENT",
            };
        }
        let local = PathBuf::from("content");
        if local.is_dir() {
            return ContentSource::Dir(local);
        }
        ContentSource::Builtin
    }

    /// Checks that an explicitly named directory is a directory.
    ///
    /// # Errors
    /// [`CatalogError::ContentDir`] naming the directory and where it was named.
    pub fn check(&self) -> Result<(), CatalogError> {
        if let ContentSource::Explicit { dir, from } = self {
            match std::fs::metadata(dir) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Err(dir_error(dir, from, ContentDirProblem::NotADirectory)),
                Err(e) => {
                    let problem = ContentDirProblem::Unreadable(e.to_string());
                    return Err(dir_error(dir, from, problem));
                }
            }
        }
        Ok(())
    }

    /// The folder of one game: `None` means the embedded files.
    ///
    /// # Errors
    /// An explicitly named directory that is not a directory or has no folder for `game`.
    pub fn game_dir(&self, game: &str) -> Result<Option<PathBuf>, CatalogError> {
        match self {
            ContentSource::Builtin => Ok(None),
            ContentSource::Dir(d) => Ok(Some(d.join(game)).filter(|p| p.is_dir())),
            ContentSource::Explicit { dir, from } => {
                self.check()?;
                let g = dir.join(game);
                if g.is_dir() {
                    Ok(Some(g))
                } else {
                    let problem = ContentDirProblem::NoGameFolder(game.to_owned());
                    Err(dir_error(dir, from, problem))
                }
            }
        }
    }
}

impl ContentSource {
    /// One game's content: loaded with `load_dir` from its folder ([`ContentSource::game_dir`]),
    /// or `builtin` (the embedded files). The game's loader reports every problem, naming the
    /// file, line and field; that report becomes [`CatalogError::Content`].
    ///
    /// # Errors
    /// As [`ContentSource::game_dir`], and the loader's problems.
    pub fn load<C>(
        &self,
        game: &str,
        load_dir: impl FnOnce(&Path) -> Result<C, ContentError>,
        builtin: impl FnOnce() -> Result<C, ContentError>,
    ) -> Result<C, CatalogError> {
        Ok(match self.game_dir(game)? {
            Some(dir) => load_dir(&dir),
            None => builtin(),
        }?)
    }
}

impl std::fmt::Display for ContentSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ContentSource::Builtin => f.write_str("built-in content"),
            ContentSource::Dir(d) | ContentSource::Explicit { dir: d, .. } => {
                write!(f, "{}", d.display())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_explicit_directory_never_falls_back_to_the_builtin_content() {
        let missing = ContentSource::discover(Some(Path::new("/no/such/gridwright-content")));
        let e = missing.game_dir("grid-battles").unwrap_err().to_string();
        assert!(
            e.contains("/no/such/gridwright-content") && e.contains("--content"),
            "{e}"
        );
        assert!(missing.check().is_err());
        let dir = std::env::temp_dir().join(format!("gw-content-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a-file"), "x").unwrap();
        let file = ContentSource::discover(Some(&dir.join("a-file")));
        assert!(
            file.check()
                .unwrap_err()
                .to_string()
                .contains("not a directory")
        );
        let empty = ContentSource::discover(Some(&dir));
        assert!(empty.check().is_ok());
        let e = empty.game_dir("command-core").unwrap_err().to_string();
        assert!(e.contains("has no `command-core` folder"), "{e}");
        std::fs::create_dir_all(dir.join("command-core")).unwrap();
        assert_eq!(
            empty.game_dir("command-core").unwrap(),
            Some(dir.join("command-core"))
        );
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            ContentSource::Builtin.game_dir("command-core").unwrap(),
            None
        );
    }
}
