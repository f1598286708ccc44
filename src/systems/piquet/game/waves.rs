//! Cavalry Wave Assaults (rule `cavalry_waves`): a brigade's second-line
//! cavalry follows its lead, and goes in after it without an order when
//! the lead's assault gives it the chance.

use super::*;

/// Why a second line goes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wave {
    /// "The reserve regiment may automatically Assault any enemy cavalry
    /// that breaks-through the lead regiment."
    MeetsBreakthrough,
    /// "It may also automatically Assault any unit that the lead regiment
    /// has broken-through."
    FollowsBreakthrough,
    /// "If the lead regiment is unable to defeat or break-through an enemy
    /// unit on the first round of the Assault, the second line regiment
    /// may advance and Assault the same target."
    Relieves,
}

impl Wave {
    pub(super) const fn name(self) -> &'static str {
        match self {
            Wave::MeetsBreakthrough => "meets_breakthrough",
            Wave::FollowsBreakthrough => "follows_breakthrough",
            Wave::Relieves => "relieves",
        }
    }
}

impl<O: Observer<Event>> Game<O> {
    /// Whether regiment `i` of `seat` stands in a second line: it follows
    /// its lead and takes no orders of its own while the lead is in the
    /// game ("Cavalry generally moves by the brigade and fights by the
    /// regiment").
    #[inline]
    pub(super) fn in_line<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> bool {
        match setup.scenario.sides[seat].regiments[i].lead {
            Some(lead) if setup.rules.cavalry_waves => {
                self.units[seat][lead as usize].status != Status::Removed
            }
            _ => false,
        }
    }

    /// The second line behind regiment `i` of `seat`, ready to follow or
    /// go in: formed, with Elan, and neither ordered nor fighting.
    #[inline]
    fn ready_second_line<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> Option<usize> {
        let f = setup.scenario.sides[seat].regiments[i].second_line? as usize;
        let unit = &self.units[seat][f];
        (setup.rules.cavalry_waves && unit.status == Status::Idle && unit.elan > 0).then_some(f)
    }

    /// Regiment `i` of `seat` has moved on an order or into a fight: "the
    /// second line regiment will follow the first", `second_line_inches`
    /// behind it.
    #[inline]
    pub(super) fn follow<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let Some(f) = self.ready_second_line(setup, seat, i) else {
            return;
        };
        // Behind it, in its path.
        let to = self.units[seat][i].x - facing(seat) * setup.rules.second_line_inches;
        let across = self.units[seat][i].y;
        let from = self.units[seat][f];
        if (to, across) != (from.x, from.y) {
            (self.units[seat][f].x, self.units[seat][f].y) = (to, across);
            if self.obs.on() {
                self.tell_shift(setup, seat, f, (from.x, from.y), "follows");
            }
            self.moved(setup);
            self.clear_defeated(setup);
        }
    }

    /// After a round of the assault in `slot` (as `x` stood before it,
    /// `through` the attackers that broke through): second lines go in.
    pub(super) fn waves<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        x: Assault,
        through: u16,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        // First the leads that fought their first round here and neither
        // won nor broke through: the assault is still on, and they in it.
        if self.active >> slot & 1 != 0 && self.assaults[slot].defender_seat == ds {
            let mut rest = x.fresh & self.assaults[slot].attackers;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if self.units[as_][i].status == Status::Fighting {
                    self.relieve(setup, slot, as_, i, stats);
                }
            }
        }
        let mut rest = through;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.go_in(setup, ds, d, i, Wave::MeetsBreakthrough, stats, tally);
            self.go_in(setup, as_, i, d, Wave::FollowsBreakthrough, stats, tally);
        }
    }

    /// The second line behind regiment `lead` of `seat`, if its player
    /// sends it, assaults enemy regiment `t` at once, fighting its first
    /// round on this KARD unless the assault it joins has fought.
    #[allow(clippy::too_many_arguments)]
    fn go_in<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        lead: usize,
        t: usize,
        why: Wave,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let Some(f) = self.ready_second_line(setup, seat, lead) else {
            return;
        };
        // A second line in skirmish order "can Assault only other
        // skirmishing units".
        if !self.may_meet(seat.other(), t)
            || self.skirmish_barred(setup, seat, f, t)
            || !self.sends(setup, seat, f, lead, t, why)
        {
            return;
        }
        self.set_status(setup, seat, f, Status::Closing);
        let began = self.units[seat][f].x;
        self.contact_with(setup, seat, f, t, began, stats);
        if let Some(slot) = self.assault_of(seat, f) {
            if self.assaults[slot].fought_on != self.kard {
                self.round(setup, slot, stats, tally);
            }
        }
    }

    /// The lead `i` of `seat` failed its first round in the assault in
    /// `slot`: its second line, if sent, takes its place, and the lead "is
    /// withdrawn to the first objective-horizon to the rear of the combat
    /// and is considered to no longer be operating on an Assault order"
    /// (`places::retreat`: the near edge of the first terrain objective
    /// behind the combat, else 1" outside its target's Engagement range;
    /// formed, its plan's next order due).
    fn relieve<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        seat: Seat,
        i: usize,
        stats: &mut Stats,
    ) {
        let x = self.assaults[slot];
        let d = x.defender as usize;
        let Some(f) = self.ready_second_line(setup, seat, i) else {
            return;
        };
        if self.skirmish_barred(setup, seat, f, d)
            || !self.sends(setup, seat, f, i, d, Wave::Relieves)
        {
            return;
        }
        let a = &mut self.assaults[slot];
        a.attackers &= !(1 << i);
        a.fresh &= !(1 << i);
        let from = self.units[seat][i].x;
        let out = self.outside(setup, seat, i, 1 << d);
        self.units[seat][i].x = super::places::retreat(setup, seat, from, out, false);
        if self.obs.on() {
            self.tell_move(setup, seat, i, from, "relieved");
            self.tell_unloaded(setup, seat, 1 << i, "assault");
        }
        self.loaded[seat] &= !(1 << i);
        self.moved(setup);
        self.set_status(setup, seat, i, Status::Idle);
        self.set_status(setup, seat, f, Status::Closing);
        let began = self.units[seat][f].x;
        self.contact_with(setup, seat, f, d, began, stats);
        // One after the other, not together: no multi-unit assault, and
        // the second line is the attacker its matchup counts.
        let a = &mut self.assaults[slot];
        a.joined &= !(1 << i);
        if a.first_attacker as usize == i {
            a.first_attacker = f as u8;
        }
    }

    /// Whether the player of second-line regiment `f` of `seat` sends it
    /// in against enemy `t` (told as an event when it does).
    fn sends<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        f: usize,
        lead: usize,
        t: usize,
        why: Wave,
    ) -> bool {
        let p = setup.scenario.sides[seat].regiments[f].player as usize;
        let elan = self.units[seat][f].elan as u32;
        let enemy_elan = self.units[seat.other()][t].elan as u32;
        let lead_elan = self.units[seat][lead].elan as u32;
        let at = at!(self, setup, seat, p, 1 << f, Some(t as u8));
        let sent = setup.strategies[seat].second_line(
            &at,
            why.name(),
            elan,
            enemy_elan,
            lead_elan,
            &mut self.seats[seat][p],
        );
        if sent && self.obs.on() {
            let lead = told::name(setup.scenario, seat, lead);
            let target = told::name(setup.scenario, seat.other(), t);
            self.tell_of(setup, seat, f, |decq, kard, side, regiment| {
                Event::SecondLine {
                    decq,
                    kard,
                    side,
                    regiment,
                    lead,
                    target,
                    why: why.name(),
                }
            });
        }
        sent
    }
}
