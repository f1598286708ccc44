//! The tidy tables of a run: the summary as CSV and Parquet, the
//! per-variant tables written in groups of rows so a sweep of thousands
//! of variants streams rather than holds them.

use super::folder::{finish, OutputDir};
use crate::error::{Error, Result};
use crate::stats::SummaryRow;
use polars::prelude::*;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// Column names of `summary.csv` and `summary.parquet`, in order.
pub const SUMMARY_COLUMNS: [&str; 13] = [
    "metric",
    "kind",
    "unit",
    "per",
    "seat",
    "by",
    "level",
    "level_value",
    "count",
    "n",
    "value",
    "ci_low",
    "ci_high",
];

/// What one variant of a run measured, as it goes into the tables.
#[derive(Clone, Debug)]
pub struct VariantTable {
    /// `reference`, `hand_size_a=5`, `hand_size_a=5,jokers=1`, ...
    pub label: String,
    /// The value of each swept axis, in axis order.
    pub axes: Vec<String>,
    pub rows: Vec<SummaryRow>,
}

/// A swept axis as a column name: dots become underscores (`a.strategy`
/// is `a_strategy`), so the name needs no quoting in polars, pandas or R.
pub fn column_name(axis: &str) -> String {
    axis.replace('.', "_")
}

/// A swept axis's values as a column: integers when every value is one,
/// so the CSV and the Parquet table hold the same type; text otherwise.
pub fn axis_column(axis: &str, values: Vec<String>) -> (String, TableColumn) {
    let numbers: Option<Vec<i64>> = values.iter().map(|v| v.parse().ok()).collect();
    let column = match numbers {
        Some(numbers) => TableColumn::Int(numbers),
        None => TableColumn::Text(values),
    };
    (column_name(axis), column)
}

/// Whether each swept axis is an integer column: every value of it, over
/// all variants, an integer (as `axis_column` decides for one table).
pub fn integer_axes(axes: usize, values: &[&[String]]) -> Vec<bool> {
    (0..axes)
        .map(|a| values.iter().all(|v| v[a].parse::<i64>().is_ok()))
        .collect()
}

/// The summary of `variants` as one table, written as `summary.csv` and
/// `summary.parquet` from the same columns: `variant`, one column per
/// swept axis (integers where `integer_axes` says so), then
/// `SUMMARY_COLUMNS`. `level_value` is the level as a number where it is
/// one (NaN otherwise), to sort numeric levels by.
pub fn summary_table(axes: &[String], integer: &[bool], variants: &[VariantTable]) -> Table {
    let rows: Vec<(&VariantTable, &SummaryRow)> = variants
        .iter()
        .flat_map(|v| v.rows.iter().map(move |r| (v, r)))
        .collect();
    let text = |get: &dyn Fn(&SummaryRow) -> String| {
        TableColumn::Text(rows.iter().map(|(_, r)| get(r)).collect())
    };
    let int = |get: &dyn Fn(&SummaryRow) -> u64| {
        TableColumn::Int(rows.iter().map(|(_, r)| get(r) as i64).collect())
    };
    let float = |get: &dyn Fn(&SummaryRow) -> f64| {
        TableColumn::Float(rows.iter().map(|(_, r)| get(r)).collect())
    };
    let mut columns = vec![(
        "variant".to_string(),
        TableColumn::Text(rows.iter().map(|(v, _)| v.label.clone()).collect()),
    )];
    for (i, axis) in axes.iter().enumerate() {
        let column = if integer[i] {
            TableColumn::Int(
                rows.iter()
                    .map(|(v, _)| v.axes[i].parse().expect("an integer axis"))
                    .collect(),
            )
        } else {
            TableColumn::Text(rows.iter().map(|(v, _)| v.axes[i].clone()).collect())
        };
        columns.push((column_name(axis), column));
    }
    let level_value = |r: &SummaryRow| r.level.parse::<f64>().unwrap_or(f64::NAN);
    let cells: [TableColumn; 13] = [
        text(&|r| r.metric.to_string()),
        text(&|r| r.kind.name().to_string()),
        text(&|r| r.unit.to_string()),
        text(&|r| r.per.to_string()),
        text(&|r| r.seat.to_string()),
        text(&|r| r.by.to_string()),
        text(&|r| r.level.clone()),
        float(&level_value),
        int(&|r| r.count),
        int(&|r| r.n),
        float(&|r| r.value),
        float(&|r| r.ci_low),
        float(&|r| r.ci_high),
    ];
    columns.extend(SUMMARY_COLUMNS.iter().map(|c| c.to_string()).zip(cells));
    Table { columns }
}

