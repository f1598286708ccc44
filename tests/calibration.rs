//! Intervals that say what they mean, for every registered system: over
//! many seeds, the spread of each estimate must match the standard error
//! its interval reports (the spread's standard deviation against the
//! median reported one, within [0.8, 1.25]), for every summary row that
//! varies (the printed and written interval) and for every paired
//! difference. An interval that treated rounds or turns as independent
//! reads 0.6 or 2.5 here; one that covers reads 1.
//!
//! `FORTUNES_CALIBRATION_SEEDS=200 cargo test --release --test calibration
//! -- --nocapture` prints the whole table (docs/experiments.md).

use fortunes::stats::{normal_quantile, Kind, CONFIDENCE};
use fortunes::system::{Plan, Stop, System, VariantOutcome};
use fortunes::systems::SYSTEMS;
use std::collections::BTreeMap;
mod common;
use common::{cheap, variant};

/// Seeds per system: enough that the spread's own error (about
/// 1/sqrt(2 x seeds), 5% at 200) is far inside the tolerance.
fn seeds() -> u64 {
    std::env::var("FORTUNES_CALIBRATION_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

/// Games per run: small, but enough clusters for the interval.
fn games(system: &dyn System) -> u64 {
    (4 * system.batch()).clamp(256, 1024)
}

/// One figure's estimate and reported standard error in each seed's run.
#[derive(Default)]
struct Spread {
    values: Vec<f64>,
    errors: Vec<f64>,
    /// The fewest events (or non-events) any run had: below a few dozen
    /// the estimate is far from normal and no interval of this kind is
    /// calibrated.
    fewest: u64,
    zero_width: bool,
}

impl Spread {
    fn push(&mut self, value: f64, (low, high): (f64, f64), events: u64) {
        let z = normal_quantile(0.5 + CONFIDENCE / 2.0);
        if self.values.is_empty() {
            self.fewest = u64::MAX;
        }
        self.values.push(value);
        self.errors.push((high - low) / (2.0 * z));
        self.fewest = self.fewest.min(events);
        self.zero_width |= high == low;
    }

    /// Sample standard deviation of the estimates over the median reported
    /// standard error; None when the row does not vary or is too rare.
    fn ratio(&self, seeds: usize) -> Option<f64> {
        if self.values.len() < seeds || self.fewest < 40 || self.zero_width {
            return None;
        }
        let n = self.values.len() as f64;
        let mean = self.values.iter().sum::<f64>() / n;
        let var = self.values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let mut errors = self.errors.clone();
        errors.sort_by(f64::total_cmp);
        let median = errors[errors.len() / 2];
        (median > 0.0 && median.is_finite()).then(|| var.sqrt() / median)
    }
}

#[test]
fn every_interval_matches_the_spread_of_its_estimate_over_seeds() {
    let seeds = seeds();
    let mut lines = Vec::new();
    let mut failures = Vec::new();
    for &system in SYSTEMS {
        let [x, y] = cheap(system);
        let variants = [variant(system, x, y), variant(system, y, y)];
        let mut rows: BTreeMap<String, Spread> = BTreeMap::new();
        let mut paired: BTreeMap<String, Spread> = BTreeMap::new();
        let series = system.series();
        for seed in 1..=seeds {
            let plan = Plan {
                seed: seed * 7919,
                threads: 2,
                stop: Stop::Games(games(system)),
                reference: 0,
                watched: Vec::new(),
                first_game: 0,
                shard: None,
                forfeit: false,
            };
            let outcomes: Vec<VariantOutcome> = system.run(&variants, &plan, None, None).unwrap();
            let labelled = outcomes
                .iter()
                .zip(&variants)
                .flat_map(|(o, v)| o.rows.iter().map(move |row| (&v.label, row)));
            for (label, row) in labelled {
                let key = format!(
                    "{label}: {} {} {} {}",
                    row.metric, row.seat, row.by, row.level
                );
                let events = match row.kind {
                    Kind::Rate => row.count.min(row.n - row.count),
                    Kind::Mean => row.count.min(row.n),
                };
                rows.entry(key)
                    .or_default()
                    .push(row.value, (row.ci_low, row.ci_high), events);
            }
            for (s, pair) in outcomes[1].paired.iter().enumerate() {
                let d = pair.difference(CONFIDENCE);
                let events = [pair.variant, pair.reference]
                    .iter()
                    .map(|sums| {
                        let y = sums.y as u64;
                        match series[s].kind {
                            Kind::Rate => y.min(sums.x as u64 - y),
                            Kind::Mean => y,
                        }
                    })
                    .min()
                    .unwrap_or(0);
                paired.entry(series[s].label()).or_default().push(
                    d.value,
                    (d.ci_low, d.ci_high),
                    events,
                );
            }
        }
        let mut tested = 0;
        for (what, spreads) in [("row", &rows), ("paired", &paired)] {
            for (key, spread) in spreads {
                let Some(ratio) = spread.ratio(seeds as usize) else {
                    continue;
                };
                tested += 1;
                let line = format!("{:<9} {what:<6} {key:<60} {ratio:.3}", system.name());
                if !(0.8..=1.25).contains(&ratio) {
                    failures.push(line.clone());
                }
                lines.push(line);
            }
        }
        assert!(
            tested >= 10,
            "{}: only {tested} figures vary enough to test",
            system.name()
        );
    }
    println!("system    kind   figure{:55}spread / reported SE", "");
    for line in &lines {
        println!("{line}");
    }
    assert!(
        failures.is_empty(),
        "intervals whose width does not match the spread of their estimate \
         (spread / reported standard error outside [0.8, 1.25]):\n{}",
        failures.join("\n")
    );
}
