//! Fire: which regiments have an enemy in range and at whom they aim,
//! reload cards, the KARD's volleys cast by every loaded regiment or
//! company for its IP (both sides at once), and where they land: Elan
//! taken, engagements begun, regiments taken to zero withdrawn.

use super::*;
use crate::systems::piquet::strategy::one_of;

impl<O: Observer<Event>> Game<O> {
    /// The regiments of `seat` with an enemy in range (their targets in
    /// `aims`), worked out again only when a place or the enemies that may
    /// be fired at have changed.
    #[inline]
    pub(super) fn aimed<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat) -> u16 {
        let enemy = seat.other();
        // Shaken enemies at Engagement range may not be fired at, so a
        // rally changes what is in range as a move does.
        let key = (
            self.geometry,
            self.targetable[enemy],
            self.totals[enemy].shaken,
        );
        if self.aims_at[seat] != key {
            self.aim(setup, seat);
            self.aims_at[seat] = key;
        }
        self.aimed[seat]
    }

    /// Works out `aims` and `aimed` of `seat` again.
    #[inline(never)]
    pub(super) fn aim<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat) {
        let enemy = seat.other();
        let open = self.targetable[enemy];
        let shaken = self.totals[enemy].shaken;
        // The span of the enemies that may be fired at bounds every
        // distance from below: most regiments out of range are passed over
        // without a scan of the enemy.
        let (mut lo, mut hi) = (i32::MAX, i32::MIN);
        let mut rest = open;
        while rest != 0 {
            let x = self.units[enemy][rest.trailing_zeros() as usize].x;
            rest &= rest - 1;
            (lo, hi) = (lo.min(x), hi.max(x));
        }
        let (ranges, lateral) = (setup.scenario.ranges, setup.scenario.lateral);
        let side = &setup.scenario.sides[seat];
        let mut aimed = 0u16;
        // `aims` is read only where `aimed` has a bit.
        if open != 0 {
            for (i, regiment) in side.regiments().iter().enumerate() {
                let x = self.units[seat][i].x;
                let reach = if side.bombards >> i & 1 != 0 {
                    ranges.bombardment.max(ranges.engagement)
                } else {
                    ranges.engagement
                };
                if (lo - x).max(x - hi) > reach {
                    continue;
                }
                let targets = match lateral {
                    true => self.fire_targets::<true>(ranges, regiment, seat, i, open, shaken),
                    false => self.fire_targets::<false>(ranges, regiment, seat, i, open, shaken),
                };
                if targets != 0 {
                    let rng = &mut self.ties[seat][regiment.player as usize];
                    self.aims[seat][i] = one_of(targets, rng) as u8;
                    aimed |= 1 << i;
                }
            }
        }
        self.aimed[seat] = aimed;
    }

    /// Where each regiment of `seat` fire broke (`broken`) must withdraw
    /// to: 1" outside the Engagement range of every firer at Engagement
    /// range of it (`firers`, one bit each, by regiment), none for one
    /// broken only by bombardment.
    #[cold]
    fn outs<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        broken: u16,
        firers: &[u16; MAX_UNITS],
    ) -> [Option<i32>; MAX_UNITS] {
        let mut outs = [None; MAX_UNITS];
        let mut rest = broken;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            outs[j] = (firers[j] != 0).then(|| self.outside(setup, seat, j, firers[j]));
        }
        outs
    }

    /// Keeps `targetable` for regiment `i` after its status or Elan moved.
    #[inline]
    pub(super) fn retarget(&mut self, seat: Seat, i: usize) {
        let unit = &self.units[seat][i];
        let open = unit.elan > 0
            && !matches!(
                unit.status,
                Status::Removed | Status::Fighting | Status::Retiring
            );
        if open {
            self.targetable[seat] |= 1 << i;
        } else {
            self.targetable[seat] &= !(1 << i);
        }
    }

    pub fn is_loaded(&self, seat: Seat, i: usize) -> bool {
        self.loaded[seat] >> i & 1 != 0
    }

    #[inline]
    pub(super) fn set_loaded(&mut self, seat: Seat, i: usize, loaded: bool) {
        if loaded {
            self.loaded[seat] |= 1 << i;
        } else {
            self.loaded[seat] &= !(1 << i);
        }
    }

    /// The units of `seat` that may reload: those that may fight, and with
    /// `shaken_reload` the unrallied too.
    #[inline]
    pub(super) fn may_reload(&self, rules: &Rules, seat: Seat) -> u16 {
        let totals = &self.totals[seat];
        totals.able()
            | if rules.shaken_reload {
                totals.shaken
            } else {
                0
            }
    }

    /// The unloaded regiments and companies of `seat` a Reload card may
    /// reload: those that may reload (`may_reload`), and of the companies
    /// under `artillery_reload = fired` only those that have fired.
    #[inline]
    pub(super) fn reloadable(&self, rules: &Rules, artillery: u16, seat: Seat) -> u16 {
        let unloaded = !self.loaded[seat] & self.may_reload(rules, seat);
        match rules.reload_fired_only {
            true => unloaded & (self.fired[seat] | !artillery),
            false => unloaded,
        }
    }

    /// A reload card: each unloaded regiment (or company, for Artillery
    /// Reload) of `arm` the card reaches may reload for its cost, and may
    /// not fire on this card.
    pub(super) fn reload<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        arm: Arm,
    ) {
        let rules = setup.rules;
        let side = &setup.scenario.sides[seat];
        let cost = match arm {
            Arm::Artillery => rules.artillery_reload_cost,
            _ => rules.musket_reload_cost,
        };
        let of_arm = match arm {
            Arm::Artillery => side.artillery,
            _ => side.infantry | self.deployed[seat].skirmish & !side.artillery,
        };
        let command = self.command(setup, seat, p);
        if rules.reload_holds_player {
            self.held_fire[seat] |= command;
        }
        // A player below on the same (shared) deck reloads its own.
        let mut reach = command
            & !self.yielded(setup, seat, p)
            & of_arm
            & self.reloadable(rules, side.artillery, seat);
        // Equal to the player: when it can pay for one, the order they
        // reload in is drawn (the IP may run out).
        let drawn = self.players[seat][p].ip >= cost;
        while reach != 0 {
            let i = if drawn {
                one_of(reach, &mut self.ties[seat][p])
            } else {
                reach.trailing_zeros() as usize
            };
            reach &= !(1 << i);
            let player = &mut self.players[seat][p];
            if player.ip < cost
                || !setup.strategies[seat].reload(
                    &at!(self, setup, seat, p, 1 << i, None),
                    player.ip,
                    cost,
                    &mut self.seats[seat][p],
                )
            {
                if self.obs.on() {
                    self.tell_reload(setup, seat, p, i, cost, false);
                }
                continue;
            }
            player.ip -= cost;
            if self.obs.on() {
                self.tell_reload(setup, seat, p, i, cost, true);
            }
            self.decq.spent[seat][Spend::Reload as usize] += cost;
            self.decq.ip_spent[seat] += cost;
            self.decq.reloads[seat][(arm == Arm::Artillery) as usize] += 1;
            self.set_loaded(seat, i, true);
            self.units[seat][i].reloaded = self.kard;
        }
    }

    /// The enemy regiments `i` of `seat` may fire at, one bit each, of
    /// those `open` to fire (in the game, not fighting an assault, with
    /// Elan to lose): its target if that is in reach, else the nearest in
    /// reach (`aim` draws one of several as near from its player's
    /// stream). Reach is Engagement range, or Bombardment range for the
    /// companies that bombard; unrallied regiments (`shaken`) "may not
    /// resist ... Engagement" but "can stand under Bombardment", so they
    /// are only bombarded.
    #[inline(always)]
    pub(super) fn fire_targets<const LATERAL: bool>(
        &self,
        ranges: Ranges,
        regiment: &Regiment,
        seat: Seat,
        i: usize,
        open: u16,
        shaken: u16,
    ) -> u16 {
        let reach = reach(ranges, regiment);
        let enemy = seat.other();
        let me = &self.units[seat][i];
        // Ranges are measured straight from the nearer ends of the
        // frontages: compared squared, in tenths, where places across may
        // differ (`LATERAL`), else along the axis alone, as they are the
        // same there.
        let scale = |inches: i32| match LATERAL {
            true => 100 * inches as i64 * inches as i64,
            false => inches as i64,
        };
        let (most, engaged) = (scale(reach), scale(ranges.engagement));
        let distance = |j: usize| {
            let them = &self.units[enemy][j];
            let dx = (them.x - me.x).abs();
            let d = match LATERAL {
                // Farther along the axis alone: out of reach, no gap
                // needed.
                true if dx > reach => return None,
                true => me.apart(them),
                false => dx as i64,
            };
            (d <= most && !(shaken >> j & 1 != 0 && d <= engaged)).then_some(d)
        };
        let target = regiment.target as usize;
        if regiment.has_target && open >> target & 1 != 0 && distance(target).is_some() {
            return 1 << target;
        }
        let (mut nearest, mut best) = (0u16, i64::MAX);
        let mut rest = open;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if let Some(d) = distance(j) {
                if d < best {
                    (nearest, best) = (0, d);
                }
                if d == best {
                    nearest |= 1 << j;
                }
            }
        }
        nearest
    }

    /// The KARD's fire: every loaded regiment and company with an enemy in
    /// range, not reloaded on this card, may fire for `fire_cost`, its
    /// player deciding; all volleys are cast first and land together. A
    /// regiment taken to zero Elan withdraws out of Engagement range of its
    /// firer (bombarded, it stays) and must rally as defeated.
    #[inline(never)]
    pub(super) fn fire<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        first: Seat,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let mut n = 0;
        if self.loaded[Seat::A] | self.loaded[Seat::B] == 0 {
            return;
        }
        // Both sides fire at once: the second decides before seeing which
        // of the first's regiments fired (and so unloaded).
        let loaded_before = self.loaded;
        for seat in [first, first.other()] {
            let side = &setup.scenario.sides[seat];
            let mut ready = self.loaded[seat]
                & self.totals[seat].able()
                & self.aimed(setup, seat)
                & !self.held_fire[seat];
            // Those that fire on an order: not reloaded on this card.
            let reloaded = (0..side.count as usize)
                .filter(|&i| self.units[seat][i].reloaded == self.kard)
                .fold(0u16, |m, i| m | 1 << i);
            let may_fire = ready & !reloaded;
            ready = may_fire;
            // The fire orders (regiments or brigades) of one player are
            // equal to it: when it has two or more and can pay for one, the
            // order it gives them in is drawn (the IP may run out).
            let order_of = |i: usize| {
                let owned = side.owned[side.regiments[i].player as usize];
                match rules.fire_orders {
                    FireOrders::Brigade => side.brigades[i] & owned,
                    FireOrders::Division => side.divisions[i] & owned,
                    FireOrders::Regiment => 1 << i,
                }
            };
            let mut drawn = 0u8;
            if ready & ready.wrapping_sub(1) != 0 {
                let mut orders = [0u32; MAX_PLAYERS];
                let (mut rest, mut seen) = (ready, 0u16);
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if seen >> i & 1 == 0 {
                        seen |= order_of(i);
                        orders[side.regiments[i].player as usize] += 1;
                    }
                }
                for (q, &n) in orders.iter().enumerate() {
                    let ip = self.players[seat][q].ip;
                    drawn |= ((n > 1 && ip >= rules.fire_cost) as u8) << q;
                }
            }
            // Brigades whose fire order has been decided, and those ordered
            // to fire (rule `fire_orders`).
            let (mut decided, mut ordered) = (0u16, 0u16);
            while ready != 0 {
                let low = ready.trailing_zeros() as usize;
                let q = side.regiments[low].player as usize;
                let i = if drawn >> q & 1 != 0 {
                    one_of(ready & side.owned[q], &mut self.ties[seat][q])
                } else {
                    low
                };
                ready &= !(1 << i);
                let regiment = &side.regiments[i];
                let target = self.aims[seat][i] as usize;
                let (me, them) = (&self.units[seat][i], &self.units[seat.other()][target]);
                let engaged = within(
                    them.x - me.x,
                    me.gap(them),
                    setup.scenario.ranges.engagement,
                );
                if decided >> i & 1 == 0 {
                    // The regiments' own player decides first; one it did
                    // not order to fire, each player above it may, nearest
                    // first, "at the cost of an additional IP" (note 9).
                    let order = order_of(i);
                    decided |= order;
                    let own = regiment.player as usize;
                    let (mut p, mut given) = (own, None);
                    loop {
                        let bypassed = side.bypass(p, own, rules.bypass_each_player);
                        let cost = rules.fire_cost + bypassed.count_ones() * rules.bypass_cost;
                        let ip = self.players[seat][p].ip;
                        if ip >= cost || p == own {
                            let fires = ip >= cost
                                && setup.strategies[seat].fire(
                                    &At {
                                        loaded: &loaded_before,
                                        ..at!(
                                            self,
                                            setup,
                                            seat,
                                            p,
                                            order & may_fire,
                                            Some(target as u8)
                                        )
                                    },
                                    ip,
                                    cost,
                                    &mut self.seats[seat][p],
                                );
                            if fires {
                                given = Some(cost);
                                break;
                            }
                            if self.obs.on() {
                                self.tell_fire(
                                    setup,
                                    seat,
                                    p,
                                    order & may_fire,
                                    target,
                                    (cost, false),
                                );
                            }
                        }
                        match side.players[p].superior {
                            Some(up) => p = up as usize,
                            None => break,
                        }
                    }
                    let Some(cost) = given else {
                        continue;
                    };
                    ordered |= order;
                    self.players[seat][p].ip -= cost;
                    if self.obs.on() {
                        self.tell_fire(setup, seat, p, order & may_fire, target, (cost, true));
                    }
                    self.decq.spent[seat][Spend::Fire as usize] += cost;
                    self.decq.ip_spent[seat] += cost;
                } else if ordered >> i & 1 == 0 {
                    continue;
                }
                let kind = match (regiment.arm, engaged) {
                    (Arm::Artillery, true) => FireKind::Artillery,
                    (Arm::Artillery, false) => FireKind::Bombardment,
                    _ => FireKind::Musketry,
                };
                self.decq.volleys[seat][kind as usize] += 1;
                tally.volleys[seat] += 1;
                let r = regiment.rating;
                let step = r.step
                    + self.tier_step(rules, seat, i, regiment)
                    + regiment.fire_step
                    + if regiment.urban || self.in_urban(setup, seat, i) {
                        rules.urban_fire_step
                    } else {
                        0
                    }
                    + if self.volley_up[seat] >> i & 1 != 0 {
                        rules.crushing_volley_step
                    } else {
                        0
                    };
                let (step, special) = eight_gun_steps(
                    step,
                    regiment.eight_guns && rules.eight_gun_die,
                    rules.eight_gun_netted,
                );
                let faces = self.obs.on().then(|| {
                    let mut dice = self.dice.clone();
                    let (sides, count, beyond) = (r.sides, r.dice, rules.beyond_four);
                    events::volley_faces(&mut dice, sides, count, step, beyond, special)
                });
                let value = volley(
                    &mut self.dice,
                    r.sides,
                    r.dice,
                    step,
                    rules.beyond_four,
                    special,
                );
                stats.record_volley_cast(volley_key(r.sides, r.dice, step, special), value);
                if let Some((dice, told)) = faces {
                    assert_eq!(told, value, "a volley's faces read as the game read them");
                    self.tell_of(setup, seat, i, |decq, kard, side, regiment| Event::Volley {
                        decq,
                        kard,
                        side,
                        regiment,
                        target: told::name(setup.scenario, seat.other(), target),
                        kind: events::fire_kind(kind),
                        dice,
                        step,
                        value,
                    });
                }
                self.set_loaded(seat, i, false);
                self.fired[seat] |= 1 << i;
                self.volleys[n] = Volley {
                    seat,
                    firer: i as u8,
                    target: target as u8,
                    value: value.min(255) as u8,
                    engaged,
                };
                n += 1;
            }
        }
        if n != 0 {
            self.land(setup, n, stats, tally);
        }
    }

    /// The KARD's `n` volleys land together: Elan taken, engagements begun,
    /// regiments broken withdraw and must rally as defeated.
    #[inline(never)]
    pub(super) fn land<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        n: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        // The Elan fire takes may let an assault held back go in.
        for seat in Seat::BOTH {
            self.versions[seat] = self.versions[seat].wrapping_add(1);
        }
        let mut broken: BySeat<u16> = BySeat::default();
        // The firers at Engagement range of each regiment, one bit each.
        let mut broken_by: [[u16; MAX_UNITS]; 2] = [[0; MAX_UNITS]; 2];
        for k in 0..n {
            let v = self.volleys[k];
            let enemy = v.seat.other();
            let (i, j) = (v.firer as usize, v.target as usize);
            if v.engaged {
                if self.obs.on() {
                    self.tell_engagement(setup, v.seat, i, j);
                }
                self.begin_engagement(v.seat, i, j, stats);
            }
            let unit = &mut self.units[enemy][j];
            let removed = (v.value).min(unit.elan);
            unit.elan -= removed;
            if self.obs.on() {
                let elan = unit.elan as u32;
                let by = told::name(setup.scenario, v.seat, i);
                self.tell_of(setup, enemy, j, |decq, kard, side, regiment| Event::Hit {
                    decq,
                    kard,
                    side,
                    regiment,
                    by,
                    elan_lost: removed as u32,
                    elan,
                });
            }
            let unit = &mut self.units[enemy][j];
            stats.record_volley_elan(v.seat, removed as u32);
            let artillery = setup.scenario.sides[v.seat].regiments[i].arm == Arm::Artillery;
            tally.elan_lost[enemy][artillery as usize] += removed as u32;
            if removed > 0 && unit.elan == 0 {
                broken[enemy] |= 1 << j;
            }
            // Any volley at Engagement range makes a broken regiment
            // withdraw, 1" outside the range of every such firer (places
            // read before anyone withdraws).
            if v.engaged {
                broken_by[enemy.index()][j] |= 1 << i;
            }
        }
        // Two engaged regiments broken by each other on one KARD.
        let mut rest = broken[Seat::A];
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut both = self.engaged[a] & broken[Seat::B];
            while both != 0 {
                let b = both.trailing_zeros() as usize;
                both &= both - 1;
                self.end_engagement(setup, Seat::A, a, b, EngagementEnd::BothWithdrew, stats);
            }
        }
        // Rare: most KARDs' fire breaks no one.
        let outs = (broken[Seat::A] | broken[Seat::B] != 0).then(|| {
            Seat::BOTH.map(|seat| self.outs(setup, seat, broken[seat], &broken_by[seat.index()]))
        });
        for seat in Seat::BOTH {
            let mut rest = broken[seat];
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if let Some(out) = outs.as_ref().and_then(|o| o[seat.index()][j]) {
                    self.withdraw_engaged(setup, seat, j, out);
                }
                let end = match seat {
                    Seat::A => EngagementEnd::AWithdrew,
                    Seat::B => EngagementEnd::BWithdrew,
                };
                self.end_engagements_of(setup, seat, j, end, stats);
                let by_cavalry = matches!(
                    self.units[seat][j].status,
                    Status::Shaken {
                        by_cavalry: true,
                        ..
                    }
                );
                self.set_status(
                    setup,
                    seat,
                    j,
                    Status::Shaken {
                        defeated: true,
                        by_cavalry,
                    },
                );
            }
        }
    }
}
