//! Cancellation: the command line's Ctrl-C / SIGTERM handler sets the
//! flag, and runs and long commands poll it between batches.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set when the process was asked to stop; a run returns
/// `ErrorKind::Interrupted` at its next batch.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the process was asked to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
