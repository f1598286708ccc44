//! Runs too large for one machine: the command line of a shard (`fortunes
//! run --shard K/N`, or the same command inside a Slurm job array or a
//! Kubernetes Indexed Job) and of `fortunes merge OUT PART...`; the part
//! files themselves and their merge are `crate::shards`'.

use super::run::{resolve_run, RunArgs};
use crate::error::{Error, ErrorKind, Result};
use crate::output::warn;
use crate::report::publish::{publish, Stdout};
use crate::shards::{write_shard, Chosen, Gathered, MAX_SHARDS};
use crate::system::{plan, Shard};
use std::path::PathBuf;
use std::time::Instant;

fn bad(message: String) -> Error {
    Error::new(ErrorKind::BadArgument(message))
}

/// An environment variable as a whole number, if set.
fn env_number(name: &str) -> Result<Option<u64>> {
    match std::env::var(name) {
        Err(_) => Ok(None),
        Ok(text) => text.trim().parse().map(Some).map_err(|_| {
            bad(format!(
                "{name}={text:?}: allowed: a whole number (give --shard K/N, or --shard none to ignore the job array)"
            ))
        }),
    }
}

/// Refuses a shard count from the environment that `--shard` would refuse.
fn shard_count(name: &str, count: u64) -> Result<()> {
    if (1..=MAX_SHARDS).contains(&count) {
        return Ok(());
    }
    Err(bad(format!(
        "{name}={count}: allowed: 1 to {MAX_SHARDS} shards (give --shard K/N, or --shard none to ignore the job array)"
    )))
}

/// The shard a run plays: `--shard K/N`, `--shard none`, else a Slurm job
/// array's task or a Kubernetes Indexed Job's completion index.
pub fn chosen(flag: Option<&str>) -> Result<Option<Chosen>> {
    match flag {
        Some("none") => return Ok(None),
        Some(text) => {
            let parsed = text.split_once('/').and_then(|(k, n)| {
                Some((k.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?))
            });
            return match parsed {
                Some((k, n)) if (1..=n).contains(&k) && n <= MAX_SHARDS => Ok(Some(Chosen {
                    index: k - 1,
                    count: n,
                    by: "--shard",
                })),
                _ => Err(bad(format!(
                    "--shard {text}: allowed: K/N with 1 <= K <= N <= 1000000 (shard K of N), or none"
                ))),
            };
        }
        None => {}
    }
    if let Some(id) = env_number("SLURM_ARRAY_TASK_ID")? {
        let count = env_number("SLURM_ARRAY_TASK_COUNT")?.ok_or_else(|| {
            bad(
                "SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT: give --shard K/N"
                    .into(),
            )
        })?;
        shard_count("SLURM_ARRAY_TASK_COUNT", count)?;
        let min = env_number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let step = env_number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
        let offset = id.checked_sub(min).filter(|o| o % step == 0);
        return match offset.map(|o| o / step) {
            Some(index) if index < count => Ok(Some(Chosen {
                index,
                count,
                by: "SLURM_ARRAY_TASK_ID",
            })),
            _ => Err(bad(format!(
                "Slurm array task {id} (min {min}, step {step}, {count} tasks) is not one of an evenly spaced array: \
                 submit --array=0-{} (or 1-{count}), or give --shard K/N",
                count.saturating_sub(1)
            ))),
        };
    }
    if let Some(index) = env_number("JOB_COMPLETION_INDEX")? {
        let count = env_number("FORTUNES_SHARD_COUNT")?.ok_or_else(|| {
            bad("JOB_COMPLETION_INDEX is set but not FORTUNES_SHARD_COUNT: set it to the Job's completions, or give --shard K/N".into())
        })?;
        shard_count("FORTUNES_SHARD_COUNT", count)?;
        return match index < count {
            true => Ok(Some(Chosen {
                index,
                count,
                by: "JOB_COMPLETION_INDEX",
            })),
            false => Err(bad(format!(
                "JOB_COMPLETION_INDEX={index}: allowed: below FORTUNES_SHARD_COUNT={count}"
            ))),
        };
    }
    Ok(None)
}

