//! Fire, melee and morale on a charge's two cards: the attacker's card
//! declares it; on the defender's card the defenders test morale, fire,
//! the attackers test morale, the pairs melee, and routing men run under
//! free hacks; blows struck and shots recorded for the tally.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Applies `effect` to man `i` of `seat`; a rout from fire sends him
    /// off at once. "A man who was wounded and was hit again, was deemed
    /// killed": a hit is any scoring result (the melee's "until one, or both
    /// of them hit" is until one scores), so a rout kills a wounded man too.
    pub(super) fn strike(&mut self, seat: Seat, i: usize, effect: Effect, from_fire: bool) {
        let man = &mut self.men[seat][i];
        match effect {
            Effect::NoEffect => {}
            _ if man.wounded => man.dead = true,
            Effect::Rout => {
                man.routing = true;
                man.gone |= from_fire;
            }
            Effect::Wound => man.wounded = true,
            Effect::Kill => man.dead = true,
        }
    }

    pub(super) fn record_shot(
        tally: &mut GameTally,
        range: u32,
        fire: u32,
        target: &Man,
        effect: Effect,
    ) {
        let e = effect as usize;
        tally.shots_by_range[(range / 10).min(RANGE_BANDS as u32 - 1) as usize][e] += 1;
        tally.shots_by_fire[(fire.clamp(1, VALUES as u32) - 1) as usize][e] += 1;
        tally.shots_by_shield[target.shield as usize][e] += 1;
    }

    /// Each fighting shooter of `seat` fires `increments` worth at the
    /// first fighting enemy in the enemy's standing order.
    pub(super) fn volley(
        &mut self,
        seat: Seat,
        increments_of: &dyn Fn(usize) -> u32,
        range: u32,
        rules: &Rules,
        scenario: &Scenario,
        tally: &mut GameTally,
    ) {
        let enemy = seat.other();
        for i in 0..scenario.count[seat] as usize {
            let Some(load) = scenario.men(seat)[i].load else {
                continue;
            };
            if !self.men[seat][i].fighting() {
                continue;
            }
            let Some(target) = self.fighting(enemy).next() else {
                return;
            };
            let fire = shots(increments_of(i), load);
            if fire == 0 {
                continue;
            }
            let man = scenario.men(enemy)[target];
            let modifier = fire_modifier(fire, range, !man.shield, rules.long_range);
            let dice = self.obs.on().then(|| self.dice.clone());
            let effect = roll(&mut self.dice, modifier, rules);
            Self::record_shot(tally, range, fire, &man, effect);
            self.strike(enemy, target, effect, true);
            self.refresh(enemy, rules, scenario);
            if let Some(dice) = dice {
                let shot = told::Shot {
                    seat,
                    shooter: i,
                    target,
                    range,
                    increments: increments_of(i),
                    fire,
                    unshielded: !man.shield,
                    modifier,
                };
                self.told_shot(dice, shot, effect, rules);
            }
        }
    }

    /// Every fighting man of `seat` tests morale in groups of up to three
    /// ("the tester has the option of grouping up to 3 men for the check"),
    /// as its player groups them (`Grouping`); a failing group turns to run.
    pub(super) fn morale_check(
        &mut self,
        seat: Seat,
        rules: &Rules,
        scenario: &Scenario,
        strategy: &SkirmishStrategy,
        tally: &mut GameTally,
    ) {
        // The men fighting as the check begins, in standing order (the dead
        // and the running leave no gap); a test turns only its own men.
        let fighting = self.fighting_mask[seat];
        match strategy.grouping {
            // Threes in standing order.
            Grouping::StandingOrder => {
                let (mut group, mut members) = ([0usize; 3], 0);
                let mut rest = fighting;
                while rest != 0 {
                    group[members] = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    members += 1;
                    if members == 3 || rest == 0 {
                        self.test_group(seat, &group[..members], rules, scenario, strategy, tally);
                        members = 0;
                    }
                }
            }
            // The makeups that keep the most standing, larger groups first;
            // each takes the first sound and shaken men in standing order
            // not yet grouped.
            Grouping::MostStanding => {
                let mut shaken_men = 0u16;
                let mut rest = fighting;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if self.men[seat][i].condition() == Condition::Shaken {
                        shaken_men |= 1 << i;
                    }
                }
                let mut sound_men = fighting & !shaken_men;
                while sound_men | shaken_men != 0 {
                    let (s, w) = (sound_men.count_ones(), shaken_men.count_ones());
                    let (gs, gw) = scenario.splits[rules.morale_pass as usize].first_group(s, w);
                    let taken = lowest_bits(sound_men, gs) | lowest_bits(shaken_men, gw);
                    (sound_men, shaken_men) = (sound_men & !taken, shaken_men & !taken);
                    let (mut group, mut members) = ([0usize; 3], 0);
                    let mut bits = taken;
                    while bits != 0 {
                        group[members] = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        members += 1;
                    }
                    self.test_group(seat, &group[..members], rules, scenario, strategy, tally);
                }
            }
        }
        self.refresh(seat, rules, scenario);
    }

    /// One group's morale test: its level, the commander's points, the
    /// percentile roll; failing, its men turn to run.
    fn test_group(
        &mut self,
        seat: Seat,
        group: &[usize],
        rules: &Rules,
        scenario: &Scenario,
        strategy: &SkirmishStrategy,
        tally: &mut GameTally,
    ) {
        let members = group.len();
        let mut conditions = [Condition::Sound; 3];
        for (c, &m) in conditions.iter_mut().zip(group) {
            *c = self.men[seat][m].condition();
        }
        let spread = if members > 1 { scenario.spread } else { 0 };
        let level = morale_level(&conditions[..members], spread, 0);
        let bonus = strategy.morale_points(level, self.commander[seat]);
        self.commander[seat] -= bonus;
        let dice = self.obs.on().then(|| self.dice.clone());
        let passed = morale_roll(&mut self.dice, level + bonus as i64, rules.morale_pass);
        let sound = conditions[..members]
            .iter()
            .filter(|&&c| c == Condition::Sound)
            .count();
        tally.morale[sound][members - sound][0] += 1;
        tally.morale[sound][members - sound][1] += passed as u32;
        if !passed {
            for &m in group {
                self.men[seat][m].routing = true;
            }
        }
        if let Some(dice) = dice {
            let test = told::Test {
                seat,
                sound: sound as u32,
                spread,
                level,
                points: bonus,
                passed,
                grouping: strategy.grouping,
            };
            self.told_morale(dice, test, group, rules);
        }
    }

    /// Free hacks at the men of `seat` who are routing away.
    pub(super) fn free_hacks(&mut self, seat: Seat, rules: &Rules, scenario: &Scenario) {
        let running = |m: &ManState| m.present && m.routing && !m.dead && !m.gone;
        if !self.men[seat][..scenario.count[seat] as usize]
            .iter()
            .any(running)
        {
            return;
        }
        let enemy_fights = self.any_fighting(seat.other());
        for i in 0..scenario.count[seat] as usize {
            let man = self.men[seat][i];
            if man.present && man.routing && !man.dead && !man.gone {
                let dice = (self.obs.on() && enemy_fights).then(|| self.dice.clone());
                if enemy_fights {
                    // A back turned: no shield counts. A rout result adds
                    // nothing to a sound man already running, but is a hit
                    // that kills a wounded one.
                    let effect = roll(&mut self.dice, 1, rules);
                    self.strike(seat, i, effect, false);
                }
                self.men[seat][i].gone = true;
                if self.obs.on() {
                    self.told_runs(seat, i, dice, rules);
                }
            }
        }
        self.refresh(seat, rules, scenario);
    }

    /// The attacker's card: routing attackers pull away; the rest advance,
    /// declaring a charge once contact is in reach, and its missile men
    /// shoot with the increments the advance leaves (the text's men may
    /// move or fire each increment, on either side). Out of reach, a side
    /// with shooters may halt to shoot the whole card, if its player says
    /// so (`halt_within`). Returns the increments used. Kept out of line,
    /// as the defender's card is: only engaged games call it.
    #[inline(never)]
    pub(super) fn attacker_card(
        &mut self,
        card: u32,
        rules: &Rules,
        scenario: &Scenario,
        strategy: &SkirmishStrategy,
        tally: &mut GameTally,
    ) -> u32 {
        let attacker = scenario.attacker;
        self.free_hacks(attacker, rules, scenario);
        if !self.any_fighting(attacker) || !self.any_fighting(attacker.other()) {
            return 0;
        }
        let speed = self.speed[attacker];
        let shooters = self.load[attacker].is_some();
        // "Crossing the creek took 2 complete card draws... regardless of
        // the number of increments": in it, the card crosses and none of
        // its increments does anything.
        if self.crossing > 0 {
            self.crossing -= 1;
            if self.crossing == 0 {
                self.creek_at = 0;
            }
            if self.obs.on() {
                self.told_creek(attacker, self.crossing);
            }
            return 0;
        }
        // Contact lies beyond the creek while it is ahead.
        let creek = (self.creek_at > 0).then_some(self.creek_at);
        if creek.is_none() && self.distance <= speed * card {
            let used = self.distance.div_ceil(speed).max(1).min(card);
            if self.obs.on() {
                self.told_advance(scenario, self.distance, 0, used);
            }
            self.distance = 0;
            self.charge_pending = true;
            if shooters && card > used && rules.charging_fire {
                // Just short of contact: point-blank.
                if self.obs.on() {
                    self.told_volley(attacker, "point_blank", 0, card - used);
                }
                self.volley(attacker, &|_| card - used, 0, rules, scenario, tally);
                return card;
            }
            used
        } else if shooters
            && self.distance <= strategy.halt_within
            && creek.is_none_or(|c| self.distance > c + speed * card)
        {
            // Halted on a card that reaches neither contact nor the creek.
            if self.obs.on() {
                self.told_volley(attacker, "halt", self.distance, card);
            }
            self.volley(attacker, &|_| card, self.distance, rules, scenario, tally);
            card
        } else if let Some(creek) = creek.filter(|&c| self.distance <= c + speed * card) {
            // The advance stops at the creek; the card's other increments
            // are lost, and the next cards are spent crossing.
            let used = (self.distance - creek).div_ceil(speed).max(1).min(card);
            if self.obs.on() {
                self.told_advance(scenario, self.distance, creek, used);
            }
            self.distance = creek;
            self.crossing = rules.creek_cards;
            if self.obs.on() {
                self.told_creek(attacker, self.crossing);
            }
            used
        } else {
            if self.obs.on() {
                self.told_advance(scenario, self.distance, self.distance - speed * card, card);
            }
            self.distance -= speed * card;
            card
        }
    }

    /// The defender's card: against a charge, the text's sequence; else its
    /// shooters fire. Returns the increments used. Kept out of line: it is
    /// large and only engaged games call it, so the card loop stays tight.
    #[inline(never)]
    pub(super) fn defender_card(
        &mut self,
        card: u32,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        tally: &mut GameTally,
    ) -> u32 {
        let attacker = scenario.attacker;
        let defender = attacker.other();
        if !self.any_fighting(defender) || !self.any_fighting(attacker) {
            if self.charge_pending {
                let outcome = if self.any_fighting(attacker) {
                    ChargeOutcome::NoDefender
                } else {
                    ChargeOutcome::StoppedByFire
                };
                tally.charge_went(outcome);
                if self.obs.on() {
                    self.told_charge_ends(attacker, Some(outcome));
                }
            }
            self.charge_pending = false;
            return 0;
        }
        if !self.charge_pending {
            // Shooters shoot whatever the distance: at 0, the enemy stands
            // in contact without a charge (a reserve called up in front of
            // attackers who had nobody left to charge).
            let has_shooters = self.load[defender].is_some();
            if self.obs.on() && has_shooters {
                self.told_volley(defender, "approach", self.distance, card);
            }
            self.volley(defender, &|_| card, self.distance, rules, scenario, tally);
            // Shot down on the approach, before any charge was declared
            // (none pending here, so every one declared is counted).
            tally.stopped_before_charge |=
                !self.any_fighting(attacker) && tally.charges.iter().all(|&c| c == 0);
            return if has_shooters { card } else { 0 };
        }
        self.charge_pending = false;
        // 1. The defenders test morale.
        self.morale_check(defender, rules, scenario, &strategies[defender], tally);
        let defenders_left = self.any_fighting(defender);
        // 2. Defensive fire: a missile man paired with an attacker fires the
        //    whole card, the others support with at most 2 increments.
        let attackers = self.fighting(attacker).count();
        let mut order = [0usize; MAX_MEN];
        let mut n = 0;
        for missile in [false, true] {
            for i in self.fighting(defender).collect::<indices::Indices>().iter() {
                if scenario.men(defender)[i].load.is_some() == missile {
                    order[n] = i;
                    n += 1;
                }
            }
        }
        let contacted = |i: usize| order[..n.min(attackers)].contains(&i);
        let support = rules.support_fire_increments.min(card);
        if self.obs.on() && self.load[defender].is_some() {
            self.told_volley(defender, "defensive", 0, card);
        }
        self.volley(
            defender,
            &|i| if contacted(i) { card } else { support },
            0,
            rules,
            scenario,
            tally,
        );
        if !self.any_fighting(attacker) {
            tally.charge_went(ChargeOutcome::StoppedByFire);
            if self.obs.on() {
                self.told_charge_ends(attacker, Some(ChargeOutcome::StoppedByFire));
            }
            return card;
        }
        // 3. The attackers test morale.
        self.morale_check(attacker, rules, scenario, &strategies[attacker], tally);
        if !self.any_fighting(attacker) {
            tally.charge_went(ChargeOutcome::StoppedByMorale);
            if self.obs.on() {
                self.told_charge_ends(attacker, Some(ChargeOutcome::StoppedByMorale));
            }
            return card;
        }
        // Every defender turned at the charge: the attackers meet nobody.
        let outcome = if defenders_left {
            ChargeOutcome::ReachedContact
        } else {
            ChargeOutcome::NoDefender
        };
        tally.charge_went(outcome);
        if self.obs.on() {
            self.told_charge_ends(attacker, Some(outcome));
        }
        // 4. The melee, pair by pair; the loser turns to run.
        let a_men: indices::Indices = self.fighting(attacker).collect();
        let d_men: indices::Indices = self.fighting(defender).collect();
        for (a, d) in a_men.iter().zip(d_men.iter()) {
            let (am, dm) = (scenario.men(attacker)[a], scenario.men(defender)[d]);
            let dice = self.obs.on().then(|| self.dice.clone());
            let (on_d, on_a, _) =
                melee(&mut self.dice, !dm.shield as i32, !am.shield as i32, rules);
            tally.melees += 1;
            match (on_d.scores(), on_a.scores()) {
                (true, false) => tally.melees_won[attacker] += 1,
                (false, true) => tally.melees_won[defender] += 1,
                _ => {}
            }
            for (seat, i, effect) in [(defender, d, on_d), (attacker, a, on_a)] {
                if effect.scores() {
                    self.strike(seat, i, effect, false);
                    self.men[seat][i].routing |= !self.men[seat][i].dead;
                }
            }
            if let Some(dice) = dice {
                let pair = told::Pair {
                    attacker,
                    a,
                    d,
                    a_modifier: !dm.shield as i32,
                    d_modifier: !am.shield as i32,
                };
                self.told_melee(dice, pair, (on_d, on_a), rules);
            }
        }
        for seat in Seat::BOTH {
            self.refresh(seat, rules, scenario);
        }
        // 5. Routing defenders run under the attackers' free hacks.
        self.free_hacks(defender, rules, scenario);
        card
    }
}

