//! The command line: names are resolved to rules, strategies and files here,
//! at the boundary; everything past it is typed and validated.

use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::haggerty::{self, strategy, Haggerty, Rules};
use crate::haggis::{self, Haggis};
use crate::output::{self, OutputDir, RecordsWriter};
use crate::params::{self, ParamValues};
use crate::runner::{self, RunConfig, Simulation};
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
    /// how often the first player wins the game, with a 95% interval.
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

/// Rule values for the Haggis tools.
#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// A rules file or preset name (see `fortunes run --rules`).
    #[arg(long = "rules", value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Set one rule parameter (after --rules); repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

/// The systems fortunes can run. The other three seed systems (Hammerin'
/// Sickles, Skirmishing with Ancients, Piquet Regimental) plug in here as
/// they are built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum System {
    /// The Haggerty card-initiative sequence.
    Haggerty,
    /// Haggis for two players, played to the target score.
    Haggis,
}

impl System {
    pub fn name(self) -> &'static str {
        match self {
            System::Haggerty => haggerty::rules::SYSTEM,
            System::Haggis => haggis::rules::SYSTEM,
        }
    }

    /// Games a run plays unless told: a Haggis game is a dozen rounds of
    /// searching hands, a Haggerty game a few microseconds.
    pub fn default_games(self) -> u64 {
        match self {
            System::Haggerty => 1_000_000,
            System::Haggis => 10_000,
        }
    }

    /// Runs of at least this many games show a progress bar on a terminal.
    fn progress_from(self) -> u64 {
        match self {
            System::Haggerty => 100_000,
            System::Haggis => 1_000,
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    pub system: System,
    /// Games to play (default: haggerty 1,000,000; haggis 10,000 games to
    /// the target score).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub games: Option<u64>,
    /// Master seed: the same seed gives the same results on any thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// A TOML file of rule values, as a [rules] table (a run.toml works
    /// too); a bare name is looked up in experiments/<system>/, e.g.
    /// `--rules official` for Haggis.
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
    /// Also write records.parquet, one row per game (Haggis: per round;
    /// needs --out).
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
        Command::Haggis { command } => haggis_command(command),
    }
}

pub fn rules_listing(system: System) -> String {
    match system {
        System::Haggerty => params::describe(haggerty::rules::SPECS),
        System::Haggis => params::describe(haggis::rules::SPECS),
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
            for name in crate::presets::preset_names(dir) {
                let preset = strategy::resolve(&name, dir)?;
                text.push_str(&format!("  {name:<12} {}\n", preset.description));
            }
        }
        System::Haggis => {
            use haggis::strategy as hs;
            for (name, about) in hs::BUILT_INS {
                text.push_str(&format!("  {name:<12} {about}\n"));
            }
            for (base, specs) in [
                ("heuristic", hs::HEURISTIC_TUNING),
                ("search", hs::SEARCH_TUNING),
            ] {
                text.push_str(&format!(
                    "tuning keys of base = \"{base}\" in a preset file:\n"
                ));
                for spec in specs {
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
                let preset = hs::resolve(&name, dir)?;
                text.push_str(&format!("  {name:<12} {}\n", preset.description));
            }
        }
    }
    Ok(text)
}

