"""Piquet Regimental's order of the sides' card effects in a KARD (rule kard_first, piquet_first.py): real traces
pass, and each corruption of the order, of the coin (`resolves_first`) and of the cards' place among the turns and
the fire is reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, read_events  # noqa: E402
import piquet  # noqa: E402
from piquet_first import EFFECTS  # noqa: E402

# The default scenario, game 0, under kard_first=alternate (the default): on DECQ 1 KARD 1 (odd: a first) a's Hussars
# execute their Move (event 16), then b's Militia theirs (19), which then fires (20); DECQ 1 KARD 12 a's Crushing Volley
# (97) right before a's fire order (98).
P_ALTERNATE = "piquet-defaults-g0.jsonl"
# the same game under kard_first=random: DECQ 1 KARD 1 the coin (16) says a, before a's execute (17) and b's (20);
# KARD 5 (the coin at 56, b) uses no card.
P_RANDOM = "piquet-first-random-g0.jsonl"
# the same game under kard_first=b: DECQ 1 KARD 1 b's Officer Check and orders before a's execute.
P_B = "piquet-first-b-g0.jsonl"
# --scenario corps under kard_first=random, game 0: DECQ 2 KARD 15 the coin (390) says a: a's Marshal's Brilliant
# Leader as an Officer Check and its cast (391-393), a's 2nd Division's Officer Check and Assault order (394-396), then
# b's commander's execute of the Grenadiers' Deploy (397, 398).
P_CORPS = "piquet-first-corps-random-g0.jsonl"
FIRST_FIXTURES = (P_RANDOM, P_B, P_CORPS)


def load(name, **sets):
    events = read_events(name)
    args = list(MANIFEST[name][1:]) + sum((["--set", "%s=%s" % kv] for kv in sets.items()), [])
    return events, check_traces.rules_of(piquet, {}, args)


def at(ev, i, event, **fields):
    """Event `i` is the `event` the comments above say (so a regenerated fixture fails here, not in a corruption)."""
    e = ev[i]
    assert e["event"] == event and all(e.get(k) == v for k, v in fields.items()), (i, e)
    return i


def moved(ev, frm, to, n=1):
    """`ev` with its events frm..frm+n moved to stand before event `to`."""
    out = copy.deepcopy(ev)
    block = out[frm:frm + n]
    del out[frm:frm + n]
    to = to if to < frm else to - n
    out[to:to] = block
    return out


class PiquetFirstTest(CheckerCase):
    MODEL = piquet

    def test_fixtures_pass(self):
        for name in FIRST_FIXTURES + (P_ALTERNATE,):
            ev, r = load(name)
            self.assertEqual(self.problems(ev, r), [], name)

    def test_the_rule_in_force_names_the_first_side(self):
        # DECQ 1 KARD 1 of the alternating trace: a's execute, then b's; under kard_first=b, b's comes too late.
        ev, r = load(P_ALTERNATE, kard_first="b")
        self.assertReports(ev, r, at(ev, 19, "execute", side="b"), "side b", "after side a's card effects",
                           "kard_first = b")
        # the trace of kard_first=b, read as alternating: a's first card effect on an odd KARD comes after b's
        ev, r = load(P_B, kard_first="alternate")
        i = next(j for j, e in enumerate(ev) if e["event"] in ("execute", "officer_check") and e["side"] == "a")
        self.assertEqual((ev[i]["decq"], ev[i]["kard"]), (1, 1))
        self.assertReports(ev, r, i, "side a after side b's card effects", "(game KARD 1)", "kard_first = alternate")
        # read as kard_first=a: the first even KARD where b's cards went first
        ev, r = load(P_ALTERNATE, kard_first="a")
        p = self.problems(ev, r)
        self.assertEqual(len(p), 1)
        self.assertEqual(ev[p[0].index - 1]["side"], "a")
        self.assertEqual(ev[p[0].index - 1]["kard"] % 2, 0, str(p[0]))

    def test_alternate_order_broken(self):
        # b's execute moved before a's on the odd KARD 1: a's then comes after b's
        ev, r = load(P_ALTERNATE)
        bad = moved(ev, at(ev, 19, "execute", side="b"), at(ev, 16, "execute", side="a"))
        self.assertReports(bad, r, 17, "side a after side b's card effects", "DECQ 1 KARD 1",
                           "side a's take effect first")

    def test_the_coin_orders_the_kard(self):
        # the coin of DECQ 1 KARD 1 turned to b: a's execute (17) is allowed, b's after it is not
        ev, r = load(P_RANDOM)
        bad = copy.deepcopy(ev)
        bad[at(ev, 16, "resolves_first", side="a")]["side"] = "b"
        self.assertReports(bad, r, at(ev, 20, "execute", side="b"), "side b after side a's card effects",
                           "side b's take effect first", "kard_first = random")

    def test_coin_missing(self):
        ev, r = load(P_RANDOM)
        # before a KARD's card effects: the first of them is reported
        bad = copy.deepcopy(ev)
        del bad[at(ev, 16, "resolves_first")]
        self.assertReports(bad, r, 16, "'execute' of side a before the KARD's resolves_first")
        # in a KARD using no card: the next KARD's first turn
        bad = copy.deepcopy(ev)
        del bad[at(ev, 56, "resolves_first", kard=5)]
        self.assertReports(bad, r, at(ev, 57, "turn", kard=6) - 1, "DECQ 1 KARD 5 told no resolves_first")
        # and the last KARD of a DECQ: its decq_end
        i = next(j for j, e in enumerate(ev) if e["event"] == "resolves_first" and e["kard"] == 18)
        bad = copy.deepcopy(ev)
        del bad[i]
        end = next(j for j in range(i, len(bad)) if bad[j]["event"] in ("decq_end",) + EFFECTS)
        self.assertReports(bad, r, end, "resolves_first")

    def test_coin_duplicated(self):
        ev, r = load(P_RANDOM)
        i = at(ev, 16, "resolves_first")
        bad = copy.deepcopy(ev)
        bad.insert(i + 1, copy.deepcopy(ev[i]))
        self.assertReports(bad, r, i + 1, "a second resolves_first on DECQ 1 KARD 1")
        # a second coin after the KARD's card effects, the other way
        bad = copy.deepcopy(ev)
        bad.insert(19, dict(ev[i], side="b"))
        self.assertReports(bad, r, 19, "a second resolves_first")

    def test_coin_misplaced(self):
        ev, r = load(P_RANDOM)
        i = at(ev, 16, "resolves_first")
        # after the first card effect of its KARD
        self.assertReports(moved(ev, i, 18), r, 16, "'execute' of side a before the KARD's resolves_first")
        # between the turns: before b turned its card
        self.assertReports(moved(ev, i, at(ev, 15, "turn", side="b")), r, 15, "before every player acted")
        # a side that is not a side
        bad = copy.deepcopy(ev)
        bad[i]["side"] = "c"
        self.assertReports(bad, r, i, "resolves_first names side 'c'")

    def test_no_coin_under_the_other_readings(self):
        # the random trace read as alternating: its first coin is told with none to tell
        ev, r = load(P_RANDOM, kard_first="alternate")
        self.assertReports(ev, r, 16, "a resolves_first with no coin to tell", "kard_first = alternate")
        # a coin, though right (a first on KARD 1), added to the alternating and the kard_first=b traces
        for name, side in ((P_ALTERNATE, "a"), (P_B, "b")):
            ev, r = load(name)
            bad = copy.deepcopy(ev)
            bad.insert(16, {"event": "resolves_first", "decq": 1, "kard": 1, "side": side})
            self.assertReports(bad, r, 16, "no coin to tell")

    def test_card_effects_after_every_turn_and_before_fire(self):
        ev, r = load(P_ALTERNATE)
        # b's turn of KARD 1 told after a's execute: the execute comes before every player acted
        self.assertReports(moved(ev, at(ev, 15, "turn", side="b"), 17), r, 15, "'execute' of side a before every "
                                                                                   "player acted")
        # a's Crushing Volley of KARD 12 told after a's fire order
        i = at(ev, 97, "crushing_volley", side="a", kard=12)
        self.assertReports(moved(ev, i + 1, i), r, i + 1, "'crushing_volley' of side a after the KARD's fire orders")
        # the volleys land together: the hit of b's Militia's volley (KARD 1) told before b's second fire order
        bad = moved(ev, at(ev, 26, "hit", by="Militia"), at(ev, 22, "fire", side="b"))
        self.assertReports(bad, r, 23, "'fire' of side b after a volley of the KARD landed", "land together")

    def test_several_players_a_side(self):
        ev, r = load(P_CORPS)
        at(ev, 390, "resolves_first", decq=2, kard=15, side="a")
        at(ev, 394, "officer_check", side="a", player="2nd Division")
        # a's two players' effects in either order (the side's, not its players' order)
        self.assertEqual(self.problems(moved(ev, 394, 391, 3), r), [])
        # b's execute (and its status) told between a's Marshal's and a's 2nd Division's
        bad = moved(ev, at(ev, 397, "execute", side="b"), 394, 2)
        self.assertReports(bad, r, 396, "'officer_check' of side a after side b's card effects", "DECQ 2 KARD 15")


if __name__ == "__main__":
    unittest.main()
