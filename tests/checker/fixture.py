"""The checker's real traces (fixtures/) and the commands that made them, and the assertion every
system's corruption tests make, shared by the test_*.py files."""

import json
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
with open(os.path.join(FIXTURES, "fixtures.json")) as f:
    MANIFEST = json.load(f)


def index_of(events, pred, start=0):
    """The first event from `start` on that `pred` holds for."""
    for i in range(start, len(events)):
        if pred(events[i]):
            return i
    raise AssertionError("no such event in the fixture")


def read_events(name):
    """The events of fixture `name`, one JSON object a line."""
    with open(os.path.join(FIXTURES, name)) as f:
        return [json.loads(line) for line in f if line.strip()]


class CheckerCase(unittest.TestCase):
    """A system's corruption tests: `MODEL` is its checker module."""

    MODEL = None

    def problems(self, events, rules):
        return self.MODEL.check(events, rules)

    def assertReports(self, events, rules, at, *words):
        """The checker reports one problem, at event index `at` (0-based in `events`), naming `words`."""
        ps = self.problems(events, rules)
        self.assertEqual(len(ps), 1, "the corruption went unnoticed")
        p = ps[0]
        text = p.message + " " + p.rule
        for w in words:
            self.assertIn(w, text, str(p))
        if at is not None:
            self.assertEqual(p.index, at + 1, str(p))
        self.assertTrue(p.rule, "a problem quotes the rule it breaks")
        return p
