/* ptensor_runtime.h - the runtime's C ABI: every entry point that compiled programs or
 * Python (ctypes) call, in one place.
 *
 * Who uses this header, and how it stays true:
 *   - runtime/dist.c (libptensor_dist.so, the MPI runtime) and runtime/host/CustomCall.cpp,
 *     runtime/host/MemoryPool.cpp (the host runtime, linked into ptensor._core) include it:
 *     a definition that differs from its declaration here does not compile.
 *   - python/ptensor/_dist.py binds the MPI runtime with ctypes (its table _ABI), and
 *     mlir_passes/Conversion/DistToRuntime.cpp declares the entries it calls in MLIR:
 *     tests/python/test_runtime_abi.py checks both against this header.
 *
 * Conventions: one prototype per declaration (it may wrap), `int64_t` for MLIR's i64 and
 * index, `int` for i32. A team is an MPI communicator's Fortran handle (MPI_Comm_c2f). The
 * compiled-code entries that take arrays take MLIR's unranked memref descriptor
 * (pt_unranked), through MLIR's C interface (`_mlir_ciface_` prefix), one entry per element
 * type (PT_RUNTIME_ELEMENT_TYPES).
 */
#ifndef PTENSOR_RUNTIME_H
#define PTENSOR_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MLIR's unranked memref descriptor: {rank, ranked descriptor*}, the ranked descriptor
 * being {allocated, aligned, offset, sizes[rank], strides[rank]}. */
typedef struct {
  int64_t rank;
  void *desc;
} pt_unranked;

/* ------------------------------------------------------------ host entries (ptensor._core) */

/* Memory of compiled programs (MLIR's memref-to-LLVM allocation hooks, bound by name in the
 * JIT): large buffers come from a pool of 2 MiB-aligned huge pages (src/Program.cpp). */
void *_mlir_memref_to_llvm_alloc(uint64_t bytes);
void *_mlir_memref_to_llvm_aligned_alloc(uint64_t align, uint64_t bytes);
void _mlir_memref_to_llvm_free(void *p);

/* memref.copy between non-contiguous memrefs (MLIR's lowering calls it `memrefCopy`; the JIT
 * binds that name to this): elem_size bytes per element. */
void ptensor_memref_copy(int64_t elem_size, pt_unranked *src, pt_unranked *dst);

/* ptensor.custom_call and the built-in kernels (sort, scan, LAPACK, from_dlpack): config
 * points to the call's static description, buffers to its operands' descriptors
 * (CustomCallAbi.h). */
void ptensor_custom_call(int64_t config, int64_t buffers, int64_t nargs, int64_t nresults);

/* ------------------------------------------------------------ GPU runtime (runtime/gpu) */
/* Devices found at run time through their drivers' libraries (dlopen; runtime/gpu/Driver.h),
 * numbered 0..count-1 in the order of ptensor_gpu_name. A failing call returns NULL or -1 and
 * leaves its message in ptensor_gpu_error() (this thread's; "" when none). Memory is shared
 * with the host and 64-byte aligned; freed buffers are pooled per device (Gpu.cpp). */
int ptensor_gpu_count(void);
const char *ptensor_gpu_name(int dev);
/* The binary its kernels are compiled to: "spirv" or "nvptx:sm_XY" (PTX) */
const char *ptensor_gpu_target(int dev);
/* What the drivers said while looking for devices (a missing library, a skipped device), one
 * line each; "" when nothing */
const char *ptensor_gpu_notes(void);
const char *ptensor_gpu_error(void);
void ptensor_gpu_clear_error(void);
void *ptensor_gpu_alloc(int dev, int64_t bytes);
void ptensor_gpu_free(int dev, void *p);
int ptensor_gpu_copy(int dev, void *dst, const void *src, int64_t bytes);
/* Waits for all work queued on the device */
int ptensor_gpu_sync(int dev);
/* Compiled code and the JIT: waits for the kernels launched on the device since the last wait,
 * if any (cheap when none): before the host touches device memory and at a program's end. A
 * kernel's failure is recorded as ptensor_gpu_error. */
