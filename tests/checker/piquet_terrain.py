"""Terrain objectives in the Piquet model (`piquet.py`, rule objective_horizons): a scenario's `[[objectives]]`,
stretches of the field's one axis, are the horizons movement stops at (note 19). `Terrain` is a part of
`piquet._Game`: it reads the game's regiments (`self.regs`), KARD (`self.gk`), rules (`self.r`) and Engagement
range (`self.E`), and reports through its `fail`. Written, as the rest of the checker, from the seed text, the rule's
definition (`fortunes rules piquet`) and the docs, never from the crate's source.

What it holds a trace to:

- the opening: one `objective` event a scenario objective (name, from, to, kind), in order up the axis, before the
  regiments, whatever the rule (with objective_horizons = false the objectives play no part);
- a regiment stands in an objective when from <= x <= to; the next objective ahead of x going way w is the near edge
  of the first one lying wholly beyond x (w = +1: the least `from` above x; w = -1: the greatest `to` below x), so
  the objective it stands in is not met again;
- a completed Move order: the place the text's Move gives without terrain (forward, to Engagement range of its
  target, else of the nearest enemy, stopping sooner at Engagement range of the first enemy on the way; no move with
  an enemy ahead or level already within Engagement range, or the regiment it closes on behind it; a chosen
  regiment's: toward the nearest enemy ahead or level, to its fire's reach of it, see piquet_chosen.py; one its player
  placed short, `move_to` a place, no farther than the place, `moves` why `move` there), reckoned
  when the regiment moves (a group's regiments one after the other), unless the next objective ahead is strictly nearer: it
  stops on that near edge, `moves` why `horizon` instead of `move`; the move is made, to that place, before the next
  card, order, fire, rally or execution (a settling event), and no `move` or `horizon` without such an order;
- an assault's move ("all movement"): when an Assault order's chips are gone and the next objective ahead of the
  regiment is strictly nearer than its target (the regiment event's `target`, at its last place when removed, as
  an objective taken unopposed goes there) and neither the target nor another enemy in the game stands in it,
  the regiment `moves` why `halts`
  to that near edge (when enemy piquets hold that objective, only once they withdrew before it; held, it stops
  instead at Engagement range short of that edge, `moves` why `piquet`, piquet_piquets.py) and goes into no contact: it stays `ordered` under its Assault order (its plan does not advance;
  no `closing`, `idle` or contact of its own until it executes again), and its next execution, on a later Melee
  Resolution card, starts from the scenario's full assault chips; otherwise it goes into contact as before
  (`closing` first), and does one or the other before the next settling event; a second line follows the stop, a
  move of its lead (piquet_carried.FOLLOWED);
- cavalry through with Elan left (breakthrough_onward) moves forward into the next objective ahead (`moves` why
  `onward`, to its near edge) when that is strictly nearer than the nearest enemy ahead of or level with it (those it
  broke through this KARD aside), or when no enemy is ahead, and no enemy regiment in the game (those it broke
  through included) stands in that objective; else it assaults that enemy or `stays` as before; an onward move is
  followed by an idle second line as the lead's other moves are (cavalry_waves: completed Move and Maneuver orders,
  horizon stops, contact, an objective taken unopposed, onward; piquet_carried.FOLLOWED);
- withdrawals: the next objective behind x is the near edge, seen going back, of the first objective lying wholly
  behind x (the one x stands in is skipped); the beaten of an assault (defeated attackers and defenders, attackers
  knocked out while others fight on) and a regiment fire takes to zero from Engagement range, standing at x,
  withdraw to the next objective behind x when that is at least as far back as out = the enemy's place less
  (Engagement range + 1)" its way, else to out, and to out with no objective behind (the enemy: where the assault
  was fought, the defender's place; the most advanced regiment that fired on it from Engagement range on the KARD,
  where it fired from); never forward (one already farther back stays); a lead relieved by its second line
  withdraws to the next objective behind its own place (the combat's, its target's), formed, with no least
  distance, else 1" outside Engagement range of its target (standing there already, across a gap, it stays: no
  `moves`); the target of an assault taking its objective
  unopposed withdraws to 1" outside Engagement range of the regiment taking it (which comes up to where it
  stands), and a defeated unrallied regiment a formed enemy comes up to (`withdraws_unrallied`) to 1" outside
  Engagement range of a formed enemy, as the Rally section says; a `withdraws` needs one of these on its KARD, and
  the beaten (or overrun) have withdrawn by the next settling event;
- a regiment standing in an objective of kind urban fires as in an urban block (urban_fire_step), as the scenario's
  `urban = true` does (once, not twice).
"""