/// The `n` lowest set bits of `bits`.
fn lowest_bits(bits: u16, n: u32) -> u16 {
    let mut rest = bits;
    for _ in 0..n {
        rest &= rest - 1;
    }
    bits & !rest
}

#[cfg(test)]
mod tests {
    //! The mechanics around the dice, each from the text: grouping for
    //! morale, the commander's one-shot points, free hacks, support fire, a
    //! wounded man hit again, and missile men on the attacking side.
    use super::*;
    use crate::systems::skirmish::strategy::CardPlay;

    fn scenario(text: &str) -> Scenario {
        Scenario::from_table(&toml::from_str(text).unwrap()).unwrap()
    }

    fn rules(sets: &[&str]) -> Rules {
        let mut values = Rules::defaults();
        for set in sets {
            values.set_text(set).unwrap();
        }
        Rules::from_values(&values).unwrap()
    }

    fn player(morale_target: u32, halt_within: u32) -> SkirmishStrategy {
        SkirmishStrategy {
            cards: CardPlay::Lowest,
            grouping: Grouping::StandingOrder,
            morale_target,
            halt_within,
            samples: 0,
            reserves: crate::systems::skirmish::strategy::Reserves::Never,
        }
    }

    fn game_of(rules: &Rules, scenario: &Scenario, index: u64) -> Game {
        let mut game = Game::new();
        game.reset(rules, scenario, 11, index);
        game
    }

