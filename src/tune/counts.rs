//! The candidates of a search over several counts at once: rule integers
//! and the card kinds a system lists (`fortunes cards` names them), each
//! within a range, their sum fixed when `--total` says so (a deck of
//! exactly N cards). A space of at most `POOL` points is raced whole; a
//! larger one is sampled, `POOL` distinct points drawn uniformly from the
//! points that keep the total, from the search's own seed, so shards and
//! `run.toml` draw the same sample.

use crate::engine::seeding::{rng_from_seed, splitmix64};
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::Experiment;
use crate::params::ParamKind;
use crate::system::{CardKind, CountAt, Variant};
use rand::Rng;

/// Most candidates a search over counts races: past this the space is
/// sampled, and the race halves the sample by estimate until `HALVED_TO`
/// remain before judging by intervals alone.
pub const POOL: usize = 64;

/// One count searched: a card kind or an integer rule, from `from` to
/// `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRange {
    pub name: String,
    pub from: i64,
    pub to: i64,
}

impl CountRange {
    /// `NAME=FROM..TO`.
    pub fn parse(text: &str) -> Result<CountRange> {
        let bad = || {
            Error::new(ErrorKind::BadArgument(format!(
                "--count {text}: allowed: NAME=FROM..TO, FROM <= TO integers, e.g. cards_6=0..4"
            )))
        };
        let (name, range) = text.split_once('=').ok_or_else(bad)?;
        let (from, to) = range.split_once("..").ok_or_else(bad)?;
        let (from, to) = (
            from.trim().parse::<i64>().map_err(|_| bad())?,
            to.trim().parse::<i64>().map_err(|_| bad())?,
        );
        if from > to || name.trim().is_empty() {
            return Err(bad());
        }
        Ok(CountRange {
            name: name.trim().to_string(),
            from,
            to,
        })
    }
}

impl std::fmt::Display for CountRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}..{}", self.name, self.from, self.to)
    }
}

/// The candidates of a search over counts.
pub struct Counted {
    pub variants: Vec<Variant>,
    /// Points the rules refuse, with why.
    pub refused: Vec<(String, String)>,
    pub axes: Vec<String>,
    /// Points in the space that keep the total (`None`: too many to count;
    /// `upper` bounds them).
    pub size: Option<u64>,
    pub upper: u128,
}

/// The kind or integer rule `name` of the base, or an error listing them.
fn kind_of(base: &Experiment, name: &str) -> Result<CardKind> {
    let system = base.system;
    let reference = &base.variants[base.reference];
    let kinds = system.card_kinds(reference);
    if let Some(kind) = kinds.iter().find(|k| k.name == name) {
        return Ok(kind.clone());
    }
    let integers = || {
        system.rule_specs().iter().filter(|s| {
            matches!(
                s.kind,
                ParamKind::Int { .. } | ParamKind::OptionalInt { .. }
            )
        })
    };
    if let Some(spec) = integers().find(|s| s.name == name) {
        let value = match reference.rules.get(spec.name) {
            crate::params::NONE => 0,
            value => value,
        };
        return Ok(CardKind::rule(spec.name, "the rules", value));
    }
    let mut names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
    names.extend(integers().map(|s| s.name));
    Err(Error::new(ErrorKind::BadArgument(format!(
        "--count {name}: not a card kind or an integer rule of {}; allowed: {}",
        system.name(),
        names.join(", ")
    ))))
}

/// Most points enumerated to count the space; past it, it is sampled by
/// rejection.
const ENUMERATED: u128 = 1 << 20;

