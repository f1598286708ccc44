//! Helpers shared by the test binaries: driving the command line, and
//! variants of any registered system.
#![allow(dead_code)]

use fortunes::engine::BySeat;
use fortunes::system::{Player, System, Variant};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the binary from the crate's folder, so presets and experiments
/// resolve as they do for a user there.
pub fn fortunes(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fortunes"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
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

/// The two cheapest built-ins: the first two listed.
pub fn cheap(system: &dyn System) -> [&'static str; 2] {
    [system.strategies()[0].name, system.strategies()[1].name]
}
