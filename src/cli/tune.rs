//! `fortunes tune`: the value of one integer rule that brings a metric to a
//! target, or maximises or minimises it (see `crate::tune`).

use super::run::BaseArgs;
use super::shard;
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::Experiment;
use crate::output::warn;
use crate::output::{emit, write_text, OutputDir};
use crate::shards::{self, RoundParts};
use crate::system::plan;
use crate::system::Shard;
use crate::system::System;
use crate::tune::counts::CountRange;
use crate::tune::report::Answer;
use crate::tune::{tune, Bound, Constraint, Goal, Race, Search, Space, Tuned};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("goal").args(["target", "maximize", "minimize"])))]
pub struct TuneArgs {
    /// A system (its defaults are the base) or an experiment file: its
    /// [sweep] variants are the candidates (rules, presets, scenario values,
    /// players, tuning keys, and their products), or with --param its
    /// reference variant is the base; a [tune] table in it gives the search
    /// (param, from, to, metric, seat, target or goal = "maximize" or
    /// "minimize", constraint, budget; the flags override it).
    pub target_system: String,
    /// The integer rule to search, from --from to --to (instead of the
    /// file's sweep).
    #[arg(long, value_name = "NAME")]
    pub param: Option<String>,
    /// The first value to try.
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<i64>,
    /// The last value to try.
    #[arg(long, allow_hyphen_values = true)]
    pub to: Option<i64>,
    /// Search several counts at once, each NAME=FROM..TO: a card kind
    /// (`fortunes cards` names them: army_deck.crushing_volley, cards_6,
    /// wild_chits) or an integer rule; repeatable, instead of --param. A
    /// space of more than 64 points is sampled (64 drawn from the seed)
    /// and halved by estimate, round by round, down to 8 before the race
    /// judges by intervals alone.
    #[arg(long = "count", value_name = "NAME=FROM..TO", conflicts_with = "param")]
    pub counts: Vec<String>,
    /// With --param: the metric moves one way only as the rule grows (a
    /// hand size, a count of cards): bisect toward the --target first,
    /// then race only the values around the crossing.
    #[arg(long, requires = "param")]
    pub monotone: bool,
    /// With --count: the counts add up to exactly N (a deck of N cards).
    #[arg(long, value_name = "N", requires = "counts")]
    pub total: Option<i64>,
    /// The metric to bring to the target (a per-game series of the system).
    #[arg(short, long, value_name = "NAME")]
    pub metric: Option<String>,
    /// The metric's seat: a, b or all (default a).
    #[arg(long)]
    pub seat: Option<String>,
    /// Bring the metric to this value.
    #[arg(long, allow_hyphen_values = true)]
    pub target: Option<f64>,
    /// Make the metric as large as it can be.
    #[arg(long)]
    pub maximize: bool,
    /// Make the metric as small as it can be.
    #[arg(long)]
    pub minimize: bool,
    /// A bound the answer must respect on another metric: METRIC[:SEAT]>=X
    /// or METRIC[:SEAT]<=X (seat a unless given), e.g.
    /// `actions_per_turn:a>=30`; candidates that surely miss it drop out.
    #[arg(long, value_name = "METRIC[:SEAT]>=X")]
    pub constraint: Option<String>,
    /// Games at most, all candidates together (default 2,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub budget: Option<u64>,
    #[command(flatten)]
    pub base: BaseArgs,
    /// Play only shard K of N of the search's next round and write it to
    /// --parts DIR (a job array's environment chooses the shard too, as for
    /// `run`); run the array again for each round until `--merge DIR`
    /// gives the answer one process would.
    #[arg(long, value_name = "K/N", requires = "parts")]
    pub shard: Option<String>,
    /// Where the shards of a sharded search write their partial results.
    #[arg(long, value_name = "DIR", conflicts_with = "merge")]
    pub parts: Option<PathBuf>,
    /// The answer from the rounds the shards wrote in DIR, or which round
    /// they must play next.
    #[arg(long, value_name = "DIR")]
    pub merge: Option<PathBuf>,
    /// Write tune.csv/.parquet (every candidate: its games, estimate,
    /// interval and the round it was dropped in, 0 if standing), tune.svg,
    /// tune-games.svg (where the games went), report.md and run.toml (which
    /// reproduces the search: `fortunes tune DIR/run.toml`) here.
    #[arg(short, long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// The `[tune]` table of an experiment file, when the target is one.
fn tune_table(target: &str) -> Result<Option<toml::Table>> {
    let path = std::path::Path::new(target);
    if !path.is_file() {
        return Ok(None);
    }
    let text = crate::presets::read_input(path)?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(path, e))?;
    match table.get("tune") {
        None => Ok(None),
        Some(toml::Value::Table(tune)) => {
            const KEYS: [&str; 12] = [
                "param",
                "monotone",
                "counts",
                "total",
                "from",
                "to",
                "metric",
                "seat",
                "target",
                "goal",
                "constraint",
                "budget",
            ];
            if let Some(key) = tune.keys().find(|k| !KEYS.contains(&k.as_str())) {
                return Err(Error::file(
                    path,
                    format!("[tune] {key}: unknown key; allowed: {}", KEYS.join(", ")),
                ));
            }
            Ok(Some(tune.clone()))
        }
        Some(other) => Err(Error::file(
            path,
            format!("tune = {other}: allowed: a [tune] table"),
        )),
    }
}

