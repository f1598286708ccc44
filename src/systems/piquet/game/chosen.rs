//! Orders the players choose (`orders = "chosen"`): what a player sees
//! of a chosen regiment as it chooses, the choice, the enemy a chosen
//! assault goes in against, and the free first orders before the first
//! KARD. The Officer Check's orders (`orders.rs`) ask for the choices and
//! group them as planned orders are grouped.

use super::*;
use crate::systems::piquet::strategy::one_of;

impl<O: Observer<Event>> Game<O> {
    /// What player `p` sees of its chosen regiment `i` (`orders =
    /// "chosen"`) as it chooses its order.
    pub(super) fn order_facts<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
    ) -> OrderFacts {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let enemy = seat.other();
        let me = &self.units[seat][i];
        let (x, f) = (me.x, facing(seat));
        // Which enemy is nearest is measured in tenths (`Unit::apart`), as
        // an aim's is; each is told in whole inches rounded up, which
        // range tests read. An enemy a tenth farther is not as near.
        let (mut nearest, mut ahead, mut cavalry) = (None, None, None);
        let mut enemy_elan = 0;
        let enemies = &setup.scenario.sides[enemy].regiments;
        for (j, unit) in self.units[enemy][..setup.scenario.sides[enemy].count as usize]
            .iter()
            .enumerate()
        {
            if unit.status == Status::Removed {
                continue;
            }
            let apart = me.apart(unit);
            let d = (apart, field::distance(unit.x - x, me.gap(unit)));
            if enemies[j].arm == Arm::Cavalry
                && !self.deployed[enemy].skirmishing(j)
                && cavalry.is_none_or(|least| d < least)
            {
                cavalry = Some(d);
            }
            match nearest {
                Some((least, _)) if apart > least => {}
                Some((least, _)) if apart == least => enemy_elan = enemy_elan.max(unit.elan as u32),
                _ => (nearest, enemy_elan) = (Some(d), unit.elan as u32),
            }
            if f * (unit.x - x) >= 0 && ahead.is_none_or(|least| d < least) {
                ahead = Some(d);
            }
        }
        let inches = |d: Option<(i64, u32)>| d.map(|(_, inches)| inches);
        let (distance, ahead, cavalry) = (inches(nearest), inches(ahead), inches(cavalry));
        let ranges = setup.scenario.ranges;
        // Skirmishers "can Assault only other skirmishing units": none of
        // the nearest to go in against, no assault.
        let barred = self.deployed[seat].skirmishing(i) && self.nearest(setup, seat, i, true) == 0;
        let deployment = self.deployed[seat].of(i);
        let deploys = regiment.deploy_choices(deployment, me.width);
        // With no enemy left there is none to assault; with no deployment
        // to change to, no Deploy.
        let mut choices = match distance {
            Some(_) if !barred => regiment.choices(),
            _ => regiment.choices() & !(1 << OrderKind::Assault as u8),
        };
        if deploys == 0 {
            choices &= !(1 << OrderKind::Deploy as u8);
        }
        let maneuvers = Maneuver::ALL
            .iter()
            .filter(|&&way| self.maneuver_goal(setup, seat, i, way) != (me.x, 0))
            .fold(0u8, |m, &way| m | 1 << way as u8);
        if maneuvers == 0 {
            choices &= !(1 << OrderKind::Maneuver as u8);
        }
        OrderFacts {
            choices,
            distance,
            ahead,
            engagement: ranges.engagement as u32,
            reach: reach(ranges, regiment) as u32,
            elan: self.units[seat][i].elan as u32,
            full: regiment.elan as u32,
            enemy_elan,
            deployment,
            deploys,
            maneuvers,
            cavalry,
            prepared_step: setup.rules.prepared_step,
        }
    }

    /// The order player `p` would choose for its chosen regiment `i`, as
    /// its view is worked out: nothing drawn, nobody asked. Kept out of
    /// the planned regiments' loop (cold: plans are the common case).
    #[cold]
    #[inline(never)]
    pub(super) fn would_order<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
    ) -> Option<OrderKind> {
        let at = at!(self, setup, seat, p, 1 << i, None);
        setup.strategies[seat].order(&at, &self.order_facts(setup, seat, i), None)
    }

    /// The order player `p` chooses for its chosen regiment `i`, if any.
    pub(super) fn choose<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
    ) -> Option<OrderKind> {
        let facts = self.order_facts(setup, seat, i);
        let strategy = &setup.strategies[seat];
        // A world's forced order stands only where it is offered (the
        // world's field may have moved on from the real game's).
        let forced = self.forced_order(seat, p, i);
        let pick = match forced.filter(|pick| pick.order.is_none_or(|o| facts.offers(o))) {
            Some(pick) => pick,
            None => {
                let at = at!(self, setup, seat, p, 1 << i, None);
                let usual = strategy.order(&at, &facts, Some(&mut self.seats[seat][p]));
                match strategy.search() {
                    Some(search)
                        if search.search_orders && self.order_search.kard_start_at == self.kard =>
                    {
                        self.search_order(setup, &search, seat, p, i, &facts, usual)
                    }
                    _ => Pick::of(usual),
                }
            }
        };
        let order = pick.order;
        // A way picked with the order, where the regiment may take it.
        let way = |bits: u8| pick.way.filter(|&k| bits >> k & 1 != 0).map(usize::from);
        let at = at!(self, setup, seat, p, 1 << i, None);
        // Where a Deploy or a Maneuver goes is chosen with it: the piquet
        // shows it as the order is placed. Kept until the order completes
        // (a regiment under an order is not asked again).
        match order {
            Some(OrderKind::Deploy) => {
                let k = way(facts.deploys)
                    .unwrap_or_else(|| strategy.deployment(&at, &facts, &mut self.seats[seat][p]));
                debug_assert!(facts.deploys >> k & 1 != 0);
                self.deploys_at[seat][i] = k as u8;
            }
            Some(OrderKind::Maneuver) => {
                let k = way(facts.maneuvers)
                    .unwrap_or_else(|| strategy.direction(&at, &facts, &mut self.seats[seat][p]));
                debug_assert!(facts.maneuvers >> k & 1 != 0);
                self.maneuvers_to[seat][i] = k as u8;
            }
            // "to where you want to stop": short of where the Move would
            // go as the field stands (its fire's reach of the nearest enemy
            // ahead, or the next terrain objective), or on to it.
            Some(OrderKind::Move) => {
                let x = self.units[seat][i].x;
                let farthest = self.farthest_move(setup, seat, i);
                let short = match farthest {
                    2.. => strategy.move_to(&at, &facts, farthest as u32, &mut self.seats[seat][p]),
                    _ => 0,
                };
                debug_assert!((short as i32) < farthest.max(1));
                self.moves_to[seat][i] = match short {
                    0 => TO_OBJECTIVE,
                    n => x + facing(seat) * n as i32,
                };
            }
            _ => {}
        }
        order
    }

    /// Regiment `i` and, when it is half of a twelve-gun company whose
    /// other half is still to be `asked` (taken out of it), that half:
    /// they "maneuver as one", so one choice is both halves'.
    pub(super) fn chosen_pair<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        asked: &mut u16,
    ) -> u16 {
        let other = setup.scenario.sides[seat].pairs[i] & *asked;
        *asked &= !other;
        1 << i | other
    }

    /// `order`, chosen for regiment `i`, is what every one of `halves`
    /// wants, going where `i`'s goes.
    pub(super) fn choice_for(
        &mut self,
        seat: Seat,
        i: usize,
        halves: u16,
        order: OrderKind,
        wanted: &mut [OrderKind; MAX_UNITS],
    ) {
        let mut rest = halves;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            wanted[j] = order;
            self.deploys_at[seat][j] = self.deploys_at[seat][i];
            self.maneuvers_to[seat][j] = self.maneuvers_to[seat][i];
            self.moves_to[seat][j] = self.moves_to[seat][i];
        }
    }

    /// Chosen regiment `i` of `seat` has been given `order` by player
    /// `p`: an assault aims at its enemy, a Deploy or a Maneuver tells
    /// where it goes.
    pub(super) fn given_chosen<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
        order: OrderKind,
    ) {
        match order {
            OrderKind::Assault => self.aim_assault(setup, seat, p, i),
            OrderKind::Deploy if self.obs.on() => {
                let to = DeployTo::ALL[self.deploys_at[seat][i] as usize].name();
                self.tell_of(setup, seat, i, |decq, kard, side, regiment| {
                    Event::DeployTo {
                        decq,
                        kard,
                        side,
                        regiment,
                        to,
                    }
                });
            }
            OrderKind::Move if self.obs.on() => {
                let to = match self.moves_to[seat][i] {
                    TO_OBJECTIVE => None,
                    place => Some(place),
                };
                self.tell_of(setup, seat, i, |decq, kard, side, regiment| Event::MoveTo {
                    decq,
                    kard,
                    side,
                    regiment,
                    to,
                });
            }
            OrderKind::Maneuver if self.obs.on() => {
                let to = Maneuver::ALL[self.maneuvers_to[seat][i] as usize].name();
                self.tell_of(setup, seat, i, |decq, kard, side, regiment| {
                    Event::ManeuverTo {
                        decq,
                        kard,
                        side,
                        regiment,
                        to,
                    }
                });
            }
            _ => {}
        }
    }

    /// The enemy a chosen assault of regiment `i` goes in against, where
    /// its player places the piquet ("at the objective of the Assault"):
    /// its choice (decision `aim`) among the enemies in the game it may
    /// assault (a skirmisher: skirmishers, or one that may not resist, when
    /// any), told the nearest, the
    /// one the heuristic judged the assault by, drawn from player `p`'s tie
    /// stream among as near (never the first listed). A named `target`
    /// belongs to a plan: a chosen regiment's player aims.
    pub(super) fn aim_assault<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
    ) {
        let enemy = seat.other();
        let mut nearest = self.nearest(setup, seat, i, false);
        // No enemy left: no assault is offered (`order_facts`).
        if nearest == 0 {
            return;
        }
        // A skirmisher goes in against skirmishers among the nearest.
        let open = self.nearest(setup, seat, i, true);
        if open != 0 {
            nearest = open;
        }
        let nearest = one_of(nearest, &mut self.ties[seat][p]);
        let count = setup.scenario.sides[enemy].count as usize;
        let in_game = (0..count)
            .filter(|&j| self.units[enemy][j].status != Status::Removed)
            .fold(0u16, |m, j| m | 1 << j);
        let allowed = (0..count)
            .filter(|&j| in_game >> j & 1 != 0 && !self.skirmish_barred(setup, seat, i, j))
            .fold(0u16, |m, j| m | 1 << j);
        let candidates = match allowed {
            0 => in_game,
            _ => allowed,
        } | 1 << nearest;
        let target = match candidates.count_ones() {
            1 => nearest,
            _ => {
                let at = at!(self, setup, seat, p, 1 << i, Some(nearest as u8));
                let rng = &mut self.seats[seat][p];
                setup.strategies[seat].aim(&at, candidates, nearest, rng)
            }
        };
        self.units[seat][i].target = target as u8;
        if self.obs.on() {
            let target = told::name(setup.scenario, enemy, target);
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| Event::Aims {
                decq,
                kard,
                side,
                regiment,
                target,
            });
        }
    }

    /// The enemy regiments still in the game nearest regiment `i` of
    /// `seat`, one bit each; `assaultable`, only those it may assault (a
    /// skirmisher, only skirmishers: `skirmish_barred`).
    fn nearest<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        assaultable: bool,
    ) -> u16 {
        let enemy = seat.other();
        let units = &self.units[enemy][..setup.scenario.sides[enemy].count as usize];
        let in_game = |j: usize| units[j].status != Status::Removed;
        let me = self.units[seat][i];
        // Measured exactly (tenths, squared), not in whole inches, where
        // 2.4" across would be as near as 3" ahead.
        let away = |j: usize| me.apart(&units[j]);
        let Some(least) = (0..units.len()).filter(|&j| in_game(j)).map(away).min() else {
            return 0;
        };
        (0..units.len())
            .filter(|&j| in_game(j) && away(j) == least)
            .filter(|&j| !assaultable || !self.skirmish_barred(setup, seat, i, j))
            .fold(0u16, |m, j| m | 1 << j)
    }

    /// The free orders before the first KARD ("prime the pump") of the
    /// side's chosen regiments: each regiment's own player chooses, and
    /// they are grouped as an Officer Check's are, the whole group given
    /// its order at once.
    pub(super) fn first_chosen_orders<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat) {
        let side = &setup.scenario.sides[seat];
        let mut wanted = [OrderKind::Move; MAX_UNITS];
        let mut eligible = 0u16;
        let mut asked = side.chosen & !self.carried_set(setup, seat);
        while asked != 0 {
            let i = asked.trailing_zeros() as usize;
            asked &= asked - 1;
            let halves = self.chosen_pair(setup, seat, i, &mut asked);
            if let Some(order) = self.choose(setup, seat, side.regiments[i].player as usize, i) {
                self.choice_for(seat, i, halves, order, &mut wanted);
                eligible |= halves;
            }
        }
        let mut left = eligible;
        while left != 0 {
            let group = self.order_group(
                setup,
                seat,
                left.trailing_zeros() as usize,
                eligible,
                &wanted,
            );
            left &= !group;
            let lead = group.trailing_zeros() as usize;
            if self.obs.on() {
                let regiments = told::names(setup.scenario, seat, group);
                let (order, p) = (wanted[lead].name(), side.regiments[lead].player as usize);
                let ip = self.players[seat][p].ip;
                self.tell(setup, seat, p, |decq, kard, side, player| Event::Order {
                    decq,
                    kard,
                    side,
                    player,
                    order,
                    regiments,
                    cost: 0,
                    ip,
                });
            }
            let mut members = group;
            while members != 0 {
                let i = members.trailing_zeros() as usize;
                members &= members - 1;
                let order = wanted[i];
                self.through[seat] &= !(1 << i);
                self.units[seat][i] = Unit {
                    order,
                    chips: setup.scenario.chips[order as usize],
                    group,
                    ..self.units[seat][i]
                };
                self.set_status(setup, seat, i, Status::Ordered);
                self.given_chosen(setup, seat, side.regiments[i].player as usize, i, order);
                self.order_given(setup, seat, i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    /// Side a's Line (infantry) and Guns (a medium heavy company, firing
    /// out to Bombardment range, its own brigade) have their orders chosen;
    /// b's two regiments stand side by side `distance` away.
    fn chosen(distance: i32) -> String {
        format!(
            "decqs = 1\ndistance = {distance}\n[ranges]\nengagement = 3\nbombardment = 12\n\
             [chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
             [army_deck]\nofficer_check = 14\nmusket_reload = 14\n\
             [a]\ncommander = \"good\"\norders = \"chosen\"\n\
             [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\n\
             [[a.regiments]]\nname = \"Guns\"\narm = \"artillery\"\nrating = \"medium_heavy,II\"\nbrigade = 2\n\
             [b]\ncommander = \"good\"\n\
             [[b.regiments]]\nname = \"Left\"\nrating = \"line,reliable\"\norders = [\"deploy\"]\n\
             [[b.regiments]]\nname = \"Right\"\nrating = \"line,reliable\"\norders = [\"deploy\"]\n"
        )
    }

    #[test]
    fn a_chosen_regiment_sees_the_nearest_enemy_and_its_reach() {
        on_side_a(&chosen(20), 0, &[], |setup, game| {
            // Game start: both far beyond reach, both moved up, free.
            for i in 0..2 {
                assert_eq!(game.units[Seat::A][i].order, OrderKind::Move, "{i}");
                assert_eq!(game.units[Seat::A][i].status, Status::Ordered, "{i}");
            }
            let facts = game.order_facts(setup, Seat::A, 0);
            assert_eq!(facts.choices, 0b1111, "infantry may be given any order");
            assert_eq!(
                (facts.distance, facts.engagement, facts.reach),
                (Some(20), 3, 3)
            );
            let guns = game.order_facts(setup, Seat::A, 1);
            assert_eq!(guns.choices, 0b0111, "artillery does not assault");
            assert_eq!(guns.reach, 12, "a medium heavy company bombards");
            // The nearest enemy, and the most Elan among those as near.
            game.units[Seat::B][0].elan = 7;
            game.units[Seat::B][1].x = 25;
            let facts = game.order_facts(setup, Seat::A, 0);
            assert_eq!((facts.distance, facts.enemy_elan), (Some(20), 7));
            game.units[Seat::B][1].x = 20;
            assert_eq!(game.order_facts(setup, Seat::A, 0).enemy_elan, 12);
            // Which is nearest is measured in tenths, not in the whole
            // inches told: an enemy 2" ahead and 0.1" across (told as 3")
            // is nearer than one 3" straight ahead, which it does not tie.
            game.units[Seat::A][0].x = 17;
            game.units[Seat::B][0].x = 19;
            game.units[Seat::B][0].y = game.units[Seat::A][0].width + 1;
            game.units[Seat::B][0].width = game.units[Seat::A][0].width;
            assert_eq!(game.units[Seat::A][0].gap(&game.units[Seat::B][0]), 1);
            let facts = game.order_facts(setup, Seat::A, 0);
            assert_eq!((facts.distance, facts.enemy_elan), (Some(3), 7));
            game.units[Seat::A][0].x = 0;
            game.units[Seat::B][0] = game.units[Seat::B][1];
            game.units[Seat::B][0].elan = 7;
            // A removed enemy is no enemy; with none left, no distance.
            game.units[Seat::B][0].status = Status::Removed;
            game.units[Seat::B][1].status = Status::Removed;
            assert_eq!(game.order_facts(setup, Seat::A, 0).distance, None);
        });
    }

    #[test]
    fn a_chosen_move_stops_at_its_fires_reach_of_the_nearest_enemy_ahead() {
        // Note 19: "you move from where you are to where you want to stop".
        on_side_a(&chosen(20), 0, &[], |setup, game| {
            // Line to Engagement range (3") of b at 20", Guns to its
            // Bombardment range (12").
            game.close_in(
                setup,
                Seat::A,
                0,
                &mut Stats::default(),
                &mut GameTally::default(),
            );
            game.close_in(
                setup,
                Seat::A,
                1,
                &mut Stats::default(),
                &mut GameTally::default(),
            );
            assert_eq!(game.units[Seat::A][0].x, 17);
            assert_eq!(game.units[Seat::A][1].x, 8);
            // Already within reach: it stays.
            game.close_in(
                setup,
                Seat::A,
                1,
                &mut Stats::default(),
                &mut GameTally::default(),
            );
            assert_eq!(game.units[Seat::A][1].x, 8);
            // One enemy behind, one ahead: it goes for the one ahead.
            game.units[Seat::B][0].x = 5;
            game.units[Seat::B][1].x = 30;
            game.close_in(
                setup,
                Seat::A,
                0,
                &mut Stats::default(),
                &mut GameTally::default(),
            );
            assert_eq!(game.units[Seat::A][0].x, 27);
            // Every enemy behind: no enemy ahead, so no Move is worth it.
            game.units[Seat::B][1].x = 5;
            let facts = game.order_facts(setup, Seat::A, 0);
            assert_eq!((facts.distance, facts.ahead), (Some(22), None));
            game.close_in(
                setup,
                Seat::A,
                0,
                &mut Stats::default(),
                &mut GameTally::default(),
            );
            assert_eq!(game.units[Seat::A][0].x, 27, "a Move never goes back");
        });
    }

    #[test]
    fn the_heuristic_orders_a_chosen_assault_only_against_no_stronger_enemy() {
        // Line 3" from both of b's regiments, Guns 10" off (within its
        // reach): an Officer Check orders Line to assault, one of the two
        // as near drawn, and holds Guns to fire.
        let mut targets = [0; 2];
        for index in 0..40 {
            on_side_a(&chosen(20), 0, &[0, 1], |setup, game| {
                game.reset(setup, 1, index);
                for i in 0..2 {
                    game.set_status(setup, Seat::A, i, Status::Idle);
                }
                game.units[Seat::A][0].x = 17;
                game.units[Seat::A][1].x = 10;
                game.moved(setup);
                game.players[Seat::A][0].ip = 18;
                let (mut stats, mut tally) = (Stats::default(), GameTally::default());
                game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
                let issued = stats.sides[Seat::A].orders_issued;
                assert_eq!(issued, [0, 0, 0, 1], "one assault, no order for Guns");
                assert_eq!(game.units[Seat::A][0].order, OrderKind::Assault);
                assert_eq!(game.units[Seat::A][1].status, Status::Idle);
                targets[game.units[Seat::A][0].target as usize] += 1;
                // Weaker than the enemy, Line is held back: no order, no IP.
                game.set_status(setup, Seat::A, 0, Status::Idle);
                game.units[Seat::A][0].elan = 11;
                let spent = game.decq.spent[Seat::A][Spend::Orders as usize];
                game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
                assert_eq!(stats.sides[Seat::A].orders_issued, issued);
                assert_eq!(game.decq.spent[Seat::A][Spend::Orders as usize], spent);
            });
        }
        // Equal choices are drawn, never taken in the listing's order.
        assert!(targets.iter().all(|&n| n >= 8), "{targets:?}");
    }

    #[test]
    fn one_order_is_one_deployment_and_one_way() {
        // a's brigade of two chosen line regiments: one order covers both
        // only when they go to the same deployment, or the same way.
        let text = chosen(20).replace(
            "[[a.regiments]]\nname = \"Guns\"\narm = \"artillery\"\nrating = \"medium_heavy,II\"\nbrigade = 2\n",
            "[[a.regiments]]\nname = \"Left\"\nrating = \"line,reliable\"\n",
        );
        assert!(text.contains("name = \"Left\"\nrating = \"line,reliable\"\n[b]"));
        for whole in [true, false] {
            let rules = Rules {
                whole_groups: whole,
                ..Rules::default()
            };
            with_rules(&text, rules, 0, &[0, 1], |setup, game| {
                for (order, slots) in [
                    (OrderKind::Deploy, DeployTo::Prepared as u8),
                    (OrderKind::Maneuver, Maneuver::Back as u8),
                ] {
                    let wanted = [order; MAX_UNITS];
                    let group = |game: &Game| game.order_group(setup, Seat::A, 0, 0b11, &wanted);
                    game.deploys_at[Seat::A] = [slots; MAX_UNITS];
                    game.maneuvers_to[Seat::A] = [slots; MAX_UNITS];
                    assert_eq!(group(game), 0b11, "{order:?}, whole {whole}");
                    game.deploys_at[Seat::A][1] = slots + 1;
                    game.maneuvers_to[Seat::A][1] = slots - 1;
                    assert_eq!(group(game), 0b01, "{order:?}, whole {whole}");
                }
                // Where a chosen Move goes is no choice: still one order.
                let moves = [OrderKind::Move; MAX_UNITS];
                assert_eq!(game.order_group(setup, Seat::A, 0, 0b11, &moves), 0b11);
            });
        }
    }
}
