// Laws and Disorder's fold of what one seat knows (env/core/seat_knowledge.h):
// the encoder's Knowledge for the tensor and the default stream text for the
// string, both read once per observation.
#pragma once

#include <memory>

#include "env/core/seat_knowledge.h"
#include "env/core/stream_text.h"
#include "env/games/laws_and_disorder/encoder.h"

namespace kibitz::laws_and_disorder {

class LawsSeatKnowledge final : public SeatKnowledge {
 public:
  LawsSeatKnowledge(const Config& config, const StreamSpec& spec, Player seat)
      : knowledge_(config, seat), text_(spec, seat) {}

  void read(const Observation& observation) override {
    knowledge_.read(observation);
    if (keeps_text()) text_.read(observation);
  }
  void encode(std::span<float> out) const override { knowledge_.encode(out); }
  void describe(std::string& out) const override {
    check_keeps_text();
    out = text_.text();
  }
  std::unique_ptr<SeatKnowledge> clone() const override { return std::make_unique<LawsSeatKnowledge>(*this); }
  // Knowledge holds fixed-size arrays only: a fresh one assigned over it
  // allocates nothing.
  void restart() override {
    knowledge_ = Knowledge(knowledge_.config, knowledge_.viewer);
    text_.restart();
  }

 private:
  Knowledge knowledge_;
  StreamText text_;
};

}  // namespace kibitz::laws_and_disorder
