//! `fortunes play SYSTEM ...`: a person plays one seat in the terminal,
//! for every system that declares it. The options are defined here once
//! and handed to the system parsed, as `PlayArgs`.

use crate::engine::Seat;
use crate::error::{Error, ErrorKind, Result};
use crate::system::{PlayArgs, PlayCommand};
use crate::systems::{self, SYSTEMS};
use clap::{value_parser, Arg, ArgAction, ArgMatches};

/// `play`, with a subcommand for each system a person can play.
pub fn define() -> clap::Command {
    let systems = SYSTEMS
        .iter()
        .filter_map(|s| s.play().map(|play| (s.name(), play)));
    clap::Command::new("play")
        .about("Play one seat of a game in the terminal against a built-in player, from the same seeds as a run")
        .subcommand_required(true)
        .subcommands(systems.map(|(name, play)| game(name, &play)))
}

/// `play SYSTEM`: `--seat`, `--against`, `--seed`, `--game` and `--set`,
/// and `--scenario` for a system that takes one.
fn game(system: &'static str, play: &PlayCommand) -> clap::Command {
    let command = clap::Command::new(system)
        .about(play.about)
        .arg(
            Arg::new("seat")
                .long("seat")
                .default_value("a")
                .value_parser(["a", "b"])
                .help(play.seat),
        )
        .arg(
            Arg::new("against")
                .long("against")
                .default_value(play.against)
                .value_name("NAME")
                .help("The other seat's player: a built-in or a preset"),
        )
        .arg(
            Arg::new("seed")
                .long("seed")
                .default_value("1")
                .value_parser(value_parser!(u64))
                .help("Master seed: the deal is game GAME of a run with this seed"),
        )
        .arg(
            Arg::new("game")
                .long("game")
                .default_value("0")
                .value_parser(value_parser!(u64))
                .help("The game's index in that run"),
        )
        .arg(
            Arg::new("set")
                .long("set")
                .value_name("NAME=VALUE")
                .action(ArgAction::Append)
                .help("Set one rule parameter; repeatable"),
        );
    match play.scenario {
        Some(help) => command.arg(
            Arg::new("scenario")
                .long("scenario")
                .value_name("FILE")
                .help(help),
        ),
        None => command,
    }
}

/// The options of a parsed `play SYSTEM`.
fn lower(play: &PlayCommand, matches: &ArgMatches) -> PlayArgs {
    let text = |id: &str| matches.get_one::<String>(id).expect("defaulted").clone();
    let number = |id: &str| *matches.get_one::<u64>(id).expect("defaulted");
    PlayArgs {
        seat: Seat::parse(&text("seat")).expect("a or b"),
        against: text("against"),
        seed: number("seed"),
        game: number("game"),
        sets: matches
            .get_many::<String>("set")
            .into_iter()
            .flatten()
            .cloned()
            .collect(),
        scenario: play
            .scenario
            .and_then(|_| matches.get_one::<String>("scenario").cloned()),
    }
}

/// Plays one `play SYSTEM ...` game.
pub fn execute(matches: &ArgMatches) -> Result<()> {
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
    (play.play)(&lower(&play, game))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> PlayArgs {
        let matches = clap::Command::new("fortunes")
            .subcommand(define())
            .try_get_matches_from(words)
            .unwrap();
        let (_, play) = matches.subcommand().unwrap();
        let (name, game) = play.subcommand().unwrap();
        lower(&systems::find(name).unwrap().play().unwrap(), game)
    }

    #[test]
    fn the_defaults_are_every_systems_but_the_opponent() {
        let haggerty = parse(&["fortunes", "play", "haggerty"]);
        assert_eq!(
            haggerty,
            PlayArgs {
                seat: Seat::A,
                against: "heuristic".into(),
                seed: 1,
                game: 0,
                sets: vec![],
                scenario: None,
            }
        );
        let skirmish = parse(&["fortunes", "play", "skirmish"]);
        assert_eq!(skirmish.against, "hold_high");
        assert_eq!(skirmish.scenario, None);
    }

    #[test]
    fn every_option_reaches_the_system_typed_and_in_order() {
        let words = [
            "fortunes",
            "play",
            "piquet",
            "--seat",
            "b",
            "--against",
            "random",
            "--seed",
            "7",
            "--game",
            "3",
            "--set",
            "a=1",
            "--set",
            "b=2",
            "--scenario",
            "corps.toml",
        ];
        assert_eq!(
            parse(&words),
            PlayArgs {
                seat: Seat::B,
                against: "random".into(),
                seed: 7,
                game: 3,
                sets: vec!["a=1".into(), "b=2".into()],
                scenario: Some("corps.toml".into()),
            }
        );
    }

    #[test]
    fn only_a_system_with_scenarios_takes_one() {
        for (system, takes) in [("haggerty", false), ("skirmish", true), ("piquet", true)] {
            let words = ["fortunes", "play", system, "--scenario", "x.toml"];
            let parsed = clap::Command::new("fortunes")
                .subcommand(define())
                .try_get_matches_from(words);
            assert_eq!(parsed.is_ok(), takes, "{system}");
        }
    }
}
