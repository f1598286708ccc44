"""Piquet Regimental's chosen Moves (`orders = "chosen"`: where its player stops a regiment's Move order, `move_to`;
piquet_chosen.py, piquet_terrain.py and piquet_piquets.py): real traces pass, and each corruption of a `move_to`, the
places offered, one group's one place, the `moves` it brings (no farther than the place) and the piquet a Move stopped
short does not place is reported.

    python3 -m unittest discover -s tests/checker
"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import piquet  # noqa: E402

# fixtures/piquet-chosen.toml (the default, both sides chosen), random vs random, game 529: a's 1st Line (at 0, b's
# regiments at 10: `farthest` 7, the places 1 to 6) told `move_to` 5 among the free orders, its Move stopping there
# (DECQ 1 KARD 18, 0 to 5, why `move`); b's Grenadiers (at 10) told 9, stopping there (DECQ 1 KARD 13).
P_RANDOM = "piquet-chosen-random-g529.jsonl"
# The same with the heuristics, game 17: every chosen Move told `move_to` null (on to its objective); a's line brigade
# one free Move order (the 1st Line and the 2nd Line at 0).
P_HEURISTIC = "piquet-chosen-g17.jsonl"
# fixtures/piquet-chosen-hill.toml (the hill, both sides chosen), random vs random, game 209: a's Hussars' free Move on
# to the Hill (`move_to` null), their opening piquet placed in it; b's Dragoons (at 24) told `move_to` 22 on DECQ 5 KARD
# 1, the Hill's near edge at 14 ahead of them: no piquet, their Move stopping at 22 (DECQ 5 KARD 6); the Hussars, in
# the Hill at 10, told 17 on DECQ 2 KARD 5, stopped sooner at Engagement range (10 to 11).
P_HILL = "piquet-chosen-hill-random-g209.jsonl"
# fixtures/piquet-chosen-battery.toml (side a chosen, b planned), game 4: b's planned orders tell no `move_to`.
P_PLANNED = "piquet-chosen-battery-g4.jsonl"
# (in fixtures.json too)
CHOSEN_MOVE_FIXTURES = (P_RANDOM, P_HEURISTIC, P_HILL, P_PLANNED)


def cload(name):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


def move_to(e, side, regiment, to):
    return {"event": "move_to", "decq": e["decq"], "kard": e["kard"], "side": side, "regiment": regiment, "to": to}


class PiquetChosenMoveTest(CheckerCase):
    MODEL = piquet

    def first(self, ev, event, start=0, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items()), start)

    def test_fixtures_pass_and_exercise_chosen_moves(self):
        stats = {}
        for name in CHOSEN_MOVE_FIXTURES:
            ev, r = cload(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("move_to a place", "move_to objective", "heuristic move_to objective",
                  "move_to among several places offered", "chosen Moves stopped at their place",
                  "chosen Moves stopped short of their place", "Moves stopped short of an objective, placing no piquet",
                  "chosen Move groups of one stopping place"):
            self.assertTrue(stats.get(k), k)

    def test_the_random_moves_stop_at_their_place(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        j = self.first(ev, "moves", regiment="1st Line", why="move")
        self.assertEqual((ev[i]["decq"], ev[i]["to"], ev[j]["from"], ev[j]["to"]), (0, 5, 0, 5))

    # --- the places offered ---------------------------------------------------------------------------------------
    def test_a_place_behind_the_regiment(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        ev[i]["to"] = 0
        self.assertReports(ev, r, i, "chosen '1st Line' (infantry at 0) is told move_to 0",
                           "it is not 1\" ahead of the regiment at 0 (the places offered: 1 to 6)", "where you want to stop")
        ev[i]["to"] = -2
        self.assertReports(ev, r, i, "is told move_to -2", "not 1\" ahead")

    def test_a_place_beyond_farthest(self):
        # b's regiments at 10, Engagement range 3: farthest 7, the last place offered 6
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        ev[i]["to"] = 7
        self.assertReports(ev, r, i, "chosen '1st Line' (infantry at 0) is told move_to 7",
                           "it is not 1\" short of farthest [7]", "an inch short of `farthest`")
        ev[i]["to"] = 12
        self.assertReports(ev, r, i, "is told move_to 12", "not 1\" short of farthest [7]")

    def test_the_places_offered_by_the_field(self):
        # side a's M at 10 against an enemy at 20 (Engagement range 3): farthest 17, the places 11 to 16; at 15,
        # farthest 17 is 2" ahead: 16 alone; at 16, 1" ahead: none
        from types import SimpleNamespace
        g = piquet._Game([], dict(piquet.rules({}, {}), objective_horizons=False))
        g.across, g.objectives, g.E, g.B = False, [], 3, 3
        m = SimpleNamespace(name="M", side="a", at=10, y=0, w=30, status="idle", chosen=True, arm="infantry", die=6,
                            move_place=None, target=None)
        f = SimpleNamespace(name="F", side="b", at=20, y=0, w=30, status="idle", arm="infantry", die=6)
        g.regs = {"M": m, "F": f}
        self.assertEqual(g.move_to_offers(m), ([17], list(range(11, 17))))
        m.at = 15
        self.assertEqual(g.move_to_offers(m), ([17], [16]))
        m.at = 16
        self.assertEqual(g.move_to_offers(m), ([17], []))
        m.at, f.at = 10, 8  # no enemy ahead: a Move goes nowhere
        self.assertEqual(g.move_to_offers(m), ([10], []))
        g.objectives = [{"name": "Wood", "from": 13, "to": 15, "kind": "woods"}]
        m.at, f.at = 10, 20  # the wood's near edge first
        self.assertEqual(g.move_to_offers(m), ([13], [11, 12]))

    # --- the heuristic, the groups, the orders that tell one ----------------------------------------------------------
    def test_the_heuristic_stops_short(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "move_to", regiment="1st Line")
        self.assertIsNone(ev[i]["to"])
        ev[i]["to"] = 3
        self.assertReports(ev, r, i, "the heuristic stops chosen '1st Line''s Move (at 0) at 3",
                           "it goes on to its objective (`to` null")

    def test_a_missing_move_to(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "move_to", regiment="1st Line")
        del ev[i]
        # (found once the orders go on past its group: the Light's order next)
        self.assertReports(ev, r, self.first(ev, "order", start=i), "'1st Line''s chosen Move order is told no "
                                                                     "`move_to` (where it stops)")

    def test_a_missing_move_to_in_the_game(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="Light", decq=2, kard=14)
        del ev[i]
        self.assertReports(ev, r, i, "'Light''s chosen Move order is told no `move_to`")

    def test_a_group_told_two_places(self):
        # a's line brigade's one free Move, read as a random player's: the 2nd Line told 1 (offered), the 1st Line null
        ev, r = cload(P_HEURISTIC)
        r = dict(r, _strategies={"a": ("random", {}), "b": ("random", {})})
        self.assertEqual(piquet.check(ev, r), [])
        i = self.first(ev, "move_to", regiment="2nd Line")
        ev[i]["to"] = 1
        self.assertReports(ev, r, i, "'1st Line' and '2nd Line', given one Move order ['1st Line', '2nd Line']",
                           "are told move_to None and 1", "single order")

    def test_a_move_to_for_another_order(self):
        ev, r = cload(P_HEURISTIC)
        i = self.first(ev, "aims", regiment="1st Line")
        ev.insert(i, move_to(ev[i], "a", "1st Line", None))
        self.assertReports(ev, r, i, "'1st Line' is told move_to None, given no chosen Move order just before")

    def test_a_move_to_for_a_planned_move(self):
        ev, r = cload(P_PLANNED)
        i = self.first(ev, "order", side="b")
        self.assertEqual(ev[i + 1]["event"], "status")
        ev.insert(i + 2, move_to(ev[i], "b", ev[i]["regiments"][0], None))
        self.assertReports(ev, r, i + 2, "given no chosen Move order just before", "its orders planned")

    def test_a_move_to_before_its_status(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        ev[i - 1], ev[i] = ev[i], ev[i - 1]
        self.assertReports(ev, r, i - 1, "'1st Line' is told move_to 5 before its status idle -> ordered")

    def test_a_move_to_of_no_place(self):
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        ev[i]["to"] = "objective"
        self.assertReports(ev, r, i, "'1st Line''s move_to 'objective'", "a place on the axis, inches, or null")

    # --- the Move: no farther than its place -----------------------------------------------------------------------
    def test_a_move_passing_its_place(self):
        # the 1st Line told 4 (offered) moves 0 to 5
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        ev[i]["to"] = 4
        j = self.first(ev, "moves", regiment="1st Line", why="move")
        self.assertReports(ev, r, j, "'1st Line''s completed Move order goes from 0 to 5",
                           "stops (why `move`) at 4, its place (`move_to` 4)", "it moves no farther")

    def test_a_move_short_of_its_place(self):
        # told 6, it stops at 5: nothing stopped it sooner (b at 10)
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        ev[i]["to"] = 6
        j = self.first(ev, "moves", regiment="1st Line", why="move")
        self.assertReports(ev, r, j, "'1st Line''s completed Move order goes from 0 to 5",
                           "stops (why `move`) at 6, its place (`move_to` 6)")

    def test_a_move_going_on_past_a_place_no_longer_told(self):
        # on to its objective (`to` null) the 1st Line goes to 7, Engagement range of b at 10, not 5
        ev, r = cload(P_RANDOM)
        i = self.first(ev, "move_to", regiment="1st Line")
        ev[i]["to"] = None
        j = self.first(ev, "moves", regiment="1st Line", why="move")
        self.assertReports(ev, r, j, "'1st Line''s completed Move order goes from 0 to 5",
                           "closes to its fire's reach (3) of the nearest enemy ahead", "at 7")

    def test_a_move_stopped_at_its_place_told_horizon(self):
        # b's Dragoons stop at their place, 22, in the open: why `move`, not `horizon` (the Hill's near edge is 14)
        ev, r = cload(P_HILL)
        j = self.first(ev, "moves", regiment="Dragoons", why="move")
        self.assertEqual((ev[j]["from"], ev[j]["to"]), (24, 22))
        ev[j]["why"] = "horizon"
        self.assertReports(ev, r, j, "'Dragoons''s completed Move order goes from 24 to 22", "(horizon)",
                           "stops (why `move`) at 22, its place")

    # --- no piquet for a Move stopped short -------------------------------------------------------------------------
    def test_a_piquet_after_a_move_stopped_short(self):
        ev, r = cload(P_HILL)
        i = self.first(ev, "move_to", regiment="Dragoons", decq=5, kard=1)
        self.assertEqual(ev[i]["to"], 22)
        ev.insert(i + 1, {"event": "piquet", "decq": 5, "kard": 1, "side": "b", "regiment": "Dragoons",
                          "objective": "Hill", "blocked": None})
        self.assertReports(ev, r, i + 1, "'Dragoons''s piquet is told, its chosen Move (from 24) stopped short at 22",
                           "only a Move going on places a `piquet`")

    def test_an_opening_piquet_after_a_move_stopped_short(self):
        # the Hussars' free Move (at 0, the Hill's near edge at 10: the places 1 to 9) told 5 keeps its opening piquet
        ev, r = cload(P_HILL)
        i = self.first(ev, "move_to", regiment="Hussars", decq=0)
        self.assertIsNone(ev[i]["to"])
        ev[i]["to"] = 5
        j = self.first(ev, "piquet", regiment="Hussars", decq=0)
        self.assertReports(ev, r, j, "'Hussars''s piquet is told, its chosen Move (from 0) stopped short at 5")

    def test_a_move_going_on_missing_its_piquet(self):
        # told null again, the Dragoons' Move on to the Hill tells its piquet
        ev, r = cload(P_HILL)
        i = self.first(ev, "move_to", regiment="Dragoons", decq=5, kard=1)
        ev[i]["to"] = None
        self.assertReports(ev, r, None, "'Dragoons''s Move order told no piquet", "'Hill'")


if __name__ == "__main__":
    unittest.main()
