//! A search's answer as a person reads it: the candidates' table and the
//! words under it on stdout, and with `--out` the tables, the plots of
//! the candidates and of where the games went, and `report.md`.

use super::{Candidate, Dropped, Goal, Tuned};
use crate::error::Result;
use crate::output::{interval_text, number, write_table, OutputDir, Table, TableColumn};
use crate::report::write_points;
use crate::system::System;
use std::path::Path;

/// The search's answer, as a table, words, files and a report.
pub struct Answer<'a> {
    pub tuned: &'a Tuned,
    pub system: &'a dyn System,
    pub seed: u64,
}

impl Answer<'_> {
    fn label(&self, series: usize) -> String {
        self.system.series()[series].label()
    }

    fn interval(&self, c: &Candidate) -> (f64, f64) {
        let kind = self.system.series()[self.tuned.series].kind;
        c.sums.interval(kind, c.fixed, self.tuned.confidence)
    }

    fn constraint_interval(&self, c: &Candidate) -> Option<(f64, f64)> {
        let constraint = self.tuned.constraint?;
        let kind = self.system.series()[constraint.series].kind;
        Some(
            c.constraint_sums
                .interval(kind, c.constraint_fixed, self.tuned.confidence),
        )
    }

    fn status(c: &Candidate) -> String {
        match c.dropped {
            None => "yes".into(),
            Some(Dropped::Bisected) => {
                "dropped by the bisection (outside the crossing's bracket)".into()
            }
            Some(d) => format!("dropped in round {} ({})", d.round(), d.reason()),
        }
    }

    /// The stdout table: a column per axis, then the figures.
    pub fn table(&self) -> String {
        let t = self.tuned;
        let mut header: Vec<String> = t.axes.clone();
        header.extend([
            "games".into(),
            self.label(t.series),
            format!("{:.4}% CI (simultaneous)", 100.0 * t.confidence),
        ]);
        if let Some(constraint) = t.constraint {
            header.extend([
                format!("{} ({})", self.label(constraint.series), constraint.bound),
                "CI".into(),
            ]);
        }
        header.push("standing".into());
        let mut lines = vec![header];
        for c in &t.candidates {
            let (low, high) = self.interval(c);
            let mut line: Vec<String> = c.axes.clone();
            line.extend([
                c.sums.n.to_string(),
                number(c.sums.value()),
                interval_text(low, high, number),
            ]);
            if let Some((low, high)) = self.constraint_interval(c) {
                line.extend([
                    number(c.constraint_sums.value()),
                    interval_text(low, high, number),
                ]);
            }
            line.push(Self::status(c));
            lines.push(line);
        }
        crate::output::align(&lines, self.tuned.axes.len())
    }

    /// The answer in words.
    pub fn summary(&self) -> String {
        let t = self.tuned;
        let standing: Vec<String> = t.standing().map(|c| c.label.clone()).collect();
        let aim = match t.goal {
            Goal::Target(x) => format!("closest to {x}"),
            Goal::Maximize => "the largest".into(),
            Goal::Minimize => "the smallest".into(),
        };
        let under = match t.constraint {
            Some(c) => format!(" with {} {}", self.label(c.series), c.bound),
            None => String::new(),
        };
        let mut text = format!(
            "{}{under}: {} ({} round(s), {} games in all; a grid giving every candidate the most games any had: {})\n",
            if standing.len() == 1 {
                format!("the candidate {aim}")
            } else {
                format!("the candidates {aim}, which cannot be told apart")
            },
            standing.join(", "),
            t.rounds,
            t.games,
            t.grid_games()
        );
        text.push_str(&format!(
            "a candidate is dropped when its interval shows it worse than another's{}; the intervals are simultaneous over every candidate{} and round ({:.5} each), so the best candidate is left standing at least 95% of the time\n",
            if t.constraint.is_some() {
                " that surely meets the constraint, or shows it missing the constraint"
            } else {
                ""
            },
            if t.constraint.is_some() { ", both metrics" } else { "" },
            t.confidence
        ));
        if let Some(bound) = t.space_bound {
            text.push_str(&format!(
                "the space holds up to {bound} points (the product of its ranges), too many to count; these {} are a uniform sample of those that keep the total, drawn from the seed, so the answer is the best of the sample\n",
                t.candidates.len()
            ));
        }
        if let Some(points) = t.space {
            if points > t.candidates.len() as u64 {
                text.push_str(&format!(
                    "the space holds {points} points; these {} are a uniform sample of it drawn from the seed, so the answer is the best of the sample\n",
                    t.candidates.len()
                ));
            }
        }
        let halved = t
            .candidates
            .iter()
            .filter(|c| matches!(c.dropped, Some(Dropped::Halved(_))))
            .count();
        let bisected: Vec<&Candidate> = t
            .candidates
            .iter()
            .filter(|c| c.dropped == Some(Dropped::Bisected))
            .collect();
        if !bisected.is_empty() {
            text.push_str(&format!(
                "--monotone: {} value(s) ruled out by bisection toward the target ({} never played), the metric taken to move one way only; the bisection's decisions took half the error rate, the race the other half\n",
                bisected.len(),
                bisected.iter().filter(|c| c.sums.n == 0).count()
            ));
        }
        if halved > 0 {
            text.push_str(&format!(
                "{halved} candidate(s) were halved out by estimate, not by interval, while more than {} stood (successive halving): the 95% holds over the candidates the halving kept\n",
                super::HALVED_TO
            ));
        }
        if let Some(c) = t.constraint {
            let undecided = t
                .standing()
                .filter(|cand| {
                    let (low, high) = self.constraint_interval(cand).expect("constrained");
                    c.bound.judge(low, high).is_none()
                })
                .count();
            if undecided > 0 {
                text.push_str(&format!(
                    "{undecided} standing candidate(s) may still miss the constraint: their intervals straddle it\n"
                ));
            }
        }
        for (value, reason) in &t.refused {
            // A point of several counts is labelled with every name.
            match t.axes.as_slice() {
                [one] => text.push_str(&format!("not tried: {one} = {value} ({reason})\n")),
                _ => text.push_str(&format!("not tried: {value} ({reason})\n")),
            }
        }
        text
    }

    pub fn write(&self, dir: &mut OutputDir) -> Result<()> {
        let t = self.tuned;
        let series = self.system.series();
        let n = t.candidates.len();
        let intervals: Vec<(f64, f64)> = t.candidates.iter().map(|c| self.interval(c)).collect();
        let mut columns = vec![(
            "variant".to_string(),
            TableColumn::Text(t.candidates.iter().map(|c| c.label.clone()).collect()),
        )];
        for (i, axis) in t.axes.iter().enumerate() {
            let values: Vec<&String> = t.candidates.iter().map(|c| &c.axes[i]).collect();
            let column = match values
                .iter()
                .map(|v| v.parse::<i64>())
                .collect::<std::result::Result<Vec<i64>, _>>()
            {
                Ok(ints) => TableColumn::Int(ints),
                Err(_) => TableColumn::Text(values.into_iter().cloned().collect()),
            };
            columns.push((crate::output::column_name(axis), column));
        }
        columns.extend([
            (
                "metric".into(),
                TableColumn::Text(vec![series[t.series].metric.to_string(); n]),
            ),
            (
                "seat".into(),
                TableColumn::Text(vec![series[t.series].seat.to_string(); n]),
            ),
            (
                "games".into(),
                TableColumn::Int(t.candidates.iter().map(|c| c.sums.n as i64).collect()),
            ),
            (
                "value".into(),
                TableColumn::Float(t.candidates.iter().map(|c| c.sums.value()).collect()),
            ),
            (
                "ci_low".into(),
                TableColumn::Float(intervals.iter().map(|i| i.0).collect()),
            ),
            (
                "ci_high".into(),
                TableColumn::Float(intervals.iter().map(|i| i.1).collect()),
            ),
        ]);
        if let Some(constraint) = t.constraint {
            let bounds: Vec<(f64, f64)> = t
                .candidates
                .iter()
                .map(|c| self.constraint_interval(c).expect("constrained"))
                .collect();
            columns.extend([
                (
                    "constraint".into(),
                    TableColumn::Text(vec![
                        format!(
                            "{}:{} {}",
                            series[constraint.series].metric,
                            series[constraint.series].seat,
                            constraint.bound
                        );
                        n
                    ]),
                ),
                (
                    "constraint_value".into(),
                    TableColumn::Float(
                        t.candidates
                            .iter()
                            .map(|c| c.constraint_sums.value())
                            .collect(),
                    ),
                ),
                (
                    "constraint_ci_low".into(),
                    TableColumn::Float(bounds.iter().map(|i| i.0).collect()),
                ),
                (
                    "constraint_ci_high".into(),
                    TableColumn::Float(bounds.iter().map(|i| i.1).collect()),
                ),
            ]);
        }
        columns.extend([
            (
                "confidence".into(),
                TableColumn::Float(vec![t.confidence; n]),
            ),
            (
                "dropped_in_round".into(),
                TableColumn::Int(
                    t.candidates
                        .iter()
                        .map(|c| c.dropped.map_or(0, |d| i64::from(d.round())))
                        .collect(),
                ),
            ),
            (
                "dropped_because".into(),
                TableColumn::Text(
                    t.candidates
                        .iter()
                        .map(|c| c.dropped.map_or("", |d| d.reason()).to_string())
                        .collect(),
                ),
            ),
        ]);
        write_table(dir, "tune", &Table { columns })?;
        // One integer axis: its values on a numeric x axis; else one
        // category a candidate.
        let numeric = t.candidates.iter().all(|c| c.value().is_some());
        let x = |i: usize, c: &Candidate| match numeric {
            true => c.value().expect("numeric") as f64,
            false => i as f64,
        };
        // A candidate's values alone: the axis title names them.
        let categories =
            (!numeric).then(|| t.candidates.iter().map(|c| c.axes.join(", ")).collect());
        let x_label = match numeric {
            true => t.axes[0].replace('_', " "),
            false => t.axes.join(", "),
        };
        let (mut standing, mut worse, mut infeasible) = (Vec::new(), Vec::new(), Vec::new());
        let (mut kept, mut dropped) = (Vec::new(), Vec::new());
        for (i, (c, &(low, high))) in t.candidates.iter().zip(&intervals).enumerate() {
            let point = (x(i, c), c.sums.value(), low, high);
            let games = (x(i, c), c.sums.n as f64, f64::NAN, f64::NAN);
            // A value a bisection ruled out unplayed has no estimate to
            // draw; the games plot shows its zero.
            if c.sums.n == 0 {
                dropped.push(games);
                continue;
            }
            match c.dropped {
                None => {
                    standing.push(point);
                    kept.push(games);
                }
                Some(Dropped::Worse(_) | Dropped::Halved(_) | Dropped::Bisected) => {
                    worse.push(point);
                    dropped.push(games);
                }
                Some(Dropped::Infeasible(_)) => {
                    infeasible.push(point);
                    dropped.push(games);
                }
            }
        }
        let caption = format!(
            "{} round{}, {} games in all, seed {}; bars: the simultaneous intervals the race used ({:.4}% each), the game as the unit",
            t.rounds,
            if t.rounds == 1 { "" } else { "s" },
            t.games,
            self.seed,
            100.0 * t.confidence
        );
        write_points(
            dir,
            "tune.svg",
            format!("{} by {} (tune)", self.label(t.series), x_label),
            x_label.clone(),
            self.label(t.series),
            vec![
                ("standing".into(), standing),
                ("dropped: worse".into(), worse),
                ("dropped: misses the constraint".into(), infeasible),
            ],
            match t.goal {
                Goal::Target(x) => Some(x),
                _ => None,
            },
            caption,
            categories.clone(),
        )?;
        write_points(
            dir,
            "tune-games.svg",
            format!("Where the games went (tune, {} in all)", t.games),
            x_label,
            "games played".into(),
            vec![("standing".into(), kept), ("dropped".into(), dropped)],
            // From zero: the games are counts.
            Some(0.0),
            format!(
                "each round plays twice the games of the one before, for the candidates still standing; a grid giving every candidate the most any had: {} games",
                t.grid_games()
            ),
            categories,
        )?;
        Ok(())
    }

    /// report.md: the question, the answer, the table, the plots, and how
    /// to reproduce it.
    pub fn report(&self, run_toml: &Path, target: &str) -> String {
        let t = self.tuned;
        let mut text = format!(
            "# tune: {} of {}\n\nSearched: {} ({} candidates) from `{target}`, seed {}.\n\n",
            self.label(t.series),
            self.system.name(),
            t.axes.join(" x "),
            t.candidates.len(),
            self.seed
        );
        text.push_str(&format!(
            "Reproduce: `fortunes tune {}` (the same tables, byte for byte, on any number of threads).\n\n",
            run_toml.display()
        ));
        text.push_str("## Answer\n\n");
        text.push_str(&self.summary());
        text.push_str("\n## Every candidate\n\n```\n");
        text.push_str(&self.table());
        text.push_str("```\n\n![estimates](tune.svg)\n\n![games](tune-games.svg)\n");
        text
    }
}
