"""Skirmishing with Ancients: real traces pass, and each corruption of them is reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import subprocess
import sys
import tempfile
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



# --- reserves: hand-built games ---------------------------------------------------------------------------------
#
# A small game built event by event: decks of one card of each value (cards_per_value=1), hands of one, no
# commander points, foot moving 1 inch an increment, so the attacker (b) advances 21 inches in all and never reaches
# the defender (a) 40 inches away; a's archers shoot on every a card (the die scripted: 1, nothing, unless told).

RESERVE_SETS = {"cards_per_value": "1", "hand_size": "1", "commander_points": "0", "foot_inches": "1",
                "cavalry_inches": "2"}
DECK_A = [3, 1, 2, 4, 5, 6]
DECK_B = [1, 2, 3, 4, 5, 6]


def reserve_rules(a="outnumbered", b="outnumbered"):
    binary = check_traces.find_binary(None)
    p = subprocess.run([binary, "rules", "skirmish"], capture_output=True, text=True)
    defaults = __import__("common").parse_rules_listing(p.stdout)
    return skirmish.rules(defaults, RESERVE_SETS, scenario=None, policies={"a": a, "b": b})


def man(side, n, kind="foot", shield=True, load=None, cost=None):
    e = {"event": "man" if cost is None else "reserve", "side": side, "man": "%s%d" % (side, n), "kind": kind,
         "shield": shield, "load": load}
    if cost is None:
        e["position"] = 0 if side == "a" else 40
    else:
        e["cost"] = cost
    return e


def shots_in(inc, load):
    return 1 + (inc - 1) // (load + 1)


def build(men, calls, kills, game_end, record):
    """The events of a game of the men (`man` / `reserve` events in standing order); `calls` {play: called_up
    fields}; `kills` {(play, shooter): die} (every other shot a 1, nothing); the game_end and record fields. a's
    archers on the field shoot at b's first man on it, in standing order (the builder's bookkeeping, as the game
    is meant to go: the checker's model is what the tests hold it to)."""
    ev = [{"event": "replay", "system": "skirmish", "seed": 1, "game": 0, "variant": "base"},
          {"event": "scenario", "name": "t", "distance": 40, "attacker": "b", "first": "a", "spread": 3,
           "creek": None, "commander_points": 0, "deck": 6, "hand_size": 1}] + [dict(m) for m in men]
    for side, deck in (("a", DECK_A), ("b", DECK_B)):
        ev.append({"event": "deck", "side": side, "cards": list(deck), "hand": [deck[0]]})
    on_field = {m["man"] for m in men if m["event"] == "man"}
    pos_b = 40
    for k in range(1, 13):
        side = "a" if k % 2 else "b"
        i = (k - 1) // 2
        deck = DECK_A if side == "a" else DECK_B
        card = deck[i]
        if k in calls:
            ev.append(dict({"event": "called_up", "play": k, "side": side}, **calls[k]))
            on_field.update(calls[k]["men"])
        ev.append({"event": "play", "play": k, "side": side, "hand": [card], "card": card,
                   "drawn": deck[i + 1] if i + 1 < 6 else None, "deck": max(0, 6 - (i + 2))})
        if side == "b":
            ev.append({"event": "advance", "play": k, "side": "b", "from": pos_b, "to": pos_b - card,
                       "increments": card, "distance": pos_b - card, "charge": False})
            pos_b -= card
            continue
        shooters = [m for m in men if m["side"] == "a" and m["load"] is not None and m["man"] in on_field]
        if not shooters:
            ev.append({"event": "unused", "play": k, "side": "a", "card": card, "increments": card})
            continue
        ev.append({"event": "volley", "play": k, "side": "a", "kind": "approach", "range": pos_b,
                   "increments": card})
        for m in shooters:
            t = [x for x in men if x["side"] == "b" and x["man"] in on_field][0]
            fire = shots_in(card, m["load"])
            mod = fire + (0 if t["shield"] else 1) - pos_b // 10
            die = kills.get((k, m["man"]), 1)
            res = die + mod
            eff = "kill" if res >= 9 else "wound" if res == 8 else "rout" if res == 7 else "no_effect"
            assert eff in ("kill", "no_effect")
            ev.append({"event": "shot", "play": k, "side": "a", "shooter": m["man"], "target": t["man"],
                       "range": pos_b, "increments": card, "fire": fire, "unshielded": not t["shield"],
                       "range_tens": pos_b // 10, "modifier": mod, "die": die, "result": res, "effect": eff})
            if eff == "kill":
                ev.append({"event": "status", "play": k, "side": "b", "man": t["man"], "state": "dead",
                           "wounded": False, "cause": "fire"})
                on_field.discard(t["man"])
    ev.append(dict({"event": "game_end", "killed": [0, 1], "wounded": [0, 0], "routed": [0, 0],
                    "commander_points": [0, 0]}, **game_end))
    ev.append(dict({"event": "record", "game": 0, "killed_a": 0, "killed_b": 1, "wounded_a": 0, "wounded_b": 0,
                    "routed_a": 0, "routed_b": 0, "charge": "none", "shots": sum(e["event"] == "shot" for e in ev),
                    "shot_hits": sum(e["event"] == "shot" and e["effect"] != "no_effect" for e in ev),
                    "morale_tests": 0,
                    "morale_passes": 0, "melees": 0, "increments_a": 21, "increments_b": 21,
                    "victory_points_a": 1, "victory_points_b": 0}, **record))
    return ev


# Game R: a (defending, first) has a shielded man and an archer; b (attacking) a reserve cavalryman (b1, cost 2, in
# front: cavalry first), two unshielded foot and a reserve foot (b4, cost 1). a's archer kills b2 on play 1 (a 10 at
# 40 inches on a 3: two shots, unshielded, -4: 9). On play 2 b has 1 man fighting against 2 and trails 0 to 1: under
# `outnumbered` it calls b1 alone, under `behind` b1 and b4, under `never` nobody; b's first man fighting is then b1.
R_MEN = [man("a", 1), man("a", 2, shield=False, load=1),
         man("b", 1, kind="cavalry", cost=2), man("b", 2, shield=False), man("b", 3, shield=False),
         man("b", 4, shield=False, cost=1)]


def game_r(policy):
    called = {"outnumbered": ["b1"], "behind": ["b1", "b4"], "never": []}[policy]
    c = sum({"b1": 2, "b4": 1}[m] for m in called)
    calls = {2: {"men": called, "position": 40, "cost": c}} if called else {}
    return build(R_MEN, calls, {(1, "a2"): 10}, {"victory_points": [1, 0], "reserve_cost": [0, c], "winner": "a"},
                 {"winner": "a", "reserves_a": 0, "reserves_b": len(called), "reserve_cost_a": 0,
                  "reserve_cost_b": c})


# Game W: a has a shielded man and an archer on the field and an archer in reserve (a3, cost 2) against three
# unshielded men: outnumbered on its first card, a calls a3, who shoots at once; a2 kills b1. a killed more (1 to 0),
# but its reserve cost 2: net -1 against 0, b wins.
W_MEN = [man("a", 1), man("a", 2, shield=False, load=1), man("a", 3, shield=False, load=1, cost=2),
         man("b", 1, shield=False), man("b", 2, shield=False), man("b", 3, shield=False)]


def game_w():
    return build(W_MEN, {1: {"men": ["a3"], "position": 0, "cost": 2}}, {(1, "a2"): 10},
                 {"victory_points": [1, 0], "reserve_cost": [2, 0], "winner": "b"},
                 {"winner": "b", "reserves_a": 1, "reserves_b": 0, "reserve_cost_a": 2, "reserve_cost_b": 0})


def index_called(ev, play=None):
    return index_of(ev, lambda e: e["event"] == "called_up" and (play is None or e["play"] == play))


class SkirmishReservesTest(CheckerCase):
    MODEL = skirmish

    def test_hand_built_games_pass(self):
        for policy in ("outnumbered", "behind", "never"):
            self.assertEqual(skirmish.check(game_r(policy), reserve_rules(b=policy)), [], policy)
        self.assertEqual(skirmish.check(game_w(), reserve_rules()), [])

    def test_policies_read_from_the_configuration(self):
        r = skirmish.rules_args({k: "2" for k in skirmish.INT_RULES}, [
            "--scenario", "reserves", "--strategy", "a=cadence:reserves=behind",
            "--strategy", "b=" + skirmish.HALT + ":reserves=never,halt_within=3"])
        self.assertEqual(r["_reserves"], {"a": "behind", "b": "never"})
        self.assertEqual(r["_scenario"]["a"][1], sorted([("foot", True, None, 1)] * 3 + [("foot", False, 1, 2)],
                                                        key=repr))
        self.assertEqual(r["_scenario"]["b"][1], [("cavalry", True, None, 2)] * 5)
        self.assertEqual(skirmish.rules_args({k: "2" for k in skirmish.INT_RULES}, [])["_reserves"],
                         {"a": "outnumbered", "b": "outnumbered"})
        self.assertEqual(skirmish.reserves_policy("miser"), "outnumbered")  # a shipped preset, hold_high's default
        self.assertEqual(skirmish.reserves_policy("exec:python3 agent.py"), "outnumbered")
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "late.toml")
            with open(p, "w") as f:
                f.write('base = "hold_high"\nreserves = "behind"\n')
            self.assertEqual(skirmish.reserves_policy(p), "behind")
            self.assertEqual(skirmish.reserves_policy("late", d), "behind")

    def test_call_while_not_outnumbered(self):
        # b calls on play 4 too, with 2 men fighting against 2
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_of(ev, lambda e: e["event"] == "play" and e["play"] == 4)
        ev.insert(i, {"event": "called_up", "play": 4, "side": "b", "men": ["b4"], "position": 37, "cost": 1})
        self.assertReports(ev, r, i, "calls nobody now", "outnumbered")

    def test_call_under_never(self):
        ev = game_r("outnumbered")
        self.assertReports(ev, reserve_rules(b="never"), index_called(ev), "calls nobody", "never")

    def test_outnumbered_calls_too_many(self):
        ev, r = game_r("behind"), reserve_rules(b="outnumbered")
        self.assertReports(ev, r, index_called(ev), "men", "fewer fighting men")

    def test_behind_calls_too_few(self):
        ev, r = game_r("outnumbered"), reserve_rules(b="behind")
        self.assertReports(ev, r, index_called(ev), "men", "net victory points trail")

    def test_call_out_of_standing_order(self):
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_called(ev)
        ev[i]["men"], ev[i]["cost"] = ["b4"], 1
        self.assertReports(ev, r, i, "men")

    def test_missed_call(self):
        for policy in ("outnumbered", "behind"):
            ev = game_r("never")
            i = index_of(ev, lambda e: e["event"] == "play" and e["play"] == 2)
            self.assertReports(ev, reserve_rules(b=policy), i, "should call up", policy)

    def test_wrong_cost(self):
        ev, r = game_r("behind"), reserve_rules(b="behind")
        i = index_called(ev)
        ev[i]["cost"] = 2
        self.assertReports(ev, r, i, "cost", "2 points apiece")

    def test_wrong_position(self):
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_called(ev)
        ev[i]["position"] = 0
        self.assertReports(ev, r, i, "position", "its place")

    def test_call_after_the_play(self):
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_called(ev)
        ev.insert(i + 1, ev.pop(i))  # after the play event
        self.assertReports(ev, r, i, "should call up")

    def test_reserve_cost_not_the_default(self):
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_of(ev, lambda e: e["event"] == "reserve" and e["man"] == "b4")
        ev[i]["cost"] = 2
        self.assertReports(ev, r, i, "costs 2; the default is 1")

    def test_reserves_out_of_standing_order(self):
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_of(ev, lambda e: e["event"] == "reserve" and e["man"] == "b1")
        ev[i]["kind"], ev[i]["shield"], ev[i]["cost"] = "foot", False, 1  # b1 an unshielded foot reserve
        ev[i + 1]["shield"] = True  # and b2, shielded, named behind him
        self.assertReports(ev, r, i + 1, "stands behind")

    def test_reserve_takes_no_part_before_called(self):
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_of(ev, lambda e: e["event"] == "shot" and e["play"] == 1)
        ev[i]["target"], ev[i]["unshielded"] = "b1", False  # the uncalled cavalryman is no target
        self.assertReports(ev, r, i, "target")
        ev = game_w()
        i = index_of(ev, lambda e: e["event"] == "called_up")
        del ev[i]  # a3 shoots though never called (and the call a is owed is missed)
        self.assertReports(ev, reserve_rules(a="never"), index_of(ev, lambda e: e.get("shooter") == "a3"),
                           "shoots, but he is reserve")

    def test_called_man_is_the_target(self):
        ev, r = game_r("outnumbered"), reserve_rules()
        i = index_of(ev, lambda e: e["event"] == "shot" and e["play"] == 3)
        ev[i]["target"], ev[i]["unshielded"] = "b3", True
        ev[i]["modifier"] += 1
        ev[i]["result"] += 1
        self.assertReports(ev, r, i, "target")

    def test_called_archer_must_shoot(self):
        ev, r = game_w(), reserve_rules()
        i = index_of(ev, lambda e: e["event"] == "shot" and e["shooter"] == "a3" and e["play"] == 3)
        del ev[i]
        self.assertReports(ev, r, i, "a3 could shoot")

    def test_called_archer_must_volley(self):
        # a's card of play 3 left unused, its archers (a3 one called on play 1) standing with enemies fighting
        ev, r = game_w(), reserve_rules()
        j = index_of(ev, lambda e: e["event"] == "volley" and e["play"] == 3)
        k = index_of(ev, lambda e: e["event"] == "play" and e["play"] == 4)
        ev[j:k] = [{"event": "unused", "play": 3, "side": "a", "card": 1, "increments": 1}]
        self.assertReports(ev, r, j, "do not shoot", "a2", "a3")

    def test_game_end_reserve_cost(self):
        ev, r = game_r("behind"), reserve_rules(b="behind")
        i = index_of(ev, lambda e: e["event"] == "game_end")
        ev[i]["reserve_cost"] = [0, 2]
        self.assertReports(ev, r, i, "reserve_cost")

    def test_winner_by_kills_not_net(self):
        ev, r = game_w(), reserve_rules()
        i = index_of(ev, lambda e: e["event"] == "game_end")
        ev[i]["winner"] = "a"  # more enemy dead, fewer net points
        self.assertReports(ev, r, i, "winner", "net")
        ev = game_w()
        ev[i]["victory_points"] = [-1, 0]  # victory points are enemy dead, the cost apart
        self.assertReports(ev, r, i, "victory_points")

    def test_record_reserves(self):
        ev, r = game_w(), reserve_rules()
        ev[-1]["reserve_cost_a"] = 0
        self.assertReports(ev, r, len(ev) - 1, "reserve_cost_a")
        ev = game_w()
        ev[-1]["winner"] = "a"
        self.assertReports(ev, r, len(ev) - 1, "winner")

    def test_too_many_men(self):
        ev, r = game_r("never"), reserve_rules(b="never")
        i = index_of(ev, lambda e: e["event"] == "deck")
        ev[i:i] = [man("b", n, shield=False, cost=1) for n in range(5, 18)]  # b17: 17 men and reserves
        self.assertReports(ev, r, i + 12, "more than 16")

    def test_scenario_costs(self):
        # with the scenario file known, its own costs, not the defaults
        ev, r = kload(K_DEFAULTS)
        r = dict(r)
        r["_scenario"] = {"a": (r["_scenario"]["a"][0], [("foot", True, None, 3)]), "b": r["_scenario"]["b"]}
        i = index_of(ev, lambda e: e["event"] == "deck")
        self.assertReports(ev, r, i, "the scenario lists")


if __name__ == "__main__":
    unittest.main()
