//! Dealing: the decks of a new DECQ, and a fingerprint of the first.
//! "At the start of each DECQ ... the Basic Cards are removed and the
//! Army Deck cards returned": each player's deck is the basic cards not
//! held in the hand (a Commander-in-Chief Deck's own fixed cards instead)
//! and its share of the side's Army Deck, shuffled.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// A fingerprint of both first decks.
    pub fn deal_fingerprint(&self) -> u64 {
        self.players
            .0
            .iter()
            .flatten()
            .flat_map(|p| p.deck.iter())
            .fold(0xcbf2_9ce4_8422_2325u64, |h, c| {
                (h ^ c.code() as u64).wrapping_mul(0x100_0000_01b3)
            })
    }

    /// The deck for a new DECQ: the basic cards not held in the hand, and
    /// army cards (those in no hand) to make 18, shuffled.
    pub(super) fn redeal(&mut self, scenario: &Scenario, seat: Seat) {
        let side = &scenario.sides[seat];
        let players = &mut self.players[seat][..side.player_count as usize];
        let mut remaining = side.army_deck;
        let mut in_hands = false;
        for player in players.iter() {
            for card in player.hand() {
                if card.from_army() {
                    remaining[card.kind() as usize] -= 1;
                    in_hands = true;
                }
            }
        }
        let len = if in_hands {
            let mut len = 0;
            for (k, &n) in remaining.iter().enumerate() {
                for _ in 0..n {
                    self.pool[len] = Card::army(Kind::ALL[k]);
                    len += 1;
                }
            }
            len
        } else {
            let pool = &side.army_pool;
            self.pool[..pool.len()].copy_from_slice(pool);
            pool.len()
        };
        // Deal each player's share from the shuffled Army Deck: a partial
        // Fisher-Yates draws exactly the cards a full shuffle would.
        let mut dealt = 0;
        for (p, player) in players.iter_mut().enumerate() {
            // A player sharing another's deck is dealt none: its deck is
            // spent from the start.
            if side.sharers >> p & 1 != 0 {
                player.next = DECK;
                continue;
            }
            let mut filled = 0;
            match (p, side.cic_deck) {
                // A Commander-in-Chief Deck: its own fixed cards, less
                // those held in the hand.
                (0, Some(mut fixed)) => {
                    for card in player.hand() {
                        if !card.from_army() {
                            let k = card.kind() as usize;
                            fixed[k] = fixed[k].saturating_sub(1);
                        }
                    }
                    for (k, &n) in fixed.iter().enumerate() {
                        for _ in 0..n {
                            player.deck[filled] = Card::basic(Kind::ALL[k]);
                            filled += 1;
                        }
                    }
                }
                _ => {
                    let mut basic_held = [false; BASIC];
                    for card in player.hand() {
                        if !card.from_army() {
                            basic_held[card.kind() as usize] = true;
                        }
                    }
                    for (k, &held) in basic_held.iter().enumerate() {
                        if !held {
                            player.deck[filled] = Card::basic(Kind::ALL[k]);
                            filled += 1;
                        }
                    }
                }
            }
            for slot in filled..DECK {
                let j = self.deal.random_range(dealt as u32..len as u32) as usize;
                self.pool.swap(dealt, j);
                player.deck[slot] = self.pool[dealt];
                dealt += 1;
            }
            shuffle(&mut player.deck, &mut self.deal);
            player.next = 0;
        }
        // What no player was dealt, for the search's deals.
        let mut undealt = [0; KINDS];
        for card in &self.pool[dealt..len] {
            undealt[card.kind() as usize] += 1;
        }
        self.undealt[seat] = undealt;
    }
}
