//! The game told as it goes (`events.rs`). Each event is built here, out
//! of line and cold, from plain values the game loop hands over, so that
//! the loop keeps its shape when nobody watches: a run's `Unobserved`
//! removes every call. Dice faces are read again from a copy of the dice
//! stream taken before the roll, and checked to give what the game read.

use super::*;

/// A shot as `volley` fired it: the shooter's side and index, the
/// target's index, the range, the increments he used, his fires and the
/// roll's modifier.
pub(super) struct Shot {
    pub seat: Seat,
    pub shooter: usize,
    pub target: usize,
    pub range: u32,
    pub increments: u32,
    pub fire: u32,
    pub unshielded: bool,
    pub modifier: i32,
}

/// A morale test as `morale_check` made it: the group's sound men, its
/// level before the commander's points, and the points he added.
pub(super) struct Test {
    pub seat: Seat,
    pub sound: u32,
    pub spread: u32,
    pub level: i64,
    pub points: u32,
    pub passed: bool,
    pub grouping: Grouping,
}

/// A melee's two men (`a` the attacker's, `d` the defender's) and the
/// modifier each throws with.
pub(super) struct Pair {
    pub attacker: Seat,
    pub a: usize,
    pub d: usize,
    pub a_modifier: i32,
    pub d_modifier: i32,
}

pub(super) fn man_name(seat: Seat, i: usize) -> String {
    format!("{}{}", seat.name(), i + 1)
}

fn effect_name(effect: Effect) -> &'static str {
    match effect {
        Effect::NoEffect => "no_effect",
        Effect::Rout => "rout",
        Effect::Wound => "wound",
        Effect::Kill => "kill",
    }
}

fn state_name(man: &ManState) -> &'static str {
    if man.dead {
        "dead"
    } else if man.gone {
        "gone"
    } else if man.routing {
        "running"
    } else {
        "fighting"
    }
}

/// A hand as its cards, lowest first.
fn hand_cards(hand: &Hand) -> Vec<u32> {
    hand.values()
        .flat_map(|v| std::iter::repeat_n(v, hand.count(v) as usize))
        .collect()
}

impl Game {
    /// This game (its seeds, decks and men), told to `obs`.
    pub fn observed<P>(self, obs: P) -> Game<P> {
        self.told_to(obs)
    }
}

impl<O: Observer<Event>> Game<O> {
    /// A copy of this game that nobody watches.
    pub(super) fn unobserved(&self) -> Game {
        self.told_to(Unobserved)
    }

    /// A copy of this game (its seeds, decks and men), told to `obs`.
    fn told_to<P>(&self, obs: P) -> Game<P> {
        Game {
            deal: self.deal.clone(),
            dice: self.dice.clone(),
            seats: self.seats.clone(),
            decks: self.decks,
            next_card: self.next_card,
            hands: self.hands,
            men: self.men,
            commander: self.commander,
            distance: self.distance,
            charge_pending: self.charge_pending,
            fighting_mask: self.fighting_mask,
            running_mask: self.running_mask,
            reserves_left: self.reserves_left,
            sorted: self.sorted,
            sorted_for: self.sorted_for,
            speed: self.speed,
            load: self.load,
            crossing: self.crossing,
            creek_at: self.creek_at,
            first_card: self.first_card,
            told_at: self.told_at,
            obs,
        }
    }

