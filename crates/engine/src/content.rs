//! The content-validation toolkit every game's content layer uses.
//!
//! Designers edit TOML files; a mistake must come back as a list of every problem, each naming
//! the file, the line and the field (``units.toml:14: `unit[2].health`: must be 1 to 99, not 0``),
//! never only the first. The pieces:
//!
//! - [`Problem`]: one problem (file, line, field path, message), and [`Problems`], a list of
//!   them whose `Display` prints one ``file:line: `field`: message`` line per problem.
//! - [`Report`]: collects the problems of one file. It turns byte spans into line numbers with
//!   one pass over the file (so reporting thousands of problems stays linear), reports TOML syntax
//!   and shape errors ([`Report::parse`]), and checks fields: bounded integers ([`Report::int`],
//!   [`Report::int_or`]), ids ([`Report::id`], [`Report::unique_id`], the one [`id_rule`] for every game), single
//!   characters ([`Report::one_char`]).
//! - [`Report::adopt`]: files the problems found in a built config (which has no file, only
//!   field paths) under this file, each at the line [`Report::locate`] finds for its field.
//!
//! Field paths are written `a.b[2].c`: table keys joined by `.`, array indexes in brackets.
//!
//! # Why check a config, not only its file
//! A config also comes from replays and saved games, which never passed through a content file.
//! So the game checks the facts of a config in one place (its `Rules::new`), and the content
//! layer only reads the file into a config (types, names, references) and then *adopts* what
//! that check finds, at the lines the designer wrote. Each fact is checked once, whatever the
//! config's origin.
//!
//! ```
//! use gridwright_engine::content::{Problems, Report};
//! let src = "[board]\nwidth = 40\n";
//! let mut found = Problems::new();
//! found.range("board.width", 40, 2, 16);
//! let mut report = Report::new("scenarios/x.toml", src);
//! report.adopt(found, |field| field.to_owned());
//! assert_eq!(
//!     report.into_problems().to_string(),
//!     "scenarios/x.toml:2: `board.width`: must be 2 to 16, not 40"
//! );
//! ```

use serde::de::DeserializeOwned;
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// One thing wrong with a content file or a config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file (relative to the game's content folder, `chassis/scout.toml`, or the path a
    /// user gave); empty for a problem of a config that came from no file.
    pub file: String,
    /// One-based line number, when known.
    pub line: Option<usize>,
    /// The field, as a path (`unit[2].health`, `side[1].units[0].at`); empty for the whole file.
    pub field: String,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if !self.file.is_empty() {
            write!(f, "{}", self.file)?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
            }
            sep = ": ";
        }
        if !self.field.is_empty() {
            write!(f, "{sep}`{}`", self.field)?;
            sep = ": ";
        }
        write!(f, "{sep}{}", self.message)
    }
}

/// Every problem found, in the order found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems(Vec<Problem>);

impl Problems {
    /// No problems yet.
    pub fn new() -> Problems {
        Problems::default()
    }

    /// Records a problem of `field` with no file or line (a config check).
    pub fn push(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem {
            file: String::new(),
            line: None,
            field: field.into(),
            message: message.into(),
        });
    }

    /// Checks that `value` lies in `lo..=hi`, recording ``must be {lo} to {hi}, not {value}``
    /// otherwise. Returns whether it does.
    pub fn range<T: PartialOrd + fmt::Display>(
        &mut self,
        field: impl Into<String>,
        value: T,
        lo: T,
        hi: T,
    ) -> bool {
        let ok = lo <= value && value <= hi;
        if !ok {
            self.push(field, range_message(&value, &lo, &hi));
        }
        ok
    }

    /// Appends every problem of `other`, with `prefix` put before each field
    /// (`chassis[1]` + `slots` = `chassis[1].slots`).
    pub fn extend_prefixed(&mut self, prefix: &str, other: Problems) {
        self.0.extend(other.0.into_iter().map(|mut p| {
            p.field = join_path(prefix, &p.field);
            p
        }));
    }

    /// Appends every problem of `other` as it is.
    pub fn append(&mut self, other: &mut Problems) {
        self.0.append(&mut other.0);
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The problems, in order.
    pub fn as_slice(&self) -> &[Problem] {
        &self.0
    }

    /// The problems, in order.
    pub fn into_vec(self) -> Vec<Problem> {
        self.0
    }

    /// `Ok(value)` if there are no problems, else `Err(self)`.
    ///
    /// # Errors
    /// The problems, when there are any.
    pub fn into_result<T>(self, value: T) -> Result<T, Problems> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl From<Vec<Problem>> for Problems {
    fn from(v: Vec<Problem>) -> Self {
        Problems(v)
    }
}

impl fmt::Display for Problems {
    /// One problem per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

fn range_message(value: &dyn fmt::Display, lo: &dyn fmt::Display, hi: &dyn fmt::Display) -> String {
    format!("must be {lo} to {hi}, not {value}")
}

fn join_path(prefix: &str, field: &str) -> String {
    match (prefix.is_empty(), field.is_empty()) {
        (true, _) => field.to_owned(),
        (false, true) => prefix.to_owned(),
        (false, false) if field.starts_with('[') => format!("{prefix}{field}"),
        (false, false) => format!("{prefix}.{field}"),
    }
}

/// Why a game's content could not be loaded, or a scenario or name could not be found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContentError {
    /// A file could not be read.
    #[error("cannot read `{path}`: {reason}")]
    Io {
        /// The path.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// One or more files are malformed or inconsistent; every problem found is listed.
    #[error("{}", ProblemList(problems))]
    Invalid {
        /// All the problems found, in file order.
        problems: Vec<Problem>,
    },
    /// No scenario has this name and no file has this path.
    #[error(
        "unknown scenario `{name}`: neither a scenario name ({}) nor a path to a scenario file",
        known.join(", ")
    )]
    UnknownScenario {
        /// What was asked for.
        name: String,
        /// The scenario names available.
        known: Vec<String>,
    },
    /// No content item of this kind has this id.
    #[error("unknown {kind} `{name}` (known: {})", known.join(", "))]
    UnknownName {
        /// What kind of item (`unit type`).
        kind: &'static str,
        /// What was asked for.
        name: String,
        /// The ids available.
        known: Vec<String>,
    },
}

