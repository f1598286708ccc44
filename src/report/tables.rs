//! A run's per-variant tables: every per-game series with its game-level
//! interval (`metrics`), and every series against the reference, paired
//! by game (`differences`), streamed variant by variant.

use crate::error::Result;
use crate::experiment::Experiment;
use crate::output::{
    column_name, integer_axes, summary_table, OutputDir, Table, TableColumn, TableStream,
    VariantTable,
};
use crate::stats::{Difference, Kind, PairedSums, SeriesSums, SummaryRow, CONFIDENCE};
use crate::system::{Series, VariantOutcome};

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
