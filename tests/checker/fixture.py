"""The checker's real traces (fixtures/) and the commands that made them, shared by the test_*.py files."""

import json
import os

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
