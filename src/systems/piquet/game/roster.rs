//! A side's regiments filed by status, kept as statuses change so that
//! what a player sees of its side costs no walk over its regiments.

use crate::systems::piquet::cards::KINDS;
use crate::systems::piquet::field::Status;

/// A side's regiments by status: how many wait for each card kind and
/// which, and which are idle, shaken, fighting or closing on their target.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Roster {
    pub(super) waiting: [u8; KINDS],
    /// The same regiments one bit each, for a card to walk. Kept beside
    /// the counts: counting the bits on every view read cost 5% more
    /// instructions a DECQ.
    pub(super) waiting_units: [u16; KINDS],
    /// The kinds with a regiment waiting, one bit each.
    pub(super) waiting_kinds: u16,
    pub(super) idle: u16,
    /// Every regiment waiting for a card, whatever the kind.
    pub(super) ordered: u16,
    pub(super) shaken: u16,
    pub(super) fighting: u16,
    pub(super) closing: u16,
}

impl Roster {
    /// Regiments that may fire or reload: neither shaken, fighting an
    /// assault, nor removed.
    #[inline]
    pub(super) fn able(&self) -> u16 {
        self.idle | self.ordered | self.closing
    }

    /// Enters the regiment `bit` (or takes it out) under `status`, waiting
    /// for a card of kind `card` when ordered. Inline: the status is
    /// matched once for both rosters it is filed in.
    #[inline(always)]
    pub(super) fn file(&mut self, status: Status, card: usize, bit: u16, enter: bool) {
        let set = match status {
            Status::Ordered | Status::Retiring => {
                // A retiring regiment waits for its card but fights on: it
                // is among the fighting, not the ordered (who may fire and
                // reload).
                let also = match status {
                    Status::Ordered => &mut self.ordered,
                    _ => &mut self.fighting,
                };
                if enter {
                    *also |= bit;
                    self.waiting[card] += 1;
                    self.waiting_kinds |= 1 << card;
                } else {
                    *also &= !bit;
                    self.waiting[card] -= 1;
                    if self.waiting[card] == 0 {
                        self.waiting_kinds &= !(1 << card);
                    }
                }
                &mut self.waiting_units[card]
            }
            Status::Idle => &mut self.idle,
            Status::Shaken { .. } => &mut self.shaken,
            Status::Fighting => &mut self.fighting,
            Status::Closing => &mut self.closing,
            Status::Removed => return,
        };
        if enter {
            *set |= bit;
        } else {
            *set &= !bit;
        }
    }
}
