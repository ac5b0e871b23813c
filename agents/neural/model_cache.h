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
#include <functional>
#include <memory>
#include <string>

#include "agents/neural/policy_value.h"
#include "env/core/game.h"

namespace kibitz::neural {

// A loaded model's maker: each call returns a new model sharing the loaded
// weights (each with scratch buffers of its own).
using ModelSharer = std::function<std::shared_ptr<PolicyValueFunction>()>;

// Loads a checkpoint on a device other than "cpu". LibTorch's models
// (torch_model.h) are the only such loader, and the one part of the agents
// that needs LibTorch: kibitz_torch sets it (register_torch_models), so that
// the programs and tests that play on the CPU alone do not load LibTorch.
using DeviceModelLoader = ModelSharer (*)(const std::string& path, const Game& game,
                                          const std::string& device);
void set_device_model_loader(DeviceModelLoader loader);

// Whether cached_model has been asked for a device other than "cpu" in
// this process without a DeviceModelLoader (and so threw). A flag rather
// than an exception type, because callers add context to a KibitzError by
// throwing a new one: the `kibitz` command checks it when a command fails,
// and runs the same command line again in kibitz-torch (tools/main.cc).
bool libtorch_was_needed();

// A model of the checkpoint at `path` (a checkpoint file or a run's `latest`)
// for `game` on `device`: a CpuMlp for "cpu", a TorchModel otherwise. The
// file is read, checked against the game and loaded at most once per
// process for each (file, game spec, device); every call returns a new model
// sharing those weights. Throws KibitzError as CpuMlp::load and
// TorchModel::load do, and for another device when no DeviceModelLoader is
// set (libtorch_was_needed() then says so).
std::shared_ptr<PolicyValueFunction> cached_model(const std::string& path, const Game& game,
                                                  const std::string& device);

// How many times the cache has read a checkpoint since the process started:
// what tests count to prove that many agents, and many games, load once.
std::int64_t model_cache_reads();

}  // namespace kibitz::neural
