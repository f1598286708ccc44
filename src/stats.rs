//! Exact integer accumulators that merge associatively (`+=`), and the tidy
//! summary rows they become. Floats appear only in `SummaryRow`, when a
//! table is written.

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};
use std::collections::HashMap;
use std::ops::AddAssign;
use std::sync::Mutex;

/// Confidence level of every interval fortunes reports.
pub const CONFIDENCE: f64 = 0.95;

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

/// Student-t quantile. Past 10^5 degrees of freedom it equals the normal
/// quantile to 1e-5 relative, and statrs' inverse CDF slows to a crawl
/// there (minutes at 10^7), so the normal quantile is used.
pub fn t_quantile(degrees_of_freedom: u64, p: f64) -> f64 {
    if degrees_of_freedom >= 100_000 {
        return normal_quantile(p);
    }
    StudentsT::new(0.0, 1.0, degrees_of_freedom as f64)
        .map(|dist| dist.inverse_cdf(p))
        .unwrap_or_else(|_| normal_quantile(p))
}

pub fn normal_quantile(p: f64) -> f64 {
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
        }
    }
}

/// One game's contribution to a series: the numerator and denominator it
/// adds (initiatives won and contested rounds, actions and turns, a win and
/// one game). A series' value is the ratio of the sums over games, so it
/// equals the summary row of the same metric, while its interval treats
/// the game, not the round or turn inside it, as the independent unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ratio {
    pub num: u64,
    pub den: u64,
}

impl Ratio {
    pub const fn new(num: u64, den: u64) -> Ratio {
        Ratio { num, den }
    }
}

/// Exact sums over games of one series: n, Σy, Σx, Σy², Σx², Σxy, where y
/// is a game's numerator and x its denominator. Enough for the ratio
/// estimate and its delta-method (cluster) interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeriesSums {
    pub n: u64,
    pub y: u128,
    pub x: u128,
    pub yy: u128,
    pub xx: u128,
    pub xy: u128,
}

impl SeriesSums {
    /// The sums of `games` per-game values that are 0 or 1 (over a
    /// denominator of 1), `hits` of them 1.
    pub fn indicator(hits: u64, games: u64) -> SeriesSums {
        let (hits, games) = (hits as u128, games as u128);
        SeriesSums {
            n: games as u64,
            y: hits,
            x: games,
            yy: hits,
            xx: games,
            xy: hits,
        }
    }

    #[inline]
    pub fn record(&mut self, game: Ratio) {
        let (y, x) = (game.num as u128, game.den as u128);
        self.n += 1;
        self.y += y;
        self.x += x;
        self.yy += y * y;
        self.xx += x * x;
        self.xy += x * y;
    }

