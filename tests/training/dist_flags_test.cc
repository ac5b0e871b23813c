// The flags of a distributed run (training/distributed/dist_config.h): each
// bad one fails before any process joins, with a message naming the
// problem, both from the library and through the kibitz binary (exit status
// 2, nothing written). And the helpers the ranks agree through: the shares
// of a total, where two ranks' options differ.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/error_of.h"
#include "tests/tools/kibitz_run.h"
#include "tests/training/dist_test_util.h"
#include "tests/training/rank_process.h"
#include "tests/training/training_test_util.h"
#include "training/distributed/dist_config.h"

namespace kibitz::training::distributed {
namespace {

using training::testing::RankPlan;

TrainConfig two_ranks(int rank = 0) {
  RankPlan plan;
  plan.world_size = 2;
  plan.rank = rank;
  plan.port = 29500;
  plan.out = "/unused";
  return training::testing::config_of(plan);
}

// Holds a listening socket on a loopback port, as another program would.
class PortHolder {
 public:
  PortHolder() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(fd_, 1) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      std::abort();
    }
    port_ = ntohs(address.sin_port);
  }
  ~PortHolder() { ::close(fd_); }
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

TEST(DistFlags, ARankOutsideTheWorldIsRefused) {
  TrainConfig config = two_ranks(2);
  EXPECT_EQ(error_of([&] { validate_distributed(config); }),
            "--rank 2: out of range for --world-size 2 (ranks are 0 to 1)");
  config.world_size = 1;
  config.master.clear();
  config.rank = 1;
  EXPECT_EQ(error_of([&] { validate_distributed(config); }),
            "--rank 1: out of range for --world-size 1 (ranks are 0 to 0)");
}

TEST(DistFlags, OneProcessTakesNoMasterAndSeveralNeedOne) {
  TrainConfig config = two_ranks();
  config.world_size = 1;
  EXPECT_EQ(error_of([&] { validate_distributed(config); }),
            "--master: not used with --world-size 1 (a run of one process has no rendezvous); "
            "give --world-size N for a run of N processes");
  config.master.clear();
  EXPECT_EQ(error_of([&] { validate_distributed(config); }), "");
  config.world_size = 3;
  EXPECT_EQ(error_of([&] { validate_distributed(config); }),
            "--master ADDR:PORT is required with --world-size 3: rank 0's address and the port it "
            "listens on for the rendezvous (e.g. 127.0.0.1:29500)");
}

TEST(DistFlags, AMalformedMasterIsRefused) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"localhost", "--master 'localhost': expected ADDR:PORT, e.g. 127.0.0.1:29500"},
      {":29500", "--master ':29500': the address is empty or has spaces (e.g. 127.0.0.1:29500)"},
      {"host:0",
       "--master 'host:0': the port must be a number from 1 to 65535 (e.g. "
       "127.0.0.1:29500)"},
      {"host:65536",
       "--master 'host:65536': the port must be a number from 1 to 65535 (e.g. "
       "127.0.0.1:29500)"},
      {"host:29x",
       "--master 'host:29x': the port must be a number from 1 to 65535 (e.g. "
       "127.0.0.1:29500)"},
      {"::1:29500", "--master '::1:29500': write an IPv6 address in brackets, e.g. [::1]:29500"},
      {"[::1]29500", "--master '[::1]29500': expected [IPv6]:PORT, e.g. [::1]:29500"},
  };
  for (const auto& [text, message] : cases) {
    TrainConfig config = two_ranks();
    config.master = text;
    EXPECT_EQ(error_of([&] { validate_distributed(config); }), message) << text;
  }
  const MasterAddress v6 = parse_master("[::1]:29500");
  EXPECT_EQ(v6.host, "::1");
  EXPECT_EQ(v6.port, 29500);
  const MasterAddress named = parse_master("node-7.cluster:1");
  EXPECT_EQ(named.host, "node-7.cluster");
  EXPECT_EQ(named.port, 1);
}

TEST(DistFlags, EveryRankNeedsItsShareOfTheWork) {
  TrainConfig config = two_ranks();
  config.batch = 1;
  EXPECT_EQ(error_of([&] { validate_distributed(config); }),
            "--batch 1: a run of 2 ranks needs at least 2 (--batch is the total across the "
            "ranks, at least one decision each)");
  config = two_ranks();
  config.algorithm = Algorithm::kExpertIteration;
  config.exit_games = 1;
  EXPECT_EQ(error_of([&] { validate_distributed(config); }),
            "--exit-games 1: a run of 2 ranks needs at least 2 (--exit-games is the total across "
            "the ranks, at least one game each)");
}

