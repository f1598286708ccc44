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

    /// The effective number of games behind sums over `units`, for a
    /// bound that needs independent games. A game's denominator is not
    /// kept over clusters, only its cluster's; but games are independent
    /// and alike, so a cluster of g games has a mean of g μ and a variance
    /// of g σ² (μ and σ² a game's), and Σ x_c² estimates G σ² + μ² Σ g_c²:
    /// the games' own (Σx)²/Σx² is then G μ² / (μ² + σ²). Over games
    /// (every g_c = 1) that is (Σx)²/Σx² itself (`effective_units`).
    pub fn effective_games(&self, units: Units) -> f64 {
        if self.xx == 0 || units.games == 0 {
            return 0.0;
        }
        let g = units.games as f64;
        let (x, xx) = (self.x as f64, self.xx as f64);
        let spread = (xx - x * x * units.game_squares as f64 / (g * g)).max(0.0);
        x * x / (x * x / g + spread)
    }

    /// Whether every unit (game or cluster) gave the same ratio, y = R x:
    /// decided exactly, since then the sample shows no spread at all
    /// (Cauchy-Schwarz holds with equality only for proportional vectors).
    pub fn steady(&self) -> bool {
        use num_bigint::BigUint;
        BigUint::from(self.xy).pow(2) == BigUint::from(self.xx) * BigUint::from(self.yy)
    }

    /// The game-level interval at `confidence`, from sums over games.
    /// `fixed`: the variant's rules and players fix the figure (every game
    /// gives it), so a sample that agrees gets it alone.
    pub fn interval(&self, kind: Kind, fixed: bool, confidence: f64) -> (f64, f64) {
        self.interval_over(Units::games(self.n), kind, fixed, confidence)
    }

    /// The game-level interval at `confidence` of sums over `self.n` units
    /// (`units`: the games themselves, or clusters of consecutive games):
    /// the ratio estimate with its delta-method
    /// standard error over the units, turned into a score interval with
    /// a continuity correction on the effective sample size the standard
    /// error implies (Wilson's for a rate, its Poisson counterpart for a
    /// mean of counts), with a t quantile on n - 1 degrees of freedom. The
    /// score interval holds at small counts, where a normal one clipped
    /// at 0 does not, and becomes the normal one as counts grow.
    ///
    /// A sample with no spread at all (every unit the same ratio: no
    /// event, only events, or a constant) says nothing of the spread, but
    /// the figure is not exact unless `fixed`: a game differs from the
    /// rest with a chance of at most b, Wilson's bound for no event in as
    /// many independent units as the games carry (`effective_games`), and
    /// a game that differs moves the figure by at most what one
    /// observation can (a rate's to 0 or 1; a mean of counts' to 0, or up
    /// by as much as the mean, at least one unit). NaN before two units.
    pub fn interval_over(
        &self,
        units: Units,
        kind: Kind,
        fixed: bool,
        confidence: f64,
    ) -> (f64, f64) {
        if self.n < 2 || self.x == 0 {
            return (f64::NAN, f64::NAN);
        }
        let value = self.value();
        let se = self.standard_error();
        if self.steady() || se == 0.0 {
            if fixed && self.steady() {
                return (value, value);
            }
            let differ = no_event_bound(self.effective_games(units), confidence);
            return steady_interval(kind, value, differ);
        }
        let t = t_quantile(self.n - 1, 0.5 + confidence / 2.0);
        match kind {
            Kind::Rate => rate_score_interval(value, se, t),
            Kind::Mean => count_score_interval(value, se, t),
        }
    }

    /// The larger distance from the estimate to an end of its interval:
    /// what a precision target holds to. Infinite before two games.
    pub fn half_width(&self, kind: Kind, fixed: bool, confidence: f64) -> f64 {
        let (low, high) = self.interval(kind, fixed, confidence);
        if low.is_nan() {
            return f64::INFINITY;
        }
        let value = if self.x == 0 { 0.0 } else { self.value() };
        (value - low).max(high - value)
    }
}

/// The interval of a figure whose sample showed no spread, when a game
/// differs with a chance of at most `differ`: a rate can move to anywhere
/// in [0, 1]; a mean of counts down to 0, and up (the counts having no
/// bound of their own) by as much again as the mean, at least one unit.
fn steady_interval(kind: Kind, value: f64, differ: f64) -> (f64, f64) {
    match kind {
        Kind::Rate => (value - value * differ, value + (1.0 - value) * differ),
        Kind::Mean => (value - value * differ, value + value.max(1.0) * differ),
    }
}

