//! Experiments: what to play, resolved once at the boundary into a typed
//! specification that flows down to the runner, the tables, the report and
//! `run.toml`. An experiment file names a system, a rules preset and
//! overrides, each seat's player, the games to play or a precision to
//! reach, the seed, the metrics of interest and optional sweep axes; the
//! `run.toml` a run writes is itself an experiment file that reproduces it.

mod files;
mod format;
mod spec;
mod sweep;

pub use files::{experiment_files, report_dir, BASELINE_CSV, BASELINE_TOML};
pub use spec::{run_digest, Axis, Experiment, Games, Overrides};

use crate::error::{Error, Result};
use crate::system::{presets_dir, System};
use crate::systems;
use format::{as_u64, field, Reading, KEYS, RUN_KEYS};
use std::path::Path;

/// A file fortunes wrote (it carries `fortunes_version`) must be whole:
/// its digest must match its text, so that a truncated or edited run.toml
/// is refused rather than replayed, with missing keys taking defaults, as
/// a different run.
fn check_run_file(path: &Path, text: &str, table: &toml::Table) -> Result<()> {
    if !table.contains_key("fortunes_version") {
        return Ok(());
    }
    let expected = format!("{:016x}", spec::run_digest(text));
    let problem = match table.get("digest") {
        Some(toml::Value::String(digest)) if *digest == expected => return Ok(()),
        Some(_) => "its digest does not match its text: it was cut short or edited",
        None => "it has no digest: it was cut short, edited or written by an older fortunes",
    };
    Err(Error::file(
        path,
        format!(
            "damaged run file: {problem}; run the experiment again to write a whole one, or \
             remove fortunes_version and digest to use it as an experiment file of your own"
        ),
    ))
}

/// A `true` or `false` key of an experiment file; absent is `false`.
fn switch(path: &Path, table: &toml::Table, key: &str) -> Result<bool> {
    match table.get(key) {
        None => Ok(false),
        Some(toml::Value::Boolean(b)) => Ok(*b),
        Some(other) => Err(field(path, key, format!("{other}; allowed: true or false"))),
    }
}

impl Experiment {
    /// Reads an experiment file (or a run.toml) and applies the command
    /// line's overrides.
    pub fn load(path: &Path, overrides: &Overrides) -> Result<Experiment> {
        let text = crate::presets::read_input(path)?;
        let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(path, e))?;
        check_run_file(path, &text, &table)?;
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
                systems::find(s).map_err(|e| field(path, "system", e))?
            }
            Some(other) => {
                return Err(field(
                    path,
                    "system",
                    format!("{other}; allowed: {}", systems::names().join(", ")),
                ))
            }
            None => {
                return Err(field(
                    path,
                    "system",
                    format!("missing; allowed: {}", systems::names().join(", ")),
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
        // A seed is a TOML integer in run.toml, so at most i64::MAX: a
        // larger one could not be written back and replayed.
        let seed = match (overrides.seed, table.get("seed")) {
            (Some(seed), _) if seed > i64::MAX as u64 => {
                return Err(field(
                    Path::new("(command line)"),
                    "--seed",
                    format!("{seed}; allowed: an integer from 0 to {}", i64::MAX),
                ))
            }
            (Some(seed), _) => seed,
            (None, Some(value)) => as_u64(path, "seed", value, 0)?,
            (None, None) => 1,
        };
        let records = overrides.records || switch(path, table, "records")?;
        let forfeit = overrides.forfeit || switch(path, table, "forfeit")?;

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
        let (scenario, scenario_file) = reading.scenario()?;
        let variants = reading.variants(
            &axes,
            &targets,
            &rules,
            &scenario,
            scenario_file.as_deref(),
            &players,
        )?;
        let (reference, reference_table) = reading.reference(&axes, &variants)?;

        Ok(Experiment {
            name: name.to_string(),
            description,
            system,
            seed,
            games,
            metrics,
            records,
            forfeit,
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
}
