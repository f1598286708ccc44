"""The regiments another's orders carry in the Piquet model (`piquet.py`): a brigade's second line behind
its lead (Cavalry Wave Assaults, rule cavalry_waves) and artillery attached to a regiment (`attached_to`).
`Carried` is a part of `piquet._Game`: it reads the game's regiments (`self.regs`), KARD (`self.gk`) and
rules (`self.r`) and reports through its `fail` and `fail_format`. Written, as the rest of the checker,
from the seed text and the docs, never from the crate's source."""

from collections import Counter

# The lead's `moves` a second line follows (cavalry_waves): a completed Move or Maneuver order (one out of an
# assault too: `retires`), a stop at a terrain objective (`horizon`, a Move order's; `halts`, an assault's whose
# chips are gone), into contact, onto an objective, on into a terrain objective through a breakthrough (`onward`); not
# withdrawals nor reliefs.
FOLLOWED = ("move", "horizon", "piquet", "halts", "maneuver", "assault", "joins_assault", "objective", "retires", "onward")
T_ARTILLERY = ('"Infantry Move in Open : Allows infantry regiments, plus any attached artillery to move" / "Cavalry '
               'in Open : Allows movement of a cavalry formation and attached horse artillery" (a company '
               '`attached_to` a regiment of its player takes no orders of its own while the regiment is in the game '
               'and, formed, moves with each Move order the regiment completes, to its place)')
T_WAVES = ('Cavalry Wave Assaults: "Cavalry generally moves by the brigade and fights by the regiment; that is, each '
           'regiment will maintain its own Elan chips while the brigade will maintain the movement chips. If the '
           'brigade is formed in two lines, the second line regiment will follow the first. The reserve regiment may '
           'automatically Assault any enemy cavalry that breaks-through the lead regiment. It may also automatically '
           'Assault any unit that the lead regiment has broken-through. If the lead regiment is unable to defeat or '
           'break-through an enemy unit on the first round of the Assault, the second line regiment may advance and '
           'Assault the same target. If this is done, the first line regiment is withdrawn to the first '
           'objective-horizon to the rear of the combat and is considered to no longer be operating on an Assault '
           'order." (cavalry_waves: while its lead is in the game the second line takes no orders of its own; it '
           'follows the lead\'s moves on completed orders, into contact and onto objectives second_line_inches behind '
           'it; the relieved lead withdraws to the near edge of the first objective behind the combat, not the '
           'one it is fought in, with no least distance, or 1" outside Engagement range of the target with none '
           'behind: objective_horizons)')


