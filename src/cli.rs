//! The command line: names are resolved to rules, strategies and files here,
//! at the boundary; everything past it is typed and validated.

use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::haggerty::{self, strategy, Haggerty, Rules};
use crate::output::{self, OutputDir, RecordsWriter};
use crate::params::{self, ParamValues};
use crate::runner::{self, RunConfig, Simulation, BATCH};
use crate::stats::SummaryRow;
use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "fortunes",
    version,
    about = "Monte Carlo rules analysis for card-driven game systems"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many seeded games and report statistics with 95% intervals.
    Run(RunArgs),
    /// List a system's rule parameters: name, default, range, meaning, source.
    Rules { system: System },
    /// List a system's strategies and strategy presets.
    Strategies {
        system: System,
        /// Folder of strategy presets (default: ./strategies, then the crate's).
        #[arg(long)]
        strategies_dir: Option<PathBuf>,
    },
}

/// The systems fortunes can run. The other four seed systems (Hammerin'
/// Sickles, Haggis, Skirmishing with Ancients, Piquet Regimental) plug in
/// here as they are built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum System {
    /// The Haggerty card-initiative sequence.
    Haggerty,
}

impl System {
    pub fn name(self) -> &'static str {
        match self {
            System::Haggerty => haggerty::rules::SYSTEM,
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    pub system: System,
    /// Games to play.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub games: u64,
    /// Master seed: the same seed gives the same results on any thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// A TOML file of rule values, as a [rules] table.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Set one rule parameter (after --rules); repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The strategy for a seat (a or b): a built-in, a preset name, or a
    /// preset file; repeatable. Default: heuristic for both.
    #[arg(long = "strategy", value_name = "SEAT=NAME")]
    pub strategy: Vec<String>,
    /// Folder of strategy presets (default: ./strategies, then the crate's).
    #[arg(long)]
    pub strategies_dir: Option<PathBuf>,
    /// Write summary.csv, summary.parquet and run.toml to this folder.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also write records.parquet, one row per game (needs --out).
    #[arg(long, requires = "out")]
    pub records: bool,
    /// Print only the summary table, no timing line or progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs one parsed command line; tables and listings go to stdout.
pub fn execute(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Rules { system } => {
            print!("{}", rules_listing(system));
            Ok(())
        }
        Command::Strategies {
            system,
            strategies_dir,
        } => {
            print!(
                "{}",
                strategies_listing(system, &presets_dir(system, strategies_dir.as_deref()))?
            );
            Ok(())
        }
        Command::Run(args) => run(args),
    }
}

pub fn rules_listing(system: System) -> String {
    match system {
        System::Haggerty => params::describe(haggerty::rules::SPECS),
    }
}

/// `strategies/<system>/`, looked up from the working directory first and
/// then from the crate the binary was built from.
pub fn presets_dir(system: System, explicit: Option<&Path>) -> PathBuf {
    if let Some(dir) = explicit {
        return dir.join(system.name());
    }
    let local = Path::new("strategies").join(system.name());
    if local.is_dir() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("strategies")
        .join(system.name())
}

pub fn strategies_listing(system: System, dir: &Path) -> Result<String> {
    let mut text = String::from("built-in strategies:\n");
    match system {
        System::Haggerty => {
            for (name, about) in strategy::BUILT_INS {
                text.push_str(&format!("  {name:<12} {about}\n"));
            }
            text.push_str(&format!("presets ({}):\n", dir.display()));
            for name in strategy::preset_names(dir) {
                let preset = strategy::resolve(&name, dir)?;
                text.push_str(&format!("  {name:<12} {}\n", preset.description));
            }
        }
    }
    Ok(text)
}

/// Keys of run.toml besides `system` and `[rules]`.
const RUN_MANIFEST_KEYS: [&str; 7] = [
    "fortunes_version",
    "seed",
    "games",
    "threads",
    "batch",
    "records",
    "strategies",
];

/// Rule values: defaults, then the rules file, then each `--set`.
pub fn resolve_rules(
    defaults: ParamValues,
    file: Option<&Path>,
    sets: &[String],
    system: System,
) -> Result<ParamValues> {
    let mut values = defaults;
    if let Some(path) = file {
        let text = std::fs::read_to_string(path).map_err(|e| Error::file(path, e))?;
        let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(path, e))?;
        for (key, value) in &table {
            match (key.as_str(), value) {
                ("rules", toml::Value::Table(rules)) => {
                    values.set_toml(rules).map_err(|e| Error::file(path, e))?
                }
                ("system", toml::Value::String(name)) if name == system.name() => {}
                ("system", other) => {
                    return Err(Error::file(
                        path,
                        format!("system = {other} but this run is {}", system.name()),
                    ))
                }
                // A run.toml is also a rules file: its other keys describe the run.
                (key, _) if key == "description" || RUN_MANIFEST_KEYS.contains(&key) => {}
                (other, _) => {
                    return Err(Error::file(
                        path,
                        format!(
                            "unknown key {other:?}; allowed: system, description, [rules] \
                             (and the keys of a run.toml: {})",
                            RUN_MANIFEST_KEYS.join(", ")
                        ),
                    ))
                }
            }
        }
    }
    for assignment in sets {
        values.set_text(assignment)?;
    }
    Ok(values)
}

