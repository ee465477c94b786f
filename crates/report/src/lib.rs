//! A balance report drawn: its charts as SVG by `plotters` (win rates with 95% error bars per
//! seat and per faction, the game-length and score histograms, per-round curves, a sweep's curve,
//! and per card or unit the win rate of the seats that played it), and the whole report as one
//! self-contained HTML page (no script, nothing fetched).
//!
//! `gridwright balance --html FILE` writes [`page`]; the server's Lab page shows [`charts`] of a
//! run's partial or final report as its games arrive. Both draw through the same functions, so a
//! chart looks the same wherever it is read.
//!
//! ```
//! # fn main() -> Result<(), gridwright_report::ChartError> {
//! let page = gridwright_report::page("Connect Four", &[], &[])?;
//! assert!(page.is_empty()); // no report, no page
//! # Ok(())
//! # }
//! ```

use gridwright_sim::balance::{BalanceReport, PairingLine, RateLine, VariantReport};
use gridwright_sim::curves::Curve;
use gridwright_sim::importance::ImportanceReport;
use gridwright_sim::sweep::SweepReport;
use gridwright_sim::tune::TuneReport;
use plotters::prelude::*;
use std::fmt::Write as _;

/// A chart that could not be drawn (a plotters backend error, in words).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("drawing a chart: {0}")]
pub struct ChartError(String);

type Result<T> = std::result::Result<T, ChartError>;

/// One chart of a report: where it belongs, its title and its SVG document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    /// The part of the report it belongs to, in words: `Sweep of units.knight.health`,
    /// `Variant B`.
    pub section: String,
    /// Its title, as drawn on it: `Win rates`, `Game length`.
    pub title: String,
    /// The SVG document.
    pub svg: String,
}

/// What the report's writers write to: the page's HTML, and each chart as drawn.
#[derive(Debug, Default)]
struct Out {
    html: String,
    section: String,
    charts: Vec<Chart>,
}

impl Out {
    fn push_str(&mut self, s: &str) {
        self.html.push_str(s);
    }

    /// A chart, drawn into the page and kept.
    fn chart(&mut self, title: &str, svg: String) {
        self.html.push_str(&svg);
        self.charts.push(Chart {
            section: self.section.clone(),
            title: title.to_owned(),
            svg,
        });
    }
}

impl std::fmt::Write for Out {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.html.push_str(s);
        Ok(())
    }
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn chart_error(e: impl std::fmt::Display) -> ChartError {
    ChartError(e.to_string())
}

/// Win rates (0–100%) with their 95% intervals as bars with error bars, the 1/N share dashed.
fn rate_chart(title: &str, lines: &[&RateLine], share: f64) -> Result<String> {
    let mut svg = String::new();
    {
        let height = 120 + 28 * lines.len() as u32;
        let root = SVGBackend::with_string(&mut svg, (720, height)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let n = lines.len() as i32;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(180)
            .build_cartesian_2d(0f64..100f64, (0..n).into_segmented())
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc("win rate, % (bars: 95% interval)")
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) => lines
                    .get(*i as usize)
                    .map(|l| l.label.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .map_err(chart_error)?;
        let color = RGBColor(70, 110, 170);
        chart
            .draw_series(lines.iter().enumerate().map(|(i, l)| {
                let i = i as i32;
                let mut bar = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(i)),
                        (100.0 * l.rate, SegmentValue::Exact(i + 1)),
                    ],
                    color.mix(0.6).filled(),
                );
                bar.set_margin(6, 6, 0, 0);
                bar
            }))
            .map_err(chart_error)?;
        chart
            .draw_series(lines.iter().enumerate().map(|(i, l)| {
                ErrorBar::new_horizontal(
                    SegmentValue::CenterOf(i as i32),
                    100.0 * l.interval_95.0,
                    100.0 * l.rate,
                    100.0 * l.interval_95.1,
                    BLACK.stroke_width(2),
                    10,
                )
            }))
            .map_err(chart_error)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![
                    (100.0 * share, SegmentValue::Exact(0)),
                    (100.0 * share, SegmentValue::Exact(n)),
                ],
                RED.stroke_width(1),
            )))
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// A histogram of `(low, high, count)` bins.
fn histogram_chart(title: &str, x_desc: &str, bins: &[(f64, f64, u64)]) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 320)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let lo = bins.first().map_or(0.0, |b| b.0);
        let hi = bins.last().map_or(1.0, |b| b.1.max(b.0 + 1.0));
        let top = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64 * 1.1;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(lo..hi, 0f64..top)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc("games")
            .draw()
            .map_err(chart_error)?;
        let whole = bins
            .iter()
            .all(|b| b.0.fract() == 0.0 && b.1.fract() == 0.0);
        chart
            .draw_series(bins.iter().map(|&(l, h, c)| {
                // Whole-number bins cover low..=high.
                let h = if whole { h + 1.0 } else { h };
                Rectangle::new(
                    [(l, 0.0), (h, c as f64)],
                    RGBColor(90, 150, 90).mix(0.7).filled(),
                )
            }))
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// One series of a line chart: its name and, per x position, the value and its interval.
type Series = (String, Vec<(f64, f64, f64)>);

