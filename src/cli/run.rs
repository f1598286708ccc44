//! `fortunes run`: a system's defaults or an experiment file, played and
//! written as tables, a report and `run.toml`.

use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{Experiment, Overrides, BASELINE_TOML};
use crate::report::publish::{publish, Stdout};
use crate::system::plan;
use crate::systems;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// A system (`fortunes run haggerty`) or an experiment file
    /// (`fortunes run experiments/NAME.toml`; a run.toml works too).
    pub target: Option<String>,
    /// Reproduce a run from its run.toml (the same as giving it as TARGET).
    #[arg(long, value_name = "RUN_TOML", conflicts_with = "target")]
    pub from: Option<PathBuf>,
    /// Games to play per variant (default: the file's, else the system's:
    /// haggerty 1,000,000; haggis 10,000 games to the target score;
    /// sickles and skirmish 100,000; piquet 20,000 games of 6 DECQs).
    #[arg(short = 'n', long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub games: Option<u64>,
    /// Play until every metric of interest has a 95% half-width of at most
    /// this, in fixed batches (the stopping point depends only on the seed).
    #[arg(long, value_name = "H", conflicts_with = "games")]
    pub precision: Option<f64>,
    /// With --precision: stop at this many games per variant at the most
    /// (default: 10 x the system's default games).
    #[arg(long, requires = "precision", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub max_games: Option<u64>,
    #[command(flatten)]
    pub base: BaseArgs,
    /// A metric of interest (repeatable; replaces the file's list).
    #[arg(short, long = "metric", value_name = "NAME")]
    pub metrics: Vec<String>,
    /// Write the tables, report and run.toml here (an experiment file
    /// writes reports/NAME/ unless told otherwise).
    #[arg(short, long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also write records.parquet: one row per game (Haggis: per round;
    /// Sickles: per turn; Piquet: per DECQ), what a row is said in the
    /// file's metadata (`fortunes.row`) and by `fortunes ask`.
    #[arg(long)]
    pub records: bool,
    /// An external agent (exec:) that crashes, times out or answers
    /// nonsense or an illegal choice forfeits that game instead of
    /// stopping the run: the game is left out of every figure and counted
    /// in the `forfeits` rows. One that fails before it has answered a
    /// decision of the game still stops the run.
    #[arg(long)]
    pub forfeit: bool,
    /// Print only the summary table, no timing line or progress bar.
    #[arg(short, long)]
    pub quiet: bool,
    /// Print the stdout table as JSON (an array of objects, numbers as
    /// numbers, a missing value as null) for scripts and notebooks.
    #[arg(long)]
    pub json: bool,
    /// Replaying a run file without --out may write over its report folder
    /// even when that folder holds a committed baseline.
    #[arg(long)]
    pub force: bool,
    /// Play only shard K of N (1 <= K <= N; batch b of the games is shard
    /// b mod N + 1) and write its exact accumulators, a partial result, to
    /// --out DIR (an experiment's default: reports/NAME.parts/); `fortunes
    /// merge` combines the N into the single run's tables, byte for byte.
    /// Without it, SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT (a Slurm job
    /// array) or JOB_COMPLETION_INDEX with FORTUNES_SHARD_COUNT (a
    /// Kubernetes Indexed Job) choose the shard; `--shard none` ignores them.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Under a precision target, the round a shard plays: round R is games
    /// x C to R x C - 1 of every variant, C the games after which a
    /// single run checks the target; `fortunes merge` says when another
    /// round is needed (default 1).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u64).range(1..))]
    pub round: Option<u64>,
}

/// The flags every command that plays a configuration shares (`run`, and
/// the base of `sensitivity` and `tune`): defined once, flattened where
/// needed.
#[derive(clap::Args, Clone, Debug)]
pub struct BaseArgs {
    /// Master seed: the same seed gives the same results on any thread count.
    #[arg(short, long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// A rules file or a preset name looked up in experiments/<system>/
    /// (`--rules official` for Haggis); with a system TARGET only.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<String>,
    /// Set one rule parameter (after --rules); repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The strategy for a seat (a or b): a built-in, a preset name, or a
    /// preset file; repeatable. Default: heuristic for both.
    #[arg(long = "strategy", value_name = "SEAT=NAME")]
    pub strategy: Vec<String>,
    /// The scenario: a name in experiments/SYSTEM/scenarios/ or a file
    /// (replaces the experiment file's; for sickles, skirmish and piquet).
    #[arg(long, value_name = "NAME|FILE")]
    pub scenario: Option<String>,
    /// Folder of strategy presets (default: ./strategies, then the crate's).
    #[arg(long)]
    pub strategies_dir: Option<PathBuf>,
}

