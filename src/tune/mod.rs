//! `fortunes tune`: the candidate that brings a metric to a target (or
//! maximises or minimises it), optionally under a constraint on another
//! metric, found by racing rather than by a full grid. The candidates are
//! the values of one integer rule, or every variant of an experiment's
//! sweep (rules, presets, scenario values, players, tuning keys, and their
//! products). Every candidate plays the same new games each round (round k
//! plays games never played before, twice as many as round k-1); after
//! each round a candidate is dropped when its interval shows it worse than
//! another's that surely meets the constraint, or shows that it cannot
//! meet the constraint itself, the intervals made simultaneous over every
//! candidate, metric and round (Bonferroni), so the set left holds the best
//! candidate with at least the stated confidence. Games go to the
//! candidates still in doubt, so a wide range costs little more than its
//! close contenders.

use crate::error::{Error, ErrorKind, Result};
use crate::experiment::Experiment;
use crate::stats::{PairedSums, SeriesSums};
use crate::system::{Plan, Stop, Variant};

mod bisect;
pub mod counts;
pub mod report;
mod space;

use counts::CountRange;

/// What the search aims at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    Target(f64),
    Maximize,
    Minimize,
}

/// A bound on a second metric that the answer must respect.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    AtLeast(f64),
    AtMost(f64),
}

impl Bound {
    /// Whether an interval surely meets the bound, surely misses it, or
    /// cannot tell yet.
    pub fn judge(self, low: f64, high: f64) -> Option<bool> {
        match self {
            Bound::AtLeast(x) if low >= x => Some(true),
            Bound::AtLeast(x) if high < x => Some(false),
            Bound::AtMost(x) if high <= x => Some(true),
            Bound::AtMost(x) if low > x => Some(false),
            _ => None,
        }
    }
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bound::AtLeast(x) => write!(f, ">= {x}"),
            Bound::AtMost(x) => write!(f, "<= {x}"),
        }
    }
}

/// The constraint: a series (an index into the system's) and its bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constraint {
    pub series: usize,
    pub bound: Bound,
}

/// Why a candidate left the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dropped {
    /// Its interval showed it worse than a candidate that meets the
    /// constraint, in this round (1-based).
    Worse(u32),
    /// Its interval of the constrained metric showed it missing the bound.
    Infeasible(u32),
    /// A search over many counts halves its candidates by their estimates
    /// (not their intervals) until `HALVED_TO` remain: it was in the worse
    /// half.
    Halved(u32),
    /// A monotone search's bisection left it outside the bracket that
    /// holds the crossing (played as a probe, or not at all).
    Bisected,
}

impl Dropped {
    pub fn round(self) -> u32 {
        match self {
            Dropped::Worse(r) | Dropped::Infeasible(r) | Dropped::Halved(r) => r,
            Dropped::Bisected => 0,
        }
    }

    pub fn reason(self) -> &'static str {
        match self {
            Dropped::Worse(_) => "worse",
            Dropped::Infeasible(_) => "misses the constraint",
            Dropped::Halved(_) => "halved: in the worse half by estimate",
            Dropped::Bisected => "bisection: outside the bracket of the crossing",
        }
    }
}

/// A candidate and what it measured.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// `name=value` of every axis.
    pub label: String,
    /// The value of each axis, as text.
    pub axes: Vec<String>,
    pub sums: SeriesSums,
    /// The constrained metric's sums (empty without a constraint).
    pub constraint_sums: SeriesSums,
    /// Whether the candidate's rules and players fix the metric, and the
    /// constrained metric (`Simulation::fixed`).
    pub fixed: bool,
    pub constraint_fixed: bool,
    /// `None` while it stands.
    pub dropped: Option<Dropped>,
}

