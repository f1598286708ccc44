"""The field across in the Piquet model (`piquet.py`): each regiment's place across the field (`y`, the centre of its
frontage) and its frontage, the lateral gap and the ranges measured with it, the aspect an attacker meets its defender
at, the Move order's incline and the Maneuver to a flank. `Field` is a part of `piquet._Game`: it reads the game's
regiments (`self.regs`), KARD (`self.gk`), rules (`self.r`), scenario (`self.sc`) and ranges (`self.E`, `self.B`) and
reports through its `fail`. Written, as the rest of the checker, from the seed text, the rules listing (`fortunes
rules piquet`) and the docs, never from the crate's source.

What it holds a trace to:

- the opening: each `regiment` event's `y` (inches to a tenth) is the scenario's (0 unless it says) and its `frontage`
  the Organization section's: infantry troops / ranks / 75 inches at most (the scenario's `troops`, `ranks`; 2100 men
  in 3 ranks, the text's example, unless it says), at least that times 5/8 (3 battalions or more), 2/3 (2) or 1 (1,
  `battalions`, 3 unless it says); cavalry troopers / 2 x 1.5 / 75 (500 unless it says), no minimum; artillery 2
  castings (6 guns) or 3 (8 guns) of 3/4" to 1" each; the scenario's `frontage` when it gives one (within those
  limits when it gives `troops`, or for a company; without them a given frontage is the regiment's own), else the
  most, cut to a tenth. Lengths across are reckoned in tenths of an inch. A trace whose `regiment`
  events carry no `y` (made before the field had a width) is read on the one axis: every gap 0, every attacker in
  front, no `aspects`;
- the gap between two regiments: the distance between the nearer ends of their frontages, rounded up to a tenth (0 when
  they overlap or touch); two regiments dx inches apart along the axis and gap tenths across are within R inches when
  100 dx^2 + gap^2 <= 100 R^2: fire (Engagement range, Bombardment range for medium heavy and heavy artillery), the
  engagement a volley begins (within Engagement range) and one `broken_off` (out of it), the nearest enemy, the Move
  order's stop, and the places the beaten withdraw to ("1\" outside of the Engagement range of the enemy unit": the
  nearest place behind where 100 dx^2 + gap^2 >= 100 (R+1)^2);
- a `moves` event always carries `y_from` and `y_to` (a trace with places across): `y_from` is where the regiment
  stands across, both null when its place across does not change (a trace without places across: null or absent); a
  completed Move of infantry or cavalry inclines toward its target (the scenario's,
  else the nearest enemy) when that is off to the side: a inches forward shift it at most floor(a x 0.41421) tenths
  across (22.5 degrees), never past closing the gap (its frontage comes up to touch the target's, to the tenth, never
  to overlap it), and it stops at the first place where an enemy ahead of it at the start is within Engagement range,
  level with the one it closes on at the latest; artillery does not incline; a contact move, an objective taken, a
  withdrawal, a retirement, a relief and cavalry going on change only the place along the axis;
- a completed Maneuver order (not one out of an assault) goes its way: a chosen regiment's pending `maneuver_to`
  (piquet_chosen.py), a planned one's scenario `maneuver` (forward by default); the regiments of one order one after
  another, each from the field as the one before left it, and each by its next `status` ordered -> idle (else by the
  next settling event), with no `moves` when it has nowhere to go; a `moves` why maneuver only of such an order
  completed on the KARD (a chosen regiment's with a pending `maneuver_to`), once:
  - to a flank (`left` or `right`; each side's own left: side a, facing up the axis, has its left up the cross axis,
    side b down it) maneuver_inches across, its place along the axis unchanged, stopping a tenth short of an enemy
    level with it (the same place along the axis) in the way ("you can not Maneuver into an Assault": an enemy level
    with it whose centre lies the way it goes, a tenth short of the gap between their nearer ends rounded up to a
    tenth, max(gap - 1, 0) tenths on; not at all while it overlaps such an enemy; an enemy overlapping it on the other
    hand does not stop it);
  - forward up to maneuver_inches, inch by inch, stopping at the first place where an enemy in the game ahead of it or
    level (at the start) is within Engagement range, measured across the gap as every range ("You can Maneuver into
    Engagement"), not at all when one is within it already; back maneuver_inches straight back; neither changes its
    place across;
- the ways a Maneuver would move a regiment (`maneuver_offers`: what a chosen regiment is offered, back always) are
  those whose place differs from where it stands;
- an attached company (`attached`) and a second line (`follows`) take their regiment's or lead's place across;
- an assault's aspects: each attacker meets its defender, from where it stands when it comes into contact
  (`assault_begins`, `joins_assault`), from the rear when behind the defender (the defender's facing), else in front
  when at least half its own frontage overlaps the defender's (short_overlap = front: any overlap), else on the flank;
  every attacker in front of a defender in an urban block (the scenario's `urban`, or an urban objective it stands in);
  each `assault_round` tells them (`aspects`, the attackers' order), and its `combined` is the multiple-unit
  combination of the casts of those in front (0 with none) plus the full cast of each on the flank or in the rear;
- cavalry going on through ("the next enemy unit in its path") meets only enemies whose frontage overlaps its own.
"""

