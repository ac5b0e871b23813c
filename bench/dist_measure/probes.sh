#!/bin/bash
# Adds uprobes (entry and return) on the distributed/PPO functions of the
# binary $KIBITZ (a frozen copy, so a rebuild does not move the symbols);
# needs perf and tracefs mounted (mount -t tracefs nodev /sys/kernel/tracing).
set -e
K=${KIBITZ:?set KIBITZ to the kibitz binary measured}
addr() { nm -C $K | grep -F " $1(" | grep -v cold | awk '{print "0x"$1}' | head -1; }
perf probe -q -d 'probe_kibitz:*' 2>/dev/null || true
for f in "kibitz::training::(anonymous namespace)::PpoLearner::run_iteration:run_iteration" \
         "kibitz::training::(anonymous namespace)::PpoLearner::update:update" \
         "kibitz::training::distributed::Group::arrive:arrive" \
         "kibitz::training::distributed::average_gradients:avg_grads" \
         "kibitz::training::distributed::Group::allreduce_sum:allreduce_sum" \
         "kibitz::training::distributed::state_hash:state_hash" \
         "kibitz::training::distributed::check_identical:check_identical" \
         "kibitz::training::distributed::Group::allgather:allgather" \
         "kibitz::training::distributed::Group::average:average"; do
  sym="${f%:*}"; name="${f##*:}"; a=$(addr "$sym")
  perf probe -q -x $K --add "$name=$a"
  perf probe -q -x $K --add "${name}_ret=$a%return"
done
perf probe -l | wc -l
