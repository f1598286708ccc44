//! The registry: the one file that names every system. A system is its
//! folder here, implementing `system::Simulation`, plus one line in
//! `SYSTEMS`; nothing else names it, and no system imports this file.

pub mod haggerty;
pub mod haggis;
pub mod piquet;
pub mod sickles;
pub mod skirmish;

use crate::error::{Error, ErrorKind, Result};
use crate::runner::entry::Entry;
use crate::system::System;

/// Every registered system. Adding one is its module and one line here.
pub static SYSTEMS: &[&dyn System] = &[
    &Entry::<haggerty::Haggerty>::NEW,
    &Entry::<haggis::Haggis>::NEW,
    &Entry::<sickles::Sickles>::NEW,
    &Entry::<skirmish::Skirmish>::NEW,
    &Entry::<piquet::Piquet>::NEW,
];

/// The registered system called `name`, or an error listing them all.
pub fn find(name: &str) -> Result<&'static dyn System> {
    SYSTEMS
        .iter()
        .copied()
        .find(|s| s.name() == name)
        .ok_or_else(|| {
            Error::new(ErrorKind::BadArgument(format!(
                "unknown system {name:?}; allowed: {}",
                names().join(", ")
            )))
        })
}

pub fn names() -> Vec<&'static str> {
    SYSTEMS.iter().map(|s| s.name()).collect()
}
