//! Haggerty statistics: plain integer counters, merged with `+=`, turned
//! into summary rows only when a table is written.

use super::game::RoundOutcome;
use super::rules::{ActionType, Rules, MAX_HAND};
use crate::engine::cards::{Card, CardSet, Suit, MAX_DECK, SUIT_CARDS};
use crate::engine::{BySeat, Seat};
use crate::stats::{Histogram, Mean, Rate, SummaryRow, ALL_SEATS, NO_BREAKDOWN};
use std::ops::AddAssign;

/// Rounds in a turn are at most the cards in both hands.
pub const ROUND_BINS: usize = 2 * MAX_HAND as usize + 1;
/// Extra cards chained in a round are fewer than a hand.
pub const CHAIN_BINS: usize = MAX_HAND as usize + 1;

/// What one turn did, filled round by round. A card is played at most
/// once a turn, so each seat's cards are a set, and everything counted from
/// them is counted once, at the turn's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnTally {
    pub rounds: u32,
    pub played: BySeat<CardSet>,
    /// The seat chose to pass (while holding cards) this turn.
    pub passed: BySeat<bool>,
}

impl TurnTally {
    #[inline]
    pub fn add_round(&mut self, outcome: &RoundOutcome) {
        self.rounds += 1;
        for seat in Seat::BOTH {
            self.played[seat] = self.played[seat].union(outcome.played[seat]);
            self.passed[seat] |= outcome.passed[seat];
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    pub games: u64,
    pub turns_per_game: Mean,
    pub reshuffles_per_game: Mean,
    pub ended_by_deck: Rate,
    /// Games with a contested round, and who won the first of them.
    pub first_contested: u64,
    pub first_initiative: BySeat<u64>,
    pub rounds_per_turn: Histogram<ROUND_BINS>,
    /// Contested rounds each seat won, and all contested rounds.
    pub initiative: BySeat<u64>,
    pub contested: u64,
    /// Rounds each seat played alone (the other out of the turn).
    pub lone_rounds: BySeat<u64>,
    pub rounds: u64,
    pub joker_ties: u64,
    /// Contested rounds and each seat's wins, by round index in the turn.
    #[serde(with = "serde_big_array::BigArray")]
    pub contested_by_round: [u64; ROUND_BINS],
    #[serde(with = "serde_big_array::BigArray")]
    pub initiative_by_round: [BySeat<u64>; ROUND_BINS],
    /// Contested reveals of each card, and how many won the initiative.
    #[serde(with = "serde_big_array::BigArray")]
    pub revealed: [u64; MAX_DECK],
    #[serde(with = "serde_big_array::BigArray")]
    pub revealed_won: [u64; MAX_DECK],
    /// Cards chained after the revealed one, by role (first, second).
    pub chain_first: Histogram<CHAIN_BINS>,
    pub chain_second: Histogram<CHAIN_BINS>,
    pub cards_per_turn: BySeat<Mean>,
    pub unit_actions_per_turn: BySeat<Mean>,
    /// Cards allowing each action type per turn; times `actions_per_card`
    /// this is the actions of that type the turn allowed.
    pub cards_allowing_per_turn: BySeat<[Mean; 4]>,
    pub passed_in_turn: BySeat<Rate>,
    pub cards_left_per_turn: BySeat<Mean>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            games: 0,
            turns_per_game: Mean::default(),
            reshuffles_per_game: Mean::default(),
            ended_by_deck: Rate::default(),
            first_contested: 0,
            first_initiative: BySeat::default(),
            rounds_per_turn: Histogram::default(),
            initiative: BySeat::default(),
            contested: 0,
            lone_rounds: BySeat::default(),
            rounds: 0,
            joker_ties: 0,
            contested_by_round: [0; ROUND_BINS],
            initiative_by_round: [BySeat::default(); ROUND_BINS],
            revealed: [0; MAX_DECK],
            revealed_won: [0; MAX_DECK],
            chain_first: Histogram::default(),
            chain_second: Histogram::default(),
            cards_per_turn: BySeat::default(),
            unit_actions_per_turn: BySeat::default(),
            cards_allowing_per_turn: BySeat::default(),
            passed_in_turn: BySeat::default(),
            cards_left_per_turn: BySeat::default(),
        }
    }
}

impl Stats {
    #[inline]
    pub fn record_round(&mut self, outcome: &RoundOutcome) {
        // The round, contested, initiative, lone-round and joker-tie counts
        // are the game's record's, added once a game in `record_game`.
        let first = outcome.first;
        self.chain_first
            .record(outcome.played[first].len() as usize - 1);
        if outcome.contested {
            let round = (outcome.round as usize).min(ROUND_BINS - 1);
            self.contested_by_round[round] += 1;
            self.initiative_by_round[round][first] += 1;
            self.chain_second
                .record(outcome.played[first.other()].len() as usize - 1);
            for seat in Seat::BOTH {
                if let Some(card) = outcome.revealed[seat] {
                    self.revealed[card.index() as usize] += 1;
                    self.revealed_won[card.index() as usize] += (seat == first) as u64;
                }
            }
        }
    }

