// The bounds of a Laws and Disorder state's observation log (env/core/
// observation_log.h): the most values one observation carries (eight: no
// observation of this game has more, kHandSeenChunk keeps theft views within
// it) and the most entries a game can log for any number of players. The
// derivation is max_log_entries in laws_and_disorder_game.cc, which declares
// it as the game's observation_log_capacity.
#pragma once

namespace kibitz::laws_and_disorder {

inline constexpr int kMaxLogValues = 8;

}  // namespace kibitz::laws_and_disorder
