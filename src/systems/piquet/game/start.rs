//! A game's setup: a new game's fields, and the reset that seeds game
//! `game`, deals the first decks, casts the opening initiative and gives
//! the free first orders.

use super::*;

impl Game {
    pub fn new() -> Game {
        Game::with_observer(Unobserved)
    }
}

impl<O> Game<O> {
    /// A game told to `obs`, to be reset before it is played.
    pub fn with_observer(obs: O) -> Game<O> {
        let rng = game_rng(0, 0, Stream::DEAL);
        let player = PlayerState {
            ip: 0,
            deck: [Card::basic(Kind::DressLines); DECK],
            next: 0,
            hand: [Card::basic(Kind::DressLines); MAX_HAND],
            hand_len: 0,
            hand_size: 0,
            present: 0,
            heroic: false,
        };
        Game {
            deal: rng.clone(),
            dice: rng.clone(),
            seats: BySeat([
                std::array::from_fn(|_| rng.clone()),
                std::array::from_fn(|_| rng.clone()),
            ]),
            ties: BySeat([
                std::array::from_fn(|_| rng.clone()),
                std::array::from_fn(|_| rng.clone()),
            ]),
            samples: BySeat([
                std::array::from_fn(|_| rng.clone()),
                std::array::from_fn(|_| rng.clone()),
            ]),
            players: BySeat([[player; MAX_PLAYERS]; 2]),
            units: BySeat([[IDLE_UNIT; MAX_UNITS]; 2]),
            assaults: [Assault::default(); MAX_ASSAULTS],
            pool: [Card::basic(Kind::DressLines); 256],
            kard: 0,
            active: 0,
            rosters: BySeat::default(),
            totals: BySeat::default(),
            commanded: BySeat::default(),
            versions: BySeat::default(),
            views: BySeat([[(u32::MAX, Needs::default()); MAX_PLAYERS]; 2]),
            planned: BySeat::default(),
            decq: DecqRecord::default(),
            first_decision: BySeat([u64::MAX; 2]),
            detached: BySeat::default(),
            broke: BySeat::default(),
            volley_up: BySeat::default(),
            held_fire: BySeat::default(),
            hand_play_executed: BySeat([[0; MAX_PLAYERS]; 2]),
            loaded: BySeat::default(),
            deployed: BySeat::default(),
            deploys_at: BySeat::default(),
            maneuvers_to: BySeat::default(),
            piquets: BySeat::default(),
            moves_to: BySeat([[TO_OBJECTIVE; MAX_UNITS]; 2]),
            given_at: BySeat::default(),
            through: BySeat::default(),
            fired: BySeat::default(),
            aims: BySeat([[0; MAX_UNITS]; 2]),
            aimed: BySeat::default(),
            aims_at: BySeat([(u32::MAX, 0, 0); 2]),
            targetable: BySeat::default(),
            geometry: 0,
            sharing: false,
            choosing: 0,
            volleys: [Volley::default(); 2 * MAX_UNITS],
            engaged: [0; MAX_UNITS],
            engaged_since: [[0; MAX_UNITS]; MAX_UNITS],
            begun: 0,
            aspects: [0; 3],
            begun_elan: [0; 2],
            forced: None,
            choice: None,
            undealt: BySeat::default(),
            playout: Scratch(None),
            order_search: OrderSearch::default(),
            obs,
        }
    }
}

