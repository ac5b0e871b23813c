// InfoText: the information-state string of a Loyalist Spies seat, rendered
// from its seat stream (stream.h) one observation at a time: everything the
// seat has seen, round by round, in order. The state's string and the seat's
// folded knowledge (seat_knowledge.h) both write it, so they agree by
// construction. What the text states beyond the observations (hand sizes,
// the covert value, whether a draw was a refill, the totals) it takes from
// the seat's StreamReader (knowledge_reader.h), the one place the public
// rules are replayed over a stream.
#pragma once

#include <array>
#include <string>

#include "env/core/observation.h"
#include "env/games/loyalist_spies/knowledge_reader.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/scoring.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {

// Renders a seat's stream for that seat. Text is appended to one buffer
// (this runs at every step of long games in tests and tools, so it avoids
// building temporary strings). Everything it writes comes from the
// stream and the game's public rules: what is not observed (hand sizes, the
// covert value, whether a draw is a refill) is the seat's reader's.
class InfoText {
 public:
  // Begins `viewer`'s text in `out` (cleared).
  InfoText(const Config& config, int viewer, std::string& out)
      : n_(config.players), viewer_(viewer), out_(&out) {
    out.clear();
    out += "you are ";
    seat(viewer);
    out += " of ";
    number(n_);
    out += '\n';
  }

  // A copy writes on into `out`, which holds the text written so far.
  void retarget(std::string& out) { out_ = &out; }

  // Renders the stream's next observation; `rules`, the seat's reader, has
  // just read it.
  void read(const Observation& o, const StreamReader& rules) {
    rules_ = &rules;
    // A Jack's look and the ace it showed the viewer are one phrase: the
    // look waits for the observation after it.
    if (jack_waiting_) {
      jack_waiting_ = false;
      if (obs_kind(o) == Obs::kAceSeen) {
        add(jack_, &o);
        return;
      }
      add(jack_, nullptr);
    }
    if (obs_kind(o) == Obs::kJackMatch || obs_kind(o) == Obs::kJackNoMatch) {
      jack_ = o;
      jack_suit_ = rules.look_suit();
      jack_waiting_ = true;
      return;
    }
    add(o, nullptr);
  }

