// The JSON export's timeline (replays/export_timeline.h): for seeded random
// games of every registered game, the events are exactly what the streams
// say (the public ones exactly the spectator's stream, the private ones
// exactly what each seat alone received), every chance move names the seat
// it concerns, Adulting's forced chance moves complete the history, and
// the tallies and money events agree with the State.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"
#include "replays/export_timeline.h"
#include "replays/record_json.h"
#include "tests/replays/replay_test_util.h"

namespace kibitz::replays {
namespace {

using testing::random_record;

struct Replayed {
  std::shared_ptr<const Game> game;
  ReplayRecord record;
  std::unique_ptr<State> state;  // at the end
  ExportTimeline timeline;
};

Replayed replayed(const std::string& spec, std::uint64_t seed) {
  Replayed r;
  r.game = load_game(spec);
  r.record = random_record(spec, seed, /*annotate=*/false);
  r.state = r.game->state_from_history(r.record.actions);
  r.timeline = export_timeline(*r.game, r.record.actions);
  return r;
}

std::string kind_of(const Game& game, const ExportedEvent& e) {
  return game.stream_spec().kind(e.observation.kind).name;
}

// An event's value by its field's name (seats and numbers only).
int field(const Game& game, const ExportedEvent& e, const std::string& name) {
  const std::vector<ObservationField>& fields = game.stream_spec().fields(e.observation.kind);
  int at = 0;
  for (const ObservationField& f : fields) {
    if (f.name == name) return e.observation.value(at);
    at += f.type == FieldType::kCards ? 1 + e.observation.value(at) : 1;
  }
  ADD_FAILURE() << "no field " << name << " in " << kind_of(game, e);
  return 0;
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

// The observations of one viewer (a seat, or kSpectator for the public
// events) that move `move` caused, in a fixed order.
std::vector<Observation> viewer_events(const ExportTimeline& timeline, Player viewer, int move) {
  std::vector<Observation> out;
  for (const ExportedEvent& e : timeline.events) {
    const bool saw = viewer == kSpectator
                         ? e.is_public
                         : std::count(e.seen_by.begin(), e.seen_by.end(), viewer) > 0;
    if (e.move == move && saw) out.push_back(e.observation);
  }
  return out;
}

// Each viewer's events are exactly its stream, in order: the public events
// are what the spectator saw (so a public export of them holds nothing an
// onlooker could not see), and move by move a seat's events are what it saw.
TEST(ExportTimeline, EachViewersEventsAreExactlyItsStream) {
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      SCOPED_TRACE(spec);
      const Replayed r = replayed(spec, 11);
      std::vector<Observation> open;
      int last_move = -1;
      for (const ExportedEvent& e : r.timeline.events) {
        EXPECT_GE(e.move, last_move);
        last_move = e.move;
        EXPECT_TRUE(e.is_public || !e.seen_by.empty());
        EXPECT_TRUE(std::is_sorted(e.seen_by.begin(), e.seen_by.end()));
        if (e.is_public) open.push_back(e.observation);
      }
      EXPECT_EQ(open, r.state->public_stream());
      // Move by move: a stream fixes how many moves were made, and each
      // move's observations are its own.
      std::unique_ptr<State> s = r.game->new_initial_state();
      std::vector<SeatStream> before(static_cast<std::size_t>(r.game->num_players()));
      for (int move = -1; move < static_cast<int>(r.record.actions.size()); ++move) {
        if (move >= 0) s->apply_action(r.record.actions[static_cast<std::size_t>(move)]);
        for (int seat = 0; seat < r.game->num_players(); ++seat) {
          SeatStream& old = before[static_cast<std::size_t>(seat)];
          const SeatStream now = s->seat_stream(seat);
          const std::vector<Observation> gained(
              now.begin() + static_cast<std::ptrdiff_t>(old.size()), now.end());
          ASSERT_EQ(viewer_events(r.timeline, seat, move), gained)
              << "seat " << seat << " move " << move;
          old = now;
        }
      }
    }
  }
}

// The chance actions whose text says they concern nobody in particular.
bool concerns_nobody(const std::string& game, const std::string& text, int chance_index) {
  if (game == "adulting") return starts_with(text, "top ");
  if (game == "leduc_poker") return chance_index == 2;  // the public card
  return false;
}

TEST(ExportTimeline, EveryChanceMoveNamesTheSeatItConcerns) {
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      SCOPED_TRACE(spec);
      const Replayed r = replayed(spec, 5);
      ASSERT_EQ(r.timeline.chance_seat.size(), r.record.actions.size());
      std::unique_ptr<State> s = r.game->new_initial_state();
      int chance_index = 0;
      for (std::size_t i = 0; i < r.record.actions.size(); ++i) {
        const bool chance = s->is_chance_node();
        const std::string text = s->action_to_string(s->current_player(), r.record.actions[i]);
        const std::optional<Player> seat = r.timeline.chance_seat[i];
        if (!chance) {
          EXPECT_FALSE(seat.has_value()) << "move " << i;
        } else if (info.name == "loyalist_spies") {
          // A card face down onto a mission is nobody's; the rest name a seat.
          const auto& spies = dynamic_cast<const loyalist_spies::LoyalistSpiesState&>(*s);
          EXPECT_EQ(seat.has_value(), spies.phase() != loyalist_spies::Phase::kFaceDown)
              << "move " << i;
        } else if (concerns_nobody(info.name, text, chance_index)) {
          EXPECT_FALSE(seat.has_value()) << "move " << i << " " << text;
        } else {
          ASSERT_TRUE(seat.has_value()) << "move " << i << " " << text;
          EXPECT_GE(*seat, 0);
          EXPECT_LT(*seat, r.game->num_players());
        }
        chance_index += chance ? 1 : 0;
        s->apply_action(r.record.actions[i]);
      }
    }
  }
}