/// The search's settings: the flags, else the file's `[tune]`.
fn merged(args: &mut TuneArgs) -> Result<()> {
    let Some(table) = tune_table(&args.target_system)? else {
        return Ok(());
    };
    let bad = |key: &str, allowed: &str| {
        Error::new(ErrorKind::BadArgument(format!(
            "{}: [tune] {key} = {}: allowed: {allowed}",
            args.target_system,
            table.get(key).map_or(String::new(), |v| v.to_string())
        )))
    };
    let text = |key: &str| -> Result<Option<String>> {
        match table.get(key) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(bad(key, "a string")),
        }
    };
    let int = |key: &str| -> Result<Option<i64>> {
        match table.get(key) {
            None => Ok(None),
            Some(toml::Value::Integer(i)) => Ok(Some(*i)),
            Some(_) => Err(bad(key, "an integer")),
        }
    };
    args.param = args.param.take().or(text("param")?);
    if args.counts.is_empty() {
        args.counts = match table.get("counts") {
            None => Vec::new(),
            Some(toml::Value::Array(counts)) => counts
                .iter()
                .map(|c| c.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad("counts", "an array of \"NAME=FROM..TO\" strings"))?,
            Some(_) => return Err(bad("counts", "an array of \"NAME=FROM..TO\" strings")),
        };
    }
    args.total = args.total.or(int("total")?);
    args.monotone = args.monotone
        || match table.get("monotone") {
            None => false,
            Some(toml::Value::Boolean(b)) => *b,
            Some(_) => return Err(bad("monotone", "true or false")),
        };
    args.from = args.from.or(int("from")?);
    args.to = args.to.or(int("to")?);
    args.metric = args.metric.take().or(text("metric")?);
    args.seat = args.seat.take().or(text("seat")?);
    args.constraint = args.constraint.take().or(text("constraint")?);
    if args.budget.is_none() {
        args.budget = match int("budget")? {
            Some(b) if b >= 1 => Some(b as u64),
            Some(_) => return Err(bad("budget", "a number of games, at least 1")),
            None => None,
        };
    }
    if args.target.is_none() && !args.maximize && !args.minimize {
        match (table.get("target"), text("goal")?.as_deref()) {
            (Some(toml::Value::Float(t)), None) => args.target = Some(*t),
            (Some(toml::Value::Integer(t)), None) => args.target = Some(*t as f64),
            (Some(_), None) => return Err(bad("target", "a number")),
            (None, Some("maximize")) => args.maximize = true,
            (None, Some("minimize")) => args.minimize = true,
            (None, Some(_)) => return Err(bad("goal", "maximize, minimize (or a target)")),
            (None, None) => {}
            (Some(_), Some(_)) => return Err(bad("goal", "a target or a goal, not both")),
        }
    }
    Ok(())
}

