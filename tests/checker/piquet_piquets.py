"""Piquets holding terrain objectives in the Piquet model (`piquet.py`, rule piquets_hold, with objective_horizons):
The Order Cycle's step 3 ("the placing of the piquet in a terrain objective holds that objective for the unit. Enemy
units can not simply move in against the piquet - they must drive the piquet out of the objective in order to occupy
the objective") and Piquet Combat. `Piquets` is a part of `piquet._Game`: it reads the game's regiments
(`self.regs`), KARD (`self.gk`), rules (`self.r`), Engagement range (`self.E`) and the horizons of
`piquet_terrain.Terrain` (`self.objectives`, `next_ahead`, `objective_at`, `move_places`), and reports through its
`fail`. Written, as the rest of the checker, from the seed text, the rules' definitions (`fortunes rules piquet`:
piquets_hold, piquet_hold_elan) and docs/replay.md (events `piquet`, `piquet_met`, `moves` why `piquet`), never from
the crate's source.

What it holds a trace to:

- a regiment's next objective ahead is the first objective lying wholly beyond its place its way (side a up the axis,
  its near edge `from`; side b down it, `to`), the horizons' (piquet_terrain.next_ahead): the objective it stands in
  is not its piquet's;
- the opening: after the free first orders (piquet_chosen.py), before the first DECQ, one `piquet` event (decq 0) for
  each regiment whose opening order (its plan's first, issued free, or a chosen regiment's free first order) is a Move
  and which has a next objective ahead, none for any other: `objective` that one, `blocked` `enemy` when an enemy
  regiment in the game stands in it, else `contested` when both sides' opening Moves make for it (neither side's
  piquet is placed), else null: placed;
- a chosen Move its player stopped short (`move_to` a place, piquet_chosen.py) places no piquet: no `piquet` event for
  it, in the opening or the game, and it is no opening Move making for an objective (none `contested` by it);
- a Move order issued in the game (`order` with order `move`): one `piquet` event for each of its regiments that has a
  next objective ahead (but a chosen one stopped short), told before the next settling event (none for the others): `objective` that one, `blocked`
  `enemy` when an enemy regiment still in the game stands in it, else `held` when an enemy piquet holds it, else null,
  never `contested` (an opening's only);
- a placed piquet holds its objective while the Move order stands: until its regiment's status leaves `ordered` (its
  Move completed, cut off by an assault, unrallied, removed) or it is given another order, or until it withdraws
  before an enemy Move (`piquet_met` `withdraw`);
- `piquet_met`: the side's piquets holding `objective` answer as one: `regiment` (of `side`) holds it at that moment
  with its piquet and has the most Elan among them (ties: any of those), `with` the others of the side holding it, in
  the scenario's order; `by` is an enemy whose Move order completed on this KARD and has not moved yet, or whose
  Assault order's chips went on this KARD and which would halt at that objective on the way to its target
  (piquet_terrain.assault_horizon: the next objective ahead, strictly nearer than its target, neither the target nor
  another enemy standing in it; "If a formed enemy unit decides to Engage or Assault the objective the piquet is
  occupying"), and `objective` is `by`'s next objective ahead; `choice` `stands` exactly when `by` is in skirmish order
  (nothing lost), else `hold` or `withdraw`; `hold` costs `regiment` `piquet_hold_elan` Elan (`elan_lost`, `elan` what
  it has left), and only a regiment with more Elan than that holds; `withdraw` lifts every one of the side's piquets
  there, nothing lost; the heuristic (the holder's side's `--strategy`) holds exactly when holding costs nothing or
  (Elan - cost) x 100 > full Elan x rally_worn_at (50 unless its tuning says: "leaves more than half its Elan",
  docs/agents.md);
- the mover's Move after it: kept out (`hold`, `stands`): `moves` why `piquet` to Engagement range short of the
  objective's near edge (edge - its facing x Engagement range), or no `moves` when it stands that near already, its
  Move having reached that edge without the piquet (piquet_terrain.move_places: it would have entered); `withdraw`: it
  goes on as any completed Move (`move` / `horizon`, into the objective); a `piquet_met` is followed by its mover's
  Move (or staying) before the next settling event, and a `moves` why `piquet` only after a `piquet_met` that kept it
  out;
- the assault after it: kept out (`hold`, `stands`): `moves` why `piquet` to the same place (no `moves` when it stands
  that near already), straight (no move across), and then as after a `halts` (piquet_terrain.assault_horizon_move):
  still `ordered` under its Assault order, its plan not advanced, going into no contact until it executes again, its
  next execution from the scenario's assault chips, or those its `hindered` gives it, due (piquet_obstacles.py) right
  after its `moves` `piquet`, or after the `piquet_met` when it stays; `withdraw`: it halts at the near edge
  (`moves` `halts`) as before; an assault whose chips are gone never halts (`halts`) in an objective an enemy piquet
  holds at that moment, nor after a hold;
- no Move order (`moves` why `move` or `horizon`) ends inside an objective an enemy piquet holds at that moment, but
  one that began inside it (the objective a regiment stands in is not met again);
- only Move orders and assaults whose chips are gone, halting on their way, meet piquets: no `piquet_met` for an
  assault on a target standing in the objective (nor one going into contact short of it), a Maneuver, cavalry going
  on or a withdrawal (their places are the horizons', piquet_terrain.py);
- with piquets_hold = false, or objective_horizons = false, no `piquet` nor `piquet_met` event at all.
"""

