// What a seat sees, as text: the information-state string (everything the
// seat has seen, round by round, in order) rendered from the event log, and
// the observation string (the table as it is now). Every word written for a
// seat depends only on what that seat saw, so two worlds the seat cannot tell
// apart give the same text.
#include <algorithm>
#include <array>
#include <vector>

#include "env/core/error.h"
#include "env/games/loyalist_spies/encoder.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {
namespace {

// Renders the events of a whole game for one viewer. Text is appended to one
// buffer (this runs at every step of long games in tests and tools, so it
// avoids building temporary strings).
class Renderer {
 public:
  Renderer(int num_players, int viewer) : n_(num_players), viewer_(viewer) {
    out_.reserve(4096);
    out_ += "you are ";
    seat(viewer);
    out_ += " of ";
    number(n_);
    out_ += '\n';
  }

  void add(const Event& e) {
    if (e.kind != EventKind::kFlip) prev_flip_ = false;
    switch (e.kind) {
      case EventKind::kAce:
        on_ace(e);
        break;
      case EventKind::kDeal:
        on_deal(e);
        break;
      case EventKind::kKeep:
        on_keep(e);
        break;
      case EventKind::kFlip:
        on_flip(e);
        break;
      case EventKind::kJack:
        on_jack(e);
        break;
      case EventKind::kPeek:
        on_peek(e);
        break;
      case EventKind::kOrder:
        on_order(e);
        break;
      case EventKind::kFaceDown:
        set_cards_ |= card_bit(e.card);
        pop_top();
        ++face_down_;
        break;
      case EventKind::kPlay:
        set_cards_ |= card_bit(e.card);
        token();
        if (e.seat == viewer_) {
          out_ += "you play ";
          card(e.card);
        } else {
          seat(e.seat);
          out_ += " plays";
        }
        break;
      case EventKind::kNoPlay:
        token();
        seat(e.seat);
        out_ += " plays nothing (holds ";
        number(e.card);
        out_ += ')';
        break;
      case EventKind::kReveal:
        on_reveal(e);
        break;
      case EventKind::kDraw:
        pop_top();
        token();
        if (e.seat == viewer_) {
          out_ += "you draw ";
          card(e.card);
        } else {
          seat(e.seat);
          out_ += " draws";
        }
        if (e.aux) out_ += " (refill)";
        break;
      case EventKind::kDiscard:
        token();
        if (e.seat == viewer_) {
          out_ += "you discard ";
          card(e.card);
        } else {
          seat(e.seat);
          out_ += " discards";
        }
        break;
      case EventKind::kRoundEnd:
        on_round_end(e);
        break;
    }
  }

  std::string finish() {
    end_section();
    return std::move(out_);
  }

 private:
  enum class Section { kNone, kAces, kDeal, kKeep, kTurn };

  void seat(int s) {
    out_ += 'P';
    out_ += static_cast<char>('0' + s);
  }
  void card(int c) { out_ += card_name_view(c); }
  void number(int x) { out_ += std::to_string(x); }

  // Starts the next token of a turn line (the pending face-down count first).
  void token() {
    if (face_down_ > 0) {
      const int count = face_down_;
      face_down_ = 0;
      token();
      number(count);
      out_ += " face down";
    }
    if (!first_token_) out_ += ", ";
    first_token_ = false;
  }

  // Ends the current line: the set-up sections are summaries written at
  // their end; a turn line is written as it goes.
  void end_section() {
    switch (section_) {
      case Section::kAces:
        out_ += "aces dealt ";
        number(aces_dealt_);
        out_ += "; yours ";
        if (own_ace_ < 0) {
          out_ += "not yet";
        } else {
          card(own_ace_);
        }
        out_ += '\n';
        break;
      case Section::kDeal:
        out_ += "cards dealt ";
        number(dealt_);
        out_ += "; yours";
        out_ += own_cards_;
        out_ += '\n';
        break;
      case Section::kKeep:
        out_ += "cards kept ";
        number(kept_);
        out_ += "; yours";
        out_ += own_cards_;
        out_ += '\n';
        break;
      case Section::kTurn:
        if (face_down_ > 0) token();
        out_ += '\n';
        break;
      case Section::kNone:
        break;
    }
    own_cards_.clear();
    section_ = Section::kNone;
  }

  void begin_section(Section s) {
    if (section_ == s) return;
    end_section();
    section_ = s;
  }

