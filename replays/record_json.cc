#include "replays/record_json.h"

#include <cereal/archives/json.hpp>
#include <optional>
#include <sstream>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/games/loyalist_spies/cards.h"
#include "replays/analysis/game_outcome.h"
#include "replays/export_json.h"
#include "replays/export_timeline.h"
#include "replays/record_fields.h"
#include "replays/strict_json.h"

namespace kibitz::replays {
namespace {

// A record replayed from its actions: each action's text and mover, and the
// state reached (null when the game does not load).
struct ReplayedMoves {
  std::vector<std::string> texts;
  std::vector<std::optional<Player>> players;  // a seat or kChancePlayer; none when not replayed
  std::unique_ptr<State> state;
};

// Replays the record up to its first action that is not legal (verify says why).
ReplayedMoves replay_moves(const ReplayRecord& record) {
  ReplayedMoves moves;
  moves.texts.assign(record.actions.size(), "?");
  moves.players.assign(record.actions.size(), std::nullopt);
  try {
    const std::shared_ptr<const Game> game = load_game(record.game);
    moves.state = game->new_initial_state();
    State& state = *moves.state;
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
      const Action action = record.actions[i];
      if (state.is_terminal() || !state.is_legal(action)) break;
      moves.texts[i] = state.action_to_string(state.current_player(), action);
      moves.players[i] = state.current_player();
      state.apply_action(action);
    }
  } catch (const KibitzError&) {
    // A game that does not load has no texts; verify reports why.
  }
  return moves;
}

// A record with what the export adds for readers: each action's text and
// mover, the game's public outcome, and the timeline of its events, chance
// seats, forced chance moves and tallies (docs/replays.md).
struct ExportedRecord {
  const ReplayRecord* record = nullptr;
  ReplayedMoves moves;
  analysis::GameOutcome outcome;
  ExportTimeline timeline;
};

}  // namespace

// cereal finds save functions by argument-dependent lookup, which never looks
// into unnamed namespaces: these live in the outcome types' own namespace,
// with internal linkage.
namespace analysis {

namespace ls = loyalist_spies;

// Cards as the game writes them: "7C", "TD".
static std::vector<std::string> card_names(const std::vector<int>& cards) {
  std::vector<std::string> names;
  for (const int card : cards) names.push_back(ls::card_name(card));
  return names;
}

static void save(cereal::JSONOutputArchive& ar, const MissionOutcome& m) {
  ar(cereal::make_nvp("mission", m.index + 1), cereal::make_nvp("determiner", m.determiner),
     cereal::make_nvp("card", ls::card_name(m.card)), cereal::make_nvp("kings", m.kings),
     cereal::make_nvp("covert", m.terms.covert), cereal::make_nvp("vp", m.terms.vp),
     cereal::make_nvp("revealed", card_names(m.revealed)), cereal::make_nvp("total", m.total),
     cereal::make_nvp("result", std::string(m.success ? "success" : "failed")));
}

static void save(cereal::JSONOutputArchive& ar, const RoundOutcome& r) {
  ar(cereal::make_nvp("round", r.index + 1),
     cereal::make_nvp("first_determiner", r.first_determiner),
     cereal::make_nvp("missions", r.missions), cereal::make_nvp("scored", r.scored));
  if (!r.scored) return;
  std::vector<std::string> roles;
  for (const ls::Role role : r.roles) roles.emplace_back(ls::role_name(role));
  ar(cereal::make_nvp("roles", roles), cereal::make_nvp("points", r.points),
     cereal::make_nvp("totals", r.totals));
}

static void save(cereal::JSONOutputArchive& ar, const ShownCard& shown) {
  ar(cereal::make_nvp("seat", shown.seat), cereal::make_nvp("card", shown.card));
}

static void save(cereal::JSONOutputArchive& ar, const GameOutcome& outcome) {
  ar(cereal::make_nvp("game", outcome.game), cereal::make_nvp("finished", outcome.finished));
  // Whether "rounds" is written follows the outcome itself, not the game's name.
  if (outcome.played_in_rounds) ar(cereal::make_nvp("rounds", outcome.rounds));
  if (!outcome.poker) return;
  const PokerOutcome& poker = *outcome.poker;
  ar(cereal::make_nvp("ending", std::string(poker.showdown ? "showdown" : "fold")),
     cereal::make_nvp("folded", poker.folded), cereal::make_nvp("showdown", poker.shown));
  if (!poker.public_card.empty()) ar(cereal::make_nvp("public_card", poker.public_card));
  ar(cereal::make_nvp("winners", poker.winners));
}

}  // namespace analysis

namespace {

// Each mover as a seat number or "chance"; "?" for an action not replayed.
void save_players(cereal::JSONOutputArchive& ar,
                  const std::vector<std::optional<Player>>& players) {
  ar.setNextName("action_player");
  ar.startNode();
  ar.makeArray();
  for (const std::optional<Player>& player : players) {
    if (!player) {
      ar(std::string("?"));
    } else if (*player == kChancePlayer) {
      ar(std::string("chance"));
    } else {
      ar(static_cast<int>(*player));
    }
  }
  ar.finishNode();
}

void save(cereal::JSONOutputArchive& ar, const ExportedRecord& exported) {
  save_record_fields(ar, *exported.record);
  ar(cereal::make_nvp("action_text", exported.moves.texts));
  save_players(ar, exported.moves.players);
  ar(cereal::make_nvp("outcome", exported.outcome));
  const State* state = exported.moves.state.get();
  save_timeline(ar, state != nullptr ? &state->game().stream_spec() : nullptr, exported.timeline,
                exported.record->actions.size());
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
  ExportedRecord exported{&record, replay_moves(record), {}, {}};
  if (exported.moves.state != nullptr) {
    exported.outcome = analysis::public_outcome(*exported.moves.state);
    exported.timeline = export_timeline(exported.moves.state->game(), record.actions);
  }
  archive_->json(exported);
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
    if (version < kOldestReplayFormatVersion || version > kReplayFormatVersion) {
      throw error("format version ", version, ", but this build reads versions ",
                  kOldestReplayFormatVersion, " to ", kReplayFormatVersion);
    }
    json.setNextName("records");
    json.startNode();
    cereal::size_type count = 0;
    json(cereal::make_size_tag(count));
    records.resize(static_cast<std::size_t>(count));
    for (ReplayRecord& record : records) json(VersionedRecord{record, version});
    json.finishNode();
  } catch (const KibitzError& e) {
    throw error(source, ": ", e.what());
  } catch (const cereal::Exception& e) {
    throw error(source, ": malformed replay JSON: ", e.what());
  }
  return records;
}

std::vector<std::string> action_texts(const ReplayRecord& record) {
  return replay_moves(record).texts;
}

}  // namespace kibitz::replays
