//! The experiment file format and its validation: every key is read
//! here, and an error names the file, the key and the allowed values.

use super::files::{parse_seat_assignment, player_of, scenario_from};
use super::spec::{Games, Overrides};
use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::params::ParamValues;
use crate::presets;
use crate::system::{resolve_player, Player, System};
use std::path::{Path, PathBuf};

pub(super) use crate::presets::{field, EXPERIMENT_KEYS as KEYS, RUN_KEYS};

/// The most games a variant may play, from a file or the command line.
pub const MAX_GAMES: u64 = 1_000_000_000_000;
/// The widest precision target: a 95% half-width beyond any metric's
/// range is no target.
pub const MAX_HALF_WIDTH: f64 = 1e9;

/// One check of a precision target for both paths, file and command line:
/// a finite number above 0 and at most `MAX_HALF_WIDTH`.
pub(super) fn precision(path: &Path, key: &str, h: f64) -> Result<f64> {
    if h.is_finite() && h > 0.0 && h <= MAX_HALF_WIDTH {
        Ok(h)
    } else {
        Err(field(
            path,
            key,
            format!(
                "{}; allowed: a number > 0 and at most {MAX_HALF_WIDTH:e} (a 95% half-width)",
                if h.abs() >= 1e9 {
                    format!("{h:e}")
                } else {
                    h.to_string()
                }
            ),
        ))
    }
}

/// One check of a game count for both paths: 1 to `MAX_GAMES`.
pub(super) fn game_count(path: &Path, key: &str, games: u64) -> Result<u64> {
    if (1..=MAX_GAMES).contains(&games) {
        Ok(games)
    } else {
        Err(field(
            path,
            key,
            format!("{games}; allowed: an integer from 1 to {MAX_GAMES}"),
        ))
    }
}

pub(super) fn as_u64(path: &Path, key: &str, value: &toml::Value, min: u64) -> Result<u64> {
    match value {
        toml::Value::Integer(v) if *v >= min as i64 => Ok(*v as u64),
        other => Err(field(
            path,
            key,
            format!("{other}; allowed: an integer >= {min}"),
        )),
    }
}

/// One experiment file being read: its path (for errors), its table, the
/// command line's overrides and the system it names.
pub(super) struct Reading<'a> {
    pub(super) path: &'a Path,
    pub(super) table: &'a toml::Table,
    pub(super) overrides: &'a Overrides,
    pub(super) system: &'static dyn System,
}

