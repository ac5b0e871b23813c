// Network checkpoints from Python, without LibTorch: the checkpoint format
// (agents/neural/checkpoint.h) is named float arrays with a text header, so
// a network trained with PyTorch (or anything) is saved as the C++ `nn`
// agent loads it. kibitz.PolicyValueNet reads one back and evaluates it
// with the C++ agents' own CPU code (agents/neural/cpu_mlp.h), which checks
// the file exactly as `nn(model=...)` does.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "agents/neural/checkpoint.h"
#include "agents/neural/cpu_mlp.h"
#include "agents/neural/policy_value.h"
#include "env/core/error.h"
#include "python/src/bindings.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

using FloatArray = py::array_t<float, py::array::c_style | py::array::forcecast>;

std::vector<neural::NamedTensor> named_tensors(const std::vector<std::pair<std::string, FloatArray>>& arrays) {
  std::vector<neural::NamedTensor> out;
  for (const auto& [name, array] : arrays) {
    neural::NamedTensor tensor;
    tensor.name = name;
    for (py::ssize_t d = 0; d < array.ndim(); ++d) tensor.sizes.push_back(array.shape(d));
    tensor.values.assign(array.data(), array.data() + array.size());
    out.push_back(std::move(tensor));
  }
  return out;
}

// Checks the tensors against the network the game and trunk call for (by
// building the C++ evaluator from them) before writing anything.
void write_checkpoint(const std::string& path, std::shared_ptr<Game> game, std::vector<int> hidden,
                      const std::vector<std::pair<std::string, FloatArray>>& arrays, std::int64_t training_step) {
  const neural::NetworkShape shape = neural::network_shape_for(*game, std::move(hidden));
  neural::CheckpointFile file;
  file.info = neural::make_checkpoint_info(*game, shape, training_step);
  file.tensors = named_tensors(arrays);
  neural::CpuMlp check(shape, file.tensors);
  neural::write_checkpoint(path, file);
}

py::dict read_checkpoint(const std::string& path) {
  const neural::CheckpointFile file = neural::read_checkpoint(path);
  py::dict out;
  out["game_name"] = file.info.game_name;
  out["game_spec"] = file.info.game_spec;
  out["encoder_version"] = file.info.encoder_version;
  out["input_size"] = file.info.shape.input_size;
  out["num_actions"] = file.info.shape.num_actions;
  out["num_players"] = file.info.shape.num_players;
  out["hidden"] = file.info.shape.hidden;
  out["value_min"] = file.info.shape.value_min;
  out["value_max"] = file.info.shape.value_max;
  out["training_step"] = file.info.training_step;
  py::list tensors;
  for (const neural::NamedTensor& t : file.tensors) {
    std::vector<py::ssize_t> sizes(t.sizes.begin(), t.sizes.end());
    py::array_t<float> values(sizes);
    std::copy(t.values.begin(), t.values.end(), values.mutable_data());
    tensors.append(py::make_tuple(t.name, values));
  }
  out["tensors"] = tensors;
  return out;
}

// evaluate(inputs [B, input_size], masks [B, num_actions]) -> (policy, values):
// the masked softmax and the values in relative seat order (index 0 = the
// seat whose tensor the row is), as the nn agent reads them.
py::tuple evaluate(neural::CpuMlp& net, const FloatArray& inputs, const FloatArray& masks) {
  const neural::NetworkShape& shape = net.shape();
  if (inputs.ndim() != 2 || inputs.shape(1) != shape.input_size) {
    throw error("inputs must have shape (batch, ", shape.input_size, ")");
  }
  const auto batch = static_cast<int>(inputs.shape(0));
  if (masks.ndim() != 2 || masks.shape(0) != batch || masks.shape(1) != shape.num_actions) {
    throw error("masks must have shape (", batch, ", ", shape.num_actions, ")");
  }
  py::array_t<float> policy(std::vector<py::ssize_t>{batch, shape.num_actions});
  py::array_t<float> values(std::vector<py::ssize_t>{batch, shape.num_players});
  net.evaluate(batch, std::span<const float>(inputs.data(), static_cast<std::size_t>(inputs.size())),
               std::span<const float>(masks.data(), static_cast<std::size_t>(masks.size())),
               std::span<float>(policy.mutable_data(), static_cast<std::size_t>(policy.size())),
               std::span<float>(values.mutable_data(), static_cast<std::size_t>(values.size())));
  return py::make_tuple(policy, values);
}

}  // namespace

void bind_checkpoints(py::module_& m) {
  m.def("write_checkpoint", &write_checkpoint, py::arg("path"), py::arg("game"), py::arg("hidden"),
        py::arg("tensors"), py::arg("training_step") = 0,
        "Writes a policy-value MLP for `game` in kibitz's checkpoint format. `tensors` is a list of "
        "(name, float32 array): trunk.0.weight, trunk.0.bias, ..., policy.weight, policy.bias, "
        "value.weight, value.bias, weights [out, in]. KibitzError names a tensor that does not fit.");
  m.def("read_checkpoint", &read_checkpoint, py::arg("path"), "A checkpoint's metadata and tensors.");
  py::class_<neural::CpuMlp>(m, "PolicyValueNet", "A checkpoint evaluated by the nn agent's CPU code.")
      .def_static("load", [](const std::string& path, std::shared_ptr<Game> game, bool allow_other_params) {
        neural::LoadOptions options;
        options.allow_other_params = allow_other_params;
        return neural::CpuMlp::load(path, *game, options);
      }, py::arg("path"), py::arg("game"), py::arg("allow_other_params") = false)
      .def("evaluate", &evaluate, py::arg("inputs"), py::arg("masks"))
      .def_property_readonly("hidden", [](const neural::CpuMlp& net) { return net.shape().hidden; })
      .def_property_readonly("shape", [](const neural::CpuMlp& net) { return net.shape().to_string(); });
}

}  // namespace kibitz::python
