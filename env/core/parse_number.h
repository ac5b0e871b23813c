// Reading a non-negative 64-bit integer typed on a command line (a seed, a
// limit, a game number): the one reader the `kibitz` subcommands and the
// training options share, so every flag refuses bad numbers the same way.
#pragma once

#include <cstdint>
#include <string_view>

namespace kibitz {

// The whole of `text` as a decimal integer in [0, 2^64); otherwise a
// KibitzError "<what>: '<text>' is not a non-negative integer below 2^64".
std::uint64_t parse_uint64(std::string_view text, std::string_view what);

}  // namespace kibitz