impl Candidate {
    /// The value of a one-axis integer search.
    pub fn value(&self) -> Option<i64> {
        match self.axes.as_slice() {
            [one] => one.parse().ok(),
            _ => None,
        }
    }
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The names of the axes searched.
    pub axes: Vec<String>,
    pub series: usize,
    pub goal: Goal,
    pub constraint: Option<Constraint>,
    pub candidates: Vec<Candidate>,
    /// Values the rules refuse (an impossible deal, say), with why.
    pub refused: Vec<(String, String)>,
    pub rounds: u32,
    /// Games played, all candidates together.
    pub games: u64,
    /// The confidence each interval was read at (simultaneous 95%).
    pub confidence: f64,
    /// Points of a search over counts (those that keep the total), when
    /// they were counted; the candidates are a sample when there are more.
    pub space: Option<u64>,
    /// A bound on the points of a space too large to count (the product
    /// of its ranges), whose candidates were sampled by rejection.
    pub space_bound: Option<u64>,
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
        let points = self
            .space
            .or(self.space_bound)
            .unwrap_or(0)
            .max(self.candidates.len() as u64);
        most.saturating_mul(points)
    }
}

/// What the search races.
#[derive(Clone, Debug)]
pub enum Space {
    /// Every value of one integer rule, on the base's reference variant.
    Range { param: String, from: i64, to: i64 },
    /// Every variant of the base experiment (its sweep).
    Variants,
    /// Several counts at once (card kinds or integer rules), their sum
    /// `total` when given: every point, or a sample of a large space.
    Counts {
        counts: Vec<CountRange>,
        total: Option<i64>,
    },
    /// One integer rule whose metric moves one way only: bisection toward
    /// the target, then a race of the values around the crossing.
    Bisect { param: String, from: i64, to: i64 },
    /// Some values of one integer rule (what a bisection leaves).
    Values { param: String, values: Vec<i64> },
}

/// The search's settings.
#[derive(Clone, Debug)]
pub struct Search {
    pub space: Space,
    /// The series index (into the system's) whose value is tuned.
    pub series: usize,
    pub goal: Goal,
    pub constraint: Option<Constraint>,
    /// Games at most, all candidates together.
    pub budget: u64,
    pub seed: u64,
    pub threads: usize,
}

/// Rounds at most: the Bonferroni correction counts them in advance.
const MAX_ROUNDS: u32 = 16;

/// A search over counts halves its candidates by estimate, round by
/// round, until this many remain.
pub const HALVED_TO: usize = 8;

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

/// A race in progress: the candidates, what they measured, and the games
/// played so far. `tune` plays it to the end in one process; a sharded
/// search (`tune --shard`) replays the rounds its shards wrote and plays
/// its part of the next.
pub struct Race<'a> {
    system: &'static dyn crate::system::System,
    search: &'a Search,
    pub variants: Vec<Variant>,
    axes: Vec<String>,
    refused: Vec<(String, String)>,
    candidates: Vec<Candidate>,
    confidence: f64,
    /// Games of each candidate played so far (the next round's first game).
    played: u64,
    games: u64,
    rounds: u32,
    size: u64,
    /// The candidate the others were paired with in the last round, and
    /// each candidate's paired sums with it over that round's games.
    leader: Option<usize>,
    paired: Vec<PairedSums>,
    /// Halve by estimate while more than `HALVED_TO` stand (a search over
    /// counts).
    halving: bool,
    space: Option<u64>,
    space_bound: Option<u64>,
}

/// One round of a race: the candidates that play it (indices), and its
/// plan (the same new games for each).
pub struct Round {
    pub members: Vec<usize>,
    pub plan: Plan,
    /// The candidate the others are paired with this round (the plan's
    /// reference), once one surely meets the constraint.
    pub leader: Option<usize>,
}

