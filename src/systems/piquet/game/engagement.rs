//! Engagements begun and ended as regiments come and go (assaults are in
//! `assault.rs`).

use super::*;

impl<O: Observer<Event>> Game<O> {
    pub(super) fn begin_engagement(&mut self, seat: Seat, i: usize, j: usize, stats: &mut Stats) {
        let (a, b) = match seat {
            Seat::A => (i, j),
            Seat::B => (j, i),
        };
        if self.engaged[a] >> b & 1 == 0 {
            for seat in Seat::BOTH {
                self.versions[seat] = self.versions[seat].wrapping_add(1);
            }
            self.engaged[a] |= 1 << b;
            self.engaged_since[a][b] = self.kard;
            stats.engagements_begun += 1;
        }
    }

    /// Ends the engagement of `i` of `seat` with enemy `j`, if any: both
    /// "are considered to be unloaded at the end of the Engagement".
    pub(super) fn end_engagement<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        j: usize,
        end: EngagementEnd,
        stats: &mut Stats,
    ) {
        let (a, b) = match seat {
            Seat::A => (i, j),
            Seat::B => (j, i),
        };
        if self.engaged[a] >> b & 1 == 0 {
            return;
        }
        self.engaged[a] &= !(1 << b);
        if self.obs.on() {
            let (decq, kard) = told::when(self.decq.decq, self.kard);
            self.obs.event(Event::EngagementEnds {
                decq,
                kard,
                a: told::name(setup.scenario, Seat::A, a),
                b: told::name(setup.scenario, Seat::B, b),
                how: events::engagement_end(end),
                kards: self.kard - self.engaged_since[a][b] + 1,
            });
            self.tell_unloaded(setup, Seat::A, 1 << a, "engagement_ends");
            self.tell_unloaded(setup, Seat::B, 1 << b, "engagement_ends");
        }
        // Out of the engagement, a worn regiment may rally: views change.
        for seat in Seat::BOTH {
            self.versions[seat] = self.versions[seat].wrapping_add(1);
        }
        self.set_loaded(Seat::A, a, false);
        self.set_loaded(Seat::B, b, false);
        let kards = self.kard - self.engaged_since[a][b] + 1;
        stats.record_engagement(
            &setup.scenario.sides[Seat::A].regiments[a],
            &setup.scenario.sides[Seat::B].regiments[b],
            end,
            kards,
        );
    }

    pub(super) fn end_engagements_of<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        end: EngagementEnd,
        stats: &mut Stats,
    ) {
        let enemy = seat.other();
        for j in 0..setup.scenario.sides[enemy].count as usize {
            self.end_engagement(setup, seat, i, j, end, stats);
        }
    }

    /// At the KARD's end, engagements whose regiments are out of
    /// Engagement range, or one of which is out of the fight (shaken,
    /// removed, fighting an assault), are broken off.
    pub(super) fn sweep_engagements<D: Decide>(&mut self, setup: &Setup<'_, D>, stats: &mut Stats) {
        if self.engaged == [0; MAX_UNITS] {
            return;
        }
        let range = setup.scenario.ranges.engagement;
        for a in 0..setup.scenario.sides[Seat::A].count as usize {
            let mut rest = self.engaged[a];
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (x, y) = (&self.units[Seat::A][a], &self.units[Seat::B][b]);
                let fighting =
                    |u: &Unit| matches!(u.status, Status::Idle | Status::Ordered | Status::Closing);
                let gap = x.gap_on(setup.scenario.lateral, y);
                if !within(x.x - y.x, gap, range) || !fighting(x) || !fighting(y) {
                    self.end_engagement(setup, Seat::A, a, b, EngagementEnd::BrokenOff, stats);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn moves_close_to_engagement_range_and_maneuvers_stop_there() {
        let text = FIREFIGHT.replace("distance = 3", "distance = 20");
        on_side_a(&text, 0, &[], |setup, game| {
            assert_eq!(game.units[Seat::B][0].x, 20);
            game.close_in(
                setup,
                Seat::A,
                0,
                &mut Stats::default(),
                &mut GameTally::default(),
            );
            assert_eq!(game.units[Seat::A][0].x, 17, "3\" from its target");
            // Forward 4" from 17 would pass Engagement range: it stops at it.
            game.maneuver(setup, Seat::A, 0);
            assert_eq!(game.units[Seat::A][0].x, 17);
            game.units[Seat::A][0].x = 5;
            game.maneuver(setup, Seat::A, 0);
            assert_eq!(game.units[Seat::A][0].x, 9);
            // Side b faces down the axis.
            game.units[Seat::A][0].x = 9;
            game.close_in(
                setup,
                Seat::B,
                0,
                &mut Stats::default(),
                &mut GameTally::default(),
            );
            assert_eq!(game.units[Seat::B][0].x, 12);
        });
    }

    #[test]
    fn a_defeated_unit_withdraws_when_an_enemy_moves_up_to_it() {
        // Side b's regiment, defeated and unrallied, stands at 20; side a's
        // Line completes its Move: it closes to 3" of its target (17), and
        // the defeated regiment "must immediately withdraw to 1\" outside
        // of the Engagement range": to 21, 4" from the Line.
        let text = FIREFIGHT.replace("distance = 3", "distance = 20");
        on_side_a(&text, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            let defeated = Status::Shaken {
                defeated: true,
                by_cavalry: false,
            };
            game.set_status(setup, Seat::B, 0, defeated);
            assert_eq!(game.units[Seat::B][0].x, 20, "nothing within range yet");
            game.units[Seat::A][0].chips = 1;
            game.players[Seat::A][0].ip = 0;
            let card = Kind::InfantryMoveInOpen;
            game.use_card(setup, Seat::A, 0, card, false, &mut stats, &mut tally);
            assert_eq!(game.units[Seat::A][0].x, 17, "the Move completed");
            assert_eq!(game.units[Seat::B][0].x, 21, "1\" outside Engagement range");
            // An unrallied winner is not defeated: it stays.
            game.units[Seat::B][0].x = 19;
            let winner = Status::Shaken {
                defeated: false,
                by_cavalry: false,
            };
            game.set_status(setup, Seat::B, 0, winner);
            game.clear_defeated(setup);
            assert_eq!(game.units[Seat::B][0].x, 19);
            // Defeated within range of a formed enemy that rallies there:
            // it withdraws as the enemy becomes formed.
            game.set_status(setup, Seat::B, 0, defeated);
            assert_eq!(game.units[Seat::B][0].x, 21);
            let shaken_a = Status::Shaken {
                defeated: false,
                by_cavalry: false,
            };
            game.set_status(setup, Seat::A, 0, shaken_a);
            game.units[Seat::B][0].x = 19;
            game.set_status(setup, Seat::A, 0, Status::Idle);
            assert_eq!(game.units[Seat::B][0].x, 21);
        });
    }

    #[test]
    fn the_multi_unit_rule_keeps_the_middle() {
        assert_eq!(multi_unit(&mut [5]), 5);
        // Two: the higher of the two.
        assert_eq!(multi_unit(&mut [2, 7]), 7);
        // Three: drop high and low.
        assert_eq!(multi_unit(&mut [9, 1, 4]), 4);
        // Four: drop 1 and 9, the higher of 3 and 6.
        assert_eq!(multi_unit(&mut [6, 9, 1, 3]), 6);
        assert_eq!(multi_unit(&mut [1, 2, 3, 4, 5]), 3);
    }
}
