// Keeping the ranks' models identical (docs/training.md, "Distributed
// training"): rank 0's network and Adam state sent to every rank after a
// start or a resume, gradients averaged over the ranks before every
// optimizer step (one flat buffer per step, not one call per tensor), and a
// hash of the whole training state that the ranks compare after every
// iteration. Internal to training/ (LibTorch).
#pragma once

#include <torch/torch.h>

#include <cstdint>

#include "agents/neural/network.h"
#include "training/distributed/group.h"

namespace kibitz::training::distributed {

// Every parameter and buffer of `net` becomes rank 0's.
void broadcast_network(Group& group, neural::PolicyValueNet& net);

// The whole of `optimizer`'s state (Adam: each parameter's step, exp_avg,
// exp_avg_sq) becomes rank 0's, sent as torch's own serialization, the one
// a checkpoint's .optim file holds.
void broadcast_optimizer(Group& group, torch::optim::Adam& optimizer, const torch::Device& device);

// Replaces each parameter's gradient by the mean gradient over every rank's
// rows: each rank's gradient (of the mean loss over its `rows` rows)
// weighted by its rows, summed, divided by the rows of all ranks together:
// the gradient of the mean loss over the union of the ranks' minibatches.
// A rank with no rows this step passes rows = 0 (its gradients are not
// read) and still takes part. Every rank then holds the same gradients.
void average_gradients(Group& group, neural::PolicyValueNet& net, std::int64_t rows);

// A 64-bit hash (FNV-1a) of the bytes of `net`'s parameters, of `averaged`'s
// when not null, and of `optimizer`'s per-parameter state.
std::uint64_t state_hash(neural::PolicyValueNet& net, torch::optim::Adam& optimizer,
                         neural::PolicyValueNet* averaged);

// Compares every rank's `hash` of its state after `iteration`; throws
// std::runtime_error (an internal error: the ranks diverged, which only a
// bug or a nondeterministic kernel can cause) naming the first rank whose
// hash differs from rank 0's.
void check_identical(Group& group, std::uint64_t hash, std::int64_t iteration);

// A deep copy of `net` on `device` (an opponent-pool member of a rank that
// does not write the checkpoint files).
neural::PolicyValueNet copy_network(neural::PolicyValueNet& net, const torch::Device& device);

}  // namespace kibitz::training::distributed
