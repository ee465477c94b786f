//! Content errors: every problem names its file, line and field.

use std::fmt;

/// One thing wrong with a content file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file (as given to the loader, e.g. `scenarios/skirmish.toml`).
    pub file: String,
    /// One-based line number, when known.
    pub line: Option<usize>,
    /// The field, as a path (`unit[2].health`, `side[1].units[0].at`).
    pub field: String,
    /// What is wrong, and what would be right.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if !self.field.is_empty() {
            write!(f, ": `{}`", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Why content could not be loaded or a scenario could not be found.
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
    /// No shipped scenario has this name and no file has this path.
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
    /// No unit type has this id.
    #[error("unknown unit type `{name}` (known: {})", known.join(", "))]
    UnknownUnit {
        /// What was asked for.
        name: String,
        /// The unit type ids available.
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

/// Collects problems for one file, turning byte spans into line numbers.
#[derive(Debug)]
pub(crate) struct Report<'a> {
    pub file: &'a str,
    pub src: &'a str,
    pub problems: Vec<Problem>,
    /// Byte offsets of every `\n` in `src`, found once so each line number is a binary search
    /// (a file with thousands of problems stays linear to report).
    newlines: Vec<usize>,
}

impl<'a> Report<'a> {
    pub fn new(file: &'a str, src: &'a str) -> Self {
        Report {
            file,
            src,
            problems: Vec::new(),
            newlines: src
                .bytes()
                .enumerate()
                .filter_map(|(i, b)| (b == b'\n').then_some(i))
                .collect(),
        }
    }

    /// The one-based line containing byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.src.len());
        1 + self.newlines.partition_point(|&nl| nl < end)
    }

    /// Records a problem at byte span `span`.
    pub fn at(
        &mut self,
        span: std::ops::Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        let line = Some(self.line_of(span.start));
        self.problems.push(Problem {
            file: self.file.to_owned(),
            line,
            field: field.into(),
            message: message.into(),
        });
    }

    /// Records a problem with no position (e.g. a required section that is absent).
    pub fn whole(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem {
            file: self.file.to_owned(),
            line: None,
            field: field.into(),
            message: message.into(),
        });
    }

    /// Records a TOML syntax or shape error. toml does not expose the key path, so the field
    /// is taken from the message (``missing field `x` ``) or from the key on the offending line.
    pub fn toml(&mut self, e: &toml::de::Error) {
        let line = e.span().map(|s| self.line_of(s.start));
        let message = e.message().trim().to_owned();
        let field = backticked(&message)
            .or_else(|| {
                let l = line?;
                let text = self.src.lines().nth(l - 1)?;
                let (key, _) = text.split_once('=')?;
                let key = key.trim();
                (!key.is_empty() && !key.starts_with('[')).then(|| key.to_owned())
            })
            .unwrap_or_default();
        self.problems.push(Problem {
            file: self.file.to_owned(),
            line,
            field,
            message,
        });
    }
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

    #[test]
    fn lines_are_one_based() {
        let r = Report::new("f.toml", "a = 1\nb = 2\n");
        assert_eq!(r.line_of(0), 1);
        assert_eq!(r.line_of(6), 2);
        assert_eq!(r.line_of(999), 3);
    }

    #[test]
    fn problem_display_names_file_line_and_field() {
        let p = Problem {
            file: "units.toml".into(),
            line: Some(4),
            field: "unit[0].health".into(),
            message: "must be at least 1".into(),
        };
        assert_eq!(
            p.to_string(),
            "units.toml:4: `unit[0].health`: must be at least 1"
        );
    }
}