// A chance move that shows something to one seat alone concerns that seat:
// a dealt card, a truth, a measurement, a draw.
TEST(ExportTimeline, APrivateChanceOutcomeConcernsTheSeatThatSawIt) {
  const std::vector<std::string> specs = {"adulting(players=5)",
                                          "laws_and_disorder(players=4)",
                                          "kuhn_poker(players=3)",
                                          "leduc_poker",
                                          "spoon_nomic(players=3,packs=1,nweeks=3)",
                                          "loyalist_spies(rounds=1)"};
  for (const std::string& spec : specs) {
    SCOPED_TRACE(spec);
    const Replayed r = replayed(spec, 3);
    int checked = 0;
    for (const ExportedEvent& e : r.timeline.events) {
      if (e.is_public || e.move < 0 || e.seen_by.size() != 1) continue;  // seen by one seat alone
      const std::optional<Player> seat = r.timeline.chance_seat[static_cast<std::size_t>(e.move)];
      if (!seat) continue;
      EXPECT_EQ(*seat, e.seen_by[0]) << "move " << e.move << " " << kind_of(*r.game, e);
      ++checked;
    }
    EXPECT_GT(checked, 0);
  }
}

// A deck whose cards are mostly always adult or always child, so that most
// truths are settled without a chance node.
const char* const kFixedTruthDeck = R"({"cards": [
  {"name": "H1", "suit": "hearts", "job": "rank", "adult": 1},
  {"name": "H2", "suit": "hearts", "job": "rank", "adult": 0},
  {"name": "C1", "suit": "clubs", "job": "payout", "adult": 1},
  {"name": "C2", "suit": "clubs", "job": "payout", "adult": 0.5},
  {"name": "D1", "suit": "diamonds", "job": "category", "adult": 0},
  {"name": "D2", "suit": "diamonds", "job": "category", "adult": 1},
  {"name": "S1", "suit": "spades", "job": "challenge", "adult": 0},
  {"name": "S2", "suit": "spades", "job": "challenge", "adult": 1},
  {"name": "S3", "suit": "spades", "job": "rank", "adult": 0.5},
  {"name": "S4", "suit": "spades", "job": "rank", "adult": 1}]})";

