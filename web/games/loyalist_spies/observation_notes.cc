#include "web/games/loyalist_spies/observation_notes.h"

#include <optional>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/scoring.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::web {
namespace {

namespace ls = loyalist_spies;

// A flipped card that makes a mission: neither a Joker nor a King (both are
// flipped past), nor a Jack or Queen (turns of their own).
bool is_mission_card(int card) {
  if (ls::is_joker(card)) return false;
  const int rank = ls::rank_of(card);
  return rank != ls::kRankJack && rank != ls::kRankQueen && rank != ls::kRankKing;
}

bool is_flip_past(const Observation& o, int determiner) {
  if (ls::obs_kind(o) != ls::Obs::kFlip || o.value(0) != determiner) return false;
  const int card = o.value(1);
  return ls::is_joker(card) || ls::rank_of(card) == ls::kRankKing;
}

// The terms of the mission flipped at `flip`: the flips just before it by
// the same determiner are that turn's Kings and Jokers, and only they (a
// turn's flips follow each other with nothing between). Like flip_of, the
// walk covers one run of entries, which no other mission flip walks.
ls::MissionTerms terms_at(std::span<const Observation> stream, std::size_t flip) {
  const int determiner = stream[flip].value(0);
  const int card = stream[flip].value(1);
  int kings = 0;
  for (std::size_t i = flip; i > 0 && is_flip_past(stream[i - 1], determiner); --i) {
    kings += ls::is_joker(stream[i - 1].value(1)) ? 0 : 1;
  }
  return ls::mission_terms(ls::rank_of(card), ls::suit_of(card), kings);
}

// Between a mission's flip and its reveal come only its face-down cards and
// the seats' plays.
bool is_mission_step(const Observation& o) {
  const ls::Obs kind = ls::obs_kind(o);
  return kind == ls::Obs::kFaceDown || kind == ls::Obs::kPlay || kind == ls::Obs::kPlays ||
         kind == ls::Obs::kNoPlay;
}

// The flip of `mission` that the reveal at `index` ends, if the stream holds
// it. The walk back stops at the first entry a mission cannot hold, so each
// entry is walked over for one reveal at most: a stream from the network
// (an uploaded seat record) costs time in proportion to its length.
std::optional<std::size_t> flip_of(std::span<const Observation> stream, std::size_t index,
                                   int mission) {
  std::size_t i = index;
  while (i > 0 && is_mission_step(stream[i - 1])) --i;
  if (i == 0) return std::nullopt;
  const Observation& o = stream[i - 1];
  if (ls::obs_kind(o) != ls::Obs::kFlip || o.value(1) != mission) return std::nullopt;
  return i - 1;
}

std::string terms_json(const ls::MissionTerms& terms) {
  return "{\"covert\":" + std::to_string(terms.covert) + ",\"vp\":" + std::to_string(terms.vp);
}

}  // namespace

std::string spies_observation_notes(std::span<const Observation> stream, std::size_t index) {
  const Observation& o = stream[index];
  if (ls::obs_kind(o) == ls::Obs::kFlip) {
    return is_mission_card(o.value(1)) ? terms_json(terms_at(stream, index)) + "}" : "";
  }
  if (ls::obs_kind(o) != ls::Obs::kReveal || o.size < 3 || 2 + o.value(1) >= o.size) return "";
  // "mission M revealed SET total T": the mission, the set's length and
  // cards, then the total. A stream without the mission's flip where it
  // belongs (a seat record cut short, or made up) gets no note rather
  // than a guess.
  const int mission = o.value(0);
  const int total = o.value(2 + o.value(1));
  const std::optional<std::size_t> flip = flip_of(stream, index, mission);
  if (!flip) return "";
  const ls::MissionTerms terms = terms_at(stream, *flip);
  return terms_json(terms) + ",\"success\":" + (total <= terms.covert ? "true" : "false") +
         "}";  // equal succeeds
}

}  // namespace kibitz::web
