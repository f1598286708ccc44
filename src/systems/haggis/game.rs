//! The Haggis game: deals, bets, rounds and scores to the target, each
//! round played on a `RoundState`.

use super::cards::{Cards, NUMBER_CARDS};
use super::events::{self, Event};
pub use super::round::{is_legal, RoundScore, RoundState};
use super::rules::{Bet, Betting, FirstDealer, Rules};
use super::strategy::{Scratch, Strategy, View};
use crate::engine::deck::shuffle;
use crate::engine::seeding::{game_rng, GameRng, Stream};
use crate::engine::{BySeat, Seat};
use crate::system::{Observer, Unobserved};
use rand::Rng;

/// A finished round, for statistics and records.
#[derive(Clone, Copy, Debug)]
pub struct RoundOutcome {
    pub index: u32,
    pub state: RoundState,
    pub score: RoundScore,
    /// Scores after the round.
    pub totals: BySeat<u32>,
}

/// One worker's reusable game: scores, the deck, random streams and each
/// seat's strategy scratch space; told to `obs` as it goes (`Unobserved`
/// in a run).
pub struct Game<O = Unobserved> {
    pub scores: BySeat<u32>,
    pub dealer: Seat,
    pub rounds: u32,
    pub round: RoundState,
    deck: [u8; NUMBER_CARDS as usize],
    deal_rng: GameRng,
    seat_rngs: BySeat<GameRng>,
    scratch: BySeat<Scratch>,
    pub obs: O,
}

impl Game {
    pub fn new(rules: &Rules, master_seed: u64, index: u64) -> Game {
        let mut game = Game {
            scores: BySeat([0; 2]),
            dealer: Seat::A,
            rounds: 0,
            round: RoundState::new(BySeat([Cards::EMPTY; 2]), Cards::EMPTY, Seat::A),
            deck: std::array::from_fn(|i| i as u8),
            deal_rng: game_rng(master_seed, index, Stream::DEAL),
            seat_rngs: BySeat::from_fn(|s| game_rng(master_seed, index, Stream::seat(s.index()))),
            scratch: BySeat([Scratch::new(), Scratch::new()]),
            obs: Unobserved,
        };
        game.reset(rules, master_seed, index);
        game
    }

    /// This game (its seeds, scores and dealer), told to `obs`.
    pub fn observed<P>(self, obs: P) -> Game<P> {
        Game {
            scores: self.scores,
            dealer: self.dealer,
            rounds: self.rounds,
            round: self.round,
            deck: self.deck,
            deal_rng: self.deal_rng,
            seat_rngs: self.seat_rngs,
            scratch: self.scratch,
            obs,
        }
    }
}

impl<O: Observer<Event>> Game<O> {
    /// Starts game `index` of the run seeded by `master_seed`, reusing the
    /// allocations.
    pub fn reset(&mut self, rules: &Rules, master_seed: u64, index: u64) {
        self.scores = BySeat([0; 2]);
        self.rounds = 0;
        self.deck = std::array::from_fn(|i| i as u8);
        self.deal_rng = game_rng(master_seed, index, Stream::DEAL);
        for seat in Seat::BOTH {
            self.seat_rngs[seat] = game_rng(master_seed, index, Stream::seat(seat.index()));
        }
        self.dealer = match rules.first_dealer {
            FirstDealer::A => Seat::A,
            FirstDealer::B => Seat::B,
            FirstDealer::Random => {
                if game_rng(master_seed, index, Stream::RULES).random::<bool>() {
                    Seat::A
                } else {
                    Seat::B
                }
            }
        };
    }

