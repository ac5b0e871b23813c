// Strict JSON: the one check every JSON text kibitz reads (replay JSON,
// scenarios) passes before anything parses it into values. It refuses what
// plain rapidjson, as cereal configures it, would accept or choke on:
//
//   - nesting deeper than kMaxJsonDepth: a recursive parser given
//     "[[[[..." 200,000 levels deep overflows the stack;
//   - NaN, Infinity, and numbers beyond a double's range (1e400): every
//     number kibitz reads is a finite double, and a non-finite expectation
//     would make a comparison meaningless;
//   - a key given twice in one object: which of the two wins would be an
//     accident of the parser.
//
// The check itself parses iteratively (no recursion), so it is safe on any
// input; errors name the source, the line and column, and what is wrong.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kibitz::replays {

// The deepest nesting of arrays and objects accepted. Exported replay JSON
// nests under 10 deep (a Loyalist Spies outcome's revealed cards are the
// deepest) and a scenario 2; 64 leaves room for any hand-written file.
inline constexpr std::size_t kMaxJsonDepth = 64;

// Throws KibitzError "<source>: not valid JSON at line L, column C: <why>"
// unless `text` is one JSON value within the limits above (with nothing but
// white space after it).
void check_strict_json(std::string_view text, const std::string& source);

}  // namespace kibitz::replays
