//! Haggis statistics: exact integer counters per seat, merged with `+=`,
//! turned into tidy rows (with 95% intervals) only when a table is written.

use super::combo::Bomb;
use super::game::RoundOutcome;
use super::rules::Bet;
use crate::engine::{BySeat, Seat};
use crate::stats::{Histogram, Mean, Rate, SummaryRow, ALL_SEATS, NO_BREAKDOWN};
use std::ops::AddAssign;

/// Points per round are binned one by one up to this (the last bin holds
/// more): 17 cards left at 100 points each would pass it, the presets
/// stay far below.
pub const POINT_BINS: usize = 400;
/// Cards left in a hand: at most 18 number cards and 3 wilds.
pub const CARD_BINS: usize = 22;
/// Tricks in a round: each takes at least one card from a hand.
pub const TRICK_BINS: usize = 64;
/// Rounds in a game, the last bin holding longer games.
pub const ROUND_BINS: usize = 128;

/// One seat's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatTally {
    pub points: Histogram<POINT_BINS>,
    pub captured: Mean,
    pub left: Mean,
    pub haggis: Mean,
    pub bet_points: Mean,
    pub went_out: Rate,
    /// Rounds in which this seat made each bet.
    pub bets: [Rate; 3],
    /// Of the rounds with each bet, those in which this seat went out.
    pub bets_won: [Rate; 3],
    pub bombs: [Mean; 6],
    pub plays: Mean,
    pub passes: Mean,
    pub games_won: Rate,
    /// Final score per game.
    pub game_score: Mean,
}

impl AddAssign<&SeatTally> for SeatTally {
    fn add_assign(&mut self, other: &SeatTally) {
        self.points += other.points;
        self.captured += other.captured;
        self.left += other.left;
        self.haggis += other.haggis;
        self.bet_points += other.bet_points;
        self.went_out += other.went_out;
        for i in 0..3 {
            self.bets[i] += other.bets[i];
            self.bets_won[i] += other.bets_won[i];
        }
        for i in 0..6 {
            self.bombs[i] += other.bombs[i];
        }
        self.plays += other.plays;
        self.passes += other.passes;
        self.games_won += other.games_won;
        self.game_score += other.game_score;
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    pub games: u64,
    pub rounds: u64,
    pub seats: BySeat<SeatTally>,
    pub tricks: Histogram<TRICK_BINS>,
    pub left_cards: Histogram<CARD_BINS>,
    pub rounds_per_game: Histogram<ROUND_BINS>,
    pub drawn_games: u64,
    pub capped_games: u64,
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, other: &Stats) {
        self.games += other.games;
        self.rounds += other.rounds;
        for seat in Seat::BOTH {
            self.seats[seat] += &other.seats[seat];
        }
        self.tricks += other.tricks;
        self.left_cards += other.left_cards;
        self.rounds_per_game += other.rounds_per_game;
        self.drawn_games += other.drawn_games;
        self.capped_games += other.capped_games;
    }
}

impl Stats {
    pub fn record_round(&mut self, outcome: &RoundOutcome) {
        let state = &outcome.state;
        let score = &outcome.score;
        self.rounds += 1;
        self.tricks.record(state.tricks as usize);
        self.left_cards.record(score.left_cards as usize);
        for seat in Seat::BOTH {
            let won = score.winner == seat;
            let tally = &mut self.seats[seat];
            tally.points.record(score.points[seat] as usize);
            tally.captured.record(score.captured[seat] as u64);
            tally
                .left
                .record(if won { score.left_points as u64 } else { 0 });
            tally
                .haggis
                .record(if won { score.haggis_points as u64 } else { 0 });
            tally.bet_points.record(score.bet_points[seat] as u64);
            tally.went_out.record(won);
            let bet = state.bets[seat];
            for b in Bet::ALL {
                tally.bets[b as usize].record(bet == b);
            }
            tally.bets_won[bet as usize].record(won);
            for bomb in Bomb::ALL {
                tally.bombs[bomb as usize].record(state.bombs[seat][bomb as usize] as u64);
            }
            tally.plays.record(state.plays[seat] as u64);
            tally.passes.record(state.passes[seat] as u64);
        }
    }

