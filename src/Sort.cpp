// sort / argsort as a built-in custom_call handler ("ptensor.sort"): a stable sort of each
// row (last axis) of the operand. Results: the sorted values and the int64 source indices.
// Ascending puts NaN last; descending is the reverse of the ascending sort of the reversed
// row (NaN first, equal elements in their original order) - the order ptensor's sort had
// before it became native, which NumPy users get with np.flip(np.sort(np.flip(x))).
// Complex numbers sort in NumPy's lexicographic order (real part, then imaginary part; NaN
// parts last: R+Rj < R+nanj < nan+Rj < nan+nanj).
#include "CustomCall.h"

#include "ptensor_ffi.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <utility>
#include <vector>

namespace ptensor {
namespace {
template <typename T>
bool isNan(T v) {
  if constexpr (std::is_floating_point_v<T>)
    return std::isnan(v);
  else
    return false;
}

/// a < b with NaN last (NumPy's order for sorting).
template <typename T>
bool before(T a, T b) {
  return a < b || (!isNan(a) && isNan(b));
}
template <typename T>
bool before(std::complex<T> a, std::complex<T> b) { // NumPy's npysort CLT
  T ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  if (ar < br)
    return ai == ai || bi != bi;
  if (ar > br)
    return bi != bi && ai == ai;
  if (ar == br || (ar != ar && br != br))
    return ai < bi || (bi != bi && ai == ai);
  return br != br;
}

template <typename T>
int32_t sortRows(const pt_call_frame *f, bool descending) {
  const pt_buffer &x = f->args[0];
  int64_t r = x.rank, n = x.shape[r - 1], s = x.strides[r - 1];
  int64_t rows = n ? pt_ffi_size(&x) / n : 0;
  T *vals = static_cast<T *>(f->results[0].data);
  int64_t *idx = static_cast<int64_t *>(f->results[1].data);
  std::vector<std::pair<T, int64_t>> row(static_cast<size_t>(n));
  std::vector<int64_t> at(size_t(std::max<int64_t>(r - 1, 0)), 0); // row multi-index
  auto asc = [](const std::pair<T, int64_t> &a, const std::pair<T, int64_t> &b) {
    return before(a.first, b.first);
  };
  auto desc = [](const std::pair<T, int64_t> &a, const std::pair<T, int64_t> &b) {
    return before(b.first, a.first);
  };
  for (int64_t k = 0; k < rows; ++k) {
    int64_t off = 0;
    for (int64_t d = 0; d + 1 < r; ++d)
      off += at[size_t(d)] * x.strides[d];
    const T *src = static_cast<const T *>(x.data) + off;
    for (int64_t i = 0; i < n; ++i)
      row[size_t(i)] = {src[i * s], i};
    if (descending)
      std::stable_sort(row.begin(), row.end(), desc);
    else
      std::stable_sort(row.begin(), row.end(), asc);
    for (int64_t i = 0; i < n; ++i) {
      vals[k * n + i] = row[size_t(i)].first;
      idx[k * n + i] = row[size_t(i)].second;
    }
    for (int64_t d = r - 2; d >= 0; --d) { // next row
      if (++at[size_t(d)] < x.shape[d])
        break;
      at[size_t(d)] = 0;
    }
  }
  return PT_FFI_OK;
}

int32_t sortHandler(const pt_call_frame *f) {
  if (f->num_args != 1 || f->num_results != 2 || f->args[0].rank < 1)
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "sort expects one array of rank >= 1");
  int64_t descending = 0;
  pt_ffi_get_i64(f, "descending", &descending);
  bool d = descending != 0;
  switch (f->args[0].dtype) {
  case PT_BOOL: return sortRows<uint8_t>(f, d);
  case PT_INT8: return sortRows<int8_t>(f, d);
  case PT_INT16: return sortRows<int16_t>(f, d);
  case PT_INT32: return sortRows<int32_t>(f, d);
  case PT_INT64: return sortRows<int64_t>(f, d);
  case PT_UINT8: return sortRows<uint8_t>(f, d);
  case PT_UINT16: return sortRows<uint16_t>(f, d);
  case PT_UINT32: return sortRows<uint32_t>(f, d);
  case PT_UINT64: return sortRows<uint64_t>(f, d);
  case PT_FLOAT32: return sortRows<float>(f, d);
  case PT_FLOAT64: return sortRows<double>(f, d);
  case PT_COMPLEX64: return sortRows<std::complex<float>>(f, d);
  case PT_COMPLEX128: return sortRows<std::complex<double>>(f, d);
  default: return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "sort: unknown dtype");
  }
}
} // namespace

void registerSortCustomCall() { registerCustomCall("ptensor.sort", reinterpret_cast<void *>(&sortHandler)); }
} // namespace ptensor
