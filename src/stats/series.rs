//! The game-level estimate of one per-game series: exact sums over games
//! of each game's numerator and denominator (`SeriesSums`), the ratio
//! estimator and its delta-method interval, with the score intervals that
//! hold at small counts and the bound when nothing varied.

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};
use std::ops::AddAssign;

/// Confidence level of every interval fortunes reports.
pub const CONFIDENCE: f64 = 0.95;

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
    pub(super) fn residual_squares(&self) -> f64 {
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
pub(super) fn steady_interval(kind: Kind, value: f64, differ: f64) -> (f64, f64) {
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
pub(super) fn rate_score_interval(p: f64, se: f64, t: f64) -> (f64, f64) {
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
pub(super) fn count_score_interval(m: f64, se: f64, t: f64) -> (f64, f64) {
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
