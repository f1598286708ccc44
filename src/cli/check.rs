//! `fortunes baseline` and `fortunes check`: record an experiment's
//! figures, and test them again for a real change (or, with `--exact`,
//! for identical figures) with one Holm family over the whole suite.

use super::outcome::Outcome;
use super::shard;
use crate::check::{self, CheckRow, Standing};
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{self, Experiment, Overrides};
use crate::output::{self, emit, interval_text, number, signed_number, OutputDir};
use crate::shards;
use crate::system::VariantOutcome;
use crate::system::{plan, Shard};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct BaselineArgs {
    /// An experiment file.
    pub experiment: PathBuf,
    /// Folder of the reports: the baseline goes to REPORTS/NAME/.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
    /// Worker threads (default: all cores); the baseline does not depend on it.
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// An experiment file, or a folder: every experiment in it (and below)
    /// that has a baseline.
    pub target: PathBuf,
    /// Family-wise error rate: the chance that an unchanged experiment
    /// raises an alarm (Holm's correction over all the metrics tested).
    #[arg(long, default_value_t = 0.01)]
    pub alpha: f64,
    /// Demand identical figures for the baseline's seed and version instead
    /// of testing for a real change: for refactors that must change nothing.
    #[arg(long)]
    pub exact: bool,
    /// The seed to play (default: the baseline's seed + 1, so the two
    /// samples are independent; with --exact, the baseline's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Folder of the reports holding the baselines.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Report the first run's verdict as it is, without confirming an
    /// alarm on fresh seeds.
    #[arg(long)]
    pub no_confirm: bool,
    /// Print the verdicts as JSON (an array, one object per experiment with
    /// its tests), for scripts; the exit code is the same.
    #[arg(long)]
    pub json: bool,
    /// Play only shard K of N of every experiment checked and write the
    /// partial results to --parts DIR (a job array's environment chooses
    /// the shard too, as for `run`); `check --merge DIR` then gives the
    /// verdict one process would.
    #[arg(long, value_name = "K/N", requires = "parts")]
    pub shard: Option<String>,
    /// With --shard: the precision target's round (default 1).
    #[arg(long, value_name = "R", requires = "parts", value_parser = clap::value_parser!(u64).range(1..))]
    pub round: Option<u64>,
    /// Where the shards of a sharded check write their partial results.
    #[arg(long, value_name = "DIR", conflicts_with = "merge")]
    pub parts: Option<PathBuf>,
    /// Judge from the partial results the shards wrote in DIR instead of
    /// playing (an alarm's confirmation, on a fresh seed, plays here unless
    /// the shards of that seed are in DIR too).
    #[arg(long, value_name = "DIR")]
    pub merge: Option<PathBuf>,
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
    args: &CheckArgs,
    files: Vec<PathBuf>,
    folder: bool,
    threads: usize,
) -> Result<Outcome> {
    let dir = args.parts.as_deref().expect("shard mode has --parts");
    let chosen = shard::chosen(args.shard.as_deref())?.ok_or_else(|| {
        Error::new(ErrorKind::BadArgument(
            "--parts needs a shard: --shard K/N, or a job array's environment (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)".into(),
        ))
    })?;
    let round = args.round.unwrap_or(1);
    let mut written = 0;
    for file in files {
        crate::cancel::check()?;
        let experiment = Experiment::load(&file, &Overrides::default())?;
        let report = experiment::report_dir(&args.reports, &experiment);
        if folder && !report.join(experiment::BASELINE_TOML).is_file() {
            continue;
        }
        let baseline = check::read_baseline(&report, &experiment)?;
        let seed = match args.exact {
            true => args.seed.unwrap_or(baseline.seed),
            false => args.seed.unwrap_or(check::check_seed(baseline.seed)),
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
            args.target.display(),
            args.reports.display()
        ))));
    }
    Ok(Outcome::Success)
}

