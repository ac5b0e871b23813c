// The State of an Adulting game: one position, with the steps of a round as
// a Phase enum driven by one switch. Every field is fixed-size, so a copy
// never allocates. The deck is a set: the back of the top card is drawn
// when it becomes top (a back class, in proportion to the cards left with
// it), and which card of that back it is only when the dealer draws it, so
// no hidden identity is fixed before anyone may see it.
//
// The legal system (legal_system.cc and legal_appeal.cc, legal_lawsuit.cc,
// legal_fines.cc, legal_impeach.cc; only with config().legal and
// variant=full) steps in at these hooks, the work phase's and the bank's:
//  - after an elimination by ruling (after_ruling): the eliminated
//    contestant may appeal; then impeachment may follow;
//  - after each declaration (after_declare): lawsuits;
//  - after each payment from the bank (take_from_bank, bank_pay.cc): work
//    pay, a Bank card's takings, a tie refund: taking extra, watching,
//    calling out (fines);
//  - after the dealer's challenge ranking (after_ranking): impeachment.
// Each hook steps into the legal phases (Phase::kAppealAsk .. kImpeachVote)
// and the step calls the work phase's continuation when it is settled
// (start_impeach, lawsuit_done, after_payment, impeach_done). Their moves,
// chance outcomes and transitions are dispatched to legal_step_actions,
// is_legal_step, legal_step_outcomes, legal_sample_outcome and
// apply_legal_step. Events: EventKind::kLegal .. kPayBank (events.h);
// observations: Obs::kAppeals .. kExtraShown (stream.h). Fines make monies
// private (an unseen extra): Knowledge reads monies as publicly known and
// the sampler draws the unseen extras (sampler.cc).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "env/core/state.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/events.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

enum class Phase : std::uint8_t {
  kTopBack,       // chance: the back class of the new top card
  kScore,         // actor_ scores a card, discards an effect card, or passes
  kTarget,        // actor_ names the target of a Peek or Steal
  kStealCard,     // chance: the card actor_ takes from target_
  kDrawCard,      // chance: which card of the top card's back the dealer draws
  // --- Work phase (variant=full, work_phase.cc) ---------------------------
  kEliminate,     // chance: the next contestant eliminated (category)
  kRuling,        // chance: whether that elimination is a ruling, and right
  kMeasure,       // chance: a contestant's true measurement (rank)
  kDeclare,       // a contestant declares a value >= their measurement
  kPayout,        // chance: a contestant's payout 0..3
  kQuality,       // chance: a contestant's performance quality 0..9
  kRankChallenge, // the dealer names the next contestant, best first
  // --- Legal system (legal_system.cc; reserved) ----------------------------
  kAppealAsk,       // the eliminated contestant is asked: appeal or accept
  kAppealEvidence,
  kAppealVote,
  kSueAsk,          // a contestant is asked: sue the declarer or not
  kPropose,
  kAllowCase,
  kSetPrice,
  kConcedeOrFight,
  kLawsuitEvidence,
  kLawsuitVote,
  kTakeExtra,
  kWatch,
  kCallOutAsk,      // a watcher is asked: call the extra out or stay quiet
  kImpeachAsk,      // a contestant is asked: move to impeach or not
  kImpeachEvidence,
  kImpeachVote,
  // --- Sorting and bidding ---------------------------------------------------
  kTruth,         // chance: a claimant's private truth
  kClaim,         // a claimant claims adult or child
  kVote,          // everyone else votes on an adult claim
  kBid,           // a qualified player commits a sealed bid
  kTerminal,
};
std::string_view phase_name(Phase phase);

// Why the bank pays a player, which says what follows the payment once its
// fines (legal_fines.cc) are settled (bank_pay.cc).
enum class BankPay : std::uint8_t {
  kWork,    // work pay (work_phase.cc): the job goes on
  kEffect,  // a Bank card's takings: the scoring phase goes on
  kRefund,  // a tie refund: the next refund, then the round ends
};

// Long enough for any game of any deck and table (checked by the Game).
inline constexpr int kMaxEvents = 1 << 16;
using GameLog = FixedLog<Event, kMaxEvents>;

