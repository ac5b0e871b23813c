// Knowledge: what one seat of Spoon Nomic knows, read from its stream alone
// (stream.h): the public record (points, the proposal and votes, who was
// dealt cards of which back) and its own hand. The information-state tensor,
// the observation string and the heuristic read it; nothing here looks at a
// State.
//
// Read a whole stream with read_knowledge, or feed a KnowledgeReader one
// observation at a time (it never allocates).
#pragma once

#include <array>
#include <span>

#include "env/cards/card.h"
#include "env/cards/card_set.h"
#include "env/core/observation.h"
#include "env/core/types.h"
#include "env/games/spoon_nomic/table.h"

namespace kibitz::spoon_nomic {

class SpoonGame;

struct Knowledge {
  int num_players = 0;
  int packs = 0;
  int nweeks = 0;
  Player seat = 0;  // whose knowledge this is

  // The nweek under way, from 0; nweeks once the game is over.
  int nweek = 0;
  bool over = false;
  // Points so far (passed proposals only).
  std::array<int, kMaxPlayers> points{};
  // This seat's cards.
  cards::CardSet hand;
  // How many cards of each back each seat holds (this seat's included), from
  // the Dealer's Report: backs[seat][back].
  std::array<std::array<int, cards::kMaxPacks>, kMaxPlayers> backs{};
  // Cards left in the Deck.
  int deck_size = 0;
  // Rejected rolls seen so far (public, faces unknown).
  int rejected_rolls = 0;

  // This nweek's proposal: change[s] for the seats s < num_changes drawn so far.
  std::array<int, kMaxPlayers> change{};
  int num_changes = 0;
  // This nweek's votes by seat: kYes, kNo, kAbstain or kNotVoted.
  std::array<int, kMaxPlayers> vote{};
  int votes_cast = 0;
  // Voted yes or no in the previous nweek: due a card at this nweek's start
  // (all false once the game is over).
  std::array<bool, kMaxPlayers> due_card{};
  // The last counted proposal's result (false before the first count).
  bool last_passed = false;
  // At the end, every seat's shown hand.
  std::array<cards::CardSet, kMaxPlayers> shown{};

  // This nweek's first voter: seat nweek mod players.
  Player first_voter() const { return nweek % num_players; }
  // The seat to vote next, or -1 when no vote is due (dealing, drawing the
  // proposal, or over).
  Player next_voter() const;
  // Whether every seat's change in this nweek's proposal is known.
  bool proposal_complete() const { return num_changes == num_players; }
  int yes_votes() const;
  int no_votes() const;
  int hand_size(Player s) const;
  // The cards of `back` this seat has not seen: not in its hand, not shown.
  // Others' cards of that back and the Deck's are among them.
  cards::CardSet unseen(cards::Back back) const;
};

// Reads one seat's stream, observation by observation.
class KnowledgeReader {
 public:
  KnowledgeReader(int players, int packs, int nweeks, Player seat);
  KnowledgeReader(const SpoonGame& game, Player seat);

  // Takes in the stream's next observation. The reader trusts the stream's
  // order (a stream a SpoonState made); the world sampler checks streams.
  void read(const Observation& o);
  const Knowledge& knowledge() const { return k_; }

 private:
  void count(bool passed);
  Knowledge k_;
};

Knowledge read_knowledge(const SpoonGame& game, Player seat, std::span<const Observation> stream);

// The information-state (and observation) tensor written from what a seat
// knows, in the layout of SpoonGame::information_state_tensor_shape, each
// value in [-1, 1] (a network's input). kEncoderVersion names the layout
// (agents/neural/encoders.h): bump it when the tensor changes meaning or
// size, so old checkpoints are refused.
inline constexpr int kEncoderVersion = 1;
void write_tensor(const Knowledge& k, std::span<float> out);

}  // namespace kibitz::spoon_nomic
