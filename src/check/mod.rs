//! Balance regression: a baseline records an experiment's exact sums, and
//! a check plays the experiment again and tests every metric of interest
//! for a real change, with the game as the independent unit and a Holm
//! correction over all the tests, or (`--exact`) demands identical figures.

use crate::engine::digest::digest_hex;
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{Experiment, BASELINE_CSV, BASELINE_TOML};
use crate::output::{self, OutputDir};
use crate::stats::{normal_quantile, SeriesSums};
use crate::system::VariantOutcome;
use statrs::distribution::{ContinuousCDF, Normal};
use std::path::Path;

mod alone;
pub mod suite;
pub mod verdict;

/// Power at which the check states the smallest change it would detect.
pub const POWER: f64 = 0.8;

/// Columns of baseline.csv after `variant` and the axes.
const COLUMNS: [&str; 13] = [
    "metric", "kind", "seat", "by", "level", "games", "value", "sum_y", "sum_x", "sum_yy",
    "sum_xx", "sum_xy", "version",
];

/// Writes `baseline.csv` (every series of every variant: games, value and
/// the exact sums a two-sample test needs) and `baseline.toml` (the
/// experiment as written, the seed and the version).
pub fn write_baseline(
    out: &mut OutputDir,
    experiment: &Experiment,
    outcomes: &[VariantOutcome],
) -> Result<()> {
    let csv_path = out.path().join(BASELINE_CSV);
    let mut writer = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| Error::output(&csv_path, e);
    let mut header = vec!["variant".to_string()];
    header.extend(experiment.axis_names());
    header.extend(COLUMNS.iter().map(|c| c.to_string()));
    writer.write_record(&header).map_err(fail)?;
    for (variant, outcome) in experiment.variants.iter().zip(outcomes) {
        for (series, sums) in experiment.system.series().iter().zip(&outcome.series) {
            let mut record = vec![variant.label.clone()];
            record.extend(variant.axes.iter().cloned());
            record.extend([
                series.metric.to_string(),
                series.kind.name().to_string(),
                series.seat.to_string(),
                series.by.to_string(),
                series.level.to_string(),
                sums.n.to_string(),
                sums.value().to_string(),
                sums.y.to_string(),
                sums.x.to_string(),
                sums.yy.to_string(),
                sums.xx.to_string(),
                sums.xy.to_string(),
                env!("CARGO_PKG_VERSION").to_string(),
            ]);
            writer.write_record(&record).map_err(fail)?;
        }
    }
    let table = writer
        .into_inner()
        .map_err(|e| Error::output(&csv_path, e.error()))?;
    let text = String::from_utf8(table).expect("the baseline is written from UTF-8 text");
    output::write_text(out, BASELINE_CSV, &text)?;
    let mut table = toml::Table::new();
    table.insert("fortunes_version".into(), env!("CARGO_PKG_VERSION").into());
    table.insert("seed".into(), (experiment.seed as i64).into());
    table.insert("table_digest".into(), digest_hex(text.as_bytes()).into());
    table.insert("experiment".into(), experiment.written.clone().into());
    output::write_text(
        out,
        BASELINE_TOML,
        &format!(
            "# The configuration baseline.csv was made from, and the digest of that\n\
             # table; `fortunes check` refuses an experiment that no longer matches it,\n\
             # and a table that does not match its digest. Rebuild with `fortunes baseline`.\n{}",
            toml::to_string(&table).expect("a table serialises")
        ),
    )
}

/// A baseline as read back.
#[derive(Clone, Debug)]
pub struct Baseline {
    pub version: String,
    pub seed: u64,
    /// Per variant, per series (in the system's order).
    pub sums: Vec<Vec<SeriesSums>>,
}

/// The first field where two experiment tables differ (descriptions aside):
/// its dotted path, the baseline's value and the current one.
fn first_difference(
    baseline: &toml::Table,
    now: &toml::Table,
    prefix: &str,
) -> Option<(String, String, String)> {
    let shown = |v: Option<&toml::Value>| v.map_or("(absent)".to_string(), |v| v.to_string());
    let mut keys: Vec<&String> = baseline.keys().chain(now.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        if prefix.is_empty() && key == "description" {
            continue;
        }
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match (baseline.get(key), now.get(key)) {
            (Some(toml::Value::Table(a)), Some(toml::Value::Table(b))) => {
                if let Some(found) = first_difference(a, b, &path) {
                    return Some(found);
                }
            }
            (a, b) if a != b => return Some((path, shown(a), shown(b))),
            _ => {}
        }
    }
    None
}

