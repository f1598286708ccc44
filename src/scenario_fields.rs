//! Reading scenario tables, shared by every system with scenarios: one
//! error naming the field, its value and the allowed values, and integer
//! fields checked against their range.

use crate::error::{Error, ErrorKind, Result};

/// The error for scenario field `field` holding `value`.
pub fn bad(field: &str, value: impl std::fmt::Display, allowed: &str) -> Error {
    Error::new(ErrorKind::BadValue {
        name: format!("scenario {field}"),
        value: value.to_string(),
        allowed: allowed.to_string(),
    })
}

/// `key` inside the table at `at` (empty at the top; with or without
/// its trailing dot).
pub fn path(at: &str, key: &str) -> String {
    match at {
        "" => key.to_string(),
        _ if at.ends_with('.') => format!("{at}{key}"),
        _ => format!("{at}.{key}"),
    }
}

/// The integer `key` of `table` (at `at`) within `range`, or `default`
/// when it is missing and has one.
pub fn int(
    table: &toml::Table,
    at: &str,
    key: &str,
    range: (i64, i64),
    default: Option<i64>,
) -> Result<i64> {
    let allowed = format!("an integer {}..={}", range.0, range.1);
    match table.get(key) {
        None => default.ok_or_else(|| bad(&path(at, key), "(missing)", &allowed)),
        Some(toml::Value::Integer(v)) if (range.0..=range.1).contains(v) => Ok(*v),
        Some(other) => Err(bad(&path(at, key), other, &allowed)),
    }
}

/// The text `key` of `table` (at `at`), `None` when it is missing: a value
/// of another type is refused, never read as the field's default.
pub fn text<'t>(table: &'t toml::Table, at: &str, key: &str) -> Result<Option<&'t str>> {
    match table.get(key) {
        None => Ok(None),
        Some(toml::Value::String(text)) => Ok(Some(text)),
        Some(other) => Err(bad(&path(at, key), other, "a string")),
    }
}
