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
        for m in metrics {
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
    for m in metrics {
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
