//! Deployments: a Deploy order's change of frontage, into and out of
//! Prepared to Receive Cavalry and skirmish order; and the optional
//! Skirmish Engagement's assaults: skirmishers "can Assault only other
//! skirmishing units", and formed infantry goes through skirmishers to
//! reach them (Formed Unit Options Against Skirmishing Units).

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Whether skirmishers of `status` screen a formed unit's way: free,
    /// neither beaten nor removed, nor held in an assault ("Assaults, once
    /// started, are fought out continuously"), where they neither cast
    /// against it nor fall back.
    fn free_to_skirmish(status: Status) -> bool {
        matches!(status, Status::Idle | Status::Ordered)
    }

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

    /// Regiment `i` of `seat` completes a Deploy order: it takes the
    /// deployment its player chose (a chosen regiment), else the next of
    /// its scenario's `deploy_to` (none listed: it stays as it is).
    /// Cavalry out of skirmish order no longer fires, and into it comes
    /// unloaded ("An unloaded ... unit may reload").
    #[cold]
    #[inline(never)]
    pub(super) fn redeploy<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let at = &mut self.deploys_at[seat][i];
        let to = match regiment.chosen {
            true => match regiment.deploy_choice(*at as usize) {
                Some(to) => to,
                None => return,
            },
            false => {
                let deploys = regiment.deploys();
                if deploys.is_empty() {
                    return;
                }
                let to = deploys[*at as usize % deploys.len()];
                *at = (*at + 1) % deploys.len() as u8;
                to
            }
        };
        let (from, width) = (self.deployed[seat].of(i), self.units[seat][i].width);
        self.deployed[seat].set(i, to.into);
        // Out of skirmish order into Prepared to Receive Cavalry: back to
        // its formed frontage first.
        self.units[seat][i].width = frontage_after(to, from, width, regiment.frontage);
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
        // Frontages decide gaps, overlaps and aims, and may bring a
        // formed enemy within range of a defeated regiment.
        self.moved(setup);
        self.clear_defeated(setup);
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
    #[cold]
    #[inline(never)]
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
        // One that may not resist is no assault: its objective is taken
        // unopposed (`contact_with`).
        let resists = match self.units[enemy][t].status {
            Status::Removed | Status::Shaken { defeated: true, .. } => false,
            Status::Shaken { .. } => setup.rules.unrallied_winner == UnralliedWinner::Fights,
            _ => true,
        };
        if !resists {
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
    /// regiment `t`, ahead of it or behind, straight, as an assault's
    /// contact does (where it stands already within it, it stays): a
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
        // Toward it, ahead or behind, as an assault's contact goes.
        let way = (them.x - me.x).signum();
        let gap = me.gap_on(setup.scenario.lateral, &them);
        let reach = within_dx(gap, setup.scenario.ranges.engagement).unwrap_or(0);
        let advance = way * (them.x - me.x) - reach;
        if advance > 0 {
            self.units[seat][i].x = me.x + way * advance;
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
        if self.through[seat] >> i & 1 != 0 || !self.goes_through(setup, seat, i) {
            return false;
        }
        let t = self.units[seat][i].target as usize;
        self.up_to_engagement(setup, seat, i, t, "skirmishers");
        self.skirmishers_cast(setup, seat, i, t, 0);
        true
    }

    /// Whether formed infantry `i` of `seat`, under an Assault order, must
    /// go through its target, skirmishers ahead of it or level that do not
    /// receive it.
    fn goes_through<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> bool {
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
            || !Self::free_to_skirmish(them.status)
        {
            return false;
        }
        let skirmishers = &setup.scenario.sides[enemy].regiments[t];
        // "skirmishing infantry units not in the open can elect to receive
        // an Assault" (rule `skirmishers_receive`).
        !(skirmishers.arm == Arm::Infantry
            && setup.rules.skirmishers_receive
            && !self.in_open(setup, enemy, t))
    }

    /// Formed infantry of `seat` (regiment `i`) whose Move order's chips
    /// are gone, with skirmishers "between them and the formed unit's
    /// objective" (they would stop its Move short of where it was ordered,
    /// and are not that objective's enemy): "When the chips are gone, move
    /// the formed unit into Engagement range of the skirmishing unit. The
    /// skirmishing unit takes an unmodified performance cast and the result
    /// is given to the formed unit as additional movement chips" (true: its
    /// order goes on). When those chips are gone too, the skirmishers "fall
    /// back to the far side of the objective" and the formed unit moves on
    /// (false). Only a Move straight ahead: one inclining toward a target
    /// off to its side stops at the skirmishers as at any enemy.
    #[cold]
    #[inline(never)]
    pub(super) fn move_through<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> bool {
        let Some(Screen {
            stop,
            skirmishers: j,
            ordered,
            to_target,
            horizon,
        }) = self.screen(setup, seat, i)
        else {
            return false;
        };
        let enemy = seat.other();
        let (me, f) = (self.units[seat][i], facing(seat));
        if self.through[seat] >> i & 1 == 0 {
            if stop > 0 {
                self.units[seat][i].x = me.x + f * stop;
                if self.obs.on() {
                    self.tell_move(setup, seat, i, me.x, "skirmishers");
                }
                self.moved(setup);
                self.clear_defeated(setup);
            }
            self.skirmishers_cast(setup, seat, i, j, 0);
            return true;
        }
        // "fall back to the far side of the objective": past a terrain
        // objective's far edge, and 1" outside Engagement range of where
        // the formed unit was ordered, so that nothing stops it short.
        self.through[seat] &= !(1 << i);
        let dest = me.x + f * ordered;
        let mut back = dest + f * (setup.scenario.ranges.engagement + 1);
        if horizon.is_some_and(|h| h <= to_target) {
            let terrain = &setup.scenario.terrain;
            if let Some(o) = terrain.at(dest) {
                let far = match f {
                    1 => terrain.objectives[o].to,
                    _ => terrain.objectives[o].from,
                };
                if f * (far + f - back) > 0 {
                    back = far + f;
                }
            }
        }
        let from = self.units[enemy][j].x;
        if f * (back - from) > 0 {
            self.units[enemy][j].x = back;
            if self.obs.on() {
                self.tell_move(setup, enemy, j, from, "falls_back");
            }
            self.moved(setup);
            self.clear_defeated(setup);
        }
        false
    }

    /// The skirmishers screening the Move of formed infantry `i` of
    /// `seat` from where it was ordered, if any: the first enemy ahead
    /// that would stop it, short of that place, skirmishing, free, and not
    /// the enemy it moves on; with where it would stop and where it was
    /// ordered (inches forward).
    fn screen<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> Option<Screen> {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        if regiment.arm != Arm::Infantry || self.deployed[seat].skirmishing(i) {
            return None;
        }
        let enemy = seat.other();
        let (me, f) = (self.units[seat][i], facing(seat));
        let (goal, range) = self.move_goal(setup, seat, i);
        let t = goal?;
        let lateral = setup.scenario.lateral;
        let gap_to = |u: &Unit| me.gap_on(lateral, u);
        let target = self.units[enemy][t];
        if gap_to(&target) > 0 {
            return None;
        }
        // Where the Move was ordered: its target's range, or the next
        // terrain objective ahead when that comes first.
        let to_target = f * (target.x - me.x) - range;
        let horizon = super::places::to_horizon(setup, seat, me.x);
        let ordered = horizon.map_or(to_target, |h| h.min(to_target));
        // The enemy that stops it first.
        let count = setup.scenario.sides[enemy].count as usize;
        let (stop, j) = (0..count)
            .filter(|&k| self.units[enemy][k].status != Status::Removed)
            .filter(|&k| f * (self.units[enemy][k].x - me.x) >= 0)
            .filter_map(|k| {
                let u = &self.units[enemy][k];
                within_dx(gap_to(u), range).map(|r| (f * (u.x - me.x) - r, k))
            })
            .min()?;
        // A Move with nowhere to go (its target, or the objective, at
        // hand) wishes to move through nothing, whoever stands near.
        let screens = j != t
            && ordered > 0
            && stop < ordered
            && self.deployed[enemy].skirmishing(j)
            && Self::free_to_skirmish(self.units[enemy][j].status);
        screens.then_some(Screen {
            stop,
            skirmishers: j,
            ordered,
            to_target,
            horizon,
        })
    }

    /// Formed infantry `i` of `seat` just given a Move or Assault order,
    /// "already Engaged with skirmishers" it must go through: "the
    /// additional cast is taken immediately", its chips added to the
    /// order's.
    #[cold]
    #[inline(never)]
    pub(super) fn through_at_once<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) {
        let unit = self.units[seat][i];
        let j = match unit.order {
            OrderKind::Move => match self.screen(setup, seat, i) {
                Some(screen) if screen.stop <= 0 => screen.skirmishers,
                _ => return,
            },
            OrderKind::Assault => {
                let t = unit.target as usize;
                let them = &self.units[seat.other()][t];
                let gap = unit.gap_on(setup.scenario.lateral, them);
                let range = setup.scenario.ranges.engagement;
                if !within(them.x - unit.x, gap, range) || !self.goes_through(setup, seat, i) {
                    return;
                }
                t
            }
            _ => return,
        };
        self.skirmishers_cast(setup, seat, i, j, unit.chips);
    }

    /// Skirmishers `j` of the other side take their "unmodified
    /// performance cast" (their rating's dice, no step), which becomes
    /// the movement chips of formed infantry `i` of `seat`.
    fn skirmishers_cast<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        j: usize,
        base: u8,
    ) {
        let enemy = seat.other();
        let skirmishers = &setup.scenario.sides[enemy].regiments[j];
        let rating = Rating {
            step: 0,
            ..skirmishers.rating
        };
        let told = self
            .obs
            .on()
            .then(|| self.told_cast(rating, 0, setup.rules));
        let chips = self.perform(rating, 0, setup.rules);
        self.units[seat][i].chips = (base as u32 + chips).min(u8::MAX as u32) as u8;
        self.through[seat] |= 1 << i;
        if let Some((dice, value)) = told {
            let by = told::name(setup.scenario, enemy, j);
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
    }
}

/// Skirmishers screening a formed unit's Move (`Game::screen`): where it
/// would stop at them and where it was ordered, inches forward; its
/// target's range and the next terrain objective's entry.
#[derive(Clone, Copy)]
struct Screen {
    stop: i32,
    skirmishers: usize,
    ordered: i32,
    to_target: i32,
    horizon: Option<i32>,
}
