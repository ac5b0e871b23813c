// web/static_files.h: every file of web/static/ is served from the binary
// byte for byte with its content type, "/" is the index page, nothing else
// is reachable, and the pages refer only to files that are embedded (no
// network at run time).
#include "web/static_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "env/core/registry.h"
#include "web/game_part.h"

namespace kibitz::web::pages {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// URL path -> bytes of every file on disk under web/static/.
std::map<std::string, std::string> files_on_disk() {
  std::map<std::string, std::string> files;
  const fs::path root(KIBITZ_STATIC_DIR);
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    files["/" + entry.path().lexically_relative(root).generic_string()] = read_file(entry.path());
  }
  return files;
}

std::string expected_type(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  return "?";
}

TEST(StaticFiles, EveryFileIsEmbeddedByteForByteWithItsType) {
  const auto files = files_on_disk();
  ASSERT_TRUE(files.contains("/index.html"));
  ASSERT_TRUE(files.contains("/table.html"));
  ASSERT_TRUE(files.contains("/style.css"));
  for (const auto& [path, bytes] : files) {
    const StaticFile* file = static_file(path);
    ASSERT_NE(file, nullptr) << path;
    EXPECT_EQ(file->bytes, bytes) << path;
    EXPECT_EQ(file->content_type, expected_type(path)) << path;
  }
  EXPECT_EQ(embedded_static_files().size(), files.size()) << "an embedded file is not on disk";
}

TEST(StaticFiles, RootIsTheIndexPage) {
  const StaticFile* root = static_file("/");
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root, static_file("/index.html"));
  EXPECT_EQ(root->content_type, "text/html; charset=utf-8");
}

TEST(StaticFiles, AJoinLinksPathIsTheTablePage) {
  EXPECT_EQ(static_file("/table/3f9c-a_B7"), static_file("/table.html"));
  ASSERT_NE(static_file("/table.html"), nullptr);
  for (const char* path : {"/table/", "/table/a/b", "/table/..", "/table/a.html", "/table/%2e"}) {
    EXPECT_EQ(static_file(path), nullptr) << path;
  }
}

TEST(StaticFiles, UnknownPathsAndPathTricksFindNothing) {
  for (const char* path :
       {"", "/nope.html", "index.html", "/../CMakeLists.txt", "//etc/passwd", "/./index.html",
        "/index.html/", "/INDEX.HTML", "/index.html?x=1", "/static/index.html", "/../web/static/index.html",
        "/%2e%2e/CMakeLists.txt", "/web/static_files.cc", "/CMakeLists.txt"}) {
    EXPECT_EQ(static_file(path), nullptr) << path;
  }
}

// What a page refers to: <script src>, <link href>, <a href> to a page, JS
// `import ... from "x"` and `import "x"`, CSS url(x).
std::vector<std::string> references(const std::string& path, const std::string& text) {
  static const std::regex html(R"re((?:src|href)\s*=\s*"([^"]*)")re");
  static const std::regex js(R"re((?:\bfrom|^import)\s*["']([^"']+)["'])re", std::regex::multiline);
  static const std::regex css(R"re(url\(\s*["']?([^"')]+))re");
  const std::string ext = fs::path(path).extension().string();
  const std::regex& pattern = ext == ".html" ? html : ext == ".js" ? js : css;
  std::vector<std::string> found;
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
    found.push_back((*it)[1].str());
  }
  return found;
}

// A reference resolved against the referring file's URL, without its query
// or fragment.
std::string resolve(const std::string& from, std::string ref) {
  ref = ref.substr(0, ref.find_first_of("?#"));
  if (ref.empty()) return from;
  if (ref.front() == '/') return ref;
  const fs::path base = fs::path(from).parent_path();
  return (base / ref).lexically_normal().generic_string();
}

TEST(StaticFiles, PagesReferOnlyToEmbeddedFilesAndNeverToTheNetwork) {
  int checked = 0;
  for (const auto& [path, bytes] : files_on_disk()) {
    const std::string ext = fs::path(path).extension().string();
    if (ext != ".html" && ext != ".js" && ext != ".css") continue;
    EXPECT_EQ(bytes.find("http://"), std::string::npos) << path << " names a network URL";
    EXPECT_EQ(bytes.find("https://"), std::string::npos) << path << " names a network URL";
    EXPECT_EQ(bytes.find("//cdn"), std::string::npos) << path;
    for (const std::string& ref : references(path, bytes)) {
      EXPECT_NE(static_file(resolve(path, ref)), nullptr) << path << " refers to " << ref;
      ++checked;
    }
  }
  EXPECT_GT(checked, 3) << "the reference patterns found nothing: they no longer match the pages";
}

TEST(StaticFiles, ReferenceCheckCatchesAMissingFile) {
  // The check above must be able to fail.
  const auto refs = references("/x.js", "import { a } from \"./missing.js\";\n");
  ASSERT_EQ(refs.size(), 1u);
  EXPECT_EQ(static_file(resolve("/x.js", refs[0])), nullptr);
  EXPECT_EQ(resolve("/js/a.js", "../style.css"), "/style.css");
}

// A game's web part names its renderer by file: the file must be embedded,
// in js/renderers/, and every part must belong to a registered game.
TEST(StaticFiles, EveryGamesRendererIsEmbedded) {
  for (const auto& entry : WebParts::entries()) {
    EXPECT_NO_THROW(find_game(entry.game)) << "a web part for an unregistered game: " << entry.game;
    if (entry.part.renderer.empty()) continue;
    EXPECT_EQ(entry.part.renderer.find('/'), std::string::npos) << entry.part.renderer;
    EXPECT_NE(static_file("/js/renderers/" + entry.part.renderer), nullptr)
        << entry.game << "'s renderer " << entry.part.renderer << " is not in web/static/js/renderers/";
  }
  EXPECT_FALSE(WebParts::entries().empty()) << "no game part linked: cmake/game_parts.cmake";
}

}  // namespace
}  // namespace kibitz::web::pages
