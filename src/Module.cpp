// The pybind11 module ptensor._core: recording nodes, materialization, NumPy exchange.
// Python validates arguments and computes shapes/dtypes; this layer stores them.
#include "CompileLog.h"
#include "CustomCall.h"
#include "DiskCache.h"
#include "DlpackExport.h"
#include "NumpyValues.h"
#include "Backend.h"
#include "Blas.h"
#include "Jit.h"
#include "MemoryPool.h"
#include "NumpySort.h"
#include "Trace.h"
#include "Dist/Dialect.h"
#include "PTensor/Dialect.h"
#include "Pipeline/Passes.h"
#include "ptensor_runtime.h"

#include "llvm/Support/DynamicLibrary.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdio>
#include <unordered_map>

namespace py = pybind11;
using namespace ptensor;

namespace {
Kind kindOf(const std::string &s) {
  static const std::unordered_map<std::string, Kind> kinds = [] { // Kinds.def's names
    std::unordered_map<std::string, Kind> m;
    constexpr int n = 0
#define PT_KIND(E, ...) +1
#include "Kinds.def"
        ;
    for (int i = 0; i < n; ++i)
      if (*kindInfo(Kind(i)).name)
        m.emplace(kindInfo(Kind(i)).name, Kind(i));
    return m;
  }();
  auto it = kinds.find(s);
  if (it == kinds.end())
    throw py::value_error("ptensor: unknown node kind '" + s + "'");
  return it->second;
}

template <typename E>
int32_t subOf(std::optional<E> e, const std::string &kind, const std::string &s) {
  if (!e)
    throw py::value_error("ptensor: unknown " + kind + " operation '" + s + "'");
  return int32_t(*e);
}

int32_t parseSub(Kind k, const std::string &s) {
  switch (kindInfo(k).sub) { // Kinds.def
  case SubEnum::Unary: return subOf(symbolizeUnaryOpKind(s), "unary", s);
  case SubEnum::UnaryTest: return subOf(symbolizeUnaryTestKind(s), "unary test", s);
  case SubEnum::Binary: return subOf(symbolizeBinaryOpKind(s), "binary", s);
  case SubEnum::BinaryTest: return subOf(symbolizeBinaryTestKind(s), "binary test", s);
  case SubEnum::Reduce: return subOf(symbolizeReduceKind(s), "reduction", s);
  case SubEnum::None: return 0;
  }
  return 0;
}

/// Op names per class, from the TableGen enums (Python's one source of op names).
template <typename E, typename F>
py::list names(F stringify, int n) {
  py::list l;
  for (int i = 0; i < n; ++i)
    l.append(std::string(stringify(E(i))));
  return l;
}


DType checkDtype(int code) {
  if (code < 0 || code >= int(DType::Count))
    throw py::value_error("ptensor: unknown dtype code " + std::to_string(code));
  return DType(code);
}

/// h's node, materialized, for reading its values from Python (a traced function that does so
/// cannot be replayed).
const Node &readable(const std::shared_ptr<Handle> &h) {
  traceTaint("it reads an array's values (to_numpy(), NumPy conversion, DLPack, to_device())");
  if (h->node->kind != Kind::Leaf)
    materializeAll(h->node);
  return *h->node;
}

py::array toNumpy(const std::shared_ptr<Handle> &h) { return bufferView(readable(h), false); }

/// h's values in a new array on `device` (h itself when it is there): device memory is
/// shared with the host, so NumPy copies them (strided sources included).
std::shared_ptr<Handle> toDevice(const std::shared_ptr<Handle> &h, int device) {
  if (device < 0 || device >= deviceCount())
    throw py::value_error("ptensor: no device with index " + std::to_string(device));
  if (h->node->device == device)
    return h;
  py::array src = toNumpy(h);
  auto n = std::make_shared<Node>();
  n->device = device;
  n->dtype = h->node->dtype;
  n->shape = h->node->shape;
  n->buf = allocateBuffer(n->dtype, n->shape, device);
  int64_t item = dtypeInfo(n->dtype).itemsize;
  std::vector<py::ssize_t> strides;
  for (int64_t s : n->buf->strides)
    strides.push_back(s * item);
  py::array dst(npDtype(n->dtype), std::vector<py::ssize_t>(n->shape.begin(), n->shape.end()),
                strides, n->buf->data, py::str("")); // a view of the new buffer
  py::module_::import("numpy").attr("copyto")(dst, src);
  return makeHandle(std::move(n));
}

/// A pending computation from no data that was not placed on a device by its caller: a
/// fill, arange, linspace or eye (how Python scalars and index ranges become operands), or a
/// cast, broadcast, reshape, elementwise function or where of such computations (index
/// arithmetic: arange(n) * 2 + 1), a few levels deep. Used with arrays on a device, it is
/// recomputed there (no data moves: "compute follows data", and Python scalars are fine with
/// any device).
bool movable(const Node &n, int depth = 0) {
  if (n.placed || depth > 6)
    return false;
  switch (n.kind) {
  case Kind::Create:
  case Kind::Arange:
  case Kind::Linspace:
  case Kind::Eye:
    return n.operands.empty();
  case Kind::Cast:
  case Kind::Broadcast:
  case Kind::Reshape:
  case Kind::Unary:
  case Kind::UnaryTest:
  case Kind::Binary:
  case Kind::BinaryTest:
  case Kind::Where:
    return !n.operands.empty() &&
           std::all_of(n.operands.begin(), n.operands.end(),
                       [&](const std::shared_ptr<Node> &o) { return movable(*o, depth + 1); });
  default:
    return false;
  }
}

/// The device of new arrays that no caller placed (set_default_device; 0: the CPU).
int32_t gDefaultDevice = 0;

/// The device of a node: its operands' (which must share one, Python scalars aside; `device`,
/// when given (>= 0), must be theirs too), else `device`, else the host CPU (0).
int32_t deviceOf(const std::vector<std::shared_ptr<Handle>> &operands, int device) {
  if (device > 0 && device >= deviceCount())
    throw py::value_error("ptensor: no device with index " + std::to_string(device));
  int32_t d = device >= 0 ? device : operands.empty() ? gDefaultDevice : operands[0]->node->device;
  if (std::all_of(operands.begin(), operands.end(),
                  [&](const std::shared_ptr<Handle> &o) { return o->node->device == d; }))
    return d; // (every record on one device: nothing more to look at)
  if (device < 0)
    for (auto &o : operands)
      if (!movable(*o->node)) {
        d = o->node->device;
        break;
      }
  for (auto &o : operands)
    if (o->node->device != d && !movable(*o->node))
      throw py::value_error("ptensor: operands on different devices (" +
                            backend(o->node->device).name() + ", " + backend(d).name() +
                            "): move them to one device with to_device() first");
  return d;
}

/// An operand's node on device d (a movable computation elsewhere is copied there).
std::shared_ptr<Node> onDevice(const std::shared_ptr<Node> &n, int32_t d) {
  if (n->device == d)
    return n;
  auto c = std::make_shared<Node>(*n);
  c->device = d;
  for (auto &o : c->operands)
    o = onDevice(o, d);
  return c;
}

std::shared_ptr<Handle> recordNode(Kind kind, int32_t sub,
                                   const std::vector<std::shared_ptr<Handle>> &operands, int dtype,
                                   std::vector<int64_t> shape, std::vector<int64_t> attrs,
                                   std::vector<int64_t> iargs, const py::list &sargs, int device) {
  // may materialize: operands are held by Python, so they become results
  notePendingRecord(recordSignature(int(kind), sub, dtype, shape, attrs, iargs));
  auto n = std::make_shared<Node>();
  n->device = deviceOf(operands, device);
  n->placed = device >= 0;
  n->kind = kind;
  n->sub = sub;
  n->dtype = checkDtype(dtype);
  for (int64_t s : shape)
    if (s < 0)
      throw py::value_error("ptensor: negative dimension in shape");
  n->shape = std::move(shape);
  n->operands.reserve(operands.size());
  for (auto &o : operands)
    n->operands.push_back(onDevice(o->node, n->device));
  n->attrs = std::move(attrs);
  n->iargs = std::move(iargs);
  for (py::handle s : sargs) {
    if (py::isinstance<py::float_>(s))
      n->sargs.push_back({true, s.cast<double>(), 0});
    else
      n->sargs.push_back({false, 0.0, s.cast<int64_t>()});
  }
  if (isDist(n->kind))
    pinNode(n); // collectives: every rank runs them, in recording order
  return makeHandle(std::move(n));
}

/// A node of a kind of Kinds.def, by its name.
std::shared_ptr<Handle> record(const std::string &kind, const std::string &sub,
                               const std::vector<std::shared_ptr<Handle>> &operands, int dtype,
                               std::vector<int64_t> shape, std::vector<int64_t> attrs,
                               std::vector<int64_t> iargs, const py::list &sargs, int device) {
  Kind k = kindOf(kind);
  return recordNode(k, parseSub(k, sub), operands, dtype, std::move(shape), std::move(attrs),
                    std::move(iargs), sargs, device);
}

using ResultTypes = std::vector<std::pair<int, std::vector<int64_t>>>; ///< (dtype, shape)

/// The words (dtype, rank, mask of size-1 dims) of a result's type in a node's attrs: the
/// plan sees its shape as size classes (a size other than 1 is any size). `who` names the
/// caller in errors.
void packResultType(std::vector<int64_t> &attrs, int code, const std::vector<int64_t> &shape,
                    const std::string &who) {
  if (shape.size() > 62)
    throw py::value_error(who + ": results may have at most 62 dimensions");
  int64_t ones = 0;
  for (size_t j = 0; j < shape.size(); ++j) {
    if (shape[j] < 0)
      throw py::value_error(who + ": negative dimension in a result shape");
    ones |= shape[j] == 1 ? int64_t(1) << j : 0;
  }
  attrs.insert(attrs.end(), {int64_t(checkDtype(code)), int64_t(shape.size()), ones});
}

/// Result nodes (Kind::CustomCallResult) of a multi-result node: results[i] is its result
/// i + first.
void addResultNodes(std::vector<std::shared_ptr<Handle>> &out, const std::shared_ptr<Node> &of,
                    const ResultTypes &results, int64_t first) {
  for (size_t i = 0; i < results.size(); ++i) {
    auto r = std::make_shared<Node>();
    r->device = of->device;
    r->kind = Kind::CustomCallResult;
    r->dtype = DType(results[i].first);
    r->shape = results[i].second;
    r->operands = {of};
    r->attrs = {int64_t(i) + first};
    out.push_back(makeHandle(std::move(r)));
  }
}

/// An op of the PTensor dialect by name (Kind::Op): `attributes` is its attribute dictionary
/// as MLIR text ("{axis = 0 : i64}"); the op's verifier checks it when the program is built.
/// `more`: the (dtype, shape) of the op's results after the first, each then a result node
/// (Kind::CustomCallResult) of the op's node; the handles of all results are returned.
std::vector<std::shared_ptr<Handle>>
recordOp(const std::string &name, const std::string &attributes,
         const std::vector<std::shared_ptr<Handle>> &operands, int dtype,
         std::vector<int64_t> shape, std::vector<int64_t> iargs, const py::list &sargs,
         const ResultTypes &more) {
  std::vector<int64_t> attrs;
  packString(attrs, name);
  packString(attrs, attributes);
  attrs.push_back(int64_t(more.size()));
  for (auto &[code, s] : more)
    packResultType(attrs, code, s, "record_op");
  std::vector<std::shared_ptr<Handle>> out{recordNode(Kind::Op, 0, operands, dtype,
                                                      std::move(shape), std::move(attrs),
                                                      std::move(iargs), sargs, -1)};
  addResultNodes(out, out[0]->node, more, 1);
  return out;
}

/// The number of a case of an enum of the PTensor dialect (Ops.td): the value of an
/// enum-valued attribute in the text of record_op's attributes.
int enumCase(const std::string &e, const std::string &c) {
  std::optional<int> v;
  auto of = [&](auto sym) {
    if (sym)
      v = int(*sym);
  };
  if (e == "TriangleSide")
    of(symbolizeTriangleSide(c));
  else if (e == "CombineKind")
    of(symbolizeCombineKind(c));
  else if (e == "FindKind")
    of(symbolizeFindKind(c));
  else if (e == "TestKind")
    of(symbolizeTestKind(c));
  else if (e == "ReduceKind")
    of(symbolizeReduceKind(c));
  else
    throw py::value_error("ptensor: no enum named '" + e + "'");
  if (!v)
    throw py::value_error("ptensor: " + e + " has no case '" + c + "'");
  return *v;
}
/// Fast path for the commonest record: a binary op (or comparison) of two arrays of one shape
/// and dtype, or of a float array and a Python scalar (recorded as a create node, as
/// Python's full() would). Python has checked dtypes and shapes already.
std::shared_ptr<Handle> binaryFast(int kind, int sub, const std::shared_ptr<Handle> &a,
                                   py::handle b, int dtype, bool scalarFirst) {
  if (auto h = eagerBinary(kind, sub, *a, b, dtype, scalarFirst))
    return h;
  // may materialize: a (and b) are held by Python, so they become leaves
  notePendingRecord(recordSignature(kind, sub, dtype, a->node->shape));
  std::shared_ptr<Node> other;
  const std::vector<int64_t> &shape = a->node->shape;
  std::shared_ptr<Node> first = a->node;
  if (py::isinstance<Handle>(b)) {
    other = b.cast<std::shared_ptr<Handle>>()->node;
    if (other->device != first->device && movable(*other))
      other = onDevice(other, first->device);
    else if (other->device != first->device && movable(*first))
      first = onDevice(first, other->device);
    if (other->device != first->device)
      throw py::value_error("ptensor: operands on different devices (" +
                            backend(first->device).name() + ", " +
                            backend(other->device).name() +
                            "): move them to one device with to_device() first");
  } else {
    other = std::make_shared<Node>();
    other->device = first->device;
    other->kind = Kind::Create;
    other->dtype = a->node->dtype;
    other->shape = shape;
    other->iargs = shape;
    other->sargs.push_back({true, b.cast<double>(), 0});
  }
  auto n = std::make_shared<Node>();
  n->device = first->device;
  n->kind = Kind(kind); // from op_code(): already validated
  n->sub = sub;
  n->dtype = checkDtype(dtype);
  n->shape = shape;
  n->operands = scalarFirst ? std::vector<std::shared_ptr<Node>>{other, first}
                            : std::vector<std::shared_ptr<Node>>{first, other};
  return makeHandle(std::move(n));
}
/// One custom_call node and its result nodes, recorded together (the results share the call).
std::vector<std::shared_ptr<Handle>>
recordCustomCall(const std::string &name, const std::string &config,
                 const std::vector<std::shared_ptr<Handle>> &operands,
                 const ResultTypes &results, bool sideEffect) {
  if (results.empty())
    throw py::value_error("custom_call: at least one result is required");
  notePendingRecord(std::hash<std::string>()(name));
  auto call = std::make_shared<Node>();
  call->device = deviceOf(operands, -1);
  call->kind = Kind::CustomCall;
  call->dtype = checkDtype(results[0].first);
  call->shape = results[0].second;
  for (auto &o : operands)
    call->operands.push_back(o->node);
  call->attrs = {sideEffect ? 1 : 0, int64_t(results.size())};
  for (auto &[code, shape] : results) {
    packResultType(call->attrs, code, shape, "custom_call");
    for (int64_t d : shape) // the sizes other than 1: index arguments (size classes)
      if (d != 1)
        call->iargs.push_back(d);
  }
  packString(call->attrs, name);
  packString(call->attrs, config);
  std::vector<std::shared_ptr<Handle>> out;
  addResultNodes(out, call, results, 0);
  if (sideEffect)
    pinNode(out[0]->node); // runs with the next program even if its results are dropped
  return out;
}
} // namespace

