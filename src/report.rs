//! What a run leaves for a person: the per-variant metrics with game-level
//! intervals, the paired differences against the reference, `report.md`,
//! and SVG plots a designer can read without the tables.

use crate::error::{Error, Result};
use crate::experiment::{Experiment, Games};
use crate::output::format::{digits, fixed, interval_text};
use crate::output::{
    column_name, integer_axes, summary_table, OutputDir, Table, TableColumn, TableStream,
    VariantTable,
};
use crate::stats::{t_quantile, Difference, Kind, PairedSums, SeriesSums, SummaryRow, CONFIDENCE};
use crate::system::{Series, VariantOutcome};
use plotters::prelude::*;
use std::fmt::Write as _;

/// The label columns of `rows` rows of variant `v`: its label, then each
/// swept axis (integers where `integer` says so).
fn label_columns(
    experiment: &Experiment,
    integer: &[bool],
    v: usize,
    rows: usize,
) -> Vec<(String, TableColumn)> {
    let variant = &experiment.variants[v];
    let mut columns = vec![(
        "variant".to_string(),
        TableColumn::Text(vec![variant.label.clone(); rows]),
    )];
    for (a, axis) in experiment.axes.iter().enumerate() {
        let value = &variant.axes[a];
        let column = match integer[a] {
            true => TableColumn::Int(vec![value.parse().expect("an integer axis"); rows]),
            false => TableColumn::Text(vec![value.clone(); rows]),
        };
        columns.push((column_name(&axis.name), column));
    }
    columns
}

fn series_columns<'a>(
    series: impl Iterator<Item = &'a Series> + Clone,
) -> Vec<(String, TableColumn)> {
    let text = |get: fn(&Series) -> &'static str| {
        TableColumn::Text(series.clone().map(|s| get(s).to_string()).collect())
    };
    vec![
        ("metric".into(), text(|s| s.metric)),
        ("kind".into(), text(|s| s.kind.name())),
        ("seat".into(), text(|s| s.seat)),
        ("by".into(), text(|s| s.by)),
        ("level".into(), text(|s| s.level)),
    ]
}

/// Variant `v`'s rows of `metrics.csv`: each series, with the game as the
/// unit of its interval.
fn metrics_table(
    experiment: &Experiment,
    integer: &[bool],
    v: usize,
    sums: &[SeriesSums],
    fixed: &[bool],
) -> Table {
    let series = experiment.system.series();
    let mut columns = label_columns(experiment, integer, v, series.len());
    columns.extend(series_columns(series.iter()));
    let intervals: Vec<(f64, f64)> = (series.iter().zip(sums).zip(fixed))
        .map(|((s, x), &fixed)| x.interval(s.kind, fixed, CONFIDENCE))
        .collect();
    let floats =
        |get: &dyn Fn(&SeriesSums) -> f64| TableColumn::Float(sums.iter().map(get).collect());
    columns.extend([
        (
            "games".to_string(),
            TableColumn::Int(sums.iter().map(|x| x.n as i64).collect()),
        ),
        ("value".into(), floats(&|x| x.value())),
        (
            "ci_low".into(),
            TableColumn::Float(intervals.iter().map(|i| i.0).collect()),
        ),
        (
            "ci_high".into(),
            TableColumn::Float(intervals.iter().map(|i| i.1).collect()),
        ),
    ]);
    Table { columns }
}

/// Variant `v`'s rows of `differences.csv`: each series against the
/// reference, paired by game.
fn differences_table(
    experiment: &Experiment,
    integer: &[bool],
    v: usize,
    paired: &[PairedSums],
    fixed: &[bool],
) -> Table {
    let series = experiment.system.series();
    let differences: Vec<Difference> = (paired.iter().zip(series).zip(fixed))
        .map(|((p, s), &fixed)| p.difference(s.kind, fixed, CONFIDENCE))
        .collect();
    let mut columns = label_columns(experiment, integer, v, differences.len());
    columns.push((
        "reference".into(),
        TableColumn::Text(vec![
            experiment.variants[experiment.reference].label.clone();
            differences.len()
        ]),
    ));
    columns.extend(series_columns(series.iter().take(differences.len())));
    let floats = |get: &dyn Fn(&Difference) -> f64| {
        TableColumn::Float(differences.iter().map(get).collect())
    };
    columns.extend([
        (
            "games".to_string(),
            TableColumn::Int(differences.iter().map(|d| d.games as i64).collect()),
        ),
        ("difference".into(), floats(&|d| d.value)),
        ("ci_low".into(), floats(&|d| d.ci_low)),
        ("ci_high".into(), floats(&|d| d.ci_high)),
        ("paired_se".into(), floats(&|d| d.paired_se)),
        ("unpaired_se".into(), floats(&|d| d.unpaired_se)),
    ]);
    Table { columns }
}

