// What a seat sees: the information-state string (info_text.h) and tensor
// (encoder.h, from the fold of seat_facts.h), both read off the seat's
// stream, and the observation string (the table as it is now). Every word and
// number written for a seat depends only on what that seat saw, so two worlds
// the seat cannot tell apart give the same text and tensor.
#include <optional>

#include "env/core/error.h"
#include "env/games/loyalist_spies/encoder.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/info_text.h"
#include "env/games/loyalist_spies/seat_facts.h"

namespace kibitz::loyalist_spies {

void LoyalistSpiesState::information_state_string(Player player, std::string& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  // The seat's reader alone (not the tensor's fold): the text needs only the
  // public rules. Its buffers are kept per thread, so nothing is allocated
  // after the first call.
  thread_local SpiesKnowledge knowledge;  // what the reader writes, unused here
  StreamReader rules(static_cast<const LoyalistSpiesGame&>(game()), player, knowledge, false);
  InfoText text(config(), player, out);
  const ObservationLog& log = observation_log();
  const Audience heard = seat_audience(player);
  int index = 0;
  for (int i = 0; i < log.size(); ++i) {
    if ((log.audience(i) & heard) == 0) continue;
    rules.add(index++, log.observation(i));
    text.read(log.observation(i), rules);
  }
  text.finish();
}

// The seat's stream read whole off the observation log into the fold its
// SeatKnowledge keeps incrementally (seat_facts.h); the fold's buffers are
// kept per thread, so after the first call nothing is allocated.
namespace {

const SeatFacts& fold_stream(const LoyalistSpiesState& state, Player player) {
  KIBITZ_CHECK(player >= 0 && player < state.num_players(), "bad seat ", player);
  thread_local std::optional<SeatFacts> facts;
  const auto& game = static_cast<const LoyalistSpiesGame&>(state.game());
  if (facts.has_value()) {
    facts->restart(game, player);
  } else {
    facts.emplace(game, player);
  }
  const ObservationLog& log = state.observation_log();
  const Audience heard = seat_audience(player);
  for (int i = 0; i < log.size(); ++i) {
    if ((log.audience(i) & heard) != 0) facts->read(log.observation(i));
  }
  return *facts;
}

}  // namespace

std::string LoyalistSpiesState::observation_string(Player player) const {
  const SeatFacts& facts = fold_stream(*this, player);
  const StreamReader& rules = facts.rules();
  const int n = num_players();
  const Phase phase = rules.phase();
  std::string s;
  append_to(s, seat_name(player), ", round ", rules.rounds_finished() + (phase == Phase::kTerminal ? 0 : 1),
            ", phase ", phase_name(phase), ", totals");
  for (int p = 0; p < n; ++p) append_to(s, " ", rules.total(p));
  s += "\naces:";
  for (int p = 0; p < n; ++p) {
    const int ace = rules.known_ace(p);
    append_to(s, " ", seat_name(p), " ", ace != kHidden ? card_name_view(ace) : std::string_view("?"));
  }
  append_to(s, "\nhand [", cards_string(rules.own_hand()), "]");
  if (phase == Phase::kKeep) append_to(s, " kept [", cards_string(rules.own_kept()), "]");
  s += "; hand sizes";
  for (int p = 0; p < n; ++p) append_to(s, " ", rules.hand_size(p));
  append_to(s, "; deck ", rules.deck_size());
  if (phase != Phase::kTerminal) append_to(s, "; determiner ", seat_name(rules.determiner()));
  if (rules.mission_active()) {
    append_to(s, "\nmission ", card_name_view(facts.mission_card()), ", covert ", rules.terms().covert, ", VP ",
              rules.terms().vp, ", ", rules.face_down_count(), " face down, played:");
    for (int p = 0; p < n; ++p) {
      if ((facts.played() >> p) & 1u) append_to(s, " ", seat_name(p));
    }
    if (facts.own_play() >= 0) append_to(s, " (yours ", card_name_view(facts.own_play()), ")");
  }
  const MissionTally& tally = rules.tally();
  append_to(s, "\nmissions ", tally.successes + tally.failures, ": ", tally.successes, " succeeded, ",
            tally.failures, " failed; public [", cards_string(facts.public_cards()), "]");
  return s;
}

void LoyalistSpiesState::information_state_tensor(Player player, std::span<float> out) const {
  encode_information_state(fold_stream(*this, player), out);
}

// The tensor already holds only the present knowledge (no event history), so
// the observation is the same encoding.
void LoyalistSpiesState::observation_tensor(Player player, std::span<float> out) const {
  information_state_tensor(player, out);
}

}  // namespace kibitz::loyalist_spies
