//! Hostile and careless input ends in a clear error and exit 2, never a
//! panic (101), an abort (134) or a hang: sweeps that overflow, nested
//! expressions that would overflow the stack, endless input files,
//! misplaced keys, values one path accepted and the other refused, and a
//! stderr nobody can write to.

use crate::common;
use common::{command, fortunes, run_within, stderr, TempDir};
use std::process::{Command, Stdio};
use std::time::Duration;

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
    // A device is no file, and is refused before it is read.
    refused(
        &["run", "haggerty", "--rules", "/dev/zero"],
        "/dev/zero: a character device, not a regular file; allowed: a file",
    );
    let dir = TempDir::new("hostile-rules");
    // A file past the bound: sparse, so it costs no disk.
    let huge = dir.path().join("huge.toml");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(17 << 20)
        .unwrap();
    refused(
        &["run", "haggerty", "--rules", huge.to_str().unwrap()],
        "larger than 16 MiB",
    );
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
            .current_dir(crate::common::crate_dir())
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
    let root = std::path::Path::new(crate::common::crate_dir());
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
    // Replaying one game writes nothing: the command a report prints for
    // a game works in a folder that holds a baseline.
    let replayed = crate::common::fortunes(&["replay", "reports/haggerty-jokers", "3"]);
    assert!(
        replayed.status.success(),
        "{}",
        crate::common::stderr(&replayed)
    );
    assert!(String::from_utf8_lossy(&replayed.stdout).contains("game 3"));
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

fn fortunes_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fortunes"));
    command.args(args).current_dir(crate::common::crate_dir());
    for var in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_STEP",
        "JOB_COMPLETION_INDEX",
        "FORTUNES_SHARD_COUNT",
    ] {
        command.env_remove(var);
    }
    command.envs(env.iter().copied()).output().unwrap()
}

/// A crafted manifest names a file outside its folder: the run is
/// refused, naming the entry, and nothing is deleted.
#[test]
fn a_manifest_cannot_delete_outside_its_folder() {
    let dir = TempDir::new("hostile-manifest");
    let out = dir.path().join("out");
    let out_text = out.to_str().unwrap();
    let run = || fortunes(&["run", "haggerty", "--games", "100", "-q", "--out", out_text]);
    assert!(run().status.success());
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep").unwrap();
    let manifest = out.join(".fortunes-manifest");
    let good = std::fs::read_to_string(&manifest).unwrap();
    for entry in [
        "run ../victim.txt".to_string(),
        format!("run {}", victim.display()),
    ] {
        std::fs::write(&manifest, format!("{good}{entry}\n")).unwrap();
        let output = run();
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{entry}: {err}");
        assert!(
            err.contains("damaged manifest") && err.contains(&entry),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert!(
            out.join("summary.csv").is_file(),
            "the folder's own files kept"
        );
    }
}

/// A baseline edited into nonsense (or cut short) fails the check with an
/// error, never "unchanged": the CI guard fails closed.
#[test]
fn a_damaged_baseline_is_an_error_not_a_pass() {
    let dir = TempDir::new("hostile-baseline");
    let file = experiment(
        &dir,
        "small.toml",
        "system = \"haggerty\"\ngames = 2000\nmetrics = [\"initiative\"]\n",
    );
    let reports = dir.path().join("reports");
    let reports_text = reports.to_str().unwrap();
    let made = fortunes(&["baseline", &file, "--reports", reports_text]);
    assert!(made.status.success(), "{}", stderr(&made));
    let csv_path = reports.join("small/baseline.csv");
    let toml_path = reports.join("small/baseline.toml");
    let (csv, toml) = (
        std::fs::read_to_string(&csv_path).unwrap(),
        std::fs::read_to_string(&toml_path).unwrap(),
    );
    let check = || fortunes(&["check", &file, "--reports", reports_text]);
    let fine = check();
    assert_eq!(fine.status.code(), Some(0), "{}", stderr(&fine));
    // A column set to `value` in every data row.
    let edited = |column: &str, value: &str| -> String {
        let mut lines = csv.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let at = header.iter().position(|h| *h == column).unwrap();
        let mut out = header.join(",") + "\n";
        for line in lines {
            let mut cells: Vec<String> = line.split(',').map(str::to_string).collect();
            cells[at] = value.to_string();
            out += &(cells.join(",") + "\n");
        }
        out
    };
    let digest = |text: &str| fortunes::engine::digest::digest_hex(text.as_bytes());
    let cases = [
        ("sum_x", "0"),
        ("games", "0"),
        ("games", "1"),
        ("games", "18446744073709551616"),
        ("sum_yy", "0"),
        ("sum_xx", "0"),
        ("sum_y", "340282366920938463463374607431768211455"),
    ];
    for (column, value) in cases {
        let text = edited(column, value);
        // Edited alone: the digest gives it away.
        std::fs::write(&csv_path, &text).unwrap();
        let output = check();
        assert_eq!(
            output.status.code(),
            Some(2),
            "{column}={value}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("does not match the digest"),
            "{}",
            stderr(&output)
        );
        // Edited with the digest made again: the sums are not possible.
        let old = toml
            .lines()
            .find(|l| l.starts_with("table_digest"))
            .unwrap();
        let forged = toml.replace(old, &format!("table_digest = \"{}\"", digest(&text)));
        std::fs::write(&toml_path, forged).unwrap();
        let output = check();
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{column}={value}: {err}");
        assert!(
            err.contains("damaged baseline") || err.contains("games ="),
            "{column}={value}: {err}"
        );
        std::fs::write(&toml_path, &toml).unwrap();
    }
    // A baseline without a digest (an older fortunes, or edited).
    std::fs::write(&csv_path, &csv).unwrap();
    let old = toml
        .lines()
        .find(|l| l.starts_with("table_digest"))
        .unwrap();
    std::fs::write(&toml_path, toml.replace(old, "")).unwrap();
    let output = check();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no table_digest"),
        "{}",
        stderr(&output)
    );
}

