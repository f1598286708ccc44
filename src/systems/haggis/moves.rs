//! Exact legal-play generation.
//!
//! A play is a group of cards from the hand together with one reading of
//! it. Wilds (the holder's J, Q, K) stand for any rank and suit inside a
//! combination that holds at least one number card, which also covers a
//! court card "played naturally" at its own rank; alone, one court card is
//! a single of its own rank and two or more are always a bomb. A group with
//! several shapes is offered once per shape, each at the highest rank that
//! shape allows. "Every set in the same suits" in a run of sets means the
//! natural cards of the run use at most `width` suits; sets of four or more
//! cards satisfy it with any cards, four suits being all of them. Every (group, shape) is generated exactly once, so the
//! list is a set and uniform choice over it is uniform over plays.
//!
//! Generation is by construction, never by testing subsets: sets per rank,
//! runs of singles per suit walking upward with at most one gap per wild,
//! runs of sets per (width, length, lowest natural rank, suits), and the
//! bombs. When beating, only the shape of the play to beat and the bombs
//! are built, which keeps the common case (answering a play) cheap.

use super::cards::{Cards, Rank, HIGHEST, HIGHEST_NUMBER, JACK, LOWEST, NUMBER_CARDS};
use super::combo::{Bomb, BombSet, Combo, Play};

/// Capacity of a `MoveList`. Hands hold up to 18 number cards
/// (`hand_size` is at most 18) and three wilds. The longest lead lists
/// known: 13,541 plays for two whole suits (2S..10S 2C..10C J Q K: runs of
/// singles and of pairs of every length, times every wild subset), 12,904
/// for three suits of six ranks, 12,161 for four whole ranks and a pair;
/// with the default 14 cards, 5,056 (two suits of seven ranks) and 4,746
/// (three whole ranks). Hill climbing from random and clustered hands
/// (30 restarts x 6,000 steps for 14 cards, 16 x 2,500 for 18; a shorter
/// run is the test `largest_move_list_fits`) found nothing longer. The
/// capacity is 2.4 times the longest; a list that would still overflow
/// stops growing and sets `truncated`, which the tests check is never set.
pub const CAPACITY: usize = 32_768;

const NO_PLAY: Play = Play {
    cards: Cards::EMPTY,
    combo: Combo::Bomb(Bomb::Rainbow),
};

