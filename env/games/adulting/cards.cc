// Adulting's cards: columns, names, words, and the built-in 40-card deck
// (docs/rules/adulting.md "Cards"). Deck files are read in deck_file.cc.
#include "env/games/adulting/cards.h"

#include <array>

#include "env/core/error.h"

namespace kibitz::adulting {
namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// The fronts of the built-in deck. Jobs go round category, rank, payout,
// challenge in deck order, so the k-th card of a job type takes the k-th
// text of that type. Rank texts ask for a measurement where more is better
// (a declaration may only inflate it); challenge texts are performances the
// dealer can rank; payout texts are small wins worth 0 to 3 monies.
constexpr int kPerJob = 10;
constexpr std::array<std::array<const char*, kPerJob>, 4> kJobTexts = {{
    // category: name examples until you run dry
    {"Name a household bill", "Name a kind of insurance", "Name a cleaning product",
     "Name a kitchen gadget you actually use", "Name a form you have filled in twice",
     "Name a vegetable you buy on purpose", "Name something that needs descaling",
     "Name a reason to call a plumber", "Name a kind of savings account",
     "Name furniture that comes flat-packed"},
    // rank: a measurement, 0 to 9
    {"How many houseplants are still alive?", "How many hours did you sleep last night?",
     "How many bills did you pay on time this month?", "How many spices are in your rack?",
     "How many vegetables did you eat this week?", "How many receipts have you filed?",
     "How many birthdays do you remember unprompted?", "How many lids match their boxes?",
     "How many months could your savings last?", "How many times did you floss this week?"},
    // payout: a small win
    {"Return a library book on time", "Get your rental deposit back",
     "Find a coupon that still applies", "Sell an old chair online",
     "Claim a work expense", "Fix a dripping tap yourself", "Cash in the bottle deposits",
     "Cancel a subscription you forgot", "Get a refund for a late train",
     "Find money in last winter's coat"},
    // challenge: a performance the dealer ranks
    {"Fold a fitted sheet", "Phone a stranger and book an appointment",
     "Explain a mortgage in one sentence", "Make small talk about the weather",
     "Give a toast at a colleague's farewell", "Haggle over a used sofa",
     "Describe your five-year plan", "Write a polite complaint, aloud",
     "Assemble a shelf without the instructions", "Parallel park an imaginary car"},
}};

constexpr std::array<const char*, 40> kQuestions = {
    "Do you floss daily?",
    "Do you own a drill?",
    "Have you read a contract to the end?",
    "Do you know your blood type?",
    "Do you make your bed every morning?",
    "Do you own more than one kind of vinegar?",
    "Do you check the weather before going out?",
    "Have you ever enjoyed a tax return?",
    "Do you keep a spare light bulb?",
    "Do you iron your shirts?",
    "Do you have a favourite supermarket?",
    "Do you read the news before the comics?",
    "Do you go to bed before midnight?",
    "Have you ever bought a plant for yourself?",
    "Do you keep a first-aid kit?",
    "Do you know your neighbours' names?",
    "Do you cook on weekdays?",
    "Have you ever complained about loud music?",
    "Do you keep your receipts?",
    "Do you own a sensible coat?",
    "Do you leave parties early on purpose?",
    "Do you have a pension plan?",
    "Do you defrost the freezer?",
    "Do you answer emails the same day?",
    "Have you ever enjoyed a garden centre?",
    "Do you keep a calendar on paper?",
    "Do you eat breakfast sitting down?",
    "Do you own a toolbox?",
    "Do you send thank-you notes?",
    "Do you check the oil in your car?",
    "Do you know where your passport is?",
    "Do you buy the large size to save money?",
    "Do you have a favourite chair?",
    "Do you read the instructions first?",
    "Do you sort your recycling?",
    "Do you carry a reusable bag?",
    "Do you book the dentist yourself?",
    "Do you own matching socks only?",
    "Do you stretch before exercise?",
    "Do you turn off lights in empty rooms?",
};

// The backs of the built-in deck in deck order; fronts are filled in after.
Deck default_backs() {
  Deck deck;
  auto add = [&deck](std::string name, Suit suit, Suit second = Suit::kNone,
                     Effect effect = Effect::kNone, int amount = 0) {
    Card card;
    card.name = std::move(name);
    card.suit = suit;
    card.second = second;
    card.effect = effect;
    card.amount = amount;
    deck.cards.push_back(std::move(card));
  };
  for (const Suit suit : {Suit::kHearts, Suit::kClubs, Suit::kDiamonds}) {
    for (int rank = 1; rank <= 8; ++rank) add(suit_letter(suit) + std::to_string(rank), suit);
  }
  for (int rank = 1; rank <= 4; ++rank) add("S" + std::to_string(rank), Suit::kSpades);
  for (int copy = 1; copy <= 2; ++copy) add("HC" + std::to_string(copy), Suit::kHearts, Suit::kClubs);
  for (int copy = 1; copy <= 2; ++copy) add("CD" + std::to_string(copy), Suit::kClubs, Suit::kDiamonds);
  for (int copy = 1; copy <= 2; ++copy) add("DH" + std::to_string(copy), Suit::kDiamonds, Suit::kHearts);
  add("Bank", Suit::kHearts, Suit::kNone, Effect::kBank, 3);
  add("Windfall", Suit::kClubs, Suit::kNone, Effect::kBank, 2);
  add("Tax", Suit::kDiamonds, Suit::kNone, Effect::kTax, 1);
  add("Peek", Suit::kHearts, Suit::kNone, Effect::kPeek);
  add("Steal", Suit::kClubs, Suit::kNone, Effect::kSteal);
  add("Pass", Suit::kDiamonds, Suit::kNone, Effect::kQualify);
  return deck;
}

Deck build_default_deck() {
  Deck deck = default_backs();
  KIBITZ_CHECK(deck.cards.size() == kQuestions.size(), "the built-in deck has ",
               deck.cards.size(), " cards and ", kQuestions.size(), " questions");
  for (std::size_t i = 0; i < deck.cards.size(); ++i) {
    Card& card = deck.cards[i];
    const std::size_t job = i % kJobTexts.size();
    card.job = static_cast<Job>(job);
    card.job_text = kJobTexts[job][i / kJobTexts.size()];
    card.question = kQuestions[i];
    card.adult = 0.5;
  }
  return deck;
}

}  // namespace

