// The Adulting world sampler (sampler.h): a replay guided by the stream.
#include "env/games/adulting/sampler.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <typeinfo>

#include "env/core/error.h"
#include "env/core/observation_log.h"
#include "env/core/stream_spec.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

// The extras other players took from the bank that the seat never learns
// ("free" extras, numbered 1, 2, ... per player in stream order), and what
// the stream says of them: bounds on S_k, the sum of a player's first k
// free extras, learned from the facts that depend on the player's true
// monies (a payment "as far as they can", a bid, a price, a suit, the
// collateral of an appeal). Fixed-size, so a draw allocates nothing.
class ExtraPlan {
 public:
  // A player is paid from the bank at most once a round by work pay and by
  // a tie refund, and once per Bank card: 2 x 65 rounds + 64 cards.
  static constexpr int kMaxFree = 256;
  static constexpr int kNoLimit = 1 << 14;

  ExtraPlan() { has_.fill(false); }
  ExtraPlan(const ExtraPlan&) = delete;
  ExtraPlan& operator=(const ExtraPlan&) = delete;

  bool empty() const {
    for (bool h : has_) {
      if (h) return false;
    }
    return true;
  }
  // Takes the bounds another plan learned (only the rows in use: the
  // others are never read).
  void copy_from(const ExtraPlan& other) {
    has_ = other.has_;
    last_ = other.last_;
    for (std::size_t p = 0; p < kMaxPlayers; ++p) {
      if (!has_[p]) continue;
      lo_[p] = other.lo_[p];
      hi_[p] = other.hi_[p];
    }
  }

  // S_k of `player` lies in [lo, hi]; false when no sum can.
  bool bound(int player, int k, int lo, int hi) {
    if (k < 0 || k > kMaxFree) return false;
    const auto p = static_cast<std::size_t>(player);
    if (!has_[p]) {
      has_[p] = true;
      last_[p] = 0;
      for (int j = 0; j <= kMaxFree; ++j) {
        lo_[p][static_cast<std::size_t>(j)] = 0;
        hi_[p][static_cast<std::size_t>(j)] = static_cast<std::int16_t>(kMaxExtra * j);
      }
    }
    auto& l = lo_[p][static_cast<std::size_t>(k)];
    auto& h = hi_[p][static_cast<std::size_t>(k)];
    l = static_cast<std::int16_t>(std::max<int>(l, lo));
    h = static_cast<std::int16_t>(std::min<int>(h, hi));
    last_[p] = std::max(last_[p], k);
    return l <= h;
  }

  // The sums each S_k may take so that every later bound can still be met
  // (an interval: each extra adds 0 to 2), backwards from the last bound.
  bool prepare() {
    for (std::size_t p = 0; p < kMaxPlayers; ++p) {
      if (!has_[p]) continue;
      int lo = lo_[p][static_cast<std::size_t>(last_[p])];
      int hi = hi_[p][static_cast<std::size_t>(last_[p])];
      for (int k = last_[p]; k >= 0; --k) {
        const auto j = static_cast<std::size_t>(k);
        if (k < last_[p]) {
          lo = std::max<int>(lo_[p][j], lo - kMaxExtra);
          hi = std::min<int>(hi_[p][j], hi);
        }
        if (lo > hi) return false;
        feasible_lo_[p][j] = static_cast<std::int16_t>(lo);
        feasible_hi_[p][j] = static_cast<std::int16_t>(hi);
      }
      if (feasible_lo_[p][0] > 0) return false;
    }
    return true;
  }

  // Free extra k (1-based) of `player`, the sum of the ones before being
  // `sum`: uniform over the values that keep the later bounds possible (not
  // the exact posterior: consistent with the stream, as the sampler's other
  // draws are). -1 when none does.
  int draw(int player, int k, int sum, Rng& rng) const {
    const auto p = static_cast<std::size_t>(player);
    if (!has_[p] || k > last_[p]) return static_cast<int>(rng.uniform_int(kMaxExtra + 1));
    const int lo = feasible_lo_[p][static_cast<std::size_t>(k)];
    const int hi = feasible_hi_[p][static_cast<std::size_t>(k)];
    const int first = std::max(0, lo - sum);
    const int last = std::min(kMaxExtra, hi - sum);
    if (first > last) return -1;
    return first + static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(last - first + 1)));
  }

 private:
  using Row = std::array<std::int16_t, kMaxFree + 1>;
  std::array<bool, kMaxPlayers> has_;
  std::array<int, kMaxPlayers> last_;
  std::array<Row, kMaxPlayers> lo_, hi_, feasible_lo_, feasible_hi_;
};