from fractions import Fraction
from math import floor

from piquet_text import (
    T_SKIRMISH_WIDTH, T_ASPECT, T_FLANK_MANEUVER, T_FORMAT, T_FRONTAGE, T_INCLINE, T_MANEUVER_TO, T_MANEUVER_WAY,
    T_PLACE_ACROSS,
)

# tan 22.5 degrees, to five places: a inches forward incline floor(a * 41421 / 10000) tenths across.
INCLINE_NUM, INCLINE_DEN = 41421, 10000

MANEUVERS = ("forward", "back", "left", "right")


def tenths(v):
    """Inches (to a tenth) as integer tenths."""
    return int(round(v * 10))


def inches(t):
    return "%.1f" % (t / 10.0)


def combine(casts):
    """Multiple Unit Combats: even count, drop the highest and lowest pairs down to two and take the higher; odd, down
    to one. No cast: 0."""
    vals = sorted(casts)
    if not vals:
        return 0
    while len(vals) > 2:
        vals = vals[1:-1]
    return max(vals)


def frontage_limits(arm, s):
    """(least, most) frontage in tenths the Organization section allows a scenario regiment `s` of `arm` (the most cut
    to a tenth)."""
    if arm == "infantry":
        troops, ranks, bns = s.get("troops", 2100), s.get("ranks", 3), s.get("battalions", 3)
        most = Fraction(troops * 10, ranks * 75)
        least = most * (Fraction(5, 8) if bns >= 3 else Fraction(2, 3) if bns == 2 else 1)
        return least, Fraction(floor(most))
    if arm == "cavalry":
        most = Fraction(s.get("troops", 500) * 10 * 3, 2 * 2 * 75)
        return Fraction(0), Fraction(floor(most))
    castings = 3 if s.get("guns", 6) == 8 else 2
    return Fraction(castings * 30, 4), Fraction(castings * 10)


