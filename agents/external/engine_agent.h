// EngineAgent: a seat played by another program that speaks the seat
// protocol (docs/protocol.md), e.g. another kibitz (`kibitz engine`) or a
// bot written in any language:
//
//   engine(cmd=PROGRAM ARGS,timeout_ms=60000,sims=0,time_ms=0)
//
// The program is started once per agent, at its first game (no shell: the
// words of cmd are its arguments, quotes group words), and told hello, then
// new_game at each game.
// At each decision it is sent the observations of the seat's stream it has
// not been sent yet, then act; its answer is read as one of the legal
// actions. When the game is over (Agent::game_over) it is sent the last
// observations (a showdown, a round's reveals) and end_game with the seat's
// return. It is sent nothing but that seat's stream and return: the
// SeatView it reads holds no more. Its errors, its exit and its silence
// past timeout_ms become a KibitzError naming the program; after one in
// act, the program is stopped and the next game starts a fresh one (an
// arena that forfeits such a game plays on).
//
// Seeding: the agent's seed goes with the first new_game (and the first
// after a reseed), so an engine that builds its agent from it (kibitz engine
// does) plays exactly as the same agent in process with the same seed.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "agents/agent.h"
#include "agents/external/seat_protocol.h"
#include "agents/external/child_process.h"
#include "agents/registry.h"
#include "env/core/json.h"

namespace kibitz {

class EngineAgent : public Agent {
 public:
  struct Options {
    std::string command;  // the cmd text
    std::chrono::milliseconds timeout{60000};
    ActBudget budget;  // sent with every act; zeros send none
  };

  // The program starts at the first new_game.
  EngineAgent(std::string spec, Options options, std::shared_ptr<const Game> game,
              std::uint64_t seed);

  std::string spec() const override { return spec_; }
  // Starts the program first if need be: a KibitzError when it cannot be
  // started, does not answer, speaks another version or does not play the
  // game.
  void new_game(Player seat) override;
  // The next new_game carries `seed`, and the program (kibitz engine does)
  // builds its agent afresh from it: so an arena keeps one program per
  // worker instead of starting one per game.
  bool reseed(std::uint64_t seed) override;
  Action act(const SeatView& view) override;
  const DecisionInfo* last_decision() const override { return reported_ ? &last_ : nullptr; }
  // The budget of the next acts, sent to the program with each (the
  // options' budget when all zeros).
  void set_budget(const ActBudget& budget) override { budget_ = budget; }
  // Sends the observations of the seat's final stream the program has not
  // had, which must leave its game over, then end_game with the seat's
  // return.
  void game_over(const GameEnd& end) override;

  static AgentInfo info();

 private:
  void start();
  // act's exchange: the new observations, act and the answer read.
  Action ask_for_action(const SeatView& view);
  // hello in version 3, or in 2 for a program that refuses 3.
  json::Document say_hello();
  // Sends one message and reads the answer, a JSON object of any type; a
  // failure to send, read or parse is thrown naming the program.
  json::Document ask(const std::string& line, std::chrono::milliseconds extra_time = {});
  // Throws, naming the program, unless `doc` is of type `reply`: its "error"
  // message, or the type it gave instead.
  void check_reply(const json::Document& doc, std::string_view sent_type, std::string_view reply) const;
  // Sends one message and reads the answer, which must be of type `reply`;
  // an "error" answer or any other failure is thrown naming the program.
  json::Document exchange(std::string_view sent_type, const std::string& line,
                          std::string_view reply, std::chrono::milliseconds extra_time = {});
  // Sends the observations of `stream` the program has not had (none: no
  // message); its answer must say the game is over when `final`, else that
  // the seat is to act.
  void send_new_observations(std::span<const Observation> stream, bool final);
  void read_decision(const json::Document& answer, const SeatView& view);
  [[noreturn]] void fail(const std::string& problem) const;

  std::string spec_;
  Options options_;
  std::shared_ptr<const Game> game_;
  std::uint64_t seed_;
  ActBudget budget_;
  std::unique_ptr<ChildProcess> program_;
  bool seed_sent_ = false;
  bool in_game_ = false;
  // The protocol version the program said hello with: 3, or 2 for a program
  // that speaks only that (it is sent no legal actions, and must report its
  // turn and the game's end).
  int version_ = seat_protocol::kVersion;
  SeatStream sent_;  // the observations the program has of this game
  DecisionInfo last_;
  bool reported_ = false;
};

}  // namespace kibitz
