#include "agents/neural/checkpoint.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

#include "agents/neural/encoders.h"
#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/input_file.h"

namespace kibitz::neural {

// The payload stores floats in the host's order, which must be little-endian.
static_assert(std::endian::native == std::endian::little, "checkpoints assume little-endian hosts");

namespace {

constexpr std::string_view kMagic = "kibitz-checkpoint";
// A header longer than this is not a checkpoint header (protects against
// reading a large binary file line by line).
constexpr std::size_t kMaxHeaderBytes = 1 << 16;
// A training run's `latest` file holds one short file name; anything longer
// is not one.
constexpr std::size_t kMaxPointerBytes = 256;

std::string double_text(double value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  KIBITZ_CHECK(ec == std::errc(), "to_chars failed");
  return std::string(buffer, end);
}

std::string hex64(std::uint64_t value) {
  char buffer[17];
  const auto [end, ec] = std::to_chars(buffer, buffer + 16, value, 16);
  std::string text(buffer, end);
  return std::string(16 - text.size(), '0') + text;
}

// Parses a whole field as a number of type T; false when it is not one.
template <typename T>
bool parse_number(std::string_view text, T& out, int base = 10) {
  if (text.empty()) return false;
  std::from_chars_result result;
  if constexpr (std::is_floating_point_v<T>) {
    result = std::from_chars(text.data(), text.data() + text.size(), out);
  } else {
    result = std::from_chars(text.data(), text.data() + text.size(), out, base);
  }
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

std::string sizes_text(const std::vector<std::int64_t>& sizes) {
  std::string text;
  for (std::int64_t s : sizes) text += (text.empty() ? "" : ",") + std::to_string(s);
  return text;
}

std::string encode_payload(const std::vector<NamedTensor>& tensors) {
  std::string payload;
  for (const NamedTensor& t : tensors) {
    KIBITZ_CHECK(!t.name.empty() && t.name.find_first_of(" \n") == std::string::npos,
                 "tensor name '", t.name, "'");
    std::int64_t count = 1;
    for (std::int64_t s : t.sizes) count *= s;
    KIBITZ_CHECK(count == static_cast<std::int64_t>(t.values.size()), "tensor ", t.name, " has ",
                 t.values.size(), " values for sizes ", sizes_text(t.sizes));
    payload += t.name + " " + sizes_text(t.sizes) + "\n";
    const std::size_t at = payload.size();
    payload.resize(at + t.values.size() * sizeof(float));
    if (!t.values.empty())
      std::memcpy(payload.data() + at, t.values.data(), t.values.size() * sizeof(float));
  }
  return payload;
}

std::string encode_header(const CheckpointInfo& info, std::size_t tensors,
                          const std::string& payload) {
  std::ostringstream out;
  out << kMagic << " " << info.format_version << "\n"
      << "game_name=" << info.game_name << "\n"
      << "game_spec=" << info.game_spec << "\n"
      << "encoder_version=" << info.encoder_version << "\n"
      << "input_size=" << info.shape.input_size << "\n"
      << "num_actions=" << info.shape.num_actions << "\n"
      << "num_players=" << info.shape.num_players << "\n"
      << "hidden=" << hidden_sizes_to_string(info.shape.hidden) << "\n"
      << "value_min=" << double_text(info.shape.value_min) << "\n"
      << "value_max=" << double_text(info.shape.value_max) << "\n"
      << "training_step=" << info.training_step << "\n"
      << "tensors=" << tensors << "\n"
      << "payload_bytes=" << payload.size() << "\n"
      << "payload_fnv1a64=" << hex64(payload_checksum(payload)) << "\n"
      << "end\n";
  return out.str();
}

// Reads the header fields into `fields`; `pos` ends past the "end" line.
// No message quotes the file: a path given as a model may name any file (a
// server's secret, say: docs/serve.md, "Security model"), so a bad line is
// named by its number.
std::map<std::string, std::string> parse_header(const std::string& path, const std::string& bytes,
                                                std::size_t& pos) {
  auto next_line = [&](std::string_view& line) {
    const std::size_t newline = bytes.find('\n', pos);
    if (newline == std::string::npos || newline > kMaxHeaderBytes) return false;
    line = std::string_view(bytes).substr(pos, newline - pos);
    pos = newline + 1;
    return true;
  };
  std::string_view line;
  if (bytes.compare(0, kMagic.size(), kMagic) != 0 || !next_line(line) ||
      line.size() <= kMagic.size() || line[kMagic.size()] != ' ') {
    throw error("'", path, "' is not a kibitz checkpoint (it does not start with '", kMagic,
                " VERSION')");
  }
  int version = 0;
  if (!parse_number(line.substr(kMagic.size() + 1), version)) {
    throw error("checkpoint '", path, "' is corrupt: its first line is not '", kMagic,
                " VERSION'");
  }
  if (version != kCheckpointFormatVersion) {
    throw error("checkpoint '", path, "' has format version ", version,
                "; this build reads format version ", kCheckpointFormatVersion);
  }
  std::map<std::string, std::string> fields;
  fields["format_version"] = std::to_string(version);
  for (int number = 2;; ++number) {
    if (!next_line(line)) {
      throw error("checkpoint '", path, "' is truncated or corrupt: its header has no 'end' line");
    }
    if (line == "end") break;
    // The header is printable text, so its values (game spec, ...) can be
    // shown in messages as they are.
    if (!std::all_of(line.begin(), line.end(), [](char c) { return c >= 0x20 && c < 0x7f; })) {
      throw error("checkpoint '", path, "' is corrupt: header line ", number,
                  " is not printable text");
    }
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      throw error("checkpoint '", path, "' is corrupt: header line ", number, " has no '='");
    }
    fields[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
  }
  return fields;
}

// Takes the header field `key` out of `fields` (every field must be used).
std::string take(std::map<std::string, std::string>& fields, const std::string& key,
                 const std::string& path) {
  const auto it = fields.find(key);
  if (it == fields.end()) throw error("checkpoint '", path, "' is corrupt: no '", key, "' field");
  std::string value = it->second;
  fields.erase(it);
  return value;
}

template <typename T>
T take_number(std::map<std::string, std::string>& fields, const std::string& key,
              const std::string& path, int base = 10) {
  const std::string text = take(fields, key, path);
  T value{};
  bool ok = parse_number(text, value, base);
  // from_chars reads "inf" and "nan" too: no header number may be either.
  if constexpr (std::is_floating_point_v<T>) ok = ok && std::isfinite(value);
  if (!ok) {
    throw error("checkpoint '", path, "' is corrupt: field ", key,
                std::is_floating_point_v<T> ? " is not a finite number" : " is not a number");
  }
  return value;
}

// Refuses a parameter holding NaN or an infinity: the checksum only proves
// that the file is what was written, and a network that diverged in
// training writes such values faithfully.
void check_finite(const std::string& path, const NamedTensor& t) {
  const auto bad =
      std::find_if(t.values.begin(), t.values.end(), [](float v) { return !std::isfinite(v); });
  if (bad == t.values.end()) return;
  throw error("checkpoint '", path, "' is corrupt: parameter '", t.name, "' holds ", *bad,
              " at index ", bad - t.values.begin(), " (of ", t.values.size(),
              "); every weight must be a finite number");
}

std::vector<NamedTensor> parse_payload(const std::string& path, std::string_view payload,
                                       std::size_t count) {
  std::vector<NamedTensor> tensors;
  std::size_t pos = 0;
  auto corrupt = [&](const std::string& why) {
    return error("checkpoint '", path, "' is corrupt: ", why);
  };
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t newline = payload.find('\n', pos);
    if (newline == std::string_view::npos)
      throw corrupt("tensor " + std::to_string(i) + " has no header");
    const std::string_view line = payload.substr(pos, newline - pos);
    pos = newline + 1;
    const std::size_t space = line.find(' ');
    // Printable, so the name can be shown as it is by later messages.
    if (space == std::string_view::npos || space == 0 ||
        !std::all_of(line.begin(), line.end(), [](char c) { return c >= 0x20 && c < 0x7f; })) {
      throw corrupt("the header of tensor " + std::to_string(i) +
                    " is not '<name> <sizes>' in printable text");
    }
    NamedTensor t;
    t.name = std::string(line.substr(0, space));
    std::string_view dims = line.substr(space + 1);
    std::int64_t total = 1;
    while (!dims.empty()) {
      const std::size_t comma = dims.find(',');
      std::int64_t size = 0;
      if (!parse_number(dims.substr(0, comma), size) || size < 0 || size > (1 << 30)) {
        throw corrupt("bad sizes in the header of tensor " + std::to_string(i));
      }
      t.sizes.push_back(size);
      total *= size;
      if (total > (std::int64_t{1} << 32)) throw corrupt("tensor " + t.name + " is too large");
      dims = comma == std::string_view::npos ? std::string_view() : dims.substr(comma + 1);
    }
    const std::size_t bytes = static_cast<std::size_t>(total) * sizeof(float);
    if (payload.size() - pos < bytes) throw corrupt("tensor " + t.name + " runs past the payload");
    t.values.resize(static_cast<std::size_t>(total));
    if (bytes > 0) std::memcpy(t.values.data(), payload.data() + pos, bytes);
    pos += bytes;
    check_finite(path, t);
    tensors.push_back(std::move(t));
  }
  if (pos != payload.size()) throw corrupt("bytes left after the last tensor");
  return tensors;
}

// The largest magnitude that one Linear layer (weight [out, in], row-major,
// and bias [out]) can output when no input exceeds `input_bound`.
double layer_output_bound(const NamedTensor& weight, const NamedTensor& bias, double input_bound) {
  const auto in = static_cast<std::size_t>(weight.sizes[1]);
  double bound = 0;
  for (std::size_t o = 0; o < bias.values.size(); ++o) {
    double row = std::abs(static_cast<double>(bias.values[o]));
    for (std::size_t i = 0; i < in; ++i) {
      row += std::abs(static_cast<double>(weight.values[o * in + i])) * input_bound;
    }
    bound = std::max(bound, row);
  }
  return bound;
}

// Refuses weights so large that the network could overflow float32 for
// inputs in [-1, 1] (kMaxLayerOutputBound): the bound of each layer's output
// is carried through the trunk (ReLU never increases a magnitude) into both
// heads. Checkpoints whose tensors do not have the names and sizes of their
// header's shape are left to the loaders, which refuse them.
void check_output_bound(const std::string& path, const CheckpointFile& file) {
  std::map<std::string, const NamedTensor*, std::less<>> by_name;
  for (const NamedTensor& t : file.tensors) by_name.emplace(t.name, &t);
  const NetworkShape& shape = file.info.shape;
  double input_bound = 1.0;
  auto layer = [&](const std::string& name, int in, int out) -> std::optional<double> {
    const auto weight = by_name.find(name + ".weight");
    const auto bias = by_name.find(name + ".bias");
    if (weight == by_name.end() || bias == by_name.end() ||
        weight->second->sizes != std::vector<std::int64_t>{out, in} ||
        bias->second->sizes != std::vector<std::int64_t>{out}) {
      return std::nullopt;
    }
    const double bound = layer_output_bound(*weight->second, *bias->second, input_bound);
    if (!(bound <= kMaxLayerOutputBound)) {
      throw error("checkpoint '", path, "' is corrupt: its weights are too large: layer '", name,
                  "' can output values up to ", bound,
                  " for inputs in [-1, 1], above the limit of ", kMaxLayerOutputBound,
                  " (float32 overflows at 3.4e38)");
    }
    return bound;
  };
  int width = shape.input_size;
  for (std::size_t k = 0; k < shape.hidden.size(); ++k) {
    const auto bound = layer("trunk." + std::to_string(k), width, shape.hidden[k]);
    if (!bound) return;
    input_bound = *bound;
    width = shape.hidden[k];
  }
  if (layer("policy", width, shape.num_actions)) layer("value", width, shape.num_players);
}

// Reads the checkpoint in `bytes` (the contents of `path`).
CheckpointFile parse_checkpoint(const std::string& path, const std::string& bytes) {
  std::size_t pos = 0;
  std::map<std::string, std::string> fields = parse_header(path, bytes, pos);
  CheckpointFile file;
  file.path = path;
  CheckpointInfo& info = file.info;
  info.format_version = take_number<int>(fields, "format_version", path);
  info.game_name = take(fields, "game_name", path);
  info.game_spec = take(fields, "game_spec", path);
  info.encoder_version = take_number<int>(fields, "encoder_version", path);
  info.shape.input_size = take_number<int>(fields, "input_size", path);
  info.shape.num_actions = take_number<int>(fields, "num_actions", path);
  info.shape.num_players = take_number<int>(fields, "num_players", path);
  const std::string hidden = take(fields, "hidden", path);
  try {
    info.shape.hidden = parse_hidden_sizes(hidden);
  } catch (const KibitzError& e) {
    throw error("checkpoint '", path, "' is corrupt: ", e.what());
  }
  info.shape.value_min = take_number<double>(fields, "value_min", path);
  info.shape.value_max = take_number<double>(fields, "value_max", path);
  info.training_step = take_number<std::int64_t>(fields, "training_step", path);
  const auto tensors = take_number<std::size_t>(fields, "tensors", path);
  const auto payload_bytes = take_number<std::size_t>(fields, "payload_bytes", path);
  const auto checksum = take_number<std::uint64_t>(fields, "payload_fnv1a64", path, 16);
  if (!fields.empty()) {
    throw error("checkpoint '", path, "' is corrupt: its header has ", fields.size(),
                " field", fields.size() == 1 ? "" : "s", " this build does not know");
  }
  if (info.shape.input_size < 1 || info.shape.num_actions < 1 || info.shape.num_players < 1 ||
      !(info.shape.value_min < info.shape.value_max)) {
    throw error("checkpoint '", path, "' is corrupt: impossible shape ", info.shape.to_string());
  }

  const std::size_t found = bytes.size() - pos;
  if (found < payload_bytes) {
    throw error("checkpoint '", path, "' is truncated: expected ", payload_bytes,
                " bytes of weights, found ", found);
  }
  if (found > payload_bytes) {
    throw error("checkpoint '", path, "' is corrupt: ", found - payload_bytes,
                " unexpected bytes after the weights");
  }
  const std::string_view payload = std::string_view(bytes).substr(pos);
  if (payload_checksum(payload) != checksum) {
    throw error("checkpoint '", path, "' is corrupt: the weights' checksum is ",
                hex64(payload_checksum(payload)), ", the header says ", hex64(checksum));
  }
  file.tensors = parse_payload(path, payload, tensors);
  check_output_bound(path, file);
  return file;
}

// When `bytes` (the contents of `path`) are a training run's `latest` file,
// the checkpoint it names: "ckpt-000012\n" in runs/x/latest names
// runs/x/ckpt-000012.pt. A name that already ends in ".pt" is taken as it is.
std::optional<std::string> latest_pointer_target(const std::string& path, std::string_view bytes) {
  if (bytes.size() > kMaxPointerBytes) return std::nullopt;
  if (bytes.ends_with('\n')) bytes.remove_suffix(1);
  if (bytes.ends_with('\r')) bytes.remove_suffix(1);
  const bool file_name =
      !bytes.empty() && bytes != "." && bytes != ".." &&
      std::all_of(bytes.begin(), bytes.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
      });
  if (!file_name) return std::nullopt;
  std::string name(bytes);
  if (!name.ends_with(".pt")) name += ".pt";
  return (std::filesystem::path(path).parent_path() / name).string();
}

}  // namespace

