//! Haggis players: what a seat may know (`View`), the two decisions (bet,
//! then each play or pass), and the built-in players, statically dispatched
//! through `HaggisStrategy`.

use super::cards::{Cards, HIGHEST_NUMBER, JACK, LOWEST, NUMBER_CARDS};
use super::combo::{BombSet, Combo, Play};
use super::moves::{answers_of_shape, generate, longest_lowest_natural, MoveList, CAPACITY};
use super::round::RoundState;
use super::rules::{Bet, Rules};
use crate::engine::seeding::GameRng;
use crate::engine::{BySeat, Seat};
use crate::params::{ParamKind, ParamSpec, ParamValues};
use crate::system::{infos, typed, BuiltIn, Player, StrategyInfo};
use rand::Rng;
use std::cmp::Reverse;

/// What a seat may know when it decides.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub seat: Seat,
    /// The round as this seat sees it: the opponent's hand holds only its
    /// face-up wilds, and the Haggis is empty.
    pub round: RoundState,
    /// Number cards in the opponent's hand.
    pub opponent_numbers: u32,
    /// Scores before this round.
    pub scores: BySeat<u32>,
    /// The opponent's bet, once it is known.
    pub opponent_bet: Option<Bet>,
}

impl View<'_> {
    pub fn hand(&self) -> Cards {
        self.round.hands[self.seat]
    }

    pub fn opponent_cards(&self) -> u32 {
        self.opponent_numbers + self.round.hands[self.seat.other()].len()
    }

    /// Number cards this seat has not seen: the opponent's, the Haggis and
    /// any left out of the deal.
    pub fn unseen(&self) -> Cards {
        Cards::ALL_NUMBERS
            .without(self.hand())
            .without(self.round.played)
    }
}

/// A player's reusable working space, allocated once per seat.
#[derive(Clone, Debug)]
pub struct Scratch {
    moves: MoveList,
    playout: MoveList,
    ranked: Vec<(u32, Play)>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::new()
    }
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            moves: MoveList::new(),
            playout: MoveList::new(),
            ranked: Vec::with_capacity(CAPACITY),
        }
    }
}

/// A player's decisions.
pub trait Strategy {
    fn bet(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Bet;
    /// A legal play, or `None` to pass (only when there is a play to beat).
    fn play(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Option<Play>;
}

/// Tuning of the heuristic player; see `HEURISTIC_TUNING`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    pub bet_little_plans: u32,
    pub bet_big_plans: u32,
    pub danger_cards: u32,
    pub trick_points: u32,
}

/// Tuning of the search player; see `SEARCH_TUNING`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    pub samples: u32,
    pub candidates: u32,
    pub bet_samples: u32,
    pub bet_share: u32,
}

/// Most candidate plays the search player compares.
pub const MAX_CANDIDATES: usize = 32;

pub const BET_LITTLE_PLANS: ParamSpec = ParamSpec {
    name: "bet_little_plans",
    kind: ParamKind::Int { min: 0, max: 20 },
    default: 4,
    doc: "bet little when the number cards split into at most this many plays",
    source: "heuristic tuning",
};
pub const BET_BIG_PLANS: ParamSpec = ParamSpec {
    name: "bet_big_plans",
    kind: ParamKind::Int { min: 0, max: 20 },
    default: 3,
    doc: "bet big when the number cards split into at most this many plays",
    source: "heuristic tuning",
};
pub const DANGER_CARDS: ParamSpec = ParamSpec {
    name: "danger_cards",
    kind: ParamKind::Int { min: 0, max: 40 },
    default: 8,
    doc: "when the opponent holds at most this many cards, beat at any cost (wilds, then bombs)",
    source: "heuristic tuning",
};
pub const TRICK_POINTS: ParamSpec = ParamSpec {
    name: "trick_points",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 4,
    doc: "spend wilds to take a trick worth at least this many card points",
    source: "heuristic tuning",
};

pub const HEURISTIC_TUNING: &[ParamSpec] =
    &[BET_LITTLE_PLANS, BET_BIG_PLANS, DANGER_CARDS, TRICK_POINTS];

