// TorchModel for the fuzz build, without LibTorch: Debian's LibTorch 1.13
// headers do not compile with clang 14 in C++20 (its List.h uses
// std::vector<c10::IValue> while IValue is incomplete, which C++20's
// constexpr std::vector rejects under clang; fixed in later LibTorch). So
// the fuzz build compiles agents/neural without network.cc and
// torch_model.cc, and this file stands in for the latter: loading refuses
// with a KibitzError, and nothing else can be reached, because no TorchModel
// is ever made. The nn and ismcts_nn agents on the CPU use CpuMlp, which
// needs no LibTorch, so they are fuzzed in full (fuzz/CMakeLists.txt).
#include "agents/neural/torch_model.h"
#include "env/core/error.h"

namespace kibitz::neural {

struct TorchModel::Impl {};

std::unique_ptr<TorchModel> TorchModel::load(const std::string& path, const Game& /*game*/,
                                             std::string_view device,
                                             const LoadOptions& /*options*/) {
  throw error("cannot load '", path, "' on device ", device,
              ": this fuzz build has no LibTorch (fuzz/torch_model_stub.cc)");
}

TorchModel::TorchModel(std::shared_ptr<PolicyValueNetImpl> /*net*/, std::string_view /*device*/) {
  KIBITZ_CHECK(false, "TorchModel in a build without LibTorch");
}

TorchModel::TorchModel(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {
  KIBITZ_CHECK(false, "TorchModel in a build without LibTorch");
}

TorchModel::~TorchModel() = default;

const NetworkShape& TorchModel::shape() const {
  KIBITZ_CHECK(false, "TorchModel in a build without LibTorch");
}

void TorchModel::evaluate(int /*batch*/, std::span<const float> /*inputs*/,
                          std::span<const float> /*masks*/, std::span<float> /*policy*/,
                          std::span<float> /*values*/) {
  KIBITZ_CHECK(false, "TorchModel in a build without LibTorch");
}

const CheckpointInfo& TorchModel::checkpoint() const {
  KIBITZ_CHECK(false, "TorchModel in a build without LibTorch");
}

std::string TorchModel::device() const {
  KIBITZ_CHECK(false, "TorchModel in a build without LibTorch");
}

}  // namespace kibitz::neural
