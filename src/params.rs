//! Rules as data: every rule parameter of every system has a name, a kind
//! with its valid range, a default, one line of meaning, and the seed
//! sentence or RULES-NOTES gap it comes from. Values are checked here, once,
//! at the boundary; systems read them as typed fields afterwards.

use crate::error::{Error, ErrorKind, Result};
use std::fmt::Write as _;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// An integer in `min..=max`.
    Int {
        min: i64,
        max: i64,
    },
    /// An integer in `min..=max`, or `none` meaning "fall back to another
    /// parameter" (stored as `NONE`).
    OptionalInt {
        min: i64,
        max: i64,
    },
    Bool,
    /// One of the listed names (stored as its index).
    Choice(&'static [&'static str]),
}

/// The stored value of an unset `OptionalInt`.
pub const NONE: i64 = -1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: &'static str,
    pub kind: ParamKind,
    pub default: i64,
    pub doc: &'static str,
    /// The seed sentence or RULES-NOTES entry the parameter comes from.
    pub source: &'static str,
}

impl ParamSpec {
    pub fn allowed(&self) -> String {
        match self.kind {
            ParamKind::Int { min, max } => format!("an integer {min}..={max}"),
            ParamKind::OptionalInt { min, max } => format!("none, or an integer {min}..={max}"),
            ParamKind::Bool => "true or false".to_string(),
            ParamKind::Choice(names) => names.join(", "),
        }
    }

    pub fn format(&self, value: i64) -> String {
        match self.kind {
            ParamKind::Int { .. } => value.to_string(),
            ParamKind::OptionalInt { .. } if value == NONE => "none".to_string(),
            ParamKind::OptionalInt { .. } => value.to_string(),
            ParamKind::Bool => (value != 0).to_string(),
            ParamKind::Choice(names) => names[value as usize].to_string(),
        }
    }

    fn bad(&self, value: impl ToString) -> Error {
        Error::new(ErrorKind::BadValue {
            name: self.name.to_string(),
            value: value.to_string(),
            allowed: self.allowed(),
        })
    }

    fn check_int(&self, value: i64) -> Result<i64> {
        match self.kind {
            ParamKind::Int { min, max } | ParamKind::OptionalInt { min, max }
                if (min..=max).contains(&value) =>
            {
                Ok(value)
            }
            _ => Err(self.bad(value)),
        }
    }

    /// Parses a command-line value such as `5`, `true` or `coin_flip`.
    pub fn parse(&self, text: &str) -> Result<i64> {
        let text = text.trim();
        match self.kind {
            ParamKind::Int { .. } => integer(text)
                .ok_or_else(|| self.bad(text))
                .and_then(|v| self.check_int(v)),
            ParamKind::OptionalInt { .. } if text.eq_ignore_ascii_case("none") => Ok(NONE),
            ParamKind::OptionalInt { .. } => integer(text)
                .ok_or_else(|| self.bad(text))
                .and_then(|v| self.check_int(v)),
            ParamKind::Bool => match text {
                "true" => Ok(1),
                "false" => Ok(0),
                _ => Err(self.bad(text)),
            },
            ParamKind::Choice(names) => names
                .iter()
                .position(|n| *n == text)
                .map(|i| i as i64)
                .ok_or_else(|| self.bad(text)),
        }
    }

    /// The TOML form of a stored value, as `from_toml` reads it.
    pub fn to_toml(&self, value: i64) -> toml::Value {
        match self.kind {
            ParamKind::Int { .. } => toml::Value::Integer(value),
            ParamKind::OptionalInt { .. } if value != NONE => toml::Value::Integer(value),
            ParamKind::Bool => toml::Value::Boolean(value != 0),
            ParamKind::OptionalInt { .. } | ParamKind::Choice(_) => {
                toml::Value::String(self.format(value))
            }
        }
    }

    /// Reads a value from a TOML file.
    pub fn from_toml(&self, value: &toml::Value) -> Result<i64> {
        match (self.kind, value) {
            (ParamKind::Int { .. } | ParamKind::OptionalInt { .. }, toml::Value::Integer(v)) => {
                self.check_int(*v)
            }
            (ParamKind::OptionalInt { .. } | ParamKind::Choice(_), toml::Value::String(s)) => {
                self.parse(s)
            }
            (ParamKind::Bool, toml::Value::Boolean(b)) => Ok(*b as i64),
            _ => Err(self.bad(value)),
        }
    }
}

/// A full set of values for one system's parameters, in spec order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamValues {
    system: &'static str,
    specs: &'static [ParamSpec],
    values: Vec<i64>,
}

impl ParamValues {
    pub fn defaults(system: &'static str, specs: &'static [ParamSpec]) -> ParamValues {
        ParamValues {
            system,
            specs,
            values: specs.iter().map(|s| s.default).collect(),
        }
    }

