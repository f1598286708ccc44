//! `fortunes agent SYSTEM ...`: a built-in player served over the agent
//! protocol (docs/agents.md) on standard input and output, for every
//! system that speaks it, so other tools can use fortunes' players. The
//! option is defined here once and handed to the system parsed, as
//! `AgentArgs`.

use crate::error::{Error, ErrorKind, Result};
use crate::system::{AgentArgs, AgentCommand};
use crate::systems::{self, SYSTEMS};

/// `agent`, with a subcommand for each system that speaks the protocol.
pub fn define() -> clap::Command {
    let systems = SYSTEMS
        .iter()
        .filter_map(|s| s.agent().map(|agent| (s.name(), agent)));
    clap::Command::new("agent")
        .about("Serve a built-in player over the agent protocol (JSON lines on stdin and stdout; docs/agents.md)")
        .subcommand_required(true)
        .subcommands(systems.map(|(name, agent)| session(name, &agent)))
}

/// `agent SYSTEM`: `--strategy NAME`, the built-in or preset to serve.
fn session(system: &'static str, agent: &AgentCommand) -> clap::Command {
    clap::Command::new(system).about(agent.about).arg(
        clap::Arg::new("strategy")
            .long("strategy")
            .default_value(agent.strategy)
            .value_name("NAME")
            .help("The player: a built-in or a preset"),
    )
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
    (agent.serve)(&lower(session))
}

/// The option of a parsed `agent SYSTEM`.
fn lower(session: &clap::ArgMatches) -> AgentArgs {
    AgentArgs {
        strategy: session
            .get_one::<String>("strategy")
            .expect("has a default")
            .clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> AgentArgs {
        let matches = clap::Command::new("fortunes")
            .subcommand(define())
            .try_get_matches_from(words)
            .unwrap();
        let (_, agent) = matches.subcommand().unwrap();
        lower(agent.subcommand().unwrap().1)
    }

    #[test]
    fn each_system_serves_its_own_default_and_any_player_named() {
        let strategy = |words: &[&str]| parse(words).strategy;
        assert_eq!(strategy(&["fortunes", "agent", "haggerty"]), "heuristic");
        assert_eq!(strategy(&["fortunes", "agent", "skirmish"]), "hold_high");
        let named = ["fortunes", "agent", "piquet", "--strategy", "random"];
        assert_eq!(strategy(&named), "random");
    }
}
