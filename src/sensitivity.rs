//! `fortunes sensitivity`: which rules move the balance. Each rule
//! parameter is moved one step from the base (an integer down and up by
//! one, every other choice of a named one), every other parameter held at
//! its base value, and every change is played on the same games as the
//! base, so its effect on a metric is a paired difference with its own
//! game-level interval. Ranked by the size of that effect, the parameters
//! that matter stand apart from those whose effect is noise.

use crate::error::{Error, Result};
use crate::experiment::{Axis, Experiment};
use crate::output::{
    column_name, emit, interval_text, signed_number, write_table, OutputDir, Table, TableColumn,
};
use crate::params::ParamKind;
use crate::stats::Difference;
use crate::system::{Series, Variant, VariantOutcome};
use plotters::prelude::*;

/// One step of one parameter away from the base.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The rule parameter, or (`fortunes cards`) the card kind.
    pub param: String,
    /// The new value as `fortunes rules` writes it.
    pub value: String,
}

/// A step the rules refuse (an impossible deal, say), and why.
#[derive(Clone, Debug)]
pub struct Refused {
    pub change: Change,
    pub reason: String,
}

/// The base experiment's reference variant and one variant per allowed
/// step of each parameter (`only` limits the parameters, when not empty):
/// an experiment whose reference is the base, and the steps refused.
pub fn one_at_a_time(
    base: &Experiment,
    only: &[String],
) -> Result<(Experiment, Vec<Change>, Vec<Refused>)> {
    let system = base.system;
    let specs = system.rule_specs();
    for name in only {
        if !specs.iter().any(|s| s.name == name) {
            let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
            return Err(Error::new(crate::error::ErrorKind::BadArgument(format!(
                "--param {name}: {} has no such rule; allowed: {}",
                system.name(),
                names.join(", ")
            ))));
        }
    }
    let reference = &base.variants[base.reference];
    let mut variants = vec![Variant {
        label: "base".into(),
        axes: vec!["base".into()],
        ..reference.clone()
    }];
    let (mut changes, mut refused) = (Vec::new(), Vec::new());
    for spec in specs {
        if !only.is_empty() && !only.iter().any(|n| n == spec.name) {
            continue;
        }
        let now = reference.rules.get(spec.name);
        let steps: Vec<i64> = match spec.kind {
            ParamKind::Int { min, max } => [now - 1, now + 1]
                .into_iter()
                .filter(|v| (min..=max).contains(v))
                .collect(),
            ParamKind::OptionalInt { min, max } if now != crate::params::NONE => [now - 1, now + 1]
                .into_iter()
                .filter(|v| (min..=max).contains(v))
                .collect(),
            // Unset, a seat's own value (`hand_size_a`) follows the value
            // for both (`hand_size`): one step from that moves one seat
            // alone. Any other unset value follows something else (a
            // scenario's), and is left where it is.
            ParamKind::OptionalInt { min, max } => match seat_fallback(spec.name, specs) {
                Some(both) => {
                    let now = reference.rules.get(both);
                    [now - 1, now + 1]
                        .into_iter()
                        .filter(|v| (min..=max).contains(v))
                        .collect()
                }
                None => Vec::new(),
            },
            ParamKind::Choice(names) => (0..names.len() as i64).filter(|&v| v != now).collect(),
            ParamKind::Bool => vec![1 - now],
        };
        for step in steps {
            let change = Change {
                param: spec.name.into(),
                value: spec.format(step),
            };
            let mut variant = reference.clone();
            variant
                .rules
                .set_text(&format!("{}={}", spec.name, change.value))?;
            variant.label = format!("{}={}", spec.name, change.value);
            variant.axes = vec![variant.label.clone()];
            match system.check(&variant) {
                Ok(()) => {
                    variants.push(variant);
                    changes.push(change);
                }
                Err(error) => refused.push(Refused {
                    change,
                    reason: error.to_string(),
                }),
            }
        }
    }
    let description = format!(
        "{}: each rule parameter one step from the base, on the same games",
        system.name()
    );
    let experiment = of_steps(base, variants, "sensitivity", description);
    Ok((experiment, changes, refused))
}