    /// Why these sums cannot be those of `n` games of whole numbers y and
    /// x below 2^64, if they cannot: what a damaged baseline or partial
    /// result shows. (Each game's y² ≥ y; by Cauchy-Schwarz (Σy)² ≤ nΣy²
    /// and (Σxy)² ≤ Σx²Σy².)
    pub fn impossible(&self) -> Option<&'static str> {
        use num_bigint::BigUint;
        let big = |v: u128| BigUint::from(v);
        let n = big(self.n as u128);
        let most = &n * big(u64::MAX as u128);
        if big(self.y) > most || big(self.x) > most {
            return Some("a sum larger than its games can hold");
        }
        if self.yy < self.y || self.xx < self.x {
            return Some("a sum of squares below its sum");
        }
        // A square is at most its number times the largest number.
        if big(self.yy) > big(self.y) * big(u64::MAX as u128)
            || big(self.xx) > big(self.x) * big(u64::MAX as u128)
        {
            return Some("a sum of squares larger than its sum allows");
        }
        if big(self.y) * big(self.y) > &n * big(self.yy)
            || big(self.x) * big(self.x) > &n * big(self.xx)
            || big(self.xy) * big(self.xy) > big(self.xx) * big(self.yy)
        {
            return Some("sums of squares too small for their sums");
        }
        if self.x == 0 && (self.y != 0 || self.xy != 0) {
            return Some("a numerator without a denominator");
        }
        None
    }

    /// Σy / Σx; NaN when no game had a denominator.
    pub fn value(&self) -> f64 {
        if self.x == 0 {
            f64::NAN
        } else {
            self.y as f64 / self.x as f64
        }
    }

    /// Σ (y - R x)² / x̄²: the sum of squared linearised residuals, whose
    /// mean square over n - 1 is the per-game variance of the estimate.
    fn residual_squares(&self) -> f64 {
        let r = self.value();
        let x_bar = self.x as f64 / self.n as f64;
        let raw = self.yy as f64 - 2.0 * r * self.xy as f64 + r * r * self.xx as f64;
        raw.max(0.0) / (x_bar * x_bar)
    }

    /// Standard error of the ratio with the game as the unit (delta method);
    /// for a per-game mean (x = 1) it is the usual s / √n.
    pub fn standard_error(&self) -> f64 {
        if self.n < 2 || self.x == 0 {
            return f64::NAN;
        }
        (self.residual_squares() / (self.n - 1) as f64 / self.n as f64).sqrt()
    }

    /// The effective number of independent units behind the estimate,
    /// (Σx)² / Σx²: the number of games when each has the same
    /// denominator, fewer when a few games hold most of the trials.
    pub fn effective_units(&self) -> f64 {
        if self.xx == 0 {
            0.0
        } else {
            (self.x as f64) * (self.x as f64) / self.xx as f64
        }
    }

    /// The game-level interval at `confidence`: the ratio estimate with its
    /// delta-method (cluster) standard error and a t quantile on n - 1
    /// degrees of freedom. With no event at all (or, for a rate, nothing
    /// but events) the standard error is zero but the figure is not
    /// exact, so the bound is Wilson's for no success in as many
    /// independent units as the games carry (`effective_units`): a game
    /// holds no event with probability at most 1 - p, whatever its trials
    /// do inside it. Zero width only when every game gave the same ratio.
    /// NaN before two games.
    pub fn interval(&self, kind: Kind, confidence: f64) -> (f64, f64) {
        if self.n < 2 || self.x == 0 {
            return (f64::NAN, f64::NAN);
        }
        let value = self.value();
        let rare = no_event_bound(self.effective_units(), confidence);
        if self.y == 0 {
            return (0.0, rare);
        }
        if kind == Kind::Rate && self.y == self.x {
            return (1.0 - rare, 1.0);
        }
        let se = self.standard_error();
        if se.is_nan() || se == 0.0 {
            return (value, value);
        }
        let half = t_quantile(self.n - 1, 0.5 + confidence / 2.0) * se;
        let (low, high) = (value - half, value + half);
        // Rates lie in [0, 1] and means of counts are never negative.
        match kind {
            Kind::Rate => (low.max(0.0), high.min(1.0)),
            Kind::Mean => (low.max(0.0), high),
        }
    }

    /// The larger distance from the estimate to an end of its interval:
    /// what a precision target holds to. Infinite before two games.
    pub fn half_width(&self, kind: Kind, confidence: f64) -> f64 {
        let (low, high) = self.interval(kind, confidence);
        if low.is_nan() {
            return f64::INFINITY;
        }
        let value = if self.x == 0 { 0.0 } else { self.value() };
        (value - low).max(high - value)
    }
}

impl AddAssign<&SeriesSums> for SeriesSums {
    fn add_assign(&mut self, other: &SeriesSums) {
        self.n += other.n;
        self.y += other.y;
        self.x += other.x;
        self.yy += other.yy;
        self.xx += other.xx;
        self.xy += other.xy;
    }
}

/// Wilson's upper bound on a rate with no event in `units` independent
/// units (at least one): what an interval says when nothing happened.
pub fn no_event_bound(units: f64, confidence: f64) -> f64 {
    let z = normal_quantile(0.5 + confidence / 2.0);
    z * z / (units.max(1.0) + z * z)
}

