//! Writing results: the tidy summary table as CSV and Parquet, per-game
//! records as Parquet streamed batch by batch, and `run.toml`. Every file is
//! written under a temporary name and renamed into place only when the
//! whole run has succeeded, so a failed or interrupted run never leaves a
//! half-written table.

use crate::error::{Error, Result};
use crate::stats::SummaryRow;
use polars::prelude::*;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Column names of `summary.csv` and `summary.parquet`, in order.
pub const SUMMARY_COLUMNS: [&str; 10] = [
    "metric", "kind", "seat", "by", "level", "count", "n", "value", "ci_low", "ci_high",
];

/// An output directory whose files appear only on `commit`.
pub struct OutputDir {
    dir: PathBuf,
    created: bool,
    /// (temporary path, final path) of every file written so far.
    pending: Vec<(PathBuf, PathBuf)>,
}

impl OutputDir {
    pub fn create(dir: &Path) -> Result<OutputDir> {
        if dir.exists() && !dir.is_dir() {
            return Err(Error::output(dir, "exists and is not a directory"));
        }
        let created = !dir.exists();
        std::fs::create_dir_all(dir).map_err(|e| Error::output(dir, e))?;
        Ok(OutputDir {
            dir: dir.to_path_buf(),
            created,
            pending: Vec::new(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Opens `name`'s temporary file for writing.
    pub fn open(&mut self, name: &str) -> Result<(BufWriter<File>, PathBuf)> {
        let temp = self.dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let file = File::create(&temp).map_err(|e| Error::output(&temp, e))?;
        self.pending.push((temp.clone(), self.dir.join(name)));
        Ok((BufWriter::new(file), temp))
    }

    /// Renames every temporary file into place.
    pub fn commit(mut self) -> Result<()> {
        for (temp, path) in std::mem::take(&mut self.pending) {
            std::fs::rename(&temp, &path).map_err(|e| Error::output(&path, e))?;
        }
        self.created = false;
        Ok(())
    }
}

impl Drop for OutputDir {
    /// An uncommitted directory is cleaned up: temporary files removed, and
    /// the directory itself if this run created it.
    fn drop(&mut self) {
        for (temp, _) in &self.pending {
            let _ = std::fs::remove_file(temp);
        }
        if self.created {
            let _ = std::fs::remove_dir(&self.dir);
        }
    }
}

fn finish(mut writer: BufWriter<File>, path: &Path) -> Result<()> {
    writer.flush().map_err(|e| Error::output(path, e))?;
    writer
        .into_inner()
        .map_err(|e| Error::output(path, e.error()))?
        .sync_all()
        .map_err(|e| Error::output(path, e))
}

pub fn write_summary_csv(out: &mut OutputDir, rows: &[SummaryRow]) -> Result<()> {
    let (file, temp) = out.open("summary.csv")?;
    let mut writer = csv::Writer::from_writer(file);
    let fail = |e: csv::Error| Error::output(&temp, e);
    writer.write_record(SUMMARY_COLUMNS).map_err(fail)?;
    for row in rows {
        writer
            .write_record([
                row.metric.to_string(),
                row.kind.name().to_string(),
                row.seat.to_string(),
                row.by.to_string(),
                row.level.clone(),
                row.count.to_string(),
                row.n.to_string(),
                row.value.to_string(),
                row.ci_low.to_string(),
                row.ci_high.to_string(),
            ])
            .map_err(fail)?;
    }
    let file = writer
        .into_inner()
        .map_err(|e| Error::output(&temp, e.error()))?;
    finish(file, &temp)
}

pub fn summary_frame(rows: &[SummaryRow]) -> PolarsResult<DataFrame> {
    let strings = |name: &str, get: &dyn Fn(&SummaryRow) -> String| {
        Column::new(name.into(), rows.iter().map(get).collect::<Vec<String>>())
    };
    let ints = |name: &str, get: &dyn Fn(&SummaryRow) -> u64| {
        Column::new(
            name.into(),
            rows.iter().map(|r| get(r) as i64).collect::<Vec<i64>>(),
        )
    };
    let floats = |name: &str, get: &dyn Fn(&SummaryRow) -> f64| {
        Column::new(name.into(), rows.iter().map(get).collect::<Vec<f64>>())
    };
    DataFrame::new_infer_height(vec![
        strings("metric", &|r| r.metric.to_string()),
        strings("kind", &|r| r.kind.name().to_string()),
        strings("seat", &|r| r.seat.to_string()),
        strings("by", &|r| r.by.to_string()),
        strings("level", &|r| r.level.clone()),
        ints("count", &|r| r.count),
        ints("n", &|r| r.n),
        floats("value", &|r| r.value),
        floats("ci_low", &|r| r.ci_low),
        floats("ci_high", &|r| r.ci_high),
    ])
}

pub fn write_summary_parquet(out: &mut OutputDir, rows: &[SummaryRow]) -> Result<()> {
    let (file, temp) = out.open("summary.parquet")?;
    let mut frame = summary_frame(rows).map_err(|e| Error::output(&temp, e))?;
    ParquetWriter::new(file)
        .finish(&mut frame)
        .map_err(|e| Error::output(&temp, e))?;
    Ok(())
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
    to_frame: fn(&[R]) -> PolarsResult<DataFrame>,
    pub rows: u64,
}

impl<R: Copy> RecordsWriter<R> {
    pub fn open(
        out: &mut OutputDir,
        to_frame: fn(&[R]) -> PolarsResult<DataFrame>,
    ) -> Result<Self> {
        let (file, temp) = out.open("records.parquet")?;
        Ok(RecordsWriter {
            temp,
            file: Some(file),
            writer: None,
            buffer: Vec::with_capacity(ROW_GROUP_ROWS),
            to_frame,
            rows: 0,
        })
    }

    /// Adds rows, writing a row group whenever enough have gathered.
    pub fn push(&mut self, rows: &[R]) -> Result<()> {
        self.buffer.extend_from_slice(rows);
        if self.buffer.len() >= ROW_GROUP_ROWS {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let fail = |e: PolarsError| Error::output(&self.temp, e);
        let frame = (self.to_frame)(&self.buffer).map_err(fail)?;
        if self.writer.is_none() {
            let file = self
                .file
                .take()
                .expect("file is open until the first row group");
            self.writer = Some(
                ParquetWriter::new(file)
                    .batched(frame.schema())
                    .map_err(fail)?,
            );
        }
        let writer = self.writer.as_mut().expect("created above");
        writer.write_batch(&frame).map_err(fail)?;
        self.rows += frame.height() as u64;
        self.buffer.clear();
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

pub fn write_text(out: &mut OutputDir, name: &str, text: &str) -> Result<()> {
    let (mut file, temp) = out.open(name)?;
    file.write_all(text.as_bytes())
        .map_err(|e| Error::output(&temp, e))?;
    finish(file, &temp)
}

/// The readable table printed on stdout.
pub fn format_table(rows: &[SummaryRow]) -> String {
    let mut lines = vec![[
        "metric".to_string(),
        "seat".into(),
        "by".into(),
        "level".into(),
        "n".into(),
        "value".into(),
        "95% CI".into(),
    ]];
    for row in rows {
        lines.push([
            row.metric.to_string(),
            row.seat.to_string(),
            row.by.to_string(),
            row.level.clone(),
            row.n.to_string(),
            format!("{:.4}", row.value),
            format!("[{:.4}, {:.4}]", row.ci_low, row.ci_high),
        ]);
    }
    let mut widths = [0usize; 7];
    for line in &lines {
        for (width, cell) in widths.iter_mut().zip(line) {
            *width = (*width).max(cell.len());
        }
    }
    let mut text = String::new();
    for line in &lines {
        for (i, (cell, width)) in line.iter().zip(widths).enumerate() {
            // Text columns left-aligned, numbers right-aligned.
            if i < 4 {
                text.push_str(&format!("{cell:<width$}  "));
            } else {
                text.push_str(&format!("{cell:>width$}  "));
            }
        }
        text.truncate(text.trim_end().len());
        text.push('\n');
    }
    text
}
