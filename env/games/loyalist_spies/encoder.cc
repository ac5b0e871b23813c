#include "env/games/loyalist_spies/encoder.h"

#include <algorithm>
#include <cmath>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/seat_facts.h"

namespace kibitz::loyalist_spies {
namespace {

// Divisors of the scalar entries: integers survive a round trip through them.
constexpr float kHandScale = 16, kDeckScale = 50, kTopScale = 3, kKingScale = 4, kCovertScale = 50,
                kVpScale = 15, kCountScale = 8, kSuitVpScale = 40;

void put_cards(std::span<float> out, int offset, CardMask cards) {
  for_each_card(cards, [&](int c) { out[static_cast<std::size_t>(offset + c)] = 1.0f; });
}

CardMask get_cards(std::span<const float> in, int offset) {
  CardMask cards = 0;
  for (int c = 0; c < kNumCardIndices; ++c) {
    if (in[static_cast<std::size_t>(offset + c)] > 0.5f) cards |= card_bit(c);
  }
  return cards;
}

int one_hot(std::span<const float> in, int offset, int size) {
  for (int i = 0; i < size; ++i) {
    if (in[static_cast<std::size_t>(offset + i)] > 0.5f) return i;
  }
  return -1;
}

int scaled(std::span<const float> in, int offset, float scale) {
  return static_cast<int>(std::lround(in[static_cast<std::size_t>(offset)] * scale));
}

}  // namespace

void encode_information_state(const SeatFacts& facts, std::span<float> out) {
  KIBITZ_CHECK(static_cast<int>(out.size()) == kTensorSize, "tensor size ", out.size());
  using namespace layout;
  std::fill(out.begin(), out.end(), 0.0f);
  const Config& cfg = facts.config();
  const StreamReader& rules = facts.rules();
  const int n = cfg.players;
  const int player = facts.seat();
  const Phase phase = rules.phase();
  auto at = [&](int offset) -> float& { return out[static_cast<std::size_t>(offset)]; };
  auto rel_seat = [&](int rel) { return (player + rel) % n; };

  at(kPlayers + n - kMinPlayers) = 1;
  at(kSeat + player) = 1;
  at(kPhase + static_cast<int>(phase)) = 1;
  at(kRound) = static_cast<float>(rules.rounds_finished()) / static_cast<float>(cfg.round_limit());
  at(kSingleRound) = cfg.rounds > 0 ? 1.0f : 0.0f;
  for (int rel = 0; rel < n; ++rel) {
    const int s = rel_seat(rel);
    at(kTotals + rel) = static_cast<float>(rules.total(s)) / static_cast<float>(cfg.target_score);
    if (rules.known_ace(s) != kHidden) at(kKnownSuit + rel * 4 + suit_of(rules.known_ace(s))) = 1;
    for (int suit = 0; suit < kNumSuits; ++suit) {
      if ((rules.excluded_suits(s) >> suit) & 1u) at(kExcluded + rel * 4 + suit) = 1;
    }
    put_cards(out, kHeld + rel * kNumCardIndices, rel == 0 ? 0 : facts.held(s));
    at(kHandSize + rel) = static_cast<float>(rules.hand_size(s)) / kHandScale;
  }
  if (rules.known_ace(player) != kHidden) at(kOwnSuit + suit_of(rules.known_ace(player))) = 1;
  put_cards(out, kHand, rules.own_hand());
  if (phase == Phase::kKeep) put_cards(out, kKept, rules.own_kept());
  put_cards(out, kGivenUp, facts.given_up());
  put_cards(out, kPublic, facts.public_cards());
  const int top_len = rules.top_len();
  for (int slot = 0; slot < top_len; ++slot) {
    if (rules.known_top(slot) != kHidden) at(kTop + slot * kNumCardIndices + rules.known_top(slot)) = 1;
  }
  put_cards(out, kTopSeen, facts.top_seen());
  at(kDeckSize) = static_cast<float>(rules.deck_size()) / kDeckScale;
  at(kTopLen) = static_cast<float>(top_len) / kTopScale;
  if (phase != Phase::kTerminal) at(kDeterminer + (rules.determiner() - player + n) % n) = 1;
  const int actor = rules.to_act();
  if (actor >= 0) at(kActor + (actor - player + n) % n) = 1;
  at(kKings) = static_cast<float>(rules.kings()) / kKingScale;
  at(kMission) = rules.mission_active() ? 1.0f : 0.0f;
  if (facts.mission_card() >= 0) {
    at(kMissionSuit + suit_of(facts.mission_card())) = 1;
    at(kMissionRank + rank_of(facts.mission_card()) - 2) = 1;
    at(kCovert) = static_cast<float>(rules.terms().covert) / kCovertScale;
    at(kVp) = static_cast<float>(rules.terms().vp) / kVpScale;
  }
  if (rules.mission_active()) {
    at(kFaceDown) = static_cast<float>(rules.face_down_count()) / kTopScale;
    for (int rel = 0; rel < n; ++rel) {
      if ((facts.played() >> rel_seat(rel)) & 1u) at(kPlayed + rel) = 1;
    }
    if (facts.own_play() >= 0) at(kOwnPlay + facts.own_play()) = 1;
  }
  if (phase == Phase::kJackTarget) at(kJackSuit + rules.jack_suit()) = 1;
  const MissionTally& t = rules.tally();
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const auto i = static_cast<std::size_t>(suit);
    at(kMissions + suit) = static_cast<float>(t.missions[i]) / kCountScale;
    at(kFailed + suit) = static_cast<float>(t.failed[i]) / kCountScale;
    at(kSuitVp + suit) = static_cast<float>(t.vp[i]) / kSuitVpScale;
  }
  at(kSuccesses) = static_cast<float>(t.successes) / kCountScale;
  at(kFailures) = static_cast<float>(t.failures) / kCountScale;
  at(kVpSuccess) = static_cast<float>(t.vp_of_successes) / kSuitVpScale;
  // Every reveal adds one mission to the tally: its count is the round's missions.
  at(kMissionsAll) = static_cast<float>(t.successes + t.failures) / kCountScale;
}

