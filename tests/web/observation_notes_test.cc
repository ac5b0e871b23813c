// The notes a game's web part sends beside its observations (web/message_json.h,
// ObservationNotes). Loyalist Spies notes each mission's terms on the flip
// that makes it and on its reveal (web/games/loyalist_spies/observation_notes.h),
// so the browser keeps no copy of the mission guide: along random games of
// several specs, every note on every seat's stream and on the public stream
// must give the terms the true State used and the result it scored. The
// table's "observations" message and the seat-record view carry them (the
// replay viewer's document: replay_view_test.cc).
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/manifest.h"
#include "env/games/loyalist_spies/stream.h"
#include "web/game_part.h"
#include "web/message_json.h"
#include "web/seat_record_view.h"

namespace kibitz::web {
namespace {

namespace ls = loyalist_spies;

// What the true State settled for one mission, in the order of the game.
struct TrueMission {
  int covert = 0;
  int vp = 0;
  bool success = false;  // set at its reveal
};

// The results of the missions revealed by the events from `first` on of the
// State's own log (its kReveal event holds the success in `card`).
std::vector<bool> revealed_results(const ls::LoyalistSpiesState& state, int first) {
  std::vector<bool> results;
  for (int i = first; i < state.log().size(); ++i) {
    if (state.log()[i].kind == ls::EventKind::kReveal) results.push_back(state.log()[i].card == 1);
  }
  return results;
}

// Plays a random game of `spec`, recording each mission's terms when its card
// is flipped and its result when it is revealed, as the State has them.
struct PlayedGame {
  std::unique_ptr<State> final_state;
  std::vector<TrueMission> missions;
  int reveals = 0;
};

PlayedGame play(const std::string& spec, std::uint64_t seed) {
  const std::shared_ptr<const Game> game = load_game(spec);
  PlayedGame out{game->new_initial_state(), {}, 0};
  SeatFeed onlooker(kSpectator);
  onlooker.update(*out.final_state);
  Rng rng(seed);
  while (!out.final_state->is_terminal()) {
    const auto& before = dynamic_cast<const ls::LoyalistSpiesState&>(*out.final_state);
    const int events_before = before.log().size();
    const Action action = out.final_state->is_chance_node()
                              ? out.final_state->sample_chance_outcome(rng)
                              : out.final_state->legal_actions()[static_cast<std::size_t>(
                                    rng.uniform_int(out.final_state->legal_actions().size()))];
    out.final_state->apply_action(action);
    const auto& after = dynamic_cast<const ls::LoyalistSpiesState&>(*out.final_state);
    const std::vector<bool> results = revealed_results(after, events_before);
    std::size_t result = 0;
    for (const Observation& o : onlooker.update(after)) {
      if (ls::obs_kind(o) == ls::Obs::kFlip) {
        const int card = o.value(1);
        if (!ls::is_joker(card) && ls::rank_of(card) >= 2 && ls::rank_of(card) <= 10) {
          const ls::MissionTerms terms = after.public_state().terms();
          out.missions.push_back({terms.covert, terms.vp});
        }
      } else if (ls::obs_kind(o) == ls::Obs::kReveal) {
        const auto n = static_cast<std::size_t>(out.reveals++);
        EXPECT_LT(n, out.missions.size()) << "a reveal before its mission's flip";
        EXPECT_LT(result, results.size()) << "a reveal observed with no reveal event";
        if (n < out.missions.size() && result < results.size())
          out.missions[n].success = results[result++];
      }
    }
  }
  return out;
}

json::Document parse(const std::string& text) {
  json::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text;
  return doc;
}

// Checks every note of `stream` against the game's missions: the n-th
// mission flip and the n-th reveal are mission n's; no other entry is noted.
void check_stream(const ObservationNotes& notes, const SeatStream& stream, const PlayedGame& game,
                  const std::string& where) {
  std::size_t flips = 0;
  std::size_t reveals = 0;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    const std::string note = notes(stream, i);
    const ls::Obs kind = ls::obs_kind(stream[i]);
    const bool mission_flip = kind == ls::Obs::kFlip && !note.empty();
    if (kind != ls::Obs::kReveal && !mission_flip) {
      EXPECT_EQ(note, "") << where << " entry " << i;
      continue;
    }
    ASSERT_FALSE(note.empty()) << where << " entry " << i;
    const std::size_t n = kind == ls::Obs::kReveal ? reveals++ : flips++;
    ASSERT_LT(n, game.missions.size()) << where << " entry " << i;
    const TrueMission& truth = game.missions[n];
    const json::Document doc = parse(note);
    EXPECT_EQ(doc["covert"].GetInt(), truth.covert) << where << " entry " << i << ": " << note;
    EXPECT_EQ(doc["vp"].GetInt(), truth.vp) << where << " entry " << i << ": " << note;
    if (kind == ls::Obs::kReveal) {
      EXPECT_EQ(doc["success"].GetBool(), truth.success) << where << " entry " << i << ": " << note;
    } else {
      EXPECT_FALSE(doc.HasMember("success")) << where << " entry " << i;
    }
  }
  EXPECT_EQ(flips, game.missions.size()) << where;
  EXPECT_EQ(reveals, static_cast<std::size_t>(game.reveals)) << where;
}

TEST(SpiesObservationNotes, EveryMissionFlipAndRevealCarriesTheTermsAndResultTheStateUsed) {
  const ObservationNotes notes = observation_notes_of(ls::kGameName);
  ASSERT_TRUE(notes) << "Loyalist Spies' web part declares no observation notes";
  int missions = 0;
  int kinged = 0;
  int failed = 0;
  for (const std::string spec : {"loyalist_spies", "loyalist_spies(players=3)",
                                 "loyalist_spies(rounds=1,hearts_failure=discard)"}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const PlayedGame game = play(spec, seed);
      const State& state = *game.final_state;
      for (Player seat = 0; seat < state.num_players(); ++seat) {
        check_stream(notes, state.seat_stream(seat), game,
                     spec + " seed " + std::to_string(seed) + " P" + std::to_string(seat));
      }
      const SeatStream public_stream = state.public_stream();
      check_stream(notes, public_stream, game, spec + " seed " + std::to_string(seed) + " public");
      missions += static_cast<int>(game.missions.size());
      for (const TrueMission& m : game.missions) failed += m.success ? 0 : 1;
      for (const Observation& o : public_stream) {
        if (ls::obs_kind(o) == ls::Obs::kFlip && !ls::is_joker(o.value(1)) &&
            ls::rank_of(o.value(1)) == ls::kRankKing) {
          ++kinged;
        }
      }
    }
  }
  // The games reach what the notes must get right: many missions, Kings
  // flipped past, and both results.
  EXPECT_GT(missions, 50);
  EXPECT_GT(kinged, 5);
  EXPECT_GT(failed, 5);
  EXPECT_LT(failed, missions);
}

