//! `report.html` in a real browser: Debian's headless Chromium loads the
//! report of a small sweep, its page steps the first example game forward
//! and back through its own buttons (`#selftest`), and the test reads the
//! outcome from the rendered DOM; the page must log no error, and a
//! screenshot is kept in `$CARGO_TARGET_DIR/browser/report.png` to look at.
//!
//! Chromium is not part of a Rust toolchain, so `cargo test` leaves this out
//! (`#[ignore]`); `.ci/run` installs it (`apt-get install chromium`) and runs
//! `cargo test --release --test browser -- --ignored`. Without it the test
//! fails, saying what to install: it never passes by skipping.

mod common;

use common::{fortunes, stderr, TempDir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn chromium() -> PathBuf {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file());
    found.expect("headless Chromium is needed: apt-get install chromium (.ci/run does)")
}

fn browse(page: &Path, args: &[&str], fragment: &str) -> Output {
    let profile = page.parent().unwrap().join("chromium-profile");
    Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}{fragment}", page.display()))
        .output()
        .expect("chromium runs")
}

#[test]
#[ignore = "needs Chromium: .ci/run installs it and runs this"]
fn the_report_renders_and_its_example_games_step_forward_and_back() {
    let temp = TempDir::new("browser");
    let out = temp.path().join("run");
    let run = fortunes(&[
        "run",
        "experiments/haggerty-hand-size.toml",
        "-n",
        "1000",
        "-q",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let page = out.join("report.html");

    let dom = browse(&page, &["--dump-dom"], "#selftest");
    assert!(dom.status.success(), "{}", stderr(&dom));
    let logged: Vec<String> = stderr(&dom)
        .lines()
        .filter(|l| l.contains("CONSOLE"))
        .map(String::from)
        .collect();
    assert!(logged.is_empty(), "the page logged: {logged:#?}");
    let dom = String::from_utf8_lossy(&dom.stdout).into_owned();
    assert!(
        dom.contains("data-selftest=\"ok\""),
        "the page's stepping failed: {}",
        dom.split("data-selftest=")
            .nth(1)
            .unwrap_or("(no outcome: did the script run?)")
            .chars()
            .take(200)
            .collect::<String>()
    );
    // The tables and the plots were rendered, and every example game has
    // its events.
    assert!(dom.matches("<table>").count() >= 4, "tables missing");
    assert!(dom.matches("<svg").count() >= 4, "plots missing");
    assert!(
        dom.matches("class=\"trace\"").count() >= 3,
        "example games missing"
    );

    let shot_dir =
        PathBuf::from(std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into()))
            .join("browser");
    std::fs::create_dir_all(&shot_dir).unwrap();
    let shot = shot_dir.join("report.png");
    let _ = std::fs::remove_file(&shot);
    let screenshot = browse(
        &page,
        &[
            "--window-size=1280,2400",
            &format!("--screenshot={}", shot.display()),
        ],
        "",
    );
    let log = stderr(&screenshot);
    assert!(screenshot.status.success(), "{log}");
    assert!(shot.is_file(), "no screenshot: {log}");
    // What the page itself logged: Chromium prints console messages as
    // CONSOLE lines; the page logs nothing when it works.
    let console: Vec<&str> = log.lines().filter(|l| l.contains("CONSOLE")).collect();
    assert!(console.is_empty(), "the page logged: {console:#?}");
}
