// The information-state tensor of Loyalist Spies (version kEncoderVersion),
// and its decoder: the one description of what a seat knows that agents may
// read (the heuristic bot does). It is written from the fold of the seat's
// own stream (seat_facts.h), never from a true state, so hidden facts cannot
// leak into it.
//
// Seats are relative to the viewer: rel 0 is the viewer, rel 1 the next seat
// clockwise, ... (with 3 players rel 3 stays zero). Cards are indices (cards.h).
//
// Layout (offsets in floats; 818 in all):
//   0    players       2   one-hot: 3 players, 4 players
//   2    seat          4   the viewer's seat (absolute)
//   6    phase        12   one-hot Phase (public_state.h)
//   18   round         1   rounds finished / rounds the game may last
//   19   single_round  1   1 when the game is a fixed number of rounds (rounds=k)
//   20   totals        4   total points by rel seat / target_score
//   24   own_suit      4   one-hot suit of the viewer's ace (zero before it is dealt)
//   28   known_suit   16   [rel*4 + suit]: an ace the viewer knows (rel 0 = own)
//   44   excluded     16   [rel*4 + suit]: suits a failed Jack match ruled out
//   60   hand         54   the viewer's cards (during the keep: the cards dealt)
//   114  kept         54   keep phase: the cards kept so far
//   168  given_up     54   cards the viewer gave up and has not seen since
//   222  public       54   flipped cards and revealed mission sets
//   276  top         162   [slot*54 + card]: a fixed top card whose position the viewer knows
//   438  top_seen     54   cards the viewer saw on top and has not seen leave
//   492  held        216   [rel*54 + card]: cards the viewer saw a seat draw, not seen since
//   708  hand_size     4   by rel seat / 16
//   712  deck_size     1   / 50
//   713  top_len       1   fixed top cards / 3
//   714  determiner    4   one-hot rel seat
//   718  actor         4   one-hot rel seat of the player to act (zero at chance)
//   722  kings         1   Kings flipped this turn / 4
//   723  mission       1   1 while a mission is being played
//   724  mission_suit  4   one-hot (the current or last mission)
//   728  mission_rank  9   one-hot rank 2..10
//   737  covert        1   / 50
//   738  vp            1   / 15
//   739  face_down     1   deck cards on the current mission / 3
//   740  played        4   rel seats that played on the current mission
//   744  own_play     54   the viewer's card on the current mission
//   798  jack_suit     4   the Jack waiting for a target
//   802  missions      4   missions this round by suit / 8
//   806  failed        4   failed missions by suit / 8
//   810  suit_vp       4   VP of the missions of each suit / 40
//   814  successes     1   / 8
//   815  failures      1   / 8
//   816  vp_success    1   VP of the successful missions / 40
//   817  missions_all  1   missions this round / 8
#pragma once

#include <array>
#include <span>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/scoring.h"

namespace kibitz::loyalist_spies {

class SeatFacts;
enum class Phase : std::uint8_t;

inline constexpr int kEncoderVersion = 1;

namespace layout {
inline constexpr int kPlayers = 0;
inline constexpr int kSeat = 2;
inline constexpr int kPhase = 6;
inline constexpr int kRound = 18;
inline constexpr int kSingleRound = 19;
inline constexpr int kTotals = 20;
inline constexpr int kOwnSuit = 24;
inline constexpr int kKnownSuit = 28;
inline constexpr int kExcluded = 44;
inline constexpr int kHand = 60;
inline constexpr int kKept = 114;
inline constexpr int kGivenUp = 168;
inline constexpr int kPublic = 222;
inline constexpr int kTop = 276;
inline constexpr int kTopSeen = 438;
inline constexpr int kHeld = 492;
inline constexpr int kHandSize = 708;
inline constexpr int kDeckSize = 712;
inline constexpr int kTopLen = 713;
inline constexpr int kDeterminer = 714;
inline constexpr int kActor = 718;
inline constexpr int kKings = 722;
inline constexpr int kMission = 723;
inline constexpr int kMissionSuit = 724;
inline constexpr int kMissionRank = 728;
inline constexpr int kCovert = 737;
inline constexpr int kVp = 738;
inline constexpr int kFaceDown = 739;
inline constexpr int kPlayed = 740;
inline constexpr int kOwnPlay = 744;
inline constexpr int kJackSuit = 798;
inline constexpr int kMissions = 802;
inline constexpr int kFailed = 806;
inline constexpr int kSuitVp = 810;
inline constexpr int kSuccesses = 814;
inline constexpr int kFailures = 815;
inline constexpr int kVpSuccess = 816;
inline constexpr int kMissionsAll = 817;
inline constexpr int kSize = 818;
}  // namespace layout

inline constexpr int kTensorSize = layout::kSize;

// Writes the tensor of the seat whose stream `facts` read (seat_facts.h;
// out.size() == kTensorSize).
void encode_information_state(const SeatFacts& facts, std::span<float> out);

// What one seat knows, read back from its tensor. Seats are relative (rel 0 =
// the viewer) except `seat`; -1 marks "none" or "unknown".
struct InfoView {
  int num_players = 0;
  int seat = -1;
  Phase phase{};
  double round_fraction = 0;
  bool single_round = false;
  std::array<double, 4> total_fraction{};  // total / target_score by rel seat
  int own_suit = -1;
  std::array<int, 4> known_suit{-1, -1, -1, -1};
  std::array<unsigned, 4> excluded_suits{};
  CardMask hand = 0;
  CardMask kept = 0;
  CardMask given_up = 0;
  CardMask public_cards = 0;
  std::array<int, 3> top{-1, -1, -1};
  CardMask top_seen = 0;
  std::array<CardMask, 4> held{};
  std::array<int, 4> hand_size{};
  int deck_size = 0;
  int top_len = 0;
  int determiner = -1;
  int actor = -1;
  int kings = 0;
  bool mission_active = false;
  int mission_suit = -1;
  int mission_rank = 0;
  int covert = 0;
  int vp = 0;
  int face_down = 0;
  unsigned played = 0;
  int own_play = -1;
  int jack_suit = -1;
  MissionTally tally;
  int missions = 0;

  // The absolute seat of a relative one.
  int absolute(int rel) const { return (seat + rel) % num_players; }
  int relative(int absolute_seat) const {
    return (absolute_seat - seat + num_players) % num_players;
  }
};

// Throws KibitzError when the span is not a Loyalist Spies tensor.
InfoView decode_information_state(std::span<const float> tensor);

}  // namespace kibitz::loyalist_spies
