"""Piquet Regimental's chosen deployments (`orders = "chosen"`: where its player takes a regiment's Deploy order,
`deploy_to`; piquet_chosen.py and piquet_deploy.py): real traces pass, and each corruption of a `deploy_to`, the
deployments offered, one group's one deployment, the `deploys` it brings and the heuristic's Prepared to Receive
Cavalry is reported.

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

# fixtures/piquet-chosen-skirmishers.toml (the shipped skirmishers scenario, both sides chosen), random vs random,
# game 2219: a's line brigade given one free Deploy order, both regiments told `min` (9.3" to 5.8", told after each's
# status), a's skirmishing Chasseurs `formed` (6.0" to 4.0"), b's skirmishing Voltigeurs (one battalion: 4.4" formed at
# least and most) `min` out of skirmish order (6.6" to 4.4"), later (DECQ 4 KARD 3) told `skirmish` (4.4" to 6.6").
P_RANDOM = "piquet-chosen-skirmishers-random-g2219.jsonl"
# The same, game 5343: a's 2nd Line at its least, 5.8", then a's line brigade split by deployments on one Officer Check
# (DECQ 6 KARD 16: the 1st Line `min`, the 2nd Line `formed`, two orders), the Hussars idle, formed at their widest;
# Moves stopped short of the Copse where their player placed them, placing no piquet.
P_SPLIT = "piquet-chosen-skirmishers-random-g5343.jsonl"
# The same, game 16455: b's skirmishing Voltigeurs told `min` among the free orders; that order cut off, a second
# `deploy_to`, `prepared`, at DECQ 4 KARD 6 replaces it and completes (skirmish 6.6" to prepared at the formed 4.4").
P_CUT_OFF = "piquet-chosen-skirmishers-random-g16455.jsonl"
# The same, game 1425: a's skirmishing Chasseurs' free assault aimed at b's skirmishing Voltigeurs, the one enemy they
# may assault (the formed Line bars it and may resist: nobody is asked); on DECQ 6 KARD 3 aimed at the Line, defeated
# (it may not resist: taken unopposed), past the Voltigeurs, the nearest.
P_SKIRMISH_AIMS = "piquet-chosen-skirmishers-random-g1425.jsonl"
# The same scenario with the heuristics, prepared_step=-1, game 16: b's skirmishing Voltigeurs, a's Hussars 10" off
# (within prepare_within, 12"), stay skirmishing (moved among the free first orders, and again at DECQ 2 KARD 10, the
# Hussars 5" off); b's formed Line, the Hussars 4" off, is ordered to Deploy into Prepared to Receive Cavalry on b's
# Officer Check at DECQ 2 KARD 10 (its one `deploy_to`, `prepared`), completed at DECQ 3 KARD 17 (9.3" kept), and
# given a Move, prepared, at DECQ 4 KARD 12.
P_HEURISTIC = "piquet-chosen-skirmishers-g16.jsonl"
# fixtures/piquet-chosen.toml (the default, both sides chosen), the heuristics with prepare_within=6, prepared_step=-1,
# game 4: b's Grenadiers and Fusiliers prepared as one order (one deployment), the Militia alone.
P_PREPARED = "piquet-chosen-prepared-g4.jsonl"
# fixtures/piquet-chosen-battery.toml, a random (chosen), b the heuristic (planned), game 4: a's eight-gun foot battery
# (three castings, 2.3" to 3.0") told `min` among the free orders: 3.0" to 2.3"; b's planned Deploy orders (no
# deploy_to in their scenario: no `deploy_to`, no `deploys`).
P_BATTERY = "piquet-chosen-battery-random-g4.jsonl"
# (in fixtures.json too, and kept out of test_piquet.py's count)
CHOSEN_DEPLOY_FIXTURES = (P_RANDOM, P_SPLIT, P_CUT_OFF, P_SKIRMISH_AIMS, P_HEURISTIC, P_PREPARED, P_BATTERY)


def cload(name):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


def deploy_to(e, regiment, to):
    """A `deploy_to` event for `regiment` at the KARD of event `e`."""
    return {"event": "deploy_to", "decq": e["decq"], "kard": e["kard"], "side": e["side"], "regiment": regiment,
            "to": to}


class PiquetChosenDeployTest(CheckerCase):
    MODEL = piquet

    def first(self, ev, event, start=0, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items()), start)

    def test_fixtures_pass_and_exercise_chosen_deployments(self):
        stats = {}
        for name in CHOSEN_DEPLOY_FIXTURES:
            ev, r = cload(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("deploy_to min", "deploy_to max", "deploy_to formed", "deploy_to prepared", "deploy_to skirmish",
                  "chosen deploys min", "chosen deploys max", "chosen deploys formed", "chosen deploys prepared",
                  "chosen Deploy groups of one deployment", "deploy_to replacing a cut-off one",
                  "deploy_to among several offered", "heuristic chosen orders deploy", "deploys skirmish to prepared",
                  "deploys skirmish to formed", "cavalry casts against prepared infantry"):
            self.assertTrue(stats.get(k), k)

    def test_every_chosen_deploy_order_is_told_where_it_goes_in_the_fixtures(self):
        for name in CHOSEN_DEPLOY_FIXTURES:
            ev, _ = cload(name)
            chosen = set(e["regiment"] for e in ev if e["event"] == "regiment" and e["plan"] == ["chosen"])
            for i, e in enumerate(ev):
                if e["event"] == "order" and e["order"] == "deploy":
                    told = [x["regiment"] for x in ev[i + 1:i + 1 + 2 * len(e["regiments"])]
                            if x["event"] == "deploy_to"]
                    self.assertEqual(sorted(told), sorted(n for n in e["regiments"] if n in chosen), (name, i))

    # --- deploy_to: one for each chosen regiment of a Deploy order, right after its status ---------------------
    def test_a_free_deploy_order_told_no_deploy_to(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="Voltigeurs")
        del ev[i]
        self.assertReports(ev, r, i, "'Voltigeurs''s chosen Deploy order is told no `deploy_to`")

    def test_one_of_a_groups_deploy_to_missing(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="2nd Line")
        del ev[i]
        self.assertReports(ev, r, i, "'2nd Line''s chosen Deploy order is told no `deploy_to`")

    def test_a_deploy_order_on_an_officer_check_told_no_deploy_to(self):
        ev, r = cload(P_SPLIT)
        i = self.first(ev, "deploy_to", regiment="2nd Line", decq=6)
        del ev[i]
        self.assertReports(ev, r, i, "'2nd Line''s chosen Deploy order is told no `deploy_to`")

    def test_a_deploy_to_for_a_move_order(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", decq=0, order="move", regiments=["Line"])
        ev[i + 2:i + 2] = [deploy_to(ev[i], "Line", "prepared")]
        self.assertReports(ev, r, i + 2, "'Line' is told deploy_to 'prepared', given no chosen Deploy order")

    def test_a_deploy_to_for_a_planned_regiment(self):
        # b follows its plans: its Deploy order goes where its scenario's deploy_to says (here nowhere)
        ev, r = cload(P_BATTERY)
        i = self.first(ev, "order", side="b", order="deploy", regiments=["Grenadiers", "Fusiliers"])
        self.assertEqual(ev[i + 1]["event"], "status")
        ev[i + 2:i + 2] = [deploy_to(ev[i], "Grenadiers", "min")]
        self.assertReports(ev, r, i + 2, "'Grenadiers' is told deploy_to 'min'", "its orders planned")

    def test_a_deploy_to_before_its_status(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="Voltigeurs")
        ev[i - 1], ev[i] = ev[i], ev[i - 1]
        self.assertReports(ev, r, i - 1, "'Voltigeurs' is told deploy_to 'min' before its status idle -> ordered")

    def test_a_groups_deploy_to_told_after_the_next_status(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="1st Line")
        self.assertEqual((ev[i + 1]["event"], ev[i + 1]["regiment"]), ("status", "2nd Line"))
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
        self.assertReports(ev, r, i + 1, "'1st Line' is told deploy_to 'min' not right after its status",
                           "after a 'status' event of '2nd Line'")

    def test_a_deploy_to_of_no_deployment(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="Voltigeurs")
        ev[i]["to"] = "wide"
        self.assertReports(ev, r, i, "'Voltigeurs''s deploy_to 'wide'")

    def test_a_deploy_to_for_the_other_side(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="Voltigeurs")
        ev[i]["side"] = "a"
        self.assertReports(ev, r, i, "'Voltigeurs' is told a deploy_to for side 'a'")

    # --- the deployments offered ------------------------------------------------------------------------------
    def test_a_deploy_to_that_changes_nothing(self):
        # the 1st Line stands formed at its scenario frontage, 9.3", its widest: `formed` and `max` change nothing
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="1st Line")
        for to in ("formed", "max"):
            ev2 = copy.deepcopy(ev)
            for j in (i, self.first(ev2, "deploy_to", regiment="2nd Line")):
                ev2[j]["to"] = to
            self.assertReports(ev2, r, i, "chosen '1st Line' (infantry, formed at 9.3\" when ordered) is told "
                                          "deploy_to %r" % to, "it changes nothing", "['min', 'prepared']")

    def test_prepared_for_cavalry(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="Chasseurs")
        ev[i]["to"] = "prepared"
        self.assertReports(ev, r, i, "chosen 'Chasseurs' (cavalry, skirmish at 6.0\" when ordered) is told deploy_to "
                                     "'prepared'", "cavalry is not prepared to receive cavalry (infantry only)")

    def test_min_for_cavalry(self):
        # "There is no defined minimum width for cavalry": the skirmishing Chasseurs are offered max and formed (4.0")
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="Chasseurs")
        ev[i]["to"] = "min"
        self.assertReports(ev, r, i, "told deploy_to 'min'", "there is no defined minimum width for cavalry",
                           "['max', 'formed']")

    def test_skirmish_for_a_regiment_not_skirmishers(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="1st Line")
        ev[i]["to"] = "skirmish"
        self.assertReports(ev, r, i, "'1st Line'", "told deploy_to 'skirmish'", "it is not skirmishers")

    def test_skirmish_for_skirmishers_already_skirmishing(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="Voltigeurs")
        ev[i]["to"] = "skirmish"
        self.assertReports(ev, r, i, "told deploy_to 'skirmish'", "it changes nothing: skirmish at 6.6\"")

    def test_prepared_for_infantry_already_prepared(self):
        # the heuristics' game 16, DECQ 4 KARD 12: b's Line, prepared since DECQ 3 KARD 17, given a Move; as a random
        # player's Deploy to Prepared again it changes nothing
        ev, r = cload(P_HEURISTIC)
        r = dict(r, _strategies={"b": ("random", {})})
        i = self.first(ev, "order", decq=4, kard=12, order="move", regiments=["Line"])
        self.assertEqual(ev[i + 1]["event"], "status")
        ev[i]["order"] = "deploy"
        ev[i + 2:i + 2] = [deploy_to(ev[i], "Line", "prepared")]
        self.assertReports(ev, r, i + 2, "chosen 'Line' (infantry, prepared at 9.3\" when ordered)",
                           "told deploy_to 'prepared'", "it changes nothing", "['max', 'min', 'formed']")

    def test_the_least_frontage_for_infantry_at_it(self):
        # game 5343, DECQ 6 KARD 16: the 2nd Line, at its least 5.8", is told `formed`; `min` changes nothing
        ev, r = cload(P_SPLIT)
        i = self.first(ev, "deploy_to", regiment="2nd Line", decq=6, kard=16)
        self.assertEqual(ev[i]["to"], "formed")
        ev[i]["to"] = "min"
        self.assertReports(ev, r, i, "chosen '2nd Line' (infantry, formed at 5.8\" when ordered)",
                           "told deploy_to 'min'", "it changes nothing")

    def test_a_deploy_order_with_no_deployment_to_go_to(self):
        # a's Hussars stand formed at their scenario frontage, 5.0", their widest, and have no minimum, no Prepared, no
        # skirmish order: Deploy is not offered at all
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "order", decq=0, regiments=["Hussars"])
        ev[i]["order"] = "deploy"
        self.assertReports(ev, r, i, "chosen 'Hussars' (cavalry, formed at 5.0\") is given a Deploy order",
                           "no deployment would change it", "min: there is no defined minimum width for cavalry")

    def test_a_not_ordered_deploy_with_no_deployment_to_go_to(self):
        # game 5343, DECQ 6 KARD 16: a's Officer Check orders the 1st Line to Deploy; the idle Hussars (formed at their
        # widest, 5.0") not ordered to Deploy
        ev, r = cload(P_SPLIT)
        i = self.first(ev, "order", decq=6, kard=16, regiments=["1st Line"])
        e = ev[i]
        ev[i:i] = [{"event": "not_ordered", "decq": 6, "kard": 16, "side": "a", "player": "commander",
                    "order": "deploy", "regiments": ["Hussars"], "cost": 1, "why": "declined"}]
        self.assertReports(ev, r, i, "chosen 'Hussars'", "is given a Deploy order", "no deployment would change it")
        self.assertEqual(e["order"], "deploy")

    # --- one order, one deployment ----------------------------------------------------------------------------
    def test_one_group_told_two_deployments(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploy_to", regiment="2nd Line")
        ev[i]["to"] = "prepared"
        self.assertReports(ev, r, i, "'1st Line' and '2nd Line', given one Deploy order ['1st Line', '2nd Line']",
                           "told deploy_to 'min' and 'prepared'")

    def test_a_brigade_split_by_deployments_passes_and_not_otherwise(self):
        # DECQ 6 KARD 16: the 1st Line `min`, the 2nd Line `formed`, two orders for a brigade; both `prepared` (offered
        # both), one order
        ev, r = cload(P_SPLIT)
        h = self.first(ev, "deploy_to", regiment="1st Line", decq=6, kard=16)
        i = self.first(ev, "deploy_to", regiment="2nd Line", decq=6, kard=16)
        self.assertEqual((ev[h]["to"], ev[i]["to"]), ("min", "formed"))
        self.assertEqual(piquet.check(ev, r), [])
        ev[h]["to"] = ev[i]["to"] = "prepared"
        self.assertReports(ev, r, i, "every regiment of '2nd Line''s brigade ['1st Line', '2nd Line'] is given "
                                     "deploy to prepared on this Officer Check, not as one order")
        self.assertReports(ev, dict(r, order_groups="idle_alike"), i, "idle_alike", "['1st Line'] and ['2nd Line']",
                           "both given deploy to prepared", "not as one order")

    def test_a_brigade_split_by_free_deployments(self):
        # the free first orders: a's line brigade told `min` as one order; as two orders both `min`, not one
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "order", decq=0, regiments=["1st Line", "2nd Line"])
        one, two = dict(ev[i], regiments=["1st Line"]), dict(ev[i], regiments=["2nd Line"])
        self.assertEqual([e["event"] for e in ev[i + 1:i + 5]], ["status", "deploy_to", "status", "deploy_to"])
        ev[i:i + 5] = [one, ev[i + 1], ev[i + 2], two, ev[i + 3], ev[i + 4]]
        self.assertReports(ev, r, i + 5, "every regiment of '2nd Line''s brigade", "deploy to min", "not as one order")

    # --- deploys: where chosen, a pending deploy_to each ------------------------------------------------------
    def test_a_chosen_deploys_not_where_chosen(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploys", regiment="Voltigeurs")
        ev[i]["to"] = "prepared"
        self.assertReports(ev, r, i, "'Voltigeurs''s Deploy order 1 (its player's deploy_to 'min') makes it prepared "
                                     "at 4.4\"; it is formed at 4.4\"")

    def test_a_chosen_deploys_at_another_frontage(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploys", regiment="1st Line")
        ev[i]["frontage"] = 9.3
        self.assertReports(ev, r, i, "'1st Line''s Deploy order 1 (its player's deploy_to 'min') makes it formed at "
                                     "9.3\"; it is formed at 5.8\"")

    def test_a_chosen_deploys_as_its_scenario_deploy_to_lists(self):
        # b's Line lists deploy_to ["prepared", "formed"]: its player chose `min`, and its Deploy goes there
        ev, r = cload(P_HEURISTIC)
        r = dict(r, _strategies={"b": ("random", {})})
        i = self.first(ev, "deploy_to", regiment="Line")
        j = self.first(ev, "deploys", regiment="Line")
        self.assertEqual((ev[i]["to"], ev[j]["to"]), ("prepared", "prepared"))
        ev[i]["to"] = "min"
        ev[j].update(to="formed", frontage=5.8)
        self.assertEqual(piquet.check(ev, r), [])
        ev[j].update(to="prepared", frontage=9.3)  # its scenario's first entry
        self.assertReports(ev, r, j, "'Line''s Deploy order 1 (its player's deploy_to 'min') makes it prepared")

    def test_a_chosen_deploys_with_no_pending_deploy_to(self):
        # a second `deploys` after the first used its deploy_to up
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "deploys", regiment="Voltigeurs")
        ev[i + 1:i + 1] = [dict(ev[i], **{"from": "formed", "to": "skirmish", "frontage_from": 4.4,
                                         "frontage": 6.6})]
        self.assertReports(ev, r, i + 1, "chosen 'Voltigeurs' deploys (formed to skirmish) with no Deploy order "
                                         "completed on this KARD with a pending `deploy_to`")

    def test_a_chosen_deploys_after_a_move(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "moves", regiment="Line", why="move")
        e = ev[i]
        ev[i + 1:i + 1] = [{"event": "deploys", "decq": e["decq"], "kard": e["kard"], "side": "b", "regiment": "Line",
                            "from": "formed", "to": "prepared", "frontage_from": 9.3, "frontage": 9.3}]
        self.assertReports(ev, r, i + 1, "chosen 'Line' deploys (formed to prepared) with no Deploy order completed",
                           "scenario deploy_to ['prepared', 'formed'] is not followed")

    def test_a_completed_chosen_deploy_told_no_deploys(self):
        ev, r = cload(P_BATTERY)
        i = self.first(ev, "deploys", regiment="Foot battery")
        del ev[i]
        self.assertEqual(ev[i]["event"], "status")  # ordered -> idle; the next settling event misses it
        self.assertReports(ev, r, i + 1, "'Foot battery' completed a Deploy order (its player's deploy_to 'min') and "
                                         "told no `deploys`")

    def test_a_company_at_its_least_frontage(self):
        # eight guns, three castings of 3/4" to 1": 2.25" to 3", its least 2.3" to the tenth (docs/piquet.md)
        ev, r = cload(P_BATTERY)
        i = self.first(ev, "deploys", regiment="Foot battery")
        self.assertEqual((ev[i]["frontage_from"], ev[i]["frontage"]), (3.0, 2.3))
        ev[i]["frontage"] = 2.2
        self.assertReports(ev, r, i, "'Foot battery''s Deploy order 1 (its player's deploy_to 'min') makes it formed "
                                     "at 2.2\"; it is formed at 2.3\" (limits 2.3\" to 3.0\"")

    def test_a_cut_off_deploy_to_is_replaced_by_the_next(self):
        # the Voltigeurs' free Deploy (min) was cut off; the next, at DECQ 4 KARD 6, goes where it says (prepared)
        ev, r = cload(P_CUT_OFF)
        first = self.first(ev, "deploy_to", regiment="Voltigeurs")
        i = self.first(ev, "deploy_to", regiment="Voltigeurs", start=first + 1)
        j = self.first(ev, "deploys", regiment="Voltigeurs")
        self.assertEqual((ev[first]["decq"], ev[first]["to"], ev[i]["decq"], ev[i]["kard"], ev[i]["to"]),
                         (0, "min", 4, 6, "prepared"))
        self.assertEqual((ev[j]["from"], ev[j]["to"], ev[j]["frontage"]), ("skirmish", "prepared", 4.4))
        self.assertLess(i, j)
        ev[j].update(to="formed")  # the cut-off order's: skirmish 6.6" to formed at its least, 4.4"
        self.assertReports(ev, r, j, "'Voltigeurs''s Deploy order 1 (its player's deploy_to 'prepared') makes it formed "
                                     "at 4.4\"; it is prepared at 4.4\"")
        ev[i]["to"] = "max"  # told `max` again, it goes there
        p = piquet.check(ev, r)  # (only later casts against them, no longer prepared, are read otherwise)
        self.assertTrue(not p or (p[0].index > j + 1 and "assault cast" in p[0].message), p)

    # --- the heuristic: Prepared to Receive Cavalry against near cavalry ---------------------------------------
    def test_the_heuristic_prepares_only(self):
        # b's Line, on its Officer Check at DECQ 2 KARD 10, told `prepared`: `min` is offered, not the heuristic's
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "deploy_to", regiment="Line")
        self.assertEqual((ev[i]["decq"], ev[i]["kard"], ev[i]["to"]), (2, 10, "prepared"))
        ev[i]["to"] = "min"
        self.assertReports(ev, r, i, "the heuristic takes chosen 'Line' to 'min'",
                           "it deploys only into Prepared to Receive Cavalry")

    def test_the_heuristic_leaves_out_a_regiment_it_would_prepare(self):
        # b's formed Line, a's Hussars (formed cavalry) 4" off, within prepare_within (12): its Officer Check's Deploy
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", decq=2, kard=10, regiments=["Line"])
        del ev[i:i + 3]
        self.assertReports(ev, r, i, "the heuristic gives idle chosen 'Line'", "no order on this Officer Check",
                           "would order deploy", "['Hussars'] 4 inches away", "prepared offered (infantry formed)")

    def test_the_heuristic_moves_a_regiment_it_would_prepare(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", decq=2, kard=10, regiments=["Line"])
        ev[i]["order"] = "move"
        del ev[i + 2]
        self.assertReports(ev, r, i, "the heuristic orders chosen 'Line'", "to move",
                           "it deploys into Prepared to Receive Cavalry first", "prepared_step -1, prepare_within 12")

    def test_the_heuristic_prepares_beyond_prepare_within(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", decq=2, kard=10, regiments=["Line"])
        r = dict(r, _strategies={"b": ("heuristic", {"prepare_within": "3"})})
        self.assertReports(ev, r, i, "the heuristic orders chosen 'Line'", "to deploy",
                           "within prepare_within: prepared_step -1, prepare_within 3", "['Hussars'] 4 inches away")

    def test_the_heuristic_prepares_within_prepare_within(self):
        # 4" is within 4: the same trace passes with prepare_within=4 for b (a's heuristic unchanged)
        ev, r = cload(P_HEURISTIC)
        self.assertEqual(piquet.check(ev, dict(r, _strategies={"b": ("heuristic", {"prepare_within": "4"})})), [])

    def test_the_heuristic_never_prepares_with_prepare_within_0(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", decq=2, kard=10, regiments=["Line"])
        self.assertReports(ev, dict(r, _strategies={"b": ("heuristic", {"prepare_within": "0"})}), i,
                           "the heuristic orders chosen 'Line'", "to deploy", "prepare_within 0")

    def test_the_heuristic_prepares_when_prepared_has_no_effect(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "order", decq=2, kard=10, regiments=["Line"])
        self.assertReports(ev, dict(r, prepared_step=0), i, "the heuristic orders chosen 'Line'", "to deploy",
                           "prepared_step 0")

    def test_the_heuristic_prepares_against_skirmishing_cavalry(self):
        # a's Hussars made skirmishers, opening in skirmish order (7.5"): with the Chasseurs skirmishing too no enemy
        # cavalry out of skirmish order is left, and the Line's Deploy is no longer the heuristic's
        ev, r = cload(P_HEURISTIC)
        r = dict(r, _scenario=copy.deepcopy(r["_scenario"]))
        s = [x for x in r["_scenario"]["a"]["regiments"] if x["name"] == "Hussars"][0]
        s.update(skirmishers=True, deployment="skirmish")
        ev[self.first(ev, "regiment", regiment="Hussars")].update(deployment="skirmish", frontage=7.5)
        i = self.first(ev, "order", decq=2, kard=10, regiments=["Line"])
        self.assertReports(ev, r, i, "the heuristic orders chosen 'Line'", "to deploy",
                           "the nearest enemy cavalry not skirmishing none")

    def test_the_heuristic_leaves_skirmishers_skirmishing(self):
        # b's skirmishing Voltigeurs, a's formed Hussars 10" off (within prepare_within, 12) among the free orders and
        # 5" off at DECQ 2 KARD 10: the heuristic moves them, and the trace passes; a `deploy_to` `prepared` for them
        # is not the heuristic's (docs/piquet.md: "skirmishers stay skirmishing")
        ev, r = cload(P_HEURISTIC)
        self.assertEqual(piquet.check(ev, r), [])
        for decq, kard, gap in ((0, 1, 10), (2, 10, 5)):
            ev2 = copy.deepcopy(ev)
            i = self.first(ev2, "order", decq=decq, kard=kard, regiments=["Voltigeurs"])
            self.assertEqual((ev2[i]["order"], ev2[i + 1]["event"]), ("move", "status"))
            ev2[i]["order"] = "deploy"
            ev2[i + 2:i + 2] = [deploy_to(ev2[i], "Voltigeurs", "prepared")]
            self.assertReports(ev2, r, i, "the heuristic orders chosen 'Voltigeurs'", "to deploy",
                               "the nearest enemy cavalry not skirmishing ['Hussars'] %d inches away" % gap,
                               "prepared offered (infantry skirmish): skirmishers stay skirmishing")

    def test_the_heuristic_assaults_before_it_prepares(self):
        # game 4 of the chosen default, prepare_within=6, DECQ 2 KARD 6: a's 1st Line assaults; b's Dragoons are within
        # prepare_within of it, but an assault it would order comes first
        ev, r = cload(P_PREPARED)
        i = self.first(ev, "order", decq=2, kard=6, order="assault", regiments=["1st Line"])
        j = self.first(ev, "aims", regiment="1st Line", start=i)
        ev[i]["order"] = "deploy"
        ev[j] = deploy_to(ev[i], "1st Line", "prepared")
        self.assertReports(ev, r, i, "the heuristic orders chosen '1st Line'", "to deploy", "it assaults first",
                           "prepare_within 6, the nearest enemy cavalry not skirmishing ['Dragoons']",
                           "prepared offered")

    # --- a chosen skirmisher is offered no barred assault -------------------------------------------------------
    def test_a_skirmisher_assaulting_only_formed_enemies(self):
        # the free orders: b's skirmishing Voltigeurs' nearest enemies, all at 0", are a's formed Lines and Hussars and
        # the skirmishing Chasseurs, cavalry in the open: each bars its assault
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "order", decq=0, regiments=["Voltigeurs"])
        ev[i]["order"] = "assault"
        ev[i + 2] = {"event": "aims", "decq": 0, "kard": 1, "side": "b", "regiment": "Voltigeurs",
                     "target": "1st Line"}
        self.assertReports(ev, r, i, "chosen 'Voltigeurs' (infantry skirmish) is ordered to assault",
                           "every nearest enemy bars it and may resist", "'Chasseurs' (cavalry skirmish, in the open")

    # --- a chosen skirmisher's aims: the skirmishers it may assault, when any --------------------------------------
    def test_a_skirmisher_aimed_at_a_formed_enemy_while_it_may_assault_skirmishers(self):
        ev, r = cload(P_SKIRMISH_AIMS)
        i = self.first(ev, "aims", regiment="Chasseurs", decq=0)
        self.assertEqual(ev[i]["target"], "Voltigeurs")
        ev[i]["target"] = "Line"
        self.assertReports(ev, r, i, "'Chasseurs' (cavalry skirmish, at 0) aims at 'Line' (infantry formed at 16), not the "
                                     "nearest", "while it may assault ['Voltigeurs']",
                           "Skirmishing units can Assault only other skirmishing units")

    def test_a_skirmisher_aimed_at_a_formed_enemy_that_may_not_resist_passes(self):
        ev, r = cload(P_SKIRMISH_AIMS)
        i = self.first(ev, "aims", regiment="Chasseurs", decq=6, kard=3)
        self.assertEqual(ev[i]["target"], "Line")
        stats = {}
        self.assertEqual(piquet.check(ev, r, stats), [])
        self.assertTrue(stats.get("skirmishers' aims not at the nearest, at a formed enemy that may not resist"), stats)
        self.assertTrue(stats.get("skirmishers' aims, limited to skirmishers they may assault"), stats)
        j = max(k for k in range(i) if ev[k]["event"] == "status" and ev[k]["regiment"] == "Line")
        self.assertEqual(ev[j]["to"], "defeated")
        # were the Line to resist, the same aim would be barred (read to the aim: the assault's own events aside)
        with mock.patch.object(piquet._Game, "resists", lambda self, t: t.status != "removed"):
            p = piquet.check(ev[:i + 1], r)[0]
        self.assertEqual(p.index, i + 1, str(p))
        self.assertIn("'Chasseurs' (cavalry skirmish, at 6) aims at 'Line' (infantry formed at 20), not the nearest",
                      p.message)

    def test_a_skirmisher_aimed_at_its_own_side(self):
        ev, r = cload(P_SKIRMISH_AIMS)
        i = self.first(ev, "aims", regiment="Chasseurs", decq=0)
        ev[i]["target"] = "Hussars"
        self.assertReports(ev, r, i, "'Chasseurs' (side a) aims at 'Hussars', of its own side")


if __name__ == "__main__":
    unittest.main()
