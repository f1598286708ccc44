//! Intervals that say what they mean, for every registered system: over
//! many seeds, the spread of each estimate must match the standard error
//! its interval reports (the spread's standard deviation against the
//! median reported one, within [0.8, 1.25]), for every summary row that
//! varies (the printed and written interval) and for every paired
//! difference. An interval that treated rounds or turns as independent
//! reads 0.6 or 2.5 here; one that covers reads 1.
//!
//! `FORTUNES_CALIBRATION_SEEDS=200 cargo test --release --test tests calibration
//! -- --nocapture` prints the whole table (docs/experiments.md).

use crate::common;
use common::{cheap, variant};
use fortunes::stats::{cluster_size, t_quantile, Kind, CONFIDENCE};
use fortunes::system::{Plan, Stop, System, VariantOutcome};
use fortunes::systems::SYSTEMS;
use std::collections::BTreeMap;

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
    /// One run's figure; `units` the independent units its interval's
    /// t quantile counted (games, or clusters of games), so that the
    /// reported standard error is the half width over that quantile.
    fn push(&mut self, value: f64, (low, high): (f64, f64), events: u64, units: u64) {
        let t = t_quantile(units.max(2) - 1, 0.5 + CONFIDENCE / 2.0);
        if self.values.is_empty() {
            self.fewest = u64::MAX;
        }
        self.values.push(value);
        self.errors.push((high - low) / (2.0 * t));
        self.fewest = self.fewest.min(events);
        self.zero_width |= high == low;
    }

    /// Sample standard deviation of the estimates over the median reported
    /// standard error; None when the row does not vary or is too rare.
    fn ratio(&self, seeds: usize) -> Option<f64> {
        if self.values.len() < seeds || self.fewest < 40 || self.zero_width {
            return None;
        }
        // A figure that came out the same in many seeds (a count that
        // seldom differs from its usual value) is nowhere near normal, and
        // its interval in those seeds is a bound, not a standard error.
        let mut sorted = self.values.clone();
        sorted.sort_by(f64::total_cmp);
        let most_alike = sorted
            .chunk_by(|a, b| a == b)
            .map(<[f64]>::len)
            .max()
            .unwrap_or(0);
        if most_alike > seeds / 4 {
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
        // A series row's interval counts the games; every other row's the
        // clusters of games.
        let clusters = games(system).div_ceil(cluster_size(games(system), system.batch()));
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
                let units = match series.iter().any(|s| s.matches(row)) {
                    true => games(system),
                    false => clusters,
                };
                rows.entry(key).or_default().push(
                    row.value,
                    (row.ci_low, row.ci_high),
                    events,
                    units,
                );
            }
            for (s, pair) in outcomes[1].paired.iter().enumerate() {
                let d = outcomes[1].difference(s, series[s].kind);
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
                    d.games,
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

// Coverage at small counts, against exact answers: where events are few,
// a normal interval clipped at 0 covers far less than it says (a rate of
// 1 in 8 printed [0, 0.358]); the score intervals must cover at least
// 95% of the time, within the Monte Carlo error of the replications.

/// How often an interval held the truth over replications, and whether
/// that is at least the nominal 95% within Monte Carlo error: the
/// tolerance is 3.09 standard errors (a one-sided 0.1% test), the
/// standard error the binomial one at 95% for independent replications
/// or, for several correlated figures a replication, their spread.
struct Coverage {
    label: String,
    /// Per replication, the share of its figures covered.
    shares: Vec<f64>,
    /// Figures per replication (1 for independent ones).
    figures: usize,
}

impl Coverage {
    fn new(label: impl Into<String>) -> Coverage {
        Coverage {
            label: label.into(),
            shares: Vec::new(),
            figures: 0,
        }
    }

    fn push(&mut self, intervals: &[(f64, f64)], truth: f64) {
        let covered = intervals
            .iter()
            .filter(|(low, high)| *low <= truth && truth <= *high)
            .count();
        self.figures += intervals.len();
        self.shares.push(covered as f64 / intervals.len() as f64);
    }

    fn coverage(&self) -> f64 {
        self.shares.iter().sum::<f64>() / self.shares.len() as f64
    }

    fn standard_error(&self) -> f64 {
        let runs = self.shares.len() as f64;
        if self.figures == self.shares.len() {
            return (CONFIDENCE * (1.0 - CONFIDENCE) / runs).sqrt();
        }
        let mean = self.coverage();
        let var = self.shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (runs - 1.0);
        (var / runs).sqrt()
    }

    /// The line to print, and whether it passes.
    fn judge(&self) -> (String, bool) {
        let floor = CONFIDENCE - 3.09 * self.standard_error();
        let coverage = self.coverage();
        (
            format!(
                "{:<72} {:.4} (floor {:.4}, {} replications)",
                self.label,
                coverage,
                floor,
                self.shares.len()
            ),
            coverage >= floor,
        )
    }
}

/// Replications of each synthetic case: enough that the floor is within
/// 0.011 of 95%.
const REPLICATIONS: u64 = 4000;

/// Poisson(mean) by Knuth's product of uniforms (small means only).
fn poisson(rng: &mut impl rand::Rng, mean: f64) -> u64 {
    let limit = (-mean).exp();
    let (mut count, mut product) = (0, rng.random::<f64>());
    while product > limit {
        count += 1;
        product *= rng.random::<f64>();
    }
    count
}

/// Replications of `games` games, each game's (y, x) drawn by `game`,
/// their per-game sums' interval against `truth`.
fn per_game(
    label: &str,
    kind: Kind,
    games: u64,
    truth: f64,
    game: &dyn Fn(&mut rand_pcg::Pcg64Mcg) -> (u64, u64),
) -> Coverage {
    use fortunes::stats::{Ratio, SeriesSums};
    use rand::SeedableRng;
    let mut coverage = Coverage::new(label);
    for replication in 0..REPLICATIONS {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(replication * 7919 + games);
        let mut sums = SeriesSums::default();
        for _ in 0..games {
            let (y, x) = game(&mut rng);
            sums.record(Ratio::new(y, x));
        }
        coverage.push(&[sums.interval(kind, false, CONFIDENCE)], truth);
    }
    coverage
}

#[test]
fn intervals_cover_at_small_counts() {
    use fortunes::stats::{Rate, RowKeys, RowSums, SummaryRow};
    use rand::{Rng, SeedableRng};
    let mut cases = vec![
        per_game(
            "rate 1/8, 8 games of one trial",
            Kind::Rate,
            8,
            0.125,
            &|r| (r.random_bool(0.125) as u64, 1),
        ),
        per_game(
            "rate 1/8, 8 games of 8 trials",
            Kind::Rate,
            8,
            0.125,
            &|r| ((0..8).filter(|_| r.random_bool(0.125)).count() as u64, 8),
        ),
        per_game(
            "rate 0.05, 100 games of one trial",
            Kind::Rate,
            100,
            0.05,
            &|r| (r.random_bool(0.05) as u64, 1),
        ),
        per_game(
            "rate 0.005, 400 games of one trial",
            Kind::Rate,
            400,
            0.005,
            &|r| (r.random_bool(0.005) as u64, 1),
        ),
        per_game(
            "rate 0.002, 200 games of 8 trials",
            Kind::Rate,
            200,
            0.002,
            &|r| ((0..8).filter(|_| r.random_bool(0.002)).count() as u64, 8),
        ),
        per_game(
            "rate 0.01, 300 games of 1 to 4 trials",
            Kind::Rate,
            300,
            0.01,
            &|r| {
                let trials = r.random_range(1..=4u64);
                (
                    (0..trials).filter(|_| r.random_bool(0.01)).count() as u64,
                    trials,
                )
            },
        ),
        per_game(
            "mean 0.005 a turn, 100 games of 8 turns (Poisson)",
            Kind::Mean,
            100,
            0.005,
            &|r| (poisson(r, 0.04), 8),
        ),
        per_game(
            "mean 0.003, 1,000 games of one observation (Poisson)",
            Kind::Mean,
            1000,
            0.003,
            &|r| (poisson(r, 0.003), 1),
        ),
        per_game(
            "mean 0.125 a turn, 8 games of 8 turns (Poisson)",
            Kind::Mean,
            8,
            0.125,
            &|r| (poisson(r, 1.0), 8),
        ),
        // A game has a burst (chance 0.02) of 1 to 4 counts over its 8
        // turns: far more spread than Poisson.
        per_game(
            "mean 0.00625 a turn, 200 games of 8 turns, in bursts",
            Kind::Mean,
            200,
            0.02 * 2.5 / 8.0,
            &|r| {
                let burst = if r.random_bool(0.02) {
                    r.random_range(1..=4u64)
                } else {
                    0
                };
                (burst, 8)
            },
        ),
    ];
    // A row over clusters of games: 1,000 games in clusters of 16 (the
    // last cut short), 8 trials a game, an event at 0.0005 a trial.
    let mut clustered = Coverage::new("rate 0.0005 over 63 clusters of 1,000 games of 8 trials");
    for replication in 0..REPLICATIONS {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(replication + 1);
        let (keys, mut rows, mut ids) = (RowKeys::default(), RowSums::default(), Vec::new());
        let mut left = 1000u64;
        while left > 0 {
            let games = left.min(16);
            left -= games;
            let hits = (0..games * 8).filter(|_| rng.random_bool(0.0005)).count() as u64;
            let row = SummaryRow::rate(
                "event",
                "a",
                "none",
                String::new(),
                Rate::new(hits, games * 8),
            );
            rows.record(&[row], games, &keys, &mut ids);
        }
        let row = SummaryRow::rate("event", "a", "none", String::new(), Rate::default());
        clustered.push(&[rows.interval(&row, &keys, false, CONFIDENCE)], 0.0005);
    }
    cases.push(clustered);
    cases.push(sickles_exclusion_coverage());
    let judged: Vec<(String, bool)> = cases.iter().map(Coverage::judge).collect();
    for (line, _) in &judged {
        println!("{line}");
    }
    let failed: Vec<&str> = judged
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(line, _)| line.as_str())
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} cases cover less than 95% beyond Monte Carlo error:\n{}",
        failed.len(),
        judged.len(),
        failed.join("\n")
    );
}

