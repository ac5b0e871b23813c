// Tea Game odds: the table's checks and the choice of method (odds.h).
#include "env/games/tea_game/odds.h"

#include <cstddef>
#include <optional>
#include <string>

#include "env/core/error.h"

namespace kibitz::tea_game {

void check_table(const TeaTable& table) {
  const auto n = static_cast<int>(table.players.size());
  if (n < kMinTeaPlayers || n > kMaxTeaPlayers)
    throw error("a tea game needs ", kMinTeaPlayers, " to ", kMaxTeaPlayers,
                " players who draw; this table has ", n);
  for (std::size_t i = 0; i < table.players.size(); ++i) {
    const int drinks = table.players[i].drinks;
    if (drinks < 1 || drinks > kMaxDrinks)
      throw error("player ", i, " orders ", drinks, " drinks: orders are 1 to ", kMaxDrinks);
  }
}

TeaOdds tea_odds(const TeaTable& table, std::uint64_t trials, std::uint64_t seed) {
  if (std::optional<TeaOdds> exact = exact_tea_odds(table)) return *exact;
  return simulate_tea_odds(table, trials, seed);
}

std::string method_name(OddsMethod method) {
  switch (method) {
    case OddsMethod::kExact: return "exact";
    case OddsMethod::kEnumerated: return "enumerated";
    case OddsMethod::kSimulated: return "simulated";
  }
  return "simulated";
}

}  // namespace kibitz::tea_game
