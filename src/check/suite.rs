//! A balance check of an experiment or a suite, as `fortunes check` runs
//! it: each experiment played against its baseline (or merged from the
//! shards that played it), one Holm family over every test of the suite,
//! an alarm confirmed on a fresh seed, and the verdicts printed; or, with
//! `--exact`, every figure compared. `--each` also judges every experiment
//! of the suite on its own, from the same games.

use super::alone::{holm_text, status, Alone};
use super::verdict::{self, standing_text};
use super::{CheckRow, Standing};
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{self, Experiment, Overrides};
use crate::outcome::Outcome;
use crate::output::{self, emit, interval_text, number, signed_number};
use crate::report::publish::{publish, Stdout, Verdict};
use crate::shards::{self, Chosen};
use crate::system::{Shard, VariantOutcome};
use std::path::{Path, PathBuf};

/// How to check, as the command line gives it.
pub struct Settings {
    /// Family-wise error rate of the suite's tests.
    pub alpha: f64,
    /// Identical figures instead of a test.
    pub exact: bool,
    /// The seed to play instead of the baseline's + 1 (or, exact, its own).
    pub seed: Option<u64>,
    /// Folder of the reports holding the baselines.
    pub reports: PathBuf,
    pub threads: usize,
    /// Confirm an alarm on a fresh seed.
    pub no_confirm: bool,
    pub json: bool,
    /// Judge from the shards' partial results in this folder.
    pub merge: Option<PathBuf>,
    /// Play only this shard of every experiment (into the folder, for
    /// this round) instead of judging.
    pub shard: Option<(PathBuf, Chosen, u64)>,
    /// Write each experiment's run with its verdict here (a suite's: one
    /// folder per experiment, by name).
    pub out: Option<PathBuf>,
    /// A folder's check also judges each experiment on its own, as a check
    /// of its file alone would (Holm over its own tests).
    pub each: bool,
}

/// Where a check's games come from: played here, or merged from the
/// partial results of `check --shard`.
#[derive(Clone, Copy)]
enum Games<'a> {
    Played,
    Merged(&'a Path),
}

impl Games<'_> {
    /// The outcomes of `experiment` on `seed`; `fallback`: play them when
    /// no shard of that seed was written (an alarm's confirmation).
    fn outcomes(
        self,
        experiment: &Experiment,
        seed: u64,
        threads: usize,
        fallback: bool,
    ) -> Result<Vec<VariantOutcome>> {
        let Games::Merged(dir) = self else {
            return experiment.play(seed, threads);
        };
        let parts = shards::parts_of(dir, experiment, seed)?;
        if !parts.is_empty() {
            return shards::merged_outcomes(experiment, &parts, threads);
        }
        if fallback {
            output::warn(format_args!(
                "fortunes: confirming {} on seed {seed} here: {} holds no shards of that seed",
                experiment.name,
                dir.display()
            ));
            return experiment.play(seed, threads);
        }
        Err(Error::new(ErrorKind::BadArgument(format!(
            "{} holds no partial results of {} on seed {seed}: run `fortunes check SUITE --shard K/N --parts {}` for every shard first",
            dir.display(),
            experiment.name,
            dir.display()
        ))))
    }
}

/// `check --shard K/N --parts DIR`: every experiment checked, one shard
/// of it played on the seed the check would play.
fn check_shard(
    target: &Path,
    settings: &Settings,
    (dir, chosen, round): (&Path, Chosen, u64),
    files: Vec<PathBuf>,
    folder: bool,
    threads: usize,
) -> Result<Outcome> {
    let mut written = 0;
    for file in files {
        crate::cancel::check()?;
        let experiment = Experiment::load(&file, &Overrides::default())?;
        let report = experiment::report_dir(&settings.reports, &experiment);
        if folder && !report.join(experiment::BASELINE_TOML).is_file() {
            continue;
        }
        let baseline = super::read_baseline(&report, &experiment)?;
        let seed = match settings.exact {
            true => settings.seed.unwrap_or(baseline.seed),
            false => settings.seed.unwrap_or(super::check_seed(baseline.seed)),
        };
        // A fixed number of games is one round: later rounds are the
        // precision targets' only.
        if round > shards::rounds_of(&experiment) && folder {
            continue;
        }
        let shard = Shard {
            index: chosen.index,
            count: chosen.count,
            round,
        };
        let done = shards::write_shard(&experiment, seed, threads, shard, dir)?;
        written += 1;
        output::warn(format_args!(
            "{}: shard {} of {}, round {round}, seed {seed}: {} games of each variant; wrote {}",
            experiment.name,
            chosen.index + 1,
            chosen.count,
            done.games,
            done.path.display()
        ));
    }
    if written == 0 {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "no experiment in {} has a baseline in {} (or a round {round})",
            target.display(),
            settings.reports.display()
        ))));
    }
    Ok(Outcome::Success)
}

