// What one seat knows, read from its stream alone (Knowledge), and the
// fixed-size tensor written from it: Laws and Disorder's information-state
// tensor and observation tensor, its observation string, and what the
// heuristic bot and the nn agent read. Nothing here reads the true state:
// Knowledge is rebuilt observation by observation from seat_stream(viewer)
// (docs/rules/laws_and_disorder.md "What each seat observes").
//
// Tensor layout (n = players; seats are absolute, P0 first; every block has
// a fixed size that depends on n alone; kEncoderVersion changes with it):
//
//   viewer             n      one-hot
//   turn player        n      one-hot (all 0 before the first turn)
//   positions          6n     per seat, the position it holds, one-hot in
//                             Position order (all 0 before the deal)
//   monies             n      per seat, monies / 16
//   hand sizes         n      per seat, cards / 16
//   own hand           20     per kind, count / 5
//   seen cards         20n    per seat, per kind, cards the viewer believes
//                             that seat holds / 5 (the viewer's own row is 0)
//   deck               1      cards left / 78
//   final round        2      the last card is drawn; turns left after the
//                             current one / n
//   turn               4      the turn player has made (or started) a law,
//                             changed job, used an ability; the game is over
//   paid for laws      n      per seat, monies earned by making laws / 32
//   table laws         26 * L the laws on the table in creation order, slot
//                             0 the oldest; unused slots 0
//   law in progress    L + n  the law being built, and its builder one-hot
//   effect             L + n + 1  the law of the effect in progress, the
//                             seat it takes effect for (one-hot; all 0 for
//                             nobody), and whether that seat is the viewer
//   theft              n      the victim of the theft in progress, one-hot
//   move values        721    what each move is worth to the viewer now:
//                             kNumActions worths, 21 flags for the law cards
//                             and end-law that can go toward a whole law, 21
//                             for those of them with the best worth, 20 for
//                             the best cards to pick (move_values.h)
//
// where one law is L = 32 + n floats:
//   present 1, subject 7 (6 jobs + ANY-POSITION), verb 3 (GAINS LOSES
//   GIVES), recipient 8 (none, 6 jobs, ANY-POSITION), object 7 (1-CARD
//   2-CARDS 1..5-MONIES), when 4 (none + 3), maker n one-hot, affects me 1
//   (the subject is the viewer's position or ANY-POSITION), gives to me 1
//   (the recipient is the viewer's position or ANY-POSITION). A law still
//   being built sets only the slots it has filled; "none" (recipient, when)
//   is set only once the slot is known to be empty.
//
// For n = 6 the tensor holds 2017 floats.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "env/core/observation.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/laws_and_disorder/stream.h"

namespace kibitz::laws_and_disorder {

// Bumped whenever the tensor layout changes, so that a saved network refuses
// a tensor it was not trained on.
inline constexpr int kEncoderVersion = 3;

// Floats in the tensor for `players` seats.
int tensor_size(int players);

// A law on the table as a seat knows it: every card of a law is public.
struct KnownLaw {
  int serial = 0;  // 1 for the first law made
  int maker = -1;
  Law law;
};

// The public table and the seat's private facts, as its stream tells them.
// Every field is exact (it is what the stream says) except `seen`, which is
// a belief. Fields are public so that agents read them directly.
struct Knowledge {
  Knowledge(const Config& config, int viewer);
  // Reads the next observation of the viewer's stream; a KibitzError when it
  // does not fit what came before (a law serial not on the table, a card the
  // viewer does not hold leaving its hand, a seat out of range).
  void read(const Observation& o);
  void encode(std::span<float> out) const;
  // "P1 JUDGE $3 | monies P0 3 P1 3 | ... | L2 (P0) THE JUDGE GAINS 2
  // MONIES | deck 50": what the seat sees now, on one line.
  std::string describe() const;

  // The table law with this serial, or nullptr.
  const KnownLaw* find_law(int serial) const;
  std::span<const KnownLaw> table() const { return {laws.data(), static_cast<std::size_t>(num_laws)}; }

  Config config;
  int viewer;
  int n;

  // --- Positions: every seat holds exactly one once the deal is done. ------
  std::array<int, kMaxPlayers> position_of{};  // a Position's value, -1 before the deal
  std::array<int, kNumPositions> holder{};     // the seat holding a position, -1 nobody

  // --- Monies, cards, the deck. ----------------------------------------------
  std::array<int, kMaxPlayers> monies{};
  std::array<int, kMaxPlayers> hand_size{};
  std::array<int, kMaxPlayers> paid_for_laws{};  // monies earned by making laws
  KindCounts hand{};                             // the viewer's own hand, exact
  // A belief: cards the viewer knows each seat held (cards it handed them,
  // the hand it saw in a theft, the card they took from it, cards they took
  // back from a law in public), less the kinds they later played in public
  // (a law card, a job card, a swap or a WHEN added). Hidden losses
  // (discards, gifts, thefts by others) cannot be told apart, so they leave
  // it alone, except that the counts never exceed the seat's hand size
  // (an empty hand clears them). seen[viewer] stays empty.
  std::array<KindCounts, kMaxPlayers> seen{};
  int deck_size = kDeckSize;

  // --- Turns and the end. ------------------------------------------------------
  int turn_number = 0;   // as kTurn says; 0 before the first turn
  int turn_player = -1;  // -1 before the first turn
  // What the turn player has done this turn (reset at each kTurn): a law
  // made or started, a job card played, an ability used.
  bool made_law = false;
  bool changed_job = false;
  bool used_ability = false;
  bool last_card_drawn = false;
  // -1 before the last card is drawn; then the turns left after the current
  // one (n when the last card is drawn, one less at each turn that starts).
  int turns_left = -1;
  bool game_over = false;  // kFinal seen: monies are the final scores

  // --- Laws. -------------------------------------------------------------------------
  std::array<KnownLaw, kMaxTableLaws> laws{};  // creation order, oldest first
  int num_laws = 0;
  Law building;      // the law in progress (empty when none)
  int builder = -1;  // who builds it

  // --- What is going on now. ---------------------------------------------------
  // The effect in progress: the last kEffect / kNoHolder, cleared when a new
  // action starts (a turn, a law card, a job card, an ability, end of turn).
  int effect_serial = -1;
  int effect_seat = -1;  // -1: nobody (kNoHolder) or no effect
  Law effect_law;
  int theft_victim = -1;  // the theft in progress (kThief until the take)

 private:
  void read_setup(Obs kind, const Observation& o);
  void read_law(Obs kind, const Observation& o);
  void read_effect(Obs kind, const Observation& o);
  void read_cards(Obs kind, const Observation& o);
  void read_ability(Obs kind, const Observation& o);
  void read_swap(int seat, const Observation& o);
  int seat_at(const Observation& o, int i) const;
  Kind kind_at(const Observation& o, int i) const;
  KnownLaw& law_of(int serial);
  void remove_law(int serial);
  void add_card(int seat, Kind kind, bool known_to_all);
  void remove_card(int seat, Kind kind, bool known_to_viewer);
  void lose_hidden(int seat, int count);
  void pay_ability(int seat);
  void clear_action();
  bool fresh_theft_ = false;  // the next kHandSeen is the first of a theft
};

// Knowledge of `viewer` after reading all of `stream`.
Knowledge read_stream(const Config& config, int viewer, std::span<const Observation> stream);

}  // namespace kibitz::laws_and_disorder