    /// Where `seat`'s men stand with the sides `gap` inches apart: side a
    /// starts at 0 and side b at the scenario's distance, and only the
    /// attacker moves.
    fn position(scenario: &Scenario, seat: Seat, gap: u32) -> u32 {
        match (seat, seat == scenario.attacker) {
            (Seat::A, false) => 0,
            (Seat::A, true) => scenario.distance.saturating_sub(gap),
            (Seat::B, false) => scenario.distance,
            (Seat::B, true) => gap,
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn told_start(&mut self, rules: &Rules, scenario: &Scenario) {
        let size = rules.deck_size() as usize;
        self.obs.event(Event::Scenario {
            name: scenario.name.clone(),
            distance: scenario.distance,
            attacker: scenario.attacker.name(),
            first: scenario.first.name(),
            spread: scenario.spread,
            creek: scenario.creek,
            commander_points: rules.commander_points,
            deck: size as u32,
            hand_size: rules.hand_size as u32,
        });
        for seat in Seat::BOTH {
            for (i, man) in scenario.men(seat).iter().enumerate() {
                let kind = if man.cavalry { "cavalry" } else { "foot" };
                self.obs.event(match scenario.reserves[seat] >> i & 1 != 0 {
                    false => Event::Man {
                        side: seat.name(),
                        man: man_name(seat, i),
                        kind,
                        shield: man.shield,
                        load: man.load,
                        position: Self::position(scenario, seat, scenario.distance),
                    },
                    true => Event::Reserve {
                        side: seat.name(),
                        man: man_name(seat, i),
                        kind,
                        shield: man.shield,
                        load: man.load,
                        cost: scenario.costs[seat][i] as u32,
                    },
                });
            }
        }
        for seat in Seat::BOTH {
            self.obs.event(Event::Deck {
                side: seat.name(),
                cards: self.decks[seat][..size].iter().map(|&c| c as u32).collect(),
                hand: hand_cards(&self.hands[seat]),
            });
        }
    }

    /// `seat` is about to play `card` on play `step` (from 0): its hand
    /// still holds it, and the card it will draw is its deck's next.
    #[cold]
    #[inline(never)]
    pub(super) fn told_play(&mut self, seat: Seat, step: usize, card: u32, rules: &Rules) {
        self.told_at = step as u32 + 1;
        let size = rules.deck_size() as usize;
        let next = self.next_card[seat];
        let drawn = (next < size).then(|| self.decks[seat][next] as u32);
        self.obs.event(Event::Play {
            play: self.told_at,
            side: seat.name(),
            hand: hand_cards(&self.hands[seat]),
            card,
            drawn,
            deck: (size - next - drawn.is_some() as usize) as u32,
        });
    }

    /// `seat` calls up the reserves in `called` before its play `step`.
    #[cold]
    #[inline(never)]
    pub(super) fn told_called(
        &mut self,
        seat: Seat,
        step: usize,
        scenario: &Scenario,
        called: u16,
    ) {
        self.told_at = step as u32 + 1;
        let men = (0..MAX_MEN)
            .filter(|&i| called >> i & 1 != 0)
            .map(|i| man_name(seat, i))
            .collect();
        self.obs.event(Event::CalledUp {
            play: self.told_at,
            side: seat.name(),
            men,
            position: Self::position(scenario, seat, self.distance),
            cost: self.called_cost(scenario, seat, called),
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn told_unused(&mut self, seat: Seat, card: u32, increments: u32) {
        self.obs.event(Event::Unused {
            play: self.told_at,
            side: seat.name(),
            card,
            increments,
        });
    }

    /// The attackers at the creek, `cards_left` to spend crossing it.
    #[cold]
    #[inline(never)]
    pub(super) fn told_creek(&mut self, seat: Seat, cards_left: u32) {
        self.obs.event(Event::Creek {
            play: self.told_at,
            side: seat.name(),
            distance: self.distance,
            cards_left,
        });
    }

    /// The attacker moves from `from` to `to` inches short of the enemy;
    /// at 0, it charges.
    #[cold]
    #[inline(never)]
    pub(super) fn told_advance(
        &mut self,
        scenario: &Scenario,
        from: u32,
        to: u32,
        increments: u32,
    ) {
        let seat = scenario.attacker;
        self.obs.event(Event::Advance {
            play: self.told_at,
            side: seat.name(),
            from: Self::position(scenario, seat, from),
            to: Self::position(scenario, seat, to),
            increments,
            distance: to,
            charge: to == 0,
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn told_volley(
        &mut self,
        seat: Seat,
        kind: &'static str,
        range: u32,
        increments: u32,
    ) {
        self.obs.event(Event::Volley {
            play: self.told_at,
            side: seat.name(),
            kind,
            range,
            increments,
        });
    }

    /// Man `i` of `seat` changed state.
    fn told_status(&mut self, seat: Seat, i: usize, cause: &'static str) {
        let man = self.men[seat][i];
        self.obs.event(Event::Status {
            play: self.told_at,
            side: seat.name(),
            man: man_name(seat, i),
            state: state_name(&man),
            wounded: man.wounded,
            cause,
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn told_shot(&mut self, mut dice: GameRng, shot: Shot, got: Effect, rules: &Rules) {
        let die = d10(&mut dice);
        let read = effect(die, shot.modifier, rules.reading);
        assert_eq!(read, got, "the shot's die read again from its stream");
        let enemy = shot.seat.other();
        self.obs.event(Event::Shot {
            play: self.told_at,
            side: shot.seat.name(),
            shooter: man_name(shot.seat, shot.shooter),
            target: man_name(enemy, shot.target),
            range: shot.range,
            increments: shot.increments,
            fire: shot.fire,
            unshielded: shot.unshielded,
            range_tens: (shot.fire as i32 + shot.unshielded as i32 - shot.modifier) as u32,
            modifier: shot.modifier,
            die,
            result: die as i32 + shot.modifier,
            effect: effect_name(got),
        });
        if got.scores() {
            self.told_status(enemy, shot.target, "fire");
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn told_morale(
        &mut self,
        mut dice: GameRng,
        test: Test,
        men: &[usize],
        rules: &Rules,
    ) {
        let face = percentile(&mut dice);
        let target = test.level + test.points as i64;
        assert_eq!(
            face < passing_faces(target, rules.morale_pass),
            test.passed,
            "the morale roll read again from its stream"
        );
        let seat = test.seat;
        self.obs.event(Event::Morale {
            play: self.told_at,
            side: seat.name(),
            men: men.iter().map(|&m| man_name(seat, m)).collect(),
            sound: test.sound,
            shaken: men.len() as u32 - test.sound,
            spread: test.spread,
            level: test.level,
            points: test.points,
            points_left: self.commander[seat],
            roll: face + 1,
            passed: test.passed,
            grouping: test.grouping.name(),
        });
        if !test.passed {
            for &m in men {
                self.told_status(seat, m, "morale");
            }
        }
    }

    /// Man `i` of `seat` ran off the field, under a free hack when `dice`
    /// (the stream before it) is given.
    #[cold]
    #[inline(never)]
    pub(super) fn told_runs(&mut self, seat: Seat, i: usize, dice: Option<GameRng>, rules: &Rules) {
        let Some(mut dice) = dice else {
            return self.told_status(seat, i, "runs_off");
        };
        let die = d10(&mut dice);
        self.obs.event(Event::Hack {
            play: self.told_at,
            side: seat.name(),
            man: man_name(seat, i),
            die,
            result: die as i32 + 1,
            effect: effect_name(effect(die, 1, rules.reading)),
        });
        self.told_status(seat, i, "free_hack");
    }

    /// A melee thrown again from `dice`, as `melee` throws it.
    #[cold]
    #[inline(never)]
    pub(super) fn told_melee(
        &mut self,
        mut dice: GameRng,
        pair: Pair,
        (on_d, on_a): (Effect, Effect),
        rules: &Rules,
    ) {
        let mut throws = Vec::new();
        let mut read = (Effect::NoEffect, Effect::NoEffect);
        for _ in 0..rules.melee_max_throws {
            let (a, d) = (d10(&mut dice), d10(&mut dice));
            throws.push([a, d]);
            let effects = (
                effect(a, pair.a_modifier, rules.reading),
                effect(d, pair.d_modifier, rules.reading),
            );
            if effects.0.scores() || effects.1.scores() {
                read = effects;
                break;
            }
        }
        assert_eq!(read, (on_d, on_a), "the melee thrown again from its stream");
        let defender = pair.attacker.other();
        self.obs.event(Event::Melee {
            play: self.told_at,
            attacker: man_name(pair.attacker, pair.a),
            defender: man_name(defender, pair.d),
            attacker_modifier: pair.a_modifier,
            defender_modifier: pair.d_modifier,
            throws,
            on_defender: effect_name(on_d),
            on_attacker: effect_name(on_a),
        });
        if on_d.scores() {
            self.told_status(defender, pair.d, "melee");
        }
        if on_a.scores() {
            self.told_status(pair.attacker, pair.a, "melee");
        }
    }

    /// The charge of `attacker` ended as `outcome`, or was cut off by the
    /// game's end (`None`).
    #[cold]
    #[inline(never)]
    pub(super) fn told_charge_ends(&mut self, attacker: Seat, outcome: Option<ChargeOutcome>) {
        self.obs.event(Event::ChargeEnds {
            play: self.told_at,
            side: attacker.name(),
            outcome: outcome.map_or("cut_off", ChargeOutcome::name),
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn told_end(&mut self, tally: &GameTally) {
        let [a, b] = Seat::BOTH;
        self.obs.event(Event::GameEnd {
            killed: [tally.killed[a], tally.killed[b]],
            wounded: [tally.wounded[a], tally.wounded[b]],
            routed: [tally.routed[a], tally.routed[b]],
            victory_points: [tally.victory_points(a), tally.victory_points(b)],
            reserve_cost: [tally.reserve_cost[a], tally.reserve_cost[b]],
            winner: tally.winner().map(Seat::name),
            commander_points: [self.commander[a], self.commander[b]],
        });
    }
}
