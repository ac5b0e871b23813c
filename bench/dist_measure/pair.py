#!/usr/bin/env python3
"""pair.py CASE [SKIP]: pairs the k-th allreduce_sum (and average_gradients)
call of every rank (same perf clock) and splits each rank's time in it into
waiting for the last rank to arrive (last entry - own entry) and the
collective proper (first exit - last entry). Means per call, and per
iteration, over iterations after SKIP."""
import os, statistics, sys
from analyze import parse, calls

def rank_calls(path):
    probes, _ = parse(path)
    main = min(tid for _, tid, _ in probes)
    cs = calls(probes, main)
    iters = [c[1] for c in cs if c[0] == 'run_iteration']
    return cs, iters

def main():
    case = sys.argv[1]; skip = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    ranks = [rank_calls(os.path.join(case, f)) for f in sorted(os.listdir(case)) if f.endswith('.perf.txt')]
    start = ranks[0][1][skip]; end = ranks[0][1][-1]
    n_iter = len(ranks[0][1]) - 1 - skip
    for name in ('allreduce_sum', 'avg_grads'):
        per = [[c for c in cs if c[0] == name] for cs, _ in ranks]
        n = min(len(p) for p in per)
        waits, colls, spans = [], [], []
        for k in range(n):
            group = [p[k] for p in per]
            if not (start <= group[0][1] < end):
                continue
            last_in = max(g[1] for g in group); first_out = min(g[2] for g in group)
            colls.append(first_out - last_in)
            waits.append(statistics.mean(last_in - g[1] for g in group))
            spans.append(statistics.mean(g[2] - g[1] for g in group))
        print(f'{name:<14} calls {len(colls)}: per call mean {statistics.mean(spans)*1e6:6.0f} us = waiting for the last rank '
              f'{statistics.mean(waits)*1e6:6.0f} + after the last arrived {statistics.mean(colls)*1e6:6.0f} '
              f'(median {statistics.median(colls)*1e6:.0f}, p10 {sorted(colls)[len(colls)//10]*1e6:.0f}); per iteration: '
              f'{sum(spans)/n_iter*1e3:.1f} ms = wait {sum(waits)/n_iter*1e3:.1f} + collective {sum(colls)/n_iter*1e3:.1f}')

if __name__ == "__main__":
    main()
