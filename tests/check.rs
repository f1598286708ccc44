//! Balance checks, proven rather than assumed: an unchanged experiment
//! raises false alarms at the rate alpha says; a small real rules change is
//! caught and the moved metrics named; another seed alone moves nothing;
//! `--exact` catches any change; a stale or missing baseline is bad input.

use crate::common;
use common::{fortunes, stderr, TempDir};
use fortunes::check::{compare, pool, Baseline};
use fortunes::experiment::{Experiment, Overrides};
use fortunes::system::VariantOutcome;
use statrs::distribution::{Binomial, DiscreteCDF};
use std::path::Path;

fn experiment(text: &str) -> Experiment {
    let table: toml::Table = toml::from_str(text).unwrap();
    Experiment::from_table("t", Path::new("t.toml"), &table, &Overrides::default()).unwrap()
}

fn play(experiment: &Experiment, seed: u64) -> Vec<VariantOutcome> {
    experiment.play(seed, 2).unwrap()
}

fn baseline_of(outcomes: &[VariantOutcome], seed: u64) -> Baseline {
    Baseline {
        version: env!("CARGO_PKG_VERSION").into(),
        seed,
        sums: outcomes.iter().map(|o| o.series.clone()).collect(),
    }
}

/// 200 checks of an unchanged experiment, each against a baseline of
/// other games: with one metric tested, the share of alarms must be
/// consistent with alpha (inside the central 99% of Binomial(200, alpha));
/// with several, Holm keeps it at most that.
#[test]
fn false_alarms_happen_at_the_rate_alpha_says() {
    let runs = 200u64;
    let alpha = 0.05;
    let binomial = Binomial::new(alpha, runs).unwrap();
    let (low, high) = (binomial.inverse_cdf(0.005), binomial.inverse_cdf(0.995));
    for (metrics, exact_rate) in [
        (r#"["rounds_per_turn"]"#, true),
        (
            r#"["initiative", "rounds_per_turn", "cards_left_at_turn_end"]"#,
            false,
        ),
    ] {
        let experiment = experiment(&format!(
            "system = \"haggerty\"\ngames = 1500\nmetrics = {metrics}\n"
        ));
        let (mut alarms, mut confirmed) = (0, 0);
        for run in 0..runs {
            let baseline = baseline_of(&play(&experiment, 3 * run), 3 * run);
            let first = play(&experiment, 3 * run + 1);
            let rows = compare(&experiment, &baseline, &first, alpha).unwrap();
            if rows.iter().any(|r| r.moved) {
                alarms += 1;
                // The confirmation: both runs pooled, tested again.
                let pooled = pool(&first, &play(&experiment, 3 * run + 2));
                let rows = compare(&experiment, &baseline, &pooled, alpha).unwrap();
                confirmed += rows.iter().any(|r| r.moved) as u64;
            }
        }
        eprintln!(
            "{metrics}: {alarms} alarms in {runs} checks at alpha {alpha}, {confirmed} confirmed"
        );
        assert!(confirmed <= high, "{metrics}: {confirmed} confirmed alarms");
        if exact_rate {
            assert!(
                (low..=high).contains(&alarms),
                "{metrics}: {alarms} alarms in {runs}; expected {low}..={high}"
            );
        } else {
            assert!(alarms <= high, "{metrics}: {alarms} alarms in {runs}");
        }
    }
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_small_rules_change_is_caught_and_named() {
    let temp = TempDir::new("check-power");
    let dir = temp.path();
    let reports = dir.join("reports");
    let reports = reports.to_str().unwrap();
    // The experiment names its rules by a preset file, as a designer's
    // suite would; the rules change happens in the preset.
    let preset = write(
        dir,
        "house.toml",
        "system = \"haggerty\"\n[rules]\njokers = 2\n",
    );
    let experiment = write(
        dir,
        "house-rules.toml",
        &format!(
            "system = \"haggerty\"\ngames = 100000\nrules = \"{preset}\"\n\
             metrics = [\"initiative\", \"unit_actions_per_turn\"]\n"
        ),
    );
    let output = fortunes(&["baseline", &experiment, "--reports", reports]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(dir.join("reports/house-rules/baseline.csv").is_file());

    // Unchanged: no alarm, on the default check seed or another.
    for extra in [vec![], vec!["--seed", "12345"]] {
        let mut args = vec!["check", &experiment, "--reports", reports];
        args.extend(extra);
        let output = fortunes(&args);
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert_eq!(output.status.code(), Some(0), "{stdout}{}", stderr(&output));
        assert!(stdout.contains("unchanged"), "{stdout}");
        assert!(stdout.contains("detectable"), "{stdout}");
    }
    // The exact check on the baseline's seed: identical.
    let output = fortunes(&["check", &experiment, "--reports", reports, "--exact"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("identical"));

    // One joker instead of two: 0.11 fewer unit actions a turn per side.
    write(
        dir,
        "house.toml",
        "system = \"haggerty\"\n[rules]\njokers = 1\n",
    );
    let output = fortunes(&["check", &experiment, "--reports", reports]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stdout}{}", stderr(&output));
    let moved: Vec<&str> = stdout.lines().filter(|l| l.contains("MOVED")).collect();
    assert!(
        moved.iter().any(|l| l.contains("unit_actions_per_turn a")),
        "{stdout}"
    );
    assert!(
        moved.iter().all(|l| !l.contains("initiative")),
        "initiative did not move: {stdout}"
    );
    let output = fortunes(&["check", &experiment, "--reports", reports, "--exact"]);
    assert_eq!(output.status.code(), Some(1));

    // Checking the folder: the worst exit of its experiments, and one
    // summary line per experiment with a baseline (the preset has none).
    let output = fortunes(&["check", dir.to_str().unwrap(), "--reports", reports]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stdout}{}", stderr(&output));
    assert!(
        stdout.contains("summary") && stdout.contains("house-rules"),
        "{stdout}"
    );
    assert!(!stdout.lines().any(|l| l.starts_with("house ")), "{stdout}");
}

#[test]
fn stale_or_missing_baselines_are_bad_input() {
    let temp = TempDir::new("check-stale");
    let dir = temp.path();
    let reports = dir.join("reports");
    let reports = reports.to_str().unwrap();
    let experiment = write(
        dir,
        "small.toml",
        "system = \"haggerty\"\ngames = 2000\nmetrics = [\"initiative\"]\n",
    );
    let output = fortunes(&["check", &experiment, "--reports", reports]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("fortunes baseline"),
        "{}",
        stderr(&output)
    );
    let output = fortunes(&["check", dir.to_str().unwrap(), "--reports", reports]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no experiment"),
        "{}",
        stderr(&output)
    );

    let output = fortunes(&["baseline", &experiment, "--reports", reports]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The experiment's own configuration changed: say which field.
    write(
        dir,
        "small.toml",
        "system = \"haggerty\"\ngames = 2000\nmetrics = [\"initiative\", \"joker_tie\"]\n",
    );
    let output = fortunes(&["check", &experiment, "--reports", reports]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("stale baseline") && message.contains("metrics"),
        "{message}"
    );
    let output = fortunes(&["check", &experiment, "--reports", reports, "--alpha", "1.5"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("between 0 and 1"));
}
