//! The command line: names are resolved to rules, strategies and files here,
//! at the boundary, through the system registry; everything past it is
//! typed and validated. No system is named here except for the Haggis
//! position tools, which are Haggis's own.
//!
//! Exit codes: 0 success; 1 only when a balance check finds a change; 2 bad
//! input or usage; 130 interrupted (Ctrl-C or SIGTERM).

use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{Experiment, Overrides};
use crate::haggis;
use crate::output::{self, OutputDir, VariantTable};
use crate::params;
use crate::report;
use crate::stats::CONFIDENCE;
use crate::system::{self, presets_dir};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

const EXIT_CODES: &str = "Exit codes: 0 success; 1 a balance check found a change; \
2 bad input or usage (one message names the problem and the allowed values); \
130 interrupted (Ctrl-C or SIGTERM; nothing is left behind).";

#[derive(Parser, Debug)]
#[command(
    name = "fortunes",
    version,
    about = "Monte Carlo rules analysis for card-driven game systems",
    after_help = EXIT_CODES
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many seeded games and report statistics with 95% intervals:
    /// `run SYSTEM [options]`, or `run experiments/NAME.toml` to play an
    /// experiment's every variant and write reports/NAME/.
    #[command(after_help = EXIT_CODES)]
    Run(RunArgs),
    /// Play an experiment and write its baseline (reports/NAME/baseline.csv
    /// and baseline.toml), to commit and check later.
    #[command(after_help = EXIT_CODES)]
    Baseline(BaselineArgs),
    /// Play experiments again and test every metric of interest against
    /// the baseline: exit 1 when the balance moved, 0 when it did not.
    /// `check experiments/` checks every experiment with a baseline.
    #[command(after_help = EXIT_CODES)]
    Check(CheckArgs),
    /// How often does X happen? The share of a run's records (one per game,
    /// per Haggis round or per Sickles turn) where EXPR holds, with its 95% interval, e.g.
    /// `fortunes ask reports/run "rounds >= 40 and initiative_a > initiative_b"`.
    /// EXPR: column names, numbers, "strings", true/false, + - * / %,
    /// == != < <= > >=, and/or/not, parentheses.
    Ask {
        /// A run's folder (written with --records) or a records.parquet.
        run: PathBuf,
        /// The condition to count; with --mean, a filter on the rows used.
        expression: Option<String>,
        /// One answer per value of this column.
        #[arg(long, value_name = "COLUMN")]
        by: Option<String>,
        /// The mean of this numeric expression instead of a share.
        #[arg(long, value_name = "EXPR")]
        mean: Option<String>,
    },
    /// Exact odds, computed rather than simulated.
    Odds {
        #[command(subcommand)]
        system: OddsSystem,
    },
    /// List a system's rule parameters: name, default, range, meaning, source.
    Rules { system: String },
    /// List a system's strategies, their tuning keys and the presets.
    Strategies {
        system: String,
        /// Folder of strategy presets (default: ./strategies, then the crate's).
        #[arg(long)]
        strategies_dir: Option<PathBuf>,
    },
    /// Haggis tools: legal plays of a position, and paired matches.
    Haggis {
        #[command(subcommand)]
        command: HaggisCommand,
    },
}

