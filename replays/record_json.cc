#include "replays/record_json.h"

#include <cereal/archives/json.hpp>
#include <sstream>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "replays/record_fields.h"
#include "replays/strict_json.h"

namespace kibitz::replays {
namespace {

// A record with the text of its actions, as the export writes it.
struct ExportedRecord {
  const ReplayRecord* record = nullptr;
  std::vector<std::string> action_text;
};

template <class Archive>
void save(Archive& ar, const ExportedRecord& exported) {
  save_record_fields(ar, *exported.record);
  ar(cereal::make_nvp("action_text", exported.action_text));
}

}  // namespace

// rapidjson's default number of decimal places, which writes every double in
// its shortest form that reads back exactly.
constexpr int kJsonDecimalPlaces = 324;

struct JsonRecordWriter::Archive {
  explicit Archive(std::ostream& out)
      : json(out,
             cereal::JSONOutputArchive::Options(
                 kJsonDecimalPlaces, cereal::JSONOutputArchive::Options::IndentChar::space, 2)) {}
  cereal::JSONOutputArchive json;
};

JsonRecordWriter::JsonRecordWriter(std::ostream& out) : archive_(std::make_unique<Archive>(out)) {
  cereal::JSONOutputArchive& json = archive_->json;
  json(cereal::make_nvp("format_version", kReplayFormatVersion));
  json.setNextName("records");
  json.startNode();
  json.makeArray();
}

JsonRecordWriter::~JsonRecordWriter() {
  try {
    finish();
  } catch (...) {
    // A destructor must not throw; the stream's state tells the caller.
  }
}

void JsonRecordWriter::write(const ReplayRecord& record) {
  KIBITZ_CHECK(archive_ != nullptr, "write after finish()");
  archive_->json(ExportedRecord{&record, action_texts(record)});
}

void JsonRecordWriter::finish() {
  if (archive_ == nullptr) return;
  archive_->json.finishNode();  // the records list
  archive_.reset();             // the archive closes the document as it goes
}

std::vector<ReplayRecord> read_json_records(std::istream& in, const std::string& source) {
  // The text whole and bounded, checked strictly (depth, finite numbers,
  // unique keys) before cereal's recursive parser sees any of it.
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxReplayJsonBytes) {
      throw error(source, ": more than the limit of ", kMaxReplayJsonBytes, " bytes of JSON");
    }
  }
  check_strict_json(text, source);
  std::istringstream checked(std::move(text));
  std::vector<ReplayRecord> records;
  try {
    cereal::JSONInputArchive json(checked);
    std::uint32_t version = 0;
    json(cereal::make_nvp("format_version", version));
    if (version != kReplayFormatVersion) {
      throw error("format version ", version, ", but this build reads version ",
                  kReplayFormatVersion);
    }
    json(cereal::make_nvp("records", records));
  } catch (const KibitzError& e) {
    throw error(source, ": ", e.what());
  } catch (const cereal::Exception& e) {
    throw error(source, ": malformed replay JSON: ", e.what());
  }
  return records;
}

std::vector<std::string> action_texts(const ReplayRecord& record) {
  std::vector<std::string> texts(record.actions.size(), "?");
  try {
    const std::shared_ptr<const Game> game = load_game(record.game);
    std::unique_ptr<State> state = game->new_initial_state();
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
      const Action action = record.actions[i];
      if (state->is_terminal() || !state->is_legal(action)) break;
      texts[i] = state->action_to_string(state->current_player(), action);
      state->apply_action(action);
    }
  } catch (const KibitzError&) {
    // A game that does not load has no texts; verify reports why.
  }
  return texts;
}

}  // namespace kibitz::replays
