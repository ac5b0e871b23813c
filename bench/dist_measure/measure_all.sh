#!/bin/bash
# measure_all.sh REP: one repetition of every case (run_case.sh), after
# waiting (at most 4 min) for the 1-minute load average to fall under 2.
rep=$1
cd "$(dirname "$(readlink -f "$0")")"
for i in $(seq 1 48); do
  l=$(cut -d' ' -f1 /proc/loadavg); awk "BEGIN{exit !($l < 2.0)}" && break; sleep 5
done
echo "rep $rep start $(date -Is) $(uptime)"
common=(--algo ppo --seed 1 --envs 64 --batch 4096 --minibatch 512 --eval-every 0 --checkpoint-every 100000 --quiet)
leduc=(--game leduc_poker --hidden 128,128 --iterations 40 "${common[@]}")
spies=(--game "loyalist_spies(rounds=1)" --hidden 256,256 --iterations 15 "${common[@]}")
./run_case.sh ${PREFIX:-r}$rep/leduc_1p 1 -- "${leduc[@]}" --threads 1
./run_case.sh ${PREFIX:-r}$rep/leduc_2p 2 -- "${leduc[@]}" --threads 1
./run_case.sh ${PREFIX:-r}$rep/spies_1p 1 -- "${spies[@]}" --threads 1
./run_case.sh ${PREFIX:-r}$rep/spies_2p 2 -- "${spies[@]}" --threads 1
./run_case.sh ${PREFIX:-r}$rep/leduc_1p_t2 1 -- "${leduc[@]}" --threads 2
./run_case.sh ${PREFIX:-r}$rep/spies_1p_t2 1 -- "${spies[@]}" --threads 2
echo "rep $rep end $(date -Is) $(uptime)"
