#include "replays/export_json.h"

#include <string>
#include <vector>

#include "env/core/error.h"

namespace kibitz::replays {
namespace {

using cereal::make_nvp;

// A seat, or null when there is none.
void save_seat(cereal::JSONOutputArchive& ar, const char* name, std::optional<Player> seat) {
  ar.setNextName(name);
  if (seat) {
    ar(static_cast<int>(*seat));
  } else {
    ar(nullptr);
  }
}

void save_chance_seats(cereal::JSONOutputArchive& ar, const ExportTimeline& timeline,
                       std::size_t num_actions) {
  ar.setNextName("chance_seat");
  ar.startNode();
  ar.makeArray();
  for (std::size_t i = 0; i < num_actions; ++i) {
    if (i >= timeline.chance_seat.size()) {
      ar(std::string("?"));
    } else if (timeline.chance_seat[i]) {
      ar(static_cast<int>(*timeline.chance_seat[i]));
    } else {
      ar(nullptr);
    }
  }
  ar.finishNode();
}

void save_forced(cereal::JSONOutputArchive& ar, const std::vector<ForcedMove>& forced) {
  ar.setNextName("forced_chance");
  ar.startNode();
  ar.makeArray();
  for (const ForcedMove& move : forced) {
    ar.startNode();
    ar(make_nvp("after_move", move.after_move));
    save_seat(ar, "seat",
              move.chance.seat == kNoSeat ? std::nullopt : std::optional<Player>(move.chance.seat));
    ar(make_nvp("action", move.chance.outcome), make_nvp("text", move.chance.text));
    ar.finishNode();
  }
  ar.finishNode();
}

// The observation's fields as the game's StreamSpec names them: seats and
// numbers as integers, cards by name, card lists as arrays of names.
void save_fields(cereal::JSONOutputArchive& ar, const StreamSpec& spec, const Observation& o) {
  ar(make_nvp("kind", spec.kind(o.kind).name));
  int at = 0;
  for (const ObservationField& field : spec.fields(o.kind)) {
    switch (field.type) {
      case FieldType::kSeat:
      case FieldType::kNumber:
        ar(make_nvp(field.name.c_str(), o.value(at++)));
        break;
      case FieldType::kCard:
        ar(make_nvp(field.name.c_str(), spec.card_name(o.value(at++))));
        break;
      case FieldType::kCards: {
        std::vector<std::string> cards;
        const int count = o.value(at++);
        for (int i = 0; i < count; ++i) cards.push_back(spec.card_name(o.value(at++)));
        ar(make_nvp(field.name.c_str(), cards));
        break;
      }
    }
  }
}

// Each event with its audience: "public" (the spectator saw it) and
// "seen_by", left out when every seat saw it (most events).
void save_events(cereal::JSONOutputArchive& ar, const StreamSpec* spec,
                 const ExportTimeline& timeline) {
  ar.setNextName("events");
  ar.startNode();
  ar.makeArray();
  for (const ExportedEvent& event : timeline.events) {
    ar.startNode();
    ar(make_nvp("move", event.move));
    save_fields(ar, *spec, event.observation);
    ar(make_nvp("public", event.is_public));
    if (static_cast<int>(event.seen_by.size()) != timeline.players)
      ar(make_nvp("seen_by", event.seen_by));
    ar.finishNode();
  }
  ar.finishNode();
}

void save_tallies(cereal::JSONOutputArchive& ar, const std::vector<SeatTally>& tallies) {
  ar.setNextName("final");
  ar.startNode();
  for (const SeatTally& tally : tallies) ar(make_nvp(tally.name.c_str(), tally.values));
  ar.finishNode();
}

}  // namespace

void save_timeline(cereal::JSONOutputArchive& ar, const StreamSpec* spec,
                   const ExportTimeline& timeline, std::size_t num_actions) {
  save_chance_seats(ar, timeline, num_actions);
  save_forced(ar, timeline.forced);
  KIBITZ_CHECK(spec != nullptr || timeline.events.empty(),
               "export: events without the game's stream spec");
  save_events(ar, spec, timeline);
  save_tallies(ar, timeline.tallies);
}

}  // namespace kibitz::replays
