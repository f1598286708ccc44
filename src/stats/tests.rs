//! The statistics against published values and exact answers.

use super::series::{count_score_interval, rate_score_interval};
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
        let row = SummaryRow::rate("initiative", "a", "card", "AS".into(), Rate::new(0, trials));
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
