//! A run's results handed to a person: the tables, report, `report.html`
//! and `run.toml` written to the run's folder (committed only when whole),
//! and the table printed. `run`, `merge` and `check --out` all publish
//! through here, so their folders hold the same files.

use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{Experiment, Games};
use crate::output::{self, emit, interval_text, number, signed_number, OutputDir, Table};
use crate::report::{self, Kept};
use crate::system::RecordsOut;
use std::path::Path;

/// Where a run's outcomes come from: played (`run`) or merged from shards
/// (`merge`); given where records go, it hands each variant's outcome over.
pub type Source<'s> = dyn FnMut(
        Option<RecordsOut<'_>>,
        &mut dyn FnMut(usize, crate::system::VariantOutcome) -> Result<()>,
    ) -> Result<()>
    + 's;

/// What a run prints on stdout once its folder is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Stdout {
    Table,
    Json,
    /// Nothing: the command prints its own (`check`).
    Nothing,
}

impl Stdout {
    /// The table, as JSON with `--json`.
    pub fn table(json: bool) -> Stdout {
        if json {
            Stdout::Json
        } else {
            Stdout::Table
        }
    }
}

/// A balance check's verdict on the run it played: a section of the
/// report, right after the settings, and `check.csv`/`check.parquet`.
pub struct Verdict {
    pub markdown: String,
    pub table: Table,
}

/// Writes a run's tables, report and run.toml to `out_dir` (committed only
/// when whole), with a check's verdict when there is one, and prints its
/// table as `stdout` says, from the outcomes `source` gives; returns what
/// the report kept of each variant.
pub fn publish(
    experiment: &Experiment,
    out_dir: Option<&Path>,
    threads: usize,
    stdout: Stdout,
    verdict: Option<&Verdict>,
    source: &mut Source<'_>,
) -> Result<Vec<Kept>> {
    let system = experiment.system;
    let mut out = out_dir.map(OutputDir::create).transpose()?;
    if experiment.records && out.is_none() {
        return Err(Error::new(ErrorKind::BadArgument(
            "--records needs --out DIR".into(),
        )));
    }
    let axes = experiment.axis_names();
    // The summary goes to its files variant by variant as each is done;
    // an outcome keeps only the rows the report and stdout read after the
    // run, so memory stays bounded however many variants a sweep has.
    let mut tables = match out.as_mut() {
        Some(dir) => Some(report::RunTables::open(dir, experiment)?),
        None => None,
    };
    let records = match out.as_mut() {
        Some(dir) if experiment.records => Some(RecordsOut { dir, axes: &axes }),
        _ => None,
    };
    let single = experiment.variants.len() == 1;
    let shares: Vec<String> = experiment
        .metrics
        .iter()
        .map(|m| format!("{m}_share"))
        .collect();
    let watched = experiment.watched_series();
    let mut kept: Vec<Option<Kept>> = experiment.variants.iter().map(|_| None).collect();
    source(records, &mut |v, mut outcome| {
        let rows = if single {
            outcome.rows.clone()
        } else {
            let all = std::mem::take(&mut outcome.rows);
            outcome.rows = all
                .iter()
                .filter(|r| {
                    r.metric == crate::system::metric::FORFEITS.name
                        || shares.iter().any(|s| s == r.metric)
                })
                .cloned()
                .collect();
            all
        };
        if let Some(tables) = tables.as_mut() {
            tables.push(experiment, v, rows, &outcome)?;
        }
        kept[v] = Some(Kept::new(outcome, &watched));
        Ok(())
    })?;
    let outcomes: Vec<Kept> = kept
        .into_iter()
        .map(|o| o.expect("every variant's outcome is delivered"))
        .collect();
    if let Some(dir) = out.as_mut() {
        if let Some(tables) = tables.take() {
            tables.finish()?;
        }
        let played = outcomes[experiment.reference].games;
        let games = report::examples::games(experiment, &dir.path().display().to_string(), played);
        let section = verdict.map(|v| v.markdown.as_str());
        report::write_report(dir, experiment, &outcomes, &games.moved, section, threads)?;
        if let Some(verdict) = verdict {
            output::write_table(dir, "check", &verdict.table)?;
        }
        report::write_html(dir, experiment, &games.examples)?;
        let file = dir.path().join("run.toml");
        output::write_text(dir, "run.toml", &experiment.to_toml(threads, &file))?;
    }
    if let Some(dir) = out {
        // Ctrl-C while the tables were written: nothing is committed.
        crate::cancel::check()?;
        dir.commit()?;
    }
    if stdout == Stdout::Nothing {
        return Ok(outcomes);
    }
    let json = stdout == Stdout::Json;
    let text = if experiment.variants.len() == 1 {
        let headline: Vec<_> = outcomes[0]
            .rows
            .iter()
            .filter(|r| system.table_breakdowns().contains(&r.by))
            .cloned()
            .collect();
        match json {
            true => output::rows_json(&headline),
            false => output::format_table(&headline),
        }
    } else if json {
        experiment_json(experiment, &outcomes)
    } else {
        experiment_table(experiment, &outcomes)
    };
    emit(&text)?;
    warn_missed_target(experiment, &outcomes);
    Ok(outcomes)
}

