#include "env/games/spoon_nomic/sampler.h"

#include <typeinfo>

#include "env/cards/dealer.h"
#include "env/core/error.h"
#include "env/core/stream_spec.h"

namespace kibitz::spoon_nomic {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

void take_stream(const SpoonGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                 State& out) {
  draw_world(
      game, seat,
      [stream](auto&& f) {
        for (const Observation& o : stream) f(o);
      },
      rng, out);
}

}  // namespace

void plan_observation(const SpoonGame& game, Player seat, const Observation& o, WorldPlan& plan) {
  const Obs kind = obs_kind(o);
  if (kind == Obs::kShows) {
    plan.over = true;
    for (int i = 0; i < o.value(1); ++i) plan.shown[at(o.value(0))].insert(cards::Card::from_id(o.value(2 + i)));
    return;
  }
  if (kind != Obs::kDealtSeen && !is_report(kind)) return;
  if (plan.num_slots == game.die_sides()) {
    throw error("spoon_nomic: seat ", seat_text(seat), "'s stream deals more cards than the ", game.die_sides(),
                " in the Deck");
  }
  const auto k = at(plan.num_slots++);
  plan.receiver[k] = static_cast<std::int8_t>(o.value(0));
  if (kind == Obs::kDealtSeen) {
    if (o.value(0) != seat) {
      throw error("spoon_nomic: seat ", seat_text(seat), "'s stream shows the card dealt to ", seat_text(o.value(0)),
                  ": '", game.stream_spec().to_text(o), "'");
    }
    const cards::Card card = cards::Card::from_id(o.value(1));
    plan.card[k] = static_cast<std::int16_t>(card.id());
    plan.back[k] = card.back();
    plan.own.insert(card);
  } else {
    if (static_cast<int>(report_back(kind)) >= game.packs()) {
      throw error("spoon_nomic(packs=", game.packs(), ") has no ", cards::back_name(report_back(kind)),
                  " cards: '", game.stream_spec().to_text(o), "'");
    }
    plan.card[k] = 0;
    plan.back[k] = report_back(kind);
  }
}

void choose_cards(const SpoonGame& game, Player seat, WorldPlan& plan, Rng& rng) {
  // The cards each back can still give to another seat: those the seat has
  // not seen; at the end, each seat's shown hand.
  std::array<cards::CardSet, cards::kMaxPacks> unseen{};
  cards::CardSet all_shown;
  for (const cards::CardSet& s : plan.shown) all_shown |= s;
  for (int b = 0; b < game.packs(); ++b) unseen[at(b)] = cards::CardSet::full_pack(b) - plan.own - all_shown;
  std::array<cards::CardSet, kMaxPlayers> left = plan.shown;
  for (int k = 0; k < plan.num_slots; ++k) {
    const int p = plan.receiver[at(k)];
    if (p == seat) continue;
    const int b = static_cast<int>(plan.back[at(k)]);
    cards::CardSet& pool = plan.over ? left[at(p)] : unseen[at(b)];
    const cards::CardSet of_back = pool & cards::CardSet::full_pack(b);
    if (of_back.empty()) {
      throw error("spoon_nomic: seat ", seat_text(seat), "'s stream deals ", seat_text(p), " more ",
                  cards::back_name(plan.back[at(k)]), " cards than ",
                  plan.over ? "it shows at the end" : "there are left unseen");
    }
    const cards::Card card = of_back.nth(static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(of_back.size()))));
    pool.erase(card);
    plan.card[at(k)] = static_cast<std::int16_t>(card.id());
  }
}

void replay_observation(const Observation& o, const WorldPlan& plan, int& next_slot, Rng& rng, SpoonState& world) {
  const Obs kind = obs_kind(o);
  if (kind == Obs::kDealtSeen || is_report(kind)) {
    world.apply_action(plan.card[at(next_slot++)]);
    return;
  }
  switch (kind) {
    case Obs::kRollAgain: {
      // The face of a rejected roll: any card already dealt, equally likely.
      const Table& t = world.table();
      const cards::CardSet out = cards::full_deck(t.packs()) - t.deck();
      if (out.empty()) throw error("spoon_nomic: a rejected roll while every card is in the Deck");
      world.apply_action(out.nth(static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(out.size())))).id());
      return;
    }
    case Obs::kProposal:
      world.apply_action(change_action(o.value(1)));
      return;
    case Obs::kVoteYes:
      world.apply_action(kYes);
      return;
    case Obs::kVoteNo:
      world.apply_action(kNo);
      return;
    case Obs::kAbstain:
      world.apply_action(kAbstain);
      return;
    default:  // results, nweeks and shown hands come with a vote
      return;
  }
}

SpoonState& fresh_world(const SpoonGame& game, State& out) {
  KIBITZ_CHECK(typeid(out) == typeid(SpoonState), "a spoon_nomic world drawn into a state of another game");
  const auto& other = static_cast<const SpoonGame&>(out.game());
  KIBITZ_CHECK(other.num_players() == game.num_players() && other.packs() == game.packs() &&
                   other.nweeks() == game.nweeks() && other.reward() == game.reward(),
               "a spoon_nomic world drawn into a state of another spoon_nomic game");
  auto& world = static_cast<SpoonState&>(out);
  world.reset();
  return world;
}

SpoonWorldSampler::SpoonWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream) {
  const auto& g = static_cast<const SpoonGame&>(this->game());
  if (seat < 0 || seat >= g.num_players()) throw error("spoon_nomic has no seat ", seat);
  // Check the stream once, so sample() cannot fail later: every value in
  // range, then a world drawn from it must give the seat this very stream.
  for (const Observation& o : this->stream()) g.stream_spec().validate(o, g.num_players());
  std::unique_ptr<State> world = g.new_initial_state();
  Rng rng(0);
  try {
    take_stream(g, seat, this->stream(), rng, *world);
  } catch (const KibitzError& e) {
    throw error("spoon_nomic: no world gives seat ", seat_text(seat), " this stream: ", e.what());
  }
  const SeatStream seen = world->seat_stream(seat);
  const SeatStream& given = this->stream();
  for (std::size_t i = 0; i < given.size(); ++i) {
    if (i >= seen.size() || !(seen[i] == given[i])) {
      throw error("spoon_nomic: no world gives seat ", seat_text(seat), " this stream: observation ", i + 1,
                  " '", g.stream_spec().to_text(given[i]), "' cannot come there",
                  i < seen.size() ? " (the game shows '" + g.stream_spec().to_text(seen[i]) + "')" : "");
    }
  }
  if (seen.size() > given.size()) {
    throw error("spoon_nomic: seat ", seat_text(seat), "'s stream stops in the middle of a move: '",
                g.stream_spec().to_text(seen[given.size()]), "' comes next");
  }
}

void SpoonWorldSampler::sample(Rng& rng, State& out) const {
  take_stream(static_cast<const SpoonGame&>(game()), seat(), stream(), rng, out);
}

}  // namespace kibitz::spoon_nomic
