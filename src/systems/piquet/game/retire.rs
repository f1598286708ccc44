//! A Maneuver order out of an assault (rule `assault_maneuver`): the
//! regiment that completes one retires from the fight, and which assault
//! a regiment fights and the enemy's Elan in it.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Regiment `i` of `seat` has completed its Maneuver order out of the
    /// assault it fights: it "retires from the fight", `maneuver_inches`
    /// back from where it was fought, unloaded ("All participants are
    /// considered to be unloaded") and formed, neither winner nor loser.
    /// The defender retiring, or the last attacker, ends the assault
    /// (`retired`): those left in it are unloaded and must rally, as at
    /// any end ("Both winner and loser in an Assault ... must Rally"); the
    /// attacker holds the ground it took only when the defender retired.
    pub(super) fn retire<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let Some(slot) = self.assault_of(seat, i) else {
            return;
        };
        let x = self.assaults[slot];
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        let defending = ds == seat;
        let contact = self.units[ds][d].x;
        let from = self.units[seat][i].x;
        self.units[seat][i].x = contact - facing(seat) * setup.rules.maneuver_inches;
        if self.obs.on() {
            let defender = told::name(setup.scenario, ds, d);
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| {
                Event::Retires {
                    decq,
                    kard,
                    side,
                    regiment,
                    defender,
                }
            });
            self.tell_move(setup, seat, i, from, "retires");
            self.tell_unloaded(setup, seat, 1 << i, "assault");
        }
        self.loaded[seat] &= !(1 << i);
        self.moved(setup);
        if !defending {
            let a = &mut self.assaults[slot];
            a.attackers &= !(1 << i);
            a.fresh &= !(1 << i);
        }
        self.set_status(setup, seat, i, Status::Idle);
        let attackers = self.assaults[slot].attackers;
        if defending || attackers == 0 {
            let (left_seat, left) = match defending {
                true => (as_, attackers),
                false => (ds, 1 << d),
            };
            if self.obs.on() {
                self.tell_unloaded(setup, left_seat, left, "assault");
            }
            self.loaded[left_seat] &= !left;
            self.settle(setup, left_seat, left, false, false);
            self.finish(setup, slot, AssaultEnd::Retired, defending, stats, tally);
        }
        self.clear_defeated(setup);
        // A completed Maneuver: a second line follows.
        self.follow(setup, seat, i);
    }

    /// The assault regiment `i` of `seat` fights in, as defender or
    /// attacker.
    pub(super) fn assault_of(&self, seat: Seat, i: usize) -> Option<usize> {
        let mut active = self.active;
        while active != 0 {
            let slot = active.trailing_zeros() as usize;
            active &= active - 1;
            let x = &self.assaults[slot];
            let defends = x.defender_seat == seat && x.defender as usize == i;
            let attacks = x.defender_seat != seat && x.attackers >> i & 1 != 0;
            if defends || attacks {
                return Some(slot);
            }
        }
        None
    }

    /// The enemy's Elan in the assault regiment `i` of `seat` fights: the
    /// defender's, or the most of the attackers'.
    pub(super) fn enemy_elan_in_assault(&self, seat: Seat, i: usize) -> u32 {
        let Some(slot) = self.assault_of(seat, i) else {
            return 0;
        };
        let x = &self.assaults[slot];
        if x.defender_seat != seat {
            return self.units[x.defender_seat][x.defender as usize].elan as u32;
        }
        let (mut most, mut rest) = (0, x.attackers);
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            most = most.max(self.units[seat.other()][j].elan as u32);
        }
        most
    }
}
