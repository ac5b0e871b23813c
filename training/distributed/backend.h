// The collective backend of a distributed run: c10d's ProcessGroupGloo for
// CPU tensors, ProcessGroupNCCL for CUDA ones where the build has it. The
// only file that includes their headers (Gloo's needs USE_C10D_GLOO and
// gloo's own headers, from libgloo-dev), so the rest of training/distributed
// sees the plain c10d::ProcessGroup interface.
#pragma once

#include <chrono>
#include <string>
#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>

namespace kibitz::training::distributed {

// The backend for `device` ("cpu": Gloo; "cuda": NCCL) over `store`,
// connected to the other `size - 1` ranks: blocks until they all are, or
// throws (c10d's exceptions) after `timeout`, which also bounds every
// collective. Gloo listens on the address of this machine that routes to
// `master_host` (the loopback one for a master on loopback), or on the
// interface named by GLOO_SOCKET_IFNAME when that is set.
c10::intrusive_ptr<c10d::ProcessGroup> make_process_group(
    const c10::intrusive_ptr<c10d::Store>& store, int rank, int size, const std::string& device,
    const std::string& master_host, std::chrono::milliseconds timeout);

// This machine's address on the route to `host` (no packet is sent): what
// the ranks' Gloo connections use. Throws KibitzError naming --master when
// `host` does not resolve or no route leads there.
std::string local_address_towards(const std::string& host);

}  // namespace kibitz::training::distributed