InfoView decode_information_state(std::span<const float> in) {
  using namespace layout;
  if (static_cast<int>(in.size()) != kTensorSize) {
    throw error("not a Loyalist Spies information-state tensor (version ", kEncoderVersion,
                "): size ", in.size(), " instead of ", kTensorSize);
  }
  InfoView v;
  const int players = one_hot(in, kPlayers, 2);
  if (players < 0) throw error("not a Loyalist Spies information-state tensor: no player count");
  v.num_players = players + kMinPlayers;
  v.seat = one_hot(in, kSeat, kMaxPlayers);
  v.phase = static_cast<Phase>(std::max(0, one_hot(in, kPhase, kNumPhases)));
  v.round_fraction = in[kRound];
  v.single_round = in[kSingleRound] > 0.5f;
  for (int rel = 0; rel < kMaxPlayers; ++rel) {
    const auto r = static_cast<std::size_t>(rel);
    v.total_fraction[r] = in[static_cast<std::size_t>(kTotals + rel)];
    v.known_suit[r] = one_hot(in, kKnownSuit + rel * 4, 4);
    for (int suit = 0; suit < kNumSuits; ++suit) {
      if (in[static_cast<std::size_t>(kExcluded + rel * 4 + suit)] > 0.5f)
        v.excluded_suits[r] |= 1u << suit;
    }
    v.held[r] = get_cards(in, kHeld + rel * kNumCardIndices);
    v.hand_size[r] = scaled(in, kHandSize + rel, kHandScale);
  }
  v.own_suit = one_hot(in, kOwnSuit, 4);
  v.hand = get_cards(in, kHand);
  v.kept = get_cards(in, kKept);
  v.given_up = get_cards(in, kGivenUp);
  v.public_cards = get_cards(in, kPublic);
  for (int slot = 0; slot < 3; ++slot)
    v.top[static_cast<std::size_t>(slot)] =
        one_hot(in, kTop + slot * kNumCardIndices, kNumCardIndices);
  v.top_seen = get_cards(in, kTopSeen);
  v.deck_size = scaled(in, kDeckSize, kDeckScale);
  v.top_len = scaled(in, kTopLen, kTopScale);
  v.determiner = one_hot(in, kDeterminer, 4);
  v.actor = one_hot(in, kActor, 4);
  v.kings = scaled(in, kKings, kKingScale);
  v.mission_active = in[kMission] > 0.5f;
  v.mission_suit = one_hot(in, kMissionSuit, 4);
  const int rank = one_hot(in, kMissionRank, 9);
  v.mission_rank = rank < 0 ? 0 : rank + 2;
  v.covert = scaled(in, kCovert, kCovertScale);
  v.vp = scaled(in, kVp, kVpScale);
  v.face_down = scaled(in, kFaceDown, kTopScale);
  for (int rel = 0; rel < kMaxPlayers; ++rel) {
    if (in[static_cast<std::size_t>(kPlayed + rel)] > 0.5f) v.played |= 1u << rel;
  }
  v.own_play = one_hot(in, kOwnPlay, kNumCardIndices);
  v.jack_suit = one_hot(in, kJackSuit, 4);
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const auto i = static_cast<std::size_t>(suit);
    v.tally.missions[i] = scaled(in, kMissions + suit, kCountScale);
    v.tally.failed[i] = scaled(in, kFailed + suit, kCountScale);
    v.tally.vp[i] = scaled(in, kSuitVp + suit, kSuitVpScale);
  }
  v.tally.successes = scaled(in, kSuccesses, kCountScale);
  v.tally.failures = scaled(in, kFailures, kCountScale);
  v.tally.vp_of_successes = scaled(in, kVpSuccess, kSuitVpScale);
  v.missions = scaled(in, kMissionsAll, kCountScale);
  return v;
}

}  // namespace kibitz::loyalist_spies
