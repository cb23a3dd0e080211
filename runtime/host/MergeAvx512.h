// The AVX-512 merge of two sorted float64 runs (MergeAvx512.cpp) for Sort.cpp's merge_runs.
#pragma once

#include <cstdint>

namespace ptensor {
/// True where the CPU runs AVX-512F (and this build has the merge: x86-64, GCC or Clang).
bool haveAvx512Merge();
/// Elements [k0, k1) of the merge of a and b (each sorted: ascending, or descending, no NaN)
/// into out (which holds the whole merge); equal elements in any order (values only).
void mergeDoublesAvx512(const double *a, int64_t na, const double *b, int64_t nb, double *out,
                        int64_t k0, int64_t k1, bool descending);
} // namespace ptensor
