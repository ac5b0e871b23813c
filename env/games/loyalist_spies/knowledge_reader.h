// StreamReader: one seat's stream read by the rules of Loyalist Spies, for
// SpiesKnowledge::read (knowledge.h). It runs the same public machine as the
// true State (public_state.h: whose turn it is, hand sizes, the deck's size,
// the cards a Queen fixed on top, the missions and their terms), learning
// from the next observation what the State knows from its cards (whether a
// seat plays, the reveal, the round's end), and adds the reading seat's own
// cards and what it saw of the others'. So it can say of each observation
// whether the game can produce it there, and write the event of the log it
// describes.
//
// Used by the sampler's files: knowledge_reader.cc (the turn phases),
// knowledge_checks.cc (the checks of cards, reveals and round ends) and
// knowledge.cc (SpiesKnowledge::read and the refusals); and by SeatFacts
// (seat_facts.h), which reads the public rules' state through the accessors
// below for the information-state tensor.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "env/core/observation.h"
#include "env/core/stream_spec.h"
#include "env/games/loyalist_spies/knowledge.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/scoring.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {

class StreamReader {
 public:
  // `check`: validate each observation's values against its declaration
  // and keep the observation index of each event (read() does; read_own() not).
  // `viewer` may be kSpectator: the public stream (State::public_stream), read
  // as by a seat that holds no card and sees nothing private.
  StreamReader(const LoyalistSpiesGame& game, int viewer, SpiesKnowledge& out, bool check);

  // Reads the stream's observation `index`; throws KibitzError naming it
  // when the rules cannot produce it there.
  void add(int index, const Observation& o);
  // After the last observation: the stream may not stop where the game
  // always adds more in the same move (a reveal after the last play, the
  // round-end reveals, a seat that cannot play playing nothing).
  void finish();

  // A copy of the reader goes on writing into `out`, a copy of the
  // SpiesKnowledge it wrote so far (SpiesSeatKnowledge::clone).
  void rebind(SpiesKnowledge& out) { out_ = &out; }

  // What the seat knows after the observations read so far: the public
  // state of the round as the rules work it out, and the seat's own cards.
  // The information-state tensor reads them (seat_facts.h). Seats absolute.
  Phase phase() const;
  int determiner() const { return pub_.determiner(); }
  // The seat to act, or -1 at a chance node or the end.
  int to_act() const;
  int rounds_finished() const { return pub_.round(); }
  int total(int seat) const { return pub_.total(seat); }
  int hand_size(int seat) const { return pub_.hand_size(seat); }
  // The seat's hand (its dealt cards until every seat has kept), and its
  // keeps so far (deal=keep5).
  CardMask own_hand() const { return own_hand_; }
  CardMask own_kept() const { return own_kept_; }
  CardMask own_dealt() const { return own_dealt_; }
  int deck_size() const { return pub_.deck_size(); }
  int top_len() const { return pub_.top_len(); }
  // The card the seat knows lies at `slot` of the fixed top cards, or kHidden.
  int known_top(int slot) const { return own_top_[static_cast<std::size_t>(slot)]; }
  // A seat's ace as far as the reading seat knows it, or kHidden.
  int known_ace(int seat) const { return aces_[static_cast<std::size_t>(seat)]; }
  unsigned excluded_suits(int seat) const { return excluded_[static_cast<std::size_t>(seat)]; }
  int kings() const { return pub_.kings(); }
  int jack_suit() const { return pub_.jack_suit(); }
  bool mission_active() const { return pub_.mission_active(); }
  // The terms of the last mission flipped, and its face-down cards so far.
  MissionTerms terms() const { return pub_.terms(); }
  int face_down_count() const { return pub_.face_down_count(); }
  const MissionTally& tally() const { return pub_.tally(); }

  // The event the last primary observation described, with what the rules
  // derive for it (events.h: who acted, a reveal's success and mission index,
  // whether a draw was a refill), and its index in the game's log (stream.h:
  // the i-th primary observation describes event i). The information-state
  // text and the replay analyses read the stream through these.
  const Event& last_event() const { return out_->events_.back(); }
  int last_event_index() const { return out_->events_.size() - 1; }
  // Right after a flip: whether it began its turn (else it goes on after a
  // King or Joker the same determiner flipped).
  bool flip_began_turn() const { return flip_began_turn_; }
  // The suit of the Jack behind the last Jack look.
  int look_suit() const { return look_suit_; }

