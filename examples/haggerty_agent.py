#!/usr/bin/env python3
"""A Haggerty player for fortunes' agent protocol (docs/agents.md).

    fortunes run haggerty --strategy "b=exec:python3 examples/haggerty_agent.py"

fortunes starts one of these per worker thread and writes JSON lines to
its standard input: `hello` (the rules and the seat), `game` (a game's
index and a seed), and `decide` (what the seat may know and the legal
choices), to which it answers one line, `{"choice": ...}`. It ends when
its input does.

The player: reveal the lowest card that outranks at least half of the
cards it has not seen (else its lowest card, or pass with an empty hand
of choices); chain the lowest card it may while more than two cards stay
in hand, then stop. Any randomness should come from the game's seed, so
that runs stay reproducible (this player needs none).
"""

import json
import random
import sys

SUITS = "SDCH"  # the seed's order, lowest first
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def strength(card):
    """Higher outranks lower; jokers tie with one another above the rest."""
    if card.startswith("JOKER"):
        return 52
    return RANKS.index(card[:-1]) * 4 + SUITS.index(card[-1])


def share_outranked(card, unseen):
    """The share of unseen cards this card outranks (a tie counts half)."""
    if not unseen:
        return 1.0
    mine = strength(card)
    below = sum(1 for c in unseen if strength(c) < mine)
    ties = sum(1 for c in unseen if strength(c) == mine)
    return (below + 0.5 * ties) / len(unseen)


def decide(message):
    cards = sorted(message["choices"][1:], key=strength)  # [0] is pass / stop
    if not cards:
        return message["choices"][0]
    if message["decision"] == "reveal":
        for card in cards:
            if share_outranked(card, message["unseen"]) >= 0.5:
                return card
        return cards[0]
    # chain
    if len(message["hand"]) > 2:
        return cards[0]
    return "stop"


def main():
    decisions = 0
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "game":
            rng.seed(message["seed"])  # unused here; shown for players that draw
        elif kind == "decide":
            decisions += 1
            print(json.dumps({"choice": decide(message)}), flush=True)
    if len(sys.argv) > 1 and sys.argv[1] == "--count":
        print(f"decisions {decisions}", file=sys.stderr)


if __name__ == "__main__":
    main()
