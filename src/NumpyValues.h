// NumPy arrays over ptensor's buffers and back, without copies: what to_numpy and from_numpy
// are made of, and the eager path's side of the core (python/ptensor/_eager.py: a record
// whose operands all have values on the host, with a small result, is computed at once by
// NumPy instead of joining the pending program; these functions give Python those values
// without running a program and take NumPy's results back as leaves).
#pragma once

#include "Program.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace ptensor {
/// NumPy's dtype of a DType (made once: a dtype from its name is a parse).
const pybind11::dtype &npDtype(DType d);
/// A NumPy array over a leaf's buffer, no copy; it holds the buffer while it lives. Read-only
/// unless `writable`.
pybind11::array bufferView(const Node &n, bool writable);
/// A leaf over a NumPy array's memory, no copy (the array is kept alive). `owned`: the array is
/// a result no one else sees (the eager path's), so ptensor may write it in place as its own.
std::shared_ptr<Handle> fromNumpy(pybind11::array a, int code, bool owned);
/// NumPy's result `r` as a leaf of dtype `code` (cast if NumPy's differs; a copy unless it
/// owns its memory or, with `alias`, a view of an operand: a leaf ptensor does not own);
/// nullptr when its shape is not `shape`.
std::shared_ptr<Handle> eagerResult(pybind11::object r, int code,
                                    const std::vector<int64_t> &shape, bool alias);
/// binary_fast's eager path: a (kind, sub) of two host leaves of one shape, or of a host leaf
/// and a Python scalar, of at most the eager limit's elements, computed by NumPy's ufunc;
/// nullptr when it does not apply (the record is made).
std::shared_ptr<Handle> eagerBinary(int kind, int sub, const Handle &a, pybind11::handle b,
                                    int code, bool scalarFirst);
/// Adds eager_value(s), eager_result, writable_value, set_eager to the module.
void bindNumpyValues(pybind11::module_ &m);
} // namespace ptensor