/// The experiment that plays `variants` (the base first, then one per
/// step) on the same games, its one axis the step's label.
pub fn of_steps(
    base: &Experiment,
    variants: Vec<Variant>,
    what: &str,
    description: String,
) -> Experiment {
    let labels: Vec<String> = variants.iter().map(|v| v.label.clone()).collect();
    let mut experiment = base.clone();
    experiment.name = format!("{}-{what}", base.name);
    experiment.description = description;
    experiment.axes = vec![Axis {
        name: "change".into(),
        values: labels
            .iter()
            .map(|l| toml::Value::String(l.clone()))
            .collect(),
        labels,
        numeric: false,
    }];
    experiment.variants = variants;
    experiment.reference = 0;
    experiment
}

/// What a run of steps is called: its table's file and, in captions,
/// what each step moved.
#[derive(Clone, Copy)]
pub struct Named {
    pub file: &'static str,
    pub steps: &'static str,
}

/// Plays the steps' experiment (its reference the base) and ranks every
/// change by its paired effect on each metric of interest: printed, and
/// with `out` written as `NAME.csv`/`NAME.parquet` and a tornado plot per
/// series; the steps refused are named.
pub fn report(
    experiment: &Experiment,
    changes: &[Change],
    refused: &[Refused],
    out: Option<&std::path::Path>,
    threads: usize,
    named: Named,
) -> Result<()> {
    let mut out = out.map(OutputDir::create).transpose()?;
    let outcomes = experiment.play(experiment.seed, threads)?;
    let effects = effects(experiment, changes, &outcomes);
    if let Some(dir) = out.as_mut() {
        write_table(dir, named.file, &table(&effects))?;
        for series in effects.chunk_by(|a, b| std::ptr::eq(a.series, b.series)) {
            write_tornado(dir, series, named.steps)?;
        }
        crate::cancel::check()?;
    }
    if let Some(dir) = out {
        dir.commit()?;
    }
    let mut text = String::new();
    for series in effects.chunk_by(|a, b| std::ptr::eq(a.series, b.series)) {
        text.push_str(&series_text(series));
        text.push('\n');
    }
    for r in refused {
        text.push_str(&format!(
            "not moved: {} = {} ({})\n",
            r.change.param, r.change.value, r.reason
        ));
    }
    emit(&text)
}

/// One series' ranked effects, as an aligned table.
fn series_text(effects: &[Effect]) -> String {
    let series = effects[0].series;
    let mut lines = vec![[
        series.label(),
        "effect".into(),
        "95% CI (paired)".into(),
        String::new(),
    ]];
    for e in effects {
        let d = &e.difference;
        lines.push([
            format!("  {} = {}", e.change.param, e.change.value),
            signed_number(d.value),
            interval_text(d.ci_low, d.ci_high, signed_number),
            if e.clear() { "*".into() } else { String::new() },
        ]);
    }
    let mut text = crate::output::align(&lines, 2);
    text.push_str(&format!(
        "  ({} games each, paired with the base; * an effect after Holm's correction over every step and metric, 5%)\n",
        effects[0].difference.games
    ));
    text
}

/// The parameter a seat's own parameter falls back to when unset:
/// `hand_size` for `hand_size_a`, when the system has it.
fn seat_fallback(name: &str, specs: &[crate::params::ParamSpec]) -> Option<&'static str> {
    let both = name
        .strip_suffix("_a")
        .or_else(|| name.strip_suffix("_b"))?;
    specs.iter().find(|s| s.name == both).map(|s| s.name)
}

/// The effect of one change on one series: its paired difference from
/// the base.
#[derive(Clone, Debug)]
pub struct Effect<'a> {
    pub series: &'a Series,
    pub change: &'a Change,
    pub difference: Difference,
    /// Its two-sided p, Holm-adjusted over every step and series of the
    /// run: with many comparisons a few 95% intervals leave out zero by
    /// chance, so "an effect" is said only where this is below 5%.
    pub holm_p: f64,
}

