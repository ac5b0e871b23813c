// The Game: parameters, the stream declaration, tensor shapes and the
// factories of states and samplers.
#include <string>
#include <vector>

#include "env/games/liars_dice/liars_dice.h"

namespace kibitz::liars_dice {

GameInfo game_info() {
  return {"liars_dice",
          "Liar's Dice",
          "hidden dice, rising bids on how many show a face (the top face wild), one challenge "
          "ends it; a reference game after OpenSpiel's liars_dice",
          {ParamSpec::integer("players", 2, 2, kMaxPlayers, "number of seats"),
           ParamSpec::integer("dice", 1, 1, kMaxDicePerPlayer, "dice per player"),
           ParamSpec::integer("sides", 6, 2, kMaxSides, "faces of a die; the highest is wild")},
          [](const Params& params) -> std::shared_ptr<const Game> {
            return std::make_shared<LiarsDiceGame>(params);
          },
          {"liars_dice", "liars_dice(dice=2)", "liars_dice(players=3)",
           "liars_dice(players=4,dice=2)", "liars_dice(players=3,dice=3,sides=3)"}};
}

namespace {

// The faces are the game's "cards": named "1" to "S".
std::vector<std::string> face_names(int sides) {
  std::vector<std::string> names;
  for (int f = 1; f <= sides; ++f) names.push_back(std::to_string(f));
  return names;
}

// One declaration per kind of Seen, in its order. Faces are stored 0-based
// (card f - 1 is face f), like every card list of the core.
StreamSpec liars_dice_stream_spec(int sides) {
  return StreamSpec({{"rolled", "rolled {face:card}", "one of your dice, as it is rolled"},
                     {"rolled_die", "{seat} rolled a die", "another seat rolls one of its dice, hidden"},
                     {"bid", "{seat} bids {quantity:number} {face:card}s",
                      "a seat claims at least that many dice show the face (the highest face is wild)"},
                     {"liar", "{seat} calls liar", "a seat challenges the last bid; the game ends"},
                     {"shows", "{seat} shows {dice:cards}",
                      "after the challenge, each seat's dice in roll order, in seat order"},
                     {"result", "{count:number} matching dice, {seat} loses",
                      "the dice showing the bid's face or the wild face, and the seat that loses"}},
                    face_names(sides));
}

}  // namespace

LiarsDiceGame::LiarsDiceGame(const Params& params)
    : Game("liars_dice", params),
      num_players_(static_cast<int>(params.get_int("players"))),
      dice_per_player_(static_cast<int>(params.get_int("dice"))),
      sides_(static_cast<int>(params.get_int("sides"))),
      stream_spec_(liars_dice_stream_spec(sides_)) {}

// OpenSpiel's layout: seat one-hot, each own die one-hot (sorted), one bit
// per bid made and one for liar.
std::vector<int> LiarsDiceGame::information_state_tensor_shape() const {
  return {num_players_ + dice_per_player_ * sides_ + total_dice() * sides_ + 1};
}

// The same layout with only the last N bids marked (what is on the table).
std::vector<int> LiarsDiceGame::observation_tensor_shape() const {
  return information_state_tensor_shape();
}

std::unique_ptr<State> LiarsDiceGame::new_initial_state() const {
  return std::make_unique<LiarsDiceState>(shared());
}

std::unique_ptr<WorldSampler> LiarsDiceGame::new_world_sampler(Player seat,
                                                               std::span<const Observation> stream) const {
  return std::make_unique<LiarsDiceWorldSampler>(shared(), seat, stream);
}

std::unique_ptr<SeatKnowledge> LiarsDiceGame::new_seat_knowledge(Player seat) const {
  return std::make_unique<LiarsDiceKnowledge>(*this, seat, shared());
}

static_assert(kMaxPlayers <= kMaxAudienceSeats, "more seats than an audience has bits");
// A show holds the seat, the list's length and the dice.
static_assert(2 + kMaxDicePerPlayer <= kMaxObservationValues, "a seat's dice do not fit one observation");

}  // namespace kibitz::liars_dice
