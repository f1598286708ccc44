"""Piquet Regimental's field across (piquet_field.py: places across and frontages, ranges measured between the nearer
ends, inclined Moves, Maneuvers to a flank, aspects in assaults): real traces pass, and each corruption of them is
reported.

    python3 -m unittest discover -s tests/checker
"""

import os
import sys
import unittest
from fractions import Fraction
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import piquet  # noqa: E402
import piquet_field  # noqa: E402

# The commands that made this file's fixtures (`fortunes replay ... --json -j 1`; fixtures.json holds them once added
# there).
FIELD_FIXTURES = {
    # --scenario flanks, game 4: a's Light maneuvers to its left (-14" to -10" across), then its Move (0 to 19")
    # inclines toward the Grenadiers by 3.1" (its gap, 6.3 tenths doubled, closed to the touch; 22.5 degrees would
    # allow 7.8"), and it assaults them alone from the flank; the 1st Line (in front) and the 2nd Line (overlapping
    # the Grenadiers by less than half its frontage: flank) assault them together, their casts 8 and 8 making 16.
    "piquet-flanks-g4.jsonl": ["piquet", "--game", "4", "--seed", "1", "--scenario", "flanks"],
    # fixtures/piquet-field.toml, game 2: b's Chasseurs maneuver to their left (down the cross axis), stopping 2.3"
    # on, a tenth short of a's Picket level with them; b's Voltigeurs maneuver to their right (up), a's Hussars to
    # theirs (down), again at 16 in DECQ 4 past the Voltigeurs overlapping them on the other hand; the Cuirassiers
    # incline onto the Militia's urban block, the Carabiniers following them across, and
    # assault it with the Line, both in front ("no flanks exposed"); the Horse Guns move with the Hussars' Moves,
    # across too; the Picket fires on the Chasseurs 2.3" across.
    "piquet-field-g2.jsonl": ["piquet", "--game", "2", "--seed", "1", "--scenario",
                              "tests/checker/fixtures/piquet-field.toml"],
    # fixtures/piquet-field.toml, game 62: a's Hussars (5.9" across, 3" wide) break through the Militia with Elan left
    # and stay: the Battery (15", -3" across) and the Voltigeurs (16", 13") ahead stand off their path.
    "piquet-field-g62.jsonl": ["piquet", "--game", "62", "--seed", "1", "--scenario",
                               "tests/checker/fixtures/piquet-field.toml"],
}
P_FLANKS = "piquet-flanks-g4.jsonl"
P_FIELD = "piquet-field-g2.jsonl"
P_PATH = "piquet-field-g62.jsonl"


def fload(name):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST.get(name, FIELD_FIXTURES[name])[1:])
    return events, rules