void ptensor_gpu_wait(int64_t dev);
/* Waits that found launched kernels (all devices), for pt.cache_info() */
int64_t ptensor_gpu_waits(void);
/* Kernels launched so far (all devices), for pt.cache_info() */
int64_t ptensor_gpu_launches(void);
/* Compiled code: the host part of a device program is about to run a loop nest (kind 0: work
 * the kernels did not take, e.g. a reduction's accumulation) or a library call (kind 1: sort,
 * LAPACK, FFT, custom calls) over device memory. Counted for pt.cache_info(). */
void ptensor_gpu_host_work(int64_t kind);
/* How many of kind (0 or 1) ran so far (all devices) */
int64_t ptensor_gpu_host_work_count(int64_t kind);
/* Buffers the drivers allocated so far (all devices; freed buffers are kept for reuse by
 * size class, so a loop of same-sized steps allocates nothing after its first) */
int64_t ptensor_gpu_driver_allocations(void);
/* Compiled code (--ptensor-gpu-to-runtime): runs `kernel` of the device binary (SPIR-V, or PTX
 * with its NUL) on a
 * grid of gx*gy*gz blocks of bx*by*bz work items, after the work queued before it on the device
 * (it does not wait for it: ptensor_gpu_wait does). *module_slot caches the
 * loaded module (a zero-initialized word of the program). args[i] holds argument i: a device
 * pointer (arg_bytes[i] == 0) or a scalar in its low arg_bytes[i] bytes. Does nothing after
 * a failure on this thread until ptensor_gpu_clear_error. */
void ptensor_gpu_launch(int64_t dev, int64_t *module_slot, const void *binary, int64_t size,
                        const char *kernel, int64_t gx, int64_t gy, int64_t gz, int64_t bx,
                        int64_t by, int64_t bz, const int64_t *args, const int64_t *arg_bytes,
                        int64_t nargs);
/* ------------------------------------------------------------ MPI runtime (libptensor_dist) */

/* Life cycle and teams (Python) */
int ptensor_dist_init(void);
void ptensor_dist_finalize(void);
int64_t ptensor_dist_world(void);
int ptensor_dist_size(int64_t team);
int ptensor_dist_rank(int64_t team);
void ptensor_dist_barrier(int64_t team);
int64_t ptensor_dist_split(int64_t team, int color, int key);
void ptensor_dist_abort(int64_t team, int code);
void ptensor_dist_stats(int64_t *out);

/* Checking mode (PTENSOR_CHECK_RANKS=1): the signature the ranks compare */
void ptensor_dist_set_signature(int64_t sig);
int ptensor_dist_checking(void);

/* A repartition (Python: ptensor._dist.Move, field for field; runtime/dist.c's Spec): the n
 * items i = 0..n-1 along one axis; item i is source row sa + ss*i of the partition
 * (spb, spo, sL) and target row ta + ts*i of the partition (tpb, tpo, tL); a rank receives
 * the items whose target row lies in its rows widened by hl below and hh above (halos);
 * rows are units of su (source) and tu (target) partition rows. Passed as 15 words. */
typedef struct {
  int64_t n, spb, spo, sL, sa, ss, tpb, tpo, tL, ta, ts, hl, hh, su, tu;
} pt_move_spec;

/* Partition arithmetic (the one implementation; Python asks it); spec: a pt_move_spec */
void ptensor_dist_owned(int64_t P, int64_t r, int64_t pb, int64_t po, int64_t L, int64_t *lo,
                        int64_t *hi);
void ptensor_dist_items(int64_t P, int64_t r, const int64_t *spec, int64_t *out);
int ptensor_dist_needs_exchange(int64_t P, const int64_t *spec);
void ptensor_dist_halo_need(int64_t P, const int64_t *spec, int64_t *out);
void ptensor_dist_counts(int64_t P, int64_t pb, int64_t po, int64_t L, int64_t *out);

