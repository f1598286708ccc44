//! What a Haggerty seat may know when it decides, and the two decisions
//! the rules give it: the one interface the game loop calls, statically
//! dispatched.

use super::rules::Rules;
use crate::engine::cards::{Card, CardSet};
use crate::engine::seeding::GameRng;
use crate::engine::Seat;

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
    /// The most recent round's first player (public: it decides a joker
    /// tie under `joker_tie = previous_first`).
    pub last_first: Option<Seat>,
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