/// The stdout table of a sweep: each metric of interest per variant, and
/// its paired difference from the reference.
fn experiment_table(experiment: &Experiment, outcomes: &[Kept]) -> String {
    let mut lines = vec![[
        "variant".to_string(),
        "series".into(),
        "games".into(),
        "value".into(),
        "95% CI".into(),
        "vs reference".into(),
        "95% CI (paired)".into(),
    ]];
    let series = experiment.system.series();
    for &s in &experiment.watched_series() {
        for (v, variant) in experiment.variants.iter().enumerate() {
            let sums = &outcomes[v].series(s);
            let (low, high) = outcomes[v].interval(s, series[s].kind);
            let (diff, range) = if v == experiment.reference {
                ("reference".to_string(), String::new())
            } else {
                let d = outcomes[v].difference(s, series[s].kind);
                (
                    signed_number(d.value),
                    interval_text(d.ci_low, d.ci_high, signed_number),
                )
            };
            lines.push([
                variant.label.clone(),
                series[s].label(),
                sums.n.to_string(),
                number(sums.value()),
                interval_text(low, high, number),
                diff,
                range,
            ]);
        }
    }
    output::align(&lines, 2)
}

/// `experiment_table` as JSON: one object per variant and watched series,
/// the swept axes by name.
fn experiment_json(experiment: &Experiment, outcomes: &[Kept]) -> String {
    let series = experiment.system.series();
    let mut objects = Vec::new();
    for &s in &experiment.watched_series() {
        for (v, variant) in experiment.variants.iter().enumerate() {
            let sums = outcomes[v].series(s);
            let (low, high) = outcomes[v].interval(s, series[s].kind);
            let mut object = serde_json::Map::new();
            object.insert("variant".into(), variant.label.clone().into());
            for (axis, value) in experiment.axis_names().iter().zip(&variant.axes) {
                let value = match value.parse::<i64>() {
                    Ok(n) => serde_json::Value::from(n),
                    Err(_) => value.clone().into(),
                };
                object.insert(output::column_name(axis), value);
            }
            object.insert("metric".into(), series[s].metric.into());
            object.insert("seat".into(), series[s].seat.into());
            object.insert("by".into(), series[s].by.into());
            object.insert("level".into(), series[s].level.into());
            object.insert("games".into(), sums.n.into());
            object.insert("value".into(), sums.value().into());
            object.insert("ci_low".into(), low.into());
            object.insert("ci_high".into(), high.into());
            let reference = v == experiment.reference;
            object.insert("reference".into(), reference.into());
            if !reference {
                let d = outcomes[v].difference(s, series[s].kind);
                object.insert("difference".into(), d.value.into());
                object.insert("difference_ci_low".into(), d.ci_low.into());
                object.insert("difference_ci_high".into(), d.ci_high.into());
            }
            objects.push(serde_json::Value::Object(object));
        }
    }
    output::json_lines(&objects)
}

/// A precision target some variant did not reach within its cap: said on
/// stderr, with the widest half-width it reached, so a script sees it.
fn warn_missed_target(experiment: &Experiment, outcomes: &[Kept]) {
    let Games::Precision { half_width, .. } = experiment.games else {
        return;
    };
    let series = experiment.system.series();
    for (variant, outcome) in experiment.variants.iter().zip(outcomes) {
        if outcome.met != Some(false) {
            continue;
        }
        let widest = experiment
            .watched_series()
            .into_iter()
            .map(|s| (outcome.half_width(s, series[s].kind), s))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((reached, s)) = widest {
            crate::output::warn(format_args!(
                "fortunes: precision target ±{half_width} not met for variant {} after {} games \
                 (max_games): {} reached ±{}",
                variant.label,
                outcome.games,
                series[s].label(),
                number(reached)
            ));
        }
    }
}
