//! Skirmish statistics: card play per side, fire and morale by their
//! circumstances, and the engagement's results, as integer counters.

use super::game::{ChargeOutcome, GameTally, CHARGE_OUTCOMES, RANGE_BANDS};
use super::rules::VALUES;
use super::table::Effect;
use crate::engine::{BySeat, Seat};
use crate::stats::{Mean, Rate, SummaryRow, ALL_SEATS, NO_BREAKDOWN};
use std::ops::AddAssign;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SideTally {
    pub plays: u64,
    /// Plays of each card value, and plays with each value in hand.
    pub played: [u64; VALUES],
    pub in_hand: [u64; VALUES],
    pub wasted: u64,
    pub killed: Mean,
    pub wounded: Mean,
    pub routed: Mean,
    pub victory_points: Mean,
    pub reserves_called: Mean,
    pub reserve_cost: Mean,
    pub won: u64,
    pub melees_won: Mean,
}

impl AddAssign<&SideTally> for SideTally {
    fn add_assign(&mut self, o: &SideTally) {
        self.plays += o.plays;
        for v in 0..VALUES {
            self.played[v] += o.played[v];
            self.in_hand[v] += o.in_hand[v];
        }
        self.wasted += o.wasted;
        self.killed += o.killed;
        self.wounded += o.wounded;
        self.routed += o.routed;
        self.victory_points += o.victory_points;
        self.reserves_called += o.reserves_called;
        self.reserve_cost += o.reserve_cost;
        self.won += o.won;
        self.melees_won += o.melees_won;
    }
}

impl SideTally {
    /// Increments per play, from the plays of each value.
    pub fn increments(&self) -> Mean {
        let mut mean = Mean::default();
        for (v, &count) in self.played.iter().enumerate() {
            let value = v as u64 + 1;
            mean.n += count;
            mean.sum += value * count;
            mean.sum_sq += (value * value * count) as u128;
        }
        mean
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    pub games: u64,
    pub sides: BySeat<SideTally>,
    pub draws: u64,
    /// Charges declared, by how they went (`ChargeOutcome as usize`;
    /// `NoCharge`: cut off by the end of the game).
    pub charges: [u64; CHARGE_OUTCOMES],
    /// Games whose attackers were all down or running before a charge.
    pub stopped_before_charge: u64,
    pub shots_by_range: [[u64; 4]; RANGE_BANDS],
    pub shots_by_fire: [[u64; 4]; VALUES],
    pub shots_by_shield: [[u64; 4]; 2],
    /// Morale tests by (sound, shaken) makeup: tests, passes.
    pub morale: [[[u64; 2]; 4]; 4],
}

fn add_counts<const N: usize, const M: usize>(mine: &mut [[u64; M]; N], theirs: &[[u64; M]; N]) {
    for (a, b) in mine.iter_mut().zip(theirs) {
        for (x, y) in a.iter_mut().zip(b) {
            *x += y;
        }
    }
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, o: &Stats) {
        self.games += o.games;
        for seat in Seat::BOTH {
            self.sides[seat] += &o.sides[seat];
        }
        self.draws += o.draws;
        for (a, b) in self.charges.iter_mut().zip(o.charges) {
            *a += b;
        }
        self.stopped_before_charge += o.stopped_before_charge;
        add_counts(&mut self.shots_by_range, &o.shots_by_range);
        add_counts(&mut self.shots_by_fire, &o.shots_by_fire);
        add_counts(&mut self.shots_by_shield, &o.shots_by_shield);
        for (a, b) in self.morale.iter_mut().zip(&o.morale) {
            add_counts(a, b);
        }
    }
}

impl Stats {
    pub fn record_game(&mut self, t: &GameTally) {
        self.games += 1;
        let winner = t.winner();
        self.draws += winner.is_none() as u64;
        for (a, &b) in self.charges.iter_mut().zip(&t.charges) {
            *a += b as u64;
        }
        self.stopped_before_charge += t.stopped_before_charge as u64;
        for seat in Seat::BOTH {
            let side = &mut self.sides[seat];
            side.plays += t.plays[seat] as u64;
            for v in 0..VALUES {
                side.played[v] += t.played[seat][v] as u64;
                side.in_hand[v] += t.in_hand[seat][v] as u64;
            }
            side.wasted += t.wasted[seat] as u64;
            side.killed.record(t.killed[seat] as u64);
            side.wounded.record(t.wounded[seat] as u64);
            side.routed.record(t.routed[seat] as u64);
            side.victory_points.record(t.victory_points(seat) as u64);
            side.reserves_called.record(t.reserves_called[seat] as u64);
            side.reserve_cost.record(t.reserve_cost[seat] as u64);
            side.won += (winner == Some(seat)) as u64;
            side.melees_won.record(t.melees_won[seat] as u64);
        }
        let add = |mine: &mut [[u64; 4]], theirs: &[[u32; 4]]| {
            for (a, b) in mine.iter_mut().zip(theirs) {
                for (x, &y) in a.iter_mut().zip(b) {
                    *x += y as u64;
                }
            }
        };
        // Most games of a card-only scenario shoot and test nothing.
        if t.shots() > 0 {
            add(&mut self.shots_by_range, &t.shots_by_range);
            add(&mut self.shots_by_fire, &t.shots_by_fire);
            add(&mut self.shots_by_shield, &t.shots_by_shield);
        }
        if t.morale_tests().0 == 0 {
            return;
        }
        for (s, row) in t.morale.iter().enumerate() {
            for (w, &[tests, passes]) in row.iter().enumerate() {
                self.morale[s][w][0] += tests as u64;
                self.morale[s][w][1] += passes as u64;
            }
        }
    }