fn write_parquet(file: BufWriter<File>, temp: &Path, frame: &mut DataFrame) -> Result<()> {
    ParquetWriter::new(file)
        .finish(frame)
        .map_err(|e| Error::output(temp, e))?;
    Ok(())
}

/// A table of named columns, each all strings or all numbers: written as
/// `NAME.csv` and `NAME.parquet` (the metrics and differences tables).
pub struct Table {
    pub columns: Vec<(String, TableColumn)>,
}

#[derive(Clone, Debug)]
pub enum TableColumn {
    Text(Vec<String>),
    Int(Vec<i64>),
    Float(Vec<f64>),
    Bool(Vec<bool>),
}

impl TableColumn {
    /// The column as polars holds it.
    pub(super) fn into_column(self, name: &str) -> Column {
        match self {
            TableColumn::Text(v) => Column::new(name.into(), v),
            TableColumn::Int(v) => Column::new(name.into(), v),
            TableColumn::Float(v) => Column::new(name.into(), v),
            TableColumn::Bool(v) => Column::new(name.into(), v),
        }
    }

    fn cell(&self, row: usize) -> String {
        match self {
            TableColumn::Text(v) => v[row].clone(),
            TableColumn::Int(v) => v[row].to_string(),
            TableColumn::Float(v) => v[row].to_string(),
            TableColumn::Bool(v) => v[row].to_string(),
        }
    }

    /// Appends `other`'s values (a column of the same type).
    fn extend(&mut self, other: TableColumn) {
        match (self, other) {
            (TableColumn::Text(a), TableColumn::Text(b)) => a.extend(b),
            (TableColumn::Int(a), TableColumn::Int(b)) => a.extend(b),
            (TableColumn::Float(a), TableColumn::Float(b)) => a.extend(b),
            (TableColumn::Bool(a), TableColumn::Bool(b)) => a.extend(b),
            _ => unreachable!("a streamed table's columns keep their types"),
        }
    }

    fn len(&self) -> usize {
        match self {
            TableColumn::Text(v) => v.len(),
            TableColumn::Int(v) => v.len(),
            TableColumn::Float(v) => v.len(),
            TableColumn::Bool(v) => v.len(),
        }
    }
}

/// A table written as it grows: `NAME.csv` a row at a time, and
/// `NAME.parquet` as one frame when the table is small (the same bytes as
/// `write_table`), else in row groups of `TABLE_GROUP` rows, so a sweep of
/// thousands of variants never holds a whole table.
pub struct TableStream {
    csv: csv::Writer<BufWriter<File>>,
    csv_temp: PathBuf,
    parquet_file: Option<BufWriter<File>>,
    parquet_temp: PathBuf,
    parquet: Option<polars::io::parquet::write::BatchedWriter<BufWriter<File>>>,
    buffer: Option<Table>,
}

/// Rows of a streamed table buffered for one Parquet row group.
pub const TABLE_GROUP: usize = 1 << 16;

impl TableStream {
    /// Opens `NAME.csv` and `NAME.parquet` and writes the CSV header.
    pub fn open(out: &mut OutputDir, name: &str, header: &[String]) -> Result<TableStream> {
        let (csv_file, csv_temp) = out.open(&format!("{name}.csv"))?;
        let (parquet_file, parquet_temp) = out.open(&format!("{name}.parquet"))?;
        let mut csv = csv::Writer::from_writer(csv_file);
        csv.write_record(header)
            .map_err(|e| Error::output(&csv_temp, e))?;
        Ok(TableStream {
            csv,
            csv_temp,
            parquet_file: Some(parquet_file),
            parquet_temp,
            parquet: None,
            buffer: None,
        })
    }

