// HiddenCards (sampler_plan.h): the hidden cards behind one seat's stream.
#include "env/games/laws_and_disorder/sampler_plan.h"

#include <algorithm>

#include "env/games/laws_and_disorder/stream.h"

namespace kibitz::laws_and_disorder {
namespace {

// How far ahead a hidden choice looks for what its holder will show.
constexpr std::size_t kLookahead = 400;

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// A number in [0, n), n > 0.
int pick(Rng& rng, int n) { return static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(n))); }

void erase_at(std::vector<int>& v, int at) {
  v[idx(at)] = v.back();
  v.pop_back();
}

}  // namespace

void HiddenCards::reserve(std::size_t stream_capacity) {
  kind_.reserve(kDeckSize + stream_capacity);
  drawn_.reserve(kind_.capacity());
  for (Hand& hand : hands_) hand.reserve(kDeckSize);
  picked_.reserve(kDeckSize);
  event_.reserve(stream_capacity);
}

Kind HiddenCards::kind_at(std::size_t i) const {
  const int instance = event_[i];
  return instance < 0 ? Kind::kJudge : static_cast<Kind>(kind_[idx(instance)]);
}

int HiddenCards::new_instance(int kind, bool from_draw) {
  kind_.push_back(static_cast<std::int8_t>(kind));
  drawn_.push_back(from_draw ? 1 : 0);
  return static_cast<int>(kind_.size()) - 1;
}

// Only a drawn card can be unbound, and binding it spends a card of the
// kind from what the deck held.
bool HiddenCards::bind(int instance, int kind) {
  if (pool_[idx(kind)] == 0) return false;
  --pool_[idx(kind)];
  kind_[idx(instance)] = static_cast<std::int8_t>(kind);
  return true;
}

// A card already bound to the kind first: an unbound one left in the hand
// can still become anything.
int HiddenCards::reveal(Hand& hand, int kind) {
  int unbound = -1;
  for (int t = 0; t < static_cast<int>(hand.size()); ++t) {
    const int k = kind_[idx(hand[idx(t)])];
    if (k == kind) {
      const int instance = hand[idx(t)];
      erase_at(hand, t);
      return instance;
    }
    if (k < 0 && unbound < 0) unbound = t;
  }
  if (unbound < 0) return -1;
  const int instance = hand[idx(unbound)];
  if (!bind(instance, kind)) return -1;
  erase_at(hand, unbound);
  return instance;
}

bool HiddenCards::bind_all(const Hand& hand, KindCounts shown) {
  int unbound = 0;
  for (const int instance : hand) {
    const int k = kind_[idx(instance)];
    if (k < 0) {
      ++unbound;
    } else if (shown[idx(k)]-- == 0) {
      return false;
    }
  }
  int left = 0;
  for (const int count : shown) left += count;
  if (left != unbound) return false;
  // The unbound cards take the kinds left, in kind order: they are
  // interchangeable in the hand (the order only says which draw was which).
  int k = 0;
  for (const int instance : hand) {
    if (kind_[idx(instance)] >= 0) continue;
    while (shown[idx(k)] == 0) ++k;
    --shown[idx(k)];
    if (!bind(instance, k)) return false;
  }
  return true;
}

namespace {

// What one holder does with its cards from an observation on, read ahead
// in the stream (HiddenCards::coming_needs).
struct ComingScan {
  int holder;
  HiddenCards::Needs out;
  KindCounts shown_before{};
  // Cards of known kind the holder gains before a view (a swap's card, a
  // WHEN taken back, what it takes from or is handed by the seat): a show of
  // such a kind plays that card, and the view holds them among its cards.
  KindCounts gained{};
  KindCounts view{};
  bool drew = false;
  // A hidden removal before the view (a discard, a gift, a theft the seat
  // does not see) could take a card away first: then the view bounds
  // nothing now.
  bool leaks = false;

