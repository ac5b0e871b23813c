// SpiesKnowledge::read (knowledge.h): a stream read through StreamReader
// (knowledge_reader.h), and the reader's refusals, which name the
// observation by its number and text.
#include "env/core/error.h"
#include "env/games/loyalist_spies/knowledge_reader.h"

namespace kibitz::loyalist_spies {

void StreamReader::refuse(const std::string& why) const {
  std::string text = "of kind " + std::to_string(int{obs_->kind});
  if (obs_->kind < spec_.num_kinds()) {
    try {
      text = spec_.to_text(*obs_);
    } catch (const KibitzError&) {
      // Values the kind cannot hold: the kind's number names it.
    }
  }
  throw error(game_.spec(), ": observation ", index_ + 1, " ('", text, "') cannot come here in seat P", p_,
              "'s stream: ", why);
}

void StreamReader::refuse_kind(const char* what) const {
  refuse(std::string("the rules call for ") + what + " here");
}

void StreamReader::refuse_seat(int seat, int expected, const char* role) const {
  refuse(std::string("it is P") + std::to_string(expected) + "'s " + role + ", not P" + std::to_string(seat) + "'s");
}

void SpiesKnowledge::read(const LoyalistSpiesGame& game, int viewer, std::span<const Observation> stream) {
  StreamReader reader(game, viewer, *this, true);
  for (std::size_t i = 0; i < stream.size(); ++i) reader.add(static_cast<int>(i), stream[i]);
  reader.finish();
}

void SpiesKnowledge::read_own(const LoyalistSpiesGame& game, int viewer, std::span<const Observation> stream) {
  StreamReader reader(game, viewer, *this, false);
  for (std::size_t i = 0; i < stream.size(); ++i) reader.add(static_cast<int>(i), stream[i]);
  reader.finish();
}

}  // namespace kibitz::loyalist_spies
