// DLPack's ABI as its specification defines it (dmlc/dlpack, dlpack.h 1.0): the structs both
// directions use (import: Dlpack.cpp's from_dlpack custom call; export: src/DlpackExport.cpp)
// and the DLPack type of each ptensor dtype. Written from the specification, not copied.
#pragma once

#include "ptensor_ffi.h"

#include <cstdint>
#include <utility>

namespace ptensor::dlpack {
enum DeviceType : int32_t {
  kCPU = 1, kCUDA = 2, kCUDAHost = 3, kOpenCL = 4, kCUDAManaged = 13, kOneAPI = 14
};
struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};
struct DLDataType {
  uint8_t code; // kDLInt 0, kDLUInt 1, kDLFloat 2, kDLComplex 5, kDLBool 6
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides; // in elements; NULL: row-major
  uint64_t byte_offset;
};
/// The legacy (unversioned) managed tensor: PyCapsule "dltensor".
struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(DLManagedTensor *);
};
struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};
/// DLPack >= 1.0: PyCapsule "dltensor_versioned".
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void *manager_ctx;
  void (*deleter)(DLManagedTensorVersioned *);
  uint64_t flags;
  DLTensor dl_tensor;
};
constexpr uint64_t kFlagReadOnly = 1, kFlagIsCopied = 2;

/// DLPack's (code, bits) of a ptensor dtype (PT_* codes, ptensor_ffi.h).
inline std::pair<int, int> typeOf(int64_t dtype) {
  switch (dtype) {
  case PT_BOOL: return {6, 8};
  case PT_INT8: return {0, 8};
  case PT_INT16: return {0, 16};
  case PT_INT32: return {0, 32};
  case PT_INT64: return {0, 64};
  case PT_UINT8: return {1, 8};
  case PT_UINT16: return {1, 16};
  case PT_UINT32: return {1, 32};
  case PT_UINT64: return {1, 64};
  case PT_FLOAT32: return {2, 32};
  case PT_FLOAT64: return {2, 64};
  case PT_COMPLEX64: return {5, 64};
  default: return {5, 128}; // PT_COMPLEX128
  }
}
} // namespace ptensor::dlpack
