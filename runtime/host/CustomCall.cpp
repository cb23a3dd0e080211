// pt.custom_call at run time: decodes the call's config and buffer words (the private ABI of
// runtime/CustomCallAbi.h) into ptensor_ffi.h's call frame and calls the handler.
#include "CustomCall.h"

#include "CustomCallAbi.h"
#include "ptensor_ffi.h"

#include <mutex>
#include <unordered_map>
#include <vector>

namespace ptensor {
namespace {
std::mutex gMutex;
std::unordered_map<std::string, pt_ffi_handler> &registry() {
  static std::unordered_map<std::string, pt_ffi_handler> r;
  return r;
}
/// The first failure of the running program; later calls in the same program are skipped.
struct Failure {
  bool failed = false;
  int code = 0;
  std::string message;
} gFailure;

pt_ffi_handler lookup(const std::string &name) {
  std::lock_guard<std::mutex> lock(gMutex);
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : it->second;
}
} // namespace

void registerCustomCall(const std::string &name, void *handler) {
  std::lock_guard<std::mutex> lock(gMutex);
  registry()[name] = reinterpret_cast<pt_ffi_handler>(handler);
}

bool isCustomCallRegistered(const std::string &name) { return lookup(name) != nullptr; }

void resetCustomCallError() { gFailure = Failure(); }

void throwCustomCallError() {
  if (!gFailure.failed)
    return;
  Failure f = std::move(gFailure);
  gFailure = Failure();
  throw CustomCallError(f.code, f.message);
}
} // namespace ptensor

extern "C" void ptensor_custom_call(int64_t config, int64_t buffers, int64_t nargs, int64_t nresults) {
  using namespace ptensor;
  if (gFailure.failed)
    return;
  ffi::ConfigReader r{reinterpret_cast<const int64_t *>(config)};
  r.word(); // kMagic
  int64_t len;
  std::string name = r.str(&len);
  std::vector<pt_attr> attrs(size_t(r.word()));
  for (pt_attr &a : attrs) {
    a.name = r.str(&len);
    a.kind = r.word();
    a.count = r.word();
    switch (a.kind) {
    case PT_ATTR_STRING: a.value.str = r.str(&len); break;
    case PT_ATTR_I64_ARRAY: a.value.i64s = r.p; r.p += a.count; break;
    case PT_ATTR_F64_ARRAY: a.value.f64s = reinterpret_cast<const double *>(r.p); r.p += a.count; break;
    default: a.value.i64 = r.word(); // bool, i64, f64: one word (a union)
    }
  }
  std::vector<pt_buffer> bufs(size_t(nargs + nresults));
  const int64_t *w = reinterpret_cast<const int64_t *>(buffers);
  for (pt_buffer &b : bufs) {
    b.dtype = w[0];
    b.rank = w[1];
    b.data = reinterpret_cast<void *>(w[2]);
    b.shape = w + 3;
    b.strides = w + 3 + b.rank;
    w += 3 + 2 * b.rank;
  }
  char error[1024] = "";
  pt_call_frame f{PT_FFI_API_VERSION, name.c_str(), nargs, bufs.data(), nresults,
                  bufs.data() + nargs, int64_t(attrs.size()), attrs.data(), error, sizeof error};
  int32_t code;
  if (pt_ffi_handler h = lookup(name))
    code = h(&f);
  else
    code = pt_ffi_fail(&f, PT_FFI_ERROR, "no handler is registered under this name");
  if (code != PT_FFI_OK) {
    gFailure.failed = true;
    gFailure.code = code;
    bool builtin = name.rfind("ptensor.", 0) == 0; // pt.linalg's kernels: NumPy's messages
    gFailure.message = builtin && error[0] ? std::string(error)
                       : "custom_call '" + name + "' failed" +
                             (error[0] ? ": " + std::string(error) : " (code " + std::to_string(code) + ")");
  }
}
