#!/usr/bin/env python3
"""projection.py: iteration time at N ranks from the measured parts (see
docs/training.md, "Measurements"). Every input is a measured median from
aggregate.py / pair.py / the bench, or a stated assumption."""
import math

# Measured on this machine (main-thread CPU, medians of 7 repetitions).
MODELS = {
  # floats per allreduce, self-play us/decision, rows/iteration at --batch 4096
  # with 64 envs, optimizer steps/iteration at 1 rank, learning per step a + b*rows (ms),
  # per-call CPU of average_gradients outside the collective (ms), state hash (ms/iteration),
  # waiting for the other rank per step at N=2 (ms, this shared machine), self-play sd (ms).
  'spies 256,256': dict(floats=320175, sp_us=19.3, rows=6430, steps=52, a=3.35, b=0.0196, o=0.46,
                        hash=4.4, wait2=0.64, sp_sd=4.0),
  'leduc 128,128': dict(floats=22150, sp_us=4.4, rows=4357, steps=36, a=1.32, b=0.00273, o=0.20,
                        hash=0.4, wait2=0.55, sp_sd=2.3),
}
NETS = {'10GbE': dict(alpha=50e-6, beta=1.1e9),      # assumption: bare-metal hosts on 10 Gb/s
        'loopback fit': dict(alpha=125e-6, beta=1.31e9)}  # fitted: kibitz_allreduce_bench, world 2 and 3

def max_excess(n):
    """E[max of n standard normals] (the slowest rank's lead over the mean)."""
    return {1: 0.0, 2: 0.564, 3: 0.846, 8: 1.424, 64: 2.408}[n]

def ring(n, nbytes, net):
    if n == 1:
        return 0.0
    return 2 * (n - 1) / n * nbytes / net['beta'] + 2 * (n - 1) * net['alpha']

def iteration(m, n, net, weak):
    rows_rank = m['rows'] if weak else m['rows'] / n
    rows_step = rows_rank / math.ceil(m['rows'] / 512)
    self_play = m['sp_us'] * rows_rank / 1e3
    learn = m['steps'] * (m['a'] + m['b'] * rows_step)
    compute = self_play + learn + (m['hash'] if n > 1 else 0)
    per_step = (ring(n, 4 * m['floats'], net) * 1e3 + m['o']) if n > 1 else 0
    small = (4 * (n - 1) * net['alpha'] * 1e3 + 1.0) if n > 1 else 0  # 2 allgathers, 1 allreduce; store meeting ~1 ms
    wait = (m['steps'] * m['wait2'] * max_excess(n) / max_excess(2) + m['sp_sd'] * max_excess(n)) if n > 1 else 0
    comm = m['steps'] * per_step + small
    total = compute + comm + wait
    decisions = m['rows'] * (n if weak else 1)
    return dict(compute=compute, comm=comm, wait=wait, share=(comm + wait) / total, ips=1e3 / total,
                dps=decisions * 1e3 / total, per_step=per_step)

for name, m in MODELS.items():
    for weak in (True, False):
        print(f"{name}, {'batch grows with N (each rank 4096)' if weak else 'total batch fixed at 4096'}")
        for n in (1, 2, 8, 64):
            a = iteration(m, n, NETS['10GbE'], weak); b = iteration(m, n, NETS['loopback fit'], weak)
            print(f"  N={n:<3} compute {a['compute']:6.0f} ms  comm 10GbE {a['comm']:6.0f} (per step {a['per_step']:.2f}) "
                  f"[loopback {b['comm']:6.0f}]  wait {a['wait']:5.0f}  share {a['share']*100:4.0f}% [{b['share']*100:4.0f}%]  "
                  f"it/s {a['ips']:5.2f} [{b['ips']:5.2f}]  dec/s {a['dps']:8.0f} [{b['dps']:8.0f}]")
# Rank 0's store: heartbeats (2 per rank per second) and, while ranks wait at a
# meeting point, each waiting rank's polls (about 50/s once its back-off reaches
# 20 ms) and peer checks (N reads every 0.5 s).
for n in (2, 8, 64, 128, 256):
    beats = 2 * n
    waiting = (n - 1) * (50 + 2 * n)
    print(f"store N={n}: heartbeats {beats}/s; with every other rank waiting {beats + waiting}/s; "
          f"at 26-60 us CPU each: {(beats + waiting) * 26e-6:.2f}-{(beats + waiting) * 60e-6:.2f} cores")