#[derive(Subcommand, Debug)]
pub enum HaggisCommand {
    /// Print every legal play, one per line: `kind WxL rank: cards`, where
    /// kind is set, run or bomb, W the cards per rank, L the ranks (a set
    /// is Wx1, a run of singles 1xL), rank the top rank (for a bomb, its
    /// name after "-"), and the cards in rank then suit order, wilds last.
    /// Sorted by kind, shape, rank, cards; when beating, a last line "pass".
    Moves {
        /// The number cards in hand, e.g. "2H 3H 3S 9C" (10 or T for ten);
        /// J, Q, K here count as wilds.
        #[arg(long)]
        hand: String,
        /// The wilds still held, as letters: JQK, JK, ... (default none).
        #[arg(long, default_value = "")]
        wilds: String,
        /// The play to beat, e.g. "4D 4S"; when its cards read several
        /// ways, put the shape first: "2x2 5S 6S J Q", "1x4 5S 6S J Q".
        #[arg(long)]
        beat: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Play each deal twice with the seats swapped (deals paired) and report
    /// how often the first player wins the game, with a 95% interval whose
    /// unit is the deal.
    Match {
        /// The player measured.
        #[arg(long)]
        player: String,
        /// Its opponent.
        #[arg(long)]
        against: String,
        /// Deals; each is played twice, so 2 x deals games.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        deals: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Option<u16>,
        #[arg(long)]
        strategies_dir: Option<PathBuf>,
        #[command(flatten)]
        rules: RulesArgs,
    },
}

#[derive(Subcommand, Debug)]
pub enum OddsSystem {
    /// Piquet Regimental: a stepped cast, an assault, a rally, initiative.
    Piquet {
        #[command(subcommand)]
        question: PiquetOdds,
    },
    /// Skirmishing with Ancients: one shot, a melee, a morale check.
    Skirmish {
        #[command(subcommand)]
        question: SkirmishOdds,
    },
}

#[derive(Subcommand, Debug)]
pub enum PiquetOdds {
    /// The final die value of a cast: the highest die, stepped up or down.
    Cast {
        /// The die type: d4, d6, d8, d10 or d12.
        #[arg(long)]
        die: String,
        /// Dice cast (1 to 4).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
        dice: u8,
        /// Steps: negative down, positive up.
        #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-8..=8))]
        step: i32,
        /// Steps up past four dice add the next larger type each
        /// (next_type, the text's example) or climb one type further each.
        #[arg(long, default_value = "next_type", value_parser = ["next_type", "climb"])]
        beyond_four: String,
    },
    /// An assault fought to the end, solved as a Markov chain: who wins,
    /// both at once, and the expected KARDs.
    Assault {
        /// Eliteness and experience, e.g. elite,veteran.
        #[arg(long)]
        attacker: String,
        #[arg(long)]
        defender: String,
        /// Starting Elan: ATTACKER,DEFENDER.
        #[arg(long, default_value = "12,12")]
        elan: String,
        /// Steps: ATTACKER,DEFENDER (negative down).
        #[arg(long, default_value = "0,0", allow_hyphen_values = true)]
        steps: String,
    },
    /// The stamina boxes a rally checks (one per failed die).
    Rally {
        /// The unit's eliteness die: d4, d6, d8, d10, d12.
        #[arg(long)]
        die: String,
        /// The unit has been defeated (6+ instead of 4+).
        #[arg(long)]
        defeated: bool,
        /// Defeated by cavalry: nine dice needing 8+.
        #[arg(long)]
        by_cavalry: bool,
    },
    /// Initiative after the opening 3d6 cast and K Officer Check casts,
    /// each kept only if greater.
    Initiative {
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=15))]
        checks: u32,
    },
}

