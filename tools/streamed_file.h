// StreamedFile: a result file written piece by piece while a long run goes
// on, and still atomic (env/core/atomic_file.h): the pieces go to a
// temporary file beside the path ("PATH.tmp.<pid>.<n>"), which commit()
// renames over the path. Until then the path keeps its old contents; a file
// destroyed without commit() (an error, an exception) removes its temporary.
// So a run need not hold its whole output in memory (arena's --csv).
#pragma once

#include <fstream>
#include <string>

namespace kibitz::tools {

class StreamedFile {
 public:
  // Creates the temporary at once, so a path that cannot be written fails
  // before the run starts. Errors are KibitzErrors naming `what` and `path`.
  StreamedFile(std::string path, std::string what);
  ~StreamedFile();
  StreamedFile(const StreamedFile&) = delete;
  StreamedFile& operator=(const StreamedFile&) = delete;

  std::ostream& stream() { return out_; }
  // Flushes, checks that every write reached the file, and renames it over
  // the path; throws KibitzError on failure (the temporary is removed).
  void commit();

 private:
  std::string path_;
  std::string what_;
  std::string temporary_;
  std::ofstream out_;
  bool committed_ = false;
};

}  // namespace kibitz::tools
