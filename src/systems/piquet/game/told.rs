//! Telling a replay what happens (`events.rs`): the events that read the
//! whole game (its opening, each DECQ's deal, its end) and the names the
//! others need. Only called under `if self.obs.on()`, so a run, whose
//! games nobody watches, never builds one.

use super::*;

/// The DECQ and the KARD within it (both from 1) of game-wide KARD `kard`.
pub(super) fn when(decq: u32, kard: u32) -> (u32, u32) {
    (decq, (kard.max(1) - 1) % DECK as u32 + 1)
}

/// The names of `side`'s regiments in `mask`, in the scenario's order.
pub(super) fn names(scenario: &Scenario, seat: Seat, mask: u16) -> Vec<String> {
    let names = &scenario.sides[seat].names;
    (0..names.len())
        .filter(|&i| mask >> i & 1 != 0)
        .map(|i| names[i].clone())
        .collect()
}

pub(super) fn name(scenario: &Scenario, seat: Seat, i: usize) -> String {
    scenario.sides[seat].names[i].clone()
}

fn arm(arm: Arm) -> &'static str {
    match arm {
        Arm::Infantry => "infantry",
        Arm::Cavalry => "cavalry",
        Arm::Artillery => "artillery",
    }
}

impl<O: Observer<Event>> Game<O> {
    /// An event of player `p` of `seat` at the current KARD.
    pub(super) fn tell<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        event: impl FnOnce(u32, u32, &'static str, String) -> Event,
    ) {
        let (decq, kard) = when(self.decq.decq, self.kard);
        let player = setup.scenario.sides[seat].player_names[p].clone();
        self.obs.event(event(decq, kard, seat.name(), player));
    }

    /// An event of regiment `i` of `seat` at the current KARD.
    pub(super) fn tell_of<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        event: impl FnOnce(u32, u32, &'static str, String) -> Event,
    ) {
        let (decq, kard) = when(self.decq.decq, self.kard);
        let regiment = name(setup.scenario, seat, i);
        self.obs.event(event(decq, kard, seat.name(), regiment));
    }

