// The full description of a Loyalist Spies state (to_string), hidden
// cards included: for debugging and --reveal views.
#include <string>
#include <string_view>

#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {

std::string LoyalistSpiesState::to_string() const {
  const int n = num_players();
  std::string s;
  s.reserve(512);
  auto seat = [&](int p) {
    s += 'P';
    s += static_cast<char>('0' + p);
  };
  auto cards = [&](CardMask m) {
    s += '[';
    bool first = true;
    for_each_card(m, [&](int c) {
      if (!first) s += ' ';
      first = false;
      s += card_name_view(c);
    });
    s += ']';
  };
  s += "round ";
  s += std::to_string(round_ + (phase_ == Phase::kTerminal ? 0 : 1));
  s += " phase ";
  s += phase_name(phase_);
  s += " determiner ";
  seat(determiner_);
  s += "\naces";
  for (int p = 0; p < n; ++p) {
    s += ' ';
    seat(p);
    s += ' ';
    s += ace(p) < 0 ? std::string_view("?") : card_name_view(ace(p));
  }
  s += "\nhands";
  for (int p = 0; p < n; ++p) {
    s += ' ';
    seat(p);
    s += ' ';
    cards(hand(p));
    if (phase_ == Phase::kKeep) {
      s += " kept ";
      cards(kept(p));
    }
  }
  s += "\ndeck ";
  s += std::to_string(deck_size());
  s += ' ';
  cards(deck_);
  s += " top [";
  for (int i = 0; i < prefix_len_; ++i) {
    if (i > 0) s += ' ';
    s += card_name_view(prefix_[static_cast<std::size_t>(i)]);
  }
  s += "]\npublic ";
  cards(public_);
  s += " discarded ";
  cards(discarded_);
  if (mission_active_) {
    s += "\nmission ";
    s += card_name_view(mission_suit_ * 13 + mission_rank_ - 1);
    append_to(s, " kings ", kings_, " covert ", terms_.covert, " VP ", terms_.vp, " set ");
    cards(mission_set_);
    append_to(s, " total ", mission_total_);
  }
  append_to(s, "\nmissions ", missions_, " succeeded ", tally_.successes, " failed ",
            tally_.failures, "; totals");
  for (int p = 0; p < n; ++p) append_to(s, " ", totals_[static_cast<std::size_t>(p)]);
  if (phase_ == Phase::kTerminal) append_last_round(s);
  return s;
}

void LoyalistSpiesState::append_last_round(std::string& s) const {
  // The last mission is still in the mission fields (only a new round or
  // mission clears them); the roles and points are in the round-end events,
  // the last num_players() of the log.
  if (missions_ == 0) {
    s += "\nlast round: no missions";
  } else {
    append_to(s, "\nlast mission ", card_name_view(mission_suit_ * 13 + mission_rank_ - 1),
              " covert ", terms_.covert, " VP ", terms_.vp, " revealed [",
              cards_string(mission_set_), "] = ", mission_total_,
              mission_total_ <= terms_.covert ? ": success" : ": failed");
  }
  s += "\nround end:";
  const int n = num_players();
  for (int i = log_.size() - n; i < log_.size(); ++i) {
    const Event& e = log_[i];
    KIBITZ_CHECK(e.kind == EventKind::kRoundEnd, "a finished game's log ends with the round end");
    append_to(s, " ", seat_name(e.seat), " ", card_name_view(ace(e.seat)), " ",
              role_name(static_cast<Role>(e.card & 3)));
    const CardMask jokers = static_cast<CardMask>(e.card >> 2) << kFirstJoker;
    if (jokers) append_to(s, " (", cards_string(jokers), ")");
    append_to(s, " +", e.aux, ";");
  }
}

}  // namespace kibitz::loyalist_spies