class Field:
    """The field across: places across and frontages, gaps, ranges, aspects, inclines and flank maneuvers."""

    # --- the opening ---------------------------------------------------------------------------------------
    def read_field(self, g, e, s):
        """`g`'s place across and frontage from its regiment event `e` and scenario entry `s`."""
        told = "y" in e or "frontage" in e
        if not hasattr(self, "across"):
            self.across = told  # a trace from before the field had a width: the one axis
        if told != self.across:
            self.fail(T_FORMAT, "%r's regiment event %s `y` and `frontage`, the first regiment's %s"
                      % (g.name, "has" if told else "lacks", "did not" if told else "did"))
        g.maneuver = s.get("maneuver", "forward")
        if g.maneuver not in MANEUVERS:
            self.fail(T_FORMAT, "%r's scenario maneuver %r" % (g.name, g.maneuver), at_next=True)
        g.maneuver_pick = None  # a chosen regiment's pending `maneuver_to` until its Maneuver completes
        g.maneuver_due = None  # (global KARD, way, chosen) of a completed Maneuver order not moved yet
        if not self.across:
            g.y, g.w = 0, 0
            return
        y, w = self.f(e, "y"), self.f(e, "frontage")
        if not isinstance(y, (int, float)) or not isinstance(w, (int, float)):
            self.fail(T_FORMAT, "%r's y %r and frontage %r are not inches" % (g.name, y, w))
        g.y, g.w = tenths(y), tenths(w)
        want_y = tenths(s.get("y", 0))
        if g.y != want_y:
            self.fail(T_FRONTAGE, "%r opens %s\" across, the scenario says %s\""
                      % (g.name, inches(g.y), inches(want_y)))
        least, most = frontage_limits(g.arm, s)
        want = tenths(s["frontage"]) if "frontage" in s else int(most)
        # without `troops` a given frontage is the regiment's own (docs/piquet.md); a company's castings bound it
        bounded = "troops" in s or g.arm == "artillery"
        if "frontage" in s and bounded and not (least - 1 <= want <= most + 1):
            self.fail(T_FRONTAGE, "the scenario gives %r a frontage of %s\", outside %s\" to %s\""
                      % (g.name, inches(want), inches(float(least)), inches(float(most))), at_next=True)
        # in skirmish order 1.5 x the most (piquet_deploy.py); formed or prepared, the scenario's or the most
        want = self.opening_width(g, s, least, most, want)
        if g.w != want:
            self.fail(T_FRONTAGE + (" / " + T_SKIRMISH_WIDTH if g.deployment == "skirmish" else ""),
                      "%r's frontage is %s\", the scenario's %s%s gives %s\" (%s\" to %s\" formed)"
                      % (g.name, inches(g.w), g.arm, " in skirmish order" if g.deployment == "skirmish" else "",
                         inches(want), inches(float(least)), inches(float(most))))
        self.seen["regiments off the centre line"] += g.y != 0

    # --- gaps and ranges ----------------------------------------------------------------------------------------
    @staticmethod
    def gap_of(y1, w1, y2, w2):
        """Tenths between the nearer ends of two frontages (centres y, widths w, in tenths), rounded up; 0 when they
        overlap or touch."""
        return (max(0, 2 * abs(y1 - y2) - w1 - w2) + 1) // 2

    def gap(self, a, b):
        return self.gap_of(a.y, a.w, b.y, b.w)

    def d2(self, g, t, x=None, y=None):
        """100 dx^2 + gap^2: `g` (at `x`, `y` when given) and `t`."""
        x = g.at if x is None else x
        y = g.y if y is None else y
        dx = x - t.at
        v = 2 * abs(y - t.y) - g.w - t.w  # gap_of, written out: the most used measure
        gap = (v + 1) // 2 if v > 0 else 0
        return 100 * dx ** 2 + gap ** 2

    def within(self, g, t, reach, x=None, y=None):
        """`t` within `reach` inches of `g` (standing at `x`, `y` when given): d2 <= 100 reach^2."""
        x = g.at if x is None else x
        y = g.y if y is None else y
        dx = x - t.at
        v = 2 * abs(y - t.y) - g.w - t.w  # d2, written out: asked at every settling event
        gap = (v + 1) // 2 if v > 0 else 0
        return 100 * dx ** 2 + gap ** 2 <= 100 * reach * reach

    def dist_said(self, g, t):
        gp = self.gap(g, t)
        return "%s inches along the axis%s" % (abs(g.at - t.at), ", %s\" across" % inches(gp) if gp else "")

    @staticmethod
    def outside_dx(gap, reach):
        """The least inches along the axis, from an enemy `gap` tenths across, at which one stands 1\" outside `reach`:
        100 dx^2 + gap^2 >= 100 (reach + 1)^2."""
        need = 100 * (reach + 1) ** 2 - gap * gap
        dx = 0
        while 100 * dx * dx < need:
            dx += 1
        return dx

    def outside_place(self, g, foes):
        """The place along the axis, going back its own way, 1\" outside Engagement range of every enemy in `foes`
        ((x, y, w) each): the most backward of each's."""
        fwd = 1 if g.side == "a" else -1
        outs = [x - fwd * self.outside_dx(self.gap_of(g.y, g.w, y, w), self.E) for x, y, w in foes]
        return min(outs, key=lambda p: fwd * p)

    @staticmethod
    def foe(x, t):
        """An enemy `t` (its place across and frontage) standing at `x` along the axis."""
        return (x, t.y, t.w)

    def nearest_of(self, g, regs):
        """(100 dx^2 + gap^2, [the nearest of `regs` to `g`]); (None, []) with none."""
        ds = [self.d2(g, x) for x in regs]
        d = min(ds, default=None)
        return d, [x for x, dx in zip(regs, ds) if dx == d]

    def in_path(self, g, t):
        """`t`'s frontage overlaps `g`'s: it stands in `g`'s path straight ahead."""
        return not self.across or 2 * abs(g.y - t.y) < g.w + t.w

    # --- moves ---------------------------------------------------------------------------------------------
    def incline_y(self, g, t, a):
        """Where across `g` stands a inches forward on a Move inclined toward `t` (not for artillery)."""
        if t is None or g.arm == "artillery" or not self.across:
            return g.y
        # never past closing the gap: its frontage comes up to touch the target's, never to overlap it
        shift = min(a * INCLINE_NUM // INCLINE_DEN, max(0, 2 * abs(g.y - t.y) - g.w - t.w) // 2)
        return g.y + (shift if t.y > g.y else -shift)

    def advance(self, g, toward, stop_on, reach, incline_to):
        """(x, y) where `g`'s Move toward `toward` stops: inch by inch forward, inclining toward `incline_to`, the
        first place where an enemy of `stop_on` is within `reach`; level with `toward` at the latest."""
        w = 1 if g.side == "a" else -1
        far = w * (toward.at - g.at)
        # within(g, f, reach, x, y) for each f of stop_on at each step, and incline_y(g, incline_to, a) for y, written
        # out with their terms read once: the loop is the model's hottest (every Move order's stop is reckoned by it,
        # often several times)
        lim = 100 * reach * reach
        foes = [(f.at, f.y, f.w) for f in stop_on]
        gw, gy, t = g.w, g.y, incline_to
        straight = t is None or g.arm == "artillery" or not self.across
        cap = 0 if straight else max(0, 2 * abs(gy - t.y) - gw - t.w) // 2
        up = not straight and t.y > gy
        for a in range(1, far + 1):
            x = g.at + w * a
            if straight:
                y = gy
            else:
                shift = min(a * INCLINE_NUM // INCLINE_DEN, cap)
                y = gy + (shift if up else -shift)
            for f_at, f_y, f_w in foes:
                d = 100 * (x - f_at) ** 2
                if d > lim:
                    continue  # (out of reach along the axis alone: the gap across only adds)
                v = 2 * abs(y - f_y) - gw - f_w
                gap = (v + 1) // 2 if v > 0 else 0
                if d + gap ** 2 <= lim:
                    return x, y
        return g.at + w * max(0, far), self.incline_y(g, incline_to, max(0, far))

    def moves_across(self, g, e, why):
        """(y_from, y_to) of a `moves` event, in tenths: told (not null) only when its place across changes, from where
        it stands; a Move's incline checked, and only a Move, a Maneuver, an attached company's or a second line's
        move goes across."""
        told = e.get("y_from") is not None or e.get("y_to") is not None  # null (or absent): not across
        if not self.across:
            if told:
                self.fail(T_FORMAT, "a move across in a trace without places across")
            return 0, 0
        if "y_from" not in e or "y_to" not in e:
            self.fail(T_FORMAT + " (a `moves` event always carries `y_from` and `y_to`, null when its place across "
                                 "does not change)", "%r's move (%s) without %s" % (
                                     g.name, why, " and ".join(k for k in ("y_from", "y_to") if k not in e)))
        if not told:
            return g.y, g.y
        if not all(isinstance(e.get(k), (int, float)) for k in ("y_from", "y_to")):
            self.fail(T_FORMAT, "a move across with y_from %r and y_to %r" % (e.get("y_from"), e.get("y_to")))
        y_from, y_to = tenths(e["y_from"]), tenths(e["y_to"])
        if y_from != g.y:
            self.fail(T_PLACE_ACROSS, "%r moves from %s\" across, it stands at %s\"" % (g.name, inches(y_from),
                                                                                     inches(g.y)))
        if y_from == y_to:
            self.fail(T_FORMAT + " (`y_from` and `y_to` only when its place across changes)",
                      "%r moves from %s\" to %s\" across" % (g.name, inches(y_from), inches(y_to)))
        if why in ("move", "horizon"):
            self.check_incline(g, e["from"], e["to"], y_from, y_to)
        elif why not in ("maneuver", "attached", "follows"):
            self.fail(T_INCLINE, "%r's move (%s) goes across, from %s\" to %s\"; only a Move inclines, and only a "
                                 "Maneuver to a flank, an attached company or a second line moves otherwise across"
                      % (g.name, why, inches(y_from), inches(y_to)))
        return y_from, y_to

    def check_incline(self, g, frm, to, y_from, y_to):
        """A completed Move's `moves` (why move or horizon): within 22.5 degrees, toward its target, not past the
        gap; none for artillery."""
        dy = y_to - y_from
        if dy == 0:
            return
        a = abs(to - frm)
        most = a * INCLINE_NUM // INCLINE_DEN
        if g.arm == "artillery":
            self.fail(T_INCLINE, "artillery %r inclines %s\" across on its Move" % (g.name, inches(abs(dy))))
        if abs(dy) > most:
            self.fail(T_INCLINE, "%r moves %d inches forward and %s\" across, more than 22.5 degrees (%s\")"
                      % (g.name, a, inches(abs(dy)), inches(most)))
        targets = self.incline_targets(g)
        if not any((t.y - y_from) * dy > 0 and abs(dy) <= self.gap_of(y_from, g.w, t.y, t.w) for t in targets):
            self.fail(T_INCLINE, "%r inclines from %s\" to %s\" across, not toward its target %r (at %s\" across, "
                                 "%s\" off)" % (g.name, inches(y_from), inches(y_to), [t.name for t in targets],
                                                [inches(t.y) for t in targets],
                                                [inches(self.gap_of(y_from, g.w, t.y, t.w)) for t in targets]))
        self.seen["inclined moves"] += 1
        if abs(dy) == most:
            self.seen["moves inclined 22.5 degrees"] += 1

    def incline_targets(self, g):
        """The regiments `g`'s Move may incline toward: its target in the game, else the nearest enemies (a chosen
        regiment's: the nearest ahead, as it closes on them)."""
        if getattr(g, "chosen", False):
            return self.nearest_of(g, self.ahead_of(g))[1]
        t = self.regs.get(g.target) if g.target else None
        if t is not None and t.status != "removed":
            return [t]
        return self.nearest_of(g, self.enemies(g))[1]

    # --- maneuvers -------------------------------------------------------------------------------------------
    def way_of(self, g):
        """The way `g`'s Maneuver goes: the one its completed order is due to go (a chosen regiment's `maneuver_to`),
        else its scenario's `maneuver` (forward by default)."""
        due = getattr(g, "maneuver_due", None)
        return due[1] if due is not None else getattr(g, "maneuver", "forward")

    def maneuver_way(self, g, m=None):
        """+1 / -1 across for a Maneuver to a flank (each side's own left: side a's up the cross axis), else 0."""
        m = self.way_of(g) if m is None else m
        if m not in ("left", "right"):
            return 0
        left = 1 if g.side == "a" else -1
        return left if m == "left" else -left

    def flank_place(self, g, m=None):
        """Where across `g`'s Maneuver to a flank (way `m`, else its own) ends: maneuver_inches across, or a tenth
        short of an enemy level with it (the same place along the axis) whose centre lies the way it goes: a tenth
        short of the gap between their nearer ends, rounded up to a tenth (not at all while its frontage overlaps or
        touches such an enemy's)."""
        s = self.maneuver_way(g, m)
        n = self.r["maneuver_inches"] * 10
        for x in self.level_in_the_way(g, m):
            n = min(n, max(0, self.gap(g, x) - 1))
        return g.y + s * n

    def level_in_the_way(self, g, m=None):
        """The enemies level with `g` (the same place along the axis) in the way of its Maneuver to a flank: their
        centres on the hand it goes to (an enemy overlapping it on the other hand is no stop)."""
        s = self.maneuver_way(g, m)
        return [x for x in self.enemies(g) if x.at == g.at and s * (x.y - g.y) > 0]

    def forward_stops(self, g):
        """The enemies in the game ahead of `g` or level with it along the axis: a forward Maneuver comes no closer
        than Engagement range to any of them."""
        w = 1 if g.side == "a" else -1
        return [x for x in self.enemies(g) if w * (x.at - g.at) >= 0]

    def forward_place(self, g):
        """Where `g`'s Maneuver forward ends along the axis: inch by inch up to maneuver_inches forward, stopping at the
        first place where an enemy ahead of it or level (at the start) is within Engagement range, measured straight
        across the gap as every range is ("you can not Maneuver into an Assault. You can Maneuver into Engagement");
        where it stands when one is within Engagement range already."""
        w = 1 if g.side == "a" else -1
        stops = self.forward_stops(g)
        if any(self.within(g, x, self.E) for x in stops):
            return g.at
        for a in range(1, self.r["maneuver_inches"] + 1):
            if any(self.within(g, x, self.E, g.at + w * a, g.y) for x in stops):
                return g.at + w * a
        return g.at + w * self.r["maneuver_inches"]

    def maneuver_place(self, g, m=None):
        """(place along the axis, place across) where `g`'s Maneuver way `m` (else its own) takes it from where it
        stands: forward (forward_place), back maneuver_inches straight back, or across to a flank (flank_place; on
        the one axis, a trace without places across, it stays where it stands across)."""
        m = self.way_of(g) if m is None else m
        w = 1 if g.side == "a" else -1
        if m == "forward":
            return self.forward_place(g), g.y
        if m == "back":
            return g.at - w * self.r["maneuver_inches"], g.y
        return g.at, (self.flank_place(g, m) if self.across else g.y)

    def maneuver_offers(self, g):
        """The ways a Maneuver ordered now would move `g` (docs/agents.md, decision `direction`: "each offered only
        when it would move the regiment"); none: Maneuver is not offered at all."""
        return [m for m in MANEUVERS if self.maneuver_place(g, m) != (g.at, g.y)]

    def maneuver_said(self, g, m):
        """Where `g`'s Maneuver `m` goes from where it stands, said."""
        at, y = self.maneuver_place(g, m)
        if m == "forward":
            near = [x for x in self.forward_stops(g) if self.within(g, x, self.E, at, g.y)]
            return "forward %d inches to %r%s" % (abs(at - g.at), at, (
                ", at Engagement range (%d) of %s" % (self.E, ", ".join(
                    "%r at %r (%d inches along the axis%s)" % (
                        x.name, x.at, abs(at - x.at), ", %s\" across" % inches(self.gap(g, x)) if self.gap(g, x) else "")
                    for x in near)) if near else
                " (maneuver_inches %d; no enemy ahead or level within Engagement range %d on the way)"
                % (self.r["maneuver_inches"], self.E)))
        if m == "back":
            return "back %d inches to %r" % (self.r["maneuver_inches"], at)
        level = [x for x in self.level_in_the_way(g, m) if self.gap(g, x) - 1 < self.r["maneuver_inches"] * 10]
        return "to its %s, %s\" across%s" % (m, inches(y), "".join(
            ", a tenth short of %r (%s\" across, %s\" wide) level with it" % (x.name, inches(x.y), inches(x.w))
            for x in level))

    def maneuver_completed(self, g):
        """`g` completed a Maneuver order on this KARD (on_execute, not one out of an assault): it goes the way its
        player chose (a chosen regiment's pending `maneuver_to`, used up) or its scenario's `maneuver`, and has moved
        there before the next settling event (unless it has nowhere to go)."""
        if getattr(g, "chosen", False):
            way, g.maneuver_pick = getattr(g, "maneuver_pick", None), None
            if way is None:
                return  # its order told no maneuver_to (reported at once, piquet_chosen.check_aims)
        else:
            way = getattr(g, "maneuver", "forward")
        if not self.across and way in ("left", "right"):
            return  # a trace without places across: no move across told
        # where it goes is reckoned when it moves, or goes idle without moving: the regiments of one order maneuver
        # one after another, each on the field as the one before left it (the unrallied it came up to withdrawn)
        g.maneuver_due = (self.gk, way, getattr(g, "chosen", False))
        self.owe(g)

    def maneuver_stood(self, g):
        """`g`, its Maneuver order completed on this KARD, goes idle (or a settling event comes) without moving: it had
        nowhere to go its way."""
        due = getattr(g, "maneuver_due", None)
        if due is None:
            return
        g.maneuver_due = None
        want = self.maneuver_place(g, due[1])
        if g.status == "removed":
            return
        if want == (g.at, g.y):
            self.seen["maneuvers completed with nowhere to go"] += 1
            return
        chosen = " / " + T_MANEUVER_TO if due[2] else ""
        if due[1] in ("left", "right"):
            self.fail(T_FLANK_MANEUVER + chosen, "%r completed its Maneuver to its %s and stands at %s\" across; it "
                                                 "ends at %s\"" % (g.name, due[1], inches(g.y), inches(want[1])))
        self.fail(T_MANEUVER_WAY + chosen, "%r completed its Maneuver %s and stands at %r; it goes %s"
                  % (g.name, due[1], g.at, self.maneuver_said(g, due[1])))

    def check_flanked(self):
        """At a settling event: every Maneuver completed has moved its regiment where it goes."""
        for g in self.owing_regs():  # (piquet.py: the others owe nothing)
            self.maneuver_stood(g)

    def check_maneuver(self, g, frm, to, y_from, y_to):
        """A `moves` why maneuver: of a Maneuver order completed on this KARD (a chosen regiment's with a pending
        `maneuver_to`), the way it goes (a chosen regiment's `maneuver_to`, a planned one's scenario `maneuver`): to
        a flank across only, a tenth short of an enemy level with it; forward along the axis only, no closer than
        Engagement range to an enemy ahead or level; back maneuver_inches."""
        due = getattr(g, "maneuver_due", None)
        if due is None or due[0] != self.gk:
            if getattr(g, "chosen", False):
                self.fail(T_MANEUVER_TO, "chosen %r maneuvers (%r to %r) with no Maneuver order completed on this KARD "
                                         "with a pending `maneuver_to` (its player's choice of the way it goes)"
                          % (g.name, frm, to))
            self.fail(T_MANEUVER_WAY, "%r maneuvers (%r to %r) with no Maneuver order completed on this KARD"
                      % (g.name, frm, to))
        m = due[1]
        s = self.maneuver_way(g, m)
        want = self.maneuver_place(g, m)  # from the field as it stands now (maneuver_completed)
        g.maneuver_due = None
        chosen = " / " + T_MANEUVER_TO if due[2] else ""
        if s == 0:
            if y_to != y_from:
                self.fail(T_FLANK_MANEUVER + chosen, "%r, maneuvering %s, moves across from %s\" to %s\""
                          % (g.name, m, inches(y_from), inches(y_to)))
            if to != want[0]:
                self.fail(T_MANEUVER_WAY + chosen, "%r (side %s), maneuvering %s%s, goes from %r to %r; it goes %s"
                          % (g.name, g.side, m, " (its player's maneuver_to)" if due[2] else "", frm, to,
                             self.maneuver_said(g, m)))
            if m == "forward" and to - frm != (1 if g.side == "a" else -1) * self.r["maneuver_inches"]:
                self.seen["forward maneuvers stopped at Engagement range"] += 1
            self.seen[("chosen maneuvers " if due[2] else "planned maneuvers ") + m] += 1
            return
        if to != frm:
            self.fail(T_FLANK_MANEUVER + chosen, "%r, maneuvering to its %s flank, moves along the axis from %r to %r"
                      % (g.name, m, frm, to))
        if y_to != want[1]:
            level = self.level_in_the_way(g, m)
            self.fail(T_FLANK_MANEUVER + chosen, "%r (side %s), maneuvering to its %s, goes across from %s\" to %s\"; "
                                                 "%s\" %s the cross axis%s, it ends at %s\"" % (
                                                     g.name, g.side, m, inches(y_from), inches(y_to),
                                                     inches(self.r["maneuver_inches"] * 10), "up" if s > 0 else "down",
                                                     "".join(", a tenth short of %r (%s\" across, %s\" wide) level "
                                                             "with it" % (x.name, inches(x.y), inches(x.w))
                                                             for x in level
                                                             if self.gap(g, x) - 1 < self.r["maneuver_inches"] * 10),
                                                     inches(want[1])))
        if y_to != y_from + s * self.r["maneuver_inches"] * 10:
            self.seen["flank maneuvers stopped short of an enemy level"] += 1
            if due[2]:
                self.seen["chosen flank maneuvers stopped short of an enemy level"] += 1
                self.seen["chosen flank maneuvers %s stopped short side %s" % (m, g.side)] += 1
        self.seen["flank maneuvers " + m + " side " + g.side] += 1
        if due[2]:
            self.seen["chosen maneuvers " + m] += 1

    # --- assaults ------------------------------------------------------------------------------------------
    def urban_defender(self, de):
        o = self.objective_at(de.at)
        return de.urban or (o is not None and o["kind"] == "urban")

    def aspect(self, at, de):
        """The aspect `at` meets `de` at, from where it stands as it comes into contact."""
        if not self.across:
            return None
        if self.urban_defender(de):
            behind = (1 if de.side == "a" else -1) * (at.at - de.at) < 0
            ov2 = max(0, min(2 * at.y + at.w, 2 * de.y + de.w) - max(2 * at.y - at.w, 2 * de.y - de.w))
            if behind or ov2 < at.w:
                self.seen["urban defenders attacked from the flank or rear, no flanks exposed"] += 1
            return "front"
        if (1 if de.side == "a" else -1) * (at.at - de.at) < 0:
            return "rear"
        ov2 = max(0, min(2 * at.y + at.w, 2 * de.y + de.w) - max(2 * at.y - at.w, 2 * de.y - de.w))
        if ov2 >= at.w:
            return "front"
        if ov2 > 0 and self.r.get("short_overlap", "flank") == "front":
            self.seen["short overlaps counted front"] += 1
            return "front"
        self.seen["short overlaps on the flank" if ov2 > 0 else "flank attacks beside the defender"] += 1
        return "flank"

    def meets(self, at, de, a):
        """`at` comes into contact with `de` (assault record `a`): its aspect, decided now."""
        a.setdefault("aspects", {})[at.name] = self.aspect(at, de)

    def round_combined(self, e, de, a, ats, acasts):
        """The round's `aspects` and `combined`."""
        if not self.across:
            if "aspects" in e:
                self.fail(T_FORMAT, "a round tells aspects in a trace without places across")
            comb = combine(acasts)
            if self.f(e, "combined") != comb:
                self.fail(T_ASPECT, "the attackers' casts %r combine to %d, the event says %r"
                          % (acasts, comb, e["combined"]))
            return comb
        want = [a["aspects"].get(n) for n in ats]
        got = self.f(e, "aspects")
        if got != want:
            self.fail(T_ASPECT, "the round's aspects %r; met as they came into contact: %r (%s)" % (
                got, want, "; ".join("%r at %r, %s\" across, %s\" wide" % (n, self.reg(n).at, inches(self.reg(n).y),
                                                                         inches(self.reg(n).w)) for n in ats)
                + "; defender %r at %r, %s\" across, %s\" wide%s" % (
                    de.name, de.at, inches(de.y), inches(de.w), ", urban" if self.urban_defender(de) else "")))
        front = [v for v, s in zip(acasts, want) if s == "front"]
        apart = [v for v, s in zip(acasts, want) if s != "front"]
        comb = combine(front) + sum(apart)
        if self.f(e, "combined") != comb:
            self.fail(T_ASPECT, "the attackers' casts %r (%s) combine to %d (%r in front combined, %r in full), the "
                                "event says %r" % (acasts, ", ".join(want), comb, front, apart, e["combined"]))
        for s in want:
            self.seen["rounds with an attacker " + s] += 1
        if apart and len(ats) > 1:
            self.seen["multi-unit rounds with a flank or rear attacker"] += 1
        return comb
