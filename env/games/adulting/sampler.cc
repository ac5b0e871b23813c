// The Adulting world sampler (sampler.h): a replay guided by the stream.
#include "env/games/adulting/sampler.h"

#include <bit>
#include <typeinfo>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/stream.h"
#include "env/games/adulting/stream_writer.h"

namespace kibitz::adulting {
namespace {

// Rejected worlds before giving up (only streams with a Steal the seat did
// not see are ever drawn again).
constexpr int kMaxAttempts = 1000;

// One attempt at a world: the state, the writer that turns its events into
// the seat's observations, and how far the stream is explained.
class Replay {
 public:
  Replay(const AdultingGame& game, Player seat, std::span<const Observation> stream, AdultingState& world)
      : game_(game), seat_(seat), stream_(stream), world_(world), writer_(world, seat) {}

  // Rebuilds a world; false when the stream does not fit the draws made
  // (failed_at() says where), with drew_hidden_steal() telling whether
  // other draws could fit.
  bool run(Rng& rng) {
    world_.reset();
    if (!sync()) return false;
    while (pos_ < stream_.size()) {
      if (world_.is_terminal()) return false;
      const Action a = choose(rng);
      if (a == kInvalidAction || !world_.is_legal(a)) return false;
      world_.apply_checked(a);
      if (!sync()) return false;
    }
    return true;
  }

  std::size_t failed_at() const { return pos_; }
  bool drew_hidden_steal() const { return hidden_steal_; }

 private:
  // Feeds the world's new events to the writer; false when an observation
  // differs from the stream's next one, or the stream has no more.
  bool sync() {
    bool ok = true;
    auto compare = [this, &ok](const Observation& o) {
      if (!ok) return;
      if (pos_ < stream_.size() && stream_[pos_] == o) {
        ++pos_;
      } else {
        ok = false;
      }
    };
    const GameLog& log = world_.log();
    for (; fed_ < log.size() && ok; ++fed_) writer_.add(log[fed_], compare);
    return ok;
  }

  // The seat's next observation read as the move that made it, or a draw
  // of what the seat did not see.
  Action choose(Rng& rng) {
    const Observation& o = stream_[pos_];
    const int v0 = o.size > 0 ? o.value(0) : -1;
    const int v1 = o.size > 1 ? o.value(1) : -1;
    switch (world_.phase()) {
      case Phase::kTopBack:
        return obs_kind(o) == Obs::kTopBack ? kBackOutcomeBase + v0 - game_.num_cards() : kInvalidAction;
      case Phase::kDrawCard:
        return obs_kind(o) == Obs::kDraws ? v1 : kInvalidAction;
      case Phase::kScore:
        return read_score(o);
      case Phase::kTarget:
        return obs_kind(o) == Obs::kPeeks || obs_kind(o) == Obs::kStealsFrom ? kTargetBase + v1 : kInvalidAction;
      case Phase::kStealCard:
        if (obs_kind(o) == Obs::kTakes) return v1;
        hidden_steal_ = true;
        return world_.sample_chance_outcome(rng);
      case Phase::kTruth:
        if (obs_kind(o) == Obs::kTruthAdult) return kAdult;
        if (obs_kind(o) == Obs::kTruthChild) return kChild;
        return world_.sample_chance_outcome(rng);
      case Phase::kClaim:
        return obs_kind(o) == Obs::kClaimAdult ? kClaimAdult : obs_kind(o) == Obs::kClaimChild ? kClaimChild : kInvalidAction;
      case Phase::kVote:
        return obs_kind(o) == Obs::kVoteUp ? kVoteUp : obs_kind(o) == Obs::kVoteDown ? kVoteDown : kInvalidAction;
      case Phase::kBid:
        if (obs_kind(o) == Obs::kYouBid) return kBidBase + v0;
        return kBidBase + hidden_bid(rng);
      default:
        return choose_work(o, rng);
    }
  }

  Action read_score(const Observation& o) const {
    switch (obs_kind(o)) {
      case Obs::kScoreHearts:
      case Obs::kScoreClubs:
      case Obs::kScoreDiamonds:
        return score_action(o.value(1), o.kind - static_cast<int>(Obs::kScoreHearts));
      case Obs::kDiscards:
        return kDiscardBase + o.value(1);
      case Obs::kPasses:
        return kPass;
      default:
        return kInvalidAction;
    }
  }