fn header(table: &Table) -> Vec<String> {
    table.columns.iter().map(|(name, _)| name.clone()).collect()
}

/// What a run keeps of a variant once its tables are written: the figures
/// of the experiment's own metrics (their series, paired differences and
/// `_share` rows) for the report and stdout, so that memory does not grow
/// with every series of every variant of a large sweep.
#[derive(Clone, Debug)]
pub struct Kept {
    pub games: u64,
    pub met: Option<bool>,
    /// The summary rows still needed: the `_share` rows of the
    /// experiment's metrics and the forfeits (every row for a single
    /// variant).
    pub rows: Vec<SummaryRow>,
    /// Each watched series, its sums and whether the rules fix it.
    series: Vec<(usize, SeriesSums, bool)>,
    /// Each watched series paired with the reference, and whether the
    /// rules fix it in both.
    paired: Vec<(usize, PairedSums, bool)>,
}

impl Kept {
    /// Keeps the series in `watched` (indices into the system's series).
    pub fn new(outcome: VariantOutcome, watched: &[usize]) -> Kept {
        Kept {
            games: outcome.games,
            met: outcome.met,
            series: (watched.iter())
                .map(|&s| (s, outcome.series[s], outcome.fixed[s]))
                .collect(),
            paired: match outcome.paired.is_empty() {
                true => Vec::new(),
                false => (watched.iter())
                    .map(|&s| (s, outcome.paired[s], outcome.paired_fixed[s]))
                    .collect(),
            },
            rows: outcome.rows,
        }
    }

    fn watched(&self, s: usize) -> &(usize, SeriesSums, bool) {
        self.series
            .iter()
            .find(|(i, ..)| *i == s)
            .expect("a watched series")
    }

    /// Series `s`, which must be watched.
    pub fn series(&self, s: usize) -> &SeriesSums {
        &self.watched(s).1
    }

    /// Series `s`'s game-level interval.
    pub fn interval(&self, s: usize, kind: Kind) -> (f64, f64) {
        let (_, sums, fixed) = self.watched(s);
        sums.interval(kind, *fixed, CONFIDENCE)
    }

    /// The larger distance from series `s`'s value to an end of its
    /// interval.
    pub fn half_width(&self, s: usize, kind: Kind) -> f64 {
        let (_, sums, fixed) = self.watched(s);
        sums.half_width(kind, *fixed, CONFIDENCE)
    }

    /// Series `s` against the reference, paired by game (not for the
    /// reference).
    pub fn difference(&self, s: usize, kind: Kind) -> Difference {
        let (_, pair, fixed) = self
            .paired
            .iter()
            .find(|(i, ..)| *i == s)
            .expect("a watched series");
        pair.difference(kind, *fixed, CONFIDENCE)
    }
}

/// The tables a run leaves, written variant by variant as each variant is
/// done: `summary.csv/.parquet` (every summary row), `metrics.csv/.parquet`
/// (every series of every variant, with the game as the unit of its
/// interval) and, with several variants, `differences.csv/.parquet`
/// (every series of every variant against the reference, paired by game).
pub struct RunTables {
    summary: TableStream,
    metrics: TableStream,
    differences: Option<TableStream>,
    axes: Vec<String>,
    /// Integer axes over every variant, and over all but the reference
    /// (the variants of the differences table).
    integer: Vec<bool>,
    integer_others: Vec<bool>,
}

