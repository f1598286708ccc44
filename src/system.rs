//! One interface for every system, and the registry. A system is its own
//! module implementing `runner::Simulation` (statically dispatched in the
//! game loop) plus one line in `SYSTEMS`; the command line, experiments,
//! reports and checks see only `dyn System` and name no system.

use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::haggerty::Haggerty;
use crate::haggis::Haggis;
use crate::output::{ColumnSpec, OutputDir, Record, RecordsWriter};
use crate::params::{ParamSpec, ParamValues};
use crate::piquet::Piquet;
use crate::presets;
use crate::runner::{self, Plan, Simulation};
use crate::sickles::Sickles;
use crate::skirmish::Skirmish;
use crate::stats::{Kind, PairedSums, Ratio, SeriesSums, SummaryRow};
use indicatif::ProgressBar;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// Every registered system. Adding one is its module and one line here.
pub static SYSTEMS: &[&dyn System] = &[
    &Entry::<Haggerty>::NEW,
    &Entry::<Haggis>::NEW,
    &Entry::<Sickles>::NEW,
    &Entry::<Skirmish>::NEW,
    &Entry::<Piquet>::NEW,
];

/// The registered system called `name`, or an error listing them all.
pub fn find(name: &str) -> Result<&'static dyn System> {
    SYSTEMS
        .iter()
        .copied()
        .find(|s| s.name() == name)
        .ok_or_else(|| {
            Error::new(ErrorKind::BadArgument(format!(
                "unknown system {name:?}; allowed: {}",
                names().join(", ")
            )))
        })
}

pub fn names() -> Vec<&'static str> {
    SYSTEMS.iter().map(|s| s.name()).collect()
}

/// A statistic a game contributes to: the summary row it matches
/// (metric, seat, by, level) and whether it is a rate or a mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    pub metric: &'static str,
    pub kind: Kind,
    pub seat: &'static str,
    pub by: &'static str,
    pub level: &'static str,
}

impl Series {
    pub const fn rate(metric: &'static str, seat: &'static str) -> Series {
        Series {
            metric,
            kind: Kind::Rate,
            seat,
            by: "none",
            level: "",
        }
    }

    pub const fn mean(metric: &'static str, seat: &'static str) -> Series {
        Series {
            metric,
            kind: Kind::Mean,
            seat,
            by: "none",
            level: "",
        }
    }

    pub const fn by(mut self, by: &'static str, level: &'static str) -> Series {
        self.by = by;
        self.level = level;
        self
    }

    /// `initiative a`, `bet_succeeded a (bet big)`.
    pub fn label(&self) -> String {
        if self.by == "none" {
            format!("{} {}", self.metric, self.seat)
        } else {
            format!("{} {} ({} {})", self.metric, self.seat, self.by, self.level)
        }
    }

    pub fn matches(&self, row: &SummaryRow) -> bool {
        row.metric == self.metric
            && row.seat == self.seat
            && row.by == self.by
            && row.level == self.level
    }
}

/// A built-in strategy and the keys a preset may tune it with.
#[derive(Clone, Copy, Debug)]
pub struct StrategyInfo {
    pub name: &'static str,
    pub about: &'static str,
    pub tuning: &'static [ParamSpec],
}

/// A seat's player, resolved once at the boundary: the name it was given,
/// the built-in it is, and every tuning value.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub base: &'static str,
    pub tuning: ParamValues,
    pub description: String,
}

impl Player {
    /// The built-in `info` with its default tuning.
    pub fn built_in(info: &StrategyInfo) -> Player {
        Player {
            name: info.name.to_string(),
            base: info.name,
            tuning: ParamValues::defaults(info.name, info.tuning),
            description: info.about.to_string(),
        }
    }

    /// `{ name, base, tuning keys... }`: what run.toml writes, and what
    /// `from_table` reads back to the same player.
    pub fn to_toml(&self) -> toml::Table {
        let mut table = toml::Table::new();
        table.insert("name".into(), self.name.clone().into());
        table.insert("base".into(), self.base.into());
        table.extend(self.tuning.to_toml());
        table
    }

