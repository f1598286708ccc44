//! The answer to a question: the share of games (or rounds, or turns)
//! where an expression holds, or a mean, overall or by group, each with
//! its interval at the game level.

use super::expression::Expression;
use super::records::{Records, Type, Values};
use crate::error::{Error, ErrorKind, Result};
use crate::stats::{t_quantile, Rate, CONFIDENCE};

/// Per-game sums of a group: a ratio estimate with the game as the unit.
#[derive(Clone, Copy, Debug, Default)]
struct Clustered {
    games: u64,
    rows: u64,
    y: f64,
    x: f64,
    yy: f64,
    xx: f64,
    xy: f64,
    /// The game being gathered.
    current: Option<(u64, f64, f64)>,
    /// Every game held one row: the plain proportion interval applies.
    one_row_games: bool,
}

impl Clustered {
    fn new() -> Clustered {
        Clustered {
            one_row_games: true,
            ..Clustered::default()
        }
    }

    fn add(&mut self, game: u64, y: f64, x: f64) {
        self.rows += 1;
        match &mut self.current {
            Some((g, gy, gx)) if *g == game => {
                *gy += y;
                *gx += x;
                self.one_row_games = false;
            }
            _ => {
                self.flush();
                self.current = Some((game, y, x));
            }
        }
    }

    fn flush(&mut self) {
        if let Some((_, y, x)) = self.current.take() {
            self.games += 1;
            self.y += y;
            self.x += x;
            self.yy += y * y;
            self.xx += x * x;
            self.xy += x * y;
        }
    }

    fn value(&self) -> f64 {
        self.y / self.x
    }

    /// The game-level interval; for a share (`proportion`) that matched
    /// no record or every record, Wilson's bound over the effective number
    /// of games, as the summary tables give (`SeriesSums::interval`).
    fn interval(&self, proportion: bool) -> (f64, f64) {
        let r = self.value();
        if self.games < 2 || self.x == 0.0 {
            return (f64::NAN, f64::NAN);
        }
        if proportion && (self.y == 0.0 || self.y == self.x) {
            let rare = crate::stats::no_event_bound(self.x * self.x / self.xx, CONFIDENCE);
            return if self.y == 0.0 {
                (0.0, rare)
            } else {
                (1.0 - rare, 1.0)
            };
        }
        let n = self.games as f64;
        let x_bar = self.x / n;
        let residual = (self.yy - 2.0 * r * self.xy + r * r * self.xx).max(0.0);
        let se = (residual / (n - 1.0) / n).sqrt() / x_bar;
        let t = t_quantile(self.games - 1, 0.5 + CONFIDENCE / 2.0);
        (r - t * se, r + t * se)
    }
}

/// The answer for one group.
pub struct Answer {
    pub group: Vec<String>,
    pub records: u64,
    pub games: u64,
    /// Records where the filter holds: counted (a proportion) or averaged
    /// over (a mean).
    pub matched: u64,
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// `record` or `game`: what the interval treats as independent.
    pub unit: &'static str,
    /// The first games (indices, in the file's order) with a record where
    /// the filter holds, at most as many as asked for.
    pub examples: Vec<u64>,
}

