// The checkpoints this process has loaded, shared by every agent that names
// them. Before it, each nn / ismcts_nn agent read and parsed its checkpoint
// when built, which the arena did once per game; now a checkpoint is read
// once per process and its weights are shared read-only by all the agents
// that play it, each with scratch buffers of its own so that agents on
// different worker threads never share mutable state.
//
// A file is known by its canonical path and its identity (device, inode,
// size and modification time), so a checkpoint rewritten in place, or a
// training run's `latest` pointer rewritten to name a newer checkpoint, is
// read again; the superseded entry is dropped. A failed load is not kept:
// the next call tries again and reports the error again.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "agents/neural/policy_value.h"
#include "env/core/game.h"

namespace kibitz::neural {

// A model of the checkpoint at `path` (a checkpoint file or a run's `latest`)
// for `game` on `device`: a CpuMlp for "cpu", a TorchModel otherwise. The
// file is read, checked against the game and loaded at most once per
// process for each (file, game spec, device); every call returns a new model
// sharing those weights. Throws KibitzError as CpuMlp::load and
// TorchModel::load do.
std::shared_ptr<PolicyValueFunction> cached_model(const std::string& path, const Game& game,
                                                  const std::string& device);

// How many times the cache has read a checkpoint since the process started:
// what tests count to prove that many agents, and many games, load once.
std::int64_t model_cache_reads();

}  // namespace kibitz::neural
