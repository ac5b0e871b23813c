// TabularPolicy: validation of entries, lookups, and the policy file format
// (docs/policy_files.md): every load error names the file and line.
#include "agents/tabular/tabular_policy.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <string>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::shared_ptr<const Game> kuhn() { return load_game("kuhn_poker"); }

// A file under the test temp dir, named after the running test.
std::string temp_path(const std::string& suffix) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "kibitz_" + info->name() + suffix;
}

std::string write_file(const std::string& text) {
  const std::string path = temp_path(".policy");
  std::ofstream(path) << text;
  return path;
}

// A complete uniform Kuhn policy file, one line per information state.
std::string uniform_kuhn_text() {
  std::string text;
  for (int seat = 0; seat < 2; ++seat) {
    for (const char* card : {"J", "Q", "K"}) {
      const std::string prefix = "seat " + std::to_string(seat) + " card " + card + " betting ";
      const std::array<const char*, 2> bettings =
          seat == 0 ? std::array<const char*, 2>{"-", "pb"} : std::array<const char*, 2>{"p", "b"};
      for (const char* betting : bettings) {
        text += prefix + betting + "\tpass=0.5 bet=0.5\n";
      }
    }
  }
  return text;
}

TEST(TabularPolicyTest, UniformFromTheGameListsEveryInformationState) {
  const TabularPolicy policy = TabularPolicy::uniform(*kuhn());
  EXPECT_EQ(policy.size(), 12u);  // 2 seats x 3 cards x 2 decision points
  const ActionProbabilities* entry = policy.find("seat 1 card Q betting b");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(*entry, (ActionProbabilities{{0, 0.5}, {1, 0.5}}));
}

TEST(TabularPolicyTest, SetRejectsBadProbabilitiesNamingTheInformationState) {
  TabularPolicy policy;
  EXPECT_THAT(error_of([&] {
                policy.set("I", {{0, 0.5}, {1, 0.4}});
              }),
              AllOf(HasSubstr("'I'"), HasSubstr("summing to 0.9")));
  EXPECT_THAT(error_of([&] { policy.set("I", {{0, -0.5}, {1, 1.5}}); }), HasSubstr("non-negative"));
  EXPECT_THAT(error_of([&] { policy.set("I", {{0, 0.5}, {0, 0.5}}); }), HasSubstr("twice"));
  EXPECT_THAT(error_of([&] { policy.set("I", {}); }), HasSubstr("no actions"));
  // Within the tolerance is accepted, and entries come back in action order.
  policy.set("I", {{1, 0.5 + 1e-8}, {0, 0.5}});
  EXPECT_EQ(policy.find("I")->front().action, 0);
}

TEST(TabularPolicyTest, LookupChecksLegalityAndTheMissingRule) {
  auto state = kuhn()->new_initial_state();
  state->apply_action(0);  // deal J to seat 0
  state->apply_action(1);  // deal Q to seat 1
  TabularPolicy strict;
  EXPECT_THAT(error_of([&] { strict.probabilities(*state, 0); }),
              HasSubstr("no entry for information state 'seat 0 card J betting -'"));
  const auto uniform = TabularPolicy::lazy_uniform().probabilities(*state, 0);
  EXPECT_EQ(uniform, (ActionProbabilities{{0, 0.5}, {1, 0.5}}));

  strict.set("seat 0 card J betting -", {{0, 0.25}, {7, 0.75}});
  EXPECT_THAT(error_of([&] { strict.probabilities(*state, 0); }), HasSubstr("illegal action 7"));
  EXPECT_THAT(error_of([&] { strict.probabilities(*state, 1); }), HasSubstr("seat to act is 0"));
  strict.set("seat 0 card J betting -", {{1, 1.0}});
  EXPECT_EQ(strict.probabilities(SeatView(*state, 0)), (ActionProbabilities{{1, 1.0}}));
}

TEST(PolicyFileTest, LoadsNumbersActionStringsFractionsCommentsAndBlankLines) {
  std::string text = "# a comment\n\n   \n" + uniform_kuhn_text();
  // Replace one line with action strings and a fraction, in CRLF style.
  const std::string old_line = "seat 0 card K betting -\tpass=0.5 bet=0.5\n";
  text.replace(text.find(old_line), old_line.size(),
               "seat 0 card K betting -\t1=2/3  pass=1/3\r\n");
  const TabularPolicy policy = load_policy(write_file(text), *kuhn());
  EXPECT_EQ(policy.size(), 12u);
  const ActionProbabilities* entry = policy.find("seat 0 card K betting -");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(*entry, (ActionProbabilities{{0, 1.0 / 3}, {1, 2.0 / 3}}));
}