/// A per-game series of the base's system, by metric and seat.
fn series_of(system: &dyn System, metric: &str, seat: &str, flag: &str) -> Result<usize> {
    let series = system.series();
    series
        .iter()
        .position(|x| x.metric == metric && x.seat == seat && x.by == "none")
        .ok_or_else(|| {
            let names: Vec<String> = series
                .iter()
                .filter(|x| x.by == "none")
                .map(|x| format!("{} (seat {})", x.metric, x.seat))
                .collect();
            Error::new(ErrorKind::BadArgument(format!(
                "{flag} {metric} (seat {seat}): not a per-game series of {}; allowed: {}",
                system.name(),
                names.join(", ")
            )))
        })
}

/// `METRIC[:SEAT]>=X` or `METRIC[:SEAT]<=X`.
fn constraint_of(system: &dyn System, text: &str) -> Result<Constraint> {
    let bad = || {
        Error::new(ErrorKind::BadArgument(format!(
            "--constraint {text}: allowed: METRIC[:SEAT]>=X or METRIC[:SEAT]<=X, X a finite number, e.g. actions_per_turn:a>=30"
        )))
    };
    // A bound is a finite number: NaN or 1e400 would bound nothing.
    let number = |x: &str| {
        x.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(bad)
    };
    let (left, bound) = if let Some((left, x)) = text.split_once(">=") {
        (left, Bound::AtLeast(number(x)?))
    } else if let Some((left, x)) = text.split_once("<=") {
        (left, Bound::AtMost(number(x)?))
    } else {
        return Err(bad());
    };
    let (metric, seat) = left.trim().split_once(':').unwrap_or((left.trim(), "a"));
    Ok(Constraint {
        series: series_of(system, metric.trim(), seat.trim(), "--constraint")?,
        bound,
    })
}

/// The `[tune]` table that reproduces the search.
fn search_table(args: &TuneArgs, search: &Search, system: &dyn System) -> toml::Table {
    let series = system.series();
    let mut table = toml::Table::new();
    match &search.space {
        Space::Range { param, from, to } | Space::Bisect { param, from, to } => {
            table.insert("param".into(), param.clone().into());
            table.insert("from".into(), (*from).into());
            table.insert("to".into(), (*to).into());
            if matches!(search.space, Space::Bisect { .. }) {
                table.insert("monotone".into(), true.into());
            }
        }
        Space::Counts { counts, total } => {
            let counts: Vec<toml::Value> = counts.iter().map(|c| c.to_string().into()).collect();
            table.insert("counts".into(), counts.into());
            if let Some(total) = total {
                table.insert("total".into(), (*total).into());
            }
        }
        Space::Variants | Space::Values { .. } => {}
    }
    table.insert("metric".into(), series[search.series].metric.into());
    table.insert("seat".into(), series[search.series].seat.into());
    match search.goal {
        Goal::Target(t) => table.insert("target".into(), t.into()),
        Goal::Maximize => table.insert("goal".into(), "maximize".into()),
        Goal::Minimize => table.insert("goal".into(), "minimize".into()),
    };
    if let Some(text) = &args.constraint {
        table.insert("constraint".into(), text.clone().into());
    }
    table.insert("budget".into(), (search.budget as i64).into());
    table
}