fn parse_u128(path: &Path, line: usize, column: &str, text: &str) -> Result<u128> {
    text.parse().map_err(|_| {
        Error::file(
            path,
            format!("line {line}: {column} = {text:?} is not a whole number"),
        )
    })
}

/// Reads the baseline of `experiment` from `dir`, refusing a missing one, a
/// malformed one, or one made from another configuration (naming the field).
pub fn read_baseline(dir: &Path, experiment: &Experiment) -> Result<Baseline> {
    let toml_path = dir.join(BASELINE_TOML);
    let csv_path = dir.join(BASELINE_CSV);
    if !csv_path.is_file() || !toml_path.is_file() {
        return Err(Error::file(
            &csv_path,
            format!(
                "no baseline for experiment {}; make one with `fortunes baseline FILE`",
                experiment.name
            ),
        ));
    }
    let text = crate::presets::read_input(&toml_path)?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(&toml_path, e))?;
    let version = table
        .get("fortunes_version")
        .and_then(|v| v.as_str())
        .unwrap_or("unknown")
        .to_string();
    let seed = match table.get("seed") {
        Some(toml::Value::Integer(seed)) if *seed >= 0 => *seed as u64,
        other => {
            return Err(Error::file(
                &toml_path,
                format!("seed = {other:?}; allowed: an integer >= 0"),
            ))
        }
    };
    let written = match table.get("experiment") {
        Some(toml::Value::Table(written)) => written,
        _ => {
            return Err(Error::file(
                &toml_path,
                "missing [experiment]; rebuild the baseline with `fortunes baseline FILE`",
            ))
        }
    };
    if let Some((field, was, now)) = first_difference(written, &experiment.written, "") {
        return Err(Error::file(
            &toml_path,
            format!(
                "stale baseline: the experiment's {field} was {was} and is now {now}; \
                 rebuild it with `fortunes baseline FILE`"
            ),
        ));
    }
    let rebuild = "rebuild it with `fortunes baseline FILE`";
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut crate::presets::open_input(&csv_path)?, &mut text)
        .map_err(|e| Error::file(&csv_path, e))?;
    match table.get("table_digest") {
        Some(toml::Value::String(digest)) if *digest == digest_hex(&text) => {}
        Some(_) => {
            return Err(Error::file(
                &csv_path,
                format!("damaged baseline: the table does not match the digest in {BASELINE_TOML} (cut short or edited); {rebuild}"),
            ))
        }
        None => {
            return Err(Error::file(
                &toml_path,
                format!("no table_digest: written by an older fortunes, or edited; {rebuild}"),
            ))
        }
    }
    let mut reader = csv::Reader::from_reader(text.as_slice());
    let header = reader
        .headers()
        .map_err(|e| Error::file(&csv_path, e))?
        .clone();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| Error::file(&csv_path, format!("no column {name:?}; {rebuild}")))
    };
    let at: Vec<usize> = ["variant", "metric", "seat", "by", "level", "games"]
        .iter()
        .chain(["sum_y", "sum_x", "sum_yy", "sum_xx", "sum_xy"].iter())
        .map(|c| column(c))
        .collect::<Result<_>>()?;
    let series = experiment.system.series();
    let mut sums: Vec<Vec<Option<SeriesSums>>> =
        vec![vec![None; series.len()]; experiment.variants.len()];
    let most_games = experiment.stop().max_games();
    for (line, record) in reader.records().enumerate() {
        let line = line + 2;
        let record = record.map_err(|e| Error::file(&csv_path, e))?;
        let get = |i: usize| record.get(at[i]).unwrap_or_default();
        let Some(v) = experiment.variants.iter().position(|v| v.label == get(0)) else {
            continue;
        };
        let Some(s) = series.iter().position(|s| {
            s.metric == get(1) && s.seat == get(2) && s.by == get(3) && s.level == get(4)
        }) else {
            continue;
        };
        let number = |i: usize, name: &str| parse_u128(&csv_path, line, name, get(i));
        let games = get(5).parse::<u64>().map_err(|_| {
            Error::file(
                &csv_path,
                format!("line {line}: games = {:?}; allowed: a whole number of games, 2 to {most_games}", get(5)),
            )
        })?;
        let row = SeriesSums {
            n: games,
            y: number(6, "sum_y")?,
            x: number(7, "sum_x")?,
            yy: number(8, "sum_yy")?,
            xx: number(9, "sum_xx")?,
            xy: number(10, "sum_xy")?,
        };
        let impossible = if !(2..=most_games).contains(&games) {
            Some(format!(
                "{games} games, where the experiment plays 2 to {most_games}"
            ))
        } else {
            row.impossible().map(str::to_string)
        };
        if let Some(why) = impossible {
            return Err(Error::file(
                &csv_path,
                format!(
                    "damaged baseline, line {line} (variant {}, series {}): {why}; {rebuild}",
                    experiment.variants[v].label,
                    series[s].label()
                ),
            ));
        }
        if sums[v][s].replace(row).is_some() {
            return Err(Error::file(
                &csv_path,
                format!(
                    "damaged baseline, line {line}: a second row for variant {} series {}; {rebuild}",
                    experiment.variants[v].label,
                    series[s].label()
                ),
            ));
        }
    }
    let sums = sums
        .into_iter()
        .enumerate()
        .map(|(v, row)| {
            row.into_iter()
                .enumerate()
                .map(|(s, sums)| {
                    sums.ok_or_else(|| {
                        Error::file(
                            &csv_path,
                            format!(
                                "stale baseline: no row for variant {} series {}; {rebuild}",
                                experiment.variants[v].label,
                                series[s].label()
                            ),
                        )
                    })
                })
                .collect::<Result<Vec<_>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    // Every series of a variant counts the same games.
    for (v, row) in sums.iter().enumerate() {
        if let Some(other) = row.iter().find(|s| s.n != row[0].n) {
            return Err(Error::file(
                &csv_path,
                format!(
                    "damaged baseline: variant {} has series of {} and of {} games, where every series counts every game; {rebuild}",
                    experiment.variants[v].label, row[0].n, other.n
                ),
            ));
        }
    }
    Ok(Baseline {
        version,
        seed,
        sums,
    })
}

/// Whether a series' test is in the family Holm corrects over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Tested,
    /// The same value in every game of both runs (a rule-fixed figure):
    /// nothing to test, and a p of 1 would only pad the family.
    Constant,
    /// Game by game the same as another series of the variant (index into
    /// `SERIES`), or its complement (seat b's share of what seat a does not
    /// win): the same test again.
    Same(usize),
    Mirror(usize),
}

