//! Content errors: every problem names its file, line and field.

use std::fmt;

/// One thing wrong with a content file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file, relative to the content directory (`chassis/scout.toml`).
    pub file: String,
    /// One-based line number, when known.
    pub line: Option<usize>,
    /// The field, as a path (`weapon[0].range`, `directive[2].half[1].icons[0]`).
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
        /// All the problems found.
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

/// Collects the problems of one file, turning byte offsets into line numbers.
#[derive(Debug)]
pub(crate) struct Report<'a> {
    pub file: String,
    pub src: &'a str,
    pub problems: Vec<Problem>,
    /// Byte offsets of every `\n` in `src`, found once so each line number is a binary search
    /// (a file with thousands of problems stays linear to report).
    newlines: Vec<usize>,
}

impl<'a> Report<'a> {
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

    fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.src.len());
        1 + self.newlines.partition_point(|&nl| nl < end)
    }

    /// A problem at a byte span.
    pub fn at(
        &mut self,
        span: std::ops::Range<usize>,
        field: impl Into<String>,
        msg: impl Into<String>,
    ) {
        let line = Some(self.line_of(span.start));
        self.push(line, field.into(), msg.into());
    }

    /// A problem with no position (a missing section, a whole-scenario check).
    pub fn whole(&mut self, field: impl Into<String>, msg: impl Into<String>) {
        self.push(None, field.into(), msg.into());
    }

    fn push(&mut self, line: Option<usize>, field: String, message: String) {
        self.problems.push(Problem {
            file: self.file.clone(),
            line,
            field,
            message,
        });
    }

    /// A TOML syntax or shape error; the field is the first `quoted` name of the message, or
    /// the key on the offending line.
    pub fn toml(&mut self, e: &toml::de::Error) {
        let line = e.span().map(|s| self.line_of(s.start));
        let message = e.message().trim().to_owned();
        let quoted = message
            .split('`')
            .nth(1)
            .filter(|_| message.matches('`').count() >= 2)
            .map(str::to_owned);
        let field = quoted
            .or_else(|| {
                let text = self.src.lines().nth(line? - 1)?;
                let (key, _) = text.split_once('=')?;
                let key = key.trim();
                (!key.is_empty() && !key.starts_with('[')).then(|| key.to_owned())
            })
            .unwrap_or_default();
        self.push(line, field, message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_name_file_line_and_field() {
        let mut r = Report::new("chassis/x.toml", "a = 1\nslots = 9\n");
        r.at(6..7, "slots", "must be 1 to 4");
        assert_eq!(
            r.problems[0].to_string(),
            "chassis/x.toml:2: `slots`: must be 1 to 4"
        );
    }
}