class AdultingState final : public GameState<AdultingState> {
 public:
  explicit AdultingState(std::shared_ptr<const Game> game);
  AdultingState(const AdultingState&) = default;
  AdultingState& operator=(const AdultingState&) = default;

  using State::chance_outcomes;
  using State::information_state_string;
  using State::information_state_tensor;
  using State::legal_actions;
  using State::observation_tensor;
  using State::resample_from_infostate;
  using State::returns;

  Player current_player() const override { return current_; }
  void legal_actions(ActionList& out) const override;
  bool is_legal(Action action) const override;
  void chance_outcomes(ChanceOutcomeList& out) const override;
  // Uniform card draws straight from the mask; weighted ones by the
  // reference walk over the same probabilities chance_outcomes lists.
  Action sample_chance_outcome(Rng& rng) const override;
  void returns(std::span<double> out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  // Through the game's sampler (sampler.h), with per-thread buffers.
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  // Read access for the views, the sampler and tests.
  const AdultingGame& adulting() const { return *game_; }
  const Config& config() const { return game_->config(); }
  Phase phase() const { return phase_; }
  int round() const { return round_; }  // 0-based
  int dealer() const { return dealer_; }
  CardMask deck() const { return deck_; }
  int top_back() const { return top_back_; }  // back class, -1 when the deck is empty
  int round_card() const { return card_; }    // the card drawn this round, or -1
  CardMask hand(Player seat) const { return hands_[idx(seat)]; }
  CardMask mantle(Player seat) const { return mantle_[idx(seat)]; }
  CardMask column_cards(Player seat, int column) const { return column_cards_[idx(seat)][static_cast<std::size_t>(column)]; }
  int column_size(Player seat, int column) const { return columns_[idx(seat)][static_cast<std::size_t>(column)]; }
  int score(Player seat) const { return mantle_score(columns_[idx(seat)]); }
  CardMask discards() const { return discard_; }
  int spades_scored() const { return spades_; }
  int monies(Player seat) const { return monies_[idx(seat)]; }
  int end_reason() const { return end_reason_; }  // -1 while playing; 0 third spade, 1 empty deck
  bool truth(Player seat) const { return (truths_ >> seat) & 1u; }
  unsigned qualified() const { return qualified_; }
  unsigned disqualified() const { return disqualified_; }
  // The events so far (events.h): what export notes and tests read. The
  // seats' streams are the observation log (State::observation_log), which
  // each push writes (log_writer.cc). A quiet state (stop_logging) records
  // no events either: its log ends where it went quiet.
  const GameLog& log() const { return log_; }
  CardMask peeked(int index) const { return peeked_[index]; }
  // The seat `steps` places after the dealer (1 = the dealer's left; n = the dealer).
  int from_dealer(int steps) const { return seat_after(dealer_, steps); }

  // Back to the initial state, keeping the buffers (no allocation).
  void reset();

 protected:
  void do_apply_action(Action action) override;
  // Other spellings: "score H3 H", "bid3", "P2" for a target (action_text.cc).
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }
  int seat_after(int seat, int steps) const {
    const int s = seat + steps;
    return s >= num_players() ? s - num_players() : s;
  }
  // Appends an event to the event log and its observations to the
  // observation log (log_writer.cc).
  void push(EventKind kind, int seat, int a = 0, int b = 0);

  // The observations of each event, logged with the seats that hear them
  // (log_writer.cc).
  // Each appends an entry of `kind` and returns it for the caller to add()
  // its values in place; a private fact is one entry for its knowers and
  // one for all_but(knowers).
  static Audience seat_bit(int seat);
  Observation& log_to(Audience audience, Obs kind);
  Observation& log_public(Obs kind);
  // The other seats and the spectator.
  Audience all_but(Audience knowers) const;
  void log_event(Event e);
  void log_hand_seen(int peeker, int target, CardMask hand);
  void log_sorting_event(Event e);
  void log_work_event(Event e);
  void log_legal_event(Event e);
  void set_phase(Phase phase, Player player) {
    phase_ = phase;
    current_ = player;
  }

