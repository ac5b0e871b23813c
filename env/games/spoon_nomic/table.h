// Table: the rules of Cards for Votes as a plain value (no history, no
// allocation): the Deck, the hands, the points, this nweek's proposal and
// votes, and whose turn it is. SpoonState holds one and applies its moves to
// it; each move hands what it shows, with who hears it, to the state's
// observation log (env/core/observation_log.h), so the rules and the
// observations have one definition (apply below).
//
// An nweek: the Dealer deals one card to each seat that voted yes or no in
// the previous nweek, in seat order; each deal is a run of die rolls, faces
// 1..52*packs, a face whose card is not in the Deck being rejected (rolled
// again); an empty Deck deals nothing. Then the proposal is drawn, a point
// change -3..+3 per seat, seat by seat; then everyone votes in turn from the
// nweek's first voter (seat nweek mod players). The proposal passes when yes
// > no, and its point changes apply.
#pragma once

#include <array>
#include <cstdint>

#include "env/cards/card.h"
#include "env/cards/card_set.h"
#include "env/core/observation.h"
#include "env/core/observation_log.h"
#include "env/core/types.h"
#include "env/games/spoon_nomic/stream.h"

namespace kibitz::spoon_nomic {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxNweeks = 100;
inline constexpr int kMaxChange = 3;  // a proposal changes a seat's points by -3..+3
inline constexpr int kNumChanges = 2 * kMaxChange + 1;

// Player actions.
inline constexpr Action kYes = 0;
inline constexpr Action kNo = 1;
inline constexpr Action kAbstain = 2;
inline constexpr int kNumVotes = 3;
inline constexpr std::int8_t kNotVoted = -1;

// A proposal's chance outcome for a change of `change` points, and back.
inline constexpr Action change_action(int change) { return change + kMaxChange; }
inline constexpr int action_change(Action action) { return action - kMaxChange; }

enum class Phase : std::uint8_t { kDeal, kPropose, kVote, kOver };

static_assert(kMaxPlayers <= kMaxAudienceSeats, "more seats than an observation's audience has bits");

class Table {
 public:
  // The table before the first move; `rejections` is the dice server's
  // budget of rejected rolls (SpoonGame::rejection_budget()).
  Table(int players, int packs, int nweeks, int rejections);

  int num_players() const { return players_; }
  int packs() const { return packs_; }
  int nweeks() const { return nweeks_; }
  int die_sides() const { return packs_ * cards::kCardsPerPack; }

  Phase phase() const { return phase_; }
  // The nweek under way, from 0 (nweeks() once the game is over).
  int nweek() const { return nweek_; }
  // kChancePlayer while dealing or drawing the proposal, the voter, or
  // kTerminalPlayer.
  Player current_player() const;
  // While dealing: the seat the next card is for.
  Player receiver() const { return receiver_; }
  // While drawing the proposal: the seat whose change is drawn next.
  Player proposed_for() const { return proposed_; }
  // This nweek's first voter: seat nweek mod players.
  Player first_voter() const { return nweek_ % players_; }

  const cards::CardSet& deck() const { return deck_; }
  const cards::CardSet& hand(Player seat) const { return hands_[idx(seat)]; }
  int points(Player seat) const { return points_[idx(seat)]; }
  int change(Player seat) const { return proposal_[idx(seat)]; }
  // kYes, kNo, kAbstain, or kNotVoted.
  int vote(Player seat) const { return votes_[idx(seat)]; }
  // Voted yes or no in the previous nweek: due a card this nweek.
  bool due_card(Player seat) const { return (due_ >> seat) & 1u; }
  int rejections_left() const { return rejections_left_; }
  // Whether the die may show a card not in the Deck (the budget is not spent).
  bool may_reject() const { return rejections_left_ > 0; }

  // Whether `action` is legal now (chance outcomes included).
  bool is_legal(Action action) const;

  // Applies a legal action, calling emit(audience, kind) for each
  // observation the move shows, in stream order, and add()ing the
  // observation's values to the Observation& emit returns (the log's entry,
  // built in place). `audience` is the core Audience: a deal's card goes to
  // its receiver alone, and its back to the other seats and an onlooker;
  // everything else to every seat and the onlooker.
  template <typename Emit>
  void apply(Action action, Emit&& emit);

 private:
  static std::size_t idx(Player seat) { return static_cast<std::size_t>(seat); }
  Audience everyone() const { return everyone_audience(players_); }
  // While dealing, finds the next seat due a card from `receiver_` on; when
  // none is left or the Deck is empty, the proposal is drawn.
  void settle_deal();
  template <typename Emit>
  void deal(Action face, Emit& emit);
  template <typename Emit>
  void count_votes(Emit& emit);

