//! A variant against the reference over the games both played: the
//! paired sums, and the difference with its paired and unpaired standard
//! errors.

use super::series::{no_event_bound, steady_interval, t_quantile, Kind, Ratio, SeriesSums};
use std::ops::AddAssign;

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
        // Every u_i exactly 0 (checked in integers) is a paired error of
        // exactly 0, whatever rounding leaves of the float sums.
        let steady = self.steady();
        let paired_se = match steady {
            true => 0.0,
            false => ((aa - 2.0 * cross + bb).max(0.0) / scale).sqrt(),
        };
        let unpaired_se = ((aa + bb) / scale).sqrt();
        let (ci_low, ci_high) = if steady || paired_se == 0.0 {
            if fixed && steady {
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
