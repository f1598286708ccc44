//! Per-game records (`--records`): each system's record as typed
//! columns, streamed to `records.parquet` row group by row group.

use super::folder::OutputDir;
use super::tables::{column_name, TableColumn};
use crate::error::{Error, Result};
use polars::prelude::*;
use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;

/// The type of a records column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    U64,
    U32,
    Bool,
    /// A name from a fixed set (a seat, a bet).
    Name,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnSpec {
    pub name: &'static str,
    pub kind: ColumnType,
}

impl ColumnSpec {
    pub const fn new(name: &'static str, kind: ColumnType) -> ColumnSpec {
        ColumnSpec { name, kind }
    }
}

/// One cell of a record, of its column's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    U64(u64),
    U32(u32),
    Bool(bool),
    Name(&'static str),
}

/// The key of records.parquet's metadata that says what a row is.
pub const ROW_KEY: &str = "fortunes.row";

/// `one row per game`, `one row per round of a game`.
pub fn row_text(row: &str) -> String {
    if row == "game" {
        "one row per game".into()
    } else {
        format!("one row per {row} of a game")
    }
}

/// A row of `records.parquet`. Game modules describe their rows with this;
/// only the output layer knows how they are stored.
pub trait Record: Copy + Send + Sync + 'static {
    const COLUMNS: &'static [ColumnSpec];
    /// What one row is: `game`, or the part of a game (`round`, `turn`,
    /// `DECQ`); said in the file's metadata and by `ask`.
    const ROW: &'static str = "game";
    /// The cell of column `column` (an index into `COLUMNS`).
    fn cell(&self, column: usize) -> Cell;
}

/// The records as a frame, one column per `R::COLUMNS` entry.
pub fn records_frame<R: Record>(records: &[R]) -> PolarsResult<DataFrame> {
    let columns = R::COLUMNS
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let name = spec.name.into();
            macro_rules! gather {
                ($variant:ident, $t:ty) => {
                    Column::new(
                        name,
                        records
                            .iter()
                            .map(|r| match r.cell(i) {
                                Cell::$variant(v) => v,
                                other => panic!("column {} holds {other:?}", spec.name),
                            })
                            .collect::<Vec<$t>>(),
                    )
                };
            }
            match spec.kind {
                ColumnType::U64 => gather!(U64, u64),
                ColumnType::U32 => gather!(U32, u32),
                ColumnType::Bool => gather!(Bool, bool),
                ColumnType::Name => gather!(Name, &str),
            }
        })
        .collect();
    DataFrame::new_infer_height(columns)
}

/// Rows per row group of `records.parquet`. Each row group leaves some
/// metadata in memory until the file is finished (about 50 KB for 15
/// columns), so one per 4,096-game batch grew memory by 14 MB per million
/// games; 2^18 rows keep the buffer at about 15 MB and the metadata under
/// 1 MB for a hundred million games.
pub const ROW_GROUP_ROWS: usize = 1 << 18;

/// `records.parquet`, written a row group at a time as the run goes, so
/// memory stays flat however many games are played.
pub struct RecordsWriter<R> {
    temp: PathBuf,
    file: Option<BufWriter<File>>,
    writer: Option<polars::io::parquet::write::BatchedWriter<BufWriter<File>>>,
    buffer: Vec<R>,
    /// With several variants: each buffered row's variant, and the
    /// leading `variant` and swept-axis columns they become.
    variants: Vec<u32>,
    labels: Option<VariantColumns>,
    pub rows: u64,
}

/// Each variant's label and its value on every swept axis, for the leading
/// columns of a table with a row per game.
#[derive(Clone, Debug, Default)]
pub struct VariantColumns {
    pub labels: Vec<String>,
    /// (axis name, each variant's value).
    pub axes: Vec<(String, Vec<String>)>,
}

impl<R: Record> RecordsWriter<R> {
    /// Opens `name`; `labels` adds the leading `variant` and swept-axis
    /// columns.
    pub fn open(out: &mut OutputDir, name: &str, labels: Option<VariantColumns>) -> Result<Self> {
        let (file, temp) = out.open(name)?;
        Ok(RecordsWriter {
            temp,
            file: Some(file),
            writer: None,
            buffer: Vec::with_capacity(ROW_GROUP_ROWS),
            variants: Vec::new(),
            labels,
            rows: 0,
        })
    }

    /// Adds rows of `variant`, writing a row group whenever enough have
    /// gathered.
    pub fn push(&mut self, variant: usize, rows: &[R]) -> Result<()> {
        self.buffer.extend_from_slice(rows);
        if self.labels.is_some() {
            self.variants
                .extend(std::iter::repeat_n(variant as u32, rows.len()));
        }
        if self.buffer.len() >= ROW_GROUP_ROWS {
            self.flush()?;
        }
        Ok(())
    }

    fn frame(&self) -> PolarsResult<DataFrame> {
        let mut frame = records_frame(&self.buffer)?;
        if let Some(columns) = &self.labels {
            let of = |values: &[String]| -> Vec<String> {
                self.variants
                    .iter()
                    .map(|&v| values[v as usize].clone())
                    .collect()
            };
            let mut leading = vec![(
                "variant".to_string(),
                TableColumn::Text(of(&columns.labels)),
            )];
            for (axis, values) in &columns.axes {
                // Typed over every variant, not this row group's alone, so
                // every row group has one schema; named apart from the
                // record's own columns (a swept `turns` beside the game's).
                let mut name = column_name(axis);
                if R::COLUMNS.iter().any(|c| c.name == name) || name == "variant" {
                    name = format!("sweep_{name}");
                }
                let column = match values.iter().all(|v| v.parse::<i64>().is_ok()) {
                    true => TableColumn::Int(
                        of(values)
                            .iter()
                            .map(|v| v.parse().expect("checked"))
                            .collect(),
                    ),
                    false => TableColumn::Text(of(values)),
                };
                leading.push((name, column));
            }
            for (i, (name, column)) in leading.into_iter().enumerate() {
                frame.insert_column(i, column.into_column(&name))?;
            }
        }
        Ok(frame)
    }

    fn flush(&mut self) -> Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let fail = |e: PolarsError| Error::output(&self.temp, e);
        let frame = self.frame().map_err(fail)?;
        if self.writer.is_none() {
            let file = self
                .file
                .take()
                .expect("file is open until the first row group");
            self.writer = Some(
                ParquetWriter::new(file)
                    .with_key_value_metadata(Some(KeyValueMetadata::from_static(vec![(
                        ROW_KEY.to_string(),
                        row_text(R::ROW),
                    )])))
                    .batched(frame.schema())
                    .map_err(fail)?,
            );
        }
        let writer = self.writer.as_mut().expect("created above");
        writer.write_batch(&frame).map_err(fail)?;
        self.rows += frame.height() as u64;
        self.buffer.clear();
        self.variants.clear();
        Ok(())
    }

    pub fn finish(mut self) -> Result<()> {
        self.flush()?;
        match &self.writer {
            Some(writer) => writer
                .finish()
                .map(|_| ())
                .map_err(|e| Error::output(&self.temp, e)),
            None => Err(Error::output(&self.temp, "no games were played")),
        }
    }
}