pub fn baseline(args: BaselineArgs) -> Result<()> {
    let experiment = Experiment::load(&args.experiment, &Overrides::default())?;
    let threads = plan::threads(args.threads);
    let dir = experiment::report_dir(&args.reports, &experiment);
    let mut out = OutputDir::for_role(&dir, "baseline")?;
    let started = Instant::now();
    let outcomes = experiment.play(experiment.seed, threads)?;
    check::write_baseline(&mut out, &experiment, &outcomes)?;
    crate::cancel::check()?;
    out.commit()?;
    let games: u64 = outcomes.iter().map(|o| o.games).sum();
    emit(&format!(
        "baseline of {} written to {} ({} variants, {games} games, {:.1} s)\n",
        experiment.name,
        dir.join(experiment::BASELINE_CSV).display(),
        experiment.variants.len(),
        started.elapsed().as_secs_f64()
    ))
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
}

fn name_json(name: &str) -> serde_json::Value {
    name.into()
}

fn status(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Success => "unchanged",
        Outcome::BalanceMoved => "moved",
        Outcome::BadInput => "error",
    }
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
        }
    }
}

/// An experiment played against its baseline, its tests not yet corrected.
struct Played {
    experiment: Experiment,
    seed: u64,
    baseline: check::Baseline,
    outcomes: Vec<VariantOutcome>,
    rows: Vec<CheckRow>,
    /// The fresh seed an alarm was confirmed on, and the first run's
    /// smallest Holm p: `rows` then hold both runs pooled.
    confirmed: Option<(u64, f64)>,
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
    args: &CheckArgs,
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
        let seed = match args.seed {
            Some(seed) => seed.wrapping_add(1),
            None => check::confirmation_seed(p.baseline.seed),
        };
        let again = games.outcomes(&p.experiment, seed, threads, true)?;
        let pooled = check::pool(&p.outcomes, &again);
        p.rows = check::raw_tests(&p.experiment, &p.baseline, &pooled)?;
        p.confirmed = Some((seed, first_smallest));
        family.extend(p.rows.iter().cloned());
    }
    check::adjust(&mut family, args.alpha);
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

pub fn check(args: CheckArgs) -> Result<Outcome> {
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        return Err(Error::new(ErrorKind::BadValue {
            name: "--alpha".into(),
            value: args.alpha.to_string(),
            allowed: "a number strictly between 0 and 1".into(),
        }));
    }
    let threads = plan::threads(args.threads);
    let folder = args.target.is_dir();
    let files = if folder {
        experiment::experiment_files(&args.target, Some(&args.reports))?
    } else {
        vec![args.target.clone()]
    };
    if args.parts.is_some() {
        return check_shard(&args, files, folder, threads);
    }
    let games = match &args.merge {
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
        let dir = experiment::report_dir(&args.reports, &experiment);
        if folder && !dir.join(experiment::BASELINE_TOML).is_file() {
            continue;
        }
        let name = experiment.name.clone();
        match play_check(&args, experiment, threads, games) {
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
            args.target.display(),
            args.reports.display()
        ))));
    }
    // One family: Holm over every test of every experiment checked, so the
    // whole suite raises a false alarm with probability at most alpha.
    let mut all: Vec<CheckRow> = played.iter().flat_map(|p| p.rows.iter().cloned()).collect();
    check::adjust(&mut all, args.alpha);
    let family = check::family(&all);
    spread_back(&mut played, &all);
    if all.iter().any(|r| r.moved) && !args.no_confirm {
        confirm(&args, &mut played, threads, games)?;
    }
    for p in &played {
        results.push(report_check(&args, p, family)?);
    }
    if args.json {
        let all: Vec<serde_json::Value> = results.iter().map(|r| r.json.clone()).collect();
        emit(&output::json_lines(&all))?;
    } else if folder {
        let mut lines =
            vec![["experiment", "tests", "moved", "smallest Holm p", "status"].map(String::from)];
        for r in &results {
            lines.push([
                r.name.clone(),
                r.tests.to_string(),
                r.moved.to_string(),
                if r.smallest.is_nan() {
                    "-".into()
                } else {
                    format!("{:.4}", r.smallest)
                },
                match r.outcome {
                    Outcome::Success => "unchanged",
                    Outcome::BalanceMoved => "MOVED",
                    Outcome::BadInput => "error",
                }
                .into(),
            ]);
        }
        let how = if args.exact {
            "--exact: every figure must equal the baseline's".to_string()
        } else {
            format!(
                "Holm over all {family} tests of the suite, alpha {}",
                args.alpha
            )
        };
        emit(&format!("\nsummary ({how})\n{}", output::align(&lines, 1)))?;
    }
    Ok(results
        .iter()
        .map(|r| r.outcome)
        .max()
        .unwrap_or(Outcome::Success))
}

