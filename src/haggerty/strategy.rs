//! Haggerty strategies: the two decisions the rules give a player
//! (reveal a card or pass; chain a higher card or stop), statically
//! dispatched through the `HaggertyStrategy` enum in the game loop.

use super::rules::Rules;
use crate::engine::cards::{Card, CardSet};
use crate::engine::seeding::GameRng;
use crate::engine::Seat;
use crate::error::{Error, Result};
use crate::presets;
use rand::Rng;
use std::path::Path;

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
            win_percent: 60,
            reserve: 2,
        }
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
        }
    }
}

/// Names of the built-in strategies and what they do.
pub const BUILT_INS: &[(&str, &str)] = &[
    ("random", "uniform over the legal choices, passing and stopping included"),
    ("lowest", "reveal the lowest card; always chain the lowest legal card"),
    ("highest", "reveal the highest card; always chain the highest legal card"),
    (
        "heuristic",
        "reveal the lowest card with >= 60% chance to outrank an unseen card (else the lowest); \
         chain the lowest legal card while more than 2 cards stay in hand or it is too weak to win initiative",
    ),
];

/// A named strategy ready to play, with where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedStrategy {
    pub name: String,
    pub strategy: HaggertyStrategy,
    pub description: String,
}

/// Resolves a strategy name: a built-in, or a preset file
/// `<presets_dir>/<name>.toml`, or a path to a preset file.
pub fn resolve(name: &str, presets_dir: &Path) -> Result<NamedStrategy> {
    let built_in = |strategy| NamedStrategy {
        name: name.to_string(),
        strategy,
        description: presets::built_in_description(name, BUILT_INS),
    };
    match name {
        "random" => return Ok(built_in(HaggertyStrategy::Random)),
        "lowest" => return Ok(built_in(HaggertyStrategy::Lowest)),
        "highest" => return Ok(built_in(HaggertyStrategy::Highest)),
        "heuristic" => return Ok(built_in(HaggertyStrategy::Heuristic(Heuristic::default()))),
        _ => {}
    }
    load_preset(&presets::preset_path(name, presets_dir, BUILT_INS)?, name)
}

/// Reads a preset file:
/// `base` (a built-in name), optional `description`, and for
/// `base = "heuristic"` the tuning keys `win_percent` (0..=100) and
/// `reserve` (0..=30).
pub fn load_preset(path: &Path, name: &str) -> Result<NamedStrategy> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::file(path, e))?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(path, e))?;
    let mut base = None;
    let mut description = String::new();
    let mut tuning = Heuristic::default();
    let bad = |key: &str, value: &toml::Value, allowed: &str| {
        Error::file(path, format!("invalid {key} = {value}; allowed: {allowed}"))
    };
    for (key, value) in &table {
        match (key.as_str(), value) {
            ("base", toml::Value::String(s)) => base = Some(s.clone()),
            ("description", toml::Value::String(s)) => description = s.clone(),
            ("win_percent", toml::Value::Integer(v)) if (0..=100).contains(v) => {
                tuning.win_percent = *v as u32
            }
            ("win_percent", v) => return Err(bad(key, v, "an integer 0..=100")),
            ("reserve", toml::Value::Integer(v)) if (0..=30).contains(v) => {
                tuning.reserve = *v as u32
            }
            ("reserve", v) => return Err(bad(key, v, "an integer 0..=30")),
            ("base" | "description", v) => return Err(bad(key, v, "a string")),
            (other, _) => {
                return Err(Error::file(
                    path,
                    format!(
                        "unknown key {other:?}; allowed: base, description, win_percent, reserve"
                    ),
                ))
            }
        }
    }
    let base = base.ok_or_else(|| {
        Error::file(
            path,
            "missing key base; allowed: random, lowest, highest, heuristic",
        )
    })?;
    let strategy = match base.as_str() {
        "random" => HaggertyStrategy::Random,
        "lowest" => HaggertyStrategy::Lowest,
        "highest" => HaggertyStrategy::Highest,
        "heuristic" => HaggertyStrategy::Heuristic(tuning),
        other => {
            return Err(Error::file(
                path,
                format!("unknown base {other:?}; allowed: random, lowest, highest, heuristic"),
            ))
        }
    };
    if !matches!(strategy, HaggertyStrategy::Heuristic(_))
        && (table.contains_key("win_percent") || table.contains_key("reserve"))
    {
        return Err(Error::file(
            path,
            "win_percent and reserve apply only to base = \"heuristic\"",
        ));
    }
    Ok(NamedStrategy {
        name: name.to_string(),
        strategy,
        description,
    })
}

impl HaggertyStrategy {
    /// Settings written to run.toml so a run can be reproduced without the
    /// preset file.
    pub fn settings(&self) -> Vec<(&'static str, toml::Value)> {
        let base = match self {
            HaggertyStrategy::Random => "random",
            HaggertyStrategy::Lowest => "lowest",
            HaggertyStrategy::Highest => "highest",
            HaggertyStrategy::Heuristic(_) => "heuristic",
        };
        let mut settings = vec![("base", toml::Value::String(base.into()))];
        if let HaggertyStrategy::Heuristic(tuning) = self {
            settings.push((
                "win_percent",
                toml::Value::Integer(tuning.win_percent as i64),
            ));
            settings.push(("reserve", toml::Value::Integer(tuning.reserve as i64)));
        }
        settings
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
