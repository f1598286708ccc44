//! Helpers shared by the test binaries: driving the command line, and
//! variants of any registered system.
#![allow(dead_code)]

mod crate_dir;
pub mod piquet;

pub use crate_dir::crate_dir;

use fortunes::engine::BySeat;
use fortunes::system::{Player, System, Variant};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the binary from the crate's folder, so presets and experiments
/// resolve as they do for a user there.
pub fn fortunes(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fortunes"))
        .args(args)
        .current_dir(crate_dir())
        .output()
        .expect("the binary runs")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A fresh, empty folder for one test, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("fortunes-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A variant of `system`'s defaults with built-ins `a` and `b` in the seats.
pub fn variant(system: &dyn System, a: &str, b: &str) -> Variant {
    let player = |name: &str| {
        let strategies = system.strategies();
        Player::built_in(
            strategies,
            strategies.iter().position(|s| s.name == name).unwrap(),
        )
    };
    Variant {
        label: format!("{a}-{b}"),
        ..system.default_variant(BySeat([player(a), player(b)]))
    }
}

/// Variants of `system` whose scenario brings in what the default's
/// leaves out: Piquet's terrain objectives and the piquets holding them
/// (`hill`, between heuristics, which race for it), whose metric a default
/// game never observes.
pub fn beyond_default(system: &dyn System) -> Vec<Variant> {
    match system.name() {
        "piquet" => {
            // The hill as shipped, a's regiments racing b's for it, and
            // with the sides' roles swapped, so that both sides' piquets
            // are met.
            let hill = include_str!("../../experiments/piquet/scenarios/hill.toml");
            let swapped = hill
                .replace("[a]", "[x]")
                .replace("[[a.", "[[x.")
                .replace("[b]", "[a]")
                .replace("[[b.", "[[a.")
                .replace("[x]", "[b]")
                .replace("[[x.", "[[b.");
            [hill, &swapped]
                .iter()
                .enumerate()
                .map(|(n, text)| Variant {
                    label: format!("hill-{n}"),
                    scenario: toml::from_str(text).unwrap(),
                    ..variant(system, "heuristic", "heuristic")
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The two cheapest built-ins: the first two listed.
pub fn cheap(system: &dyn System) -> [&'static str; 2] {
    [system.strategies()[0].name, system.strategies()[1].name]
}

/// What a process did, run by `run_within`.
pub struct Ran {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub took: std::time::Duration,
    /// The most resident memory seen, in kB (sampled every 10 ms).
    pub peak_kb: u64,
}

/// The process's resident memory now, in kB.
pub fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Waits for `child`, at most `limit`: past it the child is killed and the
/// test fails, so that a hang fails CI instead of holding it.
pub fn wait_within(child: &mut std::process::Child, limit: std::time::Duration) -> Option<i32> {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Runs `command` to its end with `input` on its standard input (written
/// from a thread; the process may stop reading it), reading its outputs as
/// it goes, and fails the test if it takes longer than `limit`.
pub fn run_within(command: &mut Command, input: Vec<u8>, limit: std::time::Duration) -> Ran {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let started = std::time::Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out.read_to_end(&mut bytes);
        bytes
    });
    let mut err = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = err.read_to_end(&mut bytes);
        bytes
    });
    let mut peak_kb = 0;
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        peak_kb = peak_kb.max(rss_kb(child.id()).unwrap_or(0));
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} still running after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let took = started.elapsed();
    writer.join().unwrap();
    Ran {
        code,
        stdout: reader.join().unwrap(),
        stderr: String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned(),
        took,
        peak_kb,
    }
}

/// `fortunes ARGS` from the crate's folder, as a command to adjust.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fortunes"));
    command.args(args).current_dir(crate_dir());
    command
}

/// Sends signal `name` (INT, TERM) to process `pid`.
pub fn send_signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill -{name} {pid}");
}
