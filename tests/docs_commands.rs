//! Every `fortunes` command written in the README and the docs is one the
//! command line accepts as written: each is parsed by the real clap
//! definition (the systems' own commands included), and every experiment,
//! scenario or preset file it names exists. Lines that are syntax
//! summaries (`fortunes run SYSTEM [--games N]`, `...`) are not commands.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(crate::common::crate_dir())
}

/// The markdown files a user reads.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// Shell words, with '…' and "…" quoting (enough for the docs' commands).
fn shell_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some(other) => word.push(other),
                        None => return None,
                    }
                }
            }
            '#' if !in_word => break,
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '|' | '>' | '<' | ';' | '&' if !in_word => break,
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// A documented command: where it is, its text, and how it is shown.
struct Documented {
    line: usize,
    command: String,
    /// In a code block (a whole command), not an inline mention such as
    /// `fortunes check --exact`, which may leave out what it needs.
    whole: bool,
    /// A transcript whose next line is the error it prints: it must parse,
    /// but the files it names need not exist.
    shows_error: bool,
}

/// The `fortunes` command lines of a markdown text: lines of its code
/// blocks, and inline `code` spans, that start with `fortunes ` (or
/// `$ fortunes `, or `cargo run --release -- `).
fn commands(text: &str) -> Vec<Documented> {
    let mut found = Vec::new();
    let mut in_block = false;
    let lines: Vec<&str> = text.lines().collect();
    for (number, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let mut candidates: Vec<&str> = Vec::new();
        if in_block {
            candidates.push(trimmed.trim_start_matches("$ "));
        } else {
            candidates.extend(line.split('`').skip(1).step_by(2));
        }
        for candidate in candidates {
            let command = if let Some(rest) = candidate.strip_prefix("cargo run --release -- ") {
                format!("fortunes {rest}")
            } else if candidate.starts_with("fortunes ") {
                candidate.to_string()
            } else {
                continue;
            };
            let next = lines.get(number + 1).copied().unwrap_or_default();
            found.push(Documented {
                line: number + 1,
                command,
                whole: in_block,
                shows_error: in_block && next.starts_with("fortunes: error"),
            });
        }
    }
    found
}

/// A syntax summary or an elided example, not a command to run as written.
fn is_summary(words: &[String]) -> bool {
    words.iter().skip(1).any(|w| {
        w.contains("...")
            || w.contains('…')
            || w.starts_with('[')
            || w.contains('|') && !w.contains(' ')
            || (w.len() > 1
                && w.chars()
                    .all(|c| c.is_ascii_uppercase() || c == '_' || c == '/' || c == '.')
                && w.chars().any(|c| c.is_ascii_uppercase()))
            || w.contains("NAME")
            || w.contains("DIR")
            || w.contains("SYSTEM")
            || w.contains("FILE")
    })
}

#[test]
fn every_documented_command_parses_and_names_files_that_exist() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        for Documented {
            line,
            command,
            whole,
            shows_error,
        } in commands(&text)
        {
            let Some(words) = shell_words(&command) else {
                failures.push(format!("{shown}:{line}: unbalanced quotes: {command}"));
                continue;
            };
            if words.len() < 2 || is_summary(&words) {
                continue;
            }
            checked += 1;
            if let Err(error) = fortunes::cli::command().try_get_matches_from(&words) {
                use clap::error::ErrorKind::*;
                let incomplete = matches!(
                    error.kind(),
                    MissingRequiredArgument
                        | MissingSubcommand
                        | DisplayHelpOnMissingArgumentOrSubcommand
                );
                if error.use_stderr() && (whole || !incomplete) {
                    let first = error.to_string();
                    let first = first.lines().next().unwrap_or_default().to_string();
                    failures.push(format!("{shown}:{line}: {command}\n    {first}"));
                }
                continue;
            }
            for word in words.iter().skip(2) {
                let path = Path::new(word);
                let shipped = word.starts_with("experiments/") || word.starts_with("strategies/");
                let toml = path.extension().is_some_and(|e| e == "toml");
                if shipped && !shows_error && toml && !root().join(path).is_file() {
                    failures.push(format!("{shown}:{line}: {command}\n    no file {word}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "documented commands that do not run as written:\n{}",
        failures.join("\n")
    );
    // The docs are full of examples: finding few means the extraction broke.
    assert!(checked >= 40, "only {checked} documented commands found");
}

#[test]
fn the_extraction_reads_blocks_spans_and_quotes() {
    let text = "run `fortunes rules haggis` now\n```sh\n$ fortunes ask q \"a >= 2\" --by b  # why\nfortunes run SYSTEM [--games N]\n```\n";
    let found = commands(text);
    assert_eq!(found.len(), 3);
    assert_eq!(found[0].command, "fortunes rules haggis");
    assert!(!found[0].whole && found[1].whole);
    let words = shell_words(&found[1].command).unwrap();
    assert_eq!(words, ["fortunes", "ask", "q", "a >= 2", "--by", "b"]);
    assert!(is_summary(&shell_words(&found[2].command).unwrap()));
    assert!(!is_summary(&words));
    // A command clap refuses is caught.
    let bad = ["fortunes", "run", "haggerty", "--gamez", "5"];
    assert!(fortunes::cli::command().try_get_matches_from(bad).is_err());
}

/// Each system's page holds its metric table exactly as `fortunes metrics
/// SYSTEM --markdown` prints it from the definitions the tables and the
/// command line read, so the docs cannot drift from what is counted.
#[test]
fn every_system_page_holds_its_generated_metric_table() {
    for &system in fortunes::systems::SYSTEMS {
        let name = system.name();
        let page = root().join("docs").join(format!("{name}.md"));
        let text = std::fs::read_to_string(&page).unwrap();
        let start = format!(
            "<!-- metrics: generated by `fortunes metrics {name} --markdown`; \
             tests/docs_commands.rs keeps it equal -->\n"
        );
        let end = "<!-- end metrics -->";
        let from = text
            .find(&start)
            .unwrap_or_else(|| panic!("docs/{name}.md has no generated metric table:\n{start}"));
        let body = &text[from + start.len()..];
        let to = body.find(end).expect("the table's end marker");
        let expected = fortunes::cli::listing::metrics_listing(system, true);
        assert!(
            body[..to] == expected,
            "docs/{name}.md: the metric table differs from `fortunes metrics {name} --markdown`; \
             paste its output between the markers"
        );
    }
}