/// Wilson's score interval with a continuity correction (Newcombe 1998,
/// method 4) for a rate `p` strictly between 0 and 1 whose standard error
/// is `se`: on the effective sample size p(1 - p)/se², so that clustering
/// (games of many trials) widens it as it widens the standard error, with
/// `t` for the normal quantile.
fn rate_score_interval(p: f64, se: f64, t: f64) -> (f64, f64) {
    let n = p * (1.0 - p) / (se * se);
    let t2 = t * t;
    let root = |sign: f64| (t2 + sign * 2.0 - 1.0 / n + 4.0 * p * (n * (1.0 - p) - sign)).max(0.0);
    let low = (2.0 * n * p + t2 - 1.0 - t * root(-1.0).sqrt()) / (2.0 * (n + t2));
    let high = (2.0 * n * p + t2 + 1.0 + t * root(1.0).sqrt()) / (2.0 * (n + t2));
    (low.clamp(0.0, p), high.clamp(p, 1.0))
}

/// The score interval of a mean of counts `m` > 0 with standard error
/// `se`, its variance taken proportional to the mean (as a Poisson
/// count's, scaled: k = se²/m a unit of the mean, m/k effective counts),
/// with a continuity correction of half a count: the λ with
/// |m − λ| − k/2 = t √(kλ). Never below 0, skewed up at small counts as a
/// count is, and the normal interval m ± t se at large ones.
fn count_score_interval(m: f64, se: f64, t: f64) -> (f64, f64) {
    let k = se * se / m;
    let t2 = t * t;
    let solve = |centre: f64, sign: f64| {
        centre + t2 * k / 2.0 + sign * (t2 * k * centre + t2 * t2 * k * k / 4.0).sqrt()
    };
    let upper = m + k / 2.0;
    let lower = m - k / 2.0;
    let low = if lower > 0.0 { solve(lower, -1.0) } else { 0.0 };
    (low.clamp(0.0, m), solve(upper, 1.0).max(m))
}

/// The games behind sums over units: the games themselves, or clusters of
/// consecutive games (`RowSums`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Units {
    /// Σ g over the units, g the games a unit holds.
    pub games: u64,
    /// Σ g².
    pub game_squares: u128,
}

impl Units {
    /// `n` units of one game each.
    pub fn games(n: u64) -> Units {
        Units {
            games: n,
            game_squares: n as u128,
        }
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
    /// The games the clusters hold, and the sum of their squares: not all
    /// clusters are the same size (the last of a run is cut short, a
    /// forfeited game is in none), and a bound over games needs to know.
    pub games: u64,
    pub game_squares: u128,
    sums: Vec<SeriesSums>,
}

impl RowSums {
    /// One cluster's rows, the cluster `games` games; `ids` is scratch
    /// space.
    pub fn record(
        &mut self,
        rows: &[SummaryRow],
        games: u64,
        keys: &RowKeys,
        ids: &mut Vec<usize>,
    ) {
        self.clusters += 1;
        self.games += games;
        self.game_squares += games as u128 * games as u128;
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

    /// A row's game-level interval over the clusters (`SeriesSums::interval`).
    pub fn interval(
        &self,
        row: &SummaryRow,
        keys: &RowKeys,
        fixed: bool,
        confidence: f64,
    ) -> (f64, f64) {
        let units = Units {
            games: self.games,
            game_squares: self.game_squares,
        };
        self.sums(row, keys)
            .interval_over(units, row.kind, fixed, confidence)
    }
}

/// Every summary row's sums by key as text: `RowSums` as a shard writes it
/// for `fortunes merge`, where ids would mean nothing (each process numbers
/// keys in the order its threads met them).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeyedRows {
    pub clusters: u64,
    pub games: u64,
    pub game_squares: u128,
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
            games: self.games,
            game_squares: self.game_squares,
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
            games: keyed.games,
            game_squares: keyed.game_squares,
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
        self.games += other.games;
        self.game_squares += other.game_squares;
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
        self.games += other.games;
        self.game_squares += other.game_squares;
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
    /// When every u_i is 0 (the two moved together in every game, or each
    /// is constant), the difference is exact only if both figures are
    /// (`fixed`); else a game differs between the two with a chance of at
    /// most Wilson's bound over the games, and each figure moves in such a
    /// game as `SeriesSums::interval` allows.
    pub fn difference(&self, kind: Kind, fixed: bool, confidence: f64) -> Difference {
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
        let (ci_low, ci_high) = if self.steady() || paired_se == 0.0 {
            if fixed && self.steady() {
                (value, value)
            } else {
                let games = v.effective_units().min(r.effective_units());
                let differ = no_event_bound(games, confidence);
                let (v_low, v_high) = steady_interval(kind, rv, differ);
                let (r_low, r_high) = steady_interval(kind, rr, differ);
                (v_low - r_high, v_high - r_low)
            }
        } else {
            let half = t_quantile(n - 1, 0.5 + confidence / 2.0) * paired_se;
            (value - half, value + half)
        };
        Difference {
            games: n,
            value,
            ci_low,
            ci_high,
            paired_se,
            unpaired_se,
        }
    }

