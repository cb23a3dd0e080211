// DLPack export: see DlpackExport.h. The structs are runtime/host/DlpackAbi.h's.
#include "DlpackExport.h"

#include "host/DlpackAbi.h"

#include <Python.h>

#include <type_traits>

namespace py = pybind11;

namespace ptensor {
namespace {
using namespace dlpack;

/// What a capsule's tensor keeps alive: the buffer, and the shape and strides it points to.
struct Context {
  std::shared_ptr<Buffer> buffer;
  std::vector<int64_t> shape, strides;
};

template <class Managed> void deleteManaged(Managed *m) {
  delete static_cast<Context *>(m->manager_ctx); // (a Buffer's release takes the GIL itself)
  delete m;
}

/// The capsule's destructor: the tensor was never consumed (a consumer renames the capsule
/// "used_..." and calls the deleter itself).
template <class Managed> void capsuleDestructor(PyObject *capsule) {
  const char *name = std::is_same_v<Managed, DLManagedTensor> ? "dltensor" : "dltensor_versioned";
  if (!PyCapsule_IsValid(capsule, name))
    return;
  auto *m = static_cast<Managed *>(PyCapsule_GetPointer(capsule, name));
  if (m && m->deleter)
    m->deleter(m);
}

void fill(DLTensor &t, Context &c, const Node &n, int deviceType, int deviceId) {
  t.data = c.buffer->data;
  t.device = {deviceType, deviceId};
  t.ndim = int32_t(n.shape.size());
  auto [code, bits] = typeOf(int64_t(n.dtype));
  t.dtype = {uint8_t(code), uint8_t(bits), 1};
  t.shape = c.shape.empty() ? nullptr : c.shape.data();
  t.strides = c.strides.empty() ? nullptr : c.strides.data();
  t.byte_offset = 0;
}
} // namespace

py::object dlpackCapsule(const Node &n, int deviceType, int deviceId, bool versioned,
                         bool writable, bool copied) {
  auto capsule = [&](auto *m, const char *name) {
    using Managed = std::remove_pointer_t<decltype(m)>;
    auto *ctx = new Context{n.buf, n.shape, n.buf->strides};
    m->manager_ctx = ctx;
    m->deleter = &deleteManaged<Managed>;
    fill(m->dl_tensor, *ctx, n, deviceType, deviceId);
    PyObject *c = PyCapsule_New(m, name, &capsuleDestructor<Managed>);
    if (!c) {
      deleteManaged(m);
      throw py::error_already_set();
    }
    return py::reinterpret_steal<py::object>(c);
  };
  if (!versioned)
    return capsule(new DLManagedTensor{}, "dltensor");
  auto *m = new DLManagedTensorVersioned{};
  m->version = {1, 0};
  m->flags = (writable ? 0 : kFlagReadOnly) | (copied ? kFlagIsCopied : 0);
  return capsule(m, "dltensor_versioned");
}
} // namespace ptensor
