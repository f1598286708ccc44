//! Strategy presets on disk, shared by every system: a preset is
//! `<presets_dir>/<name>.toml`, or any path ending in `.toml`.

use crate::error::{Error, ErrorKind, Result};
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

/// The description of a built-in, empty for an unknown name.
pub fn built_in_description(name: &str, built_ins: &[(&str, &str)]) -> String {
    built_ins
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, d)| d.to_string())
        .unwrap_or_default()
}
