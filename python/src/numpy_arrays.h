// NumPy arrays for the module: fresh ones for tensors a call returns, and
// views that alias kibitz's own buffers (VectorEnv's) without a copy.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <vector>

#include "env/gym/vector_env.h"

namespace kibitz::python {

// A new float32 array of `shape` (a game's tensor shape), zeroed.
pybind11::array_t<float> new_float_array(const std::vector<int>& shape);

// An array over `view`'s memory, no copy. `owner` is the Python object that
// owns the memory: the array holds a reference to it (its base), so the
// memory lives at least as long as the array, whatever Python drops first.
pybind11::array alias_buffer(const gym::BufferView& view, pybind11::handle owner);

}  // namespace kibitz::python