#[derive(Subcommand, Debug)]
pub enum SkirmishOdds {
    /// The effect of one shot: no effect, rout, wound, kill.
    Fire {
        /// Increments of fire on the card (+1 each).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=6))]
        fire: u32,
        /// Range in inches (minus its tens digit).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1000))]
        range: u32,
        /// The target has no shield (+1).
        #[arg(long)]
        unshielded: bool,
        /// Set a rule parameter (result_reading); repeatable.
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// A melee thrown until one or both men score: who scores, and how
    /// many throws it takes.
    Melee {
        /// Man a's modifier.
        #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-20..=20))]
        a_mod: i32,
        /// Man b's modifier.
        #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-20..=20))]
        b_mod: i32,
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// A group's morale check: its level and the chance it passes.
    Morale {
        /// Up to three men: sound, wounded or routing, comma-separated.
        #[arg(long, value_delimiter = ',')]
        men: Vec<String>,
        /// Inches between the group's two furthest men.
        #[arg(long, default_value_t = 0)]
        spread: u32,
        /// Commander morale points spent on the check.
        #[arg(long, default_value_t = 0)]
        bonus: u32,
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
}

/// Rule values for the Haggis tools.
#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// A rules file or preset name (see `fortunes run --rules`).
    #[arg(long = "rules", value_name = "FILE")]
    pub file: Option<String>,
    /// Set one rule parameter (after --rules); repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

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
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub games: Option<u64>,
    /// Play until every metric of interest has a 95% half-width of at most
    /// this, in fixed batches (the stopping point depends only on the seed).
    #[arg(long, value_name = "H", conflicts_with = "games")]
    pub precision: Option<f64>,
    /// With --precision: stop at this many games per variant at the most
    /// (default: 10 x the system's default games).
    #[arg(long, requires = "precision", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub max_games: Option<u64>,
    /// Master seed: the same seed gives the same results on any thread count.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
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
    /// A metric of interest (repeatable; replaces the file's list).
    #[arg(long = "metric", value_name = "NAME")]
    pub metrics: Vec<String>,
    /// Folder of strategy presets (default: ./strategies, then the crate's).
    #[arg(long)]
    pub strategies_dir: Option<PathBuf>,
    /// Write the tables, report and run.toml here (an experiment file
    /// writes reports/NAME/ unless told otherwise).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also write records.parquet, one row per game (Haggis: per round).
    #[arg(long)]
    pub records: bool,
    /// Print only the summary table, no timing line or progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(clap::Args, Debug)]
pub struct BaselineArgs {
    /// An experiment file.
    pub experiment: PathBuf,
    /// Folder of the reports: the baseline goes to REPORTS/NAME/.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
    /// Worker threads (default: all cores); the baseline does not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
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
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
}

/// How a successful command ended, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Exit 0.
    Success,
    /// Exit 1: a check found that the balance moved.
    BalanceMoved,
    /// Exit 2: bad input, already reported (a folder check goes on past it).
    BadInput,
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
pub fn emit(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::output("(stdout)", e)),
    }
}

/// Runs one parsed command line; tables and listings go to stdout.
pub fn execute(cli: Cli) -> Result<Outcome> {
    match cli.command {
        Command::Baseline(args) => baseline(args).map(|()| Outcome::Success),
        Command::Check(args) => check(args),
        other => execute_other(other).map(|()| Outcome::Success),
    }
}

fn execute_other(command: Command) -> Result<()> {
    match command {
        Command::Baseline(_) | Command::Check(_) => unreachable!("handled by execute"),
        Command::Ask {
            run,
            expression,
            by,
            mean,
        } => {
            let mut records = crate::ask::Records::open(&run)?;
            let (groups, answers) = crate::ask::ask(
                &mut records,
                expression.as_deref(),
                mean.as_deref(),
                by.as_deref(),
            )?;
            emit(&crate::ask::format_answers(
                &groups,
                &answers,
                mean.is_some(),
            ))
        }
        Command::Odds {
            system: OddsSystem::Skirmish { question },
        } => emit(&skirmish_odds(question)?),
        Command::Odds {
            system: OddsSystem::Piquet { question },
        } => emit(&piquet_odds(question)?),
        Command::Rules { system } => emit(&params::describe(system::find(&system)?.rule_specs())),
        Command::Strategies {
            system,
            strategies_dir,
        } => {
            let system = system::find(&system)?;
            emit(&strategies_listing(
                system,
                &presets_dir(system.name(), strategies_dir.as_deref()),
            )?)
        }
        Command::Run(args) => run(args),
        Command::Haggis { command } => haggis_command(command),
    }
}

pub fn strategies_listing(system: &'static dyn system::System, dir: &Path) -> Result<String> {
    let mut text = String::from("built-in strategies:\n");
    for info in system.strategies() {
        text.push_str(&format!("  {:<12} {}\n", info.name, info.about));
    }
    for info in system.strategies().iter().filter(|i| !i.tuning.is_empty()) {
        text.push_str(&format!(
            "tuning keys of base = \"{}\" in a preset file:\n",
            info.name
        ));
        for spec in info.tuning {
            text.push_str(&format!(
                "  {:<18} default {:<4} {}: {}\n",
                spec.name,
                spec.format(spec.default),
                spec.allowed(),
                spec.doc
            ));
        }
    }
    text.push_str(&format!("presets ({}):\n", dir.display()));
    for name in crate::presets::preset_names(dir) {
        let player = system::resolve_player(system.strategies(), &name, dir)?;
        text.push_str(&format!("  {name:<12} {}\n", player.description));
    }
    Ok(text)
}

fn threads_of(threads: Option<u16>) -> usize {
    threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Resolves a `run` command line into an experiment and where it writes.
pub fn resolve_run(args: &RunArgs) -> Result<(Experiment, Option<PathBuf>)> {
    let overrides = Overrides {
        games: args.games,
        precision: args.precision,
        max_games: args.max_games,
        seed: args.seed,
        set: args.set.clone(),
        strategies: args.strategy.clone(),
        strategies_dir: args.strategies_dir.clone(),
        records: args.records,
        metrics: args.metrics.clone(),
    };
    let target = match (&args.target, &args.from) {
        (_, Some(from)) => from.display().to_string(),
        (Some(target), None) => target.clone(),
        (None, None) => {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "run needs a system ({}) or an experiment file",
                system::names().join(", ")
            ))))
        }
    };
    if let Ok(system) = system::find(&target) {
        let experiment = match &args.rules {
            Some(rules) => Experiment::plain_with_rules(system, rules, &overrides)?,
            None => Experiment::plain(system, &overrides)?,
        };
        return Ok((experiment, args.out.clone()));
    }
    let path = Path::new(&target);
    if !(path.is_file() || target.ends_with(".toml")) {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "unknown system or experiment file {target:?}; allowed: {}, or a path to an experiment .toml",
            system::names().join(", ")
        ))));
    }
    if args.rules.is_some() {
        return Err(Error::new(ErrorKind::BadArgument(
            "--rules goes with a system; an experiment file names its rules itself (use --set to change one)".into(),
        )));
    }
    let experiment = Experiment::load(path, &overrides)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join(&experiment.name));
    Ok((experiment, Some(out)))
}