  void on_ace(const Event& e) {
    if (!in_round_) {
      end_section();
      in_round_ = true;
      out_ += "round ";
      number(round_ + 1);
      out_ += ", first determiner ";
      seat(round_ % n_);
      out_ += ", totals";
      for (int s = 0; s < n_; ++s) {
        out_ += ' ';
        number(totals_[static_cast<std::size_t>(s)]);
      }
      out_ += '\n';
      aces_dealt_ = dealt_ = kept_ = 0;
      own_ace_ = -1;
      top_len_ = 0;
    }
    begin_section(Section::kAces);
    aces_[static_cast<std::size_t>(e.seat)] = e.card;
    ++aces_dealt_;
    if (e.seat == viewer_) own_ace_ = e.card;
  }

  void on_deal(const Event& e) {
    begin_section(Section::kDeal);
    ++dealt_;
    if (e.seat == viewer_) {
      own_cards_ += ' ';
      own_cards_ += card_name_view(e.card);
    }
  }

  void on_keep(const Event& e) {
    begin_section(Section::kKeep);
    ++kept_;
    if (e.seat == viewer_) {
      own_cards_ += ' ';
      own_cards_ += card_name_view(e.card);
    }
  }

  void on_flip(const Event& e) {
    // A flip right after a flip by the same determiner continues a King or
    // Joker chain on the same turn line.
    if (!(prev_flip_ && section_ == Section::kTurn && turn_seat_ == e.seat)) {
      end_section();
      section_ = Section::kTurn;
      turn_seat_ = e.seat;
      kings_ = 0;
      out_ += "turn ";
      seat(e.seat);
      out_ += ": ";
      first_token_ = true;
    }
    pop_top();
    const int c = e.card;
    token();
    out_ += "flips ";
    card(c);
    if (is_joker(c)) {
      out_ += ": set aside";
    } else if (rank_of(c) == kRankKing) {
      ++kings_;
      out_ += ": King";
    } else if (rank_of(c) == kRankJack) {
      out_ += ": Jack";
      jack_suit_ = suit_of(c);
    } else if (rank_of(c) == kRankQueen) {
      out_ += ": Queen";
      if (e.seat == viewer_ && top_len_ > 0) {
        out_ += " (top already ";
        top_cards();
        out_ += ')';
      }
    } else {
      const MissionTerms t = mission_terms(rank_of(c), suit_of(c), kings_);
      out_ += ": mission, covert ";
      number(t.covert);
      out_ += ", VP ";
      number(t.vp);
      set_cards_ = 0;
    }
    prev_flip_ = true;
  }

  void on_jack(const Event& e) {
    const int target = e.card;
    token();
    out_ += "looks at ";
    seat(target);
    out_ += "'s ace";
    if (e.seat == viewer_) {
      out_ += " (";
      card(aces_[static_cast<std::size_t>(target)]);
      out_ += ')';
    }
    if (e.aux) {
      out_ += ": match, ";
      seat(target);
      out_ += " is ";
      out_ += suit_name(jack_suit_);
      if (target == viewer_) {
        out_ += " (";
        seat(e.seat);
        out_ += " shows you ";
        card(aces_[static_cast<std::size_t>(e.seat)]);
        out_ += ')';
      }
    } else {
      out_ += ": no match";
    }
  }

  void on_peek(const Event& e) {
    top_[static_cast<std::size_t>(top_len_++)] = e.card;
    token();
    if (e.seat == viewer_) {
      out_ += "sees ";
      card(e.card);
    } else {
      out_ += "sees a card";
    }
  }