  void shows(int kind) {
    if (gained[idx(kind)] > 0) {
      --gained[idx(kind)];
      return;
    }
    ++shown_before[idx(kind)];
    if (!drew) ++out.needs[idx(kind)];
  }
  void add_view(const Observation& o, int first, int count) {
    for (int c = 0; c < count; ++c) ++view[idx(o.value(first + c))];
  }
  // The view's counts less the known cards gained since, plus what the
  // holder shows before it: the most of each kind it may hold now.
  void finish_with_view() {
    for (int k = 0; k < kNumKinds; ++k) {
      out.limit[idx(k)] = shown_before[idx(k)] + std::max(0, view[idx(k)] - gained[idx(k)]);
    }
    out.shows = out.limit;
    out.has_limit = !leaks;
  }
  // Reads observation j; true once a view of the whole hand ends the scan.
  bool read(std::span<const Observation> stream, std::size_t j, std::size_t end) {
    const Observation& o = stream[j];
    if (o.size == 0) return false;
    const int who = o.value(0);
    switch (obs_kind(o)) {
      case Obs::kHandSeen:
        if (who != holder) return false;
        add_view(o, 2, o.value(1));
        for (std::size_t c = j + 1; c < end && obs_kind(stream[c]) == Obs::kHandSeen; ++c) {
          add_view(stream[c], 2, stream[c].value(1));
        }
        finish_with_view();
        return true;
      case Obs::kDraw: drew = drew || who == holder; return false;
      case Obs::kDiscard:
      case Obs::kPick:
      case Obs::kHandOverHidden: leaks = leaks || who == holder; return false;
      case Obs::kTake: leaks = leaks || o.value(1) == holder; return false;
      case Obs::kLawCard:
      case Obs::kPlayJob:
      case Obs::kScientistAdd:
        if (who == holder) shows(o.value(1));
        return false;
      case Obs::kMerchantSwap:
      case Obs::kPriestSwap:
        if (who != holder) return false;
        shows(o.value(1));
        ++gained[idx(o.value(2))];
        return false;
      case Obs::kScientistTake:
        if (who == holder) ++gained[idx(o.value(1))];
        return false;
      case Obs::kTakeSeen:
        if (o.value(2) == holder) shows(o.value(1));
        if (who == holder) ++gained[idx(o.value(1))];
        return false;
      case Obs::kHandOver: return read_hand_over(stream, j);
      default: return false;
    }
  }
  bool read_hand_over(std::span<const Observation> stream, std::size_t j) {
    const Observation& o = stream[j];
    if (o.value(2 + o.value(1)) == holder) {
      for (int c = 0; c < o.value(1); ++c) ++gained[idx(o.value(2 + c))];
    }
    if (o.value(0) != holder) return false;
    if (obs_kind(stream[j - 1]) != Obs::kPick) {  // the whole hand
      add_view(o, 2, o.value(1));
      finish_with_view();
      return true;
    }
    for (int c = 0; c < o.value(1); ++c) shows(o.value(2 + c));
    return false;
  }
};

}  // namespace

// `needs`: the kinds the holder shows before its next draw (which brings
// an unbound card). `limit`: when the holder's whole hand is shown to the
// seat later (a theft, or a whole hand handed over) with no hidden removal
// before, the most cards of each kind it may hold now.
HiddenCards::Needs HiddenCards::coming_needs(int holder, std::size_t at) const {
  ComingScan scan{holder, {}};
  const std::size_t end = std::min(stream_.size(), at + kLookahead);
  for (std::size_t j = at + 1; j < end; ++j) {
    if (scan.read(stream_, j, end)) return scan.out;
  }
  scan.out.shows = scan.shown_before;
  return scan.out;
}

// Adds the kinds of `hand`'s bound cards to `bound`; returns how many are
// unbound.
int HiddenCards::count_kinds(const Hand& hand, KindCounts& bound) const {
  int unbound = 0;
  for (const int instance : hand) {
    const int k = kind_[idx(instance)];
    if (k < 0) {
      ++unbound;
    } else {
      ++bound[idx(k)];
    }
  }
  return unbound;
}

// A card the receiver hands on unseen may be what a third seat shows: the
// kinds the seats it next hands cards to (hidden, within the lookahead)
// will show beyond what they hold and what is left to draw, so that a known
// card that nothing else can replace is routed through an intermediary
// (one seat's gift that another gives on).
void HiddenCards::add_passed_on_wants(int receiver, std::size_t at, KindCounts& wanted) const {
  constexpr int kPassesSeen = 3;
  int passes = 0;
  const std::size_t end = std::min(stream_.size(), at + kLookahead);
  for (std::size_t j = at + 1; j < end && passes < kPassesSeen; ++j) {
    const Observation& o = stream_[j];
    if (obs_kind(o) != Obs::kHandOverHidden || o.value(0) != receiver) continue;
    const int next = o.value(2);
    ++passes;
    if (next == seat_ || next == receiver) continue;
    const Needs theirs = coming_needs(next, j);
    KindCounts held{};
    count_kinds(hands_[idx(next)], held);
    // Only what the deck cannot supply: a show that an unbound card could
    // still become needs no routing.
    for (int k = 0; k < kNumKinds; ++k) {
      wanted[idx(k)] = std::max(wanted[idx(k)], theirs.shows[idx(k)] - held[idx(k)] - pool_[idx(k)]);
    }
  }
}

