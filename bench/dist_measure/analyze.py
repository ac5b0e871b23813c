#!/usr/bin/env python3
"""analyze.py CASE_DIR [SKIP]: per-iteration phase times of every rank of a
run_case.sh run, from the uprobes (wall) and the context switches (on-CPU
time of the main thread and of all the process's threads in each phase).
Prints medians over the iterations after the first SKIP (default 3)."""
import glob, json, os, re, statistics, sys

LINE = re.compile(r'^\s*(\S+)\s+(\d+)/(\d+)\s+([\d.]+):\s+(.*)$')

def parse(path):
    probes, switches = [], {}
    for line in open(path):
        m = LINE.match(line)
        if not m:
            continue
        pid, tid, t, ev = int(m[2]), int(m[3]), float(m[4]), m[5].strip()
        if ev.startswith('PERF_RECORD_SWITCH'):
            switches.setdefault(tid, []).append((t, 'IN' if ' IN' in ev else 'OUT'))
        elif ev.startswith('probe_kibitz:'):
            name = ev.split(':')[1]
            probes.append((t, tid, name))
    return probes, switches

def running_intervals(events):
    out, start = [], None
    if events and events[0][1] == 'OUT':
        start = events[0][0] - 1e9  # running since before the trace
    for t, kind in events:
        if kind == 'IN':
            start = t
        elif start is not None:
            out.append((start, t)); start = None
    # An IN with no OUT after it: the thread exited (perf logs no switch
    # then); it ran only until the process ended, not inside any phase.
    return out

def overlap(intervals, a, b):
    return sum(max(0.0, min(b, e) - max(a, s)) for s, e in intervals)

def calls(probes, main):
    """(name, start, end) of every probed call on the main thread."""
    stack, out = {}, []
    for t, tid, name in probes:
        if tid != main:
            continue
        if name.endswith('__return'):
            base = name[:-len('_ret__return')]
            s = stack[base].pop()
            out.append((base, s, t))
        else:
            stack.setdefault(name, []).append(t)
    return sorted(out, key=lambda c: c[1])

def phases_of(path):
    probes, switches = parse(path)
    main = min(tid for _, tid, _ in probes)  # the main thread: the process's first
    allcalls = calls(probes, main)
    iters = [c for c in allcalls if c[0] == 'run_iteration']
    run_main = running_intervals(switches.get(main, []))
    run_all = [iv for tid in switches for iv in running_intervals(switches[tid])]
    rows = []
    for k in range(len(iters) - 1):
        a, b = iters[k][1], iters[k + 1][1]
        inside = [c for c in allcalls if a <= c[1] and c[2] <= b and c[0] != 'run_iteration']
        upd = [c for c in inside if c[0] == 'update'][0]
        meet = [c for c in inside if c[0] == 'arrive' and c[2] <= upd[1]]
        sp_end = meet[0][1] if meet else upd[1]
        spans = {'self_play': [(a, sp_end)],
                 'meet': [(c[1], c[2]) for c in meet],
                 'tally': [(c[1], c[2]) for c in inside if c[0] == 'allgather' and c[2] <= upd[1]],
                 'grad_avg': [(c[1], c[2]) for c in inside if c[0] == 'avg_grads'],
                 'allreduce': [(c[1], c[2]) for c in inside if c[0] == 'allreduce_sum'
                               and upd[1] <= c[1] <= upd[2]],
                 'means': [(c[1], c[2]) for c in inside if c[0] == 'average'],
                 'after': [(iters[k][2], b)],
                 'hash_check': [(c[1], c[2]) for c in inside if c[0] in ('state_hash', 'check_identical')]}
        row = {'iter': (b - a, overlap(run_main, a, b), overlap(run_all, a, b))}
        for key, ivs in spans.items():
            row[key] = tuple(sum(f(s, e) for s, e in ivs) for f in (
                lambda s, e: e - s, lambda s, e: overlap(run_main, s, e),
                lambda s, e: overlap(run_all, s, e)))
        w = lambda key, i: row[key][i]
        row['learn'] = tuple(upd[2] - upd[1] if i == 0 else overlap(run_main if i == 1 else run_all, upd[1], upd[2])
                             for i in range(3))
        row['learn'] = tuple(row['learn'][i] - w('grad_avg', i) - w('means', i) for i in range(3))
        row['steps'] = (len(spans['grad_avg']),) * 3
        row['grad_avg_calls'] = [e - s for s, e in spans['grad_avg']]
        rows.append(row)
    return rows

def main():
    case = sys.argv[1]
    skip = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    steps = [json.loads(l)['step'] for l in open(os.path.join(case, 'out0', 'metrics.jsonl'))]
    decisions = [b - a for a, b in zip([0] + steps, steps)]
    for path in sorted(glob.glob(os.path.join(case, 'rank*.perf.txt'))):
        rows = phases_of(path)[skip:]
        print(f'{os.path.basename(path)}: {len(rows)} iterations after {skip}')
        keys = ['iter', 'self_play', 'meet', 'tally', 'learn', 'grad_avg', 'allreduce', 'means', 'after', 'hash_check']
        print(f'  {"phase":<11} {"wall ms":>9} {"main cpu":>9} {"all cpu":>9}  (means per iteration)')
        for key in keys:
            vals = [statistics.mean(r[key][i] for r in rows) * 1e3 for i in range(3)]
            print(f'  {key:<11} {vals[0]:9.2f} {vals[1]:9.2f} {vals[2]:9.2f}')
        per_call = sorted(x for r in rows for x in r['grad_avg_calls'])
        if per_call:
            n = rows[0]['steps'][0]
            print(f'  optimizer steps/iteration {n}; average_gradients per call: median {statistics.median(per_call)*1e6:.0f} us, '
                  f'p10 {per_call[len(per_call)//10]*1e6:.0f} us, p90 {per_call[9*len(per_call)//10]*1e6:.0f} us')
        it = statistics.median(r['iter'][0] for r in rows)
        dec = statistics.median(decisions[skip:len(rows) + skip])
        tot = sum(r['iter'][0] for r in rows)
        print(f'  decisions/iteration (all ranks) median {dec:.0f}; iterations/s {len(rows)/tot:.3f} (mean), '
              f'decisions/s {sum(decisions[skip + 1:skip + 1 + len(rows)])/tot:.0f}')
    load = [float(l.split('load average:')[1].split(',')[0]) for l in open(os.path.join(case, 'load.txt'))]
    print(f'load average (1 min) during: min {min(load):.2f} max {max(load):.2f}')

if __name__ == "__main__":
    main()
