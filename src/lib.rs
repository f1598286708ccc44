//! fortunes: a Monte Carlo rules-analysis and balance simulator for
//! card-driven game systems.
//!
//! Data flows one way: rules + players + seed → games → mergeable integer
//! accumulators → tidy tables → CSV / Parquet / reports. So do imports:
//! the engine and the shared types at the bottom, then the system
//! interface (`system`), the systems and the runner beside each other,
//! the registry (`systems`), experiments, checks, reports and `ask`, and
//! the command line on top. `tests/layout.rs` fails on an import cycle.

pub mod ask;
pub mod cancel;
pub mod cards;
pub mod check;
pub mod cli;
pub mod engine;
pub mod error;
pub mod experiment;
pub mod outcome;
pub mod output;
pub mod params;
pub mod presets;
pub mod report;
pub mod runner;
pub mod scenario_fields;
pub mod sensitivity;
pub mod shards;
pub mod stats;
pub mod system;
pub mod systems;
pub mod tune;