// Among the holder's cards, in this order of preference: one that a later
// view of its whole hand rules out; one the receiver (of a hidden move) will
// show, or hand on unseen to a seat that shows it (add_passed_on_wants), and
// holds no known card for; a bound card of a kind the holder will
// not show (as far as the lookahead sees); an unbound one, when there are
// more of them than the holder's coming plays leave uncovered; a bound card
// of a kind it holds more of than it needs before its next draw. Uniform within the first group that
// is not empty (over every card when all are).
int HiddenCards::remove_hidden(int holder, std::size_t at, Rng& rng, int receiver) {
  Hand& hand = hands_[idx(holder)];
  if (hand.empty()) return -1;
  const Needs coming = coming_needs(holder, at);
  const KindCounts& needs = coming.needs;
  KindCounts bound{};
  const int unbound = count_kinds(hand, bound);
  KindCounts wanted{};
  Needs theirs;
  KindCounts held{};
  if (receiver >= 0 && receiver != seat_) {
    theirs = coming_needs(receiver, at);
    count_kinds(hands_[idx(receiver)], held);
    for (int k = 0; k < kNumKinds; ++k) wanted[idx(k)] = std::max(0, theirs.shows[idx(k)] - held[idx(k)]);
    add_passed_on_wants(receiver, at, wanted);
  }
  int uncovered = 0;
  for (int k = 0; k < kNumKinds; ++k) uncovered += std::max(0, needs[idx(k)] - bound[idx(k)]);
  auto group = [&](int instance) {
    const int k = kind_[idx(instance)];
    // A known card the receiver's coming whole-hand view has no room for.
    if (k >= 0 && theirs.has_limit && held[idx(k)] + 1 > theirs.limit[idx(k)]) return 6;
    if (k >= 0 && coming.has_limit && bound[idx(k)] > coming.limit[idx(k)]) return 0;
    if (k >= 0 && wanted[idx(k)] > 0 && bound[idx(k)] > needs[idx(k)]) return 1;
    if (k >= 0 && bound[idx(k)] > coming.shows[idx(k)]) return (attempt_ & 1) == 0 ? 2 : 4;  // never shown: dead weight
    // A known card the holder shows later that the rest of the deck could
    // not replace (its later shows beyond the other known cards of its kind
    // exceed what is left to draw): removing it dooms the draw, so it goes
    // last.
    if (k >= 0 && coming.shows[idx(k)] - (bound[idx(k)] - 1) > pool_[idx(k)]) return 6;
    if (k < 0) return unbound > uncovered ? 3 : 5;
    return bound[idx(k)] > needs[idx(k)] ? 4 : 5;
  };
  int best = 6;
  for (const int instance : hand) best = std::min(best, group(instance));
  // Every third attempt, one choice in four is plain uniform: when the
  // preferences keep failing a stream, other draws still get tried; after
  // 64 attempts one choice in four, after 256 one in two.
  const std::uint64_t uniform_quarters = attempt_ >= 256 ? 2 : (attempt_ >= 64 || attempt_ % 3 == 2) ? 1 : 0;
  const bool uniform = uniform_quarters > 0 && rng.uniform_int(4) < uniform_quarters;
  auto spare = [&](int instance) { return uniform || group(instance) == best; };
  int spares = 0;
  for (const int instance : hand) spares += spare(instance) ? 1 : 0;
  const int size = static_cast<int>(hand.size());
  int nth = pick(rng, spares > 0 ? spares : size);
  for (int t = 0; t < size; ++t) {
    if (spares > 0 && !spare(hand[idx(t)])) continue;
    if (nth-- == 0) {
      const int instance = hand[idx(t)];
      erase_at(hand, t);
      return instance;
    }
  }
  return -1;
}