fn run(args: RunArgs) -> Result<()> {
    let (experiment, out_dir) = resolve_run(&args)?;
    let system = experiment.system;
    let threads = threads_of(args.threads);
    let plan = experiment.plan(experiment.seed, threads);
    let mut out = out_dir.as_deref().map(OutputDir::create).transpose()?;
    if experiment.records && out.is_none() {
        return Err(Error::new(ErrorKind::BadArgument(
            "--records needs --out DIR".into(),
        )));
    }
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
    let records_dir = if experiment.records {
        out.as_mut()
    } else {
        None
    };
    let outcomes = system.run(&experiment.variants, &plan, records_dir, progress.as_ref())?;
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    let tables: Vec<VariantTable> = experiment
        .variants
        .iter()
        .zip(&outcomes)
        .map(|(variant, outcome)| VariantTable {
            label: variant.label.clone(),
            axes: variant.axes.clone(),
            rows: outcome.rows.clone(),
        })
        .collect();
    if let Some(dir) = out.as_mut() {
        let axes = experiment.axis_names();
        output::write_summary_csv(dir, &axes, &tables)?;
        output::write_summary_parquet(dir, &axes, &tables)?;
        report::write_tables(dir, &experiment, &outcomes)?;
        report::write_report(dir, &experiment, &outcomes, threads)?;
        output::write_text(dir, "run.toml", &experiment.to_toml(threads))?;
    }
    if let Some(dir) = out {
        dir.commit()?;
    }
    let text = if experiment.variants.len() == 1 {
        let headline: Vec<_> = outcomes[0]
            .rows
            .iter()
            .filter(|r| system.table_breakdowns().contains(&r.by))
            .cloned()
            .collect();
        output::format_table(&headline)
    } else {
        experiment_table(&experiment, &outcomes)
    };
    emit(&text)?;
    if !args.quiet {
        let games: u64 = outcomes.iter().map(|o| o.games).sum();
        eprintln!(
            "{games} games in {elapsed:.2} s ({:.0} games/s on {threads} threads, seed {}){}",
            games as f64 / elapsed,
            experiment.seed,
            match &out_dir {
                Some(dir) => format!("; tables and report in {}", dir.display()),
                None => "; --out DIR writes the full tables and a report".to_string(),
            }
        );
    }
    Ok(())
}

/// The stdout table of a sweep: each metric of interest per variant, and
/// its paired difference from the reference.
fn experiment_table(experiment: &Experiment, outcomes: &[system::VariantOutcome]) -> String {
    let mut lines = vec![[
        "variant".to_string(),
        "series".into(),
        "games".into(),
        "value".into(),
        "95% CI".into(),
        "vs reference".into(),
        "95% CI (paired)".into(),
    ]];
    let series = experiment.system.series();
    for &s in &experiment.watched_series() {
        for (v, variant) in experiment.variants.iter().enumerate() {
            let sums = &outcomes[v].series[s];
            let (low, high) = sums.interval(CONFIDENCE);
            let (diff, range) = if v == experiment.reference {
                ("reference".to_string(), String::new())
            } else {
                let d = outcomes[v].paired[s].difference(CONFIDENCE);
                (
                    format!("{:+.4}", d.value),
                    format!("[{:+.4}, {:+.4}]", d.ci_low, d.ci_high),
                )
            };
            lines.push([
                variant.label.clone(),
                series[s].label(),
                sums.n.to_string(),
                format!("{:.4}", sums.value()),
                format!("[{low:.4}, {high:.4}]"),
                diff,
                range,
            ]);
        }
    }
    output::align(&lines, 2)
}

fn haggis_rules(args: &RulesArgs) -> Result<haggis::Rules> {
    let system = system::find(haggis::rules::SYSTEM)?;
    let overrides = Overrides {
        set: args.set.clone(),
        ..Overrides::default()
    };
    let experiment = match &args.file {
        Some(file) => Experiment::plain_with_rules(system, file, &overrides)?,
        None => Experiment::plain(system, &overrides)?,
    };
    haggis::Rules::from_values(experiment.rules)
}