/// A fixed-capacity list of plays, allocated once and reused.
pub struct MoveList {
    len: usize,
    truncated: bool,
    plays: Box<[Play; CAPACITY]>,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Clone for MoveList {
    fn clone(&self) -> Self {
        let mut copy = MoveList::new();
        copy.len = self.len;
        copy.truncated = self.truncated;
        copy.plays[..self.len].copy_from_slice(self.as_slice());
        copy
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            truncated: false,
            plays: vec![NO_PLAY; CAPACITY]
                .into_boxed_slice()
                .try_into()
                .expect("the vector has CAPACITY plays"),
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
        self.truncated = false;
    }

    #[inline]
    pub fn push(&mut self, play: Play) {
        if self.len < CAPACITY {
            self.plays[self.len] = play;
            self.len += 1;
        } else {
            self.truncated = true;
        }
    }

    pub fn as_slice(&self) -> &[Play] {
        &self.plays[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether a play was dropped for lack of room (never seen; see
    /// `CAPACITY`).
    pub fn truncated(&self) -> bool {
        self.truncated
    }
}

/// Every legal play from `hand` (number cards and the holder's wilds):
/// all leads when `to_beat` is `None`, otherwise every play that beats it.
/// Passing is not listed; it is always allowed when beating.
pub fn generate(hand: Cards, to_beat: Option<Combo>, bombs: BombSet, out: &mut MoveList) {
    out.clear();
    match to_beat {
        None => {
            sets(hand, None, out);
            single_runs(hand, None, out);
            set_runs(hand, None, out);
            bomb_plays(hand, bombs, None, out);
        }
        Some(previous @ Combo::Seq { .. }) => {
            push_answers_of_shape(hand, previous, out);
            bomb_plays(hand, bombs, None, out);
        }
        Some(Combo::Bomb(bomb)) => bomb_plays(hand, bombs, Some(bomb), out),
    }
}

/// The non-bomb plays from `hand` that beat `to_beat` (none if it is a
/// bomb): `generate` without the bombs.
pub fn answers_of_shape(hand: Cards, to_beat: Combo, out: &mut MoveList) {
    out.clear();
    push_answers_of_shape(hand, to_beat, out);
}

fn push_answers_of_shape(hand: Cards, to_beat: Combo, out: &mut MoveList) {
    if let Combo::Seq { width, length, top } = to_beat {
        if length == 1 {
            sets(hand, Some((width, top)), out);
        } else if width == 1 {
            single_runs(hand, Some((length, top)), out);
        } else {
            set_runs(hand, Some((width, length, top)), out);
        }
    }
}

/// Every reading of exactly this group of cards as a lead. Not for hot
/// loops: it lists every lead of the group (into a list kept per thread)
/// and keeps those that use all of it.
pub fn readings(group: Cards, bombs: BombSet) -> Vec<Play> {
    thread_local! {
        static LIST: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::new());
    }
    LIST.with_borrow_mut(|list| {
        generate(group, None, bombs, list);
        list.as_slice()
            .iter()
            .copied()
            .filter(|play| play.cards == group)
            .collect()
    })
}

/// The order in which a player "leads the longest, lowest combination":
/// more cards first, then the lower top rank, then sets before runs of
/// singles before runs of sets, fewer wilds, and the lower card bits.
pub fn longest_lowest_key(play: &Play) -> (std::cmp::Reverse<u32>, u8, u8, u32, u64) {
    let kind = match play.combo {
        Combo::Seq { length: 1, .. } => 0,
        Combo::Seq { width: 1, .. } => 1,
        Combo::Seq { .. } => 2,
        Combo::Bomb(_) => 3,
    };
    (
        std::cmp::Reverse(play.cards.len()),
        play.combo.rank(),
        kind,
        play.cards.wilds().len(),
        play.cards.0,
    )
}

/// The first non-bomb play of `numbers` (number cards only) in
/// `longest_lowest_key` order, found without listing every play: the
/// longest plays are the full sets of a rank and the maximal runs, so only
/// those are compared. Equal to generating the natural leads and taking
/// the minimum (a test checks it), at a fraction of the cost.
pub fn longest_lowest_natural(numbers: Cards) -> Option<Play> {
    // `longest_lowest_key` packed in one word (no wilds here): 36 - size,
    // top, kind, cards; the smallest wins. The shape rides in the low
    // bits of `best_shape`.
    let mut best_key = u64::MAX;
    let mut best_shape = (0u8, 0u8);
    let key = |cards: u64, top: Rank, kind: u64| {
        (36 - cards.count_ones() as u64) << 48 | (top as u64) << 44 | kind << 40 | cards
    };
    for rank in LOWEST..=HIGHEST_NUMBER {
        let suits = numbers.suits_at(rank);
        if suits != 0 {
            let cards = (suits as u64) << ((rank - LOWEST) as u32 * 4);
            let candidate = key(cards, rank, 0);
            if candidate < best_key {
                best_key = candidate;
                best_shape = (suits.count_ones() as u8, 1);
            }
        }
    }
    // Maximal runs of ranks (bit i = rank 2 + i) holding every suit of a
    // suit set: runs of singles for one suit, runs of sets for more.
    let by_suit = [0, 1, 2, 3].map(|suit| numbers.ranks_in(suit));
    let [s0, s1, s2, s3] = by_suit;
    // Ranks holding two suits or more: without two of them adjacent there
    // is no run of sets, which is the common case.
    let doubled = (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3);
    let any_set_run = doubled & (doubled >> 1) != 0;
    for suits in 1..16u8 {
        let width = suits.count_ones();
        if width > 1 && !any_set_run {
            continue;
        }
        let mut ranks: u16 = 0x1ff;
        for (suit, &held) in by_suit.iter().enumerate() {
            if suits & (1 << suit) != 0 {
                ranks &= held;
            }
        }
        // A run needs adjacent ranks (three of them for singles).
        let adjacent = ranks & (ranks >> 1);
        if adjacent == 0 || (width == 1 && adjacent & (ranks >> 2) == 0) {
            continue;
        }
        // Nothing from these ranks can be longer than the best so far.
        let longest_here = (width * ranks.count_ones()) as u64;
        if 36 - longest_here > best_key >> 48 {
            continue;
        }
        let (min_length, kind) = if width == 1 { (3, 1) } else { (2, 2) };
        while ranks != 0 {
            let start = ranks.trailing_zeros();
            let length = (ranks >> start).trailing_ones();
            ranks &= !(((1u16 << length) - 1) << start);
            if length >= min_length {
                let mut cards = 0u64;
                for i in start..start + length {
                    cards |= (suits as u64) << (i * 4);
                }
                let top = LOWEST + (start + length - 1) as u8;
                let candidate = key(cards, top, kind);
                if candidate < best_key {
                    best_key = candidate;
                    best_shape = (width as u8, length as u8);
                }
            }
        }
    }
    (best_key != u64::MAX).then(|| {
        let cards = Cards(best_key & ((1 << NUMBER_CARDS) - 1));
        Play {
            cards,
            combo: Combo::Seq {
                width: best_shape.0,
                length: best_shape.1,
                top: ((best_key >> 44) & 0xf) as Rank,
            },
        }
    })
}

/// Submasks of `mask`, `mask` itself first and 0 last.
#[inline]
fn submasks(mask: u8) -> impl Iterator<Item = u8> {
    let mut next = Some(mask);
    std::iter::from_fn(move || {
        let current = next?;
        next = (current != 0).then(|| (current - 1) & mask);
        Some(current)
    })
}

/// The set bits of a 4-bit suit mask, as suit numbers.
#[inline]
fn bits(mask: u8) -> impl Iterator<Item = u8> {
    (0..4u8).filter(move |suit| mask & (1 << suit) != 0)
}

#[inline]
fn wild_count(mask: u8) -> u32 {
    mask.count_ones()
}

/// Sets (one number rank plus any wilds) and single court cards.
/// `filter`: only sets of this width above this rank.
fn sets(hand: Cards, filter: Option<(u8, Rank)>, out: &mut MoveList) {
    let wilds = hand.wild_mask();
    let wild_total = wild_count(wilds);
    let above = filter.map_or(0, |(_, top)| top);
    if let (0, Some((width, _))) = (wild_total, filter) {
        natural_sets(hand, width, above, out);
        return;
    }
    // With a wanted width, only naturals that wilds can top up to it.
    let (fewest, most) = match filter {
        Some((width, _)) => ((width as u32).saturating_sub(wild_total), width as u32),
        None => (1, 4),
    };
    for rank in (above + 1).max(LOWEST)..=HIGHEST_NUMBER {
        let suits = hand.suits_at(rank);
        if suits == 0 || suits.count_ones() < fewest {
            continue;
        }
        let shift = (rank - LOWEST) as u32 * 4;
        for naturals in submasks(suits) {
            let count = naturals.count_ones();
            if count == 0 || count < fewest || count > most {
                continue;
            }
            for used in submasks(wilds) {
                let width = (naturals.count_ones() + wild_count(used)) as u8;
                if filter.is_some_and(|(w, _)| w != width) {
                    continue;
                }
                out.push(Play {
                    cards: Cards((naturals as u64) << shift).union(Cards::from_wild_mask(used)),
                    combo: Combo::Seq {
                        width,
                        length: 1,
                        top: rank,
                    },
                });
            }
        }
    }
    if filter.is_none_or(|(width, _)| width == 1) {
        for bit in 0..3u8 {
            let rank = JACK + bit;
            if wilds & (1 << bit) != 0 && rank > above {
                out.push(Play {
                    cards: Cards::from_wild_mask(1 << bit),
                    combo: Combo::Seq {
                        width: 1,
                        length: 1,
                        top: rank,
                    },
                });
            }
        }
    }
}

/// `sets` for a hand without wilds and a wanted width: the naturals of a
/// rank taken `width` at a time, most often all of them or one.
fn natural_sets(hand: Cards, width: u8, above: Rank, out: &mut MoveList) {
    for rank in (above + 1).max(LOWEST)..=HIGHEST_NUMBER {
        let suits = hand.suits_at(rank);
        let held = suits.count_ones() as u8;
        if held < width {
            continue;
        }
        let shift = (rank - LOWEST) as u32 * 4;
        let mut push = |naturals: u8| {
            out.push(Play {
                cards: Cards((naturals as u64) << shift),
                combo: Combo::Seq {
                    width,
                    length: 1,
                    top: rank,
                },
            })
        };
        if held == width {
            push(suits);
        } else if width == 1 {
            bits(suits).for_each(|suit| push(1 << suit));
        } else {
            submasks(suits)
                .filter(|m| m.count_ones() == width as u32)
                .for_each(push);
        }
    }
}

/// Runs of three or more singles in one suit. `filter`: only this length
/// above this top rank.
fn single_runs(hand: Cards, filter: Option<(u8, Rank)>, out: &mut MoveList) {
    let wilds = hand.wild_mask();
    let gap_budget = wild_count(wilds);
    for suit in 0..4u8 {
        let held = hand.ranks_in(suit);
        let mut lows = held;
        while lows != 0 {
            let low = lows.trailing_zeros() as u8;
            lows &= lows - 1;
            if let Some((length, above)) = filter {
                if (LOWEST + low + length - 1).min(HIGHEST) <= above {
                    continue;
                }
            }
            let mut walk = RunWalk {
                held,
                suit,
                low,
                wilds,
                gap_budget,
                filter,
                out: &mut *out,
            };
            walk.emit(1 << low, 1, 0);
            walk.extend(low + 1, 1 << low, 1, 0);
        }
    }
}

struct RunWalk<'a> {
    held: u16,
    suit: u8,
    low: u8,
    wilds: u8,
    gap_budget: u32,
    filter: Option<(u8, Rank)>,
    out: &'a mut MoveList,
}

impl RunWalk<'_> {
    /// Naturals `chosen` (rank bits) from `low` up to the last chosen rank,
    /// with `gaps` unheld or skipped ranks inside that a wild must fill.
    fn emit(&mut self, chosen: u16, count: u32, gaps: u32) {
        for used in submasks(self.wilds) {
            let filled = wild_count(used);
            if filled < gaps {
                continue;
            }
            let length = count + filled;
            if length < 3 {
                continue;
            }
            let top = (LOWEST + self.low + length as u8 - 1).min(HIGHEST);
            if let Some((want, above)) = self.filter {
                if length != want as u32 || top <= above {
                    continue;
                }
            }
            let mut cards = 0u64;
            let mut bits = chosen;
            while bits != 0 {
                let rank = bits.trailing_zeros();
                bits &= bits - 1;
                cards |= 1 << (rank * 4 + self.suit as u32);
            }
            self.out.push(Play {
                cards: Cards(cards).union(Cards::from_wild_mask(used)),
                combo: Combo::Seq {
                    width: 1,
                    length: length as u8,
                    top,
                },
            });
        }
    }

    fn extend(&mut self, position: u8, chosen: u16, count: u32, gaps: u32) {
        if position > HIGHEST_NUMBER - LOWEST {
            return;
        }
        // Each step adds a card or a gap; a wanted length caps both.
        if self
            .filter
            .is_some_and(|(length, _)| count + gaps >= length as u32)
        {
            return;
        }
        if self.held & (1 << position) != 0 {
            let with = chosen | 1 << position;
            self.emit(with, count + 1, gaps);
            self.extend(position + 1, with, count + 1, gaps);
        }
        // Leave this rank to a wild: worth it only if a later natural follows.
        if gaps < self.gap_budget {
            self.extend(position + 1, chosen, count, gaps + 1);
        }
    }
}

/// Runs of two or more sets of the same width (two or more) in
/// consecutive ranks, every set in the same suits (a wild takes any suit).
/// `filter`: only this width and length above this top rank.
fn set_runs(hand: Cards, filter: Option<(u8, u8, Rank)>, out: &mut MoveList) {
    let wilds = hand.wild_mask();
    let wild_total = wild_count(wilds);
    if wild_total == 0 {
        natural_set_runs(hand, filter, out);
        return;
    }
    let hand_size = hand.len();
    let mut suits_at = [0u8; 14];
    for rank in LOWEST..=HIGHEST_NUMBER {
        suits_at[rank as usize] = hand.suits_at(rank);
    }
    let (widths, above) = match filter {
        Some((width, _, top)) => (width..=width, top),
        None => (2..=7, 0),
    };
    let most_at_a_rank = suits_at.iter().map(|s| s.count_ones()).max().unwrap_or(0);
    let lengths = match filter {
        Some((_, length, _)) => length..=length,
        None => 2..=(HIGHEST - LOWEST + 1),
    };
    // Wilds a window needs: every slot its naturals (within `suits`) cannot
    // fill. Growing the window only adds ranks, so once the need passes the
    // wilds held, longer windows (and wider sets) are hopeless too.
    let need = |suits: u8, width: u8, low: Rank, bottom: Rank, top: Rank| -> u32 {
        (bottom..=top)
            .map(|rank| {
                let held = if rank < low {
                    0
                } else {
                    (suits_at[rank as usize] & suits).count_ones()
                };
                (width as u32).saturating_sub(held)
            })
            .sum()
    };
    for width in widths {
        // A run of sets needs, at its lowest natural rank, `width` cards
        // from naturals and wilds; if no rank can, no wider run can either.
        if most_at_a_rank + wild_total < width as u32 {
            break;
        }
        for low in LOWEST..=HIGHEST_NUMBER {
            if suits_at[low as usize] == 0
                || suits_at[low as usize].count_ones() + wild_total < width as u32
            {
                continue;
            }
            for length in lengths.clone() {
                if width as u32 * length as u32 > hand_size {
                    break;
                }
                let top = (low + length - 1).min(HIGHEST);
                let bottom = top + 1 - length;
                if top <= above && filter.is_some() {
                    continue;
                }
                if need(0b1111, width, low, bottom, top) > wild_total {
                    break;
                }
                if top <= above {
                    continue;
                }
                let natural_top = top.min(HIGHEST_NUMBER);
                // Ranks of the window below `low` or above 10 are all wild.
                let forced = (low - bottom) as u32 + (top - natural_top) as u32;
                let suit_sets: &[u8] = match width {
                    2 => &[0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100],
                    3 => &[0b0111, 0b1011, 0b1101, 0b1110],
                    _ => &[0b1111],
                };
                for &suits in suit_sets {
                    if width < 4 && need(suits, width, low, bottom, top) > wild_total {
                        continue;
                    }
                    let mut build = SetRunBuild {
                        suits_at: &suits_at,
                        suits,
                        width,
                        length,
                        top,
                        low,
                        natural_top,
                        wilds,
                        wild_total,
                        out: &mut *out,
                    };
                    build.choose(low, 0, 0, forced * width as u32);
                }
            }
        }
    }
}

/// `set_runs` for a hand without wilds: every rank of the window holds
/// exactly the run's suits, so a run is a suit set and a window of ranks
/// that all hold it.
fn natural_set_runs(hand: Cards, filter: Option<(u8, u8, Rank)>, out: &mut MoveList) {
    let by_suit = [0, 1, 2, 3].map(|suit| hand.ranks_in(suit));
    let (widths, lengths, above) = match filter {
        Some((width, length, top)) => (width..=width, length..=length, top),
        None => (2..=4, 2..=9, 0),
    };
    for suits in 1..16u8 {
        let width = suits.count_ones() as u8;
        if !widths.contains(&width) {
            continue;
        }
        let mut ranks = 0x1ffu16;
        for suit in bits(suits) {
            ranks &= by_suit[suit as usize];
        }
        for length in lengths.clone() {
            let window = (1u16 << length) - 1;
            for start in 0..=(9u8.saturating_sub(length)) {
                let top = LOWEST + start + length - 1;
                if ranks & (window << start) != window << start || top <= above {
                    continue;
                }
                let mut cards = 0u64;
                for i in start..start + length {
                    cards |= (suits as u64) << (i as u32 * 4);
                }
                out.push(Play {
                    cards: Cards(cards),
                    combo: Combo::Seq { width, length, top },
                });
            }
        }
    }
}

struct SetRunBuild<'a> {
    suits_at: &'a [u8; 14],
    suits: u8,
    width: u8,
    length: u8,
    top: Rank,
    low: Rank,
    natural_top: Rank,
    wilds: u8,
    wild_total: u32,
    out: &'a mut MoveList,
}

