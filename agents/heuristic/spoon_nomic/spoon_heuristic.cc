#include "agents/heuristic/spoon_nomic/spoon_heuristic.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/core/params.h"
#include "env/games/spoon_nomic/stream.h"

namespace kibitz {
namespace sn = spoon_nomic;
namespace bot = spoon_nomic::bot;

SpoonHeuristic::SpoonHeuristic(std::shared_ptr<const Game> game, const bot::SpoonParams& params)
    : game_(std::dynamic_pointer_cast<const sn::SpoonGame>(game)), params_(params) {
  KIBITZ_CHECK(game_ != nullptr, "the Spoon Nomic heuristic needs a Spoon Nomic game, not '",
               game->name(), "'");
}

std::string SpoonHeuristic::spec() const {
  auto real = [](double x) { return param_value_to_string(ParamValue(x)); };
  return "heuristic(rivalry=" + real(params_.rivalry) + ",win_spread=" + real(params_.win_spread) +
         ")";
}

void SpoonHeuristic::new_game(Player) {
  reader_.reset();
  progress_.reset();
}

// The rules draw nothing at random: a seed changes nothing.
bool SpoonHeuristic::reseed(std::uint64_t) {
  new_game(0);
  return true;
}

// Reads the observations that arrived since the last decision. A stream
// that does not continue the one read (another seat, another game, a
// rollout starting mid-game) is read afresh from its start.
void SpoonHeuristic::catch_up(const SeatView& view) {
  const SeatStream& stream = view.stream();
  if (!progress_.continues(view.seat(), stream)) {
    reader_.emplace(*game_, view.seat());
    seat_ = view.seat();
    votes_cast_.fill(0);
    votes_asked_.fill(0);
  }
  for (const Observation& o : progress_.unread(view.seat(), stream)) {
    reader_->read(o);
    const sn::Obs kind = sn::obs_kind(o);
    if (kind == sn::Obs::kVoteYes || kind == sn::Obs::kVoteNo || kind == sn::Obs::kAbstain) {
      const auto s = static_cast<std::size_t>(o.value(0));
      ++votes_asked_[s];
      if (kind != sn::Obs::kAbstain) ++votes_cast_[s];
    }
  }
}

void SpoonHeuristic::fill_table() {
  const sn::Knowledge& k = reader_->knowledge();
  bot::SpoonTable& t = table_;
  t.players = k.num_players;
  t.me = k.seat;
  t.nweek = k.nweek;
  t.nweeks = k.nweeks;
  t.packs = k.packs;
  t.reward_win = game_->reward() == sn::Reward::kWin;
  t.deck_left = k.deck_size;
  t.my_cards = k.hand;
  const auto n = static_cast<std::size_t>(k.num_players);
  t.points.assign(n, 0);
  t.cards_held.assign(n, 0);
  t.votes_cast.assign(n, 0);
  t.votes_asked.assign(n, 0);
  t.delta.assign(n, 0);
  for (std::size_t s = 0; s < n; ++s) {
    t.points[s] = k.points[s];
    t.cards_held[s] = k.hand_size(static_cast<Player>(s));
    t.votes_cast[s] = votes_cast_[s];
    t.votes_asked[s] = votes_asked_[s];
    t.delta[s] = k.change[s];
  }
}

Action SpoonHeuristic::act(const SeatView& view) {
  view.legal_actions(legal_);
  KIBITZ_CHECK(!legal_.empty(), "the Spoon Nomic heuristic was asked to act with no legal action");
  catch_up(view);
  KIBITZ_CHECK(reader_->knowledge().proposal_complete(),
               "the Spoon Nomic heuristic was asked to vote before the whole proposal was drawn");
  fill_table();
  const bot::VoteChoice vote = bot::choose_vote(table_, params_);
  const Action choice = vote == bot::VoteChoice::kYes  ? sn::kYes
                        : vote == bot::VoteChoice::kNo ? sn::kNo
                                                       : sn::kAbstain;
  // Every vote is legal whenever a seat votes; this guards a rule change.
  return std::find(legal_.begin(), legal_.end(), choice) != legal_.end() ? choice : legal_.front();
}

}  // namespace kibitz
