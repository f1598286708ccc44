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

/// The entries of an array of tables such as `[[objectives]]` under
/// `field`: at most `max`, each a table of no keys but `keys`, with a
/// `name` no other has (each entry is `one`, e.g. "objective"). Each comes
/// with its name and the prefix its own fields are named under
/// (`objectives[2].`).
pub fn named_entries<'t>(
    value: &'t toml::Value,
    field: &str,
    one: &str,
    keys: &[&str],
    max: usize,
) -> Result<Vec<(String, &'t toml::Table, String)>> {
    let allowed = format!("an array of tables: [[{field}]] {}", keys.join(", "));
    let Some(entries) = value.as_array() else {
        return Err(bad(field, value, &allowed));
    };
    if entries.len() > max {
        return Err(bad(
            field,
            format!("{} {field}", entries.len()),
            &format!("at most {max}"),
        ));
    }
    let mut named: Vec<(String, &toml::Table, String)> = Vec::new();
    for (n, entry) in entries.iter().enumerate() {
        let at = format!("{field}[{n}].");
        let Some(table) = entry.as_table() else {
            return Err(bad(&format!("{field}[{n}]"), entry, &allowed));
        };
        if let Some(key) = table.keys().find(|k| !keys.contains(&k.as_str())) {
            return Err(bad(
                &format!("{at}{key}"),
                "(unknown key)",
                &keys.join(", "),
            ));
        }
        let name = match text(table, &at, "name")? {
            Some(name) if !name.is_empty() => name.to_string(),
            _ => return Err(bad(&format!("{at}name"), "(missing)", "a name")),
        };
        if named.iter().any(|(other, _, _)| *other == name) {
            let unique = format!("a name no other {one} has");
            return Err(bad(&format!("{at}name"), &name, &unique));
        }
        named.push((name, table, at));
    }
    Ok(named)
}
