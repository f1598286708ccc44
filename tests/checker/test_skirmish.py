"""Skirmishing with Ancients: real traces pass, and each corruption of them is reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import skirmish  # noqa: E402


K_DEFAULTS = "skirmish-defaults-g0.jsonl"  # vikings: approach fire, a charge to contact, hacks, a stopped charge
K_MIXED = "skirmish-mixed-g5.jsonl"  # fixtures/skirmish-mixed.toml: cavalry, crossbows, point-blank fire, melee


def kload(name):
    events = read_events(name)
    binary = check_traces.find_binary(None)
    p = subprocess.run([binary, "rules", "skirmish"], capture_output=True, text=True)
    defaults = __import__("common").parse_rules_listing(p.stdout)
    return events, check_traces.rules_of(skirmish, defaults, MANIFEST[name][1:])


class SkirmishTest(CheckerCase):
    MODEL = skirmish

    def test_fixtures_pass(self):
        for n in (K_DEFAULTS, K_MIXED):
            ev, r = kload(n)
            self.assertEqual(skirmish.check(ev, r), [], n)

    def test_card_not_in_hand(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["play"] == 3)
        ev[i]["card"] = 2
        self.assertReports(ev, r, i, "not in its hand")

    def test_draw_not_the_next_card(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["drawn"] is not None)
        ev[i]["drawn"] = 7 - ev[i]["drawn"] if ev[i]["drawn"] != 3.5 else 1
        self.assertReports(ev, r, i, "drawn")

    def test_increments_beyond_the_card(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "unused")
        ev[i]["increments"] += 1
        self.assertReports(ev, r, i, "increments")

    def test_d10_out_of_range(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "shot" and e["effect"] == "no_effect")
        ev[i]["die"] = 0
        ev[i]["result"] = ev[i]["modifier"]
        self.assertReports(ev, r, i, "d10")

    def test_fire_modifier_wrong(self):
        ev, r = kload(K_MIXED)
        i = index_of(ev, lambda e: e["event"] == "shot" and e["unshielded"])
        ev[i]["unshielded"] = False
        self.assertReports(ev, r, i, "unshielded")

    def test_effect_not_the_table(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "shot" and e["effect"] == "no_effect")
        ev[i]["effect"] = "kill"
        self.assertReports(ev, r, i, "effect")

    def test_too_many_shots_for_the_load(self):
        ev, r = kload(K_MIXED)
        i = index_of(ev, lambda e: e["event"] == "shot" and e["shooter"] in ("a5", "a6") and e["increments"] >= 2)
        ev[i]["fire"] += 1
        ev[i]["modifier"] += 1
        ev[i]["result"] += 1
        self.assertReports(ev, r, i, "fire")

    def test_dead_man_shoots(self):
        for name in (K_DEFAULTS, K_MIXED):
            ev, r = kload(name)
            shooters = {e["man"] for e in ev if e["event"] == "man" and e["load"] is not None}
            try:
                d = index_of(ev, lambda e: e["event"] == "status" and e["state"] in ("dead", "gone")
                          and e["man"] in shooters)
                i = index_of(ev, lambda e: e["event"] == "shot" and e["side"] == ev[d]["side"], d)
            except AssertionError:
                continue
            ev[i]["shooter"] = ev[d]["man"]
            self.assertReports(ev, r, i, "shoots, but he is")
            return
        # no fixture has a missile man fall and his side shoot again: corrupt one
        ev, r = kload(K_DEFAULTS)
        j = index_of(ev, lambda e: e["event"] == "shot" and e["shooter"] == "a7" and e["play"] == 3)
        ev.insert(j, {"event": "status", "play": 3, "side": "a", "man": "a7", "state": "dead",
                      "wounded": False, "cause": "fire"})
        self.assertEqual(len(skirmish.check(ev, r)), 1)

    def test_shooter_running(self):
        ev, r = kload(K_DEFAULTS)
        # a7 fails nothing in the fixture: insert a morale failure status before a shot of his
        j = index_of(ev, lambda e: e["event"] == "shot" and e["shooter"] == "a7" and e["play"] == 3)
        ev.insert(j, {"event": "status", "play": 3, "side": "a", "man": "a7", "state": "running",
                      "wounded": False, "cause": "morale"})
        ps = skirmish.check(ev, r)
        self.assertEqual(len(ps), 1)

    def test_shot_at_the_wrong_man(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "shot")
        ev[i]["target"] = "b5"
        self.assertReports(ev, r, i, "target")

    def test_morale_roll_outcome(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "morale" and e["passed"])
        ev[i]["roll"] = 99
        self.assertReports(ev, r, i, "passed")

    def test_morale_level(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "morale")
        ev[i]["level"] += 3
        self.assertReports(ev, r, i, "level")

    def test_commander_points_negative_or_not_adding_up(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "morale" and e["points"] > 0)
        ev[i]["points_left"] += 1
        self.assertReports(ev, r, i, "points_left")
        ev, r = kload(K_DEFAULTS)
        ev[i]["points"] = 150
        self.assertReports(ev, r, i, "commander points")

    def test_advance_from_elsewhere(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "advance" and e["from"] != 30)
        ev[i]["from"] += 2
        self.assertReports(ev, r, i, "from")

    def test_advance_too_far(self):
        ev, r = kload(K_MIXED)
        i = index_of(ev, lambda e: e["event"] == "advance" and not e["charge"])
        ev[i]["to"] += 1
        self.assertReports(ev, r, i, "to")

    def test_melee_rethrown_after_a_score(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "melee" and len(e["throws"]) == 1)
        ev[i]["throws"] = [ev[i]["throws"][0], [1, 1]]
        self.assertReports(ev, r, i, "thrown again")

    def test_melee_outcome_wrong(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "melee" and e["on_defender"] == "no_effect")
        ev[i]["on_defender"] = "rout"
        self.assertReports(ev, r, i, "on_defender")

    def test_dead_man_melees(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "melee" and e["attacker"] == "b7")
        ev[i]["attacker"] = "b4"  # killed in the first melee of that charge
        self.assertReports(ev, r, i, "melee")

    def test_status_missing(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "status" and e["cause"] == "fire")
        del ev[i]
        self.assertReports(ev, r, i, "status")

    def test_hack_result(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "hack")
        ev[i]["result"] = ev[i]["die"]
        self.assertReports(ev, r, i, "result")

    def test_game_goes_on(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "game_end")
        extra = copy.deepcopy(ev[i - 2])
        ev.insert(i, extra)
        ps = skirmish.check(ev, r)
        self.assertEqual(len(ps), 1)

    def test_game_ends_early(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["play"] == 24)
        del ev[i:i + 2]
        self.assertReports(ev, r, i, "play 24")

    def test_record_disagrees(self):
        ev, r = kload(K_DEFAULTS)
        ev[-1]["shots"] += 1
        self.assertReports(ev, r, len(ev) - 1, "shots")
        ev, r = kload(K_DEFAULTS)
        ev[-1]["killed_b"] -= 1
        self.assertReports(ev, r, len(ev) - 1, "killed_b")

    def test_game_end_disagrees(self):
        ev, r = kload(K_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "game_end")
        ev[i]["winner"] = "b"
        self.assertReports(ev, r, i, "winner")


if __name__ == "__main__":
    unittest.main()
