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

/// The manifest of a folder fortunes writes: one line per file it wrote,
/// `ROLE NAME` (role `run` or `baseline`), so that a run removes exactly
/// the files an earlier run of its role wrote and it did not write again,
/// and never a file of anyone else's.
pub const MANIFEST: &str = ".fortunes-manifest";
/// Held while a run writes into a folder: the second run to the same
/// folder is refused, naming the first.
const LOCK: &str = ".fortunes-lock";

/// An output directory whose files appear only on `commit`. It is locked
/// while open; a folder that is not empty and has no manifest is refused
/// (fortunes did not write it); temporary files of runs that died are
/// cleaned up; and an uncommitted run leaves nothing behind, not even the
/// parent folders it created.
pub struct OutputDir {
    dir: PathBuf,
    role: &'static str,
    /// The real paths of the folders this run created (the output folder
    /// and parents of it), outermost first: removed, if empty, when it
    /// fails, and nothing else (`a/../b` must not take a user's `b`).
    created: Vec<PathBuf>,
    locked: bool,
    /// (temporary path, final path) of every file written so far.
    pending: Vec<(PathBuf, PathBuf)>,
    /// The manifest as found, every entry checked to be a plain name of
    /// this folder: (role, name).
    manifest: Vec<(String, String)>,
}

/// The entries of the manifest in `dir` (none when it has none), refused
/// as damaged when one is not a plain name of a file in the folder: a
/// manifest names what a later run deletes, so an entry with a separator,
/// `..`, an absolute path or a link would let a shared report folder
/// delete files outside it.
fn read_manifest(dir: &Path) -> Result<Vec<(String, String)>> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::symlink_metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::output(&path, e)),
        Ok(meta) if !meta.file_type().is_file() => {
            return Err(Error::output(
                &path,
                "is not a regular file: the folder is damaged; nothing was deleted \
                 (give another --out, or remove it)",
            ))
        }
        Ok(_) => std::fs::read_to_string(&path).map_err(|e| Error::output(&path, e))?,
    };
    let mut entries = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let damaged = |why: &str| {
            Error::output(
                &path,
                format!(
                    "damaged manifest, line {}: {line:?} {why}; nothing was deleted \
                     (allowed: ROLE NAME, ROLE run or baseline, NAME a plain file name \
                     in the folder; give another --out, or remove the manifest's bad line)",
                    number + 1
                ),
            )
        };
        let Some((role, name)) = line.split_once(' ') else {
            return Err(damaged("is not ROLE NAME"));
        };
        if role != "run" && role != "baseline" {
            return Err(damaged("has an unknown role"));
        }
        if !plain_name(name) {
            return Err(damaged(
                "names no plain file of this folder (a separator, .., an absolute path, \
                 a control character or an empty name)",
            ));
        }
        match std::fs::symlink_metadata(dir.join(name)) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(damaged("names a link, which fortunes never writes"))
            }
            Ok(meta) if meta.is_dir() => {
                return Err(damaged("names a folder, which fortunes never writes"))
            }
            _ => {}
        }
        entries.push((role.to_string(), name.to_string()));
    }
    Ok(entries)
}

/// A name fortunes could have written into its folder: one path
/// component, not `.` or `..`, with no separator or control character.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\'])
        && !name.chars().any(char::is_control)
        && Path::new(name).components().count() == 1
}

/// Process `pid`'s state letter, start time (clock ticks after boot) and
/// command name, from /proc/PID/stat; None when there is no such process.
fn process(pid: u32) -> Option<(String, String, String)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces or ')'.
    let (open, close) = (stat.find('(')?, stat.rfind(')')?);
    let name = stat.get(open + 1..close)?.to_string();
    let fields: Vec<&str> = stat.get(close + 1..)?.split_whitespace().collect();
    // After the name: state is field 3 of the line, start time field 22.
    Some((
        fields.first()?.to_string(),
        fields.get(19)?.to_string(),
        name,
    ))
}

/// What a lock file says of its holder: `PID START`, this process's id and
/// start time, so that a reused process id is not taken for the holder.
fn lock_text() -> String {
    let pid = std::process::id();
    let start = process(pid).map_or(String::new(), |(_, start, _)| start);
    format!("{pid} {start}")
}

