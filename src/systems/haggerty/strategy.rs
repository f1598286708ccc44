//! Haggerty strategies: the two decisions the rules give a player
//! (reveal a card or pass; chain a higher card or stop), statically
//! dispatched through the `HaggertyStrategy` enum in the game loop.

use super::rules::Rules;
use crate::engine::cards::{Card, CardSet};
use crate::engine::seeding::GameRng;
use crate::engine::Seat;
use crate::params::{ParamKind, ParamSpec};
use crate::system::{Player, StrategyInfo};
use rand::Rng;

/// What a seat may know when it decides: its own hand, the cards it has
/// seen played, and counts; never the opponent's hand or the pile order.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub seat: Seat,
    pub hand: CardSet,
    /// The cards the decision may pick from (the hand when revealing).
    pub legal: CardSet,
    /// Cards this seat has not seen: the opponent's hand and the pile.
    pub unseen: CardSet,
    pub opponent_hand_len: u32,
    /// The opponent is out of this turn: a revealed card plays alone.
    pub opponent_out: bool,
    /// When chaining: this seat's last card this round.
    pub own_last: Option<Card>,
    /// When chaining: the opponent's last face-up card this round.
    pub opponent_last: Option<Card>,
    pub turn: u32,
    pub round: u32,
}

impl View<'_> {
    /// Chance that `card` outranks one card drawn at random from the unseen
    /// cards, counting a tie as half: an estimate of winning the initiative.
    pub fn win_chance(&self, card: Card) -> f64 {
        let unseen = self.unseen.len();
        if unseen == 0 {
            return 1.0;
        }
        let below = self.unseen.intersect(CardSet::outranked_by(card)).len();
        let above = self.unseen.intersect(CardSet::outranking(card)).len();
        let ties = unseen - below - above;
        (below as f64 + 0.5 * ties as f64) / unseen as f64
    }

    /// `win_chance(card) >= percent / 100`, in integers: the hot path of
    /// the heuristic, where a float division per card was most of a turn.
    #[inline]
    pub fn wins_at_least(&self, card: Card, percent: u32) -> bool {
        let unseen = self.unseen.len();
        if unseen == 0 {
            return true;
        }
        let below = self.unseen.intersect(CardSet::outranked_by(card)).len();
        let above = self.unseen.intersect(CardSet::outranking(card)).len();
        let ties = unseen - below - above;
        // (below + ties / 2) / unseen >= percent / 100, times 200 * unseen.
        200 * below + 100 * ties >= 2 * percent * unseen
    }
}

/// A player's decisions. `None` means pass (reveal) or stop (chain).
pub trait Strategy {
    /// Choose a card from `view.legal` (the hand) to reveal, or pass.
    fn reveal(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card>;
    /// Choose a card from `view.legal` to play next, or stop.
    fn chain(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card>;
}

/// Tuning of the heuristic strategy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heuristic {
    /// Reveal the lowest card whose `win_chance` reaches this percentage.
    pub win_percent: u32,
    /// Chain only while more than this many cards stay in hand, unless the
    /// card is too weak to win initiative later anyway.
    pub reserve: u32,
}

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic {
            win_percent: HEURISTIC_TUNING[0].default as u32,
            reserve: HEURISTIC_TUNING[1].default as u32,
        }
    }
}

/// Tuning of the hoarder: the heuristic's, and what it keeps for the next
/// turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hoarder {
    pub heuristic: Heuristic,
    /// Cards carried into the next turn at most.
    pub keep: u32,
    /// A card is worth keeping when its chance to outrank an unseen card
    /// reaches this percentage.
    pub keep_percent: u32,
}

impl Hoarder {
    /// The cards of the hand it means to carry into the next turn: its
    /// strongest, up to `keep`, each worth keeping; none in the game's
    /// last turn, which has no next.
    #[inline]
    fn keepers(&self, view: &View<'_>) -> CardSet {
        let mut kept = CardSet::EMPTY;
        if view.turn + 1 >= view.rules.turns {
            return kept;
        }
        let mut rest = view.hand;
        while kept.len() < self.keep {
            match rest.highest() {
                Some(card) if view.wins_at_least(card, self.keep_percent) => {
                    kept.insert(card);
                    rest.remove(card);
                }
                _ => break,
            }
        }
        kept
    }
}

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
}

fn uniform_or_none(set: CardSet, rng: &mut GameRng) -> Option<Card> {
    // One extra slot for passing/stopping.
    let pick = rng.random_range(0..=set.len());
    set.nth(pick)
}

