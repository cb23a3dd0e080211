// The one compilation pipeline (single source of truth): used by the JIT (src/Jit.cpp) and by
// `ptensor-opt --ptensor-pipeline`.
#include "Pipeline/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace ptensor {
/// The pipeline's first stage: PTensor ops lowered to linalg and fused (the loops a program
/// runs, before bufferization); the function's passes continue after it.
static const char *kFusionStage =
    "lower-ptensor,func.func(canonicalize,ptensor-fuse-elementwise,canonicalize";

// The fence after streamed (non-temporal) stores: x86's sfence where the host is x86-64.
#if defined(__x86_64__) || defined(_M_X64)
static const char *const kStreamingFence = " x86=true";
#else
static const char *const kStreamingFence = "";
#endif

static std::string pipelineText(const PipelineOptions &o) {
  // No cse before bufferization: it merges equal tensor.empty inits of one multi-result
  // generic (sibling fusion), and one-shot bufferization then writes both results into one
  // buffer. LLVM's CSE removes the duplicated scalar work later anyway.
  std::string s = std::string(kFusionStage) +
      ",ptensor-dist-overlap),"
      "dist-to-runtime,"
      "func.func(ptensor-reshape-sources,ptensor-separate-results,"
      "ptensor-self-read-temporaries),"
      "eliminate-empty-tensors,"
      "one-shot-bufferize{bufferize-function-boundaries "
      "function-boundary-type-conversion=identity-layout-map},"
      "canonicalize,"
      "buffer-deallocation-pipeline,"
      "func.func(ptensor-early-dealloc),";
  if (o.gpuDevice < 0)
    s += "func.func(ptensor-forward-result-copies),";
  if (o.blas && o.gpuDevice < 0)
    s += "ptensor-matmul-to-blas,";
  s += "convert-bufferization-to-memref,";
  if (o.gpuDevice >= 0)
    // A device program (docs/devices.md): every parallel loop becomes a kernel (blocks of 256
    // work items along its first dimension; the bounds check is inside the kernel), memref
    // indexing is made explicit for the kernels (N-D dynamic memrefs), and the kernels become
    // SPIR-V launched through the GPU runtime. Neighbouring loops fuse into one kernel (a
    // reduction's fill, accumulation and epilogue; the temporary stays in memory: see
    // ptensor-fuse-parallel-loops). A reduction over all axes is a kernel of partial results
    // (ptensor-split-reductions) and a fold of them: on GPUs two small kernels (no wait, no
    // page migration), on CPU devices a host loop (two launches cost more than the wait there);
    // one over leading axes with few kept elements a kernel of partial results over parts of
    // the rows and a kernel folding them (the same pass), else one kernel whose work items each
    // loop over the rows (ptensor-kernel-reduction-order); the rest of the program (sequential
    // loops, the host folds) runs on the host on shared memory. On GPUs the kernels' loops are
    // made 1-D first (ptensor-linear-kernels: neighbouring work items take neighbouring
    // elements of a row; CUDA's grid y limit); CPU devices keep them (there a matmul's kernel
    // is slower collapsed).
    s += "func.func(ptensor-copy-to-loops,convert-linalg-to-parallel-loops,"
         "ptensor-fuse-parallel-loops{contract=false keep-fresh=true},"
         "ptensor-split-reductions{" +
         std::string(o.gpuIsCpu ? "contiguous=true" : "contiguous=false fold-kernels=true") +
         " kept-work=131072},"
         "ptensor-kernel-reduction-order," +
         std::string(o.gpuIsCpu ? "" : "ptensor-linear-kernels,") +
         "scf-parallel-loop-tiling{parallel-loop-tile-sizes=256 no-min-max-bounds=true},"
         "gpu-map-parallel-loops,convert-parallel-loops-to-gpu),"
         "gpu-decompose-memrefs,gpu-kernel-outlining,lower-affine,"
         "ptensor-gpu-to-runtime{device=" + std::to_string(o.gpuDevice) +
         " target=" + o.gpuTarget + "},";
  else
    // Loops on one thread are parallel loops too (scf-to-cf runs them in order): fusion and
    // the loop forms the passes expect are the same. A reduction over all axes is split into
    // partial results over chunks (a parallel loop) when it is large, on any thread count
    // (the same sums whatever the threads).
    s += std::string("func.func(ptensor-copy-to-loops,convert-linalg-to-parallel-loops,"
                     "ptensor-frame-fills,ptensor-fuse-parallel-loops,"
                     "ptensor-split-reductions{rows-outer=true all-axes=false kept-parts=16 "
                     "min-work=65536},"
                     "ptensor-streaming-stores{threshold=" +
         std::to_string(o.streamingBytes) + kStreamingFence + "},ptensor-parallel-outer,"
                     "ptensor-short-reductions,"
                     "ptensor-split-reductions{contiguous=true max-parts=256 min-work=16384}),"
                     "expand-strided-metadata,ptensor-identity-strides,cse,") +
         (o.parallel ? "convert-scf-to-openmp," : "");
  // memref.alloca_scope (made by scf-to-openmp) must be lowered while its body is still one
  // block, so scf-to-cf runs after finalize-memref-to-llvm.
  // complex-to-standard first (Smith's division), then complex-to-llvm for the rest.
  s += "convert-complex-to-standard,"
       "convert-math-to-funcs,"
       "expand-strided-metadata,"
       "ptensor-identity-strides,"
       "lower-affine,"
       "ptensor-arith-expand,"
       "convert-math-to-llvm,"
       "convert-math-to-libm,"
       "convert-vector-to-llvm,"
       "finalize-memref-to-llvm{use-generic-functions=true},"
       "convert-complex-to-llvm,"
       "convert-scf-to-cf,"
       "convert-arith-to-llvm,"
       "convert-index-to-llvm,"
       "convert-cf-to-llvm,";
  if (o.parallel && o.gpuDevice < 0)
    s += "convert-openmp-to-llvm,";
  s += "convert-func-to-llvm,"
       "reconcile-unrealized-casts";
  return s;
}

static void parse(OpPassManager &pm, const std::string &text) {
  std::string err;
  llvm::raw_string_ostream os(err);
  if (failed(parsePassPipeline(text, pm, os)))
    llvm::report_fatal_error(llvm::Twine("ptensor pipeline does not parse: ") + os.str());
}

void buildPipeline(OpPassManager &pm, const PipelineOptions &opts) {
  parse(pm, pipelineText(opts));
}

void buildFusionStage(OpPassManager &pm) { parse(pm, std::string(kFusionStage) + ")"); }
} // namespace ptensor
