// The output folder of a training run (--out): created when missing, and
// guarded so that a new run never writes into an old one. Without the guard
// a second `kibitz train --out DIR` truncated the first run's metrics,
// repointed `latest` and left the two runs' checkpoints mixed in one folder.
// Torch-free: the command and the tests include it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kibitz::training {

// Whether a file named `name` is one a run writes into its folder: latest,
// metrics.jsonl, learning_curve.svg, policy.txt, ckpt-* and the temporary
// files of an atomic write of any of them. Other files are not the run's and
// are left alone.
bool is_run_file(std::string_view name);

// The run files in `dir`, sorted by name (empty when `dir` does not exist).
std::vector<std::string> run_files_in(const std::string& dir);

// Makes `dir` ready for a new (not resumed) run. A missing folder is created
// (KibitzError "--out: cannot create '<dir>': <reason>" when it cannot be);
// a folder without run files is used as it is. A folder that holds a run is
// refused, naming the run and offering --resume and --force, unless `force`:
// then the old run's files are deleted first, so nothing of it mixes with the
// new run. Throws KibitzError too when `dir` exists but is not a folder.
void prepare_new_run_dir(const std::string& dir, bool force);

// The checkpoint that DIR/latest names, as a path without extension
// ("DIR/ckpt-000010"). The pointer is read through env/core/input_file.h with
// a small size bound and must name a checkpoint of this folder; throws
// KibitzError naming the file otherwise.
std::string read_latest_checkpoint(const std::string& dir);

}  // namespace kibitz::training
