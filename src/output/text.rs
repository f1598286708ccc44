//! What a person reads: the summary table and exact answers on stdout
//! (or as JSON), aligned columns, messages on stderr, and `capture` for
//! running a command in-process and reading its table.

use super::format::{interval_text, number};
use crate::error::{Error, Result};
use crate::stats::SummaryRow;
use std::io::Write;

/// A cell of an exact answer: words, a whole number, an exact fraction
/// ("p/q"), or a decimal shown to so many places (and written whole in
/// JSON).
#[derive(Clone, Debug)]
pub enum AnswerCell {
    Text(String),
    Int(i64),
    Fraction(String),
    Decimal(f64, usize),
}

impl AnswerCell {
    fn text(&self) -> String {
        match self {
            AnswerCell::Text(s) | AnswerCell::Fraction(s) => s.clone(),
            AnswerCell::Int(i) => i.to_string(),
            AnswerCell::Decimal(x, places) => format!("{x:.places$}"),
        }
    }

    fn json(&self) -> serde_json::Value {
        match self {
            AnswerCell::Text(s) | AnswerCell::Fraction(s) => s.clone().into(),
            AnswerCell::Int(i) => (*i).into(),
            AnswerCell::Decimal(x, _) => (*x).into(),
        }
    }
}

/// An exact answer (`fortunes odds ...`): what was asked, and a table
/// or, when there is no table, a note.
pub struct Answer {
    pub title: String,
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<AnswerCell>>,
    /// Left-aligned leading columns (labels) in the text form.
    pub text_columns: usize,
    pub note: Option<String>,
}

impl Answer {
    /// The answer as text, or as a JSON object (`question`, `rows` keyed
    /// by the header, fractions as "p/q" strings and decimals in full,
    /// `note`).
    pub fn render(&self, json: bool) -> String {
        if !json {
            let mut text = format!("{}\n", self.title);
            if !self.rows.is_empty() {
                let mut lines = vec![self.header.iter().map(|h| h.to_string()).collect()];
                lines.extend(
                    self.rows
                        .iter()
                        .map(|row| row.iter().map(AnswerCell::text).collect::<Vec<String>>()),
                );
                text.push_str(&align(&lines, self.text_columns));
            }
            if let Some(note) = &self.note {
                text.push_str(note);
                text.push('\n');
            }
            return text;
        }
        let rows: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|row| {
                let object: serde_json::Map<String, serde_json::Value> = self
                    .header
                    .iter()
                    .zip(row)
                    .map(|(key, cell)| (key.replace(' ', "_"), cell.json()))
                    .collect();
                serde_json::Value::Object(object)
            })
            .collect();
        let answer = serde_json::json!({
            "question": self.title,
            "rows": rows,
            "note": self.note,
        });
        format!("{answer}\n")
    }
}

/// The readable table printed on stdout: each value with its unit and
/// game-level interval, and how many observations (`n`, of `per`) it
/// averages.
/// `values` as one JSON array, one element a line, ending in a newline.
pub fn json_lines(values: &[serde_json::Value]) -> String {
    let lines: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("[\n{}\n]\n", lines.join(",\n"))
}

/// Summary rows as JSON: every field of the table, numbers as numbers
/// (a value that is not a number, such as a rate with no trials, null).
pub fn rows_json(rows: &[SummaryRow]) -> String {
    let values: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "metric": r.metric,
                "kind": r.kind.name(),
                "seat": r.seat,
                "by": r.by,
                "level": r.level,
                "value": r.value,
                "ci_low": r.ci_low,
                "ci_high": r.ci_high,
                "unit": r.unit,
                "count": r.count,
                "n": r.n,
                "per": r.per,
            })
        })
        .collect();
    json_lines(&values)
}

pub fn format_table(rows: &[SummaryRow]) -> String {
    let mut lines = vec![[
        "metric", "seat", "by", "level", "value", "95% CI", "unit", "n", "per",
    ]
    .map(String::from)];
    for row in rows {
        lines.push([
            row.metric.to_string(),
            row.seat.to_string(),
            row.by.to_string(),
            row.level.clone(),
            number(row.value),
            interval_text(row.ci_low, row.ci_high, number),
            row.unit.to_string(),
            row.n.to_string(),
            row.per.to_string(),
        ]);
    }
    let right = [false, false, false, false, true, true, false, true, false];
    align_columns(&lines, &right)
}