    /// Appends `table`'s rows (its columns those of the header, in order).
    pub fn push(&mut self, table: Table) -> Result<()> {
        let height = table.columns.first().map_or(0, |(_, c)| c.len());
        for row in 0..height {
            self.csv
                .write_record(table.columns.iter().map(|(_, c)| c.cell(row)))
                .map_err(|e| Error::output(&self.csv_temp, e))?;
        }
        match &mut self.buffer {
            None => self.buffer = Some(table),
            Some(buffer) => {
                for ((_, mine), (_, theirs)) in buffer.columns.iter_mut().zip(table.columns) {
                    mine.extend(theirs);
                }
            }
        }
        if self.buffered() >= TABLE_GROUP {
            self.write_group()?;
        }
        Ok(())
    }

    fn buffered(&self) -> usize {
        self.buffer
            .as_ref()
            .and_then(|t| t.columns.first())
            .map_or(0, |(_, c)| c.len())
    }

    fn frame(&mut self) -> Result<DataFrame> {
        let table = self.buffer.take().unwrap_or(Table {
            columns: Vec::new(),
        });
        let columns = table
            .columns
            .into_iter()
            .map(|(name, column)| column.into_column(&name))
            .collect();
        DataFrame::new_infer_height(columns).map_err(|e| Error::output(&self.parquet_temp, e))
    }

    fn write_group(&mut self) -> Result<()> {
        let frame = self.frame()?;
        let fail = |e: PolarsError| Error::output(&self.parquet_temp, e);
        if self.parquet.is_none() {
            let file = self
                .parquet_file
                .take()
                .expect("open until the first group");
            self.parquet = Some(
                ParquetWriter::new(file)
                    .batched(frame.schema())
                    .map_err(fail)?,
            );
        }
        let writer = self.parquet.as_mut().expect("created above");
        writer.write_batch(&frame).map_err(fail)
    }

    pub fn finish(mut self) -> Result<()> {
        match self.parquet.take() {
            None => {
                let mut frame = self.frame()?;
                let file = self.parquet_file.take().expect("never batched");
                write_parquet(file, &self.parquet_temp, &mut frame)?;
            }
            Some(mut writer) => {
                if self.buffered() > 0 {
                    let frame = self.frame()?;
                    writer
                        .write_batch(&frame)
                        .map_err(|e| Error::output(&self.parquet_temp, e))?;
                }
                writer
                    .finish()
                    .map_err(|e| Error::output(&self.parquet_temp, e))?;
            }
        }
        let file = self
            .csv
            .into_inner()
            .map_err(|e| Error::output(&self.csv_temp, e.error()))?;
        finish(file, &self.csv_temp)
    }
}

pub fn write_table(out: &mut OutputDir, name: &str, table: &Table) -> Result<()> {
    let (file, temp) = out.open(&format!("{name}.csv"))?;
    let mut writer = csv::Writer::from_writer(file);
    let fail = |e: csv::Error| Error::output(&temp, e);
    writer
        .write_record(table.columns.iter().map(|(n, _)| n.as_str()))
        .map_err(fail)?;
    let height = table.columns.first().map_or(0, |(_, c)| c.len());
    for row in 0..height {
        writer
            .write_record(table.columns.iter().map(|(_, c)| c.cell(row)))
            .map_err(fail)?;
    }
    let file = writer
        .into_inner()
        .map_err(|e| Error::output(&temp, e.error()))?;
    finish(file, &temp)?;
    let (file, temp) = out.open(&format!("{name}.parquet"))?;
    let columns = table
        .columns
        .iter()
        .map(|(name, column)| column.clone().into_column(name))
        .collect();
    let mut frame = DataFrame::new_infer_height(columns).map_err(|e| Error::output(&temp, e))?;
    write_parquet(file, &temp, &mut frame)
}
