//! Sweeps: the axes of an experiment file and their expansion into
//! variants, and the reference the others are paired with.

use super::files::{player_of, scenario_of};
use super::format::{field, Reading};
use super::spec::Axis;
use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::params::ParamValues;
use crate::presets;
use crate::system::{Player, Variant};
use std::path::Path;

/// The most variants an experiment may hold.
pub const MAX_VARIANTS: usize = 10_000;

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
            // In i128: a range over the whole i64 line must not overflow.
            let span = to as i128 - from as i128;
            if step <= 0 || span < 0 || span / step as i128 >= 10_000 {
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
pub(super) enum AxisTarget {
    Scenario,
    /// One value inside the scenario, by its dotted path.
    ScenarioKey(Vec<String>),
    Rule(usize),
    RulesPreset,
    Strategy(Seat),
    Tuning(Seat, String),
}

impl Reading<'_> {
    /// The sweep axes, every value resolved and checked once.
    pub(super) fn axes(
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
                                    (preset.clone(), presets::preset_rules(system.name(), system.rule_specs(), preset, 0).map_err(|e| field(path, &at(), e))?)
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
    pub(super) fn variants(
        &self,
        axes: &[Axis],
        targets: &[AxisTarget],
        rules: &ParamValues,
        scenario: &toml::Table,
        scenario_file: Option<&Path>,
        players: &BySeat<Player>,
    ) -> Result<Vec<Variant>> {
        let (path, system) = (self.path, self.system);
        // Counted with overflow checks, and refused before anything is
        // allocated for them: five axes of 8,192 values overflow a usize.
        let count = axes
            .iter()
            .try_fold(1usize, |n, a| n.checked_mul(a.values.len()))
            .filter(|&n| n <= MAX_VARIANTS)
            .ok_or_else(|| {
                let sizes: Vec<String> = axes.iter().map(|a| a.values.len().to_string()).collect();
                field(
                    path,
                    "sweep",
                    format!(
                        "{} variants; at most {MAX_VARIANTS} (a grid multiplies its axes)",
                        sizes.join(" x ")
                    ),
                )
            })?;
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
            // A scenario field's error names the scenario's file, unless a
            // swept scenario replaced it.
            let own_scenario = scenario_file
                .filter(|_| !targets.iter().any(|t| matches!(t, AxisTarget::Scenario)));
            system.check(&variant).map_err(|e| {
                let e = match (own_scenario, e.kind()) {
                    (Some(file), ErrorKind::BadValue { name, .. })
                        if name.starts_with("scenario ") =>
                    {
                        Error::file(file, e)
                    }
                    _ => e,
                };
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
    pub(super) fn reference(
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
