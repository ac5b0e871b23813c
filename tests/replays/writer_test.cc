// ReplayWriter: the file on disk is always complete. Records go to a
// temporary file renamed on close; an error or a writer dropped without
// close leaves the old file (or none) and no temporary behind.
#include <gtest/gtest.h>

#include "env/core/error.h"
#include "replays/replay_reader.h"
#include "replays/replay_writer.h"
#include "tests/replays/replay_test_util.h"

namespace kibitz::replays {
namespace {

using testing::random_record;
using testing::TempDir;

TEST(ReplayWriter, CloseRenamesAndLeavesNoTemporary) {
  TempDir dir;
  const std::string path = dir.file("games.kbr");
  const std::vector<ReplayRecord> records = {random_record("leduc_poker", 1),
                                             random_record("kuhn_poker", 2)};
  {
    ReplayWriter writer(path);
    // Until close() the path does not exist: nobody can read half a file.
    EXPECT_FALSE(testing::fs::exists(path));
    for (const ReplayRecord& record : records) writer.write(record);
    EXPECT_FALSE(testing::fs::exists(path));
    writer.close();
    EXPECT_EQ(writer.records_written(), 2u);
  }
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});
  EXPECT_EQ(read_replay_file(path), records);
}

TEST(ReplayWriter, DroppedWithoutCloseLeavesNothing) {
  TempDir dir;
  {
    ReplayWriter writer(dir.file("games.kbr"));
    writer.write(random_record("leduc_poker", 1));
  }
  EXPECT_TRUE(dir.listing().empty());
}

TEST(ReplayWriter, AnErrorMidRunKeepsTheOldFileWhole) {
  TempDir dir;
  const std::string path = dir.file("games.kbr");
  const ReplayRecord old_record = random_record("kuhn_poker", 9);
  {
    ReplayWriter writer(path);
    writer.write(old_record);
    writer.close();
  }
  const std::string old_bytes = testing::read_bytes(path);
  try {
    ReplayWriter writer(path);
    writer.write(random_record("leduc_poker", 1));
    // A record the format cannot hold: the write fails, the run unwinds.
    ReplayRecord too_long = random_record("leduc_poker", 2);
    too_long.actions.resize(std::size_t{1} << 21);
    writer.write(too_long);
    FAIL() << "an oversized record was written";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("exceeds the limit"), std::string::npos) << e.what();
  }
  EXPECT_EQ(testing::read_bytes(path), old_bytes);
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});
}

TEST(ReplayWriter, AppendKeepsTheOldRecordsFirst) {
  TempDir dir;
  const std::string path = dir.file("games.kbr");
  const ReplayRecord a = random_record("kuhn_poker", 1);
  const ReplayRecord b = random_record("leduc_poker", 2);
  const ReplayRecord c = random_record("kuhn_poker", 3);
  {
    ReplayWriter writer(path, WriteMode::kAppend);  // no file yet: starts one
    writer.write(a);
    writer.close();
  }
  {
    ReplayWriter writer(path, WriteMode::kAppend);
    writer.write(b);
    writer.write(c);
    writer.close();
    EXPECT_EQ(writer.records_written(), 2u);
  }
  EXPECT_EQ(read_replay_file(path), (std::vector<ReplayRecord>{a, b, c}));
  {
    ReplayWriter writer(path);  // replace
    writer.write(c);
    writer.close();
  }
  EXPECT_EQ(read_replay_file(path), std::vector<ReplayRecord>{c});
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});
}

TEST(ReplayWriter, AppendingToADamagedFileIsRefusedAndTouchesNothing) {
  TempDir dir;
  const std::string path = dir.file("games.kbr");
  {
    ReplayWriter writer(path);
    writer.write(random_record("kuhn_poker", 1));
    writer.close();
  }
  std::string bytes = testing::read_bytes(path);
  bytes.resize(bytes.size() - 3);
  testing::write_bytes(path, bytes);
  try {
    ReplayWriter writer(path, WriteMode::kAppend);
    FAIL() << "appended to a truncated file";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
  }
  EXPECT_EQ(testing::read_bytes(path), bytes);
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"games.kbr"});
}

TEST(ReplayWriter, UnwritablePathFailsAtOnce) {
  TempDir dir;
  EXPECT_THROW(ReplayWriter(dir.file("no/such/dir/games.kbr")), KibitzError);
  EXPECT_THROW(ReplayWriter(dir.path().string()), KibitzError);  // a directory
  EXPECT_THROW(ReplayReader(dir.file("missing.kbr")), KibitzError);
}

}  // namespace
}  // namespace kibitz::replays