/// One experiment's check: its table, and whether it moved.
struct Checked {
    name: String,
    tests: usize,
    moved: usize,
    smallest: f64,
    outcome: Outcome,
    /// The experiment's verdict and tests, for --json.
    json: serde_json::Value,
    /// Its verdict on its own (`--each`).
    alone: Option<Alone>,
}

fn name_json(name: &str) -> serde_json::Value {
    name.into()
}

impl Checked {
    fn bad_input(name: String) -> Checked {
        let json = serde_json::json!({ "experiment": name_json(&name), "status": "error" });
        Checked {
            name,
            tests: 0,
            moved: 0,
            smallest: f64::NAN,
            outcome: Outcome::BadInput,
            json,
            alone: None,
        }
    }

    /// The worst of its verdicts, in the suite and on its own.
    fn worst(&self) -> Outcome {
        self.alone
            .as_ref()
            .map_or(self.outcome, |a| self.outcome.max(a.outcome()))
    }
}

/// The fresh seed an alarm of `baseline`'s experiment is confirmed on.
fn fresh_seed(settings: &Settings, baseline: &super::Baseline) -> u64 {
    match settings.seed {
        Some(seed) => seed.wrapping_add(1),
        None => super::confirmation_seed(baseline.seed),
    }
}

/// `played` judged on its own from its first run's uncorrected tests
/// `raw`: the family and confirmation `check FILE` would use.
fn judge_alone(
    settings: &Settings,
    played: &Played,
    raw: Vec<CheckRow>,
    threads: usize,
    games: Games<'_>,
) -> Result<Alone> {
    let confirm = || {
        let seed = fresh_seed(settings, &played.baseline);
        // An alarm alone is at least as strong as in the suite (a smaller
        // family never corrects more), so one the suite confirmed is
        // confirmed alone from the same fresh games.
        let played_again;
        let again = match &played.again {
            Some(again) => again,
            None => {
                played_again = games.outcomes(&played.experiment, seed, threads, true)?;
                &played_again
            }
        };
        let pooled = super::pool(&played.outcomes, again);
        Ok((
            seed,
            super::raw_tests(&played.experiment, &played.baseline, &pooled)?,
        ))
    };
    Alone::judge(
        raw,
        settings.alpha,
        (!settings.no_confirm).then_some(confirm),
    )
}

/// An experiment played against its baseline, its tests not yet corrected.
struct Played {
    experiment: Experiment,
    seed: u64,
    baseline: super::Baseline,
    outcomes: Vec<VariantOutcome>,
    rows: Vec<CheckRow>,
    /// Where its run and verdict go (`--out`).
    out: Option<PathBuf>,
    /// The fresh seed an alarm was confirmed on, and the first run's
    /// smallest Holm p: `rows` then hold both runs pooled.
    confirmed: Option<(u64, f64)>,
    /// The games of that fresh seed, for its verdict on its own (`--each`)
    /// to pool without playing them again.
    again: Option<Vec<VariantOutcome>>,
}

/// Gives each experiment its rows of the corrected family back.
fn spread_back(played: &mut [Played], all: &[CheckRow]) {
    let mut rest = all;
    for p in played {
        let (mine, others) = rest.split_at(p.rows.len());
        p.rows = mine.to_vec();
        rest = others;
    }
}