    /// A player from a preset table: `base` (a built-in), optional `name`
    /// and `description`, and the base's tuning keys, range-checked.
    pub fn from_table(
        strategies: &'static [StrategyInfo],
        name: &str,
        table: &toml::Table,
    ) -> Result<Player> {
        let allowed_bases = || {
            strategies
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut table = table.clone();
        let info = match table.remove("base") {
            Some(toml::Value::String(base)) => {
                strategies.iter().find(|s| s.name == base).ok_or_else(|| {
                    Error::new(ErrorKind::BadValue {
                        name: "base".into(),
                        value: base.clone(),
                        allowed: allowed_bases(),
                    })
                })?
            }
            other => {
                return Err(Error::new(ErrorKind::BadValue {
                    name: "base".into(),
                    value: other.map_or("(missing)".to_string(), |v| v.to_string()),
                    allowed: allowed_bases(),
                }))
            }
        };
        let mut player = Player::built_in(info);
        player.name = name.to_string();
        player.description = String::new();
        for key in ["name", "description"] {
            match table.remove(key) {
                None => {}
                Some(toml::Value::String(text)) if key == "name" => player.name = text,
                Some(toml::Value::String(text)) => player.description = text,
                Some(other) => {
                    return Err(Error::new(ErrorKind::BadValue {
                        name: key.into(),
                        value: other.to_string(),
                        allowed: "a string".into(),
                    }))
                }
            }
        }
        if info.tuning.is_empty() {
            if let Some(key) = table.keys().next() {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "unknown key {key:?}: base {} has no tuning (allowed: base, name, description)",
                    info.name
                ))));
            }
        }
        player.tuning.set_toml(&table)?;
        Ok(player)
    }
}

/// Resolves a player name: a built-in, a preset `<presets_dir>/<name>.toml`,
/// or a path to a preset file. The one place every system's names go through.
pub fn resolve_player(
    strategies: &'static [StrategyInfo],
    name: &str,
    presets_dir: &Path,
) -> Result<Player> {
    if let Some(info) = strategies.iter().find(|s| s.name == name) {
        return Ok(Player::built_in(info));
    }
    let built_ins: Vec<(&str, &str)> = strategies.iter().map(|s| (s.name, s.about)).collect();
    let path = presets::preset_path(name, presets_dir, &built_ins)?;
    let text = std::fs::read_to_string(&path).map_err(|e| Error::file(&path, e))?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(&path, e))?;
    Player::from_table(strategies, name, &table).map_err(|e| Error::file(&path, e))
}

/// `strategies/<system>/`: the folder given, else the working directory's,
/// else the crate's.
pub fn presets_dir(system: &str, explicit: Option<&Path>) -> PathBuf {
    if let Some(dir) = explicit {
        return dir.join(system);
    }
    let local = Path::new("strategies").join(system);
    if local.is_dir() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("strategies")
        .join(system)
}

/// A fingerprint of one game's deal and of each seat's first decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trace {
    pub deal: u64,
    pub first_decision: BySeat<u64>,
}

/// One variant of a run: its label, its value on every swept axis, and
/// everything that decides its games except the seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub label: String,
    pub axes: Vec<String>,
    pub rules: ParamValues,
    /// The scenario, resolved to its table (empty for a system without).
    pub scenario: toml::Table,
    pub players: BySeat<Player>,
}

/// What one variant measured, past the typed boundary.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantOutcome {
    pub rows: Vec<SummaryRow>,
    pub games: u64,
    pub series: Vec<SeriesSums>,
    pub paired: Vec<PairedSums>,
    pub met: Option<bool>,
}

/// A game loop of one variant, for checks that drive games one by one.
pub trait GameLoop {
    fn play(&mut self, master_seed: u64, game: u64);
    /// The series values of the last game played.
    fn last_series(&self) -> &[Ratio];
    /// The summary rows of every game played so far.
    fn rows(&self) -> Vec<SummaryRow>;
}

/// A system as the command line, experiments and reports see it.
pub trait System: Sync {
    fn name(&self) -> &'static str;
    fn about(&self) -> &'static str;
    fn rule_specs(&self) -> &'static [ParamSpec];
    fn strategies(&self) -> &'static [StrategyInfo];
    fn series(&self) -> &'static [Series];
    fn headline(&self) -> &'static [&'static str];
    fn table_breakdowns(&self) -> &'static [&'static str];
    fn default_games(&self) -> u64;
    fn progress_from(&self) -> u64;
    fn batch(&self) -> u64;
    fn record_columns(&self) -> &'static [ColumnSpec];
    /// The default scenario's text, for a system with scenarios.
    fn default_scenario(&self) -> Option<&'static str>;

    /// A variant of the defaults: default rules and scenario, these players.
    fn default_variant(&self, players: BySeat<Player>) -> Variant {
        Variant {
            label: "base".into(),
            axes: Vec::new(),
            rules: ParamValues::defaults(self.name(), self.rule_specs()),
            scenario: self
                .default_scenario()
                .map(|text| toml::from_str(text).expect("the shipped default scenario parses"))
                .unwrap_or_default(),
            players,
        }
    }

    /// Refuses a variant whose rules are impossible together.
    fn check(&self, variant: &Variant) -> Result<()>;

    /// Plays every variant under `plan`; with `records`, writes
    /// `records.parquet` there (a `variant` column first when there are
    /// several).
    fn run(
        &self,
        variants: &[Variant],
        plan: &Plan,
        records: Option<&mut OutputDir>,
        progress: Option<&ProgressBar>,
    ) -> Result<Vec<VariantOutcome>>;

    fn game_loop(&self, variant: &Variant) -> Result<Box<dyn GameLoop>>;

    fn trace(&self, variant: &Variant, master_seed: u64, game: u64) -> Result<Trace>;

    /// The built-in both seats play unless told otherwise.
    fn default_player(&self) -> &'static str;

    /// Built-in `name` in both seats, if the system has it.
    fn both_playing(&self, name: &str) -> Option<BySeat<Player>> {
        let info = self.strategies().iter().find(|s| s.name == name)?;
        Some(BySeat([Player::built_in(info), Player::built_in(info)]))
    }

    /// The default players.
    fn default_players(&self) -> BySeat<Player> {
        self.both_playing(self.default_player())
            .or_else(|| self.both_playing(self.strategies()[0].name))
            .expect("a system has at least one built-in strategy")
    }
}

