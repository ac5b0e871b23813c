#include "training/run_dir.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "env/core/error.h"
#include "env/core/input_file.h"
#include "training/trainer.h"

namespace kibitz::training {
namespace {

namespace fs = std::filesystem;

// `latest` holds one short checkpoint name; anything larger is not ours.
constexpr std::uintmax_t kMaxLatestBytes = 4096;

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// "ckpt-" and at least one digit, nothing else: what Trainer::stem writes.
bool is_checkpoint_name(std::string_view name) {
  if (!starts_with(name, "ckpt-") || name.size() == 5) return false;
  return std::all_of(name.begin() + 5, name.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// "latest checkpoint ckpt-000010, 31 run files" or, when `latest` is missing
// or unreadable, "metrics.jsonl and 2 more run files".
std::string describe_run(const std::string& dir, const std::vector<std::string>& files,
                         bool& resumable) {
  resumable = false;
  std::string latest;
  try {
    latest = fs::path(read_latest_checkpoint(dir)).filename().string();
    resumable = true;
  } catch (const KibitzError&) {
    // Described by its files only; --resume would fail on it.
  }
  const std::string count =
      std::to_string(files.size()) + " run file" + (files.size() == 1 ? "" : "s");
  if (resumable) return "latest checkpoint " + latest + ", " + count;
  return fs::path(files.front()).filename().string() +
         (files.size() > 1 ? " and " + std::to_string(files.size() - 1) + " more run files" : "");
}

}  // namespace

bool is_run_file(std::string_view name) {
  if (starts_with(name, "ckpt-")) return true;
  for (const std::string_view fixed :
       {kLatestFile, kMetricsFile, kLearningCurveFile, kPolicyFile}) {
    if (name == fixed) return true;
    // write_file_atomically's temporary: "<name>.tmp.<pid>.<n>".
    if (starts_with(name, fixed) && starts_with(name.substr(fixed.size()), ".tmp.")) return true;
  }
  return false;
}

std::vector<std::string> run_files_in(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code code;
  fs::directory_iterator entries(dir, code);
  if (code) {
    if (code == std::errc::no_such_file_or_directory) return files;
    throw error("--out: cannot list '", dir, "': ", code.message());
  }
  for (const fs::directory_entry& entry : entries) {
    // A folder is never a run file, whatever its name.
    if (entry.is_directory(code)) continue;
    if (is_run_file(entry.path().filename().string())) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void prepare_new_run_dir(const std::string& dir, bool force) {
  std::error_code code;
  const fs::file_status status = fs::status(dir, code);
  if (!fs::exists(status)) {
    fs::create_directories(dir, code);
    if (code) throw error("--out: cannot create '", dir, "': ", code.message());
    return;
  }
  if (!fs::is_directory(status)) throw error("--out: '", dir, "' exists and is not a folder");
  const std::vector<std::string> files = run_files_in(dir);
  if (files.empty()) return;
  if (!force) {
    bool resumable = false;
    const std::string run = describe_run(dir, files, resumable);
    if (resumable) {
      throw error("--out: '", dir, "' already holds a training run (", run,
                  "); give --resume to continue it, or --force to delete it and start afresh");
    }
    throw error("--out: '", dir, "' already holds files of a training run (", run,
                ") but no checkpoint to resume; give --force to delete them and start afresh");
  }
  for (const std::string& file : files) {
    fs::remove(file, code);
    if (code) throw error("--force: cannot delete '", file, "': ", code.message());
  }
}

std::string read_latest_checkpoint(const std::string& dir) {
  const std::string path = (fs::path(dir) / kLatestFile).string();
  std::string name = read_file_limited(path, kMaxLatestBytes, "checkpoint pointer");
  while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.pop_back();
  if (!is_checkpoint_name(name)) {
    throw error("'", path, "' does not name a checkpoint of this run (expected ckpt-NNNNNN)");
  }
  return (fs::path(dir) / name).string();
}

}  // namespace kibitz::training