/// Confirms an alarm on fresh seeds. The experiments that alarmed play
/// again on a seed neither the baseline nor the check used; a test stands
/// as moved only if both runs pooled still differ from the baseline under
/// Holm over the whole family, every other experiment's tests counted at
/// p = 1. Those rejections are a subset of one level-alpha Holm procedure's
/// (on the pooled p-values, which need no alarm to be valid), so the
/// suite's false alarm rate stays at most alpha, while a fixed check seed
/// that happens to be unlucky no longer fails a suite for good.
fn confirm(
    settings: &Settings,
    played: &mut [Played],
    threads: usize,
    games: Games<'_>,
) -> Result<()> {
    let mut family = Vec::new();
    for p in played.iter_mut() {
        if !p.rows.iter().any(|r| r.moved) {
            family.extend(p.rows.iter().cloned().map(|mut r| {
                r.p = 1.0;
                r
            }));
            continue;
        }
        let first_smallest = p.rows.iter().map(|r| r.adjusted).fold(f64::NAN, f64::min);
        let seed = fresh_seed(settings, &p.baseline);
        let again = games.outcomes(&p.experiment, seed, threads, true)?;
        let pooled = super::pool(&p.outcomes, &again);
        p.rows = super::raw_tests(&p.experiment, &p.baseline, &pooled)?;
        p.confirmed = Some((seed, first_smallest));
        p.again = settings.each.then_some(again);
        family.extend(p.rows.iter().cloned());
    }
    super::adjust(&mut family, settings.alpha);
    let mut rest = family.as_slice();
    for p in played {
        let (mine, others) = rest.split_at(p.rows.len());
        if p.confirmed.is_some() {
            p.rows = mine.to_vec();
        }
        rest = others;
    }
    Ok(())
}

