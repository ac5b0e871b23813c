// What a seat sees, as text: the information-state string (everything the
// seat has seen, round by round, in order) rendered from its seat stream, and
// the observation string (the table as it is now). Every word written for a
// seat depends only on what that seat saw, so two worlds the seat cannot tell
// apart give the same text.
#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "env/core/error.h"
#include "env/games/loyalist_spies/encoder.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"
#include "env/games/loyalist_spies/stream_tracker.h"

namespace kibitz::loyalist_spies {
namespace {

// Renders a seat's stream (stream.h) for that seat. Text is appended to one
// buffer (this runs at every step of long games in tests and tools, so it
// avoids building temporary strings). Everything it writes comes from the
// stream and the game's public rules: what is not observed (hand sizes, the
// covert value, whether a draw is a refill) is worked out as the seat would.
class Renderer {
 public:
  Renderer(const Config& config, int viewer, std::string& out)
      : tracker_(config, viewer), n_(config.players), viewer_(viewer), out_(out) {
    out_.clear();
    out_ += "you are ";
    seat(viewer);
    out_ += " of ";
    number(n_);
    out_ += '\n';
  }

  void render(std::span<const Observation> stream) {
    for (std::size_t i = 0; i < stream.size(); ++i) {
      const Observation& o = stream[i];
      // A Jack's look and the ace it showed the viewer are one phrase.
      const Observation* next = i + 1 < stream.size() ? &stream[i + 1] : nullptr;
      if (next != nullptr && obs_kind(*next) != Obs::kAceSeen) next = nullptr;
      tracker_.add(o);
      add(o, next);
      if (next != nullptr && (obs_kind(o) == Obs::kJackMatch || obs_kind(o) == Obs::kJackNoMatch)) ++i;
    }
    end_section();
  }

 private:
  enum class Section { kNone, kAces, kDeal, kKeep, kTurn };

  void add(const Observation& o, const Observation* ace_seen) {
    const Obs kind = obs_kind(o);
    switch (kind) {
      case Obs::kOwnAce:
      case Obs::kAceTo:
        on_ace(kind == Obs::kOwnAce ? o.value(0) : -1);
        break;
      case Obs::kDealt:
      case Obs::kDealtTo:
        on_setup_card(Section::kDeal, kind == Obs::kDealt ? o.value(0) : -1);
        break;
      case Obs::kKeep:
      case Obs::kKept:
        on_setup_card(Section::kKeep, kind == Obs::kKeep ? o.value(0) : -1);
        break;
      case Obs::kFlip:
        on_flip(o.value(0), o.value(1));
        break;
      case Obs::kAlreadyOnTop:
        out_ += " (top already ";
        cards_with_commas(o, 0);
        out_ += ')';
        break;
      case Obs::kJackMatch:
      case Obs::kJackNoMatch:
        on_jack(o.value(0), o.value(1), kind == Obs::kJackMatch, ace_seen);
        break;
      case Obs::kAceSeen:
        break;  // always read with its Jack
      case Obs::kQueenShows:
        move("sees ", nullptr, o.value(0));
        break;
      case Obs::kQueenShowsTo:
        move(nullptr, "sees a card", -1);
        break;
      case Obs::kOrder:
        token();
        out_ += "orders ";
        cards_with_commas(o, 0);
        break;
      case Obs::kReordered:
        token();
        out_ += "reorders the top ";
        number(tracker_.top_len());
        break;
      case Obs::kFaceDown:
        ++face_down_;
        break;
      case Obs::kPlay:
        move("you play ", nullptr, o.value(0));
        break;
      case Obs::kPlays:
        move(nullptr, " plays", o.value(0));
        break;
      case Obs::kNoPlay:
        token();
        seat(o.value(0));
        out_ += " plays nothing (holds ";
        number(tracker_.hand_size(o.value(0)));
        out_ += ')';
        break;
      case Obs::kReveal:
        on_reveal(o);
        break;
      case Obs::kDraw:
      case Obs::kDraws:
        move(kind == Obs::kDraw ? "you draw " : nullptr, " draws", o.value(0));
        if (tracker_.last_draw_refill()) out_ += " (refill)";
        break;
      case Obs::kDiscard:
        move("you discard ", nullptr, o.value(0));
        break;
      case Obs::kDiscards:
        move(nullptr, " discards", o.value(0));
        break;
      case Obs::kLoyal:
      case Obs::kCompromised:
      case Obs::kTraitor:
        on_round_end(o);
        break;
    }
  }

  void seat(int s) {
    out_ += 'P';
    out_ += static_cast<char>('0' + s);
  }
  void card(int c) { out_ += card_name_view(c); }
  void number(int x) { append_to(out_, x); }
  void cards_with_commas(const Observation& o, int at) {
    bool first = true;
    for (const int c : card_list(o, at)) {
      if (!first) out_ += ',';
      first = false;
      card(c);
    }
  }

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
      case Section::kKeep:
        out_ += section_ == Section::kDeal ? "cards dealt " : "cards kept ";
        number(section_ == Section::kDeal ? dealt_ : kept_);
        out_ += "; yours";
        for (int i = 0; i < num_own_; ++i) {
          out_ += ' ';
          card(own_cards_[static_cast<std::size_t>(i)]);
        }
        out_ += '\n';
        break;
      case Section::kTurn:
        if (face_down_ > 0) token();
        out_ += '\n';
        break;
      case Section::kNone:
        break;
    }
    num_own_ = 0;
    section_ = Section::kNone;
  }

