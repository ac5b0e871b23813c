// kibitz.KibitzError: bad input (a spec, an action, a file) raises it with
// kibitz's own message. It derives from ValueError, what Python code expects
// of a bad argument. Broken invariants (KIBITZ_CHECK) still abort: they are
// bugs, not input errors, and no state is safe to continue from.
#include <pybind11/pybind11.h>

#include "env/core/error.h"
#include "python/src/bindings.h"

namespace kibitz::python {

void bind_errors(pybind11::module_& m) {
  pybind11::register_exception<KibitzError>(m, "KibitzError", PyExc_ValueError);
  // Shown as kibitz.KibitzError in tracebacks, where users import it from.
  m.attr("KibitzError").attr("__module__") = "kibitz";
}

}  // namespace kibitz::python
