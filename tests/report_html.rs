//! `report.html` without a browser: one file that needs nothing else (no
//! address it would fetch, no script or style from elsewhere), holding the
//! report's tables and plots and the example games of every metric of
//! interest. `tests/browser.rs` renders it in Chromium.

use crate::common::{fortunes, stderr, TempDir};

#[test]
fn the_html_report_is_one_self_contained_file_with_tables_plots_and_games() {
    let temp = TempDir::new("report-html");
    let out = temp.path().join("run");
    let run = fortunes(&[
        "run",
        "experiments/haggerty-hand-size.toml",
        "-n",
        "600",
        "-q",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for fetched in ["src=", "href=", "@import", "url(", "<link", "<iframe"] {
        assert!(
            !html.contains(fetched),
            "report.html refers to something outside: {fetched}"
        );
    }
    // Addresses only as SVG's namespace, which is never fetched.
    let addresses = html.matches("http").count();
    let namespaces = html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count();
    assert_eq!(
        addresses, namespaces,
        "an address that is not an SVG namespace"
    );
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    let plots = markdown.matches("![").count();
    assert!(plots >= 4);
    assert_eq!(html.matches("<figure").count(), plots, "every plot inline");
    let tables = markdown.lines().filter(|l| l.starts_with("|---")).count();
    assert_eq!(html.matches("<table>").count(), tables);
    // Two metrics of interest, each with a lowest, typical and highest game
    // (fewer when two coincide), each with its events and its record.
    let games = html.matches("<section class=\"game\">").count();
    assert!((4..=6).contains(&games), "{games} example games");
    assert_eq!(html.matches("<ol class=\"events\">").count(), games);
    assert_eq!(html.matches("class=\"record\"").count(), games);
    // The example's command replays the very game shown.
    let section = html.find("<section class=\"game\">").unwrap();
    let start = section + html[section..].find("<code>fortunes replay ").unwrap() + "<code>".len();
    let command = &html[start..start + html[start..].find("</code>").unwrap()];
    // A sweep's report also lists the games that moved most, each with
    // its paired replay.
    assert!(markdown.contains("Games that moved most"));
    assert!(markdown.contains("--vs hand_size_a="));
    let args: Vec<String> = command
        .split_whitespace()
        .skip(1)
        .map(|a| a.trim_matches('\'').replace("&#39;", ""))
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let replay = fortunes(&args);
    assert!(replay.status.success(), "{command}: {}", stderr(&replay));
    let first_event = String::from_utf8(replay.stdout).unwrap();
    let first_event = first_event.lines().nth(1).unwrap().trim();
    let first_event = first_event.split_once("  ").unwrap().1;
    assert!(
        html.contains(&format!("<li>{first_event}</li>")),
        "{first_event}"
    );
}
