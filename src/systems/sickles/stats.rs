//! Sickles statistics: integer counters per side, per event, per division
//! and per brigade, merged with `+=`, turned into rows only when a table is
//! written.

use super::game::{Fate, TurnTally};
use super::rules::EVENTS;
use super::scenario::{Scenario, MAX_BRIGADES, MAX_DIVISIONS};
use super::strategy::Order;
use crate::engine::{BySeat, Seat};
use crate::stats::{Histogram, Mean, Rate, SummaryRow, ALL_SEATS, NO_BREAKDOWN};
use std::ops::AddAssign;

/// Chits drawn in a turn: at most every chit id (returns are bounded by
/// the brigades a division can activate).
pub const CHIT_BINS: usize = 128;
/// Activations of one brigade in a turn, the last bin holding more.
pub const BRIGADE_BINS: usize = 8;
/// A side's activations in a turn: at most one per chit drawn.
pub const ACTIVATION_BINS: usize = 64;

/// One side's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SideTally {
    pub turns: u64,
    pub key_drawn: u64,
    pub key_blocked: u64,
    pub key_used: u64,
    /// Per event: chosen as key; excluded; turns it was not the key;
    /// drawn, blocked, held, used.
    pub key: [u64; EVENTS],
    pub excluded: [u64; EVENTS],
    pub not_key: [u64; EVENTS],
    pub drawn: [u64; EVENTS],
    pub blocked: [u64; EVENTS],
    pub held: [u64; EVENTS],
    pub used: [u64; EVENTS],
    pub activations: Mean,
    pub reactivations: Mean,
    pub pick_reactivations: Mean,
    pub idle_brigades: Mean,
    pub returned: Mean,
    pub orders: [Mean; 4],
    /// Draw positions of the side's activations.
    pub activation_position: Mean,
    pub first_activation: u64,
    /// Activations of each division and brigade, per turn it is in play.
    pub division_activations: [Mean; MAX_DIVISIONS],
    pub brigade_activations: [[Mean; MAX_BRIGADES]; MAX_DIVISIONS],
    pub brigade_histogram: Histogram<BRIGADE_BINS>,
    /// The side's activations in a turn, as a histogram.
    pub activation_histogram: Histogram<ACTIVATION_BINS>,
}

impl AddAssign<&SideTally> for SideTally {
    fn add_assign(&mut self, o: &SideTally) {
        self.turns += o.turns;
        self.key_drawn += o.key_drawn;
        self.key_blocked += o.key_blocked;
        self.key_used += o.key_used;
        for e in 0..EVENTS {
            self.key[e] += o.key[e];
            self.excluded[e] += o.excluded[e];
            self.not_key[e] += o.not_key[e];
            self.drawn[e] += o.drawn[e];
            self.blocked[e] += o.blocked[e];
            self.held[e] += o.held[e];
            self.used[e] += o.used[e];
        }
        self.activations += o.activations;
        self.reactivations += o.reactivations;
        self.pick_reactivations += o.pick_reactivations;
        self.idle_brigades += o.idle_brigades;
        self.returned += o.returned;
        for (mine, theirs) in self.orders.iter_mut().zip(o.orders) {
            *mine += theirs;
        }
        self.activation_position += o.activation_position;
        self.first_activation += o.first_activation;
        for d in 0..MAX_DIVISIONS {
            self.division_activations[d] += o.division_activations[d];
            for b in 0..MAX_BRIGADES {
                self.brigade_activations[d][b] += o.brigade_activations[d][b];
            }
        }
        self.brigade_histogram += o.brigade_histogram;
        self.activation_histogram += o.activation_histogram;
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    pub games: u64,
    pub turns: u64,
    pub sides: BySeat<SideTally>,
    /// Turns in which some side activated a brigade.
    pub turns_with_activation: u64,
    pub chits_per_turn: Histogram<CHIT_BINS>,
    pub fortunes_position: Histogram<CHIT_BINS>,
    pub turns_per_game: Mean,
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, o: &Stats) {
        self.games += o.games;
        self.turns += o.turns;
        for seat in Seat::BOTH {
            self.sides[seat] += &o.sides[seat];
        }
        self.turns_with_activation += o.turns_with_activation;
        self.chits_per_turn += o.chits_per_turn;
        self.fortunes_position += o.fortunes_position;
        self.turns_per_game += o.turns_per_game;
    }
}

