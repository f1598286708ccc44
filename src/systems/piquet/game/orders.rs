//! Officer Checks and what they buy: initiative casts, orders issued to
//! regiments, brigades and divisions for IP, rallies of Shaken units,
//! and the execution of orders when a matching card comes up (movement
//! chips cast against, the order completed).

use super::*;
use crate::systems::piquet::strategy::one_of;

impl<O: Observer<Event>> Game<O> {
    /// The regiments one order to regiment `i` covers, from those that may
    /// be ordered now (`eligible`), each to be given `wanted` (its plan's
    /// next order, or the one its player chose). Read literally ("an order
    /// can be issued to a regiment, a brigade, or a division"; note 9), a
    /// group is a whole division, or else a whole brigade, every regiment
    /// of which still in the game is eligible and wants the same order;
    /// else the regiment alone. `order_groups = idle_alike` groups the
    /// eligible regiments of its division (its brigade, when no division is
    /// named) that want the same.
    pub(super) fn order_group<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        eligible: u16,
        wanted: &[OrderKind; MAX_UNITS],
    ) -> u16 {
        let side = &setup.scenario.sides[seat];
        let regiments = side.regiments();
        // A chosen Deploy's, Maneuver's or Move's order is where it goes
        // too: one order is one deployment, one way, one place to stop.
        let to = |j: usize| match (regiments[j].chosen, wanted[j]) {
            (true, OrderKind::Deploy) => self.deploys_at[seat][j] as i32,
            (true, OrderKind::Maneuver) => self.maneuvers_to[seat][j] as i32,
            (true, OrderKind::Move) => self.moves_to[seat][j],
            _ => TO_OBJECTIVE,
        };
        let same = |j: usize| wanted[j] == wanted[i] && to(j) == to(i);
        // A second line or an attached company is carried by another's
        // orders: not a member.
        let members = |same: &dyn Fn(&Regiment) -> bool| {
            (0..regiments.len())
                .filter(|&j| self.units[seat][j].status != Status::Removed && same(&regiments[j]))
                .filter(|&j| !self.carried(setup, seat, j))
                .fold(0u16, |m, j| m | 1 << j)
        };
        let me = regiments[i];
        let alike = |group: u16| {
            (0..regiments.len())
                .filter(|&j| group >> j & 1 != 0)
                .all(|j| eligible >> j & 1 != 0 && same(j))
        };
        let division = members(&|r| me.division != 0 && r.division == me.division);
        let brigade = members(&|r| r.brigade == me.brigade && r.division == me.division);
        // A twelve-gun company's two halves "maneuver as one": an order to
        // one is to both, when both may be ordered to the same.
        let pair = match side.pairs[i] {
            pair if pair != 1 << i && alike(pair) => pair,
            _ => 1 << i,
        };
        if !setup.rules.whole_groups {
            let wider = if me.division != 0 { division } else { brigade };
            return (0..regiments.len())
                .filter(|&j| wider >> j & 1 != 0 && eligible >> j & 1 != 0 && same(j))
                .fold(pair, |m, j| m | 1 << j);
        }
        if division != 0 && alike(division) {
            division
        } else if alike(brigade) {
            brigade
        } else {
            pair
        }
    }

    /// The Shaken regiment to rally (defeated first) among the player's
    /// own: among equals, one drawn from the player's stream.
    pub(super) fn next_rally<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
    ) -> Option<usize> {
        let count = setup.scenario.sides[seat].count as usize;
        let (mut defeated, mut shaken) = (0u16, 0u16);
        for i in (0..count).filter(|&i| self.own(setup, seat, p, i)) {
            if let Status::Shaken { defeated: d, .. } = self.units[seat][i].status {
                shaken |= 1 << i;
                defeated |= (d as u16) << i;
            }
        }
        let pick = if defeated != 0 { defeated } else { shaken };
        (pick != 0).then(|| one_of(pick, &mut self.ties[seat][p]))
    }

    /// The player's own worn regiment with the least share of its Elan
    /// left: among equals, one drawn from the player's stream.
    pub(super) fn most_worn<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
    ) -> Option<usize> {
        let side = &setup.scenario.sides[seat];
        // The least share so far, as (Elan left, full Elan): shares are
        // compared exactly, crosswise.
        let (mut most, mut least) = (0u16, (1u32, 0u32));
        for i in (0..side.count as usize).filter(|&i| self.own(setup, seat, p, i)) {
            if self.worn(setup, seat, i) {
                let share = (
                    self.units[seat][i].elan as u32,
                    side.regiments[i].elan as u32,
                );
                let (a, b) = (share.0 * least.1, least.0 * share.1);
                if most == 0 || a < b {
                    (most, least) = (0, share);
                }
                if most == 0 || a <= b {
                    most |= 1 << i;
                }
            }
        }
        (most != 0).then(|| one_of(most, &mut self.ties[seat][p]))
    }

    pub(super) fn officer_check<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let needs = self.needs(setup, seat, p);
        let strategy = &setup.strategies[seat];
        let at = at!(self, setup, seat, p, 0, None);
        let action = strategy.officer_check(&at, &needs, rules, &mut self.seats[seat][p]);
        stats.sides[seat].officer_actions[action as usize] += 1;
        if self.obs.on() {
            let action = match action {
                OfficerAction::Cast => "cast",
                OfficerAction::Orders => "orders",
                OfficerAction::Rally => "rally",
                OfficerAction::Pass => "pass",
                OfficerAction::Nothing => "nothing",
                OfficerAction::Detach => "detach",
            };
            self.tell(setup, seat, p, |decq, kard, side, player| {
                Event::OfficerCheck {
                    decq,
                    kard,
                    side,
                    player,
                    action,
                }
            });
        }
        let side = &setup.scenario.sides[seat];
        match action {
            OfficerAction::Cast => {
                let faces = self
                    .obs
                    .on()
                    .then(|| events::three_d6_faces(&mut self.dice.clone()));
                let cast = three_d6(&mut self.dice);
                let player = &mut self.players[seat][p];
                let was = player.ip;
                player.ip = player.ip.max(cast).min(MAX_INITIATIVE);
                if self.obs.on() {
                    let ip = player.ip;
                    self.tell(setup, seat, p, |decq, kard, side, player| Event::Cast {
                        decq,
                        kard,
                        side,
                        player,
                        dice: faces.unwrap_or_default(),
                        total: cast,
                        was,
                        ip,
                    });
                }
                if p == 0 {
                    self.decq.casts[seat] += 1;
                }
            }
            OfficerAction::Orders => {
                let chief = side.leads(p) && self.attached(setup, seat, p).is_none();
                // Whose the regiment is first: the player is asked about an
                // assault, or an order out of one, only for a regiment it
                // may order. "Units that are Assaulting can only be issued a
                // Maneuver order": out of the fight, each alone.
                let theirs = |i: usize| {
                    self.own(setup, seat, p, i)
                        || (chief && side.below[p] >> side.regiments[i].player & 1 != 0)
                };
                let (mut eligible, mut retreats) = (0u16, 0u16);
                // Each eligible regiment's plan's next order; a chosen
                // one's is asked below.
                let mut wanted = [OrderKind::Move; MAX_UNITS];
                let count = side.count as usize;
                for (i, want) in wanted.iter_mut().enumerate().take(count) {
                    match self.units[seat][i].status {
                        // A chosen regiment's assault is its player's
                        // choice already (asked below).
                        Status::Idle
                            if theirs(i)
                                && !self.carried(setup, seat, i)
                                && (side.chosen >> i & 1 != 0
                                    || self.may_order(setup, seat, p, i, true)) =>
                        {
                            *want = side.regiments[i].plan[self.units[seat][i].plan_at as usize];
                            eligible |= 1 << i;
                        }
                        Status::Fighting
                            if theirs(i) && self.may_retire(setup, seat, p, i, true) =>
                        {
                            retreats |= 1 << i
                        }
                        _ => {}
                    }
                }
                // The player chooses what its chosen regiments should do,
                // each alone; then they are grouped as planned ones are.
                let mut asked = eligible & side.chosen;
                while asked != 0 {
                    let i = asked.trailing_zeros() as usize;
                    asked &= asked - 1;
                    let halves = self.chosen_pair(setup, seat, i, &mut asked);
                    match self.choose(setup, seat, p, i) {
                        Some(order) => self.choice_for(seat, i, halves, order, &mut wanted),
                        None => eligible &= !halves,
                    }
                }
                // One order (one cost) covers the group `order_group` finds;
                // those under an attached figure's command pay the figure's
                // price, and going around a subordinate costs the bypass
                // once for that subordinate on this Officer Check (note 9:
                // "three as counted above and one more").
                let under_figure = self.under_figure(setup, seat);
                let base = |group: u16| {
                    if group & under_figure != 0 {
                        rules.figure_command_cost
                    } else {
                        rules.order_cost
                    }
                };
                let owners = |group: u16| {
                    (0..side.count as usize)
                        .filter(|&j| group >> j & 1 != 0)
                        .map(|j| side.regiments[j].player as usize)
                        .fold(0u8, |m, q| m | side.bypass(p, q, rules.bypass_each_player))
                };
                // The groups, and what all of them would cost.
                let mut groups = [0u16; MAX_UNITS];
                let (mut n, mut covered, mut all_others, mut total) = (0, 0u16, 0u8, 0);
                for i in 0..side.count as usize {
                    if eligible >> i & 1 != 0 && covered >> i & 1 == 0 {
                        let group = self.order_group(setup, seat, i, eligible, &wanted);
                        groups[n] = group;
                        n += 1;
                        covered |= group;
                        all_others |= owners(group);
                        total += base(group);
                    }
                }
                for i in (0..side.count as usize).filter(|&i| retreats >> i & 1 != 0) {
                    groups[n] = 1 << i;
                    n += 1;
                    all_others |= owners(1 << i);
                    total += base(1 << i);
                }
                total += all_others.count_ones() * rules.bypass_cost;
                // The groups are equal to the player: when its IP cannot
                // pay for them all, the order they are given in is drawn.
                let drawn = n > 1 && self.players[seat][p].ip < total;
                let mut left = (1u16 << n) - 1;
                let mut bypassed = 0u8;
                while left != 0 {
                    let g = if drawn {
                        one_of(left, &mut self.ties[seat][p])
                    } else {
                        left.trailing_zeros() as usize
                    };
                    left &= !(1 << g);
                    let group = groups[g];
                    let lead = group.trailing_zeros() as usize;
                    let retreat = retreats & group != 0;
                    let next = match retreat {
                        true => OrderKind::Maneuver,
                        false => wanted[lead],
                    };
                    let others = owners(group);
                    let cost = base(group) + (others & !bypassed).count_ones() * rules.bypass_cost;
                    if self.players[seat][p].ip < cost
                        || !strategy.issue(
                            &at!(self, setup, seat, p, group, None),
                            next,
                            cost,
                            &mut self.seats[seat][p],
                        )
                    {
                        if self.obs.on() {
                            let why = match self.players[seat][p].ip < cost {
                                true => "ip",
                                false => "declined",
                            };
                            let regiments = told::names(setup.scenario, seat, group);
                            self.tell(setup, seat, p, |decq, kard, side, player| {
                                Event::NotOrdered {
                                    decq,
                                    kard,
                                    side,
                                    player,
                                    order: next.name(),
                                    regiments,
                                    cost,
                                    why,
                                }
                            });
                        }
                        // The whole group goes unordered, not a part.
                        continue;
                    }
                    self.players[seat][p].ip -= cost;
                    if self.obs.on() {
                        let regiments = told::names(setup.scenario, seat, group);
                        let ip = self.players[seat][p].ip;
                        self.tell(setup, seat, p, |decq, kard, side, player| Event::Order {
                            decq,
                            kard,
                            side,
                            player,
                            order: next.name(),
                            regiments,
                            cost,
                            ip,
                        });
                    }
                    self.decq.spent[seat][Spend::Orders as usize] += cost;
                    self.decq.ip_spent[seat] += cost;
                    self.decq.orders[seat] += 1;
                    bypassed |= others;
                    let mut members = group;
                    while members != 0 {
                        let i = members.trailing_zeros() as usize;
                        members &= members - 1;
                        let unit = self.units[seat][i];
                        let next = match retreat {
                            true => OrderKind::Maneuver,
                            false => wanted[i],
                        };
                        stats.sides[seat].orders_issued[next as usize] += 1;
                        self.through[seat] &= !(1 << i);
                        self.units[seat][i] = Unit {
                            order: next,
                            chips: setup.scenario.chips[next as usize],
                            issued: self.kard,
                            executed: false,
                            group,
                            ..unit
                        };
                        let status = match retreat {
                            true => Status::Retiring,
                            false => Status::Ordered,
                        };
                        self.set_status(setup, seat, i, status);
                        if side.chosen >> i & 1 != 0 && !retreat {
                            self.given_chosen(setup, seat, p, i, next);
                        }
                        self.order_given(setup, seat, i);
                    }
                }
            }
            OfficerAction::Rally => {
                // Unrallied regiments, and worn ones: "If the unit is being
                // rallied while it still has Elan Chips, it must cast a 4 or
                // greater". When the IP cannot pay for them all, the order
                // they are asked about in is drawn.
                let mut left = (0..side.count as usize)
                    .filter(|&i| {
                        matches!(self.units[seat][i].status, Status::Shaken { .. })
                            || self.worn(setup, seat, i)
                    })
                    .filter(|&i| self.own(setup, seat, p, i))
                    .fold(0u16, |m, i| m | 1 << i);
                let need = left.count_ones() * rules.rally_cost;
                let drawn = self.players[seat][p].ip < need;
                while left != 0 {
                    let i = if drawn {
                        one_of(left, &mut self.ties[seat][p])
                    } else {
                        left.trailing_zeros() as usize
                    };
                    left &= !(1 << i);
                    let shaken = matches!(self.units[seat][i].status, Status::Shaken { .. });
                    if !(shaken || self.worn(setup, seat, i))
                        || self.players[seat][p].ip < rules.rally_cost
                        || !strategy.rally(
                            &at!(self, setup, seat, p, 1 << i, None),
                            shaken,
                            self.units[seat][i].elan as u32,
                            side.regiments[i].elan as u32,
                            &mut self.seats[seat][p],
                        )
                    {
                        continue;
                    }
                    self.rally(setup, seat, p, i, stats, tally);
                }
            }
            OfficerAction::Pass
                if !rules.attached_pass && self.attached(setup, seat, p).is_some() =>
            {
                // "he may not use the Officer Check card for any action
                // other than to detach from the regiment".
            }
            OfficerAction::Pass => {
                // To the subordinate (any player below it) with the least
                // initiative: 1 IP to pass, plus the IP passed; the track
                // stops at 18. Among subordinates as needy, one drawn at
                // random.
                let players = &self.players[seat][..side.player_count as usize];
                let below = side.below[p];
                let subordinates = (0..players.len()).filter(|&q| below >> q & 1 != 0);
                let held = subordinates
                    .clone()
                    .map(|q| players[q].ip)
                    .min()
                    .expect("subordinates");
                let neediest = subordinates
                    .clone()
                    .filter(|&q| players[q].ip == held)
                    .fold(0u16, |m, q| m | 1 << q);
                let neediest = one_of(neediest, &mut self.ties[seat][p]);
                if players[p].ip <= rules.pass_cost || held >= MAX_INITIATIVE {
                    return;
                }
                // "superior ranking players can also pass initiative to
                // subordinates": the player chooses which, among those
                // with room on the track.
                let candidates = subordinates
                    .filter(|&q| players[q].ip < MAX_INITIATIVE)
                    .fold(0u16, |m, q| m | 1 << q);
                let to = if candidates & candidates.wrapping_sub(1) == 0 {
                    neediest
                } else {
                    let at = at!(self, setup, seat, p, 0, None);
                    strategy.pass_to(&at, candidates, neediest, &mut self.seats[seat][p])
                };
                let players = &self.players[seat][..side.player_count as usize];
                let most = (players[p].ip - rules.pass_cost).min(MAX_INITIATIVE - players[to].ip);
                let at = At {
                    to: Some(to as u8),
                    ..at!(self, setup, seat, p, 0, None)
                };
                let amount =
                    strategy.pass_amount(&at, players[p].ip, most, &mut self.seats[seat][p]);
                self.players[seat][p].ip -= rules.pass_cost + amount;
                self.players[seat][to].ip += amount;
                if self.obs.on() {
                    let (ip, to_ip) = (self.players[seat][p].ip, self.players[seat][to].ip);
                    let to = side.player_names[to].clone();
                    self.tell(setup, seat, p, |decq, kard, side, player| Event::Pass {
                        decq,
                        kard,
                        side,
                        player,
                        to,
                        amount,
                        cost: rules.pass_cost,
                        ip,
                        to_ip,
                    });
                }
                self.decq.spent[seat][Spend::Pass as usize] += rules.pass_cost + amount;
                self.decq.ip_spent[seat] += rules.pass_cost + amount;
            }
            OfficerAction::Nothing => {}
            OfficerAction::Detach => {
                // For the rest of the game: its views widen again.
                self.detached[seat] |= 1 << p;
                self.versions[seat] = self.versions[seat].wrapping_add(1);
            }
        }
    }

    pub(super) fn rally<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        // A worn regiment rallies as a sound one: six dice needing 4+.
        let (defeated, by_cavalry) = match self.units[seat][i].status {
            Status::Shaken {
                defeated,
                by_cavalry,
            } => (defeated, by_cavalry),
            _ if self.worn(setup, seat, i) => (false, false),
            _ => return,
        };
        let shaken = matches!(self.units[seat][i].status, Status::Shaken { .. });
        self.players[seat][p].ip -= rules.rally_cost;
        self.decq.spent[seat][Spend::Rally as usize] += rules.rally_cost;
        self.decq.ip_spent[seat] += rules.rally_cost;
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let (kind, dice, target) = match (defeated, by_cavalry) {
            (_, true) => (RallyKind::DefeatedByCavalry, 9, 8),
            (true, false) => (RallyKind::Defeated, 6, 6),
            (false, false) => (RallyKind::Sound, 6, 4),
        };
        let sides = regiment.rating.sides as u32;
        let faces = self
            .obs
            .on()
            .then(|| events::rally_faces(&mut self.dice.clone(), dice, sides));
        let failures = (0..dice)
            .filter(|_| self.dice.random_range(1..=sides) < target)
            .count() as u8;
        stats.rallies[kind as usize].record(failures as usize);
        tally.rallies += 1;
        tally.rally_boxes += failures as u32;
        let unit = &mut self.units[seat][i];
        unit.boxes_left = unit.boxes_left.saturating_sub(failures);
        if self.obs.on() {
            let boxes_left = unit.boxes_left as u32;
            let elan = if boxes_left == 0 {
                unit.elan
            } else {
                regiment.elan
            } as u32;
            let ip = self.players[seat][p].ip;
            let regiment = told::name(setup.scenario, seat, i);
            self.tell(setup, seat, p, |decq, kard, side, player| Event::Rally {
                decq,
                kard,
                side,
                player,
                regiment,
                kind: events::rally_kind(kind),
                cost: rules.rally_cost,
                dice: faces.unwrap_or_default(),
                need: target,
                failures: failures as u32,
                boxes_left,
                elan,
                ip,
            });
        }
        let unit = &mut self.units[seat][i];
        if unit.boxes_left == 0 {
            self.set_status(setup, seat, i, Status::Removed);
            stats.removed_by_rally += 1;
            self.plan_cards(setup, seat);
        } else {
            // "this is the only way in which a unit may regenerate its Elan
            // chips to its full complement": a worn regiment keeps its
            // order, an unrallied one is ready for orders again.
            unit.elan = regiment.elan;
            if shaken {
                self.set_status(setup, seat, i, Status::Idle);
            } else {
                self.versions[seat] = self.versions[seat].wrapping_add(1);
                // A player choosing orders reads the enemy's Elan too.
                self.enemy_changed(seat);
                self.retarget(seat, i);
            }
        }
    }
}

