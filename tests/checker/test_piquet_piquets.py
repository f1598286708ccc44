"""Piquet Regimental's piquets holding terrain objectives (rule piquets_hold, piquet_piquets.py): real traces pass, and
each corruption of their piquets, the enemy Moves they meet and where those stop is reported.

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

# --scenario hill (the heuristics), game 94: a's 1st Line, 2nd Line and Hussars open under Move orders and place their
# piquets on the Hill (10" to 14"); b's Move orders on DECQ 1 KARD 3 are kept out (`held`); a's three piquets, as one,
# hold the Hill against the Grenadiers (the Hussars answering, drawn among the three at 12 Elan) and the Fusiliers
# (the 1st Line answering) on KARD 5 (nothing lost: 24 to 17, Engagement range short of its near edge, 14); a's Moves
# complete on KARDs 6 and 8, lifting their piquets, so the Dragoons enter the Hill on KARD 13 (horizon).
P_HILL = "piquet-hill-g94.jsonl"
# random vs random, game 29: the Hussars' piquet holds the Hill against the Grenadiers (24 to 17), then withdraws before
# the Fusiliers, who go on in (24 to 14, horizon); the Dragoons, later, enter the Hill, its piquets gone.
P_RANDOM = "piquet-hill-random-g29.jsonl"
# piquet_hold_elan=2, game 6: b's Moves kept out by the 1st Line and the 2nd Line standing in the Hill (`enemy`); the
# Hussars' piquet holds twice, losing 2 Elan each time (12, 10, 8), and then, worn to 8 of 12 ((8 - 2) x 100 = 600, not
# above 12 x 50), the heuristic withdraws it before the Dragoons.
P_ELAN = "piquet-hill-elan2-g6.jsonl"
# piquet_hold_elan=2, game 114: the 1st Line and the 2nd Line hold the Hill as one: the 1st Line answers first (12
# Elan, drawn), holding to 10; then the 2nd Line, with the most Elan (12), answers, holding to 10, and again, drawn at
# 10 each, to 8.
P_ELAN_AS_ONE = "piquet-hill-elan2-g114.jsonl"
# piquets_hold=false, game 0: no piquets on the field.
P_OFF = "piquet-hill-off-g0.jsonl"
# fixtures/piquet-chosen-hill.toml (both sides' orders chosen), game 0: both sides' free first Moves make for the Hill,
# so every opening piquet is `contested`.
P_CHOSEN = "piquet-chosen-hill-g0.jsonl"
# the same, random vs random, game 209: the Hussars' free Move on to the Hill (`move_to` null), its opening piquet
# placed; b's Dragoons' Move on DECQ 5 KARD 1 stopped short at 22 (`move_to` 22, the Hill's near edge at 14): no
# piquet; the Hussars' Move from the Hill on DECQ 2 KARD 5, its place 17, stopped sooner at Engagement range (10 to 11).
P_CHOSEN_RANDOM = "piquet-chosen-hill-random-g209.jsonl"
# fixtures/piquet-hill-skirmish.toml (b's Dragoons given way to skirmishing Voltigeurs), game 234: the 1st Line's
# piquet holds against the Grenadiers and the Fusiliers and stands against the skirmishing Voltigeurs (no choice), all
# stopping at 17; on DECQ 6 KARD 6 it holds against the Grenadiers, already within Engagement range of the near edge:
# they stay.
P_SKIRMISH = "piquet-hill-skirmish-g234.jsonl"
# random vs random, game 32: three of a's piquets hold the Hill; the Hussars, answering for the 1st Line and the 2nd
# Line, withdraw before the Grenadiers, and every one of the three leaves: the Grenadiers and the Fusiliers go in.
P_TOGETHER = "piquet-hill-random-g32.jsonl"

# Assaults meeting piquets: an assault whose chips are gone, halting at a terrain objective on its way to its target,
# meets the piquets holding it as a Move does (docs/piquet.md, Piquets, "Met", "Held against an assault").
# --scenario village (the heuristics), game 196: b's Dragoons (at 22), assaulting a's 1st Line (at 0), their chips gone
# on DECQ 1 KARD 13, would halt at the Wood (6" to 10", near edge 10) that a's 1st Line's and 2nd Line's opening
# piquets hold: the 2nd Line answers for both (drawn at 12 Elan), holds, and the Dragoons stop at 13 (`moves` why
# `piquet`), still under their Assault order; on KARD 14 they execute again from the scenario's 6 chips, meet the
# piquets again, held, and stay at 13 (no `moves`), an assault round of the Hussars between that and the next card.
A_VILLAGE = "piquet-village-g196.jsonl"
# fixtures/piquet-bridge.toml (b chosen), random vs random, game 331: b's Dragoons (on the Bridge at 20), assaulting a's
# 1st Line at 0 (hindered by the Bridge alone, 7 chips: their first leg ends at the Wood), chips gone on DECQ 1 KARD 1,
# meet the 2nd Line's and the Hussars' piquets in the Wood (10" to 13"): the 2nd Line withdraws for both, the Dragoons
# halt at 13 (`halts`) and are hindered again by the Gate on their next leg (7 chips), and the Grenadiers' assault then
# halts there too (24 to 13), meeting no piquet.
A_LET_IN = "piquet-bridge-gate-random-g331.jsonl"
# the same, game 163: the Dragoons held by the Hussars for both piquets on DECQ 1 KARD 5, 20 to 16: their next leg, 16 to
# the Wood's near edge at 13, crosses nothing, so no `hindered` (each crossing is paid once: the Bridge at the order).
A_HELD = "piquet-bridge-gate-random-g163.jsonl"
# the same, game 238: the Dragoons held at 16 on DECQ 1 KARD 4; on KARD 10, their chips gone again, the 2nd Line
# answers and holds: they stay at 16, no `hindered` after the `piquet_met` (their next leg crosses nothing).
A_STAY = "piquet-bridge-gate-random-g238.jsonl"

ALL = (P_HILL, P_RANDOM, P_ELAN, P_ELAN_AS_ONE, P_OFF, P_CHOSEN, P_CHOSEN_RANDOM, P_SKIRMISH, P_TOGETHER, A_VILLAGE,
       A_LET_IN, A_HELD, A_STAY)
PIQUETS_FIXTURES = ALL


def load(name=P_HILL):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST[name][1:])
    return events, rules


def find(ev, start=0, **fields):
    return index_of(ev, lambda e: all(e.get(k) == v for k, v in fields.items()), start)


def piquet_event(e, side, regiment, objective="Hill", blocked=None):
    return {"event": "piquet", "decq": e["decq"], "kard": e["kard"], "side": side, "regiment": regiment,
            "objective": objective, "blocked": blocked}


def met_event(e, side, regiment, by, choice="hold", elan_lost=0, elan=12, objective="Hill", with_=()):
    return {"event": "piquet_met", "decq": e["decq"], "kard": e["kard"], "side": side, "regiment": regiment,
            "with": list(with_), "objective": objective, "by": by, "choice": choice, "elan_lost": elan_lost,
            "elan": elan}


class PiquetPiquetsTest(CheckerCase):
    MODEL = piquet

    # --- the real traces -----------------------------------------------------------------------------------
    def test_fixtures_pass_and_exercise_the_piquets(self):
        stats = {}
        for name in ALL:
            ev, r = load(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("piquets placed", "piquets blocked enemy", "piquets blocked held", "piquets blocked contested",
                  "piquet_met hold", "piquet_met withdraw", "piquet_met stands", "moves piquet",
                  "Move orders kept out by a piquet, staying", "piquet holds costing Elan", "heuristic piquet choices",
                  "Move orders entering after the piquet withdrew", "piquets lifted: withdrew before an enemy Move",
                  "piquets lifted: Move completed", "piquet_met with several piquets holding",
                  "piquet_met answered by one of several with the most Elan",
                  "piquet_met answered by a later regiment with more Elan", "piquets withdrawing together"):
            self.assertTrue(stats.get(k), k)

    def test_assault_fixtures_pass_and_exercise_assaults_meeting_piquets(self):
        stats = {}
        for name in (A_VILLAGE, A_LET_IN, A_HELD, A_STAY):
            ev, r = load(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("piquet_met by an assault (hold)", "piquet_met by an assault (withdraw)",
                  "assaults kept out by a piquet (hold)", "assaults kept out by a piquet, staying",
                  "assaults meeting the piquets again after a hold", "assaults halting after the piquet withdrew",
                  "piquets lifted: withdrew before an enemy assault", "hindered assaults halted at an objective"):
            self.assertTrue(stats.get(k), k)

    def test_the_rule_off_tells_no_piquet(self):
        ev, r = load(P_OFF)
        self.assertFalse(r["piquets_hold"])
        self.assertFalse([e for e in ev if e["event"] in ("piquet", "piquet_met")])
        self.assertFalse([e for e in ev if e["event"] == "moves" and e["why"] == "piquet"])

    def test_piquets_withdrawing_together(self):
        # The Hussars withdraw for the 1st Line and the 2nd Line too: none of them holds the Hill after.
        ev, r = load(P_TOGETHER)
        i = find(ev, event="piquet_met", choice="withdraw")
        self.assertEqual(ev[i]["with"], ["1st Line", "2nd Line"])
        j = find(ev, i, event="moves", regiment="Fusiliers")
        ev.insert(j, met_event(ev[j], "a", "1st Line", "Fusiliers", with_=["2nd Line"]))
        self.assertReports(ev, r, j, "'1st Line''s piquet meets 'Fusiliers' in 'Hill', but holds no objective now")

    def test_one_piquet_withdrawing_for_itself_alone(self):
        # The Hussars withdrawing for themselves alone: the 1st Line's and the 2nd Line's piquets still hold the Hill.
        ev, r = load(P_TOGETHER)
        i = find(ev, event="piquet_met", choice="withdraw")
        ev[i]["with"] = []
        self.assertReports(ev, r, i, "answers for 'Hill' with []", "['1st Line', '2nd Line']", "answer as one")

    def test_the_piquets_answering_with_their_own_out_of_order(self):
        ev, r = load(P_HILL)
        i = find(ev, event="piquet_met")
        ev[i]["with"] = ["2nd Line", "1st Line"]
        self.assertReports(ev, r, i, "in the scenario's order")

    # --- the opening -----------------------------------------------------------------------------------------
    def test_an_opening_piquet_in_the_wrong_objective(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="1st Line")
        ev[i]["objective"] = "Ridge"
        self.assertReports(ev, r, i, "places its piquet in 'Ridge'", "the next objective ahead of it is 'Hill'")

    def test_an_opening_piquet_blocked_with_no_enemy_there(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="2nd Line")
        ev[i]["blocked"] = "enemy"
        self.assertReports(ev, r, i, "told blocked 'enemy'", "no enemy stands in it", "it is placed")

    def test_an_opening_piquet_held_before_the_first_kard(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Hussars")
        ev[i]["blocked"] = "held"
        self.assertReports(ev, r, i, "told blocked 'held'")

    def test_a_contested_opening_piquet_placed(self):
        ev, r = load(P_CHOSEN)
        i = find(ev, event="piquet", regiment="Fusiliers")
        self.assertEqual(ev[i]["blocked"], "contested")
        ev[i]["blocked"] = None
        self.assertReports(ev, r, i, "told blocked None", "both sides' opening Moves make for it")

    def test_an_opening_piquet_contested_by_one_side_only(self):
        # Drop b's free Move orders: a's Moves alone make for the Hill, so its piquets are placed.
        ev, r = load(P_CHOSEN)
        i = find(ev, event="order", side="b", decq=0)
        j = find(ev, event="piquet")
        ev = ev[:i] + ev[j:]
        ev = [e for e in ev if not (e["event"] == "piquet" and e["side"] == "b")]
        i = find(ev, event="piquet", regiment="1st Line")
        self.assertReports(ev, r, i, "told blocked 'contested'", "not both sides' opening Moves make for it")

    def test_an_opening_piquet_left_out(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Hussars")
        del ev[i]
        self.assertReports(ev, r, i, "opening Move of 'Hussars' told no piquet before the first KARD")

    def test_an_opening_piquet_of_a_regiment_opening_with_a_deploy(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Hussars")
        ev.insert(i + 1, piquet_event(ev[i], "b", "Grenadiers", blocked="held"))
        self.assertReports(ev, r, i + 1, "a piquet of 'Grenadiers' in the opening", "no Move")

    def test_a_free_order_after_the_opening_piquets(self):
        # The Hussars' piquet told (placed: a's Move alone makes for the Hill so far) before b's free Move order.
        ev, r = load(P_CHOSEN_RANDOM)
        i = find(ev, event="order", side="b", decq=0)
        j = find(ev, event="piquet", regiment="Hussars")
        e = ev.pop(j)
        e["blocked"] = None
        ev.insert(i, e)
        self.assertReports(ev, r, i + 1, "a free first order after the opening's piquets")

    # --- Move orders in the game -------------------------------------------------------------------------------
    def test_a_piquet_held_told_placed(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Grenadiers")
        self.assertEqual(ev[i]["blocked"], "held")
        ev[i]["blocked"] = None
        self.assertReports(ev, r, i, "told blocked None", "enemy '1st Line', '2nd Line', 'Hussars''s piquet holds it")

    def test_a_piquet_held_told_kept_out_by_an_enemy_standing_there(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Fusiliers")
        ev[i]["blocked"] = "enemy"
        self.assertReports(ev, r, i, "told blocked 'enemy'", "no enemy stands in it")

    def test_a_piquet_kept_out_by_an_enemy_told_held(self):
        ev, r = load(P_ELAN)
        i = find(ev, event="piquet", regiment="Fusiliers")
        self.assertEqual(ev[i]["blocked"], "enemy")
        ev[i]["blocked"] = "held"
        self.assertReports(ev, r, i, "told blocked 'held'", "enemy '1st Line', '2nd Line' stand in it")

    def test_a_piquet_contested_in_the_game(self):
        ev, r = load(P_RANDOM)
        i = find(ev, event="piquet", regiment="Dragoons")
        ev[i]["blocked"] = "contested"
        self.assertReports(ev, r, i, "told blocked 'contested'")

    def test_a_piquet_placed_where_an_enemy_stands(self):
        ev, r = load(P_ELAN)
        i = find(ev, event="piquet", regiment="Grenadiers")
        self.assertEqual(ev[i]["blocked"], "enemy")
        ev[i]["blocked"] = None
        self.assertReports(ev, r, i, "told blocked None", "enemy '1st Line', '2nd Line' stand in it")

    def test_a_piquet_in_the_wrong_objective_in_the_game(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Dragoons")
        ev[i]["objective"] = "Wood"
        self.assertReports(ev, r, i, "places its piquet in 'Wood'")

    def test_a_move_order_telling_no_piquet(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Dragoons")
        del ev[i]
        self.assertReports(ev, r, i, "'Dragoons''s Move order told no piquet", "'Hill'")

    def test_a_piquet_for_an_assault_order(self):
        ev, r = load()
        i = find(ev, event="order", order="assault")
        g = ev[i]["regiments"][0]
        j = find(ev, i, event="status", regiment=g)
        ev.insert(j + 1, piquet_event(ev[j], ev[j]["side"], g, blocked="enemy"))
        self.assertReports(ev, r, j + 1, "a piquet of %r, given no Move order" % g)

    def test_a_piquet_twice_for_one_order(self):
        ev, r = load()
        i = find(ev, event="piquet", regiment="Dragoons")
        ev.insert(i + 1, copy.deepcopy(ev[i]))
        self.assertReports(ev, r, i + 1, "a piquet of 'Dragoons', given no Move order")

    # --- meeting an enemy Move -----------------------------------------------------------------------------
    def test_a_piquet_met_by_a_regiment_not_holding_the_objective(self):
        # The Hussars' piquet went when its Move completed (KARD 8): it cannot meet the Dragoons on KARD 13.
        ev, r = load()
        i = find(ev, event="moves", regiment="Dragoons", why="horizon")
        ev.insert(i, met_event(ev[i], "a", "Hussars", "Dragoons"))
        self.assertReports(ev, r, i, "'Hussars''s piquet meets 'Dragoons' in 'Hill', but holds no objective now")

    def test_a_piquet_meeting_after_it_withdrew(self):
        ev, r = load(P_RANDOM)
        i = find(ev, event="moves", regiment="Dragoons", why="horizon")
        ev.insert(i, met_event(ev[i], "a", "Hussars", "Dragoons"))
        self.assertReports(ev, r, i, "holds no objective now")

    def test_a_piquet_met_by_a_mover_whose_move_did_not_complete(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        ev[i]["by"] = "Dragoons"
        self.assertReports(ev, r, i, "meets 'Dragoons', whose Move order did not complete on this KARD")

    def test_a_piquet_met_by_its_own_side(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        ev[i]["by"] = "2nd Line"
        self.assertReports(ev, r, i, "of its own side")

    def test_a_piquet_met_in_another_objective(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        ev[i]["objective"] = "Wood"
        self.assertReports(ev, r, i, "meets 'Grenadiers' in 'Wood', but holds 'Hill'")

    def test_a_formed_mover_met_without_a_choice(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        ev[i]["choice"] = "stands"
        self.assertReports(ev, r, i, "only a skirmishing mover `stands`")

    def test_a_skirmishing_mover_given_a_choice(self):
        ev, r = load(P_SKIRMISH)
        i = find(ev, event="piquet_met", by="Voltigeurs")
        self.assertEqual(ev[i]["choice"], "stands")
        ev[i]["choice"] = "hold"
        self.assertReports(ev, r, i, "a skirmishing mover stops, no choice made")

    def test_a_hold_costing_too_little(self):
        ev, r = load(P_ELAN)
        i = find(ev, event="piquet_met")
        self.assertEqual((ev[i]["elan_lost"], ev[i]["elan"]), (2, 10))
        ev[i]["elan_lost"], ev[i]["elan"] = 1, 11
        self.assertReports(ev, r, i, "losing 1 Elan; piquet_hold_elan 2: 2")

    def test_a_hold_leaving_the_wrong_elan(self):
        ev, r = load(P_ELAN)
        i = find(ev, event="piquet_met")
        ev[i]["elan"] = 11
        self.assertReports(ev, r, i, "has 12 Elan and loses 2 holding, the event says 11 left")

    def test_a_hold_by_a_regiment_with_too_little_elan(self):
        # Holding costing 12, the 1st Line's 12 Elan are not more than the cost: it may not hold.
        ev, r = load()
        r = dict(r, piquet_hold_elan=12)
        i = find(ev, event="piquet_met")
        ev[i]["elan_lost"], ev[i]["elan"] = 12, 0
        self.assertReports(ev, r, i, "holds 'Hill' against 'Grenadiers' with 12 Elan, holding costing 12",
                           "may not hold")

    def test_a_withdrawal_costing_elan(self):
        ev, r = load(P_RANDOM)
        i = find(ev, event="piquet_met", choice="withdraw")
        ev[i]["elan_lost"], ev[i]["elan"] = 1, 11
        self.assertReports(ev, r, i, "withdraws before 'Fusiliers', losing 1 Elan")

    def test_the_heuristic_withdrawing_when_holding_costs_nothing(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        ev[i]["choice"] = "withdraw"
        self.assertReports(ev, r, i, "the heuristic's 'Hussars' (12 of 12 Elan, holding costing 0) chooses withdraw",
                           "it holds")

    def test_a_piquet_answering_with_less_elan_than_another(self):
        # The 2nd Line (12) has more Elan than the 1st Line (10, having held once): it answers.
        ev, r = load(P_ELAN_AS_ONE)
        i = find(ev, event="piquet_met", by="Grenadiers")
        self.assertEqual((ev[i]["regiment"], ev[i]["with"], ev[i]["elan"]), ("2nd Line", ["1st Line"], 10))
        ev[i]["regiment"], ev[i]["with"], ev[i]["elan"] = "1st Line", ["2nd Line"], 8
        self.assertReports(ev, r, i, "'1st Line', with 10 Elan, answers for the piquets in 'Hill'; '2nd Line' holds 12",
                           "the one of their regiments with the most Elan")

    def test_a_piquet_answering_for_a_regiment_not_holding(self):
        ev, r = load(P_ELAN_AS_ONE)
        i = find(ev, event="piquet_met")
        ev[i]["with"] = ["2nd Line", "Hussars"]
        self.assertReports(ev, r, i, "answers for 'Hill' with ['2nd Line', 'Hussars']", "['2nd Line']")

    def test_the_heuristic_holding_worn(self):
        # Worn to 8 of 12, holding at 2 would leave 6, not above half of 12: the heuristic withdraws.
        ev, r = load(P_ELAN)
        i = find(ev, event="piquet_met", choice="withdraw")
        self.assertEqual(ev[i]["elan"], 8)
        ev[i]["choice"], ev[i]["elan_lost"], ev[i]["elan"] = "hold", 2, 6
        self.assertReports(ev, r, i, "the heuristic's 'Hussars' (8 of 12 Elan, holding costing 2) chooses hold",
                           "it withdraws")

    def test_the_heuristic_withdrawing_fresh(self):
        # With 10 of 12, holding at 2 leaves 8, above half of 12: the heuristic holds.
        ev, r = load(P_ELAN)
        i = find(ev, event="piquet_met", by="Fusiliers")
        self.assertEqual(ev[i]["choice"], "hold")
        ev[i]["choice"], ev[i]["elan_lost"], ev[i]["elan"] = "withdraw", 0, 10
        self.assertReports(ev, r, i, "(10 of 12 Elan, holding costing 2) chooses withdraw", "it holds")

    def test_the_heuristic_held_to_its_rally_worn_at(self):
        # The same withdrawal, a heuristic tuned rally_worn_at=90: (10 - 2) x 100 = 800 is not above 12 x 90.
        ev, r = load(P_ELAN)
        r = dict(r, _strategies={"a": ("heuristic", {"rally_worn_at": "90"})})
        i = find(ev, event="piquet_met")
        self.assertEqual(ev[i]["choice"], "hold")
        self.assertReports(ev, r, i, "(12 of 12 Elan, holding costing 2) chooses hold", "it withdraws")

    def test_a_piquet_met_with_the_rule_off(self):
        ev, r = load(P_OFF)
        i = find(ev, event="moves", regiment="Grenadiers")
        self.assertEqual(ev[i]["why"], "horizon")
        ev.insert(i, met_event(ev[i], "a", "1st Line", "Grenadiers"))
        self.assertReports(ev, r, i, "with piquets_hold = false", "no piquets on the field")

    def test_a_piquet_with_the_rule_off(self):
        ev, r = load(P_OFF)
        i = find(ev, event="decq_start")
        ev.insert(i, piquet_event({"decq": 0, "kard": 1}, "a", "1st Line"))
        self.assertReports(ev, r, i, "'1st Line''s piquet is told with piquets_hold = false")

    def test_a_trace_with_piquets_read_with_the_rule_off(self):
        ev, r = load()
        r = dict(r, piquets_hold=False)
        self.assertReports(ev, r, find(ev, event="piquet"), "with piquets_hold = false")

    def test_a_trace_with_piquets_read_without_horizons(self):
        ev, r = load()
        r = dict(r, objective_horizons=False)
        self.assertReports(ev, r, find(ev, event="piquet"), "with objective_horizons = false")

    # --- where the mover stops ---------------------------------------------------------------------------------
    def test_a_mover_held_stopping_an_inch_short(self):
        ev, r = load()
        i = find(ev, event="moves", why="piquet")
        self.assertEqual((ev[i]["from"], ev[i]["to"]), (24, 17))
        ev[i]["to"] = 18
        self.assertReports(ev, r, i, "kept out of 'Hill' (near edge 14)", "moves from 24 to 18",
                           "Engagement range (3) short of the near edge is 17")

    def test_a_mover_held_going_in(self):
        ev, r = load()
        i = find(ev, event="moves", why="piquet")
        ev[i]["to"], ev[i]["why"] = 14, "horizon"
        self.assertReports(ev, r, i, "'Grenadiers', held by 'Hussars''s piquet in 'Hill', moves (horizon) from 24 to 14")

    def test_a_mover_entering_a_held_objective_unmet(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        del ev[i]
        ev[i]["to"], ev[i]["why"] = 14, "horizon"
        self.assertReports(ev, r, i, "'Grenadiers''s Move order ends (horizon) at 14 in 'Hill'", "met by none")

    def test_a_mover_kept_out_unmet(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        del ev[i]
        self.assertReports(ev, r, i, "'Grenadiers''s Move stops (piquet) from 24 at 17, met by no piquet on this KARD")

    def test_a_mover_let_in_stopping_short(self):
        ev, r = load(P_RANDOM)
        i = find(ev, event="piquet_met", choice="withdraw")
        self.assertEqual((ev[i + 1]["why"], ev[i + 1]["to"]), ("horizon", 14))
        ev[i + 1]["why"], ev[i + 1]["to"] = "piquet", 17
        self.assertReports(ev, r, i + 1, "its piquet having withdrawn: it goes on in")

    def test_a_mover_held_not_moving(self):
        ev, r = load()
        i = find(ev, event="moves", why="piquet")
        del ev[i]
        self.assertReports(ev, r, i, "'Grenadiers', kept out of 'Hill' (near edge 14) by 'Hussars''s piquet, stays at 24",
                           "Engagement range (3) short of the near edge is 17")

    def test_a_mover_held_within_range_moving(self):
        # On DECQ 6 the Grenadiers, already within Engagement range of the Hill's near edge, stay where they stand.
        ev, r = load(P_SKIRMISH)
        i = find(ev, event="piquet_met", decq=6)
        self.assertEqual(ev[i + 1]["event"], "status")
        g = ev[i]["by"]
        # where they stand: the last place a `moves` took them to
        at = [e["to"] for e in ev[:i] if e["event"] == "moves" and e["regiment"] == g][-1]
        self.assertLessEqual(at - 14, 3)
        ev.insert(i + 1, {"event": "moves", "decq": 6, "kard": 6, "side": "b", "regiment": g, "from": at, "to": 17,
                          "y_from": None, "y_to": None, "why": "piquet"})
        self.assertReports(ev, r, i + 1, "it stands within Engagement range (3) of the near edge already and stays")

    def test_a_second_meeting_for_one_move(self):
        ev, r = load()
        i = find(ev, event="piquet_met")
        e = copy.deepcopy(ev[i])
        e["regiment"] = "2nd Line"
        ev.insert(i + 1, e)
        self.assertReports(ev, r, i + 1, "meets a second piquet ('2nd Line''s)")


class PiquetAssaultsMeetingPiquetsTest(CheckerCase):
    """An assault whose chips are gone, halting at an objective on its way, meets the piquets there (rule piquets_hold:
    "If a formed enemy unit decides to Engage or Assault the objective the piquet is occupying")."""

    MODEL = piquet

    def test_the_village_assault_held_and_held_again(self):
        ev, r = load(A_VILLAGE)
        i = find(ev, event="piquet_met", by="Dragoons")
        self.assertEqual((ev[i - 1]["event"], ev[i - 1]["order"], ev[i - 1]["chips_left"]), ("execute", "assault", 0))
        self.assertEqual((ev[i]["regiment"], ev[i]["with"], ev[i]["choice"]), ("2nd Line", ["1st Line"], "hold"))
        self.assertEqual((ev[i + 1]["why"], ev[i + 1]["from"], ev[i + 1]["to"]), ("piquet", 22, 13))
        j = find(ev, i + 1, event="piquet_met", by="Dragoons")
        self.assertEqual((ev[j - 1]["event"], ev[j - 1]["chips"]), ("execute", 6))
        self.assertEqual(ev[j + 1]["event"], "assault_round")
        self.assertEqual(piquet.check(ev, r), [])

    # --- which assaults meet piquets ---------------------------------------------------------------------------
    def test_an_assault_halting_in_a_held_objective_unmet(self):
        # Without the meeting, the Dragoons halt in the Wood a's piquets hold.
        ev, r = load(A_VILLAGE)
        i = find(ev, event="piquet_met", by="Dragoons")
        del ev[i]
        ev[i]["why"], ev[i]["to"] = "halts", 10
        self.assertReports(ev, r, i, "'Dragoons''s assault, its chips gone, halts (from 22) at 10 in 'Wood', which "
                                     "'1st Line', '2nd Line''s piquets hold, met by none", "Engage or Assault")

    def test_an_assault_kept_out_unmet(self):
        ev, r = load(A_VILLAGE)
        i = find(ev, event="piquet_met", by="Dragoons")
        del ev[i]
        self.assertReports(ev, r, i, "'Dragoons''s assault stops (piquet) from 22 at 13, met by no piquet on this KARD")

    def test_an_assault_meeting_piquets_before_its_chips_are_gone(self):
        # The Dragoons' first execution on KARD 5 left them chips: their assault goes on, meeting nothing yet.
        ev, r = load(A_STAY)
        i = find(ev, event="execute", regiment="Dragoons", decq=1)
        self.assertGreater(ev[i]["chips_left"], 0)
        ev.insert(i + 1, met_event(ev[i], "a", "Hussars", "Dragoons", objective="Wood", with_=["2nd Line"]))
        self.assertReports(ev, r, i + 1, "meets 'Dragoons', whose Move order did not complete on this KARD, nor its "
                                         "Assault order's chips went")

    def test_an_assault_on_a_target_in_the_objective_meeting_piquets(self):
        # DECQ 1 KARD 13: a's Hussars' assault on b's Fusiliers, standing in the Village, where b's Militia's opening
        # piquet still holds: the assault's own objective, held by its target, meets no piquet; it goes in.
        ev, r = load(A_VILLAGE)
        i = find(ev, event="execute", regiment="Hussars", order="assault")
        self.assertEqual((ev[i + 1]["to"], ev[i + 3]["to"]), ("closing", 20))
        ev.insert(i + 1, met_event(ev[i], "b", "Militia", "Hussars", objective="Village"))
        self.assertReports(ev, r, i + 1, "'Militia''s piquet in 'Village' meets 'Hussars''s assault, its chips gone at "
                                         "6", "'Village' at 19, is one its target stands in ('Fusiliers' at 20)",
                           "An assault on a target standing in the objective")

    def test_an_assault_going_in_past_a_held_objective(self):
        # The Dragoons go into contact instead (`closing`), past the Wood the piquets hold, its near edge nearer.
        ev, r = load(A_VILLAGE)
        i = find(ev, event="piquet_met", by="Dragoons")
        ev[i:i + 2] = [{"event": "status", "decq": 1, "kard": 13, "side": "b", "regiment": "Dragoons",
                        "from": "ordered", "to": "closing"}]
        self.assertReports(ev, r, i, "'Dragoons''s Assault order, its chips gone, goes into contact from 22",
                           "it stops on the near edge 10 of the next objective ahead ('Wood')")

    # --- held ----------------------------------------------------------------------------------------------
    def test_an_assault_held_stopping_an_inch_short(self):
        ev, r = load(A_VILLAGE)
        i = find(ev, event="moves", regiment="Dragoons", why="piquet")
        ev[i]["to"] = 12
        self.assertReports(ev, r, i, "'Dragoons''s assault, kept out of 'Wood' (near edge 10) by '2nd Line''s piquet, "
                                     "moves from 22 to 12", "Engagement range (3) short of the near edge is 13",
                           "Held against an assault")

    def test_an_assault_held_halting_at_the_near_edge(self):
        ev, r = load(A_VILLAGE)
        i = find(ev, event="moves", regiment="Dragoons", why="piquet")
        ev[i]["why"], ev[i]["to"] = "halts", 10
        self.assertReports(ev, r, i, "'Dragoons''s assault, held by '2nd Line''s piquet in 'Wood', halts from 22 at 10")

    def test_an_assault_held_not_moving(self):
        ev, r = load(A_VILLAGE)
        i = find(ev, event="moves", regiment="Dragoons", why="piquet")
        del ev[i]
        self.assertReports(ev, r, i + 1, "'Dragoons', met by '2nd Line''s piquet in 'Wood' (hold), made no move "
                                         "(`piquet`, to Engagement range of the near edge) after it")

    def test_an_assault_held_going_into_contact(self):
        # Held, the Dragoons go into contact with the 1st Line at once instead of waiting for their next execution.
        ev, r = load(A_VILLAGE)
        i = find(ev, event="moves", regiment="Dragoons", why="piquet")
        ev.insert(i + 1, {"event": "status", "decq": 1, "kard": 13, "side": "b", "regiment": "Dragoons",
                          "from": "ordered", "to": "closing"})
        self.assertReports(ev, r, i + 1, "'Dragoons', stopped at a horizon at 13 under its Assault order, goes closing "
                                         "without executing the order again")

    def test_an_assault_held_executing_again_from_the_chips_left(self):
        # Held, the order's chips again: the scenario's 6, not the 0 its last execution left.
        ev, r = load(A_VILLAGE)
        i = find(ev, event="moves", regiment="Dragoons", why="piquet")
        j = find(ev, i, event="execute", regiment="Dragoons")
        ev[j]["chips"] = 5
        ev[j]["chips_left"] = max(0, 5 - sum(ev[j]["removed"]))
        self.assertReports(ev, r, j, "'Dragoons''s assault order has 6 chips left, the execution says 5")

    def test_an_assault_held_staying_moving(self):
        # On KARD 14 the Dragoons, at 13 already, stay where they stand.
        ev, r = load(A_VILLAGE)
        i = find(ev, event="piquet_met", by="Dragoons")
        j = find(ev, i + 1, event="piquet_met", by="Dragoons")
        ev.insert(j + 1, {"event": "moves", "decq": 1, "kard": 14, "side": "b", "regiment": "Dragoons", "from": 13,
                          "to": 13, "y_from": None, "y_to": None, "why": "piquet"})
        self.assertReports(ev, r, j + 1, "kept out of 'Wood' (near edge 10) by '2nd Line''s piquet, moves from 13 to 13",
                           "it stands within Engagement range (3) of the near edge already and stays")

    def test_an_assault_meeting_piquets_that_withdrew(self):
        # The Hussars' and the 2nd Line's piquets left the Wood on KARD 1: the Grenadiers' assault meets none.
        ev, r = load(A_LET_IN)
        i = find(ev, event="moves", regiment="Grenadiers", why="halts")
        ev.insert(i, met_event(ev[i], "a", "Hussars", "Grenadiers", objective="Wood", with_=["2nd Line"]))
        self.assertReports(ev, r, i, "'Hussars''s piquet meets 'Grenadiers' in 'Wood', but holds no objective now")

    def test_the_heuristic_withdrawing_before_an_assault(self):
        # The heuristic's choice is a Move's: holding costing nothing, it holds.
        ev, r = load(A_VILLAGE)
        i = find(ev, event="piquet_met", by="Dragoons")
        ev[i]["choice"] = "withdraw"
        ev[i + 1]["why"], ev[i + 1]["to"] = "halts", 10
        self.assertReports(ev, r, i, "the heuristic's '2nd Line' (12 of 12 Elan, holding costing 0) chooses withdraw",
                           "it holds")

    # --- let in --------------------------------------------------------------------------------------------
    def test_an_assault_let_in_stopping_short(self):
        ev, r = load(A_LET_IN)
        i = find(ev, event="piquet_met", by="Dragoons", choice="withdraw")
        self.assertEqual((ev[i + 1]["why"], ev[i + 1]["from"], ev[i + 1]["to"]), ("halts", 20, 13))
        ev[i + 1]["why"] = "piquet"
        ev[i + 1]["to"] = 16
        self.assertReports(ev, r, i + 1, "'Dragoons''s assault stops (piquet) from 20 at 16",
                           "its piquet having withdrawn: it halts at the near edge")

    def test_an_assault_let_in_going_into_contact(self):
        # Let in, the Dragoons still halt at the Wood on their way: no contact on this leg.
        ev, r = load(A_LET_IN)
        i = find(ev, event="piquet_met", by="Dragoons", choice="withdraw")
        ev[i + 1:i + 3] = [{"event": "status", "decq": 1, "kard": 1, "side": "b", "regiment": "Dragoons",
                            "from": "ordered", "to": "closing"}]
        self.assertReports(ev, r, i + 1, "'Dragoons''s Assault order, its chips gone, goes into contact from 20",
                           "it stops on the near edge 13 of the next objective ahead ('Wood')")

    def test_one_piquet_withdrawing_before_an_assault_for_itself_alone(self):
        ev, r = load(A_LET_IN)
        i = find(ev, event="piquet_met", by="Dragoons", choice="withdraw")
        ev[i]["with"] = []
        self.assertReports(ev, r, i, "answers for 'Wood' with []", "['Hussars']", "answer as one")

    # --- hindered again: its next leg only (each crossing paid once) ----------------------------------------------
    def test_an_assault_let_in_not_hindered_again(self):
        ev, r = load(A_LET_IN)
        i = find(ev, event="moves", regiment="Dragoons", why="halts")
        self.assertEqual((ev[i + 1]["event"], ev[i + 1]["obstacles"], ev[i + 1]["chips"]), ("hindered", ["Gate"], 7))
        del ev[i + 1]
        self.assertReports(ev, r, i + 1, "'Dragoons''s assault order (halted at an objective), from 13, is told no "
                                         "`hindered`", "crossing ['Gate']")

    def test_an_assault_let_in_hindered_from_its_chips_left(self):
        ev, r = load(A_LET_IN)
        i = find(ev, event="moves", regiment="Dragoons", why="halts")
        ev[i + 1]["chips"] = 9
        self.assertReports(ev, r, i + 1, "'Dragoons''s assault order, crossing ['Gate'], has 9 chips; 6 and "
                                         "obstacle_chips (1) for each: 7")

    def test_an_assault_let_in_hindered_before_it_moves(self):
        ev, r = load(A_LET_IN)
        i = find(ev, event="moves", regiment="Dragoons", why="halts")
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
        self.assertReports(ev, r, i, "'Dragoons' is hindered (assault order), given no Move or Assault order just "
                                     "before, nor halted at an objective")

    def test_an_assault_held_hindered_again_by_the_gate_beyond_its_next_leg(self):
        # Held at 16, its next leg ends at the Wood's near edge (13): the Gate at 4 lies beyond it, the Bridge behind.
        # (The checker before counted every obstacle to the target at 0: the Gate, 7 chips.)
        ev, r = load(A_HELD)
        i = find(ev, event="moves", regiment="Dragoons", why="piquet")
        self.assertEqual((ev[i]["from"], ev[i]["to"], ev[i + 1]["event"]), (20, 16, "execute"))
        ev.insert(i + 1, {"event": "hindered", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "b",
                          "regiment": "Dragoons", "order": "assault", "obstacles": ["Gate"], "chips": 7})
        self.assertReports(ev, r, i + 1, "'Dragoons''s assault order from 16 is hindered by ['Gate']",
                           "halts first at 13, the near edge of 'Wood'", "crossing nothing")

    def test_an_assault_held_staying_hindered_again(self):
        ev, r = load(A_STAY)
        i = find(ev, event="piquet_met", by="Dragoons", kard=10)
        self.assertNotEqual(ev[i + 1]["event"], "hindered")
        ev.insert(i + 1, {"event": "hindered", "decq": 1, "kard": 10, "side": "b", "regiment": "Dragoons",
                          "order": "assault", "obstacles": ["Gate"], "chips": 7})
        self.assertReports(ev, r, i + 1, "'Dragoons''s assault order from 16 is hindered by ['Gate']",
                           "crossing nothing")

    def test_an_assault_held_staying_moving_to_where_it_stands(self):
        ev, r = load(A_STAY)
        i = find(ev, event="piquet_met", by="Dragoons", kard=10)
        ev.insert(i + 1, {"event": "moves", "decq": 1, "kard": 10, "side": "b", "regiment": "Dragoons", "from": 16,
                          "to": 16, "y_from": None, "y_to": None, "why": "piquet"})
        self.assertReports(ev, r, i + 1, "it stands within Engagement range (3) of the near edge already and stays")


if __name__ == "__main__":
    unittest.main()
