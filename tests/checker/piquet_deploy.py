"""Deployments and the optional Skirmish Engagement in the Piquet model (`piquet.py`): how each regiment stands
(`formed`, `prepared` to receive cavalry, `skirmish` order) and its frontage as Deploy orders change them, the fire of
skirmishing cavalry, formed infantry going through skirmishers, the skirmishers' barred assaults and the step of
cavalry assaulting infantry Prepared to Receive Cavalry (rule prepared_step). `Deploy` is a part of `piquet._Game`: it
reads the game's regiments (`self.regs`), KARD (`self.gk`), rules (`self.r`), scenario (`self.sc`) and Engagement
range (`self.E`) and reports through its `fail`. Written, as the rest of the checker, from the seed text (Organization,
Infantry: "expanding the frontage of the regiment between the maximum and minimum allowed and in preparing infantry to
receive cavalry ... deploy into and from skirmish order"; the Deployment card; Fire: "skirmishing cavalry"; Skirmish
Engagements (optional); Offensive and Defensive Use of Skirmishing Units; Formed Unit Options Against Skirmishing
Units), the rules listing (`fortunes rules piquet`: skirmishers_receive, prepared_step) and docs/replay.md (`regiment`'s
`deployment`, `deploys`, `skirmishers_cast`, `moves` why `engages` and `skirmishers`), never from the crate's source.

What it holds a trace to:

- the opening: each `regiment` event's `deployment` is the scenario's (`formed` unless it says; every trace with
  places across tells it, and only a one-axis trace, from before deployments were told, carries none and is read all
  formed), `prepared` only for infantry, `skirmish` only for a
  regiment the scenario makes `skirmishers = true`; in skirmish order its `frontage` is "50% greater than its maximum,
  formed frontage": 1.5 x the most the Organization section allows (cut to a tenth, piquet_field.frontage_limits),
  rounded up to a tenth; cavalry opens loaded only in skirmish order ("cavalry out of skirmish order is unloaded");
- a completed Deploy order (its chips gone, `execute`) of a planned regiment whose scenario gives `deploy_to`, or of a
  chosen regiment (`orders = "chosen"`) with a `deploy_to` event pending (its player's choice, piquet_chosen.py; its
  scenario's deploy_to is not followed), is followed, before the next settling event, by one `deploys` of that
  regiment, changing it to the chosen `to` (used up), or, planned, to the list's entry n modulo its length for the n-th
  of its completed Deploy orders (counted from 0): `max` / `min` formed at the most / the
  least its arm allows (infantry: the most times 5/8, 2/3 or 1 by battalions, cut to a tenth, "9.3 inches x (5/8) is
  5.8 inches"; cavalry: "no defined minimum", the least frontage to a tenth, 0.1"; a company: its castings at 3/4"
  each, rounded up to a tenth, 1.5" or 2.3"), a number formed at that many inches (within the limits), `formed`
  formed at the scenario's frontage (its `frontage`, else the most), `prepared` Prepared to Receive Cavalry keeping
  its frontage (infantry only), `skirmish` skirmish order at 1.5 x the most rounded up to a tenth (skirmishers only);
  `from` and `frontage_from` are how it stood; no `deploys` without such an order, none for a planned regiment with no
  `deploy_to` (a Deploy order then changes nothing), none for a chosen one with no `deploy_to` pending; where a chosen
  Deploy may be told to go (`deploy_may`, `deploy_offers`): max, min, formed, prepared (infantry), skirmish
  (skirmishers), no min for cavalry, only where it changes the deployment or frontage; the frontage told is the one
  every later gap, range, overlap and
  aspect is measured with (piquet_field.py); cavalry leaving skirmish order is unloaded (no `unloaded` event: that
  one tells an engagement's or assault's end);
- fire: cavalry fires only in skirmish order ("or skirmishing cavalry command"), its volleys `musketry` at Engagement
  range, and reloads (only then) on a Musket/Missile Reload card; formed cavalry never fires and is never offered a
  reload;
- an Assault order whose chips are gone (after the objective horizon, piquet_terrain.assault_horizon, which comes
  first): "Skirmishing units can Assault only other skirmishing units; skirmishing infantry can not Assault skirmishing
  cavalry in the open": a regiment in skirmish order whose target is not, or skirmishing infantry whose target is
  skirmishing cavalry in the open (in no terrain objective, not `urban`), moves up to Engagement range of its target
  (`moves` why `engages`, only when not within it already: inch by inch toward it, forward, or back to a target behind
  it as an assault's contact goes back to one, its place across kept, the first place within range, level with it at
  the latest) and goes `idle`, its order done, never into contact; formed (not skirmishing) infantry whose target
  stands in skirmish order "between them and the formed unit's objective" (ahead of it or level along the axis: side
  a faces up it, side b down it) and does not receive the assault ("skirmishing infantry units not in the open can
  elect to receive an Assault": skirmishing infantry in a terrain objective or `urban`, under skirmishers_receive =
  cover; skirmishing cavalry never) first moves up to Engagement range of the skirmishers the same way (`moves` why
  `skirmishers`) and then takes their cast (`skirmishers_cast`; never of skirmishers behind it, which it assaults
  straight in): "The skirmishing unit takes an
  unmodified performance cast and the result is given to the formed unit as additional movement chips": the
  skirmishers' dice (their eliteness's die, their experience's count, no step at all), `chips` the highest die, from
  within their Engagement range; its Assault order goes on (still `ordered`, its plan not advanced) and its next
  execution starts from those chips; when they are gone it goes into contact as usual ("If operating under an Assault
  order, the formed unit must immediately move into contact with the skirmishing unit"), never taking a second cast
  on that order; formed cavalry goes straight in ("they do not pay the additional movement chip penalty"); a
  skirmishing regiment's `assault_begins` and `joins_assault` are against skirmishers only (skirmishing infantry not
  against skirmishing cavalry in the open), and formed infantry's against non-receiving skirmishers only after their
  cast;
- a Move of formed infantry through skirmishers ("Formed infantry that wishes to move through skirmishers that are
  between them and the formed unit's objective"): when its chips are gone, straight ahead (no gap across to its goal:
  its scenario target if in the game, else the nearest enemy; a chosen regiment's the nearest enemy ahead or level,
  to its fire's reach), where it was ordered being the nearer of the next terrain objective's near edge ahead and
  Engagement range (its reach) of its goal (a tie: the objective), and the first enemy ahead or level to stop it (the
  least advance to Engagement range, gaps across counted, inch by inch) being skirmishers, not its goal, neither
  unrallied nor removed, that stop it strictly short of that place: it comes up to their Engagement range (`moves` why
  `skirmishers`, unless within it), takes their unmodified cast (`skirmishers_cast`, as under an Assault order, no
  receiving) as its order's chips, and stays ordered, its next execution from them; when those are gone, if they still
  so bar it, "the skirmishing unit may elect ... fall back": they fall back (`moves` why `falls_back`, before it moves
  on) to 1" outside Engagement range of where it was ordered (that place + its facing x (Engagement range + 1)), and
  when that was a terrain objective's edge at least 1" past the objective's far edge, the farther, only when that takes
  them forward, never out of an assault they are fighting in ("Assaults, once started, are fought out continuously");
  then its Move completes as any does (piquet_terrain.py); else it just completes; one cast per order (a new order
  starts afresh);
- skirmishers screen (cast, fall back) only while idle or ordered: fighting, retiring or closing in an assault,
  shaken or removed they screen nothing ("Assaults, once started, are fought out continuously");
- "If already Engaged with skirmishers when ordered to move, the additional cast is taken immediately": formed
  infantry given a Move order (on an Officer Check, or a chosen regiment's free first order) the skirmishers screen
  while already within their Engagement range, or an Assault order on skirmishers it must go through while within
  it, takes their cast right after its order (no `moves`, before the next settling event), its order's chips the
  scenario's plus the cast; the order is then through them (no second cast; at its completion the Move's skirmishers
  fall back, if they still screen it, the Assault goes into contact);
- out of skirmish order into `prepared` a regiment takes its formed (scenario) frontage;
- a skirmisher's assault is barred only by a target that resists: one that may not (removed, defeated, an unrallied
  winner under unrallied_winner = withdraws) it takes unopposed (`objective_taken`) as any attacker, a skirmishing
  second line sent in too; barred, it goes from ordered to idle directly (its `engages` before), never `closing`;
- breakthroughs: "Battle cavalry that Assaults formed cavalry, infantry or artillery ... may attempt a breakthrough":
  none against a defender in skirmish order (not formed), so none by skirmishing cavalry (which may Assault only
  skirmishers); a second line in skirmish order (cavalry_waves) is never sent in (`second_line`: meeting or following
  a breakthrough, relieving its lead) against a target not in skirmish order;
- assault rounds: each cast of a cavalry attacker against a defender Prepared to Receive Cavalry at the time of the
  round is stepped prepared_step more (its size was lost with the modifier table; added to the other steps).
"""

