// NumPy's sort functions for the runtime's sort (NumpySort.cpp).
#pragma once

namespace ptensor {
/// Hands NumPy's default sort of each 32- and 64-bit dtype to the runtime (GIL held);
/// false where NumPy's C API did not give them (the radix sort then sorts those dtypes).
/// on = false: the radix sort sorts them (the tests run both).
bool useNumpySorts(bool on = true);
} // namespace ptensor