  // Another player's sealed bid: the one shown at this round's reveal, if
  // the stream goes that far; else uniform over the bids it could make.
  int hidden_bid(Rng& rng) const {
    const int bidder = world_.current_player();
    for (std::size_t i = pos_ + 1; i < stream_.size(); ++i) {
      const Obs kind = obs_kind(stream_[i]);
      if (kind == Obs::kRound) break;
      if (kind == Obs::kBidShown && stream_[i].value(0) == bidder) return stream_[i].value(1);
    }
    const int top = std::min(world_.monies(bidder), kMaxBid);
    return static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(top < 0 ? 0 : top) + 1));
  }

  Action choose_work(const Observation& o, Rng& rng) {
    const int v0 = o.size > 0 ? o.value(0) : -1;
    const int v1 = o.size > 1 ? o.value(1) : -1;
    switch (world_.phase()) {
      case Phase::kEliminate:
        return obs_kind(o) == Obs::kEliminated ? v0 : kInvalidAction;
      case Phase::kRuling:
        switch (obs_kind(o)) {
          case Obs::kNoRuling: return 0;
          case Obs::kRulingRight: return 1;
          case Obs::kRulingWrong: return 2;
          case Obs::kRuling: {
            const double right = game_.config().ruling_right;
            return right >= 1.0 ? 1 : right <= 0.0 ? 2 : (rng.uniform_double() < right ? 1 : 2);
          }
          default: return kInvalidAction;
        }
      case Phase::kMeasure:
        if (obs_kind(o) == Obs::kMeasured) return v0;
        return hidden_measure(o.value(0), rng);
      case Phase::kDeclare:
        return obs_kind(o) == Obs::kDeclares ? kDeclareBase + v1 : kInvalidAction;
      case Phase::kPayout:
        return obs_kind(o) == Obs::kPayout ? v1 : kInvalidAction;
      case Phase::kQuality:
        return obs_kind(o) == Obs::kQuality ? v1 : kInvalidAction;
      case Phase::kRankChallenge:
        return obs_kind(o) == Obs::kRanks ? kRankBase + v1 : kInvalidAction;
      default:
        return kInvalidAction;  // the legal system's steps (legal_system.cc)
    }
  }

  // Another contestant's measurement: below its declaration when the stream
  // has one, in proportion to 1 / (10 - m).
  int hidden_measure(int contestant, Rng& rng) const {
    int declared = kMaxDeclare;
    for (std::size_t i = pos_ + 1; i < stream_.size(); ++i) {
      const Obs kind = obs_kind(stream_[i]);
      if (kind == Obs::kRound) break;
      if (kind == Obs::kDeclares && stream_[i].value(0) == contestant) {
        declared = stream_[i].value(1);
        break;
      }
    }
    double total = 0;
    for (int m = 0; m <= declared; ++m) total += 1.0 / (kMaxDeclare + 1 - m);
    double u = rng.uniform_double() * total;
    for (int m = 0; m < declared; ++m) {
      u -= 1.0 / (kMaxDeclare + 1 - m);
      if (u < 0) return m;
    }
    return declared;
  }

  const AdultingGame& game_;
  Player seat_;
  std::span<const Observation> stream_;
  AdultingState& world_;
  StreamWriter writer_;
  std::size_t pos_ = 0;
  int fed_ = 0;
  bool hidden_steal_ = false;
};

}  // namespace

void sample_world(const AdultingGame& game, Player seat, std::span<const Observation> stream, Rng& rng, State& out) {
  KIBITZ_CHECK(seat >= 0 && seat < game.num_players(), "bad seat ", seat);
  KIBITZ_CHECK(typeid(out) == typeid(AdultingState) && (&out.game() == &game || out.game().spec() == game.spec()),
               "sample_world into a state of another game");
  auto& world = static_cast<AdultingState&>(out);
  std::size_t failed_at = 0;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    Replay replay(game, seat, stream, world);
    if (replay.run(rng)) return;
    failed_at = replay.failed_at();
    if (!replay.drew_hidden_steal()) break;
  }
  if (failed_at >= stream.size()) {
    throw error("adulting: seat ", seat_name(seat), "'s stream of ", stream.size(),
                " observations stops in the middle of a move");
  }
  throw error("adulting: observation ", failed_at + 1, " ('", game.stream_spec().to_text(stream[failed_at]),
              "') of seat ", seat_name(seat), "'s stream cannot follow the ones before it");
}

AdultingWorldSampler::AdultingWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                           std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream) {
  Rng rng(0);
  sample(rng, *this->game().new_initial_state());
}

void AdultingWorldSampler::sample(Rng& rng, State& out) const {
  sample_world(static_cast<const AdultingGame&>(game()), seat(), stream(), rng, out);
}

}  // namespace kibitz::adulting
