//! Experiments: what to play, resolved once at the boundary into a typed
//! specification that flows down to the runner, the tables, the report and
//! `run.toml`. An experiment file names a system, a rules preset and
//! overrides, each seat's player, the games to play or a precision to
//! reach, the seed, the metrics of interest and optional sweep axes; the
//! `run.toml` a run writes is itself an experiment file that reproduces it.

use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::params::ParamValues;
use crate::runner::{Plan, Stop};
use crate::system::{self, presets_dir, resolve_player, Player, System, Variant, VariantOutcome};
use std::path::{Path, PathBuf};

/// Keys of an experiment file.
const KEYS: &[&str] = &[
    "description",
    "system",
    "games",
    "precision",
    "max_games",
    "seed",
    "metrics",
    "records",
    "rules",
    "strategies",
    "sweep",
    "reference",
    "scenario",
];
/// Keys a `run.toml` adds that describe the run but do not change it.
const RUN_KEYS: &[&str] = &["fortunes_version", "threads", "batch"];

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
    /// Rules before any axis: defaults, preset, overrides, `--set`.
    pub rules: ParamValues,
    /// The scenario before any axis (empty for a system without).
    pub scenario: toml::Table,
    pub players: BySeat<Player>,
    pub axes: Vec<Axis>,
    pub variants: Vec<Variant>,
    pub reference: usize,
    /// `reference` as written, for run.toml.
    reference_table: Option<toml::Table>,
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
    pub metrics: Vec<String>,
}

fn field(path: &Path, key: &str, message: impl std::fmt::Display) -> Error {
    Error::file(path, format!("{key}: {message}"))
}

/// A `rules = NAME` value: a path, or a bare preset name found in
/// `experiments/<system>/` (working directory first, then the crate's).
pub fn rules_path(system: &str, value: &str) -> PathBuf {
    let given = Path::new(value);
    let bare = given.components().count() == 1 && given.extension().is_none();
    if given.exists() || !bare {
        return given.to_path_buf();
    }
    let file = format!("{value}.toml");
    let local = Path::new("experiments").join(system).join(&file);
    if local.is_file() {
        return local;
    }
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("experiments")
        .join(system)
        .join(&file);
    if shipped.is_file() {
        shipped
    } else {
        given.to_path_buf()
    }
}

/// The `[rules]` table of a rules preset (any experiment file), with its
/// own `rules = NAME` preset expanded first.
fn preset_rules(system: &dyn System, name: &str, depth: u32) -> Result<toml::Table> {
    let path = rules_path(system.name(), name);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        let presets = crate::presets::preset_names(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("experiments")
                .join(system.name()),
        );
        Error::file(
            &path,
            format!(
                "{e}; a rules preset is a path or one of: {}",
                presets.join(", ")
            ),
        )
    })?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(&path, e))?;
    if let Some(toml::Value::String(other)) = table.get("system") {
        if other != system.name() {
            return Err(field(
                &path,
                "system",
                format!("{other}, but this run is {}", system.name()),
            ));
        }
    }
    let mut rules = toml::Table::new();
    match table.get("rules") {
        None => {}
        Some(toml::Value::String(inner)) if depth < 4 => {
            rules = preset_rules(system, inner, depth + 1)?
        }
        Some(toml::Value::Table(own)) => rules.extend(own.clone()),
        Some(other) => {
            return Err(field(
                &path,
                "rules",
                format!("{other}; allowed: a table of rule values or a preset name"),
            ))
        }
    }
    // Checked here, so an error names the preset's file.
    ParamValues::defaults(system.name(), system.rule_specs())
        .set_toml(&rules)
        .map_err(|e| field(&path, "rules", e))?;
    Ok(rules)
}

