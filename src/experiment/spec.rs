//! A resolved experiment: the typed specification that flows down to the
//! runner, the tables, the report and `run.toml`.

use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::{Plan, Player, Stop, System, Variant, VariantOutcome};
use std::path::{Path, PathBuf};

/// How many games: a fixed number, or a precision target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Games {
    Fixed(u64),
    Precision { half_width: f64, max_games: u64 },
}

/// One swept axis: a rule parameter (`hand_size_a`), a seat's strategy
/// (`a.strategy`), a seat's tuning key (`a.win_percent`), or whole rules
/// presets (`rules`).
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub name: String,
    /// The values as written in run.toml (presets resolved to tables).
    pub values: Vec<toml::Value>,
    pub labels: Vec<String>,
    /// Every value is an integer: plots put them on a numeric axis.
    pub numeric: bool,
}

/// A resolved experiment.
#[derive(Clone)]
pub struct Experiment {
    /// The report folder's name: the file's stem, or `run`.
    pub name: String,
    pub description: String,
    pub system: &'static dyn System,
    pub seed: u64,
    pub games: Games,
    /// Metrics of interest (names of the system's series metrics).
    pub metrics: Vec<String>,
    pub records: bool,
    /// An external agent that fails forfeits the game instead of stopping
    /// the run (`Plan::forfeit`).
    pub forfeit: bool,
    /// Rules before any axis: defaults, preset, overrides, `--set`.
    pub rules: ParamValues,
    /// The scenario before any axis (empty for a system without).
    pub scenario: toml::Table,
    pub players: BySeat<Player>,
    pub axes: Vec<Axis>,
    pub variants: Vec<Variant>,
    pub reference: usize,
    /// `reference` as written, for run.toml.
    pub(super) reference_table: Option<toml::Table>,
    /// The file's table as written (presets by name): what a baseline
    /// records of the experiment's configuration.
    pub written: toml::Table,
}

/// What the command line adds to or overrides in a file.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    pub games: Option<u64>,
    pub precision: Option<f64>,
    pub max_games: Option<u64>,
    pub seed: Option<u64>,
    pub set: Vec<String>,
    /// `SEAT=NAME`.
    pub strategies: Vec<String>,
    pub strategies_dir: Option<PathBuf>,
    pub records: bool,
    /// `--forfeit`.
    pub forfeit: bool,
    pub metrics: Vec<String>,
    /// `--scenario NAME|FILE`: replaces the file's scenario.
    pub scenario: Option<String>,
}

impl Experiment {
    pub fn axis_names(&self) -> Vec<String> {
        self.axes.iter().map(|a| a.name.clone()).collect()
    }

    /// The runner's stopping rule.
    pub fn stop(&self) -> Stop {
        match self.games {
            Games::Fixed(games) => Stop::Games(games),
            Games::Precision {
                half_width,
                max_games,
            } => Stop::Precision {
                half_width,
                max_games,
                // Fixed in games, never in time: the stopping point depends
                // only on the seed and the results.
                check_every: 16 * self.system.batch(),
            },
        }
    }

    /// Indices of the series of the metrics of interest.
    pub fn watched_series(&self) -> Vec<usize> {
        self.system
            .series()
            .iter()
            .enumerate()
            .filter(|(_, s)| self.metrics.iter().any(|m| m == s.metric))
            .map(|(i, _)| i)
            .collect()
    }

    /// The runner's plan for this experiment on `seed`.
    pub fn plan(&self, seed: u64, threads: usize) -> Plan {
        Plan {
            seed,
            threads,
            stop: self.stop(),
            reference: self.reference,
            watched: self.watched_series(),
            first_game: 0,
            shard: None,
            forfeit: self.forfeit,
        }
    }

    /// Plays every variant on `seed`, with no records and no progress bar.
    pub fn play(&self, seed: u64, threads: usize) -> Result<Vec<VariantOutcome>> {
        self.system
            .run(&self.variants, &self.plan(seed, threads), None, None)
    }

    /// Games to play at most per variant.
    pub fn max_games(&self) -> u64 {
        match self.games {
            Games::Fixed(games) => games,
            Games::Precision { max_games, .. } => max_games,
        }
    }

    /// The experiment as a file that reproduces it exactly: every rule
    /// value, each player with its tuning, presets resolved; `file` is
    /// where it is written, for the line that says how to replay it.
    pub fn to_toml(&self, threads: usize, file: &Path) -> String {
        self.to_toml_for("run", threads, file, None)
    }

    /// `to_toml` for `fortunes COMMAND`, with one more table (`tune`'s
    /// search) under the digest.
    pub fn to_toml_for(
        &self,
        command: &str,
        threads: usize,
        file: &Path,
        extra: Option<(&str, toml::Table)>,
    ) -> String {
        let mut table = toml::Table::new();
        table.insert("fortunes_version".into(), env!("CARGO_PKG_VERSION").into());
        if !self.description.is_empty() {
            table.insert("description".into(), self.description.clone().into());
        }
        table.insert("system".into(), self.system.name().into());
        table.insert("seed".into(), (self.seed as i64).into());
        match self.games {
            Games::Fixed(games) => {
                table.insert("games".into(), (games as i64).into());
            }
            Games::Precision {
                half_width,
                max_games,
            } => {
                table.insert("precision".into(), half_width.into());
                table.insert("max_games".into(), (max_games as i64).into());
            }
        }
        table.insert(
            "metrics".into(),
            toml::Value::Array(self.metrics.iter().map(|m| m.clone().into()).collect()),
        );
        table.insert("records".into(), self.records.into());
        // Written only when set, so every other run file reads as before.
        if self.forfeit {
            table.insert("forfeit".into(), true.into());
        }
        table.insert("threads".into(), (threads as i64).into());
        table.insert("batch".into(), (self.system.batch() as i64).into());
        table.insert("rules".into(), self.rules.to_toml().into());
        if !self.scenario.is_empty() {
            table.insert("scenario".into(), self.scenario.clone().into());
        }
        let mut strategies = toml::Table::new();
        for seat in Seat::BOTH {
            strategies.insert(seat.name().into(), self.players[seat].to_toml().into());
        }
        table.insert("strategies".into(), strategies.into());
        if !self.axes.is_empty() {
            let mut sweep = toml::Table::new();
            for axis in &self.axes {
                sweep.insert(axis.name.clone(), toml::Value::Array(axis.values.clone()));
            }
            table.insert("sweep".into(), sweep.into());
        }
        if let Some(reference) = &self.reference_table {
            table.insert("reference".into(), reference.clone().into());
        }
        if let Some((name, extra)) = extra {
            table.insert(name.into(), extra.into());
        }
        let from = file.display();
        let comment = format!(
            "# Reproduce: fortunes {command} {from} (any thread count gives the same tables)\n"
        );
        let keys = toml::to_string(&table).expect("a table serialises");
        // The digest goes before the first table, where a key is top-level.
        let digest = run_digest(&format!("{comment}{keys}"));
        format!("{comment}digest = \"{digest:016x}\"\n{keys}")
    }
}

/// A run file's digest: FNV-1a (64 bits, a fixed and documented function,
/// so any version computes the same) over its text less its `digest` line.
/// It is how a run file that lost keys (truncated, hand-edited) is told
/// from one that replays the run it records.
pub fn run_digest(text: &str) -> u64 {
    let mut hash = crate::engine::digest::Fnv1a::default();
    for line in text.lines().filter(|l| !l.starts_with("digest = ")) {
        hash.write(line.as_bytes());
        hash.write(b"\n");
    }
    hash.finish()
}
