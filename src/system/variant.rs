//! A variant (everything that decides its games but the seed) and what
//! it measured.

use super::player::Player;
use crate::engine::BySeat;
use crate::params::ParamValues;
use crate::stats::{Difference, Kind, PairedSums, SeriesSums, SummaryRow, CONFIDENCE};

/// A fingerprint of one game's deal and of each seat's first decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trace {
    pub deal: u64,
    pub first_decision: BySeat<u64>,
}

/// One variant of a run: its label, its value on every swept axis, and
/// everything that decides its games except the seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub label: String,
    pub axes: Vec<String>,
    pub rules: ParamValues,
    /// The scenario, resolved to its table (empty for a system without).
    pub scenario: toml::Table,
    pub players: BySeat<Player>,
}

/// What one variant measured, past the typed boundary.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantOutcome {
    pub rows: Vec<SummaryRow>,
    pub games: u64,
    pub series: Vec<SeriesSums>,
    pub paired: Vec<PairedSums>,
    pub met: Option<bool>,
    /// Per series: whether the variant's rules and players fix it
    /// (`Simulation::fixed`); and, per paired series, whether they fix it
    /// in both this variant and the reference (empty for the reference).
    pub fixed: Vec<bool>,
    pub paired_fixed: Vec<bool>,
}

impl VariantOutcome {
    /// Series `s`'s game-level interval.
    pub fn interval(&self, s: usize, kind: Kind) -> (f64, f64) {
        self.series[s].interval(kind, self.fixed[s], CONFIDENCE)
    }

    /// Series `s` against the reference, paired by game.
    pub fn difference(&self, s: usize, kind: Kind) -> Difference {
        self.paired[s].difference(kind, self.paired_fixed[s], CONFIDENCE)
    }
}
