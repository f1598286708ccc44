//! How a run is played: its seed, threads, stopping rule and the series a
//! precision target watches.

/// Games per batch: large enough to amortise scheduling and accumulator
/// merges, small enough to balance load over cores.
pub const BATCH: u64 = 4096;

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// Exactly this many games per variant.
    Games(u64),
    /// Play until every watched series has a 95% half-width of at most
    /// `half_width`, checked every `check_every` games, or `max_games`.
    Precision {
        half_width: f64,
        max_games: u64,
        check_every: u64,
    },
}

/// How to play the variants of a run.
#[derive(Clone, Debug)]
pub struct Plan {
    pub seed: u64,
    pub threads: usize,
    pub stop: Stop,
    /// The variant the others are compared with.
    pub reference: usize,
    /// Indices into `SERIES` that the precision target watches.
    pub watched: Vec<usize>,
    /// The first game's index: a run plays games `first_game..`, so a
    /// search that plays more games later plays new ones, never the same
    /// again.
    pub first_game: u64,
}

/// Worker threads: the number asked for, else every core.
pub fn threads(requested: Option<u16>) -> usize {
    requested
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
