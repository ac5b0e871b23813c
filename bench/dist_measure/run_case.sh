#!/bin/bash
# run_case.sh NAME WORLD -- TRAIN_ARGS...: runs WORLD ranks of the frozen
# kibitz train on loopback (each under perf record: the uprobes of probes.sh
# and context switches), writes NAME/ (rank 0's run dir), NAME/rankR.perf.txt,
# NAME/load.txt (uptime every 2 s) and NAME/wall.txt.
set -e
name=$1; world=$2; shift 3
dir=${DIST_MEASURE_DIR:?set DIST_MEASURE_DIR to the output folder}/$name
rm -rf "$dir"; mkdir -p "$dir"
K=${KIBITZ:?set KIBITZ to the kibitz binary measured}
( while true; do uptime >> "$dir/load.txt"; sleep 2; done ) & loadpid=$!
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
start=$(date +%s.%N)
pids=()
for ((r=0; r<world; r++)); do
  dist=()
  if ((world > 1)); then dist=(--world-size $world --rank $r --master 127.0.0.1:$port); fi
  perf record -q --switch-events -e 'probe_kibitz:*' -o "$dir/rank$r.perf" -- \
    $K train "$@" --out "$dir/out$r" "${dist[@]}" > "$dir/rank$r.out" 2> "$dir/rank$r.err" &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait $p || status=$?; done
end=$(date +%s.%N)
kill $loadpid
echo "wall $(python3 -c "print($end-$start)") status $status" > "$dir/wall.txt"
for ((r=0; r<world; r++)); do
  perf script -i "$dir/rank$r.perf" --show-switch-events -F comm,pid,tid,time,event 2>/dev/null > "$dir/rank$r.perf.txt"
  rm -f "$dir/rank$r.perf"
done
cat "$dir/wall.txt"