  // Legal moves of the player phases (rules.cc).
  void score_actions(ActionList& out) const;
  bool is_legal_score(Action action) const;
  bool can_discard(int seat, int card) const;
  bool is_target(int seat) const;
  int max_bid(int seat) const;

  // Transitions, one function per step of the rules (rules.cc).
  void start_game();
  void choose_top();
  void apply_top_back(int back);
  void begin_round();
  void next_scorer();
  void apply_score(int card, int column);
  void apply_discard(int card);
  void apply_target(int target);
  void apply_steal(int card);
  void start_draw();
  void apply_draw(int card);
  void after_draw();
  void start_sorting();
  void next_truth();
  void apply_truth(bool adult);
  void record_truth(bool adult);
  void next_claim();
  void apply_claim(bool adult);
  void next_voter();
  void apply_vote(bool up);
  void start_bidding();
  void apply_bid(int bid);
  void reveal_bids();
  void next_refund();
  void end_round();
  void end_game(int reason);

  // The work phase (work_phase.cc).
  void start_work();
  void work_actions(ActionList& out) const;
  bool is_legal_work(Action action) const;
  void work_chance_outcomes(ChanceOutcomeList& out) const;
  // The outcome draw_chance_outcome would pick from work_chance_outcomes,
  // found without listing them: a worker thread's first work-phase chance
  // node must not allocate a listing buffer.
  Action work_sample_chance_outcome(Rng& rng) const;
  void apply_work(Action action);
  void start_category();
  void next_elimination();
  void apply_eliminate(int seat);
  void apply_ruling(int outcome);
  void after_ruling();
  void start_rank();
  void next_measure();
  void apply_measure(int value);
  void apply_declare(int value);
  void after_declare();
  void rank_pay();
  void start_payout();
  void apply_payout(int value);
  void start_challenge();
  void apply_quality(int value);
  void apply_rank(int seat);
  void after_ranking();
  void challenge_pay();
  void pay_from_bank(int seat, int amount);
  void after_work_payment();
  void end_work();
  int num_contestants() const;
  void pay_eliminated();
  void eliminate_mover();
  void next_declare();

  // Payments from the bank and their fines (bank_pay.cc).
  bool fines_on() const { return config().legal && !config().bidding; }
  void take_from_bank(int seat, int amount, BankPay why);
  void after_payment();

  // The legal system (legal_system.cc): dispatch and the shared steps.
  void legal_step_actions(ActionList& out) const;
  bool is_legal_step(Action action) const;
  void legal_step_outcomes(ChanceOutcomeList& out) const;
  Action legal_sample_outcome(Rng& rng) const;
  void apply_legal_step(Action action);
  double legal_chance() const;
  int next_in_order(int& pos, unsigned skip) const;
  void start_vote(Phase phase, unsigned skip);
  void apply_legal_vote(bool up);
  void settle_vote(bool carried);
  void pay_as_far_as(int from, int to, int amount);
  void disqualify(int seat);
  void reset_legal();
  // Appeals (legal_appeal.cc).
  void apply_appeal(Action action);
  void appeal_evidence(bool shown);
  void settle_appeal(bool overturned);
  // Lawsuits (legal_lawsuit.cc).
  void next_sue_ask();
  void apply_sue(Action action);
  void apply_suit_step(Action action);
  void lawsuit_evidence(bool shown);
  void settle_lawsuit(bool guilty);
  void lawsuit_done();
  // Fines (legal_fines.cc).
  void apply_take_extra(int extra);
  void next_watch();
  void apply_watch(bool watches);
  void next_caller();
  void apply_call_out(Action action);
  // Impeachment (legal_impeach.cc).
  void start_impeach(bool after_ranking);
  void next_impeach_ask();
  void apply_impeach(Action action);
  void impeach_evidence(bool shown);
  bool ranking_follows_qualities() const;
  void settle_impeach(bool passed);
  void impeach_done();

