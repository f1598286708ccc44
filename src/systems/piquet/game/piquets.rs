//! Piquets on terrain objectives (rule `piquets_hold`): "the placing of
//! the piquet in a terrain objective holds that objective for the unit.
//! Enemy units can not simply move in against the piquet - they must drive
//! the piquet out of the objective in order to occupy the objective" (The
//! Order Cycle), and Piquet Combat's choice to hold or to withdraw. A
//! piquet is placed only "at the initiation of a movement order", so it
//! lives with its regiment's Move order: `Game::piquets` names the
//! objective, and it holds while that order stands.

use super::*;
use crate::systems::piquet::strategy::one_of;

/// Why a Move order's piquet was not placed in its objective (`None`:
/// placed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blocked {
    /// An enemy regiment stands in the objective.
    Enemy,
    /// An enemy piquet holds it: "this will block an enemy unit from
    /// placing piquets on the objective".
    Held,
    /// Both sides' opening Moves make for it, placed at once before the
    /// game's first KARD: neither holds it, whatever the listing order.
    Contested,
}

impl Blocked {
    const fn name(self) -> &'static str {
        match self {
            Blocked::Enemy => "enemy",
            Blocked::Held => "held",
            Blocked::Contested => "contested",
        }
    }
}

/// What met piquets do: "attempt to hold the objective", "withdraw ... and
/// allow the enemy unit to occupy the objective", or stand, unasked,
/// against a skirmisher, which is no "formed enemy unit".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Met {
    Hold,
    Withdraw,
    Stands,
}

impl Met {
    const fn name(self) -> &'static str {
        match self {
            Met::Hold => "hold",
            Met::Withdraw => "withdraw",
            Met::Stands => "stands",
        }
    }
}

impl<O: Observer<Event>> Game<O> {
    /// Whether piquets may hold anything in this game.
    #[inline]
    fn piquets_on<D: Decide>(setup: &Setup<'_, D>) -> bool {
        setup.rules.piquets_hold
            && setup.rules.objective_horizons
            && !setup.scenario.terrain.is_empty()
    }

    /// The terrain objective a Move order of regiment `i` of `seat` makes
    /// for: the next one ahead (note 19's horizon).
    fn move_objective<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> Option<usize> {
        let terrain = &setup.scenario.terrain;
        let edge = terrain.entry(self.units[seat][i].x, facing(seat))?;
        terrain.at(edge)
    }

