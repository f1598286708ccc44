//! How a command ended, for `main` to turn into an exit code.

/// How a successful command ended, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Exit 0.
    Success,
    /// Exit 1: a check found that the balance moved.
    BalanceMoved,
    /// Exit 2: bad input, already reported (a folder check goes on past it).
    BadInput,
}
