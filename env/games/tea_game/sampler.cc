#include "env/games/tea_game/sampler.h"

#include <algorithm>
#include <typeinfo>

#include "env/core/error.h"
#include "env/games/tea_game/stream.h"
#include "env/games/tea_game/tea_state.h"

namespace kibitz::tea_game {

namespace {
constexpr std::int8_t kDisclosed = 1;
constexpr std::int8_t kSaidNothing = 2;
constexpr std::int8_t kOnTimeShown = 3;
}  // namespace

void DelayFacts::read(const Observation& o) {
  const Obs kind = obs_kind(o);
  if (kind == Obs::kGameStart) {
    // Days and games of the day give the episode's game index; the games a
    // day are not in the stream, so the index counts the headers instead.
    ++game_;
    KIBITZ_CHECK(game_ < kMaxGames, "tea_game: a stream with more than ", kMaxGames, " games");
    return;
  }
  if (game_ < 0) return;
  auto& said = said_[static_cast<std::size_t>(game_)];
  const auto at = [&said, &o]() -> std::int8_t& { return said[static_cast<std::size_t>(o.value(0))]; };
  switch (kind) {
    case Obs::kAnnounces:
    case Obs::kForfeit:
      at() = kDisclosed;
      break;
    case Obs::kQuiet:
      at() = kSaidNothing;
      break;
    case Obs::kLoser:
      // A loser who said nothing and forfeits nothing was on time; a forfeit
      // (the next observation) turns this back into a disclosed delay.
      if (at() == kSaidNothing) at() = kOnTimeShown;
      break;
    default:
      break;
  }
}

std::int8_t DelayFacts::forced(int game, int seat) const {
  const std::int8_t said = said_[static_cast<std::size_t>(game)][static_cast<std::size_t>(seat)];
  if (said == kDisclosed) return 1;
  if (said == kOnTimeShown) return 0;
  return kUnknown;
}

WorldBuilder::WorldBuilder(const TeaGame& game, Player seat, const DelayFacts& facts, Rng& rng, TeaState& world)
    : game_(game), seat_(seat), facts_(facts), rng_(rng), world_(world) {
  world_.reset();
}

void WorldBuilder::play(Action action, const Observation& o) {
  if (world_.is_terminal() || !world_.is_legal(action)) {
    throw error("tea_game: observation '", game_.stream_spec().to_text(o), "' cannot come now in seat P", seat_,
                "'s stream (the world built from it is at: ", world_.to_string(), ")");
  }
  world_.apply_action(action);
}

void WorldBuilder::step(const Observation& o) {
  const Table& t = world_.table();
  const auto actor_is = [&](int s) {
    if (t.current_player() != s) {
      throw error("tea_game: observation '", game_.stream_spec().to_text(o), "' in seat P", seat_,
                  "'s stream names P", s, " but the move is not theirs");
    }
  };
  switch (obs_kind(o)) {
    case Obs::kGameStart:
      ++game_index_;
      return;
    case Obs::kOwnDelayed:
      play(kDelayed, o);
      return;
    case Obs::kOwnOnTime:
      play(kNotDelayed, o);
      return;
    case Obs::kOtherDelay: {
      std::int8_t delayed = facts_.forced(game_index_, o.value(0));
      // The prior, not the posterior (sampler.h).
      if (delayed == DelayFacts::kUnknown) delayed = rng_.uniform_double() < game_.config().delay_prob ? 1 : 0;
      play(delayed == 1 ? kDelayed : kNotDelayed, o);
      return;
    }
    case Obs::kSpends: actor_is(o.value(0)); play(kSpend, o); return;
    case Obs::kPlays: actor_is(o.value(0)); play(kPlay, o); return;
    case Obs::kAnnounces: actor_is(o.value(0)); play(kAnnounce, o); return;
    case Obs::kQuiet:
      actor_is(o.value(0));
      play(t.seat(o.value(0)).delayed ? kHide : kOnTime, o);
      return;
    case Obs::kWithdraws: actor_is(o.value(0)); play(kWithdraw, o); return;
    case Obs::kStays: actor_is(o.value(0)); play(kStay, o); return;
    case Obs::kOrder: actor_is(o.value(0)); play(kDrinksBase + o.value(1) - 1, o); return;
    case Obs::kDraw:
    case Obs::kDeathmatchDraw:
      if (t.cursor() != o.value(0)) {
        throw error("tea_game: observation '", game_.stream_spec().to_text(o), "' in seat P", seat_,
                    "'s stream: P", t.cursor(), " draws next, not P", o.value(0));
      }
      play(o.value(1), o);
      return;
    case Obs::kLot:
      play(kLotBase + o.value(0), o);
      return;
    default:
      return;  // the consequences of a move: the replay makes them again
  }
}

TeaWorldSampler::TeaWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream) {
  KIBITZ_CHECK(seat >= 0 && seat < this->game().num_players(), "bad seat ", seat);
  const std::unique_ptr<State> world = this->game().new_initial_state();
  Rng rng(0);
  sample(rng, *world);
  const SeatStream again = world->seat_stream(seat);
  for (std::size_t i = 0; i < std::max(again.size(), stream.size()); ++i) {
    if (i < again.size() && i < stream.size() && again[i] == stream[i]) continue;
    const StreamSpec& spec = this->game().stream_spec();
    throw error("tea_game: seat P", seat, "'s stream cannot be explained at observation ", i + 1, ": ",
                i < stream.size() ? "'" + spec.to_text(stream[i]) + "'" : std::string("(the stream ends)"),
                " where the rules give ",
                i < again.size() ? "'" + spec.to_text(again[i]) + "'" : std::string("nothing more"));
  }
}

void TeaWorldSampler::sample(Rng& rng, State& out) const {
  KIBITZ_CHECK(typeid(out) == typeid(TeaState), "sample into a state of another game");
  const auto& game = static_cast<const TeaGame&>(this->game());
  const std::span<const Observation> observations(stream());
  sample_world(game, seat(), [observations](auto&& f) { for (const Observation& o : observations) f(o); }, rng,
               static_cast<TeaState&>(out));
}

}  // namespace kibitz::tea_game