TEST(SpiesObservationNotes, AStreamCutBeforeItsMissionsFlipGetsNoNoteOnTheReveal) {
  const PlayedGame game = play("loyalist_spies(rounds=1)", 7);
  const SeatStream stream = game.final_state->public_stream();
  std::size_t reveal = 0;
  while (reveal < stream.size() && ls::obs_kind(stream[reveal]) != ls::Obs::kReveal) ++reveal;
  ASSERT_LT(reveal, stream.size());
  const ObservationNotes notes = observation_notes_of(ls::kGameName);
  EXPECT_NE(notes(stream, reveal), "");
  const SeatStream cut(stream.begin() + static_cast<std::ptrdiff_t>(reveal), stream.end());
  EXPECT_EQ(notes(cut, 0), "");
}

// A made-up stream (an uploaded seat record is one) gets notes only where a
// mission's flip sits right before its face-down cards and plays.
TEST(SpiesObservationNotes, AMadeUpStreamGetsNoNoteForARevealAwayFromItsFlip) {
  const std::shared_ptr<const Game> game = load_game("loyalist_spies");
  const StreamSpec& spec = game->stream_spec();
  const ObservationNotes notes = observation_notes_of(ls::kGameName);
  SeatStream stream;
  for (const char* text :
       {"P1 flips KS", "P1 flips 7H", "a card goes face down", "P2 plays",
        "mission 7H revealed 7H 9C total 16", "mission 7H revealed 7H 9C total 16",
        "P0 draws a card", "mission 7H revealed 7H 9C total 16"}) {
    stream.push_back(spec.from_text(text));
  }
  EXPECT_EQ(notes(stream, 0), "");                          // a King: no mission
  EXPECT_EQ(notes(stream, 1), "{\"covert\":40,\"vp\":4}");  // 7H after one King: 40, 3 - 1 + 2
  EXPECT_EQ(notes(stream, 4), "{\"covert\":40,\"vp\":4,\"success\":true}");
  EXPECT_EQ(notes(stream, 5), "");  // a second reveal of the same mission
  EXPECT_EQ(notes(stream, 7), "");  // a reveal after a draw
}