/// A summary row's identity: metric, seat, breakdown and level.
pub type RowKey = (&'static str, &'static str, &'static str, String);

/// The keys of the summary rows of one run, shared by every variant's
/// `RowSums`, which then hold only sums: a grid of thousands of variants
/// keeps one copy of the keys, not one per variant and batch.
#[derive(Debug, Default)]
pub struct RowKeys {
    ids: Mutex<HashMap<RowGroup, HashMap<String, usize>>>,
}

/// Metric, seat and breakdown: the rows whose keys differ only by level.
type RowGroup = (&'static str, &'static str, &'static str);

impl RowKeys {
    /// The index of each row's key, new keys numbered as they come.
    fn ids(&self, rows: &[SummaryRow], out: &mut Vec<usize>) {
        let mut ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = ids.values().map(HashMap::len).sum::<usize>();
        out.clear();
        for row in rows {
            let levels = ids.entry((row.metric, row.seat, row.by)).or_default();
            let id = match levels.get(row.level.as_str()) {
                Some(&id) => id,
                None => {
                    levels.insert(row.level.clone(), next);
                    next += 1;
                    next - 1
                }
            };
            out.push(id);
        }
    }

    fn id(&self, row: &SummaryRow) -> Option<usize> {
        let ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        ids.get(&(row.metric, row.seat, row.by))?
            .get(row.level.as_str())
            .copied()
    }
}

/// Every summary row's sums over clusters of consecutive games (a
/// cluster's count and n as one observation), for the rows that have no
/// per-game series: the ratio estimator over clusters of whole games is
/// the game-level interval with fewer degrees of freedom ("batch means").
/// A row a cluster did not produce contributed zero to it, so every row's
/// unit count is `clusters`. Indexed by the run's `RowKeys`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowSums {
    pub clusters: u64,
    sums: Vec<SeriesSums>,
}

impl RowSums {
    /// One cluster's rows; `ids` is scratch space.
    pub fn record(&mut self, rows: &[SummaryRow], keys: &RowKeys, ids: &mut Vec<usize>) {
        self.clusters += 1;
        keys.ids(rows, ids);
        for (row, &id) in rows.iter().zip(ids.iter()) {
            if id >= self.sums.len() {
                self.sums.resize(id + 1, SeriesSums::default());
            }
            self.sums[id].record(Ratio::new(row.count, row.n));
        }
    }

    /// A row's sums, its units the clusters played.
    pub fn sums(&self, row: &SummaryRow, keys: &RowKeys) -> SeriesSums {
        let mut sums = keys
            .id(row)
            .and_then(|id| self.sums.get(id).copied())
            .unwrap_or_default();
        sums.n = self.clusters;
        sums
    }
}

/// Every summary row's sums by key as text: `RowSums` as a shard writes it
/// for `fortunes merge`, where ids would mean nothing (each process numbers
/// keys in the order its threads met them).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeyedRows {
    pub clusters: u64,
    /// Sorted by key, so a shard's file does not depend on its threads.
    pub rows: Vec<KeyedRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeyedRow {
    pub metric: String,
    pub seat: String,
    pub by: String,
    pub level: String,
    pub sums: SeriesSums,
}

impl KeyedRow {
    fn key(&self) -> (&str, &str, &str, &str) {
        (&self.metric, &self.seat, &self.by, &self.level)
    }
}

impl RowSums {
    /// These sums by key.
    pub fn keyed(&self, keys: &RowKeys) -> KeyedRows {
        let ids = keys.ids.lock().unwrap_or_else(|e| e.into_inner());
        let mut rows: Vec<KeyedRow> = ids
            .iter()
            .flat_map(|(&(metric, seat, by), levels)| {
                levels.iter().filter_map(move |(level, &id)| {
                    Some(KeyedRow {
                        metric: metric.into(),
                        seat: seat.into(),
                        by: by.into(),
                        level: level.clone(),
                        sums: *self.sums.get(id)?,
                    })
                })
            })
            .collect();
        rows.sort_by(|a, b| a.key().cmp(&b.key()));
        KeyedRows {
            clusters: self.clusters,
            rows,
        }
    }

    /// `keyed`'s inverse for the rows a run reports (`rows`, whose keys
    /// `keys` numbers here); a key no row has is not needed.
    pub fn from_keyed(keyed: &KeyedRows, rows: &[SummaryRow], keys: &RowKeys) -> RowSums {
        let mut ids = Vec::new();
        keys.ids(rows, &mut ids);
        let mut sums = RowSums {
            clusters: keyed.clusters,
            sums: Vec::new(),
        };
        for (row, &id) in rows.iter().zip(&ids) {
            let key = (row.metric, row.seat, row.by, row.level.as_str());
            if let Ok(at) = keyed.rows.binary_search_by(|r| r.key().cmp(&key)) {
                if id >= sums.sums.len() {
                    sums.sums.resize(id + 1, SeriesSums::default());
                }
                sums.sums[id] = keyed.rows[at].sums;
            }
        }
        sums
    }
}

impl AddAssign<&KeyedRows> for KeyedRows {
    fn add_assign(&mut self, other: &KeyedRows) {
        self.clusters += other.clusters;
        let mut merged: Vec<KeyedRow> = Vec::with_capacity(self.rows.len().max(other.rows.len()));
        let (mut mine, mut theirs) = (
            std::mem::take(&mut self.rows).into_iter().peekable(),
            other.rows.iter().peekable(),
        );
        loop {
            match (mine.peek(), theirs.peek()) {
                (Some(a), Some(b)) => match a.key().cmp(&b.key()) {
                    std::cmp::Ordering::Less => merged.extend(mine.next()),
                    std::cmp::Ordering::Greater => merged.extend(theirs.next().cloned()),
                    std::cmp::Ordering::Equal => {
                        let mut row = mine.next().expect("peeked");
                        row.sums += &theirs.next().expect("peeked").sums;
                        merged.push(row);
                    }
                },
                (Some(_), None) => merged.extend(mine.by_ref()),
                (None, Some(_)) => merged.extend(theirs.by_ref().cloned()),
                (None, None) => break,
            }
        }
        self.rows = merged;
    }
}

impl AddAssign<&RowSums> for RowSums {
    fn add_assign(&mut self, other: &RowSums) {
        self.clusters += other.clusters;
        if other.sums.len() > self.sums.len() {
            self.sums.resize(other.sums.len(), SeriesSums::default());
        }
        for (mine, theirs) in self.sums.iter_mut().zip(&other.sums) {
            *mine += theirs;
        }
    }
}

/// Games per cluster for a run of at most `limit` games in batches of
/// `batch` (a power of two): at least 64 clusters when the run allows,
/// and no cluster over 1,024 games or across a batch, so clusters are
/// the same whatever the threads.
pub fn cluster_size(limit: u64, batch: u64) -> u64 {
    let target = (limit / 64).clamp(1, 1024).min(batch.max(1));
    1 << (63 - target.leading_zeros())
}

/// A series in one variant and in the reference, over the games both
/// played, with the cross sums that pairing needs: Σ y_v y_r, Σ y_v x_r,
/// Σ x_v y_r, Σ x_v x_r.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PairedSums {
    pub variant: SeriesSums,
    pub reference: SeriesSums,
    pub cross: [u128; 4],
}