  std::int8_t players_;
  std::int8_t packs_;
  std::int16_t nweeks_;
  Phase phase_ = Phase::kDeal;
  std::int16_t nweek_ = 0;
  std::int8_t receiver_ = 0;
  std::int8_t proposed_ = 0;
  std::int8_t votes_cast_ = 0;
  // While voting: the seat to vote, kept as the votes go round rather than
  // worked out from the nweek by two divisions at every current_player.
  std::int8_t voter_ = 0;
  std::uint8_t due_ = 0;  // bit s: seat s voted yes or no last nweek
  std::int16_t rejections_left_;
  cards::CardSet deck_;
  std::array<cards::CardSet, kMaxPlayers> hands_{};
  std::array<std::int16_t, kMaxPlayers> points_{};
  std::array<std::int8_t, kMaxPlayers> proposal_{};
  std::array<std::int8_t, kMaxPlayers> votes_{};
};

// ---------------------------------------------------------------------------

template <typename Emit>
void Table::deal(Action face, Emit& emit) {
  const cards::Card card = cards::Card::from_id(face);
  if (!deck_.contains(card)) {
    --rejections_left_;
    emit(everyone(), Obs::kRollAgain).add(receiver_);
    return;
  }
  deck_.erase(card);
  hands_[idx(receiver_)].insert(card);
  // receiver_ is a seat (0..kMaxPlayers-1): its bit without seat_audience's
  // range check.
  const auto receiver = static_cast<Audience>(Audience{1} << receiver_);
  emit(receiver, Obs::kDealtSeen).add(receiver_).add(face);
  emit(static_cast<Audience>(everyone() & ~receiver), dealt_kind(card.back())).add(receiver_);
  ++receiver_;
  settle_deal();
}

template <typename Emit>
void Table::count_votes(Emit& emit) {
  int yes = 0;
  int no = 0;
  std::uint8_t voted = 0;
  for (int s = 0; s < players_; ++s) {
    const int v = votes_[idx(s)];
    yes += v == kYes;
    no += v == kNo;
    if (v == kYes || v == kNo) voted |= static_cast<std::uint8_t>(1u << s);
  }
  const bool passes = yes > no;
  emit(everyone(), passes ? Obs::kPasses : Obs::kFails).add(yes).add(no);
  if (passes) {
    for (int s = 0; s < players_; ++s) points_[idx(s)] = static_cast<std::int16_t>(points_[idx(s)] + proposal_[idx(s)]);
  }
  due_ = voted;
  ++nweek_;
  if (nweek_ == nweeks_) {
    // The end: the last votes earn nothing, and every hand is shown, seat by
    // seat, in chunks.
    due_ = 0;
    phase_ = Phase::kOver;
    for (int s = 0; s < players_; ++s) {
      Observation* o = &emit(everyone(), Obs::kShows).add(s).add(0);
      hands_[idx(s)].for_each([&](cards::Card c) {
        if (o->value(1) == kShowChunk) o = &emit(everyone(), Obs::kShows).add(s).add(0);
        o->values[1] = static_cast<std::int16_t>(o->values[1] + 1);
        o->add(c.id());
      });
    }
    return;
  }
  emit(everyone(), Obs::kNweek).add(nweek_ + 1);
  phase_ = Phase::kDeal;
  receiver_ = 0;
  settle_deal();
}

template <typename Emit>
void Table::apply(Action action, Emit&& emit) {
  switch (phase_) {
    case Phase::kDeal:
      deal(action, emit);
      return;
    case Phase::kPropose:
      proposal_[idx(proposed_)] = static_cast<std::int8_t>(action_change(action));
      emit(everyone(), Obs::kProposal).add(proposed_).add(action_change(action));
      if (++proposed_ == players_) {
        phase_ = Phase::kVote;
        votes_cast_ = 0;
        voter_ = static_cast<std::int8_t>(first_voter());
        votes_.fill(kNotVoted);
      }
      return;
    case Phase::kVote: {
      const int seat = voter_;
      if (++voter_ == players_) voter_ = 0;
      votes_[idx(seat)] = static_cast<std::int8_t>(action);
      const Obs kind = action == kYes ? Obs::kVoteYes : action == kNo ? Obs::kVoteNo : Obs::kAbstain;
      emit(everyone(), kind).add(seat);
      if (++votes_cast_ == players_) count_votes(emit);
      return;
    }
    case Phase::kOver:
      return;
  }
}

}  // namespace kibitz::spoon_nomic
