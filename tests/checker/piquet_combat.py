"""Engagements and assaults in the Piquet model (`piquet.py`): an engagement's beginning and end, an assault's
beginning, joiners, rounds, breakthroughs and cavalry going on, retirements, its end and an objective taken unopposed
(the text's Combat, Cavalry Break-Through and Command and Control in Combat). `Combat` is a part of `piquet._Game`: it
reads the game's regiments (`self.regs`), assaults (`self.assaults`), KARD (`self.gk`) and rules (`self.r`) and reports
through its `fail`. Written, as the rest of the checker, from the seed text and the docs, never from the crate's
source."""

from piquet_text import (
    T_ASSAULT, T_BREAK, T_ELAN, T_ENGAGE, T_FORMAT, T_MUST_RALLY, T_NOTE12, T_ONWARD, T_RANGE, T_READ, T_RETIRE,
    UNRALLIED,
)


class Combat:
    # The last global KARDs a regiment's `onward` and `retire_due` were set on (check_stayed and check_retired look
    # for those of the KARD ending: none unless it set one).
    onward_gk = retire_gk = None

    def on_engagement_begins(self, e):
        a, b = self.reg(self.f(e, "a")), self.reg(self.f(e, "b"))
        if a.side != "a" or b.side != "b":
            self.fail(T_ENGAGE, "an engagement's `a` is side a's, `b` side b's")
        key = (a.name, b.name)
        if key in self.engaged:
            self.fail(T_ENGAGE, "%r and %r are already engaged" % key)
        va, vb = self.volleys.get(a.name), self.volleys.get(b.name)
        if not ((va and va[0] == b.name) or (vb and vb[0] == a.name)):
            self.fail(T_ENGAGE, "an engagement begins with no volley between %r and %r this KARD" % key)
        if not self.within(a, b, self.E):
            self.fail(T_RANGE + ' / docs/replay.md: `engagement_begins` "a volley within Engagement range"',
                      "%r and %r engage %s apart, beyond Engagement range (%d)" % (a.name, b.name, self.dist_said(a, b),
                                                                                 self.E))
        self.engaged[key] = self.gk
        self.seen["engagements"] += 1

    def check_engaged(self):
        """At a KARD's end: every engagement under way is between regiments within Engagement range of each other (one
        out of it is broken off, `broken_off`, by the KARD's end)."""
        for (na, nb) in self.engaged:
            a, b = self.reg(na), self.reg(nb)
            if a.status != "removed" and b.status != "removed" and not self.within(a, b, self.E):
                self.fail(T_RANGE + ' / docs/replay.md: `engagement_ends` ... `broken_off`',
                          "%r and %r are still engaged %s apart, beyond Engagement range (%d)"
                          % (na, nb, self.dist_said(a, b), self.E))

    def on_engagement_ends(self, e):
        key = (self.f(e, "a"), self.f(e, "b"))
        if key not in self.engaged:
            self.fail(T_ENGAGE, "the engagement of %r and %r ends, never begun" % key)
        n = self.gk - self.engaged.pop(key) + 1
        if self.f(e, "kards") != n:
            self.fail(T_ENGAGE, "the engagement lasted %d KARDs, the event says %r" % (n, e["kards"]))
        how = self.f(e, "how")
        a, b = self.reg(key[0]), self.reg(key[1])
        if how == "broken_off" and self.gap(a, b):
            self.seen["engagements broken off across a gap"] += 1
        if how == "a_withdrew" and a.elan != 0 or how == "b_withdrew" and b.elan != 0 \
                or how == "both_withdrew" and (a.elan or b.elan):
            self.fail('"If either combatant losses all its Elan Chips, it must withdraw from the combat"',
                      "%s with Elan %d and %d" % (how, a.elan, b.elan))

    def on_assault_begins(self, e):
        at, de = self.reg(self.f(e, "attacker")), self.reg(self.f(e, "defender"))
        self.check_aimed(at, de, "assault_begins")  # a chosen assault goes in against its aim (piquet_chosen.py)
        self.went_on(at, de)
        if at.side != self.f(e, "side") or de.side == at.side:
            self.fail(T_ASSAULT, "an assault between %r and %r" % (at.name, de.name))
        if at.status in UNRALLIED:
            self.fail(T_MUST_RALLY, "unrallied %r assaults" % at.name)
        # A second line sent in, and going on through (breakthrough_onward), assaults with no order of its own.
        if not self.went_in(at, de, "assault_begins", False) and at.order != "assault" \
                and not (at.lead is not None and self.going_on(at)):
            self.fail(T_NOTE12, "%r assaults with a %r order" % (at.name, at.order))
        if at.arm == "artillery":
            self.fail('docs/piquet.md: "artillery defends but does not assault"', "artillery assaults")
        self.skirmish_contact(at, de, "assault_begins")  # skirmishers only on skirmishers (piquet_deploy.py)
        if self.f(e, "elan") != [at.elan, de.elan]:
            self.fail(T_ELAN, "the assault opens with Elan %r, the model %r" % (e["elan"], [at.elan, de.elan]))
        if de.name in self.assaults:
            self.fail(T_ASSAULT, "%r is already assaulted" % de.name)
        self.assaults[de.name] = {"side": at.side, "attackers": [at.name], "rounds": 0, "fresh": {at.name}}
        self.meets(at, de, self.assaults[de.name])  # its aspect, from where it stands (piquet_field.py)
        self.seen["assaults"] += 1

    def on_joins_assault(self, e):
        at, de = self.reg(self.f(e, "attacker")), self.reg(self.f(e, "defender"))
        a = self.assaults.get(de.name)
        if a is None or at.name in a["attackers"]:
            self.fail(T_ASSAULT, "%r joins an assault on %r that is not under way" % (at.name, de.name))
        if at.status in UNRALLIED:
            self.fail(T_MUST_RALLY, "unrallied %r joins an assault" % at.name)
        self.check_aimed(at, de, "joins_assault")
        self.went_in(at, de, "joins_assault", a.get("last_round") == self.gk)
        self.skirmish_contact(at, de, "joins_assault")
        self.went_on(at, de)
        a["attackers"].append(at.name)
        a["fresh"].add(at.name)
        self.meets(at, de, a)
        self.seen["multi-unit assaults"] += 1

    def on_assault_round(self, e):
        de = self.reg(self.f(e, "defender"))
        a = self.assaults.get(de.name)
        if a is None:
            self.fail(T_ASSAULT, "a round of an assault on %r not under way" % de.name)
        ats = self.f(e, "attackers")
        if sorted(ats) != sorted(a["attackers"]):
            self.fail(T_ASSAULT, "the round's attackers %r, the assault's %r" % (ats, a["attackers"]))
        if a.get("last_round") == self.gk:
            self.fail(T_ASSAULT, "a second round of the assault on %r on one KARD" % de.name)
        a["rounds"] += 1
        a["last_round"] = self.gk
        dstep = self.performance_step(de) + de.step + (1 if de.name in self.heroic else 0)
        self.check_cast(de, self.f(e, "defender_dice"), dstep, self.f(e, "defender_cast"), T_READ,
                        "the defender's assault cast")
        adice, acasts = self.f(e, "attacker_dice"), self.f(e, "attacker_casts")
        if len(adice) != len(ats) or len(acasts) != len(ats):
            self.fail(T_ASSAULT, "one cast per attacker")
        for n, d, v in zip(ats, adice, acasts):
            g = self.reg(n)
            st = self.performance_step(g) + g.step + (1 if n in self.heroic else 0)
            # Note 18 (its modifier lost): cavalry's later rounds against infantry, rule cavalry_later_step.
            if g.arm == "cavalry" and de.arm == "infantry" and n not in a["fresh"]:
                st += self.r.get("cavalry_later_step", 0)
            # Against infantry Prepared to Receive Cavalry at the time of the round, rule prepared_step.
            st += self.prepared_step(g, de)
            # Note 21: against a defender it crossed an obstacle to reach, rule obstacle_cover_step (piquet_obstacles.py).
            st += self.cover_step(a, n)
            self.check_cast(g, d, st, v, self.cover_rule(a, n, self.prepared_rule(g, de, T_READ)),
                            "an attacker's assault cast")
        comb = self.round_combined(e, de, a, ats, acasts)  # by their aspects (piquet_field.py)
        de.elan = max(0, de.elan - comb)
        if self.f(e, "defender_elan") != de.elan:
            self.fail(T_ELAN, "the defender's Elan is %d, the event says %r" % (de.elan, e["defender_elan"]))
        ael = []
        for n in ats:
            g = self.reg(n)
            g.elan = max(0, g.elan - e["defender_cast"])
            ael.append(g.elan)
        if self.f(e, "attacker_elan") != ael:
            self.fail(T_ELAN, "the attackers' Elan is %r, the event says %r" % (ael, e["attacker_elan"]))
        for n in ats:
            sent = self.sent_now(self.reg(n))
            if sent is not None and sent["engaged"]:
                sent["fought"] = True
        self.fought_at(de, ats)
        a["first"] = a["fresh"] & set(ats)
        a["fresh"] -= set(ats)
        a["casts"] = dict(zip(ats, acasts))
        a["dcast"] = e["defender_cast"]
        self.seen["assault rounds"] += 1

    def on_breakthrough(self, e):
        g = self.reg(self.f(e, "regiment"))
        de = None
        for dn, a in self.assaults.items():
            if g.name in a["attackers"]:
                de, asl = self.reg(dn), a
        if de is None or asl.get("last_round") != self.gk:
            self.fail(T_BREAK, "a breakthrough by %r outside an assault round" % g.name)
        if g.status == "retiring":
            self.fail(T_RETIRE, "%r, retiring from the fight, attempts a breakthrough" % g.name)
        if g.arm != "cavalry" or g.name not in asl["first"]:
            self.fail('"The Break-Through can only be attempted on the initial round of Assault for the cavalry '
                      'regiment."', "%r attempts a breakthrough" % g.name)
        self.breakthrough_barred(g, de)  # none by or against skirmishers (piquet_deploy.py)
        diff = asl["casts"][g.name] - asl["dcast"]
        if diff <= 0:
            self.fail(T_BREAK, "a breakthrough with a cast %d not above the defender's" % asl["casts"][g.name])
        if self.f(e, "chance") != self.r["breakthrough_multiplier"] * diff:
            self.fail(T_BREAK, "chance %r for a difference of %d" % (e["chance"], diff))
        roll = self.f(e, "roll")
        if not (isinstance(roll, int) and 1 <= roll <= 100):
            self.fail(T_BREAK, "a percentile roll of %r" % roll)
        through = roll <= e["chance"]
        if self.f(e, "through") != through:
            self.fail(T_BREAK, "roll %d against %d: through is %r" % (roll, e["chance"], e["through"]))
        if through:
            d8, d4 = self.f(e, "d8"), self.f(e, "d4")
            if not (isinstance(d8, int) and 1 <= d8 <= 8 and isinstance(d4, int) and 1 <= d4 <= 4):
                self.fail(T_BREAK, "1d8 %r, 1d4 %r" % (d8, d4))
            de.elan = max(0, de.elan - d8)
            g.elan = max(0, g.elan - d4)
            asl["attackers"].remove(g.name)  # through: it leaves the fight, and goes on
            self.throughs.append((self.gk, g.name, de.name))
            broke = getattr(g, "broke", None)
            g.broke = (self.gk, (broke[1] if broke and broke[0] == self.gk else set()) | {de.name})
            if g.elan > 0 and self.r["breakthrough_onward"]:
                g.onward = (self.gk, g.broke[1])
                self.onward_gk = self.gk
        elif e.get("d8") is not None or e.get("d4") is not None:
            self.fail(T_BREAK, "dice cast for a breakthrough held")
        if self.f(e, "elan") != g.elan or self.f(e, "defender_elan") != de.elan:
            self.fail(T_ELAN, "Elan after the breakthrough %r / %r, the model %d / %d"
                      % (e["elan"], e["defender_elan"], g.elan, de.elan))
        self.seen["breakthroughs"] += through

    def onward_targets(self, g, broken, seen=False):
        """The nearest enemy regiments ahead of (or level with) `g` in its path (their frontage overlapping its own,
        piquet_field.in_path), those it broke through this KARD aside (`seen`: count one nearer off its path)."""
        fwd = 1 if g.side == "a" else -1
        ahead = [(fwd * (x.at - g.at), x) for x in self.regs.values()
                 if x.side != g.side and x.name not in broken and x.status != "removed" and fwd * (x.at - g.at) >= 0]
        best = min((d for d, x in ahead if self.in_path(g, x)), default=None)
        if seen and any(not self.in_path(g, x) and (best is None or d < best) for d, x in ahead):
            self.seen["onward past an enemy ahead off its path"] += 1
        return [x for d, x in ahead if d == best and self.in_path(g, x)]

    def went_on(self, g, target):
        """`g` meets `target`: when it broke through on this KARD, its next enemy in its path."""
        onward = getattr(g, "onward", None)
        if onward is None or onward[0] != self.gk:
            return
        g.onward = None
        g.went_on_gk = self.gk
        names = [x.name for x in self.onward_targets(g, onward[1], seen=True)]
        if target.name not in names:
            self.fail(T_ONWARD, "%r, through %r, goes on against %r; the nearest ahead of it: %r"
                      % (g.name, onward[1], target.name, names))
        self.onward_not_objective(g, onward[1], "goes on against %r" % target.name)
        self.seen["onward"] += 1

    def check_retired(self):
        """An order out of an assault completed on the KARD just played was followed by `retires`."""
        if self.retire_gk != self.gk:
            return  # (no order out of an assault completed on this KARD)
        for g in self.regs.values():
            if getattr(g, "retire_due", None) == self.gk:
                self.fail(T_RETIRE, "%r completed its Maneuver order out of its assault and did not retire" % g.name)

    def on_stays(self, e):
        """Cavalry through with Elan that met no one: no enemy ahead, or the one drawn attacks elsewhere."""
        g = self.reg(self.f(e, "regiment"))
        onward = getattr(g, "onward", None)
        if onward is None or onward[0] != self.gk:
            self.fail(T_ONWARD, "%r stays, not through with Elan left on this KARD" % g.name)
        g.onward = None
        targets = self.onward_targets(g, onward[1], seen=True)
        ahead = e.get("ahead")
        if ahead is None and targets:
            self.fail(T_ONWARD, "%r stays with no enemy ahead, it says; ahead of it: %r"
                      % (g.name, [x.name for x in targets]))
        if ahead is not None:
            x = self.reg(ahead)
            if x not in targets or not x.fighting or x.name in self.assaults:
                self.fail(T_ONWARD, "%r stays for %r, which is not the nearest ahead of it attacking elsewhere "
                          "(nearest: %r)" % (g.name, ahead, [t.name for t in targets]))
        self.onward_not_objective(g, onward[1], "stays")
        self.seen["stays"] += 1

    def check_stayed(self):
        """Cavalry through with Elan left either went on or said it stays, on its KARD; every assault under way
        fought one round this KARD."""
        if self.onward_gk == self.gk:  # (else no regiment broke through with Elan left on this KARD)
            for g in self.regs.values():
                onward = getattr(g, "onward", None)
                if onward is not None and onward[0] == self.gk:
                    self.fail(T_ONWARD, "%r broke through with Elan left and neither went on nor stayed" % g.name)
        for d, a in self.assaults.items():
            if a.get("last_round") != self.gk:
                self.fail(T_ASSAULT, "the assault on %r fought no round on this KARD" % d)

    def on_retires(self, e):
        g, de = self.reg(self.f(e, "regiment")), self.reg(self.f(e, "defender"))
        if g.side != self.f(e, "side"):
            self.fail(T_FORMAT, "%r retires for side %r" % (g.name, e["side"]))
        if g.status != "retiring" or getattr(g, "retire_due", None) != self.gk:
            self.fail(T_RETIRE, "%r retires while %s, its Maneuver order out not completed on this card"
                      % (g.name, g.status))
        a = self.assaults.get(de.name)
        defending = g is de
        if a is None or not (defending or g.name in a["attackers"]):
            self.fail(T_RETIRE, "%r retires from an assault on %r it is not fighting" % (g.name, de.name))
        fwd = 1 if g.side == "a" else -1
        g.retire_to = de.at - fwd * self.r["maneuver_inches"]
        g.retire_due = None
        g.pending_status = ("retired", self.gk)
        if not defending:
            a["attackers"].remove(g.name)
        if defending or not a["attackers"]:
            a["retired"] = defending
            a["left"] = list(a["attackers"]) if defending else [de.name]
        self.seen["retirements"] += 1

    def on_assault_ends(self, e):
        de = self.reg(self.f(e, "defender"))
        a = self.assaults.pop(de.name, None)
        if a is None:
            self.fail(T_ASSAULT, "the assault on %r ends, never begun" % de.name)
        if self.f(e, "kards") != a["rounds"]:
            self.fail(T_ASSAULT, "the assault lasted %d rounds, the event says %r" % (a["rounds"], e["kards"]))
        retired = a.get("retired")
        if (self.f(e, "end") == "retired") != (retired is not None) \
                or (retired is not None and self.f(e, "attacker_won") != retired):
            self.fail(T_RETIRE, "the assault on %r ends %s (the attacker won: %r) after %s" % (
                de.name, e["end"], e["attacker_won"],
                "no retirement" if retired is None else "the %s retired" % ("defender" if retired else "last attacker")))
        if retired is not None:
            # Those left in it are unloaded and must rally, as at any end.
            for n in a["left"]:
                if self.reg(n).status != "shaken":
                    self.fail(T_MUST_RALLY, "%r is %s when the assault it was left in ends" % (n, self.reg(n).status))
            return
        end = self.f(e, "end")
        ats = [self.reg(n) for n in a["attackers"]]
        if end == "attacker_wins" and de.elan != 0 and not any(False for _ in ats):
            self.fail(T_ASSAULT, "the attacker wins with the defender at %d Elan" % de.elan)
        if end == "defender_wins" and any(x.elan for x in ats if x.name in a["attackers"]) and de.elan == 0:
            self.fail(T_ASSAULT, "the defender wins at 0 Elan")
        if end == "together" and de.elan != 0:
            self.fail(T_ASSAULT, "both at zero, the defender at %d" % de.elan)

    def on_objective_taken(self, e):
        g = self.reg(self.f(e, "regiment"))
        t = self.reg(self.f(e, "target"))
        if t.status not in UNRALLIED + ("removed",):
            self.fail('"Defeated, unrallied units may not resist Assault"', "%r taken unopposed while %s"
                      % (t.name, t.status))
        if g.status in UNRALLIED:
            self.fail(T_MUST_RALLY, "unrallied %r takes an objective" % g.name)
        self.check_aimed(g, t, "objective_taken")
        self.went_in(g, t, "objective_taken", False)
        self.went_on(g, t)
        self.taken_at(t, g)