 private:
  // Observations owed within the move just read, which the State writes in
  // the same move: the mission's reveal, or every seat's round-end reveal.
  enum class Wait : std::uint8_t { kNone, kReveal, kRoundEnd };
  // A private observation owed right after the last one.
  enum class Owed : std::uint8_t { kNone, kAlreadyOnTop, kTargetAce, kDeterminerAce };

  [[noreturn]] void refuse(const std::string& why) const;
  // Inline: every observation checks its kind and seat.
  void expect(Obs kind, Obs expected, const char* what) const {
    if (kind != expected) [[unlikely]] refuse_kind(what);
  }
  void expect_seat(int seat, int expected, const char* role) const {
    if (seat != expected) [[unlikely]] refuse_seat(seat, expected, role);
  }
  [[noreturn]] void refuse_kind(const char* what) const;
  [[noreturn]] void refuse_seat(int seat, int expected, const char* role) const;
  void push(EventKind kind, int seat, int card, int aux);
  void close_round();  // writes the round's end and history entries
  // What the public machine waits for becomes what the next observation
  // must be.
  void follow(Next next);
  // The round's first turn has begun: noted for the round's history.
  void note_turns_began();
  // The fixed top card (the seat's knowledge of it) leaves the deck.
  void leave_top();

  // knowledge_reader.cc: the phases.
  void add_secondary(const Observation& o);
  void start_round();
  void on_ace(Obs kind, const Observation& o);
  void on_deal(Obs kind, const Observation& o);
  void on_keep(Obs kind, const Observation& o);
  void on_flip(Obs kind, const Observation& o);
  void on_jack(Obs kind, const Observation& o);
  void on_peek(Obs kind, const Observation& o);
  void on_order(Obs kind, const Observation& o);
  void on_face_down(Obs kind);
  void on_play(Obs kind, const Observation& o);
  void on_discard(Obs kind, const Observation& o);
  void on_draw(Obs kind, const Observation& o);

  // knowledge_checks.cc: cards and the public reveals.
  void check_deck_card(int card) const;
  void check_own_keep(int card) const;
  void check_ace(int seat, int ace) const;
  void learn_ace(int seat, int ace);
  void on_already_on_top(const Observation& o);
  void on_ace_seen(const Observation& o);
  void on_reveal(Obs kind, const Observation& o);
  void on_round_end(Obs kind, const Observation& o);
  void score_round_end();

  const LoyalistSpiesGame& game_;
  const Config& config_;
  const StreamSpec& spec_;
  const int n_;
  const int p_;
  SpiesKnowledge* out_;  // a pointer, so a copied reader can be rebound to a copy of it
  const bool check_;
  int round_entries_ = 0;  // history entries of the round being read
  int index_ = 0;             // of the observation being read
  const Observation* obs_ = nullptr;

  PublicState pub_;
  Wait wait_ = Wait::kNone;
  Owed owed_ = Owed::kNone;
  int end_count_ = 0;  // round-end reveals read

  // The round in progress.
  CardMask universe_ = 0;  // the round's cards besides the aces
  CardMask own_hand_ = 0, own_dealt_ = 0, own_kept_ = 0;
  int own_last_keep_rank_ = -1;
  CardMask gone_ = 0;   // the seat saw them leave the deck, or holds them: never taken from it again
  CardMask spent_ = 0;  // flipped, revealed, or the seat's own: never on a later mission or in another hand
  CardMask dealt_cards_ = 0;  // the viewer's dealt cards, for the deal's uniqueness
  std::array<int, kQueenLook> own_top_{};  // the viewer's knowledge of each: card, or kHidden
  std::array<int, kMaxPlayers> aces_{};     // known aces (kHidden unknown)
  std::array<unsigned, kMaxPlayers> excluded_{};  // suits a failed Jack match ruled out
  std::array<int, kMaxPlayers> ace_event_{};
  // Whether the last flip was its turn's first (a flip can end its turn at
  // once: a Queen with nothing left to show).
  bool flip_began_turn_ = false;
  // The last Jack look, for the ace it shows right after.
  int jack_det_ = -1;
  int jack_target_ = -1;
  bool jack_match_ = false;
  int look_suit_ = -1;
  CardMask mission_known_ = 0;  // its cards the viewer knows (its own play, face-down cards it knew)
  // The round end being read: each seat's ace, Jokers, role and points.
  std::array<int, kMaxPlayers> end_ace_{};
  std::array<CardMask, kMaxPlayers> end_jokers_{};
  std::array<Role, kMaxPlayers> end_role_{};
  std::array<int, kMaxPlayers> end_points_{};
  std::array<Observation, kMaxPlayers> end_obs_{};
  std::array<int, kMaxPlayers> end_index_{};
};

}  // namespace kibitz::loyalist_spies
