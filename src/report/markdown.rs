//! `report.md`: the run's settings, games and forfeits, then for each
//! metric of interest its plot and table, the paired differences against
//! the reference, and its distribution where the summary has one.

use super::examples::Moved;
use super::plots::{
    axis_title, axis_unit, drop_mirror, layout, lines_of, render_histograms, varying_label,
    write_plot, Line, Plot,
};
use super::tables::Kept;
use crate::error::{Error, Result};
use crate::experiment::{Experiment, Games};
use crate::output::format::{digits, fixed, interval_text};
use crate::output::OutputDir;
use crate::stats::{t_quantile, CONFIDENCE};
use std::fmt::Write as _;

pub fn write_report(
    out: &mut OutputDir,
    experiment: &Experiment,
    outcomes: &[Kept],
    moved: &[Moved],
    verdict: Option<&str>,
    threads: usize,
) -> Result<()> {
    let mut md = String::new();
    settings(&mut md, out, experiment, threads);
    if let Some(verdict) = verdict {
        md.push_str(verdict);
    }
    games_played(&mut md, experiment, outcomes);
    forfeits(&mut md, experiment, outcomes);
    let _ = writeln!(
        md,
        "Intervals are 95%. A metric's interval treats the game as the independent unit (the rounds and turns of a game are not independent); a difference's interval is paired: game i of every variant is played from the same seeds, so it compares the same deals wherever the variants share a deck.\n"
    );
    for metric in &experiment.metrics {
        metric_section(&mut md, out, experiment, outcomes, metric)?;
        moved_most(&mut md, moved, metric);
    }
    let _ = writeln!(
        md,
        "## Files\n\n- `summary.csv`, `summary.parquet`: every statistic of every variant (`variant` and one column per swept axis first)\n- `metrics.csv`, `metrics.parquet`: every per-game series of every variant with its game-level interval{}\n- `run.toml`: this run, reproducible\n{}",
        if experiment.variants.len() > 1 {
            "\n- `differences.csv`, `differences.parquet`: every series against the reference, paired by game, with the paired and unpaired standard errors"
        } else {
            ""
        },
        if verdict.is_some() {
            "- `check.csv`, `check.parquet`: the balance check, one row per series of every variant against the baseline\n"
        } else {
            ""
        }
    );
    crate::output::write_text(out, "report.md", &md)
}

/// The title, how to run it again, and a table of its settings: system,
/// seed, games, players, rules changed, axes, reference and threads.
fn settings(md: &mut String, out: &OutputDir, experiment: &Experiment, threads: usize) {
    let system = experiment.system;
    let title = if experiment.name == "run" {
        format!("{} run", system.name())
    } else {
        experiment.name.clone()
    };
    let _ = writeln!(md, "# {title}\n");
    if !experiment.description.is_empty() {
        let _ = writeln!(md, "{}\n", experiment.description);
    }
    let _ = writeln!(
        md,
        "Run it again with `fortunes run {}`: the same tables, byte for byte, on any number of threads.\n",
        out.path().join("run.toml").display()
    );
    let _ = writeln!(md, "| setting | value |\n|---|---|");
    let _ = writeln!(md, "| system | {} ({}) |", system.name(), system.about());
    let _ = writeln!(md, "| seed | {} |", experiment.seed);
    match experiment.games {
        Games::Fixed(games) => {
            let _ = writeln!(md, "| games per variant | {games} |");
        }
        Games::Precision {
            half_width,
            max_games,
        } => {
            let _ = writeln!(
                md,
                "| precision target | 95% half-width <= {half_width} on every metric of interest, at most {max_games} games |"
            );
        }
    }
    for seat in crate::engine::Seat::BOTH {
        let player = &experiment.players[seat];
        let tuning: Vec<String> = player
            .tuning
            .to_toml()
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        let _ = writeln!(
            md,
            "| seat {} | {} (base {}{}) |",
            seat.name(),
            player.name,
            player.base,
            if tuning.is_empty() {
                String::new()
            } else {
                format!("; {}", tuning.join(", "))
            }
        );
    }
    let defaults = crate::params::ParamValues::defaults(system.name(), system.rule_specs());
    let changed: Vec<String> = experiment
        .rules
        .to_toml()
        .iter()
        .zip(defaults.to_toml().iter())
        .filter(|(a, b)| a.1 != b.1)
        .map(|((k, v), _)| format!("{k} = {v}"))
        .collect();
    let _ = writeln!(
        md,
        "| rules changed from the defaults | {} |",
        if changed.is_empty() {
            "none".to_string()
        } else {
            changed.join(", ")
        }
    );
    for axis in &experiment.axes {
        let _ = writeln!(md, "| swept: {} | {} |", axis.name, axis.labels.join(", "));
    }
    if experiment.variants.len() > 1 {
        let _ = writeln!(
            md,
            "| reference variant | {} |",
            experiment.variants[experiment.reference].label
        );
    }
    let _ = writeln!(
        md,
        "| threads | {threads} (results do not depend on it) |\n"
    );
}

