//! The screen of `gridwright play` in a terminal of [`COLUMNS`] × [`ROWS`]: what happened since
//! the player last acted (the latest lines only), the game's picture, and the legal actions
//! (a page of them when they are many), every line wrapped to the width. The command line only
//! prints these; a player asks for the rest with `log`, `more` and `legal WORDS`.

use gridwright_engine::text::grid;
pub use gridwright_engine::text::{COLUMNS, width, wrap};
use gridwright_engine::{Actor, Game, Seat, Session, Viewer};

/// The height every turn's screen fits, its prompt line included.
pub const ROWS: usize = 40;

/// Which of a seat's legal actions a list shows: all of them, or those whose text has every
/// word of a filter (`legal deploy scout`), a page at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The words every shown action's text holds (case ignored); empty: every action.
    pub filter: Vec<String>,
    /// The page shown, from 0.
    pub page: usize,
    /// The rows a page takes, the lines saying how to see the others included.
    pub rows: usize,
}

impl Listing {
    /// The actions of `legal` this listing keeps, as indices into `legal`.
    pub fn matching(&self, legal: &[String]) -> Vec<usize> {
        let words: Vec<String> = self.filter.iter().map(|w| w.to_lowercase()).collect();
        (0..legal.len())
            .filter(|&i| {
                let text = legal[i].to_lowercase();
                words.iter().all(|w| text.contains(w.as_str()))
            })
            .collect()
    }

    /// A listing of the actions with every word of `filter`, from its first page of `rows`
    /// rows.
    pub fn new(filter: &str, rows: usize) -> Self {
        Listing {
            filter: filter.split_whitespace().map(str::to_owned).collect(),
            page: 0,
            rows,
        }
    }

    /// The rows of the page shown of `legal` (each action with its number in the whole list,
    /// so a number typed from any page means the same action), and a line saying how to see
    /// the others when they do not all fit.
    pub fn lines(&self, legal: &[String]) -> Vec<String> {
        let rows = self.rows;
        let shown = self.matching(legal);
        if shown.is_empty() {
            return vec![format!(
                "No legal action has `{}`; `legal` lists them all.",
                self.filter.join(" ")
            )];
        }
        let cells: Vec<String> = shown
            .iter()
            .map(|&i| format!("{:>3}) {}", i + 1, legal[i]))
            .collect();
        let laid = grid(&cells, COLUMNS);
        if laid.len() <= rows.max(1) {
            return laid;
        }
        // The rows under the page say how to see the rest; the page gets what is left.
        let kinds = kinds(&shown.iter().map(|&i| legal[i].as_str()).collect::<Vec<_>>());
        let note = |page: usize, pages: usize| {
            let mut note = format!(
                "Page {} of {pages} of {} actions: `more` turns the page, `legal WORDS` lists \
                 those with the words",
                page + 1,
                shown.len()
            );
            if kinds.len() > 1 {
                note.push_str(&format!(" ({})", kinds.join(", ")));
            }
            note.push('.');
            wrap(&note, COLUMNS)
        };
        let mut note_rows = note(0, laid.len()).len();
        loop {
            let per_page = rows.saturating_sub(note_rows).max(1);
            let pages = laid.len().div_ceil(per_page);
            let page = self.page % pages;
            let below = note(page, pages);
            if below.len() > note_rows {
                note_rows = below.len();
                continue;
            }
            let mut out: Vec<String> = laid
                .into_iter()
                .skip(page * per_page)
                .take(per_page)
                .collect();
            out.extend(below);
            return out;
        }
    }
}

/// `deploy 300`, `attack 12`: how many actions of each kind (the first word of their text), in
/// the order they first come.
fn kinds(texts: &[&str]) -> Vec<String> {
    let mut counted: Vec<(&str, usize)> = Vec::new();
    for t in texts {
        let verb = t.split(' ').next().unwrap_or_default();
        match counted.iter_mut().find(|(v, _)| *v == verb) {
            Some((_, n)) => *n += 1,
            None => counted.push((verb, 1)),
        }
    }
    counted.iter().map(|(v, n)| format!("{v} {n}")).collect()
}

/// One turn's screen for `seat`: the log lines new since the seat's last screen, the picture,
/// and the legal actions, within [`COLUMNS`] × [`ROWS`] with one row left for the prompt.
#[derive(Clone, Copy, Debug)]
pub struct TurnScreen<'a> {
    /// What happened since the seat last acted, in words, oldest first.
    pub log: &'a [String],
    /// The game's picture for the seat.
    pub picture: &'a str,
    /// The seat to act.
    pub seat: Seat,
    /// Its legal actions, in words.
    pub legal: &'a [String],
}

/// Rows of the action list a turn's screen keeps, however tall the picture.
const MIN_ACTION_ROWS: usize = 3;
/// Rows of the log a turn's screen keeps when the actions need room.
const MIN_LOG_ROWS: usize = 3;

