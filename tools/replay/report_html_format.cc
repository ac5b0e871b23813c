#include "tools/replay/report_html_format.h"

#include <cstdio>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/scoring.h"

namespace kibitz::tools::report {

namespace ls = loyalist_spies;
using replays::analysis::BeliefPoint;
using replays::analysis::BeliefTrack;
using replays::analysis::GameAnalysis;
using replays::analysis::SeenKind;

std::string fixed(double x, int digits) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

std::string percent(double p) { return fixed(100.0 * p, 0) + "%"; }

std::string signed_points(double p) {
  const std::string s = fixed(100.0 * p, 1);
  return (p >= 0 ? "+" : "") + s + " pts";
}

std::string ratio(int part, int whole) {
  return whole == 0 ? std::string("n/a")
                    : std::to_string(part) + " of " + std::to_string(whole) + " (" +
                          percent(static_cast<double>(part) / whole) + ")";
}

std::string seat_label(const GameAnalysis& game, int seat) {
  const auto& labels = game.record.seat_labels;
  const std::string label = at(seat) < labels.size() ? labels[at(seat)] : "?";
  return "P" + std::to_string(seat) + " " + label;
}

std::string seat_chip(const GameAnalysis& game, int seat) {
  return "<span class=\"seat\" style=\"border-color:" + std::string(kSeatColors[seat % 4]) + "\">" +
         escape_html(seat_label(game, seat)) + "</span>";
}

// The seat's number alone (its label as a tooltip): for the columns of the
// timeline, which must leave room for the cards at any label length.
std::string seat_tag(const GameAnalysis& game, int seat) {
  return "<span class=\"seat tag\" style=\"border-color:" + std::string(kSeatColors[seat % 4]) +
         "\" title=\"" + escape_html(seat_label(game, seat)) + "\">P" + std::to_string(seat) +
         "</span>";
}

// A card as people write it: 7♥, 10♠, J♦, Jk.
std::string card_text(int card) {
  if (card < 0) return "\u2014";
  if (ls::is_joker(card)) return "Jk";
  static const char* const ranks[] = {"A", "2", "3",  "4", "5", "6", "7",
                                      "8", "9", "10", "J", "Q", "K"};
  return std::string(ranks[ls::rank_of(card) - 1]) + kSuitSymbols[ls::suit_of(card)];
}

std::string card_html(int card, const std::string& extra_class) {
  if (card < 0) return "<span class=\"none\">\u2014</span>";
  std::string cls = "card";
  if (ls::is_joker(card)) {
    cls += " joker";
  } else if (ls::suit_of(card) == ls::kSuitDiamonds || ls::suit_of(card) == ls::kSuitHearts) {
    cls += " red";
  }
  if (!extra_class.empty()) cls += " " + extra_class;
  return "<span class=\"" + cls + "\">" + card_text(card) + "</span>";
}

std::string cards_html(ls::CardMask cards, ls::CardMask highlight, bool fade_rest) {
  std::string out;
  ls::for_each_card(cards, [&](int c) {
    const bool marked = (highlight >> c) & 1u;
    out += card_html(c, marked ? "kept" : (fade_rest ? "faded" : ""));
  });
  return out.empty() ? "<span class=\"none\">none</span>" : out;
}

std::string role_badge(ls::Role role) {
  const std::string name(ls::role_name(role));
  std::string cls = "role ";
  cls += role == ls::Role::kTraitor       ? "traitor"
         : role == ls::Role::kCompromised ? "compromised"
                                          : "loyal";
  return "<span class=\"" + cls + "\">" + escape_html(name) + "</span>";
}

std::string side_badge(bool traitor) {
  return traitor ? "<span class=\"role traitor\">Traitor</span>"
                 : "<span class=\"role loyal\">loyal</span>";
}

std::string fit_badge(replays::analysis::RoleFit fit, replays::analysis::PlayPlace place) {
  using replays::analysis::RoleFit;
  const char* cls = fit == RoleFit::kMatched   ? "fit matched"
                    : fit == RoleFit::kAgainst ? "fit against"
                                               : "fit neither";
  return std::string("<span class=\"") + cls + "\">" + replays::analysis::place_name(place) +
         "</span>";
}

// What a belief point was recorded after, for tooltips.
std::string point_tip(const BeliefPoint& p) {
  switch (p.kind) {
    case SeenKind::kRoundStart:
      return "after the keeps";
    case SeenKind::kFlip:
      return "P" + std::to_string(p.seat) + " flips " + card_text(p.card);
    case SeenKind::kJack:
      return "P" + std::to_string(p.seat) + "'s Jack";
    case SeenKind::kNoPlay:
      return "P" + std::to_string(p.seat) + " plays nothing";
    case SeenKind::kReveal:
      return "mission " + std::to_string(p.missions) + " revealed";
    case SeenKind::kDraw:
      return "after the draws";
    case SeenKind::kDiscard:
      return "after the discards";
    case SeenKind::kRoundEnd:
      return "round end, before the reveal";
    default:
      return "";
  }
}

std::vector<const BeliefPoint*> round_points(const BeliefTrack& track, int round) {
  std::vector<const BeliefPoint*> out;
  for (const BeliefPoint& p : track.points) {
    if (p.round == round) out.push_back(&p);
  }
  return out;
}

std::vector<XMarker> mission_markers(const std::vector<const BeliefPoint*>& points) {
  std::vector<XMarker> out;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (points[i]->kind == SeenKind::kReveal) {
      out.push_back({static_cast<double>(i), "M" + std::to_string(points[i]->missions)});
    } else if (points[i]->kind == SeenKind::kJack) {
      out.push_back({static_cast<double>(i), "J"});
    }
  }
  return out;
}

}  // namespace kibitz::tools::report
