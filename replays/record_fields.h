// The cereal save/load functions of a ReplayRecord: one description of the
// fields for both archives (portable binary for storage, JSON for people).
// Internal to replays/: included only by the codec .cc files.
//
// Loading from a binary archive never trusts a stored length: a list or text
// longer than kMaxListLength / kMaxTextBytes is refused before anything is
// allocated, so even a payload crafted to pass its checksum cannot make the
// reader allocate gigabytes. (JSON text is parsed whole by rapidjson first,
// so its sizes are the real ones.)
#pragma once

#include <cereal/cereal.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "replays/replay_record.h"

namespace kibitz::replays {

inline constexpr std::uint64_t kMaxListLength = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kMaxTextBytes = std::uint64_t{1} << 20;

namespace fields {

template <class Archive>
inline constexpr bool kIsText = cereal::traits::is_text_archive<Archive>::value;

// Throws KibitzError: `what` holds `count` items, more than `limit`.
[[noreturn]] void too_long(const char* what, std::uint64_t count, std::uint64_t limit);
// Throws KibitzError: the flag `name` is stored as `byte`, neither 0 nor 1.
[[noreturn]] void bad_flag(const char* name, unsigned byte);

template <class Archive>
void load_item(Archive& ar, std::string& text) {
  if constexpr (kIsText<Archive>) {
    ar(text);
  } else {
    cereal::size_type size = 0;
    ar(cereal::make_size_tag(size));
    if (size > kMaxTextBytes) too_long("a text", size, kMaxTextBytes);
    text.resize(static_cast<std::size_t>(size));
    ar(cereal::binary_data(text.data(), text.size()));
  }
}

template <class Archive, class T>
void load_item(Archive& ar, T& item) {
  ar(item);
}

template <class Archive>
void load_text(Archive& ar, const char* name, std::string& text) {
  if constexpr (kIsText<Archive>) {
    ar(cereal::make_nvp(name, text));
  } else {
    load_item(ar, text);
  }
}

// Loads what cereal's std::vector save wrote: a size, then the items (one
// block of bytes for numbers in a binary archive).
template <class Archive, class T>
void load_list(Archive& ar, const char* name, std::vector<T>& list) {
  if constexpr (kIsText<Archive>) {
    ar(cereal::make_nvp(name, list));
  } else {
    cereal::size_type size = 0;
    ar(cereal::make_size_tag(size));
    if (size > kMaxListLength) too_long(name, size, kMaxListLength);
    list.resize(static_cast<std::size_t>(size));
    if constexpr (std::is_arithmetic_v<T>) {
      ar(cereal::binary_data(list.data(), list.size() * sizeof(T)));
    } else {
      for (T& item : list) load_item(ar, item);
    }
  }
}

// A flag: cereal's binary archive would copy the stored byte straight into
// the bool, and a byte other than 0 or 1 there is undefined behaviour (a bool
// that is neither true nor false). So the byte is read as a number and
// anything but 0 or 1 is refused. JSON has true and false of its own.
template <class Archive>
void load_flag(Archive& ar, const char* name, bool& flag) {
  if constexpr (kIsText<Archive>) {
    ar(cereal::make_nvp(name, flag));
  } else {
    std::uint8_t byte = 0;
    ar(byte);
    if (byte > 1) bad_flag(name, byte);
    flag = byte == 1;
  }
}

// A value by name; texts through the bounded load above.
template <class Archive, class T>
void load_value(Archive& ar, const char* name, T& value) {
  ar(cereal::make_nvp(name, value));
}
template <class Archive>
void load_value(Archive& ar, const char* name, std::string& text) {
  load_text(ar, name, text);
}

// One (first, second) pair as an object with named fields, e.g. a policy
// entry {"action": 2, "probability": 0.5}, read and written in place.
template <class First, class Second>
struct PairFields {
  const char* first_name;
  First& first;
  const char* second_name;
  Second& second;

  template <class Archive>
  void save(Archive& ar) const {
    ar(cereal::make_nvp(first_name, first), cereal::make_nvp(second_name, second));
  }
  template <class Archive>
  void load(Archive& ar) {
    load_value(ar, first_name, first);
    load_value(ar, second_name, second);
  }
};

// A list of pairs (DecisionInfo's policy and stats) stored like a vector of
// PairFields objects, without building one: annotations are many, and a
// decoded record reused for the next keeps every list's capacity. `List` is
// const for saving.
template <class List>
struct PairList {
  using Pair = typename std::remove_const_t<List>::value_type;

  List& list;
  const char* what;
  const char* first_name;
  const char* second_name;

