#!/usr/bin/env python3
"""summarize.py DIR...: one line per (rep, case): load, iteration wall,
per-rank phases (rank 0; wall ms, and main-thread CPU ms in brackets),
decisions/s, iterations/s, optimizer steps/s, average_gradients per call."""
import glob, json, os, statistics, sys
from analyze import phases_of

def case_row(case, skip=3):
    steps = [json.loads(l)['step'] for l in open(os.path.join(case, 'out0', 'metrics.jsonl'))]
    dec = [b - a for a, b in zip([0] + steps, steps)]
    rows = phases_of(os.path.join(case, 'rank0.perf.txt'))[skip:]
    # rows[k] is iteration skip+k+1 (1-based), ending at the start of the next.
    tot = sum(r['iter'][0] for r in rows)
    d = sum(dec[skip:skip + len(rows)])
    m = lambda key, i: statistics.mean(r[key][i] for r in rows) * 1e3
    calls = sorted(x for r in rows for x in r['grad_avg_calls'])
    load = [float(l.split('load average:')[1].split(',')[0]) for l in open(os.path.join(case, 'load.txt'))]
    return dict(case=case, load=(min(load), max(load)), iter=m('iter', 0), iter_cpu=m('iter', 1),
                self_play=(m('self_play', 0), m('self_play', 1)), learn=(m('learn', 0), m('learn', 1)),
                comm=(m('grad_avg', 0) + m('meet', 0) + m('tally', 0) + m('means', 0) + m('hash_check', 0),
                      m('grad_avg', 1) + m('meet', 1) + m('tally', 1) + m('means', 1) + m('hash_check', 1)),
                grad=(m('grad_avg', 0), m('grad_avg', 2)), meet=m('meet', 0),
                small=m('tally', 0) + m('means', 0) + m('hash_check', 0),
                steps=statistics.mean(r['steps'][0] for r in rows) if calls else None,
                call=(statistics.median(calls) * 1e6, calls[len(calls) // 10] * 1e6) if calls else None,
                dps=d / tot, ips=len(rows) / tot, decisions=d / len(rows))

def main():
    for top in sys.argv[1:]:
        for case in sorted(glob.glob(os.path.join(top, '*'))):
            try:
                r = case_row(case)
            except Exception as e:
                print(case, 'failed', e); continue
            comm = f"comm {r['comm'][0]:6.1f} ({r['comm'][1]:5.1f}) = grads {r['grad'][0]:6.1f} + meet {r['meet']:5.1f} + small {r['small']:4.1f}; " if r['call'] else ''
            call = f"per call {r['call'][0]:5.0f} us (p10 {r['call'][1]:4.0f}), steps {r['steps']:.0f}" if r['call'] else ''
            print(f"{case:<22} load {r['load'][0]:.2f}-{r['load'][1]:.2f} iter {r['iter']:6.1f} ms ({r['iter_cpu']:6.1f}) "
                  f"self-play {r['self_play'][0]:6.1f} ({r['self_play'][1]:6.1f}) learn {r['learn'][0]:6.1f} ({r['learn'][1]:6.1f}) "
                  f"{comm}dec/s {r['dps']:6.0f} it/s {r['ips']:.2f} dec/it {r['decisions']:.0f} {call}")

if __name__ == '__main__':
    main()
