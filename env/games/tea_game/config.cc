#include "env/games/tea_game/config.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>

#include "env/core/error.h"
#include "env/core/quoted_excerpt.h"
#include "env/games/tea_game/showdown.h"

namespace kibitz::tea_game {

cards::Card card_of(int index) {
  KIBITZ_CHECK(index >= 0 && index < kNumCards, "tea_game: no card ", index);
  if (index == kJokerCard) return cards::Card::from_id(kJokerId);
  if (index == kReverseJokerCard) return cards::Card::from_id(kReverseJokerId);
  return cards::Card::from_id(index + 1);  // pack 0: suit * 13 + rank
}

std::string card_name(int index) {
  if (index == kJokerCard) return "Joker";
  if (index == kReverseJokerCard) return "Reverse-Joker";
  return card_of(index).to_string();
}

bool is_ten(int index) { return index < kPackCards && index % 13 == 9; }

bool is_queen_of_hearts(int index) {
  return index < kPackCards && index / 13 == static_cast<int>(cards::Suit::kHearts) &&
         index % 13 == cards::kQueen - 1;
}

namespace {

// An entry of the birthdays text as errors show it: quoted, escaped and cut
// short, so a long or binary spec value cannot flood a message.
std::string shown(std::string_view entry) { return quoted_excerpt(entry, 24); }

int parse_int(std::string_view text, std::string_view entry, std::string_view what) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
    throw error("tea_game: birthday ", shown(entry), ": ", what, " ", shown(text),
                " is not a number (write seat@day, e.g. 1@2)");
  }
  return value;
}

}  // namespace

void parse_birthdays(std::string_view text, Config& config) {
  config.birthdays = {};
  if (text == "none") return;
  // Each seat-day pair can be given once, so a longer list is a mistake;
  // counted before anything is parsed.
  const auto entries = static_cast<int>(std::count(text.begin(), text.end(), '+')) + 1;
  const int pairs = config.players * config.days;
  if (entries > pairs) {
    throw error("tea_game: birthdays has ", entries, " entries, more than the ", pairs,
                " seat-day pairs of ", config.players, " players and ", config.days,
                " days (each pair may be given once)");
  }
  std::size_t from = 0;
  for (int k = 0; k < entries; ++k) {
    const std::size_t plus = std::min(text.find('+', from), text.size());
    const std::string_view entry = text.substr(from, plus - from);
    from = plus + 1;
    const std::size_t at = entry.find('@');
    if (at == std::string_view::npos) {
      throw error("tea_game: birthday ", shown(entry),
                  " should be seat@day (seats from 0, days from 1), entries joined by '+'");
    }
    const int seat = parse_int(entry.substr(0, at), entry, "the seat");
    const int day = parse_int(entry.substr(at + 1), entry, "the day");
    if (seat < 0 || seat >= config.players) {
      throw error("tea_game: birthday ", shown(entry), " names seat ", seat, "; the seats are 0..",
                  config.players - 1);
    }
    if (day < 1 || day > config.days) {
      throw error("tea_game: birthday ", shown(entry), " names day ", day, "; the days are 1..",
                  config.days);
    }
    std::uint32_t& days = config.birthdays[static_cast<std::size_t>(seat)];
    const std::uint32_t bit = std::uint32_t{1} << (day - 1);
    if (days & bit) {
      throw error("tea_game: birthday ", shown(entry), " gives seat ", seat, " a birthday on day ",
                  day, " a second time; give each seat-day pair once");
    }
    days |= bit;
  }
}

Config make_config(const Params& params) {
  Config c;
  c.players = static_cast<int>(params.get_int("players"));
  c.days = static_cast<int>(params.get_int("days"));
  c.games_per_day = static_cast<int>(params.get_int("games_per_day"));
  c.aces_low = params.get_bool("aces_low");
  c.exemption_games = static_cast<int>(params.get_int("exemption_games"));
  c.delay_prob = params.get_double("delay_prob");
  c.drink_value = params.get_double("drink_value");
  c.late_drink_value = params.get_double("late_drink_value");
  c.make_cost = params.get_double("make_cost");
  c.pence_value = params.get_double("pence_value");
  c.deathmatch_fund = static_cast<int>(params.get_int("deathmatch_fund"));
  parse_birthdays(params.get_string("birthdays"), c);
  return c;
}

}  // namespace kibitz::tea_game
