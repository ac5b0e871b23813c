// The whole story of a Loyalist Spies game with every hidden card shown, for
// analysis after the game: each round's aces, deals and keeps, every turn
// (flips, Jacks, Queens, missions with who played which card, draws and
// discards) and the scoring. Read from every seat's stream together
// (State::seat_stream): each seat's own cards come from its own stream. The
// face-down deck cards of a mission are nobody's to see one by one: they are
// the revealed set less the played cards, listed in card order, and unknown
// (empty) while the mission is unrevealed.
//
// Each face-down play is also judged against the player's role: "high" when
// it was the highest value among the pack cards the player held, "low" when
// the lowest, "middle" otherwise, "forced" when every card held had the same
// value (no choice). A Traitor (holding a Joker when it played) wants
// missions to fail, so its card matched the role when high; a loyal player
// (no Joker: Loyal or, by the end, Compromised) wants success, so its card
// matched when low. The opposite extreme is against the role; middle and
// forced cards are neither.
#pragma once

#include <array>
#include <vector>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/scoring.h"

namespace kibitz::loyalist_spies {
class LoyalistSpiesState;
}

namespace kibitz::replays::analysis {

enum class PlayPlace : std::uint8_t { kHigh, kLow, kMiddle, kForced };
enum class RoleFit : std::uint8_t { kMatched, kAgainst, kNeither };

// "high", "low", "middle", "forced"; "matched", "against", "neither".
const char* place_name(PlayPlace place);
const char* fit_name(RoleFit fit);

// Where `card` sits among the pack cards of `hand` (what the player held before playing it).
PlayPlace play_place(loyalist_spies::CardMask hand, int card);
// Whether that place matches the role.
RoleFit role_fit(PlayPlace place, bool traitor);

// One seat's card on a mission.
struct SpiesPlay {
  int seat = 0;
  int card = -1;                         // -1: played nothing (only Jokers held)
  loyalist_spies::CardMask hand = 0;     // what it held before playing
  bool traitor = false;                  // held a Joker when it played
  PlayPlace place = PlayPlace::kForced;  // meaningful when card >= 0
  RoleFit fit = RoleFit::kNeither;
  int event = 0;  // log index of the play (or of the "plays nothing")
};

// One determiner's turn.
struct SpiesTurn {
  int determiner = 0;
  std::vector<int> flips;  // in order: Kings and set-aside Jokers first
  int first_event = 0;
  // A Jack: whose ace the determiner looked at, and whether it matched.
  int jack_target = -1;
  bool jack_match = false;
  // A Queen: the cards she showed (in the order seen) and the top after the order.
  std::vector<int> queen_seen;
  std::vector<int> queen_top;
  bool queen = false;
  // A mission.
  bool mission = false;
  int mission_index = -1;  // 0-based within the round
  int mission_card = -1;
  loyalist_spies::MissionTerms terms;
  std::vector<int> face_down;  // after the reveal only, in card order
  std::vector<SpiesPlay> plays;  // in playing order, "plays nothing" included
  int total = 0;  // the revealed total (before the reveal: the plays so far)
  bool success = false;
  int reveal_event = -1;
  std::array<std::vector<int>, 4> draws;     // per seat, in order
  std::array<std::vector<int>, 4> discards;  // per seat
};

// One round.
struct SpiesRound {
  int index = 0;  // 0-based
  int first_determiner = 0;
  std::array<int, 4> ace{-1, -1, -1, -1};
  std::array<loyalist_spies::CardMask, 4> dealt{};
  std::array<loyalist_spies::CardMask, 4> kept{};  // the starting hands
  std::vector<SpiesTurn> turns;
  bool finished = false;  // scored (false for a game cut short)
  std::array<loyalist_spies::Role, 4> roles{};
  std::array<int, 4> points{};
  std::array<int, 4> totals{};  // after the round
  std::array<loyalist_spies::CardMask, 4> final_hand{};
  int successes = 0;
  int failures = 0;
  int end_event = -1;  // log index of the first round-end event
};

// A whole game, round by round.
struct SpiesTimeline {
  int num_players = 4;
  bool keep5 = true;
  std::vector<SpiesRound> rounds;
};

// The timeline of the game that `state` (finished or not) has played so far.
SpiesTimeline spies_timeline(const loyalist_spies::LoyalistSpiesState& state);

}  // namespace kibitz::replays::analysis
