// StreamSpec: observation kinds declared as text templates, rendered as text
// and JSON and read back from both, with refusals that name the problem.
// The spec here is a made-up card game with every field type: seats, one
// card, card lists and numbers, and a placeholder inside a word.
#include "env/core/stream_spec.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/core/error.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

enum Kind { kPlay, kFaceDown, kReveal, kDealt, kScore };

StreamSpec test_spec() {
  return StreamSpec({{"play", "{seat} plays {card:card}", "a seat plays a card you see"},
                     {"face_down", "{seat} plays face down", "a seat plays a card you do not see"},
                     {"reveal", "mission {mission:card} revealed {set:cards} total {total:number}",
                      "a mission's cards are shown"},
                     {"dealt", "dealt {cards:cards}", "your hand"},
                     {"score", "{seat} scores ({points:number})", "a seat's points"}},
                    {"5S", "JD", "7S", "8D", "3H", "QS", "8H", "7C", "4D"});
}

Observation play(int seat, int card) { return Observation(kPlay).add(seat).add(card); }

Observation reveal() {
  // mission 8D (3), set 3H QS 8H 7C 4D (4 5 6 7 8), total 54
  Observation o(kReveal);
  o.add(3).add(5);
  for (int card : {4, 5, 6, 7, 8}) o.add(card);
  return o.add(54);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(StreamSpec, RendersTextAndJsonAndReadsBothBack) {
  const StreamSpec spec = test_spec();
  const std::vector<std::pair<Observation, std::string>> cases = {
      {play(1, 0), "P1 plays 5S"},
      {Observation(kFaceDown).add(2), "P2 plays face down"},
      {reveal(), "mission 8D revealed 3H QS 8H 7C 4D total 54"},
      {Observation(kDealt).add(3).add(0).add(1).add(2), "dealt 5S JD 7S"},
      {Observation(kDealt).add(0), "dealt -"},
      {Observation(kScore).add(0).add(-3), "P0 scores (-3)"}};
  for (const auto& [observation, text] : cases) {
    EXPECT_EQ(spec.to_text(observation), text);
    EXPECT_EQ(spec.from_text(text), observation) << text;
    const std::string json = spec.to_json(observation);
    EXPECT_EQ(spec.from_json(json), observation) << json;
    EXPECT_NO_THROW(spec.validate(observation, 3)) << text;
  }
  EXPECT_EQ(spec.to_json(reveal()),
            R"({"kind":"reveal","mission":"8D","set":["3H","QS","8H","7C","4D"],"total":54})");
  EXPECT_EQ(spec.to_json(play(1, 0)), R"({"kind":"play","seat":1,"card":"5S"})");
  EXPECT_EQ(spec.to_json(Observation(kDealt).add(0)), R"({"kind":"dealt","cards":[]})");
}

TEST(StreamSpec, ReadsAnyCaseAndSpacingAndJsonInAnyOrder) {
  const StreamSpec spec = test_spec();
  EXPECT_EQ(spec.from_text("  p1   PLAYS 5s "), play(1, 0));
  EXPECT_EQ(spec.from_text("Mission 8d REVEALED 3h qs 8H 7c 4D Total 54"), reveal());
  EXPECT_EQ(spec.from_json(R"( {"card": "jd", "seat": 2, "kind": "play"} )"), play(2, 1));
}

TEST(StreamSpec, DescribesItsKindsAndCards) {
  const StreamSpec spec = test_spec();
  EXPECT_EQ(spec.num_kinds(), 5);
  EXPECT_EQ(spec.find_kind("reveal"), kReveal);
  EXPECT_EQ(spec.find_kind("dance"), -1);
  EXPECT_EQ(spec.kind(kScore).text, "{seat} scores ({points:number})");
  ASSERT_EQ(spec.fields(kReveal).size(), 3u);
  EXPECT_EQ(spec.fields(kReveal)[1].name, "set");
  EXPECT_EQ(spec.fields(kReveal)[1].type, FieldType::kCards);
  EXPECT_EQ(spec.num_cards(), 9);
  EXPECT_EQ(spec.find_card("qs"), 5);
  EXPECT_EQ(spec.find_card("QD"), -1);
  EXPECT_EQ(error_of([&] { spec.card_name(9); }), "no card 9 (cards are 0..8)");
}

TEST(StreamSpec, TextThatFitsNoKindIsRefusedNamingTheProblem) {
  const StreamSpec spec = test_spec();
  const auto refusal = [&](const std::string& text) {
    return error_of([&] { spec.from_text(text); });
  };
  // A card the game does not have.
  EXPECT_EQ(
      refusal("P1 plays 9Z"),
      "cannot read observation 'P1 plays 9Z' as '{seat} plays {card:card}': '9Z' is not a card");
  EXPECT_TRUE(contains(refusal("mission 8D revealed 3H KH total 20"), "'KH' is not a card"));
  // An unknown word, explained by the kind that read furthest.
  EXPECT_TRUE(contains(refusal("P1 kicks 5S"), "expected 'plays' but read 'kicks'"));
  EXPECT_TRUE(contains(refusal("P1 plays 5S now"), "unexpected 'now' at the end"));
  // A missing field.
  EXPECT_TRUE(contains(refusal("mission 8D revealed 3H QS total"), "it ends before"));
  EXPECT_TRUE(contains(refusal("mission 8D revealed total 9"), "no cards where set should be"));
  EXPECT_TRUE(contains(refusal("P1 scores (many)"), "'many' is not a number"));
  // A first word that fits no kind says nothing more specific than the list.
  EXPECT_TRUE(contains(refusal("X1 plays 5S"), "it fits none of"));
  // Nothing fits at all: the kinds are listed.
  const std::string none = refusal("hello");
  EXPECT_TRUE(contains(none, "cannot read observation 'hello': it fits none of")) << none;
  EXPECT_TRUE(contains(none, "\n  dealt {cards:cards}")) << none;
  EXPECT_EQ(refusal("   "), "an empty observation");
}

TEST(StreamSpec, JsonThatFitsNoKindIsRefusedNamingTheField) {
  const StreamSpec spec = test_spec();
  const auto refusal = [&](const std::string& json) {
    return error_of([&] { spec.from_json(json); });
  };
  EXPECT_EQ(refusal(R"({"kind":"dance"})"), R"(observation JSON: unknown kind "dance")");
  EXPECT_EQ(refusal(R"({"kind":"play","seat":1,"card":"5S","extra":2})"),
            R"(observation JSON "play": unknown field "extra")");
  EXPECT_EQ(refusal(R"({"kind":"play","seat":1})"), R"(observation JSON "play": no "card")");
  EXPECT_EQ(refusal(R"({"kind":"play","seat":1,"card":"9Z"})"),
            R"(observation JSON "play": "card" holds no card of this game)");
  EXPECT_EQ(refusal(R"({"kind":"play","seat":-1,"card":"5S"})"),
            R"(observation JSON "play": "seat" must be a seat number)");
  EXPECT_EQ(refusal(R"({"kind":"dealt","cards":"5S"})"),
            R"(observation JSON "dealt": "cards" must be an array of cards)");
  EXPECT_EQ(refusal(R"({"seat":1})"), R"(observation JSON: no "kind" string)");
  EXPECT_EQ(refusal("[1]"), "observation JSON: not an object");
  EXPECT_TRUE(contains(refusal(R"({"kind":)"), "observation JSON: ")) << refusal(R"({"kind":)");
  // More cards than an observation holds.
  std::string many = R"({"kind":"dealt","cards":[)";
  for (int i = 0; i < kMaxObservationValues; ++i) many += (i ? ",\"5S\"" : "\"5S\"");
  EXPECT_EQ(refusal(many + "]}"), R"(observation JSON "dealt": "cards" holds too many cards)");
}

TEST(StreamSpec, ValidateNamesValuesThatDoNotFitTheKind) {
  const StreamSpec spec = test_spec();
  const auto refusal = [&](const Observation& o, int players) {
    return error_of([&] { spec.validate(o, players); });
  };
  EXPECT_EQ(refusal(play(5, 0), 4), "'play': seat P5 does not exist (seats P0..P3)");
  EXPECT_EQ(refusal(play(1, 40), 4), "no card 40 (cards are 0..8)");
  EXPECT_EQ(refusal(Observation(kPlay).add(1), 4), "observation 'play' has too few values");
  EXPECT_EQ(refusal(play(1, 0).add(2), 4), "observation 'play' has too many values");
  EXPECT_EQ(refusal(Observation(kDealt).add(-1), 4), "'dealt': a negative card count");
  EXPECT_EQ(refusal(Observation(9), 4), "observation of unknown kind 9");
}

TEST(StreamSpecDeathTest, MalformedDeclarationsAreBugs) {
  const std::vector<std::string> cards = {"A"};
  EXPECT_DEATH(StreamSpec({{"x", "a", ""}, {"x", "b", ""}}, cards),
               "observation kind 'x' declared twice");
  EXPECT_DEATH(StreamSpec({{"x", "{kind:card}", ""}}, cards), "a field may not be named 'kind'");
  EXPECT_DEATH(StreamSpec({{"x", "hand:{cards:cards}", ""}}, cards),
               "a card list must be a word of its own");
}

TEST(StreamSpec, AnUnknownFieldTypeIsRefused) {
  EXPECT_EQ(error_of([] {
              StreamSpec({{"x", "{n:colour}", ""}}, {"A"});
            }),
            "observation kind 'x': unknown field type 'colour' (seat, card, cards or number)");
}

}  // namespace
}  // namespace kibitz