/// Whether the lock's holder is still writing: a live process (not a
/// zombie) that started when the lock says, or, for a lock that names
/// only a process id, a live fortunes.
fn holder_alive(text: &str) -> Option<u32> {
    let mut words = text.split_whitespace();
    let pid = words.next()?.parse::<u32>().ok()?;
    let (state, start, name) = process(pid)?;
    if state == "Z" || state == "X" {
        return None;
    }
    let same = match words.next() {
        Some(started) => started == start,
        None => name.starts_with("fortunes"),
    };
    same.then_some(pid)
}

/// Makes `dir` one folder at a time and returns the real paths of those it
/// made, outermost first; on failure removes them again.
fn make_folders(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut made: Vec<PathBuf> = Vec::new();
    let mut path = PathBuf::new();
    for component in dir.components() {
        path.push(component);
        if path.exists() {
            continue;
        }
        let real = std::fs::create_dir(&path).and_then(|()| std::fs::canonicalize(&path));
        match real {
            Ok(real) => made.push(real),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                for folder in made.iter().rev() {
                    let _ = std::fs::remove_dir(folder);
                }
                return Err(Error::output(dir, e));
            }
        }
    }
    Ok(made)
}

impl OutputDir {
    /// Opens `dir` for a `run`'s tables and reports.
    pub fn create(dir: &Path) -> Result<OutputDir> {
        OutputDir::for_role(dir, "run")
    }

    /// Opens `dir` for files of `role` (`run` or `baseline`).
    pub fn for_role(dir: &Path, role: &'static str) -> Result<OutputDir> {
        if dir.exists() && !dir.is_dir() {
            return Err(Error::output(dir, "exists and is not a directory"));
        }
        let created = make_folders(dir)?;
        let mut out = OutputDir {
            dir: dir.to_path_buf(),
            role,
            created,
            locked: false,
            pending: Vec::new(),
            manifest: Vec::new(),
        };
        out.lock()?;
        out.manifest = read_manifest(dir)?;
        out.clean_stale_temporaries();
        let foreign = std::fs::read_dir(dir)
            .map_err(|e| Error::output(dir, e))?
            .flatten()
            .any(|e| e.file_name() != LOCK);
        if foreign && !dir.join(MANIFEST).is_file() {
            return Err(Error::output(
                dir,
                "is not empty and fortunes did not write it (it has no .fortunes-manifest); \
                 give another --out, or empty it",
            ));
        }
        Ok(out)
    }

