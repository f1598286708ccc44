//! The command line: names are resolved to rules, players and files here,
//! at the boundary, through the system registry; everything past it is
//! typed and validated. No system is named here: a system's own commands
//! (`odds SYSTEM ...`, `SYSTEM ...`) are declared by the system and
//! mounted from the registry.
//!
//! Exit codes (`main` maps an `Outcome` or an error to them): 0 success;
//! 1 only when a balance check finds a change; 2 bad input or usage; 130
//! interrupted (Ctrl-C or SIGTERM).

mod agent;
mod ask;
mod cards;
mod check;
pub mod listing;
mod odds;
mod play;
mod replay;
mod run;
mod sensitivity;
mod shard;
mod spec;
mod tune;

pub use crate::outcome::Outcome;

use crate::error::Result;
use crate::output::{emit, usage_error};
use crate::params;
use crate::system::presets_dir;
use crate::systems::{self, SYSTEMS};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;

const EXIT_CODES: &str = "Exit codes: 0 success; 1 a balance check found a change; \
2 bad input or usage (one message names the problem and the allowed values); \
130 interrupted (Ctrl-C or SIGTERM; nothing is left behind).";

/// The commands every system shares; `command()` adds the systems' own.
#[derive(Parser, Debug)]
#[command(
    name = "fortunes",
    version,
    about = "Monte Carlo rules analysis for card-driven game systems",
    after_help = EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play many seeded games and report statistics with 95% intervals:
    /// `run SYSTEM [options]`, or `run experiments/NAME.toml` to play an
    /// experiment's every variant and write reports/NAME/.
    #[command(after_help = EXIT_CODES)]
    Run(run::RunArgs),
    /// Combine the partial results of a sharded run (`run --shard K/N`, or
    /// a Slurm job array) into the tables, report and run.toml that one
    /// process would have written, byte for byte: `merge OUT PART...`,
    /// each PART a partial result (*.part.json) or a folder of them.
    #[command(after_help = EXIT_CODES)]
    Merge(shard::MergeArgs),
    /// Play an experiment and write its baseline (reports/NAME/baseline.csv
    /// and baseline.toml), to commit and check later.
    #[command(after_help = EXIT_CODES)]
    Baseline(check::BaselineArgs),
    /// Play experiments again and test every metric of interest against
    /// the baseline: exit 1 when the balance moved, 0 when it did not.
    /// `check experiments/` checks every experiment with a baseline.
    #[command(after_help = EXIT_CODES)]
    Check(check::CheckArgs),
    /// Which rules move the balance? Every rule parameter one step from the
    /// base (integers down and up by one, every other choice), each played
    /// on the base's games, ranked by its paired effect on the metrics of
    /// interest, with 95% intervals; `--out DIR` adds a table and a tornado
    /// plot per metric.
    #[command(after_help = EXIT_CODES)]
    Sensitivity(sensitivity::SensitivityArgs),
    /// What is each card worth? For every kind of card, chit or event the
    /// base's decks and cups hold (Piquet's Army Deck, the Sickles cup,
    /// Haggerty's jokers, Skirmish's increment deck), one fewer and one
    /// more, each played on the base's games, ranked by its paired effect
    /// on the metrics of interest with 95% intervals and Holm's
    /// correction; a count the rules refuse is named, not played.
    /// `--keep-size FILLER` trades each card against a FILLER; `--out DIR`
    /// adds a table and a tornado plot per metric.
    #[command(after_help = EXIT_CODES)]
    Cards(cards::CardsArgs),
    /// Which value of an integer rule, or which variant of an experiment's
    /// sweep, brings a metric to a target (or maximises or minimises it),
    /// optionally under a constraint on another metric? Candidates race on
    /// the same new games, round by round, and drop out once their
    /// intervals show them worse (or missing the constraint); the answer is
    /// the candidate left, or the candidates that cannot be told apart.
    #[command(after_help = EXIT_CODES)]
    Tune(tune::TuneArgs),
    /// How often does X happen? The share of a run's records (one per game,
    /// per Haggis round, per Sickles turn or per Piquet DECQ) where EXPR
    /// holds, with its 95% interval at the game level, e.g.
    /// `fortunes ask reports/run "rounds >= 40 and initiative_a > initiative_b"`.
    /// EXPR: column names, numbers, "strings", true/false, + - * / %,
    /// == != < <= > >=, and/or/not, parentheses.
    Ask(ask::AskArgs),
    /// Play one game again from its seed and index alone and print its
    /// events in order, in the game's own words: `replay RUN_DIR GAME`
    /// (a run's folder, as `fortunes ask --games` names them) or `replay
    /// SYSTEM --game N` with the usual --seed, --set, --rules, --strategy
    /// and --scenario; `--vs LABEL` plays it under a second variant and
    /// shows where the two part; `--json` writes JSON lines.
    #[command(after_help = EXIT_CODES)]
    Replay(replay::ReplayArgs),
    /// List the systems, and the shipped experiments, scenarios, rules
    /// presets and strategy presets.
    List,
    /// Print a shell completion script for bash, zsh, fish, elvish or
    /// powershell (e.g. `fortunes completions bash > ~/.local/share/bash-completion/completions/fortunes`).
    Completions { shell: clap_complete::Shell },
    /// Print the manual page (roff), e.g. `fortunes manual | man -l -`.
    Manual,
    /// List a system's rule parameters: name, default, range, meaning, source.
    Rules { system: String },
    /// List a system's metrics: what each counts, its unit, what one
    /// observation is, what is left out, its seats and breakdowns.
    Metrics {
        system: String,
        /// As a Markdown table (the form docs/SYSTEM.md holds).
        #[arg(long)]
        markdown: bool,
    },
    /// List a system's strategies, their tuning keys and the presets.
    Strategies {
        system: String,
        /// Folder of strategy presets (default: ./strategies, then the crate's).
        #[arg(long)]
        strategies_dir: Option<PathBuf>,
    },
}

