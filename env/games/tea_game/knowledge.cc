#include "env/games/tea_game/knowledge.h"

#include <algorithm>
#include <bit>

#include "env/core/error.h"
#include "env/games/tea_game/showdown.h"
#include "env/games/tea_game/stream.h"

namespace kibitz::tea_game {

Knowledge::Knowledge(const Config& config, Player seat) : config_(&config), seat_(seat) {}

bool Knowledge::can_lose(int s) const {
  const PlayerKnowledge& p = player(s);
  return p.role == Role::kPlaying && !p.joker_exempt && !p.safe;
}

int Knowledge::cards_left() const {
  const int deck = deathmatch_ ? kPackCards : kNumCards;
  return deck - std::popcount(drawn_);
}

void Knowledge::begin_game(int day, int game_of_day) {
  if (game_of_day == 1) {
    for (PlayerKnowledge& p : players_) p.joker_exempt = false;
  }
  day_ = day;
  game_of_day_ = game_of_day;
  game_index_ = (day - 1) * config_->games_per_day + game_of_day - 1;
  for (int s = 0; s < num_players(); ++s) {
    PlayerKnowledge& p = at(s);
    p.role = config_->birthday(s, day - 1) ? Role::kBirthday : Role::kUndecided;
    p.announced = p.safe = p.in_round = p.in_deathmatch = false;
    p.drinks = p.draw_count = p.hand_size = 0;
    p.deathmatch_card = -1;
  }
  reversed_ = deathmatch_ = decided_ = false;
  redraws_ = 0;
  my_delay_ = -1;
  drawn_ = 0;
}

void Knowledge::read(const Observation& o) {
  const Obs kind = obs_kind(o);
  const int s = o.size > 0 ? o.value(0) : -1;
  switch (kind) {
    case Obs::kGameStart: begin_game(o.value(0), o.value(1)); break;
    case Obs::kBirthday: break;  // the role is set at the game start, from the parameters
    case Obs::kExpires: at(s).exempt_through = -1; break;
    case Obs::kOwnDelayed: my_delay_ = 1; break;
    case Obs::kOwnOnTime: my_delay_ = 0; break;
    case Obs::kOtherDelay: break;
    case Obs::kSpends: at(s).role = Role::kDealer; break;
    case Obs::kPlays: break;
    case Obs::kAnnounces: at(s).announced = true; at(s).role = Role::kPlaying; break;
    case Obs::kQuiet: at(s).role = Role::kPlaying; break;
    case Obs::kWithdraws: at(s).role = Role::kWithdrawn; break;
    case Obs::kStays: break;
    case Obs::kNotPlayed: decided_ = true; break;
    case Obs::kOrder: {
      PlayerKnowledge& p = at(s);
      p.drinks = o.value(1);
      if (p.role == Role::kPlaying) {
        p.draw_count = std::max(1, p.drinks - (holds_exemption(s) ? 1 : 0));
        p.in_round = true;
      }
      break;
    }
    case Obs::kDraw: {
      PlayerKnowledge& p = at(s);
      drawn_ |= std::uint64_t{1} << o.value(1);
      if (p.hand_size < kMaxDrinks) p.hand[static_cast<std::size_t>(p.hand_size++)] = o.value(1);
      break;
    }
    case Obs::kTen: fund_ = o.value(1); break;
    case Obs::kQueen: fund_ = o.value(4); break;
    case Obs::kJokerExempt: at(s).joker_exempt = true; at(s).safe = true; break;
    case Obs::kSecondJoker: at(s).joker_exempt = false; break;
    case Obs::kReversed: reversed_ = true; break;
    case Obs::kJokerLost: at(s).joker_exempt = false; at(s).safe = true; break;
    case Obs::kOddOneOut: break;
    case Obs::kTied:
      if (last_kind_ != static_cast<int>(Obs::kTied)) {
        ++redraws_;
        for (PlayerKnowledge& p : players_) p.in_round = false;
      }
      at(s).in_round = true;
      at(s).hand_size = 0;
      break;
    case Obs::kReshuffle: drawn_ = 0; break;
    case Obs::kLot: break;
    case Obs::kLoser: decided_ = true; last_loser_ = s; break;
    case Obs::kNobodyLoses: decided_ = true; last_loser_ = -1; break;
    case Obs::kForfeit: at(s).exempt_through = -1; break;
    case Obs::kExempt: at(s).exempt_through = o.value(1) - 1; break;
    case Obs::kSpent: at(s).exempt_through = -1; break;
    case Obs::kDeathmatch:
      deathmatch_ = true;
      drawn_ = 0;
      for (PlayerKnowledge& p : players_) p.in_deathmatch = true;
      break;
    case Obs::kDeathmatchDraw:
      drawn_ |= std::uint64_t{1} << o.value(1);
      at(s).deathmatch_card = o.value(1);
      break;
    case Obs::kDeathmatchOut: at(s).in_deathmatch = false; break;
    case Obs::kDeathmatchTie: break;
    case Obs::kDeathmatchLoser:
      fund_ = o.value(2);
      deathmatch_ = false;
      for (PlayerKnowledge& p : players_) p.in_deathmatch = false;
      break;
  }
  last_kind_ = o.kind;
}

// --- The tensor ---------------------------------------------------------------------
namespace {

constexpr int kGlobalFeatures = 12;
constexpr int kPerPlayer = 16;

}  // namespace

// Seat one-hot (kMaxPlayers), global features, per player features
// (kMaxPlayers slots), the cards drawn since the deck was full.
int tensor_size(const Config&) { return kMaxPlayers + kGlobalFeatures + kMaxPlayers * kPerPlayer + kNumCards; }

void write_tensor(const Knowledge& k, std::span<float> out) {
  KIBITZ_CHECK(static_cast<int>(out.size()) == tensor_size(k.config()), "tea_game: tensor size");
  std::fill(out.begin(), out.end(), 0.0f);
  const Config& c = k.config();
  std::size_t i = 0;
  out[static_cast<std::size_t>(k.seat())] = 1.0f;
  i += kMaxPlayers;
  const auto put = [&out, &i](float v) { out[i++] = v; };
  put(static_cast<float>(k.day()) / static_cast<float>(c.days));
  put(static_cast<float>(k.game_of_day()) / static_cast<float>(c.games_per_day));
  put(static_cast<float>(k.game_index() + 1) / static_cast<float>(c.total_games()));
  // The fund may pass the mark within a game (a ten drawn at 190p), and a
  // deathmatch takes at most 100p out: what counts is how near the mark it
  // is, so the feature stops at 1 to stay a network's input.
  put(std::min(1.0f, static_cast<float>(k.fund()) / static_cast<float>(c.deathmatch_fund)));
  put(k.reversed() ? 1.0f : 0.0f);
  put(static_cast<float>(k.redraws()) / kMaxRedraws);
  put(k.my_delay() == 1 ? 1.0f : 0.0f);
  put(k.my_delay() == 0 ? 1.0f : 0.0f);
  put(k.in_deathmatch() ? 1.0f : 0.0f);
  put(k.game_decided() ? 1.0f : 0.0f);
  put(static_cast<float>(k.cards_left()) / kNumCards);
  put(c.aces_low ? 1.0f : 0.0f);
  for (int s = 0; s < kMaxPlayers; ++s) {
    const std::size_t base = i + static_cast<std::size_t>(s * kPerPlayer);
    if (s >= k.num_players()) continue;
    const PlayerKnowledge& p = k.player(s);
    std::size_t j = base;
    const auto set = [&out, &j](float v) { out[j++] = v; };
    set(k.holds_exemption(s) ? 1.0f : 0.0f);
    // Games of exemption left, counting the current one: exemption_games + 1
    // in the game just lost (the exemption starts with the next one).
    set(k.holds_exemption(s)
            ? static_cast<float>(p.exempt_through - k.game_index() + 1) / static_cast<float>(c.exemption_games + 1)
            : 0.0f);
    set(p.joker_exempt ? 1.0f : 0.0f);
    set(p.role == Role::kDealer ? 1.0f : 0.0f);
    set(p.role == Role::kBirthday ? 1.0f : 0.0f);
    set(p.role == Role::kPlaying ? 1.0f : 0.0f);
    set(p.role == Role::kWithdrawn ? 1.0f : 0.0f);
    set(p.announced ? 1.0f : 0.0f);
    set(p.safe ? 1.0f : 0.0f);
    set(static_cast<float>(p.drinks) / kMaxDrinks);
    set(static_cast<float>(p.draw_count) / kMaxDrinks);
    set(p.in_round ? 1.0f : 0.0f);
    std::array<cards::Card, kMaxDrinks> hand{};
    for (int h = 0; h < p.hand_size; ++h) hand[static_cast<std::size_t>(h)] = card_of(p.hand[static_cast<std::size_t>(h)]);
    const HandWorth w = hand_worth(std::span(hand.data(), static_cast<std::size_t>(p.hand_size)), c.aces_low);
    set(static_cast<float>(w.set_size) / kMaxDrinks);
    set(static_cast<float>(w.value) / 14.0f);
    set(p.in_deathmatch ? 1.0f : 0.0f);
    set(p.deathmatch_card >= 0 ? static_cast<float>(card_value(card_of(p.deathmatch_card), c.aces_low)) / 14.0f : 0.0f);
  }
  i += kMaxPlayers * kPerPlayer;
  for (int card = 0; card < kNumCards; ++card)
    if ((k.drawn() >> card) & 1u) out[i + static_cast<std::size_t>(card)] = 1.0f;
}

}  // namespace kibitz::tea_game
