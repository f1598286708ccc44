//! The mechanics tables of `docs/piquet.md`, `docs/sickles.md` and
//! `docs/skirmish.md`: the counts each page states are its table's, and
//! every test a row names exists (a renamed or deleted test leaves no row
//! claiming it).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(crate::common::crate_dir())
}

/// Every function name in the Rust files under `dir`.
fn function_names(dir: &Path, names: &mut std::collections::BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            function_names(&path, names);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for rest in text.split("fn ").skip(1) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                names.insert(name);
            }
        }
    }
}

/// The mechanics table's rows: (status, tests named).
fn rows(page: &str) -> Vec<(String, Vec<String>)> {
    page.lines()
        .skip_while(|line| !line.starts_with("| section | mechanic | status | how | test |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
            let tests = cells[cells.len() - 1]
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            (cells[2].trim().to_string(), tests)
        })
        .collect()
}

#[test]
fn every_mechanics_table_adds_up_and_names_tests_that_exist() {
    let mut functions = std::collections::BTreeSet::new();
    function_names(&root().join("src"), &mut functions);
    function_names(&root().join("tests"), &mut functions);
    for system in ["piquet", "sickles", "skirmish"] {
        let page = std::fs::read_to_string(root().join(format!("docs/{system}.md"))).unwrap();
        let rows = rows(&page);
        assert!(rows.len() > 20, "{system}: {} rows", rows.len());
        let count = |status: &str| rows.iter().filter(|(s, _)| s == status).count();
        let (fully, partially, not) = (count("fully"), count("partially"), count("not"));
        assert_eq!(
            fully + partially + not,
            rows.len(),
            "{system}: a status other than fully, partially or not"
        );
        // The sentence may wrap anywhere.
        let prose = page.split_whitespace().collect::<Vec<_>>().join(" ");
        let stated = format!(
            "{} rows, {fully} fully modelled, {partially} partially and {not} not",
            rows.len()
        );
        assert!(
            prose.contains(&stated),
            "docs/{system}.md should say \"{stated}\""
        );
        if system == "piquet" {
            // Partial only where the scan lost what sizes the mechanic:
            // the rows whose `how` says so first.
            let lost = page
                .lines()
                .filter(|l| l.starts_with("| ") && l.contains(" | partially | *lost*: "))
                .count();
            let stated = format!(
                "{lost} of the partial rows are partial only because the scan lost what sizes them"
            );
            assert!(
                prose.contains(&stated),
                "docs/piquet.md should say \"{stated}\""
            );
            let surviving = rows.len() - lost;
            let stated = format!("{fully} of {surviving} rows are fully modelled");
            assert!(
                prose.contains(&stated),
                "docs/piquet.md should say \"{stated}\""
            );
        }
        for (_, tests) in &rows {
            for test in tests {
                assert!(
                    functions.contains(test),
                    "docs/{system}.md names `{test}`, which no test defines"
                );
            }
        }
    }
}
