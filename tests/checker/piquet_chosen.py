"""Chosen orders in the Piquet model (`piquet.py`): a side's or a regiment's `orders = "chosen"` (docs/piquet.md,
**Chosen orders.**; docs/agents.md, decision `order`). `Chosen` is a part of `piquet._Game`: it reads the game's
regiments (`self.regs`), players, KARD (`self.gk`) and rules (`self.r`, the configuration's strategies in
`_strategies`) and reports through its `fail`. Written, as the rest of the checker, from the seed text and the docs,
never from the crate's source. What it holds a trace to:

- the opening: a chosen regiment's `regiment` event has the plan `["chosen"]` (a plan the scenario lists for it is
  ignored), a planned one its scenario plan; a chosen regiment starts idle, with no order;
- the free first orders ("as many orders of any type" before the first card): after the opening and before the first
  `decq_start`, `decq` 0, each an `order` for 0 IP (its `ip` the player's, unchanged) to chosen regiments of the
  player's own, never carried by another's orders (a second line in line, an attached company), each at most once,
  followed by their `status` idle -> ordered, and by an `aims` for each when an assault;
- every order to a chosen regiment (free, or on an Officer Check whose action is `orders`, paid or `not_ordered`):
  `move`, `maneuver`, `deploy` or `assault`, never an assault for artillery; grouped as planned orders are (note 9):
  under order_groups = whole a whole division (all its regiments in the game, carried ones aside, in the group), else
  a whole brigade, else the regiment alone (or a Russian twelve-gun pair), and never split: the regiments of a
  division or brigade all given the same order on one Officer Check (or among the free orders) are given it as one
  group; under idle_alike the regiments of one division (one brigade when none is named) wanting the same order are
  one group; each regiment in at most one group an Officer Check;
- `aims` right after the order (and its statuses) of a chosen assault, one for each regiment of the group and for no
  other: its player's choice (decision `aim`; the Order Cycle, 3: "The player will place the regiment's piquet at the
  objective of the Assault") among the candidates, the enemy regiments not removed that the regiment may assault (a
  skirmisher, while a skirmisher it may assault is in the game ("Skirmishing units can Assault only other skirmishing
  units; skirmishing infantry can not Assault skirmishing cavalry in the open"), only those its assault is not barred
  by: those skirmishers, and a barring enemy that may not resist, taken unopposed as by any attacker; with none, every
  enemy in the game), the nearest always among them (one of the enemy regiments not removed nearest to it, measured
  straight between the frontages' nearer ends in tenths, piquet_field.d2: an enemy level with it 2.4" across is nearer
  than one 3" ahead, though both are 3" in whole inches); a formed regiment's assault given at once takes the cast of
  skirmishers it must go through only among those it may be aimed at (piquet_deploy.immediate_owed); the heuristic's
  (a side whose seat plays `heuristic`) always a nearest one, the enemy it judged the order by; the random player's any
  candidate (seen going to one not the nearest, an EXPECTED situation of the random configurations); whatever
  `target` the scenario names (a named target belongs to a plan); the assault then goes in against that regiment
  (`assault_begins`, `joins_assault`, `objective_taken`, a second line sent in or cavalry going on through aside; a
  skirmisher's barred by it engaging it), and its horizon (objective_horizons) is reckoned against it;
- a chosen regiment's completed Move (piquet_terrain.close_in, `moves` why `move` or `horizon`): forward toward the
  nearest enemy not removed ahead of it or level, stopping at its fire's reach of it (`reach` below; a planned Move
  still closes to Engagement range of its objective), sooner at an objective's horizon, never back, and not at all
  when already within that distance or with no enemy ahead or level;
- chosen deployments (docs/replay.md, `deploy_to`; docs/agents.md, decision `deployment`; the Order Cycle, 3: the
  piquet shows Prepared to Receive Cavalry or "in what direction and how far" the frontage goes): a chosen regiment is
  given a Deploy order (or told `not_ordered` one) only when some deployment would change it (the deployments
  offered: `max`, `min`, `formed`, `prepared`, `skirmish` as piquet_deploy.deploy_may lets it take them: `prepared`
  infantry only, `skirmish` skirmishers only, no `min` for cavalry, "There is no defined minimum width for cavalry",
  and only one changing its deployment or frontage from how it stands when ordered); each chosen regiment of an
  `order` to Deploy is told one `deploy_to` right after its status idle -> ordered, no other regiment ever, its `to`
  one offered it when ordered; one order is one deployment: every chosen regiment of the group told the same `to`,
  and a brigade (division) whose regiments go to different deployments is ordered apart, one going to the same one
  is one order, as note 9 has it for any order (the split checked once the group's `deploy_to` is told; a chosen
  Deploy not ordered tells none and is left out of it); the order's completion then takes the regiment where its
  last `deploy_to` said (a cut-off order's replaced by the next; a chosen regiment's scenario deploy_to is read, not
  followed; piquet_deploy.py checks the `deploys`), and a chosen regiment's `deploys` without one pending is
  impossible;
- chosen maneuvers (docs/replay.md, `maneuver_to`; docs/agents.md, decision `direction`; Maneuver: "This can be
  forward, back, to either flank, or wheeling on the left or right flank ... you can not Maneuver into an Assault.
  You can Maneuver into Engagement"; wheeling not modelled): a chosen regiment is given a Maneuver order (or told
  `not_ordered` one) only when some way would move it (the ways offered, piquet_field.maneuver_offers: forward when no
  enemy ahead or level is within Engagement range, back always, a flank unless an enemy level with it is within a
  tenth that way); each chosen regiment of an `order` to Maneuver, not one out of an assault (status `retiring`), is
  told one `maneuver_to` right after its status idle -> ordered, no other regiment ever, its `to` one offered it when
  ordered; one order is one way (every chosen regiment of the group told the same `to`, and a brigade or division
  going different ways ordered apart, one going one way one order, as for Deploy); the order's completion takes the
  regiment the way its last `maneuver_to` said (a cut-off order's replaced by the next; piquet_field.py checks the
  `moves`), and a chosen regiment's `moves` why maneuver without one pending is impossible; the heuristic never tells
  one (it never maneuvers a chosen regiment), and the random player's is checked as one offered;
- chosen Moves (docs/replay.md, `move_to`; docs/agents.md, decision `move_to`; note 19: "you move from where you are
  to where you want to stop, or to the next objective you encounter, whichever comes first"; the Order Cycle, 3: "The
  player will place the regiment's piquet at the objective of the Assault (Melee Resolution) or movement"): each
  chosen regiment of an `order` to Move (free ones too) is told one `move_to` right after its status idle -> ordered,
  no other regiment ever (no planned one, no other order), before the next settling event; its `to` null (on to its
  objective) or a place offered it when ordered: from 1" ahead of it up to 1" short of `farthest` (where its Move
  would go as the field stands then: its fire's reach of the nearest enemy ahead, or the next terrain objective's near
  edge, whichever comes first; piquet_terrain.move_places, one for each of the nearest when they tie), only when
  `farthest` is at least 2" ahead (else `to` null); the heuristic's always null; one order one stopping place (every
  chosen regiment of the group told the same `to`; a brigade stopping at two places two orders, as for Deploy; the
  heuristic's groups, always null, held to note 9 at once, ordered or not); the Move completes no farther than the
  place (piquet_terrain.move_places: `moves` why `move` at the place, or nearer where an enemy's range or an objective
  stops it sooner; never back), and a Move with a place places no piquet (piquet_piquets.py: no `piquet` event, in
  the opening or the game), nor is "ordered" into an objective past it (piquet_deploy.move_through_cases);
- a Russian twelve-gun company's two halves (`maneuvers_with`; Artillery: "Russian 12 gun companies are represented by
  two 6 gun companies that maneuver as one, but fight as two companies"; docs/piquet.md: "an order to one half is to
  both whenever both may be given it"), both chosen, get one choice: when both are idle and may be ordered (not
  carried, the same player), an order or `not_ordered` to one is to both, in one group (never two groups on one
  Officer Check nor among the free orders); the first half (the earlier in the side's scenario order) chooses: the
  order offered and the heuristic's choice are the first half's, the second half gets the same order and, each told
  its own `deploy_to` / `maneuver_to` / `move_to`, the same `to` (offered the first half, perhaps changing nothing for the second:
  its `deploys` then tells the deployment it keeps; a way with nowhere to go for it, no `moves`), and the heuristic
  leaving the first half out leaves the company out; a half whose other half is not idle (ordered, unrallied,
  fighting, removed) is ordered alone;
- a chosen assault is not offered a skirmisher when every nearest enemy (which it would go in against) bars it
  ("Skirmishing units can Assault only other skirmishing units; skirmishing infantry can not Assault skirmishing
  cavalry in the open"; docs/piquet.md: "a chosen skirmisher is offered no such assault") and may resist (one that
  may not is taken unopposed);
- the heuristic's choice (a side whose seat plays `heuristic`, its `assault_at_elan` the configuration's, 60 by
  default, its `prepare_within` 12): with d the distance to the nearest enemy regiment not removed (either way) and
  the reach Engagement range (for medium heavy and heavy artillery the greater of Bombardment and Engagement range), a
  chosen regiment is ordered, in this order: `assault` when d <= Engagement range, its nearest enemies hold at most
  assault_at_elan and no more Elan than it and the assault is offered it (above); else `deploy`, told `deploy_to`
  `prepared` and nothing else, when prepared_step < 0, `prepared` is offered it (infantry not prepared already), it
  stands in formed order (docs/piquet.md: "skirmishers stay skirmishing") and
  enemy cavalry not removed and not in skirmish order stands within prepare_within inches (measured as d is; 0:
  never); else `move` exactly when d > reach and an enemy not removed stands ahead of it or level (side a faces up
  the axis, b down); else nothing (no Maneuver: a Maneuver out of an assault it fights is the separate order of rule
  assault_maneuver), and every idle chosen regiment of its own it would order (by that rule) is in one of the
  Officer Check's groups (ordered or `not_ordered`), and among the free first orders;
- the heuristic's Officer Check for `orders` on a side whose regiments are all chosen gives at least one order or
  `not_ordered` of that player before the next `turn`, `hand_play`, `execute` or `decq_end` (its view of the field
  kept fresh: it takes the orders only with an order to give).
"""