std::uint64_t payload_checksum(std::string_view payload) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char c : payload) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

CheckpointInfo make_checkpoint_info(const Game& game, const NetworkShape& shape,
                                    std::int64_t training_step) {
  CheckpointInfo info;
  info.game_name = game.name();
  info.game_spec = game.spec();
  info.encoder_version = encoder_version(game.name());
  info.shape = shape;
  info.training_step = training_step;
  return info;
}

void write_checkpoint(const std::string& path, const CheckpointFile& checkpoint) {
  const std::string payload = encode_payload(checkpoint.tensors);
  const std::string header = encode_header(checkpoint.info, checkpoint.tensors.size(), payload);
  write_file_atomically(
      path,
      [&](std::ostream& out) {
        out.write(header.data(), static_cast<std::streamsize>(header.size()));
        out.write(payload.data(), static_cast<std::streamsize>(payload.size()));
      },
      "checkpoint");
}

CheckpointFile read_checkpoint(const std::string& path) {
  const std::string bytes = read_file_limited(path, kMaxCheckpointBytes, "checkpoint");
  if (bytes.starts_with(kMagic)) return parse_checkpoint(path, bytes);
  const std::optional<std::string> target = latest_pointer_target(path, bytes);
  if (!target) return parse_checkpoint(path, bytes);  // refused as not a checkpoint
  // One step only: what `latest` names must be a checkpoint itself.
  // The name is the file's own text: no message shows it, or the path
  // made of it (a short one-word file may be a secret, not a pointer).
  std::string target_bytes;
  try {
    target_bytes = read_file_limited(*target, kMaxCheckpointBytes, "checkpoint");
  } catch (const KibitzError&) {
    throw error("'", path, "' is not a kibitz checkpoint: it holds one file name, as a training "
                "run's 'latest' file does, but no readable checkpoint of that name is beside it");
  }
  return parse_checkpoint(*target, target_bytes);
}

