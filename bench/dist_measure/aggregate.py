#!/usr/bin/env python3
"""aggregate.py REP_DIR...: for each case, the median over the repetitions
(and the range) of rank 0's figures: iterations/s, decisions/s, optimizer
steps/s, and the iteration's wall split (self-play, learning, communication),
with the main thread's CPU time per phase in brackets."""
import os, statistics, sys
from summarize import case_row

cases = ['leduc_1p', 'leduc_1p_t2', 'leduc_2p', 'spies_1p', 'spies_1p_t2', 'spies_2p']
reps = sys.argv[1:]
for case in cases:
    rows = [case_row(os.path.join(r, case)) for r in reps if os.path.isdir(os.path.join(r, case))]
    med = lambda f: statistics.median(f(r) for r in rows)
    rng = lambda f: (min(f(r) for r in rows), max(f(r) for r in rows))
    steps = rows[0]['steps'] or 0
    print(f"{case}: {len(rows)} reps, load {min(r['load'][0] for r in rows):.2f}-{max(r['load'][1] for r in rows):.2f}")
    print(f"  iterations/s {med(lambda r: r['ips']):.2f} [{rng(lambda r: r['ips'])[0]:.2f}-{rng(lambda r: r['ips'])[1]:.2f}]"
          f"  decisions/s {med(lambda r: r['dps']):.0f} [{rng(lambda r: r['dps'])[0]:.0f}-{rng(lambda r: r['dps'])[1]:.0f}]"
          f"  decisions/iteration {rows[0]['decisions']:.0f}")
    print(f"  iteration {med(lambda r: r['iter']):.1f} ms: self-play {med(lambda r: r['self_play'][0]):.1f} ({med(lambda r: r['self_play'][1]):.1f} cpu)"
          f"  learning {med(lambda r: r['learn'][0]):.1f} ({med(lambda r: r['learn'][1]):.1f} cpu)"
          + (f"  comm {med(lambda r: r['comm'][0]):.1f} ({med(lambda r: r['comm'][1]):.1f} cpu) = gradients {med(lambda r: r['grad'][0]):.1f}"
             f" + meeting {med(lambda r: r['meet']):.1f} + small collectives and hash {med(lambda r: r['small']):.1f};"
             f" share {med(lambda r: r['comm'][0] / r['iter'])*100:.0f}% [{rng(lambda r: r['comm'][0]/r['iter'])[0]*100:.0f}-{rng(lambda r: r['comm'][0]/r['iter'])[1]*100:.0f}%];"
             f" optimizer steps/iteration {steps:.0f}, average_gradients per call median {med(lambda r: r['call'][0]):.0f} us"
             if rows[0]['call'] else ''))