/// Every experiment file in `dir` and below, sorted; the reports folder
/// (baselines and run manifests) and scenario folders (orders of battle,
/// not experiments) are not searched.
pub fn experiment_files(dir: &Path, reports: Option<&Path>) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    let reports = reports.and_then(|r| r.canonicalize().ok());
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| Error::file(&dir, e))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                let report = reports.is_some() && path.canonicalize().ok() == reports;
                if !report && !path.ends_with("scenarios") {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "toml")
                && path
                    .file_name()
                    .is_some_and(|n| n != crate::check::BASELINE_TOML)
            {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The folder of `system`'s scenarios under `root`: beside its rules
/// presets, in a folder of their own so neither is taken for the other.
pub fn scenarios_dir(root: &Path, system: &str) -> PathBuf {
    root.join("experiments").join(system).join("scenarios")
}

/// A scenario value: a name (a file in `experiments/<system>/scenarios/`,
/// working directory first, then the crate's), a path, or a table. Returns
/// its label and its table, which always carries `name`.
fn scenario_of(system: &dyn System, value: &toml::Value) -> Result<(String, toml::Table)> {
    let mut table = match value {
        toml::Value::String(name) => {
            let given = Path::new(name);
            let file = format!("{name}.toml");
            let crate_root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let candidates = [
                given.to_path_buf(),
                scenarios_dir(Path::new(""), system.name()).join(&file),
                scenarios_dir(crate_root, system.name()).join(&file),
            ];
            let Some(path) = candidates.iter().find(|p| p.is_file()) else {
                let shipped =
                    crate::presets::preset_names(&scenarios_dir(crate_root, system.name()));
                return Err(Error::new(ErrorKind::BadValue {
                    name: "scenario".into(),
                    value: name.clone(),
                    allowed: format!(
                        "{}, a path to a scenario file, or a table",
                        shipped.join(", ")
                    ),
                }));
            };
            let text = std::fs::read_to_string(path).map_err(|e| Error::file(path, e))?;
            let mut table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(path, e))?;
            table
                .entry("name")
                .or_insert_with(|| toml::Value::String(name.clone()));
            table
        }
        toml::Value::Table(table) => table.clone(),
        other => {
            return Err(Error::new(ErrorKind::BadValue {
                name: "scenario".into(),
                value: other.to_string(),
                allowed: "a scenario name, a path, or a table".into(),
            }))
        }
    };
    let label = match table.get("name") {
        Some(toml::Value::String(n)) => n.clone(),
        _ => "inline".to_string(),
    };
    table.insert("name".into(), label.clone().into());
    Ok((label, table))
}

/// Parses `SEAT=NAME`.
pub fn parse_seat_assignment(text: &str) -> Result<(Seat, String)> {
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
}

/// A player from a strategy value: a name, or an inline preset table.
fn player_of(system: &dyn System, value: &toml::Value, dir: &Path) -> Result<Player> {
    match value {
        toml::Value::String(name) => resolve_player(system.strategies(), name, dir),
        toml::Value::Table(table) => {
            let name = match table.get("name").or(table.get("base")) {
                Some(toml::Value::String(n)) => n.clone(),
                _ => "preset".to_string(),
            };
            Player::from_table(system.strategies(), &name, table)
        }
        other => Err(Error::new(ErrorKind::BadValue {
            name: "strategy".into(),
            value: other.to_string(),
            allowed: "a strategy name, a preset path, or a table { base = ..., tuning keys }"
                .into(),
        })),
    }
}

fn as_u64(path: &Path, key: &str, value: &toml::Value, min: u64) -> Result<u64> {
    match value {
        toml::Value::Integer(v) if *v >= min as i64 => Ok(*v as u64),
        other => Err(field(
            path,
            key,
            format!("{other}; allowed: an integer >= {min}"),
        )),
    }
}