// Each bad line is reported with "file:line" and what is wrong.
TEST(PolicyFileTest, BadLinesAreReportedWithFileAndLine) {
  struct Case {
    std::string line;
    std::string expected;
  };
  const Case cases[] = {
      {"seat 0 card J betting pass=1", "not a policy line"},
      {"seat 0 card J betting -\tpass", "entry 1 at information state 'seat 0 card J betting -' is not"},
      {"seat 0 card A betting -\tpass=1", "information state (before the tab) is no state of kuhn_poker"},
      {"seat 0 card J betting -\tpass=1 fold=1", "entry 2 at information state 'seat 0 card J betting -' names no legal"},
      {"seat 0 card J betting -\t2=1", "entry 1 at information state 'seat 0 card J betting -' names no legal"},
      {"seat 0 card J betting -\tpass=0.5 bet=0.4", "summing to 0.9"},
      {"seat 0 card J betting -\tpass=1.5 bet=-0.5", "non-negative"},
      {"seat 0 card J betting -\tpass=half", "entry 1 (action 0) at information state 'seat 0 card J betting -' has a bad probability"},
      {"seat 0 card J betting -\tpass=1/0", "has a bad probability"},
      {"seat 0 card J betting -\t", "no <action>=<probability> entries"},
      {"seat 0 card J betting -\tpass=0.5 pass=0.5", "twice"},
      {"# kibitz-policy 2", "unsupported policy file format"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.line);
    // Two lines before the bad one, so the reported line number is 3.
    const std::string path = write_file("# header\n\n" + c.line + "\n" + uniform_kuhn_text());
    const std::string message = error_of([&] { load_policy(path, *kuhn()); });
    EXPECT_THAT(message, HasSubstr(path + ":3: "));
    EXPECT_THAT(message, HasSubstr(c.expected));
  }
}

TEST(PolicyFileTest, AnInformationStateListedTwiceIsReportedAtItsSecondLine) {
  const std::string path =
      write_file("seat 0 card Q betting -\tpass=1\nseat 0 card Q betting -\tbet=1\n");
  const std::string message = error_of([&] { load_policy(path, *kuhn()); });
  EXPECT_THAT(message, HasSubstr(path + ":2: "));
  EXPECT_THAT(message, HasSubstr("listed twice"));
}

TEST(PolicyFileTest, MissingInformationStatesAreAnErrorUnlessAllowed) {
  const std::string path = write_file("seat 0 card J betting -\tbet=1\n");
  const std::string message = error_of([&] { load_policy(path, *kuhn()); });
  EXPECT_THAT(message, HasSubstr(path + ": 11 of 12 information states"));
  EXPECT_THAT(message, HasSubstr("e.g. 'seat "));

  const TabularPolicy policy = load_policy(path, *kuhn(), /*allow_missing=*/true);
  EXPECT_EQ(policy.missing_rule(), TabularPolicy::MissingRule::kUniform);
  auto state = kuhn()->state_from_history(std::vector<Action>{2, 1});
  EXPECT_EQ(policy.probabilities(*state, 0), (ActionProbabilities{{0, 0.5}, {1, 0.5}}));
  state = kuhn()->state_from_history(std::vector<Action>{0, 1});
  EXPECT_EQ(policy.probabilities(*state, 0), (ActionProbabilities{{1, 1.0}}));
}

TEST(PolicyFileTest, UnreadableFileIsNamed) {
  const std::string path = temp_path(".does_not_exist");
  EXPECT_THAT(error_of([&] { load_policy(path, *kuhn()); }),
              HasSubstr("cannot read policy file '" + path + "': no such file"));
}

// A directory or a device was read as a stream: a directory failed with
// basic_filebuf::underflow (an internal error), /dev/zero was read without
// end. Both are refused by name before anything is read.
TEST(PolicyFileTest, PathsThatAreNotRegularFilesAreRefused) {
  const std::string dir = temp_path("_dir");
  std::filesystem::create_directories(dir);
  EXPECT_THAT(error_of([&] { load_policy(dir, *kuhn()); }),
              HasSubstr("cannot read policy file '" + dir + "': is a directory"));
  EXPECT_THAT(error_of([&] { load_policy("/dev/zero", *kuhn()); }),
              HasSubstr("cannot read policy file '/dev/zero': not a regular file"));
}

