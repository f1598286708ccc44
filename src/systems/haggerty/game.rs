//! Haggerty game state and the turn/round procedure, exactly as the seed's
//! "A Description of the Turn" and "Rounds" give it. All state is fixed-size
//! and reused from game to game: playing allocates nothing.

use super::events::{self, Event};
use super::rules::{EmptyDrawPile, JokerTie, Rules};
use super::view::{Strategy, View};
use crate::engine::cards::{Card, CardSet};
use crate::engine::deck::DrawPile;
use crate::engine::seeding::{game_rng, GameRng, Stream};
use crate::engine::{BySeat, Seat};
use crate::system::{Observer, Unobserved};
use rand::Rng;

/// What happened in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundOutcome {
    /// 0-based round index within the turn.
    pub round: u32,
    pub first: Seat,
    /// Both seats revealed a card (otherwise the first player played alone).
    pub contested: bool,
    /// Both revealed jokers and `joker_tie` decided the first player.
    pub joker_tie: bool,
    /// The card each seat revealed to start the round.
    pub revealed: BySeat<Option<Card>>,
    /// Every card each seat played this round. A seat's chained cards each
    /// outrank the last, so the set's ranking order is the play order.
    pub played: BySeat<CardSet>,
    /// Seats that chose to pass (while holding cards) at this round's start.
    pub passed: BySeat<bool>,
}

/// A game, told to `obs` as it goes (`Unobserved` in a run).
#[derive(Clone)]
pub struct Game<O = Unobserved> {
    pub hands: BySeat<CardSet>,
    pub pile: DrawPile,
    pub discard: CardSet,
    /// Cards played this round and not yet discarded.
    pub table: CardSet,
    /// 0-based index of the current turn.
    pub turn: u32,
    /// 0-based index of the next round in this turn.
    pub round: u32,
    /// Seats out of this turn (passed, or had no cards).
    pub out: BySeat<bool>,
    /// The most recent round's first player, for `joker_tie = previous_first`.
    pub last_first: Option<Seat>,
    pub reshuffles: u32,
    /// The pile ran dry with `empty_draw_pile = end_game`.
    pub ended_by_deck: bool,
    deal_rng: GameRng,
    rules_rng: GameRng,
    seat_rngs: BySeat<GameRng>,
    pub obs: O,
}

impl Game {
    /// A game seeded for (master seed, game index), dealt and ready for
    /// its first turn.
    pub fn new(rules: &Rules, master_seed: u64, game: u64) -> Game {
        let mut state = Game {
            hands: BySeat::default(),
            pile: DrawPile::default(),
            discard: CardSet::EMPTY,
            table: CardSet::EMPTY,
            turn: 0,
            round: 0,
            out: BySeat::default(),
            last_first: None,
            reshuffles: 0,
            ended_by_deck: false,
            deal_rng: game_rng(0, 0, Stream::DEAL),
            rules_rng: game_rng(0, 0, Stream::RULES),
            seat_rngs: BySeat([
                game_rng(0, 0, Stream::seat(0)),
                game_rng(0, 0, Stream::seat(1)),
            ]),
            obs: Unobserved,
        };
        state.reset(rules, master_seed, game);
        state
    }

    /// A game like this one (its seeds, hands and pile), told to `obs`.
    pub fn observed<P>(self, obs: P) -> Game<P> {
        Game {
            hands: self.hands,
            pile: self.pile,
            discard: self.discard,
            table: self.table,
            turn: self.turn,
            round: self.round,
            out: self.out,
            last_first: self.last_first,
            reshuffles: self.reshuffles,
            ended_by_deck: self.ended_by_deck,
            deal_rng: self.deal_rng,
            rules_rng: self.rules_rng,
            seat_rngs: self.seat_rngs,
            obs,
        }
    }

    /// A game with hands and pile as given, for rules tests and worked
    /// examples. Cards not named are in the discard pile.
    pub fn arranged(rules: &Rules, hands: BySeat<CardSet>, pile_top_last: &[Card]) -> Game {
        let mut game = Game::new(rules, 0, 0);
        game.hands = hands;
        game.pile = DrawPile::default();
        for &card in pile_top_last {
            game.pile.push(card);
        }
        game.discard = rules
            .deck
            .minus(hands[Seat::A])
            .minus(hands[Seat::B])
            .minus(game.pile.as_set());
        game
    }
}

impl Game {
    /// Reuses this state for another game: reseeds, shuffles and deals.
    /// Not generic, so compiled once here: a generic `start` would be
    /// compiled again, and differently, in each crate calling it (the
    /// deal floor's bench and example among them).
    pub fn reset(&mut self, rules: &Rules, master_seed: u64, game: u64) {
        self.start(rules, master_seed, game);
    }
}