impl RunTables {
    pub fn open(out: &mut OutputDir, experiment: &Experiment) -> Result<RunTables> {
        let axes = experiment.axis_names();
        let values = |all: bool| -> Vec<&[String]> {
            experiment
                .variants
                .iter()
                .enumerate()
                .filter(|&(v, _)| all || v != experiment.reference)
                .map(|(_, variant)| &variant.axes[..])
                .collect()
        };
        let integer = integer_axes(axes.len(), &values(true));
        let integer_others = integer_axes(axes.len(), &values(false));
        let example = summary_table(&axes, &integer, &[]);
        let summary = TableStream::open(out, "summary", &header(&example))?;
        let series = experiment.system.series().len();
        let no_sums = vec![SeriesSums::default(); series];
        let metrics = TableStream::open(
            out,
            "metrics",
            &header(&metrics_table(
                experiment,
                &integer,
                experiment.reference,
                &no_sums,
                &vec![false; series],
            )),
        )?;
        let differences = match experiment.variants.len() {
            0 | 1 => None,
            _ => {
                let no_pairs = vec![PairedSums::default(); series];
                // The header from a variant of the table (the reference is
                // not one: its axis values may not be of the others' type).
                let other = usize::from(experiment.reference == 0);
                let no_fixed = vec![false; series];
                let table =
                    differences_table(experiment, &integer_others, other, &no_pairs, &no_fixed);
                Some(TableStream::open(out, "differences", &header(&table))?)
            }
        };
        Ok(RunTables {
            summary,
            metrics,
            differences,
            axes,
            integer,
            integer_others,
        })
    }

    /// Variant `v`'s rows, with all its summary rows.
    pub fn push(
        &mut self,
        experiment: &Experiment,
        v: usize,
        rows: Vec<SummaryRow>,
        outcome: &VariantOutcome,
    ) -> Result<()> {
        let variant = &experiment.variants[v];
        let table = VariantTable {
            label: variant.label.clone(),
            axes: variant.axes.clone(),
            rows,
        };
        self.summary.push(summary_table(
            &self.axes,
            &self.integer,
            std::slice::from_ref(&table),
        ))?;
        self.metrics.push(metrics_table(
            experiment,
            &self.integer,
            v,
            &outcome.series,
            &outcome.fixed,
        ))?;
        if let Some(differences) = self.differences.as_mut() {
            if v != experiment.reference {
                differences.push(differences_table(
                    experiment,
                    &self.integer_others,
                    v,
                    &outcome.paired,
                    &outcome.paired_fixed,
                ))?;
            }
        }
        Ok(())
    }

    pub fn finish(self) -> Result<()> {
        self.summary.finish()?;
        self.metrics.finish()?;
        match self.differences {
            Some(differences) => differences.finish(),
            None => Ok(()),
        }
    }
}

