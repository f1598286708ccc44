"""Bridges and gates in the Piquet model (`piquet.py`, note 21, rules obstacle_chips and obstacle_cover_step): a
scenario's `[[obstacles]]`, places on the field's one axis that stop nothing but hinder the Move and Assault orders
that must cross them and cover the defender an attacker crossed one to reach. `Obstacles` is a part of
`piquet._Game`: it reads the game's regiments (`self.regs`), KARD (`self.gk`), rules (`self.r`), scenario (`self.sc`,
its `[chips]` in `self.chips`), the horizons' Move stops (`piquet_terrain.move_places`), a chosen assault's aims
(`piquet_chosen.py`) and the assaults under way (`self.assaults`), and reports through its `fail`. Written, as the
rest of the checker, from the seed text (note 21), the rules' definitions (`fortunes rules piquet`: obstacle_chips,
obstacle_cover_step), docs/piquet.md (**Bridges and gates**) and docs/replay.md (events `obstacle`, `hindered`,
`covered`), never from the crate's source.

What it holds a trace to:

- the opening: the scenario's obstacles (at most 16, `at` a whole inch within -1000 to 1000, names unique, kind
  `bridge` or `gate`) are told, one `obstacle` event each (name, `at`, kind), after the objectives and before the
  regiments, in order up the axis (those at one place in the scenario's order); none later;
- crossing: a regiment going from `frm` to `to` crosses the obstacles from `frm` (one it stands on included) up to, but
  not at, `to` (an enemy standing on a bridge is moved up to, not over; a regiment a Move left on a bridge crosses it
  when it goes on), none when it stays where it is;
- hindering: each Move or Assault order given (on an Officer Check, a chosen regiment's free first order, a planned
  regiment's opening order issued free), and each assault halted at a terrain objective (`moves` why `halts`) or kept
  out of one by an enemy piquet (`moves` why `piquet`, or, staying where it stands, its `piquet_met`; rule
  piquets_hold) as it takes its chips again there, is followed, before the next settling event (the free and opening
  orders' before the first DECQ), by one `hindered` of each of its regiments that must cross obstacles to where it goes
  as the field stands when it is given (the regiments' places as they stood at its `order`, or at the `moves` or
  `piquet_met` that halted it, not at the settling event: an assault round's withdrawal may come between), and by none
  of the others: a Move's stop as the horizons reckon it from where the regiment stands (piquet_terrain.move_places:
  Engagement range of its target, else of the nearest enemy, a chosen regiment's fire's reach of the nearest enemy
  ahead, no farther than the next terrain objective or its `move_to` place; one of them when several enemies are as
  near), an Assault's next leg: to the near edge of the terrain objective on its way where it will halt first
  (piquet_terrain.assault_horizon: strictly nearer than its target, neither the target nor another enemy in it; kept
  short of it by piquets or not), else to its target's place (the scenario's `target`, at its last place when removed;
  a chosen assault's the enemy it aims at; with none named, one of the nearest enemies): each crossing is paid once,
  an obstacle beyond the objective on the leg after it; `order` the
  regiment's order, `obstacles` those crossed (in order up the axis), `chips` the order's chips (the scenario's
  `[chips]` for its kind, or those an immediate skirmishers' cast gave it) plus obstacle_chips for each; its next
  execution (`execute`) starts from those chips, the group's the most among its regiments' (group_casts =
  weakest_link); with obstacle_chips = 0 a `hindered` may be told or not (it changes nothing);
- cover: an attacker's `moves` into contact (why `assault`, `joins_assault`) whose way crossed obstacles is followed at
  once by one `covered` (`attacker`, the `defender` of the assault it went into, `obstacles` those crossed, in order up
  the axis), and one that crossed none by none; its way is judged from where its Assault order was given (its place at
  the `order`, or at the opening for a free or opening order) to where it goes in, over every leg (it may have halted
  at objectives on the way), and, when no order brought it into contact (cavalry going on after a breakthrough, a
  second line sent in), from where it went in (the `moves`' `from`); an attacker going in where it stands (no
  `moves`: the defender came to it) is followed by its `covered` right after its `assault_begins` or `joins_assault`; every cast of that attacker in that assault's later rounds
  (`assault_round`) takes obstacle_cover_step steps more, beside the steps the rest of the model gives it (tiers,
  Heroic Moment, note 18, Prepared to Receive Cavalry); with obstacle_cover_step = 0 a `covered` may be told or not.
"""

