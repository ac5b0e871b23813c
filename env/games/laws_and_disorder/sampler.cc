// The Laws and Disorder world sampler (sampler.h): pass 1 (sampler_plan.h)
// draws the hidden cards, then the world is replayed from the stream.
#include "env/games/laws_and_disorder/sampler.h"

#include <algorithm>
#include <typeinfo>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"
#include "env/games/laws_and_disorder/sampler_plan.h"
#include "env/games/laws_and_disorder/stream.h"

namespace kibitz::laws_and_disorder {
namespace {

// The initial state of `game`, kept per thread: worlds start as copies of
// it (a copy into an existing state allocates nothing). It holds its game;
// another game object with the same parameters (the same spec loaded
// again) shares it, so that switching between equal games allocates
// nothing: the world then refers to the equal game the copy holds.
const State& initial_state(const LawsAndDisorderGame& game) {
  thread_local std::unique_ptr<State> initial;
  if (!initial || (&initial->game() != &game &&
                   !(static_cast<const LawsAndDisorderGame&>(initial->game()).config() == game.config()))) {
    initial = game.new_initial_state();
  }
  return *initial;
}

// One replay of the world from the stream and a pass-1 draw.
class Replay {
 public:
  Replay(Player seat, std::span<const Observation> stream, const HiddenCards& hidden, LawsAndDisorderState& world)
      : bit_(seat_audience(seat)), stream_(stream), hidden_(hidden), world_(world) {}

  // False when the world departs from the stream (failed_at() says where).
  bool run() {
    if (!sync()) return false;
    while (pos_ < stream_.size()) {
      if (world_.is_terminal()) return false;
      const Action a = choose();
      if (a == kInvalidAction || !world_.is_legal(a)) return false;
      world_.apply_action(a);
      if (!sync()) return false;
    }
    return true;
  }
  std::size_t failed_at() const { return pos_; }
  // Whether the world went on past the stream's end within one move: the
  // stream stops in the middle of a move's observations.
  bool ran_past_end() const { return ran_past_end_; }

 private:
  // The seat's new observations must be the stream's next ones.
  bool sync() {
    const ObservationLog& log = world_.observation_log();
    for (; fed_ < static_cast<std::size_t>(log.size()); ++fed_) {
      if ((log.audience(static_cast<int>(fed_)) & bit_) == 0) continue;
      if (pos_ >= stream_.size()) {
        ran_past_end_ = true;
        return false;
      }
      if (!(log.observation(static_cast<int>(fed_)) == stream_[pos_])) return false;
      ++pos_;
    }
    return true;
  }

  // The move behind the seat's next observation, by the world's step.
  Action choose() const {
    const Observation& o = stream_[pos_];
    const Obs kind = obs_kind(o);
    const Action hidden = kPickBase + static_cast<int>(hidden_.kind_at(pos_));
    switch (world_.phase()) {
      case Phase::kDealPosition: return kind == Obs::kHolds ? o.value(1) : kInvalidAction;
      case Phase::kDraw:
        if (kind == Obs::kDrawSeen) return o.value(1);
        return kind == Obs::kDraw ? static_cast<int>(hidden_.kind_at(pos_)) : kInvalidAction;
      case Phase::kMain: return main_move(o);
      case Phase::kBuild:
        if (kind == Obs::kLawCard) return kPlayBase + o.value(1);
        return kind == Obs::kLawMade ? kEndLaw : kInvalidAction;
      case Phase::kPick:
        if (kind == Obs::kPickSeen) return kPickBase + o.value(1);
        return kind == Obs::kPick ? hidden : kInvalidAction;
      case Phase::kRecipient:
        if (kind == Obs::kHandOver) return kToBase + o.value(2 + o.value(1));
        if (kind == Obs::kHandOverHidden || kind == Obs::kGivesMonies) return kToBase + o.value(2);
        return kInvalidAction;
      case Phase::kDiscard:
        if (kind == Obs::kDiscardSeen) return kPickBase + o.value(1);
        return kind == Obs::kDiscard ? hidden : kInvalidAction;
      case Phase::kThiefTake:
        if (kind == Obs::kTakeSeen) return kPickBase + o.value(1);
        return kind == Obs::kTake ? hidden : kInvalidAction;
      case Phase::kTerminal: return kInvalidAction;
    }
    return kInvalidAction;
  }

  // The table slot of the law with this serial number, or -1.
  int slot_of(int serial) const {
    for (int slot = 0; slot < world_.num_laws(); ++slot) {
      if (world_.law_at(slot).serial == serial) return slot;
    }
    return -1;
  }

