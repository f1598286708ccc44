//! Places on the field's one axis: a completed Move or Maneuver order,
//! withdrawals of the broken and defeated, and defeated unrallied
//! regiments falling back whenever a formed enemy comes within range.
//! A scenario's terrain objectives are the horizons moves stop at and
//! withdrawals make for (rule `objective_horizons`).

use super::*;

/// Where a regiment of `seat` at `x` withdraws from an enemy at `from`:
/// "to the next objective" (Combat; "the first objective-horizon to the
/// rear of the combat", Cavalry Wave Assaults), the near edge of the first
/// terrain objective behind it (not the one it stands in). One that must
/// rally (`defeated`) goes at least 1" outside the enemy's Engagement range
/// ("must immediately withdraw to 1\" outside", the Rally section), and
/// there when no objective lies behind; so does a relieved lead with none.
pub(super) fn retreat<D: Decide>(
    setup: &Setup<'_, D>,
    seat: Seat,
    x: i32,
    from: i32,
    defeated: bool,
) -> i32 {
    let f = facing(seat);
    let out = from - f * (setup.scenario.ranges.engagement + 1);
    let next = match setup.rules.objective_horizons {
        true => setup.scenario.terrain.entry(x, -f),
        false => None,
    };
    match next {
        // Short of 1" outside: the Rally section's least wins.
        Some(edge) if defeated && f * (edge - out) > 0 => out,
        Some(edge) => edge,
        None => out,
    }
}

/// How far a regiment of `seat` at `x` moves forward before it enters the
/// next terrain objective ahead (note 19's horizon), if one lies ahead.
pub(super) fn to_horizon<D: Decide>(setup: &Setup<'_, D>, seat: Seat, x: i32) -> Option<i32> {
    let f = facing(seat);
    match setup.rules.objective_horizons {
        true => setup
            .scenario
            .terrain
            .entry(x, f)
            .map(|edge| f * (edge - x)),
        false => None,
    }
}

