"""Piquet Regimental's chosen twelve-gun companies and chosen aims across the field (piquet_chosen.py): real traces pass,
and each corruption of the one choice a Russian twelve-gun company's halves get (one order, one deployment or way, the
first half's player choosing), of a chosen assault's aim at the nearest enemy measured across the field, and of a
relieved lead standing 1" outside its target's Engagement range already, is reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import sys
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import piquet  # noqa: E402

# fixtures/piquet-chosen-russian.toml (the shipped russian scenario, both sides chosen; Twelve-gun II at its least
# frontage, 1.5", I at its most, 2"), random vs random, game 37: the company's free Deploy order to both halves, I told
# `min` and II, already at 1.5", `min` too (not offered it on its own: its first half's choice); on DECQ 1 KARD 11 one
# Move order to both halves (one `move_to` for both).
P_DEPLOY = "piquet-chosen-russian-random-g37.jsonl"
# The same, game 3: one free Maneuver order to both halves, both told `forward`.
P_WAY = "piquet-chosen-russian-random-g3.jsonl"
# The same, game 4747: a's brigade 2 (the Light and both halves) given one free Move order; on DECQ 5 KARD 17 Twelve-gun
# II ordered alone, its first half shaken.
P_APART = "piquet-chosen-russian-random-g4747.jsonl"
# The same with the heuristics, game 2: the heuristic's Move order to both halves on DECQ 4 KARD 9.
P_HEURISTIC = "piquet-chosen-russian-g2.jsonl"
# fixtures/piquet-chosen-field.toml (the field fixture, both sides chosen), random vs random, game 253: b's Voltigeurs
# (at 16, 9" across, 6" wide) given a free assault, aimed at a's Hussars (at 0, 14" across), the nearest: 0.5" across
# between the frontages' nearer ends, 16.01", where the Horse Guns (1" across, 16.03") and the Line (2.5" across,
# 16.19") are as near in whole inches (17), farther in tenths. A random player's aim may be any of them; the heuristic's
# would be held to the Hussars.
P_AIMS = "piquet-chosen-field-random-g253.jsonl"
# The same, game 21: a's Cuirassiers (-12" across), in contact with b's Militia (0" across, 6.8" between the frontages'
# nearer ends) at 12, relieved by their second line, the Carabiniers, on DECQ 1 KARD 4: 1" outside the Militia's
# Engagement range already, they stay (no `moves`), idle.
P_RELIEVED = "piquet-chosen-field-random-g21.jsonl"
# (in fixtures.json too, and kept out of test_piquet.py's count)
CHOSEN_PAIR_FIXTURES = (P_DEPLOY, P_WAY, P_APART, P_HEURISTIC, P_AIMS, P_RELIEVED)


def cload(name):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


class PiquetChosenPairTest(CheckerCase):
    MODEL = piquet

    def first(self, ev, event, start=0, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items()), start)

    def test_fixtures_pass_and_exercise_the_pair_and_the_aims(self):
        stats = {}
        for name in CHOSEN_PAIR_FIXTURES:
            ev, r = cload(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("twelve-gun companies ordered as one", "twelve-gun companies ordered as one in a larger group",
                  "twelve-gun second halves given their first half's order", "twelve-gun halves told one deployment",
                  "twelve-gun halves told one way", "twelve-gun second halves told a deployment not offered them",
                  "twelve-gun halves ordered apart, the other shaken", "heuristic chosen orders move",
                  "aims at an enemy not the nearest", "relieved leads 1\" outside already, staying"):
            self.assertTrue(stats.get(k), k)

    def test_every_order_to_one_half_goes_to_both_in_the_fixtures(self):
        for name in (P_DEPLOY, P_WAY, P_HEURISTIC):
            ev, _ = cload(name)
            orders = [e for e in ev if e["event"] in ("order", "not_ordered") and any(
                n.startswith("Twelve-gun") for n in e["regiments"])]
            self.assertTrue(orders, name)
            for e in orders:
                self.assertIn("Twelve-gun I", e["regiments"], (name, e))
                self.assertIn("Twelve-gun II", e["regiments"], (name, e))

    # --- one order, one `to` --------------------------------------------------------------------------------------
    def test_the_second_half_told_another_deployment(self):
        # `max` would change II (at 1.5") on its own: it is offered it, but the company's choice was I's `min`
        ev, r = cload(P_DEPLOY)
        i = self.first(ev, "deploy_to", regiment="Twelve-gun II")
        self.assertEqual((ev[i]["decq"], ev[i]["to"]), (0, "min"))
        ev[i]["to"] = "max"
        self.assertReports(ev, r, i, "'Twelve-gun I' and 'Twelve-gun II', the halves of one twelve-gun company",
                           "are told deploy_to 'min' and 'max'", "maneuver as one, but fight as two companies")

    def test_the_second_half_told_another_way(self):
        ev, r = cload(P_WAY)
        i = self.first(ev, "maneuver_to", regiment="Twelve-gun II")
        self.assertEqual((ev[i]["decq"], ev[i]["kard"], ev[i]["to"]), (0, 1, "forward"))
        ev[i]["to"] = "back"
        self.assertReports(ev, r, i, "given one Maneuver order", "are told maneuver_to 'forward' and 'back'",
                           "maneuver as one")

    def test_the_second_halfs_deployment_is_accepted_only_as_its_first_halfs(self):
        # Without `maneuvers_with` the two companies are chosen apart, and `min` changes nothing for II at 1.5".
        # (The company's order split into one for each, as two companies are ordered.)
        ev, r = cload(P_DEPLOY)
        r = dict(r)
        r["_scenario"] = sc = copy.deepcopy(r["_scenario"])
        for s in sc["a"]["regiments"]:
            s.pop("maneuvers_with", None)
        i = self.first(ev, "order", order="deploy", regiments=["Twelve-gun I", "Twelve-gun II"])
        j = self.first(ev, "status", i, regiment="Twelve-gun II")
        ev.insert(j, dict(ev[i], regiments=["Twelve-gun II"]))
        ev[i]["regiments"] = ["Twelve-gun I"]
        k = self.first(ev, "deploy_to", j, regiment="Twelve-gun II")
        self.assertReports(ev, r, k, "chosen 'Twelve-gun II'", "is told deploy_to 'min'", "offered: ['max']")

    # --- both halves in one order -----------------------------------------------------------------------------------
    def test_a_free_order_to_one_half(self):
        ev, r = cload(P_DEPLOY)
        i = self.first(ev, "order", order="deploy", regiments=["Twelve-gun I", "Twelve-gun II"])
        self.assertEqual(ev[i]["decq"], 0)
        ev[i]["regiments"] = ["Twelve-gun I"]
        j = self.first(ev, "status", i, regiment="Twelve-gun II")
        del ev[j:j + 2]  # its status and deploy_to
        self.assertReports(ev, r, i, "'Twelve-gun I' is given a 'deploy' order alone",
                           "its twelve-gun company's other half 'Twelve-gun II' idle", "maneuver as one")

    def test_an_order_on_an_officer_check_to_the_second_half_alone(self):
        ev, r = cload(P_DEPLOY)
        i = self.first(ev, "order", order="move", regiments=["Twelve-gun I", "Twelve-gun II"])
        self.assertEqual((ev[i]["decq"], ev[i]["kard"]), (1, 11))
        ev[i]["regiments"] = ["Twelve-gun II"]
        del ev[self.first(ev, "status", i, regiment="Twelve-gun I")]
        self.assertReports(ev, r, i, "'Twelve-gun II' is given a 'move' order alone",
                           "other half 'Twelve-gun I' idle")

    def test_the_halves_ordered_apart(self):
        # I alone, then II alone on the same Officer Check: the first already leaves the other half out.
        ev, r = cload(P_WAY)
        i = self.first(ev, "order", order="maneuver", regiments=["Twelve-gun I", "Twelve-gun II"])
        second = dict(ev[i], regiments=["Twelve-gun II"], ip=ev[i]["ip"] - 1)
        ev[i]["regiments"] = ["Twelve-gun I"]
        j = self.first(ev, "status", i, regiment="Twelve-gun II")
        ev.insert(j, second)
        self.assertReports(ev, r, i, "'Twelve-gun I' is given a 'maneuver' order alone")

    def test_not_ordered_to_one_half(self):
        ev, r = cload(P_DEPLOY)
        i = self.first(ev, "order", order="move", regiments=["Twelve-gun I", "Twelve-gun II"])
        ev[i:i + 5] = [{"event": "not_ordered", "decq": 1, "kard": 11, "side": "a", "player": "commander",
                        "order": "move", "regiments": ["Twelve-gun I"], "cost": 1, "why": "declined"}]
        self.assertReports(ev, r, i, "'Twelve-gun I' is not given a 'move' order alone", "'Twelve-gun II' idle")

    def test_a_half_ordered_alone_while_the_other_is_shaken_passes(self):
        ev, r = cload(P_APART)
        i = self.first(ev, "order", regiments=["Twelve-gun II"])
        self.assertEqual((ev[i]["decq"], ev[i]["kard"]), (5, 17))
        self.assertEqual(piquet.check(ev, r), [])

    # --- the heuristic: the first half chooses for both -------------------------------------------------------------
    def test_the_heuristic_orders_one_half(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", order="move", regiments=["Twelve-gun I", "Twelve-gun II"])
        self.assertEqual((ev[i]["decq"], ev[i]["kard"]), (4, 9))
        ev[i]["regiments"] = ["Twelve-gun I"]
        del ev[self.first(ev, "status", i, regiment="Twelve-gun II")]
        self.assertReports(ev, r, i, "'Twelve-gun I' is given a 'move' order alone")

    def test_the_heuristic_leaves_out_the_company(self):
        # The company's choice is its first half's: the one left out is named I.
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", order="move", regiments=["Twelve-gun I", "Twelve-gun II"])
        del ev[i:i + 5]  # the order, each half's status and move_to
        self.assertReports(ev, r, None, "the heuristic gives idle chosen 'Twelve-gun I'", "it would order move")

    # --- aims measured across the field ---------------------------------------------------------------------------
    def test_an_aim_at_an_enemy_nearer_only_in_whole_inches(self):
        # a random player's aim may go to any enemy in the game; one held to the nearest (the heuristic's) is held to it
        # in tenths: the Hussars, not the Horse Guns, as near in whole inches
        ev, r = cload(P_AIMS)
        i = self.first(ev, "aims", regiment="Voltigeurs", decq=0)
        self.assertEqual(ev[i]["target"], "Hussars")
        # the free orders' aims held to the nearest, as the heuristic's are (the random aims after them need not be)
        with mock.patch.object(piquet._Game, "aims_nearest", lambda self, side: self.decq == 0):
            stats = {}
            self.assertEqual(piquet.check(ev, r, stats), [])
            self.assertTrue(stats.get("aims decided by tenths (as near in whole inches)"), stats)
            self.assertTrue(stats.get("aims across the field past an enemy nearer along the axis"), stats)
            ev[i]["target"] = "Horse Guns"
            self.assertReports(ev, r, i, "'Voltigeurs' (at 16) aims at 'Horse Guns' at 0, 16.03 inches away",
                               "the heuristic takes the nearest: the nearest enemy: ['Hussars'] at 16.01 inches",
                               "piquet at the objective of the Assault")
        # a random player's may go to any enemy in the game (its assault then going in against the Horse Guns)
        j = self.first(ev, "assault_begins", attacker="Voltigeurs")
        self.assertEqual(ev[j]["defender"], "Hussars")
        p = piquet.check(ev, r)[0]
        self.assertEqual(p.index, j + 1, str(p))
        self.assertIn("chosen 'Voltigeurs''s assault goes in against 'Hussars' (assault_begins); it aimed at 'Horse "
                      "Guns'", p.message)

    # --- a relieved lead 1" outside already -------------------------------------------------------------------------
    def test_a_relieved_lead_standing_outside_already_does_not_move(self):
        ev, r = cload(P_RELIEVED)
        i = self.first(ev, "second_line", why="relieves")
        self.assertEqual(ev[i + 1], {"event": "status", "decq": 1, "kard": 4, "side": "a", "regiment": "Cuirassiers",
                                     "from": "fighting", "to": "idle"})
        ev.insert(i + 1, {"event": "moves", "decq": 1, "kard": 4, "side": "a", "regiment": "Cuirassiers", "from": 12,
                          "to": 8, "y_from": None, "y_to": None, "why": "relieved"})
        self.assertReports(ev, r, i + 1, "'Cuirassiers' moves relieved, standing 1\" outside its target's Engagement "
                                         "range already (12)")


if __name__ == "__main__":
    unittest.main()
