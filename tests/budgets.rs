//! The speed gate: every command in `benches/budgets.csv` is counted in
//! instructions (valgrind's cachegrind with no cache simulation: the same
//! count for the same binary and input, however busy the machine) at two game counts, and its
//! marginal instructions a game, start-up and table writing cancelled,
//! must stay within 2% of its budget. `.ci/run` runs it:
//!
//! ```sh
//! cargo test --release --test budgets -- --ignored
//! ```
//!
//! `FORTUNES_BUDGETS=write` writes the measurements in as the new budgets
//! (at the commit measured). Lowering a budget is a commit of its own;
//! raising one needs its reason in the commit message and docs/speed.md.

#[path = "common/crate_dir.rs"]
mod crate_dir;
use crate_dir::crate_dir;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How far over its budget a command may count before the gate fails.
const TOLERANCE: f64 = 0.02;
const TABLE: &str = "benches/budgets.csv";
const HEADER: &str = "name,command,low,high,budget,measured_at";

struct Row {
    name: String,
    /// `fortunes ARGS` or `instructions ARGS` (the example), `{n}` the
    /// games.
    command: String,
    low: u64,
    high: u64,
    budget: u64,
    measured_at: String,
}

fn rows(text: &str) -> Vec<Row> {
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER), "{TABLE}'s header");
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), 6, "{TABLE}: {line}");
            let number = |i: usize| -> u64 {
                cells[i]
                    .parse()
                    .unwrap_or_else(|_| panic!("{TABLE}: {line}: column {i} is not a whole number"))
            };
            Row {
                name: cells[0].into(),
                command: cells[1].into(),
                low: number(2),
                high: number(3),
                budget: number(4),
                measured_at: cells[5].into(),
            }
        })
        .collect()
}

fn binary(program: &str) -> PathBuf {
    let fortunes = PathBuf::from(env!("CARGO_BIN_EXE_fortunes"));
    match program {
        "fortunes" => fortunes,
        "instructions" => fortunes.parent().unwrap().join("examples/instructions"),
        other => panic!("{TABLE}: unknown program {other}; allowed: fortunes, instructions"),
    }
}

/// Instructions `row`'s command takes with `games` games, counted by
/// cachegrind. Without its cache simulation it counts only instructions: a
/// fifth faster than callgrind, which also follows every call, and the
/// same count to 0.04% on a Skirmish game (17,098 against 17,092; 1.1%
/// more on a Haggis game). Its `{out}` is a folder of its own: the other
/// counter may be writing another row's, or this row's other count.
fn count(row: &Row, games: u64, scratch: &Path) -> u64 {
    let out = scratch.join(format!("{}-{games}", row.name));
    let text = row
        .command
        .replace("{n}", &games.to_string())
        .replace("{out}", &out.to_string_lossy());
    let mut words = text.split_whitespace();
    let program = binary(words.next().expect("a program"));
    let output = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(&program)
        .args(words)
        .current_dir(crate_dir())
        .output()
        .expect("valgrind runs (apt-get install valgrind)");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{text}: {err}");
    // `==PID== I   refs:      1,125,136,869`
    err.lines()
        .find_map(|l| l.split(" I ").nth(1)?.trim_start().strip_prefix("refs:"))
        .and_then(|n| n.trim().replace(',', "").parse().ok())
        .unwrap_or_else(|| panic!("{text}: no count in cachegrind's output: {err}"))
}

/// Marginal instructions a game of `row`'s command, from its counts at
/// `row.low` and `row.high` games.
fn per_game(row: &Row, (low, high): (u64, u64)) -> u64 {
    high.saturating_sub(low) / (row.high - row.low)
}