impl<'a> Race<'a> {
    /// The candidates of `search` on `base`, checked, before any round.
    pub fn new(base: &Experiment, search: &'a Search) -> Result<Race<'a>> {
        let space::Pool {
            variants,
            refused,
            axes,
            space,
            space_bound,
            sampled,
        } = space::pool(base, search)?;
        let variants_len = variants.len();
        let candidates: Vec<Candidate> = variants
            .iter()
            .map(|v| Candidate {
                label: v.label.clone(),
                axes: v.axes.clone(),
                sums: SeriesSums::default(),
                constraint_sums: SeriesSums::default(),
                fixed: false,
                constraint_fixed: false,
                dropped: None,
            })
            .collect();
        if search.budget < 1024 * candidates.len() as u64 {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "--budget {}: the first round alone plays 1,024 games of each of {} candidates; allowed: at least {}",
                search.budget,
                candidates.len(),
                1024 * candidates.len()
            ))));
        }
        // Simultaneous over every candidate, interval and round: the
        // metric's, the constraint's and the paired difference's.
        let metrics = 2 + search.constraint.is_some() as usize;
        let confidence =
            1.0 - 0.05 / (candidates.len() as f64 * metrics as f64 * MAX_ROUNDS as f64);
        Ok(Race {
            system: base.system,
            search,
            variants,
            axes,
            refused,
            candidates,
            confidence,
            played: 0,
            games: 0,
            rounds: 0,
            // A first round just large enough to drop the candidates far
            // from the goal; each later round doubles.
            size: 1024,
            leader: None,
            paired: vec![PairedSums::default(); variants_len],
            halving: sampled,
            space,
            space_bound,
        })
    }

    /// The next round, or `None` when the race is over (one candidate
    /// left, the budget spent, or the rounds the correction allows).
    pub fn next_round(&self) -> Option<Round> {
        let members: Vec<usize> = (0..self.candidates.len())
            .filter(|&c| self.candidates[c].dropped.is_none())
            .collect();
        let over = self.rounds >= MAX_ROUNDS
            || members.len() < 2
            || self.games + self.size * members.len() as u64 > self.search.budget;
        if over {
            return None;
        }
        let mut watched = vec![self.search.series];
        watched.extend(self.search.constraint.map(|c| c.series));
        let leader = self.leader_among(&members);
        Some(Round {
            plan: Plan {
                seed: self.search.seed,
                threads: self.search.threads,
                stop: Stop::Games(self.size),
                reference: leader
                    .and_then(|l| members.iter().position(|&c| c == l))
                    .unwrap_or(0),
                watched,
                first_game: self.played,
                shard: None,
                forfeit: false,
            },
            members,
            leader,
        })
    }

    /// The candidate nearest the goal by its estimate, among those that
    /// surely meet the constraint; none before the first round.
    fn leader_among(&self, members: &[usize]) -> Option<usize> {
        if self.rounds == 0 {
            return None;
        }
        let kind = |series: usize| self.system.series()[series].kind;
        members
            .iter()
            .copied()
            .filter(|&c| match self.search.constraint {
                None => true,
                Some(constraint) => {
                    let candidate = &self.candidates[c];
                    let (low, high) = candidate.constraint_sums.interval(
                        kind(constraint.series),
                        candidate.constraint_fixed,
                        self.confidence,
                    );
                    constraint.bound.judge(low, high) == Some(true)
                }
            })
            .filter(|&c| self.candidates[c].sums.value().is_finite())
            .min_by(|&a, &b| {
                let miss = |c: usize| {
                    let value = self.candidates[c].sums.value();
                    match self.search.goal {
                        Goal::Target(t) => (value - t).abs(),
                        Goal::Maximize => -value,
                        Goal::Minimize => value,
                    }
                };
                miss(a).total_cmp(&miss(b))
            })
    }

    /// The round's variants, in `members` order.
    pub fn round_variants(&self, round: &Round) -> Vec<Variant> {
        round
            .members
            .iter()
            .map(|&c| self.variants[c].clone())
            .collect()
    }

    /// Takes a round's outcomes (one per member, all of its games) and
    /// drops the candidates they show worse or infeasible.
    pub fn absorb(&mut self, round: &Round, outcomes: &[crate::system::VariantOutcome]) {
        let search = self.search;
        // Pairs over this round's games only: the leader was chosen before
        // they were played, so whether it stays leader cannot bias them.
        self.paired.fill(PairedSums::default());
        self.leader = round.leader;
        for (&c, outcome) in round.members.iter().zip(outcomes) {
            self.candidates[c].sums += &outcome.series[search.series];
            self.candidates[c].fixed = outcome.fixed[search.series];
            if let Some(constraint) = search.constraint {
                self.candidates[c].constraint_sums += &outcome.series[constraint.series];
                self.candidates[c].constraint_fixed = outcome.fixed[constraint.series];
            }
            if round.leader.is_some_and(|l| l != c) {
                self.paired[c] = outcome.paired[search.series];
            }
        }
        self.rounds += 1;
        self.games += self.size * round.members.len() as u64;
        self.played += self.size;
        self.size *= 2;
        let kind = self.system.series()[search.series].kind;
        judge(
            &mut self.candidates,
            &round.members,
            search,
            kind,
            self.confidence,
            self.rounds,
            self.system,
        );
        if let Some(leader) = round.leader {
            self.judge_paired(leader, &round.members, kind);
        }
        if self.halving {
            self.halve(&round.members);
        }
    }

    /// Drops the worse half of the candidates still standing by their
    /// estimates (ties to the earlier candidate), while more than
    /// `HALVED_TO` stand: successive halving, so that a large sample costs
    /// a few rounds rather than a race of every candidate to the end. The
    /// constraint still judges by intervals alone; a candidate with no
    /// estimate yet stays.
    fn halve(&mut self, members: &[usize]) {
        let mut standing: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&c| self.candidates[c].dropped.is_none())
            .collect();
        if standing.len() <= HALVED_TO {
            return;
        }
        let miss = |c: &Candidate| {
            let value = c.sums.value();
            match self.search.goal {
                _ if !value.is_finite() => f64::NEG_INFINITY,
                Goal::Target(t) => (value - t).abs(),
                Goal::Maximize => -value,
                Goal::Minimize => value,
            }
        };
        // Under a constraint, the candidates whose estimate meets it rank
        // first, so that the half kept is not all infeasible.
        let misses_bound = |c: &Candidate| match self.search.constraint {
            None => false,
            Some(constraint) => {
                let value = c.constraint_sums.value();
                value.is_finite() && constraint.bound.judge(value, value) == Some(false)
            }
        };
        standing.sort_by(|&a, &b| {
            let (a_c, b_c) = (&self.candidates[a], &self.candidates[b]);
            misses_bound(a_c)
                .cmp(&misses_bound(b_c))
                .then(miss(a_c).total_cmp(&miss(b_c)))
                .then(a.cmp(&b))
        });
        let keep = standing.len().div_ceil(2).max(HALVED_TO);
        for &c in &standing[keep..] {
            self.candidates[c].dropped = Some(Dropped::Halved(self.rounds));
        }
    }

    /// Drops the candidates that their paired difference with the leader
    /// (which surely meets the constraint) shows worse than it: the same
    /// games on both sides, so the difference is measured far more
    /// tightly than either value where the candidates move together.
    /// Maximising, c is worse when c - leader is surely below zero. For a
    /// target t, c surely above t is farther from it than the leader when
    /// c - leader > 0 (paired) and c + leader > 2t (from the two
    /// intervals), and alike below.
    fn judge_paired(&mut self, leader: usize, members: &[usize], kind: crate::stats::Kind) {
        if self.candidates[leader].dropped.is_some() {
            return;
        }
        let leading = &self.candidates[leader];
        let (leader_low, leader_high) = leading.sums.interval(kind, leading.fixed, self.confidence);
        let leader_fixed = leading.fixed;
        for &c in members {
            if c == leader || self.candidates[c].dropped.is_some() {
                continue;
            }
            let fixed = self.candidates[c].fixed;
            let d = self.paired[c].difference(kind, fixed && leader_fixed, self.confidence);
            if !(d.ci_low.is_finite() && d.ci_high.is_finite()) {
                continue;
            }
            let (low, high) = self.candidates[c]
                .sums
                .interval(kind, fixed, self.confidence);
            let worse = match self.search.goal {
                Goal::Maximize => d.ci_high < 0.0,
                Goal::Minimize => d.ci_low > 0.0,
                Goal::Target(t) => {
                    (low > t && d.ci_low > 0.0 && low + leader_low > 2.0 * t)
                        || (high < t && d.ci_high < 0.0 && high + leader_high < 2.0 * t)
                }
            };
            if worse {
                self.candidates[c].dropped = Some(Dropped::Worse(self.rounds));
            }
        }
    }

    /// A race that follows a bisection: its games start after the
    /// bisection's (`played` games of each candidate's index space, `games`
    /// in all, counted against the budget), and its intervals take `share`
    /// of the error rate, the bisection the rest.
    fn start_at(&mut self, played: u64, games: u64, share: f64) {
        self.played = played;
        self.games = games;
        self.confidence = 1.0 - (1.0 - self.confidence) * share;
    }

    /// Rounds played so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    pub fn finish(self) -> Tuned {
        Tuned {
            axes: self.axes,
            series: self.search.series,
            goal: self.search.goal,
            constraint: self.search.constraint,
            candidates: self.candidates,
            refused: self.refused,
            rounds: self.rounds,
            games: self.games,
            confidence: self.confidence,
            space: self.space,
            space_bound: self.space_bound,
        }
    }
}

