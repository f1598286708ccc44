//! `fortunes ask`: "how often does X happen" over a run's records. An
//! expression over the record columns is parsed by hand, type-checked once
//! against the columns, and evaluated row by row over the columns it
//! names, read eagerly from records.parquet. Polars' lazy and SQL features
//! would do the same at three times the build.

pub mod answer;
pub mod expression;
pub mod records;

pub use answer::{ask, format_answers, Answer};
pub use expression::{Expression, MAX_NESTING, MAX_TOKENS};
pub use records::{Records, Type};
