// Seat tokens: the secret in a person's join link. Whoever holds a seat's
// token plays that seat and reads its stream, so a token must be
// unguessable (128 bits from std::random_device, never from the seeded Rng
// whose seed a replay records) and compared without leaking, through its
// timing, how many leading characters a guess got right.
#pragma once

#include <string>
#include <string_view>

namespace kibitz::web {

// Characters in a token: 128 bits as lower-case hex.
inline constexpr std::size_t kSeatTokenChars = 32;

// A fresh token from std::random_device.
std::string new_seat_token();

// Whether `a` equals `b`, in time that depends only on their lengths.
bool tokens_equal(std::string_view a, std::string_view b);

}  // namespace kibitz::web
