//! The search player's card choice: each card of the hand played out over
//! sampled deals of the unseen cards, the rest of the game by the
//! built-in rule (see `strategy::CardPlay`).

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// The search's card: each card value in `seat`'s hand played out on
    /// `samples` sampled worlds (what the seat cannot see shuffled: its own
    /// deck's order, the enemy's hand and deck; and new dice), the rest of
    /// the game played by `hold_high` players; the value with the best
    /// total victory-point margin, the lowest of equals.
    #[inline(never)]
    pub(super) fn search_card(
        &mut self,
        seat: Seat,
        step: usize,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
    ) -> u32 {
        let hand = self.hands[seat];
        let mut values = [0u32; VALUES];
        let mut count = 0;
        for v in hand.values() {
            values[count] = v;
            count += 1;
        }
        if count == 1 {
            return values[0];
        }
        let size = rules.deck_size() as usize;
        let playout_players = BySeat::from_fn(|s| SkirmishStrategy {
            cards: CardPlay::HoldHigh,
            samples: 0,
            ..strategies[s]
        });
        let enemy = seat.other();
        let mut margins = [0i64; VALUES];
        for _ in 0..strategies[seat].samples {
            // Imagined playouts are nobody's to watch.
            let mut world = self.unobserved();
            let seed = self.seats[seat].random::<u64>();
            world.dice = game_rng(seed, 0, Stream::RULES);
            // My deck's order is unknown to me.
            let next = world.next_card[seat];
            shuffle(&mut world.decks[seat][next..size], &mut world.dice);
            // The enemy's hand and deck: one pool, dealt again.
            let (next, held) = (world.next_card[enemy], world.hands[enemy].len() as usize);
            let mut pool = [0u8; MAX_DECK];
            let mut n = 0;
            for v in world.hands[enemy].values() {
                for _ in 0..world.hands[enemy].count(v) {
                    pool[n] = v as u8;
                    n += 1;
                }
            }
            for &card in &world.decks[enemy][next..size] {
                pool[n] = card;
                n += 1;
            }
            shuffle(&mut pool[..n], &mut world.dice);
            world.hands[enemy] = Hand::default();
            for &card in &pool[..held] {
                world.hands[enemy].add(card as u32);
            }
            world.decks[enemy][next..size].copy_from_slice(&pool[held..n]);
            for (value, margin) in values[..count].iter().zip(&mut margins) {
                let mut trial = world.clone();
                let mut tally = GameTally::default();
                trial.apply(
                    seat,
                    *value,
                    true,
                    rules,
                    scenario,
                    &playout_players,
                    &mut tally,
                );
                trial.finish(
                    step + 1,
                    seat.other(),
                    rules,
                    scenario,
                    &playout_players,
                    &mut tally,
                );
                *margin += trial.net_points(scenario, seat) - trial.net_points(scenario, enemy);
            }
        }
        let best = (0..count).fold(
            0,
            |best, i| if margins[i] > margins[best] { i } else { best },
        );
        values[best]
    }
}