TEST(ObservationsMessage, CarriesTheNotesOfTheEntriesSentAndNoneForAGameWithout) {
  const PlayedGame game = play("loyalist_spies(rounds=1)", 3);
  const SeatStream stream = game.final_state->seat_stream(1);
  const StreamSpec& spec = game.final_state->game().stream_spec();
  const ObservationNotes notes = observation_notes_of(ls::kGameName);
  const std::size_t from = stream.size() / 2;
  const json::Document doc = parse(observations_message(spec, stream, from, notes));
  ASSERT_TRUE(doc.HasMember("notes"));
  ASSERT_EQ(doc["notes"].Size(), stream.size() - from);
  ASSERT_EQ(doc["observations"].Size(), stream.size() - from);
  int noted = 0;
  for (std::size_t i = from; i < stream.size(); ++i) {
    const json::Value& note = doc["notes"][static_cast<json::SizeType>(i - from)];
    const std::string expected = notes(stream, i);
    if (expected.empty()) {
      EXPECT_TRUE(note.IsNull()) << i;
    } else {
      ASSERT_TRUE(note.IsObject()) << i;
      EXPECT_EQ(note["covert"].GetInt(), parse(expected)["covert"].GetInt()) << i;
      ++noted;
    }
  }
  EXPECT_GT(noted, 0);
  // Kuhn poker declares no notes: its message is as before, with no field.
  EXPECT_FALSE(observation_notes_of("kuhn_poker"));
  const std::shared_ptr<const Game> kuhn = load_game("kuhn_poker");
  auto state = kuhn->new_initial_state();
  state->apply_action(state->legal_actions()[0]);
  const json::Document plain =
      parse(observations_message(kuhn->stream_spec(), state->seat_stream(0), 0));
  EXPECT_FALSE(plain.HasMember("notes"));
}

TEST(SeatRecordView, CarriesTheNotesOfTheSeatsOwnStream) {
  const PlayedGame game = play("loyalist_spies(rounds=1)", 5);
  replays::SeatRecord record;
  record.game = game.final_state->game().spec();
  record.seat = 2;
  record.stream = game.final_state->seat_stream(2);
  const json::Document doc = parse(seat_record_view_json(record, "test"));
  const ObservationNotes notes = observation_notes_of(ls::kGameName);
  ASSERT_EQ(doc["stream"].Size(), record.stream.size());
  int noted = 0;
  for (std::size_t i = 0; i < record.stream.size(); ++i) {
    const json::Value& entry = doc["stream"][static_cast<json::SizeType>(i)];
    const std::string expected = notes(record.stream, i);
    ASSERT_EQ(entry.HasMember("notes"), !expected.empty()) << i;
    if (expected.empty()) continue;
    EXPECT_EQ(entry["notes"]["covert"].GetInt(), parse(expected)["covert"].GetInt()) << i;
    EXPECT_EQ(entry["notes"]["vp"].GetInt(), parse(expected)["vp"].GetInt()) << i;
    ++noted;
  }
  EXPECT_GT(noted, 0);
}

}  // namespace
}  // namespace kibitz::web
