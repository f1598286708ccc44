//! `fortunes baseline` and `fortunes check`: record an experiment's
//! figures, and test them again for a real change (or, with `--exact`,
//! for identical figures) with one Holm family over the whole suite.

use super::shard;
use crate::check::{self, suite};
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{self, Experiment, Overrides};
use crate::outcome::Outcome;
use crate::output::{emit, OutputDir};
use crate::system::plan;
use std::path::PathBuf;
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
    /// Also write the run the check played, as `run --out` writes one,
    /// with the verdict at the top of report.md and report.html and every
    /// test in check.csv/check.parquet (a folder's check: DIR/NAME/ per
    /// experiment).
    #[arg(long, value_name = "DIR", conflicts_with = "parts")]
    pub out: Option<PathBuf>,
    /// With a folder: also judge each experiment on its own, from the same
    /// games, as `check FILE` would (Holm over its own tests, its own
    /// confirmation); the exit is the worst of both verdicts.
    #[arg(long, conflicts_with_all = ["exact", "parts"])]
    pub each: bool,
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

/// `fortunes check`: the flags lowered into the check's settings.
pub fn check(args: CheckArgs) -> Result<Outcome> {
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        return Err(Error::new(ErrorKind::BadValue {
            name: "--alpha".into(),
            value: args.alpha.to_string(),
            allowed: "a number strictly between 0 and 1".into(),
        }));
    }
    let shard = match &args.parts {
        None => None,
        Some(dir) => {
            let chosen = shard::chosen(args.shard.as_deref())?.ok_or_else(|| {
                Error::new(ErrorKind::BadArgument(
                    "--parts needs a shard: --shard K/N, or a job array's environment (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)".into(),
                ))
            })?;
            Some((dir.clone(), chosen, args.round.unwrap_or(1)))
        }
    };
    let settings = suite::Settings {
        alpha: args.alpha,
        exact: args.exact,
        seed: args.seed,
        reports: args.reports.clone(),
        threads: plan::threads(args.threads),
        no_confirm: args.no_confirm,
        json: args.json,
        merge: args.merge.clone(),
        shard,
        out: args.out.clone(),
        each: args.each,
    };
    suite::check(&args.target, &settings)
}