/// Numbers in a part file or the environment are checked against what a
/// run could have written before anything is allocated for them.
#[test]
fn damaged_parts_and_shard_counts_are_refused_at_once() {
    let output = fortunes_env(
        &[
            "run",
            "haggerty",
            "-n",
            "1000",
            "-q",
            "--out",
            "/nonexistent/x",
        ],
        &[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "18446744073709551615"),
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output)
        .contains("SLURM_ARRAY_TASK_COUNT=18446744073709551615: allowed: 1 to 1000000"));
    let dir = TempDir::new("hostile-parts");
    let parts = dir.path().join("parts");
    let written = fortunes(&[
        "run",
        "haggerty",
        "-n",
        "10000",
        "-q",
        "--shard",
        "1/2",
        "--out",
        parts.to_str().unwrap(),
    ]);
    assert!(written.status.success(), "{}", stderr(&written));
    let part = std::fs::read_dir(&parts)
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&part).unwrap();
    let (header, body) = text.split_once('\n').unwrap();
    let merged = dir.path().join("merged");
    let merge = |header: &str, body: &str| {
        std::fs::write(&part, format!("{header}\n{body}")).unwrap();
        fortunes(&[
            "merge",
            merged.to_str().unwrap(),
            part.to_str().unwrap(),
            "--allow-partial",
        ])
    };
    for (from, to) in [
        ("\"shards\":2", "\"shards\":18446744073709551615"),
        ("\"round\":1", "\"round\":4000000000000"),
        ("\"rounds\":1", "\"rounds\":18446744073709551615"),
        ("\"games\":", "\"games\":1"),
    ] {
        assert!(header.contains(from), "{header}");
        let started = std::time::Instant::now();
        let output = merge(&header.replacen(from, to, 1), body);
        assert_eq!(output.status.code(), Some(2), "{to}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("damaged partial result"),
            "{to}: {}",
            stderr(&output)
        );
        assert!(started.elapsed().as_secs() < 30, "{to}: slow to refuse");
        assert!(!merged.exists());
    }
    // Accumulators edited: the digest, and when it is forged, the games.
    let games = body.find("\"games\":").unwrap();
    let edited = format!("{}\"games\":9223372036854775808{}", &body[..games], {
        let rest = &body[games + 8..];
        &rest[rest.find([',', '}']).unwrap()..]
    });
    let output = merge(header, &edited);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("do not match their digest"),
        "{}",
        stderr(&output)
    );
    let old = header
        .split("\"content_digest\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let new = fortunes::engine::digest::digest_hex(edited.trim_end().as_bytes());
    let output = merge(&header.replace(old, &new), &edited);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("games of a variant where the shard plays"),
        "{}",
        stderr(&output)
    );
    assert!(!merged.exists());
    // The part as written still merges.
    let output = merge(header, body);
    assert!(output.status.success(), "{}", stderr(&output));
}