  Action main_move(const Observation& o) const {
    switch (obs_kind(o)) {
      case Obs::kLawCard: return kPlayBase + o.value(1);
      case Obs::kPlayJob: return kJobBase + o.value(1);
      case Obs::kTurnEnds: return kEndTurn;
      case Obs::kThief: return kThiefBase + o.value(1);
      case Obs::kTrade: return kMerchantTrade;
      default: break;
    }
    // The law's serial number: after the seat, or after the seat and the
    // card(s) named.
    const Obs kind = obs_kind(o);
    const int at = kind == Obs::kJudgeEnforce || kind == Obs::kJudgeDestroy ? 1
                   : kind == Obs::kScientistAdd || kind == Obs::kScientistTake ? 2
                                                                                : 3;
    if (o.size <= at) return kInvalidAction;
    const int serial = o.value(at);
    const int slot = slot_of(serial);
    if (slot < 0) return kInvalidAction;
    switch (kind) {
      case Obs::kJudgeEnforce: return kJudgeEnforceBase + slot;
      case Obs::kJudgeDestroy: return kJudgeDestroyBase + slot;
      case Obs::kScientistAdd:
        return kScientistAddBase + slot * kNumWhens + (o.value(1) - static_cast<int>(Kind::kWhenTurnStart));
      case Obs::kScientistTake: return kScientistTakeBase + slot;
      case Obs::kMerchantSwap:
        return kMerchantSwapBase + slot * kNumVerbs + (o.value(1) - static_cast<int>(Kind::kGains));
      case Obs::kPriestSwap: return priest_move(o, slot);
      default: return kInvalidAction;
    }
  }

  // The observation names the card's place (1: the subject, else the
  // recipient).
  static Action priest_move(const Observation& o, int slot) {
    if (o.size < 5) return kInvalidAction;
    const int side = o.value(4) == 1 ? 0 : 1;
    return kPriestBase + (slot * 2 + side) * kNumPositionSlotKinds + o.value(1);
  }

  Audience bit_;
  std::span<const Observation> stream_;
  const HiddenCards& hidden_;
  LawsAndDisorderState& world_;
  std::size_t pos_ = 0;
  std::size_t fed_ = 0;
  bool ran_past_end_ = false;
};

}  // namespace

void sample_world(const LawsAndDisorderGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                  State& out) {
  KIBITZ_CHECK(seat >= 0 && seat < game.num_players(), "laws_and_disorder: no seat ", seat);
  KIBITZ_CHECK(typeid(out) == typeid(LawsAndDisorderState), "laws_and_disorder: sample_world into a state of another game");
  auto& world = static_cast<LawsAndDisorderState&>(out);
  const State& initial = initial_state(game);
  thread_local HiddenCards hidden;
  hidden.reserve(static_cast<std::size_t>(game.observation_log_capacity()));
  int replays = 0;
  int past_end = 0;
  std::size_t furthest = 0;  // the furthest observation any attempt explained
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    if (!hidden.draw(seat, stream, rng, attempt)) {
      furthest = std::max(furthest, hidden.failed_at());
      continue;
    }
    initial.clone_into(world);
    Replay replay(seat, stream, hidden, world);
    if (replay.run()) return;
    furthest = std::max(furthest, replay.failed_at());
    ++replays;
    past_end += replay.ran_past_end() ? 1 : 0;
    // A stream typed one observation at a time (kibitz seat) often stops
    // within a move: every world then shows the seat more of that move.
    if (replays == kPastEndVerdict && past_end == replays) {
      throw error("laws_and_disorder: seat P", seat, "'s ", stream.size(),
                  " observations stop in the middle of a move: the rest of the move must follow");
    }
  }
  // The attempts cover every stream met in play (the sampler tests); one
  // they all fail is taken to admit no world. The generic search is no
  // floor here: it cannot finish a long game's stream in useful time.
  const std::size_t at = std::min(furthest, stream.size() - 1);
  throw error("laws_and_disorder: no world gives seat P", seat, " these ", stream.size(), " observations: observation ",
              at + 1, " ('", game.stream_spec().to_text(stream[at]), "') cannot follow the ones before it");
}

LawsAndDisorderWorldSampler::LawsAndDisorderWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                                         std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream), first_world_(this->game().new_initial_state()) {
  Rng rng(0);
  sample_world(static_cast<const LawsAndDisorderGame&>(this->game()), this->seat(), this->stream(), rng,
               *first_world_);
}

void LawsAndDisorderWorldSampler::sample(Rng& rng, State& out) const {
  try {
    sample_world(static_cast<const LawsAndDisorderGame&>(game()), seat(), stream(), rng, out);
  } catch (const KibitzError&) {
    first_world_->clone_into(out);
  }
}

// The state's own resampling, with the stream in a per-thread buffer, so
// that it allocates nothing once warm (the default builds a sampler).
void LawsAndDisorderState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < players(), "laws_and_disorder: resample for seat ", player);
  thread_local SeatStream stream;
  const auto most = static_cast<std::size_t>(game().observation_log_capacity());
  if (stream.capacity() < most) stream.reserve(most);
  seat_stream(player, stream);
  sample_world(ld_game(), player, stream, rng, out);
}

}  // namespace kibitz::laws_and_disorder