void check_compatible(const CheckpointInfo& info, const Game& game, const LoadOptions& options,
                      const std::string& path) {
  const std::string what = "checkpoint '" + path + "'";
  if (info.game_name != game.name()) {
    throw error(what, " is for game '", info.game_name, "', not '", game.name(), "'");
  }
  if (!options.allow_other_params && info.game_spec != game.spec()) {
    throw error(what, " was trained on ", info.game_spec, ", not ", game.spec(),
                " (the game's parameters differ)");
  }
  const int version = encoder_version(game.name());
  if (info.encoder_version != version) {
    throw error(what, " uses encoder version ", info.encoder_version, " of ", game.name(),
                "; this build's encoder is version ", version);
  }
  const NetworkShape expected = network_shape_for(game, info.shape.hidden);
  auto refuse = [&](const std::string& field, const auto& want, const auto& found) {
    throw error(what, " has the wrong network shape: ", field, " expected ", want, ", found ",
                found, " (checkpoint: ", info.shape.to_string(), ")");
  };
  if (info.shape.input_size != expected.input_size) {
    refuse("input size", expected.input_size, info.shape.input_size);
  }
  if (info.shape.num_actions != expected.num_actions) {
    refuse("actions", expected.num_actions, info.shape.num_actions);
  }
  if (info.shape.num_players != expected.num_players) {
    refuse("seats", expected.num_players, info.shape.num_players);
  }
  if (options.hidden && *options.hidden != info.shape.hidden) {
    refuse("hidden layers", hidden_sizes_to_string(*options.hidden),
           hidden_sizes_to_string(info.shape.hidden));
  }
  // Another parameter set may have other return bounds; the net keeps its
  // own scale then, so the range is only checked when the spec must match.
  if (!options.allow_other_params &&
      (info.shape.value_min != expected.value_min || info.shape.value_max != expected.value_max)) {
    refuse(
        "value range",
        "[" + double_text(expected.value_min) + ", " + double_text(expected.value_max) + "]",
        "[" + double_text(info.shape.value_min) + ", " + double_text(info.shape.value_max) + "]");
  }
}

}  // namespace kibitz::neural