/// One metric of one variant, tested for a change.
#[derive(Clone, Debug)]
pub struct CheckRow {
    pub variant: usize,
    pub series: usize,
    pub standing: Standing,
    pub baseline: f64,
    pub now: f64,
    pub change: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    pub p: f64,
    /// Holm-adjusted over every test of the check.
    pub adjusted: f64,
    pub moved: bool,
    /// The smallest change the check detects with 80% power at these games.
    pub detectable: f64,
}

/// Two-sample test of the change in a ratio estimate between independent
/// runs, each with the game as its unit (delta-method standard errors):
/// (change, standard error, two-sided p).
pub fn two_sample(baseline: &SeriesSums, now: &SeriesSums) -> (f64, f64, f64) {
    let change = now.value() - baseline.value();
    let se = (baseline.standard_error().powi(2) + now.standard_error().powi(2)).sqrt();
    if change.is_nan() || se.is_nan() {
        return (change, se, if change == 0.0 { 1.0 } else { f64::NAN });
    }
    if se == 0.0 {
        // Both runs constant: any change is certain, none is none.
        return (change, 0.0, if change == 0.0 { 1.0 } else { 0.0 });
    }
    let z = change / se;
    let p = 2.0 * (1.0 - Normal::standard().cdf(z.abs()));
    (change, se, p)
}

/// Holm's step-down adjustment: adjusted p-values in the input order.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![1.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        let value = if p[i].is_nan() {
            1.0
        } else {
            ((m - rank) as f64 * p[i]).min(1.0)
        };
        running = running.max(value);
        adjusted[i] = running;
    }
    adjusted
}

/// Tests every series of every metric of interest in every variant, with
/// Holm's correction over these tests alone.
pub fn compare(
    experiment: &Experiment,
    baseline: &Baseline,
    outcomes: &[VariantOutcome],
    alpha: f64,
) -> Result<Vec<CheckRow>> {
    let mut rows = raw_tests(experiment, baseline, outcomes)?;
    adjust(&mut rows, alpha);
    Ok(rows)
}