  const AdultingGame* game_;
  Phase phase_ = Phase::kTopBack;
  Player current_ = kChancePlayer;
  int round_ = 0;
  int dealer_ = 0;
  CardMask deck_ = 0;
  int top_back_ = -1;
  int card_ = -1;
  int spades_ = 0;
  int end_reason_ = -1;
  CardMask discard_ = 0;
  std::array<CardMask, kMaxPlayers> hands_{};
  std::array<CardMask, kMaxPlayers> mantle_{};
  std::array<std::array<std::uint8_t, kNumColumns>, kMaxPlayers> columns_{};
  std::array<std::array<CardMask, kNumColumns>, kMaxPlayers> column_cards_{};
  std::array<int, kMaxPlayers> monies_{};

  // The step in progress: a sequence of seats (scorers, claimants, bidders,
  // contestants), the position in it, and who acts within it.
  std::array<std::int8_t, kMaxPlayers> seq_{};
  int seq_len_ = 0;
  int seq_pos_ = 0;
  int actor_ = 0;   // the scorer naming a target, the thief
  int target_ = 0;  // the Steal's target
  int vote_pos_ = 0;
  int ups_ = 0;
  int downs_ = 0;

  // This round's sorting and bidding.
  unsigned qualify_effect_ = 0;  // played a qualify effect this round
  unsigned qualified_ = 0;
  unsigned truths_ = 0;          // adult truths
  unsigned disqualified_ = 0;    // by the legal system: out of rank and challenge pay and sorting
  std::array<std::uint8_t, kMaxPlayers> bids_{};
  int taker_ = -1;               // who took the card at the reveal (refunds skip them)
  int payee_pos_ = 0;            // the next tie refund: a position among the bidders
  BankPay bank_pay_ = BankPay::kWork;  // why the bank pays the payment in progress

  // This round's work phase (work_phase.cc).
  unsigned contestants_ = 0;     // still in the contest
  int eliminated_ = 0;           // eliminations so far (category)
  int last_eliminated_ = -1;
  int moved_out_ = -1;           // a contestant a failed motion eliminated, paid next
  int ruling_ = 0;               // the last elimination: 0 no ruling, 1 right, 2 wrong
  std::array<std::int8_t, kMaxPlayers> measure_{};
  std::array<std::int8_t, kMaxPlayers> declared_{};
  std::array<std::int8_t, kMaxPlayers> quality_{};
  std::array<std::int8_t, kMaxPlayers> ranking_{};  // the dealer's ranking, best first
  int ranked_ = 0;

  // The legal step in progress (legal_*.cc); reset each round.
  int legal_actor_ = -1;   // the appealer, prosecutor, thief or mover
  int legal_target_ = -1;  // the defendant; the seat whose watch is drawn
  int price_ = 0;          // the proposed, then the set price of a suit
  int extra_ = 0;          // the thief's extra
  int ask_pos_ = 0;        // who is asked next (a position in an order)
  unsigned vote_skip_ = 0; // seats that do not vote on the step
  unsigned watchers_ = 0;  // who watched the last payment
  unsigned appealed_ = 0;  // appealed this round (once a round)
  unsigned moved_ = 0;     // moved to impeach this round (once a round)
  bool impeach_ranking_ = false;  // the motion is about a ranking (else a ruling)

  GameLog log_;
  FixedLog<CardMask, kMaxCards> peeked_;  // the hands seen by peeks, in order

  // What the observations of an event need beyond the event itself, kept as
  // the events are logged: the dealer (who learns whether a ruling was
  // right), the sealed bids (shown together at the reveal), the last extra
  // taken (what a watcher sees) and the mantles' columns (the final points).
  struct StreamFacts {
    struct Commit {
      std::int8_t seat;
      std::uint8_t bid;
    };
    std::int8_t dealer = 0;
    std::uint8_t extra = 0;
    int num_commits = 0;
    std::array<Commit, kMaxPlayers> commits{};
    std::array<std::array<std::uint8_t, kNumColumns>, kMaxPlayers> columns{};
  };
  StreamFacts stream_facts_;
};

}  // namespace kibitz::adulting