bool HiddenCards::draw(Player seat, std::span<const Observation> stream, Rng& rng, int attempt) {
  seat_ = seat;
  attempt_ = attempt;
  stream_ = stream;
  kind_.clear();
  drawn_.clear();
  for (Hand& hand : hands_) hand.clear();
  picked_.clear();
  event_.assign(stream.size(), -1);
  shown_ = KindCounts{};
  builder_ = -1;
  building_ = Law{};
  failed_at_ = stream.size();
  // The deck's kinds less the seat's own draws, over the whole stream.
  for (int k = 0; k < kNumKinds; ++k) pool_[idx(k)] = kind_info(static_cast<Kind>(k)).count;
  for (const Observation& o : stream) {
    if (obs_kind(o) == Obs::kDrawSeen && o.value(0) == seat) --pool_[idx(o.value(1))];
  }
  for (int k = 0; k < kNumKinds; ++k) {
    if (pool_[idx(k)] < 0) {
      failed_at_ = 0;
      return false;
    }
  }
  for (std::size_t i = 0; i < stream.size(); ++i) {
    if (!read(i, rng)) {
      failed_at_ = i;
      return false;
    }
  }
  if (!finish_open_law(rng)) return false;
  bind_the_rest(rng);
  return true;
}

// One observation's effect on the hands the seat cannot see.
bool HiddenCards::read(std::size_t i, Rng& rng) {
  const Observation& o = stream_[i];
  const int me = seat_;
  auto hand = [&](int s) -> Hand& { return hands_[idx(s)]; };
  auto show = [&](int s, int kind) { return s == me || reveal(hand(s), kind) >= 0; };
  auto gain_known = [&](int s, int kind) {
    if (s != me) hand(s).push_back(new_instance(kind, false));
  };
  switch (obs_kind(o)) {
    case Obs::kDraw: {
      const int instance = new_instance(-1, true);
      hand(o.value(0)).push_back(instance);
      event_[i] = instance;
      return true;
    }
    case Obs::kLawCard:
      if (builder_ < 0) {
        builder_ = o.value(0);
        building_ = Law{};
      }
      building_.push(static_cast<Kind>(o.value(1)));
      return show(o.value(0), o.value(1));
    case Obs::kLawMade: builder_ = -1; return true;
    case Obs::kPlayJob:
    case Obs::kScientistAdd: return show(o.value(0), o.value(1));
    case Obs::kScientistTake: gain_known(o.value(0), o.value(1)); return true;
    case Obs::kMerchantSwap:
    case Obs::kPriestSwap:
      if (!show(o.value(0), o.value(1))) return false;
      gain_known(o.value(0), o.value(2));
      return true;
    case Obs::kDiscard: {
      const int s = o.value(0);
      int instance = -1;
      if (!picked_.empty()) {  // a gift nobody receives: the picks are discarded
        instance = picked_.back();
        picked_.pop_back();
      } else {
        instance = remove_hidden(s, i, rng, -1);
      }
      event_[i] = instance;
      return instance >= 0;
    }
    case Obs::kPick: return read_pick(i, rng);
    case Obs::kHandOver: return read_hand_over(o);
    case Obs::kHandOverHidden: {
      const int s = o.value(0);
      Hand& to = hand(o.value(2));
      Hand& moved = picked_.empty() ? hand(s) : picked_;
      if (static_cast<int>(moved.size()) != o.value(1)) return false;
      to.insert(to.end(), moved.begin(), moved.end());
      moved.clear();
      return true;
    }
    case Obs::kHandSeen: return read_hand_seen(i);
    case Obs::kTakeSeen: {
      const int thief = o.value(0);
      const int victim = o.value(2);
      if (thief == me) return show(victim, o.value(1));
      gain_known(thief, o.value(1));
      return true;
    }
    case Obs::kTake: {
      const int instance = remove_hidden(o.value(1), i, rng, o.value(0));
      if (instance < 0) return false;
      hand(o.value(0)).push_back(instance);
      event_[i] = instance;
      return true;
    }
    default: return true;
  }
}