from piquet_chosen import T_CHOSEN_MOVE, T_MOVE_TO_STOP
from piquet_text import DEFEATED

KINDS = ("hill", "woods", "crops", "works", "fortifications", "stream", "ford", "swamp", "urban", "special")
# Every `why` of a `moves` event docs/replay.md gives (the three the horizons add, the two of the Skirmish Engagement).
MOVE_WHYS = ("move", "maneuver", "assault", "joins_assault", "objective", "retires", "follows", "relieved", "attached",
             "withdraws", "withdraws_unrallied", "horizon", "onward", "halts", "engages", "skirmishers", "falls_back",
             "piquet")

T_OBJECTIVES = ('note 19: "With Objective Horizon Movement, the horizon becomes an area rather than a line. Thus, a '
                'woods is the objective, not the entrance into the edge of the woods" (objective_horizons: one '
                '`objective` event a scenario objective, in order up the axis, before the regiments, whatever '
                'the rule)')
T_HORIZON = ('note 19: "Essentially, you move from where you are to where you want to stop, or to the next objective '
             'you encounter, whichever comes first." / "Infantry Move in Open : Allows infantry regiments ... to move '
             'to the next objective or to move to within Engagement range of an enemy formation." '
             '(objective_horizons: a completed Move order stops on the near edge of the next objective ahead when it '
             'comes before Engagement range of the target, the nearest enemy or the first enemy on the way: why '
             '`horizon`)')
T_ASSAULT_HORIZON = ('note 19: "Essentially, you move from where you are to where you want to stop, or to the next '
                     'objective you encounter, whichever comes first." / "The player will place the regiment\'s '
                     'piquet at the objective of the Assault (Melee Resolution) or movement" (objective_horizons: '
                     '"all movement" stops at the horizons: an assault whose chips are gone stops at the near edge of '
                     'the next objective ahead when that is strictly nearer than its target and neither the target '
                     'nor another enemy stands in it (`moves` why `halts`), still `ordered` under its Assault order, and waits for the '
                     'next Melee Resolution card with the order\'s chips again; else it goes into contact)')
T_ONWARD_OBJ = ('"If the cavalry still has Elan, it will immediately move forward to the next objective or Assault the '
                'next enemy unit in its path, which ever is the closer." (objective_horizons: into the next objective '
                'ahead, its near edge, when it is strictly nearer than the nearest enemy ahead or level, those broken '
                'through aside, or no enemy is ahead, and no enemy in the game, those broken through included, stands '
                'in it: why `onward`)')
T_WITHDRAW_OBJ = ('Combat: "If either combatant losses all its Elan Chips, it must withdraw from the combat, anywhere '
                  'up to the next horizon" / "When one unit or the other losses all its Elan it is defeated and must '
                  'withdraw to the next objective." / Rally: "must immediately withdraw to 1\" outside of the '
                  'Engagement range of the enemy unit" (objective_horizons: to the near edge of the first objective '
                  'behind it, not the one it stands in, when that is at least 1" outside the enemy\'s Engagement '
                  'range, else 1" outside, and 1" outside when no objective lies behind; one already farther back '
                  'stays)')
T_RELIEVED_OBJ = ('Cavalry Wave Assaults: "the first line regiment is withdrawn to the first objective-horizon to the '
                  'rear of the combat and is considered to no longer be operating on an Assault order." '
                  '(objective_horizons: to the near edge of the first objective behind the combat, not the one it '
                  'is fought in, formed, with no least distance; with none behind, 1" outside Engagement range of its '
                  'target)')
T_WITHDRAW_OUT = ('"Defeated, unrallied units may not resist Assault or Engagement by an enemy unit, but must '
                  'immediately withdraw to 1" outside of the Engagement range of the enemy unit" (the target taken '
                  'unopposed, and a defeated regiment a formed enemy comes up to: 1" outside, objectives or not)')


def facing(g):
    return 1 if g.side == "a" else -1