/* Collectives on host buffers (Python: data movement outside compiled programs) */
void ptensor_dist_allgatherv(int64_t team, const void *mine, const int64_t *bytes, void *out);
void ptensor_dist_gatherv(int64_t team, const void *mine, const int64_t *bytes, void *out,
                          int root);
void ptensor_dist_bcast(int64_t team, void *data, int64_t bytes, int root);
void ptensor_dist_allreduce_buf(int64_t team, void *data, int64_t count, int64_t code,
                                int64_t kind);
void ptensor_dist_alltoall(int64_t team, const void *send, void *recv, int64_t bytes);
void ptensor_dist_alltoallv(int64_t team, const void *send, const int64_t *scount, void *recv,
                            const int64_t *rcount, int64_t item);
void ptensor_dist_alltoallv_at(int64_t team, const void *send, const int64_t *scount,
                               const int64_t *sdispl, void *recv, const int64_t *rcount,
                               const int64_t *rdispl, int64_t item);
void ptensor_dist_reduce_scatter_buf(int64_t team, const void *send, void *recv, int64_t count,
                                     int64_t code, int64_t kind);
void ptensor_dist_sendrecv(int64_t team, const void *send, int64_t dst, void *recv, int64_t src,
                           int64_t bytes);

/* Compiled code: scalars (--dist-to-runtime) */
int64_t ptensor_dist_block(int64_t team, int64_t n, int64_t end);
int64_t ptensor_dist_gather_rows(int64_t team, int64_t n);
void ptensor_dist_repartition_wait(int64_t handle);

/* Compiled code: the dist ops on arrays, one entry per element type T (--dist-to-runtime).
 * repartition_start returns a handle that ptensor_dist_repartition_wait completes. */
#define PT_RUNTIME_ELEMENT_TYPES(X) X(f64) X(f32) X(i64) X(i32) X(i16) X(i8) X(i1) X(c64) X(c128)
#define PT_RUNTIME_DIST_ENTRIES(T)                                                               \
  int64_t _mlir_ciface_ptensor_dist_repartition_start_##T(                                      \
      int64_t team, pt_unranked *src, pt_unranked *dst, int64_t axis, int64_t n, int64_t spb,   \
      int64_t spo, int64_t sL, int64_t sa, int64_t ss, int64_t tpb, int64_t tpo, int64_t tL,    \
      int64_t ta, int64_t ts, int64_t hl, int64_t hh, int64_t su, int64_t tu,                   \
      int64_t ghostsOnly);                                                                      \
  void _mlir_ciface_ptensor_dist_allreduce_##T(int64_t team, pt_unranked *buf,                 \
                                               int64_t isUnsigned, int64_t kind);               \
  void _mlir_ciface_ptensor_dist_all_gather_##T(int64_t team, pt_unranked *src,                \
                                                pt_unranked *dst, int64_t dim);                 \
  void _mlir_ciface_ptensor_dist_all_to_all_##T(int64_t team, pt_unranked *src,                \
                                                pt_unranked *dst, int64_t split,                \
                                                int64_t concat);                                \
  void _mlir_ciface_ptensor_dist_reduce_scatter_##T(int64_t team, pt_unranked *src,            \
                                                    pt_unranked *dst, int64_t dim,              \
                                                    int64_t isUnsigned, int64_t kind);          \
  void _mlir_ciface_ptensor_dist_permute_##T(int64_t team, pt_unranked *src, pt_unranked *dst, \
                                             int64_t to, int64_t from);                         \
  void _mlir_ciface_ptensor_dist_bcast_##T(int64_t team, pt_unranked *buf, int64_t root);
PT_RUNTIME_ELEMENT_TYPES(PT_RUNTIME_DIST_ENTRIES)

#ifdef __cplusplus
}
#endif

#endif /* PTENSOR_RUNTIME_H */