namespace {

// Rejected worlds before giving up (only streams with a Steal the seat did
// not see, or with free extras whose bounds a world taught, are drawn again).
constexpr int kMaxAttempts = 1000;

// One attempt at a world: the state (whose moves log the seat's
// observations), and how far the stream is explained.
class Replay {
 public:
  Replay(const AdultingGame& game, Player seat, std::span<const Observation> stream, AdultingState& world,
         ExtraPlan& plan)
      : game_(game), seat_(seat), heard_(seat_audience(seat)), stream_(stream), world_(world), plan_(plan) {}

  // Rebuilds a world; false when the stream does not fit the draws made
  // (failed_at() says where), with drew_hidden_steal() telling whether
  // other draws could fit.
  bool run(Rng& rng) {
    world_.reset();
    if (!sync()) return false;
    while (pos_ < stream_.size()) {
      if (world_.is_terminal()) return false;
      const Action a = choose(rng);
      if (a == kInvalidAction) return false;
      if (!world_.is_legal(a)) {
        learn_limit(a);
        return false;
      }
      world_.apply_legal_action(a);  // checked with is_legal just above
      if (!sync()) return false;
    }
    return true;
  }

  std::size_t failed_at() const { return pos_; }
  bool drew_hidden_steal() const { return hidden_steal_; }
  // The attempt learned a bound on free extras: worth drawing again.
  bool learned() const { return learned_; }
  // The bounds cannot all be met: no world explains the stream.
  bool impossible() const { return impossible_; }

 private:
  // Compares the seat's observations the world logged since the last call
  // with the stream's next ones; false when one differs, or the stream has
  // no more.
  bool sync() {
    const ObservationLog& log = world_.observation_log();
    for (; fed_ < log.size(); ++fed_) {
      if ((log.audience(fed_) & heard_) == 0) continue;
      const Observation& o = log.observation(fed_);
      if (pos_ < stream_.size() && stream_[pos_] == o) {
        ++pos_;
        continue;
      }
      if (pos_ < stream_.size()) learn_payment(o, stream_[pos_]);
      return false;
    }
    return true;
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
        return obs_kind(o) == Obs::kClaimAdult ? kAdultClaim : obs_kind(o) == Obs::kClaimChild ? kChildClaim : kInvalidAction;
      case Phase::kVote:
        return obs_kind(o) == Obs::kVoteUp ? kUpVote : obs_kind(o) == Obs::kVoteDown ? kDownVote : kInvalidAction;
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
            // Oral arguments may show it later; else drawn by its chance.
            if (const int known = known_ruling(v0); known > 0) return known;
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
        return choose_legal(o, rng);
    }
  }