impl Stats {
    pub fn record_turn(&mut self, tally: &TurnTally, scenario: &Scenario) {
        self.turns += 1;
        self.turns_with_activation += tally.first_activation.is_some() as u64;
        self.chits_per_turn.record(tally.chits_drawn as usize);
        if let Some(position) = tally.fortunes_position {
            self.fortunes_position.record(position as usize);
        }
        for seat in Seat::BOTH {
            let side = &mut self.sides[seat];
            let key = tally.keys[seat] as usize;
            let key_fate = tally.fates[seat][key];
            side.turns += 1;
            side.key_drawn += key_fate.drawn() as u64;
            side.key_blocked += (key_fate == Fate::Blocked) as u64;
            side.key_used += (key_fate == Fate::Used) as u64;
            for (e, &fate) in tally.fates[seat].iter().enumerate() {
                side.key[e] += (e == key) as u64;
                side.not_key[e] += (e != key) as u64;
                side.excluded[e] += (e != key && fate == Fate::Excluded) as u64;
                side.drawn[e] += fate.drawn() as u64;
                side.blocked[e] += (fate == Fate::Blocked) as u64;
                side.held[e] += (tally.held[seat] >> e & 1) as u64;
                side.used[e] += (fate == Fate::Used) as u64;
            }
            side.activations.record(tally.activations[seat] as u64);
            side.activation_histogram
                .record(tally.activations[seat] as usize);
            side.reactivations.record(tally.reactivations[seat] as u64);
            side.pick_reactivations
                .record(tally.pick_reactivations[seat] as u64);
            side.idle_brigades.record(tally.idle_brigades[seat] as u64);
            side.returned.record(tally.returned[seat] as u64);
            for (mean, &count) in side.orders.iter_mut().zip(&tally.orders[seat]) {
                mean.record(count as u64);
            }
            // Every activation's position, added as one sum of n values.
            side.activation_position.n += tally.activations[seat] as u64;
            side.activation_position.sum += tally.position_sum[seat] as u64;
            side.activation_position.sum_sq += tally.position_squares[seat] as u128;
            side.first_activation += (tally.first_activation == Some(seat)) as u64;
            for (d, division) in scenario.divisions(seat).iter().enumerate() {
                if !division.in_play(tally.turn) {
                    continue;
                }
                let counts = &tally.brigade_activations[seat][d];
                let total: u64 = counts.iter().map(|&c| c as u64).sum();
                side.division_activations[d].record(total);
                let brigades = division.brigades as usize;
                for (mean, &count) in side.brigade_activations[d]
                    .iter_mut()
                    .zip(counts)
                    .take(brigades)
                {
                    mean.record(count as u64);
                    side.brigade_histogram.record(count as usize);
                }
            }
        }
    }