impl Strategy for HaggertyStrategy {
    #[inline]
    fn reveal(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self {
            HaggertyStrategy::Random => uniform_or_none(view.legal, rng),
            HaggertyStrategy::Lowest => view.legal.lowest(),
            HaggertyStrategy::Highest => view.legal.highest(),
            HaggertyStrategy::Heuristic(tuning) => {
                if view.opponent_out {
                    // No initiative to win: the lowest card gives units the
                    // most actions each and keeps the high cards for later.
                    return view.legal.lowest();
                }
                view.legal
                    .iter()
                    .find(|&card| view.wins_at_least(card, tuning.win_percent))
                    .or_else(|| view.legal.lowest())
            }
            HaggertyStrategy::Hoarder(hoarder) => {
                let kept = hoarder.keepers(view);
                // The turn's first round is opened with the strongest card
                // kept: the initiative when it matters most.
                if view.round == 0 && !view.opponent_out {
                    if let Some(card) = kept.highest() {
                        return Some(card);
                    }
                }
                // Holding only what it keeps: pass, and carry it over.
                let spare = view.legal.minus(kept);
                let heuristic = HaggertyStrategy::Heuristic(hoarder.heuristic);
                match spare.is_empty() {
                    true => None,
                    false => heuristic.reveal(
                        &View {
                            legal: spare,
                            ..*view
                        },
                        rng,
                    ),
                }
            }
        }
    }

    #[inline]
    fn chain(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self {
            HaggertyStrategy::Random => uniform_or_none(view.legal, rng),
            HaggertyStrategy::Lowest => view.legal.lowest(),
            HaggertyStrategy::Highest => view.legal.highest(),
            HaggertyStrategy::Heuristic(tuning) => {
                let card = view.legal.lowest()?;
                let weak = !view.wins_at_least(card, tuning.win_percent);
                (weak || view.hand.len() > tuning.reserve).then_some(card)
            }
            HaggertyStrategy::Hoarder(hoarder) => {
                let spare = view.legal.minus(hoarder.keepers(view));
                HaggertyStrategy::Heuristic(hoarder.heuristic).chain(
                    &View {
                        legal: spare,
                        ..*view
                    },
                    rng,
                )
            }
        }
    }
}

/// Tuning keys of the heuristic, range-checked like rule parameters.
pub const HEURISTIC_TUNING: &[ParamSpec] = &[
    ParamSpec {
        name: "win_percent",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 60,
        doc: "reveal the lowest card whose chance to outrank an unseen card reaches this percentage",
        source: "heuristic tuning",
    },
    ParamSpec {
        name: "reserve",
        kind: ParamKind::Int { min: 0, max: 30 },
        default: 2,
        doc: "chain only while more than this many cards stay in hand, unless the card is too weak to win initiative later; the cards held back are revealed in later rounds of the turn, not kept past it (the heuristic never passes)",
        source: "heuristic tuning",
    },
];

/// Tuning keys of the hoarder: the heuristic's, and what it keeps.
pub const HOARDER_TUNING: &[ParamSpec] = &[
    HEURISTIC_TUNING[0],
    HEURISTIC_TUNING[1],
    ParamSpec {
        name: "keep",
        kind: ParamKind::Int { min: 0, max: 30 },
        default: 1,
        doc: "cards carried into the next turn at most: once only they are left in hand it passes; none in the game's last turn (0: plays as the heuristic)",
        source: "\"a Jack of Hearts, carefully hoarded in his hand from the first turn\"; \"At the start of any Round, a player may choose to pass\"",
    },
    ParamSpec {
        name: "keep_percent",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 80,
        doc: "a card is worth keeping when its chance to outrank an unseen card reaches this percentage (the strongest are kept first)",
        source: "hoarder tuning",
    },
];

/// The built-in strategies; a preset is one of these with tuning.
pub const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "random",
        about: "uniform over the legal choices, passing and stopping included",
        tuning: &[],
    },
    StrategyInfo {
        name: "lowest",
        about: "reveal the lowest card; always chain the lowest legal card",
        tuning: &[],
    },
    StrategyInfo {
        name: "highest",
        about: "reveal the highest card; always chain the highest legal card",
        tuning: &[],
    },
    StrategyInfo {
        name: "heuristic",
        about: "reveal the lowest card with >= 60% chance to outrank an unseen card (else the lowest); \
                chain the lowest legal card while more than 2 cards stay in hand or it is too weak to win initiative",
        tuning: HEURISTIC_TUNING,
    },
    StrategyInfo {
        name: "hoarder",
        about: "the heuristic, except that it keeps its 1 strongest card (>= 80% to outrank an unseen card) past the turn, \
                passing once only that is left, and opens each turn with the strongest card kept; \
                plays everything in the game's last turn",
        tuning: HOARDER_TUNING,
    },
];

impl HaggertyStrategy {
    /// The strategy a resolved player names.
    pub fn from_player(player: &Player) -> HaggertyStrategy {
        match player.base {
            "random" => HaggertyStrategy::Random,
            "lowest" => HaggertyStrategy::Lowest,
            "highest" => HaggertyStrategy::Highest,
            "heuristic" => HaggertyStrategy::Heuristic(Heuristic {
                win_percent: player.tuning.get("win_percent") as u32,
                reserve: player.tuning.get("reserve") as u32,
            }),
            "hoarder" => HaggertyStrategy::Hoarder(Hoarder {
                heuristic: Heuristic {
                    win_percent: player.tuning.get("win_percent") as u32,
                    reserve: player.tuning.get("reserve") as u32,
                },
                keep: player.tuning.get("keep") as u32,
                keep_percent: player.tuning.get("keep_percent") as u32,
            }),
            other => unreachable!("{other} is not in STRATEGIES"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seeding::{game_rng, Stream};

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
