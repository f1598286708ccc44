//! Cancellation: the command line's Ctrl-C / SIGTERM handler sets the
//! flag, and runs poll it every game, long commands at every step. A
//! failure deep in a game (an external agent that crashed or replied
//! nonsense) stops the run the same way, with its message.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Set when something inside a game failed; `FAILURE` says what.
static FAILED: AtomicBool = AtomicBool::new(false);
static FAILURE: Mutex<Option<String>> = Mutex::new(None);

/// Stops the run at its next game with `message` (the first failure
/// wins: later ones are its consequences).
pub fn fail(message: String) {
    let mut failure = FAILURE.lock().unwrap_or_else(|e| e.into_inner());
    if failure.is_none() {
        *failure = Some(message);
    }
    FAILED.store(true, Ordering::SeqCst);
}

/// Whether a run should stop: asked to, or failed.
pub fn stopping() -> bool {
    interrupted() || FAILED.load(Ordering::Relaxed)
}

/// Set when the process was asked to stop; a run returns
/// `ErrorKind::Interrupted` at its next game.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the process was asked to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// `Err(Interrupted)` once the process was asked to stop, or the failure
/// once one happened (reported once): for runs to call after each wave of
/// games, and commands between their steps (before committing output,
/// between files).
pub fn check() -> crate::error::Result<()> {
    if FAILED.load(Ordering::Relaxed) {
        // Taken, not read: the failure ends the run it happened in, and
        // the next run (the next experiment of a check) starts clean.
        let mut failure = FAILURE.lock().unwrap_or_else(|e| e.into_inner());
        let message = failure.take().unwrap_or_default();
        FAILED.store(false, Ordering::SeqCst);
        return Err(crate::error::Error::new(
            crate::error::ErrorKind::BadArgument(message),
        ));
    }
    if interrupted() {
        Err(crate::error::Error::new(
            crate::error::ErrorKind::Interrupted,
        ))
    } else {
        Ok(())
    }
}
