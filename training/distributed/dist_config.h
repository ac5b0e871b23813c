// The flags of a distributed run (--world-size, --rank, --master,
// --dist-timeout), checked before any process joins, and what the ranks of
// one run must agree on. Torch-free, so a launcher can check a command line
// before it starts any rank (docs/training.md, "Distributed training").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "training/train_config.h"

namespace kibitz::training::distributed {

// --master: the host rank 0 runs on and the port its rendezvous listens on.
struct MasterAddress {
  std::string host;  // a name, an IPv4 address, or an IPv6 address without brackets
  std::uint16_t port = 0;
};

// "ADDR:PORT" or "[IPv6]:PORT", the port in 1..65535. Throws KibitzError
// naming --master and what is wrong with `text`.
MasterAddress parse_master(std::string_view text);

// Throws KibitzError naming the first problem: --rank outside [0,
// --world-size), --master with --world-size 1, no --master with more than
// one rank, a malformed --master, fewer --batch decisions (PPO) or
// --exit-games (expert iteration) than ranks, --device cuda on several
// ranks in a build without NCCL, several ranks in a build without Gloo.
// Nothing for a valid run of one process.
void validate_distributed(const TrainConfig& config);

// Rank 0 of a run of several ranks: throws KibitzError when the port of
// --master cannot be listened on here (another process holds it), before
// anything starts. Nothing for other ranks or a run of one process.
void check_master_port(const TrainConfig& config);

// What every rank of one run must agree on: its options as flags, less
// those that are each rank's own (--rank, --out, --master, --resume,
// --force, --init: only rank 0 reads or writes files).
std::string run_fingerprint(const TrainConfig& config);

// Where two fingerprints first differ: "--batch 512 on rank 0, --batch 256
// here". Empty when they are equal.
std::string fingerprint_difference(const std::string& rank0, const std::string& mine);

// The items [begin, end) of `total` that `rank` of `world_size` takes: equal
// shares in rank order, the first total % world_size ranks one more.
struct Share {
  std::int64_t begin = 0;
  std::int64_t end = 0;
  std::int64_t size() const { return end - begin; }
};
Share share_of(std::int64_t total, int rank, int world_size);

// The collective backends this build of kibitz has (backend.cc, where the
// LibTorch headers tell): Gloo for CPU tensors, NCCL for CUDA ones.
bool build_has_gloo();
bool build_has_nccl();

}  // namespace kibitz::training::distributed
