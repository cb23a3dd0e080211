#include "NumpyValues.h"

#include "Trace.h"

#include <cstring>
#include <map>

namespace py = pybind11;

namespace ptensor {
namespace {
/// Whether the eager path is on: off under MPI (every rank must record the same nodes, so that
/// long chains are cut at the same record everywhere, and local sizes differ between ranks)
/// and while pt.jit traces (a trace replays recorded programs).
bool gEager = true;
/// The largest result (elements) the eager path computes (_eager.py: LIMIT).
int64_t gEagerLimit = 0;
/// NumPy's ufunc of each binary (kind, sub) of binary_fast, given by _eager.py.
std::map<std::pair<int, int>, py::object> *gUfuncs = nullptr;

bool eagerEnabled() { return gEager && gEagerLimit > 0 && !tracing(); }

/// NumPy's type number of a dtype.
int typeNum(const py::dtype &d) { return py::detail::array_descriptor_proxy(d.ptr())->type_num; }

/// The values of a fill (a create node without operands: Python scalars, zeros, full) in a
/// new host buffer.
std::shared_ptr<Buffer> fillValues(const Node &n) {
  auto b = allocateBuffer(n.dtype, n.shape, 0);
  const DTypeInfo &info = dtypeInfo(n.dtype);
  int64_t count = n.size();
  char word[16] = {};
  if (!n.sargs.empty()) {
    const Scalar &s = n.sargs[0];
    auto put = [&](auto v) { std::memcpy(word, &v, sizeof v); };
    switch (n.dtype) {
    case DType::Bool: put(uint8_t(s.isFloat ? s.f != 0 : s.i != 0)); break;
    case DType::Int8: case DType::UInt8: put(int8_t(s.isFloat ? int64_t(s.f) : s.i)); break;
    case DType::Int16: case DType::UInt16: put(int16_t(s.isFloat ? int64_t(s.f) : s.i)); break;
    case DType::Int32: case DType::UInt32: put(int32_t(s.isFloat ? int64_t(s.f) : s.i)); break;
    case DType::Int64: case DType::UInt64: put(s.isFloat ? int64_t(s.f) : s.i); break;
    case DType::Float32: put(float(s.isFloat ? s.f : double(s.i))); break;
    case DType::Float64: put(s.isFloat ? s.f : double(s.i)); break;
    case DType::Complex64:
    case DType::Complex128: {
      double re = s.isFloat ? s.f : double(s.i), im = 0;
      if (n.sargs.size() > 1)
        im = n.sargs[1].isFloat ? n.sargs[1].f : double(n.sargs[1].i);
      if (n.dtype == DType::Complex64) {
        float parts[2] = {float(re), float(im)};
        std::memcpy(word, parts, sizeof parts);
      } else {
        double parts[2] = {re, im};
        std::memcpy(word, parts, sizeof parts);
      }
      break;
    }
    default: break;
    }
  }
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(b->data + i * info.itemsize, word, size_t(info.itemsize));
  return b;
}

/// A host leaf's values, or a fill's (computed, not recorded: the node stays as it is, so a
/// fill used later with a device array is still made there); None for anything else or past
/// `limit` elements (-1: any size).
py::object eagerValue(const std::shared_ptr<Handle> &h, int64_t limit) {
  const Node &n = *h->node;
  if (n.device != 0 || (limit >= 0 && n.size() > limit) || !eagerEnabled())
    return py::none();
  if (n.kind == Kind::Leaf)
    return bufferView(n, false);
  if (n.kind == Kind::Create && n.operands.empty()) {
    Node filled;
    filled.dtype = n.dtype;
    filled.shape = n.shape;
    filled.buf = fillValues(n);
    return bufferView(filled, false);
  }
  return py::none();
}
} // namespace

/// A leaf over a NumPy array's memory, no copy (the array is kept alive). `owned`: the array is
/// a result no one else sees (the eager path's), so ptensor may write it in place as its own.
std::shared_ptr<Handle> fromNumpy(py::array a, int code, bool owned) {
  if (code < 0 || code >= int(DType::Count))
    throw py::value_error("ptensor: unknown dtype code " + std::to_string(code));
  DType d = DType(code);
  int64_t item = dtypeInfo(d).itemsize;
  if (a.itemsize() != item)
    throw py::type_error("ptensor: array itemsize does not match dtype");
  auto n = std::make_shared<Node>();
  n->dtype = d;
  n->shape.assign(a.shape(), a.shape() + a.ndim());
  auto b = std::make_shared<Buffer>();
  b->data = static_cast<char *>(const_cast<void *>(a.data()));
  int64_t expect = 1;
  b->contiguous = true;
  b->strides.resize(a.ndim());
  for (int i = int(a.ndim()) - 1; i >= 0; --i) {
    if (a.strides(i) % item != 0)
      throw py::value_error("ptensor: strides are not a multiple of the itemsize");
    b->strides[i] = a.strides(i) / item;
    if (n->shape[i] != 1 && b->strides[i] != expect)
      b->contiguous = false;
    expect *= n->shape[i];
  }
  py::object keep = a;
  b->release = [keep]() mutable {
    py::gil_scoped_acquire g;
    keep = py::object();
  };
  b->ownedByPtensor = owned;
  n->buf = std::move(b);
  return makeHandle(std::move(n));
}

std::shared_ptr<Handle> eagerResult(py::object r, int code, const std::vector<int64_t> &shape,
                                    bool alias) {
  py::array a = py::isinstance<py::array>(r) ? py::reinterpret_borrow<py::array>(r)
                                              : py::array::ensure(r); // (a scalar: a new 0-d array)
  if (!a || code < 0 || code >= int(DType::Count))
    return nullptr;
  if (a.ndim() != py::ssize_t(shape.size()) ||
      !std::equal(shape.begin(), shape.end(), a.shape()))
    return nullptr;
  const py::dtype &want = npDtype(DType(code));
  if (py::detail::array_descriptor_proxy(py::detail::array_proxy(a.ptr())->descr)->type_num !=
      typeNum(want))
    a = a.attr("astype")(want);
  // NumPy's own result owns its memory; anything else (a view of an operand) is copied, or
  // with `alias` kept as a view: a leaf that is not ptensor's to write, holding the operand's
  // buffer (which is then not written in place while it lives)
  // (base(): a null handle when the array has none)
  bool owns = (!a.base() || a.base().is_none()) && (a.flags() & py::array::c_style) &&
              a.writeable();
  if (!owns && !alias)
    a = a.attr("copy")();
  return fromNumpy(a, code, owns || !alias);
}

std::shared_ptr<Handle> eagerBinary(int kind, int sub, const Handle &a, py::handle b, int code,
                                    bool scalarFirst) {
  const Node &x = *a.node;
  if (x.kind != Kind::Leaf || x.device != 0 || x.size() > gEagerLimit || !gUfuncs ||
      !eagerEnabled())
    return nullptr;
  py::object other;
  if (py::isinstance<Handle>(b)) {
    const Node &y = *b.cast<std::shared_ptr<Handle>>()->node;
    if (y.kind != Kind::Leaf || y.device != 0)
      return nullptr;
    other = bufferView(y, false);
  } else {
    other = py::float_(b.cast<double>());
  }
  auto it = gUfuncs->find({kind, sub});
  if (it == gUfuncs->end())
    return nullptr;
  py::object mine = bufferView(x, false);
  py::object r = scalarFirst ? it->second(other, mine) : it->second(mine, other);
  return eagerResult(r, code, x.shape, false);
}

/// The node of `handle` if its buffer may be written in place: nothing else can see it (no
/// other node, such as a pending program's, a NodeRef or a trace, holds the leaf; no other
/// leaf or NumPy view holds the buffer; NumPy's memory is not the user's: ownedByPtensor),
/// and at most `refs` Python references hold the handle (its Array's, plus the caller's
/// arguments: more means another Array holds it too).
Node *writableLeaf(py::handle handle, int64_t refs) {
  if (!eagerEnabled() || !py::isinstance<Handle>(handle) || Py_REFCNT(handle.ptr()) > refs)
    return nullptr;
  const std::shared_ptr<Node> &n = handle.cast<Handle &>().node;
  if (n->kind != Kind::Leaf || n->device != 0 || !n->buf->ownedByPtensor ||
      !n->buf->contiguous || n.use_count() != 1 || n->buf.use_count() != 1)
    return nullptr;
  return n.get();
}

/// The offset (elements) of the element x[key] of a host leaf x, for a key of exact Python
/// ints, one per dimension; -1 for any other key (Python's indexing takes it). IndexError,
/// with NumPy's message, for an index out of bounds.
int64_t elementOffset(const Node &x, py::handle key) {
  PyObject *k = key.ptr();
  PyObject *const *items = &k;
  Py_ssize_t count = 1;
  if (PyTuple_CheckExact(k)) {
    items = &PyTuple_GET_ITEM(k, 0);
    count = PyTuple_GET_SIZE(k);
  } else if (!PyLong_CheckExact(k)) {
    return -1;
  }
  if (count != Py_ssize_t(x.shape.size()) || count == 0)
    return -1;
  int64_t offset = 0;
  for (Py_ssize_t d = 0; d < count; ++d) {
    if (!PyLong_CheckExact(items[d]))
      return -1;
    int overflow = 0;
    long long i = PyLong_AsLongLongAndOverflow(items[d], &overflow);
    if (overflow)
      return -1;
    int64_t size = x.shape[size_t(d)];
    if (i < -size || i >= size)
      throw py::index_error("index " + std::to_string(i) + " is out of bounds for axis " +
                            std::to_string(d) + " with size " + std::to_string(size));
    offset += (i < 0 ? i + size : i) * x.buf->strides[size_t(d)];
  }
  return offset;
}

/// Stores a Python float, int or bool into an element of dtype d as ptensor's cast of the
/// scalar would (a float into a float array; an int that fits into an integer or float
/// array, through f64 for floats; a bool into a bool array); false for anything else.
bool storeScalar(char *at, DType d, py::handle v) {
  PyObject *o = v.ptr();
  auto put = [&](auto x) { std::memcpy(at, &x, sizeof x); return true; };
  if (PyFloat_CheckExact(o)) {
    double f = PyFloat_AS_DOUBLE(o);
    return d == DType::Float64 ? put(f) : d == DType::Float32 ? put(float(f)) : false;
  }
  if (PyBool_Check(o))
    return d == DType::Bool && put(uint8_t(o == Py_True));
  if (!PyLong_CheckExact(o))
    return false;
  int overflow = 0;
  long long i = PyLong_AsLongLongAndOverflow(o, &overflow);
  if (overflow)
    return false;
  auto in = [&](long long lo, long long hi) { return i >= lo && i <= hi; };
  switch (d) {
  case DType::Float64: return put(double(i));
  case DType::Float32: return put(float(double(i)));
  case DType::Int8: return in(INT8_MIN, INT8_MAX) && put(int8_t(i));
  case DType::Int16: return in(INT16_MIN, INT16_MAX) && put(int16_t(i));
  case DType::Int32: return in(INT32_MIN, INT32_MAX) && put(int32_t(i));
  case DType::Int64: return put(int64_t(i));
  case DType::UInt8: return in(0, UINT8_MAX) && put(uint8_t(i));
  case DType::UInt16: return in(0, UINT16_MAX) && put(uint16_t(i));
  case DType::UInt32: return in(0, UINT32_MAX) && put(uint32_t(i));
  case DType::UInt64: return i >= 0 && put(uint64_t(i));
  default: return false;
  }
}

const py::dtype &npDtype(DType d) {
  static py::dtype *dtypes = [] {
    auto *t = new py::dtype[int(DType::Count)]; // (never destroyed: used until exit)
    for (int i = 0; i < int(DType::Count); ++i)
      t[i] = py::dtype(dtypeInfo(DType(i)).name);
    return t;
  }();
  return dtypes[int(d)];
}

py::array bufferView(const Node &n, bool writable) {
  std::shared_ptr<Buffer> buf = n.buf;
  int64_t item = dtypeInfo(n.dtype).itemsize;
  std::vector<py::ssize_t> strides;
  for (int64_t s : buf->strides)
    strides.push_back(s * item);
  auto *holder = new std::shared_ptr<Buffer>(buf);
  py::capsule base(holder, [](void *p) { delete static_cast<std::shared_ptr<Buffer> *>(p); });
  py::array a(npDtype(n.dtype), std::vector<py::ssize_t>(n.shape.begin(), n.shape.end()), strides,
              buf->data, base);
  if (!writable)
    py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

void bindNumpyValues(py::module_ &m) {
  m.def("eager_value", &eagerValue, py::arg("h"), py::arg("limit"),
        "A host leaf's or a fill's values (read-only), or None (see _eager.py)");
  m.def(
      "eager_leaf_value",
      [](const std::shared_ptr<Handle> &h) -> py::object {
        const Node &n = *h->node;
        if (n.kind != Kind::Leaf || n.device != 0 || !eagerEnabled())
          return py::none();
        return bufferView(n, false);
      },
      py::arg("h"),
      "A host leaf's values (read-only, any size), or None: for reading parts of it; a fill "
      "is not computed here (it may be large)");
  m.def(
      "eager_values",
      [](const std::vector<std::shared_ptr<Handle>> &hs, int64_t limit) -> py::object {
        py::list out;
        for (auto &h : hs) {
          py::object v = eagerValue(h, limit);
          if (v.is_none())
            return v;
          out.append(v);
        }
        return out;
      },
      py::arg("hs"), py::arg("limit"), "eager_value of each, or None if one has none");
  m.def(
      "writable_value",
      [](py::object handle, int64_t refs) -> py::object {
        Node *n = writableLeaf(handle, refs);
        return n ? py::object(bufferView(*n, true)) : py::none();
      },
      py::arg("h"), py::arg("refs"),
      "A writable view of h's buffer if it may be written in place (see writableLeaf), or None");
  m.def(
      "eager_item",
      [](const std::shared_ptr<Handle> &h, py::handle key) -> py::object {
        const Node &x = *h->node;
        if (x.kind != Kind::Leaf || x.device != 0 || !eagerEnabled())
          return py::none();
        int64_t offset = elementOffset(x, key);
        if (offset < 0)
          return py::none();
        auto n = std::make_shared<Node>();
        n->dtype = x.dtype;
        n->buf = allocateBuffer(x.dtype, {}, 0);
        int64_t item = dtypeInfo(x.dtype).itemsize;
        std::memcpy(n->buf->data, x.buf->data + offset * item, size_t(item));
        py::tuple index(x.shape.size()); // the element's index, wrapped
        PyObject *k = key.ptr();
        for (size_t d = 0; d < x.shape.size(); ++d) {
          long long i = PyLong_AsLongLong(PyTuple_CheckExact(k) ? PyTuple_GET_ITEM(k, d) : k);
          index[d] = i < 0 ? i + x.shape[d] : i;
        }
        return py::make_tuple(makeHandle(std::move(n)), index);
      },
      py::arg("h"), py::arg("key"),
      "(a 0-d leaf of x[key]'s value, the index wrapped) for a key of ints, one per "
      "dimension, or None where it does not apply");
  m.def(
      "eager_part",
      [](const std::shared_ptr<Handle> &h, py::handle key, int64_t limit) -> py::object {
        const Node &x = *h->node;
        if (x.kind != Kind::Leaf || x.device != 0 || !eagerEnabled())
          return py::none();
        py::array values = bufferView(x, false);
        PyObject *r = PyObject_GetItem(values.ptr(), key.ptr());
        if (!r) { // (an index NumPy refuses: the recorded path raises ptensor's own error)
          PyErr_Clear();
          return py::none();
        }
        py::array part = py::array::ensure(py::reinterpret_steal<py::object>(r));
        if (!part)
          return py::none();
        if (part.size() > limit) // (a view: copying a large part would cost more than reading it)
          return py::cast(fromNumpy(part, int(x.dtype), false));
        return py::cast(fromNumpy(part.attr("copy")(), int(x.dtype), true));
      },
      py::arg("h"), py::arg("key"), py::arg("limit"),
      "x's values[key] (NumPy's basic indexing) as a new leaf: a copy up to `limit` elements, "
      "a view of x's buffer beyond; None where that does not apply (no values now, an index "
      "NumPy refuses)");
  m.def(
      "eager_set_item",
      [](py::handle handle, py::handle key, py::handle value, int64_t refs) {
        Node *x = writableLeaf(handle, refs);
        if (!x)
          return false;
        int64_t offset = elementOffset(*x, key);
        if (offset < 0)
          return false;
        char *at = x->buf->data + offset * dtypeInfo(x->dtype).itemsize;
        if (!py::isinstance<Handle>(value))
          return storeScalar(at, x->dtype, value);
        const Node &v = *value.cast<Handle &>().node; // a 0-d host leaf of x's dtype
        if (v.kind != Kind::Leaf || v.device != 0 || v.dtype != x->dtype || !v.shape.empty())
          return false;
        std::memcpy(at, v.buf->data, size_t(dtypeInfo(x->dtype).itemsize));
        return true;
      },
      py::arg("h"), py::arg("key"), py::arg("value"), py::arg("refs"),
      "x[key] = value in place for a key of ints and a Python scalar or a 0-d array of x's "
      "dtype, when x may be written in place; false (nothing written) otherwise");
  m.def(
      "eager_result",
      [](py::object r, int code, py::tuple dims, bool alias) -> py::object {
        std::vector<int64_t> shape(dims.size());
        for (size_t i = 0; i < shape.size(); ++i)
          shape[i] = PyLong_AsLongLong(dims[i].ptr());
        auto h = eagerResult(std::move(r), code, shape, alias);
        return h ? py::cast(h) : py::none();
      },
      py::arg("result"), py::arg("dtype"), py::arg("shape"), py::arg("alias") = false,
      "NumPy's result as a leaf of dtype and shape (a copy unless it owns its memory or, with "
      "alias, a view of an operand's buffer), or None if its shape is not `shape`");
  m.def(
      "set_eager",
      [](bool on, int64_t limit, py::dict ufuncs) {
        gEager = on;
        gEagerLimit = limit;
        if (!gUfuncs)
          gUfuncs = new std::map<std::pair<int, int>, py::object>(); // (never destroyed)
        gUfuncs->clear();
        for (auto [k, f] : ufuncs) {
          auto key = k.cast<std::pair<int, int>>();
          (*gUfuncs)[key] = py::reinterpret_borrow<py::object>(f);
        }
      },
      py::arg("on"), py::arg("limit"), py::arg("ufuncs"));
}
} // namespace ptensor