impl SetRunBuild<'_> {
    /// Picks the naturals of `rank` (non-empty at `low`), tracking the
    /// cards so far, the suits used and the wilds needed.
    fn choose(&mut self, rank: Rank, cards: u64, used_suits: u8, need: u32) {
        if rank > self.natural_top {
            self.finish(cards, used_suits, need);
            return;
        }
        let available = self.suits_at[rank as usize] & self.suits;
        let shift = (rank - LOWEST) as u32 * 4;
        for naturals in submasks(available) {
            if rank == self.low && naturals == 0 {
                continue;
            }
            let count = naturals.count_ones();
            if count > self.width as u32 {
                continue;
            }
            let need = need + self.width as u32 - count;
            if need > self.wild_total {
                continue;
            }
            self.choose(
                rank + 1,
                cards | (naturals as u64) << shift,
                used_suits | naturals,
                need,
            );
        }
    }

    fn finish(&mut self, cards: u64, used_suits: u8, need: u32) {
        // Each group once: only under the canonical suit set for the suits
        // it uses (those suits, topped up with the lowest others).
        if self.width < 4 {
            let mut canonical = used_suits;
            let mut suit = 0;
            while canonical.count_ones() < self.width as u32 {
                if canonical & (1 << suit) == 0 {
                    canonical |= 1 << suit;
                }
                suit += 1;
            }
            if canonical != self.suits {
                return;
            }
        }
        for used in submasks(self.wilds) {
            if wild_count(used) == need {
                self.out.push(Play {
                    cards: Cards(cards).union(Cards::from_wild_mask(used)),
                    combo: Combo::Seq {
                        width: self.width,
                        length: self.length,
                        top: self.top,
                    },
                });
            }
        }
    }
}