from piquet_text import T_FORMAT

KINDS = ("bridge", "gate")

NOTE21 = ('note 21: "Bridges and gates are generally not considered to be objectives for movement purposes rather they '
          'are viewed as obstacles hindering movement to an objective. Of course if the bridge happens to be occupied '
          'with enemy troops, then it may well become an objective, but it will not be classed as an obstacle for your '
          'movement up to the bridge to engage or assault the enemy.')
T_OBSTACLES = (NOTE21 + '" (docs/replay.md, `obstacle`: "a bridge or gate of the scenario (`[[obstacles]]`, note 21) as '
               'the game opens, after the objectives, in order up the axis: its place `at` (inches) and kind (`bridge`, '
               '`gate`)"; docs/piquet.md: "At most 16, `at` a whole inch within -1000 to 1000, names unique")')
T_HINDERED = (NOTE21 + '" (obstacle_chips; docs/piquet.md, Bridges and gates: "A regiment going from one place to '
              'another crosses an obstacle from where it starts (one it stands on included) up to, but not at, where it '
              'stops" / "A Move or Assault order that must cross obstacles to where it goes, as the field stands when '
              'it is given (a Move: its Engagement range, or its fire\'s reach, of the enemy it moves on, no farther '
              'than the next terrain objective or where its player stops it; an Assault: its target\'s place, or, short '
              'of it, the terrain objective on its way where it will halt), is given `obstacle_chips` (1) more chips '
              'for each (`hindered` event). So are the free first orders, and an assault that takes its chips again on '
              'its way (halted at a terrain objective, or kept short of one by piquets), for the obstacles on its next '
              'leg: each crossing is paid once.")')
T_HINDERED_CHIPS = (T_HINDERED[:-1] + '; docs/replay.md, `hindered`: "its movement chips are now `chips`, '
                    '`obstacle_chips` more for each")')
T_COVERED = ('note 21: "If you must cross the bridge to assault the enemy then the bridge should be considered as cover '
             'to the enemy; if you win, you will be assumed to have crossed the bridge." (obstacle_cover_step; '
             'docs/piquet.md: "An attacker that crossed an obstacle on its way into contact casts '
             '`obstacle_cover_step` (-1) steps against that defender while it fights that assault (`covered` event). '
             'Its way is judged from where its Assault order was given, over every leg (it may have halted at an '
             'objective beyond the bridge on the way), and from where it went in when no order brought it (a '
             'breakthrough going on, a second line sent in)"; docs/replay.md, `covered`: "told after its `moves` '
             '`assault` or `joins_assault`")')


