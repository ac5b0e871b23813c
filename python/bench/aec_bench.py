"""Actions per second of the PettingZoo-style AEC environment.

    PYTHONPATH=build/python /usr/bin/python3 python/bench/aec_bench.py

The loop PettingZoo documents: agent_iter, last(), a random legal action
from the observation's action_mask, step; done agents stepped with None.
Counted: steps that applied an action. The random choice is made two ways,
since it is a large part of an action's cost: with NumPy's Generator
(flatnonzero, integers) and with Python's random module on the mask's
nonzero indices. Also the raw single Env (kibitz.Env, the C++ gym env one
step per call, NumPy choice) for the floor the AEC layer adds to.
"""

import argparse
import random
import time

import numpy as np

import kibitz
from kibitz import pettingzoo_env


def numpy_chooser():
    rng = np.random.default_rng(0)

    def choose(mask):
        legal = np.flatnonzero(mask)
        return int(legal[rng.integers(len(legal))])
    return choose


def python_chooser():
    rng = random.Random(0)

    def choose(mask):
        legal = mask.nonzero()[0]
        return int(legal[rng.randrange(len(legal))])
    return choose


def aec_rate(spec, seconds, choose):
    env = pettingzoo_env.AECEnv(spec)
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
            env.step(choose(observation["action_mask"]))
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
    print("%-24s %20s %20s %16s" % ("spec", "AEC, NumPy choice/s", "AEC, random choice/s", "kibitz.Env /s"))
    for spec in args.specs.split(","):
        print("%-24s %20.0f %20.0f %16.0f" % (spec, aec_rate(spec, args.seconds, numpy_chooser()),
                                              aec_rate(spec, args.seconds, python_chooser()),
                                              env_rate(spec, args.seconds)))


if __name__ == "__main__":
    main()