/// The whole race in this process.
pub fn tune(base: &Experiment, search: &Search) -> Result<Tuned> {
    if let Space::Bisect { .. } = search.space {
        return bisect::tune(base, search);
    }
    let mut race = Race::new(base, search)?;
    while let Some(round) = race.next_round() {
        let outcomes = base
            .system
            .run(&race.round_variants(&round), &round.plan, None, None)?;
        race.absorb(&round, &outcomes);
        crate::cancel::check()?;
    }
    Ok(race.finish())
}

/// After a round: drops the candidates whose constrained metric surely
/// misses its bound, then those surely worse than the best candidate that
/// surely meets it (until one does, none is dropped as worse).
fn judge(
    candidates: &mut [Candidate],
    standing: &[usize],
    search: &Search,
    kind: crate::stats::Kind,
    confidence: f64,
    round: u32,
    system: &dyn crate::system::System,
) {
    let mut feasible = Vec::new();
    for &c in standing {
        let meets = match search.constraint {
            None => Some(true),
            Some(constraint) => {
                let kind = system.series()[constraint.series].kind;
                let candidate = &candidates[c];
                let (low, high) = (candidate.constraint_sums).interval(
                    kind,
                    candidate.constraint_fixed,
                    confidence,
                );
                // No estimate yet (no observation): cannot be judged.
                if !(low.is_finite() && high.is_finite()) {
                    None
                } else {
                    constraint.bound.judge(low, high)
                }
            }
        };
        match meets {
            Some(false) => candidates[c].dropped = Some(Dropped::Infeasible(round)),
            Some(true) => feasible.push(c),
            None => {}
        }
    }
    let loss_of = |c: &Candidate| {
        let (low, high) = c.sums.interval(kind, c.fixed, confidence);
        loss(search.goal, low, high)
    };
    let best = feasible
        .iter()
        .map(|&c| loss_of(&candidates[c]).1)
        .fold(f64::INFINITY, f64::min);
    for &c in standing {
        if candidates[c].dropped.is_some() {
            continue;
        }
        let (low, high) = loss_of(&candidates[c]);
        // A candidate with no defined estimate yet (no observation) cannot
        // be judged: it stays, and is reported as it is.
        if low > best && high.is_finite() {
            candidates[c].dropped = Some(Dropped::Worse(round));
        }
    }
}
