#!/usr/bin/env bash
# setup.sh: install what kibitz needs, build it, then run it or test it.
#
#   ./setup.sh run    install, build, run the main job (the trained models at work)
#   ./setup.sh test   install, build, run the whole test suite (exit: ctest's)
#   ./setup.sh fuzz   install clang too, build the fuzz targets in build-fuzz/,
#                     run each over its seed corpus (docs/testing.md, "Fuzzing")
#
# For Debian 12 (bookworm). Installs only the packages that are missing, with
# apt-get as root or through sudo. Safe to run again: a second run skips apt
# entirely and rebuilds only what changed. Works from any directory.
set -euo pipefail

readonly PACKAGES=(
  build-essential cmake g++ pkg-config
  libboost-program-options-dev  # and with it Boost's headers: Beast and Asio for `kibitz serve`
  libcereal-dev
  googletest libgtest-dev libbenchmark-dev
  chromium  # headless, for the test that renders `kibitz replay report` pages
  libtorch-dev  # agents/neural and training/ (the only targets that link it)
  libgloo-dev  # the headers of Gloo, whose library libtorch already uses: distributed training
  python3  # tests/tools/engine_client.py: a seat-protocol client in Python's standard library
  libedit-dev  # line editing, history and Tab completion in `kibitz seat`
  libsqlite3-dev  # the replay corpus, `kibitz corpus` (replays/corpus/, docs/corpus.md)
  # The Python module (python/, docs/python.md) and its tests, which ctest runs;
  # python3-torch for examples/python/train_leduc.py and the zero-copy torch test.
  pybind11-dev python3-dev python3-numpy python3-torch python3-pytest
)
# Only for `./setup.sh test`: the browser test (tests/browser/) runs
# Playwright's playwright-core, from npm at the version its committed
# lockfile pins, on node; it drives the chromium above, never a downloaded one.
readonly BROWSER_TEST_DIR=tests/browser
# Only for `./setup.sh fuzz`: libFuzzer comes with clang and its runtime.
readonly FUZZ_PACKAGES=(clang libclang-rt-14-dev)
readonly FUZZ_BUILD_DIR=build-fuzz

SCRIPT="$(readlink -f "${BASH_SOURCE[0]}")"
readonly SCRIPT
cd "$(dirname "${SCRIPT}")"
readonly BUILD_DIR=build
JOBS="$(nproc)"
readonly JOBS

say() { printf '\n==> %s\n' "$*"; }
die() { printf 'setup.sh: error: %s\n' "$*" >&2; exit 2; }

usage() {
  sed -n '2,12s/^# \{0,1\}//p' "${SCRIPT}"
}