impl ContentError {
    /// The individual problems (empty unless [`ContentError::Invalid`]).
    pub fn problems(&self) -> &[Problem] {
        match self {
            ContentError::Invalid { problems } => problems,
            _ => &[],
        }
    }
}

impl From<Problems> for ContentError {
    fn from(p: Problems) -> Self {
        ContentError::Invalid { problems: p.0 }
    }
}

struct ProblemList<'a>(&'a [Problem]);

impl fmt::Display for ProblemList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [one] => write!(f, "invalid content: {one}"),
            many => {
                write!(f, "invalid content ({} problems):", many.len())?;
                for p in many {
                    write!(f, "\n  {p}")?;
                }
                Ok(())
            }
        }
    }
}

/// Reads one content file: a regular file of at most
/// [`DEFAULT_MAX_FILE_BYTES`](crate::files::DEFAULT_MAX_FILE_BYTES), as UTF-8 (a link to a
/// device or a huge file is refused, not read forever).
///
/// # Errors
/// [`ContentError::Io`] naming the path.
pub fn read_file(p: &Path) -> Result<String, ContentError> {
    crate::files::read_text(p, crate::files::DEFAULT_MAX_FILE_BYTES).map_err(|e| ContentError::Io {
        path: p.display().to_string(),
        reason: match e {
            crate::files::ReadError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        },
    })
}

/// `(stem, text)` of every `*.toml` file in `dir`, sorted by name (each read by [`read_file`]).
///
/// # Errors
/// [`ContentError::Io`] if the folder or a file cannot be read.
pub fn read_toml_dir(dir: &Path) -> Result<Vec<(String, String)>, ContentError> {
    let entries = std::fs::read_dir(dir).map_err(|e| ContentError::Io {
        path: dir.display().to_string(),
        reason: e.to_string(),
    })?;
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| Ok((stem(&p), read_file(&p)?)))
        .collect()
}

/// `Ok(value)` if there are no `problems`, else [`ContentError::Invalid`] listing them: the
/// end of a content loader that collected every problem before giving up.
///
/// # Errors
/// The problems, when there are any.
pub fn valid<T>(value: T, problems: impl Into<Problems>) -> Result<T, ContentError> {
    Ok(problems.into().into_result(value)?)
}

