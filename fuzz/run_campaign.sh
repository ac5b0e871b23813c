#!/usr/bin/env bash
# fuzz/run_campaign.sh: a fuzzing campaign over every fuzz target (or those
# named), each for a number of executions, with a summary per target.
#
#   fuzz/run_campaign.sh [-n RUNS] [-w WORKERS] [-t SECONDS] [-b BUILD] [-o OUT] [TARGET...]
#
#   -n RUNS     executions per target (default 1000000)
#   -w WORKERS  fuzzing processes per target (default 2: the 2-core machine)
#   -t SECONDS  an input running longer than this is a finding (default 30)
#   -b BUILD    the KIBITZ_FUZZ build folder (default build-fuzz)
#   -o OUT      where the results go (default BUILD/campaign-DATE)
#   TARGET      e.g. spec or spec_fuzzer (default: every *_fuzzer in BUILD/fuzz)
#
# Each target runs in libFuzzer's fork mode (-fork=WORKERS) rather than
# -jobs: a job stops at its first crash, while fork mode records the crash,
# goes on fuzzing and counts executions over all its processes, so a known
# crash cannot cut a campaign short. Crashes, timeouts and out-of-memory
# inputs land in OUT/findings/TARGET/, new corpus inputs in OUT/corpus/TARGET/
# (the committed seeds in fuzz/corpus/TARGET/ are read, never written), the
# log in OUT/logs/TARGET.log, and one line per target in OUT/summary.md.
# Reproduce a finding with: BUILD/fuzz/TARGET_fuzzer OUT/findings/TARGET/crash-...
set -euo pipefail

SCRIPT="$(readlink -f "${BASH_SOURCE[0]}")"
readonly SCRIPT
FUZZ_DIR="$(dirname "${SCRIPT}")"
readonly FUZZ_DIR
REPO="$(dirname "${FUZZ_DIR}")"
readonly REPO

runs=1000000
workers=2
timeout_s=30
build="${REPO}/build-fuzz"
out=""

usage() { sed -n '2,13s/^# \{0,1\}//p' "${SCRIPT}"; }
die() { printf 'run_campaign.sh: error: %s\n' "$*" >&2; exit 2; }

while getopts 'n:w:t:b:o:h' flag; do
  case "${flag}" in
    n) runs="${OPTARG}" ;;
    w) workers="${OPTARG}" ;;
    t) timeout_s="${OPTARG}" ;;
    b) build="$(readlink -f "${OPTARG}")" ;;
    o) out="$(readlink -m "${OPTARG}")" ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ "${runs}" =~ ^[1-9][0-9]*$ ]] || die "-n wants a positive number of executions, got '${runs}'"
[[ "${workers}" =~ ^[1-9][0-9]*$ ]] || die "-w wants a positive number of workers, got '${workers}'"
[[ "${timeout_s}" =~ ^[1-9][0-9]*$ ]] || die "-t wants a positive number of seconds, got '${timeout_s}'"
[[ -n "${out}" ]] || out="${build}/campaign-$(date -u +%Y%m%dT%H%M%SZ)"
[[ -d "${build}/fuzz" ]] ||
  die "no fuzz targets in ${build}/fuzz; build them first (docs/testing.md, \"Fuzzing\")"

targets=()
if (($# == 0)); then
  for binary in "${build}"/fuzz/*_fuzzer; do
    [[ -x "${binary}" ]] && targets+=("$(basename "${binary}" _fuzzer)")
  done
else
  for name in "$@"; do targets+=("${name%_fuzzer}"); done
fi
((${#targets[@]} > 0)) || die "no fuzz targets found in ${build}/fuzz"
for name in "${targets[@]}"; do
  [[ -x "${build}/fuzz/${name}_fuzzer" ]] || die "no fuzz target ${build}/fuzz/${name}_fuzzer"
  [[ -d "${FUZZ_DIR}/corpus/${name}" ]] || die "no seed corpus ${FUZZ_DIR}/corpus/${name}"
done

mkdir -p "${out}/logs"
summary="${out}/summary.md"
{
  printf '# Fuzzing campaign, %s\n\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
  printf 'Commit %s, %s executions per target, %s workers, %s s timeout; build %s.\n\n' \
    "$(git -C "${REPO}" rev-parse --short HEAD 2>/dev/null || echo unknown)" "${runs}" \
    "${workers}" "${timeout_s}" "${build}"
  printf '| target | executions | time (s) | exec/s | seeds | new corpus inputs (bytes) | crashes | timeouts | ooms |\n'
  printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
} >"${summary}"

# The figures of the last status line of a fork-mode log:
#   #RUNS: cov: C ft: F corp: N exec/s E oom/timeout/crash: O/T/X time: Ss job: J ...
last_status() { grep -E '^#[0-9]+: cov:' "$1" | tail -n 1 || true; }

for name in "${targets[@]}"; do
  corpus="${out}/corpus/${name}"
  findings="${out}/findings/${name}"
  log="${out}/logs/${name}.log"
  mkdir -p "${corpus}" "${findings}"
  flags=(-fork="${workers}" -runs="${runs}" -timeout="${timeout_s}"
         -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
         -artifact_prefix="${findings}/")
  [[ -f "${FUZZ_DIR}/dict/${name}.dict" ]] && flags+=(-dict="${FUZZ_DIR}/dict/${name}.dict")
  printf '==> %s: %s executions (log %s)\n' "${name}" "${runs}" "${log}"
  start=${SECONDS}
  status=0
  "${build}/fuzz/${name}_fuzzer" "${flags[@]}" "${corpus}" "${FUZZ_DIR}/corpus/${name}" \
    >"${log}" 2>&1 || status=$?
  elapsed=$((SECONDS - start))
  line="$(last_status "${log}")"
  executions="$(sed -E 's/^#([0-9]+):.*/\1/' <<<"${line}")"
  crashes_etc="$(sed -nE 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\1 \2 \3#p' <<<"${line}")"
  read -r ooms timeouts crashes <<<"${crashes_etc:-? ? ?}"
  seeds="$(find "${FUZZ_DIR}/corpus/${name}" -type f | wc -l)"
  new_inputs="$(find "${corpus}" -type f | wc -l)"
  new_bytes="$(du -sb "${corpus}" | cut -f1)"
  rate="?"
  if [[ -n "${executions}" ]] && ((elapsed > 0)); then rate=$((executions / elapsed)); fi
  printf '| %s | %s | %s | %s | %s | %s (%s) | %s | %s | %s |\n' "${name}" "${executions:-?}" \
    "${elapsed}" "${rate}" "${seeds}" "${new_inputs}" "${new_bytes}" "${crashes}" "${timeouts}" \
    "${ooms}" >>"${summary}"
  if ((status != 0)); then
    printf '    libFuzzer exited with status %s; see %s\n' "${status}" "${log}" | tee -a "${summary}"
  fi
  printf '    %s executions in %s s; findings: %s\n' "${executions:-?}" "${elapsed}" \
    "$(find "${findings}" -type f | wc -l)"
done

printf '\nFindings (one file per input; reproduce with %s/fuzz/TARGET_fuzzer FILE):\n\n' \
  "${build}" >>"${summary}"
found="$(find "${out}/findings" -type f | sort | sed "s#^${out}/#    #")"
printf '%s\n' "${found:-    none}" >>"${summary}"
printf '\n==> summary: %s\n\n' "${summary}"
cat "${summary}"