    #[test]
    fn a_reused_tally_counts_each_game_as_a_fresh_one_would() {
        // `GameTally::clear` leaves the shot and morale tables alone after a
        // game that wrote none: games with fire and tests, games of cards
        // alone, in turn, must each count as on a new tally.
        let rules = rules(&[]);
        let vikings = scenario(include_str!(
            "../../../../experiments/skirmish/scenarios/vikings.toml"
        ));
        let cards_alone = scenario("distance = 0\n[[a.men]]\ncount = 1\n");
        let strategies = BySeat([player(0, 0); 2]);
        let mut game = Game::new();
        let mut reused = GameTally::default();
        let mut shots = 0;
        for index in 0..40 {
            let scenario = if index % 3 == 2 {
                &cards_alone
            } else {
                &vikings
            };
            game.reset(&rules, scenario, 5, index);
            game.play(&rules, scenario, &strategies, &mut reused);
            let mut fresh = GameTally::default();
            game.reset(&rules, scenario, 5, index);
            game.play(&rules, scenario, &strategies, &mut fresh);
            assert_eq!(reused, fresh, "game {index}");
            shots += fresh.shots();
        }
        assert!(shots > 0, "the engaged games fired");
    }

    #[test]
    fn morale_groups_form_from_the_men_still_fighting() {
        let rules = rules(&["commander_points=0"]);
        let seven = scenario("distance = 0\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 7\n");
        let mut game = game_of(&rules, &seven, 0);
        game.men[Seat::B][1].dead = true;
        game.refresh(Seat::B, &rules, &seven);
        let mut tally = GameTally::default();
        game.morale_check(Seat::B, &rules, &seven, &player(0, 0), &mut tally);
        // Six men still fighting test as two groups of three sound men:
        // "the tester has the option of grouping up to 3 men".
        assert_eq!(tally.morale[3][0][0], 2);
        assert_eq!(tally.morale_tests().0, 2);
    }