/// The documented maximum of games starts at once, in little memory, and
/// stops on SIGTERM: batches are made as they are played.
#[test]
fn a_trillion_games_start_at_once_and_stop_on_sigterm() {
    let child = Command::new(env!("CARGO_BIN_EXE_fortunes"))
        .args(["run", "haggis", "-n", "1000000000000", "-q", "-j", "1"])
        .current_dir(crate::common::crate_dir())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(2));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let rss_kb: u64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap();
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let started = std::time::Instant::now();
    let output = child.wait_with_output().unwrap();
    assert!(rss_kb < 300_000, "{rss_kb} kB resident after 2 s");
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    assert!(started.elapsed().as_secs() < 10, "slow to stop");
}

#[test]
fn exact_odds_do_not_overflow_and_goals_are_finite() {
    let output = fortunes(&["odds", "piquet", "initiative", "--checks", "15", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    // The mean of the highest of 16 casts of 3d6: about 15.58.
    assert!(text.contains("15.5"), "{text}");
    for target in ["NaN", "inf", "-inf"] {
        refused(
            &[
                "tune",
                "haggerty",
                "--param",
                "hand_size_a",
                "--from",
                "4",
                "--to",
                "6",
                "-m",
                "initiative",
                "--target",
                target,
            ],
            "allowed: a finite number",
        );
    }
    for bound in [
        "initiative:b>=NaN",
        "initiative:b>=1e400",
        "initiative:b<=inf",
    ] {
        refused(
            &[
                "tune",
                "haggerty",
                "--param",
                "hand_size_a",
                "--from",
                "4",
                "--to",
                "6",
                "-m",
                "initiative",
                "--target",
                "0.5",
                "--constraint",
                bound,
            ],
            "X a finite number",
        );
    }
}

/// Help and version succeed only when written; every kind of value has
/// one strict form, and the error gives it.
#[test]
fn help_to_a_full_disk_fails_and_values_have_one_form() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    for args in [["--help"], ["--version"]] {
        let output = Command::new(env!("CARGO_BIN_EXE_fortunes"))
            .args(args)
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("No space left"),
            "{}",
            stderr(&output)
        );
    }
    for die in ["dd6", "d+6", "6", "D6", "d 6"] {
        refused(
            &["odds", "piquet", "cast", "--die", die, "--dice", "2"],
            "allowed: d4, d6, d8, d10, d12",
        );
    }
    refused(
        &["odds", "piquet", "fire", "--firer", "line, reliable"],
        "ELITENESS,EXPERIENCE with no space",
    );
    refused(
        &[
            "odds",
            "piquet",
            "engagement",
            "--elan",
            "+6,4",
            "--a",
            "line,reliable",
            "--b",
            "line,reliable",
        ],
        "comma-separated with no space",
    );
    for strategy in [
        "a=heuristic:",
        "a=heuristic:,",
        "a=heuristic:=5",
        "a=heuristic:reserve=",
    ] {
        refused(
            &["run", "haggerty", "-n", "10", "--strategy", strategy],
            "is not KEY=VALUE",
        );
    }
    refused(
        &["run", "haggerty", "-n", "10", "--set", "hand_size_a=+5"],
        "invalid value \"+5\"",
    );
}

/// `fortunes ARGS` must refuse within seconds, exit 2, with one line
/// holding `says`; a hang fails the test instead of holding it.
fn refused_at_once(args: &[&str], says: &str) {
    let ran = run_within(&mut command(args), Vec::new(), Duration::from_secs(20));
    assert_eq!(ran.code, Some(2), "{args:?}: {}", ran.stderr);
    assert!(ran.stderr.contains(says), "{args:?}: {}", ran.stderr);
    assert_eq!(ran.stderr.lines().count(), 1, "{args:?}: {}", ran.stderr);
}

