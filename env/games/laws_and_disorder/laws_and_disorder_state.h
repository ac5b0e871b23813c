// The State of a Laws and Disorder game: one position, its steps as a Phase
// enum. Hands and the deck are counts per kind; every field but the history
// is fixed-size, and the observation log (State::observation_log) is reserved
// to its bound, so a copy into an existing state never allocates.
//
// Control flow: a decision or a chance node waits in `phase_`; everything
// between two of them runs at once in the step that follows the move (a law
// made: its pay, its effect and the triggered laws, until one of them needs
// a choice or a draw). Draws and discards remember where to go on (Resume);
// the effect queue remembers which law takes effect for whom next.
//
// The rules are split by step: turn.cc (deal, draws, the main step, building
// a law, hand limit, the end), effects.cc (laws taking effect, triggers, the
// subject's choices) and abilities.cc (the abilities and job changes).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/state.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/laws_and_disorder/log_bound.h"
#include "env/games/laws_and_disorder/stream.h"

namespace kibitz::laws_and_disorder {

enum class Phase : std::uint8_t {
  kDealPosition,  // chance: the position the next player takes
  kDraw,          // chance: the kind draw_player_ draws (the deal too)
  kMain,          // the turn's player: start a law, play a job, use an ability, end the turn
  kBuild,         // the turn's player adds the law's next card or ends it
  kPick,          // the effect's subject picks a card to give
  kRecipient,     // the effect's subject picks whom to give to
  kDiscard,       // discard_player_ picks a card to discard
  kThiefTake,     // the thief picks the card to take
  kTerminal,
};

// Where to go on when a run of draws or discards ends.
enum class Resume : std::uint8_t {
  kDeal,            // the next player's deal, then the first turn
  kTurnStartDraw,   // draw_at=start: the start-of-turn laws, then the main step
  kTurnEndDraw,     // draw_at=end: the hand limit, then the next turn
  kEffect,          // the effect in progress is done: the next one in the queue
  kMerchantDraw,    // the merchant's trade: discard 2
  kMerchantDiscard, // the merchant's trade is done: ability triggers
  kHandLimit,       // the next turn
};

// A law on the table.
struct TableLaw {
  Law law;
  std::int16_t serial = 0;  // 1 for the first law made
  std::int8_t maker = -1;
};

// One law taking effect for one player (or for nobody: subject -1).
struct PendingEffect {
  Law law;
  std::int16_t serial = 0;
  std::int8_t subject = -1;
};

class LawsAndDisorderState : public GameState<LawsAndDisorderState> {
 public:
  explicit LawsAndDisorderState(std::shared_ptr<const Game> game);

  Player current_player() const override;
  void legal_actions(ActionList& out) const override;
  // Decided per phase without listing (no per-thread buffer: apply_action
  // calls it on every move).
  bool is_legal(Action action) const override;
  void chance_outcomes(ChanceOutcomeList& out) const override;
  Action sample_chance_outcome(Rng& rng) const override;
  void returns(std::span<double> out) const override;
  // Through sample_world (sampler.h, defined in sampler.cc) with per-thread
  // buffers: no allocation once warm.
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;
  using State::resample_from_infostate;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;

  // --- Read-only access for tests, the replay report and debugging views. --
  // (Agents read their stream, never these.)
  Phase phase() const { return phase_; }
  int turn_player() const { return turn_player_; }
  int monies(int player) const { return monies_[idx(player)]; }
  const KindCounts& hand(int player) const { return hands_[idx(player)]; }
  int hand_size(int player) const;
  const KindCounts& deck() const { return deck_; }
  int deck_size() const { return deck_size_; }
  int discard_size() const { return discard_size_; }
  // The position a player holds, and who holds a position (-1: nobody).
  Position position_of(int player) const { return static_cast<Position>(position_of_[idx(player)]); }
  int holder(Position position) const { return holder_[static_cast<std::size_t>(position)]; }
  int num_laws() const { return num_laws_; }
  const TableLaw& law_at(int slot) const { return laws_[idx(slot)]; }
  const Law& law_in_progress() const { return building_; }
  // The final round: -1 until the turn in which the last card is drawn has
  // ended; then the extra turns left, the current one included (the game
  // ends when the last of them ends).
  int turns_left() const { return turns_left_; }

 protected:
  void do_apply_action(Action action) override;
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }
  const LawsAndDisorderGame& ld_game() const { return *ld_; }
  int players() const { return ld_->config().players; }

