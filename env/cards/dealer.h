// Dealer: deals cards exactly as the Spoon Nomic rules say (spoon_nomic.md),
// with every die roll logged so a deal can be audited afterwards.
//
// The Dealer owns the Deck. To deal, it rolls one die with 52*packs sides
// (faces 1..52*packs, the canonical card numbers); if that card is not in the
// Deck it rolls again; then it moves the card to the receiving Hand. An empty
// Deck cannot deal: deal() returns std::nullopt, which overrides any rule that
// says to deal. Jokers have no number on the die, so they are never in the
// Deck; a game that uses jokers hands them out by its own rules.
//
// Rejection sampling makes every card left in the Deck equally likely, which
// is why games model a deal as a chance node with uniform outcomes over the
// cards left: the same distribution, without an RNG in the state.
//
// The Dealer's Report is the public record of dealing: for each dealing step
// (an nweek in Spoon Nomic), who received cards and the Back of each, and
// nothing more.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "env/cards/card.h"
#include "env/cards/card_set.h"
#include "env/core/rng.h"

namespace kibitz::cards {

// One roll of the dice server, kept for the audit log.
struct DealerRoll {
  int roll = 0;           // the face, 1..52*packs: the number of the card asked for
  bool accepted = false;  // the card was in the Deck and was dealt
  int receiver = 0;       // the seat the deal was for
  friend bool operator==(const DealerRoll&, const DealerRoll&) = default;
};

// One line of the Dealer's Report: a card went to a seat; only its Back shows.
struct ReportEntry {
  int step = 0;      // the dealing step (nweek) it was dealt in
  int receiver = 0;  // the seat that received it
  Back back = Back::kRed;
  friend bool operator==(const ReportEntry&, const ReportEntry&) = default;
};

// The Deck of the first `packs` packs, a seeded die, the roll log and the report.
class Dealer {
 public:
  // A full Deck of packs 0..packs-1 (1 <= packs <= kMaxPacks).
  Dealer(int packs, Rng dice);
  Dealer(int packs, std::uint64_t seed) : Dealer(packs, Rng(seed)) {}
  // A Deck holding only `deck` (e.g. a game resumed part way), which must be
  // pack cards of packs 0..packs-1; the die still has 52*packs sides.
  Dealer(int packs, const CardSet& deck, Rng dice);

  // Deals one card from the Deck into `hand`, for seat `receiver` (>= 0), and
  // returns it; std::nullopt when the Deck is empty (no die is rolled then).
  std::optional<Card> deal(int receiver, CardSet& hand);

  // Starts the next dealing step of the report (the first step is 0).
  void next_step() { ++step_; }
  int step() const { return step_; }

  int packs() const { return packs_; }
  int die_sides() const { return packs_ * kCardsPerPack; }
  const CardSet& deck() const { return deck_; }
  // The seed of the dice server, to log next to the game.
  std::uint64_t seed() const { return dice_.seed(); }

  // Every roll in order, rejected ones included.
  const std::vector<DealerRoll>& rolls() const { return rolls_; }
  // The Dealer's Report, one entry per card dealt, in dealing order.
  const std::vector<ReportEntry>& report() const { return report_; }
  // The report for people, e.g. "step 0: seat 0 red, seat 1 fish; step 1: ...".
  std::string report_string() const;

 private:
  int packs_;
  CardSet deck_;
  Rng dice_;
  int step_ = 0;
  std::vector<DealerRoll> rolls_;
  std::vector<ReportEntry> report_;
};

// Re-checks a roll log against the rules, starting from `deck` (a full Deck
// for a fresh Dealer): every face is on the die, a roll is accepted exactly
// when its card is still in the Deck, and accepted cards leave it. Returns the
// Deck left at the end; throws KibitzError naming the first inconsistent roll.
CardSet audit_rolls(int packs, const CardSet& deck, std::span<const DealerRoll> rolls);

// A full Deck of packs 0..packs-1 (1 <= packs <= kMaxPacks).
CardSet full_deck(int packs);

}  // namespace kibitz::cards
