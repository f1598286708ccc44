//! Presets on disk, shared by every system: a strategy preset is
//! `<presets_dir>/<name>.toml`, or any path ending in `.toml`; a rules
//! preset is any experiment file, by path or by name in
//! `experiments/<system>/`.

use crate::error::{Error, ErrorKind, Result};
use crate::params::{ParamSpec, ParamValues};
use std::path::{Path, PathBuf};

/// Names of the presets in `presets_dir`, sorted.
pub fn preset_names(presets_dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(presets_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            (path.extension()? == "toml").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    names
}

/// The file of preset `name`, or an error listing the built-ins and the
/// presets found.
pub fn preset_path(name: &str, presets_dir: &Path, built_ins: &[(&str, &str)]) -> Result<PathBuf> {
    let path = if name.ends_with(".toml") {
        Path::new(name).to_path_buf()
    } else {
        presets_dir.join(format!("{name}.toml"))
    };
    if path.is_file() {
        return Ok(path);
    }
    let mut allowed: Vec<String> = built_ins.iter().map(|(n, _)| n.to_string()).collect();
    allowed.extend(preset_names(presets_dir));
    Err(Error::new(ErrorKind::UnknownStrategy {
        name: name.to_string(),
        allowed: allowed.join(", ") + ", or a path to a preset .toml file",
    }))
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
pub fn preset_rules(
    system: &'static str,
    specs: &'static [ParamSpec],
    name: &str,
    depth: u32,
) -> Result<toml::Table> {
    let path = rules_path(system, name);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        let presets = preset_names(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("experiments")
                .join(system),
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
        if other != system {
            return Err(field(
                &path,
                "system",
                format!("{other}, but this run is {system}"),
            ));
        }
    }
    let mut rules = toml::Table::new();
    match table.get("rules") {
        None => {}
        Some(toml::Value::String(inner)) if depth < 4 => {
            rules = preset_rules(system, specs, inner, depth + 1)?
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
    ParamValues::defaults(system, specs)
        .set_toml(&rules)
        .map_err(|e| field(&path, "rules", e))?;
    Ok(rules)
}

/// Rules given on a command line: the defaults, then a rules file or
/// preset (`--rules`), then each `--set NAME=VALUE`.
pub fn command_line_rules(
    system: &'static str,
    specs: &'static [ParamSpec],
    file: Option<&str>,
    set: &[String],
) -> Result<ParamValues> {
    let mut rules = ParamValues::defaults(system, specs);
    if let Some(file) = file {
        rules
            .set_toml(&preset_rules(system, specs, file, 0)?)
            .map_err(|e| field(Path::new("--rules"), "rules", e))?;
    }
    for assignment in set {
        rules.set_text(assignment)?;
    }
    Ok(rules)
}