from piquet_deploy import CHOSEN_DEPLOYMENTS
from piquet_field import MANEUVERS
from piquet_text import (
    T_DEPLOY_GROUP, T_DEPLOY_OFFERED, T_DEPLOY_TO, T_FORMAT, T_HEURISTIC_PREPARE, T_MANEUVER_GROUP, T_MANEUVER_OFFERED,
    T_MANEUVER_TO, T_PAIR,
)


class Inches(float):
    """A distance in inches, told whole when it is."""

    def __str__(self):
        return "%d" % self if self == int(self) else "%.2f" % self

    __repr__ = __str__

T_CHOSEN = ('docs/piquet.md, Chosen orders: "on each Officer Check\'s orders the player chooses, for each of its idle '
            'chosen regiments, Move, Maneuver, Deploy, an assault (not for artillery) or no order (decision `order`); '
            'the regiments are then grouped as planned ones are (a whole division or brigade wanting the same order is '
            'one order, one cost) and `issue` decides whether to pay for each group"')
T_FREE = ('"as many orders of any type" before the first card, free (docs/piquet.md, Chosen orders: "Before the first '
          'KARD each chosen regiment\'s player chooses its free first order ..., told as a free `order`"; a regiment '
          'carried by another\'s orders takes none)')
T_AIMS = ('The Order Cycle, 3: "The player will place the regiment\'s piquet at the objective of the Assault (Melee '
          'Resolution)" (docs/piquet.md, Chosen orders: "A chosen assault goes in against the enemy its player places '
          'the piquet at ..., its choice (decision `aim`, told as `aims`) among the enemy regiments in the game it may '
          'assault (a skirmisher, only skirmishers, when there are any); the heuristic takes the nearest, the enemy it '
          'judged the order by (one drawn from the player\'s tie stream among as near), `random` any"; docs/replay.md, '
          '`aims`: "the nearest is always among them ... a named `target` belongs to plans")')
T_AIMS_SKIRMISH = ('Offensive Use of Skirmishing Units: "Skirmishing units can Assault only other skirmishing units; '
                   'skirmishing infantry can not Assault skirmishing cavalry in the open." (docs/agents.md, `aim`: "the '
                   'enemy regiments in the game that the regiment may assault ... (a skirmisher, only skirmishers, when '
                   'any; `target`, the nearest, ... always among them)")')
T_HEURISTIC = ('docs/piquet.md, Chosen orders: "The heuristic moves a regiment up while no enemy is within its fire\'s '
               'reach and an enemy stands ahead of it or level, orders the assault from Engagement range once the '
               'nearest enemy holds at most `assault_at_elan` and no more Elan than the regiment, and otherwise holds '
               'it where it stands to fire (no order); it ... [never] maneuvers" (docs/agents.md, `order`: `reach`, '
               'Bombardment range for medium heavy and heavy artillery) / ' + T_HEURISTIC_PREPARE)
T_CHOSEN_MOVE = ('docs/piquet.md, Chosen orders: "A chosen regiment\'s Move goes forward toward the nearest enemy ahead '
                 '(level included), stopping at its fire\'s reach of it (Engagement range; for medium heavy and heavy '
                 'artillery the greater of Bombardment and Engagement range), or sooner where another enemy ahead '
                 'comes within that reach on the way, sooner still at an objective\'s horizon; it '
                 'never moves back, and not at all when already within that distance"')
T_MOVE_TO = ('note 19: "Essentially, you move from where you are to where you want to stop, or to the next objective you '
             'encounter, whichever comes first." / The Order Cycle, 3: "The player will place the regiment\'s piquet at '
             'the objective of the Assault (Melee Resolution) or movement" (docs/replay.md, `move_to`: "where a Move order '
             'its player chose for `regiment` (`orders = "chosen"`) stops, told after its `order`: `to` a place on the '
             'axis short of where the Move would go (it moves no farther; an enemy\'s range or a terrain objective may '
             'stop it sooner), or null: on to its objective": one for each chosen regiment of the Move order, right '
             'after its status idle -> ordered, none for a planned regiment nor for another order)')
T_MOVE_TO_OFFERED = ('note 19: "you move from where you are to where you want to stop, or to the next objective you '
                     'encounter, whichever comes first" (docs/agents.md, decision `move_to`: `farthest`, "the place '
                     'on the axis the Move would stop at as the field stands now: its fire\'s reach of the nearest '
                     'enemy ahead, or the next terrain objective\'s near edge, whichever comes first"; the places "from '
                     'an inch ahead of the regiment up to an inch short of `farthest`", "asked ... when `farthest` is at '
                     'least 2\" ahead"; the heuristic goes on: `to` null)')
T_MOVE_TO_STOP = ('note 19: "you move from where you are to where you want to stop, or to the next objective you '
                  'encounter, whichever comes first" (docs/replay.md, `move_to`: "`to` a place on the axis short of '
                  'where the Move would go (it moves no farther; an enemy\'s range or a terrain objective may stop it '
                  'sooner)": its `moves` why `move` ends at the place, or nearer)')
T_MOVE_TO_PIQUET = ('The Order Cycle, 3: "The player will place the regiment\'s piquet at the objective of the Assault '
                    '(Melee Resolution) or movement" (docs/replay.md, `move_to`: "only a Move going on places a '
                    '`piquet`"; docs/agents.md: "A Move stopped short places no piquet in a terrain objective")')
T_MOVE_TO_GROUP = ('"An order can be issued to a regiment, a brigade, or a division for the expense of 1 IP. All units '
                   'in the brigade or division will then operate on this single order." (one Move order, one stopping '
                   'place: every chosen regiment of the group told the same `move_to`)')
T_ORDERS_GIVEN = ('docs/piquet.md, Chosen orders / docs/agents.md: the heuristic\'s view is kept fresh, so an Officer '
                  'Check it takes for `orders` gives at least one order or `not_ordered`')
