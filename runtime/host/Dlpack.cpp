// ptensor.from_dlpack as a built-in custom_call handler ("ptensor.from_dlpack"): copies the
// host tensor a DLPack DLManagedTensor describes into the call's result, or (attribute
// shape_only) writes its shape into a 1-D i64 result. One operand: a 0-d i64 array holding the
// DLManagedTensor's address. The caller keeps ownership of the tensor (its deleter is not
// called here): the unversioned DLManagedTensor (DlpackAbi.h).
#include "CustomCall.h"
#include "DlpackAbi.h"
#include "ElementTypes.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace ptensor {
namespace {
using namespace dlpack;

int32_t fail(const pt_call_frame *f, const std::string &m) {
  return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, ("from_dlpack: " + m).c_str());
}

int32_t fromDlpack(const pt_call_frame *f) {
  if (f->num_args != 1 || f->num_results != 1 || f->args[0].rank != 0 ||
      f->args[0].dtype != PT_INT64)
    return fail(f, "expects one 0-d int64 operand (the DLManagedTensor's address) and one result");
  const pt_buffer &r = f->results[0];
  int64_t shapeOnly = 0;
  pt_ffi_get_i64(f, "shape_only", &shapeOnly);
  // the program sizes its result from the shape even when this call fails (the failure is
  // raised after the program): zeros, unless the tensor's own sizes are written below
  if (shapeOnly && r.rank == 1 && r.dtype == PT_INT64)
    for (int64_t d = 0; d < r.shape[0]; ++d)
      static_cast<int64_t *>(r.data)[d * r.strides[0]] = 0;
  auto *m = *static_cast<DLManagedTensor *const *>(f->args[0].data);
  if (!m)
    return fail(f, "the DLManagedTensor's address is null");
  const DLTensor &t = m->dl_tensor;
  if (t.device.device_type != kCPU && t.device.device_type != kCUDAHost)
    return fail(f, "the tensor is not in host memory (DLPack device type " +
                       std::to_string(t.device.device_type) + ")");
  if (shapeOnly) {
    if (r.rank != 1 || r.dtype != PT_INT64)
      return fail(f, "the shape result must be 1-D int64");
    if (r.shape[0] != t.ndim)
      return fail(f, "the tensor has " + std::to_string(t.ndim) + " dimensions, the result " +
                         std::to_string(r.shape[0]));
    for (int32_t d = 0; d < t.ndim; ++d)
      static_cast<int64_t *>(r.data)[d * r.strides[0]] = t.shape[d];
    return PT_FFI_OK;
  }
  auto [code, bits] = typeOf(r.dtype);
  if (t.dtype.code != code || t.dtype.bits != bits || t.dtype.lanes != 1)
    return fail(f, "the tensor's dtype (DLPack code " + std::to_string(t.dtype.code) + ", " +
                       std::to_string(t.dtype.bits) + " bits, " + std::to_string(t.dtype.lanes) +
                       " lanes) is not the result's");
  if (t.ndim != r.rank)
    return fail(f, "the tensor has " + std::to_string(t.ndim) + " dimensions, the result " +
                       std::to_string(r.rank));
  int64_t total = 1;
  for (int32_t d = 0; d < t.ndim; ++d) {
    if (t.shape[d] != r.shape[d])
      return fail(f, "dimension " + std::to_string(d) + " of the tensor is " +
                         std::to_string(t.shape[d]) + ", the result's " + std::to_string(r.shape[d]));
    total *= t.shape[d];
  }
  if (total == 0)
    return PT_FFI_OK;
  const size_t item = size_t(bits / 8);
  if (t.byte_offset % item)
    return fail(f, "byte_offset is not a multiple of the element size");
  const char *src = static_cast<const char *>(t.data) + t.byte_offset;
  char *dst = static_cast<char *>(r.data);
  // an odometer over the dimensions, both sides strided (in elements)
  std::vector<int64_t> idx(size_t(t.ndim), 0), rowMajor(size_t(t.ndim), 1);
  for (int32_t d = t.ndim - 2; d >= 0; --d)
    rowMajor[d] = rowMajor[d + 1] * t.shape[d + 1];
  int64_t in = 0, out = 0;
  for (int64_t k = 0; k < total; ++k) {
    std::memcpy(dst + out * int64_t(item), src + in * int64_t(item), item);
    for (int32_t d = t.ndim - 1; d >= 0; --d) {
      int64_t s = t.strides ? t.strides[d] : rowMajor[d];
      in += s;
      out += r.strides[d];
      if (++idx[d] < t.shape[d])
        break;
      in -= s * t.shape[d];
      out -= r.strides[d] * t.shape[d];
      idx[d] = 0;
    }
  }
  return PT_FFI_OK;
}
} // namespace

void registerDlpackCustomCall() {
  registerCustomCall("ptensor.from_dlpack", reinterpret_cast<void *>(&fromDlpack));
}
} // namespace ptensor
