//! Writing results: the tidy summary table as CSV and Parquet, per-game
//! records as Parquet streamed batch by batch, `run.toml`, and what a
//! person reads on stdout. Every file is written under a temporary name
//! and renamed into place only when the whole run has succeeded, so a
//! failed or interrupted run never leaves a half-written table.

pub mod folder;
pub mod format;
pub mod records;
pub mod tables;
pub mod text;

pub use folder::{write_text, OutputDir, MANIFEST};
pub use format::{interval_text, number, signed_number};
pub use records::{
    records_frame, row_text, Cell, ColumnSpec, ColumnType, Record, RecordsWriter, VariantColumns,
    ROW_GROUP_ROWS, ROW_KEY,
};
pub use tables::{
    axis_column, column_name, integer_axes, summary_table, write_table, Table, TableColumn,
    TableStream, VariantTable, SUMMARY_COLUMNS, TABLE_GROUP,
};
pub use text::{
    align, align_columns, capture, emit, emit_part, format_table, json_lines, rows_json,
    usage_error, warn, Answer, AnswerCell,
};