/// Lines over named x positions, each point with its 95% error bar; `level` dashed across.
fn line_chart(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    x_labels: &[String],
    series: &[Series],
    level: Option<f64>,
) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let n = x_labels.len() as i32;
        let points = series.iter().flat_map(|s| s.1.iter());
        let (mut lo, mut hi) = points.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| {
            (l.min(p.1), h.max(p.2))
        });
        if let Some(v) = level {
            (lo, hi) = (lo.min(v), hi.max(v));
        }
        if !lo.is_finite() || !hi.is_finite() {
            (lo, hi) = (0.0, 1.0);
        }
        let pad = ((hi - lo) * 0.08).max(0.5);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d((0..n).into_segmented(), (lo - pad)..(hi + pad))
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) => x_labels.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .map_err(chart_error)?;
        if let Some(v) = level {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(SegmentValue::Exact(0), v), (SegmentValue::Exact(n), v)],
                    RED.stroke_width(1),
                )))
                .map_err(chart_error)?;
        }
        for (k, (name, pts)) in series.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            let at = |i: usize| SegmentValue::CenterOf(i as i32);
            chart
                .draw_series(LineSeries::new(
                    pts.iter().enumerate().map(|(i, p)| (at(i), p.0)),
                    color.stroke_width(2),
                ))
                .map_err(chart_error)?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
                });
            chart
                .draw_series(pts.iter().enumerate().map(|(i, p)| {
                    ErrorBar::new_vertical(at(i), p.1, p.0, p.2, color.stroke_width(1), 8)
                }))
                .map_err(chart_error)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// The sweep: each seat's win rate per value, the subject's share of decided games, a table.
fn sweep_section(out: &mut Out, sw: &SweepReport) -> Result<()> {
    out.section = format!("Sweep of {}", sw.key);
    let _ = write!(
        out,
        "<h2>Sweep of <code>{}</code></h2><p>Every value played on the same seeds. The value \
         nearest an even game ({}'s share of the decided games nearest {:.1}%): <b>{}</b>.</p>",
        esc(&sw.key),
        sw.subject,
        100.0 * sw.fair_share,
        sw.closest
            .as_deref()
            .map_or("none (no game decided)".into(), esc)
    );
    let labels: Vec<String> = sw.points.iter().map(|p| p.value.clone()).collect();
    let pct = |l: &RateLine| {
        (
            100.0 * l.rate,
            100.0 * l.interval_95.0,
            100.0 * l.interval_95.1,
        )
    };
    let seats = sw.points.first().map_or(0, |p| p.seats.len());
    let mut series: Vec<Series> = (0..seats)
        .map(|s| {
            (
                format!("P{} wins", s + 1),
                sw.points.iter().map(|p| pct(&p.seats[s])).collect(),
            )
        })
        .collect();
    series.push((
        format!("{} of decided games", sw.subject),
        sw.points.iter().map(|p| pct(&p.subject_share)).collect(),
    ));
    out.chart(
        "Win rate per value",
        line_chart(
            "Win rate per value",
            (&sw.key, "% (bars: 95% interval)"),
            &labels,
            &series,
            Some(100.0 * sw.fair_share),
        )?,
    );
    out.push_str(
        "<table><tr><th>value</th><th>games</th><th>wins per seat</th><th>draws</th>         <th>share of decided</th><th>95% interval</th><th>vs the 1/N share</th></tr>",
    );
    for p in &sw.points {
        let wins: Vec<String> = p
            .seats
            .iter()
            .map(|s| format!("{} {:.1}%", esc(&s.label), 100.0 * s.rate))
            .collect();
        let s = &p.subject_share;
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}%</td>             <td>{:.1}% – {:.1}%</td><td>{}</td></tr>",
            esc(&p.value),
            p.games,
            wins.join(", "),
            100.0 * p.draw_rate,
            100.0 * s.rate,
            100.0 * s.interval_95.0,
            100.0 * s.interval_95.1,
            s.vs_share.words()
        );
    }
    out.push_str("</table>");
    Ok(())
}

