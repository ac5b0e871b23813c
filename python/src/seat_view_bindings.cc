// kibitz.SeatView: everything an agent playing one seat may look at (its
// stream, what is rendered from it, the legal actions, worlds drawn from the
// stream) and nothing more: it gives no way to reach the true state.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <span>
#include <string>

#include "env/core/error.h"
#include "env/core/rng.h"
#include "python/src/bindings.h"
#include "python/src/numpy_arrays.h"
#include "python/src/seat_view.h"
#include "python/src/shared_objects.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

std::shared_ptr<PySeatView> view_of_state(const State& state, Player seat) {
  if (seat < 0 || seat >= state.num_players() || seat != state.current_player()) {
    throw error("a seat view is for the seat to act; seat ", seat, " is not (current player ",
                state.current_player(), ")");
  }
  return std::make_shared<PySeatView>(state, seat);
}

py::array_t<float> view_mask(const PySeatView& v) {
  const SeatView& view = v.get();
  py::array_t<float> out(view.game().num_distinct_actions());
  view.legal_action_mask(std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  return out;
}

py::array_t<float> view_information_state(const PySeatView& v) {
  const SeatView& view = v.get();
  py::array_t<float> out = new_float_array(view.game().information_state_tensor_shape());
  view.information_state_tensor(std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  return out;
}

py::array_t<float> view_observation(const PySeatView& v) {
  const SeatView& view = v.get();
  py::array_t<float> out = new_float_array(view.game().observation_tensor_shape());
  view.observation_tensor(std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  return out;
}

std::vector<BoundObservation> view_stream(const PySeatView& v) {
  const SeatView& view = v.get();
  return bind_stream(view.game().shared(), view.stream());
}

}  // namespace

void bind_seat_view(py::module_& m) {
  py::class_<PySeatView, std::shared_ptr<PySeatView>>(m, "SeatView",
                                                      "What one seat may see: its stream and what follows from it.")
      .def_property_readonly("seat", [](const PySeatView& v) { return v.get().seat(); })
      .def_property_readonly("game", [](const PySeatView& v) { return mutable_game(v.get().game().shared()); })
      .def("move_number", [](const PySeatView& v) { return v.get().move_number(); })
      .def("stream", &view_stream, "The seat's observations, oldest first.")
      .def("stream_json", [](const PySeatView& v) { return stream_json(view_stream(v)); })
      .def("legal_actions", [](const PySeatView& v) { return v.get().legal_actions(); })
      .def("legal_action_mask", &view_mask)
      .def("information_state_string", [](const PySeatView& v) { return v.get().information_state_string(); })
      .def("information_state_tensor", &view_information_state)
      .def("observation_string", [](const PySeatView& v) { return v.get().observation_string(); })
      .def("observation_tensor", &view_observation)
      .def("action_to_string", [](const PySeatView& v, Action a) { return v.get().action_to_string(a); },
           py::arg("action"))
      .def("string_to_action", [](const PySeatView& v, const std::string& text) {
        return v.get().string_to_action(text);
      }, py::arg("text"))
      .def("sample_world", [](const PySeatView& v, Rng& rng) { return share(v.get().sample_world(rng)); },
           py::arg("rng"), "A full state drawn from the worlds this seat cannot tell from the real one.")
      .def("__repr__", [](const PySeatView& v) {
        return "<kibitz.SeatView seat " + std::to_string(v.get().seat()) + " of " + v.get().game().spec() + ">";
      });

  // State.seat_view is defined here, beside the class it returns.
  py::type::of<State>().attr("seat_view") = py::cpp_function(
      &view_of_state, py::is_method(py::type::of<State>()), py::arg("seat"),
      "The view of the seat to act, on a copy of this state: what an agent is given.");
}

}  // namespace kibitz::python
