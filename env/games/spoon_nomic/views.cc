// What SpoonState shows: the tensors and the observation string (from the
// seat's stream, through Knowledge) and the full description (to_string).
#include <algorithm>
#include <string>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/games/spoon_nomic/knowledge.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"

namespace kibitz::spoon_nomic {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

Knowledge knowledge_of(const SpoonState& state, Player seat) {
  KnowledgeReader reader(state.spoon_game(), seat);
  state.for_each_observation(seat, [&reader](const Observation& o) { reader.read(o); });
  return reader.knowledge();
}

std::string vote_word(int vote) {
  return vote == kYes ? "yes" : vote == kNo ? "no" : vote == kAbstain ? "abstain" : "-";
}

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

}  // namespace

void SpoonState::information_state_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game().information_state_tensor_size(), "tensor size");
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  write_tensor(knowledge_of(*this, player), out);
}

void SpoonState::observation_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game().observation_tensor_size(), "tensor size");
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  write_tensor(knowledge_of(*this, player), out);
}

// "P1 nweek 3/10 points 2 -1 0 3 hand 7D AS@blue backs P0 1/0/0/1 ...
// deck 200 proposal +1 -2 ? ? votes yes - - -".
std::string SpoonState::observation_string(Player player) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  const Knowledge k = knowledge_of(*this, player);
  std::string s = seat_text(player) + " nweek " + std::to_string(std::min(k.nweek + 1, k.nweeks)) + "/" +
                  std::to_string(k.nweeks) + (k.over ? " over" : "") + " points";
  for (int q = 0; q < k.num_players; ++q) s += " " + std::to_string(k.points[at(q)]);
  s += " hand " + (k.hand.empty() ? std::string("-") : k.hand.to_string()) + " backs";
  for (int q = 0; q < k.num_players; ++q) {
    s += " " + seat_text(q) + " ";
    for (int b = 0; b < k.packs; ++b) s += (b ? "/" : "") + std::to_string(k.backs[at(q)][at(b)]);
  }
  s += " deck " + std::to_string(k.deck_size) + " proposal";
  for (int q = 0; q < k.num_players; ++q) s += " " + (q < k.num_changes ? signed_text(k.change[at(q)]) : "?");
  s += " votes";
  for (int q = 0; q < k.num_players; ++q) s += " " + vote_word(k.vote[at(q)]);
  return s;
}

std::string SpoonState::to_string() const {
  const Table& t = table_;
  std::string s = "nweek " + std::to_string(std::min(t.nweek() + 1, t.nweeks())) + "/" + std::to_string(t.nweeks());
  switch (t.phase()) {
    case Phase::kDeal:
      s += " dealing to " + seat_text(t.receiver());
      break;
    case Phase::kPropose:
      s += " drawing the proposal";
      break;
    case Phase::kVote:
      s += " voting, " + seat_text(t.current_player()) + " to vote";
      break;
    case Phase::kOver:
      s += " over";
      break;
  }
  s += "; deck " + std::to_string(t.deck().size()) + ", rejections left " + std::to_string(t.rejections_left());
  for (int q = 0; q < num_players(); ++q) {
    s += "; " + seat_text(q) + " points " + std::to_string(t.points(q)) + " hand " +
         (t.hand(q).empty() ? std::string("-") : t.hand(q).to_string());
    if (t.phase() == Phase::kVote) s += " change " + signed_text(t.change(q)) + " vote " + vote_word(t.vote(q));
    if (t.due_card(q)) s += " (due a card)";
  }
  return s;
}

}  // namespace kibitz::spoon_nomic
