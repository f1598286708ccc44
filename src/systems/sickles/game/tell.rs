//! The events a watched game tells that need more than the moment's
//! figures: names of brigades and chits gathered from the game's state.
//! Called only under `if self.obs.on()`, so a run never reaches them;
//! kept out of line and given only plain figures, so that the game's own
//! functions stay as small before optimisation as they were and the
//! compiler inlines them as it did.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// The Command Decision Phase done: the brigades in play, each side's
    /// key chit and exclusions, and the cup.
    #[cold]
    #[inline(never)]
    pub(super) fn tell_command_decision(&mut self, puller: Seat, scenario: &Scenario) {
        let turn = self.turn;
        let in_play = Seat::BOTH.map(|seat| {
            (0..scenario.division_count[seat] as usize)
                .flat_map(|d| {
                    let all = ((1u16 << self.brigades[seat][d]) - 1) as u8;
                    events::brigades(scenario, seat, d, all)
                })
                .collect()
        });
        self.obs.event(Event::TurnStart {
            turn,
            puller: events::side(puller),
            in_play,
        });
        for seat in Seat::BOTH {
            self.obs.event(Event::KeyChit {
                turn,
                side: events::side(seat),
                number: self.keys[seat] as u32 + 1,
            });
        }
        for seat in Seat::BOTH {
            self.obs.event(Event::Excluded {
                turn,
                side: events::side(seat),
                events: events_of(seat, self.places.excluded),
            });
        }
        self.obs.event(Event::Cup {
            turn,
            chits: chit_names(scenario, self.places.cup.bits()),
            off: chit_names(scenario, self.places.off),
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_draw(
        &mut self,
        id: u8,
        position: u32,
        cancelled: bool,
        scenario: &Scenario,
    ) {
        let (side, number) = match Chit::of(id) {
            Chit::Event(seat, e) => (Some(seat), Some(e as u32 + 1)),
            Chit::Division(seat, _) | Chit::Cic(seat) => (Some(seat), None),
            Chit::Wild | Chit::FortunesOfWar => (None, None),
        };
        self.obs.event(Event::Draw {
            turn: self.turn,
            position,
            chit: chit_name(scenario, id),
            side: side.map(events::side),
            number,
            cancelled,
            left: self.places.cup.len(),
        });
    }

    /// A CIC or Wild chit's brigade, just activated: the side could pick
    /// any brigade it has in play.
    #[cold]
    #[inline(never)]
    pub(super) fn tell_pick(
        &mut self,
        id: u8,
        seat: Seat,
        (d, b): (usize, u8),
        order: Order,
        scenario: &Scenario,
        tally: &TurnTally,
    ) {
        let (mut offered, mut fresh) = (Vec::new(), Vec::new());
        for division in 0..scenario.division_count[seat] as usize {
            let all = ((1u16 << self.brigades[seat][division]) - 1) as u8;
            let mut idle = all & !self.active(seat, division, tally);
            // The brigade just activated was fresh if this is its first.
            if division == d && tally.brigade_activations[seat][d][b as usize] == 1 {
                idle |= 1 << b;
            }
            offered.extend(events::brigades(scenario, seat, division, all));
            fresh.extend(events::brigades(scenario, seat, division, idle));
        }
        self.tell_activation(id, seat, (d, b), offered, fresh, order, scenario, tally);
    }

    /// A division chit's brigade, just activated, with the `masks` of its
    /// eligible and not yet active brigades before.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn tell_division_activation(
        &mut self,
        id: u8,
        seat: Seat,
        (d, b): (usize, u8),
        (eligible, fresh): (u8, u8),
        order: Order,
        scenario: &Scenario,
        tally: &TurnTally,
    ) {
        let offered = events::brigades(scenario, seat, d, eligible);
        let fresh = events::brigades(scenario, seat, d, fresh);
        self.tell_activation(id, seat, (d, b), offered, fresh, order, scenario, tally);
    }

    #[allow(clippy::too_many_arguments)]
    fn tell_activation(
        &mut self,
        id: u8,
        seat: Seat,
        (d, b): (usize, u8),
        offered: Vec<String>,
        fresh: Vec<String>,
        order: Order,
        scenario: &Scenario,
        tally: &TurnTally,
    ) {
        self.obs.event(Event::Activation {
            turn: self.turn,
            side: events::side(seat),
            by: by(id),
            offered,
            fresh,
            brigade: events::brigade(scenario, seat, d, b),
            nth: tally.brigade_activations[seat][d][b as usize] as u32,
            order: order.name(),
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_no_activation(&mut self, id: u8, seat: Seat, scenario: &Scenario) {
        self.obs.event(Event::NoActivation {
            turn: self.turn,
            side: events::side(seat),
            by: by(id),
            chit: chit_name(scenario, id),
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_event_drawn(&mut self, seat: Seat, e: usize, use_now: bool) {
        self.obs.event(Event::EventDrawn {
            turn: self.turn,
            side: events::side(seat),
            number: e as u32 + 1,
            key: e as u8 == self.keys[seat],
            use_now,
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_wild_roll(&mut self, roll: u8, seat: Seat) {
        self.obs.event(Event::WildRoll {
            turn: self.turn,
            roll,
            side: events::side(seat),
        });
    }

    /// Held events used, `at` "activation" or "turn_end".
    #[cold]
    #[inline(never)]
    pub(super) fn tell_held(&mut self, seat: Seat, held: u64, at: &'static str) {
        self.obs.event(Event::HeldUsed {
            turn: self.turn,
            side: events::side(seat),
            events: events_of(seat, held),
            at,
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_held_at_end(&mut self, seat: Seat, held: u64, rules: &Rules) {
        match rules.held_events {
            HeldEvents::UsedAtTurnEnd => self.tell_held(seat, held, "turn_end"),
            HeldEvents::LostAtTurnEnd => self.obs.event(Event::HeldLost {
                turn: self.turn,
                side: events::side(seat),
                events: events_of(seat, held),
            }),
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_return(
        &mut self,
        seat: Seat,
        d: usize,
        eligible_left: bool,
        roll: Option<u8>,
        returned: bool,
        scenario: &Scenario,
    ) {
        self.obs.event(Event::DivisionReturn {
            turn: self.turn,
            side: events::side(seat),
            division: scenario.division_names[seat][d].clone(),
            eligible_left,
            rating: scenario.divisions[seat][d].return_rating,
            roll,
            returned,
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_fortunes(
        &mut self,
        position: u32,
        rules: &Rules,
        blocked: u64,
        scenario: &Scenario,
    ) {
        let effect = match rules.fortunes_of_war {
            FortunesOfWar::CancelRemainingEvents => "cancel_remaining_events",
            FortunesOfWar::CancelKeyChits => "cancel_key_chits",
            FortunesOfWar::EndTurn => "end_turn",
            FortunesOfWar::CancelNextChit => "cancel_next_chit",
            FortunesOfWar::None => "none",
        };
        self.obs.event(Event::FortunesOfWar {
            turn: self.turn,
            position,
            effect,
            blocked: Seat::BOTH.map(|seat| events_of(seat, blocked)),
            // Places are set anew each turn: these are this draw's.
            unplayed: chit_names(scenario, self.places.unplayed),
        });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn tell_turn_end(&mut self, scenario: &Scenario, tally: &TurnTally) {
        let idle = Seat::BOTH.map(|seat| {
            (0..scenario.division_count[seat] as usize)
                .flat_map(|d| {
                    let all = ((1u16 << self.brigades[seat][d]) - 1) as u8;
                    events::brigades(scenario, seat, d, all & !self.active(seat, d, tally))
                })
                .collect()
        });
        self.obs.event(Event::TurnEnd {
            turn: self.turn,
            chits_drawn: tally.chits_drawn,
            idle,
        });
    }
}

/// The kind of chit that activates: "division", "cic" or "wild".
fn by(id: u8) -> &'static str {
    match Chit::of(id) {
        Chit::Division(..) => "division",
        Chit::Cic(_) => "cic",
        _ => "wild",
    }
}

/// The event numbers (1-9) of `seat` among a set of chit ids.
pub(super) fn events_of(seat: Seat, ids: u64) -> Vec<u32> {
    let mut bits = (ids & chit::events_of(seat)) >> (seat as usize * EVENTS);
    let mut events = Vec::new();
    while bits != 0 {
        events.push(bits.trailing_zeros() + 1);
        bits &= bits - 1;
    }
    events
}

/// A chit as the players call it: "event 3 (a)", "Hood (a)", "CIC (a)",
/// "Wild", "Fortunes of War".
pub(super) fn chit_name(scenario: &Scenario, id: u8) -> String {
    match Chit::of(id) {
        Chit::Event(seat, e) => format!("event {} ({})", e + 1, seat.name()),
        Chit::Division(seat, d) => {
            format!("{} ({})", scenario.division_names[seat][d], seat.name())
        }
        Chit::Cic(seat) => format!("CIC ({})", seat.name()),
        Chit::Wild => "Wild".into(),
        Chit::FortunesOfWar => "Fortunes of War".into(),
    }
}

/// The chits of a set of ids, lowest id first.
pub(super) fn chit_names(scenario: &Scenario, ids: u64) -> Vec<String> {
    let mut bits = ids;
    let mut names = Vec::new();
    while bits != 0 {
        names.push(chit_name(scenario, bits.trailing_zeros() as u8));
        bits &= bits - 1;
    }
    names
}
