"""Shared pieces of the trace checkers: what a problem is, and a cursor over a trace.

A system's checker is a module with

    SYSTEM        the name `fortunes replay SYSTEM` takes
    DEFAULT_GAMES games per configuration when --games is not given
    CONFIGS       [(label, [extra `fortunes replay` arguments]), ...]
    rules(defaults, sets) -> dict
                  the rule values a game was played under: `defaults` are the
                  strings `fortunes rules SYSTEM` prints, `sets` the --set values
    check(events, rules, stats=None) -> [Problem, ...]
                  replays the decoded JSON lines of one `fortunes replay --json`
                  trace (header first) and returns what is impossible (empty: none);
                  `stats`, when given, is a dict it adds counts of the situations the
                  game exercised to (printed in the driver's summary line)

registered in check_traces.py's SYSTEMS. The checkers are written from the rules
texts (/work/shared/seeds, RULES-NOTES.md) and docs/replay.md, never from the
crate's source.
"""

import json


class Problem:
    """One impossible event: where it is, what it is, and the rule it breaks."""

    def __init__(self, index, event, rule, message):
        self.index = index  # 1-based line of the trace (the header is line 1); None: after the end
        self.event = event  # the decoded event, or None
        self.rule = rule  # the sentence of the text (or documented convention) it breaks
        self.message = message  # what the checker saw

    def __str__(self):
        where = "after the last event" if self.index is None else "event %d" % self.index
        shown = json.dumps(self.event, separators=(",", ":")) if self.event is not None else "-"
        return "%s: %s\n  event: %s\n  rule:  %s" % (where, self.message, shown, self.rule)

    def __repr__(self):
        return "Problem(%r, %r)" % (self.index, self.message)


class Violation(Exception):
    """Raised inside a checker on the first impossible event; check() turns it into a Problem."""

    def __init__(self, problem):
        super().__init__(str(problem))
        self.problem = problem


class Cursor:
    """Reads a trace's events in order; fail() blames the event last read (or the next one)."""

    def __init__(self, events):
        self.events = events
        self.i = 0  # index of the next event

    def peek(self):
        return self.events[self.i] if self.i < len(self.events) else None

    def peek_kind(self):
        e = self.peek()
        return None if e is None else e.get("event")

    def next(self):
        e = self.peek()
        self.i += 1
        return e

    def fail(self, rule, message, at_next=False):
        """Raise a Violation for the event last read (at_next: for the next one)."""
        j = self.i if at_next else self.i - 1
        if 0 <= j < len(self.events):
            raise Violation(Problem(j + 1, self.events[j], rule, message))
        raise Violation(Problem(None, None, rule, message))

    def expect(self, kind, rule, what=None):
        e = self.peek()
        if e is None or e.get("event") != kind:
            got = "the end of the trace" if e is None else "a %r event" % e.get("event")
            self.fail(rule, "expected %s, found %s" % (what or ("a %r event" % kind), got), at_next=True)
        return self.next()


def parse_rules_listing(text):
    """The `fortunes rules SYSTEM` listing as {name: default string}."""
    out = {}
    name = None
    for line in text.splitlines():
        if line and not line[0].isspace():
            name = line.strip()
        elif name and line.strip().startswith("default:"):
            out[name] = line.split("default:", 1)[1].strip()
    return out