    pub fn record_game(
        &mut self,
        rounds: u32,
        winner: Option<Seat>,
        capped: bool,
        scores: BySeat<u32>,
    ) {
        self.games += 1;
        self.rounds_per_game.record(rounds as usize);
        for seat in Seat::BOTH {
            self.seats[seat].games_won.record(winner == Some(seat));
            self.seats[seat].game_score.record(scores[seat] as u64);
        }
        self.drawn_games += winner.is_none() as u64;
        self.capped_games += capped as u64;
    }

    /// Tidy rows. `strategies` names each seat's player, for the rows broken
    /// down by strategy (seats with the same player are pooled).
    pub fn rows(&self, strategies: &BySeat<String>) -> Vec<SummaryRow> {
        let mut rows = Vec::new();
        let none = String::new;
        type Getter = fn(&SeatTally) -> Mean;
        let per_seat: [(&'static str, Getter); 7] = [
            ("points_per_round", |t| t.points.mean()),
            ("captured_points_per_round", |t| t.captured),
            ("left_hand_points_per_round", |t| t.left),
            ("haggis_points_per_round", |t| t.haggis),
            ("bet_points_per_round", |t| t.bet_points),
            ("plays_per_round", |t| t.plays),
            ("score_per_game", |t| t.game_score),
        ];
        for (metric, get) in per_seat {
            for seat in Seat::BOTH {
                rows.push(SummaryRow::mean(
                    metric,
                    seat.name(),
                    NO_BREAKDOWN,
                    none(),
                    get(&self.seats[seat]),
                ));
            }
        }
        for seat in Seat::BOTH {
            let tally = &self.seats[seat];
            rows.push(SummaryRow::rate(
                "went_out_first",
                seat.name(),
                NO_BREAKDOWN,
                none(),
                tally.went_out,
            ));
            rows.push(SummaryRow::rate(
                "game_won",
                seat.name(),
                NO_BREAKDOWN,
                none(),
                tally.games_won,
            ));
            rows.push(SummaryRow::mean(
                "passes_per_round",
                seat.name(),
                NO_BREAKDOWN,
                none(),
                tally.passes,
            ));
            for bet in Bet::ALL {
                rows.push(SummaryRow::rate(
                    "bet_made",
                    seat.name(),
                    "bet",
                    bet.name().into(),
                    tally.bets[bet as usize],
                ));
            }
            for bet in [Bet::Little, Bet::Big] {
                let won = tally.bets_won[bet as usize];
                if won.trials > 0 {
                    rows.push(SummaryRow::rate(
                        "bet_succeeded",
                        seat.name(),
                        "bet",
                        bet.name().into(),
                        won,
                    ));
                }
            }
            for bomb in Bomb::ALL {
                rows.push(SummaryRow::mean(
                    "bombs_per_round",
                    seat.name(),
                    "bomb",
                    bomb.name().into(),
                    tally.bombs[bomb as usize],
                ));
            }
            tally
                .points
                .share_rows("points_per_round_share", seat.name(), "points", &mut rows);
        }
        for bet in [Bet::Little, Bet::Big] {
            let mut won = self.seats[Seat::A].bets_won[bet as usize];
            won += self.seats[Seat::B].bets_won[bet as usize];
            if won.trials > 0 {
                rows.push(SummaryRow::rate(
                    "bet_succeeded",
                    ALL_SEATS,
                    "bet",
                    bet.name().into(),
                    won,
                ));
            }
        }
        // By strategy: the seats that play it, pooled.
        let mut names: Vec<&String> = strategies.0.iter().collect();
        names.dedup();
        for name in names {
            let mut pooled = SeatTally::default();
            for seat in Seat::BOTH.into_iter().filter(|&s| &strategies[s] == name) {
                pooled += &self.seats[seat];
            }
            rows.push(SummaryRow::mean(
                "points_per_round",
                ALL_SEATS,
                "strategy",
                name.clone(),
                pooled.points.mean(),
            ));
            rows.push(SummaryRow::rate(
                "went_out_first",
                ALL_SEATS,
                "strategy",
                name.clone(),
                pooled.went_out,
            ));
            rows.push(SummaryRow::rate(
                "game_won",
                ALL_SEATS,
                "strategy",
                name.clone(),
                pooled.games_won,
            ));
            for bet in [Bet::Little, Bet::Big] {
                let won = pooled.bets_won[bet as usize];
                if won.trials > 0 {
                    rows.push(SummaryRow::rate(
                        "bet_succeeded",
                        ALL_SEATS,
                        "strategy_bet",
                        format!("{name}:{}", bet.name()),
                        won,
                    ));
                }
            }
        }
        rows.push(SummaryRow::mean(
            "tricks_per_round",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.tricks.mean(),
        ));
        rows.push(SummaryRow::mean(
            "cards_left_in_losers_hand",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.left_cards.mean(),
        ));
        self.left_cards.share_rows(
            "cards_left_in_losers_hand_share",
            ALL_SEATS,
            "cards",
            &mut rows,
        );
        rows.push(SummaryRow::mean(
            "rounds_per_game",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            self.rounds_per_game.mean(),
        ));
        self.rounds_per_game
            .share_rows("rounds_per_game_share", ALL_SEATS, "rounds", &mut rows);
        rows.push(SummaryRow::rate(
            "game_drawn",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.drawn_games, self.games),
        ));
        rows.push(SummaryRow::rate(
            "game_hit_max_rounds",
            ALL_SEATS,
            NO_BREAKDOWN,
            none(),
            Rate::new(self.capped_games, self.games),
        ));
        rows
    }
}

