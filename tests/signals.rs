//! Interrupted runs end with exit 130 and leave the output folder as it
//! was: with one signal, with two (as `timeout` sends), and for a suite
//! check, which must not report an interruption as a table of errors.

use crate::common;
use common::TempDir;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_fortunes"))
        .args(args)
        .current_dir(crate::common::crate_dir())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits for the child, at most `limit`: how quickly it answered matters.
fn finish(mut child: Child, limit: Duration) -> Option<i32> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("still running {limit:?} after the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_interrupted_run_exits_130_and_leaves_nothing() {
    for signals in [&["INT"][..], &["TERM", "TERM"][..]] {
        let dir = TempDir::new("signals");
        let out = dir.path().join("a/b/c");
        // Haggis games to the target score with the search player: slow
        // games, so the signal lands inside a batch.
        let child = start(&[
            "run",
            "haggis",
            "--games",
            "100000",
            "--strategy",
            "a=greedy",
            "--strategy",
            "b=heuristic",
            "--records",
            "--out",
            out.to_str().unwrap(),
        ]);
        std::thread::sleep(Duration::from_millis(800));
        for name in signals {
            signal(&child, name);
        }
        assert_eq!(
            finish(child, Duration::from_secs(10)),
            Some(130),
            "{signals:?}"
        );
        assert!(
            !dir.path().join("a").exists(),
            "{signals:?}: the folders the run made are left"
        );
    }
}

#[test]
fn an_interrupted_suite_check_exits_130() {
    let child = start(&["check", "experiments/"]);
    std::thread::sleep(Duration::from_millis(600));
    signal(&child, "INT");
    assert_eq!(finish(child, Duration::from_secs(10)), Some(130));
}

/// Every file of `dir` (names and bytes), to compare a folder before and
/// after.
fn snapshot(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_run_interrupted_while_its_tables_are_written_leaves_the_old_report() {
    for signals in [&["INT"][..], &["TERM", "TERM"][..]] {
        let dir = TempDir::new("signals-tables");
        let out = dir.path().join("report");
        // A finished report in the folder first.
        let first = start(&[
            "run",
            "haggerty",
            "--games",
            "2000",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(finish(first, Duration::from_secs(60)), Some(0));
        let before = snapshot(&out);
        // 10,000 variants: their tables are written variant by variant for
        // several seconds, where the signals land.
        let grid = dir.path().join("grid.toml");
        std::fs::write(
            &grid,
            "system = \"haggerty\"\ngames = 10\n[sweep]\na.win_percent = { from = 0, to = 99 }\n\
             b.win_percent = { from = 0, to = 99 }\n",
        )
        .unwrap();
        let child = start(&[
            "run",
            grid.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        std::thread::sleep(Duration::from_millis(2500));
        for name in signals {
            signal(&child, name);
        }
        assert_eq!(
            finish(child, Duration::from_secs(10)),
            Some(130),
            "{signals:?}"
        );
        assert!(before == snapshot(&out), "{signals:?}: the report changed");
    }
}

/// `fortunes play` and `fortunes agent` waiting on an input that says
/// nothing stop on SIGINT or SIGTERM, exit 130: the wait is not a blocking
/// read the signal handler would restart.
#[test]
fn play_and_agent_waiting_on_their_input_stop_on_a_signal() {
    for (i, system) in ["haggerty", "haggis", "sickles", "skirmish", "piquet"]
        .into_iter()
        .enumerate()
    {
        for (j, command) in ["play", "agent"].into_iter().enumerate() {
            let signal = ["INT", "TERM"][(i + j) % 2];
            let mut child = Command::new(env!("CARGO_BIN_EXE_fortunes"))
                .args([command, system])
                .current_dir(crate::common::crate_dir())
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            std::thread::sleep(Duration::from_millis(400));
            common::send_signal(child.id(), signal);
            let code = common::wait_within(&mut child, Duration::from_secs(3));
            let output = child.wait_with_output().unwrap();
            let message = String::from_utf8_lossy(&output.stderr);
            assert_eq!(code, Some(130), "{command} {system} {signal}: {message}");
            assert!(message.contains("interrupted"), "{message}");
        }
    }
}

/// A play whose output nobody reads (`yes garbage | fortunes play X |
/// sleep`) fills the pipe with its prompts and waits for room: SIGINT ends
/// that wait too.
#[test]
fn a_play_whose_output_nobody_reads_stops_on_a_signal() {
    let mut garbage = Command::new("yes")
        .arg("garbage")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fortunes"))
        .args(["play", "haggerty"])
        .current_dir(crate::common::crate_dir())
        .stdin(garbage.stdout.take().unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Its prompts fill the pipe's 64 KiB within a moment.
    std::thread::sleep(Duration::from_millis(800));
    common::send_signal(child.id(), "INT");
    let code = common::wait_within(&mut child, Duration::from_secs(3));
    let _ = garbage.kill();
    let _ = garbage.wait();
    assert_eq!(code, Some(130));
}
