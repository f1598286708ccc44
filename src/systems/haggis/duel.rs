//! Paired matches: every deal is played twice with the players' seats
//! swapped, so neither player is favoured by the cards or the seat, and
//! the first player's game-win rate is reported with a Wilson interval.

use super::game::Game;
use super::rules::Rules;
use super::stats::Stats;
use super::strategy::HaggisStrategy;
use super::{play_game, GameResult};
use crate::cancel;
use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::stats::{Mean, Rate, CONFIDENCE};
use rayon::prelude::*;
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
    /// Games the player won on each deal (0, 1 or 2): the deal, not the
    /// game, is the independent unit of a paired match.
    pub wins_per_deal: Mean,
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
        self.wins_per_deal += other.wins_per_deal;
    }
}

impl Duel {
    /// Plays deal `deal` twice, the player in seat a and then in seat b.
    fn play_deal(
        &self,
        (game, scratch): &mut (Game, Stats),
        master_seed: u64,
        deal: u64,
        tally: &mut MatchTally,
    ) {
        let mut won = [false; 2];
        for (i, player_seat) in Seat::BOTH.into_iter().enumerate() {
            let mut seats = BySeat([self.against; 2]);
            seats[player_seat] = self.player;
            // The same game index: the same deals, with the seats swapped.
            // Round statistics go to a scratch accumulator nobody reads.
            let result: GameResult =
                play_game(game, &self.rules, &seats, master_seed, deal, scratch, None);
            won[i] = result.winner == Some(player_seat);
            tally.wins.record(won[i]);
            tally.draws += result.winner.is_none() as u64;
            tally.player_score.record(result.scores[player_seat] as u64);
            tally
                .against_score
                .record(result.scores[player_seat.other()] as u64);
            tally.rounds.record(result.rounds as u64);
        }
        tally.wins_per_deal.record(won[0] as u64 + won[1] as u64);
        tally.swept += (won[0] && won[1]) as u64;
        tally.swept_by += (!won[0] && !won[1]) as u64;
    }
}

/// Deals per batch: two whole games each, search players included.
const BATCH: u64 = 4;

/// Plays `deals` paired deals (2 x `deals` games to the target), in fixed
/// batches merged in order: the same tally for any thread count.
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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::BadArgument(format!("cannot start threads: {e}"))))?;
    let tallies: Vec<MatchTally> = pool.install(|| {
        (0..deals.div_ceil(BATCH))
            .into_par_iter()
            .map_init(
                || (Game::new(rules, 0, 0), Stats::default()),
                |state, batch| {
                    let mut tally = MatchTally::default();
                    for deal in batch * BATCH..((batch + 1) * BATCH).min(deals) {
                        duel.play_deal(state, seed, deal, &mut tally);
                    }
                    tally
                },
            )
            .collect()
    });
    if cancel::interrupted() {
        return Err(Error::new(ErrorKind::Interrupted));
    }
    let mut total = MatchTally::default();
    for tally in &tallies {
        total += tally;
    }
    Ok(total)
}

impl MatchTally {
    /// A one-row table: games, wins, the win rate and its 95% interval.
    /// The player's win rate with its 95% interval over deals: the two
    /// games of a deal share its cards, so they are not independent.
    pub fn win_interval(&self) -> (f64, f64) {
        let deals = self.wins_per_deal;
        if deals.n >= 2 && deals.variance() == 0.0 {
            // Every deal went the same way (a sweep): a t interval would
            // have no width, so count deals as trials in a Wilson interval.
            return Rate::new(deals.sum / 2, deals.n).wilson(CONFIDENCE);
        }
        let (low, high) = deals.interval(CONFIDENCE);
        ((low / 2.0).max(0.0), (high / 2.0).min(1.0))
    }

    pub fn table(&self, player: &str, against: &str) -> String {
        let (low, high) = self.win_interval();
        format!(
            "{:<12} {:<12} {:>6} {:>6} {:>6} {:>8} {:>16} {:>8} {:>8} {:>8}\n\
             {:<12} {:<12} {:>6} {:>6} {:>6} {:>8.3} {:>16} {:>8.1} {:>8.1} {:>8.1}\n",
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
            format!("[{low:.3}, {high:.3}]"),
            self.player_score.value(),
            self.against_score.value(),
            self.rounds.value(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deals split 1-1 are one deal's worth of evidence, not two games'
    /// worth: the interval over deals is the t interval of wins per deal,
    /// halved, and wider than a Wilson interval over games that ignores
    /// the pairing when the deal decides the games.
    #[test]
    fn the_interval_counts_deals_not_games() {
        let mut tally = MatchTally::default();
        // 40 deals: 20 swept by the player, 20 by the opponent.
        for deal in 0..40 {
            let won = (deal % 2 == 0) as u64;
            for _ in 0..2 {
                tally.wins.record(won == 1);
            }
            tally.wins_per_deal.record(2 * won);
        }
        let (low, high) = tally.win_interval();
        let (mean_low, mean_high) = tally.wins_per_deal.interval(CONFIDENCE);
        assert!((low - mean_low / 2.0).abs() < 1e-12 && (high - mean_high / 2.0).abs() < 1e-12);
        let (wilson_low, wilson_high) = tally.wins.wilson(CONFIDENCE);
        assert!(
            high - low > wilson_high - wilson_low,
            "{low}..{high} vs {wilson_low}..{wilson_high}"
        );
        // Every deal swept: no variance, so deals count as Wilson trials.
        let mut sweep = MatchTally::default();
        for _ in 0..10 {
            sweep.wins_per_deal.record(2);
        }
        let (low, high) = sweep.win_interval();
        assert_eq!(high, 1.0);
        assert!(low < 0.8 && low > 0.6, "{low}");
    }
}
