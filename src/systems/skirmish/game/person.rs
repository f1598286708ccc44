//! A game with a person at one side (`fortunes play skirmish`): the same
//! plays as a run's, a card asked of the person at the side's turn. The
//! side's other choices (morale groups, commander points, halts and
//! reserves) follow `strategies[you]`.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Plays a whole game with a person at seat `you`: `ask` gives the
    /// person's card (a value in hand) or `None` to abandon; `tell` hears
    /// what each play did. Returns false when abandoned.
    #[allow(clippy::too_many_arguments)]
    pub fn play_with_person(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        you: Seat,
        ask: &mut dyn FnMut(&Game<O>, usize) -> Option<u32>,
        tell: &mut dyn FnMut(&Game<O>, Seat, u32),
        tally: &mut GameTally,
    ) -> bool {
        *tally = GameTally::default();
        let size = rules.deck_size() as usize;
        let engaged = Seat::BOTH
            .iter()
            .all(|&s| self.fighting_mask[s] | self.reserves_left[s] != 0);
        let mut seat = scenario.first;
        for step in 0..2 * size {
            if !self.hands[seat].is_empty() {
                if engaged && self.reserves_left[seat] != 0 {
                    self.call_reserves(seat, step, rules, scenario, &strategies[seat]);
                }
                let card = if seat == you {
                    match ask(self, step) {
                        Some(card) => card,
                        None => return false,
                    }
                } else {
                    match strategies[seat].cards {
                        CardPlay::Search if engaged => {
                            self.search_card(seat, step, rules, scenario, strategies)
                        }
                        _ => {
                            let situation = self.situation(seat, scenario);
                            strategies[seat].card(
                                &self.hands[seat],
                                &situation,
                                &mut self.seats[seat],
                            )
                        }
                    }
                };
                self.apply(seat, card, engaged, rules, scenario, strategies, tally);
                tell(self, seat, card);
            }
            seat = seat.other();
        }
        for seat in Seat::BOTH {
            for man in &self.men[seat][..scenario.count[seat] as usize] {
                tally.killed[seat] += man.dead as u32;
            }
        }
        self.tally_reserves(scenario, tally);
        true
    }
}
