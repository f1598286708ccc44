//! SVG plots a designer can read without the tables: a metric over the
//! swept axis with its intervals, its paired differences, its
//! distribution as small multiples, and a search's points.

use crate::error::{Error, Result};
use crate::experiment::Experiment;
use crate::output::OutputDir;
use crate::stats::Kind;
use crate::system::Series;
use plotters::prelude::*;

/// A metric as an axis reads: its name and its unit per observation, from
/// its definition ("initiative (share per contested round)").
pub(super) fn axis_unit(series: &Series, metrics: &[crate::system::metric::Metric]) -> String {
    let name = series.metric.replace('_', " ");
    match metrics.iter().find(|m| m.name == series.metric) {
        Some(m) => format!("{name} ({} per {})", m.unit, m.per),
        None => match series.kind {
            Kind::Rate => format!("{name} (share)"),
            Kind::Mean => format!("{name} (mean)"),
        },
    }
}

/// A swept axis as a person reads it: `scenario.a.commander` is "side a
/// commander", `hand_size_a` "hand size a", `b.keep` "side b keep", and
/// the whole scenario, `scenario`, "scenario".
pub(super) fn axis_title(axis: &str) -> String {
    if axis == "scenario" {
        return axis.to_string();
    }
    axis.split('.')
        .filter(|part| *part != "scenario")
        .map(|part| match part {
            "a" | "b" => format!("side {part}"),
            other => other.replace('_', " "),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Okabe and Ito's palette, which readers with any common colour-vision
/// deficiency can tell apart (and no yellow, unreadable on white).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 0, 0),
];

fn color(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Where two seats' shares of the same events are complements (seat b's
/// share is one minus seat a's in every variant), the plot keeps seat a
/// and says so: seat b is its mirror, not a second finding.
pub(super) fn drop_mirror(lines: &mut Vec<Line>, difference: bool) -> bool {
    // Every seat b line ("seat b" or "seat b, jokers=1") with its seat a
    // line of the same group.
    let total = if difference { 0.0 } else { 1.0 };
    let mut pairs = Vec::new();
    for (b, line) in lines.iter().enumerate() {
        let Some(rest) = line.name.strip_prefix("seat b") else {
            continue;
        };
        let Some(a) = lines.iter().position(|l| l.name == format!("seat a{rest}")) else {
            return false;
        };
        pairs.push((a, b));
    }
    let mirror = !pairs.is_empty()
        && pairs.iter().all(|&(a, b)| {
            lines[a].points.len() == lines[b].points.len()
                && lines[a].points.iter().zip(&lines[b].points).all(|(p, q)| {
                    p.0 == q.0 && (!p.1.is_finite() || (p.1 + q.1 - total).abs() < 1e-9)
                })
        });
    if mirror {
        let drop: Vec<usize> = pairs.iter().map(|&(_, b)| b).collect();
        let mut i = 0;
        lines.retain(|_| {
            i += 1;
            !drop.contains(&(i - 1))
        });
    }
    mirror
}

/// One line of a plot: points (x, value, low, high).
pub(super) struct Line {
    pub(super) name: String,
    pub(super) points: Vec<(f64, f64, f64, f64)>,
}

pub(super) struct Plot<'a> {
    pub(super) title: String,
    pub(super) x_label: String,
    pub(super) y_label: String,
    /// Tick labels of a categorical x axis (x = 0, 1, 2, ...).
    pub(super) categories: Option<&'a [String]>,
    /// Points of a line joined: false where the sets are not series (a
    /// search's standing and dropped candidates).
    pub(super) joined: bool,
    pub(super) lines: Vec<Line>,
    pub(super) zero_line: bool,
    /// A dashed horizontal reference line (an even share: 0.5).
    pub(super) reference_line: Option<f64>,
    /// Under the plot: the games behind it and what the bars are.
    pub(super) note: String,
}

/// The plot's reach: x and y over every point and interval end, with the
/// zero and reference lines; y 0 to 1 when there is nothing to show.
fn extent(plot: &Plot) -> (f64, f64, f64, f64) {
    let (mut x_min, mut x_max, mut y_min, mut y_max) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for &(x, y, low, high) in plot.lines.iter().flat_map(|l| l.points.iter()) {
        x_min = x_min.min(x);
        x_max = x_max.max(x);
        for v in [y, low, high].into_iter().filter(|v| v.is_finite()) {
            y_min = y_min.min(v);
            y_max = y_max.max(v);
        }
    }
    for level in plot
        .reference_line
        .into_iter()
        .chain(plot.zero_line.then_some(0.0))
    {
        y_min = y_min.min(level);
        y_max = y_max.max(level);
    }
    if !y_min.is_finite() {
        (y_min, y_max) = (0.0, 1.0);
    }
    (x_min, x_max, y_min, y_max)
}

/// An x tick's label: the category at a whole x, or the whole number.
fn x_tick(x: f64, categories: Option<&[String]>) -> String {
    let i = x.round();
    if (x - i).abs() >= 1e-6 {
        return String::new();
    }
    match categories {
        Some(labels) if i >= 0.0 && (i as usize) < labels.len() => labels[i as usize].clone(),
        Some(_) => String::new(),
        None => format!("{}", i as i64),
    }
}

fn render(plot: &Plot) -> std::result::Result<String, String> {
    let mut svg = String::new();
    {
        let canvas = SVGBackend::with_string(&mut svg, (900, 570)).into_drawing_area();
        canvas.fill(&WHITE).map_err(|e| e.to_string())?;
        let (root, footer) = canvas.split_vertically(540);
        footer
            .draw(&Text::new(
                plot.note.clone(),
                (24, 6),
                ("sans-serif", 14).into_font().color(&BLACK.mix(0.7)),
            ))
            .map_err(|e| e.to_string())?;
        let (x_min, x_max, y_min, y_max) = extent(plot);
        let pad_y = ((y_max - y_min) * 0.08).max(y_max.abs().max(1e-9) * 0.01);
        let pad_x = ((x_max - x_min) * 0.06).max(0.5);
        // Headroom for the legend in the upper right, a line per series, so
        // it never hides the highest points.
        let legend =
            plot.lines.len() > 1 || !plot.lines.is_empty() && !plot.lines[0].name.is_empty();
        let legend_room = if legend {
            (y_max - y_min).max(1e-9) * 0.07 * plot.lines.len() as f64
        } else {
            0.0
        };
        let y_range = (y_min - pad_y)..(y_max + pad_y + legend_room);
        let x_range = (x_min - pad_x)..(x_max + pad_x);
        // Enough digits to tell about eight ticks apart, no more.
        let y_digits =
            ((-((y_max - y_min).max(1e-9) / 8.0).log10()).ceil().max(0.0) as usize).min(6);
        let mut chart = ChartBuilder::on(&root)
            .caption(&plot.title, ("sans-serif", 24))
            .margin(18)
            .x_label_area_size(55)
            .y_label_area_size(85)
            .build_cartesian_2d(x_range, y_range)
            .map_err(|e| e.to_string())?;
        let categories = plot.categories;
        let x_format = |x: &f64| x_tick(*x, categories);
        let y_format = |y: &f64| format!("{y:.y_digits$}");
        let x_ticks = match categories {
            // Past 16 categories (a search over counts), a label on some
            // of them only, or they would print over each other.
            Some(labels) if labels.len() > 16 => 17,
            Some(labels) => labels.len() * 2 + 1,
            None => ((x_max - x_min) as usize * 2 + 3).min(24),
        };
        chart
            .configure_mesh()
            .x_desc(plot.x_label.as_str())
            .y_desc(plot.y_label.as_str())
            .x_labels(x_ticks)
            .y_labels(8)
            .x_label_formatter(&x_format)
            .y_label_formatter(&y_format)
            .axis_desc_style(("sans-serif", 18))
            .label_style(("sans-serif", 15))
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(|e| e.to_string())?;
        if plot.zero_line {
            chart
                .draw_series(LineSeries::new(
                    [(x_min - pad_x, 0.0), (x_max + pad_x, 0.0)],
                    BLACK.mix(0.5).stroke_width(1),
                ))
                .map_err(|e| e.to_string())?;
        }
        if let Some(level) = plot.reference_line {
            // Dashes: a reference, not data.
            let (from, to) = (x_min - pad_x, x_max + pad_x);
            let step = (to - from) / 60.0;
            chart
                .draw_series((0..60).step_by(2).map(|k| {
                    let x = from + k as f64 * step;
                    PathElement::new(
                        vec![(x, level), (x + step, level)],
                        BLACK.mix(0.6).stroke_width(1),
                    )
                }))
                .map_err(|e| e.to_string())?;
        }
        for (i, line) in plot.lines.iter().enumerate() {
            let color = color(i);
            // Categories (strategies, presets) have no order: no line joins
            // them, as it would draw a trend that is not there.
            let joined: Vec<(f64, f64)> = if categories.is_some() || !plot.joined {
                Vec::new()
            } else {
                // A value no game defined (NaN) is no point of the line.
                line.points
                    .iter()
                    .filter(|p| p.1.is_finite())
                    .map(|&(x, y, _, _)| (x, y))
                    .collect()
            };
            chart
                .draw_series(LineSeries::new(joined, color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(line.name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 22, y)], color.stroke_width(3))
                });
            // A long histogram reads as a curve; markers would hide it.
            if plot.joined && line.points.len() > 30 {
                continue;
            }
            // Hollow markers under the interval bars: a bar narrower than
            // the marker still shows.
            chart
                .draw_series(
                    line.points
                        .iter()
                        .filter(|p| p.1.is_finite())
                        .map(|&(x, y, _, _)| Circle::new((x, y), 5, color.stroke_width(2))),
                )
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(line.points.iter().filter(|p| p.2.is_finite()).map(
                    |&(x, y, low, high)| {
                        ErrorBar::new_vertical(x, low, y, high, color.stroke_width(2), 14)
                    },
                ))
                .map_err(|e| e.to_string())?;
        }
        if legend {
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.4))
                .label_font(("sans-serif", 15))
                .draw()
                .map_err(|e| e.to_string())?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// A distribution per variant as bars, one panel each (small multiples
/// on one scale), each bar with its 95% interval: joined lines would draw
/// a sawtooth between neighbouring values that is not there.
pub(super) fn render_histograms(plot: &Plot) -> std::result::Result<String, String> {
    let panels = plot.lines.len().max(1);
    let panel_height = if panels > 3 { 170 } else { 220 };
    let height = 70 + panel_height * panels as u32 + 40;
    let mut svg = String::new();
    {
        let canvas = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        canvas.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, rest) = canvas.split_vertically(50);
        top.draw(&Text::new(
            plot.title.clone(),
            (24, 14),
            ("sans-serif", 22).into_font(),
        ))
        .map_err(|e| e.to_string())?;
        let (body, footer) = rest.split_vertically(height - 50 - 40);
        footer
            .draw(&Text::new(
                plot.note.clone(),
                (24, 10),
                ("sans-serif", 14).into_font().color(&BLACK.mix(0.7)),
            ))
            .map_err(|e| e.to_string())?;
        let points = plot.lines.iter().flat_map(|l| l.points.iter());
        let (mut x_min, mut x_max, mut y_max) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
        for &(x, y, _, high) in points {
            x_min = x_min.min(x);
            x_max = x_max.max(x);
            y_max = y_max.max(if high.is_finite() { high } else { y });
        }
        if !x_min.is_finite() {
            (x_min, x_max) = (0.0, 1.0);
        }
        let y_max = y_max.max(1e-9) * 1.08;
        let width = ((x_max - x_min) / 400.0).max(0.4);
        let areas = body.split_evenly((panels, 1));
        for (i, (area, line)) in areas.iter().zip(&plot.lines).enumerate() {
            let color = color(i);
            let last = i + 1 == panels;
            let mut chart = ChartBuilder::on(area)
                .margin(8)
                .x_label_area_size(if last { 45 } else { 20 })
                .y_label_area_size(80)
                .caption(&line.name, ("sans-serif", 16))
                .build_cartesian_2d((x_min - 1.0)..(x_max + 1.0), 0.0..y_max)
                .map_err(|e| e.to_string())?;
            let integers = plot
                .lines
                .iter()
                .flat_map(|l| l.points.iter())
                .all(|p| p.0.fract() == 0.0);
            let x_format = |x: &f64| match integers {
                true => format!("{}", x.round() as i64),
                false => format!("{x}"),
            };
            let mut mesh = chart.configure_mesh();
            mesh.x_label_formatter(&x_format)
                .y_labels(4)
                .light_line_style(WHITE)
                .label_style(("sans-serif", 13))
                .y_desc("share")
                .y_label_formatter(&|y| format!("{y:.3}"));
            if last {
                mesh.x_desc(plot.x_label.as_str());
            }
            mesh.draw().map_err(|e| e.to_string())?;
            chart
                .draw_series(line.points.iter().map(|&(x, y, _, _)| {
                    Rectangle::new([(x - width, 0.0), (x + width, y)], color.mix(0.8).filled())
                }))
                .map_err(|e| e.to_string())?;
            // Interval whiskers only where they can be seen apart.
            if line.points.len() <= 60 {
                chart
                    .draw_series(line.points.iter().filter(|p| p.2.is_finite()).map(
                        |&(x, _, low, high)| {
                            PathElement::new(vec![(x, low), (x, high)], BLACK.stroke_width(1))
                        },
                    ))
                    .map_err(|e| e.to_string())?;
            }
        }
        canvas.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// A point to plot: (x, value, interval low, interval high).
pub type Point = (f64, f64, f64, f64);

/// A plot of points with 95% interval bars on a numeric x axis, one
/// series per named set, an optional dashed reference line and a note
/// under it: for commands other than `run` (`tune`).
#[allow(clippy::too_many_arguments)]
pub fn write_points(
    out: &mut OutputDir,
    name: &str,
    title: String,
    x_label: String,
    y_label: String,
    sets: Vec<(String, Vec<Point>)>,
    reference_line: Option<f64>,
    note: String,
    categories: Option<Vec<String>>,
) -> Result<()> {
    let plot = Plot {
        title,
        x_label,
        y_label,
        categories: categories.as_deref(),
        joined: false,
        lines: sets
            .into_iter()
            .filter(|(_, points)| !points.is_empty())
            .map(|(name, points)| Line { name, points })
            .collect(),
        zero_line: false,
        reference_line,
        note,
    };
    write_plot(out, name, &plot)
}

/// Lines past which one chart becomes a tangle: small multiples instead.
const MOST_LINES: usize = 4;

/// Many lines (a grid sweep's, each seat) as small multiples: a panel a
/// line, all on one scale, each with its points, intervals and the
/// plot's reference lines.
fn render_panels(plot: &Plot) -> std::result::Result<String, String> {
    let panels = plot.lines.len();
    let columns = if panels > 6 { 3 } else { 2 };
    let rows = panels.div_ceil(columns);
    let height = 60 + 230 * rows as u32 + 40;
    let mut svg = String::new();
    {
        let canvas = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        canvas.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, rest) = canvas.split_vertically(50);
        top.draw(&Text::new(
            plot.title.clone(),
            (24, 14),
            ("sans-serif", 22).into_font(),
        ))
        .map_err(|e| e.to_string())?;
        let (body, footer) = rest.split_vertically(height - 50 - 40);
        footer
            .draw(&Text::new(
                format!("{}; y: {}", plot.note, plot.y_label),
                (24, 10),
                ("sans-serif", 14).into_font().color(&BLACK.mix(0.7)),
            ))
            .map_err(|e| e.to_string())?;
        let (x_min, x_max, y_min, y_max) = extent(plot);
        let pad = ((y_max - y_min) * 0.08).max(1e-9);
        let pad_x = ((x_max - x_min) * 0.08).max(0.5);
        let categories = plot.categories;
        let areas = body.split_evenly((rows, columns));
        for (area, line) in areas.iter().zip(&plot.lines) {
            // A seat keeps its colour from panel to panel.
            let color = color(line.name.starts_with("seat b") as usize);
            let mut chart = ChartBuilder::on(area)
                .margin(8)
                .caption(&line.name, ("sans-serif", 15))
                .x_label_area_size(40)
                .y_label_area_size(60)
                .build_cartesian_2d(
                    (x_min - pad_x)..(x_max + pad_x),
                    (y_min - pad)..(y_max + pad),
                )
                .map_err(|e| e.to_string())?;
            let x_format = |x: &f64| x_tick(*x, categories);
            chart
                .configure_mesh()
                .x_labels(((x_max - x_min) as usize * 2 + 3).min(16))
                .x_label_formatter(&x_format)
                .x_desc(plot.x_label.as_str())
                .axis_desc_style(("sans-serif", 12))
                .y_labels(5)
                .light_line_style(WHITE)
                .label_style(("sans-serif", 12))
                .draw()
                .map_err(|e| e.to_string())?;
            for level in plot
                .reference_line
                .into_iter()
                .chain(plot.zero_line.then_some(0.0))
            {
                chart
                    .draw_series(LineSeries::new(
                        [(x_min - pad_x, level), (x_max + pad_x, level)],
                        BLACK.mix(0.5).stroke_width(1),
                    ))
                    .map_err(|e| e.to_string())?;
            }
            if categories.is_none() {
                chart
                    .draw_series(LineSeries::new(
                        line.points
                            .iter()
                            .filter(|p| p.1.is_finite())
                            .map(|&(x, y, _, _)| (x, y)),
                        color.stroke_width(2),
                    ))
                    .map_err(|e| e.to_string())?;
            }
            chart
                .draw_series(
                    line.points
                        .iter()
                        .filter(|p| p.1.is_finite())
                        .map(|&(x, y, _, _)| Circle::new((x, y), 4, color.stroke_width(2))),
                )
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(line.points.iter().filter(|p| p.2.is_finite()).map(
                    |&(x, y, low, high)| {
                        ErrorBar::new_vertical(x, low, y, high, color.stroke_width(2), 10)
                    },
                ))
                .map_err(|e| e.to_string())?;
        }
        canvas.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

pub(super) fn write_plot(out: &mut OutputDir, name: &str, plot: &Plot) -> Result<()> {
    let svg = if plot.lines.len() > MOST_LINES {
        render_panels(plot)
    } else {
        render(plot)
    }
    .map_err(|e| Error::output(out.path().join(name), e))?;
    crate::output::write_text(out, name, &svg)
}

/// Variant `v`'s label as a plot shows it: the axes that vary, an axis of
/// one value (every variant's) left out.
pub(super) fn varying_label(experiment: &Experiment, v: usize) -> String {
    let shown: Vec<String> = experiment
        .axes
        .iter()
        .zip(&experiment.variants[v].axes)
        .filter(|(a, _)| a.labels.len() > 1)
        .map(|(a, l)| format!("{}={l}", a.name))
        .collect();
    match shown.is_empty() {
        true => experiment.variants[v].label.clone(),
        false => shown.join(","),
    }
}

/// The x position of each variant on the first axis, and the line each
/// belongs to (the other axes' values).
pub(super) fn layout(experiment: &Experiment) -> (Vec<f64>, Vec<String>, Option<Vec<String>>) {
    let first = &experiment.axes[0];
    let xs = experiment
        .variants
        .iter()
        .map(|v| {
            let label = &v.axes[0];
            let i = first.labels.iter().position(|l| l == label).unwrap_or(0);
            if first.numeric {
                first.values[i].as_integer().unwrap_or(i as i64) as f64
            } else {
                i as f64
            }
        })
        .collect();
    // An axis of one value varies nothing: it names no line.
    let groups = experiment
        .variants
        .iter()
        .map(|v| {
            experiment.axes[1..]
                .iter()
                .zip(&v.axes[1..])
                .filter(|(a, _)| a.labels.len() > 1)
                .map(|(a, l)| format!("{}={l}", a.name))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let categories = (!first.numeric).then(|| first.labels.clone());
    (xs, groups, categories)
}

/// Lines of one metric: one per (series of the metric, other-axes group).
pub(super) fn lines_of(
    experiment: &Experiment,
    metric: &str,
    point: &dyn Fn(usize, usize) -> Option<(f64, f64, f64)>,
) -> Vec<Line> {
    let (xs, groups, _) = layout(experiment);
    let mut lines: Vec<Line> = Vec::new();
    for (s, series) in experiment.system.series().iter().enumerate() {
        if series.metric != metric {
            continue;
        }
        for (v, group) in groups.iter().enumerate() {
            let Some((y, low, high)) = point(v, s) else {
                continue;
            };
            let seat = if series.seat == "all" {
                String::new()
            } else {
                format!("seat {}", series.seat)
            };
            let mut name = if series.by == "none" {
                seat
            } else {
                format!("{seat} {} {}", series.by, series.level)
                    .trim()
                    .to_string()
            };
            if !group.is_empty() {
                name = match name.is_empty() {
                    true => group.clone(),
                    false => format!("{name}, {group}"),
                };
            }
            match lines.iter_mut().find(|l| l.name == name) {
                Some(line) => line.points.push((xs[v], y, low, high)),
                None => lines.push(Line {
                    name,
                    points: vec![(xs[v], y, low, high)],
                }),
            }
        }
    }
    for line in &mut lines {
        line.points.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{axis_title, render, Line, Plot};

    #[test]
    fn a_value_no_game_defined_draws_no_marker() {
        // piquet_held where no piquet was ever met: NaN, which plotters
        // would draw at the bottom of the axis as if it were a value.
        let categories = ["false".to_string(), "true".to_string()];
        let plot = |first: f64, second: f64| Plot {
            title: "piquet held".into(),
            x_label: "piquets hold".into(),
            y_label: "share".into(),
            categories: Some(&categories),
            joined: true,
            lines: vec![Line {
                name: "seat a".into(),
                // An undefined value has no interval either.
                points: vec![
                    (0.0, first, first - 0.05, first + 0.05),
                    (1.0, second, second - 0.1, second + 0.1),
                ],
            }],
            zero_line: false,
            reference_line: None,
            note: String::new(),
        };
        let markers = |svg: &str| svg.matches("<circle").count();
        let both = markers(&render(&plot(0.15, 0.8)).unwrap());
        assert!(both > 0);
        assert_eq!(2 * markers(&render(&plot(f64::NAN, 0.8)).unwrap()), both);
        assert_eq!(markers(&render(&plot(f64::NAN, f64::NAN)).unwrap()), 0);
    }

    #[test]
    fn a_swept_axis_reads_as_words_and_the_whole_scenario_keeps_its_name() {
        assert_eq!(axis_title("scenario.a.commander"), "side a commander");
        assert_eq!(axis_title("hand_size_a"), "hand size a");
        assert_eq!(axis_title("b.keep"), "side b keep");
        // A plot titled "units removed by" named no axis at all.
        assert_eq!(axis_title("scenario"), "scenario");
    }
}