    /// Whether every game's linearised difference u_i is exactly 0, that
    /// is X_r² (X_v y_v − Y_v x_v) = X_v² (X_r y_r − Y_r x_r) in every
    /// game: the sum of their squares, in exact integers, is 0.
    fn steady(&self) -> bool {
        use num_bigint::BigInt;
        let (v, r) = (&self.variant, &self.reference);
        let big = |x: u128| BigInt::from(x);
        let own = |s: &SeriesSums| {
            let (x, y) = (big(s.x), big(s.y));
            &x * &x * big(s.yy) - 2 * &x * &y * big(s.xy) + &y * &y * big(s.xx)
        };
        let (xv, yv, xr, yr) = (big(v.x), big(v.y), big(r.x), big(r.y));
        let [c0, c1, c2, c3] = self.cross.map(big);
        let between = &xv * &xr * c0 - &xv * &yr * c1 - &yv * &xr * c2 + &yv * &yr * c3;
        let (xv2, xr2) = (&xv * &xv, &xr * &xr);
        let total = &xr2 * &xr2 * own(v) - 2 * &xr2 * &xv2 * between + &xv2 * &xv2 * own(r);
        total == BigInt::ZERO
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
    fn series_of_per_game_means_has_the_score_interval_of_its_t_standard_error() {
        let values = [2u64, 4, 4, 4, 5, 5, 7, 9];
        let mut series = SeriesSums::default();
        let mut mean = Mean::default();
        for &v in &values {
            series.record(Ratio::new(v, 1));
            mean.record(v);
        }
        assert_eq!(series.value(), mean.value());
        // The same standard error as the t interval's, s / √n.
        let se = (mean.variance() / 8.0).sqrt();
        assert!((series.standard_error() - se).abs() < 1e-12);
        // |5 − λ| − k/2 = t √(kλ) at both ends, k = se²/5.
        let (low, high) = series.interval(Kind::Mean, false, 0.95);
        let (k, t) = (se * se / 5.0, t_quantile(7, 0.975));
        for end in [low, high] {
            let gap = (5.0 - end).abs() - k / 2.0 - t * (k * end).sqrt();
            assert!(gap.abs() < 1e-9, "{end}: {gap}");
        }
        // Skewed up as a count is, and about as wide as the t interval.
        let (t_low, t_high) = mean.interval(0.95);
        assert!(low > t_low && high > t_high, "{low} {high}");
        assert!(((high - low) / (t_high - t_low) - 1.0).abs() < 0.05);
    }

    #[test]
    fn the_rate_score_interval_is_newcombes_with_continuity_correction() {
        // Newcombe (1998), method 4, 81/263: 0.2535 to 0.3682; 0/10 and
        // 1/29 too (0 to 0.3445, 0.0018 to 0.1963), on the binomial
        // standard error with the normal quantile.
        let z = normal_quantile(0.975);
        for (k, n, low, high) in [(81.0, 263.0, 0.2535, 0.3682), (1.0, 29.0, 0.0018, 0.1963)] {
            let p: f64 = k / n;
            let se = (p * (1.0 - p) / n).sqrt();
            let (l, h) = rate_score_interval(p, se, z);
            assert!(
                (l - low).abs() < 5e-5 && (h - high).abs() < 5e-5,
                "{k}/{n}: {l} {h}"
            );
        }
    }

    #[test]
    fn a_count_score_interval_becomes_the_normal_one_at_large_counts() {
        let (m, se, t) = (17.9, 0.01, 1.96);
        let (low, high) = count_score_interval(m, se, t);
        // 3.2 million effective counts: within a thousandth of the half width.
        let half = t * se;
        assert!((low - (m - half)).abs() < 1e-3 * half && (high - (m + half)).abs() < 1e-3 * half);
        // At a few counts it stays above 0 and reaches far up.
        let (low, high) = count_score_interval(0.01, 0.007, t);
        assert!(low > 0.0 && low < 0.002 && high > 0.03, "{low} {high}");
    }

    /// Sums over `games` games whose ratio is always `y / x`.
    fn steady_games(y: u64, x: u64, games: u64) -> SeriesSums {
        let mut sums = SeriesSums::default();
        for _ in 0..games {
            sums.record(Ratio::new(y, x));
        }
        sums
    }

    #[test]
    fn no_spread_is_exact_only_when_fixed() {
        let sums = steady_games(8, 8, 20_000);
        assert!(sums.steady());
        assert_eq!(sums.interval(Kind::Mean, true, 0.95), (1.0, 1.0));
        // Not fixed: a game differs with a chance of at most b, and moves
        // the mean down to 0 or up by one unit.
        let b = no_event_bound(20_000.0, 0.95);
        let (low, high) = sums.interval(Kind::Mean, false, 0.95);
        assert!((low - (1.0 - b)).abs() < 1e-12 && (high - (1.0 + b)).abs() < 1e-12);
        // A mean of 36: by as much as the mean; and a mean of none: one
        // unit up, in the mean's units.
        let (low, high) = steady_games(360, 10, 1000).interval(Kind::Mean, false, 0.95);
        let b = no_event_bound(1000.0, 0.95);
        assert!((low - 36.0 * (1.0 - b)).abs() < 1e-9 && (high - 36.0 * (1.0 + b)).abs() < 1e-9);
        assert_eq!(
            steady_games(0, 8, 1000).interval(Kind::Mean, false, 0.95),
            (0.0, b)
        );
        // A rate of 3/8 in every game: anywhere in [0, 1] for a game that
        // differs.
        let (low, high) = steady_games(3, 8, 1000).interval(Kind::Rate, false, 0.95);
        assert!((low - 0.375 * (1.0 - b)).abs() < 1e-12);
        assert!((high - (0.375 + 0.625 * b)).abs() < 1e-12);
        // One game that differs is spread, not steadiness.
        let mut sums = steady_games(8, 8, 999);
        sums.record(Ratio::new(9, 8));
        assert!(!sums.steady());
        let (low, high) = sums.interval(Kind::Mean, true, 0.95);
        assert!(low < sums.value() && sums.value() < high);
    }

    #[test]
    fn a_cluster_row_with_no_event_is_bounded_over_its_games() {
        // 200,000 games in clusters of 1,024 (the last cut short), about
        // 2.2 trials a game and no event: the bound is over the games (about
        // 3.84 / 200,000), not the 196 clusters (3.84 / 200).
        let keys = RowKeys::default();
        let mut rows = RowSums::default();
        let mut ids = Vec::new();
        let (mut left, mut c) = (200_000u64, 0u64);
        while left > 0 {
            let games = left.min(1024);
            left -= games;
            // Trials vary between clusters as sums of games' do.
            let trials = games * 22 / 10 + (c * 7919 % 61);
            c += 1;
            let row =
                SummaryRow::rate("initiative", "a", "card", "AS".into(), Rate::new(0, trials));
            rows.record(&[row], games, &keys, &mut ids);
        }
        let row = SummaryRow::rate("initiative", "a", "card", "AS".into(), Rate::new(0, 1));
        let (low, high) = rows.interval(&row, &keys, false, 0.95);
        assert_eq!(low, 0.0);
        let over_games = no_event_bound(200_000.0, 0.95);
        assert!(
            high >= over_games && high < 1.2 * over_games,
            "{high} vs {over_games}"
        );
        // Over games whose trials vary, fewer effective games: wider.
        let mut spread = SeriesSums::default();
        for g in 0..10_000u64 {
            spread.record(Ratio::new(0, [1, 1, 1, 9][g as usize % 4]));
        }
        let effective = spread.effective_games(Units::games(10_000));
        assert!((effective - spread.effective_units()).abs() < 1e-6);
        assert!(effective < 10_000.0 * 0.5);
    }

    #[test]
    fn paired_difference_of_identical_series_is_exactly_zero() {
        let mut pair = PairedSums::default();
        for i in 0..100u64 {
            let game = Ratio::new(i % 7, 3 + i % 4);
            pair.record(game, game);
        }
        let d = pair.difference(Kind::Mean, false, 0.95);
        assert_eq!(d.value, 0.0);
        // No game differs between the two, but the two are not fixed: a
        // bound, not a point.
        assert!(d.ci_low < 0.0 && d.ci_high > 0.0, "{d:?}");
        let fixed = pair.difference(Kind::Mean, true, 0.95);
        assert_eq!((fixed.ci_low, fixed.ci_high), (0.0, 0.0));
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
        let d = pair.difference(Kind::Mean, false, 0.95);
        let expected = (m1.variance() / 50.0 + m2.variance() / 50.0).sqrt();
        assert!((d.unpaired_se - expected).abs() < 1e-12, "{d:?} {expected}");
        assert!((d.value - (m1.value() - m2.value())).abs() < 1e-12);
    }
}
