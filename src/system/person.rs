//! A person at the terminal, for `fortunes play SYSTEM`: the command's
//! shared options, and the standard input and output a seat is played
//! through.

use std::cell::{Cell, RefCell};
use std::io::{BufRead, Write};

/// `fortunes play SYSTEM`'s command: `--seat`, `--against` (default
/// `against`), `--seed`, `--game` and `--set`; a system adds its own.
pub fn play_command(
    system: &'static str,
    about: &'static str,
    against: &'static str,
    seat_help: &'static str,
) -> clap::Command {
    clap::Command::new(system)
        .about(about)
        .arg(
            clap::Arg::new("seat")
                .long("seat")
                .default_value("a")
                .value_parser(["a", "b"])
                .help(seat_help),
        )
        .arg(
            clap::Arg::new("against")
                .long("against")
                .default_value(against)
                .value_name("NAME")
                .help("The other seat's player: a built-in or a preset"),
        )
        .arg(
            clap::Arg::new("seed")
                .long("seed")
                .default_value("1")
                .value_parser(clap::value_parser!(u64))
                .help("Master seed: the deal is game GAME of a run with this seed"),
        )
        .arg(
            clap::Arg::new("game")
                .long("game")
                .default_value("0")
                .value_parser(clap::value_parser!(u64))
                .help("The game's index in that run"),
        )
        .arg(
            clap::Arg::new("set")
                .long("set")
                .value_name("NAME=VALUE")
                .action(clap::ArgAction::Append)
                .help("Set one rule parameter; repeatable"),
        )
}

/// Answers read from standard input, the game written to standard output.
/// Once the input ends, every later answer is `None` and the caller
/// abandons the game.
pub struct Terminal {
    input: RefCell<Box<dyn BufRead>>,
    output: RefCell<Box<dyn Write>>,
    ended: Cell<bool>,
}

impl Terminal {
    pub fn stdio() -> Terminal {
        Terminal {
            input: RefCell::new(Box::new(std::io::stdin().lock())),
            output: RefCell::new(Box::new(std::io::stdout())),
            ended: Cell::new(false),
        }
    }

    pub fn say(&self, text: &str) {
        let mut out = self.output.borrow_mut();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }

    /// Whether the input has ended.
    pub fn ended(&self) -> bool {
        self.ended.get()
    }

    /// The next answer, trimmed; `None` once the input has ended.
    pub fn answer(&self) -> Option<String> {
        if self.ended.get() {
            return None;
        }
        let mut line = String::new();
        match self.input.borrow_mut().read_line(&mut line) {
            Ok(0) | Err(_) => {
                self.ended.set(true);
                self.say("\n");
                None
            }
            Ok(_) => Some(line.trim().to_string()),
        }
    }
}
