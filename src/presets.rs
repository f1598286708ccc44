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

/// The preset names a bare name may take, from the working directory's
/// folder `here` and the crate's `shipped` one, as "one of: a, b", or,
/// when neither holds any (the binary run away from its sources), where
/// names are looked up.
pub fn names_here_or_shipped(here: &Path, shipped: &Path) -> String {
    let mut names = preset_names(here);
    names.extend(preset_names(shipped));
    names.sort();
    names.dedup();
    match names.is_empty() {
        true => format!(
            "a name in {} (none found there or in {})",
            here.display(),
            shipped.display()
        ),
        false => format!("one of: {}", names.join(", ")),
    }
}

/// The file of preset `name`, or an error listing the built-ins and the
/// presets found.
pub fn preset_path(name: &str, presets_dir: &Path, built_ins: &[(&str, &str)]) -> Result<PathBuf> {
    let path = if name.ends_with(".toml") {
        Path::new(name).to_path_buf()
    } else {
        presets_dir.join(format!("{name}.toml"))
    };
    // Anything there is taken, and `read_input` refuses what is not a
    // regular file by name, rather than "unknown strategy".
    if path.exists() {
        return Ok(path);
    }
    let mut allowed: Vec<String> = built_ins.iter().map(|(n, _)| n.to_string()).collect();
    allowed.extend(preset_names(presets_dir));
    Err(Error::new(ErrorKind::UnknownStrategy {
        name: name.to_string(),
        allowed: allowed.join(", ") + ", or a path to a preset .toml file",
    }))
}

/// Keys of an experiment file, and so of a rules preset (any experiment
/// file is one).
pub const EXPERIMENT_KEYS: &[&str] = &[
    "description",
    "system",
    "games",
    "precision",
    "max_games",
    "seed",
    "metrics",
    "records",
    "forfeit",
    "rules",
    "strategies",
    "sweep",
    "reference",
    "scenario",
    "tune",
];
/// Keys a `run.toml` adds that describe the run but do not change it.
pub const RUN_KEYS: &[&str] = &["fortunes_version", "threads", "batch", "digest"];

/// An error in a file's `key`, naming both.
pub fn field(path: &Path, key: &str, message: impl std::fmt::Display) -> Error {
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
    if !path.exists() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments");
        let allowed = names_here_or_shipped(
            &Path::new("experiments").join(system),
            &shipped.join(system),
        );
        return Err(Error::file(
            &path,
            format!("no such file; a rules preset is a path or {allowed}"),
        ));
    }
    let text = read_input(&path)?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(&path, e))?;
    check_keys(&path, &table)?;
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

/// Refuses a key an experiment file does not have, and a value of the
/// wrong type for the plain keys, naming the key and what is allowed: a
/// misplaced `turns = 1` at the top of a rules file would otherwise be
/// ignored without a word.
fn check_keys(path: &Path, table: &toml::Table) -> Result<()> {
    for (key, value) in table {
        if !EXPERIMENT_KEYS.contains(&key.as_str()) && !RUN_KEYS.contains(&key.as_str()) {
            return Err(field(
                path,
                key,
                format!(
                    "unknown key (a rule value goes in [rules]); allowed: {}",
                    EXPERIMENT_KEYS.join(", ")
                ),
            ));
        }
        let (fits, allowed) = match key.as_str() {
            "system" | "description" | "fortunes_version" | "digest" => {
                (value.is_str(), "a string")
            }
            "games" | "max_games" | "threads" | "batch" => (
                value.as_integer().is_some_and(|v| v >= 1),
                "an integer >= 1",
            ),
            "seed" => (
                value.as_integer().is_some_and(|v| v >= 0),
                "an integer >= 0",
            ),
            "precision" => (value.is_float(), "a number"),
            "records" | "forfeit" => (value.is_bool(), "true or false"),
            "metrics" => (value.is_array(), "a list of metric names"),
            _ => (true, ""),
        };
        if !fits {
            return Err(field(path, key, format!("{value}; allowed: {allowed}")));
        }
    }
    Ok(())
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

/// The largest input file fortunes reads: far above any experiment,
/// rules preset, scenario or strategy preset, and a bound on what a wrong
/// path (`--rules /dev/zero`) can make it read.
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// Opens an input file, refusing what is not a regular file before
/// anything can wait on it: opening a FIFO with no writer blocks in the
/// open itself, a device (`/dev/zero`, a terminal) never ends, a folder is
/// no file. The file is opened without blocking and looked at again once
/// open, so one swapped in between the two looks is refused as well.
pub fn open_input(path: &Path) -> Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let refuse = |meta: &std::fs::Metadata| -> Result<()> {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        let what = if kind.is_file() {
            return Ok(());
        } else if kind.is_dir() {
            "a folder"
        } else if kind.is_fifo() {
            "a FIFO (named pipe)"
        } else if kind.is_char_device() {
            "a character device"
        } else if kind.is_block_device() {
            "a block device"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "not a file"
        };
        Err(Error::file(
            path,
            format!("{what}, not a regular file; allowed: a file"),
        ))
    };
    refuse(&std::fs::metadata(path).map_err(|e| Error::file(path, e))?)?;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(|e| Error::file(path, e))?;
    refuse(&file.metadata().map_err(|e| Error::file(path, e))?)?;
    Ok(file)
}

/// An input file's text, read through here so that every input file is
/// a regular file, bounded in size and UTF-8; the error names the file.
pub fn read_input(path: &Path) -> Result<String> {
    use std::io::Read;
    let file = open_input(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::file(path, e))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(Error::file(
            path,
            format!(
                "larger than {} MiB, the most an input file may hold",
                MAX_INPUT_BYTES >> 20
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|_| Error::file(path, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_both_folders_once_or_the_folders_are_named() {
        let root = std::env::temp_dir().join(format!("fortunes-names-{}", std::process::id()));
        let (here, shipped) = (root.join("here"), root.join("shipped"));
        std::fs::create_dir_all(&here).unwrap();
        std::fs::create_dir_all(&shipped).unwrap();
        let none = names_here_or_shipped(&here, &shipped);
        assert!(
            none.contains(&*here.to_string_lossy()) && none.contains(&*shipped.to_string_lossy()),
            "{none}"
        );
        for (dir, name) in [(&here, "b"), (&shipped, "a"), (&shipped, "b")] {
            std::fs::write(dir.join(format!("{name}.toml")), "").unwrap();
        }
        std::fs::write(here.join("notes.txt"), "").unwrap();
        assert_eq!(names_here_or_shipped(&here, &shipped), "one of: a, b");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
