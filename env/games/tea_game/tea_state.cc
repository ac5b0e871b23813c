#include "env/games/tea_game/tea_state.h"

#include <typeinfo>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/games/tea_game/knowledge.h"
#include "env/games/tea_game/sampler.h"

namespace kibitz::tea_game {

TeaState::TeaState(std::shared_ptr<const Game> game)
    : GameState(std::move(game)), table_(static_cast<const TeaGame&>(this->game()).config()) {}

void TeaState::reset() {
  mutable_history().clear();
  restart_observation_log();
  table_ = Table(tea_game().config());
}

void TeaState::chance_outcomes(ChanceOutcomeList& out) const {
  KIBITZ_CHECK(is_chance_node(), "chance_outcomes at a player node");
  table_.chance_outcomes(out);
}

void TeaState::returns(std::span<double> out) const {
  for (int s = 0; s < num_players(); ++s) out[static_cast<std::size_t>(s)] = table_.seat(s).returns;
}

void TeaState::rewards(std::span<double> out) const {
  for (int s = 0; s < num_players(); ++s) out[static_cast<std::size_t>(s)] = table_.seat(s).reward;
}

void TeaState::information_state_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  Knowledge k(tea_game().config(), player);
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  write_tensor(k, out);
}

// The seat's knowledge now is all its tensor holds, so the observation
// tensor is the same one.
void TeaState::observation_tensor(Player player, std::span<float> out) const {
  information_state_tensor(player, out);
}

namespace {

const char* role_text(Role role) {
  switch (role) {
    case Role::kUndecided: return "";
    case Role::kDealer: return " dealer";
    case Role::kBirthday: return " birthday";
    case Role::kPlaying: return " playing";
    case Role::kWithdrawn: return " withdrawn";
  }
  return "";
}

}  // namespace

std::string TeaState::observation_string(Player player) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  Knowledge k(tea_game().config(), player);
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  std::string s = "P" + std::to_string(player) + " day " + std::to_string(k.day()) + " game " +
                  std::to_string(k.game_of_day()) + " fund " + std::to_string(k.fund()) + "p";
  if (k.my_delay() >= 0) s += k.my_delay() == 1 ? " delayed" : " on time";
  if (k.reversed()) s += " reversed";
  if (k.in_deathmatch()) s += " deathmatch";
  for (int q = 0; q < num_players(); ++q) {
    const PlayerKnowledge& p = k.player(q);
    s += " | P" + std::to_string(q) + role_text(p.role);
    if (k.holds_exemption(q)) s += " exempt-through-" + std::to_string(p.exempt_through + 1);
    if (p.joker_exempt) s += " joker-exempt";
    if (p.announced) s += " announced";
    if (p.drinks > 0) s += " drinks " + std::to_string(p.drinks);
    for (int i = 0; i < p.hand_size; ++i) s += " " + card_name(p.hand[static_cast<std::size_t>(i)]);
  }
  return s;
}

std::string TeaState::to_string() const {
  const Table& t = table_;
  std::string s = "game " + std::to_string(t.game() + 1) + " fund " + std::to_string(t.fund()) + "p" +
                  (t.reversed() ? " reversed" : "");
  for (int q = 0; q < num_players(); ++q) {
    const SeatState& p = t.seat(q);
    s += " | P" + std::to_string(q) + (p.delayed ? " delayed" : "") + (p.dealer ? " dealer" : "") +
         (p.birthday ? " birthday" : "") + (p.withdrawn ? " withdrawn" : "") + (p.drawer ? " drawer" : "");
    if (p.exempt_through >= t.game()) s += " exempt-through-" + std::to_string(p.exempt_through + 1);
    if (p.joker_exempt) s += " joker-exempt";
    if (p.drinks > 0) s += " drinks " + std::to_string(p.drinks);
    for (int i = 0; i < p.hand_size; ++i) s += " " + card_name(p.hand[static_cast<std::size_t>(i)]);
  }
  return s;
}

void TeaState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  KIBITZ_CHECK(&out != this, "resample_from_infostate into the state itself");
  KIBITZ_CHECK(typeid(out) == typeid(TeaState), "resample_from_infostate into a state of another game");
  sample_world(tea_game(), player,
               [this, player](auto&& f) { for_each_observation(player, f); }, rng,
               static_cast<TeaState&>(out));
}

}  // namespace kibitz::tea_game
