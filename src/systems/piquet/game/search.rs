//! The search player's decisions: a determinized Monte Carlo over each
//! KARD's card (play from the hand or turn, then use, keep or let go) and,
//! orders chosen, each chosen regiment's order, every choice played out
//! on the same dealt decks and dice by the heuristic (see
//! `strategy::Search`).

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Each player's forced card choice this KARD: a playout's, and each
    /// searching player's, worked out from the KARD's start.
    #[inline(never)]
    pub(super) fn searched<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        kard_in_decq: usize,
    ) -> [[Option<TurnChoice>; MAX_PLAYERS]; 2] {
        let mut forced = [[None; MAX_PLAYERS]; 2];
        if let Some((seat, p, choice)) = self.forced.take() {
            forced[seat.index()][p] = Some(choice);
        }
        for seat in Seat::BOTH {
            if let Some(search) = setup.strategies[seat].search() {
                let side = &setup.scenario.sides[seat];
                for (p, choice) in forced[seat.index()][..side.player_count as usize]
                    .iter_mut()
                    .enumerate()
                {
                    // A player sharing another's deck turns no card.
                    if side.sharers >> p & 1 == 0 {
                        *choice = Some(self.search_turn(setup, &search, seat, p, kard_in_decq));
                    }
                }
            }
        }
        forced
    }

    /// The search's choice for player `p` of `seat`: first whether to play
    /// a hand card (not knowing the top card, as the text has it: "the top
    /// card discarded unseen"), then, turning, what to do with the top
    /// card. The heuristic's own choice is tried first and keeps a tie.
    pub(super) fn search_turn<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        search: &Search,
        seat: Seat,
        p: usize,
        kard_in_decq: usize,
    ) -> TurnChoice {
        let rules = setup.rules;
        let heuristic = PiquetStrategy::HEURISTIC;
        let needs = self.needs(setup, seat, p);
        let player = self.players[seat][p];
        let rng = &mut self.seats[seat][p];
        let mut choices = [TurnChoice::Turn; MAX_CHOICES];
        let mut n = 1;
        let add = |choices: &mut [TurnChoice; MAX_CHOICES], n: &mut usize, c: TurnChoice| {
            let same = |a: TurnChoice, b: TurnChoice| match (a, b) {
                (TurnChoice::Hand(x), TurnChoice::Hand(y)) => player.hand[x] == player.hand[y],
                (
                    TurnChoice::Turned(TurnedUse::Keep(Some(x))),
                    TurnChoice::Turned(TurnedUse::Keep(Some(y))),
                ) => player.hand[x] == player.hand[y],
                _ => a == b,
            };
            if !choices[..*n].iter().any(|&d| same(c, d)) {
                choices[*n] = c;
                *n += 1;
            }
        };
        if player.hand_len > 0 && player.ip >= rules.hand_play_cost {
            if let Some(slot) = heuristic.hand_play(
                &at!(self, setup, seat, p, 0, None),
                player.hand(),
                player.present,
                &needs,
                rules,
                rng,
            ) {
                choices[0] = TurnChoice::Hand(slot);
                add(&mut choices, &mut n, TurnChoice::Turn);
            }
            for slot in 0..player.hand_len {
                add(&mut choices, &mut n, TurnChoice::Hand(slot));
            }
            let first =
                self.best_choice(setup, search, seat, p, kard_in_decq, &choices[..n], false);
            if first != TurnChoice::Turn {
                return first;
            }
        }
        // Turning: the top card is seen now.
        let top = player.deck[player.next];
        let room = player.hand_len < player.hand_size;
        let rng = &mut self.seats[seat][p];
        let at = at!(self, setup, seat, p, 0, None);
        let usual = heuristic.turned(&at, top.kind(), player.hand(), room, &needs, rules, rng);
        choices[0] = TurnChoice::Turned(usual);
        n = 1;
        add(&mut choices, &mut n, TurnChoice::Turned(TurnedUse::Use));
        add(&mut choices, &mut n, TurnChoice::Turned(TurnedUse::Pass));
        if room {
            add(
                &mut choices,
                &mut n,
                TurnChoice::Turned(TurnedUse::Keep(None)),
            );
        } else if player.ip >= rules.hand_swap_cost {
            for slot in 0..player.hand_len {
                add(
                    &mut choices,
                    &mut n,
                    TurnChoice::Turned(TurnedUse::Keep(Some(slot))),
                );
            }
        }
        self.best_choice(setup, search, seat, p, kard_in_decq, &choices[..n], true)
    }

    /// The choice worth most over the search's samples: each sample
    /// deals what player `p` cannot see afresh (`determinize`: its own
    /// deck's unturned cards, the top card too unless `top_seen`; every
    /// other player's hand and unturned deck; the dice, the decks of
    /// later DECQs, and every player's decision and tie-break streams),
    /// and every choice is played out on the same
    /// deal. The army cards dealt afresh are those the player has not seen,
    /// so it knows how many of each kind its side and the enemy's have
    /// left unseen, not which deck holds them.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn best_choice<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        search: &Search,
        seat: Seat,
        p: usize,
        kard_in_decq: usize,
        choices: &[TurnChoice],
        top_seen: bool,
    ) -> TurnChoice {
        if choices.len() == 1 {
            return choices[0];
        }
        let mut scratch = self
            .playout
            .0
            .take()
            .unwrap_or_else(|| Box::new((Game::new(), Stats::default())));
        let (world, stats) = &mut *scratch;
        let mut totals = [0i64; MAX_CHOICES];
        for _ in 0..search.samples {
            let seed = self.samples[seat][p].random::<u64>();
            for (&choice, total) in choices.iter().zip(&mut totals) {
                self.copy_into(world);
                world.determinize(setup.scenario, seat, p, top_seen, seed);
                world.forced = Some((seat, p, choice));
                *total += world.play_out(setup, search, seat, kard_in_decq, stats);
            }
        }
        self.playout = Scratch(Some(scratch));
        choices[best_of(&totals[..choices.len()], &mut self.samples[seat][p])]
    }

    /// `kard_start_in_decq` of the game kept before the free first orders.
    pub(super) const OPENING: usize = usize::MAX;

    /// Whether a side searching its decisions chooses orders: then each
    /// KARD's start is kept to play its order decisions out from.
    pub(super) fn searches_orders<D: Decide>(&self, setup: &Setup<'_, D>) -> bool {
        Seat::BOTH.iter().any(|&seat| {
            setup.strategies[seat]
                .search()
                .is_some_and(|search| search.search_orders)
                && setup.scenario.sides[seat].chosen != 0
        })
    }

    /// Keeps the game as KARD `kard_in_decq` of its DECQ begins, with the
    /// card choices the searches made for it (`forced`).
    pub(super) fn keep_kard_start(
        &mut self,
        kard_in_decq: usize,
        forced: [[Option<TurnChoice>; MAX_PLAYERS]; 2],
    ) {
        let mut start = self
            .order_search
            .kard_start
            .0
            .take()
            .unwrap_or_else(|| Box::new((Game::new(), Stats::default())));
        self.copy_into(&mut start.0);
        self.order_search.kard_start = Scratch(Some(start));
        self.order_search.kard_start_at = self.kard;
        self.order_search.kard_start_in_decq = kard_in_decq;
        self.order_search.kard_choices = forced;
        self.order_search.picked = BySeat::default();
    }

    /// A world's order forced for chosen regiment `i` of player `p`, taken
    /// (a second asking this KARD is the heuristic's).
    pub(super) fn forced_order(&mut self, seat: Seat, p: usize, i: usize) -> Option<Pick> {
        match &mut self.order_search.forced_orders {
            Some((s, q, orders)) if *s == seat && *q == p => match std::mem::take(&mut orders[i]) {
                OrderPick::Picked(pick) => Some(pick),
                OrderPick::Unpicked => None,
            },
            _ => None,
        }
    }

    /// The order the search gives player `p`'s chosen regiment `i`: each
    /// the regiment may be given (a Deploy to each deployment it may take
    /// and a Maneuver each way apart), and none, is played out from this KARD's
    /// start on each of the search's samples (`best_choice`'s
    /// determinizations), the player's card choice of the KARD and its
    /// orders picked before this one forced again, the heuristic deciding
    /// the rest; the heuristic's own (`usual`) is listed first and keeps a
    /// tie. A player sharing another's deck makes no card choice of its
    /// own: its orders are the heuristic's, the free first ones too.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_order<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        search: &Search,
        seat: Seat,
        p: usize,
        i: usize,
        facts: &OrderFacts,
        usual: Option<OrderKind>,
    ) -> Pick {
        let usual = Pick::of(usual);
        let opening = self.order_search.kard_start_in_decq == Self::OPENING;
        let choice = self.order_search.kard_choices[seat.index()][p];
        let shares = setup.scenario.sides[seat].sharers >> p & 1 != 0;
        if shares || (choice.is_none() && !opening) {
            return usual;
        }
        let mut choices = [usual; MAX_PICKS];
        let mut n = 1;
        let mut add = |pick: Pick| {
            if !choices[..n].contains(&pick) {
                choices[n] = pick;
                n += 1;
            }
        };
        let ways = |bits: u8| (0..8u8).filter(move |k| bits >> k & 1 != 0);
        for order in OrderKind::ALL.into_iter().filter(|&o| facts.offers(o)) {
            let pick = |way| Pick {
                order: Some(order),
                way: Some(way),
            };
            match order {
                OrderKind::Deploy => ways(facts.deploys).for_each(|k| add(pick(k))),
                OrderKind::Maneuver => ways(facts.maneuvers).for_each(|k| add(pick(k))),
                _ => add(Pick::of(Some(order))),
            }
        }
        add(Pick::of(None));
        let best = match n {
            1 => usual,
            _ => {
                // A hand card played discards the top card unseen; before
                // the first KARD none is seen.
                let top_seen = matches!(choice, Some(TurnChoice::Turned(_) | TurnChoice::Turn));
                let mut scratch = self
                    .playout
                    .0
                    .take()
                    .unwrap_or_else(|| Box::new((Game::new(), Stats::default())));
                let start = self
                    .order_search
                    .kard_start
                    .0
                    .take()
                    .expect("the KARD's start is kept");
                let (world, stats) = &mut *scratch;
                let mut totals = [0i64; MAX_PICKS];
                for _ in 0..search.samples {
                    let seed = self.samples[seat][p].random::<u64>();
                    for (&pick, total) in choices[..n].iter().zip(&mut totals) {
                        start.0.copy_into(world);
                        world.determinize(setup.scenario, seat, p, top_seen, seed);
                        let mut orders = self.order_search.picked[seat][p];
                        orders[i] = OrderPick::Picked(pick);
                        world.order_search.forced_orders = Some((seat, p, orders));
                        let k = match choice {
                            Some(choice) => {
                                world.forced = Some((seat, p, choice));
                                self.order_search.kard_start_in_decq
                            }
                            // The opening's end, then the first DECQ's
                            // KARDs, as `play` begins it.
                            None => {
                                world.open_orders(&Setup {
                                    rules: setup.rules,
                                    scenario: setup.scenario,
                                    strategies: &PLAYOUT,
                                });
                                world.order_search.forced_orders = None;
                                world.decq = DecqRecord {
                                    decq: 1,
                                    ..DecqRecord::default()
                                };
                                world.kard = 1;
                                0
                            }
                        };
                        *total += world.play_out(setup, search, seat, k, stats);
                    }
                }
                self.order_search.kard_start = Scratch(Some(start));
                self.playout = Scratch(Some(scratch));
                choices[best_of(&totals[..n], &mut self.samples[seat][p])]
            }
        };
        self.order_search.picked[seat][p][i] = OrderPick::Picked(best);
        best
    }

    /// Deals afresh what player `p` of `seat` cannot see (`best_choice`):
    /// each side's army cards that it has not seen (those in the hidden
    /// hands and unturned decks, and those dealt to no one) go back to
    /// the hidden places at random, then the hidden places are shuffled.
    /// It counts the others' turned cards as seen, and its own turned
    /// cards, even the top cards a hand play discarded unseen.
    pub(super) fn determinize(
        &mut self,
        scenario: &Scenario,
        seat: Seat,
        p: usize,
        top_seen: bool,
        seed: u64,
    ) {
        let mut rng = rng_from_seed(seed);
        self.deal = rng_from_seed(rng.random());
        self.dice = rng_from_seed(rng.random());
        for s in Seat::BOTH {
            let players = scenario.sides[s].player_count as usize;
            // The hidden places of player `q`: its deck from `from`, and
            // (another player's) its hand.
            let hidden_from = |q: usize, player: &PlayerState| match (s, q) == (seat, p) {
                true => (player.next + top_seen as usize).min(DECK),
                false => player.next,
            };
            let mut unseen = [Card::basic(Kind::DressLines); 256];
            let mut count = 0;
            for (k, &n) in self.undealt[s].iter().enumerate() {
                for _ in 0..n {
                    unseen[count] = Card::army(Kind::ALL[k]);
                    count += 1;
                }
            }
            for (q, player) in self.players[s][..players].iter().enumerate() {
                let from = hidden_from(q, player);
                let hand = if (s, q) == (seat, p) {
                    &[][..]
                } else {
                    player.hand()
                };
                for &card in player.deck[from..].iter().chain(hand) {
                    if card.from_army() {
                        unseen[count] = card;
                        count += 1;
                    }
                }
            }
            shuffle(&mut unseen[..count], &mut rng);
            let mut next_unseen = 0;
            for q in 0..players {
                // Every player's decisions and tie-breaks to come are
                // unknown: its streams too are drawn afresh.
                self.seats[s][q] = rng_from_seed(rng.random());
                self.ties[s][q] = rng_from_seed(rng.random());
                let player = &mut self.players[s][q];
                let from = hidden_from(q, player);
                let own = (s, q) == (seat, p);
                let held = if own { 0 } else { player.hand_len };
                for card in player.deck[from..]
                    .iter_mut()
                    .chain(&mut player.hand[..held])
                {
                    if card.from_army() {
                        *card = unseen[next_unseen];
                        next_unseen += 1;
                    }
                }
                if own {
                    shuffle(&mut player.deck[from..], &mut rng);
                    continue;
                }
                let mut places = [Card::basic(Kind::DressLines); DECK + MAX_HAND];
                let left = DECK - from;
                places[..held].copy_from_slice(player.hand());
                places[held..held + left].copy_from_slice(&player.deck[from..]);
                shuffle(&mut places[..held + left], &mut rng);
                player.hand[..held].copy_from_slice(&places[..held]);
                player.deck[from..].copy_from_slice(&places[held..held + left]);
                player.present = player
                    .hand()
                    .iter()
                    .fold(0, |m, c| m | 1 << c.kind() as u16);
            }
        }
    }

    /// This KARD and `search.horizon` more, the heuristic deciding for every
    /// player but the forced choice; returns the objective for `seat`.
    pub(super) fn play_out<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        search: &Search,
        seat: Seat,
        kard_in_decq: usize,
        stats: &mut Stats,
    ) -> i64 {
        let playout = Setup {
            rules: setup.rules,
            scenario: setup.scenario,
            strategies: &PLAYOUT,
        };
        let mut tally = GameTally::default();
        let mut k = kard_in_decq;
        self.play_kard(&playout, k, stats, &mut tally);
        // Orders forced for the KARD of their decision: not asked on it
        // (the world's player did otherwise), they lapse.
        self.order_search.forced_orders = None;
        for _ in 0..search.horizon {
            k += 1;
            if k == DECK {
                if self.decq.decq >= setup.scenario.decqs {
                    break;
                }
                for s in Seat::BOTH {
                    self.redeal(setup.scenario, s);
                }
                self.decq.decq += 1;
                k = 0;
            }
            self.kard += 1;
            self.play_kard(&playout, k, stats, &mut tally);
        }
        let mut worth = search.execution_weight as i64 * tally.executions[seat] as i64;
        for s in Seat::BOTH {
            let sign = if s == seat { 1 } else { -1 };
            for unit in &self.units[s][..setup.scenario.sides[s].count as usize] {
                if unit.status != Status::Removed {
                    worth += sign
                        * (search.regiment_weight as i64
                            + search.box_weight as i64 * unit.boxes_left as i64
                            + search.elan_weight as i64 * unit.elan as i64);
                }
            }
        }
        worth
    }
}