/// The `dyn System` of a `Simulation`.
pub struct Entry<S>(PhantomData<fn() -> S>);

impl<S> Entry<S> {
    pub const NEW: Entry<S> = Entry(PhantomData);
}

struct Loop<S: Simulation> {
    simulation: S,
    players: BySeat<Player>,
    state: S::State,
    stats: S::Stats,
    series: Vec<Ratio>,
}

impl<S: Simulation> GameLoop for Loop<S> {
    fn play(&mut self, master_seed: u64, game: u64) {
        self.simulation.play(
            &mut self.state,
            master_seed,
            game,
            &mut self.stats,
            &mut self.series,
            None,
        );
    }

    fn last_series(&self) -> &[Ratio] {
        &self.series
    }

    fn rows(&self) -> Vec<SummaryRow> {
        self.simulation.rows(&self.stats, &self.players)
    }
}

impl<S: Simulation> System for Entry<S> {
    fn name(&self) -> &'static str {
        S::NAME
    }
    fn about(&self) -> &'static str {
        S::ABOUT
    }
    fn rule_specs(&self) -> &'static [ParamSpec] {
        S::RULES
    }
    fn strategies(&self) -> &'static [StrategyInfo] {
        S::STRATEGIES
    }
    fn series(&self) -> &'static [Series] {
        S::SERIES
    }
    fn headline(&self) -> &'static [&'static str] {
        S::HEADLINE
    }
    fn table_breakdowns(&self) -> &'static [&'static str] {
        S::TABLE_BREAKDOWNS
    }
    fn default_games(&self) -> u64 {
        S::DEFAULT_GAMES
    }
    fn progress_from(&self) -> u64 {
        S::PROGRESS_FROM
    }
    fn batch(&self) -> u64 {
        S::BATCH
    }
    fn record_columns(&self) -> &'static [ColumnSpec] {
        S::Record::COLUMNS
    }
    fn default_scenario(&self) -> Option<&'static str> {
        S::DEFAULT_SCENARIO
    }
    fn default_player(&self) -> &'static str {
        S::DEFAULT_PLAYER
    }

    fn check(&self, variant: &Variant) -> Result<()> {
        S::build(variant).map(|_| ())
    }

    fn run(
        &self,
        variants: &[Variant],
        plan: &Plan,
        records: Option<&mut OutputDir>,
        progress: Option<&ProgressBar>,
    ) -> Result<Vec<VariantOutcome>> {
        let simulations = variants.iter().map(S::build).collect::<Result<Vec<S>>>()?;
        let results = match records {
            Some(dir) => {
                let labels: Vec<String> = variants.iter().map(|v| v.label.clone()).collect();
                let labels = (labels.len() > 1).then_some(labels);
                let mut writer = RecordsWriter::<S::Record>::open(dir, "records.parquet", labels)?;
                let mut sink = |variant: usize, rows: &[S::Record]| writer.push(variant, rows);
                let results = runner::run(&simulations, plan, progress, Some(&mut sink))?;
                writer.finish()?;
                results
            }
            None => runner::run(&simulations, plan, progress, None)?,
        };
        Ok(results
            .into_iter()
            .zip(simulations.iter().zip(variants))
            .map(|(result, (simulation, variant))| VariantOutcome {
                rows: simulation.rows(&result.stats, &variant.players),
                games: result.games,
                series: result.series,
                paired: result.paired,
                met: result.met,
            })
            .collect())
    }

    fn game_loop(&self, variant: &Variant) -> Result<Box<dyn GameLoop>> {
        let simulation = S::build(variant)?;
        Ok(Box::new(Loop {
            state: simulation.new_state(),
            simulation,
            players: variant.players.clone(),
            stats: S::Stats::default(),
            series: vec![Ratio::default(); S::SERIES.len()],
        }))
    }

    fn trace(&self, variant: &Variant, master_seed: u64, game: u64) -> Result<Trace> {
        Ok(S::build(variant)?.trace(master_seed, game))
    }
}

/// Each seat's name, for rows broken down by player.
pub fn player_names(players: &BySeat<Player>) -> BySeat<String> {
    BySeat(Seat::BOTH.map(|s| players[s].name.clone()))
}