impl Effect<'_> {
    /// An effect, not noise, after Holm's correction over the run.
    pub fn clear(&self) -> bool {
        self.holm_p < 0.05
    }
}

/// The two-sided p of a paired difference: exact where its standard error
/// is zero (the same games to the last figure).
fn p_value(d: &Difference) -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal};
    if d.paired_se == 0.0 || !d.paired_se.is_finite() {
        return if d.value == 0.0 || d.value.is_nan() {
            1.0
        } else {
            0.0
        };
    }
    2.0 * (1.0 - Normal::standard().cdf((d.value / d.paired_se).abs()))
}

/// Every change's effect on every watched series, each series' effects
/// ranked by size (the largest first; a parameter's two steps kept
/// together under its larger one).
pub fn effects<'a>(
    experiment: &'a Experiment,
    changes: &'a [Change],
    outcomes: &[VariantOutcome],
) -> Vec<Effect<'a>> {
    let series = experiment.system.series();
    let mut all = Vec::new();
    for s in experiment.watched_series() {
        let mut these: Vec<Effect> = changes
            .iter()
            .enumerate()
            .map(|(c, change)| Effect {
                series: &series[s],
                change,
                difference: outcomes[c + 1].difference(s, series[s].kind),
                holm_p: f64::NAN,
            })
            .collect();
        let size = |param: &str, these: &[Effect]| {
            these
                .iter()
                .filter(|e| e.change.param == param)
                .map(|e| e.difference.value.abs())
                .fold(0.0, f64::max)
        };
        let sizes: Vec<f64> = these
            .iter()
            .map(|e| size(&e.change.param, &these))
            .collect();
        let mut order: Vec<usize> = (0..these.len()).collect();
        order.sort_by(|&i, &j| sizes[j].total_cmp(&sizes[i]).then(i.cmp(&j)));
        let mut ranked: Vec<Option<Effect>> = these.drain(..).map(Some).collect();
        all.extend(order.into_iter().filter_map(|i| ranked[i].take()));
    }
    let p: Vec<f64> = all.iter().map(|e| p_value(&e.difference)).collect();
    for (effect, adjusted) in all.iter_mut().zip(crate::check::holm(&p)) {
        effect.holm_p = adjusted;
    }
    all
}

/// The effects as one table: series, parameter, value, games, effect and
/// its interval, the paired standard error, and whether the interval
/// leaves out zero.
pub fn table(effects: &[Effect]) -> Table {
    let text =
        |get: &dyn Fn(&Effect) -> String| TableColumn::Text(effects.iter().map(get).collect());
    let float = |get: &dyn Fn(&Difference) -> f64| {
        TableColumn::Float(effects.iter().map(|e| get(&e.difference)).collect())
    };
    Table {
        columns: vec![
            ("metric".into(), text(&|e| e.series.metric.to_string())),
            ("seat".into(), text(&|e| e.series.seat.to_string())),
            ("by".into(), text(&|e| e.series.by.to_string())),
            ("level".into(), text(&|e| e.series.level.to_string())),
            ("param".into(), text(&|e| e.change.param.to_string())),
            ("value".into(), text(&|e| e.change.value.clone())),
            (
                "games".into(),
                TableColumn::Int(effects.iter().map(|e| e.difference.games as i64).collect()),
            ),
            ("effect".into(), float(&|d| d.value)),
            ("ci_low".into(), float(&|d| d.ci_low)),
            ("ci_high".into(), float(&|d| d.ci_high)),
            ("paired_se".into(), float(&|d| d.paired_se)),
            (
                "holm_p".into(),
                TableColumn::Float(effects.iter().map(|e| e.holm_p).collect()),
            ),
            (
                "clear".into(),
                TableColumn::Text(effects.iter().map(|e| e.clear().to_string()).collect()),
            ),
        ],
    }
}