/// A `--rules` value: a path, or a bare preset name found in
/// `experiments/<system>/` (working directory first, then the crate's).
pub fn rules_path(system: System, value: &Path) -> PathBuf {
    let bare = value.components().count() == 1 && value.extension().is_none();
    if value.exists() || !bare {
        return value.to_path_buf();
    }
    let file = format!("{}.toml", value.display());
    let local = Path::new("experiments").join(system.name()).join(&file);
    if local.is_file() {
        return local;
    }
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("experiments")
        .join(system.name())
        .join(&file);
    if shipped.is_file() {
        shipped
    } else {
        value.to_path_buf()
    }
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
    let file = file.map(|f| rules_path(system, f));
    if let Some(path) = file.as_deref() {
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

/// A resolved player: its name, the strategy, and its run.toml settings.
type Resolved<T> = (String, T, Vec<(&'static str, toml::Value)>);

/// Each seat's player (`heuristic` unless `--strategy` says otherwise),
/// resolved by the system's `resolve`; their names; and the
/// `[strategies]` table of run.toml.
fn seat_players<T: Copy>(
    args: &RunArgs,
    resolve: impl Fn(&str) -> Result<Resolved<T>>,
) -> Result<(BySeat<T>, BySeat<String>, toml::Table)> {
    let mut named = [resolve("heuristic")?, resolve("heuristic")?];
    for (seat, name) in parse_seat_assignments(&args.strategy)? {
        named[seat.index()] = resolve(&name)?;
    }
    let mut manifest = toml::Table::new();
    for (seat, (name, _, settings)) in Seat::BOTH.iter().zip(&named) {
        let mut entry = toml::Table::new();
        entry.insert("name".into(), name.clone().into());
        for (key, value) in settings {
            entry.insert((*key).into(), value.clone());
        }
        manifest.insert(seat.name().into(), entry.into());
    }
    let [(name_a, a, _), (name_b, b, _)] = named;
    Ok((BySeat([a, b]), BySeat([name_a, name_b]), manifest))
}

fn run(args: RunArgs) -> Result<()> {
    let dir = presets_dir(args.system, args.strategies_dir.as_deref());
    match args.system {
        System::Haggerty => {
            let values = resolve_rules(
                Rules::defaults(),
                args.rules.as_deref(),
                &args.set,
                args.system,
            )?;
            let (strategies, _, manifest) = seat_players(&args, |name| {
                let named = strategy::resolve(name, &dir)?;
                Ok((named.name, named.strategy, named.strategy.settings()))
            })?;
            let simulation = Haggerty {
                rules: Rules::from_values(values)?,
                strategies,
            };
            let rows_of = |stats: &haggerty::Stats| stats.rows(&simulation.rules);
            execute_run(
                &args,
                &simulation,
                &simulation.rules.values,
                manifest,
                rows_of,
            )
        }
        System::Haggis => {
            let values = resolve_rules(
                haggis::Rules::defaults(),
                args.rules.as_deref(),
                &args.set,
                args.system,
            )?;
            let (strategies, names, manifest) = seat_players(&args, |name| {
                let named = haggis::strategy::resolve(name, &dir)?;
                Ok((named.name, named.strategy, named.strategy.settings()))
            })?;
            let simulation = Haggis {
                rules: haggis::Rules::from_values(values)?,
                strategies,
            };
            let rows_of = |stats: &haggis::Stats| stats.rows(&names);
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
    let games = args.games.unwrap_or(args.system.default_games());
    let config = RunConfig {
        games,
        seed: args.seed,
        threads,
    };
    let mut out = args.out.as_deref().map(OutputDir::create).transpose()?;
    let progress = (!args.quiet
        && std::io::stderr().is_terminal()
        && games >= args.system.progress_from())
    .then(|| {
        let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr_with_hz(4));
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
        .filter(|r| {
            matches!(
                r.by,
                "none" | "type" | "role" | "suit" | "rank" | "bet" | "strategy"
            )
        })
        .cloned()
        .collect();
    if let Some(mut dir) = out {
        output::write_summary_csv(&mut dir, &rows)?;
        output::write_summary_parquet(&mut dir, &rows)?;
        output::write_text(
            &mut dir,
            "run.toml",
            &run_manifest::<S>(args, &config, rule_values, strategies),
        )?;
        dir.commit()?;
    }
    print!("{}", output::format_table(&headline));
    if !args.quiet {
        eprintln!(
            "{} games in {elapsed:.2} s ({:.0} games/s on {threads} threads, seed {}){}",
            games,
            games as f64 / elapsed,
            args.seed,
            match &args.out {
                Some(dir) => format!("; full table in {}", dir.join("summary.csv").display()),
                None => "; --out DIR writes the full table".to_string(),
            }
        );
    }
    Ok(())
}

fn run_manifest<S: Simulation>(
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
    table.insert("batch".into(), (S::BATCH as i64).into());
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

fn haggis_rules(args: &RulesArgs) -> Result<haggis::Rules> {
    let values = resolve_rules(
        haggis::Rules::defaults(),
        args.file.as_deref(),
        &args.set,
        System::Haggis,
    )?;
    haggis::Rules::from_values(values)
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
            print!("{}", haggis_moves(&hand, &wilds, beat.as_deref(), &rules)?);
            Ok(())
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
            let dir = presets_dir(System::Haggis, strategies_dir.as_deref());
            let player = haggis::strategy::resolve(&player, &dir)?;
            let against = haggis::strategy::resolve(&against, &dir)?;
            let threads = threads
                .map(usize::from)
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let started = Instant::now();
            let result = haggis::duel::play_match(
                &rules,
                player.strategy,
                against.strategy,
                deals,
                seed,
                threads,
            )?;
            print!("{}", result.table(&player.name, &against.name));
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
