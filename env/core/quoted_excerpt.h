// Showing bytes read from a file in an error message: a damaged or binary
// file must not print raw control characters (or megabytes) to the terminal.
// Every loader that echoes file content in a KibitzError (policy files,
// checkpoints, ...) passes it through quoted_excerpt.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kibitz {

// How many bytes of a file an error message shows by default.
inline constexpr std::size_t kDefaultExcerptBytes = 60;

// `bytes` in single quotes with printable ASCII kept as is and everything
// else escaped: \n, \r, \t, \\, \' and \xNN for any other byte (control
// characters, DEL and every byte >= 0x80). Only the first `max_bytes` bytes
// are shown; a longer input ends in "... (N bytes)" after the closing quote.
// Example: quoted_excerpt("ab\x01") == "'ab\\x01'".
std::string quoted_excerpt(std::string_view bytes, std::size_t max_bytes = kDefaultExcerptBytes);

}  // namespace kibitz
