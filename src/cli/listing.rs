//! `fortunes rules` and `fortunes strategies`: what a system offers.

use crate::error::Result;
use crate::presets;
use crate::system::{resolve_player, System};
use std::path::Path;

/// `fortunes strategies SYSTEM`: the built-ins, their tuning keys and the
/// presets in `dir`.
pub fn strategies_listing(system: &'static dyn System, dir: &Path) -> Result<String> {
    let mut text = String::from("built-in strategies:\n");
    for info in system.strategies() {
        text.push_str(&format!("  {:<12} {}\n", info.name, info.about));
    }
    if system.agent().is_some() {
        text.push_str(
            "  exec:COMMAND an external program speaking the agent protocol (docs/agents.md), started once per worker thread\n",
        );
    }
    for info in system.strategies().iter().filter(|i| !i.tuning.is_empty()) {
        text.push_str(&format!(
            "tuning keys of base = \"{}\" in a preset file:\n",
            info.name
        ));
        for spec in info.tuning {
            text.push_str(&format!(
                "  {:<18} default {:<4} {}: {}\n",
                spec.name,
                spec.format(spec.default),
                spec.allowed(),
                spec.doc
            ));
        }
    }
    text.push_str(&format!("presets ({}):\n", dir.display()));
    for name in presets::preset_names(dir) {
        let player = resolve_player(system.strategies(), &name, dir)?;
        text.push_str(&format!("  {name:<12} {}\n", player.description));
    }
    Ok(text)
}

/// `fortunes metrics SYSTEM`: every metric the system's tables carry, as
/// its definition says (a Markdown table with `markdown`, the form the
/// docs hold).
pub fn metrics_listing(system: &dyn System, markdown: bool) -> String {
    let metrics = system.metrics();
    if markdown {
        let mut text = String::from(
            "| metric | shape | unit | per | seats | by | counts | leaves out |\n\
             |---|---|---|---|---|---|---|---|\n",
        );
        for m in &metrics {
            text.push_str(&format!(
                "| `{}` | {} | {} | {} | {} | {} | {} | {} |\n",
                m.name,
                m.shape.name(),
                m.unit,
                m.per,
                m.seats.join(", "),
                if m.by.is_empty() {
                    "-".to_string()
                } else {
                    m.by.join(", ")
                },
                m.counts.replace('|', "\\|"),
                m.leaves_out.replace('|', "\\|"),
            ));
        }
        return text;
    }
    let mut text = format!(
        "{} metrics ({}): the value is in UNIT, one observation is PER; \
         every interval treats the game as the unit\n",
        system.name(),
        metrics.len()
    );
    for m in &metrics {
        text.push_str(&format!(
            "\n{}  ({}, {} per {}; seats {}{})\n  counts:     {}\n  leaves out: {}\n",
            m.name,
            m.shape.name(),
            m.unit,
            m.per,
            m.seats.join(", "),
            if m.by.is_empty() {
                String::new()
            } else {
                format!("; by {}", m.by.join(", "))
            },
            m.counts,
            m.leaves_out
        ));
    }
    text
}

/// A folder of shipped data: the working directory's when it has one
/// (a project of the user's), else the crate's.
fn data_dir(name: &str) -> std::path::PathBuf {
    let local = Path::new(name);
    if local.is_dir() {
        local.to_path_buf()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
    }
}

/// `fortunes list`: the systems, and the experiments, scenarios, rules
/// presets and strategy presets there are to run.
pub fn list() -> Result<String> {
    let mut text = String::from("systems (and what else each has: fortunes odds, play, agent):\n");
    for system in crate::systems::SYSTEMS {
        let extras: Vec<&str> = [
            (system.odds().is_some(), "odds"),
            (system.play().is_some(), "play"),
            (system.agent().is_some(), "agent, exec: players"),
        ]
        .into_iter()
        .filter_map(|(has, name)| has.then_some(name))
        .collect();
        let extras = match extras.is_empty() {
            true => String::new(),
            false => format!(" [{}]", extras.join(", ")),
        };
        text.push_str(&format!(
            "  {:<10} {}{extras}\n",
            system.name(),
            system.about()
        ));
    }
    let experiments = data_dir("experiments");
    text.push_str(&format!(
        "experiments ({}; fortunes run FILE):\n",
        experiments.display()
    ));
    for name in presets::preset_names(&experiments) {
        let path = experiments.join(format!("{name}.toml"));
        let description = presets::read_input(&path)
            .ok()
            .and_then(|t| t.parse::<toml::Table>().ok())
            .and_then(|t| {
                t.get("description")
                    .and_then(|d| d.as_str())
                    .map(String::from)
            })
            .unwrap_or_default();
        // The question, not the whole description.
        let question = description
            .split_once('?')
            .map_or(description.clone(), |(q, _)| format!("{q}?"));
        text.push_str(&format!("  {name:<20} {question}\n"));
    }
    let strategies = data_dir("strategies");
    let sections: [(&str, std::path::PathBuf, &str); 3] = [
        (
            "scenarios (--scenario NAME)",
            experiments.clone(),
            "scenarios",
        ),
        ("rules presets (--rules NAME)", experiments.clone(), ""),
        ("strategy presets (--strategy SEAT=NAME)", strategies, ""),
    ];
    for (heading, root, below) in sections {
        text.push_str(&format!(
            "{heading}:
"
        ));
        for system in crate::systems::SYSTEMS {
            let names = presets::preset_names(&root.join(system.name()).join(below));
            if !names.is_empty() {
                text.push_str(&format!(
                    "  {:<10} {}
",
                    system.name(),
                    names.join(", ")
                ));
            }
        }
    }
    Ok(text)
}