class Carried:
    """Second lines and attached companies: who they are, what they may be ordered, where they must move."""

    sent_gk = None  # the last global KARD a second line was sent in on (check_waves looks for those of the KARD ending)

    def check_lines(self):
        """Each second line follows cavalry of its own side, brigade, division and player, one a lead, no chains."""
        leads = Counter()
        for g in self.regs.values():
            if g.lead is None:
                continue
            ld = self.regs.get(g.lead)
            if ld is None or ld is g or ld.side != g.side or g.arm != "cavalry" or ld.arm != "cavalry" \
                    or ld.brigade != g.brigade or ld.division != g.division or ld.player != g.player \
                    or ld.lead is not None:
                self.fail(T_WAVES, "%r follows %r, not a cavalry lead of its own brigade and player" % (g.name, g.lead),
                          at_next=True)
            leads[ld.name] += 1
            if leads[ld.name] > 1:
                self.fail(T_WAVES, "%r has two second lines" % ld.name, at_next=True)
        for g in self.regs.values():
            r = self.regs.get(g.attached_to) if g.attached_to else None
            if g.attached_to and (r is None or g.arm != "artillery" or r.arm == "artillery" or r.side != g.side
                                  or r.player != g.player or g.pair
                                  or any(x.pair == g.name for x in self.regs.values())):
                self.fail(T_ARTILLERY, "%r is attached to %r, not an infantry or cavalry regiment of its player"
                          % (g.name, g.attached_to), at_next=True)
        self.attach_due = {}  # attached company -> global KARD its regiment completed a Move order on
        self.follow_due = {}  # second line -> (global KARD, place it must follow to)
        self.reliefs = {}  # relieved lead -> dict(second, target, gk, to, moved, from)
        self.throughs = []  # (global KARD, the cavalry through, the regiment it broke through)

    def in_line(self, g):
        """`g` is a second line whose lead is still in the game (cavalry_waves)."""
        return g.lead is not None and self.regs[g.lead].status != "removed"

    def attached(self, g):
        """`g` is an artillery company attached to a regiment still in the game."""
        return g.attached_to is not None and self.regs[g.attached_to].status != "removed"

    def sent_now(self, g):
        """The second_line decision that sent `g` in on this KARD, or None."""
        return g.sent if g.sent is not None and g.sent["gk"] == self.gk else None

    def lead_moved(self, lead, anew):
        """`lead` moves on a completed Move or Maneuver order, into contact or onto an objective (`anew`: its
        execution or contact, whether or not its place changes; else the `moves` that tells where to): an idle
        second line of it is due to follow, second_line_inches behind it, unless it stands there."""
        for x in self.regs.values():
            if x.lead != lead.name or not self.in_line(x) or x.status != "idle":
                continue
            if anew and x.name in self.follow_due:
                self.fail(T_WAVES, "%r moves again before its second line %r followed its last move" % (lead.name, x.name))
            fwd = 1 if x.side == "a" else -1
            want = lead.at - self.r["second_line_inches"] * fwd
            if want != x.at or lead.y != x.y:  # behind it, and at its place across (piquet_field.py)
                self.follow_due[x.name] = (self.gk, want, lead.y)
            else:
                self.follow_due.pop(x.name, None)

    def attached_stay(self, g, why):
        """`g` moves (`why`) other than by its Move order: an attached company due to move with the Move it completed
        on this KARD that stands at its place already (the Move left it where it stood, "not at all when already
        within that distance") has moved with it; it does not follow the regiment's withdrawals or assaults after
        it (docs/piquet.md, Attached artillery: "it moves with every Move order the regiment completes, to the
        regiment's place; it does not follow the regiment's Maneuvers or assaults")."""
        if why in ("move", "horizon", "piquet", "skirmishers", "attached"):
            return
        for n, gk in list(self.attach_due.items()):
            c = self.reg(n)
            if gk == self.gk and c.attached_to == g.name and (c.at, c.y) == (g.at, g.y):
                del self.attach_due[n]
                self.seen["attached companies staying as their regiment moves on after its Move"] += 1

    def check_attached(self):
        """Every attached company due to move with its regiment has: the KARD's cards are done (its end, or its
        fire, which comes after them)."""
        for n, gk in self.attach_due.items():
            c = self.reg(n)
            r = self.reg(c.attached_to)
            if gk == self.gk and (c.at, c.y) != (r.at, r.y) and c.status == "idle":
                self.fail(T_ARTILLERY, "%r stayed at %r, %.1f\" across; its regiment %r completed a Move order to %r, "
                                       "%.1f\" across, on this KARD"
                          % (n, c.at, c.y / 10.0, c.attached_to, r.at, r.y / 10.0))
        self.attach_due = {}

    def check_waves(self):
        """At a KARD's end: every attached company with its regiment, every follow made, every relief carried out,
        every second line sent in gone in."""
        self.check_attached()
        for n, (gk, want, _) in self.follow_due.items():
            if gk == self.gk:
                self.fail(T_WAVES, "second line %r did not follow its lead %r (to %r) on this KARD"
                          % (n, self.reg(n).lead, want))
        self.follow_due = {}
        for n, rl in self.reliefs.items():
            if rl["gk"] != self.gk:
                continue
            lead, sec = self.reg(n), self.reg(rl["second"])
            a = self.assaults.get(rl["target"])
            if not rl["moved"] or lead.status != "idle":
                self.fail(T_WAVES, "%r, relieved by %r, is %s and %s" % (
                    n, sec.name, lead.status, "withdrawn" if rl["moved"] else "not withdrawn"))
            if a is None or sec.name not in a["attackers"] or sec.status != "fighting":
                self.fail(T_WAVES, "%r relieved %r but does not fight the assault on %r (it is %s)"
                          % (sec.name, n, rl["target"], sec.status))
        self.reliefs = {}
        if self.sent_gk != self.gk:
            return  # (no second line sent in on this KARD)
        for g in self.regs.values():
            sent = self.sent_now(g)
            if sent is None:
                continue
            if not sent["engaged"]:
                self.fail(T_WAVES, "%r, sent in (%s) against %r, did not assault it on this KARD"
                          % (g.name, sent["why"], sent["target"]))
            if sent["must_fight"] and not sent["fought"]:
                self.fail(T_WAVES + ' / "an Assault round is immediately fought when the unit is moved into contact '
                          'with the target of the Assault"', "%r, sent in (%s) against %r, did not fight its first "
                          "round on this KARD" % (g.name, sent["why"], sent["target"]))

    def on_second_line(self, e):
        g, lead, t = self.reg(self.f(e, "regiment")), self.reg(self.f(e, "lead")), self.reg(self.f(e, "target"))
        why = self.f(e, "why")
        if not self.r["cavalry_waves"]:
            self.fail(T_WAVES + " (cavalry_waves = false)", "a second_line event with the rule off")
        if g.side != self.f(e, "side"):
            self.fail_format("%r sent in for side %r" % (g.name, e["side"]))
        if g.lead != lead.name:
            self.fail(T_WAVES, "%r is sent in as second line to %r; it follows %r" % (g.name, lead.name, g.lead))
        if not self.in_line(g):
            self.fail(T_WAVES, "%r is sent in as a second line, its lead %r removed" % (g.name, lead.name))
        if g.status != "idle":
            self.fail(T_WAVES, "second line %r is sent in while %s, not idle" % (g.name, g.status))
        if t.side == g.side or t.status == "removed":
            self.fail(T_WAVES, "%r is sent in against %r (%s, side %s)" % (g.name, t.name, t.status, t.side))
        prev = self.sent_now(g)
        if prev is not None and not prev["engaged"]:
            self.fail(T_WAVES, "%r is sent in again before it went in against %r" % (g.name, prev["target"]))
        if why in ("meets_breakthrough", "follows_breakthrough", "relieves"):
            self.second_line_barred(g, t, why)  # in skirmish order only against skirmishers (piquet_deploy.py)
        throughs = [(x, d) for k, x, d in self.throughs if k == self.gk]
        if why == "meets_breakthrough":
            if (t.name, lead.name) not in throughs:
                self.fail(T_WAVES, "%r meets %r, which did not break through its lead %r on this KARD (through: %r)"
                          % (g.name, t.name, lead.name, throughs))
            # Met at once by the reserve, the cavalry through goes on no further.
            if getattr(t, "onward", None) is not None and t.onward[0] == self.gk:
                t.onward = None
                self.seen["onward met by a second line"] += 1
        elif why == "follows_breakthrough":
            if (lead.name, t.name) not in throughs:
                self.fail(T_WAVES, "%r follows its lead %r through %r, which the lead did not break through on this "
                          "KARD (through: %r)" % (g.name, lead.name, t.name, throughs))
            if self.assault_of(t) is not None:
                self.fail(T_WAVES, "%r is sent against %r, which fights as an attacker elsewhere (%r)"
                          % (g.name, t.name, self.assault_of(t)))
        elif why == "relieves":
            a = self.assaults.get(t.name)
            if a is None or a.get("last_round") != self.gk or lead.name not in a["attackers"] \
                    or lead.name not in a.get("first", ()) or lead.status != "fighting":
                self.fail(T_WAVES, "%r relieves %r against %r, but the lead did not fight its first round of that "
                          "assault on this KARD, still in it (%s)" % (g.name, lead.name, t.name, lead.status))
            # "withdrawn to the first objective-horizon to the rear of the combat" (piquet_terrain.py)
            to = self.relieved_place(lead, t)
            # A lead standing 1" outside its target's Engagement range already (across a gap: contact keeps the place
            # across) stays where it is, telling no `moves` ("a regiment changes place"), as any withdrawal does.
            self.reliefs[lead.name] = {"second": g.name, "target": t.name, "gk": self.gk, "moved": to == lead.at,
                                       "to": to, "from": lead.at}
            if to == lead.at:
                self.seen["relieved leads 1\" outside already, staying"] += 1
        else:
            self.fail_format("second_line why %r" % why)
        self.sent_gk = self.gk
        g.sent = {"gk": self.gk, "target": t.name, "why": why, "engaged": False, "must_fight": False,
                  "fought": False}
        self.seen["second line " + why] += 1

    def went_in(self, g, target, how, fought):
        """`g` assaults `target` (`how`: assault_begins, joins_assault, objective_taken): a second line in line only
        when sent in against it on this KARD; `fought`: the assault has fought its round on this KARD."""
        sent = self.sent_now(g)
        if sent is not None and not sent["engaged"]:
            if target.name != sent["target"]:
                self.fail(T_WAVES, "%r, sent in (%s) against %r, goes against %r" % (g.name, sent["why"], sent["target"],
                                                                                 target.name))
            if sent["why"] == "relieves" and not (how == "joins_assault" and fought):
                self.fail(T_WAVES, "%r, relieving its lead, goes in by %s, not joining the assault its lead fought "
                          "on this KARD" % (g.name, how))
            sent["engaged"] = True
            sent["must_fight"] = how != "objective_taken" and not fought
            return True
        if self.in_line(g) and not self.going_on(g):
            self.fail(T_WAVES, "second line %r, not sent in, goes against %r (%s)" % (g.name, target.name, how))
        # A lead's assault (into contact, or onto an objective taken unopposed) is followed even when the lead
        # stands there already, as a completed Move or Maneuver order is (on_execute).
        self.lead_moved(g, True)
        return False

    def going_on(self, g):
        """`g` broke through with Elan on this KARD and goes on (breakthrough_onward), or has gone on."""
        onward = getattr(g, "onward", None)
        return (onward is not None and onward[0] == self.gk) or getattr(g, "went_on_gk", None) == self.gk
