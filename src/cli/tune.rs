//! `fortunes tune`: the value of one integer rule that brings a metric to a
//! target, or maximises or minimises it (see `crate::tune`).

use super::run::BaseArgs;
use crate::error::{Error, ErrorKind, Result};
use crate::output::{emit, interval_text, number, write_table, OutputDir, Table, TableColumn};
use crate::report::write_points;
use crate::system::plan;
use crate::tune::{tune, Goal, Search};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("goal").args(["target", "maximize", "minimize"])))]
pub struct TuneArgs {
    /// A system (its defaults are the base) or an experiment file (its
    /// reference variant is the base; a [tune] table in it gives the
    /// search: param, from, to, metric, seat, target or goal =
    /// "maximize"/"minimize", budget; the flags override it).
    pub target_system: String,
    /// The integer rule to search.
    #[arg(long, value_name = "NAME")]
    pub param: Option<String>,
    /// The first value to try.
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<i64>,
    /// The last value to try.
    #[arg(long, allow_hyphen_values = true)]
    pub to: Option<i64>,
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
    /// Games at most, all values together (default 2,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub budget: Option<u64>,
    #[command(flatten)]
    pub base: BaseArgs,
    /// Write tune.csv/.parquet (every value: its games, estimate, interval
    /// and the round it was dropped in, 0 if standing) and tune.svg here.
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
            const KEYS: [&str; 8] = [
                "param", "from", "to", "metric", "seat", "target", "goal", "budget",
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
    args.from = args.from.or(int("from")?);
    args.to = args.to.or(int("to")?);
    args.metric = args.metric.take().or(text("metric")?);
    args.seat = args.seat.take().or(text("seat")?);
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

pub fn run_tune(mut args: TuneArgs) -> Result<()> {
    merged(&mut args)?;
    let missing = |what: &str| {
        Error::new(ErrorKind::BadArgument(format!(
            "tune needs {what} (a flag, or the experiment file's [tune] table)"
        )))
    };
    let param = args.param.clone().ok_or_else(|| missing("--param NAME"))?;
    let (from, to) = match (args.from, args.to) {
        (Some(from), Some(to)) => (from, to),
        _ => return Err(missing("--from A and --to B")),
    };
    let metric = args
        .metric
        .clone()
        .ok_or_else(|| missing("--metric NAME"))?;
    let seat = args.seat.clone().unwrap_or_else(|| "a".into());
    if args.target.is_none() && !args.maximize && !args.minimize {
        return Err(missing("a goal: --target X, --maximize or --minimize"));
    }
    let base = args.base.resolve(&args.target_system, None, &[])?;
    let series = base.system.series();
    let s = series
        .iter()
        .position(|x| x.metric == metric && x.seat == seat && x.by == "none")
        .ok_or_else(|| {
            let names: Vec<String> = series
                .iter()
                .filter(|x| x.by == "none")
                .map(|x| format!("{} (seat {})", x.metric, x.seat))
                .collect();
            Error::new(ErrorKind::BadArgument(format!(
                "--metric {} --seat {}: not a per-game series of {}; allowed: {}",
                metric,
                seat,
                base.system.name(),
                names.join(", ")
            )))
        })?;
    let goal = match (args.target, args.maximize) {
        (Some(t), _) => Goal::Target(t),
        (None, true) => Goal::Maximize,
        (None, false) => Goal::Minimize,
    };
    let search = Search {
        param,
        from,
        to,
        series: s,
        goal,
        budget: args.budget.unwrap_or(2_000_000),
        seed: base.seed,
        threads: plan::threads(args.base.threads),
    };
    let mut out = args.out.as_deref().map(OutputDir::create).transpose()?;
    let tuned = tune(&base, &search)?;
    let kind = series[s].kind;
    let mut lines = vec![[
        tuned.param.to_string(),
        "games".into(),
        series[s].label(),
        format!("{:.4}% CI (simultaneous)", 100.0 * tuned.confidence),
        "standing".into(),
    ]];
    for c in &tuned.candidates {
        let (low, high) = c.sums.interval(kind, tuned.confidence);
        lines.push([
            c.value.to_string(),
            c.sums.n.to_string(),
            number(c.sums.value()),
            interval_text(low, high, number),
            match c.dropped {
                None => "yes".into(),
                Some(r) => format!("dropped in round {r}"),
            },
        ]);
    }
    let mut text = crate::output::align(&lines, 1);
    let standing: Vec<String> = tuned.standing().map(|c| c.value.to_string()).collect();
    let aim = match goal {
        Goal::Target(t) => format!("closest to {t}"),
        Goal::Maximize => "the largest".into(),
        Goal::Minimize => "the smallest".into(),
    };
    text.push_str(&format!(
        "\n{}: {} ({} round(s), {} games in all; a grid giving every value the most games any had: {})\n",
        if standing.len() == 1 {
            format!("the value {aim}")
        } else {
            format!("the values {aim}, which cannot be told apart")
        },
        standing.join(", "),
        tuned.rounds,
        tuned.games,
        tuned.grid_games()
    ));
    text.push_str(&format!(
        "a value is dropped when its interval shows it worse than another's; the intervals are simultaneous over every value and round ({:.5} each), so the best value is left standing at least 95% of the time\n",
        tuned.confidence
    ));
    for (value, reason) in &tuned.refused {
        text.push_str(&format!(
            "not tried: {} = {value} ({reason})\n",
            tuned.param
        ));
    }
    if let Some(dir) = out.as_mut() {
        let intervals: Vec<(f64, f64)> = tuned
            .candidates
            .iter()
            .map(|c| c.sums.interval(kind, tuned.confidence))
            .collect();
        let candidates = &tuned.candidates;
        let n = candidates.len();
        let table = Table {
            columns: vec![
                (
                    tuned.param.to_string(),
                    TableColumn::Int(candidates.iter().map(|c| c.value).collect()),
                ),
                (
                    "metric".into(),
                    TableColumn::Text(vec![series[s].metric.to_string(); n]),
                ),
                (
                    "seat".into(),
                    TableColumn::Text(vec![series[s].seat.to_string(); n]),
                ),
                (
                    "games".into(),
                    TableColumn::Int(candidates.iter().map(|c| c.sums.n as i64).collect()),
                ),
                (
                    "value".into(),
                    TableColumn::Float(candidates.iter().map(|c| c.sums.value()).collect()),
                ),
                (
                    "ci_low".into(),
                    TableColumn::Float(intervals.iter().map(|i| i.0).collect()),
                ),
                (
                    "ci_high".into(),
                    TableColumn::Float(intervals.iter().map(|i| i.1).collect()),
                ),
                (
                    "confidence".into(),
                    TableColumn::Float(vec![tuned.confidence; n]),
                ),
                (
                    "dropped_in_round".into(),
                    TableColumn::Int(
                        candidates
                            .iter()
                            .map(|c| c.dropped.map_or(0, i64::from))
                            .collect(),
                    ),
                ),
            ],
        };
        write_table(dir, "tune", &table)?;
        let (mut standing, mut dropped) = (Vec::new(), Vec::new());
        for (c, &(low, high)) in candidates.iter().zip(&intervals) {
            let point = (c.value as f64, c.sums.value(), low, high);
            match c.dropped {
                None => standing.push(point),
                Some(_) => dropped.push(point),
            }
        }
        write_points(
            dir,
            "tune.svg",
            format!("{} by {} (tune)", series[s].label(), tuned.param),
            tuned.param.replace('_', " "),
            series[s].label(),
            vec![("standing".into(), standing), ("dropped".into(), dropped)],
            match goal {
                Goal::Target(t) => Some(t),
                _ => None,
            },
            format!(
                "{} rounds, {} games in all, seed {}; bars: the simultaneous intervals the race used ({:.4}% each), the game as the unit",
                tuned.rounds, tuned.games, base.seed, 100.0 * tuned.confidence
            ),
        )?;
        crate::cancel::check()?;
    }
    if let Some(dir) = out {
        dir.commit()?;
    }
    emit(&text)
}