impl<O: Observer<Event>> Game<O> {
    /// `reset`, for a game told to any observer.
    pub fn start(&mut self, rules: &Rules, master_seed: u64, game: u64) {
        self.reseed(master_seed, game);
        self.hands = BySeat::default();
        self.discard = CardSet::EMPTY;
        self.table = CardSet::EMPTY;
        self.turn = 0;
        self.round = 0;
        self.out = BySeat::default();
        self.last_first = None;
        self.reshuffles = 0;
        self.ended_by_deck = false;
        self.pile.refill_shuffled(rules.deck, &mut self.deal_rng);
        // The deal is the first turn's refill.
        self.refill(rules);
    }

    /// Points every randomness stream at (master seed, game index).
    pub fn reseed(&mut self, master_seed: u64, game: u64) {
        self.deal_rng = game_rng(master_seed, game, Stream::DEAL);
        self.rules_rng = game_rng(master_seed, game, Stream::RULES);
        self.seat_rngs = BySeat([
            game_rng(master_seed, game, Stream::seat(0)),
            game_rng(master_seed, game, Stream::seat(1)),
        ]);
    }

    /// Every card of the deck is in exactly one place.
    pub fn conserves_cards(&self, rules: &Rules) -> bool {
        let places = [
            self.hands[Seat::A],
            self.hands[Seat::B],
            self.pile.as_set(),
            self.discard,
            self.table,
        ];
        let total: u32 = places.iter().map(|p| p.len()).sum();
        let union = places.iter().fold(CardSet::EMPTY, |acc, p| acc.union(*p));
        total == rules.deck.len() && union == rules.deck
    }

    fn draw(&mut self, rules: &Rules) -> Option<Card> {
        if self.pile.is_empty() {
            match rules.empty_draw_pile {
                EmptyDrawPile::EndGame => {
                    self.ended_by_deck = true;
                    return None;
                }
                EmptyDrawPile::Reshuffle => {
                    if self.discard.is_empty() {
                        return None;
                    }
                    if self.obs.on() {
                        self.obs.event(Event::Reshuffle {
                            turn: self.turn + 1,
                            cards: self.discard.len(),
                        });
                    }
                    self.pile.refill_shuffled(self.discard, &mut self.deal_rng);
                    self.discard = CardSet::EMPTY;
                    self.reshuffles += 1;
                }
            }
        }
        self.pile.draw()
    }

