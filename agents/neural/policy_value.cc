#include "agents/neural/policy_value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

#include "env/core/error.h"
#include "env/core/quoted_excerpt.h"

namespace kibitz::neural {

std::string NetworkShape::to_string() const {
  std::ostringstream out;
  out << input_size << " -> "
      << (hidden.empty() ? "(no hidden layer)" : hidden_sizes_to_string(hidden)) << " -> "
      << num_actions << " logits + " << num_players << " values in [" << value_min << ", "
      << value_max << "]";
  return out.str();
}

NetworkShape network_shape_for(const Game& game, std::vector<int> hidden) {
  NetworkShape shape;
  shape.input_size = game.information_state_tensor_size();
  shape.num_actions = game.num_distinct_actions();
  shape.num_players = game.num_players();
  shape.hidden = std::move(hidden);
  shape.value_min = game.min_return();
  shape.value_max = game.max_return();
  return shape;
}

bool network_fits(const NetworkShape& shape, const Game& game) {
  return shape.input_size == game.information_state_tensor_size() &&
         shape.num_actions == game.num_distinct_actions() &&
         shape.num_players == game.num_players();
}

std::vector<int> parse_hidden_sizes(std::string_view text) {
  std::vector<int> sizes;
  if (text.empty()) return sizes;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    int width = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), width);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || width < 1 ||
        width > 65536) {
      throw error("hidden layer sizes ", quoted_excerpt(text), ": ", quoted_excerpt(item),
                  " is not a width in [1, 65536] (write e.g. 256,256)");
    }
    sizes.push_back(width);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return sizes;
}

std::string hidden_sizes_to_string(const std::vector<int>& hidden) {
  std::string text;
  for (int width : hidden) text += (text.empty() ? "" : ",") + std::to_string(width);
  return text;
}

void check_evaluate_sizes(const NetworkShape& shape, int batch, std::span<const float> inputs,
                          std::span<const float> masks, std::span<const float> policy,
                          std::span<const float> values, std::string_view who) {
  const auto rows = static_cast<std::size_t>(batch);
  KIBITZ_CHECK(batch > 0 && inputs.size() == rows * static_cast<std::size_t>(shape.input_size) &&
                   masks.size() == rows * static_cast<std::size_t>(shape.num_actions) &&
                   policy.size() == masks.size() &&
                   values.size() == rows * static_cast<std::size_t>(shape.num_players),
               who, "::evaluate buffers of the wrong size for batch ", batch);
}

void masked_softmax(std::span<const float> logits, std::span<const float> mask,
                    std::span<float> out) {
  KIBITZ_CHECK(logits.size() == mask.size() && out.size() == logits.size(), "masked_softmax sizes ",
               logits.size(), ", ", mask.size(), ", ", out.size());
  float largest = -std::numeric_limits<float>::infinity();
  for (std::size_t i = 0; i < logits.size(); ++i) {
    if (mask[i] > 0) largest = std::max(largest, logits[i]);
  }
  double total = 0;
  for (std::size_t i = 0; i < logits.size(); ++i) {
    // Illegal entries are set to exactly 0 rather than exp(-big), so no
    // rounding can give them weight.
    out[i] = mask[i] > 0 ? std::exp(logits[i] - largest) : 0.0f;
    total += out[i];
  }
  if (total <= 0) return;  // no legal entry: all zeros
  const auto scale = static_cast<float>(1.0 / total);
  for (float& p : out) p *= scale;
}

void to_absolute_values(Player seat, std::span<const float> relative, std::span<double> absolute) {
  const auto n = static_cast<int>(relative.size());
  KIBITZ_CHECK(absolute.size() == relative.size() && seat >= 0 && seat < n, "seat ", seat, " of ",
               n);
  for (int r = 0; r < n; ++r) absolute[static_cast<std::size_t>((seat + r) % n)] = relative[r];
}

void to_relative_values(Player seat, std::span<const double> absolute, std::span<float> relative) {
  const auto n = static_cast<int>(absolute.size());
  KIBITZ_CHECK(relative.size() == absolute.size() && seat >= 0 && seat < n, "seat ", seat, " of ",
               n);
  for (int r = 0; r < n; ++r) {
    relative[static_cast<std::size_t>(r)] =
        static_cast<float>(absolute[static_cast<std::size_t>((seat + r) % n)]);
  }
}

}  // namespace kibitz::neural
