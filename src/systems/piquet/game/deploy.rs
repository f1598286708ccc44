//! Deployments: a Deploy order's change of frontage, into and out of
//! Prepared to Receive Cavalry and skirmish order; and the optional
//! Skirmish Engagement's assaults: skirmishers "can Assault only other
//! skirmishing units", and formed infantry goes through skirmishers to
//! reach them (Formed Unit Options Against Skirmishing Units).

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Skirmisher `i` of `seat`, barred from assaulting enemy regiment
    /// `t`: "Skirmishing units can Engage any unit that they desire", so
    /// it moves up to Engagement range instead, its order done.
    #[cold]
    #[inline(never)]
    pub(super) fn engage_instead<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
    ) {
        self.up_to_engagement(setup, seat, i, t, "engages");
        self.set_status(setup, seat, i, Status::Idle);
    }

    /// Regiment `i` of `seat` completes a Deploy order: it takes the next
    /// deployment of its scenario's `deploy_to` (none listed: it stays as
    /// it is). Cavalry out of skirmish order no longer fires, and into it
    /// comes unloaded ("An unloaded ... unit may reload").
    #[cold]
    #[inline(never)]
    pub(super) fn redeploy<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let deploys = regiment.deploys();
        if deploys.is_empty() {
            return;
        }
        let at = &mut self.deploys_at[seat][i];
        let to = deploys[*at as usize % deploys.len()];
        *at = (*at + 1) % deploys.len() as u8;
        let (from, width) = (self.deployed[seat].of(i), self.units[seat][i].width);
        self.deployed[seat].set(i, to.into);
        if to.frontage != 0 {
            self.units[seat][i].width = to.frontage;
        }
        if regiment.arm == Arm::Cavalry && to.into != Deployment::Skirmish {
            self.loaded[seat] &= !(1 << i);
        }
        if self.obs.on() {
            let width_now = self.units[seat][i].width;
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| {
                Event::Deploys {
                    decq,
                    kard,
                    side,
                    regiment,
                    from: from.name(),
                    to: to.into.name(),
                    frontage_from: told::inches(width),
                    frontage: told::inches(width_now),
                }
            });
        }
        // Frontages decide gaps, overlaps and aims.
        self.moved(setup);
    }

    /// Whether regiment `i` of `seat` stands in the open: in no terrain
    /// objective (rule `objective_horizons`) and no urban block.
    pub(super) fn in_open<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> bool {
        let terrain = &setup.scenario.terrain;
        let in_objective =
            setup.rules.objective_horizons && terrain.at(self.units[seat][i].x).is_some();
        !(setup.scenario.sides[seat].regiments[i].urban || in_objective)
    }

    /// Whether regiment `i` of `seat`, in skirmish order, may not assault
    /// enemy regiment `t`: "Skirmishing units can Assault only other
    /// skirmishing units; skirmishing infantry can not Assault skirmishing
    /// cavalry in the open".
    pub(super) fn skirmish_barred<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
    ) -> bool {
        let enemy = seat.other();
        if !self.deployed[seat].skirmishing(i) {
            return false;
        }
        if !self.deployed[enemy].skirmishing(t) {
            return true;
        }
        let arms = (
            setup.scenario.sides[seat].regiments[i].arm,
            setup.scenario.sides[enemy].regiments[t].arm,
        );
        arms == (Arm::Infantry, Arm::Cavalry) && self.in_open(setup, enemy, t)
    }

    /// Regiment `i` of `seat` moves up to Engagement range of enemy
    /// regiment `t` (where it stands already within it, it stays): a
    /// skirmisher barred from assaulting engages instead, and formed
    /// infantry stops there before going through skirmishers.
    pub(super) fn up_to_engagement<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
        why: &'static str,
    ) {
        let (me, them) = (self.units[seat][i], self.units[seat.other()][t]);
        let f = facing(seat);
        let gap = me.gap_on(setup.scenario.lateral, &them);
        let reach = within_dx(gap, setup.scenario.ranges.engagement).unwrap_or(0);
        let advance = f * (them.x - me.x) - reach;
        if advance > 0 {
            self.units[seat][i].x = me.x + f * advance;
            if self.obs.on() {
                self.tell_move(setup, seat, i, me.x, why);
            }
            self.moved(setup);
            self.clear_defeated(setup);
        }
    }

    /// Formed infantry of `seat` (regiment `i`) whose assault's chips are
    /// gone, its target skirmishers that do not receive it: "move the
    /// formed unit into Engagement range of the skirmishing unit. The
    /// skirmishing unit takes an unmodified performance cast and the result
    /// is given to the formed unit as additional movement chips"; once
    /// those are removed, "If operating under an Assault order, the formed
    /// unit must immediately move into contact". True when it stopped to
    /// take the cast (its order goes on).
    #[cold]
    #[inline(never)]
    pub(super) fn through_skirmishers<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> bool {
        let enemy = seat.other();
        let t = self.units[seat][i].target as usize;
        let them = &self.units[enemy][t];
        let formed_infantry = setup.scenario.sides[seat].regiments[i].arm == Arm::Infantry
            && !self.deployed[seat].skirmishing(i);
        // Skirmishers "between them and the formed unit's objective":
        // ahead of it, or level.
        let between = facing(seat) * (them.x - self.units[seat][i].x) >= 0;
        if !formed_infantry
            || !between
            || !self.deployed[enemy].skirmishing(t)
            || matches!(them.status, Status::Removed | Status::Shaken { .. })
            || self.through[seat] >> i & 1 != 0
        {
            return false;
        }
        let skirmishers = &setup.scenario.sides[enemy].regiments[t];
        // "skirmishing infantry units not in the open can elect to receive
        // an Assault" (rule `skirmishers_receive`).
        if skirmishers.arm == Arm::Infantry
            && setup.rules.skirmishers_receive
            && !self.in_open(setup, enemy, t)
        {
            return false;
        }
        self.up_to_engagement(setup, seat, i, t, "skirmishers");
        let rating = Rating {
            step: 0,
            ..skirmishers.rating
        };
        let told = self
            .obs
            .on()
            .then(|| self.told_cast(rating, 0, setup.rules));
        let chips = self.perform(rating, 0, setup.rules);
        self.units[seat][i].chips = chips.min(u8::MAX as u32) as u8;
        self.through[seat] |= 1 << i;
        if let Some((dice, value)) = told {
            let by = told::name(setup.scenario, enemy, t);
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| {
                Event::SkirmishersCast {
                    decq,
                    kard,
                    side,
                    regiment,
                    skirmishers: by,
                    dice,
                    chips: value,
                }
            });
        }
        true
    }
}