/// Resolves each scenario file `(name, text)` of a content folder's `scenarios/` with
/// `resolve`, given the name and a [`Report`] on `scenarios/<name>.toml`; each report's problems
/// go to `problems`. The scenarios `resolve` built, by name.
pub fn resolve_scenarios<C>(
    files: &[(String, String)],
    problems: &mut Vec<Problem>,
    mut resolve: impl FnMut(&str, &mut Report<'_>) -> Option<C>,
) -> BTreeMap<String, C> {
    let mut out = BTreeMap::new();
    for (name, text) in files {
        let mut r = Report::new(format!("scenarios/{name}.toml"), text);
        if let Some(c) = resolve(name, &mut r) {
            out.insert(name.clone(), c);
        }
        problems.extend(r.into_problems().into_vec());
    }
    out
}

/// A scenario's config: the one named `name_or_path` in `scenarios`, or else the scenario file
/// at that path, read ([`read_file`]) and given to `resolve` with its file name as the scenario
/// name (`custom` when it has none) and a [`Report`] on its text. A problem `resolve` reports
/// refuses the file, with every problem listed.
///
/// # Errors
/// [`ContentError::UnknownScenario`] if it is neither a name nor a file; [`ContentError::Io`]
/// for an unreadable file; [`ContentError::Invalid`] for an invalid one.
pub fn scenario_config<C: Clone>(
    scenarios: &BTreeMap<String, C>,
    name_or_path: &str,
    resolve: impl FnOnce(&str, &mut Report<'_>) -> Option<C>,
) -> Result<C, ContentError> {
    if let Some(c) = scenarios.get(name_or_path) {
        return Ok(c.clone());
    }
    let path = Path::new(name_or_path);
    if !path.is_file() {
        return Err(ContentError::UnknownScenario {
            name: name_or_path.to_owned(),
            known: scenarios.keys().cloned().collect(),
        });
    }
    let text = read_file(path)?;
    let name = Some(stem(path))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "custom".to_owned());
    let mut r = Report::new(path.display().to_string(), &text);
    match resolve(&name, &mut r) {
        Some(c) if r.is_empty() => Ok(c),
        _ => Err(r.into_problems().into()),
    }
}

/// The file name of `p` without its extension (empty if it has none).
pub fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Embeds a game's shipped content files in the binary.
///
/// - `shipped!(FOLDER: PATH, …)` is the list of `(path, text)` pairs for [`Files::shipped`]:
///   the folder (relative to the crate's `Cargo.toml`), then each file's path in it.
/// - `shipped!(impl Content, FOLDER: PATH, …)` also writes the loaders every game's content
///   type has, on top of its own `Content::from_files(&Files)`: the list as
///   `Content::SHIPPED`, `Content::builtin()` (the embedded files) and `Content::load_dir(dir)`
///   (a folder laid out as the shipped files are, [`Files::read_like`]).
///
/// A folder's files (`scenarios/…`) are best listed in the order `load_dir` gives them, sorted
/// by name, unless the game wants another order for its built-in files.
///
/// ```
/// const SHIPPED: &[(&str, &str)] = &gridwright_engine::shipped!(".": "Cargo.toml", "src/lib.rs");
/// let files = gridwright_engine::content::Files::shipped(SHIPPED);
/// assert!(files.file("Cargo.toml")?.contains("gridwright-engine"));
/// assert_eq!(files.folder("src")[0].0, "lib.rs"); // a stem is the name less `.toml`
///
/// use gridwright_engine::content::{ContentError, Files};
/// /// The crate's manifest, as a game's content would be.
/// struct Manifest(String);
/// impl Manifest {
///     fn from_files(files: &Files) -> Result<Manifest, ContentError> {
///         Ok(Manifest(files.file("Cargo.toml")?.to_owned()))
///     }
/// }
/// gridwright_engine::shipped!(impl Manifest, ".": "Cargo.toml");
/// assert!(Manifest::builtin()?.0.contains("[package]"));
/// let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
/// assert_eq!(Manifest::load_dir(dir)?.0, Manifest::builtin()?.0);
/// # Ok::<(), gridwright_engine::content::ContentError>(())
/// ```
#[macro_export]
macro_rules! shipped {
    ($folder:literal: $($path:literal),+ $(,)?) => {
        [$((
            $path,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $folder, "/", $path)),
        )),+]
    };
    (impl $content:ident, $folder:literal: $($path:literal),+ $(,)?) => {
        impl $content {
            /// The files shipped with the game, `(path in its content folder, text)`, embedded
            /// so the binary works anywhere.
            pub const SHIPPED: &'static [(&'static str, &'static str)] =
                &$crate::shipped!($folder: $($path),+);

            /// The content shipped with the game (embedded in the binary).
            ///
            /// # Errors
            /// Only if the shipped files are broken (a test guards against that).
            pub fn builtin() -> ::std::result::Result<$content, $crate::content::ContentError> {
                $content::from_files(&$crate::content::Files::shipped($content::SHIPPED))
            }

            /// Loads the game's content folder `dir`: each top-level file the game ships, and
            /// every `*.toml` of each folder it ships files in.
            ///
            /// # Errors
            /// `ContentError::Io` if a file cannot be read; `ContentError::Invalid` listing
            /// every problem found in every file.
            pub fn load_dir(
                dir: &::std::path::Path,
            ) -> ::std::result::Result<$content, $crate::content::ContentError> {
                $content::from_files(&$crate::content::Files::read_like(dir, $content::SHIPPED)?)
            }
        }
    };
}

