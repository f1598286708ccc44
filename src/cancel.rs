//! Cancellation: the command line's Ctrl-C / SIGTERM handler sets the
//! flag, and runs poll it every game, long commands at every step.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set when the process was asked to stop; a run returns
/// `ErrorKind::Interrupted` at its next game.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the process was asked to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// `Err(Interrupted)` once the process was asked to stop: for commands to
/// call between their steps (before committing output, between files).
pub fn check() -> crate::error::Result<()> {
    if interrupted() {
        Err(crate::error::Error::new(
            crate::error::ErrorKind::Interrupted,
        ))
    } else {
        Ok(())
    }
}
