//! A check's verdict as the folder of `check --out` keeps it: a section
//! at the top of `report.md` (and so of `report.html`) that says whether
//! the balance moved and shows every test, and `check.csv`/`check.parquet`
//! with one row per series tested, for CI and notebooks.

use super::{Baseline, CheckRow, Standing};
use crate::experiment::Experiment;
use crate::output::{axis_column, interval_text, number, signed_number, Table, TableColumn};
use crate::report::publish::Verdict;
use crate::system::{Series, VariantOutcome};
use std::fmt::Write as _;
use std::path::Path;

/// How a row stands in the family, in words (`tested`, `constant`, `same
/// as X`, `mirror of X`).
pub fn standing_text(standing: Standing, series: &[Series]) -> String {
    match standing {
        Standing::Tested => "tested".into(),
        Standing::Constant => "constant".into(),
        Standing::Same(e) => format!("same as {}", series[e].label()),
        Standing::Mirror(e) => format!("mirror of {}", series[e].label()),
    }
}

/// What the statistical check of one experiment found.
pub struct Tested<'a> {
    pub experiment: &'a Experiment,
    pub baseline_dir: &'a Path,
    pub baseline: &'a Baseline,
    pub seed: u64,
    /// The fresh seed an alarm was confirmed on, and the first run's
    /// smallest Holm p.
    pub confirmed: Option<(u64, f64)>,
    pub rows: &'a [CheckRow],
    pub alpha: f64,
    pub family: usize,
}

/// The verdict of a statistical check.
pub fn tested(check: &Tested<'_>) -> Verdict {
    let experiment = check.experiment;
    let series = experiment.system.series();
    let moved = check.rows.iter().filter(|r| r.moved).count();
    let tested = super::family(check.rows);
    let mut md = String::from("## Balance check\n\n");
    let _ = writeln!(
        md,
        "{}\n",
        if moved == 0 {
            "**Unchanged**: no metric moved.".to_string()
        } else {
            format!(
                "**MOVED**: {moved} of {} series changed beyond chance.",
                check.rows.len()
            )
        }
    );
    let _ = writeln!(
        md,
        "Played on seed {} against the baseline in `{}` (seed {}, fortunes {}). Holm's correction over all {} tests of the check at alpha {} ({tested} here; {} constant or repeating another series left out). `detectable`: the smallest change this check finds with 80% power.\n",
        check.seed,
        check.baseline_dir.display(),
        check.baseline.seed,
        check.baseline.version,
        check.family,
        check.alpha,
        check.rows.len() - tested,
    );
    if let Some((fresh, first)) = check.confirmed {
        let _ = writeln!(
            md,
            "Seed {} alarmed (smallest Holm p {first:.4}) and the alarm was confirmed on fresh seed {fresh}: the check's `now` figures pool both runs, while the tables below are seed {}'s alone.\n",
            check.seed, check.seed
        );
    }
    let _ = writeln!(
        md,
        "| variant | series | baseline | now | change | 95% CI of change | p | Holm p | moved | detectable |\n|---|---|---|---|---|---|---|---|---|---|"
    );
    for row in check.rows {
        let (p, adjusted) = match row.standing {
            Standing::Tested => (format!("{:.4}", row.p), format!("{:.4}", row.adjusted)),
            standing => (standing_text(standing, series), "-".into()),
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {p} | {adjusted} | {} | {} |",
            experiment.variants[row.variant].label,
            series[row.series].label(),
            number(row.baseline),
            number(row.now),
            signed_number(row.change),
            interval_text(row.ci_low, row.ci_high, signed_number),
            if row.moved { "**MOVED**" } else { "no" },
            number(row.detectable),
        );
    }
    md.push('\n');
    let rows = check.rows;
    let float = |f: fn(&CheckRow) -> f64| TableColumn::Float(rows.iter().map(f).collect());
    let mut columns = keys(experiment, rows.iter().map(|r| (r.variant, r.series)));
    columns.extend([
        (
            "standing".to_string(),
            TableColumn::Text(
                rows.iter()
                    .map(|r| standing_text(r.standing, series))
                    .collect(),
            ),
        ),
        ("baseline".into(), float(|r| r.baseline)),
        ("now".into(), float(|r| r.now)),
        ("change".into(), float(|r| r.change)),
        ("ci_low".into(), float(|r| r.ci_low)),
        ("ci_high".into(), float(|r| r.ci_high)),
        ("p".into(), float(|r| r.p)),
        ("holm_p".into(), float(|r| r.adjusted)),
        (
            "moved".into(),
            TableColumn::Bool(rows.iter().map(|r| r.moved).collect()),
        ),
        ("detectable".into(), float(|r| r.detectable)),
    ]);
    Verdict {
        markdown: md,
        table: Table { columns },
    }
}

