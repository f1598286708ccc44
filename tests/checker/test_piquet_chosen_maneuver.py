"""Piquet Regimental's chosen maneuvers (`orders = "chosen"`: which way its player takes a regiment's Maneuver order,
`maneuver_to`; piquet_chosen.py and piquet_field.py): real traces pass, and each corruption of a `maneuver_to`, the
ways offered, one group's one way, the `moves` it brings (forward to Engagement range at most, back, to a flank a
tenth short of an enemy level with it) and a planned Maneuver forward is reported.

    python3 -m unittest discover -s tests/checker
"""

import os
import sys
import unittest
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import piquet  # noqa: E402

# fixtures/piquet-chosen-flank.toml (two pairs of enemies level across the field, both sides chosen), random vs random,
# game 9: b's Chasseurs told `left` among the free orders, their Maneuver stopping a tenth short of a's Picket level
# with them (-20" to -22.3" across); the Picket, within a tenth of them (and so within Engagement range), offered
# neither its left nor forward, told `back` (12 to 8); a's Hussars told `right`, stopping a tenth short of b's Lancers
# (14" to 13.1").
P_FLANK = "piquet-chosen-flank-random-g9.jsonl"
# The same, game 2994: the Picket's free Maneuver `left` cut off (b's Lancers' assault draws it in, DECQ 1 KARD 2,
# and it is shaken), its next order's `back` (DECQ 2 KARD 6) replacing it and completing (12 to 8).
P_CUT = "piquet-chosen-flank-random-g2994.jsonl"
# The same, game 1638: b's Chasseurs `back` among the free orders (12 to 16), then `forward` (DECQ 2 KARD 3), stopping
# at Engagement range of the Picket 2.4" across (16 to 13, DECQ 2 KARD 13: at 14 the Picket is 2" along the axis and
# 2.4" across, beyond 3").
P_FORWARD = "piquet-chosen-flank-random-g1638.jsonl"
# fixtures/piquet-chosen.toml (the default, both sides chosen), random vs random, game 1: a's line brigade given one
# free Maneuver order, both regiments told `right` (0" to -4" across).
P_GROUP = "piquet-chosen-random-g1.jsonl"
# The same, game 220: a's 1st Line, fighting an assault, ordered to Maneuver out of it (DECQ 1 KARD 16, `retiring`): no
# `maneuver_to`.
P_RETIRING = "piquet-chosen-random-g220.jsonl"
# The same, game 121: a's Hussars told `forward` among the free orders, their Maneuver completing within Engagement
# range (DECQ 3 KARD 9): no move.
P_NOMOVE = "piquet-chosen-random-g121.jsonl"
# fixtures/piquet-chosen-battery.toml, a random (chosen), b the heuristic (planned), game 4: b's planned Grenadiers and
# Fusiliers maneuver forward (10 to 6), telling no `maneuver_to`.
P_BATTERY = "piquet-chosen-battery-random-g4.jsonl"
# The defaults (planned), game 0: b's Grenadiers and Fusiliers maneuver forward 10 to 9, stopped at Engagement range of
# a's regiments at 6; a's Light's second Maneuver completes within Engagement range and goes nowhere.
P_PLANNED = "piquet-defaults-g0.jsonl"
# The retire fixture (planned, 40 Elan), game 3: b's Grenadiers' Maneuver forward completing within Engagement range
# (DECQ 5 KARD 12): no move.
P_NOWHERE = "piquet-retire-g3.jsonl"
# The chosen default, random vs random, game 529 (test_piquet_chosen.py): random Deploy and Maneuver orders.
P_RANDOM = "piquet-chosen-random-g529.jsonl"
# (in fixtures.json too, and kept out of test_piquet.py's count)
CHOSEN_MANEUVER_FIXTURES = (P_FLANK, P_CUT, P_FORWARD, P_GROUP, P_RETIRING, P_NOMOVE)


def cload(name):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


def maneuver_to(e, regiment, to):
    """A `maneuver_to` event for `regiment` at the KARD of event `e`."""
    return {"event": "maneuver_to", "decq": e["decq"], "kard": e["kard"], "side": e["side"], "regiment": regiment,
            "to": to}


