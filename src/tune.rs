//! `fortunes tune`: the value of one integer rule that brings a metric to
//! a target (or maximises or minimises it), found by racing rather than by
//! a full grid. Every candidate value plays the same new games each round
//! (round k plays games never played before, twice as many as round k-1);
//! after each round a candidate is dropped when its interval shows it
//! worse than another's, the intervals made simultaneous over every
//! candidate and round (Bonferroni), so the set left holds the best value
//! with at least the stated confidence. Games go to the candidates still
//! in doubt, so a wide range costs little more than its close contenders.

use crate::error::{Error, ErrorKind, Result};
use crate::experiment::Experiment;
use crate::params::ParamKind;
use crate::stats::SeriesSums;
use crate::system::{Plan, Stop, Variant};

/// What the search aims at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    Target(f64),
    Maximize,
    Minimize,
}

/// A candidate value and what it measured.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub value: i64,
    pub sums: SeriesSums,
    /// The round (1-based) it was dropped in; `None` while it stands.
    pub dropped: Option<u32>,
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub param: &'static str,
    pub series: usize,
    pub goal: Goal,
    pub candidates: Vec<Candidate>,
    /// Values the rules refuse (an impossible deal, say), with why.
    pub refused: Vec<(i64, String)>,
    pub rounds: u32,
    /// Games played, all candidates together.
    pub games: u64,
    /// The confidence each interval was read at (simultaneous 95%).
    pub confidence: f64,
}

impl Tuned {
    /// The candidates still standing: the best is among them.
    pub fn standing(&self) -> impl Iterator<Item = &Candidate> {
        self.candidates.iter().filter(|c| c.dropped.is_none())
    }

    /// Games a full grid would play for every candidate to have as many
    /// games as the survivors had.
    pub fn grid_games(&self) -> u64 {
        let most = self.candidates.iter().map(|c| c.sums.n).max().unwrap_or(0);
        most * self.candidates.len() as u64
    }
}

/// The search's settings.
#[derive(Clone, Debug)]
pub struct Search {
    pub param: String,
    pub from: i64,
    pub to: i64,
    /// The series index (into the system's) whose value is tuned.
    pub series: usize,
    pub goal: Goal,
    /// Games at most, all candidates together.
    pub budget: u64,
    pub seed: u64,
    pub threads: usize,
}

/// Rounds at most: the Bonferroni correction counts them in advance.
const MAX_ROUNDS: u32 = 16;

/// The loss interval of a candidate: how far from the goal it may be.
fn loss(goal: Goal, low: f64, high: f64) -> (f64, f64) {
    match goal {
        Goal::Target(t) => {
            let near = if (low..=high).contains(&t) {
                0.0
            } else {
                (low - t).abs().min((high - t).abs())
            };
            (near, (low - t).abs().max((high - t).abs()))
        }
        Goal::Maximize => (-high, -low),
        Goal::Minimize => (low, high),
    }
}

pub fn tune(base: &Experiment, search: &Search) -> Result<Tuned> {
    let system = base.system;
    let spec = system
        .rule_specs()
        .iter()
        .find(|s| s.name == search.param)
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
                "--param {}: not an integer rule of {}; allowed: {}",
                search.param,
                system.name(),
                ints.join(", ")
            )))
        })?;
    let (min, max) = match spec.kind {
        ParamKind::Int { min, max } | ParamKind::OptionalInt { min, max } => (min, max),
        _ => {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "--param {}: tune searches integer rules; it is {}",
                spec.name,
                spec.allowed()
            ))))
        }
    };
    if search.from > search.to || search.from < min || search.to > max {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "--from {} --to {}: a range within {}..={} for {}",
            search.from, search.to, min, max, spec.name
        ))));
    }
    let reference = &base.variants[base.reference];
    let (mut variants, mut candidates, mut refused) = (Vec::new(), Vec::new(), Vec::new());
    for value in search.from..=search.to {
        let mut variant: Variant = reference.clone();
        variant
            .rules
            .set_text(&format!("{}={}", spec.name, value))?;
        variant.label = format!("{}={}", spec.name, value);
        variant.axes = vec![value.to_string()];
        match system.check(&variant) {
            Ok(()) => {
                variants.push(variant);
                candidates.push(Candidate {
                    value,
                    sums: SeriesSums::default(),
                    dropped: None,
                });
            }
            Err(error) => refused.push((value, error.to_string())),
        }
    }
    if candidates.is_empty() {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "no value of {} from {} to {} makes a game the rules allow",
            spec.name, search.from, search.to
        ))));
    }
    if candidates.len() < 2 {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "{} from {} to {}: only {} value{} the rules allow, nothing to race",
            spec.name,
            search.from,
            search.to,
            candidates.len(),
            if candidates.len() == 1 { "" } else { "s" }
        ))));
    }
    if search.budget < 1024 * candidates.len() as u64 {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "--budget {}: the first round alone plays 1,024 games of each of {} values; allowed: at least {}",
            search.budget,
            candidates.len(),
            1024 * candidates.len()
        ))));
    }
    let kind = system.series()[search.series].kind;
    // Simultaneous over every candidate at every round.
    let confidence = 1.0 - 0.05 / (candidates.len() as f64 * MAX_ROUNDS as f64);
    // A first round just large enough to drop the values far from the
    // goal; each later round doubles.
    let (mut played, mut games, mut rounds) = (0u64, 0u64, 0u32);
    let mut size = 1024;
    while rounds < MAX_ROUNDS {
        let standing: Vec<usize> = (0..candidates.len())
            .filter(|&c| candidates[c].dropped.is_none())
            .collect();
        if standing.len() < 2 || games + size * standing.len() as u64 > search.budget {
            break;
        }
        rounds += 1;
        let plan = Plan {
            seed: search.seed,
            threads: search.threads,
            stop: Stop::Games(size),
            reference: 0,
            watched: vec![search.series],
            first_game: played,
            shard: None,
        };
        let these: Vec<Variant> = standing.iter().map(|&c| variants[c].clone()).collect();
        let outcomes = system.run(&these, &plan, None, None)?;
        for (&c, outcome) in standing.iter().zip(&outcomes) {
            candidates[c].sums += &outcome.series[search.series];
        }
        games += size * standing.len() as u64;
        played += size;
        size *= 2;
        let losses: Vec<(usize, (f64, f64))> = standing
            .iter()
            .map(|&c| {
                let (low, high) = candidates[c].sums.interval(kind, confidence);
                (c, loss(search.goal, low, high))
            })
            .collect();
        let best = losses
            .iter()
            .map(|(_, (_, high))| *high)
            .fold(f64::INFINITY, f64::min);
        for (c, (low, high)) in losses {
            // A value with no defined estimate yet (no observation) cannot
            // be judged: it stays, and is reported as it is.
            if low > best && high.is_finite() {
                candidates[c].dropped = Some(rounds);
            }
        }
        crate::cancel::check()?;
    }
    Ok(Tuned {
        param: spec.name,
        series: search.series,
        goal: search.goal,
        candidates,
        refused,
        rounds,
        games,
        confidence,
    })
}