    pub fn specs(&self) -> &'static [ParamSpec] {
        self.specs
    }

    fn position(&self, name: &str) -> Result<usize> {
        self.specs
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| {
                Error::new(ErrorKind::UnknownParameter {
                    system: self.system,
                    name: name.to_string(),
                    allowed: self
                        .specs
                        .iter()
                        .map(|s| s.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            })
    }

    /// The value of `name`; panics on a name the system does not define,
    /// which is a programming error, not input.
    /// The value of `spec`, one of this list's: a strategy names its
    /// tuning by the spec itself, so that a misspelt key does not compile
    /// (every built-in is built from its defaults by the conformance
    /// tests, so a spec of another list is found there).
    pub fn of(&self, spec: &ParamSpec) -> i64 {
        self.get(spec.name)
    }

    pub fn get(&self, name: &str) -> i64 {
        let index = self
            .specs
            .iter()
            .position(|s| s.name == name)
            .unwrap_or_else(|| panic!("{} has no parameter {name}", self.system));
        self.values[index]
    }

    /// Applies `name=value` from the command line.
    pub fn set_text(&mut self, assignment: &str) -> Result<()> {
        let (name, value) = assignment.split_once('=').ok_or_else(|| {
            Error::new(ErrorKind::BadArgument(format!(
                "--set expects name=value, got {assignment:?}"
            )))
        })?;
        let index = self.position(name.trim())?;
        self.values[index] = self.specs[index].parse(value)?;
        Ok(())
    }

    /// Applies every entry of a TOML table.
    pub fn set_toml(&mut self, table: &toml::Table) -> Result<()> {
        for (name, value) in table {
            let index = self.position(name)?;
            self.values[index] = self.specs[index].from_toml(value)?;
        }
        Ok(())
    }

    /// Every value as a TOML table that `set_toml` reads back unchanged:
    /// the `[rules]` of run.toml.
    pub fn to_toml(&self) -> toml::Table {
        self.specs
            .iter()
            .zip(&self.values)
            .map(|(spec, &value)| (spec.name.to_string(), spec.to_toml(value)))
            .collect()
    }
}

/// The `fortunes rules SYSTEM` listing.
/// A whole number as a person writes one: digits, after a `-` if
/// negative; no `+`, space, underscore or other base (Rust's own parser
/// takes `+5`). The one integer reader of command-line values.
pub fn integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

pub fn describe(specs: &[ParamSpec]) -> String {
    let mut out = String::new();
    for spec in specs {
        let _ = writeln!(out, "{}", spec.name);
        let _ = writeln!(out, "    default: {}", spec.format(spec.default));
        let _ = writeln!(out, "    allowed: {}", spec.allowed());
        let _ = writeln!(out, "    meaning: {}", spec.doc);
        let _ = writeln!(out, "    source:  {}", spec.source);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "size",
            kind: ParamKind::Int { min: 1, max: 9 },
            default: 6,
            doc: "d",
            source: "s",
        },
        ParamSpec {
            name: "tie",
            kind: ParamKind::Choice(&["flip", "keep"]),
            default: 0,
            doc: "d",
            source: "s",
        },
        ParamSpec {
            name: "override",
            kind: ParamKind::OptionalInt { min: 1, max: 9 },
            default: NONE,
            doc: "d",
            source: "s",
        },
    ];

    #[test]
    fn parses_and_rejects_with_allowed_values() {
        let mut values = ParamValues::defaults("test", SPECS);
        values.set_text("size=3").unwrap();
        values.set_text("tie=keep").unwrap();
        values.set_text("override=none").unwrap();
        assert_eq!(values.get("size"), 3);
        assert_eq!(values.get("tie"), 1);
        assert_eq!(values.get("override"), NONE);
        let error = values.set_text("size=0").unwrap_err().to_string();
        assert!(error.contains("1..=9"), "{error}");
        let error = values.set_text("tie=maybe").unwrap_err().to_string();
        assert!(error.contains("flip, keep"), "{error}");
        let error = values.set_text("colour=red").unwrap_err().to_string();
        assert!(error.contains("size, tie, override"), "{error}");
        assert!(values.set_text("size").is_err());
        let table: toml::Table = toml::from_str("size = 10").unwrap();
        assert!(values.set_toml(&table).is_err());
        let table: toml::Table = toml::from_str("size = \"4\"").unwrap();
        assert!(values.set_toml(&table).is_err());
    }

    #[test]
    fn toml_round_trips_every_kind() {
        let mut values = ParamValues::defaults("test", SPECS);
        for sets in [
            ["size=2", "tie=keep", "override=none"],
            ["size=9", "tie=flip", "override=4"],
        ] {
            for set in sets {
                values.set_text(set).unwrap();
            }
            let mut read = ParamValues::defaults("test", SPECS);
            read.set_toml(&values.to_toml()).unwrap();
            assert_eq!(read, values);
        }
    }
}
