//! Places on the field's one axis: a completed Move or Maneuver order,
//! withdrawals of the broken and defeated, and defeated unrallied
//! regiments falling back whenever a formed enemy comes within range.
//! A scenario's terrain objectives are the horizons moves stop at and
//! withdrawals make for (rule `objective_horizons`).

use super::*;

/// Where a regiment of `seat` at `x` withdraws from an enemy, `out` the
/// place 1" outside that enemy's Engagement range (`Game::outside`):
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
    out: i32,
    defeated: bool,
) -> i32 {
    let f = facing(seat);
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

/// How far across, in tenths, a move `advance` inches forward may incline:
/// "up to 22.5 degrees from the direction in which it is facing".
#[inline]
pub(super) fn incline(advance: i32) -> i32 {
    // tan 22.5 degrees = 0.41421...
    (advance as i64 * 41_421 / 10_000) as i32
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
    /// The place along the axis where regiment `i` of `seat` stands 1"
    /// outside the Engagement range of every enemy regiment of `enemies`
    /// ("withdraw to 1\" outside of the Engagement range of the enemy
    /// unit"), ranges measured across the field too: the farthest back of
    /// the places each asks for.
    pub(super) fn outside<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        enemies: u16,
    ) -> i32 {
        let (me, f) = (&self.units[seat][i], facing(seat));
        let range = setup.scenario.ranges.engagement;
        let mut out: Option<i32> = None;
        let mut rest = enemies;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let them = &self.units[seat.other()][j];
            let gap = me.gap_on(setup.scenario.lateral, them);
            let place = them.x - f * outside_dx(gap, range);
            if out.is_none_or(|o| f * (place - o) < 0) {
                out = Some(place);
            }
        }
        out.unwrap_or(me.x)
    }

    /// `units` of `seat`, beaten, withdraw from the enemy regiments
    /// `enemies`: each to the next objective behind it, at least 1"
    /// outside their Engagement range (`retreat`), or, `overrun` (defeated
    /// and unrallied, as the Rally section has it), to 1" outside it.
    pub(super) fn withdraw<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        units: u16,
        enemies: u16,
        overrun: bool,
    ) {
        let mut rest = units;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let out = self.outside(setup, seat, i, enemies);
            self.withdraw_to(setup, seat, i, out, overrun);
        }
        self.moved(setup);
    }

    /// Regiment `i` of `seat`, beaten, withdraws with `out` the place 1"
    /// outside its enemies' Engagement range: there when `overrun`, else
    /// to the next objective behind it and at least there.
    pub(super) fn withdraw_to<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        out: i32,
        overrun: bool,
    ) {
        let was = self.units[seat][i].x;
        let to = match overrun {
            true => out,
            false => retreat(setup, seat, was, out, true),
        };
        // Back, never forward: one already farther stays.
        if facing(seat) * (to - was) < 0 {
            self.units[seat][i].x = to;
            if self.obs.on() {
                self.tell_move(setup, seat, i, was, "withdraws");
            }
        }
    }

    /// Regiment `i` of `seat`, fire having taken its last Elan in an
    /// Engagement with an enemy it must stand 1" outside the range of at
    /// `out` along the axis, "must withdraw from the combat,
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
        out: i32,
    ) {
        let f = facing(seat);
        let was = self.units[seat][i].x;
        let horizon = retreat(setup, seat, was, out, true);
        let farthest = (f * (out - horizon)).max(0) as u32;
        if farthest == 0 {
            self.withdraw_to(setup, seat, i, out, false);
            return self.moved(setup);
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
        let me = &self.units[seat][i];
        (0..setup.scenario.sides[enemy].count as usize)
            .filter(|&j| self.units[enemy][j].status != Status::Removed)
            .min_by_key(|&j| (me.apart(&self.units[enemy][j]), j))
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
        let (me, f) = (&self.units[seat][i], facing(seat));
        (0..setup.scenario.sides[enemy].count as usize)
            .filter(|&j| self.units[enemy][j].status != Status::Removed)
            .filter(|&j| f * (self.units[enemy][j].x - me.x) >= 0)
            .min_by_key(|&j| me.apart(&self.units[enemy][j]))
    }

    /// The enemy regiment `i` of `seat` moves on and the range it closes
    /// to: a planned Move's target (else the nearest enemy) and Engagement
    /// range; a chosen Move's nearest enemy ahead and its fire's reach.
    pub(super) fn move_goal<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> (Option<usize>, i32) {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        match regiment.chosen {
            false => (
                self.objective(setup, seat, i),
                setup.scenario.ranges.engagement,
            ),
            true => (
                self.nearest_ahead(setup, seat, i),
                reach(setup.scenario.ranges, regiment),
            ),
        }
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
    pub(super) fn close_in<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let Some((mut advance, most_across)) = self.move_reach(setup, seat, i) else {
            return;
        };
        let f = facing(seat);
        let me = self.units[seat][i];
        let inclined =
            |advance: i32| most_across.signum() * incline(advance).min(most_across.abs());
        let mut across = most_across;
        // A chosen Move its player stopped short ("to where you want to
        // stop") goes no farther than that place, and so meets no
        // objective or piquet beyond it.
        let stop = self.moves_to[seat][i];
        if stop != TO_OBJECTIVE && f * (stop - me.x) < advance {
            advance = (f * (stop - me.x)).max(0);
            across = inclined(advance);
        }
        // "or to the next objective you encounter, whichever comes first",
        // unless an enemy piquet holding it keeps the Move out.
        let horizon = to_horizon(setup, seat, me.x);
        let kept_out = match horizon {
            Some(h) if h <= advance && setup.rules.piquets_hold => {
                self.meet_piquet(setup, seat, i, h, stats, tally)
            }
            _ => None,
        };
        let (advance, across, why) = match (kept_out, horizon) {
            (Some(stop), _) => (stop, inclined(stop), "piquet"),
            (None, Some(horizon)) if horizon < advance => (horizon, inclined(horizon), "horizon"),
            _ => (advance, across, "move"),
        };
        if advance > 0 {
            let unit = &mut self.units[seat][i];
            unit.x = me.x + f * advance;
            unit.y = me.y + across;
            if self.obs.on() {
                self.tell_shift(setup, seat, i, (me.x, me.y), why);
            }
            self.moved(setup);
            self.clear_defeated(setup);
        }
    }

    /// How far forward a Move of regiment `i` of `seat` would go as the
    /// field stands, its player's stop aside: its reach of the enemy it
    /// moves on, no farther than the next terrain objective; 0 with no
    /// enemy to move on.
    pub(super) fn farthest_move<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> i32 {
        let reach = self
            .move_reach(setup, seat, i)
            .map_or(0, |(advance, _)| advance);
        match to_horizon(setup, seat, self.units[seat][i].x) {
            Some(horizon) => reach.min(horizon),
            None => reach,
        }
    }

    /// How far forward (and across, in tenths) a Move of regiment `i` of
    /// `seat` goes as the field stands, before the next terrain objective
    /// stops it; `None` with no enemy to move on.
    pub(super) fn move_reach<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> Option<(i32, i32)> {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let (goal, range) = self.move_goal(setup, seat, i);
        let j = goal?;
        let enemy = seat.other();
        let f = facing(seat);
        let me = self.units[seat][i];
        let target = self.units[enemy][j];
        // Infantry and cavalry "may incline" a move "up to 22.5 degrees"
        // (Infantry Move in Open, Cavalry in Open): toward a target off to
        // the side; the Artillery Move card's definition was lost.
        let gap_to = |u: &Unit| me.gap_on(setup.scenario.lateral, u);
        Some(match gap_to(&target) {
            gap if gap > 0 && regiment.arm != Arm::Artillery => {
                self.inclined(setup, seat, i, &target, range)
            }
            gap => {
                // Level with a target whose gap alone is beyond range: as
                // near as a straight move comes.
                let goal = f * (target.x - me.x) - within_dx(gap, range).unwrap_or(0);
                let first = (0..setup.scenario.sides[enemy].count as usize)
                    .filter(|&k| self.units[enemy][k].status != Status::Removed)
                    .map(|k| &self.units[enemy][k])
                    .filter(|u| f * (u.x - me.x) >= 0)
                    .filter_map(|u| within_dx(gap_to(u), range).map(|r| f * (u.x - me.x) - r))
                    .min()
                    .unwrap_or(goal);
                (goal.min(first), 0)
            }
        })
    }

    /// A Move of regiment `i` of `seat` inclining toward `target`, off to
    /// its side: inch by inch forward, each bringing it up to tan 22.5
    /// degrees of an inch across (never past the target's nearer end),
    /// until an enemy ahead of where it began is within `range`, or it is
    /// level with the target. How far forward, and how far across in
    /// tenths.
    #[cold]
    fn inclined<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        target: &Unit,
        range: i32,
    ) -> (i32, i32) {
        let enemy = seat.other();
        let (me, f) = (self.units[seat][i], facing(seat));
        // Up to its nearer end, not into it: the gap rounded down.
        let clear = (2 * (target.y - me.y).abs() - me.width - target.width).max(0) / 2;
        let (side, need) = ((target.y - me.y).signum(), clear);
        let level = (f * (target.x - me.x)).max(0);
        let ahead = |u: &&Unit| u.status != Status::Removed && f * (u.x - me.x) >= 0;
        let count = setup.scenario.sides[enemy].count as usize;
        let mut a = 0;
        loop {
            let at = Unit {
                x: me.x + f * a,
                y: me.y + side * incline(a).min(need),
                ..me
            };
            let near = self.units[enemy][..count]
                .iter()
                .filter(ahead)
                .any(|u| within(u.x - at.x, at.gap(u), range));
            if near || a >= level {
                return (a, at.y - me.y);
            }
            a += 1;
        }
    }

    /// A completed Maneuver order, the way its scenario gives (a chosen
    /// regiment: the way its player chose): `maneuver_inches` back, to a
    /// flank, or forward but never closer than Engagement range to the
    /// nearest enemy ("you can not Maneuver into an Assault. You can
    /// Maneuver into Engagement").
    pub(super) fn maneuver<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let way = match regiment.chosen {
            true => Maneuver::ALL[self.maneuvers_to[seat][i] as usize],
            false => regiment.maneuver,
        };
        let me = self.units[seat][i];
        let (to, across) = self.maneuver_goal(setup, seat, i, way);
        if (to, across) != (me.x, 0) {
            let unit = &mut self.units[seat][i];
            unit.x = to;
            unit.y = me.y + across;
            if self.obs.on() {
                self.tell_shift(setup, seat, i, (me.x, me.y), "maneuver");
            }
            self.moved(setup);
            self.clear_defeated(setup);
        }
    }

    /// Where a Maneuver `way` takes regiment `i` of `seat`: its place on
    /// the axis and how far across (tenths); where it stands when it
    /// cannot go that way.
    pub(super) fn maneuver_goal<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        way: Maneuver,
    ) -> (i32, i32) {
        let inches = setup.rules.maneuver_inches;
        let f = facing(seat);
        let me = self.units[seat][i];
        let enemy = seat.other();
        let count = setup.scenario.sides[enemy].count as usize;
        match way {
            Maneuver::Back => (me.x - f * inches, 0),
            Maneuver::Forward => {
                // Enemies ahead (or level): never closer than Engagement
                // range to the nearest, and never back for a forward
                // maneuver.
                let room = self.units[enemy][..count]
                    .iter()
                    .filter(|u| u.status != Status::Removed && f * (u.x - me.x) >= 0)
                    .filter_map(|u| {
                        within_dx(me.gap(u), setup.scenario.ranges.engagement)
                            .map(|r| (f * (u.x - me.x) - r).max(0))
                    })
                    .min()
                    .unwrap_or(inches);
                (me.x + f * inches.min(room), 0)
            }
            // "to either flank": a side's left is up the cross axis for a
            // (facing up the axis), down it for b.
            side => {
                let left = match (side, seat) {
                    (Maneuver::Left, Seat::A) | (Maneuver::Right, Seat::B) => 1,
                    _ => -1,
                };
                (
                    me.x,
                    left * self.flank_room(setup, seat, i, left, inches * 10),
                )
            }
        }
    }

    /// How far across, in tenths up to `most`, regiment `i` of `seat` may
    /// maneuver to its flank `left` (+1 up the cross axis, -1 down it):
    /// "you can not Maneuver into an Assault", so never into an enemy
    /// level with it; it stops a tenth short of one.
    fn flank_room<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        left: i32,
        most: i32,
    ) -> i32 {
        let me = &self.units[seat][i];
        let enemy = seat.other();
        self.units[enemy][..setup.scenario.sides[enemy].count as usize]
            .iter()
            .filter(|u| u.status != Status::Removed && u.x == me.x)
            .filter(|u| left * (u.y - me.y) > 0)
            .map(|u| (me.gap(u) - 1).max(0))
            .fold(most, i32::min)
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
        let lateral = setup.scenario.lateral;
        loop {
            let me = &self.units[seat][i];
            let x = me.x;
            // The place 1" outside the range of the enemy within it that
            // stands farthest back on its side.
            let mut to: Option<i32> = None;
            let mut rest = formed;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let them = &self.units[enemy][j];
                if (them.x - x).abs() > range {
                    continue;
                }
                let gap = me.gap_on(lateral, them);
                if !within(them.x - x, gap, range) {
                    continue;
                }
                let out = them.x - f * outside_dx(gap, range);
                if to.is_none_or(|g| f * (out - g) < 0) {
                    to = Some(out);
                }
            }
            let Some(to) = to else {
                return;
            };
            self.units[seat][i].x = to;
            if self.obs.on() {
                self.tell_move(setup, seat, i, x, "withdraws_unrallied");
            }
            self.moved(setup);
        }
    }
}