/// A tornado plot of one series: a bar per change from zero to its effect,
/// with its 95% interval, the largest at the top; bars whose interval
/// leaves out zero drawn solid, the others hollow.
/// `steps` says what each bar moved, for the caption (`one step of each
/// rule`).
pub fn write_tornado(out: &mut OutputDir, effects: &[Effect], steps: &str) -> Result<String> {
    let series = effects[0].series;
    let name = format!(
        "tornado-{}.svg",
        column_name(&series.label()).replace(' ', "_")
    );
    let svg =
        render_tornado(effects, steps).map_err(|e| Error::output(out.path().join(&name), e))?;
    crate::output::write_text(out, &name, &svg)?;
    Ok(name)
}

fn render_tornado(all: &[Effect], steps: &str) -> std::result::Result<String, String> {
    // Steps with no effect at all (the same games to the last figure) are
    // named under the plot, not drawn as empty rows.
    let (effects, none): (Vec<&Effect>, Vec<&Effect>) = all.iter().partition(|e| {
        let d = &e.difference;
        d.value != 0.0 || d.ci_low != 0.0 || d.ci_high != 0.0
    });
    let mut svg = String::new();
    let rows = effects.len().max(1);
    let height = 150 + 30 * rows as u32;
    {
        let root = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (plot, footer) = root.split_vertically(height - 40);
        let reach = effects
            .iter()
            .flat_map(|e| [e.difference.ci_low.abs(), e.difference.ci_high.abs()])
            .filter(|x| x.is_finite())
            .fold(0.0f64, f64::max)
            .max(1e-9)
            * 1.1;
        let series = all[0].series;
        let labels: Vec<String> = effects
            .iter()
            .map(|e| format!("{} = {}", e.change.param, e.change.value))
            .collect();
        let mut chart = ChartBuilder::on(&plot)
            .caption(
                format!(
                    "{}: {steps} ({} games, paired)",
                    series.label(),
                    all[0].difference.games
                ),
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(250)
            .build_cartesian_2d(-reach..reach, (0..rows as i32).into_segmented())
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(WHITE)
            .y_labels(rows)
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) if (0..rows as i32).contains(i) => {
                    // The largest effect at the top.
                    labels
                        .get(rows - 1 - *i as usize)
                        .cloned()
                        .unwrap_or_default()
                }
                _ => String::new(),
            })
            .x_desc(format!(
                "difference in {} from the base (bars: effect; lines: 95% interval; solid: an effect after Holm's correction)",
                series.metric.replace('_', " ")
            ))
            .draw()
            .map_err(|e| e.to_string())?;
        let blue = RGBColor(0, 114, 178);
        for (i, effect) in effects.iter().enumerate() {
            let row = (rows - 1 - i) as i32;
            let d = &effect.difference;
            let style = if effect.clear() {
                blue.filled()
            } else {
                blue.stroke_width(2)
            };
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(row)),
                        (d.value, SegmentValue::Exact(row + 1)),
                    ],
                    style,
                )))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![
                        (d.ci_low, SegmentValue::CenterOf(row)),
                        (d.ci_high, SegmentValue::CenterOf(row)),
                    ],
                    BLACK.stroke_width(2),
                )))
                .map_err(|e| e.to_string())?;
        }
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![
                    (0.0, SegmentValue::Exact(0)),
                    (0.0, SegmentValue::Exact(rows as i32)),
                ],
                BLACK.stroke_width(1),
            )))
            .map_err(|e| e.to_string())?;
        let note = match none.len() {
            0 => String::new(),
            _ => {
                let names: Vec<String> = none
                    .iter()
                    .map(|e| format!("{} = {}", e.change.param, e.change.value))
                    .collect();
                let mut text = format!("no effect at all: {}", names.join(", "));
                if text.len() > 140 {
                    text.truncate(137);
                    text.push_str("...");
                }
                text
            }
        };
        footer
            .draw(&Text::new(note, (20, 10), ("sans-serif", 13).into_font()))
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}
