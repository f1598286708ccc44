//! One round of an assault: each side's casts and the Elan they take
//! (the multi-unit rule), cavalry breakthroughs, and whether the round
//! decides the assault, with who withdraws and must rally when it does.

use super::*;

/// A breakthrough attempt told as an event: the attacker, its chance and
/// its percentile roll.
type Attempt = (usize, u32, u32);

impl<O: Observer<Event>> Game<O> {
    /// One round of the assault in `slot`: the attackers that broke
    /// through, one bit each.
    pub(super) fn fight_round<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) -> u16 {
        let x = self.assaults[slot];
        // A player choosing orders reads the Elan the round takes.
        if self.choosing != 0 {
            self.choosers_read_again();
        }
        // The attackers in this round, breakthroughs included.
        let fought = x.attackers;
        let mut attempts = Vec::new();
        let breakthroughs = self.casts(setup, slot, &mut attempts, stats, tally);
        self.break_through(setup, slot, breakthroughs, &attempts);
        // An attacker breaks through only on its first cast: on the KARD
        // the assault begins, which the end of the game cannot cut off, or
        // the one it joins on (the multi-unit rule); one that joins after
        // the round (cavalry going on, a second line relieving its lead)
        // casts first on the next, which the game's end may cut off.
        stats.assaults_broken_through += (breakthroughs != 0) as u64;
        let a = &mut self.assaults[slot];
        a.attackers &= !breakthroughs;
        a.fresh = 0;
        a.kards += 1;
        let x = *a;
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        let (mut standing, mut fallen) = (0u16, 0u16);
        let mut rest = x.attackers;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.units[as_][i].elan > 0 {
                standing |= 1 << i;
            } else {
                fallen |= 1 << i;
            }
        }
        let defender_down = self.units[ds][d].elan == 0;
        let end = if defender_down && standing != 0 {
            Some(AssaultEnd::AttackerWins)
        } else if defender_down && fallen != 0 {
            Some(AssaultEnd::Together)
        } else if defender_down {
            // Only breakthroughs took the defender's last Elan.
            Some(AssaultEnd::Breakthrough)
        } else if standing == 0 && fallen != 0 {
            Some(AssaultEnd::DefenderWins)
        } else if standing == 0 {
            Some(AssaultEnd::Breakthrough)
        } else if x.kards >= setup.rules.max_assault_kards {
            Some(AssaultEnd::Undecided)
        } else {
            None
        };
        match end {
            // Attackers knocked to zero while others fight on withdraw
            // defeated.
            None => {
                if self.obs.on() {
                    self.tell_unloaded(setup, as_, fallen, "assault");
                }
                self.loaded[as_] &= !fallen;
                let cavalry_defended = setup.scenario.sides[ds].regiments[d].arm == Arm::Cavalry;
                self.withdraw(setup, as_, fallen, 1 << d, false);
                self.settle(setup, as_, fallen, true, cavalry_defended);
                self.assaults[slot].attackers &= !fallen;
            }
            Some(end) => {
                let sides = Sides {
                    fought,
                    standing,
                    fallen,
                };
                self.decided(setup, slot, end, sides, stats, tally);
            }
        }
        breakthroughs
    }

    /// The round's casts: the defender's against every attacker, each
    /// attacker's (several on one defender: drop the high and low casts in
    /// pairs and take the highest left) against the defender, and battle
    /// cavalry's breakthrough attempts on its first cast. The attackers
    /// through, one bit each; the attempts told into `attempts` when
    /// observed.
    fn casts<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        attempts: &mut Vec<Attempt>,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) -> u16 {
        let rules = setup.rules;
        let x = self.assaults[slot];
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        let defender = setup.scenario.sides[ds].regiments[d];
        // Heroic Moment: the regiments of the drawing player and of every
        // player below it (all the side's when its commander drew it).
        let heroic = |players: &[PlayerState; MAX_PLAYERS], chain: u8| {
            (0..MAX_PLAYERS).any(|q| chain >> q & 1 != 0 && players[q].heroic) as i32
        };
        let chains = BySeat([
            setup.scenario.sides[Seat::A].chain,
            setup.scenario.sides[Seat::B].chain,
        ]);
        let defender_step = heroic(&self.players[ds], chains[ds][defender.player as usize])
            + self.tier_step(rules, ds, d, &defender);
        let told_defender = self
            .obs
            .on()
            .then(|| self.told_cast(defender.rating, defender_step, rules));
        let y = self.perform(defender.rating, defender_step, rules);
        let mut attacker_dice = Vec::new();
        let mut casts = [0u8; MAX_UNITS];
        let (mut n, mut alone) = (0, 0);
        let mut attackers = x.attackers;
        let mut breakthroughs = 0u16;
        while attackers != 0 {
            let i = attackers.trailing_zeros() as usize;
            attackers &= attackers - 1;
            let regiment = setup.scenario.sides[as_].regiments[i];
            // Note 18: cavalry's shock wins quick, or the infantry
            // gradually gets the upper hand.
            let later = match x.fresh >> i & 1 == 0
                && regiment.arm == Arm::Cavalry
                && defender.arm == Arm::Infantry
            {
                true => rules.cavalry_later_step,
                false => 0,
            };
            // Infantry Prepared to Receive Cavalry (its effect's size lost).
            let prepared =
                match regiment.arm == Arm::Cavalry && self.deployed[ds].prepared >> d & 1 != 0 {
                    true => rules.prepared_step,
                    false => 0,
                };
            // Note 21: a bridge or gate it crossed covers the defender.
            let covered = match x.covered >> i & 1 != 0 {
                true => rules.obstacle_cover_step,
                false => 0,
            };
            let step = heroic(&self.players[as_], chains[as_][regiment.player as usize])
                + self.tier_step(rules, as_, i, &regiment)
                + later
                + prepared
                + covered;
            if self.obs.on() {
                let (dice, value) = self.told_cast(regiment.rating, step, rules);
                attacker_dice.push((dice, value));
            }
            let v = self.perform(regiment.rating, step, rules);
            if let Some((_, value)) = attacker_dice.last() {
                assert_eq!(
                    *value, v,
                    "an assault cast's faces read as the game read them"
                );
            }
            // "If a unit of the multiple unit side is attacking from the
            // flank or rear of the single unit, the effect of this unit is
            // determined independent from the other units and its full
            // effect is applied to the single unit."
            if x.independent >> i & 1 != 0 {
                alone += v;
            } else {
                casts[n] = v as u8;
                n += 1;
            }
            let unit = &mut self.units[as_][i];
            unit.elan = unit.elan.saturating_sub(y as u8);
            // A regiment the defender's cast left without Elan is beaten,
            // not breaking through; one retiring is leaving the fight, not
            // going through it.
            // "Battle cavalry that Assaults formed cavalry, infantry or
            // artillery": not skirmishers.
            if x.fresh & (1 << i) != 0
                && unit.elan > 0
                && unit.status != Status::Retiring
                && regiment.battle_cavalry
                && !self.deployed[ds].skirmishing(d)
                && v > y
                && rules.breakthrough_multiplier > 0
            {
                stats.breakthrough_attempts += 1;
                tally.breakthrough_attempts += 1;
                let chance = rules.breakthrough_multiplier * (v - y);
                // Percentile dice, '00' read as 100.
                let roll = self.dice.random_range(1..=100);
                if self.obs.on() {
                    attempts.push((i, chance, roll));
                }
                if roll <= chance {
                    stats.breakthroughs += 1;
                    tally.breakthroughs += 1;
                    breakthroughs |= 1 << i;
                    let broke = &mut self.broke[as_][i];
                    if broke.0 != self.kard {
                        *broke = (self.kard, 0);
                    }
                    broke.1 |= 1 << d;
                }
            }
        }
        let combined = multi_unit(&mut casts[..n]) + alone;
        let def = &mut self.units[ds][d].elan;
        *def = def.saturating_sub(combined as u8);
        if let Some(defender_dice) = told_defender {
            self.tell_round(setup, slot, defender_dice, y, attacker_dice, combined);
            for &(i, chance, roll) in attempts.iter() {
                if roll > chance {
                    self.tell_breakthrough(setup, slot, i, chance, roll, None);
                }
            }
        }
        breakthroughs
    }

    /// Each attacker through (`breakthroughs`): "The commander of the unit
    /// broken-through will cast 1d8 and remove that number of Elan chips.
    /// The cavalry will cast 1d4 and remove that number of their Elan
    /// chips"; the cavalry is out of this assault.
    fn break_through<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        breakthroughs: u16,
        attempts: &[Attempt],
    ) {
        let x = self.assaults[slot];
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        let mut through = breakthroughs;
        while through != 0 {
            let i = through.trailing_zeros() as usize;
            through &= through - 1;
            let d8 = self.dice.random_range(1..=8u8);
            let d4 = self.dice.random_range(1..=4u8);
            let def = &mut self.units[ds][d].elan;
            *def = def.saturating_sub(d8);
            let unit = &mut self.units[as_][i];
            unit.elan = unit.elan.saturating_sub(d4);
            if self.obs.on() {
                let (_, chance, roll) = *attempts.iter().find(|a| a.0 == i).expect("attempted");
                self.tell_breakthrough(setup, slot, i, chance, roll, Some((d8, d4)));
            }
            let unit = &self.units[as_][i];
            // "If the cavalry still has Elan, it will immediately move
            // forward to the next objective or Assault the next enemy unit
            // in its path": out of this assault (`onward`). Spent by its
            // own d4, it stops there and rallies (its Elan was not taken by
            // the enemy: not defeated).
            let status = if unit.elan > 0 {
                Status::Idle
            } else {
                Status::Shaken {
                    defeated: false,
                    by_cavalry: false,
                }
            };
            self.set_status(setup, as_, i, status);
        }
    }

    /// The round decided the assault in `slot` (`end`): everyone in it is
    /// unloaded, the beaten withdraw, each side settles, winner or loser.
    fn decided<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        end: AssaultEnd,
        sides: Sides,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let Sides {
            fought,
            standing,
            fallen,
        } = sides;
        let x = self.assaults[slot];
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        let defender_down = self.units[ds][d].elan == 0;
        // "An infantry unit that was defeated in an Assault by a cavalry
        // unit": the defender, by cavalry among the attackers of the
        // deciding round (not one that had already withdrawn); attackers,
        // by a cavalry defender (settle keeps it to infantry).
        let cavalry_attacked = {
            let mut any = false;
            let mut rest = fought;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                any |= setup.scenario.sides[as_].regiments[i].arm == Arm::Cavalry;
            }
            any
        };
        let cavalry_defended = setup.scenario.sides[ds].regiments[d].arm == Arm::Cavalry;
        let (attackers_defeated, defender_defeated) = match end {
            AssaultEnd::AttackerWins => (false, true),
            AssaultEnd::DefenderWins => (true, false),
            AssaultEnd::Together => match rules.both_zero {
                BothZero::BothDefeated => (true, true),
                BothZero::DefenderHolds => (true, false),
                BothZero::AttackerWins => (false, true),
            },
            AssaultEnd::Breakthrough => (false, defender_down),
            AssaultEnd::Undecided | AssaultEnd::Retired => (false, false),
        };
        let together = end == AssaultEnd::Together && !rules.together_by_cavalry;
        // "All participants are considered to be unloaded at the completion
        // of the Assault"; the defeated "must withdraw to the next
        // objective": here out of Engagement range of where it was fought.
        for (seat, set) in [(as_, fought | fallen | standing), (ds, 1 << d)] {
            if self.obs.on() {
                self.tell_unloaded(setup, seat, set, "assault");
            }
            self.loaded[seat] &= !set;
        }
        let beaten = if attackers_defeated {
            fallen | standing
        } else {
            fallen
        };
        // The defender's place is worked out before its attackers leave.
        let defender_out =
            defender_defeated.then(|| self.outside(setup, ds, d, fought | fallen | standing));
        self.withdraw(setup, as_, beaten, 1 << d, false);
        if let Some(out) = defender_out {
            self.withdraw_to(setup, ds, d, out, false);
            self.moved(setup);
        }
        // Fallen attackers beside standing winners are still defeated.
        self.settle(
            setup,
            as_,
            fallen,
            attackers_defeated || standing != 0,
            cavalry_defended && !together,
        );
        self.settle(
            setup,
            as_,
            standing,
            attackers_defeated,
            cavalry_defended && !together,
        );
        self.settle(
            setup,
            ds,
            1 << d,
            defender_defeated,
            cavalry_attacked && !together,
        );
        // A breakthrough that finishes the defender is the attacker's win.
        let attacker_won = end == AssaultEnd::AttackerWins
            || (end == AssaultEnd::Together && rules.both_zero == BothZero::AttackerWins)
            || (end == AssaultEnd::Breakthrough && defender_down);
        self.finish(setup, slot, end, attacker_won, stats, tally);
    }
}

/// The attackers of a deciding round, one bit each: all who cast in it
/// (`fought`, breakthroughs included), and of those still in the assault
/// the ones with Elan left (`standing`) and without (`fallen`).
#[derive(Clone, Copy)]
struct Sides {
    fought: u16,
    standing: u16,
    fallen: u16,
}
