#!/usr/bin/env python3
"""Turns kibitz_env_bench JSON output into the per-game tables of docs/PERFORMANCE.md.

Usage:
  build-bench/bench/kibitz_env_bench --benchmark_min_time=0.5 --benchmark_repetitions=3 \
      --benchmark_report_aggregates_only=true --benchmark_out=bench.json \
      --benchmark_out_format=json
  python3 bench/perf_table.py bench.json

Reads the median aggregates (or the plain runs when there were no repetitions) and
prints one Markdown table per game spec, with CPU time per call: on a shared machine
wall time counts other processes' turns on the core too.
"""
import json
import sys

# Benchmark suffix -> how the row reads in the document.
ROWS = [
    ("playout", "random full game (chance included, no observation log)"),
    ("playout_logged", "random full game, observation log written"),
    ("apply_action", "apply_action (per action)"),
    ("legal_actions", "legal_actions(out)"),
    ("clone_into", "clone_into (allocation-free clone)"),
    ("clone", "clone() (allocates the new state)"),
    ("resample", "resample_from_infostate(p, rng, out)"),
    ("infostate_tensor", "information_state_tensor(p, span)"),
    ("observation_tensor", "observation_tensor(p, span)"),
]


def scale_ns(value, unit):
    return value * {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[unit]


def rate(value):
    for factor, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if value >= factor:
            return f"{value / factor:.2f}{suffix}"
    return f"{value:.0f} "


def main(path):
    with open(path) as f:
        data = json.load(f)
    results = {}
    for bench in data["benchmarks"]:
        if bench.get("error_occurred"):
            continue
        aggregate = bench.get("aggregate_name")
        if aggregate not in (None, "median"):
            continue
        name = bench["run_name"] if "run_name" in bench else bench["name"]
        spec, _, kind = name.rpartition("/")
        results.setdefault(spec, {})[kind] = bench
    for spec, kinds in results.items():
        print(f"#### {spec}\n")
        print("| operation | CPU time per call | calls/s | heap allocs per call | notes |")
        print("|---|---:|---:|---:|---|")
        for kind, label in ROWS:
            bench = kinds.get(kind)
            if bench is None:
                continue
            ns = scale_ns(bench["cpu_time"], bench["time_unit"])
            notes = ""
            if kind in ("playout", "playout_logged"):
                notes = (f"{rate(bench['steps'])}steps/s, "
                         f"{bench['steps_per_game']:.2f} steps/game")
            allocs = bench.get("allocs_per_op", 0.0)
            print(f"| {label} | {ns:.1f} ns | {rate(bench['items_per_second'])}/s "
                  f"| {allocs:.3g} | {notes} |")
        print()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