/// The choice worth most: the heuristic's, listed first, on a tie with
/// it; among other choices worth alike, one drawn from `rng`.
fn best_of(totals: &[i64], rng: &mut GameRng) -> usize {
    let most = totals.iter().copied().max().expect("a choice");
    if totals[0] == most {
        return 0;
    }
    let tied = (0..totals.len())
        .filter(|&c| totals[c] == most)
        .fold(0u16, |m, c| m | 1 << c);
    crate::systems::piquet::strategy::one_of(tied, rng)
}

impl<O> Game<O> {
    /// This game's state in `world`, watched by no one: a search tells
    /// nothing of the games it imagines. Every field is named, so that one
    /// added to `Game` must be placed here.
    fn copy_into(&self, world: &mut Game) {
        let Game {
            deal,
            dice,
            seats,
            ties,
            samples,
            players,
            units,
            assaults,
            pool,
            kard,
            active,
            rosters,
            totals,
            commanded,
            versions,
            views,
            planned,
            decq,
            first_decision,
            detached,
            broke,
            volley_up,
            held_fire,
            hand_play_executed,
            loaded,
            deployed,
            deploys_at,
            maneuvers_to,
            piquets,
            moves_to,
            given_at,
            through,
            fired,
            aims,
            aimed,
            aims_at,
            targetable,
            geometry,
            sharing,
            choosing,
            volleys,
            engaged,
            engaged_since,
            begun,
            begun_elan,
            aspects,
            forced,
            choice,
            undealt,
            playout: _,
            order_search: _,
            obs: _,
        } = self;
        *world = Game {
            deal: deal.clone(),
            dice: dice.clone(),
            seats: seats.clone(),
            ties: ties.clone(),
            samples: samples.clone(),
            players: *players,
            units: *units,
            assaults: *assaults,
            pool: *pool,
            kard: *kard,
            active: *active,
            rosters: *rosters,
            totals: *totals,
            commanded: *commanded,
            versions: *versions,
            views: *views,
            planned: *planned,
            decq: *decq,
            first_decision: *first_decision,
            detached: *detached,
            broke: *broke,
            volley_up: *volley_up,
            held_fire: *held_fire,
            hand_play_executed: *hand_play_executed,
            loaded: *loaded,
            deployed: *deployed,
            deploys_at: *deploys_at,
            maneuvers_to: *maneuvers_to,
            piquets: *piquets,
            moves_to: *moves_to,
            given_at: *given_at,
            through: *through,
            fired: *fired,
            aims: *aims,
            aimed: *aimed,
            aims_at: *aims_at,
            targetable: *targetable,
            geometry: *geometry,
            sharing: *sharing,
            choosing: *choosing,
            volleys: *volleys,
            engaged: *engaged,
            engaged_since: *engaged_since,
            begun: *begun,
            begun_elan: *begun_elan,
            aspects: *aspects,
            forced: *forced,
            choice: *choice,
            undealt: *undealt,
            playout: Scratch(None),
            order_search: OrderSearch::default(),
            obs: Unobserved,
        };
    }
}