fn curve_title(c: &Curve) -> String {
    format!("{} by round", c.name)
}

/// A per-round curve: the mean per seat at the start of each round, and at the end.
fn curve_chart(c: &Curve) -> Result<String> {
    let labels: Vec<String> = c
        .points
        .iter()
        .map(|p| p.round.map_or_else(|| "end".to_owned(), |r| r.to_string()))
        .collect();
    let seats = c.points.iter().map(|p| p.seats.len()).max().unwrap_or(0);
    let series: Vec<Series> = (0..seats)
        .map(|s| {
            (
                format!("P{}", s + 1),
                c.points
                    .iter()
                    .map(|p| {
                        p.seats.get(s).map_or((0.0, 0.0, 0.0), |m| {
                            (m.mean, m.interval_95.0, m.interval_95.1)
                        })
                    })
                    .collect(),
            )
        })
        .collect();
    line_chart(
        &curve_title(c),
        (
            "round (its start), then the end",
            "mean (bars: 95% interval)",
        ),
        &labels,
        &series,
        None,
    )
}

fn rate_row(l: &RateLine) -> String {
    format!(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% – {:.1}%</td><td>{}</td></tr>",
        esc(&l.label),
        l.wins,
        l.games,
        100.0 * l.rate,
        100.0 * l.interval_95.0,
        100.0 * l.interval_95.1,
        l.vs_share.words()
    )
}

fn variant_section(out: &mut Out, v: &VariantReport) -> Result<()> {
    out.section = format!("Variant {}", v.name);
    let _ = write!(
        out,
        "<h2>Variant {} — {} games</h2><p>{}</p>",
        esc(&v.name),
        v.games,
        if v.changes.is_empty() {
            "No change to the setup.".to_owned()
        } else {
            format!("Changes: <code>{}</code>", esc(&v.changes.join(", ")))
        }
    );
    let mut rates: Vec<&RateLine> = v.seats.iter().collect();
    rates.extend(v.factions.iter());
    if let Some(f) = &v.first_mover {
        rates.push(&f.wins);
    }
    out.chart("Win rates", rate_chart("Win rates", &rates, v.fair_share)?);
    out.push_str(
        "<table><tr><th></th><th>wins</th><th>games</th><th>rate</th><th>95% interval</th>\
         <th>vs the 1/N share</th></tr>",
    );
    for l in &rates {
        out.push_str(&rate_row(l));
    }
    let _ = write!(
        out,
        "</table><p>Draws: {} ({:.1}%).</p>",
        v.draws,
        100.0 * v.draw_rate
    );
    out.chart(
        "Game length",
        histogram_chart("Game length", "player moves", &v.length.histogram)?,
    );
    if let Some(scores) = &v.scores {
        for (i, d) in scores.iter().enumerate() {
            let title = format!("Final score of P{}", i + 1);
            out.chart(&title, histogram_chart(&title, "score", &d.histogram)?);
        }
    }
    for c in &v.curves {
        out.chart(&curve_title(c), curve_chart(c)?);
        let games: Vec<String> = c
            .points
            .iter()
            .map(|p| {
                format!(
                    "{} {}",
                    p.round
                        .map_or_else(|| "end".to_owned(), |r| format!("round {r}")),
                    p.games
                )
            })
            .collect();
        let _ = write!(
            out,
            "<p>Games that reached each point: {}.</p>",
            esc(&games.join(", "))
        );
    }
    if !v.pieces.is_empty() {
        let played: Vec<RateLine> = v
            .pieces
            .iter()
            .map(|p| RateLine {
                label: p.name.clone(),
                ..p.when_played.clone()
            })
            .collect();
        let refs: Vec<&RateLine> = played.iter().collect();
        let title = "Win rate of the seats that played each card or unit";
        out.chart(title, rate_chart(title, &refs, v.fair_share)?);
        out.push_str(
            "<table><tr><th>card / unit</th><th>played</th><th>survived</th><th>dealt</th>\
             <th>taken</th><th>kills</th><th>win rate played</th><th>not played</th></tr>",
        );
        for p in &v.pieces {
            let not = if p.when_not_played.games == 0 {
                "—".to_owned()
            } else {
                format!("{:.1}%", 100.0 * p.when_not_played.rate)
            };
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{:.1}%</td><td>{}</td></tr>",
                esc(&p.name),
                p.played,
                p.survived,
                p.dealt,
                p.taken,
                p.kills,
                100.0 * p.when_played.rate,
                not
            );
        }
        out.push_str("</table>");
    }
    let shown = v.game_list.len().min(2000);
    let _ = write!(
        out,
        "<details><summary>Games by seed ({} of {})</summary><table><tr><th>#</th><th>seed</th>\
         <th>winner</th><th>moved first</th><th>moves</th></tr>",
        shown,
        v.game_list.len()
    );
    for g in &v.game_list[..shown] {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            g.index,
            g.seed,
            g.winner.map_or("draw".to_owned(), |s| s.to_string()),
            g.first.map_or("—".to_owned(), |s| s.to_string()),
            g.moves
        );
    }
    out.push_str("</table></details>");
    Ok(())
}