from math import ceil, floor

from piquet_field import frontage_limits, inches, tenths
from piquet_text import (
    T_BARRED, T_BETWEEN, T_BREAK_FORMED, T_DEPLOY, T_DEPLOY_TO, T_FORMAT, T_PREPARED, T_RECEIVE, T_RELOAD,
    T_SKIRMISH_FIRE, T_SKIRMISH_WIDTH, T_THROUGH, T_WAVES_AUTO, UNRALLIED, T_MOVE_THROUGH, T_FALL_BACK, T_IMMEDIATE,
    T_SCREEN, DEFEATED,
)

DEPLOYMENTS = ("formed", "prepared", "skirmish")
# Where a chosen regiment's Deploy order may take it (`deploy_to`'s `to`, docs/replay.md; decision `deployment`,
# docs/agents.md).
CHOSEN_DEPLOYMENTS = ("max", "min", "formed", "prepared", "skirmish")


def skirmish_width(most):
    """Skirmish order's frontage in tenths: 1.5 x the most formed frontage (tenths), rounded up to a tenth."""
    return (3 * int(most) + 1) // 2


class Deploy:
    """Deployments, frontages changed by Deploy orders, skirmishing cavalry's fire and the Skirmish Engagement's
    assaults."""

    # --- the opening -------------------------------------------------------------------------------------------
    def opening_width(self, g, s, least, most, want):
        """The frontage (tenths) `g` opens with: `want` (the scenario's, else the most) formed or prepared, 1.5 x the
        most in skirmish order. Reads `g`'s deployment limits for its later Deploy orders."""
        g.skirmishers = bool(s.get("skirmishers", False))
        g.deployment = s.get("deployment", "formed")
        # the least: infantry's cut to a tenth (the text's "9.3 inches x (5/8) is 5.8 inches"), cavalry's a tenth ("no
        # defined minimum width"), a company's castings at 3/4" each rounded up to a tenth (docs/piquet.md: "1.5" to
        # 2", 2.3" to 3"")
        g.least = int(floor(least)) if g.arm == "infantry" else 1 if g.arm == "cavalry" else int(ceil(least))
        g.most = int(most)
        g.formed_w = want
        g.deploy_to = list(s.get("deploy_to", []) or [])  # a plan's; a chosen regiment's is read, not followed
        g.deploy_pick = None  # a chosen regiment's pending `deploy_to` (its player's choice) until its Deploy completes
        g.deploys_n = 0  # Deploy orders completed
        g.deploy_due = None  # (global KARD, entry) of a completed Deploy order not told yet
        g.through_cast = False  # its Assault order took the skirmishers' cast
        g.through_wait = False  # and has not executed since
        g.engaging = None  # global KARD its barred assault closed on
        g.mv_pending = None  # global KARD its Move order's chips went, what follows not yet reckoned
        g.mv_expect = None  # what its completed Move order owes: the skirmishers' cast, or their falling back
        g.mv_through = None  # the skirmishers whose cast its Move order took (the through mark, per order)
        g.mv_undone = None  # global KARD its Move's completion was turned into the cast
        g.w_open = skirmish_width(most) if g.deployment == "skirmish" else want
        return g.w_open

    def read_deployment(self, g, e, s):
        """`g`'s `deployment` from its regiment event `e` (scenario entry `s`)."""
        if not hasattr(g, "deployment"):  # a trace without places across (read on the one axis): no frontage told
            least, most = frontage_limits(g.arm, s)
            self.opening_width(g, s, least, most, tenths(s["frontage"]) if "frontage" in s else int(most))
            g.w_open = g.w = 0
        if g.deployment not in DEPLOYMENTS:
            self.fail(T_FORMAT, "%r's scenario deployment %r" % (g.name, g.deployment), at_next=True)
        if "deployment" not in e and getattr(self, "across", False):
            # every trace with places across tells it (docs/replay.md, `regiment`; the fixtures regenerated with it):
            # only a one-axis trace, from before deployments were told, is read all formed
            self.fail(T_FORMAT + " (docs/replay.md: `regiment` ... `deployment` how it stands: `formed`, `prepared` "
                                 "to receive cavalry, or `skirmish`)",
                      "%r's regiment event has `y` and `frontage` but no `deployment`" % g.name)
        told = e.get("deployment", None) if "deployment" in e else "formed"
        if told != g.deployment:
            self.fail(T_DEPLOY, "%r opens %s, the scenario says %s" % (g.name, told, g.deployment))
        if g.deployment == "prepared" and g.arm != "infantry":
            self.fail(T_DEPLOY, "%s %r opens Prepared to Receive Cavalry" % (g.arm, g.name))
        if g.deployment == "skirmish" and not g.skirmishers:
            self.fail(T_SKIRMISH_WIDTH, "%r opens in skirmish order, its scenario not making it skirmishers" % g.name)
        for x in g.deploy_to:
            if x == "prepared" and g.arm != "infantry":
                self.fail(T_DEPLOY, "the scenario's deploy_to prepares %s %r to receive cavalry" % (g.arm, g.name))
            if x == "skirmish" and not g.skirmishers:
                self.fail(T_SKIRMISH_WIDTH, "the scenario's deploy_to puts %r, no skirmishers, in skirmish order"
                          % g.name)
        if g.deployment == "skirmish":
            self.seen["regiments opening in skirmish order"] += 1
        if g.arm == "cavalry" and g.loaded and g.deployment != "skirmish":
            self.fail(T_SKIRMISH_FIRE, "cavalry %r opens loaded, %s" % (g.name, g.deployment))

    # --- Deploy orders ------------------------------------------------------------------------------------------
    def deploy_entry(self, g, x):
        """(deployment, frontage in tenths) a deploy_to entry `x` changes `g` to."""
        if x == "max":
            return "formed", g.most
        if x == "min":
            return "formed", g.least
        if x == "formed":
            return "formed", g.formed_w
        if x == "prepared":  # its frontage kept; out of skirmish order its formed (scenario) frontage
            return "prepared", g.formed_w if g.deployment == "skirmish" else g.w
        if x == "skirmish":
            return "skirmish", skirmish_width(g.most)
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            w = tenths(x)
            if not (g.least <= w <= g.most):
                self.fail(T_DEPLOY, "the scenario's deploy_to gives %r a frontage of %s\", outside %s\" to %s\""
                          % (g.name, inches(w), inches(g.least), inches(g.most)))
            return "formed", w
        self.fail(T_FORMAT, "%r's scenario deploy_to entry %r" % (g.name, x))

    def deploy_may(self, g, x):
        """None when a chosen regiment `g` may be taken to `x` (one of CHOSEN_DEPLOYMENTS) by a Deploy order ordered
        now, else why not: `prepared` infantry only ("preparing infantry to receive cavalry"), `skirmish` skirmishers
        only, `min` never cavalry ("There is no defined minimum width for cavalry"), and only where it changes its
        deployment or its frontage from how it stands ("Executing this card will allow the regiment to change its
        deployment")."""
        if x == "prepared" and g.arm != "infantry":
            return "%s is not prepared to receive cavalry (infantry only)" % g.arm
        if x == "skirmish" and not g.skirmishers:
            return "it is not skirmishers (the scenario's `skirmishers`)"
        if x == "min" and g.arm == "cavalry":
            return "there is no defined minimum width for cavalry"
        to, w = self.deploy_entry(g, x)
        if to == g.deployment and (w == g.w or not self.across):
            if self.across or x not in ("max", "min", "formed"):  # (on the one axis no frontage is told)
                return "it changes nothing: %s at %s\", as it stands" % (to, inches(w))
        return None

    def deploy_offers(self, g):
        """The deployments a chosen regiment `g`'s Deploy order, given now, may take it to (CHOSEN_DEPLOYMENTS that
        deploy_may lets it take); none: Deploy is not offered at all."""
        return [x for x in CHOSEN_DEPLOYMENTS if self.deploy_may(g, x) is None]

    def deploy_completed(self, g):
        """`g` completed a Deploy order on this KARD (on_execute): a chosen regiment's pending `deploy_to` is due (and
        used up), a planned one's next `deploy_to` entry, if it has one (a chosen regiment's scenario deploy_to is not
        followed)."""
        if getattr(g, "chosen", False):
            if g.deploy_pick is not None:
                g.deploy_due = (self.gk, g.deploy_pick, g.deploys_n, "chosen")
                self.owe(g)
            g.deploy_pick = None
        elif g.deploy_to:
            g.deploy_due = (self.gk, g.deploy_to[g.deploys_n % len(g.deploy_to)], g.deploys_n)
            self.owe(g)
        g.deploys_n += 1

    def deploy_said(self, g, due):
        """Where `g`'s completed Deploy order `due` takes it, said: a chosen regiment's `deploy_to`, else its plan's."""
        if len(due) > 3:
            return "its player's deploy_to %r" % due[1]
        return "deploy_to %r: %r" % (g.deploy_to, due[1])

    def on_deploys(self, e):
        g = self.reg(self.f(e, "regiment"))
        if g.side != self.f(e, "side"):
            self.fail(T_FORMAT, "%r deploys for side %r" % (g.name, e["side"]))
        due = g.deploy_due
        if (due is None or due[0] != self.gk) and getattr(g, "chosen", False):
            self.fail(T_DEPLOY_TO, "chosen %r deploys (%s to %s) with no Deploy order completed on this KARD with a "
                                   "pending `deploy_to` (its player's choice of where it goes; a chosen regiment's "
                                   "scenario deploy_to %r is not followed)" % (g.name, e.get("from"), e.get("to"),
                                                                             g.deploy_to))
        if due is None or due[0] != self.gk:
            self.fail(T_DEPLOY, "%r deploys with no Deploy order completed on this KARD%s" % (
                g.name, "" if g.deploy_to else " (and no deploy_to: a Deploy order changes nothing)"))
        g.deploy_due = None
        frm, to = self.f(e, "from"), self.f(e, "to")
        w_from, w = self.f(e, "frontage_from"), self.f(e, "frontage")
        if not all(isinstance(v, (int, float)) for v in (w_from, w)):
            self.fail(T_FORMAT, "frontages %r and %r are not inches" % (w_from, w))
        cur = g.w if self.across else tenths(w_from)  # on the one axis (no frontages): its frontage as told
        if frm != g.deployment or tenths(w_from) != cur:
            self.fail(T_DEPLOY, "%r deploys from %s at %s\"; it stands %s at %s\""
                      % (g.name, frm, inches(tenths(w_from)), g.deployment, inches(g.w)))
        if to == "prepared" and g.arm != "infantry":
            self.fail(T_DEPLOY, "%s %r prepares to receive cavalry" % (g.arm, g.name))
        if to == "skirmish" and not g.skirmishers:
            self.fail(T_SKIRMISH_WIDTH, "%r, not skirmishers, deploys into skirmish order" % g.name)
        w_now, g.w = g.w, cur  # `prepared` keeps the frontage it has
        want_to, want_w = self.deploy_entry(g, due[1])
        g.w = w_now
        if (to, tenths(w)) != (want_to, want_w):
            rule = T_SKIRMISH_WIDTH if "skirmish" in (to, want_to) else T_DEPLOY
            self.fail(rule + (" / " + T_DEPLOY_TO if len(due) > 3 else ""),
                      "%r's Deploy order %d (%s) makes it %s at %s\"; it is %s at %s\" (limits %s\" to %s\", the "
                      "scenario's %s\")" % (g.name, due[2] + 1, self.deploy_said(g, due), to, inches(tenths(w)),
                                             want_to, inches(want_w), inches(g.least), inches(g.most),
                                             inches(g.formed_w)))
        g.deployment = to
        if self.across:
            g.w = want_w  # every later gap, range, overlap and aspect is measured with it (piquet_field.py)
        self.field_v += 1  # (piquet.py: the field changed)
        if g.arm == "cavalry" and to != "skirmish":
            g.loaded = False  # "cavalry out of skirmish order is unloaded"
        self.seen["deploys %s to %s" % (frm, to)] += 1
        if want_w != tenths(w_from):
            self.seen["deploys changing the frontage"] += 1
        if len(due) > 3:
            self.seen["chosen deploys %s" % due[1]] += 1

    def check_deployed(self):
        """At a settling event: every completed Deploy order with a `deploy_to` entry due has been told."""
        for g in self.owing_regs():  # (piquet.py: the others owe nothing)
            due = getattr(g, "deploy_due", None)
            if due is not None:
                self.fail(T_DEPLOY + (" / " + T_DEPLOY_TO if len(due) > 3 else ""),
                          "%r completed a Deploy order (%s) and told no `deploys`" % (g.name, self.deploy_said(g, due)))

    # --- fire ---------------------------------------------------------------------------------------------------
    def skirmishing(self, g):
        return getattr(g, "deployment", "formed") == "skirmish"

    def fires_as_infantry(self, g):
        """Infantry, and cavalry in skirmish order ("or skirmishing cavalry command")."""
        return g.arm == "infantry" or (g.arm == "cavalry" and self.skirmishing(g))

    def cavalry_fire(self, g):
        """A volley of cavalry `g`: only in skirmish order."""
        if g.arm == "cavalry":
            if not self.skirmishing(g):
                self.fail(T_SKIRMISH_FIRE, "cavalry %r fires, %s" % (g.name, getattr(g, "deployment", "formed")))
            self.seen["volleys by skirmishing cavalry"] += 1

    def reload_card(self, g):
        """The Reload card of `g`: Musket/Missile Reload for infantry and skirmishing cavalry; formed cavalry has none."""
        if g.arm == "cavalry":
            if not self.skirmishing(g):
                self.fail(T_RELOAD + " / " + T_SKIRMISH_FIRE, "cavalry %r (%s) is offered a reload"
                          % (g.name, getattr(g, "deployment", "formed")))
            self.seen["reloads offered to skirmishing cavalry"] += 1
            return "musket_reload"
        return None

    # --- the Skirmish Engagement's assaults ------------------------------------------------------------------------
    def in_open(self, t):
        """`t` stands in the open: in no terrain objective (objective_horizons) and not in an urban block."""
        return not (getattr(t, "urban", False) or self.objective_at(t.at) is not None)

    def receives(self, t):
        """Skirmishing infantry not in the open elects to receive an assault (skirmishers_receive = cover)."""
        return t.arm == "infantry" and self.skirmishing(t) and not self.in_open(t) \
            and self.r.get("skirmishers_receive", "cover") == "cover"

    def barred(self, g, t):
        """`g`'s assault on `t` is barred: a skirmisher's on a formed regiment, or skirmishing infantry's on
        skirmishing cavalry in the open."""
        if not self.skirmishing(g) or t is None:
            return False
        return not self.skirmishing(t) or (g.arm == "infantry" and t.arm == "cavalry" and self.in_open(t))

    def between(self, g, t):
        """Skirmishers `t` stand "between them and the formed unit's objective": ahead of `g` or level with it along
        the axis (side a faces up it: `t` at or above `g`'s place; side b down it)."""
        return (1 if g.side == "a" else -1) * (t.at - g.at) >= 0

    def screens(self, t):
        """Skirmishers `t` screen a formed unit (cast, fall back) only while idle or ordered: not fighting, retiring or
        closing in an assault ("Assaults, once started, are fought out continuously"), not shaken, not removed."""
        return t.status in ("idle", "ordered")

    def resists(self, t):
        """`t` may resist an assault: not removed, not defeated, not an unrallied winner under unrallied_winner =
        withdraws ("Defeated, unrallied units may not resist Assault")."""
        if t.status == "removed" or t.status in DEFEATED:
            return False
        return not (t.status == "shaken" and self.r.get("unrallied_winner", "withdraws") == "withdraws")

    def goes_through(self, g, t):
        """Formed infantry must go through skirmishers `t` (that do not receive its assault) ahead of it or level with
        it before it goes in; skirmishers behind it are assaulted straight in."""
        return t is not None and g.arm == "infantry" and not self.skirmishing(g) and self.skirmishing(t) \
            and not self.receives(t) and not g.through_cast and self.between(g, t) and self.screens(t)

    def skirmish_said(self, g, t):
        return "%r (%s %s) assaults %r (%s %s, %s%s)" % (
            g.name, g.arm, g.deployment, t.name, t.arm, t.deployment,
            "in the open" if self.in_open(t) else "in %s" % ("an urban block" if t.urban else
                                                              repr(self.objective_at(t.at)["name"])),
            ", skirmishers_receive = %s" % self.r.get("skirmishers_receive", "cover") if t.arm == "infantry" else "")

    def up_to_range(self, g, t):
        """(x, y) where `g` comes up to Engagement range of `t`: where it stands when within it already, else inch by
        inch toward it (forward, or back to a target behind it, as an assault's contact goes back to one), its place
        across kept, the first place within it, level with `t` at the latest."""
        if self.within(g, t, self.E):
            return g.at, g.y
        if self.between(g, t):
            return self.advance(g, t, [t], self.E, None)
        back = -1 if g.side == "a" else 1
        for a in range(1, abs(t.at - g.at) + 1):
            if self.within(g, t, self.E, g.at + back * a, g.y):
                return g.at + back * a, g.y
        return t.at, g.y

    def skirmish_moves(self, g, frm, to, why, y_to):
        """A `moves` why `engages` (a barred assault) or `skirmishers` (formed infantry coming up to the skirmishers it
        goes through): its Assault order's chips gone on this KARD, up to Engagement range of the target."""
        if why == "skirmishers" and g.order == "move" and g.status == "ordered":
            return self.move_through_skirmishers(g, frm, to, y_to)
        t = self.assault_target(g)
        if why == "engages" and (getattr(g, "assault_due", None) != self.gk or g.order != "assault"
                                 or g.status != "ordered" or t is None or self.assault_horizon(g) is not None):
            self.fail(T_BARRED, "%r (%s, order %r) moves (engages), under no Assault order whose chips went on this KARD "
                                "short of a horizon" % (g.name, g.status, g.order))
        if why == "skirmishers" and (getattr(g, "assault_due", None) != self.gk or g.order != "assault"
                                     or g.status != "ordered" or t is None):
            self.fail(T_THROUGH, "%r moves (skirmishers) with no Assault order's chips gone on this KARD" % g.name)
        if why == "engages" and not self.barred(g, t):
            self.fail(T_BARRED, "%r moves (engages), its assault not barred: %s" % (g.name, self.skirmish_said(g, t)))
        if why == "engages" and not self.resists(t):
            self.fail(T_BARRED + ' / Rally: "Defeated, unrallied units may not resist Assault or Engagement by an enemy '
                                 'unit"', "%r moves (engages) on %r, %s, which may not resist: it takes the objective "
                                          "unopposed as any attacker (%s)" % (g.name, t.name, t.status,
                                                                             self.skirmish_said(g, t)))
        if why == "skirmishers" and not self.goes_through(g, t):
            behind = t is not None and not self.between(g, t)
            idle = t is None or self.screens(t)
            self.fail(T_RECEIVE if self.receives(t) else T_BETWEEN if behind else T_THROUGH if idle else T_SCREEN,
                      "%r moves (skirmishers), not going through skirmishers: %s%s" % (
                          g.name, self.skirmish_said(g, t), ", their cast taken already" if g.through_cast else
                          ", they stand behind it (%r at %r, %r at %r)" % (t.name, t.at, g.name, g.at) if behind
                          else "" if idle else ", they are %s and screen nothing" % t.status))
        if self.within(g, t, self.E):
            self.fail(T_BARRED if why == "engages" else T_THROUGH,
                      "%r moves (%s) from %r, within Engagement range (%d) of %r already (%s)"
                      % (g.name, why, frm, self.E, t.name, self.dist_said(g, t)))
        want = self.up_to_range(g, t)
        if (to, y_to) != want:
            self.fail(T_BARRED if why == "engages" else T_THROUGH,
                      "%r moves (%s) from %r to %r; up to Engagement range (%d) of %r at %r is %r"
                      % (g.name, why, frm, to, self.E, t.name, t.at, want[0]))
        if why == "engages":
            g.engaging = self.gk  # it goes idle from there, its order done
            if not self.between(g, t):
                self.seen["barred assaults engaging a target behind"] += 1
        self.seen["moves up to skirmishers" if why == "skirmishers" else "barred assaults engaging"] += 1

    def move_not_through(self, g, what, t=None):
        """`g` (`what`: comes up to skirmishers, takes a cast) under a Move order that owes no skirmishers' cast."""
        self.resolve_move_through(g)
        exp = getattr(g, "mv_expect", None)
        if exp is not None and exp["kind"] == "cast" and exp["gk"] == self.gk and (t is None or t in exp["js"]):
            return exp
        cases = self.move_through_cases(g)
        goals = self.move_goals(g)[0]
        if getattr(g, "mv_through", None) is not None:
            why = "its Move order took the cast of %r already" % g.mv_through
        elif t is not None and t in goals or (t is None and any(j in goals for j in self.first_blockers(g))):
            why = "%r, the first enemy in its way, is its Move's goal (its target, else the nearest enemy): it is " \
                  "moved up to, not gone through" % (t or [j for j in self.first_blockers(g) if j in goals][0]).name
        elif exp is None or exp["gk"] != self.gk:
            why = "no skirmishers bar its Move order's way on this KARD (or its chips are not gone)"
        else:
            why = "the skirmishers barring its way are %s, not %r" % (
                " or ".join(repr(j.name) for j in exp["js"]), getattr(t, "name", None))
        self.fail(T_MOVE_THROUGH, "%s: %s (%s)" % (what, why, self.through_said(g, cases)))

    def move_through_skirmishers(self, g, frm, to, y_to):
        """A `moves` why `skirmishers` of `g` under a Move order: up to Engagement range of the skirmishers barring its
        way."""
        exp = self.move_not_through(g, "%r moves (skirmishers) from %r to %r under a Move order" % (g.name, frm, to))
        wants = [(j, self.up_to_range(g, j)) for j in exp["js"]]
        if any(self.within(g, j, self.E) for j in exp["js"]) or not any(w == (to, y_to) for _, w in wants):
            self.fail(T_MOVE_THROUGH, "%r moves (skirmishers) from %r to %r under a Move order; up to Engagement range "
                                      "(%d) of %s is %s" % (g.name, frm, to, self.E, " or ".join(
                                          repr(j.name) for j in exp["js"]), " or ".join(
                                          repr(w[0]) for _, w in wants)))
        exp["js"] = [j for j, w in wants if w == (to, y_to)]
        self.move_through_taken(g)
        self.seen["moves skirmishers under a Move order"] += 1

    def on_skirmishers_cast(self, e):
        g = self.reg(self.f(e, "regiment"))
        t = self.reg(self.f(e, "skirmishers"))
        if g.side != self.f(e, "side") or t.side == g.side:
            self.fail(T_FORMAT, "%r takes the cast of %r for side %r" % (g.name, t.name, e["side"]))
        if g.arm != "infantry" or self.skirmishing(g):
            self.fail(T_THROUGH, "%s %r (%s) takes the skirmishers' cast; only formed infantry goes through"
                      % (g.arm, g.name, g.deployment))
        imm = getattr(g, "imm_due", False)
        if imm:  # ordered since the last settling event: the cast at once ("taken immediately"), if owed
            g.imm_due = False
            js, _ = self.immediate_owed(g)
            if t not in js:
                self.fail(T_IMMEDIATE, "%r (%s, order %r), just ordered, takes the cast of %r at once: %s" % (
                    g.name, g.status, g.order, t.name,
                    "not within their Engagement range (%d): %s" % (self.E, self.dist_said(g, t))
                    if not self.within(g, t, self.E) else "they do not screen it (%s %s %s, %s)" % (
                        t.name, t.arm, t.deployment, t.status) if not self.screens(t) or not self.skirmishing(t)
                    else (self.through_said(g, self.move_through_cases(g)) if g.order == "move"
                          else self.skirmish_said(g, t))))
        elif g.order == "move" and g.status == "ordered":
            self.move_not_through(g, "%r takes the cast of %r under a Move order" % (g.name, t.name), t)
            self.move_through_taken(g)
            g.mv_expect = None
            g.mv_through = t.name  # the through mark: once per order
        elif getattr(g, "assault_due", None) != self.gk or g.order != "assault" or g.status != "ordered":
            self.fail(T_THROUGH, "%r (%s, order %r) takes the skirmishers' cast, no Assault order's chips gone on this "
                                 "KARD" % (g.name, g.status, g.order))
        elif t is not self.assault_target(g):
            self.fail(T_THROUGH, "%r takes the cast of %r, its assault's target is %r"
                      % (g.name, t.name, getattr(self.assault_target(g), "name", None)))
        if not self.skirmishing(t):
            self.fail(T_THROUGH, "%r takes the cast of %r, which stands %s, not in skirmish order"
                      % (g.name, t.name, t.deployment))
        if self.receives(t) and g.order == "assault":  # (a Move is no assault to receive)
            self.fail(T_RECEIVE, "%r takes the cast of %r, which receives the assault: %s"
                      % (g.name, t.name, self.skirmish_said(g, t)))
        if g.through_cast and g.order == "assault":
            self.fail(T_THROUGH, "%r takes the skirmishers' cast a second time on one Assault order" % g.name)
        if not self.between(g, t):
            self.fail(T_BETWEEN, "side %s's %r at %r takes the cast of %r at %r, behind it: skirmishers behind formed "
                                 "infantry are not between it and its objective, and are assaulted with no cast"
                      % (g.side, g.name, g.at, t.name, t.at))
        if not self.within(g, t, self.E):
            self.fail(T_THROUGH, "%r takes the cast of %r from %r, outside its Engagement range (%d): %s"
                      % (g.name, t.name, g.at, self.E, self.dist_said(g, t)))
        dice, chips = self.f(e, "dice"), self.f(e, "chips")
        if not isinstance(dice, list) or len(dice) != t.n or \
                not all(isinstance(d, int) and 1 <= d <= t.die for d in dice):
            self.fail(T_THROUGH + ' / "The eliteness rating will determine the die type used by the formation and the '
                                  'experience rating will determine the number of dice to be cast."',
                      "%r's unmodified cast is %r, not %dd%d" % (t.name, dice, t.n, t.die))
        if chips != max(dice):
            self.fail(T_THROUGH + ' / "The final die value, if there are no modifiers, is the highest die cast."',
                      "%r's unmodified cast %r reads %d, the event says %r chips" % (t.name, dice, max(dice), chips))
        if t.status in UNRALLIED + ("removed",):
            self.fail(T_THROUGH + ' / "Defeated, unrallied units may not resist Assault or Engagement by an enemy unit"',
                      "%s %r cast against %r's assault" % (t.status, t.name, g.name))
        if not self.screens(t):
            self.fail(T_SCREEN, "%r takes the cast of %r, which is %s" % (g.name, t.name, t.status))
        if imm:
            # the order's chips (obstacles' included, piquet_obstacles.py) and the cast: the next execution from them
            g.chips = (g.chips if g.chips is not None else self.chips.get(g.order)) + chips
            if g.order == "assault":
                g.through_cast = True  # into contact at its completion, no second cast
            else:
                g.mv_through = t.name  # at its completion they fall back (still screening it)
            self.seen["skirmishers casts at once under a%s order" % ("n Assault" if g.order == "assault" else " Move")] += 1
            return
        if g.order == "assault":
            g.assault_due = None
            g.done_n -= 1  # not completed: its plan's next order is still this Assault
            g.through_cast = True
        g.chips = chips  # its next execution starts from the skirmishers' cast
        g.through_wait = True
        self.seen["skirmishers casts" if g.order == "assault" else "skirmishers casts under a Move order"] += 1

    # --- a Move of formed infantry through skirmishers --------------------------------------------------------------
    def move_goals(self, g):
        """([its Move's goal enemies], reach): its scenario target if in the game, else the nearest enemies (ties); a
        chosen regiment's the nearest enemies ahead or level, to its fire's reach."""
        if getattr(g, "chosen", False):
            return self.nearest_of(g, self.ahead_of(g))[1], self.reach(g)
        t = self.regs.get(g.target) if g.target else None
        if t is not None and t.status != "removed":
            return [t], self.E
        return self.nearest_of(g, self.enemies(g))[1], self.E

    def stop_at(self, g, y, reach):
        """Where `g`, going straight ahead, first has `y` within `reach`: where it stands when within it already,
        else inch by inch, level with `y` at the latest; None: never."""
        if self.within(g, y, reach):
            return g.at
        w = 1 if g.side == "a" else -1
        for a in range(1, w * (y.at - g.at) + 1):
            if self.within(g, y, reach, g.at + w * a, g.y):
                return g.at + w * a
        return None

    def first_blockers(self, g):
        """The enemies ahead of `g` or level that would stop it first going straight ahead (ties)."""
        w = 1 if g.side == "a" else -1
        stops = [(self.stop_at(g, y, self.E), y) for y in self.enemies(g) if w * (y.at - g.at) >= 0]
        stops = [(w * (p - g.at), y) for p, y in stops if p is not None]
        first = min((a for a, _ in stops), default=None)
        return [y for a, y in stops if a == first]

    def move_through_cases(self, g):
        """[(the skirmishers its completed Move goes through or None, where it was ordered, the objective it was
        ordered into or None)], one for each reading the ties allow (goal enemies, first blockers)."""
        if g.arm != "infantry" or self.skirmishing(g) or g.order != "move":
            return [(None, None, None)]
        w = 1 if g.side == "a" else -1
        goals, reach = self.move_goals(g)
        ahead = [y for y in self.enemies(g) if w * (y.at - g.at) >= 0]
        stops = [(self.stop_at(g, y, self.E), y) for y in ahead]
        stops = [(p, y) for p, y in stops if p is not None]
        first = min((w * (p - g.at) for p, _ in stops), default=None)
        blockers = [(p, y) for p, y in stops if w * (p - g.at) == first]
        out = []
        for goal in goals or [None]:
            if goal is None or self.gap(g, goal) or w * (goal.at - g.at) < 0:
                out.append((None, None, None))  # not straight ahead at a goal ahead of it
                continue
            rng = self.stop_at(g, goal, reach)
            rng = g.at + w * max(0, w * (goal.at - g.at)) if rng is None else rng
            edge = self.next_ahead(g.at, w)
            obj = None
            dest = rng
            if edge is not None and w * (edge - rng) <= 0:
                dest, obj = edge, self.objective_at(edge)
            place = getattr(g, "move_place", None)  # a chosen Move stopped short (`move_to`): ordered there
            if place is not None and w * (dest - place) > 0:
                dest, obj = place, None
            for p, j in blockers or [(None, None)]:
                if j is not None and self.skirmishing(j) and j not in goals \
                        and self.screens(j) and w * (p - dest) < 0:
                    out.append((j, dest, obj))
                else:
                    out.append((None, dest, obj))
        return out

    def fall_back_place(self, g, dest, obj):
        """Where skirmishers fall back from `g`'s Move ordered to `dest` (into objective `obj`): 1" outside Engagement
        range of `dest`, and 1" past the objective's far edge, whichever is farther along `g`'s facing."""
        w = 1 if g.side == "a" else -1
        place = dest + w * (self.E + 1)
        if obj is not None:
            far = (obj["to"] if w > 0 else obj["from"]) + w
            if w * (far - place) > 0:
                place = far
        return place

    def move_through_due(self, g):
        """`g`'s Move order's chips are gone on this KARD (on_execute): what follows is reckoned at its next event,
        from the field as the regiments of its group before it left it."""
        g.mv_pending = self.gk
        g.mv_expect = None
        self.owe(g)

    def resolve_move_through(self, g):
        """Reckon what `g`'s completed Move owes: on its first completion the cast of skirmishers barring its way
        (`mv_expect` kind `cast`), on the next, once they still bar it, their falling back (`fall`)."""
        if getattr(g, "mv_pending", None) is None:
            return
        if g.mv_pending != self.gk or g.order != "move" or g.status != "ordered":
            g.mv_pending = None
            return
        g.mv_pending = None
        cases = self.move_through_cases(g)
        if g.mv_through is None:
            js = [c[0] for c in cases if c[0] is not None]
            if js:
                g.mv_expect = {"kind": "cast", "gk": self.gk, "js": js, "sure": len(js) == len(cases),
                               "cases": cases}
                self.owe(g)
                self.seen["Move orders barred by skirmishers"] += 1
            return
        j = self.reg(g.mv_through)
        falls = [c for c in cases if c[0] is j]
        if not falls:
            self.seen["Move orders through skirmishers no longer barring it"] += 1
            return
        places = [self.fall_back_place(g, dest, obj) for _, dest, obj in falls]
        w = 1 if g.side == "a" else -1
        moving = [p for p in places if w * (p - j.at) > 0]
        g.mv_expect = {"kind": "fall", "gk": self.gk, "j": j, "places": places, "sure": len(falls) == len(cases)
                       and len(moving) == len(places), "cases": cases}
        self.owe(g)

    def through_said(self, g, cases):
        w = 1 if g.side == "a" else -1
        goals, reach = self.move_goals(g)
        return "%r (%s %s at %r, %s\" across) moving %s; its goal %s (reach %d); ordered to %s; enemies ahead: %s" % (
            g.name, g.arm, g.deployment, g.at, inches(g.y), "up" if w > 0 else "down",
            [x.name for x in goals], reach,
            " or ".join("%r%s" % (d, " (%s's near edge)" % o.get("name") if o else "") for _, d, o in cases),
            ", ".join("%r (%s %s, %s) at %r stops it at %r" % (y.name, y.deployment, y.arm, y.status, y.at,
                                                               self.stop_at(g, y, self.E))
                      for y in self.enemies(g) if w * (y.at - g.at) >= 0))

    def move_through_taken(self, g):
        """`g`'s completed Move turned into the skirmishers' cast: not completed, it stays ordered."""
        if getattr(g, "mv_undone", None) == self.gk:
            return
        g.mv_undone = self.gk
        g.move_due = None
        g.done_n -= 1
        for c, gk in list(self.attach_due.items()):
            if gk == self.gk and self.reg(c).attached_to == g.name:
                del self.attach_due[c]

    def move_through_owed(self, g, what):
        """`g`'s completed Move order goes on (`what`: its move, going idle, a settling event) while it owes the
        skirmishers' cast or their falling back."""
        self.resolve_move_through(g)
        exp = getattr(g, "mv_expect", None)
        if exp is None or exp["gk"] != self.gk:
            return
        if exp["kind"] == "cast" and (exp["sure"] or getattr(g, "mv_undone", None) == self.gk):
            self.fail(T_MOVE_THROUGH, "%s without taking the cast of %s barring its way: %s" % (
                what, " or ".join(repr(j.name) for j in exp["js"]), self.through_said(g, exp["cases"])))
        if exp["kind"] == "fall" and exp["sure"]:
            self.fail(T_FALL_BACK, "%s, %r not having fallen back to %s (it stands at %r): %s" % (
                what, exp["j"].name, " or ".join(repr(p) for p in exp["places"]), exp["j"].at,
                self.through_said(g, exp["cases"])))
        if exp["kind"] == "fall" or getattr(g, "mv_undone", None) != self.gk:
            g.mv_expect = None

    def move_through_moves(self, g, why):
        """A `moves` of `g` (on_moves, before its own checks)."""
        if why in ("move", "horizon", "piquet"):
            self.move_through_owed(g, "%r's completed Move order moves (%s)" % (g.name, why))

    def falls_back_moves(self, j, frm, to):
        """Skirmishers `j` fall back (`moves` why `falls_back`) before the formed infantry whose Move they barred moves
        on."""
        def owes(g):
            return getattr(g, "mv_expect", None) and g.mv_expect["kind"] == "fall" and g.mv_expect["gk"] == self.gk \
                and g.mv_expect["j"] is j

        owed = [g for g in self.regs.values() if owes(g)]
        if not owed:
            # Only a Move that took their cast owes their falling back, and the regiments of one order move one after
            # another, each on the field as the one before left it: the first that owes it now is the one they fall
            # back from; the rest are reckoned when they move (the skirmishers fallen back).
            for g in self.regs.values():
                if getattr(g, "mv_through", None) is not None and getattr(g, "mv_pending", None) is not None:
                    self.resolve_move_through(g)
                    if owes(g):
                        owed = [g]
                        break
        if not owed:
            self.fail(T_FALL_BACK if self.screens(j) else T_SCREEN,
                      "%r falls back from %r to %r, no formed infantry's Move order it barred completing again on this "
                      "KARD%s" % (j.name, frm, to, "" if self.screens(j) else " (it is %s and screens nothing)"
                                  % j.status))
        g = owed[0]
        if j.status in ("fighting", "retiring") or j.fighting:
            self.fail(T_FALL_BACK + ' / Combat: "Assaults, once started, are fought out continuously on each subsequent '
                                    'KARD." (a regiment in an assault leaves it only beaten, withdrawn or retired)',
                      "%r falls back from %r to %r out of the assault it is fighting in (%s), %r's Move order done"
                      % (j.name, frm, to, ", ".join("%r at %r" % (x.name, x.at) for x in self.regs.values()
                                                     if x.side != j.side and x.fighting and self.assault_of(x) == j.name)
                         or "its assailants", g.name))
        if to not in g.mv_expect["places"]:
            self.fail(T_FALL_BACK, "%r falls back from %r to %r; from %r's Move %s" % (
                j.name, frm, to, g.name, " or ".join(
                    "ordered to %r%s it falls back to %r" % (
                        d, " (%r, far edge %r)" % (o.get("name"), o["to"] if g.side == "a" else o["from"]) if o else "",
                        self.fall_back_place(g, d, o)) for _, d, o in g.mv_expect["cases"] if _ is j)))
        w = 1 if g.side == "a" else -1
        if w * (to - frm) <= 0:
            self.fail(T_FALL_BACK, "%r falls back from %r to %r, not beyond where it stands" % (j.name, frm, to))
        past = any(o is not None and x is j and to != d + w * (self.E + 1) for x, d, o in g.mv_expect["cases"])
        g.mv_expect = None
        self.seen["skirmishers falling back past an objective's far edge" if past else
                  "skirmishers falling back 1\" outside Engagement range of the ordered place"] += 1

    def immediate_owed(self, g):
        """([skirmishers whose cast `g`, just ordered, takes at once], sure): "If already Engaged with skirmishers when
        ordered to move, the additional cast is taken immediately": formed infantry under a Move order the skirmishers
        screen (the first to stop it, not its goal, short of where it was ordered) or an Assault order on skirmishers
        it must go through (ahead or level, screening, not receiving it), within their Engagement range already."""
        if g.arm != "infantry" or self.skirmishing(g) or g.status != "ordered":
            return [], True
        if g.order == "assault":
            if getattr(g, "chosen", False) and g.name in getattr(self, "aims_due", {}):
                ts = self.aim_choices(g)  # not aimed yet: one its player may aim at (piquet_chosen.py)
            else:
                ts = [self.assault_target(g)]
            js = [t for t in ts if t is not None and self.goes_through(g, t) and self.within(g, t, self.E)]
            return js, len(js) == len(ts) and self.assault_horizon(g) is None
        if g.order == "move":
            cases = self.move_through_cases(g)
            js = [c[0] for c in cases if c[0] is not None and self.within(g, c[0], self.E)]
            return js, len(js) == len(cases)
        return [], True

    def check_immediate(self):
        """At a settling event: each regiment ordered since took the cast it owed at once."""
        for g in self.owing_regs():  # (piquet.py: the others owe nothing)
            if not getattr(g, "imm_due", False):
                continue
            g.imm_due = False
            js, sure = self.immediate_owed(g)
            if js and sure:
                self.fail(T_IMMEDIATE, "%r, given %s %s order within Engagement range (%d) of %s, takes no cast at once: "
                                       "%s" % (g.name, "an" if g.order == "assault" else "a", g.order, self.E,
                                               " or ".join(repr(j.name) for j in js),
                                               self.through_said(g, self.move_through_cases(g)) if g.order == "move"
                                               else self.skirmish_said(g, js[0])))

    def check_move_through(self):
        """At a settling event: every completed Move has taken the cast it owed, and made its skirmishers fall back."""
        self.check_immediate()
        for g in self.owing_regs():  # (piquet.py: the others owe nothing)
            if getattr(g, "mv_pending", None) is not None or getattr(g, "mv_expect", None) is not None:
                self.move_through_owed(g, "%r's completed Move order is done" % g.name)

    def skirmish_status(self, g, frm, to):
        """`g` goes from `frm` to `to` (on_status, before the horizons' own check): an Assault order whose chips went
        closes (`closing`) when not due to go through skirmishers first; barred, it comes up to Engagement range
        (`engages`) and ends idle from there, never in contact."""
        if frm == "ordered" and g.order == "move" and to != "ordered":
            self.move_through_owed(g, "%r's completed Move order goes %s" % (g.name, to))
        due = getattr(g, "assault_due", None) == self.gk and frm == "ordered" and g.order == "assault"
        if frm == "ordered" and getattr(g, "through_wait", False) and to in ("idle", "closing"):
            self.fail(T_THROUGH, "%r, given the skirmishers' cast as chips under its Assault order, goes %s without "
                                 "executing the order again" % (g.name, to))
        engaging = getattr(g, "engaging", None) == self.gk
        if due and self.assault_horizon(g) is None and to in ("closing", "idle"):
            t = self.assault_target(g)
            # "Defeated, unrallied units may not resist Assault": a target that may not resist (removed, defeated, an
            # unrallied winner under unrallied_winner = withdraws) is taken unopposed by any attacker, a skirmisher
            # barred from assaulting it too, and unrallied skirmishers give no cast
            resists = t is not None and self.resists(t)
            if t is not None and not resists and (self.barred(g, t) or (
                    g.arm == "infantry" and not self.skirmishing(g) and self.skirmishing(t) and self.between(g, t))):
                self.seen["assaults on %s %s" % (t.status if t.status == "removed" else "unrallied", "barred"
                                                 if self.barred(g, t) else "skirmishers, in with no cast")] += 1
            if t is not None and self.barred(g, t) and resists:
                if to == "closing":
                    self.fail(T_BARRED, "%r's barred assault, its chips gone, goes closing (it comes up to Engagement "
                                        "range and goes idle, never closing): %s" % (g.name, self.skirmish_said(g, t)))
                if not engaging and not self.within(g, t, self.E):
                    self.fail(T_BARRED, "%r's barred assault ends idle at %r without coming up to Engagement range (%d) "
                                        "of %r (%s%s)" % (g.name, g.at, self.E, t.name, self.dist_said(g, t),
                                                          "" if self.between(g, t) else ", %r at %r behind it" % (
                                                              t.name, t.at)))
                g.engaging = None
                g.assault_due = None
                engaging = False
                self.seen["barred assaults"] += 1
            elif self.goes_through(g, t):
                self.fail(T_RECEIVE if t.arm == "infantry" and not self.in_open(t) else T_THROUGH,
                          "%r's Assault order, its chips gone, goes %s without going through: %s"
                          % (g.name, to, self.skirmish_said(g, t)))
            elif to == "idle":
                self.fail(T_BARRED, "%r's Assault order, its chips gone, ends idle, not in contact%s" % (
                    g.name, "" if t is None else ": " + self.skirmish_said(g, t) + (
                        "" if resists else " (%r, %s, may not resist: taken unopposed)" % (t.name, t.status))))
            elif t is not None and self.barred(g, t):
                self.seen["barred assaults taking a target that may not resist unopposed"] += 1
        if engaging:
            self.fail(T_BARRED, "%r's barred assault, up to Engagement range, goes %s, not idle" % (g.name, to))
        if to != "ordered":
            g.through_wait = False
        if to not in ("ordered", "closing"):
            g.through_cast = False  # the order done: the next Assault order goes through again
            g.engaging = None

    def skirmish_contact(self, g, de, how):
        """`g` goes in against `de` (`how`: assault_begins, joins_assault): a skirmisher only against skirmishers
        (skirmishing infantry not against skirmishing cavalry in the open), formed infantry against skirmishers that
        do not receive it only after their cast."""
        if not hasattr(g, "deployment"):
            return
        if self.barred(g, de):
            onward = getattr(g, "onward", None)
            on = (onward and onward[0] == self.gk) or getattr(g, "went_on_gk", None) == self.gk
            self.fail(T_BARRED, "%s%s: %s" % (
                how, " (going on through with Elan left, breakthrough_onward)" if on else "", self.skirmish_said(g, de)))
        if g.order == "assault" and g.status in ("ordered", "closing") and self.goes_through(g, de) \
                and self.assault_target(g) is de:
            self.fail(T_RECEIVE if de.arm == "infantry" and not self.in_open(de) else T_THROUGH,
                      "%s without going through the skirmishers: %s" % (how, self.skirmish_said(g, de)))
        if g.arm == "infantry" and not self.skirmishing(g) and self.skirmishing(de) and not self.receives(de) \
                and not g.through_cast and self.between(g, de) and not self.screens(de):
            self.seen["assaults on skirmishers %s, no cast" % de.status] += 1  # they screen nothing
        if g.arm == "infantry" and not self.skirmishing(g) and self.skirmishing(de) and not self.receives(de) \
                and not g.through_cast and not self.between(g, de):
            self.seen["formed infantry in on skirmishers behind it, no cast"] += 1
        if how == "joins_assault" and self.skirmishing(de) and g.arm == "infantry" and not self.skirmishing(g):
            self.seen["formed infantry joining an assault on skirmishers%s" % (
                " after their cast" if g.through_cast else " receiving it" if self.receives(de) else
                ", no cast")] += 1
        if any(x.w != getattr(x, "w_open", x.w) for x in (g, de)):
            self.seen["contacts with a frontage a Deploy order changed"] += 1
        if self.skirmishing(de):
            self.seen["assaults on skirmishers by %s %s%s" % (
                g.deployment, g.arm, " received" if self.receives(de) and g.arm == "infantry"
                and not self.skirmishing(g) else "")] += 1

    def breakthrough_barred(self, g, de):
        """A breakthrough attempt by `g` on `de`: "Battle cavalry that Assaults formed cavalry, infantry or artillery
        ... may attempt a breakthrough": none against a defender in skirmish order (read as not formed), so none by
        skirmishing cavalry either, which may Assault only skirmishers."""
        if self.skirmishing(de) or self.skirmishing(g):
            self.fail(T_BREAK_FORMED, "%r (cavalry %s) attempts a breakthrough on %r (%s %s)"
                      % (g.name, g.deployment, de.name, de.arm, de.deployment))

    def second_line_barred(self, g, t, why):
        """A second line `g` sent in (`second_line`, `why`) against `t`: in skirmish order only against skirmishers
        ("Skirmishing units can Assault only other skirmishing units")."""
        if self.barred(g, t) and self.resists(t):  # one that may not resist it takes unopposed, as any attacker
            self.fail(T_BARRED + " / " + T_WAVES_AUTO, "second line %r sent in (%s): %s"
                      % (g.name, why, self.skirmish_said(g, t)))
        if self.skirmishing(g):
            self.seen["skirmishing second lines sent in"] += 1
            if self.barred(g, t):
                self.seen["skirmishing second lines sent in on a formed target that may not resist"] += 1

    def skirmish_new_order(self, g):
        g.imm_due = True  # an order on an Officer Check or a chosen free first order: the cast at once, if owed
        self.owe(g)
        g.through_cast = False
        g.through_wait = False
        g.mv_through = None  # "a new order starts afresh"
        g.mv_expect = None
        g.mv_pending = None

    def prepared_rule(self, g, de, rule):
        """The rule a cast of cavalry `g` against a prepared `de` is read by: `rule`, and prepared_step's."""
        if g.arm == "cavalry" and getattr(de, "deployment", "formed") == "prepared":
            return rule + " / " + T_PREPARED
        return rule

    def prepared_step(self, g, de):
        """The step of cavalry `g`'s assault cast against `de` Prepared to Receive Cavalry (prepared_step)."""
        if g.arm == "cavalry" and getattr(de, "deployment", "formed") == "prepared":
            self.seen["cavalry casts against prepared infantry"] += 1
            return self.r.get("prepared_step", 0)
        return 0