    /// Deals a round: seat a's hand, then seat b's, then the Haggis, from
    /// the deal stream alone, so deals do not depend on strategies.
    pub fn deal(&mut self, rules: &Rules) {
        shuffle(&mut self.deck, &mut self.deal_rng);
        let take = |cards: &[u8]| {
            cards
                .iter()
                .fold(Cards::EMPTY, |set, &i| set.union(Cards(1 << i)))
        };
        let hand = rules.hand_size as usize;
        let haggis = rules.haggis_size as usize;
        let hands = BySeat([
            take(&self.deck[..hand]).union(Cards::WILDS),
            take(&self.deck[hand..2 * hand]).union(Cards::WILDS),
        ]);
        self.round = RoundState::new(
            hands,
            take(&self.deck[2 * hand..2 * hand + haggis]),
            self.dealer,
        );
    }

    fn view<'r>(&self, rules: &'r Rules, seat: Seat, opponent_bet: Option<Bet>) -> View<'r> {
        View {
            rules,
            seat,
            round: self.round.visible_to(seat),
            opponent_numbers: self.round.hands[seat.other()].numbers().len(),
            scores: self.scores,
            opponent_bet,
        }
    }

    /// Deals, bets and plays one round, and scores it.
    pub fn play_round<S: Strategy>(
        &mut self,
        rules: &Rules,
        strategies: &BySeat<S>,
    ) -> RoundOutcome {
        self.deal(rules);
        let number = self.rounds + 1;
        if self.obs.on() {
            events::tell_deal(&mut self.obs, number, &self.round, self.scores);
        }
        let leader = self.dealer.other();
        let order = match rules.betting {
            Betting::Simultaneous | Betting::LeaderFirst => [leader, self.dealer],
            Betting::DealerFirst => [self.dealer, leader],
        };
        let mut bets = BySeat([Bet::None; 2]);
        for (i, seat) in order.into_iter().enumerate() {
            let seen = (i == 1 && rules.betting != Betting::Simultaneous).then_some(bets[order[0]]);
            let view = self.view(rules, seat, seen);
            bets[seat] =
                strategies[seat].bet(&view, &mut self.scratch[seat], &mut self.seat_rngs[seat]);
            if self.obs.on() {
                self.obs
                    .event(events::bet(rules, number, seat, bets[seat], seen));
            }
        }
        self.round.bets = bets;
        while self.round.out.is_none() {
            let seat = self.round.turn;
            let view = self.view(rules, seat, Some(bets[seat.other()]));
            let choice =
                strategies[seat].play(&view, &mut self.scratch[seat], &mut self.seat_rngs[seat]);
            debug_assert!(
                is_legal(&self.round, rules, choice),
                "{choice:?} in {:?}",
                self.round
            );
            // The move's events need the round it was chosen in: the hand
            // and the legal plays, and the trick it may have ended.
            let before = if self.obs.on() {
                Some(self.round)
            } else {
                None
            };
            self.round.apply(rules, choice);
            if let Some(before) = before {
                events::tell_move(&mut self.obs, rules, number, &before, &self.round, choice);
            }
        }
        let score = self.round.score(rules);
        for seat in Seat::BOTH {
            self.scores[seat] += score.points[seat];
        }
        if self.obs.on() {
            self.obs
                .event(events::round_end(number, &self.round, &score, self.scores));
        }
        self.rounds += 1;
        // The score leader deals next; on a tie, the round's winner.
        self.dealer = match self.scores[Seat::A].cmp(&self.scores[Seat::B]) {
            std::cmp::Ordering::Greater => Seat::A,
            std::cmp::Ordering::Less => Seat::B,
            std::cmp::Ordering::Equal => score.winner,
        };
        RoundOutcome {
            index: self.rounds - 1,
            state: self.round,
            score,
            totals: self.scores,
        }
    }

    /// The game's result once it is over: `Some(Some(winner))`, a draw at
    /// the round cap `Some(None)`, or `None` while it goes on.
    pub fn result(&self, rules: &Rules) -> Option<Option<Seat>> {
        let [a, b] = self.scores.0;
        let leader = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Seat::A),
            std::cmp::Ordering::Less => Some(Seat::B),
            std::cmp::Ordering::Equal => None,
        };
        if a.max(b) >= rules.target_score && leader.is_some() {
            return Some(leader);
        }
        (self.rounds >= rules.max_rounds).then_some(leader)
    }
}
