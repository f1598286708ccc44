"""Piquet Regimental's bridges and gates (note 21, rules obstacle_chips and obstacle_cover_step, piquet_obstacles.py):
real traces pass, and each corruption of their obstacles, the orders they hinder and the defenders they cover is
reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import sys
import unittest
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import piquet  # noqa: E402

# --scenario bridge (the heuristics), game 0: a's Moves stop at 17, Engagement range of b at 20, short of the Bridge at
# 18 (no hindrance); on DECQ 3 KARD 13 a's three Assault orders must cross it (7 chips, the scenario's 6 and one);
# their contacts from 17 to 21 cross it, so each covers its defender, and every attacker cast on KARD 14 is read one step
# down (the 2nd Line's [5, 6] reads 5).
P_BRIDGE = "piquet-bridge-g0.jsonl"
# the same under obstacle_chips=3 and obstacle_cover_step=-2: 9 chips; the 1st Line's [2, 6] two steps down reads 1.
P_SIZES = "piquet-bridge-sizes-g0.jsonl"
# fixtures/piquet-bridge.toml (a Gate at 4, a Wood 10 to 13, a Bridge at 20; b's orders chosen), game 2: b's free first
# Moves: the Grenadiers' (24) crosses the Bridge (9 chips), the Fusiliers' (19, their brigade's) does not, and the
# Dragoons' from the Bridge (20) crosses it; a's opening orders: the 1st Line's Assault on the Grenadiers at 24, its
# next leg ending at the Wood where it will halt (10), crosses the Gate alone (7 chips), the 2nd Line's and the Hussars'
# Moves, stopping at the Wood, the Gate (9); the 1st Line's assault halts at the Wood (10) on DECQ 1 KARD 5 and is
# hindered again from there by the Bridge alone (7): each crossing paid once; its contact on KARD 13 (10 to 13, the
# Grenadiers come up) crosses nothing itself, but its way from where its Assault order was given (0) crossed the Gate:
# covered by the Gate; the Grenadiers and the Fusiliers execute their one Move order from the Grenadiers' 9 chips (KARD
# 8); the Hussars' Assault on the Dragoons on the Bridge (KARD 7) is moved up to it, not over it: no hindrance, and its
# contact (10 to 20) no cover; on DECQ 4 KARD 3 their Assault on the Dragoons at 24 crosses the Bridge, and covers them
# (10 to 24).
P_GATE = "piquet-bridge-gate-g2.jsonl"
# the same, random vs random, game 134: b's Grenadiers' chosen Move stopped short at 23 (`move_to`), short of the
# Bridge: no hindrance; the Dragoons' from the Bridge (20) stopped at 19: hindered by the Bridge they stand on; the 1st
# Line's opening Assault hindered by the Gate, halting at the Wood on DECQ 2 KARD 6 and hindered by the Bridge; its
# contact on DECQ 4 KARD 4 (10 to 23) covers the Grenadiers by the Gate and the Bridge, its way judged from 0.
P_GATE_RANDOM = "piquet-bridge-gate-random-g134.jsonl"
# fixtures/piquet-bridge.toml with the heuristics, game 1063: on DECQ 1 KARD 9 b's Fusiliers (23) are given an Assault,
# aimed at a's 1st Line fighting the Grenadiers at 24: as the field stands then, it crosses nothing, and no `hindered`
# follows; the assault round after it throws the 1st Line back across the Bridge to 13 before the next settling event
# (the checker before reckoned the order there, from 23 to 13 across the Bridge, and reported it told no `hindered`).
P_GATE_AT_ORDER = "piquet-bridge-gate-g1063.jsonl"
# the same, random vs random, game 451: a's 1st Line, its Assault given at 0 and halted at the Wood (10), goes in on DECQ
# 3 KARD 1 on the Grenadiers, who took the Wood unopposed and stand at 10 with it: no `moves`, its `covered` (the Gate,
# crossed from where the order was given) right after its `assault_begins`.
P_GATE_NO_MOVE = "piquet-bridge-gate-random-g451.jsonl"

ALL = (P_BRIDGE, P_SIZES, P_GATE, P_GATE_RANDOM, P_GATE_AT_ORDER, P_GATE_NO_MOVE)
OBSTACLE_FIXTURES = ALL


def load(name=P_GATE):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


def find(ev, start=0, **fields):
    return index_of(ev, lambda e: all(e.get(k) == v for k, v in fields.items()), start)


def hindered(e, side, regiment, order, obstacles, chips):
    return {"event": "hindered", "decq": e["decq"], "kard": e["kard"], "side": side, "regiment": regiment,
            "order": order, "obstacles": list(obstacles), "chips": chips}


def covered(e, side, attacker, defender, obstacles):
    return {"event": "covered", "decq": e["decq"], "kard": e["kard"], "side": side, "attacker": attacker,
            "defender": defender, "obstacles": list(obstacles)}


class PiquetObstaclesTest(CheckerCase):
    MODEL = piquet

    def test_fixtures_pass_and_exercise_bridges_and_gates(self):
        stats = {}
        for name in ALL:
            ev, r = load(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("obstacles", "hindered move orders", "hindered assault orders", "hindered free first orders",
                  "hindered opening orders", "hindered orders on an Officer Check",
                  "hindered assaults halted at an objective", "contacts judged from where the order was given",
                  "hindered by an obstacle it stands on", "hindered chosen Moves stopped short",
                  "group executions from a hindered regiment's chips", "orders going up to an obstacle, not over it",
                  "chosen Moves stopped short of an obstacle", "covered", "covered assault casts",
                  "contacts with a defender standing on an obstacle", "contacts across no obstacle"):
            self.assertTrue(stats.get(k), k)

    # --- the opening ---------------------------------------------------------------------------------------------
    def test_obstacles_untold(self):
        ev, r = load()
        self.assertEqual([e["event"] for e in ev[2:4]], ["obstacle", "obstacle"])
        del ev[2:4]
        self.assertReports(ev, r, 2, "0 obstacles told, the scenario has 2")

    def test_obstacles_not_told_up_the_axis(self):
        ev, r = load()
        ev[2], ev[3] = ev[3], ev[2]
        self.assertReports(ev, r, 2, "told 1-th", "('Gate', 4, 'gate'), ('Bridge', 20, 'bridge')")

    def test_an_obstacle_told_at_another_place(self):
        ev, r = load()
        ev[3]["at"] = 21
        self.assertReports(ev, r, 3, "told 2-th", "note 21")

    def test_an_obstacle_of_another_kind(self):
        ev, r = load()
        ev[2]["kind"] = "bridge"
        self.assertReports(ev, r, 2, "told 1-th")

    def test_an_obstacle_told_in_the_game(self):
        ev, r = load()
        i = find(ev, event="turn")
        ev.insert(i + 1, dict(ev[2], decq=ev[i]["decq"], kard=ev[i]["kard"]))
        self.assertReports(ev, r, i + 1, "an obstacle 'Gate' told after the opening")

    def test_obstacles_before_the_objectives(self):
        ev, r = load()
        self.assertEqual(ev[1]["event"], "objective")
        ev[1], ev[2], ev[3] = ev[2], ev[3], ev[1]
        self.assertReports(ev, r, 1, "0 objectives told")

    # --- hindering ------------------------------------------------------------------------------------------------
    def test_an_opening_assault_to_the_objective_it_halts_at_untold(self):
        # a's 1st Line's opening Assault (planned, issued free) on the Grenadiers at 24 halts first at the Wood (10):
        # its next leg crosses the Gate
        ev, r = load()
        i = find(ev, event="hindered", regiment="1st Line", decq=0)
        self.assertEqual((ev[i]["obstacles"], ev[i]["chips"]), (["Gate"], 7))
        del ev[i]
        j = find(ev, event="decq_start")
        self.assertReports(ev, r, j, "'1st Line''s assault order (its opening order), from 0, is told no `hindered`",
                           "halts first at 10, the near edge of 'Wood'", "crossing ['Gate']")

    def test_a_free_chosen_move_across_the_bridge_untold(self):
        ev, r = load()
        i = find(ev, event="hindered", regiment="Grenadiers", decq=0)
        del ev[i]
        j = find(ev, event="decq_start")
        self.assertReports(ev, r, j, "'Grenadiers''s move order (a free first order), from 24, is told no `hindered`",
                           "crossing ['Bridge']")

    def test_a_move_from_the_bridge_crosses_it(self):
        # the Dragoons stand on the Bridge (20): their free first Move crosses it ("one it stands on included")
        ev, r = load()
        i = find(ev, event="hindered", regiment="Dragoons", decq=0)
        del ev[i]
        self.assertReports(ev, r, find(ev, event="decq_start"), "'Dragoons''s move order (a free first order), from 20",
                           "crossing ['Bridge']")

    def test_a_hindered_move_not_crossing(self):
        # the Fusiliers at 19, short of the Bridge, ordered with the Grenadiers: their Move crosses nothing
        ev, r = load()
        i = find(ev, event="move_to", regiment="Fusiliers", decq=0)
        ev.insert(i + 1, hindered(ev[i], "b", "Fusiliers", "move", ["Bridge"], 9))
        self.assertReports(ev, r, i + 1, "'Fusiliers''s move order from 19 is hindered by ['Bridge']", "crossing nothing")

    def test_hindered_chips_not_obstacle_chips_more_each(self):
        ev, r = load()
        i = find(ev, event="hindered", regiment="1st Line", decq=0)
        ev[i]["chips"] = 8
        self.assertReports(ev, r, i, "has 8 chips; 6 and obstacle_chips (1) for each: 7")

    def test_hindered_by_the_bridge_beyond_the_objective_it_halts_at(self):
        # the old double charge: the Bridge lies beyond the Wood, where the assault halts; it is paid on the next leg
        ev, r = load()
        i = find(ev, event="hindered", regiment="1st Line", decq=0)
        ev[i]["obstacles"], ev[i]["chips"] = ["Gate", "Bridge"], 8
        self.assertReports(ev, r, i, "from 0 is hindered by ['Gate', 'Bridge']", "halts first at 10",
                           "crossing ['Gate']")

    def test_hindered_by_the_wrong_obstacle(self):
        ev, r = load()
        i = find(ev, event="hindered", regiment="1st Line", decq=0)
        ev[i]["obstacles"] = ["Bridge"]
        self.assertReports(ev, r, i, "is hindered by ['Bridge']", "crossing ['Gate']")

    def test_hindering_obstacles_not_up_the_axis(self):
        ev, r = load()
        i = find(ev, event="hindered", regiment="1st Line", decq=0)
        i = find(ev, event="hindered", regiment="Grenadiers", decq=0)  # (none crosses two: each leg is hindered alone)
        ev[i]["obstacles"], ev[i]["chips"] = ["Bridge", "Gate"], 10
        self.assertReports(ev, r, i, "is hindered by ['Bridge', 'Gate']")

    def test_hindered_under_another_order(self):
        ev, r = load()
        i = find(ev, event="hindered", regiment="1st Line", decq=0)
        ev[i]["order"] = "move"
        self.assertReports(ev, r, i, "is hindered under a move order; it is ordered under 'assault'")

    def test_hindered_twice(self):
        ev, r = load()
        i = find(ev, event="hindered", regiment="1st Line", decq=0)
        ev.insert(i + 1, copy.deepcopy(ev[i]))
        self.assertReports(ev, r, i + 1, "given no Move or Assault order just before")

    def test_the_execution_not_from_the_hindered_chips(self):
        ev, r = load()
        i = find(ev, event="execute", regiment="1st Line", order="assault")
        self.assertEqual(ev[i]["chips"], 7)
        ev[i]["chips"] = 8
        self.assertReports(ev, r, i, "'1st Line''s assault order has 7 chips left, the execution says 8")

    def test_a_group_executes_from_the_most_chips_among_it(self):
        # weakest link: the Grenadiers had to cross (9), the Fusiliers not (8): one pool of 9
        ev, r = load()
        i = find(ev, event="execute", regiment="Grenadiers", order="move")
        self.assertEqual((ev[i]["with"], ev[i]["chips"]), (["Fusiliers"], 9))
        ev[i]["chips"] = 8
        self.assertReports(ev, r, i, "'Grenadiers''s move order has 9 chips left, the execution says 8")

    def test_an_assault_moved_up_to_an_enemy_on_the_bridge_hindered(self):
        # the Hussars' Assault on the Dragoons, who stand on the Bridge: moved up to it, not over it
        ev, r = load()
        i = find(ev, event="order", regiments=["Hussars"], order="assault")
        self.assertEqual(ev[i + 1]["event"], "status")
        ev.insert(i + 2, hindered(ev[i], "a", "Hussars", "assault", ["Bridge"], 7))
        self.assertReports(ev, r, i + 2, "is hindered by ['Bridge']", "goes in on its target 'Dragoons' at 20, "
                                                                        "crossing nothing")

    def test_a_halted_assault_not_hindered_again(self):
        ev, r = load()
        i = find(ev, event="moves", regiment="1st Line", why="halts")
        self.assertEqual((ev[i]["from"], ev[i]["to"], ev[i + 1]["event"]), (0, 10, "hindered"))
        del ev[i + 1]
        self.assertReports(ev, r, i + 1, "'1st Line''s assault order (halted at an objective), from 10, is told no "
                                         "`hindered`", "crossing ['Bridge']")

    def test_a_halted_assault_hindered_by_the_gate_behind_it(self):
        ev, r = load()
        i = find(ev, event="moves", regiment="1st Line", why="halts")
        ev[i + 1]["obstacles"], ev[i + 1]["chips"] = ["Gate", "Bridge"], 8
        self.assertReports(ev, r, i + 1, "from 10 is hindered by ['Gate', 'Bridge']", "crossing ['Bridge']")

    def test_a_halted_assault_hindered_from_what_it_had(self):
        # it takes its chips again there: the scenario's 6 and one, not the 8 it first had and one
        ev, r = load()
        i = find(ev, event="moves", regiment="1st Line", why="halts")
        ev[i + 1]["chips"] = 9
        self.assertReports(ev, r, i + 1, "has 9 chips; 6 and obstacle_chips (1) for each: 7")

    def test_hindered_before_its_piquet(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Fusiliers", decq=3)
        self.assertEqual(ev[i + 1]["event"], "hindered")
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
        self.assertReports(ev, r, i, "told after its `order` and `piquet`", "hindered before its piquet in 'Wood'")

    def test_a_chosen_move_stopped_short_of_the_bridge_hindered(self):
        ev, r = load(P_GATE_RANDOM)
        i = find(ev, event="move_to", regiment="Grenadiers", to=23)
        ev.insert(i + 1, hindered(ev[i], "b", "Grenadiers", "move", ["Bridge"], 9))
        self.assertReports(ev, r, i + 1, "from 24 is hindered by ['Bridge']", "`move_to` 23", "crossing nothing")

    def test_a_chosen_move_stopped_short_from_the_bridge_untold(self):
        ev, r = load(P_GATE_RANDOM)
        i = find(ev, event="move_to", regiment="Dragoons", to=19)
        self.assertEqual(ev[i + 1]["event"], "hindered")
        del ev[i + 1]
        self.assertReports(ev, r, i + 1, "'Dragoons''s move order (given on an Officer Check), from 20, is told no "
                                         "`hindered`", "crossing ['Bridge']")

    def test_an_order_reckoned_as_the_field_stands_when_given(self):
        ev, r = load(P_GATE_AT_ORDER)
        i = find(ev, event="aims", regiment="Fusiliers", target="1st Line")
        self.assertEqual((ev[i - 2]["event"], ev[i + 1]["event"]), ("order", "assault_round"))
        j = find(ev, i, event="moves", regiment="1st Line", why="withdraws")
        self.assertEqual((ev[j]["from"], ev[j]["to"]), (24, 13))
        stats = {}
        self.assertEqual(piquet.check(ev, r, stats), [])
        self.assertTrue(stats.get("orders whose way changed before the next settling event"))
        ev.insert(i + 1, hindered(ev[i], "b", "Fusiliers", "assault", ["Bridge"], 7))
        self.assertReports(ev, r, i + 1, "'Fusiliers''s assault order from 23 is hindered by ['Bridge']",
                           "goes in on its target '1st Line' at 24, crossing nothing")

    def test_the_field_as_given_keeps_its_frontages(self):
        # Across the field, a Deploy between an order and the next settling event changes a frontage, and with it which
        # enemy is nearest: the order is reckoned with the frontages it was given on.
        g = piquet._Game([], dict(piquet.rules({}, {}), objective_horizons=False))
        g.across, g.objectives = True, []
        m = SimpleNamespace(name="M", side="a", at=10, y=0, w=30, status="idle", deployment="formed", loaded=True)
        e = SimpleNamespace(name="E", side="b", at=40, y=60, w=20, status="idle", deployment="formed", loaded=True)
        g.regs = {"M": m, "E": e}
        given = g.field_now()
        e.w = 100  # E deploys to 10": it now overlaps M across the axis
        self.assertEqual(g.gap(m, e), 0)
        self.assertEqual(g.on_field(given, lambda: (e.w, g.gap(m, e))), (20, 35))
        self.assertEqual((e.w, g.gap(m, e)), (100, 0))  # and the field as it stands again

    def test_other_obstacle_chips(self):
        ev, r = load(P_SIZES)
        i = find(ev, event="hindered")
        self.assertEqual(ev[i]["chips"], 9)
        r = dict(r, obstacle_chips=1)
        self.assertReports(ev, r, i, "has 9 chips; 6 and obstacle_chips (1) for each: 7")

    def test_an_order_on_an_officer_check_hindered_untold(self):
        ev, r = load(P_BRIDGE)
        i = find(ev, event="hindered", regiment="Hussars")
        del ev[i]
        self.assertReports(ev, r, i, "'Hussars''s assault order (given on an Officer Check), from 17, is told no "
                                     "`hindered`", "crossing ['Bridge']")

    # --- cover ----------------------------------------------------------------------------------------------------
    def test_a_contact_across_the_bridge_not_covered(self):
        ev, r = load(P_BRIDGE)
        i = find(ev, event="covered", attacker="1st Line")
        self.assertEqual((ev[i - 1]["event"], ev[i - 1]["from"], ev[i - 1]["to"]), ("moves", 17, 21))
        del ev[i]
        self.assertReports(ev, r, i, "'1st Line' went into contact with 'Grenadiers' across ['Bridge'] and is told no "
                                     "`covered`")

    def test_cover_judged_from_where_the_order_was_given(self):
        # the 1st Line's Assault was given at 0; it halted at the Wood (10) and went in from there (10 to 13): its way
        # crossed the Gate, though its last leg crossed nothing (the checker before judged it from 10)
        ev, r = load()
        i = find(ev, event="covered", attacker="1st Line")
        self.assertEqual((ev[i - 1]["from"], ev[i - 1]["to"], ev[i]["obstacles"]), (10, 13, ["Gate"]))
        del ev[i]
        self.assertReports(ev, r, i, "'1st Line' went into contact with 'Grenadiers' across ['Gate'] and is told no "
                                     "`covered`")

    def test_cover_over_every_leg(self):
        # the 1st Line's contact from 10 to 23 crossed the Bridge; its first leg, from its order at 0, the Gate
        ev, r = load(P_GATE_RANDOM)
        i = find(ev, event="covered", attacker="1st Line")
        self.assertEqual((ev[i - 1]["from"], ev[i - 1]["to"], ev[i]["obstacles"]), (10, 23, ["Gate", "Bridge"]))
        ev[i]["obstacles"] = ["Bridge"]
        self.assertReports(ev, r, i, "'Grenadiers' covers '1st Line' across ['Bridge']", "way into contact crossed "
                                     "['Gate', 'Bridge']")

    def test_a_contact_with_no_move_covered_from_where_the_order_was_given(self):
        ev, r = load(P_GATE_NO_MOVE)
        i = find(ev, event="covered", attacker="1st Line", decq=3)
        self.assertEqual((ev[i - 1]["event"], ev[i]["obstacles"]), ("assault_begins", ["Gate"]))
        del ev[i]
        self.assertReports(ev, r, i, "'1st Line' went into contact with 'Grenadiers' across ['Gate'] and is told no "
                                     "`covered`")

    def test_covered_not_right_after_the_contact(self):
        ev, r = load(P_BRIDGE)
        i = find(ev, event="covered", attacker="1st Line")
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
        self.assertReports(ev, r, i, "is told no `covered` (a 'status' event next)")

    def test_covered_against_another_defender(self):
        ev, r = load(P_BRIDGE)
        i = find(ev, event="covered", attacker="1st Line")
        ev[i]["defender"] = "Fusiliers"
        self.assertReports(ev, r, i, "'Fusiliers' covers '1st Line'; '1st Line' went into contact with 'Grenadiers'")

    def test_a_contact_across_nothing_covered(self):
        ev, r = load()
        i = find(ev, event="moves", regiment="2nd Line", why="assault")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (10, 13))
        ev.insert(i + 1, covered(ev[i], "a", "2nd Line", "Fusiliers", ["Bridge"]))
        self.assertReports(ev, r, i + 1, "'Fusiliers' covers '2nd Line' across ['Bridge']", "crossed no obstacle")

    def test_a_defender_on_the_bridge_covered(self):
        # "it will not be classed as an obstacle for your movement up to the bridge to ... assault the enemy"
        ev, r = load()
        i = find(ev, event="moves", regiment="Hussars", why="assault")
        self.assertEqual((ev[i]["from"], ev[i]["to"], ev[i + 1]["event"]), (10, 20, "status"))
        ev.insert(i + 1, covered(ev[i], "a", "Hussars", "Dragoons", ["Bridge"]))
        self.assertReports(ev, r, i + 1, "'Dragoons' covers 'Hussars' across ['Bridge']", "crossed no obstacle")

    def test_covered_with_no_contact(self):
        ev, r = load(P_BRIDGE)
        i = find(ev, event="covered", attacker="1st Line")
        ev.insert(i + 2, copy.deepcopy(ev[i]))
        self.assertReports(ev, r, i + 2, "which has not just gone into contact")

    def test_a_covered_attacker_cast_read_without_its_step(self):
        ev, r = load(P_BRIDGE)
        i = find(ev, event="assault_round", defender="Fusiliers")
        self.assertEqual((ev[i]["attacker_dice"], ev[i]["attacker_casts"]), ([[5, 6]], [5]))
        ev[i]["attacker_casts"] = [6]
        self.assertReports(ev, r, i, "an attacker's assault cast of '2nd Line': [5, 6] stepped -1 reads 5",
                           "considered as cover to the enemy")

    def test_other_cover_steps(self):
        ev, r = load(P_SIZES)
        i = find(ev, event="assault_round", defender="Grenadiers")
        self.assertEqual((ev[i]["attacker_dice"], ev[i]["attacker_casts"]), ([[2, 6]], [1]))
        r = dict(r, obstacle_cover_step=-1)
        self.assertReports(ev, r, i, "[2, 6] stepped -1 reads 2, the event says 1")

    def test_an_uncovered_attacker_cast_read_a_step_down(self):
        # the Hussars went in on the Dragoons on the Bridge: no cover, their casts read as ever
        ev, r = load()
        i = find(ev, event="assault_round", defender="Dragoons")
        self.assertEqual((ev[i]["attacker_dice"], ev[i]["attacker_casts"]), ([[5, 5, 8]], [8]))
        ev[i]["attacker_casts"] = [5]
        self.assertReports(ev, r, i, "[5, 5, 8] stepped 0 reads 8, the event says 5")


if __name__ == "__main__":
    unittest.main()
