// The report's section for one Loyalist Spies round: every seat's ace, hands
// and role; the public and per-seat P(Traitor) charts; the P(owns suit)
// charts; the timeline of turns; and the face-down cards judged as bluffs.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/scoring.h"
#include "tools/replay/report_html_format.h"
#include "tools/replay/report_html_page.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools::report {
namespace {

namespace ls = loyalist_spies;
using replays::analysis::BeliefPoint;
using replays::analysis::BeliefTrack;
using replays::analysis::GameAnalysis;
using replays::analysis::PlayVerdict;
using replays::analysis::SeenKind;
using replays::analysis::SpiesPlay;
using replays::analysis::SpiesRound;
using replays::analysis::SpiesTurn;

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

}  // namespace

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

}  // namespace kibitz::tools::report