  void begin_section(Section s) {
    if (section_ == s) return;
    end_section();
    section_ = s;
  }

  void on_ace(int own_ace) {
    if (!in_round_) {
      end_section();
      in_round_ = true;
      const int round = tracker_.rounds_finished();
      out_ += "round ";
      number(round + 1);
      out_ += ", first determiner ";
      seat(round % n_);
      out_ += ", totals";
      for (int s = 0; s < n_; ++s) {
        out_ += ' ';
        number(tracker_.total(s));
      }
      out_ += '\n';
      aces_dealt_ = dealt_ = kept_ = 0;
      own_ace_ = -1;
    }
    begin_section(Section::kAces);
    ++aces_dealt_;
    if (own_ace >= 0) own_ace_ = own_ace;
  }

  // A dealt or kept card; `c` is the card if it is the viewer's.
  void on_setup_card(Section section, int c) {
    begin_section(section);
    ++(section == Section::kDeal ? dealt_ : kept_);
    if (c >= 0) own_cards_[static_cast<std::size_t>(num_own_++)] = c;
  }

  void on_flip(int determiner, int c) {
    // A flip that goes on with a King or Joker chain stays on its turn line.
    if (tracker_.flip_began_turn() || section_ != Section::kTurn) {
      end_section();
      section_ = Section::kTurn;
      out_ += "turn ";
      seat(determiner);
      out_ += ": ";
      first_token_ = true;
    }
    token();
    out_ += "flips ";
    card(c);
    if (is_joker(c)) {
      out_ += ": set aside";
    } else if (rank_of(c) == kRankKing) {
      out_ += ": King";
    } else if (rank_of(c) == kRankJack) {
      out_ += ": Jack";
    } else if (rank_of(c) == kRankQueen) {
      out_ += ": Queen";
    } else {
      out_ += ": mission, covert ";
      number(tracker_.terms().covert);
      out_ += ", VP ";
      number(tracker_.terms().vp);
    }
  }

  void on_jack(int determiner, int target, bool match, const Observation* ace_seen) {
    token();
    out_ += "looks at ";
    seat(target);
    out_ += "'s ace";
    if (determiner == viewer_ && ace_seen != nullptr) {
      out_ += " (";
      card(ace_seen->value(1));
      out_ += ')';
    }
    if (match) {
      out_ += ": match, ";
      seat(target);
      out_ += " is ";
      out_ += suit_name(tracker_.jack_suit());
      if (target == viewer_ && ace_seen != nullptr) {
        out_ += " (";
        seat(determiner);
        out_ += " shows you ";
        card(ace_seen->value(1));
        out_ += ')';
      }
    } else {
      out_ += ": no match";
    }
  }

  // One token for a move: "<own><card>" for the viewer's own move (own not
  // null), else "<seat><theirs>" (value: the seat, or -1 for none).
  void move(const char* own, const char* theirs, int value) {
    token();
    if (own != nullptr) {
      out_ += own;
      card(value);
      return;
    }
    if (value >= 0) seat(value);
    out_ += theirs;
  }

  void on_reveal(const Observation& o) {
    const int total = o.value(o.size - 1);
    token();
    out_ += "revealed ";
    bool first = true;
    for (const int c : card_list(o, 1)) {
      if (!first) out_ += ' ';
      first = false;
      card(c);
    }
    out_ += " = ";
    number(total);
    out_ += tracker_.last_success() ? ": success" : ": failed";
  }

  void on_round_end(const Observation& o) {
    const int s = o.value(0);
    const Obs kind = obs_kind(o);
    if (s == 0) {
      end_section();
      out_ += "round end:";
    }
    const int points = o.value(o.size - 1);
    out_ += ' ';
    seat(s);
    out_ += ' ';
    card(o.value(1));
    out_ += ' ';
    out_ += role_name(kind == Obs::kTraitor ? Role::kTraitor : kind == Obs::kCompromised ? Role::kCompromised : Role::kLoyal);
    if (kind == Obs::kTraitor) {
      out_ += " (";
      bool first = true;
      for (const int c : card_list(o, 2)) {
        if (!first) out_ += ' ';
        first = false;
        card(c);
      }
      out_ += ')';
    }
    out_ += " +";
    number(points);
    out_ += ';';
    if (s == n_ - 1) {
      out_ += " totals";
      for (int t = 0; t < n_; ++t) {
        out_ += ' ';
        number(tracker_.total(t));
      }
      out_ += '\n';
      in_round_ = false;
    }
  }

  StreamTracker tracker_;
  int n_;
  int viewer_;
  std::string& out_;
  std::array<int, kNumCardIndices> own_cards_{};  // the viewer's dealt or kept cards, in order
  int num_own_ = 0;
  Section section_ = Section::kNone;
  bool first_token_ = true;
  bool in_round_ = false;
  int aces_dealt_ = 0, dealt_ = 0, kept_ = 0;
  int own_ace_ = -1;
  int face_down_ = 0;
};

}  // namespace

void LoyalistSpiesState::information_state_string(Player player, std::string& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  thread_local SeatStream stream;
  seat_stream(player, stream);
  Renderer(config(), player, out).render(stream);
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
