// Loyalist Spies rules that are pure arithmetic: the mission guide (covert
// value and VP of a mission card, with the suit modifiers and King bonus), the
// suit effects, and the end-of-round roles and points. Kept apart from the
// State so every table row can be tested on its own.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace kibitz::loyalist_spies {

// The covert value a mission's total may reach (equal succeeds) and its VP.
struct MissionTerms {
  int covert = 0;
  int vp = 0;
};

// rank 2..10 of the mission card, its suit 0..3 (D S H C), and the number of
// Kings flipped before it (+2 VP each).
//   rank 2-5: covert 50, VP 2;  6-8: 40, 3;  9: 35, 4;  10: 30, 5.
//   Clubs covert -3, VP +2;  Diamonds 0, 0;  Spades covert +1;  Hearts VP -1.
MissionTerms mission_terms(int rank, int suit, int kings);

// Cards each player draws after a mission of `suit` (0, 1 or 2), and whether
// each player discards one instead (Hearts failure with hearts_failure=discard).
struct SuitEffect {
  int draws = 0;
  bool discard = false;
};
SuitEffect suit_effect(int suit, bool success, bool hearts_discard);

enum class Role : std::uint8_t { kLoyal = 0, kTraitor = 1, kCompromised = 2 };
std::string_view role_name(Role role);

// Everything about a round's missions that scoring needs.
struct MissionTally {
  std::array<int, 4> missions{};  // missions of each suit
  std::array<int, 4> failed{};    // failed missions of each suit
  std::array<int, 4> vp{};        // VP of all missions of each suit
  int successes = 0;
  int failures = 0;
  int vp_of_successes = 0;

  void add(int suit, int mission_vp, bool success);
};

// The suits whose owners are Compromised (a bit per suit): the most common
// mission suit; a tie goes to the most common among failed missions; a tie
// still standing keeps every tied suit. No missions: no suit.
unsigned compromised_suits(const MissionTally& tally);

struct RoundScore {
  std::array<Role, 4> roles{};
  std::array<int, 4> points{};
};

// Roles and points of one round. ace_suit[s] is seat s's secret suit and
// traitor[s] whether it holds a Joker at the round's end. Traitors are never
// Compromised; a Compromised suit without an owner compromises nobody.
//   Loyal: VP of every successful mission + 1 per mission of their suit.
//   Traitor: 1 per failed mission + 1 per mission of their suit, + 10 when
//     strictly more missions failed than succeeded.
//   Compromised: VP of every mission of their suit.
RoundScore score_round(std::span<const int> ace_suit, std::span<const bool> traitor,
                       const MissionTally& tally);

// The most points a seat can score in a round of at most `max_missions`
// missions (for Game::max_return).
int max_round_points(int max_missions);

}  // namespace kibitz::loyalist_spies