T_SKIRMISH_OFFERED = ('Offensive Use of Skirmishing Units: "Skirmishing units can Assault only other skirmishing '
                      'units; skirmishing infantry can not Assault skirmishing cavalry in the open." (docs/piquet.md, '
                      'the text\'s sections: "a chosen skirmisher is offered no such assault": none when every nearest '
                      'enemy, which a chosen assault goes in against, bars it and may resist)')
T_GROUPS = ('"An order can be issued to a regiment, a brigade, or a division" (note 9; order_groups = whole: a whole '
            'division, else a whole brigade, all of whose regiments wait for the same order, else the regiment alone; '
            'idle_alike: those of its division, or brigade, with the same order)')

KINDS = ("move", "maneuver", "deploy", "assault")
ORDER_OF = {"deploy_to": "Deploy", "maneuver_to": "Maneuver", "move_to": "Move"}
WHAT_OF = {"deploy_to": "deployment", "maneuver_to": "way", "move_to": "stopping place"}
# The kinds of event an Officer Check's orders (and the free first orders) are told in.
ORDER_EVENTS = ("order", "not_ordered", "status", "aims", "deploy_to", "maneuver_to", "move_to")


class Chosen:
    """Chosen orders: the opening plan, the free first orders, each chosen order's kind and group, the aims of a chosen
    assault and the heuristic's choices."""

    # --- the opening ------------------------------------------------------------------------------------
    def read_plan(self, g, e, s):
        """`g`'s plan from its regiment event `e` and scenario entry `s`: `["chosen"]` under the side's or its own
        `orders = "chosen"`, else the scenario's plan."""
        g.chosen = self.sc.get(g.side, {}).get("orders") == "chosen" or s.get("orders") == "chosen"
        g.plan = list(self.f(e, "plan"))
        want = ["chosen"] if g.chosen else list(s.get("orders", []))
        if g.plan != want:
            self.fail(T_FORMAT + " (the regiment event's `plan`: [\"chosen\"] for a chosen regiment)",
                      "%r's plan %r; the scenario's %r%s" % (g.name, g.plan, want,
                                                             ", its side's orders chosen" if g.chosen else ""))
        g.aim = None  # the regiment its chosen assault goes in against (`aims`)
        if g.chosen:
            self.seen["chosen regiments"] += 1

    def strategy(self, side):
        """(name, params) of the seat's player (`--strategy SEAT=NAME[:k=v,...]`; heuristic by default)."""
        return self.r.get("_strategies", {}).get(side, ("heuristic", {}))

    def heuristic_elan(self, side):
        """The side's heuristic's assault_at_elan, or None when the side's player is not the heuristic."""
        name, params = self.strategy(side)
        if name != "heuristic":
            return None
        return int(params.get("assault_at_elan", 60))

    def prepare_within(self, side):
        """The side's heuristic's prepare_within (12 inches by default; 0 never)."""
        return int(self.strategy(side)[1].get("prepare_within", 12))

    # --- the field, as the heuristic sees it --------------------------------------------------------------
    def reach(self, g):
        """Its fire's reach: Engagement range, for medium heavy and heavy artillery the greater of Bombardment and
        Engagement range."""
        if g.arm == "artillery" and g.die in (8, 12):
            return max(self.B, self.E)
        return self.E

    def nearest(self, g):
        """(distance in inches, [the nearest enemy regiments not removed]) of `g`; (None, []) with none: measured
        straight between the nearer ends of the frontages (piquet_field.d2)."""
        foes = [x for x in self.regs.values() if x.side != g.side and x.status != "removed"]
        d2, near = self.nearest_of(g, foes)
        return (None if d2 is None else Inches(d2 ** 0.5 / 10)), near

    def ahead_of(self, g):
        """The enemy regiments not removed ahead of `g` or level with it (side a faces up the axis, b down)."""
        w = 1 if g.side == "a" else -1
        return [x for x in self.regs.values() if x.side != g.side and x.status != "removed" and w * (x.at - g.at) >= 0]

    def chosen_move(self, g):
        """[(place, place across, way, the regiment it closes on)] of chosen `g`'s completed Move without terrain:
        toward the nearest enemy ahead or level (one of them, ties), to its reach of it, inclining toward it;
        (g.at, g.y, 0) with none ahead or one within reach already (piquet_terrain.close_in)."""
        w = 1 if g.side == "a" else -1
        ahead, reach = self.ahead_of(g), self.reach(g)
        d2, near = self.nearest_of(g, ahead)
        if d2 is None or d2 <= 100 * reach ** 2:
            return [(g.at, g.y, 0, None)]
        # Sooner where any enemy ahead comes within its reach on the way, as a planned Move stops at any enemy's
        # Engagement range (docs/piquet.md, Chosen orders).
        return [self.advance(g, n, ahead, reach, n) + (w, n) for n in near]

    def assault_offered(self, g, near):
        """A chosen assault is offered `g` against its nearest enemies `near` unless every one of them would bar it and
        resist (docs/piquet.md, Offensive Use of Skirmishing Units: "a chosen skirmisher is offered no such assault";
        a target that may not resist is taken unopposed by a barred skirmisher too, piquet_deploy.py)."""
        return not near or not all(self.barred(g, x) and self.resists(x) for x in near)

    def cavalry_near(self, g):
        """(distance in inches, [the nearest]) of the enemy cavalry in the game (not removed) and not in skirmish
        order nearest `g`, measured as `nearest` measures; (None, []) with none."""
        cav = [x for x in self.regs.values() if x.side != g.side and x.status != "removed" and x.arm == "cavalry"
               and not self.skirmishing(x)]
        d2, near = self.nearest_of(g, cav)
        return (None if d2 is None else Inches(d2 ** 0.5 / 10)), near

    def heuristic_prepares(self, g):
        """The heuristic's Deploy into Prepared to Receive Cavalry for chosen `g`: prepared_step below 0, Deploy and
        `prepared` offered (infantry not prepared already), the regiment in formed order (docs/piquet.md:
        "skirmishers stay skirmishing") and enemy cavalry in the game and not skirmishing within prepare_within
        inches (0: never)."""
        within = self.prepare_within(g.side)
        if self.r.get("prepared_step", 0) >= 0 or within <= 0 or "prepared" not in self.deploy_offers(g):
            return False
        if self.skirmishing(g):
            return False
        cav = [x for x in self.regs.values() if x.side != g.side and x.status != "removed" and x.arm == "cavalry"
               and not self.skirmishing(x)]
        return any(self.within(g, x, within) for x in cav)  # (100 dx^2 + gap^2 <= 100 R^2, piquet_field.py)

    def heuristic_choice(self, g, aae):
        """The heuristic's order for chosen `g` (`aae`: its assault_at_elan): an assault from Engagement range at
        nearest enemies no stronger; else a Deploy into Prepared to Receive Cavalry with enemy cavalry within
        prepare_within (prepared_step below 0); else a Move beyond reach with an enemy ahead or level; else none."""
        d, near = self.nearest(g)
        if d is None:
            return "none", d, near
        most = max(x.elan for x in near)
        if g.arm != "artillery" and d <= self.E and most <= aae and most <= g.elan and self.assault_offered(g, near):
            return "assault", d, near
        if self.heuristic_prepares(g):
            return "deploy", d, near
        if d > self.reach(g):  # beyond its reach, measured straight (piquet_field.py)
            return ("move" if self.ahead_of(g) else "none"), d, near
        return "none", d, near

    def prepare_said(self, g):
        """Why the heuristic's prepare rule holds or not for `g`, said."""
        d, near = self.cavalry_near(g)
        return ("prepared_step %s, prepare_within %d, the nearest enemy cavalry not skirmishing %s, %s offered (%s %s)"
                % (self.r.get("prepared_step", 0), self.prepare_within(g.side),
                   "none" if d is None else "%r %s inches away" % ([x.name for x in near], d),
                   "prepared" if "prepared" in self.deploy_offers(g) else "prepared not",
                   g.arm, getattr(g, "deployment", "formed"))
                + (": skirmishers stay skirmishing" if g.arm == "infantry" and self.skirmishing(g) else ""))

    # --- each chosen order --------------------------------------------------------------------------------
    def chosen_kind(self, p, g, order, regs=()):
        """A chosen regiment `g` (idle) is given `order` by player `p` (to `regs`): a kind the text has, no assault for
        artillery, and, for the heuristic, its choice. The second half of a twelve-gun company ordered with its first
        half takes the first half's choice (T_PAIR): the order offered it and the heuristic's are the first half's."""
        first = self.inherits(g, regs)
        if first is not None:
            self.seen["twelve-gun second halves given their first half's order"] += 1
        if order not in KINDS:
            self.fail(T_CHOSEN, "chosen %r is given a %r order" % (g.name, order))
        if order == "assault" and g.arm == "artillery":
            self.fail(T_CHOSEN + ' / docs/piquet.md: "artillery defends but does not assault"',
                      "chosen artillery %r is ordered to assault" % g.name)
        if order == "assault" and self.nearest(g)[0] is None:
            self.fail(T_CHOSEN + " (docs/agents.md: no assault is offered with no enemy left)",
                      "chosen %r is ordered to assault with every enemy removed" % g.name)
        if order == "assault" and not self.assault_offered(g, self.nearest(g)[1]):
            near = self.nearest(g)[1]
            self.fail(T_SKIRMISH_OFFERED, "chosen %r (%s %s) is ordered to assault; every nearest enemy bars it and "
                                          "may resist: %s" % (g.name, g.arm, g.deployment, "; ".join(
                                              self.skirmish_said(g, x) for x in near)))
        if order == "maneuver" and first is None and not self.maneuver_offers(g):
            self.fail(T_MANEUVER_OFFERED, "chosen %r (%s at %r, %s\" across) is given a Maneuver order, and no way would "
                                          "move it: %s" % (g.name, g.arm, g.at, g.y / 10.0, "; ".join(
                                              self.maneuver_said(g, x) for x in MANEUVERS)))
        if order == "deploy" and first is None and not self.deploy_offers(g):
            self.fail(T_DEPLOY_OFFERED, "chosen %r (%s, %s at %s\") is %s Deploy order, and no deployment would "
                                        "change it: %s" % (
                                            g.name, g.arm, g.deployment, g.w / 10.0,
                                            "given a", "; ".join(
                                                "%s: %s" % (x, self.deploy_may(g, x)) for x in CHOSEN_DEPLOYMENTS)))
        if self.skirmishing(g) and not self.assault_offered(g, self.nearest(g)[1]) and any(
                x.side != g.side and x.status != "removed" and not self.barred(g, x) for x in self.regs.values()):
            # (the assault is judged by the nearest, which is always among the aims: none offered though a farther
            # skirmisher it may assault is in the game)
            self.seen["chosen skirmishers ordered, every nearest enemy barring them, a farther one they may "
                      "assault"] += 1
        aae = self.heuristic_elan(p["side"])
        if aae is None:
            self.seen["chosen orders " + order] += 1
            return
        chooser = g if first is None else first  # the first half chooses for both halves
        want, d, near = self.heuristic_choice(chooser, aae)
        if first is not None and self.heuristic_choice(g, aae)[0] != want:
            self.seen["heuristic twelve-gun second halves given an order not their own choice"] += 1
        if order != want:
            if order == "maneuver":
                why = "the heuristic never maneuvers a chosen regiment"
            elif order == "deploy" and want == "assault":
                why = "it assaults first: the nearest enemy is within Engagement range (%d), no stronger (%s)" % (
                    self.E, self.prepare_said(g))
            elif order == "deploy":
                why = ("it deploys a chosen regiment only into Prepared to Receive Cavalry, against enemy cavalry "
                       "within prepare_within: %s" % self.prepare_said(g))
            elif want == "deploy":
                why = "it deploys into Prepared to Receive Cavalry first: %s" % self.prepare_said(g)
            elif order == "move" and d is not None and d > self.reach(g):
                why = "it moves only toward an enemy ahead of it or level, and every enemy is behind it"
            elif order == "move":
                why = "it moves only while the nearest enemy is beyond its reach (%d)" % self.reach(g)
            elif want == "move":
                why = "the nearest enemy is beyond its reach (%d): it moves" % self.reach(g)
            else:
                why = ("it assaults only from Engagement range (%d) nearest enemies holding at most %d and at most its "
                       "own %d Elan" % (self.E, aae, g.elan))
            self.fail(T_HEURISTIC, "the heuristic orders chosen %r (%s, Elan %d, at %r) to %s%s; the nearest enemy %s "
                                   "%s inches away, Elan %s: %s" % (
                                       chooser.name, chooser.arm, chooser.elan, chooser.at, order,
                                       "" if first is None else " (with %r, the second half of its twelve-gun "
                                                                "company)" % g.name,
                                       [x.name for x in near], d, [x.elan for x in near], why))
        self.seen["heuristic chosen orders " + order] += 1

    # --- groups ---------------------------------------------------------------------------------------
    def carried(self, g):
        return self.in_line(g) or self.attached(g)

    def unit_of(self, g, level):
        """The regiments in the game of `g`'s division (`level` "division"; [] when it names none) or brigade,
        those carried by another's orders aside."""
        side = [self.regs[n] for n in self.order[g.side]]
        side = [m for m in side if m.status != "removed" and not self.carried(m)]
        if level == "division":
            return [m for m in side if g.division and m.division == g.division]
        return [m for m in side if m.brigade == g.brigade and m.division == g.division]

    def pair_of(self, g):
        return [m for m in self.regs.values() if m is g or m.name == g.pair or g.name == m.pair]

    def pair_other(self, g):
        """The other half of `g`'s Russian twelve-gun company (`maneuvers_with`), or None."""
        return next((m for m in self.pair_of(g) if m is not g), None)

    def pair_first(self, g):
        """The first half of `g`'s twelve-gun company (the earlier in its side's scenario order): `g` when it is one, or
        no half."""
        q = self.pair_other(g)
        if q is None:
            return g
        names = self.order[g.side]
        return q if names.index(q.name) < names.index(g.name) else g

    def inherits(self, g, regs):
        """The first half whose choice chosen `g`, the second half of a twelve-gun company, takes when both are
        ordered in `regs` (T_PAIR); None otherwise."""
        q = self.pair_other(g)
        if q is None or q.name not in regs or self.pair_first(g) is not q or not getattr(g, "chosen", False) \
                or not getattr(q, "chosen", False):
            return None
        return q

    def check_pair(self, members, regs, groups):
        """A group with a chosen half of a twelve-gun company (not one out of an assault): its other half, chosen, is
        in the same group whenever it too is idle and may be ordered (T_PAIR), never in another group of this Officer
        Check (or of the free orders)."""
        for m in members:
            q = self.pair_other(m)
            if q is None or not getattr(m, "chosen", False) or not getattr(q, "chosen", False):
                continue
            if q.name in regs:
                if m is self.pair_first(m):
                    self.seen["twelve-gun companies ordered as one"] += 1
                    if len(regs) > 2:
                        self.seen["twelve-gun companies ordered as one in a larger group"] += 1
                continue
            other = [grp for grp in groups if q.name in grp[0]]
            if other and other[0][1] != "out of an assault":
                self.fail(T_PAIR, "%r and %r, the halves of one twelve-gun company, are given two orders on one "
                                  "Officer Check: %r and %r" % (q.name, m.name, other[0][0], list(regs)))
            if not other and q.status == "idle" and not self.carried(q) and q.side == m.side \
                    and q.player == m.player:
                e = self.c.events[self.c.i - 1]  # the `order` or `not_ordered` being told
                self.fail(T_PAIR, "%r is %s %r order alone, its twelve-gun company's other half %r idle (at %r) and "
                                  "not in it: %r" % (m.name, "given a" if e.get("event") == "order" else "not given a",
                                                     e.get("order"), q.name, q.at, list(regs)))
            self.seen["twelve-gun halves ordered apart, the other %s" % q.status] += 1

    def open_orders(self, key):
        """The groups told so far under the Officer Check (or the free first orders) `key`."""
        if getattr(self, "orders_key", None) != key:
            self.settle_orders()
            self.orders_key = key
            self.groups = []  # [names, order, what order] (note_group)
        return self.groups

    def note_group(self, p, regs, order, key):
        """A group told (`order` or `not_ordered`): each regiment in one group a check; one with a chosen regiment
        formed as note 9 has it. Each group is [names, order, what order]: what order is `order`, for a chosen Deploy
        ("deploy", its `deploy_to`), known when that is told (one order, one deployment: regiments of a brigade taken
        to different deployments are different orders), never for a chosen Deploy not ordered (its deployment is
        not told)."""
        groups = self.open_orders(key)
        for n in regs:
            if any(n in grp[0] for grp in groups):
                self.fail(T_GROUPS, "%r is in two groups on one Officer Check" % n)
        members = [self.reg(n) for n in regs]
        if any(m.status == "fighting" for m in members):
            groups.append([list(regs), "out of an assault", "out of an assault"])  # a group of its own
            return
        chosen = any(getattr(m, "chosen", False) for m in members)
        self.check_pair(members, regs, groups)  # one order to both halves of a twelve-gun company
        # (a chosen Move's order is its stopping place too, told by `move_to`: the heuristic's always on to its
        # objective, so known now, ordered or not; another player's known when told, never for one not ordered)
        what = order
        if chosen and order in ("deploy", "maneuver", "move"):
            what = ("move", None) if order == "move" and self.heuristic_elan(p["side"]) is not None else None
        grp = [list(regs), order, what]
        groups.append(grp)
        if not chosen:
            return
        self.seen["chosen groups of %d" % len(regs)] += 1
        names = set(regs)
        g = members[0]
        if self.r.get("order_groups", "whole") == "whole":
            division, brigade = self.unit_of(g, "division"), self.unit_of(g, "brigade")
            shapes = [set(m.name for m in division), set(m.name for m in brigade), set(m.name for m in self.pair_of(g)),
                      {g.name}]
            if len(regs) > 1 and names not in shapes:
                self.fail(T_GROUPS, "one order to %r, neither a whole division (%r), a whole brigade (%r) nor one "
                                    "regiment" % (regs, sorted(shapes[0]), sorted(shapes[1])))
        else:
            keys = set(self.idle_key(m) for m in members)
            pairs = set(m.name for m in self.pair_of(g))
            if len(keys) > 1 and names != pairs:
                self.fail(T_GROUPS + " (order_groups = idle_alike)", "one order to %r, of more than one division or "
                                                                     "brigade" % regs)
        if grp[2] is not None:
            self.check_split(grp)

    @staticmethod
    def idle_key(m):
        return ("division", m.division) if m.division else ("brigade", m.brigade)

    def check_split(self, grp):
        """Group `grp` of this Officer Check's, its order known (`grp[2]`): no division or brigade (under
        order_groups = idle_alike, no division, else brigade) given that order in parts."""
        groups = self.groups
        regs, what = grp[0], grp[2]
        order = what if isinstance(what, str) else "move on to its objective" if what == ("move", None) \
            else "%s to %s" % what
        members = [self.reg(n) for n in regs]
        alike = [x for x in groups if x[2] == what]
        if self.r.get("order_groups", "whole") == "whole":
            same = set(n for x in alike for n in x[0])
            for m in members:
                for level in ("division", "brigade"):
                    unit = set(x.name for x in self.unit_of(m, level))
                    if unit and unit <= same and not any(unit <= set(x[0]) for x in alike):
                        self.fail(T_GROUPS, "every regiment of %r's %s %r is given %s on this Officer Check, not as "
                                            "one order: %r" % (m.name, level, sorted(unit), order,
                                                               [x[0] for x in alike if set(x[0]) & unit]))
        else:
            keys = set(self.idle_key(m) for m in members)
            for x in alike:
                if x is not grp and any(self.idle_key(self.reg(n)) in keys for n in x[0]):
                    self.fail(T_GROUPS + " (order_groups = idle_alike)", "%r and %r, of one %s, both given %s on this "
                                                                         "Officer Check, not as one order"
                              % (x[0], regs, "/".join(map(str, sorted(keys)[0])), order))

    def settle_orders(self, at_next=False):
        """The Officer Check's (or the free) orders are all told (by the event just read, or, `at_next`, by the next):
        each chosen assault aimed, and every idle chosen regiment the heuristic would order in a group."""
        self.check_aims(at_next)
        key = getattr(self, "orders_key", None)
        if key is None:
            return
        self.orders_key = None
        side, name, free = key[0], key[1], key[2]
        aae = self.heuristic_elan(side)
        if aae is None:
            return
        p = self.players[(side, name)]
        if p.get("attached") and self.reg(p["attached"]).status != "removed" and not free:
            return  # an attached player orders no other regiment
        told = set(n for grp in self.groups for n in grp[0])
        for g in self.regs.values():
            if not getattr(g, "chosen", False) or g.side != side or g.player != name or self.carried(g) \
                    or g.name in told:
                continue
            if g.status != "idle":
                continue
            first = self.pair_first(g)
            if first is not g and first.status == "idle" and getattr(first, "chosen", False) \
                    and not self.carried(first):
                if self.heuristic_choice(g, aae)[0] != "none":
                    self.seen["heuristic twelve-gun second halves left unordered with their first half"] += 1
                continue  # the second half of a twelve-gun company: its first half's choice is the company's (T_PAIR)
            want, d, near = self.heuristic_choice(g, aae)
            if want != "none":
                self.fail(T_HEURISTIC, "the heuristic gives idle chosen %r (%s at %r, Elan %d) no order %s; the nearest "
                                       "enemy %r is %s inches away (reach %d, Engagement range %d), Elan %r: it would "
                                       "order %s" % (g.name, g.arm, g.at, g.elan,
                                                     "among the free first orders" if free else "on this Officer Check",
                                                     [x.name for x in near], d, self.reach(g), self.E,
                                                     [x.elan for x in near], want + (
                                                         " (%s)" % self.prepare_said(g) if want == "deploy" else "")),
                          at_next=at_next)

    def orders_settle(self, kind):
        """At each event (`kind`) of the game: one that tells no orders ends the Officer Check's."""
        # (a cast at once: piquet_deploy.py; a Move order's piquet: piquet_piquets.py)
        if kind in ("status", "aims", "deploy_to", "maneuver_to", "move_to", "skirmishers_cast", "piquet", "hindered"):
            return
        if not (self.aims_due or self.deploy_to_due or self.maneuver_to_due or self.move_to_due) \
                and self.orders_key is None:
            return  # (as check_aims and settle_orders find: nothing told is owed, no heuristic's orders to judge)
        if kind not in ORDER_EVENTS:
            self.settle_orders()
        else:
            self.check_aims()

    # --- the heuristic's Officer Check for orders -----------------------------------------------------------
    def all_chosen(self, side):
        return all(getattr(self.regs[n], "chosen", False) for n in self.order[side])

    def orders_taken(self, p):
        """Player `p` took an Officer Check for `orders`: the heuristic's, on a side all chosen, gives one."""
        if self.heuristic_elan(p["side"]) is not None and self.all_chosen(p["side"]):
            self.orders_due = (p["side"], p["name"], (self.decq, self.kard))

    def orders_told(self, e):
        """At each event `e` after the opening: an order or `not_ordered` of the player answers its Officer Check
        for orders; a `turn`, `hand_play`, `execute`, `decq_end` or `game_end` first is a check with none."""
        due = getattr(self, "orders_due", None)
        if due is None:
            return
        k = e.get("event")
        if k in ("order", "not_ordered") and (e.get("side"), e.get("player")) == due[:2]:
            self.orders_due = None
            self.seen["heuristic officer checks for orders answered"] += 1
        elif k in ("turn", "hand_play", "execute", "decq_end", "game_end"):
            self.orders_due = None
            self.fail(T_ORDERS_GIVEN, "the heuristic's player %r (side %s, every regiment chosen) took an Officer "
                                      "Check for orders on DECQ %d KARD %d and gave no order nor `not_ordered` "
                                      "before this %r" % (due[1], due[0], due[2][0], due[2][1], k))

    # --- the free first orders -------------------------------------------------------------------------
    def free_orders(self):
        """The free first orders of chosen regiments: `decq` 0 events before the first decq_start."""
        self.aims_due = {}
        self.deploy_to_due = {}  # chosen regiment -> its Deploy order's group key, its `deploy_to` not told yet
        self.deploy_group_to = {}  # group key -> (regiment, `to`) told first
        self.deploy_group = {}  # group key -> its entry among the Officer Check's groups (note_group)
        self.maneuver_to_due = {}  # chosen regiment -> its Maneuver order's group key, its `maneuver_to` not told yet
        self.maneuver_group_to = {}  # group key -> (regiment, `to`) told first
        self.maneuver_group = {}  # group key -> its entry among the Officer Check's groups (note_group)
        self.move_to_due = {}  # chosen regiment -> its Move order's group key, its `move_to` not told yet
        self.move_group_to = {}  # group key -> (regiment, `to`) told first
        self.move_group = {}  # group key -> its entry among the Officer Check's groups (note_group)
        self.orders_key = None
        c = self.c
        while c.peek() is not None and c.peek_kind() != "decq_start":
            e = c.next()
            k = e.get("event")
            if e.get("decq") != 0 or e.get("kard") not in (0, 1):
                self.fail(T_FORMAT, "a %r event outside a DECQ" % k)
            self.orders_settle(k)
            if k == "order":
                self.free_order_after_piquets()  # (piquet_piquets.py)
                self.on_free_order(e)
            elif k == "piquet":
                self.on_opening_piquet(e)  # the opening Moves' piquets (piquet_piquets.py)
            elif k == "hindered":
                self.on_hindered(e)  # the free and opening orders' obstacles (piquet_obstacles.py)
            elif k in ("status", "aims", "deploy_to", "maneuver_to", "move_to", "skirmishers_cast"):  # (piquet_deploy.py)
                getattr(self, "on_" + k)(e)
            else:
                self.fail(T_FREE, "a %r event before the first DECQ, among the free first orders" % k)
        self.settle_orders(at_next=True)
        self.opening_piquets_done()

    def on_free_order(self, e):
        p = self.ev_player(e)
        regs, order = self.f(e, "regiments"), self.f(e, "order")
        if not regs:
            self.fail(T_FREE, "a free order to no regiment")
        for n in regs:
            g = self.reg(n)
            if not g.chosen:
                self.fail(T_FREE, "a free order to %r, whose first order its plan %r gave" % (n, g.plan))
            if self.carried(g):
                self.fail(T_FREE, "a free order to %r, carried by %r's orders" % (n, g.lead or g.attached_to))
            if g.side != p["side"] or g.player != p["name"]:
                self.fail(T_FREE, "player %r gives %r a free first order; its player is %r" % (p["name"], n, g.player))
            if g.status != "idle":
                self.fail(T_FREE, "%r is given a free first order while %s" % (n, g.status))
            self.chosen_kind(p, g, order, regs)
        self.note_group(p, regs, order, (p["side"], p["name"], True))
        if self.f(e, "cost") != 0:
            self.fail(T_FREE, "a free first order for %r IP" % e["cost"])
        self.pay(p, e, 0, paid=False)
        self.given(regs, order, (0, "free", tuple(regs)))
        self.seen["free first orders"] += 1

    def given(self, regs, order, order_id):
        """`regs` are given `order`: a chosen assault is aimed next, a chosen Deploy told where it goes
        (`deploy_to`), from the deployments offered now, a chosen Maneuver (not one out of an assault) which way it goes
        (`maneuver_to`), from the ways offered now."""
        self.order_serial = getattr(self, "order_serial", 0) + 1
        for n in regs:
            g = self.reg(n)
            g.order = order
            g.order_id = order_id
            g.chips = None
            g.pending_status = ("ordered", self.gk)
            g.aim = None
            g.move_place = None  # a chosen Move's stopping place (`move_to`), None: on to its objective
            self.skirmish_new_order(g)  # piquet_deploy.py
            if g.chosen and order == "assault":
                self.aims_due[n] = self.gk
            # The second half of a twelve-gun company ordered with its first half goes where the first half's player
            # chose for both: the deployments and ways offered it are the first half's (T_PAIR).
            first = self.inherits(g, regs) if g.chosen else None
            chooser = g if first is None else first
            if g.chosen and order == "deploy":
                self.deploy_to_due[n] = (self.order_serial, tuple(regs))
                self.deploy_group[(self.order_serial, tuple(regs))] = self.groups[-1]  # note_group's, just told
                g.deploy_offered = self.deploy_offers(chooser)  # from how it stands when ordered
                g.own_offered = self.deploy_offers(g)
            if g.chosen and order == "maneuver" and g.status != "fighting":  # (out of an assault: no way told)
                self.maneuver_to_due[n] = (self.order_serial, tuple(regs))
                self.maneuver_group[(self.order_serial, tuple(regs))] = self.groups[-1]
                g.maneuver_offered = self.maneuver_offers(chooser)  # from where it stands when ordered
                g.own_offered = self.maneuver_offers(g)
            if g.chosen and order == "move":
                self.move_to_due[n] = (self.order_serial, tuple(regs))
                self.move_group[(self.order_serial, tuple(regs))] = self.groups[-1]
                g.move_offered = self.move_to_offers(chooser)  # as the field stands when ordered
                g.move_own = self.move_to_offers(g)
        # a Move's or an Assault's obstacles, told by `hindered` (piquet_obstacles.py)
        self.hinder_given(regs, order, "free" if order_id[0] == 0 else "order")

    # --- aims ---------------------------------------------------------------------------------------------
    def check_aims(self, at_next=False):
        """Each chosen assault given is aimed (`aims`), each chosen Deploy told where it goes (`deploy_to`)."""
        for n in self.aims_due:
            self.fail(T_AIMS, "%r's chosen assault is not aimed (no `aims` after its order)" % n, at_next=at_next)
        for n in self.deploy_to_due:
            self.fail(T_DEPLOY_TO, "%r's chosen Deploy order is told no `deploy_to` (where it takes it) after its order"
                      % n, at_next=at_next)
        for n in self.maneuver_to_due:
            self.fail(T_MANEUVER_TO, "%r's chosen Maneuver order is told no `maneuver_to` (which way it goes) after its "
                                     "order" % n, at_next=at_next)
        for n in self.move_to_due:
            self.fail(T_MOVE_TO, "%r's chosen Move order is told no `move_to` (where it stops) after its order" % n,
                      at_next=at_next)

    # --- deploy_to ----------------------------------------------------------------------------------------
    def pair_to(self, g, key, to, kind):
        """`g`, ordered by the order `key`, is told `kind` (`deploy_to` or `maneuver_to`) `to`: the two halves of a
        twelve-gun company ordered as one are told the same `to` (T_PAIR), each its own event."""
        told = self.__dict__.setdefault("pair_told", {})
        q = self.pair_other(g)
        if q is not None and q.name in key[1] and (key, q.name) in told:
            if told[(key, q.name)] != to:
                self.fail(T_PAIR, "%r and %r, the halves of one twelve-gun company given one %s order %r, are told "
                                  "%s %r and %r" % (q.name, g.name, ORDER_OF[kind], list(key[1]), kind,
                                                    told[(key, q.name)], to))
            self.seen["twelve-gun halves told one %s" % WHAT_OF[kind]] += 1
            second = g if self.pair_first(g) is q else q
            own = second.move_own[1] + [None] if kind == "move_to" else getattr(second, "own_offered", (to,))
            if to not in own:
                self.seen["twelve-gun second halves told a %s not offered them" % WHAT_OF[kind]] += 1
        told[(key, g.name)] = to

    def on_deploy_to(self, e):
        g = self.reg(self.f(e, "regiment"))
        to = self.f(e, "to")
        if g.side != self.f(e, "side"):
            self.fail(T_FORMAT, "%r is told a deploy_to for side %r" % (g.name, e["side"]))
        if to not in CHOSEN_DEPLOYMENTS:
            self.fail(T_FORMAT + " (`deploy_to`'s `to`: max, min, formed, prepared or skirmish)",
                      "%r's deploy_to %r" % (g.name, to))
        if g.name not in self.deploy_to_due:
            self.fail(T_DEPLOY_TO, "%r is told deploy_to %r, given no chosen Deploy order just before (%s%s, order %r)"
                      % (g.name, to, g.status, "" if getattr(g, "chosen", False) else ", its orders planned",
                         g.order))
        prev = self.c.events[self.c.i - 2] if self.c.i >= 2 else {}
        if g.status != "ordered" or prev.get("event") != "status" or prev.get("regiment") != g.name \
                or prev.get("to") != "ordered":
            self.fail(T_DEPLOY_TO, "%r is told deploy_to %r %s" % (
                g.name, to, "before its status idle -> ordered (it is %s)" % g.status if g.status != "ordered" else
                "not right after its status idle -> ordered (after a %r event%s)" % (
                    prev.get("event"), " of %r" % prev["regiment"] if "regiment" in prev else "")))
        key = self.deploy_to_due.pop(g.name)
        self.pair_to(g, key, to, "deploy_to")
        offered = g.deploy_offered
        if to not in offered:
            self.fail(T_DEPLOY_OFFERED, "chosen %r (%s, %s at %s\" when ordered) is told deploy_to %r: %s (offered: %r)"
                      % (g.name, g.arm, g.deployment, g.w / 10.0, to, self.deploy_may(g, to), offered))
        first = self.deploy_group_to.get(key)
        if first is not None and first[1] != to:
            self.fail(T_DEPLOY_GROUP, "%r and %r, given one Deploy order %r, are told deploy_to %r and %r"
                      % (first[0], g.name, list(key[1]), first[1], to))
        if first is None:
            self.deploy_group_to[key] = (g.name, to)
            grp = self.deploy_group.pop(key)
            grp[2] = ("deploy", to)  # one order, one deployment
            if getattr(self, "orders_key", None) is not None:
                self.check_split(grp)
        else:
            self.seen["chosen Deploy groups of one deployment"] += 1
        if self.heuristic_elan(g.side) is not None and to != "prepared":
            self.fail(T_HEURISTIC_PREPARE, "the heuristic takes chosen %r to %r; it deploys only into Prepared to "
                                           "Receive Cavalry" % (g.name, to))
        if g.deploy_pick is not None:
            self.seen["deploy_to replacing a cut-off one"] += 1
        g.deploy_pick = to
        self.seen["deploy_to " + to] += 1
        if len(offered) > 1:
            self.seen["deploy_to among several offered"] += 1

    # --- maneuver_to --------------------------------------------------------------------------------------------
    def on_maneuver_to(self, e):
        g = self.reg(self.f(e, "regiment"))
        to = self.f(e, "to")
        if g.side != self.f(e, "side"):
            self.fail(T_FORMAT, "%r is told a maneuver_to for side %r" % (g.name, e["side"]))
        if to not in MANEUVERS:
            self.fail(T_FORMAT + " (`maneuver_to`'s `to`: forward, back, left or right)",
                      "%r's maneuver_to %r" % (g.name, to))
        if g.name not in self.maneuver_to_due:
            self.fail(T_MANEUVER_TO, "%r is told maneuver_to %r, given no chosen Maneuver order just before (%s%s, "
                                     "order %r)" % (g.name, to, g.status, "" if getattr(g, "chosen", False) else
                                                    ", its orders planned", g.order))
        prev = self.c.events[self.c.i - 2] if self.c.i >= 2 else {}
        if g.status != "ordered" or prev.get("event") != "status" or prev.get("regiment") != g.name \
                or prev.get("to") != "ordered":
            self.fail(T_MANEUVER_TO, "%r is told maneuver_to %r %s" % (
                g.name, to, "before its status idle -> ordered (it is %s)" % g.status if g.status != "ordered" else
                "not right after its status idle -> ordered (after a %r event%s)" % (
                    prev.get("event"), " of %r" % prev["regiment"] if "regiment" in prev else "")))
        key = self.maneuver_to_due.pop(g.name)
        self.pair_to(g, key, to, "maneuver_to")
        offered = g.maneuver_offered
        if to not in offered:
            self.fail(T_MANEUVER_OFFERED, "chosen %r (%s at %r, %s\" across when ordered) is told maneuver_to %r, which "
                                          "would not move it: it goes %s (offered: %r)" % (
                                              g.name, g.arm, g.at, g.y / 10.0, to, self.maneuver_said(g, to),
                                              offered))
        first = self.maneuver_group_to.get(key)
        if first is not None and first[1] != to:
            self.fail(T_MANEUVER_GROUP, "%r and %r, given one Maneuver order %r, are told maneuver_to %r and %r"
                      % (first[0], g.name, list(key[1]), first[1], to))
        if first is None:
            self.maneuver_group_to[key] = (g.name, to)
            grp = self.maneuver_group.pop(key)
            grp[2] = ("maneuver", to)  # one order, one way
            if getattr(self, "orders_key", None) is not None:
                self.check_split(grp)
        else:
            self.seen["chosen Maneuver groups of one way"] += 1
        if self.heuristic_elan(g.side) is not None:
            self.fail(T_HEURISTIC, "the heuristic maneuvers chosen %r %s; it never maneuvers a chosen regiment"
                      % (g.name, to))
        if g.maneuver_pick is not None:
            self.seen["maneuver_to replacing a cut-off one"] += 1
        g.maneuver_pick = to
        self.seen["maneuver_to " + to] += 1
        if len(offered) > 1:
            self.seen["maneuver_to among several offered"] += 1
        for m in MANEUVERS:
            if m not in offered:
                self.seen["maneuver_to with %s not offered" % m] += 1

    # --- move_to ------------------------------------------------------------------------------------------------
    def move_to_offers(self, g):
        """([farthest], [places]) of chosen `g`'s Move, as the field stands now (docs/agents.md, decision `move_to`):
        `farthest`, where the Move would stop (its fire's reach of the nearest enemy ahead, or the next terrain
        objective's near edge, whichever comes first: piquet_terrain.move_places, one for each of the nearest when
        they tie), and the places offered, from 1" ahead of it up to 1" short of `farthest`, only when `farthest` is at
        least 2" ahead (else none: `to` null)."""
        w = 1 if g.side == "a" else -1
        keep, g.move_place = getattr(g, "move_place", None), None
        far = sorted(set(d[0] for d in self.move_places(g)))
        g.move_place = keep
        places = set()
        for f in far:
            if w * (f - g.at) >= 2:
                places |= set(range(g.at + w, f, w))
        return far, sorted(places)

    def on_move_to(self, e):
        g = self.reg(self.f(e, "regiment"))
        to = self.f(e, "to")
        if g.side != self.f(e, "side"):
            self.fail(T_FORMAT, "%r is told a move_to for side %r" % (g.name, e["side"]))
        if to is not None and (isinstance(to, bool) or not isinstance(to, (int, float))):
            self.fail(T_FORMAT + " (`move_to`'s `to`: a place on the axis, inches, or null)",
                      "%r's move_to %r" % (g.name, to))
        if g.name not in self.move_to_due:
            self.fail(T_MOVE_TO, "%r is told move_to %r, given no chosen Move order just before (%s%s, order %r)" % (
                g.name, to, g.status, "" if getattr(g, "chosen", False) else ", its orders planned", g.order))
        prev = self.c.events[self.c.i - 2] if self.c.i >= 2 else {}
        if g.status != "ordered" or prev.get("event") != "status" or prev.get("regiment") != g.name \
                or prev.get("to") != "ordered":
            self.fail(T_MOVE_TO, "%r is told move_to %r %s" % (
                g.name, to, "before its status idle -> ordered (it is %s)" % g.status if g.status != "ordered" else
                "not right after its status idle -> ordered (after a %r event%s)" % (
                    prev.get("event"), " of %r" % prev["regiment"] if "regiment" in prev else "")))
        key = self.move_to_due.pop(g.name)
        self.pair_to(g, key, to, "move_to")
        far, places = g.move_offered
        w = 1 if g.side == "a" else -1
        if self.heuristic_elan(g.side) is not None and to is not None:
            self.fail(T_MOVE_TO_OFFERED, "the heuristic stops chosen %r's Move (at %r) at %r; it goes on to its "
                                         "objective (`to` null; farthest %s)" % (g.name, g.at, to, far))
        if to is not None and to not in places:
            if not places:
                why = "no place is offered (farthest %s, less than 2\" ahead of %r): `to` is null" % (far, g.at)
            elif w * (to - g.at) < 1:
                why = "it is not 1\" ahead of the regiment at %r (the places offered: %r to %r)" % (
                    g.at, places[0 if w > 0 else -1], places[-1 if w > 0 else 0])
            else:
                why = "it is not 1\" short of farthest %s (the places offered: %r to %r)" % (
                    far, places[0 if w > 0 else -1], places[-1 if w > 0 else 0])
            self.fail(T_MOVE_TO_OFFERED, "chosen %r (%s at %r) is told move_to %r: %s" % (g.name, g.arm, g.at, to, why))
        first = self.move_group_to.get(key)
        if first is not None and first[1] != to:
            self.fail(T_MOVE_TO_GROUP, "%r and %r, given one Move order %r, are told move_to %r and %r"
                      % (first[0], g.name, list(key[1]), first[1], to))
        if first is None:
            self.move_group_to[key] = (g.name, to)
            grp = self.move_group.pop(key)
            grp[2] = ("move", to)  # one order, one stopping place
            if getattr(self, "orders_key", None) is not None:
                self.check_split(grp)
        else:
            self.seen["chosen Move groups of one stopping place"] += 1
        g.move_place = to
        if to is None:
            self.seen["move_to objective"] += 1
            if self.heuristic_elan(g.side) is not None:
                self.seen["heuristic move_to objective"] += 1
            if places:
                self.seen["move_to objective among places offered"] += 1
            else:
                self.seen["move_to with no place offered"] += 1
        else:
            self.seen["move_to a place"] += 1
            if len(places) > 1:
                self.seen["move_to among several places offered"] += 1
            if self.pq_due.pop(g.name, None) is not None:  # stopped short: no piquet (piquet_piquets.py)
                self.seen["Moves stopped short of an objective, placing no piquet"] += 1

    def aim_candidates(self, g):
        """(candidates, nearest, limited) of chosen `g`'s assault (decision `aim`): the enemy regiments in the game (not
        removed) it may assault, the nearest always among them. A skirmisher's, when a skirmisher it may assault is in
        the game (`limited`: "Skirmishing units can Assault only other skirmishing units; skirmishing infantry can not
        Assault skirmishing cavalry in the open", piquet_deploy.barred), are those its assault is not barred by: a
        barring target that may not resist it is taken unopposed, as by any attacker (piquet_deploy.resists; docs/
        piquet.md: "A skirmisher barred from an assault on a target that may not resist ... takes its objective
        unopposed"); with none, every enemy in the game. `nearest`: the enemies as near as the nearest (one of them,
        drawn, is the candidate: any of them is accepted)."""
        foes = [x for x in self.regs.values() if x.side != g.side and x.status != "removed"]
        near = self.nearest(g)[1]
        limited = self.skirmishing(g) and any(not self.barred(g, x) for x in foes)
        cands = [x for x in foes if not (self.barred(g, x) and self.resists(x))] if limited else foes
        return cands + [x for x in near if x not in cands], near, limited

    def aims_nearest(self, side):
        """The side's chosen assaults are aimed at the nearest enemy: its player is the heuristic ("the heuristic takes
        the nearest, the enemy it judged the order by"); another's may be any candidate."""
        return self.heuristic_elan(side) is not None

    def aim_choices(self, g):
        """The regiments chosen `g`'s assault, not aimed yet, may be aimed at: the heuristic's the nearest (ties), any
        other player's any candidate (aim_candidates)."""
        cands, near, _ = self.aim_candidates(g)
        return near if self.aims_nearest(g.side) else cands

    def on_aims(self, e):
        g = self.reg(self.f(e, "regiment"))
        t = self.reg(self.f(e, "target"))
        if g.side != self.f(e, "side"):
            self.fail(T_FORMAT, "%r aims for side %r" % (g.name, e["side"]))
        if t.side == g.side:
            self.fail(T_AIMS, "%r (side %s) aims at %r, of its own side" % (g.name, g.side, t.name))
        if g.name not in self.aims_due:
            self.fail(T_AIMS, "%r aims at %r, given no chosen assault just before (%s, order %r)"
                      % (g.name, t.name, g.status, g.order))
        del self.aims_due[g.name]
        if t.status == "removed":
            self.fail(T_AIMS, "%r aims at %r, removed: not in the game" % (g.name, t.name))
        named = self.regs.get(g.target) if g.target else None
        d, near = self.nearest(g)
        cands, _, limited = self.aim_candidates(g)
        heuristic = self.aims_nearest(g.side)
        said = "the nearest enemy: %r at %s inches%s" % (
            [x.name for x in near], d, " (its named target %r is no matter)" % g.target if g.target else "")
        if heuristic and t not in near:
            self.fail(T_AIMS, "%r (at %r) aims at %r at %r, %s inches away; the heuristic takes the nearest: %s" % (
                g.name, g.at, t.name, t.at, Inches(self.d2(g, t) ** 0.5 / 10), said))
        if t not in cands:
            self.fail(T_AIMS_SKIRMISH + " / " + T_AIMS, "%r (%s %s, at %r) aims at %r (%s %s at %r), not the nearest "
                                                       "(%s), while it may assault %r: %s" % (
                                                           g.name, g.arm, g.deployment, g.at, t.name, t.arm,
                                                           t.deployment, t.at, said,
                                                           [x.name for x in cands if not self.barred(g, x)],
                                                           self.skirmish_said(g, t)))
        if len(cands) > 1:
            self.seen["aims among several candidates"] += 1
        if self.skirmishing(g):
            self.seen["skirmishers' aims, %s" % ("limited to skirmishers they may assault" if limited else
                                                 "none they may assault in the game")] += 1
        if t in near:
            self.seen["aims at the nearest enemy"] += 1
        else:
            self.seen["aims at an enemy not the nearest"] += 1
            if self.skirmishing(g):
                self.seen["skirmishers' aims not at the nearest, none they may assault in the game" if not limited
                          else "skirmishers' aims not at the nearest, at a skirmisher they may assault"
                          if self.skirmishing(t) else
                          "skirmishers' aims not at the nearest, at a formed enemy that may not resist"] += 1
        if limited and any(self.barred(g, x) for x in near):
            self.seen["skirmishers' aims with a nearest enemy barring them and skirmishers they may assault"] += 1
        if heuristic:
            # The nearest, measured in tenths straight between the frontages' nearer ends (the heuristic's aims,
            # held to it: a random player's may be any candidate).
            foes = [x for x in self.regs.values() if x.side != g.side and x.status != "removed"]
            if any(abs(x.at - g.at) < abs(t.at - g.at) for x in foes):
                self.seen["aims across the field past an enemy nearer along the axis"] += 1
            if any(x not in near and self.whole_inches(g, x) == self.whole_inches(g, t) for x in foes):
                self.seen["aims decided by tenths (as near in whole inches)"] += 1
            if named is not None and named.status != "removed" and named not in near:
                self.seen["aims past a farther named target"] += 1
        if t in near and any(self.barred(g, x) and self.resists(x) for x in near):
            self.seen["aims among nearest enemies some barring the assault at one %s"
                      % ("barring it" if self.barred(g, t) and self.resists(t) else "not barring it")] += 1
        g.aim = t.name

    def whole_inches(self, g, x):
        """The distance from `g` to `x` rounded up to whole inches (not how the nearest is measured: in tenths)."""
        d2, n = self.d2(g, x), 0
        while 100 * n * n < d2:
            n += 1
        return n

    def assault_target(self, g):
        """The regiment `g`'s assault goes in against: a chosen assault's aimed one, else its scenario target."""
        name = g.aim if getattr(g, "chosen", False) and g.aim else g.target
        return self.regs.get(name) if name else None

    def check_aimed(self, g, target, how):
        """A chosen regiment's assault (`how`) goes in against the regiment it aimed at; a second line sent in and
        cavalry going on through aside."""
        if not getattr(g, "chosen", False) or g.order != "assault" or g.status not in ("ordered", "closing"):
            return
        if self.sent_now(g) is not None or self.going_on(g) or getattr(g, "onward", None):
            return
        if g.aim != target.name:
            self.fail(T_AIMS, "chosen %r's assault goes in against %r (%s); it aimed at %r" % (g.name, target.name, how,
                                                                                           g.aim))
        self.seen["chosen assaults in against the aimed"] += 1