  template <class Archive>
  void save(Archive& ar) const {
    ar(cereal::make_size_tag(static_cast<cereal::size_type>(list.size())));
    for (const Pair& entry : list) {
      const PairFields<const typename Pair::first_type, const typename Pair::second_type> fields{
          first_name, entry.first, second_name, entry.second};
      ar(fields);
    }
  }
  template <class Archive>
  void load(Archive& ar) {
    cereal::size_type size = 0;
    ar(cereal::make_size_tag(size));
    if (!kIsText<Archive> && size > kMaxListLength) too_long(what, size, kMaxListLength);
    list.resize(static_cast<std::size_t>(size));
    for (Pair& entry : list) {
      PairFields<typename Pair::first_type, typename Pair::second_type> fields{
          first_name, entry.first, second_name, entry.second};
      ar(fields);
    }
  }
};

// Fails a save of a list the reader would refuse, so every file written
// can be read back.
template <class T>
void check_list_length(const char* name, const std::vector<T>& list) {
  if (list.size() > kMaxListLength) too_long(name, list.size(), kMaxListLength);
}
void check_text_length(const std::string& text);

}  // namespace fields

// DecisionInfo's lists with their JSON names ({"action", "probability"} and
// {"name", "value"}); const lists for saving.
template <class List>
fields::PairList<List> policy_list(List& list) {
  return {list, "a policy", "action", "probability"};
}
template <class List>
fields::PairList<List> stats_list(List& list) {
  return {list, "the stats", "name", "value"};
}

template <class Archive>
void save(Archive& ar, const Annotation& annotation) {
  const DecisionInfo& decision = annotation.decision;
  fields::check_list_length("a policy", decision.policy);
  fields::check_list_length("the stats", decision.stats);
  for (const auto& stat : decision.stats) fields::check_text_length(stat.first);
  ar(cereal::make_nvp("move", annotation.move),
     cereal::make_nvp("policy", policy_list(decision.policy)),
     cereal::make_nvp("has_value", decision.has_value), cereal::make_nvp("value", decision.value),
     cereal::make_nvp("stats", stats_list(decision.stats)));
}

template <class Archive>
void load(Archive& ar, Annotation& annotation) {
  DecisionInfo& decision = annotation.decision;
  ar(cereal::make_nvp("move", annotation.move),
     cereal::make_nvp("policy", policy_list(decision.policy)));
  fields::load_flag(ar, "has_value", decision.has_value);
  ar(cereal::make_nvp("value", decision.value),
     cereal::make_nvp("stats", stats_list(decision.stats)));
}

}  // namespace kibitz::replays

// A forfeit (agents/match/answer_rules.h), stored since format version 2.
// In namespace kibitz, beside Forfeit, where cereal looks for them.
namespace kibitz {

template <class Archive>
void save(Archive& ar, const Forfeit& forfeit) {
  replays::fields::check_text_length(forfeit.reason);
  ar(cereal::make_nvp("seat", forfeit.seat), cereal::make_nvp("reason", forfeit.reason));
}

template <class Archive>
void load(Archive& ar, Forfeit& forfeit) {
  ar(cereal::make_nvp("seat", forfeit.seat));
  replays::fields::load_text(ar, "reason", forfeit.reason);
}

}  // namespace kibitz

namespace kibitz::replays {

// The fields of a record, in stored order. Also used by the JSON export,
// which adds fields of its own after these.
template <class Archive>
void save_record_fields(Archive& ar, const ReplayRecord& record) {
  fields::check_text_length(record.game);
  fields::check_list_length("the seat labels", record.seat_labels);
  fields::check_list_length("the agent specs", record.agent_specs);
  for (const std::string& text : record.seat_labels) fields::check_text_length(text);
  for (const std::string& text : record.agent_specs) fields::check_text_length(text);
  fields::check_list_length("the actions", record.actions);
  fields::check_list_length("the annotations", record.annotations);
  fields::check_list_length("the returns", record.returns);
  fields::check_text_length(record.start_time);
  ar(cereal::make_nvp("game", record.game), cereal::make_nvp("seed", record.seed),
     cereal::make_nvp("seat_labels", record.seat_labels),
     cereal::make_nvp("agent_specs", record.agent_specs),
     cereal::make_nvp("actions", record.actions),
     cereal::make_nvp("annotations", record.annotations),
     cereal::make_nvp("returns", record.returns), cereal::make_nvp("start_time", record.start_time),
     cereal::make_nvp("duration_seconds", record.duration_seconds),
     cereal::make_nvp("forfeit", record.forfeit));
}

template <class Archive>
void save(Archive& ar, const ReplayRecord& record) {
  save_record_fields(ar, record);
}

// Loads the fields of format version 1; load_record adds the later ones.
// Not named load: cereal must not load a record without its version.
template <class Archive>
void load_version1_fields(Archive& ar, ReplayRecord& record) {
  fields::load_text(ar, "game", record.game);
  ar(cereal::make_nvp("seed", record.seed));
  fields::load_list(ar, "seat_labels", record.seat_labels);
  fields::load_list(ar, "agent_specs", record.agent_specs);
  fields::load_list(ar, "actions", record.actions);
  fields::load_list(ar, "annotations", record.annotations);
  fields::load_list(ar, "returns", record.returns);
  fields::load_text(ar, "start_time", record.start_time);
  ar(cereal::make_nvp("duration_seconds", record.duration_seconds));
}

// A record stored in format `version` (kOldestReplayFormatVersion up to
// kReplayFormatVersion): the fields of version 1, then what each later
// version added, or their defaults.
template <class Archive>
void load_record(Archive& ar, ReplayRecord& record, std::uint32_t version) {
  load_version1_fields(ar, record);
  record.forfeit = Forfeit{};
  if (version >= 2) ar(cereal::make_nvp("forfeit", record.forfeit));
}

// load_record as one item of a list (the records of a JSON document).
struct VersionedRecord {
  ReplayRecord& record;
  std::uint32_t version;

  template <class Archive>
  void load(Archive& ar) {
    load_record(ar, record, version);
  }
};

}  // namespace kibitz::replays
