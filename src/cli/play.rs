//! `fortunes play SYSTEM ...`: a person plays one seat in the terminal,
//! for every system that declares it.

use crate::error::{Error, ErrorKind, Result};
use crate::systems::{self, SYSTEMS};

/// `play`, with a subcommand for each system a person can play.
pub fn define() -> clap::Command {
    let systems = SYSTEMS.iter().filter_map(|s| s.play());
    clap::Command::new("play")
        .about("Play one seat of a game in the terminal against a built-in player, from the same seeds as a run")
        .subcommand_required(true)
        .subcommands(systems.map(|play| (play.define)()))
}

/// Plays one `play SYSTEM ...` game.
pub fn execute(matches: &clap::ArgMatches) -> Result<()> {
    let Some((name, game)) = matches.subcommand() else {
        return Err(Error::new(ErrorKind::BadArgument(
            "play needs a system".into(),
        )));
    };
    let play = systems::find(name)?.play().ok_or_else(|| {
        let playable: Vec<&str> = SYSTEMS
            .iter()
            .filter(|s| s.play().is_some())
            .map(|s| s.name())
            .collect();
        Error::new(ErrorKind::BadArgument(format!(
            "{name} cannot be played in the terminal yet; allowed: {}",
            playable.join(", ")
        )))
    })?;
    (play.execute)(game)
}