    fn lock(&mut self) -> Result<()> {
        let path = self.dir.join(LOCK);
        for _ in 0..2 {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(mut file) => {
                    let _ = write!(file, "{}", lock_text());
                    self.locked = true;
                    return Ok(());
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let holder = std::fs::read_to_string(&path)
                        .ok()
                        .and_then(|t| holder_alive(&t));
                    match holder {
                        Some(pid) => {
                            return Err(Error::output(
                                &self.dir,
                                format!("is being written by another fortunes (process {pid})"),
                            ))
                        }
                        // Its holder died (or the id is another's now):
                        // the lock is stale.
                        None => {
                            let _ = std::fs::remove_file(&path);
                        }
                    }
                }
                Err(e) => return Err(Error::output(&path, e)),
            }
        }
        Err(Error::output(&path, "cannot take the lock"))
    }

    /// Removes `.NAME.tmp-PID` files whose process is gone: what a killed
    /// run could not clean up.
    fn clean_stale_temporaries(&self) {
        for entry in std::fs::read_dir(&self.dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let pid = name
                .starts_with('.')
                .then(|| name.rsplit_once(".tmp-"))
                .flatten()
                .and_then(|(_, pid)| pid.parse::<u32>().ok());
            if pid.is_some_and(|pid| process(pid).is_none()) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Opens `name`'s temporary file for writing. A file of that name
    /// that fortunes did not write (it is not in the manifest) is someone
    /// else's: refused, never replaced.
    pub fn open(&mut self, name: &str) -> Result<(BufWriter<File>, PathBuf)> {
        let path = self.dir.join(name);
        let ours = self.manifest.iter().any(|(_, n)| n == name);
        if !ours && std::fs::symlink_metadata(&path).is_ok() {
            return Err(Error::output(
                &path,
                "exists and fortunes did not write it (it is not in the folder's .fortunes-manifest); \
                 move it away, or give another --out; nothing was written",
            ));
        }
        let temp = self.dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let file = File::create(&temp).map_err(|e| Error::output(&temp, e))?;
        self.pending.push((temp.clone(), self.dir.join(name)));
        Ok((BufWriter::new(file), temp))
    }

    /// Renames every temporary file into place, removes the files an
    /// earlier run of this role wrote and this one did not (stale plots,
    /// an old records.parquet), and writes the manifest.
    pub fn commit(mut self) -> Result<()> {
        let manifest_path = self.dir.join(MANIFEST);
        let written: Vec<String> = self
            .pending
            .iter()
            .filter_map(|(_, path)| Some(path.file_name()?.to_string_lossy().into_owned()))
            .collect();
        for (temp, path) in std::mem::take(&mut self.pending) {
            std::fs::rename(&temp, &path).map_err(|e| Error::output(&path, e))?;
        }
        let mut lines: Vec<String> = Vec::new();
        for (role, name) in &self.manifest {
            if written.iter().any(|w| w == name) {
                continue;
            }
            if role == self.role {
                // Written by an earlier run of this role, not by this one:
                // a plain name of this folder, checked when it was opened.
                let _ = std::fs::remove_file(self.dir.join(name));
            } else {
                lines.push(format!("{role} {name}"));
            }
        }
        lines.extend(written.iter().map(|name| format!("{} {name}", self.role)));
        lines.sort();
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        std::fs::write(&manifest_path, text).map_err(|e| Error::output(&manifest_path, e))?;
        self.created.clear();
        Ok(())
    }
}

impl Drop for OutputDir {
    /// An uncommitted directory is cleaned up: temporary files removed, and
    /// the folders this run created with them; the lock released.
    fn drop(&mut self) {
        for (temp, _) in &self.pending {
            let _ = std::fs::remove_file(temp);
        }
        if self.locked {
            let _ = std::fs::remove_file(self.dir.join(LOCK));
        }
        // Only the folders it made, innermost first, and only if empty:
        // anything else in them was not this run's.
        for folder in self.created.iter().rev() {
            let _ = std::fs::remove_dir(folder);
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
}

impl TableColumn {
    /// The column as polars holds it.
    fn into_column(self, name: &str) -> Column {
        match self {
            TableColumn::Text(v) => Column::new(name.into(), v),
            TableColumn::Int(v) => Column::new(name.into(), v),
            TableColumn::Float(v) => Column::new(name.into(), v),
        }
    }

    fn cell(&self, row: usize) -> String {
        match self {
            TableColumn::Text(v) => v[row].clone(),
            TableColumn::Int(v) => v[row].to_string(),
            TableColumn::Float(v) => v[row].to_string(),
        }
    }

    /// Appends `other`'s values (a column of the same type).
    fn extend(&mut self, other: TableColumn) {
        match (self, other) {
            (TableColumn::Text(a), TableColumn::Text(b)) => a.extend(b),
            (TableColumn::Int(a), TableColumn::Int(b)) => a.extend(b),
            (TableColumn::Float(a), TableColumn::Float(b)) => a.extend(b),
            _ => unreachable!("a streamed table's columns keep their types"),
        }
    }

    fn len(&self) -> usize {
        match self {
            TableColumn::Text(v) => v.len(),
            TableColumn::Int(v) => v.len(),
            TableColumn::Float(v) => v.len(),
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
        .map(|(name, column)| match column {
            TableColumn::Text(v) => Column::new(name.into(), v),
            TableColumn::Int(v) => Column::new(name.into(), v),
            TableColumn::Float(v) => Column::new(name.into(), v),
        })
        .collect();
    let mut frame = DataFrame::new_infer_height(columns).map_err(|e| Error::output(&temp, e))?;
    write_parquet(file, &temp, &mut frame)
}

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

/// A row of `records.parquet`. Game modules describe their rows with this;
/// only the output layer knows how they are stored.
pub trait Record: Copy + Send + Sync + 'static {
    const COLUMNS: &'static [ColumnSpec];
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

pub fn write_text(out: &mut OutputDir, name: &str, text: &str) -> Result<()> {
    let (mut file, temp) = out.open(name)?;
    file.write_all(text.as_bytes())
        .map_err(|e| Error::output(&temp, e))?;
    finish(file, &temp)
}

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

/// A figure to read: four decimals, or three significant digits below
/// 0.001, where four decimals would read 0.0000 (a one-in-ten-million
/// event is 9.92e-8, not nothing); "n/a" when there is none.
pub fn number(x: f64) -> String {
    if x.is_nan() {
        "n/a".to_string()
    } else if x != 0.0 && x.abs() < 1e-3 {
        format!("{x:.2e}")
    } else {
        format!("{x:.4}")
    }
}

/// `number`, with its sign.
pub fn signed_number(x: f64) -> String {
    if x.is_nan() {
        "n/a".to_string()
    } else if x != 0.0 && x.abs() < 1e-3 {
        format!("{x:+.2e}")
    } else {
        format!("{x:+.4}")
    }
}

/// The one way an interval is written for a person: `[low, high]`, or
/// "n/a" when there are too few games for one (fewer than two).
pub fn interval_text(low: f64, high: f64, format: fn(f64) -> String) -> String {
    if low.is_nan() || high.is_nan() {
        "n/a".to_string()
    } else {
        format!("[{}, {}]", format(low), format(high))
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
    let kept = CAPTURED.with(|c| match c.borrow_mut().as_mut() {
        Some(captured) => {
            captured.push_str(text);
            true
        }
        None => false,
    });
    if kept {
        return Ok(());
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
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

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fortunes-out-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

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

    /// A run that never commits leaves nothing, not even the parent
    /// folders it made; one that commits removes only its own stale files.
    #[test]
    fn an_output_folder_is_owned_by_what_wrote_it() {
        let root = scratch("owned");
        let deep = root.join("a/b/c");
        let mut out = OutputDir::create(&deep).unwrap();
        out.open("x.csv").unwrap();
        drop(out);
        assert!(!root.join("a").exists(), "parent folders left behind");

        std::fs::create_dir_all(&root).unwrap();
        let write = |names: &[&str]| {
            let mut out = OutputDir::create(&root).unwrap();
            for name in names {
                let (file, temp) = out.open(name).unwrap();
                finish(file, &temp).unwrap();
            }
            out.commit().unwrap();
        };
        write(&["summary.csv", "records.parquet"]);
        std::fs::write(root.join("notes.txt"), "mine").unwrap();
        std::fs::write(root.join(".summary.csv.tmp-4000000000"), "dead").unwrap();
        write(&["summary.csv"]);
        assert!(root.join("summary.csv").is_file());
        assert!(!root.join("records.parquet").exists(), "a stale file kept");
        assert!(
            root.join("notes.txt").is_file(),
            "a file it did not write removed"
        );
        assert!(
            !root.join(".summary.csv.tmp-4000000000").exists(),
            "a dead run's temporary kept"
        );
        // A second writer is refused while the first holds the folder.
        let first = OutputDir::create(&root).unwrap();
        let second = OutputDir::create(&root)
            .err()
            .expect("the second is refused");
        assert!(second
            .to_string()
            .contains(&format!("process {}", std::process::id())));
        drop(first);
        // A lock whose holder died is taken over.
        std::fs::write(root.join(LOCK), "4000000000").unwrap();
        assert!(OutputDir::create(&root).is_ok());
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A manifest names what a later run deletes: an entry that is not a
    /// plain name of the folder makes the folder refused, and nothing
    /// outside it (or inside it) is deleted.
    #[test]
    fn a_manifest_cannot_reach_outside_its_folder() {
        let root = scratch("manifest");
        let dir = root.join("out");
        std::fs::create_dir_all(&dir).unwrap();
        let victim = root.join("victim.txt");
        std::fs::write(&victim, "keep").unwrap();
        let inside = dir.join("summary.csv");
        let entries = [
            "run ../victim.txt".to_string(),
            format!("run {}", victim.display()),
            "run sub/../../victim.txt".to_string(),
            "run ..".to_string(),
            "run ".to_string(),
            "run".to_string(),
            "owner summary.csv".to_string(),
            "run link.csv".to_string(),
        ];
        std::os::unix::fs::symlink(&victim, dir.join("link.csv")).unwrap();
        for entry in entries {
            std::fs::write(&inside, "mine").unwrap();
            std::fs::write(dir.join(MANIFEST), format!("run summary.csv\n{entry}\n")).unwrap();
            let error = OutputDir::create(&dir)
                .err()
                .unwrap_or_else(|| panic!("{entry:?} accepted"));
            let text = error.to_string();
            assert!(text.contains("damaged manifest"), "{entry:?}: {text}");
            assert!(text.contains(&format!("{:?}", entry)), "{entry:?}: {text}");
            assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
            assert!(inside.is_file(), "{entry:?}: a file inside deleted");
            assert!(!dir.join(LOCK).exists(), "{entry:?}: the lock kept");
        }
        // A manifest that is a link is refused too.
        std::fs::remove_file(dir.join(MANIFEST)).unwrap();
        std::os::unix::fs::symlink(&victim, dir.join(MANIFEST)).unwrap();
        assert!(OutputDir::create(&dir).is_err());
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        let _ = std::fs::remove_dir_all(&root);
    }

    /// `a/../b` makes `a`, not `b`: a failed run removes `a` and keeps the
    /// user's empty `b`, by real path.
    #[test]
    fn a_failed_run_removes_exactly_the_folders_it_made() {
        let root = scratch("made");
        std::fs::create_dir_all(root.join("x2")).unwrap();
        let out = OutputDir::create(&root.join("nd/../x2")).unwrap();
        drop(out);
        assert!(!root.join("nd").exists(), "the folder it made left behind");
        assert!(root.join("x2").is_dir(), "the user's folder removed");
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A file a run would write whose name the manifest does not hold is
    /// someone else's: refused, never replaced.
    #[test]
    fn a_users_file_of_a_name_fortunes_writes_is_kept() {
        let root = scratch("users");
        let mut out = OutputDir::create(&root).unwrap();
        let (file, temp) = out.open("summary.csv").unwrap();
        finish(file, &temp).unwrap();
        out.commit().unwrap();
        std::fs::write(root.join("initiative.svg"), "mine").unwrap();
        let mut out = OutputDir::create(&root).unwrap();
        assert!(out.open("summary.csv").is_ok(), "its own file refused");
        let error = out.open("initiative.svg").expect_err("refused");
        assert!(error.to_string().contains("fortunes did not write it"));
        drop(out);
        assert_eq!(
            std::fs::read_to_string(root.join("initiative.svg")).unwrap(),
            "mine"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A lock names its holder by process id and start time: a live
    /// process that is not its holder (a reused id, process 1) does not
    /// hold the folder.
    #[test]
    fn a_lock_is_held_only_by_its_own_process() {
        let root = scratch("lock");
        std::fs::create_dir_all(&root).unwrap();
        for stale in ["1", &format!("{} 1", std::process::id()), "garbage"] {
            std::fs::write(root.join(LOCK), stale).unwrap();
            assert!(OutputDir::create(&root).is_ok(), "{stale:?} taken for live");
        }
        std::fs::write(root.join(LOCK), lock_text()).unwrap();
        assert!(
            OutputDir::create(&root).is_err(),
            "its own live lock ignored"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_folder_fortunes_did_not_write_is_refused() {
        let root = scratch("foreign");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("summary.csv"), "my own").unwrap();
        let error = OutputDir::create(&root).err().expect("refused");
        assert!(error.to_string().contains("fortunes did not write it"));
        assert_eq!(
            std::fs::read_to_string(root.join("summary.csv")).unwrap(),
            "my own"
        );
        assert!(!root.join(LOCK).exists());
        let _ = std::fs::remove_dir_all(&root);
    }
}
