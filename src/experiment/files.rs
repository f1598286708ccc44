//! Where experiment files, scenarios and baselines are found.

use crate::engine::Seat;
use crate::error::{Error, ErrorKind, Result};
use crate::presets;
use crate::system::{resolve_player, Player, System};
use std::path::{Path, PathBuf};

/// A baseline's figures and its record of the experiment, in
/// `reports/NAME/`.
pub const BASELINE_CSV: &str = "baseline.csv";
pub const BASELINE_TOML: &str = "baseline.toml";

/// The folder of an experiment's report and baseline.
pub fn report_dir(reports: &Path, experiment: &super::spec::Experiment) -> PathBuf {
    reports.join(&experiment.name)
}

/// Every experiment file in `dir` and below, sorted; the reports folder
/// (baselines and run manifests) and scenario folders (orders of battle,
/// not experiments) are not searched. No link is followed: one may lead
/// out of the suite, or back into it and round forever. A link that would
/// be searched or read is refused rather than passed over, so that no
/// experiment is left out of a check without a word.
pub fn experiment_files(dir: &Path, reports: Option<&Path>) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    let reports = reports.and_then(|r| r.canonicalize().ok());
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| Error::file(&dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| Error::file(&dir, e))?;
            let path = entry.path();
            let kind = entry.file_type().map_err(|e| Error::file(&path, e))?;
            let experiment = path.extension().is_some_and(|e| e == "toml")
                && path.file_name().is_some_and(|n| n != BASELINE_TOML);
            // Through the link, for a link: what it would be taken for.
            let searched = || {
                let report = reports.is_some() && path.canonicalize().ok() == reports;
                path.is_dir() && !report && !path.ends_with("scenarios")
            };
            if kind.is_symlink() {
                if experiment || searched() {
                    return Err(Error::file(
                        &path,
                        "a link; a suite check follows none (a link may lead out of the suite, \
                         or round in a loop); allowed: the experiment files and folders themselves, \
                         or check the link's target on its own",
                    ));
                }
            } else if kind.is_dir() {
                if searched() {
                    stack.push(path);
                }
            } else if experiment {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The folder of `system`'s scenarios under `root`: beside its rules
/// presets, in a folder of their own so neither is taken for the other.
fn scenarios_dir(root: &Path, system: &str) -> PathBuf {
    root.join("experiments").join(system).join("scenarios")
}

/// A scenario value: a name (a file in `experiments/<system>/scenarios/`,
/// working directory first, then the crate's), a path, or a table. Returns
/// its label and its table, which always carries `name`.
pub(super) fn scenario_of(
    system: &dyn System,
    value: &toml::Value,
) -> Result<(String, toml::Table)> {
    scenario_from(system, value).map(|(label, table, _)| (label, table))
}

/// `scenario_of`, with the file the scenario came from (none for a table).
pub(super) fn scenario_from(
    system: &dyn System,
    value: &toml::Value,
) -> Result<(String, toml::Table, Option<PathBuf>)> {
    let mut source = None;
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
            // A path given (not a bare name) is taken if anything is
            // there, and `read_input` refuses what is not a regular file by
            // name.
            let path_like = given.extension().is_some() || given.components().count() > 1;
            let found = match given.is_file() || path_like && given.exists() {
                true => Some(&candidates[0]),
                false => candidates[1..].iter().find(|p| p.is_file()),
            };
            let Some(path) = found else {
                let named = presets::names_here_or_shipped(
                    &scenarios_dir(Path::new(""), system.name()),
                    &scenarios_dir(crate_root, system.name()),
                );
                return Err(Error::new(ErrorKind::BadValue {
                    name: "scenario".into(),
                    value: name.clone(),
                    allowed: format!("a path to a scenario file, a table, or {named}"),
                }));
            };
            let text = presets::read_input(path)?;
            let mut table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(path, e))?;
            table
                .entry("name")
                .or_insert_with(|| toml::Value::String(name.clone()));
            source = Some(path.clone());
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
    Ok((label, table, source))
}

/// Parses `SEAT=NAME`.
pub(super) fn parse_seat_assignment(text: &str) -> Result<(Seat, String)> {
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
pub(super) fn player_of(system: &dyn System, value: &toml::Value, dir: &Path) -> Result<Player> {
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