    /// The regiments of `seat` whose piquets hold objective `o`: their
    /// Move orders still stand. One bit each.
    pub(super) fn piquet_holders<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        o: usize,
    ) -> u16 {
        (0..setup.scenario.sides[seat].count as usize)
            .filter(|&k| {
                let unit = &self.units[seat][k];
                self.piquets[seat][k] as usize == o + 1
                    && unit.status == Status::Ordered
                    && unit.order == OrderKind::Move
            })
            .fold(0, |m, k| m | 1 << k)
    }

    /// A Move order has just been issued to regiment `i` of `seat` during
    /// the game: its piquet goes to the order's objective, if it may (not
    /// for a chosen Move its player stopped short of it).
    /// Any order clears the regiment's last piquet. Before the game's first
    /// KARD nothing is placed here: `place_opening_piquets` places the
    /// opening orders' piquets all at once.
    pub(super) fn place_piquet<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        self.piquets[seat][i] = 0;
        if !Self::piquets_on(setup)
            || self.kard == 0
            || self.units[seat][i].order != OrderKind::Move
            || self.moves_to[seat][i] != TO_OBJECTIVE
        {
            return;
        }
        let Some(o) = self.move_objective(setup, seat, i) else {
            return;
        };
        let blocked = self.blocked(setup, seat, o);
        self.put_piquet(setup, seat, i, o, blocked);
    }

    /// What keeps a piquet of `seat` out of objective `o`, if anything.
    fn blocked<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, o: usize) -> Option<Blocked> {
        let enemy = seat.other();
        let place = setup.scenario.terrain.objectives[o].from;
        if self.held_by(setup, enemy, place) {
            Some(Blocked::Enemy)
        } else if self.piquet_holders(setup, enemy, o) != 0 {
            Some(Blocked::Held)
        } else {
            None
        }
    }

    fn put_piquet<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        o: usize,
        blocked: Option<Blocked>,
    ) {
        if blocked.is_none() {
            self.piquets[seat][i] = o as u8 + 1;
        }
        if self.obs.on() {
            let objective = setup.scenario.terrain.names[o].clone();
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| Event::Piquet {
                decq,
                kard,
                side,
                regiment,
                objective,
                blocked: blocked.map(Blocked::name),
            });
        }
    }

    /// The piquets of the Move orders standing as the game opens, placed
    /// at once: an objective both sides make for is held by neither.
    pub(super) fn place_opening_piquets<D: Decide>(&mut self, setup: &Setup<'_, D>) {
        self.piquets = BySeat::default();
        if !Self::piquets_on(setup) {
            return;
        }
        let mut wanted: BySeat<u32> = BySeat::default();
        let moving = |game: &Self, seat: Seat, i: usize| {
            let unit = &game.units[seat][i];
            // A Move its player stopped short of its objective places none.
            (unit.status == Status::Ordered
                && unit.order == OrderKind::Move
                && game.moves_to[seat][i] == TO_OBJECTIVE)
                .then(|| game.move_objective(setup, seat, i))
                .flatten()
        };
        for seat in Seat::BOTH {
            for i in 0..setup.scenario.sides[seat].count as usize {
                if let Some(o) = moving(self, seat, i) {
                    wanted[seat] |= 1 << o;
                }
            }
        }
        let contested = wanted[Seat::A] & wanted[Seat::B];
        for seat in Seat::BOTH {
            for i in 0..setup.scenario.sides[seat].count as usize {
                let Some(o) = moving(self, seat, i) else {
                    continue;
                };
                let place = setup.scenario.terrain.objectives[o].from;
                let blocked = if self.held_by(setup, seat.other(), place) {
                    Some(Blocked::Enemy)
                } else if contested >> o & 1 != 0 {
                    Some(Blocked::Contested)
                } else {
                    None
                };
                self.put_piquet(setup, seat, i, o, blocked);
            }
        }
    }

    /// Regiment `i` of `seat`, its Move about to enter the terrain
    /// objective whose near edge is `horizon` inches ahead, meets the
    /// enemy piquets holding it, if any do. Formed, it Engages the
    /// objective and the piquets' side elects, as one, to hold or to
    /// "withdraw to 3" from the objective (Engagement range) and allow the
    /// enemy unit to occupy the objective": the regiment with the most
    /// Elan among theirs answers (ties drawn), paying `piquet_hold_elan`
    /// to hold (it may not with no more than that); withdrawing, all leave.
    /// Skirmishing, the mover cannot drive them out. Where the Move stops
    /// when kept out: at Engagement range of the objective, or where it
    /// stands if already nearer.
    pub(super) fn meet_piquet<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        horizon: i32,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) -> Option<i32> {
        let enemy = seat.other();
        if self.piquets[enemy] == [0; MAX_UNITS] {
            return None;
        }
        let terrain = &setup.scenario.terrain;
        let o = terrain.at(self.units[seat][i].x + facing(seat) * horizon)?;
        let holders = self.piquet_holders(setup, enemy, o);
        if holders == 0 {
            return None;
        }
        let elan_of = |k: usize| self.units[enemy][k].elan;
        let most = (0..MAX_UNITS)
            .filter(|&k| holders >> k & 1 != 0)
            .map(elan_of)
            .max();
        let tied = (0..MAX_UNITS)
            .filter(|&k| holders >> k & 1 != 0 && Some(elan_of(k)) == most)
            .fold(0u16, |m, k| m | 1 << k);
        // "the commander of the piquet": the side's commander draws.
        let k = one_of(tied, &mut self.ties[enemy][0]);
        let stop = (horizon - setup.scenario.ranges.engagement).max(0);
        let formed = self.deployed[seat].skirmish >> i & 1 == 0;
        let (cost, elan) = (
            setup.rules.piquet_hold_elan,
            self.units[enemy][k].elan as u32,
        );
        let choice = if !formed {
            Met::Stands
        } else if elan <= cost {
            Met::Withdraw
        } else {
            let p = setup.scenario.sides[enemy].regiments[k].player as usize;
            let full = setup.scenario.sides[enemy].regiments[k].elan as u32;
            let at = at!(self, setup, enemy, p, 1 << k, Some(i as u8));
            let rng = &mut self.seats[enemy][p];
            match setup.strategies[enemy].piquet(&at, o, elan, full, cost, rng) {
                true => Met::Hold,
                false => Met::Withdraw,
            }
        };
        let lost = match choice {
            Met::Hold => cost,
            _ => 0,
        };
        if lost > 0 {
            self.units[enemy][k].elan -= lost as u8;
            self.versions[enemy] = self.versions[enemy].wrapping_add(1);
            self.enemy_changed(enemy);
        }
        let side = &mut stats.sides[enemy];
        side.piquets_met += 1;
        tally.piquets_met[enemy] += 1;
        tally.piquets_held[enemy] += (choice != Met::Withdraw) as u32;
        match choice {
            Met::Withdraw => {
                for (j, piquet) in self.piquets[enemy].iter_mut().enumerate() {
                    if holders >> j & 1 != 0 {
                        *piquet = 0;
                    }
                }
            }
            _ => side.piquets_held += 1,
        }
        if self.obs.on() {
            let by = told::name(setup.scenario, seat, i);
            let objective = terrain.names[o].clone();
            let elan = self.units[enemy][k].elan as u32;
            let with = told::names(setup.scenario, enemy, holders & !(1 << k));
            self.tell_of(setup, enemy, k, |decq, kard, side, regiment| {
                Event::PiquetMet {
                    decq,
                    kard,
                    side,
                    regiment,
                    with,
                    objective,
                    by,
                    choice: choice.name(),
                    elan_lost: lost,
                    elan,
                }
            });
        }
        (choice != Met::Withdraw).then_some(stop)
    }
}
