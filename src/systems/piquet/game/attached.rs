//! Artillery attached to a regiment (`attached_to`): it moves with the
//! regiment on the regiment's Move orders ("Infantry Move in Open :
//! Allows infantry regiments, plus any attached artillery to move";
//! "Cavalry in Open : ... a cavalry formation and attached horse
//! artillery") and takes no orders of its own while the regiment is in
//! the game; regiments carried by another's orders, second lines too.

use super::*;

impl<O: Observer<Event>> Game<O> {
    /// Whether regiment `i` of `seat` moves by another's orders and takes
    /// none of its own: a company attached to a regiment in the game, or a
    /// second line behind its lead (`in_line`).
    #[inline(always)]
    pub(super) fn carried<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> bool {
        // Most regiments are neither: one test of the side's masks.
        let side = &setup.scenario.sides[seat];
        (side.followers | side.attached) >> i & 1 != 0 && self.carried_now(setup, seat, i)
    }

    /// The regiments of `seat` `carried` now, one bit each.
    #[inline(always)]
    pub(super) fn carried_set<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat) -> u16 {
        let side = &setup.scenario.sides[seat];
        match side.followers | side.attached {
            0 => 0,
            mut rest => {
                let mut carried = 0;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    carried |= (self.carried_now(setup, seat, i) as u16) << i;
                }
                carried
            }
        }
    }

    /// `carried` for a second line or an attached company.
    #[cold]
    fn carried_now<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> bool {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        match regiment.attached_to {
            Some(r) => self.units[seat][r as usize].status != Status::Removed,
            None => self.in_line(setup, seat, i),
        }
    }

    /// Regiment `i` of `seat` has completed a Move order: its attached
    /// companies move with it, to its place, unless unrallied (a company
    /// that must rally "may not ... be issued orders", nor move with
    /// orders).
    #[inline]
    pub(super) fn carry<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let mut rest = setup.scenario.sides[seat].regiments[i].attached;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (to, from) = (self.units[seat][i], self.units[seat][c]);
            if from.status == Status::Idle && (to.x, to.y) != (from.x, from.y) {
                (self.units[seat][c].x, self.units[seat][c].y) = (to.x, to.y);
                if self.obs.on() {
                    self.tell_shift(setup, seat, c, (from.x, from.y), "attached");
                }
                self.moved(setup);
                self.clear_defeated(setup);
            }
        }
    }
}
