"""Actions per second of the PettingZoo-style AEC environment.

    PYTHONPATH=build/python /usr/bin/python3 python/bench/aec_bench.py

The loop PettingZoo documents: agent_iter, last(), a random legal action
from the observation's action_mask, step; done agents stepped with None.
Counted: steps that applied an action. Also the raw single Env (kibitz.Env,
the C++ gym env one step per call) for the floor the Python layer adds to.
"""

import argparse
import time

import numpy as np

import kibitz
from kibitz import pettingzoo_env


def aec_rate(spec, seconds):
    env = pettingzoo_env.AECEnv(spec)
    rng = np.random.default_rng(0)
    actions = 0
    episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        # One seeded stream; its next episode at every later reset.
        env.reset(seed=0) if episode == 0 else env.reset()
        episode += 1
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            actions += 1
    return actions / (time.perf_counter() - start)


def env_rate(spec, seconds):
    env = kibitz.Env(kibitz.load_game(spec))
    rng = np.random.default_rng(0)
    actions = 0
    step = env.reset(0)
    mask = env.legal_mask  # a view of the Env's buffer: every step rewrites it
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if step.terminated:
            step = env.reset()
            continue
        legal = np.flatnonzero(mask)
        step = env.step(int(legal[rng.integers(len(legal))]))
        actions += 1
    return actions / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--specs", default="leduc_poker,loyalist_spies")
    args = parser.parse_args()
    print("%-24s %16s %16s" % ("spec", "AEC actions/s", "kibitz.Env /s"))
    for spec in args.specs.split(","):
        print("%-24s %16.0f %16.0f" % (spec, aec_rate(spec, args.seconds), env_rate(spec, args.seconds)))


if __name__ == "__main__":
    main()