class PiquetFieldTest(CheckerCase):
    MODEL = piquet

    def first(self, ev, event, start=0, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items()), start)

    def moves(self, ev, why, regiment=None, start=0, across=None):
        return index_of(ev, lambda e: e["event"] == "moves" and e["why"] == why
                        and (regiment is None or e["regiment"] == regiment)
                        and (across is None or (e.get("y_from") is not None) == across), start)

    def test_fixtures_pass_and_exercise_the_field(self):
        stats = {}
        for name in FIELD_FIXTURES:
            ev, r = fload(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("regiments off the centre line", "inclined moves", "flank maneuvers left side a",
                  "flank maneuvers right side a", "flank maneuvers left side b", "flank maneuvers right side b",
                  "flank maneuvers stopped short of an enemy level", "rounds with an attacker flank",
                  "rounds with an attacker front", "short overlaps on the flank", "flank attacks beside the defender",
                  "multi-unit rounds with a flank or rear attacker",
                  "urban defenders attacked from the flank or rear, no flanks exposed", "follows across",
                  "attached moves across", "volleys across a gap", "onward past an enemy ahead off its path"):
            self.assertTrue(stats.get(k), k)

    def test_a_trace_without_places_across_reads_on_the_one_axis(self):
        # the fixtures made before the field had a width: every attacker in front, no aspects told
        ev, r = fload(P_FLANKS)
        for e in ev:
            if e["event"] == "regiment":
                del e["y"], e["frontage"]
        self.assertReports(ev, r, None, "a move across in a trace without places across")
        # a trace as such a fixture was: no `y` or `frontage`, no `y_from` / `y_to` on `moves`, no `aspects`
        name = "piquet-battery-g4.jsonl"
        ev = read_events(name)
        r = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
        for e in ev:
            for k in {"regiment": ("y", "frontage"), "moves": ("y_from", "y_to"),
                      "assault_round": ("aspects",)}.get(e["event"], ()):
                del e[k]
        self.assertEqual(piquet.check(ev, r), [])
        i = self.first(ev, "assault_round")
        ev[i]["aspects"] = ["front"] * len(ev[i]["attackers"])
        self.assertReports(ev, r, i, "aspects in a trace without places across")

    def test_a_move_without_its_places_across(self):
        # a trace with places across: every `moves` carries `y_from` and `y_to`, null when unchanged
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "withdraws", "Grenadiers")
        self.assertEqual((ev[i]["y_from"], ev[i]["y_to"]), (None, None))
        del ev[i]["y_from"], ev[i]["y_to"]
        self.assertReports(ev, r, i, "'Grenadiers''s move (withdraws) without y_from and y_to",
                           "always carries `y_from` and `y_to`")

    # the opening: places across and frontages
    def test_a_frontage_not_the_organization_sections(self):
        ev, r = fload(P_FIELD)
        i = self.first(ev, "regiment", regiment="Voltigeurs")
        self.assertEqual(ev[i]["frontage"], 6.0)  # the scenario's, between 2/3 of 8" and 8"
        ev[i]["frontage"] = 8.0
        self.assertReports(ev, r, i, "'Voltigeurs''s frontage is 8.0\"", "gives 6.0\"", "Organization")
        ev, r = fload(P_FLANKS)
        i = self.first(ev, "regiment", regiment="Grenadiers")
        self.assertEqual(ev[i]["frontage"], 9.3)  # 2100 men in 3 ranks: the text's example
        ev[i]["frontage"] = 5.8
        self.assertReports(ev, r, i, "'Grenadiers''s frontage is 5.8\"", "gives 9.3\"")

    def test_a_place_across_not_the_scenarios(self):
        ev, r = fload(P_FLANKS)
        i = self.first(ev, "regiment", regiment="Light")
        ev[i]["y"] = -13.0
        self.assertReports(ev, r, i, "'Light' opens -13.0\" across, the scenario says -14.0\"")

    def test_the_frontage_limits(self):
        lim = piquet_field.frontage_limits
        self.assertEqual(tuple(map(int, lim("infantry", {}))), (58, 93))  # 9.3" at most, x 5/8: 5.8" at least
        self.assertEqual(lim("infantry", {"troops": 2000, "battalions": 2})[1], 88)  # 8.88" cut to 8.8"
        least, most = lim("infantry", {"troops": 1200, "ranks": 2, "battalions": 2})
        self.assertEqual((float(least), float(most)), (160 / 3, 80.0))  # 8" at most, 2/3 of it at least
        self.assertEqual(lim("infantry", {"troops": 1000, "battalions": 1})[0], Fraction(1000 * 10, 225))  # one: as is
        self.assertEqual(lim("cavalry", {})[1], 50)  # 500 troopers: 5"
        self.assertEqual(lim("cavalry", {"troops": 455})[1], 45)
        self.assertEqual(tuple(map(int, lim("artillery", {"guns": 8}))), (22, 30))  # 3 castings of 3/4" to 1"

    # ranges across the field
    def test_gaps_and_1_inch_outside(self):
        gap, out = piquet_field.Field.gap_of, piquet_field.Field.outside_dx
        self.assertEqual(gap(-100, 44, 0, 93), 32)  # 3.15" between the nearer ends, rounded up
        self.assertEqual(gap(70, 62, 0, 93), 0)  # overlapping
        self.assertEqual(gap(0, 20, 20, 20), 0)  # touching
        self.assertEqual(out(0, 3), 4)
        self.assertEqual(out(28, 3), 3)  # 100 x 9 + 784 >= 1600
        self.assertEqual(out(40, 3), 0)

    def test_a_volley_out_of_range_across_the_field(self):
        # DECQ 1 KARD 1: the Picket (12", -26" across) fires on the Chasseurs level with it 2.3" across; the Militia,
        # level too, stand 22.6" across: beyond Engagement range
        ev, r = fload(P_FIELD)
        i = self.first(ev, "volley", regiment="Picket")
        self.assertEqual(ev[i]["target"], "Chasseurs")
        ev[i]["target"] = "Militia"
        self.assertReports(ev, r, i, "'Picket' fires at 'Militia' 0 inches along the axis, 22.7\" across",
                           "Engagement range 3", "nearer ends")

    def test_an_unrallied_withdrawal_1_inch_outside(self):
        ev, r = fload(P_FIELD)
        i = self.moves(ev, "withdraws_unrallied")
        ev[i]["to"] -= 1
        self.assertReports(ev, r, i, "1\" outside Engagement range (3) of no formed enemy")

    # inclined Moves
    def test_a_move_inclined_beyond_22_5_degrees(self):
        # DECQ 2 KARD 10: the Light's Move from 0 to 19 inclines 3.1" toward the Grenadiers (7.8" allowed)
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "move", "Light", across=True)
        self.assertEqual((ev[i]["from"], ev[i]["to"], ev[i]["y_from"], ev[i]["y_to"]), (0, 19, -10.0, -6.9))
        ev[i]["y_to"] = -2.1
        self.assertReports(ev, r, i, "'Light' moves 19 inches forward and 7.9\" across, more than 22.5 degrees (7.8\")",
                           "22.5 degrees")

    def test_a_move_inclined_past_the_gap(self):
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "move", "Light", across=True)
        ev[i]["y_to"] = -6.8  # 3.2": the gap rounded up, but its frontage would overlap the Grenadiers'
        self.assertReports(ev, r, i, "'Light''s completed Move order goes from 0 to 19, -6.8\" across",
                           "closes to Engagement range at 19, -6.9\" across")

    def test_a_move_inclined_away_from_its_target(self):
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "move", "Light", across=True)
        ev[i]["y_to"] = -13.1
        self.assertReports(ev, r, i, "'Light' inclines from -10.0\" to -13.1\" across, not toward its target",
                           "'Grenadiers'")

    def test_a_move_not_inclined(self):
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "move", "Light", across=True)
        ev[i]["y_from"] = ev[i]["y_to"] = None
        self.assertReports(ev, r, i, "'Light''s completed Move order goes from 0 to 19, -10.0\" across",
                           "-6.9\" across")

    def test_a_withdrawal_across_the_field(self):
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "withdraws")
        ev[i]["y_from"], ev[i]["y_to"] = 0.0, 1.0
        e = ev[i]
        self.assertReports(ev, r, i, "'%s' moves from 0.0\" across, it stands at" % e["regiment"])
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "withdraws", "Grenadiers")
        ev[i]["y_from"], ev[i]["y_to"] = 0.0, 1.0
        self.assertReports(ev, r, i, "'Grenadiers''s move (withdraws) goes across", "only a Move inclines")

    def test_a_place_across_told_unchanged(self):
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "maneuver", "Light")
        ev[i]["y_to"] = ev[i]["y_from"]
        self.assertReports(ev, r, i, "only when its place across changes")

    # Maneuvers to a flank
    def test_a_flank_maneuver_the_wrong_way(self):
        # side a's left is up the cross axis: the Light goes from -14" to -10"
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "maneuver", "Light")
        self.assertEqual((ev[i]["y_from"], ev[i]["y_to"]), (-14.0, -10.0))
        ev[i]["y_to"] = -18.0
        self.assertReports(ev, r, i, "'Light' (side a), maneuvering to its left, goes across from -14.0\" to -18.0\"",
                           "4.0\" up the cross axis", "ends at -10.0\"")
        # side b's right is up it: the Voltigeurs from 9" to 13"
        ev, r = fload(P_FIELD)
        i = self.moves(ev, "maneuver", "Voltigeurs")
        self.assertEqual((ev[i]["y_from"], ev[i]["y_to"]), (9.0, 13.0))
        ev[i]["y_to"] = 5.0
        self.assertReports(ev, r, i, "'Voltigeurs' (side b), maneuvering to its right", "ends at 13.0\"")
        # side a's right is down it: the Hussars from 14" to 10"
        ev, r = fload(P_FIELD)
        i = self.moves(ev, "maneuver", "Hussars")
        ev[i]["y_to"] = 18.0
        self.assertReports(ev, r, i, "'Hussars' (side a), maneuvering to its right", "ends at 10.0\"")

    def test_a_flank_maneuver_into_an_enemy_level_with_it(self):
        # the Chasseurs (-20", 5") maneuver down toward the Picket level with them (-26", 2.3"): 2.35" apart, so
        # they stop 2.3" on, a tenth short of the gap rounded up ("you can not Maneuver into an Assault")
        ev, r = fload(P_FIELD)
        i = self.moves(ev, "maneuver", "Chasseurs")
        self.assertEqual((ev[i]["y_from"], ev[i]["y_to"]), (-20.0, -22.3))
        ev[i]["y_to"] = -24.0
        self.assertReports(ev, r, i, "'Chasseurs' (side b), maneuvering to its left", "a tenth short of 'Picket'",
                           "ends at -22.3\"", "Maneuver into an Assault")

    def test_a_flank_maneuver_past_an_enemy_overlapping_it_on_the_other_hand(self):
        # DECQ 4: the Hussars (10", 3" wide) at 16 maneuver to their right (down) to 6"; the Voltigeurs level with them
        # (13", 6" wide) overlap them, but on the other hand (up): no stop
        ev, r = fload(P_FIELD)
        i = self.moves(ev, "maneuver", "Hussars", start=self.moves(ev, "maneuver", "Hussars") + 1)
        self.assertEqual((ev[i]["from"], ev[i]["y_from"], ev[i]["y_to"]), (16, 10.0, 6.0))
        ev[i]["y_to"] = 9.9
        self.assertReports(ev, r, i, "'Hussars' (side a), maneuvering to its right, goes across from 10.0\" to 9.9\"",
                           "ends at 6.0\"")

    def test_the_flank_place_by_enemies_level(self):
        # side a's M (0", 3" wide) at 10 maneuvers to its left (up the cross axis), 4" at most
        g = piquet._Game([], dict(piquet.rules({}, {}), objective_horizons=False))
        g.across, g.objectives = True, []
        m = SimpleNamespace(name="M", side="a", at=10, y=0, w=30, maneuver="left", status="idle")

        def on(*foes):
            g.regs = {"M": m}
            for k, (at, y, w) in enumerate(foes):
                g.regs["E%d" % k] = SimpleNamespace(name="E%d" % k, side="ab".replace(m.side, ""), at=at, y=y, w=w,
                                                    status="idle")
            return g.flank_place(m)
        self.assertEqual(on(), 40)
        self.assertEqual(on((10, 60, 20)), 34)  # 3.5" apart: a tenth short
        self.assertEqual(on((10, 57, 21)), 31)  # 3.15", rounded up to 3.2": 3.1" on
        self.assertEqual(on((11, 60, 20)), 40)  # not level with it
        self.assertEqual(on((10, -60, 20)), 40)  # level, but the other way
        self.assertEqual(on((10, -10, 30)), 40)  # overlapping it, its centre the other way: no stop
        self.assertEqual(on((10, 10, 30)), 0)  # overlapping it, its centre the way it goes: not at all
        self.assertEqual(on((10, 35, 40)), 0)  # touching it that way: not at all
        self.assertEqual(on((10, 0, 30)), 40)  # centred on it: neither way
        m.maneuver = "right"
        self.assertEqual(on((10, -60, 20)), -34)
        self.assertEqual(on((10, 10, 30)), -40)
        m.side = "b"  # side b's right is up the cross axis
        self.assertEqual(on((10, 60, 20)), 34)

    def test_a_flank_maneuver_along_the_axis(self):
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "maneuver", "Light")
        ev[i]["to"] = 2
        self.assertReports(ev, r, i, "'Light', maneuvering to its left flank, moves along the axis from 0 to 2")

    def test_a_flank_maneuver_left_undone(self):
        ev, r = fload(P_FLANKS)
        i = self.moves(ev, "maneuver", "Light")
        del ev[i]
        self.assertReports(ev, r, None, "'Light' completed its Maneuver to its left and stands at -14.0\" across",
                           "ends at -10.0\"")

    # carried across
    def test_an_attached_company_not_at_its_regiments_place_across(self):
        ev, r = fload(P_FIELD)
        i = self.moves(ev, "attached", "Horse Guns", across=True)
        self.assertEqual(ev[i]["y_to"], 10.0)
        ev[i]["y_to"] = 11.0
        self.assertReports(ev, r, i, "'Horse Guns' moves to", "11.0\" across, not to its regiment 'Hussars'",
                           "10.0\" across")

    def test_a_second_line_not_at_its_leads_place_across(self):
        ev, r = fload(P_FIELD)
        i = self.moves(ev, "follows", "Carabiniers", across=True)
        self.assertEqual(ev[i]["y_to"], -7.5)
        ev[i]["y_to"] = -8.0
        self.assertReports(ev, r, i, "'Carabiniers' follows to 7, -8.0\" across", "-7.5\" across")

    # aspects
    def test_a_wrong_aspect(self):
        # DECQ 3 KARD 11: the 1st Line in front, the 2nd Line overlapping the Grenadiers by 0.75" of its 6.2": flank
        ev, r = fload(P_FLANKS)
        i = self.first(ev, "assault_round", attackers=["1st Line", "2nd Line"])
        self.assertEqual(ev[i]["aspects"], ["front", "flank"])
        ev[i]["aspects"] = ["front", "front"]
        self.assertReports(ev, r, i, "the round's aspects ['front', 'front']; met as they came into contact: "
                                     "['front', 'flank']", "50% of its frontage")
        # the Light, inclined to the touch of the Grenadiers' frontage, overlaps it not at all: flank
        ev, r = fload(P_FLANKS)
        i = self.first(ev, "assault_round", attackers=["Light"])
        self.assertEqual(ev[i]["aspects"], ["flank"])
        ev[i]["aspects"] = ["front"]
        self.assertReports(ev, r, i, "the round's aspects ['front']", "['flank']")
        # short_overlap = front: the 2nd Line's short overlap counts as front, the Light's none still flank
        ev, r = fload(P_FLANKS)
        r = dict(r, short_overlap="front")
        self.assertReports(ev, r, self.first(ev, "assault_round", attackers=["1st Line", "2nd Line"]),
                           "met as they came into contact: ['front', 'front']")

    def test_a_flank_attacker_combined_as_if_in_front(self):
        # casts 8 (front) and 8 (flank): 8 + 8 = 16; both in front would combine to 8
        ev, r = fload(P_FLANKS)
        i = self.first(ev, "assault_round", attackers=["1st Line", "2nd Line"])
        self.assertEqual((ev[i]["attacker_casts"], ev[i]["combined"]), ([8, 8], 16))
        ev[i]["combined"] = 8
        ev[i]["defender_elan"] = 0
        self.assertReports(ev, r, i, "combine to 16 ([8] in front combined, [8] in full), the event says 8",
                           "its full effect is applied")

    def test_an_urban_defender_has_no_flanks_exposed(self):
        # DECQ 1 KARD 7: the Cuirassiers, 2.3" beside the Militia's urban block, and the Line straight ahead: both
        # front, casts 10 and 6 combining to 10 (on the flank the Cuirassiers' 10 would come in full: 16)
        ev, r = fload(P_FIELD)
        i = self.first(ev, "assault_round", attackers=["Cuirassiers", "Line"])
        self.assertEqual((ev[i]["aspects"], ev[i]["combined"]), (["front", "front"], 10))
        ev[i]["aspects"], ev[i]["combined"] = ["flank", "front"], 16
        self.assertReports(ev, r, i, "met as they came into contact: ['front', 'front']", "urban",
                           "no flanks exposed")

    # cavalry going on through
    def test_cavalry_through_going_on_against_an_enemy_off_its_path(self):
        # DECQ 1 KARD 12: the Hussars, through the Militia, stay; the Battery, the nearest ahead along the axis, stands
        # off their path (its frontage 3.75" to 2.25" down the cross axis, theirs 4.4" to 7.4" up it)
        ev, r = fload(P_PATH)
        i = self.first(ev, "stays", regiment="Hussars")
        self.assertIsNone(ev[i]["ahead"])
        e = ev[i]
        ev[i:i + 1] = [{"event": "assault_begins", "decq": e["decq"], "kard": e["kard"], "side": "a",
                        "attacker": "Hussars", "defender": "Battery", "elan": [7, 12]}]
        self.assertReports(ev, r, i, "goes on against 'Battery'; the nearest ahead of "
                                     "it: []", "in its path")

    def test_the_aspects_by_place(self):
        # side b's defender 9.3" wide at 12"; side a's attackers
        g = piquet._Game([], dict(piquet.rules({}, {}), objective_horizons=False))
        g.across, g.objectives = True, []
        d = SimpleNamespace(name="D", side="b", at=12, y=0, w=93, urban=False)

        def a(at, y, w=61):
            return SimpleNamespace(name="A", side="a", at=at, y=y, w=w)
        self.assertEqual(g.aspect(a(12, 0), d), "front")
        self.assertEqual(g.aspect(a(12, -46), d), "front")  # 3.1" of its 6.1" overlapping: at least half
        self.assertEqual(g.aspect(a(12, 47), d), "flank")  # 3.0": less than half
        self.assertEqual(g.aspect(a(12, 77), d), "flank")  # touching: none
        self.assertEqual(g.aspect(a(12, 120), d), "flank")  # beside it
        self.assertEqual(g.aspect(a(13, 0), d), "rear")  # behind side b, which faces down the axis
        self.assertEqual(g.aspect(a(11, 0), d), "front")
        g.r["short_overlap"] = "front"
        self.assertEqual(g.aspect(a(12, 47), d), "front")
        self.assertEqual(g.aspect(a(12, 77), d), "flank")
        d.urban = True
        self.assertEqual(g.aspect(a(13, 120), d), "front")
        self.assertEqual(piquet_field.combine([8, 5, 3]), 5)
        self.assertEqual(piquet_field.combine([]), 0)


if __name__ == "__main__":
    unittest.main()
