// The BLAS behind matmuls on the host (--ptensor-matmul-to-blas calls cblas_[sdcz]gemm with
// 32-bit sizes): see Blas.cpp for which one and why.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ptensor {
struct BlasChoice {
  std::string library; ///< what provides it ("" if none: matmuls keep their loops)
  /// Entries the compiled code binds explicitly (name, address): 32-bit CBLAS shims over an
  /// ILP64 library; empty where the library's own cblas_*gemm are found by name.
  std::vector<std::pair<const char *, void *>> symbols;
  void (*setThreads)(int) = nullptr;
  int threads = 1; ///< the library's own thread count when found
};
/// NumPy's OpenBLAS if this process has loaded it, else the first of `libraries` (sonames or
/// paths) that loads and provides CBLAS.
BlasChoice chooseBlas(const std::vector<std::string> &libraries);
/// The library the last chooseBlas chose ("" if none or not chosen yet): diagnostics.
const std::string &blasLibrary();
} // namespace ptensor
