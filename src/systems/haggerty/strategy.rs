//! Haggerty strategies: the two decisions the rules give a player
//! (reveal a card or pass; chain a higher card or stop), statically
//! dispatched through the `HaggertyStrategy` enum in the game loop.

use super::heuristic::{self, Heuristic, Hoarder, HEURISTIC_TUNING, HOARDER_TUNING};
use super::search::{self, Search, SEARCH_TUNING};
pub use super::view::{Strategy, View};
use crate::engine::cards::{Card, CardSet};
use crate::engine::seeding::GameRng;
use crate::system::{infos, typed, BuiltIn, Player, StrategyInfo};
use rand::Rng;

/// Every built-in Haggerty strategy; a preset is one of these with tuning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HaggertyStrategy {
    /// Uniform over the legal choices, passing and stopping included.
    Random,
    /// Reveal the lowest card, always chain the lowest legal card.
    Lowest,
    /// Reveal the highest card, always chain the highest legal card.
    Highest,
    /// Weighs initiative against actions: see `Heuristic`.
    Heuristic(Heuristic),
    /// The heuristic that passes to carry strong cards into the next turn
    /// and opens each turn with the strongest: see `Hoarder`.
    Hoarder(Hoarder),
    /// Determinized Monte Carlo over an objective: see `search`.
    Search(Search),
}

fn uniform_or_none(set: CardSet, rng: &mut GameRng) -> Option<Card> {
    // One extra slot for passing/stopping.
    let pick = rng.random_range(0..=set.len());
    set.nth(pick)
}

impl Strategy for HaggertyStrategy {
    #[inline(always)]
    fn reveal(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self {
            HaggertyStrategy::Random => uniform_or_none(view.legal, rng),
            HaggertyStrategy::Lowest => view.legal.lowest(),
            HaggertyStrategy::Highest => view.legal.highest(),
            HaggertyStrategy::Heuristic(tuning) => heuristic::reveal(tuning, view),
            HaggertyStrategy::Hoarder(hoarder) => heuristic::hoarder_reveal(hoarder, view),
            HaggertyStrategy::Search(tuning) => search::reveal(tuning, view, rng),
        }
    }

    #[inline(always)]
    fn chain(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self {
            HaggertyStrategy::Random => uniform_or_none(view.legal, rng),
            HaggertyStrategy::Lowest => view.legal.lowest(),
            HaggertyStrategy::Highest => view.legal.highest(),
            HaggertyStrategy::Heuristic(tuning) => heuristic::chain(tuning, view),
            HaggertyStrategy::Hoarder(hoarder) => heuristic::hoarder_chain(hoarder, view),
            HaggertyStrategy::Search(_) => search::chain(view),
        }
    }
}

/// The built-in strategies: what each is called and does, its tuning,
/// and how its typed value is built (the one list of them).
pub const BUILT_INS: [BuiltIn<HaggertyStrategy>; 6] = [
    BuiltIn {
        info: StrategyInfo {
            name: "random",
            about: "uniform over the legal choices, passing and stopping included",
            tuning: &[],
        },
        build: |_| HaggertyStrategy::Random,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "lowest",
            about: "reveal the lowest card; always chain the lowest legal card",
            tuning: &[],
        },
        build: |_| HaggertyStrategy::Lowest,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "highest",
            about: "reveal the highest card; always chain the highest legal card",
            tuning: &[],
        },
        build: |_| HaggertyStrategy::Highest,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "heuristic",
            about: "reveal the lowest card with >= 60% chance to outrank an unseen card (else the lowest); \
                    chain the lowest legal card while more than 2 cards stay in hand or it is too weak to win initiative",
            tuning: HEURISTIC_TUNING,
        },
        build: |tuning| HaggertyStrategy::Heuristic(Heuristic::from_values(tuning)),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "hoarder",
            about: "the heuristic, except that it keeps its 1 strongest card (>= 80% to outrank an unseen card) past the turn, \
                    passing once only that is left, and opens each turn with the strongest card kept; \
                    plays everything in the game's last turn",
            tuning: HOARDER_TUNING,
        },
        build: |tuning| HaggertyStrategy::Hoarder(Hoarder::from_values(tuning)),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "search",
            about: "determinized Monte Carlo: at each reveal, deals the unseen cards into the opponent's hand 24 times, plays the rest of the turn out after each choice (pass or any card) with heuristic players, and keeps the choice worth most: 6 a contested initiative won, 1 a unit action, 2 a card carried into the next turn; chains as the heuristic",
            tuning: SEARCH_TUNING,
        },
        build: |tuning| HaggertyStrategy::Search(Search::from_values(tuning)),
    },
];

/// The built-ins as `fortunes strategies` lists them.
pub const STRATEGIES: &[StrategyInfo] = &infos(&BUILT_INS);

impl HaggertyStrategy {
    /// The strategy a resolved player names.
    pub fn from_player(player: &Player) -> HaggertyStrategy {
        typed(&BUILT_INS, player)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::Rules;
    use super::*;
    use crate::engine::seeding::{game_rng, Stream};
    use crate::engine::Seat;

    #[test]
    fn integer_threshold_agrees_with_win_chance() {
        let rules = Rules::default();
        let mut rng = game_rng(2, 0, Stream::DEAL);
        for _ in 0..300 {
            let unseen = CardSet(rng.random::<u64>()).intersect(rules.deck);
            let view = View {
                rules: &rules,
                seat: Seat::A,
                hand: CardSet::EMPTY,
                legal: CardSet::EMPTY,
                unseen,
                opponent_hand_len: 6,
                opponent_out: false,
                own_last: None,
                opponent_last: None,
                turn: 0,
                round: 0,
                last_first: None,
            };
            for card in rules.deck.iter() {
                for percent in [0, 25, 50, 60, 75, 100] {
                    let exact = view.win_chance(card) * 100.0;
                    // Away from the boundary the two must agree.
                    if (exact - percent as f64).abs() > 1e-9 {
                        assert_eq!(view.wins_at_least(card, percent), exact >= percent as f64);
                    }
                }
            }
        }
    }
}