/// A game's content files as texts, each under its path in the game's content folder
/// (`units.toml`, `scenarios/skirmish.toml`), in order: the copies embedded in the binary
/// ([`shipped!`], [`Files::shipped`]) or the same layout read from a folder
/// ([`Files::read_like`]). A game's loader reads its content from a `Files` (its
/// `Content::from_files`), so its built-in content and a folder of edited files go through
/// one path; `shipped!(impl Content, …)` writes its `builtin` and `load_dir`.
///
/// # Why derive the folder's layout from the shipped files
/// The files a folder must hold are those the game ships: each top-level file, and every
/// `*.toml` of each sub-folder. Listing them once means a file added to the game is read from
/// a folder as soon as it is embedded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files {
    files: Vec<(String, String)>,
}

impl Files {
    /// The embedded files, as [`shipped!`] lists them.
    pub fn shipped(list: &[(&str, &str)]) -> Files {
        Files {
            files: list
                .iter()
                .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
                .collect(),
        }
    }

    /// The files of `dir` laid out as `shipped` is: each top-level file of `shipped` read from
    /// `dir` ([`read_file`]), and for each sub-folder of `shipped`, every `*.toml` file of that
    /// folder in `dir`, sorted by name ([`read_toml_dir`]); in the order `shipped` first names
    /// them.
    ///
    /// # Errors
    /// [`ContentError::Io`] for the first file or folder that cannot be read.
    pub fn read_like(dir: &Path, shipped: &[(&str, &str)]) -> Result<Files, ContentError> {
        let mut files = Vec::new();
        let mut folders: Vec<&str> = Vec::new();
        for (path, _) in shipped {
            match path.split_once('/') {
                None => files.push(((*path).to_owned(), read_file(&dir.join(path))?)),
                Some((folder, _)) if !folders.contains(&folder) => {
                    folders.push(folder);
                    for (stem, text) in read_toml_dir(&dir.join(folder))? {
                        files.push((format!("{folder}/{stem}.toml"), text));
                    }
                }
                Some(_) => {}
            }
        }
        Ok(Files { files })
    }

    /// The text of the file at `path` (`dice.toml`, `chassis/scout.toml`).
    ///
    /// # Errors
    /// [`ContentError::Io`] if there is no such file.
    pub fn file(&self, path: &str) -> Result<&str, ContentError> {
        self.files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, t)| t.as_str())
            .ok_or_else(|| ContentError::Io {
                path: path.to_owned(),
                reason: "no such content file".into(),
            })
    }

    /// `(stem, text)` of every file directly in `folder`, in order (`scenarios` gives
    /// `("skirmish", …)` for `scenarios/skirmish.toml`).
    pub fn folder(&self, folder: &str) -> Vec<(String, String)> {
        self.files
            .iter()
            .filter_map(|(p, t)| {
                let name = p.strip_prefix(folder)?.strip_prefix('/')?;
                let stem = name.strip_suffix(".toml").unwrap_or(name);
                (!stem.contains('/')).then(|| (stem.to_owned(), t.clone()))
            })
            .collect()
    }

    /// Every file, `(path, text)`, in order.
    pub fn as_slice(&self) -> &[(String, String)] {
        &self.files
    }
}

/// The rule for ids (unit types, dice, terrain, chassis, cards, …): one or more lowercase ASCII
/// letters, digits and `-` (kebab case, like the shipped ids `dig-in` and `shoulder-gun` and the
/// scenario file names). `_` is not allowed, so that an id has one spelling.
pub fn id_rule(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A field read leniently: the TOML reader accepts any value for it, and a value of the wrong
/// type becomes a problem that [`Report::int`] reports at its line. So one wrong type does not
/// end the reading of the file as it does for a `toml::Spanned<T>` field, and every wrong type
/// in a file is reported.
#[derive(Debug, Clone, PartialEq)]
pub struct Lenient<T> {
    span: Range<usize>,
    value: Result<T, String>,
}

impl<T> Lenient<T> {
    /// The byte span of the value in the file.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The value, if it had the right type.
    pub fn get(&self) -> Option<&T> {
        self.value.as_ref().ok()
    }
}

impl<'de, T: DeserializeOwned> serde::Deserialize<'de> for Lenient<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = <Spanned<toml::Value> as serde::Deserialize>::deserialize(d)?;
        let span = v.span();
        let value = T::deserialize(v.into_inner()).map_err(|e| e.message().trim().to_owned());
        Ok(Lenient { span, value })
    }
}

/// Collects the problems of one file, turning byte spans into line numbers.
#[derive(Debug)]
pub struct Report<'a> {
    file: String,
    src: &'a str,
    problems: Vec<Problem>,
    /// Byte offsets of every `\n` in `src`, found in one pass, so that each line number is a
    /// binary search (a file with thousands of problems stays linear to report).
    newlines: Vec<usize>,
}

