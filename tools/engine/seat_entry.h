// What a person at a table types for the AI's seat, read into observations.
// An entry is one observation in its readable form (StreamSpec::from_text:
// any case, any spacing), or several separated by ';' (the observations one
// move gives, entered together). A kind whose last field is one card may be
// followed by several cards, one observation each: "dealt 5S JD 7S" is
// "dealt 5S", "dealt JD", "dealt 7S", as a dealer calls a hand.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/observation.h"
#include "env/core/stream_spec.h"

namespace kibitz::tools {

// Throws KibitzError naming the part that reads as no observation (the
// StreamSpec's reason) or a value out of range (seats by `num_players`).
SeatStream read_typed_observations(const StreamSpec& spec, int num_players, std::string_view text);

// `text` in lower case (ASCII letters): entries read in any case.
std::string lowercase(std::string_view text);

// The words of `text`, split at spaces and tabs (views into `text`).
std::vector<std::string_view> typed_words(std::string_view text);

// `text` in quotes for a message; a text longer than `max_chars` is cut to
// its first `max_chars` characters, followed by "..." and its length
// ("'xxxx...' (200000 characters)"), so no message repeats a huge line.
std::string bounded_quote(std::string_view text, std::size_t max_chars = 80);

}  // namespace kibitz::tools
