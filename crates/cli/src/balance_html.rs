//! `gridwright balance --html FILE`: the report as one self-contained page (no script, no
//! network), its charts drawn as inline SVG by `plotters`: win rates with 95% error bars per
//! seat and per faction, the game-length histogram, and per card or unit the win rate of the
//! seats that played it, with its interval.

use anyhow::{Result, anyhow};
use gridwright_sim::balance::{BalanceReport, RateLine, VariantReport};
use plotters::prelude::*;
use std::fmt::Write as _;

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn chart_error(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow!("drawing a chart: {e}")
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

fn variant_section(out: &mut String, v: &VariantReport) -> Result<()> {
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
    out.push_str(&rate_chart("Win rates", &rates, v.fair_share)?);
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
    out.push_str(&histogram_chart(
        "Game length",
        "player moves",
        &v.length.histogram,
    )?);
    if let Some(scores) = &v.scores {
        for (i, d) in scores.iter().enumerate() {
            let title = format!("Final score of P{}", i + 1);
            out.push_str(&histogram_chart(&title, "score", &d.histogram)?);
        }
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
        out.push_str(&rate_chart(
            "Win rate of the seats that played each card or unit",
            &refs,
            v.fair_share,
        )?);
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

/// The whole page.
///
/// # Errors
/// A chart that cannot be drawn.
pub(crate) fn page(title: &str, r: &BalanceReport) -> Result<String> {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{t} balance — {s}</title><style>body{{font-family:sans-serif;max-width:760px;\
         margin:2em auto;color:#222}}table{{border-collapse:collapse;margin:1em 0}}\
         td,th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}td:first-child{{text-align:left}}\
         svg{{display:block;margin:1em 0}}</style></head><body><h1>{t} balance</h1>\
         <p>Setup <b>{s}</b>, agents <b>{a}</b>, seed {seed}, {g} games asked per variant.</p>",
        t = esc(title),
        s = esc(&r.setup),
        a = esc(&r.agents.join(", ")),
        seed = r.seed,
        g = r.games_asked
    );
    for v in &r.variants {
        variant_section(&mut out, v)?;
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
    out.push_str("</body></html>\n");
    Ok(out)
}
