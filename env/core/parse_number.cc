#include "env/core/parse_number.h"

#include <charconv>

#include "env/core/error.h"

namespace kibitz {

std::uint64_t parse_uint64(std::string_view text, std::string_view what) {
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
    throw error(what, ": '", text, "' is not a non-negative integer below 2^64");
  }
  return value;
}

}  // namespace kibitz
