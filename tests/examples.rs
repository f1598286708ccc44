//! examples/notebook.py, the notebook-style walk through an experiment's
//! Parquet tables with polars, run as a user would run it. CI installs
//! polars (.ci/run); elsewhere, without python3 or polars, the test says
//! so and does nothing else.

use std::process::Command;

#[test]
fn the_notebook_example_reads_the_tables_with_polars() {
    let has_polars = Command::new("python3")
        .args(["-c", "import polars"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_polars {
        eprintln!("skipped: python3 with polars is not installed (pip install polars)");
        return;
    }
    let out = std::env::temp_dir().join(format!("fortunes-notebook-{}", std::process::id()));
    let output = Command::new("python3")
        .arg(format!(
            "{}/examples/notebook.py",
            crate::common::crate_dir()
        ))
        .arg(&out)
        .env("FORTUNES", env!("CARGO_BIN_EXE_fortunes"))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("hand sizes that make the initiative even: [6]"),
        "{stdout}"
    );
}