pub fn run_tune(mut args: TuneArgs) -> Result<()> {
    merged(&mut args)?;
    let missing = |what: &str| {
        Error::new(ErrorKind::BadArgument(format!(
            "tune needs {what} (a flag, or the experiment file's [tune] table)"
        )))
    };
    let base = args.base.resolve(&args.target_system, None, &[])?;
    let system = base.system;
    let space = if !args.counts.is_empty() {
        if args.param.is_some() || args.from.is_some() || args.to.is_some() {
            return Err(Error::new(ErrorKind::BadArgument(
                "--count searches counts instead of --param/--from/--to: give one or the other"
                    .into(),
            )));
        }
        Space::Counts {
            counts: args
                .counts
                .iter()
                .map(|c| CountRange::parse(c))
                .collect::<Result<_>>()?,
            total: args.total,
        }
    } else {
        match (&args.param, args.from, args.to) {
            (Some(param), Some(from), Some(to)) if args.monotone => Space::Bisect {
                param: param.clone(),
                from,
                to,
            },
            (Some(param), Some(from), Some(to)) => Space::Range {
                param: param.clone(),
                from,
                to,
            },
            (Some(_), _, _) => return Err(missing("--from A and --to B")),
            (None, None, None) if !base.axes.is_empty() => Space::Variants,
            (None, None, None) => return Err(missing(
                "candidates: --param NAME --from A --to B, or an experiment file with a [sweep]",
            )),
            (None, _, _) => return Err(missing("--param NAME with --from and --to")),
        }
    };
    let metric = args
        .metric
        .clone()
        .ok_or_else(|| missing("--metric NAME"))?;
    let seat = args.seat.clone().unwrap_or_else(|| "a".into());
    if args.target.is_none() && !args.maximize && !args.minimize {
        return Err(missing("a goal: --target X, --maximize or --minimize"));
    }
    let s = series_of(system, &metric, &seat, "--metric")?;
    let constraint = args
        .constraint
        .as_deref()
        .map(|text| constraint_of(system, text))
        .transpose()?;
    let goal = match (args.target, args.maximize) {
        (Some(t), _) if !t.is_finite() => {
            return Err(Error::new(ErrorKind::BadValue {
                name: "--target".into(),
                value: t.to_string(),
                allowed: "a finite number (the value to bring the metric to)".into(),
            }))
        }
        (Some(t), _) => Goal::Target(t),
        (None, true) => Goal::Maximize,
        (None, false) => Goal::Minimize,
    };
    let threads = plan::threads(args.base.threads);
    let search = Search {
        space,
        series: s,
        goal,
        constraint,
        budget: args.budget.unwrap_or(2_000_000),
        seed: base.seed,
        threads,
    };
    let config = base.to_toml_for(
        "tune",
        1,
        Path::new("run.toml"),
        Some(("tune", search_table(&args, &search, system))),
    );
    if let Some(dir) = &args.parts {
        return tune_shard(&args, &base, &search, &config, dir);
    }
    let mut out = args.out.as_deref().map(OutputDir::create).transpose()?;
    let tuned = match &args.merge {
        None => tune(&base, &search)?,
        Some(dir) => merged_race(&base, &search, &config, dir)?,
    };
    let answer = Answer {
        tuned: &tuned,
        system,
        seed: base.seed,
    };
    let text = format!("{}\n{}", answer.table(), answer.summary());
    if let Some(dir) = out.as_mut() {
        answer.write(dir)?;
        let file = dir.path().join("run.toml");
        let run = base.to_toml_for(
            "tune",
            threads,
            &file,
            Some(("tune", search_table(&args, &search, system))),
        );
        write_text(dir, "run.toml", &run)?;
        let report = answer.report(&file, &args.target_system);
        write_text(dir, "report.md", &report)?;
        crate::cancel::check()?;
    }
    if let Some(dir) = out {
        dir.commit()?;
    }
    emit(&text)
}

/// The name a search's partial results carry.
fn search_name(base: &Experiment) -> String {
    format!("tune-{}", base.name)
}