    fn refill(&mut self, rules: &Rules) {
        for seat in Seat::BOTH {
            // Read only when observed: unobserved, it is optimised out and
            // the loop is the one the deal floor measures.
            let before = self.hands[seat];
            while self.hands[seat].len() < rules.hand_size[seat] as u32 {
                match self.draw(rules) {
                    Some(card) => self.hands[seat].insert(card),
                    None => {
                        if O::ON {
                            self.tell_refill(seat, before);
                        }
                        return;
                    }
                }
            }
            if O::ON {
                self.tell_refill(seat, before);
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn tell_refill(&mut self, seat: Seat, before: CardSet) {
        self.obs.event(Event::Refill {
            turn: self.turn + 1,
            seat: events::seat(seat),
            drawn: events::names(self.hands[seat].minus(before)),
            hand: events::names(self.hands[seat]),
            pile: self.pile.len() as u32,
        });
    }

    /// Ends the current turn and starts the next: refill, reset passes.
    /// Returns false when the game is over (all turns played, or the pile
    /// ran dry under `end_game`).
    pub fn next_turn(&mut self, rules: &Rules) -> bool {
        self.turn += 1;
        self.round = 0;
        self.out = BySeat::default();
        if self.turn >= rules.turns {
            return false;
        }
        self.refill(rules);
        !self.ended_by_deck
    }

    fn view<'a>(&self, rules: &'a Rules, seat: Seat, legal: CardSet) -> View<'a> {
        let hand = self.hands[seat];
        View {
            rules,
            seat,
            hand,
            legal,
            unseen: rules.deck.minus(hand).minus(self.discard).minus(self.table),
            opponent_hand_len: self.hands[seat.other()].len(),
            opponent_out: self.out[seat.other()],
            own_last: None,
            opponent_last: None,
            turn: self.turn,
            round: self.round,
            last_first: self.last_first,
        }
    }

    /// Plays one round; `None` when the turn is over because both seats
    /// are out (passed or without cards).
    pub fn play_round<S: Strategy>(
        &mut self,
        rules: &Rules,
        strategies: &BySeat<S>,
    ) -> Option<RoundOutcome> {
        let mut revealed = BySeat([None, None]);
        let mut passed = BySeat([false, false]);
        for seat in Seat::BOTH {
            if self.hands[seat].is_empty() {
                // "A player holding no cards must pass."
                self.out[seat] = true;
            }
        }
        // Both choose before either card is known: simultaneous reveal.
        for seat in Seat::BOTH {
            if self.out[seat] {
                continue;
            }
            let view = self.view(rules, seat, self.hands[seat]);
            let choice = strategies[seat].reveal(&view, &mut self.seat_rngs[seat]);
            match choice {
                Some(card) => {
                    assert!(
                        view.legal.contains(card),
                        "{seat:?} revealed {card} not in hand"
                    );
                    revealed[seat] = Some(card);
                }
                None => passed[seat] = true,
            }
            if self.obs.on() {
                self.obs.event(Event::Reveal {
                    turn: self.turn + 1,
                    round: self.round + 1,
                    seat: events::seat(seat),
                    hand: events::names(self.hands[seat]),
                    card: events::name(choice),
                });
            }
        }
        for seat in Seat::BOTH {
            if passed[seat] {
                self.out[seat] = true;
            }
        }
        let (first, contested, joker_tie) = match (revealed[Seat::A], revealed[Seat::B]) {
            (None, None) => return None,
            (Some(_), None) => (Seat::A, false, false),
            (None, Some(_)) => (Seat::B, false, false),
            (Some(a), Some(b)) if a.outranks(b) => (Seat::A, true, false),
            (Some(a), Some(b)) if b.outranks(a) => (Seat::B, true, false),
            (Some(_), Some(_)) => (self.break_joker_tie(rules), true, true),
        };
        if self.obs.on() {
            let coin = joker_tie
                && !matches!(
                    (rules.joker_tie, self.last_first),
                    (JokerTie::PreviousFirst, Some(_))
                );
            self.obs.event(Event::Initiative {
                turn: self.turn + 1,
                round: self.round + 1,
                first: events::seat(first),
                contested,
                joker_tie,
                coin: coin.then(|| events::seat(first)),
            });
        }
        let mut played = BySeat([CardSet::EMPTY; 2]);
        for seat in Seat::BOTH {
            if let Some(card) = revealed[seat] {
                self.hands[seat].remove(card);
                self.table.insert(card);
                played[seat].insert(card);
            }
        }
        // First player's actions, then any chain of higher cards.
        let first_last = self.chain(rules, strategies, first, revealed[first], None, &mut played);
        // Second player's actions and chain: above his own and the first's last card.
        if contested {
            let second = first.other();
            self.chain(
                rules,
                strategies,
                second,
                revealed[second],
                first_last,
                &mut played,
            );
        }
        self.discard = self.discard.union(self.table);
        self.table = CardSet::EMPTY;
        self.last_first = Some(first);
        let outcome = RoundOutcome {
            round: self.round,
            first,
            contested,
            joker_tie,
            revealed,
            played,
            passed,
        };
        self.round += 1;
        Some(outcome)
    }

    fn break_joker_tie(&mut self, rules: &Rules) -> Seat {
        match (rules.joker_tie, self.last_first) {
            (JokerTie::PreviousFirst, Some(seat)) => seat,
            _ => {
                if self.rules_rng.random::<bool>() {
                    Seat::A
                } else {
                    Seat::B
                }
            }
        }
    }

    /// Lets `seat` chain cards after `start`; each must outrank its last
    /// card and, for the second player, `must_beat`. Returns the last card.
    #[inline(always)]
    fn chain<S: Strategy>(
        &mut self,
        rules: &Rules,
        strategies: &BySeat<S>,
        seat: Seat,
        start: Option<Card>,
        must_beat: Option<Card>,
        played: &mut BySeat<CardSet>,
    ) -> Option<Card> {
        let last = start?;
        let floor = match must_beat {
            Some(other) => CardSet::outranking(other),
            None => CardSet(u64::MAX),
        };
        // Checked here, inlined, because most rounds hold no card to chain:
        // the call with its view is made only when there is a choice.
        let legal = self.hands[seat]
            .intersect(CardSet::outranking(last))
            .intersect(floor);
        if legal.is_empty() {
            return Some(last);
        }
        self.chain_choices(rules, strategies, seat, last, must_beat, floor, played)
    }

    /// `chain` once the seat holds a card it may chain.
    #[allow(clippy::too_many_arguments)]
    fn chain_choices<S: Strategy>(
        &mut self,
        rules: &Rules,
        strategies: &BySeat<S>,
        seat: Seat,
        mut last: Card,
        must_beat: Option<Card>,
        floor: CardSet,
        played: &mut BySeat<CardSet>,
    ) -> Option<Card> {
        loop {
            let legal = self.hands[seat]
                .intersect(CardSet::outranking(last))
                .intersect(floor);
            if legal.is_empty() {
                return Some(last);
            }
            let mut view = self.view(rules, seat, legal);
            view.own_last = Some(last);
            view.opponent_last = match must_beat {
                Some(card) => Some(card),
                None => played[seat.other()].highest(),
            };
            let choice = strategies[seat].chain(&view, &mut self.seat_rngs[seat]);
            if self.obs.on() {
                self.obs.event(Event::Chain {
                    turn: self.turn + 1,
                    round: self.round + 1,
                    seat: events::seat(seat),
                    last: last.to_string(),
                    legal: events::names(legal),
                    card: events::name(choice),
                });
            }
            match choice {
                Some(card) => {
                    assert!(legal.contains(card), "{seat:?} chained {card}, not legal");
                    self.hands[seat].remove(card);
                    self.table.insert(card);
                    played[seat].insert(card);
                    last = card;
                }
                None => return Some(last),
            }
        }
    }
}
