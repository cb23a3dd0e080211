// pt.custom_call at run time: the registry of handlers (name -> C function of
// ptensor_ffi.h) and the entry point compiled programs call.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace ptensor {
/// A handler's failure, raised after the program that ran it (code: ptensor_ffi.h's).
struct CustomCallError : std::runtime_error {
  int code;
  CustomCallError(int code, const std::string &m) : std::runtime_error(m), code(code) {}
};

void registerCustomCall(const std::string &name, void *handler);
bool isCustomCallRegistered(const std::string &name);
/// Clears the failure state before a program runs.
void resetCustomCallError();
/// Throws the first failure of the program that just ran, if any (and clears it).
void throwCustomCallError();
/// The built-in handlers: LAPACK kernels of pt.linalg (Lapack.cpp), sort (Sort.cpp).
void registerBuiltinCustomCalls();
void registerSortCustomCall();
/// A sort of n contiguous elements in place, NumPy's PyArray_SortFunc (its default kind,
/// what np.sort runs); start, n, and an unused array pointer (null). src/NumpySort.cpp
/// hands NumPy's own for the 32- and 64-bit dtypes (pt_dtype codes) at import.
using HostSortFn = int (*)(void *start, std::intptr_t n, void *unused);
void setHostSort(int dtype, HostSortFn fn);
void registerScanCustomCall(); ///< cumulative sums, products, maxima, minima (Scan.cpp)
void registerPartitionCustomCall(); ///< order statistics of rows (Select.cpp)
void registerBincountCustomCall(); ///< bincount's counts and weight sums (Bincount.cpp)
void registerDlpackCustomCall(); ///< ptensor.from_dlpack's copy (Dlpack.cpp)
} // namespace ptensor

// ptensor_custom_call, called by compiled code (see runtime/CustomCallAbi.h), is
// declared with the runtime's other entries in runtime/ptensor_runtime.h.
#include "ptensor_runtime.h"