/// How `b` relates to `a` when both hold the same games: the same series
/// (every sum equal), its complement (b = x - a in every game: the sums
/// Σb, Σb², Σxb are those of x - a), or neither. Exact integer sums of
/// squares and cross products that agree this way do not agree by chance;
/// and a test so matched only takes the verdict of the one it repeats.
fn relation(a: &SeriesSums, b: &SeriesSums) -> Option<bool> {
    if a.n != b.n || a.x != b.x || a.xx != b.xx || a.x == 0 {
        return None;
    }
    if a.y == b.y && a.yy == b.yy && a.xy == b.xy {
        return Some(false);
    }
    let mirror_yy = (a.xx + a.yy).checked_sub(2 * a.xy);
    let mirror_xy = a.xx.checked_sub(a.xy);
    (a.y + b.y == a.x && Some(b.yy) == mirror_yy && Some(b.xy) == mirror_xy).then_some(true)
}

/// The tests before any correction: `adjusted` unset, `detectable` holding
/// the standard error of the change until `adjust` scales it. A series
/// constant in both runs, or the same as (or the mirror of) an earlier one
/// in both runs, is not tested (`Standing`).
pub fn raw_tests(
    experiment: &Experiment,
    baseline: &Baseline,
    outcomes: &[VariantOutcome],
) -> Result<Vec<CheckRow>> {
    let watched = experiment.watched_series();
    let series = experiment.system.series();
    let mut rows = Vec::new();
    for (v, outcome) in outcomes.iter().enumerate() {
        for (i, &s) in watched.iter().enumerate() {
            let (base, now) = (&baseline.sums[v][s], &outcome.series[s]);
            // No game of either run had a denominator: nothing to test.
            let neither = base.x == 0 && now.x == 0;
            let (change, se, p) = if neither {
                (0.0, 0.0, 1.0)
            } else {
                two_sample(base, now)
            };
            if p.is_nan() {
                // A test that cannot be computed is never a pass.
                let why = match (base.x == 0, now.x == 0) {
                    (true, _) => "the baseline has no game where it is defined and this run has",
                    (_, true) => "this run has no game where it is defined and the baseline has",
                    _ => "fewer than two games in a run",
                };
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "{}: variant {} series {} cannot be tested: {why}; \
                     play more games (rebuild the baseline with `fortunes baseline FILE`), \
                     or leave the metric out of the experiment's metrics",
                    experiment.name,
                    experiment.variants[v].label,
                    series[s].label()
                ))));
            }
            let earlier = watched[..i].iter().find_map(|&e| {
                let before = relation(&baseline.sums[v][e], base)?;
                (relation(&outcome.series[e], now)? == before).then_some((e, before))
            });
            let standing = match earlier {
                _ if se == 0.0 && change == 0.0 => Standing::Constant,
                Some((e, false)) => Standing::Same(e),
                Some((e, true)) => Standing::Mirror(e),
                None => Standing::Tested,
            };
            rows.push(CheckRow {
                variant: v,
                series: s,
                standing,
                baseline: base.value(),
                now: now.value(),
                change,
                ci_low: change - 1.959964 * se,
                ci_high: change + 1.959964 * se,
                p,
                adjusted: f64::NAN,
                moved: false,
                detectable: se,
            });
        }
    }
    Ok(rows)
}

/// The tests Holm corrects over.
pub fn family(rows: &[CheckRow]) -> usize {
    rows.iter()
        .filter(|r| r.standing == Standing::Tested)
        .count()
}

/// Holm's correction over the tested `rows`, one family: whatever they
/// hold (one experiment, or every experiment of a suite), an unchanged
/// family raises an alarm with probability at most `alpha`. A row left
/// out takes the verdict of the one it repeats.
pub fn adjust(rows: &mut [CheckRow], alpha: f64) {
    let tested: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].standing == Standing::Tested)
        .collect();
    let adjusted = holm(&tested.iter().map(|&i| rows[i].p).collect::<Vec<_>>());
    // The strictest step of Holm is Bonferroni's alpha / m: the detectable
    // change is stated at it, so "no change" means at least this little.
    let m = tested.len().max(1) as f64;
    let multiplier = normal_quantile(1.0 - alpha / (2.0 * m)) + normal_quantile(POWER);
    for row in rows.iter_mut() {
        row.adjusted = f64::NAN;
        row.moved = false;
    }
    for (&i, adjusted) in tested.iter().zip(adjusted) {
        rows[i].adjusted = adjusted;
        rows[i].moved = adjusted <= alpha;
    }
    for i in 0..rows.len() {
        rows[i].detectable *= multiplier;
        let repeats = match rows[i].standing {
            Standing::Same(e) | Standing::Mirror(e) => Some(e),
            _ => None,
        };
        if let Some(e) = repeats {
            let variant = rows[i].variant;
            if let Some(first) = rows.iter().find(|r| r.variant == variant && r.series == e) {
                let (adjusted, moved) = (first.adjusted, first.moved);
                rows[i].adjusted = adjusted;
                rows[i].moved = moved;
            }
        }
    }
}

