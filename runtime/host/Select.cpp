// Order statistics as a built-in custom_call handler ("ptensor.partition"): a copy of x whose
// rows (along the last axis) are partitioned so that each position listed in the attribute
// kth holds the element a full sort (NumPy's order: NaN last) puts there, nothing after it
// orders before it and nothing before it after. NaNs are moved to the end of the row, then
// one std::nth_element per kth among the numbers, each on the part right of the previous
// one (a scan where a kth is next to the previous one or the last number): O(n) per kth
// instead of a sort's O(n log n), what numpy.partition's introselect does for median and
// percentile. The other positions'
// order is unspecified (NumPy's is too). Arguments: x (rank >= 1, real dtype). Attribute:
// kth (i64 array, ascending, each in [0, n)). One result: x's shape and dtype.
#include "CustomCall.h"
#include "ElementTypes.h"
#include "ptensor_ffi.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace ptensor {
namespace {
template <typename T>
int32_t partitionRows(const pt_call_frame *f, const int64_t *kth, int64_t count) {
  const pt_buffer &x = f->args[0], &r = f->results[0];
  T *out = static_cast<T *>(r.data);
  const int64_t total = pt_ffi_size(&x), n = x.shape[x.rank - 1];
  if (total == 0)
    return PT_FFI_OK;
  if (isRowMajor(x))
    std::copy_n(static_cast<const T *>(x.data), total, out);
  else
    copyRowMajor(x, out);
  for (T *row = out; row < out + total; row += n) {
    // NaN last: moved behind the numbers first, which are then selected with a plain <
    int64_t numbers = n;
    if constexpr (std::is_floating_point_v<T>)
      numbers = std::partition(row, row + n, [](T v) { return v == v; }) - row;
    int64_t from = 0;
    for (int64_t i = 0; i < count && kth[i] < numbers; ++i) {
      const int64_t k = kth[i];
      if (k == from) // the least of the rest (the upper neighbour of a median): one scan
        std::iter_swap(row + k, std::min_element(row + from, row + numbers));
      else if (k == numbers - 1) // the greatest of the rest
        std::iter_swap(row + k, std::max_element(row + from, row + numbers));
      else
        std::nth_element(row + from, row + k, row + numbers);
      from = k + 1;
    }
  }
  return PT_FFI_OK;
}

int32_t partitionHandler(const pt_call_frame *f) {
  const pt_attr *a = pt_ffi_attr(f, "kth");
  bool ok = f->num_args == 1 && f->num_results == 1 && f->args[0].rank >= 1 &&
            f->results[0].dtype == f->args[0].dtype && f->results[0].rank == f->args[0].rank &&
            a && a->kind == PT_ATTR_I64_ARRAY;
  for (int64_t d = 0; ok && d < f->args[0].rank; ++d)
    ok = f->results[0].shape[d] == f->args[0].shape[d];
  const int64_t n = ok ? f->args[0].shape[f->args[0].rank - 1] : 0;
  for (int64_t i = 0; ok && i < a->count; ++i)
    ok = a->value.i64s[i] >= 0 && a->value.i64s[i] < n && (i == 0 || a->value.i64s[i] > a->value.i64s[i - 1]);
  const int32_t dtype = ok ? f->args[0].dtype : 0;
  if (!ok || dtype == PT_COMPLEX64 || dtype == PT_COMPLEX128)
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                       "partition expects one real array of rank >= 1, a kth attribute of "
                       "ascending positions within its last axis and one result of its shape "
                       "and dtype");
  return byElementType(f, "partition", [&](auto tag) -> int32_t {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_arithmetic_v<T>)
      return partitionRows<T>(f, a->value.i64s, a->count);
    else // (complex: refused above; NumPy's order of complex numbers is not selected here)
      return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "partition: complex arrays are sorted");
  });
}
} // namespace

void registerPartitionCustomCall() {
  registerCustomCall("ptensor.partition", reinterpret_cast<void *>(&partitionHandler));
}
} // namespace ptensor