class PiquetChosenManeuverTest(CheckerCase):
    MODEL = piquet

    def first(self, ev, event, start=0, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items()), start)

    def test_fixtures_pass_and_exercise_chosen_maneuvers(self):
        stats = {}
        for name in CHOSEN_MANEUVER_FIXTURES + (P_BATTERY, P_PLANNED, P_NOWHERE, P_RANDOM):
            ev, r = cload(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("maneuver_to forward", "maneuver_to back", "maneuver_to left", "maneuver_to right",
                  "chosen maneuvers forward", "chosen maneuvers back", "chosen maneuvers left", "chosen maneuvers right",
                  "chosen flank maneuvers left stopped short side b", "chosen flank maneuvers right stopped short side a",
                  "maneuver_to with left not offered", "maneuver_to with forward not offered",
                  "chosen Maneuver groups of one way", "maneuver_to replacing a cut-off one",
                  "forward maneuvers stopped at Engagement range", "planned maneuvers forward",
                  "maneuvers completed with nowhere to go", "status retiring"):
            self.assertTrue(stats.get(k), k)

    def test_every_chosen_maneuver_order_is_told_its_way_in_the_fixtures(self):
        for name in CHOSEN_MANEUVER_FIXTURES + (P_BATTERY,):
            ev, _ = cload(name)
            chosen = set(e["regiment"] for e in ev if e["event"] == "regiment" and e["plan"] == ["chosen"])
            for i, e in enumerate(ev):
                if e["event"] == "order" and e["order"] == "maneuver":
                    out = ev[i + 1]["event"] == "status" and ev[i + 1]["to"] == "retiring"
                    told = [x["regiment"] for x in ev[i + 1:i + 1 + 2 * len(e["regiments"])]
                            if x["event"] == "maneuver_to"]
                    self.assertEqual(sorted(told), [] if out else sorted(n for n in e["regiments"] if n in chosen),
                                     (name, i))

    # --- maneuver_to: one for each chosen regiment of a Maneuver order, right after its status -------------------
    def test_a_free_maneuver_told_no_maneuver_to(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "maneuver_to", regiment="Chasseurs")
        del ev[i]
        self.assertReports(ev, r, i, "'Chasseurs''s chosen Maneuver order is told no `maneuver_to`",
                           "indicate the direction of the maneuver")

    def test_one_of_a_groups_maneuver_to_missing(self):
        ev, r = cload(P_GROUP)
        i = self.first(ev, "maneuver_to", regiment="2nd Line")
        del ev[i]
        self.assertReports(ev, r, i, "'2nd Line''s chosen Maneuver order is told no `maneuver_to`")

    def test_a_maneuver_on_an_officer_check_told_no_maneuver_to(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "maneuver_to", regiment="Picket")
        self.assertEqual(ev[i]["decq"], 1)
        del ev[i]
        self.assertReports(ev, r, i, "'Picket''s chosen Maneuver order is told no `maneuver_to`")

    def test_a_maneuver_to_for_a_move_order(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "order", order="move")
        n = ev[i]["regiments"][0]
        self.assertEqual((ev[i + 1]["event"], ev[i + 1]["regiment"]), ("status", n))
        ev[i + 2:i + 2] = [maneuver_to(ev[i], n, "back")]
        self.assertReports(ev, r, i + 2, "%r is told maneuver_to 'back', given no chosen Maneuver order" % n)

    def test_a_maneuver_to_for_a_planned_regiment(self):
        # b follows its plans: its Maneuver goes its scenario's way (forward), told no maneuver_to
        ev, r = cload(P_BATTERY)
        i = self.first(ev, "order", side="b", order="maneuver", regiments=["Grenadiers", "Fusiliers"])
        self.assertEqual(ev[i + 1]["event"], "status")
        ev[i + 2:i + 2] = [maneuver_to(ev[i], "Grenadiers", "forward")]
        self.assertReports(ev, r, i + 2, "'Grenadiers' is told maneuver_to 'forward'", "its orders planned")

    def test_a_maneuver_to_for_a_maneuver_out_of_an_assault(self):
        # the 1st Line's Maneuver out of the assault retires it back from the fight: no way to choose
        ev, r = cload(P_RETIRING)
        i = self.first(ev, "status", regiment="1st Line", to="retiring")
        self.assertEqual((ev[i - 1]["event"], ev[i - 1]["order"]), ("order", "maneuver"))
        ev[i + 1:i + 1] = [maneuver_to(ev[i], "1st Line", "back")]
        self.assertReports(ev, r, i + 1, "'1st Line' is told maneuver_to 'back', given no chosen Maneuver order just "
                                         "before (retiring")

    def test_a_maneuver_to_before_its_status(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "maneuver_to", regiment="Chasseurs")
        ev[i - 1], ev[i] = ev[i], ev[i - 1]
        self.assertReports(ev, r, i - 1, "'Chasseurs' is told maneuver_to 'left' before its status idle -> ordered")

    def test_a_groups_maneuver_to_told_after_the_next_status(self):
        ev, r = cload(P_GROUP)
        i = self.first(ev, "maneuver_to", regiment="1st Line")
        self.assertEqual((ev[i + 1]["event"], ev[i + 1]["regiment"]), ("status", "2nd Line"))
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
        self.assertReports(ev, r, i + 1, "'1st Line' is told maneuver_to 'right' not right after its status",
                           "after a 'status' event of '2nd Line'")

    def test_a_maneuver_to_of_no_way(self):
        # wheeling is not modelled: forward, back, left or right only
        ev, r = cload(P_FLANK)
        i = self.first(ev, "maneuver_to", regiment="Chasseurs")
        ev[i]["to"] = "wheel_left"
        self.assertReports(ev, r, i, "'Chasseurs''s maneuver_to 'wheel_left'", "forward, back, left or right")

    def test_a_maneuver_to_for_the_other_side(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "maneuver_to", regiment="Chasseurs")
        ev[i]["side"] = "a"
        self.assertReports(ev, r, i, "'Chasseurs' is told a maneuver_to for side 'a'")

    # --- the ways offered -------------------------------------------------------------------------------------
    def test_a_flank_within_a_tenth_of_an_enemy_level_is_not_offered(self):
        # DECQ 1 KARD 9: the Picket (2.3" wide, -26" across) stands a tenth from the Chasseurs level with it (5", now
        # -22.3"): its left (up) would not move it
        ev, r = cload(P_FLANK)
        i = self.first(ev, "maneuver_to", regiment="Picket")
        self.assertEqual(ev[i]["to"], "back")
        ev[i]["to"] = "left"
        self.assertReports(ev, r, i, "chosen 'Picket' (infantry at 12, -26.0\" across when ordered) is told "
                                     "maneuver_to 'left', which would not move it", "a tenth short of 'Chasseurs'",
                           "offered: ['back', 'right']", "can not Maneuver into an Assault")

    def test_forward_within_engagement_range_is_not_offered(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "maneuver_to", regiment="Picket")
        ev[i]["to"] = "forward"
        self.assertReports(ev, r, i, "told maneuver_to 'forward', which would not move it",
                           "forward 0 inches to 12, at Engagement range (3) of 'Chasseurs' at 12 (0 inches along the "
                           "axis, 0.1\" across)", "You can Maneuver into Engagement")

    def test_no_maneuver_offered_with_no_way_to_go(self):
        # with maneuver_inches 0 no way would move a regiment: Maneuver is not offered at all
        ev, r = cload(P_FLANK)
        i = self.first(ev, "order", order="maneuver")
        self.assertReports(ev, dict(r, maneuver_inches=0), i, "chosen 'Chasseurs' (cavalry at 12, -20.0\" across) is "
                                                               "given a Maneuver order, and no way would move it")

    def test_the_heuristic_tells_no_maneuver_to(self):
        # read as the heuristics', the random players' Maneuvers are impossible
        ev, r = cload(P_FLANK)
        i = self.first(ev, "order", order="maneuver")
        self.assertReports(ev, dict(r, _strategies={}), None, "the heuristic")
        p = piquet.check(ev, dict(r, _strategies={}))[0]
        self.assertLessEqual(p.index, i + 1)

    # --- one order, one way -------------------------------------------------------------------------------
    def test_one_group_told_two_ways(self):
        ev, r = cload(P_GROUP)
        i = self.first(ev, "maneuver_to", regiment="2nd Line")
        ev[i]["to"] = "left"
        self.assertReports(ev, r, i, "'1st Line' and '2nd Line', given one Maneuver order ['1st Line', '2nd Line'], "
                                     "are told maneuver_to 'right' and 'left'", "operate on this single order")

    def test_a_brigade_split_by_ways(self):
        # the free orders: a's line brigade told `right` as one order; as two orders both `right`, not one
        ev, r = cload(P_GROUP)
        i = self.first(ev, "order", decq=0, regiments=["1st Line", "2nd Line"])
        one, two = dict(ev[i], regiments=["1st Line"]), dict(ev[i], regiments=["2nd Line"])
        self.assertEqual([e["event"] for e in ev[i + 1:i + 5]], ["status", "maneuver_to", "status", "maneuver_to"])
        ev[i:i + 5] = [one, ev[i + 1], ev[i + 2], two, ev[i + 3], ev[i + 4]]
        self.assertReports(ev, r, i + 5, "every regiment of '2nd Line''s brigade", "maneuver to right",
                           "not as one order")
        self.assertReports(ev, dict(r, order_groups="idle_alike"), i + 5, "idle_alike", "['1st Line'] and ['2nd Line']",
                           "both given maneuver to right")

    # --- where a chosen Maneuver goes --------------------------------------------------------------------------
    def test_a_chosen_maneuver_goes_another_way(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Picket", why="maneuver")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (12, 8))
        ev[i]["to"] = 16
        self.assertReports(ev, r, i, "'Picket' (side a), maneuvering back (its player's maneuver_to), goes from 12 to "
                                     "16; it goes back 4 inches to 8")

    def test_a_chosen_back_maneuver_short(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Picket", why="maneuver")
        ev[i]["to"] = 10
        self.assertReports(ev, r, i, "maneuvering back (its player's maneuver_to), goes from 12 to 10")

    def test_a_chosen_flank_maneuver_into_an_enemy_level_with_it(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Chasseurs", why="maneuver")
        self.assertEqual((ev[i]["y_from"], ev[i]["y_to"]), (-20.0, -22.3))
        ev[i]["y_to"] = -24.0
        self.assertReports(ev, r, i, "'Chasseurs' (side b), maneuvering to its left, goes across from -20.0\" to "
                                     "-24.0\"", "a tenth short of 'Picket'", "ends at -22.3\"", "`maneuver_to`")

    def test_a_chosen_flank_maneuver_the_other_way(self):
        # side a's right is down the cross axis: the Hussars from 14" toward the Lancers (9", 5" wide), 0.9" on
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Hussars", why="maneuver")
        self.assertEqual((ev[i]["y_from"], ev[i]["y_to"]), (14.0, 13.1))
        ev[i]["y_to"] = 14.9
        self.assertReports(ev, r, i, "'Hussars' (side a), maneuvering to its right, goes across from 14.0\" to 14.9\"",
                           "a tenth short of 'Lancers'", "ends at 13.1\"")

    def test_a_chosen_flank_maneuver_along_the_axis(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Hussars", why="maneuver")
        ev[i]["to"] = 21
        self.assertReports(ev, r, i, "'Hussars', maneuvering to its right flank, moves along the axis from 20 to 21")

    def test_a_chosen_forward_maneuver_across(self):
        ev, r = cload(P_FORWARD)
        i = self.first(ev, "moves", regiment="Chasseurs", why="maneuver", to=13)
        ev[i]["y_from"], ev[i]["y_to"] = -20.0, -21.0
        self.assertReports(ev, r, i, "'Chasseurs', maneuvering forward, moves across from -20.0\" to -21.0\"")

    def test_a_chosen_forward_maneuver_into_an_assault(self):
        # 16 to 13 stops at Engagement range of the Picket (2.4" across); 12 is closer ("not into an Assault")
        ev, r = cload(P_FORWARD)
        i = self.first(ev, "moves", regiment="Chasseurs", why="maneuver", to=13)
        self.assertEqual(ev[i]["from"], 16)
        ev[i]["to"] = 12
        self.assertReports(ev, r, i, "'Chasseurs' (side b), maneuvering forward (its player's maneuver_to), goes from "
                                     "16 to 12; it goes forward 3 inches to 13, at Engagement range (3) of 'Picket' "
                                     "at 12 (1 inches along the axis, 2.4\" across)", "can not Maneuver into an Assault")

    def test_a_chosen_forward_maneuver_short_of_engagement_range(self):
        # at 14 the Picket is 2" along the axis and 2.4" across: 3.12", beyond Engagement range
        ev, r = cload(P_FORWARD)
        i = self.first(ev, "moves", regiment="Chasseurs", why="maneuver", to=13)
        ev[i]["to"] = 14
        self.assertReports(ev, r, i, "goes from 16 to 14; it goes forward 3 inches to 13")

    def test_a_chosen_maneuver_with_no_pending_maneuver_to(self):
        # a second move after the first used its maneuver_to up
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Picket", why="maneuver")
        ev[i + 1:i + 1] = [dict(ev[i], **{"from": 8, "to": 4})]
        self.assertReports(ev, r, i + 1, "chosen 'Picket' maneuvers (8 to 4) with no Maneuver order completed on this "
                                         "KARD with a pending `maneuver_to`")

    def test_a_chosen_maneuver_after_a_move(self):
        ev, r = cload(P_GROUP)
        i = self.first(ev, "moves", why="move")
        e = ev[i]
        ev[i + 1:i + 1] = [dict(e, **{"from": e["to"], "to": e["to"] + (1 if e["side"] == "a" else -1),
                                      "why": "maneuver"})]
        self.assertReports(ev, r, i + 1, "chosen %r maneuvers" % e["regiment"], "with a pending `maneuver_to`")

    def test_a_completed_chosen_maneuver_left_undone(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Picket", why="maneuver")
        del ev[i]
        self.assertEqual((ev[i]["event"], ev[i]["to"]), ("status", "idle"))
        self.assertReports(ev, r, i, "'Picket' completed its Maneuver back and stands at 12; it goes back 4 inches to 8")

    def test_a_completed_chosen_flank_maneuver_left_undone(self):
        ev, r = cload(P_FLANK)
        i = self.first(ev, "moves", regiment="Chasseurs", why="maneuver")
        del ev[i]
        self.assertReports(ev, r, i, "'Chasseurs' completed its Maneuver to its left and stands at -20.0\" across; it "
                                     "ends at -22.3\"", "`maneuver_to`")

    def test_a_cut_off_maneuver_to_is_replaced_by_the_next(self):
        # the Picket's free `left` was cut off by the Lancers' assault: the next order's way (back) is the one it goes
        ev, r = cload(P_CUT)
        i = self.first(ev, "maneuver_to", regiment="Picket")
        j = self.first(ev, "maneuver_to", regiment="Picket", start=i + 1)
        k = self.first(ev, "moves", regiment="Picket", why="maneuver")
        self.assertTrue(i < j < k)
        self.assertEqual((ev[i]["to"], ev[j]["to"], ev[k]["from"], ev[k]["to"], ev[k]["y_to"]),
                         ("left", "back", 12, 8, None))
        ev[i]["to"] = "right"
        self.assertEqual(piquet.check(ev, r), [])
        ev[j]["to"] = "right"
        self.assertReports(ev, r, k, "'Picket', maneuvering to its right flank, moves along the axis from 12 to 8")

    # --- a planned Maneuver forward -----------------------------------------------------------------------------
    def test_a_planned_maneuver_forward_into_an_assault(self):
        # b's Grenadiers and Fusiliers, 10 to 9: Engagement range of a's regiments at 6
        ev, r = cload(P_PLANNED)
        i = self.first(ev, "moves", regiment="Grenadiers", why="maneuver")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (10, 9))
        ev[i]["to"] = 6
        self.assertReports(ev, r, i, "'Grenadiers' (side b), maneuvering forward, goes from 10 to 6; it goes forward 1 "
                                     "inches to 9, at Engagement range (3) of")

    def test_a_planned_maneuver_forward_left_undone(self):
        ev, r = cload(P_PLANNED)
        i = self.first(ev, "moves", regiment="Fusiliers", why="maneuver")
        del ev[i]
        self.assertReports(ev, r, None, "'Fusiliers' completed its Maneuver forward and stands at 10; it goes forward 1 "
                                        "inches to 9")

    def test_a_planned_maneuver_with_nowhere_to_go_moving(self):
        # the retire fixture, DECQ 5 KARD 12: b's Grenadiers' Maneuver forward completes within Engagement range of an
        # enemy ahead, and they stay
        ev, r = cload(P_NOWHERE)
        i = self.first(ev, "execute", regiment="Grenadiers", order="maneuver", decq=5, kard=12)
        self.assertEqual((ev[i + 1]["event"], ev[i + 1]["to"]), ("status", "idle"))
        at = [e for e in ev[:i] if e["event"] == "moves" and e["regiment"] == "Grenadiers"][-1]["to"]
        ev[i + 1:i + 1] = [{"event": "moves", "decq": 5, "kard": 12, "side": "b", "regiment": "Grenadiers",
                            "from": at, "to": at - 1, "y_from": None, "y_to": None, "why": "maneuver"}]
        self.assertReports(ev, r, i + 1, "'Grenadiers' (side b), maneuvering forward, goes from %d to %d; it goes "
                                         "forward 0 inches to %d, at Engagement range (3) of" % (at, at - 1, at))

    def test_a_chosen_maneuver_with_nowhere_to_go_moving(self):
        # game 121 of the chosen default, DECQ 3 KARD 9: a's Hussars, told `forward` among the free orders, complete
        # their Maneuver within Engagement range of an enemy ahead, and stay
        ev, r = cload(P_NOMOVE)
        j = self.first(ev, "maneuver_to", regiment="Hussars")
        self.assertEqual((ev[j]["decq"], ev[j]["to"]), (0, "forward"))
        i = self.first(ev, "execute", regiment="Hussars", order="maneuver", decq=3, kard=9)
        self.assertEqual((ev[i + 1]["event"], ev[i + 1]["to"]), ("status", "idle"))
        at = ([e["at"] for e in ev if e["event"] == "regiment" and e["regiment"] == "Hussars"]
              + [e["to"] for e in ev[:i] if e["event"] == "moves" and e["regiment"] == "Hussars"])[-1]
        ev[i + 1:i + 1] = [{"event": "moves", "decq": 3, "kard": 9, "side": "a", "regiment": "Hussars",
                            "from": at, "to": at + 1, "y_from": None, "y_to": None, "why": "maneuver"}]
        self.assertReports(ev, r, i + 1, "'Hussars' (side a), maneuvering forward (its player's maneuver_to), goes "
                                         "from %d to %d; it goes forward 0 inches" % (at, at + 1))

    # --- the model -------------------------------------------------------------------------------------------
    def test_the_ways_offered_by_the_field(self):
        # side a's M (3" wide, at 10, 0" across) with maneuver_inches 4 and Engagement range 3
        g = piquet._Game([], dict(piquet.rules({}, {}), objective_horizons=False))
        g.across, g.objectives, g.E = True, [], 3
        m = SimpleNamespace(name="M", side="a", at=10, y=0, w=30, maneuver="forward", status="idle")

        def on(*foes):
            g.regs = {"M": m}
            for k, (at, y, w) in enumerate(foes):
                g.regs["E%d" % k] = SimpleNamespace(name="E%d" % k, side="ab".replace(m.side, ""), at=at, y=y, w=w,
                                                    status="idle")
            return g.maneuver_offers(m), g.maneuver_place(m, "forward")
        self.assertEqual(on(), (["forward", "back", "left", "right"], (14, 0)))
        self.assertEqual(on((20, 0, 30)), (["forward", "back", "left", "right"], (14, 0)))  # 6" off: 4" on
        self.assertEqual(on((15, 0, 30)), (["forward", "back", "left", "right"], (12, 0)))  # to 3" of it
        self.assertEqual(on((13, 0, 30)), (["back", "left", "right"], (10, 0)))  # within 3": not forward
        self.assertEqual(on((14, 50, 30)), (["forward", "back", "left", "right"], (12, 0)))  # 2" across: 2" on
        self.assertEqual(on((14, 60, 30)), (["forward", "back", "left", "right"], (14, 0)))  # 3" across: level
        self.assertEqual(on((14, 70, 30)), (["forward", "back", "left", "right"], (14, 0)))  # 4" across: never within
        self.assertEqual(on((8, 0, 30)), (["forward", "back", "left", "right"], (14, 0)))  # behind it: no stop
        self.assertEqual(on((10, 31, 30)), (["back", "right"], (10, 0)))  # level, a tenth off up: no left, no forward
        self.assertEqual(on((10, -31, 30)), (["back", "left"], (10, 0)))  # a tenth off down: no right
        self.assertEqual(on((10, 80, 30)), (["forward", "back", "left", "right"], (14, 0)))  # 5" off: beyond range
        m.side = "b"  # side b faces down the axis, its left down the cross axis
        self.assertEqual(on((6, 0, 30)), (["forward", "back", "left", "right"], (9, 0)))
        self.assertEqual(on((10, 31, 30)), (["back", "left"], (10, 0)))
        self.assertEqual(g.maneuver_place(m, "back"), (14, 0))


if __name__ == "__main__":
    unittest.main()
