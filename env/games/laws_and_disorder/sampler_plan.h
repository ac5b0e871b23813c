// The first pass of the world sampler (sampler.h): the kinds of the cards a
// seat did not see, drawn from its stream alone.
//
// Every card that enters another seat's hand unseen (their draw) is an
// instance of unknown kind; cards the seat saw enter others' hands as
// instances of known kind (what the seat gave, what a scientist took back, a
// swap's card, what a thief took from the seat). Instances move with the
// hidden gives and thefts and leave with discards; they are bound to a kind
// when their holder shows one (a law card, a job, a WHEN added, a swap's
// card, a card handed or stolen to the seat, a hand the seat saw as thief).
// The hidden choices (which card another discards, picks or loses to a
// thief) are drawn among the holder's cards, avoiding those its coming plays
// need. At the end every instance still unbound takes a kind drawn from what
// is left of the deck; the draws' kinds follow.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"

namespace kibitz::laws_and_disorder {

class HiddenCards {
 public:
  // What a holder shows from an observation on (coming_needs, sampler_plan.cc).
  struct Needs {
    KindCounts needs{};
    KindCounts limit{};
    bool has_limit = false;
    KindCounts shows{};  // every kind shown in the window, draws or not
  };
  // Sizes the buffers for streams of up to `stream_capacity` observations
  // (a thread's sampler calls it once; later draws then allocate nothing).
  void reserve(std::size_t stream_capacity);

  // One draw of every hidden card behind `stream` for `seat`. False when
  // the draw's choices left no card to explain an observation (failed_at()
  // names it): the caller draws again.
  // `attempt` (0, 1, ...) varies the preferences of the hidden choices.
  bool draw(Player seat, std::span<const Observation> stream, Rng& rng, int attempt);

  // The kind of the card behind observation `i`: a draw, a discard, a pick
  // or a theft of another seat that the seat did not see.
  Kind kind_at(std::size_t i) const;
  std::size_t failed_at() const { return failed_at_; }

 private:
  using Hand = std::vector<int>;  // instance ids

  int new_instance(int kind, bool from_draw);
  bool bind(int instance, int kind);
  // Takes a card of `kind` out of `hand` (bound to it if need be); its
  // instance, or -1 when none can be.
  int reveal(Hand& hand, int kind);
  // Binds every card of `hand` so that their kinds make `shown` (counts).
  bool bind_all(const Hand& hand, KindCounts shown);
  // Takes out of `holder`'s hand the card a hidden move at observation `at`
  // moves or discards: drawn among those its coming plays do not need.
  // `receiver`: who gets the card (-1: a discard).
  int remove_hidden(int holder, std::size_t at, Rng& rng, int receiver);
  Needs coming_needs(int holder, std::size_t at) const;
  // What the seats `receiver` next hands cards to unseen will show beyond
  // what they hold and the deck can supply (raises `wanted`).
  void add_passed_on_wants(int receiver, std::size_t at, KindCounts& wanted) const;
  int count_kinds(const Hand& hand, KindCounts& bound) const;
  bool read(std::size_t i, Rng& rng);
  bool read_pick(std::size_t i, Rng& rng);
  bool read_hand_over(const Observation& o);
  bool read_hand_seen(std::size_t i);
  // A law another seat is still building when the stream ends: its hand
  // must be able to finish it.
  bool finish_open_law(Rng& rng);
  void bind_the_rest(Rng& rng);

  Player seat_ = 0;
  std::span<const Observation> stream_;
  std::vector<std::int8_t> kind_;       // per instance: its kind, -1 unbound
  std::vector<std::uint8_t> drawn_;     // per instance: 1 when a draw made it
  std::array<Hand, kMaxPlayers> hands_;
  Hand picked_;                         // the hidden picks of the give in progress
  std::vector<int> event_;              // per observation: the instance behind it, or -1
  KindCounts pool_{};                   // kinds not yet given to a draw
  KindCounts shown_{};                  // a hand being shown in chunks
  int builder_ = -1;                    // who is building a law, or -1
  Law building_;
  std::size_t failed_at_ = 0;
  int attempt_ = 0;
};

}  // namespace kibitz::laws_and_disorder