from piquet_chosen import T_MOVE_TO_PIQUET
from piquet_text import T_FORMAT

T_PIQUET = ('The Order Cycle, 3: "The player will place the regiment\'s piquet at the objective of the Assault (Melee '
            'Resolution) or movement ... Note that the placing of the piquet in a terrain objective holds that '
            'objective for the unit." / Piquet Combat: "Piquets can only be used to occupy an objective at the '
            'initiation of a movement order As previously mentioned, this will block an enemy unit from placing '
            'piquets on the objective." (piquets_hold: a Move order\'s piquet is told after its order, the opening '
            'Moves\' before the first KARD, in the next terrain objective ahead, placed (`blocked` null) unless an '
            'enemy regiment stands there (`enemy`), an enemy piquet holds it (`held`) or, before the first KARD, both '
            'sides\' opening Moves make for it (`contested`))')
T_HOLDS = ('The Order Cycle, 3: "Note that the placing of the piquet in a terrain objective holds that objective for '
           'the unit." (piquets_hold: it holds the objective while the Move order stands: until the regiment\'s status '
           'leaves `ordered` or it is given another order, or its piquet withdraws)')
T_MET = ('The Order Cycle, 3: "Enemy units can not simply move in against the piquet - they must drive the piquet out '
         'of the objective in order to occupy the objective." / Piquet Combat: "If a formed enemy unit decides to '
         'Engage or Assault the objective the piquet is occupying, the commander of the piquet (and its parent unit) '
         'may elect to attempt to hold the objective (with penalties as described above); or, they may elect to '
         'withdraw to 3 " from the objective (Engagement range) and allow the enemy unit to occupy the objective." '
         '(piquets_hold: an enemy Move that would enter a held objective, or an enemy assault whose chips are gone '
         'that would halt in it on the way to its target, is met by the side\'s piquets holding it, as '
         'one, the regiment with the most Elan among theirs answering: `hold`, the mover stopping at Engagement range '
         'of the near edge and that regiment losing piquet_hold_elan Elan, which it must have more than; `withdraw`, '
         'every one of the side\'s piquets there leaving, the mover entering; `stands` when the mover is skirmishing: '
         'it stops, nothing lost)')
T_MET_AS_ONE = (T_MET[:-1] + '; docs/replay.md, `piquet_met`: "meets the side\'s piquets holding it, which answer as '
               'one: `regiment`, the one of their regiments with the most Elan (ties drawn), answers for itself and the '
               'others (`with`, in the scenario\'s order)")')
T_KEPT_OUT = ('Piquet Combat: "they may elect to withdraw to 3 " from the objective (Engagement range)" / The Order '
              'Cycle: "Enemy units can not simply move in against the piquet" (docs/replay.md: `piquet_met` `hold` or '
              '`stands`: `by` stops at Engagement range of the objective\'s near edge, or stays where it is if already '
              'nearer, `moves` why `piquet`; `withdraw`: it goes on in)')
T_HELD_ASSAULT = ('Piquet Combat: "If a formed enemy unit decides to Engage or Assault the objective the piquet is '
                  'occupying, the commander of the piquet ... may elect to attempt to hold the objective" '
                  '(docs/piquet.md, Piquets, Held against an assault: "the attacker stops at Engagement range of the '
                  'near edge as a Move does (`moves` `piquet`), still under its Assault order with the order\'s chips '
                  'again, as when it halts at an objective on its way; the next time its chips are gone it meets the '
                  'piquets again while they hold"; a withdrawal lets it halt at the near edge, `moves` `halts`)')
T_ASSAULT_MET = ('The Order Cycle, 3: "Enemy units can not simply move in against the piquet" / Piquet Combat: "If a '
                 'formed enemy unit decides to Engage or Assault the objective the piquet is occupying" (piquets_hold: '
                 '"an enemy assault whose chips are gone that would halt in it on the way to its target, is met by the '
                 'side\'s piquets there ... An assault on a target standing in the objective, Maneuvers, breakthroughs '
                 'and withdrawals do not meet piquets")')
