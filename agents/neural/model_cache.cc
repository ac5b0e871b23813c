#include "agents/neural/model_cache.h"

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <variant>

#include "agents/neural/cpu_mlp.h"
#include "agents/neural/torch_model.h"

namespace kibitz::neural {
namespace {

// What tells two versions of one file apart.
struct FileIdentity {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::int64_t size = 0;
  std::int64_t modified_ns = 0;
  bool operator==(const FileIdentity&) const = default;
};

std::optional<FileIdentity> identity_of(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  return FileIdentity{static_cast<std::uint64_t>(info.st_dev),
                      static_cast<std::uint64_t>(info.st_ino),
                      static_cast<std::int64_t>(info.st_size),
                      static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 +
                          static_cast<std::int64_t>(info.st_mtim.tv_nsec)};
}

// A loaded checkpoint: the model whose weights every agent shares.
using Prototype = std::variant<std::shared_ptr<const CpuMlp>, std::shared_ptr<const TorchModel>>;

struct Entry {
  FileIdentity identity;
  Prototype prototype;
};

std::mutex cache_mutex;
// By canonical path, game spec and device; one version of each file.
std::map<std::string, Entry> cache;
std::atomic<std::int64_t> reads{0};

Prototype load(const std::string& path, const Game& game, const std::string& device) {
  ++reads;
  if (device == "cpu") return std::shared_ptr<const CpuMlp>(CpuMlp::load(path, game));
  return std::shared_ptr<const TorchModel>(TorchModel::load(path, game, device));
}

std::shared_ptr<PolicyValueFunction> share(const Prototype& prototype) {
  return std::visit(
      [](const auto& model) -> std::shared_ptr<PolicyValueFunction> { return model->share(); },
      prototype);
}

}  // namespace

std::shared_ptr<PolicyValueFunction> cached_model(const std::string& path, const Game& game,
                                                  const std::string& device) {
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::canonical(path, error);
  const std::optional<FileIdentity> identity =
      error ? std::nullopt : identity_of(canonical.string());
  // A path that cannot be resolved is not cached: the loader reports why.
  if (!identity) return share(load(path, game, device));
  const std::string key = canonical.string() + '\n' + game.spec() + '\n' + device;
  // Loading under the lock keeps two threads from reading one file twice;
  // it happens once per file, when the first agents are built.
  const std::lock_guard<std::mutex> lock(cache_mutex);
  auto found = cache.find(key);
  if (found == cache.end() || !(found->second.identity == *identity)) {
    Prototype prototype = load(path, game, device);
    found = cache.insert_or_assign(key, Entry{*identity, std::move(prototype)}).first;
  }
  return share(found->second.prototype);
}

std::int64_t model_cache_reads() { return reads.load(); }

}  // namespace kibitz::neural
