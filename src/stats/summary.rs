//! The counters systems accumulate (`Rate`, `Mean`, `Histogram`) and the
//! tidy summary rows they become. Floats appear only in `SummaryRow`, when
//! a table is written.

use super::series::{normal_quantile, t_quantile, Kind};
use std::ops::AddAssign;

/// Successes out of trials.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rate {
    pub hits: u64,
    pub trials: u64,
}

impl Rate {
    pub const fn new(hits: u64, trials: u64) -> Rate {
        Rate { hits, trials }
    }

    #[inline]
    pub fn record(&mut self, hit: bool) {
        self.hits += hit as u64;
        self.trials += 1;
    }

    pub fn value(&self) -> f64 {
        if self.trials == 0 {
            f64::NAN
        } else {
            self.hits as f64 / self.trials as f64
        }
    }

    /// Wilson score interval at `confidence` (e.g. 0.95).
    pub fn wilson(&self, confidence: f64) -> (f64, f64) {
        if self.trials == 0 {
            return (f64::NAN, f64::NAN);
        }
        let z = normal_quantile(0.5 + confidence / 2.0);
        let n = self.trials as f64;
        let p = self.hits as f64 / n;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        // At 0 or n successes the bound is exactly 0 or 1; rounding would
        // leave a speck.
        let low = if self.hits == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        };
        let high = if self.hits == self.trials {
            1.0
        } else {
            (centre + half).min(1.0)
        };
        (low, high)
    }
}

impl AddAssign for Rate {
    fn add_assign(&mut self, other: Rate) {
        self.hits += other.hits;
        self.trials += other.trials;
    }
}

/// Count, sum and sum of squares of non-negative integer observations:
/// exact, so merging in any order gives the same bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mean {
    pub n: u64,
    pub sum: u64,
    pub sum_sq: u128,
}

impl Mean {
    #[inline]
    pub fn record(&mut self, value: u64) {
        self.n += 1;
        self.sum += value;
        self.sum_sq += (value as u128) * (value as u128);
    }

    pub fn value(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// Sample variance, from an exact integer numerator.
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            return f64::NAN;
        }
        let n = self.n as u128;
        let sum = self.sum as u128;
        let numerator = n * self.sum_sq - sum * sum;
        numerator as f64 / (n as f64 * (n - 1) as f64)
    }

    /// Student-t interval for the mean at `confidence`.
    pub fn interval(&self, confidence: f64) -> (f64, f64) {
        if self.n < 2 {
            return (f64::NAN, f64::NAN);
        }
        let mean = self.value();
        let se = (self.variance() / self.n as f64).sqrt();
        if se == 0.0 {
            return (mean, mean);
        }
        let t = t_quantile(self.n - 1, 0.5 + confidence / 2.0);
        (mean - t * se, mean + t * se)
    }
}

impl AddAssign for Mean {
    fn add_assign(&mut self, other: Mean) {
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }
}

/// Counts of small integer observations `0..N`; the last bin also holds
/// anything larger, which the callers' bounds rule out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Histogram<const N: usize> {
    #[serde(with = "serde_big_array::BigArray")]
    pub counts: [u64; N],
}

impl<const N: usize> Default for Histogram<N> {
    fn default() -> Self {
        Histogram { counts: [0; N] }
    }
}

impl<const N: usize> Histogram<N> {
    #[inline]
    pub fn record(&mut self, value: usize) {
        self.counts[value.min(N - 1)] += 1;
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The same observations as a `Mean`.
    pub fn mean(&self) -> Mean {
        let mut mean = Mean::default();
        for (value, &count) in self.counts.iter().enumerate() {
            mean.n += count;
            mean.sum += value as u64 * count;
            mean.sum_sq += (value as u128) * (value as u128) * count as u128;
        }
        mean
    }
}

impl<const N: usize> AddAssign for Histogram<N> {
    fn add_assign(&mut self, other: Self) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts) {
            *mine += theirs;
        }
    }
}

impl<const N: usize> Histogram<N> {
    /// One `rate` row per value, the value as `level`: the share of
    /// observations equal to it. Every bin is a row whenever there is an
    /// observation (empty ones are sparse, so a cluster without the value
    /// still counts its observations).
    pub fn share_rows(
        &self,
        metric: &'static str,
        seat: &'static str,
        by: &'static str,
        rows: &mut Vec<SummaryRow>,
    ) {
        let total = self.total();
        if total == 0 {
            return;
        }
        for (value, &count) in self.counts.iter().enumerate() {
            rows.push(
                SummaryRow::rate(metric, seat, by, value.to_string(), Rate::new(count, total))
                    .sparse(),
            );
        }
    }
}

/// One row of the tidy summary table. `value = count / n` for both kinds:
/// for a rate, `count` is the successes and `n` the trials; for a mean,
/// `count` is the sum of the observations and `n` their number. The
/// interval is the game-level one (`SeriesSums::interval`), set by the
/// runner: a system's `rows` leaves it NaN.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    pub metric: &'static str,
    pub kind: Kind,
    pub seat: &'static str,
    pub by: &'static str,
    pub level: String,
    pub count: u64,
    pub n: u64,
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// What the value is in, and what one observation (`n`) is: from the
    /// metric's definition, set with the interval.
    pub unit: &'static str,
    pub per: &'static str,
    /// One bin of a distribution: produced whenever its denominator is
    /// (an empty bin of a cluster still counts its trials), and left out of
    /// the tables when empty over the whole run.
    pub sparse: bool,
    /// The variant's rules and players fix this figure (every game gives
    /// it; `Simulation::fixed`), so its interval is the value alone: set
    /// by the runner with the interval.
    pub fixed: bool,
}

/// Seat label for rows that are not about one seat.
pub const ALL_SEATS: &str = "all";
/// `by` label for rows with no breakdown.
pub const NO_BREAKDOWN: &str = "none";

impl SummaryRow {
    /// This row as one bin of a distribution (see `sparse`).
    pub fn sparse(mut self) -> SummaryRow {
        self.sparse = true;
        self
    }

    pub fn rate(
        metric: &'static str,
        seat: &'static str,
        by: &'static str,
        level: String,
        rate: Rate,
    ) -> Self {
        SummaryRow {
            metric,
            kind: Kind::Rate,
            seat,
            by,
            level,
            count: rate.hits,
            n: rate.trials,
            value: rate.value(),
            ci_low: f64::NAN,
            ci_high: f64::NAN,
            unit: "",
            per: "",
            sparse: false,
            fixed: false,
        }
    }

    pub fn mean(
        metric: &'static str,
        seat: &'static str,
        by: &'static str,
        level: String,
        mean: Mean,
    ) -> Self {
        SummaryRow {
            metric,
            kind: Kind::Mean,
            seat,
            by,
            level,
            count: mean.sum,
            n: mean.n,
            value: mean.value(),
            ci_low: f64::NAN,
            ci_high: f64::NAN,
            unit: "",
            per: "",
            sparse: false,
            fixed: false,
        }
    }
}