impl<'a> Report<'a> {
    /// A report for `file`, whose text is `src`.
    pub fn new(file: impl Into<String>, src: &'a str) -> Self {
        Report {
            file: file.into(),
            src,
            problems: Vec::new(),
            newlines: src
                .bytes()
                .enumerate()
                .filter_map(|(i, b)| (b == b'\n').then_some(i))
                .collect(),
        }
    }

    /// The file name problems are reported under.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The one-based line containing byte `offset` (the last line for an offset past the end).
    pub fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.src.len());
        1 + self.newlines.partition_point(|&nl| nl < end)
    }

    /// How many problems have been recorded.
    pub fn len(&self) -> usize {
        self.problems.len()
    }

    /// Whether no problem has been recorded .
    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }

    /// The problems recorded so far.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Every problem recorded, as a list.
    pub fn into_problems(self) -> Problems {
        Problems(self.problems)
    }

    /// Records a problem at byte span `span`.
    pub fn at(&mut self, span: Range<usize>, field: impl Into<String>, message: impl Into<String>) {
        let line = Some(self.line_of(span.start));
        self.push(line, field.into(), message.into());
    }

    /// Records a problem with no position (a required section that is absent, a whole-file
    /// check).
    pub fn whole(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.push(None, field.into(), message.into());
    }

    fn push(&mut self, line: Option<usize>, field: String, message: String) {
        self.problems.push(Problem {
            file: self.file.clone(),
            line,
            field,
            message,
        });
    }

    /// Deserializes the file into its raw `*Def` shape, or records the TOML syntax or shape
    /// error (with its line and field) and returns `None`.
    ///
    /// A file with several syntax errors gets all of them, in file order: the parser recovers
    /// after each. A shape error (a missing field, a wrong type) ends the reading, so it is the
    /// one reported.
    pub fn parse<T: DeserializeOwned>(&mut self) -> Option<T> {
        match toml::from_str(self.src) {
            Ok(def) => Some(def),
            Err(e) => {
                let (_, mut syntax) = toml::de::DeTable::parse_recoverable(self.src);
                if syntax.len() > 1 {
                    syntax.sort_by_key(|e| e.span().map(|s| s.start));
                    // One per line: the parser's follow-up complaints about a line add nothing.
                    syntax.dedup_by_key(|e| e.span().map(|s| self.line_of(s.start)));
                    for e in &syntax {
                        self.toml(e);
                    }
                } else {
                    self.toml(&e);
                }
                None
            }
        }
    }

    /// Records a TOML syntax or shape error. toml does not give the key path, so the field is
    /// the name the message quotes (``missing field `x` ``, ``unknown field `x` ``) or the key on
    /// the offending line.
    pub fn toml(&mut self, e: &toml::de::Error) {
        let line = e.span().map(|s| self.line_of(s.start));
        let message = e.message().trim().to_owned();
        let field = message
            .contains("field `")
            .then(|| backticked(&message))
            .flatten()
            .or_else(|| {
                let text = self.src.lines().nth(line? - 1)?;
                let (key, _) = text.split_once('=')?;
                let key = key.trim();
                (!key.is_empty() && !key.starts_with('[')).then(|| key.to_owned())
            })
            .unwrap_or_default();
        self.push(line, field, message);
    }

    /// Checks an integer field against `lo..=hi`; returns it if it lies there.
    /// A value of another type is reported as such.
    pub fn int(&mut self, v: &Lenient<i64>, field: &str, lo: i64, hi: i64) -> Option<i64> {
        let n = match &v.value {
            Ok(n) => *n,
            Err(why) => {
                self.at(v.span(), field, why.clone());
                return None;
            }
        };
        if (lo..=hi).contains(&n) {
            Some(n)
        } else {
            self.at(v.span(), field, range_message(&n, &lo, &hi));
            None
        }
    }

    /// An optional integer field: `default` when absent, else checked as [`Report::int`].
    pub fn int_or(
        &mut self,
        v: Option<&Lenient<i64>>,
        field: &str,
        lo: i64,
        hi: i64,
        default: i64,
    ) -> Option<i64> {
        match v {
            Some(v) => self.int(v, field, lo, hi),
            None => Some(default),
        }
    }

    /// Checks an id against [`id_rule`]; returns it as written.
    pub fn id(&mut self, v: &Spanned<String>, field: &str) -> String {
        let s = v.get_ref();
        if !id_rule(s) {
            self.at(
                v.span(),
                field,
                format!("{s:?} is not a valid id (lowercase letters, digits and `-`)"),
            );
        }
        s.clone()
    }

    /// Checks an id as [`Report::id`] and that `seen` does not hold it yet (then adds it);
    /// `what` names the scope of uniqueness in the message (``id `x` is used twice {what}``).
    /// Returns the id as written.
    pub fn unique_id(
        &mut self,
        v: &Spanned<String>,
        field: &str,
        seen: &mut HashSet<String>,
        what: &str,
    ) -> String {
        let before = self.problems.len();
        let s = self.id(v, field);
        if self.problems.len() == before && !seen.insert(s.clone()) {
            self.at(v.span(), field, format!("id `{s}` is used twice {what}"));
        }
        s
    }

    /// A single non-blank character from a string field.
    pub fn one_char(&mut self, v: &Spanned<String>, field: &str) -> Option<char> {
        let mut chars = v.get_ref().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_whitespace() => Some(c),
            _ => {
                self.at(
                    v.span(),
                    field,
                    format!("must be a single character, not {:?}", v.get_ref()),
                );
                None
            }
        }
    }

    /// The line where `field` (a path such as `weapon[1].range` or `side[0].mechs[2]`) is
    /// written in this file: the line of its value, or of the nearest enclosing table or array
    /// that is written when the field itself is not. `None` if the file is not valid TOML or
    /// holds no part of the path.
    pub fn locate(&self, field: &str) -> Option<usize> {
        let doc = toml::de::DeTable::parse(self.src).ok()?;
        self.locate_in(doc.get_ref(), field)
    }

    fn locate_in(&self, doc: &toml::de::DeTable<'_>, field: &str) -> Option<usize> {
        let mut span = None;
        let mut table = Some(doc);
        let mut value: Option<&toml::de::DeValue<'_>> = None;
        for step in path_steps(field) {
            let next = match step {
                Step::Key(k) => {
                    table.and_then(|t| t.iter().find(|(key, _)| key.get_ref() == k).map(|(_, v)| v))
                }
                Step::Index(i) => match value {
                    Some(toml::de::DeValue::Array(a)) => a.get(i),
                    _ => None,
                },
            };
            let Some(next) = next else { break };
            span = Some(next.span());
            value = Some(next.get_ref());
            table = match next.get_ref() {
                toml::de::DeValue::Table(t) => Some(t),
                _ => None,
            };
        }
        span.map(|s| self.line_of(s.start))
    }

    /// Files the problems a config check found (field paths, no file) under this file: each
    /// field is passed through `rename` (config field names to the file's, e.g. `width` to
    /// `board.width`) and put at the line [`Report::locate`] finds for it. A problem at a field
    /// this report already has a problem at, or inside (an unknown icon in a list of icons), is
    /// left out: reading the file found it first and says it better.
    pub fn adopt(&mut self, found: Problems, rename: impl Fn(&str) -> String) {
        if found.is_empty() {
            return;
        }
        // Parsed once for all the problems, so adopting many stays linear in the file.
        let doc = toml::de::DeTable::parse(self.src).ok();
        let named: HashSet<String> = self.problems.iter().map(|p| p.field.clone()).collect();
        for p in found.0 {
            let field = rename(&p.field);
            if covered(&named, &field) {
                // The file's own problem there (an unknown name, say) says it better.
                continue;
            }
            let line = doc
                .as_ref()
                .and_then(|d| self.locate_in(d.get_ref(), &field));
            self.push(line, field, p.message);
        }
    }
}