  void on_order(const Event& e) {
    const std::array<int, 3> old = top_;
    const auto& perm = kOrders[static_cast<std::size_t>(e.card)];
    for (int i = 0; i < top_len_; ++i) {
      top_[static_cast<std::size_t>(i)] =
          old[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
    }
    token();
    if (e.seat == viewer_) {
      out_ += "orders ";
      top_cards();
    } else {
      out_ += "reorders the top ";
      number(top_len_);
    }
  }

  void on_reveal(const Event& e) {
    int total = 0;
    for_each_card(set_cards_, [&](int c) { total += card_value(c); });
    token();
    out_ += "revealed ";
    out_ += cards_string(set_cards_);
    out_ += " = ";
    number(total);
    out_ += e.card ? ": success" : ": failed";
  }

  void on_round_end(const Event& e) {
    if (e.seat == 0) {
      end_section();
      out_ += "round end:";
    }
    const auto s = static_cast<std::size_t>(e.seat);
    const CardMask jokers = static_cast<CardMask>(e.card >> 2) << kFirstJoker;
    totals_[s] += e.aux;
    out_ += ' ';
    seat(e.seat);
    out_ += ' ';
    card(aces_[s]);
    out_ += ' ';
    out_ += role_name(static_cast<Role>(e.card & 3));
    if (jokers) {
      out_ += " (";
      out_ += cards_string(jokers);
      out_ += ')';
    }
    out_ += " +";
    number(e.aux);
    out_ += ';';
    if (e.seat == n_ - 1) {
      out_ += " totals";
      for (int t = 0; t < n_; ++t) {
        out_ += ' ';
        number(totals_[static_cast<std::size_t>(t)]);
      }
      out_ += '\n';
      ++round_;
      in_round_ = false;
    }
  }

  // The true top cards, for what a Queen shows the viewer; taking a card pops them.
  void pop_top() {
    if (top_len_ == 0) return;
    for (int i = 1; i < top_len_; ++i)
      top_[static_cast<std::size_t>(i - 1)] = top_[static_cast<std::size_t>(i)];
    --top_len_;
  }
  void top_cards() {
    for (int i = 0; i < top_len_; ++i) {
      if (i > 0) out_ += ',';
      card(top_[static_cast<std::size_t>(i)]);
    }
  }

  int n_;
  int viewer_;
  std::string out_;
  std::string own_cards_;  // the viewer's dealt or kept cards, in order
  Section section_ = Section::kNone;
  bool first_token_ = true;
  bool in_round_ = false;
  int round_ = 0;
  std::array<int, kMaxPlayers> totals_{};
  std::array<int, kMaxPlayers> aces_{-1, -1, -1, -1};
  int aces_dealt_ = 0, dealt_ = 0, kept_ = 0;
  int own_ace_ = -1;
  int turn_seat_ = 0;
  int kings_ = 0;
  int jack_suit_ = 0;
  bool prev_flip_ = false;
  int face_down_ = 0;
  CardMask set_cards_ = 0;
  std::array<int, 3> top_{};
  int top_len_ = 0;
};

}  // namespace

void LoyalistSpiesState::information_state_string(Player player, std::string& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  Renderer renderer(num_players(), player);
  for (const Event& e : log_.view()) renderer.add(e);
  out = renderer.finish();
}

std::string LoyalistSpiesState::observation_string(Player player) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  const int n = num_players();
  std::string s;
  append_to(s, seat_name(player), ", round ", round_ + (phase_ == Phase::kTerminal ? 0 : 1),
            ", phase ", phase_name(phase_), ", totals");
  for (int p = 0; p < n; ++p) append_to(s, " ", total(p));
  s += "\naces:";
  for (int p = 0; p < n; ++p) {
    append_to(s, " ", seat_name(p), " ",
              ace(p) >= 0 && knows_ace(player, p) ? card_name_view(ace(p)) : std::string_view("?"));
  }
  append_to(s, "\nhand [", cards_string(hand(player)), "]");
  if (phase_ == Phase::kKeep) append_to(s, " kept [", cards_string(kept(player)), "]");
  s += "; hand sizes";
  for (int p = 0; p < n; ++p) append_to(s, " ", popcount(hand(p)));
  append_to(s, "; deck ", deck_size());
  if (phase_ != Phase::kTerminal) append_to(s, "; determiner ", seat_name(determiner_));
  if (mission_active_) {
    append_to(s, "\nmission ", card_name_view(mission_suit_ * 13 + mission_rank_ - 1), ", covert ",
              terms_.covert, ", VP ", terms_.vp, ", ", face_down_count_, " face down, played:");
    for (int p = 0; p < n; ++p) {
      if ((played_mask_ >> p) & 1u) append_to(s, " ", seat_name(p));
    }
    if (own_play(player) >= 0) append_to(s, " (yours ", card_name_view(own_play(player)), ")");
  }
  append_to(s, "\nmissions ", missions_, ": ", tally_.successes, " succeeded, ", tally_.failures,
            " failed; public [", cards_string(public_), "]");
  return s;
}

void LoyalistSpiesState::information_state_tensor(Player player, std::span<float> out) const {
  encode_information_state(*this, player, out);
}

// The tensor already holds only the present knowledge (no event history), so
// the observation is the same encoding.
void LoyalistSpiesState::observation_tensor(Player player, std::span<float> out) const {
  encode_information_state(*this, player, out);
}

}  // namespace kibitz::loyalist_spies
