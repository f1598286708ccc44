//! Every integration test in one binary (as ripgrep's `tests/tests.rs`),
//! so the library and polars are linked once, not once a file; each file
//! is a module. The speed gate (`budgets`) and the Slurm test (`slurm`),
//! both run on their own by `.ci/run`, stay binaries of their own.

mod alloc;
mod common;

mod agents;
mod ask;
mod calibration;
mod cards;
mod check;
mod cli;
mod conformance;
mod docs_commands;
mod examples;
mod experiments;
mod fuzz;
mod groups;
mod haggerty_rules;
mod haggerty_simulation;
mod haggis_moves;
mod haggis_rules;
mod haggis_simulation;
mod hostile;
mod layout;
mod mechanics;
mod piquet;
mod piquet_attached;
mod piquet_chosen;
mod piquet_deploy;
mod piquet_field;
mod piquet_fire;
mod piquet_game;
mod piquet_obstacles;
mod piquet_orders;
mod piquet_terrain;
mod piquet_waves;
mod replay;
mod report_html;
mod sensitivity;
mod shards;
mod sickles;
mod signals;
mod skirmish;
mod tune;
