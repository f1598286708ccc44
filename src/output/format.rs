//! The one way a number is written for a person, in every table, report
//! and answer: to its interval's precision, or four decimals, and three
//! significant digits below 0.001, where decimals would round a rare
//! event away.

/// A figure to read: four decimals, or three significant digits below
/// 0.001, where four decimals would read 0.0000 (a one-in-ten-million
/// event is 9.92e-8, not nothing); "n/a" when there is none.
pub fn number(x: f64) -> String {
    fixed(x, 4)
}

/// `x` to `digits` decimals (`digits` from `digits`); a figure below
/// 0.001 to three significant digits when the decimals would round it
/// away; "n/a" when there is none.
pub fn fixed(x: f64, digits: usize) -> String {
    if x.is_nan() {
        "n/a".to_string()
    } else if x != 0.0 && x.abs() < 1e-3 && digits <= 4 {
        format!("{x:.2e}")
    } else {
        format!("{x:.digits$}")
    }
}

/// The decimals that show a value to its interval's precision: one past
/// the first the half-width reaches, 1 to 8 (4 without an interval).
pub fn digits(half_width: f64) -> usize {
    if !half_width.is_finite() || half_width <= 0.0 {
        return 4;
    }
    ((-half_width.log10()).ceil() as i64 + 1).clamp(1, 8) as usize
}

/// `number`, with its sign.
pub fn signed_number(x: f64) -> String {
    if x.is_nan() {
        "n/a".to_string()
    } else if x != 0.0 && x.abs() < 1e-3 {
        format!("{x:+.2e}")
    } else {
        format!("{x:+.4}")
    }
}

/// The one way an interval is written for a person: `[low, high]`, or
/// "n/a" when there are too few games for one (fewer than two).
pub fn interval_text(low: f64, high: f64, format: impl Fn(f64) -> String) -> String {
    if low.is_nan() || high.is_nan() {
        "n/a".to_string()
    } else {
        format!("[{}, {}]", format(low), format(high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_to_their_precision() {
        assert_eq!(number(0.5), "0.5000");
        assert_eq!(number(9.92e-8), "9.92e-8");
        assert_eq!(number(f64::NAN), "n/a");
        assert_eq!(signed_number(0.25), "+0.2500");
        assert_eq!(digits(0.004), 4);
        assert_eq!(fixed(0.123456, digits(0.004)), "0.1235");
        assert_eq!(interval_text(0.1, 0.2, number), "[0.1000, 0.2000]");
        assert_eq!(interval_text(0.1, f64::NAN, number), "n/a");
    }
}
