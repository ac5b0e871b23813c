// Checkpoint files: a network's weights with the metadata that says what
// they may be loaded into (STYLE 3: the encoder version travels with the
// weights). This layer is torch-free: it moves named float arrays; network.h
// converts a LibTorch module to and from them.
//
// File layout (format version 1), a text header then binary weights:
//
//   kibitz-checkpoint 1
//   game_name=leduc_poker
//   game_spec=leduc_poker()
//   encoder_version=1
//   input_size=30
//   num_actions=3
//   num_players=2
//   hidden=256,256
//   value_min=-13
//   value_max=13
//   training_step=0
//   tensors=8
//   payload_bytes=123456
//   payload_fnv1a64=0123456789abcdef
//   end
//   <payload>
//
// The payload is, per tensor: a line "name d0,d1,...\n" then the float32
// values, little-endian, row-major. The checksum (FNV-1a, 64 bits) covers the
// whole payload, so truncation and corruption are reported, never loaded.
// Writes go to a temporary file in the same folder, renamed into place, so a
// reader never sees half a checkpoint.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/neural/policy_value.h"
#include "env/core/game.h"

namespace kibitz::neural {

// The checkpoint format this build writes and reads.
inline constexpr int kCheckpointFormatVersion = 1;

// The largest checkpoint file read: far above any network trained here (the
// shipped Loyalist Spies nets are a few MB), low enough that naming a huge
// file by mistake is an error rather than gigabytes of memory.
inline constexpr std::uintmax_t kMaxCheckpointBytes = std::uintmax_t{512} << 20;

// The weights' output bound: with every input in [-1, 1] (most encoders stay
// in it; Adulting's reach about 3.2, docs/neural.md), no layer of a loadable
// network may be able to output a value larger than this in magnitude.
// float32 overflows at 3.4e38, so the bound leaves a margin of 1e8 for
// larger inputs; a network beyond it could turn its outputs into
// infinities and NaNs, and is refused as corrupt.
inline constexpr double kMaxLayerOutputBound = 1e30;

// The metadata of a checkpoint.
struct CheckpointInfo {
  int format_version = kCheckpointFormatVersion;
  std::string game_name;
  std::string game_spec;  // canonical spec: the game's parameters
  int encoder_version = 0;
  NetworkShape shape;
  std::int64_t training_step = 0;
};

// The metadata for a network of `shape` trained on `game` (its encoder).
CheckpointInfo make_checkpoint_info(const Game& game, const NetworkShape& shape,
                                    std::int64_t training_step = 0);

// One parameter array.
struct NamedTensor {
  std::string name;
  std::vector<std::int64_t> sizes;
  std::vector<float> values;  // product of sizes, row-major
};

// A whole checkpoint in memory.
struct CheckpointFile {
  CheckpointInfo info;
  std::vector<NamedTensor> tensors;
  // The file read_checkpoint read: the path it was given, or the checkpoint
  // that a training run's `latest` file there names. Messages name it.
  std::string path;
};

// The header's payload_fnv1a64: FNV-1a (64 bits) of the payload bytes. The
// fuzz target uses it to keep mutated checkpoints past the checksum.
std::uint64_t payload_checksum(std::string_view payload);

// Writes atomically (temporary file + rename). Throws KibitzError naming the
// path when it cannot be written.
void write_checkpoint(const std::string& path, const CheckpointFile& checkpoint);

// Reads and verifies a whole file: a regular file of at most
// kMaxCheckpointBytes, magic, format version, header fields, payload size
// and checksum, tensor sizes, and weights that are finite numbers within
// kMaxLayerOutputBound. Throws KibitzError naming the path and what is wrong
// (not a regular file, too large, not a checkpoint, format version N where
// this build reads kCheckpointFormatVersion, truncated, corrupt: a
// non-finite weight is named with its parameter). Bytes of the file shown
// in a message are escaped (quoted_excerpt).
//
// `path` may also be the `latest` file of a training run (training/
// trainer.h): a one-line text file holding the name of the run's newest
// complete checkpoint, "ckpt-000012", which is then read from the same
// folder ("ckpt-000012.pt"); a name that is missing there is an error
// naming both files.
CheckpointFile read_checkpoint(const std::string& path);

// How strictly a checkpoint must match the game it is loaded into.
struct LoadOptions {
  // false (the default): the game spec must be the one trained on. true:
  // any parameters of the same game, as long as the encoder version and the
  // shapes agree (a net trained on a one-round game playing a full game).
  bool allow_other_params = false;
  // When set, the trunk the caller expects (resuming training): another
  // trunk is refused as a wrong shape.
  std::optional<std::vector<int>> hidden;
};

// Refuses (KibitzError naming expected vs found, and `path`) a checkpoint
// for another game, other parameters (unless allowed), another encoder
// version, or a shape that does not fit `game` (input size, actions, seats,
// value range, and options.hidden when set).
void check_compatible(const CheckpointInfo& info, const Game& game, const LoadOptions& options,
                      const std::string& path);

}  // namespace kibitz::neural
