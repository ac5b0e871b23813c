#!/usr/bin/env python3
"""A minimal seat-protocol client in Python's standard library alone.

It is the table for games of two-player Kuhn poker: it shuffles and deals
the cards itself, plays one seat at random and lets `kibitz engine` play the
other, telling the engine only what its seat sees (docs/protocol.md). It
proves that the protocol document is enough to write a client in another
language; ctest runs it with the path of the kibitz binary:

    python3 tests/tools/engine_client.py build/tools/kibitz [GAMES]

It exits 0 when every game was played to its end with well-formed replies,
and 1 with a message naming the first problem otherwise.
"""

import json
import random
import subprocess
import sys

CARDS = ["J", "Q", "K"]  # lowest first
SHOWDOWNS = {"pp", "bb", "pbb"}  # betting that ends with both seats in


class Engine:
    """`kibitz engine` as a child process: one request line, one reply line."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, message, expect):
        line = json.dumps(message)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        reply_text = self.process.stdout.readline()
        if not reply_text:
            fail(f"the engine closed its output after {line}")
        reply = json.loads(reply_text)
        if reply.get("type") != expect:
            fail(f"sent {line}, expected a {expect!r} reply, got {reply_text.strip()}")
        return reply

    def close(self):
        self.process.stdin.close()
        return self.process.wait(timeout=30)


def fail(problem):
    print(f"engine_client.py: {problem}", file=sys.stderr)
    sys.exit(1)


def kuhn_result(cards, moves):
    """Seat 0's return once the betting `moves` ("p"/"b" each) has ended, or
    None while it goes on. Each seat antes 1; a bet adds 1."""
    if moves not in SHOWDOWNS | {"bp", "pbp"}:
        return None
    if moves == "bp":
        return 1  # seat 1 folds
    if moves == "pbp":
        return -1  # seat 0 folds
    stake = 1 if moves == "pp" else 2
    return stake if CARDS.index(cards[0]) > CARDS.index(cards[1]) else -stake


def play_game(engine, rng, engine_seat):
    engine.ask({"type": "new_game", "game": "kuhn_poker", "seat": engine_seat}, "game")
    cards = rng.sample(CARDS, 2)
    # The engine's seat sees its own card and that the other seat got one.
    pending = []
    for seat in range(2):
        if seat == engine_seat:
            pending.append({"kind": "dealt", "card": cards[seat]})
        else:
            pending.append({"kind": "dealt_to", "seat": seat})
    moves = ""
    while kuhn_result(cards, moves) is None:
        actor = len(moves) % 2
        if actor == engine_seat:
            observed = engine.ask({"type": "observations", "observations": pending}, "observed")
            pending = []
            if not observed["to_act"]:
                fail(f"the engine does not see its seat to act after {moves!r}")
            # Version 3: the table says which actions are legal.
            reply = engine.ask({"type": "act", "budget": {"simulations": 200}, "legal": ["pass", "bet"]},
                               "action")
            action = reply["action"]
            policy = reply.get("policy", {})
            if action not in ("pass", "bet") or abs(sum(policy.values()) - 1) > 1e-6:
                fail(f"odd answer to act: {reply}")
        else:
            action = rng.choice(["pass", "bet"])
        # Every move is seen by both seats, the mover's own included.
        pending.append({"kind": action, "seat": actor})
        moves += action[0]
    if moves in SHOWDOWNS:
        # Nobody folded: both cards are shown, seat 0 first, as part of the
        # last move (so in the same message).
        pending += [{"kind": "show", "seat": seat, "card": cards[seat]} for seat in range(2)]
    engine.ask({"type": "observations", "observations": pending}, "observed")
    state = engine.ask({"type": "state"}, "state")
    shown = 2 if moves in SHOWDOWNS else 0
    if not state["over"] or state["observations"] != 2 + len(moves) + shown:
        fail(f"the engine's state disagrees with the table: {state}")
    result = kuhn_result(cards, moves)
    seat_return = result if engine_seat == 0 else -result
    # The game was played out: end_game tells the engine's seat its return.
    engine.ask({"type": "end_game", "return": seat_return}, "ended")
    return seat_return


def main():
    if len(sys.argv) < 2:
        fail("usage: engine_client.py KIBITZ [GAMES]")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    engine = Engine([sys.argv[1], "engine", "--agent", "ismcts(sims=100)"])
    hello = engine.ask({"type": "hello", "version": 3}, "hello")
    if hello["protocol"] != "kibitz-seat" or "kuhn_poker" not in hello["games"]:
        fail(f"unexpected hello: {hello}")
    # A mistake is answered with an error, and the engine carries on.
    engine.ask({"type": "act"}, "error")
    rng = random.Random(7)
    total = 0
    for game in range(games):
        total += play_game(engine, rng, engine_seat=game % 2)
    if engine.close() != 0:
        fail("the engine did not exit cleanly at the end of its input")
    print(f"engine_client.py: {games} games of kuhn_poker through the engine; "
          f"the engine's seat won {total:+d} in total against random play")


if __name__ == "__main__":
    main()