fn parse_seat_assignments(assignments: &[String]) -> Result<Vec<(Seat, String)>> {
    assignments
        .iter()
        .map(|text| {
            let (seat, name) = text.split_once('=').ok_or_else(|| {
                Error::new(ErrorKind::BadArgument(format!(
                    "--strategy expects SEAT=NAME (seats: a, b), got {text:?}"
                )))
            })?;
            let seat = Seat::parse(seat.trim()).ok_or_else(|| {
                Error::new(ErrorKind::BadArgument(format!(
                    "unknown seat {seat:?} in --strategy {text:?}; allowed: a, b"
                )))
            })?;
            Ok((seat, name.trim().to_string()))
        })
        .collect()
}

fn run(args: RunArgs) -> Result<()> {
    match args.system {
        System::Haggerty => {
            let values = resolve_rules(
                Rules::defaults(),
                args.rules.as_deref(),
                &args.set,
                args.system,
            )?;
            let rules = Rules::from_values(values)?;
            let dir = presets_dir(args.system, args.strategies_dir.as_deref());
            let mut named = [
                strategy::resolve("heuristic", &dir)?,
                strategy::resolve("heuristic", &dir)?,
            ];
            for (seat, name) in parse_seat_assignments(&args.strategy)? {
                named[seat.index()] = strategy::resolve(&name, &dir)?;
            }
            let simulation = Haggerty {
                rules,
                strategies: BySeat([named[0].strategy, named[1].strategy]),
            };
            let mut manifest = toml::Table::new();
            for (seat, preset) in Seat::BOTH.iter().zip(&named) {
                let mut entry = toml::Table::new();
                entry.insert("name".into(), preset.name.clone().into());
                for (key, value) in preset.strategy.settings() {
                    entry.insert(key.into(), value);
                }
                manifest.insert(seat.name().into(), entry.into());
            }
            let rows_of = |stats: &haggerty::Stats| stats.rows(&simulation.rules);
            execute_run(
                &args,
                &simulation,
                &simulation.rules.values,
                manifest,
                rows_of,
            )
        }
    }
}

/// Runs a resolved experiment and writes every output; shared by all systems.
fn execute_run<S: Simulation>(
    args: &RunArgs,
    simulation: &S,
    rule_values: &ParamValues,
    strategies: toml::Table,
    rows_of: impl Fn(&S::Stats) -> Vec<SummaryRow>,
) -> Result<()> {
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = RunConfig {
        games: args.games,
        seed: args.seed,
        threads,
    };
    let mut out = args.out.as_deref().map(OutputDir::create).transpose()?;
    let progress =
        (!args.quiet && std::io::stderr().is_terminal() && args.games >= 100_000).then(|| {
            let bar = ProgressBar::with_draw_target(
                Some(args.games),
                ProgressDrawTarget::stderr_with_hz(4),
            );
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  ETA {eta}")
                    .expect("template is valid"),
            );
            bar
        });
    let started = Instant::now();
    let stats = match (&mut out, args.records) {
        (Some(dir), true) => {
            let mut writer = RecordsWriter::open(dir, S::records_frame)?;
            let mut sink = |rows: &[S::Record]| writer.push(rows);
            let stats = runner::run(simulation, &config, progress.as_ref(), Some(&mut sink))?;
            writer.finish()?;
            stats
        }
        _ => runner::run(simulation, &config, progress.as_ref(), None)?,
    };
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    let rows = rows_of(&stats);
    let headline: Vec<SummaryRow> = rows
        .iter()
        .filter(|r| matches!(r.by, "none" | "type" | "role" | "suit" | "rank"))
        .cloned()
        .collect();
    if let Some(mut dir) = out {
        output::write_summary_csv(&mut dir, &rows)?;
        output::write_summary_parquet(&mut dir, &rows)?;
        output::write_text(
            &mut dir,
            "run.toml",
            &run_manifest(args, &config, rule_values, strategies),
        )?;
        dir.commit()?;
    }
    print!("{}", output::format_table(&headline));
    if !args.quiet {
        eprintln!(
            "{} games in {elapsed:.2} s ({:.0} games/s on {threads} threads, seed {}){}",
            args.games,
            args.games as f64 / elapsed,
            args.seed,
            match &args.out {
                Some(dir) => format!("; full table in {}", dir.join("summary.csv").display()),
                None => "; --out DIR writes the full table".to_string(),
            }
        );
    }
    Ok(())
}

fn run_manifest(
    args: &RunArgs,
    config: &RunConfig,
    rules: &ParamValues,
    strategies: toml::Table,
) -> String {
    let mut table = toml::Table::new();
    table.insert("fortunes_version".into(), env!("CARGO_PKG_VERSION").into());
    table.insert("system".into(), args.system.name().into());
    table.insert("seed".into(), (config.seed as i64).into());
    table.insert("games".into(), (config.games as i64).into());
    table.insert("threads".into(), (config.threads as i64).into());
    table.insert("batch".into(), (BATCH as i64).into());
    table.insert("records".into(), args.records.into());
    table.insert("rules".into(), rules.to_toml().into());
    table.insert("strategies".into(), strategies.into());
    format!(
        "# Reproduce: fortunes run {} --rules run.toml --games {} --seed {} (strategies below)\n{}",
        args.system.name(),
        config.games,
        config.seed,
        toml::to_string(&table).expect("a table serialises")
    )
}