/// The values of a sweep axis: a list, or an integer range
/// `{ from = 4, to = 8, step = 1 }` (both ends included).
fn axis_values(path: &Path, key: &str, value: &toml::Value) -> Result<Vec<toml::Value>> {
    let values = match value {
        toml::Value::Array(values) => values.clone(),
        toml::Value::Table(range) => {
            let get = |name: &str| match range.get(name) {
                Some(toml::Value::Integer(v)) => Ok(Some(*v)),
                None => Ok(None),
                Some(other) => Err(field(
                    path,
                    &format!("sweep.{key}.{name}"),
                    format!("{other}; allowed: an integer"),
                )),
            };
            if let Some(extra) = range
                .keys()
                .find(|k| !["from", "to", "step"].contains(&k.as_str()))
            {
                return Err(field(
                    path,
                    &format!("sweep.{key}"),
                    format!("unknown key {extra:?}; a range has from, to and step"),
                ));
            }
            let (from, to, step) = (get("from")?, get("to")?, get("step")?.unwrap_or(1));
            let (Some(from), Some(to)) = (from, to) else {
                return Err(field(
                    path,
                    &format!("sweep.{key}"),
                    "a range needs from and to, e.g. { from = 4, to = 8 }",
                ));
            };
            if step <= 0 || to < from || (to - from) / step >= 10_000 {
                return Err(field(
                    path,
                    &format!("sweep.{key}"),
                    "a range needs from <= to, a step >= 1 and at most 10,000 values",
                ));
            }
            (from..=to)
                .step_by(step as usize)
                .map(toml::Value::Integer)
                .collect()
        }
        other => {
            return Err(field(
                path,
                &format!("sweep.{key}"),
                format!("{other}; allowed: a list of values or {{ from = .., to = .. }}"),
            ))
        }
    };
    if values.is_empty() {
        return Err(field(
            path,
            &format!("sweep.{key}"),
            "an axis needs at least one value",
        ));
    }
    Ok(values)
}

/// `[sweep.scenario.x] y = [...]` as the axis `scenario.x.y`.
fn flatten_scenario_keys<'t>(
    prefix: &str,
    table: &'t toml::Table,
    entries: &mut Vec<(String, &'t toml::Value)>,
) {
    for (k, v) in table {
        let key = format!("{prefix}.{k}");
        match v {
            toml::Value::Table(inner) => flatten_scenario_keys(&key, inner, entries),
            _ => entries.push((key, v)),
        }
    }
}

/// Sets the value at `keys` in a scenario; the tables on the way must
/// exist (a swept value replaces one the scenario has).
fn set_scenario_key(
    scenario: &mut toml::Table,
    keys: &[String],
    value: toml::Value,
) -> std::result::Result<(), String> {
    let (last, parents) = keys.split_last().expect("a dotted path has a key");
    let mut table = scenario;
    for (depth, key) in parents.iter().enumerate() {
        table = match table.get_mut(key) {
            Some(toml::Value::Table(inner)) => inner,
            _ => {
                return Err(format!(
                    "the scenario has no table {}",
                    keys[..=depth].join(".")
                ))
            }
        };
    }
    table.insert(last.clone(), value);
    Ok(())
}

/// What an axis changes in a variant.
#[derive(Clone, Debug)]
enum AxisTarget {
    Scenario,
    /// One value inside the scenario, by its dotted path.
    ScenarioKey(Vec<String>),
    Rule(usize),
    RulesPreset,
    Strategy(Seat),
    Tuning(Seat, String),
}

