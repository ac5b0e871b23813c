// What one seat knows, read from its stream alone (stream.h): the public
// state of the table and the seat's own delay. The information-state tensor,
// the observation string and the Tea heuristic are written from it; nothing
// here reads a State.
//
//   Knowledge k(config, seat);
//   for (const Observation& o : stream) k.read(o);
//
// Games are indexed from 0 over the episode (game_index); the stream writes
// them from 1. Cards are indices (config.h): 0..51 the pack, 52 the Joker,
// 53 the Reverse Joker.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "env/core/observation.h"
#include "env/core/types.h"
#include "env/games/tea_game/config.h"

namespace kibitz::tea_game {

// A player's part in the current game, as far as the stream has said.
enum class Role : std::uint8_t {
  kUndecided,  // not yet known (before the announcements)
  kDealer,     // spent the exemption: orders, does not draw
  kBirthday,   // birthday: orders, does not draw
  kPlaying,    // takes part (announced or said nothing)
  kWithdrawn,  // withdrew after an announcement
};

struct PlayerKnowledge {
  int exempt_through = -1;     // last game (from 0) of the loss exemption; -1 none
  bool joker_exempt = false;   // for the rest of the day
  Role role = Role::kUndecided;
  bool announced = false;      // announced a delay this game
  bool safe = false;           // cannot lose this game (Joker drawn, or joker exemption ended by the Reverse Joker)
  int drinks = 0;              // declared this game (0: none yet)
  int draw_count = 0;          // cards per round this game (0 until the order)
  bool in_round = false;       // draws in the current round (first round or redraw)
  std::array<int, kMaxDrinks> hand{};  // this round's cards so far
  int hand_size = 0;
  bool in_deathmatch = false;
  int deathmatch_card = -1;    // this deathmatch round's card, or -1
};

class Knowledge {
 public:
  Knowledge(const Config& config, Player seat);

  void read(const Observation& o);
  void read_all(std::span<const Observation> stream) {
    for (const Observation& o : stream) read(o);
  }

  const Config& config() const { return *config_; }
  Player seat() const { return seat_; }
  int num_players() const { return config_->players; }
  const PlayerKnowledge& player(int s) const { return players_[static_cast<std::size_t>(s)]; }

  int day() const { return day_; }                  // from 1; 0 before the first game
  int game_of_day() const { return game_of_day_; }  // from 1; 0 before the first game
  int game_index() const { return game_index_; }    // from 0; -1 before the first game
  int fund() const { return fund_; }                // pence
  bool reversed() const { return reversed_; }       // this game: the highest hand loses
  int redraws() const { return redraws_; }          // tied rounds so far this game
  // This seat's delay this game: 1 delayed, 0 on time, -1 not drawn yet.
  int my_delay() const { return my_delay_; }
  // Card indices drawn since the deck was last full (this game, or this deathmatch).
  std::uint64_t drawn() const { return drawn_; }
  bool in_deathmatch() const { return deathmatch_; }
  bool game_decided() const { return decided_; }    // loser known, or the game not played
  int last_loser() const { return last_loser_; }    // -1 none yet (or nobody)

  // Holds a loss exemption valid in the current game.
  bool holds_exemption(int s) const { return player(s).exempt_through >= game_index_ && game_index_ >= 0; }
  // Draws this game and the verdict may fall on them (not joker-exempt, not safe).
  bool can_lose(int s) const;
  // Cards left in the deck now.
  int cards_left() const;

 private:
  PlayerKnowledge& at(int s) { return players_[static_cast<std::size_t>(s)]; }
  void begin_game(int day, int game_of_day);

  const Config* config_;
  Player seat_;
  std::array<PlayerKnowledge, kMaxPlayers> players_{};
  int day_ = 0;
  int game_of_day_ = 0;
  int game_index_ = -1;
  int fund_ = 0;
  bool reversed_ = false;
  int redraws_ = 0;
  int my_delay_ = -1;
  std::uint64_t drawn_ = 0;
  bool deathmatch_ = false;
  bool decided_ = false;
  int last_loser_ = -1;
  int last_kind_ = -1;
};

// The information-state and observation tensor (one layout), written from
// what a seat knows; tensor_size floats, each in [-1, 1] (a network's input).
// kEncoderVersion names the layout (agents/neural/encoders.h): bump it when
// the tensor changes meaning or size, so old checkpoints are refused.
inline constexpr int kEncoderVersion = 1;
int tensor_size(const Config& config);
void write_tensor(const Knowledge& k, std::span<float> out);

}  // namespace kibitz::tea_game