    #[test]
    fn a_player_groups_its_men_for_the_most_standing_or_in_standing_order() {
        // "The tester has the option of grouping up to 3 men": four men 3"
        // apart, the first wounded. In standing order the wounded man tests
        // with the next two (30 + 30 + 15 - 3 = 72) and the fourth alone;
        // for the most standing he tests alone (15) and the three sound men
        // together (87): 3 x 86 + 14 men in a hundred against 3 x 71 + 29.
        let rules = rules(&["commander_points=0"]);
        let four =
            scenario("distance = 0\nspread = 3\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 4\n");
        for (grouping, makeups) in [
            (Grouping::StandingOrder, [(2, 1), (1, 0)]),
            (Grouping::MostStanding, [(3, 0), (0, 1)]),
        ] {
            let mut game = game_of(&rules, &four, 0);
            game.men[Seat::B][0].wounded = true;
            game.refresh(Seat::B, &rules, &four);
            let mut tally = GameTally::default();
            let player = SkirmishStrategy {
                grouping,
                ..player(0, 0)
            };
            game.morale_check(Seat::B, &rules, &four, &player, &mut tally);
            for (s, w) in makeups {
                assert_eq!(
                    tally.morale[s][w][0], 1,
                    "{grouping:?}: a group of {s} sound, {w} shaken"
                );
            }
            assert_eq!(tally.morale_tests().0, 2, "{grouping:?}");
        }
    }