    /// A card used whose effect is the card itself: a Heroic Moment, a
    /// Crushing Volley, or one that executes orders with none waiting.
    pub(super) fn tell_card<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        kind: Kind,
    ) {
        match kind {
            Kind::HeroicMoment => {
                self.tell(setup, seat, p, |decq, kard, side, player| Event::Heroic {
                    decq,
                    kard,
                    side,
                    player,
                })
            }
            Kind::CrushingVolley => {
                let regiments = names(setup.scenario, seat, self.command(setup, seat, p));
                self.tell(setup, seat, p, |decq, kard, side, player| {
                    Event::CrushingVolley {
                        decq,
                        kard,
                        side,
                        player,
                        regiments,
                    }
                })
            }
            _ => {}
        }
    }

    /// The players with their opening initiative (cast from a copy of the
    /// dice, as `reset` then casts it) and the regiments as they stand.
    pub(super) fn tell_opening<D: Decide>(&mut self, setup: &Setup<'_, D>) {
        let mut dice = self.dice.clone();
        // Told whether or not the rule makes them horizons: a game with the
        // rule off then parts from one with it on where play does.
        let terrain = &setup.scenario.terrain;
        for (objective, name) in terrain.objectives.iter().zip(&terrain.names) {
            self.obs.event(Event::Objective {
                objective: name.clone(),
                from: objective.from,
                to: objective.to,
                kind: objective.kind.name(),
            });
        }
        let obstacles = &setup.scenario.obstacles;
        for (obstacle, name) in obstacles.places.iter().zip(&obstacles.names) {
            self.obs.event(Event::Obstacle {
                obstacle: name.clone(),
                at: obstacle.at,
                kind: obstacle.kind.name(),
            });
        }
        for seat in Seat::BOTH {
            let side = &setup.scenario.sides[seat];
            for (i, regiment) in side.regiments().iter().enumerate() {
                // A chosen regiment's plan is its player's: told as "chosen".
                let plan = match regiment.chosen {
                    true => vec!["chosen"],
                    false => regiment.plan().iter().map(|o| o.name()).collect(),
                };
                let target = regiment
                    .has_target
                    .then(|| name(setup.scenario, seat.other(), regiment.target as usize));
                self.obs.event(Event::Regiment {
                    side: seat.name(),
                    regiment: side.names[i].clone(),
                    player: side.player_names[regiment.player as usize].clone(),
                    arm: arm(regiment.arm),
                    at: regiment.at,
                    y: inches(regiment.y),
                    frontage: inches(regiment.deployment.frontage),
                    deployment: regiment.deployment.into.name(),
                    elan: regiment.elan as u32,
                    boxes: regiment.boxes(),
                    loaded: self.is_loaded(seat, i),
                    plan,
                    target,
                    follows: regiment
                        .lead
                        .filter(|_| setup.rules.cavalry_waves)
                        .map(|lead| name(setup.scenario, seat, lead as usize)),
                    attached_to: regiment
                        .attached_to
                        .map(|r| name(setup.scenario, seat, r as usize)),
                });
            }
        }
        for seat in Seat::BOTH {
            let side = &setup.scenario.sides[seat];
            for (p, commander) in side.players().iter().enumerate() {
                let faces = events::three_d6_faces(&mut dice);
                self.obs.event(Event::Player {
                    side: seat.name(),
                    player: side.player_names[p].clone(),
                    role: if p == 0 { "commander" } else { "subordinate" },
                    superior: commander
                        .superior
                        .map(|s| side.player_names[s as usize].clone()),
                    shares_deck: commander
                        .shares_deck
                        .then(|| side.player_names[side.deck_of[p] as usize].clone()),
                    quality: commander.quality.name(),
                    hand_size: self.players[seat][p].hand_size as u32,
                    ip: faces.iter().sum(),
                    dice: faces,
                });
            }
        }
    }

    /// Each side's players' initiative, commander first.
    pub(super) fn tell_ips<D: Decide>(&self, setup: &Setup<'_, D>) -> [Vec<u32>; 2] {
        Seat::BOTH.map(|seat| {
            self.players[seat][..setup.scenario.sides[seat].player_count as usize]
                .iter()
                .map(|p| p.ip)
                .collect()
        })
    }

    /// A DECQ begins: the initiative, and each player's deck and hand.
    pub(super) fn tell_decq_start<D: Decide>(&mut self, setup: &Setup<'_, D>) {
        let decq = self.decq.decq;
        let [ip_a, ip_b] = self.tell_ips(setup);
        self.obs.event(Event::DecqStart { decq, ip_a, ip_b });
        for seat in Seat::BOTH {
            let side = &setup.scenario.sides[seat];
            // A player sharing another's deck is dealt none.
            for p in (0..side.player_count as usize).filter(|&p| side.sharers >> p & 1 == 0) {
                let player = &self.players[seat][p];
                self.obs.event(Event::Deal {
                    decq,
                    side: seat.name(),
                    player: side.player_names[p].clone(),
                    deck: events::cards(&player.deck[player.next..]),
                    hand: events::cards(player.hand()),
                });
            }
        }
    }

    pub(super) fn tell_game_end<D: Decide>(&mut self, setup: &Setup<'_, D>, tally: &GameTally) {
        let [elan_a, elan_b] = Seat::BOTH.map(|seat| {
            self.units[seat][..setup.scenario.sides[seat].count as usize]
                .iter()
                .map(|u| u.elan as u32)
                .collect()
        });
        self.obs.event(Event::GameEnd {
            removed: tally.removed.0,
            elan_a,
            elan_b,
        });
    }

    pub(super) fn tell_reload<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
        cost: u32,
        reloaded: bool,
    ) {
        let ip = self.players[seat][p].ip;
        let regiment = name(setup.scenario, seat, i);
        self.tell(setup, seat, p, |decq, kard, side, player| Event::Reload {
            decq,
            kard,
            side,
            player,
            regiment,
            cost,
            reloaded,
            ip,
        });
    }

    /// A fire order for `regiments` by player `q` (theirs, or one above
    /// them) for `cost`, given (`fired`) or not.
    pub(super) fn tell_fire<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        q: usize,
        regiments: u16,
        target: usize,
        (cost, fired): (u32, bool),
    ) {
        let ip = self.players[seat][q].ip;
        let regiments = names(setup.scenario, seat, regiments);
        let target = name(setup.scenario, seat.other(), target);
        self.tell(setup, seat, q, |decq, kard, side, player| Event::Fire {
            decq,
            kard,
            side,
            player,
            regiments,
            target,
            cost,
            fired,
            ip,
        });
    }

    /// `i` of `seat` fires at `j` within Engagement range: an engagement
    /// begins unless the two are already engaged.
    pub(super) fn tell_engagement<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        j: usize,
    ) {
        let (a, b) = match seat {
            Seat::A => (i, j),
            Seat::B => (j, i),
        };
        if self.engaged[a] >> b & 1 == 0 {
            let (decq, kard) = when(self.decq.decq, self.kard);
            self.obs.event(Event::EngagementBegins {
                decq,
                kard,
                a: name(setup.scenario, Seat::A, a),
                b: name(setup.scenario, Seat::B, b),
            });
        }
    }

    /// `regiment` of `seat` moved from `from` to where it stands now.
    pub(super) fn tell_move<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        from: i32,
        why: &'static str,
    ) {
        let y = self.units[seat][i].y;
        self.tell_shift(setup, seat, i, (from, y), why);
    }

    /// Regiment `i` of `seat` has moved from `from` (along the axis in
    /// inches, across it in tenths): told with its place across when that
    /// changed.
    pub(super) fn tell_shift<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        from: (i32, i32),
        why: &'static str,
    ) {
        let (to, y) = (self.units[seat][i].x, self.units[seat][i].y);
        let across = (y != from.1).then(|| (inches(from.1), inches(y)));
        if to != from.0 || across.is_some() {
            self.tell_of(setup, seat, i, |decq, kard, side, regiment| Event::Moves {
                decq,
                kard,
                side,
                regiment,
                from: from.0,
                to,
                y_from: across.map(|a| a.0),
                y_to: across.map(|a| a.1),
                why,
            });
        }
    }

    /// The loaded regiments of `seat` among `units` are unloaded (`why`).
    pub(super) fn tell_unloaded<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        units: u16,
        why: &'static str,
    ) {
        for regiment in names(setup.scenario, seat, units & self.loaded[seat]) {
            let (decq, kard) = when(self.decq.decq, self.kard);
            self.obs.event(Event::Unloaded {
                decq,
                kard,
                side: seat.name(),
                regiment,
                why,
            });
        }
    }

    /// The faces `perform` casts, from a copy of the dice.
    pub(super) fn told_cast(&self, rating: Rating, heroic: i32, rules: &Rules) -> (Vec<u32>, u32) {
        let (sides, count, step) = (rating.sides, rating.dice, rating.step + heroic);
        events::cast_faces(
            &mut self.dice.clone(),
            sides,
            count,
            step,
            rules.beyond_four,
        )
    }

    /// A round of the assault in `slot`: the defender's cast `y` (its
    /// faces in `defender`), each attacker's, and their `combined` cast.
    pub(super) fn tell_round<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        defender: (Vec<u32>, u32),
        y: u32,
        attackers: Vec<(Vec<u32>, u32)>,
        combined: u32,
    ) {
        let x = self.assaults[slot];
        let (ds, d) = (x.defender_seat, x.defender as usize);
        let side = ds.other();
        assert_eq!(
            defender.1, y,
            "an assault cast's faces read as the game read them"
        );
        let (attacker_dice, attacker_casts) = attackers.into_iter().unzip();
        let attacker_elan = (0..MAX_UNITS)
            .filter(|&i| x.attackers >> i & 1 != 0)
            .map(|i| self.units[side][i].elan as u32)
            .collect();
        let aspects = (0..MAX_UNITS)
            .filter(|&i| x.attackers >> i & 1 != 0)
            .map(|i| match (x.independent >> i & 1, x.rear >> i & 1) {
                (0, _) => "front",
                (_, 0) => "flank",
                _ => "rear",
            })
            .collect();
        let (decq, kard) = when(self.decq.decq, self.kard);
        self.obs.event(Event::AssaultRound {
            decq,
            kard,
            side: side.name(),
            defender: name(setup.scenario, ds, d),
            defender_dice: defender.0,
            defender_cast: y,
            attackers: names(setup.scenario, side, x.attackers),
            attacker_dice,
            attacker_casts,
            aspects,
            combined,
            defender_elan: self.units[ds][d].elan as u32,
            attacker_elan,
        });
    }

    /// Cavalry `i` of `seat`, through with Elan left, meets no one: no
    /// enemy ahead of it, or the one drawn (`drawn`) attacks elsewhere.
    pub(super) fn tell_stays<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        drawn: Option<usize>,
    ) {
        let ahead = drawn.map(|t| name(setup.scenario, seat.other(), t));
        self.tell_of(setup, seat, i, |decq, kard, side, regiment| Event::Stays {
            decq,
            kard,
            side,
            regiment,
            ahead,
        });
    }

    /// Attacker `i` of the assault in `slot` tries to break through: the
    /// d8 and d4 when it does.
    pub(super) fn tell_breakthrough<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        i: usize,
        chance: u32,
        roll: u32,
        through: Option<(u8, u8)>,
    ) {
        let x = self.assaults[slot];
        let (ds, d) = (x.defender_seat, x.defender as usize);
        let side = ds.other();
        let elan = self.units[side][i].elan as u32;
        let defender_elan = self.units[ds][d].elan as u32;
        self.tell_of(setup, side, i, |decq, kard, side, regiment| {
            Event::Breakthrough {
                decq,
                kard,
                side,
                regiment,
                chance,
                roll,
                through: through.is_some(),
                d8: through.map(|t| t.0 as u32),
                d4: through.map(|t| t.1 as u32),
                elan,
                defender_elan,
            }
        });
    }
}

/// Tenths of an inch as inches, for the events.
pub(super) fn inches(tenths: i32) -> f64 {
    tenths as f64 / 10.0
}