  // Another contestant's measurement: below its declaration when the stream
  // has one, in proportion to 1 / (10 - m).
  int hidden_measure(int contestant, Rng& rng) const {
    // Oral arguments in a suit show it.
    for (std::size_t i = pos_ + 1; i < stream_.size(); ++i) {
      const Obs kind = obs_kind(stream_[i]);
      if (kind == Obs::kRound) break;
      if (kind == Obs::kEvidenceMeasure && stream_[i].value(0) == contestant) return stream_[i].value(1);
    }
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

  // The legal system's moves, read off the observation that shows them.
  Action choose_legal(const Observation& o, Rng& rng) {
    const Obs kind = obs_kind(o);
    auto either = [kind](Obs yes, Action a, Obs no, Action b) {
      return kind == yes ? a : kind == no ? b : kInvalidAction;
    };
    switch (world_.phase()) {
      case Phase::kAppealAsk: return either(Obs::kAppeals, kAppeal, Obs::kNoAppeal, kDecline);
      case Phase::kSueAsk: return either(Obs::kSues, kSue, Obs::kNoSuit, kDecline);
      case Phase::kPropose: return kind == Obs::kProposes ? kPriceBase + o.value(1) - 1 : kInvalidAction;
      case Phase::kAllowCase: return either(Obs::kAllows, kAllow, Obs::kDismisses, kDismiss);
      case Phase::kSetPrice: return kind == Obs::kSetsPrice ? kPriceBase + o.value(1) - 1 : kInvalidAction;
      case Phase::kConcedeOrFight: return either(Obs::kConcedes, kConcede, Obs::kFights, kFight);
      case Phase::kCallOutAsk: return either(Obs::kCallsOut, kCallOut, Obs::kStaysQuiet, kDecline);
      case Phase::kImpeachAsk: return either(Obs::kImpeaches, kImpeach, Obs::kNoImpeach, kDecline);
      case Phase::kWatch: return either(Obs::kWatches, 1, Obs::kDoesNotWatch, 0);
      case Phase::kAppealVote:
      case Phase::kLawsuitVote:
      case Phase::kImpeachVote:
        return either(Obs::kVoteUp, kUpVote, Obs::kVoteDown, kDownVote);
      case Phase::kAppealEvidence:
      case Phase::kLawsuitEvidence:
      case Phase::kImpeachEvidence:
        // What is shown follows from the world (its ruling, measurement or
        // ranking), drawn consistently with it beforehand.
        if (kind == Obs::kEvidenceNone) return 0;
        return kind >= Obs::kEvidenceRight && kind <= Obs::kEvidenceCorrupt ? 1 : kInvalidAction;
      case Phase::kTakeExtra:
        if (kind == Obs::kYouTakeExtra) return kTakeBase + o.value(0);
        return kind == Obs::kChoosesExtra ? hidden_extra(rng) : kInvalidAction;
      default:
        return kInvalidAction;
    }
  }

  // Another player's extra: as the seat later learns it (watching, or a
  // call-out), else a free extra drawn by the plan.
  Action hidden_extra(Rng& rng) {
    const int thief = world_.current_player();
    const auto t = static_cast<std::size_t>(thief);
    if (const int known = known_extra(thief); known >= 0) return kTakeBase + known;
    const int v = plan_.draw(thief, ++free_count_[t], free_sum_[t], rng);
    if (v < 0) {
      impossible_ = true;
      return kInvalidAction;
    }
    free_sum_[t] += v;
    return kTakeBase + v;
  }

  // The extra `thief` took as the stream shows it after the choice: to a
  // watcher, or to all when called out; -1 when the seat never learns it.
  int known_extra(int thief) const {
    for (std::size_t i = pos_ + 1; i < stream_.size(); ++i) {
      const Observation& o = stream_[i];
      switch (obs_kind(o)) {
        case Obs::kSeesExtra:
        case Obs::kExtraShown:
          if (o.value(0) == thief) return o.value(1);
          continue;
        case Obs::kWatches:
        case Obs::kDoesNotWatch:
        case Obs::kStaysQuiet:
        case Obs::kCallsOut:
          continue;
        default:
          return -1;
      }
    }
    return -1;
  }

  // Whether the ruling on `seat` was right (1) or wrong (2), as oral
  // arguments show it before the next elimination; 0 when they do not.
  int known_ruling(int seat) const {
    for (std::size_t i = pos_ + 1; i < stream_.size(); ++i) {
      const Obs kind = obs_kind(stream_[i]);
      if (kind == Obs::kRound || kind == Obs::kEliminated) break;
      if ((kind == Obs::kEvidenceRight || kind == Obs::kEvidenceWrong) && stream_[i].value(0) == seat) {
        return kind == Obs::kEvidenceRight ? 1 : 2;
      }
    }
    return 0;
  }

  // A move the seat saw that the world's monies do not allow: the player had
  // at least what it needs, so its free extras so far sum to at least the
  // shortfall more.
  void learn_limit(Action a) {
    const int p = world_.current_player();
    if (p < 0 || p == seat_) return;
    int needed = -1;
    switch (world_.phase()) {
      case Phase::kBid: needed = a - kBidBase; break;
      case Phase::kPropose: needed = a - kPriceBase + 1; break;
      case Phase::kSueAsk: needed = a == kSue ? 1 : -1; break;
      case Phase::kAppealAsk: needed = a == kAppeal ? game_.num_players() - 1 : -1; break;
      default: break;
    }
    const int have = world_.monies(p);
    if (needed > have) learn(p, needed - have, ExtraPlan::kNoLimit);
  }

  // A payment "as far as they can" that differs from the stream's: if the
  // stream's is smaller the payer had exactly that; if larger, at least that.
  // (The payer's only money change in its move is this payment.)
  void learn_payment(const Observation& world, const Observation& seen) {
    const Obs kind = obs_kind(world);
    if (kind != obs_kind(seen) || (kind != Obs::kPays && kind != Obs::kPaysBank)) return;
    if (world.value(0) != seen.value(0) || (kind == Obs::kPays && world.value(1) != seen.value(1))) return;
    const int p = world.value(0);
    if (p == seat_) return;
    const int at = kind == Obs::kPays ? 2 : 1;
    const int paid_world = world.value(at);
    const int paid_seen = seen.value(at);
    const int had = world_.monies(p) + paid_world;
    const int shortfall = paid_seen - had;
    learn(p, shortfall, paid_seen < paid_world ? shortfall : ExtraPlan::kNoLimit);
  }

  // The payer's free extras so far must sum to theirs in this world plus
  // [lo, hi] more.
  void learn(int p, int lo, int hi) {
    const auto t = static_cast<std::size_t>(p);
    learned_ = true;
    const int sum = free_sum_[t];
    if (!plan_.bound(p, free_count_[t], sum + lo, hi >= ExtraPlan::kNoLimit ? hi : sum + hi)) impossible_ = true;
  }

  const AdultingGame& game_;
  Player seat_;
  Audience heard_;  // the seat's bit in the log's audiences
  std::span<const Observation> stream_;
  AdultingState& world_;
  ExtraPlan& plan_;
  std::size_t pos_ = 0;
  int fed_ = 0;
  bool hidden_steal_ = false;
  bool learned_ = false;
  bool impossible_ = false;
  std::array<int, kMaxPlayers> free_count_{};  // free extras drawn so far, per player
  std::array<int, kMaxPlayers> free_sum_{};    // and their sum
};

}  // namespace