/// The whole command line: the shared commands, `odds` with every
/// system's exact odds, and each system's own tools.
pub fn command() -> clap::Command {
    let tools = SYSTEMS.iter().filter_map(|s| s.tools());
    Cli::command()
        .subcommand(odds::define())
        .subcommand(play::define().after_help(EXIT_CODES))
        .subcommand(agent::define().after_help(EXIT_CODES))
        .subcommands(tools.map(|t| spec::command(t.spec).after_help(EXIT_CODES)))
}

/// Runs one parsed command line; tables and listings go to stdout.
pub fn execute(matches: &clap::ArgMatches) -> Result<Outcome> {
    match matches.subcommand() {
        Some(("odds", question)) => return odds::execute(question).map(|()| Outcome::Success),
        Some(("play", game)) => return play::execute(game).map(|()| Outcome::Success),
        Some(("agent", session)) => return agent::execute(session).map(|()| Outcome::Success),
        Some((name, args)) => {
            if let Some(tools) = systems::find(name).ok().and_then(|s| s.tools()) {
                return (tools.run)(&spec::given(tools.spec, args)).map(|()| Outcome::Success);
            }
        }
        None => {}
    }
    let cli = Cli::from_arg_matches(matches).map_err(usage_error)?;
    match cli.command {
        Command::Run(args) => match shard::chosen(args.shard.as_deref())? {
            Some(chosen) => shard::run_shard(args, chosen),
            None => run::run(args),
        }
        .map(|()| Outcome::Success),
        Command::Merge(args) => shard::merge(args).map(|()| Outcome::Success),
        Command::Baseline(args) => check::baseline(args).map(|()| Outcome::Success),
        Command::Check(args) => check::check(args),
        Command::Ask(args) => ask::ask(args).map(|()| Outcome::Success),
        Command::Replay(args) => replay::replay(args).map(|()| Outcome::Success),
        Command::Tune(args) => tune::run_tune(args).map(|()| Outcome::Success),
        Command::Sensitivity(args) => sensitivity::sensitivity(args).map(|()| Outcome::Success),
        Command::Cards(args) => cards::cards(args).map(|()| Outcome::Success),
        Command::List => emit(&listing::list()?).map(|()| Outcome::Success),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command(), "fortunes", &mut script);
            emit(&String::from_utf8_lossy(&script)).map(|()| Outcome::Success)
        }
        Command::Manual => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command())
                .render(&mut page)
                .map_err(|e| {
                    crate::error::Error::new(crate::error::ErrorKind::BadArgument(e.to_string()))
                })?;
            emit(&String::from_utf8_lossy(&page)).map(|()| Outcome::Success)
        }
        Command::Rules { system } => {
            let system = systems::find(&system)?;
            let mut text = params::describe(system.rule_specs());
            if !system.rule_notes().is_empty() {
                text.push('\n');
                text.push_str(system.rule_notes());
            }
            emit(&text).map(|()| Outcome::Success)
        }
        Command::Metrics { system, markdown } => {
            let system = systems::find(&system)?;
            emit(&listing::metrics_listing(system, markdown)).map(|()| Outcome::Success)
        }
        Command::Strategies {
            system,
            strategies_dir,
        } => {
            let system = systems::find(&system)?;
            let dir = presets_dir(system.name(), strategies_dir.as_deref());
            emit(&listing::strategies_listing(system, &dir)?).map(|()| Outcome::Success)
        }
    }
}