TEST(PolicyFileTest, AFileOverTheSizeLimitIsRefusedUnread) {
  // Sparse: the size is known without writing 256 MB.
  const std::string path = temp_path(".policy");
  std::ofstream(path).close();
  std::filesystem::resize_file(path, kMaxPolicyFileBytes + 1);
  const std::string message = error_of([&] { load_policy(path, *kuhn()); });
  EXPECT_THAT(message, HasSubstr("cannot read policy file '" + path + "'"));
  EXPECT_THAT(message, HasSubstr("more than the limit of " + std::to_string(kMaxPolicyFileBytes)));
  std::filesystem::remove(path);
}

// Whether every byte of `text` is printable ASCII.
bool printable(const std::string& text) {
  for (const char c : text) {
    if (c < 0x20 || c >= 0x7f) return false;
  }
  return true;
}

// A binary file given as a policy printed its raw bytes (escape sequences
// included) to the terminal, and `cfr(policy=FILE)` from a web request
// echoed the first line of any server file (issue 30): no message quotes
// text of the file that does not match the game.
TEST(PolicyFileTest, NoMessageQuotesTheFilesOwnBytes) {
  const std::string binary("\x1b[2J\x7f\x00\x01\x9b\xff SECRET", 16);
  std::string path = write_file(binary + "\n");
  std::string message = error_of([&] { load_policy(path, *kuhn()); });
  EXPECT_THAT(message, HasSubstr(path + ":1: not a policy line"));
  EXPECT_THAT(message, HasSubstr("is this a kibitz policy file?"));
  for (const std::string& line :
       {binary, binary + "\tpass=1", "seat 0 card J betting -\t" + binary + "=1",
        "seat 0 card J betting -\tpass=" + binary, "seat 0 card J betting -\t" + binary,
        "# kibitz-policy " + binary, std::string("root:x:0:0:SECRET:/root:/bin/bash")}) {
    SCOPED_TRACE(line);
    path = write_file(line + "\n");
    message = error_of([&] { load_policy(path, *kuhn()); });
    EXPECT_FALSE(message.empty());
    EXPECT_THAT(message, Not(HasSubstr("SECRET")));
    EXPECT_THAT(message, Not(HasSubstr("\\x1b"))) << message;
    EXPECT_TRUE(printable(message)) << message;
  }
  // A long line is not shown at all.
  path = write_file(std::string(10'000, 'x') + "\n");
  message = error_of([&] { load_policy(path, *kuhn()); });
  EXPECT_LT(message.size(), 400u);
}

TEST(PolicyFileTest, SaveThenLoadGivesTheSamePolicy) {
  TabularPolicy policy = TabularPolicy::uniform(*kuhn());
  // Probabilities that have no short decimal form must survive exactly.
  policy.set("seat 1 card Q betting b", {{0, 2.0 / 3}, {1, 1.0 / 3}});
  policy.set("seat 0 card K betting -", {{0, 0.1}, {1, 0.9}});
  const std::string path = temp_path(".policy");
  save_policy(path, policy, "first line\nsecond line");
  const TabularPolicy loaded = load_policy(path, *kuhn());
  EXPECT_EQ(loaded.entries(), policy.entries());

  std::ifstream in(path);
  std::string first, second;
  std::getline(in, first);
  std::getline(in, second);
  EXPECT_EQ(first, "# kibitz-policy 1");
  EXPECT_EQ(second, "# first line");
  // The temporary file was renamed away, not left beside the result.
  for (const auto& file : std::filesystem::directory_iterator(::testing::TempDir())) {
    EXPECT_EQ(file.path().string().find(path + ".tmp"), std::string::npos) << file.path();
  }
}

TEST(PolicyFileTest, SaveErrorsNameTheFile) {
  const std::string path = temp_path("_no_such_dir/out.policy");
  EXPECT_THAT(error_of([&] { save_policy(path, TabularPolicy::uniform(*kuhn())); }),
              HasSubstr("cannot write policy file '" + path + "'"));
  TabularPolicy odd;
  odd.set("has\ttab", {{0, 1.0}});
  EXPECT_THAT(error_of([&] { save_policy(temp_path(".policy"), odd); }), HasSubstr("'has\\ttab'"));
}

}  // namespace
}  // namespace kibitz