    #[inline]
    pub fn record_turn(
        &mut self,
        rules: &Rules,
        tally: &TurnTally,
        unit_actions: BySeat<u32>,
        hands_left: BySeat<CardSet>,
    ) {
        self.rounds_per_turn.record(tally.rounds as usize);
        for seat in Seat::BOTH {
            let played = tally.played[seat];
            self.cards_per_turn[seat].record(played.len() as u64);
            self.unit_actions_per_turn[seat].record(unit_actions[seat] as u64);
            for (mean, allows) in self.cards_allowing_per_turn[seat]
                .iter_mut()
                .zip(rules.allows)
            {
                mean.record(played.intersect(allows).len() as u64);
            }
            self.passed_in_turn[seat].record(tally.passed[seat]);
            self.cards_left_per_turn[seat].record(hands_left[seat].len() as u64);
        }
    }

    #[inline]
    pub fn record_game(&mut self, game: &super::record::GameRecord) {
        self.games += 1;
        self.rounds += game.rounds as u64;
        self.contested += game.contested_rounds as u64;
        self.joker_ties += game.joker_ties as u64;
        for seat in Seat::BOTH {
            self.initiative[seat] += game.initiative[seat] as u64;
            self.lone_rounds[seat] += game.lone_rounds[seat] as u64;
        }
        self.turns_per_game.record(game.turns as u64);
        self.reshuffles_per_game.record(game.reshuffles as u64);
        self.ended_by_deck.record(game.ended_by_deck);
        if let Some(first) = game.first_initiative {
            self.first_contested += 1;
            self.first_initiative[first] += 1;
        }
    }

