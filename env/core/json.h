// rapidjson as cereal ships it, under one name: kibitz::json. Debian
// unbundles rapidjson into rapidjson/, upstream cereal keeps a renamed copy
// inside cereal/external/; this header hides the difference, so every file
// that reads or writes JSON values includes it instead of repeating the
// choice. cereal's json.hpp also makes rapidjson's internal assertions throw
// instead of aborting, which is why it comes first.
#pragma once

#include <cereal/archives/json.hpp>
#if __has_include(<cereal/external/rapidjson/error/en.h>)
#include <cereal/external/rapidjson/error/en.h>
#else
#include <rapidjson/error/en.h>
#endif

namespace kibitz {
#ifdef CEREAL_RAPIDJSON_NAMESPACE
namespace json = CEREAL_RAPIDJSON_NAMESPACE;
#else
namespace json = RAPIDJSON_NAMESPACE;
#endif
}  // namespace kibitz
