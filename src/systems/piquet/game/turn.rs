//! A player's card each KARD: its top card turned, or a card played from
//! its hand (the top card discarded unseen), and what is done with a
//! turned card (used, kept, swapped into a full hand, or let go); then a
//! used card's effect.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Player `p` of `seat` turns its top card or plays one from its hand,
    /// and decides what to do with a turned card; with `FORCED`,
    /// `self.choice` (when some) is the choice made.
    // `turn`, `use_card`, `execute`, `needs` and `fire` stay out of line:
    // inlined into `play_kard`, their registers spill, and a heuristic
    // DECQ took 4% more instructions (callgrind, docs/speed.md).
    #[inline(never)]
    pub(super) fn turn<D: Decide, const FORCED: bool>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        kard_in_decq: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) -> Play {
        let forced = if FORCED { self.choice } else { None };
        let rules = setup.rules;
        let needs = self.needs(setup, seat, p);
        let strategy = &setup.strategies[seat];
        let side_stats = &mut stats.sides[seat];
        side_stats.initiative[kard_in_decq].record(needs.ip as usize);
        side_stats.initiative_by_player[p].record(needs.ip as usize);
        tally.ip_sum[seat] += needs.ip;
        tally.kards[seat] += 1;
        let at = at!(self, setup, seat, p, 0, None);
        let player = &mut self.players[seat][p];
        player.heroic = false;
        let rng = &mut self.seats[seat][p];
        let hand_play = match forced {
            Some(TurnChoice::Hand(slot)) => Some(slot),
            Some(_) => None,
            None if player.hand_len > 0 && player.ip >= rules.hand_play_cost => {
                strategy.hand_play(&at, player.hand(), player.present, &needs, rules, rng)
            }
            None => None,
        };
        // What the player held and could pay for as it chose.
        let before = self
            .obs
            .on()
            .then(|| (events::cards(player.hand()), player.ip));
        let top = player.deck[player.next];
        player.next += 1;
        let play = if let Some(slot) = hand_play {
            // The deck's top card goes to the discards unseen.
            let card = player.take_from_hand(slot);
            player.ip -= rules.hand_play_cost;
            if self.obs.on() {
                let (decq, kard) = told::when(self.decq.decq, self.kard);
                self.obs.event(Event::HandPlay {
                    decq,
                    kard,
                    side: seat.name(),
                    player: setup.scenario.sides[seat].player_names[p].clone(),
                    card: events::card(card),
                    hand: before.map(|(hand, _)| hand).unwrap_or_default(),
                    discarded: events::card(top),
                    cost: rules.hand_play_cost,
                    ip: player.ip,
                });
            }
            self.decq.spent[seat][Spend::HandPlay as usize] += rules.hand_play_cost;
            side_stats.from_hand[card.kind() as usize] += 1;
            tally.hand_plays[seat] += 1;
            self.decq.hand_plays[seat] += 1;
            self.decq.ip_spent[seat] += rules.hand_play_cost;
            Play {
                card,
                from_hand: true,
                used: true,
            }
        } else {
            self.decq.turned[seat][top.kind() as usize] += 1;
            let room = player.hand_len < player.hand_size;
            let choice = match forced {
                Some(TurnChoice::Turned(choice)) => choice,
                _ => strategy.turned(&at, top.kind(), player.hand(), room, &needs, rules, rng),
            };
            let mut swapped = None;
            match choice {
                TurnedUse::Use => {}
                TurnedUse::Keep(discard) => {
                    // A swap needs a card to discard and the IP; a strategy
                    // that offers neither for a full hand keeps nothing.
                    debug_assert!(room || (discard.is_some() && player.ip >= rules.hand_swap_cost));
                    if let Some(slot) = discard.filter(|_| !room) {
                        swapped = Some(player.take_from_hand(slot));
                        player.ip -= rules.hand_swap_cost;
                        self.decq.spent[seat][Spend::HandSwap as usize] += rules.hand_swap_cost;
                        self.decq.hand_swaps[seat] += 1;
                        self.decq.ip_spent[seat] += rules.hand_swap_cost;
                    } else {
                        self.decq.hand_keeps[seat] += 1;
                    }
                    player.add_to_hand(top);
                }
                TurnedUse::Pass => {}
            }
            if self.obs.on() {
                let (hand, ip) = before.unwrap_or_default();
                let swap = !room && !hand.is_empty() && ip >= rules.hand_swap_cost;
                let options = ["use", if room { "keep" } else { "swap" }, "pass"]
                    .into_iter()
                    .filter(|&o| o != "swap" || swap)
                    .collect();
                let could_play = match ip >= rules.hand_play_cost {
                    true => hand,
                    false => Vec::new(),
                };
                let (decq, kard) = told::when(self.decq.decq, self.kard);
                self.obs.event(Event::Turn {
                    decq,
                    kard,
                    side: seat.name(),
                    player: setup.scenario.sides[seat].player_names[p].clone(),
                    card: events::card(top),
                    choice: match (choice, swapped) {
                        (TurnedUse::Use, _) => "use",
                        (TurnedUse::Keep(_), Some(_)) => "swap",
                        (TurnedUse::Keep(_), None) => "keep",
                        (TurnedUse::Pass, _) => "pass",
                    },
                    options,
                    could_play,
                    discarded: swapped.map(events::card),
                    cost: if swapped.is_some() {
                        rules.hand_swap_cost
                    } else {
                        0
                    },
                    ip: player.ip,
                });
            }
            if kard_in_decq == 0 && self.kard == 1 && p == 0 {
                self.first_decision[seat] = top.code() as u64 * 4
                    + match choice {
                        TurnedUse::Use => 0,
                        TurnedUse::Keep(_) => 1,
                        TurnedUse::Pass => 2,
                    };
            }
            Play {
                card: top,
                from_hand: false,
                used: choice == TurnedUse::Use,
            }
        };
        if play.card.kind() == Kind::DressLines {
            self.decq.dress_lines[seat] += 1;
        }
        play
    }

    /// The players of `seat` sharing a deck (`Side::sharers`) take the
    /// card of this KARD their deck's holder turned (`plays`, filled for
    /// the holders): the same card, for their own command and paid from
    /// their own initiative ("As long as each player maintains their own
    /// initiative total, the mechanic will function"). They keep no hand.
    #[cold]
    #[inline(never)]
    pub(super) fn share<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        plays: &mut [Play; MAX_PLAYERS],
        kard_in_decq: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let side = &setup.scenario.sides[seat];
        let mut sharers = side.sharers;
        while sharers != 0 {
            let p = sharers.trailing_zeros() as usize;
            sharers &= sharers - 1;
            let holder = side.deck_of[p] as usize;
            let held = plays[holder];
            let player = &mut self.players[seat][p];
            // The KARD's start, as `turn` has it for a player with a deck.
            let side_stats = &mut stats.sides[seat];
            side_stats.initiative[kard_in_decq].record(player.ip as usize);
            side_stats.initiative_by_player[p].record(player.ip as usize);
            tally.ip_sum[seat] += player.ip;
            tally.kards[seat] += 1;
            player.heroic = false;
            // Each card once: a card the holder kept, played later from its
            // hand, was the sharers' when turned (`turned`), or is theirs
            // only when the holder uses it (`used`).
            let uses = match setup.rules.shared_card_used {
                false => !held.from_hand,
                true => held.used,
            };
            if self.obs.on() {
                let holder = side.player_names[holder].clone();
                let card = events::card(held.card);
                self.tell(setup, seat, p, |decq, kard, side, player| Event::Shares {
                    decq,
                    kard,
                    side,
                    player,
                    holder,
                    card,
                    uses,
                });
            }
            plays[p] = Play {
                card: held.card,
                from_hand: held.from_hand,
                used: uses,
            };
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn use_card<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        kind: Kind,
        from_hand: bool,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let kind = if kind == Kind::BrilliantLeader {
            let needs = self.needs(setup, seat, p);
            let at = at!(self, setup, seat, p, 0, None);
            let kind = setup.strategies[seat].brilliant(&at, &needs, &mut self.seats[seat][p]);
            if self.obs.on() {
                let acts_as = kind.name().to_string();
                self.tell(setup, seat, p, |decq, kard, side, player| {
                    Event::Brilliant {
                        decq,
                        kard,
                        side,
                        player,
                        acts_as,
                    }
                });
            }
            kind
        } else {
            kind
        };
        if self.obs.on() {
            self.tell_card(setup, seat, p, kind);
        }
        match kind {
            Kind::OfficerCheck => self.officer_check(setup, seat, p, stats, tally),
            Kind::HeroicMoment => self.players[seat][p].heroic = true,
            Kind::CrushingVolley => self.volley_up[seat] |= self.command(setup, seat, p),
            Kind::MusketReload => self.reload(setup, seat, p, Arm::Infantry),
            Kind::ArtilleryReload => self.reload(setup, seat, p, Arm::Artillery),
            Kind::DressLines if setup.rules.dress_lines_rally => {
                let rules = setup.rules;
                // Note 15: "rally one, and only one, unit": an unrallied
                // one first; else the most worn, if the player will.
                if self.players[seat][p].ip >= rules.rally_cost {
                    if let Some(unit) = self.next_rally(setup, seat, p) {
                        self.rally(setup, seat, p, unit, stats, tally);
                    } else if let Some(unit) = self.most_worn(setup, seat, p) {
                        let full = setup.scenario.sides[seat].regiments[unit].elan as u32;
                        if setup.strategies[seat].rally(
                            &at!(self, setup, seat, p, 1 << unit, None),
                            false,
                            self.units[seat][unit].elan as u32,
                            full,
                            &mut self.seats[seat][p],
                        ) {
                            self.rally(setup, seat, p, unit, stats, tally);
                        }
                    }
                }
            }
            _ => self.execute(setup, seat, p, kind, from_hand, stats, tally),
        }
    }
}
