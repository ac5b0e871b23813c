// NumPy arrays over fresh memory or over kibitz's buffers (numpy_arrays.h).
#include "python/src/numpy_arrays.h"

#include <cstring>

namespace py = pybind11;

namespace kibitz::python {

py::array_t<float> new_float_array(const std::vector<int>& shape) {
  std::vector<py::ssize_t> dims(shape.begin(), shape.end());
  py::array_t<float> out(dims);
  std::memset(out.mutable_data(), 0, static_cast<std::size_t>(out.nbytes()));
  return out;
}

namespace {

py::dtype dtype_of(gym::DType type) {
  switch (type) {
    case gym::DType::kFloat32: return py::dtype::of<float>();
    case gym::DType::kInt32: return py::dtype::of<std::int32_t>();
    case gym::DType::kUInt8: return py::dtype::of<std::uint8_t>();
  }
  return py::dtype::of<float>();
}

}  // namespace

py::array alias_buffer(const gym::BufferView& view, py::handle owner) {
  py::dtype dtype = dtype_of(view.dtype);
  std::vector<py::ssize_t> shape;
  std::vector<py::ssize_t> strides;  // NumPy counts strides in bytes
  for (int d = 0; d < view.rank; ++d) {
    shape.push_back(view.shape[static_cast<std::size_t>(d)]);
    strides.push_back(view.strides[static_cast<std::size_t>(d)] * dtype.itemsize());
  }
  // With a base object NumPy neither copies nor frees the memory.
  return py::array(dtype, shape, strides, view.data, owner);
}

}  // namespace kibitz::python
