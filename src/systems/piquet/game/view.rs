//! What each player sees of its side, and the rosters that keep it: the
//! regiments a player may order, rally or execute for, read again only
//! when a status changes (`set_status` is the one way a status changes).

use super::*;

impl<O: Observer<Event>> Game<O> {
    pub(super) fn plan_cards<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat) {
        // A regiment another's orders carry wants no card of its own.
        let carried = self.carried_set(setup, seat);
        self.planned[seat] = self.units[seat]
            .iter()
            .zip(setup.scenario.sides[seat].regiments())
            .enumerate()
            .filter(|(i, (unit, _))| unit.status != Status::Removed && carried >> i & 1 == 0)
            .fold(0, |m, (_, (_, regiment))| m | regiment.plan_kinds());
        self.versions[seat] = self.versions[seat].wrapping_add(1);
    }

    /// What player `p` of `seat` sees: its own regiments, and a player
    /// with subordinates theirs too, at any depth (it may order theirs for
    /// the bypass cost, and its cards execute theirs).
    /// Read again only when the side's regiments have changed; the
    /// initiative is always current.
    #[inline(always)]
    pub(super) fn needs<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> Needs {
        let version = self.versions[seat];
        let mut needs = match self.views[seat][p] {
            (read, needs) if read == version => needs,
            _ => {
                let needs = self.read_view(setup, seat, p);
                self.views[seat][p] = (version, needs);
                needs
            }
        };
        let side = &setup.scenario.sides[seat];
        let players = &self.players[seat][..side.player_count as usize];
        needs.ip = players[p].ip;
        if needs.subordinates > 0 {
            let below = side.below[p];
            needs.neediest = (0..players.len())
                .filter(|&q| below >> q & 1 != 0)
                .map(|q| players[q].ip)
                .min()
                .unwrap_or(0);
        }
        // Fire changes nothing a view reads, so its needs come from masks:
        // the reload cards "execute" the unloaded regiments and companies
        // the player's cards reach, a Crushing Volley the loaded ones with
        // an enemy in range.
        let reach = side.commands[p] & self.totals[seat].able();
        let unloaded = side.commands[p] & self.reloadable(setup.rules, side.artillery, seat);
        // Infantry, and "skirmishing cavalry".
        let muskets = side.infantry | self.deployed[seat].skirmish & !side.artillery;
        let infantry = (unloaded & muskets).count_ones() as u8;
        let artillery = (unloaded & side.artillery).count_ones() as u8;
        needs.executions[Kind::MusketReload as usize] = infantry;
        needs.executions[Kind::ArtilleryReload as usize] = artillery;
        let bits = ((infantry > 0) as u16) << Kind::MusketReload as u16
            | ((artillery > 0) as u16) << Kind::ArtilleryReload as u16;
        needs.executable = needs.executable & !RELOAD_KINDS | bits;
        if reach & self.loaded[seat] != 0 {
            let aimed = self.aimed(setup, seat);
            needs.volley_ready = (reach & self.loaded[seat] & aimed).count_ones() as u8;
        }
        if setup.rules.assault_maneuver && self.totals[seat].fighting & side.commands[p] != 0 {
            (needs.retreats, needs.retreat_elan) = self.retreats(setup, seat, p);
        }
        needs
    }

    /// The regiments fighting an assault player `p` of `seat` may order out
    /// of it (each alone), and the least Elan share, in percent rounded up,
    /// of those that have lost Elan and hold less than the enemy in their
    /// fight (100: none). Outside the cached view: every round moves Elan.
    fn retreats<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> (u8, u8) {
        let side = &setup.scenario.sides[seat];
        let attached = self.attached(setup, seat, p);
        let mut fighting = match attached {
            None => self.reach_roster(setup, seat, p).fighting,
            Some(a) => self.rosters[seat][p].fighting & 1 << a,
        };
        let (mut retreats, mut least) = (0, 100);
        while fighting != 0 {
            let i = fighting.trailing_zeros() as usize;
            fighting &= fighting - 1;
            let unit = &self.units[seat][i];
            // Those already ordered out are retiring, not fighting.
            if unit.status != Status::Fighting {
                continue;
            }
            retreats += 1;
            let (elan, full) = (unit.elan as u32, side.regiments[i].elan as u32);
            if elan < full && elan < self.enemy_elan_in_assault(seat, i) {
                least = least.min((elan * 100).div_ceil(full) as u8);
            }
        }
        (retreats, least)
    }

    pub(super) fn read_view<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> Needs {
        let side = &setup.scenario.sides[seat];
        let chief = side.leads(p);
        let own = &self.rosters[seat][p];
        let view = self.reach_roster(setup, seat, p);
        let attached = self.attached(setup, seat, p);
        let allowed = attached.map_or(u16::MAX, |a| 1 << a);
        let mut groups = 0u64;
        let mut idle = if chief && attached.is_none() {
            view.idle
        } else {
            own.idle & allowed
        } & !self.carried_set(setup, seat);
        let rules = setup.rules;
        let under_figure = if idle == 0 {
            0
        } else {
            self.under_figure(setup, seat)
        };
        let mut order_cost = u32::MAX;
        while idle != 0 {
            let i = idle.trailing_zeros() as usize;
            idle &= idle - 1;
            let regiment = &side.regiments[i];
            let next = if side.chosen >> i & 1 == 0 {
                if !self.may_order(setup, seat, p, i, false) {
                    continue;
                }
                regiment.plan[self.units[seat][i].plan_at as usize]
            } else {
                match self.would_order(setup, seat, p, i) {
                    Some(order) => order,
                    None => continue,
                }
            };
            groups |= 1 << (regiment.brigade as usize * ORDER_KINDS + next as usize);
            let base = match under_figure >> i & 1 {
                0 => rules.order_cost,
                _ => rules.figure_command_cost,
            };
            let bypassed = side.bypass(p, regiment.player as usize, rules.bypass_each_player);
            let bypass = bypassed.count_ones() * rules.bypass_cost;
            order_cost = order_cost.min(base + bypass);
        }
        let executions = view.waiting;
        // The least Elan share of the player's own worn regiments.
        let mut worn_elan = 100;
        let mut formed = (own.idle | own.ordered | own.closing) & allowed;
        while formed != 0 {
            let i = formed.trailing_zeros() as usize;
            formed &= formed - 1;
            // Most regiments are at full Elan: that test first, inline.
            let full = side.regiments[i].elan as u32;
            if (self.units[seat][i].elan as u32) < full && self.worn(setup, seat, i) {
                // Rounded up: a share at most a whole per cent T is at most
                // T exactly, as the rally decision compares it.
                worn_elan = worn_elan.min((self.units[seat][i].elan as u32 * 100).div_ceil(full));
            }
        }
        Needs {
            ip: 0,
            executions,
            volley_ready: 0,
            executable: view.waiting_kinds & ((1 << BASIC) - 1),
            planned: self.planned[seat],
            order_groups: groups.count_ones(),
            order_cost: if order_cost == u32::MAX {
                0
            } else {
                order_cost
            },
            rallies: (own.shaken & allowed).count_ones(),
            worn_elan,
            // Read on every view (`retreats`): rounds move Elan.
            retreats: 0,
            retreat_elan: 100,
            in_assault: view.fighting != 0,
            may_cast: attached.is_none(),
            // Passing initiative down is an Officer Check action: an
            // attached commander may not (rule `attached_pass`).
            subordinates: if chief && (attached.is_none() || rules.attached_pass) {
                side.below[p].count_ones()
            } else {
                0
            },
            neediest: 0,
        }
    }

    /// Whether regiment `i` of `seat` may be rallied "while it still has
    /// Elan Chips": it has lost some, it may fight (not unrallied, not
    /// removed), and it is neither fighting an assault nor in an
    /// engagement ("Units that are Engaged or Assaulting may not rally on
    /// the CARD that they are Engaged or Assaulted").
    #[inline]
    pub(super) fn worn<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> bool {
        let unit = &self.units[seat][i];
        matches!(
            unit.status,
            Status::Idle | Status::Ordered | Status::Closing
        ) && unit.elan > 0
            && unit.elan < setup.scenario.sides[seat].regiments[i].elan
            && !self.in_engagement(seat, i)
    }

    /// Whether regiment `i` of `seat` is in an engagement in progress.
    #[inline]
    pub(super) fn in_engagement(&self, seat: Seat, i: usize) -> bool {
        match seat {
            Seat::A => self.engaged[i] != 0,
            Seat::B => self.engaged.iter().any(|m| m >> i & 1 != 0),
        }
    }

    /// The regiment player `p`'s own figure is attached to, while it is in
    /// the game.
    #[inline]
    pub(super) fn attached<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
    ) -> Option<usize> {
        setup.scenario.sides[seat].players[p]
            .attached_to
            .map(|a| a as usize)
            .filter(|&a| self.units[seat][a].status != Status::Removed)
            .filter(|_| self.detached[seat] >> p & 1 == 0)
    }

    /// Regiments under an attached subordinate figure's command other than
    /// the one it is attached to (the rest of its brigade), while the
    /// figure's regiment is in the game: their casts and orders cost
    /// `figure_command_cost`.
    #[inline]
    pub(super) fn under_figure<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat) -> u16 {
        setup.scenario.sides[seat]
            .figure_commands
            .iter()
            .filter(|&&(f, _)| self.units[seat][f as usize].status != Status::Removed)
            .fold(0, |mask, &(_, command)| mask | command)
    }

    /// Regiments player `p` may order or rally: its own, or only the one
    /// its figure is attached to.
    pub(super) fn own<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
    ) -> bool {
        setup.scenario.sides[seat].regiments[i].player as usize == p
            && self.attached(setup, seat, p).is_none_or(|a| a == i)
    }

    /// The regiments player `p`'s cards reach: its own and those of every
    /// player below it.
    #[inline]
    pub(super) fn command<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> u16 {
        setup.scenario.sides[seat].commands[p]
    }

    /// The regiments player `p`'s card leaves to the players below it that
    /// share its deck: they act on its cards themselves (rule
    /// `shared_card`), and a card they already acted on when it was
    /// turned, kept and played later from the hand, does not serve their
    /// regiments a second time (`turned`).
    #[inline]
    pub(super) fn yielded<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> u16 {
        setup.scenario.sides[seat].yield_to[p]
    }

    /// Every status change goes through here, keeping the rosters.
    pub(super) fn set_status<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        status: Status,
    ) {
        self.versions[seat] = self.versions[seat].wrapping_add(1);
        // A player choosing orders reads the enemy's statuses too.
        if self.choosing != 0 {
            self.enemy_changed(seat);
        }
        self.file(setup, seat, i, false);
        let was = self.units[seat][i].status;
        self.units[seat][i].status = status;
        if self.obs.on() && was != status {
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| Event::Status {
                decq,
                kard,
                side,
                regiment,
                from: events::status(was),
                to: events::status(status),
            });
        }
        self.file(setup, seat, i, true);
        self.retarget(seat, i);
        // A regiment defeated, or an enemy formed again by a rally where it
        // stands: a defeated one within Engagement range withdraws.
        let defeated = matches!(status, Status::Shaken { defeated: true, .. });
        let formed = matches!(was, Status::Shaken { .. })
            && !matches!(status, Status::Shaken { .. } | Status::Removed);
        if defeated || formed {
            self.clear_defeated(setup);
        }
    }

    /// Enters regiment `i` in (or takes it out of) its player's roster and
    /// its side's, under its status. Always inline: called as a function
    /// it cost 2% more instructions a DECQ.
    #[inline(always)]
    pub(super) fn file<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        enter: bool,
    ) {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let unit = &self.units[seat][i];
        let bit = 1u16 << i;
        let card = unit.order.card(regiment.arm) as usize;
        let status = unit.status;
        let player = regiment.player as usize;
        self.rosters[seat][player].file(status, card, bit, enter);
        self.totals[seat].file(status, card, bit, enter);
        let middles = setup.scenario.sides[seat].middle_over[player];
        if middles != 0 {
            self.file_middles(seat, middles, status, card, bit, enter);
        }
    }

    /// `file` for the middle players over a regiment (a chain three levels
    /// deep): out of line, so the usual two levels pay one test.
    #[cold]
    #[inline(never)]
    fn file_middles(
        &mut self,
        seat: Seat,
        mut middles: u8,
        status: Status,
        card: usize,
        bit: u16,
        enter: bool,
    ) {
        while middles != 0 {
            let q = middles.trailing_zeros() as usize;
            middles &= middles - 1;
            self.commanded[seat][q].file(status, card, bit, enter);
        }
    }

    /// The regiments player `p`'s cards reach, by status: the whole side's
    /// for its commander, a middle player's own and those below it, else
    /// its own.
    #[inline]
    pub(super) fn reach_roster<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
    ) -> &Roster {
        if p == 0 {
            &self.totals[seat]
        } else if setup.scenario.sides[seat].middle >> p & 1 != 0 {
            &self.commanded[seat][p]
        } else {
            &self.rosters[seat][p]
        }
    }

    /// A change of place: what is in range may differ, and so may what a
    /// player choosing orders would order (its view is read again).
    #[inline]
    pub(super) fn moved<D: Decide>(&mut self, _setup: &Setup<'_, D>) {
        self.geometry = self.geometry.wrapping_add(1);
        if self.choosing != 0 {
            self.choosers_read_again();
        }
    }

    /// Something of `seat`'s changed that the other side's view reads when
    /// its players choose orders.
    #[inline]
    pub(super) fn enemy_changed(&mut self, seat: Seat) {
        let other = seat.other();
        if self.choosing >> other as u8 & 1 != 0 {
            self.versions[other] = self.versions[other].wrapping_add(1);
        }
    }

    /// The views of every side whose players choose orders, read again.
    #[cold]
    pub(super) fn choosers_read_again(&mut self) {
        for seat in Seat::BOTH {
            if self.choosing >> seat as u8 & 1 != 0 {
                self.versions[seat] = self.versions[seat].wrapping_add(1);
            }
        }
    }
}
