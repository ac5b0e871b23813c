#include "env/games/loyalist_spies/scoring.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/cards.h"

namespace kibitz::loyalist_spies {
namespace {

constexpr std::array<int, kNumSuits> kCovertModifier = {0, +1, 0, -3};  // D S H C
constexpr std::array<int, kNumSuits> kVpModifier = {0, 0, -1, +2};
constexpr int kKingBonus = 2;
constexpr int kTraitorBonus = 10;

}  // namespace

MissionTerms mission_terms(int rank, int suit, int kings) {
  KIBITZ_CHECK(rank >= 2 && rank <= 10 && suit >= 0 && suit < kNumSuits && kings >= 0,
               "mission card rank ", rank, " suit ", suit);
  MissionTerms t;
  if (rank <= 5) {
    t = {50, 2};
  } else if (rank <= 8) {
    t = {40, 3};
  } else if (rank == 9) {
    t = {35, 4};
  } else {
    t = {30, 5};
  }
  t.covert += kCovertModifier[static_cast<std::size_t>(suit)];
  t.vp += kVpModifier[static_cast<std::size_t>(suit)] + kKingBonus * kings;
  return t;
}

SuitEffect suit_effect(int suit, bool success, bool hearts_discard) {
  switch (suit) {
    case kSuitClubs:
      return {success ? 0 : 1, false};
    case kSuitDiamonds:
      return {success ? 2 : 0, false};
    case kSuitSpades:
      return {1, false};
    case kSuitHearts:
      if (success) return {0, false};
      return hearts_discard ? SuitEffect{0, true} : SuitEffect{1, false};
    default:
      KIBITZ_CHECK(false, "bad suit ", suit);
      return {};
  }
}

std::string_view role_name(Role role) {
  switch (role) {
    case Role::kLoyal:
      return "Loyal";
    case Role::kTraitor:
      return "Traitor";
    case Role::kCompromised:
      return "Compromised";
  }
  return "?";
}

void MissionTally::add(int suit, int mission_vp, bool success) {
  const auto s = static_cast<std::size_t>(suit);
  ++missions[s];
  vp[s] += mission_vp;
  if (success) {
    ++successes;
    vp_of_successes += mission_vp;
  } else {
    ++failed[s];
    ++failures;
  }
}

unsigned compromised_suits(const MissionTally& tally) {
  const int most = *std::max_element(tally.missions.begin(), tally.missions.end());
  if (most == 0) return 0;
  unsigned tied = 0;
  int most_failed = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    if (tally.missions[static_cast<std::size_t>(s)] != most) continue;
    tied |= 1u << s;
    most_failed = std::max(most_failed, tally.failed[static_cast<std::size_t>(s)]);
  }
  // The failed-missions tie-break keeps the tied suits with the most failures
  // (all of them when none failed, so the tie still stands).
  unsigned kept = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    if ((tied >> s & 1u) && tally.failed[static_cast<std::size_t>(s)] == most_failed)
      kept |= 1u << s;
  }
  return kept;
}

RoundScore score_round(std::span<const int> ace_suit, std::span<const bool> traitor,
                       const MissionTally& tally) {
  KIBITZ_CHECK(ace_suit.size() == traitor.size() && ace_suit.size() <= 4, "seat count");
  const unsigned compromised = compromised_suits(tally);
  RoundScore score;
  for (std::size_t seat = 0; seat < ace_suit.size(); ++seat) {
    const auto suit = static_cast<std::size_t>(ace_suit[seat]);
    const int own_missions = tally.missions[suit];
    if (traitor[seat]) {
      score.roles[seat] = Role::kTraitor;
      score.points[seat] =
          tally.failures + own_missions + (tally.failures > tally.successes ? kTraitorBonus : 0);
    } else if (compromised >> suit & 1u) {
      score.roles[seat] = Role::kCompromised;
      score.points[seat] = tally.vp[suit];
    } else {
      score.roles[seat] = Role::kLoyal;
      score.points[seat] = tally.vp_of_successes + own_missions;
    }
  }
  return score;
}

int max_round_points(int max_missions) {
  // Best mission VP: a 10 of Clubs after four Kings, 5 + 2 + 8.
  const int best_vp = 5 + kVpModifier[kSuitClubs] + kKingBonus * 4;
  const int loyal = max_missions * (best_vp + 1);
  const int traitor = 2 * max_missions + kTraitorBonus;
  return std::max(loyal, traitor);
}

}  // namespace kibitz::loyalist_spies
