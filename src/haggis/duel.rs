//! Paired matches: every deal is played twice with the players' seats
//! swapped, so neither player is favoured by the cards or the seat, and
//! the first player's game-win rate is reported with a Wilson interval.

use super::game::Game;
use super::rules::Rules;
use super::stats::Stats;
use super::strategy::HaggisStrategy;
use super::{play_game, GameResult};
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::runner::{self, RunConfig, Simulation};
use crate::stats::{Mean, Rate, CONFIDENCE};
use polars::prelude::*;
use std::ops::AddAssign;

/// `player` against `against` on paired deals.
pub struct Duel {
    pub rules: Rules,
    pub player: HaggisStrategy,
    pub against: HaggisStrategy,
}

/// Integer totals of a match, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchTally {
    pub wins: Rate,
    pub draws: u64,
    /// Deals on which the player won both games, and lost both.
    pub swept: u64,
    pub swept_by: u64,
    pub player_score: Mean,
    pub against_score: Mean,
    pub rounds: Mean,
}

impl AddAssign<&MatchTally> for MatchTally {
    fn add_assign(&mut self, other: &MatchTally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.swept += other.swept;
        self.swept_by += other.swept_by;
        self.player_score += other.player_score;
        self.against_score += other.against_score;
        self.rounds += other.rounds;
    }
}

/// One deal's pair of games: who won each (as the player's seat in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRecord {
    pub deal: u64,
    pub player_won_as_a: bool,
    pub player_won_as_b: bool,
}

impl Simulation for Duel {
    type State = (Game, Stats);
    type Stats = MatchTally;
    type Record = PairRecord;
    /// Two whole games per item, search players included.
    const BATCH: u64 = 4;

    fn new_state(&self) -> (Game, Stats) {
        (Game::new(&self.rules, 0, 0), Stats::default())
    }

    fn play(
        &self,
        state: &mut (Game, Stats),
        master_seed: u64,
        deal: u64,
        tally: &mut MatchTally,
        records: Option<&mut Vec<PairRecord>>,
    ) {
        // `play_game` always records round statistics; a match needs only
        // the results, so they go to a worker's accumulator nobody reads.
        let (game, scratch_stats) = state;
        let mut won = [false; 2];
        for (i, player_seat) in Seat::BOTH.into_iter().enumerate() {
            let mut seats = BySeat([self.against; 2]);
            seats[player_seat] = self.player;
            // The same game index: the same deals, with the seats swapped.
            let result: GameResult = play_game(
                game,
                &self.rules,
                &seats,
                master_seed,
                deal,
                scratch_stats,
                None,
            );
            won[i] = result.winner == Some(player_seat);
            tally.wins.record(won[i]);
            tally.draws += result.winner.is_none() as u64;
            tally.player_score.record(result.scores[player_seat] as u64);
            tally
                .against_score
                .record(result.scores[player_seat.other()] as u64);
            tally.rounds.record(result.rounds as u64);
        }
        tally.swept += (won[0] && won[1]) as u64;
        tally.swept_by += (!won[0] && !won[1]) as u64;
        if let Some(records) = records {
            records.push(PairRecord {
                deal,
                player_won_as_a: won[0],
                player_won_as_b: won[1],
            });
        }
    }

    fn records_frame(records: &[PairRecord]) -> PolarsResult<DataFrame> {
        DataFrame::new_infer_height(vec![
            Column::new(
                "deal".into(),
                records.iter().map(|r| r.deal).collect::<Vec<u64>>(),
            ),
            Column::new(
                "player_won_as_a".into(),
                records
                    .iter()
                    .map(|r| r.player_won_as_a)
                    .collect::<Vec<bool>>(),
            ),
            Column::new(
                "player_won_as_b".into(),
                records
                    .iter()
                    .map(|r| r.player_won_as_b)
                    .collect::<Vec<bool>>(),
            ),
        ])
    }
}

/// Plays `deals` paired deals (2 x `deals` games to the target).
pub fn play_match(
    rules: &Rules,
    player: HaggisStrategy,
    against: HaggisStrategy,
    deals: u64,
    seed: u64,
    threads: usize,
) -> Result<MatchTally> {
    let duel = Duel {
        rules: rules.clone(),
        player,
        against,
    };
    let config = RunConfig {
        games: deals,
        seed,
        threads,
    };
    runner::run(&duel, &config, None, None)
}

impl MatchTally {
    /// A one-row table: games, wins, the win rate and its 95% interval.
    pub fn table(&self, player: &str, against: &str) -> String {
        let (low, high) = self.wins.wilson(CONFIDENCE);
        format!(
            "{:<12} {:<12} {:>6} {:>6} {:>6} {:>8} {:>17} {:>8} {:>8} {:>8}\n\
             {:<12} {:<12} {:>6} {:>6} {:>6} {:>8.3} {:>8.3}-{:<8.3} {:>8.1} {:>8.1} {:>8.1}\n",
            "player",
            "against",
            "games",
            "wins",
            "draws",
            "win_rate",
            "95% interval",
            "score",
            "opp",
            "rounds",
            player,
            against,
            self.wins.trials,
            self.wins.hits,
            self.draws,
            self.wins.value(),
            low,
            high,
            self.player_score.value(),
            self.against_score.value(),
            self.rounds.value(),
        )
    }
}
