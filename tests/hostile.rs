//! Hostile and careless input ends in a clear error and exit 2, never a
//! panic (101), an abort (134) or a hang: sweeps that overflow, nested
//! expressions that would overflow the stack, endless input files,
//! misplaced keys, values one path accepted and the other refused, and a
//! stderr nobody can write to.

mod common;
use common::{fortunes, stderr, TempDir};
use std::process::{Command, Stdio};

fn refused(args: &[&str], says: &str) {
    let output = fortunes(args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one message: {err}");
}

fn experiment(dir: &TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn sweeps_that_overflow_are_refused_before_anything_is_allocated() {
    let dir = TempDir::new("hostile-sweeps");
    let whole = experiment(
        &dir,
        "whole.toml",
        "system = \"haggerty\"\n[sweep]\nhand_size_a = { from = -9223372036854775808, to = 9223372036854775807 }\n",
    );
    refused(&["run", &whole], "at most 10,000 values");
    // A grid of more than 2^64 variants, which a plain usize product
    // would wrap around (to a count that passes the cap).
    let list = |n: u64| {
        let values: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
        format!("[{}]", values.join(", "))
    };
    let text = format!(
        "system = \"skirmish\"\n[sweep]\ncommander_points = {{ from = 0, to = 1000 }}\n\
         a.morale_target = {{ from = 0, to = 100 }}\nb.morale_target = {{ from = 0, to = 100 }}\n\
         cards_per_value = [1, 2, 3, 4]\nhand_size = [1, 2, 3, 4, 5, 6]\n\
         foot_inches = {{ from = 1, to = 12 }}\nresult_reading = [\"clamp\", \"natural_extremes\"]\n\
         morale_pass = [\"strictly_under\", \"at_or_under\"]\n\
         [sweep.scenario]\ndistance = {}\nspread = {}\nfirst = [\"a\", \"b\"]\nattacker = [\"a\", \"b\"]\n",
        list(8192),
        list(8192)
    );
    let huge = experiment(&dir, "huge.toml", &text);
    refused(&["run", &huge], "variants; at most 10000");
}

#[test]
fn deep_expressions_are_refused_with_the_limit_named() {
    let dir = TempDir::new("hostile-ask");
    let out = dir.path().join("run");
    let output = fortunes(&[
        "run",
        "haggerty",
        "--games",
        "50",
        "--records",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let run = out.to_str().unwrap();
    let nested = format!("{}rounds > 1{}", "(".repeat(300), ")".repeat(300));
    let output = fortunes(&["ask", run, &nested]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("nested more than 256 deep"));
    for long in [
        format!("{}rounds > 1{}", "(".repeat(4000), ")".repeat(4000)),
        format!("{}true", "not ".repeat(30_000)),
        vec!["rounds > 1"; 3000].join(" and "),
    ] {
        let output = fortunes(&["ask", run, &long]);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(stderr(&output).contains("an expression has at most 4096"));
    }
}

#[test]
fn endless_or_misplaced_input_is_refused() {
    refused(
        &["run", "haggerty", "--rules", "/dev/zero"],
        "larger than 16 MiB",
    );
    let dir = TempDir::new("hostile-rules");
    for (text, says) in [
        (
            "turns = 1\n",
            "turns: unknown key (a rule value goes in [rules])",
        ),
        ("system = 5\n", "system: 5; allowed: a string"),
        ("games = \"x\"\n", "games: \"x\"; allowed: an integer >= 1"),
    ] {
        let file = experiment(&dir, "rules.toml", text);
        refused(&["run", "haggerty", "--rules", &file], says);
    }
}

#[test]
fn the_command_line_and_files_accept_the_same_values() {
    refused(
        &["run", "haggerty", "--seed", "18446744073709551615"],
        "allowed: an integer from 0 to 9223372036854775807",
    );
    for h in ["0", "NaN", "inf", "1e308", "-1"] {
        refused(
            &["run", "haggerty", &format!("--precision={h}")],
            "allowed: a number > 0 and at most 1e9",
        );
    }
    let dir = TempDir::new("hostile-values");
    let many = experiment(
        &dir,
        "many.toml",
        "system = \"haggerty\"\ngames = 2000000000000\n",
    );
    refused(
        &["run", &many],
        "allowed: an integer from 1 to 1000000000000",
    );
    let wide = experiment(
        &dir,
        "wide.toml",
        "system = \"haggerty\"\nprecision = 1e308\n",
    );
    refused(&["run", &wide], "allowed: a number > 0 and at most 1e9");
}

#[test]
fn a_full_stderr_is_no_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    for args in [
        vec!["run", "haggerty", "--games", "100"],
        vec!["run", "no-such-system"],
    ] {
        let status = Command::new(env!("CARGO_BIN_EXE_fortunes"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .stderr(full.try_clone().unwrap())
            .status()
            .unwrap();
        assert!(matches!(status.code(), Some(0 | 2)), "{args:?}: {status:?}");
    }
}

/// A run file fortunes wrote replays only whole: one cut short at a line
/// or missing a key is refused as damaged, never replayed as another run
/// with defaults in the gaps.
#[test]
fn a_damaged_run_file_is_refused() {
    let dir = TempDir::new("hostile-run-file");
    let out = dir.path().join("out");
    let output = fortunes(&[
        "run",
        "haggerty",
        "--games",
        "100",
        "--set",
        "hand_size_a=5",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let whole = std::fs::read_to_string(out.join("run.toml")).unwrap();
    let replay = |text: &str| {
        let file = experiment(&dir, "run-copy.toml", text);
        fortunes(&[
            "run",
            &file,
            "--quiet",
            "--out",
            dir.path().join("again").to_str().unwrap(),
        ])
    };
    assert!(replay(&whole).status.success());
    let lines: Vec<&str> = whole.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n") + "\n";
    let without: String = lines
        .iter()
        .filter(|l| !l.starts_with("hand_size_a"))
        .map(|l| format!("{l}\n"))
        .collect();
    for damaged in [cut, without] {
        let output = replay(&damaged);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains("damaged run file"),
            "{}",
            stderr(&output)
        );
    }
}

/// A scenario field of the wrong type is refused, not read as the field's
/// default, and the error names the scenario's file and the field.
#[test]
fn scenario_fields_of_the_wrong_type_are_refused_naming_the_file() {
    let dir = TempDir::new("hostile-scenario");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let vikings =
        std::fs::read_to_string(root.join("experiments/skirmish/scenarios/vikings.toml")).unwrap();
    let sickles =
        std::fs::read_to_string(root.join("experiments/sickles/scenarios/illustrative.toml"))
            .unwrap();
    for (system, bad, says) in [
        (
            "skirmish",
            vikings.replacen("type = \"foot\"", "type = 5", 1),
            "a.men[1].type; allowed: a string",
        ),
        (
            "skirmish",
            vikings.replacen("weapon = \"archer\"", "weapon = 7", 1),
            "a.men[2].weapon; allowed: a string",
        ),
        (
            "sickles",
            sickles.replacen("turns = 8", "turns = \"eight\"", 1),
            "scenario turns",
        ),
    ] {
        assert_ne!(
            bad,
            if system == "skirmish" {
                vikings.clone()
            } else {
                sickles.clone()
            }
        );
        let scenario = experiment(&dir, "bad-scenario.toml", &bad);
        let file = experiment(
            &dir,
            "uses-it.toml",
            &format!("system = \"{system}\"\ngames = 10\nscenario = \"{scenario}\"\n"),
        );
        refused(&["run", &file], says);
        let output = fortunes(&["run", &file]);
        assert!(stderr(&output).contains(&scenario), "{}", stderr(&output));
    }
}

/// A run owns the folder it writes: replaying a run file does not replace
/// a report with a committed baseline unless asked, and a second run into
/// a folder removes what the first wrote and it did not (no stale records
/// for `ask` to answer from).
#[test]
fn output_folders_hold_only_the_last_run() {
    refused(
        &[
            "run",
            "--from",
            "reports/haggerty-jokers/run.toml",
            "--games",
            "10",
        ],
        "which holds a baseline; give --out DIR (or --force",
    );
    let dir = TempDir::new("hostile-folders");
    let out = dir.path().join("run");
    let out_text = out.to_str().unwrap();
    let run = |records: bool| {
        let mut args = vec![
            "run", "haggerty", "--games", "100", "--quiet", "--out", out_text,
        ];
        if records {
            args.push("--records");
        }
        let output = fortunes(&args);
        assert!(output.status.success(), "{}", stderr(&output));
    };
    run(true);
    assert!(out.join("records.parquet").is_file());
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    run(false);
    assert!(!out.join("records.parquet").exists(), "stale records kept");
    assert!(out.join("notes.txt").is_file(), "a user's file removed");
    let output = fortunes(&["ask", out_text, "rounds > 1"]);
    assert_eq!(output.status.code(), Some(2));
}