/// A metric as an axis reads: its name and its unit per observation, from
/// its definition ("initiative (share per contested round)").
fn axis_unit(series: &Series, metrics: &[crate::system::metric::Metric]) -> String {
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
/// commander", `hand_size_a` "hand size a", `b.keep` "side b keep".
fn axis_title(axis: &str) -> String {
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
fn drop_mirror(lines: &mut Vec<Line>, difference: bool) -> bool {
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
struct Line {
    name: String,
    points: Vec<(f64, f64, f64, f64)>,
}

struct Plot<'a> {
    title: String,
    x_label: String,
    y_label: String,
    /// Tick labels of a categorical x axis (x = 0, 1, 2, ...).
    categories: Option<&'a [String]>,
    /// Points of a line joined: false where the sets are not series (a
    /// search's standing and dropped candidates).
    joined: bool,
    lines: Vec<Line>,
    zero_line: bool,
    /// A dashed horizontal reference line (an even share: 0.5).
    reference_line: Option<f64>,
    /// Under the plot: the games behind it and what the bars are.
    note: String,
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
                line.points.iter().map(|&(x, y, _, _)| (x, y)).collect()
            };
            chart
                .draw_series(LineSeries::new(joined, color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(line.name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 22, y)], color.stroke_width(3))
                });
            // A long histogram reads as a curve; markers would hide it.
            if line.points.len() > 30 {
                continue;
            }
            // Hollow markers under the interval bars: a bar narrower than
            // the marker still shows.
            chart
                .draw_series(
                    line.points
                        .iter()
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

/// The line under a plot: the games behind every point and what the bars
/// are.
fn games_note(experiment: &Experiment, outcomes: &[Kept]) -> String {
    let games: Vec<u64> = outcomes.iter().map(|o| o.games).collect();
    let (least, most) = (
        games.iter().copied().min().unwrap_or(0),
        games.iter().copied().max().unwrap_or(0),
    );
    let played = if least == most {
        format!("{least} games a variant")
    } else {
        format!("{least} to {most} games a variant")
    };
    format!(
        "{played}, seed {}; bars: 95% intervals with the game as the unit",
        experiment.seed
    )
}

/// A distribution per variant as bars, one panel each (small multiples
/// on one scale), each bar with its 95% interval: joined lines would draw
/// a sawtooth between neighbouring values that is not there.
fn render_histograms(plot: &Plot) -> std::result::Result<String, String> {
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
                        line.points.iter().map(|&(x, y, _, _)| (x, y)),
                        color.stroke_width(2),
                    ))
                    .map_err(|e| e.to_string())?;
            }
            chart
                .draw_series(
                    line.points
                        .iter()
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

fn write_plot(out: &mut OutputDir, name: &str, plot: &Plot) -> Result<()> {
    let svg = if plot.lines.len() > MOST_LINES {
        render_panels(plot)
    } else {
        render(plot)
    }
    .map_err(|e| Error::output(out.path().join(name), e))?;
    crate::output::write_text(out, name, &svg)
}

/// The x position of each variant on the first axis, and the line each
/// belongs to (the other axes' values).
fn layout(experiment: &Experiment) -> (Vec<f64>, Vec<String>, Option<Vec<String>>) {
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
    let groups = experiment
        .variants
        .iter()
        .map(|v| {
            experiment.axes[1..]
                .iter()
                .zip(&v.axes[1..])
                .map(|(a, l)| format!("{}={l}", a.name))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let categories = (!first.numeric).then(|| first.labels.clone());
    (xs, groups, categories)
}

/// Lines of one metric: one per (series of the metric, other-axes group).
fn lines_of(
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
                name = format!("{name}, {group}");
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

/// Plots of every metric of interest, and `report.md`.
pub fn write_report(
    out: &mut OutputDir,
    experiment: &Experiment,
    outcomes: &[Kept],
    threads: usize,
) -> Result<()> {
    let system = experiment.system;
    let mut md = String::new();
    let title = if experiment.name == "run" {
        format!("{} run", system.name())
    } else {
        experiment.name.clone()
    };
    let _ = writeln!(md, "# {title}\n");
    if !experiment.description.is_empty() {
        let _ = writeln!(md, "{}\n", experiment.description);
    }
    let _ = writeln!(
        md,
        "Run it again with `fortunes run {}`: the same tables, byte for byte, on any number of threads.\n",
        out.path().join("run.toml").display()
    );
    let _ = writeln!(md, "| setting | value |\n|---|---|");
    let _ = writeln!(md, "| system | {} ({}) |", system.name(), system.about());
    let _ = writeln!(md, "| seed | {} |", experiment.seed);
    match experiment.games {
        Games::Fixed(games) => {
            let _ = writeln!(md, "| games per variant | {games} |");
        }
        Games::Precision {
            half_width,
            max_games,
        } => {
            let _ = writeln!(
                md,
                "| precision target | 95% half-width <= {half_width} on every metric of interest, at most {max_games} games |"
            );
        }
    }
    for seat in crate::engine::Seat::BOTH {
        let player = &experiment.players[seat];
        let tuning: Vec<String> = player
            .tuning
            .to_toml()
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        let _ = writeln!(
            md,
            "| seat {} | {} (base {}{}) |",
            seat.name(),
            player.name,
            player.base,
            if tuning.is_empty() {
                String::new()
            } else {
                format!("; {}", tuning.join(", "))
            }
        );
    }
    let defaults = crate::params::ParamValues::defaults(system.name(), system.rule_specs());
    let changed: Vec<String> = experiment
        .rules
        .to_toml()
        .iter()
        .zip(defaults.to_toml().iter())
        .filter(|(a, b)| a.1 != b.1)
        .map(|((k, v), _)| format!("{k} = {v}"))
        .collect();
    let _ = writeln!(
        md,
        "| rules changed from the defaults | {} |",
        if changed.is_empty() {
            "none".to_string()
        } else {
            changed.join(", ")
        }
    );
    for axis in &experiment.axes {
        let _ = writeln!(md, "| swept: {} | {} |", axis.name, axis.labels.join(", "));
    }
    if experiment.variants.len() > 1 {
        let _ = writeln!(
            md,
            "| reference variant | {} |",
            experiment.variants[experiment.reference].label
        );
    }
    let _ = writeln!(
        md,
        "| threads | {threads} (results do not depend on it) |\n"
    );

    if let Games::Precision { half_width, .. } = experiment.games {
        let _ = writeln!(
            md,
            "## Games played\n\n| variant | games | target met |\n|---|---|---|"
        );
        for (variant, outcome) in experiment.variants.iter().zip(outcomes) {
            let met = match outcome.met {
                Some(true) => "yes",
                _ => "no",
            };
            let _ = writeln!(
                md,
                "| {} | {} | {met} (±{half_width}) |",
                variant.label, outcome.games
            );
        }
        let _ = writeln!(md);
    }

    if experiment.forfeit {
        let _ = writeln!(
            md,
            "## Forfeits\n\nGames a seat's external agent forfeited (it failed), left out of every figure below and of every paired difference.\n\n| variant | seat | forfeited | of games | share (95% interval) |\n|---|---|---|---|---|"
        );
        for (variant, outcome) in experiment.variants.iter().zip(outcomes) {
            for row in outcome
                .rows
                .iter()
                .filter(|r| r.metric == crate::system::metric::FORFEITS.name)
            {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} | {} {} |",
                    variant.label,
                    row.seat,
                    row.count,
                    row.n,
                    crate::output::number(row.value),
                    crate::output::interval_text(row.ci_low, row.ci_high, crate::output::number)
                );
            }
        }
        let _ = writeln!(md);
    }

    let _ = writeln!(
        md,
        "Intervals are 95%. A metric's interval treats the game as the independent unit (the rounds and turns of a game are not independent); a difference's interval is paired: game i of every variant is played from the same seeds, so it compares the same deals wherever the variants share a deck.\n"
    );
    let series = system.series();
    for metric in &experiment.metrics {
        let _ = writeln!(md, "## {metric}\n");
        let indices: Vec<usize> = (0..series.len())
            .filter(|&s| series[s].metric == metric)
            .collect();
        let unit = axis_unit(&series[indices[0]], &system.metrics());
        let note = games_note(experiment, outcomes);
        if !experiment.axes.is_empty() {
            let (_, _, categories) = layout(experiment);
            let point = |v: usize, s: usize| {
                let (low, high) = outcomes[v].interval(s, series[s].kind);
                Some((outcomes[v].series(s).value(), low, high))
            };
            let mut lines = lines_of(experiment, metric, &point);
            let mirror = drop_mirror(&mut lines, false);
            let plot = Plot {
                title: format!(
                    "{} by {}{}",
                    metric.replace('_', " "),
                    axis_title(&experiment.axes[0].name),
                    if mirror { " (seat b: 1 - seat a)" } else { "" }
                ),
                x_label: axis_title(&experiment.axes[0].name),
                y_label: unit.clone(),
                categories: categories.as_deref(),
                joined: true,
                lines,
                zero_line: false,
                reference_line: mirror.then_some(0.5),
                note: note.clone(),
            };
            let file = format!("{metric}.svg");
            write_plot(out, &file, &plot)?;
            let _ = writeln!(md, "![{metric} by {}]({file})\n", experiment.axes[0].name);
        }
        let _ = writeln!(
            md,
            "| variant | series | value | 95% interval | games |\n|---|---|---|---|---|"
        );
        for (v, variant) in experiment.variants.iter().enumerate() {
            for &s in &indices {
                let sums = &outcomes[v].series(s);
                let (low, high) = outcomes[v].interval(s, series[s].kind);
                let d = digits(outcomes[v].half_width(s, series[s].kind));
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} | {} |",
                    variant.label,
                    series[s].label(),
                    fixed(sums.value(), d),
                    interval_text(low, high, |x| fixed(x, d)),
                    sums.n
                );
            }
        }
        let _ = writeln!(md);
        if experiment.variants.len() > 1 {
            let reference = &experiment.variants[experiment.reference].label;
            let point = |v: usize, s: usize| {
                if v == experiment.reference {
                    return Some((0.0, f64::NAN, f64::NAN));
                }
                let d = outcomes[v].difference(s, series[s].kind);
                Some((d.value, d.ci_low, d.ci_high))
            };
            if !experiment.axes.is_empty() {
                let (_, _, categories) = layout(experiment);
                let mut lines = lines_of(experiment, metric, &point);
                let mirror = drop_mirror(&mut lines, true);
                let plot = Plot {
                    title: format!(
                        "{} minus the reference ({reference}){}",
                        metric.replace('_', " "),
                        if mirror {
                            ", seat a (seat b: its negative)"
                        } else {
                            ""
                        }
                    ),
                    x_label: axis_title(&experiment.axes[0].name),
                    y_label: format!("difference in {unit}"),
                    categories: categories.as_deref(),
                    joined: true,
                    lines,
                    zero_line: true,
                    reference_line: None,
                    note: format!("{note}; paired by game"),
                };
                let file = format!("{metric}-difference.svg");
                write_plot(out, &file, &plot)?;
                let _ = writeln!(md, "Against the reference variant ({reference}), paired by game:\n\n![{metric} difference]({file})\n");
            }
            let _ = writeln!(md, "| variant | series | difference | 95% interval (paired) | unpaired interval would be |\n|---|---|---|---|---|");
            for (v, variant) in experiment.variants.iter().enumerate() {
                if v == experiment.reference {
                    continue;
                }
                for &s in &indices {
                    let d = outcomes[v].difference(s, series[s].kind);
                    let digits = digits((d.ci_high - d.ci_low) / 2.0);
                    // The quantile the paired interval used (read from it
                    // when the difference has no spread at all).
                    let z = t_quantile(d.games.max(2) - 1, 0.5 + CONFIDENCE / 2.0);
                    let _ = writeln!(
                        md,
                        "| {} | {} | {} | {} | ±{} |",
                        variant.label,
                        series[s].label(),
                        fixed(d.value, digits),
                        interval_text(d.ci_low, d.ci_high, |x| fixed(x, digits)),
                        fixed(z * d.unpaired_se, digits),
                    );
                }
            }
            let _ = writeln!(md);
        }
        // The metric's distribution, where the summary has one.
        let share = format!("{metric}_share");
        let has_share = outcomes[0].rows.iter().any(|r| r.metric == share);
        if has_share {
            let seat = outcomes[0]
                .rows
                .iter()
                .find(|r| r.metric == share)
                .map(|r| r.seat)
                .unwrap_or("all");
            let mut lines = Vec::new();
            for (variant, outcome) in experiment.variants.iter().zip(outcomes) {
                let points: Vec<(f64, f64, f64, f64)> = outcome
                    .rows
                    .iter()
                    .filter(|r| r.metric == share && r.seat == seat)
                    .filter_map(|r| {
                        Some((r.level.parse::<f64>().ok()?, r.value, r.ci_low, r.ci_high))
                    })
                    .collect();
                if !points.is_empty() {
                    lines.push(Line {
                        name: variant.label.clone(),
                        points,
                    });
                }
            }
            if !lines.is_empty() {
                let by = outcomes[0]
                    .rows
                    .iter()
                    .find(|r| r.metric == share)
                    .map_or("value", |r| r.by);
                let _ = by;
                let x_label = match system.metrics().iter().find(|m| m.name == metric.as_str()) {
                    Some(m) => format!("{} ({})", metric.replace('_', " "), m.unit),
                    None => by.replace('_', " "),
                };
                let plot = Plot {
                    title: format!("distribution of {} (seat {seat})", metric.replace('_', " ")),
                    x_label,
                    y_label: "share of observations".into(),
                    categories: None,
                    joined: true,
                    lines,
                    zero_line: false,
                    reference_line: None,
                    note: note.clone(),
                };
                let file = format!("{metric}-histogram.svg");
                let svg = render_histograms(&plot)
                    .map_err(|e| Error::output(out.path().join(&file), e))?;
                crate::output::write_text(out, &file, &svg)?;
                let _ = writeln!(md, "Its distribution (the `{share}` rows of summary.csv):\n\n![{metric} distribution]({file})\n");
            }
        }
    }
    let _ = writeln!(
        md,
        "## Files\n\n- `summary.csv`, `summary.parquet`: every statistic of every variant (`variant` and one column per swept axis first)\n- `metrics.csv`, `metrics.parquet`: every per-game series of every variant with its game-level interval{}\n- `run.toml`: this run, reproducible\n",
        if experiment.variants.len() > 1 {
            "\n- `differences.csv`, `differences.parquet`: every series against the reference, paired by game, with the paired and unpaired standard errors"
        } else {
            ""
        }
    );
    crate::output::write_text(out, "report.md", &md)
}
