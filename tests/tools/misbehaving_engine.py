"""A seat-protocol program (version 3) that answers badly on purpose, for
the arena's forfeit tests. It needs none of the game's rules: it plays the
first of the legal actions each `act` carries, except at its Nth act, where
it misbehaves as told:

    python3 misbehaving_engine.py MODE N [MILLISECONDS]

MODE illegal answers an action that is never legal; late sleeps
MILLISECONDS before answering; crash exits without answering. The count
starts again with each start of the program (the table starts a fresh one
after a bad answer)."""

import json
import sys
import time

GAMES = ["kuhn_poker", "leduc_poker", "loyalist_spies", "adulting", "laws_and_disorder",
         "tea_game", "spoon_nomic", "liars_dice"]


def reply(message):
    print(json.dumps(message, separators=(",", ":")), flush=True)


def main():
    mode, misbehave_at = sys.argv[1], int(sys.argv[2])
    delay_ms = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    acts = 0
    observations = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reply({"type": "hello", "protocol": "kibitz-seat", "version": message["version"],
                   "engine": "misbehaving_engine.py", "agent": mode, "games": GAMES})
        elif kind == "new_game":
            observations = 0
            reply({"type": "game", "game": message["game"], "seat": message["seat"],
                   "players": 0, "observations": 0, "to_act": False})
        elif kind == "observations":
            observations += len(message["observations"])
            reply({"type": "observed", "observations": observations})
        elif kind == "act":
            acts += 1
            action = message["legal"][0]
            if acts == misbehave_at:
                if mode == "illegal":
                    action = "no such action"
                elif mode == "late":
                    time.sleep(delay_ms / 1000.0)
                elif mode == "crash":
                    sys.exit(3)
            reply({"type": "action", "action": action})
        elif kind == "end_game":
            reply({"type": "ended", "observations": observations})
        else:
            reply({"type": "error", "request": kind, "message": "not served by this test program"})


if __name__ == "__main__":
    main()