pub const SAMPLES: ParamSpec = ParamSpec {
    name: "samples",
    kind: ParamKind::Int { min: 1, max: 100_000 },
    default: 48,
    doc: "deals of the unseen cards sampled per decision; each candidate is played out on every one (the budget is playouts, never time)",
    source: "search tuning",
};
pub const CANDIDATES: ParamSpec = ParamSpec {
    name: "candidates",
    kind: ParamKind::Int { min: 2, max: MAX_CANDIDATES as i64 },
    // 6 beat 8 (55% of paired games) in less time: the more
    // candidates, the likelier the playouts' noise picks a weak one.
    default: 6,
    doc: "plays compared per decision: the heuristic's best leads, or passing and the cheapest answers",
    source: "search tuning",
};
pub const BET_SAMPLES: ParamSpec = ParamSpec {
    name: "bet_samples",
    kind: ParamKind::Int { min: 0, max: 100_000 },
    default: 64,
    doc: "deals of the unseen cards sampled for the bet, each round played out by greedy players; 0 bets as the heuristic does, from the hand's shape",
    source: "search tuning",
};
pub const BET_SHARE: ParamSpec = ParamSpec {
    name: "bet_share",
    kind: ParamKind::Int { min: 0, max: 101 },
    default: 50,
    doc: "bet big when it goes out first on more than this percentage of the bet's sampled deals, else bet nothing: a bet's points go to whoever goes out, so to the round's margin a bet is worth its stake times (2p - 1), big when p is above one half, never little",
    source: "search tuning",
};

pub const SEARCH_TUNING: &[ParamSpec] = &[SAMPLES, CANDIDATES, BET_SAMPLES, BET_SHARE];

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic::DEFAULT
    }
}

impl Heuristic {
    /// The tuning table's defaults, as a constant: the search player bets
    /// with it in the hot loop, where building it would allocate.
    pub const DEFAULT: Heuristic = Heuristic {
        bet_little_plans: BET_LITTLE_PLANS.default as u32,
        bet_big_plans: BET_BIG_PLANS.default as u32,
        danger_cards: DANGER_CARDS.default as u32,
        trick_points: TRICK_POINTS.default as u32,
    };

    fn from_values(values: &ParamValues) -> Heuristic {
        Heuristic {
            bet_little_plans: values.of(&BET_LITTLE_PLANS) as u32,
            bet_big_plans: values.of(&BET_BIG_PLANS) as u32,
            danger_cards: values.of(&DANGER_CARDS) as u32,
            trick_points: values.of(&TRICK_POINTS) as u32,
        }
    }
}

impl Default for Search {
    fn default() -> Self {
        Search::from_values(&ParamValues::defaults("search", SEARCH_TUNING))
    }
}

