// Fuzz target: an Adulting deck file (docs/rules/adulting.md "Deck files"),
// as bytes in a file: adulting::load_deck_file (env/games/adulting/cards.h)
// reads and checks it, then `adulting(deck=FILE)` loads a game on it and
// plays a bounded random game, so a deck that passes the checks must give
// rules that hold together.
//  - A file that does not read is a KibitzError naming the card and field.
//  - The text read from memory (parse_deck_json) must give the same cards
//    as the file.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/games/adulting/cards.h"
#include "fuzz/fuzz_support.h"

namespace {

// A game of a small deck is a few hundred moves; the bound only cuts the
// playout of a large deck short (the rules are the same all along).
constexpr int kMaxMoves = 600;

bool same_cards(const kibitz::adulting::Deck& a, const kibitz::adulting::Deck& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.cards.size(); ++i) {
    const auto& x = a.cards[i];
    const auto& y = b.cards[i];
    if (x.name != y.name || x.suit != y.suit || x.second != y.second || x.effect != y.effect ||
        x.amount != y.amount || x.job != y.job || x.job_text != y.job_text || x.question != y.question ||
        x.adult != y.adult) {
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kibitz;
  static fuzz::MemoryFile file;  // one memfd for the whole run
  file.assign(fuzz::as_text(data, size));
  adulting::Deck deck;
  try {
    deck = adulting::load_deck_file(file.path());
  } catch (const KibitzError&) {
    return 0;  // Expected: bad input, named.
  }
  KIBITZ_CHECK(same_cards(deck, adulting::parse_deck_json(fuzz::as_text(data, size), "the same text")),
               "a deck reads differently from its file and from its text");
  fuzz::expect_kibitz_errors([&] {
    const auto game = load_game("adulting(deck=" + file.path() + ")");
    fuzz::play_random_game(*game, kMaxMoves);
  });
  return 0;
}