impl<O: Observer<Event>> Game<O> {
    /// Seeds game `game`, deals the first decks, casts the opening
    /// initiative and issues every regiment its first order free ("each
    /// player can issue as many orders of any type to units he or she
    /// commands with no initiative expenditure").
    pub fn reset<D: Decide>(&mut self, setup: &Setup<'_, D>, master_seed: u64, game: u64) {
        self.deal = game_rng(master_seed, game, Stream::DEAL);
        self.dice = game_rng(master_seed, game, Stream::RULES);
        for seat in Seat::BOTH {
            for p in 0..setup.scenario.sides[seat].player_count as usize {
                self.seats[seat][p] = game_rng(master_seed, game, player_stream(seat, p));
                self.ties[seat][p] = game_rng(master_seed, game, tie_stream(seat, p));
                self.samples[seat][p] = game_rng(master_seed, game, sample_stream(seat, p));
            }
        }
        self.kard = 0;
        // No game kept yet: a search of the free first orders keeps one
        // below, before they are given.
        self.order_search.kard_start_at = u32::MAX;
        self.order_search.forced_orders = None;
        // No assault in progress: a slot is written whole when one begins.
        self.active = 0;
        // A new game: no view read in the last one is current.
        self.views = BySeat([[(u32::MAX, Needs::default()); MAX_PLAYERS]; 2]);
        self.versions = BySeat::default();
        self.first_decision = BySeat([u64::MAX; 2]);
        self.detached = BySeat::default();
        self.broke = BySeat::default();
        self.engaged = [0; MAX_UNITS];
        self.volley_up = BySeat::default();
        self.held_fire = BySeat::default();
        self.through = BySeat::default();
        self.hand_play_executed = BySeat([[0; MAX_PLAYERS]; 2]);
        self.aims_at = BySeat([(u32::MAX, 0, 0); 2]);
        self.begun = 0;
        self.begun_elan = [0; 2];
        self.aspects = [0; 3];
        self.sharing = Seat::BOTH
            .iter()
            .any(|&seat| setup.scenario.sides[seat].sharers != 0);
        self.choosing = Seat::BOTH
            .iter()
            .filter(|&&seat| setup.scenario.sides[seat].chosen != 0)
            .fold(0, |m, &seat| m | 1 << seat as u8);
        for seat in Seat::BOTH {
            let side = &setup.scenario.sides[seat];
            for (player, commander) in self.players[seat].iter_mut().zip(side.players()) {
                // Sharing a deck, it turns no card and so keeps none.
                player.hand_size = match commander.shares_deck {
                    false => commander.quality.hand_size(),
                    true => 0,
                };
                player.hand_len = 0;
                player.present = 0;
                player.heroic = false;
            }
            let groups = &side.first_groups[setup.rules.cavalry_waves as usize]
                [!setup.rules.whole_groups as usize];
            // An attached company moves with its regiment, a second line
            // follows its lead: no order of their own.
            let in_line = match setup.rules.cavalry_waves {
                true => side.followers | side.attached,
                false => side.attached,
            };
            let regiments = side.regiments().iter().zip(groups).enumerate();
            for (unit, (i, (regiment, &group))) in self.units[seat].iter_mut().zip(regiments) {
                *unit = Unit {
                    status: match (in_line | side.chosen) >> i & 1 {
                        0 => Status::Ordered,
                        _ => Status::Idle,
                    },
                    elan: regiment.elan,
                    boxes_left: regiment.boxes() as u8,
                    order: regiment.plan[0],
                    chips: setup.scenario.chips[regiment.plan[0] as usize],
                    issued: 0,
                    executed: false,
                    group,
                    plan_at: 0,
                    target: regiment.target,
                    x: regiment.at,
                    y: regiment.y,
                    width: regiment.deployment.frontage,
                    reloaded: 0,
                };
            }
            self.deployed[seat] = Deployed {
                prepared: side.prepared,
                skirmish: side.skirmishing,
            };
            self.deploys_at[seat] = [0; MAX_UNITS];
            self.maneuvers_to[seat] = [0; MAX_UNITS];
            self.moves_to[seat] = [TO_OBJECTIVE; MAX_UNITS];
            for (at, regiment) in self.given_at[seat].iter_mut().zip(side.regiments()) {
                *at = regiment.at;
            }
            self.loaded[seat] = side.loaded;
            // A company a scenario starts unloaded is taken to have fired
            // before the game: nothing else in the text unloads it.
            self.fired[seat] = !self.loaded[seat];
        }
        for seat in Seat::BOTH {
            self.rosters[seat] = [Roster::default(); MAX_PLAYERS];
            self.totals[seat] = Roster::default();
            self.commanded[seat] = [Roster::default(); MAX_PLAYERS];
            self.targetable[seat] = 0;
            for i in 0..setup.scenario.sides[seat].count as usize {
                self.file(setup, seat, i, true);
                self.retarget(seat, i);
            }
            let side = &setup.scenario.sides[seat];
            match side.followers | side.attached {
                0 => self.planned[seat] = side.planned,
                _ => self.plan_cards(setup, seat),
            }
            self.redeal(setup.scenario, seat);
        }
        if self.obs.on() {
            self.tell_opening(setup);
        }
        for seat in Seat::BOTH {
            for player in
                &mut self.players[seat][..setup.scenario.sides[seat].player_count as usize]
            {
                player.ip = three_d6(&mut self.dice);
            }
        }
        if self.searches_orders(setup) {
            self.keep_kard_start(Self::OPENING, [[None; MAX_PLAYERS]; 2]);
        }
        self.open_orders(setup);
    }

    /// The free first orders of the chosen regiments, then the opening
    /// piquets and the obstacles the first orders must cross: the end of
    /// `reset`, played again in the worlds of a search's first orders.
    pub(super) fn open_orders<D: Decide>(&mut self, setup: &Setup<'_, D>) {
        for seat in Seat::BOTH {
            if setup.scenario.sides[seat].chosen != 0 {
                self.first_chosen_orders(setup, seat);
            }
        }
        self.place_opening_piquets(setup);
        if !setup.scenario.obstacles.is_empty() {
            // The planned regiments' free first orders; the chosen ones'
            // were hindered as they were given.
            for seat in Seat::BOTH {
                let side = &setup.scenario.sides[seat];
                for i in 0..side.count as usize {
                    if side.chosen >> i & 1 == 0 && self.units[seat][i].status == Status::Ordered {
                        self.hinder(setup, seat, i);
                    }
                }
            }
        }
    }
}