impl<O: Observer<Event>> Game<O> {
    /// `units` of `seat`, beaten, withdraw from `from`, the place of the
    /// enemy they withdraw from: each to the next objective behind it, at
    /// least 1" outside that enemy's Engagement range (`retreat`), or,
    /// `overrun` (defeated and unrallied, as the Rally section has it), to
    /// 1" outside that range.
    pub(super) fn withdraw<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        units: u16,
        from: i32,
        overrun: bool,
    ) {
        let out = from - facing(seat) * (setup.scenario.ranges.engagement + 1);
        let mut rest = units;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let was = self.units[seat][i].x;
            let to = match overrun {
                true => out,
                false => retreat(setup, seat, was, from, true),
            };
            // Back, never forward: one already farther stays.
            if facing(seat) * (to - was) < 0 {
                self.units[seat][i].x = to;
                if self.obs.on() {
                    self.tell_move(setup, seat, i, was, "withdraws");
                }
            }
        }
        self.moved(setup);
    }

    /// Regiment `i` of `seat`, fire having taken its last Elan in an
    /// Engagement with an enemy at `from`, "must withdraw from the combat,
    /// anywhere up to the next horizon": its player chooses how far (rule
    /// `objective_horizons` giving the horizon; decision `withdraw_to`),
    /// from 1" outside that enemy's Engagement range (the Rally section's
    /// least) back to the near edge of the next terrain objective behind
    /// it; with none beyond 1" outside, there.
    pub(super) fn withdraw_engaged<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        from: i32,
    ) {
        let f = facing(seat);
        let was = self.units[seat][i].x;
        let out = from - f * (setup.scenario.ranges.engagement + 1);
        let horizon = retreat(setup, seat, was, from, true);
        let farthest = (f * (out - horizon)).max(0) as u32;
        if farthest == 0 {
            return self.withdraw(setup, seat, 1 << i, from, false);
        }
        let p = setup.scenario.sides[seat].regiments[i].player as usize;
        let back = setup.strategies[seat].withdraw_to(
            &at!(self, setup, seat, p, 1 << i, None),
            out,
            farthest,
            &mut self.seats[seat][p],
        );
        let to = out - f * back.min(farthest) as i32;
        // Back, never forward: one already farther stays.
        if f * (to - was) < 0 {
            self.units[seat][i].x = to;
            if self.obs.on() {
                self.tell_move(setup, seat, i, was, "withdraws");
            }
        }
        self.moved(setup);
    }

    /// Where an assault of regiment `i` of `seat`, its chips gone, stops
    /// short of its target: "all movement" goes "to where you want to stop,
    /// or to the next objective you encounter, whichever comes first" (note
    /// 19), so at the near edge of a terrain objective on the way that the
    /// target does not stand in (one it stands in is the assault's own
    /// objective, where its piquet was placed), nor any other enemy (no
    /// place to halt: the assault goes on, as cavalry through does).
    pub(super) fn assault_horizon<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> Option<i32> {
        let horizon = to_horizon(setup, seat, self.units[seat][i].x)?;
        let (x, f) = (self.units[seat][i].x, facing(seat));
        let t = self.units[seat][i].target as usize;
        let at = self.units[seat.other()][t].x;
        let terrain = &setup.scenario.terrain;
        let edge = x + f * horizon;
        let held = self.held_by(setup, seat.other(), edge);
        (horizon < f * (at - x) && terrain.at(edge) != terrain.at(at) && !held).then_some(edge)
    }

    /// Whether a regiment of `enemy` still in the game stands in the terrain
    /// objective that place `edge` lies in: no place for the other side to
    /// halt or go on to.
    pub(super) fn held_by<D: Decide>(&self, setup: &Setup<'_, D>, enemy: Seat, edge: i32) -> bool {
        let terrain = &setup.scenario.terrain;
        (0..setup.scenario.sides[enemy].count as usize).any(|j| {
            self.units[enemy][j].status != Status::Removed
                && terrain.at(self.units[enemy][j].x) == terrain.at(edge)
        })
    }

    /// Whether regiment `i` of `seat` stands in an urban terrain objective,
    /// and so fires as a regiment in an urban block (note 17).
    pub(super) fn in_urban<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> bool {
        let terrain = &setup.scenario.terrain;
        terrain.has_urban
            && setup.rules.objective_horizons
            && terrain
                .at(self.units[seat][i].x)
                .is_some_and(|o| terrain.objectives[o].kind == Terrain::Urban)
    }

    /// The nearest enemy regiment still in the game to regiment `i`, or its
    /// target when it has one.
    pub(super) fn objective<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> Option<usize> {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let enemy = seat.other();
        if regiment.has_target
            && self.units[enemy][regiment.target as usize].status != Status::Removed
        {
            return Some(regiment.target as usize);
        }
        let x = self.units[seat][i].x;
        (0..setup.scenario.sides[enemy].count as usize)
            .filter(|&j| self.units[enemy][j].status != Status::Removed)
            .min_by_key(|&j| ((self.units[enemy][j].x - x).abs(), j))
    }

    /// The nearest enemy regiment still in the game ahead of regiment `i`
    /// (level included): where a chosen Move goes. Among as near, the
    /// first: a Move stops at the same place for each.
    fn nearest_ahead<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> Option<usize> {
        let enemy = seat.other();
        let (x, f) = (self.units[seat][i].x, facing(seat));
        (0..setup.scenario.sides[enemy].count as usize)
            .filter(|&j| self.units[enemy][j].status != Status::Removed)
            .filter(|&j| f * (self.units[enemy][j].x - x) >= 0)
            .min_by_key(|&j| f * (self.units[enemy][j].x - x))
    }

    /// A completed Move order: "to move to the next objective or to move to
    /// within Engagement range of an enemy formation", its target's (else
    /// the nearest enemy's), stopping sooner at Engagement range of any
    /// enemy on the way or on entering the next terrain objective ahead
    /// (note 19: "or to the next objective you encounter, whichever comes
    /// first"); a regiment already that close stays. A chosen regiment's
    /// Move goes "to where you want to stop": its player's, within its
    /// fire's reach of the nearest enemy ahead (Engagement range for
    /// infantry and cavalry, Bombardment range for guns that bombard).
    pub(super) fn close_in<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let (goal, range) = match regiment.chosen {
            false => (
                self.objective(setup, seat, i),
                setup.scenario.ranges.engagement,
            ),
            true => (
                self.nearest_ahead(setup, seat, i),
                reach(setup.scenario.ranges, regiment),
            ),
        };
        let Some(j) = goal else {
            return;
        };
        let enemy = seat.other();
        let f = facing(seat);
        let x = self.units[seat][i].x;
        let goal = f * (self.units[enemy][j].x - x) - range;
        let first = (0..setup.scenario.sides[enemy].count as usize)
            .filter(|&k| self.units[enemy][k].status != Status::Removed)
            .map(|k| f * (self.units[enemy][k].x - x))
            .filter(|&ahead| ahead >= 0)
            .map(|ahead| ahead - range)
            .min()
            .unwrap_or(goal);
        let advance = goal.min(first);
        // "or to the next objective you encounter, whichever comes first"
        let (advance, why) = match to_horizon(setup, seat, x) {
            Some(horizon) if horizon < advance => (horizon, "horizon"),
            _ => (advance, "move"),
        };
        if advance > 0 {
            self.units[seat][i].x = x + f * advance;
            if self.obs.on() {
                self.tell_move(setup, seat, i, x, why);
            }
            self.moved(setup);
            self.clear_defeated(setup);
        }
    }

    /// A completed Maneuver order: `maneuver_inches` back, or forward but
    /// never closer than Engagement range to the nearest enemy ("you can
    /// not Maneuver into an Assault. You can Maneuver into Engagement").
    pub(super) fn maneuver<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let inches = setup.rules.maneuver_inches;
        let f = facing(seat);
        let back = setup.scenario.sides[seat].regiments[i].maneuver_back;
        let x = self.units[seat][i].x;
        let to = if back {
            x - f * inches
        } else {
            let enemy = seat.other();
            // Enemies ahead (or level): never closer than Engagement range
            // to the nearest, and never back for a forward maneuver.
            let room = (0..setup.scenario.sides[enemy].count as usize)
                .filter(|&j| self.units[enemy][j].status != Status::Removed)
                .map(|j| f * (self.units[enemy][j].x - x))
                .filter(|&ahead| ahead >= 0)
                .map(|ahead| (ahead - setup.scenario.ranges.engagement).max(0))
                .min()
                .unwrap_or(inches);
            x + f * inches.min(room)
        };
        if to != x {
            self.units[seat][i].x = to;
            if self.obs.on() {
                self.tell_move(setup, seat, i, x, "maneuver");
            }
            self.moved(setup);
            self.clear_defeated(setup);
        }
    }

    /// Defeated, unrallied units "may not resist Assault or Engagement by
    /// an enemy unit, but must immediately withdraw to 1\" outside of the
    /// Engagement range of the enemy unit": whenever an enemy comes within
    /// Engagement range of one (it moves up, or rallies there), not only
    /// as it is defeated. Called after every change of place or status
    /// that can bring a formed enemy (in the game, not unrallied) within
    /// range of a defeated unrallied regiment.
    #[inline(always)]
    pub(super) fn clear_defeated<D: Decide>(&mut self, setup: &Setup<'_, D>) {
        // Most moves happen with nobody shaken: checked inline, before the
        // call that walks the shaken regiments.
        if self.totals[Seat::A].shaken | self.totals[Seat::B].shaken != 0 {
            self.withdraw_defeated(setup);
        }
    }

    fn withdraw_defeated<D: Decide>(&mut self, setup: &Setup<'_, D>) {
        for seat in Seat::BOTH {
            let mut rest = self.totals[seat].shaken;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if matches!(
                    self.units[seat][i].status,
                    Status::Shaken { defeated: true, .. }
                ) {
                    self.withdraw_from_formed(setup, seat, i);
                }
            }
        }
    }

    /// Defeated regiment `i` of `seat` withdraws to 1" outside Engagement
    /// range of the formed enemy within range that stands farthest back
    /// on its side of the axis, again until none is within range (each
    /// withdrawal moves it back by at least 1", so past every enemy).
    fn withdraw_from_formed<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let enemy = seat.other();
        let range = setup.scenario.ranges.engagement;
        let f = facing(seat);
        let formed = self.totals[enemy].able() | self.totals[enemy].fighting;
        loop {
            let x = self.units[seat][i].x;
            let mut from: Option<i32> = None;
            let mut rest = formed;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let y = self.units[enemy][j].x;
                if (y - x).abs() <= range && from.is_none_or(|g| f * (y - g) < 0) {
                    from = Some(y);
                }
            }
            let Some(from) = from else {
                return;
            };
            self.units[seat][i].x = from - f * (range + 1);
            if self.obs.on() {
                self.tell_move(setup, seat, i, x, "withdraws_unrallied");
            }
            self.moved(setup);
        }
    }
}