impl BaseArgs {
    /// The base experiment of `target`, as `run` would read it.
    pub fn resolve(
        &self,
        target: &str,
        games: Option<u64>,
        metrics: &[String],
    ) -> Result<Experiment> {
        let run = RunArgs {
            target: Some(target.to_string()),
            from: None,
            games,
            precision: None,
            max_games: None,
            base: self.clone(),
            metrics: metrics.to_vec(),
            out: None,
            records: false,
            forfeit: false,
            quiet: true,
            json: false,
            // The experiment alone is wanted, and nothing is written where
            // `run` would write: no report to protect (a report's replay
            // commands name its folder, baseline or not).
            force: true,
            shard: Some("none".into()),
            round: None,
        };
        resolve_run(&run).map(|(experiment, _)| experiment)
    }
}

/// Resolves a `run` command line into an experiment and where it writes.
pub fn resolve_run(args: &RunArgs) -> Result<(Experiment, Option<PathBuf>)> {
    let overrides = Overrides {
        games: args.games,
        precision: args.precision,
        max_games: args.max_games,
        seed: args.base.seed,
        set: args.base.set.clone(),
        strategies: args.base.strategy.clone(),
        strategies_dir: args.base.strategies_dir.clone(),
        records: args.records,
        forfeit: args.forfeit,
        metrics: args.metrics.clone(),
        scenario: args.base.scenario.clone(),
    };
    let target = match (&args.target, &args.from) {
        (_, Some(from)) => from.display().to_string(),
        (Some(target), None) => target.clone(),
        (None, None) => {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "run needs a system ({}) or an experiment file",
                systems::names().join(", ")
            ))))
        }
    };
    if let Ok(system) = systems::find(&target) {
        let experiment = match &args.base.rules {
            Some(rules) => Experiment::plain_with_rules(system, rules, &overrides)?,
            None => Experiment::plain(system, &overrides)?,
        };
        return Ok((experiment, args.out.clone()));
    }
    let path = Path::new(&target);
    if !(path.is_file() || target.ends_with(".toml")) {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "unknown system or experiment file {target:?}; allowed: {}, or a path to an experiment .toml",
            systems::names().join(", ")
        ))));
    }
    if args.base.rules.is_some() {
        return Err(Error::new(ErrorKind::BadArgument(
            "--rules goes with a system; an experiment file names its rules itself (use --set to change one)".into(),
        )));
    }
    let experiment = Experiment::load(path, &overrides)?;
    let out = match &args.out {
        Some(out) => out.clone(),
        None => {
            let out = Path::new("reports").join(&experiment.name);
            // Replaying a run file is no reason to replace the report a
            // baseline was committed beside.
            let replay = experiment.written.contains_key("fortunes_version");
            if replay && out.join(BASELINE_TOML).is_file() && !args.force {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "replaying {} would write over {}, which holds a baseline; \
                     give --out DIR (or --force to replace that report)",
                    path.display(),
                    out.display()
                ))));
            }
            out
        }
    };
    Ok((experiment, Some(out)))
}

pub fn run(args: RunArgs) -> Result<()> {
    let (experiment, out_dir) = resolve_run(&args)?;
    let threads = plan::threads(args.base.threads);
    // A shard's run is `shard::run_shard`'s; here there is none.
    if args.round.is_some() {
        return Err(Error::new(ErrorKind::BadArgument(
            "--round goes with a shard (--shard K/N, or a job array's environment)".into(),
        )));
    }
    let system = experiment.system;
    let plan = experiment.plan(experiment.seed, threads);
    let total = experiment.max_games() * experiment.variants.len() as u64;
    let progress = (!args.quiet
        && std::io::stderr().is_terminal()
        && total >= system.progress_from())
    .then(|| {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(4));
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  ETA {eta}")
                .expect("template is valid"),
        );
        bar
    });
    let started = Instant::now();
    let outcomes = publish(
        &experiment,
        out_dir.as_deref(),
        threads,
        Stdout::table(args.json),
        None,
        &mut |records, done| {
            system.run_each(
                &experiment.variants,
                &plan,
                records,
                progress.as_ref(),
                done,
            )
        },
    )?;
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    let elapsed = started.elapsed().as_secs_f64();
    // Taken whether or not it is printed: it belongs to this run only.
    let first_forfeit = crate::system::agent::take_first_forfeit();
    if !args.quiet {
        if let Some(problem) = first_forfeit {
            crate::output::warn(format_args!(
                "forfeits (the forfeits rows count them); the earliest game's: {problem}"
            ));
        }
        let games: u64 = outcomes.iter().map(|o| o.games).sum();
        crate::output::warn(format_args!(
            "{games} games in {elapsed:.2} s ({:.0} games/s on {threads} threads, seed {}){}",
            games as f64 / elapsed,
            experiment.seed,
            match &out_dir {
                Some(dir) => format!("; tables and report in {}", dir.display()),
                None => "; --out DIR writes the full tables and a report".to_string(),
            }
        ));
    }
    Ok(())
}