/// The whole page: one report, or several agent pairings' reports with their table first.
/// No report, no page (an empty text).
///
/// # Errors
/// A chart that cannot be drawn.
pub fn page(title: &str, reports: &[BalanceReport], table: &[PairingLine]) -> Result<String> {
    let mut out = Out::default();
    let Some(r) = reports.first() else {
        return Ok(String::new());
    };
    let agents: Vec<String> = reports.iter().map(|r| r.agents.join(", ")).collect();
    head(&mut out, title, &r.setup);
    let _ = write!(
        out,
        "<p>Setup <b>{s}</b>, agents <b>{a}</b>, seed {seed}, {g} games asked per variant.</p>",
        s = esc(&r.setup),
        a = esc(&agents.join(" / ")),
        seed = r.seed,
        g = r.games_asked
    );
    if reports.len() > 1 {
        pairings_section(&mut out, table)?;
    }
    for r in reports {
        if reports.len() > 1 {
            let _ = write!(out, "<h1>Agents {}</h1>", esc(&r.agents.join(", ")));
        }
        report_body(&mut out, r)?;
    }
    out.push_str("</body></html>\n");
    Ok(out.html)
}

/// The page's head, style and title: `{title} balance`, with `what` in the window's title.
fn head(out: &mut Out, title: &str, what: &str) {
    let _ = write!(
        out,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{t} balance — {s}</title><style>body{{font-family:sans-serif;max-width:760px;\
         margin:2em auto;color:#222}}table{{border-collapse:collapse;margin:1em 0}}\
         td,th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}td:first-child{{text-align:left}}\
         svg{{display:block;margin:1em 0}}</style></head><body><h1>{t} balance</h1>",
        t = esc(title),
        s = esc(what),
    );
}

/// A tuning run (`gridwright balance --tune … --html FILE`) as one self-contained page: every
/// combination's share of the decided games with its interval (the 1/N share marked) and the
/// table of the search, the result first.
///
/// # Errors
/// A chart that cannot be drawn.
pub fn tune_page(title: &str, r: &TuneReport) -> Result<String> {
    let mut out = Out::default();
    let keys = r.keys.join(" and ");
    head(&mut out, title, &format!("tuning {keys}"));
    let best = r
        .candidates
        .get(r.best)
        .map(|c| c.changes.join(", "))
        .unwrap_or_default();
    let _ = write!(
        out,
        "<p>Tuning <code>{}</code> for {}'s share of the decided games within {:.1}%–{:.1}% (the \
         1/N share is {:.1}%), {} games in all. Result: <b>{}</b>, {}.</p>",
        esc(&keys),
        r.subject,
        100.0 * r.band.low,
        100.0 * r.band.high,
        100.0 * r.fair_share,
        r.games_played,
        esc(&best),
        if r.reached {
            "inside the band"
        } else {
            "the nearest to the band (none reached it)"
        }
    );
    let lines: Vec<RateLine> = r
        .candidates
        .iter()
        .map(|c| RateLine {
            label: c.values.join(", "),
            ..c.share.clone()
        })
        .collect();
    let refs: Vec<&RateLine> = lines.iter().collect();
    out.section = format!("Tuning {keys}");
    let chart = format!("{}'s share of decided games per combination", r.subject);
    out.chart(&chart, rate_chart(&chart, &refs, r.fair_share)?);
    out.push_str(
        "<table><tr><th>values</th><th>games</th><th>rounds</th><th>share</th>\
         <th>95% interval</th><th>outside the band</th><th>change</th></tr>",
    );
    for c in &r.candidates {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% – {:.1}%</td>\
             <td>{:.3}</td><td>{:.2}</td></tr>",
            esc(&c.changes.join(", ")),
            c.games,
            c.rounds,
            100.0 * c.share.rate,
            100.0 * c.share.interval_95.0,
            100.0 * c.share.interval_95.1,
            c.outside_band,
            c.change
        );
    }
    out.push_str("</table></body></html>\n");
    Ok(out.html)
}