  // Ends the text after the last observation read: the waiting Jack look,
  // and the summary or end of the open line.
  void finish() {
    if (jack_waiting_) {
      jack_waiting_ = false;
      add(jack_, nullptr);
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
        out() += " (top already ";
        cards_with_commas(o, 0);
        out() += ')';
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
        out() += "orders ";
        cards_with_commas(o, 0);
        break;
      case Obs::kReordered:
        token();
        out() += "reorders the top ";
        number(rules().top_len());
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
        out() += " plays nothing (holds ";
        number(rules().hand_size(o.value(0)));
        out() += ')';
        break;
      case Obs::kReveal:
        on_reveal(o);
        break;
      case Obs::kDraw:
      case Obs::kDraws:
        move(kind == Obs::kDraw ? "you draw " : nullptr, " draws", o.value(0));
        if (rules().last_event().aux != 0) out() += " (refill)";
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
    out() += 'P';
    out() += static_cast<char>('0' + s);
  }
  void card(int c) { out() += card_name_view(c); }
  void number(int x) { append_to(out(), x); }
  void cards_with_commas(const Observation& o, int at) {
    bool first = true;
    for (const int c : card_list(o, at)) {
      if (!first) out() += ',';
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
      out() += " face down";
    }
    if (!first_token_) out() += ", ";
    first_token_ = false;
  }

  // Ends the current line: the set-up sections are summaries written at
  // their end; a turn line is written as it goes.
  void end_section() {
    switch (section_) {
      case Section::kAces:
        out() += "aces dealt ";
        number(aces_dealt_);
        out() += "; yours ";
        if (own_ace_ < 0) {
          out() += "not yet";
        } else {
          card(own_ace_);
        }
        out() += '\n';
        break;
      case Section::kDeal:
      case Section::kKeep:
        out() += section_ == Section::kDeal ? "cards dealt " : "cards kept ";
        number(section_ == Section::kDeal ? dealt_ : kept_);
        out() += "; yours";
        for (int i = 0; i < num_own_; ++i) {
          out() += ' ';
          card(own_cards_[static_cast<std::size_t>(i)]);
        }
        out() += '\n';
        break;
      case Section::kTurn:
        if (face_down_ > 0) token();
        out() += '\n';
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
      const int round = rules().rounds_finished();
      out() += "round ";
      number(round + 1);
      out() += ", first determiner ";
      seat(round % n_);
      out() += ", totals";
      for (int s = 0; s < n_; ++s) {
        out() += ' ';
        number(rules().total(s));
      }
      out() += '\n';
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
    if (rules().flip_began_turn() || section_ != Section::kTurn) {
      end_section();
      section_ = Section::kTurn;
      out() += "turn ";
      seat(determiner);
      out() += ": ";
      first_token_ = true;
    }
    token();
    out() += "flips ";
    card(c);
    if (is_joker(c)) {
      out() += ": set aside";
    } else if (rank_of(c) == kRankKing) {
      out() += ": King";
    } else if (rank_of(c) == kRankJack) {
      out() += ": Jack";
    } else if (rank_of(c) == kRankQueen) {
      out() += ": Queen";
    } else {
      out() += ": mission, covert ";
      number(rules().terms().covert);
      out() += ", VP ";
      number(rules().terms().vp);
    }
  }

  void on_jack(int determiner, int target, bool match, const Observation* ace_seen) {
    token();
    out() += "looks at ";
    seat(target);
    out() += "'s ace";
    if (determiner == viewer_ && ace_seen != nullptr) {
      out() += " (";
      card(ace_seen->value(1));
      out() += ')';
    }
    if (match) {
      out() += ": match, ";
      seat(target);
      out() += " is ";
      out() += suit_name(jack_suit_);
      if (target == viewer_ && ace_seen != nullptr) {
        out() += " (";
        seat(determiner);
        out() += " shows you ";
        card(ace_seen->value(1));
        out() += ')';
      }
    } else {
      out() += ": no match";
    }
  }

  // One token for a move: "<own><card>" for the viewer's own move (own not
  // null), else "<seat><theirs>" (value: the seat, or -1 for none).
  void move(const char* own, const char* theirs, int value) {
    token();
    if (own != nullptr) {
      out() += own;
      card(value);
      return;
    }
    if (value >= 0) seat(value);
    out() += theirs;
  }

  void on_reveal(const Observation& o) {
    const int total = o.value(o.size - 1);
    token();
    out() += "revealed ";
    bool first = true;
    for (const int c : card_list(o, 1)) {
      if (!first) out() += ' ';
      first = false;
      card(c);
    }
    out() += " = ";
    number(total);
    out() += rules().last_event().card != 0 ? ": success" : ": failed";
  }

  void on_round_end(const Observation& o) {
    const int s = o.value(0);
    const Obs kind = obs_kind(o);
    if (s == 0) {
      end_section();
      out() += "round end:";
    }
    const int points = o.value(o.size - 1);
    out() += ' ';
    seat(s);
    out() += ' ';
    card(o.value(1));
    out() += ' ';
    out() += role_name(kind == Obs::kTraitor ? Role::kTraitor : kind == Obs::kCompromised ? Role::kCompromised : Role::kLoyal);
    if (kind == Obs::kTraitor) {
      out() += " (";
      bool first = true;
      for (const int c : card_list(o, 2)) {
        if (!first) out() += ' ';
        first = false;
        card(c);
      }
      out() += ')';
    }
    out() += " +";
    number(points);
    out() += ';';
    if (s == n_ - 1) {
      out() += " totals";
      for (int t = 0; t < n_; ++t) {
        out() += ' ';
        number(rules().total(t));
      }
      out() += '\n';
      in_round_ = false;
    }
  }

  // The text being written (a pointer, so a copy can be retargeted).
  std::string& out() { return *out_; }
  // The reader of the observation being rendered: set by each read(), and
  // read only within it (finish() renders nothing the rules derive).
  const StreamReader& rules() const { return *rules_; }

  const StreamReader* rules_ = nullptr;
  int n_;
  int viewer_;
  std::string* out_;
  Observation jack_;  // a Jack look waiting for the ace it showed
  int jack_suit_ = -1;  // and its Jack's suit
  bool jack_waiting_ = false;
  std::array<int, kNumCardIndices> own_cards_{};  // the viewer's dealt or kept cards, in order
  int num_own_ = 0;
  Section section_ = Section::kNone;
  bool first_token_ = true;
  bool in_round_ = false;
  int aces_dealt_ = 0, dealt_ = 0, kept_ = 0;
  int own_ace_ = -1;
  int face_down_ = 0;
};

}  // namespace kibitz::loyalist_spies