    #[test]
    fn crossing_the_creek_takes_two_whole_cards() {
        // "Crossing the creek took 2 complete card draws... regardless of
        // the number of increments": foot at 2" an increment, 30" apart, a
        // creek 10" before the defenders. A 6 takes the attackers to 18";
        // the next 6 stops at the creek after 4 increments; the next two
        // cards, a 1 and a 6, are spent in it; then a 5 charges home.
        let rules = rules(&["creek_cards=2"]);
        let field =
            scenario("distance = 30\ncreek = 10\n[[a.men]]\ncount = 3\n[[b.men]]\ncount = 3\n");
        let mut game = game_of(&rules, &field, 0);
        let mut tally = GameTally::default();
        let mut card = |game: &mut Game, value: u32| {
            let used = game.attacker_card(value, &rules, &field, &player(0, 0), &mut tally);
            (used, game.distance, game.crossing, game.charge_pending)
        };
        assert_eq!(card(&mut game, 6), (6, 18, 0, false));
        assert_eq!(
            card(&mut game, 6),
            (4, 10, 2, false),
            "stopped at the creek"
        );
        assert_eq!(card(&mut game, 1), (0, 10, 1, false), "in the creek");
        assert_eq!(
            card(&mut game, 6),
            (0, 10, 0, false),
            "across, whatever the card"
        );
        assert_eq!(
            card(&mut game, 5),
            (5, 0, 0, true),
            "a charge from the far bank"
        );
        // Without a creek the second 6 carries them past where it lay.
        let open = scenario("distance = 30\n[[a.men]]\ncount = 3\n[[b.men]]\ncount = 3\n");
        let mut game = game_of(&rules, &open, 0);
        let mut tally = GameTally::default();
        let player = player(0, 0);
        game.attacker_card(6, &rules, &open, &player, &mut tally);
        assert_eq!(game.attacker_card(6, &rules, &open, &player, &mut tally), 6);
        assert_eq!(game.distance, 6);
    }