// Another seat picks a card to give: the card it hands to the seat when the
// hand-over shows it, else a hidden choice. Picks wait in picked_.
bool HiddenCards::read_pick(std::size_t i, Rng& rng) {
  const int s = stream_[i].value(0);
  int instance = -1;
  int receiver = -1;
  for (std::size_t j = i + 1; j < stream_.size(); ++j) {
    const Observation& o = stream_[j];
    const Obs kind = obs_kind(o);
    if (kind == Obs::kPick) continue;
    if (kind == Obs::kHandOverHidden && o.value(0) == s) receiver = o.value(2);
    if (kind == Obs::kHandOver && o.value(0) == s && o.value(2 + o.value(1)) == seat_) {
      const int nth = static_cast<int>(picked_.size());
      if (nth >= o.value(1)) return false;
      instance = reveal(hands_[idx(s)], o.value(2 + nth));
      if (instance < 0) return false;
    }
    break;
  }
  if (instance < 0) instance = remove_hidden(s, i, rng, receiver);
  if (instance < 0) return false;
  picked_.push_back(instance);
  event_[i] = instance;
  return true;
}

// Cards handed to or by the seat: the giver's cards (its picks, else its
// whole hand) take the kinds shown; the seat's cards reach the receiver.
bool HiddenCards::read_hand_over(const Observation& o) {
  const int s = o.value(0);
  const int count = o.value(1);
  const int to = o.value(2 + count);
  if (s == seat_) {
    for (int c = 0; c < count; ++c) hands_[idx(to)].push_back(new_instance(o.value(2 + c), false));
    return true;
  }
  if (!picked_.empty()) {  // bound when picked (read_pick)
    picked_.clear();
    return true;
  }
  KindCounts shown{};
  for (int c = 0; c < count; ++c) ++shown[idx(o.value(2 + c))];
  Hand& hand = hands_[idx(s)];
  if (!bind_all(hand, shown)) return false;
  hand.clear();
  return true;
}

// The victim's hand shown to the seat as thief, in chunks: bound when the
// last chunk has come.
bool HiddenCards::read_hand_seen(std::size_t i) {
  const Observation& o = stream_[i];
  for (int c = 0; c < o.value(1); ++c) ++shown_[idx(o.value(2 + c))];
  if (i + 1 < stream_.size() && obs_kind(stream_[i + 1]) == Obs::kHandSeen) return true;
  const KindCounts shown = shown_;
  shown_ = KindCounts{};
  return bind_all(hands_[idx(o.value(0))], shown);
}

// Extends the open law card by card at random, from the builder's bound
// cards first and else from unbound ones, until it is complete; a few tries.
bool HiddenCards::finish_open_law(Rng& rng) {
  if (builder_ < 0 || builder_ == seat_) return true;
  Hand& hand = hands_[idx(builder_)];
  constexpr int kTries = 32;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    KindCounts bound{};
    int unbound = count_kinds(hand, bound);
    KindCounts pool = pool_;
    KindCounts extra{};  // kinds the unbound cards must take
    Law law = building_;
    while (!is_complete(law)) {
      std::array<int, kNumKinds> options{};
      int n = 0;
      for (int k = 0; k < kNumKinds; ++k) {
        if (!fits_next(law, static_cast<Kind>(k))) continue;
        if (bound[idx(k)] > 0 || (unbound > 0 && pool[idx(k)] > 0)) options[idx(n++)] = k;
      }
      if (n == 0 || law.size == kMaxLawCards) break;
      const int k = options[idx(pick(rng, n))];
      if (bound[idx(k)] > 0) {
        --bound[idx(k)];
      } else {
        --unbound;
        --pool[idx(k)];
        ++extra[idx(k)];
      }
      law.push(static_cast<Kind>(k));
    }
    if (!is_complete(law)) continue;
    for (const int instance : hand) {
      if (kind_[idx(instance)] >= 0) continue;
      for (int k = 0; k < kNumKinds; ++k) {
        if (extra[idx(k)] == 0) continue;
        --extra[idx(k)];
        bind(instance, k);
        break;
      }
    }
    return true;
  }
  failed_at_ = stream_.size();
  return false;
}

// Every instance still unbound (in a hand, discarded or given away unseen)
// takes a kind drawn from what is left, in proportion to its count: as the
// deck would have dealt it.
void HiddenCards::bind_the_rest(Rng& rng) {
  int left = 0;
  for (const int count : pool_) left += count;
  for (std::size_t instance = 0; instance < kind_.size(); ++instance) {
    if (kind_[instance] >= 0) continue;
    int r = pick(rng, left);
    int k = 0;
    while (r >= pool_[idx(k)]) r -= pool_[idx(k++)];
    --pool_[idx(k)];
    --left;
    kind_[instance] = static_cast<std::int8_t>(k);
  }
}

}  // namespace kibitz::laws_and_disorder