/// A compile record as pt.compile_log() gives it.
static py::dict recordDict(const CompileRecord &r) {
  py::dict d;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(r.program));
  d["program"] = std::string(hex);
  d["operations"] = r.operations;
  d["inputs"] = r.inputs;
  d["results"] = r.results;
  d["seconds"] = r.seconds;
  d["source"] = r.fromDisk ? "disk" : "compiled";
  d["reason"] = r.reason;
  py::dict stages;
  for (const auto &[name, s] : r.stages)
    stages[py::str(name)] = s;
  d["stages"] = stages;
  return d;
}

/// Python's side of the compile hooks (python/ptensor/_progress.py); never destroyed (programs
/// may compile while the interpreter shuts down: the hooks are cleared first, see atexit there).
static py::object *gProgressFn = nullptr, *gCompiledFn = nullptr;

PYBIND11_MODULE(_core, m) {
  m.doc() = "ptensor C++ core: pending program, PTensor IR, JIT";
  static py::exception<CompileError> compileError(m, "CompileError", PyExc_RuntimeError);
  static py::exception<CustomCallError> customCallError(m, "CustomCallError", PyExc_RuntimeError);
  static py::exception<CustomCallError> linAlgError(m, "LinAlgError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const CompileError &e) {
      py::set_error(compileError, e.what());
    } catch (const Interrupted &e) { // KeyboardInterrupt was raised by the signal handler
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const CustomCallError &e) { // codes of ptensor_ffi.h
      py::set_error(e.code == 2 ? py::handle(PyExc_ValueError)
                    : e.code == 3 ? py::handle(linAlgError) : py::handle(customCallError), e.what());
    }
  });

  py::class_<Handle, std::shared_ptr<Handle>>(m, "Tensor")
      .def_property_readonly("shape", [](const Handle &h) {
        py::tuple t(h.node->shape.size());
        for (size_t i = 0; i < h.node->shape.size(); ++i)
          t[i] = h.node->shape[i];
        return t;
      })
      .def_property_readonly("dtype", [](const Handle &h) { return int(h.node->dtype); })
      .def_property_readonly("device", [](const Handle &h) { return int(h.node->device); })
      .def_property_readonly("is_pending",
                             [](const Handle &h) { return h.node->kind != Kind::Leaf; })
      .def_property_readonly("is_contiguous", [](const Handle &h) { // (pending: true)
        return h.node->kind != Kind::Leaf || h.node->buf->contiguous;
      })
      .def_property_readonly("signature", [](const Handle &h) { // pt.jit's key of an array
        const Node &n = *h.node;
        py::tuple shape(n.shape.size());
        for (size_t i = 0; i < n.shape.size(); ++i)
          shape[i] = n.shape[i];
        bool contiguous = n.kind != Kind::Leaf || n.buf->contiguous;
        return py::make_tuple(int(n.dtype), shape, int(n.device), contiguous);
      });

  // pt.jit (Trace.h)
  py::class_<Trace, std::shared_ptr<Trace>>(m, "Trace")
      .def_property_readonly("stages", [](const Trace &t) { return traceStages(t); });
  m.def("trace_begin", [](const std::vector<std::shared_ptr<Handle>> &args) {
    std::vector<std::shared_ptr<Node>> nodes;
    for (auto &h : args)
      nodes.push_back(h->node);
    beginTrace(nodes);
  });
  m.def("trace_end", [](const std::vector<std::shared_ptr<Handle>> &results) -> py::object {
    std::string why;
    std::shared_ptr<Trace> t = endTrace(results, why);
    if (!t)
      return py::str(why);
    return py::cast(t);
  }, "The trace, or (a str) why the function cannot be replayed");
  m.def("trace_abort", &abortTrace);
  m.def("trace_taint", &traceTaint);
  m.def("trace_write", [](const Handle &h) { traceWrite(*h.node); });
  m.def("tracing", &tracing);
  m.def("trace_replay", &replayTrace);

  m.def("dtypes", [] {
    py::list l;
    for (int i = 0; i < int(DType::Count); ++i) {
      const auto &info = dtypeInfo(DType(i));
      l.append(py::make_tuple(info.name, info.itemsize, std::string(1, info.numpyKind)));
    }
    return l;
  });
  m.def("op_names", [] {
    py::dict d;
    d["unary"] = names<UnaryOpKind>(stringifyUnaryOpKind, int(getMaxEnumValForUnaryOpKind()) + 1);
    d["unary_test"] =
        names<UnaryTestKind>(stringifyUnaryTestKind, int(getMaxEnumValForUnaryTestKind()) + 1);
    d["binary"] =
        names<BinaryOpKind>(stringifyBinaryOpKind, int(getMaxEnumValForBinaryOpKind()) + 1);
    d["binary_test"] =
        names<BinaryTestKind>(stringifyBinaryTestKind, int(getMaxEnumValForBinaryTestKind()) + 1);
    d["reduce"] = names<ReduceKind>(stringifyReduceKind, int(getMaxEnumValForReduceKind()) + 1);
    return d;
  });
  m.def("from_numpy", &fromNumpy, py::arg("array"), py::arg("dtype"), py::arg("owned") = false);
  bindNumpyValues(m);
  m.def("to_numpy", &toNumpy);
  m.def(
      "dlpack_capsule",
      [](const std::shared_ptr<Handle> &h, int deviceType, int deviceId, bool versioned,
         bool writable, bool copied) {
        return dlpackCapsule(readable(h), deviceType, deviceId, versioned, writable, copied);
      },
      py::arg("h"), py::arg("device_type"), py::arg("device_id"), py::arg("versioned"),
      py::arg("writable"), py::arg("copied"));
  m.def("to_device", &toDevice, py::arg("array"), py::arg("device"));
  m.def("set_default_device", [](int device) {
    if (device < 0 || device >= deviceCount())
      throw py::value_error("ptensor: no device with index " + std::to_string(device));
    gDefaultDevice = device;
  });
  m.def("record", &record, py::arg("kind"), py::arg("sub"), py::arg("operands"), py::arg("dtype"),
        py::arg("shape"), py::arg("attrs"), py::arg("iargs"), py::arg("sargs"),
        py::arg("device") = -1);
  // The devices found, by index (their backends, Backend.h): "cpu", then the GPU runtime's.
  m.def("devices", [] {
    std::vector<std::string> names;
    for (int i = 0; i < deviceCount(); ++i)
      names.push_back(backend(i).name());
    return names;
  });
  // What the GPU drivers said while looking for devices (a missing library, ...): one line each.
  m.def("device_notes", [] {
    deviceCount(); // (the devices are looked for once, on first use)
    return std::string(ptensor_gpu_notes());
  });
  m.def("record_op", &recordOp, py::arg("name"), py::arg("attributes"), py::arg("operands"),
        py::arg("dtype"), py::arg("shape"), py::arg("iargs"), py::arg("sargs"),
        py::arg("more") = std::vector<std::pair<int, std::vector<int64_t>>>());
  m.def("enum_case", &enumCase);
  m.def("binary_fast", &binaryFast);
  m.def("op_code", [](const std::string &kind, const std::string &sub) {
    Kind k = kindOf(kind);
    if (k != Kind::Binary && k != Kind::BinaryTest)
      throw py::value_error("ptensor: op_code is for binary ops");
    return std::make_pair(int(k), parseSub(k, sub));
  });
  m.def("sync", [] { materializeAll(); });
  m.def("run_pinned", [] { runPinned(); });
  // A writable NumPy array of `bytes` bytes (uint8) in the host's pool memory (large ones
  // 2 MiB aligned, reused when one of the same size was freed: no page faults), back to the
  // pool when it dies: the receive buffers of the distributed moves (_dist_move._alltoallv).
  m.def("pool_bytes", [](int64_t bytes) {
    if (bytes < 0)
      throw py::value_error("pool_bytes: the size must not be negative");
    void *p = poolAlloc(64, uint64_t(std::max<int64_t>(bytes, 1)));
    if (!p)
      throw std::bad_alloc();
    py::capsule base(p, [](void *q) { poolFree(q); });
    return py::array(py::dtype("uint8"), std::vector<py::ssize_t>{py::ssize_t(bytes)},
                     std::vector<py::ssize_t>{1}, p, base);
  });
  m.def("cache_info", [] {
    const CacheInfo &c = cacheInfo();
    py::dict d;
    d["compiles"] = c.compiles;
    d["hits"] = c.hits;
    d["runs"] = c.runs;
    d["compile_time"] = c.compileSeconds;
    d["disk_hits"] = c.diskHits;
    d["disk_waits"] = c.diskWaits;
    d["donations"] = c.donations;
    d["cache_dir"] = diskcache::directory();
    d["evictions"] = c.evictions;
    d["cached_programs"] = cachedPrograms();
    d["program_cache_size"] = programCacheSize();
    d["gpu_launches"] = ptensor_gpu_launches(); // kernels run on GPU runtime devices
    d["gpu_waits"] = ptensor_gpu_waits(); // times the host waited for launched kernels
    d["gpu_allocations"] = ptensor_gpu_driver_allocations(); // device buffers from drivers
    // what device programs ran on the host over device memory (README "Devices": loop nests
    // the kernels did not take, library calls)
    d["gpu_host_loops"] = ptensor_gpu_host_work_count(0);
    d["gpu_host_calls"] = ptensor_gpu_host_work_count(1);
    return d;
  });
  m.def("blas_library", [] {
    backend(0); // (the host backend chooses it when made)
    return blasLibrary();
  }, "The BLAS library host matmuls call (src/Blas.cpp); '' if none.");
  m.def("cache_clear", [](bool disk) {
    py::dict d;
    d["programs"] = cachedPrograms();
    clearPrograms();
    d["files"] = disk ? diskcache::clear() : int64_t(0);
    return d;
  });
  m.def("explain", [](const std::shared_ptr<Handle> &h) {
    std::vector<std::shared_ptr<Node>> keep;
    py::dict d;
    std::optional<Plan> plan = pendingPlan(h ? h->node : nullptr, keep);
    if (!plan) {
      d["pending"] = false;
      return d;
    }
    Explanation e = explainPlan(*plan);
    d["pending"] = true;
    d["results"] = int64_t(plan->roots.size());
    d["inputs"] = int64_t(plan->leaves.size());
    d["operations"] = e.operations;
    d["loops"] = e.loops;
    d["compiled"] = e.inMemory;
    d["on_disk"] = e.onDisk;
    d["ir"] = e.ir;
    d["fused"] = e.fused;
    return d;
  });
  m.def("compile_log", [] {
    py::list out;
    for (const CompileRecord &r : compileLog())
      out.append(recordDict(r));
    return out;
  });
  m.def("set_program_cache_size", [](int64_t n) {
    try {
      setProgramCacheSize(n);
    } catch (const std::invalid_argument &e) {
      throw py::value_error(e.what());
    }
  });
  m.def("set_num_threads", &setNumThreads);
  InterruptHooks hooks;
  hooks.release = [] { return static_cast<void *>(PyEval_SaveThread()); };
  hooks.restore = [](void *s) { PyEval_RestoreThread(static_cast<PyThreadState *>(s)); };
  hooks.pending = [] { return PyErr_CheckSignals() != 0; };
  hooks.progress = [](double seconds, int64_t operations, int state) {
    if (!gProgressFn || gProgressFn->is_none())
      return;
    PyObject *type, *value, *trace; // a KeyboardInterrupt being raised stays raised
    PyErr_Fetch(&type, &value, &trace);
    try {
      (*gProgressFn)(seconds, operations, state);
    } catch (py::error_already_set &) { // a display that fails is no reason to stop
    }
    PyErr_Restore(type, value, trace);
  };
  setInterruptHooks(hooks);
  setCompileListener([](const CompileRecord &r) {
    if (gCompiledFn && !gCompiledFn->is_none() && PyGILState_Check())
      try {
        (*gCompiledFn)(recordDict(r));
      } catch (py::error_already_set &) {
      }
  });
  // progress(seconds, operations, state) for compiles longer than delay seconds (state 0: still
  // compiling, 1: done, 2: interrupted); compiled(record) after each new program; None: off
  m.def("set_compile_hooks", [](py::object progress, py::object compiled, double delay) {
    if (!gProgressFn) {
      gProgressFn = new py::object();
      gCompiledFn = new py::object();
    }
    *gProgressFn = std::move(progress);
    *gCompiledFn = std::move(compiled);
    interruptHooks().progressDelay = delay;
  });
  // MPI calls stay on the thread that initialized MPI (FUNNELED): no worker thread then
  m.def("run_on_calling_thread", [] { interruptHooks().off = true; });
  // Makes a runtime library's symbols (libptensor_dist) visible to compiled programs.
  m.def("load_library", [](const std::string &path) {
    std::string err;
    if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(path.c_str(), &err))
      throw py::value_error("ptensor: cannot load " + path + ": " + err);
  });
  // ptensor-opt inside this process (the console script of self-contained builds); argv[0] first
  m.def("opt_main", [](std::vector<std::string> args) {
    std::vector<char *> argv;
    for (std::string &a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    py::gil_scoped_release unlocked;
    return optMain(int(args.size()), argv.data());
  });
  m.def("set_pending_limit", &setPendingLimit);
  m.def("cut_chains_at_limit", &cutChainsAtLimit);
  m.def("begin_counted_as", &beginCountedAs);
  m.def("end_counted_as", &endCountedAs);
  py::class_<NodeRef, std::shared_ptr<NodeRef>>(m, "NodeRef");
  m.def("node_ref", [](const std::shared_ptr<Handle> &h) { return std::make_shared<NodeRef>(NodeRef{h->node}); });
  m.def("from_node_ref", [](const NodeRef &r) { return makeHandle(r.node); });
  m.def("program_epoch", &programEpoch);
  // The creation recorded in h (arange, create, linspace, eye; still pending), recorded again
  // for a team: the same global sizes and values in, this rank's `rows` of axis 0 out (the
  // compiled program computes its block, see --lower-ptensor). None for other nodes.
  m.def("for_team", [](const std::shared_ptr<Handle> &h, int64_t team, int64_t rows) -> py::object {
    const Node &g = *h->node;
    int at = teamAttrIndex(g.kind);
    if (at < 0 || g.shape.empty() || int(g.attrs.size()) != at) // not a creation, or has a team
      return py::none();
    if (rows < 0 || rows > g.shape[0])
      throw py::value_error("ptensor: a block of " + std::to_string(rows) + " rows of " +
                            std::to_string(g.shape[0]));
    auto n = std::make_shared<Node>();
    n->kind = g.kind;
    n->sub = g.sub;
    n->dtype = g.dtype;
    n->shape = g.shape;
    n->shape[0] = rows;
    n->attrs = g.attrs;
    n->attrs.push_back(team);
    n->iargs = g.iargs;
    n->sargs = g.sargs;
    n->device = g.device; // (a rank's block lives where the whole would have)
    n->placed = g.placed;
    // may materialize pending nodes (g among them): n is a copy
    notePendingRecord(
        recordSignature(int(n->kind), n->sub, int(n->dtype), n->shape, n->attrs, n->iargs));
    return py::cast(makeHandle(std::move(n)));
  });
  m.def("record_custom_call", &recordCustomCall, py::arg("name"), py::arg("config"),
        py::arg("operands"), py::arg("results"), py::arg("has_side_effect"));
  m.def("register_custom_call", [](const std::string &name, uintptr_t address) {
    if (!address)
      throw py::value_error("custom_call: the handler of '" + name + "' is a null pointer");
    registerCustomCall(name, reinterpret_cast<void *>(address));
  });
  m.def("is_custom_call_registered", &isCustomCallRegistered);
  m.def("use_numpy_sort", &useNumpySorts, py::arg("on"),
        "sorts of 32/64-bit values through NumPy's own sort (true, the default) or the radix "
        "sort (tests); false if NumPy's C API did not give its sorts");
  registerBuiltinCustomCalls();
  useNumpySorts();
}