/// `tune ... --shard K/N --parts DIR`: replays the rounds every shard has
/// written, then plays this shard's part of the next round.
fn tune_shard(
    args: &TuneArgs,
    base: &Experiment,
    search: &Search,
    config: &str,
    dir: &Path,
) -> Result<()> {
    let chosen = shard::chosen(args.shard.as_deref())?.ok_or_else(|| {
        Error::new(ErrorKind::BadArgument(
            "--parts needs a shard: --shard K/N, or a job array's environment (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)".into(),
        ))
    })?;
    let name = search_name(base);
    let mut race = Race::new(base, search)?;
    while let Some(mut round) = race.next_round() {
        let number = u64::from(race.rounds()) + 1;
        let variants = race.round_variants(&round);
        match shards::round_parts(dir, &name, config, base.seed, number, &round.members)? {
            RoundParts::All(parts) => {
                let outcomes = shards::merge_round(base.system, &variants, &round.plan, &parts)?;
                race.absorb(&round, &outcomes);
            }
            RoundParts::Some { of, .. } if of != chosen.count => {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "round {number} of the search in {} is split in {of} shards, not {}: give every shard of a round the same N",
                    dir.display(),
                    chosen.count
                ))));
            }
            RoundParts::Some { have, of } if have.contains(&(chosen.index + 1)) => {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "round {number} of the search already has shard {} of {of} in {} (shards {} written); \
                     run the others, then --merge {}",
                    chosen.index + 1,
                    dir.display(),
                    have.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
                    dir.display()
                ))));
            }
            RoundParts::None | RoundParts::Some { .. } => {
                round.plan.shard = Some(Shard {
                    index: chosen.index,
                    count: chosen.count,
                    round: 1,
                });
                round.plan.threads = plan::threads(args.base.threads);
                let written = shards::write_round_shard(
                    dir,
                    &name,
                    config,
                    base.system,
                    &variants,
                    &round.members,
                    &round.plan,
                    number,
                )?;
                warn(format_args!(
                    "search round {number}: shard {} of {} ({}), {} games of each of {} candidates; wrote {}; \
                     when every shard is done, run the array again for the next round, or --merge {} for the answer",
                    chosen.index + 1,
                    chosen.count,
                    chosen.by,
                    written.games,
                    round.members.len(),
                    written.path.display(),
                    dir.display()
                ));
                return Ok(());
            }
        }
    }
    warn(format_args!(
        "the search is over after {} round(s): `fortunes tune ... --merge {}` gives the answer",
        race.rounds(),
        dir.display()
    ));
    Ok(())
}

/// The race replayed from the rounds its shards wrote in `dir`; refuses
/// an unfinished race, naming the round its shards must play next.
fn merged_race(base: &Experiment, search: &Search, config: &str, dir: &Path) -> Result<Tuned> {
    let name = search_name(base);
    let mut race = Race::new(base, search)?;
    while let Some(round) = race.next_round() {
        let number = u64::from(race.rounds()) + 1;
        match shards::round_parts(dir, &name, config, base.seed, number, &round.members)? {
            RoundParts::All(parts) => {
                let variants = race.round_variants(&round);
                let outcomes = shards::merge_round(base.system, &variants, &round.plan, &parts)?;
                race.absorb(&round, &outcomes);
            }
            RoundParts::None => {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "the search goes on to round {number}, which {} does not hold: run every shard again \
                     (tune ... --shard K/N --parts {}), then merge",
                    dir.display(),
                    dir.display()
                ))))
            }
            RoundParts::Some { have, of } => {
                let missing: Vec<String> = (1..=of)
                    .filter(|k| !have.contains(k))
                    .map(|k| k.to_string())
                    .collect();
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "round {number} of the search is missing shard(s) {} of {of} in {}",
                    missing.join(", "),
                    dir.display()
                ))));
            }
        }
    }
    Ok(race.finish())
}
