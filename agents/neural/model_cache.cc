#include "agents/neural/model_cache.h"

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>

#include "agents/neural/cpu_mlp.h"
#include "env/core/error.h"

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

struct Entry {
  FileIdentity identity;
  ModelSharer share;  // new models on the checkpoint's loaded weights
};

std::mutex cache_mutex;
// By canonical path, game spec and device; one version of each file.
std::map<std::string, Entry> cache;
std::atomic<std::int64_t> reads{0};
std::atomic<DeviceModelLoader> device_loader{nullptr};
std::atomic<bool> needed_libtorch{false};

ModelSharer load(const std::string& path, const Game& game, const std::string& device) {
  if (device != "cpu") {
    const DeviceModelLoader loader = device_loader.load();
    if (loader == nullptr) {
      needed_libtorch = true;
      throw error("device ", device, " needs LibTorch, which this program does not load");
    }
    ++reads;
    return loader(path, game, device);
  }
  ++reads;
  std::shared_ptr<const CpuMlp> prototype = CpuMlp::load(path, game);
  return [prototype] { return std::shared_ptr<PolicyValueFunction>(prototype->share()); };
}

}  // namespace

void set_device_model_loader(DeviceModelLoader loader) { device_loader.store(loader); }

bool libtorch_was_needed() { return needed_libtorch.load(); }

std::shared_ptr<PolicyValueFunction> cached_model(const std::string& path, const Game& game,
                                                  const std::string& device) {
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::canonical(path, error);
  const std::optional<FileIdentity> identity =
      error ? std::nullopt : identity_of(canonical.string());
  // A path that cannot be resolved is not cached: the loader reports why.
  if (!identity) return load(path, game, device)();
  const std::string key = canonical.string() + '\n' + game.spec() + '\n' + device;
  // Loading under the lock keeps two threads from reading one file twice;
  // it happens once per file, when the first agents are built.
  const std::lock_guard<std::mutex> lock(cache_mutex);
  auto found = cache.find(key);
  if (found == cache.end() || !(found->second.identity == *identity)) {
    ModelSharer share = load(path, game, device);
    found = cache.insert_or_assign(key, Entry{*identity, std::move(share)}).first;
  }
  return found->second.share();
}

std::int64_t model_cache_reads() { return reads.load(); }

}  // namespace kibitz::neural