/// Under a precision target, the games each variant played and whether it
/// met the target.
fn games_played(md: &mut String, experiment: &Experiment, outcomes: &[Kept]) {
    if let Games::Precision { half_width, .. } = experiment.games {
        let _ = writeln!(
            md,
            "## Games played\n\n| variant | games | target met |\n|---|---|---|"
        );
        for (variant, outcome) in experiment.variants.iter().zip(outcomes) {
            let met = match outcome.met {
                Some(true) => "yes",
                _ => "no",
            };
            let _ = writeln!(
                md,
                "| {} | {} | {met} (±{half_width}) |",
                variant.label, outcome.games
            );
        }
        let _ = writeln!(md);
    }
}

/// The games each seat's external agent forfeited, in a run with forfeits.
fn forfeits(md: &mut String, experiment: &Experiment, outcomes: &[Kept]) {
    if experiment.forfeit {
        let _ = writeln!(
            md,
            "## Forfeits\n\nGames a seat's external agent forfeited (it failed), left out of every figure below and of every paired difference.\n\n| variant | seat | forfeited | of games | share (95% interval) |\n|---|---|---|---|---|"
        );
        for (variant, outcome) in experiment.variants.iter().zip(outcomes) {
            for row in outcome
                .rows
                .iter()
                .filter(|r| r.metric == crate::system::metric::FORFEITS.name)
            {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} | {} {} |",
                    variant.label,
                    row.seat,
                    row.count,
                    row.n,
                    crate::output::number(row.value),
                    crate::output::interval_text(row.ci_low, row.ci_high, crate::output::number)
                );
            }
        }
        let _ = writeln!(md);
    }
}

