#include "tools/replay/report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <vector>

#include "env/core/error.h"
#include "env/core/types.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "tools/replay/report_assets.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools {
namespace {

namespace ls = loyalist_spies;
using replays::analysis::BeliefPoint;
using replays::analysis::BeliefTrack;
using replays::analysis::GameAnalysis;
using replays::analysis::PlayVerdict;
using replays::analysis::ReportSummary;
using replays::analysis::SeenKind;
using replays::analysis::SpiesPlay;
using replays::analysis::SpiesRound;
using replays::analysis::SpiesTurn;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const char* const kSeatColors[] = {"#1f6fb4", "#e8731a", "#2a9d47", "#8e55b8"};
const char* const kSuitColors[] = {"#e4572e", "#34495e", "#c0392b", "#2e7d32"};
const char* const kSuitSymbols[] = {"\u2666", "\u2660", "\u2665", "\u2663"};

std::size_t at(int i) { return static_cast<std::size_t>(i); }

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

std::string card_html(int card, const std::string& extra_class = "") {
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

std::string cards_html(ls::CardMask cards, ls::CardMask highlight = 0, bool fade_rest = false) {
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

// The page under construction: the HTML and the number of charts in it.
class Page {
 public:
  explicit Page(const ReportPage& page) : page_(page), game_(*page.game) {}

  std::string render();

 private:
  void add_chart(const std::string& svg) {
    html_ += svg;
    ++charts_;
  }
  std::string id(const std::string& stem) { return stem + "-" + std::to_string(++ids_); }

  void header();
  void seats_section();
  void spies_round(const SpiesRound& round);
  void round_seats(const SpiesRound& round);
  void traitor_charts(const SpiesRound& round);
  void suit_charts(const SpiesRound& round);
  void timeline_table(const SpiesRound& round);
  void plays_table(const SpiesRound& round);
  void summary_section(const ReportSummary& summary);
  void moves_section(bool folded);
  void method_section();

  const ReportPage& page_;
  const GameAnalysis& game_;
  std::string html_;
  int charts_ = 0;
  int ids_ = 0;
};

void Page::header() {
  const auto& record = game_.record;
  html_ += "<header><h1>Replay report</h1><p class=\"sub\">" + escape_html(page_.source) +
           " &middot; record " + std::to_string(game_.record_index) + " of " +
           std::to_string(page_.records) + " &middot; <code>" + escape_html(record.game) +
           "</code> &middot; seed " + std::to_string(record.seed);
  if (!record.start_time.empty()) html_ += " &middot; played " + escape_html(record.start_time);
  html_ += "</p>";
  if (game_.spies) {
    html_ +=
        "<p class=\"lead\">Everything hidden is shown: aces, hands, keeps and who played "
        "which mission card. The belief charts show what an observer who sees only the "
        "public table would have thought, and what each seat thought from its own view.</p>";
  } else {
    html_ +=
        "<p class=\"lead\">Belief tracking and bluff detection are implemented for "
        "Loyalist Spies; for this game the report shows the seats, every move (hidden "
        "ones revealed) and the returns.</p>";
  }
  html_ += "<nav>";
  html_ += "<a href=\"#seats\">Seats</a>";
  if (game_.spies) {
    for (const SpiesRound& round : game_.timeline.rounds) {
      html_ += "<a href=\"#round-" + std::to_string(round.index + 1) + "\">Round " +
               std::to_string(round.index + 1) + "</a>";
    }
    if (page_.summary) html_ += "<a href=\"#summary\">Summary of the file</a>";
  }
  html_ += "<a href=\"#moves\">Moves</a><a href=\"#method\">Method</a></nav></header>\n";
}

void Page::seats_section() {
  const auto& record = game_.record;
  html_ +=
      "<section id=\"seats\"><h2>Seats</h2><table class=\"data\"><thead><tr><th>seat</th>"
      "<th>label</th><th>agent</th><th>return</th>";
  if (game_.spies) html_ += "<th>roles by round</th><th>total points</th>";
  html_ += "</tr></thead><tbody>";
  for (int seat = 0; seat < game_.num_players; ++seat) {
    const auto s = at(seat);
    html_ += "<tr><td>" + seat_tag(game_, seat) + "</td><td class=\"spec\">" +
             escape_html(s < record.seat_labels.size() ? record.seat_labels[s] : "?") +
             "</td><td><code>" +
             escape_html(s < record.agent_specs.size() ? record.agent_specs[s] : "?") +
             "</code></td><td>" +
             (s < record.returns.size() ? fixed(record.returns[s], 3) : std::string("?")) + "</td>";
    if (game_.spies) {
      std::string roles;
      int total = 0;
      for (const SpiesRound& round : game_.timeline.rounds) {
        if (!round.finished) continue;
        roles += role_badge(round.roles[s]);
        total = round.totals[s];
      }
      html_ += "<td>" + roles + "</td><td>" + std::to_string(total) + "</td>";
    }
    html_ += "</tr>";
  }
  html_ += "</tbody></table>";
  if (!game_.finished) html_ += "<p class=\"note\">The record stops before the game's end.</p>";
  html_ += "</section>\n";
}

void Page::round_seats(const SpiesRound& round) {
  html_ += "<div class=\"seat-grid\">";
  for (int seat = 0; seat < game_.num_players; ++seat) {
    const auto s = at(seat);
    html_ += "<div class=\"seat-card\" style=\"border-top-color:" + std::string(kSeatColors[seat]) +
             "\"><div class=\"seat-name\">" + escape_html(seat_label(game_, seat)) + "</div>";
    const int ace = round.ace[s];
    html_ += "<div>ace " + card_html(ace) + " <span class=\"muted\">(" +
             (ace >= 0 ? escape_html(std::string(ls::suit_name(ls::suit_of(ace)))) : "?") +
             ")</span>";
    if (round.finished) {
      html_ += " &middot; " + role_badge(round.roles[s]) + " &middot; +" +
               std::to_string(round.points[s]) + " (total " + std::to_string(round.totals[s]) + ")";
    }
    html_ += "</div>";
    if (game_.timeline.keep5) {
      html_ += "<div class=\"cards-line\"><span class=\"muted\">dealt</span> " +
               cards_html(round.dealt[s], round.kept[s], true) + "</div>";
    }
    html_ += "<div class=\"cards-line\"><span class=\"muted\">" +
             std::string(game_.timeline.keep5 ? "kept" : "dealt") + "</span> " +
             cards_html(round.kept[s]) + "</div>";
    if (round.finished) {
      html_ += "<div class=\"cards-line\"><span class=\"muted\">at the end</span> " +
               cards_html(round.final_hand[s]) + "</div>";
    }
    html_ += "</div>";
  }
  html_ += "</div>\n";
}

void Page::traitor_charts(const SpiesRound& round) {
  const std::vector<const BeliefPoint*> points = round_points(game_.public_track, round.index);
  if (points.empty()) return;
  LineChart chart;
  chart.id = id("public-traitor");
  chart.title = "Public P(Traitor), round " + std::to_string(round.index + 1) +
                ": what an observer of the table believed";
  chart.y_title = "P(Traitor)";
  chart.x_caption = "events of the round (M = a mission revealed, J = a Jack)";
  chart.markers = mission_markers(points);
  for (int seat = 0; seat < game_.num_players; ++seat) {
    LineSeries series;
    series.name = seat_label(game_, seat);
    if (round.finished)
      series.name += round.roles[at(seat)] == ls::Role::kTraitor ? " (Traitor)" : " (loyal)";
    series.color = kSeatColors[seat];
    series.dashed = round.finished && round.roles[at(seat)] != ls::Role::kTraitor;
    for (const BeliefPoint* p : points) {
      series.y.push_back(p->traitor_known ? p->traitor[at(seat)] : kNaN);
      series.tips.push_back(point_tip(*p));
    }
    chart.series.push_back(series);
  }
  html_ +=
      "<h3>Who is a Traitor?</h3><p class=\"note\">P(Traitor) is the probability of holding "
      "a Joker at that moment (a Traitor if the round ended there). Solid lines: the "
      "round's Traitors; dashed: the others. Nobody sees who played which mission card, "
      "so seats that were seen doing the same things share one public belief: the public "
      "learns how many Traitors there are far better than who they are.</p>";
  add_chart(render_line_chart(chart));
  // Each seat's own estimate of the others.
  if (game_.seat_tracks.empty()) return;
  html_ += "<div class=\"small-grid\">";
  for (const BeliefTrack& track : game_.seat_tracks) {
    const std::vector<const BeliefPoint*> own = round_points(track, round.index);
    if (own.empty()) continue;
    LineChart small;
    small.id = id("seat-traitor");
    small.width = 370;
    small.height = 180;
    small.title = "what " + seat_label(game_, track.viewer) + " believed";
    small.y_title = "P(Traitor)";
    small.x_caption = "events of the round";
    small.markers = mission_markers(own);
    for (int seat = 0; seat < game_.num_players; ++seat) {
      if (seat == track.viewer) continue;
      LineSeries series;
      series.name = "P" + std::to_string(seat);
      series.color = kSeatColors[seat];
      series.dashed = round.finished && round.roles[at(seat)] != ls::Role::kTraitor;
      for (const BeliefPoint* p : own) {
        series.y.push_back(p->traitor_known ? p->traitor[at(seat)] : kNaN);
        series.tips.push_back(point_tip(*p));
      }
      small.series.push_back(series);
    }
    html_ += "<div>";
    add_chart(render_line_chart(small));
    html_ += "</div>";
  }
  html_ += "</div>\n";
}

void Page::suit_charts(const SpiesRound& round) {
  const std::vector<const BeliefPoint*> points = round_points(game_.public_track, round.index);
  if (points.empty()) return;
  html_ += "<h3>Who owns which suit?</h3>";
  const bool jacks = std::any_of(points.begin(), points.end(),
                                 [](const BeliefPoint* p) { return p->kind == SeenKind::kJack; });
  if (!jacks) {
    html_ +=
        "<p class=\"note\">No Jack was played this round, so the public never learned "
        "anything about aces: every seat owned each suit with the same probability (" +
        percent(1.0 / 4.0) +
        " with four players; with three, one ace is set aside). "
        "Only Jacks move these beliefs, because the reference players ignore suits.</p>";
    return;
  }
  html_ +=
      "<p class=\"note\">The public P(owns suit) of each seat (solid: its true suit). Only "
      "Jacks move it (the reference players ignore suits when they play): a match makes "
      "the target's suit known to all, a miss rules one suit out.</p>"
      "<div class=\"small-grid\">";
  for (int seat = 0; seat < game_.num_players; ++seat) {
    LineChart small;
    small.id = id("suits");
    small.width = 370;
    small.height = 180;
    const int ace = round.ace[at(seat)];
    small.title = seat_label(game_, seat) + " (ace " + card_text(ace) + ")";
    small.y_title = "P(owns suit)";
    small.x_caption = "events of the round";
    small.markers = mission_markers(points);
    small.guide = kNaN;
    for (int suit = 0; suit < ls::kNumSuits; ++suit) {
      LineSeries series;
      series.name = kSuitSymbols[suit];
      series.color = kSuitColors[suit];
      series.dashed = ace < 0 || ls::suit_of(ace) != suit;
      for (const BeliefPoint* p : points) {
        series.y.push_back(p->suit[at(seat)][at(suit)]);
        series.tips.push_back(point_tip(*p));
      }
      small.series.push_back(series);
    }
    html_ += "<div>";
    add_chart(render_line_chart(small));
    html_ += "</div>";
  }
  html_ += "</div>\n";
}

// What happened on a turn, in words.
std::string turn_text(const GameAnalysis& game, const SpiesTurn& turn) {
  if (turn.jack_target >= 0) {
    return "Jack: looks at " + seat_tag(game, turn.jack_target) +
           "'s ace: " + (turn.jack_match ? "<b>match</b>, suit revealed" : "no match");
  }
  if (turn.queen) {
    std::string text = "Queen: sees";
    for (const int c : turn.queen_seen) text += " " + card_html(c);
    if (!turn.queen_top.empty() && turn.queen_top != turn.queen_seen) {
      text += ", puts";
      for (const int c : turn.queen_top) text += " " + card_html(c);
      text += " on top";
    }
    return text;
  }
  if (turn.mission) {
    return "mission " + std::to_string(turn.mission_index + 1) + ": covert " +
           std::to_string(turn.terms.covert) + ", VP " + std::to_string(turn.terms.vp);
  }
  return "round ends";
}

void Page::timeline_table(const SpiesRound& round) {
  html_ +=
      "<h3>Timeline</h3><div class=\"scroll\"><table class=\"data timeline\"><thead><tr>"
      "<th>turn</th><th>determiner</th><th>flipped</th><th>what happened</th><th>face down</th>";
  for (int seat = 0; seat < game_.num_players; ++seat) {
    html_ += "<th>" + seat_tag(game_, seat) + "</th>";
  }
  html_ += "<th>total</th><th>result</th><th>draws &amp; discards</th></tr></thead><tbody>";
  int index = 0;
  for (const SpiesTurn& turn : round.turns) {
    html_ += "<tr><td>" + std::to_string(++index) + "</td><td>" + seat_tag(game_, turn.determiner) +
             "</td><td>";
    for (const int c : turn.flips) html_ += card_html(c);
    html_ += "</td><td class=\"what\">" + turn_text(game_, turn) + "</td><td>";
    for (const int c : turn.face_down) html_ += card_html(c);
    html_ += "</td>";
    for (int seat = 0; seat < game_.num_players; ++seat) {
      html_ += "<td>";
      for (const SpiesPlay& play : turn.plays) {
        if (play.seat != seat) continue;
        if (play.card < 0) {
          html_ += "<span class=\"muted\">nothing (" + std::to_string(ls::popcount(play.hand)) +
                   " Jk)</span>";
        } else {
          html_ += card_html(play.card) + fit_badge(play.fit, play.place);
          if (play.traitor) html_ += "<span class=\"tiny traitor-text\">T</span>";
        }
      }
      html_ += "</td>";
    }
    if (turn.mission && turn.reveal_event >= 0) {
      html_ += "<td class=\"nowrap\">" + std::to_string(turn.total) + " / " +
               std::to_string(turn.terms.covert) + "</td><td>" +
               (turn.success ? "<span class=\"ok\">success</span>"
                             : "<span class=\"bad\">failed</span>") +
               "</td>";
    } else {
      html_ += "<td></td><td></td>";
    }
    html_ += "<td>";
    for (int seat = 0; seat < game_.num_players; ++seat) {
      const auto& draws = turn.draws[at(seat)];
      const auto& discards = turn.discards[at(seat)];
      if (draws.empty() && discards.empty()) continue;
      html_ += "<span class=\"nowrap\">P" + std::to_string(seat) + " ";
      for (const int c : draws) html_ += card_html(c);
      for (const int c : discards) html_ += card_html(c, "discarded");
      html_ += "</span> ";
    }
    html_ += "</td></tr>";
  }
  html_ +=
      "</tbody></table></div><p class=\"note\">Each played card is marked <i>high</i>, "
      "<i>low</i>, <i>middle</i> or <i>forced</i> by its place among the pack cards its "
      "player held; green when that matches the player's role (a Traitor, marked T, "
      "playing high; a loyal player playing low), red when it is the opposite.</p>\n";
}

void Page::plays_table(const SpiesRound& round) {
  std::vector<const PlayVerdict*> verdicts;
  for (const PlayVerdict& v : game_.verdicts) {
    if (v.round == round.index) verdicts.push_back(&v);
  }
  if (verdicts.empty()) return;
  html_ +=
      "<h3>Face-down cards and bluffs</h3><div class=\"scroll\"><table class=\"data\">"
      "<thead><tr><th>mission</th><th>seat</th><th>side</th><th>card</th><th>in hand</th>"
      "<th>honest play</th><th>public P(Traitor) at the reveal</th><th>effect of the card</th>"
      "<th>verdict</th><th>fooled</th></tr></thead><tbody>";
  std::vector<std::array<int, 3>> fits(at(game_.num_players));
  for (const PlayVerdict* v : verdicts) {
    ++fits[at(v->seat)][at(static_cast<int>(v->fit))];
    html_ += std::string("<tr") + (v->bluff ? " class=\"bluff-row\"" : "") + "><td>M" +
             std::to_string(v->mission + 1) + "</td><td>" + seat_chip(game_, v->seat) +
             "</td><td>" + side_badge(v->traitor) + "</td><td>" + card_html(v->card) + "</td><td>" +
             fit_badge(v->fit, v->place) + "</td><td>" +
             (v->honest_card >= 0 ? card_html(v->honest_card)
                                  : "<span class=\"muted\">this one</span>") +
             "</td><td>";
    if (v->known) {
      html_ += percent(v->before) + " &rarr; " + percent(v->after);
    } else {
      html_ += "<span class=\"muted\">unknown</span>";
    }
    html_ += "</td><td>" +
             (v->effect_known
                  ? signed_points(v->effect) +
                        (v->effect_error > 0.0 ? " &plusmn; " + fixed(100.0 * v->effect_error, 1)
                                               : std::string())
                  : std::string("")) +
             "</td><td>" + (v->bluff ? "<span class=\"bluff\">bluff</span>" : "") + "</td><td>";
    for (const int o : v->fooled) html_ += seat_chip(game_, o);
    html_ += "</td></tr>";
  }
  html_ +=
      "</tbody></table></div><p class=\"note\">The effect of a card is the public "
      "P(Traitor) of its player right after the reveal minus what it would have been had "
      "the player made the honest play (a Traitor's highest card, a loyal player's lowest), "
      "with everything else the same (&plusmn; its Monte Carlo standard error). A bluff moved "
      "the public belief away from the truth, beyond twice that error, by at least " +
      fixed(100.0 * page_.options.bluff_threshold, 0) +
      " percentage points; the seats fooled are those whose own estimate moved the same way "
      "by the same test.</p>";
  BarChart bars;
  bars.id = id("fit-bars");
  bars.title = "Cards by fit with the role, by seat";
  bars.y_title = "cards";
  bars.x_caption = "seat";
  bars.series = {"matched", "against", "neither"};
  bars.colors = {"#2a9d47", "#d64545", "#9aa3ad"};
  bars.integer = true;
  for (int seat = 0; seat < game_.num_players; ++seat) {
    BarGroup group;
    group.label = "P" + std::to_string(seat);
    for (int f = 0; f < 3; ++f) group.values.push_back(fits[at(seat)][at(f)]);
    bars.groups.push_back(group);
  }
  add_chart(render_bar_chart(bars));
  html_ += "\n";
}

void Page::spies_round(const SpiesRound& round) {
  html_ += "<section id=\"round-" + std::to_string(round.index + 1) + "\"><h2>Round " +
           std::to_string(round.index + 1) + "</h2><p class=\"sub\">first determiner P" +
           std::to_string(round.first_determiner) + " &middot; " +
           std::to_string(round.successes + round.failures) +
           " missions: " + std::to_string(round.successes) + " succeeded, " +
           std::to_string(round.failures) + " failed</p>";
  round_seats(round);
  traitor_charts(round);
  suit_charts(round);
  timeline_table(round);
  plays_table(round);
  html_ += "</section>\n";
}

void Page::summary_section(const ReportSummary& s) {
  html_ += "<section id=\"summary\"><h2>Summary of the file</h2><p class=\"sub\">" +
           std::to_string(s.games) + " Loyalist Spies game" + (s.games == 1 ? "" : "s") + ", " +
           std::to_string(s.rounds) + " scored rounds";
  if (page_.skipped > 0)
    html_ += " (" + std::to_string(page_.skipped) + " records of other games left out)";
  html_ += "</p><table class=\"data stats\"><tbody>";
  const auto row = [&](const std::string& name, const std::string& value) {
    html_ += "<tr><th>" + name + "</th><td>" + value + "</td></tr>";
  };
  const auto share = [](const replays::analysis::RoleRecord& r) {
    return r.seat_rounds == 0 ? std::string("n/a")
                              : percent(r.win_share / r.seat_rounds) + " over " +
                                    std::to_string(r.seat_rounds) + " seat-rounds";
  };
  row("Traitor round-win share", share(s.roles[at(static_cast<int>(ls::Role::kTraitor))]));
  row("Loyal round-win share", share(s.roles[at(static_cast<int>(ls::Role::kLoyal))]));
  row("Compromised round-win share", share(s.roles[at(static_cast<int>(ls::Role::kCompromised))]));
  row("rounds with more failures than successes", ratio(s.failing_rounds, s.rounds));
  row("Traitors identified (public P &gt; 50% at the round's end)",
      ratio(s.traitors_identified, s.traitors));
  row("loyal seats wrongly suspected (P &gt; 50%)", ratio(s.loyal_accused, s.loyal));
  row("mean round-end public P(Traitor)",
      "Traitors " + (s.traitors ? percent(s.traitor_belief_sum / s.traitors) : std::string("n/a")) +
          ", others " + (s.loyal ? percent(s.loyal_belief_sum / s.loyal) : std::string("n/a")));
  row("bluffs flagged",
      std::to_string(s.bluffs) + ", of which " + std::to_string(s.bluffs_fooling) +
          " fooled at least one seat (only the game shown in detail has seat views)");
  row("Traitor cards other than the highest",
      std::to_string(s.traitor_dishonest) +
          (s.traitor_dishonest ? ", mean effect on the public P(Traitor) " +
                                     signed_points(s.traitor_dishonest_effect / s.traitor_dishonest)
                               : std::string()));
  row("rounds where the observer lost track", ratio(s.rounds_untracked, s.rounds));
  html_ += "</tbody></table><div class=\"small-grid\">";

  BarChart wins;
  wins.id = id("win-share");
  wins.title = "Round-win share by role";
  wins.y_title = "round-win share";
  wins.percent = true;
  wins.series = {"win share"};
  wins.colors = {"#1f6fb4"};
  for (const ls::Role role : {ls::Role::kLoyal, ls::Role::kTraitor, ls::Role::kCompromised}) {
    const auto& r = s.roles[at(static_cast<int>(role))];
    wins.groups.push_back({std::string(ls::role_name(role)),
                           {r.seat_rounds ? r.win_share / r.seat_rounds : kNaN},
                           {std::to_string(r.seat_rounds) + " seat-rounds"}});
  }
  html_ += "<div>";
  add_chart(render_bar_chart(wins));
  html_ += "</div>";

  BarChart when;
  when.id = id("identified-by-mission");
  when.title = "When Traitors were identified";
  when.series = {"Traitors"};
  when.colors = {"#d64545"};
  when.y_title = "Traitors";
  when.x_caption = "missions revealed when the public P crossed 50% for good";
  when.integer = true;
  const std::size_t columns = std::max<std::size_t>(s.identified_after_mission.size(), 1);
  for (std::size_t k = 0; k < columns; ++k) {
    const int count = k < s.identified_after_mission.size() ? s.identified_after_mission[k] : 0;
    when.groups.push_back(
        {k == 0 ? "before M1" : "M" + std::to_string(k), {static_cast<double>(count)}, {}});
  }
  html_ += "<div>";
  add_chart(render_bar_chart(when));
  html_ += "</div>";

  BarChart calibration;
  calibration.id = id("calibration");
  calibration.title = "Calibration of the round-end public P(Traitor)";
  calibration.percent = true;
  calibration.series = {"believed (bin middle)", "observed share of Traitors"};
  calibration.colors = {"#c9ced6", "#8e55b8"};
  calibration.y_title = "probability";
  calibration.x_caption = "public P(Traitor) at the round's end (bins)";
  for (int b = 0; b < replays::analysis::kCalibrationBins; ++b) {
    const int n = s.calibration_count[at(b)];
    if (n == 0) continue;
    calibration.groups.push_back({fixed(10.0 * b, 0) + "-" + fixed(10.0 * (b + 1), 0) + "%",
                                  {(b + 0.5) / replays::analysis::kCalibrationBins,
                                   static_cast<double>(s.calibration_traitors[at(b)]) / n},
                                  {"", std::to_string(n) + " seat-rounds"}});
  }
  if (calibration.groups.empty()) calibration.groups.push_back({"none", {kNaN, kNaN}, {}});
  html_ += "<div>";
  add_chart(render_bar_chart(calibration));
  html_ += "</div>";

  BarChart fits;
  fits.id = id("fits");
  fits.title = "Mission cards by fit with the player's role";
  fits.y_title = "share of cards";
  fits.percent = true;
  fits.series = {"matched", "against", "neither"};
  fits.colors = {"#2a9d47", "#d64545", "#9aa3ad"};
  for (int side = 1; side >= 0; --side) {
    int total = 0;
    for (const int n : s.plays[at(side)]) total += n;
    BarGroup group;
    group.label = side ? "Traitors" : "loyal players";
    for (int f = 0; f < 3; ++f) {
      group.values.push_back(total ? static_cast<double>(s.plays[at(side)][at(f)]) / total : kNaN);
      group.tips.push_back(std::to_string(s.plays[at(side)][at(f)]) + " cards");
    }
    fits.groups.push_back(group);
  }
  html_ += "<div>";
  add_chart(render_bar_chart(fits));
  html_ += "</div></div></section>\n";
}

void Page::moves_section(bool folded) {
  html_ += "<section id=\"moves\"><h2>Moves</h2>";
  if (folded)
    html_ += "<details><summary>all " + std::to_string(game_.moves.size()) +
             " moves, chance included</summary>";
  html_ +=
      "<div class=\"scroll moves\"><table class=\"data\"><thead><tr><th>#</th><th>by</th>"
      "<th>move</th></tr></thead><tbody>";
  for (const auto& move : game_.moves) {
    html_ += "<tr><td>" + std::to_string(move.move) + "</td><td>" +
             (move.player == kChancePlayer ? std::string("<span class=\"muted\">chance</span>")
                                           : seat_chip(game_, move.player)) +
             "</td><td>" + escape_html(move.text) + "</td></tr>";
  }
  html_ += "</tbody></table></div>";
  if (folded) html_ += "</details>";
  html_ += "</section>\n";
}

void Page::method_section() {
  const auto& o = page_.options;
  html_ += "<section id=\"method\"><h2>Method</h2>";
  if (game_.spies) {
    html_ +=
        "<p>The observer assumes every seat plays like the <code>heuristic</code> agent "
        "(Traitors keep Jokers and high cards and play their highest card, loyal players "
        "keep and play low), mixed with " +
        percent(o.epsilon) + " of uniform choice; a dealt Joker is kept with probability " +
        percent(o.joker_keep) + ". " + std::to_string(o.replicates) +
        " independent particle filters of " + std::to_string(o.particles) +
        " hidden worlds each (hands and deck as card values) are weighed by the likelihood of "
        "every public event, resampled when their effective sample size halves, and averaged; "
        "the spread between them gives the error of each card's effect. Suit beliefs are "
        "exact. Each seat's own estimate adds what that seat saw. Seed " +
        std::to_string(o.seed) + ". Details: <code>docs/bluff_report.md</code>.</p>";
    html_ +=
        "<table class=\"data\"><thead><tr><th>round</th><th>policy mix</th><th>particles</th>"
        "<th>attempts</th><th>resamples</th><th>filters that lost track</th></tr></thead>"
        "<tbody>";
    for (const auto& fit : game_.public_track.rounds) {
      html_ += "<tr><td>" + std::to_string(fit.round + 1) + "</td><td>" + percent(fit.epsilon) +
               "</td><td>" + std::to_string(fit.particles) + "</td><td>" +
               std::to_string(fit.attempts) + "</td><td>" + std::to_string(fit.resamples) +
               "</td><td>" + std::to_string(fit.lost_replicates) + " of " +
               std::to_string(fit.replicates) +
               (fit.lost_at_event >= 0 ? ", all by event " + std::to_string(fit.lost_at_event)
                                       : std::string()) +
               "</td></tr>";
    }
    html_ +=
        "</tbody></table><p class=\"note\">A round is filtered again with a more forgiving "
        "policy when no particle fits what happened; the table shows the most forgiving "
        "attempt any filter needed, the largest number of particles and all the resamples.</p>";
  }
  html_ += "<p class=\"note\">Analysis time " + fixed(page_.seconds, 2) + " s.</p></section>\n";
}

std::string Page::render() {
  header();
  seats_section();
  if (game_.spies) {
    for (const SpiesRound& round : game_.timeline.rounds) spies_round(round);
    if (page_.summary) summary_section(*page_.summary);
  }
  moves_section(game_.spies);
  method_section();
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>kibitz replay report: " +
      escape_html(game_.record.game) + ", record " + std::to_string(game_.record_index) +
      "</title>\n<style>" + std::string(kReportStyle) + "</style>\n<script>" +
      std::string(kRenderCheckScript) + "</script>\n</head>\n<body data-charts=\"" +
      std::to_string(charts_) + "\">\n<main>\n";
  out += html_;
  out += "</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace

void write_report_html(const ReportPage& page, std::ostream& out) {
  KIBITZ_CHECK(page.game != nullptr, "a report page needs a game");
  Page builder(page);
  out << builder.render();
}

}  // namespace kibitz::tools
