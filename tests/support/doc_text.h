// Reading the repository's docs in tests that check them against the code
// (docs/protocol.md, docs/neural.md, docs/agents.md). Header-only, so any
// test can include it; the test defines KIBITZ_SOURCE_DIR.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace kibitz::test_support {

// The text of `relative` (a path from the repository's root); empty when the
// file cannot be read.
inline std::string read_doc(const std::string& source_dir, const std::string& relative) {
  std::ifstream in(source_dir + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text from the line `heading` ("## Encoders") to the next heading of
// its level or above; empty when there is no such line.
inline std::string doc_section(const std::string& doc, const std::string& heading) {
  const std::size_t at = doc.find("\n" + heading + "\n");
  if (at == std::string::npos) return {};
  const std::string level = heading.substr(0, heading.find(' ') + 1);
  std::size_t end = at + heading.size() + 1;
  while (true) {
    end = doc.find("\n#", end + 1);
    if (end == std::string::npos) break;
    const std::size_t hashes = doc.find_first_not_of('#', end + 1) - (end + 1);
    if (hashes <= level.size() - 1) break;
  }
  return doc.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

}  // namespace kibitz::test_support
