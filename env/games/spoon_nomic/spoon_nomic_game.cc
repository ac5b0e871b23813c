#include "env/games/spoon_nomic/spoon_nomic_game.h"

#include <algorithm>
#include <cmath>

#include "env/games/spoon_nomic/sampler.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"
#include "env/games/spoon_nomic/stream.h"

namespace kibitz::spoon_nomic {

GameInfo game_info() {
  return {"spoon_nomic",
          "Spoon Nomic: Cards for Votes",
          "vote on proposals that change everyone's points; each vote earns a card from the Dealer, and "
          "the best poker hand at the end scores a bonus; 3-8 players",
          {ParamSpec::integer("players", 4, kMinPlayers, kMaxPlayers, "number of seats"),
           ParamSpec::integer("packs", 4, 1, cards::kMaxPacks,
                              "packs in the Deck: the first of Red, Blue, Fish, Corporate"),
           ParamSpec::integer("nweeks", 10, 1, kMaxNweeks, "nweeks played (one proposal each)"),
           ParamSpec::choice("reward", "score", {"score", "win"},
                             "score: points plus hand bonus; win: +1 shared by the leaders, -1 shared "
                             "by the rest (zero-sum)")},
          [](const Params& params) -> std::shared_ptr<const Game> {
            return std::make_shared<SpoonGame>(params);
          },
          {"spoon_nomic(players=3,packs=1,nweeks=3)", "spoon_nomic", "spoon_nomic(reward=win)",
           "spoon_nomic(players=6,packs=1,nweeks=10,reward=win)", "spoon_nomic(players=8,packs=2,nweeks=4)"}};
}

namespace {

// The mean plus ten standard deviations of the rejected rolls in dealing
// `deals` cards from a full Deck of `cards` cards, plus 16: with k cards
// out, the rejections before the next deal are geometric with mean
// k/(cards-k) and variance k*cards/(cards-k)^2.
int budget_for(int deals, int cards) {
  double mean = 0;
  double variance = 0;
  for (int k = 0; k < deals; ++k) {
    const double left = cards - k;
    mean += k / left;
    variance += k * static_cast<double>(cards) / (left * left);
  }
  return static_cast<int>(std::ceil(mean + 10.0 * std::sqrt(variance))) + 16;
}

}  // namespace

SpoonGame::SpoonGame(const Params& params)
    : Game("spoon_nomic", params),
      players_(static_cast<int>(params.get_int("players"))),
      packs_(static_cast<int>(params.get_int("packs"))),
      nweeks_(static_cast<int>(params.get_int("nweeks"))),
      reward_(params.get_string("reward") == "win" ? Reward::kWin : Reward::kScore),
      rejection_budget_(budget_for(max_deals(), die_sides())),
      stream_spec_(spoon_stream_spec(packs_)) {}

int SpoonGame::max_deals() const { return std::min(die_sides(), players_ * (nweeks_ - 1)); }

// Deals and rejected rolls, then each nweek's proposal and votes.
int SpoonGame::max_game_length() const {
  return max_deals() + rejection_budget_ + 2 * players_ * nweeks_;
}

// The most observations a game logs (State::observation_log; the lines are
// table.h's): two per card dealt (the card to its receiver, its back to the
// others) and one per rejected roll; a proposal line and a vote line per seat
// each nweek, and each nweek's result; the header of every nweek but the
// first; and at the end each seat's hand in lines of at most kShowChunk
// cards (one line for an empty hand), so at most a line a seat plus one per
// kShowChunk cards dealt.
int SpoonGame::observation_log_capacity() const {
  const int deals = max_deals();
  return 2 * deals + rejection_budget_ + 2 * players_ * nweeks_ + nweeks_ + (nweeks_ - 1) + players_ +
         deals / kShowChunk;
}

RewardModel SpoonGame::reward_model() const {
  return reward_ == Reward::kWin ? RewardModel::kZeroSum : RewardModel::kGeneralSum;
}

double SpoonGame::min_return() const { return reward_ == Reward::kWin ? -1.0 : -kMaxChange * nweeks_; }

// Five of a kind, the best bonus, is 9.
double SpoonGame::max_return() const { return reward_ == Reward::kWin ? 1.0 : kMaxChange * nweeks_ + 9; }

// Seat one-hot; nweek and over; points; own hand by card number; backs per
// seat; Deck size; the proposal's changes and which are drawn; votes (three
// bits a seat); due a card. See write_tensor in knowledge.cc.
std::vector<int> SpoonGame::information_state_tensor_shape() const {
  return {die_sides() + players_ * packs_ + 8 * players_ + 3};
}

std::vector<int> SpoonGame::observation_tensor_shape() const { return information_state_tensor_shape(); }

std::unique_ptr<State> SpoonGame::new_initial_state() const { return std::make_unique<SpoonState>(shared()); }

std::unique_ptr<WorldSampler> SpoonGame::new_world_sampler(Player seat, std::span<const Observation> stream) const {
  return std::make_unique<SpoonWorldSampler>(shared(), seat, stream);
}

}  // namespace kibitz::spoon_nomic