/// Plays one experiment against its baseline: an `--exact` check is
/// decided (and printed) here; a statistical one waits for the family's
/// correction.
fn play_check(
    args: &CheckArgs,
    experiment: Experiment,
    threads: usize,
    games: Games<'_>,
) -> Result<std::result::Result<Checked, Played>> {
    let dir = experiment::report_dir(&args.reports, &experiment);
    let baseline = check::read_baseline(&dir, &experiment)?;
    let series = experiment.system.series();
    if args.exact {
        check::require_same_version(&baseline, &dir)?;
        let seed = args.seed.unwrap_or(baseline.seed);
        let outcomes = games.outcomes(&experiment, seed, threads, false)?;
        let differ = check::exact_differences(&baseline, &outcomes);
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
        if !args.json {
            emit(&text)?;
        }
        let outcome = if differ.is_empty() {
            Outcome::Success
        } else {
            Outcome::BalanceMoved
        };
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
        return Ok(Ok(Checked {
            name: experiment.name.clone(),
            tests: outcomes.len() * series.len(),
            moved: differ.len(),
            smallest: f64::NAN,
            outcome,
            json: serde_json::json!({
                "experiment": experiment.name,
                "exact": true,
                "seed": seed,
                "status": status(outcome),
                "figures": outcomes.len() * series.len(),
                "differences": differences,
            }),
        }));
    }
    let seed = args.seed.unwrap_or(check::check_seed(baseline.seed));
    let outcomes = games.outcomes(&experiment, seed, threads, false)?;
    let rows = check::raw_tests(&experiment, &baseline, &outcomes)?;
    Ok(Err(Played {
        experiment,
        seed,
        baseline,
        outcomes,
        rows,
        confirmed: None,
    }))
}

/// Prints one experiment's corrected tests.
fn report_check(args: &CheckArgs, played: &Played, family: usize) -> Result<Checked> {
    let experiment = &played.experiment;
    let series = experiment.system.series();
    let rows = &played.rows;
    let moved = rows.iter().filter(|r| r.moved).count();
    let tested = check::family(rows);
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
            Standing::Constant => ("constant".into(), "-".into()),
            Standing::Same(e) => (format!("= {}", series[e].label()), "-".into()),
            Standing::Mirror(e) => (format!("mirror of {}", series[e].label()), "-".into()),
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
            let standing = match row.standing {
                Standing::Tested => "tested".to_string(),
                Standing::Constant => "constant".to_string(),
                Standing::Same(e) => format!("same as {}", series[e].label()),
                Standing::Mirror(e) => format!("mirror of {}", series[e].label()),
            };
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
        "alpha": args.alpha,
        "family": family,
        "status": status(outcome),
        "tests": tests,
    });
    if args.json {
        return Ok(Checked {
            name: experiment.name.clone(),
            tests: tested,
            moved,
            smallest: rows.iter().map(|r| r.adjusted).fold(f64::NAN, f64::min),
            outcome,
            json,
        });
    }
    emit(&format!(
        "== {}: {seeds}, against the baseline's seed {}; alpha {} with Holm over {family} tests \
         ({tested} here; {left_out} constant or repeating another series left out); \
         `detectable` is the smallest change found with 80% power\n{}{}\n",
        experiment.name,
        played.baseline.seed,
        args.alpha,
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
    })
}
