//! A system's own commands, declared by the system as plain data and
//! mounted by the command line, which names no system: `fortunes play
//! SYSTEM` and `fortunes agent SYSTEM` (their options are the same for
//! every system, parsed once by the command line into `PlayArgs` and
//! `AgentArgs`), `fortunes odds SYSTEM ...` for exact odds and `fortunes
//! SYSTEM ...` for the system's tools (their options declared as a `Spec`,
//! parsed by the command line and handed over as a `Given`). The command
//! line alone knows how a command line is read.

use super::spec::{Given, Spec};
use crate::engine::Seat;
use crate::error::Result;
use crate::output::Answer;

/// `fortunes play SYSTEM ...`'s options, parsed and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayArgs {
    /// `--seat`: the seat the person plays.
    pub seat: Seat,
    /// `--against`: the other seat's player, a built-in or a preset.
    pub against: String,
    /// `--seed`: the master seed; the deal is game `game` of a run with it.
    pub seed: u64,
    /// `--game`: the game's index in that run.
    pub game: u64,
    /// Each `--set NAME=VALUE`, in order.
    pub sets: Vec<String>,
    /// `--scenario FILE`, for a system that takes one (`PlayCommand::scenario`).
    pub scenario: Option<String>,
}

/// `fortunes play SYSTEM`: a person plays one seat in the terminal. The
/// options are every system's; what varies is said here.
#[derive(Clone, Copy, Debug)]
pub struct PlayCommand {
    /// The command's one-line help.
    pub about: &'static str,
    /// The default of `--against`.
    pub against: &'static str,
    /// The help of `--seat`.
    pub seat: &'static str,
    /// The help of `--scenario`, for a system that takes one.
    pub scenario: Option<&'static str>,
    /// Plays the game.
    pub play: fn(&PlayArgs) -> Result<()>,
}

/// `fortunes agent SYSTEM ...`'s options, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentArgs {
    /// `--strategy`: the player to serve, a built-in or a preset.
    pub strategy: String,
}

/// `fortunes agent SYSTEM`: a built-in player served over the agent
/// protocol on standard input and output.
#[derive(Clone, Copy, Debug)]
pub struct AgentCommand {
    /// The command's one-line help.
    pub about: &'static str,
    /// The default of `--strategy`.
    pub strategy: &'static str,
    /// Serves the player until the input ends.
    pub serve: fn(&AgentArgs) -> Result<()>,
}

/// `fortunes odds SYSTEM ...`: exact odds. The command line adds `--json`
/// and prints the answer.
#[derive(Clone, Copy, Debug)]
pub struct OddsCommand {
    /// Named after the system.
    pub spec: &'static Spec,
    /// The answer to one parsed question.
    pub answer: fn(&Given) -> Result<Answer>,
}

/// `fortunes SYSTEM ...`: the system's own tools. Their answers go to
/// stdout (see `output::emit`).
#[derive(Clone, Copy, Debug)]
pub struct ToolCommand {
    /// Named after the system.
    pub spec: &'static Spec,
    /// Runs one parsed invocation.
    pub run: fn(&Given) -> Result<()>,
}
