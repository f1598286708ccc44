//! `fortunes agent SYSTEM ...`: a built-in player served over the agent
//! protocol (docs/agents.md) on standard input and output, for every
//! system that speaks it, so other tools can use fortunes' players.

use crate::error::{Error, ErrorKind, Result};
use crate::systems::{self, SYSTEMS};

/// `agent`, with a subcommand for each system that speaks the protocol.
pub fn define() -> clap::Command {
    let systems = SYSTEMS.iter().filter_map(|s| s.agent());
    clap::Command::new("agent")
        .about("Serve a built-in player over the agent protocol (JSON lines on stdin and stdout; docs/agents.md)")
        .subcommand_required(true)
        .subcommands(systems.map(|agent| (agent.define)()))
}

/// Serves one `agent SYSTEM ...` session, until its input ends.
pub fn execute(matches: &clap::ArgMatches) -> Result<()> {
    let Some((name, session)) = matches.subcommand() else {
        return Err(Error::new(ErrorKind::BadArgument(
            "agent needs a system".into(),
        )));
    };
    let agent = systems::find(name)?.agent().ok_or_else(|| {
        let speaking: Vec<&str> = SYSTEMS
            .iter()
            .filter(|s| s.agent().is_some())
            .map(|s| s.name())
            .collect();
        Error::new(ErrorKind::BadArgument(format!(
            "{name} does not speak the agent protocol yet; allowed: {}",
            speaking.join(", ")
        )))
    })?;
    (agent.execute)(session)
}