/// Lines of cells in aligned columns: the first `text_columns` left-aligned,
/// the numbers after them right-aligned.
pub fn align<L: AsRef<[String]>>(lines: &[L], text_columns: usize) -> String {
    let columns = lines.iter().map(|l| l.as_ref().len()).max().unwrap_or(0);
    let right: Vec<bool> = (0..columns).map(|i| i >= text_columns).collect();
    align_columns(lines, &right)
}

/// Lines of cells in aligned columns, column i right-aligned when
/// `right[i]` (numbers), else left-aligned (text).
pub fn align_columns<L: AsRef<[String]>>(lines: &[L], right: &[bool]) -> String {
    let columns = lines.iter().map(|l| l.as_ref().len()).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for line in lines {
        for (width, cell) in widths.iter_mut().zip(line.as_ref()) {
            *width = (*width).max(cell.len());
        }
    }
    let mut text = String::new();
    for line in lines {
        for (i, (cell, &width)) in line.as_ref().iter().zip(&widths).enumerate() {
            if right.get(i).copied().unwrap_or(true) {
                text.push_str(&format!("{cell:>width$}  "));
            } else {
                text.push_str(&format!("{cell:<width$}  "));
            }
        }
        text.truncate(text.trim_end().len());
        text.push('\n');
    }
    text
}

thread_local! {
    /// What `emit` wrote on this thread inside `capture`, instead of stdout.
    static CAPTURED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with what it would write to stdout (`emit`: the tables and
/// listings of a command run in-process, `cli::execute`) kept instead, and
/// returns that text beside `f`'s result: for a program, or a test, that
/// reads a command's table rather than printing it.
pub fn capture<T>(f: impl FnOnce() -> T) -> (T, String) {
    /// Puts back what was captured before, even if `f` panics.
    struct Restore(Option<Option<String>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                CAPTURED.with(|c| *c.borrow_mut() = outer);
            }
        }
    }
    let mut restore = Restore(Some(CAPTURED.with(|c| c.replace(Some(String::new())))));
    let result = f();
    let outer = restore.0.take().expect("restored once");
    let text = CAPTURED.with(|c| c.replace(outer)).unwrap_or_default();
    (result, text)
}

/// Writes to stdout, or to `capture`'s text inside it; a closed pipe
/// (`| head`) is not an error.
pub fn emit(text: &str) -> Result<()> {
    emit_part(text).map(|_| ())
}

/// `emit` for one part of a longer output: false once the reader has
/// closed the pipe, so the writer can stop making the rest.
pub fn emit_part(text: &str) -> Result<bool> {
    let kept = CAPTURED.with(|c| match c.borrow_mut().as_mut() {
        Some(captured) => {
            captured.push_str(text);
            true
        }
        None => false,
    });
    if kept {
        return Ok(true);
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Error::output("(stdout)", e)),
    }
}

/// A clap error met while reading a command's parsed arguments, as ours.
pub fn usage_error(error: clap::Error) -> Error {
    Error::new(crate::error::ErrorKind::BadArgument(
        error.to_string().trim().to_string(),
    ))
}

/// Writes a line to stderr if it can. Messages there are best-effort: a
/// closed or full stderr (`2>/dev/full`) must not turn a run into a panic
/// (`eprintln!` panics when the write fails).
pub fn warn(text: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_keeps_what_would_go_to_stdout_and_nests() {
        let ((ok, inner), outer) = capture(|| {
            emit("outer 1\n").unwrap();
            let inner = capture(|| emit("inner\n"));
            emit("outer 2\n").unwrap();
            inner
        });
        assert!(ok.is_ok());
        assert_eq!(inner, "inner\n");
        assert_eq!(outer, "outer 1\nouter 2\n");
        let panicked = std::panic::catch_unwind(|| capture(|| panic!("inside")));
        assert!(panicked.is_err());
        assert!(
            CAPTURED.with(|c| c.borrow().is_none()),
            "restored after a panic"
        );
    }
}
