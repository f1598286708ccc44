"""Piquet Regimental's terrain objectives (rule objective_horizons, piquet_terrain.py): a real trace passes, and
each corruption of its horizons is reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import piquet  # noqa: E402
import piquet_terrain  # noqa: E402

# fixtures/piquet-terrain.toml, game 102: a's Lead stops at the Wood (horizon), breaks through Foot in the Farm and
# goes on into Ridge B (onward); Second, through Foot at 20, goes on against Horse2 level with it rather than into
# the Crops 4" ahead; Reserve fires from the Farm (urban); the 1st Line, at zero by fire, withdraws into the Farm
# behind 1" outside Engagement range; Second relieves Lead, which withdraws into Ridge B; Reserve takes the 1st Line's
# place unopposed and the 1st Line withdraws 1" outside (not into the Wood behind).
P_TERRAIN = "piquet-terrain-g102.jsonl"


def tload(name=P_TERRAIN):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


class PiquetTerrainTest(CheckerCase):
    MODEL = piquet

    def moves(self, ev, why, regiment=None, start=0):
        return index_of(ev, lambda e: e["event"] == "moves" and e["why"] == why
                        and (regiment is None or e["regiment"] == regiment), start)

    def test_fixture_passes_and_exercises_the_horizons(self):
        ev, r = tload()
        stats = {}
        self.assertEqual(piquet.check(ev, r, stats), [])
        for k in ("objectives", "moves horizon", "moves onward", "onward", "urban fire from an objective",
                  "withdrawals into an objective", "withdrawals to an objective behind",
                  "fire withdrawals into an objective", "relieved into an objective", "moves objective"):
            self.assertTrue(stats.get(k), k)

    # the opening
    def test_objectives_untold_with_the_rule_off(self):
        # told whatever the rule: with it off, untold ones are still missed (and the objectives play no part)
        ev, r = tload()
        r = dict(r, objective_horizons=False)
        self.assertReports([e for e in ev if e["event"] != "objective"], r, 1, "0 objectives told")

    def test_objectives_not_told_up_the_axis(self):
        ev, r = tload()
        self.assertEqual([e["event"] for e in ev[1:6]], ["objective"] * 5)
        ev[2], ev[3] = ev[3], ev[2]
        self.assertReports(ev, r, 2, "told 2-th")

    def test_an_objective_left_untold(self):
        ev, r = tload()
        del ev[5]
        self.assertReports(ev, r, 5, "4 objectives told, the scenario has 5")

    def test_an_objective_told_at_another_place(self):
        ev, r = tload()
        ev[3]["to"] += 1
        self.assertReports(ev, r, 3, "the scenario's, up the axis")

    def test_horizons_with_the_rule_off(self):
        # objective_horizons = false: the objectives are told but play no part, so Lead's Move order goes on past
        # the Wood to Engagement range of Foot.
        ev, r = tload()
        r = dict(r, objective_horizons=False)
        i = self.moves(ev, "horizon", "Lead")
        self.assertReports(ev, r, i, "closes to Engagement range at 9")

    # moves
    def test_a_horizon_stop_an_inch_too_far(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (0, 4))
        ev[i]["to"] = 5
        self.assertReports(ev, r, i, "stops on the near edge 4 of the next objective ahead ('Wood')")

    def test_a_move_through_an_objective(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i]["to"], ev[i]["why"] = 9, "move"  # Engagement range of Foot, at 12, past the Wood
        self.assertReports(ev, r, i, "stops on the near edge 4")

    def test_a_horizon_stop_told_as_a_move(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i]["why"] = "move"
        self.assertReports(ev, r, i, "(move)", "stops on the near edge 4")

    def test_a_move_told_as_a_horizon_stop(self):
        ev, r = tload()
        i = self.moves(ev, "move", "Lead")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (12, 13))  # in the Farm: Ridge B, at 16, is no nearer
        ev[i]["why"] = "horizon"
        self.assertReports(ev, r, i, "closes to Engagement range at 13", "16, no nearer")

    def test_a_completed_move_order_not_moved(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        del ev[i]
        self.assertEqual((ev[i]["event"], ev[i]["to"]), ("status", "idle"))
        self.assertReports(ev, r, i, "completed its Move order and stands at 0")

    def test_a_move_with_no_move_order(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        e = copy.deepcopy(ev[i])
        e["from"] = e["to"]
        e["to"] += 1
        ev.insert(i + 1, e)
        self.assertReports(ev, r, i + 1, "no Move order completed on this KARD")

    def test_a_move_of_an_unknown_kind(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i]["why"] = "gallops"
        self.assertReports(ev, r, i, "a move why 'gallops'")

    # cavalry through with Elan
    def test_an_onward_move_past_the_objective(self):
        ev, r = tload()
        i = self.moves(ev, "onward", "Lead")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (12, 16))
        ev[i]["to"] = 17
        self.assertReports(ev, r, i, "moves onward from 12 to 17", "the next objective ahead: 16")

    def test_an_onward_move_when_an_enemy_is_closer(self):
        # Second, through Foot at 20, went on against Horse2, level with it; the Crops begin 4" ahead.
        ev, r = tload()
        i = index_of(ev, lambda e: e["event"] == "assault_begins" and e["attacker"] == "Second"
                     and e["defender"] == "Horse2")
        j = index_of(ev, lambda e: e["event"] == "status" and e["regiment"] == "Second" and e["to"] == "closing",
                     i - 2)
        self.assertEqual(j, i - 1)
        e = dict(ev[i], event="moves", regiment="Second", to=24, why="onward")
        e["from"] = 20
        for k in ("attacker", "defender", "elan"):
            del e[k]
        ev[j:j] = [e]
        self.assertReports(ev, r, j, "moves onward from 20 to 24", "Horse2")

    def test_cavalry_going_on_against_an_enemy_past_a_closer_objective(self):
        # Lead, through Foot at 12, goes into Ridge B (16); Horse and Reserve stand at 18.
        ev, r = tload()
        i = self.moves(ev, "onward", "Lead")
        b = index_of(ev, lambda e: e["event"] == "breakthrough" and e["regiment"] == "Lead")
        ev[i] = {"event": "assault_begins", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "a",
                 "attacker": "Lead", "defender": "Horse", "elan": [ev[b]["elan"], 12]}
        self.assertReports(ev, r, i, "goes on against 'Horse'", "at 16 (Ridge B), is the closer")

    def test_cavalry_through_neither_going_on_nor_staying(self):
        ev, r = tload()
        i = self.moves(ev, "onward", "Lead")
        del ev[i]
        self.assertReports(ev, r, i, "neither went on nor stayed")

    def test_an_onward_move_not_through(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i]["why"] = "onward"
        self.assertReports(ev, r, i, "not through with Elan left")

    # withdrawals
    def test_a_fire_withdrawal_1_inch_outside_with_an_objective_behind(self):
        ev, r = tload()
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws" and e["regiment"] == "1st Line"
                     and e["from"] == 16)
        self.assertEqual(ev[i]["to"], 13)  # the Farm's near edge, seen going back; 1" outside is 14
        ev[i]["to"] = 14
        p = self.assertReports(ev, r, i, "fire from 18", "1\" outside Engagement range (3) is 14",
                               "the next objective behind, 'Farm', begins at 13")
        self.assertIn("withdraw to the next objective", p.rule)

    def test_an_assault_withdrawal_past_the_objective_it_reaches(self):
        ev, r = tload()
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws" and e["regiment"] == "Lead")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (16, 12))  # 1" outside, in the Farm
        ev[i]["to"] = 11
        self.assertReports(ev, r, i, "an assault on 'Lead' at 16", "is 12, in 'Farm'")

    def test_a_target_taken_unopposed_withdrawing_into_the_objective_behind(self):
        ev, r = tload()
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws" and e["regiment"] == "1st Line"
                     and e["from"] == 12)
        self.assertEqual(ev[i - 2]["event"], "objective_taken")
        self.assertEqual(ev[i]["to"], 8)
        ev[i]["to"] = 6  # the Wood behind: not for a target taken unopposed
        p = self.assertReports(ev, r, i, "taken unopposed by 'Reserve'", "1\" outside Engagement range (3) is 8")
        self.assertIn("withdraw to 1\" outside", p.rule)

    def test_a_beaten_regiment_never_withdrawing(self):
        # Lead, beaten by Horse (shaken, so no formed enemy is near it), stays where it was fought.
        ev, r = tload()
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws" and e["regiment"] == "Lead")
        del ev[i]
        at = index_of(ev, lambda e: e["event"] in piquet._Game.SETTLE, i)
        self.assertReports(ev, r, at, "'Lead', beaten (an assault on 'Lead' at 16), still stands at 16")

    def test_a_withdrawal_with_nothing_to_withdraw_from(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i + 1:i + 1] = [dict(ev[i], **{"from": 4, "to": 0, "why": "withdraws"})]
        self.assertReports(ev, r, i + 1, "beaten by no assault or fire")

    def test_a_relieved_lead_withdrawn_1_inch_too_far(self):
        ev, r = tload()
        i = self.moves(ev, "relieved", "Lead")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (20, 16))  # 1" outside, in Ridge B
        ev[i]["to"] = 15
        self.assertReports(ev, r, i, "relieved 'Lead' withdraws to 15", "is 16")

    def test_an_unrallied_withdrawal_to_an_objective(self):
        ev, r = tload()
        i = self.moves(ev, "withdraws_unrallied")
        ev[i]["to"] -= 1 if ev[i]["side"] == "a" else -1
        self.assertReports(ev, r, i, "outside Engagement range (3) of no formed enemy")

    # fire
    def test_a_volley_from_the_farm_without_the_urban_step(self):
        ev, r = tload()
        i = index_of(ev, lambda e: e["event"] == "volley" and e["regiment"] == "Reserve" and e["step"] == -1)
        ev[i]["step"], ev[i]["value"] = 0, max(ev[i]["dice"])
        self.assertReports(ev, r, i, "stepped 0, the model -1")

    def test_an_urban_regiment_in_an_urban_objective_fires_one_step_down(self):
        # the scenario's `urban = true` and an urban objective are one urban block: urban_fire_step once, not twice
        ev, r = tload()
        g = piquet._Game(ev, r)
        g.run()
        reserve, foot = g.regs["Reserve"], g.regs["Foot"]
        step = r["urban_fire_step"]
        for urban, at, want in ((False, 12, step), (True, 12, step), (True, 14, step), (False, 14, 0)):
            reserve.urban, reserve.at = urban, at
            self.assertEqual(g.fire_terrain(reserve, foot, "musketry"), want, (urban, at))

    def test_a_volley_in_the_open_with_the_urban_step(self):
        ev, r = tload()
        i = index_of(ev, lambda e: e["event"] == "volley" and e["step"] == 0 and len(e["dice"]) > 1
                     and sorted(e["dice"])[-1] != sorted(e["dice"])[-2])
        ev[i]["step"], ev[i]["value"] = -1, sorted(ev[i]["dice"])[-2]
        self.assertReports(ev, r, i, "stepped -1, the model 0")


if __name__ == "__main__":
    unittest.main()
