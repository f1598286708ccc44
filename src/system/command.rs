//! A system's own commands, declared by the system and mounted by the
//! command line, which names no system: `fortunes odds SYSTEM ...` for
//! exact odds and `fortunes SYSTEM ...` for the system's tools.

use crate::error::Result;

/// One command of a system's own: a clap command named after the system,
/// and what runs it. Its answer goes to stdout (see `output::emit`).
#[derive(Clone, Copy, Debug)]
pub struct SystemCommand {
    /// The clap definition, named after the system.
    pub define: fn() -> clap::Command,
    /// Runs a parsed invocation of `define`'s command.
    pub execute: fn(&clap::ArgMatches) -> Result<()>,
}
