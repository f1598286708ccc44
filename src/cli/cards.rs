//! `fortunes cards`: rank every card kind of the base's decks and cups by
//! the paired effect of one fewer and one more of it (see `crate::cards`).

use super::run::BaseArgs;
use crate::cards::one_more_or_fewer;
use crate::error::{Error, ErrorKind, Result};
use crate::sensitivity::{report, Named};
use crate::system::plan;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct CardsArgs {
    /// A system (its defaults are the base) or an experiment file (its
    /// reference variant is the base).
    pub target: String,
    /// Games for the base and for each step (every step plays the base's
    /// games, paired).
    #[arg(short = 'n', long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub games: u64,
    #[command(flatten)]
    pub base: BaseArgs,
    /// A metric to rank the kinds by (repeatable; default: the base's).
    #[arg(short, long = "metric", value_name = "NAME")]
    pub metrics: Vec<String>,
    /// Move only this card kind (repeatable; default: every one).
    #[arg(long = "kind", value_name = "NAME")]
    pub kinds: Vec<String>,
    /// Keep the deck's size: each card more comes with one FILLER fewer,
    /// and each card fewer with one FILLER more ("this card instead of a
    /// FILLER"); without it the deck grows and shrinks by one.
    #[arg(long, value_name = "FILLER")]
    pub keep_size: Option<String>,
    /// Write cards.csv/.parquet and a tornado plot per metric here.
    #[arg(short, long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

pub fn cards(args: CardsArgs) -> Result<()> {
    let base = args
        .base
        .resolve(&args.target, Some(args.games), &args.metrics)?;
    let (experiment, changes, refused) =
        one_more_or_fewer(&base, &args.kinds, args.keep_size.as_deref())?;
    if changes.is_empty() {
        let reasons: Vec<String> = refused
            .iter()
            .map(|r| format!("{} = {}: {}", r.change.param, r.change.value, r.reason))
            .collect();
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "no card kind of {} can move one card from the base ({})",
            base.system.name(),
            reasons.join("; ")
        ))));
    }
    let threads = plan::threads(args.base.threads);
    let named = Named {
        file: "cards",
        steps: "one card fewer or more of each kind",
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