    #[test]
    fn commander_points_are_spent_once() {
        let rules = rules(&[]);
        let pair =
            scenario("distance = 0\nspread = 2\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 2\n");
        let mut game = game_of(&rules, &pair, 0);
        let mut tally = GameTally::default();
        // Two sound men 2 inches apart: 30 + 30 - 2 = 58; a target of 80
        // spends 22 of the commander's 100 on each check, until they run out.
        let mut left = Vec::new();
        for _ in 0..6 {
            for man in game.men[Seat::B].iter_mut().take(2) {
                man.routing = false;
            }
            game.refresh(Seat::B, &rules, &pair);
            game.morale_check(Seat::B, &rules, &pair, &player(80, 0), &mut tally);
            left.push(game.commander[Seat::B]);
        }
        assert_eq!(left, [78, 56, 34, 12, 0, 0]);
    }

    /// Free hacks on `trials` running men, `wounded` or not: (killed,
    /// wounded) counts.
    fn free_hacks_on(wounded: bool, trials: u64) -> (u64, u64) {
        let rules = rules(&[]);
        let duel =
            scenario("distance = 0\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 1\nshield = true\n");
        let (mut killed, mut hurt) = (0, 0);
        for index in 0..trials {
            let mut game = game_of(&rules, &duel, index);
            game.men[Seat::B][0].routing = true;
            game.men[Seat::B][0].wounded = wounded;
            game.refresh(Seat::B, &rules, &duel);
            game.free_hacks(Seat::B, &rules, &duel);
            let man = game.men[Seat::B][0];
            assert!(man.gone, "a running man leaves the field");
            killed += man.dead as u64;
            hurt += (man.wounded && !man.dead && !wounded) as u64;
        }
        (killed, hurt)
    }