TEST(DistFlags, CudaOnSeveralRanksNeedsNccl) {
  if (build_has_nccl()) GTEST_SKIP() << "this build has NCCL";
  TrainConfig config = two_ranks();
  config.device = "cuda";
  EXPECT_EQ(error_of([&] { validate_distributed(config); }),
            "--device cuda with --world-size 2: several ranks on CUDA need LibTorch's NCCL "
            "backend, and this build has none (Debian's libtorch-dev is built without CUDA or "
            "NCCL); use --device cpu, where the ranks talk through Gloo");
}

TEST(DistFlags, APortInUseIsRefusedForRank0Only) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  const PortHolder holder;
  TrainConfig config = two_ranks();
  config.master = "127.0.0.1:" + std::to_string(holder.port());
  EXPECT_EQ(error_of([&] { check_master_port(config); }),
            "--master " + config.master + ": rank 0 cannot listen on port " +
                std::to_string(holder.port()) +
                " on this machine (Address already in use; another process holds it: pick a "
                "free port)");
  config.rank = 1;  // the other ranks connect to it
  EXPECT_EQ(error_of([&] { check_master_port(config); }), "");
  config.rank = 0;
  config.master = "127.0.0.1:" + std::to_string(training::testing::free_port());
  EXPECT_EQ(error_of([&] { check_master_port(config); }), "");
}

// Through the binary: status 2, the message, nothing written, and at once
// (no rendezvous was attempted).
TEST(DistFlags, TheCommandRefusesEachBadFlagBeforeStarting) {
  KIBITZ_SKIP_WITHOUT_GLOO();
  const PortHolder holder;
  const std::string out = training::testing::fresh_dir("dist_flags_out");
  const std::string base =
      "train --game kuhn_poker --iterations 1 --hidden 8 --eval-every 0 --out '" + out + "' ";
  const std::string held = "127.0.0.1:" + std::to_string(holder.port());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--world-size 2 --rank 2 --master 127.0.0.1:29500", "--rank 2: out of range"},
      {"--world-size 2 --rank=-1 --master 127.0.0.1:29500", "--rank: must be >= 0"},
      {"--master 127.0.0.1:29500", "--master: not used with --world-size 1"},
      {"--world-size 2", "--master ADDR:PORT is required with --world-size 2"},
      {"--world-size 2 --master 127.0.0.1", "--master '127.0.0.1': expected ADDR:PORT"},
      {"--world-size 2 --master " + held,
       "--master " + held + ": rank 0 cannot listen on port " + std::to_string(holder.port())},
      {"--world-size 2 --master 127.0.0.1:29500 --dist-timeout 0", "--dist-timeout: must be in"},
      {"--world-size 0", "--world-size: must be in [1, 4096]"},
  };
  for (const auto& [flags, message] : cases) {
    const auto started = std::chrono::steady_clock::now();
    const tools::testing::KibitzRun run = tools::testing::run_kibitz(base + flags);
    EXPECT_EQ(run.exit_code, 2) << flags << "\n" << run.err;
    EXPECT_NE(run.err.find("kibitz train: error: " + message), std::string::npos) << flags << "\n"
                                                                                  << run.err;
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20)) << flags;
    EXPECT_FALSE(std::filesystem::exists(out)) << flags;
  }
}

// A build without Gloo says so, and how to get it.
TEST(DistFlags, ABuildWithoutGlooSaysWhy) {
  if (build_has_gloo()) GTEST_SKIP() << "this build has Gloo";
  EXPECT_EQ(error_of([&] { validate_distributed(two_ranks()); }),
            "--world-size 2: this build of kibitz has no Gloo backend (it was built without "
            "gloo's headers; install libgloo-dev and rebuild)");
}

TEST(DistFlags, SharesSplitATotalInRankOrder) {
  std::vector<std::int64_t> sizes;
  std::int64_t next = 0;
  for (int rank = 0; rank < 3; ++rank) {
    const Share share = share_of(10, rank, 3);
    EXPECT_EQ(share.begin, next) << rank;
    next = share.end;
    sizes.push_back(share.size());
  }
  EXPECT_EQ(next, 10);
  EXPECT_EQ(sizes, (std::vector<std::int64_t>{4, 3, 3}));
  EXPECT_EQ(share_of(2, 2, 3).size(), 0);
}

TEST(DistFlags, FingerprintsLeaveOutWhatIsEachRanksOwn) {
  TrainConfig zero = two_ranks(0);
  TrainConfig one = two_ranks(1);
  one.out_dir = "/elsewhere";
  one.resume = true;
  one.master = "10.0.0.1:29500";
  EXPECT_EQ(run_fingerprint(zero), run_fingerprint(one));
  one.batch = 128;
  EXPECT_EQ(fingerprint_difference(run_fingerprint(zero), run_fingerprint(one)),
            "--batch 256 on rank 0, --batch 128 here");
  one = two_ranks(1);
  one.opponent = "heuristic";
  EXPECT_EQ(fingerprint_difference(run_fingerprint(zero), run_fingerprint(one)),
            "--opponent heuristic here, not on rank 0");
}

}  // namespace
}  // namespace kibitz::training::distributed