fn fifo(path: &std::path::Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

/// A FIFO nobody writes to blocks whoever opens it, and a device never
/// ends: every input is refused before it is opened, naming what it is.
#[test]
fn what_is_not_a_regular_file_is_refused_before_anything_waits_on_it() {
    let dir = TempDir::new("hostile-fifo");
    let pipe = dir.path().join("pipe.toml");
    fifo(&pipe);
    let pipe = pipe.to_str().unwrap();
    let says = "pipe.toml: a FIFO (named pipe), not a regular file; allowed: a file";
    let records = dir.path().join("run");
    std::fs::create_dir(&records).unwrap();
    fifo(&records.join("records.parquet"));
    let strategy = format!("a={pipe}");
    for args in [
        vec!["run", pipe],
        vec!["run", "haggerty", "--rules", pipe],
        vec!["run", "--from", pipe],
        vec!["check", pipe],
        vec!["tune", pipe, "--metric", "initiative", "--maximize"],
        vec!["run", "skirmish", "--scenario", pipe],
        vec!["play", "piquet", "--scenario", pipe],
        vec!["run", "haggerty", "--strategy", &strategy],
        vec!["merge", "merged", pipe],
    ] {
        refused_at_once(&args, says);
    }
    refused_at_once(
        &["ask", records.to_str().unwrap(), "rounds > 1"],
        "records.parquet: a FIFO (named pipe), not a regular file",
    );
    refused_at_once(
        &["run", "haggerty", "--rules", "/tmp"],
        "/tmp: a folder, not a regular file",
    );
}

/// A suite check follows no link: a loop of links would be searched
/// forever, and a link out of the suite checks what is not in it. A link
/// it would take is refused by name (exit 2) rather than passed over; a
/// FIFO named as an experiment is one bad file of the suite.
#[test]
fn a_suite_check_follows_no_links() {
    let dir = TempDir::new("hostile-suite");
    let suite = dir.path().join("suite");
    let reports = dir.path().join("reports");
    std::fs::create_dir_all(suite.join("sub")).unwrap();
    let shipped =
        std::path::Path::new(crate::common::crate_dir()).join("experiments/haggerty-jokers.toml");
    std::fs::copy(&shipped, suite.join("jokers.toml")).unwrap();
    let (suite_arg, reports_arg) = (suite.to_str().unwrap(), reports.to_str().unwrap());
    // Two links back up: 2^40 paths before the kernel's link limit.
    for name in ["loop", "again"] {
        std::os::unix::fs::symlink("..", suite.join("sub").join(name)).unwrap();
    }
    refused_at_once(
        &["check", suite_arg, "--reports", reports_arg],
        "a link; a suite check follows none",
    );
    std::fs::remove_dir_all(suite.join("sub")).unwrap();
    // A link to an experiment outside the suite.
    std::os::unix::fs::symlink(&shipped, suite.join("outside.toml")).unwrap();
    refused_at_once(
        &["check", suite_arg, "--reports", reports_arg],
        "outside.toml: a link; a suite check follows none",
    );
    std::fs::remove_file(suite.join("outside.toml")).unwrap();
    // Without the links, the suite is checked (it has no baseline: exit 2
    // saying so, at once), and a FIFO among its files is a bad file.
    fifo(&suite.join("waiting.toml"));
    let ran = run_within(
        &mut command(&["check", suite_arg, "--reports", reports_arg]),
        Vec::new(),
        Duration::from_secs(20),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("waiting.toml: a FIFO (named pipe), not a regular file"),
        "{}",
        ran.stderr
    );
}

/// Card text is cut at characters, never inside one: a suit symbol, an
/// accent or a word is refused by name, exit 2, never a panic (101).
#[test]
fn card_text_that_is_not_ascii_is_refused_not_cut_inside_a_character() {
    for hand in ["2♠", "♠", "é", "10♥ 3S", "Q♥"] {
        refused(&["haggis", "moves", "--hand", hand], "unknown card");
    }
    // A person's answer: not a legal choice, asked again; the input then
    // ends, which abandons the game (exit 2), as any input that ends.
    for (system, input, shown) in [
        ("haggerty", "Q♥\n", "\"Q♥\" is not a legal choice"),
        ("haggerty", "é\n", "\"é\" is not a legal choice"),
        ("haggis", "none\n2♠\n", "unknown card \"2♠\""),
    ] {
        let ran = run_within(
            &mut command(&["play", system]),
            input.as_bytes().to_vec(),
            Duration::from_secs(20),
        );
        assert_eq!(ran.code, Some(2), "{system} {input:?}: {}", ran.stderr);
        assert!(
            ran.stderr.contains("standard input ended"),
            "{}",
            ran.stderr
        );
        let text = String::from_utf8_lossy(&ran.stdout);
        assert!(text.contains(shown), "{text}");
    }
}