/// A difference between a variant and the reference, with the paired and
/// the unpaired standard errors of the same games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub games: u64,
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    pub paired_se: f64,
    pub unpaired_se: f64,
}

impl PairedSums {
    #[inline]
    pub fn record(&mut self, variant: Ratio, reference: Ratio) {
        self.variant.record(variant);
        self.reference.record(reference);
        let (yv, xv) = (variant.num as u128, variant.den as u128);
        let (yr, xr) = (reference.num as u128, reference.den as u128);
        self.cross[0] += yv * yr;
        self.cross[1] += yv * xr;
        self.cross[2] += xv * yr;
        self.cross[3] += xv * xr;
    }

    /// R_v - R_r with a 95%-style interval from the per-game linearised
    /// differences u_i = (y_v - R_v x_v)/x̄_v - (y_r - R_r x_r)/x̄_r, whose
    /// sample variance over n - 1 (they sum to zero) is the pairing's.
    pub fn difference(&self, confidence: f64) -> Difference {
        let (v, r) = (&self.variant, &self.reference);
        let n = v.n;
        let value = v.value() - r.value();
        let nan = Difference {
            games: n,
            value,
            ci_low: f64::NAN,
            ci_high: f64::NAN,
            paired_se: f64::NAN,
            unpaired_se: f64::NAN,
        };
        if n < 2 || v.x == 0 || r.x == 0 {
            return nan;
        }
        let (rv, rr) = (v.value(), r.value());
        let xv_bar = v.x as f64 / n as f64;
        let xr_bar = r.x as f64 / n as f64;
        let [yy, yx, xy, xx] = self.cross.map(|c| c as f64);
        let cross = (yy - rr * yx - rv * xy + rv * rr * xx) / (xv_bar * xr_bar);
        let (aa, bb) = (v.residual_squares(), r.residual_squares());
        let scale = (n - 1) as f64 * n as f64;
        let paired_se = ((aa - 2.0 * cross + bb).max(0.0) / scale).sqrt();
        let unpaired_se = ((aa + bb) / scale).sqrt();
        let half = t_quantile(n - 1, 0.5 + confidence / 2.0) * paired_se;
        Difference {
            games: n,
            value,
            ci_low: value - half,
            ci_high: value + half,
            paired_se,
            unpaired_se,
        }
    }
}