/// One metric of interest: its values (a plot over the swept axis and a
/// table), the paired differences against the reference, and its
/// distribution where the summary has one.
fn metric_section(
    md: &mut String,
    out: &mut OutputDir,
    experiment: &Experiment,
    outcomes: &[Kept],
    metric: &str,
) -> Result<()> {
    let system = experiment.system;
    let series = system.series();
    let _ = writeln!(md, "## {metric}\n");
    let indices: Vec<usize> = (0..series.len())
        .filter(|&s| series[s].metric == metric)
        .collect();
    let unit = axis_unit(&series[indices[0]], &system.metrics());
    let note = games_note(experiment, outcomes);
    if !experiment.axes.is_empty() {
        let (_, _, categories) = layout(experiment);
        let point = |v: usize, s: usize| {
            let (low, high) = outcomes[v].interval(s, series[s].kind);
            Some((outcomes[v].series(s).value(), low, high))
        };
        let mut lines = lines_of(experiment, metric, &point);
        let mirror = drop_mirror(&mut lines, false);
        let plot = Plot {
            title: format!(
                "{} by {}{}",
                metric.replace('_', " "),
                axis_title(&experiment.axes[0].name),
                if mirror { " (seat b: 1 - seat a)" } else { "" }
            ),
            x_label: axis_title(&experiment.axes[0].name),
            y_label: unit.clone(),
            categories: categories.as_deref(),
            joined: true,
            lines,
            zero_line: false,
            reference_line: mirror.then_some(0.5),
            note: note.clone(),
        };
        let file = format!("{metric}.svg");
        write_plot(out, &file, &plot)?;
        let _ = writeln!(md, "![{metric} by {}]({file})\n", experiment.axes[0].name);
    }
    let _ = writeln!(
        md,
        "| variant | series | value | 95% interval | games |\n|---|---|---|---|---|"
    );
    for (v, variant) in experiment.variants.iter().enumerate() {
        for &s in &indices {
            let sums = &outcomes[v].series(s);
            let (low, high) = outcomes[v].interval(s, series[s].kind);
            let d = digits(outcomes[v].half_width(s, series[s].kind));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} |",
                variant.label,
                series[s].label(),
                fixed(sums.value(), d),
                interval_text(low, high, |x| fixed(x, d)),
                sums.n
            );
        }
    }
    let _ = writeln!(md);
    if experiment.variants.len() > 1 {
        differences(
            md, out, experiment, outcomes, metric, &indices, &unit, &note,
        )?;
    }
    distribution(md, out, experiment, outcomes, metric, &note)
}

/// A metric's paired differences against the reference: a plot over the
/// swept axis, and a table beside the unpaired interval the same games
/// would give.
#[allow(clippy::too_many_arguments)]
fn differences(
    md: &mut String,
    out: &mut OutputDir,
    experiment: &Experiment,
    outcomes: &[Kept],
    metric: &str,
    indices: &[usize],
    unit: &str,
    note: &str,
) -> Result<()> {
    let series = experiment.system.series();
    let reference = &varying_label(experiment, experiment.reference);
    let point = |v: usize, s: usize| {
        if v == experiment.reference {
            return Some((0.0, f64::NAN, f64::NAN));
        }
        let d = outcomes[v].difference(s, series[s].kind);
        Some((d.value, d.ci_low, d.ci_high))
    };
    if !experiment.axes.is_empty() {
        let (_, _, categories) = layout(experiment);
        let mut lines = lines_of(experiment, metric, &point);
        let mirror = drop_mirror(&mut lines, true);
        let plot = Plot {
            title: format!(
                "{} minus the reference ({reference}){}",
                metric.replace('_', " "),
                if mirror {
                    ", seat a (seat b: its negative)"
                } else {
                    ""
                }
            ),
            x_label: axis_title(&experiment.axes[0].name),
            y_label: format!("difference in {unit}"),
            categories: categories.as_deref(),
            joined: true,
            lines,
            zero_line: true,
            reference_line: None,
            note: format!("{note}; paired by game"),
        };
        let file = format!("{metric}-difference.svg");
        write_plot(out, &file, &plot)?;
        let _ = writeln!(md, "Against the reference variant ({reference}), paired by game:\n\n![{metric} difference]({file})\n");
    }
    let _ = writeln!(md, "| variant | series | difference | 95% interval (paired) | unpaired interval would be |\n|---|---|---|---|---|");
    for (v, variant) in experiment.variants.iter().enumerate() {
        if v == experiment.reference {
            continue;
        }
        for &s in indices {
            let d = outcomes[v].difference(s, series[s].kind);
            let digits = digits((d.ci_high - d.ci_low) / 2.0);
            // The quantile the paired interval used (read from it
            // when the difference has no spread at all).
            let z = t_quantile(d.games.max(2) - 1, 0.5 + CONFIDENCE / 2.0);
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | ±{} |",
                variant.label,
                series[s].label(),
                fixed(d.value, digits),
                interval_text(d.ci_low, d.ci_high, |x| fixed(x, digits)),
                fixed(z * d.unpaired_se, digits),
            );
        }
    }
    let _ = writeln!(md);
    Ok(())
}