/// Answers a question: the proportion of records where `filter` holds, or
/// (with `mean`) the mean of an expression over them, per group (the
/// `variant` column when there is one, then `by`), with the first
/// `examples` games of each group where the filter holds.
pub fn ask(
    records: &mut Records,
    filter: Option<&str>,
    mean: Option<&str>,
    by: Option<&str>,
    examples: usize,
) -> Result<(Vec<String>, Vec<Answer>)> {
    let mut filter = filter
        .map(|f| Expression::compile(f, records, Some(Type::Bool)))
        .transpose()?;
    let mut mean = mean
        .map(|m| Expression::compile(m, records, Some(Type::Num)))
        .transpose()?;
    if filter.is_none() && mean.is_none() {
        return Err(Error::new(ErrorKind::BadArgument(
            "ask needs an expression to count, or --mean EXPR".into(),
        )));
    }
    if let Some(by) = by {
        if records.index(by).is_none() {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "unknown column {by:?} for --by; columns: {}",
                records.describe_columns()
            ))));
        }
    }
    // Only the columns the question names are read.
    let mut needed: Vec<String> = ["game", "variant"]
        .iter()
        .filter(|c| records.index(c).is_some())
        .map(|c| c.to_string())
        .chain(by.map(String::from))
        .chain(filter.iter().flat_map(|f| f.column_names(records)))
        .chain(mean.iter().flat_map(|m| m.column_names(records)))
        .collect();
    needed.sort();
    needed.dedup();
    records.load(&needed)?;
    for expression in filter.iter_mut().chain(mean.iter_mut()) {
        expression.bind(records)?;
    }
    let games: Vec<u64> = match records.index("game") {
        Some(i) => match records.values(i)? {
            Values::Num(v) => v.iter().map(|&g| g as u64).collect(),
            _ => (0..records.len() as u64).collect(),
        },
        None => (0..records.len() as u64).collect(),
    };
    let mut group_names = Vec::new();
    let mut keys: Vec<(Vec<u32>, Vec<String>)> = Vec::new();
    if records.index("variant").is_some() {
        group_names.push("variant".to_string());
        keys.push(records.codes("variant")?);
    }
    if let Some(by) = by {
        group_names.push(by.to_string());
        keys.push(records.codes(by)?);
    }
    // Groups by their codes: no text is built per row.
    let mut slots: std::collections::HashMap<[u32; 2], usize> = Default::default();
    let mut sums: Vec<([u32; 2], Clustered, Vec<u64>)> = Vec::new();
    for row in 0..records.len() {
        // Ctrl-C is honoured here too: millions of records take a while.
        if row % 65_536 == 0 {
            crate::cancel::check()?;
        }
        let mut key = [0u32; 2];
        for (slot, (codes, _)) in key.iter_mut().zip(&keys) {
            *slot = codes[row];
        }
        let holds = filter.as_ref().is_none_or(|f| f.holds(row));
        let (y, x) = match &mean {
            Some(m) if holds => (m.value(row), 1.0),
            Some(_) => (0.0, 0.0),
            None => (holds as u8 as f64, 1.0),
        };
        let slot = *slots.entry(key).or_insert_with(|| {
            sums.push((key, Clustered::new(), Vec::new()));
            sums.len() - 1
        });
        let (_, clustered, found) = &mut sums[slot];
        clustered.add(games[row], y, x);
        let example = filter.is_some() && holds && found.len() < examples;
        if example && found.last() != Some(&games[row]) {
            found.push(games[row]);
        }
    }
    let groups = sums.into_iter().map(|(key, sums, found)| {
        let labels: Vec<String> = keys
            .iter()
            .zip(key)
            .map(|((_, names), code)| names[code as usize].clone())
            .collect();
        (labels, sums, found)
    });
    let mut answers: Vec<Answer> = groups
        .into_iter()
        .map(|(group, mut sums, examples)| {
            sums.flush();
            let (ci_low, ci_high, unit) = if mean.is_none() && sums.one_row_games {
                let (low, high) = Rate::new(sums.y as u64, sums.x as u64).wilson(CONFIDENCE);
                (low, high, "record")
            } else {
                let (low, high) = sums.interval(mean.is_none());
                (low, high, "game")
            };
            Answer {
                group,
                records: sums.rows,
                games: sums.games,
                matched: if mean.is_some() { sums.x } else { sums.y } as u64,
                value: sums.value(),
                ci_low,
                ci_high,
                unit,
                examples,
            }
        })
        .collect();
    answers.sort_by(|a, b| {
        a.group
            .iter()
            .zip(&b.group)
            .map(|(x, y)| match (x.parse::<f64>(), y.parse::<f64>()) {
                (Ok(x), Ok(y)) => x.total_cmp(&y),
                _ => x.cmp(y),
            })
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok((group_names, answers))
}

/// The answers as an aligned table.
pub fn format_answers(group_names: &[String], answers: &[Answer], is_mean: bool) -> String {
    let mut header: Vec<String> = group_names.to_vec();
    header.extend(
        [
            "records",
            if is_mean { "averaged" } else { "holds" },
            if is_mean { "mean" } else { "share" },
            "95% CI",
            "unit",
        ]
        .map(String::from),
    );
    let mut lines = vec![header];
    for a in answers {
        let mut line = a.group.clone();
        line.extend([
            a.records.to_string(),
            a.matched.to_string(),
            crate::output::number(a.value),
            crate::output::interval_text(a.ci_low, a.ci_high, crate::output::number),
            a.unit.to_string(),
        ]);
        lines.push(line);
    }
    crate::output::align(&lines, group_names.len())
}