/// Checks the experiment file or every experiment with a baseline in the
/// folder `target`: the outcome is the worst of them.
pub fn check(target: &Path, settings: &Settings) -> Result<Outcome> {
    let threads = settings.threads;
    let folder = target.is_dir();
    if settings.each && target.is_file() {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "--each judges each experiment of a folder on its own, and {} is one experiment, which `check` already judges on its own; give a folder, or leave out --each",
            target.display()
        ))));
    }
    let files = if folder {
        experiment::experiment_files(target, Some(&settings.reports))?
    } else {
        vec![target.to_path_buf()]
    };
    if let Some((dir, chosen, round)) = &settings.shard {
        let shard = (dir.as_path(), *chosen, *round);
        return check_shard(target, settings, shard, files, folder, threads);
    }
    let games = match &settings.merge {
        Some(dir) => Games::Merged(dir),
        None => Games::Played,
    };
    let mut results = Vec::new();
    let mut played = Vec::new();
    for file in files {
        crate::cancel::check()?;
        let experiment = match Experiment::load(&file, &Overrides::default()) {
            Ok(experiment) => experiment,
            Err(error) if folder => {
                crate::output::warn(format_args!("fortunes: error: {error}"));
                results.push(Checked::bad_input(file.display().to_string()));
                continue;
            }
            Err(error) => return Err(error),
        };
        let dir = experiment::report_dir(&settings.reports, &experiment);
        if folder && !dir.join(experiment::BASELINE_TOML).is_file() {
            continue;
        }
        let name = experiment.name.clone();
        let out = settings.out.as_ref().map(|out| match folder {
            true => out.join(&name),
            false => out.clone(),
        });
        match play_check(settings, experiment, threads, games, out) {
            Ok(Ok(exact)) => results.push(exact),
            Ok(Err(statistical)) => played.push(statistical),
            // An interruption ends the whole check (exit 130), not one
            // experiment of it.
            Err(error) if folder && !matches!(error.kind(), ErrorKind::Interrupted) => {
                crate::output::warn(format_args!("fortunes: error: {error}"));
                results.push(Checked::bad_input(name));
            }
            Err(error) => return Err(error),
        }
    }
    if folder && results.is_empty() && played.is_empty() {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "no experiment in {} has a baseline in {}; make one with `fortunes baseline FILE`",
            target.display(),
            settings.reports.display()
        ))));
    }
    // Each experiment's own family starts from its tests before the suite's
    // correction and confirmation replace them.
    let raw: Vec<Vec<CheckRow>> = match settings.each {
        true => played.iter().map(|p| p.rows.clone()).collect(),
        false => Vec::new(),
    };
    // One family: Holm over every test of every experiment checked, so the
    // whole suite raises a false alarm with probability at most alpha.
    let mut all: Vec<CheckRow> = played.iter().flat_map(|p| p.rows.iter().cloned()).collect();
    super::adjust(&mut all, settings.alpha);
    let family = super::family(&all);
    spread_back(&mut played, &all);
    if all.iter().any(|r| r.moved) && !settings.no_confirm {
        confirm(settings, &mut played, threads, games)?;
    }
    // Each on its own before anything is printed: an error judging one (its
    // fresh seed's shards unreadable, say) is that experiment's error.
    let mut own = Vec::new();
    for (p, raw) in played.iter_mut().zip(raw) {
        own.push(match judge_alone(settings, p, raw, threads, games) {
            Ok(verdict) => Ok(verdict),
            Err(error) if !matches!(error.kind(), ErrorKind::Interrupted) => {
                crate::output::warn(format_args!(
                    "fortunes: error: {}: {error}",
                    p.experiment.name
                ));
                Err(())
            }
            Err(error) => return Err(error),
        });
        p.again = None;
    }
    let mut own = own.into_iter();
    for p in played.iter_mut() {
        let mut checked = report_check(settings, p, family)?;
        match own.next() {
            Some(Ok(verdict)) => {
                if !settings.json {
                    emit(&verdict.text())?;
                }
                if let serde_json::Value::Object(fields) = &mut checked.json {
                    fields.insert("alone".into(), verdict.json());
                }
                checked.alone = Some(verdict);
            }
            Some(Err(())) => {
                checked.outcome = Outcome::BadInput;
                if let serde_json::Value::Object(fields) = &mut checked.json {
                    fields.insert("alone".into(), serde_json::json!({ "status": "error" }));
                }
            }
            None => {}
        }
        results.push(checked);
        if let Some(out) = p.out.take() {
            let dir = experiment::report_dir(&settings.reports, &p.experiment);
            let verdict = verdict::tested(&verdict::Tested {
                experiment: &p.experiment,
                baseline_dir: &dir,
                baseline: &p.baseline,
                seed: p.seed,
                confirmed: p.confirmed,
                rows: &p.rows,
                alpha: settings.alpha,
                family,
            });
            let outcomes = std::mem::take(&mut p.outcomes);
            match write_folder(&p.experiment, p.seed, outcomes, &out, &verdict, threads) {
                Ok(()) => {}
                // One experiment's folder that cannot be written is that
                // experiment's error, as in --exact; Ctrl-C ends the check.
                Err(error) if folder && !matches!(error.kind(), ErrorKind::Interrupted) => {
                    crate::output::warn(format_args!("fortunes: error: {error}"));
                    if let Some(last) = results.last_mut() {
                        last.outcome = Outcome::BadInput;
                    }
                }
                Err(error) => return Err(error),
            }
        }
    }
    if settings.json {
        let all: Vec<serde_json::Value> = results.iter().map(|r| r.json.clone()).collect();
        emit(&output::json_lines(&all))?;
    } else if folder {
        let mut head = vec!["experiment", "tests", "moved", "smallest Holm p", "status"];
        if settings.each {
            head.extend(["alone: tests", "smallest Holm p", "status"]);
        }
        let mut lines = vec![head.into_iter().map(String::from).collect::<Vec<_>>()];
        let status_text = |outcome| match outcome {
            Outcome::Success => "unchanged",
            Outcome::BalanceMoved => "MOVED",
            Outcome::BadInput => "error",
        };
        for r in &results {
            let mut line = vec![
                r.name.clone(),
                r.tests.to_string(),
                r.moved.to_string(),
                holm_text(r.smallest),
                status_text(r.outcome).into(),
            ];
            if settings.each {
                line.extend(match &r.alone {
                    Some(own) => [
                        own.tests.to_string(),
                        holm_text(own.smallest),
                        status_text(own.outcome()).into(),
                    ],
                    None => ["-".into(), "-".into(), status_text(r.outcome).into()],
                });
            }
            lines.push(line);
        }
        let how = if settings.exact {
            "--exact: every figure must equal the baseline's".to_string()
        } else {
            format!(
                "alpha {}, Holm over all {family} tests of the suite{}",
                settings.alpha,
                match settings.each {
                    true => "; alone: over each experiment's own",
                    false => "",
                }
            )
        };
        emit(&format!("\nsummary ({how})\n{}", output::align(&lines, 1)))?;
    }
    Ok(results
        .iter()
        .map(Checked::worst)
        .max()
        .unwrap_or(Outcome::Success))
}

