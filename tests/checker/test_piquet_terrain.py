"""Piquet Regimental's terrain objectives (rule objective_horizons, piquet_terrain.py): real traces pass, and
each corruption of their horizons is reported.

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

# fixtures/piquet-terrain.toml, game 574: a's Lead stops at the Wood (a Move's horizon), breaks through Foot in the
# Farm and goes on into Ridge B (onward); Second takes Foot's place unopposed and Foot withdraws 1" outside (not to the
# Crops behind); Lead, at zero by Reserve's fire from 19, withdraws out of Ridge B to the Farm (13; 1" outside is 15);
# b's Reserve and Horse, assaulting from 19, stop at Ridge B (an assault's horizon, Horse2 following Horse); on their
# next legs Horse goes on into the Farm its target Lead stands in, and Reserve past it on its target the 1st Line in
# the Wood (Lead and Second, enemies, stand in the Farm); Horse2 relieves Horse, which withdraws to Ridge B (16, within
# Engagement range of Lead: no least distance); Lead, beaten in the Farm, withdraws to the Wood (6; 1" outside is 9);
# Reserve and the 1st Line, both beaten in the Wood, withdraw to the next objective behind them (the Farm, 11; Ridge
# A, -5).
P_TERRAIN = "piquet-terrain-g574.jsonl"
# Game 2370: a's Lead, through Foot in the Farm with Elan left, assaults Horse at 18 rather than go into Ridge B (16),
# where Horse stands; b's Reserve, in the Farm (12), fires from it (urban); Horse, relieved at 8 by Horse2, withdraws
# to the Farm (11, within Engagement range of Lead: no least distance), then, at zero there by the 1st Line's fire from
# 8, to Ridge B (16: 1" outside, 12, lies in the Farm it stood in); Second, at 14, at zero by Reserve's fire from 12,
# withdraws 1" outside (8: the Farm, behind it, is within range).
P_FARM = "piquet-terrain-g2370.jsonl"


def tload(name=P_TERRAIN):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


class PiquetTerrainTest(CheckerCase):
    MODEL = piquet

    def moves(self, ev, why, regiment=None, start=0):
        return index_of(ev, lambda e: e["event"] == "moves" and e["why"] == why
                        and (regiment is None or e["regiment"] == regiment), start)

    def status(self, e, regiment, frm, to):
        """A `status` event on `e`'s KARD."""
        return {"event": "status", "decq": e["decq"], "kard": e["kard"], "side": e["side"], "regiment": regiment,
                "from": frm, "to": to}

    def test_fixtures_pass_and_exercise_the_horizons(self):
        stats = {}
        for name in (P_TERRAIN, P_FARM):
            ev, r = tload(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("objectives", "Move order horizons", "assault horizons", "assault horizons followed", "moves onward",
                  "onward", "onward past a closer objective an enemy holds", "urban fire from an objective",
                  "withdrawals into an objective", "withdrawals to an objective behind",
                  "withdrawals to an objective beyond 1\" outside",
                  "withdrawals out of an objective to the next behind",
                  "withdrawals 1\" outside", "fire withdrawals into an objective", "relieved into an objective",
                  "relieved within Engagement range", "moves objective", "moves withdraws_unrallied"):
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
        # the Wood to Engagement range of Foot (and no piquet is placed in an objective: the trace's are left out).
        ev, r = tload()
        ev = [e for e in ev if e["event"] not in ("piquet", "piquet_met")]
        r = dict(r, objective_horizons=False)
        i = self.moves(ev, "horizon", "Lead")
        self.assertReports(ev, r, i, "closes to Engagement range at 9")

    # Move orders
    def test_a_horizon_stop_an_inch_too_far(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (0, 4))
        ev[i]["to"] = 5
        # the Lead stands on the centre line, and its place across (told null: unchanged) is given with the edge
        self.assertEqual((ev[i]["y_from"], ev[i]["y_to"]), (None, None))
        self.assertReports(ev, r, i, "goes from 0 to 5, 0.0\" across (horizon)",
                           "stops on the near edge 4, 0.0\" across of the next objective ahead ('Wood')")

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
        i = self.moves(ev, "move", "Horse")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (21, 19))  # Engagement range of Lead at 16; Ridge B ends at 18
        ev[i]["why"] = "horizon"
        self.assertReports(ev, r, i, "closes to Engagement range at 19", "18, no nearer")

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

    # assaults
    def reserve_horizon(self, ev):
        """Reserve's first assault leg: its chips gone at 19, it stops at Ridge B (18), its target the 1st Line at 4."""
        i = self.moves(ev, "halts", "Reserve")
        self.assertEqual((ev[i - 1]["event"], ev[i - 1]["order"], ev[i - 1]["chips_left"]), ("execute", "assault", 0))
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (19, 18))
        return i

    def test_an_assault_going_in_past_an_objective(self):
        # the horizon stop skipped: Reserve goes into contact from 19, Ridge B's near edge (18) on its way
        ev, r = tload()
        i = self.reserve_horizon(ev)
        ev[i] = self.status(ev[i], "Reserve", "ordered", "closing")
        p = self.assertReports(ev, r, i, "'Reserve''s Assault order, its chips gone, goes into contact from 19",
                               "stops on the near edge 18 of the next objective ahead ('Ridge B')", "'1st Line' at 4")
        self.assertIn("all movement", p.rule)

    def test_an_assault_neither_going_in_nor_stopping(self):
        ev, r = tload()
        i = self.reserve_horizon(ev)
        del ev[i]
        self.assertEqual(ev[i]["event"], "execute")  # Horse's, a settling event
        self.assertReports(ev, r, i, "'Reserve''s Assault order's chips are gone and it stands at 19",
                           "short of the horizon")

    def test_an_assault_horizon_stop_an_inch_short(self):
        ev, r = tload()
        i = self.reserve_horizon(ev)
        ev[i]["to"] = 19 - 2
        self.assertReports(ev, r, i, "stops from 19 at 17 (halts)", "near edge 18")

    def test_an_assault_halt_told_as_a_moves_horizon_stop(self):
        # `horizon` is a Move order's stop; an assault's is `halts`
        ev, r = tload()
        i = self.reserve_horizon(ev)
        ev[i]["why"] = "horizon"
        self.assertReports(ev, r, i, "'Reserve' moves (horizon) with no Move order completed on this KARD")

    def test_a_moves_horizon_stop_told_as_a_halt(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i]["why"] = "halts"
        self.assertReports(ev, r, i, "'Lead' halts", "with no Assault order's chips gone on this KARD")

    def assault_leg(self, ev, regiment, frm, to):
        """`regiment`'s first leg into contact (`closing`, its chips gone), from `frm` to `to`."""
        i = index_of(ev, lambda e: e["event"] == "status" and e["regiment"] == regiment and e["from"] == "ordered"
                     and e["to"] == "closing")
        self.assertEqual((ev[i - 1]["event"], ev[i - 1]["regiment"], ev[i - 1]["chips_left"]),
                         ("execute", regiment, 0))
        self.assertEqual((ev[i + 2]["event"], ev[i + 2]["from"], ev[i + 2]["to"]), ("moves", frm, to))
        return i

    def test_an_assault_stopping_at_the_objective_its_target_stands_in(self):
        # Horse's leg after its stop at Ridge B (18): the Farm, whose near edge is 13, holds its target Lead at 13, so
        # it goes in, not stopping at 13
        ev, r = tload()
        i = self.assault_leg(ev, "Horse", 18, 13)
        ev[i] = {"event": "moves", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "b", "regiment": "Horse",
                 "from": 18, "to": 13, "y_from": None, "y_to": None, "why": "halts"}
        self.assertReports(ev, r, i, "stops from 18 at 13 (halts)", "'Farm' at 13, is one its target stands in",
                           "'Lead' at 13")

    def test_an_assault_stopping_at_an_objective_another_enemy_stands_in(self):
        # Reserve's leg after its stop at Ridge B (18): the Farm, whose near edge 13 is nearer than its target the
        # 1st Line in the Wood (4), holds Lead and Second, enemies, so it goes in, not stopping at 13
        ev, r = tload()
        i = self.assault_leg(ev, "Reserve", 18, 4)
        ev[i] = {"event": "moves", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "b", "regiment": "Reserve",
                 "from": 18, "to": 13, "y_from": None, "y_to": None, "why": "halts"}
        p = self.assertReports(ev, r, i, "stops from 18 at 13 (halts)",
                               "'Farm' at 13, is one an enemy stands in ('Lead', 'Second')", "'1st Line' at 4")
        self.assertIn("neither the target nor another enemy stands in it", p.rule)

    def test_an_assault_treated_as_complete_at_a_horizon(self):
        # stopped at Ridge B, Reserve is still under its Assault order: it goes idle only by executing it again
        ev, r = tload()
        i = self.reserve_horizon(ev)
        ev.insert(i + 1, self.status(ev[i], "Reserve", "ordered", "idle"))
        self.assertReports(ev, r, i + 1, "'Reserve', stopped at a horizon at 18 under its Assault order, goes idle")

    def test_an_assault_going_in_from_a_horizon_without_executing_again(self):
        ev, r = tload()
        i = self.reserve_horizon(ev)
        ev.insert(i + 1, self.status(ev[i], "Reserve", "ordered", "closing"))
        self.assertReports(ev, r, i + 1, "goes closing without executing the order again")

    def test_an_assault_leg_after_a_horizon_with_the_old_chips(self):
        # the next leg starts from the scenario's full chips (2), not from the 0 left
        ev, r = tload()
        i = self.reserve_horizon(ev)
        j = index_of(ev, lambda e: e["event"] == "execute" and e["regiment"] == "Reserve", i)
        self.assertEqual(ev[j]["chips"], 2)
        ev[j].update(chips=0, casts=[], removed=[], chips_left=0)
        self.assertReports(ev, r, j, "'Reserve''s assault order has 2 chips left, the execution says 0")

    def test_an_assault_horizon_stop_not_followed(self):
        # Horse stops at Ridge B too: Horse2, its second line, follows
        ev, r = tload()
        i = self.moves(ev, "halts", "Horse")
        self.assertEqual((ev[i + 1]["regiment"], ev[i + 1]["why"]), ("Horse2", "follows"))
        del ev[i + 1]
        self.assertReports(ev, r, None, "second line 'Horse2' did not follow its lead 'Horse'")

    # cavalry through with Elan
    def test_an_onward_move_past_the_objective(self):
        ev, r = tload()
        i = self.moves(ev, "onward", "Lead")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (12, 16))
        ev[i]["to"] = 17
        self.assertReports(ev, r, i, "moves onward from 12 to 17", "the next objective ahead: 16")

    def test_an_onward_move_into_an_objective_an_enemy_stands_in(self):
        # game 2370: Lead, through Foot at 12 with Elan left, assaults Horse at 18; Ridge B, 4" ahead, is nearer
        # but Horse stands in it
        ev, r = tload(P_FARM)
        i = index_of(ev, lambda e: e["event"] == "assault_begins" and e["attacker"] == "Lead"
                     and e["defender"] == "Horse")
        j = i - 1
        self.assertEqual((ev[j]["event"], ev[j]["regiment"], ev[j]["to"]), ("status", "Lead", "closing"))
        self.assertEqual((ev[i + 1]["from"], ev[i + 1]["to"]), (12, 18))
        ev[j] = {"event": "moves", "decq": ev[j]["decq"], "kard": ev[j]["kard"], "side": "a", "regiment": "Lead",
                 "from": 12, "to": 16, "y_from": None, "y_to": None, "why": "onward"}
        self.assertReports(ev, r, j, "moves onward from 12 to 16", "(Ridge B), where enemy", "'Horse'")

    def test_cavalry_going_on_against_an_enemy_past_a_closer_objective(self):
        # Lead, through Foot at 12, goes into Ridge B (16), no enemy in it; Horse and Reserve stand at 21.
        ev, r = tload()
        i = self.moves(ev, "onward", "Lead")
        b = index_of(ev, lambda e: e["event"] == "breakthrough" and e["regiment"] == "Lead")
        ev[i] = {"event": "assault_begins", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "a",
                 "attacker": "Lead", "defender": "Horse", "elan": [ev[b]["elan"], 12]}
        self.assertReports(ev, r, i, "goes on against 'Horse'", "at 16 (Ridge B), is the closer")

    def test_cavalry_through_neither_going_on_nor_staying(self):
        ev, r = tload()
        i = self.moves(ev, "onward", "Lead")
        self.assertEqual((ev[i + 1]["regiment"], ev[i + 1]["why"]), ("Second", "follows"))
        del ev[i:i + 2]
        self.assertReports(ev, r, i, "neither went on nor stayed")

    def test_an_onward_move_not_through(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i]["why"] = "onward"
        self.assertReports(ev, r, i, "not through with Elan left")

    # withdrawals
    def withdrawal(self, ev, regiment, frm, to):
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws" and e["regiment"] == regiment
                     and e["from"] == frm)
        self.assertEqual(ev[i]["to"], to)
        return i

    def test_a_fire_withdrawal_1_inch_outside_with_an_objective_farther_behind(self):
        # Lead at 16 (Ridge B), at zero by Reserve's fire from 19: 1" outside is 15, the Farm behind begins at 13
        ev, r = tload()
        i = self.withdrawal(ev, "Lead", 16, 13)
        # "anywhere up to the next horizon" is the player's choice: the heuristic's is the horizon, the Farm's edge.
        ev[i]["to"] = 15
        p = self.assertReports(ev, r, i, "'Lead' withdraws to 15, short of 13")
        self.assertIn("heuristic withdraws a regiment broken by fire to the horizon", p.rule)
        # A random player may stop anywhere from 1" outside back to the horizon, not beyond it.
        randoms = dict(r, _strategies={"a": ("random", {}), "b": ("random", {})})
        self.assertEqual([q for q in self.problems(ev, randoms) if q.index == i + 1], [])
        ev[i]["to"] = 12
        p = self.assertReports(ev, randoms, i, "fire from 19", "1\" outside Engagement range (3) is 15",
                               "the next objective behind 16, 'Farm', begins at 13, so it goes to 13")
        self.assertIn("withdraw to the next objective", p.rule)

    def test_a_fire_withdrawal_stopping_in_the_objective_it_stood_in(self):
        # game 2370: Horse at 11 (the Farm), at zero by the 1st Line's fire from 8: 1" outside, 12, is in the Farm it
        # stands in; the next objective behind it is Ridge B (16)
        ev, r = tload(P_FARM)
        i = self.withdrawal(ev, "Horse", 11, 16)
        self.assertEqual((ev[i - 1]["event"], ev[i - 1]["regiment"], ev[i - 1]["elan"]), ("hit", "Horse", 0))
        ev[i]["to"] = 12
        self.assertReports(ev, r, i, "'Horse' withdraws to 12, short of 16", "heuristic")
        ev[i]["to"] = 17
        self.assertReports(ev, r, i, "fire from 8", "1\" outside Engagement range (3) is 12",
                           "the next objective behind 11, 'Ridge B', begins at 16, so it goes to 16")

    def test_a_fire_withdrawal_into_an_objective_within_range(self):
        # game 2370: Second at 14, at zero by Reserve's fire from 12: the Farm behind it begins at 13, within
        # Engagement range, so it goes 1" outside (8)
        ev, r = tload(P_FARM)
        i = self.withdrawal(ev, "Second", 14, 8)
        self.assertEqual((ev[i - 1]["event"], ev[i - 1]["regiment"], ev[i - 1]["elan"]), ("hit", "Second", 0))
        ev[i]["to"] = 13
        self.assertReports(ev, r, i, "fire from 12", "1\" outside Engagement range (3) is 8",
                           "'Farm', begins at 13, so it goes to 8")

    def test_an_assault_withdrawal_stopping_in_the_objective_it_stood_in(self):
        # Lead, beaten in the Farm (13): its far edge, 11, is no place to withdraw to; the Wood's (6) is
        ev, r = tload()
        i = self.withdrawal(ev, "Lead", 13, 6)
        ev[i]["to"] = 11
        self.assertReports(ev, r, i, "an assault on 'Lead' at 13", "the next objective behind 13, 'Wood', begins at 6")

    def test_an_assault_withdrawal_1_inch_outside_with_an_objective_farther_behind(self):
        # the 1st Line, beaten in the Wood (4): 1" outside is 0, Ridge A behind ends at -5
        ev, r = tload()
        i = self.withdrawal(ev, "1st Line", 4, -5)
        ev[i]["to"] = 0
        self.assertReports(ev, r, i, "an assault on '1st Line' at 4", "is 0", "'Ridge A', begins at -5")

    def test_a_beaten_attacker_withdrawing_past_the_next_objective(self):
        # Reserve, beaten attacking the 1st Line in the Wood (4): the Farm (11) behind it, not Ridge B (16)
        ev, r = tload()
        i = self.withdrawal(ev, "Reserve", 4, 11)
        ev[i]["to"] = 16
        self.assertReports(ev, r, i, "'Reserve', beaten (an assault on '1st Line' at 4), withdraws from 4 to 16",
                           "'Farm', begins at 11")

    def test_a_target_taken_unopposed_withdrawing_into_the_objective_behind(self):
        ev, r = tload()
        i = self.withdrawal(ev, "Foot", 16, 20)
        self.assertEqual(ev[i - 2]["event"], "objective_taken")
        ev[i]["to"] = 24  # the Crops behind: not for a target taken unopposed
        p = self.assertReports(ev, r, i, "taken unopposed by 'Second'", "1\" outside Engagement range (3) is 20")
        self.assertIn("(the target taken unopposed", p.rule)

    def test_a_beaten_regiment_never_withdrawing(self):
        # the 1st Line, beaten in the Wood (4), left there: reported at the next settling event
        ev, r = tload()
        i = self.withdrawal(ev, "1st Line", 4, -5)
        del ev[i]
        at = index_of(ev, lambda e: e["event"] in piquet._Game.SETTLE, i)
        self.assertReports(ev, r, at, "'1st Line', beaten (an assault on '1st Line' at 4), still stands at 4")

    def test_a_withdrawal_with_nothing_to_withdraw_from(self):
        ev, r = tload()
        i = self.moves(ev, "horizon", "Lead")
        ev[i + 1:i + 1] = [dict(ev[i], **{"from": 4, "to": 0, "why": "withdraws"})]
        self.assertReports(ev, r, i + 1, "beaten by no assault or fire")

    def test_a_relieved_lead_placed_1_inch_outside_with_an_objective_behind_within_range(self):
        # Horse, relieved in the Farm (13) by Horse2: Ridge B behind begins at 16, within Engagement range of Lead,
        # and a relieved lead, formed, takes no least distance: 16, not 17
        ev, r = tload()
        i = self.moves(ev, "relieved", "Horse")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (13, 16))
        ev[i]["to"] = 17
        p = self.assertReports(ev, r, i, "relieved 'Horse' withdraws from 13 to 17",
                               "the next objective behind 13, 'Ridge B', its near edge, is 16")
        self.assertIn("first objective-horizon to the rear of the combat", p.rule)

    def test_a_relieved_lead_withdrawn_1_inch_short(self):
        # game 2370: Horse, relieved at 8 by Horse2, withdraws to the Farm's near edge (11), not 1" short of it
        ev, r = tload(P_FARM)
        i = self.moves(ev, "relieved", "Horse")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (8, 11))
        ev[i]["to"] = 10
        self.assertReports(ev, r, i, "relieved 'Horse' withdraws from 8 to 10",
                           "the next objective behind 8, 'Farm', its near edge, is 11")

    def test_an_unrallied_withdrawal_to_an_objective(self):
        ev, r = tload()
        i = self.moves(ev, "withdraws_unrallied")
        ev[i]["to"] -= 1 if ev[i]["side"] == "a" else -1
        self.assertReports(ev, r, i, "outside Engagement range (3) of no formed enemy")

    def test_withdrawal_places(self):
        # the rule's reading, place by place: the next objective behind x (the one it stands in skipped) when at least
        # 1" outside Engagement range of the enemy, else 1" outside
        ev, r = tload()
        g = piquet._Game(ev, r)
        g.run()
        a, b = g.regs["Lead"], g.regs["Foot"]
        for reg, enemy_at, x, want in ((a, 16, 12, 6),   # in the Farm: the Wood's far edge, 6, not 12 - 4 = 8
                                       (a, 10, 9, 6),    # out 6 is the Wood's edge itself
                                       (a, 9, 8, 5),     # out 5 lies in the Wood, whose edge 6 is within range
                                       (a, 2, 1, -5),    # Ridge A
                                       (a, -6, -7, -10),  # none behind: 1" outside
                                       (b, 8, 12, 16),   # in the Farm: Ridge B
                                       (b, 20, 21, 24),  # the Crops
                                       (b, 23, 24, 27)):  # in the Crops, none behind: 1" outside
            self.assertEqual(g.withdraw_place(reg, enemy_at, x), want, (reg.name, enemy_at, x))

    # fire
    def test_a_volley_from_the_farm_without_the_urban_step(self):
        # game 2370: Reserve, in the Farm (12) since taking the 1st Line's place there, fires a step down
        ev, r = tload(P_FARM)
        t = index_of(ev, lambda e: e["event"] == "moves" and e["regiment"] == "Reserve" and e["why"] == "objective")
        self.assertEqual(ev[t]["to"], 12)
        i = index_of(ev, lambda e: e["event"] == "volley" and e["regiment"] == "Reserve", t)
        self.assertEqual(ev[i]["step"], -1)
        self.assertFalse(any(e["event"] == "moves" and e["regiment"] == "Reserve" for e in ev[t + 1:i]))
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
