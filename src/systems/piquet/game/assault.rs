//! Assaults: contact when an assault's chips are gone, a round on every
//! KARD (`round.rs` fights it) and cavalry going on after it, the end of
//! an assault and who must rally, and objectives taken unopposed.

use super::*;
use crate::systems::piquet::strategy::one_of;

impl<O: Observer<Event>> Game<O> {
    /// An assaulting regiment whose chips are gone meets its target.
    pub(super) fn contact<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        stats: &mut Stats,
    ) {
        let t = self.units[seat][i].target as usize;
        if self.deployed[seat].skirmishing(i) && self.skirmish_barred(setup, seat, i, t) {
            self.engage_instead(setup, seat, i, t);
            return;
        }
        // Its way began where its Assault order was given, in one leg or
        // several: a bridge crossed on any of them covers the target.
        let began = self.given_at[seat][i];
        self.contact_with(setup, seat, i, t, began, stats);
    }

    /// Regiment `i` of `seat` meets enemy regiment `t`, its way there
    /// having begun at `began`: an assault begun or joined, or an
    /// objective taken unopposed.
    pub(super) fn contact_with<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
        began: i32,
        stats: &mut Stats,
    ) {
        let enemy = seat.other();
        match self.units[enemy][t].status {
            // Defeated, unrallied units "may not resist Assault ... but must
            // immediately withdraw": the objective is taken unopposed. So do
            // unrallied winners, who "must Rally before [they] can ...
            // participate in combat", unless `unrallied_winner = fights`.
            Status::Removed | Status::Shaken { defeated: true, .. } => {
                self.take_objective(setup, seat, i, t, stats);
            }
            Status::Shaken {
                defeated: false, ..
            } if setup.rules.unrallied_winner == UnralliedWinner::Withdraws => {
                self.take_objective(setup, seat, i, t, stats);
            }
            Status::Fighting | Status::Retiring => self.join(setup, seat, i, t, began, stats),
            _ => {
                // At most one assault per defender: a free slot exists.
                let slot = (!self.active).trailing_zeros() as usize;
                self.active |= 1 << slot;
                stats.assaults_begun += 1;
                let aspect = self.aspect(setup, seat, i, t);
                self.aspects[aspect as usize] += 1;
                self.assaults[slot] = Assault {
                    defender: t as u8,
                    defender_seat: enemy,
                    attackers: 1 << i,
                    fresh: 1 << i,
                    joined: 1 << i,
                    first_attacker: i as u8,
                    kards: 0,
                    fought_on: 0,
                    independent: 0,
                    rear: 0,
                    covered: 0,
                };
                self.assaults[slot].goes_in(i, aspect);
                let elan = [self.units[seat][i].elan, self.units[enemy][t].elan];
                for (k, &e) in elan.iter().enumerate() {
                    stats.assault_elan[k].record(e as u64);
                    self.begun_elan[k] += e as u32;
                }
                self.begun += 1;
                let from = self.units[seat][i].x;
                self.units[seat][i].x = self.units[enemy][t].x;
                if self.obs.on() {
                    let defender = told::name(setup.scenario, enemy, t);
                    let elan = elan.map(u32::from);
                    self.tell_of(setup, seat, i, |decq, kard, side, attacker| {
                        Event::AssaultBegins {
                            decq,
                            kard,
                            side,
                            attacker,
                            defender,
                            elan,
                        }
                    });
                    self.tell_move(setup, seat, i, from, "assault");
                }
                self.cover(setup, slot, seat, i, began, t);
                self.moved(setup);
                self.end_engagement(setup, seat, i, t, EngagementEnd::Assault, stats);
                self.set_status(setup, enemy, t, Status::Fighting);
                self.set_status(setup, seat, i, Status::Fighting);
                self.clear_defeated(setup);
                self.follow(setup, seat, i);
            }
        }
    }

    /// Regiment `i` of `seat` meets enemy regiment `t`, fighting an
    /// assault: it joins the assault on `t` (the multi-unit rule), or, `t`
    /// attacking elsewhere, waits for it.
    fn join<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
        began: i32,
        stats: &mut Stats,
    ) {
        let enemy = seat.other();
        let aspect = self.aspect(setup, seat, i, t);
        let active = self.active;
        let joinable = self.assaults.iter().enumerate().find_map(|(slot, x)| {
            (active >> slot & 1 != 0 && x.defender_seat == enemy && x.defender as usize == t)
                .then_some(slot)
        });
        if let Some(slot) = joinable {
            let x = &mut self.assaults[slot];
            // The multi-unit rule: one more attacker on one defender.
            x.attackers |= 1 << i;
            x.goes_in(i, aspect);
            self.aspects[aspect as usize] += 1;
            x.fresh |= 1 << i;
            x.joined |= 1 << i;
            let from = self.units[seat][i].x;
            self.units[seat][i].x = self.units[enemy][t].x;
            if self.obs.on() {
                let defender = told::name(setup.scenario, enemy, t);
                self.tell_of(setup, seat, i, |decq, kard, side, attacker| {
                    Event::JoinsAssault {
                        decq,
                        kard,
                        side,
                        attacker,
                        defender,
                    }
                });
                self.tell_move(setup, seat, i, from, "joins_assault");
            }
            self.cover(setup, slot, seat, i, began, t);
            self.moved(setup);
            self.end_engagement(setup, seat, i, t, EngagementEnd::Assault, stats);
            self.set_status(setup, seat, i, Status::Fighting);
            self.clear_defeated(setup);
            self.follow(setup, seat, i);
        }
        // Else the target attacks elsewhere: wait for it.
    }

    /// Where regiment `i` of `seat` meets enemy regiment `t` (before it
    /// moves into contact): at its rear when it stands behind it, at its
    /// front when at least half its frontage lies across the enemy's,
    /// else at a flank (a frontage overlapping less than half: rule
    /// `short_overlap`). A defender in an urban block "will be considered
    /// to have no flanks exposed regardless of how many sides of the urban
    /// block are attacked simultaneously".
    pub(super) fn aspect<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
    ) -> Aspect {
        let enemy = seat.other();
        let (me, them) = (&self.units[seat][i], &self.units[enemy][t]);
        if setup.scenario.sides[enemy].regiments[t].urban || self.in_urban(setup, enemy, t) {
            Aspect::Front
        } else if facing(enemy) * (me.x - them.x) < 0 {
            Aspect::Rear
        } else if me.half_overlaps(them)
            || (me.overlaps(them) && setup.rules.short_overlap == ShortOverlap::Front)
        {
            Aspect::Front
        } else {
            Aspect::Flank
        }
    }

    /// One round of every assault: the regiments still closing try their
    /// targets again, then each assault's sides cast and take Elan.
    pub(super) fn fight<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        for seat in Seat::BOTH {
            // Contact changes only the regiment closing and enemies.
            let mut closing = self.totals[seat].closing;
            while closing != 0 {
                let i = closing.trailing_zeros() as usize;
                closing &= closing - 1;
                self.contact(setup, seat, i, stats);
            }
        }
        // Each assault once: one that cavalry going on has begun or
        // joined may have been fought already (`onward`).
        let mut active = self.active;
        while active != 0 {
            let slot = active.trailing_zeros() as usize;
            active &= active - 1;
            if self.assaults[slot].fought_on != self.kard {
                self.round(setup, slot, stats, tally);
            }
        }
    }

    /// Battle cavalry of `seat` through the assault on `defender` with
    /// Elan left "will immediately move forward to the next objective or
    /// Assault the next enemy unit in its path, which ever is the closer":
    /// into the next terrain objective ahead when that is nearer than any
    /// enemy and no enemy stands in it (rule `objective_horizons`), else
    /// the nearest enemy regiment ahead of it (or level), those it broke
    /// through this KARD aside (it went through them: they are behind it),
    /// among several as near one drawn from its player's stream. An enemy
    /// fighting as an attacker elsewhere cannot be met; with neither to go
    /// to it stays.
    fn onward<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let enemy = seat.other();
        let (x, f) = (self.units[seat][i].x, facing(seat));
        // Those it broke through this KARD are behind it, out of its path.
        let behind = match self.broke[seat][i] {
            (kard, broke) if kard == self.kard => broke,
            _ => 0,
        };
        let (mut nearest, mut best) = (0u16, i32::MAX);
        for j in (0..setup.scenario.sides[enemy].count as usize).filter(|&j| behind >> j & 1 == 0) {
            let unit = &self.units[enemy][j];
            let ahead = f * (unit.x - x);
            // Its path: straight ahead, across its own frontage.
            if unit.status == Status::Removed || ahead < 0 || !self.units[seat][i].overlaps(unit) {
                continue;
            }
            if ahead < best {
                (nearest, best) = (0, ahead);
            }
            if ahead == best {
                nearest |= 1 << j;
            }
        }
        // "to the next objective or Assault the next enemy unit in its
        // path, which ever is the closer": an enemy as close is assaulted,
        // and an objective an enemy stands in is no place to move on to.
        if let Some(horizon) = super::places::to_horizon(setup, seat, x) {
            if horizon < best && !self.held_by(setup, enemy, x + f * horizon) {
                self.units[seat][i].x = x + f * horizon;
                if self.obs.on() {
                    self.tell_move(setup, seat, i, x, "onward");
                }
                self.moved(setup);
                self.clear_defeated(setup);
                self.follow(setup, seat, i);
                return;
            }
        }
        if nearest == 0 {
            if self.obs.on() {
                self.tell_stays(setup, seat, i, None);
            }
            return;
        }
        let player = setup.scenario.sides[seat].regiments[i].player as usize;
        let t = one_of(nearest, &mut self.ties[seat][player]);
        if !self.may_meet(enemy, t) {
            if self.obs.on() {
                self.tell_stays(setup, seat, i, Some(t));
            }
            return;
        }
        self.set_status(setup, seat, i, Status::Closing);
        // Going on from where it broke through.
        let began = self.units[seat][i].x;
        self.contact_with(setup, seat, i, t, began, stats);
        // "When the movement is completed, the formation will immediately
        // fight a round of Assault": this KARD, unless the assault it
        // joined has fought its round already.
        if let Some(slot) = self.assault_of(seat, i) {
            if self.assaults[slot].fought_on != self.kard {
                self.round(setup, slot, stats, tally);
            }
        }
    }

    /// Whether enemy regiment `t` of `enemy` can be met now: in the game,
    /// and not fighting as an attacker elsewhere (a defender's assault is
    /// joined).
    pub(super) fn may_meet(&self, enemy: Seat, t: usize) -> bool {
        match self.units[enemy][t].status {
            Status::Removed => false,
            Status::Fighting | Status::Retiring => self
                .live_assaults()
                .any(|x| x.defender_seat == enemy && x.defender as usize == t),
            _ => true,
        }
    }

    /// The assaults under way.
    fn live_assaults(&self) -> impl Iterator<Item = &Assault> {
        let active = self.active;
        self.assaults
            .iter()
            .enumerate()
            .filter(move |(slot, _)| active >> slot & 1 != 0)
            .map(|(_, x)| x)
    }

    /// A round of the assault in `slot`; cavalry through it with Elan left
    /// then goes on (rule `breakthrough_onward`).
    pub(super) fn round<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        self.assaults[slot].fought_on = self.kard;
        let x = self.assaults[slot];
        let through = self.fight_round(setup, slot, stats, tally);
        let sides = &setup.scenario.sides;
        if setup.rules.cavalry_waves && sides[Seat::A].followers | sides[Seat::B].followers != 0 {
            self.waves(setup, slot, x, through, stats, tally);
        }
        if !setup.rules.breakthrough_onward {
            return;
        }
        let seat = x.defender_seat.other();
        let mut rest = through;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.units[seat][i].status == Status::Idle {
                self.onward(setup, seat, i, stats, tally);
            }
        }
    }

    /// The assault in `slot` has ended `end`: its tallies, statistics and
    /// event.
    pub(super) fn finish<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        end: AssaultEnd,
        attacker_won: bool,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let x = self.assaults[slot];
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        let defender = setup.scenario.sides[ds].regiments[d];
        self.active &= !(1 << slot);
        tally.assaults += 1;
        tally.assault_kards += x.kards;
        let attacker = setup.scenario.sides[as_].regiments[x.first_attacker as usize];
        tally.attacker_won += attacker_won as u32;
        if self.obs.on() {
            let defender = told::name(setup.scenario, ds, d);
            let (decq, kard) = told::when(self.decq.decq, self.kard);
            self.obs.event(Event::AssaultEnds {
                decq,
                kard,
                side: as_.name(),
                defender,
                end: events::assault_end(end),
                kards: x.kards,
                attacker_won,
            });
        }
        stats.record_assault(
            &attacker,
            &defender,
            x.joined.count_ones() > 1,
            end,
            x.kards,
            attacker_won,
        );
    }

    /// Takes `units` of `seat` out of an assault, defeated or not; infantry
    /// defeated there by cavalry (`by_cavalry`) rallies as such.
    pub(super) fn settle<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        units: u16,
        defeated: bool,
        by_cavalry: bool,
    ) {
        let mut rest = units;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let infantry = setup.scenario.sides[seat].regiments[i].arm == Arm::Infantry;
            let status = Status::Shaken {
                defeated,
                by_cavalry: defeated && by_cavalry && infantry,
            };
            self.set_status(setup, seat, i, status);
        }
    }

    /// An assault whose target may not resist: the objective is taken
    /// unopposed and the target withdraws out of Engagement range.
    pub(super) fn take_objective<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
        stats: &mut Stats,
    ) {
        let enemy = seat.other();
        let x = self.units[enemy][t].x;
        let from = self.units[seat][i].x;
        self.units[seat][i].x = x;
        if self.obs.on() {
            let target = told::name(setup.scenario, enemy, t);
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| {
                Event::ObjectiveTaken {
                    decq,
                    kard,
                    side,
                    regiment,
                    target,
                }
            });
            self.tell_move(setup, seat, i, from, "objective");
        }
        self.end_engagement(setup, seat, i, t, EngagementEnd::Assault, stats);
        if self.units[enemy][t].status != Status::Removed {
            self.withdraw(setup, enemy, 1 << t, 1 << i, true);
        }
        self.moved(setup);
        self.set_status(setup, seat, i, Status::Idle);
        self.clear_defeated(setup);
        self.follow(setup, seat, i);
    }
}
