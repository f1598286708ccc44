//! Orders executed when a matching card comes up: each waiting regiment
//! casts against its movement chips (extra casts and an attached figure's
//! help bought for IP), and a completed order moves, deploys or closes to
//! assault.

use super::*;
use crate::systems::piquet::strategy::one_of;

/// A card's performance casts against an order's chips (`Game::cast_against`):
/// the chips left, the casts made, and each one's faces and chips removed
/// when observed.
struct Casts {
    chips: u32,
    count: u32,
    faces: Vec<Vec<u32>>,
    removals: Vec<u32>,
}

/// Regiments a card executes as one (`Game::executing`).
struct Executing {
    group: u16,
    /// Whose dice are cast.
    lead: usize,
    /// The pool's chips before the card, and what a figure takes off it.
    given: u32,
    figure: u32,
}

impl<O: Observer<Event>> Game<O> {
    /// A card that executes orders: each of the player's regiments with a
    /// matching order casts against its chips.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn execute<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        kind: Kind,
        from_hand: bool,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let strategy = &setup.strategies[seat];
        let attached = self.attached(setup, seat, p);
        let mut executed_any = false;
        // A card executes the orders of the regiments its player commands,
        // directly or through the players below it. Executing one changes no
        // other regiment of the side, so the set is read once.
        let roster = self.reach_roster(setup, seat, p);
        // On a shared deck's card, a player below on the same deck acts
        // for its own: one card, one execution of each order.
        let mut matching = roster.waiting_units[kind as usize] & !self.yielded(setup, seat, p);
        if self.obs.on() && matching == 0 {
            let card = kind.name().to_string();
            self.tell(setup, seat, p, |decq, kard, side, player| {
                Event::NothingWaits {
                    decq,
                    kard,
                    side,
                    player,
                    card,
                }
            });
        }
        let under_figure = match matching {
            0 => 0,
            _ => self.under_figure(setup, seat),
        };
        // The regiments are equal to the player: while it has the IP to
        // buy anything (an extra cast, the attached figure's execution, a
        // first cast under a figure), the order they execute in, and so
        // the IP each may get, is drawn.
        let cheapest = rules
            .cast_cost(1)
            .unwrap_or(u32::MAX)
            .min(rules.attached_cost)
            .min(rules.figure_command_cost);
        let drawn =
            matching & (matching.wrapping_sub(1)) != 0 && self.players[seat][p].ip >= cheapest;
        while matching != 0 {
            let i = if drawn {
                one_of(matching, &mut self.ties[seat][p])
            } else {
                matching.trailing_zeros() as usize
            };
            matching &= !(1 << i);
            let unit = self.units[seat][i];
            let Executing {
                group,
                lead,
                given,
                figure,
            } = self.executing(setup, seat, i, matching);
            matching &= !group;
            let ip_before = self.players[seat][p].ip;
            // Under an attached subordinate figure's command, even the
            // first cast costs IP: without it the order waits.
            let first_cast = if under_figure & group != 0 {
                rules.figure_command_cost
            } else {
                0
            };
            if first_cast > 0 {
                let player = &mut self.players[seat][p];
                if player.ip < first_cast
                    || !strategy.extra_cast(
                        &at!(self, setup, seat, p, group, None),
                        player.ip,
                        first_cast,
                        given,
                        &mut self.seats[seat][p],
                    )
                {
                    if self.obs.on() {
                        // The whole group waits.
                        for regiment in told::names(setup.scenario, seat, group) {
                            self.tell(setup, seat, p, |decq, kard, side, player| Event::Waits {
                                decq,
                                kard,
                                side,
                                player,
                                regiment,
                                order: unit.order.name(),
                                cost: first_cast,
                            });
                        }
                    }
                    continue;
                }
                player.ip -= first_cast;
                self.decq.spent[seat][Spend::Attached as usize] += first_cast;
                self.decq.ip_spent[seat] += first_cast;
            }
            self.first_executions(seat, group, stats, tally);
            let player = &mut self.players[seat][p];
            // An attached subordinate figure removes its chips once on each
            // turn of the card, beside whatever the casts remove.
            let mut chips = given.saturating_sub(figure);
            let after_figure = chips;
            if attached.is_some_and(|a| group >> a & 1 != 0)
                && chips > 0
                && player.ip >= rules.attached_cost
                && strategy.attached(
                    &at!(self, setup, seat, p, group, None),
                    &mut self.seats[seat][p],
                )
            {
                player.ip -= rules.attached_cost;
                self.decq.spent[seat][Spend::Attached as usize] += rules.attached_cost;
                self.decq.ip_spent[seat] += rules.attached_cost;
                chips = 0;
            }
            let Casts {
                chips,
                count: casts,
                faces,
                removals,
            } = self.cast_against(setup, seat, p, group, lead, chips, stats);
            if self.obs.on() {
                let ip = self.players[seat][p].ip;
                self.tell(setup, seat, p, |decq, kard, side, player| Event::Execute {
                    decq,
                    kard,
                    side,
                    player,
                    regiment: told::name(setup.scenario, seat, lead),
                    with: told::names(setup.scenario, seat, group & !(1 << lead)),
                    order: unit.order.name(),
                    chips: given,
                    figure: given - after_figure,
                    bought: after_figure > 0 && casts == 0 && chips == 0,
                    casts: faces,
                    removed: removals,
                    chips_left: chips,
                    cost: ip_before - ip,
                    ip,
                });
            }
            executed_any = true;
            let members = group.count_ones();
            tally.executions[seat] += members;
            self.decq.executions[seat] += members;
            if from_hand {
                stats.sides[seat].executions_from_hand += members as u64;
            }
            let mut rest = group;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.units[seat][j].chips = chips as u8;
                if chips == 0 {
                    self.complete(setup, seat, j, stats, tally);
                }
            }
        }
        // A hand play counts once, however many players share its card.
        if from_hand && executed_any {
            let deck = setup.scenario.sides[seat].deck_of[p] as usize;
            if self.hand_play_executed[seat][deck] != self.kard {
                self.hand_play_executed[seat][deck] = self.kard;
                stats.sides[seat].hand_plays_executing += 1;
            }
        }
    }

    /// The group's performance casts against its `chips` on this card,
    /// with `lead`'s dice: the first free, a second and third bought for
    /// IP while the player will.
    #[allow(clippy::too_many_arguments)]
    fn cast_against<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        group: u16,
        lead: usize,
        mut chips: u32,
        stats: &mut Stats,
    ) -> Casts {
        let rules = setup.rules;
        let strategy = &setup.strategies[seat];
        let regiment = &setup.scenario.sides[seat].regiments[lead];
        let mut casts = 0;
        let (mut faces, mut removals) = (Vec::new(), Vec::new());
        while chips > 0 {
            let Some(cost) = rules.cast_cost(casts) else {
                break;
            };
            if casts > 0 {
                let player = &mut self.players[seat][p];
                if player.ip < cost
                    || !strategy.extra_cast(
                        &at!(self, setup, seat, p, group, None),
                        player.ip,
                        cost,
                        chips,
                        &mut self.seats[seat][p],
                    )
                {
                    break;
                }
                player.ip -= cost;
                self.decq.spent[seat][Spend::ExtraCast as usize] += cost;
                stats.sides[seat].extra_casts += 1;
                self.decq.ip_spent[seat] += cost;
            }
            let r = regiment.rating;
            let step = r.step + self.tier_step(rules, seat, lead, regiment);
            let told = self.obs.on().then(|| {
                let mut dice = self.dice.clone();
                events::cast_faces(&mut dice, r.sides, r.dice, step, rules.beyond_four)
            });
            let removed = cast(&mut self.dice, r.sides, r.dice, step, rules.beyond_four);
            if let Some((dice, value)) = told {
                assert_eq!(value, removed, "a cast's faces read as the game read them");
                faces.push(dice);
                removals.push(removed);
            }
            chips = chips.saturating_sub(removed);
            casts += 1;
            stats.sides[seat].performance_casts += 1;
        }
        Casts {
            chips,
            count: casts,
            faces,
            removals,
        }
    }

    /// What executes with regiment `i`, of those `waiting` for the card.
    /// Under `weakest_link` the regiments given this order with `i` execute
    /// it with `i`, as one: the least elite casts, against one pool of the
    /// most chips any of them was given, less the most any figure with
    /// them removes.
    #[inline]
    fn executing<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        waiting: u16,
    ) -> Executing {
        let side = &setup.scenario.sides[seat];
        let unit = &self.units[seat][i];
        let mates = match setup.rules.weakest_link && waiting & unit.group != 0 {
            true => self.ordered_with(setup, seat, i, waiting),
            false => 0,
        };
        if mates == 0 {
            return Executing {
                group: 1 << i,
                lead: i,
                given: unit.chips as u32,
                figure: side.regiments[i].figure as u32,
            };
        }
        let group = mates | 1 << i;
        let (mut given, mut figure) = (0u32, 0u32);
        let mut rest = group;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            given = given.max(self.units[seat][j].chips as u32);
            figure = figure.max(side.regiments[j].figure as u32);
        }
        Executing {
            group,
            lead: self.least_elite(setup, seat, group),
            given,
            figure,
        }
    }

    /// The first execution of each order of `group` not yet executed: the
    /// wait from its issue.
    #[inline]
    fn first_executions(
        &mut self,
        seat: Seat,
        group: u16,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let mut rest = group;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let member = self.units[seat][j];
            if !member.executed {
                let wait = self.kard - member.issued;
                stats.sides[seat].first_execution[member.order as usize].record(wait as u64);
                if member.order == OrderKind::Move {
                    tally.move_wait[seat] += wait;
                    tally.move_orders[seat] += 1;
                }
                self.units[seat][j].executed = true;
            }
        }
    }

    /// Regiment `i`'s order complete: the next of its plan is due, and
    /// the order's effect (move, maneuver, deploy, close to assault); a
    /// Maneuver out of an assault, which was no order of its plan, retires
    /// it from the fight.
    #[inline]
    fn complete<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        if self.units[seat][i].order == OrderKind::Assault
            && self.units[seat][i].status == Status::Ordered
        {
            if let Some(edge) = self.assault_horizon(setup, seat, i) {
                // Piquet Combat: "If a formed enemy unit decides to Engage
                // or Assault the objective the piquet is occupying", the
                // piquet may hold it, the assault stopping short.
                let x = self.units[seat][i].x;
                let horizon = facing(seat) * (edge - x);
                let kept_out = match setup.rules.piquets_hold {
                    true => self.meet_piquet(setup, seat, i, horizon, stats, tally),
                    false => None,
                };
                match kept_out {
                    Some(stop) => {
                        self.halt_assault(setup, seat, i, x + facing(seat) * stop, "piquet")
                    }
                    None => self.halt_assault(setup, seat, i, edge, "halts"),
                }
                return;
            }
            let target = self.units[seat][i].target as usize;
            if self.deployed[seat.other()].skirmishing(target)
                && self.through_skirmishers(setup, seat, i)
            {
                return;
            }
        }
        // Skirmishers in a Move's way: their cast as more chips first.
        if self.units[seat][i].order == OrderKind::Move
            && self.units[seat][i].status == Status::Ordered
            && self.deployed[seat.other()].skirmish != 0
            && self.move_through(setup, seat, i)
        {
            return;
        }
        let unit = &mut self.units[seat][i];
        let order = unit.order;
        stats.sides[seat].completion[order as usize].record((self.kard - unit.issued) as u64);
        if unit.status == Status::Retiring {
            self.retire(setup, seat, i, stats, tally);
            return;
        }
        let regiment = &setup.scenario.sides[seat].regiments[i];
        if !regiment.chosen {
            unit.plan_at = (unit.plan_at + 1) % regiment.plan_len;
        }
        match order {
            OrderKind::Assault => {
                let t = self.units[seat][i].target as usize;
                if self.deployed[seat].skirmishing(i) && self.skirmish_barred(setup, seat, i, t) {
                    self.engage_instead(setup, seat, i, t);
                } else {
                    self.set_status(setup, seat, i, Status::Closing);
                    self.contact(setup, seat, i, stats);
                }
            }
            // A second line follows a completed order, moved or not.
            OrderKind::Move => {
                self.close_in(setup, seat, i, stats, tally);
                self.set_status(setup, seat, i, Status::Idle);
                self.carry(setup, seat, i);
                self.follow(setup, seat, i);
            }
            OrderKind::Maneuver => {
                self.maneuver(setup, seat, i);
                self.set_status(setup, seat, i, Status::Idle);
                self.follow(setup, seat, i);
            }
            OrderKind::Deploy => {
                if regiment.deploys_len != 0 || regiment.chosen {
                    self.redeploy(setup, seat, i);
                }
                self.set_status(setup, seat, i, Status::Idle);
            }
        }
    }

    /// An assault stopped at the terrain objective on its way (`edge`), or
    /// short of it where enemy piquets held it (`why` `piquet`): still
    /// under its Assault order, it waits for the next Melee Resolution
    /// card with the order's chips again, as a new leg of the move (the
    /// chip table was lost).
    fn halt_assault<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        edge: i32,
        why: &'static str,
    ) {
        let from = self.units[seat][i].x;
        self.units[seat][i].x = edge;
        self.units[seat][i].chips = setup.scenario.chips[OrderKind::Assault as usize];
        if self.obs.on() && from != edge {
            self.tell_move(setup, seat, i, from, why);
        }
        self.moved(setup);
        self.hinder(setup, seat, i);
        self.clear_defeated(setup);
        self.follow(setup, seat, i);
    }

    /// The regiments of `waiting` given their order with regiment `i` (on
    /// the same KARD, in the same group) that move with it: those of the
    /// same player (a group spanning players keeps one pool for each
    /// player's part, which its own cards execute), and not the regiment
    /// that player's own figure is attached to, which "may automatically
    /// execute the order" for itself (on whichever player's card).
    fn ordered_with<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        waiting: u16,
    ) -> u16 {
        let side = &setup.scenario.sides[seat];
        let unit = &self.units[seat][i];
        let player = side.regiments[i].player;
        let alone = self
            .attached(setup, seat, player as usize)
            .map_or(0, |a| 1u16 << a);
        if alone >> i & 1 != 0 {
            return 0;
        }
        let mut mates = 0;
        let mut rest = waiting & unit.group & side.owned[player as usize] & !alone;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mate = &self.units[seat][j];
            if mate.group == unit.group && mate.issued == unit.issued {
                mates |= 1 << j;
            }
        }
        mates
    }

    /// The least elite regiment of `group`, whose dice it casts: "the
    /// eliteness rating will determine the die type", so the smallest die
    /// type; among those the fewest dice, then the most steps down (its
    /// stamina tier's included); then the first listed. Eliteness rates
    /// "infantry and cavalry units": an artillery company (its die set by
    /// poundage) casts only for a group of companies.
    fn least_elite<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, group: u16) -> usize {
        let side = &setup.scenario.sides[seat];
        let (mut least, mut key) = (0, (true, u8::MAX, u8::MAX, i32::MAX));
        let mut rest = group;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let regiment = &side.regiments[j];
            let r = regiment.rating;
            let step = r.step + self.tier_step(setup.rules, seat, j, regiment);
            let company = regiment.arm == Arm::Artillery;
            if (company, r.sides, r.dice, step) < key {
                (least, key) = (j, (company, r.sides, r.dice, step));
            }
        }
        least
    }

    /// Steps a unit's performance casts are adjusted by for its stamina
    /// tier: Fresh while any top-tier box is open, Fatigued while any
    /// middle-tier box is, else Exhausted.
    #[inline]
    pub(super) fn tier_step(
        &self,
        rules: &Rules,
        seat: Seat,
        i: usize,
        regiment: &Regiment,
    ) -> i32 {
        let checked = regiment.boxes() as u8 - self.units[seat][i].boxes_left;
        let [fresh, fatigued, _] = regiment.stamina;
        let tier = if checked < fresh {
            0
        } else if checked < fresh + fatigued {
            1
        } else {
            2
        };
        rules.tier_steps[tier]
    }

    /// Whether idle regiment `i`, not carried by another's orders
    /// (`carried`) and following a plan (not chosen), may be given its
    /// plan's next order now by player `p`: an assault waits while the
    /// player holds it back (its target's Elan above `assault_at_elan`).
    #[inline]
    pub(super) fn may_order<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
        asking: bool,
    ) -> bool {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let next = regiment.plan[self.units[seat][i].plan_at as usize];
        next != OrderKind::Assault
            || setup.strategies[seat].assault_now(
                &at!(self, setup, seat, p, 1 << i, Some(regiment.target)),
                self.units[seat.other()][regiment.target as usize].elan as u32,
                asking,
            )
    }

    /// Whether regiment `i` of `seat`, fighting an assault, may be given a
    /// Maneuver order out of it now by player `p` (rule
    /// `assault_maneuver`): one already retiring may not be again.
    #[inline]
    pub(super) fn may_retire<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
        asking: bool,
    ) -> bool {
        let unit = &self.units[seat][i];
        if !setup.rules.assault_maneuver || unit.status != Status::Fighting {
            return false;
        }
        let full = setup.scenario.sides[seat].regiments[i].elan as u32;
        let enemy_elan = self.enemy_elan_in_assault(seat, i);
        setup.strategies[seat].retire_now(
            &at!(self, setup, seat, p, 1 << i, None),
            unit.elan as u32,
            full,
            enemy_elan,
            asking,
        )
    }

    pub(super) fn perform(&mut self, rating: Rating, heroic: i32, rules: &Rules) -> u32 {
        cast(
            &mut self.dice,
            rating.sides,
            rating.dice,
            rating.step + heroic,
            rules.beyond_four,
        )
    }
}