/// `fortunes run ... --shard K/N [--round R]`: plays one shard's round of
/// every variant and writes its partial result.
pub fn run_shard(args: RunArgs, chosen: Chosen) -> Result<()> {
    let (experiment, out_dir) = resolve_run(&args)?;
    if experiment.records {
        return Err(bad(
            "--records is not sharded (records.parquet is one file of every game): \
             run without --records, or in one process"
                .into(),
        ));
    }
    let dir = match (&args.out, out_dir) {
        (Some(dir), _) => dir.clone(),
        (None, Some(report)) => {
            let mut name = report.file_name().unwrap_or_default().to_os_string();
            name.push(".parts");
            report.with_file_name(name)
        }
        (None, None) => {
            return Err(bad(format!(
                "a shard ({} chose shard {} of {}) needs --out DIR, the folder its partial result goes to",
                chosen.by,
                chosen.index + 1,
                chosen.count
            )))
        }
    };
    let threads = plan::threads(args.base.threads);
    let round = args.round.unwrap_or(1);
    let shard = Shard {
        index: chosen.index,
        count: chosen.count,
        round,
    };
    let started = Instant::now();
    let written = write_shard(&experiment, experiment.seed, threads, shard, &dir)?;
    if args.quiet && chosen.by != "--shard" {
        // A job array's environment turned a whole run into a shard: say
        // so even when quiet, since nothing on the command line did.
        warn(format_args!(
            "fortunes: {} chose shard {} of {}: wrote {} (--shard none plays the whole run)",
            chosen.by,
            chosen.index + 1,
            chosen.count,
            written.path.display()
        ));
    } else if !args.quiet {
        warn(format_args!(
            "shard {} of {} ({}), round {round} of {}: {} games of each of {} variant{} in {:.2} s; \
             wrote {}; when every shard is done: fortunes merge OUT {}",
            chosen.index + 1,
            chosen.count,
            chosen.by,
            written.rounds,
            written.games,
            experiment.variants.len(),
            if experiment.variants.len() == 1 { "" } else { "s" },
            started.elapsed().as_secs_f64(),
            written.path.display(),
            dir.display()
        ));
    }
    Ok(())
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Where the merged tables, report and run.toml go.
    pub out: PathBuf,
    /// Partial results (NAME-round-R-shard-K-of-N.part.json), or folders
    /// holding them.
    #[arg(required = true, value_name = "PART")]
    pub parts: Vec<PathBuf>,
    /// Merge what there is when shards (or a precision target's next
    /// round) are missing; says how many games were merged.
    #[arg(long)]
    pub allow_partial: bool,
    /// Print only the summary table.
    #[arg(short, long)]
    pub quiet: bool,
    /// Print the stdout table as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `fortunes merge OUT PART...`.
pub fn merge(args: MergeArgs) -> Result<()> {
    let started = Instant::now();
    let run = Gathered::read(&args.parts, args.allow_partial)?;
    let experiment = &run.experiment;
    let system = experiment.system;
    let used = run.texts();
    let mut rounds_used = 0;
    let outcomes = publish(
        experiment,
        Some(&args.out),
        run.threads,
        Stdout::table(args.json),
        None,
        &mut |_, done| {
            rounds_used = system.merge(
                &experiment.variants,
                &run.plan,
                &used,
                args.allow_partial,
                done,
            )?;
            Ok(())
        },
    )?;
    if !args.quiet {
        let rounds_total = run.rounds;
        let games: u64 = outcomes.iter().map(|o| o.games).sum();
        let files: usize = used.iter().take(rounds_used as usize).map(Vec::len).sum();
        warn(format_args!(
            "merged {files} partial result{} ({rounds_used} of {rounds_total} round{}): {games} games in {:.2} s; tables and report in {}",
            if files == 1 { "" } else { "s" },
            if rounds_total == 1 { "" } else { "s" },
            started.elapsed().as_secs_f64(),
            args.out.display()
        ));
        if !run.missing().is_empty() {
            warn(format_args!(
                "fortunes: partial merge: missing {}; the tables count only the games merged",
                run.missing().join("; ")
            ));
        }
    }
    Ok(())
}
