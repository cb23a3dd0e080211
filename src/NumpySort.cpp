// NumPy's own sort functions for the sort custom call (runtime/host/Sort.cpp): the function
// np.sort runs for its default kind (PyArray_ArrFuncs::sort[NPY_QUICKSORT]; on x86 NumPy's
// SIMD quicksort), taken from NumPy's C API once at import, as matmul takes NumPy's OpenBLAS
// (Blas.cpp): one sort in the process, the one NumPy users measure against. The runtime
// calls it without the GIL on chunks of the rows it sorts and merges the chunks itself.
#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#define NPY_TARGET_VERSION NPY_2_0_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

#include "CustomCall.h"
#include "NumpySort.h"
#include "ptensor_ffi.h"

#include <utility>

namespace ptensor {
bool useNumpySorts(bool on) {
  if (!on) {
    for (int pt : {PT_INT32, PT_INT64, PT_UINT32, PT_UINT64, PT_FLOAT32, PT_FLOAT64})
      setHostSort(pt, nullptr);
    return true;
  }
  if (_import_array() < 0) { // (no NumPy C API: the radix sort sorts every dtype)
    PyErr_Clear();
    return false;
  }
  static const std::pair<int, int> kinds[] = {
      {NPY_INT32, PT_INT32},   {NPY_INT64, PT_INT64},     {NPY_UINT32, PT_UINT32},
      {NPY_UINT64, PT_UINT64}, {NPY_FLOAT32, PT_FLOAT32}, {NPY_FLOAT64, PT_FLOAT64}};
  bool all = true;
  for (auto [npy, pt] : kinds) {
    PyArray_Descr *d = PyArray_DescrFromType(npy);
    if (!d) {
      PyErr_Clear();
      all = false;
      continue;
    }
    PyArray_SortFunc *fn = PyDataType_GetArrFuncs(d)->sort[NPY_QUICKSORT];
    Py_DECREF(d);
    all = all && fn;
    if (fn)
      setHostSort(pt, reinterpret_cast<HostSortFn>(fn));
  }
  return all;
}
} // namespace ptensor