class Obstacles:
    """The scenario's bridges and gates: the opening's `obstacle` events, the orders they hinder and the attackers
    they cover the defender from."""

    # --- the opening ------------------------------------------------------------------------------------------
    def read_obstacles(self):
        """The `obstacle` events after the objectives, before the regiments: the scenario's obstacles, up the axis."""
        self.hinder_due = {}  # regiment -> (global KARD, what gave it: order, free, opening, halts) of an order not told
        self.cover_due = None  # (attacker, defender, [obstacles crossed]) of a contact just told
        self.contact_pending = None  # (attacker, defender) of an `assault_begins` or `joins_assault` just told
        obs = self.sc.get("obstacles", []) or []
        names = set()
        if len(obs) > 16:
            self.fail(T_OBSTACLES, "the scenario has %d obstacles, at most 16" % len(obs), at_next=True)
        for o in obs:
            at = o.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or not -1000 <= at <= 1000 \
                    or o.get("kind") not in KINDS or not isinstance(o.get("name"), str) or o["name"] in names:
                self.fail(T_OBSTACLES, "the scenario's obstacle %r is no named place of the axis of a known kind" % o,
                          at_next=True)
            names.add(o["name"])
        self.obstacles = sorted(obs, key=lambda o: o["at"])  # (stable: those at one place in the scenario's order)
        told = []
        while self.c.peek_kind() == "obstacle":
            e = self.c.next()
            told.append(e)
            want = self.obstacles[len(told) - 1] if len(told) <= len(self.obstacles) else None
            got = {k: e.get(k) for k in ("obstacle", "at", "kind")}
            if want is None or got != {"obstacle": want["name"], "at": want["at"], "kind": want["kind"]}:
                self.fail(T_OBSTACLES, "obstacle %r told %d-th; the scenario's, up the axis: %r"
                          % (got, len(told), [(o["name"], o["at"], o["kind"]) for o in self.obstacles]))
        if len(told) != len(self.obstacles):
            self.fail(T_OBSTACLES, "%d obstacles told, the scenario has %d" % (len(told), len(self.obstacles)),
                      at_next=True)
        self.seen["obstacles"] += len(told)

    def on_obstacle(self, e):
        self.fail(T_OBSTACLES, "an obstacle %r told after the opening" % e.get("obstacle"))

    # --- crossing ---------------------------------------------------------------------------------------------
    def crossed(self, frm, to):
        """The obstacles (names, up the axis) a regiment going from `frm` to `to` crosses: from `frm` (one it stands on
        included) up to, but not at, `to`; none when it stays."""
        if frm == to:
            return []
        lo, hi = min(frm, to), max(frm, to)
        return [o["name"] for o in self.obstacles if lo <= o["at"] <= hi and o["at"] != to]

    # --- hindering --------------------------------------------------------------------------------------------
    def hinder_given(self, regs, order, what):
        """`regs` are given `order` (piquet_chosen.given; `what`: an order on an Officer Check or a free one): a Move's
        or an Assault's `hindered` is reckoned when told, or at the next settling event."""
        for n in regs:
            g = self.reg(n)
            g.hindered = None
            # its way into contact is judged from where its Assault order is given, over every leg (cover)
            g.assault_from = g.at if order == "assault" else None
        if order not in ("move", "assault"):
            return
        field = self.field_now()
        for n in regs:
            if self.reg(n).status == "fighting":
                continue  # (a Maneuver out of an assault only; no Move or Assault)
            self.hinder_due[n] = (self.gk, what, field)

    def hinder_opening(self):
        """The planned regiments' opening orders, issued free ("prime the pump"): their `hindered` comes before the
        first DECQ."""
        field = self.field_now()
        for side in "ab":
            for n in self.order[side]:
                g = self.reg(n)
                if g.status == "ordered" and g.order in ("move", "assault"):
                    self.hinder_due[n] = (self.gk, "opening", field)
                    g.assault_from = g.at if g.order == "assault" else None

    def hinder_halted(self, g, why="halts", to=None):
        """`g`'s assault halted at a terrain objective (`moves` why `halts`, to `to`), or kept out of one by an enemy
        piquet (`why` `piquet`: its `moves` why `piquet`, or its `piquet_met` when it stays, piquet_piquets.py): it
        takes its chips again there, for its next leg as the field stands then."""
        field = self.field_now()
        if to is not None:
            field[g.name] = (to,) + field[g.name][1:]
        self.hinder_due[g.name] = (self.gk, why, field)

    # The field an order's hindrance is reckoned on: "as the field stands when it is given" (docs/piquet.md), not at
    # the next settling event (an assault round's withdrawal may come between). `w` is the frontage every gap, range
    # and overlap is measured with (piquet_field.py): a Deploy between the order and that event changes it.
    FIELD = ("at", "y", "status", "w", "deployment", "loaded")

    def field_now(self):
        return {n: tuple([getattr(x, k, None) for k in self.FIELD]) for n, x in self.regs.items()}

    def on_field(self, field, fn):
        """`fn()` on the regiments as they stood in `field` (field_now), then as they stand."""
        if field is None:
            return fn()
        now = self.field_now()
        # Only the regiments that have changed since are set back, then restored (`fn` changes nothing; a regiment's
        # attributes are plain ones, which vars().update sets as setattr does; one a regiment lacks is None to
        # field_now whether set to None or not).
        then = {n: vals for n, vals in field.items() if now[n] != vals}
        try:
            for n, vals in then.items():
                vars(self.regs[n]).update(zip(self.FIELD, vals))
            return fn()
        finally:
            for n in then:
                vars(self.regs[n]).update(zip(self.FIELD, now[n]))
            self.field_v += 1  # (piquet.py: the field as it stands again, taken for a changed one)

    def hinder_goals(self, g):
        """[(place, said)] where `g`'s order goes as the field stands: a Move's stop (one for each of the nearest it
        may close on), an Assault's target's place (a chosen one not aimed yet: any it may aim at; with no target
        named, one of the nearest enemies)."""
        if g.order == "move":
            out = [(d[0], self.move_said(g, d)) for d in self.move_places(g)]
            if g.name in getattr(self, "move_to_due", {}):  # its stopping place not told yet: any offered
                far, places = g.move_offered
                out += [(p, "stops at %r (a place offered it)" % p) for p in places]
            return out
        if getattr(g, "chosen", False) and g.name in getattr(self, "aims_due", {}):
            ts = self.aim_choices(g)
        else:
            t = self.assault_target(g)
            ts = [t] if t is not None else self.nearest(g)[1]
        out = []
        for t in ts:  # its next leg: to the objective on its way where it will halt first, else to its target
            said = "goes in on its target %r at %r%s" % (t.name, t.at, ", removed" if t.status == "removed" else "")
            edge = self.assault_horizon(g, t)
            if edge is None:
                out.append((t.at, said))
            else:
                out.append((edge, "halts first at %r, the near edge of %r on its way (%s)" % (
                    edge, self.objective_at(edge)["name"], said.replace("goes in on", "before"))))
        return out

    def hinder_wants(self, g, due=None):
        """[(obstacles crossed, said)] for each place `g`'s order may go, on the field as it stood when `due` (its
        `hinder_due`) was given, else as it stands."""
        return self.on_field(due[2] if due else None,
                             lambda: [(self.crossed(g.at, p), said) for p, said in self.hinder_goals(g)])

    @staticmethod
    def hinder_said(g, wants):
        return " or ".join(dict.fromkeys("%s, crossing %s" % (said, obs if obs else "nothing")
                                         for obs, said in wants)) or "has nowhere to go"

    def on_hindered(self, e):
        g = self.reg(self.f(e, "regiment"))
        order, obs, chips = self.f(e, "order"), self.f(e, "obstacles"), self.f(e, "chips")
        if self.f(e, "side") != g.side:
            self.fail(T_FORMAT, "%r is hindered for side %r" % (g.name, e["side"]))
        due = self.hinder_due.pop(g.name, None)
        if due is None:
            self.fail(T_HINDERED, "%r is hindered (%s order), given no Move or Assault order just before, nor halted at "
                                  "an objective under one (%s, order %r)" % (g.name, order, g.status, g.order))
        if order != g.order or g.status != "ordered":
            self.fail(T_HINDERED, "%r is hindered under a %s order; it is %s under %r" % (g.name, order, g.status,
                                                                                       g.order))
        if due[1] == "order" and g.name in self.pq_due:
            self.fail(T_HINDERED + ' / docs/replay.md, `hindered`: "told after its `order` and `piquet`"',
                      "%r's Move order is hindered before its piquet in %r is told" % (g.name, self.pq_due[g.name][1]))
        wants = self.hinder_wants(g, due)
        frm = due[2][g.name][0] if due else g.at
        if not obs or obs not in [w for w, _ in wants]:
            self.fail(T_HINDERED, "%r's %s order from %r is hindered by %r; it %s" % (
                g.name, order, frm, obs, self.hinder_said(g, wants)))
        base = g.chips if g.chips is not None else self.chips.get(order)
        want = base + self.r["obstacle_chips"] * len(obs)
        if chips != want:
            self.fail(T_HINDERED_CHIPS, "%r's %s order, crossing %r, has %r chips; %d and obstacle_chips (%d) for each: "
                                        "%d" % (g.name, order, obs, chips, base, self.r["obstacle_chips"], want))
        g.chips = chips  # its next execution starts from them (the group's: the most among it)
        g.hindered = self.gk
        self.seen["hindered %s orders" % order] += 1
        self.seen["hindered %s" % {"order": "orders on an Officer Check", "free": "free first orders",
                                   "opening": "opening orders", "halts": "assaults halted at an objective",
                                   "piquet": "assaults kept out by a piquet"}[due[1]]] += 1
        self.seen["hindered by %d obstacles" % len(obs)] += 1
        if any(o["name"] in obs and o["at"] == g.at for o in self.obstacles):
            self.seen["hindered by an obstacle it stands on"] += 1
        if g.order == "move" and getattr(g, "move_place", None) is not None:
            self.seen["hindered chosen Moves stopped short"] += 1

    def check_hindered(self, at_next=False):
        """At a settling event (before the first DECQ for the free and opening orders): every Move or Assault order
        given since that must cross obstacles told its `hindered`."""
        if not self.hinder_due:
            return
        for n, due in list(self.hinder_due.items()):
            del self.hinder_due[n]
            g = self.reg(n)
            if g.status != "ordered" or g.order not in ("move", "assault"):
                continue
            wants = self.hinder_wants(g, due)
            frm = due[2][g.name][0]
            if wants and all(w for w, _ in wants) and self.r["obstacle_chips"] != 0:
                self.fail(T_HINDERED, "%r's %s order (%s), from %r, is told no `hindered`; it %s" % (
                    g.name, g.order, {"order": "given on an Officer Check", "free": "a free first order",
                                      "opening": "its opening order", "halts": "halted at an objective",
                                      "piquet": "kept out of an objective by a piquet"}[due[1]],
                    frm, self.hinder_said(g, wants)), at_next=at_next)
            if wants and not any(w for w, _ in wants):
                self.seen["orders crossing no obstacle"] += 1
                # (hinder_goals changes nothing, and hinder_wants reckoned them just now: only obstacles make it count)
                if self.obstacles:
                    goals = [p for p, _ in self.on_field(due[2], lambda: self.hinder_goals(g))]
                    if any(o["at"] in goals and o["at"] != frm for o in self.obstacles):
                        self.seen["orders going up to an obstacle, not over it"] += 1
                if g.order == "move" and getattr(g, "move_place", None) is not None:
                    keep, g.move_place = g.move_place, None
                    if any(w for w, _ in self.hinder_wants(g, due)):
                        self.seen["chosen Moves stopped short of an obstacle"] += 1
                    g.move_place = keep
            if sorted(w for w, _ in wants) != sorted(w for w, _ in self.hinder_wants(g)):
                self.seen["orders whose way changed before the next settling event"] += 1

    def hinder_group(self, group, chips):
        """A group's execution (on_execute) from the most chips among it (`chips`, each one's): one regiment that had to
        cross hinders the group's order (group_casts = weakest_link)."""
        if len(set(chips)) > 1 and any(getattr(m, "hindered", None) is not None for m in group):
            self.seen["group executions from a hindered regiment's chips"] += 1

    # --- cover ------------------------------------------------------------------------------------------------
    def contact_cover(self, g, frm, to, why):
        """`g`'s `moves` (on_moves): into contact, it covers its defender when it crossed an obstacle."""
        if why in ("assault", "joins_assault"):
            # judged from where its Assault order was given, over every leg; from where it went in when no order
            # brought it (cavalry going on after a breakthrough, a second line sent in)
            start = getattr(g, "assault_from", None)
            g.assault_from = None
            if start is None:
                start = frm
                self.seen["contacts judged from where they went in"] += 1
            elif start != frm:
                self.seen["contacts judged from where the order was given"] += 1
            self.cover_due = (g.name, self.assault_of(g), self.crossed(start, to))
            if any(o["at"] == to for o in self.obstacles):
                self.seen["contacts with a defender standing on an obstacle"] += 1
        elif why == "halts":
            self.hinder_halted(g, to=to)

    def cover_told(self, e):
        """Each event (on_event, before its own handler): a contact across obstacles is followed at once by its
        `covered`; one told with no `moves` (the attacker standing where it goes in already) by its `covered` right
        after its `assault_begins` or `joins_assault`, its way judged as any's."""
        k = e.get("event")
        pending, self.contact_pending = getattr(self, "contact_pending", None), None
        if pending is not None and not (k == "moves" and e.get("regiment") == pending[0]):
            g = self.reg(pending[0])  # into contact where it stands: no `moves`
            start = getattr(g, "assault_from", None)
            g.assault_from = None
            self.cover_due = (g.name, pending[1], self.crossed(start, g.at) if start is not None else [])
            self.seen["contacts with no move"] += 1
            if self.cover_due[2]:
                self.seen["contacts with no move across an obstacle"] += 1
        if k in ("assault_begins", "joins_assault"):
            self.contact_pending = (e.get("attacker"), e.get("defender"))
        due = self.cover_due
        if due is None or k == "covered":
            return
        self.cover_due = None
        if due[2] and self.r["obstacle_cover_step"] != 0:
            self.fail(T_COVERED, "%r went into contact with %r across %r and is told no `covered` (a %r event next)"
                      % (due[0], due[1], due[2], k))
        if not due[2]:
            self.seen["contacts across no obstacle"] += 1

    def on_covered(self, e):
        at, de, obs = self.f(e, "attacker"), self.f(e, "defender"), self.f(e, "obstacles")
        due, self.cover_due = self.cover_due, None
        if due is None or due[0] != at:
            self.fail(T_COVERED, "%r covers %r from %r, which has not just gone into contact (`moves` why `assault` or "
                                 "`joins_assault`)" % (de, at, at))
        g = self.reg(at)
        if self.f(e, "side") != g.side:
            self.fail(T_FORMAT, "%r is covered against for side %r" % (at, e["side"]))
        if de != due[1]:
            self.fail(T_COVERED, "%r covers %r; %r went into contact with %r" % (de, at, at, due[1]))
        if obs != due[2] or not obs:
            self.fail(T_COVERED, "%r covers %r across %r; %r's way into contact crossed %s" % (
                de, at, obs, at, due[2] if due[2] else "no obstacle"))
        a = self.assaults.get(de)
        if a is None or at not in a["attackers"]:
            self.fail(T_COVERED, "%r covers %r in an assault %r is not fighting" % (de, at, at))
        a.setdefault("cover", {})[at] = self.r["obstacle_cover_step"]
        self.seen["covered"] += 1
        if g.lead is not None and self.sent_now(g) is not None:
            self.seen["covered second lines"] += 1
        if getattr(g, "went_on_gk", None) == self.gk:
            self.seen["covered cavalry going on"] += 1

    def cover_step(self, a, n):
        """The steps attacker `n`'s casts take in assault `a` for the cover its defender has from it."""
        step = a.get("cover", {}).get(n, 0)
        if n in a.get("cover", {}):
            self.seen["covered assault casts"] += 1
        return step

    def cover_rule(self, a, n, rule):
        return rule + " / " + T_COVERED if n in a.get("cover", {}) else rule
