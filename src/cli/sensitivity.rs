//! `fortunes sensitivity`: rank the rule parameters by their paired effect
//! on the metrics of interest (see `crate::sensitivity`).

use super::run::BaseArgs;
use crate::error::{Error, ErrorKind, Result};
use crate::output::{emit, interval_text, signed_number, write_table, OutputDir};
use crate::sensitivity::{effects, one_at_a_time, table, write_tornado, Effect};
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
    let mut out = args.out.as_deref().map(OutputDir::create).transpose()?;
    let threads = plan::threads(args.base.threads);
    let outcomes = experiment.play(experiment.seed, threads)?;
    let effects = effects(&experiment, &changes, &outcomes);
    if let Some(dir) = out.as_mut() {
        write_table(dir, "sensitivity", &table(&effects))?;
        for series in effects.chunk_by(|a, b| std::ptr::eq(a.series, b.series)) {
            write_tornado(dir, series)?;
        }
        crate::cancel::check()?;
    }
    if let Some(dir) = out {
        dir.commit()?;
    }
    let mut text = String::new();
    for series in effects.chunk_by(|a, b| std::ptr::eq(a.series, b.series)) {
        text.push_str(&series_text(series));
        text.push('\n');
    }
    for r in &refused {
        text.push_str(&format!(
            "not moved: {} = {} ({})\n",
            r.change.param, r.change.value, r.reason
        ));
    }
    emit(&text)
}

/// One series' ranked effects, as an aligned table.
fn series_text(effects: &[Effect]) -> String {
    let series = effects[0].series;
    let mut lines = vec![[
        series.label(),
        "effect".into(),
        "95% CI (paired)".into(),
        String::new(),
    ]];
    for e in effects {
        let d = &e.difference;
        lines.push([
            format!("  {} = {}", e.change.param, e.change.value),
            signed_number(d.value),
            interval_text(d.ci_low, d.ci_high, signed_number),
            if e.clear() { "*".into() } else { String::new() },
        ]);
    }
    let mut text = crate::output::align(&lines, 2);
    text.push_str(&format!(
        "  ({} games each, paired with the base; * an effect after Holm's correction over every step and metric, 5%)\n",
        effects[0].difference.games
    ));
    text
}
