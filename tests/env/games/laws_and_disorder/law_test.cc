// Laws and Disorder's law grammar: complete and incomplete laws, what a hand
// may play next (only cards after which the law can still be finished,
// checked against an independent list of every complete law), WHEN only
// last, end-law only when complete, and the text's example laws as sentences.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/cards.h"
#include "env/games/laws_and_disorder/law.h"

namespace kibitz::laws_and_disorder {
namespace {

using K = Kind;

KindCounts hand_of(std::initializer_list<Kind> kinds) {
  KindCounts hand{};
  for (const Kind kind : kinds) ++hand[static_cast<int>(kind)];
  return hand;
}

bool offered(const NextCards& next, Kind kind) { return next.kinds[static_cast<int>(kind)]; }

std::vector<Kind> kinds_where(bool (*pred)(Kind)) {
  std::vector<Kind> out;
  for (const KindInfo& info : all_kinds()) {
    if (pred(info.kind)) out.push_back(info.kind);
  }
  return out;
}

// Every complete law, written out from the doc's four shapes directly (not
// through fits_next), as the oracle for the brute-force checks.
std::vector<Law> every_complete_law() {
  const auto positions = kinds_where([](Kind k) { return is_position_slot(k); });
  const auto verbs = kinds_where([](Kind k) { return verb_of(k).has_value(); });
  const auto objects = kinds_where([](Kind k) { return object_amount(k) > 0; });
  const auto whens = kinds_where([](Kind k) { return when_of(k).has_value(); });
  std::vector<Law> laws;
  auto add_with_whens = [&](Law law) {
    laws.push_back(law);
    for (const Kind w : whens) {
      Law with = law;
      with.push(w);
      laws.push_back(with);
    }
  };
  for (const Kind s : positions) {
    for (const Kind v : verbs) {
      for (const Kind o : objects) add_with_whens(Law::of({s, v, o}));
    }
    for (const Kind r : positions) {
      if (is_job(s) && s == r) continue;
      for (const Kind o : objects) add_with_whens(Law::of({s, K::kGives, r, o}));
    }
  }
  return laws;
}

// Whether some complete law starts with `prefix` and its remaining cards all
// come from `hand`.
bool oracle_can_complete(const std::vector<Law>& laws, const Law& prefix, const KindCounts& hand) {
  for (const Law& law : laws) {
    if (law.size < prefix.size) continue;
    bool ok = true;
    KindCounts left = hand;
    for (int i = 0; i < law.size && ok; ++i) {
      if (i < prefix.size) {
        ok = law.cards[i] == prefix.cards[i];
      } else {
        ok = --left[static_cast<int>(law.cards[i])] >= 0;
      }
    }
    if (ok) return true;
  }
  return false;
}

TEST(LawsAndDisorderLaw, CompleteLawsHaveTheDocsFourShapes) {
  EXPECT_TRUE(is_complete(Law::of({K::kJudge, K::kGives, K::kOneCard})));
  EXPECT_TRUE(is_complete(Law::of({K::kThief, K::kLoses, K::kOneCard, K::kWhenAbility})));
  EXPECT_TRUE(is_complete(Law::of({K::kScientist, K::kGives, K::kBanker, K::kThreeMonies})));
  EXPECT_TRUE(is_complete(
      Law::of({K::kScientist, K::kGives, K::kBanker, K::kThreeMonies, K::kWhenLawMade})));
  EXPECT_TRUE(is_complete(Law::of({K::kAnyPosition, K::kGives, K::kAnyPosition, K::kTwoCards})));
  EXPECT_TRUE(is_complete(Law::of({K::kJudge, K::kGives, K::kAnyPosition, K::kTwoCards})));
  EXPECT_EQ(every_complete_law().size(), 7u * 3 * 7 * 4 + (7u * 7 - 6) * 7 * 4);
}

TEST(LawsAndDisorderLaw, IncompleteOrMisbuiltLawsAreNotComplete) {
  EXPECT_FALSE(is_complete(Law{}));
  EXPECT_FALSE(is_complete(Law::of({K::kJudge})));
  EXPECT_FALSE(is_complete(Law::of({K::kJudge, K::kGives})));
  EXPECT_FALSE(is_complete(Law::of({K::kJudge, K::kGives, K::kBanker})));
  // A recipient only after GIVES, and never the subject's own job.
  EXPECT_FALSE(is_complete(Law::of({K::kJudge, K::kGains, K::kBanker, K::kOneCard})));
  EXPECT_FALSE(is_complete(Law::of({K::kJudge, K::kGives, K::kJudge, K::kOneCard})));
  // WHEN only last, at most one; no object first, no verb as subject.
  EXPECT_FALSE(is_complete(Law::of({K::kJudge, K::kGains, K::kWhenLawMade, K::kOneCard})));
  EXPECT_FALSE(
      is_complete(Law::of({K::kJudge, K::kGains, K::kOneCard, K::kWhenLawMade, K::kWhenAbility})));
  EXPECT_FALSE(is_complete(Law::of({K::kOneCard, K::kGains, K::kJudge})));
  EXPECT_FALSE(is_complete(Law::of({K::kGains, K::kJudge, K::kOneCard})));
  EXPECT_FALSE(is_complete(Law::of({K::kJudge, K::kGains, K::kOneCard, K::kTwoCards})));
}

TEST(LawsAndDisorderLaw, AHandThatCannotFinishALawOffersNoStart) {
  for (const KindCounts& hand :
       {hand_of({K::kJudge, K::kGains}), hand_of({K::kJudge, K::kOneCard, K::kWhenAbility}),
        hand_of({K::kGains, K::kGives, K::kOneCard, K::kTwoMonies}), KindCounts{}}) {
    const NextCards next = next_cards(Law{}, hand);
    EXPECT_FALSE(next.any_card());
    EXPECT_FALSE(next.end_law);
    EXPECT_FALSE(can_complete(Law{}, hand));
  }
  // With a verb and an object, every held position may start it, nothing else.
  const NextCards next = next_cards(
      Law{}, hand_of({K::kJudge, K::kAnyPosition, K::kGains, K::kOneMonies, K::kWhenAbility}));
  EXPECT_TRUE(offered(next, K::kJudge));
  EXPECT_TRUE(offered(next, K::kAnyPosition));
  EXPECT_FALSE(offered(next, K::kGains));
  EXPECT_FALSE(offered(next, K::kOneMonies));
  EXPECT_FALSE(offered(next, K::kBanker));  // not held
}

TEST(LawsAndDisorderLaw, TheSubjectsOwnJobIsNeverOfferedAsRecipient) {
  const Law prefix = Law::of({K::kJudge, K::kGives});
  NextCards next = next_cards(prefix, hand_of({K::kJudge, K::kBanker, K::kOneCard}));
  EXPECT_FALSE(offered(next, K::kJudge));
  EXPECT_TRUE(offered(next, K::kBanker));
  EXPECT_TRUE(offered(next, K::kOneCard));
  // A recipient with no object left after it cannot be offered.
  next = next_cards(prefix, hand_of({K::kBanker}));
  EXPECT_FALSE(next.any_card());
  EXPECT_FALSE(can_complete(prefix, hand_of({K::kBanker})));
}

TEST(LawsAndDisorderLaw, WhenComesOnlyLastAndEndsTheLaw) {
  const KindCounts hand = hand_of({K::kWhenTurnStart, K::kWhenLawMade, K::kOneCard, K::kBanker});
  Law law = Law::of({K::kJudge, K::kGives});
  EXPECT_FALSE(offered(next_cards(law, hand), K::kWhenTurnStart));
  law.push(K::kBanker);
  EXPECT_FALSE(offered(next_cards(law, hand_of({K::kWhenTurnStart, K::kOneCard})),
                       K::kWhenTurnStart));
  law.push(K::kOneCard);
  NextCards next = next_cards(law, hand_of({K::kWhenTurnStart, K::kWhenLawMade, K::kTwoCards}));
  EXPECT_TRUE(next.end_law);
  EXPECT_TRUE(offered(next, K::kWhenTurnStart));
  EXPECT_TRUE(offered(next, K::kWhenLawMade));
  EXPECT_FALSE(offered(next, K::kTwoCards));
  law.push(K::kWhenLawMade);
  next = next_cards(law, hand_of({K::kWhenTurnStart, K::kTwoCards, K::kJudge}));
  EXPECT_TRUE(next.end_law);
  EXPECT_FALSE(next.any_card());  // after a WHEN, end-law is the only action
}

// Random small hands from the deck, walked one offered card at a time: every
// card offered keeps the law finishable, every held card not offered makes it
// unfinishable (by the oracle), and end-law is offered exactly when the law
// is complete. Every walk must end in a complete law (no dead ends).
TEST(LawsAndDisorderLaw, NextCardsOffersExactlyTheFinishableCardsByBruteForce) {
  const std::vector<Law> laws = every_complete_law();
  std::mt19937 rng(18);
  std::vector<Kind> deck(deck_kinds().begin(), deck_kinds().end());
  int started = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    std::shuffle(deck.begin(), deck.end(), rng);
    KindCounts hand{};
    const int size = 2 + trial % 6;
    for (int i = 0; i < size; ++i) ++hand[static_cast<int>(deck[i])];
    Law law;
    for (;;) {
      const NextCards next = next_cards(law, hand);
      EXPECT_EQ(next.end_law, is_complete(law)) << law_sentence(law);
      EXPECT_EQ(can_complete(law, hand), oracle_can_complete(laws, law, hand));
      std::vector<Kind> choices;
      for (int k = 0; k < kNumKinds; ++k) {
        if (hand[k] == 0) {
          EXPECT_FALSE(next.kinds[k]) << "offers an unheld " << kind_name(Kind(k));
          continue;
        }
        Law longer = law;
        if (longer.size < kMaxLawCards) longer.push(Kind(k));
        KindCounts rest = hand;
        --rest[k];
        const bool finishable = law.size < kMaxLawCards && oracle_can_complete(laws, longer, rest);
        EXPECT_EQ(next.kinds[k], finishable) << law_sentence(law) << " + " << kind_name(Kind(k));
        if (next.kinds[k]) choices.push_back(Kind(k));
      }
      if (choices.empty()) {
        EXPECT_TRUE(law.empty() || next.end_law) << "dead end at " << law_sentence(law);
        break;
      }
      // Sometimes stop at end-law even when more could follow.
      if (next.end_law && rng() % 2 == 0) break;
      const Kind pick = choices[rng() % choices.size()];
      law.push(pick);
      --hand[static_cast<int>(pick)];
    }
    if (!law.empty()) {
      ++started;
      EXPECT_TRUE(is_complete(law)) << law_sentence(law);
    }
  }
  EXPECT_GT(started, 100);  // the walks did build laws, so the checks ran
}

TEST(LawsAndDisorderLaw, SentencesReadAsTheTextsExamples) {
  EXPECT_EQ(law_sentence(Law::of({K::kJudge, K::kGives, K::kOneCard})), "THE JUDGE GIVES 1 CARD");
  EXPECT_EQ(law_sentence(Law::of({K::kThief, K::kLoses, K::kOneCard, K::kWhenAbility})),
            "THE THIEF LOSES 1 CARD WHEN THEY USE THEIR ABILITY");
  EXPECT_EQ(law_sentence(Law::of(
                {K::kScientist, K::kGives, K::kBanker, K::kThreeMonies, K::kWhenLawMade})),
            "THE SCIENTIST GIVES THE BANKER 3 MONIES WHEN A LAW IS MADE");
  EXPECT_EQ(law_sentence(Law::of({K::kBanker, K::kGives, K::kThief, K::kOneMonies})),
            "THE BANKER GIVES THE THIEF 1 MONIES");
  EXPECT_EQ(law_sentence(Law::of({K::kScientist, K::kGains, K::kThreeMonies})),
            "THE SCIENTIST GAINS 3 MONIES");
  EXPECT_EQ(law_sentence(Law::of({K::kAnyPosition, K::kGains, K::kTwoCards, K::kWhenTurnStart})),
            "ANY POSITION GAINS 2 CARDS AT THE START OF THEIR TURN");
  EXPECT_EQ(law_sentence(Law::of({K::kPriest, K::kGives})), "THE PRIEST GIVES");
}

TEST(LawsAndDisorderLaw, ALawHoldsAtMostFiveCards) {
  Law law = Law::of({K::kJudge, K::kGives, K::kBanker, K::kOneCard, K::kWhenAbility});
  EXPECT_THROW(law.push(K::kOneCard), KibitzError);
  EXPECT_EQ(law.size, kMaxLawCards);
}

}  // namespace
}  // namespace kibitz::laws_and_disorder