impl Search {
    fn from_values(values: &ParamValues) -> Search {
        Search {
            samples: values.of(&SAMPLES) as u32,
            candidates: values.of(&CANDIDATES) as u32,
            bet_samples: values.of(&BET_SAMPLES) as u32,
            bet_share: values.of(&BET_SHARE) as u32,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HaggisStrategy {
    Random,
    Greedy,
    Heuristic(Heuristic),
    Search(Search),
}

impl Strategy for HaggisStrategy {
    fn bet(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Bet {
        match self {
            HaggisStrategy::Random => Bet::ALL[rng.random_range(0..3)],
            HaggisStrategy::Greedy => Bet::None,
            HaggisStrategy::Heuristic(tuning) => heuristic_bet(view, tuning),
            HaggisStrategy::Search(tuning) if tuning.bet_samples == 0 => {
                heuristic_bet(view, &Heuristic::DEFAULT)
            }
            HaggisStrategy::Search(tuning) => search_bet(view, tuning, scratch, rng),
        }
    }

    fn play(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Option<Play> {
        let round = &view.round;
        match self {
            HaggisStrategy::Random => {
                generate(
                    view.hand(),
                    round.to_beat,
                    view.rules.bombs,
                    &mut scratch.moves,
                );
                let plays = scratch.moves.as_slice();
                let choices = plays.len() + round.to_beat.is_some() as usize;
                plays.get(rng.random_range(0..choices)).copied()
            }
            HaggisStrategy::Greedy => greedy_play(
                view.hand(),
                round.to_beat,
                view.rules.bombs,
                &mut scratch.moves,
            ),
            HaggisStrategy::Heuristic(tuning) => heuristic_play(view, tuning, scratch),
            HaggisStrategy::Search(tuning) => search_play(view, tuning, scratch, rng),
        }
    }
}

/// The cheapest answer: any non-bomb before a bomb, then fewest wilds,
/// then the lowest, then the lower card bits.
fn cheapest_key(play: &Play) -> u64 {
    // (bomb, wilds, rank, cards) packed: cards take 39 bits.
    (play.combo.is_bomb() as u64) << 56
        | (play.cards.wilds().len() as u64) << 52
        | (play.combo.rank() as u64) << 44
        | play.cards.0
}

fn cheapest(plays: &[Play]) -> Option<Play> {
    plays.iter().min_by_key(|p| cheapest_key(p)).copied()
}

/// `cheapest` over every answer of `hand`, listing the answers that use
/// wilds or bombs only when no natural non-bomb answer exists (a natural
/// one would be the cheapest anyway): most answers need no wild, and the
/// wild subsets multiply the list up to eightfold.
pub fn cheapest_answer(
    hand: Cards,
    to_beat: Combo,
    bombs: BombSet,
    moves: &mut MoveList,
) -> Option<Play> {
    if let Combo::Seq {
        width,
        length: 1,
        top,
    } = to_beat
    {
        if let Some(play) = cheapest_set(hand, width, top) {
            return Some(play);
        }
        // No set beats it: only bombs can.
        generate(hand, Some(to_beat), bombs, moves);
        return cheapest(moves.as_slice());
    }
    answers_of_shape(hand.numbers(), to_beat, moves);
    if let Some(natural) = cheapest(moves.as_slice()) {
        return Some(natural);
    }
    generate(hand, Some(to_beat), bombs, moves);
    cheapest(moves.as_slice())
}

/// The cheapest set of `width` cards above `above` (the commonest answer),
/// found without listing sets: the fewest wilds any rank needs, the lowest
/// such rank, then its lowest naturals and lowest wilds, which is the
/// minimum of `cheapest_key` over the full list.
fn cheapest_set(hand: Cards, width: u8, above: u8) -> Option<Play> {
    let wilds = hand.wild_mask();
    let wild_total = wilds.count_ones();
    let mut best: Option<(u32, u8)> = None;
    for rank in (above + 1).max(LOWEST)..=HIGHEST_NUMBER {
        let held = hand.suits_at(rank).count_ones();
        if held == 0 {
            continue;
        }
        let needed = (width as u32).saturating_sub(held);
        if needed <= wild_total && best.is_none_or(|(fewest, _)| needed < fewest) {
            best = Some((needed, rank));
        }
    }
    // A lone wild is a single of its own rank, above every number.
    if width == 1 && best.is_none_or(|(fewest, _)| fewest > 1) {
        if let Some(bit) = (0..3u8).find(|&bit| wilds & (1 << bit) != 0 && JACK + bit > above) {
            return Some(Play {
                cards: Cards::from_wild_mask(1 << bit),
                combo: Combo::Seq {
                    width: 1,
                    length: 1,
                    top: JACK + bit,
                },
            });
        }
    }
    let (needed, rank) = best?;
    let lowest_bits = |mut mask: u8, count: u32| {
        let mut kept = 0u8;
        for _ in 0..count {
            let low = mask & mask.wrapping_neg();
            kept |= low;
            mask ^= low;
        }
        kept
    };
    let naturals = lowest_bits(hand.suits_at(rank), width as u32 - needed);
    let shift = (rank - LOWEST) as u32 * 4;
    Some(Play {
        cards: Cards((naturals as u64) << shift)
            .union(Cards::from_wild_mask(lowest_bits(wilds, needed))),
        combo: Combo::Seq {
            width,
            length: 1,
            top: rank,
        },
    })
}

/// The greedy player: answer with the cheapest play; lead the longest,
/// lowest combination of number cards, and the wilds only when nothing
/// else is left. Also the search player's playout policy.
#[inline]
pub fn greedy_play(
    hand: Cards,
    to_beat: Option<Combo>,
    bombs: BombSet,
    moves: &mut MoveList,
) -> Option<Play> {
    if let Some(to_beat) = to_beat {
        return cheapest_answer(hand, to_beat, bombs, moves);
    }
    if let Some(play) = longest_lowest_natural(hand.numbers()) {
        return Some(play);
    }
    generate(hand, None, bombs, moves);
    moves
        .as_slice()
        .iter()
        .max_by_key(|p| (p.cards.len(), Reverse(p.combo.rank())))
        .copied()
}

/// Plays needed to shed `numbers` by always leading the longest, lowest
/// natural combination: the heuristic's measure of a hand's shape.
fn plan_count(numbers: Cards) -> u32 {
    let mut rest = numbers;
    let mut plays = 0;
    while let Some(play) = longest_lowest_natural(rest) {
        rest = rest.without(play.cards);
        plays += 1;
    }
    plays
}

fn heuristic_bet(view: &View<'_>, tuning: &Heuristic) -> Bet {
    let hand = view.hand();
    let plans = plan_count(hand.numbers());
    // Each wild still held can patch roughly one loose card into a play.
    let shape = plans.saturating_sub(hand.wilds().len());
    if shape <= tuning.bet_big_plans {
        Bet::Big
    } else if shape <= tuning.bet_little_plans {
        Bet::Little
    } else {
        Bet::None
    }
}

/// Ranks the natural leads by the plays left afterwards, then length, then
/// rank, then card points, into `scratch.ranked` (best first).
fn rank_leads(view: &View<'_>, scratch: &mut Scratch) {
    let numbers = view.hand().numbers();
    let bombs = view.rules.bombs;
    generate(numbers, None, bombs, &mut scratch.moves);
    scratch.ranked.clear();
    for &play in scratch.moves.as_slice() {
        if play.combo.is_bomb() {
            continue;
        }
        let left = plan_count(numbers.without(play.cards));
        let key = left << 24
            | (31 - play.cards.len()) << 16
            | (play.combo.rank() as u32) << 8
            | view.rules.card_points(play.cards).min(255);
        scratch.ranked.push((key, play));
    }
    scratch
        .ranked
        .sort_unstable_by_key(|&(key, play)| (key, play.cards));
}

/// Leads with only wilds left: all of them as a bomb if the rules allow it
/// (that goes out), else the lowest single.
fn lead_wilds(hand: Cards, rules: &Rules, moves: &mut MoveList) -> Option<Play> {
    generate(hand, None, rules.bombs, moves);
    let plays = moves.as_slice();
    plays
        .iter()
        .find(|p| p.cards == hand)
        .or_else(|| plays.iter().min_by_key(|p| (p.cards.len(), p.combo.rank())))
        .copied()
}

fn going_out(plays: &[Play], hand: Cards) -> Option<Play> {
    plays.iter().find(|p| p.cards == hand).copied()
}

/// A lead that needs no thought: with only wilds left, `lead_wilds`; with
/// a small hand that one play empties, that play. `None` otherwise.
fn obvious_lead(view: &View<'_>, scratch: &mut Scratch) -> Option<Play> {
    let hand = view.hand();
    if hand.numbers().is_empty() {
        return lead_wilds(hand, view.rules, &mut scratch.moves);
    }
    // Larger hands seldom go out in one play and listing every lead with
    // the wilds is costly; `rank_leads` still finds a natural play that
    // empties the hand (it leaves no plays).
    if hand.len() <= 8 {
        generate(hand, None, view.rules.bombs, &mut scratch.moves);
        return going_out(scratch.moves.as_slice(), hand);
    }
    None
}

fn heuristic_play(view: &View<'_>, tuning: &Heuristic, scratch: &mut Scratch) -> Option<Play> {
    let hand = view.hand();
    let rules = view.rules;
    let Some(to_beat) = view.round.to_beat else {
        if let Some(lead) = obvious_lead(view, scratch) {
            return Some(lead);
        }
        rank_leads(view, scratch);
        return scratch.ranked.first().map(|&(_, play)| play);
    };
    generate(hand, Some(to_beat), rules.bombs, &mut scratch.moves);
    if scratch.moves.is_empty() {
        return None;
    }
    if let Some(out) = going_out(scratch.moves.as_slice(), hand) {
        return Some(out);
    }
    let numbers = hand.numbers();
    let base = plan_count(numbers);
    // The natural answer that spoils the hand's shape least (then the
    // lowest, so that the choice never depends on the list's order).
    let mut best: Option<(u32, Play)> = None;
    for &play in scratch.moves.as_slice() {
        if play.combo.is_bomb() || !play.cards.wilds().is_empty() {
            continue;
        }
        let left = plan_count(numbers.without(play.cards));
        let cost = (left + 1).saturating_sub(base);
        let key = (cost, play.combo.rank(), play.cards);
        if best.is_none_or(|(c, p)| key < (c, p.combo.rank(), p.cards)) {
            best = Some((cost, play));
        }
    }
    if let Some((0, play)) = best {
        return Some(play);
    }
    let danger = view.opponent_cards() <= tuning.danger_cards;
    let valuable = view.round.trick_points >= tuning.trick_points;
    if danger || valuable {
        let plays = scratch.moves.as_slice();
        let non_bomb = plays
            .iter()
            .filter(|p| !p.combo.is_bomb())
            .min_by_key(|p| (p.cards.wilds().len(), p.combo.rank(), p.cards))
            .copied();
        if let Some(play) = best.map(|(_, p)| p).or(non_bomb) {
            return Some(play);
        }
        if danger {
            return cheapest(plays);
        }
    }
    None
}

/// Deals the cards `view`'s seat cannot see at random, consistently with
/// what it has seen: the opponent's number-card count and wilds, the rest
/// to the Haggis.
fn determinize(view: &View<'_>, rng: &mut GameRng) -> RoundState {
    let mut unseen = [0u8; NUMBER_CARDS as usize];
    let mut count = 0;
    let mut bits = view.unseen().0;
    while bits != 0 {
        unseen[count] = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        count += 1;
    }
    let opponent_numbers = (view.opponent_numbers as usize).min(count);
    let haggis = (view.rules.haggis_size as usize).min(count - opponent_numbers);
    for i in 0..opponent_numbers + haggis {
        let j = rng.random_range(i..count);
        unseen.swap(i, j);
    }
    let collect = |cards: &[u8]| {
        cards
            .iter()
            .fold(Cards::EMPTY, |s, &i| s.union(Cards(1 << i)))
    };
    let mut world = view.round;
    let opponent = view.seat.other();
    world.hands[opponent] = world.hands[opponent].union(collect(&unseen[..opponent_numbers]));
    world.haggis = collect(&unseen[opponent_numbers..opponent_numbers + haggis]);
    world
}

/// Plays the round out with the greedy player on both sides.
pub fn playout(state: &mut RoundState, rules: &Rules, moves: &mut MoveList) {
    while state.out.is_none() {
        let choice = greedy_play(state.hands[state.turn], state.to_beat, rules.bombs, moves);
        state.apply(rules, choice);
    }
}

/// The search player's bet: it deals the cards it cannot see
/// `bet_samples` times and has greedy players play each round out; big
/// when it goes out first on more than `bet_share` percent of them.
fn search_bet(view: &View<'_>, tuning: &Search, scratch: &mut Scratch, rng: &mut GameRng) -> Bet {
    let mut first = 0u64;
    for _ in 0..tuning.bet_samples {
        let mut world = determinize(view, rng);
        playout(&mut world, view.rules, &mut scratch.playout);
        first += u64::from(world.out == Some(view.seat));
    }
    if first * 100 > u64::from(tuning.bet_share) * u64::from(tuning.bet_samples) {
        Bet::Big
    } else {
        Bet::None
    }
}

/// Determinized Monte Carlo: a few candidate plays, each played out with
/// greedy players on the same sampled deals; the best average round
/// margin wins.
fn search_play(
    view: &View<'_>,
    tuning: &Search,
    scratch: &mut Scratch,
    rng: &mut GameRng,
) -> Option<Play> {
    let hand = view.hand();
    let rules = view.rules;
    let limit = (tuning.candidates as usize).clamp(2, MAX_CANDIDATES);
    let mut candidates = [None; MAX_CANDIDATES];
    let mut count = 0;
    match view.round.to_beat {
        None => {
            if let Some(lead) = obvious_lead(view, scratch) {
                return Some(lead);
            }
            rank_leads(view, scratch);
            for &(_, play) in scratch.ranked.iter().take(limit) {
                candidates[count] = Some(play);
                count += 1;
            }
        }
        Some(to_beat) => {
            generate(hand, Some(to_beat), rules.bombs, &mut scratch.moves);
            if scratch.moves.is_empty() {
                return None;
            }
            if let Some(out) = going_out(scratch.moves.as_slice(), hand) {
                return Some(out);
            }
            candidates[0] = None;
            count = 1;
            scratch.ranked.clear();
            for &play in scratch.moves.as_slice() {
                let key = (play.combo.is_bomb() as u32) << 16
                    | play.cards.wilds().len() << 8
                    | play.combo.rank() as u32;
                scratch.ranked.push((key, play));
            }
            scratch
                .ranked
                .sort_unstable_by_key(|&(key, play)| (key, play.cards));
            for &(_, play) in scratch.ranked.iter().take(limit - 1) {
                candidates[count] = Some(play);
                count += 1;
            }
        }
    }
    if count == 1 {
        return candidates[0];
    }
    let me = view.seat;
    let mut margins = [0i64; MAX_CANDIDATES];
    for _ in 0..tuning.samples {
        let world = determinize(view, rng);
        for (candidate, margin) in candidates[..count].iter().zip(&mut margins) {
            let mut state = world;
            state.apply(rules, *candidate);
            playout(&mut state, rules, &mut scratch.playout);
            let score = state.score(rules);
            *margin += score.points[me] as i64 - score.points[me.other()] as i64;
        }
    }
    // The first (best-ranked) candidate wins ties.
    let best = (0..count)
        .max_by_key(|&i| (margins[i], Reverse(i)))
        .unwrap_or(0);
    candidates[best]
}

/// The built-in players: what each is called and does, its tuning, and
/// how its typed value is built (the one list of them; a preset is one of
/// these with tuning).
pub const BUILT_INS: [BuiltIn<HaggisStrategy>; 4] = [
    BuiltIn {
        info: StrategyInfo {
            name: "random",
            about: "uniform over the legal plays (passing included) and the three bets",
            tuning: &[],
        },
        build: |_| HaggisStrategy::Random,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "greedy",
            about: "answer with the cheapest play; lead the longest, lowest natural combination; never bets",
            tuning: &[],
        },
        build: |_| HaggisStrategy::Greedy,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "heuristic",
            about: "split the hand into the fewest plays, answer when it costs no play, spend wilds on rich \
                    tricks and bombs when the opponent is nearly out; bet from the hand's shape",
            tuning: HEURISTIC_TUNING,
        },
        build: |tuning| HaggisStrategy::Heuristic(Heuristic::from_values(tuning)),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "search",
            about: "determinized Monte Carlo: sample the unseen cards, play each candidate out with greedy \
                    players, keep the best average round margin (48 samples x 6 candidates); bet big when greedy \
                    playouts of 64 sampled deals go out first more often than not",
            tuning: SEARCH_TUNING,
        },
        build: |tuning| HaggisStrategy::Search(Search::from_values(tuning)),
    },
];

/// The built-ins as `fortunes strategies` lists them.
pub const STRATEGIES: &[StrategyInfo] = &infos(&BUILT_INS);

impl HaggisStrategy {
    /// The player a resolved player names.
    pub fn from_player(player: &Player) -> HaggisStrategy {
        typed(&BUILT_INS, player)
    }

    /// The built-in called `name`, with default tuning.
    pub fn named(name: &str) -> Option<HaggisStrategy> {
        let index = STRATEGIES.iter().position(|s| s.name == name)?;
        Some(HaggisStrategy::from_player(&Player::built_in(
            STRATEGIES, index,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_defaults_match_the_tuning_table() {
        let values = ParamValues::defaults("heuristic", HEURISTIC_TUNING);
        assert_eq!(Heuristic::DEFAULT, Heuristic::from_values(&values));
    }
}

#[cfg(test)]
mod greedy_tests {
    use super::*;
    use crate::engine::seeding::{game_rng, Stream};
    use rand::seq::IndexedRandom;

    /// The two-step answer equals the cheapest of the full answer list.
    #[test]
    fn cheapest_answer_matches_the_full_list() {
        let mut rng = game_rng(3, 0, Stream::DEAL);
        let mut full = MoveList::new();
        let mut scratch = MoveList::new();
        let mut checked = 0;
        for _ in 0..20_000 {
            let hand = Cards(rng.random::<u64>() & rng.random::<u64>())
                .intersect(Cards::ALL_NUMBERS.union(Cards::WILDS));
            let lead = Cards(rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>())
                .intersect(Cards::ALL_NUMBERS.union(Cards::WILDS));
            generate(lead, None, BombSet::ALL, &mut full);
            let Some(&previous) = full.as_slice().choose(&mut rng) else {
                continue;
            };
            generate(hand, Some(previous.combo), BombSet::ALL, &mut full);
            let expected = cheapest(full.as_slice());
            assert_eq!(
                cheapest_answer(hand, previous.combo, BombSet::ALL, &mut scratch),
                expected,
                "{hand} on {previous}"
            );
            checked += expected.is_some() as u32;
        }
        assert!(checked > 2000, "{checked}");
    }
}