T_NO_PIQUETS = ('piquets_hold = false: "no piquets on the field" (and with objective_horizons = false the objectives '
                'play no part: no piquet is placed in one)')
T_HEURISTIC_HOLD = ('the heuristic holds an objective with its piquet when holding costs nothing, or when its Elan '
                    'after the cost is above rally_worn_at percent of its full Elan: (elan - cost) x 100 > full x '
                    'rally_worn_at (a regiment with no more Elan than the cost may not hold)')
BLOCKED = (None, "enemy", "held", "contested")
CHOICES = ("hold", "withdraw", "stands")


def _w(g):
    return 1 if g.side == "a" else -1


class Piquets:
    """The piquets a Move order places in the next terrain objective ahead, what each holds, and the enemy Moves they
    meet."""

    def piquets_on(self):
        return bool(self.r.get("piquets_hold", True)) and bool(self.r.get("objective_horizons", True))

    def piquet_setup(self):
        self.piquets = {}  # holder regiment -> the objective (its name) its piquet holds
        self.pq_due = {}  # regiment -> (global KARD, objective name) of a Move order whose `piquet` is not told yet
        self.pq_opening = None  # regiment -> objective name: the opening piquets still to tell (None: not reckoned)
        self.pq_opening_told = False

    # --- where a piquet goes ----------------------------------------------------------------------------------
    def piquet_objective(self, g):
        """The objective (a scenario entry) `g`'s piquet goes to: the next one lying wholly ahead of it, or None."""
        edge = self.next_ahead(g.at, _w(g))
        return None if edge is None else self.objective_at(edge)

    def enemies_in(self, g, o):
        return [x.name for x in self.regs.values()
                if x.side != g.side and x.status != "removed" and o["from"] <= x.at <= o["to"]]

    def enemy_holders(self, g, name):
        """The enemy regiments whose piquets hold the objective `name` now."""
        return sorted(h for h, n in self.piquets.items() if n == name and self.reg(h).side != g.side)

    def read_piquet(self, e):
        g = self.reg(self.f(e, "regiment"))
        if self.f(e, "side") != g.side:
            self.fail(T_FORMAT, "the piquet of %r is told for side %r" % (g.name, e["side"]))
        blocked = self.f(e, "blocked")
        if blocked not in BLOCKED:
            self.fail(T_FORMAT + " (`blocked`: null, `enemy`, `held` or `contested`)", "a piquet blocked %r" % blocked)
        if not self.piquets_on():
            self.fail(T_NO_PIQUETS, "%r's piquet is told with %s" % (
                g.name, "piquets_hold = false" if not self.r.get("piquets_hold", True) else "objective_horizons = false"))
        o = self.piquet_objective(g)
        if o is None or self.f(e, "objective") != o.get("name"):
            self.fail(T_PIQUET, "%r at %r places its piquet in %r; the next objective ahead of it is %s" % (
                g.name, g.at, e["objective"], "none" if o is None else "%r (%r to %r)" % (o.get("name"), o["from"],
                                                                                          o["to"])))
        return g, o, blocked

    # --- the opening ------------------------------------------------------------------------------------------
    def opening_piquets(self):
        """regiment -> (objective, the blocked reason) of every opening Move with a next objective ahead."""
        if self.pq_opening is not None:
            return self.pq_opening
        movers = [self.reg(n) for s in "ab" for n in self.order[s]]
        movers = [g for g in movers if g.status == "ordered" and g.order == "move"]
        if self.piquets_on():
            for g in movers:
                if getattr(g, "move_place", None) is not None and self.piquet_objective(g) is not None:
                    self.seen["Moves stopped short of an objective, placing no piquet"] += 1
        # (a chosen Move stopped short, `move_to` a place, places no piquet: piquet_chosen.on_move_to)
        movers = [g for g in movers if getattr(g, "move_place", None) is None]
        goes = {g.name: self.piquet_objective(g) for g in movers} if self.piquets_on() else {}
        goes = {n: o for n, o in goes.items() if o is not None}
        out = {}
        for n, o in goes.items():
            g = self.reg(n)
            sides = {self.reg(m).side for m, p in goes.items() if p is o}
            if self.enemies_in(g, o):
                why = "enemy"
            elif sides == {"a", "b"}:
                why = "contested"
            else:
                why = None
            out[n] = (o, why)
        self.pq_opening = out
        return out

    def on_opening_piquet(self, e):
        """A `piquet` event among the opening's (piquet_chosen.free_orders): every opening Move's, after the free first
        orders."""
        want = self.opening_piquets()
        self.pq_opening_told = True
        g, o, blocked = self.read_piquet(e)
        self.no_piquet_short(g)
        if g.name not in want:
            self.fail(T_PIQUET, "a piquet of %r in the opening, whose opening order is %s" % (
                g.name, "a Move told its piquet already" if g.order == "move" and g.status == "ordered"
                else "no Move (%s, %s)" % (g.status, g.order)))
        _, why = want.pop(g.name)
        if blocked != why:
            self.fail(T_PIQUET, "%r's opening piquet in %r is told blocked %r; %s" % (
                g.name, o.get("name"), blocked, self.blocked_said(g, o, why, opening=True)))
        self.piquet_told(g, o, blocked)

    def opening_piquets_done(self):
        """Before the first DECQ: every opening Move with an objective ahead has told its piquet."""
        left = self.opening_piquets()
        if left:
            self.fail(T_PIQUET, "the opening Move%s of %s told no piquet before the first KARD, the next objective "
                                "ahead being %s" % ("s" if len(left) > 1 else "", ", ".join(repr(n) for n in left),
                                                    ", ".join(repr(o.get("name")) for o, _ in left.values())),
                      at_next=True)

    def free_order_after_piquets(self):
        if self.pq_opening_told:
            self.fail(T_PIQUET, "a free first order after the opening's piquets were told (the opening Moves' piquets "
                                "come after the opening)")

    # --- orders in the game -----------------------------------------------------------------------------------
    def piquet_ordered(self, regs, order):
        """An `order` (on_order) to `regs`: a Move places each one's piquet, if an objective lies ahead of it; any
        order ends the piquet an earlier one placed."""
        for n in regs:
            g = self.reg(n)
            self.piquet_lifted(g, "given another order")
            self.pq_due.pop(n, None)
            if order == "move" and self.piquets_on():
                o = self.piquet_objective(g)
                if o is not None:
                    self.pq_due[n] = (self.gk, o.get("name"))

    def blocked_said(self, g, o, why, opening=False):
        ins = self.enemies_in(g, o)
        holders = self.enemy_holders(g, o.get("name"))
        if why == "enemy":
            return "enemy %s stand%s in it" % (", ".join(repr(n) for n in ins), "" if len(ins) > 1 else "s")
        if why == "held":
            return "no enemy stands in it and enemy %s's piquet holds it" % ", ".join(repr(n) for n in holders)
        if why == "contested":
            return "no enemy stands in it and both sides' opening Moves make for it"
        return "no enemy stands in it%s: it is placed" % (
            ", and not both sides' opening Moves make for it" if opening else " and no enemy piquet holds it")

    def on_piquet(self, e):
        g, o, blocked = self.read_piquet(e)
        self.no_piquet_short(g)
        due = self.pq_due.get(g.name)
        if due is None:
            self.fail(T_PIQUET, "a piquet of %r, given no Move order since its last (%s, %s)" % (g.name, g.status,
                                                                                                g.order))
        if g.status != "ordered" or g.order != "move":
            self.fail(T_PIQUET, "%r's piquet told while %s under %r" % (g.name, g.status, g.order))
        del self.pq_due[g.name]
        if due[1] != o.get("name"):
            self.fail(T_PIQUET, "%r's piquet in %r; ordered to Move, its next objective ahead was %r" % (
                g.name, o.get("name"), due[1]))
        why = "enemy" if self.enemies_in(g, o) else "held" if self.enemy_holders(g, o.get("name")) else None
        if blocked != why:
            self.fail(T_PIQUET, "%r's piquet in %r is told blocked %r; %s" % (g.name, o.get("name"), blocked,
                                                                              self.blocked_said(g, o, why)))
        self.piquet_told(g, o, blocked)

    def no_piquet_short(self, g):
        """A chosen Move stopped short (`move_to` a place) places no piquet."""
        if g.status == "ordered" and g.order == "move" and getattr(g, "move_place", None) is not None:
            self.fail(T_MOVE_TO_PIQUET, "%r's piquet is told, its chosen Move (from %r) stopped short at %r (`move_to`)"
                      % (g.name, g.at, g.move_place))

    def piquet_told(self, g, o, blocked):
        if blocked is None:
            self.piquets[g.name] = o.get("name")
            if self.enemy_holders(g, o.get("name")):
                self.fail(T_PIQUET, "%r's piquet placed in %r, which an enemy piquet holds" % (g.name, o.get("name")))
            if any(h != g.name and self.reg(h).side == g.side and n == o.get("name") for h, n in self.piquets.items()):
                self.seen["piquets placed beside a piquet of their side"] += 1
            self.seen["piquets placed"] += 1
        else:
            self.seen["piquets blocked " + blocked] += 1

    def check_piquets_told(self):
        """At a settling event: every Move order given since has told its regiments' piquets."""
        if self.pq_due:
            n, (gk, o) = next(iter(self.pq_due.items()))
            self.fail(T_PIQUET, "%r's Move order told no piquet, the next objective ahead of it being %r" % (n, o))
        if not self.owing:
            return  # no regiment owes anything (piquet.OWED): none has met a piquet
        for g in self.owing_regs():  # (piquet.py: the others owe nothing, have met no piquet)
            met = getattr(g, "pq_met", None)
            if met is not None and met.get("stayed"):
                g.pq_met = None  # an assault kept out where it stands (on_piquet_met)
            elif met is not None:
                self.met_unmoved(g, met)

    def met_unmoved(self, g, met):
        self.fail(T_KEPT_OUT if not met.get("assault") else T_HELD_ASSAULT,
                  "%r, met by %r's piquet in %r (%s), made no %s after it" % (
                      g.name, met["holder"], met["objective"], met["choice"],
                      "Move" if not met.get("assault") else
                      "move (`halts` at the near edge)" if met["choice"] == "withdraw" else
                      "move (`piquet`, to Engagement range of the near edge)"))

    def piquet_assault_unmoved(self, g):
        """At a settling event (piquet_terrain.assault_done), `g`'s assault, its chips gone, neither in contact nor
        halted: when it met piquets, it made no move after them."""
        met = getattr(g, "pq_met", None)
        if met is not None and met.get("assault") and not met.get("stayed") and met["gk"] == self.gk:
            self.met_unmoved(g, met)

    # --- holding ------------------------------------------------------------------------------------------------
    def piquet_lifted(self, g, why):
        n = self.piquets.pop(g.name, None)
        if n is not None:
            self.seen["piquets lifted: " + why] += 1

    def piquet_status(self, g, frm, to):
        """`g` goes from `frm` to `to` (on_status): leaving `ordered`, its Move order no longer stands."""
        if frm == "ordered" and to != "ordered":
            self.piquet_lifted(g, "Move completed" if to == "idle" else "status " + to)

    # --- meeting an enemy Move ---------------------------------------------------------------------------------
    def hold_choice(self, holder, cost):
        """The heuristic's choice for `holder` (its Elan before), or None when its side's player is not the
        heuristic."""
        name, params = self.strategy(holder.side)
        if name != "heuristic":
            return None
        worn = int(params.get("rally_worn_at", 50))
        if holder.elan <= cost:
            return "withdraw"
        return "hold" if cost == 0 or (holder.elan - cost) * 100 > holder.full * worn else "withdraw"

    def on_piquet_met(self, e):
        h = self.reg(self.f(e, "regiment"))
        m = self.reg(self.f(e, "by"))
        name, choice = self.f(e, "objective"), self.f(e, "choice")
        lost, elan = self.f(e, "elan_lost"), self.f(e, "elan")
        if not self.piquets_on():
            self.fail(T_NO_PIQUETS, "%r's piquet meets %r with %s" % (
                h.name, m.name, "piquets_hold = false" if not self.r.get("piquets_hold", True)
                else "objective_horizons = false"))
        if self.f(e, "side") != h.side:
            self.fail(T_FORMAT, "the piquet of %r is told for side %r" % (h.name, e["side"]))
        if choice not in CHOICES:
            self.fail(T_FORMAT + " (`choice`: hold, withdraw or stands)", "a piquet_met choice %r" % choice)
        if m.side == h.side:
            self.fail(T_MET, "%r's piquet meets %r, of its own side" % (h.name, m.name))
        if self.piquets.get(h.name) != name:
            self.fail(T_HOLDS, "%r's piquet meets %r in %r, but %s" % (
                h.name, m.name, name, "holds %r" % self.piquets[h.name] if h.name in self.piquets else
                "holds no objective now (%s under %r)" % (h.status, h.order)))
        # The mover: a Move order completed on this KARD, or an Assault order whose chips went on it, halting at that
        # objective on the way to its target ("If a formed enemy unit decides to Engage or Assault the objective").
        moving = m.status == "ordered" and m.order == "move" and getattr(m, "move_due", None) == self.gk
        assault = m.status == "ordered" and m.order == "assault" and getattr(m, "assault_due", None) == self.gk
        if not moving and not assault:
            self.fail(T_MET, "%r's piquet in %r meets %r, whose Move order did not complete on this KARD, nor its "
                             "Assault order's chips went (%s, %s)%s"
                      % (h.name, name, m.name, m.status, m.order, "; only Move orders and assaults whose chips are "
                         "gone meet piquets" if m.order not in ("move", "assault") else ""))
        if assault:
            edge = self.assault_horizon(m)  # where it would halt on its way (piquet_terrain.py), or None
            if edge is None or self.objective_at(edge).get("name") != name:
                self.fail(T_ASSAULT_MET, "%r's piquet in %r meets %r's assault, its chips gone at %r: %s" % (
                    h.name, name, m.name, m.at, self.assault_said(m, edge)))
        if getattr(m, "pq_met", None) is not None:
            self.fail(T_MET, "%r's Move meets a second piquet (%r's) in %r, already met by %r's" % (
                m.name, h.name, name, m.pq_met["holder"]))
        o = self.piquet_objective(m)
        if o is None or o.get("name") != name:
            self.fail(T_MET, "%r's piquet in %r meets %r at %r, whose next objective ahead is %s" % (
                h.name, name, m.name, m.at, "none" if o is None else repr(o.get("name"))))
        # The side's piquets there answer as one: the regiment with the most Elan among theirs (ties drawn) for
        # itself and the others (`with`, in the scenario's order).
        holders = [n for n in self.order[h.side] if self.piquets.get(n) == name]
        others = [n for n in holders if n != h.name]
        if self.f(e, "with") != others:
            self.fail(T_MET_AS_ONE, "%r's piquet answers for %r with %r; the side's other piquets holding %r: %r" % (
                h.name, name, e["with"], name, others))
        most = max(self.reg(n).elan for n in holders)
        if h.elan != most:
            self.fail(T_MET_AS_ONE, "%r, with %d Elan, answers for the piquets in %r; %s hold%s %d" % (
                h.name, h.elan, name, ", ".join(repr(n) for n in holders if self.reg(n).elan == most),
                "s" if sum(self.reg(n).elan == most for n in holders) == 1 else "", most))
        if others:
            self.seen["piquet_met with several piquets holding"] += 1
            if sum(self.reg(n).elan == most for n in holders) > 1:
                self.seen["piquet_met answered by one of several with the most Elan"] += 1
            elif any(self.order[h.side].index(n) < self.order[h.side].index(h.name) for n in others):
                self.seen["piquet_met answered by a later regiment with more Elan"] += 1
        cost = self.r.get("piquet_hold_elan", 0)
        skirmishing = m.deployment == "skirmish"
        if skirmishing != (choice == "stands"):
            self.fail(T_MET, "%r's piquet meets %r (%s) with %r: %s" % (
                h.name, m.name, m.deployment, choice, "a skirmishing mover stops, no choice made (`stands`)"
                if skirmishing else "only a skirmishing mover `stands`; a formed one is held or let in"))
        want_lost = cost if choice == "hold" else 0
        if choice == "hold" and h.elan <= cost:
            self.fail(T_MET + " / piquet_hold_elan: \"a regiment with no more Elan than this may not hold\"",
                      "%r holds %r against %r with %d Elan, holding costing %d" % (h.name, name, m.name, h.elan, cost))
        if lost != want_lost:
            self.fail(T_MET, "%r's piquet %s %r, losing %r Elan; piquet_hold_elan %d: %d" % (
                h.name, {"hold": "holds against", "withdraw": "withdraws before", "stands": "stands against"}[choice],
                m.name, lost, cost, want_lost))
        if elan != h.elan - want_lost:
            self.fail(T_MET, "%r has %d Elan and loses %d holding, the event says %r left" % (h.name, h.elan,
                                                                                            want_lost, elan))
        if choice != "stands":
            want = self.hold_choice(h, cost)
            if want is not None and want != choice:
                self.fail(T_HEURISTIC_HOLD, "the heuristic's %r (%d of %d Elan, holding costing %d) chooses %s; "
                                            "it %ss" % (h.name, h.elan, h.full, cost, choice, want))
            if want is not None:
                self.seen["heuristic piquet choices"] += 1
            if h.elan <= cost:
                self.seen["piquets withdrawing for want of Elan"] += 1
        h.elan -= want_lost
        if want_lost:
            self.seen["piquet holds costing Elan"] += 1
        w = _w(m)
        edge = o["from"] if w > 0 else o["to"]
        m.pq_met = {"gk": self.gk, "holder": h.name, "objective": name, "choice": choice, "edge": edge,
                    "assault": assault}
        self.owe(m)
        if choice == "withdraw":
            for n in holders:  # every one of the side's piquets there leaves
                self.piquet_lifted(self.reg(n), "withdrew before an enemy " + ("assault" if assault else "Move"))
            if others:
                self.seen["piquets withdrawing together"] += 1
        self.seen["piquet_met " + choice] += 1
        if assault:
            self.seen["piquet_met by an assault (%s)" % choice] += 1
            if getattr(m, "pq_kept", None) == name:
                self.seen["assaults meeting the piquets again after a hold"] += 1
            if choice != "withdraw" and self.kept_out_place(m, m.pq_met) == m.at:
                # Already within Engagement range of the near edge: it stays where it stands (no `moves`), halted.
                m.pq_met["stayed"] = True
                self.assault_kept_out(m)
                self.seen["assaults kept out by a piquet, staying"] += 1

    def kept_out_place(self, g, met):
        """Where `g`, kept out by a piquet: Engagement range short of the objective's near edge, or where it stands
        when already that near."""
        w = _w(g)
        stop = met["edge"] - w * self.E
        return stop if w * (stop - g.at) > 0 else g.at

    def would_enter(self, g, met):
        """`g`'s completed Move, without the piquet, reaches the near edge of the objective it met (or goes beyond)."""
        w = _w(g)
        dues = self.move_places(g)
        return any(w * (d[0] - met["edge"]) >= 0 for d in dues), dues

    def assault_kept_out(self, g, to=None):
        """`g`'s assault, its chips gone, kept out of the objective by the piquets it met (moved or staying): as after
        a `halts` (piquet_terrain.assault_horizon_move), still under its Assault order, its plan not advanced, its next
        execution from the order's chips again, hindered again from there (piquet_obstacles.py)."""
        g.assault_due = None
        g.done_n -= 1  # not completed: the plan's next order is still this Assault
        g.chips = None  # the next leg: the scenario's chips again
        g.horizon_wait = True
        g.pq_kept = g.pq_met["objective"]
        self.hinder_halted(g, "piquet", to)  # from where it stops (`to`, its `moves`), or stays

    def kept_out_assault(self, g, frm, to, y_to, met):
        """A `moves` why `piquet` of `g` whose assault, its chips gone, was kept out by the piquets it met."""
        if met.get("stayed"):
            self.fail(T_HELD_ASSAULT, "%r's assault, kept out of %r (near edge %r) by %r's piquet, moves from %r to "
                                      "%r; "
                                      "it stands within Engagement range (%d) of the near edge already and stays" % (
                                          g.name, met["objective"], met["edge"], met["holder"], frm, to, self.E))
        if g.order != "assault" or g.status != "ordered":
            self.fail(T_HELD_ASSAULT, "%r moves (piquet), %s under %r, its assault kept out" % (g.name, g.status,
                                                                                              g.order))
        place = self.kept_out_place(g, met)
        if to != place:
            self.fail(T_HELD_ASSAULT, "%r's assault, kept out of %r (near edge %r) by %r's piquet, moves from %r to "
                                      "%r; "
                                      "Engagement range (%d) short of the near edge is %r" % (
                                          g.name, met["objective"], met["edge"], met["holder"], frm, to, self.E, place))
        if y_to != g.y:
            self.fail(T_HELD_ASSAULT, "%r's assault, kept out by a piquet, moves across, %.1f\" to %.1f\"" % (
                g.name, g.y / 10.0, y_to / 10.0))
        self.assault_kept_out(g, to)
        g.pq_met = None
        self.seen["assaults kept out by a piquet (%s)" % met["choice"]] += 1

    def kept_out(self, g, frm, to, y_to):
        """A `moves` why `piquet` of `g` (terrain_moves): its Move, or its assault, kept out of the objective by the
        piquet it met."""
        met = getattr(g, "pq_met", None)
        if met is None or met["gk"] != self.gk or met["choice"] == "withdraw":
            self.fail(T_KEPT_OUT, "%r's %s stops (piquet) from %r at %r, %s" % (
                g.name, "assault" if g.order == "assault" else "Move", frm, to,
                ("its piquet having withdrawn: it goes on in" if g.order != "assault" else
                 "its piquet having withdrawn: it halts at the near edge (`halts`)") if met is not None and
                met["choice"] == "withdraw" else "met by no piquet on this KARD"))
        if met.get("assault"):
            return self.kept_out_assault(g, frm, to, y_to, met)
        if getattr(g, "move_due", None) != self.gk:
            self.fail(T_KEPT_OUT, "%r moves (piquet) with no Move order completed on this KARD" % g.name)
        enters, dues = self.would_enter(g, met)
        if not enters:
            self.fail(T_MET, "%r's Move, kept out of %r by %r's piquet, would not have entered it: it %s" % (
                g.name, met["objective"], met["holder"], " or ".join(self.move_said(g, d) for d in dues)))
        place = self.kept_out_place(g, met)
        if place == g.at or to != place:
            self.fail(T_KEPT_OUT, "%r, kept out of %r (near edge %r) by %r's piquet, moves from %r to %r; %s" % (
                g.name, met["objective"], met["edge"], met["holder"], frm, to,
                "Engagement range (%d) short of the near edge is %r" % (self.E, place) if place != g.at else
                "it stands within Engagement range (%d) of the near edge already and stays" % self.E))
        ys = {g.y} | {self.incline_y(g, t, abs(to - frm)) for _, _, w_, t in self.close_in(g) if w_}
        if y_to not in ys:
            self.fail(T_KEPT_OUT, "%r, kept out by a piquet, moves to %.1f\" across; from %.1f\" it goes to %s" % (
                g.name, y_to / 10.0, g.y / 10.0, " or ".join("%.1f\"" % (y / 10.0) for y in sorted(ys))))
        g.move_due = None
        g.pq_met = None
        self.seen["Move orders kept out by a piquet (%s)" % met["choice"]] += 1

    def kept_out_stays(self, g):
        """`g`'s completed Move makes no move (piquet_terrain.move_stood): True when a piquet kept it out where it
        stands, within Engagement range of the objective's near edge already."""
        met = getattr(g, "pq_met", None)
        if met is None or met["gk"] != self.gk or met["choice"] == "withdraw":
            return False
        enters, dues = self.would_enter(g, met)
        if not enters:
            self.fail(T_MET, "%r's Move, kept out of %r by %r's piquet, would not have entered it: it %s" % (
                g.name, met["objective"], met["holder"], " or ".join(self.move_said(g, d) for d in dues)))
        place = self.kept_out_place(g, met)
        if g.status != "removed" and place != g.at:
            self.fail(T_KEPT_OUT, "%r, kept out of %r (near edge %r) by %r's piquet, stays at %r; Engagement range "
                                  "(%d) short of the near edge is %r" % (g.name, met["objective"], met["edge"],
                                                                        met["holder"], g.at, self.E, place))
        g.pq_met = None
        self.seen["Move orders kept out by a piquet, staying"] += 1
        return True

    def piquet_entry(self, g, frm, to, why):
        """A completed Move's `moves` why `move` or `horizon` (terrain_moves): never into an objective an enemy piquet
        holds, unless it began inside it; after a piquet withdrew, it goes on in."""
        met = getattr(g, "pq_met", None)
        if met is not None and met["gk"] == self.gk and met["choice"] != "withdraw":
            self.fail(T_KEPT_OUT, "%r, %s by %r's piquet in %r, moves (%s) from %r to %r" % (
                g.name, "held" if met["choice"] == "hold" else "met, skirmishing,", met["holder"], met["objective"], why,
                frm, to))
        o = self.objective_at(to)
        if o is not None:
            holders = self.enemy_holders(g, o.get("name"))
            began = o["from"] <= frm <= o["to"]
            if holders and not began:
                self.fail(T_MET, "%r's Move order ends (%s) at %r in %r, which %s's piquet%s hold%s%s" % (
                    g.name, why, to, o.get("name"), ", ".join(repr(n) for n in holders),
                    "s" if len(holders) > 1 else "", "" if len(holders) > 1 else "s",
                    ", met by none" if met is None or met["gk"] != self.gk else
                    " still, though %r's piquet withdrew before it: %s" % (
                        met["holder"], "they have not been driven out of the objective" if len(holders) > 1
                        else "it has not been driven out of the objective")))
            if holders:
                self.seen["Move orders within an objective an enemy piquet holds, begun inside it"] += 1
        if met is not None:
            g.pq_met = None
            self.seen["Move orders entering after the piquet withdrew"] += 1

    def piquet_halts(self, g, frm, to):
        """`g`'s assault, its chips gone, halts at the near edge `to` of an objective on its way (`moves` why `halts`,
        piquet_terrain.assault_horizon_move): never after the piquets there held it (or stood), nor into an objective
        an enemy piquet holds at that moment: only once they withdrew before it."""
        met = getattr(g, "pq_met", None)
        if met is not None and met["gk"] == self.gk and met["choice"] != "withdraw":
            self.fail(T_HELD_ASSAULT, "%r's assault, %s by %r's piquet in %r, halts from %r at %r" % (
                g.name, "held" if met["choice"] == "hold" else "met, skirmishing,", met["holder"], met["objective"],
                frm, to))
        o = self.objective_at(to)
        holders = self.enemy_holders(g, o.get("name")) if o is not None and self.piquets_on() else []
        if holders:
            self.fail(T_ASSAULT_MET, "%r's assault, its chips gone, halts (from %r) at %r in %r, which %s's piquet%s "
                                     "hold%s%s" % (
                                         g.name, frm, to, o.get("name"), ", ".join(repr(n) for n in holders),
                                         "s" if len(holders) > 1 else "", "" if len(holders) > 1 else "s",
                                         ", met by none" if met is None or met["gk"] != self.gk else
                                         " still, though %r's piquet withdrew before it" % met["holder"]))
        if met is not None:
            g.pq_met = None
            self.seen["assaults halting after the piquet withdrew"] += 1

