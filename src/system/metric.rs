//! What a metric measures, said once: `fortunes metrics SYSTEM`, the
//! summary tables' `unit` and `per` columns and the metric tables of the
//! docs all read these definitions.

/// How a metric's value reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A share of observations: events over trials.
    Rate,
    /// An average quantity per observation.
    Mean,
    /// The share of observations at each value (one row per value, the
    /// value in `level`): the distribution of a count.
    Distribution,
}

impl Shape {
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Rate => "rate",
            Shape::Mean => "mean",
            Shape::Distribution => "distribution",
        }
    }
}

/// One metric of a system, as its summary rows carry it.
#[derive(Clone, Copy, Debug)]
pub struct Metric {
    /// The `metric` column of the tables.
    pub name: &'static str,
    pub shape: Shape,
    /// What the value is in: `share` for rates and distributions, else
    /// the counted thing (`actions`, `cards`, `KARDs`, `chits`, `points`).
    pub unit: &'static str,
    /// What one observation is, the denominator: a game, turn, round,
    /// contested round, play, DECQ, assault, order, shot.
    pub per: &'static str,
    /// What is counted, in a sentence.
    pub counts: &'static str,
    /// What is left out (cut off by the end of a game, not applicable,
    /// another metric's), or "nothing".
    pub leaves_out: &'static str,
    /// The seats it has rows for: `a`, `b` (each side), `all` (the game).
    pub seats: &'static [&'static str],
    /// Its breakdowns: the `by` values of its rows other than `none`.
    pub by: &'static [&'static str],
}

/// Why a metric the summary writes is not a metric of interest (`-m`,
/// an experiment's `metrics`): the check, the baselines, `--precision`
/// and the sensitivity and tuning tables test a metric of interest through
/// the per-game series its system declares (`Series`: one ratio a game),
/// and this one has none.
pub fn not_of_interest(metric: &Metric) -> String {
    let shape = match metric.shape {
        Shape::Distribution => {
            "a distribution (one summary row per value) has no one per-game ratio to test"
        }
        Shape::Rate | Shape::Mean => {
            "the system declares no per-game series for it (its summary rows are reported, not tested)"
        }
    };
    format!(
        "the check, baselines and --precision test a metric of interest game by game through the \
         per-game series the system declares, and {shape}"
    )
}

/// The metric every system's tables carry in a run with forfeits
/// (`--forfeit`): defined here once, listed after each system's own.
pub const FORFEITS: Metric = Metric {
    name: "forfeits",
    shape: Shape::Rate,
    unit: "share",
    per: "game",
    counts: "The games the seat forfeited: its external agent crashed, timed out, or replied nonsense or an illegal choice, after answering at least one decision of that game (before that the run stops). Over every game played; rows only in a run with --forfeit (forfeit = true).",
    leaves_out: "nothing; a forfeited game is left out of every other metric, of the per-game series, of the paired differences (where either variant forfeited that game) and of records.parquet",
    seats: &["a", "b"],
    by: &[],
};

/// Every metric of a system whose own are `own`: those, then `FORFEITS`.
pub fn with_run_metrics(own: &[Metric]) -> Vec<Metric> {
    own.iter().copied().chain([FORFEITS]).collect()
}
