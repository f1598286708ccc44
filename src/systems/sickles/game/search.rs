//! The search player's decisions: at each use-or-hold and brigade choice,
//! every option played out over determinized draws of the cup by the
//! heuristic, valued by the strategy's objective (see `strategy::Search`);
//! one brigade of each kind of situation tried.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Fills `choices` after its first entry (the heuristic's brigade)
    /// with one brigade of each other kind that `allowed` admits, and
    /// returns how many there are. Two brigades of one division with the
    /// same activations this turn, the same of them by its division chit,
    /// face the same rest of the turn, so one stands for both.
    pub(super) fn distinct_brigades(
        &self,
        seat: Seat,
        choices: &mut [Choice],
        tally: &TurnTally,
        allowed: impl Fn((usize, u8)) -> bool,
    ) -> usize {
        let kind = |(d, b): (usize, u8)| {
            (
                d,
                tally.brigade_activations[seat][d][b as usize],
                self.activated[seat][d] >> b & 1,
            )
        };
        let mut n = 1;
        for d in 0..MAX_DIVISIONS {
            for b in 0..self.brigades[seat][d] {
                if n == choices.len() || !allowed((d, b)) {
                    continue;
                }
                let seen = choices[..n].iter().any(|c| match *c {
                    Choice::Brigade(d2, b2) => kind((d2, b2)) == kind((d, b)),
                    Choice::Use(_) => false,
                });
                if !seen {
                    choices[n] = Choice::Brigade(d, b);
                    n += 1;
                }
            }
        }
        n
    }

    /// The search: every choice of `choices` (the heuristic's first) played
    /// out to the turn's end on the same sampled draw orders of the rest of
    /// the cup and the same dice, heuristics deciding for both sides after
    /// it; the choice whose turn is worth most over the samples wins, the
    /// earlier one on a tie. Reshuffling the cup is the whole
    /// determinization: what the side cannot see is which of the
    /// opponent's events are in the cup and its key chit, and no figure of
    /// the side's objective depends on either (only on how many chits
    /// there are, which is public), except under cancel_key_chits, where
    /// the playouts know whether the opponent's key chit is still in the
    /// cup for Fortunes of War to take.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        search: &Search,
        seat: Seat,
        decision: Decision,
        choices: &[Choice],
        rules: &Rules,
        scenario: &Scenario,
        tally: &TurnTally,
    ) -> Choice {
        if choices.len() == 1 {
            return choices[0];
        }
        const PLAYOUT: BySeat<SicklesStrategy> =
            BySeat([SicklesStrategy::Heuristic(Heuristic::DEFAULT); 2]);
        let mut totals = [0u64; MAX_CHOICES];
        for _ in 0..search.samples {
            let deal = self.seats[seat].random::<u64>();
            let dice = self.seats[seat].random::<u64>();
            for (choice, total) in choices.iter().zip(&mut totals) {
                let mut world = self.unobserved();
                world.deal = rng_from_seed(deal);
                world.dice = rng_from_seed(dice);
                let mut rest = *tally;
                match (decision, *choice) {
                    (Decision::Event { id }, Choice::Use(use_now)) => {
                        world.take_event(seat, id, use_now, &mut rest)
                    }
                    (Decision::Division { id, division }, Choice::Brigade(_, b)) => world
                        .division_activates(
                            seat,
                            division,
                            id,
                            b,
                            (0, 0),
                            rules,
                            scenario,
                            &PLAYOUT,
                            &mut rest,
                        ),
                    (Decision::Any, Choice::Brigade(d, b)) => {
                        world.activate(seat, d, b, true, &PLAYOUT, &mut rest);
                    }
                    _ => unreachable!("choices fit their decision"),
                }
                world.draw_rest(rules, scenario, &PLAYOUT, &mut rest);
                *total += world.worth(search, seat, &rest);
            }
        }
        let best = crate::engine::first_best(&totals[..choices.len()]);
        choices[best]
    }

    /// The search over brigades: the brigade it chooses.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_brigade(
        &mut self,
        search: &Search,
        seat: Seat,
        decision: Decision,
        choices: &[Choice],
        rules: &Rules,
        scenario: &Scenario,
        tally: &TurnTally,
    ) -> (usize, u8) {
        match self.search(search, seat, decision, choices, rules, scenario, tally) {
            Choice::Brigade(d, b) => (d, b),
            Choice::Use(_) => unreachable!("a brigade decision has brigade choices"),
        }
    }

    /// The search's objective for `seat` at the end of a turn.
    pub(super) fn worth(&self, search: &Search, seat: Seat, tally: &TurnTally) -> u64 {
        let mut brigades = 0;
        for d in 0..MAX_DIVISIONS {
            for b in 0..self.brigades[seat][d] as usize {
                brigades += (tally.brigade_activations[seat][d][b] > 0) as u64;
            }
        }
        let fates = &tally.fates[seat];
        let used = fates.iter().filter(|&&f| f == Fate::Used).count() as u64;
        let key_used = (fates[tally.keys[seat] as usize] == Fate::Used) as u64;
        search.activation_weight as u64 * tally.activations[seat] as u64
            + search.brigade_weight as u64 * brigades
            + search.key_weight as u64 * key_used
            + search.event_weight as u64 * used
    }
}