impl Reading<'_> {
    /// Games or a precision target; the command line wins over the file.
    pub(super) fn games(&self) -> Result<Games> {
        let (path, table, overrides, system) = (self.path, self.table, self.overrides, self.system);
        let file_games = table
            .get("games")
            .map(|v| game_count(path, "games", as_u64(path, "games", v, 1)?))
            .transpose()?;
        let file_precision = match table.get("precision") {
            None => None,
            Some(toml::Value::Float(h)) => Some(precision(path, "precision", *h)?),
            Some(toml::Value::Integer(h)) => Some(precision(path, "precision", *h as f64)?),
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
            .map(|v| game_count(path, "max_games", as_u64(path, "max_games", v, 1)?))
            .transpose()?;
        // The command line's values pass the same checks as the file's.
        let line = Path::new("(command line)");
        if let Some(games) = overrides.games {
            game_count(line, "--games", games)?;
        }
        if let Some(h) = overrides.precision {
            precision(line, "--precision", h)?;
        }
        if let Some(max) = overrides.max_games {
            game_count(line, "--max-games", max)?;
        }
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
    pub(super) fn rules(&self) -> Result<ParamValues> {
        let (path, table, overrides, system) = (self.path, self.table, self.overrides, self.system);
        let mut rules = ParamValues::defaults(system.name(), system.rule_specs());
        match table.get("rules") {
            None => {}
            Some(toml::Value::String(preset)) => rules
                .set_toml(&presets::preset_rules(
                    system.name(),
                    system.rule_specs(),
                    preset,
                    0,
                )?)
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
    pub(super) fn players(&self, dir: &Path) -> Result<BySeat<Player>> {
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
            // `heuristic:win_percent=70,reserve=1`: a player and tuning;
            // `exec:COMMAND` an external agent, its command whole.
            let (base, tuning) = match name.split_once(':') {
                Some(_) if name.starts_with("exec:") => (name.as_str(), None),
                Some((base, tuning)) => (base, Some(tuning)),
                None => (name.as_str(), None),
            };
            let mut player = resolve_player(system.strategies(), base, dir)?;
            if let Some(tuning) = tuning {
                let keys: Vec<&str> = player.tuning.specs().iter().map(|s| s.name).collect();
                for assignment in tuning.split(',') {
                    // One form: KEY=VALUE, comma-separated, none empty.
                    let Some((key, _)) = assignment
                        .split_once('=')
                        .filter(|(k, v)| !k.is_empty() && !v.is_empty())
                    else {
                        return Err(Error::new(ErrorKind::BadArgument(format!(
                            "--strategy {text}: {assignment:?} is not KEY=VALUE; allowed: SEAT=NAME or \
                             SEAT=NAME:KEY=VALUE,KEY=VALUE,... (e.g. a=heuristic:win_percent=70)"
                        ))));
                    };
                    if !keys.contains(&key) {
                        return Err(Error::new(ErrorKind::BadArgument(format!(
                            "--strategy {text}: unknown tuning key {key:?} for {}; allowed: {}",
                            player.base,
                            if keys.is_empty() {
                                "none (it has no tuning keys)".to_string()
                            } else {
                                keys.join(", ")
                            }
                        ))));
                    }
                    player.tuning.set_text(assignment).map_err(|e| {
                        Error::new(ErrorKind::BadArgument(format!("--strategy {text}: {e}")))
                    })?;
                }
                player.name = name.clone();
            }
            players[seat] = player;
        }

        Ok(players)
    }

    /// The scenario: the file's, else the system's default; none for a
    /// system without scenarios.
    /// The scenario, and the file it came from (for errors that name it).
    pub(super) fn scenario(&self) -> Result<(toml::Table, Option<PathBuf>)> {
        let (path, system) = (self.path, self.system);
        if let Some(name) = &self.overrides.scenario {
            if system.default_scenario().is_none() {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "--scenario {name}: {} has no scenarios",
                    system.name()
                ))));
            }
            let (_, table, file) = scenario_from(system, &toml::Value::String(name.clone()))?;
            return Ok((table, file));
        }
        match (self.table.get("scenario"), system.default_scenario()) {
            (None, None) => Ok((toml::Table::new(), None)),
            (Some(_), None) => Err(field(
                path,
                "scenario",
                format!("{} has no scenarios", system.name()),
            )),
            (None, Some(text)) => {
                let value = toml::Value::Table(
                    toml::from_str(text).expect("the shipped default scenario parses"),
                );
                Ok((scenario_from(system, &value)?.1, None))
            }
            (Some(value), Some(_)) => {
                let (_, table, file) =
                    scenario_from(system, value).map_err(|e| field(path, "scenario", e))?;
                Ok((table, file))
            }
        }
    }

    /// The metrics of interest, each a series metric of the system.
    pub(super) fn metrics(&self) -> Result<Vec<String>> {
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
                // A metric the summary writes is named as such, with why it
                // cannot be one of interest; any other name is unknown.
                let what = match system.metrics().iter().find(|m| m.name == metric) {
                    Some(written) => format!(
                        "{} metric {metric:?} is in the summary but is not a metric of interest: {}",
                        system.name(),
                        crate::system::metric::not_of_interest(written)
                    ),
                    None => format!("unknown {} metric {metric:?}", system.name()),
                };
                return Err(field(
                    path,
                    "metrics",
                    format!(
                        "{what}; allowed (the metrics of interest): {}",
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
}