impl Experiment {
    /// Reads an experiment file (or a run.toml) and applies the command
    /// line's overrides.
    pub fn load(path: &Path, overrides: &Overrides) -> Result<Experiment> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::file(path, e))?;
        let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(path, e))?;
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("experiment")
            .to_string();
        // A run.toml is named after its folder.
        let name = if name == "run" {
            path.parent()
                .and_then(|p| p.file_name())
                .and_then(|s| s.to_str())
                .map_or(name, String::from)
        } else {
            name
        };
        Self::from_table(&name, path, &table, overrides)
    }

    /// A plain run of `system` from the command line: defaults, then the
    /// overrides.
    pub fn plain(system: &'static dyn System, overrides: &Overrides) -> Result<Experiment> {
        let mut table = toml::Table::new();
        table.insert("system".into(), system.name().into());
        Self::from_table("run", Path::new("(command line)"), &table, overrides)
    }

    /// `plain`, with a rules file given by `--rules`.
    pub fn plain_with_rules(
        system: &'static dyn System,
        rules: &str,
        overrides: &Overrides,
    ) -> Result<Experiment> {
        let mut table = toml::Table::new();
        table.insert("system".into(), system.name().into());
        table.insert("rules".into(), rules.into());
        Self::from_table("run", Path::new("--rules"), &table, overrides)
    }

    pub fn from_table(
        name: &str,
        path: &Path,
        table: &toml::Table,
        overrides: &Overrides,
    ) -> Result<Experiment> {
        for key in table.keys() {
            if !KEYS.contains(&key.as_str()) && !RUN_KEYS.contains(&key.as_str()) {
                return Err(field(
                    path,
                    key,
                    format!("unknown key; allowed: {}", KEYS.join(", ")),
                ));
            }
        }
        let system = match table.get("system") {
            Some(toml::Value::String(s)) => {
                system::find(s).map_err(|e| field(path, "system", e))?
            }
            Some(other) => {
                return Err(field(
                    path,
                    "system",
                    format!("{other}; allowed: {}", system::names().join(", ")),
                ))
            }
            None => {
                return Err(field(
                    path,
                    "system",
                    format!("missing; allowed: {}", system::names().join(", ")),
                ))
            }
        };
        let description = match table.get("description") {
            None => String::new(),
            Some(toml::Value::String(s)) => s.clone(),
            Some(other) => {
                return Err(field(
                    path,
                    "description",
                    format!("{other}; allowed: a string"),
                ))
            }
        };
        let seed = match (overrides.seed, table.get("seed")) {
            (Some(seed), _) => seed,
            (None, Some(value)) => as_u64(path, "seed", value, 0)?,
            (None, None) => 1,
        };
        let records = overrides.records
            || match table.get("records") {
                None => false,
                Some(toml::Value::Boolean(b)) => *b,
                Some(other) => {
                    return Err(field(
                        path,
                        "records",
                        format!("{other}; allowed: true or false"),
                    ))
                }
            };

        let reading = Reading {
            path,
            table,
            overrides,
            system,
        };
        let games = reading.games()?;
        let rules = reading.rules()?;
        let dir = presets_dir(system.name(), overrides.strategies_dir.as_deref());
        let players = reading.players(&dir)?;
        let metrics = reading.metrics()?;
        let (axes, targets) = reading.axes(&rules, &players, &dir)?;
        let scenario = reading.scenario()?;
        let variants = reading.variants(&axes, &targets, &rules, &scenario, &players)?;
        let (reference, reference_table) = reading.reference(&axes, &variants)?;

        Ok(Experiment {
            name: name.to_string(),
            description,
            system,
            seed,
            games,
            metrics,
            records,
            rules,
            scenario,
            players,
            axes,
            variants,
            reference,
            reference_table,
            written: table.clone(),
        })
    }

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
    /// value, each player with its tuning, presets resolved.
    pub fn to_toml(&self, threads: usize) -> String {
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
        let from = format!("reports/{}/run.toml", self.name);
        format!(
            "# Reproduce: fortunes run {from} (any thread count gives the same tables)\n{}",
            toml::to_string(&table).expect("a table serialises")
        )
    }
}

/// One experiment file being read: its path (for errors), its table, the
/// command line's overrides and the system it names.
struct Reading<'a> {
    path: &'a Path,
    table: &'a toml::Table,
    overrides: &'a Overrides,
    system: &'static dyn System,
}

