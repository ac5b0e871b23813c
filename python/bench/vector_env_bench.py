"""VectorEnv steps per second from Python, set beside the C++ step alone.

    PYTHONPATH=build/python /usr/bin/python3 python/bench/vector_env_bench.py [--envs 256]

The loop a learner runs: choose one random legal action per env from the
legal-mask array in NumPy, then VectorEnv.step. Three figures per game and
thread count, over the same steps:

  python loop   env steps/s of the whole loop (NumPy choice + step call);
  step only     env steps/s counting only the time inside VectorEnv.step,
                i.e. the C++ batch step plus the binding's call overhead;
  overhead      microseconds per batch step that the loop adds to the step
                (the NumPy choice and the Python around it).

kibitz_gym_bench's "<spec>/step/threads:T" is the C++ figure without Python
at all (docs/gym.md); compare it with "python loop". With --cxx naming that
program (build/bench/kibitz_gym_bench), it runs in the same run, before the
Python figures, and a last column gives the Python loop as a share of it.
"""

import argparse
import json
import subprocess
import time

import numpy as np

import kibitz


class Chooser:
    """A uniformly random legal action per row: the argmax of masked noise.
    A row with nothing legal (about to auto-reset) gets 0, which is ignored.
    Its buffers are allocated once, as a learner's would be, and the noise
    is drawn a block of steps at a time: one generator call per batch costs
    as much as the argmax (about 3 us at 256 envs). Noise in [0, 1) plus the
    0/1 mask puts every legal action above every illegal one."""

    BLOCK = 64

    def __init__(self, masks, seed):
        self.masks = masks
        self.rng = np.random.default_rng(seed)
        self.block = np.empty((self.BLOCK,) + masks.shape, dtype=np.float32)
        self.next = self.BLOCK
        self.scores = np.empty(masks.shape, dtype=np.float32)

    def __call__(self):
        if self.next == self.BLOCK:
            self.rng.random(out=self.block, dtype=np.float32)
            self.next = 0
        np.add(self.block[self.next], self.masks, out=self.scores)
        self.next += 1
        # The method without out= is faster than np.argmax(..., out=) here
        # (2.7 against 4.0 us at 256 x 3 on the 2-core machine).
        return self.scores.argmax(axis=1)


def measure(spec, num_envs, threads, seconds, warmup=200):
    env = kibitz.VectorEnv(kibitz.load_game(spec), num_envs=num_envs, threads=threads)
    env.reset(20261122)
    choose = Chooser(env.legal_masks, 0)  # a view: updated in place by every step
    for _ in range(warmup):
        env.step(choose())
    steps = 0
    in_step = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = choose()
        before = time.perf_counter()
        env.step(actions)
        in_step += time.perf_counter() - before
        steps += 1
    total = time.perf_counter() - start
    loop_rate = steps * num_envs / total
    step_rate = steps * num_envs / in_step
    overhead_us = (total - in_step) / steps * 1e6
    return loop_rate, step_rate, overhead_us


def cxx_rates(program, specs, seconds):
    """{(spec, threads): env steps/s} of kibitz_gym_bench's step benchmarks."""
    pattern = "^(%s)/step/threads" % "|".join(spec.replace("(", "\\(").replace(")", "\\)") for spec in specs)
    result = subprocess.run([program, "--benchmark_filter=" + pattern, "--benchmark_format=json",
                             "--benchmark_min_time=%g" % seconds], capture_output=True, text=True, check=True)
    rates = {}
    for bench in json.loads(result.stdout)["benchmarks"]:
        spec, _, threads = bench["name"].split("/")[:3]
        rates[(spec, int(threads.split(":")[1]))] = bench["items_per_second"]
    return rates


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repetitions", type=int, default=3,
                        help="rounds of (C++, then Python); each figure is the median over rounds, and the "
                             "ratio the median of each round's own ratio, so load that comes and goes on a "
                             "shared machine meets both sides of a ratio alike")
    parser.add_argument("--specs", default="leduc_poker,loyalist_spies")
    parser.add_argument("--cxx", help="kibitz_gym_bench, for the C++ figure in the same run (256 envs)")
    args = parser.parse_args()
    if args.repetitions < 1:
        parser.error("--repetitions must be at least 1, not %d" % args.repetitions)
    specs = args.specs.split(",")
    rounds = {}  # (spec, threads) -> [(loop, step, overhead, cxx or None)]
    for _ in range(args.repetitions):
        cxx = cxx_rates(args.cxx, specs, args.seconds) if args.cxx else {}
        for spec in specs:
            for threads in (1, 2):
                rounds.setdefault((spec, threads), []).append(
                    measure(spec, args.envs, threads, args.seconds) + (cxx.get((spec, threads)),))
    print("%-22s %7s %14s %14s %12s %7s %14s %8s" % ("spec", "threads", "python loop/s", "step only/s",
                                                     "overhead us", "ratio", "C++ step/s", "vs C++"))
    for (spec, threads), results in rounds.items():
        loop_rate, step_rate, overhead = (median([r[i] for r in results]) for i in range(3))
        line = "%-22s %7d %14.0f %14.0f %12.1f %6.0f%%" % (
            spec, threads, loop_rate, step_rate, overhead, 100 * loop_rate / step_rate)
        if results[0][3] is not None:
            share = median([r[0] / r[3] for r in results])
            line += " %14.0f %7.0f%%" % (median([r[3] for r in results]), 100 * share)
        print(line)


if __name__ == "__main__":
    main()