/// An importance run (`gridwright balance --importance … --html FILE`) as one self-contained
/// page: the subject's share of the decided games with each piece out (or swapped), beside its
/// share with them all (marked), and the table of the pieces, the most missed first.
///
/// # Errors
/// A chart that cannot be drawn.
pub fn importance_page(title: &str, r: &ImportanceReport) -> Result<String> {
    let mut out = Out::default();
    head(&mut out, title, &format!("importance of {}", r.key));
    let _ = write!(
        out,
        "<p>Each piece of <code>{}</code> {}, {} games each ({} in all); {}'s share of the \
         decided games with them all: {:.1}% ({:.1}%–{:.1}%). The pieces {} misses most come \
         first.</p>",
        esc(&r.key),
        match &r.swap {
            Some(s) => format!("swapped for <code>{}</code> in turn", esc(s)),
            None => "taken out in turn".to_owned(),
        },
        r.games,
        r.games_played,
        r.subject,
        100.0 * r.base.rate,
        100.0 * r.base.interval_95.0,
        100.0 * r.base.interval_95.1,
        r.subject
    );
    let mut lines = vec![RateLine {
        label: "with them all".to_owned(),
        ..r.base.clone()
    }];
    lines.extend(r.rows.iter().filter_map(|row| {
        row.share.as_ref().map(|s| RateLine {
            label: row.change.clone(),
            ..s.clone()
        })
    }));
    let refs: Vec<&RateLine> = lines.iter().collect();
    out.section = format!("Importance of {}", r.key);
    let chart = format!("{}'s share of decided games with each change", r.subject);
    out.chart(&chart, rate_chart(&chart, &refs, r.base.rate)?);
    out.push_str("<table><tr><th>change</th><th>share</th><th>difference (95% interval)</th></tr>");
    for row in &r.rows {
        let cells = match (&row.share, row.difference, row.interval_95) {
            (Some(share), Some(d), Some((lo, hi))) => format!(
                "<td>{:.1}%</td><td>{:+.1} pts ({:+.1} to {:+.1})</td>",
                100.0 * share.rate,
                100.0 * d,
                100.0 * lo,
                100.0 * hi
            ),
            _ => format!(
                "<td colspan=\"2\">{}</td>",
                esc(row.not_played.as_deref().unwrap_or("no game decided"))
            ),
        };
        let _ = write!(out, "<tr><td>{}</td>{cells}</tr>", esc(&row.change));
    }
    out.push_str("</table></body></html>\n");
    Ok(out.html)
}

/// The charts of one report, in the order [`page`] draws them: a sweep's curve first, then per
/// variant its win rates, game length, final scores, per-round curves and per-piece win rates.
///
/// # Errors
/// A chart that cannot be drawn.
pub fn charts(report: &BalanceReport) -> Result<Vec<Chart>> {
    let mut out = Out::default();
    report_body(&mut out, report)?;
    Ok(out.charts)
}