impl Reading<'_> {
    /// Games or a precision target; the command line wins over the file.
    fn games(&self) -> Result<Games> {
        let (path, table, overrides, system) = (self.path, self.table, self.overrides, self.system);
        let file_games = table
            .get("games")
            .map(|v| as_u64(path, "games", v, 1))
            .transpose()?;
        let file_precision = match table.get("precision") {
            None => None,
            Some(toml::Value::Float(h)) if *h > 0.0 && h.is_finite() => Some(*h),
            Some(toml::Value::Integer(h)) if *h > 0 => Some(*h as f64),
            Some(other) => {
                return Err(field(
                    path,
                    "precision",
                    format!("{other}; allowed: a number > 0 (a 95% half-width)"),
                ))
            }
        };
        let file_max = table
            .get("max_games")
            .map(|v| as_u64(path, "max_games", v, 1))
            .transpose()?;
        let default_max = 10 * system.default_games();
        let games = match (overrides.games, overrides.precision) {
            (Some(games), None) => Games::Fixed(games),
            (_, Some(h)) => Games::Precision {
                half_width: h,
                max_games: overrides.max_games.or(file_max).unwrap_or(default_max),
            },
            (None, None) => match (file_games, file_precision) {
                (Some(_), Some(_)) => {
                    return Err(field(
                        path,
                        "precision",
                        "give games or precision, not both",
                    ))
                }
                (Some(games), None) => Games::Fixed(games),
                (None, Some(h)) => Games::Precision {
                    half_width: h,
                    max_games: overrides.max_games.or(file_max).unwrap_or(default_max),
                },
                (None, None) => Games::Fixed(system.default_games()),
            },
        };

        Ok(games)
    }

    /// Rules: defaults, preset, `[rules]`, `--set`.
    fn rules(&self) -> Result<ParamValues> {
        let (path, table, overrides, system) = (self.path, self.table, self.overrides, self.system);
        let mut rules = ParamValues::defaults(system.name(), system.rule_specs());
        match table.get("rules") {
            None => {}
            Some(toml::Value::String(preset)) => rules
                .set_toml(&preset_rules(system, preset, 0)?)
                .map_err(|e| field(path, "rules", e))?,
            Some(toml::Value::Table(values)) => rules
                .set_toml(values)
                .map_err(|e| field(path, "rules", e))?,
            Some(other) => {
                return Err(field(
                    path,
                    "rules",
                    format!("{other}; allowed: a [rules] table or a preset name"),
                ))
            }
        }
        for assignment in &overrides.set {
            rules.set_text(assignment)?;
        }

        Ok(rules)
    }

    /// Each seat's player: the default, the file's, then `--strategy`.
    fn players(&self, dir: &Path) -> Result<BySeat<Player>> {
        let (path, table, overrides, system) = (self.path, self.table, self.overrides, self.system);
        let mut players = system.default_players();
        match table.get("strategies") {
            None => {}
            Some(toml::Value::Table(seats)) => {
                for (seat, value) in seats {
                    let seat = Seat::parse(seat).ok_or_else(|| {
                        field(
                            path,
                            &format!("strategies.{seat}"),
                            "unknown seat; allowed: a, b",
                        )
                    })?;
                    players[seat] = player_of(system, value, dir)
                        .map_err(|e| field(path, &format!("strategies.{}", seat.name()), e))?;
                }
            }
            Some(other) => {
                return Err(field(
                    path,
                    "strategies",
                    format!("{other}; allowed: a table with keys a and b"),
                ))
            }
        }
        for text in &overrides.strategies {
            let (seat, name) = parse_seat_assignment(text)?;
            players[seat] = resolve_player(system.strategies(), &name, dir)?;
        }

        Ok(players)
    }

    /// The scenario: the file's, else the system's default; none for a
    /// system without scenarios.
    fn scenario(&self) -> Result<toml::Table> {
        let (path, system) = (self.path, self.system);
        match (self.table.get("scenario"), system.default_scenario()) {
            (None, None) => Ok(toml::Table::new()),
            (Some(_), None) => Err(field(
                path,
                "scenario",
                format!("{} has no scenarios", system.name()),
            )),
            (None, Some(text)) => {
                let value = toml::Value::Table(
                    toml::from_str(text).expect("the shipped default scenario parses"),
                );
                Ok(scenario_of(system, &value)?.1)
            }
            (Some(value), Some(_)) => Ok(scenario_of(system, value)
                .map_err(|e| field(path, "scenario", e))?
                .1),
        }
    }

    /// The metrics of interest, each a series metric of the system.
    fn metrics(&self) -> Result<Vec<String>> {
        let (path, table, overrides, system) = (self.path, self.table, self.overrides, self.system);
        let series_metrics: Vec<&str> = {
            let mut names: Vec<&str> = system.series().iter().map(|s| s.metric).collect();
            names.dedup();
            names
        };
        let mut metrics: Vec<String> = match table.get("metrics") {
            None => system.headline().iter().map(|s| s.to_string()).collect(),
            Some(toml::Value::Array(values)) => values
                .iter()
                .map(|v| match v {
                    toml::Value::String(s) => Ok(s.clone()),
                    other => Err(field(
                        path,
                        "metrics",
                        format!("{other} is not a metric name"),
                    )),
                })
                .collect::<Result<_>>()?,
            Some(other) => {
                return Err(field(
                    path,
                    "metrics",
                    format!("{other}; allowed: a list of metric names"),
                ))
            }
        };
        if !overrides.metrics.is_empty() {
            metrics = overrides.metrics.clone();
        }
        for metric in &metrics {
            if !series_metrics.contains(&metric.as_str()) {
                return Err(field(
                    path,
                    "metrics",
                    format!(
                        "unknown {} metric {metric:?}; allowed: {}",
                        system.name(),
                        series_metrics.join(", ")
                    ),
                ));
            }
        }
        if metrics.is_empty() {
            return Err(field(path, "metrics", "name at least one metric"));
        }

        Ok(metrics)
    }

    /// The sweep axes, every value resolved and checked once.
    fn axes(
        &self,
        rules: &ParamValues,
        players: &BySeat<Player>,
        dir: &Path,
    ) -> Result<(Vec<Axis>, Vec<AxisTarget>)> {
        let (path, table, overrides, system) = (self.path, self.table, self.overrides, self.system);
        let mut axes = Vec::new();
        let mut targets = Vec::new();
        let specs = system.rule_specs();
        if let Some(sweep) = table.get("sweep") {
            let toml::Value::Table(sweep) = sweep else {
                return Err(field(path, "sweep", "must be a table of axes"));
            };
            let mut entries: Vec<(String, &toml::Value)> = Vec::new();
            for (key, value) in sweep {
                match (key.as_str(), value) {
                    ("a" | "b", toml::Value::Table(inner)) => {
                        for (k, v) in inner {
                            entries.push((format!("{key}.{k}"), v));
                        }
                    }
                    // `a = ["lowest", "highest"]` sweeps the seat's player.
                    ("a" | "b", _) => entries.push((format!("{key}.strategy"), value)),
                    // `[sweep.scenario.army_deck] dress_lines = [...]` sweeps
                    // one value inside the scenario.
                    ("scenario", toml::Value::Table(inner)) => {
                        flatten_scenario_keys("scenario", inner, &mut entries)
                    }
                    _ => entries.push((key.clone(), value)),
                }
            }
            for (key, value) in entries {
                let values = axis_values(path, &key, value)?;
                let target = if key == "rules" {
                    AxisTarget::RulesPreset
                } else if key == "scenario" {
                    if system.default_scenario().is_none() {
                        return Err(field(
                            path,
                            "sweep.scenario",
                            format!("{} has no scenarios", system.name()),
                        ));
                    }
                    AxisTarget::Scenario
                } else if let Some(inner) = key.strip_prefix("scenario.") {
                    if system.default_scenario().is_none() {
                        return Err(field(
                            path,
                            &format!("sweep.{key}"),
                            format!("{} has no scenarios", system.name()),
                        ));
                    }
                    AxisTarget::ScenarioKey(inner.split('.').map(str::to_string).collect())
                } else if let Some(i) = specs.iter().position(|s| s.name == key) {
                    if overrides
                        .set
                        .iter()
                        .any(|s| s.split('=').next().map(str::trim) == Some(key.as_str()))
                    {
                        return Err(field(
                            path,
                            &format!("sweep.{key}"),
                            "is swept; it cannot also be --set",
                        ));
                    }
                    AxisTarget::Rule(i)
                } else if let Some((seat, k)) = key
                    .split_once('.')
                    .and_then(|(seat, k)| Some((Seat::parse(seat)?, k)))
                {
                    if k == "strategy" {
                        AxisTarget::Strategy(seat)
                    } else {
                        AxisTarget::Tuning(seat, k.to_string())
                    }
                } else {
                    return Err(field(
                        path,
                        &format!("sweep.{key}"),
                        format!(
                            "unknown axis; allowed: a rule parameter ({}), rules (presets), \
                             a.strategy, b.strategy, a seat's tuning key (a.KEY, b.KEY), \
                             scenario (whole scenarios) or scenario.KEY (one value in it)",
                            specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
                        ),
                    ));
                };
                // Resolve every value once: labels, and the run.toml form.
                let mut labels = Vec::new();
                let mut written = Vec::new();
                for value in &values {
                    let at = || format!("sweep.{key}");
                    match &target {
                        AxisTarget::Rule(i) => {
                            let v = specs[*i]
                                .from_toml(value)
                                .map_err(|e| field(path, &at(), e))?;
                            labels.push(specs[*i].format(v));
                            written.push(specs[*i].to_toml(v));
                        }
                        AxisTarget::Scenario => {
                            let (label, table) =
                                scenario_of(system, value).map_err(|e| field(path, &at(), e))?;
                            labels.push(label);
                            written.push(toml::Value::Table(table));
                        }
                        AxisTarget::ScenarioKey(_) => {
                            labels.push(match value {
                                toml::Value::String(s) => s.clone(),
                                other => other.to_string(),
                            });
                            written.push(value.clone());
                        }
                        AxisTarget::RulesPreset => {
                            let (label, entries) = match value {
                                toml::Value::String(preset) => {
                                    (preset.clone(), preset_rules(system, preset, 0).map_err(|e| field(path, &at(), e))?)
                                }
                                toml::Value::Table(t) => {
                                    let mut t = t.clone();
                                    let label = match t.remove("name") {
                                        Some(toml::Value::String(n)) => n,
                                        _ => format!("rules{}", labels.len() + 1),
                                    };
                                    (label, t)
                                }
                                other => return Err(field(path, &at(), format!("{other}; allowed: a rules preset name or a table of rule values"))),
                            };
                            let mut check = rules.clone();
                            check
                                .set_toml(&entries)
                                .map_err(|e| field(path, &at(), e))?;
                            let mut table = toml::Table::new();
                            table.insert("name".into(), label.clone().into());
                            table.extend(entries);
                            labels.push(label);
                            written.push(toml::Value::Table(table));
                        }
                        AxisTarget::Strategy(_) => {
                            let player =
                                player_of(system, value, dir).map_err(|e| field(path, &at(), e))?;
                            labels.push(player.name.clone());
                            written.push(toml::Value::Table(player.to_toml()));
                        }
                        AxisTarget::Tuning(seat, k) => {
                            let player = &players[*seat];
                            let spec = player.tuning.specs().iter().find(|s| s.name == k).ok_or_else(|| {
                                field(
                                    path,
                                    &at(),
                                    format!(
                                        "seat {}'s player {} (base {}) has no tuning key {k:?}; allowed: {}",
                                        seat.name(),
                                        player.name,
                                        player.base,
                                        if player.tuning.specs().is_empty() {
                                            "none".to_string()
                                        } else {
                                            player.tuning.specs().iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
                                        }
                                    ),
                                )
                            })?;
                            let v = spec.from_toml(value).map_err(|e| field(path, &at(), e))?;
                            labels.push(spec.format(v));
                            written.push(spec.to_toml(v));
                        }
                    }
                }
                if labels
                    .iter()
                    .enumerate()
                    .any(|(i, l)| labels[..i].contains(l))
                {
                    return Err(field(
                        path,
                        &format!("sweep.{key}"),
                        "the same value appears twice",
                    ));
                }
                axes.push(Axis {
                    numeric: written.iter().all(|v| matches!(v, toml::Value::Integer(_))),
                    name: key,
                    values: written,
                    labels,
                });
                targets.push(target);
            }
        }

        Ok((axes, targets))
    }

    /// The grid of variants (the first axis varies slowest), each checked.
    fn variants(
        &self,
        axes: &[Axis],
        targets: &[AxisTarget],
        rules: &ParamValues,
        scenario: &toml::Table,
        players: &BySeat<Player>,
    ) -> Result<Vec<Variant>> {
        let (path, system) = (self.path, self.system);
        let count: usize = axes.iter().map(|a| a.values.len()).product();
        if count > 10_000 {
            return Err(field(
                path,
                "sweep",
                format!("{count} variants; at most 10,000"),
            ));
        }
        let mut variants = Vec::with_capacity(count);
        for index in 0..count {
            let mut picks = vec![0; axes.len()];
            let mut rest = index;
            for (a, axis) in axes.iter().enumerate().rev() {
                picks[a] = rest % axis.values.len();
                rest /= axis.values.len();
            }
            let mut variant = Variant {
                label: if axes.is_empty() {
                    "base".to_string()
                } else {
                    axes.iter()
                        .zip(&picks)
                        .map(|(axis, &p)| format!("{}={}", axis.name, axis.labels[p]))
                        .collect::<Vec<_>>()
                        .join(",")
                },
                axes: axes
                    .iter()
                    .zip(&picks)
                    .map(|(axis, &p)| axis.labels[p].clone())
                    .collect(),
                rules: rules.clone(),
                scenario: scenario.clone(),
                players: players.clone(),
            };
            // Presets first, so a rule axis beside them still wins.
            let mut order: Vec<usize> = (0..axes.len()).collect();
            // A whole scenario before the values set inside it.
            order.sort_by_key(|&a| match targets[a] {
                AxisTarget::RulesPreset => 0,
                AxisTarget::Scenario => 1,
                _ => 2,
            });
            for a in order {
                let value = &axes[a].values[picks[a]];
                let at = || format!("sweep.{}", axes[a].name);
                match &targets[a] {
                    AxisTarget::Rule(_) => {
                        let mut one = toml::Table::new();
                        one.insert(axes[a].name.clone(), value.clone());
                        variant
                            .rules
                            .set_toml(&one)
                            .map_err(|e| field(path, &at(), e))?;
                    }
                    AxisTarget::Scenario => {
                        variant.scenario = value.as_table().cloned().unwrap_or_default();
                    }
                    AxisTarget::ScenarioKey(keys) => {
                        set_scenario_key(&mut variant.scenario, keys, value.clone())
                            .map_err(|e| field(path, &at(), e))?;
                    }
                    AxisTarget::RulesPreset => {
                        let mut entries = value.as_table().cloned().unwrap_or_default();
                        entries.remove("name");
                        variant
                            .rules
                            .set_toml(&entries)
                            .map_err(|e| field(path, &at(), e))?;
                    }
                    AxisTarget::Strategy(seat) => {
                        let table = value.as_table().expect("written as a table");
                        let name = axes[a].labels[picks[a]].clone();
                        variant.players[*seat] =
                            Player::from_table(system.strategies(), &name, table)
                                .map_err(|e| field(path, &at(), e))?;
                    }
                    AxisTarget::Tuning(seat, k) => {
                        let mut one = toml::Table::new();
                        one.insert(k.clone(), value.clone());
                        variant.players[*seat]
                            .tuning
                            .set_toml(&one)
                            .map_err(|e| field(path, &at(), e))?;
                    }
                }
            }
            system.check(&variant).map_err(|e| {
                if axes.is_empty() {
                    e
                } else {
                    Error::file(path, format!("variant {}: {e}", variant.label))
                }
            })?;
            variants.push(variant);
        }

        Ok(variants)
    }

    /// The reference variant: the first, unless `[reference]` names one.
    fn reference(
        &self,
        axes: &[Axis],
        variants: &[Variant],
    ) -> Result<(usize, Option<toml::Table>)> {
        let (path, table) = (self.path, self.table);
        let (reference, reference_table) = match table.get("reference") {
            None => (0, None),
            Some(toml::Value::Table(wanted)) => {
                for key in wanted.keys() {
                    if !axes.iter().any(|a| &a.name == key) {
                        return Err(field(
                            path,
                            &format!("reference.{key}"),
                            format!(
                                "not a swept axis; allowed: {}",
                                axes.iter()
                                    .map(|a| a.name.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ));
                    }
                }
                let mut found = None;
                for (i, variant) in variants.iter().enumerate() {
                    let fits = axes.iter().zip(&variant.axes).all(|(axis, label)| {
                        match wanted.get(&axis.name) {
                            None => true,
                            Some(toml::Value::String(s)) => s == label,
                            Some(other) => &other.to_string() == label,
                        }
                    });
                    if fits {
                        found = Some(i);
                        break;
                    }
                }
                let index = found
                    .ok_or_else(|| field(path, "reference", "no variant has these axis values"))?;
                (index, Some(wanted.clone()))
            }
            Some(other) => {
                return Err(field(
                    path,
                    "reference",
                    format!("{other}; allowed: a table of axis values"),
                ))
            }
        };

        Ok((reference, reference_table))
    }
}
