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

/// A house-rules experiment and its baseline in `dir/reports`: the
/// experiment names its rules by a preset file (`house.toml`, two jokers),
/// as a designer's suite would, so a rules change happens in the preset.
/// `extra` ends the experiment file. Gives the reports folder and the
/// experiment file.
fn house_rules(dir: &Path, extra: &str) -> (String, String) {
    let reports = dir.join("reports").to_str().unwrap().to_string();
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
             metrics = [\"initiative\", \"unit_actions_per_turn\"]\n{extra}"
        ),
    );
    let output = fortunes(&["baseline", &experiment, "--reports", &reports]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    (reports, experiment)
}

#[test]
fn a_small_rules_change_is_caught_and_named() {
    let temp = TempDir::new("check-power");
    let dir = temp.path();
    let (reports, experiment) = house_rules(dir, "");
    let reports = reports.as_str();
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

/// The rows of a CSV file, each a map from column to cell.
fn csv_rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .zip(r.iter())
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

/// `check --out`: the run the check played is written as a run folder,
/// its verdict at the top of report.md and report.html and every test in
/// check.csv, whose `now` is the run's own figure; a moved check writes
/// its folder too (and still exits 1); `--exact` writes its comparison; a
/// suite writes one folder per experiment.
#[test]
fn a_checks_folder_shows_its_verdict_beside_the_run() {
    let temp = TempDir::new("check-out");
    let dir = temp.path();
    let (reports, experiment) = house_rules(dir, "[sweep]\nhand_size_a = [5, 6]\n");
    let reports = reports.as_str();

    // `check TARGET --out DIR/NAME [EXTRA]`: its exit code, the report
    // `md` in that folder, and the folder.
    let check_into = |target: &str, name: &str, md: &str, extra: &[&str]| {
        let out = dir.join(name);
        let mut args = vec!["check", target, "--reports", reports, "--out"];
        args.push(out.to_str().unwrap());
        args.extend(extra);
        let output = fortunes(&args);
        let report = std::fs::read_to_string(out.join(md))
            .unwrap_or_else(|e| panic!("{e}: {}", stderr(&output)));
        (output.status.code(), report, out)
    };
    let (code, report, out) = check_into(&experiment, "unchanged", "report.md", &[]);
    assert_eq!(code, Some(0), "{report}");
    let verdict = report.find("## Balance check").expect("a verdict section");
    assert!(report[verdict..].contains("**Unchanged**"), "{report}");
    assert!(verdict < report.find("## initiative").unwrap(), "{report}");
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("<h2>Balance check</h2>") && html.contains("Unchanged"));
    let run = std::fs::read_to_string(out.join("run.toml")).unwrap();
    // The check plays the baseline's seed + 1, and its run.toml says so.
    assert!(run.contains("\nseed = 2\n"), "{run}");
    let tests = csv_rows(&out.join("check.csv"));
    let figures = csv_rows(&out.join("metrics.csv"));
    // Two variants, two metrics of interest, each for seats a and b.
    assert_eq!(
        tests.len(),
        2 * 2 * 2,
        "one test row per watched series and variant"
    );
    for test in &tests {
        assert_eq!(test["moved"], "false", "{test:?}");
        let figure = figures
            .iter()
            .find(|f| {
                ["variant", "hand_size_a", "metric", "seat", "by", "level"]
                    .iter()
                    .all(|k| f[*k] == test[*k])
            })
            .unwrap_or_else(|| panic!("{test:?} is a series of metrics.csv"));
        assert_eq!(test["now"], figure["value"], "{test:?}");
    }
    assert!(tests.iter().any(|t| t["standing"] == "tested"));

    // One joker: the verdict says MOVED, in the report and the table.
    write(
        dir,
        "house.toml",
        "system = \"haggerty\"\n[rules]\njokers = 1\n",
    );
    let (code, report, out) = check_into(&experiment, "moved", "report.md", &[]);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("**MOVED**"), "{report}");
    let tests = csv_rows(&out.join("check.csv"));
    assert!(tests.iter().any(|t| t["metric"] == "unit_actions_per_turn"
        && t["seat"] == "a"
        && t["moved"] == "true"));
    let (code, report, out) = check_into(&experiment, "exact", "report.md", &["--exact"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("`--exact`") && report.contains("figures differ"),
        "{report}"
    );
    let tests = csv_rows(&out.join("check.csv"));
    assert!(tests.iter().any(|t| t["moved"] == "true"));

    // A suite: one folder per experiment with a baseline, by name.
    write(
        dir,
        "house.toml",
        "system = \"haggerty\"\n[rules]\njokers = 2\n",
    );
    let (code, report, out) = check_into(
        dir.to_str().unwrap(),
        "suite",
        "house-rules/report.md",
        &["--exact"],
    );
    assert_eq!(code, Some(0), "{report}");
    assert!(report.contains("**Identical**"), "{report}");
    assert!(!out.join("house").exists());

    // A shard judges nothing, so it writes no verdict.
    let output = fortunes(&[
        "check",
        &experiment,
        "--reports",
        reports,
        "--shard",
        "1/2",
        "--parts",
        dir.join("parts").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

/// `check DIR --json`'s verdicts, by experiment name.
fn verdicts(args: &[&str]) -> (Option<i32>, Vec<serde_json::Value>) {
    let output = fortunes(args);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let all: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}{}", stderr(&output)));
    (output.status.code(), all.as_array().unwrap().clone())
}

/// The smallest Holm p of one experiment's tests in `check --json`.
fn smallest_holm_p(verdict: &serde_json::Value) -> f64 {
    verdict["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["holm_p"].as_f64())
        .fold(f64::NAN, f64::min)
}

#[test]
fn each_experiment_of_a_suite_is_also_judged_as_its_own_check_would() {
    let temp = TempDir::new("check-each");
    let dir = temp.path();
    let (reports, _) = house_rules(dir, "");
    let reports = reports.as_str();
    let steady = write(
        dir,
        "steady.toml",
        "system = \"haggerty\"\ngames = 20000\nmetrics = [\"initiative\"]\n",
    );
    let output = fortunes(&["baseline", &steady, "--reports", reports]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let suite = dir.to_str().unwrap();

    // Unchanged, then one joker fewer in the house rules' preset (the
    // steady experiment does not name it).
    for (jokers, code) in [(2, 0), (1, 1)] {
        write(
            dir,
            "house.toml",
            &format!("system = \"haggerty\"\n[rules]\njokers = {jokers}\n"),
        );
        let (got, each) = verdicts(&["check", suite, "--reports", reports, "--each", "--json"]);
        assert_eq!(got, Some(code), "{each:?}");
        assert_eq!(each.len(), 2, "{each:?}");
        for verdict in &each {
            let name = verdict["experiment"].as_str().unwrap();
            let file = dir.join(format!("{name}.toml"));
            let (own_code, own) = verdicts(&[
                "check",
                file.to_str().unwrap(),
                "--reports",
                reports,
                "--json",
            ]);
            let (own, alone) = (&own[0], &verdict["alone"]);
            // Exactly the check of its file alone: status, family, smallest
            // Holm p and the seed an alarm was confirmed on.
            assert_eq!(alone["status"], own["status"], "{name}: {alone} {own}");
            assert_eq!(alone["family"], own["family"], "{name}: {alone} {own}");
            assert_eq!(
                alone["confirmed_on_seed"], own["confirmed_on_seed"],
                "{name}"
            );
            let p = alone["smallest_holm_p"].as_f64().unwrap();
            assert!(
                (p - smallest_holm_p(own)).abs() < 1e-12,
                "{name}: {p} {own}"
            );
            let moved = name == "house-rules" && jokers == 1;
            assert_eq!(own_code, Some(if moved { 1 } else { 0 }), "{name}");
            assert_eq!(alone["status"], if moved { "moved" } else { "unchanged" });
            // A smaller family corrects less: never a larger Holm p.
            if verdict["confirmed_on_seed"].is_null() && alone["confirmed_on_seed"].is_null() {
                assert!(
                    p <= smallest_holm_p(verdict) + 1e-12,
                    "{name}: {p} {verdict}"
                );
            }
        }
    }
    // Where the verdicts part. Unchanged, the house rules' smallest Holm p
    // is smaller on its own than in the suite; at an alpha between the two
    // (no confirmation, which would pool another seed), the suite stands
    // unchanged, the experiment alone MOVED, and the exit says so.
    write(
        dir,
        "house.toml",
        "system = \"haggerty\"\n[rules]\njokers = 2\n",
    );
    let first = [
        "check",
        suite,
        "--reports",
        reports,
        "--each",
        "--no-confirm",
    ];
    let (_, each) = verdicts(&[&first[..], &["--json"]].concat());
    let house = each
        .iter()
        .find(|v| v["experiment"] == "house-rules")
        .unwrap();
    let own = house["alone"]["smallest_holm_p"].as_f64().unwrap();
    let in_suite = smallest_holm_p(house);
    assert!(
        own < in_suite,
        "{own} {in_suite}: the smaller family corrects less"
    );
    let alpha = ((own + in_suite) / 2.0).to_string();
    let (code, each) = verdicts(&[&first[..], &["--json", "--alpha", &alpha]].concat());
    assert_eq!(code, Some(1), "{each:?}");
    for verdict in &each {
        let own = verdict["alone"]["smallest_holm_p"].as_f64().unwrap();
        let alpha: f64 = alpha.parse().unwrap();
        let expect = |p: f64| if p < alpha { "moved" } else { "unchanged" };
        assert_eq!(verdict["alone"]["status"], expect(own), "{verdict}");
        assert_eq!(
            verdict["status"],
            expect(smallest_holm_p(verdict)),
            "{verdict}"
        );
    }
    let house = each
        .iter()
        .find(|v| v["experiment"] == "house-rules")
        .unwrap();
    assert_eq!(
        (&house["status"], &house["alone"]["status"]),
        (&"unchanged".into(), &"moved".into())
    );
    let output = fortunes(&[&first[..], &["--alpha", &alpha]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    let line = stdout
        .lines()
        .rfind(|l| l.starts_with("house-rules"))
        .unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[4], "unchanged", "the suite's status: {line}");
    assert_eq!(words.last(), Some(&"MOVED"), "its own: {line}");

    // The text: each experiment's own verdict under its table, and the
    // summary's columns for it.
    write(
        dir,
        "house.toml",
        "system = \"haggerty\"\n[rules]\njokers = 1\n",
    );
    let output = fortunes(&["check", suite, "--reports", reports, "--each"]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("on its own (Holm over its "), "{stdout}");
    assert!(stdout.contains("alone: tests"), "{stdout}");
    let house = stdout
        .lines()
        .rfind(|l| l.starts_with("house-rules"))
        .unwrap();
    assert!(house.trim_end().ends_with("MOVED"), "{stdout}");

    // --each needs a folder, and a statistical check; a folder that is
    // not there is named as such.
    let house = dir.join("house-rules.toml");
    let missing = dir.join("no-such-folder");
    let missing = missing.to_str().unwrap();
    for args in [
        vec!["check", house.to_str().unwrap(), "--each"],
        vec!["check", suite, "--each", "--exact"],
        vec![
            "check", suite, "--each", "--shard", "1/2", "--parts", missing,
        ],
    ] {
        let mut args = args;
        args.extend(["--reports", reports]);
        let output = fortunes(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains("--each"), "{}", stderr(&output));
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    let output = fortunes(&["check", missing, "--each", "--reports", reports]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        !stderr(&output).contains("one experiment") && stderr(&output).contains("no-such-folder"),
        "{}",
        stderr(&output)
    );
}
