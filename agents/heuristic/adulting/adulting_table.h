// What the Adulting heuristic knows at its seat: the game's own Knowledge
// (env/games/adulting/knowledge.h, rebuilt from the seat's observations) plus
// the little history Knowledge does not keep and the bot's rules need: each
// seat's record of adult claims over the whole game, who qualified this
// round, and what the current vote or legal step is about (the evidence
// shown with it). Fed one observation at a time from the seat's stream, in
// order, so the agent can keep it across decisions and read only what is
// new. Nothing here sees the true state.
#pragma once

#include <array>
#include <cstdint>

#include "env/core/observation.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/knowledge.h"

namespace kibitz::adulting::bot {

// A seat's adult claims so far against what honest claims would give: the
// sum of the cards' adult chances and of their variances, so a claimer's
// surprise is a z-score whatever the deck's chances are.
struct ClaimRecord {
  int claims = 0;
  int adult = 0;
  double expected = 0.0;  // sum of p over the seat's claims
  double variance = 0.0;  // sum of p (1 - p)
};

// What the vote being cast decides (set by the observation that opens it).
enum class VoteOn : std::uint8_t { kNone, kClaim, kAppeal, kLawsuit, kImpeach };

// What oral arguments showed for the current legal step.
enum class Evidence : std::uint8_t { kNone, kRight, kWrong, kMeasure, kFair, kCorrupt };

class Table {
 public:
  Table(const AdultingGame& game, int viewer);

  void read(const Observation& o);

  const AdultingGame& game() const { return *knowledge.game; }
  int viewer() const { return knowledge.viewer; }
  int players() const { return knowledge.n; }
  int money(int seat) const { return knowledge.monies[static_cast<std::size_t>(seat)]; }
  const ClaimRecord& record(int seat) const { return claims[static_cast<std::size_t>(seat)]; }
  bool declared_this_round(int seat) const { return (declared_mask >> seat) & 1u; }
  // Whether the ruling on `seat` is known to this seat to be wrong (it was
  // ruled on it, it ruled as dealer, or oral arguments showed it).
  bool ruling_known_wrong(int seat) const;
  bool ruling_known_right(int seat) const;
  // Whether the dealer's challenge ranking so far puts a lower public
  // quality above a higher one (anyone can check it: qualities are public).
  bool ranking_breaks_qualities() const;

  Knowledge knowledge;
  std::array<ClaimRecord, kMaxPlayers> claims{};
  unsigned qualified = 0;      // this round: claims that stood, qualify effects
  unsigned declared_mask = 0;  // this round: who declared (rank jobs)
  int last_declarer = -1;
  int prosecutor = -1;
  int defendant = -1;
  int proposed_price = 0;
  int ruled_seat = -1;         // the latest elimination's seat (rulings, appeals)
  std::array<std::int8_t, kMaxPlayers> shown_ruling{};  // evidence: 1 right, 2 wrong
  std::array<std::int8_t, kMaxPlayers> seen_extra{};    // extras seen taken this round
  std::array<int, kMaxPlayers> rank_order{};            // challenge: seats ranked, best first
  int extra_payee = -1;        // the seat whose extra is being watched
  VoteOn vote_on = VoteOn::kNone;
  int subject = -1;            // the claimer, appellant, defendant or mover
  Evidence evidence = Evidence::kNone;
  int evidence_value = -1;     // kMeasure: the measurement shown
  int my_discard = -1;         // the effect card this seat discarded last (target choice)

 private:
  void new_round();
  void read_legal(const Observation& o);
  void open_vote(VoteOn on, int seat);
};

}  // namespace kibitz::adulting::bot