  // --- The log (state.cc) ------------------------------------------------------
  void emit(Audience audience, const Observation& observation);
  // To every seat and the spectator.
  void emit_public(const Observation& observation);
  // `seen` to the seats in `knowers`, `hidden` to the rest and the spectator
  // (who is never a knower).
  void emit_split(Audience knowers, const Observation& seen, const Observation& hidden);
  Audience all_seats() const { return all_seats_audience(players()); }
  static Audience seat_bit(int seat) { return seat_audience(seat); }

  // --- Turns (turn.cc) -----------------------------------------------------------
  void apply_chance(Action outcome);
  void deal_position(Position position);
  void after_positions();
  void draw_card(Kind kind);
  void begin_draws(int player, int count, Resume then);
  void resume(Resume then);
  void start_turn(int player);
  void start_of_turn_laws();
  void to_main();
  void main_actions(ActionList& out) const;
  void build_actions(ActionList& out) const;
  void apply_main(Action action);
  void apply_build(Action action);
  void make_law();
  void end_turn();
  void after_turn_draw();
  void next_turn();
  void finish_game();
  void take_card(int player, Kind kind);    // into a hand
  void remove_card(int player, Kind kind);  // out of a hand (to wherever the caller puts it)

  // --- Effects (effects.cc) ------------------------------------------------------
  void queue_effect(const TableLaw& law, int subject);
  void queue_for_holders(const TableLaw& law);
  // Laws with this WHEN: for `only` alone (turn start, ability) or for every
  // holder (-1: a law made). `skip_serial` is the law just made.
  void queue_triggers(When when, int only, int skip_serial);
  void run_effects();
  bool start_effect(const PendingEffect& effect);  // false: it waits for a choice or a draw
  bool start_give(const PendingEffect& effect, const LawParts& parts);
  int recipient_of(const PendingEffect& effect, const LawParts& parts, bool* choose) const;
  void finish_give(int to);
  void begin_discards(int player, int count, Resume then);
  void discard_card(int player, Kind kind);
  void pick_actions(ActionList& out) const;
  void recipient_actions(ActionList& out) const;
  void discard_actions(ActionList& out) const;
  void apply_pick(Kind kind);
  void apply_recipient(int to);
  void apply_discard(Kind kind);

  // --- Jobs and abilities (abilities.cc) -------------------------------------
  void job_actions(ActionList& out) const;
  void ability_actions(ActionList& out) const;
  bool ability_usable(Action action) const;
  void apply_job(Position position);
  void apply_ability(Action action);
  void apply_thief_take(Kind kind);
  void thief_take_actions(ActionList& out) const;
  void after_ability();
  void remove_law(int slot);

  const LawsAndDisorderGame* ld_;
  Phase phase_ = Phase::kDealPosition;
  std::int8_t actor_ = 0;  // who decides in a player phase

  std::array<KindCounts, kMaxPlayers> hands_{};
  std::array<int, kMaxPlayers> monies_{};
  KindCounts deck_{};
  int deck_size_ = 0;
  int discard_size_ = 0;
  std::array<std::int8_t, kMaxPlayers> position_of_{};
  std::array<std::int8_t, kNumPositions> holder_{};
  int positions_dealt_ = 0;

  int turn_player_ = 0;
  int turn_number_ = 0;
  bool made_law_ = false;
  bool changed_job_ = false;
  bool used_ability_ = false;
  Law building_;
  std::array<TableLaw, kMaxTableLaws> laws_{};
  int num_laws_ = 0;
  int next_serial_ = 1;

  int draws_left_ = 0;
  std::int8_t draw_player_ = 0;
  Resume after_draw_ = Resume::kDeal;
  int discards_left_ = 0;
  std::int8_t discard_player_ = 0;
  Resume after_discard_ = Resume::kEffect;

  // The effect queue of the action in progress, and the give being made.
  static constexpr int kMaxQueue = 96;
  std::array<PendingEffect, kMaxQueue> queue_{};
  int queue_size_ = 0;
  int queue_head_ = 0;
  int give_amount_ = 0;
  int picks_left_ = 0;
  std::array<Kind, 2> picked_{};
  int num_picked_ = 0;
  std::int8_t victim_ = -1;

  bool last_card_drawn_ = false;
  int turns_left_ = -1;
};

}  // namespace kibitz::laws_and_disorder
