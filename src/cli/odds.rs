//! `fortunes odds SYSTEM ...`: exact odds, computed rather than simulated,
//! for every system that declares them.

use super::spec;
use crate::error::{Error, ErrorKind, Result};
use crate::output::emit;
use crate::systems::{self, SYSTEMS};

/// `odds`, with a subcommand for each system that has exact odds.
pub fn define() -> clap::Command {
    let systems = SYSTEMS.iter().filter_map(|s| s.odds());
    clap::Command::new("odds")
        .about("Exact odds, computed rather than simulated")
        .arg(
            clap::Arg::new("json")
                .long("json")
                .global(true)
                .action(clap::ArgAction::SetTrue)
                .help("Print the answer as a JSON object (question, rows keyed by the header, note) for scripts"),
        )
        .subcommand_required(true)
        .subcommands(systems.map(|odds| spec::command(odds.spec)))
}

/// Answers one `odds SYSTEM ...` question.
pub fn execute(matches: &clap::ArgMatches) -> Result<()> {
    let Some((name, question)) = matches.subcommand() else {
        return Err(Error::new(ErrorKind::BadArgument(
            "odds needs a system".into(),
        )));
    };
    let odds = systems::find(name)?
        .odds()
        .ok_or_else(|| Error::new(ErrorKind::BadArgument(format!("{name} has no exact odds"))))?;
    let json = question.get_flag("json");
    let answer = (odds.answer)(&spec::given(odds.spec, question))?;
    emit(&answer.render(json))
}