/// The agent pairings side by side: each seat's win rate per pairing, and a table.
fn pairings_section(out: &mut Out, table: &[PairingLine]) -> Result<()> {
    out.section = "By agent pairing".to_owned();
    out.push_str(
        "<h2>By agent pairing</h2><p>The same setup and seeds played by each pairing (the first \
         variant or sweep value): balance read from weak agents can mislead.</p>",
    );
    let lines: Vec<RateLine> = table
        .iter()
        .flat_map(|p| {
            p.seats.iter().map(|s| RateLine {
                label: format!("{} — {}", s.label, p.agents.join(",")),
                ..s.clone()
            })
        })
        .collect();
    let refs: Vec<&RateLine> = lines.iter().collect();
    let share = table
        .first()
        .map_or(0.5, |p| 1.0 / p.seats.len().max(1) as f64);
    let title = "Win rates by agent pairing";
    out.chart(title, rate_chart(title, &refs, share)?);
    out.push_str(
        "<table><tr><th>agents</th><th>games</th><th>wins per seat (95% interval)</th>\
         <th>draws</th><th>first mover</th><th>B − A</th><th>nearest even</th></tr>",
    );
    for p in table {
        let seats: Vec<String> = p
            .seats
            .iter()
            .map(|s| {
                format!(
                    "{} {:.1}% ({:.1}–{:.1}%)",
                    esc(&s.label),
                    100.0 * s.rate,
                    100.0 * s.interval_95.0,
                    100.0 * s.interval_95.1
                )
            })
            .collect();
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&p.agents.join(", ")),
            p.games,
            seats.join("; "),
            100.0 * p.draw_rate,
            p.first_mover
                .as_ref()
                .map_or("—".to_owned(), |f| format!("{:.1}%", 100.0 * f.rate)),
            p.difference.map_or("—".to_owned(), |(d, (lo, hi))| {
                format!("{d:+.3} ({lo:+.3} to {hi:+.3})")
            }),
            p.closest.as_deref().map_or("—".to_owned(), esc)
        );
    }
    out.push_str("</table>");
    Ok(())
}

/// One report's sections.
fn report_body(out: &mut Out, r: &BalanceReport) -> Result<()> {
    if let Some(sw) = &r.sweep {
        sweep_section(out, sw)?;
    }
    for v in &r.variants {
        variant_section(out, v)?;
    }
    if !r.replays.is_empty() {
        out.push_str(
            "<h2>Replays saved</h2><p>Open one with <code>gridwright replay FILE</code>.</p>\
             <table><tr><th>file</th><th>variant</th><th>#</th><th>seed</th><th>why</th></tr>",
        );
        for s in &r.replays {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&s.file),
                esc(&s.variant),
                s.index,
                s.seed,
                esc(&s.why.join(", "))
            );
        }
        out.push_str("</table>");
    }
    if let Some(c) = &r.comparison {
        let _ = write!(
            out,
            "<h2>{b} against {a}</h2><p>{subj}'s score over {n} pairs of games on the same seeds: \
             {ma:.3} under {a}, {mb:.3} under {b}; difference {d:+.3} (95% interval {lo:+.3} to \
             {hi:+.3}), p = {p:.4}: {sig}.</p>",
            a = esc(&c.a),
            b = esc(&c.b),
            subj = c.subject,
            n = c.pairs,
            ma = c.mean_a,
            mb = c.mean_b,
            d = c.difference,
            lo = c.interval_95.0,
            hi = c.interval_95.1,
            p = c.p_value,
            sig = if c.significant {
                "a significant difference"
            } else {
                "no significant difference"
            }
        );
    }
    if let Some(s) = &r.sprt {
        let _ = write!(
            out,
            "<h2>Sequential test</h2><p>H0 {} Elo, H1 {} Elo, alpha {}, beta {}: {} after {} games \
             (LLR {:.2}; bounds {:.2} and {:.2}).</p>",
            s.settings.elo0,
            s.settings.elo1,
            s.settings.alpha,
            s.settings.beta,
            match s.verdict {
                Some(gridwright_sim::sprt::SprtVerdict::AcceptH1) => "H1 accepted",
                Some(gridwright_sim::sprt::SprtVerdict::AcceptH0) => "H0 accepted",
                None => "undecided",
            },
            s.games,
            s.llr,
            s.lower_bound,
            s.upper_bound
        );
    }
    Ok(())
}
