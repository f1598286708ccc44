//! A real scheduler: a single-node Slurm cluster started on this machine
//! (deploy/slurm/local-cluster.sh, from Debian's slurm-wlm and munge), a
//! 4-task job array of a real experiment submitted with deploy/slurm/
//! submit.sh (the array, then the merge step after it, `sbatch --wait`),
//! and the merged report checked against one process, byte for byte. The
//! daemons are stopped by the process ids the script recorded.
//!
//! It needs root and the packages, so `cargo test` leaves it out
//! (`#[ignore]`); `.ci/run` installs the packages and runs it with
//! `cargo test --release --test slurm -- --ignored`. Without the packages it
//! fails, saying what to install: it never passes by skipping.

mod common;

use common::crate_dir;
use common::stderr;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cluster, stopped when dropped, even when the test fails.
struct Cluster {
    dir: PathBuf,
    conf: String,
}

impl Cluster {
    fn start(dir: &Path) -> Cluster {
        let script = Path::new(crate_dir()).join("deploy/slurm/local-cluster.sh");
        let output = Command::new(&script)
            .args(["start", dir.to_str().unwrap()])
            .output()
            .expect("local-cluster.sh runs");
        assert!(
            output.status.success(),
            "the Slurm cluster did not start: {}",
            stderr(&output)
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        let conf = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("export SLURM_CONF="))
            .next_back()
            .expect("local-cluster.sh prints the SLURM_CONF export")
            .trim_matches(['"', '\''])
            .to_string();
        Cluster {
            dir: dir.to_path_buf(),
            conf,
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let script = Path::new(crate_dir()).join("deploy/slurm/local-cluster.sh");
        let _ = Command::new(script)
            .args(["stop", self.dir.to_str().unwrap()])
            .status();
    }
}

fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .chain(["/usr/sbin".into(), "/sbin".into()])
        .any(|dir| dir.join(program).is_file())
}

#[test]
#[ignore = "needs root, slurm-wlm and munge; .ci/run runs it"]
fn a_slurm_job_array_merges_into_the_single_run() {
    let missing: Vec<&str> = ["slurmctld", "slurmd", "munged", "sbatch", "sinfo"]
        .into_iter()
        .filter(|p| !on_path(p))
        .collect();
    assert!(
        missing.is_empty(),
        "Slurm is not installed (missing {}): apt-get install slurm-wlm munge (.ci/run does this)",
        missing.join(", ")
    );
    // Short: munge's and Slurm's sockets live under it.
    let dir = PathBuf::from(format!("/tmp/fortunes-slurm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cluster = Cluster::start(&dir.join("cluster"));
    let fortunes = env!("CARGO_BIN_EXE_fortunes");
    let experiment = "experiments/haggerty-hand-size.toml";
    let out = dir.join("out");

    // One process first, into the folder name the merge will write (run.toml
    // names its folder), then moved aside.
    let single = Command::new(fortunes)
        .args(["run", experiment, "-j", "1", "-q", "--out"])
        .arg(&out)
        .current_dir(crate_dir())
        .output()
        .unwrap();
    assert!(single.status.success(), "{}", stderr(&single));
    let expected = tree(&out);
    std::fs::rename(&out, dir.join("single")).unwrap();

    let submitted = Command::new(Path::new(crate_dir()).join("deploy/slurm/submit.sh"))
        .args([experiment, "4", "--wait", "--cpus-per-task=1"])
        .arg(format!("--chdir={}", crate_dir()))
        .arg(format!("--output={}/slurm-%j-%a.out", dir.display()))
        .env("SLURM_CONF", &cluster.conf)
        .env("FORTUNES", fortunes)
        .env("PARTS", dir.join("parts"))
        .env("OUT", &out)
        .output()
        .unwrap();
    let logs: String = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("slurm-"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    assert!(
        submitted.status.success(),
        "the array or its merge failed: {}\njob logs:\n{logs}",
        stderr(&submitted)
    );
    let parts: Vec<String> = std::fs::read_dir(dir.join("parts"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(parts.len(), 4, "one partial result per task: {parts:?}");
    for k in 1..=4 {
        let name = format!("haggerty-hand-size-seed-1-round-1-shard-{k}-of-4.part.json");
        assert!(parts.contains(&name), "{name} in {parts:?}");
    }
    let merged = tree(&out);
    assert_eq!(
        expected.keys().collect::<Vec<_>>(),
        merged.keys().collect::<Vec<_>>()
    );
    for (file, bytes) in &expected {
        assert!(
            bytes == &merged[file],
            "{file} differs from the single run's"
        );
    }
    drop(cluster);
    let _ = std::fs::remove_dir_all(&dir);
}
