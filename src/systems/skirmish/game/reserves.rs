//! Reserves: called up on a side's card as its player's `reserves` says,
//! and what they cost in victory points.

use super::*;
use crate::systems::skirmish::strategy::Reserves;

impl<O: Observer<Event>> Game<O> {
    /// Each side's reserves called up, and what they cost it, into the
    /// game's tally.
    pub(super) fn tally_reserves(&self, scenario: &Scenario, tally: &mut GameTally) {
        for seat in Seat::BOTH {
            if scenario.reserves[seat] != 0 {
                let called = scenario.reserves[seat] & !self.reserves_left[seat];
                tally.reserves_called[seat] = called.count_ones();
                tally.reserve_cost[seat] = self.called_cost(scenario, seat, called);
            }
        }
    }

    /// The victory points the reserves in `called` cost `seat`.
    pub(super) fn called_cost(&self, scenario: &Scenario, seat: Seat, mut called: u16) -> u32 {
        let mut cost = 0;
        while called != 0 {
            cost += scenario.costs[seat][called.trailing_zeros() as usize] as u32;
            called &= called - 1;
        }
        cost
    }

    /// `seat`'s victory points so far, less its reserves' cost: the enemy's
    /// dead (dead now, whatever the game's end) less what it has called up.
    pub fn net_points(&self, scenario: &Scenario, seat: Seat) -> i64 {
        let enemy = seat.other();
        let dead = self.men[enemy][..scenario.count[enemy] as usize]
            .iter()
            .filter(|m| m.dead)
            .count() as i64;
        let called = scenario.reserves[seat] & !self.reserves_left[seat];
        dead - self.called_cost(scenario, seat, called) as i64
    }

    /// On `seat`'s card, before it plays: its player calls up what
    /// reserves it will. They join the side where it stands (the field has
    /// one place a side), in their places of its standing order.
    #[cold]
    #[inline(never)]
    pub(super) fn call_reserves(
        &mut self,
        seat: Seat,
        step: usize,
        rules: &Rules,
        scenario: &Scenario,
        strategy: &SkirmishStrategy,
    ) {
        let enemy = seat.other();
        let left = self.reserves_left[seat];
        let called = match strategy.reserves {
            Reserves::Never => 0,
            Reserves::Outnumbered => {
                let ours = self.fighting_mask[seat].count_ones();
                let theirs = self.fighting_mask[enemy].count_ones();
                let (mut called, mut rest) = (0u16, left);
                for _ in ours..theirs {
                    if rest == 0 {
                        break;
                    }
                    called |= rest & rest.wrapping_neg();
                    rest &= rest - 1;
                }
                called
            }
            Reserves::Behind => {
                match self.net_points(scenario, seat) < self.net_points(scenario, enemy) {
                    true => left,
                    false => 0,
                }
            }
        };
        if called == 0 {
            return;
        }
        self.reserves_left[seat] &= !called;
        let mut bits = called;
        while bits != 0 {
            self.men[seat][bits.trailing_zeros() as usize].present = true;
            bits &= bits - 1;
        }
        self.refresh(seat, rules, scenario);
        if self.obs.on() {
            self.told_called(seat, step, scenario, called);
        }
    }
}