fn haggis_command(command: HaggisCommand) -> Result<()> {
    match command {
        HaggisCommand::Moves {
            hand,
            wilds,
            beat,
            rules,
        } => {
            let rules = haggis_rules(&rules)?;
            emit(&haggis_moves(&hand, &wilds, beat.as_deref(), &rules)?)
        }
        HaggisCommand::Match {
            player,
            against,
            deals,
            seed,
            threads,
            strategies_dir,
            rules,
        } => {
            let rules = haggis_rules(&rules)?;
            let dir = presets_dir(haggis::rules::SYSTEM, strategies_dir.as_deref());
            let strategies = haggis::strategy::STRATEGIES;
            let player = system::resolve_player(strategies, &player, &dir)?;
            let against = system::resolve_player(strategies, &against, &dir)?;
            let threads = threads_of(threads);
            let started = Instant::now();
            let result = haggis::duel::play_match(
                &rules,
                haggis::HaggisStrategy::from_player(&player),
                haggis::HaggisStrategy::from_player(&against),
                deals,
                seed,
                threads,
            )?;
            emit(&result.table(&player.name, &against.name))?;
            eprintln!(
                "{} games in {:.1} s on {threads} threads, seed {seed}",
                2 * deals,
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
    }
}

/// The `fortunes haggis moves` listing.
pub fn haggis_moves(
    hand: &str,
    wilds: &str,
    beat: Option<&str>,
    rules: &haggis::Rules,
) -> Result<String> {
    use haggis::Cards;
    let mut cards = Cards::parse(hand)?;
    for letter in wilds.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let wild = Cards::parse(&letter.to_string())
            .ok()
            .filter(|c| !c.wilds().is_empty());
        match wild {
            Some(wild) => cards = cards.union(wild),
            None => {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "unknown wild {letter:?} in --wilds {wilds:?}; allowed: J, Q, K"
                ))))
            }
        }
    }
    let to_beat = beat
        .map(|text| haggis_play_to_beat(text, rules))
        .transpose()?;
    let mut list = haggis::MoveList::new();
    haggis::generate(cards, to_beat.map(|p| p.combo), rules.bombs, &mut list);
    let mut plays = list.as_slice().to_vec();
    plays.sort_by_key(|p| (p.combo.sort_key(), p.cards));
    let mut text = String::new();
    for play in plays {
        text.push_str(&format!("{play}\n"));
    }
    if to_beat.is_some() {
        text.push_str("pass\n");
    }
    Ok(text)
}

