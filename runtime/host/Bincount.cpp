// numpy.bincount as a built-in custom_call handler ("ptensor.bincount"): the counts (int64)
// or weight sums (float64) of the values 0 .. nbins - 1 of a 1-D int64 array, in one pass
// over it in order, adding each weight to its bin as NumPy does, so weighted sums equal
// NumPy's bit for bit. Arguments: idx (int64, 1-D, any stride), optionally weights (float64,
// idx's length). One result: (nbins,) of int64 without weights, float64 with. A value
// outside [0, nbins) fails the call (the caller checks the range first: NumPy's message).
#include "CustomCall.h"
#include "ptensor_ffi.h"

#include <cstdint>
#include <string>
#include <new>
#include <vector>

namespace ptensor {
namespace {
int32_t outside(const pt_call_frame *f, int64_t v, int64_t nbins) {
  return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                     ("bincount: value " + std::to_string(v) + " is outside [0, " +
                      std::to_string(nbins) + ")").c_str());
}

/// Weight sums: one pass in order (float sums depend on it).
int32_t sumWeights(const pt_call_frame *f) {
  const pt_buffer &idx = f->args[0], &w = f->args[1], &r = f->results[0];
  const int64_t n = idx.shape[0], nbins = r.shape[0];
  const int64_t *in = static_cast<const int64_t *>(idx.data);
  const double *wd = static_cast<const double *>(w.data);
  double *out = static_cast<double *>(r.data);
  for (int64_t b = 0; b < nbins; ++b)
    out[b * r.strides[0]] = 0.0;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t v = in[k * idx.strides[0]];
    if (v < 0 || v >= nbins)
      return outside(f, v, nbins);
    out[v * r.strides[0]] += wd[k * w.strides[0]];
  }
  return PT_FFI_OK;
}

/// Counts: four tables filled from alternate elements, then added (integer sums in any
/// order are exact), so runs of one value do not wait on one counter's last store.
int32_t countValues(const pt_call_frame *f) {
  const pt_buffer &idx = f->args[0], &r = f->results[0];
  const int64_t n = idx.shape[0], nbins = r.shape[0], s = idx.strides[0];
  const int64_t *in = static_cast<const int64_t *>(idx.data);
  std::vector<int64_t> tables(4 * static_cast<size_t>(nbins), 0);
  int64_t *c = tables.data();
  const uint64_t limit = static_cast<uint64_t>(nbins); // (negative values wrap above it)
  int64_t k = 0;
  for (; k + 4 <= n; k += 4) {
    const int64_t a = in[k * s], b = in[(k + 1) * s], d = in[(k + 2) * s], e = in[(k + 3) * s];
    if ((uint64_t(a) >= limit) | (uint64_t(b) >= limit) | (uint64_t(d) >= limit) |
        (uint64_t(e) >= limit))
      break;
    ++c[a];
    ++c[nbins + b];
    ++c[2 * nbins + d];
    ++c[3 * nbins + e];
  }
  for (; k < n; ++k) {
    const int64_t v = in[k * s];
    if (uint64_t(v) >= limit)
      return outside(f, v, nbins);
    ++c[v];
  }
  int64_t *out = static_cast<int64_t *>(r.data);
  for (int64_t b = 0; b < nbins; ++b)
    out[b * r.strides[0]] = c[b] + c[nbins + b] + c[2 * nbins + b] + c[3 * nbins + b];
  return PT_FFI_OK;
}

int32_t bincountHandler(const pt_call_frame *f) {
  const bool weighted = f->num_args == 2;
  if ((f->num_args != 1 && !weighted) || f->num_results != 1 || f->args[0].rank != 1 ||
      f->args[0].dtype != PT_INT64 || f->results[0].rank != 1 ||
      f->results[0].dtype != (weighted ? PT_FLOAT64 : PT_INT64) ||
      (weighted && (f->args[1].rank != 1 || f->args[1].dtype != PT_FLOAT64 ||
                    f->args[1].shape[0] != f->args[0].shape[0])))
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                       "bincount expects a 1-D int64 array, optionally float64 weights of its "
                       "length, and one 1-D result (int64 counts, float64 with weights)");
  try {
    return weighted ? sumWeights(f) : countValues(f);
  } catch (const std::bad_alloc &) {
    return pt_ffi_fail(f, PT_FFI_ERROR, "bincount: out of memory for the count tables");
  }
}
} // namespace

void registerBincountCustomCall() {
  registerCustomCall("ptensor.bincount", reinterpret_cast<void *>(&bincountHandler));
}
} // namespace ptensor
