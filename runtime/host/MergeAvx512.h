// The AVX-512 merge of two sorted float64 or int64 runs (MergeAvx512.cpp) for Sort.cpp's
// merge_runs.
#pragma once

#include <cstdint>

namespace ptensor {
/// True where the CPU runs AVX-512F (and this build has the merge: x86-64, GCC or Clang).
bool haveAvx512Merge();
/// Elements [k0, k1) of the merge of a and b (each sorted: ascending, or descending; no NaN)
/// into out (which holds the whole merge). Equal elements come in any order: -0.0 and 0.0
/// keep their count, not their runs' order (Sort.cpp's mergePair then rewrites the zeros).
void mergeAvx512(const double *a, int64_t na, const double *b, int64_t nb, double *out,
                 int64_t k0, int64_t k1, bool descending);
void mergeAvx512(const int64_t *a, int64_t na, const int64_t *b, int64_t nb, int64_t *out,
                 int64_t k0, int64_t k1, bool descending);
} // namespace ptensor
