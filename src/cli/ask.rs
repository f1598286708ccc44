//! `fortunes ask RUN "EXPR"`: how often X happens over a run's records.

use crate::ask::{self, Records};
use crate::error::{Error, ErrorKind, Result};
use crate::output::emit;
use std::path::{Path, PathBuf};

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
    /// Also list the first K games (per variant and group) where EXPR
    /// holds, each with the `fortunes replay` command that plays it again.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=10_000))]
    games: Option<u64>,
    /// Print the answers as JSON, for scripts and notebooks.
    #[arg(long)]
    json: bool,
}

pub fn ask(args: AskArgs) -> Result<()> {
    if args.games.is_some() && args.expression.is_none() {
        return Err(Error::new(ErrorKind::BadArgument(
            "--games lists the games where EXPR holds: give an expression".into(),
        )));
    }
    let mut records = Records::open(&args.run)?;
    let (groups, answers) = ask::ask(
        &mut records,
        args.expression.as_deref(),
        args.mean.as_deref(),
        args.by.as_deref(),
        args.games.unwrap_or(0) as usize,
    )?;
    let run = if args.run.is_dir() {
        args.run.clone()
    } else {
        args.run.parent().map_or_else(PathBuf::new, PathBuf::from)
    };
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
                object.insert("row".into(), records.row.clone().into());
                if args.games.is_some() {
                    object.insert("games_where_it_holds".into(), a.examples.clone().into());
                }
                serde_json::Value::Object(object)
            })
            .collect();
        return emit(&crate::output::json_lines(&values));
    }
    let mut text = ask::format_answers(&groups, &answers, args.mean.is_some());
    text.push_str(&format!(
        "records.parquet has {}; the interval's unit is in the last column\n",
        records.row
    ));
    if args.games.is_some() {
        text.push_str(&examples_text(&run, &groups, &answers));
    }
    emit(&text)
}

/// The games listed by `--games`, each with its replay command.
fn examples_text(run: &Path, groups: &[String], answers: &[ask::Answer]) -> String {
    let variant = groups.iter().position(|g| g == "variant");
    let mut lines = vec![vec![
        "games where it holds".to_string(),
        "replay with".to_string(),
    ]];
    for answer in answers {
        for game in &answer.examples {
            let label = answer
                .group
                .iter()
                .zip(groups)
                .map(|(value, name)| format!("{name}={value}"))
                .collect::<Vec<_>>();
            let mut command = format!(
                "fortunes replay {} {game}",
                crate::report::examples::shell_word(&run.display().to_string())
            );
            if let Some(v) = variant {
                command.push_str(&format!(
                    " --variant {}",
                    crate::report::examples::shell_word(&answer.group[v])
                ));
            }
            let mut name = format!("game {game}");
            if !label.is_empty() {
                name = format!("{} {name}", label.join(" "));
            }
            lines.push(vec![name, command]);
        }
    }
    if lines.len() == 1 {
        return "\nno game where it holds\n".into();
    }
    format!("\n{}", crate::output::align(&lines, 2))
}