// Every truth, draw, top back, Steal and elimination the public stream
// shows is a chance action or a forced one, and a forced one names its seat.
TEST(ExportTimeline, AdultingForcedChanceMovesCompleteTheHistory) {
  const std::map<std::string, std::string> shown_as = {{"top ", "top_back"},
                                                       {"draw ", "draws"},
                                                       {"truth ", "truth_to"},
                                                       {"eliminate ", "eliminated"},
                                                       {"steal ", "takes_a_card"}};
  testing::TempDir dir;
  const std::string deck = dir.file("fixed_truths.json");
  testing::write_bytes(deck, kFixedTruthDeck);
  std::map<std::string, int> forced_kinds;
  int forced = 0;
  for (const std::string& spec :
       {std::string("adulting(players=4,variant=bidding)"), std::string("adulting(players=5)"),
        std::string("adulting(players=3,ruling=1)"),
        "adulting(players=3,variant=bidding,deck=" + deck + ")"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(spec + " seed " + std::to_string(seed));
      const Replayed r = replayed(spec, seed);
      std::map<std::string, int> moves;
      std::map<std::string, int> events;
      std::unique_ptr<State> s = r.game->new_initial_state();
      for (const Action action : r.record.actions) {
        if (s->is_chance_node()) {
          const std::string text = s->action_to_string(kChancePlayer, action);
          for (const auto& [prefix, kind] : shown_as)
            moves[kind] += starts_with(text, prefix) ? 1 : 0;
        }
        s->apply_action(action);
      }
      for (const ForcedMove& f : r.timeline.forced) {
        ++forced;
        ++forced_kinds[f.chance.text.substr(0, f.chance.text.find(' '))];
        bool known = false;
        for (const auto& [prefix, kind] : shown_as) {
          if (!starts_with(f.chance.text, prefix)) continue;
          known = true;
          ++moves[kind];
          EXPECT_EQ(f.chance.seat == kNoSeat, prefix == "top ") << f.chance.text;
        }
        EXPECT_TRUE(known) << f.chance.text;
      }
      for (const ExportedEvent& e : r.timeline.events) {
        if (e.is_public) ++events[kind_of(*r.game, e)];
      }
      for (const auto& [prefix, kind] : shown_as) EXPECT_EQ(moves[kind], events[kind]) << kind;
    }
  }
  // The runs met forced moves of every kind but a Steal's (rare: a target
  // holding one card).
  EXPECT_GT(forced, 0);
  for (const char* kind : {"top", "draw", "truth", "eliminate"})
    EXPECT_GT(forced_kinds[kind], 0) << kind;
}

// Adulting's monies start at 0 and change only by the payments the events
// show: income, bank, pays, pays_bank, wins, refunds, and the extra a seat
// alone sees itself take.
TEST(ExportTimeline, AdultingMoneyEventsAddUpToTheFinalMonies) {
  for (const std::string& spec :
       {std::string("adulting(players=4,variant=bidding)"), std::string("adulting(players=5)"),
        std::string("adulting(players=3,ruling=1)"), std::string("adulting(players=4)")}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(spec + " seed " + std::to_string(seed));
      const Replayed r = replayed(spec, seed);
      const Game& g = *r.game;
      std::vector<int> monies(static_cast<std::size_t>(g.num_players()), 0);
      std::vector<int> points(static_cast<std::size_t>(g.num_players()), -1);
      const auto at = [](int seat) { return static_cast<std::size_t>(seat); };
      for (const ExportedEvent& e : r.timeline.events) {
        const std::string kind = kind_of(g, e);
        if (kind == "income") {
          for (int& m : monies) m += field(g, e, "amount");
        } else if (kind == "bank" || kind == "refund") {
          monies[at(field(g, e, "seat"))] += field(g, e, "amount");
        } else if (kind == "pays") {
          monies[at(field(g, e, "seat"))] -= field(g, e, "amount");
          monies[at(field(g, e, "to"))] += field(g, e, "amount");
        } else if (kind == "pays_bank") {
          monies[at(field(g, e, "seat"))] -= field(g, e, "amount");
        } else if (kind == "wins") {
          monies[at(field(g, e, "seat"))] -= field(g, e, "price");
        } else if (kind == "you_take_extra") {
          ASSERT_EQ(e.seen_by.size(), 1u);
          monies[at(e.seen_by[0])] += field(g, e, "extra");
        } else if (kind == "points") {
          points[at(field(g, e, "seat"))] = field(g, e, "points");
        }
      }
      ASSERT_EQ(r.timeline.tallies.size(), 2u);
      EXPECT_EQ(r.timeline.tallies[0].name, "points");
      EXPECT_EQ(r.timeline.tallies[1].name, "monies");
      EXPECT_EQ(r.timeline.tallies[1].values, monies);
      EXPECT_EQ(r.timeline.tallies[0].values, points);  // the game's own final "points" events
    }
  }
}