/// A rule's exact rate through the whole runner: with one event excluded
/// a turn, each of the eight that are not the key is excluded with
/// chance exactly 1/8 (tests/sickles.rs); 8 games of 8 turns, every
/// event's row (a row over clusters) of both sides.
fn sickles_exclusion_coverage() -> Coverage {
    let system = fortunes::systems::find("sickles").unwrap();
    let [x, y] = cheap(system);
    let mut one = variant(system, x, y);
    one.rules.set_text("excluded_events=1").unwrap();
    let variants = [one];
    let mut coverage = Coverage::new("rate 1/8 (sickles event_excluded by event), 8 games");
    for replication in 0..REPLICATIONS / 4 {
        let plan = Plan {
            seed: 1 + replication,
            threads: 1,
            stop: Stop::Games(8),
            reference: 0,
            watched: Vec::new(),
            first_game: 0,
            shard: None,
            forfeit: false,
        };
        let outcome = &system.run(&variants, &plan, None, None).unwrap()[0];
        let intervals: Vec<(f64, f64)> = outcome
            .rows
            .iter()
            .filter(|r| r.metric == "event_excluded" && r.by == "event" && r.ci_low.is_finite())
            .map(|r| (r.ci_low, r.ci_high))
            .collect();
        assert!(intervals.len() >= 8, "{} rows", intervals.len());
        coverage.push(&intervals, 0.125);
    }
    coverage
}