impl<O: Observer<Event>> Game<O> {
    /// Regiment `i` of `seat` has just been given its order, its chips
    /// set: where it stood is kept, its piquet placed, the obstacles on
    /// its way counted, and skirmishers it must go through at once cast
    /// against it. One place for every way an order is given, so that a
    /// rule of giving orders is not added to only one of them.
    pub(super) fn order_given<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        self.given_at[seat][i] = self.units[seat][i].x;
        self.place_piquet(setup, seat, i);
        self.hinder(setup, seat, i);
        if self.deployed[seat.other()].skirmish != 0 {
            self.through_at_once(setup, seat, i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn the_heuristic_does_not_choose_orders_it_cannot_pay_for() {
        // Guard has the figure; Line, of its brigade, costs 4 IP to order.
        // With 3 IP and only Line waiting, an Officer Check that chose
        // Orders would do nothing: the heuristic casts instead.
        let text = "decqs = 1\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
             [army_deck]\nofficer_check = 14\ncrushing_volley = 14\n\
             [a]\ncommander = \"average\"\n\
             [[a.regiments]]\nname = \"Guard\"\nrating = \"line,reliable\"\nfigure = \"average\"\norders = [\"deploy\"]\n\
             [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\"]\n\
             [b]\ncommander = \"average\"\n[[b.regiments]]\nname = \"Enemy\"\n\
             rating = \"line,reliable\"\norders = [\"maneuver\"]\n";
        on_side_a(text, 0, &[1], |setup, game| {
            game.players[Seat::A][0].ip = 3;
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            let actions = stats.sides[Seat::A].officer_actions;
            assert_eq!(actions[OfficerAction::Orders as usize], 0, "{actions:?}");
            assert_eq!(actions[OfficerAction::Cast as usize], 1, "{actions:?}");
            // With 4 IP it orders Line, for all 4.
            game.players[Seat::A][0].ip = 4;
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            assert_eq!(
                stats.sides[Seat::A].officer_actions[OfficerAction::Orders as usize],
                1
            );
            assert_eq!(game.players[Seat::A][0].ip, 0);
        });
    }

    #[test]
    fn a_worn_regiment_may_rally_keeping_its_order() {
        // FIREFIGHT at 20": nobody engaged. Side a's Line has lost Elan to
        // fire (5 of 12 left) but is not unrallied: an Officer Check
        // rallies it ("while it still has Elan Chips ... a 4 or greater"),
        // its Elan whole again and its Move order kept.
        let text = FIREFIGHT.replace("distance = 3", "distance = 20");
        on_side_a(&text, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            let full = setup.scenario.sides[Seat::A].regiments[0].elan;
            assert_eq!(full, 12);
            game.units[Seat::A][0].elan = 10;
            game.versions[Seat::A] += 1;
            // 10 of 12 is above the heuristic's rally_worn_at (50%): no rally.
            game.players[Seat::A][0].ip = 10;
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            assert_eq!(tally.rallies, 0);
            assert_eq!(game.units[Seat::A][0].elan, 10);
            // In an engagement it may not rally at all.
            game.units[Seat::A][0].elan = 5;
            game.begin_engagement(Seat::A, 0, 0, &mut stats);
            assert!(!game.worn(setup, Seat::A, 0));
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            assert_eq!(tally.rallies, 0);
            game.end_engagement(setup, Seat::A, 0, 0, EngagementEnd::BrokenOff, &mut stats);
            assert!(game.worn(setup, Seat::A, 0));
            let boxes = game.units[Seat::A][0].boxes_left;
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            assert_eq!(tally.rallies, 1, "rallied for rally_cost");
            assert_eq!(game.players[Seat::A][0].ip, 9);
            assert_eq!(stats.rallies[RallyKind::Sound as usize].total(), 1);
            let unit = game.units[Seat::A][0];
            let failures = tally.rally_boxes as u8;
            assert_eq!(unit.boxes_left, boxes.saturating_sub(failures));
            if unit.boxes_left > 0 {
                assert_eq!(unit.elan, 12, "Elan whole again");
                assert_eq!(unit.status, Status::Ordered, "its order kept");
                assert_eq!(unit.order, OrderKind::Move);
            }
            // A regiment with all its Elan is not worn.
            assert!(!game.worn(setup, Seat::A, 0));
        });
    }

    #[test]
    fn stamina_tiers_step_every_cast() {
        on_side_a(FIREFIGHT, 0, &[], |setup, game| {
            let regiment = setup.scenario.sides[Seat::A].regiments[0];
            assert_eq!(regiment.stamina, [2, 2, 2]);
            // The proposals for the lost modifiers (the defaults are 0).
            let rules = Rules {
                tier_steps: [0, -1, -2],
                ..Rules::default()
            };
            assert_eq!(Rules::default().tier_steps, [0, 0, 0]);
            let step = |game: &mut Game, left: u8| {
                game.units[Seat::A][0].boxes_left = left;
                game.tier_step(&rules, Seat::A, 0, &regiment)
            };
            // Fresh while any top box is open: 6 or 5 left.
            assert_eq!(step(game, 6), 0);
            assert_eq!(step(game, 5), 0);
            assert_eq!(step(game, 4), -1, "Fatigued");
            assert_eq!(step(game, 3), -1);
            assert_eq!(step(game, 2), -2, "Exhausted");
            assert_eq!(step(game, 1), -2);
        });
    }
}