impl AddAssign<&PairedSums> for PairedSums {
    fn add_assign(&mut self, other: &PairedSums) {
        self.variant += &other.variant;
        self.reference += &other.reference;
        for (mine, theirs) in self.cross.iter_mut().zip(other.cross) {
            *mine += theirs;
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

    #[test]
    fn series_of_per_game_means_is_the_t_interval() {
        let values = [2u64, 4, 4, 4, 5, 5, 7, 9];
        let mut series = SeriesSums::default();
        let mut mean = Mean::default();
        for &v in &values {
            series.record(Ratio::new(v, 1));
            mean.record(v);
        }
        assert_eq!(series.value(), mean.value());
        let (a, b) = (series.interval(Kind::Mean, 0.95), mean.interval(0.95));
        assert!((a.0 - b.0).abs() < 1e-12 && (a.1 - b.1).abs() < 1e-12);
    }

    #[test]
    fn paired_difference_of_identical_series_is_exactly_zero() {
        let mut pair = PairedSums::default();
        for i in 0..100u64 {
            let game = Ratio::new(i % 7, 3 + i % 4);
            pair.record(game, game);
        }
        let d = pair.difference(0.95);
        assert_eq!(d.value, 0.0);
        assert!(d.paired_se.abs() < 1e-9, "{d:?}");
        assert!(d.unpaired_se > 0.01, "{d:?}");
    }

    #[test]
    fn unpaired_error_is_the_two_sample_one_for_independent_columns() {
        // x = 1: the difference of two means; unpaired se = sqrt(s1²/n + s2²/n).
        let mut pair = PairedSums::default();
        let (mut m1, mut m2) = (Mean::default(), Mean::default());
        for i in 0..50u64 {
            let (a, b) = (i * 7 % 11, i * 5 % 13);
            pair.record(Ratio::new(a, 1), Ratio::new(b, 1));
            m1.record(a);
            m2.record(b);
        }
        let d = pair.difference(0.95);
        let expected = (m1.variance() / 50.0 + m2.variance() / 50.0).sqrt();
        assert!((d.unpaired_se - expected).abs() < 1e-12, "{d:?} {expected}");
        assert!((d.value - (m1.value() - m2.value())).abs() < 1e-12);
    }
}