/// The verdict of an `--exact` check: every figure of every variant, and
/// whether it equals the baseline's.
pub fn exact(
    experiment: &Experiment,
    baseline_dir: &Path,
    baseline: &Baseline,
    seed: u64,
    outcomes: &[VariantOutcome],
    differ: &[(usize, usize)],
) -> Verdict {
    let series = experiment.system.series();
    let figures = outcomes.len() * series.len();
    let mut md = String::from("## Balance check\n\n");
    let _ = writeln!(
        md,
        "{}\n\n`--exact`: seed {seed} against the baseline in `{}` (seed {}, fortunes {}), every figure compared.\n",
        if differ.is_empty() {
            format!("**Identical**: all {figures} figures of every variant equal the baseline's.")
        } else {
            format!("**MOVED**: {} of {figures} figures differ from the baseline's.", differ.len())
        },
        baseline_dir.display(),
        baseline.seed,
        baseline.version,
    );
    if !differ.is_empty() {
        let _ = writeln!(
            md,
            "| variant | series | baseline | now |\n|---|---|---|---|"
        );
        for &(v, s) in differ {
            let _ = writeln!(
                md,
                "| {} | {} | {:.6} | {:.6} |",
                experiment.variants[v].label,
                series[s].label(),
                baseline.sums[v][s].value(),
                outcomes[v].series[s].value()
            );
        }
        md.push('\n');
    }
    let every: Vec<(usize, usize)> = (0..outcomes.len())
        .flat_map(|v| (0..series.len()).map(move |s| (v, s)))
        .collect();
    let mut columns = keys(experiment, every.iter().copied());
    columns.extend([
        (
            "baseline".to_string(),
            TableColumn::Float(
                every
                    .iter()
                    .map(|&(v, s)| baseline.sums[v][s].value())
                    .collect(),
            ),
        ),
        (
            "now".into(),
            TableColumn::Float(
                every
                    .iter()
                    .map(|&(v, s)| outcomes[v].series[s].value())
                    .collect(),
            ),
        ),
        (
            "moved".into(),
            TableColumn::Bool(every.iter().map(|key| differ.contains(key)).collect()),
        ),
    ]);
    Verdict {
        markdown: md,
        table: Table { columns },
    }
}

/// The columns that say which series of which variant a row is.
fn keys(
    experiment: &Experiment,
    rows: impl Iterator<Item = (usize, usize)> + Clone,
) -> Vec<(String, TableColumn)> {
    let series = experiment.system.series();
    let text = |f: &dyn Fn(usize, usize) -> String| {
        TableColumn::Text(rows.clone().map(|(v, s)| f(v, s)).collect())
    };
    let mut columns = vec![(
        "variant".to_string(),
        text(&|v, _| experiment.variants[v].label.clone()),
    )];
    // The swept axes as metrics.csv has them, so the tables join.
    for (a, axis) in experiment.axis_names().iter().enumerate() {
        let values = rows
            .clone()
            .map(|(v, _)| experiment.variants[v].axes[a].clone())
            .collect();
        columns.push(axis_column(axis, values));
    }
    columns.extend([
        ("metric".into(), text(&|_, s| series[s].metric.into())),
        ("seat".into(), text(&|_, s| series[s].seat.into())),
        ("by".into(), text(&|_, s| series[s].by.into())),
        ("level".into(), text(&|_, s| series[s].level.into())),
    ]);
    columns
}