    pub fn rows(&self) -> Vec<SummaryRow> {
        let mut rows = Vec::new();
        let none = String::new;
        for seat in Seat::BOTH {
            let s = &self.sides[seat];
            let name = seat.name();
            let increments = s.increments();
            rows.push(SummaryRow::mean(
                "increments_per_play",
                name,
                NO_BREAKDOWN,
                none(),
                increments,
            ));
            for v in 0..VALUES {
                rows.push(SummaryRow::rate(
                    "increments_per_play_share",
                    name,
                    "increments",
                    (v + 1).to_string(),
                    Rate::new(s.played[v], s.plays),
                ));
                rows.push(SummaryRow::rate(
                    "value_in_hand",
                    name,
                    "value",
                    (v + 1).to_string(),
                    Rate::new(s.in_hand[v], s.plays),
                ));
            }
            rows.push(SummaryRow::rate(
                "six_in_hand",
                name,
                NO_BREAKDOWN,
                none(),
                Rate::new(s.in_hand[VALUES - 1], s.plays),
            ));
            rows.push(SummaryRow::rate(
                "increments_wasted",
                name,
                NO_BREAKDOWN,
                none(),
                Rate::new(s.wasted, increments.sum),
            ));
            for (metric, mean) in [
                ("casualties_per_game", s.killed),
                ("wounded_per_game", s.wounded),
                ("routed_per_game", s.routed),
                ("victory_points_per_game", s.victory_points),
                ("reserves_called_per_game", s.reserves_called),
                ("reserve_cost_per_game", s.reserve_cost),
                ("melees_won_per_game", s.melees_won),
            ] {
                rows.push(SummaryRow::mean(metric, name, NO_BREAKDOWN, none(), mean));
            }
            rows.push(SummaryRow::rate(
                "game_won",
                name,
                NO_BREAKDOWN,
                none(),
                Rate::new(s.won, self.games),
            ));
        }
        let game_rate = |metric, hits| {
            SummaryRow::rate(
                metric,
                ALL_SEATS,
                NO_BREAKDOWN,
                String::new(),
                Rate::new(hits, self.games),
            )
        };
        rows.push(game_rate("game_drawn", self.draws));
        rows.push(game_rate(
            "stopped_before_charge",
            self.stopped_before_charge,
        ));
        let charges: u64 = self.charges.iter().sum();
        for (metric, outcome) in [
            ("charge_reached_contact", ChargeOutcome::ReachedContact),
            ("charge_stopped_by_fire", ChargeOutcome::StoppedByFire),
            ("charge_stopped_by_morale", ChargeOutcome::StoppedByMorale),
            ("charge_found_no_defender", ChargeOutcome::NoDefender),
            ("charge_cut_off", ChargeOutcome::NoCharge),
        ] {
            rows.push(SummaryRow::rate(
                metric,
                ALL_SEATS,
                NO_BREAKDOWN,
                String::new(),
                Rate::new(self.charges[outcome as usize], charges),
            ));
        }
        let hit = |c: &[u64; 4]| c[1] + c[2] + c[3];
        let total = |c: &[u64; 4]| c.iter().sum::<u64>();
        let all: [u64; 4] =
            std::array::from_fn(|e| self.shots_by_shield.iter().map(|c| c[e]).sum());
        rows.push(SummaryRow::rate(
            "shot_hit",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(hit(&all), total(&all)),
        ));
        let mut by = |by: &'static str, level: String, c: &[u64; 4]| {
            if total(c) > 0 {
                rows.push(SummaryRow::rate(
                    "shot_hit",
                    ALL_SEATS,
                    by,
                    level.clone(),
                    Rate::new(hit(c), total(c)),
                ));
                rows.push(SummaryRow::rate(
                    "shot_kill",
                    ALL_SEATS,
                    by,
                    level,
                    Rate::new(c[Effect::Kill as usize], total(c)),
                ));
            }
        };
        for (tens, c) in self.shots_by_range.iter().enumerate() {
            let band = if tens + 1 == RANGE_BANDS {
                format!("{}+", tens * 10)
            } else {
                format!("{}-{}", tens * 10, tens * 10 + 9)
            };
            by("range", band, c);
        }
        for (f, c) in self.shots_by_fire.iter().enumerate() {
            by("fire", (f + 1).to_string(), c);
        }
        for (shield, c) in self.shots_by_shield.iter().enumerate() {
            by(
                "shield",
                if shield == 1 {
                    "shielded"
                } else {
                    "unshielded"
                }
                .to_string(),
                c,
            );
        }
        let (tests, passes) = self
            .morale
            .iter()
            .flatten()
            .fold((0, 0), |(t, p), [a, b]| (t + a, p + b));
        rows.push(SummaryRow::rate(
            "morale_passed",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(passes, tests),
        ));
        for (sound, row) in self.morale.iter().enumerate() {
            for (shaken, &[t, p]) in row.iter().enumerate() {
                if t > 0 {
                    rows.push(SummaryRow::rate(
                        "morale_passed",
                        ALL_SEATS,
                        "group",
                        format!("{sound} sound {shaken} shaken"),
                        Rate::new(p, t),
                    ));
                }
            }
        }
        rows
    }
}