// Laws and Disorder: monies start at kStartingMonies; a law's pay, gains,
// losses and gifts move them, and each ability costs kAbilityCost.
TEST(ExportTimeline, LawsMoneyEventsAddUpToTheFinalMonies) {
  namespace ld = laws_and_disorder;
  const std::vector<std::string> abilities = {"judge_enforce",  "judge_destroy",  "thief",
                                              "scientist_add",  "scientist_take", "merchant_swap",
                                              "merchant_trade", "priest_swap"};
  int made = 0;
  for (const std::string& spec : find_game("laws_and_disorder").test_specs) {
    SCOPED_TRACE(spec);
    const Replayed r = replayed(spec, 2);
    const Game& g = *r.game;
    std::vector<int> monies(static_cast<std::size_t>(g.num_players()), ld::kStartingMonies);
    std::vector<int> final(static_cast<std::size_t>(g.num_players()), -1);
    const auto at = [](int seat) { return static_cast<std::size_t>(seat); };
    for (const ExportedEvent& e : r.timeline.events) {
      const std::string kind = kind_of(g, e);
      if (kind == "law_paid" || kind == "gains") {
        monies[at(field(g, e, "seat"))] += field(g, e, "amount");
        made += kind == "law_paid";
      } else if (kind == "loses") {
        monies[at(field(g, e, "seat"))] -= field(g, e, "amount");
      } else if (kind == "gives_monies") {
        monies[at(field(g, e, "seat"))] -= field(g, e, "amount");
        monies[at(field(g, e, "to"))] += field(g, e, "amount");
      } else if (std::find(abilities.begin(), abilities.end(), kind) != abilities.end()) {
        monies[at(field(g, e, "seat"))] -= ld::kAbilityCost;
      } else if (kind == "final") {
        final[at(field(g, e, "seat"))] = field(g, e, "monies");
      }
    }
    ASSERT_EQ(r.timeline.tallies.size(), 1u);
    EXPECT_EQ(r.timeline.tallies[0].name, "monies");
    EXPECT_EQ(r.timeline.tallies[0].values, monies);
    EXPECT_EQ(r.timeline.tallies[0].values, final);
  }
  EXPECT_GT(made, 0);
}

TEST(ExportTimeline, TalliesAreTheStates) {
  {
    const Replayed r =
        replayed("loyalist_spies(players=3,jokers=1,deal=direct,reward=score,max_rounds=3)", 4);
    const auto& spies = dynamic_cast<const loyalist_spies::LoyalistSpiesState&>(*r.state);
    ASSERT_EQ(r.timeline.tallies.size(), 1u);
    EXPECT_EQ(r.timeline.tallies[0].name, "totals");
    for (int seat = 0; seat < 3; ++seat)
      EXPECT_EQ(r.timeline.tallies[0].values[static_cast<std::size_t>(seat)], spies.total(seat));
  }
  {
    const Replayed r = replayed("spoon_nomic(players=3,packs=1,nweeks=3)", 4);
    const auto& spoon = dynamic_cast<const spoon_nomic::SpoonState&>(*r.state);
    ASSERT_EQ(r.timeline.tallies.size(), 2u);
    for (int seat = 0; seat < 3; ++seat) {
      EXPECT_EQ(r.timeline.tallies[0].values[static_cast<std::size_t>(seat)],
                spoon.table().points(seat));
      EXPECT_EQ(r.timeline.tallies[1].values[static_cast<std::size_t>(seat)], spoon.score(seat));
    }
  }
  // Poker and the Tea Game keep their scores in the returns alone.
  EXPECT_TRUE(replayed("kuhn_poker", 1).timeline.tallies.empty());
  EXPECT_TRUE(replayed("tea_game(players=3,days=1,delay_prob=0.5)", 1).timeline.tallies.empty());
}