    /// The tidy summary rows (see the README for the columns).
    pub fn rows(&self, rules: &Rules) -> Vec<SummaryRow> {
        let mut rows = Vec::new();
        let scale = |mut mean: Mean, factor: u64| {
            mean.sum *= factor;
            mean.sum_sq *= (factor * factor) as u128;
            mean
        };
        for seat in Seat::BOTH {
            rows.push(SummaryRow::rate(
                "initiative",
                seat.name(),
                NO_BREAKDOWN,
                String::new(),
                Rate::new(self.initiative[seat], self.contested),
            ));
        }
        for seat in Seat::BOTH {
            rows.push(SummaryRow::rate(
                "first_initiative",
                seat.name(),
                NO_BREAKDOWN,
                String::new(),
                Rate::new(self.first_initiative[seat], self.first_contested),
            ));
        }
        for seat in Seat::BOTH {
            for round in 0..ROUND_BINS {
                if self.contested_by_round[round] > 0 {
                    rows.push(SummaryRow::rate(
                        "initiative",
                        seat.name(),
                        "round",
                        (round + 1).to_string(),
                        Rate::new(
                            self.initiative_by_round[round][seat],
                            self.contested_by_round[round],
                        ),
                    ));
                }
            }
        }
        let by_cards = |rows: &mut Vec<SummaryRow>,
                        by: &'static str,
                        level: String,
                        cards: &mut dyn Iterator<Item = Card>| {
            let (mut won, mut shown) = (0, 0);
            for card in cards {
                won += self.revealed_won[card.index() as usize];
                shown += self.revealed[card.index() as usize];
            }
            if shown > 0 {
                rows.push(SummaryRow::rate(
                    "initiative",
                    ALL_SEATS,
                    by,
                    level,
                    Rate::new(won, shown),
                ));
            }
        };
        for card in rules.deck.iter().filter(|c| !c.is_joker()) {
            by_cards(&mut rows, "card", card.label(), &mut std::iter::once(card));
        }
        let jokers = rules.deck.minus(CardSet::deck(0));
        by_cards(&mut rows, "card", "JOKER".into(), &mut jokers.iter());
        for rank in 0..13u8 {
            let label = Card::from_index(rank * 4).unwrap().rank().unwrap().label();
            by_cards(
                &mut rows,
                "rank",
                label.into(),
                &mut (0..4).map(|s| Card::from_index(rank * 4 + s).unwrap()),
            );
        }
        by_cards(&mut rows, "rank", "JOKER".into(), &mut jokers.iter());
        for suit in Suit::ALL {
            by_cards(
                &mut rows,
                "suit",
                suit.name().into(),
                &mut (0..SUIT_CARDS)
                    .filter(|i| i % 4 == suit as u8)
                    .map(|i| Card::from_index(i).unwrap()),
            );
        }
        by_cards(&mut rows, "suit", "joker".into(), &mut jokers.iter());
        rows.push(SummaryRow::rate(
            "joker_tie",
            ALL_SEATS,
            NO_BREAKDOWN,
            String::new(),
            Rate::new(self.joker_ties, self.contested),
        ));
        for seat in Seat::BOTH {
            rows.push(SummaryRow::rate(
                "lone_round",
                seat.name(),
                NO_BREAKDOWN,
                String::new(),
                Rate::new(self.lone_rounds[seat], self.rounds),
            ));
        }
        for seat in Seat::BOTH {
            rows.push(SummaryRow::rate(
                "rounds_led",
                seat.name(),
                NO_BREAKDOWN,
                String::new(),
                Rate::new(self.initiative[seat] + self.lone_rounds[seat], self.rounds),
            ));
        }
        let per_card = rules.actions_per_card as u64;
        for seat in Seat::BOTH {
            let name = seat.name();
            rows.push(SummaryRow::mean(
                "cards_played_per_turn",
                name,
                NO_BREAKDOWN,
                String::new(),
                self.cards_per_turn[seat],
            ));
            rows.push(SummaryRow::mean(
                "actions_per_turn",
                name,
                NO_BREAKDOWN,
                String::new(),
                scale(self.cards_per_turn[seat], per_card),
            ));
            for action in ActionType::ALL {
                rows.push(SummaryRow::mean(
                    "actions_per_turn",
                    name,
                    "type",
                    action.name().into(),
                    scale(
                        self.cards_allowing_per_turn[seat][action as usize],
                        per_card,
                    ),
                ));
            }
            rows.push(SummaryRow::mean(
                "unit_actions_per_turn",
                name,
                NO_BREAKDOWN,
                String::new(),
                self.unit_actions_per_turn[seat],
            ));
            rows.push(SummaryRow::rate(
                "passed_in_turn",
                name,
                NO_BREAKDOWN,
                String::new(),
                self.passed_in_turn[seat],
            ));
            rows.push(SummaryRow::mean(
                "cards_left_at_turn_end",
                name,
                NO_BREAKDOWN,
                String::new(),
                self.cards_left_per_turn[seat],
            ));
        }
        rows.push(SummaryRow::mean(
            "rounds_per_turn",
            ALL_SEATS,
            NO_BREAKDOWN,
            String::new(),
            self.rounds_per_turn.mean(),
        ));
        self.rounds_per_turn
            .share_rows("rounds_per_turn_share", ALL_SEATS, "rounds", &mut rows);
        rows.push(SummaryRow::mean(
            "chain_length",
            ALL_SEATS,
            "role",
            "first".into(),
            self.chain_first.mean(),
        ));
        rows.push(SummaryRow::mean(
            "chain_length",
            ALL_SEATS,
            "role",
            "second".into(),
            self.chain_second.mean(),
        ));
        for (role, histogram) in [("first", &self.chain_first), ("second", &self.chain_second)] {
            let total = histogram.total();
            if total == 0 {
                continue;
            }
            for (length, &count) in histogram.counts.iter().enumerate() {
                rows.push(
                    SummaryRow::rate(
                        "chain_length_share",
                        ALL_SEATS,
                        "role_length",
                        format!("{role}:{length}"),
                        Rate::new(count, total),
                    )
                    .sparse(),
                );
            }
        }
        rows.push(SummaryRow::mean(
            "turns_per_game",
            ALL_SEATS,
            NO_BREAKDOWN,
            String::new(),
            self.turns_per_game,
        ));
        rows.push(SummaryRow::mean(
            "reshuffles_per_game",
            ALL_SEATS,
            NO_BREAKDOWN,
            String::new(),
            self.reshuffles_per_game,
        ));
        rows.push(SummaryRow::rate(
            "game_ended_by_deck",
            ALL_SEATS,
            NO_BREAKDOWN,
            String::new(),
            self.ended_by_deck,
        ));
        rows
    }
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, other: &Stats) {
        self.games += other.games;
        self.turns_per_game += other.turns_per_game;
        self.reshuffles_per_game += other.reshuffles_per_game;
        self.ended_by_deck += other.ended_by_deck;
        self.first_contested += other.first_contested;
        self.rounds_per_turn += other.rounds_per_turn;
        self.contested += other.contested;
        self.rounds += other.rounds;
        self.joker_ties += other.joker_ties;
        for seat in Seat::BOTH {
            self.initiative[seat] += other.initiative[seat];
            self.first_initiative[seat] += other.first_initiative[seat];
            self.lone_rounds[seat] += other.lone_rounds[seat];
            self.cards_per_turn[seat] += other.cards_per_turn[seat];
            self.unit_actions_per_turn[seat] += other.unit_actions_per_turn[seat];
            for (mine, theirs) in self.cards_allowing_per_turn[seat]
                .iter_mut()
                .zip(other.cards_allowing_per_turn[seat])
            {
                *mine += theirs;
            }
            self.passed_in_turn[seat] += other.passed_in_turn[seat];
            self.cards_left_per_turn[seat] += other.cards_left_per_turn[seat];
        }
        for round in 0..ROUND_BINS {
            self.contested_by_round[round] += other.contested_by_round[round];
            for seat in Seat::BOTH {
                self.initiative_by_round[round][seat] += other.initiative_by_round[round][seat];
            }
        }
        for card in 0..MAX_DECK {
            self.revealed[card] += other.revealed[card];
            self.revealed_won[card] += other.revealed_won[card];
        }
        self.chain_first += other.chain_first;
        self.chain_second += other.chain_second;
    }
}