    /// The tidy rows; division levels are the scenario's names.
    pub fn rows(&self, scenario: &Scenario) -> Vec<SummaryRow> {
        let mut rows = Vec::new();
        let none = String::new;
        for seat in Seat::BOTH {
            let s = &self.sides[seat];
            let name = seat.name();
            let rate = |rows: &mut Vec<SummaryRow>, metric, hits, trials| {
                rows.push(SummaryRow::rate(
                    metric,
                    name,
                    NO_BREAKDOWN,
                    none(),
                    Rate::new(hits, trials),
                ))
            };
            rate(&mut rows, "key_chit_drawn", s.key_drawn, s.turns);
            rate(&mut rows, "key_chit_blocked", s.key_blocked, s.turns);
            rate(&mut rows, "key_chit_used", s.key_used, s.turns);
            let sum = |a: &[u64; EVENTS]| a.iter().sum::<u64>();
            rate(
                &mut rows,
                "event_excluded",
                sum(&s.excluded),
                sum(&s.not_key),
            );
            let events = s.turns * EVENTS as u64;
            rate(&mut rows, "event_drawn", sum(&s.drawn), events);
            rate(&mut rows, "event_blocked", sum(&s.blocked), events);
            rate(&mut rows, "event_held", sum(&s.held), events);
            rate(&mut rows, "event_used", sum(&s.used), events);
            for e in 0..EVENTS {
                let level = (e + 1).to_string();
                let by_event = |metric, hits, trials| {
                    SummaryRow::rate(
                        metric,
                        name,
                        "event",
                        level.clone(),
                        Rate::new(hits, trials),
                    )
                };
                rows.push(by_event("key_chit_choice", s.key[e], s.turns));
                rows.push(by_event("event_excluded", s.excluded[e], s.not_key[e]));
                rows.push(by_event("event_drawn", s.drawn[e], s.turns));
                rows.push(by_event("event_blocked", s.blocked[e], s.turns));
                rows.push(by_event("event_held", s.held[e], s.turns));
                rows.push(by_event("event_used", s.used[e], s.turns));
            }
            let mean = |rows: &mut Vec<SummaryRow>, metric, m: Mean| {
                rows.push(SummaryRow::mean(metric, name, NO_BREAKDOWN, none(), m))
            };
            mean(&mut rows, "activations_per_turn", s.activations);
            mean(&mut rows, "reactivations_per_turn", s.reactivations);
            mean(
                &mut rows,
                "cic_wild_reactivations_per_turn",
                s.pick_reactivations,
            );
            mean(&mut rows, "brigades_idle_per_turn", s.idle_brigades);
            mean(&mut rows, "division_chits_returned_per_turn", s.returned);
            rows.push(SummaryRow::mean(
                "activation_position",
                name,
                NO_BREAKDOWN,
                none(),
                s.activation_position,
            ));
            rows.push(SummaryRow::rate(
                "first_activation",
                name,
                NO_BREAKDOWN,
                none(),
                Rate::new(s.first_activation, self.turns_with_activation),
            ));
            for order in Order::ALL {
                rows.push(SummaryRow::mean(
                    "orders_per_turn",
                    name,
                    "order",
                    order.name().into(),
                    s.orders[order as usize],
                ));
            }
            for (d, division) in scenario.divisions(seat).iter().enumerate() {
                let label = &scenario.division_names[seat][d];
                if s.division_activations[d].n > 0 {
                    rows.push(SummaryRow::mean(
                        "activations_per_turn",
                        name,
                        "division",
                        label.clone(),
                        s.division_activations[d],
                    ));
                }
                for b in 0..division.brigades as usize {
                    if s.brigade_activations[d][b].n > 0 {
                        rows.push(SummaryRow::mean(
                            "brigade_activations_per_turn",
                            name,
                            "brigade",
                            format!("{label} {}", b + 1),
                            s.brigade_activations[d][b],
                        ));
                    }
                }
            }
            s.brigade_histogram.share_rows(
                "brigade_activations_per_turn_share",
                name,
                "activations",
                &mut rows,
            );
            s.activation_histogram.share_rows(
                "activations_per_turn_share",
                name,
                "activations",
                &mut rows,
            );
        }
        rows.push(SummaryRow::mean(
            "chits_per_turn",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.chits_per_turn.mean(),
        ));
        self.chits_per_turn
            .share_rows("chits_per_turn_share", ALL_SEATS, "chits", &mut rows);
        rows.push(SummaryRow::mean(
            "fortunes_of_war_position",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.fortunes_position.mean(),
        ));
        self.fortunes_position.share_rows(
            "fortunes_of_war_position_share",
            ALL_SEATS,
            "chits_before",
            &mut rows,
        );
        rows.push(SummaryRow::mean(
            "turns_per_game",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.turns_per_game,
        ));
        rows
    }
}
