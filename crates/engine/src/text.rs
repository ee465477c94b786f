//! Text laid out for a terminal: its width in columns (wide characters count twice), lines
//! wrapped to a width, and two blocks side by side. Games draw their terminal pictures with
//! these; the command line fits its screens with them.

use unicode_width::UnicodeWidthStr;

/// The width of the terminal every screen of `gridwright play` fits, in columns.
pub const COLUMNS: usize = 120;

/// The columns `text` takes in a terminal (wide characters count twice).
///
/// ```
/// assert_eq!(gridwright_engine::text::width("a→界"), 4);
/// ```
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` as lines of at most `columns` columns: a longer line breaks at spaces, and its
/// continuation is indented two columns deeper than the line itself (a word longer than a
/// whole line is cut). Trailing spaces are dropped.
///
/// ```
/// use gridwright_engine::text::wrap;
/// assert_eq!(wrap("  one two three", 10), ["  one two", "    three"]);
/// ```
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_end();
        if width(line) <= columns {
            out.push(line.to_owned());
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        let hang = " ".repeat((indent + 2).min(columns / 2));
        let mut current = line[..indent].to_owned();
        let mut fresh = true;
        for word in line[indent..].split(' ').filter(|w| !w.is_empty()) {
            if !fresh && width(&current) + 1 + width(word) > columns {
                out.push(std::mem::replace(&mut current, hang.clone()));
                fresh = true;
            }
            if !fresh {
                current.push(' ');
            }
            for ch in word.chars() {
                if width(&current) + width(ch.encode_utf8(&mut [0; 4])) > columns {
                    out.push(std::mem::replace(&mut current, hang.clone()));
                }
                current.push(ch);
            }
            fresh = false;
        }
        out.push(current);
    }
    out
}

/// The lines of `left` and `right` side by side, `right` starting `gap` columns after the
/// widest line of `left`; the shorter block is padded with blank lines. Trailing spaces are
/// dropped.
///
/// ```
/// use gridwright_engine::text::beside;
/// assert_eq!(beside("ab\nc", "x\ny\nz", 1), "ab x\nc  y\n   z\n");
/// ```
pub fn beside(left: &str, right: &str, gap: usize) -> String {
    let (l, r): (Vec<&str>, Vec<&str>) = (left.lines().collect(), right.lines().collect());
    let w = l.iter().map(|s| width(s)).max().unwrap_or(0) + gap;
    let mut out = String::new();
    for i in 0..l.len().max(r.len()) {
        let a = l.get(i).copied().unwrap_or("");
        let b = r.get(i).copied().unwrap_or("");
        let line = format!("{a}{}{b}", " ".repeat(w - width(a)));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `cells` in as many columns as fit `columns` columns, each as wide as the widest cell plus
/// two, row by row; a cell wider than the width wraps on rows of its own.
///
/// ```
/// use gridwright_engine::text::grid;
/// assert_eq!(grid(&["a".into(), "bb".into(), "c".into()], 9), ["a   bb", "c"]);
/// ```
pub fn grid(cells: &[String], columns: usize) -> Vec<String> {
    let w = cells.iter().map(|c| width(c)).max().unwrap_or(0) + 2;
    let per_row = (columns / w.max(1)).max(1);
    let mut out = Vec::new();
    for row in cells.chunks(per_row) {
        let mut line = String::new();
        for c in row {
            line.push_str(c);
            line.push_str(&" ".repeat(w - width(c)));
        }
        out.extend(wrap(&line, columns));
    }
    out
}

/// A word with its first letter in upper case (`infantry` → `Infantry`).
pub fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// An id or file name in words as players read them: split at `-` and `_`, each word
/// capitalised (`stellar-architects` → `Stellar Architects`).
pub fn title_words(slug: &str) -> String {
    slug.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(capitalised)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_with_a_hanging_indent() {
        assert_eq!(
            wrap("  one two three four", 10),
            ["  one two", "    three", "    four"]
        );
        assert_eq!(wrap("short\n\nx  ", 10), ["short", "", "x"]);
        assert_eq!(wrap("abcdefghijkl", 5), ["abcde", "  fgh", "  ijk", "  l"]);
        // Wide characters take two columns.
        assert_eq!(wrap("界界界 界", 6), ["界界界", "  界"]);
    }

    #[test]
    fn title_words_capitalise_each_word() {
        assert_eq!(capitalised("infantry"), "Infantry");
        assert_eq!(capitalised(""), "");
        assert_eq!(title_words("stellar-architects"), "Stellar Architects");
        assert_eq!(title_words("arc_foundry--x"), "Arc Foundry X");
    }
}