/// Plays one experiment against its baseline: an `--exact` check is
/// decided (and printed) here; a statistical one waits for the family's
/// correction.
fn play_check(
    settings: &Settings,
    experiment: Experiment,
    threads: usize,
    games: Games<'_>,
    out: Option<PathBuf>,
) -> Result<std::result::Result<Checked, Played>> {
    let dir = experiment::report_dir(&settings.reports, &experiment);
    let baseline = super::read_baseline(&dir, &experiment)?;
    let series = experiment.system.series();
    if settings.exact {
        super::require_same_version(&baseline, &dir)?;
        let seed = settings.seed.unwrap_or(baseline.seed);
        let outcomes = games.outcomes(&experiment, seed, threads, false)?;
        let differ = super::exact_differences(&baseline, &outcomes);
        let mut text = format!(
            "== {} (--exact: seed {seed}, fortunes {})\n",
            experiment.name,
            env!("CARGO_PKG_VERSION")
        );
        if differ.is_empty() {
            text.push_str("identical: every figure of every variant equals the baseline\n");
        } else {
            let mut lines = vec![["variant", "series", "baseline", "now"].map(String::from)];
            for &(v, s) in &differ {
                lines.push([
                    experiment.variants[v].label.clone(),
                    series[s].label(),
                    format!("{:.6}", baseline.sums[v][s].value()),
                    format!("{:.6}", outcomes[v].series[s].value()),
                ]);
            }
            text.push_str(&output::align(&lines, 2));
        }
        if !settings.json {
            emit(&text)?;
        }
        let outcome = if differ.is_empty() {
            Outcome::Success
        } else {
            Outcome::BalanceMoved
        };
        let figures = outcomes.len() * series.len();
        let differences: Vec<serde_json::Value> = differ
            .iter()
            .map(|&(v, s)| {
                serde_json::json!({
                    "variant": experiment.variants[v].label,
                    "metric": series[s].metric,
                    "seat": series[s].seat,
                    "by": series[s].by,
                    "level": series[s].level,
                    "baseline": baseline.sums[v][s].value(),
                    "now": outcomes[v].series[s].value(),
                })
            })
            .collect();
        if let Some(out) = out {
            let verdict = verdict::exact(&experiment, &dir, &baseline, seed, &outcomes, &differ);
            write_folder(&experiment, seed, outcomes, &out, &verdict, threads)?;
        }
        return Ok(Ok(Checked {
            name: experiment.name.clone(),
            tests: figures,
            moved: differ.len(),
            smallest: f64::NAN,
            outcome,
            json: serde_json::json!({
                "experiment": experiment.name,
                "exact": true,
                "seed": seed,
                "status": status(outcome),
                "figures": figures,
                "differences": differences,
            }),
            alone: None,
        }));
    }
    let seed = settings.seed.unwrap_or(super::check_seed(baseline.seed));
    let outcomes = games.outcomes(&experiment, seed, threads, false)?;
    let rows = super::raw_tests(&experiment, &baseline, &outcomes)?;
    Ok(Err(Played {
        experiment,
        seed,
        baseline,
        outcomes,
        rows,
        out,
        confirmed: None,
        again: None,
    }))
}

