//! `fortunes ask RUN "EXPR"`: how often X happens over a run's records.

use crate::ask::{self, Records};
use crate::error::Result;
use crate::output::emit;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct AskArgs {
    /// A run's folder (written with --records) or a records.parquet.
    run: PathBuf,
    /// The condition to count; with --mean, a filter on the rows used.
    expression: Option<String>,
    /// One answer per value of this column.
    #[arg(long, value_name = "COLUMN")]
    by: Option<String>,
    /// The mean of this numeric expression instead of a share.
    #[arg(long, value_name = "EXPR")]
    mean: Option<String>,
}

pub fn ask(args: AskArgs) -> Result<()> {
    let mut records = Records::open(&args.run)?;
    let (groups, answers) = ask::ask(
        &mut records,
        args.expression.as_deref(),
        args.mean.as_deref(),
        args.by.as_deref(),
    )?;
    emit(&ask::format_answers(&groups, &answers, args.mean.is_some()))
}
