//! A Haggis round as a small `Copy` state that plays forward one play or
//! pass at a time: the game and the search player's playouts share it, and
//! the players read it, so it sits below both.

use super::cards::Cards;
use super::combo::{Combo, Play};
use super::rules::{Bet, HaggisScoring, Rules};
use crate::engine::{BySeat, Seat};

/// Everything that changes during one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundState {
    /// Number cards and remaining wilds of each seat.
    pub hands: BySeat<Cards>,
    pub haggis: Cards,
    pub bets: BySeat<Bet>,
    pub dealer: Seat,
    /// Whose decision it is.
    pub turn: Seat,
    /// The combination to beat; `None` when `turn` leads a new trick.
    pub to_beat: Option<Combo>,
    /// Who played `to_beat`.
    pub last_player: Seat,
    /// Card points and cards on the table in the current trick.
    pub trick_points: u32,
    pub trick_cards: u32,
    pub captured_points: BySeat<u32>,
    pub captured_cards: BySeat<u32>,
    /// Number cards played so far by either seat (public knowledge).
    pub played: Cards,
    /// The seat that went out, once the round is over.
    pub out: Option<Seat>,
    pub tricks: u32,
    pub plays: BySeat<u32>,
    pub passes: BySeat<u32>,
    /// Bombs played, by seat and `Bomb` index.
    pub bombs: BySeat<[u8; 6]>,
}

/// Where a round's points came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundScore {
    pub winner: Seat,
    /// Total points of the round, per seat.
    pub points: BySeat<u32>,
    /// Points from cards captured in tricks.
    pub captured: BySeat<u32>,
    /// Points the winner scores for the loser's hand, and its size.
    pub left_points: u32,
    pub left_cards: u32,
    /// Points the winner scores for the Haggis.
    pub haggis_points: u32,
    /// Points each seat receives from bets (its own won, the other's lost).
    pub bet_points: BySeat<u32>,
}

impl RoundState {
    pub fn new(hands: BySeat<Cards>, haggis: Cards, dealer: Seat) -> RoundState {
        RoundState {
            hands,
            haggis,
            bets: BySeat([Bet::None; 2]),
            dealer,
            turn: dealer.other(),
            to_beat: None,
            last_player: dealer.other(),
            trick_points: 0,
            trick_cards: 0,
            captured_points: BySeat([0; 2]),
            captured_cards: BySeat([0; 2]),
            played: Cards::EMPTY,
            out: None,
            tricks: 0,
            plays: BySeat([0; 2]),
            passes: BySeat([0; 2]),
            bombs: BySeat([[0; 6]; 2]),
        }
    }

    /// Plays `play` for the seat to move, or passes (`None`, only when
    /// there is something to beat). The caller guarantees legality; see
    /// `is_legal`.
    #[inline]
    pub fn apply(&mut self, rules: &Rules, play: Option<Play>) {
        let seat = self.turn;
        match play {
            None => {
                debug_assert!(self.to_beat.is_some(), "the leader cannot pass");
                self.passes[seat] += 1;
                self.end_trick();
            }
            Some(play) => {
                self.hands[seat] = self.hands[seat].without(play.cards);
                self.played = self.played.union(play.cards.numbers());
                self.trick_points += rules.card_points(play.cards);
                self.trick_cards += play.cards.len();
                self.to_beat = Some(play.combo);
                self.last_player = seat;
                self.plays[seat] += 1;
                if let Combo::Bomb(bomb) = play.combo {
                    self.bombs[seat][bomb as usize] += 1;
                }
                if self.hands[seat].is_empty() {
                    self.end_trick();
                    self.out = Some(seat);
                } else {
                    self.turn = seat.other();
                }
            }
        }
    }

    /// The last player wins the trick and leads next; the cards go to him,
    /// or to his opponent if he won with a bomb.
    fn end_trick(&mut self) {
        let winner = self.last_player;
        let taker = match self.to_beat {
            Some(Combo::Bomb(_)) => winner.other(),
            _ => winner,
        };
        self.captured_points[taker] += self.trick_points;
        self.captured_cards[taker] += self.trick_cards;
        self.trick_points = 0;
        self.trick_cards = 0;
        self.to_beat = None;
        self.tricks += 1;
        self.turn = winner;
    }

    /// The round's points; only meaningful once a seat is out.
    pub fn score(&self, rules: &Rules) -> RoundScore {
        let winner = self.out.unwrap_or(self.last_player);
        let loser = winner.other();
        let left = self.hands[loser];
        let mut left_points = rules.points_per_card_left * left.len();
        if rules.loser_hand_card_points {
            left_points += rules.card_points(left);
        }
        let haggis_points = match rules.haggis_scoring {
            HaggisScoring::Flat(points) => points,
            HaggisScoring::CardPoints => rules.card_points(self.haggis),
        };
        let mut bet_points = BySeat([0; 2]);
        for seat in Seat::BOTH {
            // A bet won goes to the bettor, a bet lost to the player who went out.
            bet_points[winner] += rules.bet(self.bets[seat]);
        }
        let mut points = self.captured_points;
        points[winner] += left_points + haggis_points;
        for seat in Seat::BOTH {
            points[seat] += bet_points[seat];
        }
        RoundScore {
            winner,
            points,
            captured: self.captured_points,
            left_points,
            left_cards: left.len(),
            haggis_points,
            bet_points,
        }
    }

    /// What `seat` may know: its hand, the opponent's wilds (face up) and
    /// card count, everything played; not the opponent's number cards or
    /// the Haggis.
    pub fn visible_to(&self, seat: Seat) -> RoundState {
        let mut view = *self;
        view.hands[seat.other()] = self.hands[seat.other()].wilds();
        view.haggis = Cards::EMPTY;
        view
    }
}

/// Whether `play` (or a pass) is legal for the seat to move.
pub fn is_legal(round: &RoundState, rules: &Rules, play: Option<Play>) -> bool {
    match play {
        None => round.to_beat.is_some(),
        Some(play) => {
            round.hands[round.turn].contains(play.cards)
                && !play.cards.is_empty()
                && round
                    .to_beat
                    .is_none_or(|previous| play.combo.beats(previous))
                && super::moves::readings(play.cards, rules.bombs).contains(&play)
        }
    }
}