#[test]
#[ignore = "counts instructions under valgrind (minutes); .ci/run runs it"]
fn instructions_a_game_stay_within_budget() {
    let root = Path::new(crate_dir());
    let text = std::fs::read_to_string(root.join(TABLE)).unwrap();
    let all = rows(&text);
    // `FORTUNES_BUDGETS_ONLY=a,b` counts only the rows named (as the
    // documented 5% experiment of docs/speed.md does); the rest are kept.
    let only = std::env::var("FORTUNES_BUDGETS_ONLY").ok();
    let chosen = |row: &Row| {
        only.as_deref()
            .is_none_or(|names| names.split(',').any(|name| name == row.name))
    };
    let rows: Vec<&Row> = all.iter().filter(|row| chosen(row)).collect();
    assert!(
        !rows.is_empty(),
        "FORTUNES_BUDGETS_ONLY names no row of {TABLE}"
    );
    let scratch = std::env::temp_dir().join(format!("fortunes-budgets-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    // Two at a time, each counter taking the next count when it is free: a
    // count does not depend on what else runs. The counts are taken longest
    // first (games times budget), each row's two apart, so that neither
    // counter is left with the Piquet run while the other sits idle (the
    // rows' costs differ a hundredfold).
    let games = |i: usize, high: bool| match high {
        true => rows[i].high,
        false => rows[i].low,
    };
    let mut counts: Vec<(usize, bool)> = (0..rows.len())
        .flat_map(|i| [(i, false), (i, true)])
        .collect();
    counts.sort_by_key(|&(i, high)| std::cmp::Reverse(games(i, high) * rows[i].budget));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut totals = vec![(0u64, 0u64); rows.len()];
    std::thread::scope(|s| {
        let counters: Vec<_> = (0..2)
            .map(|_| {
                let (scratch, next, rows, counts, games) =
                    (&scratch, &next, &rows, &counts, &games);
                s.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&(i, high)) = counts.get(k) else {
                            break done;
                        };
                        done.push((i, high, count(rows[i], games(i, high), scratch)));
                    }
                })
            })
            .collect();
        for counter in counters {
            for (i, high, total) in counter.join().unwrap() {
                match high {
                    true => totals[i].1 = total,
                    false => totals[i].0 = total,
                }
            }
        }
    });
    let measured: Vec<u64> = rows
        .iter()
        .zip(&totals)
        .map(|(row, &totals)| per_game(row, totals))
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    let mut report = String::new();
    let mut over = Vec::new();
    for (row, &now) in rows.iter().zip(&measured) {
        let ratio = now as f64 / row.budget as f64;
        report += &format!(
            "{:<28} budget {:>9} measured {:>9} ({:+.2}%)\n",
            row.name,
            row.budget,
            now,
            (ratio - 1.0) * 100.0
        );
        if ratio > 1.0 + TOLERANCE {
            over.push(format!(
                "{} (`{}`): {now} instructions a game, budget {} (set at {}), {:+.1}%",
                row.name,
                row.command,
                row.budget,
                row.measured_at,
                (ratio - 1.0) * 100.0
            ));
        }
    }
    eprint!("{report}");
    if std::env::var("FORTUNES_BUDGETS").as_deref() == Ok("write") {
        let commit = Command::new("git")
            .args(["rev-parse", "--short", "HEAD"])
            .current_dir(root)
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default();
        let mut table = format!("{HEADER}\n");
        for row in &all {
            let now = rows
                .iter()
                .position(|r| r.name == row.name)
                .map(|i| measured[i]);
            let (budget, at) = match now {
                Some(now) => (now, commit.as_str()),
                None => (row.budget, row.measured_at.as_str()),
            };
            table += &format!(
                "{},{},{},{},{budget},{at}\n",
                row.name, row.command, row.low, row.high
            );
        }
        std::fs::write(root.join(TABLE), table).unwrap();
        eprintln!("wrote {TABLE} at {commit}");
        return;
    }
    assert!(
        over.is_empty(),
        "over budget by more than {}%:\n{}",
        TOLERANCE * 100.0,
        over.join("\n")
    );
}

/// The table parses, names only programs the gate can run, and every row
/// counts two game counts apart.
#[test]
fn the_budget_table_is_well_formed() {
    let root = Path::new(crate_dir());
    let text = std::fs::read_to_string(root.join(TABLE)).unwrap();
    let rows = rows(&text);
    assert!(rows.len() >= 10, "a command and an experiment per system");
    let mut names = std::collections::HashSet::new();
    for row in &rows {
        // A row is written back, chosen and given its `{out}` folder by
        // its name.
        assert!(names.insert(&row.name), "{}: named twice", row.name);
        assert!(
            !row.name.is_empty()
                && row
                    .name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "{}: a name of a-z, 0-9 and _",
            row.name
        );
        assert!(row.high > row.low && row.budget > 0, "{}", row.name);
        assert!(row.command.contains("{n}"), "{}: no {{n}}", row.name);
        let program = row.command.split_whitespace().next().unwrap();
        assert!(
            ["fortunes", "instructions"].contains(&program),
            "{}",
            row.name
        );
        if program == "fortunes" {
            assert!(
                row.command.contains("--threads 1") && row.command.contains(" -q"),
                "{}: one thread, quiet (no progress bar), so the count is the same every time",
                row.name
            );
        }
    }
}
