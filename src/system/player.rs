//! Players: the built-in strategies a system offers, and a seat's player
//! resolved once, at the boundary, from a name, a preset or a table.

use crate::engine::BySeat;
use crate::error::{Error, ErrorKind, Result};
use crate::params::{ParamSpec, ParamValues};
use crate::presets;
use std::path::{Path, PathBuf};

/// A built-in strategy and the keys a preset may tune it with.
#[derive(Clone, Copy, Debug)]
pub struct StrategyInfo {
    pub name: &'static str,
    pub about: &'static str,
    pub tuning: &'static [ParamSpec],
}

impl StrategyInfo {
    const UNSET: StrategyInfo = StrategyInfo {
        name: "",
        about: "",
        tuning: &[],
    };
}

/// One built-in player of a system: what `fortunes strategies` lists, and
/// how its typed value (the system's strategy, statically dispatched in
/// the game) is made from a resolved player's tuning. A system's table of
/// these is the one place that names its players: adding a player is an
/// entry here, in the system's folder.
pub struct BuiltIn<S> {
    pub info: StrategyInfo,
    pub build: fn(&ParamValues) -> S,
}

/// The listing of a table of built-ins, for `System::strategies`.
pub const fn infos<S, const N: usize>(built_ins: &[BuiltIn<S>; N]) -> [StrategyInfo; N] {
    let mut listed = [StrategyInfo::UNSET; N];
    let mut i = 0;
    while i < N {
        listed[i] = built_ins[i].info;
        i += 1;
    }
    listed
}

/// The typed value of `player` from its system's table of built-ins: its
/// entry's `build` over its tuning. A player resolved against that
/// table's listing has its place in it; an external agent's seat plays no
/// built-in and gets the first.
pub fn typed<S>(built_ins: &[BuiltIn<S>], player: &Player) -> S {
    (built_ins[player.built_in].build)(&player.tuning)
}

/// A seat's player, resolved once at the boundary: the name it was given,
/// the built-in it is, and every tuning value.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub base: &'static str,
    /// Its built-in's place in the system's list (0 for an external
    /// agent): what `typed` builds from.
    pub built_in: usize,
    pub tuning: ParamValues,
    pub description: String,
    /// An external agent's command (`exec:COMMAND`; base `exec`).
    pub command: Option<String>,
}

/// The base of an external agent's player.
pub const EXEC: &str = "exec";

impl Player {
    /// Built-in `index` of `strategies` with its default tuning.
    pub fn built_in(strategies: &[StrategyInfo], index: usize) -> Player {
        let info = &strategies[index];
        Player {
            name: info.name.to_string(),
            base: info.name,
            built_in: index,
            tuning: ParamValues::defaults(info.name, info.tuning),
            description: info.about.to_string(),
            command: None,
        }
    }

    /// An external agent: `command` started for the seat, speaking the
    /// JSON-lines protocol of docs/agents.md.
    pub fn external(command: &str) -> Player {
        Player {
            name: format!("{EXEC}:{command}"),
            base: EXEC,
            built_in: 0,
            tuning: ParamValues::defaults(EXEC, &[]),
            description: format!("external agent: {command}"),
            command: Some(command.to_string()),
        }
    }

    /// `{ name, base, tuning keys... }`: what run.toml writes, and what
    /// `from_table` reads back to the same player.
    pub fn to_toml(&self) -> toml::Table {
        let mut table = toml::Table::new();
        table.insert("name".into(), self.name.clone().into());
        table.insert("base".into(), self.base.into());
        if let Some(command) = &self.command {
            table.insert("command".into(), command.clone().into());
        }
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
        if table.get("base").and_then(|b| b.as_str()) == Some(EXEC) {
            let command = match table.get("command") {
                Some(toml::Value::String(command)) if !command.trim().is_empty() => command,
                other => {
                    return Err(Error::new(ErrorKind::BadValue {
                        name: "command".into(),
                        value: other.map_or("(missing)".to_string(), |v| v.to_string()),
                        allowed: "the agent's command line, e.g. \"python3 mybot.py\"".into(),
                    }))
                }
            };
            let mut player = Player::external(command);
            if let Some(toml::Value::String(n)) = table.get("name") {
                player.name = n.clone();
            }
            return Ok(player);
        }
        let index = match table.remove("base") {
            Some(toml::Value::String(base)) => strategies
                .iter()
                .position(|s| s.name == base)
                .ok_or_else(|| {
                    Error::new(ErrorKind::BadValue {
                        name: "base".into(),
                        value: base.clone(),
                        allowed: allowed_bases(),
                    })
                })?,
            other => {
                return Err(Error::new(ErrorKind::BadValue {
                    name: "base".into(),
                    value: other.map_or("(missing)".to_string(), |v| v.to_string()),
                    allowed: allowed_bases(),
                }))
            }
        };
        let info = &strategies[index];
        let mut player = Player::built_in(strategies, index);
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
    if let Some(index) = strategies.iter().position(|s| s.name == name) {
        return Ok(Player::built_in(strategies, index));
    }
    if let Some(command) = name.strip_prefix("exec:") {
        if command.trim().is_empty() {
            return Err(Error::new(ErrorKind::BadArgument(
                "exec: needs the agent's command, e.g. exec:python3 mybot.py".into(),
            )));
        }
        return Ok(Player::external(command.trim()));
    }
    let built_ins: Vec<(&str, &str)> = strategies.iter().map(|s| (s.name, s.about)).collect();
    let path = presets::preset_path(name, presets_dir, &built_ins)?;
    let text = presets::read_input(&path)?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(&path, e))?;
    Player::from_table(strategies, name, &table).map_err(|e| Error::file(&path, e))
}

/// `resolve_player` for a command that plays in this process only (a
/// match, a person's seat): an external agent is refused.
pub fn resolve_built_in(
    strategies: &'static [StrategyInfo],
    name: &str,
    presets_dir: &Path,
) -> Result<Player> {
    let player = resolve_player(strategies, name, presets_dir)?;
    if player.command.is_some() {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "{name}: external agents play in runs (fortunes run SYSTEM --strategy SEAT=exec:COMMAND); allowed here: a built-in or a preset"
        ))));
    }
    Ok(player)
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

/// Each seat's name, for rows broken down by player.
pub fn player_names(players: &BySeat<Player>) -> BySeat<String> {
    BySeat::from_fn(|s| players[s].name.clone())
}
