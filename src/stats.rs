//! Exact integer accumulators that merge associatively (`+=`), and the tidy
//! summary rows they become. Floats appear only in `SummaryRow`, when a
//! table is written.

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};
use std::ops::AddAssign;

/// Confidence level of every interval fortunes reports.
pub const CONFIDENCE: f64 = 0.95;

/// Successes out of trials.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Histogram<const N: usize> {
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
    /// One `rate` row per observed value: the share of observations equal
    /// to it, the value as `level`.
    pub fn share_rows(
        &self,
        metric: &'static str,
        seat: &'static str,
        by: &'static str,
        rows: &mut Vec<SummaryRow>,
    ) {
        let total = self.total();
        for (value, &count) in self.counts.iter().enumerate() {
            if count > 0 {
                rows.push(SummaryRow::rate(
                    metric,
                    seat,
                    by,
                    value.to_string(),
                    Rate::new(count, total),
                ));
            }
        }
    }
}

/// Student-t quantile. Past 10^5 degrees of freedom it equals the normal
/// quantile to 1e-5 relative, and statrs' inverse CDF slows to a crawl
/// there (minutes at 10^7), so the normal quantile is used.
fn t_quantile(degrees_of_freedom: u64, p: f64) -> f64 {
    if degrees_of_freedom >= 100_000 {
        return normal_quantile(p);
    }
    StudentsT::new(0.0, 1.0, degrees_of_freedom as f64)
        .map(|dist| dist.inverse_cdf(p))
        .unwrap_or_else(|_| normal_quantile(p))
}

fn normal_quantile(p: f64) -> f64 {
    Normal::standard().inverse_cdf(p)
}

/// Whether a row is a proportion or a mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Rate,
    Mean,
}

impl Kind {
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Rate => "rate",
            Kind::Mean => "mean",
        }
    }
}

/// One row of the tidy summary table. `value = count / n` for both kinds:
/// for a rate, `count` is the successes and `n` the trials; for a mean,
/// `count` is the sum of the observations and `n` their number.
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
}

/// Seat label for rows that are not about one seat.
pub const ALL_SEATS: &str = "all";
/// `by` label for rows with no breakdown.
pub const NO_BREAKDOWN: &str = "none";

impl SummaryRow {
    pub fn rate(
        metric: &'static str,
        seat: &'static str,
        by: &'static str,
        level: String,
        rate: Rate,
    ) -> Self {
        let (ci_low, ci_high) = rate.wilson(CONFIDENCE);
        SummaryRow {
            metric,
            kind: Kind::Rate,
            seat,
            by,
            level,
            count: rate.hits,
            n: rate.trials,
            value: rate.value(),
            ci_low,
            ci_high,
        }
    }

    pub fn mean(
        metric: &'static str,
        seat: &'static str,
        by: &'static str,
        level: String,
        mean: Mean,
    ) -> Self {
        let (ci_low, ci_high) = mean.interval(CONFIDENCE);
        SummaryRow {
            metric,
            kind: Kind::Mean,
            seat,
            by,
            level,
            count: mean.sum,
            n: mean.n,
            value: mean.value(),
            ci_low,
            ci_high,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), example 81/263: 0.2553 to 0.3662 at 95%.
        let (low, high) = Rate::new(81, 263).wilson(0.95);
        assert!((low - 0.2553).abs() < 5e-4, "{low}");
        assert!((high - 0.3662).abs() < 5e-4, "{high}");
        let (low, high) = Rate::new(0, 10).wilson(0.95);
        assert_eq!(low, 0.0);
        assert!((high - 0.2775).abs() < 5e-4, "{high}");
    }

    #[test]
    fn mean_interval_is_t_based() {
        let mut mean = Mean::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            mean.record(v);
        }
        assert_eq!(mean.value(), 5.0);
        assert!((mean.variance() - 32.0 / 7.0).abs() < 1e-12);
        let (low, high) = mean.interval(0.95);
        // t(7, 0.975) = 2.364624
        let half = 2.364624 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!((low - (5.0 - half)).abs() < 1e-5 && (high - (5.0 + half)).abs() < 1e-5);
    }

    #[test]
    fn t_quantile_is_continuous_at_the_normal_switch() {
        let below = t_quantile(99_999, 0.975);
        let above = t_quantile(100_000, 0.975);
        assert!((below - above).abs() < 1e-4, "{below} vs {above}");
        assert!((t_quantile(10, 0.975) - 2.228139).abs() < 1e-5);
    }

    #[test]
    fn merge_is_associative_and_matches_histogram() {
        let values: Vec<u64> = (0..1000).map(|i| (i * 7919 % 13) as u64).collect();
        let mut whole = Mean::default();
        let mut histogram = Histogram::<16>::default();
        values.iter().for_each(|&v| {
            whole.record(v);
            histogram.record(v as usize);
        });
        let mut parts = [Mean::default(); 3];
        for (i, &v) in values.iter().enumerate() {
            parts[i % 3].record(v);
        }
        let mut left = parts[0];
        left += parts[1];
        left += parts[2];
        let mut right = parts[2];
        right += parts[0];
        right += parts[1];
        assert_eq!(left, whole);
        assert_eq!(right, whole);
        assert_eq!(histogram.mean(), whole);
    }
}