# install_packages PACKAGE...: apt-get installs those that are missing.
install_packages() {
  local missing=() package
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "${package}" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("${package}")
    fi
  done
  if ((${#missing[@]} == 0)); then
    say "packages: all $# installed"
    return
  fi
  command -v apt-get >/dev/null ||
    die "apt-get not found; install these packages by hand: ${missing[*]}"
  local sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null ||
      die "not root and no sudo; as root run: apt-get install ${missing[*]}"
    sudo=(sudo)
  fi
  say "packages: installing ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

# node and npm for the browser test. Checked as commands, not packages: a
# machine whose node comes from elsewhere (NodeSource's nodejs bundles npm)
# keeps it, and Debian's nodejs (18) and npm are installed only when missing.
install_node() {
  local missing=()
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  if ((${#missing[@]} > 0)); then
    install_packages "${missing[@]}"
  fi
}

# playwright-core exactly as tests/browser/package-lock.json pins it (npm ci
# checks the lockfile's integrity hashes); skipped when already installed at
# that version. The only download besides apt's, and only here.
install_browser_test_packages() {
  if (cd "${BROWSER_TEST_DIR}" && node -e '
      const locked = require("./package-lock.json").packages["node_modules/playwright-core"].version;
      const installed = require("./node_modules/playwright-core/package.json").version;
      process.exit(locked === installed ? 0 : 1);' 2>/dev/null); then
    say "npm packages of ${BROWSER_TEST_DIR}/: installed as the lockfile pins them"
    return
  fi
  say "npm packages of ${BROWSER_TEST_DIR}/: npm ci (playwright-core, as the lockfile pins it)"
  (cd "${BROWSER_TEST_DIR}" && npm ci --no-audit --no-fund)
}

build() {
  say "configuring ${BUILD_DIR}/ (Release)"
  cmake -S . -B "${BUILD_DIR}" -DCMAKE_BUILD_TYPE=Release
  say "building with ${JOBS} jobs"
  cmake --build "${BUILD_DIR}" -j "${JOBS}"
}

# The verdict on a `kibitz arena --json` summary: whether its first agent
# beat the others. Two agents meet on the same deals in every seating, and
# the rating (a Bradley-Terry fit to those duplicate comparisons, with a
# bootstrap interval) decides, so general-sum games (Tea Game) are judged
# like the zero-sum ones: a win only when the interval is above zero.
say_verdict() {
  python3 - "$1" <<'PYTHON'
import json, sys
stats = json.load(open(sys.argv[1]))["agent_stats"][0]
ret, rating = stats["mean_return"], stats["rating"]
if rating["low"] > 0:
    words = "a WIN: the rating's interval is above zero"
elif rating["high"] < 0:
    words = "NOT a win, a loss: the rating's interval is below zero"
else:
    words = "NOT a win: the rating's interval includes zero"
print(f"verdict: {stats['spec']}: mean return {ret['mean']:+.3f} [{ret['low']:+.3f}, {ret['high']:+.3f}], "
      f"rating {rating['rating']:+.0f} [{rating['low']:+.0f}, {rating['high']:+.0f}] Elo: {words}")
PYTHON
}

# match GAME AGENT GAMES SEED: AGENT against the game's heuristic in every
# seating on paired deals, then the verdict.
match() {
  local game="$1" agent="$2" games="$3" seed="$4" summary
  summary="$(mktemp)"
  say "kibitz arena --game '${game}' --agents '${agent},heuristic' --games ${games} --seed ${seed}"
  "${BUILD_DIR}/tools/kibitz" arena --game "${game}" --agents "${agent},heuristic" \
    --games "${games}" --seed "${seed}" --threads "${JOBS}" --quiet --json "${summary}"
  say_verdict "${summary}"
  rm -f "${summary}"
}

# The main job: the trained models in training/models/ at work. The Leduc
# poker net's exact exploitability and its games against random play; then
# every seed game's strongest agent against its heuristic bot (paired deals,
# every seating), each with a plain verdict: the trained net in Spies,
# Adulting and Laws and Disorder, search in Spoon Nomic, and in Tea Game the
# net, as no agent tried at 10 ms a decision beats that heuristic. About half a
# minute on 2 cores.
run_main_job() {
  local kibitz="${BUILD_DIR}/tools/kibitz"
  local models=training/models
  local leduc="${models}/leduc_poker"
  say "kibitz games"
  "${kibitz}" games
  say "kibitz exploitability --game leduc_poker --policy ${leduc}/policy.txt  (uniform play: NashConv 4.747)"
  "${kibitz}" exploitability --game leduc_poker --policy "${leduc}/policy.txt"
  say "kibitz arena --game leduc_poker --agents 'nn(model=${leduc}/model.pt),random' --games 2000"
  "${kibitz}" arena --game leduc_poker --agents "nn(model=${leduc}/model.pt),random" \
    --games 2000 --seed 1 --threads "${JOBS}" --quiet
  match 'loyalist_spies(rounds=1)' "nn(model=${models}/loyalist_spies/model.pt)" 1000 1
  match 'adulting(players=4,variant=bidding)' "nn(model=${models}/adulting/model.pt)" 2000 12
  # Laws and Disorder: the net (encoder version 3) is as strong against the
  # heuristic as ismcts(sims=500) was (+41 [+32, +49] Elo over 2,000 games,
  # seed 42) at a fraction of a millisecond a decision
  # (training/models/laws_and_disorder/README.md).
  match 'laws_and_disorder(players=4)' "nn(model=${models}/laws_and_disorder/model.pt)" 2000 12
  match tea_game "nn(model=${models}/tea_game/model.pt)" 400 22
  # Spoon Nomic: search is the strongest agent, not the net, at under 10 ms
  # of CPU a decision (docs/PERFORMANCE.md, "Search against the heuristic at
  # <= 10 ms a decision"). A short run, to keep the job near a minute: the
  # full run measured ismcts(sims=800,c=0.3) at +16 [+10, +23] Elo over
  # 3,000 games (seed 3242, 7.9 ms); 200 games (about 30 s) gave +9 [-17,
  # +33], too few to separate an edge that small, so its verdict says "NOT
  # a win".
  match spoon_nomic 'ismcts(sims=800,c=0.3)' 200 22
  say "done: trained models, their commands and measurements are in training/models/*/README.md"
}

# The fuzz targets, built with clang in their own folder, each run once over
# its committed seeds (ctest label "fuzz"); campaigns: fuzz/run_campaign.sh.
build_and_smoke_fuzzers() {
  say "configuring ${FUZZ_BUILD_DIR}/ (clang, KIBITZ_FUZZ=ON)"
  cmake -S . -B "${FUZZ_BUILD_DIR}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DKIBITZ_FUZZ=ON -DKIBITZ_BUILD_TESTS=OFF -DKIBITZ_BUILD_BENCH=OFF
  say "building the fuzz targets with ${JOBS} jobs"
  cmake --build "${FUZZ_BUILD_DIR}" -j "${JOBS}"
  say "ctest -L fuzz: every fuzz target over its seed corpus"
  local status=0
  (cd "${FUZZ_BUILD_DIR}" && ctest -L fuzz --output-on-failure -j "${JOBS}") || status=$?
  exit "${status}"
}

run_tests() {
  say "ctest --output-on-failure -j ${JOBS}"
  local status=0
  (cd "${BUILD_DIR}" && ctest --output-on-failure -j "${JOBS}") || status=$?
  if ((status == 0)); then
    say "all tests passed"
  else
    say "tests failed (ctest exit status ${status})"
  fi
  exit "${status}"
}

main() {
  if (($# != 1)); then
    usage >&2
    exit 2
  fi
  case "$1" in
    run | test | fuzz) ;;
    -h | --help | help) usage; exit 0 ;;
    *) die "unknown command '$1'; use ./setup.sh run, ./setup.sh test or ./setup.sh fuzz" ;;
  esac
  # One step per line: errexit does not apply inside functions called from
  # an && list, so chaining them would hide failures.
  install_packages "${PACKAGES[@]}"
  if [[ "$1" == fuzz ]]; then
    install_packages "${FUZZ_PACKAGES[@]}"
    build_and_smoke_fuzzers
  fi
  if [[ "$1" == test ]]; then
    install_node
    install_browser_test_packages
  fi
  build
  if [[ "$1" == run ]]; then
    run_main_job
  else
    run_tests
  fi
}

main "$@"