namespace {

// sample_world with the bounds learned so far in `plan` (and learned here).
void sample_world_with(const AdultingGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                       State& out, ExtraPlan& plan) {
  KIBITZ_CHECK(seat >= 0 && seat < game.num_players(), "bad seat ", seat);
  KIBITZ_CHECK(typeid(out) == typeid(AdultingState) && (&out.game() == &game || out.game().spec() == game.spec()),
               "sample_world into a state of another game");
  auto& world = static_cast<AdultingState&>(out);
  std::size_t failed_at = 0;
  for (int attempt = 0; attempt < kMaxAttempts && plan.prepare(); ++attempt) {
    Replay replay(game, seat, stream, world, plan);
    if (replay.run(rng)) return;
    failed_at = replay.failed_at();
    if (replay.impossible()) break;
    if (replay.learned()) continue;
    if (!replay.drew_hidden_steal()) break;
  }
  if (failed_at >= stream.size()) {
    throw error("adulting: seat ", seat_name(seat), "'s stream of ", stream.size(),
                " observations stops in the middle of a move");
  }
  throw error("adulting: observation ", failed_at + 1, " ('", game.stream_spec().to_text(stream[failed_at]),
              "') of seat ", seat_name(seat), "'s stream cannot follow the ones before it");
}

}  // namespace

void sample_world(const AdultingGame& game, Player seat, std::span<const Observation> stream, Rng& rng, State& out) {
  ExtraPlan plan;  // what the attempts learn about free extras
  sample_world_with(game, seat, stream, rng, out, plan);
}

// The first draw checks the stream and learns the bounds on free extras that
// every later world needs (they are facts of the stream), so later draws
// start from them instead of learning them again.
AdultingWorldSampler::AdultingWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                           std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream), learned_(std::make_unique<ExtraPlan>()) {
  Rng rng(0);
  sample_world_with(static_cast<const AdultingGame&>(this->game()), this->seat(), this->stream(), rng,
                    *this->game().new_initial_state(), *learned_);
}

AdultingWorldSampler::~AdultingWorldSampler() = default;

void AdultingWorldSampler::sample(Rng& rng, State& out) const {
  if (learned_->empty()) return sample_world(static_cast<const AdultingGame&>(game()), seat(), stream(), rng, out);
  ExtraPlan plan;
  plan.copy_from(*learned_);
  sample_world_with(static_cast<const AdultingGame&>(game()), seat(), stream(), rng, out, plan);
}

}  // namespace kibitz::adulting