/// The candidates of `counts` on `base`'s reference variant.
pub fn candidates(
    base: &Experiment,
    counts: &[CountRange],
    total: Option<i64>,
    seed: u64,
) -> Result<Counted> {
    if counts.len() < 2 {
        return Err(Error::new(ErrorKind::BadArgument(
            "--count searches two counts or more at once; for one, --param NAME --from A --to B"
                .into(),
        )));
    }
    let kinds = counts
        .iter()
        .map(|c| kind_of(base, &c.name))
        .collect::<Result<Vec<_>>>()?;
    if let Some(twice) = counts
        .iter()
        .enumerate()
        .find(|(i, c)| counts[..*i].iter().any(|d| d.name == c.name))
    {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "--count {}: named twice",
            twice.1.name
        ))));
    }
    // Each range within what its rule allows (a card count from 0).
    for (range, kind) in counts.iter().zip(&kinds) {
        let rule = match kind.at {
            CountAt::Rule { name, .. } => Some(name),
            CountAt::Scenario(_) => None,
        };
        let spec = rule.and_then(|name| base.system.rule_specs().iter().find(|s| s.name == name));
        let (min, max) = match spec.map(|s| s.kind) {
            Some(ParamKind::Int { min, max } | ParamKind::OptionalInt { min, max }) => (min, max),
            _ => (0, i64::MAX),
        };
        let (min, max) = match kind.at {
            // A rule counting the cards left out: its range, as cards.
            CountAt::Rule {
                per_card: -1,
                value,
                ..
            } => (kind.count - (max - value), kind.count + (value - min)),
            _ => (min.max(0), max),
        };
        if range.from < min || range.to > max {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "--count {range}: allowed: a range within {min}..={}",
                if max == i64::MAX {
                    "(no bound)".to_string()
                } else {
                    max.to_string()
                }
            ))));
        }
    }
    let upper: u128 = counts
        .iter()
        .map(|c| (c.to as i128 - c.from as i128 + 1) as u128)
        .fold(1u128, |product, n| product.saturating_mul(n));
    let keeps = |point: &[i64]| total.is_none_or(|t| point.iter().sum::<i64>() == t);
    let mut rng = rng_from_seed(splitmix64(seed ^ 0x7475_6e65));
    let (points, size) = if upper <= ENUMERATED {
        let mut all = Vec::new();
        let mut point: Vec<i64> = counts.iter().map(|c| c.from).collect();
        'odometer: loop {
            if keeps(&point) {
                all.push(point.clone());
            }
            for (i, c) in counts.iter().enumerate() {
                if point[i] < c.to {
                    point[i] += 1;
                    continue 'odometer;
                }
                point[i] = c.from;
            }
            break;
        }
        let size = all.len() as u64;
        if all.len() > POOL {
            // A uniform sample without replacement, kept in the space's order.
            for i in 0..POOL {
                let j = rng.random_range(i..all.len());
                all.swap(i, j);
            }
            all.truncate(POOL);
            all.sort();
        }
        (all, Some(size))
    } else {
        let mut found: Vec<Vec<i64>> = Vec::new();
        let mut tries = 0u64;
        while found.len() < POOL && tries < 10_000_000 {
            tries += 1;
            let point: Vec<i64> = counts
                .iter()
                .map(|c| rng.random_range(c.from..=c.to))
                .collect();
            if keeps(&point) && !found.contains(&point) {
                found.push(point);
            }
        }
        found.sort();
        (found, None)
    };
    if points.is_empty() {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "no point of {} has {} cards in all",
            counts
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            total.unwrap_or_default()
        ))));
    }
    let reference = &base.variants[base.reference];
    let (mut variants, mut refused) = (Vec::new(), Vec::new());
    for point in points {
        let label = counts
            .iter()
            .zip(&point)
            .map(|(c, x)| format!("{}={x}", c.name))
            .collect::<Vec<_>>()
            .join(",");
        let built = kinds
            .iter()
            .zip(&point)
            .try_fold(reference.clone(), |variant, (kind, &x)| {
                kind.moved(&variant, x - kind.count)
            })
            .and_then(|v| base.system.check(&v).map(|()| v));
        match built {
            Ok(mut variant) => {
                variant.label = label;
                variant.axes = point.iter().map(i64::to_string).collect();
                variants.push(variant);
            }
            Err(error) => refused.push((label, error.to_string())),
        }
    }
    Ok(Counted {
        variants,
        refused,
        axes: counts.iter().map(|c| c.name.clone()).collect(),
        size,
        upper,
    })
}