/// A run's outcomes pooled with another's on fresh seeds: the same
/// variants over both runs' games, exact sums merged.
pub fn pool(first: &[VariantOutcome], second: &[VariantOutcome]) -> Vec<VariantOutcome> {
    first
        .iter()
        .zip(second)
        .map(|(a, b)| {
            let mut pooled = a.clone();
            pooled.games += b.games;
            for (mine, theirs) in pooled.series.iter_mut().zip(&b.series) {
                *mine += theirs;
            }
            pooled
        })
        .collect()
}

/// Every series of every variant whose sums differ from the baseline's.
pub fn exact_differences(baseline: &Baseline, outcomes: &[VariantOutcome]) -> Vec<(usize, usize)> {
    let mut differ = Vec::new();
    for (v, outcome) in outcomes.iter().enumerate() {
        for (s, sums) in outcome.series.iter().enumerate() {
            if baseline.sums[v][s] != *sums {
                differ.push((v, s));
            }
        }
    }
    differ
}

/// The seed a statistical check plays: not the baseline's, so the two
/// samples are independent and the test's alpha is honest.
pub fn check_seed(baseline_seed: u64) -> u64 {
    baseline_seed.wrapping_add(1)
}

/// The fresh seed an alarm is confirmed on: neither the baseline's nor
/// the check's.
pub fn confirmation_seed(baseline_seed: u64) -> u64 {
    baseline_seed.wrapping_add(2)
}

/// Refuses `--exact` against a baseline of another version.
pub fn require_same_version(baseline: &Baseline, dir: &Path) -> Result<()> {
    if baseline.version != env!("CARGO_PKG_VERSION") {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "{}: stale baseline for --exact: made by fortunes {}, this is {}; rebuild it with `fortunes baseline FILE`",
            dir.join(BASELINE_TOML).display(),
            baseline.version,
            env!("CARGO_PKG_VERSION")
        ))));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Ratio;

    #[test]
    fn holm_matches_a_worked_example() {
        // p = 0.01, 0.04, 0.03, 0.005 (m = 4): sorted 0.005, 0.01, 0.03, 0.04
        // adjusted 0.02, 0.03, 0.06, 0.06.
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!((a - e).abs() < 1e-12, "{adjusted:?}");
        }
    }

    /// Seat b's share of what seat a does not win, and a copy of a
    /// series, repeat its test; a series that is neither does not.
    #[test]
    fn mirrors_and_copies_are_found_from_the_sums() {
        let (mut a, mut b, mut copy, mut other) = Default::default();
        let record = |sums: &mut SeriesSums, y: u64, x: u64| sums.record(Ratio::new(y, x));
        for game in 0..50u64 {
            let x = 3 + game % 5;
            let y = (game * 7) % (x + 1);
            record(&mut a, y, x);
            record(&mut b, x - y, x);
            record(&mut copy, y, x);
            record(&mut other, (game * 5) % (x + 1), x);
        }
        assert_eq!(relation(&a, &b), Some(true));
        assert_eq!(relation(&a, &copy), Some(false));
        assert_eq!(relation(&a, &other), None);
        // The same totals but another spread over games: not a mirror.
        let mut shuffled = SeriesSums::default();
        for game in 0..50u64 {
            let x = 3 + game % 5;
            record(&mut shuffled, x - (game * 7 + 1) % (x + 1), x);
        }
        assert_eq!(relation(&a, &shuffled), None);
    }

    #[test]
    fn two_sample_of_equal_runs_finds_nothing() {
        let mut sums = SeriesSums::default();
        for i in 0..100u64 {
            sums.record(crate::stats::Ratio::new(i % 3, 1 + i % 2));
        }
        let (change, se, p) = two_sample(&sums, &sums);
        assert_eq!(change, 0.0);
        assert!(se > 0.0);
        assert!((p - 1.0).abs() < 1e-12);
    }
}