/// A metric's distribution, where the summary has its share rows: one
/// panel of bars per variant.
fn distribution(
    md: &mut String,
    out: &mut OutputDir,
    experiment: &Experiment,
    outcomes: &[Kept],
    metric: &str,
    note: &str,
) -> Result<()> {
    let system = experiment.system;
    // The metric's distribution, where the summary has one.
    let share = format!("{metric}_share");
    let has_share = outcomes[0].rows.iter().any(|r| r.metric == share);
    if has_share {
        let seat = outcomes[0]
            .rows
            .iter()
            .find(|r| r.metric == share)
            .map(|r| r.seat)
            .unwrap_or("all");
        let mut lines = Vec::new();
        for (v, outcome) in outcomes.iter().enumerate() {
            let points: Vec<(f64, f64, f64, f64)> = outcome
                .rows
                .iter()
                .filter(|r| r.metric == share && r.seat == seat)
                .filter_map(|r| Some((r.level.parse::<f64>().ok()?, r.value, r.ci_low, r.ci_high)))
                .collect();
            if !points.is_empty() {
                lines.push(Line {
                    name: varying_label(experiment, v),
                    points,
                });
            }
        }
        if !lines.is_empty() {
            let by = outcomes[0]
                .rows
                .iter()
                .find(|r| r.metric == share)
                .map_or("value", |r| r.by);
            let _ = by;
            let x_label = match system.metrics().iter().find(|m| m.name == metric) {
                Some(m) => format!("{} ({})", metric.replace('_', " "), m.unit),
                None => by.replace('_', " "),
            };
            let plot = Plot {
                title: format!("distribution of {} (seat {seat})", metric.replace('_', " ")),
                x_label,
                y_label: "share of observations".into(),
                categories: None,
                joined: true,
                lines,
                zero_line: false,
                reference_line: None,
                note: note.to_string(),
            };
            let file = format!("{metric}-histogram.svg");
            let svg =
                render_histograms(&plot).map_err(|e| Error::output(out.path().join(&file), e))?;
            crate::output::write_text(out, &file, &svg)?;
            let _ = writeln!(md, "Its distribution (the `{share}` rows of summary.csv):\n\n![{metric} distribution]({file})\n");
        }
    }
    Ok(())
}

/// The line under a plot: the games behind every point and what the bars
/// are.
fn games_note(experiment: &Experiment, outcomes: &[Kept]) -> String {
    let games: Vec<u64> = outcomes.iter().map(|o| o.games).collect();
    let (least, most) = (
        games.iter().copied().min().unwrap_or(0),
        games.iter().copied().max().unwrap_or(0),
    );
    let played = if least == most {
        format!("{least} games a variant")
    } else {
        format!("{least} to {most} games a variant")
    };
    format!(
        "{played}, seed {}; bars: 95% intervals with the game as the unit",
        experiment.seed
    )
}

/// The games whose figure moved most against the reference, each with the
/// paired replay that shows where the two part.
fn moved_most(md: &mut String, moved: &[Moved], metric: &str) {
    let mut rows = moved.iter().filter(|m| m.metric == metric).peekable();
    let Some(first) = rows.peek() else {
        return;
    };
    let _ = writeln!(
        md,
        "Games that moved most (the first {} games of each variant against the same games of the reference; replay one to see where the two part):\n\n| variant | game | series | reference | variant's | replay |\n|---|---|---|---|---|---|",
        first.pool
    );
    for m in rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | `{}` |",
            m.variant,
            m.game,
            m.series,
            crate::output::number(m.reference),
            crate::output::number(m.value),
            m.command
        );
    }
    let _ = writeln!(md);
}
