//! One integer rule whose metric moves one way only (`tune --monotone`):
//! bisection before the race. The two ends of the range play first; if
//! the target lies between them, the middle of the bracket plays, on new
//! games, until its interval shows which side of the target it is on,
//! and the bracket halves, until two neighbours hold the crossing (or a
//! value's interval still holds the target after its games, and the
//! crossing is there). Only those values then race as any candidates do.
//! Over 20 values the bisection plays five or so, so the search costs a
//! few values' games instead of twenty's. Half the error rate goes to the
//! bisection's decisions (Bonferroni over every probe and round), half to
//! the race.

use super::{Candidate, Dropped, Race, Search, Space, Tuned};
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::Experiment;
use crate::stats::SeriesSums;
use crate::system::{Plan, Stop, Variant};

/// Rounds a probe plays at most (1,024 to 8,192 games, 15,360 in all):
/// a value still undecided after them is near the crossing (or on it),
/// and the race takes it and its neighbours.
const PROBE_ROUNDS: u32 = 4;

/// Which side of the target a probe is on, once its interval says so.
fn side(sums: &SeriesSums, kind: crate::stats::Kind, confidence: f64, target: f64) -> Option<bool> {
    let (low, high) = sums.interval(kind, false, confidence);
    if low > target {
        Some(true)
    } else if high < target {
        Some(false)
    } else {
        None
    }
}

/// The monotone search: bisection, then the race over what it leaves.
pub fn tune(base: &Experiment, search: &Search) -> Result<Tuned> {
    let Space::Bisect { param, from, to } = &search.space else {
        unreachable!("bisection searches a monotone range")
    };
    let super::Goal::Target(target) = search.goal else {
        return Err(Error::new(ErrorKind::BadArgument(
            "--monotone bisects toward a --target (a monotone metric is largest or smallest at an end of the range)".into(),
        )));
    };
    if search.constraint.is_some() {
        return Err(Error::new(ErrorKind::BadArgument(
            "--monotone takes no --constraint (the constrained metric need not move one way)"
                .into(),
        )));
    }
    let (variants, refused) = super::space::range(base, param, *from, *to)?;
    let system = base.system;
    let kind = system.series()[search.series].kind;
    let probes = (variants.len() as f64).log2().ceil() as u32 + 2;
    let confidence = 1.0 - 0.025 / f64::from(probes * PROBE_ROUNDS);
    // Every probe's games are new: `played` counts the games used so far.
    let mut played = 0u64;
    let mut games = 0u64;
    let mut sums: Vec<Option<SeriesSums>> = vec![None; variants.len()];
    let mut play =
        |members: &[usize], sums: &mut Vec<Option<SeriesSums>>| -> Result<Vec<Option<bool>>> {
            let mut size = 1024u64;
            let mut decided = vec![None; members.len()];
            for _ in 0..PROBE_ROUNDS {
                if games + size * members.len() as u64 > search.budget / 2 {
                    break;
                }
                let round: Vec<Variant> = members.iter().map(|&m| variants[m].clone()).collect();
                let plan = Plan {
                    seed: search.seed,
                    threads: search.threads,
                    stop: Stop::Games(size),
                    reference: 0,
                    watched: vec![search.series],
                    first_game: played,
                    shard: None,
                    forfeit: false,
                };
                let outcomes = system.run(&round, &plan, None, None)?;
                played += size;
                games += size * members.len() as u64;
                for (i, (&m, outcome)) in members.iter().zip(&outcomes).enumerate() {
                    let entry = sums[m].get_or_insert_with(SeriesSums::default);
                    *entry += &outcome.series[search.series];
                    decided[i] = side(entry, kind, confidence, target);
                }
                crate::cancel::check()?;
                if decided.iter().all(Option::is_some) {
                    break;
                }
                size *= 2;
            }
            Ok(decided)
        };
    let last = variants.len() - 1;
    let ends = play(&[0, last], &mut sums)?;
    // Values the race takes: the crossing's neighbours, or (the target not
    // between the ends, or the ends undecided) every value.
    let finalists: Vec<usize> = match (ends[0], ends[1]) {
        (Some(low_above), Some(high_above)) if low_above != high_above => {
            let (mut low, mut high) = (0, last);
            let mut at = None;
            while high - low > 1 {
                let mid = (low + high) / 2;
                match play(&[mid], &mut sums)?[0] {
                    Some(above) if above == low_above => low = mid,
                    Some(_) => high = mid,
                    None => {
                        at = Some(mid);
                        break;
                    }
                }
            }
            match at {
                // Undecided (or unplayed, the budget spent): monotonicity
                // places the crossing only within the bracket, so all of
                // it races; by then the bracket is narrow.
                Some(_) => (low..=high).collect(),
                None => vec![low, high],
            }
        }
        _ => (0..=last).collect(),
    };
    let values: Vec<i64> = finalists
        .iter()
        .map(|&i| variants[i].axes[0].parse().expect("an integer value"))
        .collect();
    let mut finals = search.clone();
    finals.space = Space::Values {
        param: param.clone(),
        values,
    };
    let mut race = Race::new(base, &finals)?;
    let first_round = 1024 * finalists.len() as u64;
    if games + first_round > search.budget {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "--budget {}: the bisection used {games} games and the race of the {} values left needs {first_round} more; allowed: a budget of at least {}",
            search.budget,
            finalists.len(),
            games + first_round
        ))));
    }
    race.start_at(played, games, 0.5);
    while let Some(round) = race.next_round() {
        let outcomes = system.run(&race.round_variants(&round), &round.plan, None, None)?;
        race.absorb(&round, &outcomes);
        crate::cancel::check()?;
    }
    let mut tuned = race.finish();
    tuned.refused = refused;
    // The values the bisection ruled out, with what their probes measured
    // (none, for a value monotonicity ruled out unplayed).
    let mut all: Vec<Candidate> = Vec::new();
    for (i, variant) in variants.iter().enumerate() {
        // A finalist is reported as the race measured it: its probe's
        // games decided only the bracket.
        if let Some(raced) = tuned.candidates.iter().find(|c| c.label == variant.label) {
            all.push(raced.clone());
            continue;
        }
        all.push(Candidate {
            label: variant.label.clone(),
            axes: variant.axes.clone(),
            sums: sums[i].unwrap_or_default(),
            constraint_sums: SeriesSums::default(),
            fixed: false,
            constraint_fixed: false,
            dropped: Some(Dropped::Bisected),
        });
    }
    tuned.candidates = all;
    tuned.axes = vec![param.clone()];
    Ok(tuned)
}
