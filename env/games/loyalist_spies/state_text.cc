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
  s += std::to_string(pub_.round() + (pub_.phase() == Phase::kTerminal ? 0 : 1));
  s += " phase ";
  s += phase_name(pub_.phase());
  s += " determiner ";
  seat(pub_.determiner());
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
    if (pub_.phase() == Phase::kKeep) {
      s += " kept ";
      cards(kept(p));
    }
  }
  s += "\ndeck ";
  s += std::to_string(deck_size());
  s += ' ';
  cards(deck_);
  s += " top [";
  for (int i = 0; i < pub_.top_len(); ++i) {
    if (i > 0) s += ' ';
    s += card_name_view(prefix_[static_cast<std::size_t>(i)]);
  }
  s += "]\npublic ";
  cards(public_);
  s += " discarded ";
  cards(discarded_);
  if (pub_.mission_active()) {
    s += "\nmission ";
    s += card_name_view(pub_.mission_card());
    append_to(s, " kings ", pub_.kings(), " covert ", pub_.terms().covert, " VP ", pub_.terms().vp, " set ");
    cards(mission_set_);
    append_to(s, " total ", mission_total_);
  }
  append_to(s, "\nmissions ", pub_.missions(), " succeeded ", pub_.tally().successes, " failed ",
            pub_.tally().failures, "; totals");
  for (int p = 0; p < n; ++p) append_to(s, " ", pub_.total(p));
  if (pub_.phase() == Phase::kTerminal) append_last_round(s);
  return s;
}

void LoyalistSpiesState::append_last_round(std::string& s) const {
  // The last mission is still in the mission fields (only a new round or
  // mission clears them); the roles and points are in the round-end events,
  // the last num_players() of the log.
  if (pub_.missions() == 0) {
    s += "\nlast round: no missions";
  } else {
    append_to(s, "\nlast mission ", card_name_view(pub_.mission_suit() * 13 + pub_.mission_rank() - 1),
              " covert ", pub_.terms().covert, " VP ", pub_.terms().vp, " revealed [",
              cards_string(mission_set_), "] = ", mission_total_,
              mission_total_ <= pub_.terms().covert ? ": success" : ": failed");
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
