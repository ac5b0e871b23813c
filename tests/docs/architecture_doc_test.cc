// docs/ARCHITECTURE.md is a newcomer's map of the code, written by hand, so
// nothing else keeps it true as files move. This test does: every repository
// path, C++ type, Type::member and snake_case name (a function, a CMake
// target) the page writes in backticks, every path in its diagrams and every
// relative link must exist in the source tree; and README.md must link the
// page. A path may hold one <placeholder> per component ("env/games/<game>/"),
// which stands for any existing entry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace kibitz {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(KIBITZ_SOURCE_DIR);

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Whether `name` (one directory entry) fits `pattern`, a path component that
// may hold one <placeholder>: the literal text around it must match, and the
// placeholder must stand for at least one character.
bool component_matches(const std::string& pattern, const std::string& name) {
  const auto open = pattern.find('<');
  if (open == std::string::npos) return pattern == name;
  const auto close = pattern.find('>', open);
  if (close == std::string::npos) return false;
  const std::string prefix = pattern.substr(0, open);
  const std::string suffix = pattern.substr(close + 1);
  return name.size() > prefix.size() + suffix.size() && name.starts_with(prefix) && name.ends_with(suffix);
}

bool exists_from(const fs::path& dir, const std::vector<std::string>& parts, std::size_t at, bool want_dir) {
  if (at == parts.size()) return want_dir ? fs::is_directory(dir) : fs::exists(dir);
  if (parts[at].find('<') == std::string::npos) return exists_from(dir / parts[at], parts, at + 1, want_dir);
  if (!fs::is_directory(dir)) return false;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (component_matches(parts[at], entry.path().filename().string()) &&
        exists_from(entry.path(), parts, at + 1, want_dir)) {
      return true;
    }
  }
  return false;
}

// Whether a repository path exists; a trailing '/' asks for a directory.
bool exists_in_repo(const std::string& path) {
  std::vector<std::string> parts;
  std::istringstream in(path);
  for (std::string part; std::getline(in, part, '/');) {
    if (!part.empty()) parts.push_back(part);
  }
  return !parts.empty() && exists_from(kRoot, parts, 0, path.ends_with('/'));
}

// The page's text outside fenced code blocks, and the lines inside them.
struct DocParts {
  std::string prose;
  std::vector<std::string> code_lines;
};

DocParts split_fences(const std::string& text) {
  DocParts parts;
  std::istringstream lines(text);
  bool in_code = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("```")) {
      in_code = !in_code;
      continue;
    }
    if (in_code) {
      parts.code_lines.push_back(line);
    } else {
      parts.prose += line + "\n";
    }
  }
  return parts;
}

// The inline code spans of Markdown prose (a span may run over a line end).
std::vector<std::string> code_spans(const std::string& prose) {
  std::vector<std::string> spans;
  std::size_t at = 0;
  while ((at = prose.find('`', at)) != std::string::npos) {
    const auto end = prose.find('`', at + 1);
    if (end == std::string::npos) break;
    std::string span = prose.substr(at + 1, end - at - 1);
    std::replace(span.begin(), span.end(), '\n', ' ');
    spans.push_back(span);
    at = end + 1;
  }
  return spans;
}

const std::regex kPathLike(R"([A-Za-z0-9_.<>/-]+)");
const std::regex kFileName(R"([A-Za-z0-9_<>-]+\.[A-Za-z]+)");
const std::regex kTypeName(R"(([A-Z][A-Za-z0-9]*)(::([A-Za-z_][A-Za-z0-9_]*))?)");
const std::regex kSnakeName(R"([a-z][a-z0-9]*(_[a-z0-9]+)+)");

// A span names a repository path when it holds a '/' or is a file name.
bool is_path(const std::string& span) {
  return std::regex_match(span, kPathLike) &&
         (span.find('/') != std::string::npos || std::regex_match(span, kFileName));
}

// Every word of the code base: sources and build files, less this test's
// own folder (so that nothing is found only because it is named here).
struct Corpus {
  std::vector<std::pair<fs::path, std::string>> files;

