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

impl Stop {
    /// The most games a variant can play.
    pub fn max_games(self) -> u64 {
        match self {
            Stop::Games(games) => games,
            Stop::Precision { max_games, .. } => max_games,
        }
    }
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
    /// Play only one shard of one round, for `fortunes merge` to combine.
    pub shard: Option<Shard>,
    /// An external agent that fails forfeits that game (`--forfeit`): the
    /// game is left out of every table but the `forfeits` rows, instead
    /// of the failure stopping the run.
    pub forfeit: bool,
}

/// One piece of a run split over processes or machines (`--shard K/N`).
/// The run's games fall in fixed batches of `BATCH` (the system's batch)
/// game indices; batch b belongs to shard b mod `count`. A run with a fixed
/// number of games has one round, the whole run; under a precision target
/// round r is the r-th stretch of `check_every` games, the stretch after
/// which a single process checks the target, so the merge can stop each
/// variant where a single process would have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based, below `count`.
    pub index: u64,
    pub count: u64,
    /// 1-based.
    pub round: u64,
}

impl Shard {
    /// Whether batch `batch` is this shard's.
    pub fn plays(&self, batch: u64) -> bool {
        batch % self.count == self.index
    }

    /// The first batch at or after `batch` that is this shard's.
    pub fn next_batch(&self, batch: u64) -> u64 {
        batch + (self.index + self.count - batch % self.count) % self.count
    }

    /// How many of the batches below `end` are this shard's.
    pub fn batches_below(&self, end: u64) -> u64 {
        (end + self.count - self.index - 1) / self.count
    }
}

/// Worker threads: the number asked for, else every core.
pub fn threads(requested: Option<u16>) -> usize {
    requested
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// One shard's partial result of every variant, as `System::run_shard`
/// wrote it.
pub struct ShardText<'a> {
    /// The file it came from, for messages.
    pub label: &'a str,
    pub json: &'a str,
    /// The games of each variant this shard played, as its configuration
    /// says it must have: what its accumulators are checked against.
    pub games: u64,
}
