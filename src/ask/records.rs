//! A run's records as `ask` reads them: records.parquet's columns, read
//! eagerly and only those an expression names, with their types.

use crate::error::{Error, ErrorKind, Result};
use polars::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// A column's values, as the evaluator reads them.
pub enum Values {
    Num(Vec<f64>),
    Bool(Vec<bool>),
    /// Codes into the dictionary.
    Text(Vec<u32>, Vec<String>),
}

/// The columns of a records file: names and types from a first row, and
/// the values of just the columns a question names, read when it is asked.
pub struct Records {
    path: std::path::PathBuf,
    frame: DataFrame,
    pub(super) names: Vec<String>,
    pub(super) types: Vec<Type>,
    rows: usize,
    /// What a row is (`one row per round of a game`), from the file's
    /// metadata, or from its columns for a file written before it said.
    pub row: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    Num,
    Bool,
    Text,
}

impl Type {
    pub(super) fn name(self) -> &'static str {
        match self {
            Type::Num => "number",
            Type::Bool => "boolean",
            Type::Text => "string",
        }
    }
}

fn read(
    path: &Path,
    columns: Option<Vec<String>>,
    slice: Option<(usize, usize)>,
) -> Result<DataFrame> {
    if let Err(e) = std::fs::metadata(path) {
        return Err(Error::file(
            path,
            format!("{e}; `ask` reads the records a run writes with --records"),
        ));
    }
    let file = crate::presets::open_input(path)?;
    ParquetReader::new(file)
        .with_columns(columns)
        .with_slice(slice)
        .finish()
        .map_err(|e| Error::file(path, e))
}

impl Records {
    /// Opens `DIR/records.parquet` (or a parquet file given directly): its
    /// columns' names and types, and its length.
    pub fn open(path: &Path) -> Result<Records> {
        let path = if path.is_dir() {
            path.join("records.parquet")
        } else {
            path.to_path_buf()
        };
        let first = read(&path, None, Some((0, 1)))?;
        let mut names = Vec::new();
        let mut types = Vec::new();
        for column in first.columns() {
            let kind = match column.dtype() {
                DataType::Boolean => Type::Bool,
                DataType::String => Type::Text,
                dtype if dtype.is_primitive_numeric() => Type::Num,
                _ => continue,
            };
            names.push(column.name().to_string());
            types.push(kind);
        }
        let file = crate::presets::open_input(&path)?;
        let mut reader = ParquetReader::new(file);
        let told = reader
            .get_metadata()
            .map_err(|e| Error::file(&path, e))?
            .key_value_metadata()
            .iter()
            .flatten()
            .find(|kv| kv.key == crate::output::ROW_KEY)
            .and_then(|kv| kv.value.clone());
        let row = told.unwrap_or_else(|| {
            let part = ["round", "turn", "decq"]
                .into_iter()
                .find(|part| names.iter().any(|n| n == part));
            crate::output::row_text(match part {
                Some("decq") => "DECQ",
                Some(part) => part,
                None => "game",
            })
        });
        let rows = reader.num_rows().map_err(|e| Error::file(&path, e))?;
        Ok(Records {
            path,
            frame: first.clear(),
            names,
            types,
            rows,
            row,
        })
    }

    /// Reads the values of `columns` (by name), and only those.
    pub(super) fn load(&mut self, columns: &[String]) -> Result<()> {
        self.frame = read(&self.path, Some(columns.to_vec()), None)?;
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `game (number), went_out (string), ...`
    pub fn describe_columns(&self) -> String {
        self.names
            .iter()
            .zip(&self.types)
            .map(|(n, t)| format!("{n} ({})", t.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(super) fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    pub(super) fn values(&self, index: usize) -> Result<Values> {
        let column = self
            .frame
            .column(&self.names[index])
            .map_err(|e| Error::new(ErrorKind::BadArgument(e.to_string())))?;
        let fail = |e: PolarsError| Error::new(ErrorKind::BadArgument(e.to_string()));
        Ok(match self.types[index] {
            Type::Num => {
                let floats = column.cast(&DataType::Float64).map_err(fail)?;
                Values::Num(
                    floats
                        .f64()
                        .map_err(fail)?
                        .iter()
                        .map(|v| v.unwrap_or(f64::NAN))
                        .collect(),
                )
            }
            Type::Bool => Values::Bool(
                column
                    .bool()
                    .map_err(fail)?
                    .iter()
                    .map(|v| v.unwrap_or(false))
                    .collect(),
            ),
            Type::Text => {
                let mut dictionary: Vec<String> = Vec::new();
                let mut codes_of: BTreeMap<String, u32> = BTreeMap::new();
                let codes = column
                    .str()
                    .map_err(fail)?
                    .iter()
                    .map(|v| {
                        let text = v.unwrap_or_default();
                        *codes_of.entry(text.to_string()).or_insert_with(|| {
                            dictionary.push(text.to_string());
                            (dictionary.len() - 1) as u32
                        })
                    })
                    .collect();
                Values::Text(codes, dictionary)
            }
        })
    }

    /// A column as a code per row and the text of each code, for grouping.
    pub(super) fn codes(&self, name: &str) -> Result<(Vec<u32>, Vec<String>)> {
        let index = self.index(name).ok_or_else(|| {
            Error::new(ErrorKind::BadArgument(format!(
                "unknown column {name:?}; columns: {}",
                self.describe_columns()
            )))
        })?;
        Ok(match self.values(index)? {
            Values::Text(codes, dictionary) => (codes, dictionary),
            Values::Bool(v) => (
                v.iter().map(|&b| b as u32).collect(),
                vec!["false".into(), "true".into()],
            ),
            Values::Num(v) => {
                let mut seen: BTreeMap<u64, u32> = BTreeMap::new();
                let mut labels = Vec::new();
                let codes = v
                    .iter()
                    .map(|x| {
                        *seen.entry(x.to_bits()).or_insert_with(|| {
                            labels.push(format_number(*x));
                            (labels.len() - 1) as u32
                        })
                    })
                    .collect();
                (codes, labels)
            }
        })
    }
}

/// A number as an expression would write it: whole numbers without a
/// fraction.
fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        x.to_string()
    }
}
