//! Note 21's bridges and gates on the way: "viewed as obstacles hindering
//! movement to an objective", and "If you must cross the bridge to assault
//! the enemy then the bridge should be considered as cover to the enemy;
//! if you win, you will be assumed to have crossed the bridge." Scenarios
//! without obstacles never come here past one test.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Regiment `i` of `seat` has just taken its order's chips (given the
    /// order, or halted on its way under an Assault order): a Move or an
    /// Assault that must cross obstacles to where this leg goes, as the
    /// field stands, takes `obstacle_chips` more for each.
    #[inline]
    pub(super) fn hinder<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        if !setup.scenario.obstacles.is_empty() {
            self.hinder_crossing(setup, seat, i);
        }
    }

    #[cold]
    fn hinder_crossing<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let unit = self.units[seat][i];
        let to = match unit.order {
            OrderKind::Move => unit.x + facing(seat) * self.move_stop(setup, seat, i),
            // An assault goes on to its target, but halts first at a
            // terrain objective on its way, where its next leg is hindered.
            OrderKind::Assault => self
                .assault_horizon(setup, seat, i)
                .unwrap_or(self.units[seat.other()][unit.target as usize].x),
            _ => return,
        };
        let crossed = setup.scenario.obstacles.crossed(unit.x, to).count() as u32;
        let chips = crossed * setup.rules.obstacle_chips;
        if chips == 0 {
            return;
        }
        let given = (unit.chips as u32 + chips).min(u8::MAX as u32);
        self.units[seat][i].chips = given as u8;
        if self.obs.on() {
            let names = crossing(setup, unit.x, to);
            let order = unit.order.name();
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| {
                Event::Hindered {
                    decq,
                    kard,
                    side,
                    regiment,
                    order,
                    obstacles: names,
                    chips: given,
                }
            });
        }
    }

    /// How far forward a Move of regiment `i` of `seat` goes as the field
    /// stands: its fire's or Engagement reach, no farther than where its
    /// player stops it or the next terrain objective; 0 with no enemy to
    /// move on.
    fn move_stop<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> i32 {
        let farthest = self.farthest_move(setup, seat, i);
        let stop = self.moves_to[seat][i];
        match stop {
            TO_OBJECTIVE => farthest,
            stop => farthest.min(facing(seat) * (stop - self.units[seat][i].x)),
        }
        .max(0)
    }

    /// Attacker `i` of `seat`, in assault `slot`, has gone into contact
    /// with enemy `t` on a way that began at `from`: an obstacle it crossed
    /// covers `t` against it. Told as `covered`.
    pub(super) fn cover<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        seat: Seat,
        i: usize,
        from: i32,
        t: usize,
    ) {
        let obstacles = &setup.scenario.obstacles;
        if obstacles.is_empty() {
            return;
        }
        let to = self.units[seat.other()][t].x;
        if obstacles.crossed(from, to).next().is_none() {
            return;
        }
        self.assaults[slot].covered |= 1 << i;
        if self.obs.on() {
            let names = crossing(setup, from, to);
            let defender = told::name(setup.scenario, seat.other(), t);
            self.tell_of(setup, seat, i, |decq, kard, side, attacker| {
                Event::Covered {
                    decq,
                    kard,
                    side,
                    attacker,
                    defender,
                    obstacles: names,
                }
            });
        }
    }
}

/// The names of the obstacles a regiment going from `from` to `to`
/// crosses, in order up the axis.
fn crossing<D: Decide>(setup: &Setup<'_, D>, from: i32, to: i32) -> Vec<String> {
    let obstacles = &setup.scenario.obstacles;
    obstacles
        .crossed(from, to)
        .map(|(_, name)| name.clone())
        .collect()
}