/// Prints one experiment's corrected tests.
fn report_check(settings: &Settings, played: &Played, family: usize) -> Result<Checked> {
    let experiment = &played.experiment;
    let series = experiment.system.series();
    let rows = &played.rows;
    let moved = rows.iter().filter(|r| r.moved).count();
    let tested = super::family(rows);
    let mut lines = vec![[
        "variant",
        "series",
        "baseline",
        "now",
        "change",
        "95% CI of change",
        "p",
        "Holm p",
        "moved",
        "detectable",
    ]
    .map(String::from)];
    for row in rows {
        let (p, adjusted) = match row.standing {
            Standing::Tested => (format!("{:.4}", row.p), format!("{:.4}", row.adjusted)),
            standing => (standing_text(standing, series), "-".into()),
        };
        lines.push([
            experiment.variants[row.variant].label.clone(),
            series[row.series].label(),
            number(row.baseline),
            number(row.now),
            signed_number(row.change),
            interval_text(row.ci_low, row.ci_high, signed_number),
            p,
            adjusted,
            if row.moved { "MOVED" } else { "no" }.into(),
            number(row.detectable),
        ]);
    }
    let seeds = match played.confirmed {
        None => format!("seed {}", played.seed),
        Some((fresh, first)) => format!(
            "seed {} alarmed (smallest Holm p {first:.4}) and was confirmed on fresh seed {fresh}: \
             the figures pool both runs",
            played.seed
        ),
    };
    let left_out = rows.len() - tested;
    let outcome = if moved > 0 {
        Outcome::BalanceMoved
    } else {
        Outcome::Success
    };
    let tests: Vec<serde_json::Value> = rows
        .iter()
        .map(|row| {
            let s = &series[row.series];
            let standing = standing_text(row.standing, series);
            serde_json::json!({
                "variant": experiment.variants[row.variant].label,
                "metric": s.metric,
                "seat": s.seat,
                "by": s.by,
                "level": s.level,
                "standing": standing,
                "baseline": row.baseline,
                "now": row.now,
                "change": row.change,
                "ci_low": row.ci_low,
                "ci_high": row.ci_high,
                "p": row.p,
                "holm_p": row.adjusted,
                "moved": row.moved,
                "detectable": row.detectable,
            })
        })
        .collect();
    let json = serde_json::json!({
        "experiment": experiment.name,
        "exact": false,
        "seed": played.seed,
        "confirmed_on_seed": played.confirmed.map(|(fresh, _)| fresh),
        "baseline_seed": played.baseline.seed,
        "alpha": settings.alpha,
        "family": family,
        "status": status(outcome),
        "tests": tests,
    });
    if settings.json {
        return Ok(Checked {
            name: experiment.name.clone(),
            tests: tested,
            moved,
            smallest: rows.iter().map(|r| r.adjusted).fold(f64::NAN, f64::min),
            outcome,
            json,
            alone: None,
        });
    }
    emit(&format!(
        "== {}: {seeds}, against the baseline's seed {}; alpha {} with Holm over {family} tests \
         ({tested} here; {left_out} constant or repeating another series left out); \
         `detectable` is the smallest change found with 80% power\n{}{}\n",
        experiment.name,
        played.baseline.seed,
        settings.alpha,
        output::align(&lines, 2),
        if moved == 0 {
            "unchanged: no metric moved".to_string()
        } else {
            format!("MOVED: {moved} of {} series", rows.len())
        }
    ))?;
    Ok(Checked {
        name: experiment.name.clone(),
        tests: tested,
        moved,
        smallest: rows.iter().map(|r| r.adjusted).fold(f64::NAN, f64::min),
        outcome,
        json,
        alone: None,
    })
}

/// `check --out`: the run the check played, written as `run` writes one
/// (tables, report, `report.html`, `run.toml` on the check's seed), with
/// the verdict at the top of the report and in `check.csv`.
fn write_folder(
    experiment: &Experiment,
    seed: u64,
    outcomes: Vec<VariantOutcome>,
    out: &Path,
    verdict: &Verdict,
    threads: usize,
) -> Result<()> {
    let mut played = experiment.clone();
    played.seed = seed;
    played.records = false;
    let mut outcomes = Some(outcomes);
    publish(
        &played,
        Some(out),
        threads,
        Stdout::Nothing,
        Some(verdict),
        &mut |_, done| {
            for (v, outcome) in outcomes.take().unwrap_or_default().into_iter().enumerate() {
                done(v, outcome)?;
            }
            Ok(())
        },
    )?;
    output::warn(format_args!(
        "{}: the check's run and verdict in {}",
        experiment.name,
        out.display()
    ));
    Ok(())
}
