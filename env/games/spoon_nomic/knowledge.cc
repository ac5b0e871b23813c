#include "env/games/spoon_nomic/knowledge.h"

#include <algorithm>

#include "env/core/error.h"

#include "env/games/spoon_nomic/spoon_nomic_game.h"
#include "env/games/spoon_nomic/stream.h"

namespace kibitz::spoon_nomic {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

Player Knowledge::next_voter() const {
  if (over || !proposal_complete() || votes_cast >= num_players) return -1;
  return (first_voter() + votes_cast) % num_players;
}

int Knowledge::yes_votes() const {
  int n = 0;
  for (int s = 0; s < num_players; ++s) n += vote[at(s)] == kYes;
  return n;
}

int Knowledge::no_votes() const {
  int n = 0;
  for (int s = 0; s < num_players; ++s) n += vote[at(s)] == kNo;
  return n;
}

int Knowledge::hand_size(Player s) const {
  int n = 0;
  for (int b : backs[at(s)]) n += b;
  return n;
}

cards::CardSet Knowledge::unseen(cards::Back back) const {
  cards::CardSet out = cards::CardSet::full_pack(static_cast<int>(back)) - hand;
  for (int s = 0; s < num_players; ++s) out -= shown[at(s)];
  return out;
}

KnowledgeReader::KnowledgeReader(int players, int packs, int nweeks, Player seat) {
  k_.num_players = players;
  k_.packs = packs;
  k_.nweeks = nweeks;
  k_.seat = seat;
  k_.deck_size = packs * cards::kCardsPerPack;
  k_.vote.fill(kNotVoted);
}

KnowledgeReader::KnowledgeReader(const SpoonGame& game, Player seat)
    : KnowledgeReader(game.num_players(), game.packs(), game.nweeks(), seat) {}

void KnowledgeReader::count(bool passed) {
  k_.last_passed = passed;
  for (int s = 0; s < k_.num_players; ++s) {
    if (passed) k_.points[at(s)] += k_.change[at(s)];
    k_.due_card[at(s)] = k_.vote[at(s)] == kYes || k_.vote[at(s)] == kNo;
  }
  k_.vote.fill(kNotVoted);
  k_.votes_cast = 0;
  k_.num_changes = 0;
  if (++k_.nweek == k_.nweeks) {
    k_.over = true;  // the last votes earn nothing
    k_.due_card.fill(false);
  }
}

void KnowledgeReader::read(const Observation& o) {
  const Obs kind = obs_kind(o);
  if (kind == Obs::kDealtSeen || is_report(kind)) {
    const Player s = o.value(0);
    cards::Back back;
    if (kind == Obs::kDealtSeen) {
      const cards::Card card = cards::Card::from_id(o.value(1));
      k_.hand.insert(card);
      back = card.back();
    } else {
      back = report_back(kind);
    }
    ++k_.backs[at(s)][static_cast<std::size_t>(back)];
    --k_.deck_size;
    return;
  }
  switch (kind) {
    case Obs::kRollAgain:
      ++k_.rejected_rolls;
      break;
    case Obs::kProposal:
      k_.change[at(o.value(0))] = o.value(1);
      ++k_.num_changes;
      break;
    case Obs::kVoteYes:
    case Obs::kVoteNo:
    case Obs::kAbstain:
      k_.vote[at(o.value(0))] = kind == Obs::kVoteYes ? kYes : kind == Obs::kVoteNo ? kNo : kAbstain;
      ++k_.votes_cast;
      break;
    case Obs::kPasses:
    case Obs::kFails:
      count(kind == Obs::kPasses);
      break;
    case Obs::kShows:
      for (int i = 0; i < o.value(1); ++i) k_.shown[at(o.value(0))].insert(cards::Card::from_id(o.value(2 + i)));
      break;
    default:  // kNweek: the count already moved on
      break;
  }
}

Knowledge read_knowledge(const SpoonGame& game, Player seat, std::span<const Observation> stream) {
  KnowledgeReader reader(game, seat);
  for (const Observation& o : stream) reader.read(o);
  return reader.knowledge();
}

// The layout of SpoonGame::information_state_tensor_shape.
void write_tensor(const Knowledge& k, std::span<float> out) {
  const int n = k.num_players;
  const int sides = k.packs * cards::kCardsPerPack;
  std::fill(out.begin(), out.end(), 0.0f);
  std::size_t i = 0;
  out[i + at(k.seat)] = 1.0f;
  i += at(n);
  out[i++] = static_cast<float>(k.nweek) / static_cast<float>(k.nweeks);
  out[i++] = k.over ? 1.0f : 0.0f;
  for (int s = 0; s < n; ++s) out[i++] = static_cast<float>(k.points[at(s)]) / static_cast<float>(kMaxChange * k.nweeks);
  k.hand.for_each([&](cards::Card c) { out[i + at(c.id() - 1)] = 1.0f; });
  i += at(sides);
  for (int s = 0; s < n; ++s) {
    for (int b = 0; b < k.packs; ++b) out[i++] = static_cast<float>(k.backs[at(s)][at(b)]) / static_cast<float>(k.nweeks);
  }
  out[i++] = static_cast<float>(k.deck_size) / static_cast<float>(sides);
  for (int s = 0; s < n; ++s) {
    const bool drawn = s < k.num_changes;
    out[i + at(s)] = drawn ? static_cast<float>(k.change[at(s)]) / kMaxChange : 0.0f;
    out[i + at(n + s)] = drawn ? 1.0f : 0.0f;
  }
  i += at(2 * n);
  for (int s = 0; s < n; ++s) {
    if (k.vote[at(s)] != kNotVoted) out[i + at(3 * s + k.vote[at(s)])] = 1.0f;
  }
  i += at(3 * n);
  for (int s = 0; s < n; ++s) out[i++] = k.due_card[at(s)] ? 1.0f : 0.0f;
  KIBITZ_CHECK(i == out.size(), "spoon_nomic tensor layout: wrote ", i, " of ", out.size());
}

}  // namespace kibitz::spoon_nomic
