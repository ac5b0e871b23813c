#include "replays/strict_json.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <unordered_set>
#include <vector>

#include "env/core/error.h"
#include "env/core/json.h"
#include "env/core/json_text.h"

namespace kibitz::replays {
namespace {


// Iterative: the parser keeps its own stack on the heap, so the check never
// recurses however deep the text nests. Not kParseNanAndInfFlag (which cereal
// makes the default): NaN and Infinity stay syntax errors. Numbers come to the
// handler as their text, so this check never runs rapidjson's own conversion
// (see RawNumber for why that matters).
constexpr unsigned kStrictParseFlags = json::kParseIterativeFlag | json::kParseNumbersAsStringsFlag;

// Whether a JSON number's text is a zero written with an exponent ("0e30",
// "-0.00E+99"): every digit before the exponent is 0 and an exponent follows.
// The most characters and significant digits a number may have. kibitz writes
// doubles in their shortest exact form (at most 17 significant digits, 24
// characters) and integers of at most 20 digits (a 64-bit seed).
constexpr std::size_t kMaxNumberChars = 32;
constexpr std::size_t kMaxSignificantDigits = 20;

// The digits of a number's text before its exponent, without the leading zeros.
std::size_t significant_digits(std::string_view number) {
  std::size_t count = 0;
  for (const char c : number.substr(0, number.find_first_of("eE"))) {
    if (c >= '1' && c <= '9')
      ++count;
    else if (c == '0' && count > 0)
      ++count;
  }
  return count;
}

bool is_zero_with_exponent(std::string_view number) {
  const std::size_t exponent = number.find_first_of("eE");
  if (exponent == std::string_view::npos) return false;
  return number.substr(0, exponent).find_first_of("123456789") == std::string_view::npos;
}

// The SAX events of one parse: tracks the open arrays and objects with the
// keys met in each object, and stops the parse at the first thing refused,
// keeping why.
class StrictHandler : public json::BaseReaderHandler<json::UTF8<>, StrictHandler> {
 public:
  // Every number, as its text (kParseNumbersAsStringsFlag), already checked
  // by rapidjson to be JSON number syntax.
  bool RawNumber(const char* text, json::SizeType length, bool) {
    const std::string number(text, length);
    // The readers after this check (cereal's, with full precision) convert a
    // zero with a large exponent through a path of rapidjson 1.1.0 that has
    // undefined behaviour (a count of leading zeros of 0, found by fuzzing:
    // fuzz/findings/replay_json). Nobody writes such a zero; refuse it here.
    if (is_zero_with_exponent(number)) {
      return refuse("the number " + number + " is a zero with an exponent; write 0");
    }
    // The same conversion overflows its 64-bit significand on more than 20
    // digits that begin with 2^64 - 1 (fuzz/findings/README.md), and its
    // cached-power index on very long ones. No number kibitz writes comes
    // near either limit.
    if (number.size() > kMaxNumberChars || significant_digits(number) > kMaxSignificantDigits) {
      return refuse("the number " + number.substr(0, kMaxNumberChars) +
                    (number.size() > kMaxNumberChars ? "..." : "") + " has more than " +
                    std::to_string(kMaxSignificantDigits) + " significant digits or " +
                    std::to_string(kMaxNumberChars) + " characters");
    }
    errno = 0;
    const double value = std::strtod(number.c_str(), nullptr);
    const bool overflowed = errno == ERANGE && std::fabs(value) > 1.0;
    if (std::isfinite(value) && !overflowed) return true;
    return refuse("a number beyond the range of a double");
  }
  bool StartObject() { return open(); }
  bool StartArray() { return open(); }
  bool EndObject(json::SizeType) { return close(); }
  bool EndArray(json::SizeType) { return close(); }
  bool Key(const char* text, json::SizeType length, bool) {
    std::string key(text, length);
    if (levels_.back().keys.insert(key).second) return true;
    return refuse("the key \"" + key + "\" appears twice in one object");
  }

  const std::string& problem() const { return problem_; }

 private:
  // One open array or object; an array's key set stays empty.
  struct Level {
    std::unordered_set<std::string> keys;
  };

  bool open() {
    if (levels_.size() >= kMaxJsonDepth) {
      return refuse("arrays and objects nested deeper than " + std::to_string(kMaxJsonDepth) +
                    " levels");
    }
    levels_.emplace_back();
    return true;
  }
  bool close() {
    levels_.pop_back();
    return true;
  }
  bool refuse(std::string why) {
    problem_ = std::move(why);
    return false;
  }

  std::vector<Level> levels_;
  std::string problem_;
};

bool starts_with_at(std::string_view text, std::size_t offset, std::string_view word) {
  return offset <= text.size() && text.substr(offset).starts_with(word);
}

// Why the parse failed, in words: the handler's own reason, or rapidjson's,
// with NaN and Infinity (syntax errors without kParseNanAndInfFlag) named.
std::string parse_problem(std::string_view text, const json::Reader& reader,
                          const StrictHandler& handler) {
  const json::ParseErrorCode code = reader.GetParseErrorCode();
  if (code == json::kParseErrorTermination) return handler.problem();
  const std::size_t offset = reader.GetErrorOffset();
  for (const std::string_view word : {"NaN", "Infinity", "-Infinity", "Inf", "-Inf"}) {
    // After a minus sign rapidjson stops at the letter, past the sign.
    if (starts_with_at(text, offset, word) ||
        (offset > 0 && text[offset - 1] == '-' && starts_with_at(text, offset - 1, word))) {
      return "NaN and Infinity are not numbers JSON allows (every number must be finite)";
    }
  }
  if (code == json::kParseErrorNumberTooBig) return "a number beyond the range of a double";
  return json::GetParseError_En(code);
}

}  // namespace

void check_strict_json(std::string_view text, const std::string& source) {
  json::MemoryStream bytes(text.data(), text.size());
  json::Reader reader;
  StrictHandler handler;
  if (!reader.Parse<kStrictParseFlags>(bytes, handler)) {
    throw error(source, ": not valid JSON at ", line_and_column(text, reader.GetErrorOffset()),
                ": ", parse_problem(text, reader, handler));
  }
  // Both parsers take a NUL byte for the end of the text: refuse one rather
  // than silently ignore what follows it.
  if (bytes.Tell() != text.size()) {
    throw error(source, ": not valid JSON at ", line_and_column(text, bytes.Tell()),
                ": a NUL byte");
  }
}

}  // namespace kibitz::replays