/// Whether `named` holds `field` or a field inside it (`a.b` covers `a.b[2]` and `a.b.c`).
fn covered(named: &HashSet<String>, field: &str) -> bool {
    named.iter().any(|n| {
        n.strip_prefix(field)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
    })
}

enum Step<'p> {
    Key(&'p str),
    Index(usize),
}

/// `a.b[2].c` as keys and indexes; a bracket that is not a number ends the path.
fn path_steps(field: &str) -> Vec<Step<'_>> {
    let mut steps = Vec::new();
    for part in field.split('.') {
        let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            steps.push(Step::Key(key));
        }
        while let Some((index, after)) = rest.split_once(']') {
            match index.parse() {
                Ok(i) => steps.push(Step::Index(i)),
                Err(_) => return steps,
            }
            rest = after.strip_prefix('[').unwrap_or(after);
        }
    }
    steps
}

/// The first `quoted` word of a serde message (``missing field `health` ``).
fn backticked(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder is read in the layout of the shipped files: each top-level file, and every
    /// `*.toml` of each shipped sub-folder, sorted; a missing file is named.
    #[test]
    fn a_folder_is_read_in_the_layout_of_the_shipped_files() {
        let dir = std::env::temp_dir().join(format!("gw-files-like-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("scenarios")).unwrap();
        std::fs::write(dir.join("units.toml"), "u").unwrap();
        std::fs::write(dir.join("scenarios/b.toml"), "b").unwrap();
        std::fs::write(dir.join("scenarios/a.toml"), "a").unwrap();
        std::fs::write(dir.join("scenarios/notes.txt"), "not content").unwrap();
        std::fs::write(dir.join("extra.toml"), "not shipped").unwrap();
        let shipped = [
            ("units.toml", "U"),
            ("scenarios/z.toml", "Z"),
            ("scenarios/y.toml", "Y"),
        ];
        let built_in = Files::shipped(&shipped);
        assert_eq!(built_in.file("units.toml").unwrap(), "U");
        assert_eq!(
            built_in.folder("scenarios"),
            [("z".to_owned(), "Z".to_owned()), ("y".into(), "Y".into())]
        );
        let read = Files::read_like(&dir, &shipped).unwrap();
        let paths: Vec<&str> = read.as_slice().iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            ["units.toml", "scenarios/a.toml", "scenarios/b.toml"]
        );
        assert_eq!(read.file("units.toml").unwrap(), "u");
        assert_eq!(read.folder("scenarios")[1], ("b".into(), "b".into()));
        assert!(matches!(
            read.file("extra.toml"),
            Err(ContentError::Io { .. })
        ));
        std::fs::remove_file(dir.join("units.toml")).unwrap();
        let e = Files::read_like(&dir, &shipped).unwrap_err();
        assert!(e.to_string().contains("units.toml"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    use serde::Deserialize;

    #[test]
    fn a_scenario_is_found_by_name_or_read_from_its_file_with_every_problem() {
        let known = BTreeMap::from([("duel".to_owned(), "the duel".to_owned())]);
        let resolve = |name: &str, r: &mut Report<'_>| {
            let v: toml::Table = r.parse()?;
            if !v.contains_key("ok") {
                r.whole("ok", "missing");
                r.whole("also", "missing");
            }
            Some(format!("file {name}"))
        };
        assert_eq!(
            scenario_config(&known, "duel", resolve).unwrap(),
            "the duel"
        );
        let e = scenario_config(&known, "nowhere-at-all", resolve).unwrap_err();
        assert!(
            matches!(&e, ContentError::UnknownScenario { known, .. } if known == &["duel"]),
            "{e}"
        );
        let dir = std::env::temp_dir().join(format!("gw-scenario-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("mine.toml");
        std::fs::write(&good, "ok = 1\n").unwrap();
        let path = good.display().to_string();
        assert_eq!(
            scenario_config(&known, &path, resolve).unwrap(),
            "file mine"
        );
        std::fs::write(&good, "other = 1\n").unwrap();
        let e = scenario_config(&known, &path, resolve).unwrap_err();
        assert_eq!(e.problems().len(), 2, "{e}");
        assert!(e.to_string().contains("mine.toml"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lines_are_one_based() {
        let r = Report::new("f.toml", "a = 1\nb = 2\n");
        assert_eq!(r.line_of(0), 1);
        assert_eq!(r.line_of(6), 2);
        assert_eq!(r.line_of(999), 3);
    }

    #[test]
    fn display_names_file_line_and_field() {
        let mut r = Report::new("chassis/x.toml", "a = 1\nslots = 9\n");
        r.at(6..7, "slots", "must be 1 to 4");
        r.whole("", "no chassis files");
        let mut config = Problems::new();
        config.push("sides[1].mechs", "a side needs a mech");
        let mut all = r.into_problems();
        all.append(&mut config);
        assert_eq!(
            all.to_string(),
            "chassis/x.toml:2: `slots`: must be 1 to 4\n\
             chassis/x.toml: no chassis files\n\
             `sides[1].mechs`: a side needs a mech"
        );
    }

    #[test]
    fn ids_are_kebab_case() {
        for ok in ["knight", "dig-in", "a1", "shoulder-gun"] {
            assert!(id_rule(ok), "{ok}");
        }
        for bad in ["", "Knight", "dig_in", "dig in", "é"] {
            assert!(!id_rule(bad), "{bad}");
        }
    }

    #[derive(Deserialize)]
    struct Def {
        id: Spanned<String>,
        n: Lenient<i64>,
        c: Spanned<String>,
    }

    #[test]
    fn checkers_report_every_problem_at_its_line() {
        let src = "id = \"Bad_Id\"\nn = 40\nc = \"xy\"\n";
        let mut r = Report::new("f.toml", src);
        let def: Def = r.parse().unwrap();
        r.id(&def.id, "id");
        assert_eq!(r.int(&def.n, "n", 1, 20), None);
        assert_eq!(r.one_char(&def.c, "c"), None);
        let lines: Vec<_> = r
            .problems()
            .iter()
            .map(|p| (p.line, p.field.as_str()))
            .collect();
        assert_eq!(lines, [(Some(1), "id"), (Some(2), "n"), (Some(3), "c")]);
        assert!(r.problems()[1].message.contains("must be 1 to 20, not 40"));
    }

    #[test]
    fn duplicate_ids_are_reported() {
        let src = "id = \"a\"\nn = 1\nc = \"x\"\n";
        let mut r = Report::new("f.toml", src);
        let def: Def = r.parse().unwrap();
        let mut seen = HashSet::new();
        r.unique_id(&def.id, "id", &mut seen, "in this file");
        r.unique_id(&def.id, "id", &mut seen, "in this file");
        assert_eq!(r.len(), 1);
        assert!(r.problems()[0].message.contains("used twice in this file"));
    }

    #[test]
    fn toml_errors_name_line_and_field() {
        let mut r = Report::new("f.toml", "id = 1\nn = 3\nc = \"x\"\n");
        assert!(r.parse::<Def>().is_none());
        let p = &r.problems()[0];
        assert_eq!((p.line, p.field.as_str()), (Some(1), "id"));
    }

    #[test]
    fn a_lenient_field_of_the_wrong_type_is_a_problem_at_its_line() {
        let mut r = Report::new("f.toml", "id = \"a\"\nn = \"ten\"\nc = \"x\"\n");
        let def: Def = r.parse().unwrap();
        assert_eq!(def.n.get(), None);
        assert_eq!(r.int(&def.n, "n", 0, 9), None);
        let p = &r.problems()[0];
        assert_eq!((p.line, p.field.as_str()), (Some(2), "n"));
        assert!(p.message.contains("invalid type"), "{p}");
    }

    #[test]
    fn every_syntax_error_is_reported_in_file_order() {
        let src = "id = \"a\"\nn = \nc = \"x\" \"y\"\nd = = 3\n";
        let mut r = Report::new("f.toml", src);
        assert!(r.parse::<Def>().is_none());
        let lines: Vec<_> = r.problems().iter().map(|p| p.line).collect();
        assert_eq!(lines, [Some(2), Some(3), Some(4)], "{:#?}", r.problems());
        assert_eq!(r.problems()[0].field, "n");
    }

    #[test]
    fn locate_follows_keys_tables_and_arrays() {
        let src = "id = \"x\"\n\n[board]\nwidth = 4\n\n[[side]]\nmechs = [\n  \"a\",\n  \"b\",\n]\n\n[[side]]\nname = \"B\"\n";
        let r = Report::new("s.toml", src);
        assert_eq!(r.locate("id"), Some(1));
        assert_eq!(r.locate("board.width"), Some(4));
        assert_eq!(r.locate("side[0].mechs[1]"), Some(9));
        assert_eq!(r.locate("side[1].name"), Some(13));
        // Not written: the nearest enclosing part that is.
        assert_eq!(r.locate("board.height"), Some(3));
        assert_eq!(r.locate("side[1].mechs"), Some(12));
        assert_eq!(r.locate("nowhere"), None);
        assert_eq!(Report::new("bad.toml", "x = ").locate("x"), None);
    }

    #[test]
    fn adopt_files_config_problems_at_their_lines() {
        let mut found = Problems::new();
        found.range("width", 40u8, 2, 16);
        found.push("sides[0].mechs[1]", "unknown chassis `z`");
        let src = "[board]\nwidth = 40\n\n[[side]]\nmechs = [\"a\", \"z\"]\n";
        let mut r = Report::new("scenarios/x.toml", src);
        r.adopt(found, |f| match f {
            "width" => "board.width".to_owned(),
            f => f.replace("sides[", "side["),
        });
        assert_eq!(
            r.into_problems().to_string(),
            "scenarios/x.toml:2: `board.width`: must be 2 to 16, not 40\n\
             scenarios/x.toml:5: `side[0].mechs[1]`: unknown chassis `z`"
        );
    }

    #[test]
    fn adopt_leaves_out_what_the_file_already_reported() {
        let src = "icons = [\"jump\"]\nslots = 9\n";
        let mut r = Report::new("c.toml", src);
        r.at(9..15, "icons[0]", "unknown icon `jump`");
        let mut found = Problems::new();
        found.push("icons", "a half has 1 to 4 icons, not 0");
        found.range("slots", 9, 1, 4);
        r.adopt(found, str::to_owned);
        let fields: Vec<_> = r.problems().iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["icons[0]", "slots"]);
    }

    #[test]
    fn prefixed_problems_keep_their_paths() {
        let mut inner = Problems::new();
        inner.push("slots", "x");
        inner.push("[2]", "y");
        inner.push("", "z");
        let mut all = Problems::new();
        all.extend_prefixed("chassis[1]", inner);
        let fields: Vec<_> = all.as_slice().iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["chassis[1].slots", "chassis[1][2]", "chassis[1]"]);
    }
}
