// The Spoon Nomic heuristic's vote, decided from a SpoonTable: what a seat
// knows in public plus its own cards, filled from its stream by the agent
// (spoon_heuristic.h). Nothing here reads a State.
//
// The rule:
//  - While a vote still earns a card (not the last nweek, and cards left in
//    the Deck), always vote: a yes and a no earn the same card, and a card
//    never lowers a hand's bonus. Abstain only when no card is to be earned
//    and the proposal leaves the seat indifferent.
//  - Each seat's final score is estimated as its points plus the expected
//    bonus of the hand it will end with: my cards' category, or the average
//    bonus of a random hand of the size I will hold if that is higher; for
//    the others (whose suits and ranks I never see) the average bonus of a
//    random hand of the size they will hold, their future cards counted at
//    the rate they have voted so far.
//  - reward=score: yes when   d[me] - rivalry * (rise of the best other
//    estimate)   is positive, the rise being how much the proposal lifts the
//    strongest other seat's estimate (negative when it pulls the leader
//    down). rivalry=1 is the margin to the leader, rivalry=0 plain self
//    interest.
//  - reward=win: yes when the proposal raises my estimated win share,
//    prod over others j of Phi((est_me - est_j) / sigma), with
//    sigma = win_spread * sqrt(1 + nweeks left after this one): the spread
//    that future proposals and unseen hands leave.
//  - Otherwise no (a tie keeps the status quo).
#pragma once

#include <vector>

#include "env/cards/card_set.h"

namespace kibitz::spoon_nomic::bot {

struct SpoonParams {
  double rivalry = 1.0;     // weight of the strongest other's gain (reward=score)
  double win_spread = 2.0;  // points of spread per nweek left (reward=win)
};

// What the seat knows when it votes (public record plus its own cards).
struct SpoonTable {
  int players = 0;
  int me = 0;
  int nweek = 0;   // the current nweek, 0-based
  int nweeks = 0;  // nweeks in the game
  int packs = 4;   // packs in play (1..4)
  bool reward_win = false;
  int deck_left = 0;             // cards still in the Deck
  std::vector<int> points;       // each seat's points now
  std::vector<int> cards_held;   // each seat's number of cards (the Dealer's Report)
  std::vector<int> votes_cast;   // yes or no votes each seat has cast so far
  std::vector<int> votes_asked;  // votes each seat has been asked for so far
  std::vector<int> delta;        // the proposal's point change for each seat
  cards::CardSet my_cards;
};

enum class VoteChoice { kYes, kNo, kAbstain };

// The average bonus of a random hand of `hand_size` cards from `packs` full
// packs (computed once per pack count, by a fixed-seed simulation; sizes
// past the table's end use its last entry).
double expected_bonus(int hand_size, int packs = 4);

// Each seat's estimated final score (points + expected bonus), as above.
std::vector<double> estimated_scores(const SpoonTable& t);

// My estimated win share for the given estimates (reward=win).
double win_share(const SpoonTable& t, const std::vector<double>& est, const SpoonParams& p);

// What passing the proposal is worth to me against it failing (> 0: vote yes).
double proposal_gain(const SpoonTable& t, const SpoonParams& p);

// Whether a yes or no vote now earns a card next nweek.
bool vote_earns_card(const SpoonTable& t);

VoteChoice choose_vote(const SpoonTable& t, const SpoonParams& p);

}  // namespace kibitz::spoon_nomic::bot
