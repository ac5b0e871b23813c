// kibitz launch --procs N -- train ARGS: a distributed training run of N
// ranks on this machine, talking over loopback (docs/distributed.md). Each
// rank is this same binary running `kibitz train ARGS --world-size N --rank
// R --master ADDR:PORT`; tools/local_ranks.h starts and watches them. The
// command line is checked whole before any rank starts. Torch-free: the
// launcher only spawns processes.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/error.h"
#include "tools/command.h"
#include "tools/launch_ports.h"
#include "tools/local_ranks.h"
#include "tools/options.h"

namespace kibitz::tools {
namespace {

// More local ranks than this is a typo rather than a plan: each rank is a
// whole training process (its own network, optimizer and self-play), and
// the ranks connect in pairs (N(N-1)/2 connections). A cluster runs its
// ranks by hand (docs/distributed.md).
constexpr std::uint64_t kMaxProcs = 64;
// `kibitz train`'s own --dist-timeout default (training/train_config.h),
// for the default --grace when ARGS do not set it; a test compares it with
// `kibitz train --help`.
constexpr double kTrainDistTimeout = 30;
// After SIGTERM, how long a straggler has before SIGKILL.
constexpr std::chrono::milliseconds kKillAfter{5000};

// The flags kibitz launch gives every rank itself.
constexpr std::string_view kRankFlags[] = {"--world-size", "--rank", "--master"};

// Whether `word` is `flag` ("--rank") or sets it ("--rank=1").
bool is_flag(std::string_view word, std::string_view flag) {
  return word == flag ||
         (word.starts_with(flag) && word.size() > flag.size() && word[flag.size()] == '=');
}

std::optional<double> parse_seconds(std::string_view text) {
  double value = 0;
  const auto [end, code] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || code != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// --dist-timeout as ARGS give it, else train's default; a value train will
// refuse anyway counts as the default here.
double dist_timeout_of(const std::vector<std::string>& train_args) {
  for (std::size_t i = 0; i < train_args.size(); ++i) {
    const std::string& word = train_args[i];
    std::optional<double> value;
    if (word == "--dist-timeout" && i + 1 < train_args.size()) {
      value = parse_seconds(train_args[i + 1]);
    } else if (is_flag(word, "--dist-timeout")) {
      value = parse_seconds(std::string_view(word).substr(word.find('=') + 1));
    }
    if (value && *value >= 1) return *value;
  }
  return kTrainDistTimeout;
}

// The words after "--": `train` and its flags, none of which kibitz
// launch sets itself.
void check_train_command(const std::vector<std::string>& command) {
  if (command.empty()) {
    throw error(
        "nothing after '--': give the command the ranks run, e.g. -- train --game "
        "kuhn_poker --algo ppo --out runs/k --iterations 50");
  }
  if (command.front() != "train") {
    throw error("'", command.front(),
                "' after '--': kibitz launch runs ranks of `train` only (-- train ARGS)");
  }
  for (const std::string& word : command) {
    for (const std::string_view flag : kRankFlags) {
      if (is_flag(word, flag)) {
        throw error("'", word, "' in the train arguments: kibitz launch gives each rank ", flag,
                    " itself (--world-size from --procs, --rank 0 to N-1, --master from "
                    "--master-addr and --master-port); leave it out");
      }
    }
  }
}

std::uint64_t parse_procs(const std::string& text) {
  const std::uint64_t procs = parse_uint64(text, "--procs");
  if (procs < 1 || procs > kMaxProcs) {
    throw error("--procs ", text, ": must be from 1 to ", kMaxProcs,
                " (each rank is a whole training process on this machine; run more ranks "
                "across machines by hand, docs/distributed.md)");
  }
  return procs;
}

std::chrono::milliseconds parse_grace(const std::string& text, double dist_timeout) {
  if (text.empty()) {
    // A frozen master or a stalled store takes the others up to 3 x
    // --dist-timeout to report (docs/distributed.md); 15 s more for their
    // last words and exit.
    return std::chrono::milliseconds(static_cast<std::int64_t>((3 * dist_timeout + 15) * 1000));
  }
  const std::optional<double> seconds = parse_seconds(text);
  if (!seconds || !(*seconds >= 0 && *seconds <= 86400)) {
    throw error("--grace '", text, "': must be a number of seconds from 0 to 86400");
  }
  return std::chrono::milliseconds(static_cast<std::int64_t>(*seconds * 1000));
}

KibitzError missing_dashes() {
  return error("missing '--' before the ranks' command: kibitz launch --procs N -- train ARGS");
}

// This program, which every rank runs.
std::string own_binary() {
  std::error_code failed;
  const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", failed);
  if (failed)
    throw error("cannot find this program's file (/proc/self/exe: ", failed.message(), ")");
  return path.string();
}

// `kibitz launch -- train --help`: train's help, once.
int train_help(const std::vector<std::string>& command) {
  for (const Command& entry : commands()) {
    if (std::string_view(entry.name) == "train") {
      return entry.run(std::vector<std::string>(command.begin() + 1, command.end()));
    }
  }
  throw error("this program has no train command");
}

// Each rank's words: the train command, then (for more than one rank) the
// flags of its place in the run. Checks --master-addr and the port first;
// `note` receives where the rendezvous is.
std::vector<std::vector<std::string>> rank_args(std::uint64_t procs,
                                                const std::vector<std::string>& command,
                                                const std::string& address,
                                                const std::string& port_text, std::string& note) {
  if (procs == 1) {
    if (!port_text.empty()) {
      throw error("--master-port: not used with --procs 1 (one rank has no rendezvous)");
    }
    return {command};
  }
  check_local_address(address);
  std::uint16_t port = 0;
  if (port_text.empty()) {
    port = pick_free_port();
  } else {
    const std::uint64_t value = parse_uint64(port_text, "--master-port");
    if (value < 1 || value > 65535) {
      throw error("--master-port ", port_text, ": must be from 1 to 65535");
    }
    port = static_cast<std::uint16_t>(value);
    check_port_free(port);
  }
  const std::string master = master_text(address, port);
  note = "; rendezvous at " + master;
  std::vector<std::vector<std::string>> all;
  for (std::uint64_t rank = 0; rank < procs; ++rank) {
    std::vector<std::string> words = command;
    words.insert(words.end(), {"--world-size", std::to_string(procs), "--rank",
                               std::to_string(rank), "--master", master});
    all.push_back(std::move(words));
  }
  return all;
}

}  // namespace

int run_launch(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "launch",
      "kibitz launch --procs N [--master-port P] [--master-addr A] [--grace S] -- train ARGS",
      "Runs a distributed training run of N ranks on this machine: N processes of this\n"
      "kibitz, each `kibitz train ARGS --world-size N --rank R --master A:P`, rank 0\n"
      "listening for the rendezvous at A:P (127.0.0.1 and a free port unless given). Rank\n"
      "0's output passes through; the other ranks' lines are prefixed with \"[rank R] \".\n"
      "When a rank fails, the launcher names it and its status; the others stop on their\n"
      "own (status 4) or, after --grace, are ended (SIGTERM, then SIGKILL 5 s later).\n"
      "Ctrl-C is passed on to every rank: they finish the iteration and rank 0\n"
      "checkpoints (--resume continues); later ones are not passed on. Exit status:\n"
      "0 when every rank exited 0, else that of the first rank to fail on its own account\n"
      "(not one that exited 4 because another failed; 128 + N for a signal N), or 2 for a\n"
      "bad command line, refused before any rank starts. Ranks on several machines:\n"
      "docs/distributed.md.",
      "kibitz launch --procs 2 -- train --game leduc_poker --algo ppo --out runs/leduc2 "
      "--steps 400000\n"
      "kibitz launch --procs 4 --master-port 29500 -- train --game kuhn_poker --algo exit "
      "--out runs/k4 --iterations 20\n"
      "kibitz launch --procs 2 -- train --game leduc_poker --algo ppo --out runs/leduc2 "
      "--steps 800000 --resume"};
  const auto dashes = std::find(args.begin(), args.end(), "--");
  const std::vector<std::string> own(args.begin(), dashes);
  const std::vector<std::string> command(dashes == args.end() ? args.end() : dashes + 1,
                                         args.end());
  std::string procs_text, port_text, address = "127.0.0.1", grace_text;
  po::options_description options;
  options.add_options()("procs", po::value(&procs_text)->required()->value_name("N"),
                        "ranks to run on this machine, 1 to 64")(
      "master-port", po::value(&port_text)->value_name("P"),
      "the rendezvous port rank 0 listens on (default: a free port, picked now)")(
      "master-addr", po::value(&address)->value_name("A")->default_value(address),
      "the address of this machine rank 0 listens at, for --master")(
      "grace", po::value(&grace_text)->value_name("S"),
      "seconds the other ranks have to stop on their own once one failed (default: 3 x the "
      "ranks' --dist-timeout + 15: 105 for its default 30)");
  // Without "--", train's flags would be taken for the launcher's own and
  // refused one by one; the missing "--" is the problem to name.
  const bool has_train = std::find(own.begin(), own.end(), "train") != own.end();
  if (dashes == args.end() && has_train) throw missing_dashes();
  if (!parse_command_options(usage, options, own)) return kExitOk;
  if (dashes == args.end()) throw missing_dashes();
  const std::uint64_t procs = parse_procs(procs_text);
  check_train_command(command);
  if (std::find(command.begin(), command.end(), "--help") != command.end() ||
      std::find(command.begin(), command.end(), "-h") != command.end()) {
    return train_help(command);
  }
  LocalRunPlan plan;
  plan.binary = own_binary();
  plan.grace = parse_grace(grace_text, dist_timeout_of(command));
  plan.kill_after = kKillAfter;
  plan.stopped_by_another = kExitRankFailed;
  plan.rank_args = rank_args(procs, command, address, port_text, plan.started_note);
  return run_local_ranks(plan);
}

}  // namespace kibitz::tools
