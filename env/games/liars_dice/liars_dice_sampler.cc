// What a seat's stream says (LiarsDiceKnowledge), and the worlds drawn from it.
#include <typeinfo>

#include "env/core/error.h"
#include "env/games/liars_dice/liars_dice.h"

namespace kibitz::liars_dice {

LiarsDiceKnowledge::LiarsDiceKnowledge(const LiarsDiceGame& game, Player seat, std::shared_ptr<const Game> owner)
    : game_(&game), owner_(std::move(owner)), seat_(seat) {
  KIBITZ_CHECK(seat >= 0 && seat < game.num_players(), "liars_dice: no seat ", seat);
}

void LiarsDiceKnowledge::restart() {
  num_rolls_ = 0;
  own_.fill(0);
  bids_.fill(0);
  num_bids_ = 0;
  challenged_ = false;
  shown_.fill(0);
  num_shows_ = 0;
  result_count_ = -1;
  result_loser_ = -1;
}

int LiarsDiceKnowledge::shown_die(Player s, int index) const {
  return shown_[static_cast<std::size_t>(s * game_->dice_per_player() + index)];
}

void LiarsDiceKnowledge::refuse(const Observation& o, std::string_view why) const {
  std::string text;
  try {
    text = game_->stream_spec().to_text(o);
  } catch (const KibitzError&) {
    text = "of kind " + std::to_string(int{o.kind});
  }
  throw error("liars_dice: observation '", text, "' cannot come now in seat P", seat_, "'s stream: ", why);
}

void LiarsDiceKnowledge::read(const Observation& o) {
  if (has_result()) refuse(o, "the game is over");
  switch (static_cast<Seen>(o.kind)) {
    case Seen::kRolled:
    case Seen::kRolledDie:
      read_roll(o);
      return;
    case Seen::kBid:
      read_bid(o);
      return;
    case Seen::kLiar:
      if (num_rolls_ < game_->total_dice() || challenged_) refuse(o, "no bidding now");
      if (num_bids_ == 0) refuse(o, "liar challenges a bid, and none was made");
      if (o.size != 1 || o.value(0) != num_bids_ % game_->num_players()) refuse(o, "it is another seat's turn");
      challenged_ = true;
      return;
    case Seen::kShows:
      read_shows(o);
      return;
    case Seen::kResult:
      read_result(o);
      return;
  }
  refuse(o, "liars_dice has no such kind");
}

// The k-th die rolled is seat k / D's: this seat hears its face, the
// others that it rolled.
void LiarsDiceKnowledge::read_roll(const Observation& o) {
  const int per_seat = game_->dice_per_player();
  if (num_rolls_ >= game_->total_dice()) refuse(o, "every die is rolled already");
  const Player roller = num_rolls_ / per_seat;
  if (o.kind == static_cast<int>(Seen::kRolled)) {
    if (roller != seat_) refuse(o, "P" + std::to_string(roller) + " rolls now");
    if (o.size != 1 || o.value(0) < 0 || o.value(0) >= game_->sides()) refuse(o, "no such face");
    own_[static_cast<std::size_t>(num_rolls_ - roller * per_seat)] = static_cast<std::int8_t>(o.value(0) + 1);
  } else if (roller == seat_ || o.size != 1 || o.value(0) != roller) {
    refuse(o, roller == seat_ ? "this seat rolls now, and sees its die" : "P" + std::to_string(roller) + " rolls now");
  }
  ++num_rolls_;
}

void LiarsDiceKnowledge::read_bid(const Observation& o) {
  if (num_rolls_ < game_->total_dice()) refuse(o, "bidding starts once every die is rolled");
  if (challenged_) refuse(o, "the bid was challenged");
  if (o.size != 3 || o.value(0) != num_bids_ % game_->num_players()) refuse(o, "it is another seat's turn");
  const Bid bid{o.value(1), o.value(2) + 1};
  if (bid.quantity < 1 || bid.quantity > game_->total_dice() || bid.face < 1 || bid.face > game_->sides()) {
    refuse(o, "a bid names 1 to " + std::to_string(game_->total_dice()) + " dice of a face the dice have");
  }
  const Action action = game_->bid_action(bid);
  if (num_bids_ > 0 && action <= bids_[static_cast<std::size_t>(num_bids_ - 1)]) {
    refuse(o, "a bid must be higher than the last");
  }
  bids_[static_cast<std::size_t>(num_bids_++)] = action;
}

// After the challenge, every seat in seat order; this seat's must be its own.
void LiarsDiceKnowledge::read_shows(const Observation& o) {
  const int per_seat = game_->dice_per_player();
  if (!challenged_) refuse(o, "dice are shown only after a challenge");
  if (num_shows_ >= game_->num_players() || o.size < 2 || o.value(0) != num_shows_) {
    refuse(o, "the seats show in seat order, once each");
  }
  if (o.value(1) != per_seat || o.size != 2 + per_seat) {
    refuse(o, "each seat shows its " + std::to_string(per_seat) + " dice");
  }
  for (int i = 0; i < per_seat; ++i) {
    const int face = o.value(2 + i) + 1;
    if (face < 1 || face > game_->sides()) refuse(o, "no such face");
    if (num_shows_ == seat_ && face != own_die(i)) refuse(o, "those are not this seat's dice");
    shown_[static_cast<std::size_t>(num_shows_ * per_seat + i)] = static_cast<std::int8_t>(face);
  }
  ++num_shows_;
}

// The count follows from the dice shown; the loser from the count.
void LiarsDiceKnowledge::read_result(const Observation& o) {
  const int n = game_->num_players();
  if (num_shows_ < n) refuse(o, "the result follows every seat's dice");
  const Bid bid = game_->bid_of(bids_[static_cast<std::size_t>(num_bids_ - 1)]);
  int count = 0;
  for (int i = 0; i < game_->total_dice(); ++i) {
    const int face = shown_[static_cast<std::size_t>(i)];
    count += face == bid.face || face == game_->sides() ? 1 : 0;
  }
  const Player loser = count >= bid.quantity ? num_bids_ % n : (num_bids_ - 1) % n;
  if (o.size != 2 || o.value(0) != count || o.value(1) != loser) {
    refuse(o, std::to_string(count) + " dice match, so P" + std::to_string(loser) + " loses");
  }
  result_count_ = count;
  result_loser_ = loser;
}

void sample_world(const LiarsDiceGame& game, Player seat, const LiarsDiceKnowledge& known, Rng& rng, State& out) {
  KIBITZ_CHECK(typeid(out) == typeid(LiarsDiceState) && out.num_players() == game.num_players(),
               "sample_world into a state of another game");
  if (known.challenged() && !known.has_result()) {
    throw error("liars_dice: seat P", seat,
                "'s stream stops inside the challenge's move: liar is followed by every seat's "
                "dice and the result");
  }
  auto& world = static_cast<LiarsDiceState&>(out);
  world.reset();
  const int per_seat = game.dice_per_player();
  const bool shown = known.num_shows() == game.num_players();
  for (int k = 0; k < known.num_rolls(); ++k) {
    const Player roller = k / per_seat;
    const int index = k - roller * per_seat;
    // Dice are independent of the bids (any bid is legal whatever the
    // dice): a hidden die is uniform, as chance rolled it.
    const int face = roller == seat ? known.own_die(index)
                     : shown        ? known.shown_die(roller, index)
                                    : draw_uniform_index(game.sides(), rng) + 1;
    world.apply_action(face - 1);
  }
  for (int i = 0; i < known.num_bids(); ++i) world.apply_action(known.bid(i));
  if (known.challenged()) world.apply_action(game.liar_action());
}

void LiarsDiceState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  LiarsDiceKnowledge k(liars_game(), player);
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  sample_world(liars_game(), player, k, rng, out);
}

namespace {

LiarsDiceKnowledge read_stream(const Game& game, Player seat, std::span<const Observation> stream) {
  LiarsDiceKnowledge known(static_cast<const LiarsDiceGame&>(game), seat);
  for (const Observation& o : stream) known.read(o);
  return known;
}

}  // namespace

LiarsDiceWorldSampler::LiarsDiceWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                             std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream), known_(read_stream(this->game(), seat, stream)) {
  // Check once that a world exists, so sample() cannot fail later.
  Rng rng(0);
  sample(rng, *this->game().new_initial_state());
}

void LiarsDiceWorldSampler::sample(Rng& rng, State& out) const {
  sample_world(static_cast<const LiarsDiceGame&>(game()), seat(), known_, rng, out);
}

}  // namespace kibitz::liars_dice