  Corpus() {
    files.emplace_back(kRoot / "CMakeLists.txt", read_text(kRoot / "CMakeLists.txt"));
    for (const char* top :
         {"env", "agents", "training", "replays", "tools", "web", "python", "tests", "bench", "fuzz"}) {
      for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
        if (!entry.is_regular_file()) continue;
        const fs::path& path = entry.path();
        if (path.string().find("tests/docs") != std::string::npos) continue;
        const auto ext = path.extension();
        if (ext == ".h" || ext == ".cc" || path.filename() == "CMakeLists.txt") {
          files.emplace_back(path, read_text(path));
        }
      }
    }
  }
};

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Whether `text` holds `word` with no identifier character on either side.
bool has_word(const std::string& text, const std::string& word) {
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool left = at == 0 || !is_word_char(text[at - 1]);
    const bool right = at + word.size() == text.size() || !is_word_char(text[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

// Whether a header declares `type` (class, struct, enum or alias).
bool declares_type(const std::string& text, const std::string& type) {
  for (const char* lead : {"class ", "struct ", "enum class ", "enum ", "using "}) {
    if (has_word(text, lead + type)) return true;
  }
  return false;
}

// Whether `member` is declared (called or defined with '(') in a header
// that declares `type`; with an empty member, whether any header declares it.
bool declared(const Corpus& corpus, const std::string& type, const std::string& member) {
  for (const auto& [path, text] : corpus.files) {
    if (path.extension() != ".h" || !declares_type(text, type)) continue;
    if (member.empty()) return true;
    for (std::size_t at = text.find(member + "("); at != std::string::npos; at = text.find(member + "(", at + 1)) {
      if (at == 0 || !is_word_char(text[at - 1])) return true;
    }
  }
  return false;
}

bool named_in_code(const Corpus& corpus, const std::string& word) {
  return std::any_of(corpus.files.begin(), corpus.files.end(),
                     [&](const auto& file) { return has_word(file.second, word); });
}

// Path-like words of a diagram line: a word with a '/' that starts with a
// letter, once the punctuation around it is stripped.
std::vector<std::string> diagram_paths(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream words(line);
  for (std::string word; words >> word;) {
    while (!word.empty() && std::string("(),;:").find(word.front()) != std::string::npos) word.erase(0, 1);
    while (!word.empty() && std::string("(),;:").find(word.back()) != std::string::npos) word.pop_back();
    if (word.empty() || !std::isalpha(static_cast<unsigned char>(word.front()))) continue;
    if (word.find('/') != std::string::npos && std::regex_match(word, kPathLike)) out.push_back(word);
  }
  return out;
}

class ArchitectureDoc : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    doc_ = new DocParts(split_fences(read_text(kRoot / "docs" / "ARCHITECTURE.md")));
    corpus_ = new Corpus();
  }
  static void TearDownTestSuite() {
    delete doc_;
    delete corpus_;
  }
  static DocParts* doc_;
  static Corpus* corpus_;
};
DocParts* ArchitectureDoc::doc_ = nullptr;
Corpus* ArchitectureDoc::corpus_ = nullptr;

TEST(ArchitectureDocChecker, TellsExistingPathsFromMissingOnes) {
  EXPECT_TRUE(exists_in_repo("env/core/state.h"));
  EXPECT_TRUE(exists_in_repo("env/core/"));
  EXPECT_FALSE(exists_in_repo("env/core/state.h/"));  // a file is not a directory
  EXPECT_FALSE(exists_in_repo("env/core/no_such_file.h"));
  EXPECT_TRUE(exists_in_repo("env/games/<game>/"));
  EXPECT_TRUE(exists_in_repo("docs/rules/<game>.md"));
  EXPECT_FALSE(exists_in_repo("env/games/<game>/no_such_file.cc"));
  EXPECT_FALSE(exists_in_repo("docs/rules/<game>.nope"));
  EXPECT_TRUE(is_path("README.md"));
  EXPECT_TRUE(is_path("env/"));
  EXPECT_FALSE(is_path("kibitz_env"));
  EXPECT_FALSE(is_path("leduc_poker(players=2)"));
  EXPECT_FALSE(is_path("kibitz seat"));
  EXPECT_EQ(diagram_paths("SeatFeed (one per seat)    env/core/seat_feed.h"),
            std::vector<std::string>{"env/core/seat_feed.h"});
  EXPECT_EQ(diagram_paths("kibitz_env  (env/: core, gym; Threads only)"), std::vector<std::string>{"env/"});
}

TEST(ArchitectureDocChecker, TellsDeclaredNamesFromMissingOnes) {
  const Corpus corpus;
  EXPECT_TRUE(declared(corpus, "SeatFeed", ""));
  EXPECT_TRUE(declared(corpus, "State", "seat_stream"));
  EXPECT_FALSE(declared(corpus, "State", "no_such_member"));
  EXPECT_FALSE(declared(corpus, "NoSuchType", ""));
  EXPECT_FALSE(declared(corpus, "Seat", ""));  // a prefix of SeatFeed is not a type
  EXPECT_TRUE(named_in_code(corpus, "play_game"));
  EXPECT_FALSE(named_in_code(corpus, "play_gam"));
}

TEST_F(ArchitectureDoc, EveryPathItNamesExists) {
  int checked = 0;
  for (const std::string& span : code_spans(doc_->prose)) {
    if (!is_path(span)) continue;
    ++checked;
    EXPECT_TRUE(exists_in_repo(span)) << "docs/ARCHITECTURE.md names `" << span << "`, which does not exist";
  }
  for (const std::string& line : doc_->code_lines) {
    for (const std::string& path : diagram_paths(line)) {
      ++checked;
      EXPECT_TRUE(exists_in_repo(path)) << "a diagram of docs/ARCHITECTURE.md names " << path
                                        << ", which does not exist";
    }
  }
  // The page is a map of the tree: if no path was found, the reading broke.
  EXPECT_GE(checked, 40);
}

TEST_F(ArchitectureDoc, EveryTypeAndMemberItNamesIsDeclared) {
  int checked = 0;
  for (const std::string& span : code_spans(doc_->prose)) {
    std::smatch match;
    if (!std::regex_match(span, match, kTypeName)) continue;
    ++checked;
    EXPECT_TRUE(declared(*corpus_, match[1].str(), match[3].str()))
        << "docs/ARCHITECTURE.md names `" << span << "`, which no header declares";
  }
  EXPECT_GE(checked, 20);
}

TEST_F(ArchitectureDoc, EverySnakeCaseNameItUsesIsInTheCode) {
  int checked = 0;
  for (const std::string& span : code_spans(doc_->prose)) {
    if (!std::regex_match(span, kSnakeName)) continue;
    ++checked;
    EXPECT_TRUE(named_in_code(*corpus_, span))
        << "docs/ARCHITECTURE.md names `" << span << "`, which no source or CMake file has";
  }
  EXPECT_GE(checked, 10);
}

TEST_F(ArchitectureDoc, EveryRelativeLinkResolves) {
  const std::regex link(R"(\]\(([^)\s#]+)(#[^)]*)?\))");
  int checked = 0;
  for (auto it = std::sregex_iterator(doc_->prose.begin(), doc_->prose.end(), link); it != std::sregex_iterator();
       ++it) {
    const std::string target = (*it)[1].str();
    if (target.find("://") != std::string::npos) continue;
    ++checked;
    EXPECT_TRUE(fs::exists(kRoot / "docs" / target)) << "docs/ARCHITECTURE.md links " << target
                                                     << ", which does not resolve from docs/";
  }
  EXPECT_GE(checked, 10);
}

TEST(ReadmeLinks, TheArchitecturePage) {
  EXPECT_NE(read_text(kRoot / "README.md").find("(docs/ARCHITECTURE.md)"), std::string::npos)
      << "README.md should link docs/ARCHITECTURE.md";
}

}  // namespace
}  // namespace kibitz
