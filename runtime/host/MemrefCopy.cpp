// memref.copy of compiled programs that the pipeline leaves as a call (MLIR's memref-to-LLVM
// lowering calls `memrefCopy` for copies between non-contiguous memrefs). Bound by that name
// in the JIT (src/HostBackend.cpp), so no MLIR runner library has to be loaded.
#include "ptensor_runtime.h"

#include <cstring>
#include <vector>

// (exported from _core for tests/python/test_runtime_abi.py, which calls it through ctypes)
extern "C" __attribute__((visibility("default"))) void
ptensor_memref_copy(int64_t elemSize, pt_unranked *src, pt_unranked *dst) {
  const int64_t rank = src->rank;
  // the ranked descriptors: {allocated, aligned, offset, sizes[rank], strides[rank]}
  const auto *s = static_cast<const int64_t *>(src->desc);
  const auto *d = static_cast<const int64_t *>(dst->desc);
  const char *from = reinterpret_cast<const char *>(s[1]) + s[2] * elemSize;
  char *to = reinterpret_cast<char *>(d[1]) + d[2] * elemSize;
  const int64_t *sizes = s + 3, *fromStrides = s + 3 + rank, *toStrides = d + 3 + rank;
  int64_t count = 1;
  bool contiguous = true; // both row-major dense
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && (fromStrides[i] != count || toStrides[i] != count))
      contiguous = false;
    count *= sizes[i];
  }
  if (count == 0)
    return;
  if (contiguous) {
    std::memmove(to, from, size_t(count * elemSize));
    return;
  }
  // rows of the innermost axis; the outer axes counted like an odometer
  const int64_t inner = sizes[rank - 1], fromStep = fromStrides[rank - 1] * elemSize,
                toStep = toStrides[rank - 1] * elemSize;
  std::vector<int64_t> index(size_t(rank), 0);
  for (;;) {
    int64_t fromOffset = 0, toOffset = 0;
    for (int64_t i = 0; i + 1 < rank; ++i) {
      fromOffset += index[i] * fromStrides[i];
      toOffset += index[i] * toStrides[i];
    }
    const char *a = from + fromOffset * elemSize;
    char *b = to + toOffset * elemSize;
    if (fromStep == elemSize && toStep == elemSize)
      std::memmove(b, a, size_t(inner * elemSize));
    else
      for (int64_t j = 0; j < inner; ++j)
        std::memmove(b + j * toStep, a + j * fromStep, size_t(elemSize));
    int64_t k = rank - 2;
    for (; k >= 0; --k) {
      if (++index[k] < sizes[k])
        break;
      index[k] = 0;
    }
    if (k < 0)
      return;
  }
}