impl TurnScreen<'_> {
    /// The screen's lines, without the prompt, and the listing of actions it shows (whose next
    /// page `more` turns to).
    pub fn lines(&self) -> (Vec<String>, Listing) {
        let picture = wrap(self.picture, COLUMNS);
        let log: Vec<String> = self.log.iter().flat_map(|l| wrap(l, COLUMNS)).collect();
        // A blank row above the picture, the "to act" row above the actions, and the prompt.
        let free = ROWS.saturating_sub(picture.len() + 3);
        let everything = Listing::new("", usize::MAX).lines(self.legal);
        let action_rows = if everything.len() + log.len().min(MIN_LOG_ROWS) <= free {
            everything.len()
        } else {
            free.saturating_sub(log.len().min(MIN_LOG_ROWS))
                .max(MIN_ACTION_ROWS)
        };
        let listing = Listing::new("", action_rows);
        let actions = listing.lines(self.legal);
        let log_rows = free.saturating_sub(actions.len());
        let mut out = recent(&log, log_rows);
        out.push(String::new());
        out.extend(picture);
        out.push(format!("{} to act. Legal actions:", self.seat));
        out.extend(actions);
        (out, listing)
    }
}

/// The log from entry `from` on as `viewer` may see it, in the lines the terminal prints: who
/// did what (`  P1: attack 2 5`), then what followed, indented (dice speak through events).
pub fn log_lines<G: Game>(session: &Session<G>, viewer: Viewer, from: usize) -> Vec<String> {
    let mut out = Vec::new();
    for e in session.visible_log(viewer, from) {
        if let (Actor::Seat(s), Some(t)) = (e.actor, e.action_text) {
            out.push(format!("  {s}: {t}"));
        }
        out.extend(e.event_texts.into_iter().map(|t| format!("    {t}")));
    }
    out
}

/// The screen at the end of a game: the latest lines of `log` that fit, the picture and the
/// result, within [`COLUMNS`] × [`ROWS`].
pub fn end_screen(log: &[String], picture: &str, result: &str) -> Vec<String> {
    let picture = wrap(picture, COLUMNS);
    let result = wrap(result, COLUMNS);
    let log: Vec<String> = log.iter().flat_map(|l| wrap(l, COLUMNS)).collect();
    // A blank row above the picture, and the shell's prompt under the result.
    let mut out = recent(&log, ROWS.saturating_sub(picture.len() + result.len() + 2));
    out.push(String::new());
    out.extend(picture);
    out.extend(result);
    out
}

/// The last lines of `log` that fit `rows`, under a line saying how many earlier ones `log`
/// shows when they do not all fit.
pub fn recent(log: &[String], rows: usize) -> Vec<String> {
    if log.len() <= rows {
        return log.to_vec();
    }
    if rows == 0 {
        return Vec::new();
    }
    let keep = rows - 1;
    let hidden = log.len() - keep;
    let mut out = vec![format!(
        "  ({hidden} earlier line{} since your last turn: `log` shows them)",
        if hidden == 1 { "" } else { "s" }
    )];
    out.extend(log[hidden..].iter().cloned());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_action_list_is_paged_with_global_numbers() {
        let legal: Vec<String> = (0..100)
            .map(|i| {
                if i < 90 {
                    format!("deploy card {i}")
                } else {
                    format!("move {i}")
                }
            })
            .collect();
        let first = Listing::new("", 5).lines(&legal);
        assert_eq!(first.len(), 5);
        assert!(first[0].starts_with("  1) deploy card 0"), "{first:?}");
        assert_eq!(
            first[4],
            "Page 1 of 5 of 100 actions: `more` turns the page, `legal WORDS` lists those with \
             the words (deploy 90, move 10)."
        );
        let rows = Listing::new("MOVE", 5).lines(&legal);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!(rows[0].starts_with(" 91) move 90"), "{rows:?}");
        let second = Listing {
            page: 1,
            ..Listing::new("", 5)
        };
        // Five actions a row, four rows a page (the fifth says how to see the rest).
        assert!(second.lines(&legal)[0].starts_with(" 21) deploy card 20"));
        assert_eq!(
            Listing::new("fly", 5).lines(&legal),
            ["No legal action has `fly`; `legal` lists them all."]
        );
    }

    #[test]
    fn a_turn_screen_keeps_the_latest_log_lines_and_fits_forty_rows() {
        let log: Vec<String> = (0..50).map(|i| format!("  event {i}")).collect();
        let picture = "board\n".repeat(25);
        let legal: Vec<String> = (0..300).map(|i| format!("play {i}")).collect();
        let screen = TurnScreen {
            log: &log,
            picture: &picture,
            seat: Seat::new(0),
            legal: &legal,
        }
        .lines()
        .0;
        assert_eq!(screen.len(), ROWS - 1, "{screen:#?}");
        assert_eq!(
            screen[0],
            "  (48 earlier lines since your last turn: `log` shows them)"
        );
        assert_eq!(screen[2], "  event 49");
        assert!(screen.iter().all(|l| width(l) <= COLUMNS));
    }
}
