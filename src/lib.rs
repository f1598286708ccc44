//! fortunes: a Monte Carlo rules-analysis and balance simulator for
//! card-driven game systems.
//!
//! Data flows one way: rules + strategies + seed → games → mergeable
//! integer accumulators → tidy tables → CSV / Parquet / reports.

pub mod ask;
pub mod check;
pub mod cli;
pub mod engine;
pub mod error;
pub mod experiment;
pub mod haggerty;
pub mod haggis;
pub mod output;
pub mod params;
pub mod piquet;
pub mod presets;
pub mod report;
pub mod runner;
pub mod scenario_fields;
pub mod sickles;
pub mod skirmish;
pub mod stats;
pub mod system;
