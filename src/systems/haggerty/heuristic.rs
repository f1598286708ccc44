//! The heuristic and the hoarder's decisions, as functions of what the seat
//! may know: the built-in players and the search's playouts call them.

use super::view::View;
use crate::engine::cards::{Card, CardSet};
use crate::params::{ParamKind, ParamSpec, ParamValues};

/// Tuning of the heuristic strategy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heuristic {
    /// Reveal the lowest card whose `win_chance` reaches this percentage.
    pub win_percent: u32,
    /// Chain only while more than this many cards stay in hand, unless the
    /// card is too weak to win initiative later anyway.
    pub reserve: u32,
}

impl Heuristic {
    /// Read from tuning of `HEURISTIC_TUNING` (or `HOARDER_TUNING`, which
    /// begins with it).
    pub fn from_values(tuning: &ParamValues) -> Heuristic {
        Heuristic {
            win_percent: tuning.of(&WIN_PERCENT) as u32,
            reserve: tuning.of(&RESERVE) as u32,
        }
    }
}

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic {
            win_percent: WIN_PERCENT.default as u32,
            reserve: RESERVE.default as u32,
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
    /// Read from tuning of `HOARDER_TUNING`.
    pub fn from_values(tuning: &ParamValues) -> Hoarder {
        Hoarder {
            heuristic: Heuristic::from_values(tuning),
            keep: tuning.of(&KEEP) as u32,
            keep_percent: tuning.of(&KEEP_PERCENT) as u32,
        }
    }

    /// The cards of the hand it means to carry into the next turn: its
    /// strongest, up to `keep`, each worth keeping; none in the game's
    /// last turn, which has no next.
    #[inline]
    pub fn keepers(&self, view: &View<'_>) -> CardSet {
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

/// The heuristic's reveal: the lowest card likely enough to win the
/// initiative, else the lowest; alone, the lowest.
#[inline]
pub fn reveal(tuning: &Heuristic, view: &View<'_>) -> Option<Card> {
    if view.opponent_out {
        // No initiative to win: the lowest card gives units the most
        // actions each and keeps the high cards for later.
        return view.legal.lowest();
    }
    view.legal
        .iter()
        .find(|&card| view.wins_at_least(card, tuning.win_percent))
        .or_else(|| view.legal.lowest())
}

/// The heuristic's chain: the lowest legal card while more than `reserve`
/// cards stay in hand, or when it is too weak to win an initiative later.
#[inline]
pub fn chain(tuning: &Heuristic, view: &View<'_>) -> Option<Card> {
    let card = view.legal.lowest()?;
    let weak = !view.wins_at_least(card, tuning.win_percent);
    (weak || view.hand.len() > tuning.reserve).then_some(card)
}

/// The hoarder's reveal: opens a turn with its strongest kept card, passes
/// holding only what it keeps, else reveals as the heuristic.
#[inline]
pub fn hoarder_reveal(hoarder: &Hoarder, view: &View<'_>) -> Option<Card> {
    let kept = hoarder.keepers(view);
    // The turn's first round is opened with the strongest card kept: the
    // initiative when it matters most.
    if view.round == 0 && !view.opponent_out {
        if let Some(card) = kept.highest() {
            return Some(card);
        }
    }
    // Holding only what it keeps: pass, and carry it over.
    let spare = view.legal.minus(kept);
    match spare.is_empty() {
        true => None,
        false => reveal(
            &hoarder.heuristic,
            &View {
                legal: spare,
                ..*view
            },
        ),
    }
}

/// The hoarder's chain: the heuristic's, over the cards it does not keep.
#[inline]
pub fn hoarder_chain(hoarder: &Hoarder, view: &View<'_>) -> Option<Card> {
    let spare = view.legal.minus(hoarder.keepers(view));
    chain(
        &hoarder.heuristic,
        &View {
            legal: spare,
            ..*view
        },
    )
}

/// Tuning keys of the heuristic, range-checked like rule parameters.
pub const WIN_PERCENT: ParamSpec = ParamSpec {
    name: "win_percent",
    kind: ParamKind::Int { min: 0, max: 100 },
    default: 60,
    doc: "reveal the lowest card whose chance to outrank an unseen card reaches this percentage",
    source: "heuristic tuning",
};
pub const RESERVE: ParamSpec = ParamSpec {
    name: "reserve",
    kind: ParamKind::Int { min: 0, max: 30 },
    default: 2,
    doc: "chain only while more than this many cards stay in hand, unless the card is too weak to win initiative later; the cards held back are revealed in later rounds of the turn, not kept past it (the heuristic never passes)",
    source: "heuristic tuning",
};

pub const HEURISTIC_TUNING: &[ParamSpec] = &[WIN_PERCENT, RESERVE];

/// Tuning keys of the hoarder: the heuristic's, and what it keeps.
pub const KEEP: ParamSpec = ParamSpec {
    name: "keep",
    kind: ParamKind::Int { min: 0, max: 30 },
    default: 1,
    doc: "cards carried into the next turn at most: once only they are left in hand it passes; none in the game's last turn (0: plays as the heuristic)",
    source: "\"a Jack of Hearts, carefully hoarded in his hand from the first turn\"; \"At the start of any Round, a player may choose to pass\"",
};
pub const KEEP_PERCENT: ParamSpec = ParamSpec {
    name: "keep_percent",
    kind: ParamKind::Int { min: 0, max: 100 },
    default: 80,
    doc: "a card is worth keeping when its chance to outrank an unseen card reaches this percentage (the strongest are kept first)",
    source: "hoarder tuning",
};

pub const HOARDER_TUNING: &[ParamSpec] = &[WIN_PERCENT, RESERVE, KEEP, KEEP_PERCENT];
