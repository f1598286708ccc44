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
    /// Print the answers as JSON, for scripts and notebooks.
    #[arg(long)]
    json: bool,
}

pub fn ask(args: AskArgs) -> Result<()> {
    let mut records = Records::open(&args.run)?;
    let (groups, answers) = ask::ask(
        &mut records,
        args.expression.as_deref(),
        args.mean.as_deref(),
        args.by.as_deref(),
    )?;
    if args.json {
        let values: Vec<serde_json::Value> = answers
            .iter()
            .map(|a| {
                let mut object = serde_json::Map::new();
                for (name, value) in groups.iter().zip(&a.group) {
                    object.insert(name.clone(), value.clone().into());
                }
                let kind = if args.mean.is_some() { "mean" } else { "share" };
                object.insert("records".into(), a.records.into());
                object.insert("games".into(), a.games.into());
                object.insert("matched".into(), a.matched.into());
                object.insert(kind.into(), a.value.into());
                object.insert("ci_low".into(), a.ci_low.into());
                object.insert("ci_high".into(), a.ci_high.into());
                object.insert("unit".into(), a.unit.into());
                serde_json::Value::Object(object)
            })
            .collect();
        return emit(&crate::output::json_lines(&values));
    }
    emit(&ask::format_answers(&groups, &answers, args.mean.is_some()))
}