/// The bombs `allowed` by the rules, only those above `above` if given.
fn bomb_plays(hand: Cards, allowed: BombSet, above: Option<Bomb>, out: &mut MoveList) {
    let wanted = |bomb: Bomb| allowed.contains(bomb) && above.is_none_or(|a| bomb > a);
    let odd = [3, 5, 7, 9].map(|rank| hand.suits_at(rank));
    if wanted(Bomb::Rainbow) && odd.iter().all(|&s| s != 0) {
        // One suit per rank, four different suits: at most 4! choices.
        for s3 in bits(odd[0]) {
            let used3 = 1 << s3;
            for s5 in bits(odd[1] & !used3) {
                let used5 = used3 | 1 << s5;
                for s7 in bits(odd[2] & !used5) {
                    let used7 = used5 | 1 << s7;
                    for s9 in bits(odd[3] & !used7) {
                        out.push(Play {
                            cards: Cards::number(3, s3)
                                .union(Cards::number(5, s5))
                                .union(Cards::number(7, s7))
                                .union(Cards::number(9, s9)),
                            combo: Combo::Bomb(Bomb::Rainbow),
                        });
                    }
                }
            }
        }
    }
    let wilds = hand.wild_mask();
    for mask in [0b011, 0b101, 0b110, 0b111] {
        if let Some(bomb) = Bomb::of_wilds(mask) {
            if wilds & mask == mask && wanted(bomb) {
                out.push(Play {
                    cards: Cards::from_wild_mask(mask),
                    combo: Combo::Bomb(bomb),
                });
            }
        }
    }
    if wanted(Bomb::Suited) {
        for suit in 0..4u8 {
            if odd.iter().all(|&s| s & (1 << suit) != 0) {
                out.push(Play {
                    cards: [3, 5, 7, 9]
                        .iter()
                        .fold(Cards::EMPTY, |c, &r| c.union(Cards::number(r, suit))),
                    combo: Combo::Bomb(Bomb::Suited),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plays(hand: &str, beat: Option<Combo>) -> Vec<String> {
        let mut list = MoveList::new();
        generate(Cards::parse(hand).unwrap(), beat, BombSet::ALL, &mut list);
        list.as_slice().iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn the_issue_example_has_both_readings() {
        let found = readings(Cards::parse("5S 6S J Q").unwrap(), BombSet::ALL);
        let shown: Vec<String> = found.iter().map(|p| p.combo.to_string()).collect();
        assert!(shown.contains(&"run 1x4 8".to_string()), "{shown:?}");
        assert!(shown.contains(&"run 2x2 6".to_string()), "{shown:?}");
        assert_eq!(found.len(), 2, "{shown:?}");
    }

    #[test]
    fn leaflet_examples() {
        // 10-10-J-Q is a pair run to J (the J natural, the Q wild).
        let pair_run = readings(Cards::parse("10S 10H J Q").unwrap(), BombSet::ALL);
        assert!(pair_run.iter().any(|p| p.combo
            == Combo::Seq {
                width: 2,
                length: 2,
                top: JACK
            }));
        // Two or more wilds alone are only ever a bomb.
        let wild_pair = readings(Cards::parse("J K").unwrap(), BombSet::ALL);
        assert_eq!(wild_pair.len(), 1);
        assert_eq!(wild_pair[0].combo, Combo::Bomb(Bomb::JackKing));
        // A lone J is a single J, which beats a single 10.
        let single = plays(
            "J",
            Some(Combo::Seq {
                width: 1,
                length: 1,
                top: 10,
            }),
        );
        assert_eq!(single, vec!["set 1x1 J: J".to_string()]);
    }

    #[test]
    fn submasks_cover_every_subset_once() {
        let all: Vec<u8> = submasks(0b1011).collect();
        assert_eq!(all.len(), 8);
        assert_eq!(all.first(), Some(&0b1011));
        assert_eq!(all.last(), Some(&0));
    }
}