use crate::stats::Ratio;
use crate::system::Series;

/// The per-game series of Haggis, in the order `Stats::series` writes them.
pub const SERIES: &[Series] = &[
    Series::mean("points_per_round", "a"),
    Series::mean("points_per_round", "b"),
    Series::mean("captured_points_per_round", "a"),
    Series::mean("captured_points_per_round", "b"),
    Series::mean("left_hand_points_per_round", "a"),
    Series::mean("left_hand_points_per_round", "b"),
    Series::mean("haggis_points_per_round", "a"),
    Series::mean("haggis_points_per_round", "b"),
    Series::mean("bet_points_per_round", "a"),
    Series::mean("bet_points_per_round", "b"),
    Series::mean("plays_per_round", "a"),
    Series::mean("plays_per_round", "b"),
    Series::mean("passes_per_round", "a"),
    Series::mean("passes_per_round", "b"),
    Series::rate("went_out_first", "a"),
    Series::rate("went_out_first", "b"),
    Series::rate("bet_made", "a").by("bet", "little"),
    Series::rate("bet_made", "a").by("bet", "big"),
    Series::rate("bet_made", "b").by("bet", "little"),
    Series::rate("bet_made", "b").by("bet", "big"),
    Series::rate("bet_succeeded", "all").by("bet", "little"),
    Series::rate("bet_succeeded", "all").by("bet", "big"),
    Series::mean("tricks_per_round", "all"),
    Series::mean("cards_left_in_losers_hand", "all"),
    Series::mean("rounds_per_game", "all"),
    Series::rate("game_won", "a"),
    Series::rate("game_won", "b"),
    Series::mean("score_per_game", "a"),
    Series::mean("score_per_game", "b"),
    Series::rate("game_drawn", "all"),
    Series::rate("game_hit_max_rounds", "all"),
];

impl Stats {
    /// The `SERIES` values of the games these statistics hold (one game's,
    /// when they are a game's scratch statistics).
    pub fn series(&self, out: &mut [Ratio]) {
        let [a, b] = [&self.seats[Seat::A], &self.seats[Seat::B]];
        let mean = |m: Mean| Ratio::new(m.sum, m.n);
        let rate = |r: Rate| Ratio::new(r.hits, r.trials);
        let (little, big) = (Bet::Little as usize, Bet::Big as usize);
        let pooled = |bet: usize| {
            let mut won = a.bets_won[bet];
            won += b.bets_won[bet];
            rate(won)
        };
        let values = [
            mean(a.points.mean()),
            mean(b.points.mean()),
            mean(a.captured),
            mean(b.captured),
            mean(a.left),
            mean(b.left),
            mean(a.haggis),
            mean(b.haggis),
            mean(a.bet_points),
            mean(b.bet_points),
            mean(a.plays),
            mean(b.plays),
            mean(a.passes),
            mean(b.passes),
            rate(a.went_out),
            rate(b.went_out),
            rate(a.bets[little]),
            rate(a.bets[big]),
            rate(b.bets[little]),
            rate(b.bets[big]),
            pooled(little),
            pooled(big),
            mean(self.tricks.mean()),
            mean(self.left_cards.mean()),
            mean(self.rounds_per_game.mean()),
            rate(a.games_won),
            rate(b.games_won),
            mean(a.game_score),
            mean(b.game_score),
            Ratio::new(self.drawn_games, self.games),
            Ratio::new(self.capped_games, self.games),
        ];
        out.copy_from_slice(&values);
    }
}