bool Card::fits_column(int column) const {
  if (column < 0 || column >= kNumColumns) return false;
  if (is_spade()) return true;
  const Suit wanted = static_cast<Suit>(column);
  return suit == wanted || second == wanted;
}

std::string Card::back_name() const {
  std::string out(1, suit_letter(suit));
  if (second != Suit::kNone) {
    out += '/';
    out += suit_letter(second);
  }
  if (effect != Effect::kNone) {
    out += '+';
    out += effect_word(effect);
    if (effect == Effect::kBank || effect == Effect::kTax) out += std::to_string(amount);
  }
  return out;
}

int Deck::find(std::string_view name) const {
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (same_name(cards[i].name, name)) return static_cast<int>(i);
  }
  return -1;
}

const Deck& default_deck() {
  static const Deck deck = build_default_deck();
  return deck;
}

std::string_view suit_word(Suit suit) {
  switch (suit) {
    case Suit::kHearts: return "hearts";
    case Suit::kClubs: return "clubs";
    case Suit::kDiamonds: return "diamonds";
    case Suit::kSpades: return "spades";
    case Suit::kNone: return "none";
  }
  return "none";
}

char suit_letter(Suit suit) {
  switch (suit) {
    case Suit::kHearts: return 'H';
    case Suit::kClubs: return 'C';
    case Suit::kDiamonds: return 'D';
    case Suit::kSpades: return 'S';
    case Suit::kNone: return '-';
  }
  return '-';
}

std::string_view effect_word(Effect effect) {
  switch (effect) {
    case Effect::kNone: return "none";
    case Effect::kBank: return "bank";
    case Effect::kTax: return "tax";
    case Effect::kPeek: return "peek";
    case Effect::kSteal: return "steal";
    case Effect::kQualify: return "qualify";
  }
  return "none";
}

std::string_view job_word(Job job) {
  switch (job) {
    case Job::kCategory: return "category";
    case Job::kRank: return "rank";
    case Job::kPayout: return "payout";
    case Job::kChallenge: return "challenge";
  }
  return "category";
}

}  // namespace kibitz::adulting