    #[test]
    fn free_hacks_follow_the_table_and_kill_a_wounded_man_on_any_hit() {
        use crate::stats::Rate;
        let trials = 20_000;
        let within = |count: u64, exact: f64| {
            let (low, high) = Rate::new(count, trials).wilson(0.9999);
            assert!(low <= exact && exact <= high, "{count}/{trials} vs {exact}");
        };
        // A back turned counts as unshielded: +1. A d10 of 8, 9 or 10 reads
        // 9 to 11, a kill (3 in 10); a 7 reads 8, a wound (1 in 10).
        let (killed, wounded) = free_hacks_on(false, trials);
        within(killed, 0.3);
        within(wounded, 0.1);
        // Wounded already: any hit, 6 to 10 reading 7 to 11, kills (5 in 10).
        let (killed, _) = free_hacks_on(true, trials);
        within(killed, 0.5);
    }

    #[test]
    fn a_wounded_man_scored_on_again_is_killed() {
        let rules = rules(&[]);
        let duel = scenario("distance = 0\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 1\n");
        for effect in [Effect::Rout, Effect::Wound, Effect::Kill] {
            let mut game = game_of(&rules, &duel, 0);
            game.men[Seat::B][0].wounded = true;
            game.strike(Seat::B, 0, effect, false);
            assert!(game.men[Seat::B][0].dead, "{effect:?}");
        }
        let mut game = game_of(&rules, &duel, 0);
        game.strike(Seat::B, 0, Effect::Rout, false);
        assert!(!game.men[Seat::B][0].dead && game.men[Seat::B][0].routing);
    }

    #[test]
    fn support_fire_is_limited_to_two_increments() {
        // Morale always passes, so both archers stand and shoot.
        let rules = rules(&["morale_pass=at_or_under", "commander_points=1000"]);
        let charge = scenario(
            "distance = 0\n[[a.men]]\ncount = 1\nshield = true\n[[b.men]]\ncount = 2\nweapon = \"archer\"\n",
        );
        let strategies = BySeat([player(100, 0), player(100, 0)]);
        let mut supported = 0;
        for index in 0..500 {
            let mut game = game_of(&rules, &charge, index);
            game.charge_pending = true;
            let mut tally = GameTally::default();
            game.defender_card(5, &rules, &charge, &strategies, &mut tally);
            let fired = |fire: usize| tally.shots_by_fire[fire - 1].iter().sum::<u32>();
            // The archer charged fires the whole 5 (fire, load, fire, load,
            // fire: 3); the one supporting pivots and fires once, and only
            // if the attacker is still coming.
            assert_eq!(fired(3), 1);
            assert_eq!(fired(1), tally.shots() - 1);
            assert!(tally.shots() <= 2);
            supported += fired(1);
        }
        assert!(supported > 100, "{supported}");
    }

    #[test]
    fn attacking_missile_men_shoot() {
        let rules = rules(&[]);
        // Only the attackers have bows: every shot is theirs.
        let text = |distance: u32| {
            format!("distance = {distance}\nattacker = \"a\"\n[[a.men]]\ncount = 2\nweapon = \"archer\"\n[[b.men]]\ncount = 3\n")
        };
        let mut tally = GameTally::default();
        // In contact at once: the charge takes one increment, the rest of
        // the card is fire at point-blank, unless they hold their fire.
        let close = scenario(&text(0));
        let strategies = BySeat([player(80, 0), player(80, 0)]);
        let shots = |rules: &Rules| {
            let mut tally = GameTally::default();
            (0..200)
                .map(|index| {
                    let mut game = game_of(rules, &close, index);
                    game.play(rules, &close, &strategies, &mut tally);
                    tally.shots()
                })
                .sum::<u32>()
        };
        assert!(shots(&rules) > 100, "{}", shots(&rules));
        let holding = super::tests::rules(&["charging_shooters=hold_fire"]);
        assert_eq!(shots(&holding), 0);
        // 20 inches off and halting within 30: no card reaches contact (6
        // increments at 2 inches), so the side stands and shoots every card.
        let far = scenario(&text(20));
        let halting = BySeat([player(80, 30), player(80, 0)]);
        for index in 0..200 {
            let mut game = game_of(&rules, &far, index);
            game.play(&rules, &far, &halting, &mut tally);
            assert_eq!(tally.charges.iter().sum::<u32>(), 0);
            assert!(tally.shots() > 0);
        }
    }
}
