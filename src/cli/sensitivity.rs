//! `fortunes sensitivity`: rank the rule parameters by their paired effect
//! on the metrics of interest (see `crate::sensitivity`).

use super::run::BaseArgs;
use crate::error::{Error, ErrorKind, Result};
use crate::sensitivity::{one_at_a_time, report, Named};
use crate::system::plan;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct SensitivityArgs {
    /// A system (its defaults are the base) or an experiment file (its
    /// reference variant is the base).
    pub target: String,
    /// Games for the base and for each step (every step plays the base's
    /// games, paired).
    #[arg(short = 'n', long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub games: u64,
    #[command(flatten)]
    pub base: BaseArgs,
    /// A metric to rank the rules by (repeatable; default: the base's).
    #[arg(short, long = "metric", value_name = "NAME")]
    pub metrics: Vec<String>,
    /// Move only this rule parameter (repeatable; default: every one).
    #[arg(long = "param", value_name = "NAME")]
    pub params: Vec<String>,
    /// Write sensitivity.csv/.parquet and a tornado plot per metric here.
    #[arg(short, long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

pub fn sensitivity(args: SensitivityArgs) -> Result<()> {
    let base = args
        .base
        .resolve(&args.target, Some(args.games), &args.metrics)?;
    let (experiment, changes, refused) = one_at_a_time(&base, &args.params)?;
    if changes.is_empty() {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "no rule of {} can move one step from the base{}",
            base.system.name(),
            if refused.is_empty() {
                String::new()
            } else {
                " (every step was refused)".into()
            }
        ))));
    }
    let threads = plan::threads(args.base.threads);
    let named = Named {
        file: "sensitivity",
        steps: "one step of each rule",
    };
    report(
        &experiment,
        &changes,
        &refused,
        args.out.as_deref(),
        threads,
        named,
    )
}
