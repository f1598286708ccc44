//! What a search races: the candidates of its space (a range of one
//! integer rule, an experiment's sweep, several counts, or the values a
//! bisection leaves), built on the base and checked against the rules.

use super::{counts, Search, Space};
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::Experiment;
use crate::params::ParamKind;
use crate::system::Variant;

/// A search's candidates before any round.
pub struct Pool {
    pub variants: Vec<Variant>,
    /// Values the rules refuse, with why.
    pub refused: Vec<(String, String)>,
    pub axes: Vec<String>,
    /// Points of a count space, when counted.
    pub space: Option<u64>,
    /// A bound on the points of a count space too large to count.
    pub space_bound: Option<u64>,
    /// The candidates are a sample of the space (so the race halves them).
    pub sampled: bool,
}

/// The candidates of `search` on `base`, at least two of them.
pub fn pool(base: &Experiment, search: &Search) -> Result<Pool> {
    let mut space = None;
    let mut space_bound = None;
    let mut sampled = false;
    let (variants, refused, axes) = match &search.space {
        Space::Range { param, from, to } => {
            let (variants, refused) = range(base, param, *from, *to)?;
            (variants, refused, vec![param.clone()])
        }
        Space::Variants => (base.variants.clone(), Vec::new(), base.axis_names()),
        Space::Counts { counts, total } => {
            let counted = counts::candidates(base, counts, *total, search.seed)?;
            // Halve only a sample: a space raced whole is raced as
            // any candidates are.
            sampled = counted.variants.len() + counted.refused.len()
                < counted.size.map_or(usize::MAX, |n| n as usize);
            space = counted.size;
            space_bound = counted
                .size
                .is_none()
                .then(|| counted.upper.min(u64::MAX as u128) as u64);
            (counted.variants, counted.refused, counted.axes)
        }
        Space::Values { param, values } => {
            let (from, to) = (values[0], values[values.len() - 1]);
            let (variants, _) = range(base, param, from, to)?;
            let chosen = variants
                .into_iter()
                .filter(|v| values.iter().any(|x| v.axes[0] == x.to_string()))
                .collect();
            (chosen, Vec::new(), vec![param.clone()])
        }
        Space::Bisect { .. } => {
            return Err(Error::new(ErrorKind::BadArgument(
                "--monotone plays in one process: it does not shard yet".into(),
            )))
        }
    };
    if variants.len() < 2 {
        let why = refused.first().map_or(String::new(), |(value, reason)| {
            format!(" ({} refused, the first {value}: {reason})", refused.len())
        });
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "{}: only {} candidate{} the rules allow, nothing to race{why}",
            match &search.space {
                Space::Range { param, from, to } => format!("{param} from {from} to {to}"),
                Space::Variants => "the experiment's sweep".to_string(),
                Space::Counts { counts, .. } => counts
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                Space::Values { param, .. } | Space::Bisect { param, .. } => param.clone(),
            },
            variants.len(),
            if variants.len() == 1 { "" } else { "s" },
        ))));
    }
    Ok(Pool {
        variants,
        refused,
        axes,
        space,
        space_bound,
        sampled,
    })
}

/// The candidates of an integer range: the base's reference variant with
/// the rule set to each value the rules allow; the refused ones, with why.
type Range = (Vec<Variant>, Vec<(String, String)>);

pub fn range(base: &Experiment, param: &str, from: i64, to: i64) -> Result<Range> {
    let system = base.system;
    let spec = system
        .rule_specs()
        .iter()
        .find(|s| s.name == param)
        .ok_or_else(|| {
            let ints: Vec<&str> = system
                .rule_specs()
                .iter()
                .filter(|s| {
                    matches!(
                        s.kind,
                        ParamKind::Int { .. } | ParamKind::OptionalInt { .. }
                    )
                })
                .map(|s| s.name)
                .collect();
            Error::new(ErrorKind::BadArgument(format!(
                "--param {}: not an integer rule of {}; allowed: {} (or an experiment file whose [sweep] gives the candidates)",
                param,
                system.name(),
                ints.join(", ")
            )))
        })?;
    let (min, max) = match spec.kind {
        ParamKind::Int { min, max } | ParamKind::OptionalInt { min, max } => (min, max),
        _ => {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "--param {}: --from/--to search integer rules; it is {} (list its values in an experiment file's [sweep])",
                spec.name,
                spec.allowed()
            ))))
        }
    };
    if from > to || from < min || to > max {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "--from {} --to {}: a range within {}..={} for {}",
            from, to, min, max, spec.name
        ))));
    }
    let reference = &base.variants[base.reference];
    let (mut variants, mut refused) = (Vec::new(), Vec::new());
    for value in from..=to {
        let mut variant: Variant = reference.clone();
        variant
            .rules
            .set_text(&format!("{}={}", spec.name, value))?;
        variant.label = format!("{}={}", spec.name, value);
        variant.axes = vec![value.to_string()];
        match system.check(&variant) {
            Ok(()) => variants.push(variant),
            Err(error) => refused.push((value.to_string(), error.to_string())),
        }
    }
    if variants.is_empty() {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "no value of {} from {} to {} makes a game the rules allow",
            spec.name, from, to
        ))));
    }
    Ok((variants, refused))
}