fn haggis_play_to_beat(text: &str, rules: &haggis::Rules) -> Result<haggis::Play> {
    let mut tokens = text.split_whitespace();
    let first = tokens.next().unwrap_or_default();
    let (shape, cards_text) = match haggis::Combo::parse_shape(first) {
        Some(shape) => (Some(shape), tokens.collect::<Vec<_>>().join(" ")),
        None => (None, text.to_string()),
    };
    let cards = haggis::Cards::parse(&cards_text)?;
    let readings = haggis::moves::readings(cards, rules.bombs);
    let shown = || {
        readings
            .iter()
            .map(|p| p.combo.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let matching: Vec<haggis::Play> = readings
        .iter()
        .copied()
        .filter(|p| match (shape, p.combo) {
            (None, _) => true,
            (Some((w, l)), haggis::Combo::Seq { width, length, .. }) => w == width && l == length,
            (Some(_), haggis::Combo::Bomb(_)) => false,
        })
        .collect();
    match matching.as_slice() {
        [play] => Ok(*play),
        [] if readings.is_empty() => Err(Error::new(ErrorKind::BadArgument(format!(
            "--beat {text:?} is not a legal combination under these rules"
        )))),
        [] => Err(Error::new(ErrorKind::BadArgument(format!(
            "--beat {text:?}: no reading of that shape; its readings: {}",
            shown()
        )))),
        _ => Err(Error::new(ErrorKind::BadArgument(format!(
            "--beat {text:?} reads several ways ({}); put the shape first, e.g. \"2x2 {cards_text}\"",
            shown()
        )))),
    }
}

fn baseline(args: BaselineArgs) -> Result<()> {
    let experiment = Experiment::load(&args.experiment, &Overrides::default())?;
    let threads = threads_of(args.threads);
    let dir = crate::check::report_dir(&args.reports, &experiment);
    let mut out = OutputDir::create(&dir)?;
    let started = Instant::now();
    let outcomes = experiment.play(experiment.seed, threads)?;
    crate::check::write_baseline(&mut out, &experiment, &outcomes)?;
    out.commit()?;
    let games: u64 = outcomes.iter().map(|o| o.games).sum();
    emit(&format!(
        "baseline of {} written to {} ({} variants, {games} games, {:.1} s)\n",
        experiment.name,
        dir.join(crate::check::BASELINE_CSV).display(),
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
}

impl Checked {
    fn bad_input(name: String) -> Checked {
        Checked {
            name,
            tests: 0,
            moved: 0,
            smallest: f64::NAN,
            outcome: Outcome::BadInput,
        }
    }
}

/// An experiment played against its baseline, its tests not yet corrected.
struct Played {
    experiment: Experiment,
    seed: u64,
    baseline_seed: u64,
    rows: Vec<crate::check::CheckRow>,
}

fn check(args: CheckArgs) -> Result<Outcome> {
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        return Err(Error::new(ErrorKind::BadValue {
            name: "--alpha".into(),
            value: args.alpha.to_string(),
            allowed: "a number strictly between 0 and 1".into(),
        }));
    }
    let threads = threads_of(args.threads);
    let folder = args.target.is_dir();
    let files = if folder {
        crate::experiment::experiment_files(&args.target, Some(&args.reports))?
    } else {
        vec![args.target.clone()]
    };
    let mut results = Vec::new();
    let mut played = Vec::new();
    for file in files {
        let experiment = match Experiment::load(&file, &Overrides::default()) {
            Ok(experiment) => experiment,
            Err(error) if folder => {
                eprintln!("fortunes: error: {error}");
                results.push(Checked::bad_input(file.display().to_string()));
                continue;
            }
            Err(error) => return Err(error),
        };
        let dir = crate::check::report_dir(&args.reports, &experiment);
        if folder && !dir.join(crate::check::BASELINE_TOML).is_file() {
            continue;
        }
        let name = experiment.name.clone();
        match play_check(&args, experiment, threads) {
            Ok(Ok(exact)) => results.push(exact),
            Ok(Err(statistical)) => played.push(statistical),
            Err(error) if folder => {
                eprintln!("fortunes: error: {error}");
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
    let mut all: Vec<crate::check::CheckRow> =
        played.iter().flat_map(|p| p.rows.iter().cloned()).collect();
    crate::check::adjust(&mut all, args.alpha);
    let family = all.len();
    let mut rest = all.as_slice();
    for mut p in played {
        let (mine, others) = rest.split_at(p.rows.len());
        p.rows = mine.to_vec();
        rest = others;
        results.push(report_check(&args, &p, family)?);
    }
    if folder {
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
) -> Result<std::result::Result<Checked, Played>> {
    let dir = crate::check::report_dir(&args.reports, &experiment);
    let baseline = crate::check::read_baseline(&dir, &experiment)?;
    let series = experiment.system.series();
    if args.exact {
        crate::check::require_same_version(&baseline, &dir)?;
        let seed = args.seed.unwrap_or(baseline.seed);
        let outcomes = experiment.play(seed, threads)?;
        let differ = crate::check::exact_differences(&baseline, &outcomes);
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
        emit(&text)?;
        return Ok(Ok(Checked {
            name: experiment.name.clone(),
            tests: outcomes.len() * series.len(),
            moved: differ.len(),
            smallest: f64::NAN,
            outcome: if differ.is_empty() {
                Outcome::Success
            } else {
                Outcome::BalanceMoved
            },
        }));
    }
    let seed = args.seed.unwrap_or(crate::check::check_seed(baseline.seed));
    let outcomes = experiment.play(seed, threads)?;
    let rows = crate::check::raw_tests(&experiment, &baseline, &outcomes);
    Ok(Err(Played {
        experiment,
        seed,
        baseline_seed: baseline.seed,
        rows,
    }))
}

/// Prints one experiment's corrected tests.
fn report_check(args: &CheckArgs, played: &Played, family: usize) -> Result<Checked> {
    let experiment = &played.experiment;
    let series = experiment.system.series();
    let rows = &played.rows;
    let moved = rows.iter().filter(|r| r.moved).count();
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
        lines.push([
            experiment.variants[row.variant].label.clone(),
            series[row.series].label(),
            short(row.baseline),
            short(row.now),
            signed(row.change),
            format!("[{:+.4}, {:+.4}]", row.ci_low, row.ci_high),
            format!("{:.4}", row.p),
            format!("{:.4}", row.adjusted),
            if row.moved { "MOVED" } else { "no" }.into(),
            short(row.detectable),
        ]);
    }
    emit(&format!(
        "== {}: seed {} against the baseline's seed {}, alpha {} with Holm over {family} tests; \
         `detectable` is the smallest change found with 80% power\n{}{}\n",
        experiment.name,
        played.seed,
        played.baseline_seed,
        args.alpha,
        output::align(&lines, 2),
        if moved == 0 {
            "unchanged: no metric moved".to_string()
        } else {
            format!("MOVED: {moved} of {} tests", rows.len())
        }
    ))?;
    Ok(Checked {
        name: experiment.name.clone(),
        tests: rows.len(),
        moved,
        smallest: rows.iter().map(|r| r.adjusted).fold(f64::NAN, f64::min),
        outcome: if moved > 0 {
            Outcome::BalanceMoved
        } else {
            Outcome::Success
        },
    })
}

/// Four decimals, or three significant digits for figures below 0.001
/// (a rare event's rate would otherwise read 0.0000).
fn short(x: f64) -> String {
    if x != 0.0 && x.abs() < 1e-3 {
        format!("{x:.2e}")
    } else {
        format!("{x:.4}")
    }
}

/// `short`, with a sign.
fn signed(x: f64) -> String {
    if x != 0.0 && x.abs() < 1e-3 {
        format!("{x:+.2e}")
    } else {
        format!("{x:+.4}")
    }
}

/// The `fortunes odds skirmish ...` answers.
pub fn skirmish_odds(question: SkirmishOdds) -> Result<String> {
    use crate::skirmish::rules::Rules;
    use crate::skirmish::table::{self, Condition, Effect};
    let rules = |set: &[String]| -> Result<Rules> {
        let mut values = Rules::defaults();
        for assignment in set {
            values.set_text(assignment)?;
        }
        Rules::from_values(&values)
    };
    let row = |name: &str, chance: table::Fraction| {
        [
            name.to_string(),
            chance.to_string(),
            format!("{:.4}", chance.value()),
        ]
    };
    let header = || ["outcome", "chance", "decimal"].map(String::from);
    Ok(match question {
        SkirmishOdds::Fire {
            fire,
            range,
            unshielded,
            set,
        } => {
            let rules = rules(&set)?;
            let modifier = table::fire_modifier(fire, range, unshielded);
            let odds = table::effect_odds(modifier, rules.reading);
            let mut lines = vec![header()];
            for effect in Effect::ALL {
                lines.push(row(effect.name(), odds[effect as usize]));
            }
            format!(
                "one shot: {fire} increments of fire at {range} inches, {} target: modifier {modifier:+}\n{}",
                if unshielded { "unshielded" } else { "shielded" },
                output::align(&lines, 1)
            )
        }
        SkirmishOdds::Melee { a_mod, b_mod, set } => {
            let rules = rules(&set)?;
            match table::melee_odds(a_mod, b_mod, rules.reading) {
                None => format!(
                    "melee: a {a_mod:+}, b {b_mod:+}: neither man can ever score; the melee never ends \
                     (the simulation stops it after melee_max_throws = {} throws)\n",
                    rules.melee_max_throws
                ),
                Some(odds) => {
                    let lines = vec![
                        header(),
                        row("a scores, b does not", odds.a_only),
                        row("b scores, a does not", odds.b_only),
                        row("both score", odds.both),
                        row("expected throws", odds.expected_throws),
                    ];
                    format!(
                        "melee: a {a_mod:+}, b {b_mod:+}, thrown until one or both score\n{}",
                        output::align(&lines, 1)
                    )
                }
            }
        }
        SkirmishOdds::Morale {
            men,
            spread,
            bonus,
            set,
        } => {
            let rules = rules(&set)?;
            let conditions = men
                .iter()
                .map(|m| match m.trim() {
                    "sound" => Ok(Condition::Sound),
                    "wounded" | "routing" => Ok(Condition::Shaken),
                    other => Err(Error::new(ErrorKind::BadValue {
                        name: "--men".into(),
                        value: other.into(),
                        allowed: "sound, wounded, routing (comma-separated)".into(),
                    })),
                })
                .collect::<Result<Vec<_>>>()?;
            if conditions.is_empty() || conditions.len() > 3 {
                return Err(Error::new(ErrorKind::BadValue {
                    name: "--men".into(),
                    value: men.join(","),
                    allowed: "one to three men: a group tests together".into(),
                }));
            }
            let level = table::morale_level(&conditions, spread, bonus);
            let odds = table::morale_odds(level, rules.morale_pass);
            format!(
                "morale: {} men, {spread} inches apart, {bonus} commander points: level {level}\n{}",
                conditions.len(),
                output::align(&[header(), row("passes", odds)], 1)
            )
        }
    })
}

/// The `fortunes odds piquet ...` answers: each value's chance, and the mean.
pub fn piquet_odds(question: PiquetOdds) -> Result<String> {
    use crate::piquet::dice::{self, BeyondFour, Rating};
    let die_sides = |die: &str| {
        die.trim_start_matches(['d', 'D'])
            .parse::<u8>()
            .ok()
            .filter(|s| dice::DICE.contains(s))
            .ok_or_else(|| {
                Error::new(ErrorKind::BadValue {
                    name: "--die".into(),
                    value: die.to_string(),
                    allowed: "d4, d6, d8, d10, d12".into(),
                })
            })
    };
    let pair =
        |name: &str, text: &str, range: std::ops::RangeInclusive<i64>| -> Result<(i64, i64)> {
            let bad = || {
                Error::new(ErrorKind::BadValue {
                    name: name.into(),
                    value: text.into(),
                    allowed: format!(
                        "two integers {}..={}, comma-separated",
                        range.start(),
                        range.end()
                    ),
                })
            };
            let (a, b) = text.split_once(',').ok_or_else(bad)?;
            let (a, b) = (
                a.trim().parse::<i64>().map_err(|_| bad())?,
                b.trim().parse::<i64>().map_err(|_| bad())?,
            );
            if range.contains(&a) && range.contains(&b) {
                Ok((a, b))
            } else {
                Err(bad())
            }
        };
    let (title, distribution) = match question {
        PiquetOdds::Assault {
            attacker,
            defender,
            elan,
            steps,
        } => {
            let unit = |name: &str, text: &str| {
                Rating::parse(text).ok_or_else(|| {
                    Error::new(ErrorKind::BadValue {
                        name: name.into(),
                        value: text.into(),
                        allowed: "ELITENESS,EXPERIENCE: elite, line, conscript or militia, then veteran, reliable or undependable".into(),
                    })
                })
            };
            let (mut a, mut b) = (
                unit("--attacker", &attacker)?,
                unit("--defender", &defender)?,
            );
            let (ea, eb) = pair("--elan", &elan, 1..=60)?;
            let (sa, sb) = pair("--steps", &steps, -8..=8)?;
            a.step = sa as i32;
            b.step = sb as i32;
            let lines =
                match dice::assault_odds(&a, &b, (ea as u32, eb as u32), BeyondFour::NextType) {
                    None => {
                        "neither side can ever remove Elan: the assault never ends\n".to_string()
                    }
                    Some(odds) => output::align(
                        &[
                            ["outcome", "chance"].map(String::from),
                            ["attacker wins".into(), format!("{:.6}", odds.attacker_wins)],
                            ["defender wins".into(), format!("{:.6}", odds.defender_wins)],
                            [
                                "both at zero together".into(),
                                format!("{:.6}", odds.together),
                            ],
                            [
                                "expected KARDs".into(),
                                format!("{:.4}", odds.expected_kards),
                            ],
                        ],
                        1,
                    ),
                };
            return Ok(format!(
                "assault: {attacker} ({}d{} {:+}) against {defender} ({}d{} {:+}), Elan {ea} and {eb}; \
                 solved exactly as a Markov chain over the Elans (floating point)\n{lines}",
                a.dice, a.sides, a.step, b.dice, b.sides, b.step
            ));
        }
        PiquetOdds::Rally {
            die,
            defeated,
            by_cavalry,
        } => {
            let sides = die_sides(&die)?;
            (
                format!(
                    "rally: stamina boxes checked, {} d{sides} needing {}",
                    if by_cavalry { 9 } else { 6 },
                    if by_cavalry {
                        "8+"
                    } else if defeated {
                        "6+"
                    } else {
                        "4+"
                    }
                ),
                dice::rally_distribution(sides, defeated, by_cavalry),
            )
        }
        PiquetOdds::Cast {
            die,
            dice: count,
            step,
            beyond_four,
        } => {
            let sides = die_sides(&die)?;
            let beyond = if beyond_four == "climb" {
                BeyondFour::Climb
            } else {
                BeyondFour::NextType
            };
            (
                format!("final die value: {count}d{sides} stepped {step:+}"),
                dice::cast_distribution(sides, count, step, beyond),
            )
        }
        PiquetOdds::Initiative { checks } => (
            format!("initiative after the opening cast and {checks} Officer Check casts"),
            dice::initiative_distribution(checks),
        ),
    };
    let mut lines = vec![["value", "chance", "decimal"].map(String::from)];
    for (value, chance) in distribution.iter().enumerate().filter(|(_, f)| f.num > 0) {
        lines.push([
            value.to_string(),
            chance.to_string(),
            format!("{:.4}", chance.value()),
        ]);
    }
    let mean = dice::mean(&distribution);
    lines.push([
        "mean".into(),
        mean.to_string(),
        format!("{:.4}", mean.value()),
    ]);
    Ok(format!("{title}\n{}", output::align(&lines, 0)))
}