// A record cut short, or with an illegal action, is exported as far as it
// replays.
TEST(ExportTimeline, StopsAtTheFirstIllegalAction) {
  ReplayRecord record = random_record("kuhn_poker", 3, false);
  std::vector<Action> actions = record.actions;
  actions[2] = 99;
  const ExportTimeline timeline = export_timeline(*load_game("kuhn_poker"), actions);
  EXPECT_EQ(timeline.chance_seat.size(), 2u);
  for (const ExportedEvent& e : timeline.events) EXPECT_LT(e.move, 2);
}

// The JSON form: one chance_seat per action (a seat, or null), the forced
// moves, every event with its move, kind, fields and audience, the tallies;
// and the document still reads back to the record.
TEST(ExportTimelineJson, AnAdultingRecordCarriesItsTimeline) {
  const Replayed r = replayed("adulting(players=5)", 2);
  std::ostringstream out;
  {
    JsonRecordWriter writer(out);
    writer.write(r.record);
  }
  std::istringstream in(out.str());
  boost::property_tree::ptree document;
  boost::property_tree::read_json(in, document);
  const boost::property_tree::ptree& record = document.get_child("records").front().second;

  const auto& seats = record.get_child("chance_seat");
  ASSERT_EQ(seats.size(), r.record.actions.size());
  std::size_t i = 0;
  for (const auto& item : seats) {
    const std::optional<Player> seat = r.timeline.chance_seat[i++];
    EXPECT_EQ(item.second.data(), seat ? std::to_string(*seat) : "null");
  }
  const auto& forced = record.get_child("forced_chance");
  ASSERT_EQ(forced.size(), r.timeline.forced.size());
  ASSERT_FALSE(forced.empty());
  EXPECT_EQ(forced.front().second.get<std::string>("text"), r.timeline.forced.front().chance.text);
  EXPECT_EQ(forced.front().second.get<int>("after_move"), r.timeline.forced.front().after_move);

  const auto& events = record.get_child("events");
  ASSERT_EQ(events.size(), r.timeline.events.size());
  int payments = 0;
  for (const auto& [key, event] : events) {
    EXPECT_TRUE(event.get_optional<int>("move").has_value());
    const std::string kind = event.get<std::string>("kind");
    if (kind == "bank") {
      ++payments;
      EXPECT_TRUE(event.get_optional<int>("seat").has_value());
      EXPECT_GT(event.get<int>("amount"), 0);
      EXPECT_EQ(event.get<std::string>("public"), "true");
      EXPECT_FALSE(event.get_child_optional("seen_by"));  // every seat saw it
    }
    if (kind == "truth_adult" || kind == "truth_child" || kind == "measured") {
      EXPECT_EQ(event.get<std::string>("public"), "false");
      EXPECT_EQ(event.get_child("seen_by").size(), 1u);  // the seat alone
    }
  }
  EXPECT_GT(payments, 0);
  const auto& final = record.get_child("final");
  ASSERT_EQ(final.get_child("points").size(), 5u);
  ASSERT_EQ(final.get_child("monies").size(), 5u);
  std::size_t seat = 0;
  for (const auto& item : final.get_child("monies")) {
    EXPECT_EQ(item.second.get_value<int>(), r.timeline.tallies[1].values[seat++]);
  }

  std::istringstream again(out.str());
  const std::vector<ReplayRecord> read = read_json_records(again);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].actions, r.record.actions);
}

// A game that does not load exports empty timelines beside its "?" moves.
TEST(ExportTimelineJson, ARecordThatDoesNotReplayHasAnEmptyTimeline) {
  ReplayRecord record = random_record("kuhn_poker", 1, false);
  record.game = "no_such_game";
  std::ostringstream out;
  {
    JsonRecordWriter writer(out);
    writer.write(record);
  }
  std::istringstream in(out.str());
  boost::property_tree::ptree document;
  boost::property_tree::read_json(in, document);
  const auto& exported = document.get_child("records").front().second;
  for (const auto& item : exported.get_child("chance_seat")) EXPECT_EQ(item.second.data(), "?");
  EXPECT_TRUE(exported.get_child("events").empty());
  EXPECT_TRUE(exported.get_child("forced_chance").empty());
  EXPECT_TRUE(exported.get_child("final").empty());
}

}  // namespace
}  // namespace kibitz::replays