class Terrain:
    """The field's terrain objectives: the horizons of moves, onward cavalry and withdrawals, and urban fire."""

    # --- the opening ----------------------------------------------------------------------------------
    def read_objectives(self):
        """The `objective` events before the regiments: the scenario's objectives, in order up the axis, under the
        rule only."""
        self.fired_from = {}  # firer -> (global KARD, target, where it fired from, kind) of its last volley
        objs = self.sc.get("objectives", []) or []
        for i, o in enumerate(objs):
            if not (isinstance(o.get("from"), int) and isinstance(o.get("to"), int) and o["from"] <= o["to"]) \
                    or o.get("kind") not in KINDS:
                self.fail(T_OBJECTIVES, "the scenario's objective %r is no stretch of the axis of a known kind" % o,
                          at_next=True)
            for p in objs[:i]:
                if p["from"] <= o["to"] and o["from"] <= p["to"]:
                    self.fail(T_OBJECTIVES, "the scenario's objectives %r and %r share a place"
                              % (p.get("name"), o.get("name")), at_next=True)
        up = sorted(objs, key=lambda o: o["from"])
        on = self.r.get("objective_horizons", True)
        self.objectives = up if on else []  # the horizons: none with the rule off
        tell = up  # told whatever the rule (docs/replay.md); with it off they play no part
        told = []
        while self.c.peek_kind() == "objective":
            e = self.c.next()
            if not tell:
                self.fail(T_OBJECTIVES, "an objective told with %s" % (
                    "objective_horizons = false" if objs else "no objective in the scenario"))
            told.append(e)
            want = tell[len(told) - 1] if len(told) <= len(tell) else None
            got = {k: e.get(k) for k in ("objective", "from", "to", "kind")}
            if want is None or got != {"objective": want.get("name"), "from": want["from"], "to": want["to"],
                                       "kind": want["kind"]}:
                self.fail(T_OBJECTIVES, "objective %r told %d-th; the scenario's, up the axis: %r"
                          % (got, len(told), [(o.get("name"), o["from"], o["to"]) for o in tell]))
        if len(told) != len(tell):
            self.fail(T_OBJECTIVES, "%d objectives told, the scenario has %d" % (len(told), len(tell)), at_next=True)
        self.seen["objectives"] += len(told)

    # --- the field ------------------------------------------------------------------------------------
    def objective_at(self, x):
        """The objective place `x` lies in, or None."""
        return next((o for o in self.objectives if o["from"] <= x <= o["to"]), None)

    def next_ahead(self, x, w):
        """The near edge of the next objective lying wholly beyond `x` going way `w` (+1 up the axis, -1 down), or
        None: the objective `x` stands in is not met again."""
        if w > 0:
            return min((o["from"] for o in self.objectives if o["from"] > x), default=None)
        return max((o["to"] for o in self.objectives if o["to"] < x), default=None)

    def next_behind(self, x, fwd):
        """The near edge, seen going back (against way `fwd`), of the first objective lying wholly behind `x`, or
        None: the objective `x` stands in is skipped."""
        return self.next_ahead(x, -fwd)

    def withdraw_place(self, g, enemy_at, x, out=None):
        """Where `g`, beaten at `x`, withdraws from an enemy at `enemy_at`: the next objective behind `x` when that
        is at least 1" outside Engagement range of the enemy, else 1" outside (and 1" outside with none behind);
        `out`: 1" outside, reckoned across the field (piquet_field.outside_place), else straight along the axis."""
        fwd = facing(g)
        if out is None:
            out = enemy_at - fwd * (self.E + 1)
        edge = self.next_behind(x, fwd)
        if edge is not None and fwd * (edge - out) <= 0:
            return edge
        return out

    def relieved_place(self, lead, target):
        """Where a lead its second line relieved withdraws: the next objective behind its own place (the combat's),
        formed, with no least distance; with none behind, 1" outside Engagement range of its target."""
        fwd = facing(lead)
        edge = self.next_behind(lead.at, fwd)
        return self.outside_place(lead, [self.foe(target.at, target)]) if edge is None else edge

    def enemies(self, g):
        return [x for x in self.regs.values() if x.side != g.side and x.status != "removed"]

    # --- moves ------------------------------------------------------------------------------------------
    def close_in(self, g):
        """Where a completed Move order may take `g` without terrain: [(place, place across, way, the regiment it
        inclines toward)], one for each of the nearest enemies when it closes on the nearest (ties). Forward, to
        Engagement range of its target, else of the nearest enemy, stopping sooner at the first place where any enemy
        ahead of it (or level) at the start is within Engagement range, level with the one it closes on at the latest,
        inclining toward it (piquet_field.advance); (g.at, g.y, 0) when an enemy ahead of it (or level) is within
        Engagement range already, or the regiment it closes on is behind it (a Move goes forward). A chosen
        regiment's: toward the nearest enemy ahead or level, to its fire's reach of it (piquet_chosen.chosen_move)."""
        if getattr(g, "chosen", False):
            return self.chosen_move(g)
        x, w = g.at, facing(g)
        foes = self.enemies(g)
        t = self.regs.get(g.target) if g.target else None
        targets = [t] if t is not None and t.status != "removed" else self.nearest_of(g, foes)[1]
        ahead = [y for y in foes if w * (y.at - x) >= 0]
        out = []
        for t in targets or [None]:
            if t is None or t not in ahead or any(self.within(g, y, self.E) for y in ahead):
                out.append((x, g.y, 0, t))
            else:
                out.append(self.advance(g, t, ahead, self.E, t) + (w, t))
        return out

    def move_completed(self, g):
        """`g` completed a Move order on this KARD (on_execute); its place is reckoned when it moves, or goes idle
        without moving: the regiments of a group move one after the other, each from the field as the last left it."""
        g.move_due = self.gk
        self.owe(g)

    def move_places(self, g):
        """[(place, why, the place without terrain, place across)] `g`'s completed Move order may go to, from where it
        stands: the text's Move without terrain, or the near edge of the next objective ahead when that is strictly
        nearer (its place across as far as it inclined by then)."""
        outs = []
        place = getattr(g, "move_place", None)  # a chosen Move's stopping place (`move_to`; piquet_chosen.py)
        for old, old_y, w, t in self.close_in(g):
            edge = self.next_ahead(g.at, w) if w else None
            if edge is not None and w * (edge - g.at) < w * (old - g.at):
                out = (edge, "horizon", old, self.incline_y(g, t, abs(edge - g.at)))
            else:
                out = (old, "move", old, old_y)
            if place is not None and facing(g) * (out[0] - place) > 0:
                # "to where you want to stop": no farther than its place (never back: one not ahead of it stays)
                a = max(0, facing(g) * (place - g.at))
                out = (g.at + facing(g) * a, "move", old, self.incline_y(g, t, a) if w else g.y, out)
            outs.append(out)
        return outs

    def terrain_moves(self, g, frm, to, why, y_to):
        """The places the horizons give (on_moves, before its own checks): completed Move orders, cavalry going on
        into an objective, and withdrawals."""
        if why not in MOVE_WHYS:
            self.fail('docs/replay.md: `moves` ... `why` one of %s' % ", ".join(MOVE_WHYS), "a move why %r" % why)
        if why == "halts":
            if getattr(g, "assault_due", None) != self.gk or g.order != "assault":
                self.fail(T_ASSAULT_HORIZON, "%r halts (%r to %r) with no Assault order's chips gone on this KARD"
                          % (g.name, frm, to))
            self.assault_horizon_move(g, frm, to)
        elif why in ("move", "horizon"):
            if getattr(g, "move_due", None) != self.gk:
                self.fail(T_HORIZON, "%r moves (%s) with no Move order completed on this KARD" % (g.name, why))
            g.move_due = None
            dues = self.move_places(g)
            if not any((to, why, y_to) == (d[0], d[1], d[3]) for d in dues):
                self.fail(self.move_rule(g),
                          "%r's completed Move order goes from %r to %r, %.1f\" across (%s); from %r, %.1f\" across, "
                          "it %s" % (g.name, frm, to, y_to / 10.0, why, frm, g.y / 10.0,
                                     " or ".join(dict.fromkeys(self.move_said(g, d) for d in dues))))
            if why == "move" and any(x.at == to and self.gap_of(y_to, g.w, x.y, x.w) > 10 * self.E
                                     for x in self.enemies(g)):
                self.seen["moves level with the enemy, beyond range across"] += 1
            if why == "horizon":
                self.seen["Move order horizons"] += 1
            self.move_to_stop(g, to)
            self.piquet_entry(g, frm, to, why)  # never into an objective an enemy piquet holds (piquet_piquets.py)
        elif why == "piquet":
            self.kept_out(g, frm, to, y_to)  # kept out by an enemy piquet (piquet_piquets.py)
        elif why == "onward":
            self.onward_move(g, frm, to)
        elif why == "withdraws":
            wd = getattr(g, "wd", None)
            if wd is None or wd[0] != self.gk:
                self.fail(T_WITHDRAW_OBJ, "%r withdraws, beaten by no assault or fire and taken by no enemy on this "
                                          "KARD" % g.name)
            place = self.withdraw_to(g, wd)
            # Broken by fire in an Engagement, it "must withdraw from the combat, anywhere up to the next horizon":
            # its player's choice, from 1" outside back to the horizon; the heuristic's is the horizon.
            out, fwd = self.withdraw_p(g, wd), facing(g)
            if wd[1] == "horizon" and wd[3].startswith("fire") and to != place \
                    and fwd * (to - place) >= 0 and fwd * (out - to) >= 0:
                if self.strategy(g.side)[0] == "heuristic":
                    self.fail("the heuristic withdraws a regiment broken by fire to the horizon",
                              "%r withdraws to %r, short of %r" % (g.name, to, place))
                self.seen["fire withdrawals short of the horizon"] += 1
                place = to
            if to != place:
                self.fail(T_WITHDRAW_OBJ if wd[1] == "horizon" else T_WITHDRAW_OUT,
                          "%r, beaten (%s), withdraws from %r to %r; %s" % (g.name, wd[3], frm, to,
                                                                            self.withdraw_said(g, wd, place)))
            if wd[1] == "horizon":
                inside = self.objective_at(place) is not None
                self.seen["withdrawals into an objective" if inside else "withdrawals 1\" outside"] += 1
                if not inside and any(self.gap_of(g.y, g.w, y, w) for _, y, w in wd[5]):
                    self.seen["withdrawals 1\" outside across a gap (%s)" % (
                        "fire" if wd[3].startswith("fire") else "an assault")] += 1
                if inside and wd[3].startswith("fire"):
                    self.seen["fire withdrawals into an objective"] += 1
                if place == self.next_behind(wd[4], facing(g)):
                    self.seen["withdrawals to an objective behind"] += 1
                    if place != self.withdraw_p(g, wd):
                        self.seen["withdrawals to an objective beyond 1\" outside"] += 1
                    if self.objective_at(wd[4]) is not None:
                        self.seen["withdrawals out of an objective to the next behind"] += 1
        elif why == "withdraws_unrallied":
            formed = [x for x in self.enemies(g) if x.status not in DEFEATED and x.status != "shaken"]
            outs = [(x, self.outside_place(g, [self.foe(x.at, x)])) for x in formed]  # across the field
            if not any(to == p for _, p in outs):
                self.fail(T_WITHDRAW_OUT, "unrallied %r withdraws to %r, 1\" outside Engagement range (%d) of no "
                                          "formed enemy (%s)" % (g.name, to, self.E, ", ".join(
                                              "%r at %r, %.1f\" across: %r" % (x.name, x.at, self.gap(g, x) / 10.0, p)
                                              for x, p in outs)))
            if any(self.gap(g, x) for x, p in outs if to == p):
                self.seen["withdrawals 1\" outside across a gap"] += 1

    def move_rule(self, g):
        if getattr(g, "chosen", False) and getattr(g, "move_place", None) is not None:
            return T_MOVE_TO_STOP + " / " + T_CHOSEN_MOVE
        return T_CHOSEN_MOVE if getattr(g, "chosen", False) else T_HORIZON

    def move_said(self, g, due):
        if len(due) > 4:  # stopped at its place (`move_to`), short of where it would go
            return "stops (why `move`) at %r, its place (`move_to` %r), short of where it would go: it %s" % (
                due[0], getattr(g, "move_place", None), self.move_said(g, due[4]))
        across = ", %.1f\" across" % (due[3] / 10.0) if self.across else ""
        if due[1] == "horizon":
            return "stops on the near edge %r%s of the next objective ahead (%r) before Engagement range at %r" % (
                due[0], across, self.objective_at(due[0])["name"], due[2])
        edge = self.next_ahead(g.at, 1 if due[0] > g.at else -1)
        if getattr(g, "chosen", False):
            ahead = self.ahead_of(g)
            d = min((abs(x.at - g.at) for x in ahead), default=None)
            if due[0] == g.at:
                return "stays (chosen: %s)" % ("no enemy ahead or level" if d is None else
                                               "the nearest enemy ahead, %s inches away, within its fire's reach (%d)"
                                               % (d, self.reach(g)))
            return ("closes to its fire's reach (%d) of the nearest enemy ahead (%r, %s inches away) at %r (the next "
                    "objective ahead: %s)" % (self.reach(g), [x.name for x in ahead if abs(x.at - g.at) == d], d,
                                              due[0], "none" if edge is None else "%r, no nearer" % edge))
        return "closes to Engagement range at %r%s (the next objective ahead: %s)" % (
            due[0], across, "none" if edge is None else "%r, no nearer" % edge)

    def move_to_stop(self, g, to):
        """A chosen Move with a stopping place (`move_to`) completed at `to`: there, or nearer (move_places)."""
        place = getattr(g, "move_place", None)
        if place is None or not getattr(g, "chosen", False):
            return
        self.seen["chosen Moves stopped at their place" if to == place else
                  "chosen Moves stopped short of their place"] += 1

    def move_stood(self, g):
        """`g`, its Move order completed on this KARD, goes idle (or a settling event comes) without moving: it was
        where the order takes it."""
        if getattr(g, "move_due", None) is None:
            return
        g.move_due = None
        if self.kept_out_stays(g):  # kept out by a piquet, already within Engagement range of it (piquet_piquets.py)
            return
        dues = self.move_places(g)
        if g.status != "removed" and not any((g.at, g.y) == (d[0], d[3]) for d in dues):
            self.fail(self.move_rule(g), "%r completed its Move order and stands at %r; it %s"
                      % (g.name, g.at, " or ".join(dict.fromkeys(self.move_said(g, d) for d in dues))))
        if g.status != "removed":
            self.move_to_stop(g, g.at)

    def check_moved(self):
        """Every Move order completed has taken its regiment where it goes, every beaten regiment has withdrawn (at a
        settling event)."""
        for g in self.owing_regs():  # (piquet.py: the others owe nothing)
            self.move_stood(g)
            self.assault_done(g)
            wd = getattr(g, "wd_due", None)
            if wd is not None:
                g.wd_due = None
                place = self.withdraw_to(g, wd)
                # Broken by fire in an Engagement: anywhere from 1" outside back (its player's choice).
                least = self.withdraw_p(g, wd) if wd[1] == "horizon" and wd[3].startswith("fire") else place
                if g.status != "removed" and facing(g) * (g.at - least) > 0:
                    self.fail(T_WITHDRAW_OBJ if wd[1] == "horizon" else T_WITHDRAW_OUT,
                              "%r, beaten (%s), still stands at %r; %s" % (g.name, wd[3], g.at,
                                                                           self.withdraw_said(g, wd, place)))

    # --- assaults ----------------------------------------------------------------------------------------
    def assault_completed(self, g):
        """`g`'s Assault order's chips are gone on this KARD (on_execute): before the next settling event it goes
        into contact (`closing` first) or stops at a horizon."""
        g.assault_due = self.gk
        self.owe(g)

    def assault_horizon(self, g, t=None):
        """The near edge of the objective `g`'s assault, its chips gone, stops at, or None: the next objective ahead
        of it, when strictly nearer than its target (the regiment's `target`, at its last place when removed; `t`, one
        it may aim at, piquet_obstacles.hinder_goals) and neither the target nor another enemy in the game stands in
        it."""
        if t is None:
            t = self.assault_target(g)  # a chosen assault's: the regiment it aimed at
        if t is None:
            return None
        fwd = facing(g)
        edge = self.next_ahead(g.at, fwd)
        if edge is None or fwd * (edge - g.at) >= fwd * (t.at - g.at):
            return None
        o = self.objective_at(edge)
        if o["from"] <= t.at <= o["to"] or self.held_by_enemy(g, edge):
            return None
        return edge

    def assault_said(self, g, edge):
        t = self.assault_target(g)
        if edge is not None:
            return "it stops on the near edge %r of the next objective ahead (%r), its target %r at %r beyond it" % (
                edge, self.objective_at(edge)["name"], t.name, t.at)
        ahead = self.next_ahead(g.at, facing(g))
        if t is None:
            return "it has no target"
        if ahead is None:
            return "no objective lies ahead of it; it goes in on its target %r at %r" % (t.name, t.at)
        o = self.objective_at(ahead)
        held = self.held_by_enemy(g, ahead)
        fwd = facing(g)
        if o["from"] <= t.at <= o["to"]:
            why = "one its target stands in"
        elif fwd * (ahead - g.at) < fwd * (t.at - g.at) and held:
            why = "one an enemy stands in (%s), nearer than its target" % ", ".join(repr(n) for n in held)
        else:
            why = "no nearer than its target"
        return "the next objective ahead, %r at %r, is %s (%r at %r): it goes in" % (o["name"], ahead, why, t.name,
                                                                                  t.at)

    def assault_horizon_move(self, g, frm, to):
        """`g`'s assault, its chips gone, stops at a horizon: still under its Assault order, its plan not advanced,
        its next execution from the full chips."""
        g.assault_due = None
        edge = self.assault_horizon(g)
        if edge is None or to != edge:
            self.fail(T_ASSAULT_HORIZON, "%r's Assault order, its chips gone, stops from %r at %r (halts); %s"
                      % (g.name, frm, to, self.assault_said(g, edge)))
        self.piquet_halts(g, frm, to)  # never into an objective an enemy piquet holds, unmet (piquet_piquets.py)
        g.done_n -= 1  # not completed: the plan's next order is still this Assault
        g.chips = None  # the next leg: the scenario's chips again
        g.horizon_wait = True
        self.seen["assault horizons"] += 1
        if any(x.lead == g.name and self.in_line(x) and x.status == "idle" for x in self.regs.values()):
            self.seen["assault horizons followed"] += 1  # its second line follows (piquet_carried.FOLLOWED)

    def assault_status(self, g, frm, to):
        """`g` goes from `frm` to `to` (on_status): into contact (`closing`) only with no horizon on the way, and
        not while it waits at one under its Assault order."""
        if frm == "ordered" and getattr(g, "horizon_wait", False) and to in ("idle", "closing"):
            self.fail(T_ASSAULT_HORIZON, "%r, stopped at a horizon at %r under its Assault order, goes %s without "
                                         "executing the order again" % (g.name, g.at, to))
        if frm == "ordered" and to == "closing" and getattr(g, "assault_due", None) == self.gk:
            g.assault_due = None
            edge = self.assault_horizon(g)
            if edge is not None:
                self.fail(T_ASSAULT_HORIZON, "%r's Assault order, its chips gone, goes into contact from %r; %s"
                          % (g.name, g.at, self.assault_said(g, edge)))
        if to != "ordered":
            g.horizon_wait = False

    def assault_done(self, g):
        """At a settling event: an Assault order whose chips went went into contact or stopped at a horizon."""
        if getattr(g, "assault_due", None) is None:
            return
        g.assault_due = None
        if g.status == "ordered" and g.order == "assault":
            self.piquet_assault_unmoved(g)  # met by a piquet, it made no move after it (piquet_piquets.py)
            edge = self.assault_horizon(g)
            self.fail(T_ASSAULT_HORIZON, "%r's Assault order's chips are gone and it stands at %r, %s" % (
                g.name, g.at, "neither in contact nor at a horizon" if edge is None else
                "short of the horizon: " + self.assault_said(g, edge)))

    # --- cavalry going on ------------------------------------------------------------------------------
    def onward_objective(self, g, targets):
        """The near edge of the objective cavalry through with Elan goes on into, or None: the next objective ahead,
        when strictly nearer than the nearest enemy ahead or level (`targets`), or with none ahead."""
        fwd = facing(g)
        edge = self.next_ahead(g.at, fwd)
        if edge is None:
            return None
        if targets and fwd * (targets[0].at - g.at) <= fwd * (edge - g.at):
            return None
        if self.held_by_enemy(g, edge):
            return None
        return edge

    def held_by_enemy(self, g, edge):
        """The enemy regiments in the game (any, those `g` broke through included) standing in the objective whose
        near edge is `edge`."""
        o = self.objective_at(edge)
        return [x.name for x in self.enemies(g) if o["from"] <= x.at <= o["to"]]

    def onward_move(self, g, frm, to):
        onward = getattr(g, "onward", None)
        if onward is None or onward[0] != self.gk:
            self.fail(T_ONWARD_OBJ, "%r moves onward, not through with Elan left on this KARD" % g.name)
        targets = self.onward_targets(g, onward[1])
        edge = self.onward_objective(g, targets)
        if edge is None or to != edge:
            ahead = self.next_ahead(frm, facing(g))
            self.fail(T_ONWARD_OBJ, "%r, through %r, moves onward from %r to %r; the next objective ahead: %r%s, the "
                                    "nearest enemy ahead: %r" % (
                                        g.name, sorted(onward[1]), frm, to, ahead,
                                        " (%s), where enemy %r stands" % (self.objective_at(ahead)["name"],
                                                                          self.held_by_enemy(g, ahead))
                                        if ahead is not None and self.held_by_enemy(g, ahead) else "",
                                        [(x.name, x.at) for x in targets]))
        g.onward = None
        self.seen["onward into an objective"] += 1

    def onward_not_objective(self, g, broken, what):
        """Cavalry through with Elan goes against an enemy (`what`) or stays: no objective ahead is the closer."""
        targets = self.onward_targets(g, broken)
        edge = self.onward_objective(g, targets)
        if edge is not None:
            self.fail(T_ONWARD_OBJ, "%r, through %r at %r, %s; the next objective ahead, at %r (%s), is the closer"
                      % (g.name, sorted(broken), g.at, what, edge, self.objective_at(edge)["name"]))
        fwd, ahead = facing(g), self.next_ahead(g.at, facing(g))
        if ahead is not None and self.held_by_enemy(g, ahead) \
                and not (targets and fwd * (targets[0].at - g.at) <= fwd * (ahead - g.at)):
            self.seen["onward past a closer objective an enemy holds"] += 1

    # --- withdrawals -----------------------------------------------------------------------------------
    def fought_at(self, de, attackers):
        """An assault round on `de`: its beaten withdraw from where it was fought (the defender's place), 1" outside
        Engagement range of the enemy: the attackers there for the defender, the defender for an attacker, each at its
        place across (piquet_field.outside_place)."""
        for n in [de.name] + list(attackers):
            g = self.reg(n)
            foes = [self.foe(de.at, self.reg(m)) for m in attackers] if g is de else [self.foe(de.at, de)]
            g.wd = (self.gk, "horizon", de.at, "an assault on %r at %r" % (de.name, de.at), g.at, foes)

    def hit_terrain(self, t):
        """A hit took `t` to zero: it withdraws from the most advanced regiment that fired on it from Engagement
        range this KARD, where that fired from (bombarded only, it stays)."""
        if t.elan != 0:
            return
        fwd = facing(t)
        froms = [v for v in self.fired_from.values() if v[0] == self.gk and v[1] == t.name and v[3] != "bombardment"]
        if froms:
            foes = [v[4] for v in froms]
            at = min((v[2] for v in froms), key=lambda x: fwd * x)
            t.wd = (self.gk, "horizon", at, "fire from %r" % at, t.at, foes)

    def taken_at(self, t, g):
        """`g` takes the objective `t` may not defend: `t` withdraws 1" outside Engagement range of `g`, which comes up
        to where `t` stands."""
        t.wd = (self.gk, "outside", t.at, "taken unopposed by %r at %r" % (g.name, t.at), t.at, [self.foe(t.at, g)])
        if t.status != "removed":
            t.wd_due = t.wd
            self.owe(t)

    def status_terrain(self, g, frm, to):
        """`g` goes from `frm` to `to`: a completed Move order done, or defeated by an assault or fire this KARD, so
        due to withdraw."""
        if frm == "ordered" and to == "idle":
            self.move_stood(g)
        self.assault_status(g, frm, to)
        wd = getattr(g, "wd", None)
        if to in DEFEATED and wd is not None and wd[0] == self.gk:
            g.wd_due = wd
            self.owe(g)

    def withdraw_p(self, g, wd):
        """1" outside Engagement range of the enemy it withdraws from (every one of them), along the axis, at its place
        across (piquet_field.outside_place)."""
        return self.outside_place(g, wd[5])

    def withdraw_to(self, g, wd):
        return self.withdraw_place(g, wd[2], wd[4], self.withdraw_p(g, wd)) if wd[1] == "horizon" \
            else self.withdraw_p(g, wd)

    def withdraw_said(self, g, wd, place):
        p = self.withdraw_p(g, wd)
        gaps = sorted(set(self.gap_of(g.y, g.w, y, w) for _, y, w in wd[5]))
        out = "1\" outside Engagement range (%d)%s is %r" % (
            self.E, " of the enemy %s\" across (100 dx^2 + gap^2 >= 100 x %d^2)" % (
                " / ".join("%.1f" % (x / 10.0) for x in gaps), self.E + 1) if any(gaps) else "", p)
        if wd[1] != "horizon":
            return out
        edge = self.next_behind(wd[4], facing(g))
        behind = "no objective behind %r" % wd[4] if edge is None else \
            "the next objective behind %r, %r, begins at %r" % (wd[4], self.objective_at(edge)["name"], edge)
        return "%s, %s, so it goes to %r" % (out, behind, place)

    # --- fire ----------------------------------------------------------------------------------------------
    def fire_terrain(self, g, t, kind):
        """A volley of `g` at `t`: where it fired from, and its urban step (the scenario's urban block, or an urban
        objective it stands in)."""
        self.fired_from[g.name] = (self.gk, t.name, g.at, kind, self.foe(g.at, g))
        o = self.objective_at(g.at)
        in_urban = o is not None and o["kind"] == "urban"
        if in_urban:
            self.seen["urban fire from an objective"] += 1
        return self.r["urban_fire_step"] if g.urban or in_urban else 0
