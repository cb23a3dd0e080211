// Memory of arrays and of compiled programs: aligned allocation, 2 MiB huge pages for large
// buffers, and a bounded pool of freed large buffers reused by size (MemoryPool.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ptensor {
/// `bytes` bytes aligned to `align` (at least 16); 4 MiB and more: 2 MiB aligned, marked for
/// transparent huge pages, from the pool of freed large buffers when one of the same size is
/// there. nullptr when out of memory. Freed with poolFree.
void *poolAlloc(uint64_t align, uint64_t bytes);
/// Frees poolAlloc's memory: large buffers go back to the pool (at most 1 GiB is held).
void poolFree(void *p);

/// Scratch memory of host kernels (the sort's key buffers): 4 MiB and more from the pool of
/// large buffers (huge pages, reused from call to call, like compiled code's temporaries).
/// Freed with scratchFree; nullptr when out of memory.
inline void *scratchAlloc(size_t bytes) { return poolAlloc(64, bytes); }
inline void scratchFree(void *p) { poolFree(p); }

/// The threads host kernels may use (the sort of long rows): the host target sets it to the
/// threads its programs run on (set_num_threads, PTENSOR_NUM_THREADS, or the cores).
int kernelThreads();
void setKernelThreads(int n);

/// The host target's allocation hooks of compiled code (MLIR's memref-to-LLVM generic
/// allocation functions; their C ABI is in runtime/ptensor_runtime.h).
void *jitAlloc(uint64_t bytes);
void *jitAlignedAlloc(uint64_t align, uint64_t bytes);
void jitFree(void *p);
} // namespace ptensor
