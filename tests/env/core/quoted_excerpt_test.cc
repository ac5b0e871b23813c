// quoted_excerpt: what an error message shows of a file's bytes is quoted,
// escaped (never a raw control byte) and short.
#include "env/core/quoted_excerpt.h"

#include <gtest/gtest.h>

#include <string>

namespace kibitz {
namespace {

TEST(QuotedExcerpt, KeepsPrintableTextInQuotes) {
  EXPECT_EQ(quoted_excerpt("Kc pass=0.5"), "'Kc pass=0.5'");
  EXPECT_EQ(quoted_excerpt(""), "''");
}

TEST(QuotedExcerpt, EscapesEveryByteATerminalCouldActOn) {
  EXPECT_EQ(quoted_excerpt("a\nb\tc\rd"), "'a\\nb\\tc\\rd'");
  EXPECT_EQ(quoted_excerpt("it's a\\b"), "'it\\'s a\\\\b'");
  EXPECT_EQ(quoted_excerpt(std::string("\x1b[2J\0\x7f", 6)), "'\\x1b[2J\\x00\\x7f'");
  EXPECT_EQ(quoted_excerpt("\x9b\xff\xc3\xa9"), "'\\x9b\\xff\\xc3\\xa9'");
  // Whatever the input, the output is printable ASCII.
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  for (const char c : quoted_excerpt(all, all.size())) {
    EXPECT_TRUE(c >= 0x20 && c < 0x7f) << static_cast<int>(static_cast<unsigned char>(c));
  }
}

TEST(QuotedExcerpt, TruncatesLongInputAndSaysHowLong) {
  const std::string long_text(1000, 'x');
  EXPECT_EQ(quoted_excerpt(long_text, 5), "'xxxxx'... (1000 bytes)");
  EXPECT_EQ(quoted_excerpt(long_text),
            "'" + std::string(kDefaultExcerptBytes, 'x') + "'... (1000 bytes)");
  EXPECT_EQ(quoted_excerpt("abc", 3), "'abc'");
}

}  // namespace
}  // namespace kibitz
