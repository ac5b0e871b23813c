#include "agents/neural/checkpoint.h"

#include <bit>
#include <charconv>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "agents/neural/encoders.h"
#include "env/core/atomic_file.h"
#include "env/core/error.h"

namespace kibitz::neural {

// The payload stores floats in the host's order, which must be little-endian.
static_assert(std::endian::native == std::endian::little, "checkpoints assume little-endian hosts");

namespace {

constexpr std::string_view kMagic = "kibitz-checkpoint";
// A header longer than this is not a checkpoint header (protects against
// reading a large binary file line by line).
constexpr std::size_t kMaxHeaderBytes = 1 << 16;

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

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
      << "payload_fnv1a64=" << hex64(fnv1a64(payload)) << "\n"
      << "end\n";
  return out.str();
}

// Reads the header fields into `fields`; `pos` ends past the "end" line.
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
    throw error("'", path, "' is not a kibitz checkpoint (it does not start with '", kMagic, "')");
  }
  int version = 0;
  if (!parse_number(line.substr(kMagic.size() + 1), version)) {
    throw error("checkpoint '", path, "' is corrupt: bad format version line '", line, "'");
  }
  if (version != kCheckpointFormatVersion) {
    throw error("checkpoint '", path, "' has format version ", version,
                "; this build reads format version ", kCheckpointFormatVersion);
  }
  std::map<std::string, std::string> fields;
  fields["format_version"] = std::to_string(version);
  while (true) {
    if (!next_line(line)) {
      throw error("checkpoint '", path, "' is truncated or corrupt: its header has no 'end' line");
    }
    if (line == "end") break;
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      throw error("checkpoint '", path, "' is corrupt: header line '", line, "' has no '='");
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
  if (!parse_number(text, value, base)) {
    throw error("checkpoint '", path, "' is corrupt: field ", key, "='", text, "' is not a number");
  }
  return value;
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
    if (space == std::string_view::npos || space == 0) {
      throw corrupt("bad tensor header '" + std::string(line) + "'");
    }
    NamedTensor t;
    t.name = std::string(line.substr(0, space));
    std::string_view dims = line.substr(space + 1);
    std::int64_t total = 1;
    while (!dims.empty()) {
      const std::size_t comma = dims.find(',');
      std::int64_t size = 0;
      if (!parse_number(dims.substr(0, comma), size) || size < 0 || size > (1 << 30)) {
        throw corrupt("bad sizes in tensor header '" + std::string(line) + "'");
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
    tensors.push_back(std::move(t));
  }
  if (pos != payload.size()) throw corrupt("bytes left after the last tensor");
  return tensors;
}

}  // namespace

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
  std::ifstream in(path, std::ios::binary);
  if (!in) throw error("cannot open checkpoint '", path, "'");
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw error("cannot read checkpoint '", path, "'");

  std::size_t pos = 0;
  std::map<std::string, std::string> fields = parse_header(path, bytes, pos);
  CheckpointFile file;
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
    throw error("checkpoint '", path, "' is corrupt: unknown header field '", fields.begin()->first,
                "'");
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
  if (fnv1a64(payload) != checksum) {
    throw error("checkpoint '", path, "' is corrupt: the weights' checksum is ",
                hex64(fnv1a64(payload)), ", the header says ", hex64(checksum));
  }
  file.tensors = parse_payload(path, payload, tensors);
  return file;
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
